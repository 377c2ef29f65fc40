//! Interpose and hide (Buckland, *Programming Game AI by Example*, ch. 3).
//!
//! **Interpose**: `T = |mid - p| / max_speed` with `mid` the midpoint of the two agents now;
//! each is extrapolated `T` ahead (`a.p + a.v * T`, `b.p + b.v * T`), and the agent arrives
//! (deceleration form) at the midpoint of those two points.
//!
//! **Hide**: for each obstacle within reach, the hiding spot is
//! `c + normalize(c - hunter.p) * (r + distance_from_boundary)`: behind the obstacle as seen
//! from the hunter. The agent arrives (deceleration form) at the spot nearest to it (the first
//! listed wins a tie). With no obstacle within reach it evades the hunter. The book's code
//! means to do the same, but compares its "no spot" marker (`MaxDouble`) with a different
//! constant (`MaxFloat`), so with no obstacle it arrives at the origin instead; steerlab
//! implements the intent.

use glam::Vec2;

use crate::sim::steer::behavior::{Family, Mark, Scenery, TickOf, point_marks};

use super::arrive::arrive_deceleration;
use super::pursuit::evade;
use crate::sim::model::math::normalize_or_zero;
use crate::sim::model::scenery::Obstacle;
use crate::sim::model::types::{Deceleration, Prediction, Target};
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, DECELERATION, Field, OTHER, Rgb, Steer, TARGET, Value, block,
};

/// Interpose in the registry.
pub const INTERPOSE: BehaviorInfo = BehaviorInfo {
    key: "interpose",
    family: Family::Pursuit,
    metric: "path_ratio",
    legend: &[],
    color: Rgb(100, 220, 255),
    formula: "arrive(midpoint of a.p + a.v * T and b.p + b.v * T), T = |mid - p| / max_speed",
    summary: "Get between two agents: arrive at the midpoint of where they will be.",
};

/// Hide in the registry.
pub const HIDE: BehaviorInfo = BehaviorInfo {
    key: "hide",
    family: Family::Pursuit,
    metric: "obstacle_overlaps",
    legend: &[],
    color: Rgb(175, 175, 95),
    formula: "arrive(c + normalize(c - hunter) * (r + distance)) for the nearest obstacle",
    summary: "Arrive at the spot behind the nearest obstacle as seen from the hunter; evade \
              the hunter when no obstacle is within reach.",
};

/// Interpose between `a` and `b` (position, velocity). Returns the force and the point aimed at.
#[must_use]
pub fn interpose(
    body: &Body,
    a: (Vec2, Vec2),
    b: (Vec2, Vec2),
    deceleration: Deceleration,
) -> (Steer, Vec2) {
    let mid = (a.0 + b.0) / 2.0;
    let t = if body.max_speed > 0.0 {
        (body.position.distance(mid) / body.max_speed).min(super::pursuit::MAX_PREDICTION_SECS)
    } else {
        0.0
    };
    let aim = ((a.0 + a.1 * t) + (b.0 + b.1 * t)) / 2.0;
    (arrive_deceleration(body, aim, deceleration), aim)
}

/// The hiding spot behind an obstacle, as seen from `hunter`.
#[must_use]
pub fn hiding_spot(obstacle: &Obstacle, hunter: Vec2, distance_from_boundary: f32) -> Vec2 {
    obstacle.center
        + normalize_or_zero(obstacle.center - hunter) * (obstacle.radius + distance_from_boundary)
}

/// Hide from the hunter (position, velocity). Returns the force and the spot, if any.
#[must_use]
pub fn hide(
    body: &Body,
    hunter: (Vec2, Vec2),
    obstacles: &[Obstacle],
    block: &Hide,
) -> (Steer, Option<Vec2>) {
    let Hide {
        distance_from_boundary,
        range,
        deceleration,
        ..
    } = *block;
    let mut best: Option<(f32, Vec2)> = None;
    for obstacle in obstacles {
        if range.is_some_and(|r| body.position.distance_squared(obstacle.center) > r * r) {
            continue;
        }
        let spot = hiding_spot(obstacle, hunter.0, distance_from_boundary);
        let d2 = spot.distance_squared(body.position);
        if best.is_none_or(|(b, _)| d2 < b) {
            best = Some((d2, spot));
        }
    }
    match best {
        Some((_, spot)) => (arrive_deceleration(body, spot, deceleration), Some(spot)),
        None => (
            evade(body, hunter.0, hunter.1, &Prediction::default()).0,
            None,
        ),
    }
}

block! {
    target;
    /// Hide (Buckland ch. 3): arrive at the spot behind the nearest obstacle as seen from the
    /// hunter (`target`); evade the hunter when no obstacle is within reach.
    Hide {
        /// The hunter.
        target: Target = Target::Nearest(String::new()),
        /// How far behind an obstacle's surface the hiding spot is (world units).
        distance_from_boundary: f32 = 30.0,
        /// Only obstacles whose centre is within this distance are used (world units).
        #[serde(default)] range: Option<f32> = None,
        /// How hard the agent brakes on the hiding spot.
        #[serde(default = "crate::sim::model::types::fast")] deceleration: Deceleration = Deceleration::Fast,
    }
}

impl Behavior for Hide {
    type Kept = ();
    /// The hiding spot it steers for.
    type Look = Vec2;

