//! The sweep window: pick a numeric field and a range, run the scene once per value in the
//! background (every variant from the scene's seed and start), then read each metric against
//! the value and look at a thumbnail of each run's trajectories. Clicking a thumbnail (or a
//! point) takes its value into the scene as one undo step.

use crate::editor::action::SweepSetup;
use crate::editor::drag::path_drag;
use crate::editor::job::{self, Job, Piece};
use std::sync::atomic::{AtomicUsize, Ordering};

use egui::{Pos2, Rect, Sense, Ui, vec2};
use egui_plot::{Line, Plot, Points, VLine};

use crate::editor::action::Action;
use crate::scene::{Scene, labels};
use crate::sim::FieldPath;
use crate::sim::observe::metrics::{DEFINITIONS, Metrics, metric_text};
use crate::tuning::sweep::{self, Param, Trajectory};
use crate::view::palette;
use crate::view::thumbnail::paint_trajectory;

/// Agents traced per variant for the thumbnails.
const THUMB_AGENTS: usize = 48;

/// What a finished sweep found.
pub struct SweepResults {
    /// The range swept.
    pub param: Param,
    /// Each variant's value.
    pub values: Vec<f64>,
    /// Each variant's metrics.
    pub metrics: Vec<Metrics>,
    /// Each variant's trajectories.
    pub traces: Vec<Trajectory>,
    /// Simulated seconds each run lasted.
    pub seconds: f32,
}

/// What a sweep's thread gives: the parameter, its values and each value's run.
type Swept = (Param, Vec<f64>, Vec<(Metrics, Trajectory)>);

/// The sweep window's settings, its running job and its last results.
pub struct SweepPanel {
    /// What is swept, over what, and the metric plotted.
    pub setup: SweepSetup,
    job: Option<Job<Swept, AtomicUsize>>,
    /// The last sweep's results.
    pub results: Option<SweepResults>,
    /// Why the last sweep failed.
    pub error: Option<String>,
    /// Simulated seconds of the running sweep's runs.
    seconds: f32,
    /// The value last taken from the results into the scene (highlighted while the scene
    /// still has it: an undo clears it).
    pub taken: Option<f64>,
}

impl Default for SweepPanel {
    fn default() -> Self {
        Self {
            setup: SweepSetup {
                field: FieldPath::root(),
                lo: 0.0,
                hi: 1.0,
                count: 8,
                seconds: 10.0,
                metric: String::new(),
            },
            job: None,
            results: None,
            error: None,
            seconds: 0.0,
            taken: None,
        }
    }
}

