//! The Goals window: the scene's goals (its `goals` section), each with its group, metric,
//! comparison and target editable (each edit an undo step), a live badge (the run on screen
//! since its last restart) and a checked one (every seed, the whole run, as `steerlab check`
//! and Tune run them, in the background); the run length and number of seeds; and the way to
//! the Tune window. "+ goal" here, or on a row of the Metrics window, adds one with its target
//! ready to type.

use std::sync::atomic::{AtomicUsize, Ordering};

use egui::{Color32, RichText, Ui};

use crate::editor::action::{Action, GoalAction};
use crate::editor::job::{self, Job, Piece};
use crate::scene::goals::{Goal, MAX_SECONDS, MAX_SEEDS, Want};
use crate::scene::{Scene, labels};
use crate::sim::observe::metrics::{Better, DEFINITIONS, Metrics, definition};
use crate::tuning::goal_check::{self, Outcome, Verdict};
use crate::tuning::sweep;
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

/// A goal at most or at least, its metric just changed to `metric`: from the value the run has
/// now, the way that is better for the metric (at most an overshoot, at least a share arrived),
/// so that the run that suggested it meets it; with no value yet, `target` that way.
#[must_use]
pub fn bound_on_new_metric(group: &str, metric: &str, now: Option<f64>, target: f64) -> Goal {
    if let Some(now) = now {
        return goal_from(group, metric, now);
    }
    let better = definition(metric).map_or(Better::Neither, |d| d.better);
    let want = if better == Better::Higher {
        Want::AtLeast(target)
    } else {
        Want::AtMost(target)
    };
    Goal::new(group, metric, want)
}

/// The goals checked as `steerlab check` and Tune check them, in the background: every seed,
/// for the whole run length. It follows the scene: once the scene has stayed the same for a
/// moment after a change, the check runs again.
#[derive(Default)]
pub struct GoalCheck {
    job: Option<Job<Vec<Outcome>, AtomicUsize>>,
    /// The scene the last check (running or finished) was of.
    of: Option<Scene>,
    /// A changed scene, and when it was first seen: checked once it has stayed so a moment.
    waiting: Option<(Scene, f64)>,
    /// The outcomes of the last finished check.
    result: Option<Vec<Outcome>>,
    /// Why the last check could not run.
    pub error: Option<String>,
}

/// Seconds a changed scene must stay the same before it is checked again (a drag is not
/// checked at every step).
const SETTLE_SECS: f64 = 0.75;

/// What a check depends on: the scene without its view.
fn checked_part(scene: &Scene) -> Scene {
    Scene {
        view: None,
        ..scene.clone()
    }
}

impl GoalCheck {
    /// Keeps the check up with `scene` (at time `now`, seconds): starts one once a change has
    /// settled. Returns whether one is running or waiting to start.
    pub fn keep_up(&mut self, scene: &Scene, now: f64) -> bool {
        self.poll();
        let part = checked_part(scene);
        let goals = scene.goals.as_ref().is_some_and(|g| !g.list.is_empty());
        if !goals || self.of.as_ref() == Some(&part) {
            self.waiting = None;
            return self.job.is_some();
        }
        match &self.waiting {
            Some((waiting, since)) if *waiting == part => {
                if now - since >= SETTLE_SECS {
                    self.waiting = None;
                    self.start(part);
                }
            }
            _ => self.waiting = Some((part, now)),
        }
        self.job.is_some() || self.waiting.is_some()
    }

