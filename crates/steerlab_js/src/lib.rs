//! steerlab's runtime for web games, as an ES module (wasm-bindgen): the core alone, without
//! the editor (no egui, no command line). Two classes:
//!
//! - [`Simulation`]: a scene's whole world, stepped by steerlab.
//! - [`Crowd`]: the game's own entities, steered by a scene's groups. The game owns their
//!   positions and velocities; each tick it hands them over (`setMotions`), calls `steer`,
//!   reads the forces and moves its entities (itself, or with `advance`, the world's motion).
//!
//! Arrays cross as typed arrays, one copy per call: positions, velocities and forces as
//! `Float32Array`s `[x0, y0, x1, y1, ...]` in id order, ids as `Uint32Array`, groups as
//! `Uint16Array`. Coordinates are steerlab's: world units, y down. docs/embedding.md shows a
//! game loop; `www/` is a page that draws a preset with canvas 2D through this API alone.

use steerlab::glam::Vec2;
use steerlab::scene::{Played, Scene};
use steerlab::sim::{Problems, Spawns, World};
use wasm_bindgen::prelude::wasm_bindgen;

/// Positions (or velocities, forces) as `[x0, y0, x1, y1, ...]`.
fn flat(vectors: impl Iterator<Item = Vec2>) -> Vec<f32> {
    vectors.flat_map(|v| [v.x, v.y]).collect()
}

/// `[x0, y0, x1, y1, ...]` as vectors; `what` names the list in the error.
fn vectors(flat: &[f32], what: &str) -> Result<Vec<Vec2>, String> {
    if !flat.len().is_multiple_of(2) {
        return Err(format!(
            "{what}: {} numbers, not pairs of x and y",
            flat.len()
        ));
    }
    Ok(flat
        .chunks_exact(2)
        .map(|c| Vec2::new(c[0], c[1]))
        .collect())
}

/// The scene's walls to draw, `[x0, y0, x1, y1, ...]` (one segment after another).
fn walls(scene: &Scene) -> Vec<f32> {
    scene
        .walls_to_draw()
        .flat_map(|w| [w.from.x, w.from.y, w.to.x, w.to.y])
        .collect()
}

/// A polygon's corners, `[x0, y0, x1, y1, ...]`.
fn corners(ring: &[Vec2]) -> Vec<f32> {
    ring.iter().flat_map(|p| [p.x, p.y]).collect()
}

/// The scene's obstacles, `[x, y, radius, ...]`.
fn obstacles(scene: &Scene) -> Vec<f32> {
    scene
        .obstacles
        .iter()
        .flat_map(|o| [o.center.x, o.center.y, o.radius])
        .collect()
}

fn problems(p: &Problems) -> String {
    p.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A scene's text, loaded with its errors located (file, line, column, field).
fn load(text: &str, file: &str) -> Result<Scene, String> {
    steerlab::scene::from_str(text, file)
        .map(steerlab::scene::CheckedScene::into_scene)
        .map_err(|e| e.to_string())
}

fn finite(x: f32, y: f32) -> Result<Vec2, String> {
    let v = Vec2::new(x, y);
    if v.is_finite() {
        Ok(v)
    } else {
        Err(format!("({x}, {y}) is not a finite point"))
    }
}

/// A scene's whole world, stepped by steerlab (the same bits as `steerlab simulate`).
#[wasm_bindgen]
pub struct Simulation {
    played: Played<World>,
}

#[wasm_bindgen]
impl Simulation {
    /// The world of the scene `text` (named `file` in error messages), at tick 0. Throws the
    /// scene's errors, one per line.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, file: &str) -> Result<Simulation, String> {
        let scene = load(text, file)?;
        let world = scene.build_world().map_err(|p| problems(&p))?;
        Ok(Self {
            played: Played::new(scene, world),
        })
    }

    /// Runs `ticks` ticks: a whole number from 0 to 1,000,000; anything else (a negative,
    /// fractional or non-finite number) is refused with an error and runs nothing.
    pub fn step(&mut self, ticks: f64) -> Result<(), String> {
        self.played.run_mut().step_n(tick_count(ticks)?);
        Ok(())
    }

    /// Builds the world again from the scene: the seed and counts apply.
    pub fn restart(&mut self) -> Result<(), String> {
        self.played.restart().map_err(|p| problems(&p))
    }

    /// Ticks run so far.
    #[wasm_bindgen(getter)]
    #[allow(clippy::cast_precision_loss)] // Exact below 2^53 ticks.
    pub fn tick(&self) -> f64 {
        self.played.run().tick() as f64
    }

    /// The tick's length, seconds.
    #[wasm_bindgen(getter)]
    pub fn dt(&self) -> f32 {
        self.played.run().spec().dt
    }

    /// The number of agents.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.played.run().agents().len()
    }

    /// Positions, `[x0, y0, x1, y1, ...]` in id order.
    pub fn positions(&self) -> Vec<f32> {
        flat(self.played.run().agents().iter().map(|a| a.position))
    }

    /// Velocities, world units per second.
    pub fn velocities(&self) -> Vec<f32> {
        flat(self.played.run().agents().iter().map(|a| a.velocity))
    }

    /// The force each agent felt on the last tick (applied, truncated to `max_force`).
    pub fn forces(&self) -> Vec<f32> {
        flat(self.played.run().records().iter().map(|r| r.applied))
    }

    /// Each agent's id.
    pub fn ids(&self) -> Vec<u32> {
        self.played.run().agents().iter().map(|a| a.id).collect()
    }

    /// Each agent's group (an index into `groupNames`).
    pub fn groups(&self) -> Vec<u16> {
        self.played.run().agents().iter().map(|a| a.group).collect()
    }
}

