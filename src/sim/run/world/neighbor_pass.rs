//! The neighbour pass of a tick: the grids it searches and every agent's sums.

use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use super::World;
use crate::sim::run::grid::Grid;
use crate::sim::run::neighbors::{Found, Neighbors, fine_cell_for};

/// Grid slots per task of the parallel neighbour pass.
#[cfg(feature = "parallel")]
const FIND_CHUNK: usize = 256;

impl World {
    /// Every agent's neighbour sums, into `found`: with the grid in its cell order (so that
    /// agents near each other are answered together), otherwise in agent order. Each agent's
    /// sums depend only on the state at the start of the tick, so any split over threads
    /// gives the same bits. Returns whether a query took the capped way (and so needed the
    /// fine grid).
    pub(super) fn find_all(&self, found: &mut [Found]) -> bool {
        let fine_used = AtomicBool::new(false);
        let neighbors = self.neighbors(&fine_used);
        let with_grid = self.grid.cell_size() > 0.0;
        let fill = |first: usize, out: &mut [Found]| {
            if with_grid {
                neighbors.find_slots(first, out);
            } else {
                for (k, slot) in out.iter_mut().enumerate() {
                    *slot = neighbors.find(first + k);
                }
            }
        };
        #[cfg(feature = "parallel")]
        if self.parallel() {
            use rayon::prelude::*;
            let run = move || {
                found
                    .par_chunks_mut(FIND_CHUNK)
                    .enumerate()
                    .for_each(|(c, out)| fill(c * FIND_CHUNK, out));
            };
            self.in_pool(run);
            return fine_used.into_inner();
        }
        fill(0, found);
        fine_used.into_inner()
    }

    /// The sums found in the grid's cell order (`found`), into agent order (`by_index`).
    pub(super) fn gather_found(&self, found: &[Found], by_index: &mut Vec<Found>) {
        let grid = &self.grid;
        let at = |i: usize| {
            found
                .get(grid.slot(i).unwrap_or(i))
                .copied()
                .unwrap_or_default()
        };
        by_index.clear();
        #[cfg(feature = "parallel")]
        if self.parallel() {
            use rayon::prelude::*;
            let n = self.agents.len();
            let run = || by_index.par_extend((0..n).into_par_iter().map(at));
            self.in_pool(run);
            return;
        }
        by_index.extend((0..self.agents.len()).map(at));
    }

    /// The grid of this tick's agents, with cells at least `cell` wide: over the pool's threads
    /// when the world runs in parallel (the same grid, bit for bit).
    pub(super) fn rebuild_grid(&mut self, cell: f32) {
        let mut grid = std::mem::take(&mut self.grid);
        self.build_grid(&mut grid, cell);
        self.grid = grid;
    }

    /// `grid` rebuilt over this tick's agents with cells at least `cell` wide (in parallel
    /// when the world runs in parallel).
    fn build_grid(&self, grid: &mut Grid, cell: f32) {
        #[cfg(feature = "parallel")]
        if self.parallel() {
            self.in_pool(|| grid.rebuild_parallel(&self.agents, self.spec.size, cell));
            return;
        }
        grid.rebuild(&self.agents, self.spec.size, cell);
    }

    /// The capped way's fine grid for this tick. When a query of the tick before needed it, a
    /// crowd is likely still there: it is built now (over the pool's threads when the world
    /// runs in parallel and the grid has enough agents for its cells), in the buffers of the
    /// one before. Otherwise it is left for the first query that needs it, which builds
    /// it on its own thread while the others wait. Either way it is the same grid, so which
    /// way it is built changes no result.
    pub(super) fn prepare_fine_grid(&mut self) {
        let mut fine = self.fine.take().unwrap_or_default();
        if self.fine_wanted && self.grid.cell_size() > 0.0 {
            self.build_grid(&mut fine, fine_cell_for(&self.grid, &self.rules));
            self.fine = OnceLock::from(fine);
        }
    }

    /// The neighbour pass over this tick's state; `fine_used` is set when a query takes the
    /// capped way.
    fn neighbors<'a>(&'a self, fine_used: &'a AtomicBool) -> Neighbors<'a> {
        Neighbors {
            agents: &self.agents,
            rules: &self.rules,
            grid: &self.grid,
            size: self.spec.size,
            fine: &self.fine,
            fine_used,
        }
    }
}
