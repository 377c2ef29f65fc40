//! The search, in generations: a generation of points is asked for, [`Tuning::evaluate`]
//! scores them all in parallel, and the scores go back. By default ([`Method::Bite`]) the
//! first fifth of the budget scores a Latin hypercube over the ranges (the goals of a chaotic
//! simulation can be met in scattered pockets that a local search from the preset misses),
//! then fcmaes-core's BiteOpt searches from the best point found. CMA-ES, differential
//! evolution and plain random points are there to measure against (docs/tuning.md). Then the
//! best point is tidied: each field that can go back to its starting value while every goal still
//! holds goes back, and the values are rounded to as few significant digits as keep them
//! holding, so that the designer reads "max speed 150 → 171" rather than 171.03816.
//!
//! Every random number comes from the search's seed, and the points of a generation are
//! scored in order whatever the number of threads: the same seed gives the same result.

use fcmaes_core::{BiteOpt, BiteParams, Cmaes, CmaesParams, De, DeParams, Fitness};
use rand_core::{Rng as _, SeedableRng as _};

use super::{Evaluation, Tuning};
use crate::tuning::sweep::Pool;

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// A Latin hypercube over the ranges (a fifth of the budget), then BiteOpt from the
    /// best point found (the default).
    Bite,
    /// CMA-ES (fcmaes-core's active CMA-ES) from the starting values, restarting from the
    /// best point with a smaller step when it converges.
    Cmaes,
    /// Differential evolution (fcmaes-core), around the starting values.
    De,
    /// Points drawn uniformly from the ranges: the yardstick docs/tuning.md measures against.
    Random,
}

/// What to search with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Most evaluations (points scored, each on every seed) before tidying.
    pub budget: usize,
    /// The search's seed.
    pub seed: u64,
    /// How.
    pub method: Method,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            budget: 300,
            seed: 1,
            method: Method::Bite,
        }
    }
}

/// Where a search stands, after each generation.
#[derive(Debug)]
pub struct Progress<'a> {
    /// Evaluations so far.
    pub evaluations: usize,
    /// The budget.
    pub budget: usize,
    /// The best point so far.
    pub best: &'a Evaluation,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The starting values, scored.
    pub start: Evaluation,
    /// The best point (tidied when it meets every goal).
    pub best: Evaluation,
    /// The best few distinct points, best first.
    pub candidates: Vec<Evaluation>,
    /// Evaluations made, tidying included.
    pub evaluations: usize,
    /// The evaluation at which a point meeting every goal was first found, if one was.
    pub first_met_at: Option<usize>,
    /// The best score after each generation of the search (tidying not included, whose
    /// rounding may cost a little change): (evaluations, score).
    pub history: Vec<(usize, f64)>,
    /// Whether it was stopped before its budget was spent.
    pub stopped: bool,
}

/// How many candidates a report keeps.
pub const CANDIDATES: usize = 5;

struct Book {
    best: Evaluation,
    candidates: Vec<Evaluation>,
    evaluations: usize,
    first_met_at: Option<usize>,
    history: Vec<(usize, f64)>,
}

impl Book {
    fn new(start: Evaluation) -> Self {
        let first_met_at = start.meets().then_some(1);
        Self {
            candidates: vec![start.clone()],
            history: vec![(1, start.score)],
            best: start,
            evaluations: 1,
            first_met_at,
        }
    }

    fn add(&mut self, evaluations: Vec<Evaluation>) {
        for e in evaluations {
            self.evaluations += 1;
            if e.meets() && self.first_met_at.is_none() {
                self.first_met_at = Some(self.evaluations);
            }
            if e.score < self.best.score {
                self.best = e.clone();
            }
            if !self.candidates.iter().any(|c| c.values == e.values) {
                self.candidates.push(e);
                self.candidates.sort_by(|a, b| a.score.total_cmp(&b.score));
                self.candidates.truncate(CANDIDATES);
            }
        }
        self.history.push((self.evaluations, self.best.score));
    }
}

/// Searches `tuning` for the best point within `options.budget` evaluations, scoring on
/// `pool`. `progress` hears after each generation and returns `false` to stop (the best so
/// far is kept).
pub fn run(
    tuning: &Tuning,
    options: &Options,
    pool: &Pool,
    progress: &mut dyn FnMut(&Progress) -> bool,
) -> Report {
    let mut search = Search::new(tuning.clone(), options, pool);
    while search.step(usize::MAX, pool, progress) {}
    search.finish(pool).1
}

