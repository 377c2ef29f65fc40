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
//!   answered together, one per SIMD lane (`wide::f32x4`): each candidate is broadcast to the
//!   four lanes, and each lane adds it when it is that agent's neighbour. A lane adds its
//!   neighbours one by one in the grid's order, exactly as a scalar loop does, so the sums are
//!   the same bits however agents are grouped into lanes or split over threads.
//! - **capped** (more neighbours than the cap, or more than [`fast_candidates`] candidates to
//!   scan): the `max_neighbors` nearest, found ring of cells by ring outwards until they are
//!   certain (or in the 2-d tree), summed in the grid's order;
//! - **naive** (the reference, `NeighborSearch::Naive`): every agent in agent order, capped the
//!   same way. The capped way gives the same bits as the naive way; the grid way sums the
//!   same neighbours in the grid's order, so it agrees with them up to f32 rounding.

use std::sync::OnceLock;

use glam::Vec2;
use wide::{CmpEq as _, CmpLe as _, CmpNe as _, f32x4};

use super::agent::Agent;
use super::grid::{CellBox, Grid};
use super::kdtree::KdTree;
use super::params::Group;
use super::types::{NeighborSums, away_from};

/// One rule's squared radius and group filter.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rule {
    radius2: f32,
    own_group_only: bool,
}

/// What the neighbour pass needs of a group: its rules and its cap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// The largest radius of the enabled rules (0: no neighbour pass).
    pub radius: f32,
    /// Separation, alignment, cohesion, when enabled.
    each: [Option<Rule>; 3],
    /// Most neighbours considered.
    pub cap: usize,
}

impl Rules {
    /// The rules of `group`'s enabled flocking blocks.
    #[must_use]
    pub fn of(group: &Group) -> Self {
        let rule = |enabled: bool, radius: f32, own_group_only: bool| {
            enabled.then_some(Rule {
                radius2: radius * radius,
                own_group_only,
            })
        };
        Self {
            radius: group.neighbor_radius(),
            each: [
                group
                    .separation
                    .as_ref()
                    .and_then(|b| rule(b.enabled, b.radius, b.own_group_only)),
                group
                    .alignment
                    .as_ref()
                    .and_then(|b| rule(b.enabled, b.radius, b.own_group_only)),
                group
                    .cohesion
                    .as_ref()
                    .and_then(|b| rule(b.enabled, b.radius, b.own_group_only)),
            ],
            cap: group.max_neighbors as usize,
        }
    }
}

/// What the pass found for one agent.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Found {
    /// Neighbours counted by separation, alignment and cohesion.
    pub counts: [u32; 3],
    /// Separation: sum of `normalize(position - neighbour.position)`.
    pub away: Vec2,
    /// Alignment: sum of neighbour velocities.
    pub velocity: Vec2,
    /// Cohesion: sum of neighbour positions.
    pub position: Vec2,
    /// Neighbours considered (within the largest radius, at most the cap).
    pub count: u32,
    /// Sum of their distances.
    pub distance_sum: f32,
}

impl Found {
    /// The three rules' sums.
    #[must_use]
    pub fn sums(&self) -> [NeighborSums; 3] {
        [
            NeighborSums {
                count: self.counts[0],
                away: self.away,
                ..NeighborSums::default()
            },
            NeighborSums {
                count: self.counts[1],
                velocity: self.velocity,
                ..NeighborSums::default()
            },
            NeighborSums {
                count: self.counts[2],
                position: self.position,
                ..NeighborSums::default()
            },
        ]
    }

    /// Adds one neighbour at `offset = me - neighbour` (squared length `d2`), for the rules
    /// it applies to.
    fn add(&mut self, rules: &Rules, same_group: bool, offset: Vec2, d2: f32, other: &Agent) {
        let distance = d2.sqrt();
        self.count += 1;
        self.distance_sum += distance;
        let applies = |rule: Option<Rule>| {
            rule.is_some_and(|r| d2 <= r.radius2 && (!r.own_group_only || same_group))
        };
        if applies(rules.each[0]) {
            self.counts[0] += 1;
            self.away += away_from(offset, distance);
        }
        if applies(rules.each[1]) {
            self.counts[1] += 1;
            self.velocity += other.velocity;
        }
        if applies(rules.each[2]) {
            self.counts[2] += 1;
            self.position += other.position;
        }
    }
}

