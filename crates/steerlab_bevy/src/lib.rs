//! Play steerlab presets in a Bevy game: what a designer tunes in the steerlab editor, the game
//! plays bit for bit, and a save in the editor retunes the running game.
//!
//! - [`SteerScene`] is a Bevy asset: a steerlab scene file (`.ron`) loaded by
//!   [`SteerSceneLoader`]. A file that does not validate fails to load with the same located
//!   messages `steerlab validate` prints (file, line, column, field), and whatever was running
//!   keeps running as it was. With Bevy's `file_watcher` feature, saving the file reloads it.
//! - [`SteerSimulation`]: the plugin runs a whole steerlab world for a scene, one step per
//!   fixed tick (Bevy's fixed timestep is set to the shortest `dt` of the scenes running; a
//!   scene of a longer `dt` steps at its own, less often), and keeps one entity per agent ([`SteerAgent`], its `Transform` written every fixed tick). A reloaded scene retunes
//!   the world at once (parameters), as a live edit does in the editor; counts and the seed
//!   apply on [`SteerSimulation::restart`].
//! - [`SteerCrowd`] and [`Steering`]: the game's own entities steered by a scene's groups. The
//!   game owns each entity's motion ([`SteerBody`]: it moves it, with its own physics or
//!   [`steerlab::sim::moved`]); every fixed tick, in [`SteerSet`], the plugin hands the crowd
//!   every [`SteerBody`] and writes each entity's force to [`Steering::force`]: every behavior
//!   of the registry (flocking over the game's entities, walls, obstacles, paths, flow fields,
//!   pursuit and formations naming other entities, queuing, the jitter controls, stamina),
//!   through the same code and with the same bits as [`SteerSimulation`]. A saved scene retunes
//!   the crowd at once.
//!
//! Coordinates: steerlab's world has y pointing down (screen convention); an agent at
//! steerlab `(x, y)` is placed at Bevy `Transform` translation `(x, -y, z)`. Bevy 0.19 uses
//! glam 0.32 and steerlab glam 0.34: the types are converted at this boundary, component by
//! component (exact; no arithmetic), so the positions in [`SteerAgent`] are steerlab's bits.

use std::time::Duration;

use bevy::app::{App, FixedUpdate, Plugin, Update};
use bevy::asset::io::Reader;
use bevy::asset::{Asset, AssetApp, AssetLoader, Assets, Handle, LoadContext};
use bevy::ecs::prelude::*;
use bevy::ecs::schedule::SystemSet;
use bevy::math::Vec2;
use bevy::reflect::TypePath;
use bevy::time::{Fixed, Time};
use bevy::transform::components::Transform;
use steerlab::scene::Scene;
use steerlab::sim::{Crowd, World};

/// steerlab's vector type (glam 0.34).
pub type SimVec2 = steerlab::glam::Vec2;

/// A steerlab vector as Bevy's (the same two `f32`s).
#[must_use]
pub fn to_bevy(v: SimVec2) -> Vec2 {
    Vec2::new(v.x, v.y)
}

/// A Bevy vector as steerlab's (the same two `f32`s).
#[must_use]
pub fn to_sim(v: Vec2) -> SimVec2 {
    SimVec2::new(v.x, v.y)
}

/// A steerlab position as a Bevy translation (y flipped: steerlab's y points down).
#[must_use]
pub fn translation(p: SimVec2, z: f32) -> bevy::math::Vec3 {
    bevy::math::Vec3::new(p.x, -p.y, z)
}

/// A steerlab scene file, loaded and validated.
#[derive(Asset, TypePath, Debug, Clone, PartialEq)]
pub struct SteerScene {
    /// The scene.
    pub scene: Scene,
}

/// Why a scene file did not load.
#[derive(Debug)]
pub enum SteerSceneError {
    /// The file could not be read.
    Io(std::io::Error),
    /// It does not validate: every error, located as `steerlab validate` prints it.
    Invalid(steerlab::scene::SceneErrors),
}

