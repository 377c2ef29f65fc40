//! Comparing runs in the editor, through the real UI with `egui_kittest`: pinning a baseline
//! that runs tick for tick beside the live scene (its ghosts), swapping the two, comparing with
//! the saved file, the metrics panel, and the sweep window taking a value as one undo step.
#![cfg(feature = "editor")]
// Field values set from a sweep are exact: comparing them exactly is the point.
#![allow(clippy::float_cmp)]

mod common;

use common::ui::{compare_menu, paused_harness, step_ticks};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use steerlab::editor::action::SweepSetup;
use steerlab::editor::dock::ToolWindow;
use steerlab::editor::{Action, EditorApp};
use steerlab::scene::Scene;
use steerlab::view::Overlay;

fn arrive() -> Scene {
    common::preset_scene("arrive_slowing.ron")
}

/// The live scene with the arrivers' `max_speed` set to `speed`, as the inspector would.
fn edit_speed(harness: &mut Harness<'_, EditorApp>, speed: f32) {
    let mut scene = harness.state().scene().clone();
    scene.groups[0].max_speed = speed;
    harness.state_mut().apply(
        &egui::Context::default(),
        steerlab::editor::Action::Edit(Box::new(scene)),
    );
    harness.run_steps(2);
}

#[test]
fn a_pinned_baseline_runs_tick_for_tick_beside_the_live_scene_and_restarts_with_it() {
    let mut harness = paused_harness(EditorApp::new(arrive(), None, "test"));
    step_ticks(&mut harness, 10);
    let tick = harness.state().world().tick();
    compare_menu(&mut harness, "Pin baseline");
    let pinned = harness.state().baseline().expect("pinned");
    assert_eq!(pinned.label, format!("pinned at tick {tick}"));
    assert_eq!(pinned.world.agents(), harness.state().world().agents());
    // Unchanged, the two runs stay identical, tick for tick.
    step_ticks(&mut harness, 20);
    let b = harness.state().baseline().expect("pinned");
    assert_eq!(b.world.tick(), harness.state().world().tick());
    assert_eq!(b.world.agents(), harness.state().world().agents());
    // An edit changes the live run only.
    edit_speed(&mut harness, 60.0);
    step_ticks(&mut harness, 30);
    let b = harness.state().baseline().expect("pinned");
    assert_eq!(b.world.tick(), harness.state().world().tick());
    assert_ne!(b.world.agents(), harness.state().world().agents());
    assert_eq!(b.scene.groups[0].max_speed, 200.0);
    // Restart starts both from the seed.
    harness.key_press(Key::R);
    harness.run_steps(2);
    let b = harness.state().baseline().expect("pinned");
    assert_eq!((b.world.tick(), harness.state().world().tick()), (0, 0));
    let fresh = arrive().build_world().expect("valid");
    assert_eq!(b.world.agents(), fresh.agents());
    // Ghosts are drawn by default and have their toggle in the overlay legend.
    assert!(harness.state().overlays().shows(Overlay::Ghosts));
    harness.get_by_label("Baseline ghosts").click();
    harness.run_steps(2);
    assert!(!harness.state().overlays().shows(Overlay::Ghosts));
    compare_menu(&mut harness, "Unpin baseline");
    assert!(harness.state().baseline().is_none());
}

#[test]
fn swap_exchanges_baseline_and_current_as_one_undo_step() {
    let mut harness = paused_harness(EditorApp::new(arrive(), None, "test"));
    compare_menu(&mut harness, "Pin baseline");
    edit_speed(&mut harness, 60.0);
    step_ticks(&mut harness, 15);
    let live_before = harness.state().world().agents().to_vec();
    let base_before = harness.state().baseline().unwrap().world.agents().to_vec();
    compare_menu(&mut harness, "Swap baseline and current");
    assert_eq!(harness.state().scene().groups[0].max_speed, 200.0);
    let b = harness.state().baseline().expect("still pinned");
    assert_eq!(b.scene.groups[0].max_speed, 60.0);
    assert_eq!(harness.state().world().agents(), base_before.as_slice());
    assert_eq!(b.world.agents(), live_before.as_slice());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().groups[0].max_speed, 60.0);
}

#[test]
fn compare_with_saved_pins_the_saved_file_and_restarts_both() {
    let mut harness = paused_harness(EditorApp::new(arrive(), None, "test"));
    edit_speed(&mut harness, 90.0);
    step_ticks(&mut harness, 12);
    compare_menu(&mut harness, "Compare with saved file");
    let b = harness.state().baseline().expect("pinned");
    assert_eq!(b.label, "saved file");
    assert_eq!(b.scene, *harness.state().saved_scene());
    assert_eq!((b.world.tick(), harness.state().world().tick()), (0, 0));
    // Edit › Changes lists the baseline's differences.
    harness.get_by_label("Edit").click();
    harness.run_steps(2);
    harness.get_by_label("Changes since saved (1)…").click();
    harness.run_steps(3);
    assert!(
        harness
            .query_by_label("Against the baseline (saved file)")
            .is_some()
    );
    // Once against the baseline, once since saved.
    // By its label, with the path in the tooltip.
    assert_eq!(
        harness
            .query_all_by_label_contains("› max_speed (u/s)")
            .count(),
        2
    );
}

