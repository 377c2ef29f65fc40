//! The Atlas window: the distinct behaviors the scene's fields hold, as a grid over two
//! metrics (`tuning::atlas`, as `steerlab atlas` fills it). Pick the two metrics, the fields
//! and their ranges, and run: in the background, cancellable, the canvas live; the grid fills
//! as it runs, each cell a thumbnail that plays its variant. Hovering a cell shows its values
//! and metrics beside the scene's own; a click takes its values into the scene (one undo
//! step); right-click pins it as the baseline, its ghosts running beside the scene.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use egui::{Sense, Ui, vec2};

use crate::editor::action::Action;
use crate::editor::job::{self, Job, Piece};
use crate::scene::goals::{Goals, TuneRange};
use crate::scene::{Scene, labels};
use crate::sim::observe::metrics::{DEFINITIONS, metric_text};
use crate::tuning::atlas::fill::{AtlasOptions, Filling};
use crate::tuning::atlas::{Atlas, Elite};
use crate::tuning::sweep::{Pool, Trajectory};
use crate::tuning::tune::Tuning;
use crate::view::palette;
use crate::view::thumbnail::paint_trajectory_playing;

/// Agents traced per run for the thumbnails.
const THUMB_AGENTS: usize = 24;
/// Seconds a thumbnail takes to play its run.
const PLAY_SECONDS: f64 = 4.0;

/// What the window asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct AtlasSetup {
    /// The metric across (a name `steerlab metrics` prints, without the group; empty until
    /// the window first shows, which picks two that fit the group).
    pub x: String,
    /// The metric up.
    pub y: String,
    /// The group both measure (index into the scene's groups).
    pub group: usize,
    /// Cells per axis.
    pub cells: u32,
    /// Runs in all.
    pub budget: usize,
    /// Simulated seconds per run.
    pub seconds: f32,
    /// The fields varied and their ranges.
    pub ranges: Vec<TuneRange>,
}

impl Default for AtlasSetup {
    fn default() -> Self {
        Self {
            x: String::new(),
            y: String::new(),
            group: 0,
            // The command line's defaults, so that both give the same atlas.
            cells: AtlasOptions::default().cells.0,
            budget: AtlasOptions::default().budget,
            seconds: 10.0,
            ranges: Vec::new(),
        }
    }
}

/// What the grid shows: the atlas as filled so far, each filled cell's trajectory, and the
/// scene it was made from with its own metrics.
#[derive(Clone, Debug)]
pub struct AtlasShown {
    /// The atlas.
    pub atlas: Atlas,
    /// Each filled cell with its variant's trajectory.
    pub traces: Vec<((u32, u32), Trajectory)>,
    /// The scene the atlas varies.
    pub base: Scene,
    /// That scene's metrics, with its own values.
    pub own: Vec<(String, f64)>,
    /// The cell the scene's own values land in.
    pub own_cell: Option<(u32, u32)>,
}

impl AtlasShown {
    /// The scene of cell `cell`: the base with the cell's values set.
    #[must_use]
    pub fn scene_of(&self, cell: (u32, u32)) -> Option<Scene> {
        let e = self.atlas.at(cell.0, cell.1)?;
        crate::render::atlas::cell_scene(&self.atlas, &self.base, e).ok()
    }
}

/// What a running atlas shares with the window.
#[derive(Default)]
struct FillShared {
    cancel: AtomicBool,
    done: std::sync::atomic::AtomicUsize,
    shown: Mutex<Option<AtlasShown>>,
}

/// The window's settings, its running fill and its last atlas.
#[derive(Default)]
pub struct AtlasPanel {
    /// What to fill.
    pub setup: AtlasSetup,
    job: Option<Job<Option<AtlasShown>, FillShared>>,
    /// The last atlas (or the one filling, as far as it has come).
    pub shown: Option<AtlasShown>,
    /// Why the last fill could not start or failed.
    pub error: Option<String>,
    /// The cell last taken into the scene.
    pub taken: Option<(u32, u32)>,
    /// Set when a fill starts: the setup folds away on the next frame, so that the grid is
    /// what the window shows.
    fold_setup: bool,
}

