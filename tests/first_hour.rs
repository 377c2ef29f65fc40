//! A designer's first hour: state that follows the scene, windows that close with Esc, text
//! fields that keep their keys, the view that comes back after presenting or a crash, and the
//! "start here" of the first launch.

// The view comes back exactly: comparing its numbers exactly is the point.
#![allow(clippy::float_cmp)]

mod common;

use common::ui::{act, harness_stepping, paused_harness};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use steerlab::editor::persist::MemoryStorage;
use steerlab::editor::{Action, EditorApp, Pending};
use steerlab::scene::presets;
use steerlab::view::Overlay;

/// A harness on `app` in a 1024 × 640 window, after two frames.
fn small_harness(app: EditorApp) -> egui_kittest::Harness<'static, EditorApp> {
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1024.0, 640.0))
        .with_step_dt(0.25)
        .build_eframe(move |_cc| app);
    harness.run_steps(2);
    harness
}

/// Opening or creating a scene while a baseline is pinned asks whether to keep comparing with
/// it: Enter keeps it (both runs from their seeds), Unpin drops it and says so.
#[test]
fn opening_or_creating_a_scene_offers_to_keep_the_baseline() {
    for (pending, keep) in [
        (
            Pending::Preset(presets::find("seek.ron").expect("preset")),
            true,
        ),
        (Pending::New, false),
    ] {
        let mut harness = paused_harness(EditorApp::with_default_scene());
        act(&mut harness, Action::PinBaseline);
        harness.run_steps(2);
        let label = harness.state().baseline().expect("pinned").label.clone();
        act(&mut harness, Action::Request(pending.clone()));
        harness.run_steps(3);
        assert_eq!(
            harness.state().keep_baseline_asked(),
            Some(label.as_str()),
            "{pending:?}"
        );
        harness.get_by_label("Keep the baseline?");
        if keep {
            harness.key_press(egui::Key::Enter);
        } else {
            harness.get_by_label("Unpin").click();
        }
        harness.run_steps(2);
        assert_eq!(harness.state().keep_baseline_asked(), None);
        assert_eq!(harness.state().baseline().is_some(), keep, "{pending:?}");
        let status = harness.state().status().to_owned();
        assert!(
            status.contains(if keep { "Baseline kept" } else { "unpinned" }),
            "{pending:?}: {status}"
        );
        if keep {
            // The baseline runs from its seed beside the scene opened, tick for tick.
            let tick = harness.state().world().tick();
            let baseline = harness.state().baseline().expect("kept");
            assert_eq!(baseline.world.tick(), tick);
            assert_eq!(baseline.scene.name, "Boids");
        }
    }
    // Unpin says what it did: the status no longer speaks of a pinned baseline.
    let mut harness = paused_harness(EditorApp::with_default_scene());
    act(&mut harness, Action::PinBaseline);
    harness.run_steps(2);
    assert!(harness.state().status().contains("pinned at tick"));
    act(&mut harness, Action::Unpin);
    harness.run_steps(2);
    assert!(harness.state().status().starts_with("Baseline unpinned"));
}

/// Another scene as the baseline: a preset pinned from the Compare menu runs beside the scene
/// from its seed, and Metrics compares the two.
#[test]
fn a_preset_pins_as_the_baseline_of_another_scene() {
    let mut harness = paused_harness(EditorApp::new(
        steerlab::scene::from_str(common::preset_text("rooms_orca.ron"), "rooms_orca.ron")
            .expect("preset")
            .into_scene(),
        None,
        "test",
    ));
    act(
        &mut harness,
        Action::PinPreset(presets::find("rooms_steer.ron").expect("preset")),
    );
    harness.run_steps(2);
    let baseline = harness.state().baseline().expect("pinned");
    assert_eq!(baseline.label, "rooms_steer.ron");
    assert_eq!(
        baseline.scene.name,
        "Two rooms, one door: steering avoidance"
    );
    assert_eq!(baseline.world.tick(), harness.state().world().tick());
    assert_eq!(harness.state().scene().name, "Two rooms, one door: ORCA");
    assert!(harness.state().status().contains("rooms_steer.ron"));
}