    /// Checks `scene` in the background (a check under way for an older scene is dropped).
    fn start(&mut self, scene: Scene) {
        self.error = None;
        let runs = match goal_check::Runs::of(&scene) {
            Ok(runs) => runs,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        self.of = Some(scene);
        let total = runs.variants.len();
        let mut metrics = Vec::with_capacity(total);
        let spawned = Job::spawn(
            "the goal check",
            AtomicUsize::new(0),
            total,
            move |done: &AtomicUsize| {
                // One run a piece: a browser's frame holds at most one.
                let Some(variant) = runs.variants.get(metrics.len()) else {
                    return Piece::Done(Ok(runs.outcomes(&metrics)));
                };
                match sweep::measure(&variant.scene, runs.steps) {
                    Ok(m) => metrics.push(m),
                    Err(e) => return Piece::Done(Err(e)),
                }
                done.fetch_add(1, Ordering::Relaxed);
                if metrics.len() < total {
                    Piece::More
                } else {
                    Piece::Done(Ok(runs.outcomes(&metrics)))
                }
            },
        );
        match spawned {
            Ok(job) => {
                self.job = Some(job);
                self.result = None;
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// Collects a finished check; returns whether one is still running.
    pub fn poll(&mut self) -> bool {
        match job::finished(&mut self.job, "the goal check") {
            Some(Ok(outcomes)) => self.result = Some(outcomes),
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
        self.job.is_some()
    }

    /// Blocks until the running check (if any) is done.
    pub fn wait(&mut self) {
        job::wait_while(|| self.poll());
    }

    /// The outcomes of `scene`'s goals, when the last finished check was of the scene as it
    /// is.
    #[must_use]
    pub fn outcomes(&self, scene: &Scene) -> Option<&[Outcome]> {
        (self.job.is_none() && self.of.as_ref() == Some(&checked_part(scene)))
            .then_some(self.result.as_deref())
            .flatten()
    }

    /// Runs done and in all, while a check runs.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job
            .as_ref()
            .map(|job| (job.shared.load(Ordering::Relaxed), job.total))
    }
}

/// The comparisons a goal may make, as a designer reads them.
const WANTS: [&str; 4] = ["at most", "at least", "minimize", "maximize"];

fn want_index(want: Option<Want>) -> usize {
    match want {
        Some(Want::AtLeast(_)) => 1,
        Some(Want::Minimize) => 2,
        Some(Want::Maximize) => 3,
        Some(Want::AtMost(_)) | None => 0,
    }
}

/// The Goals window over one frame.
pub struct GoalsWindow<'a> {
    /// The scene.
    pub scene: &'a Scene,
    /// The live run's metrics since its restart.
    pub current: &'a Metrics,
    /// The goals checked on every seed.
    pub check: &'a GoalCheck,
    /// The goal whose target takes the keyboard (one just added, for its first frames).
    pub focus: Option<usize>,
}

impl GoalsWindow<'_> {
    /// The window's contents (docked or floating).
    pub fn contents(self, ui: &mut Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        self.body_ui(ui, &mut actions);
        actions
    }

    /// The end of goal `i`'s row: its value checked on every seed, whether it is meant to be
    /// missed, and its remove button (whether it was clicked).
    fn row_end_ui(
        ui: &mut Ui,
        (i, goal): (usize, &Goal),
        checked: Option<&[Outcome]>,
        actions: &mut Vec<Action>,
    ) -> bool {
        match checked.and_then(|o| o.get(i)) {
            Some(o) => {
                let worst = o
                    .worst
                    .map_or_else(|| "—".to_owned(), labels::readable_number);
                let response = ui.horizontal(|ui| {
                    ui.monospace(worst);
                    badge(ui, true, o.verdict());
                });
                response.response.on_hover_text(seed_values(o));
            }
            None => {
                ui.weak("…").on_hover_text("Checking on every seed…");
            }
        }
        let mut meant = goal.meant_to_miss;
        if ui
            .checkbox(&mut meant, "")
            .on_hover_text(
                "This scene is kept to show what another setting does better (a crowd \
                 with steering's avoidance beside its ORCA twin): a check says \
                 \"missed, as meant\" rather than failing.",
            )
            .changed()
        {
            actions.push(Action::Goals(GoalAction::Set(
                i,
                Goal {
                    meant_to_miss: meant,
                    ..goal.clone()
                },
            )));
        }
        ui.small_button("remove")
            .on_hover_text("Remove this goal")
            .clicked()
    }

    /// Where the check stands: running, failed, or what it found.
    fn summary_ui(&self, ui: &mut Ui, checked: Option<&[Outcome]>) {
        if let Some((done, total)) = self.check.progress() {
            ui.weak(format!("checking: {done} of {total} runs"));
        } else if let Some(e) = &self.check.error {
            ui.colored_label(palette::WORSE, e);
        } else if let Some(o) = checked {
            let failing = o.iter().filter(|o| !o.verdict().as_meant()).count();
            let meant = o
                .iter()
                .filter(|o| o.verdict() == Verdict::MissedAsMeant)
                .count();
            if failing == 0 && meant == 0 {
                ui.colored_label(palette::BETTER, "every goal holds on every seed");
            } else if failing == 0 {
                ui.colored_label(
                    palette::BETTER,
                    format!(
                        "every goal as meant: {meant} of {} missed, as this scene means to",
                        o.len()
                    ),
                );
            } else {
                ui.colored_label(
                    palette::WORSE,
                    format!("{failing} of {} goals fail on some seed", o.len()),
                );
            }
        }
    }

    fn body_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let Some(goals) = self.scene.goals.as_ref().filter(|g| !g.list.is_empty()) else {
            ui.label(
                "No goals yet. A goal says what good is for this scene: \"every agent \
                 arrives\", \"overshoot at most 1 u\". Add one here and type its target, or \
                 press \"+ goal\" on a row of Compare › Metrics… to start from the value the \
                 run has now; then Tune… finds the values that meet them.",
            );
            ui.horizontal(|ui| {
                if ui.button("+ goal").clicked() {
                    actions.push(Action::Goals(GoalAction::New));
                }
                if ui.button("Metrics…").clicked() {
                    actions.push(Action::Show(crate::editor::dock::ToolWindow::Metrics));
                }
            });
            return;
        };
        let checked = self.check.outcomes(self.scene);
        ui.label(format!(
            "Live: the run on screen, {} s since its restart, one seed. Checked: {} seed{} of \
             {} s each, as steerlab check and Tune run them.",
            labels::readable_number(self.current.seconds),
            goals.seeds,
            if goals.seeds == 1 { "" } else { "s" },
            labels::readable_number(f64::from(goals.seconds))
        ));
        let seed = [self.scene.seed];
        let metrics = std::slice::from_ref(self.current);
        let mut remove = None;
        // A narrow pane scrolls the rows sideways rather than cutting off their ends.
        egui::ScrollArea::horizontal()
            .id_salt("goals rows")
            .show(ui, |ui| {
                egui::Grid::new("goals").striped(true).show(ui, |ui| {
                    for heading in [
                        "group",
                        "metric",
                        "",
                        "target",
                        "live",
                        "",
                        "checked",
                        "",
                        "meant to miss",
                        "",
                    ] {
                        ui.strong(heading);
                    }
                    ui.end_row();
                    for (i, goal) in goals.list.iter().enumerate() {
                        if let Some(edited) = self.goal_ui(ui, i, goal) {
                            actions.push(Action::Goals(GoalAction::Set(i, edited)));
                        }
                        let live = goal_check::outcome(goal, &seed, metrics);
                        ui.monospace(
                            live.worst
                                .map_or_else(|| "—".to_owned(), labels::readable_number),
                        );
                        badge(ui, live.worst.is_some(), live.verdict())
                            .on_hover_text("The run on screen so far, one seed.");
                        if Self::row_end_ui(ui, (i, goal), checked, actions) {
                            remove = Some(i);
                        }
                        ui.end_row();
                    }
                });
            });
        if let Some(i) = remove {
            actions.push(Action::Goals(GoalAction::Remove(i)));
        }
        ui.horizontal(|ui| {
            if ui
                .button("+ goal")
                .on_hover_text("Another goal, its target ready to type")
                .clicked()
            {
                actions.push(Action::Goals(GoalAction::New));
            }
            self.summary_ui(ui, checked);
        });
        ui.separator();
        Self::run_ui(ui, goals, actions);
    }

    /// One goal's group, metric, comparison and target, each editable; the goal as edited
    /// when one changed.
    fn goal_ui(&self, ui: &mut Ui, i: usize, goal: &Goal) -> Option<Goal> {
        let mut group = goal.group.clone();
        let mut metric = goal.metric.clone();
        let mut want = want_index(goal.want());
        let mut target = match goal.want() {
            Some(Want::AtMost(v) | Want::AtLeast(v)) => v,
            _ => self.live_value(goal).unwrap_or(0.0),
        };
        let before = (group.clone(), metric.clone(), want, target);
        egui::ComboBox::from_id_salt(("goal group", i))
            .selected_text(&group)
            .show_ui(ui, |ui| {
                for g in &self.scene.groups {
                    ui.selectable_value(&mut group, g.name.clone(), &g.name);
                }
            });
        let definition = crate::sim::observe::metrics::definition(&metric);
        egui::ComboBox::from_id_salt(("goal metric", i))
            .selected_text(&metric)
            .show_ui(ui, |ui| {
                for d in DEFINITIONS {
                    ui.selectable_value(&mut metric, d.name.to_owned(), d.name)
                        .on_hover_text(format!("{} ({})", d.summary, d.unit));
                }
            })
            .response
            .on_hover_text(definition.map_or("", |d| d.summary));
        egui::ComboBox::from_id_salt(("goal want", i))
            .selected_text(WANTS[want])
            .width(80.0)
            .show_ui(ui, |ui| {
                for (k, text) in WANTS.iter().enumerate() {
                    ui.selectable_value(&mut want, k, *text);
                }
            });
        if want < 2 {
            let speed = (target.abs() * 0.01).max(0.001);
            let id = ui.next_auto_id();
            if self.focus == Some(i) && !ui.memory(|m| m.has_focus(id)) {
                // Focused before it is drawn, so that it opens as a text field with its number
                // selected: ready to type over.
                ui.memory_mut(|m| m.request_focus(id));
            }
            let mut drag = egui::DragValue::new(&mut target).speed(speed);
            if let Some(d) = definition {
                drag = drag
                    .custom_formatter(|v, _| d.text(v))
                    .custom_parser(|t| d.read(t));
            }
            ui.add(drag);
        } else {
            ui.weak("(Tune)").on_hover_text(
                "Tune makes this metric as small or as large as it can; a check reports it and it always holds.",
            );
        }
        if (group.clone(), metric.clone(), want, target) == before {
            return None;
        }
        if metric != before.1 && want < 2 {
            let now = self.live_value(&Goal::new(&group, &metric, Want::Minimize));
            return Some(Goal {
                meant_to_miss: goal.meant_to_miss,
                ..bound_on_new_metric(&group, &metric, now, target)
            });
        }
        let want = match want {
            0 => Want::AtMost(target),
            1 => Want::AtLeast(target),
            2 => Want::Minimize,
            _ => Want::Maximize,
        };
        Some(Goal {
            meant_to_miss: goal.meant_to_miss,
            ..Goal::new(&group, &metric, want)
        })
    }

    /// The live run's value of `goal`'s metric, if it has one.
    fn live_value(&self, goal: &Goal) -> Option<f64> {
        self.current.get(&goal.qualified())
    }

    /// The run length and seeds of Check and Tune, and the way to Tune.
    fn run_ui(ui: &mut Ui, goals: &crate::scene::goals::Goals, actions: &mut Vec<Action>) {
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
            actions.push(Action::Show(crate::editor::dock::ToolWindow::Tune));
        }
    }
}

