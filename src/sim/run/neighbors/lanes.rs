//! The lanes of the grid way: four agents answered together, one per `f32x4` lane, over the
//! candidates of their cells (see the parent module).

use glam::Vec2;
use wide::{CmpEq as _, CmpLe as _, CmpNe as _, f32x4};

use super::types::{Found, LANES, Me};
use crate::sim::model::types::away_from;

/// A mask lane: all bits set.
fn on() -> f32 {
    f32::from_bits(u32::MAX)
}

/// The agents of one lane group, one per lane, as vectors. An empty lane has a radius of -1:
/// no squared distance is within it.
pub(super) struct Query {
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
    pub(super) fn new(agents: &[Option<Me<'_>>; LANES], groups: usize) -> Self {
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
pub(super) struct Lanes {
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
    pub(super) fn add(&mut self, q: &Query, [x, y, vx, vy, group, index]: [f32; 6]) {
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
    pub(super) fn finish(self, q: &Query) -> [Found; LANES] {
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
