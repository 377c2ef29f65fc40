//! The editor application: the document (scene and file), the live world, the fixed-tick
//! transport, and the panels around the canvas.
//!
//! `logic` advances the simulation by whole ticks from real elapsed time (times the time
//! scale), so motion is the same at any frame rate; `ui` paints.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};

use egui::{Key, Panel, Ui};
use glam::Vec2;

use super::canvas::{CanvasAction, CanvasInput, CanvasState, Trails, canvas_ui};
use super::files::{DiskStamp, Files, Purpose};
use super::inspector::{self, Marks};
use super::overlays::{Overlays, group_color};
use super::persist::{AUTOSAVE_KEY, Autosave, PREFS_KEY, Prefs, Restored};
use super::plots::History;
use super::present::{self, Presentation};
use super::record::{self, Recording};
use super::undo::{Edit, Undo};
use crate::scene::{self, Scene, fields, presets};
use crate::sim::World;

/// Most ticks run in one frame; beyond that the simulation slows down rather than stalls.
const MAX_TICKS_PER_FRAME: u32 = 8;

/// A screenshot from egui: the image and what it was taken for.
type Shot = (std::sync::Arc<egui::ColorImage>, &'static str);

/// Every shortcut, for the help overlay (F1 or ?).
const SHORTCUTS: &[(&str, &str)] = &[
    ("Space", "play / pause"),
    (". or Right arrow", "one tick (pauses)"),
    ("R", "restart the world (seed and counts apply)"),
    ("F", "fit the world in view"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
    ("Ctrl+N", "new scene"),
    ("Ctrl+O", "open"),
    ("Ctrl+S", "save"),
    ("Ctrl+Shift+S", "save as"),
    (
        "Ctrl+C / Ctrl+V",
        "copy / paste the current group's parameters (RON)",
    ),
    ("Delete, Backspace", "remove the selected agent"),
    ("F11", "presentation mode: only the canvas (Esc leaves)"),
    ("F1 or ?", "this help"),
    ("Left click", "select an agent, or place the click target"),
    (
        "Left drag",
        "move the click target, a target, an obstacle or an agent",
    ),
    ("Shift+click", "add an agent of the current group"),
    ("Wheel", "zoom at the pointer"),
    ("Right or middle drag", "pan"),
    (
        "Double-click a label",
        "reset that parameter to its default",
    ),
    ("Right-click a label", "reset to default or revert to saved"),
];

/// Seconds between checks of the open file for changes on disk.
const RELOAD_POLL_SECS: f64 = 0.5;

/// Something the user asked for that would drop unsaved changes: it waits on Save, Discard or
/// Cancel.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// File › New.
    New,
    /// File › Open… (the dialog).
    OpenDialog,
    /// Open this file (recent files, a dropped file, the path field).
    OpenPath(PathBuf),
    /// Open a built-in preset.
    Preset(presets::Preset),
    /// File › Open path… (the in-app path field).
    OpenPathField,
    /// Close the window.
    Close,
}

/// An answer to "save your changes first?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save, then go on.
    Save,
    /// Go on without saving.
    Discard,
    /// Do nothing.
    Cancel,
}

/// The editor.
#[allow(clippy::struct_excessive_bools)] // Independent switches: play, follow, windows, close.
pub struct EditorApp {
    scene: Scene,
    /// The scene as last saved or loaded: what "unsaved changes" are measured against.
    saved: Scene,
    /// The scene at the last undo step; edits since then are committed when the pointer is up.
    committed: Scene,
    undo: Undo,
    marks: Option<Marks>,
    path: Option<PathBuf>,
    origin: String,
    /// The open file as last read or written, for hot reload.
    disk: Option<DiskStamp>,
    last_poll_secs: f64,
    /// The open file changed on disk while there were unsaved edits: the new content waits on
    /// the user's choice.
    reload_offer: Option<Scene>,
    pending: Option<Pending>,
    /// What to do once a Save As started from a "save changes?" question has saved.
    after_save: Option<Pending>,
    /// The window may close (the user answered, or there was nothing to lose).
    close_confirmed: bool,
    restore_offer: Option<Restored>,
    prefs: Prefs,
    show_help: bool,
    show_changes: bool,
    show_capture: bool,
    paste_requested: bool,
    /// Only the canvas, at the presentation size (F11; Esc leaves).
    presenting: bool,
    recording: Option<Recording>,
    /// A canvas screenshot is on its way: the floating windows are not drawn over the canvas.
    shot_pending: bool,
    /// Screenshots arrive here from egui's callback (the image and "canvas" or "window").
    screenshots: (Sender<Shot>, Receiver<Shot>),
    world: World,
    playing: bool,
    time_scale: f32,
    accumulator_secs: f64,
    frame_secs: f32,
    canvas: CanvasState,
    /// The overlay toggles.
    pub overlays: Overlays,
    selected: Option<u32>,
    follow: bool,
    current_group: usize,
    history: History,
    trails: Trails,
    files: Files,
    rejected: Vec<String>,
    title: String,
}

/// A scene that always builds: the built-in default.
fn default_scene() -> Scene {
    scene::from_str(presets::DEFAULT.text, presets::DEFAULT.file)
        .unwrap_or_else(|_| fallback_scene())
}

/// Used only if the embedded default were ever invalid (a test guards that it is not).
fn fallback_scene() -> Scene {
    Scene::new_default()
}

impl EditorApp {
    /// The editor on `scene`, read from `path` (if any). Starts playing.
    #[must_use]
    pub fn new(scene: Scene, path: Option<PathBuf>, origin: &str) -> Self {
        // A scene that does not build falls back to the default one (the callers only pass
        // validated scenes, and a test keeps the built-in default valid).
        let (scene, world) = if let Ok(world) = scene.build_world() {
            (scene, world)
        } else {
            let scene = default_scene();
            let world = scene.build_world().unwrap_or_default();
            (scene, world)
        };
        let disk = path.as_deref().and_then(DiskStamp::read);
        Self {
            saved: scene.clone(),
            committed: scene.clone(),
            scene,
            undo: Undo::default(),
            marks: None,
            path,
            origin: origin.to_owned(),
            disk,
            last_poll_secs: 0.0,
            reload_offer: None,
            pending: None,
            after_save: None,
            close_confirmed: false,
            restore_offer: None,
            prefs: Prefs::default(),
            show_help: false,
            show_changes: false,
            show_capture: false,
            paste_requested: false,
            presenting: false,
            recording: None,
            shot_pending: false,
            screenshots: std::sync::mpsc::channel(),
            world,
            playing: true,
            time_scale: 1.0,
            accumulator_secs: 0.0,
            frame_secs: 0.0,
            canvas: CanvasState::default(),
            overlays: Overlays::default(),
            selected: None,
            follow: false,
            current_group: 0,
            history: History::default(),
            trails: Trails::default(),
            files: Files::default(),
            rejected: Vec::new(),
            title: String::new(),
        }
    }

