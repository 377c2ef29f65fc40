//! Each agent's track: what its run has come to so far (arrival, motion), taken in tick by
//! tick over the world's threads.

use glam::Vec2;

use super::{
    AT_MAX, AgentTrack, MIN_TOLERANCE, STUCK_SECS, STUCK_SPEED, World, arrival_target, flocks,
};
use crate::sim::steer::params::Target;

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
    /// Slower than this, an agent not yet arrived may be stuck.
    slow: f32,
}

impl<'a> Look<'a> {
    fn of(group: &'a crate::sim::Group) -> Self {
        Self {
            fast: group.max_speed * (1.0 - AT_MAX),
            strong: (group.max_force > 0.0).then_some(group.max_force * (1.0 - AT_MAX)),
            target: arrival_target(group),
            tolerance: group
                .arrival_radius
                .unwrap_or_else(|| group.radius.max(MIN_TOLERANCE)),
            slow: group.max_speed * STUCK_SPEED,
        }
    }
}

/// Agent `i`'s track takes in the tick the world has just run (`heading`: its heading, `force`:
/// the force applied to it, `look`: its group's).
fn observe_agent(
    world: &World,
    i: usize,
    heading: Vec2,
    force: Vec2,
    look: Look<'_>,
    track: &mut AgentTrack,
) {
    let Some(a) = world.agents().get(i) else {
        return;
    };
    let dt = world.spec().dt;
    let speed = a.velocity.length();
    track.ticks += 1;
    track.path_length += f64::from(speed * dt);
    track.displacement += a.velocity * dt;
    track.heading_change += turn(track.last_heading, heading);
    track.last_heading = heading;
    if track.ticks > 1 {
        track.force_change += f64::from((force - track.last_force).length());
    }
    track.last_force = force;
    if speed >= look.fast {
        track.at_max_speed += 1;
    }
    if look.strong.is_some_and(|strong| force.length() >= strong) {
        track.at_max_force += 1;
    }
    let Some((target, _)) = look.target.and_then(|t| world.locate(t, i)) else {
        track.error = None;
        return;
    };
    track.targeted = true;
    let route = a.route();
    if route.planned {
        track.plan = Some(if route.unreachable.is_some() {
            super::Plan::Unreachable
        } else {
            super::Plan::Route
        });
    }
    if track.route_length.is_none() && route.planned && !route.points.is_empty() {
        track.route_length = Some(f64::from(crate::sim::model::navmesh::route_length(
            &route.points,
        )));
    }
    if track.arrived_after_secs.is_none() {
        if speed < look.slow {
            track.slow_ticks += 1;
            if track.stuck_after_secs.is_none()
                && track.slow_ticks as f64 * f64::from(dt) >= f64::from(STUCK_SECS)
            {
                track.stuck_after_secs =
                    Some((world.tick() - track.first_tick) as f64 * f64::from(dt));
            }
        } else {
            track.slow_ticks = 0;
        }
    }
    let offset = a.position - target;
    let distance = offset.length();
    let inside = distance <= look.tolerance;
    let secs = || (world.tick() - track.first_tick) as f64 * f64::from(dt);
    if inside && track.arrived_after_secs.is_none() {
        track.arrived_after_secs = Some(secs());
        track.path_at_arrival = track.path_length;
        // The direction of travel toward the target: past it is along this.
        track.approach = (-offset)
            .try_normalize()
            .unwrap_or_else(|| a.velocity.try_normalize().unwrap_or(a.heading()));
    }
    if track.arrived_after_secs.is_some() {
        track.overshoot = track.overshoot.max(offset.dot(track.approach));
    }
    if inside && !track.was_inside {
        track.settled_after_secs = Some(secs());
    } else if !inside {
        track.settled_after_secs = None;
    }
    track.was_inside = inside;
    track.error = Some(distance);
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

/// Every agent's track takes in the tick the world has just run (`tracks` by agent id), and
/// the flock sums of each run of agents: whether an agent had no track yet, and the sums.
///
/// Agents are in id order, so each chunk of them owns a run of the tracks (by id): the chunks
/// are worked on at once, each agent's track on its own.
pub(super) fn take(
    world: &World,
    tracks: &mut [Option<AgentTrack>],
    flocking: &[bool],
) -> Vec<(bool, Vec<flocks::Sums>)> {
    let agents = world.agents();
    let mut rest = tracks;
    let mut taken = 0;
    let mut items = Vec::new();
    for range in world.chunks(TRACK_CHUNK) {
        let end = agents
            .get(range.end)
            .map_or(usize::MAX, |a| a.id as usize)
            .saturating_sub(taken)
            .min(rest.len());
        let (mine, after) = rest.split_at_mut(end);
        items.push((range, taken, mine));
        taken += end;
        rest = after;
    }
    let looks: Vec<Look<'_>> = world.spec().groups.iter().map(Look::of).collect();
    let records = world.records();
    world.map_each(items, |(range, first_id, tracks)| {
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
            match (a.id as usize)
                .checked_sub(first_id)
                .and_then(|k| tracks.get_mut(k))
            {
                Some(Some(track)) => {
                    let force = records.get(i).map_or(Vec2::ZERO, |r| r.applied);
                    observe_agent(world, i, heading, force, look, track);
                }
                _ => fresh = true,
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
