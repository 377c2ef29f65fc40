//! The app's side of goals and tuning: editing the scene's goals (each edit one undo step),
//! running the Tune window's search, and applying a candidate with the scene as it was pinned
//! as the baseline.

use super::EditorApp;
use crate::editor::action::GoalAction;
use crate::editor::dock::ToolWindow;
use crate::scene::Scene;
use crate::scene::goals::{Goal, Goals, Want};
use crate::sim::observe::metrics::DEFINITIONS;

/// The run length of a scene's first goal: what `steerlab check` and the tuner run.
const FIRST_GOAL_SECONDS: f32 = 10.0;

impl EditorApp {
    pub(super) fn goal_action(&mut self, action: GoalAction) {
        match action {
            GoalAction::Add(goal) => self.add_goal(goal),
            GoalAction::New => {
                let goal = self.new_goal();
                self.add_goal(goal);
            }
            GoalAction::Set(i, goal) => {
                // No undo step of its own: a drag or typed value is one step once it ends.
                let mut draft: Scene = self.doc.scene().clone();
                if let Some(slot) = draft.goals.as_mut().and_then(|g| g.list.get_mut(i)) {
                    *slot = goal;
                    self.apply_draft(draft);
                }
            }
            GoalAction::Remove(i) => self.edit_goals(|goals| {
                if let Some(g) = goals {
                    if i < g.list.len() {
                        g.list.remove(i);
                    }
                    if g.list.is_empty() && g.tune.is_empty() {
                        *goals = None;
                    }
                }
            }),
            GoalAction::SetRun(seconds, seeds) => self.edit_goals(|goals| {
                if let Some(g) = goals {
                    g.seconds = seconds;
                    g.seeds = seeds;
                }
            }),
            GoalAction::SetTune(setup) => self.jobs.tune.setup = *setup,
            GoalAction::RunTune => self.jobs.tune.start(self.doc.scene()),
            GoalAction::CancelTune => self.jobs.tune.cancel(),
            GoalAction::ApplyTune(k) => self.apply_tune(k),
        }
    }

    /// Adds `goal` (in place of one on the same metric of the same group) as one undo step,
    /// and shows it in the Goals window with its target ready to type.
    fn add_goal(&mut self, goal: Goal) {
        let qualified = goal.qualified();
        self.edit_goals(|goals| {
            goals
                .get_or_insert_with(|| Goals::empty(FIRST_GOAL_SECONDS))
                .put_goal(goal);
        });
        // Asked for three frames: a new row may take a frame to lay out.
        self.jobs.goal_focus = self
            .doc
            .scene()
            .goals
            .as_ref()
            .and_then(|g| g.list.iter().position(|x| x.qualified() == qualified))
            .map(|i| (i, 3));
        self.show_tool(ToolWindow::Goals);
    }

    /// A goal for the current group that the scene lacks: the first metric (in report order)
    /// the live run measures for it, at its value now; with none measured yet, the first
    /// metric at most 0.
    fn new_goal(&self) -> Goal {
        let scene = self.doc.scene();
        let group = scene
            .groups
            .get(self.session.current_group)
            .or(scene.groups.first())
            .map_or_else(String::new, |g| g.name.clone());
        let has = |metric: &str| {
            scene.goals.as_ref().is_some_and(|g| {
                g.list
                    .iter()
                    .any(|x| x.group == group && x.metric == metric)
            })
        };
        let report = self.session.recorder.report(&self.session.world);
        DEFINITIONS
            .iter()
            .filter(|d| !has(d.name))
            .find_map(|d| {
                let now = report.get(&format!("{group}.{}", d.name))?;
                Some(crate::editor::windows::goals::goal_from(
                    &group, d.name, now,
                ))
            })
            .unwrap_or_else(|| {
                let metric = DEFINITIONS
                    .iter()
                    .find(|d| !has(d.name))
                    .map_or(DEFINITIONS[0].name, |d| d.name);
                Goal::new(&group, metric, Want::AtMost(0.0))
            })
    }

    /// Changes the scene's goals as one undo step (the run goes on: goals do not change it).
    fn edit_goals(&mut self, edit: impl FnOnce(&mut Option<Goals>)) {
        let mut draft: Scene = self.doc.scene().clone();
        edit(&mut draft.goals);
        if draft.goals == self.doc.scene().goals {
            return;
        }
        self.edit_step(draft);
    }

    /// Takes candidate `k` of the last tuning into the scene as one undo step, with the scene
    /// as it was pinned as the baseline; both runs restart, so that ghosts, plots and metrics
    /// show before against after from the same seed.
    fn apply_tune(&mut self, k: usize) {
        let Some((tuning, _)) = &self.jobs.tune.result else {
            return;
        };
        let Some(candidate) = self.jobs.tune.candidates().get(k).map(|c| c.values.clone()) else {
            return;
        };
        let mut draft = self.doc.scene().clone();
        for (r, &v) in tuning.ranges().iter().zip(&candidate) {
            if let Err(e) = r.field.set(&mut draft, v) {
                self.files.errors = vec![e.to_string()];
                return;
            }
        }
        if let Some(goals) = &mut draft.goals {
            goals.tune = tuning.ranges().to_vec();
        }
        let before = self.doc.scene().clone();
        self.doc.commit();
        self.apply_draft(draft);
        self.doc.commit();
        if !self.notices.rejected.is_empty() {
            return;
        }
        self.session.pin(before, "before tuning".to_owned());
        self.restart();
        "Tuned: the scene before tuning is the baseline, both runs restarted (Undo takes the values back)"
            .clone_into(&mut self.files.status);
    }
}
