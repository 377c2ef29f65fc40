//! What you tune is what you ship: presets played in a headless Bevy app (minimal plugins plus
//! assets), by a whole simulation or on the game's own entities, give every position and force
//! `steerlab simulate` prints for the same file, to the bit; and a rewritten file retunes the
//! running game, while a broken one leaves it as it was.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::app::{App, PluginsState};
use bevy::asset::{AssetPlugin, AssetServer};
use bevy::ecs::prelude::*;
use bevy::time::TimeUpdateStrategy;
use steerlab_bevy::{
    SteerAgent, SteerBody, SteerCrowd, SteerSet, SteerSimulation, Steering, SteerlabPlugin,
    to_bevy, to_sim,
};

fn presets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../presets")
}

/// A headless app reading assets from `dir`, one fixed tick per update of `dt` seconds.
fn app(dir: &Path, dt: f32, watch: bool) -> App {
    let mut app = App::new();
    app.add_plugins((
        bevy::MinimalPlugins,
        AssetPlugin {
            file_path: dir.display().to_string(),
            watch_for_changes_override: Some(watch),
            ..AssetPlugin::default()
        },
        SteerlabPlugin,
    ));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
        f64::from(dt),
    )));
    while app.plugins_state() == PluginsState::Adding {
        bevy::tasks::tick_global_task_pools_on_main_thread();
    }
    app.finish();
    app.cleanup();
    app
}

/// Spawns a simulation of `file` and updates the app until its world exists.
fn start(app: &mut App, file: &str) -> Entity {
    let handle = app.world().resource::<AssetServer>().load(file.to_owned());
    let sim = app.world_mut().spawn(SteerSimulation::new(handle)).id();
    let deadline = Instant::now() + Duration::from_secs(20);
    while app
        .world()
        .get::<SteerSimulation>(sim)
        .and_then(SteerSimulation::world)
        .is_none()
    {
        assert!(Instant::now() < deadline, "{file} did not load");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    sim
}

/// `(tick, agent) -> (x, y)` from the CSV that `steerlab simulate FILE --steps N` prints.
fn simulate(file: &Path, steps: u64) -> std::collections::BTreeMap<(u64, u32), (f32, f32)> {
    let scene = steerlab::scene::load(file).expect("valid").into_scene();
    let mut world = scene.build_world().expect("builds");
    let mut csv = Vec::new();
    steerlab::scene::write_csv(&mut world, steps, &mut csv).expect("csv");
    let text = String::from_utf8(csv).expect("utf-8");
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            (
                (f[0].parse().unwrap(), f[1].parse().unwrap()),
                (f[3].parse().unwrap(), f[4].parse().unwrap()),
            )
        })
        .collect()
}

/// The tick the simulation `sim` has run to.
fn tick_of(app: &App, sim: Entity) -> u64 {
    app.world()
        .get::<SteerSimulation>(sim)
        .and_then(SteerSimulation::world)
        .map_or(0, steerlab::sim::World::tick)
}

fn plays_back_bit_for_bit(file: &str, steps: u64) {
    let dir = presets_dir();
    let scene = steerlab::scene::load(&dir.join(file))
        .expect("valid")
        .into_scene();
    let expected = simulate(&dir.join(file), steps);
    let mut app = app(&dir, scene.dt, false);
    let sim = start(&mut app, file);
    let mut seen = 0;
    let mut last = tick_of(&app, sim);
    while last < steps {
        app.update();
        let tick = tick_of(&app, sim);
        assert_eq!(tick, last + 1, "one steerlab tick per fixed tick");
        last = tick;
        let mut agents: Vec<SteerAgent> = app
            .world_mut()
            .query::<&SteerAgent>()
            .iter(app.world())
            .copied()
            .collect();
        agents.sort_by_key(|a| a.id);
        let rows = expected.range((tick, 0)..(tick + 1, 0)).count();
        assert_eq!(agents.len(), rows, "{file} tick {tick}: agent entities");
        for a in &agents {
            let (x, y) = expected[&(tick, a.id)];
            assert_eq!(
                (a.position.x.to_bits(), a.position.y.to_bits()),
                (x.to_bits(), y.to_bits()),
                "{file} tick {tick} agent {}",
                a.id
            );
            seen += 1;
        }
        // The transform is the same position, y flipped.
        let transform = app
            .world_mut()
            .query::<(&SteerAgent, &bevy::transform::components::Transform)>()
            .iter(app.world())
            .next()
            .map(|(a, t)| (a.position, t.translation));
        if let Some((p, t)) = transform {
            assert_eq!((t.x, t.y), (p.x, -p.y));
        }
    }
    assert_eq!(seen, expected.range((1, 0)..(steps + 1, 0)).count());
    assert!(seen > 0);
}

