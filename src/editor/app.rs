//! The editor application: the document (scene and file), the live world, the fixed-tick
//! transport, and the panels around the canvas.
//!
//! `logic` advances the simulation by whole ticks from real elapsed time (times the time
//! scale), so motion is the same at any frame rate; `ui` paints.

use std::path::{Path, PathBuf};

use egui::{Key, Panel, Ui};
use glam::Vec2;

use super::canvas::{CanvasAction, CanvasInput, CanvasState, Trails, canvas_ui};
use super::files::{Files, Purpose};
use super::inspector;
use super::overlays::{Overlays, group_color};
use super::plots::History;
use crate::scene::{self, Scene, presets};
use crate::sim::World;

/// Most ticks run in one frame; beyond that the simulation slows down rather than stalls.
const MAX_TICKS_PER_FRAME: u32 = 8;

/// The editor.
pub struct EditorApp {
    scene: Scene,
    path: Option<PathBuf>,
    origin: String,
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
        Self {
            scene,
            path,
            origin: origin.to_owned(),
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

    /// The window title: scene name and file.
    #[must_use]
    pub fn title(&self) -> String {
        let file = self
            .path
            .as_ref()
            .map_or_else(|| self.origin.clone(), |p| p.display().to_string());
        format!("{} — {} — steerlab", self.scene.name, file)
    }

    /// Replaces the document and restarts the world on it.
    fn set_scene(&mut self, scene: Scene, path: Option<PathBuf>, origin: String) {
        match scene.build_world() {
            Ok(world) => {
                self.scene = scene;
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
                self.files.status = format!("Saved {}", path.display());
            }
            Err(e) => {
                self.files.errors = vec![e.to_string()];
                "Save failed".clone_into(&mut self.files.status);
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
                        self.select(Some(id));
                    }
                }
                CanvasAction::RemoveAgent(id) => {
                    self.world.remove_agent(id);
                    if self.selected == Some(id) {
                        self.select(None);
                    }
                }
            }
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
            self.ask(Purpose::Open);
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
                    .button("New")
                    .on_hover_text("A fresh scene: one group of wanderers.")
                    .clicked()
                {
                    self.set_scene(fallback_scene(), None, "new".to_owned());
                }
                if ui
                    .add(
                        egui::Button::new("Open…").shortcut_text(ui.ctx().format_shortcut(
                            &egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, Key::O),
                        )),
                    )
                    .clicked()
                {
                    self.ask(Purpose::Open);
                }
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
                if ui.button("Save As…").clicked() {
                    self.ask(Purpose::SaveAs);
                }
                ui.separator();
                if ui
                    .button("Open path…")
                    .on_hover_text("Type a path (for machines without a file dialog).")
                    .clicked()
                {
                    self.files.path_field = Some((Purpose::Open, String::new()));
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
            ui.menu_button("Presets", |ui| {
                for preset in presets::ALL {
                    if ui.button(preset.file.trim_end_matches(".ron")).clicked() {
                        self.open_preset(*preset);
                    }
                }
            });
            ui.separator();
            self.transport_ui(ui);
        });
    }

    fn transport_ui(&mut self, ui: &mut Ui) {
        let play = if self.playing { "Pause" } else { "Play" };
        if ui.button(play).on_hover_text("Space").clicked() {
            self.playing = !self.playing;
        }
        if ui
            .button("Step")
            .on_hover_text("One tick (. or →)")
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
        let mut draft = self.scene.clone();
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading(&draft.name);
            if !draft.description.is_empty() {
                ui.label(egui::RichText::new(&draft.description).small());
            }
            egui::CollapsingHeader::new("World")
                .default_open(true)
                .show(ui, |ui| {
                    inspector::world_ui(ui, &mut draft, &mut self.time_scale);
                });
            let names: Vec<String> = draft.groups.iter().map(|g| g.name.clone()).collect();
            ui.horizontal_wrapped(|ui| {
                for (i, name) in names.iter().enumerate() {
                    let text = egui::RichText::new(name).color(group_color(i));
                    ui.selectable_value(&mut self.current_group, i, text);
                }
            });
            if let Some(group) = draft.groups.get_mut(self.current_group) {
                ui.push_id(self.current_group, |ui| {
                    inspector::group_ui(ui, group, &names);
                });
            }
            if !self.rejected.is_empty() {
                ui.separator();
                for problem in &self.rejected {
                    ui.colored_label(ui.visuals().error_fg_color, problem);
                }
            }
        });
        self.apply_draft(draft);
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
        self.handle_keys(ctx);
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.first() {
            self.open_path(path);
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
        }
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        Panel::top("menu").show(ui, |ui| self.menu_ui(ui));
        Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.weak(&self.files.status);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.weak(
                        "Space play/pause · . step · R restart · F fit · Ctrl+O open · Ctrl+S save",
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
    }
}
