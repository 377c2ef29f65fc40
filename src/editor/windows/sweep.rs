//! The sweep window: pick a numeric field and a range, run the scene once per value in the
//! background (every variant from the scene's seed and start), then read each metric against
//! the value and look at a thumbnail of each run's trajectories. Clicking a thumbnail (or a
//! point) takes its value into the scene as one undo step.

use crate::editor::action::SweepSetup;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;

use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, vec2};
use egui_plot::{Line, Plot, Points, VLine};

use crate::editor::action::Action;
use crate::scene::sweep::{self, Param, Trace};
use crate::scene::{Scene, labels};
use crate::sim::FieldPath;
use crate::sim::metrics::{DEFINITIONS, Metrics};
use crate::view::palette;

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
    pub traces: Vec<Trace>,
}

type Job = JoinHandle<Result<(Param, Vec<f64>, Vec<(Metrics, Trace)>), String>>;

/// The sweep window's settings, its running job and its last results.
pub struct SweepPanel {
    /// What is swept, over what, and the metric plotted.
    pub setup: SweepSetup,
    job: Option<(Job, Arc<AtomicUsize>, usize)>,
    /// The last sweep's results.
    pub results: Option<SweepResults>,
    /// Why the last sweep failed.
    pub error: Option<String>,
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
        let variants = match sweep::variants(scene, std::slice::from_ref(&param)) {
            Ok(v) => v,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        let steps = ticks_in(self.setup.seconds, scene.dt);
        let done = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&done);
        let total = variants.len();
        let handle = std::thread::spawn(move || {
            let values = variants.iter().map(|v| v.values[0]).collect();
            let results = sweep::run_traced(&variants, steps, 0, THUMB_AGENTS, &|| {
                counter.fetch_add(1, Ordering::Relaxed);
            })?;
            Ok((param, values, results))
        });
        self.job = Some((handle, done, total));
    }

    /// Collects a finished sweep; returns whether one is still running.
    pub fn poll(&mut self) -> bool {
        let finished = self.job.as_ref().is_some_and(|(h, _, _)| h.is_finished());
        if finished && let Some((handle, _, _)) = self.job.take() {
            match handle.join() {
                Ok(Ok((param, values, results))) => {
                    let (metrics, traces) = results.into_iter().unzip();
                    self.results = Some(SweepResults {
                        param,
                        values,
                        metrics,
                        traces,
                    });
                }
                Ok(Err(e)) => self.error = Some(e),
                Err(_) => self.error = Some("the sweep stopped unexpectedly".to_owned()),
            }
        }
        self.job.is_some()
    }

    /// Blocks until the running sweep (if any) is done and collects it.
    pub fn wait(&mut self) {
        while self.poll() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
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
    /// Shows the window while `open`.
    pub fn ui(self, ctx: &egui::Context, open: &mut bool) -> Vec<Action> {
        let mut actions = Vec::new();
        let Self {
            panel,
            scene,
            current_group,
        } = self;
        if panel.poll() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        egui::Window::new("Sweep")
            .open(open)
            .default_width(620.0)
            .show(ctx, |ui| {
                settings_ui(ui, panel, scene, current_group);
                if let Some(e) = &panel.error {
                    ui.colored_label(palette::WARNING, e);
                }
                if let Some(results) = &panel.results {
                    ui.separator();
                    results_ui(ui, results, &mut panel.setup.metric, scene, &mut actions);
                }
            });
        actions
    }
}

