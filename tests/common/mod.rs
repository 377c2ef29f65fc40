//! Helpers the integration tests share: running the `steerlab` binary, fixtures (presets and
//! files in a temporary directory), and driving the editor through `egui_kittest` (the harness,
//! keys, clicks and drags on the canvas).

// Each test file uses some of these helpers; the others would be reported as unused there.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `steerlab` binary, run from the repository root (so `presets/...` paths resolve).
#[must_use]
pub fn steerlab() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_steerlab"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// Runs `steerlab ARGS` from the repository root and returns what it printed.
#[must_use]
pub fn run(args: &[&str]) -> Output {
    steerlab().args(args).output().expect("run steerlab")
}

/// Bytes of a process's output as text.
#[must_use]
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The repository's `presets/` directory.
#[must_use]
pub fn presets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("presets")
}

/// The text of a built-in preset.
#[must_use]
pub fn preset_text(file: &str) -> &'static str {
    steerlab::scene::presets::find(file)
        .expect("a built-in preset")
        .text
}

/// A built-in preset, loaded.
#[must_use]
pub fn preset_scene(file: &str) -> steerlab::scene::Scene {
    steerlab::scene::from_str(preset_text(file), file)
        .expect("a valid preset")
        .into_scene()
}

/// The seek preset's groups with no blocks and a third group "others", and no paths or flow
/// fields: a scene to add behaviors to one at a time (a block that names a group has another
/// to name).
#[must_use]
pub fn two_bare_groups() -> steerlab::scene::Scene {
    let mut scene = preset_scene("seek.ron");
    scene.paths.clear();
    scene.flow_fields.clear();
    let mut other = scene.groups[0].clone();
    "others".clone_into(&mut other.name);
    scene.groups.push(other);
    for g in &mut scene.groups {
        *g = steerlab::sim::Group::new(&g.name, g.count, g.spawn.clone());
    }
    scene
}

/// Writes `text` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write test file");
    path
}

/// Driving the editor: a harness, keys, and pointer gestures on the canvas.
#[cfg(feature = "editor")]
pub mod ui {
    use egui::{Modifiers, PointerButton, Pos2};
    use egui_kittest::Harness;
    use steerlab::editor::EditorApp;

    /// The editor's window size in these tests.
    pub const SIZE: egui::Vec2 = egui::vec2(1440.0, 900.0);