#[test]
fn the_metrics_panel_sets_baseline_and_current_side_by_side() {
    let mut harness = paused_harness(EditorApp::new(arrive(), None, "test"));
    let tick = harness.state().world().tick();
    compare_menu(&mut harness, "Pin baseline");
    edit_speed(&mut harness, 100.0);
    step_ticks(&mut harness, 900);
    compare_menu(&mut harness, "Metrics…");
    assert!(harness.state().open_windows().metrics);
    assert!(
        harness
            .query_by_label(&format!("baseline (pinned at tick {tick})"))
            .is_some()
    );
    // At half the speed the arrivers take longer: time_to_arrive is worse, in red, and the
    // panel shows both numbers.
    let now = harness.state().metrics().get("arrivers.time_to_arrive");
    let was = harness
        .state()
        .baseline_metrics()
        .and_then(|m| m.get("arrivers.time_to_arrive"));
    let (Some(now), Some(was)) = (now, was) else {
        panic!("both runs arrived: {now:?} {was:?}");
    };
    assert!(now > was, "{now} <= {was}");
    // (Settle time may read the same, so a number can show more than once.)
    // Each written as every tool writes the metric: readable, with its unit.
    let time = steerlab::sim::metrics::definition("time_to_arrive").unwrap();
    for text in [
        time.text(now),
        time.text(was),
        format!("+{}", time.text(now - was)),
    ] {
        assert!(harness.query_all_by_label(&text).next().is_some(), "{text}");
    }
    // The switch stops the numbers.
    harness.get_by_label("compute every tick").click();
    harness.run_steps(2);
    let frozen = harness.state().metrics();
    step_ticks(&mut harness, 5);
    assert_eq!(harness.state().metrics().ticks, frozen.ticks);
}

#[test]
fn the_sweep_window_runs_in_the_background_and_a_click_takes_a_value() {
    let mut harness = paused_harness(EditorApp::new(arrive(), None, "test"));
    compare_menu(&mut harness, "Sweep…");
    assert!(harness.state().open_windows().sweep);
    let setup = SweepSetup {
        field: steerlab::sim::FieldPath::parse("groups[0].arrive.mode").expect("a path"),
        lo: 20.0,
        hi: 300.0,
        count: 4,
        seconds: 8.0,
        metric: harness.state().sweep().setup.metric.clone(),
    };
    common::ui::act(&mut harness, Action::SetSweep(Box::new(setup)));
    harness.run_steps(2);
    harness.get_by_label("Run sweep").click();
    harness.run_steps(1);
    harness.state_mut().wait_for_sweep();
    harness.run_steps(3);
    let results = harness.state().sweep().results.as_ref().expect("done");
    // The four values asked for, and the scene's own (150) among them in order.
    assert_eq!(
        results.values,
        vec![20.0, 20.0 + 280.0 / 3.0, 150.0, 20.0 + 560.0 / 3.0, 300.0]
    );
    // The smallest slowing radius overshoots; the largest does not.
    let overshoot = |k: usize| results.metrics[k].get("arrivers.overshoot").unwrap();
    assert!(overshoot(0) > 1.0 && overshoot(4) == 0.0);
    assert_eq!(results.traces.len(), 5);
    // The live run has gone on; taking a value starts it again.
    for _ in 0..5 {
        harness.key_press(Key::Period);
        harness.run_steps(1);
    }
    assert!(harness.state().world().tick() >= 5);
    // Click the last run's thumbnail: the scene takes slowing radius 300, as one undo step.
    let undo_before = harness.state().undo_position();
    // (Scrolled to first: the docked window scrolls its runs.)
    common::ui::scroll_docked(&mut harness, ToolWindow::Sweep, 2000.0);
    harness
        .get_by_label("run groups[0].arrive.mode = 300")
        .click();
    harness.run_steps(3);
    assert_eq!(
        steerlab::scene::flatten(harness.state().scene())
            [&steerlab::sim::FieldPath::parse("groups[0].arrive.mode").expect("a path")],
        "SlowingRadius(300.0)"
    );
    assert_eq!(harness.state().undo_position(), undo_before + 1);
    assert_eq!(
        harness.state().world().tick(),
        0,
        "the live run restarted with it"
    );
    assert_eq!(harness.state().sweep().taken, Some(300.0));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(
        steerlab::scene::flatten(harness.state().scene())
            [&steerlab::sim::FieldPath::parse("groups[0].arrive.mode").expect("a path")],
        "SlowingRadius(150.0)"
    );
}
