//! The scene file model: what a `.ron` preset holds. Field order here is the order on disk.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::sim::model::field::Limit;
use crate::sim::model::field_path::{FieldPath, Number, Numbers};
use crate::sim::model::scenery::Level;
use crate::sim::setup::settings::{SEED, SceneNumbers};
use crate::sim::steer::params::{BoundsMode, FlowField, Group, Obstacle, Path, Placed, Wall};
use crate::sim::{BehaviorKind, CheckedSpec, Crowd, Problems, Target, World, WorldSpec};

pub use super::overlays::{OverlaySet, Scope};

/// The format version this build writes. Files of older versions are migrated on load.
pub const CURRENT_VERSION: u32 = 2;

/// The scene file's format version field.
pub const VERSION: &str = "version";

/// The scene file's view section.
pub const VIEW: &str = "view";

/// The scene's description.
pub const DESCRIPTION: &str = "description";

fn default_seed() -> u64 {
    1
}

fn default_dt() -> f32 {
    1.0 / 60.0
}

/// The world rectangle and its edges.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorldParams {
    /// Width in world units (> 0). The world spans `0..width` left to right.
    pub width: f32,
    /// Height in world units (> 0). The world spans `0..height` top to bottom (y down).
    pub height: f32,
    /// What happens at the edges.
    #[serde(default)]
    pub bounds: BoundsMode,
}

/// How the editor first shows a scene: which overlays, for whom, which agent is selected and
/// how close. Only the editor reads it; the simulation does not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneView {
    /// The overlays that are on (every other one off); absent: the editor's own choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlays: Option<OverlaySet>,
    /// Whom the overlays are drawn for.
    #[serde(default)]
    pub scope: Scope,
    /// The agent selected at the start (an id; placed agents come first), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected: Option<u32>,
    /// 1 shows the whole world; 2 twice as close (0.1 to 50).
    #[serde(default = "one")]
    pub zoom: f32,
    /// The point in the middle of the view (world units); the world's centre when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub center: Option<Vec2>,
    /// How long a velocity arrow is: the distance travelled in this many seconds (0.05 to
    /// 3); absent: the editor's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub velocity_scale_secs: Option<f32>,
    /// How long a force arrow is: the force times this (0.005 to 5, seconds²); absent: the
    /// editor's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_scale: Option<f32>,
}

/// The range of [`SceneView::velocity_scale_secs`] (the editor's slider's).
pub const VELOCITY_SCALE_RANGE: (f32, f32) = (0.05, 3.0);
/// The range of [`SceneView::force_scale`] (the editor's slider's).
pub const FORCE_SCALE_RANGE: (f32, f32) = (0.005, 5.0);

fn one() -> f32 {
    1.0
}

/// The smallest and largest [`SceneView::zoom`].
pub const ZOOM_RANGE: (f32, f32) = (0.1, 50.0);

impl SceneView {
    /// What is wrong with the view, as problems located at `view.…`.
    #[must_use]
    pub fn problems(&self) -> Vec<crate::sim::Problem> {
        let mut out = Vec::new();
        let (lo, hi) = ZOOM_RANGE;
        if !(self.zoom.is_finite() && (lo..=hi).contains(&self.zoom)) {
            out.push(crate::sim::Problem::new(
                FieldPath::root().key(VIEW).key("zoom"),
                format!("must be from {lo} to {hi}, got {}", self.zoom),
            ));
        }
        if let Some(c) = self.center
            && !c.is_finite()
        {
            out.push(crate::sim::Problem::new(
                FieldPath::root().key(VIEW).key("center"),
                "must be a finite point",
            ));
        }
        for (key, value, (lo, hi)) in [
            (
                "velocity_scale_secs",
                self.velocity_scale_secs,
                VELOCITY_SCALE_RANGE,
            ),
            ("force_scale", self.force_scale, FORCE_SCALE_RANGE),
        ] {
            if let Some(v) = value
                && !(v.is_finite() && (lo..=hi).contains(&v))
            {
                out.push(crate::sim::Problem::new(
                    FieldPath::root().key(VIEW).key(key),
                    format!("must be from {lo} to {hi}, got {v}"),
                ));
            }
        }
        out
    }
}

