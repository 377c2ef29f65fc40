//! A behavior sheet: a page per scene that a team's wiki takes as it is, written from what
//! steerlab knows of the scene: its name and description, a clip of it, every value that
//! differs from the defaults in the designer's words, its goals on every seed (as `steerlab
//! check` says), its metrics, and the web link that opens it; before and after a baseline when
//! one is given. Each page is Markdown (with the clips beside it) and self-contained HTML (the
//! clips inside it); several scenes get an index.
//!
//! [`Content`] is what a page says, worked out from the scene ([`Content::of`]); [`page`]
//! writes it as text; [`folder`] renders the clips and writes the folder.

pub mod folder;
pub mod page;

use crate::render::{MAX_TAKE_SECONDS, RenderError, TakeError};
use crate::scene::Scene;
use crate::scene::fields::{self, Change};
use crate::scene::labels;
use crate::scene::schema::{DESCRIPTION, VIEW};
use crate::sim::model::field_path::{FieldPath, Part};
use crate::sim::observe::metrics::{DEFINITIONS, Metrics, metric_text};
use crate::sim::setup::settings::NAME;
use crate::tuning::goal_check;

/// Seconds measured for the metrics table of a scene without goals (one with goals is
/// measured for its goals' seconds, as `check` runs it).
pub const METRICS_SECONDS: f64 = 10.0;

/// How the sheets are made.
#[derive(Clone, Debug)]
pub struct SheetOptions {
    /// The web editor's address the links open (as `steerlab link --page`); `None`: no link
    /// (a wiki page would get a dead one), the page says how to add it.
    pub page: Option<String>,
    /// Seconds of each clip.
    pub clip_seconds: f32,
    /// Frame size of each clip (side by side, twice as wide).
    pub size: [u32; 2],
    /// Threads for the goals' runs (0: all).
    pub threads: usize,
}

/// Why a sheet was not written (and which file or scene).
#[derive(Clone, Debug, PartialEq)]
pub enum SheetError {
    /// A clip's length (seconds) outside 0.1 to [`MAX_TAKE_SECONDS`].
    Seconds(f32),
    /// A clip's frame size that cannot be written, as a take or (with the `video` feature) as
    /// an MP4.
    Size {
        /// The size asked for (one page's clip; side by side, twice as wide).
        size: [u32; 2],
        /// Why.
        why: String,
    },
    /// A scene's page could not be measured: its runs do not build.
    Page {
        /// The scene's name.
        scene: String,
        /// Why.
        why: String,
    },
    /// A clip could not be rendered or written.
    Clip(RenderError),
    /// A page, the index or the folder could not be written.
    Write {
        /// Where.
        path: std::path::PathBuf,
        /// Why.
        why: String,
    },
}

impl std::fmt::Display for SheetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::sim::model::text::escape_controls;
        match self {
            Self::Seconds(s) => write!(f, "a clip lasts 0.1 to {MAX_TAKE_SECONDS} s, got {s}"),
            Self::Size { why, .. } => f.write_str(why),
            Self::Page { scene, why } => write!(f, "{}: {why}", escape_controls(scene)),
            Self::Clip(e) => e.fmt(f),
            Self::Write { path, why } => {
                write!(f, "{}: {why}", escape_controls(&path.display().to_string()))
            }
        }
    }
}

impl std::error::Error for SheetError {}

impl SheetOptions {
    /// Checks the clips' length and size (side by side with a baseline when `beside`) before
    /// anything runs or is written: a clip is a take, so it has a take's limits
    /// ([`MAX_TAKE_SECONDS`], [`Take::check`](crate::render::Take::check)) and, as an MP4, the
    /// video's ([`crate::render::mp4_problem`]).
    pub fn check(&self, beside: bool) -> Result<(), SheetError> {
        let s = self.clip_seconds;
        if !(s.is_finite() && (0.1..=MAX_TAKE_SECONDS).contains(&s)) {
            return Err(SheetError::Seconds(s));
        }
        for take in [false, beside].map(|b| folder::clip_take(self, b)) {
            let [w, h] = take.presentation.size;
            let size_problem = match take.check(None) {
                Err(TakeError::Size(_)) => Some(format!(
                    "a clip of {w}x{h}: a side is 1 to {} pixels (side by side with the \
                     baseline, a clip is twice the width and 2 pixels more)",
                    crate::view::present::MAX_SIDE
                )),
                _ if cfg!(feature = "video") => {
                    crate::render::mp4_problem(take.presentation.size, take.frames)
                }
                _ => None,
            };
            if let Some(why) = size_problem {
                return Err(SheetError::Size {
                    size: self.size,
                    why,
                });
            }
        }
        Ok(())
    }
}

