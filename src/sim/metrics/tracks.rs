//! Each agent's track: what its run has come to so far, kept by agent id in two parts. The
//! motion every tick adds to fills one cache line of its own; the arrival, read and written
//! only for agents with a target (or caught by a pursuer), lies apart, so a crowd with no
//! target streams one line a tick per agent, not three.

use glam::Vec2;

use super::{AT_MAX, AgentTrack, MIN_TOLERANCE, World, arrival_target, flocks};
use crate::sim::Group;
use crate::sim::params::Target;

/// What every tick adds to: one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
pub(super) struct Motion {
    /// `Σ |v| dt` (world units).
    path_length: f64,
    /// `Σ |Δ heading|` (radians).
    heading_change: f64,
    /// `Σ |F_t − F_{t−1}|` over the ticks after the first.
    force_change: f64,
    /// `Σ v dt` (world units).
    displacement: Vec2,
    last_heading: Vec2,
    last_force: Vec2,
    /// Ticks observed, and of those at `max_speed` and at `max_force` (each saturating: 2³²
    /// ticks are over two years at 60 a second).
    ticks: u32,
    at_max_speed: u32,
    at_max_force: u32,
    /// Whether the agent of this id has been seen (ids of agents never seen have no track).
    seen: bool,
}

/// What only an agent with a target (or a pursuer's prey) needs.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Arrival {
    first_tick: u64,
    arrived_after_secs: Option<f64>,
    settled_after_secs: Option<f64>,
    approach: Vec2,
    overshoot: f32,
    error: Option<f32>,
    /// The motion's tick count when `error` was measured: an observation since, with no
    /// target, leaves it out (an agent not observed, as while it is removed, keeps it).
    error_on: u32,
    targeted: bool,
    was_inside: bool,
    captured: bool,
}

/// Every agent's track, by agent id.
#[derive(Clone, Debug, Default)]
pub(super) struct Tracks {
    motion: Vec<Motion>,
    arrival: Vec<Arrival>,
}

impl Tracks {
    /// The track of the agent with this id.
    pub(super) fn get(&self, id: u32) -> Option<AgentTrack> {
        let k = id as usize;
        let (m, a) = (self.motion.get(k)?, self.arrival.get(k)?);
        m.seen.then(|| AgentTrack {
            first_tick: a.first_tick,
            ticks: u64::from(m.ticks),
            path_length: m.path_length,
            displacement: m.displacement,
            heading_change: m.heading_change,
            force_change: m.force_change,
            at_max_speed: u64::from(m.at_max_speed),
            at_max_force: u64::from(m.at_max_force),
            arrived_after_secs: a.arrived_after_secs,
            approach: a.approach,
            overshoot: a.overshoot,
            settled_after_secs: a.settled_after_secs,
            error: a.error.filter(|_| a.error_on == m.ticks),
            captured: a.captured,
            targeted: a.targeted,
        })
    }

    /// Starts a track for each agent of `world` not seen before, at the world's tick.
    pub(super) fn sight(&mut self, world: &World) {
        let records = world.records();
        for (i, a) in world.agents().iter().enumerate() {
            let k = a.id as usize;
            if k >= self.motion.len() {
                self.motion.resize(k + 1, Motion::default());
                self.arrival.resize(k + 1, Arrival::default());
            }
            if !self.motion[k].seen {
                self.motion[k] = Motion {
                    seen: true,
                    last_heading: a.heading(),
                    last_force: records.get(i).map_or(Vec2::ZERO, |r| r.applied),
                    ..Motion::default()
                };
                self.arrival[k] = Arrival {
                    first_tick: world.tick(),
                    ..Arrival::default()
                };
            }
        }
    }

    /// Marks the agent with this id caught, when it has a track.
    pub(super) fn capture(&mut self, id: u32) {
        let k = id as usize;
        if self.motion.get(k).is_some_and(|m| m.seen)
            && let Some(a) = self.arrival.get_mut(k)
        {
            a.captured = true;
        }
    }
}

