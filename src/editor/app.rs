//! The editor application: a coordinator. It owns the document (scene, file, undo, marks), the
//! session (world, transport, selection), the view settings and the panels; each frame it asks
//! the panels, windows, canvas and shortcut table what the user wants and applies those
//! [`Action`]s in one place ([`EditorApp::apply`], in `app/ops.rs`).
//!
//! `logic` advances the simulation by whole ticks from real elapsed time (times the time
//! scale), so motion is the same at any frame rate; `ui` paints.

mod compare;
mod disk;
mod dock_ui;
mod goals;
pub mod heavy;
mod ops;
mod scenery;
mod share;
mod state;

use std::path::{Path, PathBuf};

use egui::{Panel, Ui};

use super::action::{Action, Pending, ShotKind};
use super::document::{DiskStamp, Document};
use super::files::Files;
use super::panels::{Inspector, MenuBar, SidePanel, StatusBar, ToolStrip};
use super::persist::{Prefs, Restored};
use super::record::{self, Recording, Screenshots};
use super::session::Session;
use super::shortcuts;
use super::windows::{self, HelpWindow, Questions, StartWindow};
use crate::scene::{self, Scene, presets};
use crate::view::present;
use crate::view::{CanvasInput, CanvasState, Overlays, canvas_ui};

/// Seconds between checks of the open file for changes on disk.
const RELOAD_POLL_SECS: f64 = 0.5;

/// Seconds a message stays on the status line (what an action did: "Saved …", "Undo: …").
const STATUS_SECS: f64 = 10.0;

/// The editor.
pub struct EditorApp {
    doc: Document,
    session: Session,
    /// The overlay toggles.
    overlays: Overlays,
    canvas: CanvasState,
    /// Frame times on standard error, when asked for (`STEERLAB_FRAME_LOG`).
    frame_log: crate::editor::frame_log::FrameLog,
    prefs: Prefs,
    files: Files,
    /// Something that waits on Save, Discard or Cancel.
    pending: Option<Pending>,
    /// What to do once a Save As started from a "save changes?" question has saved.
    after_save: Option<Pending>,
    /// The window may close (the user answered, or there was nothing to lose).
    close_confirmed: bool,
    restore_offer: Option<Restored>,
    /// Only the canvas, at the presentation size (F11; Esc leaves).
    presenting: bool,
    /// The canvas's zoom and centre before presenting, given back on leaving.
    view_before_present: Option<crate::view::View>,
    recording: Option<Recording>,
    screenshots: Screenshots,
    open: windows::Open,
    /// The problems of the last edit the world refused.
    rejected: Vec<crate::sim::Problem>,
    /// A message shown where the designer last clicked, for a few seconds.
    toast: Option<Toast>,
    /// A message to show that way at the end of this frame.
    toast_request: Option<String>,
    /// The refused edit's problems last shown that way (each refusal is said once).
    toasted: Vec<crate::sim::Problem>,
    /// The file the editor was started on, while it does not load: it opens when it does.
    awaiting: Option<Awaiting>,
    last_poll_secs: f64,
    title: String,
    sweep: windows::SweepPanel,
    tune: windows::TunePanel,
    /// The goals checked on every seed, in the background, while Goals or Tune is open.
    goal_check: windows::goals::GoalCheck,
    /// The goal whose target takes the keyboard (one just added), and for how many more
    /// frames it is asked to.
    goal_focus: Option<(usize, u8)>,
    /// The status line's message and when it was first shown (seconds): it clears after
    /// [`STATUS_SECS`].
    status_since: (String, f64),
    /// Links: the page's address as last seen, a link refused as too long.
    share: share::Share,
    /// A scene too heavy for real time here, paused: what the line over the canvas says.
    heavy: Option<heavy::HeavyNotice>,
}

/// A file the editor waits for: it did not load when the editor started.
#[derive(Debug)]
struct Awaiting {
    path: PathBuf,
    /// The file as last looked at (`None`: it does not exist).
    stamp: Option<DiskStamp>,
    /// It does not exist, and the user has not answered the offer to create it.
    offer_create: bool,
}