impl Default for SheetOptions {
    fn default() -> Self {
        Self {
            page: None,
            clip_seconds: 5.0,
            size: [640, 360],
            threads: 0,
        }
    }
}

/// One value of a scene that differs from the defaults: the field in the designer's words, the
/// value and the default as the editor writes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueRow {
    /// `arrivers › arrive › slowing radius (u)`.
    pub field: String,
    /// `286 u`.
    pub value: String,
    /// `150 u`, or `(none)`.
    pub default: String,
}

/// One goal on every seed, as `steerlab check` says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalRow {
    /// `arrivers.time_to_arrive <= 3 s`.
    pub target: String,
    /// `seed: value` for each seed.
    pub seeds: Vec<String>,
    /// The worst value.
    pub worst: String,
    /// Holds on every seed.
    pub holds: bool,
    /// What `steerlab check` says of it (a goal the scene means to miss does not fail).
    pub verdict: crate::tuning::goal_check::Verdict,
}

/// One metric of one group: name, unit, which way is better, and the value(s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetricRow {
    /// The group.
    pub group: String,
    /// The metric's name.
    pub metric: String,
    /// Which way is better (`lower`, `higher`, `closer to target`).
    pub better: String,
    /// The value as every tool writes it (`2.35 s`), `—` where it is not defined.
    pub value: String,
    /// The baseline's, with a baseline.
    pub before: Option<String>,
}

/// The goals part of a page.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalTable {
    /// Seconds each run lasts.
    pub seconds: f64,
    /// The seeds, in order.
    pub seeds: Vec<u64>,
    /// One row per goal.
    pub rows: Vec<GoalRow>,
}

/// The before-and-after part of a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Against {
    /// The baseline's name.
    pub name: String,
    /// The baseline's file stem (its clips' names).
    pub stem: String,
    /// Each field that differs: field, the baseline's value, this scene's.
    pub changes: Vec<ValueRow>,
}

/// A page's link to the scene in the web editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebLink {
    /// The link.
    At(String),
    /// The scene is too big for a link.
    TooBig,
    /// No web editor's address was given.
    NoPage,
}

/// What one scene's page says.
#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    /// The file name stem of the page and its clips.
    pub stem: String,
    /// The scene's name.
    pub name: String,
    /// Its description in the designer's words (`labels::described`).
    pub description: String,
    /// Agents per group, as `name ×count`.
    pub groups: Vec<String>,
    /// Scenery, counted (`3 obstacles`).
    pub scenery: Vec<String>,
    /// Values that differ from the defaults ([`fields::defaults_like`]).
    pub values: Vec<ValueRow>,
    /// Its goals, when it has some.
    pub goals: Option<GoalTable>,
    /// Seconds the metrics were measured over.
    pub metrics_seconds: f64,
    /// Its metrics (and the baseline's).
    pub metrics: Vec<MetricRow>,
    /// The web link that opens it; `None` when the scene is too big for one.
    pub link: WebLink,
    /// Before and after, with a baseline.
    pub against: Option<Against>,
}

/// Fields a page shows elsewhere or not as values: the name, the description, the view, the
/// goals (their own table), the scenery (counted) and the file's version.
fn shown_as_value(path: &FieldPath) -> bool {
    let skipped = [
        NAME.key,
        DESCRIPTION,
        VIEW,
        "goals",
        "version",
        "level",
        "obstacles",
        "walls",
        "paths",
        "flow_fields",
        "agents",
    ];
    path.parts()
        .first()
        .is_none_or(|first| skipped.iter().all(|k| *first != Part::Key((*k).into())))
}