/// What the tracks of a group's agents read from the group, looked up once per run of agents.
#[derive(Clone, Copy)]
struct Look<'a> {
    /// Speeds from this on count as at `max_speed`.
    fast: f32,
    /// Forces from this on count as at `max_force` (none when `max_force` is not positive).
    strong: Option<f32>,
    /// The arrival target (see [`arrival_target`]).
    target: Option<&'a Target>,
    /// Within this of its target an agent has arrived.
    tolerance: f32,
}

impl<'a> Look<'a> {
    fn of(group: &'a Group) -> Self {
        Self {
            fast: group.max_speed * (1.0 - AT_MAX),
            strong: (group.max_force > 0.0).then_some(group.max_force * (1.0 - AT_MAX)),
            target: arrival_target(group),
            tolerance: group.radius.max(MIN_TOLERANCE),
        }
    }
}

/// Agent `a`'s motion takes in the tick the world has just run (`heading`: its heading,
/// `force`: the force applied to it).
fn add_motion(
    m: &mut Motion,
    a: &crate::sim::Agent,
    heading: Vec2,
    force: Vec2,
    look: Look<'_>,
    dt: f32,
) {
    let speed = a.velocity.length();
    m.ticks = m.ticks.saturating_add(1);
    m.path_length += f64::from(speed * dt);
    m.displacement += a.velocity * dt;
    m.heading_change += turn(m.last_heading, heading);
    m.last_heading = heading;
    if m.ticks > 1 {
        m.force_change += f64::from((force - m.last_force).length());
    }
    m.last_force = force;
    if speed >= look.fast {
        m.at_max_speed = m.at_max_speed.saturating_add(1);
    }
    if look.strong.is_some_and(|strong| force.length() >= strong) {
        m.at_max_force = m.at_max_force.saturating_add(1);
    }
}

/// Agent `i`'s arrival takes in the tick the world has just run, toward `target` (`observed`:
/// its motion's tick count, this tick's included).
fn add_arrival(
    world: &World,
    i: usize,
    target: &Target,
    look: Look<'_>,
    observed: u32,
    t: &mut Arrival,
) {
    let Some(a) = world.agents().get(i) else {
        return;
    };
    let Some((target, _)) = world.locate(target, i) else {
        return;
    };
    t.targeted = true;
    let offset = a.position - target;
    let distance = offset.length();
    let inside = distance <= look.tolerance;
    let secs = || (world.tick() - t.first_tick) as f64 * f64::from(world.spec().dt);
    if inside && t.arrived_after_secs.is_none() {
        t.arrived_after_secs = Some(secs());
        // The direction of travel toward the target: past it is along this.
        t.approach = (-offset)
            .try_normalize()
            .unwrap_or_else(|| a.velocity.try_normalize().unwrap_or(a.heading()));
    }
    if t.arrived_after_secs.is_some() {
        t.overshoot = t.overshoot.max(offset.dot(t.approach));
    }
    if inside && !t.was_inside {
        t.settled_after_secs = Some(secs());
    } else if !inside {
        t.settled_after_secs = None;
    }
    t.was_inside = inside;
    t.error = Some(distance);
    t.error_on = observed;
}

/// Agents per piece of the tracks' work over the threads.
const TRACK_CHUNK: usize = 1024;

/// The angle between unit vectors `a` and `b`, in `[0, π]`: `atan2(|a × b|, a · b)`, worked in
/// f64 (the products of f32 components are exact there).
///
/// A tick's turn is small, where `atan(t)`, `t = |a × b| / (a · b) ≤ 1/8`, is its series
/// `t − t³/3 + t⁵/5 − …` cut after `t¹¹/11`: the first term left out is below `1.2 · 10⁻¹²` of
/// `t`, far under the f32 inputs' own rounding, at a fraction of the cost of `atan2`; larger turns take
/// `atan2` itself.
fn turn(a: Vec2, b: Vec2) -> f64 {
    let (a, b) = (a.as_dvec2(), b.as_dvec2());
    let (cross, dot) = (a.perp_dot(b).abs(), a.dot(b));
    if dot > 0.0 && cross <= 0.125 * dot {
        let t = cross / dot;
        let t2 = t * t;
        let series = 1.0 / 11.0;
        let series = 1.0 / 9.0 - t2 * series;
        let series = 1.0 / 7.0 - t2 * series;
        let series = 1.0 / 5.0 - t2 * series;
        let series = 1.0 / 3.0 - t2 * series;
        return t * (1.0 - t2 * series);
    }
    libm::atan2(cross, dot)
}

