//! The behavior atlas: a grid whose two axes are metrics of a run (polarization across, spread
//! up), each cell holding the best variant found whose run lands in it. MAP-Elites (Mouret and
//! Clune, "Illuminating search spaces by mapping elites", 2015) fills it: variants of the
//! scene's tuned fields are run, each lands in the cell its two metrics fall in, and a cell
//! keeps the better of what it held and what landed; new variants are made from the ones the
//! grid holds. The filled grid is a map of the distinct behaviors the fields can give.
//!
//! **Better** within a cell is the tuner's score ([`Tuning`]): with goals, the variant closer
//! to meeting them, and among those that meet them the one nearest the scene's values; with no
//! goal, the one nearest the scene's values. So an atlas of a tuned scene stays near it.
//!
//! **Deterministic and shardable.** The search is a probe (the scene's own values and the
//! first points of a low-discrepancy sequence, from which the axes' ranges are read when they
//! are not given) and then a fixed
//! number of islands, each its own MAP-Elites with its own random stream seeded from the
//! atlas's seed and its number, starting from the probe's grid. Islands never look at each
//! other, so running some of them on one machine and the rest on others and merging the grids
//! cell by cell ([`Atlas::merge`]) gives exactly what one machine running all of them gives. A
//! cell's winner is the lowest `(score, origin)`, where `origin` is the variant's
//! `(island, evaluation)`: a total order, so the merge is the same in any order. The points of
//! a generation are run in order whatever the number of threads.

pub mod fill;

use serde::{Deserialize, Serialize};

use crate::scene::goals::TuneRange;

/// One axis of the grid: a metric of one group, binned over `lo..hi` into `cells` cells (a
/// value outside the range falls in the nearer end cell).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Axis {
    /// The metric, qualified by its group: `flock.polarization`.
    pub metric: String,
    /// The low end of the first cell.
    pub lo: f64,
    /// The high end of the last cell.
    pub hi: f64,
    /// How many cells.
    pub cells: u32,
}

impl Axis {
    /// The cell `v` falls in; `None` for a value that is not a finite number.
    #[must_use]
    pub fn cell(&self, v: f64) -> Option<u32> {
        if !v.is_finite() {
            return None;
        }
        let n = self.cells.max(1);
        let span = self.hi - self.lo;
        if span <= 0.0 || !span.is_finite() {
            return Some(0);
        }
        let k = ((v - self.lo) / span * f64::from(n)).floor();
        // Clamped to 0..n first: a small whole number.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(k.clamp(0.0, f64::from(n - 1)) as u32)
    }

    /// The ends of cell `k`.
    #[must_use]
    pub fn bounds(&self, k: u32) -> (f64, f64) {
        let step = (self.hi - self.lo) / f64::from(self.cells.max(1));
        (
            self.lo + step * f64::from(k),
            self.lo + step * f64::from(k + 1),
        )
    }

    /// The metric's name without its group (`polarization`).
    #[must_use]
    pub fn metric_name(&self) -> &str {
        self.metric
            .rsplit_once('.')
            .map_or(self.metric.as_str(), |(_, m)| m)
    }
}

/// An axis range `lo..hi` over `cells` cells that holds every value of `values`, on a round
/// step: each cell is 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten wide (the
/// smallest that holds them) and the ends are whole steps, so that every edge reads round
/// (0.12 to 0.93 in 8 cells: 0.12 to 1.08 by 0.12); `None` with no finite value.
#[must_use]
pub fn round_axis(values: impl IntoIterator<Item = f64>, cells: u32) -> Option<(f64, f64)> {
    let (mut min, mut max) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.into_iter().filter(|v| v.is_finite()) {
        min = min.min(v);
        max = max.max(v);
    }
    if min > max {
        return None;
    }
    let n = f64::from(cells.max(1));
    let span = if max > min {
        max - min
    } else if min == 0.0 {
        1.0
    } else {
        min.abs() * 0.1
    };
    let raw = span / n;
    let mut power = 10_f64.powf(raw.log10().floor());
    for _ in 0..4 {
        for m in [1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0] {
            let step = m * power;
            if step < raw * (1.0 - 1e-9) {
                continue;
            }
            let k = (min / step).floor();
            let (lo, hi) = (k * step, (k + n) * step);
            if hi >= max {
                return Some((lo, hi));
            }
        }
        power *= 10.0;
    }
    Some((min, min + span))
}

/// Where a variant came from: the probe (`island` 0) or an island (1 and up), and its
/// evaluation's number there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Origin {
    /// 0: the probe every shard runs; `k` ≥ 1: island `k`.
    pub island: u32,
    /// Its evaluation's number within the probe or the island, from 0.
    pub index: u32,
}

