//! Pursuit and evade (000 part 4, 003).
//!
//! `T = |target.position - position| / max_speed` (dynamic), or a fixed `T`, optionally capped;
//! `future = target.position + target.velocity * T`; pursuit = seek(future), evade =
//! flee(future). Velocities are per second, so `T` is in seconds; with `dt = 1` it is the
//! sources' "updates ahead" (003 keeps it fractional, which is what is used here; 000 rounds it
//! down to an integer).

use glam::Vec2;

use crate::sim::steer::behavior::{Figure, Kept, Layer, Mark, NewAgent, TickOf, Tint};

use super::flee::flee;
use super::seek::seek;
use crate::sim::model::types::{Prediction, Stamina, Target};
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, EXCLUSIVE, Family, Field, PREDICTION, RANGE, Rgb, Steer, TARGET,
    Value, block,
};

/// Pursuit in the registry: orange, as the hunter demo draws it.
pub const PURSUIT: BehaviorInfo = BehaviorInfo {
    key: "pursuit",
    family: Family::Pursuit,
    metric: "capture_time",
    legend: &[Layer::Prediction],
    color: Rgb(255, 150, 30),
    formula: "seek(target.position + target.velocity * T)",
    summary: "Seek the target's predicted position T seconds ahead.",
};

/// Evade in the registry: red, as the hunter demo draws it.
pub const EVADE: BehaviorInfo = BehaviorInfo {
    key: "evade",
    family: Family::Pursuit,
    metric: "capture_time",
    legend: &[Layer::Prediction],
    color: Rgb(230, 60, 90),
    formula: "flee(target.position + target.velocity * T)",
    summary: "Flee the target's predicted position T seconds ahead.",
};

/// Upper bound on any prediction time, in seconds, so the predicted point stays finite when
/// `max_speed` is zero or tiny (the dynamic `T` would be infinite).
pub const MAX_PREDICTION_SECS: f32 = 1.0e6;

/// The prediction time `T` in seconds.
#[must_use]
pub fn prediction_secs(body: &Body, target_position: Vec2, prediction: &Prediction) -> f32 {
    let t = if let Some(t) = prediction.fixed_secs {
        t
    } else {
        let distance = (target_position - body.position).length();
        if body.max_speed > 0.0 {
            distance / body.max_speed
        } else {
            MAX_PREDICTION_SECS
        }
    };
    let t = match prediction.max_secs {
        Some(cap) => t.min(cap),
        None => t,
    };
    if t.is_finite() {
        t.clamp(0.0, MAX_PREDICTION_SECS)
    } else {
        MAX_PREDICTION_SECS
    }
}

/// Where the target will be after `T`.
#[must_use]
pub fn predict(
    body: &Body,
    target_position: Vec2,
    target_velocity: Vec2,
    prediction: &Prediction,
) -> Vec2 {
    target_position + target_velocity * prediction_secs(body, target_position, prediction)
}

/// Seek the predicted point. Returns the steering and the point.
#[must_use]
pub fn pursuit(
    body: &Body,
    target_position: Vec2,
    target_velocity: Vec2,
    prediction: &Prediction,
) -> (Steer, Vec2) {
    let future = predict(body, target_position, target_velocity, prediction);
    (seek(body, future), future)
}

/// Flee the predicted point. Returns the steering and the point.
#[must_use]
pub fn evade(
    body: &Body,
    target_position: Vec2,
    target_velocity: Vec2,
    prediction: &Prediction,
) -> (Steer, Vec2) {
    let future = predict(body, target_position, target_velocity, prediction);
    (flee(body, future, None), future)
}

