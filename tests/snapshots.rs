//! Image snapshots of the main window, rendered with wgpu on Mesa's software Vulkan (lavapipe)
//! on CI. Update them with `UPDATE_SNAPSHOTS=1 cargo test --test snapshots` and look at every
//! changed image before committing it.
#![cfg(feature = "editor")]

mod common;

use egui_kittest::Harness;
use steerlab::editor::EditorApp;
use steerlab::view::Overlays;

/// The editor on a built-in preset, paused after exactly `ticks` ticks (so the image does not
/// depend on how fast the machine is).
fn paused_after(
    preset: &str,
    ticks: u64,
    setup: impl FnOnce(&mut EditorApp),
) -> Harness<'static, EditorApp> {
    let scene = common::preset_scene(preset);
    let mut app = EditorApp::new(scene, None, &format!("built-in {preset}"));
    app.set_playing(false);
    setup(&mut app);
    for _ in 0..ticks {
        app.step_once();
    }
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .wgpu()
        .build_eframe(move |_cc| app);
    harness.run_steps(4);
    harness
}

#[test]
fn boids_with_a_selected_agent() {
    let mut harness = paused_after("boids.ron", 240, |app| app.select(Some(7)));
    harness.snapshot("boids_selected");
}

#[test]
fn hunter_and_prey_with_every_overlay() {
    let mut harness = paused_after("hunter_and_prey.ron", 300, |app| {
        app.overlays = Overlays::all_on();
    });
    harness.run_steps(2);
    harness.snapshot("hunter_and_prey_all_overlays");
}

#[test]
fn arrive_deceleration() {
    // Tick 200 (3.3 s): the slow setting has been braking since d = 3 * 0.3 * 250 = 225 u, the
    // fast one only starts at 75 u.
    let mut harness = paused_after("arrive_deceleration.ron", 200, |app| {
        app.overlays = Overlays::all_on();
    });
    harness.run_steps(2);
    harness.snapshot("arrive_deceleration");
}
