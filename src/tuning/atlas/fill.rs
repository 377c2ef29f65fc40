//! Filling an atlas: the probe, then the islands (see the module above for why this shape).
//!
//! A generation asks each island running for up to [`BATCH`] new points: mostly a variation
//! of two of the variants its grid holds (Vassiliades and Mouret's Iso+LineDD, "Discovering
//! the elite hypervolume by leveraging interspecies correlation", 2018: an isotropic step plus
//! a step along the line to the other), half the time the next point of a low-discrepancy
//! sequence over the whole box, which the islands share out between them (so that together
//! they cover the box as evenly as a grid sweep of the same budget, and the variations find
//! what lies between). All the islands' points of a generation are run together on the pool,
//! in order, and each island then offers its own to its own grid.

use rand_core::{Rng as _, SeedableRng as _};

use super::{Archive, Atlas, AtlasPlan, Axis, Elite, Origin, plan_fields, round_axis};
use crate::sim::observe::metrics::Metrics;
use crate::tuning::sweep::Pool;
use crate::tuning::tune::search::unit;
use crate::tuning::tune::{Evaluation, Tuning};

/// Points an island asks for per generation.
pub const BATCH: usize = 4;
/// The isotropic step, in the unit box.
const ISO_SIGMA: f64 = 0.1;
/// The step along the line between two variants, as a share of their distance.
const LINE_SIGMA: f64 = 0.2;
/// The chance that a new point is drawn from the whole box rather than varied.
const FRESH: f64 = 0.5;

/// What to fill.
#[derive(Clone, Debug, PartialEq)]
pub struct AtlasOptions {
    /// The x axis's metric, `group.metric`.
    pub x: String,
    /// The y axis's.
    pub y: String,
    /// Cells along each axis.
    pub cells: (u32, u32),
    /// The axes' ranges; `None`: read from the probe's runs (round ends that hold them all).
    pub x_range: Option<(f64, f64)>,
    /// See `x_range`.
    pub y_range: Option<(f64, f64)>,
    /// Evaluations in all.
    pub budget: usize,
    /// Islands after the probe.
    pub islands: u32,
    /// The atlas's seed.
    pub seed: u64,
    /// `(i, n)`: run only shard `i` of `n` (from 0).
    pub shard: Option<(u32, u32)>,
}

impl Default for AtlasOptions {
    fn default() -> Self {
        Self {
            x: String::new(),
            y: String::new(),
            cells: (8, 8),
            x_range: None,
            y_range: None,
            budget: 400,
            islands: 8,
            seed: 1,
            shard: None,
        }
    }
}

/// Where a fill stands, after each generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillProgress {
    /// Evaluations done.
    pub done: usize,
    /// Evaluations this fill runs in all.
    pub total: usize,
    /// Cells filled so far (the islands' grids merged).
    pub filled: usize,
}

/// The probe's size for a budget: a tenth of it, at least 8 and at most 64 (never more than
/// the budget).
#[must_use]
pub fn probe_size(budget: usize) -> usize {
    (budget / 10).clamp(8, 64).min(budget)
}

/// Fills an atlas of `tuning`'s fields over `options`'s axes; `progress` is told after each
/// generation and stops the fill when it returns `false` (`Err` then says so).
pub fn fill(
    tuning: &Tuning,
    scene_name: &str,
    options: &AtlasOptions,
    pool: &Pool,
    progress: &mut dyn FnMut(FillProgress) -> bool,
) -> Result<Atlas, String> {
    check(options)?;
    let (plan, start, spread) = probe(tuning, scene_name, options, pool)?;
    let probe_n = plan.probe;
    let islands = match options.shard {
        Some((i, n)) => plan.shard_islands(i, n),
        None => (1..=plan.islands).collect(),
    };
    let mut runs: Vec<Island> = islands
        .iter()
        .map(|&k| Island {
            number: k,
            rng: stream(options.seed, k),
            grid: start.clone(),
            left: plan.island_budget(k),
            made: 0,
            fresh: 0,
            spread: spread.clone(),
            skip: probe_n.saturating_sub(1),
            islands: plan.islands as usize,
        })
        .collect();
    let total = probe_n + runs.iter().map(|r| r.left).sum::<usize>();
    let mut done = probe_n;
    let mut merged = start.clone();
    if !progress(FillProgress {
        done,
        total,
        filled: merged.cells().len(),
    }) {
        return Err("stopped".to_owned());
    }
    while runs.iter().any(|r| r.left > 0) {
        // Each island's points of this generation, island by island.
        let mut asked: Vec<(usize, Vec<f64>)> = Vec::new();
        for (k, run) in runs.iter_mut().enumerate() {
            let n = run.left.min(BATCH);
            for _ in 0..n {
                asked.push((k, run.next_point()));
            }
            run.left -= n;
        }
        let xs: Vec<Vec<f64>> = asked.iter().map(|(_, x)| x.clone()).collect();
        let measured = tuning.evaluate_measured(&xs, pool);
        for ((k, _), (e, m)) in asked.into_iter().zip(measured) {
            let run = &mut runs[k];
            let origin = Origin {
                island: run.number,
                index: index(run.made),
            };
            run.made += 1;
            if let Some(elite) = elite(&run.grid, &plan, e, &m, origin) {
                run.grid.offer(elite.clone());
                merged.offer(elite);
            }
        }
        done += xs.len();
        if !progress(FillProgress {
            done,
            total,
            filled: merged.cells().len(),
        }) {
            return Err("stopped".to_owned());
        }
    }
    Ok(Atlas {
        plan,
        shard: options.shard,
        evaluations: done,
        cells: merged.into_cells(),
    })
}

