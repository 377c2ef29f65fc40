//! The menu bar: File, Edit, Presets and Help, then the transport (play, step, restart, fit,
//! present, capture, time scale) and the clock. Shortcut labels come from the shortcut table.

use std::path::PathBuf;

use egui::Ui;

use crate::editor::action::{Action, Pending};
use crate::editor::platform;
use crate::editor::session::MIN_TIME_SCALE;
use crate::editor::shortcuts;
use crate::scene::presets;

/// A window narrower than this (in points) drops the frame time from the bar.
const NARROW_WINDOW: f32 = 1200.0;

/// The menu bar over one frame's state.
pub struct MenuBar<'a> {
    /// The scene has unsaved changes.
    pub dirty: bool,
    /// Undo and redo have something to do.
    pub can_undo_redo: crate::editor::document::UndoRedo,
    /// Number of fields changed since saved.
    pub changes: usize,
    /// Recent files, newest first.
    pub recent: &'a [PathBuf],
    /// Frames done and in all of the running recording.
    pub recording: Option<(u32, u32)>,
    /// The simulation runs.
    pub playing: bool,
    /// Ticks so far.
    pub tick: u64,
    /// Simulated seconds so far.
    pub time_secs: f64,
    /// Real seconds of the last frame.
    pub frame_secs: f32,
    /// What the baseline is, when one is pinned.
    pub baseline: Option<&'a str>,
    /// Ticks per second run and due, when the run falls behind real time.
    pub behind: Option<(f64, f64)>,
    /// A small screen: the transport keeps Play, Fit and Present.
    pub small: bool,
}

/// The Presets menu: a submenu per shelf, each scrolling when the window is too short for it,
/// so that every preset can be reached on any screen.
fn presets_menu_ui(ui: &mut Ui, actions: &mut Vec<Action>) {
    shelves_ui(ui, actions, |preset| {
        Action::Request(Pending::Preset(preset))
    });
}

/// A submenu per shelf of presets, each scrolling when the window is too short for it; a click
/// on a preset pushes `action(preset)`.
fn shelves_ui(ui: &mut Ui, actions: &mut Vec<Action>, action: impl Fn(presets::Preset) -> Action) {
    for shelf in presets::Shelf::ALL {
        ui.menu_button(shelf.label(), |ui| {
            let room = (ui.ctx().content_rect().height() - 80.0).max(120.0);
            egui::ScrollArea::vertical()
                .max_height(room)
                .show(ui, |ui| {
                    for preset in shelf.presets() {
                        if ui.button(preset.file.trim_end_matches(".ron")).clicked() {
                            actions.push(action(preset));
                            ui.close();
                        }
                    }
                });
        });
    }
}

/// A menu button showing the shortcut of `action` from the table.
fn item_ui(ui: &mut Ui, enabled: bool, text: &str, action: &Action) -> egui::Response {
    let keys = shortcuts::menu_text(ui.ctx(), action);
    ui.add_enabled(enabled, egui::Button::new(text).shortcut_text(keys))
}

/// A tooltip naming the keys of `action` and what they do (`Space: play / pause`).
fn keys_tip(action: &Action) -> String {
    shortcuts::row_of(action).map_or_else(String::new, |row| {
        format!("{}: {}", row.keys_label(), row.what_here())
    })
}

