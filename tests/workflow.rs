//! The tuning workflow, driven through the real UI with `egui_kittest`: undo and redo, reset
//! and revert, unsaved-change markers and questions, autosave and restore, hot reload, and
//! group copy and paste.
#![cfg(feature = "editor")]
// Exact values typed into the UI are the point of these tests.
#![allow(clippy::float_cmp)]

mod common;

use std::path::Path;

use common::ui::{click_on_canvas, copied, drag_on_canvas, pause, paused_harness};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use steerlab::editor::persist::MemoryStorage;
use steerlab::editor::{Action, EditorApp, Pending};
use steerlab::scene::{self, Scene, presets};

/// The editor on the built-in default scene, paused (`common::ui::harness` leaves it running).
fn paused_on_default_scene() -> Harness<'static, EditorApp> {
    paused_harness(EditorApp::with_default_scene())
}

/// The editor on a copy of the boids preset saved at `path`, paused.
fn paused_on_saved_preset(path: &Path) -> Harness<'static, EditorApp> {
    std::fs::write(path, presets::DEFAULT.text).expect("write");
    let scene = scene::load(path).expect("loads");
    paused_harness(EditorApp::new(scene, Some(path.to_owned()), ""))
}

fn max_speed(harness: &Harness<'_, EditorApp>) -> f32 {
    harness.state().scene().groups[0].max_speed
}

fn type_max_speed(harness: &mut Harness<'_, EditorApp>, value: f64) {
    harness
        .get_by_role_and_label(Role::SpinButton, "max_speed")
        .set_value_accesskit(value);
    harness.run_steps(2);
}

fn drag_obstacle(harness: &mut Harness<'_, EditorApp>, index: usize, by: glam::Vec2) {
    let from = harness.state().scene().obstacles[index].center;
    drag_on_canvas(harness, from, from + by, 12);
}

#[test]
fn a_typed_value_is_undone_and_redone() {
    let mut harness = paused_on_default_scene();
    assert_eq!(max_speed(&harness), 140.0);
    type_max_speed(&mut harness, 77.5);
    assert_eq!(max_speed(&harness), 77.5);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 140.0);
    assert_eq!(harness.state().world().spec().groups[0].max_speed, 140.0);
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 77.5);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 77.5);
    // Through the menu too.
    harness.get_by_label("Edit").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Undo").click();
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 140.0);
}

#[test]
fn one_drag_on_the_canvas_is_one_undo_step() {
    let mut harness = paused_on_default_scene();
    let start = harness.state().scene().obstacles[1].center;
    let steps_before = harness.state().undo_position();
    drag_obstacle(&mut harness, 1, glam::Vec2::new(0.0, 120.0));
    let moved = harness.state().scene().obstacles[1].center;
    assert!(moved.distance(start + glam::Vec2::new(0.0, 120.0)) < 2.0);
    // Twelve moves while the button was held: one step.
    assert_eq!(harness.state().undo_position(), steps_before + 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().obstacles[1].center, start);
    assert_eq!(harness.state().world().spec().obstacles[1].center, start);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().obstacles[1].center, moved);
}

