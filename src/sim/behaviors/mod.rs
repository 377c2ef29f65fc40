//! The steering behaviors, one per file, each a pure function of the agent's kinematics and its
//! inputs. Each returns a [`Steer`]: the force, and the desired velocity where the formula has
//! one. None of them allocates, draws random numbers itself or can return NaN.

pub mod arrive;
pub mod avoidance;
pub mod bounds;
pub mod flee;
pub mod flocking;
pub mod goal;
pub mod pursuit;
pub mod seek;
pub mod wander;

use glam::Vec2;

/// The kinematic state a behavior reads: the sources' `IBoid` (position, velocity, max speed,
/// mass).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    /// World units.
    pub position: Vec2,
    /// World units per second.
    pub velocity: Vec2,
    /// World units per second.
    pub max_speed: f32,
    /// > 0.
    pub mass: f32,
}

/// What one behavior produced.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Steer {
    /// The steering force, before weighting.
    pub force: Vec2,
    /// The desired velocity, for behaviors of the form `force = desired - velocity`.
    pub desired: Option<Vec2>,
}

impl Steer {
    /// No force.
    pub const NONE: Self = Self {
        force: Vec2::ZERO,
        desired: None,
    };

    /// `force = desired - velocity`.
    #[must_use]
    pub fn toward(desired: Vec2, velocity: Vec2) -> Self {
        Self {
            force: desired - velocity,
            desired: Some(desired),
        }
    }
}
