//! A game's own entities steered through the host path (`Crowd`): the test is the game. It owns
//! every entity's position and velocity in its own arrays, brings entities in where and when
//! the scene's spawning schedule says (`Spawns`: placed agents, area spawns drawn from the
//! seed, spawn queues tick by tick), each tick hands the crowd their motion, takes the forces
//! back and moves the entities itself with the world's motion (`moved`: integration, the turn
//! limit, and the bounds: wrap, bounce, respawn at the centre, or open). Played that way, every
//! preset, example and fixture prints the CSV `steerlab simulate` prints, byte for byte.

mod common;

use std::fmt::Write as _;

use glam::Vec2;
use steerlab::scene::Scene;
use steerlab::scene::add_behavior;
use steerlab::sim::params::Seek;
use steerlab::sim::{BehaviorKind, Crowd, CrowdError, Spawns, Target, World, WorldSpec, moved};

/// Every scene that ships: the presets, the documentation's examples and the version-1
/// fixtures (loaded through the migration).
fn scenes() -> Vec<(String, Scene)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, Scene)> = steerlab::scene::presets::ALL
        .iter()
        .map(|p| (p.file.to_owned(), common::preset_scene(p.file)))
        .collect();
    for dir in ["docs/examples", "tests/fixtures/v1"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("a scene folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        files.sort();
        for file in files {
            let scene = steerlab::scene::load(&file).expect("a scene that loads");
            out.push((file.display().to_string(), scene.into_scene()));
        }
    }
    out
}

/// The game's own entities: its arrays, in the order it brought them in.
#[derive(Default)]
struct Game {
    ids: Vec<u32>,
    groups: Vec<usize>,
    positions: Vec<Vec2>,
    velocities: Vec<Vec2>,
}

impl Game {
    /// Brings in what the schedule lists, giving each to the crowd (which numbers them 0, 1,
    /// 2, ... in that order, as the world numbers its agents).
    fn bring_in(&mut self, crowd: &mut Crowd, newcomers: &[steerlab::sim::Newcomer]) {
        for newcomer in newcomers {
            let id = crowd.admit(newcomer).expect("admitted");
            self.ids.push(id);
            self.groups.push(newcomer.group);
            self.positions.push(newcomer.position);
            self.velocities.push(newcomer.velocity);
        }
    }
}

/// `steps` ticks of `scene` with its agents as the game's entities, as `steerlab simulate`
/// prints them. The crowd is handed back for further checks.
fn play_as_game(scene: &Scene, steps: u64, threads: usize) -> (String, Crowd) {
    let spec: WorldSpec = scene.world_spec();
    let mut crowd = Crowd::new(spec.clone()).expect("valid");
    crowd.set_threads(threads).expect("threads");
    crowd.keep_details(true);
    play(crowd, &spec, steps, |_, _| {})
}

/// `steps` ticks of `crowd`, steered by `spec`, with the population of `spec`'s schedule as
/// the game's entities; `after` has the crowd after each tick's move (not yet given to it).
fn play(
    mut crowd: Crowd,
    spec: &WorldSpec,
    steps: u64,
    mut after: impl FnMut(u64, &mut Crowd),
) -> (String, Crowd) {
    let mut spawns = Spawns::new(spec);
    let mut game = Game::default();
    game.bring_in(&mut crowd, &spawns.initial(spec));
    let mut csv = String::from("tick,agent,group,x,y,vx,vy,fx,fy\n");
    for tick in 1..=steps {
        game.bring_in(&mut crowd, &spawns.due(spec));
        crowd
            .set_motions(&game.positions, &game.velocities)
            .expect("one motion per entity");
        crowd.steer();
        let forces = crowd.forces();
        let entities = game.ids.iter().zip(&game.groups);
        let motions = game.positions.iter_mut().zip(&mut game.velocities);
        for ((f, (id, &g)), (p, v)) in forces.zip(entities).zip(motions) {
            let group = &spec.groups[g];
            (*p, *v) = moved(spec, group, *p, *v, f);
            writeln!(
                csv,
                "{tick},{id},{},{},{},{},{},{},{}",
                group.name, p.x, p.y, v.x, v.y, f.x, f.y
            )
            .expect("write");
        }
        after(tick, &mut crowd);
    }
    (csv, crowd)
}

/// What `steerlab simulate SCENE --steps STEPS` prints.
fn simulate(scene: &Scene, steps: u64) -> String {
    let mut world = scene.build_world().expect("builds");
    let mut out = Vec::new();
    steerlab::scene::write_csv(&mut world, steps, &mut out).expect("csv");
    String::from_utf8(out).expect("utf-8")
}

