//! The parameters a world is built from: what a scene file holds, as the simulation reads it.

use glam::Vec2;

use crate::sim::model::scenery::{FlowField, Level, Path, Placed, Wall};
use crate::sim::steer::params::{BoundsMode, Group, Obstacle};

/// Everything needed to build a world. The scene file holds exactly these values.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldSpec {
    /// Seed of every random draw.
    pub seed: u64,
    /// Tick length in seconds.
    pub dt: f32,
    /// World rectangle `0..size`, world units (y grows downward, as on screen).
    pub size: Vec2,
    /// What happens at the edges.
    pub bounds: BoundsMode,
    /// Initial click target.
    pub click_target: Vec2,
    /// Circular obstacles.
    pub obstacles: Vec<Obstacle>,
    /// Wall segments.
    pub walls: Vec<Wall>,
    /// The level's polygons (their edges are walls too).
    pub level: Level,
    /// Paths, by name.
    pub paths: Vec<Path>,
    /// Flow fields, by name.
    pub flow_fields: Vec<FlowField>,
    /// Agents placed by hand, spawned first (ids 0, 1, ... in list order).
    pub agents: Vec<Placed>,
    /// Groups of agents.
    pub groups: Vec<Group>,
}

impl WorldSpec {
    /// A spec with no scenery and no groups: `size` world units, ticks of `dt`.
    #[must_use]
    pub fn empty(seed: u64, dt: f32, size: Vec2) -> Self {
        Self {
            seed,
            dt,
            size,
            bounds: BoundsMode::Wrap,
            click_target: size * 0.5,
            obstacles: Vec::new(),
            walls: Vec::new(),
            level: Level::default(),
            paths: Vec::new(),
            flow_fields: Vec::new(),
            agents: Vec::new(),
            groups: Vec::new(),
        }
    }

    /// The index of the path named `name`.
    #[must_use]
    pub fn path_index(&self, name: &str) -> Option<usize> {
        self.paths.iter().position(|p| p.name == name)
    }

    /// The index of the flow field named `name`.
    #[must_use]
    pub fn flow_index(&self, name: &str) -> Option<usize> {
        self.flow_fields.iter().position(|f| f.name == name)
    }

    /// The index of the group named `name`.
    #[must_use]
    pub fn group_index(&self, name: &str) -> Option<usize> {
        self.groups.iter().position(|g| g.name == name)
    }
}
