//! A uniform grid over the world (a spatial hash with one cell per square), rebuilt every tick,
//! for neighbour queries in O(N · k) instead of the naive O(N²) scan.
//!
//! Agents outside the world (open bounds) are kept in the border cells, so none is ever
//! missed; the caller's distance test filters. The grid keeps its own copy of each agent's
//! position, velocity, group and index in cell order, one array per field (structure of
//! arrays), so a query reads each field sequentially and four candidates at a time fit one SIMD
//! register (see `sim::run::neighbors`).
//!
//! A query visits candidates in a fixed order (cells row by row, agents by index within a
//! cell) that depends only on the positions, never on threads: sums over neighbours are the
//! same bits however the force pass is split.

mod build;

use std::ops::Range;

use glam::Vec2;

use crate::sim::steer::agent::Agent;

/// One candidate neighbour, as the grid stores it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// Index in the world's agent list.
    pub index: u32,
    /// Group index.
    pub group: u16,
    /// Position at the start of the tick.
    pub position: Vec2,
    /// Velocity at the start of the tick.
    pub velocity: Vec2,
}

/// The agents of one tick in cell order, one array per field. `index` and `group` are also
/// kept as `f32` (exact: both are far below 2^24) so SIMD lanes can compare them.
#[derive(Clone, Debug, Default)]
pub struct Columns {
    /// Positions, x.
    pub x: Vec<f32>,
    /// Positions, y.
    pub y: Vec<f32>,
    /// Velocities, x.
    pub vx: Vec<f32>,
    /// Velocities, y.
    pub vy: Vec<f32>,
    /// Group index, as `f32`.
    pub group: Vec<f32>,
    /// Index in the world's agent list, as `f32`.
    pub index: Vec<f32>,
}

/// A rectangle of cells, columns `c0..=c1` and rows `r0..=r1` (empty when `c0 > c1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellBox {
    c0: usize,
    c1: usize,
    r0: usize,
    r1: usize,
}

impl CellBox {
    /// Columns `c0..=c1`, rows `r0..=r1`.
    #[must_use]
    pub fn new(c0: usize, c1: usize, r0: usize, r1: usize) -> Self {
        Self { c0, c1, r0, r1 }
    }

    /// Its first and last column and row: `(c0, c1, r0, r1)`.
    #[must_use]
    pub fn bounds(&self) -> (usize, usize, usize, usize) {
        (self.c0, self.c1, self.r0, self.r1)
    }

    /// How many cells it spans.
    #[must_use]
    pub fn cells(&self) -> usize {
        if self.c0 > self.c1 || self.r0 > self.r1 {
            0
        } else {
            (self.c1 - self.c0 + 1) * (self.r1 - self.r0 + 1)
        }
    }

    /// No cell.
    pub const EMPTY: Self = Self {
        c0: usize::MAX,
        c1: 0,
        r0: usize::MAX,
        r1: 0,
    };

    /// Whether it has no cell.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.c0 > self.c1 || self.r0 > self.r1
    }

    /// The smallest box holding both.
    #[must_use]
    pub fn union(self, other: Self) -> Self {
        if self.is_empty() {
            return other;
        }
        if other.is_empty() {
            return self;
        }
        Self {
            c0: self.c0.min(other.c0),
            c1: self.c1.max(other.c1),
            r0: self.r0.min(other.r0),
            r1: self.r1.max(other.r1),
        }
    }

    /// Whether `wider` (a box holding this one) adds at most one column and one row.
    #[must_use]
    pub fn close_to(self, wider: Self) -> bool {
        let span = |a: usize, b: usize| b.saturating_sub(a);
        span(wider.c0, wider.c1) <= span(self.c0, self.c1) + 1
            && span(wider.r0, wider.r1) <= span(self.r0, self.r1) + 1
    }
}

/// The grid of one tick.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    cell_size: f32,
    cols: usize,
    rows: usize,
    /// `cell_start[c]..cell_start[c + 1]` indexes the columns for cell `c`.
    cell_start: Vec<u32>,
    /// Agents grouped by cell, by index within a cell.
    columns: Columns,
    /// Scratch: each agent's cell.
    cell_of: Vec<u32>,
    /// Each agent's position in the columns (its slot in cell order).
    slot: Vec<u32>,
    /// The rebuild's buffers.
    build: build::Scratch,
}

/// Most cells along one axis (the grid then uses bigger cells than asked).
const MAX_CELLS_PER_AXIS: usize = 1024;

/// Most grid cells per agent, in a grid of more than [`LARGE_GRID_CELLS`].
const MAX_CELLS_PER_AGENT: f32 = 32.0;

