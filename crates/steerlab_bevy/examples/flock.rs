//! A steerlab preset in a Bevy window: the agents as triangles in their group's colour, with
//! their velocity (blue) and steering force (red) drawn as gizmo arrows in the editor's
//! colours. The file is watched: save it in the steerlab editor and the flock retunes.
//!
//!     cargo run -p steerlab_bevy --features render --example flock [PRESET.ron]
//!
//! PRESET is a file in steerlab's `presets/` directory (default `boids.ron`). Keys: R restarts
//! (counts and the seed apply), Space pauses.

use bevy::camera::{OrthographicProjection, Projection, ScalingMode};
use bevy::prelude::*;
use steerlab::sim::colors::{APPLIED, BACKGROUND, BOUNDARY, CLICK, GROUPS, OBSTACLE, VELOCITY};
use steerlab_bevy::{SteerAgent, SteerScene, SteerSimulation, SteerlabPlugin, to_bevy};

/// The editor's colours (`steerlab::sim::colors`, which its palette is made from).
fn color(c: steerlab::sim::colors::Rgb) -> Color {
    Color::srgb_u8(c.0, c.1, c.2)
}

/// The editor's defaults: a velocity spans half a second; a force F draws F × 0.25 long.
const VELOCITY_SECS: f32 = 0.5;
const FORCE_SCALE: f32 = 0.25;
/// An agent's drawn length, world units (the editor's `AGENT_LENGTH_WORLD`).
const AGENT_LENGTH: f32 = 14.0;

fn main() {
    let file = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "boids.ron".to_owned());
    let presets = concat!(env!("CARGO_MANIFEST_DIR"), "/../../presets");
    App::new()
        .insert_resource(ClearColor(color(BACKGROUND)))
        .insert_resource(Preset(file.clone()))
        .add_plugins(
            DefaultPlugins
                .set(AssetPlugin {
                    file_path: presets.to_owned(),
                    watch_for_changes_override: Some(true),
                    ..default()
                })
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: format!("steerlab in Bevy: {file}"),
                        resolution: (1280, 720).into(),
                        ..default()
                    }),
                    ..default()
                }),
        )
        .add_plugins(SteerlabPlugin)
        .add_systems(Startup, setup)
        .add_systems(Update, (frame_the_world, draw, keys))
        .run();
}

#[derive(Resource)]
struct Preset(String);

fn setup(mut commands: Commands, server: Res<AssetServer>, preset: Res<Preset>) {
    commands.spawn(Camera2d);
    commands.spawn(SteerSimulation::new(server.load(preset.0.clone())));
}

/// Shows the whole world (steerlab's y down is Bevy's y up: the world spans 0..w, -h..0).
fn frame_the_world(
    scenes: Res<Assets<SteerScene>>,
    sims: Query<&SteerSimulation>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Some(scene) = sims.iter().find_map(|s| scenes.get(&s.scene)) else {
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

/// The world's edge, each agent as a triangle along its velocity, and its velocity and
/// steering force as arrows.
fn draw(
    mut gizmos: Gizmos,
    scenes: Res<Assets<SteerScene>>,
    sims: Query<&SteerSimulation>,
    agents: Query<&SteerAgent>,
) {
    let flip = |v: Vec2| Vec2::new(v.x, -v.y);
    for sim in &sims {
        if let Some(scene) = scenes.get(&sim.scene) {
            let (w, h) = (scene.scene.world.width, scene.scene.world.height);
            gizmos.rect_2d(
                Vec2::new(w * 0.5, -h * 0.5),
                Vec2::new(w, h),
                color(BOUNDARY),
            );
        }
        if let Some(world) = sim.world() {
            for o in &world.spec().obstacles {
                gizmos.circle_2d(flip(to_bevy(o.center)), o.radius, color(OBSTACLE));
            }
            let c = flip(to_bevy(world.click()));
            let click = color(CLICK);
            gizmos.circle_2d(c, 8.0, click);
            gizmos.line_2d(c - Vec2::X * 12.0, c + Vec2::X * 12.0, click);
            gizmos.line_2d(c - Vec2::Y * 12.0, c + Vec2::Y * 12.0, click);
        }
    }
    for a in &agents {
        let p = flip(to_bevy(a.position));
        let v = flip(to_bevy(a.velocity));
        let f = flip(to_bevy(a.force));
        let dir = v.try_normalize().unwrap_or(Vec2::X);
        let side = dir.perp() * AGENT_LENGTH * 0.35;
        let tip = p + dir * AGENT_LENGTH * 0.6;
        let back = p - dir * AGENT_LENGTH * 0.4;
        let body = color(GROUPS[usize::from(a.group) % GROUPS.len()]);
        gizmos.linestrip_2d([tip, back + side, back - side, tip], body);
        if v != Vec2::ZERO {
            gizmos.arrow_2d(p, p + v * VELOCITY_SECS, color(VELOCITY));
        }
        if f != Vec2::ZERO {
            gizmos.arrow_2d(p, p + f * FORCE_SCALE, color(APPLIED));
        }
    }
}

fn keys(input: Res<ButtonInput<KeyCode>>, mut sims: Query<&mut SteerSimulation>) {
    for mut sim in &mut sims {
        if input.just_pressed(KeyCode::KeyR) {
            sim.restart();
        }
        if input.just_pressed(KeyCode::Space) {
            sim.running = !sim.running;
        }
    }
}
