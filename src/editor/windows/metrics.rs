//! The metrics panel: every metric of every group for the live run, beside the pinned
//! baseline's, with the difference coloured by whether it is better or worse
//! (`docs/metrics.md` defines each).

use egui::{Color32, RichText};

use crate::editor::action::Action;
use crate::scene::Scene;
use crate::sim::observe::metrics::{Better, DEFINITIONS, Definition, Metrics};
use crate::sim::{BehaviorKind, Group, Target};
use crate::view::palette;

/// The metrics window over one frame's numbers.
pub struct MetricsWindow<'a> {
    /// The scene the live run is of (what each group does explains some numbers).
    pub scene: &'a Scene,
    /// The live run's metrics.
    pub current: &'a Metrics,
    /// The baseline's, and what it is.
    pub baseline: Option<(&'a Metrics, &'a str)>,
    /// The run's before the last restart, shown (marked) where this run has no value yet.
    pub previous: Option<&'a Metrics>,
    /// Metrics are computed every tick.
    pub on: bool,
}

/// How a change from `base` to `now` of the metric `d` reads: its colour (grey when neither
/// way is better, or when the two values read the same) and the difference as every tool
/// writes the metric's values, signed (`-0.5 s`; `0` when they read the same).
#[must_use]
pub fn delta(d: &Definition, base: f64, now: f64) -> (Color32, String) {
    let change = now - base;
    if d.text(base) == d.text(now) {
        return (Color32::GRAY, "0".to_owned());
    }
    let color = match (d.better, change > 0.0) {
        (Better::Higher, true) | (Better::Lower, false) => palette::BETTER,
        (Better::Higher, false) | (Better::Lower, true) => palette::WORSE,
        (Better::Neither, _) => Color32::GRAY,
    };
    let sign = if change > 0.0 { "+" } else { "" };
    (color, format!("{sign}{}", d.text(change)))
}

/// What a metric means for this group when the number alone would mislead: overlaps of agents
/// that all arrive at one shared point are where they were sent, not collisions.
fn meaning_note(metric: &str, group: &Group) -> Option<&'static str> {
    let shared_point = matches!(
        group.arrival_target(),
        Some(Target::Point(_) | Target::Click | Target::Center | Target::Pointer)
    );
    let apart = BehaviorKind::ALL
        .into_iter()
        .any(|k| k.keeps_apart() && group.uses(k));
    let about_contact = matches!(metric, "agent_overlaps" | "min_separation");
    (about_contact && shared_point && !apart && group.count > 1).then_some(
        "This group's agents all head for one shared point and nothing keeps them apart, so \
         once they arrive they stand on top of each other: these overlaps count that, not \
         collisions on the way. Add separation (or avoid_agents, or orca) to keep them apart.",
    )
}

fn number(d: &Definition, v: Option<f64>) -> String {
    v.map_or_else(|| "—".to_owned(), |v| d.text(v))
}

impl MetricsWindow<'_> {
    /// The window's contents (docked or floating).
    pub fn contents(self, ui: &mut egui::Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        {
            let mut on = self.on;
            if ui
                .checkbox(&mut on, "compute every tick")
                .on_hover_text("Off: the runs go on, the numbers stop where they are.")
                .changed()
            {
                actions.push(Action::SetMetrics(on));
            }
            ui.label(format!(
                "{:.2} s of the live run since its start (Restart starts both again).",
                self.current.seconds
            ));
            if self.baseline.is_none() {
                ui.weak("Compare › Pin baseline to set a baseline beside these numbers.");
            }
            self.grid_ui(ui, &mut actions);
        }
        actions
    }

    fn grid_ui(&self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        egui::Grid::new("metrics").striped(true).show(ui, |ui| {
            ui.strong("group");
            ui.strong("metric");
            if let Some((_, label)) = self.baseline {
                ui.strong(format!("baseline ({label})"));
            }
            ui.strong("now");
            if self.baseline.is_some() {
                ui.strong("Δ");
            }
            ui.strong("");
            ui.end_row();
            for (g, group) in self.current.groups.iter().enumerate() {
                let base = self.baseline.and_then(|(m, _)| m.groups.get(g));
                let previous = self
                    .previous
                    .and_then(|p| p.groups.iter().find(|p| p.name == group.name));
                for (k, d) in DEFINITIONS.iter().enumerate() {
                    let now = group.values.get(k).copied().flatten();
                    let was = base.and_then(|b| b.values.get(k).copied().flatten());
                    let last = previous.and_then(|p| p.values.get(k).copied().flatten());
                    if now.is_none() && was.is_none() && last.is_none() {
                        continue;
                    }
                    ui.label(&group.name);
                    let direction = match d.better {
                        Better::Neither => "it describes the run: neither way is better".to_owned(),
                        other => format!("{} is better", other.word()),
                    };
                    let mut tip = format!("{} ({}; {direction})", d.summary, d.unit);
                    if let Some(note) = self
                        .scene
                        .groups
                        .get(g)
                        .and_then(|gr| meaning_note(d.name, gr))
                    {
                        tip.push_str("\n\n");
                        tip.push_str(note);
                    }
                    ui.label(d.name).on_hover_text(tip);
                    if self.baseline.is_some() {
                        ui.monospace(number(d, was));
                    }
                    match (now, last) {
                        (None, Some(last)) => {
                            ui.weak(format!("{} (last run)", number(d, Some(last))))
                                .on_hover_text(
                                    "The run before the restart: this run has no value yet \
                                     (for one, no agent has arrived yet).",
                                );
                        }
                        _ => {
                            ui.monospace(number(d, now));
                        }
                    }
                    if self.baseline.is_some() {
                        if let (Some(was), Some(now)) = (was, now) {
                            let (color, text) = delta(d, was, now);
                            ui.label(RichText::new(text).monospace().color(color));
                        } else {
                            ui.label("");
                        }
                    }
                    self.goal_button(ui, &group.name, d.name, now, actions);
                    ui.end_row();
                }
            }
        });
    }
}

