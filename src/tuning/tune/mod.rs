//! Tuning: the fields a tuner may change and the goals they must meet, as one function of a
//! point in the unit box (one coordinate per field, 0 at the low end of its range and 1 at the
//! high end) to a score, lower better. [`search`] moves the point; this module says what a
//! point is worth.
//!
//! The score of a point that misses a goal is the sum of the goals' violations, each relative
//! to its target (see [`violation`]) and averaged over the seeds: a positive number, 0 only
//! when every goal holds on every seed. A point that meets every goal scores below −1:
//! `change − 2`, where `change` is its distance from the starting values relative to each
//! range (0 at the start, 1 at the far corner), so that among the points that meet the goals
//! the tuner prefers the one nearest the designer's preset; or, when a goal asks to minimize
//! or maximize, between −3 and −2 by that goal's value.

#[cfg(feature = "tune")]
pub mod search;

use super::goal_check::{self, Outcome};
use super::sweep::{self, Pool, Trajectory};
use crate::scene::Scene;
use crate::scene::goals::{Goal, Goals, TuneRange, Want};
use crate::sim::model::field_path::FieldPath;
use crate::sim::observe::metrics::Metrics;

/// What a goal's violation counts for on a seed where its metric has no value (the time to
/// arrive of a run where nobody arrived): as much as the largest miss.
pub const MISSING: f64 = 1.0;

/// A tuning problem: a scene, its goals, the fields to change and their ranges.
#[derive(Clone, Debug)]
pub struct Tuning {
    base: Scene,
    goals: Vec<Goal>,
    ranges: Vec<TuneRange>,
    start: Vec<f64>,
    seeds: Vec<u64>,
    steps: u64,
}

/// One point and what it scored.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The point in the unit box.
    pub x: Vec<f64>,
    /// Each field's value at the point, as the scene holds it (a whole number rounded, a
    /// real number to f32).
    pub values: Vec<f64>,
    /// Each goal's outcome (empty when the scene could not be run).
    pub outcomes: Vec<Outcome>,
    /// The sum of the goals' relative violations (0: every goal holds on every seed).
    pub violation: f64,
    /// The distance from the starting values, relative to each range (0 to 1).
    pub change: f64,
    /// The score, lower better (see the module's documentation).
    pub score: f64,
    /// Why the scene at this point could not be run, if it could not.
    pub error: Option<String>,
}

impl Evaluation {
    /// Whether every goal holds on every seed.
    #[must_use]
    pub fn meets(&self) -> bool {
        self.error.is_none() && self.violation == 0.0
    }
}

impl Tuning {
    /// The tuning that `scene`'s goals describe. `Err` when it has no goals, no goal, no field
    /// to tune, or a goal or a range that does not fit the scene (with where and why).
    pub fn new(scene: &Scene) -> Result<Self, String> {
        Self::made(scene, true)
    }

    /// The same problem where goals are welcome but not needed: the fields and their ranges
    /// (from the scene's `goals.tune`), its seeds and run length. An atlas explores it; with
    /// no goal, a point's score is its change from the scene's values.
    pub fn open(scene: &Scene) -> Result<Self, String> {
        Self::made(scene, false)
    }

    fn made(scene: &Scene, needs_goals: bool) -> Result<Self, String> {
        let goals: &Goals = scene
            .goals
            .as_ref()
            .ok_or_else(|| "the scene has no goals".to_owned())?;
        let problems = crate::scene::goal_rules::problems(goals, scene);
        if !problems.is_empty() {
            let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
            return Err(text.join("\n"));
        }
        if needs_goals && goals.list.is_empty() {
            return Err("no goal to tune for: give one in the file or with --goal".to_owned());
        }
        if goals.tune.is_empty() {
            return Err("no field to tune: give one in the file or with --param".to_owned());
        }
        let mut copy = scene.clone();
        let start = goals
            .tune
            .iter()
            .map(|t| {
                let v = t.field.get(&mut copy).unwrap_or(t.lo);
                ((v - t.lo) / (t.hi - t.lo)).clamp(0.0, 1.0)
            })
            .collect();
        Ok(Self {
            base: scene.clone(),
            goals: goals.list.clone(),
            ranges: goals.tune.clone(),
            start,
            seeds: goal_check::seeds(scene, goals),
            steps: goal_check::steps(scene, goals),
        })
    }

    /// The scene it tunes, as it was when the tuning was made.
    #[must_use]
    pub fn base(&self) -> &Scene {
        &self.base
    }

