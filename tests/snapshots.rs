//! Image snapshots of the main window, rendered with wgpu on Mesa's software Vulkan (lavapipe)
//! on CI. Update them with `UPDATE_SNAPSHOTS=1 cargo test --test snapshots` and look at every
//! changed image before committing it.
#![cfg(feature = "editor")]

mod common;

use egui_kittest::Harness;
use steerlab::editor::action::SweepSetup;
use steerlab::editor::{Action, EditorApp};
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
    let ctx = egui::Context::default();
    app.apply(&ctx, Action::SetPlaying(false));
    setup(&mut app);
    for _ in 0..ticks {
        app.apply(&ctx, Action::Step);
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
    let mut harness = paused_after("boids.ron", 240, |app| {
        app.apply(&egui::Context::default(), Action::Select(Some(7)));
    });
    harness.snapshot("boids_selected");
}

#[test]
fn hunter_and_prey_with_every_overlay() {
    let mut harness = paused_after("hunter_and_prey.ron", 300, |app| {
        let all = Box::new(Overlays::all_on());
        app.apply(&egui::Context::default(), Action::SetOverlays(all));
    });
    harness.run_steps(2);
    harness.snapshot("hunter_and_prey_all_overlays");
}

#[test]
fn arrive_deceleration() {
    // Tick 200 (3.3 s): the slow setting has been braking since d = 3 * 0.3 * 250 = 225 u, the
    // fast one only starts at 75 u.
    let mut harness = paused_after("arrive_deceleration.ron", 200, |app| {
        let all = Box::new(Overlays::all_on());
        app.apply(&egui::Context::default(), Action::SetOverlays(all));
    });
    harness.run_steps(2);
    harness.snapshot("arrive_deceleration");
}

#[test]
fn baseline_ghosts_and_the_metrics_panel() {
    // The arrivers pinned at tick 0, then slowed to 100 u/s: after 150 ticks the live agents
    // trail their ghosts, and the metrics panel sets the two runs side by side.
    let mut harness = paused_after("arrive_slowing.ron", 0, |app| {
        let ctx = egui::Context::default();
        app.apply(&ctx, Action::PinBaseline);
        let mut scene = app.scene().clone();
        scene.groups[0].max_speed = 100.0;
        app.apply(&ctx, Action::Edit(Box::new(scene)));
        for _ in 0..150 {
            app.apply(&ctx, Action::Step);
        }
        app.apply(
            &ctx,
            Action::Show(steerlab::editor::dock::ToolWindow::Metrics),
        );
    });
    harness.run_steps(2);
    harness.snapshot("baseline_ghosts_metrics");
}

#[test]
fn the_sweep_window_with_its_results() {
    let mut harness = paused_after("arrive_slowing.ron", 0, |app| {
        let ctx = egui::Context::default();
        app.apply(
            &ctx,
            Action::Show(steerlab::editor::dock::ToolWindow::Sweep),
        );
        let setup = SweepSetup {
            field: steerlab::sim::FieldPath::parse("groups[0].arrive.mode").expect("a path"),
            lo: 20.0,
            hi: 300.0,
            count: 8,
            seconds: 8.0,
            metric: "arrivers.overshoot".to_owned(),
        };
        app.apply(&ctx, Action::SetSweep(Box::new(setup)));
        app.apply(&ctx, Action::RunSweep);
        app.wait_for_sweep();
    });
    harness.run_steps(3);
    harness.snapshot("sweep_window");
}