/// The first line where two CSVs differ, for a readable failure.
fn first_difference(a: &str, b: &str) -> String {
    a.lines().zip(b.lines()).find(|(x, y)| x != y).map_or_else(
        || format!("{} lines against {}", a.lines().count(), b.lines().count()),
        |(x, y)| format!("simulate: {x}\n    game: {y}"),
    )
}

#[test]
fn every_shipped_scene_played_as_game_entities_prints_what_simulate_prints() {
    let all = scenes();
    assert!(all.len() >= 24 + 6, "{} scenes", all.len());
    for (file, scene) in &all {
        let expected = simulate(scene, 300);
        let (played, _) = play_as_game(scene, 300, 1);
        assert!(
            expected == played,
            "{file}: {}",
            first_difference(&expected, &played)
        );
    }
}

/// Bare groups (`common::two_bare_groups`) of at least 4 entities each.
fn bare_two_groups() -> Scene {
    let mut scene = common::two_bare_groups();
    for g in &mut scene.groups {
        g.count = g.count.max(4);
    }
    scene
}

/// Each behavior of the registry, alone and on top of a flock, on game entities: the same
/// bits as the world's own agents, and the same records (every behavior's force, the
/// combined and applied force). Iterates the registry, so a behavior added later is covered.
#[test]
fn every_behavior_of_the_registry_on_game_entities_keeps_the_worlds_bits() {
    for base in [bare_two_groups(), common::preset_scene("boids.ron")] {
        for kind in BehaviorKind::ALL {
            let mut scene = base.clone();
            add_behavior(&mut scene, 0, kind);
            let expected = simulate(&scene, 120);
            let (played, crowd) = play_as_game(&scene, 120, 1);
            assert!(
                expected == played,
                "{kind:?} on {}: {}",
                base.name,
                first_difference(&expected, &played)
            );
            let mut world = scene.build_world().expect("builds");
            world.keep_details(true);
            world.step_n(120);
            assert_eq!(world.agents().len(), crowd.len());
            for (i, (w, c)) in world
                .records()
                .iter()
                .zip(crowd.records().iter())
                .enumerate()
            {
                assert_eq!(*w, *c, "{kind:?}: record of entity {i}");
                for k in BehaviorKind::ALL {
                    assert_eq!(w.force(k), c.force(k), "{kind:?}: {k:?} of entity {i}");
                }
            }
            assert_eq!(world.details(), crowd.details(), "{kind:?}: traces");
        }
    }
}

/// The parallel pass (2 threads, over 512 entities) gives the serial pass's bits.
#[test]
fn a_large_crowd_on_two_threads_keeps_the_bits() {
    let mut scene = common::preset_scene("boids.ron");
    for g in &mut scene.groups {
        g.count = 400;
    }
    let (serial, _) = play_as_game(&scene, 40, 1);
    let (parallel, _) = play_as_game(&scene, 40, 2);
    assert!(
        serial == parallel,
        "{}",
        first_difference(&serial, &parallel)
    );
    assert!(serial == simulate(&scene, 40));
}

/// Heading smoothing is drawn from the motion the game gives: after its move, or just before
/// the next steer, the record holds the world's smoothed heading.
#[test]
fn smoothed_headings_follow_the_motion_the_game_gives_in_either_order() {
    let scene = common::preset_scene("jitter_controls.ron");
    let spec = scene.world_spec();
    let mut world = scene.build_world().expect("builds");
    let mut after = Crowd::new(spec.clone()).expect("valid");
    let mut before = Crowd::new(spec.clone()).expect("valid");
    let newcomers = Spawns::new(&spec).initial(&spec);
    for n in &newcomers {
        after.admit(n).expect("admitted");
        before.admit(n).expect("admitted");
    }
    let mut motion: Vec<(Vec2, Vec2)> =
        newcomers.iter().map(|n| (n.position, n.velocity)).collect();
    let ids: Vec<u32> = after.entities().iter().map(|a| a.id).collect();
    let mut smoothed = 0;
    for _ in 0..200 {
        world.step();
        // `before`: the motion given just before steering.
        for (&id, &(p, v)) in ids.iter().zip(&motion) {
            before.set_motion(id, p, v).expect("an entity");
        }
        before.steer();
        after.steer();
        for (k, (&id, m)) in ids.iter().zip(&mut motion).enumerate() {
            *m = after.moved(k).expect("an entity");
            after.set_motion(id, m.0, m.1).expect("an entity");
        }
        // `before` has not been given this tick's move yet: give it, then compare all three.
        for (&id, &(p, v)) in ids.iter().zip(&motion) {
            before.set_motion(id, p, v).expect("an entity");
        }
        for i in 0..motion.len() {
            let w = world.record(i).expect("a record").smoothed_heading;
            assert_eq!(
                w,
                after.records().get(i).expect("a record").smoothed_heading
            );
            assert_eq!(
                w,
                before.records().get(i).expect("a record").smoothed_heading
            );
            smoothed += usize::from(w.is_some());
        }
    }
    assert!(smoothed > 0, "the preset smooths headings");
}

