//! Everything the editor does, reached through [`EditorApp::apply`]: the one place where
//! actions change the document, the world and the files. The public methods are the same
//! operations for tests and scripts that drive the app directly.

use crate::editor::dock::ToolWindow;
use std::path::Path;

use glam::Vec2;

use super::EditorApp;
use crate::editor::action::{Action, Answer, Pending, ShotKind, Write};
use crate::editor::capture::{CaptureError, CaptureJob};
use crate::editor::files::Purpose;
use crate::editor::undo::Edit;
use crate::render::Take;
use crate::scene::{self, Scene};
use crate::sim::{Group, Problems, Target};
use crate::view::CanvasAction;

/// Whether going from `now` to `draft` changes what the world was built with in a way it
/// cannot follow while running: the groups, or the list of placed agents (their ids).
fn needs_restart(now: &Scene, draft: &Scene) -> bool {
    draft.groups.len() != now.groups.len()
        || draft.agents.len() != now.agents.len()
        || draft
            .agents
            .iter()
            .zip(&now.agents)
            .any(|(a, b)| a.group != b.group)
        || starts_otherwise(now, draft)
}

/// Whether `draft` starts otherwise than `now`: another seed, count or spawning. Such an edit
/// applies at once, as a restart (Undo restarts on the values before).
fn starts_otherwise(now: &Scene, draft: &Scene) -> bool {
    draft.seed != now.seed
        || draft
            .groups
            .iter()
            .zip(&now.groups)
            .any(|(a, b)| a.count != b.count || a.spawn != b.spawn)
}

/// Problems as the lines the editor lists.
fn lines(problems: &Problems) -> Vec<String> {
    problems.iter().map(ToString::to_string).collect()
}

impl EditorApp {
    /// Applies one action: the only way the panels, windows, canvas and keys change anything.
    pub fn apply(&mut self, ctx: &egui::Context, action: Action) {
        match action {
            Action::TogglePlay => self.session.playing = !self.session.playing,
            Action::SetPlaying(playing) => self.session.playing = playing,
            Action::SetOverlays(overlays) => self.overlays = *overlays,
            Action::SetPresentation(presentation) => self.prefs.presentation = presentation,
            Action::SetCaptureSettings(settings) => self.prefs.capture = *settings,
            Action::SaveTo(path) => self.write_asking(Write::SaveAs(path.clone()), path),
            Action::Replace(replace) => self.answer_replace(replace),
            Action::SetSweep(setup) => self.jobs.sweep.setup = *setup,
            Action::RunSweep => self.jobs.sweep.start(self.doc.scene()),
            Action::AtlasApply(cell) => self.apply_atlas_cell(cell),
            Action::AtlasPin(cell) => self.pin_atlas_cell(cell),
            Action::Goals(a) => self.goal_action(a),
            Action::Step => {
                self.session.playing = false;
                self.step_once();
            }
            Action::Restart => self.restart(),
            Action::Fit => {
                self.canvas.view.framing = None;
                self.canvas.view.fit_pending = true;
            }
            Action::TogglePresent => self.set_presenting(self.presenting.is_none()),
            Action::Back => self.back(),
            Action::ToggleHelp => self.open.help = !self.open.help,
            Action::ShowHelp => self.open.help = true,
            Action::ShowStart => self.open.start = true,
            Action::Toast(text) => self.notices.toast_request = Some(text),
            Action::Show(tool) => {
                if tool == ToolWindow::Tune {
                    // The Tune window opens with the scene's ranges and goals filled in.
                    self.jobs.tune.prefill(self.doc.scene());
                }
                self.show_tool(tool);
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Edit(draft) => self.apply_draft(*draft),
            Action::RevertToSaved => self.revert_to_saved(),
            Action::CopyGroup => self.copy_group(ctx),
            Action::RequestPaste => ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste),
            Action::PasteGroup(text) => self.paste_group(&text),
            Action::Request(pending) => self.request(pending),
            Action::Answer(answer) => self.answer(answer),
            Action::Restore(restore) => self.answer_restore(restore),
            Action::Reload(take) => {
                if let Some(scene) = self.doc.answer_reload_offer(take) {
                    self.reload(scene);
                }
            }
            Action::CreateAwaited(create) => self.create_awaited(create),
            Action::Save => self.save(),
            Action::SaveAs => self.ask(Purpose::SaveAs),
            Action::CopyLink => self.copy_link(ctx),
            Action::ExportSheet => self.write_asking(Write::Sheet, self.sheet_dir()),
            Action::SaveToPathField => {
                let path = self
                    .doc
                    .path()
                    .map(|p| p.display().to_string())
                    .unwrap_or_default();
                self.files.path_field = Some((Purpose::SaveAs, path));
            }
            Action::SelectGroup(g) => self.session.current_group = g,
            Action::Select(id) => self.select(id),
            Action::CycleSelection(direction) => self.cycle_selection(direction),
            Action::RemoveSelected => self.remove_selected(),
            Action::SetCanvasTool(tool) => {
                self.canvas.tools.tool = tool;
                self.canvas.tools.picked = None;
            }
            Action::ToggleSnap => self.canvas.tools.snap = !self.canvas.tools.snap,
            Action::AddObstacle => self.add_obstacle(),
            Action::AddFlowField => self.add_flow_field(),
            Action::Canvas(action) => self.apply_canvas(&action),
            Action::Screenshot(kind) => self.request_screenshot(ctx, kind),
            Action::StartRecording => {
                let output = self.prefs.capture.output(&self.doc.scene().name);
                self.write_asking(Write::Take, output.path().to_path_buf());
            }
            Action::StopRecording => {
                if let Some(recording) = &self.jobs.recording {
                    recording.stop();
                }
            }
            Action::PinBaseline => self.pin_baseline(),
            Action::PinBaselineFromFile => self.ask(Purpose::Baseline),
            Action::PinPreset(preset) => self.pin_preset(preset),
            Action::KeepBaseline(keep) => self.answer_keep_baseline(keep),
            Action::Unpin => self.unpin("Baseline unpinned: the runs are no longer compared"),
            Action::SwapBaseline => self.swap_baseline(),
            Action::CompareWithSaved => self.compare_with_saved(),
            Action::SetMetrics(on) => self.session.metrics_on = on,
            Action::SetField(path, value) => self.set_field(&path, value),
            Action::Heavy(answer) => self.heavy_answer(answer),
        }
    }

