//! The capped way: an agent with more neighbours within its radius than its cap takes the
//! `cap` nearest (ties: the lower agent index).
//!
//! They are found in a grid finer than the flocking grid (built before the pass when the tick
//! before needed one, else by the first query that needs it), with cells about a quarter of
//! the radius that holds `cap` agents where the crowd is densest. A query guesses, from the cell counts around the agent alone, a distance
//! that holds a little more than the cap (15% at that density), scans the cells that reach
//! within it row by row (each row cut to the disc's chord) and keeps the candidates within it:
//! every agent that near is then found, so when at least the cap are, the cap nearest are
//! among them. Otherwise (one query in several hundred in a dense crowd) the distance grows
//! and the scan starts again. A dense crowd scans about one and a half times the cap in
//! candidates, however many crowd the radius; the flocking grid's cells of half the radius
//! held thousands. The cap nearest are selected by one integer key and summed in the fine
//! grid's order, which depends only on positions: the same bits on any number of threads.
//!
//! An agent with at most `cap` neighbours that reaches this way (the crowd looked dense from
//! its cells' counts) sums them in the flocking grid's order, the order of the lanes, so a
//! flock below its cap gives the same bits whichever way answered it.

use glam::Vec2;

use std::sync::atomic::Ordering;

use super::types::{Found, Me, Neighbors, Rules, index_u32, nearness};
use crate::sim::run::grid::{CellBox, Grid};

/// The fine grid's cells per radius of `cap` agents at the densest cell's density. Measured
/// on the containment preset with 20,000 and 100,000 sheep (2 threads): 3, 5, 6 and 8 were
/// slower, by scanning more candidates (coarser) or more cells and rows (finer).
const CELLS_PER_NEAREST_RADIUS: f32 = 4.0;

/// The side of the fine grid's cells for the flocking grid `grid` and the smallest cap of a
/// group with a neighbour pass: a [`CELLS_PER_NEAREST_RADIUS`]th of the radius of a disc that
/// holds `cap` agents at the density of the grid's most crowded cell, between a sixteenth of
/// the flocking grid's cell and the whole of it.
#[must_use]
pub fn fine_cell(grid: &Grid, cap: usize) -> f32 {
    let h = grid.cell_size();
    // Counts and caps are far below 2^24: exact in f32.
    #[allow(clippy::cast_precision_loss)]
    let (densest, cap) = (grid.most_in_a_cell().max(1) as f32, cap.max(1) as f32);
    let density = densest / (h * h);
    let radius = (cap / (std::f32::consts::PI * density)).sqrt();
    (radius / CELLS_PER_NEAREST_RADIUS).max(h / 16.0).min(h)
}

/// `fine_cell` for the smallest cap of the groups in `rules` with a neighbour pass.
#[must_use]
pub fn fine_cell_for(grid: &Grid, rules: &[Rules]) -> f32 {
    let cap = rules
        .iter()
        .filter(|r| r.radius > 0.0)
        .map(|r| r.cap)
        .min()
        .unwrap_or(1);
    fine_cell(grid, cap)
}

/// The capped way's buffers, reused from one query to the next.
#[derive(Default)]
pub(super) struct Scratch {
    /// The candidates within the guessed distance, in the grid's order: key ([`nearness`]) and
    /// slot.
    found: Vec<(u64, u32)>,
    /// Keys, for the selection.
    keys: Vec<u64>,
    /// The slots summed.
    picked: Vec<u32>,
}

impl Neighbors<'_> {
    /// The fine grid of this tick, built by the first query that needs it (unless the world
    /// built it up front).
    fn fine_grid(&self) -> &Grid {
        // Read before written: the flag's cache line is shared, not passed between threads
        // on every query.
        if !self.fine_used.load(Ordering::Relaxed) {
            self.fine_used.store(true, Ordering::Relaxed);
        }
        self.fine.get_or_init(|| {
            let mut fine = Grid::default();
            fine.rebuild(self.agents, self.size, fine_cell_for(self.grid, self.rules));
            fine
        })
    }

    /// The sums of `me` over its `cap` nearest neighbours (see the module).
    pub(super) fn capped(&self, me: Me<'_>, scratch: &mut Scratch) -> Found {
        let cap = me.rules.cap;
        let fine = self.fine_grid();
        let Scratch {
            found,
            keys,
            picked,
        } = scratch;
        disc_search(fine, me, found);
        if found.len() <= cap {
            // At most the cap within the radius, or exactly the cap nearer than the rest:
            // count them all in the flocking grid's order, as the lanes would.
            let own = self.grid.cell_box(me.position, me.rules.radius);
            let sums = sum_box(self.grid, me, own, picked);
            if sums.count as usize <= cap {
                return sums;
            }
        }
        // The cap-th nearest, then those up to it in the grid's order.
        let Some(last) = cap.checked_sub(1) else {
            return Found::default();
        };
        keys.clear();
        keys.extend(found.iter().map(|e| e.0));
        let kth = match keys.get_mut(last) {
            Some(_) => *keys.select_nth_unstable(last).1,
            None => u64::MAX,
        };
        // Without a branch on each entry: whether one is kept is a coin toss in a crowd, and a
        // mispredicted branch costs more than the test.
        let n = keep(found, picked, |&(key, slot)| (slot, key <= kth));
        sum_slots(fine, me, picked.get(..n).unwrap_or_default())
    }
}