/// A search done a piece at a time, for a caller that cannot wait for a whole one (a
/// browser tab's only thread): [`run`] is `new`, [`Search::step`] until it says done, and
/// [`Search::finish`]. However the pieces are cut, the points are scored in the same order
/// and the result is the same.
pub struct Search {
    tuning: Tuning,
    budget: usize,
    start: Evaluation,
    book: Book,
    sampler: Sampler,
    /// The generation being scored, and its scores so far.
    asked: Vec<Vec<f64>>,
    scored: Vec<Evaluation>,
    stopped: bool,
}

impl Search {
    /// A search of `tuning`, its starting values scored on `pool`.
    #[must_use]
    pub fn new(tuning: Tuning, options: &Options, pool: &Pool) -> Self {
        let start = tuning.evaluate(&[tuning.start().to_vec()], pool).remove(0);
        let sampler = Sampler::new(&tuning, options);
        Self {
            book: Book::new(start.clone()),
            start,
            tuning,
            budget: options.budget,
            sampler,
            asked: Vec::new(),
            scored: Vec::new(),
            stopped: false,
        }
    }

    /// Whether the search has more to do: budget left, not stopped, and not a scene that
    /// already meets its goals with nothing to optimise.
    #[must_use]
    pub fn running(&self) -> bool {
        let done =
            self.book.best.meets() && !self.tuning.optimizes() && self.book.best.change == 0.0;
        !self.stopped && (!self.asked.is_empty() || (self.book.evaluations < self.budget && !done))
    }

    /// Scores up to `most` points of the generation under way (asking for a new one when
    /// none is), on `pool`. When a generation is whole, its scores go back to the method and
    /// `progress` hears; it returns `false` to stop. Returns whether there is more to do.
    pub fn step(
        &mut self,
        most: usize,
        pool: &Pool,
        progress: &mut dyn FnMut(&Progress) -> bool,
    ) -> bool {
        if !self.running() {
            return false;
        }
        if self.asked.is_empty() {
            self.asked = self.sampler.ask(&self.book.best);
            self.asked.truncate(self.budget - self.book.evaluations);
        }
        let from = self.scored.len();
        let to = from.saturating_add(most.max(1)).min(self.asked.len());
        let scored = self.tuning.evaluate(&self.asked[from..to], pool);
        self.scored.extend(scored);
        if self.scored.len() < self.asked.len() {
            return true;
        }
        self.asked.clear();
        let scored = std::mem::take(&mut self.scored);
        self.sampler.tell(&scored);
        self.book.add(scored);
        let keep_going = progress(&Progress {
            evaluations: self.book.evaluations,
            budget: self.budget,
            best: &self.book.best,
        });
        self.stopped = !keep_going;
        self.running()
    }

    /// Evaluations so far.
    #[must_use]
    pub fn evaluations(&self) -> usize {
        self.book.evaluations + self.scored.len()
    }

    /// The report: the best point, tidied when it meets every goal and the search was not
    /// stopped (more scoring, on `pool`); the tuning is given back with it.
    #[must_use]
    pub fn finish(mut self, pool: &Pool) -> (Tuning, Report) {
        if self.book.best.meets() && !self.stopped {
            tidy(&self.tuning, pool, &mut self.book);
        }
        let book = self.book;
        let report = Report {
            start: self.start,
            best: book.best,
            candidates: book.candidates,
            evaluations: book.evaluations,
            first_met_at: book.first_met_at,
            history: book.history,
            stopped: self.stopped,
        };
        (self.tuning, report)
    }
}

/// Where the next points come from.
enum Sampler {
    Cmaes {
        cma: Box<Cmaes>,
        dims: usize,
        options: Options,
        restarts: i64,
        sigma: f64,
    },
    Bite {
        /// Latin-hypercube points still to score before BiteOpt starts.
        explore: Vec<Vec<f64>>,
        bite: Option<Box<BiteOpt>>,
        params: BiteParams,
        batch: usize,
    },
    De(Box<De>),
    Random {
        rng: rand_pcg::Pcg64Mcg,
        dims: usize,
        batch: usize,
    },
}