    /// Runs exactly one tick.
    pub(crate) fn step_once(&mut self) {
        self.session.step_once(&self.overlays);
    }

    /// Advances the simulation by the whole ticks that real time (times the time scale) has
    /// made due since the last frame.
    pub(crate) fn advance(&mut self, elapsed_secs: f32) {
        self.session.advance_real(elapsed_secs, &self.overlays);
        self.notice_heavy();
    }

    /// Selects the next (or previous) agent of the current group.
    pub(crate) fn cycle_selection(&mut self, direction: i32) {
        self.session.cycle_selection(direction);
    }

    /// Enters or leaves presentation mode (the view is fitted to the new canvas).
    pub(crate) fn set_presenting(&mut self, on: bool) {
        if on == self.presenting.is_some() {
            return;
        }
        if on {
            // The presentation frames the whole world; the editor's own zoom comes back after.
            self.presenting = Some(self.canvas.view.clone());
            self.canvas.view.fit_pending = true;
        } else if let Some(view) = self.presenting.take() {
            self.canvas.view = view;
        }
    }

    /// Esc: leaves presentation mode, or else closes the dialog on top (what did not load),
    /// or else one open window (the help first).
    pub(crate) fn back(&mut self) {
        if self.presenting.is_some() {
            self.set_presenting(false);
            return;
        }
        if !self.files.errors.is_empty() {
            self.files.errors.clear();
            self.files.errors_note = None;
            return;
        }
        if self.open.start {
            self.open.start = false;
            return;
        }
        if self.open.help {
            self.open.help = false;
            return;
        }
        // Then the tool floated last, then a docked tool in front of its group.
        let dock = &self.prefs.dock;
        let floating = dock.floating.iter().rev().copied();
        let docked = dock.rects().into_iter().filter_map(|(pane, _)| match pane {
            crate::editor::dock::Pane::Tool(tool) => Some(tool),
            _ => None,
        });
        if let Some(tool) = floating.chain(docked).find(|tool| self.open.has(*tool)) {
            *self.open.tool(tool) = false;
        }
    }

    /// Rebuilds the world from the scene (seed, counts and spawning apply here).
    pub(crate) fn restart(&mut self) {
        match self.doc.scene().build_world() {
            Ok(world) => {
                self.session.replace_world(world);
                self.after_restart();
            }
            Err(problems) => self.notices.rejected = problems.0,
        }
    }

