//! The tool windows dock as tabs beside or below the canvas and never cover it: at 1024×640
//! the canvas keeps at least 55% of the width, and every docked window lies inside the
//! editor's window; a tool floats out and docks back; the layout is kept with the settings.
//!
//! With `DOCK_SHOTS=<folder>`, the test of every tool at both sizes also writes a screenshot
//! of each (rendered with wgpu, as the snapshots are) to look at; `DOCK_PRESET=<file>` shows
//! another preset than `arrive_slowing.ron` there.
#![cfg(feature = "editor")]

mod common;

use common::ui::act;
use egui::{Rect, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use steerlab::editor::dock::{Pane, ToolWindow};
use steerlab::editor::{Action, EditorApp};

/// The action that opens `tool`, as its menu item does.
fn show(tool: ToolWindow) -> Action {
    Action::Show(tool)
}

/// The editor on `preset` at `size`, paused.
fn editor(preset: &str, size: egui::Vec2, wgpu: bool) -> Harness<'static, EditorApp> {
    let scene = common::preset_scene(preset);
    let app = EditorApp::new(scene, None, "test");
    let mut builder = Harness::builder().with_size(size);
    if wgpu {
        builder = builder.wgpu();
    }
    let mut harness = builder.build_eframe(move |_cc| app);
    harness.run_steps(2);
    if harness.state().is_playing() {
        act(&mut harness, Action::SetPlaying(false));
    }
    harness.run_steps(2);
    harness
}

fn pane_rect(harness: &Harness<'_, EditorApp>, pane: Pane) -> Option<Rect> {
    harness
        .state()
        .dock()
        .rects()
        .into_iter()
        .find_map(|(p, r)| (p == pane).then_some(r))
}

/// Checks the layout with `tool` open: the canvas is uncovered and at least `share` of the
/// window's width, the tool's pane is on screen beside or below it, inside the window.
fn check_layout(harness: &Harness<'_, EditorApp>, tool: ToolWindow, size: egui::Vec2, share: f32) {
    let canvas = harness.state().canvas_rect().expect("the canvas is drawn");
    let pane = pane_rect(harness, Pane::Tool(tool)).unwrap_or_else(|| panic!("{tool:?} docked"));
    let window = Rect::from_min_size(egui::Pos2::ZERO, size);
    assert!(
        canvas.width() >= share * size.x,
        "{tool:?} at {size:?}: the canvas is {} wide",
        canvas.width()
    );
    let overlap = canvas.intersect(pane);
    assert!(
        overlap.width() <= 1.0 || overlap.height() <= 1.0,
        "{tool:?} at {size:?}: {pane:?} covers the canvas {canvas:?}"
    );
    for (name, rect) in [("canvas", canvas), ("tool", pane)] {
        assert!(
            window.expand(0.5).contains_rect(rect),
            "{tool:?} at {size:?}: the {name} {rect:?} is cut off"
        );
    }
    // A pane big enough to use.
    assert!(
        pane.width() >= 300.0 && pane.height() >= 150.0,
        "{tool:?} at {size:?}: {pane:?}"
    );
}

#[test]
fn every_tool_docks_without_covering_the_canvas_at_both_sizes() {
    let shots = std::env::var_os("DOCK_SHOTS").map(std::path::PathBuf::from);
    for (size, share) in [(vec2(1024.0, 640.0), 0.55), (vec2(1920.0, 1080.0), 0.4)] {
        for tool in ToolWindow::ALL {
            let preset = std::env::var("DOCK_PRESET");
            let preset = preset.as_deref().unwrap_or("arrive_slowing.ron");
            let mut harness = editor(preset, size, shots.is_some());
            act(&mut harness, show(tool));
            harness.run_steps(4);
            assert!(!harness.state().dock().is_floating(tool));
            check_layout(&harness, tool, size, share);
            // Its tab is there, in front.
            harness.get_by_label(tool.title());
            if let Some(dir) = &shots {
                std::fs::create_dir_all(dir).expect("the folder");
                let image = harness.render().expect("rendered");
                let name = format!("{}x{}_{:?}.png", size.x, size.y, tool).to_lowercase();
                image.save(dir.join(name)).expect("written");
            }
        }
    }
}

#[test]
fn tools_opened_together_are_tabs_of_one_group_in_front_as_opened() {
    let size = vec2(1024.0, 640.0);
    let mut harness = editor("arrive_slowing.ron", size, false);
    for tool in ToolWindow::ALL {
        act(&mut harness, show(tool));
        harness.run_steps(3);
        // The one opened last is in front, the others behind their tabs.
        check_layout(&harness, tool, size, 0.55);
        for other in ToolWindow::ALL.into_iter().filter(|t| *t != tool) {
            assert!(
                pane_rect(&harness, Pane::Tool(other)).is_none(),
                "{other:?}"
            );
        }
    }
    // Showing one again brings its tab to the front.
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Metrics),
    );
    harness.run_steps(3);
    check_layout(&harness, ToolWindow::Metrics, size, 0.55);
}

#[test]
fn a_wide_window_docks_the_first_tool_beside_the_canvas_and_a_small_one_below() {
    let wide = vec2(1920.0, 1080.0);
    let mut harness = editor("arrive_slowing.ron", wide, false);
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Sweep),
    );
    harness.run_steps(3);
    let canvas = harness.state().canvas_rect().expect("canvas");
    let sweep = pane_rect(&harness, Pane::Tool(ToolWindow::Sweep)).expect("sweep");
    assert!(sweep.left() >= canvas.right() - 1.0, "{sweep:?} {canvas:?}");
    assert!(sweep.height() > 0.8 * canvas.height(), "{sweep:?}");

    let small = vec2(1024.0, 640.0);
    let mut harness = editor("arrive_slowing.ron", small, false);
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Sweep),
    );
    harness.run_steps(3);
    let canvas = harness.state().canvas_rect().expect("canvas");
    let sweep = pane_rect(&harness, Pane::Tool(ToolWindow::Sweep)).expect("sweep");
    assert!(sweep.top() >= canvas.bottom() - 1.0, "{sweep:?} {canvas:?}");
}