impl std::fmt::Display for SteerSceneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Io(e) => write!(f, "cannot read the scene: {e}"),
            Self::Invalid(errors) => errors.fmt(f),
        }
    }
}

impl std::error::Error for SteerSceneError {}

/// Loads `.ron` steerlab scene files as [`SteerScene`]s.
#[derive(Default, TypePath)]
pub struct SteerSceneLoader;

impl AssetLoader for SteerSceneLoader {
    type Asset = SteerScene;
    type Settings = ();
    type Error = SteerSceneError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<SteerScene, SteerSceneError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .await
            .map_err(SteerSceneError::Io)?;
        let name = load_context.path().to_string();
        steerlab::scene::from_bytes(&bytes, &name)
            .map(|scene| SteerScene {
                scene: scene.into_scene(),
            })
            .map_err(SteerSceneError::Invalid)
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// A steerlab world run by the plugin for a scene asset.
#[derive(Component)]
pub struct SteerSimulation {
    /// The scene it runs.
    pub scene: Handle<SteerScene>,
    /// `false` pauses it.
    pub running: bool,
    world: Option<World>,
    /// The scene the world was built or last retuned with.
    applied: Option<Scene>,
    restart: bool,
    /// Agent entities by agent id.
    entities: Vec<Option<Entity>>,
    /// Problems of the last reloaded scene the world refused.
    refused: Vec<String>,
    /// Fixed time given and not yet stepped: a world steps each time it holds its scene's
    /// `dt`, so a scene keeps its own tick beside scenes of other `dt`s.
    owed: Duration,
}

impl SteerSimulation {
    /// A simulation of `scene`, which starts once the asset has loaded.
    #[must_use]
    pub fn new(scene: Handle<SteerScene>) -> Self {
        Self {
            scene,
            running: true,
            world: None,
            applied: None,
            restart: false,
            entities: Vec::new(),
            refused: Vec::new(),
            owed: Duration::ZERO,
        }
    }

    /// The world, once the scene has loaded.
    #[must_use]
    pub fn world(&self) -> Option<&World> {
        self.world.as_ref()
    }

    /// The scene the world runs now (as last loaded and accepted).
    #[must_use]
    pub fn scene(&self) -> Option<&Scene> {
        self.applied.as_ref()
    }

    /// Rebuilds the world from the scene on the next frame: the seed, counts and spawning
    /// apply.
    pub fn restart(&mut self) {
        self.restart = true;
    }

    /// Why the last reloaded scene was refused by the running world (empty when it was not).
    #[must_use]
    pub fn refused(&self) -> &[String] {
        &self.refused
    }
}

/// One agent of a [`SteerSimulation`]: its id and state after the last fixed tick, in
/// steerlab's coordinates (its `Transform` is the same position, y flipped).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct SteerAgent {
    /// The simulation entity it belongs to.
    pub simulation: Entity,
    /// The agent's id in the world.
    pub id: u32,
    /// Its group's index in the scene.
    pub group: u16,
    /// Position, world units.
    pub position: SimVec2,
    /// Velocity, world units per second.
    pub velocity: SimVec2,
    /// The steering force applied on the last tick.
    pub force: SimVec2,
}

/// The game's own moving body, for [`Steering`]: the game moves it (in `FixedUpdate`, after
/// [`SteerSet`]), in steerlab's coordinates.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq)]
pub struct SteerBody {
    /// Position in steerlab's coordinates (world units, y down).
    pub position: Vec2,
    /// Velocity (world units per second).
    pub velocity: Vec2,
}