    pub(super) fn after_restart(&mut self) {
        // A new world: what was said of the last one's weight no longer holds.
        self.heavy = None;
        self.doc.forget_world_edits();
        self.notices.rejected.clear();
    }

    /// Replaces the document and restarts the world on it.
    pub(super) fn set_scene(&mut self, scene: Scene, path: Option<&Path>, origin: &str) {
        match scene.build_world() {
            Ok(world) => {
                // A browser's files have no path to open again: no recent files there.
                if let Some(p) = path
                    && !crate::editor::platform::DOWNLOADS
                {
                    self.prefs.touch(p);
                }
                self.doc.replace(scene, path.map(Path::to_path_buf), origin);
                self.forget_link();
                // A pinned baseline stays (it restarts with the new world, from its seed) and
                // the designer is asked whether to keep comparing with it.
                self.prompts.keep_baseline =
                    self.session.baseline.as_ref().map(|b| b.label.clone());
                // Another scene: its first ticks are timed, whatever was played anyway before.
                self.session.heavy_check = crate::editor::session::HeavyCheck::Due;
                self.session.reset_to(world);
                self.after_restart();
                self.canvas.view.fit_pending = true;
                self.apply_scene_view();
            }
            Err(problems) => self.files.errors = lines(&problems),
        }
    }

    /// Unpins the baseline, if one is pinned, saying so (`why`) on the status line.
    pub(crate) fn unpin(&mut self, why: &str) {
        if self.session.baseline.take().is_some() {
            why.clone_into(&mut self.files.status);
        }
    }

    /// Applies an edited draft of the scene: on the next tick when valid, refused otherwise.
    pub(super) fn apply_draft(&mut self, draft: Scene) {
        if draft == *self.doc.scene() {
            return;
        }
        if needs_restart(self.doc.scene(), &draft) {
            let restarted = starts_otherwise(self.doc.scene(), &draft);
            // Built before it is taken: a draft the world refuses stays out of the document.
            let world = match draft.build_world() {
                Ok(world) => world,
                Err(problems) => {
                    self.notices.rejected = problems.0;
                    return;
                }
            };
            self.doc.accept(draft);
            self.session.replace_world(world);
            self.after_restart();
            if restarted {
                "Restarted: the new seed, count or spawning applies from the start (Undo goes back)"
                    .clone_into(&mut self.files.status);
            }
            return;
        }
        match self.session.world.retune(draft.world_spec()) {
            Ok(()) => {
                self.doc.accept(draft);
                self.notices.rejected.clear();
            }
            Err(problems) => self.notices.rejected = problems.0,
        }
    }

    fn apply_canvas(&mut self, action: &CanvasAction) {
        match *action {
            CanvasAction::Select(id) => {
                if id != self.session.selected {
                    self.select(id);
                }
                if let Some(agent) = self.session.selected_agent() {
                    self.session.current_group = usize::from(agent.group);
                }
            }
            CanvasAction::SetClick(p) => {
                self.session.world.set_click(p);
                let mut scene = self.doc.scene().clone();
                scene.click_target = Some(p);
                self.doc.accept(scene);
            }
            CanvasAction::MovePointTarget(g, kind, which, p) => {
                let mut draft = self.doc.scene().clone();
                if let Some(target) = draft
                    .groups
                    .get_mut(g)
                    .and_then(|group| group.target_mut(kind, which))
                {
                    *target = Target::Point(p);
                }
                self.apply_draft(draft);
            }
            CanvasAction::MoveObstacle(i, p) => {
                let mut draft = self.doc.scene().clone();
                if let Some(o) = draft.obstacles.get_mut(i) {
                    o.center = p;
                }
                self.apply_draft(draft);
            }
            CanvasAction::MoveAgent(id, p) => self.move_agent(id, p),
            CanvasAction::SetSpawn(g, ref spawn) => {
                let mut draft = self.doc.scene().clone();
                if let Some(group) = draft.groups.get_mut(g) {
                    group.spawn = spawn.clone();
                }
                self.apply_draft(draft);
            }
            CanvasAction::AddAgent(p) => self.add_agent(p),
            CanvasAction::PlaceAgent(_)
            | CanvasAction::AddWall(..)
            | CanvasAction::MoveWallEnd(..)
            | CanvasAction::MoveWall(..)
            | CanvasAction::AddPath(..)
            | CanvasAction::AppendPathPoint(..)
            | CanvasAction::InsertPathPoint(..)
            | CanvasAction::MovePathPoint(..)
            | CanvasAction::AddLevelHole(..)
            | CanvasAction::MoveLevelCorner(..)
            | CanvasAction::PaintFlow(..) => self.edit_scenery(action),
        }
    }

