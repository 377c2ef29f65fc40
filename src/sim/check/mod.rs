//! Range checks on every parameter a world can be built from. A world is never built from
//! values that fail them, which is what guarantees no NaN or infinity on any input: every
//! magnitude is bounded by [`MAX_MAGNITUDE`], so no product or square in a tick can overflow.
//!
//! Each problem names the field by its path in the scene file
//! (`groups[1].wander.circle_radius`) and says why (`must be >= 0, got -3`).

mod group;
mod scenery;

use glam::Vec2;

use super::params::{BlockCommon, Group, Target};
use super::spec::WorldSpec;
use super::text::{echo, escape_controls, thousands};

pub use super::limits::*;

/// One invalid parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Field path in the scene file, e.g. `groups[1].wander.circle_radius`.
    pub path: String,
    /// Why it is invalid, e.g. `must be >= 0, got -3`.
    pub message: String,
}

impl Problem {
    /// A problem at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
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
            escape_controls(&self.path),
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
    fn push(&mut self, path: &str, message: String) {
        self.problems.push(Problem::new(path, message));
    }

    fn finite(&mut self, path: &str, v: f32) -> bool {
        if v.is_finite() {
            true
        } else {
            self.push(path, format!("must be a finite number, got {v}"));
            false
        }
    }

    /// `lo <= v <= hi` (or `lo < v` when `open_low`).
    fn range(&mut self, path: &str, v: f32, lo: f32, open_low: bool, hi: f32) {
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

    fn non_negative(&mut self, path: &str, v: f32) {
        self.range(path, v, 0.0, false, MAX_MAGNITUDE);
    }

    fn positive(&mut self, path: &str, v: f32) {
        self.range(path, v, 0.0, true, MAX_MAGNITUDE);
    }

    fn signed(&mut self, path: &str, v: f32) {
        self.range(path, v, -MAX_MAGNITUDE, false, MAX_MAGNITUDE);
    }

    fn point(&mut self, path: &str, p: Vec2) {
        self.signed(&format!("{path}.x"), p.x);
        self.signed(&format!("{path}.y"), p.y);
    }

    fn common(&mut self, path: &str, block: &impl BlockCommon) {
        self.signed(&format!("{path}.weight"), block.weight());
        self.range(
            &format!("{path}.probability"),
            block.probability(),
            MIN_PROBABILITY,
            false,
            1.0,
        );
    }

    fn name(&mut self, path: &str, name: &str) {
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
    fn names_one(&mut self, path: &str, what: &str, name: &str, names: &[&str]) {
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
    fn target_group(&mut self, path: &str, target: &Target, groups: &[Group]) {
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

/// Every problem with `spec`, empty when it is valid.
#[must_use]
pub fn check_spec(spec: &WorldSpec) -> Problems {
    let mut c = Checker {
        problems: Vec::new(),
    };
    let WorldSpec {
        seed: _,
        dt,
        size,
        bounds: _,
        click_target,
        obstacles,
        walls,
        paths,
        flow_fields,
        placed,
        groups,
    } = spec;
    c.range("dt", *dt, MIN_DT_SECS, false, MAX_DT_SECS);
    c.positive("world.width", size.x);
    c.positive("world.height", size.y);
    c.point("click_target", *click_target);
    if obstacles.len() > MAX_OBSTACLES {
        c.push(
            "obstacles",
            format!(
                "at most {} obstacles, got {}",
                thousands(MAX_OBSTACLES as u64),
                obstacles.len()
            ),
        );
    }
    for (i, o) in obstacles.iter().enumerate() {
        c.point(&format!("obstacles[{i}].center"), o.center);
        c.non_negative(&format!("obstacles[{i}].radius"), o.radius);
    }
    if groups.len() > MAX_GROUPS {
        c.push(
            "groups",
            format!("at most {MAX_GROUPS} groups, got {}", groups.len()),
        );
    }
    c.scenery(spec);
    for (i, p) in placed.iter().enumerate() {
        let path = format!("agents[{i}]");
        if !groups.iter().any(|g| g.name == p.group) {
            let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
            c.names_one(&format!("{path}.group"), "group", &p.group, &names);
        }
        c.point(&format!("{path}.position"), p.position);
        c.point(&format!("{path}.velocity"), p.velocity);
        if let Some(a) = p.wander_angle_deg {
            c.signed(&format!("{path}.wander_angle_deg"), a);
        }
    }
    let _ = (walls, paths, flow_fields);
    let total: u64 = groups.iter().map(|g| u64::from(g.count)).sum::<u64>() + placed.len() as u64;
    if total > MAX_TOTAL_COUNT {
        c.push(
            "groups",
            format!(
                "at most {} agents in all, got {total}",
                thousands(MAX_TOTAL_COUNT)
            ),
        );
    }
    for (i, g) in groups.iter().enumerate() {
        let path = format!("groups[{i}]");
        if groups[..i].iter().any(|other| other.name == g.name) {
            c.push(
                &format!("{path}.name"),
                format!("{:?} is already the name of another group", g.name),
            );
        }
        c.group(&path, g, spec);
    }
    Problems(c.problems)
}