#[test]
fn esc_closes_the_windows_one_by_one() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    act(&mut harness, Action::ShowHelp);
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Metrics),
    );
    harness.run_steps(2);
    assert!(harness.state().open_windows().help && harness.state().open_windows().metrics);
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    assert!(!harness.state().open_windows().help);
    assert!(harness.state().open_windows().metrics);
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    assert!(!harness.state().open_windows().metrics);
}

#[test]
fn the_path_field_has_the_keys_as_it_opens() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let tick = harness.state().world().tick();
    act(&mut harness, Action::Request(Pending::OpenPathField));
    harness.run_steps(2);
    // Space would play, R restart, a period step: here they are text.
    for key in [Key::Space, Key::R, Key::Period] {
        harness.key_press(key);
        harness.run_steps(1);
    }
    // The path field is the text field that has the keyboard (the scene's name and
    // description are text fields too).
    let field = |harness: &egui_kittest::Harness<'_, EditorApp>| {
        harness
            .query_all_by_role(Role::TextInput)
            .find(egui_kittest::Node::is_focused)
            .map(|n| n.accesskit_node().value().unwrap_or_default())
    };
    harness
        .query_all_by_role(Role::TextInput)
        .find(egui_kittest::Node::is_focused)
        .expect("the path field")
        .type_text("presets/r .ron");
    harness.run_steps(2);
    assert!(!harness.state().is_playing(), "Space went to the field");
    assert_eq!(harness.state().world().tick(), tick, "no step, no restart");
    let typed = field(&harness).expect("the path field");
    // (The field keeps every key it was given.)
    assert!(typed.ends_with("presets/r .ron"), "{typed:?}");
    // Esc closes it, and the keys are the editor's again.
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    assert!(field(&harness).is_none());
    harness.key_press(Key::Period);
    harness.run_steps(2);
    assert_eq!(harness.state().world().tick(), tick + 1);
}

#[test]
fn leaving_presentation_gives_the_zoom_back() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    // Zoom in on the canvas with the wheel.
    let centre = harness
        .state()
        .screen_from_world(glam::Vec2::new(700.0, 450.0))
        .expect("on screen");
    let fitted = harness.state().canvas_view().pixels_per_unit;
    harness.hover_at(centre);
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, 3.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
    });
    harness.run_steps(2);
    let zoomed = harness.state().canvas_view().pixels_per_unit;
    assert!(
        zoomed > fitted * 1.05,
        "the wheel zoomed in: {fitted} → {zoomed}"
    );
    act(&mut harness, Action::TogglePresent);
    harness.run_steps(3);
    assert!(harness.state().is_presenting());
    harness.key_press(Key::Escape);
    harness.run_steps(3);
    assert!(!harness.state().is_presenting());
    assert_eq!(harness.state().canvas_view().pixels_per_unit, zoomed);
}

#[test]
fn a_restored_session_is_looked_at_as_it_was() {
    // A session that changed its overlays, selected an agent and was killed with unsaved work.
    let mut storage = MemoryStorage::default();
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let mut overlays = harness.state().overlays().clone();
    let grid_was = overlays.shown.contains(Overlay::Grid);
    overlays.shown.set(Overlay::Grid, !grid_was);
    act(
        &mut harness,
        Action::SetOverlays(Box::new(overlays.clone())),
    );
    act(&mut harness, Action::Select(Some(3)));
    let mut scene = harness.state().scene().clone();
    scene.groups[0].max_speed = 61.0;
    act(&mut harness, Action::Edit(Box::new(scene)));
    harness.run_steps(2);
    let view = harness.state().canvas_view().clone();
    harness.state_mut().store(&mut storage);

    let mut app = EditorApp::with_default_scene();
    app.load_storage(&storage);
    let mut harness = paused_harness(app);
    harness.get_by_label("Restore").click();
    harness.run_steps(2);
    assert_eq!(harness.state().overlays().shown, overlays.shown);
    assert_eq!(harness.state().selected(), Some(3));
    assert_eq!(
        harness.state().canvas_view().pixels_per_unit,
        view.pixels_per_unit
    );
    assert_eq!(
        harness.state().canvas_view().center_world,
        view.center_world
    );
}