    /// Delete: the last corner of the level block being drawn, else the picked scenery, else
    /// the selected agent.
    fn remove_selected(&mut self) {
        if self.canvas.tools.tool == crate::view::CanvasTool::Level
            && self.canvas.tools.level_draft.pop().is_some()
        {
            return;
        }
        if !self.delete_picked()
            && let Some(id) = self.session.selected
        {
            if (id as usize) < self.doc.scene().agents.len() {
                self.delete_placed(id as usize);
            } else {
                self.remove_agent(id);
            }
        }
    }

    /// Adds an agent of the current group at `p` and selects it (one undo step).
    fn add_agent(&mut self, p: Vec2) {
        let groups = self.doc.scene().groups.len();
        let group = self.session.current_group.min(groups.saturating_sub(1));
        let world = &mut self.session.world;
        if let Some(id) = world.add_agent(group, p, Vec2::ZERO) {
            if let Some(i) = world.index_of(id) {
                let agent = world.agents()[i].clone();
                self.doc.push_world_edit(Edit::AddAgent(Box::new(agent)));
            }
            self.select(Some(id));
        }
    }

    /// Removes an agent (one undo step).
    fn remove_agent(&mut self, id: u32) {
        let world = &mut self.session.world;
        if let Some(i) = world.index_of(id) {
            let agent = world.agents()[i].clone();
            self.doc.push_world_edit(Edit::RemoveAgent(Box::new(agent)));
        }
        self.session.world.remove_agent(id);
        if self.session.selected == Some(id) {
            self.select(None);
        }
    }

    /// Asks for `action`: at once when nothing unsaved would be lost, otherwise after the
    /// user answers Save, Discard or Cancel.
    pub(crate) fn request(&mut self, action: Pending) {
        if self.doc.is_dirty() {
            self.prompts.pending = Some(action);
        } else {
            self.perform(action);
        }
    }

    /// Does `action` now, whatever is unsaved.
    pub(super) fn perform(&mut self, action: Pending) {
        match action {
            Pending::New => self.set_scene(Scene::new_default(), None, "new"),
            Pending::OpenDialog => self.ask(Purpose::Open),
            Pending::OpenPathField => self.files.path_field = Some((Purpose::Open, String::new())),
            Pending::OpenPath(path) => self.open_path(&path),
            Pending::Preset(preset) => self.open_preset(preset),
            Pending::Close => self.prompts.close_confirmed = true,
            Pending::OpenLink(fragment) => self.open_link(&fragment),
            Pending::Upload(name, bytes) => self.open_upload(&name, &bytes),
        }
    }

    /// The answer to "save changes?".
    pub(crate) fn answer(&mut self, answer: Answer) {
        let Some(action) = self.prompts.pending.take() else {
            return;
        };
        match answer {
            Answer::Cancel => {}
            Answer::Discard => self.perform(action),
            Answer::Save => {
                self.prompts.after_save = Some(action);
                match self.doc.path().map(Path::to_path_buf) {
                    Some(path) => self.save_to(&path),
                    None => self.ask(Purpose::SaveAs),
                }
            }
        }
    }

    /// Undoes the last edit.
    pub(crate) fn undo(&mut self) {
        if let Some(edit) = self.doc.undo() {
            self.apply_edit(&edit, false);
            self.files.status = format!("Undo: {}", edit.label());
        }
    }

