//! The neighbour pass of the flocking rules: for each agent, the sums separation, alignment
//! and cohesion reduce (see [`NeighborSums`]), over the agents within its group's largest
//! flocking radius.
//!
//! An agent considers at most `max_neighbors` neighbours (its group's cap): when more are
//! within the radius, it takes the `max_neighbors` nearest, ties broken by the lower agent
//! index. That keeps a tick linear in the number of agents even when a radius covers the whole
//! world, and the choice depends only on positions, never on threads.
//!
//! Three ways, each deterministic and each summing in a fixed order:
//! - **grid** (the usual case): the candidates of the grid cells around the agent, row by row
//!   and in cell order. Four agents that sit near each other in the grid's cell order are
//!   answered together, one per SIMD lane (see [`lanes`]): each candidate is broadcast to the
//!   four lanes, and each lane adds it when it is that agent's neighbour. A lane adds its
//!   neighbours one by one in the grid's order, exactly as a scalar loop does, so the sums are
//!   the same bits however agents are grouped into lanes or split over threads.
//! - **capped** (more neighbours than the cap, or a crowd so dense that there would be, see
//!   [`nearest`]): the `max_neighbors` nearest, found in a finer grid within a distance guessed
//!   from its cell counts, and summed in that grid's order; its cost follows the cap, not the
//!   crowd.
//! - **naive** (the reference, `NeighborSearch::Naive`): every agent in agent order, capped the
//!   same way. The grid and capped ways sum the naive way's neighbours in their grids' order,
//!   so they agree with it up to f32 rounding.

mod lanes;
mod nearest;
mod types;

use glam::Vec2;

use crate::sim::run::grid::CellBox;
use lanes::{Lanes, Query};
use nearest::Scratch;
pub use nearest::fine_cell_for;
pub use types::{Found, Neighbors, Rules};
use types::{LANES, Me, index_u32};

/// How many grid candidates an agent's query scans at most for a cap of `cap` neighbours;
/// beyond that the capped way answers (its cost grows with the cap, not with the crowd).
#[must_use]
pub fn fast_candidates(cap: usize) -> usize {
    cap.saturating_mul(8).saturating_add(64)
}

