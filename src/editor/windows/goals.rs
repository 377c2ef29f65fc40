//! The Goals window: the scene's goals (its `goals` section), each with a live badge, pass or
//! fail, for the run on screen since its last restart; the run length and number of seeds
//! that `steerlab check` and the tuner use; and the way to the Tune window. A goal is added
//! from the Metrics window ("+ goal" on a row) or from the command line.

use egui::{Color32, RichText, Ui};

use crate::editor::action::{Action, GoalAction};
use crate::scene::goal_check::{self, target_text};
use crate::scene::goals::{Goal, MAX_SECONDS, MAX_SEEDS, Want};
use crate::scene::{Scene, labels};
use crate::sim::metrics::{Better, Metrics, definition};
use crate::view::palette;

/// A goal on `group`'s `metric` at the value it has now: at most it when lower is better or
/// neither way is, at least it when higher is better (rounded outwards to 3 significant
/// digits, so the run that suggested it meets it).
#[must_use]
pub fn goal_from(group: &str, metric: &str, now: f64) -> Goal {
    let better = definition(metric).map_or(Better::Neither, |d| d.better);
    let round = |v: f64, up: bool| {
        if v == 0.0 || !v.is_finite() {
            return v;
        }
        // |v| is finite and non-zero: its decimal exponent is a small integer.
        #[allow(clippy::cast_possible_truncation)]
        let scale = 10f64.powi(2 - v.abs().log10().floor() as i32);
        let s = v * scale;
        (if up { s.ceil() } else { s.floor() }) / scale
    };
    let want = match better {
        Better::Higher => Want::AtLeast(round(now, false)),
        Better::Lower | Better::Neither => Want::AtMost(round(now, true)),
    };
    Goal::new(group, metric, want)
}

/// The Goals window over one frame.
pub struct GoalsWindow<'a> {
    /// The scene.
    pub scene: &'a Scene,
    /// The live run's metrics since its restart.
    pub current: &'a Metrics,
}

impl GoalsWindow<'_> {
    /// Shows the window while `open`.
    pub fn ui(self, ctx: &egui::Context, open: &mut bool) -> Vec<Action> {
        let mut actions = Vec::new();
        super::place::placed(egui::Window::new("Goals"), ctx, super::place::Place::Goals)
            .open(open)
            .default_width(420.0)
            .show(ctx, |ui| self.body_ui(ui, &mut actions));
        actions
    }

    fn body_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let Some(goals) = self.scene.goals.as_ref().filter(|g| !g.list.is_empty()) else {
            ui.label(
                "No goals yet. A goal says what good is for this scene: \"every agent \
                 arrives\", \"overshoot at most 1 u\". Open Compare › Metrics… and press \
                 \"+ goal\" on a row to make that metric a goal at its value now; then Tune… \
                 finds the values that meet them.",
            );
            if ui.button("Metrics…").clicked() {
                actions.push(Action::ShowMetrics);
            }
            return;
        };
        ui.label(format!(
            "Live: the run on screen, {} s since its restart (one seed).",
            labels::readable_number(self.current.seconds)
        ));
        let seed = [self.scene.seed];
        let metrics = std::slice::from_ref(self.current);
        let mut remove = None;
        egui::Grid::new("goals").striped(true).show(ui, |ui| {
            ui.strong("goal");
            ui.strong("now");
            ui.strong("");
            ui.end_row();
            for (i, goal) in goals.list.iter().enumerate() {
                let o = goal_check::outcome(goal, &seed, metrics);
                ui.label(target_text(goal));
                ui.monospace(
                    o.worst
                        .map_or_else(|| "—".to_owned(), labels::readable_number),
                );
                let (text, color) = match (o.worst, o.holds) {
                    (None, _) => ("not yet", Color32::GRAY),
                    (Some(_), true) => ("pass", palette::BETTER),
                    (Some(_), false) => ("fail", palette::WORSE),
                };
                ui.label(RichText::new(text).strong().color(color))
                    .on_hover_text("For the run on screen so far; Check and Tune run every seed for the whole run length.");
                if ui.small_button("remove").on_hover_text("Remove this goal").clicked() {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
        if let Some(i) = remove {
            actions.push(Action::Goals(GoalAction::Remove(i)));
        }
        ui.separator();
        let (mut seconds, mut seeds) = (goals.seconds, goals.seeds);
        let mut changed = false;
        ui.horizontal(|ui| {
            ui.label("Check and Tune run");
            changed |= ui
                .add(
                    egui::DragValue::new(&mut seeds)
                        .range(1..=MAX_SEEDS)
                        .suffix(" seeds"),
                )
                .changed();
            ui.label("of");
            changed |= ui
                .add(
                    egui::DragValue::new(&mut seconds)
                        .range(0.5..=MAX_SECONDS)
                        .speed(0.5)
                        .suffix(" s"),
                )
                .changed();
        });
        if changed {
            actions.push(Action::Goals(GoalAction::SetRun(seconds, seeds)));
        }
        ui.weak("A goal holds when it holds on every seed (the scene's and the next ones).");
        if ui.button("Tune…").clicked() {
            actions.push(Action::Goals(GoalAction::ShowTune));
        }
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    #[test]
    fn a_goal_from_a_row_is_met_by_the_run_that_suggested_it() {
        let g = goal_from("a", "overshoot", 12.345);
        assert_eq!(g.want(), Some(Want::AtMost(12.4)));
        let g = goal_from("a", "arrived", 0.8765);
        assert_eq!(g.want(), Some(Want::AtLeast(0.876)));
        let g = goal_from("a", "spread", 150.0);
        assert_eq!(g.want(), Some(Want::AtMost(150.0)));
        assert_eq!(
            goal_from("a", "overshoot", 0.0).want(),
            Some(Want::AtMost(0.0))
        );
    }
}
