//! Range checks on every parameter a world can be built from. A world is never built from
//! values that fail them, which is what guarantees no NaN or infinity on any input: every
//! magnitude is bounded by [`MAX_MAGNITUDE`], so no product or square in a tick can overflow.
//!
//! Each problem names the field by its path in the scene file
//! (`groups[1].wander.circle_radius`) and says why (`must be >= 0, got -3`).

mod group;
mod scenery;

use crate::sim::model::field::{Limit, Number};
use crate::sim::model::field_path::{FieldPath, Numbers};
use crate::sim::model::text::{echo, escape_controls, thousands};
use crate::sim::setup::settings::{AGENTS, GROUPS, NAME, OBSTACLES, PLACED_GROUP};
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::params::{Group, Target};

pub use crate::sim::model::limits::*;

/// One invalid parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Field path in the scene file, e.g. `groups[1].wander.circle_radius`.
    pub path: FieldPath,
    /// Why it is invalid, e.g. `must be >= 0, got -3`.
    pub message: String,
}

impl Problem {
    /// A problem at `path`.
    pub fn new(path: FieldPath, message: impl Into<String>) -> Self {
        Self {
            path,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Problem {
    /// `path: message`, control characters escaped (one line).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}",
            escape_controls(&self.path.to_string()),
            escape_controls(&self.message)
        )
    }
}

/// Every problem found with a world's parameters (never empty when returned as an error).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problems(pub Vec<Problem>);

impl std::ops::Deref for Problems {
    type Target = [Problem];

    fn deref(&self) -> &[Problem] {
        &self.0
    }
}

impl IntoIterator for Problems {
    type Item = Problem;
    type IntoIter = std::vec::IntoIter<Problem>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Problems {
    type Item = &'a Problem;
    type IntoIter = std::slice::Iter<'a, Problem>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl std::fmt::Display for Problems {
    /// One problem per line, `path: message`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}

/// A limit as a message writes it: whole numbers with thousands separators.
fn bound(v: f32) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        // A whole number well inside i64.
        #[allow(clippy::cast_possible_truncation)]
        let n = v as i64;
        let digits = thousands(n.unsigned_abs());
        if n < 0 { format!("-{digits}") } else { digits }
    } else {
        v.to_string()
    }
}

struct Checker {
    problems: Vec<Problem>,
}

/// Whether `name` is a valid name for a group, path or flow field.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl Checker {
    fn push(&mut self, path: &FieldPath, message: String) {
        self.problems.push(Problem::new(path.clone(), message));
    }

    /// A number within its limit: finite, and `lo <= v <= hi` (`lo < v` when the low end is
    /// excluded); a whole number from `lo` to `hi`.
    fn number(&mut self, path: &FieldPath, n: &Number<'_>, limit: Limit) {
        let (lo, open) = limit.low();
        let hi = limit.high();
        match n {
            Number::Real(v) => self.range(path, **v, lo, open, hi),
            Number::Whole(v) => {
                let v = **v;
                // Limits of whole numbers are whole numbers well inside f64.
                let (lo_n, hi_n) = (f64::from(lo), f64::from(hi));
                if !(lo_n..=hi_n).contains(&f64::from(v)) {
                    let message = if lo_n <= 0.0 {
                        format!("must be at most {}, got {v}", bound(hi))
                    } else {
                        format!("must be {} to {}, got {v}", bound(lo), bound(hi))
                    };
                    self.push(path, message);
                }
            }
            // A seed takes any value.
            Number::Large(_) => {}
        }
    }

    fn finite(&mut self, path: &FieldPath, v: f32) -> bool {
        if v.is_finite() {
            true
        } else {
            self.push(path, format!("must be a finite number, got {v}"));
            false
        }
    }

    /// `lo <= v <= hi` (or `lo < v` when `open_low`).
    fn range(&mut self, path: &FieldPath, v: f32, lo: f32, open_low: bool, hi: f32) {
        if !self.finite(path, v) {
            return;
        }
        if open_low && v <= lo {
            self.push(path, format!("must be > {lo}, got {v}"));
        } else if !open_low && v < lo {
            self.push(path, format!("must be >= {lo}, got {v}"));
        } else if v > hi {
            self.push(path, format!("must be at most {}, got {v}", bound(hi)));
        }
    }

    /// At most `max` items in the list at `path`.
    fn count(&mut self, path: &FieldPath, what: &str, n: usize, max: usize) {
        if n > max {
            self.push(
                path,
                format!(
                    "at most {} {what}, got {}",
                    thousands(max as u64),
                    thousands(n as u64)
                ),
            );
        }
    }

    fn name(&mut self, path: &FieldPath, name: &str) {
        if !valid_name(name) {
            self.push(
                path,
                format!(
                    "must be 1 to {MAX_NAME_LEN} letters, digits, '_' or '-', got \"{}\"",
                    echo(name)
                ),
            );
        }
    }