#[test]
fn adding_and_removing_agents_is_undone() {
    let mut harness = paused_on_default_scene();
    let before: Vec<u32> = harness
        .state()
        .world()
        .agents()
        .iter()
        .map(|a| a.id)
        .collect();
    click_on_canvas(
        &mut harness,
        glam::Vec2::new(500.0, 800.0),
        Modifiers::SHIFT,
    );
    let added = harness
        .state()
        .selected()
        .expect("the new agent is selected");
    assert_eq!(harness.state().world().agents().len(), before.len() + 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    let ids: Vec<u32> = harness
        .state()
        .world()
        .agents()
        .iter()
        .map(|a| a.id)
        .collect();
    assert_eq!(ids, before);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
    assert!(harness.state().world().index_of(added).is_some());
    // Removing one, then undoing, puts it back exactly where it was.
    let victim = harness.state().world().agents()[0].clone();
    common::ui::act(&mut harness, Action::Select(Some(victim.id)));
    harness.run_steps(1);
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    assert!(harness.state().world().index_of(victim.id).is_none());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    let back = harness.state().world().index_of(victim.id).expect("back");
    assert_eq!(harness.state().world().agents()[back], victim);
}

#[test]
fn with_unsaved_changes_open_asks_and_cancel_keeps_everything() {
    let mut harness = paused_on_default_scene();
    type_max_speed(&mut harness, 77.5);
    assert!(harness.state().is_dirty());
    assert!(
        harness.state().title().contains('●'),
        "{}",
        harness.state().title()
    );
    let agents = harness.state().world().agents().to_vec();
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Open…").click();
    // A question raised by a click is shown from the next frame (so that the key or click
    // that raised it does not answer it), and a window's first frame is its sizing pass.
    harness.run_steps(3);
    assert_eq!(harness.state().pending(), Some(&Pending::OpenDialog));
    harness.get_by_label("Save changes?");
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert_eq!(harness.state().pending(), None);
    assert_eq!(max_speed(&harness), 77.5);
    assert!(harness.state().is_dirty());
    assert_eq!(harness.state().world().agents(), agents.as_slice());
    assert!(!harness.state().file_dialog_open());
    // A preset asks too; Discard goes ahead.
    let preset = presets::find("seek.ron").expect("preset");
    common::ui::act(&mut harness, Action::Request(Pending::Preset(preset)));
    harness.run_steps(2);
    harness.get_by_label("Discard").click();
    harness.run_steps(2);
    assert_eq!(harness.state().scene().name, "Seek");
    assert!(!harness.state().is_dirty());
}

/// The inspector's label of a field (the plots' legend has labels of the same names).
fn inspector_label<'h>(
    harness: &'h Harness<'_, EditorApp>,
    name: &'h str,
) -> egui_kittest::Node<'h> {
    let by = egui_kittest::kittest::by()
        .role(Role::Label)
        .label(name)
        .include_labels();
    harness
        .get_all(by)
        .find(|n| n.rect().center().x < 400.0)
        .expect("the inspector's label")
}

/// A file dropped on the window.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn dropping_a_file_or_closing_with_unsaved_changes_asks_first() {
    let dir = tempfile::tempdir().expect("tempdir");
    let other = dir.path().join("other.ron");
    std::fs::write(&other, common::preset_text("seek.ron")).expect("write");
    let mut harness = paused_on_default_scene();
    type_max_speed(&mut harness, 50.0);
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(other.clone())));
    harness.run_steps(2);
    assert_eq!(
        harness.state().pending(),
        Some(&Pending::OpenPath(other.clone()))
    );
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 50.0);
    assert_eq!(harness.state().scene().name, "Boids");

    // Closing: Cancel keeps the window, Discard lets it close.
    common::ui::act(&mut harness, Action::Request(Pending::Close));
    harness.run_steps(2);
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(!harness.state().will_close());
    common::ui::act(&mut harness, Action::Request(Pending::Close));
    harness.run_steps(2);
    harness.get_by_label("Discard").click();
    harness.run_steps(1);
    assert!(harness.state().will_close());
    // Discarded work is not offered for restore next time.
    let mut storage = MemoryStorage::default();
    harness.state_mut().store(&mut storage);
    assert!(!storage.entries.contains_key("steerlab.autosave"));
}

#[test]
fn reset_to_default_restores_the_default_value() {
    // Tall enough that the group's own rows, below its behaviors, are on screen.
    let app = EditorApp::with_default_scene();
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1440.0, 1600.0))
        .with_step_dt(0.04)
        .build_eframe(move |_cc| app);
    harness.run_steps(2);
    pause(&mut harness);
    type_max_speed(&mut harness, 77.5);
    let default =
        steerlab::sim::Group::new("x", 1, harness.state().scene().groups[0].spawn.clone())
            .max_speed;
    assert_ne!(default, 140.0, "the preset's value is not the default");
    // A double click on the label.
    let label = inspector_label(&harness, "max_speed");
    label.click();
    label.click();
    harness.run_steps(3);
    assert_eq!(max_speed(&harness), default);
    // The context menu reverts it to the saved value.
    inspector_label(&harness, "max_speed").click_secondary();
    harness.run_steps(2);
    harness.get_by_label("Revert to saved (140.0)").click();
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 140.0);
}

