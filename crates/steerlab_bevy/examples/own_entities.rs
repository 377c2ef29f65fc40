//! The game's own entities steered by a steerlab preset: the game spawns its ships, moves them
//! with its own physics (a little drag, its own speed cap, wrapping at the arena's edges) and
//! asks steerlab only for forces ([`SteerCrowd`], [`Steering`]). Every behavior of the preset
//! acts on them: hunters pursue the nearest prey and rest when their stamina runs out, prey
//! evade and wander. The file is watched: save it in the steerlab editor and the ships retune
//! at once, keeping where they are.
//!
//!     cargo run -p steerlab_bevy --features render --example own_entities [PRESET.ron]
//!
//! Without the `render` feature it runs headless, the pointer circling the arena: 600 fixed
//! ticks, then a summary (CI runs it so). PRESET is a file in steerlab's `presets/` directory (default `hunter_and_prey.ron`).
//! In the window, the mouse is the pointer and a click moves the click target.

use std::time::Duration;

use bevy::prelude::*;
use steerlab_bevy::{SteerBody, SteerCrowd, SteerScene, SteerSet, Steering, SteerlabPlugin};

/// The game's drag: the share of its speed a ship keeps after one second of coasting.
const KEPT_PER_SECOND: f32 = 0.8;

/// One of the game's ships: its group's index in the preset, and its own top speed.
#[derive(Component)]
struct Ship {
    group: usize,
    top_speed: f32,
    mass: f32,
}

/// The preset's file and the entity holding its crowd.
#[derive(Resource)]
struct Game {
    file: String,
    crowd: Option<Entity>,
    spawned: bool,
}

fn main() {
    let file = std::env::args()
        .nth(1)
        .filter(|a| !a.starts_with('-'))
        .unwrap_or_else(|| "hunter_and_prey.ron".to_owned());
    let presets = concat!(env!("CARGO_MANIFEST_DIR"), "/../../presets");
    let mut app = App::new();
    app.insert_resource(Game {
        file: file.clone(),
        crowd: None,
        spawned: false,
    });
    windowed_or_headless(&mut app, presets, &file);
    app.add_plugins(SteerlabPlugin)
        .add_systems(Startup, setup)
        .add_systems(
            FixedUpdate,
            (spawn_ships.before(SteerSet), move_ships.after(SteerSet)),
        );
    run(app);
}

fn setup(mut commands: Commands, server: Res<AssetServer>, mut game: ResMut<Game>) {
    let crowd = commands.spawn(SteerCrowd::new(server.load(game.file.clone())));
    game.crowd = Some(crowd.id());
}

/// Once the preset has loaded: as many ships per group as the preset says, where the game
/// wants them (on a ring around the arena's centre), each steered by its group.
fn spawn_ships(
    mut commands: Commands,
    mut game: ResMut<Game>,
    scenes: Res<Assets<SteerScene>>,
    crowds: Query<&SteerCrowd>,
) {
    let Some(crowd) = game.crowd else {
        return;
    };
    if game.spawned {
        return;
    }
    let Some(scene) = crowds.get(crowd).ok().and_then(|c| scenes.get(&c.scene)) else {
        return;
    };
    let scene = &scene.scene;
    let centre = Vec2::new(scene.world.width, scene.world.height) * 0.5;
    let ring = centre.min_element() * 0.7;
    let total: u32 = scene.groups.iter().map(|g| g.count).sum();
    let mut k = 0;
    for (g, group) in scene.groups.iter().enumerate() {
        for _ in 0..group.count {
            let angle = std::f32::consts::TAU * k as f32 / total.max(1) as f32;
            let out = Vec2::from_angle(angle);
            commands.spawn((
                Ship {
                    group: g,
                    top_speed: group.max_speed,
                    mass: group.mass,
                },
                Steering::new(crowd, &group.name),
                SteerBody {
                    position: centre + out * ring,
                    velocity: out.perp() * group.max_speed * 0.3,
                },
            ));
            k += 1;
        }
    }
    game.spawned = true;
}