/// The first step of CMA-ES, as a share of each range.
const SIGMA: f64 = 0.3;

impl Sampler {
    fn new(tuning: &Tuning, options: &Options) -> Self {
        let dims = tuning.dims();
        let (lo, hi) = (vec![0.0; dims], vec![1.0; dims]);
        match options.method {
            Method::Cmaes => Self::Cmaes {
                cma: Box::new(cmaes(tuning.start(), SIGMA, options, 0)),
                dims,
                options: *options,
                restarts: 0,
                sigma: SIGMA,
            },
            Method::Bite => {
                let batch = popsize(dims);
                let explore = (options.budget / 5).max(2 * batch);
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(options.seed);
                Self::Bite {
                    explore: latin_hypercube(&mut rng, explore, dims),
                    bite: None,
                    params: BiteParams {
                        max_evaluations: options.budget as u64,
                        seed: options.seed,
                        ..BiteParams::default()
                    },
                    batch,
                }
            }
            Method::De => {
                let params = DeParams {
                    #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
                    popsize: (2 * popsize(dims)) as i32,
                    max_evaluations: options.budget as u64,
                    seed: options.seed,
                    ..DeParams::default()
                };
                let fitness = Fitness::bounded(dims, 1, &lo, &hi);
                Self::De(Box::new(De::new(
                    fitness,
                    tuning.start(),
                    &vec![SIGMA; dims],
                    None,
                    &params,
                )))
            }
            Method::Random => Self::Random {
                rng: rand_pcg::Pcg64Mcg::seed_from_u64(options.seed),
                dims,
                batch: popsize(dims),
            },
        }
    }

    fn ask(&mut self, best: &Evaluation) -> Vec<Vec<f64>> {
        match self {
            Self::Cmaes {
                cma,
                dims,
                options,
                restarts,
                sigma,
            } => {
                if cma.stop() != 0 {
                    // Converged: again from the best point, with a step half as long.
                    *restarts += 1;
                    *sigma = (*sigma * 0.5).max(0.02);
                    let from = if best.x.len() == *dims {
                        best.x.clone()
                    } else {
                        vec![0.5; *dims]
                    };
                    **cma = cmaes(&from, *sigma, options, *restarts);
                }
                cma.ask()
            }
            Self::Bite {
                explore,
                bite,
                params,
                batch,
            } => {
                if !explore.is_empty() {
                    let n = explore.len().min(*batch);
                    return explore.drain(..n).collect();
                }
                let bite = bite.get_or_insert_with(|| {
                    let dims = best.x.len();
                    Box::new(BiteOpt::new(
                        &vec![0.0; dims],
                        &vec![1.0; dims],
                        Some(&best.x),
                        params,
                    ))
                });
                bite.ask(*batch)
            }
            Self::De(de) => de.ask(),
            Self::Random { rng, dims, batch } => (0..*batch)
                .map(|_| (0..*dims).map(|_| unit(rng.next_u64())).collect())
                .collect(),
        }
    }

    fn tell(&mut self, scored: &[Evaluation]) {
        let ys: Vec<f64> = scored.iter().map(|e| e.score).collect();
        match self {
            Self::Cmaes { cma, .. } => {
                if ys.len() == cma.popsize() {
                    cma.tell(&ys);
                }
            }
            Self::Bite { bite, .. } => {
                if let Some(bite) = bite {
                    bite.tell(&ys);
                }
            }
            Self::De(de) => {
                de.tell(&ys);
            }
            Self::Random { .. } => {}
        }
    }
}

/// `n` points of a Latin hypercube in the unit box: along each axis, one point in each of `n`
/// equal slices, at a random place in it, the slices shuffled independently per axis.
pub(crate) fn latin_hypercube(
    rng: &mut rand_pcg::Pcg64Mcg,
    n: usize,
    dims: usize,
) -> Vec<Vec<f64>> {
    let mut points = vec![vec![0.0; dims]; n];
    for d in 0..dims {
        let mut slices: Vec<usize> = (0..n).collect();
        // Fisher–Yates, from the seeded stream.
        for i in (1..n).rev() {
            // i + 1 is small: the product of a 53-bit fraction and it is exact enough.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let j = (unit(rng.next_u64()) * (i + 1) as f64) as usize;
            slices.swap(i, j.min(i));
        }
        for (p, slice) in points.iter_mut().zip(slices) {
            p[d] = (slice as f64 + unit(rng.next_u64())) / n as f64;
        }
    }
    points
}