/// The game's own entities, steered by a scene's groups (the same code and bits as the
/// scene's world). The entities are in id order: ids decide neighbour ties, key each entity's
/// random stream, and are what a scene's `Agent(id)` targets name.
#[wasm_bindgen(js_name = Crowd)]
pub struct JsCrowd {
    played: Played<steerlab::sim::Crowd>,
    spawns: Spawns,
    /// Whether `populate` has brought the scene's population in.
    populated: bool,
}

#[wasm_bindgen(js_class = Crowd)]
impl JsCrowd {
    /// A crowd with no entities, steered by the groups, scenery and targets of the scene
    /// `text` (named `file` in error messages). Throws the scene's errors, one per line.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str, file: &str) -> Result<JsCrowd, String> {
        let scene = load(text, file)?;
        let crowd = scene.build_crowd().map_err(|p| problems(&p))?;
        let spawns = Spawns::new(crowd.spec());
        Ok(Self {
            played: Played::new(scene, crowd),
            spawns,
            populated: false,
        })
    }

    /// Adds the scene's own population at time 0 (placed agents, each group's spawn), with
    /// ids 0, 1, 2, ...: rows of `[id, group, x, y, vx, vy]` for the game to take in. Once:
    /// throws when the population is already in.
    pub fn populate(&mut self) -> Result<Vec<f64>, String> {
        if self.populated {
            return Err(
                "the scene's population is already in (populate once; due() each tick)".to_owned(),
            );
        }
        self.populated = true;
        let newcomers = self.spawns.initial(self.played.run().spec());
        self.admit(&newcomers)
    }

    /// Adds those of the scene's spawn queues that are due this tick (after `populate`, once
    /// a tick, before `steer`): rows as `populate` gives them.
    pub fn due(&mut self) -> Result<Vec<f64>, String> {
        let newcomers = self.spawns.due(self.played.run().spec());
        self.admit(&newcomers)
    }

    fn admit(&mut self, newcomers: &[steerlab::sim::Newcomer]) -> Result<Vec<f64>, String> {
        let mut rows = Vec::with_capacity(newcomers.len() * 6);
        for n in newcomers {
            let id = self.played.run_mut().admit(n).map_err(|e| e.to_string())?;
            let crowd = self.played.run();
            let group = crowd.index_of(id).map_or(0, |i| crowd.entities()[i].group);
            rows.extend([
                f64::from(id),
                f64::from(group),
                f64::from(n.position.x),
                f64::from(n.position.y),
                f64::from(n.velocity.x),
                f64::from(n.velocity.y),
            ]);
        }
        Ok(rows)
    }

    /// Adds an entity of group `group` (an index into `groupNames`) with the next free id.
    /// Returns the id.
    pub fn add(&mut self, group: usize, x: f32, y: f32, vx: f32, vy: f32) -> Result<u32, String> {
        self.played
            .run_mut()
            .add(group, Vec2::new(x, y), Vec2::new(vx, vy))
            .map_err(|e| e.to_string())
    }

    /// Adds an entity with the game's own id.
    #[allow(clippy::too_many_arguments)] // An id, a group and a motion, as JavaScript passes them.
    pub fn insert(
        &mut self,
        id: u32,
        group: usize,
        x: f32,
        y: f32,
        vx: f32,
        vy: f32,
    ) -> Result<(), String> {
        self.played
            .run_mut()
            .insert(id, group, Vec2::new(x, y), Vec2::new(vx, vy))
            .map_err(|e| e.to_string())
    }

    /// Removes entity `id`. Returns whether it was there.
    pub fn remove(&mut self, id: u32) -> bool {
        self.played.run_mut().remove(id)
    }

    /// The number of entities.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.played.run().len()
    }

    /// The number of `steer` calls so far.
    #[wasm_bindgen(getter)]
    #[allow(clippy::cast_precision_loss)] // Exact below 2^53 ticks.
    pub fn tick(&self) -> f64 {
        self.played.run().tick() as f64
    }

    /// The tick's length, seconds (what `advance` integrates over).
    #[wasm_bindgen(getter)]
    pub fn dt(&self) -> f32 {
        self.played.run().spec().dt
    }

    /// Each entity's id, in the order of every array.
    pub fn ids(&self) -> Vec<u32> {
        self.played.run().entities().iter().map(|a| a.id).collect()
    }

    /// Each entity's group.
    pub fn groups(&self) -> Vec<u16> {
        self.played
            .run()
            .entities()
            .iter()
            .map(|a| a.group)
            .collect()
    }

    /// Every entity's position and velocity now, `[x0, y0, ...]` in id order. Throws,
    /// changing nothing, on a length that is not the number of entities or a value that is
    /// not finite.
    #[wasm_bindgen(js_name = setMotions)]
    pub fn set_motions(&mut self, positions: &[f32], velocities: &[f32]) -> Result<(), String> {
        let p = vectors(positions, "positions")?;
        let v = vectors(velocities, "velocities")?;
        self.played
            .run_mut()
            .set_motions(&p, &v)
            .map_err(|e| e.to_string())
    }

    /// Every entity's force for this tick, from the motions last given.
    pub fn steer(&mut self) {
        self.played.run_mut().steer();
    }

    /// The forces of the last `steer`, `[fx0, fy0, ...]` in id order.
    pub fn forces(&self) -> Vec<f32> {
        flat(self.played.run().forces())
    }

    /// The positions last given.
    pub fn positions(&self) -> Vec<f32> {
        flat(self.played.run().entities().iter().map(|a| a.position))
    }

    /// The velocities last given.
    pub fn velocities(&self) -> Vec<f32> {
        flat(self.played.run().entities().iter().map(|a| a.velocity))
    }

    /// Moves the game's arrays (positions and velocities in id order, changed in place) by
    /// the last forces as steerlab's world moves its agents: the integration, each group's
    /// turn limit and the world's bounds. For a game without physics of its own.
    pub fn advance(&self, positions: &mut [f32], velocities: &mut [f32]) -> Result<(), String> {
        let n = self.played.run().len();
        if positions.len() != 2 * n || velocities.len() != 2 * n {
            return Err(format!(
                "{} position and {} velocity numbers for {n} entities (2 each)",
                positions.len(),
                velocities.len()
            ));
        }
        let motions = positions
            .chunks_exact_mut(2)
            .zip(velocities.chunks_exact_mut(2));
        for (i, (p, v)) in motions.enumerate() {
            let Some((np, nv)) =
                self.played
                    .run()
                    .moved_from(i, Vec2::new(p[0], p[1]), Vec2::new(v[0], v[1]))
            else {
                continue;
            };
            p.copy_from_slice(&[np.x, np.y]);
            v.copy_from_slice(&[nv.x, nv.y]);
        }
        Ok(())
    }

    /// The blocks that add no force because their target is not there (the pointer not set,
    /// an entity id the crowd does not hold, a group with no other entity), as the crowd
    /// stands now, one sentence each.
    pub fn unmet(&self) -> Vec<String> {
        self.played
            .run()
            .unmet()
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}

