//! Parameter sweeps: run one scene with a field set to each value of a range (or every
//! combination of several ranges) and take the metrics of each run.
//!
//! A field is named by the path validation prints (`groups[0].max_speed`); a range
//! is `LO..HI:COUNT`, `COUNT` values evenly spaced from `LO` to `HI` inclusive. Every variant
//! runs from the scene's own seed and start, so two variants differ only in the swept values,
//! and the results are the same bits whatever the number of threads (each variant is one
//! serial world; variants are only distributed over threads).

use std::fmt;

use crate::scene::Scene;
use crate::sim::World;
use crate::sim::model::field_path::{FieldPath, SetError, numbers};
use crate::sim::observe::metrics::{Metrics, Recorder};

/// Most variants one sweep may run.
pub const MAX_VARIANTS: usize = 10_000;

/// One swept field: `field=LO..HI:COUNT`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The field path.
    pub field: FieldPath,
    /// The first value.
    pub lo: f64,
    /// The last value.
    pub hi: f64,
    /// How many values, at least 1 (1: `lo` alone).
    pub count: u32,
}

impl Param {
    /// The `k`-th of the values, `lo + k (hi - lo) / (count - 1)`; the last is `hi` exactly.
    #[must_use]
    pub fn value(&self, k: u32) -> f64 {
        if self.count <= 1 {
            return self.lo;
        }
        if k + 1 >= self.count {
            return self.hi;
        }
        self.lo + (self.hi - self.lo) * f64::from(k) / f64::from(self.count - 1)
    }

    /// Every value, in order.
    #[must_use]
    pub fn values(&self) -> Vec<f64> {
        (0..self.count).map(|k| self.value(k)).collect()
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}..{}:{}", self.field, self.lo, self.hi, self.count)
    }
}

/// Parses `FIELD=LO..HI:COUNT` (`:COUNT` may be left out for 5 values; `FIELD=V` is one value).
pub fn parse_param(text: &str) -> Result<Param, String> {
    let (field, range) = text.split_once('=').ok_or_else(|| {
        format!("`{text}`: expected FIELD=LO..HI:COUNT, like groups[0].max_speed=50..200:4")
    })?;
    let field = field.trim();
    if field.is_empty() {
        return Err(format!("`{text}`: the field path is empty"));
    }
    let field = FieldPath::parse(field).map_err(|e| e.to_string())?;
    let number = |s: &str| {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("`{text}`: `{}` is not a finite number", s.trim()))
    };
    let (span, count) = match range.rsplit_once(':') {
        Some((span, count)) => {
            let count = count
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&c| c >= 1)
                .ok_or_else(|| {
                    format!(
                        "`{text}`: COUNT `{}` is not a whole number of at least 1",
                        count.trim()
                    )
                })?;
            (span, count)
        }
        None => (range, 5),
    };
    let (lo, hi, count) = if let Some((lo, hi)) = span.split_once("..") {
        (number(lo)?, number(hi)?, count)
    } else {
        let v = number(span)?;
        (v, v, 1)
    };
    Ok(Param {
        field,
        lo,
        hi,
        count,
    })
}

/// A field path that the scene does not have as a number, with the nearest that it has.
pub type FieldError = SetError;

/// The paths of every number of `scene` that a sweep can set (see
/// `crate::sim::model::field_path::numbers`): the seed, the tick, the world, the scenery, and every
/// number of every group and behavior block (a choice carrying one number, like the arrive
/// block's `mode: SlowingRadius(150.0)`, is set through its number).
#[must_use]
pub fn numeric_fields(scene: &Scene) -> Vec<FieldPath> {
    numbers::all(&mut scene.clone())
        .into_iter()
        .map(|(path, ..)| path)
        .collect()
}

/// `scene` with the number at `field` set to `value` (rounded for a whole-number field).
/// The result is not validated: [`Scene::build_world`] checks it.
pub fn with_field(scene: &Scene, field: &FieldPath, value: f64) -> Result<Scene, FieldError> {
    let mut out = scene.clone();
    if field.get(&mut out).is_none() {
        let what = if crate::scene::fields::flatten(scene).contains_key(field) {
            "not a number"
        } else {
            "no such field in this scene"
        };
        return Err(field.unknown(&mut out, what));
    }
    field.set(&mut out, value)?;
    Ok(out)
}

/// One variant of a sweep: its values, one per parameter, and its scene.
#[derive(Clone, Debug)]
pub struct Variant {
    /// One value per parameter, in parameter order.
    pub values: Vec<f64>,
    /// The scene with those values set.
    pub scene: Scene,
}

