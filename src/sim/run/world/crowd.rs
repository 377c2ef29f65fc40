//! steerlab's steering for entities a host owns and moves: a game's own units, Bevy entities,
//! a web page's sprites. The host gives each entity's position and velocity; the crowd runs the
//! world's own decision pass over them (the registry's behaviors in priority order under each
//! group's combination, with steerlab's neighbour search over the positions given) and hands
//! back each entity's force. It never moves an entity: [`moved`] is the world's motion for a host
//! that wants it.
//!
//! Each tick, in this order: [`Crowd::steer`], read the forces, move the entities, give their
//! new motion ([`Crowd::set_motion`] or [`Crowd::set_motions`]). Giving the motion just before
//! the next `steer` gives the same forces; the smoothed heading in the records (heading
//! smoothing's drawing aid) follows the motion once given.
//!
//! The entities are kept in id order, and that order is the one a host must keep stable: a
//! neighbour tie goes to the lower id, an entity's random stream is keyed by its id, and a
//! target that names an agent (`Target::Agent(id)`, a formation's leader) names it by id.
//! [`Crowd::add`] gives the next free id; [`Crowd::insert`] takes the host's own.

use glam::Vec2;

use super::schedule::Newcomer;
use super::{Motion, World, moved};
use crate::sim::BehaviorKind;
use crate::sim::setup::check::{self, Problems};
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::agent::Agent;
use crate::sim::steer::debug::Records;
use crate::sim::steer::detail::Detail;
use crate::sim::steer::params::{BlockCommon, Target};

/// Entities a host owns and moves, steered by a scene's groups: the world's own decision pass over
/// the positions and velocities the host gives, and each entity's force handed back; it never
/// moves an entity ([`moved`] is the world's motion, for a host that wants it). Each tick:
/// [`Crowd::steer`], read the forces, move the entities, give their new motion
/// ([`Crowd::set_motion`], [`Crowd::set_motions`]). Entities are kept in id order: a neighbour
/// tie goes to the lower id, an entity's random stream is keyed by its id, and a target that
/// names an agent names it by id ([`Crowd::add`] gives the next free id, [`Crowd::insert`]
/// takes the host's own).
#[derive(Clone, Debug)]
pub struct Crowd {
    world: World,
    /// The entities added since the last steer: their motion is where they start, not a move
    /// (heading smoothing samples moves only, as the world samples its agents).
    fresh: std::collections::HashSet<u32>,
}

/// Why the crowd refused a call; nothing changed.
#[derive(Clone, Debug, PartialEq)]
pub enum CrowdError {
    /// The spec has no group at this index.
    NoGroup(usize),
    /// An entity already has this id.
    IdTaken(u32),
    /// No entity has this id.
    NoEntity(u32),
    /// A position, velocity or angle that is not a finite number (entity id).
    NotFinite(u32),
    /// A list of motions whose length is not the number of entities.
    Count {
        /// The crowd's entities.
        entities: usize,
        /// The positions given.
        positions: usize,
        /// The velocities given.
        velocities: usize,
    },
}

impl std::fmt::Display for CrowdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoGroup(g) => write!(f, "the scene has no group {g}"),
            Self::IdTaken(id) => write!(f, "an entity already has id {id}"),
            Self::NoEntity(id) => write!(f, "no entity has id {id}"),
            Self::NotFinite(id) => write!(
                f,
                "entity {id}: its position, velocity and angle must be finite numbers"
            ),
            Self::Count {
                entities,
                positions,
                velocities,
            } => write!(
                f,
                "{positions} positions and {velocities} velocities given for {entities} entities"
            ),
        }
    }
}

impl std::error::Error for CrowdError {}

/// A behavior whose target the host has not given: it adds no force until it has one.
#[derive(Clone, Debug, PartialEq)]
pub struct Unmet {
    /// The entity's id.
    pub id: u32,
    /// Its group's name.
    pub group: String,
    /// The behavior.
    pub behavior: BehaviorKind,
    /// The target it names.
    pub target: Target,
}

