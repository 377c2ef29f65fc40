//! Numbers that say how a run went, per group and per agent: arrival, motion, contact,
//! pursuit and flocking. A [`Recorder`] watches a [`World`] tick by tick (call
//! [`Recorder::observe`] after every [`World::step`]) and [`Recorder::report`] gives the
//! [`Metrics`]. Every definition, with its formula and which direction is better, is in
//! `docs/metrics.md`; the names here are the names there and on the command line.
//!
//! The recorder reads only what the world already holds (positions, velocities, headings, the
//! applied force of each agent's record) and keeps a few numbers per agent, so it is cheap
//! enough to run on every tick; it never changes the world.

use glam::Vec2;

use super::World;
use super::params::Target;

/// Which way a metric is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Better {
    /// Smaller is better.
    Lower,
    /// Larger is better.
    Higher,
    /// Neither: it describes the run (the number of flocks, their spread).
    Neither,
}

impl Better {
    /// `lower`, `higher` or `neither`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Lower => "lower",
            Self::Higher => "higher",
            Self::Neither => "neither",
        }
    }
}

/// One metric's definition: its name, unit and better direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The name on the command line and in `docs/metrics.md`.
    pub name: &'static str,
    /// The unit, `""` for a plain number.
    pub unit: &'static str,
    /// Which way is better.
    pub better: Better,
    /// One line: what it measures.
    pub summary: &'static str,
}

const fn def(
    name: &'static str,
    unit: &'static str,
    better: Better,
    summary: &'static str,
) -> Definition {
    Definition {
        name,
        unit,
        better,
        summary,
    }
}

/// Every metric, in report order.
pub const DEFINITIONS: &[Definition] = &[
    def(
        "arrived",
        "",
        Better::Higher,
        "share of agents that came within the tolerance of their target",
    ),
    def(
        "time_to_arrive",
        "s",
        Better::Lower,
        "mean time until first within the tolerance of the target",
    ),
    def(
        "overshoot",
        "u",
        Better::Lower,
        "largest distance past the target, along the approach, after first arriving",
    ),
    def(
        "settle_time",
        "s",
        Better::Lower,
        "mean time from which the agent stays within the tolerance to the end",
    ),
    def(
        "final_error",
        "u",
        Better::Lower,
        "mean distance to the target at the end",
    ),
    def(
        "path_ratio",
        "",
        Better::Lower,
        "mean path length over straight-line distance (1 = straight)",
    ),
    def(
        "heading_jitter",
        "rad/s",
        Better::Lower,
        "mean absolute heading change per second",
    ),
    def(
        "force_jitter",
        "",
        Better::Lower,
        "mean length of the change of the applied force per tick",
    ),
    def(
        "at_max_speed",
        "",
        Better::Neither,
        "share of agent-ticks at max_speed",
    ),
    def(
        "at_max_force",
        "",
        Better::Neither,
        "share of agent-ticks at max_force",
    ),
    def(
        "agent_overlaps",
        "",
        Better::Lower,
        "pair-ticks with two agents' bodies overlapping",
    ),
    def(
        "obstacle_overlaps",
        "",
        Better::Lower,
        "agent-ticks with a body overlapping an obstacle or a wall",
    ),
    def(
        "min_separation",
        "u",
        Better::Higher,
        "smallest gap between two bodies (negative: overlap)",
    ),
    def(
        "captures",
        "",
        Better::Neither,
        "times a pursuer's body came to touch one of its prey",
    ),
    def(
        "capture_time",
        "s",
        Better::Lower,
        "time of the first capture",
    ),
    def(
        "prey_survival",
        "",
        Better::Higher,
        "share of the prey never touched by a pursuer",
    ),
    def(
        "polarization",
        "",
        Better::Higher,
        "mean over ticks of |sum of unit headings| / n",
    ),
    def(
        "spread",
        "u",
        Better::Neither,
        "mean over ticks of the RMS distance from the group's centroid",
    ),
    def(
        "flocks",
        "",
        Better::Neither,
        "mean over ticks of the number of connected groups by the neighbour radius",
    ),
];

/// The definition named `name`, if there is one.
#[must_use]
pub fn definition(name: &str) -> Option<&'static Definition> {
    DEFINITIONS.iter().find(|d| d.name == name)
}

/// A body this close to its target counts as arrived: its own radius, at least
/// [`MIN_TOLERANCE`].
pub const MIN_TOLERANCE: f32 = 1.0;

