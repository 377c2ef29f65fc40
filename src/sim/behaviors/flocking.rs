//! The three boids rules (004), each within a neighbour radius.
//!
//! Separation: the mean of the unit vectors pointing away from each neighbour,
//! `away = mean(normalize(position - neighbour.position))`, `force = away * max_speed`: a push
//! of at most `max_speed` that vanishes when the neighbours surround the agent evenly.
//!
//! Alignment: `desired = mean(neighbour.velocity)`, `force = desired - velocity`.
//!
//! Cohesion: seek the centre of mass, `force = seek(mean(neighbour.position))`.
//!
//! With no neighbours each rule gives no force. The caller gathers the neighbours (a grid or
//! the naive scan); these functions only reduce them.

use glam::Vec2;

use super::seek::seek;
use crate::sim::behavior::{Behavior, BehaviorInfo, Body, Field, Rgb, Steer, Value, block};
use crate::sim::math::normalize_or_zero;
use crate::sim::registry::BehaviorKind;

/// Separation in the registry.
pub const SEPARATION: BehaviorInfo = BehaviorInfo {
    key: "separation",
    color: Rgb(255, 230, 60),
    formula: "force = mean(normalize(p - n.p)) * max_speed",
    summary: "Push away from the neighbours within the radius.",
};

/// Alignment in the registry.
pub const ALIGNMENT: BehaviorInfo = BehaviorInfo {
    key: "alignment",
    color: Rgb(90, 140, 255),
    formula: "force = mean(n.v) - v",
    summary: "Steer toward the neighbours' mean velocity.",
};

/// Cohesion in the registry.
pub const COHESION: BehaviorInfo = BehaviorInfo {
    key: "cohesion",
    color: Rgb(170, 110, 255),
    formula: "force = seek(mean(n.p))",
    summary: "Seek the neighbours' centre of mass.",
};

/// One of the three rules, for the callers that treat them alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Separation.
    Separation,
    /// Alignment.
    Alignment,
    /// Cohesion.
    Cohesion,
}

impl Rule {
    /// The behavior this rule is.
    #[must_use]
    pub fn kind(self) -> BehaviorKind {
        match self {
            Self::Separation => BehaviorKind::Separation,
            Self::Alignment => BehaviorKind::Alignment,
            Self::Cohesion => BehaviorKind::Cohesion,
        }
    }

    /// The rule's steering over the neighbours summed in `sums`.
    #[must_use]
    pub fn steer(self, body: &Body, sums: &NeighborSums) -> Steer {
        match self {
            Self::Separation => separation(body, sums),
            Self::Alignment => alignment(body, sums),
            Self::Cohesion => cohesion(body, sums),
        }
    }
}

/// Running sums over the neighbours of one agent, filled by the neighbour search. [`Self::add`]
/// fills every field; the world's search fills only the one each rule reads (`away` for
/// separation, `velocity` for alignment, `position` for cohesion).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NeighborSums {
    /// Number of neighbours.
    pub count: u32,
    /// Sum of `normalize(position - neighbour.position)`.
    pub away: Vec2,
    /// Sum of neighbour positions.
    pub position: Vec2,
    /// Sum of neighbour velocities.
    pub velocity: Vec2,
}

impl NeighborSums {
    /// Adds one neighbour of the agent at `own_position`.
    pub fn add(&mut self, own_position: Vec2, position: Vec2, velocity: Vec2) {
        let offset = own_position - position;
        self.add_at(offset, offset.length(), position, velocity);
    }

    /// [`Self::add`] for a caller that already has `offset = own_position - position` and its
    /// length (the same bits as `normalize_or_zero(offset)` uses).
    pub fn add_at(&mut self, offset: Vec2, distance: f32, position: Vec2, velocity: Vec2) {
        self.count += 1;
        self.away += away_from(offset, distance);
        self.position += position;
        self.velocity += velocity;
    }

    fn mean(&self, sum: Vec2) -> Option<Vec2> {
        (self.count > 0).then(|| sum / self.count as f32)
    }
}

/// `normalize(offset)` for an `offset` whose length `distance` is already known: the unit
/// vector a neighbour adds to the separation sum.
#[must_use]
#[inline]
pub fn away_from(offset: Vec2, distance: f32) -> Vec2 {
    if distance > 0.0 && distance.is_finite() {
        offset / distance
    } else {
        normalize_or_zero(offset)
    }
}

/// Separation from the neighbours summed in `sums`.
#[must_use]
pub fn separation(body: &Body, sums: &NeighborSums) -> Steer {
    match sums.mean(sums.away) {
        Some(away) => Steer {
            force: away * body.max_speed,
            desired: None,
        },
        None => Steer::NONE,
    }
}

