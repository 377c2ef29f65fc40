//! Queuing: agents that would run into the one ahead of them brake, so a crowd heading for a
//! doorway files through it instead of pushing (Reynolds, *Steering Behaviors For Autonomous
//! Characters*, GDC 1999, and his queuing demo: seek the door, avoid the walls, separate, and
//! brake when someone is just ahead; the test for "someone ahead" follows Bevilacqua,
//! *Understanding Steering Behaviors: Queue*, the series the seeds come from):
//!
//! ```text
//! h       = heading (unit)
//! ahead   = position + h * ahead_distance
//! blocked = some other agent lies within `radius` of `ahead`
//! force   = blocked ? -h * (brake * max(0, steering . h) + max(0, velocity . h)) : 0
//! ```
//!
//! `steering` is what the behaviors before it in the priority order asked for this tick (queue
//! comes last so that it brakes all of them). The tutorial's brake is `-0.8 * steering -
//! velocity` in full; that also cancels separation and wall avoidance, and in a crowd at a door
//! it let agents press into each other (measured on `queue.ron`: 2,208 overlapping pair-ticks
//! in 30 s against 881 with no queuing at all). steerlab brakes only what carries the agent
//! forward, along its heading: the forward part of the steering (by `brake`) and of the
//! velocity (in full, the `desired - velocity` of a stop), so sideways and backward pushes stay
//! (548 pair-ticks). The tutorial also scales the velocity by 0.3 when the agent ahead is
//! within `radius` of the agent itself; steerlab changes a velocity only through forces, so
//! that step is left out. An agent standing still looks ahead along its last heading.

use glam::Vec2;

use crate::sim::steer::behavior::{Family, Figure, Mark, TickOf, Tint};

use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Field, Limit, Rgb, Steer, Value, block,
};

/// Queuing in the registry.
pub const QUEUE: BehaviorInfo = BehaviorInfo {
    key: "queue",
    family: Family::Crowds,
    metric: "min_separation",
    legend: &[],
    color: Rgb(235, 120, 50),
    formula: "if an agent is within radius of p + h * ahead: force = -h * (brake * max(0, steering . h) + max(0, velocity . h))",
    summary: "Brake when another agent is just ahead, so a crowd files through a door.",
};

/// What queuing looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct QueueLook {
    /// The point ahead.
    pub ahead: Vec2,
    /// The radius of the zone around it (world units).
    pub radius: f32,
    /// Where the agent in the zone was, when there was one (the nearest).
    pub blocker: Option<Vec2>,
}

/// The point an agent checks for someone in its way: `ahead` units along `heading` (unit).
#[must_use]
pub fn ahead_point(position: Vec2, heading: Vec2, ahead: f32) -> Vec2 {
    position + heading * ahead
}

/// The queuing force when the way ahead is blocked: cancels `brake` of the `steering` the
/// behaviors before it asked for, and asks for a stop, both along `heading` (unit) only.
#[must_use]
pub fn queue(body: &Body, steering: Vec2, brake: f32, heading: Vec2) -> Steer {
    let forward = |v: Vec2| v.dot(heading).max(0.0);
    Steer {
        force: -(heading * (forward(steering) * brake + forward(body.velocity))),
        desired: None,
    }
}

block! {
    /// Queuing (Reynolds; Bevilacqua's formula): brake when another agent is within `radius`
    /// of the point `ahead` units along the heading. Last in the priority order: it brakes
    /// what the behaviors before it asked for.
    Queue {
        /// How far ahead the agent looks (world units).
        ahead: f32 = 30.0,
        /// Radius of the zone around the point ahead that counts as blocked (world units).
        radius: f32 = 12.0,
        /// Share of the forward part of the other behaviors' steering cancelled while blocked
        /// (0 to 1; the tutorial's 0.8).
        brake: f32 = 0.8,
    }
}

impl Behavior for Queue {
    type Kept = ();
    type Look = QueueLook;

    const INFO: BehaviorInfo = QUEUE;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const AHEAD: Field = Field::distance(
            "ahead",
            "look ahead",
            "ahead point = position + heading * ahead.",
        );
        const RADIUS: Field = Field::distance(
            "radius",
            "zone radius",
            "Blocked when another agent is within this radius of the ahead point.",
        );
        const BRAKE: Field = Field::plain(
            "brake",
            "brake",
            "While blocked, along the heading h: force = -h * (brake * max(0, steering . h) + \
             max(0, velocity . h)) (steering: what the behaviors before it asked for).",
        )
        .limit(Limit::Within(0.0, 1.0));
        visit(&AHEAD, Value::Number(&mut self.ahead));
        visit(&RADIUS, Value::Number(&mut self.radius));
        visit(&BRAKE, Value::Number(&mut self.brake));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let heading = tick.heading();
        let ahead = ahead_point(body.position, heading, self.ahead);
        let blocker = tick.agent_near(ahead, self.radius);
        tick.add(self, |s| {
            let radius = self.radius;
            s.trace::<Self>(QueueLook {
                ahead,
                radius,
                blocker,
            });
            if blocker.is_some() {
                queue(&body, s.steering, self.brake, heading)
            } else {
                Steer::NONE
            }
        });
        false
    }

    fn marks(look: &QueueLook, out: &mut Vec<Mark>) {
        // The zone ahead: the queue's colour while clear, the hit colour with a line to the
        // agent in the way while blocked.
        let QueueLook {
            ahead,
            radius,
            blocker,
        } = *look;
        let (tint, alpha) = if blocker.is_some() {
            (Tint::Hit, 1.0)
        } else {
            (Tint::Own, 0.8)
        };
        out.push(Mark::sensor(Figure::Ray(ahead), tint, alpha * 0.6));
        out.push(Mark::sensor(Figure::Zone(ahead, radius), tint, alpha));
        if let Some(blocker) = blocker {
            out.push(Mark::sensor(
                Figure::Segment(ahead, blocker),
                Tint::Hit,
                1.0,
            ));
        }
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn a_blocked_agent_brakes_what_carries_it_forward() {
        // Heading +x, moving (4, 3), asked for (10, -5): forward parts 10 and 4, so the force
        // is -(0.8 * 10 + 4) along +x = (-12, 0); the sideways parts are left alone.
        let body = Body::unit(Vec2::new(1.0, 1.0), Vec2::new(4.0, 3.0), 5.0);
        let steer = queue(&body, Vec2::new(10.0, -5.0), 0.8, Vec2::X);
        assert_eq!(steer.force, Vec2::new(-12.0, 0.0));
        // A push backward (separation from the one ahead) is not braked: only the velocity.
        let back = queue(&body, Vec2::new(-6.0, 2.0), 0.8, Vec2::X);
        assert_eq!(back.force, Vec2::new(-4.0, 0.0));
        // At rest with nothing asked: nothing.
        let still = Body {
            velocity: Vec2::ZERO,
            ..body
        };
        assert_eq!(queue(&still, Vec2::ZERO, 0.8, Vec2::X).force, Vec2::ZERO);
    }

    #[test]
    fn the_point_ahead_is_along_the_heading() {
        // Heading (0.6, 0.8), 30 ahead of (1, 1): (19, 25).
        let p = ahead_point(Vec2::new(1.0, 1.0), Vec2::new(0.6, 0.8), 30.0);
        assert_eq!(p, Vec2::new(19.0, 25.0));
    }
}