impl MenuBar<'_> {
    /// Shows the bar; `time_scale` is edited in place.
    pub fn ui(self, ui: &mut Ui, time_scale: &mut f32) -> Vec<Action> {
        let mut actions = Vec::new();
        egui::MenuBar::new().ui(ui, |ui| {
            // A narrow window wraps the bar onto a second line rather than cutting it off.
            ui.horizontal_wrapped(|ui| {
                ui.menu_button("File", |ui| self.file_menu_ui(ui, &mut actions));
                ui.menu_button("Edit", |ui| self.edit_menu_ui(ui, &mut actions));
                ui.menu_button("Compare", |ui| self.compare_menu_ui(ui, &mut actions));
                ui.menu_button("Presets", |ui| presets_menu_ui(ui, &mut actions));
                ui.menu_button("Help", |ui| {
                    if ui.button("Start here").clicked() {
                        actions.push(Action::ShowStart);
                        ui.close();
                    }
                    if item_ui(ui, true, "Keyboard and mouse", &Action::ToggleHelp).clicked() {
                        actions.push(Action::ShowHelp);
                    }
                });
                ui.separator();
                self.transport_ui(ui, time_scale, &mut actions);
            });
        });
        actions
    }

    fn file_menu_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let new = Action::Request(Pending::New);
        if item_ui(ui, true, "New", &new)
            .on_hover_text("A fresh scene: one group of wanderers.")
            .clicked()
        {
            actions.push(new);
        }
        let open = Action::Request(Pending::OpenDialog);
        if item_ui(ui, true, "Open…", &open).clicked() {
            actions.push(open);
        }
        // A browser has no paths to open again: its files are uploads and downloads.
        if !platform::DOWNLOADS {
            ui.add_enabled_ui(!self.recent.is_empty(), |ui| {
                ui.menu_button("Open Recent", |ui| {
                    for path in self.recent {
                        if ui.button(path.display().to_string()).clicked() {
                            actions.push(Action::Request(Pending::OpenPath(path.clone())));
                        }
                    }
                });
            });
        }
        let (save, save_as) = if platform::DOWNLOADS {
            ("Download", "Download As…")
        } else {
            ("Save", "Save As…")
        };
        if item_ui(ui, true, save, &Action::Save).clicked() {
            actions.push(Action::Save);
        }
        if item_ui(ui, true, save_as, &Action::SaveAs).clicked() {
            actions.push(Action::SaveAs);
        }
        if ui
            .button("Copy link")
            .on_hover_text(
                "A web address that opens this scene, as it is now, in steerlab's web editor: \
                 paste it in a chat or a document.",
            )
            .clicked()
        {
            actions.push(Action::CopyLink);
            ui.close();
        }
        if ui
            .add_enabled(self.dirty, egui::Button::new("Revert to Saved"))
            .on_hover_text("Every parameter as in the saved file (one undo step).")
            .clicked()
        {
            actions.push(Action::RevertToSaved);
        }
        if platform::DOWNLOADS {
            return;
        }
        if ui
            .button("Export sheet…")
            .on_hover_text(
                "A page for the team's wiki, in Markdown and in HTML: the scene's description, \
                 a clip, the values that differ from the defaults, its goals on every seed, its \
                 metrics and a web link (against the pinned baseline when there is one), \
                 written into a folder beside the takes (Capture's folder).",
            )
            .clicked()
        {
            actions.push(Action::ExportSheet);
            ui.close();
        }
        ui.separator();
        if ui
            .button("Open path…")
            .on_hover_text("Type a path (for machines without a file dialog).")
            .clicked()
        {
            actions.push(Action::Request(Pending::OpenPathField));
        }
        if ui.button("Save to path…").clicked() {
            actions.push(Action::SaveToPathField);
        }
    }

    fn edit_menu_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let crate::editor::document::UndoRedo {
            undo: can_undo,
            redo: can_redo,
        } = self.can_undo_redo;
        if item_ui(ui, can_undo, "Undo", &Action::Undo).clicked() {
            actions.push(Action::Undo);
        }
        if item_ui(ui, can_redo, "Redo", &Action::Redo).clicked() {
            actions.push(Action::Redo);
        }
        ui.separator();
        if item_ui(ui, true, "Copy group parameters", &Action::CopyGroup).clicked() {
            actions.push(Action::CopyGroup);
        }
        if item_ui(ui, true, "Paste group parameters", &Action::RequestPaste).clicked() {
            actions.push(Action::RequestPaste);
        }
        ui.separator();
        if ui
            .button(format!("Changes since saved ({})…", self.changes))
            .clicked()
        {
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Changes));
        }
    }

    fn compare_menu_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let pinned = self.baseline.is_some();
        let entries = [
            (
                true,
                "Pin baseline",
                "Keep the scene as it is now: from here on it runs beside your edits, tick for \
                 tick, drawn as ghosts.",
                Action::PinBaseline,
            ),
            (
                true,
                "Compare with saved file",
                "The saved file becomes the baseline; both runs restart from the seed.",
                Action::CompareWithSaved,
            ),
            (
                pinned,
                "Swap baseline and current",
                "The baseline becomes the scene you edit, and the scene the baseline (one undo \
                 step).",
                Action::SwapBaseline,
            ),
            (
                pinned,
                "Unpin baseline",
                "Drop the baseline.",
                Action::Unpin,
            ),
        ];
        for (enabled, text, tip, action) in entries {
            if ui
                .add_enabled(enabled, egui::Button::new(text))
                .on_hover_text(tip)
                .clicked()
            {
                actions.push(action);
            }
            if text == "Compare with saved file" {
                let from_file = if platform::DOWNLOADS {
                    "Pin baseline from upload…"
                } else {
                    "Pin baseline from file…"
                };
                if ui
                    .button(from_file)
                    .on_hover_text(
                        "Another scene file as the baseline: its ghosts run beside this scene and \
                         Metrics compares the two (both restart from their seeds).",
                    )
                    .clicked()
                {
                    actions.push(Action::PinBaselineFromFile);
                }
                ui.menu_button("Pin baseline from preset", |ui| {
                    shelves_ui(ui, actions, Action::PinPreset);
                });
            }
        }
        // Always a line here, so Metrics and Sweep stay where the hand expects them.
        ui.weak(format!("Baseline: {}", self.baseline.unwrap_or("none")));
        ui.separator();
        if ui.button("Metrics…").clicked() {
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Metrics));
        }
        if ui
            .button("Sweep…")
            .on_hover_text("Run the scene for a range of one parameter and compare the metrics.")
            .clicked()
        {
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Sweep));
        }
        if ui
            .button("Atlas…")
            .on_hover_text(
                "Every distinct behavior the scene's fields can give, as a grid over two \
                 metrics: pick one to try.",
            )
            .clicked()
        {
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Atlas));
        }
        if ui
            .button("Goals…")
            .on_hover_text("What good is for this scene, and whether the run on screen meets it.")
            .clicked()
        {
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Goals));
        }
        if ui
            .button("Tune…")
            .on_hover_text("Find the values that meet every goal with the smallest change.")
            .clicked()
        {
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Tune));
        }
    }

    fn transport_ui(&self, ui: &mut Ui, time_scale: &mut f32, actions: &mut Vec<Action>) {
        let play = if self.playing { "Pause" } else { "Play" };
        let buttons = [
            (play, Action::TogglePlay),
            ("Step", Action::Step),
            ("Restart", Action::Restart),
            ("Fit", Action::Fit),
            ("Present", Action::TogglePresent),
        ];
        for (text, action) in buttons {
            let wanted = matches!(
                action,
                Action::TogglePlay | Action::Fit | Action::TogglePresent
            );
            if self.small && !wanted {
                continue;
            }
            if ui.button(text).on_hover_text(keys_tip(&action)).clicked() {
                actions.push(action);
            }
        }
        if self.small {
            return;
        }
        let capture = match self.recording {
            Some((done, total)) => format!("Recording {done}/{total}"),
            None => "Capture…".to_owned(),
        };
        if ui
            .button(capture)
            .on_hover_text(
                "Screenshots, and frame-exact recordings to MP4 video, GIF, APNG or PNG frames.",
            )
            .clicked()
        {
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Capture));
        }
        // In a narrow window the words give way to their tooltips rather than wrap the bar.
        let narrow = ui.ctx().content_rect().width() < NARROW_WINDOW;
        let slider = egui::Slider::new(time_scale, MIN_TIME_SCALE..=4.0)
            .logarithmic(true)
            .suffix("×");
        if narrow {
            ui.add(slider).on_hover_text("time scale");
        } else {
            ui.add(slider.text("time scale"));
        }
        ui.separator();
        let frame = format!("frame {:>5.1} ms", self.frame_secs * 1000.0);
        let time = format!("t {:>7.2} s", self.time_secs);
        let tick = format!("tick {:>6}", self.tick);
        if narrow {
            ui.monospace(tick).on_hover_text(format!("{time}  {frame}"));
        } else {
            ui.monospace(format!("{tick}  {time}  {frame}"));
        }
        if let Some((run, due)) = self.behind {
            let text = if narrow {
                format!("behind {run:.0}/{due:.0}")
            } else {
                format!("behind: {run:.0} of {due:.0} ticks/s")
            };
            ui.label(egui::RichText::new(text).color(crate::view::palette::WARNING))
                .on_hover_text(format!(
                    "{run:.0} of the {due:.0} ticks a second due run: the simulation cannot keep \
                     up with real time (times the time scale). It runs slower than it would in a \
                     game, the same ticks in the same order. Fewer agents or a lower time scale \
                     catch up."
                ));
        }
    }
}