/// A scene that always builds: the built-in default.
fn default_scene() -> Scene {
    scene::from_str(presets::DEFAULT.text, presets::DEFAULT.file)
        .unwrap_or_else(|_| Scene::new_default())
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
        Self {
            doc: Document::new(scene, path, origin),
            session: Session::new(world),
            overlays: Overlays::default(),
            canvas: CanvasState::default(),
            frame_log: crate::editor::frame_log::FrameLog::from_env(),
            prefs: Prefs::default(),
            files: Files::default(),
            pending: None,
            after_save: None,
            close_confirmed: false,
            restore_offer: None,
            presenting: false,
            view_before_present: None,
            recording: None,
            screenshots: Screenshots::default(),
            open: windows::Open::default(),
            rejected: Vec::new(),
            toast: None,
            toast_request: None,
            toasted: Vec::new(),
            awaiting: None,
            last_poll_secs: 0.0,
            title: String::new(),
            sweep: windows::SweepPanel::default(),
            tune: windows::TunePanel::default(),
            goal_check: windows::goals::GoalCheck::default(),
            goal_focus: None,
            status_since: (String::new(), 0.0),
            share: share::Share::default(),
            heavy: None,
        }
    }

    /// The editor on `path`, which does not load (`errors`, printed where the user looks): it
    /// shows the errors over the built-in default scene, opens the file as soon as it loads,
    /// and offers to create it when it does not exist.
    #[must_use]
    pub fn awaiting(path: PathBuf, errors: &crate::scene::SceneErrors) -> Self {
        let mut app = Self::with_default_scene();
        let missing = !path.exists();
        app.files.errors = errors.0.iter().map(ToString::to_string).collect();
        app.files.errors_note = Some(format!(
            "{} does not load yet. It opens as soon as it is fixed on disk; \
             until then this is the built-in scene.",
            path.display()
        ));
        app.files.status = format!("Waiting for {} to load", path.display());
        app.awaiting = Some(Awaiting {
            stamp: DiskStamp::read(&path),
            path,
            offer_create: missing,
        });
        app
    }

    /// The file the editor waits for, while it does not load.
    #[must_use]
    pub fn awaited_file(&self) -> Option<&Path> {
        self.awaiting.as_ref().map(|a| a.path.as_path())
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

    /// The editor on `scene`, shown as the scene's view says (what a user opening a file or a
    /// preset sees first).
    #[must_use]
    pub(crate) fn showing(scene: Scene, path: Option<PathBuf>, origin: &str) -> Self {
        let mut app = Self::new(scene, path, origin);
        app.apply_scene_view();
        app
    }

    /// Applies every action of `actions`, in order.
    fn apply_all(&mut self, ctx: &egui::Context, actions: Vec<Action>) {
        for action in actions {
            self.apply(ctx, action);
        }
    }

    /// The questions waiting on the user this frame.
    fn questions(&self) -> Questions<'_> {
        Questions {
            restore: self.restore_offer.as_ref().map(|r| {
                r.path
                    .as_ref()
                    .map_or_else(|| r.origin.clone(), |p| p.display().to_string())
            }),
            pending: self.pending.as_ref(),
            reload: self.doc.reload_offer().is_some(),
            create: self
                .awaiting
                .as_ref()
                .filter(|a| a.offer_create)
                .map(|a| a.path.display().to_string()),
            document: self.doc.name(),
        }
    }

    /// Presentation mode: the canvas alone, letterboxed to the presentation size.
    fn presentation_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE.fill(egui::Color32::BLACK))
            .show(ui, |ui| {
                let area = ui.available_rect_before_wrap();
                let rect = present::fit_aspect(area, self.prefs.presentation.size);
                let input = CanvasInput {
                    world: &self.session.world,
                    overlays: &self.overlays,
                    selected: self.session.selected,
                    trails: &self.session.trails,
                    ghosts: self.session.baseline.as_ref().map(|b| &b.world),
                };
                let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect));
                let (pointer, actions) = present::frame_ui(
                    &mut child,
                    &mut self.canvas,
                    (&input, true),
                    self.doc.scene(),
                    &self.prefs.presentation,
                );
                self.session.world.set_pointer(pointer);
                self.apply_all(&ctx, actions.into_iter().map(Action::Canvas).collect());
            });
        let actions = self.questions().ui(&ctx);
        self.apply_all(&ctx, actions);
    }

    /// The editor's layout: menu, status line, inspector, side panel, plots, canvas.
    fn panels_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let menu = MenuBar {
            dirty: self.doc.is_dirty(),
            can_undo_redo: self.doc.can_undo_redo(),
            changes: self.doc.marks().changes().len(),
            recent: &self.prefs.recent,
            recording: self.recording.as_ref().map(Recording::progress),
            playing: self.session.playing,
            tick: self.session.world.tick(),
            time_secs: self.session.world.time_secs(),
            frame_secs: self.session.frame_secs,
            baseline: self.session.baseline.as_ref().map(|b| b.label.as_str()),
            behind: self.session.behind(),
        };
        let actions = Panel::top("menu")
            .show(ui, |ui| menu.ui(ui, &mut self.session.time_scale))
            .inner;
        self.apply_all(&ctx, actions);
        Panel::bottom("status").show(ui, |ui| {
            StatusBar {
                status: &self.files.status,
            }
            .ui(ui);
        });
        // The side panels leave the canvas area at least 55% of the window's width (at 1024 px
        // the inspector is 261 px and the legend 195 px; on a large screen 340 and 250).
        let width = ctx.content_rect().width();
        let actions = Panel::left("inspector")
            .default_size(340.0)
            .max_size((width * 0.255).max(200.0))
            .resizable(true)
            .show(ui, |ui| {
                let opened = self.doc.opened();
                let (scene, saved, marks) = self.doc.with_marks();
                let inspector = Inspector {
                    scene,
                    saved,
                    marks,
                    current_group: self.session.current_group,
                    rejected: &self.rejected,
                    opened,
                };
                inspector.ui(ui, &mut self.session.time_scale)
            })
            .inner;
        self.apply_all(&ctx, actions);
        let actions = Panel::right("side")
            .exact_size(250.0_f32.min(width * 0.19).max(160.0))
            .resizable(true)
            .show(ui, |ui| {
                let side = SidePanel {
                    world: &self.session.world,
                    scene: self.doc.scene(),
                    selected: self.session.selected,
                };
                side.ui(ui, &mut self.overlays, &mut self.session.follow)
            })
            .inner;
        self.apply_all(&ctx, actions);
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.dock_ui(ui));
    }

    /// The canvas in the middle, following the selected agent when asked to.
    fn canvas_ui(&mut self, ui: &mut Ui) {
        if self.session.follow
            && let Some(agent) = self.session.selected_agent()
        {
            self.canvas.view.center_world = agent.position.to_array();
        }
        let strip = ToolStrip {
            tool: self.canvas.tools.tool,
            snap: self.canvas.tools.snap,
        }
        .ui(ui);
        let ctx = ui.ctx().clone();
        self.apply_all(&ctx, strip);
        let heavy = self.heavy_ui(ui);
        self.apply_all(&ctx, heavy);
        let input = CanvasInput {
            world: &self.session.world,
            overlays: &self.overlays,
            selected: self.session.selected,
            trails: &self.session.trails,
            ghosts: self.session.baseline.as_ref().map(|b| &b.world),
        };
        let (pointer, actions) = canvas_ui(ui, &mut self.canvas, &input);
        self.session.world.set_pointer(pointer);
        let ctx = ui.ctx().clone();
        self.apply_all(&ctx, actions.into_iter().map(Action::Canvas).collect());
    }

    /// The floating windows and the questions.
    fn windows_ui(&mut self, ctx: &egui::Context) {
        // One dialog at a time: a question first, then what did not load, then the rest;
        // "Start here" waits until none of them (nor the help) is up.
        let question = self.questions().any();
        if self.files.path_field_open() {
            self.files.hint = self.suggested_file_name();
        }
        if !question && let Some((purpose, path)) = self.files.path_field_ui(ctx) {
            self.handle_file(purpose, &path);
        }
        if !question {
            self.files.errors_ui(ctx);
        }
        let dialog = question
            || !self.files.errors.is_empty()
            || self.files.path_field_open()
            || self.share.too_long.is_some();
        if !self.screenshots.canvas_pending {
            let mut open = self.open;
            HelpWindow.ui(ctx, &mut open.help);
            if !dialog && !open.help {
                StartWindow.ui(ctx, &mut open.start);
            }
            self.open = open;
            self.floating_ui(ctx);
        }
        if !question && self.files.errors.is_empty() {
            let actions = self.link_too_long_ui(ctx);
            self.apply_all(ctx, actions);
        }
        let actions = self.questions().ui(ctx);
        self.apply_all(ctx, actions);
    }

    /// Saves the screenshots that egui has delivered.
    fn handle_screenshots(&mut self, ctx: &egui::Context) {
        for (image, kind) in self.screenshots.arrived() {
            let image = match (kind, self.canvas.rect) {
                (ShotKind::Canvas, Some(rect)) => image.region(&rect, Some(ctx.pixels_per_point())),
                _ => (*image).clone(),
            };
            let path = self.prefs.record.screenshot_path(
                &self.doc.scene().name,
                self.session.world.tick(),
                kind,
            );
            let written = record::png_bytes(&image)
                .map_err(|e| e.to_string())
                .and_then(|bytes| crate::editor::platform::write_file(&path, &bytes));
            match written {
                Ok(()) => self.files.status = crate::editor::platform::written(&path),
                Err(e) => self.files.errors = vec![e],
            }
        }
    }
}

