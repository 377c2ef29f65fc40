//! Goals checked and run: each goal's names against the scene (located problems with the
//! nearest valid name), and each goal on each of its seeds ([`check`]).

use super::Scene;
use super::goals::{GOALS, Goal, Goals, MAX_SECONDS, MAX_SEEDS, Want};
use super::messages::unknown_name;
use super::sweep;
use crate::sim::Problem;
use crate::sim::model::field_path::FieldPath;
use crate::sim::observe::metrics::{DEFINITIONS, Metrics, metric_text};

/// The target of `goal` as a designer reads it: `arrivers.overshoot <= 1`.
#[must_use]
pub fn target_text(goal: &Goal) -> String {
    let q = goal.qualified();
    match goal.want() {
        Some(Want::AtMost(v)) => format!("{q} <= {}", metric_text(&goal.metric, v)),
        Some(Want::AtLeast(v)) => format!("{q} >= {}", metric_text(&goal.metric, v)),
        Some(Want::Minimize) => format!("{q} min"),
        Some(Want::Maximize) => format!("{q} max"),
        None => q,
    }
}

/// Every problem with `goals` in `scene`, each at its path (`goals.list[0].metric`), with the
/// nearest valid name for a typo.
#[must_use]
pub fn problems(goals: &Goals, scene: &Scene) -> Vec<Problem> {
    let root = FieldPath::root().key(GOALS);
    let mut out = Vec::new();
    let mut push = |at: FieldPath, message: String| out.push(Problem::new(at, message));
    if !(goals.seconds.is_finite() && goals.seconds > 0.0 && goals.seconds <= MAX_SECONDS) {
        push(
            root.key("seconds"),
            format!(
                "must be > 0 and at most {MAX_SECONDS}, got {}",
                goals.seconds
            ),
        );
    }
    if !(1..=MAX_SEEDS).contains(&goals.seeds) {
        push(
            root.key("seeds"),
            format!("must be 1 to {MAX_SEEDS}, got {}", goals.seeds),
        );
    }
    let groups: Vec<&str> = scene.groups.iter().map(|g| g.name.as_str()).collect();
    let metrics: Vec<&str> = DEFINITIONS.iter().map(|d| d.name).collect();
    for (i, goal) in goals.list.iter().enumerate() {
        let at = root.key("list").index(i);
        if !groups.contains(&goal.group.as_str()) {
            push(at.key("group"), unknown_name("group", &goal.group, &groups));
        }
        if !metrics.contains(&goal.metric.as_str()) {
            push(
                at.key("metric"),
                unknown_name("metric", &goal.metric, &metrics),
            );
        }
        match goal.want() {
            None => push(
                at.clone(),
                "give exactly one of `at_most`, `at_least`, `minimize: true` or \
                 `maximize: true`"
                    .to_owned(),
            ),
            Some(Want::AtMost(v) | Want::AtLeast(v)) if !v.is_finite() => {
                push(
                    at.clone(),
                    format!("the target must be a finite number, got {v}"),
                );
            }
            Some(_) => {}
        }
    }
    let mut copy = scene.clone();
    for (i, t) in goals.tune.iter().enumerate() {
        let at = root.key("tune").index(i);
        if t.field.get(&mut copy).is_none() {
            let e = t
                .field
                .unknown(&mut copy, "no number at this path in this scene");
            push(at.key("field"), e.message);
        }
        if !(t.lo.is_finite() && t.hi.is_finite() && t.lo < t.hi) {
            push(
                at.clone(),
                format!(
                    "the range must be finite with lo < hi, got {}..{}",
                    t.lo, t.hi
                ),
            );
        } else if let Some(limit) = t.field.limit(&mut copy) {
            let r = limit.range();
            // As the field holds them: 0.001 is the f32 nearest it, not a hair below.
            #[allow(clippy::cast_possible_truncation)]
            let (lo, hi) = (t.lo as f32, t.hi as f32);
            if lo < *r.start() || hi > *r.end() {
                push(
                    at.clone(),
                    format!(
                        "the range {}..{} goes outside what the field may hold ({}..{})",
                        t.lo,
                        t.hi,
                        super::labels::readable_number(f64::from(*r.start())),
                        super::labels::readable_number(f64::from(*r.end()))
                    ),
                );
            }
        }
    }
    out
}

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
    let holds = match want {
        Some(Want::AtMost(t)) => worst.is_some_and(|w| w <= t),
        Some(Want::AtLeast(t)) => worst.is_some_and(|w| w >= t),
        Some(Want::Minimize | Want::Maximize) => true,
        None => false,
    };
    Outcome {
        goal: goal.clone(),
        seeds: seeds.to_vec(),
        values,
        worst,
        holds,
    }
}
