//! The editor application: a coordinator. It owns the document (scene, file, undo, marks), the
//! session (world, transport, selection), the view settings and the panels; each frame it asks
//! the panels, windows, canvas and shortcut table what the user wants and applies those
//! [`Action`]s in one place ([`EditorApp::apply`], in `app/ops.rs`).
//!
//! `logic` advances the simulation by whole ticks from real elapsed time (times the time
//! scale), so motion is the same at any frame rate; `ui` paints.

mod atlas;
mod compare;
mod disk;
mod dock_ui;
mod frame;
mod goals;
pub mod heavy;
pub mod layout;
mod notices;
mod ops;
mod saving;
mod scenery;
mod share;
mod sheet;
mod shown;

use std::path::{Path, PathBuf};

use egui::{Panel, Ui};

use super::action::{Action, Pending, Replace, ShotKind, Write};
use super::capture::{self, CaptureJob, Screenshots};
use super::document::{DiskStamp, Document};
use super::files::{self, Files};
use super::panels::{Inspector, MenuBar, SidePanel, StatusBar, ToolStrip};
use super::persist::{Prefs, Restored};
use super::session::Session;
use super::shortcuts;
use super::windows::{self, HelpWindow, Questions, StartWindow};
use crate::scene::{self, Scene, presets};
use crate::view::present;
use crate::view::{CanvasInput, CanvasState, Overlays, canvas_ui};

/// Seconds the presentation's "Leave presentation" button stays after the pointer last moved.
const LEAVE_SHOWN_SECS: f32 = 2.0;

/// Seconds between checks of the open file for changes on disk.
const RELOAD_POLL_SECS: f64 = 0.5;

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
    /// What waits on the user's answer.
    prompts: Prompts,
    /// What the editor says about what happened.
    notices: notices::Notices,
    /// The work that runs between frames.
    jobs: Jobs,
    /// Only the canvas, at the presentation size (F11; Esc leaves), with the editor's own
    /// view to give back on leaving.
    presenting: Option<crate::view::View>,
    open: windows::Open,
    last_poll_secs: f64,
    title: String,
    /// Links: the page's address as last seen, a link refused as too long.
    share: share::Share,
    /// A scene too heavy for real time here, paused: what the line over the canvas says.
    heavy: Option<heavy::HeavyNotice>,
    /// Which side panels are open (a small screen starts with none).
    layout: layout::SidePanels,
}

/// What waits on the user: a question, a file that does not load yet, a close to confirm.
#[derive(Default)]
struct Prompts {
    /// Something that waits on Save, Discard or Cancel.
    pending: Option<Pending>,
    /// A write that would replace a file the editor did not open: it waits on Replace or Keep.
    replace: Option<Replace>,
    /// A scene was opened while a baseline was pinned: its label, while "keep it?" waits.
    keep_baseline: Option<String>,
    /// Whether a question, and the error window, were up before the panels were drawn: one
    /// raised while they are (by a click, or Enter on a focused item) is shown from the next
    /// frame, so that the key that raised it does not answer it too.
    up_at_start: (bool, bool),
    /// What to do once a Save As started from a "save changes?" question has saved.
    after_save: Option<Pending>,
    /// The window may close (the user answered, or there was nothing to lose).
    close_confirmed: bool,
    /// Autosaved work from an earlier run, offered back.
    restore_offer: Option<Restored>,
    /// The file the editor was started on, while it does not load: it opens when it does.
    awaiting: Option<Awaiting>,
    /// The first launch's Start here is up: the scene waits behind it, and plays from its
    /// start once it closes.
    first_launch: bool,
}

/// The work that runs between frames: a recording, screenshots on their way, sweeps, tuning
/// and the goals' check.
#[derive(Default)]
struct Jobs {
    recording: Option<CaptureJob>,
    /// A behavior sheet being written (File › Export sheet…).
    sheet: Option<sheet::SheetJob>,
    screenshots: Screenshots,
    sweep: windows::SweepPanel,
    tune: windows::TunePanel,
    atlas: windows::AtlasPanel,
    /// The goals checked on every seed, in the background, while Goals or Tune is open.
    goal_check: windows::goals::GoalCheck,
    /// The goal whose target takes the keyboard (one just added), and for how many more
    /// frames it is asked to.
    goal_focus: Option<(usize, u8)>,
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
        .map_or_else(|_| Scene::new_default(), scene::CheckedScene::into_scene)
}