/// A grid of more cells than this is large.
const LARGE_GRID_CELLS: usize = 65_536;

impl Grid {
    /// Side of a cell, world units (0 when the grid is empty).
    #[must_use]
    pub fn cell_size(&self) -> f32 {
        self.cell_size
    }

    /// Columns and rows.
    #[must_use]
    pub fn dims(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    /// The agents in cell order.
    #[must_use]
    pub fn columns(&self) -> &Columns {
        &self.columns
    }

    /// The most agents one cell holds (0 without agents).
    #[must_use]
    pub fn most_in_a_cell(&self) -> usize {
        self.cell_start
            .windows(2)
            .map(|w| w[1].saturating_sub(w[0]) as usize)
            .max()
            .unwrap_or(0)
    }

    /// Where agent `i` is in the columns (`None` without a grid).
    #[must_use]
    pub fn slot(&self, i: usize) -> Option<usize> {
        self.slot.get(i).map(|&k| k as usize)
    }

    /// Rebuilds the grid for `agents` in a world `0..size`, with cells at least
    /// `min_cell_size` wide. Allocations are reused from tick to tick.
    pub fn rebuild(&mut self, agents: &[Agent], size: Vec2, min_cell_size: f32) {
        self.rebuild_with(agents, size, min_cell_size, 1);
    }

    /// [`Self::rebuild`] over rayon's threads: the same grid, bit for bit, on any number of
    /// threads (see `grid/build.rs`).
    #[cfg(feature = "parallel")]
    pub fn rebuild_parallel(&mut self, agents: &[Agent], size: Vec2, min_cell_size: f32) {
        self.rebuild_with(agents, size, min_cell_size, rayon::current_num_threads());
    }

    fn clamp_col(&self, x: f32) -> usize {
        clamp_cell(x / self.cell_size, self.cols)
    }

    fn clamp_row(&self, y: f32) -> usize {
        clamp_cell(y / self.cell_size, self.rows)
    }

    /// The column and row of the cell holding `p` (a point outside the world: the nearest
    /// edge cell).
    #[must_use]
    pub fn cell_of(&self, p: Vec2) -> (usize, usize) {
        (self.clamp_col(p.x), self.clamp_row(p.y))
    }

    /// The slots of the agents in cells `c0..=c1` of row `row` (contiguous: the grid is in
    /// row-major cell order).
    #[must_use]
    pub fn row_range(&self, row: usize, c0: usize, c1: usize) -> Range<usize> {
        let at = |c: usize| {
            self.cell_start
                .get(row * self.cols + c)
                .map_or(0, |&s| s as usize)
        };
        at(c0)..at(c1 + 1).max(at(c0))
    }

    /// The cells that may hold an agent within `radius` of `p`.
    #[must_use]
    pub fn cell_box(&self, p: Vec2, radius: f32) -> CellBox {
        if self.cols == 0 {
            return CellBox::EMPTY;
        }
        CellBox {
            c0: self.clamp_col(p.x - radius),
            c1: self.clamp_col(p.x + radius),
            r0: self.clamp_row(p.y - radius),
            r1: self.clamp_row(p.y + radius),
        }
    }

    /// The ranges of the columns holding the agents of the cells of `b`, one per row of
    /// cells, in the grid's fixed order.
    pub fn box_rows(&self, b: CellBox) -> impl Iterator<Item = Range<usize>> + '_ {
        let rows = if b.is_empty() { 0..0 } else { b.r0..b.r1 + 1 };
        rows.map(move |row| {
            let at = |c: usize| {
                self.cell_start
                    .get(row * self.cols + c)
                    .map_or(0, |&s| s as usize)
            };
            at(b.c0)..at(b.c1 + 1).max(at(b.c0))
        })
    }

    /// Number of agents in the cells of `b`.
    #[must_use]
    pub fn box_count(&self, b: CellBox) -> usize {
        self.box_rows(b).map(|r| r.len()).sum()
    }

    /// The ranges of the columns holding every agent that may be within `radius` of `p` (a
    /// superset: test the distance), one per row of cells, in the grid's fixed order.
    pub fn candidate_rows(&self, p: Vec2, radius: f32) -> impl Iterator<Item = Range<usize>> + '_ {
        self.box_rows(self.cell_box(p, radius))
    }

    /// Number of candidates [`Self::candidate_rows`] gives (without visiting them).
    #[must_use]
    pub fn candidate_count(&self, p: Vec2, radius: f32) -> usize {
        self.box_count(self.cell_box(p, radius))
    }

    /// Calls `visit` for every agent that may be within `radius` of `p` (a superset: test the
    /// distance), in the grid's fixed order.
    pub fn for_each_candidate(&self, p: Vec2, radius: f32, mut visit: impl FnMut(&Entry)) {
        let c = &self.columns;
        for range in self.candidate_rows(p, radius) {
            for k in range {
                // The columns hold exact small integers as f32 (see `Columns`).
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                visit(&Entry {
                    index: c.index[k] as u32,
                    group: c.group[k] as u16,
                    position: Vec2::new(c.x[k], c.y[k]),
                    velocity: Vec2::new(c.vx[k], c.vy[k]),
                });
            }
        }
    }
}