impl std::fmt::Display for Unmet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Self {
            id,
            group,
            behavior,
            target,
        } = self;
        let behavior = behavior.field_name();
        write!(f, "entity {id} (group \"{group}\"): {behavior} ")?;
        match target {
            Target::Pointer => write!(f, "aims at the pointer, which the host has not set"),
            Target::Agent(other) => {
                write!(f, "names entity {other}, which the crowd does not hold")
            }
            Target::Nearest(name) => write!(
                f,
                "names the nearest of group \"{name}\", which has no other entity in the crowd"
            ),
            Target::Point(_) | Target::Click | Target::Center | Target::Opposite => {
                write!(f, "has a target that always exists")
            }
        }
    }
}

impl Crowd {
    /// A crowd with no entities, steered by `spec`'s groups, walls, obstacles, paths, flow
    /// fields and targets (its placed agents and spawns are not used: the host brings its own,
    /// or follows [`crate::sim::Spawns`]). Refuses `spec` as [`World::new`] does.
    pub fn new(spec: WorldSpec) -> Result<Self, Problems> {
        let checked = check::CheckedSpec::new(spec).map_err(|refused| refused.problems)?;
        Ok(Self::from_checked(checked))
    }

    /// A crowd over a spec known to be valid: no check.
    #[must_use]
    pub(crate) fn from_checked(spec: check::CheckedSpec) -> Self {
        Self {
            world: World::unspawned(spec.into_spec()),
            fresh: std::collections::HashSet::new(),
        }
    }

    /// The parameters and scenery it steers with.
    #[must_use]
    pub fn spec(&self) -> &WorldSpec {
        self.world.spec()
    }

    /// New parameters or scenery (a reloaded scene, a wall the game adds), from the next
    /// [`Self::steer`]; the entities and their memory stay. The group list must keep its length
    /// and order. Refused, changing nothing, when `spec` does not check.
    pub fn retune(&mut self, spec: WorldSpec) -> Result<(), Problems> {
        self.world.retune(spec)
    }

    /// Adds an entity of group `group` (its index in the spec) with the next free id (one more
    /// than the highest so far). Returns the id.
    pub fn add(&mut self, group: usize, position: Vec2, velocity: Vec2) -> Result<u32, CrowdError> {
        let id = self.world.next_id;
        self.insert(id, group, position, velocity)?;
        Ok(id)
    }

    /// Adds an entity with the host's own `id`.
    pub fn insert(
        &mut self,
        id: u32,
        group: usize,
        position: Vec2,
        velocity: Vec2,
    ) -> Result<(), CrowdError> {
        self.check_new(id, group, &[position, velocity])?;
        let agent = self.world.fresh_agent(id, group, position, velocity);
        if !self.world.insert_agent(agent) {
            return Err(CrowdError::IdTaken(id));
        }
        self.fresh.insert(id);
        Ok(())
    }

    /// Adds what a scene's spawning schedule brings in ([`crate::sim::Spawns`]), with the next
    /// free id, as the world adds its own agents.
    pub fn admit(&mut self, newcomer: &Newcomer) -> Result<u32, CrowdError> {
        let id = self.world.next_id;
        let angle = Vec2::splat(newcomer.wander_angle_rad.unwrap_or(0.0));
        self.check_new(
            id,
            newcomer.group,
            &[newcomer.position, newcomer.velocity, angle],
        )?;
        let id = self.world.admit(newcomer);
        self.fresh.insert(id);
        Ok(id)
    }

    /// Refuses a new entity `id` of group `group` whose numbers are not all finite.
    fn check_new(&self, id: u32, group: usize, numbers: &[Vec2]) -> Result<(), CrowdError> {
        if group >= self.world.spec.groups.len() {
            return Err(CrowdError::NoGroup(group));
        }
        if !numbers.iter().all(|v| v.is_finite()) {
            return Err(CrowdError::NotFinite(id));
        }
        Ok(())
    }

    /// Entity `id`'s circle-wander angle (radians), as a scene's placed agent may start with.
    pub fn set_wander_angle(&mut self, id: u32, angle_rad: f32) -> Result<(), CrowdError> {
        let i = self.world.index_of(id).ok_or(CrowdError::NoEntity(id))?;
        if !angle_rad.is_finite() {
            return Err(CrowdError::NotFinite(id));
        }
        self.world.agents[i].steering.wander_angle_rad = angle_rad;
        Ok(())
    }