/// The game's entities steered by a scene's groups: put it on an entity of its own, and give
/// each steered entity a [`Steering`] that names that entity and a [`SteerBody`]. The scene's
/// scenery (walls, obstacles, paths, flow fields) and targets steer them; its placed agents and
/// spawns are not used (the game brings its own entities, or follows
/// [`steerlab::sim::Spawns`]). It steers once a fixed tick: Bevy's fixed timestep is set to the
/// shortest `dt` of the scenes running, so a crowd plays as tuned when its scene's `dt` is that.
#[derive(Component)]
pub struct SteerCrowd {
    /// The scene whose groups steer the entities.
    pub scene: Handle<SteerScene>,
    /// The pointer, for the blocks that target it (steerlab's coordinates; `None`: not over
    /// the game).
    pub pointer: Option<Vec2>,
    /// The click target, for the blocks that target it (`None`: the scene's).
    pub click: Option<Vec2>,
    crowd: Option<Crowd>,
    /// The scene the crowd was built or last retuned with.
    applied: Option<Scene>,
    /// Problems of the last reloaded scene the crowd refused.
    refused: Vec<String>,
    /// The entity each steerlab id stands for.
    members: std::collections::BTreeMap<u32, Entity>,
}

impl SteerCrowd {
    /// A crowd steered by `scene`, which starts once the asset has loaded.
    #[must_use]
    pub fn new(scene: Handle<SteerScene>) -> Self {
        Self {
            scene,
            pointer: None,
            click: None,
            crowd: None,
            applied: None,
            refused: Vec::new(),
            members: std::collections::BTreeMap::new(),
        }
    }

    /// The crowd, once the scene has loaded: its entities in id order, their records (every
    /// behavior's force), what steerlab's overlays and metrics read.
    #[must_use]
    pub fn crowd(&self) -> Option<&Crowd> {
        self.crowd.as_ref()
    }

    /// The scene the crowd steers with now (as last loaded and accepted).
    #[must_use]
    pub fn scene(&self) -> Option<&Scene> {
        self.applied.as_ref()
    }

    /// Why the last reloaded scene was refused (empty when it was not).
    #[must_use]
    pub fn refused(&self) -> &[String] {
        &self.refused
    }

    /// The blocks that add no force because their target is not there (the pointer not set,
    /// an entity id no entity has, a group with no other entity); each says which in its
    /// `Display`.
    #[must_use]
    pub fn unmet(&self) -> Vec<steerlab::sim::Unmet> {
        self.crowd.as_ref().map_or_else(Vec::new, Crowd::unmet)
    }

    /// The entity steerlab id `id` stands for.
    #[must_use]
    pub fn entity(&self, id: u32) -> Option<Entity> {
        self.members.get(&id).copied()
    }
}

/// Steering for one of the game's entities: the force a group of its [`SteerCrowd`]'s scene
/// asks for, written to [`Steering::force`] every fixed tick.
///
/// Order: the crowd keeps its entities in id order, which decides neighbour ties, keys each
/// entity's random stream and is what a scene's `Agent(id)` targets name. Give `id` to fix it
/// (the same ids give the same run); an entity without one gets the next free id the first
/// tick the plugin sees it, entities seen together numbered in [`Entity`] order (Bevy's query
/// order is not spawn order).
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Steering {
    /// The entity holding the [`SteerCrowd`].
    pub crowd: Entity,
    /// The group whose blocks steer it (by name).
    pub group: String,
    /// Its id in the crowd (see the type's docs).
    pub id: Option<u32>,
    /// The force of the last fixed tick (steerlab's coordinates): the steering applied,
    /// truncated to the group's `max_force`; zero while the entity is not steered
    /// (`problem`).
    pub force: Vec2,
    /// Why the entity is not steered (a group the scene lacks, an id another entity has).
    pub problem: Option<String>,
    /// The circle wander's starting angle (radians), as a scene's placed agent may have.
    pub wander_angle_rad: Option<f32>,
}

impl Steering {
    /// Steering by group `group` of the scene of `crowd`.
    #[must_use]
    pub fn new(crowd: Entity, group: &str) -> Self {
        Self {
            crowd,
            group: group.to_owned(),
            id: None,
            force: Vec2::ZERO,
            problem: None,
            wander_angle_rad: None,
        }
    }

