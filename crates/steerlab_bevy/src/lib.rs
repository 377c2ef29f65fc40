//! Play steerlab presets in a Bevy game: what a designer tunes in the steerlab editor, the game
//! plays bit for bit, and a save in the editor retunes the running game.
//!
//! - [`SteerScene`] is a Bevy asset: a steerlab scene file (`.ron`) loaded by
//!   [`SteerSceneLoader`]. A file that does not validate fails to load with the same located
//!   messages `steerlab validate` prints (file, line, column, field), and whatever was running
//!   keeps running as it was. With Bevy's `file_watcher` feature, saving the file reloads it.
//! - [`SteerSimulation`]: the plugin runs a whole steerlab world for a scene, one step per
//!   fixed tick (Bevy's fixed timestep is set from the scene's `dt`), and keeps one entity per
//!   agent ([`SteerAgent`], its `Transform` written every fixed tick). A reloaded scene retunes
//!   the world at once (parameters), as a live edit does in the editor; counts and the seed
//!   apply on [`SteerSimulation::restart`].
//! - [`Steering`]: a component on the game's own entities (the tutorials' host-object idea).
//!   The game owns position and velocity ([`SteerBody`]); every fixed tick steerlab computes
//!   the steering force from a group's parameters in a preset and writes it to
//!   [`Steering::force`].
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
use bevy::math::Vec2;
use bevy::reflect::TypePath;
use bevy::time::{Fixed, Time};
use bevy::transform::components::Transform;
use steerlab::scene::Scene;
use steerlab::sim::behaviors::Body;
use steerlab::sim::{SteeringManager, SteeringState, World};

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
            .map(|scene| SteerScene { scene })
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

/// The game's own moving body, for [`Steering`]: the game integrates it.
#[derive(Component, Debug, Clone, Copy, Default, PartialEq)]
pub struct SteerBody {
    /// Position in steerlab's coordinates (world units, y down).
    pub position: Vec2,
    /// Velocity (world units per second).
    pub velocity: Vec2,
}

/// Steering for one of the game's entities from a group of a preset: every fixed tick the
/// force the group's seek, flee, arrive, pursuit, evade and wander blocks ask for, combined as
/// the group combines them, is written to [`Steering::force`].
#[derive(Component, Debug, Clone)]
pub struct Steering {
    /// The preset.
    pub scene: Handle<SteerScene>,
    /// The group whose parameters it uses (by name).
    pub group: String,
    /// Where the blocks that do not name a fixed point steer to (the click target, an agent,
    /// the pointer in the editor): given by the game.
    pub target: Option<Vec2>,
    /// That target's velocity, for pursuit and evade.
    pub target_velocity: Vec2,
    /// The force computed on the last fixed tick (steerlab's coordinates).
    pub force: Vec2,
    state: SteeringState,
}

impl Steering {
    /// Steering from group `group` of `scene`, its random stream seeded with `seed`.
    #[must_use]
    pub fn new(scene: Handle<SteerScene>, group: &str, seed: u64) -> Self {
        Self {
            scene,
            group: group.to_owned(),
            target: None,
            target_velocity: Vec2::ZERO,
            force: Vec2::ZERO,
            state: SteeringState::new(seed, 0),
        }
    }
}

/// The plugin: the asset type and its loader, the simulation systems and the steering system.
pub struct SteerlabPlugin;

impl Plugin for SteerlabPlugin {
    fn build(&self, app: &mut App) {
        app.init_asset::<SteerScene>()
            .init_asset_loader::<SteerSceneLoader>()
            .add_systems(Update, follow_scenes)
            .add_systems(FixedUpdate, (step_simulations, steer_bodies));
    }
}