#[test]
fn the_changed_marker_appears_and_clears_on_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("boids.ron");
    let mut harness = paused_on_saved_preset(&path);
    let marker = "changed: groups[0].max_speed";
    assert!(harness.query_by_label(marker).is_none());
    type_max_speed(&mut harness, 90.0);
    assert!(harness.query_by_label(marker).is_some());
    // The changes list shows it, old and new.
    harness.get_by_label("Edit").click();
    harness.run_steps(2);
    harness.get_by_label("Changes since saved (1)…").click();
    harness.run_steps(2);
    // In the designer's words: the group's name, the field's label and unit, the value as
    // the inspector writes it (the file keeps 90.0).
    let name = harness.state().scene().groups[0].name.clone();
    harness.get_by_label(&format!("{name} › max_speed (u/s)"));
    harness.get_by_label("90 u/s");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run_steps(2);
    assert!(harness.query_by_label(marker).is_none());
    assert!(!harness.state().is_dirty());
    assert_eq!(
        scene::load(&path).expect("saved").scene().groups[0].max_speed,
        90.0
    );
}

/// What a session leaves in its storage when it is killed with unsaved work: the last periodic
/// autosave, and no clean exit after it.
fn killed_session(storage: &mut MemoryStorage) -> Scene {
    let mut harness = paused_on_default_scene();
    type_max_speed(&mut harness, 61.0);
    type_max_speed(&mut harness, 62.0);
    harness.state_mut().store(storage);
    harness.state().scene().clone()
}

#[test]
fn the_next_start_offers_and_performs_the_restore() {
    let mut storage = MemoryStorage::default();
    let edited = killed_session(&mut storage);
    assert_eq!(edited.groups[0].max_speed, 62.0);

    let mut app = EditorApp::with_default_scene();
    eframe::App::save(&mut app, &mut storage.clone());
    app.load_storage(&storage);
    let mut harness = paused_harness(app);
    assert!(harness.state().restore_offered());
    harness.get_by_label("Restore unsaved work?");
    harness.get_by_label("Restore").click();
    harness.run_steps(2);
    assert!(!harness.state().restore_offered());
    assert_eq!(harness.state().scene(), &edited);
    assert_eq!(harness.state().world().spec().groups[0].max_speed, 62.0);
    assert!(harness.state().is_dirty(), "restored work is still unsaved");
    // The undo position came back with it.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 61.0);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 140.0);

    // A session that ends with nothing unsaved leaves nothing to restore.
    let mut clean = MemoryStorage::default();
    let mut app = EditorApp::with_default_scene();
    app.store(&mut clean);
    let mut next = EditorApp::with_default_scene();
    next.load_storage(&clean);
    assert!(!next.restore_offered());
}

/// The tool windows open when the session was killed come back with the restored work.
#[test]
fn a_restore_brings_the_tool_windows_back() {
    let mut storage = MemoryStorage::default();
    let mut harness = paused_on_default_scene();
    common::ui::act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Metrics),
    );
    common::ui::act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Sweep),
    );
    harness.run_steps(2);
    type_max_speed(&mut harness, 61.0);
    harness.state_mut().store(&mut storage);

    let mut app = EditorApp::with_default_scene();
    app.load_storage(&storage);
    let mut harness = paused_harness(app);
    assert!(!harness.state().open_windows().metrics);
    harness.get_by_label("Restore").click();
    harness.run_steps(2);
    let open = harness.state().open_windows();
    assert!(open.metrics && open.sweep, "{open:?}");
    assert!(!open.goals);
}

