//! Unaligned collision avoidance (Reynolds, *Steering Behaviors For Autonomous Characters*, GDC
//! 1999, "Unaligned Collision Avoidance"; OpenSteer's `steerToAvoidNeighbors`).
//!
//! For each other agent within `range`: the time of closest approach, with
//! `w = other.v - v` and `d = p - other.p`, is `t = (w · d) / |w|²` (0 when `w = 0`). When
//! `0 <= t < min_time_secs`, both are moved on by `t` (`p + v t`, `other.p + other.v t`); if they
//! would then be closer than the sum of their radii, that agent is a threat. The soonest threat
//! (the nearest agent wins a tie) decides a sideways steer, with `h` the agent's heading, `s`
//! the heading turned a quarter toward +y, and the threat's heading `h'`:
//! - head on (`h · h' < -0.707`): away from the side the threat will be on at closest approach;
//! - side by side (`h · h' > 0.707`): away from the side the threat is on now;
//! - crossing: away from the side the threat's velocity points to, only if the threat is not
//!   faster (the faster one goes first).
//!
//! `force = s * steer * max_speed`, with `steer` = +1 or -1 (a point exactly ahead counts as
//! the -y side, so the agent turns toward +y). OpenSteer returns the unit `s * steer` and its
//! pedestrians scale it by hand; steerlab scales it by the agent's own `max_speed`, so the
//! weight reads as it does for seek.

use glam::Vec2;

use crate::sim::model::types::Other;
use crate::sim::steer::behavior::{Family, Figure, Mark, TickOf, Tint};

use crate::sim::steer::behavior::{Behavior, BehaviorInfo, Body, Field, Rgb, Steer, Value, block};

/// Unaligned collision avoidance in the registry.
pub const AVOID_AGENTS: BehaviorInfo = BehaviorInfo {
    key: "avoid_agents",
    family: Family::Crowds,
    metric: "min_separation",
    legend: &[],
    color: Rgb(120, 255, 200),
    formula: "t = (w·d)/|w|²; if |(p + v t) - (q + u t)| < r + r': force = side * ±max_speed",
    summary: "Predict the closest approach to each agent in range and steer sideways from \
              the soonest one that would touch.",
};

/// The threat avoided, for the overlays: where both will be at closest approach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Approach {
    /// The agent at closest approach.
    pub me: Vec2,
    /// The threat at closest approach.
    pub other: Vec2,
}

/// The time of closest approach of two agents (0 when they move alike).
#[must_use]
pub fn approach_time(position: Vec2, velocity: Vec2, other: &Other) -> f32 {
    let w = other.velocity - velocity;
    let speed2 = w.length_squared();
    if speed2.is_nan() || speed2 <= 0.0 || speed2.is_infinite() {
        return 0.0;
    }
    w.dot(position - other.position) / speed2
}

/// Collision avoidance for an agent with body radius `radius` and unit `heading`, against
/// `others` (nearest first).
#[must_use]
pub fn avoid_agents(
    body: &Body,
    heading: Vec2,
    radius: f32,
    others: impl IntoIterator<Item = Other>,
    min_time_secs: f32,
) -> (Steer, Option<Approach>) {
    let mut threat: Option<(f32, Other, Approach)> = None;
    for other in others {
        let t = approach_time(body.position, body.velocity, &other);
        if !(0.0..min_time_secs).contains(&t) {
            continue;
        }
        let me = body.position + body.velocity * t;
        let them = other.position + other.velocity * t;
        if me.distance(them) >= radius + other.radius {
            continue;
        }
        if threat.is_none_or(|(best, _, _)| t < best) {
            threat = Some((t, other, Approach { me, other: them }));
        }
    }
    let Some((_, other, approach)) = threat else {
        return (Steer::NONE, None);
    };
    let side = Vec2::new(-heading.y, heading.x);
    let away_from = |offset: Vec2| if offset.dot(side) > 0.0 { -1.0 } else { 1.0 };
    let parallelness = heading.dot(other.heading());
    let steer = if parallelness < -0.707 {
        away_from(approach.other - body.position)
    } else if parallelness > 0.707 {
        away_from(other.position - body.position)
    } else if other.velocity.length_squared() <= body.velocity.length_squared() {
        away_from(other.velocity)
    } else {
        0.0
    };
    (
        Steer {
            force: side * (steer * body.max_speed),
            desired: None,
        },
        Some(approach),
    )
}

block! {
    /// Unaligned collision avoidance (Reynolds; OpenSteer's `steerToAvoidNeighbors`): predict
    /// the closest approach to each agent in range and steer sideways from the soonest one
    /// that would touch.
    AvoidAgents {
        /// Agents farther than this are ignored (world units).
        range: f32 = 100.0,
        /// Approaches further ahead than this are ignored (seconds).
        min_time_secs: f32 = 2.0,
    }
}

