//! Goals and tuning in the editor, through the real UI with `egui_kittest`: a goal added from
//! a row of the metrics panel in one click, its live badge; a goal typed in the Goals window,
//! saved and checked on every seed (as `steerlab check` checks it); the Tune window saying at
//! once that goals already met leave nothing to tune, and running in the background, applying
//! a candidate as one undo step with the scene before pinned.
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
use steerlab::scene::Want;

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
    // The Goals window opens on it, in front of the metrics (its tab beside theirs), its
    // badge for the run on screen: it holds.
    assert!(harness.state().open_windows().goals);
    harness.run_steps(2);
    assert!(harness.query_by_label("compute every tick").is_none());
    harness.get_by_label("pass");
    // Its target has the keyboard; Enter leaves it as it is, and Undo takes the goal away.
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert!(harness.state().scene().goals.is_none());
}

#[test]
fn the_tune_window_runs_in_the_background_and_apply_pins_the_scene_before() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/arrive_goals.ron");
    let scene = steerlab::scene::load(&path).expect("the example");
    let before = scene.scene().clone();
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

/// Runs frames (a quarter second apart) until the goals' background check of the scene as it
/// is has finished.
fn until_checked(harness: &mut egui_kittest::Harness<'_, EditorApp>) {
    for _ in 0..40 {
        harness.run_steps(1);
        harness.state_mut().wait_for_goal_check();
        let scene = harness.state().scene().clone();
        if harness.state().goal_check().outcomes(&scene).is_some() {
            harness.run_steps(2);
            return;
        }
    }
    panic!("the goals were not checked");
}

#[test]
fn a_goal_typed_in_the_goals_window_is_saved_and_checked_on_every_seed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("arrive.ron");
    std::fs::write(&path, common::preset_text("arrive_slowing.ron")).expect("write");
    let scene = steerlab::scene::load(&path).expect("the preset");
    let mut harness = paused_harness(EditorApp::new(scene, Some(path.clone()), "test"));
    compare_menu(&mut harness, "Goals…");
    step_ticks(&mut harness, 5);
    let undo = harness.state().undo_position();
    harness.get_by_label("+ goal").click();
    harness.run_steps(3);
    let goal = harness.state().scene().goals.clone().expect("goals").list[0].clone();
    assert_eq!(goal.group, "arrivers");
    assert_eq!(harness.state().undo_position(), undo + 1, "one undo step");
    // Its target has the keyboard: the designer types the number and presses Enter.
    harness.event(egui::Event::Text("0.8".to_owned()));
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(3);
    let typed = harness.state().scene().goals.clone().expect("goals").list[0].clone();
    assert_eq!(typed.metric, goal.metric);
    let target = match typed.want() {
        Some(Want::AtMost(v) | Want::AtLeast(v)) => v,
        other => panic!("a target, not {other:?}"),
    };
    assert_eq!(target, 0.8);
    // Each seed, the whole run: the badge the check gives, and the count of failing goals.
    until_checked(&mut harness);
    let scene = harness.state().scene().clone();
    let outcomes = harness
        .state()
        .goal_check()
        .outcomes(&scene)
        .expect("checked")
        .to_vec();
    assert_eq!(outcomes.len(), 1);
    assert_eq!(outcomes[0].seeds.len(), 1);
    // Saved, `steerlab check` reads the same goal and gives the same verdict.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run_steps(3);
    let out = common::run(&["check", path.to_str().expect("utf-8")]);
    let said = common::text(&out.stdout);
    let text = steerlab::scene::target_text(&typed);
    assert!(said.contains(&text), "{said}");
    let verdict = if outcomes[0].holds { "pass" } else { "fail" };
    let line = said.lines().find(|l| l.contains(&text)).expect("its line");
    assert!(
        line.trim_end().ends_with(verdict),
        "{line} (the editor says {verdict})"
    );
    assert_eq!(out.status.success(), outcomes[0].holds);
}