    /// Whether `scene` is the scene this tuning was made on, but for the values of the fields
    /// it tunes, the ranges it was given and the view: its results then still apply to it.
    #[must_use]
    pub fn found_on(&self, scene: &Scene) -> bool {
        let plain = |s: &Scene| {
            let mut s = Scene {
                view: None,
                ..s.clone()
            };
            if let Some(goals) = &mut s.goals {
                goals.tune.clear();
            }
            s
        };
        let mut base = plain(&self.base);
        let mut now = plain(scene);
        for r in &self.ranges {
            match r.field.get(&mut base) {
                Some(v) if r.field.set(&mut now, v).is_ok() => {}
                _ => return false,
            }
        }
        // Set the same way on both, so that a value the field holds rounded compares equal.
        for r in &self.ranges {
            if let Some(v) = r.field.get(&mut now) {
                let _ = r.field.set(&mut base, v);
            }
        }
        base == now
    }

    /// How many fields it changes.
    #[must_use]
    pub fn dims(&self) -> usize {
        self.ranges.len()
    }

    /// The starting point: the scene's own values (a value outside its range at the nearer
    /// end).
    #[must_use]
    pub fn start(&self) -> &[f64] {
        &self.start
    }

    /// The fields and their ranges.
    #[must_use]
    pub fn ranges(&self) -> &[TuneRange] {
        &self.ranges
    }

    /// The goals.
    #[must_use]
    pub fn goals(&self) -> &[Goal] {
        &self.goals
    }

    /// The seeds each point runs on.
    #[must_use]
    pub fn seeds(&self) -> &[u64] {
        &self.seeds
    }

    /// Ticks per run.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Whether a goal asks to minimize or maximize (then the score ranks the points that meet
    /// every goal by it, not by their change).
    #[must_use]
    pub fn optimizes(&self) -> bool {
        self.goals
            .iter()
            .any(|g| matches!(g.want(), Some(Want::Minimize | Want::Maximize)))
    }

    /// The value of field `i` at coordinate `u` (0 to 1).
    #[must_use]
    pub fn value(&self, i: usize, u: f64) -> f64 {
        let r = &self.ranges[i];
        r.lo + u.clamp(0.0, 1.0) * (r.hi - r.lo)
    }

    /// The coordinate of value `v` of field `i`.
    #[must_use]
    pub fn coordinate(&self, i: usize, v: f64) -> f64 {
        let r = &self.ranges[i];
        ((v - r.lo) / (r.hi - r.lo)).clamp(0.0, 1.0)
    }

    /// The scene at point `x`, with its goals kept, and each field's value as it holds it.
    pub fn scene_at(&self, x: &[f64]) -> Result<(Scene, Vec<f64>), String> {
        let mut scene = self.base.clone();
        let mut values = Vec::with_capacity(x.len());
        for (i, (r, &u)) in self.ranges.iter().zip(x).enumerate() {
            r.field
                .set(&mut scene, self.value(i, u))
                .map_err(|e| e.message)?;
            values.push(r.field.get(&mut scene).unwrap_or(f64::NAN));
        }
        Ok((scene, values))
    }

    /// Every point of `xs` evaluated, in order: each point on each seed, all on `pool`.
    #[must_use]
    pub fn evaluate(&self, xs: &[Vec<f64>], pool: &Pool) -> Vec<Evaluation> {
        self.evaluate_measured(xs, pool)
            .into_iter()
            .map(|(e, _)| e)
            .collect()
    }

    /// [`Tuning::evaluate`], with each point's metrics, one per seed in seed order (empty
    /// when it could not be run).
    #[must_use]
    pub fn evaluate_measured(
        &self,
        xs: &[Vec<f64>],
        pool: &Pool,
    ) -> Vec<(Evaluation, Vec<Metrics>)> {
        self.evaluate_traced(xs, pool, 0)
            .into_iter()
            .map(|(e, m, _)| (e, m))
            .collect()
    }

    /// [`Tuning::evaluate_measured`], with where the first `agents` agents went on the first
    /// seed (an empty trajectory for a point that could not be run, or for `agents` 0).
    #[must_use]
    pub fn evaluate_traced(
        &self,
        xs: &[Vec<f64>],
        pool: &Pool,
        agents: usize,
    ) -> Vec<(Evaluation, Vec<Metrics>, Trajectory)> {
        let scenes: Vec<Result<(Scene, Vec<f64>), String>> =
            xs.iter().map(|x| self.scene_at(x)).collect();
        let runs: Vec<(usize, usize)> = (0..xs.len())
            .flat_map(|p| (0..self.seeds.len()).map(move |k| (p, k)))
            .collect();
        let measured: Vec<Result<(Metrics, Trajectory), String>> = pool.map(&runs, |&(p, k)| {
            let (scene, _) = scenes[p].as_ref().map_err(Clone::clone)?;
            let scene = Scene {
                seed: self.seeds[k],
                ..scene.clone()
            };
            let traced = if k == 0 { agents } else { 0 };
            sweep::measure_with_trajectories(&scene, self.steps, traced)
        });
        let per_point = self.seeds.len();
        xs.iter()
            .zip(scenes)
            .zip(measured.chunks(per_point.max(1)))
            .map(|((x, scene), runs)| {
                let metrics: Vec<Result<Metrics, String>> = runs
                    .iter()
                    .map(|r| r.as_ref().map(|(m, _)| m.clone()).map_err(Clone::clone))
                    .collect();
                let e = self.score(x, scene.map(|(_, v)| v), &metrics);
                if e.error.is_some() {
                    return (e, Vec::new(), Trajectory::default());
                }
                let trace = runs
                    .first()
                    .and_then(|r| r.as_ref().ok())
                    .map(|(_, t)| t.clone())
                    .unwrap_or_default();
                (e, metrics.into_iter().flatten().collect(), trace)
            })
            .collect()
    }