impl Behavior for AvoidAgents {
    type Kept = ();
    type Look = Approach;

    const INFO: BehaviorInfo = AVOID_AGENTS;
    const KEEPS_APART: bool = true;
    const KEEPS_BODIES_APART: bool = true;
    const NEIGHBOR_CAP: bool = true;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const RANGE: Field =
            Field::distance("range", "range", "Agents farther than this are ignored.");
        const AHEAD: Field = Field::plain(
            "min_time_secs",
            "look ahead",
            "Closest approaches further ahead than this are ignored.",
        )
        .unit(" s");
        visit(&RANGE, Value::Number(&mut self.range));
        visit(&AHEAD, Value::Number(&mut self.min_time_secs));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let (heading, radius) = (tick.heading(), tick.radius());
        let others = tick.others_near(self.range);
        tick.add(self, |s| {
            let (steer, approach) = avoid_agents(
                &body,
                heading,
                radius,
                others.iter().copied(),
                self.min_time_secs,
            );
            if let Some(a) = approach {
                s.trace::<Self>(a);
            }
            steer
        });
        false
    }

    fn marks(approach: &Approach, out: &mut Vec<Mark>) {
        // Where the agent and its threat will be at closest approach.
        let Approach { me, other: them } = *approach;
        out.push(Mark::sensor(Figure::Ray(me), Tint::Sensor, 0.48));
        out.push(Mark::sensor(Figure::Cross(me), Tint::Hit, 1.0).width(1.5));
        out.push(Mark::sensor(Figure::Cross(them), Tint::Hit, 1.0).width(1.5));
        out.push(Mark::sensor(Figure::Segment(me, them), Tint::Hit, 1.0));
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn walker(p: Vec2, v: Vec2) -> Body {
        Body::unit(p, v, 10.0)
    }

    #[test]
    fn head_on_agents_turn_aside_before_they_meet() {
        // Me at (0, 0) going +x at 10; the other at (100, 2) going -x at 10. w = (-20, 0),
        // d = (-100, -2): t = 2000 / 400 = 5. Then me (50, 0), it (50, 2): 2 apart, radii 5 + 5.
        let other = Other {
            id: 1,
            position: Vec2::new(100.0, 2.0),
            velocity: Vec2::new(-10.0, 0.0),
            facing: Vec2::NEG_X,
            radius: 5.0,
        };
        let me = walker(Vec2::ZERO, Vec2::new(10.0, 0.0));
        assert_eq!(approach_time(me.position, me.velocity, &other), 5.0);
        let (steer, approach) = avoid_agents(&me, Vec2::X, 5.0, [other], 10.0);
        assert_eq!(
            approach,
            Some(Approach {
                me: Vec2::new(50.0, 0.0),
                other: Vec2::new(50.0, 2.0)
            })
        );
        // Head on; the threat will be on the +y side (offset (50, 2)·(0, 1) > 0): steer -y.
        assert_eq!(steer.force, Vec2::new(0.0, -10.0));
        // Too far ahead in time (min 4 s), or passing wide (y = 20): nothing.
        assert_eq!(avoid_agents(&me, Vec2::X, 5.0, [other], 4.0).0, Steer::NONE);
        let wide = Other {
            id: 1,
            position: Vec2::new(100.0, 20.0),
            ..other
        };
        assert_eq!(avoid_agents(&me, Vec2::X, 5.0, [wide], 10.0).0, Steer::NONE);
    }

    #[test]
    fn crossing_agents_let_the_faster_one_go_first() {
        // The other comes from below (+y) going -y at 10, crossing my path at (50, 0) at t = 5.
        let crossing = Other {
            id: 1,
            position: Vec2::new(50.0, 50.0),
            velocity: Vec2::new(0.0, -10.0),
            facing: Vec2::NEG_Y,
            radius: 5.0,
        };
        let me = walker(Vec2::ZERO, Vec2::new(10.0, 0.0));
        // Same speed: away from the side its velocity points to ((0, -10)·(0, 1) < 0): +y.
        let (steer, _) = avoid_agents(&me, Vec2::X, 5.0, [crossing], 10.0);
        assert_eq!(steer.force, Vec2::new(0.0, 10.0));
        // It is faster: I hold my course.
        let fast = Other {
            id: 1,
            position: Vec2::new(50.0, 100.0),
            velocity: Vec2::new(0.0, -20.0),
            ..crossing
        };
        let (steer, approach) = avoid_agents(&me, Vec2::X, 5.0, [fast], 10.0);
        assert!(approach.is_some());
        assert_eq!(steer.force, Vec2::ZERO);
    }
}