/// The methods both classes have, on the scene they run: what it holds, and setting a field,
/// a target, the pointer or the click target.
macro_rules! scene_methods {
    ($ty:ident, $class:literal) => {
        #[wasm_bindgen(js_class = $class)]
        impl $ty {
            /// The groups' names (a group's index is its place here).
            #[wasm_bindgen(js_name = groupNames)]
            pub fn group_names(&self) -> Vec<String> {
                self.played
                    .scene()
                    .groups
                    .iter()
                    .map(|g| g.name.clone())
                    .collect()
            }

            /// The world's width and height.
            #[wasm_bindgen(js_name = worldSize)]
            pub fn world_size(&self) -> Vec<f32> {
                vec![
                    self.played.scene().world.width,
                    self.played.scene().world.height,
                ]
            }

            /// The walls, `[x0, y0, x1, y1, ...]`, for drawing: the scene's own, then every
            /// edge of its level (the outline's, then each block's), which are walls too.
            pub fn walls(&self) -> Vec<f32> {
                walls(self.played.scene())
            }

            /// The level's outline, `[x0, y0, x1, y1, ...]` (empty: the world's rectangle).
            #[wasm_bindgen(js_name = levelOutline)]
            pub fn level_outline(&self) -> Vec<f32> {
                corners(&self.played.scene().level.boundary)
            }

            /// How many blocks of wall the level has.
            #[wasm_bindgen(js_name = levelBlockCount)]
            pub fn level_block_count(&self) -> usize {
                self.played.scene().level.holes.len()
            }

            /// The level's block `k`, `[x0, y0, x1, y1, ...]` (empty past the last).
            #[wasm_bindgen(js_name = levelBlock)]
            pub fn level_block(&self, k: usize) -> Vec<f32> {
                self.played
                    .scene()
                    .level
                    .holes
                    .get(k)
                    .map_or_else(Vec::new, |b| corners(b))
            }

            /// The obstacles, `[x, y, radius, ...]`, for drawing.
            pub fn obstacles(&self) -> Vec<f32> {
                obstacles(self.played.scene())
            }

            /// Sets the number at `path` (`groups[0].max_speed`, `groups[1].arrive.mode`) from
            /// the next tick; a crowd's entities keep their memory. Throws, changing nothing, on
            /// a path that names no number (with the nearest that does) or a value out of the
            /// field's range.
            pub fn set(&mut self, path: &str, value: f64) -> Result<(), String> {
                self.played
                    .set_number(path, value)
                    .map_err(|e| e.to_string())
            }

            /// Sets the target at `path` (`groups[0].seek.target`, or `.other`) to `target`,
            /// written as in a scene file (`Point((400, 300))`, `Pointer`, `Agent(3)`,
            /// `Nearest("prey")`). Throws, changing nothing, as `set` does.
            #[wasm_bindgen(js_name = setTarget)]
            pub fn set_target(&mut self, path: &str, target: &str) -> Result<(), String> {
                self.played
                    .set_target(path, target)
                    .map_err(|e| e.to_string())
            }

            /// The pointer, for the blocks that target it.
            #[wasm_bindgen(js_name = setPointer)]
            pub fn set_pointer(&mut self, x: f32, y: f32) -> Result<(), String> {
                self.played.set_pointer(Some(finite(x, y)?));
                Ok(())
            }

            /// No pointer (off the page): the blocks that target it add nothing (a crowd's
            /// `unmet` says so).
            #[wasm_bindgen(js_name = clearPointer)]
            pub fn clear_pointer(&mut self) {
                self.played.set_pointer(None);
            }

            /// The click target.
            #[wasm_bindgen(js_name = setClick)]
            pub fn set_click(&mut self, x: f32, y: f32) -> Result<(), String> {
                self.played.set_click(finite(x, y)?);
                Ok(())
            }
        }
    };
}