/// `changes` as rows: each field in the designer's words, the two values as the editor writes
/// them (the old one in `default`).
fn rows(scene: &Scene, changes: &[Change]) -> Vec<ValueRow> {
    let value = |c: &Change, v: Option<&String>| {
        v.map_or_else(|| "(none)".to_owned(), |t| labels::shown_value(&c.path, t))
    };
    changes
        .iter()
        .filter(|c| shown_as_value(&c.path))
        .map(|c| ValueRow {
            field: labels::field_label(scene, &c.path),
            value: value(c, c.new.as_ref()),
            default: value(c, c.old.as_ref()),
        })
        .collect()
}

/// The values of `scene` that differ from the defaults, in the designer's words.
#[must_use]
pub fn changed_values(scene: &Scene) -> Vec<ValueRow> {
    let defaults = fields::defaults_like(scene);
    rows(
        scene,
        &fields::diff(&fields::flatten(&defaults), &fields::flatten(scene)),
    )
}

/// How long the metrics of `scene` are measured: its goals' seconds, else
/// [`METRICS_SECONDS`].
fn metrics_seconds(scene: &Scene) -> f64 {
    scene
        .goals
        .as_ref()
        .filter(|g| !g.list.is_empty())
        .map_or(METRICS_SECONDS, |g| f64::from(g.seconds))
}

/// `seconds` in ticks of `scene`.
fn ticks(scene: &Scene, seconds: f64) -> u64 {
    let dt = f64::from(scene.dt.max(1e-6));
    // A few hundred thousand ticks at most for the seconds a goal can ask.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let ticks = (seconds / dt).round().max(1.0) as u64;
    ticks
}

/// The metrics rows of `m` (and of the baseline's `before`, matched by group and metric).
fn metric_rows(m: &Metrics, before: Option<&Metrics>) -> Vec<MetricRow> {
    let mut out = Vec::new();
    for (g, group) in m.groups.iter().enumerate() {
        let base = before.and_then(|b| {
            b.groups
                .iter()
                .find(|bg| bg.name == group.name)
                .or_else(|| b.groups.get(g))
        });
        for (k, d) in DEFINITIONS.iter().enumerate() {
            let value = group.values.get(k).copied().flatten();
            let old = base.and_then(|b| b.values.get(k).copied().flatten());
            if value.is_none() && old.is_none() {
                continue;
            }
            let text = |v: Option<f64>| v.map_or_else(|| "—".to_owned(), |v| d.text(v));
            out.push(MetricRow {
                group: group.name.clone(),
                metric: d.name.to_owned(),
                better: d.better.word().to_owned(),
                value: text(value),
                before: base.map(|_| text(old)),
            });
        }
    }
    out
}

/// The goals of `scene` on each of their seeds, as `check` runs them.
fn goals(scene: &Scene, threads: usize) -> Result<Option<GoalTable>, String> {
    let Some(spec) = scene.goals.as_ref().filter(|g| !g.list.is_empty()) else {
        return Ok(None);
    };
    let outcomes = goal_check::check(scene, threads)?;
    let seeds = outcomes
        .first()
        .map(|o| o.seeds.clone())
        .unwrap_or_default();
    let rows = outcomes
        .iter()
        .map(|o| {
            let text = |v: Option<f64>| {
                v.map_or_else(|| "—".to_owned(), |v| metric_text(&o.goal.metric, v))
            };
            GoalRow {
                target: crate::scene::goals::target_text(&o.goal),
                seeds: o
                    .seeds
                    .iter()
                    .zip(&o.values)
                    .map(|(s, v)| format!("{s}: {}", text(*v)))
                    .collect(),
                worst: text(o.worst),
                holds: o.holds,
                verdict: o.verdict(),
            }
        })
        .collect();
    Ok(Some(GoalTable {
        seconds: f64::from(spec.seconds),
        seeds,
        rows,
    }))
}

/// The scenery of `scene`, counted.
fn scenery(scene: &Scene) -> Vec<String> {
    let count = |n: usize, one: &str, many: &str| match n {
        0 => None,
        1 => Some(format!("1 {one}")),
        n => Some(format!("{n} {many}")),
    };
    let l = &scene.level;
    let level = (!l.boundary.is_empty() || !l.holes.is_empty()).then(|| {
        format!(
            "a level ({} block{} of wall)",
            l.holes.len(),
            if l.holes.len() == 1 { "" } else { "s" }
        )
    });
    [
        count(scene.obstacles.len(), "obstacle", "obstacles"),
        count(scene.walls.len(), "wall", "walls"),
        count(scene.paths.len(), "path", "paths"),
        count(scene.flow_fields.len(), "flow field", "flow fields"),
        count(scene.agents.len(), "placed agent", "placed agents"),
        level,
    ]
    .into_iter()
    .flatten()
    .collect()
}