#[test]
fn restore_can_be_declined() {
    let mut storage = MemoryStorage::default();
    killed_session(&mut storage);
    let mut app = EditorApp::with_default_scene();
    app.load_storage(&storage);
    let mut harness = paused_harness(app);
    harness.get_by_label("Discard").click();
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 140.0);
    assert!(!harness.state().is_dirty());
    harness.state_mut().store(&mut storage);
    assert!(!storage.entries.contains_key("steerlab.autosave"));
}

#[test]
fn the_scene_follows_the_file_on_disk_and_a_broken_file_changes_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("live.ron");
    let mut harness = paused_on_saved_preset(&path);
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(
        &path,
        text.replacen("max_speed: 140.0", "max_speed: 55.0", 1),
    )
    .expect("write");
    harness.run_steps(4);
    assert_eq!(max_speed(&harness), 55.0);
    assert_eq!(harness.state().world().spec().groups[0].max_speed, 55.0);
    assert!(!harness.state().is_dirty(), "the file and the scene agree");

    let before = harness.state().scene().clone();
    std::fs::write(
        &path,
        text.replacen("max_speed: 140.0", "max_sped: 55.0", 1),
    )
    .expect("write");
    harness.run_steps(4);
    assert_eq!(harness.state().scene(), &before);
    let errors = harness.state().load_errors();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("live.ron:") && e.contains("max_sped")),
        "{errors:?}"
    );
}

#[test]
fn a_file_changed_under_unsaved_edits_asks_first() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("live.ron");
    let mut harness = paused_on_saved_preset(&path);
    type_max_speed(&mut harness, 99.0);
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(&path, text.replacen("mass: 1.0", "mass: 2.0", 1)).expect("write");
    harness.run_steps(4);
    assert_eq!(
        max_speed(&harness),
        99.0,
        "nothing changes before the answer"
    );
    harness.get_by_label("Keep my changes").click();
    harness.run_steps(2);
    assert_eq!(max_speed(&harness), 99.0);
    assert_eq!(harness.state().scene().groups[0].mass, 1.0);
}

#[test]
fn a_failed_save_keeps_the_file_and_the_unsaved_state() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("keep.ron");
    let mut harness = paused_on_saved_preset(&path);
    let bytes = std::fs::read(&path).expect("read");
    type_max_speed(&mut harness, 12.0);
    // A directory where the file should go: the save fails before anything is written.
    let blocked = dir.path().join("blocked.ron");
    std::fs::create_dir(&blocked).expect("mkdir");
    common::ui::act(&mut harness, Action::SaveTo(blocked.clone()));
    harness.run_steps(2);
    assert!(harness.state().is_dirty());
    assert_eq!(harness.state().path(), Some(path.as_path()));
    assert!(harness.state().load_errors()[0].contains("cannot save"));
    assert_eq!(std::fs::read(&path).expect("read"), bytes);
}

#[test]
fn ctrl_c_copies_the_current_groups_parameters_as_ron() {
    let mut harness = paused_on_default_scene();
    harness.event(egui::Event::Copy);
    harness.step();
    let copied = copied(&harness);
    assert_eq!(copied.len(), 1, "{copied:?}");
    let group = scene::group_from_str(&copied[0], "copied").expect("parses back");
    assert_eq!(&group, &harness.state().scene().groups[0]);
}

#[test]
fn group_parameters_paste_from_the_clipboard() {
    let mut harness = paused_on_default_scene();
    let mut group = harness.state().scene().groups[0].clone();
    group.max_force = 123.0;
    group.name = "elsewhere".to_owned();
    harness.event(egui::Event::Paste(scene::group_to_string(&group)));
    harness.run_steps(2);
    let now = &harness.state().scene().groups[0];
    assert_eq!(now.max_force, 123.0);
    assert_eq!(now.name, "blue", "the pasted group's name is not taken");
    let before = harness.state().scene().clone();
    harness.event(egui::Event::Paste("(max_force: \"fast\")".to_owned()));
    harness.run_steps(2);
    assert_eq!(harness.state().scene(), &before);
    assert!(
        harness.state().load_errors()[0].starts_with("clipboard:1:"),
        "{:?}",
        harness.state().load_errors()
    );
    // The error window takes the keys until it is closed (Enter); then one undo step takes the
    // paste back.
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().scene().groups[0].max_force, 260.0);
}