/// The game's own physics: the force accelerates the ship, drag slows it, its top speed caps
/// it, and the arena wraps.
fn move_ships(
    time: Res<Time>,
    scenes: Res<Assets<SteerScene>>,
    crowds: Query<&SteerCrowd>,
    mut ships: Query<(&Ship, &Steering, &mut SteerBody)>,
) {
    let dt = time.delta_secs();
    let drag = KEPT_PER_SECOND.powf(dt);
    for (ship, steering, mut body) in &mut ships {
        let Some(scene) = crowds
            .get(steering.crowd)
            .ok()
            .and_then(|c| scenes.get(&c.scene))
        else {
            continue;
        };
        let size = Vec2::new(scene.scene.world.width, scene.scene.world.height);
        let velocity = (body.velocity + steering.force / ship.mass * dt) * drag;
        body.velocity = velocity.clamp_length_max(ship.top_speed);
        body.position = (body.position + body.velocity * dt).rem_euclid(size);
    }
}

#[cfg(not(feature = "render"))]
fn windowed_or_headless(app: &mut App, presets: &str, _file: &str) {
    // One fixed tick per update, of the preset's dt (the plugin sets the fixed timestep).
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: presets.to_owned(),
            ..AssetPlugin::default()
        },
    ));
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_secs_f64(1.0 / 60.0),
    ))
    .add_systems(FixedUpdate, circling_pointer.before(SteerSet));
}

/// Headless, the player's pointer is a point circling the arena once every ten seconds.
#[cfg(not(feature = "render"))]
fn circling_pointer(
    time: Res<Time>,
    scenes: Res<Assets<SteerScene>>,
    mut crowds: Query<&mut SteerCrowd>,
) {
    for mut crowd in &mut crowds {
        let Some(scene) = scenes.get(&crowd.scene) else {
            continue;
        };
        let centre = Vec2::new(scene.scene.world.width, scene.scene.world.height) * 0.5;
        let angle = time.elapsed_secs() * std::f32::consts::TAU / 10.0;
        crowd.pointer = Some(centre + Vec2::from_angle(angle) * centre.min_element() * 0.5);
    }
}

/// Headless: 600 fixed ticks, then what the ships did, and a failure when something is off.
#[cfg(not(feature = "render"))]
fn run(mut app: App) {
    while app.plugins_state() == bevy::app::PluginsState::Adding {
        bevy::tasks::tick_global_task_pools_on_main_thread();
    }
    app.finish();
    app.cleanup();
    let started = std::time::Instant::now();
    let tick = |app: &App| {
        let crowd = app.world().resource::<Game>().crowd?;
        app.world()
            .get::<SteerCrowd>(crowd)?
            .crowd()
            .map(steerlab::sim::Crowd::tick)
    };
    while tick(&app).unwrap_or(0) < 600 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the preset did not load"
        );
        app.update();
    }
    let world = app.world_mut();
    let mut ships = world.query::<(&Ship, &Steering, &SteerBody)>();
    let mut per_group: Vec<(usize, f32, f32)> = Vec::new();
    for (ship, steering, body) in ships.iter(world) {
        assert!(
            steering.problem.is_none(),
            "ship {:?}: {:?}",
            steering.id,
            steering.problem
        );
        assert!(body.position.is_finite() && body.velocity.is_finite());
        if per_group.len() <= ship.group {
            per_group.resize(ship.group + 1, (0, 0.0, 0.0));
        }
        let entry = &mut per_group[ship.group];
        entry.0 += 1;
        entry.1 += body.velocity.length();
        entry.2 += steering.force.length();
    }
    let game = world.resource::<Game>();
    let crowd = world
        .get::<SteerCrowd>(game.crowd.expect("a crowd"))
        .expect("the crowd");
    let scene = crowd.scene().expect("loaded");
    println!(
        "own_entities: {} ({}), 600 ticks, {} ships",
        game.file,
        scene.name,
        crowd.crowd().map_or(0, steerlab::sim::Crowd::len)
    );
    for (g, (n, speed, force)) in per_group.iter().enumerate() {
        let n = *n as f32;
        println!(
            "  {}: {n} ships, mean speed {:.1} u/s, mean force {:.1}",
            scene.groups[g].name,
            speed / n,
            force / n
        );
        assert!(*speed > 0.0, "group {g} never moved");
    }
    println!(
        "  blocks without their target on the last tick: {}",
        crowd.unmet().len()
    );
    for unmet in crowd.unmet() {
        println!("  {unmet}");
    }
}

