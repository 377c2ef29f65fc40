//! Plots of the selected agent over the last seconds, from what the core recorded each tick
//! ([`History`]).

use egui_plot::{Legend, Line, Plot, PlotPoints};

use crate::editor::history::{History, Sample};
use crate::sim::BehaviorKind;
use crate::view::palette::{self, behavior_color};

/// A plot that shows the last seconds as they are: no dragging, zooming or scrolling.
fn fixed_plot(id: &str, height: f32) -> Plot<'static> {
    Plot::new(id)
        .height(height)
        .legend(Legend::default())
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

/// The plots panel.
pub struct Plots<'a> {
    /// The selected agent's recent history.
    pub history: &'a History,
    /// The current group flocks: show the flock plot too.
    pub flocking: bool,
}

impl Plots<'_> {
    /// Shows the plots of the selected agent, side by side (a third for flocks).
    pub fn ui(self, ui: &mut egui::Ui) {
        let Self { history, flocking } = self;
        if history.agent().is_none() || history.samples().is_empty() {
            ui.weak("Select an agent on the canvas to plot its speed and forces.");
            return;
        }
        let height = ui.available_height().max(80.0);
        let columns = if flocking { 3 } else { 2 };
        ui.columns(columns, |cols| {
            fixed_plot("speed", height).show(&mut cols[0], |p| {
                p.line(
                    Line::new("speed (u/s)", series(history, |s| Some(s.speed)))
                        .color(palette::VELOCITY),
                );
                p.line(
                    Line::new("max_speed", series(history, |s| Some(s.max_speed)))
                        .color(egui::Color32::GRAY),
                );
            });
            fixed_plot("forces", height).show(&mut cols[1], |p| {
                p.line(
                    Line::new("applied", series(history, |s| Some(s.force)))
                        .color(palette::APPLIED)
                        .width(2.0),
                );
                p.line(
                    Line::new("max_force", series(history, |s| Some(s.max_force)))
                        .color(egui::Color32::GRAY),
                );
                for kind in BehaviorKind::ALL {
                    if history
                        .samples()
                        .iter()
                        .any(|s| s.behaviors[kind.index()] > 0.0)
                    {
                        let k = kind.index();
                        p.line(
                            Line::new(
                                kind.field_name(),
                                series(history, move |s| Some(s.behaviors[k])),
                            )
                            .color(behavior_color(kind)),
                        );
                    }
                }
            });
            if flocking {
                fixed_plot("flock", height).show(&mut cols[2], |p| {
                    p.line(
                        Line::new(
                            "polarization (0-1)",
                            series(history, |s| Some(s.polarization)),
                        )
                        .color(behavior_color(BehaviorKind::Alignment)),
                    );
                    p.line(
                        Line::new(
                            "mean neighbour distance / 100 u",
                            series(history, |s| s.mean_neighbor_distance.map(|d| d / 100.0)),
                        )
                        .color(behavior_color(BehaviorKind::Cohesion)),
                    );
                });
            }
        });
    }
}
