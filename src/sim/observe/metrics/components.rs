//! Connected components of points linked within a radius (the `flocks` metric).

use glam::Vec2;

use super::grid::{cell_index, cells_along};
use crate::sim::run::grid::cell_starts;

/// The root of `i` in a union-find forest, halving the path on the way.
fn root(parent: &mut [u32], mut i: usize) -> usize {
    while let Some(&p) = parent.get(i)
        && p as usize != i
    {
        let grand = parent.get(p as usize).copied().unwrap_or(p);
        parent[i] = grand;
        i = grand as usize;
    }
    i
}

/// Joins the trees of `i` and `j` (the lower root becomes the root); whether they were apart.
fn join(parent: &mut [u32], i: usize, j: usize) -> bool {
    let (ri, rj) = (root(parent, i), root(parent, j));
    if ri == rj {
        return false;
    }
    // Both roots are slots, below `parent.len()`, which fits a `u32`.
    #[allow(clippy::cast_possible_truncation)]
    {
        parent[ri.max(rj)] = ri.min(rj) as u32;
    }
    true
}

/// What a count keeps for the next, so as not to allocate (and have the pages of large buffers
/// handed back and faulted in again) on every count.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    finite: Vec<Vec2>,
    cells: Cells,
    cell_of: Vec<usize>,
    fill: Vec<u32>,
    parent: Vec<u32>,
}

/// The points bucketed in square cells, in cell order, with each cell's bounding box.
#[derive(Clone, Debug, Default)]
struct Cells {
    /// `starts[c]..starts[c + 1]` are the slots of cell `c`.
    starts: Vec<u32>,
    /// By slot: the point's coordinates.
    x: Vec<f32>,
    y: Vec<f32>,
    /// By cell: the least and greatest x and y of its points (empty: infinite, inverted).
    low: Vec<Vec2>,
    high: Vec<Vec2>,
}

/// Square cells over the points' bounding box.
#[derive(Clone, Copy, Debug)]
struct CellGrid {
    /// The box's lower corner, the first cell's.
    min: Vec2,
    /// A cell's side.
    cell: f32,
    /// Cells along x.
    columns: usize,
    /// Cells along y.
    rows: usize,
}

impl CellGrid {
    /// The grid over `points` (finite, at least one) for linking those within `radius`, and
    /// whether any two points of one cell are within it.
    fn over(points: &[Vec2], radius: f32) -> (Self, bool) {
        let (min, max) = points.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(lo, hi), &p| (lo.min(p), hi.max(p)),
        );
        let span = (max - min).max(Vec2::ZERO);
        // At most 4,096 cells a side: a sparse crowd over a huge world gets bigger cells (whose
        // points are then linked pair by pair). Otherwise the largest side whose diagonal is within
        // the radius after rounding, so that a cell's points are surely linked.
        let mut cell = radius / std::f32::consts::SQRT_2;
        for _ in 0..4 {
            if cell * std::f32::consts::SQRT_2 <= radius {
                break;
            }
            cell = f32::from_bits(cell.to_bits() - 1);
        }
        let cell = cell.max(span.x / 4096.0).max(span.y / 4096.0);
        // Whether any two points of one cell are within `radius` of each other.
        let whole = cell * std::f32::consts::SQRT_2 <= radius;
        let columns = cells_along(span.x.max(cell), cell) + 1;
        let rows = cells_along(span.y.max(cell), cell) + 1;
        let grid = Self {
            min,
            cell,
            columns,
            rows,
        };
        (grid, whole)
    }
}

impl Cells {
    /// `points` (finite) in the cells of `grid`, in these cells' buffers (`cell_of` and
    /// `fill` are scratch).
    fn fill(
        &mut self,
        points: &[Vec2],
        grid: CellGrid,
        cell_of: &mut Vec<usize>,
        fill: &mut Vec<u32>,
    ) {
        let CellGrid {
            min,
            cell,
            columns,
            rows,
        } = grid;
        cell_of.clear();
        cell_of.extend(points.iter().map(|&p| {
            let q = p - min;
            cell_index(q.y, cell, rows) * columns + cell_index(q.x, cell, columns)
        }));
        let cells = columns * rows;
        cell_starts(cell_of.iter().copied(), cells, &mut self.starts);
        fill.clone_from(&self.starts);
        let Self {
            x, y, low, high, ..
        } = self;
        // Every slot is written below; every cell's box starts empty.
        x.resize(points.len(), 0.0);
        y.resize(points.len(), 0.0);
        low.clear();
        low.resize(cells, Vec2::splat(f32::INFINITY));
        high.clear();
        high.resize(cells, Vec2::splat(f32::NEG_INFINITY));
        for (&p, &c) in points.iter().zip(cell_of.iter()) {
            let k = fill[c] as usize;
            fill[c] += 1;
            x[k] = p.x;
            y[k] = p.y;
            low[c] = low[c].min(p);
            high[c] = high[c].max(p);
        }
    }

    fn slots(&self, c: usize) -> std::ops::Range<usize> {
        self.starts[c] as usize..self.starts[c + 1] as usize
    }

    /// The squared distance between the bounding boxes of cells `c` and `d`.
    fn gap2(&self, c: usize, d: usize) -> f32 {
        let gap = (self.low[d] - self.high[c])
            .max(self.low[c] - self.high[d])
            .max(Vec2::ZERO);
        gap.length_squared()
    }
}