block! {
    target;
    /// Pursuit: seek the target's predicted position `target.position + target.velocity * T`.
    Pursuit {
        /// Whom to pursue.
        target: Target = Target::Nearest(String::new()),
        /// How `T` is chosen.
        #[serde(default)] prediction: Prediction = Prediction::default(),
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

impl Behavior for Pursuit {
    type Kept = Hunt;
    /// Where it predicted the other would be.
    type Look = Vec2;

    const INFO: BehaviorInfo = PURSUIT;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&PREDICTION, Value::Prediction(&mut self.prediction));
        visit(&RANGE, Value::Optional(&mut self.range, 100.0));
        visit(&EXCLUSIVE, Value::Flag(&mut self.exclusive));
    }

    fn traces(&self) -> bool {
        true
    }

    fn marks(predicted: &Vec2, out: &mut Vec<Mark>) {
        prediction_marks(*predicted, out);
    }

    /// Pursuit, gated by the hunter's stamina when the group has one (000 part 5, 003): a
    /// hunter pursues the prey it holds, spending stamina, and rests when it runs out; a
    /// hunter without prey picks the nearest for the next tick.
    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some(stamina) = tick.stamina() else {
            return match tick.gated(&self.target, self.range) {
                Some((p, v)) => {
                    self.pursue(tick, p, v);
                    self.exclusive
                }
                None => false,
            };
        };
        if let Some((p, v)) = tick.prey() {
            self.pursue(tick, p, v);
            let hunt = tick.kept();
            hunt.stamina -= stamina.cost_per_tick;
            if hunt.stamina <= 0.0 {
                hunt.prey = None;
                hunt.resting = true;
            }
            return self.exclusive;
        }
        // Not hunting: pick the closest prey for the next tick.
        let prey = tick.nearest_id(&self.target, self.range);
        tick.kept().prey = prey;
        false
    }
}

/// What a hunter keeps between ticks (000 part 5, 003): its stamina, whether it rests, and the
/// id of the prey it holds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Hunt {
    /// What is left of its stamina.
    pub stamina: f32,
    /// Whether it rests.
    pub resting: bool,
    /// The id of the prey it holds.
    pub prey: Option<u32>,
}

/// A hunter enters the world with its stamina full and no prey.
impl Kept for Hunt {
    fn start(new: &NewAgent) -> Self {
        Self {
            stamina: new.stamina,
            ..Self::default()
        }
    }
}

/// The hunter's rest before its tick (000 part 5, 003), the other half of the stamina rule
/// [`Pursuit::steer`] spends: a resting hunter regains `stamina.regen_per_tick`, and hunts
/// again once its stamina had reached the maximum before this tick's gain. Whether it hunts
/// this tick.
pub fn rest(hunt: &mut Hunt, stamina: &Stamina) -> bool {
    if hunt.resting {
        // The seeds' `if (resting && stamina++ >= MAX_STAMINA) resting = false`: the
        // comparison sees the stamina before this tick's gain, and the gain is kept.
        if hunt.stamina >= stamina.max {
            hunt.resting = false;
        }
        hunt.stamina += stamina.regen_per_tick;
    }
    !hunt.resting
}

impl Pursuit {
    /// Pursues a target at `p` moving at `v`, noting the predicted point for the overlay.
    fn pursue<'w>(&self, tick: &mut impl TickOf<'w, Self>, p: Vec2, v: Vec2) {
        let body = tick.body();
        tick.add(self, |s| {
            let (steer, future) = pursuit(&body, p, v, &self.prediction);
            s.trace::<Self>(future);
            steer
        });
    }
}
block! {
    target;
    /// Evade: flee the target's predicted position (same prediction as pursuit).
    Evade {
        /// Whom to evade.
        target: Target = Target::Nearest(String::new()),
        /// How `T` is chosen.
        #[serde(default)] prediction: Prediction = Prediction::default(),
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

impl Behavior for Evade {
    type Kept = ();
    /// Where it predicted the other would be.
    type Look = Vec2;

    const INFO: BehaviorInfo = EVADE;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&PREDICTION, Value::Prediction(&mut self.prediction));
        visit(&RANGE, Value::Optional(&mut self.range, 100.0));
        visit(&EXCLUSIVE, Value::Flag(&mut self.exclusive));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some((p, v)) = tick.gated(&self.target, self.range) else {
            return false;
        };
        let body = tick.body();
        tick.add(self, |s| {
            let (steer, future) = evade(&body, p, v, &self.prediction);
            s.trace::<Self>(future);
            steer
        });
        self.exclusive
    }

    fn traces(&self) -> bool {
        true
    }

    fn marks(predicted: &Vec2, out: &mut Vec<Mark>) {
        prediction_marks(*predicted, out);
    }
}