/// Builds simulations whose scene has loaded, applies reloaded scenes (parameters at once),
/// and restarts those asked to; keeps Bevy's fixed timestep at the scene's `dt`.
fn follow_scenes(
    mut commands: Commands,
    scenes: Res<Assets<SteerScene>>,
    mut fixed: ResMut<Time<Fixed>>,
    mut simulations: Query<(Entity, &mut SteerSimulation)>,
) {
    for (entity, mut sim) in &mut simulations {
        let Some(asset) = scenes.get(&sim.scene) else {
            continue;
        };
        let dt = Duration::from_secs_f64(f64::from(asset.scene.dt));
        if fixed.timestep() != dt {
            fixed.set_timestep(dt);
        }
        let sim = &mut *sim;
        if sim.world.is_none() || sim.restart {
            sim.restart = false;
            match asset.scene.build_world() {
                Ok(world) => {
                    for e in sim.entities.drain(..).flatten() {
                        commands.entity(e).despawn();
                    }
                    sim.world = Some(world);
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

/// One steerlab tick per fixed tick, then the agents' entities follow.
fn step_simulations(
    mut commands: Commands,
    mut simulations: Query<(Entity, &mut SteerSimulation)>,
    mut agents: Query<(&mut SteerAgent, &mut Transform)>,
) {
    for (entity, mut sim) in &mut simulations {
        let sim = &mut *sim;
        if !sim.running {
            continue;
        }
        let Some(world) = &mut sim.world else {
            continue;
        };
        world.step();
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

/// The force each [`Steering`] entity's group asks for, from its [`SteerBody`].
fn steer_bodies(scenes: Res<Assets<SteerScene>>, mut bodies: Query<(&mut Steering, &SteerBody)>) {
    for (mut steering, body) in &mut bodies {
        let Some(group) = scenes
            .get(&steering.scene)
            .and_then(|s| s.scene.groups.iter().find(|g| g.name == steering.group))
        else {
            continue;
        };
        let steering = &mut *steering;
        let b = Body {
            position: to_sim(body.position),
            velocity: to_sim(body.velocity),
            max_speed: group.max_speed,
            mass: group.mass,
        };
        let force = steering_force(
            group,
            &b,
            steering.target.map(to_sim),
            to_sim(steering.target_velocity),
            &mut steering.state,
        );
        steering.force = to_bevy(force);
    }
}

/// The steering force of `group`'s target-driven blocks (evade, flee, pursuit, seek, arrive,
/// wander, in steerlab's priority order, under the group's combination) for `body`; a block
/// whose target is a fixed point steers there, any other to `target`.
#[must_use]
pub fn steering_force(
    group: &steerlab::sim::Group,
    body: &Body,
    target: Option<SimVec2>,
    target_velocity: SimVec2,
    state: &mut SteeringState,
) -> SimVec2 {
    use steerlab::sim::Target;
    use steerlab::sim::params::BlockCommon as _;
    let aim = |t: &Target| match t {
        Target::Point(p) => Some(*p),
        Target::Center
        | Target::Click
        | Target::Pointer
        | Target::Agent(_)
        | Target::Nearest(_) => target,
    };
    let mut m = SteeringManager::new(state.clone(), group.max_force, group.combination);
    if let Some(b) = group.evade.as_ref().filter(|b| b.enabled())
        && let Some(p) = aim(&b.target)
    {
        m.evade_block(body, b, p, target_velocity);
    }
    if let Some(b) = group.flee.as_ref().filter(|b| b.enabled())
        && let Some(p) = aim(&b.target)
    {
        m.flee_block(body, b, p);
    }
    if let Some(b) = group.pursuit.as_ref().filter(|b| b.enabled())
        && let Some(p) = aim(&b.target)
    {
        m.pursuit_block(body, b, p, target_velocity);
    }
    if let Some(b) = group.seek.as_ref().filter(|b| b.enabled())
        && let Some(p) = aim(&b.target)
    {
        m.seek_block(body, b, p);
    }
    if let Some(b) = group.arrive.as_ref().filter(|b| b.enabled())
        && let Some(p) = aim(&b.target)
    {
        m.arrive_block(body, b, p);
    }
    if let Some(b) = group.wander.as_ref().filter(|b| b.enabled()) {
        m.wander(body, b);
    }
    let record = m.finish(body);
    *state = m.state;
    record.applied
}

#[cfg(test)]
mod tests {
    use super::*;
    use steerlab::sim::Target;
    use steerlab::sim::params::{Flee, Seek};

    fn group() -> steerlab::sim::Group {
        let mut g = steerlab::sim::Group::new(
            "g",
            1,
            steerlab::sim::Spawn::At {
                position: SimVec2::ZERO,
                velocity: SimVec2::ZERO,
            },
        );
        g.max_speed = 10.0;
        g.max_force = 100.0;
        g
    }

    fn body(velocity: SimVec2) -> Body {
        Body {
            position: SimVec2::ZERO,
            velocity,
            max_speed: 10.0,
            mass: 1.0,
        }
    }

    #[test]
    fn a_fixed_point_target_is_sought_and_any_other_is_the_games() {
        let mut g = group();
        g.seek = Some(Seek {
            target: Target::Point(SimVec2::new(0.0, 50.0)),
            ..Seek::default()
        });
        let mut state = SteeringState::new(1, 0);
        // desired = (0, 1) * 10; force = desired - velocity (3, 0).
        let f = steering_force(
            &g,
            &body(SimVec2::new(3.0, 0.0)),
            None,
            SimVec2::ZERO,
            &mut state,
        );
        assert_eq!(f, SimVec2::new(-3.0, 10.0));
        // A click target is the game's: none given, no force; given, sought.
        g.seek = Some(Seek {
            target: Target::Click,
            ..Seek::default()
        });
        let f = steering_force(&g, &body(SimVec2::ZERO), None, SimVec2::ZERO, &mut state);
        assert_eq!(f, SimVec2::ZERO);
        let f = steering_force(
            &g,
            &body(SimVec2::ZERO),
            Some(SimVec2::new(-20.0, 0.0)),
            SimVec2::ZERO,
            &mut state,
        );
        assert_eq!(f, SimVec2::new(-10.0, 0.0));
    }

    #[test]
    fn blocks_combine_as_the_group_combines_them_and_are_truncated() {
        let mut g = group();
        g.max_force = 12.0;
        g.seek = Some(Seek {
            target: Target::Point(SimVec2::new(10.0, 0.0)),
            ..Seek::default()
        });
        g.flee = Some(Flee {
            target: Target::Point(SimVec2::new(0.0, 10.0)),
            panic_distance: None,
            ..Flee::default()
        });
        let mut state = SteeringState::new(1, 0);
        // Seek (10, 0) plus flee (0, -10): (10, -10), |14.14| truncated to 12.
        let f = steering_force(&g, &body(SimVec2::ZERO), None, SimVec2::ZERO, &mut state);
        let expected = SimVec2::new(10.0, -10.0).normalize() * 12.0;
        assert!((f - expected).length() < 1e-5, "{f} {expected}");
    }
}