    /// `name` must be one of `names` (what a block refers to: a path, a flow field).
    fn names_one(&mut self, path: &FieldPath, what: &str, name: &str, names: &[&str]) {
        if !names.contains(&name) {
            let list = if names.is_empty() {
                format!("the scene has no {what}s")
            } else {
                format!("{what}s: {}", names.join(", "))
            };
            self.push(path, format!("no {what} named \"{}\" ({list})", echo(name)));
        }
    }

    /// A target that names a group must name one of `groups`.
    fn target_group(&mut self, path: &FieldPath, target: &Target, groups: &[Group]) {
        if let Target::Nearest(name) = target
            && !groups.iter().any(|g| &g.name == name)
        {
            let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
            self.push(
                path,
                format!(
                    "no group named \"{}\" (groups: {})",
                    echo(name),
                    names.join(", ")
                ),
            );
        }
    }
}

/// A world spec that passed every check of [`check_spec`]: what a world and a crowd are built
/// from. Made by [`CheckedSpec::new`], which takes the spec and checks it without a copy, or by
/// a scene that was checked when it was read.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedSpec(WorldSpec);

impl CheckedSpec {
    /// `spec`, checked: every problem with it, and the spec back, when it has any.
    pub fn new(mut spec: WorldSpec) -> Result<Self, Refused> {
        let problems = problems_of(&mut spec);
        if problems.is_empty() {
            Ok(Self(spec))
        } else {
            Err(Refused {
                spec: Box::new(spec),
                problems,
            })
        }
    }

    /// A spec made from a scene that passed [`check_spec`] when it was read, and has not been
    /// changed since (`scene::CheckedScene` holds one).
    pub(crate) fn already_checked(spec: WorldSpec) -> Self {
        Self(spec)
    }

    /// The spec, to change (it is then no longer known to be valid).
    #[must_use]
    pub fn into_spec(self) -> WorldSpec {
        self.0
    }
}

/// A spec that [`CheckedSpec::new`] refused, given back with its problems.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    /// The spec, as it was given.
    pub spec: Box<WorldSpec>,
    /// Every problem with it (never empty).
    pub problems: Problems,
}

impl WorldSpec {
    /// Every problem with this spec, located at its field paths: empty when a world can be
    /// built from it. Checks without building (a spec of a million agents spawns none here).
    #[must_use]
    pub fn problems(&self) -> Problems {
        check_spec(self)
    }
}

/// Every problem with `spec`, empty when it is valid.
#[must_use]
pub fn check_spec(spec: &WorldSpec) -> Problems {
    // The walk over the numbers hands out values to edit: it walks a copy.
    problems_of(&mut spec.clone())
}

/// Every problem with `spec` (its numbers are walked in place and not changed).
fn problems_of(spec: &mut WorldSpec) -> Problems {
    let mut c = Checker {
        problems: Vec::new(),
    };
    // Every number within the limit its description gives.
    spec.numbers(&FieldPath::root(), &mut |path, n, limit| {
        c.number(path, &n, limit);
    });
    let root = FieldPath::root();
    c.count(
        &root.key(OBSTACLES),
        "obstacles",
        spec.obstacles.len(),
        MAX_OBSTACLES,
    );
    c.count(&root.key(GROUPS), "groups", spec.groups.len(), MAX_GROUPS);
    c.scenery(spec);
    let groups = &spec.groups;
    let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
    for (i, p) in spec.agents.iter().enumerate() {
        let path = root.key(AGENTS).index(i).key(PLACED_GROUP);
        c.names_one(&path, "group", &p.group, &names);
    }
    let total: u64 =
        groups.iter().map(|g| u64::from(g.count)).sum::<u64>() + spec.agents.len() as u64;
    if total > MAX_TOTAL_COUNT {
        c.push(
            &root.key(GROUPS),
            format!(
                "at most {} agents in all, got {total}",
                thousands(MAX_TOTAL_COUNT)
            ),
        );
    }
    for (i, g) in groups.iter().enumerate() {
        let path = FieldPath::group(i);
        if groups[..i].iter().any(|other| other.name == g.name) {
            c.push(
                &path.key(NAME.key),
                format!("{:?} is already the name of another group", g.name),
            );
        }
        c.group(&path, g, spec);
    }
    Problems(c.problems)
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;
    use crate::sim::steer::params::Spawn;

    #[test]
    fn a_refused_spec_comes_back_unchanged_with_its_problems() {
        let mut valid = WorldSpec::empty(7, 1.0 / 60.0, Vec2::new(800.0, 600.0));
        let at = Spawn::At {
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
        };
        valid.groups.push(Group::new("a", 3, at));
        let mut spec = valid.clone();
        spec.dt = -1.0;
        spec.groups[0].max_speed = -5.0;
        let refused = CheckedSpec::new(spec.clone()).expect_err("refused");
        assert_eq!(*refused.spec, spec);
        let paths: Vec<String> = refused
            .problems
            .iter()
            .map(|p| p.path.to_string())
            .collect();
        assert_eq!(paths, ["dt", "groups[0].max_speed"]);
        let good = CheckedSpec::new(valid.clone()).expect("valid");
        assert_eq!(good.into_spec(), valid);
    }
}