impl SweepPanel {
    /// Whether a sweep is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Starts a sweep of the current settings on `scene` in the background.
    pub fn start(&mut self, scene: &Scene) {
        self.error = None;
        let param = Param {
            field: self.setup.field.clone(),
            lo: self.setup.lo,
            hi: self.setup.hi,
            count: self.setup.count.max(1),
        };
        let mut variants = match sweep::variants(scene, std::slice::from_ref(&param)) {
            Ok(v) => v,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        // The scene as it is is always one of the runs, so the plot shows where it stands.
        if let Some(now) = current_value(scene, &param.field)
            && !variants
                .iter()
                .any(|v| v.values[0].to_bits() == now.to_bits())
        {
            let at = variants.partition_point(|v| v.values[0] < now);
            variants.insert(
                at,
                sweep::Variant {
                    values: vec![now],
                    scene: scene.clone(),
                },
            );
        }
        let steps = ticks_in(self.setup.seconds, scene.dt);
        self.seconds = self.setup.seconds;
        let total = variants.len();
        // All the runs as one piece on the desktop (on every core); one run a piece in a
        // browser, between frames.
        let per_piece = if job::SMALL_PIECES { 1 } else { total };
        let mut results = Vec::with_capacity(total);
        let spawned = Job::spawn(
            "the sweep",
            AtomicUsize::new(0),
            total,
            move |done: &AtomicUsize| {
                let from = results.len();
                let to = (from + per_piece).min(total);
                let traced = sweep::run_with_trajectories(
                    &variants[from..to],
                    steps,
                    0,
                    THUMB_AGENTS,
                    &|| {
                        done.fetch_add(1, Ordering::Relaxed);
                    },
                );
                match traced {
                    Ok(traced) => results.extend(traced),
                    Err(e) => return Piece::Done(Err(e)),
                }
                if results.len() < total {
                    return Piece::More;
                }
                let values = variants.iter().map(|v| v.values[0]).collect();
                Piece::Done(Ok((param.clone(), values, std::mem::take(&mut results))))
            },
        );
        match spawned {
            Ok(job) => self.job = Some(job),
            Err(e) => self.error = Some(e),
        }
    }

    /// Collects a finished sweep; returns whether one is still running.
    pub fn poll(&mut self) -> bool {
        if let Some(result) = job::finished(&mut self.job, "the sweep") {
            match result {
                Ok((param, values, results)) => {
                    let (metrics, traces) = results.into_iter().unzip();
                    self.results = Some(SweepResults {
                        param,
                        values,
                        metrics,
                        traces,
                        seconds: self.seconds,
                    });
                }
                Err(e) => self.error = Some(e),
            }
        }
        self.job.is_some()
    }

    /// Blocks until the running sweep (if any) is done and collects it.
    pub fn wait(&mut self) {
        job::wait_while(|| self.poll());
    }
}

/// The whole ticks of `dt` in `seconds` (0 to 1,000,000).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn ticks_in(seconds: f32, dt: f32) -> u64 {
    // Clamped in f64 first, so the cast is of a whole number in 0..=1e6.
    (f64::from(seconds) / f64::from(dt).max(1e-6))
        .round()
        .clamp(0.0, 1e6) as u64
}

/// The window over one frame: the panel's state and the scene it sweeps.
pub struct SweepWindow<'a> {
    /// The settings, job and results.
    pub panel: &'a mut SweepPanel,
    /// The scene as edited now.
    pub scene: &'a Scene,
    /// The group the inspector shows: its fields are offered first.
    pub current_group: usize,
}

impl SweepWindow<'_> {
    /// The window's contents (docked or floating).
    pub fn contents(self, ui: &mut Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        let Self {
            panel,
            scene,
            current_group,
        } = self;
        settings_ui(ui, panel, scene, current_group);
        if let Some(e) = &panel.error {
            ui.colored_label(palette::WARNING, e);
        }
        if let Some(results) = &panel.results {
            ui.separator();
            let taken = panel.taken;
            results_ui(
                ui,
                (results, taken),
                &mut panel.setup.metric,
                scene,
                &mut actions,
            );
            // The value taken is highlighted while the scene has it.
            if let Some(Action::SetField(_, v)) = actions.last() {
                panel.taken = Some(*v);
            }
        }
        actions
    }
}

fn settings_ui(ui: &mut Ui, panel: &mut SweepPanel, scene: &Scene, current_group: usize) {
    let fields = super::pick::fields_in_order(scene, current_group);
    if panel.setup.field.is_root()
        && let Some(first) = super::pick::default_sweep_field(scene, current_group)
    {
        panel.setup.field = first;
        set_range_around(panel, scene);
        panel.setup.metric = default_metric(scene, &panel.setup.field);
        // The length the scene's goals are measured over.
        if let Some(goals) = &scene.goals {
            panel.setup.seconds = goals.seconds;
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label("field");
        let (response, picked) = super::pick::field_picker_ui(
            ui,
            "sweep field",
            labels::field_label(scene, &panel.setup.field),
            (scene, &fields),
        );
        response.labelled_by(label.id);
        if let Some(field) = picked.filter(|f| *f != panel.setup.field) {
            panel.setup.field = field;
            set_range_around(panel, scene);
            panel.setup.metric = default_metric(scene, &panel.setup.field);
        }
    });
    ui.horizontal(|ui| {
        let field = panel.setup.field.clone();
        let label = ui.label("from");
        ui.add(path_drag(&mut panel.setup.lo, &field))
            .labelled_by(label.id);
        let label = ui.label("to");
        ui.add(path_drag(&mut panel.setup.hi, &field))
            .labelled_by(label.id);
        let label = ui.label("values");
        ui.add(egui::DragValue::new(&mut panel.setup.count).range(2..=24))
            .labelled_by(label.id);
        let label = ui.label("run");
        ui.add(
            egui::DragValue::new(&mut panel.setup.seconds)
                .range(0.1..=120.0)
                .suffix(" s"),
        )
        .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        if let Some(job) = &panel.job {
            let (done, total) = (job.shared.load(Ordering::Relaxed), &job.total);
            ui.add(
                egui::ProgressBar::new(done as f32 / (*total).max(1) as f32)
                    .text(format!("{done} / {total} runs"))
                    .desired_width(300.0),
            );
        } else if ui
            .button("Run sweep")
            .on_hover_text(
                "Runs the scene once per value, each from the scene's seed and start, \
                 in the background.",
            )
            .clicked()
        {
            panel.start(scene);
        }
    });
}