/// Most ticks one `step` call runs (at 60 ticks a second, over four and a half hours).
pub const MAX_STEP_TICKS: u32 = 1_000_000;

/// `ticks` as a tick count, or why it is none: JavaScript hands any number, and wasm-bindgen
/// would read -1 as 4,294,967,295 ticks and 1.5 as one.
fn tick_count(ticks: f64) -> Result<u64, String> {
    if ticks.is_finite()
        && ticks.fract() == 0.0
        && (0.0..=f64::from(MAX_STEP_TICKS)).contains(&ticks)
    {
        // A whole number from 0 to MAX_STEP_TICKS: exact.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        return Ok(ticks as u64);
    }
    Err(format!(
        "step({ticks}): the number of ticks must be a whole number from 0 to {MAX_STEP_TICKS}"
    ))
}

scene_methods!(Simulation, "Simulation");
scene_methods!(JsCrowd, "Crowd");

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values set are the point: 90 set reads 90.
mod tests {
    use super::*;

    fn bits(v: &[f32]) -> Vec<u32> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    /// A level's walls reach the game: `walls()` holds every edge of its outline and blocks,
    /// and the polygons come whole for drawing them filled.
    #[test]
    fn the_level_is_given_to_the_game() {
        let preset = steerlab::scene::presets::find("navigate_level.ron").expect("preset");
        let sim = Simulation::new(preset.text, preset.file).expect("loads");
        // An outline of 4 corners and two blocks of 4: 12 edges of 4 numbers each.
        assert_eq!(sim.walls().len(), 12 * 4);
        assert_eq!(
            sim.level_outline(),
            vec![50.0, 50.0, 950.0, 50.0, 950.0, 650.0, 50.0, 650.0]
        );
        assert_eq!(sim.level_block_count(), 2);
        assert_eq!(
            sim.level_block(0),
            vec![300.0, 50.0, 340.0, 50.0, 340.0, 480.0, 300.0, 480.0]
        );
        assert!(sim.level_block(2).is_empty());
    }

