//! Goals run: each goal of a scene on each of its seeds ([`check`]), as `steerlab check`, the
//! Goals window, the sheet and the tuner run them. What the goals say, and their checks against
//! the scene, are the scene file's (`crate::scene::goals`).

use super::sweep;
use crate::scene::Scene;
use crate::scene::goals::{Goal, Goals, Want};
use crate::sim::observe::metrics::Metrics;

/// One goal's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The goal.
    pub goal: Goal,
    /// The seed of each run, in order.
    pub seeds: Vec<u64>,
    /// The metric on each seed (`None`: not defined for that run, like the time to arrive of
    /// a run where an agent never arrived).
    pub values: Vec<Option<f64>>,
    /// The worst of them for the goal (the largest for `at_most` and `minimize`, the smallest
    /// for `at_least` and `maximize`; `None` when a run has no value).
    pub worst: Option<f64>,
    /// Whether it holds on every seed (a goal to minimize or maximize always holds).
    pub holds: bool,
}

/// What a check says of a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It holds on every seed.
    Pass,
    /// It does not hold on some seed.
    Fail,
    /// It does not hold, and the scene is meant to miss it ([`Goal::meant_to_miss`]).
    MissedAsMeant,
    /// It holds, though the scene is meant to miss it.
    MetThoughMeantToMiss,
}

impl Verdict {
    /// What `steerlab check` and the Goals window print.
    #[must_use]
    pub fn text(self) -> &'static str {
        match self {
            Self::Pass => "pass",
            Self::Fail => "FAIL",
            Self::MissedAsMeant => "missed, as meant",
            Self::MetThoughMeantToMiss => "met, though meant to miss",
        }
    }

    /// Whether the scene is as it is meant to be on this goal (all but [`Verdict::Fail`]).
    #[must_use]
    pub fn as_meant(self) -> bool {
        self != Self::Fail
    }
}

impl Outcome {
    /// What a check says of the goal.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        match (self.holds, self.goal.meant_to_miss) {
            (true, false) => Verdict::Pass,
            (false, false) => Verdict::Fail,
            (false, true) => Verdict::MissedAsMeant,
            (true, true) => Verdict::MetThoughMeantToMiss,
        }
    }
}

/// Runs `scene` on each of its goals' seeds (on up to `threads` threads, 0 for all; the same
/// bits at any number) and says how each goal fared. `Err` when the scene has no goals or a
/// run cannot be built.
pub fn check(scene: &Scene, threads: usize) -> Result<Vec<Outcome>, String> {
    let runs = Runs::of(scene)?;
    let metrics: Vec<Metrics> = sweep::run(&runs.variants, runs.steps, threads, &|| {})?;
    Ok(runs.outcomes(&metrics))
}

/// The runs a check of a scene's goals makes: one per seed, each `steps` ticks long. A caller
/// that runs them a few at a time (the editor, between frames in a browser) measures each
/// variant with [`sweep::measure`] and hands the metrics, in order, to [`Runs::outcomes`].
#[derive(Clone, Debug)]
pub struct Runs {
    /// The goals checked.
    pub goals: Goals,
    /// The seed of each run.
    pub seeds: Vec<u64>,
    /// The scene of each run (the scene with that seed).
    pub variants: Vec<sweep::Variant>,
    /// Ticks each run lasts.
    pub steps: u64,
}

impl Runs {
    /// The runs of `scene`'s goals (`Err` when it has none).
    pub fn of(scene: &Scene) -> Result<Self, String> {
        let goals = scene
            .goals
            .clone()
            .ok_or_else(|| "the scene has no goals".to_owned())?;
        let seeds = seeds(scene, &goals);
        let variants = seeds
            .iter()
            .map(|&seed| sweep::Variant {
                values: Vec::new(),
                scene: Scene {
                    seed,
                    ..scene.clone()
                },
            })
            .collect();
        let steps = steps(scene, &goals);
        Ok(Self {
            goals,
            seeds,
            variants,
            steps,
        })
    }

    /// How each goal fared, given the metrics of every run in order.
    #[must_use]
    pub fn outcomes(&self, metrics: &[Metrics]) -> Vec<Outcome> {
        self.goals
            .list
            .iter()
            .map(|goal| outcome(goal, &self.seeds, metrics))
            .collect()
    }
}

/// The seeds the goals run on: the scene's and the next `seeds − 1`.
#[must_use]
pub fn seeds(scene: &Scene, goals: &Goals) -> Vec<u64> {
    (0..u64::from(goals.seeds.max(1)))
        .map(|k| scene.seed.wrapping_add(k))
        .collect()
}

/// Ticks in a run of the goals' length (at least 1).
#[must_use]
pub fn steps(scene: &Scene, goals: &Goals) -> u64 {
    let steps = (f64::from(goals.seconds) / f64::from(scene.dt).max(1e-6)).round();
    // Limited to MAX_SECONDS at the smallest tick: far inside u64.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let steps = steps.clamp(1.0, 1e9) as u64;
    steps
}

/// How `goal` fared on runs with `seeds` that measured `metrics` (one per seed, in order).
pub(crate) fn outcome(goal: &Goal, seeds: &[u64], metrics: &[Metrics]) -> Outcome {
    let values: Vec<Option<f64>> = metrics.iter().map(|m| m.get(&goal.qualified())).collect();
    let all: Option<Vec<f64>> = values.iter().copied().collect();
    let want = goal.want();
    let worst = all.as_ref().and_then(|v| {
        let larger_is_worse = matches!(want, Some(Want::AtMost(_) | Want::Minimize));
        v.iter()
            .copied()
            .reduce(|a, b| if larger_is_worse == (b > a) { b } else { a })
    });
    let holds = goal.holds_for(worst);
    Outcome {
        goal: goal.clone(),
        seeds: seeds.to_vec(),
        values,
        worst,
        holds,
    }
}