#[test]
fn tune_says_at_once_when_every_goal_already_holds() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs/examples/arrive_goals_tuned.ron");
    let scene = steerlab::scene::load(&path).expect("the example");
    let mut harness = paused_harness(EditorApp::new(scene, None, "test"));
    compare_menu(&mut harness, "Tune…");
    until_checked(&mut harness);
    harness.get_by_label("Every goal already holds on every seed: there is nothing to tune.");
    harness.get_by_label("Run").click();
    harness.run_steps(1);
    harness.state_mut().wait_for_tune();
    harness.run_steps(3);
    let (_, report) = harness.state().tune().result.as_ref().expect("a result");
    assert_eq!(report.evaluations, 1, "it stops at the first evaluation");
    harness.get_by_label(
        "Every goal already held on every seed: nothing to tune, the scene stays as it is.",
    );
}

#[test]
fn the_atlas_window_fills_as_the_command_does_and_a_click_takes_a_cell() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/arrive_goals.ron");
    let scene = steerlab::scene::load(&path).expect("the example");
    let before = scene.scene().clone();
    let mut harness = paused_harness(EditorApp::new(scene, None, "test"));
    compare_menu(&mut harness, "Atlas…");
    assert!(harness.state().open_windows().atlas);
    // The fields come from the file's tune list, the run length from its goals.
    let setup = &mut harness.state_mut().atlas_mut().setup;
    assert_eq!(setup.ranges.len(), 3);
    assert_eq!(setup.seconds, 15.0);
    setup.x = "overshoot".to_owned();
    setup.y = "time_to_arrive".to_owned();
    setup.cells = 4;
    setup.budget = 40;
    setup.seconds = 5.0;
    harness.run_steps(2);
    harness.get_by_label("Run").click();
    harness.run_steps(1);
    assert!(
        harness.state().atlas().running(),
        "it runs in the background"
    );
    harness.state_mut().wait_for_atlas();
    harness.run_steps(3);
    let atlas = harness
        .state()
        .atlas()
        .shown
        .as_ref()
        .expect("an atlas")
        .atlas
        .clone();
    assert_eq!(atlas.evaluations, 40);
    // The same atlas as `steerlab atlas` with the same options, byte for byte.
    let dir = tempfile::tempdir().expect("temp dir");
    let out = common::run(&[
        "atlas",
        path.to_str().expect("utf-8"),
        "--x",
        "overshoot",
        "--y",
        "time_to_arrive",
        "--cells",
        "4",
        "--budget",
        "40",
        "--seconds",
        "5",
        "--out",
        dir.path().to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let written = std::fs::read_to_string(dir.path().join("atlas.ron")).expect("atlas.ron");
    assert_eq!(atlas.to_ron().expect("text"), written);
    // A click takes the cell's values into the scene: one undo step.
    let e = atlas
        .cells
        .iter()
        .find(|e| e.values != atlas.cells[0].values || atlas.cells.len() == 1)
        .expect("a cell")
        .clone();
    let undo = harness.state().undo_position();
    let cell = format!("atlas cell x{} y{}", e.cell.0, e.cell.1);
    step_ticks(&mut harness, 5);
    assert!(harness.state().world().tick() >= 5);
    harness.get_by_label(&cell).scroll_to_me();
    harness.run_steps(3);
    harness.get_by_label(&cell).click();
    harness.run_steps(3);
    let now = harness.state().scene().clone();
    assert_eq!(f64::from(now.groups[0].mass), e.values[0]);
    assert_eq!(f64::from(now.groups[0].max_speed), e.values[1]);
    assert_eq!(harness.state().undo_position(), undo + 1, "one undo step");
    assert_eq!(
        harness.state().world().tick(),
        0,
        "the run restarted, to play the cell's variant from the start"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().groups, before.groups);
    // Right-click: pin it as the baseline.
    harness.get_by_label(&cell).scroll_to_me();
    harness.run_steps(3);
    harness.get_by_label(&cell).click_secondary();
    harness.run_steps(2);
    harness.get_by_label("Pin as the baseline").click();
    harness.run_steps(3);
    let baseline = harness.state().baseline().expect("pinned");
    assert_eq!(f64::from(baseline.scene.groups[0].mass), e.values[0]);
    assert_eq!(harness.state().scene().groups, before.groups);
}