#[test]
fn the_first_launch_says_where_to_start_and_later_ones_do_not() {
    let mut app = EditorApp::with_default_scene();
    app.load_storage(&MemoryStorage::default());
    let mut harness = harness_stepping(app, 0.25);
    assert!(harness.state().open_windows().start);
    harness.get_by_label("Start here");
    // The scene plays, but waits behind the window: it starts once the window is read.
    assert!(harness.state().is_playing());
    harness.run_steps(8);
    assert_eq!(harness.state().world().tick(), 0);
    harness.get_by_label("Got it").click();
    harness.run_steps(2);
    assert!(!harness.state().open_windows().start);
    assert!(harness.state().world().tick() > 0);
    // Its preferences are stored on the way out: the next launch starts straight away.
    let mut storage = MemoryStorage::default();
    harness.state_mut().store(&mut storage);
    let mut next = EditorApp::with_default_scene();
    next.load_storage(&storage);
    assert!(!next.open_windows().start);
}

#[test]
fn a_small_window_keeps_half_its_width_for_the_canvas() {
    for preset in ["boids.ron", "hunter_and_prey.ron", "path_patrol.ron"] {
        let scene = common::preset_scene(preset);
        let mut harness = small_harness(EditorApp::new(scene, None, "test"));
        harness.run_steps(2);
        let canvas = harness.state().canvas_rect().expect("drawn");
        // Nothing spills out of the window (a row too wide for its panel would push the
        // panel, and the canvas beside it, out of place).
        for n in harness.query_all(egui_kittest::kittest::by()) {
            if let Some(b) = n.accesskit_node().bounding_box() {
                assert!(
                    b.x1 <= 1024.5,
                    "{preset}: {:?} ends at x = {}",
                    n.accesskit_node().label(),
                    b.x1
                );
            }
        }
        assert!(
            canvas.width() >= 512.0,
            "{preset}: the canvas is {canvas:?}"
        );
        assert!(
            canvas.right() <= 1024.0 - 160.0,
            "{preset}: the legend keeps its room"
        );
    }
}

#[test]
fn an_edit_the_world_refuses_says_why_beside_the_field_and_where_the_click_was() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    let mut draft = harness.state().scene().clone();
    draft.groups[0].mass = -1.0;
    act(&mut harness, Action::Edit(Box::new(draft)));
    harness.run_steps(2);
    assert_eq!(
        harness.state().scene().groups[0].mass,
        1.0,
        "nothing changed"
    );
    // Beside the pointer, and at the top of the group's section, in the designer's words.
    let name = harness.state().scene().groups[0].name.clone();
    let said = harness
        .query_all_by_label_contains(&format!("{name} › mass: must be > 0, got -1"))
        .count();
    assert_eq!(said, 2, "the toast and the group's list");
    // And marked on the field's own row.
    harness.get_by_label("not applied: groups[0].mass");
}

#[test]
fn a_wall_no_group_avoids_says_so_on_the_canvas() {
    use steerlab::view::CanvasAction;
    let mut harness = paused_harness(EditorApp::new(
        common::preset_scene("seek.ron"),
        None,
        "test",
    ));
    assert!(
        harness
            .state()
            .scene()
            .groups
            .iter()
            .all(|g| !g.uses(steerlab::sim::BehaviorKind::AvoidWalls))
    );
    act(
        &mut harness,
        Action::Canvas(CanvasAction::AddWall(
            glam::Vec2::new(100.0, 100.0),
            glam::Vec2::new(300.0, 100.0),
        )),
    );
    harness.run_steps(2);
    assert_eq!(harness.state().scene().walls.len(), 1);
    harness.get_by_label_contains("No group avoids walls");
}