    /// With the circle wander starting at `angle_rad`.
    #[must_use]
    pub fn with_wander_angle(mut self, angle_rad: f32) -> Self {
        self.wander_angle_rad = Some(angle_rad);
        self
    }

    /// With the id `id` in its crowd.
    #[must_use]
    pub fn with_id(mut self, id: u32) -> Self {
        self.id = Some(id);
        self
    }
}

/// The plugin's work in `FixedUpdate`: a [`SteerSimulation`]'s tick and every [`SteerCrowd`]'s
/// forces. A game that moves its [`SteerBody`]s from [`Steering::force`] runs that system
/// `.after(SteerSet)`, and brings in new entities `.before(SteerSet)`.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SteerSet;

/// The plugin: the asset type and its loader, the simulation systems and the steering system.
pub struct SteerlabPlugin;

impl Plugin for SteerlabPlugin {
    fn build(&self, app: &mut App) {
        app.init_asset::<SteerScene>()
            .init_asset_loader::<SteerSceneLoader>()
            .add_systems(
                Update,
                (follow_scenes, follow_crowd_scenes, keep_timestep).chain(),
            )
            .add_systems(
                FixedUpdate,
                (step_simulations, steer_crowds).in_set(SteerSet),
            );
    }
}

/// Builds simulations whose scene has loaded, applies reloaded scenes (parameters at once),
/// and restarts those asked to.
fn follow_scenes(
    mut commands: Commands,
    scenes: Res<Assets<SteerScene>>,
    mut simulations: Query<(Entity, &mut SteerSimulation)>,
) {
    for (entity, mut sim) in &mut simulations {
        let Some(asset) = scenes.get(&sim.scene) else {
            continue;
        };
        let sim = &mut *sim;
        if sim.world.is_none() || sim.restart {
            sim.restart = false;
            match asset.scene.build_world() {
                Ok(world) => {
                    for e in sim.entities.drain(..).flatten() {
                        commands.entity(e).despawn();
                    }
                    sim.world = Some(world);
                    sim.owed = Duration::ZERO;
                    sim.applied = Some(asset.scene.clone());
                    sim.refused.clear();
                    sync_agents(&mut commands, entity, sim);
                }
                Err(problems) => sim.refused = problems.iter().map(ToString::to_string).collect(),
            }
        } else if sim.applied.as_ref() != Some(&asset.scene)
            && let Some(world) = &mut sim.world
        {
            match world.retune(asset.scene.world_spec()) {
                Ok(()) => {
                    sim.applied = Some(asset.scene.clone());
                    sim.refused.clear();
                }
                Err(problems) => sim.refused = problems.iter().map(ToString::to_string).collect(),
            }
        }
    }
}

/// Each simulation's ticks for this fixed tick (one when its scene's `dt` is the fixed
/// timestep; a scene of a longer `dt` steps less often), then the agents' entities follow.
fn step_simulations(
    mut commands: Commands,
    fixed: Res<Time<Fixed>>,
    mut simulations: Query<(Entity, &mut SteerSimulation)>,
    mut agents: Query<(&mut SteerAgent, &mut Transform)>,
) {
    for (entity, mut sim) in &mut simulations {
        let sim = &mut *sim;
        if !sim.running {
            continue;
        }
        let (Some(world), Some(scene)) = (&mut sim.world, &sim.applied) else {
            continue;
        };
        let dt = tick_of(scene);
        sim.owed += fixed.timestep();
        // Ticks of f32 seconds are not exact multiples in nanoseconds (two ticks of 1/60 s are a
        // nanosecond short of one of 1/30 s): what is within a thousandth of a fixed tick counts.
        let slack = fixed.timestep() / 1000;
        if sim.owed + slack < dt {
            continue;
        }
        while sim.owed + slack >= dt {
            sim.owed = sim.owed.saturating_sub(dt);
            world.step();
        }
        sync_agents(&mut commands, entity, sim);
        let Some(world) = &sim.world else {
            continue;
        };
        for (agent, record) in world.agents().iter().zip(world.records()) {
            let Some(Some(e)) = sim.entities.get(agent.id as usize) else {
                continue;
            };
            if let Ok((mut a, mut transform)) = agents.get_mut(*e) {
                a.position = agent.position;
                a.velocity = agent.velocity;
                a.force = record.applied;
                transform.translation = translation(agent.position, transform.translation.z);
            }
        }
    }
}

