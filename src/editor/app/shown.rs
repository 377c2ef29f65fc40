//! What the editor shows of itself to tests and scripts (the scene, the world, the selection,
//! the file, undo, the open questions and windows), and what it keeps between sessions in
//! eframe's storage.

use std::path::Path;

use glam::Vec2;

use super::EditorApp;
use crate::editor::action::Pending;
use crate::editor::capture::{self, CaptureError, CaptureJob};
use crate::editor::document::Document;
use crate::editor::persist::{AUTOSAVE_KEY, Autosave, PREFS_KEY, Prefs};
use crate::editor::windows;
use crate::scene::Scene;
use crate::sim::World;
use crate::view::present::Presentation;

impl EditorApp {
    /// The scene being edited.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        self.doc.scene()
    }

    /// The document: scene, saved scene, file, undo and marks.
    #[must_use]
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The live world.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.session.world
    }

    /// Whether the simulation runs.
    #[must_use]
    pub fn is_playing(&self) -> bool {
        self.session.playing
    }

    /// Where a world point is on screen in the last frame (`None` before the first frame).
    #[must_use]
    pub fn screen_from_world(&self, p: Vec2) -> Option<egui::Pos2> {
        self.canvas
            .rect
            .map(|rect| self.canvas.view.screen_from_world(rect, p))
    }

    /// Errors of the last failed open or save.
    #[must_use]
    pub fn load_errors(&self) -> &[String] {
        &self.files.errors
    }

    /// The status line's text.
    #[must_use]
    pub fn status(&self) -> &str {
        &self.files.status
    }

    /// The selected agent.
    #[must_use]
    pub fn selected(&self) -> Option<u32> {
        self.session.selected
    }

    /// Selects an agent.
    pub(crate) fn select(&mut self, id: Option<u32>) {
        self.session.select(id);
    }

    /// The group the inspector shows.
    #[must_use]
    pub fn current_group(&self) -> usize {
        self.session.current_group
    }

    /// The window title: the file name (or where the scene came from), a ● when there are
    /// unsaved changes, and the scene name.
    #[must_use]
    pub fn title(&self) -> String {
        self.doc.title()
    }

    /// Whether the scene differs from the file (or the preset) it came from.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// The scene as last saved or loaded.
    #[must_use]
    pub fn saved_scene(&self) -> &Scene {
        self.doc.saved()
    }

    /// The open file.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.doc.path()
    }

    /// The question waiting on an answer (save changes?), if any.
    #[must_use]
    pub fn pending(&self) -> Option<&Pending> {
        self.prompts.pending.as_ref()
    }

    /// Number of edits that can be undone (pending edits not yet committed excluded).
    #[must_use]
    pub fn undo_position(&self) -> usize {
        self.doc.undo_position()
    }

    /// Whether undo and redo have something to do.
    #[must_use]
    pub fn can_undo_redo(&self) -> crate::editor::document::UndoRedo {
        self.doc.can_undo_redo()
    }

    /// Whether a native file dialog is open.
    #[must_use]
    pub fn file_dialog_open(&self) -> bool {
        self.files.waiting()
    }

    /// Whether the window is cleared to close (nothing unsaved, or the user answered).
    #[must_use]
    pub fn will_close(&self) -> bool {
        self.prompts.close_confirmed
    }

    /// Whether the last session's unsaved work is offered for restore.
    #[must_use]
    pub fn restore_offered(&self) -> bool {
        self.prompts.restore_offer.is_some()
    }

    /// Whether presentation mode is on.
    #[must_use]
    pub fn is_presenting(&self) -> bool {
        self.presenting.is_some()
    }

    /// The canvas tools: the tool in use, snapping, the picked scenery, the selected path.
    #[must_use]
    pub fn tools(&self) -> &crate::view::ToolState {
        &self.canvas.tools
    }

    /// The pinned baseline, if any.
    #[must_use]
    pub fn baseline(&self) -> Option<&crate::editor::baseline::Baseline> {
        self.session.baseline.as_ref()
    }

    /// The live run's metrics so far.
    #[must_use]
    pub fn metrics(&self) -> crate::sim::observe::metrics::Metrics {
        self.session.recorder.report(&self.session.world)
    }

    /// The baseline run's metrics so far.
    #[must_use]
    pub fn baseline_metrics(&self) -> Option<crate::sim::observe::metrics::Metrics> {
        self.session
            .baseline
            .as_ref()
            .map(|b| b.recorder.report(&b.world))
    }

    /// Where the tool windows are: the dock's layout and the floating tools.
    #[must_use]
    pub fn dock(&self) -> &crate::editor::dock::Dock {
        &self.prefs.dock
    }

    /// Which floating windows are open.
    #[must_use]
    pub fn open_windows(&self) -> windows::Open {
        self.open
    }

    /// The sweep window's settings, job and results.
    pub fn sweep(&self) -> &windows::SweepPanel {
        &self.jobs.sweep
    }

    /// The Tune window's settings, search and result.
    pub fn tune(&self) -> &windows::TunePanel {
        &self.jobs.tune
    }

    /// The Atlas window's settings, fill and atlas.
    pub fn atlas(&self) -> &windows::AtlasPanel {
        &self.jobs.atlas
    }

    /// The Atlas window's settings, to change them as its controls do.
    pub fn atlas_mut(&mut self) -> &mut windows::AtlasPanel {
        &mut self.jobs.atlas
    }

    /// Blocks until the Atlas window's running fill (if any) is done and collects it.
    pub fn wait_for_atlas(&mut self) {
        self.jobs.atlas.wait();
    }

    /// Blocks until the Tune window's running search (if any) is done and collects it.
    pub fn wait_for_tune(&mut self) {
        self.jobs.tune.wait();
    }

    /// The file that "replace the file?" asks about, while it asks.
    #[must_use]
    pub fn replace_asked(&self) -> Option<&Path> {
        self.prompts.replace.as_ref().map(|r| r.path.as_path())
    }

    /// The label of the baseline that "keep the baseline?" asks about, while it asks.
    #[must_use]
    pub fn keep_baseline_asked(&self) -> Option<&str> {
        self.prompts.keep_baseline.as_deref()
    }

    /// What waits for a Save As to finish ("save changes?" answered Save on a scene with no
    /// file yet).
    #[must_use]
    pub fn after_save(&self) -> Option<&Pending> {
        self.prompts.after_save.as_ref()
    }

    /// The goals' check on every seed (what the Goals and Tune windows show).
    pub fn goal_check(&self) -> &windows::goals::GoalCheck {
        &self.jobs.goal_check
    }

    /// Blocks until the goals' running check (if any) is done and collects it.
    pub fn wait_for_goal_check(&mut self) {
        self.jobs.goal_check.wait();
    }

    /// Blocks until the sweep window's running sweep (if any) is done and collects it.
    pub fn wait_for_sweep(&mut self) {
        self.jobs.sweep.wait();
    }

    /// Whether the help window is open.
    #[must_use]
    pub fn help_open(&self) -> bool {
        self.open.help
    }

    /// The presentation settings (size, legend, caption).
    pub fn presentation(&self) -> &Presentation {
        &self.prefs.presentation
    }

    /// The recording settings.
    pub fn capture_settings(&self) -> &capture::CaptureSettings {
        &self.prefs.capture
    }

    /// Where the canvas was drawn last frame (`None` before the first frame).
    #[must_use]
    pub fn canvas_rect(&self) -> Option<egui::Rect> {
        self.canvas.rect
    }

    /// The canvas's centre and zoom.
    #[must_use]
    pub fn canvas_view(&self) -> &crate::view::View {
        &self.canvas.view
    }

    /// The overlay toggles, scope and scales.
    #[must_use]
    pub fn overlays(&self) -> &crate::view::Overlays {
        &self.overlays
    }

    /// Frames done and in all of the running recording.
    #[must_use]
    pub fn recording_progress(&self) -> Option<(u32, u32)> {
        self.jobs.recording.as_ref().map(CaptureJob::progress)
    }

    /// Waits for the running take and returns its result (for tests and scripts).
    pub fn finish_recording(&mut self) -> Option<Result<u32, CaptureError>> {
        let mut recording = self.jobs.recording.take()?;
        Some(recording.wait())
    }

    /// Reads the preferences and any unsaved work a previous session left in `storage`.
    pub fn load_storage(&mut self, storage: &dyn eframe::Storage) {
        if let Some(text) = storage.get_string(PREFS_KEY) {
            self.prefs = Prefs::from_ron(&text);
            self.overlays = self.prefs.overlays.clone();
        } else {
            // The first launch: what the editor is and three things to try.
            self.open.start = true;
            // On the desktop the scene waits behind it. A browser's first visit mostly comes
            // by a link to a scene, there to be seen playing: it plays at once.
            self.prompts.first_launch = !cfg!(target_arch = "wasm32");
        }
        if let Some(text) = storage.get_string(AUTOSAVE_KEY) {
            match Autosave::from_ron(&text) {
                Ok(restored) => self.prompts.restore_offer = Some(restored),
                Err(e) => {
                    self.files.errors = vec![format!(
                        "The last session's unsaved work could not be read: {e}"
                    )];
                }
            }
        }
    }

    /// Writes the preferences, and the unsaved work when there is any (and removes the entry
    /// when there is none, so the next start only offers a restore after a crash or a kill).
    pub fn store(&mut self, storage: &mut dyn eframe::Storage) {
        self.prefs.overlays = self.overlays.clone();
        storage.set_string(PREFS_KEY, self.prefs.to_ron());
        if self.prompts.restore_offer.is_some() {
            // Not answered yet: leave the last session's work where it is.
            return;
        }
        if self.doc.is_dirty() && !self.prompts.close_confirmed {
            let mut entry = Autosave::new(
                self.doc.scene(),
                self.doc.saved(),
                self.doc.path().map(Path::to_path_buf),
                self.doc.origin(),
                self.doc.history(),
            );
            entry.view = Some(crate::editor::persist::LiveView {
                overlays: self.overlays.clone(),
                selected: self.session.selected,
                canvas: self.canvas.view.clone(),
                tools: crate::editor::dock::ToolWindow::ALL
                    .into_iter()
                    .filter(|&t| self.open.has(t))
                    .collect(),
            });
            storage.set_string(AUTOSAVE_KEY, entry.to_ron());
        } else {
            storage.remove_string(AUTOSAVE_KEY);
        }
    }
}