    /// Redoes the last undone edit.
    pub(crate) fn redo(&mut self) {
        if let Some(edit) = self.doc.redo() {
            self.apply_edit(&edit, true);
            self.files.status = format!("Redo: {}", edit.label());
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
                    self.session.world.insert_agent((**agent).clone());
                } else {
                    self.session.world.remove_agent(agent.id);
                    if self.session.selected == Some(agent.id) {
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
        let now = self.doc.scene().clone();
        self.doc.accept_committed(now);
        let groups = self.doc.scene().groups.len();
        self.session.clamp_group(groups);
    }

    /// Reverts the whole scene to the file (one undo step).
    pub(crate) fn revert_to_saved(&mut self) {
        self.edit_step(self.doc.saved().clone());
    }

    /// Applies `draft` as one undo step of its own (the edits before it are a step already).
    pub(crate) fn edit_step(&mut self, draft: Scene) {
        self.doc.commit();
        self.apply_draft(draft);
        self.doc.commit();
    }

    /// Copies the current group's parameters to the clipboard as RON.
    pub(crate) fn copy_group(&mut self, ctx: &egui::Context) {
        if let Some(group) = self.doc.scene().groups.get(self.session.current_group) {
            ctx.copy_text(scene::group_to_string(group));
            self.files.status = format!("Copied the parameters of group {}", group.name);
        }
    }

    /// Pastes group parameters (RON text) into the current group: everything but its name,
    /// count and spawning. Text that does not parse or validate changes nothing and shows why.
    pub(crate) fn paste_group(&mut self, text: &str) {
        let g = self.session.current_group;
        let Some(current) = self.doc.scene().groups.get(g) else {
            return;
        };
        match scene::group_from_str(text, "clipboard") {
            Ok(pasted) => {
                let mut draft = self.doc.scene().clone();
                draft.groups[g] = Group {
                    name: current.name.clone(),
                    count: current.count,
                    spawn: current.spawn.clone(),
                    ..pasted
                };
                self.doc.commit();
                self.apply_draft(draft);
                if self.notices.rejected.is_empty() {
                    self.files.errors.clear();
                    self.files.status = format!(
                        "Pasted parameters into group {}",
                        self.doc.scene().groups[g].name
                    );
                } else {
                    self.files.errors = std::mem::take(&mut self.notices.rejected)
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                }
            }
            Err(errors) => self.files.errors = errors.0.iter().map(ToString::to_string).collect(),
        }
    }

    /// Starts a take with the current settings: the presentation canvas (what presentation
    /// mode shows) with the current overlays, from a restart on the scene's seed or from now.
    pub(crate) fn start_recording(&mut self) -> Result<(), CaptureError> {
        if self.jobs.recording.is_some() {
            return Err(CaptureError::AlreadyRunning);
        }
        let settings = &self.prefs.capture;
        let world = if settings.from_restart {
            self.doc
                .scene()
                .build_world()
                .map_err(CaptureError::Scene)?
        } else {
            self.session.world.clone()
        };
        let take = Take {
            fps: settings.fps,
            frames: settings.frames(),
            presentation: self.prefs.presentation.clone(),
            overlays: self.overlays.clone(),
            selected: self.session.selected,
            view: if self.presenting.is_some() {
                self.canvas
                    .rect
                    .map(|r| (self.canvas.view.clone(), r.width()))
            } else {
                None
            },
            compare: self.take_compare(settings.compare, settings.from_restart)?,
            plots: settings.plots,
        };
        let output = settings.output(&self.doc.scene().name);
        let recording = CaptureJob::start(world, self.doc.scene().clone(), take, output)?;
        self.files.status = if crate::editor::platform::DOWNLOADS {
            format!(
                "Recording {} (it downloads when done)",
                crate::editor::platform::download_name(recording.path())
            )
        } else {
            format!("CaptureJob to {}", recording.path().display())
        };
        self.jobs.recording = Some(recording);
        Ok(())
    }

    /// Picks up the result of a finished take.
    pub(super) fn poll_recording(&mut self) {
        let Some(recording) = self.jobs.recording.as_mut() else {
            return;
        };
        let Some(result) = recording.poll() else {
            return;
        };
        let path = recording.path().display().to_string();
        self.jobs.recording = None;
        match result {
            Ok(n) => {
                self.files.errors.clear();
                self.files.status = if crate::editor::platform::DOWNLOADS {
                    format!(
                        "Downloaded {} ({n} frames)",
                        crate::editor::platform::download_name(Path::new(&path))
                    )
                } else {
                    format!("Recorded {n} frames to {path}")
                };
            }
            Err(e) => {
                self.files.errors = vec![e.to_string()];
                "CaptureJob failed: nothing was written".clone_into(&mut self.files.status);
            }
        }
    }

    /// Asks egui for a screenshot of the window; the canvas alone is cut out of it for
    /// [`ShotKind::Canvas`].
    pub(crate) fn request_screenshot(&mut self, ctx: &egui::Context, kind: ShotKind) {
        self.jobs.screenshots.request(ctx, kind);
    }
}