/// Spawns an entity for every agent that has none (spawned since), despawns those of agents
/// that are gone.
fn sync_agents(commands: &mut Commands, simulation: Entity, sim: &mut SteerSimulation) {
    let Some(world) = &sim.world else {
        return;
    };
    let mut alive = vec![false; sim.entities.len()];
    for (agent, record) in world.agents().iter().zip(world.records()) {
        let k = agent.id as usize;
        if k >= sim.entities.len() {
            sim.entities.resize(k + 1, None);
            alive.resize(k + 1, false);
        }
        alive[k] = true;
        if sim.entities[k].is_none() {
            let e = commands
                .spawn((
                    SteerAgent {
                        simulation,
                        id: agent.id,
                        group: agent.group,
                        position: agent.position,
                        velocity: agent.velocity,
                        force: record.applied,
                    },
                    Transform::from_translation(translation(agent.position, 0.0)),
                ))
                .id();
            sim.entities[k] = Some(e);
        }
    }
    for (k, e) in sim.entities.iter_mut().enumerate() {
        if !alive[k]
            && let Some(e) = e.take()
        {
            commands.entity(e).despawn();
        }
    }
}

/// A scene's tick as a duration.
fn tick_of(scene: &Scene) -> Duration {
    Duration::from_secs_f64(f64::from(scene.dt))
}

/// Bevy's fixed timestep at the shortest `dt` of the scenes running (simulations and crowds):
/// whatever order they were added in, each simulation then steps at its own `dt` (a scene of
/// that `dt` once a fixed tick, so it plays bit for bit), and the crowds steer once a fixed
/// tick.
fn keep_timestep(
    mut fixed: ResMut<Time<Fixed>>,
    simulations: Query<&SteerSimulation>,
    crowds: Query<&SteerCrowd>,
) {
    let shortest = simulations
        .iter()
        .filter_map(|sim| sim.applied.as_ref())
        .chain(crowds.iter().filter_map(|crowd| crowd.applied.as_ref()))
        .map(tick_of)
        .min();
    if let Some(dt) = shortest
        && fixed.timestep() != dt
    {
        fixed.set_timestep(dt);
    }
}

/// Builds crowds whose scene has loaded and applies reloaded scenes: parameters and scenery at
/// once (the entities keep their memory); a scene whose groups changed in number builds a new
/// crowd, which takes the entities back on the next fixed tick.
fn follow_crowd_scenes(scenes: Res<Assets<SteerScene>>, mut crowds: Query<&mut SteerCrowd>) {
    for mut crowd in &mut crowds {
        let Some(asset) = scenes.get(&crowd.scene) else {
            continue;
        };
        if crowd.applied.as_ref() == Some(&asset.scene) {
            continue;
        }
        let crowd = &mut *crowd;
        let spec = asset.scene.world_spec();
        let same_groups = crowd
            .crowd
            .as_ref()
            .is_some_and(|c| c.spec().groups.len() == spec.groups.len());
        let result = match &mut crowd.crowd {
            Some(c) if same_groups => c.retune(spec),
            _ => Crowd::new(spec).map(|c| {
                crowd.crowd = Some(c);
                crowd.members.clear();
            }),
        };
        match result {
            Ok(()) => {
                crowd.applied = Some(asset.scene.clone());
                crowd.refused.clear();
            }
            Err(problems) => crowd.refused = problems.iter().map(ToString::to_string).collect(),
        }
    }
}

