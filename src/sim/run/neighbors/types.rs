//! What the neighbour pass's ways share: each group's rules, what is found for an agent, the
//! querying agent and the world's state a query reads.

use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use glam::Vec2;

use crate::sim::model::types::{NeighborSums, away_from};
use crate::sim::run::grid::Grid;
use crate::sim::steer::agent::Agent;
use crate::sim::steer::params::Group;

/// How far one flocking rule reaches: its squared radius and group filter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Reach {
    pub(super) radius2: f32,
    pub(super) own_group_only: bool,
}

/// What the neighbour pass needs of a group: its rules and its cap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// The largest radius of the enabled rules (0: no neighbour pass).
    pub radius: f32,
    /// Separation, alignment, cohesion, when enabled.
    pub(super) each: [Option<Reach>; 3],
    /// Most neighbours considered.
    pub cap: usize,
}

impl Rules {
    /// The rules of `group`'s enabled flocking blocks.
    #[must_use]
    pub fn of(group: &Group) -> Self {
        let rule = |enabled: bool, radius: f32, own_group_only: bool| {
            enabled.then_some(Reach {
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

    /// Adds one neighbour at `offset = me - neighbour` (squared length `d2`), with its
    /// `velocity` and `position`, for the rules it applies to. Inlined into the loops that call
    /// it, so that the sums stay in registers from one neighbour to the next (called, each
    /// `+=` went through memory, and a store forwarded to the next neighbour's load bound the
    /// loop).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn add(
        &mut self,
        rules: &Rules,
        same_group: bool,
        offset: Vec2,
        d2: f32,
        other: [Vec2; 2],
    ) {
        let distance = d2.sqrt();
        self.add_at(
            rules,
            same_group,
            [d2, distance],
            away_from(offset, distance),
            other,
        );
    }

    /// [`Self::add`] with the squared distance and the distance worked out, and separation's
    /// `away` (`away_from(offset, distance)`).
    #[inline]
    pub(super) fn add_at(
        &mut self,
        rules: &Rules,
        same_group: bool,
        [d2, distance]: [f32; 2],
        away: Vec2,
        [velocity, position]: [Vec2; 2],
    ) {
        self.count += 1;
        self.distance_sum += distance;
        let applies = |rule: Option<Reach>| {
            rule.is_some_and(|r| d2 <= r.radius2 && (!r.own_group_only || same_group))
        };
        if applies(rules.each[0]) {
            self.counts[0] += 1;
            self.away += away;
        }
        if applies(rules.each[1]) {
            self.counts[1] += 1;
            self.velocity += velocity;
        }
        if applies(rules.each[2]) {
            self.counts[2] += 1;
            self.position += position;
        }
    }
}

/// One querying agent: where it is, its group and that group's rules.
#[derive(Clone, Copy)]
pub(super) struct Me<'a> {
    pub(super) index: usize,
    pub(super) position: Vec2,
    pub(super) group: usize,
    pub(super) rules: &'a Rules,
}

impl<'a> Me<'a> {
    /// `None` when the group has no neighbour pass.
    pub(super) fn new(
        index: usize,
        position: Vec2,
        group: usize,
        rules: &'a [Rules],
    ) -> Option<Self> {
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
    /// The world's size (the grids' extent).
    pub size: Vec2,
    /// The finer grid of the capped way: built before the pass when the tick before needed
    /// one, else by the first query that needs it.
    pub fine: &'a OnceLock<Grid>,
    /// Set when a query takes the capped way (the world then builds the fine grid up front
    /// on the next tick).
    pub fine_used: &'a AtomicBool,
}

/// Agents answered together, one per lane.
pub(super) const LANES: usize = 4;

/// `(squared distance, agent index)` as one integer ordered as the pair is (nearer first,
/// then the lower index), for an index as the grid's columns hold it (an exact whole `f32`):
/// a squared distance is never negative, and the bits of non-negative floats order as their
/// values.
#[inline]
pub(super) fn nearness(d2: f32, index: f32) -> u64 {
    (u64::from(d2.max(0.0).to_bits()) << 32) | u64::from(index.max(0.0).to_bits())
}

pub(super) fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}