/// Writes the values `f` keeps of `from` to the start of `to`, in order, without a branch on
/// each entry; returns how many it kept.
#[inline]
fn keep<T, U: Copy + Default>(from: &[T], to: &mut Vec<U>, f: impl Fn(&T) -> (U, bool)) -> usize {
    to.clear();
    to.resize(from.len(), U::default());
    // A slice, whose length the loop keeps in a register (through the vector it was read
    // again after every store).
    let out = to.as_mut_slice();
    let mut n = 0;
    for item in from {
        let (value, kept) = f(item);
        if let Some(slot) = out.get_mut(n) {
            *slot = value;
        }
        n += usize::from(kept);
    }
    n
}

/// The candidates of `grid` within a distance of `me` that holds at least its cap (or within
/// its radius, when that holds fewer), as key and slot, into `found`, in the grid's order.
///
/// The distance is guessed from the agents counted in the cells around `me` (cell counts, no
/// candidate visited), a little beyond where `cap` would be at that density; the cells that
/// reach within it are scanned row by row, each row's columns cut to the disc's chord, and the
/// candidates within it kept. Every agent nearer than the distance is then found, so if at
/// least `cap` were, they hold the cap nearest; otherwise the distance grows and the scan
/// starts again (rare: the guess keeps about 15% more than the cap).
// Textbook names for the scan: cell size h, column set c, coordinates x, y, rows r.
#[allow(clippy::many_single_char_names)]
fn disc_search(grid: &Grid, me: Me<'_>, found: &mut Vec<(u64, u32)>) {
    let (radius, cap) = (me.rules.radius, me.rules.cap);
    let own = grid.cell_box(me.position, radius);
    let (c0, c1, r0, r1) = own.bounds();
    if own.is_empty() {
        return;
    }
    let h = grid.cell_size();
    let (px, py) = (me.position.x, me.position.y);
    let mut reach = guess_reach(grid, me, own);
    let c = grid.columns();
    // The columns hold agent indices as exact f32 (see `grid::Columns`), and so does this.
    #[allow(clippy::cast_precision_loss)]
    let me_index = me.index as f32;
    loop {
        found.clear();
        let reach2 = reach * reach;
        // Cells are scanned a hair beyond the reach (relative to the reach and to the size of the
        // coordinates), so that no rounding of the chords or the cell edges can leave out an
        // agent whose squared distance is within it.
        let wide = reach * 1.0001 + h * 1e-4 + (px.abs() + py.abs()) * 1e-6;
        let (_, row_lo) = grid.cell_of(Vec2::new(px, py - wide));
        let (_, row_hi) = grid.cell_of(Vec2::new(px, py + wide));
        for r in row_lo.max(r0)..=row_hi.min(r1) {
            // The row's nearest y to the agent (the border rows reach beyond the world).
            #[allow(clippy::cast_precision_loss)]
            let (top, bottom) = (r as f32 * h, (r + 1) as f32 * h);
            let dy = if (r > 0 && py < top) || (r + 1 < grid.dims().1 && py > bottom) {
                (top - py).max(py - bottom)
            } else {
                0.0
            };
            let chord = (wide * wide - dy * dy).max(0.0).sqrt();
            let (lo, _) = grid.cell_of(Vec2::new(px - chord, py));
            let (hi, _) = grid.cell_of(Vec2::new(px + chord, py));
            let range = grid.row_range(r, lo.max(c0), hi.min(c1));
            let start = range.start;
            let (Some(x), Some(y), Some(index)) = (
                c.x.get(range.clone()),
                c.y.get(range.clone()),
                c.index.get(range),
            ) else {
                continue;
            };
            // Each candidate written, the count moved on only for those kept: no branch on a
            // test that a crowd makes a coin toss.
            let mut n = found.len();
            found.resize(n + x.len(), (0, 0));
            let slots = index_u32(start)..;
            for (slot, ((&x, &y), &j)) in slots.zip(x.iter().zip(y).zip(index)) {
                let (dx, dy) = (px - x, py - y);
                let d2 = dx * dx + dy * dy;
                if let Some(entry) = found.get_mut(n) {
                    *entry = (nearness(d2, j), slot);
                }
                // `&`, not `&&`: both tests always, and no branch. Exact whole numbers compared.
                #[allow(clippy::needless_bitwise_bool, clippy::float_cmp)]
                let kept = (d2 <= reach2) & (j != me_index);
                n += usize::from(kept);
            }
            found.truncate(n);
        }
        if found.len() >= cap || reach >= radius {
            return;
        }
        reach = (reach * 1.3).min(radius);
    }
}