#[test]
fn f1_shows_every_shortcut() {
    let mut harness = paused_on_default_scene();
    harness.key_press(Key::F1);
    harness.run_steps(2);
    harness.get_by_label("Keyboard and mouse");
    harness.get_by_label("Ctrl+Shift+Z, Ctrl+Y");
    harness.get_by_label("redo");
    // Every row of the table, keys and what they do, side by side in the help's grid.
    let help = harness.get_by_label("Keyboard and mouse").rect();
    for row in steerlab::editor::shortcuts::TABLE {
        let label = row.keys_label();
        let keys = harness.get_by_label(&label);
        let what = harness
            .query_all_by_label(row.what)
            .find(|n| (n.rect().center().y - keys.rect().center().y).abs() < 2.0)
            .unwrap_or_else(|| panic!("{:?} beside {:?}", row.what, row.keys_label()));
        assert!(keys.rect().min.x < what.rect().min.x, "{:?}", row.what);
        assert!(
            keys.rect().min.y >= help.min.y,
            "{:?} in the window",
            row.what
        );
    }
    // F1 again, or its other key, closes it.
    harness.key_press(Key::F1);
    harness.run_steps(2);
    assert!(!harness.state().help_open());
    harness.key_press(Key::Questionmark);
    harness.run_steps(2);
    assert!(harness.state().help_open());
}

#[test]
fn edit_on_a_file_that_does_not_load_shows_why_and_opens_it_once_fixed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("broken.ron");
    let good = presets::find("seek.ron").expect("preset").text;
    std::fs::write(&path, good.replacen("max_speed:", "max_sped:", 1)).expect("write");
    let mut harness = paused_harness(steerlab::editor::app_for(Some(path.clone())));
    assert_eq!(harness.state().awaited_file(), Some(path.as_path()));
    harness.get_by_label("Could not load");
    let errors = harness.state().load_errors().join("\n");
    assert!(
        errors.contains("broken.ron:") && errors.contains("did you mean `max_speed`?"),
        "{errors}"
    );
    assert_eq!(
        harness.state().scene().name,
        "Boids",
        "the built-in scene meanwhile"
    );
    assert_eq!(
        harness.state().path(),
        None,
        "saving cannot overwrite the broken file"
    );
    // Fixed on disk: it opens.
    std::fs::write(&path, good).expect("write");
    harness.run_steps(4);
    assert_eq!(harness.state().scene().name, "Seek");
    assert_eq!(harness.state().path(), Some(path.as_path()));
    assert_eq!(harness.state().awaited_file(), None);
    assert!(harness.state().load_errors().is_empty());
}

#[test]
fn edit_on_a_file_that_does_not_exist_offers_to_create_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("new.ron");
    let mut harness = paused_harness(steerlab::editor::app_for(Some(path.clone())));
    harness.get_by_label("The file does not exist");
    harness.get_by_label("Create it").click();
    harness.run_steps(2);
    assert!(path.exists());
    assert_eq!(harness.state().path(), Some(path.as_path()));
    assert_eq!(harness.state().scene().name, "New scene");
    assert_eq!(
        scene::load(&path).expect("a valid scene"),
        *harness.state().scene()
    );
}

