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
use crate::tuning::sweep::Trajectory;
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
    let mut filling = Filling::new(tuning.clone(), scene_name, options, 0)?;
    while filling.step(pool, usize::MAX)? {
        if !progress(filling.progress()) {
            return Err("stopped".to_owned());
        }
    }
    filling.atlas().ok_or_else(|| "no run".to_owned())
}

/// An atlas being filled, a piece at a time: [`Filling::step`] runs up to a number of points
/// of the current generation, and the generation's points are offered to the grids only once
/// all of them have run, so the atlas is the same however the steps cut the work.
pub struct Filling {
    tuning: Tuning,
    scene: String,
    options: AtlasOptions,
    spread: Spread,
    /// Agents traced per run for thumbnails (0: none).
    trace_agents: usize,
    /// The plan, the islands and the merged grid, once the probe has run.
    state: Option<Searching>,
    /// This generation's points (with the island they are for, in island order; `None` in the
    /// probe), and what has come back of them so far.
    asked: Vec<(Option<usize>, Vec<f64>)>,
    measured: Vec<(Evaluation, Vec<Metrics>, Trajectory)>,
    done: usize,
    total: usize,
    /// Each filled cell's trajectory (by cell index), when tracing.
    traces: Vec<Option<Trajectory>>,
    /// The metrics of the scene's own values (the probe's first run, on the first seed).
    own: Vec<(String, f64)>,
    /// The cell the scene's own values land in (the probe's first run), once it has run.
    own_cell: Option<(u32, u32)>,
    /// Generations offered to the grids so far (the probe's is the first).
    generations: u64,
}

/// The part of a fill that exists once the probe has run.
struct Searching {
    plan: AtlasPlan,
    runs: Vec<Island>,
    merged: Archive,
}

impl Filling {
    /// A fill of `options` over `tuning`, keeping a trajectory of up to `trace_agents` agents
    /// for each filled cell; `Err` for options that cannot be filled.
    pub fn new(
        tuning: Tuning,
        scene_name: &str,
        options: &AtlasOptions,
        trace_agents: usize,
    ) -> Result<Self, String> {
        check(options)?;
        let probe_n = probe_size(options.budget);
        let spread = Spread::new(tuning.dims(), &mut stream(options.seed, 0));
        let mut asked = vec![(None, tuning.start().to_vec())];
        asked.extend((0..probe_n.saturating_sub(1)).map(|n| (None, spread.point(n))));
        // The shares of the islands this fill runs, known before the probe.
        let sizing = AtlasPlan {
            budget: options.budget,
            probe: probe_n,
            islands: options.islands,
            ..AtlasPlan::blank()
        };
        let total = probe_n
            + islands_of(options, options.islands)
                .iter()
                .map(|&k| sizing.island_budget(k))
                .sum::<usize>();
        Ok(Self {
            tuning,
            scene: scene_name.to_owned(),
            options: options.clone(),
            spread,
            trace_agents,
            state: None,
            asked,
            measured: Vec::new(),
            done: 0,
            total,
            traces: Vec::new(),
            own: Vec::new(),
            own_cell: None,
            generations: 0,
        })
    }

    /// Runs up to `most` points of the current generation (at least one), and when the
    /// generation is complete offers it to the grids and asks for the next; `Ok(false)` once
    /// the fill is complete.
    pub fn step(&mut self, pool: &Pool, most: usize) -> Result<bool, String> {
        if self.asked.is_empty() && !self.ask() {
            return Ok(false);
        }
        let from = self.measured.len();
        let to = (from + most.max(1)).min(self.asked.len());
        let xs: Vec<Vec<f64>> = self.asked[from..to]
            .iter()
            .map(|(_, x)| x.clone())
            .collect();
        let runs = self.tuning.evaluate_traced(&xs, pool, self.trace_agents);
        self.measured.extend(runs);
        self.done += to - from;
        if self.measured.len() == self.asked.len() {
            self.offer()?;
        }
        Ok(!self.asked.is_empty()
            || self
                .state
                .as_ref()
                .is_some_and(|s| s.runs.iter().any(|r| r.left > 0)))
    }

    /// Asks each island running for its points of the next generation; `false` when none has
    /// any left.
    fn ask(&mut self) -> bool {
        let Some(state) = &mut self.state else {
            return false;
        };
        for (k, run) in state.runs.iter_mut().enumerate() {
            let n = run.left.min(BATCH);
            for _ in 0..n {
                self.asked.push((Some(k), run.next_point()));
            }
            run.left -= n;
        }
        !self.asked.is_empty()
    }