/// Heading smoothing over entities that come in late (the boids' spawn queues): an entity's motion as it
/// comes in is where it starts, not a move, so once the game has given each tick's move the
/// smoothed headings are the world's on every tick, though the game also gives the motion again
/// just before each steer.
#[test]
fn smoothed_headings_of_late_comers_are_the_worlds() {
    let mut scene = common::preset_scene("boids.ron");
    for g in &mut scene.groups {
        g.heading_smoothing = Some(6);
    }
    let mut world = scene.build_world().expect("builds");
    let spec = scene.world_spec();
    let crowd = Crowd::new(spec.clone()).expect("valid");
    let mut compared = 0;
    play(crowd, &spec, 300, |tick, crowd| {
        // Given after the move here, and again before the next steer by the game's loop.
        let ids: Vec<u32> = crowd.entities().iter().map(|a| a.id).collect();
        for (i, id) in ids.into_iter().enumerate() {
            let (p, v) = crowd.moved(i).expect("an entity");
            crowd.set_motion(id, p, v).expect("an entity");
        }
        world.step();
        assert_eq!(world.agents().len(), crowd.len(), "tick {tick}");
        for (i, (w, c)) in world
            .records()
            .iter()
            .zip(crowd.records().iter())
            .enumerate()
        {
            assert_eq!(
                w.smoothed_heading, c.smoothed_heading,
                "tick {tick}, entity {i}"
            );
            compared += usize::from(w.smoothed_heading.is_some());
        }
    });
    assert!(compared > 1000, "{compared} smoothed headings compared");
}

/// What the world's overlays and metrics read between ticks (`World::locate`, a nearest
/// target) follows entities the game removes, adds or moves, without a panic.
#[test]
fn a_nearest_target_follows_entities_the_game_removes_or_moves_between_ticks() {
    let scene = common::preset_scene("hunter_and_prey.ron");
    let (_, mut crowd) = play_as_game(&scene, 10, 1);
    let prey = Target::Nearest("prey".to_owned());
    let hunter = 0;
    let before = crowd.world().locate(&prey, hunter).expect("a prey");
    // Half the prey go; the others move next to the hunter, one after another.
    let ids: Vec<u32> = crowd.entities().iter().map(|a| a.id).collect();
    for &id in ids.iter().skip(2).step_by(2) {
        assert!(crowd.remove(id));
    }
    let at = crowd.entities()[hunter].position;
    let last = crowd.entities().last().expect("entities").id;
    crowd
        .set_motion(last, at + Vec2::new(1.0, 0.0), Vec2::ZERO)
        .expect("moved");
    for i in 0..crowd.len() {
        let _ = crowd.world().locate(&prey, i);
    }
    let (p, _) = crowd.world().locate(&prey, hunter).expect("a prey");
    assert_eq!(
        p,
        at + Vec2::new(1.0, 0.0),
        "the nearest is the one moved next to it"
    );
    assert_ne!(before.0, p);
}

#[test]
fn a_target_the_game_did_not_give_is_listed_with_what_is_missing() {
    let mut scene = bare_two_groups();
    scene.groups[0].count = 1;
    scene.groups[1].count = 1;
    scene.groups[0].seek = Some(Seek {
        target: Target::Agent(7),
        ..Seek::default()
    });
    scene.groups[0].flee = Some(steerlab::sim::params::Flee {
        target: Target::Pointer,
        ..steerlab::sim::params::Flee::default()
    });
    scene.groups[1].pursuit = Some(steerlab::sim::params::Pursuit {
        target: Target::Nearest("others".to_owned()),
        ..steerlab::sim::params::Pursuit::default()
    });
    let mut crowd = Crowd::new(scene.world_spec()).expect("valid");
    let a = crowd
        .add(0, Vec2::new(100.0, 100.0), Vec2::ZERO)
        .expect("added");
    let b = crowd
        .add(1, Vec2::new(200.0, 100.0), Vec2::ZERO)
        .expect("added");
    let (first, second) = (&scene.groups[0].name, &scene.groups[1].name);
    let said: Vec<String> = crowd.unmet().iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            format!(
                "entity {a} (group \"{first}\"): flee aims at the pointer, which the host has not set"
            ),
            format!(
                "entity {a} (group \"{first}\"): seek names entity 7, which the crowd does not hold"
            ),
            format!(
                "entity {b} (group \"{second}\"): pursuit names the nearest of group \"others\", which \
                 has no other entity in the crowd"
            ),
        ]
    );
    // Unmet, each adds nothing: no force at all on tick 1.
    crowd.steer();
    assert_eq!(crowd.force(a), Some(Vec2::ZERO));
    assert_eq!(crowd.force(b), Some(Vec2::ZERO));
    // Given what they name, they steer and the list is empty.
    crowd.set_pointer(Some(Vec2::new(100.0, 50.0)));
    crowd
        .insert(7, 0, Vec2::new(100.0, 400.0), Vec2::ZERO)
        .expect("inserted");
    crowd
        .add(2, Vec2::new(300.0, 300.0), Vec2::ZERO)
        .expect("added");
    assert_eq!(crowd.unmet(), []);
    crowd.steer();
    assert_ne!(crowd.force(a), Some(Vec2::ZERO));
    assert_ne!(crowd.force(b), Some(Vec2::ZERO));
}