/// "Save changes?" keeps its buttons where they are whatever it asks about (a designer clicks
/// by place), Esc answers Cancel and Enter answers Save.
#[test]
fn the_save_question_keeps_its_buttons_in_place_and_takes_esc_and_enter() {
    let mut harness = paused_on_default_scene();
    type_max_speed(&mut harness, 66.0);
    let rects = |harness: &mut Harness<'_, EditorApp>, pending: Pending| {
        common::ui::act(harness, Action::Request(pending));
        harness.run_steps(3);
        let rects: Vec<egui::Rect> = ["Cancel", "Discard", "Save"]
            .iter()
            .map(|b| harness.get_by_label(b).rect())
            .collect();
        harness.key_press(egui::Key::Escape);
        harness.run_steps(2);
        assert_eq!(harness.state().pending(), None, "Esc answers Cancel");
        assert_eq!(max_speed(harness), 66.0);
        rects
    };
    let short = rects(&mut harness, Pending::New);
    let long = rects(
        &mut harness,
        Pending::OpenPath(
            Path::new("/a/long/way/down/to/a/scene/file/named/crossing_the_river_at_dusk.ron")
                .to_path_buf(),
        ),
    );
    assert_eq!(short, long, "the same places");
    // Save is right of Discard, right of Cancel.
    assert!(short[0].left() > short[1].right() && short[1].left() > short[2].right());
    // Enter answers Save: with no file yet, Save asks where (the path field, or a dialog).
    common::ui::act(&mut harness, Action::Request(Pending::New));
    harness.run_steps(2);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(2);
    assert_eq!(
        harness.state().after_save(),
        Some(&Pending::New),
        "Enter answered Save: the new scene waits for the save"
    );
}

/// The path field: Enter confirms it (open and save as), it opens below the menu bar, and
/// it suggests the scene's own file name.
#[test]
fn the_path_field_confirms_on_enter_and_suggests_the_scenes_file_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("mine.ron");
    std::fs::write(&path, common::preset_text("pursuit.ron")).expect("write");
    let mut harness = paused_on_default_scene();
    common::ui::act(&mut harness, Action::Request(Pending::OpenPathField));
    harness.run_steps(2);
    let field = harness.get_by_role_and_label(Role::TextInput, "Path of the .ron file:");
    assert!(
        field.rect().top() > 60.0,
        "below the menu bar: {:?}",
        field.rect()
    );
    assert_eq!(
        field.accesskit_node().placeholder(),
        Some("boids.ron"),
        "the built-in scene's own file name"
    );
    // A relative path says where it lands: the folder the editor was started in.
    harness.event(egui::Event::Text("some/name.ron".to_owned()));
    harness.run_steps(2);
    let whole = std::env::current_dir()
        .expect("a current folder")
        .join("some/name.ron");
    harness.get_by_label(&format!("The file: {}", whole.display()));
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.event(egui::Event::Text(path.display().to_string()));
    harness.run_steps(1);
    harness.get_by_label(&format!("The file: {}", path.display()));
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    assert_eq!(
        harness.state().scene().name,
        "Pursuit (constant T vs dynamic T)"
    );
    // Save as under a typed name, confirmed with Enter.
    let copy = dir.path().join("copy.ron");
    common::ui::act(&mut harness, Action::SaveToPathField);
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.event(egui::Event::Text(copy.display().to_string()));
    harness.run_steps(1);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    let saved = steerlab::scene::load(&copy).expect("saved").into_scene();
    assert_eq!(saved.name, "Pursuit (constant T vs dynamic T)");
}

/// A new count applies at once: the world starts again with that many agents, one undo step
/// that Undo takes back (the world starting again on the count before).
#[test]
fn a_new_count_applies_at_once_and_undo_takes_it_back() {
    let mut harness = paused_harness(EditorApp::new(
        common::preset_scene("seek.ron"),
        None,
        "test",
    ));
    for _ in 0..30 {
        common::ui::act(&mut harness, Action::Step);
    }
    let count = harness.state().scene().groups[1].count;
    let of_group = |harness: &Harness<'_, EditorApp>| {
        harness
            .state()
            .world()
            .agents()
            .iter()
            .filter(|a| a.group == 1)
            .count()
    };
    assert_eq!(of_group(&harness), count as usize);
    let undo = harness.state().undo_position();
    harness.get_by_label("seekers").click();
    harness.run_steps(2);
    harness
        .get_by_role_and_label(Role::SpinButton, "count")
        .set_value_accesskit(f64::from(count + 5));
    harness.run_steps(3);
    assert_eq!(harness.state().scene().groups[1].count, count + 5);
    assert_eq!(of_group(&harness), count as usize + 5, "applied at once");
    assert_eq!(harness.state().world().tick(), 0, "from the start");
    assert!(
        harness.state().status().starts_with("Restarted"),
        "{}",
        harness.state().status()
    );
    assert_eq!(harness.state().undo_position(), undo + 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(of_group(&harness), count as usize);
}