impl Content {
    /// What the page of `scene` (file stem `stem`) says, measured now: its goals on every seed
    /// and its metrics (and `against`'s, a baseline with its stem). `Err` says why a run could
    /// not be built.
    pub fn of(
        stem: &str,
        scene: &Scene,
        against: Option<(&str, &Scene)>,
        options: &SheetOptions,
    ) -> Result<Self, String> {
        // The baseline is measured over the same seconds, in its own ticks.
        let metrics_seconds = metrics_seconds(scene);
        let measured = crate::tuning::sweep::measure(scene, ticks(scene, metrics_seconds))?;
        let before = against
            .map(|(_, base)| crate::tuning::sweep::measure(base, ticks(base, metrics_seconds)))
            .transpose()?;
        let link = options
            .page
            .as_deref()
            .map(|page| crate::scene::link::link(page, scene));
        Ok(Self {
            stem: stem.to_owned(),
            name: if scene.name.trim().is_empty() {
                "(unnamed scene)".to_owned()
            } else {
                scene.name.clone()
            },
            description: labels::described(scene),
            groups: scene
                .groups
                .iter()
                .map(|g| format!("{} ×{}", g.name, g.count))
                .collect(),
            scenery: scenery(scene),
            values: changed_values(scene),
            goals: goals(scene, options.threads)?,
            metrics_seconds,
            metrics: metric_rows(&measured, before.as_ref()),
            link: match link {
                None => WebLink::NoPage,
                Some(link) if link.len() <= crate::scene::link::MAX_LINK_CHARS => WebLink::At(link),
                Some(_) => WebLink::TooBig,
            },
            against: against.map(|(base_stem, base)| Against {
                // Two scenes of one name: the baseline says it is.
                name: if base.name == scene.name {
                    format!("{} (baseline)", base.name)
                } else {
                    base.name.clone()
                },
                stem: base_stem.to_owned(),
                changes: rows(
                    scene,
                    &fields::diff(&fields::flatten(base), &fields::flatten(scene)),
                ),
            }),
        })
    }

    /// Whether every goal holds on every seed, or misses where the scene means it to (`None`:
    /// no goals).
    #[must_use]
    pub fn goals_hold(&self) -> Option<bool> {
        self.goals
            .as_ref()
            .map(|g| g.rows.iter().all(|r| r.verdict.as_meant()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(clip_seconds: f32, size: [u32; 2]) -> SheetOptions {
        SheetOptions {
            clip_seconds,
            size,
            ..SheetOptions::default()
        }
    }

    /// A clip is a take: the sheet refuses a length outside 0.1 s to the longest take, and a
    /// size a take cannot have (as a clip beside the baseline, twice as wide and 2 more), before
    /// anything runs.
    #[test]
    fn a_clip_has_a_takes_limits() {
        assert_eq!(options(5.0, [640, 360]).check(true), Ok(()));
        assert_eq!(options(0.1, [640, 360]).check(false), Ok(()));
        assert_eq!(options(MAX_TAKE_SECONDS, [640, 360]).check(false), Ok(()));
        for s in [0.05, MAX_TAKE_SECONDS + 1.0, f32::NAN, f32::INFINITY] {
            assert!(
                matches!(
                    options(s, [640, 360]).check(false),
                    Err(SheetError::Seconds(_))
                ),
                "{s}"
            );
        }
        let side = crate::view::present::MAX_SIDE;
        assert!(matches!(
            options(5.0, [0, 360]).check(false),
            Err(SheetError::Size { .. })
        ));
        // One page's clip fits; beside the baseline it is 2 × side + 2 wide, which does not.
        let wide = [side / 2 + 1, 360];
        if !cfg!(feature = "video") {
            assert_eq!(options(5.0, wide).check(false), Ok(()));
        }
        assert!(matches!(
            options(5.0, wide).check(true),
            Err(SheetError::Size { .. })
        ));
    }
}
