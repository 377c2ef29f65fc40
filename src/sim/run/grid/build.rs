//! The grid's rebuild: a counting sort of the agents by cell, stable in agent index.
//!
//! On one thread each agent's cell is counted, the counts summed into each cell's first slot,
//! and each agent copied, in index order, into the next free slot of its cell.
//!
//! Over several threads the agents are cut into runs (chunks), one per thread (fewer when the
//! grid has many cells for its agents: each chunk counts over every cell), and the cells into as
//! many runs of whole cells (parts), about as many agents each:
//! 1. each chunk finds its agents' cells and counts them per cell;
//! 2. each cell's slots go to the chunks in order (the lower indices first, so that a cell
//!    holds its agents in index order, as on one thread), which gives each chunk its own first
//!    slot in every cell;
//! 3. each chunk gives its agents their slots, in index order, and sorts a copy of each into
//!    the list of the part its cell is in;
//! 4. each part writes the copies of its lists into its own slots of the columns.
//!
//! Every agent is read twice, by its own chunk only, and every slot written once, by its own
//! part; what passes between threads is the short copies (measured: the earlier way, in which
//! every part read every agent and each agent's slot was found back by a binary search, took
//! about as long on two threads as on one).

use glam::Vec2;

use super::{Bins, Columns, Grid, cell_starts};
use crate::sim::steer::agent::Agent;

/// What a rebuild keeps from one tick to the next, so as not to allocate again.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    /// Each cell's next free slot (one thread).
    next: Vec<u32>,
    /// Each chunk's count of agents per cell, then its first slot in each cell.
    #[cfg(feature = "parallel")]
    starts: Vec<Vec<u32>>,
    /// Each chunk's copies of its agents with their slots, one list per part.
    #[cfg(feature = "parallel")]
    lists: Vec<Vec<Vec<(u32, Copied)>>>,
}

/// Agents per cell a chunk of a parallel rebuild should have at least, for every four of the
/// grid's cells: each chunk counts over every cell, and the counts are handed out one cell and
/// chunk at a time, so a grid of many cells for its agents (the fine grid of a dense crowd) is
/// built in fewer chunks, or on one thread.
#[cfg(feature = "parallel")]
const AGENTS_PER_CELL_PER_CHUNK: usize = 4;

/// One agent as the columns keep it.
#[derive(Clone, Copy, Debug, Default)]
struct Copied {
    x: f32,
    y: f32,
    vx: f32,
    vy: f32,
    group: f32,
    index: f32,
}

impl Copied {
    fn of(agent: &Agent, index: usize) -> Self {
        Self {
            x: agent.position.x,
            y: agent.position.y,
            vx: agent.velocity.x,
            vy: agent.velocity.y,
            group: f32::from(agent.group),
            // Exact: at most MAX_TOTAL_COUNT agents, far below 2^24.
            #[allow(clippy::cast_precision_loss)]
            index: index as f32,
        }
    }

    /// Writes it into slot `k` of `columns` (relative to their start).
    fn write(&self, columns: &mut ColumnsMut<'_>, k: usize) {
        let c = columns;
        if let (Some(x), Some(y), Some(vx), Some(vy), Some(group), Some(index)) = (
            c.x.get_mut(k),
            c.y.get_mut(k),
            c.vx.get_mut(k),
            c.vy.get_mut(k),
            c.group.get_mut(k),
            c.index.get_mut(k),
        ) {
            (*x, *y, *vx, *vy, *group, *index) =
                (self.x, self.y, self.vx, self.vy, self.group, self.index);
        }
    }
}

