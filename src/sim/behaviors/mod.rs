//! The steering behaviors, one per file, each a pure function of the agent's kinematics and its
//! inputs. Each returns a [`Steer`]: the force, and the desired velocity where the formula has
//! one. None of them allocates, draws random numbers itself or can return NaN.
//!
//! Each file also describes its behaviors with a [`BehaviorInfo`]: the key (the block's field
//! name in a scene file), the colour its force is drawn in and its formula. That is the one list
//! the inspector, the overlays, the legends, the plots and the docs read;
//! [`crate::sim::BehaviorKind::info`] finds a behavior's entry.

pub mod arrive;
pub mod avoidance;
pub mod bounds;
pub mod collision;
pub mod flee;
pub mod flocking;
pub mod flow;
pub mod formation;
pub mod goal;
pub mod hide;
pub mod path;
pub mod pursuit;
pub mod queue;
pub mod seek;
pub mod walls;
pub mod wander;

use glam::Vec2;

/// An sRGB colour, as the palette of the view layer receives it (the core has no GUI types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// What every tool around the core needs to know of one behavior.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BehaviorInfo {
    /// The block's field name in a group (`wander_target`): its key in scene files, legends,
    /// plots and field paths.
    pub key: &'static str,
    /// The colour its force is drawn in.
    pub color: Rgb,
    /// The formula, on one line, as tooltips and the docs show it.
    pub formula: &'static str,
    /// What the behavior does, in one sentence.
    pub summary: &'static str,
}

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

#[cfg(test)]
impl Body {
    /// A body of mass 1, for the tests worked out by hand.
    pub(crate) fn unit(position: Vec2, velocity: Vec2, max_speed: f32) -> Self {
        Self {
            position,
            velocity,
            max_speed,
            mass: 1.0,
        }
    }
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
