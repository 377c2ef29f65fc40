//! The Tune window: which fields the tuner may change (picked from a list, each with a range
//! pre-filled around its current value), a budget, and a run in the background that searches
//! for the values that meet every goal with the smallest change (`scene::tune::search`, as
//! `steerlab tune` does). While it runs: how many evaluations, the best score, and a plot of
//! the best score against evaluations; Cancel keeps the best so far. Then each goal before
//! and after, the best candidates, and Apply: one undo step, with the scene as it was pinned
//! as the baseline so that ghosts, plots and metrics show before against after.

use crate::editor::job::{self, Job, Piece};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use egui::{Color32, RichText, Ui};
use egui_plot::{HLine, Line, Plot};

use crate::editor::action::{Action, GoalAction, TuneSetup};
use crate::scene::goals::target_text;
use crate::scene::{Scene, labels};
use crate::sim::observe::metrics::metric_text;
use crate::tuning::sweep::Pool;
use crate::tuning::tune::search::{self, Options, Report};
use crate::tuning::tune::{Evaluation, Tuning};
use crate::view::palette;

/// What a running tuning shares with the window.
#[derive(Default)]
struct Shared {
    evaluations: AtomicUsize,
    history: Mutex<Vec<(usize, f64)>>,
    cancel: AtomicBool,
}

/// The Tune window's settings, its running search and its last result.
#[derive(Default)]
pub struct TunePanel {
    /// What is tuned.
    pub setup: TuneSetup,
    job: Option<Job<(Tuning, Report), Shared>>,
    /// The last search: the problem and what it found.
    pub result: Option<(Tuning, Report)>,
    /// Why the last search could not start or failed.
    pub error: Option<String>,
    /// The scene [`TunePanel::follow`] last found the results to belong to: it looks again
    /// only once the scene differs.
    followed: Option<Scene>,
}

/// Where a tuning job stands.
enum Stage {
    /// Its starting values are still to be scored.
    Start(Box<Tuning>),
    /// Searching.
    Searching(Box<search::Search>),
    /// Finished (its result handed over).
    Over,
}