impl eframe::App for EditorApp {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        self.frame_log.begin_work();
        self.frame_log.frame(
            frame.info().cpu_usage,
            ctx.input(|i| i.unstable_dt),
            self.session.world.agents().len(),
        );
        // Edits since the last step become one undo step once no pointer button is held (a
        // whole drag is one step) and no value is being typed.
        let busy = ctx.input(|i| i.pointer.any_down()) || ctx.egui_wants_keyboard_input();
        if !busy {
            self.doc.commit();
        }
        self.poll_recording();
        self.handle_screenshots(ctx);
        // The background work, collected (in a browser: run) every frame, whether or not its
        // window is open.
        self.goal_focus = self
            .goal_focus
            .and_then(|(i, frames)| frames.checked_sub(1).map(|left| (i, left)));
        let sweeping = self.sweep.poll();
        let tuning = self.tune.poll();
        let checking = (self.open.goals || self.open.tune)
            && self
                .goal_check
                .keep_up(self.doc.scene(), ctx.input(|i| i.time));
        if sweeping || tuning || checking || self.recording.is_some() {
            crate::editor::job::next_frame(ctx);
        }
        if !self.questions().any() && !self.files.path_field_open() {
            let copy_allowed = !label_text_selected(ctx);
            let actions = shortcuts::actions(ctx, copy_allowed);
            self.apply_all(ctx, actions);
        }
        self.take_dropped(ctx);
        self.poll_link();
        // Closing with unsaved changes asks first.
        if ctx.input(|i| i.viewport().close_requested())
            && self.doc.is_dirty()
            && !self.close_confirmed
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.pending = Some(Pending::Close);
        }
        if self.close_confirmed && self.pending.is_none() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let now = ctx.input(|i| i.time);
        self.fade_status(ctx, now);
        if now - self.last_poll_secs >= RELOAD_POLL_SECS {
            self.last_poll_secs = now;
            self.poll_disk();
            self.poll_awaited();
        }
        if let Some((purpose, path)) = self.files.poll() {
            self.handle_file(purpose, &path);
        }
        if let Some(upload) = self.files.poll_upload() {
            let open = Pending::Upload(upload.name, upload.bytes.map(std::sync::Arc::from));
            // File › Open asked about unsaved work before its dialog; a dropped file asks now.
            if upload.dropped {
                self.request(open);
            } else {
                self.perform(open);
            }
        }
        // The frame's real time: the session counts at most a quarter second of it into
        // ticks, and all of it into the pace it reports.
        let elapsed = ctx.input(|i| i.stable_dt);
        self.advance(elapsed);
        let title = self.doc.title();
        crate::editor::platform::expose(&crate::editor::platform::Shown {
            title: &title,
            scene: &self.doc.scene().name,
            tick: self.session.world.tick(),
            errors: self.files.errors.len(),
            error: self.files.errors.first().map(String::as_str),
            work_ms: self.frame_log.work_ms(),
            unsaved: self.doc.is_dirty(),
            playing: self.session.playing,
            behind: self.session.behind(),
            heavy: self.heavy.is_some(),
        });
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.session.playing || self.files.waiting() {
            ctx.request_repaint();
        } else if self.doc.path().is_some() || self.awaiting.is_some() {
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
            self.frame_log.end_work();
            crate::editor::platform::frame_drawn();
            return;
        }
        self.panels_ui(ui);
        let ctx = ui.ctx().clone();
        self.windows_ui(&ctx);
        // An edit the world refused says why where the designer is looking.
        if self.rejected.is_empty() {
            self.toasted.clear();
        }
        if !self.rejected.is_empty() && self.rejected != self.toasted {
            self.toasted.clone_from(&self.rejected);
            let scene = self.doc.scene();
            let text = self
                .rejected
                .iter()
                .map(|p| {
                    format!(
                        "{}: {}",
                        crate::scene::labels::field_label(scene, &p.path),
                        p.message
                    )
                })
                .collect::<Vec<_>>()
                .join("\n");
            self.show_toast(&ctx, format!("Not applied. {text}"));
        } else if let Some(text) = self.toast_request.take() {
            self.show_toast(&ctx, text);
        }
        self.toast_ui(&ctx);
        self.frame_log.end_work();
        crate::editor::platform::frame_drawn();
    }
}