#[test]
fn a_tool_floats_out_docks_back_and_its_tab_closes_it() {
    let size = vec2(1280.0, 800.0);
    let mut harness = editor("arrive_slowing.ron", size, false);
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Metrics),
    );
    harness.run_steps(3);
    harness.get_by_label("Float").click();
    harness.run_steps(3);
    assert!(harness.state().dock().is_floating(ToolWindow::Metrics));
    assert!(pane_rect(&harness, Pane::Tool(ToolWindow::Metrics)).is_none());
    assert!(harness.state().open_windows().metrics);
    // Its window, with the way back.
    harness.get_by_label("Dock").click();
    harness.run_steps(3);
    assert!(!harness.state().dock().is_floating(ToolWindow::Metrics));
    assert!(pane_rect(&harness, Pane::Tool(ToolWindow::Metrics)).is_some());
    // The tab's close button closes the tool.
    harness.get_by_label("Close").click();
    harness.run_steps(3);
    assert!(!harness.state().open_windows().metrics);
    assert!(pane_rect(&harness, Pane::Tool(ToolWindow::Metrics)).is_none());
}

#[test]
fn the_layout_and_the_floating_tools_are_kept_with_the_settings() {
    let size = vec2(1920.0, 1080.0);
    let mut harness = editor("arrive_slowing.ron", size, false);
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Sweep),
    );
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Metrics),
    );
    harness.run_steps(3);
    harness.get_by_label("Float").click();
    harness.run_steps(3);
    let mut storage = steerlab::editor::persist::MemoryStorage::default();
    harness.state_mut().store(&mut storage);
    let dock = harness.state().dock().clone();
    assert!(dock.is_floating(ToolWindow::Metrics));

    let mut next = EditorApp::with_default_scene();
    next.load_storage(&storage);
    assert_eq!(next.dock(), &dock);
}

#[test]
fn esc_closes_the_floating_tool_then_the_docked_one_in_front() {
    let size = vec2(1280.0, 800.0);
    let mut harness = editor("arrive_slowing.ron", size, false);
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Sweep),
    );
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Metrics),
    );
    harness.run_steps(3);
    // Metrics in front, then floated (the Sweep beside it comes to the front): Esc closes it
    // first, then the Sweep.
    harness.get_by_label("Float").click();
    harness.run_steps(3);
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    let open = harness.state().open_windows();
    assert!(!open.metrics && open.sweep);
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(!harness.state().open_windows().sweep);
}

/// The Sweep's field picker: its search box takes a click and the keys, a pick or Esc closes
/// the list, Esc closes the list alone (not the Sweep behind it), and it opens again with an
/// empty search.
#[test]
fn the_field_picker_searches_and_esc_closes_the_list_alone() {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT as _;
    let mut harness = editor("arrive_slowing.ron", vec2(1280.0, 800.0), false);
    act(
        &mut harness,
        Action::Show(steerlab::editor::dock::ToolWindow::Sweep),
    );
    harness.run_steps(3);
    let open_list = |harness: &mut Harness<'_, EditorApp>| {
        harness
            .get_by_role_and_label(Role::ComboBox, "field")
            .click();
        harness.run_steps(3);
    };
    // The search box: found by its hint while empty, then by its left edge (the list moves
    // up or down as it shrinks).
    let search_box = |harness: &Harness<'_, EditorApp>| {
        harness
            .get_all_by_role(Role::TextInput)
            .find(|n| n.accesskit_node().placeholder() == Some("search fields…"))
            .map(|n| n.rect())
            .expect("the search box, empty")
    };
    let search_node = |harness: &Harness<'_, EditorApp>, at: egui::Rect| {
        harness
            .get_all_by_role(Role::TextInput)
            .find(|n| {
                (n.rect().left() - at.left()).abs() < 0.5
                    && (n.rect().width() - at.width()).abs() < 0.5
            })
            .map(|n| (n.value().unwrap_or_default(), n.rect()))
            .expect("the search box")
    };
    let search_at = |harness: &Harness<'_, EditorApp>, at: egui::Rect| search_node(harness, at).0;
    open_list(&mut harness);
    let rect = search_box(&harness);
    harness.event(egui::Event::Text("max_sp".to_owned()));
    harness.run_steps(2);
    assert_eq!(
        search_at(&harness, rect),
        "max_sp",
        "the search box has the keys"
    );
    // A click in the search box keeps the list open.
    let (_, rect) = search_node(&harness, rect);
    harness.event(egui::Event::PointerButton {
        pos: rect.center(),
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.event(egui::Event::PointerButton {
        pos: rect.center(),
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label("arrivers › max_speed (u/s)")
            .is_some()
    );
    assert!(
        harness.query_by_label("arrivers › mass").is_none(),
        "only the fields that match"
    );
    harness.key_press(egui::Key::Escape);
    harness.run_steps(3);
    assert!(
        harness
            .query_by_label("arrivers › max_speed (u/s)")
            .is_none(),
        "the list closed"
    );
    assert!(harness.state().open_windows().sweep, "the Sweep stays");
    open_list(&mut harness);
    search_box(&harness);
    harness.get_by_label("arrivers › max_speed (u/s)").click();
    harness.run_steps(3);
    assert_eq!(
        harness.state().sweep().setup.field.to_string(),
        "groups[0].max_speed"
    );
}
