//! Range checks on every parameter a world can be built from. A world is never built from
//! values that fail them, which is what guarantees no NaN or infinity on any input: every
//! magnitude is bounded by [`MAX_MAGNITUDE`], so no product or square in a tick can overflow.
//!
//! Each problem names the field by its path in the scene file
//! (`groups[1].wander.circle_radius`) and says why (`must be >= 0, got -3`).

use glam::Vec2;

use super::params::{
    ArriveMode, AvoidForm, BlockCommon, Group, PathForm, Prediction, Region, Slot, Spawn, Target,
};
use super::scenery::{FlowBase, flow_cells};
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
/// Most wall segments in a world (each agent with wall avoidance tests its feelers on each).
pub const MAX_WALLS: usize = 4096;
/// Most paths in a world.
pub const MAX_PATHS: usize = 256;
/// Most points in one path (path following projects on each segment every tick).
pub const MAX_PATH_POINTS: usize = 4096;
/// Most flow fields in a world.
pub const MAX_FLOW_FIELDS: usize = 16;
/// Most cells in one flow field.
pub const MAX_FLOW_CELLS: usize = 65_536;
/// Most headings a group's heading smoother averages.
pub const MAX_HEADING_SMOOTHING: u32 = 64;
/// Smallest noise scale of a flow field (world units).
pub const MIN_NOISE_SCALE: f32 = 0.01;

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

    /// `name` must be a looped path of 3 or more points (a region).
    fn closed_path(&mut self, path: &str, name: &str, spec: &WorldSpec) {
        match spec.paths.iter().find(|p| p.name == name) {
            Some(p) if p.is_closed() => {}
            Some(_) => self.push(
                path,
                format!(
                    "path \"{}\" does not enclose a region: it must be looped, with 3 or more points",
                    echo(name)
                ),
            ),
            None => {
                let names: Vec<&str> = spec.paths.iter().map(|x| x.name.as_str()).collect();
                self.names_one(path, "path", name, &names);
            }
        }
    }

    fn target(&mut self, path: &str, target: &Target, groups: &[Group]) {
        self.target_at(&format!("{path}.target"), target, groups);
    }

    fn target_at(&mut self, path: &str, target: &Target, groups: &[Group]) {
        match target {
            Target::Point(p) => self.point(path, *p),
            Target::Nearest(name) => {
                if !groups.iter().any(|g| &g.name == name) {
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
            Target::Pointer | Target::Click | Target::Center | Target::Agent(_) => {}
        }
    }

    /// Walls, paths and flow fields.
    // One stanza per kind of scenery, each field in file order.
    #[allow(clippy::too_many_lines)]
    fn scenery(&mut self, spec: &WorldSpec) {
        let count = |c: &mut Self, path: &str, what: &str, n: usize, max: usize| {
            if n > max {
                c.push(
                    path,
                    format!(
                        "at most {} {what}, got {}",
                        thousands(max as u64),
                        thousands(n as u64)
                    ),
                );
            }
        };
        count(self, "walls", "walls", spec.walls.len(), MAX_WALLS);
        for (i, w) in spec.walls.iter().enumerate() {
            self.point(&format!("walls[{i}].from"), w.from);
            self.point(&format!("walls[{i}].to"), w.to);
        }
        count(self, "paths", "paths", spec.paths.len(), MAX_PATHS);
        for (i, p) in spec.paths.iter().enumerate() {
            let path = format!("paths[{i}]");
            self.name(&format!("{path}.name"), &p.name);
            if spec.paths[..i].iter().any(|o| o.name == p.name) {
                self.push(
                    &format!("{path}.name"),
                    format!("\"{}\" is already the name of another path", echo(&p.name)),
                );
            }
            if p.points.len() < 2 {
                self.push(
                    &format!("{path}.points"),
                    format!("a path needs 2 or more points, got {}", p.points.len()),
                );
            }
            count(
                self,
                &format!("{path}.points"),
                "points",
                p.points.len(),
                MAX_PATH_POINTS,
            );
            for (k, point) in p.points.iter().enumerate().take(MAX_PATH_POINTS) {
                self.point(&format!("{path}.points[{k}]"), *point);
            }
            self.non_negative(&format!("{path}.radius"), p.radius);
        }
        count(
            self,
            "flow_fields",
            "flow fields",
            spec.flow_fields.len(),
            MAX_FLOW_FIELDS,
        );
        for (i, f) in spec.flow_fields.iter().enumerate() {
            let path = format!("flow_fields[{i}]");
            self.name(&format!("{path}.name"), &f.name);
            if spec.flow_fields[..i].iter().any(|o| o.name == f.name) {
                self.push(
                    &format!("{path}.name"),
                    format!(
                        "\"{}\" is already the name of another flow field",
                        echo(&f.name)
                    ),
                );
            }
            self.positive(&format!("{path}.cell_size"), f.cell_size);
            let (cols, rows) = flow_cells(spec.size, f.cell_size);
            let cells = cols.saturating_mul(rows);
            if f.cell_size > 0.0 && cells > MAX_FLOW_CELLS {
                self.push(
                    &format!("{path}.cell_size"),
                    format!(
                        "gives {} cells over the world; at most {} (make the cells larger)",
                        thousands(cells as u64),
                        thousands(MAX_FLOW_CELLS as u64)
                    ),
                );
            }
            match &f.base {
                FlowBase::Uniform { angle_deg } => {
                    self.signed(&format!("{path}.base.angle_deg"), *angle_deg);
                }
                FlowBase::Vortex { center, inward_deg } => {
                    self.point(&format!("{path}.base.center"), *center);
                    self.signed(&format!("{path}.base.inward_deg"), *inward_deg);
                }
                FlowBase::Noise { seed: _, scale } => {
                    self.range(
                        &format!("{path}.base.scale"),
                        *scale,
                        MIN_NOISE_SCALE,
                        false,
                        MAX_MAGNITUDE,
                    );
                }
            }
            count(
                self,
                &format!("{path}.painted"),
                "painted cells",
                f.painted.len(),
                MAX_FLOW_CELLS,
            );
            for (k, cell) in f.painted.iter().enumerate().take(MAX_FLOW_CELLS) {
                let at = format!("{path}.painted[{k}]");
                if cell.col as usize >= cols || cell.row as usize >= rows {
                    self.push(
                        &at,
                        format!(
                            "cell ({}, {}) is outside the field's {cols} x {rows} cells",
                            cell.col, cell.row
                        ),
                    );
                }
                self.signed(&format!("{at}.angle_deg"), cell.angle_deg);
            }
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
    fn group(&mut self, path: &str, group: &Group, spec: &WorldSpec) {
        let groups = &spec.groups;
        let Group {
            name,
            count,
            spawn,
            max_force,
            max_speed,
            mass,
            radius,
            combination: _,
            max_turn_rate_deg,
            heading_smoothing,
            stamina,
            avoid_walls,
            containment,
            avoid_obstacles,
            avoid_agents,
            evade,
            hide,
            flee,
            separation,
            pursuit,
            offset_pursuit,
            follow_leader,
            interpose,
            seek,
            arrive,
            goal,
            follow_path,
            follow_flow,
            alignment,
            cohesion,
            wander,
            wander_target,
            max_neighbors,
        } = group;
        self.name(&format!("{path}.name"), name);
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
        self.non_negative(&format!("{path}.radius"), *radius);
        self.optional(&format!("{path}.max_turn_rate_deg"), *max_turn_rate_deg);
        if let Some(n) = heading_smoothing
            && !(1..=MAX_HEADING_SMOOTHING).contains(n)
        {
            self.push(
                &format!("{path}.heading_smoothing"),
                format!("must be 1 to {MAX_HEADING_SMOOTHING} headings, got {n}"),
            );
        }
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
        if let Some(b) = avoid_walls {
            let p = format!("{path}.avoid_walls");
            self.common(&p, b);
            self.non_negative(&format!("{p}.feeler_length"), b.feeler_length);
            self.range(
                &format!("{p}.side_angle_deg"),
                b.side_angle_deg,
                0.0,
                false,
                180.0,
            );
            self.non_negative(&format!("{p}.side_scale"), b.side_scale);
        }
        if let Some(b) = containment {
            let p = format!("{path}.containment");
            self.common(&p, b);
            self.non_negative(&format!("{p}.margin"), b.margin);
            self.non_negative(&format!("{p}.predict_secs"), b.predict_secs);
            if let Region::Path(name) = &b.region {
                self.closed_path(&format!("{p}.region"), name, spec);
            }
        }
        if let Some(b) = avoid_obstacles {
            let p = format!("{path}.avoid_obstacles");
            self.common(&p, b);
            self.non_negative(&format!("{p}.detection_distance"), b.detection_distance);
            if let AvoidForm::DetectionBox {
                min_length,
                braking_weight,
            } = b.form
            {
                self.non_negative(&format!("{p}.form.min_length"), min_length);
                self.non_negative(&format!("{p}.form.braking_weight"), braking_weight);
            }
        }
        if let Some(b) = avoid_agents {
            let p = format!("{path}.avoid_agents");
            self.common(&p, b);
            self.non_negative(&format!("{p}.range"), b.range);
            self.non_negative(&format!("{p}.min_time_secs"), b.min_time_secs);
        }
        if let Some(b) = hide {
            let p = format!("{path}.hide");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.non_negative(
                &format!("{p}.distance_from_boundary"),
                b.distance_from_boundary,
            );
            self.optional(&format!("{p}.range"), b.range);
        }
        if let Some(b) = offset_pursuit {
            let p = format!("{path}.offset_pursuit");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            match b.slot {
                Slot::Offset(offset) => self.point(&format!("{p}.slot"), offset),
                Slot::Line(d) | Slot::Column(d) | Slot::Wedge(d) | Slot::Circle(d) => {
                    self.non_negative(&format!("{p}.slot"), d);
                }
            }
        }
        if let Some(b) = follow_leader {
            let p = format!("{path}.follow_leader");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.non_negative(&format!("{p}.behind"), b.behind);
            self.non_negative(&format!("{p}.sight_distance"), b.sight_distance);
            self.non_negative(&format!("{p}.sight_half_width"), b.sight_half_width);
            self.non_negative(&format!("{p}.slowing_radius"), b.slowing_radius);
        }
        if let Some(b) = interpose {
            let p = format!("{path}.interpose");
            self.common(&p, b);
            self.target(&p, &b.target, groups);
            self.target_at(&format!("{p}.other"), &b.other, groups);
        }
        if let Some(b) = follow_path {
            let p = format!("{path}.follow_path");
            self.common(&p, b);
            let names: Vec<&str> = spec.paths.iter().map(|x| x.name.as_str()).collect();
            self.names_one(&format!("{p}.path"), "path", &b.path, &names);
            if let PathForm::Predict {
                predict_secs,
                ahead,
            } = b.form
            {
                self.non_negative(&format!("{p}.form.predict_secs"), predict_secs);
                self.signed(&format!("{p}.form.ahead"), ahead);
            }
            self.non_negative(&format!("{p}.slowing_radius"), b.slowing_radius);
        }
        if let Some(b) = follow_flow {
            let p = format!("{path}.follow_flow");
            self.common(&p, b);
            let names: Vec<&str> = spec.flow_fields.iter().map(|x| x.name.as_str()).collect();
            self.names_one(&format!("{p}.field"), "flow field", &b.field, &names);
            self.non_negative(&format!("{p}.predict_secs"), b.predict_secs);
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
            self.non_negative(&format!("{p}.dead_band"), b.dead_band);
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
        walls,
        paths,
        flow_fields,
        placed,
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
