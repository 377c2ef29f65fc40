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

use crate::sim::model::types::{FlockRule, NeighborSums};
use crate::sim::steer::behavior::TickOf;

use super::seek::seek;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Family, Field, Rgb, Steer, Value, block,
};

/// Separation in the registry.
pub const SEPARATION: BehaviorInfo = BehaviorInfo {
    key: "separation",
    family: Family::Flocking,
    metric: "min_separation",
    legend: &[],
    color: Rgb(255, 230, 60),
    formula: "force = mean(normalize(p - n.p)) * max_speed",
    summary: "Push away from the neighbours within the radius.",
};

/// Alignment in the registry.
pub const ALIGNMENT: BehaviorInfo = BehaviorInfo {
    key: "alignment",
    family: Family::Flocking,
    metric: "polarization",
    legend: &[],
    color: Rgb(90, 140, 255),
    formula: "force = mean(n.v) - v",
    summary: "Steer toward the neighbours' mean velocity.",
};

/// Cohesion in the registry.
pub const COHESION: BehaviorInfo = BehaviorInfo {
    key: "cohesion",
    family: Family::Flocking,
    metric: "polarization",
    legend: &[],
    color: Rgb(170, 110, 255),
    formula: "force = seek(mean(n.p))",
    summary: "Seek the neighbours' centre of mass.",
};

impl FlockRule {
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
pub const RADIUS: Field = Field::distance("radius", "radius", "Neighbour radius.");

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
    type Kept = ();
    type Look = ();

    const INFO: BehaviorInfo = SEPARATION;
    const KEEPS_APART: bool = true;
    const NEIGHBOR_CAP: bool = true;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&RADIUS, Value::Number(&mut self.radius));
        visit(&OWN_GROUP_ONLY, Value::Flag(&mut self.own_group_only));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let sums = tick.neighbor_sums(FlockRule::Separation);
        tick.add(self, |_| FlockRule::Separation.steer(&body, &sums));
        false
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
    type Kept = ();
    type Look = ();

    const INFO: BehaviorInfo = ALIGNMENT;
    const NEIGHBOR_CAP: bool = true;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&RADIUS, Value::Number(&mut self.radius));
        visit(&OWN_GROUP_ONLY, Value::Flag(&mut self.own_group_only));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let sums = tick.neighbor_sums(FlockRule::Alignment);
        tick.add(self, |_| FlockRule::Alignment.steer(&body, &sums));
        false
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
    type Kept = ();
    type Look = ();

    const INFO: BehaviorInfo = COHESION;
    const NEIGHBOR_CAP: bool = true;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        visit(&RADIUS, Value::Number(&mut self.radius));
        visit(&OWN_GROUP_ONLY, Value::Flag(&mut self.own_group_only));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let sums = tick.neighbor_sums(FlockRule::Cohesion);
        tick.add(self, |_| FlockRule::Cohesion.steer(&body, &sums));
        false
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;
    use glam::Vec2;

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
    fn no_neighbors_no_force() {
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