/// The range the scene's goals give the field to tune (11 values over it), or else round values
/// from about half to about twice the field's present value, within what the field may hold (a
/// probability of 1 sweeps 0.5 to 1, not to 2, which the scene refuses).
fn set_range_around(panel: &mut SweepPanel, scene: &Scene) {
    let tuned = scene
        .goals
        .as_ref()
        .and_then(|g| g.tune.iter().find(|r| r.field == panel.setup.field));
    if let Some(r) = tuned {
        (panel.setup.lo, panel.setup.hi, panel.setup.count) = (r.lo, r.hi, 11);
        return;
    }
    let now = current_value(scene, &panel.setup.field).unwrap_or(0.0);
    let limit = panel
        .setup
        .field
        .limit(&mut scene.clone())
        .map(crate::sim::model::field::Limit::range);
    (panel.setup.lo, panel.setup.hi, panel.setup.count) = sweep::round_range_within(now, limit);
}

/// The present value of a numeric field (the number inside a choice like
/// `SlowingRadius(150.0)`).
fn current_value(scene: &Scene, field: &FieldPath) -> Option<f64> {
    field.get(&mut scene.clone())
}

fn results_ui(
    ui: &mut Ui,
    (results, taken): (&SweepResults, Option<f64>),
    metric: &mut String,
    scene: &Scene,
    actions: &mut Vec<Action>,
) {
    let names: Vec<String> = results
        .metrics
        .first()
        .map(|m| m.flat().into_iter().map(|(n, _)| n).collect())
        .unwrap_or_default();
    if !names.contains(metric) {
        let fits = default_metric(scene, &results.param.field);
        if names.contains(&fits) {
            *metric = fits;
        } else if let Some(first) = names.first() {
            metric.clone_from(first);
        }
    }
    ui.horizontal(|ui| {
        let label = ui.label("metric");
        egui::ComboBox::from_id_salt("sweep metric")
            .width(260.0)
            .selected_text(metric.as_str())
            .show_ui(ui, |ui| {
                for n in &names {
                    ui.selectable_value(metric, n.clone(), n);
                }
            })
            .response
            .labelled_by(label.id);
        ui.weak(metric_better(metric).map_or_else(String::new, |b| format!("{b} is better")));
    });
    let now = current_value(scene, &results.param.field);
    let x_label = labels::field_label(scene, &results.param.field);
    let second = partner(metric).filter(|p| names.contains(p));
    let height = if second.is_some() { 130.0 } else { 170.0 };
    let response = metric_plot(ui, ("sweep plot", metric), results, now, (height, &x_label));
    if let Some(second) = &second {
        ui.weak(format!(
            "{second}{}",
            metric_better(second).map_or_else(String::new, |b| format!(" ({b} is better)"))
        ));
        metric_plot(
            ui,
            ("sweep plot 2", second),
            results,
            now,
            (100.0, &x_label),
        );
    }
    // A click on the plot takes the nearest variant's value.
    if response.response.clicked()
        && let Some(at) = response.inner
        && let Some(v) = results
            .values
            .iter()
            .min_by(|a, b| (*a - at.x).abs().total_cmp(&(*b - at.x).abs()))
    {
        actions.push(Action::SetField(results.param.field.clone(), *v));
    }
    ui.weak("Click a run to take its value into the scene (one undo step).");
    let field = labels::field_label(scene, &results.param.field);
    thumbnails_ui(
        ui,
        results,
        (metric, &field, results.seconds),
        (now, taken),
        actions,
    );
}

