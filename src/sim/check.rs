//! Range checks on every parameter a world can be built from. A world is never built from
//! values that fail them, which is what guarantees no NaN or infinity on any input: every
//! magnitude is bounded by [`MAX_MAGNITUDE`], so no product or square in a tick can overflow.
//!
//! Each problem names the field by its path in the scene file
//! (`groups[1].wander.circle_radius`) and says why (`must be >= 0, got -3`).

use glam::Vec2;

use super::params::{ArriveMode, BlockCommon, Group, Prediction, Spawn, Target};
use super::spec::WorldSpec;
use super::text::{echo, escape_controls, thousands};

/// Largest absolute value of any coordinate, distance, speed, force, mass or weight.
pub const MAX_MAGNITUDE: f32 = 1.0e6;
/// Smallest dithering probability (a smaller one would divide a force by almost zero).
pub const MIN_PROBABILITY: f32 = 0.001;
/// Most agents in one group.
pub const MAX_GROUP_COUNT: u32 = 100_000;
/// Most agents in a world (all groups).
pub const MAX_TOTAL_COUNT: u64 = 200_000;
/// Most groups in a world.
pub const MAX_GROUPS: usize = 64;
/// Most obstacles in a world.
pub const MAX_OBSTACLES: usize = 4096;
/// Longest tick, seconds.
pub const MAX_DT_SECS: f32 = 1.0;
/// Shortest tick, seconds (1,000 ticks per simulated second): far finer than any game steps,
/// and it bounds the ticks one simulated second costs.
pub const MIN_DT_SECS: f32 = 0.001;
/// Longest group name, bytes.
pub const MAX_NAME_LEN: usize = 64;
/// Largest neighbour cap of a group (`max_neighbors`).
pub const MAX_NEIGHBORS: u32 = 1000;

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

    fn target(&mut self, path: &str, target: &Target, groups: &[Group]) {
        match target {
            Target::Point(p) => self.point(&format!("{path}.target"), *p),
            Target::Nearest(name) => {
                if !groups.iter().any(|g| &g.name == name) {
                    let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
                    self.push(
                        &format!("{path}.target"),
                        format!(
                            "no group named \"{}\" (groups: {})",
                            echo(name),
                            names.join(", ")
                        ),
                    );
                }
            }
            Target::Pointer | Target::Click | Target::Center | Target::Agent(_) => {}
        }
    }

    fn optional(&mut self, path: &str, v: Option<f32>) {
        if let Some(v) = v {
            self.non_negative(path, v);
        }
    }

    fn flocking(&mut self, path: &str, block: &impl BlockCommon, radius: f32) {
        self.common(path, block);
        self.non_negative(&format!("{path}.radius"), radius);
    }

    fn prediction(&mut self, path: &str, p: &Prediction) {
        self.optional(&format!("{path}.prediction.fixed_secs"), p.fixed_secs);
        self.optional(&format!("{path}.prediction.max_secs"), p.max_secs);
    }

    #[allow(clippy::too_many_lines)] // One stanza per block; kept together so none is missed.
    fn group(&mut self, path: &str, group: &Group, groups: &[Group]) {
        let Group {
            name,
            count,
            spawn,
            max_force,
            max_speed,
            mass,
            combination: _,
            stamina,
            avoid_obstacles,
            evade,
            flee,
            separation,
            pursuit,
            seek,
            arrive,
            goal,
            alignment,
            cohesion,
            wander,
            wander_target,
            max_neighbors,
        } = group;
        if name.is_empty()
            || name.len() > MAX_NAME_LEN
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            self.push(
                &format!("{path}.name"),
                format!(
                    "must be 1 to {MAX_NAME_LEN} letters, digits, '_' or '-', got \"{}\"",
                    echo(name)
                ),
            );
        }
        if *count > MAX_GROUP_COUNT {
            self.push(
                &format!("{path}.count"),
                format!(
                    "must be at most {}, got {count}",
                    thousands(u64::from(MAX_GROUP_COUNT))
                ),
            );
        }
        match spawn {
            Spawn::Area { min, max, speed } => {
                self.point(&format!("{path}.spawn.min"), *min);
                self.point(&format!("{path}.spawn.max"), *max);
                if min.x > max.x || min.y > max.y {
                    self.push(
                        &format!("{path}.spawn.max"),
                        format!("must be >= min on both axes, got min {min}, max {max}"),
                    );
                }
                self.non_negative(&format!("{path}.spawn.speed"), *speed);
            }
            Spawn::At { position, velocity } => {
                self.point(&format!("{path}.spawn.position"), *position);
                self.point(&format!("{path}.spawn.velocity"), *velocity);
            }
            Spawn::Queue {
                position,
                velocity,
                interval_secs,
            } => {
                self.point(&format!("{path}.spawn.position"), *position);
                self.point(&format!("{path}.spawn.velocity"), *velocity);
                self.positive(&format!("{path}.spawn.interval_secs"), *interval_secs);
            }
        }
        self.non_negative(&format!("{path}.max_force"), *max_force);
        self.non_negative(&format!("{path}.max_speed"), *max_speed);
        self.positive(&format!("{path}.mass"), *mass);
        if !(1..=MAX_NEIGHBORS).contains(max_neighbors) {
            self.push(
                &format!("{path}.max_neighbors"),
                format!(
                    "must be 1 to {}, got {max_neighbors}",
                    thousands(u64::from(MAX_NEIGHBORS))
                ),
            );
        }
        if let Some(s) = stamina {
            self.positive(&format!("{path}.stamina.max"), s.max);
            self.non_negative(&format!("{path}.stamina.regen_per_tick"), s.regen_per_tick);
            self.non_negative(&format!("{path}.stamina.cost_per_tick"), s.cost_per_tick);
            if pursuit.is_none() {
                self.push(
                    &format!("{path}.stamina"),
                    "gates pursuit, but the group has no pursuit".to_owned(),
                );
            }
        }
        if let Some(b) = avoid_obstacles {
            let p = format!("{path}.avoid_obstacles");
            self.common(&p, b);
            self.non_negative(&format!("{p}.detection_distance"), b.detection_distance);
        }
        if let Some(b) = evade {
            let p = format!("{path}.evade");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.prediction(&p, &b.prediction);
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = flee {
            let p = format!("{path}.flee");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.optional(&format!("{p}.panic_distance"), b.panic_distance);
        }
        if let Some(b) = separation {
            self.flocking(&format!("{path}.separation"), b, b.radius);
        }
        if let Some(b) = alignment {
            self.flocking(&format!("{path}.alignment"), b, b.radius);
        }
        if let Some(b) = cohesion {
            self.flocking(&format!("{path}.cohesion"), b, b.radius);
        }
        if let Some(b) = pursuit {
            let p = format!("{path}.pursuit");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.prediction(&p, &b.prediction);
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = seek {
            let p = format!("{path}.seek");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = arrive {
            let p = format!("{path}.arrive");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            if let ArriveMode::SlowingRadius(r) = b.mode {
                self.non_negative(&format!("{p}.mode"), r);
            }
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = goal {
            let p = format!("{path}.goal");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.non_negative(&format!("{p}.slowing_radius"), b.slowing_radius);
        }
        if let Some(b) = wander {
            let p = format!("{path}.wander");
            self.common(&p, b);
            self.non_negative(&format!("{p}.circle_distance"), b.circle_distance);
            self.non_negative(&format!("{p}.circle_radius"), b.circle_radius);
            self.range(
                &format!("{p}.angle_change_rad"),
                b.angle_change_rad,
                0.0,
                false,
                1000.0,
            );
        }
        if let Some(b) = wander_target {
            let p = format!("{path}.wander_target");
            self.common(&p, b);
            self.positive(&format!("{p}.interval_secs"), b.interval_secs);
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
        dt_secs,
        size,
        bounds: _,
        click_target,
        obstacles,
        groups,
    } = spec;
    c.range("dt", *dt_secs, MIN_DT_SECS, false, MAX_DT_SECS);
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
    let total: u64 = groups.iter().map(|g| u64::from(g.count)).sum();
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
        c.group(&path, g, groups);
    }
    Problems(c.problems)
}
