//! Plots of the selected agent over the last seconds, from what the core recorded each tick.

use std::collections::VecDeque;

use egui_plot::{Legend, Line, Plot, PlotPoints};

use super::overlays::{self, behavior_color};
use crate::sim::{BehaviorKind, World};

/// Seconds of history kept.
pub const HISTORY_SECS: f64 = 10.0;

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

/// One tick's numbers.
#[derive(Clone, Debug)]
struct Sample {
    time_secs: f64,
    speed: f32,
    max_speed: f32,
    force: f32,
    max_force: f32,
    behaviors: [f32; BehaviorKind::COUNT],
    polarization: f32,
    mean_neighbor_distance: Option<f32>,
}

/// The recent history of one agent and its group.
#[derive(Debug, Default)]
pub struct History {
    agent: Option<u32>,
    samples: VecDeque<Sample>,
}

impl History {
    /// Forgets everything.
    pub fn clear(&mut self) {
        self.samples.clear();
    }

    /// Records the state after a tick for agent `id`.
    pub fn record(&mut self, world: &World, id: Option<u32>) {
        if id != self.agent {
            self.agent = id;
            self.samples.clear();
        }
        let Some(i) = id.and_then(|id| world.index_of(id)) else {
            return;
        };
        let agent = &world.agents()[i];
        let record = &world.records()[i];
        let Some(group) = world.spec().groups.get(usize::from(agent.group)) else {
            return;
        };
        // Polarization: |mean of unit velocities| of the agent's group (1 = all aligned).
        let mut heading_sum = glam::Vec2::ZERO;
        let mut members = 0_u32;
        let mut neighbor_count = 0_u64;
        let mut neighbor_distance = 0.0_f64;
        for (a, r) in world.agents().iter().zip(world.records()) {
            if a.group == agent.group {
                heading_sum += a.velocity.normalize_or_zero();
                members += 1;
                neighbor_count += u64::from(r.neighbors);
                neighbor_distance += f64::from(r.neighbor_distance_sum);
            }
        }
        let mut behaviors = [0.0; BehaviorKind::COUNT];
        for kind in BehaviorKind::ALL {
            behaviors[kind.index()] = record.force(kind).length();
        }
        self.samples.push_back(Sample {
            time_secs: world.time_secs(),
            speed: agent.velocity.length(),
            max_speed: group.max_speed,
            force: record.applied.length(),
            max_force: group.max_force,
            behaviors,
            polarization: if members > 0 { heading_sum.length() / members as f32 } else { 0.0 },
            #[allow(clippy::cast_possible_truncation)] // A mean distance in world units.
            mean_neighbor_distance: (neighbor_count > 0).then(|| (neighbor_distance / neighbor_count as f64) as f32),
        });
        while self
            .samples
            .front()
            .is_some_and(|s| world.time_secs() - s.time_secs > HISTORY_SECS)
        {
            self.samples.pop_front();
        }
    }

    fn series(&self, f: impl Fn(&Sample) -> Option<f32>) -> PlotPoints<'static> {
        self.samples
            .iter()
            .filter_map(|s| f(s).map(|v| [s.time_secs, f64::from(v)]))
            .collect::<Vec<_>>()
            .into()
    }

    /// The plots, side by side.
    pub fn ui(&self, ui: &mut egui::Ui, flocking: bool) {
        if self.agent.is_none() || self.samples.is_empty() {
            ui.weak("Select an agent on the canvas to plot its speed and forces.");
            return;
        }
        let height = ui.available_height().max(80.0);
        let columns = if flocking { 3 } else { 2 };
        ui.columns(columns, |cols| {
            fixed_plot("speed", height).show(&mut cols[0], |p| {
                p.line(
                    Line::new("speed (u/s)", self.series(|s| Some(s.speed)))
                        .color(overlays::VELOCITY),
                );
                p.line(
                    Line::new("max_speed", self.series(|s| Some(s.max_speed)))
                        .color(egui::Color32::GRAY),
                );
            });
            fixed_plot("forces", height).show(&mut cols[1], |p| {
                p.line(
                    Line::new("applied", self.series(|s| Some(s.force)))
                        .color(overlays::APPLIED)
                        .width(2.0),
                );
                p.line(
                    Line::new("max_force", self.series(|s| Some(s.max_force)))
                        .color(egui::Color32::GRAY),
                );
                for kind in BehaviorKind::ALL {
                    if self.samples.iter().any(|s| s.behaviors[kind.index()] > 0.0) {
                        let k = kind.index();
                        p.line(
                            Line::new(
                                kind.field_name(),
                                self.series(move |s| Some(s.behaviors[k])),
                            )
                            .color(behavior_color(kind)),
                        );
                    }
                }
            });
            if flocking {
                fixed_plot("flock", height).show(&mut cols[2], |p| {
                    p.line(
                        Line::new("polarization (0-1)", self.series(|s| Some(s.polarization)))
                            .color(behavior_color(BehaviorKind::Alignment)),
                    );
                    p.line(
                        Line::new(
                            "mean neighbour distance / 100 u",
                            self.series(|s| s.mean_neighbor_distance.map(|d| d / 100.0)),
                        )
                        .color(behavior_color(BehaviorKind::Cohesion)),
                    );
                });
            }
        });
    }
}
