//! The editor, driven through its real UI with `egui_kittest` (no window, no GPU).
#![cfg(feature = "editor")]
// Exact values typed into the UI are the point of these tests.
#![allow(clippy::float_cmp)]

mod common;

use common::ui::{click_on_canvas, drag_on_canvas, harness, pause};
use std::path::Path;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use steerlab::editor::{Action, EditorApp};
use steerlab::sim::BehaviorKind;
use steerlab::view::Overlay;
use steerlab::view::{Overlays, Scope};

/// Number of opaque vertices of exactly `color` in the meshes the last frame painted.
fn vertices_in(harness: &Harness<'_, EditorApp>, color: egui::Color32) -> usize {
    harness
        .output()
        .shapes
        .iter()
        .map(|s| match &s.shape {
            egui::Shape::Mesh(mesh) => mesh.vertices.iter().filter(|v| v.color == color).count(),
            _ => 0,
        })
        .sum()
}

/// Opaque vertices of one 1.5-point arrow: four along the shaft's core, three in the head.
const ARROW_VERTICES: usize = 7;

#[test]
fn a_typed_value_changes_the_world_parameter() {
    let mut harness = harness();
    pause(&mut harness);
    assert_eq!(harness.state().world().spec().groups[0].max_speed, 140.0);
    harness
        .get_by_role_and_label(Role::SpinButton, "max_speed")
        .set_value_accesskit(77.5);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().groups[0].max_speed, 77.5);
    assert_eq!(harness.state().world().spec().groups[0].max_speed, 77.5);
    // The next tick already runs with it: no agent of the group is faster.
    harness.key_press(egui::Key::Period);
    harness.run_steps(1);
    let world = harness.state().world();
    for agent in world.agents().iter().filter(|a| a.group == 0) {
        assert!(agent.velocity.length() <= 77.5 * (1.0 + 1e-6));
    }
}

#[test]
fn an_overlay_toggle_changes_what_is_painted() {
    let mut harness = harness();
    pause(&mut harness);
    let overlays = Overlays {
        scope: Scope::All,
        ..Overlays::default()
    };
    common::ui::act(&mut harness, Action::SetOverlays(Box::new(overlays)));
    harness.run_steps(2);
    let velocity = steerlab::view::palette::VELOCITY;
    // One arrow per agent.
    let agents = harness.state().world().agents().len();
    assert!(agents > 0);
    assert_eq!(vertices_in(&harness, velocity), ARROW_VERTICES * agents);
    harness.get_by_label("Velocity").click();
    harness.run_steps(2);
    assert!(!harness.state().overlays().shows(Overlay::Velocity));
    assert_eq!(vertices_in(&harness, velocity), 0);
    // Back on, for the selected agent only: one arrow.
    harness.get_by_label("Velocity").click();
    harness.get_by_label("selected").click();
    harness.run_steps(2);
    assert_eq!(
        vertices_in(&harness, velocity),
        0,
        "nothing is selected yet"
    );
    let first = harness.state().world().agents()[0].id;
    common::ui::act(&mut harness, Action::Select(Some(first)));
    harness.run_steps(2);
    assert_eq!(vertices_in(&harness, velocity), ARROW_VERTICES);
}

#[test]
fn pause_then_step_advances_exactly_one_tick() {
    let mut harness = harness();
    pause(&mut harness);
    let tick = harness.state().world().tick();
    harness.run_steps(5);
    assert_eq!(
        harness.state().world().tick(),
        tick,
        "paused: time does not advance"
    );
    harness.key_press(egui::Key::Period);
    harness.run_steps(3);
    assert_eq!(harness.state().world().tick(), tick + 1);
    harness.get_by_label("Step").click();
    harness.run_steps(3);
    assert_eq!(harness.state().world().tick(), tick + 2);
    harness.key_press(egui::Key::ArrowRight);
    harness.run_steps(3);
    assert_eq!(harness.state().world().tick(), tick + 3);
}

fn open_through_the_path_field(harness: &mut Harness<'_, EditorApp>, path: &Path) {
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Open path…").click();
    harness.run_steps(2);
    let field = harness.get_by_role_and_label(Role::TextInput, "Path of the .ron file:");
    field.focus();
    field.type_text(path.to_str().expect("utf-8"));
    harness.run_steps(1);
    harness.get_by_label("Open").click();
    harness.run_steps(3);
}

