//! A scene and the run it drives, kept in step: what a game's runtime holds (the web runtime's
//! `Simulation` and `Crowd`, the C interface's world and crowd handles).
//!
//! A change of a number or a target is checked as a scene file is and reaches the run from
//! its next tick; a change that does not check is refused whole, and the scene and the run stay
//! as they were.

use std::fmt;

use glam::Vec2;

use crate::sim::steer::params::Wall;
use crate::sim::{Crowd, FieldPath, Problems, Target, World, WorldSpec};

use super::Scene;

/// What runs a scene: a whole [`World`], or a [`Crowd`] of a game's own entities.
pub trait Retune {
    /// Runs with `spec` from the next tick, or refuses it whole.
    ///
    /// # Errors
    /// The problems of a spec that does not check (or changes the group list).
    fn retune(&mut self, spec: WorldSpec) -> Result<(), Problems>;
    /// The pointer, for the blocks that target it (`None`: off the screen).
    fn set_pointer(&mut self, pointer: Option<Vec2>);
    /// The click target.
    fn set_click(&mut self, click: Vec2);
}

impl Retune for World {
    fn retune(&mut self, spec: WorldSpec) -> Result<(), Problems> {
        Self::retune(self, spec)
    }
    fn set_pointer(&mut self, pointer: Option<Vec2>) {
        Self::set_pointer(self, pointer);
    }
    fn set_click(&mut self, click: Vec2) {
        Self::set_click(self, click);
    }
}

impl Retune for Crowd {
    fn retune(&mut self, spec: WorldSpec) -> Result<(), Problems> {
        Self::retune(self, spec)
    }
    fn set_pointer(&mut self, pointer: Option<Vec2>) {
        Self::set_pointer(self, pointer);
    }
    fn set_click(&mut self, click: Vec2) {
        Self::set_click(self, click);
    }
}

/// Why a change was refused (nothing changed).
#[derive(Clone, Debug, PartialEq)]
pub enum ChangeRefused {
    /// The path names no number or target of this scene (the message gives the nearest that
    /// does), the value is not a finite number, or the target's text is not a target.
    Change(String),
    /// The scene the change makes does not check: a value out of its field's range (each
    /// problem names its field and why).
    Scene(Problems),
}

impl fmt::Display for ChangeRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Change(why) => f.write_str(why),
            Self::Scene(problems) => write!(f, "{problems}"),
        }
    }
}

impl std::error::Error for ChangeRefused {}

/// A scene and the run it drives ([`World`] or [`Crowd`]), changed together.
#[derive(Debug)]
pub struct Played<R> {
    scene: Scene,
    run: R,
}

impl<R: Retune> Played<R> {
    /// `run` driven by `scene` (built from it: [`Scene::build_world`], [`Crowd::new`]).
    pub fn new(scene: Scene, run: R) -> Self {
        Self { scene, run }
    }

    /// The scene the run was built or last changed with.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The run, to read.
    #[must_use]
    pub fn run(&self) -> &R {
        &self.run
    }

    /// The run, to step and to give its entities' motions. Its parameters change through
    /// [`Self::set_number`] and [`Self::set_target`], so that the scene stays what it runs.
    pub fn run_mut(&mut self) -> &mut R {
        &mut self.run
    }

    /// Sets the number at `path` (`groups[0].max_speed`, `groups[1].arrive.mode`) to `value`
    /// from the next tick; a crowd's entities keep their memory.
    ///
    /// # Errors
    /// [`ChangeRefused::Change`] for a path that names no number (the message gives the nearest that
    /// does) or a value that is not a finite number; [`ChangeRefused::Scene`] for a value out of the
    /// field's range. Nothing changes.
    pub fn set_number(&mut self, path: &str, value: f64) -> Result<(), ChangeRefused> {
        let path = parse(path)?;
        let mut scene = self.scene.clone();
        path.set(&mut scene, value)
            .map_err(|e| ChangeRefused::Change(e.to_string()))?;
        self.run_with(scene)
    }

    /// Sets the target at `path` (`groups[0].seek.target`, or a second target such as
    /// `groups[2].interpose.other`) to `target`, written as in a scene file: `Point((400, 300))`,
    /// `Pointer`, `Click`, `Center`, `Agent(3)`, `Nearest("prey")`.
    ///
    /// # Errors
    /// As [`Self::set_number`]; nothing changes.
    pub fn set_target(&mut self, path: &str, target: &str) -> Result<(), ChangeRefused> {
        let path = parse(path)?;
        let target: Target = ron::from_str(target)
            .map_err(|e| ChangeRefused::Change(format!("`{target}` is not a target: {e}")))?;
        let mut scene = self.scene.clone();
        *scene.target_mut(&path).map_err(ChangeRefused::Change)? = target;
        self.run_with(scene)
    }

    /// The pointer, for the blocks that target it (`None`: off the screen; those blocks add
    /// nothing).
    pub fn set_pointer(&mut self, pointer: Option<Vec2>) {
        self.run.set_pointer(pointer);
    }

    /// The click target.
    pub fn set_click(&mut self, click: Vec2) {
        self.run.set_click(click);
    }

    /// Runs with `scene` from the next tick, or refuses it and keeps the one it has.
    fn run_with(&mut self, scene: Scene) -> Result<(), ChangeRefused> {
        self.run
            .retune(scene.world_spec())
            .map_err(ChangeRefused::Scene)?;
        self.scene = scene;
        Ok(())
    }
}