/// A speed or force within this share of its maximum counts as at the maximum.
pub const AT_MAX: f32 = 1e-3;

/// What one agent's run has come to so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AgentTrack {
    /// The tick it was first seen on.
    pub first_tick: u64,
    /// Ticks it has been observed over (after the first sighting).
    pub ticks: u64,
    /// `Σ |v| dt` (world units).
    pub path_length: f64,
    /// `Σ v dt` (world units): the displacement, unwrapped.
    pub displacement: Vec2,
    /// `Σ |Δ heading|` (radians).
    pub heading_change: f64,
    /// `Σ |F_t − F_{t−1}|` over the ticks after its first.
    pub force_change: f64,
    /// Ticks at `max_speed`.
    pub at_max_speed: u64,
    /// Ticks at `max_force`.
    pub at_max_force: u64,
    /// Seconds from its first sighting until first within the tolerance.
    pub arrived_after_secs: Option<f64>,
    /// The direction it came in from when it first arrived (unit).
    pub approach: Vec2,
    /// Largest `(p - target) · approach` after the first arrival (world units, ≥ 0).
    pub overshoot: f32,
    /// Seconds from its first sighting to its last entry into the tolerance (while inside).
    pub settled_after_secs: Option<f64>,
    /// Its distance to the target on the last tick observed.
    pub error: Option<f32>,
    /// Touched by a pursuer.
    pub captured: bool,
    /// Its arrival target existed on some tick (a pointer target exists only while there is
    /// a pointer).
    pub targeted: bool,
    last_heading: Vec2,
    last_force: Vec2,
    was_inside: bool,
}

/// Per-group sums over the run.
#[derive(Clone, Debug, Default, PartialEq)]
struct GroupTrack {
    agent_overlap_ticks: u64,
    obstacle_overlap_ticks: u64,
    min_gap: Option<f32>,
    captures: u64,
    first_capture_secs: Option<f64>,
    polarization_sum: f64,
    spread_sum: f64,
    flocks_sum: f64,
    flock_ticks: u64,
}

/// Watches a world and keeps the metrics' sums.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Indexed by agent id.
    agents: Vec<Option<AgentTrack>>,
    groups: Vec<GroupTrack>,
    ticks: u64,
    /// Contacts of the last tick, pursuer id → prey ids, to count entries only.
    touching: Vec<(u32, u32)>,
    scratch: Contacts,
}

/// The value of each metric for one group (`None`: not defined for this group or run).
#[derive(Clone, Debug, PartialEq)]
pub struct GroupMetrics {
    /// The group's name.
    pub name: String,
    /// Its agents at the end.
    pub agents: usize,
    /// In [`DEFINITIONS`] order.
    pub values: Vec<Option<f64>>,
}

impl GroupMetrics {
    /// The value of the metric named `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<f64> {
        let k = DEFINITIONS.iter().position(|d| d.name == name)?;
        self.values.get(k).copied().flatten()
    }
}

/// A run's metrics.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    /// Ticks observed.
    pub ticks: u64,
    /// Seconds observed.
    pub seconds: f64,
    /// One per group, in scene order.
    pub groups: Vec<GroupMetrics>,
}

impl Metrics {
    /// `(group.metric, value)` for every defined value, in group then definition order.
    #[must_use]
    pub fn flat(&self) -> Vec<(String, f64)> {
        let mut out = Vec::new();
        for g in &self.groups {
            for (d, v) in DEFINITIONS.iter().zip(&g.values) {
                if let Some(v) = v {
                    out.push((format!("{}.{}", g.name, d.name), *v));
                }
            }
        }
        out
    }

    /// The value of `group.metric`.
    #[must_use]
    pub fn get(&self, qualified: &str) -> Option<f64> {
        let (group, metric) = qualified.rsplit_once('.')?;
        self.groups.iter().find(|g| g.name == group)?.get(metric)
    }
}

/// The target whose arrival a group is measured against: its arrive block's, else its seek
/// block's (enabled blocks only).
fn arrival_target(group: &super::Group) -> Option<&Target> {
    if let Some(b) = group.arrive.as_ref().filter(|b| b.enabled) {
        return Some(&b.target);
    }
    group.seek.as_ref().filter(|b| b.enabled).map(|b| &b.target)
}