fn settings_ui(ui: &mut Ui, panel: &mut SweepPanel, scene: &Scene, current_group: usize) {
    let group = FieldPath::group(current_group);
    let mut fields = sweep::numeric_fields(scene);
    // The current group's fields first, then the world's, then the other groups'.
    fields.sort_by_key(|f| (!f.is_within(&group), f.group_index().is_some(), f.clone()));
    if panel.setup.field.is_root()
        && let Some(first) = fields.first()
    {
        panel.setup.field.clone_from(first);
        set_range_around(panel, scene);
    }
    ui.horizontal(|ui| {
        let label = ui.label("field");
        let before = panel.setup.field.clone();
        egui::ComboBox::from_id_salt("sweep field")
            .width(300.0)
            .selected_text(labels::field_label(scene, &panel.setup.field))
            .show_ui(ui, |ui| {
                for f in &fields {
                    ui.selectable_value(
                        &mut panel.setup.field,
                        f.clone(),
                        labels::field_label(scene, f),
                    )
                    .on_hover_text(f.to_string());
                }
            })
            .response
            .labelled_by(label.id);
        if panel.setup.field != before {
            set_range_around(panel, scene);
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("from");
        ui.add(egui::DragValue::new(&mut panel.setup.lo).speed(0.1))
            .labelled_by(label.id);
        let label = ui.label("to");
        ui.add(egui::DragValue::new(&mut panel.setup.hi).speed(0.1))
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
        if let Some((_, done, total)) = &panel.job {
            let done = done.load(Ordering::Relaxed);
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

/// From half to twice the field's present value (0 to 1 when it is 0).
fn set_range_around(panel: &mut SweepPanel, scene: &Scene) {
    let now = current_value(scene, &panel.setup.field).unwrap_or(0.0);
    if now == 0.0 {
        (panel.setup.lo, panel.setup.hi) = (0.0, 1.0);
    } else {
        (panel.setup.lo, panel.setup.hi) = (now * 0.5, now * 2.0);
        if now < 0.0 {
            (panel.setup.lo, panel.setup.hi) = (panel.setup.hi, panel.setup.lo);
        }
    }
}

/// The present value of a numeric field (the number inside a choice like
/// `SlowingRadius(150.0)`).
fn current_value(scene: &Scene, field: &FieldPath) -> Option<f64> {
    field.get(&mut scene.clone())
}

fn results_ui(
    ui: &mut Ui,
    results: &SweepResults,
    metric: &mut String,
    scene: &Scene,
    actions: &mut Vec<Action>,
) {
    let names: Vec<String> = results
        .metrics
        .first()
        .map(|m| m.flat().into_iter().map(|(n, _)| n).collect())
        .unwrap_or_default();
    if !names.contains(metric)
        && let Some(first) = names.first()
    {
        metric.clone_from(first);
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
        let better = metric
            .rsplit_once('.')
            .and_then(|(_, m)| DEFINITIONS.iter().find(|d| d.name == m))
            .map_or("", |d| d.better.word());
        ui.weak(format!("{better} is better"));
    });
    let points: Vec<[f64; 2]> = results
        .values
        .iter()
        .zip(&results.metrics)
        .filter_map(|(v, m)| m.get(metric).map(|y| [*v, y]))
        .collect();
    let now = current_value(scene, &results.param.field);
    let response = Plot::new("sweep plot")
        .height(170.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .x_axis_label(labels::field_label(scene, &results.param.field))
        .show(ui, |p| {
            p.line(Line::new(metric.clone(), points.clone()).color(palette::VELOCITY));
            p.points(
                Points::new("variants", points.clone())
                    .radius(4.0)
                    .color(palette::VELOCITY),
            );
            if let Some(x) = now {
                p.vline(VLine::new("now", x).color(palette::CHANGED));
            }
            p.pointer_coordinate()
        });
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
    thumbnails_ui(ui, results, (metric, &field), now, actions);
}

fn thumbnails_ui(
    ui: &mut Ui,
    results: &SweepResults,
    (metric, field): (&str, &str),
    now: Option<f64>,
    actions: &mut Vec<Action>,
) {
    let size = vec2(140.0, 96.0);
    egui::ScrollArea::vertical()
        .max_height(330.0)
        .min_scrolled_height(230.0)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for ((value, m), trace) in results
                    .values
                    .iter()
                    .zip(&results.metrics)
                    .zip(&results.traces)
                {
                    let (rect, response) =
                        ui.allocate_exact_size(size + vec2(0.0, 28.0), Sense::click());
                    let thumb = Rect::from_min_size(rect.min, size);
                    let current = now.is_some_and(|n| (n - value).abs() <= 1e-9 * n.abs().max(1.0));
                    paint_trace(ui, thumb, trace, response.hovered() || current);
                    let y = m
                        .get(metric)
                        .map_or_else(|| "—".to_owned(), labels::readable_number);
                    ui.painter().text(
                        Pos2::new(rect.left() + 2.0, thumb.bottom() + 2.0),
                        egui::Align2::LEFT_TOP,
                        format!("{}\n{y}", labels::readable_number(*value)),
                        egui::FontId::proportional(11.0),
                        ui.visuals().text_color(),
                    );
                    // Named by the field's path for screen readers and tests, which the tooltip
                    // repeats in the designer's words.
                    let label = format!("run {} = {value}", results.param.field);
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                    });
                    let response = response.on_hover_text(format!(
                        "{} = {}\n{metric} = {y}\nclick to take this value",
                        field,
                        labels::readable_number(*value)
                    ));
                    if response.clicked() {
                        actions.push(Action::SetField(results.param.field.clone(), *value));
                    }
                }
            });
        });
}

/// A run's trajectories in `rect`, the world fitted in; a jump across a wrapping edge is not
/// drawn.
fn paint_trace(ui: &Ui, rect: Rect, trace: &Trace, highlight: bool) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, palette::BACKGROUND);
    let border = if highlight {
        palette::CHANGED
    } else {
        palette::BOUNDARY
    };
    painter.rect_stroke(
        rect,
        3.0,
        Stroke::new(1.0, border),
        egui::StrokeKind::Inside,
    );
    let w = trace.size.x.max(1e-3);
    let h = trace.size.y.max(1e-3);
    let scale = ((rect.width() - 6.0) / w).min((rect.height() - 6.0) / h);
    let origin = rect.center() - vec2(w, h) * scale * 0.5;
    let at = |p: glam::Vec2| origin + vec2(p.x, p.y) * scale;
    for (group, points) in &trace.agents {
        let color: Color32 = palette::group_color(usize::from(*group));
        for pair in points.windows(2) {
            if (pair[1] - pair[0]).abs().cmpgt(trace.size * 0.5).any() {
                continue;
            }
            painter.line_segment([at(pair[0]), at(pair[1])], Stroke::new(1.0, color));
        }
    }
}