#[cfg(feature = "render")]
fn windowed_or_headless(app: &mut App, presets: &str, file: &str) {
    app.insert_resource(ClearColor(Color::srgb_u8(24, 26, 30)))
        .add_plugins(
            DefaultPlugins
                .set(AssetPlugin {
                    file_path: presets.to_owned(),
                    watch_for_changes_override: Some(true),
                    ..default()
                })
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: format!("steerlab on the game's own entities: {file}"),
                        resolution: (1280, 720).into(),
                        ..default()
                    }),
                    ..default()
                }),
        )
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .add_systems(Update, (frame_the_arena, draw, pointer));
}

#[cfg(feature = "render")]
fn run(mut app: App) {
    app.run();
}

/// Shows the whole arena (steerlab's y down is Bevy's y up).
#[cfg(feature = "render")]
fn frame_the_arena(
    scenes: Res<Assets<SteerScene>>,
    crowds: Query<&SteerCrowd>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    use bevy::camera::{OrthographicProjection, ScalingMode};
    let Some(scene) = crowds.iter().find_map(|c| scenes.get(&c.scene)) else {
        return;
    };
    let (w, h) = (scene.scene.world.width, scene.scene.world.height);
    for (mut transform, mut projection) in &mut camera {
        transform.translation = Vec3::new(w * 0.5, -h * 0.5, 0.0);
        *projection = Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: w * 1.05,
                min_height: h * 1.05,
            },
            ..OrthographicProjection::default_2d()
        });
    }
}

/// Each ship as a triangle in its group's steerlab colour, with its force as an arrow.
#[cfg(feature = "render")]
fn draw(mut gizmos: Gizmos, ships: Query<(&Ship, &Steering, &SteerBody)>) {
    use steerlab::sim::colors::{APPLIED, GROUPS};
    let color = |c: steerlab::sim::colors::Rgb| Color::srgb_u8(c.0, c.1, c.2);
    let flip = |v: Vec2| Vec2::new(v.x, -v.y);
    for (ship, steering, body) in &ships {
        let p = flip(body.position);
        let dir = flip(body.velocity).try_normalize().unwrap_or(Vec2::X);
        let side = dir.perp() * 5.0;
        let (tip, back) = (p + dir * 8.0, p - dir * 6.0);
        let c = color(GROUPS[ship.group % GROUPS.len()]);
        gizmos.linestrip_2d([tip, back + side, back - side, tip], c);
        let f = flip(steering.force);
        if f != Vec2::ZERO {
            gizmos.arrow_2d(p, p + f * 0.25, color(APPLIED));
        }
    }
}

/// The mouse is the crowd's pointer; a click moves its click target.
#[cfg(feature = "render")]
fn pointer(
    windows: Query<&Window>,
    camera: Query<(&Camera, &GlobalTransform)>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut crowds: Query<&mut SteerCrowd>,
) {
    let Some(cursor) = windows.iter().next().and_then(Window::cursor_position) else {
        return;
    };
    let Some(at) = camera
        .iter()
        .next()
        .and_then(|(c, t)| c.viewport_to_world_2d(t, cursor).ok())
    else {
        return;
    };
    let at = Vec2::new(at.x, -at.y);
    for mut crowd in &mut crowds {
        crowd.pointer = Some(at);
        if buttons.just_pressed(MouseButton::Left) {
            crowd.click = Some(at);
        }
    }
}