impl TunePanel {
    /// Whether a search is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.job.is_some()
    }

    /// Takes the scene's own tuned fields as the setup when it has none yet.
    pub fn prefill(&mut self, scene: &Scene) {
        if self.setup.ranges.is_empty()
            && let Some(goals) = &scene.goals
        {
            self.setup.ranges.clone_from(&goals.tune);
        }
    }

    /// Starts tuning `scene` (its goals, the window's fields) in the background.
    pub fn start(&mut self, scene: &Scene) {
        if self.running() {
            return;
        }
        self.error = None;
        let mut scene = scene.clone();
        if let Some(goals) = &mut scene.goals {
            goals.tune.clone_from(&self.setup.ranges);
        }
        let tuning = match Tuning::new(&scene) {
            Ok(t) => t,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        let options = Options {
            budget: self.setup.budget.max(1),
            ..Options::default()
        };
        let pool = match Pool::new(0) {
            Ok(pool) => pool,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        // A whole generation a piece on the desktop (on every core); one point a piece in a
        // browser, between frames. The search is the same.
        let per_piece = if job::SMALL_PIECES { 1 } else { usize::MAX };
        let mut stage = Stage::Start(Box::new(tuning));
        let spawned = Job::spawn(
            "the tuning",
            Shared::default(),
            options.budget,
            move |theirs: &Shared| match std::mem::replace(&mut stage, Stage::Over) {
                // The starting values scored: a piece of its own.
                Stage::Start(tuning) => {
                    let search = search::Search::new(*tuning, &options, &pool);
                    theirs
                        .evaluations
                        .store(search.evaluations(), Ordering::Relaxed);
                    stage = Stage::Searching(Box::new(search));
                    Piece::More
                }
                Stage::Searching(mut search) => {
                    let more = search.step(per_piece, &pool, &mut |p| {
                        if let Ok(mut h) = theirs.history.lock() {
                            h.push((p.evaluations, p.best.score));
                        }
                        !theirs.cancel.load(Ordering::Relaxed)
                    });
                    theirs
                        .evaluations
                        .store(search.evaluations(), Ordering::Relaxed);
                    if more {
                        stage = Stage::Searching(search);
                        Piece::More
                    } else {
                        Piece::Done(Ok(search.finish(&pool)))
                    }
                }
                Stage::Over => Piece::Done(Err("the tuning has already finished".to_owned())),
            },
        );
        match spawned {
            Ok(job) => self.job = Some(job),
            Err(e) => self.error = Some(e),
        }
    }

    /// Stops the running search after its current generation; the best so far is kept.
    pub fn cancel(&self) {
        if let Some(job) = &self.job {
            job.shared.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Collects a finished search; returns whether one is still running.
    pub fn poll(&mut self) -> bool {
        match job::finished(&mut self.job, "the tuning") {
            Some(Ok(result)) => {
                self.result = Some(result);
                self.followed = None;
            }
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
        self.job.is_some()
    }

    /// Puts the last search's results away once the scene is not the one they were found on
    /// (another file, another group, a changed goal: anything but the tuned fields' values),
    /// and says so.
    pub fn follow(&mut self, scene: &Scene) {
        let Some((tuning, _)) = &self.result else {
            return;
        };
        if self.followed.as_ref() == Some(scene) {
            return;
        }
        if tuning.found_on(scene) {
            self.followed = Some(scene.clone());
            return;
        }
        self.result = None;
        self.followed = None;
        self.error = Some(
            "The scene changed since the last tuning (not only in the tuned fields): its \
             results were of that scene and are put away. Tune again to tune this one."
                .to_owned(),
        );
    }

    /// Blocks until the running search (if any) is done.
    pub fn wait(&mut self) {
        job::wait_while(|| self.poll());
    }

    /// Evaluations so far and the budget, while running.
    #[must_use]
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job
            .as_ref()
            .map(|job| (job.shared.evaluations.load(Ordering::Relaxed), job.total))
    }

    /// The best score after each generation, of the running search or else the last one.
    #[must_use]
    pub fn history(&self) -> Vec<(usize, f64)> {
        match (&self.job, &self.result) {
            (Some(job), _) => job
                .shared
                .history
                .lock()
                .map(|h| h.clone())
                .unwrap_or_default(),
            (None, Some((_, r))) => r.history.clone(),
            (None, None) => Vec::new(),
        }
    }

    /// The candidates of the last search, best first: the (tidied) best, then the others.
    #[must_use]
    pub fn candidates(&self) -> Vec<&Evaluation> {
        let Some((_, r)) = &self.result else {
            return Vec::new();
        };
        let mut out = vec![&r.best];
        out.extend(r.candidates.iter().filter(|c| c.values != r.best.values));
        out
    }
}

/// The Tune window over one frame.
pub struct TuneWindow<'a> {
    /// Its state.
    pub panel: &'a TunePanel,
    /// The scene as it is.
    pub scene: &'a Scene,
    /// The scene's goals checked on every seed, when a check of the scene as it is has
    /// finished.
    pub checked: Option<&'a [crate::tuning::goal_check::Outcome]>,
    /// The group the inspector shows: its fields come first in the field list.
    pub current_group: usize,
}

impl TuneWindow<'_> {
    /// The window's contents (docked or floating).
    pub fn contents(self, ui: &mut Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        self.body_ui(ui, &mut actions);
        actions
    }

    fn body_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let goals = self.scene.goals.as_ref().filter(|g| !g.list.is_empty());
        let Some(goals) = goals else {
            ui.label("No goals yet. Say what good is first: in Compare › Metrics…, \"+ goal\" on a row makes that metric a goal.");
            if ui.button("Goals…").clicked() {
                actions.push(Action::Show(crate::editor::dock::ToolWindow::Goals));
            }
            return;
        };
        ui.label(format!(
            "Finds the values of the fields below that meet every goal on {} seed{} of {} s, \
             changing the scene as little as it can.",
            goals.seeds,
            if goals.seeds == 1 { "" } else { "s" },
            labels::readable_number(f64::from(goals.seconds))
        ));
        for g in &goals.list {
            ui.label(format!("- {}", target_text(g)));
        }
        match self.checked {
            Some(o) if o.iter().all(|o| o.holds) => {
                ui.colored_label(
                    palette::BETTER,
                    "Every goal already holds on every seed: there is nothing to tune.",
                );
            }
            Some(o) => {
                let failing = o.iter().filter(|o| !o.holds).count();
                let meant = o
                    .iter()
                    .filter(|o| !o.holds && o.goal.meant_to_miss)
                    .count();
                ui.colored_label(
                    palette::WORSE,
                    format!("{failing} of {} goals fail on some seed now.", o.len()),
                );
                if meant > 0 {
                    ui.weak(format!(
                        "{meant} of them the scene means to miss (meant_to_miss): tuning looks \
                         for values that meet them too."
                    ));
                }
            }
            None => {
                ui.weak("Checking the goals on every seed…");
            }
        }
        ui.separator();
        self.fields_ui(ui, actions);
        ui.separator();
        self.run_ui(ui, actions);
        self.result_ui(ui, actions);
    }

    fn fields_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let mut setup = self.panel.setup.clone();
        let mut changed = false;
        ui.strong("Fields it may change");
        changed |= super::pick::ranges_ui(
            ui,
            "tune",
            (self.scene, self.current_group),
            &mut setup.ranges,
        );
        changed |= ui
            .add(
                egui::DragValue::new(&mut setup.budget)
                    .range(10..=20_000)
                    .prefix("budget: ")
                    .suffix(" evaluations"),
            )
            .on_hover_text("Each evaluation runs the scene once per seed.")
            .changed();
        if changed {
            actions.push(Action::Goals(GoalAction::SetTune(Box::new(setup))));
        }
    }

    fn run_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        if let Some((done, budget)) = self.panel.progress() {
            ui.horizontal(|ui| {
                ui.add(
                    egui::ProgressBar::new(done as f32 / budget.max(1) as f32)
                        .desired_width(260.0)
                        .text(format!("{done} / {budget} evaluations")),
                );
                if ui
                    .button("Cancel")
                    .on_hover_text("Stop now and keep the best found so far.")
                    .clicked()
                {
                    actions.push(Action::Goals(GoalAction::CancelTune));
                }
            });
        } else {
            let ready = !self.panel.setup.ranges.is_empty();
            if ui
                .add_enabled(ready, egui::Button::new("Run"))
                .on_hover_text("Search in the background; the scene plays on.")
                .clicked()
            {
                actions.push(Action::Goals(GoalAction::RunTune));
            }
        }
        if let Some(e) = &self.panel.error {
            ui.colored_label(palette::WORSE, e);
        }
        let history = self.panel.history();
        if let Some(&(_, best)) = history.last() {
            let text = if best <= -1.0 {
                "every goal met".to_owned()
            } else {
                format!("goals missed by {best:.3}")
            };
            ui.label(format!("best so far: {text} (score {best:.3})"));
            let points: Vec<[f64; 2]> = history.iter().map(|&(n, s)| [n as f64, s]).collect();
            crate::view::axes::numbered(Plot::new("tune progress"))
                .height(120.0)
                .x_axis_label("evaluations")
                .y_axis_label("best score")
                .allow_scroll(false)
                .show(ui, |plot| {
                    plot.hline(HLine::new("every goal met below", -1.0).color(palette::BETTER));
                    plot.line(Line::new("best score", points));
                });
            ui.weak("Above 0: how far the goals are missed. Below -1: every goal is met, and the lower, the nearer the scene as it was.");
        }
    }

    fn result_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let Some((tuning, report)) = &self.panel.result else {
            return;
        };
        if self.panel.running() {
            return;
        }
        ui.separator();
        if report.evaluations == 1 && report.start.meets() {
            ui.colored_label(
                palette::BETTER,
                "Every goal already held on every seed: nothing to tune, the scene stays as it is.",
            );
            return;
        }
        ui.strong(if report.stopped {
            "Stopped: the best found so far"
        } else {
            "Found"
        });
        egui::Grid::new("tune goals").striped(true).show(ui, |ui| {
            ui.strong("goal");
            ui.strong("before");
            ui.strong("after");
            ui.end_row();
            for (i, g) in tuning.goals().iter().enumerate() {
                ui.label(target_text(g));
                for e in [&report.start, &report.best] {
                    let (text, color) = e.outcomes.get(i).map_or_else(
                        || ("—".to_owned(), Color32::GRAY),
                        |o| {
                            let v = o
                                .worst
                                .map_or_else(|| "—".to_owned(), |w| metric_text(&g.metric, w));
                            let c = if o.holds {
                                palette::BETTER
                            } else {
                                palette::WORSE
                            };
                            (format!("{v} {}", if o.holds { "pass" } else { "fail" }), c)
                        },
                    );
                    ui.label(RichText::new(text).color(color));
                }
                ui.end_row();
            }
        });
        ui.strong("Candidates (best first)");
        let mut shown: Vec<String> = Vec::new();
        for (k, c) in self.panel.candidates().iter().enumerate() {
            // Two points that differ only past the digits shown read as one candidate.
            let text = changes_text(self.scene, tuning, &report.start, c);
            if shown.contains(&text) {
                continue;
            }
            shown.push(text.clone());
            ui.horizontal_wrapped(|ui| {
                let verdict = if c.meets() {
                    "meets every goal"
                } else {
                    "misses a goal"
                };
                if ui
                    .add_enabled(c.error.is_none(), egui::Button::new("Apply"))
                    .on_hover_text(
                        "Take these values into the scene (one undo step) and pin the scene as \
                         it was as the baseline.",
                    )
                    .clicked()
                {
                    actions.push(Action::Goals(GoalAction::ApplyTune(k)));
                }
                ui.label(format!("{verdict}: {text}"));
            });
        }
    }
}

/// The fields a candidate changes from the values the search started from: `label old to new,
/// ...` (the labels from `scene`).
#[must_use]
pub fn changes_text(scene: &Scene, tuning: &Tuning, start: &Evaluation, c: &Evaluation) -> String {
    let parts: Vec<String> = tuning
        .changed(&start.values, &c.values)
        .map(|(field, old, new)| {
            format!(
                "{} {} to {}",
                labels::field_name(scene, field),
                labels::value_text(field, old),
                labels::value_text(field, new)
            )
        })
        .collect();
    if parts.is_empty() {
        "no change".to_owned()
    } else {
        parts.join(", ")
    }
}
