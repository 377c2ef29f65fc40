//! Goals and tuning in the editor, through the real UI with `egui_kittest`: a goal added from
//! a row of the metrics panel in one click, its live badge, and the Tune window running in
//! the background, applying a candidate as one undo step with the scene before pinned.
#![cfg(feature = "editor")]
// The values applied are the tuner's, bit for bit: comparing them exactly is the point.
#![allow(clippy::float_cmp)]

mod common;

use common::ui::{compare_menu, paused_harness, step_ticks};
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable as _;
use steerlab::editor::action::GoalAction;
use steerlab::editor::action::TuneSetup;
use steerlab::editor::{Action, EditorApp};
use steerlab::scene::goals::Want;

#[test]
fn a_metrics_row_becomes_a_goal_in_one_click_with_a_live_badge() {
    let scene = common::preset_scene("arrive_slowing.ron");
    assert!(scene.goals.is_none());
    let mut harness = paused_harness(EditorApp::new(scene, None, "test"));
    compare_menu(&mut harness, "Metrics…");
    step_ticks(&mut harness, 30);
    let undo = harness.state().undo_position();
    // The first row with a value: the arrivers' share that arrived (0 so far; higher is
    // better, so the goal is "at least" it).
    harness
        .get_all_by_label("+ goal")
        .next()
        .expect("a row with a value")
        .click();
    harness.run_steps(2);
    let goals = harness.state().scene().goals.clone().expect("goals");
    assert_eq!(goals.list.len(), 1);
    assert_eq!(goals.list[0].group, "arrivers");
    assert_eq!(goals.list[0].metric, "arrived");
    assert_eq!(goals.list[0].want(), Some(Want::AtLeast(0.0)));
    assert_eq!(harness.state().undo_position(), undo + 1);
    // The Goals window shows it with its badge for the run on screen: it holds.
    compare_menu(&mut harness, "Goals…");
    assert!(harness.state().open_windows().goals);
    harness.get_by_label("arrivers.arrived >= 0");
    harness.get_by_label("pass");
    // Undo takes the goal away again.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert!(harness.state().scene().goals.is_none());
}

#[test]
fn the_tune_window_runs_in_the_background_and_apply_pins_the_scene_before() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/arrive_goals.ron");
    let scene = steerlab::scene::load(&path).expect("the example");
    let before = scene.clone();
    let mut harness = paused_harness(EditorApp::new(scene, None, "test"));
    compare_menu(&mut harness, "Tune…");
    assert!(harness.state().open_windows().tune);
    // The fields come from the file's tune list.
    let setup = harness.state().tune().setup.clone();
    assert_eq!(setup.ranges.len(), 3);
    let small = TuneSetup {
        budget: 40,
        ..setup
    };
    common::ui::act(
        &mut harness,
        Action::Goals(GoalAction::SetTune(Box::new(small))),
    );
    harness.run_steps(2);
    harness.get_by_label("Run").click();
    harness.run_steps(1);
    assert!(
        harness.state().tune().running(),
        "it runs in the background"
    );
    let (done, budget) = harness.state().tune().progress().expect("progress");
    assert!(done <= budget && budget == 40);
    harness.state_mut().wait_for_tune();
    harness.run_steps(3);
    let (_, report) = harness.state().tune().result.as_ref().expect("a result");
    assert!(report.evaluations >= 40);
    // The plot's history: evaluations grow and the best score never gets worse.
    let history = harness.state().tune().history();
    assert!(history.len() >= 2);
    assert!(
        history
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[1].1 <= w[0].1)
    );
    let best = report.best.values.clone();
    let undo = harness.state().undo_position();
    // The candidates are under the plot: scroll the window to the best one's Apply.
    harness
        .get_all_by_label("Apply")
        .next()
        .expect("Apply")
        .scroll_to_me();
    harness.run_steps(3);
    harness
        .get_all_by_label("Apply")
        .next()
        .expect("Apply")
        .click();
    harness.run_steps(3);
    let scene = harness.state().scene().clone();
    assert_eq!(f64::from(scene.groups[0].mass), best[0]);
    assert_eq!(f64::from(scene.groups[0].max_speed), best[1]);
    assert_eq!(harness.state().undo_position(), undo + 1, "one undo step");
    let baseline = harness
        .state()
        .baseline()
        .expect("the scene before is pinned");
    assert_eq!(baseline.scene, before);
    assert_eq!(harness.state().world().tick(), 0, "both runs restarted");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().groups, before.groups);
}