/// A distance from `me` likely to hold 15% more than its cap: from the density of the
/// smallest square of cells around it that holds twice the cap (or the whole box `own`), at
/// most the radius.
fn guess_reach(grid: &Grid, me: Me<'_>, own: CellBox) -> f32 {
    let (radius, cap) = (me.rules.radius, me.rules.cap);
    let (c0, c1, r0, r1) = own.bounds();
    let (ca, ra) = grid.cell_of(me.position);
    let h = grid.cell_size();
    for m in 0.. {
        let block = CellBox::new(
            ca.saturating_sub(m).max(c0),
            (ca + m).min(c1),
            ra.saturating_sub(m).max(r0),
            (ra + m).min(r1),
        );
        let count = grid.box_count(block);
        if count >= 2 * cap || block == own {
            // Counts and cells are far below 2^24: exact in f32.
            #[allow(clippy::cast_precision_loss)]
            let density = count as f32 / (block.cells() as f32 * h * h);
            #[allow(clippy::cast_precision_loss)]
            let guess = (cap as f32 * 1.15 / (std::f32::consts::PI * density)).sqrt();
            return if guess.is_finite() {
                guess.min(radius)
            } else {
                radius
            };
        }
    }
    radius
}

/// The sums of `me` over the agents of `grid`'s cells `block` within its radius, in the
/// grid's order. `picked` is scratch.
fn sum_box(grid: &Grid, me: Me<'_>, block: CellBox, picked: &mut Vec<u32>) -> Found {
    let radius2 = me.rules.radius * me.rules.radius;
    let c = grid.columns();
    picked.clear();
    for range in grid.box_rows(block) {
        for k in range {
            if let (Some(&x), Some(&y), Some(&j)) = (c.x.get(k), c.y.get(k), c.index.get(k)) {
                let (dx, dy) = (me.position.x - x, me.position.y - y);
                // The columns hold exact small integers as f32 (see `grid::Columns`).
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                if dx * dx + dy * dy <= radius2 && j as usize != me.index {
                    picked.push(index_u32(k));
                }
            }
        }
    }
    sum_slots(grid, me, picked)
}

/// The sums of `me` over the agents at `grid`'s slots `slots`, in that order.
// Textbook names: column set c, slot k, coordinates x, y, group g.
#[allow(clippy::many_single_char_names)]
fn sum_slots(grid: &Grid, me: Me<'_>, slots: &[u32]) -> Found {
    let (px, py) = (me.position.x, me.position.y);
    let c = grid.columns();
    let mut found = Found::default();
    for &k in slots {
        let k = k as usize;
        let (Some(&x), Some(&y), Some(&vx), Some(&vy), Some(&g)) = (
            c.x.get(k),
            c.y.get(k),
            c.vx.get(k),
            c.vy.get(k),
            c.group.get(k),
        ) else {
            continue;
        };
        let (dx, dy) = (px - x, py - y);
        // The columns hold exact small integers as f32 (see `grid::Columns`).
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let g = g as usize;
        let other = [Vec2::new(vx, vy), Vec2::new(x, y)];
        found.add(
            me.rules,
            g == me.group,
            Vec2::new(dx, dy),
            dx * dx + dy * dy,
            other,
        );
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::steer::agent::Agent;

    // The bounds are exact values.
    #[allow(clippy::float_cmp)]
    #[test]
    fn fine_cells_are_a_quarter_of_the_radius_of_cap_agents_at_the_densest_cell() {
        // 100 agents in one 10 x 10 cell: density 1 per unit², so 24 agents fill a disc of
        // radius sqrt(24 / pi) = 2.764; a quarter of it is 0.691.
        let agents: Vec<Agent> = (0_u32..100)
            .map(|id| {
                let p = Vec2::new(1.0 + (id % 10) as f32 * 0.8, 1.0 + (id / 10) as f32 * 0.8);
                Agent::new(id, 0, p, Vec2::ZERO, 1, 0.0)
            })
            .collect();
        let mut grid = Grid::default();
        grid.rebuild(&agents, Vec2::splat(100.0), 10.0);
        assert!((fine_cell(&grid, 24) - 0.691).abs() < 1e-3);
        // Never below a sixteenth of the cell, never above it.
        assert_eq!(fine_cell(&grid, 1), 10.0 / 16.0);
        assert_eq!(fine_cell(&grid, 100_000), 10.0);
    }
}