/// The group a group pursues: its pursuit block's target, when that names agents.
fn prey_of(world: &World, group: &super::Group) -> Option<Prey> {
    let b = group.pursuit.as_ref().filter(|b| b.enabled)?;
    match &b.target {
        Target::Agent(id) => Some(Prey::Agent(*id)),
        Target::Nearest(name) => world.group_index(name).map(Prey::Group),
        _ => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prey {
    Agent(u32),
    Group(usize),
}

/// The signed angle from `a` to `b` (unit vectors), in `[-π, π]`.
fn turn(a: Vec2, b: Vec2) -> f32 {
    libm::atan2f(a.perp_dot(b), a.dot(b))
}

impl Recorder {
    /// A recorder that starts watching `world` as it is now.
    #[must_use]
    pub fn new(world: &World) -> Self {
        let mut r = Self::default();
        r.sight(world);
        r
    }

    /// Ticks observed.
    #[must_use]
    pub fn ticks(&self) -> u64 {
        self.ticks
    }

    /// What is known of the agent with this id.
    #[must_use]
    pub fn agent(&self, id: u32) -> Option<&AgentTrack> {
        self.agents.get(id as usize).and_then(Option::as_ref)
    }

    /// Starts tracks for agents not seen before (spawned since), at the world's tick.
    fn sight(&mut self, world: &World) {
        self.groups
            .resize_with(world.spec().groups.len(), GroupTrack::default);
        let records = world.records();
        for (i, a) in world.agents().iter().enumerate() {
            let k = a.id as usize;
            if k >= self.agents.len() {
                self.agents.resize(k + 1, None);
            }
            if self.agents[k].is_none() {
                self.agents[k] = Some(AgentTrack {
                    first_tick: world.tick(),
                    last_heading: a.heading,
                    last_force: records.get(i).map_or(Vec2::ZERO, |r| r.applied),
                    ..AgentTrack::default()
                });
            }
        }
    }

    /// Takes in the tick the world has just run.
    pub fn observe(&mut self, world: &World) {
        self.ticks += 1;
        let spec = world.spec();
        let dt = spec.dt_secs;
        let now = world.tick();
        let records = world.records();
        let mut fresh = false;
        for (i, a) in world.agents().iter().enumerate() {
            let Some(Some(track)) = self.agents.get_mut(a.id as usize) else {
                fresh = true;
                continue;
            };
            let Some(group) = spec.groups.get(usize::from(a.group)) else {
                continue;
            };
            let force = records.get(i).map_or(Vec2::ZERO, |r| r.applied);
            let speed = a.velocity.length();
            track.ticks += 1;
            track.path_length += f64::from(speed * dt);
            track.displacement += a.velocity * dt;
            track.heading_change += f64::from(turn(track.last_heading, a.heading).abs());
            track.last_heading = a.heading;
            if track.ticks > 1 {
                track.force_change += f64::from((force - track.last_force).length());
            }
            track.last_force = force;
            if speed >= group.max_speed * (1.0 - AT_MAX) {
                track.at_max_speed += 1;
            }
            if force.length() >= group.max_force * (1.0 - AT_MAX) && group.max_force > 0.0 {
                track.at_max_force += 1;
            }
            let Some((target, _)) = arrival_target(group).and_then(|t| world.locate(t, i)) else {
                track.error = None;
                continue;
            };
            track.targeted = true;
            let offset = a.position - target;
            let distance = offset.length();
            let tolerance = group.radius.max(MIN_TOLERANCE);
            let inside = distance <= tolerance;
            let secs = (now - track.first_tick) as f64 * f64::from(dt);
            if inside && track.arrived_after_secs.is_none() {
                track.arrived_after_secs = Some(secs);
                // The direction of travel toward the target: past it is along this.
                track.approach = (-offset)
                    .try_normalize()
                    .unwrap_or_else(|| a.velocity.try_normalize().unwrap_or(a.heading));
            }
            if track.arrived_after_secs.is_some() {
                track.overshoot = track.overshoot.max(offset.dot(track.approach));
            }
            if inside && !track.was_inside {
                track.settled_after_secs = Some(secs);
            } else if !inside {
                track.settled_after_secs = None;
            }
            track.was_inside = inside;
            track.error = Some(distance);
        }
        self.observe_contacts(world);
        self.observe_flocks(world);
        if fresh {
            self.sight(world);
        }
    }

    fn observe_contacts(&mut self, world: &World) {
        let spec = world.spec();
        let agents = world.agents();
        let secs = world.time_secs();
        let largest = spec.groups.iter().map(|g| g.radius).fold(0.0_f32, f32::max);
        self.scratch.build(world, 2.0 * largest);
        let prey: Vec<Option<Prey>> = spec.groups.iter().map(|g| prey_of(world, g)).collect();
        let mut touching = Vec::new();
        for (i, a) in agents.iter().enumerate() {
            let g = usize::from(a.group);
            let Some(group) = spec.groups.get(g) else {
                continue;
            };
            let (scratch, groups) = (&self.scratch, &mut self.groups);
            scratch.for_each_near(world, i, |j, gap| {
                let b = &agents[j];
                // Each pair once: it counts for both agents' groups (once when the same).
                let h = usize::from(b.group);
                for k in [g, h] {
                    if let Some(track) = groups.get_mut(k) {
                        track.min_gap = Some(track.min_gap.map_or(gap, |m| m.min(gap)));
                        if gap < 0.0 {
                            track.agent_overlap_ticks += 1;
                        }
                    }
                    if h == g {
                        break;
                    }
                }
                if gap < 0.0 {
                    // Either may be the pursuer of the other.
                    let hunts = |p: Option<Prey>, prey: &crate::sim::Agent| match p {
                        Some(Prey::Agent(id)) => prey.id == id,
                        Some(Prey::Group(pg)) => usize::from(prey.group) == pg,
                        None => false,
                    };
                    if hunts(prey[g], b) {
                        touching.push((a.id, b.id));
                    }
                    if hunts(prey.get(h).copied().flatten(), a) {
                        touching.push((b.id, a.id));
                    }
                }
            });
            let r = group.radius;
            let touches_scenery = spec
                .obstacles
                .iter()
                .any(|o| a.position.distance(o.center) < r + o.radius)
                || spec.walls.iter().any(|w| {
                    a.position
                        .distance(super::scenery::closest_on_segment(w.from, w.to, a.position))
                        < r
                });
            if touches_scenery {
                self.groups[g].obstacle_overlap_ticks += 1;
            }
        }
        touching.sort_unstable();
        for &(hunter, victim) in &touching {
            if self.touching.binary_search(&(hunter, victim)).is_err() {
                if let Some(i) = world.index_of(hunter) {
                    let g = usize::from(agents[i].group);
                    let track = &mut self.groups[g];
                    track.captures += 1;
                    track.first_capture_secs.get_or_insert(secs);
                }
                if let Some(Some(t)) = self.agents.get_mut(victim as usize) {
                    t.captured = true;
                }
            }
        }
        self.touching = touching;
    }

    fn observe_flocks(&mut self, world: &World) {
        let spec = world.spec();
        let agents = world.agents();
        for (g, group) in spec.groups.iter().enumerate() {
            let flocking = group.alignment.as_ref().is_some_and(|b| b.enabled)
                || group.cohesion.as_ref().is_some_and(|b| b.enabled);
            if !flocking {
                continue;
            }
            let members: Vec<usize> = (0..agents.len())
                .filter(|&i| usize::from(agents[i].group) == g)
                .collect();
            if members.is_empty() {
                continue;
            }
            let n = members.len() as f64;
            let heading_sum: glam::DVec2 =
                members.iter().map(|&i| agents[i].heading.as_dvec2()).sum();
            let centroid: glam::DVec2 = members
                .iter()
                .map(|&i| agents[i].position.as_dvec2())
                .sum::<glam::DVec2>()
                / n;
            let mean_square: f64 = members
                .iter()
                .map(|&i| agents[i].position.as_dvec2().distance_squared(centroid))
                .sum::<f64>()
                / n;
            let flocks = components(
                &members
                    .iter()
                    .map(|&i| agents[i].position)
                    .collect::<Vec<_>>(),
                group.neighbor_radius(),
            );
            let track = &mut self.groups[g];
            track.polarization_sum += heading_sum.length() / n;
            track.spread_sum += mean_square.sqrt();
            track.flocks_sum += flocks as f64;
            track.flock_ticks += 1;
        }
    }

    /// The metrics of the run so far.
    #[must_use]
    pub fn report(&self, world: &World) -> Metrics {
        let spec = world.spec();
        let groups = (0..spec.groups.len())
            .map(|g| self.group_report(world, g))
            .collect();
        Metrics {
            ticks: self.ticks,
            seconds: self.ticks as f64 * f64::from(spec.dt_secs),
            groups,
        }
    }

    /// Group `g`'s metrics (`g` is in range).
    fn group_report(&self, world: &World, g: usize) -> GroupMetrics {
        let spec = world.spec();
        let group = &spec.groups[g];
        let tracks: Vec<&AgentTrack> = world
            .agents()
            .iter()
            .filter(|a| usize::from(a.group) == g)
            .filter_map(|a| self.agent(a.id))
            .collect();
        let gt = self.groups.get(g).cloned().unwrap_or_default();
        let mut values = Values(vec![None; DEFINITIONS.len()]);
        if arrival_target(group).is_some() {
            arrival_values(&tracks, &mut values);
        }
        motion_values(&tracks, f64::from(spec.dt_secs), &mut values);
        if self.ticks > 0 {
            values.set("agent_overlaps", Some(gt.agent_overlap_ticks as f64));
            values.set("obstacle_overlaps", Some(gt.obstacle_overlap_ticks as f64));
            values.set("min_separation", gt.min_gap.map(f64::from));
        }
        if let Some(prey) = prey_of(world, group) {
            values.set("captures", Some(gt.captures as f64));
            values.set("capture_time", gt.first_capture_secs);
            let victims: Vec<bool> = world
                .agents()
                .iter()
                .filter(|a| match prey {
                    Prey::Agent(id) => a.id == id,
                    Prey::Group(pg) => usize::from(a.group) == pg,
                })
                .filter_map(|a| self.agent(a.id).map(|t| t.captured))
                .collect();
            if !victims.is_empty() {
                let alive = victims.iter().filter(|c| !**c).count();
                values.set("prey_survival", Some(alive as f64 / victims.len() as f64));
            }
        }
        if gt.flock_ticks > 0 {
            let k = gt.flock_ticks as f64;
            values.set("polarization", Some(gt.polarization_sum / k));
            values.set("spread", Some(gt.spread_sum / k));
            values.set("flocks", Some(gt.flocks_sum / k));
        }
        GroupMetrics {
            name: group.name.clone(),
            agents: tracks.len(),
            values: values.0,
        }
    }
}

/// A group's values in [`DEFINITIONS`] order, being filled in.
struct Values(Vec<Option<f64>>);

impl Values {
    /// Sets `name`; a value that is not finite is left out.
    fn set(&mut self, name: &str, value: Option<f64>) {
        if let Some(k) = DEFINITIONS.iter().position(|d| d.name == name) {
            self.0[k] = value.filter(|v| v.is_finite());
        }
    }
}

/// Arrival: the share arrived, then means over those that did (time to arrive), the largest
/// overshoot, and means over those settled at the end (settle time) or with a target now
/// (final error).
fn arrival_values(tracks: &[&AgentTrack], values: &mut Values) {
    let tracks: Vec<&AgentTrack> = tracks.iter().copied().filter(|t| t.targeted).collect();
    if tracks.is_empty() {
        return;
    }
    let arrived: Vec<&&AgentTrack> = tracks
        .iter()
        .filter(|t| t.arrived_after_secs.is_some())
        .collect();
    values.set("arrived", Some(arrived.len() as f64 / tracks.len() as f64));
    values.set(
        "time_to_arrive",
        mean(arrived.iter().filter_map(|t| t.arrived_after_secs)),
    );
    values.set(
        "overshoot",
        arrived
            .iter()
            .map(|t| f64::from(t.overshoot))
            .reduce(f64::max),
    );
    values.set(
        "settle_time",
        mean(tracks.iter().filter_map(|t| t.settled_after_secs)),
    );
    values.set(
        "final_error",
        mean(tracks.iter().filter_map(|t| t.error.map(f64::from))),
    );
}

/// Motion: means over the agents observed of their path ratio and jitters, and the shares of
/// all their ticks at the maxima.
fn motion_values(tracks: &[&AgentTrack], dt: f64, values: &mut Values) {
    let moved = || tracks.iter().filter(|t| t.ticks > 0);
    values.set(
        "path_ratio",
        mean(moved().filter_map(|t| {
            let straight = f64::from(t.displacement.length());
            (straight > 1e-3).then(|| t.path_length / straight)
        })),
    );
    values.set(
        "heading_jitter",
        mean(moved().map(|t| t.heading_change / (t.ticks as f64 * dt))),
    );
    values.set(
        "force_jitter",
        mean(
            moved()
                .filter(|t| t.ticks > 1)
                .map(|t| t.force_change / (t.ticks - 1) as f64),
        ),
    );
    let agent_ticks: u64 = tracks.iter().map(|t| t.ticks).sum();
    if agent_ticks > 0 {
        let share = |n: u64| n as f64 / agent_ticks as f64;
        values.set(
            "at_max_speed",
            Some(share(tracks.iter().map(|t| t.at_max_speed).sum())),
        );
        values.set(
            "at_max_force",
            Some(share(tracks.iter().map(|t| t.at_max_force).sum())),
        );
    }
}

/// The mean of `values`, `None` when there are none.
fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0_u64), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// A uniform hash of the agents by position, rebuilt each tick, for the contact pairs.
#[derive(Clone, Debug, Default)]
struct Contacts {
    cell: f32,
    columns: usize,
    rows: usize,
    /// Agent indices sorted by cell.
    order: Vec<u32>,
    /// `starts[c]..starts[c + 1]` indexes `order` for cell `c`.
    starts: Vec<u32>,
    /// Each agent's body radius, by index.
    radii: Vec<f32>,
}

impl Contacts {
    fn build(&mut self, world: &World, reach: f32) {
        let size = world.spec().size;
        let agents = world.agents();
        // Cells no smaller than the contact reach, and no more than about sixteen per agent.
        let floor = (size.x * size.y / (16.0 * agents.len().max(1) as f32)).sqrt();
        self.radii.clear();
        self.radii.extend(agents.iter().map(|a| {
            world
                .spec()
                .groups
                .get(usize::from(a.group))
                .map_or(0.0, |g| g.radius)
        }));
        self.cell = reach.max(floor).max(1.0);
        self.columns = cells_along(size.x, self.cell);
        self.rows = cells_along(size.y, self.cell);
        let cells = self.columns * self.rows;
        let cell_of: Vec<usize> = agents.iter().map(|a| self.cell_of(a.position)).collect();
        self.starts.clear();
        self.starts.resize(cells + 1, 0);
        for &c in &cell_of {
            self.starts[c + 1] += 1;
        }
        for c in 0..cells {
            self.starts[c + 1] += self.starts[c];
        }
        let mut fill = self.starts.clone();
        self.order.clear();
        self.order.resize(agents.len(), 0);
        for (i, &c) in cell_of.iter().enumerate() {
            self.order[fill[c] as usize] = u32::try_from(i).unwrap_or(u32::MAX);
            fill[c] += 1;
        }
    }

    fn coords(&self, p: Vec2) -> (usize, usize) {
        (
            cell_index(p.x, self.cell, self.columns),
            cell_index(p.y, self.cell, self.rows),
        )
    }

    fn cell_of(&self, p: Vec2) -> usize {
        let (x, y) = self.coords(p);
        y * self.columns + x
    }

    /// Calls `visit(other, gap)` for the agents after `me` (by index) whose bodies come within
    /// a cell's width of agent `me`'s, with the gap between the two bodies (negative when they
    /// overlap): every close pair once.
    fn for_each_near(&self, world: &World, me: usize, mut visit: impl FnMut(usize, f32)) {
        let agents = world.agents();
        let here = agents[me].position;
        let mine = self.radii[me];
        let (cx, cy) = self.coords(here);
        for row in cy.saturating_sub(1)..=(cy + 1).min(self.rows - 1) {
            for column in cx.saturating_sub(1)..=(cx + 1).min(self.columns - 1) {
                let c = row * self.columns + column;
                for &other in &self.order[self.starts[c] as usize..self.starts[c + 1] as usize] {
                    let other = other as usize;
                    if other <= me {
                        continue;
                    }
                    let gap = here.distance(agents[other].position) - mine - self.radii[other];
                    if gap <= self.cell {
                        visit(other, gap);
                    }
                }
            }
        }
    }
}

/// The root of `i` in a union-find forest, halving the path on the way.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// How many cells of `cell` cover `length`: 1 to 4,096.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn cells_along(length: f32, cell: f32) -> usize {
    // Clamped in f32 first, so the cast is of a whole number in 1..=4096.
    (length / cell).ceil().clamp(1.0, 4096.0) as usize
}

