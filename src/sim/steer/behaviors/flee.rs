//! Flee (000 part 2, 002).
//!
//! `desired = normalize(position - target) * max_speed`
//! `force   = desired - velocity`
//!
//! With a panic distance (002 uses 100): no force at all when the target is farther than it,
//! tested on squared distances as the source does.

use glam::Vec2;

use crate::sim::steer::behavior::{Figure, Layer, Mark, TickOf, Tint};

use crate::sim::model::math::normalize_or_zero;
use crate::sim::model::types::Target;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, EXCLUSIVE, Family, Field, Rgb, Steer, TARGET, Value, block,
};

/// Flee in the registry.
pub const FLEE: BehaviorInfo = BehaviorInfo {
    key: "flee",
    family: Family::SeekAndArrive,
    metric: "path_ratio",
    legend: &[Layer::Radius],
    color: Rgb(240, 90, 230),
    formula: "desired = normalize(p - target) * max_speed; force = desired - v",
    summary: "Steer away from a target, optionally only while it is within the panic distance.",
};

/// Steer away from `target`; nothing when `panic_distance` is set and the target is beyond it.
#[must_use]
pub fn flee(body: &Body, target: Vec2, panic_distance: Option<f32>) -> Steer {
    if let Some(panic) = panic_distance
        && body.position.distance_squared(target) > panic * panic
    {
        return Steer::NONE;
    }
    let desired = normalize_or_zero(body.position - target) * body.max_speed;
    Steer::toward(desired, body.velocity)
}

block! {
    target;
    /// Flee: `desired = normalize(position - target) * max_speed; force = desired - velocity`.
    Flee {
        /// What to flee from.
        target: Target = Target::Pointer,
        /// No force while the target is farther than this (world units); the C# source uses 100.
        #[serde(default)] panic_distance: Option<f32> = Some(100.0),
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

impl Behavior for Flee {
    type Kept = ();
    type Look = FleeLook;

    const INFO: BehaviorInfo = FLEE;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const PANIC: Field = Field::distance(
            "panic_distance",
            "panic distance",
            "No force while the target is farther than this.",
        )
        .warn_zero("is 0: the agents flee only a target exactly on them, so never");
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&PANIC, Value::Optional(&mut self.panic_distance, 100.0));
        visit(&EXCLUSIVE, Value::Flag(&mut self.exclusive));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some((p, _)) = tick.gated(&self.target, self.panic_distance) else {
            return false;
        };
        let body = tick.body();
        let panic = self.panic_distance;
        tick.add(self, |s| {
            s.trace::<Self>(FleeLook {
                target: p,
                panic_distance: panic,
            });
            flee(&body, p, panic)
        });
        self.exclusive
    }

    fn traces(&self) -> bool {
        true
    }

    fn marks(look: &FleeLook, out: &mut Vec<Mark>) {
        if let Some(r) = look.panic_distance {
            out.push(Mark::on(
                Layer::Radius,
                Figure::Zone(look.target, r),
                Tint::Own,
                0.6,
            ));
        }
    }
}

/// What flee looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FleeLook {
    /// Where its target was.
    pub target: Vec2,
    /// The distance within which it flees (none: always).
    pub panic_distance: Option<f32>,
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn body(position: Vec2, velocity: Vec2) -> Body {
        Body::unit(position, velocity, 10.0)
    }

    #[test]
    fn flee_force_by_hand() {
        // position - target = (-6, 8), |.| = 10, direction (-0.6, 0.8), desired = (-6, 8).
        let s = flee(
            &body(Vec2::ZERO, Vec2::new(0.0, 3.0)),
            Vec2::new(6.0, -8.0),
            None,
        );
        assert_eq!(s.desired, Some(Vec2::new(-6.0, 8.0)));
        assert_eq!(s.force, Vec2::new(-6.0, 5.0));
    }

    #[test]
    fn flee_outside_the_panic_distance_is_zero() {
        // Distance 10: inside a panic distance of 10, outside one of 9.99.
        let b = body(Vec2::ZERO, Vec2::new(1.0, 1.0));
        assert_eq!(flee(&b, Vec2::new(6.0, -8.0), Some(9.99)), Steer::NONE);
        assert_eq!(
            flee(&b, Vec2::new(6.0, -8.0), Some(10.0)).force,
            Vec2::new(-7.0, 7.0)
        );
    }
}