/// How many grid candidates an agent's query scans at most for a cap of `cap` neighbours;
/// beyond that the capped way answers (its cost grows with the cap, not with the crowd).
#[must_use]
pub fn fast_candidates(cap: usize) -> usize {
    cap.saturating_mul(8).saturating_add(64)
}

/// One querying agent: where it is, its group and that group's rules.
#[derive(Clone, Copy)]
struct Me<'a> {
    index: usize,
    position: Vec2,
    group: usize,
    rules: &'a Rules,
}

impl<'a> Me<'a> {
    /// `None` when the group has no neighbour pass.
    fn new(index: usize, position: Vec2, group: usize, rules: &'a [Rules]) -> Option<Self> {
        let rules = rules.get(group)?;
        (rules.radius > 0.0).then_some(Self {
            index,
            position,
            group,
            rules,
        })
    }
}

/// The world's state a neighbour query reads.
pub struct Neighbors<'a> {
    /// The agents at the start of the tick.
    pub agents: &'a [Agent],
    /// Each group's rules.
    pub rules: &'a [Rules],
    /// The grid of the tick (empty for the naive search).
    pub grid: &'a Grid,
    /// The 2-d tree of every agent, built the first time a query needs it this tick.
    pub tree: &'a OnceLock<KdTree>,
}