#[test]
fn opening_a_good_file_replaces_the_scene() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("mine.ron");
    std::fs::write(&path, common::preset_text("pursuit.ron")).expect("write");
    let mut harness = harness();
    pause(&mut harness);
    assert_eq!(harness.state().scene().name, "Boids");
    open_through_the_path_field(&mut harness, &path);
    assert_eq!(
        harness.state().scene().name,
        "Pursuit (constant T vs dynamic T)"
    );
    assert_eq!(harness.state().world().agents().len(), 4);
    assert!(harness.state().load_errors().is_empty());
    assert!(harness.state().title().contains("mine.ron"));
}

#[test]
fn opening_a_bad_file_shows_an_error_and_keeps_the_scene() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("broken.ron");
    let text =
        common::preset_text("seek.ron").replacen("circle_radius: 40.0", "circle_radus: 40.0", 1);
    std::fs::write(&path, text).expect("write");
    let mut harness = harness();
    pause(&mut harness);
    let before = harness.state().scene().clone();
    let agents_before = harness.state().world().agents().to_vec();
    open_through_the_path_field(&mut harness, &path);
    let errors = harness.state().load_errors();
    assert_eq!(errors.len(), 1);
    assert!(errors[0].contains("broken.ron:32:17:"), "{}", errors[0]);
    assert!(
        errors[0].contains("did you mean `circle_radius`?"),
        "{}",
        errors[0]
    );
    harness.get_by_label("Could not load");
    assert_eq!(harness.state().scene(), &before);
    assert_eq!(harness.state().world().agents(), agents_before.as_slice());
}

#[test]
fn canvas_clicks_place_the_target_and_add_agents() {
    let mut harness = harness();
    pause(&mut harness);
    // An empty spot of the boids world (1400 x 900).
    let spot = glam::Vec2::new(300.0, 800.0);
    click_on_canvas(&mut harness, spot, egui::Modifiers::NONE);
    let click = harness.state().world().click();
    assert!(click.distance(spot) < 2.0, "click target at {click}");
    assert_eq!(harness.state().scene().click_target, Some(click));

    let before = harness.state().world().agents().len();
    click_on_canvas(
        &mut harness,
        glam::Vec2::new(500.0, 800.0),
        egui::Modifiers::SHIFT,
    );
    let world = harness.state().world();
    assert_eq!(world.agents().len(), before + 1);
    let added = world.agents().last().expect("an agent");
    assert!(added.position.distance(glam::Vec2::new(500.0, 800.0)) < 2.0);
    assert_eq!(
        harness.state().selected(),
        Some(added.id),
        "the new agent is selected"
    );

    // Delete removes the selected agent.
    harness.key_press(egui::Key::Delete);
    harness.run_steps(2);
    assert_eq!(harness.state().world().agents().len(), before);
    assert_eq!(harness.state().selected(), None);
}

#[test]
fn obstacles_and_the_click_target_can_be_dragged() {
    let mut harness = harness();
    pause(&mut harness);
    let obstacle = harness.state().scene().obstacles[1].center;
    let to = obstacle + glam::Vec2::new(0.0, 120.0);
    drag_on_canvas(&mut harness, obstacle, to, 10);
    let moved = harness.state().scene().obstacles[1].center;
    assert!(moved.distance(to) < 2.0, "obstacle at {moved}, wanted {to}");
    assert_eq!(harness.state().world().spec().obstacles[1].center, moved);

    let click = harness.state().world().click();
    let to = click + glam::Vec2::new(-200.0, 100.0);
    drag_on_canvas(&mut harness, click, to, 10);
    let now = harness.state().world().click();
    assert!(
        now.distance(to) < 2.0,
        "click target at {now}, was {click}, wanted {to}"
    );
}

#[test]
fn presentation_mode_shows_only_the_canvas_until_escape() {
    let mut harness = harness();
    pause(&mut harness);
    harness.get_by_label("Present").click();
    harness.run_steps(2);
    assert!(harness.state().is_presenting());
    assert!(
        harness
            .query_by_role_and_label(Role::SpinButton, "max_speed")
            .is_none(),
        "no inspector"
    );
    assert!(harness.query_by_label("Present").is_none(), "no toolbar");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(!harness.state().is_presenting());
    harness.get_by_role_and_label(Role::SpinButton, "max_speed");
    harness.key_press(egui::Key::F11);
    harness.run_steps(2);
    assert!(harness.state().is_presenting());
}

/// The PNG files in `dir` whose names contain `word`, with their sizes.
fn pngs(dir: &Path, word: &str) -> Vec<(String, (u32, u32))> {
    let mut found: Vec<(String, (u32, u32))> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| {
            let png = Path::new(name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("png"));
            png && name.contains(word)
        })
        .map(|name| {
            let size = image::image_dimensions(dir.join(&name)).expect("a PNG");
            (name, size)
        })
        .collect();
    found.sort();
    found
}