impl Grid {
    /// The rebuild, over `threads` of rayon's threads (one: on this thread).
    pub(super) fn rebuild_with(
        &mut self,
        agents: &[Agent],
        size: Vec2,
        min_cell_size: f32,
        threads: usize,
    ) {
        let bins = Bins::new(agents.len(), size, min_cell_size);
        self.cell_size = bins.cell;
        self.cols = bins.cols;
        self.rows = bins.rows;
        // Every entry of the cells, the columns and the slots is written below: they are
        // resized, not cleared.
        let n = agents.len();
        self.cell_of.resize(n, 0);
        self.slot.resize(n, 0);
        self.columns.resize(n);
        #[cfg(feature = "parallel")]
        {
            let cells = self.cols * self.rows;
            let chunks = threads.min(AGENTS_PER_CELL_PER_CHUNK * n / cells.max(1));
            if chunks > 1 && n > 1 {
                self.fill_parallel(agents, bins, chunks);
                return;
            }
        }
        let _ = threads;
        self.fill_serial(agents, bins);
    }

    /// The counting sort on this thread.
    fn fill_serial(&mut self, agents: &[Agent], bins: Bins) {
        for (cell, agent) in self.cell_of.iter_mut().zip(agents) {
            *cell = bins.index(agent.position);
        }
        let cells = self.cols * self.rows;
        let cell_of = self.cell_of.iter().map(|&c| c as usize);
        cell_starts(cell_of, cells, &mut self.cell_start);
        // Each cell's next free slot.
        let next = &mut self.build.next;
        next.clone_from(&self.cell_start);
        let mut columns = ColumnsMut::of(&mut self.columns);
        for (i, ((agent, &cell), slot)) in agents
            .iter()
            .zip(&self.cell_of)
            .zip(&mut self.slot)
            .enumerate()
        {
            let Some(k) = next.get_mut(cell as usize) else {
                continue;
            };
            *slot = *k;
            Copied::of(agent, i).write(&mut columns, *k as usize);
            *k += 1;
        }
    }

    /// The counting sort over rayon's threads, in `threads` chunks and parts (see the module;
    /// `threads` at most the agents).
    #[cfg(feature = "parallel")]
    fn fill_parallel(&mut self, agents: &[Agent], bins: Bins, threads: usize) {
        use rayon::prelude::*;
        let n = agents.len();
        let cells = self.cols * self.rows;
        // Every entry is written by the hand-out below.
        self.cell_start.resize(cells + 1, 0);
        let chunk = n.div_ceil(threads).max(1);
        let chunks = n.div_ceil(chunk);
        let Scratch { starts, lists, .. } = &mut self.build;
        starts.resize_with(chunks, Vec::new);
        lists.resize_with(chunks, Vec::new);
        // 1. Cells and counts, per chunk.
        self.cell_of
            .par_chunks_mut(chunk)
            .zip(agents.par_chunks(chunk))
            .zip(starts.par_iter_mut())
            .for_each(|((cell_of, agents), counts)| {
                counts.clear();
                counts.resize(cells, 0);
                for (cell, agent) in cell_of.iter_mut().zip(agents) {
                    *cell = bins.index(agent.position);
                    if let Some(count) = counts.get_mut(*cell as usize) {
                        *count += 1;
                    }
                }
            });
        // 2. Each chunk's first slot in each cell, the chunks in order within a cell.
        hand_out(&mut self.cell_start, starts);
        let bounds = part_bounds(&self.cell_start, threads);
        let inner = bounds.get(1..threads).unwrap_or_default();
        // 3. Slots, and the copies sorted by part, per chunk.
        self.slot
            .par_chunks_mut(chunk)
            .zip(self.cell_of.par_chunks(chunk))
            .zip(agents.par_chunks(chunk))
            .zip(starts.par_iter_mut().zip(lists.par_iter_mut()))
            .enumerate()
            .for_each(|(c, (((slots, cell_of), agents), (next, lists)))| {
                lists.resize_with(threads, Vec::new);
                lists.iter_mut().for_each(Vec::clear);
                let first = c * chunk;
                for (i, ((slot, &cell), agent)) in
                    slots.iter_mut().zip(cell_of).zip(agents).enumerate()
                {
                    let cell = cell as usize;
                    let Some(k) = next.get_mut(cell) else {
                        continue;
                    };
                    *slot = *k;
                    let part = inner.partition_point(|&b| b <= cell);
                    if let Some(list) = lists.get_mut(part) {
                        list.push((*k, Copied::of(agent, first + i)));
                    }
                    *k += 1;
                }
            });
        // 4. Each part writes its copies into its own slots.
        let mut rest = ColumnsMut::of(&mut self.columns);
        let mut pieces = Vec::with_capacity(threads);
        for (p, w) in bounds.windows(2).enumerate() {
            let (first, end) = (self.cell_start[w[0]], self.cell_start[w[1]]);
            let (piece, after) = rest.split_at((end - first) as usize);
            rest = after;
            pieces.push((p, first, piece));
        }
        let lists = &*lists;
        pieces.into_par_iter().for_each(|(p, first, mut piece)| {
            for (slot, copied) in lists.iter().filter_map(|l| l.get(p)).flatten() {
                copied.write(&mut piece, (slot - first) as usize);
            }
        });
    }
}