    /// `step` refuses what is not a tick count, and runs nothing then.
    #[test]
    fn step_takes_a_whole_number_of_ticks_and_refuses_the_rest() {
        let preset = steerlab::scene::presets::find("seek.ron").expect("preset");
        let mut sim = Simulation::new(preset.text, preset.file).expect("loads");
        for bad in [-1.0, 1.5, f64::NAN, f64::INFINITY, 1e7] {
            let e = sim.step(bad).expect_err("refused");
            assert!(e.contains("whole number from 0 to 1000000"), "{e}");
            assert_eq!(sim.tick(), 0.0, "nothing ran for {bad}");
        }
        sim.step(0.0).expect("none");
        sim.step(3.0).expect("three");
        assert_eq!(sim.tick(), 3.0);
    }

    #[test]
    fn a_restart_plays_the_scene_as_changed_from_tick_zero() {
        let preset = steerlab::scene::presets::find("boids.ron").expect("preset");
        let mut sim = Simulation::new(preset.text, preset.file).expect("loads");
        sim.set("groups[0].max_speed", 80.0).expect("set");
        sim.step(40.0).expect("steps");
        let (first, ids) = (bits(&sim.positions()), sim.ids());
        sim.step(7.0).expect("steps");
        sim.restart().expect("restarts");
        assert_eq!(sim.tick(), 0.0);
        sim.step(40.0).expect("steps");
        assert_eq!(bits(&sim.positions()), first);
        assert_eq!(sim.ids(), ids);
        assert!(!ids.is_empty());
        // The change is kept: the scene restarted is the changed one.
        assert_eq!(sim.played.scene().groups[0].max_speed, 80.0);
    }

    /// Newcomer rows `[id, group, x, y, vx, vy]` taken into the game's arrays.
    fn take(rows: &[f64], positions: &mut Vec<f32>, velocities: &mut Vec<f32>) {
        for row in rows.chunks_exact(6) {
            #[allow(clippy::cast_possible_truncation)] // f32 values, exactly.
            let row: Vec<f32> = row.iter().map(|&x| x as f32).collect();
            positions.extend([row[2], row[3]]);
            velocities.extend([row[4], row[5]]);
        }
    }

