//! The steering behaviors, one per file, each a pure function of the agent's kinematics and its
//! inputs. Each returns a [`Steer`]: the force, and the desired velocity where the formula has
//! one. None of them allocates, draws random numbers itself or can return NaN.
//!
//! Each file also declares its behaviors' blocks and implements
//! [`crate::sim::steer::behavior::Behavior`] for them: the key, colour, formula and summary
//! ([`BehaviorInfo`]) and a description of every field. [`crate::sim::steer::registry`] lists them;
//! [`crate::sim::BehaviorKind::info`] finds a behavior's entry.

pub mod arrive;
pub mod avoidance;
pub mod bounds;
pub mod collision;
pub mod flee;
pub mod flocking;
pub mod flow;
pub mod follow_path;
pub mod formation;
pub mod goal;
pub mod hide;
pub mod navigate;
pub mod orca;
pub mod pursuit;
pub mod queue;
pub mod seek;
pub mod walls;
pub mod wander;

pub use crate::sim::steer::behavior::{Body, Steer};
