//! What you tune is what you ship: presets played in a headless Bevy app (minimal plugins plus
//! assets) give every position `steerlab simulate` prints for the same file, to the bit; and a
//! rewritten file retunes the running simulation, while a broken one leaves it as it was.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bevy::app::{App, PluginsState};
use bevy::asset::{AssetPlugin, AssetServer};
use bevy::ecs::prelude::*;
use bevy::time::TimeUpdateStrategy;
use steerlab_bevy::{SteerAgent, SteerSimulation, SteerlabPlugin};

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
    let scene = steerlab::scene::load(file).expect("valid");
    let mut world = scene.build_world().expect("builds");
    let mut csv = Vec::new();
    steerlab::cli::write_csv(&mut world, steps, &mut csv).expect("csv");
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
    let scene = steerlab::scene::load(&dir.join(file)).expect("valid");
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

#[test]
fn a_steering_component_gets_its_groups_force_every_fixed_tick() {
    let dir = presets_dir();
    let mut app = app(&dir, 1.0 / 60.0, false);
    let handle = app.world().resource::<AssetServer>().load("seek.ron");
    let body = steerlab_bevy::SteerBody {
        position: bevy::math::Vec2::new(100.0, 100.0),
        velocity: bevy::math::Vec2::new(20.0, 0.0),
    };
    let mut steering = steerlab_bevy::Steering::new(handle, "seekers", 3);
    steering.target = Some(bevy::math::Vec2::new(100.0, 300.0));
    let e = app.world_mut().spawn((steering, body)).id();
    let deadline = Instant::now() + Duration::from_secs(20);
    while app.world().get::<steerlab_bevy::Steering>(e).unwrap().force == bevy::math::Vec2::ZERO {
        assert!(Instant::now() < deadline, "no force");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    // The seekers' seek (max_speed 160): desired (0, 160) - velocity (20, 0), within
    // max_force 150? |(-20, 160)| = 161.2 > 150: truncated to 150 along it.
    let force = app.world().get::<steerlab_bevy::Steering>(e).unwrap().force;
    let expected = bevy::math::Vec2::new(-20.0, 160.0).normalize() * 150.0;
    assert!((force - expected).length() < 1e-3, "{force} {expected}");
}