impl MetricsWindow<'_> {
    /// "+ goal": this metric of this group as a goal at its value now.
    fn goal_button(
        &self,
        ui: &mut egui::Ui,
        group: &str,
        metric: &str,
        now: Option<f64>,
        actions: &mut Vec<Action>,
    ) {
        let Some(now) = now else {
            ui.label("");
            return;
        };
        let goal = super::goals::goal_from(group, metric, now);
        let has = self
            .scene
            .goals
            .as_ref()
            .is_some_and(|g| g.list.iter().any(|x| x.qualified() == goal.qualified()));
        let text = if has { "set goal" } else { "+ goal" };
        if ui
            .small_button(text)
            .on_hover_text(format!(
                "Make it a goal of the scene: {} (Goals… shows them, Tune… meets them)",
                crate::scene::goals::target_text(&goal)
            ))
            .clicked()
        {
            actions.push(Action::Goals(crate::editor::action::GoalAction::Add(goal)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::steer::behavior::SceneNames;
    use crate::sim::steer::params::Spawn;

    fn group_of(blocks: &[BehaviorKind], target: &Target) -> Group {
        let mut g = Group::new(
            "g",
            10,
            Spawn::At {
                position: glam::Vec2::new(10.0, 10.0),
                velocity: glam::Vec2::ZERO,
            },
        );
        let names = SceneNames {
            groups: vec!["g"],
            own: 0,
            paths: Vec::new(),
            flow_fields: Vec::new(),
        };
        for &k in blocks {
            g.add_block(k, &names);
            if let Some(t) = g.target_mut(k, 0) {
                *t = target.clone();
            }
        }
        g
    }

    /// Overlaps of a group sent to one shared point (by seek, or by navigation: what the metrics
    /// measure arrival against) are explained, unless a behavior keeps its agents apart
    /// (separation, `avoid_agents` or orca); a group sent after an agent is not.
    #[test]
    fn overlaps_at_a_shared_point_are_explained_unless_something_keeps_the_agents_apart() {
        use BehaviorKind::{Navigate, Orca, Seek, Separation, Wander};
        let point = Target::Point(glam::Vec2::new(100.0, 100.0));
        let note = |blocks: &[BehaviorKind], target: Target| {
            meaning_note("agent_overlaps", &group_of(blocks, &target)).is_some()
        };
        assert!(note(&[Seek], point.clone()));
        assert!(note(&[Navigate], point.clone()));
        assert!(note(&[Navigate, Wander], Target::Click));
        assert!(!note(&[Seek, Separation], point.clone()));
        assert!(!note(&[Navigate, Orca], point.clone()));
        assert!(!note(&[Seek, Orca], point.clone()));
        assert!(!note(&[Seek], Target::Agent(3)));
        assert!(!note(&[Wander], point.clone()));
        // Only about contact.
        assert!(meaning_note("time_to_arrive", &group_of(&[Seek], &point)).is_none());
    }

    #[test]
    fn deltas_are_coloured_by_the_better_direction_and_written_in_the_metrics_unit() {
        let time = crate::sim::observe::metrics::definition("time_to_arrive").unwrap();
        let share = crate::sim::observe::metrics::definition("arrived").unwrap();
        let flocks = crate::sim::observe::metrics::definition("flocks").unwrap();
        assert_eq!(
            delta(time, 2.0, 1.5),
            (palette::BETTER, "-0.5 s".to_owned())
        );
        assert_eq!(delta(time, 1.5, 2.0), (palette::WORSE, "+0.5 s".to_owned()));
        assert_eq!(delta(share, 0.2, 0.7), (palette::BETTER, "+0.5".to_owned()));
        assert_eq!(delta(share, 0.7, 0.2).0, palette::WORSE);
        assert_eq!(delta(flocks, 1.0, 3.0), (Color32::GRAY, "+2".to_owned()));
        assert_eq!(delta(time, 3.0, 3.0), (Color32::GRAY, "0".to_owned()));
        // A change too small to show in the values' three digits is no change.
        assert_eq!(delta(time, 1.0, 1.0001), (Color32::GRAY, "0".to_owned()));
        assert_eq!(
            delta(time, 1.0, 1.01),
            (palette::WORSE, "+0.01 s".to_owned())
        );
    }
}