/// Alignment with the neighbours summed in `sums`.
#[must_use]
pub fn alignment(body: &Body, sums: &NeighborSums) -> Steer {
    match sums.mean(sums.velocity) {
        Some(mean_velocity) => Steer::toward(mean_velocity, body.velocity),
        None => Steer::NONE,
    }
}

/// Cohesion toward the neighbours summed in `sums`.
#[must_use]
pub fn cohesion(body: &Body, sums: &NeighborSums) -> Steer {
    match sums.mean(sums.position) {
        Some(center) => seek(body, center),
        None => Steer::NONE,
    }
}

/// A flocking rule's neighbour radius.
const RADIUS: Field = Field::distance("radius", "radius", "Neighbour radius.");

/// A flocking rule's group filter.
const OWN_GROUP_ONLY: Field = Field::plain(
    "own_group_only",
    "own group only",
    "Only agents of the same group count as neighbours.",
);
block! {
    /// Separation: push away from neighbours along their mean direction away.
    Separation {
        /// Neighbour radius (world units).
        radius: f32 = 25.0,
        /// Only agents of the same group count as neighbours.
        #[serde(default)] own_group_only: bool = false,
    }
}

impl Behavior for Separation {
    const INFO: BehaviorInfo = SEPARATION;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&RADIUS, Value::Number(&mut self.radius));
        visit(&OWN_GROUP_ONLY, Value::Flag(&mut self.own_group_only));
    }
}
block! {
    /// Alignment: steer toward the neighbours' mean velocity.
    Alignment {
        /// Neighbour radius (world units).
        radius: f32 = 50.0,
        /// Only agents of the same group count as neighbours.
        #[serde(default)] own_group_only: bool = true,
    }
}

impl Behavior for Alignment {
    const INFO: BehaviorInfo = ALIGNMENT;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&RADIUS, Value::Number(&mut self.radius));
        visit(&OWN_GROUP_ONLY, Value::Flag(&mut self.own_group_only));
    }
}
block! {
    /// Cohesion: seek the neighbours' centre of mass.
    Cohesion {
        /// Neighbour radius (world units).
        radius: f32 = 50.0,
        /// Only agents of the same group count as neighbours.
        #[serde(default)] own_group_only: bool = true,
    }
}

impl Behavior for Cohesion {
    const INFO: BehaviorInfo = COHESION;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&RADIUS, Value::Number(&mut self.radius));
        visit(&OWN_GROUP_ONLY, Value::Flag(&mut self.own_group_only));
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn body() -> Body {
        Body {
            position: Vec2::ZERO,
            velocity: Vec2::new(1.0, 0.0),
            max_speed: 2.0,
            mass: 1.0,
        }
    }

    fn sums(neighbors: &[(Vec2, Vec2)]) -> NeighborSums {
        let mut s = NeighborSums::default();
        for &(p, v) in neighbors {
            s.add(Vec2::ZERO, p, v);
        }
        s
    }

    #[test]
    fn rules_by_hand() {
        // Neighbours at (10, 0) moving (0, 2) and (0, 10) moving (0, 4).
        let s = sums(&[
            (Vec2::new(10.0, 0.0), Vec2::new(0.0, 2.0)),
            (Vec2::new(0.0, 10.0), Vec2::new(0.0, 4.0)),
        ]);
        // Away: (-1, 0) and (0, -1), mean (-0.5, -0.5), times max_speed 2 = (-1, -1).
        assert_eq!(separation(&body(), &s).force, Vec2::new(-1.0, -1.0));
        // Mean velocity (0, 3): force = (0, 3) - (1, 0).
        assert_eq!(alignment(&body(), &s).force, Vec2::new(-1.0, 3.0));
        // Centre (5, 5): desired = (sqrt 2, sqrt 2); force = desired - (1, 0).
        let c = cohesion(&body(), &s).force;
        let r = std::f32::consts::SQRT_2;
        assert!((c - Vec2::new(r - 1.0, r)).length() < 1e-6, "{c}");
    }

    #[test]
    fn no_neighbours_no_force() {
        let s = NeighborSums::default();
        assert_eq!(separation(&body(), &s), Steer::NONE);
        assert_eq!(alignment(&body(), &s), Steer::NONE);
        assert_eq!(cohesion(&body(), &s), Steer::NONE);
    }

    #[test]
    fn surrounded_evenly_no_separation() {
        let s = sums(&[
            (Vec2::new(3.0, 0.0), Vec2::ZERO),
            (Vec2::new(-3.0, 0.0), Vec2::ZERO),
        ]);
        assert_eq!(separation(&body(), &s).force, Vec2::ZERO);
    }
}