/// The probe: the scene's own values, then the first points of the spread sequence; the plan
/// (with the axes' ranges read from the probe's runs where not given), the grid the probe
/// fills, and the sequence the islands go on drawing from.
fn probe(
    tuning: &Tuning,
    scene_name: &str,
    options: &AtlasOptions,
    pool: &Pool,
) -> Result<(AtlasPlan, Archive, Spread), String> {
    let dims = tuning.dims();
    let probe_n = probe_size(options.budget);
    let spread = Spread::new(dims, &mut stream(options.seed, 0));
    let mut points = vec![tuning.start().to_vec()];
    points.extend((0..probe_n.saturating_sub(1)).map(|n| spread.point(n)));
    let probed = tuning.evaluate_measured(&points, pool);
    let axis = |metric: &str, range: Option<(f64, f64)>, cells: u32| -> Result<Axis, String> {
        let (lo, hi) = match range {
            Some(r) => r,
            None => round_axis(probed.iter().filter_map(|(_, m)| mean(m, metric)), cells)
                .ok_or_else(|| {
                    format!(
                        "`{metric}` has no value on any of the first {} runs (give its range with \
                     the axis, or pick a metric these runs define)",
                        probed.len()
                    )
                })?,
        };
        Ok(Axis {
            metric: metric.to_owned(),
            lo,
            hi,
            cells,
        })
    };
    let plan = AtlasPlan {
        scene: scene_name.to_owned(),
        fields: plan_fields(tuning.ranges()),
        x: axis(&options.x, options.x_range, options.cells.0)?,
        y: axis(&options.y, options.y_range, options.cells.1)?,
        budget: options.budget,
        probe: probe_n,
        islands: options.islands,
        seed: options.seed,
        seeds: tuning.seeds().to_vec(),
        steps: tuning.steps(),
        seconds: tuning
            .base()
            .goals
            .as_ref()
            .map_or(0.0, |g| f64::from(g.seconds)),
    };
    let mut start = Archive::new(&plan);
    for (k, (e, m)) in probed.into_iter().enumerate() {
        let origin = Origin {
            island: 0,
            index: index(k),
        };
        if let Some(elite) = elite(&start, &plan, e, &m, origin) {
            start.offer(elite);
        }
    }
    Ok((plan, start, spread))
}

/// Why `options` cannot be filled, if they cannot.
fn check(options: &AtlasOptions) -> Result<(), String> {
    let (cx, cy) = options.cells;
    if !(1..=64).contains(&cx) || !(1..=64).contains(&cy) {
        return Err(format!("cells {cx}×{cy}: each axis takes 1 to 64 cells"));
    }
    if options.budget == 0 || options.budget > 1_000_000 {
        return Err(format!(
            "budget {}: give 1 to 1,000,000 evaluations",
            options.budget
        ));
    }
    if !(1..=4096).contains(&options.islands) {
        return Err(format!("islands {}: give 1 to 4,096", options.islands));
    }
    for (name, range) in [("x", options.x_range), ("y", options.y_range)] {
        if let Some((lo, hi)) = range
            && !(lo.is_finite() && hi.is_finite() && lo < hi)
        {
            return Err(format!(
                "the {name} axis's range {lo}..{hi}: give two finite numbers, the first smaller"
            ));
        }
    }
    if let Some((i, n)) = options.shard
        && (n == 0 || i >= n || n > options.islands)
    {
        return Err(format!(
            "shard {}/{n}: give I/N with 1 ≤ I ≤ N ≤ the islands ({})",
            i + 1,
            options.islands
        ));
    }
    Ok(())
}