/// The cell of coordinate `x` among `cells` cells of `cell` (outside: the nearest edge cell).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn cell_index(x: f32, cell: f32, cells: usize) -> usize {
    let k = (x / cell).floor();
    if k.is_nan() {
        return 0;
    }
    // Clamped in f32 first, so the cast is of a whole number in 0..cells.
    k.clamp(0.0, (cells - 1) as f32) as usize
}

/// The number of connected components of `points` where two points closer than `radius`
/// (and `radius > 0`) are linked.
///
/// Points are bucketed in square cells of side `radius / √2` (larger only over a huge extent),
/// the grid form of density clustering: two points in one such cell are always linked, so each
/// cell is joined whole, and two cells are joined as soon as one pair across them is close
/// enough (cells up to two apart can hold such a pair). A dense clump costs about one check per
/// neighbouring cell, not one per pair.
#[must_use]
pub fn components(points: &[Vec2], radius: f32) -> usize {
    let n = points.len();
    if n == 0 {
        return 0;
    }
    if radius <= 0.0 || !radius.is_finite() {
        return n;
    }
    let finite = || points.iter().filter(|p| p.is_finite());
    let min = finite().fold(Vec2::splat(f32::INFINITY), |m, p| m.min(*p));
    let max = finite().fold(Vec2::splat(f32::NEG_INFINITY), |m, p| m.max(*p));
    let span = (max - min).max(Vec2::ZERO);
    // At most 4,096 cells a side: a sparse crowd over a huge world gets bigger cells.
    let cell = (radius / std::f32::consts::SQRT_2)
        .max(span.x / 4096.0)
        .max(span.y / 4096.0);
    // Whether any two points of one cell are within `radius` of each other.
    let whole = cell * std::f32::consts::SQRT_2 <= radius;
    let columns = cells_along(span.x.max(cell), cell) + 1;
    let rows = cells_along(span.y.max(cell), cell) + 1;
    let coords = |p: Vec2| {
        let q = if p.is_finite() { p - min } else { Vec2::ZERO };
        (cell_index(q.x, cell, columns), cell_index(q.y, cell, rows))
    };
    let mut starts = vec![0_usize; columns * rows + 1];
    let cell_of: Vec<usize> = points
        .iter()
        .map(|&p| {
            let (x, y) = coords(p);
            y * columns + x
        })
        .collect();
    for &c in &cell_of {
        starts[c + 1] += 1;
    }
    for c in 0..columns * rows {
        starts[c + 1] += starts[c];
    }
    let mut fill = starts.clone();
    let mut order = vec![0_usize; n];
    for (i, &c) in cell_of.iter().enumerate() {
        order[fill[c]] = i;
        fill[c] += 1;
    }
    let mut parent: Vec<usize> = (0..n).collect();
    let join = |parent: &mut [usize], i: usize, j: usize| {
        let (ri, rj) = (root(parent, i), root(parent, j));
        if ri != rj {
            parent[ri.max(rj)] = ri.min(rj);
        }
    };
    let members = |c: usize| &order[starts[c]..starts[c + 1]];
    let close = |i: usize, j: usize| points[i].distance(points[j]) <= radius;
    // The non-empty cells, in order.
    let mut occupied: Vec<usize> = cell_of.clone();
    occupied.sort_unstable();
    occupied.dedup();
    for c in occupied {
        let here = members(c);
        let Some(&first) = here.first() else {
            continue;
        };
        // Within the cell.
        for (k, &i) in here.iter().enumerate() {
            if whole {
                join(&mut parent, first, i);
            } else {
                for &j in &here[k + 1..] {
                    if close(i, j) {
                        join(&mut parent, i, j);
                    }
                }
            }
        }
        // With the cells after it, up to two away.
        let (cx, cy) = (c % columns, c / columns);
        for y in cy..=(cy + 2).min(rows - 1) {
            for x in cx.saturating_sub(2)..=(cx + 2).min(columns - 1) {
                let d = y * columns + x;
                if d <= c {
                    continue;
                }
                let there = members(d);
                let Some(&other) = there.first() else {
                    continue;
                };
                if whole && root(&mut parent, first) == root(&mut parent, other) {
                    continue;
                }
                'pairs: for &i in here {
                    for &j in there {
                        if close(i, j) {
                            join(&mut parent, i, j);
                            if whole {
                                break 'pairs;
                            }
                        }
                    }
                }
            }
        }
    }
    (0..n).filter(|&i| root(&mut parent, i) == i).count()
}