/// Every combination of the parameters' values, the first parameter varying slowest, each as a
/// scene; an error names the first field or value the scene cannot take.
pub fn variants(scene: &Scene, params: &[Param]) -> Result<Vec<Variant>, String> {
    let total = params
        .iter()
        .try_fold(1_usize, |n, p| n.checked_mul(p.count as usize))
        .filter(|&n| n <= MAX_VARIANTS)
        .ok_or_else(|| format!("more than {MAX_VARIANTS} variants"))?;
    let mut out = Vec::with_capacity(total);
    for n in 0..total {
        let mut rest = n;
        let mut values = vec![0.0; params.len()];
        for (k, p) in params.iter().enumerate().rev() {
            let count = p.count as usize;
            values[k] = p.value(u32::try_from(rest % count).unwrap_or(0));
            rest /= count;
        }
        let mut s = scene.clone();
        for (p, &v) in params.iter().zip(&values) {
            p.field.set(&mut s, v).map_err(|e| e.to_string())?;
        }
        // Checked, not built: each variant's world is built once, when it runs.
        let problems = crate::sim::setup::check::check_spec(&s.world_spec());
        if !problems.is_empty() {
            let set: Vec<String> = params
                .iter()
                .zip(&values)
                .map(|(p, v)| format!("{}={v}", p.field))
                .collect();
            let first = problems
                .into_iter()
                .next()
                .map(|p| p.to_string())
                .unwrap_or_default();
            return Err(format!("{}: {first}", set.join(", ")));
        }
        out.push(Variant { values, scene: s });
    }
    Ok(out)
}

/// Runs `scene` for `steps` ticks on one thread and gives its metrics.
pub fn measure(scene: &Scene, steps: u64) -> Result<Metrics, String> {
    measure_with_trajectories(scene, steps, 0).map(|(m, _)| m)
}

/// Most agents a [`Trajectory`] keeps (the first by id), and most points per agent.
pub const TRAJECTORY_AGENTS: usize = 64;
/// See [`TRAJECTORY_AGENTS`].
pub const TRAJECTORY_POINTS: u64 = 90;

/// Where the first agents of a run went, for a thumbnail: each agent's group and its
/// positions at evenly spaced ticks (at most [`TRAJECTORY_POINTS`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trajectory {
    /// The world's size (world units).
    pub size: glam::Vec2,
    /// Per agent: its group and its positions, oldest first.
    pub agents: Vec<(u16, Vec<glam::Vec2>)>,
}