/// The predicted point: a cross on it and a faint line to it.
fn prediction_marks(p: Vec2, out: &mut Vec<Mark>) {
    out.push(Mark::on(Layer::Prediction, Figure::Cross(p), Tint::Layer, 1.0).width(1.5));
    out.push(Mark::on(
        Layer::Prediction,
        Figure::Ray(p),
        Tint::Layer,
        0.4,
    ));
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    /// A resting hunter gains its regeneration each tick and hunts again on the tick after
    /// its stamina reached the maximum (the comparison sees the stamina before the gain); one
    /// not resting is left as it is.
    #[test]
    fn a_resting_hunter_regains_stamina_and_hunts_once_it_had_reached_the_maximum() {
        let stamina = Stamina {
            max: 10.0,
            regen_per_tick: 1.0,
            cost_per_tick: 2.0,
        };
        let mut hunt = Hunt {
            stamina: 9.5,
            resting: true,
            prey: None,
        };
        assert!(!rest(&mut hunt, &stamina));
        assert_eq!((hunt.stamina, hunt.resting), (10.5, true));
        assert!(rest(&mut hunt, &stamina));
        assert_eq!((hunt.stamina, hunt.resting), (11.5, false));
        assert!(rest(&mut hunt, &stamina));
        assert_eq!((hunt.stamina, hunt.resting), (11.5, false));
    }

    fn body() -> Body {
        Body {
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
            max_speed: 5.0,
            mass: 1.0,
        }
    }

    #[test]
    fn dynamic_prediction_point_by_hand() {
        // Target at (30, 40): d = 50, T = 50 / 5 = 10; velocity (1, -2): future = (40, 20).
        let dynamic = Prediction::default();
        let p = predict(
            &body(),
            Vec2::new(30.0, 40.0),
            Vec2::new(1.0, -2.0),
            &dynamic,
        );
        assert_eq!(p, Vec2::new(40.0, 20.0));
        // Capped at T = 4: future = (34, 32).
        let capped = Prediction {
            max_secs: Some(4.0),
            ..Prediction::default()
        };
        let p = predict(
            &body(),
            Vec2::new(30.0, 40.0),
            Vec2::new(1.0, -2.0),
            &capped,
        );
        assert_eq!(p, Vec2::new(34.0, 32.0));
    }

    #[test]
    fn fixed_prediction_point_by_hand() {
        // T = 3 (the source's constant): future = (30, 40) + 3 * (1, -2) = (33, 34).
        let fixed = Prediction {
            fixed_secs: Some(3.0),
            max_secs: None,
        };
        let p = predict(&body(), Vec2::new(30.0, 40.0), Vec2::new(1.0, -2.0), &fixed);
        assert_eq!(p, Vec2::new(33.0, 34.0));
    }

    #[test]
    fn pursuit_seeks_and_evade_flees_the_future() {
        // Target at (0, 30) moving (40, 0) per second, fixed T = 1: future = (40, 30),
        // |.| = 50, desired = (4, 3); evade's desired is the opposite.
        let fixed = Prediction {
            fixed_secs: Some(1.0),
            max_secs: None,
        };
        let (s, p) = pursuit(&body(), Vec2::new(0.0, 30.0), Vec2::new(40.0, 0.0), &fixed);
        assert_eq!(p, Vec2::new(40.0, 30.0));
        assert_eq!(s.force, Vec2::new(4.0, 3.0));
        let (s, _) = evade(&body(), Vec2::new(0.0, 30.0), Vec2::new(40.0, 0.0), &fixed);
        assert_eq!(s.force, Vec2::new(-4.0, -3.0));
    }

    #[test]
    fn zero_max_speed_keeps_the_point_finite() {
        let b = Body {
            max_speed: 0.0,
            ..body()
        };
        let p = predict(
            &b,
            Vec2::new(1.0, 1.0),
            Vec2::new(1e6, -1e6),
            &Prediction::default(),
        );
        assert!(p.is_finite(), "{p}");
    }
}