impl EditorApp {
    /// Clears the status line's message [`STATUS_SECS`] after it was first shown (a message
    /// about a file the editor waits for stays while it waits).
    fn fade_status(&mut self, ctx: &egui::Context, now: f64) {
        if self.files.status != self.status_since.0 {
            self.status_since = (self.files.status.clone(), now);
        }
        if self.files.status.is_empty() || self.awaiting.is_some() {
            return;
        }
        let left = STATUS_SECS - (now - self.status_since.1);
        if left <= 0.0 {
            self.files.status.clear();
            self.status_since.0.clear();
        } else {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
        }
    }
}

/// A short message beside the pointer: why a click did nothing, or what it also did.
#[derive(Clone, Debug)]
struct Toast {
    text: String,
    at: egui::Pos2,
    until_secs: f64,
}

/// How long a toast stays, seconds.
const TOAST_SECS: f64 = 6.0;

impl EditorApp {
    /// Shows `text` beside the pointer (or the middle of the window) for a few seconds.
    pub(crate) fn show_toast(&mut self, ctx: &egui::Context, text: String) {
        let (at, now) = ctx.input(|i| {
            (
                i.pointer
                    .interact_pos()
                    .or(i.pointer.hover_pos())
                    .unwrap_or_else(|| i.content_rect().center()),
                i.time,
            )
        });
        self.toast = Some(Toast {
            text,
            at,
            until_secs: now + TOAST_SECS,
        });
    }

    /// The toast, while it lasts; a click anywhere dismisses it.
    fn toast_ui(&mut self, ctx: &egui::Context) {
        let Some(toast) = &self.toast else {
            return;
        };
        let now = ctx.input(|i| i.time);
        if now > toast.until_secs {
            self.toast = None;
            return;
        }
        let screen = ctx.content_rect();
        let pos = egui::pos2(
            (toast.at.x + 14.0)
                .min(screen.right() - 340.0)
                .max(screen.left()),
            (toast.at.y + 14.0)
                .min(screen.bottom() - 80.0)
                .max(screen.top()),
        );
        egui::Area::new(egui::Id::unique("steerlab toast"))
            .order(egui::Order::Tooltip)
            .fixed_pos(pos)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(320.0);
                    ui.label(egui::RichText::new(&toast.text).color(crate::view::palette::WARNING));
                });
            });
        ctx.request_repaint_after(std::time::Duration::from_millis(250));
    }
}

/// Whether some label text is selected (egui copies it on Ctrl+C).
fn label_text_selected(ctx: &egui::Context) -> bool {
    ctx.with_plugin(|s: &mut egui::text_selection::LabelSelectionState| s.has_selection())
        .unwrap_or(false)
}