/// The two metrics that together tell what a field of this kind does: how far past the
/// target against how long to get there, how close against how often touching, ...
const PAIRS: [(&str, &str); 6] = [
    ("overshoot", "time_to_arrive"),
    ("min_separation", "agent_overlaps"),
    ("polarization", "flocks"),
    ("heading_jitter", "path_ratio"),
    ("capture_time", "prey_survival"),
    ("obstacle_overlaps", "path_ratio"),
];

/// The metric a sweep of `field` plots first, qualified by the field's group: what a
/// designer tuning that behavior watches, as the behavior's own file names it
/// (`BehaviorInfo::metric`).
fn default_metric(scene: &Scene, field: &FieldPath) -> String {
    use crate::sim::BehaviorKind as K;
    let Some(g) = field.group_index() else {
        return String::new();
    };
    let Some(group) = scene.groups.get(g) else {
        return String::new();
    };
    let kind = field
        .below(&FieldPath::group(g))
        .and_then(|b| b.parts().first().cloned())
        .and_then(|step| match step {
            crate::sim::model::field_path::Part::Key(k) => {
                K::ALL.into_iter().find(|kind| kind.field_name() == k)
            }
            crate::sim::model::field_path::Part::Index(_) => None,
        });
    // A behavior's field: its own metric; a field of the group (its speed, its mass): the
    // metric of the first behavior it uses, in priority order; else how direct the way is.
    let metric = kind
        .or_else(|| K::ALL.into_iter().find(|k| group.uses(*k)))
        .map_or("path_ratio", |k| k.info().metric);
    format!("{}.{metric}", group.name)
}

/// Which way is better for a qualified metric (`None` when neither is).
fn metric_better(metric: &str) -> Option<&'static str> {
    metric
        .rsplit_once('.')
        .and_then(|(_, m)| DEFINITIONS.iter().find(|d| d.name == m))
        .filter(|d| d.better != crate::sim::observe::metrics::Better::Neither)
        .map(|d| d.better.word())
}

/// One metric over the swept values, the scene's value marked; the pointer's coordinate (for
/// a click that takes a value).
fn metric_plot(
    ui: &mut Ui,
    (id, metric): (&str, &str),
    results: &SweepResults,
    now: Option<f64>,
    (height, x_label): (f32, &str),
) -> egui_plot::PlotResponse<Option<egui_plot::PlotPoint>> {
    let points: Vec<[f64; 2]> = results
        .values
        .iter()
        .zip(&results.metrics)
        .filter_map(|(v, m)| m.get(metric).map(|y| [*v, y]))
        .collect();
    let current: Vec<[f64; 2]> = points
        .iter()
        .copied()
        .filter(|p| now.is_some_and(|n| (p[0] - n).abs() <= 1e-9 * n.abs().max(1.0)))
        .collect();
    let field = results.param.field.clone();
    let shown = metric.to_owned();
    crate::view::axes::numbered(Plot::new(id))
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .x_axis_label(x_label.to_owned())
        // The swept field's numbers as every tool writes them (degrees for an angle).
        .x_axis_formatter(move |mark, _| labels::value_text(&field, mark.value))
        // The metric's values as every tool writes them.
        .y_axis_formatter(move |mark, _| metric_text(&shown, mark.value))
        .show(ui, |p| {
            p.line(Line::new(metric.to_owned(), points.clone()).color(palette::VELOCITY));
            p.points(
                Points::new("variants", points.clone())
                    .radius(4.0)
                    .color(palette::VELOCITY),
            );
            if let Some(x) = now {
                p.vline(VLine::new("now", x).color(palette::CHANGED));
            }
            p.points(
                Points::new("the scene now", current)
                    .radius(6.0)
                    .color(palette::CHANGED),
            );
            p.pointer_coordinate()
        })
}