#[test]
fn bad_input_is_refused_with_why_and_changes_nothing() {
    let scene = bare_two_groups();
    let mut crowd = Crowd::new(scene.world_spec()).expect("valid");
    let id = crowd.add(0, Vec2::new(10.0, 10.0), Vec2::X).expect("added");
    let refusals = [
        (
            crowd.add(5, Vec2::ZERO, Vec2::ZERO).map(|_| ()),
            CrowdError::NoGroup(5),
        ),
        (
            crowd.insert(id, 0, Vec2::ZERO, Vec2::ZERO),
            CrowdError::IdTaken(id),
        ),
        (
            crowd.insert(9, 0, Vec2::new(f32::NAN, 0.0), Vec2::ZERO),
            CrowdError::NotFinite(9),
        ),
        (
            crowd.set_motion(id, Vec2::ZERO, Vec2::new(0.0, f32::INFINITY)),
            CrowdError::NotFinite(id),
        ),
        (
            crowd.set_motion(3, Vec2::ZERO, Vec2::ZERO),
            CrowdError::NoEntity(3),
        ),
        (
            crowd.set_motions(&[Vec2::ZERO, Vec2::ZERO], &[Vec2::ZERO]),
            CrowdError::Count {
                entities: 1,
                positions: 2,
                velocities: 1,
            },
        ),
    ];
    for (got, want) in refusals {
        assert_eq!(got, Err(want));
    }
    assert_eq!(
        CrowdError::Count {
            entities: 1,
            positions: 2,
            velocities: 1
        }
        .to_string(),
        "2 positions and 1 velocities given for 1 entities"
    );
    assert_eq!(crowd.len(), 1);
    assert_eq!(crowd.entities()[0].position, Vec2::new(10.0, 10.0));
    assert_eq!(crowd.entities()[0].velocity, Vec2::X);
    // A spec the checks refuse is refused by the crowd too, with the same messages.
    let mut bad = scene.world_spec();
    bad.groups[0].max_speed = f32::NAN;
    let expected: Vec<String> = World::new(bad.clone())
        .expect_err("refused")
        .iter()
        .map(ToString::to_string)
        .collect();
    let got: Vec<String> = Crowd::new(bad.clone())
        .expect_err("refused")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(got, expected);
    assert!(crowd.retune(bad).is_err());
    assert!(crowd.spec().groups[0].max_speed.is_finite());
}

/// The game adds scenery of its own to what the scene file has (a wall, an obstacle): through
/// `retune`, checked like a file, and the same bits as a scene file that had them.
#[test]
fn scenery_the_game_adds_acts_as_the_files_does() {
    let mut with_more = common::preset_scene("walls.ron");
    with_more.walls.push(steerlab::sim::params::Wall {
        from: Vec2::new(300.0, 300.0),
        to: Vec2::new(500.0, 320.0),
    });
    with_more.obstacles.push(steerlab::sim::Obstacle {
        center: Vec2::new(600.0, 200.0),
        radius: 40.0,
    });
    with_more.groups[0].avoid_obstacles = Some(steerlab::sim::params::AvoidObstacles::default());
    let expected = simulate(&with_more, 200);
    // The game starts from the file as it is, then adds its own before the first tick.
    let mut scene = common::preset_scene("walls.ron");
    scene.groups[0].avoid_obstacles = with_more.groups[0].avoid_obstacles.clone();
    let spec = scene.world_spec();
    let mut crowd = Crowd::new(spec.clone()).expect("valid");
    crowd
        .retune(with_more.world_spec())
        .expect("the game's scenery checks");
    let mut bad = with_more.world_spec();
    bad.obstacles.push(steerlab::sim::Obstacle {
        center: Vec2::new(f32::NAN, 0.0),
        radius: 5.0,
    });
    assert!(crowd.retune(bad).is_err(), "a NaN obstacle is refused");
    let (csv, _) = play(crowd, &with_more.world_spec(), 200, |_, _| {});
    assert!(expected == csv, "{}", first_difference(&expected, &csv));
    assert!(
        expected != simulate(&common::preset_scene("walls.ron"), 200),
        "the added scenery changes the run"
    );
}
