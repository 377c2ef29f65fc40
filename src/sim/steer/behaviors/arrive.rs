//! Arrive, in the two forms of the sources.
//!
//! Slowing radius (000 part 2, 003): with `d = |target - position|`,
//! `desired = normalize(target - position) * (max_speed * d / slowing_radius)` when
//! `d <= slowing_radius`, else `normalize(target - position) * max_speed`;
//! `force = desired - velocity`.
//!
//! Deceleration (002): `speed = min(d / (deceleration * 0.3), max_speed)` with
//! deceleration slow = 3, normal = 2, fast = 1; `desired = (target - position) * speed / d`;
//! `force = desired - velocity`; no force at all when `d = 0`.
//!
//! Dead band (either form): when `d <= dead_band`, `desired = 0` and `force = -velocity`: the
//! agent brakes to a stop where it is instead of hunting for the exact point, which is what
//! makes an arriving agent's heading jitter.

use glam::Vec2;

use crate::sim::steer::behavior::{Figure, Layer, Mark, TickOf, Tint};

use crate::sim::model::math::normalize_or_zero;
use crate::sim::model::types::{ArriveMode, Deceleration, Target};
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, EXCLUSIVE, Family, Field, RANGE, Rgb, SLOWING_RADIUS, Steer,
    TARGET, Value, block,
};

/// Arrive in the registry.
pub const ARRIVE: BehaviorInfo = BehaviorInfo {
    key: "arrive",
    family: Family::SeekAndArrive,
    metric: "overshoot",
    legend: &[Layer::Radius],
    color: Rgb(40, 200, 200),
    formula: "seek that slows: inside the slowing radius, or by deceleration",
    summary: "Seek that slows down to stop at the target, \
              by a slowing radius or a deceleration setting.",
};

/// The 002 source's `DecelerationTweaker`, in seconds.
pub const DECELERATION_TWEAKER: f32 = 0.3;

/// The dead band's braking, when the target is within `dead_band` of the agent.
#[must_use]
pub fn dead_band(body: &Body, target: Vec2, dead_band: f32) -> Option<Steer> {
    (dead_band > 0.0 && body.position.distance_squared(target) <= dead_band * dead_band)
        .then(|| Steer::toward(Vec2::ZERO, body.velocity))
}

/// Arrive with a linear slowing radius (world units). A radius of 0 is plain seek.
#[must_use]
pub fn arrive_slowing(body: &Body, target: Vec2, slowing_radius: f32) -> Steer {
    let offset = target - body.position;
    let distance = offset.length();
    let direction = normalize_or_zero(offset);
    let speed = if slowing_radius > 0.0 && distance <= slowing_radius {
        body.max_speed * distance / slowing_radius
    } else {
        body.max_speed
    };
    Steer::toward(direction * speed, body.velocity)
}

/// Arrive with the deceleration setting of the C# source.
#[must_use]
pub fn arrive_deceleration(body: &Body, target: Vec2, deceleration: Deceleration) -> Steer {
    let to_target = target - body.position;
    let distance = to_target.length();
    if !(distance > 0.0 && distance.is_finite()) {
        return Steer::NONE;
    }
    let speed = (distance / (deceleration.factor() * DECELERATION_TWEAKER)).min(body.max_speed);
    Steer::toward(to_target * speed / distance, body.velocity)
}

block! {
    target;
    /// Arrive: seek that slows down near the target, in either form of [`ArriveMode`].
    Arrive {
        /// Where to arrive.
        target: Target = Target::Click,
        /// Slowing radius or deceleration setting.
        #[serde(default)] mode: ArriveMode = ArriveMode::default(),
        /// Within this distance of the target the agent only brakes (`desired = 0`): it stops
        /// instead of hunting for the exact point (world units; 0 = off).
        #[serde(default)] dead_band: f32 = 0.0,
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

impl Behavior for Arrive {
    type Kept = ();
    type Look = ArriveLook;

    const INFO: BehaviorInfo = ARRIVE;
    const ARRIVAL: Option<u8> = Some(0);

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const MODE: Field = Field {
            key: "mode",
            ..SLOWING_RADIUS
        }
        .warn_zero("slowing radius is 0: arrive is plain seek and overshoots the target");
        const DEAD_BAND: Field = Field::distance(
            "dead_band",
            "dead band",
            "Within this distance the agent only brakes (desired = 0): no hunting.",
        );
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&MODE, Value::ArriveMode(&mut self.mode));
        visit(&DEAD_BAND, Value::Number(&mut self.dead_band));
        visit(&RANGE, Value::Optional(&mut self.range, 100.0));
        visit(&EXCLUSIVE, Value::Flag(&mut self.exclusive));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some((p, _)) = tick.gated(&self.target, self.range) else {
            return false;
        };
        let body = tick.body();
        tick.add(self, |s| {
            s.trace::<Self>(ArriveLook {
                target: p,
                slowing_radius: match self.mode {
                    ArriveMode::SlowingRadius(r) => Some(r),
                    ArriveMode::Deceleration(_) => None,
                },
            });
            if let Some(brake) = dead_band(&body, p, self.dead_band) {
                return brake;
            }
            match self.mode {
                ArriveMode::SlowingRadius(r) => arrive_slowing(&body, p, r),
                ArriveMode::Deceleration(d) => arrive_deceleration(&body, p, d),
            }
        });
        self.exclusive
    }

    fn traces(&self) -> bool {
        true
    }

    fn marks(look: &ArriveLook, out: &mut Vec<Mark>) {
        if let Some(r) = look.slowing_radius {
            let shape = Figure::Zone(look.target, r);
            out.push(Mark::on(Layer::Radius, shape, Tint::Layer, 0.7));
        }
    }
}

