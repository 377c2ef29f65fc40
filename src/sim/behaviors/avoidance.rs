//! Avoidance of circular obstacles (004: "the same as separation, but away from the nearest
//! obstacles").
//!
//! Every obstacle whose surface is within `detection_distance` of the agent
//! (`|position - center| - radius <= detection_distance`) contributes
//! `normalize(position - center)`; `force = mean of those * max_speed`. An agent exactly at a
//! centre has no direction away from it and gets nothing from that obstacle.

use glam::Vec2;

use super::{BehaviorInfo, Body, Rgb, Steer};
use crate::sim::math::normalize_or_zero;
use crate::sim::params::Obstacle;

/// Obstacle avoidance in the registry.
pub const AVOID_OBSTACLES: BehaviorInfo = BehaviorInfo {
    key: "avoid_obstacles",
    color: Rgb(200, 140, 90),
    formula: "force = mean(normalize(p - c)) * max_speed over obstacles within reach",
    summary: "Push away from the obstacles whose surface is within the detection distance.",
};

/// Push away from the obstacles within reach.
#[must_use]
pub fn avoid_obstacles(body: &Body, obstacles: &[Obstacle], detection_distance: f32) -> Steer {
    let mut away = Vec2::ZERO;
    let mut count = 0_u32;
    for obstacle in obstacles {
        let offset = body.position - obstacle.center;
        if offset.length() - obstacle.radius <= detection_distance {
            away += normalize_or_zero(offset);
            count += 1;
        }
    }
    if count == 0 {
        return Steer::NONE;
    }
    Steer {
        force: away / count as f32 * body.max_speed,
        desired: None,
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn only_obstacles_within_reach_push() {
        let b = Body {
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
            max_speed: 3.0,
            mass: 1.0,
        };
        let near = Obstacle {
            center: Vec2::new(0.0, 20.0),
            radius: 10.0,
        };
        let far = Obstacle {
            center: Vec2::new(100.0, 0.0),
            radius: 10.0,
        };
        // Surface of `near` is 10 away: within 15, not within 5.
        assert_eq!(
            avoid_obstacles(&b, &[near.clone(), far.clone()], 15.0).force,
            Vec2::new(0.0, -3.0)
        );
        assert_eq!(avoid_obstacles(&b, &[near, far], 5.0), Steer::NONE);
    }
}
