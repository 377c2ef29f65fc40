//! One agent's tick as its behaviors see it ([`Tick`], which the world implements), what a
//! behavior's force computation may touch while the manager evaluates it ([`Step`]). What an
//! agent keeps between ticks is the host's [`Tick::Memory`]; each behavior declares its own part
//! (`Behavior::Kept`) and the registry composes the world's memory from them.

use glam::Vec2;

use crate::sim::model::block::{BlockCommon, Body, Steer};
use crate::sim::model::scenery::{FlowGrid, Obstacle, Path, Wall};
use crate::sim::model::types::{FlockRule, Leader, NeighborSums, Other, Stamina, Target};
use crate::sim::steer::debug::AgentDebug;
use crate::sim::steer::state::SteeringState;

/// What a behavior's force computation may touch while the manager evaluates it (only when the
/// combination evaluates the behavior). `D` is where what a behavior looked at goes: the host's
/// [`Tick::Detail`].
pub struct Step<'a, D> {
    /// The steering the behaviors before this one asked for.
    pub steering: Vec2,
    /// The group's largest force (what the combined steering is truncated to).
    pub max_force: f32,
    /// The agent's random stream and wander angle.
    pub state: &'a mut SteeringState,
    /// The agent's record for this tick (the tutorial behaviors' points for the overlays).
    pub record: &'a mut AgentDebug,
    /// Where the behavior's look goes, when the agent's details are kept (see
    /// `Behavior::Look`).
    pub detail: Option<&'a mut D>,
}

/// One agent's tick as its behaviors see it: the agent, what its targets resolve to, the
/// scenery, its neighbours, its memory, and where forces go. The world implements it; a
/// behavior reads only through it, so a behavior's file needs nothing of the world.
///
/// A host writes what every behavior needs (the agent, its targets, its memory and random
/// stream, where forces go) and only what it has of the rest: each capability one behavior
/// family uses (scenery, neighbours, formations, the hunt, navigation) defaults to none, so a
/// host without walls, paths or neighbours (the tutorials' one-agent manager) writes none of them.
pub trait Tick<'w> {
    /// The agent's id.
    fn id(&self) -> u32;
    /// The agent's kinematics.
    fn body(&self) -> Body;
    /// Its heading (unit).
    fn heading(&self) -> Vec2;
    /// Its group's body radius (world units).
    fn radius(&self) -> f32;
    /// The tick's length (seconds).
    fn dt(&self) -> f32;
    /// The world's size (world units).
    fn world_size(&self) -> Vec2;
    /// Where `target` is now and how it moves, if it exists.
    fn resolve(&self, target: &Target) -> Option<(Vec2, Vec2)>;
    /// [`Self::resolve`], only when within `range` of the agent (always with no range).
    fn gated(&self, target: &Target, range: Option<f32>) -> Option<(Vec2, Vec2)> {
        let at = self.body().position;
        self.resolve(target)
            .filter(|&(p, _)| range.is_none_or(|r| at.distance_squared(p) <= r * r))
    }
    /// The leader `target` names, with its heading (a point target faces +x); none when the
    /// target is the agent itself.
    fn leader(&self, target: &Target) -> Option<Leader>;
    /// The agent's rank among its group's followers, and their number (formations); alone,
    /// the first of one.
    fn formation_rank(&self) -> (usize, usize) {
        (0, 1)
    }
    /// The id of the agent `target` names, when within `range` (the hunter's pick of prey);
    /// none with no other agents.
    fn nearest_id(&self, _target: &Target, _range: Option<f32>) -> Option<u32> {
        None
    }
    /// The prey the hunter pursues this tick (position, velocity), when it hunts.
    fn prey(&self) -> Option<(Vec2, Vec2)> {
        None
    }
    /// The group's stamina, when it has one.
    fn stamina(&self) -> Option<&'w Stamina> {
        None
    }
    /// The scene's walls.
    fn walls(&self) -> &'w [Wall] {
        &[]
    }
    /// The scene's walls and its level's as ORCA keeps agents off them (one-sided edges and
    /// the tree of their boxes).
    fn orca_walls(&self) -> &'w crate::sim::steer::behaviors::orca::OrcaWalls {
        &crate::sim::steer::behaviors::orca::NO_WALLS
    }
    /// The scene's obstacles.
    fn obstacles(&self) -> &'w [Obstacle] {
        &[]
    }
    /// The path the block being evaluated names (a field described as naming a path).
    fn path(&self) -> Option<&'w Path> {
        None
    }
    /// The path whose polygon is the region the block being evaluated names.
    fn region(&self) -> Option<&'w Path> {
        None
    }
    /// The navigation mesh of the level for the group's radius, when the group navigates.
    fn navmesh(&self) -> Option<&'w crate::sim::model::navmesh::NavMesh> {
        None
    }
    /// The agent's planned route (navigation); none planned by default.
    fn route(&self) -> &crate::sim::steer::behaviors::navigate::route::Route {
        &crate::sim::steer::behaviors::navigate::route::NO_ROUTE
    }
    /// Replaces the agent's route with a new plan (a host that keeps no routes drops it).
    fn set_route(&mut self, _route: crate::sim::steer::behaviors::navigate::route::Route) {}
    /// The flow field the block being evaluated names, resolved to the world's cells.
    fn flow(&self) -> Option<&'w FlowGrid> {
        None
    }
    /// The flocking sums of rule `rule` (0 separation, 1 alignment, 2 cohesion); empty with no
    /// neighbours.
    fn neighbor_sums(&self, _rule: FlockRule) -> NeighborSums {
        NeighborSums::default()
    }
    /// The agents within `range` (at most the group's neighbour cap, nearest first).
    fn others_near(&self, _range: f32) -> Vec<Other> {
        Vec::new()
    }
    /// The `count` agents nearest this one within `range`, nearest first (ties: the lower
    /// index), whatever the group's neighbour cap, into `out` (cleared first): a behavior with
    /// a count of its own (ORCA's `neighbors`) asks for exactly that many, and keeps `out`
    /// from tick to tick so that a crowd's tick allocates nothing for it.
    fn nearest_others(&self, _range: f32, _count: usize, out: &mut Vec<Other>) {
        out.clear();
    }
    /// The position of the agent nearest `p` within `radius` of it (the agent itself left out).
    fn agent_near(&self, _p: Vec2, _radius: f32) -> Option<Vec2> {
        None
    }
    /// What the agent keeps for its behaviors between ticks (the registry's `Memory`, composed
    /// from every behavior's `Behavior::Kept`). A behavior reaches its own part through
    /// `TickOf::kept`.
    type Memory: 'static;
    /// Where what the behaviors look at goes, when the agent's details are kept (the registry's
    /// `Detail`, which keeps each behavior's `Behavior::Look`). A behavior records its own
    /// through `Step::trace`.
    type Detail: 'static;
    /// The agent's memory.
    fn memory(&mut self) -> &mut Self::Memory;
    /// The agent's random stream and wander angle.
    fn state(&mut self) -> &mut SteeringState;
    /// Adds the force `compute` returns, with `block`'s weight and probability, under the
    /// group's combination (which may not evaluate it).
    fn add<B: BlockCommon>(
        &mut self,
        block: &B,
        compute: impl FnOnce(&mut Step<'_, Self::Detail>) -> Steer,
    );
}
