//! Plots of the selected agent over the last seconds, from what the core recorded each tick
//! ([`History`]); with a baseline pinned, the same agent's numbers in the baseline run as
//! dashed lines of the same colour. Each plot's legend is a row above it, so it never covers
//! the data.

use egui::Color32;
use egui_plot::{Line, LineStyle, Plot, PlotPoints};

use crate::sim::BehaviorKind;
use crate::sim::setup::settings::{MAX_FORCE, MAX_SPEED};
use crate::view::history::{History, Sample};
use crate::view::palette::{self, behavior_color};

/// A plot that shows the last seconds as they are: no dragging, zooming or scrolling, and no
/// legend inside it.
fn fixed_plot(id: &str, height: f32) -> Plot<'static> {
    crate::view::axes::numbered(Plot::new(id))
        .height(height)
        .include_y(0.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
}

fn series(history: &History, f: impl Fn(&Sample) -> Option<f32>) -> PlotPoints<'static> {
    history
        .samples()
        .iter()
        .filter_map(|s| f(s).map(|v| [s.time_secs, f64::from(v)]))
        .collect::<Vec<_>>()
        .into()
}

/// What a curve reads from a sample (`None`: no point on this tick).
type Reader = Box<dyn Fn(&Sample) -> Option<f32>>;

/// One line of a plot: its name and colour, and what it reads from a sample.
struct Curve {
    name: String,
    color: Color32,
    width: f32,
    read: Reader,
}

fn curve(
    name: &str,
    color: Color32,
    width: f32,
    read: impl Fn(&Sample) -> Option<f32> + 'static,
) -> Curve {
    Curve {
        name: name.to_owned(),
        color,
        width,
        read: Box::new(read),
    }
}

/// The legend: a swatch and a name per curve, wrapped in rows above the plot; a dashed swatch
/// for the baseline when there is one.
fn legend_ui(ui: &mut egui::Ui, curves: &[Curve], baseline: bool) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        for c in curves {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 10.0), egui::Sense::hover());
            ui.painter().line_segment(
                [rect.left_center(), rect.right_center()],
                egui::Stroke::new(2.0, c.color),
            );
            ui.small(&c.name);
        }
        if baseline {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 10.0), egui::Sense::hover());
            let y = rect.center().y;
            for k in 0..3 {
                let x = rect.left() + 5.0 * k as f32;
                ui.painter().line_segment(
                    [egui::pos2(x, y), egui::pos2(x + 3.0, y)],
                    egui::Stroke::new(2.0, palette::GHOST),
                );
            }
            ui.small("baseline");
        }
    });
}

/// A plot of `curves` with its legend above it; the baseline's curves dashed.
fn plot_ui(
    ui: &mut egui::Ui,
    id: &str,
    curves: &[Curve],
    history: &History,
    baseline: Option<&History>,
) {
    legend_ui(ui, curves, baseline.is_some());
    let height = ui.available_height().max(60.0);
    fixed_plot(id, height).show(ui, |p| {
        for c in curves {
            if let Some(b) = baseline {
                p.line(
                    Line::new(format!("baseline {}", c.name), series(b, &c.read))
                        .color(c.color.gamma_multiply(0.8))
                        .style(LineStyle::dashed_dense())
                        .width(c.width.min(1.5)),
                );
            }
            p.line(
                Line::new(c.name.clone(), series(history, &c.read))
                    .color(c.color)
                    .width(c.width),
            );
        }
    });
}

/// The plots panel.
pub struct Plots<'a> {
    /// The selected agent's recent history.
    pub history: &'a History,
    /// The same agent's history in the baseline run, when one is pinned.
    pub baseline: Option<&'a History>,
    /// The current group flocks: show the flock plot too.
    pub flocking: bool,
    /// One above the other (a tall, narrow panel), rather than side by side.
    pub stacked: bool,
    /// What to say while there is nothing to plot.
    pub empty: &'a str,
}

impl Plots<'_> {
    /// Shows the plots of the selected agent, side by side or stacked (a third for flocks).
    pub fn ui(self, ui: &mut egui::Ui) {
        let Self {
            history,
            baseline,
            flocking,
            stacked,
            empty,
        } = self;
        if history.agent().is_none() || history.samples().is_empty() {
            ui.weak(empty);
            return;
        }
        let speed = [
            curve("speed (u/s)", palette::VELOCITY, 1.5, |s| Some(s.speed)),
            curve(MAX_SPEED.label, Color32::GRAY, 1.0, |s| Some(s.max_speed)),
        ];
        let mut forces = vec![
            curve("applied", palette::APPLIED, 2.0, |s| Some(s.force)),
            curve(MAX_FORCE.label, Color32::GRAY, 1.0, |s| Some(s.max_force)),
        ];
        for kind in BehaviorKind::ALL {
            let k = kind.index();
            let used = |h: &History| h.samples().iter().any(|s| s.behaviors[k] > 0.0);
            if used(history) || baseline.is_some_and(used) {
                forces.push(curve(
                    kind.field_name(),
                    behavior_color(kind),
                    1.5,
                    move |s| Some(s.behaviors[k]),
                ));
            }
        }
        let flock = [
            curve(
                "polarization (0-1)",
                behavior_color(BehaviorKind::Alignment),
                1.5,
                |s| Some(s.polarization),
            ),
            curve(
                "mean neighbour distance / 100 u",
                behavior_color(BehaviorKind::Cohesion),
                1.5,
                |s| s.mean_neighbor_distance.map(|d| d / 100.0),
            ),
        ];
        let mut plots = vec![("speed", &speed[..]), ("forces", &forces[..])];
        if flocking {
            plots.push(("flock", &flock[..]));
        }
        if stacked {
            // Counts of plots are 2 or 3.
            #[allow(clippy::cast_precision_loss)]
            let each = ui.available_height() / plots.len() as f32;
            let width = ui.available_width();
            for (id, curves) in plots {
                ui.allocate_ui(egui::vec2(width, each), |ui| {
                    plot_ui(ui, id, curves, history, baseline);
                });
            }
        } else {
            ui.columns(plots.len(), |cols| {
                for (col, (id, curves)) in cols.iter_mut().zip(plots) {
                    plot_ui(col, id, curves, history, baseline);
                }
            });
        }
    }
}