/// The cells of a grid: their size and how many along each axis.
#[derive(Clone, Copy)]
struct Bins {
    cell: f32,
    cols: usize,
    rows: usize,
}

impl Bins {
    /// The cells for `agents` agents in a world `0..size`, at least `min_cell_size` wide.
    fn new(agents: usize, size: Vec2, min_cell_size: f32) -> Self {
        let longest = size.max_element().max(1e-3);
        let mut cell = min_cell_size
            .max(longest / MAX_CELLS_PER_AXIS as f32)
            .max(1e-3);
        // A large grid has at most MAX_CELLS_PER_AGENT cells per agent: a few agents in a
        // large world do not pay every tick for a grid of empty cells. (Small grids keep the
        // flocking radius's cells, so ordinary scenes are unchanged.)
        if cells_along(size.x, cell) * cells_along(size.y, cell) > LARGE_GRID_CELLS {
            let per_agent = (size.x.max(0.0) * size.y.max(0.0)
                / (MAX_CELLS_PER_AGENT * agents.max(1) as f32))
                .sqrt();
            if per_agent.is_finite() {
                cell = cell.max(per_agent);
            }
        }
        Self {
            cell,
            cols: cells_along(size.x, cell),
            rows: cells_along(size.y, cell),
        }
    }

    /// The cell holding `p` (a point outside the world: the nearest edge cell).
    fn index(self, p: Vec2) -> u32 {
        let c = clamp_cell(p.x / self.cell, self.cols);
        let r = clamp_cell(p.y / self.cell, self.rows);
        u32::try_from(r * self.cols + c).unwrap_or(u32::MAX)
    }
}

/// Each of `cells` cells' first slot into `starts` (one more than the cells, the last the
/// count), for items in the cells `cell_of` (a cell out of range counted in none): the counting
/// sort's counts, summed.
pub(crate) fn cell_starts(
    cell_of: impl IntoIterator<Item = usize>,
    cells: usize,
    starts: &mut Vec<u32>,
) {
    starts.clear();
    starts.resize(cells + 1, 0);
    for c in cell_of {
        if let Some(count) = starts.get_mut(c + 1) {
            *count += 1;
        }
    }
    for c in 1..starts.len() {
        starts[c] += starts[c - 1];
    }
}

fn cells_along(extent: f32, cell: f32) -> usize {
    let n = (extent / cell).ceil();
    if n.is_finite() && n >= 1.0 {
        // Bounded by MAX_CELLS_PER_AXIS through the choice of `cell`.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let n = n as usize;
        n.clamp(1, MAX_CELLS_PER_AXIS + 1)
    } else {
        1
    }
}