impl AtlasPanel {
    /// Whether a fill is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Takes the scene's tuned fields as the fields to vary when there are none yet, and the
    /// current group as the one measured.
    pub fn prefill(&mut self, scene: &Scene, current_group: usize) {
        if self.setup.ranges.is_empty()
            && let Some(goals) = &scene.goals
        {
            self.setup.ranges.clone_from(&goals.tune);
            self.setup.seconds = goals.seconds;
        }
        if self.setup.group >= scene.groups.len() {
            self.setup.group = current_group.min(scene.groups.len().saturating_sub(1));
        }
        if self.setup.x.is_empty() || self.setup.y.is_empty() {
            // A group that arrives somewhere: how it arrives; else how it flocks.
            let arrives = scene
                .groups
                .get(current_group)
                .is_some_and(|g| g.arrival_target().is_some());
            let (x, y) = if arrives {
                ("overshoot", "time_to_arrive")
            } else {
                ("polarization", "spread")
            };
            (self.setup.x, self.setup.y) = (x.to_owned(), y.to_owned());
            self.setup.group = current_group.min(scene.groups.len().saturating_sub(1));
        }
    }

    /// Starts filling an atlas of `scene` in the background.
    pub fn start(&mut self, scene: &Scene) {
        if self.running() {
            return;
        }
        self.error = None;
        match self.filling(scene) {
            Ok((filling, base)) => {
                self.spawn(filling, base);
                self.fold_setup = true;
            }
            Err(e) => self.error = Some(e),
        }
    }

    fn filling(&self, scene: &Scene) -> Result<(Filling, Scene), String> {
        let setup = &self.setup;
        if setup.ranges.is_empty() {
            return Err("Add a field to vary first, with the range worth exploring.".to_owned());
        }
        let group = scene
            .groups
            .get(setup.group)
            .ok_or("The scene has no group to measure.")?;
        let mut base = scene.clone();
        let mut goals = base
            .goals
            .clone()
            .unwrap_or_else(|| Goals::empty(setup.seconds));
        goals.tune.clone_from(&setup.ranges);
        goals.seconds = setup.seconds;
        base.goals = Some(goals);
        let tuning = Tuning::open(&base)?;
        let options = AtlasOptions {
            x: format!("{}.{}", group.name, setup.x),
            y: format!("{}.{}", group.name, setup.y),
            cells: (setup.cells, setup.cells),
            budget: setup.budget,
            ..AtlasOptions::default()
        };
        let name = base.name.clone();
        Ok((Filling::new(tuning, &name, &options, THUMB_AGENTS)?, base))
    }

