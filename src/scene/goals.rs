//! Goals: what "good" is for a scene, stated once in its file. Each goal names a group, a
//! metric (docs/metrics.md) and a target (`at_most`, `at_least`, or `minimize` / `maximize`
//! for a tuner); the goals share a run length and a number of seeds (the scene's and the next
//! K−1). A goal holds when it holds on every seed; the worst seed is the one reported.
//! `steerlab check` runs them; `tune` lists the fields a tuner may change, each with a range.
//! This file holds what the scene file says; `goal_rules` checks it against the scene and
//! `crate::tuning::goal_check` runs it.

use serde::{Deserialize, Serialize};

use crate::sim::model::field_path::FieldPath;
use crate::sim::observe::metrics::metric_text;

/// The goals of a scene and the fields a tuner may change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goals {
    /// Simulated seconds each run lasts (0 < s ≤ 3,600).
    pub seconds: f32,
    /// How many seeds each goal must hold on: the scene's and the next `seeds − 1` (1 to 64).
    #[serde(default = "one")]
    pub seeds: u32,
    /// The goals.
    pub list: Vec<Goal>,
    /// The fields a tuner may change, each within its range.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tune: Vec<TuneRange>,
}

fn one() -> u32 {
    1
}

/// Most seeds a goal runs on.
pub const MAX_SEEDS: u32 = 64;
/// Longest run of a goal, simulated seconds.
pub const MAX_SECONDS: f32 = 3600.0;

/// One goal: a group's metric and what it must be.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// The group's name.
    pub group: String,
    /// The metric's name (`overshoot`, `time_to_arrive`, ...).
    pub metric: String,
    /// The metric must be at most this, on every seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<f64>,
    /// The metric must be at least this, on every seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<f64>,
    /// A tuner makes the metric as small as it can (a check reports it, and it always holds).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub minimize: bool,
    /// A tuner makes the metric as large as it can.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub maximize: bool,
    /// The scene is meant to miss this goal: a variant kept to show what another setting does
    /// better (a crowd with steering's avoidance beside its ORCA twin, on the same goals). A
    /// check says "missed, as meant" where it misses, "met, though meant to miss" where it
    /// holds, and fails on neither.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub meant_to_miss: bool,
}

/// A field a tuner may change, and its range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TuneRange {
    /// The field, as validation prints it (`groups[0].arrive.mode`).
    pub field: FieldPath,
    /// The smallest value it may take.
    pub lo: f64,
    /// The largest value it may take.
    pub hi: f64,
}

/// What a goal asks of its metric.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Want {
    /// At most this.
    AtMost(f64),
    /// At least this.
    AtLeast(f64),
    /// As small as it can be.
    Minimize,
    /// As large as it can be.
    Maximize,
}

impl Goal {
    /// What the goal asks (`None` unless exactly one of the four is given).
    #[must_use]
    pub fn want(&self) -> Option<Want> {
        match (self.at_most, self.at_least, self.minimize, self.maximize) {
            (Some(v), None, false, false) => Some(Want::AtMost(v)),
            (None, Some(v), false, false) => Some(Want::AtLeast(v)),
            (None, None, true, false) => Some(Want::Minimize),
            (None, None, false, true) => Some(Want::Maximize),
            _ => None,
        }
    }

    /// Whether a run whose metric is `value` (`None`: not defined for that run) meets the
    /// goal: a bound holds on a defined value within it; a goal to minimize or maximize always
    /// holds; a goal that asks nothing clear never does.
    #[must_use]
    pub fn holds_for(&self, value: Option<f64>) -> bool {
        match self.want() {
            Some(Want::AtMost(t)) => value.is_some_and(|v| v <= t),
            Some(Want::AtLeast(t)) => value.is_some_and(|v| v >= t),
            Some(Want::Minimize | Want::Maximize) => true,
            None => false,
        }
    }

