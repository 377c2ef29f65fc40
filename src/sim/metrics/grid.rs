//! The spatial hashing the metrics need: contact pairs within a reach, and connected components
//! of points linked within a radius.

use glam::Vec2;

use crate::sim::World;

/// A uniform hash of the agents by position, rebuilt each tick, for the contact pairs.
#[derive(Clone, Debug, Default)]
pub(super) struct Contacts {
    cell: f32,
    columns: usize,
    rows: usize,
    /// Agent indices sorted by cell.
    order: Vec<u32>,
    /// `starts[c]..starts[c + 1]` indexes `order` for cell `c`.
    starts: Vec<u32>,
    /// Each agent's body radius, by index.
    radii: Vec<f32>,
}

impl Contacts {
    pub(super) fn build(&mut self, world: &World, reach: f32) {
        let size = world.spec().size;
        let agents = world.agents();
        // Cells no smaller than the contact reach, and no more than about sixteen per agent.
        let floor = (size.x * size.y / (16.0 * agents.len().max(1) as f32)).sqrt();
        self.radii.clear();
        self.radii.extend(agents.iter().map(|a| {
            world
                .spec()
                .groups
                .get(usize::from(a.group))
                .map_or(0.0, |g| g.radius)
        }));
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
        self.order.clear();
        self.order.resize(agents.len(), 0);
        for (i, &c) in cell_of.iter().enumerate() {
            self.order[fill[c] as usize] = u32::try_from(i).unwrap_or(u32::MAX);
            fill[c] += 1;
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

    /// Calls `visit(other, gap)` for the agents after `me` (by index) whose bodies come within
    /// a cell's width of agent `me`'s, with the gap between the two bodies (negative when they
    /// overlap): every close pair once.
    pub(super) fn for_each_near(
        &self,
        world: &World,
        me: usize,
        mut visit: impl FnMut(usize, f32),
    ) {
        let agents = world.agents();
        let here = agents[me].position;
        let mine = self.radii[me];
        let (cx, cy) = self.coords(here);
        for row in cy.saturating_sub(1)..=(cy + 1).min(self.rows - 1) {
            for column in cx.saturating_sub(1)..=(cx + 1).min(self.columns - 1) {
                let c = row * self.columns + column;
                for &other in &self.order[self.starts[c] as usize..self.starts[c + 1] as usize] {
                    let other = other as usize;
                    if other <= me {
                        continue;
                    }
                    let gap = here.distance(agents[other].position) - mine - self.radii[other];
                    if gap <= self.cell {
                        visit(other, gap);
                    }
                }
            }
        }
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
    let k = (x / cell).floor();
    if k.is_nan() {
        return 0;
    }
    // Clamped in f32 first, so the cast is of a whole number in 0..cells.
    k.clamp(0.0, (cells - 1) as f32) as usize
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