/// Every [`SteerCrowd`]'s forces: its entities taken in (new ones added in id order, gone ones
/// removed), their [`SteerBody`]s handed over, one steer, the forces written back.
fn steer_crowds(
    mut crowds: Query<(Entity, &mut SteerCrowd)>,
    mut bodies: Query<(Entity, &mut Steering, &SteerBody)>,
) {
    for (crowd_entity, mut holder) in &mut crowds {
        let holder = &mut *holder;
        let Some(crowd) = &mut holder.crowd else {
            continue;
        };
        if let Some(pointer) = holder.pointer.map(to_sim) {
            crowd.set_pointer(Some(pointer));
        } else {
            crowd.set_pointer(None);
        }
        let click = holder.click.map_or(crowd.spec().click_target, to_sim);
        crowd.set_click(click);
        // Who is steered now: the entities that name this crowd, with the id and group asked.
        let present: std::collections::HashMap<Entity, (Option<u32>, Option<usize>)> = bodies
            .iter()
            .filter(|(_, s, _)| s.crowd == crowd_entity)
            .map(|(e, s, _)| (e, (s.id, crowd.spec().group_index(&s.group))))
            .collect();
        // Gone: no longer there, or there with another id or group (then taken back as new).
        holder.members.retain(|&id, e| {
            let group = crowd
                .index_of(id)
                .map(|i| usize::from(crowd.entities()[i].group));
            let keep = present
                .get(e)
                .is_some_and(|&(want, g)| want.is_none_or(|w| w == id) && g == group);
            if !keep {
                crowd.remove(id);
            }
            keep
        });
        let members: std::collections::HashSet<Entity> = holder.members.values().copied().collect();
        // New: those with an id first (in id order), then the others in entity order.
        let mut new: Vec<(Option<u32>, Entity)> = present
            .iter()
            .filter(|(e, _)| !members.contains(e))
            .map(|(&e, &(id, _))| (id, e))
            .collect();
        new.sort_by_key(|&(id, e)| (id.is_none(), id, e));
        for (id, e) in new {
            let Ok((_, mut steering, body)) = bodies.get_mut(e) else {
                continue;
            };
            let Some(group) = crowd.spec().group_index(&steering.group) else {
                steering.problem = Some(format!(
                    "the scene has no group named \"{}\"",
                    steering.group
                ));
                steering.force = Vec2::ZERO;
                continue;
            };
            let (p, v) = (to_sim(body.position), to_sim(body.velocity));
            let added = match id {
                Some(id) => crowd.insert(id, group, p, v).map(|()| id),
                None => crowd.add(group, p, v),
            }
            .and_then(|id| match steering.wander_angle_rad {
                Some(angle) => crowd
                    .set_wander_angle(id, angle)
                    .map(|()| id)
                    .inspect_err(|_| {
                        crowd.remove(id);
                    }),
                None => Ok(id),
            });
            match added {
                Ok(id) => {
                    steering.problem = None;
                    steering.id = Some(id);
                    holder.members.insert(id, e);
                }
                Err(e) => {
                    steering.problem = Some(e.to_string());
                    steering.force = Vec2::ZERO;
                }
            }
        }
        // Their motion now, then one steer.
        for (&id, &e) in &holder.members {
            if let Ok((_, mut steering, body)) = bodies.get_mut(e) {
                let given = crowd.set_motion(id, to_sim(body.position), to_sim(body.velocity));
                steering.problem = given.err().map(|e| e.to_string());
            }
        }
        crowd.steer();
        for (&id, &e) in &holder.members {
            if let (Ok((_, mut steering, _)), Some(force)) = (bodies.get_mut(e), crowd.force(id)) {
                steering.force = to_bevy(force);
            }
        }
    }
}