    /// The editor on the built-in default scene.
    #[must_use]
    pub fn with_default_scene() -> Self {
        Self::new(
            default_scene(),
            None,
            &format!("built-in {}", presets::DEFAULT.file),
        )
    }

    /// The scene being edited.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The live world.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Whether the simulation runs.
    #[must_use]
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Where a world point is on screen in the last frame (`None` before the first frame).
    #[must_use]
    pub fn screen_from_world(&self, p: Vec2) -> Option<egui::Pos2> {
        self.canvas
            .rect
            .map(|rect| self.canvas.view.screen_from_world(rect, p))
    }

    /// Plays or pauses the simulation.
    pub fn set_playing(&mut self, playing: bool) {
        self.playing = playing;
    }

    /// Errors of the last failed open or save.
    #[must_use]
    pub fn load_errors(&self) -> &[String] {
        &self.files.errors
    }

    /// The selected agent.
    #[must_use]
    pub fn selected(&self) -> Option<u32> {
        self.selected
    }

    /// Selects an agent.
    pub fn select(&mut self, id: Option<u32>) {
        self.selected = id;
        self.history.clear();
    }

    /// The window title: the file name (or where the scene came from), a ● when there are
    /// unsaved changes, and the scene name.
    #[must_use]
    pub fn title(&self) -> String {
        let file = self.path.as_ref().map_or_else(
            || self.origin.clone(),
            |p| {
                p.file_name().map_or_else(
                    || p.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                )
            },
        );
        let dirty = if self.is_dirty() { " ●" } else { "" };
        format!("{file}{dirty} — {} — steerlab", self.scene.name)
    }