    /// Through the API alone, as a web game drives it: the scene's population taken into the
    /// game's arrays, each tick the queue's newcomers, the motions handed over, one steer and
    /// the world's motion on the game's arrays. Tick after tick the same bits as the scene's
    /// world (`Simulation`), for every preset.
    #[test]
    fn every_preset_on_the_games_own_arrays_keeps_the_worlds_bits() {
        for preset in steerlab::scene::presets::ALL {
            let mut sim = Simulation::new(preset.text, preset.file).expect("loads");
            let mut crowd = JsCrowd::new(preset.text, preset.file).expect("loads");
            let (mut positions, mut velocities) = (Vec::new(), Vec::new());
            take(
                &crowd.populate().expect("admitted"),
                &mut positions,
                &mut velocities,
            );
            for tick in 1..=120 {
                take(
                    &crowd.due().expect("admitted"),
                    &mut positions,
                    &mut velocities,
                );
                crowd.set_motions(&positions, &velocities).expect("motions");
                crowd.steer();
                crowd
                    .advance(&mut positions, &mut velocities)
                    .expect("moved");
                sim.step(1.0).expect("one tick");
                let file = preset.file;
                assert_eq!(crowd.ids(), sim.ids(), "{file} tick {tick}");
                assert_eq!(
                    bits(&positions),
                    bits(&sim.positions()),
                    "{file} tick {tick}"
                );
                assert_eq!(
                    bits(&velocities),
                    bits(&sim.velocities()),
                    "{file} tick {tick}"
                );
                assert_eq!(
                    bits(&crowd.forces()),
                    bits(&sim.forces()),
                    "{file} tick {tick}"
                );
            }
        }
    }

    #[test]
    fn a_field_or_target_set_by_path_applies_and_a_bad_one_changes_nothing() {
        let preset = steerlab::scene::presets::find("seek.ron").expect("preset");
        let mut crowd = JsCrowd::new(preset.text, preset.file).expect("loads");
        crowd.set("groups[1].max_speed", 90.0).expect("set");
        assert_eq!(crowd.played.scene().groups[1].max_speed, 90.0);
        assert_eq!(crowd.played.run().spec().groups[1].max_speed, 90.0);
        crowd
            .set_target("groups[1].seek.target", "Point((10, 20))")
            .expect("set");
        let seek = crowd.played.run().spec().groups[1]
            .seek
            .as_ref()
            .expect("seek");
        assert_eq!(
            seek.target,
            steerlab::sim::Target::Point(Vec2::new(10.0, 20.0))
        );
        let before = crowd.played.scene().clone();
        let refused = [
            crowd.set("groups[1].max_sped", 1.0),
            crowd.set("groups[1].max_speed", -5.0),
            crowd.set_target("groups[1].seek.target", "Somewhere"),
            crowd.set_target("groups[1].seek.mass", "Pointer"),
            crowd.set_target("groups[1].seek.target", "Nearest(\"nobody\")"),
        ];
        let said: Vec<String> = refused
            .into_iter()
            .map(|r| r.expect_err("refused"))
            .collect();
        assert!(
            said[0].contains("groups[1].max_sped") && said[0].contains("max_speed"),
            "{}",
            said[0]
        );
        assert!(said[1].contains("groups[1].max_speed"), "{}", said[1]);
        assert!(
            said[2].starts_with("`Somewhere` is not a target"),
            "{}",
            said[2]
        );
        assert!(said[3].contains("names no target"), "{}", said[3]);
        assert!(said[4].contains("nobody"), "{}", said[4]);
        assert_eq!(*crowd.played.scene(), before);
        assert_eq!(crowd.played.run().spec().groups[1].max_speed, 90.0);
        // Motions of the wrong shape, or not finite, are refused too.
        crowd.add(0, 1.0, 2.0, 0.0, 0.0).expect("added");
        assert_eq!(
            crowd.set_motions(&[1.0, 2.0, 3.0], &[0.0, 0.0]),
            Err("positions: 3 numbers, not pairs of x and y".to_owned())
        );
        assert!(crowd.set_motions(&[f32::NAN, 2.0], &[0.0, 0.0]).is_err());
        assert_eq!(bits(&crowd.positions()), bits(&[1.0, 2.0]));
        assert!(crowd.set_pointer(f32::INFINITY, 0.0).is_err());
    }
}
