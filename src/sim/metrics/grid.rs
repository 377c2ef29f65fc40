//! The spatial hashing the metrics need: contact pairs within a reach, and connected components
//! of points linked within a radius.

use std::ops::Range;

use glam::Vec2;

use crate::sim::World;

/// A uniform hash of the agents by position, rebuilt each tick, for the contact pairs: each
/// agent's position, body radius and index in cell order, one array per field, so a scan over
/// a run of cells reads memory in order.
#[derive(Clone, Debug, Default)]
pub(super) struct Contacts {
    cell: f32,
    columns: usize,
    rows: usize,
    /// `starts[c]..starts[c + 1]` are the slots of cell `c`.
    starts: Vec<u32>,
    /// By slot (cell order, index order within a cell): position, body radius, agent index.
    x: Vec<f32>,
    y: Vec<f32>,
    radius: Vec<f32>,
    index: Vec<u32>,
    group: Vec<u16>,
}

impl Contacts {
    pub(super) fn build(&mut self, world: &World, reach: f32) {
        let size = world.spec().size;
        let agents = world.agents();
        // Cells no smaller than the contact reach, and no more than about sixteen per agent.
        let floor = (size.x * size.y / (16.0 * agents.len().max(1) as f32)).sqrt();
        self.cell = reach.max(floor).max(1.0);
        self.columns = cells_along(size.x, self.cell);
        self.rows = cells_along(size.y, self.cell);
        let cells = self.columns * self.rows;
        let cell_of: Vec<usize> = agents.iter().map(|a| self.cell_of(a.position)).collect();
        self.starts.clear();
        self.starts.resize(cells + 1, 0);
        for &c in &cell_of {
            self.starts[c + 1] += 1;
        }
        for c in 0..cells {
            self.starts[c + 1] += self.starts[c];
        }
        let mut fill = self.starts.clone();
        let n = agents.len();
        for v in [&mut self.x, &mut self.y, &mut self.radius] {
            v.resize(n, 0.0);
        }
        self.index.resize(n, 0);
        self.group.resize(n, 0);
        let groups = &world.spec().groups;
        for (i, (a, &c)) in agents.iter().zip(&cell_of).enumerate() {
            let k = fill[c] as usize;
            fill[c] += 1;
            self.x[k] = a.position.x;
            self.y[k] = a.position.y;
            self.radius[k] = groups.get(usize::from(a.group)).map_or(0.0, |g| g.radius);
            self.index[k] = u32::try_from(i).unwrap_or(u32::MAX);
            self.group[k] = a.group;
        }
    }

    fn coords(&self, p: Vec2) -> (usize, usize) {
        (
            cell_index(p.x, self.cell, self.columns),
            cell_index(p.y, self.cell, self.rows),
        )
    }

    fn cell_of(&self, p: Vec2) -> usize {
        let (x, y) = self.coords(p);
        y * self.columns + x
    }

    /// The agent at each of `slots` (cell order), in order.
    pub(super) fn agents_at(&self, slots: Range<usize>) -> &[u32] {
        self.index.get(slots).unwrap_or_default()
    }

    /// The close pairs of the agents at `slots` (cell order): each agent with those after it
    /// in its cell and those of the cells east, south-west, south and south-east of its own,
    /// so that over all the slots every pair of neighbouring cells is seen once.
    ///
    /// `nearest[lo * groups + hi]` keeps the least squared distance of the pairs whose
    /// lower-index agent is of group `lo` and the other of group `hi` (the gap of a pair,
    /// `|p_i − p_j| − r_i − r_j` with the lower index's radius first, never decreases as its
    /// squared distance grows, so the least gap follows from it with one square root). Each
    /// overlapping pair (gap below 0) is passed to `overlap([i, j], [group of i, of j])`: only
    /// pairs nearly touching need a square root.
    // Textbook names: cell row and column, slot k, coordinates x, y, groups g, h.
    #[allow(clippy::many_single_char_names)]
    pub(super) fn scan_pairs(
        &self,
        slots: Range<usize>,
        groups: usize,
        nearest: &mut [f32],
        mut overlap: impl FnMut([usize; 2], [usize; 2]),
    ) {
        let start = |c: usize| self.starts.get(c).map_or(0, |&s| s as usize);
        for k in slots {
            let (Some(&x), Some(&y), Some(&mine), Some(&me), Some(&g)) = (
                self.x.get(k),
                self.y.get(k),
                self.radius.get(k),
                self.index.get(k),
                self.group.get(k),
            ) else {
                continue;
            };
            let (cx, cy) = self.coords(Vec2::new(x, y));
            let c = cy * self.columns + cx;
            // The rest of its cell and the cell east of it, then the three cells below.
            let east = if cx + 1 < self.columns { c + 2 } else { c + 1 };
            let mut ranges = [k + 1..start(east), 0..0];
            if cy + 1 < self.rows {
                let below = (cy + 1) * self.columns;
                ranges[1] = start(below + cx.saturating_sub(1))
                    ..start(below + (cx + 1).min(self.columns - 1) + 1);
            }
            for range in ranges {
                let (Some(ox), Some(oy), Some(or), Some(oi), Some(og)) = (
                    self.x.get(range.clone()),
                    self.y.get(range.clone()),
                    self.radius.get(range.clone()),
                    self.index.get(range.clone()),
                    self.group.get(range),
                ) else {
                    continue;
                };
                let others = ox.iter().zip(oy).zip(or).zip(oi).zip(og);
                for ((((&ox, &oy), &theirs), &other), &h) in others {
                    let (dx, dy) = (x - ox, y - oy);
                    let d2 = dx * dx + dy * dy;
                    let (g, h) = (usize::from(g), usize::from(h));
                    let (lo, hi) = if me < other { (g, h) } else { (h, g) };
                    if let Some(least) = nearest.get_mut(lo * groups + hi)
                        && d2 < *least
                    {
                        *least = d2;
                    }
                    // Touching needs `|p_i − p_j| < r_i + r_j`: a square root only for pairs
                    // that near (by a margin no rounding reaches).
                    let touch = mine + theirs;
                    if d2 <= touch * touch * 1.001 {
                        let (first, second) = if me < other {
                            (mine, theirs)
                        } else {
                            (theirs, mine)
                        };
                        if d2.sqrt() - first - second < 0.0 {
                            overlap([me as usize, other as usize], [g, h]);
                        }
                    }
                }
            }
        }
    }