/// [`measure`], also keeping a [`Trajectory`] of up to `agents` agents (0: none).
pub fn measure_with_trajectories(
    scene: &Scene,
    steps: u64,
    agents: usize,
) -> Result<(Metrics, Trajectory), String> {
    let mut world: World = scene.build_world().map_err(|problems| {
        problems
            .into_iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let _ = world.set_threads(1);
    let mut recorder = Recorder::new(&world);
    let mut trace = Trajectory {
        size: world.spec().size,
        agents: Vec::new(),
    };
    let every = steps.div_ceil(TRAJECTORY_POINTS).max(1);
    let sample = |world: &World, trace: &mut Trajectory| {
        for a in world.agents().iter().take(agents) {
            let k = a.id as usize;
            if k >= agents {
                continue;
            }
            if trace.agents.len() <= k {
                trace.agents.resize(k + 1, (a.group, Vec::new()));
            }
            trace.agents[k].0 = a.group;
            trace.agents[k].1.push(a.position);
        }
    };
    sample(&world, &mut trace);
    for tick in 1..=steps {
        world.step_then(|world| recorder.observe(world));
        if agents > 0 && (tick % every == 0 || tick == steps) {
            sample(&world, &mut trace);
        }
    }
    Ok((recorder.report(&world), trace))
}

/// The metrics of every variant, in variant order, on up to `threads` threads (0: all cores);
/// `done` is called once per finished variant, from any thread.
pub fn run(
    variants: &[Variant],
    steps: u64,
    threads: usize,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<Metrics>, String> {
    run_with_trajectories(variants, steps, threads, 0, done)
        .map(|r| r.into_iter().map(|(m, _)| m).collect())
}

/// [`run`], with a [`Trajectory`] of up to `agents` agents per variant.
pub fn run_with_trajectories(
    variants: &[Variant],
    steps: u64,
    threads: usize,
    agents: usize,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<(Metrics, Trajectory)>, String> {
    let pool = Pool::new(threads)?;
    pool.map(variants, |v| {
        let m = measure_with_trajectories(&v.scene, steps, agents);
        done();
        m
    })
    .into_iter()
    .collect()
}

/// Up to a number of threads (0: all cores) that map over a slice in order: the results are
/// the same, in the same order, at any number of threads.
pub struct Pool {
    #[cfg(feature = "parallel")]
    pool: Option<rayon::ThreadPool>,
}

impl Pool {
    /// A pool of `threads` threads (0: all cores; 1: the calling thread alone).
    pub fn new(threads: usize) -> Result<Self, String> {
        #[cfg(feature = "parallel")]
        {
            let pool = if threads == 1 {
                None
            } else {
                Some(
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(threads)
                        .build()
                        .map_err(|e| e.to_string())?,
                )
            };
            Ok(Self { pool })
        }
        #[cfg(not(feature = "parallel"))]
        {
            let _ = threads;
            Ok(Self {})
        }
    }

    /// `f` of every item, in order.
    pub fn map<T: Sync, R: Send>(&self, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
        #[cfg(feature = "parallel")]
        if let Some(pool) = &self.pool {
            use rayon::prelude::*;
            return pool.install(|| items.par_iter().map(&f).collect());
        }
        items.iter().map(f).collect()
    }
}

/// [`round_range`] cut to `limit`, on the same step (at least two values).
#[must_use]
pub fn round_range_within(
    now: f64,
    limit: Option<std::ops::RangeInclusive<f32>>,
) -> (f64, f64, u32) {
    let (lo, hi, count) = round_range(now);
    let Some(limit) = limit else {
        return (lo, hi, count);
    };
    let step = (hi - lo) / f64::from(count.max(2) - 1);
    let (min, max) = (f64::from(*limit.start()), f64::from(*limit.end()));
    let (lo, hi) = (lo.max(min), hi.min(max));
    if hi <= lo {
        return (min, max.min(min + 1.0).max(min), 2);
    }
    // A handful of values: far inside u32.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let count = (((hi - lo) / step + 1e-9).floor() as u32 + 1).max(2);
    // The last value on the step too, when the limit falls between two.
    let hi = (lo + step * f64::from(count - 1)).min(hi);
    (lo, hi, count)
}

/// A range of round values around `now` (from about half to about twice it, 0 to 1 for 0):
/// its ends and how many values, evenly spaced by a step of 1, 2, 2.5 or 5 times a power of
/// ten, so that every value reads round (50, 100, ..., 300 around 150).
#[must_use]
pub fn round_range(now: f64) -> (f64, f64, u32) {
    if now == 0.0 || !now.is_finite() {
        return (0.0, 1.0, 6);
    }
    let (a, b) = (now.abs() * 0.5, now.abs() * 2.0);
    let raw = (b - a) / 6.0;
    let power = 10_f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| *s >= raw * 0.999)
        .unwrap_or(10.0 * power);
    let lo = (a / step).floor() * step;
    let hi = (b / step).ceil() * step;
    // A handful of values: far inside u32.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let count = (((hi - lo) / step).round() as u32 + 1).clamp(2, 12);
    if now < 0.0 {
        (-hi, -lo, count)
    } else {
        (lo, hi, count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_round_and_hold_the_present_value() {
        assert_eq!(round_range(150.0), (50.0, 300.0, 6));
        assert_eq!(round_range(-40.0), (-80.0, -20.0, 7));
        assert_eq!(round_range(0.0), (0.0, 1.0, 6));
        let (lo, hi, n) = round_range(1.0 / 60.0);
        assert!((lo - 0.005).abs() < 1e-12 && (hi - 0.035).abs() < 1e-12 && n == 7);
        let (lo, hi, n) = round_range(285.714_285_7);
        assert_eq!((lo, hi, n), (100.0, 600.0, 6));
        // Within the field's limits, on the same step: a probability of 1 (step 0.25).
        assert_eq!(round_range_within(1.0, Some(0.0..=1.0)), (0.5, 1.0, 3));
        assert_eq!(round_range_within(150.0, Some(0.0..=1e6)), (50.0, 300.0, 6));
        assert_eq!(round_range_within(150.0, None), (50.0, 300.0, 6));
        // 0.9 in 0 to 1: 0.25 to 2 by 0.25, cut to 0.25 to 1 (4 values).
        assert_eq!(round_range_within(0.9, Some(0.0..=1.0)), (0.25, 1.0, 4));
        // A limit between two steps: the last value is the last step inside it.
        assert_eq!(round_range_within(1.0, Some(0.0..=0.9)), (0.5, 0.75, 2));
    }
}