    fn score(
        &self,
        x: &[f64],
        values: Result<Vec<f64>, String>,
        runs: &[Result<Metrics, String>],
    ) -> Evaluation {
        let change = self.change(x);
        let failed = |error: String, values: Vec<f64>| Evaluation {
            x: x.to_vec(),
            values,
            outcomes: Vec::new(),
            violation: f64::INFINITY,
            change,
            score: f64::MAX,
            error: Some(error),
        };
        let values = match values {
            Ok(v) => v,
            Err(e) => return failed(e, Vec::new()),
        };
        let metrics: Result<Vec<Metrics>, String> = runs.iter().cloned().collect();
        let metrics = match metrics {
            Ok(m) => m,
            Err(e) => return failed(e, values),
        };
        let outcomes: Vec<Outcome> = self
            .goals
            .iter()
            .map(|g| goal_check::outcome(g, &self.seeds, &metrics))
            .collect();
        let violation: f64 = outcomes.iter().map(violation).sum();
        let score = if violation > 0.0 {
            violation
        } else if self.optimizes() {
            let o: f64 = outcomes.iter().map(objective).sum();
            -2.5 + 0.5 * o / (1.0 + o.abs())
        } else {
            change - 2.0
        };
        Evaluation {
            x: x.to_vec(),
            values,
            outcomes,
            violation,
            change,
            score,
            error: None,
        }
    }

    /// Each field's value in the scene as given (before any clamping into its range).
    #[must_use]
    pub fn own_values(&self) -> Vec<f64> {
        let mut copy = self.base.clone();
        self.ranges
            .iter()
            .map(|r| r.field.get(&mut copy).unwrap_or(f64::NAN))
            .collect()
    }

    /// The fields whose value differs between `old` and `new` (one value per field, in the
    /// ranges' order): each field with its old and new value.
    pub fn changed<'a>(
        &'a self,
        old: &'a [f64],
        new: &'a [f64],
    ) -> impl Iterator<Item = (&'a FieldPath, f64, f64)> + 'a {
        self.ranges
            .iter()
            .zip(old.iter().zip(new))
            .filter(|(_, (a, b))| a.to_bits() != b.to_bits())
            .map(|(r, (&a, &b))| (&r.field, a, b))
    }

    /// The distance of `x` from the start, relative to the box's diagonal.
    #[must_use]
    pub fn change(&self, x: &[f64]) -> f64 {
        let d2: f64 = x
            .iter()
            .zip(&self.start)
            .map(|(a, b)| (a - b) * (a - b))
            .sum();
        (d2 / self.start.len().max(1) as f64).sqrt()
    }
}

/// How far `o`'s goal is from holding, averaged over its seeds: on each seed the excess over
/// the target relative to the target's size (at least 1), `r`, counts `r / (1 + r)`, so that
/// each goal weighs between 0 and 1 and a count of hundreds does not drown a share.
#[must_use]
pub fn violation(o: &Outcome) -> f64 {
    let Some(want) = o.goal.want() else {
        return MISSING;
    };
    let relative = |excess: f64, t: f64| {
        let r = excess.max(0.0) / t.abs().max(1.0);
        r / (1.0 + r)
    };
    let seed = |v: Option<f64>| match (want, v) {
        (_, None) => MISSING,
        (Want::AtMost(t), Some(v)) => relative(v - t, t),
        (Want::AtLeast(t), Some(v)) => relative(t - v, t),
        (Want::Minimize | Want::Maximize, Some(_)) => 0.0,
    };
    o.values.iter().map(|&v| seed(v)).sum::<f64>() / o.values.len().max(1) as f64
}

/// What a goal to minimize or maximize adds to the objective (lower better): its worst value,
/// negated for a maximum; 0 for the other goals.
fn objective(o: &Outcome) -> f64 {
    match (o.goal.want(), o.worst) {
        (Some(Want::Minimize), Some(w)) => w,
        (Some(Want::Maximize), Some(w)) => -w,
        _ => 0.0,
    }
}