    /// The contact reach: pairs whose gap is within it count for the least separation.
    pub(super) fn reach(&self) -> f32 {
        self.cell
    }
}

/// The root of `i` in a union-find forest, halving the path on the way.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// How many cells of `cell` cover `length`: 1 to 4,096.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn cells_along(length: f32, cell: f32) -> usize {
    // Clamped in f32 first, so the cast is of a whole number in 1..=4096.
    (length / cell).ceil().clamp(1.0, 4096.0) as usize
}

/// The cell of coordinate `x` among `cells` cells of `cell` (outside: the nearest edge cell).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn cell_index(x: f32, cell: f32, cells: usize) -> usize {
    // `as` truncates toward zero and saturates (NaN and negatives to 0): for the non-negative
    // values that matter it is the floor, without a call to `floorf`.
    ((x / cell) as usize).min(cells - 1)
}

/// The number of connected components of `points` where two points closer than `radius`
/// (and `radius > 0`) are linked.
///
/// Points are bucketed in square cells of side `radius / √2` (larger only over a huge extent),
/// the grid form of density clustering: two points in one such cell are always linked, so each
/// cell is joined whole, and two cells are joined as soon as one pair across them is close
/// enough (cells up to two apart can hold such a pair). A dense clump costs about one check per
/// neighbouring cell, not one per pair.
#[must_use]
pub fn components(points: &[Vec2], radius: f32) -> usize {
    let n = points.len();
    if n == 0 {
        return 0;
    }
    if radius <= 0.0 || !radius.is_finite() {
        return n;
    }
    let finite = || points.iter().filter(|p| p.is_finite());
    let min = finite().fold(Vec2::splat(f32::INFINITY), |m, p| m.min(*p));
    let max = finite().fold(Vec2::splat(f32::NEG_INFINITY), |m, p| m.max(*p));
    let span = (max - min).max(Vec2::ZERO);
    // At most 4,096 cells a side: a sparse crowd over a huge world gets bigger cells.
    let cell = (radius / std::f32::consts::SQRT_2)
        .max(span.x / 4096.0)
        .max(span.y / 4096.0);
    // Whether any two points of one cell are within `radius` of each other.
    let whole = cell * std::f32::consts::SQRT_2 <= radius;
    let columns = cells_along(span.x.max(cell), cell) + 1;
    let rows = cells_along(span.y.max(cell), cell) + 1;
    let coords = |p: Vec2| {
        let q = if p.is_finite() { p - min } else { Vec2::ZERO };
        (cell_index(q.x, cell, columns), cell_index(q.y, cell, rows))
    };
    let mut starts = vec![0_usize; columns * rows + 1];
    let cell_of: Vec<usize> = points
        .iter()
        .map(|&p| {
            let (x, y) = coords(p);
            y * columns + x
        })
        .collect();
    for &c in &cell_of {
        starts[c + 1] += 1;
    }
    for c in 0..columns * rows {
        starts[c + 1] += starts[c];
    }
    let mut fill = starts.clone();
    let mut order = vec![0_usize; n];
    for (i, &c) in cell_of.iter().enumerate() {
        order[fill[c]] = i;
        fill[c] += 1;
    }
    let mut parent: Vec<usize> = (0..n).collect();
    let join = |parent: &mut [usize], i: usize, j: usize| {
        let (ri, rj) = (root(parent, i), root(parent, j));
        if ri != rj {
            parent[ri.max(rj)] = ri.min(rj);
        }
    };
    let members = |c: usize| &order[starts[c]..starts[c + 1]];
    let close = |i: usize, j: usize| points[i].distance(points[j]) <= radius;
    // The non-empty cells, in order.
    let mut occupied: Vec<usize> = cell_of.clone();
    occupied.sort_unstable();
    occupied.dedup();
    for c in occupied {
        let here = members(c);
        let Some(&first) = here.first() else {
            continue;
        };
        // Within the cell.
        for (k, &i) in here.iter().enumerate() {
            if whole {
                join(&mut parent, first, i);
            } else {
                for &j in &here[k + 1..] {
                    if close(i, j) {
                        join(&mut parent, i, j);
                    }
                }
            }
        }
        // With the cells after it, up to two away.
        let (cx, cy) = (c % columns, c / columns);
        for y in cy..=(cy + 2).min(rows - 1) {
            for x in cx.saturating_sub(2)..=(cx + 2).min(columns - 1) {
                let d = y * columns + x;
                if d <= c {
                    continue;
                }
                let there = members(d);
                let Some(&other) = there.first() else {
                    continue;
                };
                if whole && root(&mut parent, first) == root(&mut parent, other) {
                    continue;
                }
                'pairs: for &i in here {
                    for &j in there {
                        if close(i, j) {
                            join(&mut parent, i, j);
                            if whole {
                                break 'pairs;
                            }
                        }
                    }
                }
            }
        }
    }
    (0..n).filter(|&i| root(&mut parent, i) == i).count()
}