impl EditorApp {
    /// The editor on `scene` (a [`Scene`], or a [`scene::CheckedScene`] as loading gives),
    /// read from `path` (if any). Starts playing.
    #[must_use]
    pub fn new(scene: impl Into<Scene>, path: Option<PathBuf>, origin: &str) -> Self {
        let scene = scene.into();
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
            canvas: CanvasState::interactive(),
            frame_log: crate::editor::frame_log::FrameLog::from_env(),
            prefs: Prefs::default(),
            files: Files::default(),
            prompts: Prompts::default(),
            notices: notices::Notices::default(),
            jobs: Jobs::default(),
            presenting: None,
            open: windows::Open::default(),
            last_poll_secs: 0.0,
            title: String::new(),
            share: share::Share::default(),
            heavy: None,
            layout: layout::SidePanels::default(),
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
        app.prompts.awaiting = Some(Awaiting {
            stamp: DiskStamp::read(&path),
            path,
            offer_create: missing,
        });
        app
    }

    /// The file the editor waits for, while it does not load.
    #[must_use]
    pub fn awaited_file(&self) -> Option<&Path> {
        self.prompts.awaiting.as_ref().map(|a| a.path.as_path())
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
            restore: self.prompts.restore_offer.as_ref().map(|r| {
                r.path
                    .as_ref()
                    .map_or_else(|| r.origin.clone(), |p| p.display().to_string())
            }),
            pending: self.prompts.pending.as_ref(),
            replace: self
                .prompts
                .replace
                .as_ref()
                .map(|r| r.path.display().to_string()),
            keep_baseline: self.prompts.keep_baseline.clone(),
            reload: self.doc.reload_offer().is_some(),
            create: self
                .prompts
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
        // A way out for a screen with no keys: shown while the pointer moves or a finger
        // touches, gone two seconds after (so that a recording of the screen shows the scene
        // alone).
        let lately = ctx
            .input(|i| i.pointer.time_since_last_movement() < LEAVE_SHOWN_SECS || i.any_touches());
        if lately {
            let leave = egui::Area::new(egui::Id::unique("leave presentation"))
                .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 8.0))
                .show(&ctx, |ui| {
                    ui.button("Leave presentation").on_hover_text("Esc or F11")
                })
                .inner;
            if leave.clicked() {
                self.apply_all(&ctx, vec![Action::TogglePresent]);
            }
            ctx.request_repaint_after(std::time::Duration::from_secs_f32(LEAVE_SHOWN_SECS));
        }
        if self.prompts.up_at_start.0 {
            let actions = self.questions().ui(&ctx);
            self.apply_all(&ctx, actions);
        } else if self.questions().any() {
            ctx.request_repaint();
        }
    }

    /// The editor's layout: menu, status line, inspector, side panel, plots, canvas.
    fn panels_ui(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let width = ctx.content_rect().width();
        let small = self.layout.follow(width);
        let menu = MenuBar {
            dirty: self.doc.is_dirty(),
            can_undo_redo: self.doc.can_undo_redo(),
            changes: self.doc.field_marks().changes().len(),
            recent: &self.prefs.recent,
            recording: self.jobs.recording.as_ref().map(CaptureJob::progress),
            playing: self.session.playing,
            tick: self.session.world.tick(),
            time_secs: self.session.world.time_secs(),
            frame_secs: self.session.frame_secs,
            baseline: self.session.baseline.as_ref().map(|b| b.label.as_str()),
            behind: self.session.behind(),
            small,
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
        if small {
            Panel::top("small screen").show(ui, |ui| self.layout.strip_ui(ui));
        }
        let actions = Panel::left("inspector")
            .default_size(340.0_f32.min(layout::SidePanels::panel_max(width, 0.255)))
            .max_size(layout::SidePanels::panel_max(width, 0.255))
            .resizable(true)
            .show_collapsible(ui, &mut self.layout.inspector, |ui| {
                let opened = self.doc.opened();
                let g = self.session.current_group;
                let run_notes = self
                    .notices
                    .stranded
                    .get(g)
                    .copied()
                    .flatten()
                    .zip(self.doc.scene().groups.get(g))
                    .map(|(u, group)| u.text(&group.name))
                    .into_iter()
                    .collect();
                let (scene, saved, marks) = self.doc.with_field_marks();
                let inspector = Inspector {
                    scene,
                    saved,
                    marks,
                    current_group: self.session.current_group,
                    rejected: &self.notices.rejected,
                    opened,
                    run_notes,
                };
                inspector.ui(ui, &mut self.session.time_scale)
            })
            .map(|r| r.inner)
            .unwrap_or_default();
        self.apply_all(&ctx, actions);
        let side_width = if small {
            layout::SidePanels::panel_max(width, 0.19)
        } else {
            250.0_f32.min(width * 0.19).max(160.0)
        };
        let actions = Panel::right("side")
            .exact_size(side_width)
            .resizable(true)
            .show_collapsible(ui, &mut self.layout.side, |ui| {
                let side = SidePanel {
                    world: &self.session.world,
                    scene: self.doc.scene(),
                    selected: self.session.selected,
                };
                side.ui(ui, &mut self.overlays, &mut self.session.follow)
            })
            .map(|r| r.inner)
            .unwrap_or_default();
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
        self.canvas.tools.group = self.session.current_group;
        let strip = ToolStrip {
            tool: self.canvas.tools.tool,
            snap: self.canvas.tools.snap,
        }
        .ui(ui);
        let ctx = ui.ctx().clone();
        self.apply_all(&ctx, strip);
        let heavy = self.heavy_ui(ui);
        self.apply_all(&ctx, heavy);
        self.stranded_ui(ui);
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

    /// A line over the canvas for each group with navigating agents that cannot reach their
    /// target (they stand still, which is easy to take for a bug).
    fn stranded_ui(&self, ui: &mut Ui) {
        for (group, stranded) in self.doc.scene().groups.iter().zip(&self.notices.stranded) {
            if let Some(u) = stranded {
                ui.label(
                    egui::RichText::new(u.text(&group.name)).color(crate::view::palette::WARNING),
                );
            }
        }
    }

    /// The floating windows and the questions.
    fn windows_ui(&mut self, ctx: &egui::Context) {
        // One dialog at a time: a question first, then what did not load, then the rest;
        // "Start here" waits until none of them (nor the help) is up.
        let question = self.questions().any();
        let (asked, erred) = self.prompts.up_at_start;
        if self.files.path_field_open() {
            self.files.hint = self.suggested_file_name();
        }
        // What did not load is shown from the frame after it failed, so that the Enter that
        // confirmed a path (or a menu item) does not close it too.
        if !question && erred {
            self.files.errors_ui(ctx);
        } else if !self.files.errors.is_empty() {
            ctx.request_repaint();
        }
        if !question
            && self.files.errors.is_empty()
            && let Some((purpose, path)) = self.files.path_field_ui(ctx)
        {
            match purpose {
                // A typed path may name a file that is there: asks before replacing it (a
                // system dialog has asked already).
                files::Purpose::SaveAs => self.write_asking(Write::SaveAs(path.clone()), path),
                files::Purpose::Open | files::Purpose::Baseline => {
                    self.handle_file(purpose, &path);
                }
            }
        }
        let dialog = question
            || !self.files.errors.is_empty()
            || self.files.path_field_open()
            || self.share.too_long.is_some();
        if !self.jobs.screenshots.canvas_pending {
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
        // A question raised this frame (by the Enter that confirmed the path field, or a key
        // on a focused menu item) is shown from the next.
        if question && asked {
            let actions = self.questions().ui(ctx);
            self.apply_all(ctx, actions);
        } else if self.questions().any() {
            ctx.request_repaint();
        }
    }

    /// Saves the screenshots that egui has delivered.
    fn handle_screenshots(&mut self, ctx: &egui::Context) {
        for (image, kind) in self.jobs.screenshots.arrived() {
            let image = match (kind, self.canvas.rect) {
                (ShotKind::Canvas, Some(rect)) => image.region(&rect, Some(ctx.pixels_per_point())),
                _ => (*image).clone(),
            };
            let path = self.prefs.capture.screenshot_path(
                &self.doc.scene().name,
                self.session.world.tick(),
                kind,
            );
            match capture::png_bytes(&image) {
                Ok(bytes) => self.write_asking(Write::Screenshot(bytes.into()), path),
                Err(e) => self.files.errors = vec![e.to_string()],
            }
        }
    }
}