/// A number in `[0, 1)` from 53 random bits.
pub(crate) fn unit(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

/// CMA-ES's default generation size for `dims` fields, at least 8 (two cores, several seeds:
/// a generation is what runs in parallel).
fn popsize(dims: usize) -> usize {
    let default = (4.0 + 3.0 * (dims.max(1) as f64).ln()).floor();
    // A small positive count.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let default = default as usize;
    default.max(8)
}

fn cmaes(from: &[f64], sigma: f64, options: &Options, runid: i64) -> Cmaes {
    let dims = from.len();
    let fitness = Fitness::bounded(dims, 1, &vec![0.0; dims], &vec![1.0; dims]);
    let params = CmaesParams {
        // A handful of fields: within i32.
        #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
        popsize: popsize(dims) as i32,
        max_evaluations: options.budget as u64,
        seed: options.seed,
        runid,
        ..CmaesParams::default()
    };
    Cmaes::new(fitness, from, &[sigma], &params)
}

/// Tidies a best point that meets every goal: each field (the least changed first) goes back
/// to its starting value if every goal still holds without it, then the values are rounded to
/// 2, 3 or 4 significant digits, the fewest that keep every goal.
// A field is back at its start exactly when its coordinate is the start's, bit for bit.
#[allow(clippy::float_cmp)]
fn tidy(tuning: &Tuning, pool: &Pool, book: &mut Book) {
    if tuning.optimizes() {
        return;
    }
    let start = tuning.start();
    let mut order: Vec<usize> = (0..tuning.dims()).collect();
    order.sort_by(|&a, &b| {
        let da = (book.best.x[a] - start[a]).abs();
        let db = (book.best.x[b] - start[b]).abs();
        da.total_cmp(&db)
    });
    for i in order {
        if book.best.x[i] == start[i] {
            continue;
        }
        let mut x = book.best.x.clone();
        x[i] = start[i];
        try_point(tuning, pool, book, x);
    }
    for digits in 2..=4 {
        let x: Vec<f64> = (0..tuning.dims())
            .map(|i| {
                if book.best.x[i] == start[i] {
                    return start[i];
                }
                let v = tuning.value(i, book.best.x[i]);
                tuning.coordinate(i, round_to(v, digits))
            })
            .collect();
        if x == book.best.x || try_point(tuning, pool, book, x) {
            break;
        }
    }
}

/// Scores `x` and takes it as the best if it meets every goal (even if its change is a
/// little larger, for rounding). Whether it did.
fn try_point(tuning: &Tuning, pool: &Pool, book: &mut Book, x: Vec<f64>) -> bool {
    let e = tuning.evaluate(&[x], pool).remove(0);
    book.evaluations += 1;
    let taken = e.meets();
    if taken {
        book.best = e;
    }
    taken
}

/// `v` to `digits` significant digits.
#[must_use]
pub fn round_to(v: f64, digits: i32) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    // |v| within f64: its decimal exponent is a small integer.
    #[allow(clippy::cast_possible_truncation)]
    let magnitude = v.abs().log10().floor() as i32;
    let scale = 10f64.powi(digits - 1 - magnitude);
    (v * scale).round() / scale
}

#[cfg(test)]
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    #[test]
    fn rounding_keeps_the_leading_digits() {
        assert_eq!(round_to(171.038_16, 3), 171.0);
        assert_eq!(round_to(171.038_16, 4), 171.0);
        assert_eq!(round_to(171.538_16, 4), 171.5);
        assert_eq!(round_to(0.012_345, 2), 0.012);
        assert_eq!(round_to(-2.56, 2), -2.6);
        assert_eq!(round_to(0.0, 3), 0.0);
    }

    #[test]
    fn unit_numbers_stay_in_the_half_open_box() {
        assert_eq!(unit(0), 0.0);
        assert!(unit(u64::MAX) < 1.0);
        assert_eq!(unit(1 << 63), 0.5);
    }
}