/// Every agent's track takes in the tick the world has just run, and the flock sums of each run of agents: whether an agent had no track yet, and the sums.
///
/// Agents are in id order, so each chunk of them owns a run of the tracks (by id): the chunks
/// are worked on at once, each agent's track on its own.
pub(super) fn take(
    world: &World,
    tracks: &mut Tracks,
    flocking: &[bool],
) -> Vec<(bool, Vec<flocks::Sums>)> {
    let agents = world.agents();
    let (mut motion, mut arrival) = (&mut tracks.motion[..], &mut tracks.arrival[..]);
    let mut taken = 0;
    let mut items = Vec::new();
    for range in world.chunks(TRACK_CHUNK) {
        let end = agents
            .get(range.end)
            .map_or(usize::MAX, |a| a.id as usize)
            .saturating_sub(taken)
            .min(motion.len())
            .min(arrival.len());
        let (m, m_after) = motion.split_at_mut(end);
        let (a, a_after) = arrival.split_at_mut(end);
        items.push((range, taken, m, a));
        taken += end;
        (motion, arrival) = (m_after, a_after);
    }
    let looks: Vec<Look<'_>> = world.spec().groups.iter().map(Look::of).collect();
    let records = world.records();
    let dt = world.spec().dt;
    world.map_each(items, |(range, first_id, motion, arrival)| {
        let mut fresh = false;
        let mut first = flocks::FirstPass::new(flocking);
        for i in range.clone() {
            let Some(a) = agents.get(i) else {
                continue;
            };
            let Some(&look) = looks.get(usize::from(a.group)) else {
                continue;
            };
            let heading = a.heading();
            first.add(a, heading);
            let k = (a.id as usize).checked_sub(first_id);
            let observed = match k.and_then(|k| motion.get_mut(k)) {
                Some(m) if m.seen => {
                    let force = records.get(i).map_or(Vec2::ZERO, |r| r.applied);
                    add_motion(m, a, heading, force, look, dt);
                    m.ticks
                }
                _ => {
                    fresh = true;
                    continue;
                }
            };
            if let Some(target) = look.target
                && let Some(t) = k.and_then(|k| arrival.get_mut(k))
            {
                add_arrival(world, i, target, look, observed, t);
            }
        }
        let mut sums = first.sums();
        flocks::finish(flocking, &mut sums, agents.get(range).unwrap_or_default());
        (fresh, sums)
    })
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    proptest! {
        /// The turn, by its series for small turns and `atan2` past them, is the angle between
        /// the two headings: within `2 · 10⁻¹²` of it (relative) for any pair, from a hair to
        /// a reversal, and exactly 0 for the same heading.
        // The same heading turns by exactly 0: an exact value.
        #[allow(clippy::float_cmp)]
        #[test]
        fn the_turn_is_the_angle_between_headings(
            from in -std::f32::consts::PI..std::f32::consts::PI,
            by in prop_oneof![-1.0e-6_f32..1.0e-6, -0.2_f32..0.2, -3.2_f32..3.2],
        ) {
            let (a, b) = (Vec2::from_angle(from), Vec2::from_angle(from + by));
            let (da, db) = (a.as_dvec2(), b.as_dvec2());
            let exact = libm::atan2(da.perp_dot(db).abs(), da.dot(db));
            let turn = super::turn(a, b);
            prop_assert!((turn - exact).abs() <= 2.0e-12 * exact, "{} against {}", turn, exact);
            prop_assert_eq!(super::turn(a, a), 0.0);
        }
    }
}