/// The number of connected components of `points` where two points closer than `radius`
/// (and `radius > 0`) are linked. A point that is not finite links to nothing.
///
/// Points are bucketed in square cells of side `radius / √2` (larger only over a huge extent),
/// the grid form of density clustering: two points in one such cell are always linked, so each
/// cell starts as one tree, and two cells are joined as soon as one pair across them is close
/// enough (cells up to two apart can hold such a pair; cells whose points' bounding boxes are
/// farther apart than `radius` are not looked into). A dense clump costs about one check per
/// neighbouring cell, not one per pair.
#[must_use]
pub fn components(points: &[Vec2], radius: f32) -> usize {
    components_in(points, radius, &mut Scratch::default())
}

/// [`components`], in the buffers of `scratch`.
pub(super) fn components_in(points: &[Vec2], radius: f32, scratch: &mut Scratch) -> usize {
    let n = points.len();
    if radius <= 0.0 || !radius.is_finite() {
        return n;
    }
    let mut finite = std::mem::take(&mut scratch.finite);
    finite.clear();
    finite.extend(points.iter().copied().filter(|p| p.is_finite()));
    let count = (n - finite.len()) + components_of_finite(&finite, radius, scratch);
    scratch.finite = finite;
    count
}

/// [`components`] of finite points, `radius` positive and finite.
fn components_of_finite(points: &[Vec2], radius: f32, scratch: &mut Scratch) -> usize {
    let n = points.len();
    if n == 0 {
        return 0;
    }
    let (grid, whole) = CellGrid::over(points, radius);
    let (columns, rows) = (grid.columns, grid.rows);
    let Scratch {
        cells: kept,
        cell_of,
        fill,
        parent,
        ..
    } = scratch;
    kept.fill(points, grid, cell_of, fill);
    let cells = &*kept;
    // Boxes farther apart than this hold no linked pair (a margin past rounding).
    let r2 = radius * radius * 1.001;
    let sure = r2.is_finite();
    let close = |i: usize, j: usize| {
        let (dx, dy) = (cells.x[i] - cells.x[j], cells.y[i] - cells.y[j]);
        let d2 = dx * dx + dy * dy;
        // The square root only near the edge (the definition is `|p − q| ≤ radius`), or where
        // the squares overflow.
        d2 <= r2 && ((sure && d2 * 1.002 <= r2) || d2.sqrt() <= radius)
    };
    // By slot; a whole cell starts as one tree rooted at its first slot.
    parent.clear();
    for c in 0..columns * rows {
        let slots = cells.slots(c);
        let first = u32::try_from(slots.start).unwrap_or(u32::MAX);
        parent.extend(slots.map(|k| {
            if whole {
                first
            } else {
                u32::try_from(k).unwrap_or(u32::MAX)
            }
        }));
    }
    for c in 0..columns * rows {
        let here = cells.slots(c);
        if here.is_empty() {
            continue;
        }
        if !whole {
            for i in here.clone() {
                for j in i + 1..here.end {
                    if close(i, j) {
                        join(parent, i, j);
                    }
                }
            }
        }
        // With the cells after it, up to two away.
        let (cx, cy) = (c % columns, c / columns);
        let mut mine = root(parent, here.start);
        for y in cy..=(cy + 2).min(rows - 1) {
            for x in cx.saturating_sub(2)..=(cx + 2).min(columns - 1) {
                let d = y * columns + x;
                let there = cells.slots(d);
                if d <= c || there.is_empty() {
                    continue;
                }
                if whole && mine == root(parent, there.start) {
                    continue;
                }
                if cells.gap2(c, d) > r2 {
                    continue;
                }
                'pairs: for i in here.clone() {
                    // Past the other cell's box: no pair with it.
                    let p = Vec2::new(cells.x[i], cells.y[i]);
                    let out = (cells.low[d] - p).max(p - cells.high[d]).max(Vec2::ZERO);
                    if out.length_squared() > r2 {
                        continue;
                    }
                    for j in there.clone() {
                        if close(i, j) && join(parent, i, j) && whole {
                            mine = root(parent, here.start);
                            break 'pairs;
                        }
                    }
                }
            }
        }
    }
    let count = (0..n).filter(|&i| root(parent, i) == i).count();
    // A sparse crowd over a huge world can take up to 4,096² cells: their buffers are not kept
    // past the count (a recorder lives as long as its run, the editor's as long as the editor).
    if columns * rows > 4 * n + 4096 {
        *kept = Cells::default();
        *fill = Vec::new();
    }
    count
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::{Scratch, components, components_in};

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]
        /// Counts one after another in the same buffers (crowds larger and smaller than the one
        /// before, spread, squeezed and along a line, radii from far below the cells the grid
        /// can have over the crowd, where a cell's points are linked pair by pair, to far above,
        /// some points not finite) are each the count of a fresh start: nothing of one count is
        /// left to the next.
        #[test]
        fn counts_in_kept_buffers_are_fresh_counts(
            crowds in proptest::collection::vec(
                (
                    proptest::collection::vec((-300.0_f32..300.0, -300.0_f32..300.0), 0..150),
                    // The tiny radii along a line only: over a plane they take 4,096² cells.
                    prop_oneof![
                        (Just(Vec2::ONE), prop_oneof![1.0_f32..10.0, 10.0_f32..200.0]),
                        (Just(Vec2::splat(0.05)), 1.0_f32..200.0),
                        (Just(Vec2::new(1.0, 0.0)), prop_oneof![0.01_f32..0.2, 1.0_f32..200.0]),
                    ],
                    any::<bool>(),
                ),
                2..6,
            ),
        ) {
            let mut scratch = Scratch::default();
            for (points, (squeeze, radius), with_nan) in crowds {
                let mut points: Vec<Vec2> =
                    points.into_iter().map(|(x, y)| Vec2::new(x, y) * squeeze).collect();
                if with_nan {
                    points.push(Vec2::NAN);
                }
                prop_assert_eq!(
                    components_in(&points, radius, &mut scratch),
                    components(&points, radius)
                );
            }
        }
    }
}