fn clamp_cell(v: f32, n: usize) -> usize {
    if v.is_nan() || v <= 0.0 {
        return 0;
    }
    // `v` is positive and finite or +inf; `as` saturates.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let c = v as usize;
    c.min(n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn candidates(grid: &Grid, p: Vec2, r: f32) -> Vec<u32> {
        let mut out = Vec::new();
        grid.for_each_candidate(p, r, |e| out.push(e.index));
        out
    }

    #[test]
    fn candidates_cover_every_neighbor() {
        let positions = [
            Vec2::new(5.0, 5.0),
            Vec2::new(95.0, 95.0),
            Vec2::new(12.0, 4.0),
            Vec2::new(-50.0, 5.0), // outside the world: in the border cells
            Vec2::new(30.0, 30.0),
        ];
        let agents: Vec<Agent> = (0_u32..)
            .zip(positions)
            .map(|(id, p)| Agent::new(id, 0, p, Vec2::ZERO, 1, 0.0))
            .collect();
        let mut grid = Grid::default();
        grid.rebuild(&agents, Vec2::new(100.0, 100.0), 10.0);
        assert_eq!(grid.dims(), (10, 10));
        // Cells 0..=1 on both axes: agents 0 and the outsider 3 (cell 0), then 2 (cell 1).
        assert_eq!(candidates(&grid, Vec2::new(6.0, 6.0), 10.0), vec![0, 3, 2]);
        assert_eq!(candidates(&grid, Vec2::new(99.0, 99.0), 5.0), vec![1]);
    }

    #[test]
    fn a_large_sparse_world_gets_at_most_32_cells_per_agent() {
        let agents: Vec<Agent> = (0_u32..100)
            .map(|id| Agent::new(id, 0, Vec2::splat(id as f32), Vec2::ZERO, 1, 0.0))
            .collect();
        let mut grid = Grid::default();
        // Cells of 1 unit would be 1,024 x 1,024; the 100 agents get 3,200 at most: cells of
        // sqrt(1e8 / 3,200) = 176.8 units, 57 x 57.
        grid.rebuild(&agents, Vec2::splat(10_000.0), 1.0);
        assert_eq!(grid.dims(), (57, 57));
        // A small grid keeps the cells the radius asks for.
        grid.rebuild(&agents, Vec2::splat(100.0), 1.0);
        assert_eq!(grid.dims(), (100, 100));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// The grid finds exactly the naive scan's neighbours, for agents anywhere (outside the
        /// world too) and any radius up to the cell size.
        #[test]
        fn grid_finds_the_same_neighbors_as_the_naive_scan(
            positions in prop::collection::vec((-50.0_f32..250.0, -50.0_f32..150.0), 1..120),
            radius in 0.5_f32..40.0,
            cell_factor in prop_oneof![Just(0.5_f32), Just(1.0_f32)],
        ) {
            let agents: Vec<Agent> = (0_u32..)
                .zip(&positions)
                .map(|(id, &(x, y))| Agent::new(id, 0, Vec2::new(x, y), Vec2::ZERO, 1, 0.0))
                .collect();
            let mut grid = Grid::default();
            grid.rebuild(&agents, Vec2::new(200.0, 100.0), radius * cell_factor);
            for (i, me) in agents.iter().enumerate() {
                let within = |p: Vec2| me.position.distance_squared(p) <= radius * radius;
                let mut from_grid = Vec::new();
                grid.for_each_candidate(me.position, radius, |e| {
                    if e.index as usize != i && within(e.position) {
                        from_grid.push(e.index as usize);
                    }
                });
                from_grid.sort_unstable();
                let naive: Vec<usize> = (0..agents.len()).filter(|&j| j != i && within(agents[j].position)).collect();
                prop_assert_eq!(from_grid, naive);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// The grid built over 2, 3 or 4 threads (the agents' cells counted in chunks, each cell's
        /// slots handed to the chunks in order, the columns written in parts of whole cells; a grid
        /// of many cells for its agents on fewer threads) is the serial grid, bit for bit: the same
        /// columns, the same slots, the same cells.
        #[cfg(feature = "parallel")]
        #[test]
        fn the_parallel_grid_is_the_serial_grid(
            positions in prop::collection::vec((-50.0_f32..250.0, -50.0_f32..150.0, 0_u16..3), 0..3000),
            cell in 0.5_f32..40.0,
        ) {
            let agents: Vec<Agent> = (0_u32..)
                .zip(&positions)
                .map(|(id, &(x, y, g))| {
                    Agent::new(id, g, Vec2::new(x, y), Vec2::new(y, -x), 1, 0.0)
                })
                .collect();
            let size = Vec2::new(200.0, 100.0);
            let mut serial = Grid::default();
            serial.rebuild(&agents, size, cell);
            for threads in [2, 3, 4] {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("pool");
                let mut parallel = Grid::default();
                // Built twice: the second reuses the first's buffers, as ticks do.
                pool.install(|| parallel.rebuild_parallel(&agents[..agents.len() / 2], size, cell * 2.0));
                pool.install(|| parallel.rebuild_parallel(&agents, size, cell));
                prop_assert_eq!(parallel.dims(), serial.dims());
                let (a, b) = (parallel.columns(), serial.columns());
                for (column, want) in [(&a.x, &b.x), (&a.y, &b.y), (&a.vx, &b.vx), (&a.vy, &b.vy), (&a.group, &b.group), (&a.index, &b.index)] {
                    let bits = |v: &Vec<f32>| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
                    prop_assert_eq!(bits(column), bits(want), "{} threads", threads);
                }
                for i in 0..agents.len() {
                    prop_assert_eq!(parallel.slot(i), serial.slot(i));
                }
                let (cols, rows) = serial.dims();
                for row in 0..rows {
                    for col in 0..cols {
                        prop_assert_eq!(parallel.row_range(row, col, col), serial.row_range(row, col, col));
                    }
                }
            }
        }
    }
}