#[test]
fn boids_play_back_bit_for_bit() {
    plays_back_bit_for_bit("boids.ron", 300);
}

#[test]
fn hunter_and_prey_play_back_bit_for_bit() {
    plays_back_bit_for_bit("hunter_and_prey.ron", 300);
}

#[test]
fn a_rewritten_file_retunes_the_running_game_and_a_broken_one_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(presets_dir().join("seek.ron")).expect("preset");
    let path = dir.path().join("seek.ron");
    std::fs::write(&path, &text).expect("write");
    let mut app = app(dir.path(), 1.0 / 60.0, true);
    let sim = start(&mut app, "seek.ron");
    let speed = |app: &App| {
        let s = app.world().get::<SteerSimulation>(sim).unwrap();
        (
            s.scene().unwrap().groups[1].max_speed,
            s.world().unwrap().spec().groups[1].max_speed,
        )
    };
    assert_eq!(speed(&app), (160.0, 160.0));
    // The designer saves a new max_speed: the running world takes it, without a restart.
    let tick_before = tick_of(&app, sim);
    std::fs::write(
        &path,
        text.replacen("max_speed: 160.0", "max_speed: 95.0", 1),
    )
    .expect("write");
    let saved = Instant::now();
    let deadline = saved + Duration::from_secs(10);
    while speed(&app) != (95.0, 95.0) {
        assert!(
            Instant::now() < deadline,
            "the change did not arrive: {:?}",
            speed(&app)
        );
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    // Bevy's watcher waits for the writes to settle (a few hundred milliseconds) first.
    let took = saved.elapsed();
    eprintln!("the saved change arrived after {} ms", took.as_millis());
    assert!(took < Duration::from_secs(2), "{took:?}");
    let world = app
        .world()
        .get::<SteerSimulation>(sim)
        .unwrap()
        .world()
        .unwrap();
    assert!(world.tick() > tick_before, "the same world, still running");
    // A broken save: the file does not load, and the game keeps the parameters it had.
    std::fs::write(
        &path,
        text.replacen("max_speed: 160.0", "max_speed: fast", 1),
    )
    .expect("write");
    let until = Instant::now() + Duration::from_secs(2);
    while Instant::now() < until {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(speed(&app), (95.0, 95.0));
    // Fixed again: it follows.
    std::fs::write(
        &path,
        text.replacen("max_speed: 160.0", "max_speed: 120.0", 1),
    )
    .expect("write");
    let deadline = Instant::now() + Duration::from_secs(10);
    while speed(&app) != (120.0, 120.0) {
        assert!(Instant::now() < deadline, "the fix did not arrive");
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_loader_refuses_a_bad_file_with_the_located_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(presets_dir().join("seek.ron")).expect("preset");
    std::fs::write(
        dir.path().join("bad.ron"),
        text.replacen("max_speed: 160.0", "max_sped: 1.0", 1),
    )
    .expect("write");
    let mut app = app(dir.path(), 1.0 / 60.0, false);
    let handle = app
        .world()
        .resource::<AssetServer>()
        .load::<steerlab_bevy::SteerScene>("bad.ron");
    let deadline = Instant::now() + Duration::from_secs(10);
    let message = loop {
        app.update();
        if let Some(bevy::asset::LoadState::Failed(e)) = app
            .world()
            .resource::<AssetServer>()
            .get_load_state(&handle)
        {
            break e.to_string();
        }
        assert!(Instant::now() < deadline, "no failure");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(
        message.contains("bad.ron:")
            && message.contains("groups[1].max_sped: unknown field `max_sped`"),
        "{message}"
    );
}

/// The repository's root: presets, the documentation's examples and the fixtures under it.
fn repo_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What `steerlab simulate FILE --steps STEPS` prints.
fn simulate_csv(file: &Path, steps: u64) -> String {
    let scene = steerlab::scene::load(file).expect("valid").into_scene();
    let mut world = scene.build_world().expect("builds");
    let mut csv = Vec::new();
    steerlab::scene::write_csv(&mut world, steps, &mut csv).expect("csv");
    String::from_utf8(csv).expect("utf-8")
}

/// The test game: its crowd entity, the scene's spawning schedule it follows, and the CSV of
/// what its entities did, tick by tick.
#[derive(Resource)]
struct Game {
    crowd: Entity,
    spawns: Option<steerlab::sim::Spawns>,
    next_id: u32,
    csv: String,
}

/// The game's own entities: their group's index.
#[derive(Component)]
struct Ship(usize);

/// Brings in the entities the scene's schedule lists (before the plugin steers): at the start,
/// then each tick's spawn queues, each with the id the world would give it.
fn bring_in(
    mut commands: Commands,
    mut game: ResMut<Game>,
    crowds: Query<&steerlab_bevy::SteerCrowd>,
) {
    let Some(spec) = crowds
        .get(game.crowd)
        .ok()
        .and_then(|c| c.crowd())
        .map(|c| c.spec().clone())
    else {
        return;
    };
    let game = &mut *game;
    let mut newcomers = Vec::new();
    if game.spawns.is_none() {
        let mut spawns = steerlab::sim::Spawns::new(&spec);
        newcomers = spawns.initial(&spec);
        game.spawns = Some(spawns);
    }
    if let Some(spawns) = &mut game.spawns {
        newcomers.extend(spawns.due(&spec));
    }
    for n in newcomers {
        let mut steering = steerlab_bevy::Steering::new(game.crowd, &spec.groups[n.group].name)
            .with_id(game.next_id);
        if let Some(angle) = n.wander_angle_rad {
            steering = steering.with_wander_angle(angle);
        }
        commands.spawn((
            steering,
            SteerBody {
                position: to_bevy(n.position),
                velocity: to_bevy(n.velocity),
            },
            Ship(n.group),
        ));
        game.next_id += 1;
    }
}

/// The game moves its entities by their forces (after the plugin steers), as the world does,
/// and notes each in the CSV.
fn move_ships(
    mut game: ResMut<Game>,
    crowds: Query<&steerlab_bevy::SteerCrowd>,
    mut ships: Query<(&Steering, &mut SteerBody, &Ship)>,
) {
    let Some(crowd) = crowds.get(game.crowd).ok().and_then(|c| c.crowd()) else {
        return;
    };
    let spec = crowd.spec();
    let mut rows: Vec<(u32, String)> = Vec::new();
    for (steering, mut body, ship) in &mut ships {
        let group = &spec.groups[ship.0];
        let f = to_sim(steering.force);
        let (p, v) =
            steerlab::sim::moved(spec, group, to_sim(body.position), to_sim(body.velocity), f);
        body.position = to_bevy(p);
        body.velocity = to_bevy(v);
        let id = steering.id.expect("an id");
        rows.push((
            id,
            format!(
                "{},{id},{},{},{},{},{},{},{}\n",
                crowd.tick(),
                group.name,
                p.x,
                p.y,
                v.x,
                v.y,
                f.x,
                f.y
            ),
        ));
    }
    rows.sort_by_key(|(id, _)| *id);
    for (_, row) in rows {
        game.csv.push_str(&row);
    }
}

/// `file` (relative to the repository) played for `steps` ticks on the game's own entities:
/// the CSV they wrote.
fn play_as_game(file: &str, steps: u64) -> String {
    let dir = repo_dir();
    let scene = steerlab::scene::load(&dir.join(file))
        .expect("valid")
        .into_scene();
    let mut app = app(&dir, scene.dt, false);
    let handle = app.world().resource::<AssetServer>().load(file.to_owned());
    let crowd = app.world_mut().spawn(SteerCrowd::new(handle)).id();
    app.insert_resource(Game {
        crowd,
        spawns: None,
        next_id: 0,
        csv: String::from("tick,agent,group,x,y,vx,vy,fx,fy\n"),
    });
    app.add_systems(
        bevy::app::FixedUpdate,
        (bring_in.before(SteerSet), move_ships.after(SteerSet)),
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let tick = |app: &App| {
        app.world()
            .get::<SteerCrowd>(crowd)
            .and_then(SteerCrowd::crowd)
            .map_or(0, steerlab::sim::Crowd::tick)
    };
    while tick(&app) < steps {
        assert!(Instant::now() < deadline, "{file} did not play");
        app.update();
    }
    let csv = std::mem::take(&mut app.world_mut().resource_mut::<Game>().csv);
    // One update may run two fixed ticks: keep the first `steps`.
    let rows = simulate_csv(&dir.join(file), steps).lines().count();
    csv.lines().take(rows).map(|l| format!("{l}\n")).collect()
}

/// Every preset, example and fixture on the game's own entities ([`SteerCrowd`],
/// [`Steering`] and the game's [`SteerBody`]s, which the test moves itself): what
/// `steerlab simulate` prints, which [`SteerSimulation`] plays, byte for byte.
#[test]
fn every_scene_on_the_games_own_entities_plays_what_simulate_prints() {
    let dir = repo_dir();
    let mut files: Vec<String> = Vec::new();
    for folder in ["presets", "docs/examples", "tests/fixtures/v1"] {
        let mut in_folder: Vec<String> = std::fs::read_dir(dir.join(folder))
            .expect("a folder")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .filter(|name| name.ends_with(".ron"))
            .map(|name| format!("{folder}/{name}"))
            .collect();
        in_folder.sort();
        files.extend(in_folder);
    }
    assert!(files.len() >= 30, "{files:?}");
    for file in &files {
        let expected = simulate_csv(&dir.join(file), 200);
        let played = play_as_game(file, 200);
        if expected != played {
            let diff = expected
                .lines()
                .zip(played.lines())
                .find(|(a, b)| a != b)
                .map_or_else(
                    || {
                        format!(
                            "{} rows against {}",
                            expected.lines().count(),
                            played.lines().count()
                        )
                    },
                    |(a, b)| format!("simulate: {a}\n    game: {b}"),
                );
            panic!("{file}: {diff}");
        }
    }
}

#[test]
fn an_entity_of_a_group_the_scene_lacks_says_so_and_a_missing_target_is_listed() {
    let dir = presets_dir();
    let mut app = app(&dir, 1.0 / 60.0, false);
    let handle = app
        .world()
        .resource::<AssetServer>()
        .load("seek_pointer_flee_center.ron");
    let crowd = app.world_mut().spawn(SteerCrowd::new(handle)).id();
    let body = SteerBody {
        position: bevy::math::Vec2::new(100.0, 100.0),
        velocity: bevy::math::Vec2::new(20.0, 0.0),
    };
    let stray = app
        .world_mut()
        .spawn((Steering::new(crowd, "nobody"), body))
        .id();
    let deadline = Instant::now() + Duration::from_secs(20);
    while app
        .world()
        .get::<SteerCrowd>(crowd)
        .and_then(SteerCrowd::crowd)
        .is_none_or(|c| c.tick() == 0)
    {
        assert!(Instant::now() < deadline, "no tick");
        app.update();
    }
    let group = app
        .world()
        .get::<SteerCrowd>(crowd)
        .unwrap()
        .scene()
        .unwrap()
        .groups[0]
        .name
        .clone();
    assert_eq!(
        app.world()
            .get::<Steering>(stray)
            .unwrap()
            .problem
            .as_deref(),
        Some("the scene has no group named \"nobody\"")
    );
    // An entity of the pointer seekers, with no pointer given: listed, and no force.
    let seeker = app
        .world_mut()
        .spawn((Steering::new(crowd, &group), body))
        .id();
    app.update();
    let holder = app.world().get::<SteerCrowd>(crowd).unwrap();
    let id = app
        .world()
        .get::<Steering>(seeker)
        .unwrap()
        .id
        .expect("an id");
    let unmet: Vec<String> = holder.unmet().iter().map(ToString::to_string).collect();
    assert!(
        unmet.contains(&format!(
            "entity {id} (group \"{group}\"): seek aims at the pointer, which the host has not set"
        )),
        "{unmet:?}"
    );
    // Given the pointer, it seeks it.
    app.world_mut()
        .get_mut::<SteerCrowd>(crowd)
        .unwrap()
        .pointer = Some(bevy::math::Vec2::new(100.0, 300.0));
    app.update();
    assert!(
        app.world()
            .get::<SteerCrowd>(crowd)
            .unwrap()
            .unmet()
            .is_empty()
    );
    let force = app.world().get::<Steering>(seeker).unwrap().force;
    assert!(force.y > 0.0, "{force}");
    // Moved to a group the scene lacks, it says so and is no longer pushed.
    "nobody".clone_into(&mut app.world_mut().get_mut::<Steering>(seeker).unwrap().group);
    app.update();
    let steering = app.world().get::<Steering>(seeker).unwrap();
    assert_eq!(steering.force, bevy::math::Vec2::ZERO);
    assert_eq!(
        steering.problem.as_deref(),
        Some("the scene has no group named \"nobody\"")
    );
    let holder = app.world().get::<SteerCrowd>(crowd).unwrap();
    assert_eq!(holder.crowd().unwrap().len(), 0, "taken out of the crowd");
}

/// A designer's save retunes the crowd steering the game's entities, which keep their ids and
/// memory.
#[test]
fn a_saved_scene_retunes_the_crowd_and_keeps_its_entities() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(presets_dir().join("seek.ron")).expect("preset");
    let path = dir.path().join("seek.ron");
    std::fs::write(&path, &text).expect("write");
    let mut app = app(dir.path(), 1.0 / 60.0, true);
    let handle = app.world().resource::<AssetServer>().load("seek.ron");
    let crowd = app.world_mut().spawn(SteerCrowd::new(handle)).id();
    let body = SteerBody {
        position: bevy::math::Vec2::new(100.0, 100.0),
        velocity: bevy::math::Vec2::ZERO,
    };
    let e = app
        .world_mut()
        .spawn((Steering::new(crowd, "seekers").with_id(5), body))
        .id();
    // What the seekers seek: the nearest of group "target".
    let below = SteerBody {
        position: bevy::math::Vec2::new(100.0, 400.0),
        velocity: bevy::math::Vec2::ZERO,
    };
    app.world_mut()
        .spawn((Steering::new(crowd, "target").with_id(6), below));
    let speed = |app: &App| {
        app.world()
            .get::<SteerCrowd>(crowd)
            .and_then(SteerCrowd::crowd)
            .map(|c| c.spec().groups[1].max_speed)
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while speed(&app) != Some(160.0)
        || app.world().get::<Steering>(e).unwrap().force == bevy::math::Vec2::ZERO
    {
        assert!(Instant::now() < deadline, "no start");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    std::fs::write(
        &path,
        text.replacen("max_speed: 160.0", "max_speed: 95.0", 1),
    )
    .expect("write");
    let deadline = Instant::now() + Duration::from_secs(10);
    while speed(&app) != Some(95.0) {
        assert!(Instant::now() < deadline, "the change did not arrive");
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    app.update();
    let holder = app.world().get::<SteerCrowd>(crowd).unwrap();
    assert_eq!(holder.entity(5), Some(e));
    assert_eq!(holder.crowd().unwrap().len(), 2);
    assert!(holder.crowd().unwrap().tick() > 1);
    // Still at rest (no one moves them here), the seeker asks for the new speed straight
    // down: desired (0, 95), force (0, 95) within max_force 150.
    let force = app.world().get::<Steering>(e).unwrap().force;
    assert_eq!(force, bevy::math::Vec2::new(0.0, 95.0));
}

/// Two simulations of scenes with different `dt` (1/60 s and 1/30 s): whichever is added
/// first, Bevy's fixed timestep is the shorter, and each world ticks at its own `dt`: 60 and
/// 30 ticks in 60 fixed ticks.
#[test]
fn two_scenes_of_different_dt_each_keep_their_own_tick() {
    let dir = tempfile::tempdir().expect("tempdir");
    let seek = std::fs::read_to_string(presets_dir().join("seek.ron")).expect("seek.ron");
    assert!(seek.contains("dt: 0.016666668,"));
    std::fs::write(dir.path().join("fast.ron"), &seek).expect("write");
    let slow = seek.replace("dt: 0.016666668,", "dt: 0.033333335,");
    std::fs::write(dir.path().join("slow.ron"), slow).expect("write");
    for first_fast in [true, false] {
        let mut app = app(dir.path(), 1.0 / 60.0, false);
        let (fast, slow) = if first_fast {
            let fast = start(&mut app, "fast.ron");
            (fast, start(&mut app, "slow.ron"))
        } else {
            let slow = start(&mut app, "slow.ron");
            (start(&mut app, "fast.ron"), slow)
        };
        app.update();
        let timestep = app
            .world()
            .resource::<bevy::time::Time<bevy::time::Fixed>>()
            .timestep();
        assert_eq!(
            timestep,
            Duration::from_secs_f64(f64::from(1.0_f32 / 60.0)),
            "fast first: {first_fast}"
        );
        let (f0, s0) = (tick_of(&app, fast), tick_of(&app, slow));
        for _ in 0..60 {
            app.update();
        }
        assert_eq!(tick_of(&app, fast) - f0, 60, "fast first: {first_fast}");
        assert_eq!(tick_of(&app, slow) - s0, 30, "fast first: {first_fast}");
    }
}