/// What arrive looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArriveLook {
    /// Where its target was.
    pub target: Vec2,
    /// The slowing radius around it (none in the deceleration form).
    pub slowing_radius: Option<f32>,
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn body(position: Vec2, velocity: Vec2) -> Body {
        Body::unit(position, velocity, 4.0)
    }

    #[test]
    fn slowing_outside_the_radius_is_seek() {
        // Offset (0, 100), radius 50: desired = (0, 4); force = (0, 4) - (1, 1).
        let s = arrive_slowing(&body(Vec2::ZERO, Vec2::ONE), Vec2::new(0.0, 100.0), 50.0);
        assert_eq!(s.desired, Some(Vec2::new(0.0, 4.0)));
        assert_eq!(s.force, Vec2::new(-1.0, 3.0));
    }

    #[test]
    fn slowing_inside_the_radius_scales_linearly() {
        // Offset (30, 40), d = 50, radius 100: speed = 4 * 50 / 100 = 2; desired = (1.2, 1.6).
        let s = arrive_slowing(&body(Vec2::ZERO, Vec2::ZERO), Vec2::new(30.0, 40.0), 100.0);
        let d = s.desired.unwrap_or_default();
        assert!((d - Vec2::new(1.2, 1.6)).length() < 1e-6, "{d}");
        // At the target: desired zero, the force cancels the velocity.
        let s = arrive_slowing(&body(Vec2::ONE, Vec2::new(0.5, 0.0)), Vec2::ONE, 100.0);
        assert_eq!(s.force, Vec2::new(-0.5, 0.0));
    }

    #[test]
    fn deceleration_settings_by_hand() {
        // Offset (0, 3), d = 3, max_speed 4.
        let b = body(Vec2::ZERO, Vec2::ZERO);
        let t = Vec2::new(0.0, 3.0);
        // fast: 3 / (1 * 0.3) = 10 -> capped at 4.
        assert_eq!(
            arrive_deceleration(&b, t, Deceleration::Fast).force,
            Vec2::new(0.0, 4.0)
        );
        // normal: 3 / (2 * 0.3) = 5 -> capped at 4.
        assert_eq!(
            arrive_deceleration(&b, t, Deceleration::Normal).force,
            Vec2::new(0.0, 4.0)
        );
        // slow: 3 / (3 * 0.3) = 3.333...
        let slow = arrive_deceleration(&b, t, Deceleration::Slow).force;
        assert!(
            (slow - Vec2::new(0.0, 10.0 / 3.0)).length() < 1e-5,
            "{slow}"
        );
        // Closer, d = 0.6: normal gives 0.6 / 0.6 = 1, fast 2, slow 0.6667.
        let t = Vec2::new(0.0, 0.6);
        let normal = arrive_deceleration(&b, t, Deceleration::Normal).force;
        assert!((normal - Vec2::new(0.0, 1.0)).length() < 1e-6, "{normal}");
        let fast = arrive_deceleration(&b, t, Deceleration::Fast).force;
        assert!((fast - Vec2::new(0.0, 2.0)).length() < 1e-6, "{fast}");
        let slow = arrive_deceleration(&b, t, Deceleration::Slow).force;
        assert!((slow - Vec2::new(0.0, 2.0 / 3.0)).length() < 1e-6, "{slow}");
    }

    #[test]
    fn deceleration_at_the_target_is_no_force() {
        let b = body(Vec2::ONE, Vec2::new(3.0, 0.0));
        assert_eq!(
            arrive_deceleration(&b, Vec2::ONE, Deceleration::Normal),
            Steer::NONE
        );
    }

    #[test]
    fn inside_the_dead_band_the_agent_only_brakes() {
        // 3 from the target with a band of 5: desired 0, force = -(1, 1).
        let b = body(Vec2::new(3.0, 0.0), Vec2::ONE);
        assert_eq!(
            dead_band(&b, Vec2::ZERO, 5.0),
            Some(Steer {
                force: Vec2::new(-1.0, -1.0),
                desired: Some(Vec2::ZERO)
            })
        );
        assert_eq!(dead_band(&b, Vec2::ZERO, 2.0), None);
        assert_eq!(dead_band(&b, Vec2::ZERO, 0.0), None);
    }
}