/// Turns each chunk's count of agents per cell (`starts`) into its first slot in each cell,
/// and `cell_start` (one more than the cells) into each cell's first slot: a cell's slots go
/// to the chunks in order.
#[cfg(feature = "parallel")]
fn hand_out(cell_start: &mut [u32], starts: &mut [Vec<u32>]) {
    let mut slot = 0;
    let cells = cell_start.len().saturating_sub(1);
    for (c, start) in cell_start.iter_mut().enumerate() {
        *start = slot;
        if c == cells {
            break;
        }
        for counts in starts.iter_mut() {
            if let Some(count) = counts.get_mut(c) {
                (*count, slot) = (slot, slot + *count);
            }
        }
    }
}

/// The first cell of each of `parts` runs of whole cells with about as many agents each, and
/// the number of cells after the last (`cell_start`: each cell's first slot, and the count).
#[cfg(feature = "parallel")]
fn part_bounds(cell_start: &[u32], parts: usize) -> Vec<usize> {
    let cells = cell_start.len().saturating_sub(1);
    let n = cell_start.last().map_or(0, |&n| n as usize);
    let mut bounds = vec![0];
    for p in 1..parts {
        let want = n * p / parts;
        let cell = cell_start
            .partition_point(|&s| (s as usize) < want)
            .min(cells);
        bounds.push(cell.max(bounds.last().copied().unwrap_or(0)));
    }
    bounds.push(cells);
    bounds
}

impl Columns {
    pub(super) fn resize(&mut self, n: usize) {
        let Self {
            x,
            y,
            vx,
            vy,
            group,
            index,
        } = self;
        for v in [x, y, vx, vy, group, index] {
            v.resize(n, 0.0);
        }
    }
}

/// The columns, mutably, as one slice per field (split into parts that threads fill).
struct ColumnsMut<'a> {
    x: &'a mut [f32],
    y: &'a mut [f32],
    vx: &'a mut [f32],
    vy: &'a mut [f32],
    group: &'a mut [f32],
    index: &'a mut [f32],
}

impl<'a> ColumnsMut<'a> {
    fn of(c: &'a mut Columns) -> Self {
        Self {
            x: &mut c.x,
            y: &mut c.y,
            vx: &mut c.vx,
            vy: &mut c.vy,
            group: &mut c.group,
            index: &mut c.index,
        }
    }

    /// The first `n` slots and the rest.
    #[cfg(feature = "parallel")]
    fn split_at(self, n: usize) -> (Self, Self) {
        let n = n.min(self.x.len());
        let (x0, x1) = self.x.split_at_mut(n);
        let (y0, y1) = self.y.split_at_mut(n);
        let (vx0, vx1) = self.vx.split_at_mut(n);
        let (vy0, vy1) = self.vy.split_at_mut(n);
        let (g0, g1) = self.group.split_at_mut(n);
        let (i0, i1) = self.index.split_at_mut(n);
        (
            Self {
                x: x0,
                y: y0,
                vx: vx0,
                vy: vy0,
                group: g0,
                index: i0,
            },
            Self {
                x: x1,
                y: y1,
                vx: vx1,
                vy: vy1,
                group: g1,
                index: i1,
            },
        )
    }
}