/// A field's context menu sets its value in every group that has it: one undo step.
#[test]
fn a_value_is_set_in_every_group_from_its_fields_menu() {
    let mut harness = paused_on_default_scene();
    type_max_speed(&mut harness, 95.0);
    let speeds = |harness: &Harness<'_, EditorApp>| {
        harness
            .state()
            .scene()
            .groups
            .iter()
            .map(|g| g.max_speed)
            .collect::<Vec<f32>>()
    };
    assert_eq!(speeds(&harness), [95.0, 140.0]);
    let undo = harness.state().undo_position();
    // The row is below the behaviors: scrolled into view, then its label right-clicked.
    inspector_label(&harness, "max_speed").scroll_to_me();
    harness.run_steps(3);
    inspector_label(&harness, "max_speed").click_secondary();
    harness.run_steps(2);
    harness
        .get_by_label("Set in every group that has it (1 more)")
        .click();
    harness.run_steps(3);
    assert_eq!(speeds(&harness), [95.0, 95.0]);
    assert_eq!(harness.state().world().spec().groups[1].max_speed, 95.0);
    assert_eq!(harness.state().undo_position(), undo + 1, "one undo step");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(speeds(&harness), [95.0, 140.0]);
}

/// Save As in the path field onto a file that is there asks first, naming it: Enter keeps the
/// file as it is, Replace writes it. The scene's own file is saved without a question.
#[test]
fn save_as_onto_a_file_that_is_there_asks_and_enter_keeps_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let other = dir.path().join("other.ron");
    let kept = common::preset_text("pursuit.ron");
    std::fs::write(&other, kept).expect("write");
    let mut harness = paused_on_default_scene();
    let save_as = |harness: &mut Harness<'_, EditorApp>| {
        common::ui::act(harness, Action::SaveToPathField);
        harness.run_steps(2);
        harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
        harness.event(egui::Event::Text(other.display().to_string()));
        harness.run_steps(1);
        harness.key_press(Key::Enter);
        harness.run_steps(3);
    };
    save_as(&mut harness);
    // The question names the file.
    harness.get_by_label_contains("other.ron is there already. Replace it?");
    harness.key_press(Key::Enter);
    harness.run_steps(3);
    assert_eq!(std::fs::read_to_string(&other).expect("read"), kept);
    assert!(
        harness.state().status().contains("Kept"),
        "{}",
        harness.state().status()
    );
    assert_eq!(harness.state().path(), None, "still no file of its own");
    // Asked again, Replace writes it, and it becomes the scene's file.
    save_as(&mut harness);
    harness.get_by_label("Replace").click();
    harness.run_steps(3);
    assert_eq!(scene::load(&other).expect("saved").scene().name, "Boids");
    assert_eq!(harness.state().path(), Some(other.as_path()));
    // Its own file again: saved with no question.
    type_max_speed(&mut harness, 71.0);
    save_as(&mut harness);
    assert!(harness.query_by_label("Replace").is_none());
    assert!(!harness.state().is_dirty());
}