/// A scene: a whole tuning preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// Format version; see [`CURRENT_VERSION`].
    pub version: u32,
    /// Shown in the editor's title and menus.
    pub name: String,
    /// What the scene shows, for the people who open it.
    #[serde(default)]
    pub description: String,
    /// Seed of every random draw.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Tick length in seconds (default 1/60). `dt: 1.0` gives the sources' per-frame update.
    #[serde(default = "default_dt")]
    pub dt: f32,
    /// The world rectangle.
    pub world: WorldParams,
    /// Initial click target (world units); the world's centre when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub click_target: Option<Vec2>,
    /// Circular obstacles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub obstacles: Vec<Obstacle>,
    /// Wall segments (version 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<Wall>,
    /// The level: the walkable area's outline and blocks of wall, as polygons.
    #[serde(default, skip_serializing_if = "Level::is_empty")]
    pub level: Level,
    /// Paths, by name (version 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<Path>,
    /// Flow fields, by name (version 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flow_fields: Vec<FlowField>,
    /// Agents placed one by one, spawned before the groups' own (version 2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<Placed>,
    /// Groups of agents.
    pub groups: Vec<Group>,
    /// How the editor first shows the scene.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<SceneView>,
    /// What "good" is for this scene, and what a tuner may change (docs/scenes.md, Goals).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goals: Option<super::goals::Goals>,
}

/// What a scene holds besides its world spec ([`Scene::split`]).
pub(super) struct Rest {
    version: u32,
    name: String,
    description: String,
    /// The click target as written (the spec holds the one in use).
    click_target: Option<Vec2>,
    view: Option<SceneView>,
    goals: Option<super::goals::Goals>,
}

/// A scene that passed every check when it was read ([`super::from_str`], [`super::load`]):
/// a world is built from it with no second check (`CheckedScene::new_world`) and, once the scene
/// is not needed, with no copy either ([`CheckedScene::into_world`]). It reads as the
/// [`Scene`] it holds; [`CheckedScene::into_scene`] gives that scene to edit, which is then
/// checked again when a world is built from it.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedScene {
    scene: Scene,
}

impl CheckedScene {
    /// `scene`, which every check of [`super::validate::parse`] accepted.
    pub(super) fn accepted(scene: Scene) -> Self {
        Self { scene }
    }

    /// The scene, to read (its name, its goals, its groups).
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene, to edit.
    #[must_use]
    pub fn into_scene(self) -> Scene {
        self.scene
    }

    /// The scene's world at tick 0, with no second check (its spec is a copy: the scene stays).
    #[must_use]
    pub(crate) fn new_world(&self) -> World {
        World::from_checked(CheckedSpec::already_checked(self.scene.world_spec()))
    }

    /// The scene's world at tick 0, with no second check and no copy.
    #[must_use]
    pub fn into_world(self) -> World {
        World::from_checked(CheckedSpec::already_checked(self.scene.split().1))
    }

    /// A crowd steered by the scene's groups ([`Crowd`]), with no second check.
    #[must_use]
    pub fn new_crowd(&self) -> Crowd {
        Crowd::from_checked(CheckedSpec::already_checked(self.scene.world_spec()))
    }
}

impl PartialEq<Scene> for CheckedScene {
    fn eq(&self, other: &Scene) -> bool {
        self.scene == *other
    }
}

impl PartialEq<CheckedScene> for Scene {
    fn eq(&self, other: &CheckedScene) -> bool {
        *self == other.scene
    }
}

impl From<CheckedScene> for Scene {
    fn from(checked: CheckedScene) -> Self {
        checked.scene
    }
}

impl Scene {
    /// A fresh scene (File › New): one group of wanderers in an 800 × 600 wrapping world, every
    /// parameter at its default.
    #[must_use]
    pub fn new_default() -> Self {
        let mut group = crate::sim::Group::new(
            "agents",
            10,
            crate::sim::Spawn::Area {
                min: Vec2::ZERO,
                max: Vec2::new(800.0, 600.0),
                speed: 50.0,
            },
        );
        group.wander = Some(crate::sim::steer::params::Wander::default());
        Self {
            version: CURRENT_VERSION,
            name: "New scene".to_owned(),
            description: String::new(),
            seed: default_seed(),
            dt: default_dt(),
            world: WorldParams {
                width: 800.0,
                height: 600.0,
                bounds: crate::sim::BoundsMode::Wrap,
            },
            click_target: None,
            obstacles: Vec::new(),
            walls: Vec::new(),
            level: Level::default(),
            paths: Vec::new(),
            flow_fields: Vec::new(),
            agents: Vec::new(),
            groups: vec![group],
            view: None,
            goals: None,
        }
    }