#[test]
fn a_behavior_that_brings_a_path_says_so() {
    let mut scene = common::preset_scene("seek.ron");
    scene.paths.clear();
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1440.0, 1600.0))
        .with_step_dt(0.25)
        .build_eframe(move |_cc| EditorApp::new(scene, None, "test"));
    harness.run_steps(2);
    harness.get_by_label("Add behavior…").click();
    harness.run_steps(2);
    let prefix = "follow_path — ";
    harness
        .query_all_by_label_contains(prefix)
        .next()
        .expect("follow_path in the menu")
        .click();
    harness.run_steps(3);
    assert_eq!(harness.state().scene().paths.len(), 1);
    harness.get_by_label_contains("follows a new path");
}

/// Each behavior that acts on scenery, added to a scene that has none of it, says so where
/// the designer clicked and in its block, with the tool that makes it: the walls tool for
/// `avoid_walls`, a new obstacle for `avoid_obstacles` (which then has one to avoid).
#[test]
fn a_behavior_added_without_the_scenery_it_needs_says_so_and_offers_the_tool() {
    let mut scene = common::preset_scene("seek.ron");
    scene.walls.clear();
    scene.obstacles.clear();
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1440.0, 1600.0))
        .with_step_dt(0.25)
        .build_eframe(move |_cc| EditorApp::new(scene, None, "test"));
    harness.run_steps(2);
    let add = |harness: &mut egui_kittest::Harness<'_, EditorApp>, key: &str| {
        harness.get_by_label("Add behavior…").click();
        harness.run_steps(2);
        harness
            .query_all_by_label_contains(&format!("{key} — "))
            .next()
            .expect("in the menu")
            .click();
        harness.run_steps(3);
    };
    add(&mut harness, "avoid_walls");
    let said = steerlab::scene::lack_message("avoid_walls", steerlab::sim::Scenery::Walls);
    // Said twice: beside the pointer, and in the block.
    assert_eq!(harness.query_all_by_label(&said).count(), 2);
    harness.get_by_label("Walls tool").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().tools().tool,
        steerlab::view::CanvasTool::Walls
    );
    add(&mut harness, "avoid_obstacles");
    let said = steerlab::scene::lack_message("avoid_obstacles", steerlab::sim::Scenery::Obstacles);
    assert_eq!(harness.query_all_by_label(&said).count(), 2);
    let undo = harness.state().undo_position();
    harness
        .query_all_by_label("+ obstacle")
        .next()
        .expect("the block's offer")
        .click();
    harness.run_steps(3);
    assert_eq!(harness.state().scene().obstacles.len(), 1);
    assert_eq!(harness.state().undo_position(), undo + 1, "one undo step");
    assert_eq!(
        harness.query_all_by_label(&said).count(),
        1,
        "said no more in the block (the note beside the pointer fades)"
    );
}

#[test]
fn a_scene_sets_the_length_of_its_arrows() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    assert_eq!(harness.state().overlays().force_scale, 0.25);
    act(
        &mut harness,
        Action::Request(Pending::Preset(
            presets::find("hunter_and_prey.ron").expect("preset"),
        )),
    );
    harness.run_steps(2);
    assert_eq!(harness.state().overlays().force_scale, 0.6);
    // A scene that sets no scale opens with the defaults, not the scales of the one before.
    act(
        &mut harness,
        Action::Request(Pending::Preset(presets::find("seek.ron").expect("preset"))),
    );
    harness.run_steps(2);
    let defaults = steerlab::view::Overlays::default();
    assert_eq!(harness.state().overlays().force_scale, defaults.force_scale);
    assert_eq!(
        harness.state().overlays().velocity_scale_secs,
        defaults.velocity_scale_secs
    );
    // Out of the slider's range: refused where the file says it.
    let text =
        common::preset_text("hunter_and_prey.ron").replace("force_scale: 0.6", "force_scale: 9.0");
    let errors = steerlab::scene::from_str(&text, "h.ron").expect_err("refused");
    assert!(
        errors
            .to_string()
            .contains("view.force_scale: must be from 0.005 to 5, got 9"),
        "{errors}"
    );
}