/// The metric plotted beside `metric` (qualified), if it has a partner.
fn partner(metric: &str) -> Option<String> {
    let (group, name) = metric.rsplit_once('.')?;
    PAIRS.iter().find_map(|&(a, b)| {
        (a == name)
            .then_some(b)
            .or((b == name && a != "obstacle_overlaps").then_some(a))
            .map(|other| format!("{group}.{other}"))
    })
}

/// What a metric with no value for a run means, in words: an arrival metric of a run that
/// never arrived, a capture metric of a run with no capture.
fn missing(metric: &str, seconds: f32) -> String {
    let name = metric.rsplit_once('.').map_or(metric, |(_, m)| m);
    let secs = labels::readable_number(f64::from(seconds));
    match name {
        "time_to_arrive" | "overshoot" | "settle_time" | "final_error" | "arrived" => {
            format!("did not arrive in {secs} s")
        }
        "capture_time" => format!("no capture in {secs} s"),
        _ => "no value".to_owned(),
    }
}

fn thumbnails_ui(
    ui: &mut Ui,
    results: &SweepResults,
    (metric, field, seconds): (&str, &str, f32),
    (now, taken): (Option<f64>, Option<f64>),
    actions: &mut Vec<Action>,
) {
    let size = vec2(140.0, 96.0);
    ui.horizontal_wrapped(|ui| {
        for ((value, m), trace) in results
            .values
            .iter()
            .zip(&results.metrics)
            .zip(&results.traces)
        {
            let (rect, response) = ui.allocate_exact_size(size + vec2(0.0, 28.0), Sense::click());
            let thumb = Rect::from_min_size(rect.min, size);
            let same = |n: f64| (n - value).abs() <= 1e-9 * n.abs().max(1.0);
            let current = now.is_some_and(same);
            let taken_now = current && taken.is_some_and(same);
            paint_trajectory(
                &ui.painter_at(thumb),
                thumb,
                trace,
                response.hovered() || taken_now,
            );
            if current {
                ui.painter().text(
                    thumb.right_top() + vec2(-4.0, 3.0),
                    egui::Align2::RIGHT_TOP,
                    "now",
                    egui::FontId::proportional(11.0),
                    palette::CHANGED,
                );
            }
            let y = m
                .get(metric)
                .map_or_else(|| missing(metric, seconds), |v| metric_text(metric, v));
            ui.painter().text(
                Pos2::new(rect.left() + 2.0, thumb.bottom() + 2.0),
                egui::Align2::LEFT_TOP,
                format!("{}\n{y}", labels::value_text(&results.param.field, *value)),
                egui::FontId::proportional(11.0),
                ui.visuals().text_color(),
            );
            // Named by the field's path for screen readers and tests, which the tooltip
            // repeats in the designer's words.
            let label = format!("run {} = {value}", results.param.field);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            let response = response.on_hover_text(format!(
                "{} = {}\n{metric} = {y}\nclick to take this value",
                field,
                labels::value_text(&results.param.field, *value)
            ));
            if response.clicked() {
                actions.push(Action::SetField(results.param.field.clone(), *value));
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_come_in_telling_pairs() {
        assert_eq!(partner("a.overshoot").as_deref(), Some("a.time_to_arrive"));
        assert_eq!(partner("a.time_to_arrive").as_deref(), Some("a.overshoot"));
        assert_eq!(partner("a.path_ratio").as_deref(), Some("a.heading_jitter"));
        assert_eq!(partner("a.spread"), None);
        assert_eq!(metric_better("a.flocks"), None, "neither way is better");
        assert_eq!(metric_better("a.overshoot"), Some("lower"));
    }
}