    /// The scene taken apart: its world spec (moved, not copied) and the rest.
    pub(super) fn split(self) -> (Rest, WorldSpec) {
        let size = Vec2::new(self.world.width, self.world.height);
        let rest = Rest {
            version: self.version,
            name: self.name,
            description: self.description,
            click_target: self.click_target,
            view: self.view,
            goals: self.goals,
        };
        let spec = WorldSpec {
            seed: self.seed,
            dt: self.dt,
            size,
            bounds: self.world.bounds,
            click_target: self.click_target.unwrap_or(size * 0.5),
            obstacles: self.obstacles,
            walls: self.walls,
            level: self.level,
            paths: self.paths,
            flow_fields: self.flow_fields,
            agents: self.agents,
            groups: self.groups,
        };
        (rest, spec)
    }

    /// The scene put back together from [`Scene::split`]'s parts (moved, not copied).
    pub(super) fn join(rest: Rest, spec: WorldSpec) -> Self {
        Self {
            version: rest.version,
            name: rest.name,
            description: rest.description,
            seed: spec.seed,
            dt: spec.dt,
            world: WorldParams {
                width: spec.size.x,
                height: spec.size.y,
                bounds: spec.bounds,
            },
            click_target: rest.click_target,
            obstacles: spec.obstacles,
            walls: spec.walls,
            level: spec.level,
            paths: spec.paths,
            flow_fields: spec.flow_fields,
            agents: spec.agents,
            groups: spec.groups,
            view: rest.view,
            goals: rest.goals,
        }
    }

    /// The simulation parameters of this scene (a copy: `Scene::split` maps a scene to its
    /// spec, in one place).
    #[must_use]
    pub fn world_spec(&self) -> WorldSpec {
        self.clone().split().1
    }

    /// Builds the world of this scene, at tick 0.
    pub fn build_world(&self) -> Result<World, Problems> {
        World::new(self.world_spec())
    }

    /// A crowd steered by this scene's groups, for entities a host owns ([`Crowd`]).
    pub fn build_crowd(&self) -> Result<Crowd, Problems> {
        Crowd::new(self.world_spec())
    }

    /// The target a path names, to set: `groups[0].seek.target`, or a second target such as
    /// `groups[2].interpose.other`. Says why when the path names no target of this scene.
    pub fn target_mut(&mut self, path: &FieldPath) -> Result<&mut Target, String> {
        use crate::sim::model::field_path::Part;
        let why =
            || format!("`{path}` names no target: write groups[N].BEHAVIOR.target (or .other)");
        let (g, kind, which) = match path.parts() {
            [
                Part::Key(groups),
                Part::Index(g),
                Part::Key(behavior),
                Part::Key(field),
            ] if groups == crate::sim::setup::settings::GROUPS => {
                let kind = BehaviorKind::from_key(behavior).ok_or_else(why)?;
                let which = match field.as_ref() {
                    "target" => 0,
                    "other" => 1,
                    _ => return Err(why()),
                };
                (*g, kind, which)
            }
            _ => return Err(why()),
        };
        let count = self.groups.len();
        let group = self
            .groups
            .get_mut(g)
            .ok_or_else(|| format!("`{path}`: the scene has {count} groups"))?;
        let name = group.name.clone();
        group
            .target_mut(kind, which)
            .ok_or_else(|| format!("`{path}`: group \"{name}\" has no such target"))
    }
}

impl Numbers for Scene {
    /// The seed, then every number a world is built from, at the paths of the file (the
    /// format version and the view are not parameters and are not listed).
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        debug_assert!(at.is_root(), "a scene's numbers are at the root");
        f(&at.key(SEED.key), Number::Large(&mut self.seed), SEED.limit);
        SceneNumbers {
            dt: &mut self.dt,
            size: (&mut self.world.width, &mut self.world.height),
            click_target: self.click_target.as_mut(),
            obstacles: &mut self.obstacles,
            walls: &mut self.walls,
            level: &mut self.level,
            paths: &mut self.paths,
            flow_fields: &mut self.flow_fields,
            agents: &mut self.agents,
            groups: &mut self.groups,
        }
        .visit(f);
    }
}