/// While "Could not load" is up, no shortcut acts (Ctrl+O does not stack a question behind
/// it), and Enter closes it.
#[test]
fn the_error_window_takes_the_keys_until_it_is_closed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(version: 2, name: \"x\"").expect("write");
    let mut harness = paused_on_default_scene();
    type_max_speed(&mut harness, 66.0);
    common::ui::act(&mut harness, Action::Request(Pending::OpenPath(broken)));
    harness.run_steps(2);
    common::ui::act(
        &mut harness,
        Action::Answer(steerlab::editor::Answer::Discard),
    );
    harness.run_steps(3);
    assert!(!harness.state().load_errors().is_empty());
    harness.get_by_label("Could not load");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::O);
    harness.run_steps(3);
    assert_eq!(
        harness.state().pending(),
        None,
        "no question behind the error"
    );
    assert!(!harness.state().file_dialog_open());
    harness.key_press(Key::Enter);
    harness.run_steps(3);
    assert!(harness.state().load_errors().is_empty(), "Enter closed it");
    assert!(harness.query_by_label("Could not load").is_none());
    assert_eq!(
        max_speed(&harness),
        66.0,
        "the scene on screen is unchanged"
    );
}

/// At 1024×640 every built-in preset can be reached in the Presets menu: three groups, each a
/// submenu inside the window.
#[test]
fn every_preset_is_reachable_in_the_presets_menu_at_1024_by_640() {
    for shelf in presets::Shelf::ALL {
        let mut harness = Harness::builder()
            .with_size(egui::vec2(1024.0, 640.0))
            .build_eframe(|_cc| EditorApp::with_default_scene());
        harness.run_steps(3);
        pause(&mut harness);
        harness.get_by_label("Presets").click();
        harness.run_steps(2);
        harness.get_by_label(shelf.label()).click();
        harness.run_steps(3);
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1024.0, 640.0));
        let last = shelf.presets().last().expect("a preset");
        for preset in shelf.presets() {
            let name = preset.file.trim_end_matches(".ron");
            let item = harness.get_by_label(name);
            // Inside the window: reached without scrolling.
            assert!(
                screen.contains(item.rect().center()),
                "{name}: {:?}",
                item.rect()
            );
        }
        let name = last.file.trim_end_matches(".ron");
        harness.get_by_label(name).click();
        harness.run_steps(3);
        let expected = scene::from_str(last.text, last.file)
            .expect("a preset")
            .into_scene();
        assert_eq!(harness.state().scene().name, expected.name, "{name}");
    }
}

/// A number being typed applies when it is complete (Enter), not at every keystroke: typing
/// 2000 into `max_speed` never sets 2 or 200 on the way.
#[test]
fn a_typed_number_applies_when_it_is_complete() {
    let mut harness = paused_on_default_scene();
    let before = max_speed(&harness);
    harness
        .get_by_role_and_label(Role::SpinButton, "max_speed")
        .focus();
    harness.run_steps(2);
    for digit in ["2", "0", "0", "0"] {
        harness.event(egui::Event::Text(digit.to_owned()));
        harness.run_steps(2);
        assert_eq!(max_speed(&harness), before, "not applied while typing");
    }
    harness.key_press(Key::Enter);
    harness.run_steps(3);
    assert_eq!(max_speed(&harness), 2000.0);
}

/// Typed text that is not a number, and a number out of the field's limits, say what was
/// done: the value kept, or set to the limit.
#[test]
fn a_typed_value_not_taken_as_typed_says_why() {
    let mut harness = paused_on_default_scene();
    let before = max_speed(&harness);
    let type_in = |harness: &mut Harness<'_, EditorApp>, text: &str| {
        harness
            .get_by_role_and_label(Role::SpinButton, "max_speed")
            .focus();
        harness.run_steps(2);
        harness.event(egui::Event::Text(text.to_owned()));
        harness.run_steps(1);
        harness.key_press(Key::Enter);
        harness.run_steps(3);
    };
    type_in(&mut harness, "abc");
    assert_eq!(max_speed(&harness), before);
    harness.get_by_label_contains("`abc` is not a number: max_speed keeps its value.");
    type_in(&mut harness, "-5");
    assert_eq!(max_speed(&harness), 0.0);
    harness.get_by_label_contains("-5 is below what max_speed may be: set to its least");
}