    /// Whether the scene differs from the file (or the preset) it came from.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.scene != self.saved
    }

    /// The scene as last saved or loaded.
    #[must_use]
    pub fn saved_scene(&self) -> &Scene {
        &self.saved
    }

    /// The open file.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The question waiting on an answer (save changes?), if any.
    #[must_use]
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// Number of edits that can be undone (pending edits not yet committed excluded).
    #[must_use]
    pub fn undo_position(&self) -> usize {
        self.undo.position()
    }

    /// Whether a native file dialog is open.
    #[must_use]
    pub fn file_dialog_open(&self) -> bool {
        self.files.waiting()
    }

    /// Whether the window is cleared to close (nothing unsaved, or the user answered).
    #[must_use]
    pub fn will_close(&self) -> bool {
        self.close_confirmed
    }

    /// Whether the last session's unsaved work is offered for restore.
    #[must_use]
    pub fn restore_offered(&self) -> bool {
        self.restore_offer.is_some()
    }

    /// Whether undo and redo have something to do.
    #[must_use]
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (
            self.undo.can_undo() || self.scene != self.committed,
            self.undo.can_redo(),
        )
    }

    /// Replaces the document and restarts the world on it.
    fn set_scene(&mut self, scene: Scene, path: Option<PathBuf>, origin: String) {
        match scene.build_world() {
            Ok(world) => {
                self.disk = path.as_deref().and_then(DiskStamp::read);
                if let Some(p) = &path {
                    self.prefs.touch(p);
                }
                self.saved = scene.clone();
                self.committed = scene.clone();
                self.scene = scene;
                self.undo.clear();
                self.reload_offer = None;
                self.path = path;
                self.origin = origin;
                self.world = world;
                self.after_restart();
                self.canvas.view.fit_pending = true;
                self.current_group = 0;
                self.selected = None;
            }
            Err(problems) => {
                self.files.errors = problems.iter().map(ToString::to_string).collect();
            }
        }
    }

    /// Opens a scene file. A file that fails to load leaves the current scene untouched and
    /// shows its errors.
    pub fn open_path(&mut self, path: &Path) {
        match scene::load(path) {
            Ok(scene) => {
                self.files.errors.clear();
                self.files.status = format!("Opened {}", path.display());
                self.set_scene(scene, Some(path.to_owned()), String::new());
            }
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.status = format!("Could not open {}", path.display());
            }
        }
    }

    /// Opens a built-in preset.
    pub fn open_preset(&mut self, preset: presets::Preset) {
        match scene::from_str(preset.text, preset.file) {
            Ok(scene) => self.set_scene(scene, None, format!("built-in {}", preset.file)),
            Err(errors) => self.files.errors = errors.0.iter().map(ToString::to_string).collect(),
        }
    }

    /// Saves to `path` (atomically) and makes it the document's file.
    pub fn save_to(&mut self, path: &Path) {
        match scene::save(path, &self.scene) {
            Ok(()) => {
                self.path = Some(path.to_owned());
                self.saved = self.scene.clone();
                self.disk = DiskStamp::read(path);
                self.reload_offer = None;
                self.prefs.touch(path);
                self.files.errors.clear();
                self.files.status = format!("Saved {}", path.display());
                if let Some(next) = self.after_save.take() {
                    self.perform(next);
                }
            }
            Err(e) => {
                self.after_save = None;
                self.files.errors = vec![e.to_string()];
                "Save failed: the file on disk is unchanged".clone_into(&mut self.files.status);
            }
        }
    }

    /// Rebuilds the world from the scene (seed, counts and spawning apply here).
    pub fn restart(&mut self) {
        match self.scene.build_world() {
            Ok(world) => {
                self.world = world;
                self.after_restart();
            }
            Err(problems) => self.rejected = problems.iter().map(ToString::to_string).collect(),
        }
    }

    fn after_restart(&mut self) {
        self.undo.forget_agent_edits();
        self.accumulator_secs = 0.0;
        self.history.clear();
        self.trails.clear();
        self.rejected.clear();
    }

    /// Runs exactly one tick.
    pub fn step_once(&mut self) {
        self.world.step();
        self.after_tick();
    }

    fn after_tick(&mut self) {
        self.history.record(&self.world, self.selected);
        if self.overlays.trails && self.world.tick().is_multiple_of(2) {
            let only = match self.overlays.scope {
                super::overlays::Scope::All => None,
                super::overlays::Scope::Selected => Some(self.selected.unwrap_or(u32::MAX)),
            };
            self.trails.sample(&self.world, only);
        }
    }

    /// Applies an edited draft of the scene: on the next tick when valid, refused otherwise.
    fn apply_draft(&mut self, draft: Scene) {
        if draft == self.scene {
            return;
        }
        let structural = draft.groups.len() != self.scene.groups.len();
        if structural {
            self.scene = draft;
            self.restart();
            return;
        }
        match self.world.retune(draft.world_spec()) {
            Ok(()) => {
                self.scene = draft;
                self.rejected.clear();
            }
            Err(problems) => self.rejected = problems.iter().map(ToString::to_string).collect(),
        }
    }

    fn apply_canvas(&mut self, actions: Vec<CanvasAction>) {
        for action in actions {
            match action {
                CanvasAction::Select(id) => {
                    if id != self.selected {
                        self.select(id);
                    }
                    if let Some(i) = id.and_then(|id| self.world.index_of(id)) {
                        self.current_group = usize::from(self.world.agents()[i].group);
                    }
                }
                CanvasAction::SetClick(p) => {
                    self.world.set_click(p);
                    self.scene.click_target = Some(p);
                }
                CanvasAction::MovePointTarget(g, kind, p) => {
                    let mut draft = self.scene.clone();
                    if let Some(target) = draft
                        .groups
                        .get_mut(g)
                        .and_then(|group| group.target_mut(kind))
                    {
                        *target = crate::sim::Target::Point(p);
                    }
                    self.apply_draft(draft);
                }
                CanvasAction::MoveObstacle(i, p) => {
                    let mut draft = self.scene.clone();
                    if let Some(o) = draft.obstacles.get_mut(i) {
                        o.center = p;
                    }
                    self.apply_draft(draft);
                }
                CanvasAction::MoveAgent(id, p) => self.world.move_agent(id, p),
                CanvasAction::AddAgent(p) => {
                    let group = self
                        .current_group
                        .min(self.scene.groups.len().saturating_sub(1));
                    if let Some(id) = self.world.add_agent(group, p, Vec2::ZERO) {
                        if let Some(i) = self.world.index_of(id) {
                            self.commit_now();
                            self.undo
                                .push(Edit::AddAgent(Box::new(self.world.agents()[i].clone())));
                        }
                        self.select(Some(id));
                    }
                }
                CanvasAction::RemoveAgent(id) => {
                    if let Some(i) = self.world.index_of(id) {
                        self.commit_now();
                        self.undo
                            .push(Edit::RemoveAgent(Box::new(self.world.agents()[i].clone())));
                    }
                    self.world.remove_agent(id);
                    if self.selected == Some(id) {
                        self.select(None);
                    }
                }
            }
        }
    }

    /// Asks for `action`: at once when nothing unsaved would be lost, otherwise after the
    /// user answers Save, Discard or Cancel.
    pub fn request(&mut self, action: Pending) {
        if self.is_dirty() {
            self.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    /// Does `action` now, whatever is unsaved.
    fn perform(&mut self, action: Pending) {
        match action {
            Pending::New => self.set_scene(Scene::new_default(), None, "new".to_owned()),
            Pending::OpenDialog => self.ask(Purpose::Open),
            Pending::OpenPathField => self.files.path_field = Some((Purpose::Open, String::new())),
            Pending::OpenPath(path) => self.open_path(&path),
            Pending::Preset(preset) => self.open_preset(preset),
            Pending::Close => self.close_confirmed = true,
        }
    }

    /// The answer to "save changes?".
    pub fn answer(&mut self, answer: Answer) {
        let Some(action) = self.pending.take() else {
            return;
        };
        match answer {
            Answer::Cancel => {}
            Answer::Discard => self.perform(action),
            Answer::Save => {
                self.after_save = Some(action);
                if let Some(path) = self.path.clone() {
                    self.save_to(&path);
                } else {
                    self.ask(Purpose::SaveAs);
                }
            }
        }
    }

    /// Records the scene edits made since the last step as one undo step, once no pointer
    /// button is held (so a whole drag is one step) and no value is being typed.
    fn commit_edits(&mut self, ctx: &egui::Context) {
        let busy = ctx.input(|i| i.pointer.any_down()) || ctx.egui_wants_keyboard_input();
        if !busy {
            self.commit_now();
        }
    }

    fn commit_now(&mut self) {
        if self.scene != self.committed {
            let before = std::mem::replace(&mut self.committed, self.scene.clone());
            self.undo.push(Edit::Scene {
                before: Box::new(before),
                after: Box::new(self.scene.clone()),
            });
        }
    }

    /// Undoes the last edit.
    pub fn undo(&mut self) {
        self.commit_now();
        if let Some(edit) = self.undo.undo().cloned() {
            self.apply_edit(&edit, false);
            "Undo".clone_into(&mut self.files.status);
        }
    }

    /// Redoes the last undone edit.
    pub fn redo(&mut self) {
        self.commit_now();
        if let Some(edit) = self.undo.redo().cloned() {
            self.apply_edit(&edit, true);
            "Redo".clone_into(&mut self.files.status);
        }
    }

    /// Applies `edit` forwards (redo) or backwards (undo).
    fn apply_edit(&mut self, edit: &Edit, forwards: bool) {
        match edit {
            Edit::Scene { before, after } => {
                let target = if forwards { after } else { before };
                self.set_scene_state((**target).clone());
            }
            Edit::AddAgent(agent) | Edit::RemoveAgent(agent) => {
                let add = matches!(edit, Edit::AddAgent(_)) == forwards;
                if add {
                    self.world.insert_agent((**agent).clone());
                } else {
                    self.world.remove_agent(agent.id);
                    if self.selected == Some(agent.id) {
                        self.select(None);
                    }
                }
            }
        }
    }

    /// Makes `scene` the edited scene (an undo target, a revert, a reload): the world follows
    /// from the next tick, or restarts when the groups changed.
    fn set_scene_state(&mut self, scene: Scene) {
        self.apply_draft(scene);
        self.committed = self.scene.clone();
        self.current_group = self
            .current_group
            .min(self.scene.groups.len().saturating_sub(1));
    }

    /// Reverts the whole scene to the file (one undo step).
    pub fn revert_to_saved(&mut self) {
        self.commit_now();
        self.apply_draft(self.saved.clone());
        self.commit_now();
    }

    /// Copies the current group's parameters to the clipboard as RON.
    pub fn copy_group(&mut self, ctx: &egui::Context) {
        if let Some(group) = self.scene.groups.get(self.current_group) {
            ctx.copy_text(scene::group_to_string(group));
            self.files.status = format!("Copied the parameters of group {}", group.name);
        }
    }

    /// Pastes group parameters (RON text) into the current group: everything but its name,
    /// count and spawning. Text that does not parse or validate changes nothing and shows why.
    pub fn paste_group(&mut self, text: &str) {
        let Some(current) = self.scene.groups.get(self.current_group) else {
            return;
        };
        match scene::group_from_str(text, "clipboard") {
            Ok(pasted) => {
                let mut draft = self.scene.clone();
                draft.groups[self.current_group] = crate::sim::Group {
                    name: current.name.clone(),
                    count: current.count,
                    spawn: current.spawn.clone(),
                    ..pasted
                };
                self.commit_now();
                self.apply_draft(draft);
                if self.rejected.is_empty() {
                    self.files.errors.clear();
                    self.files.status = format!(
                        "Pasted parameters into group {}",
                        self.scene.groups[self.current_group].name
                    );
                } else {
                    self.files.errors = std::mem::take(&mut self.rejected);
                }
            }
            Err(errors) => self.files.errors = errors.0.iter().map(ToString::to_string).collect(),
        }
    }

    /// Checks the open file for changes on disk: reloads it when nothing is unsaved, asks
    /// otherwise; a file that no longer loads shows its errors and changes nothing.
    pub fn poll_disk(&mut self) {
        let (Some(path), Some(stamp)) = (self.path.clone(), self.disk.as_ref()) else {
            return;
        };
        if stamp.unchanged(&path) {
            return;
        }
        let Some(now) = DiskStamp::read(&path) else {
            return;
        };
        let content_changed = !now.same_content(stamp);
        self.disk = Some(now);
        if !content_changed {
            return;
        }
        match scene::load(&path) {
            Ok(scene) if scene == self.saved => {}
            Ok(scene) => {
                if self.is_dirty() {
                    self.reload_offer = Some(scene);
                } else {
                    self.reload(scene);
                }
            }
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.status = format!(
                    "{} changed on disk and no longer loads; the scene on screen is unchanged",
                    path.display()
                );
            }
        }
    }

    /// Takes the file's new content (one undo step).
    fn reload(&mut self, scene: Scene) {
        self.commit_now();
        self.saved = scene.clone();
        self.apply_draft(scene);
        self.commit_now();
        self.reload_offer = None;
        self.files.errors.clear();
        if let Some(path) = &self.path {
            self.files.status = format!("Reloaded {} (changed on disk)", path.display());
        }
    }

    /// Keeps the unsaved work of the last session, or drops it.
    pub fn answer_restore(&mut self, restore: bool) {
        let Some(offer) = self.restore_offer.take() else {
            return;
        };
        if !restore {
            return;
        }
        let Restored {
            scene,
            saved,
            path,
            origin,
            history,
            position,
        } = offer;
        if let Ok(world) = scene.build_world() {
            self.disk = path.as_deref().and_then(DiskStamp::read);
            self.world = world;
            self.after_restart();
            self.committed = scene.clone();
            self.scene = scene;
            self.saved = saved;
            self.path = path;
            self.origin = origin;
            self.undo = Undo::from_scene_states(&history, position);
            self.canvas.view.fit_pending = true;
            self.current_group = 0;
            self.selected = None;
            "Restored the unsaved work of the last session".clone_into(&mut self.files.status);
        }
    }

    /// Reads the preferences and any unsaved work a previous session left in `storage`.
    pub fn load_storage(&mut self, storage: &dyn eframe::Storage) {
        if let Some(text) = storage.get_string(PREFS_KEY) {
            self.prefs = Prefs::from_ron(&text);
            self.overlays = self.prefs.overlays.clone();
        }
        if let Some(text) = storage.get_string(AUTOSAVE_KEY) {
            match Autosave::from_ron(&text) {
                Ok(restored) => self.restore_offer = Some(restored),
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
        if self.restore_offer.is_some() {
            // Not answered yet: leave the last session's work where it is.
            return;
        }
        if self.is_dirty() && !self.close_confirmed {
            let entry = Autosave::new(
                &self.scene,
                &self.saved,
                self.path.clone(),
                &self.origin,
                self.undo.scene_states(),
            );
            storage.set_string(AUTOSAVE_KEY, entry.to_ron());
        } else {
            storage.remove_string(AUTOSAVE_KEY);
        }
    }

    /// Whether presentation mode is on.
    #[must_use]
    pub fn is_presenting(&self) -> bool {
        self.presenting
    }

    /// Enters or leaves presentation mode (the view is fitted to the new canvas).
    pub fn set_presenting(&mut self, on: bool) {
        if on != self.presenting {
            self.presenting = on;
            self.canvas.view.fit_pending = true;
        }
    }

    /// The presentation settings (size, legend, caption).
    pub fn presentation_mut(&mut self) -> &mut Presentation {
        &mut self.prefs.presentation
    }

    /// The recording settings.
    pub fn record_settings_mut(&mut self) -> &mut record::RecordSettings {
        &mut self.prefs.record
    }

    /// Starts a take with the current settings: the presentation canvas (what presentation
    /// mode shows) with the current overlays, from a restart on the scene's seed or from now.
    pub fn start_recording(&mut self) -> Result<(), String> {
        if self.recording.is_some() {
            return Err("a recording is already running".to_owned());
        }
        let settings = &self.prefs.record;
        let world = if settings.from_restart {
            self.scene.build_world().map_err(|p| {
                p.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            })?
        } else {
            self.world.clone()
        };
        let take = crate::render::Take {
            fps: settings.fps,
            frames: settings.frames(),
            presentation: self.prefs.presentation.clone(),
            overlays: self.overlays.clone(),
            selected: self.selected,
            view: if self.presenting {
                self.canvas
                    .rect
                    .map(|r| (self.canvas.view.clone(), r.width()))
            } else {
                None
            },
        };
        let output = settings.output(&self.scene.name);
        let recording = Recording::start(world, self.scene.clone(), take, output)?;
        self.files.status = format!("Recording to {}", recording.path().display());
        self.recording = Some(recording);
        Ok(())
    }

    /// Waits for the running take and returns its result (for tests and scripts).
    pub fn finish_recording(&mut self) -> Option<Result<u32, String>> {
        let mut recording = self.recording.take()?;
        Some(recording.wait())
    }

    fn poll_recording(&mut self) {
        let Some(recording) = self.recording.as_mut() else {
            return;
        };
        let Some(result) = recording.poll() else {
            return;
        };
        let path = recording.path().display().to_string();
        self.recording = None;
        match result {
            Ok(n) => {
                self.files.errors.clear();
                self.files.status = format!("Recorded {n} frames to {path}");
            }
            Err(e) => {
                self.files.errors = vec![e];
                "Recording failed: nothing was written".clone_into(&mut self.files.status);
            }
        }
    }

    /// Asks egui for a screenshot of the window; the canvas alone is cut out of it when
    /// `canvas_only`.
    pub fn request_screenshot(&mut self, ctx: &egui::Context, canvas_only: bool) {
        let what = if canvas_only { "canvas" } else { "window" };
        // The floating windows stay out of the next frame, which is the one captured.
        self.shot_pending = canvas_only;
        let tx = self.screenshots.0.clone();
        let repaint = ctx.clone();
        ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(
            egui::ScreenshotCallback::new(move |image| {
                let _ = tx.send((image, what));
                repaint.request_repaint();
            }),
        ));
    }

    fn handle_screenshots(&mut self, ctx: &egui::Context) {
        let shots: Vec<(std::sync::Arc<egui::ColorImage>, &str)> =
            self.screenshots.1.try_iter().collect();
        for (image, what) in shots {
            self.shot_pending = false;
            let image = match (what, self.canvas.rect) {
                ("canvas", Some(rect)) => image.region(&rect, Some(ctx.pixels_per_point())),
                _ => (*image).clone(),
            };
            let path = self
                .prefs
                .record
                .screenshot_path(&self.scene.name, self.world.tick(), what);
            match record::save_png(&path, &image) {
                Ok(()) => self.files.status = format!("Saved {}", path.display()),
                Err(e) => self.files.errors = vec![e],
            }
        }
    }

    /// Screenshots and recordings.
    fn capture_ui(&mut self, ctx: &egui::Context) {
        let mut open = self.show_capture;
        let mut start = false;
        let mut shot = None;
        egui::Window::new("Capture")
            .open(&mut open)
            .resizable(false)
            .show(ctx, |ui| {
                let prefs = &mut self.prefs;
                ui.horizontal(|ui| {
                    let label = ui.label("folder");
                    let mut folder = prefs.record.folder.display().to_string();
                    if ui
                        .text_edit_singleline(&mut folder)
                        .labelled_by(label.id)
                        .changed()
                    {
                        prefs.record.folder = PathBuf::from(folder);
                    }
                });
                ui.separator();
                ui.strong("Presentation");
                presentation_settings_ui(ui, &mut prefs.presentation);
                ui.separator();
                ui.strong("Screenshot (PNG)");
                ui.horizontal(|ui| {
                    if ui.button("Canvas").clicked() {
                        shot = Some(true);
                    }
                    if ui.button("Whole window").clicked() {
                        shot = Some(false);
                    }
                });
                ui.separator();
                ui.strong("Recording");
                ui.horizontal(|ui| {
                    ui.label("rate");
                    ui.radio_value(&mut prefs.record.fps, 30, "30 fps");
                    ui.radio_value(&mut prefs.record.fps, 60, "60 fps");
                });
                ui.horizontal(|ui| {
                    let label = ui.label("length");
                    ui.add(
                        egui::DragValue::new(&mut prefs.record.seconds)
                            .range(0.1..=record::MAX_SECONDS)
                            .speed(0.1)
                            .suffix(" s"),
                    )
                    .labelled_by(label.id);
                    ui.weak(format!("{} frames of simulation time", prefs.record.frames()));
                });
                ui.horizontal(|ui| {
                    ui.radio_value(&mut prefs.record.gif, true, "animated GIF");
                    ui.radio_value(&mut prefs.record.gif, false, "PNG frames");
                });
                ui.checkbox(&mut prefs.record.from_restart, "restart from the seed first")
                    .on_hover_text("Every take replays the same run tick for tick, so a take after a tweak can be compared with the last.");
                let target = prefs.record.output(&self.scene.name);
                ui.weak(format!("to {}", target.path().display()));
                match &self.recording {
                    Some(recording) => {
                        let (done, total) = recording.progress();
                        ui.add(
                            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                                .text(format!("frame {done} / {total}")),
                        );
                        if ui.button("Stop").clicked() {
                            recording.stop();
                        }
                    }
                    None => {
                        start = ui.button("Record").clicked();
                    }
                }
            });
        self.show_capture = open;
        if let Some(canvas_only) = shot {
            self.request_screenshot(ctx, canvas_only);
        }
        if start && let Err(e) = self.start_recording() {
            self.files.errors = vec![e];
        }
    }

    /// Selects the next (or previous) agent of the current group.
    pub fn cycle_selection(&mut self, direction: i32) {
        let group = self.current_group;
        let ids: Vec<u32> = self
            .world
            .agents()
            .iter()
            .filter(|a| usize::from(a.group) == group)
            .map(|a| a.id)
            .collect();
        if ids.is_empty() {
            return;
        }
        let at = self
            .selected
            .and_then(|id| ids.iter().position(|&i| i == id));
        let next = match (at, direction >= 0) {
            (None, true) => 0,
            (None, false) => ids.len() - 1,
            (Some(i), true) => (i + 1) % ids.len(),
            (Some(i), false) => (i + ids.len() - 1) % ids.len(),
        };
        self.select(Some(ids[next]));
    }

    fn handle_keys(&mut self, ctx: &egui::Context) {
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let shortcut = |m, k| egui::KeyboardShortcut::new(m, k);
        let (undo, redo, new, help) = ctx.input_mut(|i| {
            // Redo first: Ctrl+Shift+Z also matches Ctrl+Z when shift is ignored.
            let redo = i.consume_shortcut(&shortcut(
                egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
                Key::Z,
            )) || i.consume_shortcut(&shortcut(egui::Modifiers::COMMAND, Key::Y));
            let undo = i.consume_shortcut(&shortcut(egui::Modifiers::COMMAND, Key::Z));
            let new = i.consume_shortcut(&shortcut(egui::Modifiers::COMMAND, Key::N));
            let help = i.key_pressed(Key::F1) || i.key_pressed(Key::Questionmark);
            (undo, redo, new, help)
        });
        if undo {
            self.undo();
        }
        if redo {
            self.redo();
        }
        if new {
            self.request(Pending::New);
        }
        if help {
            self.show_help = !self.show_help;
        }
        let (f11, escape) = ctx.input(|i| (i.key_pressed(Key::F11), i.key_pressed(Key::Escape)));
        if f11 {
            self.set_presenting(!self.presenting);
        } else if escape && self.presenting {
            self.set_presenting(false);
        }
        let clipboard: Vec<egui::Event> = ctx.input(|i| {
            i.events
                .iter()
                .filter(|e| matches!(e, egui::Event::Copy | egui::Event::Paste(_)))
                .cloned()
                .collect()
        });
        for event in clipboard {
            match event {
                // Selected label text is what Ctrl+C copies when there is some (egui does it).
                egui::Event::Copy if !label_text_selected(ctx) => self.copy_group(ctx),
                egui::Event::Paste(text) => {
                    self.paste_requested = false;
                    self.paste_group(&text);
                }
                _ => {}
            }
        }
        let (space, step, restart, fit) = ctx.input(|i| {
            (
                i.key_pressed(Key::Space),
                i.key_pressed(Key::Period) || i.key_pressed(Key::ArrowRight),
                i.key_pressed(Key::R) && !i.modifiers.command,
                i.key_pressed(Key::F) && !i.modifiers.command,
            )
        });
        if space {
            self.playing = !self.playing;
        }
        if step {
            self.playing = false;
            self.step_once();
        }
        if restart {
            self.restart();
        }
        if fit {
            self.canvas.view.fit_pending = true;
        }
        let (open, save, save_as) = ctx.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::COMMAND, Key::O),
                i.consume_key(egui::Modifiers::COMMAND, Key::S),
                i.consume_key(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, Key::S),
            )
        });
        if open {
            self.request(Pending::OpenDialog);
        }
        if save_as {
            self.ask(Purpose::SaveAs);
        } else if save {
            self.save();
        }
    }

    fn ask(&mut self, purpose: Purpose) {
        let dir = self
            .path
            .as_ref()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        let name = self.path.as_ref().and_then(|p| p.file_name()).map_or_else(
            || "scene.ron".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        );
        self.files.ask(purpose, dir, &name);
    }

    fn save(&mut self) {
        match self.path.clone() {
            Some(path) => self.save_to(&path),
            None => self.ask(Purpose::SaveAs),
        }
    }

    fn handle_file(&mut self, purpose: Purpose, path: &Path) {
        match purpose {
            Purpose::Open => self.open_path(path),
            Purpose::SaveAs => self.save_to(path),
        }
    }

    /// Advances the simulation by the whole ticks that real time (times the time scale) has
    /// made due since the last frame.
    pub fn advance(&mut self, elapsed_secs: f32) {
        self.frame_secs = elapsed_secs;
        if !self.playing {
            self.accumulator_secs = 0.0;
            return;
        }
        let dt = f64::from(self.world.spec().dt_secs);
        self.accumulator_secs += f64::from(elapsed_secs) * f64::from(self.time_scale);
        let mut ticks = 0;
        while self.accumulator_secs >= dt && ticks < MAX_TICKS_PER_FRAME {
            self.world.step();
            self.after_tick();
            self.accumulator_secs -= dt;
            ticks += 1;
        }
        if ticks == MAX_TICKS_PER_FRAME {
            // Too slow to keep up: drop the backlog instead of spiralling.
            self.accumulator_secs = self.accumulator_secs.min(dt);
        }
    }

    fn menu_ui(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .add(
                        egui::Button::new("New").shortcut_text(ui.ctx().format_shortcut(
                            &egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, Key::N),
                        )),
                    )
                    .on_hover_text("A fresh scene: one group of wanderers.")
                    .clicked()
                {
                    self.request(Pending::New);
                }
                if ui
                    .add(
                        egui::Button::new("Open…").shortcut_text(ui.ctx().format_shortcut(
                            &egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, Key::O),
                        )),
                    )
                    .clicked()
                {
                    self.request(Pending::OpenDialog);
                }
                ui.add_enabled_ui(!self.prefs.recent.is_empty(), |ui| {
                    ui.menu_button("Open Recent", |ui| {
                        for path in self.prefs.recent.clone() {
                            if ui.button(path.display().to_string()).clicked() {
                                self.request(Pending::OpenPath(path));
                            }
                        }
                    });
                });
                if ui
                    .add(
                        egui::Button::new("Save").shortcut_text(ui.ctx().format_shortcut(
                            &egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, Key::S),
                        )),
                    )
                    .clicked()
                {
                    self.save();
                }
                if ui
                    .add(
                        egui::Button::new("Save As…").shortcut_text(ui.ctx().format_shortcut(
                            &egui::KeyboardShortcut::new(
                                egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
                                Key::S,
                            ),
                        )),
                    )
                    .clicked()
                {
                    self.ask(Purpose::SaveAs);
                }
                if ui
                    .add_enabled(self.is_dirty(), egui::Button::new("Revert to Saved"))
                    .on_hover_text("Every parameter as in the saved file (one undo step).")
                    .clicked()
                {
                    self.revert_to_saved();
                }
                ui.separator();
                if ui
                    .button("Open path…")
                    .on_hover_text("Type a path (for machines without a file dialog).")
                    .clicked()
                {
                    self.request(Pending::OpenPathField);
                }
                if ui.button("Save to path…").clicked() {
                    self.files.path_field = Some((
                        Purpose::SaveAs,
                        self.path
                            .as_ref()
                            .map(|p| p.display().to_string())
                            .unwrap_or_default(),
                    ));
                }
            });
            ui.menu_button("Edit", |ui| self.edit_menu_ui(ui));
            ui.menu_button("Presets", |ui| {
                for preset in presets::ALL {
                    if ui.button(preset.file.trim_end_matches(".ron")).clicked() {
                        self.request(Pending::Preset(*preset));
                    }
                }
            });
            ui.menu_button("Help", |ui| {
                if ui
                    .add(egui::Button::new("Keyboard and mouse").shortcut_text("F1"))
                    .clicked()
                {
                    self.show_help = true;
                }
            });
            ui.separator();
            self.transport_ui(ui);
        });
    }

    fn edit_menu_ui(&mut self, ui: &mut Ui) {
        let (can_undo, can_redo) = self.can_undo_redo();
        let fmt = |m, k| ui.ctx().format_shortcut(&egui::KeyboardShortcut::new(m, k));
        let undo_keys = fmt(egui::Modifiers::COMMAND, Key::Z);
        let redo_keys = fmt(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, Key::Z);
        let copy_keys = fmt(egui::Modifiers::COMMAND, Key::C);
        let paste_keys = fmt(egui::Modifiers::COMMAND, Key::V);
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo").shortcut_text(undo_keys))
            .clicked()
        {
            self.undo();
        }
        if ui
            .add_enabled(can_redo, egui::Button::new("Redo").shortcut_text(redo_keys))
            .clicked()
        {
            self.redo();
        }
        ui.separator();
        if ui
            .add(egui::Button::new("Copy group parameters").shortcut_text(copy_keys))
            .clicked()
        {
            self.copy_group(ui.ctx());
        }
        if ui
            .add(egui::Button::new("Paste group parameters").shortcut_text(paste_keys))
            .clicked()
        {
            self.paste_requested = true;
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::RequestPaste);
        }
        ui.separator();
        let n = self.marks.as_ref().map_or(0, |m| m.changes().len());
        if ui.button(format!("Changes since saved ({n})…")).clicked() {
            self.show_changes = true;
        }
    }

    /// Presentation mode: the canvas alone, letterboxed to the presentation size.
    fn presentation_ui(&mut self, ui: &mut Ui) {
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(egui::Color32::BLACK))
            .show(ui, |ui| {
                let area = ui.available_rect_before_wrap();
                let rect = present::fit_aspect(area, self.prefs.presentation.size);
                let input = CanvasInput {
                    world: &self.world,
                    overlays: &self.overlays,
                    selected: self.selected,
                    trails: &self.trails,
                };
                let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
                let (pointer, actions) = present::frame_ui(
                    &mut child,
                    &mut self.canvas,
                    &input,
                    &self.scene,
                    &self.prefs.presentation,
                );
                self.world.set_pointer(pointer);
                self.apply_canvas(actions);
            });
        let ctx = ui.ctx().clone();
        self.questions_ui(&ctx);
    }

    fn transport_ui(&mut self, ui: &mut Ui) {
        let play = if self.playing { "Pause" } else { "Play" };
        if ui.button(play).on_hover_text("Space").clicked() {
            self.playing = !self.playing;
        }
        if ui
            .button("Step")
            .on_hover_text("One tick (. or the right arrow key)")
            .clicked()
        {
            self.playing = false;
            self.step_once();
        }
        if ui
            .button("Restart")
            .on_hover_text("R: rebuild the world (seed and counts apply)")
            .clicked()
        {
            self.restart();
        }
        if ui
            .button("Fit")
            .on_hover_text("F: show the whole world")
            .clicked()
        {
            self.canvas.view.fit_pending = true;
        }
        if ui
            .button("Present")
            .on_hover_text("F11: only the canvas, at the presentation size, with legend and caption. Esc leaves.")
            .clicked()
        {
            self.set_presenting(true);
        }
        let capture = match self.recording.as_ref().map(Recording::progress) {
            Some((done, total)) => format!("Recording {done}/{total}"),
            None => "Capture…".to_owned(),
        };
        if ui
            .button(capture)
            .on_hover_text("Screenshots, and frame-exact recordings to GIF or PNG frames.")
            .clicked()
        {
            self.show_capture = true;
        }
        ui.add(
            egui::Slider::new(&mut self.time_scale, 0.0..=4.0)
                .text("time scale")
                .suffix("×"),
        );
        ui.separator();
        ui.monospace(format!(
            "tick {:>6}  t {:>7.2} s  frame {:>5.1} ms",
            self.world.tick(),
            self.world.time_secs(),
            self.frame_secs * 1000.0
        ));
    }

    fn inspector_ui(&mut self, ui: &mut Ui) {
        let marks = self.marks_now();
        let cx = inspector::Cx::new(&marks);
        let mut draft = self.scene.clone();
        let mut group_reset: Option<crate::sim::Group> = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(&draft.name);
            if !draft.description.is_empty() {
                ui.label(egui::RichText::new(&draft.description).small());
            }
            egui::CollapsingHeader::new("World")
                .default_open(true)
                .show(ui, |ui| {
                    inspector::world_ui(ui, &cx, &mut draft, &mut self.time_scale);
                });
            let names: Vec<String> = draft.groups.iter().map(|g| g.name.clone()).collect();
            ui.horizontal_wrapped(|ui| {
                for (i, name) in names.iter().enumerate() {
                    let changed = marks.changed_within(&format!("groups[{i}]"));
                    let text = format!("{name}{}", if changed { " *" } else { "" });
                    let text = egui::RichText::new(text).color(group_color(i));
                    ui.selectable_value(&mut self.current_group, i, text);
                }
            });
            let g = self.current_group;
            if let Some(group) = draft.groups.get_mut(g) {
                ui.horizontal(|ui| {
                    if ui
                        .small_button("Reset group")
                        .on_hover_text("Every parameter of this group to its default (its behaviors stay).")
                        .clicked()
                    {
                        group_reset = fields::defaults_like(&self.scene).groups.get(g).cloned();
                    }
                    let saved = self.saved.groups.get(g).filter(|s| s.name == group.name);
                    if ui
                        .add_enabled(saved.is_some(), egui::Button::new("Revert group").small())
                        .on_hover_text("This group as in the saved file.")
                        .clicked()
                    {
                        group_reset = saved.cloned();
                    }
                    if ui.small_button("Copy").on_hover_text("This group's parameters to the clipboard, as RON.").clicked() {
                        ui.ctx().copy_text(scene::group_to_string(group));
                        self.files.status = format!("Copied the parameters of group {}", group.name);
                    }
                    if ui.small_button("Paste").on_hover_text("Parameters from the clipboard (RON) into this group; Ctrl+V on the canvas does the same.").clicked() {
                        self.paste_requested = true;
                        ui.ctx().send_viewport_cmd(egui::ViewportCommand::RequestPaste);
                    }
                });
                let cx = cx.child(&format!("groups[{g}]"));
                ui.push_id(g, |ui| {
                    inspector::group_ui(ui, &cx, group, &names);
                });
            }
            if !self.rejected.is_empty() {
                ui.separator();
                for problem in &self.rejected {
                    ui.colored_label(ui.visuals().error_fg_color, problem);
                }
            }
        });
        self.marks = Some(marks);
        if let Some(group) = group_reset
            && let Some(slot) = draft.groups.get_mut(self.current_group)
        {
            *slot = group;
        }
        self.apply_draft(draft);
    }

    /// The list of every field changed since the file was saved.
    fn changes_ui(&mut self, ctx: &egui::Context) {
        let mut open = self.show_changes;
        let mut revert = false;
        let marks = self.marks_now();
        egui::Window::new("Changes since saved")
            .open(&mut open)
            .default_width(420.0)
            .show(ctx, |ui| {
                let changes = marks.changes();
                if changes.is_empty() {
                    ui.weak("No unsaved changes.");
                    return;
                }
                egui::ScrollArea::vertical()
                    .max_height(360.0)
                    .show(ui, |ui| {
                        egui::Grid::new("changes").striped(true).show(ui, |ui| {
                            ui.strong("field");
                            ui.strong("saved");
                            ui.strong("now");
                            ui.end_row();
                            for c in changes {
                                ui.monospace(&c.path);
                                ui.monospace(c.old.as_deref().unwrap_or("—"));
                                ui.monospace(c.new.as_deref().unwrap_or("—"));
                                ui.end_row();
                            }
                        });
                    });
                revert = ui.button("Revert all to saved").clicked();
            });
        self.marks = Some(marks);
        self.show_changes = open;
        if revert {
            self.revert_to_saved();
        }
    }

    /// The marks of the scene as it is now (made again only when the scene or the saved file
    /// changed).
    fn marks_now(&mut self) -> Marks {
        match self.marks.take() {
            Some(marks) if marks.is_for(&self.scene, &self.saved) => marks,
            _ => Marks::new(&self.scene, &self.saved),
        }
    }

    /// Every shortcut.
    fn help_ui(&mut self, ctx: &egui::Context) {
        let mut open = self.show_help;
        egui::Window::new("Keyboard and mouse")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for (keys, what) in SHORTCUTS {
                        ui.monospace(*keys);
                        ui.label(*what);
                        ui.end_row();
                    }
                });
            });
        self.show_help = open;
    }

    /// The questions that wait on the user: save changes, restore, reload.
    fn questions_ui(&mut self, ctx: &egui::Context) {
        if self.restore_offer.is_some() {
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("restore")).show(ctx, |ui| {
                ui.heading("Restore unsaved work?");
                let what = self.restore_offer.as_ref().map_or_else(String::new, |r| {
                    r.path
                        .as_ref()
                        .map_or_else(|| r.origin.clone(), |p| p.display().to_string())
                });
                ui.label(format!(
                    "The last session ended with unsaved changes to {what}."
                ));
                ui.horizontal(|ui| {
                    if ui.button("Restore").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Discard").clicked() {
                        answer = Some(false);
                    }
                });
            });
            if let Some(restore) = answer {
                self.answer_restore(restore);
            }
            return;
        }
        if let Some(action) = self.pending.clone() {
            let mut answer = None;
            let modal = egui::Modal::new(egui::Id::unique("save changes")).show(ctx, |ui| {
                ui.heading("Save changes?");
                let what = match &action {
                    Pending::New => "starting a new scene".to_owned(),
                    Pending::OpenDialog | Pending::OpenPathField => {
                        "opening another file".to_owned()
                    }
                    Pending::OpenPath(p) => format!("opening {}", p.display()),
                    Pending::Preset(p) => format!("opening the preset {}", p.file),
                    Pending::Close => "closing".to_owned(),
                };
                ui.label(format!(
                    "{} has unsaved changes. Save them before {what}?",
                    self.document_name()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        answer = Some(Answer::Save);
                    }
                    if ui.button("Discard").clicked() {
                        answer = Some(Answer::Discard);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(Answer::Cancel);
                    }
                });
            });
            if modal.should_close() && answer.is_none() {
                answer = Some(Answer::Cancel);
            }
            if let Some(answer) = answer {
                self.answer(answer);
            }
            return;
        }
        if self.reload_offer.is_some() {
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("reload")).show(ctx, |ui| {
                ui.heading("The file changed on disk");
                ui.label(format!(
                    "{} was changed by another program, and you have unsaved changes here.",
                    self.document_name()
                ));
                ui.horizontal(|ui| {
                    if ui
                        .button("Reload from disk")
                        .on_hover_text("Your edits are dropped (Undo brings them back).")
                        .clicked()
                    {
                        answer = Some(true);
                    }
                    if ui.button("Keep my changes").clicked() {
                        answer = Some(false);
                    }
                });
            });
            match answer {
                Some(true) => {
                    if let Some(scene) = self.reload_offer.take() {
                        self.reload(scene);
                    }
                }
                Some(false) => self.reload_offer = None,
                None => {}
            }
        }
    }

    /// The file name, or where the scene came from.
    fn document_name(&self) -> String {
        self.path
            .as_ref()
            .map_or_else(|| self.origin.clone(), |p| p.display().to_string())
    }

    fn side_ui(&mut self, ui: &mut Ui) {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading("Overlays");
            self.overlays.ui(ui);
            ui.separator();
            ui.heading("Selection");
            ui.horizontal(|ui| {
                ui.label("agents of the current group:");
                if ui.button("Prev").clicked() {
                    self.cycle_selection(-1);
                }
                if ui.button("Next").clicked() {
                    self.cycle_selection(1);
                }
            });
            match self.selected.and_then(|id| self.world.index_of(id)) {
                Some(i) => {
                    let agent = &self.world.agents()[i];
                    let group = self.scene.groups.get(usize::from(agent.group)).map_or("", |g| g.name.as_str());
                    ui.label(format!("agent {} ({group})", agent.id));
                    ui.monospace(format!("position ({:.1}, {:.1})", agent.position.x, agent.position.y));
                    ui.monospace(format!("speed    {:.2} u/s", agent.velocity.length()));
                    ui.monospace(format!("force    {:.2}", self.world.records()[i].applied.length()));
                    if self.scene.groups.get(usize::from(agent.group)).is_some_and(|g| g.stamina.is_some()) {
                        ui.monospace(format!("stamina  {:.0}{}", agent.stamina, if agent.resting { " (resting)" } else { "" }));
                    }
                    ui.checkbox(&mut self.follow, "follow");
                    if ui.button("Remove agent").on_hover_text("Delete").clicked() {
                        let id = agent.id;
                        self.apply_canvas(vec![CanvasAction::RemoveAgent(id)]);
                    }
                }
                None => {
                    ui.weak("Click an agent to select it.");
                }
            }
            ui.separator();
            ui.weak("Left click: place the click target. Drag the target, obstacles or agents. Shift+click: add an agent of the current group. Wheel: zoom. Right or middle drag: pan.");
        });
    }
}