    /// `group.metric`, as the metrics name it.
    #[must_use]
    pub fn qualified(&self) -> String {
        format!("{}.{}", self.group, self.metric)
    }
}

/// The scene file's goals section.
pub const GOALS: &str = "goals";

impl Goal {
    /// Parses a goal as the command line writes it: `GROUP.METRIC<=V`, `GROUP.METRIC>=V`,
    /// `GROUP.METRIC min` or `GROUP.METRIC max` (spaces around the operator allowed; `=min`
    /// and `=max` too). The names are checked against a scene by
    /// `super::goal_rules::problems`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let usage = || {
            format!(
                "`{text}`: expected GROUP.METRIC<=VALUE, GROUP.METRIC>=VALUE, GROUP.METRIC min \
                 or GROUP.METRIC max, like arrivers.overshoot<=1"
            )
        };
        let t = text.trim();
        let (name, want) = if let Some((name, v)) = t.split_once("<=") {
            (name, Want::AtMost(target(text, v)?))
        } else if let Some((name, v)) = t.split_once(">=") {
            (name, Want::AtLeast(target(text, v)?))
        } else {
            let (name, word) = t
                .rsplit_once(|c: char| c == '=' || c.is_whitespace())
                .ok_or_else(usage)?;
            match word.trim() {
                "min" => (name, Want::Minimize),
                "max" => (name, Want::Maximize),
                _ => return Err(usage()),
            }
        };
        let (group, metric) = name.trim().rsplit_once('.').ok_or_else(usage)?;
        if group.trim().is_empty() || metric.trim().is_empty() {
            return Err(usage());
        }
        Ok(Self::new(group.trim(), metric.trim(), want))
    }

    /// A goal on `group`'s `metric`.
    #[must_use]
    pub fn new(group: &str, metric: &str, want: Want) -> Self {
        let (at_most, at_least) = match want {
            Want::AtMost(v) => (Some(v), None),
            Want::AtLeast(v) => (None, Some(v)),
            Want::Minimize | Want::Maximize => (None, None),
        };
        Self {
            group: group.to_owned(),
            metric: metric.to_owned(),
            at_most,
            at_least,
            minimize: want == Want::Minimize,
            maximize: want == Want::Maximize,
            meant_to_miss: false,
        }
    }
}

fn target(text: &str, v: &str) -> Result<f64, String> {
    v.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| format!("`{text}`: `{}` is not a finite number", v.trim()))
}

impl TuneRange {
    /// Parses a tuned field as the command line writes it: `FIELD=LO..HI`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let usage = || format!("`{text}`: expected FIELD=LO..HI, like groups[0].max_speed=50..300");
        let (field, range) = text.split_once('=').ok_or_else(usage)?;
        let (lo, hi) = range.split_once("..").ok_or_else(usage)?;
        let field = FieldPath::parse(field.trim()).map_err(|e| format!("`{text}`: {e}"))?;
        let (lo, hi) = (target(text, lo)?, target(text, hi)?);
        if lo >= hi {
            return Err(format!("`{text}`: LO must be below HI"));
        }
        Ok(Self { field, lo, hi })
    }
}

impl Goals {
    /// Goals with no goals yet, `seconds` long on one seed.
    #[must_use]
    pub fn empty(seconds: f32) -> Self {
        Self {
            seconds,
            seeds: 1,
            list: Vec::new(),
            tune: Vec::new(),
        }
    }

    /// Adds `goal`, in place of a goal on the same group's same metric.
    pub fn put_goal(&mut self, goal: Goal) {
        match self
            .list
            .iter_mut()
            .find(|g| g.qualified() == goal.qualified())
        {
            Some(g) => *g = goal,
            None => self.list.push(goal),
        }
    }

    /// Adds `range`, in place of the range of the same field.
    pub fn put_range(&mut self, range: TuneRange) {
        match self.tune.iter_mut().find(|t| t.field == range.field) {
            Some(t) => *t = range,
            None => self.tune.push(range),
        }
    }
}

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
