//! A uniform grid over the world (a spatial hash with one cell per square), rebuilt every tick,
//! for neighbour queries in O(N · k) instead of the naive O(N²) scan.
//!
//! Cells are at least as wide as the largest neighbour radius, so a query visits the 3 × 3
//! cells around a point. Agents outside the world (open bounds) are kept in the border cells,
//! so none is ever missed; the caller's distance test filters. The grid keeps its own copy of
//! each agent's position, velocity and group in cell order, so a query reads memory
//! sequentially instead of jumping around the agent array.
//!
//! A query visits candidates in a fixed order (cells row by row, agents by index within a
//! cell) that depends only on the positions, never on threads: sums over neighbours are the
//! same bits however the force pass is split. They can differ in the last bits from the naive
//! scan, which adds the same neighbours in agent order.

use glam::Vec2;

use super::agent::Agent;

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

/// The grid of one tick.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    cell_size: f32,
    cols: usize,
    rows: usize,
    /// `cell_start[c]..cell_start[c + 1]` indexes `entries` for cell `c`.
    cell_start: Vec<u32>,
    /// Agents grouped by cell, by index within a cell.
    entries: Vec<Entry>,
    /// Scratch: each agent's cell.
    cell_of: Vec<u32>,
}

/// Most cells along one axis (the grid then uses bigger cells than asked).
const MAX_CELLS_PER_AXIS: usize = 1024;

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

    /// Rebuilds the grid for `agents` in a world `0..size`, with cells at least
    /// `min_cell_size` wide. Allocations are reused from tick to tick.
    pub fn rebuild(&mut self, agents: &[Agent], size: Vec2, min_cell_size: f32) {
        let longest = size.max_element().max(1e-3);
        let cell = min_cell_size
            .max(longest / MAX_CELLS_PER_AXIS as f32)
            .max(1e-3);
        self.cell_size = cell;
        self.cols = cells_along(size.x, cell);
        self.rows = cells_along(size.y, cell);
        let cells = self.cols * self.rows;
        self.cell_start.clear();
        self.cell_start.resize(cells + 1, 0);
        self.cell_of.clear();
        for agent in agents {
            let c = self.cell_index(agent.position);
            self.cell_of.push(u32::try_from(c).unwrap_or(u32::MAX));
            self.cell_start[c + 1] += 1;
        }
        for c in 0..cells {
            self.cell_start[c + 1] += self.cell_start[c];
        }
        let empty = Entry {
            index: 0,
            group: 0,
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
        };
        self.entries.clear();
        self.entries.resize(agents.len(), empty);
        let mut fill: Vec<u32> = self.cell_start[..cells].to_vec();
        for ((i, agent), &c) in agents.iter().enumerate().zip(&self.cell_of) {
            let slot = &mut fill[c as usize];
            self.entries[*slot as usize] = Entry {
                index: u32::try_from(i).unwrap_or(u32::MAX),
                group: agent.group,
                position: agent.position,
                velocity: agent.velocity,
            };
            *slot += 1;
        }
    }

    fn clamp_col(&self, x: f32) -> usize {
        clamp_cell(x / self.cell_size, self.cols)
    }

    fn clamp_row(&self, y: f32) -> usize {
        clamp_cell(y / self.cell_size, self.rows)
    }

    fn cell_index(&self, p: Vec2) -> usize {
        self.clamp_row(p.y) * self.cols + self.clamp_col(p.x)
    }

    /// Calls `visit` for every agent that may be within `radius` of `p` (a superset: test the
    /// distance), in the grid's fixed order.
    pub fn for_each_candidate(&self, p: Vec2, radius: f32, mut visit: impl FnMut(&Entry)) {
        if self.cols == 0 {
            return;
        }
        let (c0, c1) = (self.clamp_col(p.x - radius), self.clamp_col(p.x + radius));
        let (r0, r1) = (self.clamp_row(p.y - radius), self.clamp_row(p.y + radius));
        for row in r0..=r1 {
            let start = self.cell_start[row * self.cols + c0] as usize;
            let end = self.cell_start[row * self.cols + c1 + 1] as usize;
            for entry in &self.entries[start..end] {
                visit(entry);
            }
        }
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

    fn candidates(grid: &Grid, p: Vec2, r: f32) -> Vec<u32> {
        let mut out = Vec::new();
        grid.for_each_candidate(p, r, |e| out.push(e.index));
        out
    }

    #[test]
    fn candidates_cover_every_neighbour() {
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
}