/// What an action said on the status line ("Undo: …") clears after ten seconds.
#[test]
fn the_status_line_clears_after_a_while() {
    let mut harness = paused_harness(EditorApp::with_default_scene());
    act(&mut harness, Action::PinBaseline);
    harness.run_steps(2);
    assert!(
        harness.state().status().starts_with("Baseline"),
        "{}",
        harness.state().status()
    );
    // Frames a quarter second apart: 9.5 s on, still there; past 10 s, gone.
    harness.run_steps(38);
    assert!(!harness.state().status().is_empty());
    harness.run_steps(4);
    assert_eq!(harness.state().status(), "");
}

/// After a restart (as Apply in Tune does), a metric this run has no value for yet shows the
/// last run's, marked so, rather than leaving the table.
#[test]
fn after_a_restart_a_metric_without_a_value_yet_shows_the_last_runs() {
    let scene = common::preset_scene("arrive_slowing.ron");
    let mut harness = paused_harness(EditorApp::new(scene, None, "test"));
    for _ in 0..900 {
        act(&mut harness, Action::Step);
    }
    common::ui::compare_menu(&mut harness, "Metrics…");
    let last = harness
        .state()
        .metrics()
        .get("arrivers.time_to_arrive")
        .expect("every arriver arrived in 15 s");
    act(&mut harness, Action::Restart);
    harness.run_steps(3);
    assert!(
        harness
            .state()
            .metrics()
            .get("arrivers.time_to_arrive")
            .is_none()
    );
    let shown = format!(
        "{} (last run)",
        steerlab::sim::metrics::metric_text("time_to_arrive", last)
    );
    assert!(
        harness.query_all_by_label(&shown).next().is_some(),
        "{shown}"
    );
}

/// A group's Defaults… says what going back to the generic defaults changes before it does;
/// Cancel changes nothing, Reset to defaults does it in one undo step.
#[test]
fn defaults_shows_what_it_changes_before_it_does() {
    use egui_kittest::kittest::Queryable as _;
    let scene = common::preset_scene("boids.ron");
    let tuned = scene.groups[0].clone();
    let mut harness = paused_harness(EditorApp::new(scene, None, "test"));
    harness.get_by_label("Defaults…").click();
    harness.run_steps(2);
    harness.get_by_label_contains("to steerlab's generic defaults changes");
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert_eq!(harness.state().scene().groups[0], tuned);
    let undo = harness.state().undo_position();
    harness.get_by_label("Defaults…").click();
    harness.run_steps(2);
    harness.get_by_label("Reset to defaults").click();
    harness.run_steps(3);
    let reset = harness.state().scene().groups[0].clone();
    assert_ne!(reset, tuned);
    assert_eq!(
        reset.max_speed,
        steerlab::sim::Group::new("x", 1, tuned.spawn.clone()).max_speed
    );
    assert_eq!(harness.state().undo_position(), undo + 1, "one undo step");
}

/// The scene's name and description are typed in place at the top of the inspector; one
/// undo step takes the typing back.
#[test]
fn the_scenes_name_and_description_are_edited_in_place() {
    use egui_kittest::kittest::Queryable as _;
    let mut harness = paused_harness(EditorApp::new(
        common::preset_scene("seek.ron"),
        None,
        "test",
    ));
    let undo = harness.state().undo_position();
    let name = harness.state().scene().name.clone();
    harness
        .query_all_by_value(&name)
        .next()
        .expect("the name")
        .click();
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.event(egui::Event::Text("Seekers, tuned".to_owned()));
    harness.run_steps(2);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    assert_eq!(harness.state().scene().name, "Seekers, tuned");
    assert_eq!(harness.state().undo_position(), undo + 1, "one undo step");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().name, name);
}

