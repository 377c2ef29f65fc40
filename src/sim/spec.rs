//! The parameters a world is built from: what a scene file holds, as the simulation reads it.

use glam::Vec2;

use super::params::{BoundsMode, Group, Obstacle};

/// Everything needed to build a world. The scene file holds exactly these values.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldSpec {
    /// Seed of every random draw.
    pub seed: u64,
    /// Tick length in seconds.
    pub dt_secs: f32,
    /// World rectangle `0..size`, world units (y grows downward, as on screen).
    pub size: Vec2,
    /// What happens at the edges.
    pub bounds: BoundsMode,
    /// Initial click target.
    pub click_target: Vec2,
    /// Circular obstacles.
    pub obstacles: Vec<Obstacle>,
    /// Groups of agents.
    pub groups: Vec<Group>,
}