    /// Offers the generation that has run to the grids: the probe's makes the plan.
    fn offer(&mut self) -> Result<(), String> {
        self.generations += 1;
        let asked = std::mem::take(&mut self.asked);
        let measured = std::mem::take(&mut self.measured);
        if self.state.is_none() {
            self.state = Some(self.searching(&measured)?);
        }
        let Some(state) = &mut self.state else {
            return Ok(());
        };
        let mut probe_index = 0;
        for ((island, _), (e, m, trace)) in asked.into_iter().zip(measured) {
            let own = island.is_none() && probe_index == 0;
            if own {
                self.own = m.first().map(Metrics::flat).unwrap_or_default();
            }
            let origin = if let Some(k) = island {
                let run = &mut state.runs[k];
                run.made += 1;
                Origin {
                    island: run.number,
                    index: index(run.made - 1),
                }
            } else {
                probe_index += 1;
                Origin {
                    island: 0,
                    index: index(probe_index - 1),
                }
            };
            let Some(elite) = elite(&state.merged, &state.plan, e, &m, origin) else {
                continue;
            };
            if own {
                self.own_cell = Some(elite.cell);
            }
            let cell = state.merged.index_of(elite.cell);
            if let Some(k) = island {
                state.runs[k].grid.offer(elite.clone());
            } else {
                for run in &mut state.runs {
                    run.grid.offer(elite.clone());
                }
            }
            if state.merged.offer(elite)
                && self.trace_agents > 0
                && let Some(cell) = cell
            {
                if self.traces.len() <= cell {
                    self.traces.resize(cell + 1, None);
                }
                self.traces[cell] = Some(trace);
            }
        }
        Ok(())
    }

    /// The plan (with the axes' ranges read from the probe's runs where not given) and the
    /// islands, from the probe's runs.
    fn searching(
        &self,
        probed: &[(Evaluation, Vec<Metrics>, Trajectory)],
    ) -> Result<Searching, String> {
        let options = &self.options;
        let tuning = &self.tuning;
        let axis = |metric: &str, range: Option<(f64, f64)>, cells: u32| -> Result<Axis, String> {
            let (lo, hi) = match range {
                Some(r) => r,
                None => round_axis(probed.iter().filter_map(|(_, m, _)| mean(m, metric)), cells)
                    .ok_or_else(|| {
                        format!(
                            "`{metric}` has no value on any of the first {} runs (give its \
                             range with the axis, or pick a metric these runs define)",
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
            scene: self.scene.clone(),
            fields: plan_fields(tuning.ranges()),
            x: axis(&options.x, options.x_range, options.cells.0)?,
            y: axis(&options.y, options.y_range, options.cells.1)?,
            budget: options.budget,
            probe: probe_size(options.budget),
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
        let start = Archive::new(&plan);
        let runs = islands_of(options, plan.islands)
            .into_iter()
            .map(|k| Island {
                number: k,
                rng: stream(options.seed, k),
                grid: start.clone(),
                left: plan.island_budget(k),
                made: 0,
                fresh: 0,
                spread: self.spread.clone(),
                skip: plan.probe.saturating_sub(1),
                islands: plan.islands as usize,
            })
            .collect();
        Ok(Searching {
            plan,
            runs,
            merged: start,
        })
    }

    /// Generations offered to the grids so far: the atlas and its traces change only when
    /// this does.
    #[must_use]
    pub fn generations(&self) -> u64 {
        self.generations
    }

    /// Where it stands.
    #[must_use]
    pub fn progress(&self) -> FillProgress {
        FillProgress {
            done: self.done,
            total: self.total,
            filled: self.state.as_ref().map_or(0, |s| s.merged.cells().len()),
        }
    }

    /// The atlas as filled so far (complete once [`Filling::step`] has said so); `None`
    /// before the probe has run.
    #[must_use]
    pub fn atlas(&self) -> Option<Atlas> {
        let state = self.state.as_ref()?;
        Some(Atlas {
            plan: state.plan.clone(),
            shard: self.options.shard,
            evaluations: self.done,
            cells: state.merged.cells().into_iter().cloned().collect(),
        })
    }

    /// The metrics of the scene's own values (on its own seed), once the probe has run.
    #[must_use]
    pub fn own_metrics(&self) -> &[(String, f64)] {
        &self.own
    }

    /// The cell the scene's own values land in (their axis values are means over the seeds,
    /// as every run's are), once the probe has run; `None` before, or when a metric of theirs
    /// has no value.
    #[must_use]
    pub fn own_cell(&self) -> Option<(u32, u32)> {
        self.own_cell
    }

    /// Each filled cell with its variant's trajectory, when tracing.
    #[must_use]
    pub fn traces(&self) -> Vec<((u32, u32), Trajectory)> {
        let Some(state) = &self.state else {
            return Vec::new();
        };
        state
            .merged
            .cells()
            .into_iter()
            .filter_map(|e| Some((e.cell, self.trace(e.cell)?.clone())))
            .collect()
    }

    /// The trajectory of the cell `(column, row)`'s variant, when tracing.
    #[must_use]
    pub fn trace(&self, cell: (u32, u32)) -> Option<&Trajectory> {
        let k = self.state.as_ref()?.merged.index_of(cell)?;
        self.traces.get(k)?.as_ref()
    }
}

/// The islands a fill of `options` runs: its shard's, or all.
fn islands_of(options: &AtlasOptions, islands: u32) -> Vec<u32> {
    let plan = AtlasPlan {
        islands,
        ..AtlasPlan::blank()
    };
    match options.shard {
        Some((i, n)) => plan.shard_islands(i, n),
        None => (1..=islands).collect(),
    }
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