impl Neighbors<'_> {
    fn rules_of(&self, i: usize) -> Option<Me<'_>> {
        let agent = self.agents.get(i)?;
        Me::new(i, agent.position, usize::from(agent.group), self.rules)
    }

    /// The agent at grid slot `k`, read from the grid's columns (in slot order, so a pass
    /// over slots reads memory in order rather than jumping about the agent list).
    fn at_slot(&self, k: usize) -> Option<Me<'_>> {
        let c = self.grid.columns();
        let (&x, &y, &group, &index) = (c.x.get(k)?, c.y.get(k)?, c.group.get(k)?, c.index.get(k)?);
        // The columns hold exact small integers as f32 (see `grid::Columns`).
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Me::new(index as usize, Vec2::new(x, y), group as usize, self.rules)
    }

    /// The neighbour sums of agent `i`, on its own (the naive search, or the capped way).
    #[must_use]
    pub fn find(&self, i: usize) -> Found {
        let Some(me) = self.rules_of(i) else {
            return Found::default();
        };
        if self.grid.cell_size() <= 0.0 {
            return self.naive(me);
        }
        self.capped(me, &mut Scratch::default())
    }

    /// With the grid: the sums of the agents at grid slots `first..first + out.len()` (the
    /// grid's cell order), into `out`. Any split of the slots gives the same bits.
    pub fn find_slots(&self, first: usize, out: &mut [Found]) {
        // Scratch for the capped way, reused over the slots.
        let mut scratch = Scratch::default();
        let mut group: Vec<(usize, Me<'_>)> = Vec::with_capacity(LANES);
        let mut union = CellBox::EMPTY;
        let flush = |group: &mut Vec<(usize, Me<'_>)>,
                     union: CellBox,
                     out: &mut [Found],
                     scratch: &mut Scratch| {
            if !group.is_empty() {
                self.lanes(group, union, out, scratch);
                group.clear();
            }
        };
        for offset in 0..out.len() {
            out[offset] = Found::default();
            let Some(me) = self.at_slot(first + offset) else {
                continue;
            };
            let own = self.grid.cell_box(me.position, me.rules.radius);
            if self.crowded(own, me.rules) {
                out[offset] = self.capped(me, &mut scratch);
                continue;
            }
            let wider = union.union(own);
            if group.len() == LANES || (!group.is_empty() && !union.close_to(wider)) {
                flush(&mut group, union, out, &mut scratch);
                union = own;
            } else {
                union = wider;
            }
            group.push((offset, me));
        }
        flush(&mut group, union, out, &mut scratch);
    }

    /// Whether an agent with the cell box `own` goes straight to the capped way: too many
    /// candidates to scan ([`fast_candidates`]), or so many that, spread evenly over the box,
    /// more than the cap would be within the radius (the lanes would likely find more than the
    /// cap and answer it again the capped way; measured: 4% faster on 20,000 sheep than at
    /// twice the cap). Either way gives the same bits: an agent with at most the cap the
    /// capped way sums in the lanes' order.
    fn crowded(&self, own: CellBox, rules: &Rules) -> bool {
        let count = self.grid.box_count(own);
        if count > fast_candidates(rules.cap) {
            return true;
        }
        let cell = self.grid.cell_size();
        let area = own.cells() as f32 * cell * cell;
        let circle = std::f32::consts::PI * rules.radius * rules.radius;
        area > 0.0 && count as f32 * (circle / area).min(1.0) > rules.cap as f32
    }

    /// Answers the agents of `group` (slot in `out`, agent) together over the candidates of
    /// `union`; a lane with more neighbours than its cap takes the capped way.
    fn lanes(
        &self,
        group: &[(usize, Me<'_>)],
        union: CellBox,
        out: &mut [Found],
        scratch: &mut Scratch,
    ) {
        let mut agents = [None; LANES];
        for (lane, &(_, me)) in group.iter().enumerate() {
            agents[lane] = Some(me);
        }
        let query = Query::new(&agents, self.rules.len());
        let mut sums = Lanes::default();
        let c = self.grid.columns();
        for range in self.grid.box_rows(union) {
            let (Some(x), Some(y), Some(vx), Some(vy), Some(g), Some(index)) = (
                c.x.get(range.clone()),
                c.y.get(range.clone()),
                c.vx.get(range.clone()),
                c.vy.get(range.clone()),
                c.group.get(range.clone()),
                c.index.get(range.clone()),
            ) else {
                continue;
            };
            let candidates = x.iter().zip(y).zip(vx).zip(vy).zip(g).zip(index);
            for (((((&x, &y), &vx), &vy), &g), &index) in candidates {
                sums.add(&query, [x, y, vx, vy, g, index]);
            }
        }
        let found = sums.finish(&query);
        for (&(slot, me), found) in group.iter().zip(found) {
            if let Some(out) = out.get_mut(slot) {
                *out = if found.count as usize > me.rules.cap {
                    self.capped(me, scratch)
                } else {
                    found
                };
            }
        }
    }

    /// Every agent in agent order, capped to the nearest.
    fn naive(&self, me: Me<'_>) -> Found {
        let radius2 = me.rules.radius * me.rules.radius;
        let mut within: Vec<(f32, u32)> = Vec::new();
        for (j, other) in self.agents.iter().enumerate() {
            let d2 = (me.position - other.position).length_squared();
            if j != me.index && d2 <= radius2 {
                within.push((d2, index_u32(j)));
            }
        }
        keep_nearest(&mut within, me.rules.cap);
        self.sum_in_order(me, within.iter().map(|&(_, j)| j))
    }

    /// Sums the neighbours listed (agent indices), in list order.
    fn sum_in_order(&self, me: Me<'_>, list: impl IntoIterator<Item = u32>) -> Found {
        let mut found = Found::default();
        for j in list {
            if let Some(other) = self.agents.get(j as usize) {
                let offset = me.position - other.position;
                let same_group = usize::from(other.group) == me.group;
                found.add(
                    me.rules,
                    same_group,
                    offset,
                    offset.length_squared(),
                    [other.velocity, other.position],
                );
            }
        }
        found
    }
}

/// Keeps the `cap` nearest of `within` (squared distance, agent index; ties: the lower index),
/// in agent order.
fn keep_nearest(within: &mut Vec<(f32, u32)>, cap: usize) {
    if within.len() > cap {
        if cap > 0 {
            within.select_nth_unstable_by(cap - 1, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        }
        within.truncate(cap);
    }
    within.sort_unstable_by_key(|e| e.1);
}