/// A phone's screen (390 × 844): the panels start closed, so that the canvas has the width; a
/// strip says that editing wants a larger screen and opens either panel; "Start here" fits the
/// screen; Present shows a button to leave it once the pointer (or a finger) moves.
#[test]
fn a_phone_screen_gets_the_canvas_fitting_windows_and_a_way_out_of_present() {
    let mut app = EditorApp::with_default_scene();
    app.load_storage(&MemoryStorage::default());
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(390.0, 844.0))
        .with_step_dt(0.25)
        .build_eframe(move |_cc| app);
    harness.run_steps(3);
    let wide = harness.state().canvas_rect().expect("drawn").width();
    assert!(wide > 350.0, "the canvas is {wide} points wide");
    harness.get_by_label_contains("Editing wants a larger screen");
    // "Start here" within the screen.
    let start = harness.get_by_label("Got it").rect();
    assert!(start.max.x <= 390.0, "{start:?}");
    harness.get_by_label("Got it").click();
    harness.run_steps(3);
    harness.get_by_label("Scene").click();
    harness.run_steps(4);
    let narrow = harness.state().canvas_rect().expect("drawn").width();
    assert!(
        narrow < 100.0,
        "with the inspector open the canvas is {narrow} points wide"
    );
    harness.get_by_label("Scene").click();
    harness.run_steps(4);
    let again = harness.state().canvas_rect().expect("drawn").width();
    assert!(
        again > 350.0,
        "closed again, the canvas is {again} points wide"
    );

    act(&mut harness, Action::TogglePresent);
    // Two seconds with the pointer still (steps of 0.25 s): the scene alone.
    harness.run_steps(10);
    assert!(harness.state().is_presenting());
    assert!(harness.query_by_label("Leave presentation").is_none());
    harness.hover_at(egui::pos2(200.0, 400.0));
    harness.run_steps(2);
    harness.get_by_label("Leave presentation").click();
    harness.run_steps(2);
    assert!(!harness.state().is_presenting());
}

/// At 1024 × 640 and larger the panels are open, and the strip is not there.
#[test]
fn a_large_screen_opens_both_panels_without_the_strip() {
    let mut harness = small_harness(EditorApp::with_default_scene());
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("Editing wants a larger screen")
            .is_none()
    );
    harness.get_by_label("Behaviors, in priority order");
    let canvas = harness.state().canvas_rect().expect("drawn");
    assert!(canvas.width() < 1024.0 * 0.6, "{canvas:?}");
}

/// At 800 × 600 the middle stops where the Overlays panel starts: its sliders put their names
/// under them rather than widen the panel, which egui then reserved at the canvas's expense
/// and the canvas drew over.
#[test]
fn at_800_by_600_the_canvas_leaves_the_overlays_panel_whole() {
    let mut harness = egui_kittest::Harness::builder()
        .with_size(egui::vec2(800.0, 600.0))
        .with_step_dt(0.25)
        .build_eframe(move |_cc| EditorApp::with_default_scene());
    harness.run_steps(4);
    let canvas = harness.state().canvas_rect().expect("drawn");
    let velocity = harness.get_by_label("Velocity").rect();
    assert!(
        canvas.max.x <= velocity.min.x,
        "the canvas {canvas:?} reaches over the Overlays panel's {velocity:?}"
    );
    assert!(velocity.max.x <= 800.0, "{velocity:?}");
}

/// The neighbour cap shows in the inspector of a group it bounds (a flock), not of a group it
/// does not: a seeker, or a crowd under ORCA, which keeps its own count (`orca.neighbors`).
#[test]
fn the_neighbour_cap_shows_for_the_groups_it_bounds() {
    for (preset, shown) in [
        ("orca_circle.ron", false),
        ("boids.ron", true),
        ("seek.ron", false),
    ] {
        let scene = common::preset_scene(preset);
        // Tall enough for the whole inspector.
        let mut harness = egui_kittest::Harness::builder()
            .with_size(egui::vec2(1440.0, 2000.0))
            .with_step_dt(0.25)
            .build_eframe(move |_cc| EditorApp::new(scene, None, "test"));
        harness.run_steps(3);
        assert_eq!(
            !harness
                .query_all_by_label("max neighbours")
                .collect::<Vec<_>>()
                .is_empty(),
            shown,
            "{preset}"
        );
    }
}