/// One island: its stream, its grid and what it has left to run.
struct Island {
    number: u32,
    rng: rand_pcg::Pcg64Mcg,
    grid: Archive,
    left: usize,
    made: usize,
    /// Points drawn anew so far.
    fresh: usize,
    /// The sequence new points come from: this island takes every `islands`-th point after
    /// the probe's, from its own number on, so that the islands' new points together are the
    /// sequence itself.
    spread: Spread,
    skip: usize,
    islands: usize,
}

impl Island {
    /// A new point: a variation of two variants its grid holds, or one drawn anew.
    fn next_point(&mut self) -> Vec<f64> {
        let held = self.grid.cells();
        let fresh = unit(self.rng.next_u64()) < FRESH;
        if held.is_empty() || fresh {
            let n = self.skip + (self.number as usize - 1) + self.fresh * self.islands;
            self.fresh += 1;
            return self.spread.point(n);
        }
        let pick = |rng: &mut rand_pcg::Pcg64Mcg| {
            // A few hundred cells at most: exact in f64.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let k = (unit(rng.next_u64()) * held.len() as f64) as usize;
            held[k.min(held.len() - 1)]
        };
        let a = pick(&mut self.rng).point.clone();
        let b = pick(&mut self.rng).point.clone();
        let along = LINE_SIGMA * normal(&mut self.rng);
        a.iter()
            .zip(&b)
            .map(|(&a, &b)| {
                (a + ISO_SIGMA * normal(&mut self.rng) + along * (b - a)).clamp(0.0, 1.0)
            })
            .collect()
    }
}

/// The elite a run makes on `grid`, when it ran and both axes have a value.
fn elite(
    grid: &Archive,
    plan: &AtlasPlan,
    e: Evaluation,
    runs: &[Metrics],
    origin: Origin,
) -> Option<Elite> {
    if e.error.is_some() {
        return None;
    }
    let at = (mean(runs, &plan.x.metric)?, mean(runs, &plan.y.metric)?);
    let cell = grid.cell_of(at)?;
    Some(Elite {
        cell,
        values: e.values,
        point: e.x,
        at,
        metrics: runs.first().map(Metrics::flat).unwrap_or_default(),
        violation: e.violation,
        change: e.change,
        score: e.score,
        origin,
    })
}

/// The mean of `metric` over the runs; `None` when a run has no value or there is no run.
fn mean(runs: &[Metrics], metric: &str) -> Option<f64> {
    let mut sum = 0.0;
    for m in runs {
        sum += m.get(metric)?;
    }
    (!runs.is_empty()).then(|| sum / runs.len() as f64)
}

/// A count that fits a `u32` (an evaluation's number, at most a million).
fn index(k: usize) -> u32 {
    u32::try_from(k).unwrap_or(u32::MAX)
}

/// The random stream of the probe (0) or of island `k`, from the atlas's seed.
fn stream(seed: u64, k: u32) -> rand_pcg::Pcg64Mcg {
    let mixed = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(k).wrapping_mul(0xD1B5_4A32_D192_ED03))
        ^ 0x5851_F42D_4C95_7F2D;
    rand_pcg::Pcg64Mcg::seed_from_u64(mixed)
}

/// A low-discrepancy sequence in the unit box (Roberts' generalised golden ratio, "The
/// unreasonable effectiveness of quasirandom sequences", 2018): point `n` is `frac(shift +
/// n α)` with `α_j = φ_d^-(j+1)`, `φ_d` the positive root of `x^(d+1) = x + 1`. Its points
/// fill the box evenly at any count, as a grid does at its own, and any stride of it does too.
#[derive(Clone, Debug)]
struct Spread {
    alpha: Vec<f64>,
    shift: Vec<f64>,
}

impl Spread {
    fn new(dims: usize, rng: &mut rand_pcg::Pcg64Mcg) -> Self {
        let mut phi = 2.0_f64;
        let power = 1.0 / (dims as f64 + 1.0);
        for _ in 0..64 {
            phi = (1.0 + phi).powf(power);
        }
        let mut a = 1.0;
        let alpha = (0..dims)
            .map(|_| {
                a /= phi;
                a
            })
            .collect();
        let shift = (0..dims).map(|_| unit(rng.next_u64())).collect();
        Self { alpha, shift }
    }

    fn point(&self, n: usize) -> Vec<f64> {
        self.alpha
            .iter()
            .zip(&self.shift)
            .map(|(a, s)| (s + a * n as f64).fract())
            .collect()
    }
}

/// A standard normal number (Box–Muller, one of the pair).
fn normal(rng: &mut rand_pcg::Pcg64Mcg) -> f64 {
    let u = 1.0 - unit(rng.next_u64());
    let v = unit(rng.next_u64());
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}