    /// Removes the entity with this id. Returns whether it was there.
    pub fn remove(&mut self, id: u32) -> bool {
        self.fresh.remove(&id);
        self.world.remove_agent(id)
    }

    /// The entities, in id order, as steerlab sees them: the motion last given and what their
    /// behaviors keep between ticks.
    #[must_use]
    pub fn entities(&self) -> &[Agent] {
        self.world.agents()
    }

    /// The number of entities.
    #[must_use]
    pub fn len(&self) -> usize {
        self.world.agents().len()
    }

    /// Whether it has no entity.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.world.agents().is_empty()
    }

    /// The index of entity `id` in [`Self::entities`] (and in the forces).
    #[must_use]
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.world.index_of(id)
    }

    /// Entity `id`'s position and velocity now (after the host has moved it).
    pub fn set_motion(
        &mut self,
        id: u32,
        position: Vec2,
        velocity: Vec2,
    ) -> Result<(), CrowdError> {
        let i = self.world.index_of(id).ok_or(CrowdError::NoEntity(id))?;
        if !(position.is_finite() && velocity.is_finite()) {
            return Err(CrowdError::NotFinite(id));
        }
        self.set_at(i, position, velocity);
        Ok(())
    }

    /// Every entity's position and velocity now, in id order (the order of
    /// [`Self::entities`]). Refused, changing nothing, when a list's length is not the number of
    /// entities or a value is not finite.
    pub fn set_motions(
        &mut self,
        positions: &[Vec2],
        velocities: &[Vec2],
    ) -> Result<(), CrowdError> {
        let n = self.len();
        if positions.len() != n || velocities.len() != n {
            return Err(CrowdError::Count {
                entities: n,
                positions: positions.len(),
                velocities: velocities.len(),
            });
        }
        let agents = self.world.agents();
        if let Some(k) = (0..n).find(|&k| !(positions[k].is_finite() && velocities[k].is_finite()))
        {
            return Err(CrowdError::NotFinite(agents[k].id));
        }
        for (i, (&p, &v)) in positions.iter().zip(velocities).enumerate() {
            self.set_at(i, p, v);
        }
        Ok(())
    }

    /// Entity `i`'s new motion, and its heading sampled for heading smoothing as the world
    /// samples it after a move.
    fn set_at(&mut self, i: usize, position: Vec2, velocity: Vec2) {
        let agent = &mut self.world.agents[i];
        agent.set_motion(position, velocity);
        let fresh = self.fresh.contains(&agent.id);
        self.world.trees_current = false;
        if self.world.smoothing_stride > 0
            && !fresh
            && let Some(moved_on) = self.world.tick.checked_sub(1)
        {
            self.world.smooth_heading(i, Some(moved_on));
        }
    }

    /// Every entity's force for this tick, from the motion last given: the world's decision
    /// pass (the same code and the same bits as the world's own agents). Read them with
    /// [`Self::forces`] or [`Self::records`].
    pub fn steer(&mut self) {
        self.world.decide();
        self.fresh.clear();
        if self.world.smoothing_stride > 0 {
            for i in 0..self.world.agents.len() {
                self.world.smooth_heading(i, None);
            }
        }
    }

    /// Each entity's force from the last [`Self::steer`] (the steering applied, truncated to
    /// its group's `max_force`), in id order. An entity added since has a zero force.
    pub fn forces(&self) -> impl ExactSizeIterator<Item = Vec2> + '_ {
        self.world.records().iter().map(|r| r.applied)
    }

    /// Entity `id`'s force from the last [`Self::steer`].
    #[must_use]
    pub fn force(&self, id: u32) -> Option<Vec2> {
        let i = self.world.index_of(id)?;
        self.world.record(i).map(|r| r.applied)
    }

    /// What each entity felt on the last [`Self::steer`] (every behavior's force, the
    /// combined and applied force), in id order.
    #[must_use]
    pub fn records(&self) -> Records<'_> {
        self.world.records()
    }

    /// What the behaviors that trace looked at on the last [`Self::steer`], in id order
    /// (empty unless kept, [`Self::keep_details`], and some group uses one).
    #[must_use]
    pub fn details(&self) -> &[Detail] {
        self.world.details()
    }

    /// Keeps what the behaviors look at on each [`Self::steer`], for a game's debug drawing
    /// ([`World::keep_details`]); off by default.
    pub fn keep_details(&mut self, on: bool) {
        self.world.keep_details(on);
    }

    /// Where the world would move entity `i` (an index) from the motion last given, with its
    /// last force: [`moved`].
    #[must_use]
    pub fn moved(&self, i: usize) -> Option<(Vec2, Vec2)> {
        let agent = self.world.agents().get(i)?;
        self.moved_from(i, agent.position, agent.velocity)
    }

    /// Where the world would move entity `i` (an index) from `position` and `velocity` with
    /// its last force: [`moved`] with its group.
    #[must_use]
    pub fn moved_from(&self, i: usize, position: Vec2, velocity: Vec2) -> Option<(Vec2, Vec2)> {
        let agent = self.world.agents().get(i)?;
        let group = self.world.spec.groups.get(usize::from(agent.group))?;
        let force = self.world.record(i)?.applied;
        Some(moved(&self.world.spec, group, position, velocity, force))
    }

    /// The pointer's position, for the blocks that target it (`None`: not over the game).
    pub fn set_pointer(&mut self, pointer: Option<Vec2>) {
        self.world.set_pointer(pointer);
    }

    /// The click target, for the blocks that target it (the scene's `click_target` at first).
    pub fn set_click(&mut self, click: Vec2) {
        self.world.set_click(click);
    }

    /// Sets the threads of the decision pass as [`World::set_threads`] does (the same bits).
    pub fn set_threads(&mut self, threads: usize) -> Result<(), super::ThreadsError> {
        self.world.set_threads(threads)
    }

    /// The number of [`Self::steer`] calls so far.
    #[must_use]
    pub fn tick(&self) -> u64 {
        self.world.tick()
    }

    /// The crowd as a world, read only: what steerlab's overlays, metrics and tools read.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Each behavior that adds no force because its target is not there: the pointer the host
    /// has not set, an entity the crowd does not hold, a group with no other entity. Empty when
    /// every enabled block of every entity has its target. A block aimed at the entity itself
    /// (a leader's own formation) is not listed: it adds nothing by design.
    #[must_use]
    pub fn unmet(&self) -> Vec<Unmet> {
        let world = &self.world;
        let mut members = vec![0_usize; world.spec.groups.len()];
        for agent in world.agents() {
            if let Some(count) = members.get_mut(usize::from(agent.group)) {
                *count += 1;
            }
        }
        let mut out = Vec::new();
        for agent in world.agents() {
            let g = usize::from(agent.group);
            let Some(group) = world.spec.groups.get(g) else {
                continue;
            };
            for (behavior, _, target) in group.targets() {
                if !group.block(behavior).is_some_and(BlockCommon::enabled) {
                    continue;
                }
                let there = match target {
                    Target::Point(_) | Target::Click | Target::Center | Target::Opposite => true,
                    Target::Pointer => world.pointer().is_some(),
                    Target::Agent(id) => *id == agent.id || world.index_of(*id).is_some(),
                    Target::Nearest(name) => world
                        .group_index(name)
                        .is_some_and(|other| members[other] > usize::from(other == g)),
                };
                if !there {
                    out.push(Unmet {
                        id: agent.id,
                        group: group.name.clone(),
                        behavior,
                        target: target.clone(),
                    });
                }
            }
        }
        out
    }
}

impl World {
    /// Every agent's decision for this tick, from the motion it has, without moving it: the
    /// pass of [`Crowd::steer`].
    fn decide(&mut self) {
        #[cfg(feature = "parallel")]
        if self.parallel()
            && let Some(pool) = self.pool.clone()
        {
            pool.install(|| self.run_tick(Motion::Keep));
            return;
        }
        self.run_tick(Motion::Keep);
    }
}
