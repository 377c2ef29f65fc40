//! What the canvas takes in and gives back: the inputs of one frame (the world, the overlays,
//! the selection, trails, ghosts) and the actions a user's gestures ask for. Its own module so
//! the painter, the tools and the interactive canvas share it without importing each other.

use std::collections::{HashMap, VecDeque};

use glam::Vec2;

use super::overlays::Overlays;
use crate::sim::{BehaviorKind, World};

/// Which end of a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// `from`.
    From,
    /// `to`.
    To,
}

/// Something the user did on the canvas.
#[derive(Clone, Debug, PartialEq)]
pub enum CanvasAction {
    /// Select this agent (or none).
    Select(Option<u32>),
    /// Move the click target.
    SetClick(Vec2),
    /// Move point target `which` (0: `target`, 1: `other`) of behavior `kind` of group
    /// `group`.
    MovePointTarget(usize, BehaviorKind, usize, Vec2),
    /// Move obstacle `index`.
    MoveObstacle(usize, Vec2),
    /// Move an agent.
    MoveAgent(u32, Vec2),
    /// Add an agent of the current group here (to the running world only).
    AddAgent(Vec2),
    /// Place an agent of the current group here, in the scene (it starts there every run).
    PlaceAgent(Vec2),
    /// Add a wall from one point to another.
    AddWall(Vec2, Vec2),
    /// Move one end of wall `index`.
    MoveWallEnd(usize, End, Vec2),
    /// Move wall `index` to these ends.
    MoveWall(usize, Vec2, Vec2),
    /// Add a path of two points.
    AddPath(Vec2, Vec2),
    /// Add a point at the end of path `index`.
    AppendPathPoint(usize, Vec2),
    /// Insert a point into path `index` at position `k`.
    InsertPathPoint(usize, usize, Vec2),
    /// Move point `k` of path `index`.
    MovePathPoint(usize, usize, Vec2),
    /// Add a polygon to the level: a block of wall (its corners, 3 or more).
    AddLevelHole(Vec<Vec2>),
    /// Move corner `k` of the level's polygon `ring` (0: the outline when there is one, then
    /// the holes in order; see [`crate::sim::model::scenery::Level::rings`]).
    MoveLevelCorner(usize, usize, Vec2),
    /// Group `group` spawns so (a handle of its spawn dragged with the Agents tool).
    SetSpawn(usize, crate::sim::Spawn),
    /// Paint flow field `index` along the stroke from one point to another, in its direction
    /// (a field is made when the scene has none).
    PaintFlow(usize, Vec2, Vec2),
}

/// Fading trails: recent positions per agent, sampled by the app.
#[derive(Debug, Default)]
pub struct Trails {
    points: HashMap<u32, VecDeque<Vec2>>,
}

impl Trails {
    /// Longest trail kept, in samples.
    pub const LEN: usize = 90;

    /// Records the current positions (only of `only`, when given).
    pub fn sample(&mut self, world: &World, only: Option<u32>) {
        for agent in world.agents() {
            if only.is_some_and(|id| id != agent.id) {
                continue;
            }
            let trail = self.points.entry(agent.id).or_default();
            if trail.len() == Self::LEN {
                trail.pop_front();
            }
            trail.push_back(agent.position);
        }
        if self.points.len() > world.agents().len() {
            self.points.retain(|id, _| world.index_of(*id).is_some());
        }
    }

    /// Forgets every trail.
    pub fn clear(&mut self) {
        self.points.clear();
    }

    /// The trail of agent `id`, oldest point first.
    #[must_use]
    pub fn get(&self, id: u32) -> Option<&VecDeque<Vec2>> {
        self.points.get(&id)
    }
}

/// Inputs of one canvas frame.
pub struct CanvasInput<'a> {
    /// The world to paint.
    pub world: &'a World,
    /// Overlay toggles.
    pub overlays: &'a Overlays,
    /// The selected agent.
    pub selected: Option<u32>,
    /// Trails.
    pub trails: &'a Trails,
    /// The baseline's world, drawn as ghosts under the live agents (when the ghosts overlay is
    /// on).
    pub ghosts: Option<&'a World>,
}
