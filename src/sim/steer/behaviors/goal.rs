//! Goal seeking of the boids source (004): the flock steers toward a common target. It is seek
//! with an optional arrival radius, kept as its own behavior so it has its own weight, switch
//! and colour beside the agent's other seeks.
//!
//! `force = arrive_slowing(target, slowing_radius)` (plain seek when the radius is 0).

use glam::Vec2;

use crate::sim::steer::behavior::TickOf;

use super::arrive::arrive_slowing;
use crate::sim::model::types::Target;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Family, Field, Rgb, SLOWING_RADIUS, Steer, TARGET, Value, block,
};

/// Goal seeking in the registry.
pub const GOAL: BehaviorInfo = BehaviorInfo {
    key: "goal",
    family: Family::SeekAndArrive,
    metric: "overshoot",
    legend: &[],
    color: Rgb(190, 240, 60),
    formula: "arrive(target, slowing_radius); seek when 0",
    summary: "The flock's common target: seek with an optional arrival radius.",
};

/// Steer toward the goal.
#[must_use]
pub fn goal(body: &Body, target: Vec2, slowing_radius: f32) -> Steer {
    arrive_slowing(body, target, slowing_radius)
}

block! {
    target;
    /// Goal seeking of the boids source: seek a target, slowing inside `slowing_radius`.
    GoalSeek {
        /// The goal.
        target: Target = Target::Click,
        /// Slowing radius of the arrival at the goal (world units; 0: plain seek). A new block
        /// slows inside 50, as every block that arrives does; a file without the field reads
        /// 0, as it always has.
        #[serde(default)] slowing_radius: f32 = 50.0,
    }
}

impl Behavior for GoalSeek {
    type Kept = ();
    type Look = ();

    const INFO: BehaviorInfo = GOAL;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&SLOWING_RADIUS, Value::Number(&mut self.slowing_radius));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some((p, _)) = tick.resolve(&self.target) else {
            return false;
        };
        let body = tick.body();
        tick.add(self, |_| goal(&body, p, self.slowing_radius));
        false
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn goal_is_seek_with_arrival() {
        let b = Body {
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
            max_speed: 10.0,
            mass: 1.0,
        };
        // Offset (0, 20): seek gives (0, 10); inside a radius of 40 the speed is 10 * 20 / 40.
        assert_eq!(
            goal(&b, Vec2::new(0.0, 20.0), 0.0).force,
            Vec2::new(0.0, 10.0)
        );
        assert_eq!(
            goal(&b, Vec2::new(0.0, 20.0), 40.0).force,
            Vec2::new(0.0, 5.0)
        );
    }
}