    fn spawn(&mut self, mut filling: Filling, base: Scene) {
        let pool = match Pool::new(0) {
            Ok(p) => p,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        let total = filling.progress().total;
        // A generation a piece on the desktop; one run a piece in a browser, between frames.
        // The atlas is the same either way.
        let most = if job::SMALL_PIECES { 1 } else { usize::MAX };
        let snapshot = move |f: &Filling, base: &Scene| {
            f.atlas().map(|atlas| AtlasShown {
                atlas,
                traces: f.traces(),
                base: base.clone(),
                own: f.own_metrics().to_vec(),
                own_cell: f.own_cell(),
            })
        };
        let mut shown_generation = 0;
        let spawned = Job::spawn(
            "the atlas",
            FillShared::default(),
            total,
            move |s: &FillShared| {
                if s.cancel.load(Ordering::Relaxed) {
                    return Piece::Done(Ok(snapshot(&filling, &base)));
                }
                let more = match filling.step(&pool, most) {
                    Ok(more) => more,
                    Err(e) => return Piece::Done(Err(e)),
                };
                s.done.store(filling.progress().done, Ordering::Relaxed);
                if !more {
                    return Piece::Done(Ok(snapshot(&filling, &base)));
                }
                // The grid changes only when a generation has run whole: copy it out then, not
                // after every piece (one run a piece in a browser).
                if filling.generations() != shown_generation {
                    shown_generation = filling.generations();
                    if let Ok(mut shown) = s.shown.lock() {
                        *shown = snapshot(&filling, &base);
                    }
                }
                Piece::More
            },
        );
        match spawned {
            Ok(job) => {
                self.job = Some(job);
                self.taken = None;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Stops the running fill; what it has filled stays.
    pub fn cancel(&self) {
        if let Some(job) = &self.job {
            job.shared.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Takes in what the running fill has done; whether it still runs.
    pub fn poll(&mut self) -> bool {
        if let Some(job) = &self.job
            && let Ok(mut shown) = job.shared.shown.lock()
            && let Some(now) = shown.take()
        {
            self.shown = Some(now);
        }
        if let Some(result) = job::finished(&mut self.job, "the atlas") {
            match result {
                Ok(Some(shown)) => self.shown = Some(shown),
                Ok(None) => {}
                Err(e) => self.error = Some(e),
            }
        }
        self.job.is_some()
    }

    /// Blocks until the running fill (if any) is done.
    pub fn wait(&mut self) {
        job::wait_while(|| self.poll());
    }

    /// Runs done and in all, while running.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job
            .as_ref()
            .map(|j| (j.shared.done.load(Ordering::Relaxed), j.total))
    }
}

/// The Atlas window over one frame.
pub struct AtlasWindow<'a> {
    /// Its state.
    pub panel: &'a mut AtlasPanel,
    /// The scene as it is.
    pub scene: &'a Scene,
    /// The group the inspector shows: its fields come first in the field list.
    pub current_group: usize,
}

impl AtlasWindow<'_> {
    /// The window's contents (docked or floating).
    pub fn contents(self, ui: &mut Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        let Self {
            panel,
            scene,
            current_group,
        } = self;
        panel.prefill(scene, current_group);
        ui.label(
            "The distinct behaviors the fields below can give: each run lands in the cell of \
             its two metrics, and each cell keeps its best variant: the one that meets the \
             scene's goals or comes closest, then the one nearest the scene's values.",
        );
        let mut setup = egui::CollapsingHeader::new("Axes and fields")
            .id_salt("atlas setup")
            .default_open(panel.shown.is_none());
        if std::mem::take(&mut panel.fold_setup) {
            setup = setup.open(Some(false));
        }
        setup.show(ui, |ui| {
            axes_ui(ui, &mut panel.setup, scene);
            ui.strong("Fields it varies");
            super::pick::ranges_ui(ui, "atlas", (scene, current_group), &mut panel.setup.ranges);
        });
        run_ui(ui, panel, scene);
        if let Some(e) = &panel.error {
            ui.colored_label(palette::WORSE, e);
        }
        if let Some(shown) = &panel.shown {
            ui.separator();
            if let Some(cell) = grid_ui(ui, shown, panel.taken, &mut actions) {
                panel.taken = Some(cell);
            }
        }
        if panel.running() || panel.shown.is_some() {
            // The thumbnails play.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(40));
        }
        actions
    }
}

fn axes_ui(ui: &mut Ui, setup: &mut AtlasSetup, scene: &Scene) {
    ui.horizontal(|ui| {
        let metric = |ui: &mut Ui, id: &str, value: &mut String| {
            egui::ComboBox::from_id_salt(id)
                .selected_text(value.as_str())
                .show_ui(ui, |ui| {
                    for d in DEFINITIONS {
                        ui.selectable_value(value, d.name.to_owned(), d.name)
                            .on_hover_text(d.summary);
                    }
                })
        };
        ui.label("across");
        metric(ui, "atlas x", &mut setup.x);
        ui.label("up");
        metric(ui, "atlas y", &mut setup.y);
        ui.label("of");
        let name = scene
            .groups
            .get(setup.group)
            .map_or_else(String::new, |g| g.name.clone());
        egui::ComboBox::from_id_salt("atlas group")
            .selected_text(name)
            .show_ui(ui, |ui| {
                for (k, g) in scene.groups.iter().enumerate() {
                    ui.selectable_value(&mut setup.group, k, &g.name);
                }
            });
    });
    ui.horizontal(|ui| {
        let label = ui.label("cells");
        ui.add(egui::DragValue::new(&mut setup.cells).range(2..=12))
            .labelled_by(label.id);
        let label = ui.label("runs");
        ui.add(egui::DragValue::new(&mut setup.budget).range(20..=20_000))
            .labelled_by(label.id);
        let label = ui.label("each");
        ui.add(
            egui::DragValue::new(&mut setup.seconds)
                .range(0.5..=120.0)
                .suffix(" s"),
        )
        .labelled_by(label.id);
    });
}

fn run_ui(ui: &mut Ui, panel: &mut AtlasPanel, scene: &Scene) {
    ui.horizontal(|ui| {
        if let Some((done, total)) = panel.progress() {
            let filled = panel.shown.as_ref().map_or(0, |s| s.atlas.cells.len());
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .desired_width(260.0)
                    .text(format!("{done} / {total} runs, {filled} cells filled")),
            );
            if ui
                .button("Cancel")
                .on_hover_text("Stop now and keep what is filled.")
                .clicked()
            {
                panel.cancel();
            }
        } else {
            let ready = !panel.setup.ranges.is_empty();
            if ui
                .add_enabled(ready, egui::Button::new("Run"))
                .on_hover_text("Fill the grid in the background; the scene plays on.")
                .clicked()
            {
                panel.start(scene);
            }
        }
    });
}

/// The grid, the y axis up; returns the cell clicked.
fn grid_ui(
    ui: &mut Ui,
    shown: &AtlasShown,
    taken: Option<(u32, u32)>,
    actions: &mut Vec<Action>,
) -> Option<(u32, u32)> {
    let plan = &shown.atlas.plan;
    let (cx, cy) = (plan.x.cells.max(1), plan.y.cells.max(1));
    // Cells as large as fit the width and the height of the view (the title line, the x
    // labels and the hint below take about 70 points), so that the whole grid shows once
    // scrolled to; the same size wherever it is scrolled.
    let in_view = ui.clip_rect().height() - 70.0;
    let side = ((ui.available_width() - 60.0) / cx as f32)
        .min(in_view / cy as f32 - 2.0)
        .clamp(32.0, 110.0);
    // A fraction in 0..1.
    #[allow(clippy::cast_possible_truncation)]
    let t = (ui.input(|i| i.time) / PLAY_SECONDS).fract() as f32;
    let mut clicked = None;
    let has_goals = shown
        .base
        .goals
        .as_ref()
        .is_some_and(|g| !g.list.is_empty());
    ui.label(format!(
        "{} of {} cells filled; across: {}, up: {}",
        shown.atlas.cells.len(),
        cx * cy,
        plan.x.metric,
        plan.y.metric
    ));
    egui::Grid::new("atlas grid")
        .spacing(vec2(2.0, 2.0))
        .show(ui, |ui| {
            for r in (0..cy).rev() {
                let (lo, hi) = plan.y.bounds(r);
                ui.label(format!(
                    "{}–{}",
                    labels::readable_number(lo),
                    metric_text(&plan.y.metric, hi)
                ));
                for c in 0..cx {
                    let look = CellLook {
                        side,
                        t,
                        has_goals,
                        taken: taken == Some((c, r)),
                    };
                    if cell_ui(ui, shown, (c, r), look, actions) {
                        clicked = Some((c, r));
                    }
                }
                ui.end_row();
            }
            ui.label("");
            for c in 0..cx {
                let (lo, _) = plan.x.bounds(c);
                ui.label(metric_text(&plan.x.metric, lo));
            }
            ui.end_row();
        });
    let marks = if has_goals {
        "A green dot: the cell's variant meets every goal. Outlined in yellow: where the \
         scene's own values land. "
    } else {
        "Outlined in yellow: where the scene's own values land. "
    };
    ui.weak(format!(
        "{marks}Click a cell to take its values into the scene and restart the run (Undo \
         takes them back); right-click to pin it as the baseline."
    ));
    clicked
}

/// How a cell is drawn: its side, the play's fraction, whether the scene has goals, and
/// whether it is the cell last taken.
#[derive(Clone, Copy)]
struct CellLook {
    side: f32,
    t: f32,
    has_goals: bool,
    taken: bool,
}

/// One cell of the grid: its variant's run playing, its marks, its hover and its menu.
/// Returns whether it was clicked.
fn cell_ui(
    ui: &mut Ui,
    shown: &AtlasShown,
    (c, r): (u32, u32),
    look: CellLook,
    actions: &mut Vec<Action>,
) -> bool {
    let (rect, response) = ui.allocate_exact_size(vec2(look.side, look.side), Sense::click());
    let name = format!("atlas cell x{c} y{r}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
    if shown.own_cell == Some((c, r)) {
        // Where the scene's own values land.
        ui.painter().rect_stroke(
            rect.expand(1.0),
            4.0,
            egui::Stroke::new(2.0, palette::CLICK),
            egui::StrokeKind::Outside,
        );
    }
    let Some(e) = shown.atlas.at(c, r) else {
        ui.painter().rect_stroke(
            rect.shrink(1.0),
            3.0,
            egui::Stroke::new(1.0, palette::GRID),
            egui::StrokeKind::Inside,
        );
        return false;
    };
    let highlight = response.hovered() || look.taken;
    if let Some((_, trace)) = shown.traces.iter().find(|(k, _)| *k == (c, r)) {
        paint_trajectory_playing(
            &ui.painter_at(rect),
            rect.shrink(1.0),
            trace,
            highlight,
            look.t,
        );
    }
    if look.has_goals && e.violation <= 0.0 {
        // Meets every goal on every seed.
        let at = rect.right_top() + vec2(-6.0, 6.0);
        ui.painter().circle_filled(at, 3.5, palette::BETTER);
    }
    let response = response.on_hover_ui(|ui| hover_ui(ui, shown, e));
    response.context_menu(|ui| {
        if ui.button("Take its values into the scene").clicked() {
            actions.push(Action::AtlasApply((c, r)));
            ui.close();
        }
        if ui.button("Pin as the baseline").clicked() {
            actions.push(Action::AtlasPin((c, r)));
            ui.close();
        }
    });
    if response.clicked() {
        actions.push(Action::AtlasApply((c, r)));
        return true;
    }
    false
}

/// A cell's values and metrics beside the scene's own.
fn hover_ui(ui: &mut Ui, shown: &AtlasShown, e: &Elite) {
    let plan = &shown.atlas.plan;
    let mut base = shown.base.clone();
    egui::Grid::new("atlas hover").striped(true).show(ui, |ui| {
        ui.strong("");
        ui.strong("this cell");
        ui.strong("the scene");
        ui.end_row();
        for ((field, ..), v) in plan.fields.iter().zip(&e.values) {
            let path = crate::sim::FieldPath::parse(field).ok();
            let label = path
                .as_ref()
                .map_or_else(|| field.clone(), |p| labels::field_label(&shown.base, p));
            let own = path.and_then(|p| p.get(&mut base));
            ui.label(label);
            ui.label(labels::readable_number(*v));
            ui.label(own.map_or_else(|| "—".to_owned(), labels::readable_number));
            ui.end_row();
        }
        for (name, v) in &e.metrics {
            let own = shown.own.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
            let axis = *name == plan.x.metric || *name == plan.y.metric;
            let short = name.rsplit_once('.').map_or(name.as_str(), |(_, m)| m);
            if axis {
                ui.strong(short);
            } else {
                ui.label(short);
            }
            ui.label(metric_text(name, *v));
            ui.label(own.map_or_else(|| "—".to_owned(), |o| metric_text(name, o)));
            ui.end_row();
        }
    });
}