#[test]
fn the_capture_window_takes_screenshots_and_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut harness = harness();
    pause(&mut harness);
    let mut settings = harness.state().capture_settings().clone();
    settings.folder = dir.path().to_owned();
    common::ui::act(
        &mut harness,
        Action::SetCaptureSettings(Box::new(settings.clone())),
    );
    harness.get_by_label("Capture…").click();
    harness.run_steps(2);
    harness.get_by_label("150 frames of simulation time");

    // "Canvas" writes the canvas alone: the window minus the panels around it.
    harness.get_by_label("Canvas").click();
    harness.run_steps(4);
    let tick = harness.state().world().tick();
    let canvas = pngs(dir.path(), "-canvas-");
    assert_eq!(canvas.len(), 1, "{canvas:?}");
    assert_eq!(canvas[0].0, format!("boids-canvas-tick{tick}.png"));
    let (w, h) = canvas[0].1;
    assert!(w > 600 && w < 1440 && h > 400 && h < 900, "canvas {w}x{h}");
    assert!(harness.state().status().contains("boids-canvas-tick"));

    // "Whole window" writes the window as it is.
    harness.get_by_label("Whole window").click();
    harness.run_steps(4);
    let window = pngs(dir.path(), "-window-");
    assert_eq!(window.len(), 1, "{window:?}");
    assert_eq!(window[0].1, (1440, 900));

    // "Record" starts a take of the chosen length into the folder.
    settings.seconds = 0.2;
    common::ui::act(&mut harness, Action::SetCaptureSettings(Box::new(settings)));
    harness.run_steps(1);
    // Record comes first in the window, where a docked pane shows it without scrolling.
    harness.get_by_label("Record").click();
    harness.run_steps(1);
    assert_eq!(harness.state().recording_progress().map(|p| p.1), Some(6));
    assert_eq!(
        harness.state_mut().finish_recording(),
        Some(Ok(6)),
        "six frames at 30 fps"
    );
    let gif = dir.path().join("boids.gif");
    let frames = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(
        std::fs::File::open(&gif).expect("the take"),
    ))
    .map(|d| image::AnimationDecoder::into_frames(d).count())
    .expect("a GIF");
    assert_eq!(frames, 6);
}

#[test]
fn warnings_show_beside_their_fields() {
    let text = common::preset_text("arrive_slowing.ron").replacen(
        "SlowingRadius(150.0)",
        "SlowingRadius(0.0)",
        1,
    );
    let scene = steerlab::scene::from_str(&text, "a.ron").expect("valid, with a warning");
    let mut app = EditorApp::new(scene, None, "test");
    app.apply(&egui::Context::default(), Action::SetPlaying(false));
    let mut harness = common::ui::paused_harness(app);
    harness.get_by_label("warning: groups[0].arrive.mode");
    let list = harness
        .query_all_by_label_contains("slowing radius is 0")
        .count();
    assert_eq!(list, 1, "the group's warning list names it");
    // Fixing the value removes the marker.
    harness
        .get_by_role_and_label(Role::SpinButton, "slowing radius")
        .set_value_accesskit(50.0);
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label("warning: groups[0].arrive.mode")
            .is_none()
    );
}

#[test]
fn the_legend_lists_the_behaviors_the_scene_uses_and_the_rest_on_demand() {
    let scene = steerlab::scene::from_str(
        steerlab::scene::presets::DEFAULT.text,
        steerlab::scene::presets::DEFAULT.file,
    )
    .expect("valid")
    .into_scene();
    let used: Vec<BehaviorKind> = BehaviorKind::ALL
        .into_iter()
        .filter(|&k| scene.groups.iter().any(|g| g.has_block(k)))
        .collect();
    let mut app = EditorApp::new(scene, None, "test");
    app.apply(&egui::Context::default(), Action::SetPlaying(false));
    let mut harness = common::ui::paused_harness(app);
    let unused = BehaviorKind::Queue;
    assert!(!used.contains(&unused));
    let shown = |harness: &Harness<'_, EditorApp>, kind: BehaviorKind| {
        harness.query_all_by_label(kind.field_name()).count()
    };
    // Each used behavior once in the legend (and once more as its block's header if the
    // inspector shows its group); an unused one nowhere.
    for &kind in &used {
        assert!(shown(&harness, kind) >= 1, "{kind:?} in the legend");
    }
    assert_eq!(shown(&harness, unused), 0);
    harness
        .get_by_label(&format!(
            "show all ({} more)",
            BehaviorKind::COUNT - used.len()
        ))
        .click();
    harness.run_steps(2);
    assert_eq!(shown(&harness, unused), 1);
}