/// What a cell holds: the best variant that landed in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Elite {
    /// Its column (along `x`) and row (along `y`), from 0.
    pub cell: (u32, u32),
    /// Each varied field's value, in the fields' order, as the scene holds it.
    pub values: Vec<f64>,
    /// The point in the unit box the values came from.
    pub point: Vec<f64>,
    /// The two axes' metrics, each the mean over the seeds.
    pub at: (f64, f64),
    /// Every metric of its run on the scene's own seed (`group.metric`, value), as
    /// `steerlab metrics` prints them.
    pub metrics: Vec<(String, f64)>,
    /// The goals' summed violation (0: every goal holds on every seed; 0 with no goal).
    pub violation: f64,
    /// Its distance from the scene's values, relative to the ranges (0 to 1).
    pub change: f64,
    /// The quality it won its cell by, lower better: the tuner's score.
    pub score: f64,
    /// Where it came from.
    pub origin: Origin,
}

impl Elite {
    /// Whether it beats `other` for a cell: the lower score, then the earlier origin.
    #[must_use]
    pub fn beats(&self, other: &Elite) -> bool {
        self.score
            .total_cmp(&other.score)
            .then(self.origin.cmp(&other.origin))
            .is_lt()
    }

    /// The value of metric `name` (`group.metric`) of its run.
    #[must_use]
    pub fn metric(&self, name: &str) -> Option<f64> {
        self.metrics
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
    }
}

/// What an atlas was asked for: equal in every shard of one atlas.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AtlasPlan {
    /// The scene's name.
    pub scene: String,
    /// The fields varied and their ranges.
    pub fields: Vec<(String, f64, f64)>,
    /// The two axes.
    pub x: Axis,
    /// See `x`.
    pub y: Axis,
    /// Evaluations in all (the probe's included).
    pub budget: usize,
    /// Evaluations of the probe.
    pub probe: usize,
    /// Islands after the probe.
    pub islands: u32,
    /// The atlas's seed.
    pub seed: u64,
    /// The seeds each variant runs on.
    pub seeds: Vec<u64>,
    /// Ticks per run.
    pub steps: u64,
    /// Simulated seconds per run.
    pub seconds: f64,
}

impl AtlasPlan {
    /// Evaluations island `k` (1 and up) runs: the budget after the probe shared evenly, the
    /// first islands one more when it does not divide.
    #[must_use]
    pub fn island_budget(&self, k: u32) -> usize {
        let rest = self.budget.saturating_sub(self.probe);
        let n = self.islands.max(1) as usize;
        let k = (k.max(1) - 1) as usize;
        rest / n + usize::from(k < rest % n)
    }

    /// The islands shard `i` of `n` runs: those whose number minus one is `i` modulo `n`.
    #[must_use]
    pub fn shard_islands(&self, i: u32, n: u32) -> Vec<u32> {
        (1..=self.islands)
            .filter(|k| (k - 1) % n.max(1) == i)
            .collect()
    }

    /// A plan of no scene, no field and one-cell axes: a start to fill in.
    #[must_use]
    pub fn blank() -> Self {
        let axis = Axis {
            metric: String::new(),
            lo: 0.0,
            hi: 1.0,
            cells: 1,
        };
        Self {
            scene: String::new(),
            fields: Vec::new(),
            x: axis.clone(),
            y: axis,
            budget: 0,
            probe: 0,
            islands: 1,
            seed: 0,
            seeds: Vec::new(),
            steps: 0,
            seconds: 0.0,
        }
    }
}

/// A filled grid, or one shard's share of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Atlas {
    /// What it was asked for.
    pub plan: AtlasPlan,
    /// `(i, n)`: the share of shard `i` of `n` (from 0); `None`: the whole atlas.
    pub shard: Option<(u32, u32)>,
    /// Evaluations run (the probe counted once).
    pub evaluations: usize,
    /// The filled cells, by row then column.
    pub cells: Vec<Elite>,
}

impl Atlas {
    /// The elite of cell `(column, row)`, if it is filled.
    #[must_use]
    pub fn at(&self, column: u32, row: u32) -> Option<&Elite> {
        self.cells.iter().find(|e| e.cell == (column, row))
    }

    /// The share of the grid's cells that are filled.
    #[must_use]
    pub fn filled(&self) -> f64 {
        let all = f64::from(self.plan.x.cells) * f64::from(self.plan.y.cells);
        self.cells.len() as f64 / all.max(1.0)
    }