impl eframe::App for EditorApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.commit_edits(ctx);
        self.poll_recording();
        self.handle_screenshots(ctx);
        if self.recording.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let modal =
            self.restore_offer.is_some() || self.pending.is_some() || self.reload_offer.is_some();
        if !modal {
            self.handle_keys(ctx);
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.first() {
            self.request(Pending::OpenPath(path.clone()));
        }
        // Closing with unsaved changes asks first.
        if ctx.input(|i| i.viewport().close_requested()) && self.is_dirty() && !self.close_confirmed
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Pending::Close);
        }
        if self.close_confirmed && self.pending.is_none() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let now = ctx.input(|i| i.time);
        if now - self.last_poll_secs >= RELOAD_POLL_SECS {
            self.last_poll_secs = now;
            self.poll_disk();
        }
        if let Some((purpose, path)) = self.files.poll() {
            self.handle_file(purpose, &path);
        }
        let elapsed = ctx.input(|i| i.stable_dt).min(0.25);
        self.advance(elapsed);
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.playing || self.files.waiting() {
            ctx.request_repaint();
        } else if self.path.is_some() {
            // Keep polling the file for changes while idle.
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(RELOAD_POLL_SECS));
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.store(storage);
    }

    fn auto_save_interval(&self) -> std::time::Duration {
        std::time::Duration::from_secs(5)
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        if self.presenting {
            self.presentation_ui(ui);
            return;
        }
        Panel::top("menu").show(ui, |ui| self.menu_ui(ui));
        Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.weak(&self.files.status);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.weak(
                        "F1 all shortcuts · Space play/pause · . step · R restart · Ctrl+Z undo · Ctrl+S save",
                    );
                });
            });
        });
        Panel::left("inspector")
            .default_size(340.0)
            .resizable(true)
            .show(ui, |ui| self.inspector_ui(ui));
        Panel::right("side")
            .default_size(250.0)
            .resizable(true)
            .show(ui, |ui| self.side_ui(ui));
        let flocking = self
            .scene
            .groups
            .get(self.current_group)
            .is_some_and(|g| g.neighbor_radius() > 0.0);
        Panel::bottom("plots")
            .default_size(190.0)
            .min_size(150.0)
            .resizable(true)
            .show(ui, |ui| self.history.ui(ui, flocking));
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                if self.follow
                    && let Some(i) = self.selected.and_then(|id| self.world.index_of(id))
                {
                    self.canvas.view.center_world = self.world.agents()[i].position.to_array();
                }
                let input = CanvasInput {
                    world: &self.world,
                    overlays: &self.overlays,
                    selected: self.selected,
                    trails: &self.trails,
                };
                let (pointer, actions) = canvas_ui(ui, &mut self.canvas, &input);
                self.world.set_pointer(pointer);
                self.apply_canvas(actions);
            });
        let ctx = ui.ctx().clone();
        if let Some((purpose, path)) = self.files.path_field_ui(&ctx) {
            self.handle_file(purpose, &path);
        }
        self.files.errors_ui(&ctx);
        if !self.shot_pending {
            self.changes_ui(&ctx);
            self.capture_ui(&ctx);
            self.help_ui(&ctx);
        }
        self.questions_ui(&ctx);
    }
}

/// Whether some label text is selected (egui copies it on Ctrl+C).
fn label_text_selected(ctx: &egui::Context) -> bool {
    ctx.with_plugin(|s: &mut egui::text_selection::LabelSelectionState| s.has_selection())
        .unwrap_or(false)
}

/// Output size, legend and caption.
fn presentation_settings_ui(ui: &mut Ui, p: &mut Presentation) {
    ui.horizontal(|ui| {
        let label = ui.label("size");
        let text = format!("{} × {}", p.size[0], p.size[1]);
        egui::ComboBox::from_id_salt("presentation size")
            .selected_text(text)
            .show_ui(ui, |ui| {
                for size in present::SIZES {
                    ui.selectable_value(&mut p.size, size, format!("{} × {}", size[0], size[1]));
                }
            })
            .response
            .labelled_by(label.id);
        for k in 0..2 {
            ui.add(egui::DragValue::new(&mut p.size[k]).range(16..=present::MAX_SIDE));
        }
    });
    ui.checkbox(&mut p.legend, "legend of the overlay colours");
    ui.checkbox(&mut p.caption, "caption (scene name and key parameters)");
}