impl Played<World> {
    /// Builds the world again from the scene: tick 0, the scene's seed and population.
    ///
    /// # Errors
    /// The problems of a scene that does not build (none for a scene that built once); the
    /// world is then left as it was.
    pub fn restart(&mut self) -> Result<(), Problems> {
        self.run = self.scene.build_world()?;
        Ok(())
    }
}

fn parse(path: &str) -> Result<FieldPath, ChangeRefused> {
    FieldPath::parse(path).map_err(|e| ChangeRefused::Change(e.to_string()))
}

impl Scene {
    /// The walls to draw, one segment after another: the scene's own, then every edge of its
    /// level (the outline's, then each block's), which are walls too.
    pub fn walls_to_draw(&self) -> impl Iterator<Item = Wall> + '_ {
        self.walls.iter().cloned().chain(self.level.walls())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played() -> Played<World> {
        let preset = crate::scene::presets::DEFAULT;
        let scene = crate::scene::from_str(preset.text, preset.file)
            .expect("the default scene loads")
            .into_scene();
        let world = scene.build_world().expect("the default scene builds");
        Played::new(scene, world)
    }

    #[test]
    fn a_number_reaches_the_scene_and_the_run() {
        let mut p = played();
        p.set_number("groups[0].max_speed", 123.5)
            .expect("a valid number");
        // 123.5 is exact in f32: the value is stored as given.
        assert_eq!(p.scene().groups[0].max_speed.to_bits(), 123.5_f32.to_bits());
        assert_eq!(
            p.run().spec().groups[0].max_speed.to_bits(),
            123.5_f32.to_bits()
        );
    }

    #[test]
    fn a_restart_builds_the_world_of_the_scene_as_changed() {
        let mut p = played();
        p.set_number("groups[0].max_speed", 80.0)
            .expect("a valid number");
        p.run_mut().step_n(30);
        p.restart().expect("the scene builds");
        assert_eq!(p.run().tick(), 0);
        let mut fresh = p.scene().build_world().expect("builds");
        p.run_mut().step_n(30);
        fresh.step_n(30);
        let bits = |w: &World| -> Vec<[u32; 4]> {
            w.agents()
                .iter()
                .map(|a| [a.position.x, a.position.y, a.velocity.x, a.velocity.y].map(f32::to_bits))
                .collect()
        };
        assert_eq!(bits(p.run()), bits(&fresh));
        assert!(!bits(&fresh).is_empty());
    }

    #[test]
    fn a_target_reaches_the_scene_and_the_run() {
        let mut p = played();
        p.set_target("groups[0].goal.target", "Point((400, 300))")
            .expect("a valid target");
        let point = Target::Point(Vec2::new(400.0, 300.0));
        let path = FieldPath::parse("groups[0].goal.target").expect("a path");
        let mut scene = p.scene().clone();
        assert_eq!(*scene.target_mut(&path).expect("a target"), point);
        // The run is what the scene says.
        let ran = format!("{:?}", p.run().spec());
        assert_eq!(ran, format!("{:?}", p.scene().world_spec()));
        assert!(ran.contains("Point(Vec2(400.0, 300.0))"), "{ran}");
    }

    #[test]
    fn a_refused_change_changes_nothing() {
        let mut p = played();
        let before = p.scene().clone();
        let spec = format!("{:?}", p.run().spec());
        // Out of the field's range: the scene it would make does not check.
        let refused = p.set_number("groups[0].max_speed", -1.0);
        let Err(ChangeRefused::Scene(problems)) = refused else {
            panic!("max_speed = -1: {refused:?}");
        };
        assert_eq!(problems.iter().count(), 1, "{problems:?}");
        assert!(problems.to_string().contains("max_speed"), "{problems}");
        // No such number, or not a number.
        for (path, value) in [
            ("groups[0].no_such_field", 1.0),
            ("groups[99].max_speed", 1.0),
            ("not a path", 1.0),
            ("groups[0].max_speed", f64::NAN),
            ("groups[0].max_speed", f64::INFINITY),
        ] {
            let refused = p.set_number(path, value);
            assert!(
                matches!(refused, Err(ChangeRefused::Change(ref why)) if !why.is_empty()),
                "{path} = {value}: {refused:?}"
            );
        }
        for (path, target) in [
            ("groups[0].goal.target", "Somewhere"),
            ("groups[0].max_speed", "Pointer"),
        ] {
            let refused = p.set_target(path, target);
            assert!(
                matches!(refused, Err(ChangeRefused::Change(_))),
                "{path} = {target}"
            );
        }
        assert_eq!(*p.scene(), before);
        assert_eq!(format!("{:?}", p.run().spec()), spec);
    }

    #[test]
    fn the_walls_to_draw_are_the_scenes_then_the_levels() {
        let mut scene = played().scene().clone();
        scene.walls = vec![Wall {
            from: Vec2::ZERO,
            to: Vec2::new(10.0, 0.0),
        }];
        scene.level.boundary = vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 50.0),
        ];
        let walls: Vec<Wall> = scene.walls_to_draw().collect();
        assert_eq!(walls.len(), 1 + 3, "{walls:?}");
        assert_eq!(walls[0], scene.walls[0]);
        assert_eq!(walls[1..], scene.level.walls().collect::<Vec<_>>()[..]);
    }
}