    /// A harness on `app` whose frames are `step_dt` seconds apart (kittest runs one frame per
    /// event, so a double click needs short frames to fit egui's 0.3 s), after two frames.
    pub fn harness_stepping(app: EditorApp, step_dt: f32) -> Harness<'static, EditorApp> {
        let mut harness = Harness::builder()
            .with_size(SIZE)
            .with_step_dt(step_dt)
            .build_eframe(move |_cc| app);
        harness.run_steps(2);
        harness
    }

    /// A harness on `app`, frames a quarter second apart, paused with Space (which a question
    /// on screen, such as a restore offer, takes instead: then the app keeps playing).
    pub fn paused_harness(app: EditorApp) -> Harness<'static, EditorApp> {
        let mut harness = harness_stepping(app, 0.25);
        if harness.state().is_playing() {
            harness.key_press(egui::Key::Space);
            harness.run_steps(2);
        }
        harness
    }

    /// A harness on the built-in default scene, running, after three frames.
    pub fn harness() -> Harness<'static, EditorApp> {
        let mut harness = Harness::builder()
            .with_size(SIZE)
            .build_eframe(|_cc| EditorApp::with_default_scene());
        harness.run_steps(3);
        harness
    }

    /// Opens Compare › `item` from the menu bar, and lets a window it opens settle (a window
    /// sizes its grid columns from the frame before, and the first frames may move it).
    pub fn compare_menu(harness: &mut Harness<'_, EditorApp>, item: &str) {
        use egui_kittest::kittest::Queryable as _;
        harness.get_by_label("Compare").click();
        harness.run_steps(2);
        harness.get_by_label(item).click();
        harness.run_steps(4);
    }

    /// Steps `ticks` ticks with the Step key (.), a frame each.
    pub fn step_ticks(harness: &mut Harness<'_, EditorApp>, ticks: usize) {
        for _ in 0..ticks {
            harness.key_press(egui::Key::Period);
            harness.run_steps(1);
        }
    }

    /// Applies `action` to the app as its panels would, on the harness's context.
    pub fn act(harness: &mut Harness<'_, EditorApp>, action: steerlab::editor::Action) {
        let ctx = harness.ctx.clone();
        harness.state_mut().apply(&ctx, action);
    }

    /// What the last frame copied to the clipboard.
    pub fn copied(harness: &Harness<'_, EditorApp>) -> Vec<String> {
        harness
            .output()
            .platform_output
            .commands
            .iter()
            .filter_map(|c| match c {
                egui::OutputCommand::CopyText(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    }

    /// Scrolls the docked `tool`'s pane by `delta` points down with the mouse wheel over it.
    pub fn scroll_docked(
        harness: &mut Harness<'_, EditorApp>,
        tool: steerlab::editor::dock::ToolWindow,
        delta: f32,
    ) {
        let pane = harness
            .state()
            .dock()
            .rects()
            .into_iter()
            .find_map(|(p, r)| (p == steerlab::editor::dock::Pane::Tool(tool)).then_some(r))
            .expect("the tool docked and in front");
        harness.event(egui::Event::PointerMoved(pane.center()));
        harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -delta),
            modifiers: Modifiers::NONE,
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
        });
        harness.run_steps(3);
    }

    /// Pauses the simulation with Space (when it runs).
    pub fn pause(harness: &mut Harness<'_, EditorApp>) {
        if harness.state().is_playing() {
            harness.key_press(egui::Key::Space);
            harness.run_steps(2);
        }
        assert!(!harness.state().is_playing());
    }

    /// Where a world point is on screen.
    pub fn on_screen(harness: &Harness<'_, EditorApp>, world: glam::Vec2) -> Pos2 {
        harness
            .state()
            .screen_from_world(world)
            .expect("canvas shown")
    }

    /// The primary button goes down or up at `pos`.
    pub fn press(
        harness: &mut Harness<'_, EditorApp>,
        pos: Pos2,
        pressed: bool,
        modifiers: Modifiers,
    ) {
        harness.event(egui::Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers,
        });
        harness.run_steps(1);
    }

    /// A click at a world point; with Shift, the platform's modifier events around it, as
    /// eframe sends them from winit.
    pub fn click_on_canvas(
        harness: &mut Harness<'_, EditorApp>,
        world: glam::Vec2,
        modifiers: Modifiers,
    ) {
        let pos = on_screen(harness, world);
        harness.event(egui::Event::ModifiersChanged(modifiers));
        harness.event(egui::Event::PointerMoved(pos));
        harness.run_steps(1);
        press(harness, pos, true, modifiers);
        press(harness, pos, false, modifiers);
        harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
        harness.run_steps(1);
    }

    /// A drag with the primary button from one world point to another, in `moves` moves.
    pub fn drag_on_canvas(
        harness: &mut Harness<'_, EditorApp>,
        from: glam::Vec2,
        to: glam::Vec2,
        moves: u32,
    ) {
        let a = on_screen(harness, from);
        let b = on_screen(harness, to);
        harness.event(egui::Event::PointerMoved(a));
        harness.run_steps(1);
        press(harness, a, true, Modifiers::NONE);
        for k in 1..=moves {
            harness.event(egui::Event::PointerMoved(
                a + (b - a) * (k as f32 / moves as f32),
            ));
            harness.run_steps(1);
        }
        press(harness, b, false, Modifiers::NONE);
        harness.run_steps(1);
    }
}

/// The point of segment `a → b` closest to `p` (`a` when the segment has no length).
#[must_use]
pub fn closest_on_segment(a: glam::Vec2, b: glam::Vec2, p: glam::Vec2) -> glam::Vec2 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 > 0.0 {
        a + ab * ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        a
    }
}