    const INFO: BehaviorInfo = HIDE;
    const NEEDS: &'static [Scenery] = &[Scenery::Obstacles];

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const HUNTER: Field = Field {
            label: "hunter",
            ..TARGET
        };
        const BEHIND: Field = Field::distance(
            "distance_from_boundary",
            "behind by",
            "spot = c + normalize(c - hunter) * (r + this)",
        );
        const WITHIN: Field = Field::distance(
            "range",
            "obstacles within",
            "Only obstacles whose centre is this close count; with none, the agent evades.",
        );
        visit(&HUNTER, Value::Target(&mut self.target));
        visit(&BEHIND, Value::Number(&mut self.distance_from_boundary));
        visit(&WITHIN, Value::Optional(&mut self.range, 300.0));
        visit(&DECELERATION, Value::Deceleration(&mut self.deceleration));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some(hunter) = tick.resolve(&self.target) else {
            return false;
        };
        let body = tick.body();
        let obstacles = tick.obstacles();
        tick.add(self, |s| {
            let (steer, spot) = hide(&body, hunter, obstacles, self);
            if let Some(spot) = spot {
                s.trace::<Self>(spot);
            }
            steer
        });
        false
    }

    fn marks(point: &Vec2, out: &mut Vec<Mark>) {
        point_marks(*point, out);
    }
}
block! {
    two_targets;
    /// Interpose (Buckland ch. 3): arrive at the midpoint of where two agents will be.
    Interpose {
        /// One of the two.
        target: Target = Target::Agent(0),
        /// The other.
        other: Target = Target::Agent(1),
        /// How hard the agent brakes on the midpoint.
        #[serde(default = "crate::sim::model::types::fast")] deceleration: Deceleration = Deceleration::Fast,
    }
}

impl Behavior for Interpose {
    type Kept = ();
    /// The point between the two it steers for.
    type Look = Vec2;

    const INFO: BehaviorInfo = INTERPOSE;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const BETWEEN: Field = Field {
            label: "between",
            ..TARGET
        };
        visit(&BETWEEN, Value::Target(&mut self.target));
        visit(&OTHER, Value::Target(&mut self.other));
        visit(&DECELERATION, Value::Deceleration(&mut self.deceleration));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let (Some(a), Some(b)) = (tick.resolve(&self.target), tick.resolve(&self.other)) else {
            return false;
        };
        let body = tick.body();
        tick.add(self, |s| {
            let (steer, aim) = interpose(&body, a, b, self.deceleration);
            s.trace::<Self>(aim);
            steer
        });
        false
    }

    fn marks(point: &Vec2, out: &mut Vec<Mark>) {
        point_marks(*point, out);
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    /// Hiding `distance` behind an obstacle's surface, from obstacles `within` (fast braking).
    fn behind(distance: f32, within: Option<f32>) -> Hide {
        Hide {
            distance_from_boundary: distance,
            range: within,
            deceleration: Deceleration::Fast,
            ..Hide::default()
        }
    }

    fn at(p: Vec2) -> Body {
        Body {
            position: p,
            velocity: Vec2::ZERO,
            max_speed: 10.0,
            mass: 1.0,
        }
    }

    #[test]
    fn interpose_aims_between_where_both_will_be() {
        // a (0, 0) moving (0, 5), b (40, 0) at rest: mid (20, 0), the agent at (20, 30) is 30
        // away: T = 3. a at (0, 15), b at (40, 0): aim (20, 7.5). Fast: speed
        // min(22.5 / 0.3, 10) = 10 along (0, -22.5): desired (0, -10).
        let (steer, aim) = interpose(
            &at(Vec2::new(20.0, 30.0)),
            (Vec2::ZERO, Vec2::new(0.0, 5.0)),
            (Vec2::new(40.0, 0.0), Vec2::ZERO),
            Deceleration::Fast,
        );
        assert_eq!(aim, Vec2::new(20.0, 7.5));
        assert_eq!(steer.force, Vec2::new(0.0, -10.0));
    }

    #[test]
    fn hide_behind_the_nearest_obstacle_or_evade() {
        let obstacles = [
            Obstacle {
                center: Vec2::new(50.0, 0.0),
                radius: 10.0,
            },
            Obstacle {
                center: Vec2::new(0.0, 200.0),
                radius: 10.0,
            },
        ];
        let hunter = (Vec2::ZERO, Vec2::ZERO);
        // Spots: (50 + 40, 0) = (90, 0) and (0, 240). The agent at (60, 40) is nearer the first.
        let (_, spot) = hide(
            &at(Vec2::new(60.0, 40.0)),
            hunter,
            &obstacles,
            &behind(30.0, None),
        );
        assert_eq!(spot, Some(Vec2::new(90.0, 0.0)));
        // Out of reach of both: evade the hunter (at rest, so flee its position): from (60, 80),
        // away is (0.6, 0.8) * 10.
        let body = at(Vec2::new(60.0, 80.0));
        let (steer, spot) = hide(&body, hunter, &obstacles, &behind(30.0, Some(20.0)));
        assert_eq!(spot, None);
        assert_eq!(steer.force, Vec2::new(6.0, 8.0));
        let (steer, spot) = hide(&body, hunter, &[], &behind(30.0, None));
        assert_eq!((steer.force, spot), (Vec2::new(6.0, 8.0), None));
    }
}