/// Agents answered together, one per lane.
const LANES: usize = 4;

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
        self.capped(me)
    }

    /// With the grid: the sums of the agents at grid slots `first..first + out.len()` (the
    /// grid's cell order), into `out`. Any split of the slots gives the same bits.
    pub fn find_slots(&self, first: usize, out: &mut [Found]) {
        let mut group: Vec<(usize, Me<'_>)> = Vec::with_capacity(LANES);
        let mut union = CellBox::EMPTY;
        let flush = |group: &mut Vec<(usize, Me<'_>)>, union: CellBox, out: &mut [Found]| {
            if !group.is_empty() {
                self.lanes(group, union, out);
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
                out[offset] = self.capped(me);
                continue;
            }
            let wider = union.union(own);
            if group.len() == LANES || (!group.is_empty() && !union.close_to(wider)) {
                flush(&mut group, union, out);
                union = own;
            } else {
                union = wider;
            }
            group.push((offset, me));
        }
        flush(&mut group, union, out);
    }

    /// Whether an agent with the cell box `own` goes straight to the capped way: too many
    /// candidates to scan ([`fast_candidates`]), or so many that, spread evenly over the box,
    /// twice the cap would be within the radius (the lanes would find more than the cap and
    /// answer it again the capped way). Either way gives the same bits: the capped way sums
    /// the same neighbours in the same grid order.
    fn crowded(&self, own: CellBox, rules: &Rules) -> bool {
        let count = self.grid.box_count(own);
        if count > fast_candidates(rules.cap) {
            return true;
        }
        let cell = self.grid.cell_size();
        let area = own.cells() as f32 * cell * cell;
        let circle = std::f32::consts::PI * rules.radius * rules.radius;
        area > 0.0 && count as f32 * (circle / area).min(1.0) > 2.0 * rules.cap as f32
    }

    /// Answers the agents of `group` (slot in `out`, agent) together over the candidates of
    /// `union`; a lane with more neighbours than its cap takes the capped way.
    fn lanes(&self, group: &[(usize, Me<'_>)], union: CellBox, out: &mut [Found]) {
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
                    self.capped(me)
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

    /// The `cap` nearest (ties: the lower agent index). With the grid they are summed in the
    /// grid's order, found among the grid's candidates when those are few and in the 2-d tree
    /// otherwise; without it, in agent order.
    // Textbook names for the scan: agent i, column set c, coordinates x, y.
    #[allow(clippy::many_single_char_names)]
    fn capped(&self, me: Me<'_>) -> Found {
        let (i, rules) = (me.index, me.rules);
        let radius2 = rules.radius * rules.radius;
        let own = self.grid.cell_box(me.position, rules.radius);
        // (nearness key, agent index, grid slot): the key orders by squared distance, then by
        // the lower index, as one integer (see `nearness`).
        let mut within: Vec<(u64, u32, u32)> = Vec::new();
        if self.grid.box_count(own) <= fast_candidates(rules.cap) {
            self.ring_candidates(me, own, &mut within);
        } else {
            let tree = super::kdtree::of_agents(self.tree, self.agents);
            let mut nearest = Vec::new();
            tree.nearest_within(me.position, radius2, rules.cap, index_u32(i), &mut nearest);
            within.extend(nearest.into_iter().map(|(d2, j)| {
                let slot = self.grid.slot(j as usize).map_or(j, index_u32);
                (nearness(d2, j), j, slot)
            }));
        }
        if within.len() > rules.cap {
            // The cap-th nearest key, then the entries up to it, keeping their order: the grid's
            // candidates come in slot order already, so most answers need no sort.
            let mut keys: Vec<u64> = within.iter().map(|e| e.0).collect();
            match rules.cap.checked_sub(1) {
                Some(last) => {
                    let (_, &mut kth, _) = keys.select_nth_unstable(last);
                    within.retain(|e| e.0 <= kth);
                }
                None => within.clear(),
            }
        }
        if !within.is_sorted_by_key(|e| e.2) {
            within.sort_unstable_by_key(|e| e.2);
        }
        self.sum_in_order(me, within.iter().map(|&(_, j, _)| j))
    }

    /// The grid's candidates within the radius of `me`, ring of cells by ring of cells
    /// outwards from its own cell, into `within` (nearness key, agent index, slot). It stops
    /// once the cap's nearest are certain: when `cap` candidates are nearer than any cell not
    /// yet scanned can be (the scanned block's nearest unscanned edge), or the whole box is
    /// scanned. What is found is a superset of the cap nearest, so the answer is the same as
    /// scanning the whole box; a dense crowd scans a few cells instead of the whole box.
    // Textbook names for the scan: cell size h, column set c, coordinates x, y, ring m.
    #[allow(clippy::many_single_char_names)]
    fn ring_candidates(&self, me: Me<'_>, own: CellBox, within: &mut Vec<(u64, u32, u32)>) {
        let (c0, c1, r0, r1) = own.bounds();
        if c0 > c1 || r0 > r1 {
            return;
        }
        let (ca, ra) = self.grid.cell_of(me.position);
        let (ca, ra) = (ca.clamp(c0, c1), ra.clamp(r0, r1));
        let h = self.grid.cell_size();
        let radius2 = me.rules.radius * me.rules.radius;
        let (px, py) = (me.position.x, me.position.y);
        let c = self.grid.columns();
        let scan = |range: std::ops::Range<usize>, within: &mut Vec<(u64, u32, u32)>| {
            let start = range.start;
            let (Some(x), Some(y), Some(index)) = (
                c.x.get(range.clone()),
                c.y.get(range.clone()),
                c.index.get(range),
            ) else {
                return;
            };
            for (k, ((&x, &y), &j)) in x.iter().zip(y).zip(index).enumerate() {
                let (dx, dy) = (px - x, py - y);
                let d2 = dx * dx + dy * dy;
                // The columns hold exact small integers as f32 (see `grid::Columns`).
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let j = j as u32;
                if d2 <= radius2 && j as usize != me.index {
                    within.push((nearness(d2, j), j, index_u32(start + k)));
                }
            }
        };
        for m in 0.. {
            let (lo_c, hi_c) = (ca.saturating_sub(m).max(c0), (ca + m).min(c1));
            for r in ra.saturating_sub(m).max(r0)..=(ra + m).min(r1) {
                if r.abs_diff(ra) == m {
                    scan(self.grid.row_range(r, lo_c, hi_c), within);
                } else {
                    if ca >= m && ca - m >= c0 {
                        scan(self.grid.row_range(r, ca - m, ca - m), within);
                    }
                    if ca + m <= c1 {
                        scan(self.grid.row_range(r, ca + m, ca + m), within);
                    }
                }
            }
            // How near an unscanned cell of the box can be: its nearest side's edge.
            let side = |covered: bool, gap: f32| if covered { f32::INFINITY } else { gap };
            #[allow(clippy::cast_precision_loss)]
            let reach = side(ca < m || ca - m <= c0, px - (ca - m.min(ca)) as f32 * h)
                .min(side(ca + m >= c1, (ca + m + 1) as f32 * h - px))
                .min(side(
                    ra < m || ra - m <= r0,
                    py - (ra - m.min(ra)) as f32 * h,
                ))
                .min(side(ra + m >= r1, (ra + m + 1) as f32 * h - py));
            if reach == f32::INFINITY {
                return;
            }
            if reach > 0.0 {
                // A hair inside the edge, so that no rounding of an unscanned agent's squared
                // distance can put it before one counted as certain.
                let certain = nearness(reach * reach * 0.9999, 0);
                if within.iter().filter(|e| e.0 < certain).count() >= me.rules.cap {
                    return;
                }
            }
        }
    }

    /// Sums the neighbours listed (agent indices), in list order.
    fn sum_in_order(&self, me: Me<'_>, list: impl IntoIterator<Item = u32>) -> Found {
        let mut found = Found::default();
        for j in list {
            if let Some(other) = self.agents.get(j as usize) {
                let offset = me.position - other.position;
                let same_group = usize::from(other.group) == me.group;
                found.add(me.rules, same_group, offset, offset.length_squared(), other);
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

/// `(squared distance, agent index)` as one integer ordered as the pair is (nearer first,
/// then the lower index): a squared distance is never negative, and the bits of non-negative
/// floats order as their values.
fn nearness(d2: f32, index: u32) -> u64 {
    (u64::from(d2.max(0.0).to_bits()) << 32) | u64::from(index)
}

fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// A mask lane: all bits set.
fn on() -> f32 {
    f32::from_bits(u32::MAX)
}

/// The agents of one lane group, one per lane, as vectors. An empty lane has a radius of -1:
/// no squared distance is within it.
struct Query {
    px: f32x4,
    py: f32x4,
    index: f32x4,
    group: f32x4,
    radius2: f32x4,
    /// Each rule's squared radius per lane (-1 when off).
    rule2: [f32x4; 3],
    /// Per rule, the lanes whose rule counts every group (all ones) or only their own (0).
    any_group: [f32x4; 3],
    /// Cohesion's lanes are alignment's in every lane (same radius and group filter).
    cohesion_as_alignment: bool,
    /// Some lane keeps some rule to its own group, and the world has more than one group.
    filter_groups: bool,
    /// Alignment's lanes are the neighbours' in every lane (its radius is the largest and it
    /// filters no group): its count is the neighbour count.
    alignment_is_within: bool,
}

impl Query {
    fn new(agents: &[Option<Me<'_>>; LANES], groups: usize) -> Self {
        let lane = |f: &dyn Fn(&Me<'_>) -> f32, empty: f32| {
            f32x4::from(agents.map(|a| a.map_or(empty, |me| f(&me))))
        };
        let rule = |k: usize| lane(&|me| me.rules.each[k].map_or(-1.0, |r| r.radius2), -1.0);
        let any_group = |k: usize| {
            lane(
                &|me| {
                    if me.rules.each[k].is_some_and(|r| r.own_group_only) {
                        0.0
                    } else {
                        on()
                    }
                },
                on(),
            )
        };
        Self {
            px: lane(&|me| me.position.x, 0.0),
            py: lane(&|me| me.position.y, 0.0),
            // Exact: far below 2^24 (see `grid::Columns`).
            #[allow(clippy::cast_precision_loss)]
            index: lane(&|me| me.index as f32, -1.0),
            #[allow(clippy::cast_precision_loss)]
            group: lane(&|me| me.group as f32, -1.0),
            radius2: lane(&|me| me.rules.radius * me.rules.radius, -1.0),
            rule2: [rule(0), rule(1), rule(2)],
            any_group: [any_group(0), any_group(1), any_group(2)],
            cohesion_as_alignment: agents
                .iter()
                .flatten()
                .all(|me| me.rules.each[1] == me.rules.each[2]),
            filter_groups: groups > 1
                && agents
                    .iter()
                    .flatten()
                    .any(|me| me.rules.each.iter().flatten().any(|r| r.own_group_only)),
            alignment_is_within: agents.iter().flatten().all(|me| {
                let rules = me.rules;
                rules.each[1].is_some_and(|r| {
                    // The same float computed the same way: equal bits, not a margin.
                    r.radius2.to_bits() == (rules.radius * rules.radius).to_bits()
                        && (!r.own_group_only || groups <= 1)
                })
            }),
        }
    }
}

/// Per-lane running sums.
#[derive(Default)]
struct Lanes {
    count: f32x4,
    distance: f32x4,
    counts: [f32x4; 3],
    away_x: f32x4,
    away_y: f32x4,
    vel_x: f32x4,
    vel_y: f32x4,
    pos_x: f32x4,
    pos_y: f32x4,
}

impl Lanes {
    /// Adds one candidate `[x, y, vx, vy, group, index]` to the lanes it is a neighbour of. A
    /// mask lane is all ones or all zeros, so `value & mask` keeps a value or makes it +0.0,
    /// which leaves a sum as it was (a sum that starts at +0.0 is never -0.0). There is no
    /// branch on the masks: they change from one candidate to the next, and mispredicted
    /// branches cost more than the arithmetic they would skip.
    #[inline]
    fn add(&mut self, q: &Query, [x, y, vx, vy, group, index]: [f32; 6]) {
        let one = f32x4::ONE;
        let (x, y) = (f32x4::splat(x), f32x4::splat(y));
        let dx = q.px - x;
        let dy = q.py - y;
        let d2 = dx * dx + dy * dy;
        let within = d2.cmp_le(q.radius2) & f32x4::splat(index).cmp_ne(q.index);
        let distance = d2.sqrt();
        if !q.alignment_is_within {
            self.count += one & within;
        }
        self.distance += distance & within;
        let same = if q.filter_groups {
            f32x4::splat(group).cmp_eq(q.group)
        } else {
            within
        };
        let rule = |k: usize| {
            let m = within & d2.cmp_le(q.rule2[k]);
            if q.filter_groups {
                m & (same | q.any_group[k])
            } else {
                m
            }
        };
        let separation = rule(0);
        self.counts[0] += one & separation;
        let away_x = dx / distance;
        let away_y = dy / distance;
        let positive = separation & distance.cmp_ne(f32x4::ZERO);
        if positive.move_mask() == separation.move_mask() {
            self.away_x += away_x & positive;
            self.away_y += away_y & positive;
        } else {
            self.add_away_at_zero(separation, dx, dy, away_x, away_y);
        }
        let alignment = if q.alignment_is_within {
            within
        } else {
            rule(1)
        };
        let cohesion = if q.cohesion_as_alignment {
            alignment
        } else {
            rule(2)
        };
        self.counts[1] += one & alignment;
        self.vel_x += f32x4::splat(vx) & alignment;
        self.vel_y += f32x4::splat(vy) & alignment;
        self.counts[2] += one & cohesion;
        self.pos_x += x & cohesion;
        self.pos_y += y & cohesion;
    }

    /// Separation when some lane's neighbour is at a distance that rounds to 0: coincident
    /// agents add nothing, and an offset too small to square adds its direction, as
    /// `away_from` does.
    #[cold]
    fn add_away_at_zero(
        &mut self,
        separation: f32x4,
        dx: f32x4,
        dy: f32x4,
        away_x: f32x4,
        away_y: f32x4,
    ) {
        let mask = separation.to_array();
        let (dx, dy) = (dx.to_array(), dy.to_array());
        let (mut ax, mut ay) = (away_x.to_array(), away_y.to_array());
        for lane in 0..LANES {
            if mask[lane] == 0.0 {
                ax[lane] = 0.0;
                ay[lane] = 0.0;
            } else if dx[lane] * dx[lane] + dy[lane] * dy[lane] == 0.0 {
                let away = away_from(Vec2::new(dx[lane], dy[lane]), 0.0);
                ax[lane] = away.x;
                ay[lane] = away.y;
            }
        }
        self.away_x += f32x4::from(ax);
        self.away_y += f32x4::from(ay);
    }

    /// Each lane's sums.
    fn finish(self, q: &Query) -> [Found; LANES] {
        // Lane counts are whole numbers far below 2^24: exact in f32.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let whole = |v: f32x4| v.to_array().map(|c| c as u32);
        let count = whole(if q.alignment_is_within {
            self.counts[1]
        } else {
            self.count
        });
        let distance = self.distance.to_array();
        let counts = self.counts.map(whole);
        let (ax, ay) = (self.away_x.to_array(), self.away_y.to_array());
        let (vx, vy) = (self.vel_x.to_array(), self.vel_y.to_array());
        let (px, py) = (self.pos_x.to_array(), self.pos_y.to_array());
        std::array::from_fn(|lane| Found {
            counts: counts.map(|c| c[lane]),
            away: Vec2::new(ax[lane], ay[lane]),
            velocity: Vec2::new(vx[lane], vy[lane]),
            position: Vec2::new(px[lane], py[lane]),
            count: count[lane],
            distance_sum: distance[lane],
        })
    }
}