/// A scene too heavy for real time here: its first ticks each take longer than its tick. The
/// seek preset with 50,000 seekers on a tick of a millisecond is that on any machine.
#[test]
fn a_scene_too_heavy_for_real_time_opens_paused_says_so_and_offers_lower_counts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut scene = common::preset_scene("seek.ron");
    scene.dt = steerlab::sim::limits::MIN_DT_SECS;
    scene.groups[1].count = 50_000;
    let path = dir.path().join("crowd.ron");
    std::fs::write(&path, steerlab::scene::to_string(&scene)).expect("write");
    let mut harness = Harness::builder()
        .with_size(common::ui::SIZE)
        .with_step_dt(0.25)
        .build_eframe(move |_cc| steerlab::editor::app_for(Some(path)));
    harness.run_steps(2);
    // Paused after its two timed ticks, said over the canvas, and the overlays (for every
    // agent in the scene's view) narrowed to the selected agent.
    assert!(!harness.state().is_playing());
    assert_eq!(harness.state().world().tick(), 2);
    assert!(harness.state().heavy_notice_shown());
    harness.get_by_label_contains("Too heavy for real time here: a tick of its 50,001 agents");
    harness.get_by_label_contains("Overlays are drawn for the selected agent only.");
    assert_eq!(harness.state().overlays().scope, Scope::Selected);
    // Lower the counts: one undo step, the target kept.
    harness.get_by_label_contains("Lower the counts to").click();
    harness.run_steps(2);
    let lowered = harness.state().scene().groups[1].count;
    assert!((1..50_000).contains(&lowered), "{lowered}");
    assert_eq!(harness.state().scene().groups[0].count, 1);
    assert!(
        harness
            .state()
            .status()
            .starts_with("Lowered the counts to"),
        "{}",
        harness.state().status()
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().groups[1].count, 50_000);
    // Back at 50,000 agents: when it plays, it is timed again and pauses again.
    if !harness.state().heavy_notice_shown() {
        if !harness.state().is_playing() {
            harness.key_press(egui::Key::Space);
        }
        harness.run_steps(2);
    }
    assert!(!harness.state().is_playing());
    assert!(harness.state().heavy_notice_shown());
    // Played anyway, it runs on and is said no more, even after a restart.
    harness.get_by_label("Play anyway").click();
    harness.run_steps(2);
    assert!(harness.state().is_playing());
    assert!(!harness.state().heavy_notice_shown());
    harness.key_press(egui::Key::R);
    harness.run_steps(2);
    assert!(harness.state().is_playing());
    assert!(!harness.state().heavy_notice_shown());
}

/// Navigating agents whose target is inside a wall stand still: the editor says so over the
/// canvas and in the inspector's group, with why.
#[test]
fn agents_that_cannot_reach_their_target_are_said_where_the_designer_looks() {
    let text = common::preset_text("navigate_level.ron")
        .replacen("target: Opposite", "target: Click", 1)
        .replacen(
            "click_target: (880.0, 120.0)",
            "click_target: (320.0, 200.0)",
            1,
        );
    let scene = steerlab::scene::from_str(&text, "inside.ron")
        .expect("valid")
        .into_scene();
    let mut harness = common::ui::harness_stepping(EditorApp::new(scene, None, "test"), 0.1);
    harness.run_steps(5);
    let said = harness.get_all_by_label_contains(
        "20 of 20 navigating agents of \"walkers\" cannot reach their target and stand still: \
         the target is inside a wall",
    );
    assert_eq!(said.count(), 2, "over the canvas and in the inspector");
}

/// A level's edges are walls: the inspector of `rooms_steer` (whose walls are all its level's)
/// does not say that `avoid_walls` has no walls to steer away from.
#[test]
fn a_levels_edges_are_walls_to_the_inspector() {
    let scene = common::preset_scene("rooms_steer.ron");
    assert!(scene.walls.is_empty());
    let mut harness = common::ui::harness_stepping(EditorApp::new(scene, None, "test"), 0.25);
    harness.run_steps(2);
    assert!(
        harness.query_all_by_label("avoid_walls").next().is_some(),
        "its block is shown"
    );
    assert!(
        harness
            .query_by_label_contains("No walls in this scene")
            .is_none()
    );
    // A scene with no wall at all still says so.
    let mut scene = common::preset_scene("rooms_steer.ron");
    scene.level = steerlab::sim::Level::default();
    let mut harness = common::ui::harness_stepping(EditorApp::new(scene, None, "test"), 0.25);
    harness.run_steps(2);
    harness.get_by_label_contains("No walls in this scene");
}