    /// The shards of one atlas merged cell by cell: the whole atlas, equal to the one a single
    /// machine makes. `Err` when they are not shards of one plan, or when one is missing or
    /// given twice.
    pub fn merge(shards: &[Atlas]) -> Result<Atlas, String> {
        let first = shards.first().ok_or("no shard to merge")?;
        let Some((_, n)) = first.shard else {
            return Err("the first file is a whole atlas, not a shard".to_owned());
        };
        let mut seen = vec![false; n as usize];
        for (k, s) in shards.iter().enumerate() {
            if s.plan != first.plan {
                return Err(format!(
                    "shard {} was made with other options or another scene than shard {}",
                    k + 1,
                    1
                ));
            }
            match s.shard {
                Some((i, m)) if m == n && i < n => {
                    if std::mem::replace(&mut seen[i as usize], true) {
                        return Err(format!("shard {}/{n} is given twice", i + 1));
                    }
                }
                Some((i, m)) => {
                    return Err(format!(
                        "shard {}/{m} does not belong with shards of {n}",
                        i + 1
                    ));
                }
                None => return Err(format!("file {} is a whole atlas, not a shard", k + 1)),
            }
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            return Err(format!("shard {}/{n} is missing", missing + 1));
        }
        let mut grid = Archive::new(&first.plan);
        for s in shards {
            for e in &s.cells {
                grid.offer(e.clone());
            }
        }
        // The probe runs in every shard; it counts once.
        let islands: usize = shards
            .iter()
            .map(|s| s.evaluations.saturating_sub(s.plan.probe))
            .sum();
        Ok(Atlas {
            plan: first.plan.clone(),
            shard: None,
            evaluations: first.plan.probe.min(first.evaluations) + islands,
            cells: grid.into_cells(),
        })
    }

    /// As RON text: the same atlas gives the same bytes.
    pub fn to_ron(&self) -> Result<String, String> {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .indentor("  ".to_owned());
        ron::ser::to_string_pretty(self, config)
            .map(|mut s| {
                s.push('\n');
                s
            })
            .map_err(|e| e.to_string())
    }

    /// Read back from [`Atlas::to_ron`]'s text.
    pub fn from_ron(text: &str) -> Result<Atlas, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }
}

/// A grid being filled: one slot per cell.
#[derive(Clone, Debug)]
pub struct Archive {
    x: Axis,
    y: Axis,
    slots: Vec<Option<Elite>>,
}

impl Archive {
    /// An empty grid over `plan`'s axes.
    #[must_use]
    pub fn new(plan: &AtlasPlan) -> Self {
        let n = plan.x.cells.max(1) as usize * plan.y.cells.max(1) as usize;
        Self {
            x: plan.x.clone(),
            y: plan.y.clone(),
            slots: vec![None; n],
        }
    }

    /// The cell a run with axis values `at` lands in.
    #[must_use]
    pub fn cell_of(&self, at: (f64, f64)) -> Option<(u32, u32)> {
        Some((self.x.cell(at.0)?, self.y.cell(at.1)?))
    }

    /// The slot of cell `(column, row)`, if the grid has it.
    #[must_use]
    pub fn index_of(&self, cell: (u32, u32)) -> Option<usize> {
        (cell.0 < self.x.cells.max(1) && cell.1 < self.y.cells.max(1))
            .then(|| cell.1 as usize * self.x.cells.max(1) as usize + cell.0 as usize)
    }

    /// Puts `e` in its cell when the cell is empty or `e` beats what it holds; whether it did.
    pub fn offer(&mut self, e: Elite) -> bool {
        let Some(k) = self.index_of(e.cell) else {
            return false;
        };
        let Some(slot) = self.slots.get_mut(k) else {
            return false;
        };
        match slot {
            Some(held) if !e.beats(held) => false,
            _ => {
                *slot = Some(e);
                true
            }
        }
    }

    /// The filled cells, by row then column.
    #[must_use]
    pub fn cells(&self) -> Vec<&Elite> {
        self.slots.iter().flatten().collect()
    }

    /// [`Archive::cells`], owned.
    #[must_use]
    pub fn into_cells(self) -> Vec<Elite> {
        self.slots.into_iter().flatten().collect()
    }
}

/// The fields of `ranges` as a plan names them.
#[must_use]
pub fn plan_fields(ranges: &[TuneRange]) -> Vec<(String, f64, f64)> {
    ranges
        .iter()
        .map(|r| (r.field.to_string(), r.lo, r.hi))
        .collect()
}

#[cfg(test)]
mod tests;