/// "pass", "fail", "missed, as meant" or "not yet", coloured.
fn badge(ui: &mut Ui, measured: bool, verdict: Verdict) -> egui::Response {
    let (text, color) = match (measured, verdict) {
        (false, _) => ("not yet", Color32::GRAY),
        (true, Verdict::Pass) => ("pass", palette::BETTER),
        (true, Verdict::Fail) => ("fail", palette::WORSE),
        (true, Verdict::MissedAsMeant) => ("missed, as meant", Color32::GRAY),
        (true, Verdict::MetThoughMeantToMiss) => ("met", palette::BETTER),
    };
    let response = ui.label(RichText::new(text).strong().color(color));
    if matches!(
        verdict,
        Verdict::MissedAsMeant | Verdict::MetThoughMeantToMiss
    ) {
        response.on_hover_text(
            "The scene marks this goal meant_to_miss: a variant kept to compare with one that \
             meets it.",
        )
    } else {
        response
    }
}

/// Each seed's value of a checked goal, one a line.
fn seed_values(o: &Outcome) -> String {
    o.seeds
        .iter()
        .zip(&o.values)
        .map(|(seed, v)| {
            format!(
                "seed {seed}: {}",
                v.map_or_else(|| "—".to_owned(), labels::readable_number)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
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

    /// A goal whose metric is changed takes the way better for the new metric, whatever the
    /// old one's: an overshoot of 64.37 gives "at most 64.4", which the run meets.
    #[test]
    fn a_new_metric_takes_the_way_better_for_it() {
        let g = bound_on_new_metric("a", "overshoot", Some(64.37), 1.0);
        assert_eq!(g.want(), Some(Want::AtMost(64.4)));
        let g = bound_on_new_metric("a", "arrived", Some(0.8765), 64.0);
        assert_eq!(g.want(), Some(Want::AtLeast(0.876)));
        // Not measured yet: the target typed so far, the better way.
        let g = bound_on_new_metric("a", "overshoot", None, 3.0);
        assert_eq!(g.want(), Some(Want::AtMost(3.0)));
        let g = bound_on_new_metric("a", "throughput", None, 3.0);
        assert_eq!(g.want(), Some(Want::AtLeast(3.0)));
    }
}
