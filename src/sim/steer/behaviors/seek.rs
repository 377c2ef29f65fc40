//! Seek (000 part 1, 002).
//!
//! `desired = normalize(target - position) * max_speed`
//! `force   = desired - velocity`
//!
//! OpenSteer's `steerForSeek` (Reynolds' library) differs: its desired velocity is the raw
//! offset `target - position`, not scaled to `max_speed`, so its seek asks for more speed the
//! farther the target is and the force is then clipped by `max_force`. steerlab keeps the
//! tutorials' form above, in which the agent asks for `max_speed` toward the target at any
//! distance; the behaviors beyond the tutorials that seek (path following, flow following)
//! use this form too.

use glam::Vec2;

use crate::sim::steer::behavior::TickOf;

use crate::sim::model::math::normalize_or_zero;
use crate::sim::model::types::Target;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, EXCLUSIVE, Family, Field, RANGE, Rgb, Steer, TARGET, Value, block,
};

/// Seek in the registry: green, as the hunter demo draws it.
pub const SEEK: BehaviorInfo = BehaviorInfo {
    key: "seek",
    family: Family::SeekAndArrive,
    metric: "overshoot",
    legend: &[],
    color: Rgb(60, 210, 80),
    formula: "desired = normalize(target - p) * max_speed; force = desired - v",
    summary: "Steer toward a target at full speed; at the target the force brakes.",
};

/// Steer toward `target` at full speed. At the target itself the desired velocity is zero, so
/// the force brakes.
#[must_use]
pub fn seek(body: &Body, target: Vec2) -> Steer {
    let desired = normalize_or_zero(target - body.position) * body.max_speed;
    Steer::toward(desired, body.velocity)
}

block! {
    target;
    /// Seek: `desired = normalize(target - position) * max_speed; force = desired - velocity`.
    Seek {
        /// What to seek.
        target: Target = Target::Click,
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

impl Behavior for Seek {
    type Kept = ();
    type Look = ();

    const INFO: BehaviorInfo = SEEK;
    const ARRIVAL: Option<u8> = Some(2);

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&RANGE, Value::Optional(&mut self.range, 100.0));
        visit(&EXCLUSIVE, Value::Flag(&mut self.exclusive));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some((p, _)) = tick.gated(&self.target, self.range) else {
            return false;
        };
        let body = tick.body();
        tick.add(self, |_| seek(&body, p));
        self.exclusive
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn seek_force_by_hand() {
        // target - position = (30, 40), |.| = 50, direction (0.6, 0.8), desired = (3, 4).
        // force = (3, 4) - (1, 0) = (2, 4).
        let s = seek(
            &Body::unit(Vec2::ZERO, Vec2::new(1.0, 0.0), 5.0),
            Vec2::new(30.0, 40.0),
        );
        assert_eq!(s.desired, Some(Vec2::new(3.0, 4.0)));
        assert_eq!(s.force, Vec2::new(2.0, 4.0));
    }

    #[test]
    fn seek_at_the_target_brakes() {
        let s = seek(
            &Body::unit(Vec2::new(5.0, 5.0), Vec2::new(2.0, -1.0), 5.0),
            Vec2::new(5.0, 5.0),
        );
        assert_eq!(s.force, Vec2::new(-2.0, 1.0));
    }
}
