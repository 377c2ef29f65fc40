//! Numbers that say how a run went, per group and per agent: arrival, motion, contact,
//! pursuit and flocking. A [`Recorder`] watches a [`World`] tick by tick (call
//! [`Recorder::observe`] after every [`World::step`]) and [`Recorder::report`] gives the
//! [`Metrics`]. Every definition, with its formula and which direction is better, is in
//! `docs/metrics.md`; the names here are the names there and on the command line.
//!
//! The recorder reads only what the world already holds (positions, velocities, headings, the
//! applied force of each agent's record) and keeps a few numbers per agent, so it is cheap
//! enough to run on every tick; it never changes the world.

mod definitions;
mod grid;
mod report;

use std::cmp::Ordering;

use glam::Vec2;

use super::World;
use super::params::Target;
pub use definitions::{Better, DEFINITIONS, Definition, definition};
use grid::Contacts;
pub use grid::components;

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

/// Agent `i`'s track takes in the tick the world has just run.
fn observe_agent(world: &World, i: usize, track: &mut AgentTrack) {
    let spec = world.spec();
    let dt = spec.dt;
    let Some(a) = world.agents().get(i) else {
        return;
    };
    let Some(group) = spec.groups.get(usize::from(a.group)) else {
        return;
    };
    let force = world.records().get(i).map_or(Vec2::ZERO, |r| r.applied);
    let speed = a.velocity.length();
    track.ticks += 1;
    track.path_length += f64::from(speed * dt);
    track.displacement += a.velocity * dt;
    let heading = a.heading();
    track.heading_change += f64::from(turn(track.last_heading, heading).abs());
    track.last_heading = heading;
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
        return;
    };
    track.targeted = true;
    let offset = a.position - target;
    let distance = offset.length();
    let tolerance = group.radius.max(MIN_TOLERANCE);
    let inside = distance <= tolerance;
    let secs = (world.tick() - track.first_tick) as f64 * f64::from(dt);
    if inside && track.arrived_after_secs.is_none() {
        track.arrived_after_secs = Some(secs);
        // The direction of travel toward the target: past it is along this.
        track.approach = (-offset)
            .try_normalize()
            .unwrap_or_else(|| a.velocity.try_normalize().unwrap_or(a.heading()));
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

/// Agents per piece of the tracks' work over the threads.
const TRACK_CHUNK: usize = 1024;

/// Slots of the contact grid per piece of work over the threads.
const CONTACT_CHUNK: usize = 1024;

/// What one run of the contact grid's cells found, per group.
struct ContactSums {
    /// Per pair of groups (`lo * groups + hi`, lower index's group first), the least squared
    /// distance.
    nearest: Vec<f32>,
    overlaps: Vec<u64>,
    scenery: Vec<u64>,
    /// (pursuer id, prey id) touching.
    touching: Vec<(u32, u32)>,
}

impl ContactSums {
    fn new(groups: usize) -> Self {
        Self {
            nearest: vec![f32::INFINITY; groups * groups],
            overlaps: vec![0; groups],
            scenery: vec![0; groups],
            touching: Vec::new(),
        }
    }
}

/// Whether agent `a`'s body overlaps an obstacle or comes within its radius of a wall.
fn touches_scenery(spec: &super::WorldSpec, a: &crate::sim::Agent) -> bool {
    let r = spec
        .groups
        .get(usize::from(a.group))
        .map_or(0.0, |group| group.radius);
    spec.obstacles
        .iter()
        .any(|o| a.position.distance(o.center) < r + o.radius)
        || spec.walls.iter().any(|w| {
            a.position
                .distance(super::scenery::closest_on_segment(w.from, w.to, a.position))
                < r
        })
}

/// Groups `g` and `h`, once when they are the same.
fn both(g: usize, h: usize) -> impl Iterator<Item = usize> {
    [g, h].into_iter().take(if g == h { 1 } else { 2 })
}

/// The lesser of two gaps, in the total order of floats (so -0 before +0, and the same
/// whichever comes first).
fn lesser(a: f32, b: f32) -> f32 {
    if b.total_cmp(&a).is_lt() { b } else { a }
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
                    last_heading: a.heading(),
                    last_force: records.get(i).map_or(Vec2::ZERO, |r| r.applied),
                    ..AgentTrack::default()
                });
            }
        }
    }

    /// Takes in the tick the world has just run.
    pub fn observe(&mut self, world: &World) {
        self.ticks += 1;
        // Agents are in id order, so each chunk of them owns a run of the tracks (by id): the
        // chunks are worked on at once, each agent's track on its own.
        let agents = world.agents();
        let mut rest = self.agents.as_mut_slice();
        let mut taken = 0;
        let mut items = Vec::new();
        for range in world.chunks(TRACK_CHUNK) {
            let end = agents
                .get(range.end)
                .map_or(usize::MAX, |a| a.id as usize)
                .saturating_sub(taken)
                .min(rest.len());
            let (mine, after) = rest.split_at_mut(end);
            items.push((range, taken, mine));
            taken += end;
            rest = after;
        }
        let fresh = world.map_each(items, |(range, first_id, tracks)| {
            let mut fresh = false;
            for i in range {
                let Some(a) = agents.get(i) else {
                    continue;
                };
                match (a.id as usize)
                    .checked_sub(first_id)
                    .and_then(|k| tracks.get_mut(k))
                {
                    Some(Some(track)) => observe_agent(world, i, track),
                    _ => fresh = true,
                }
            }
            fresh
        });
        self.observe_contacts(world);
        self.observe_flocks(world);
        if fresh.contains(&true) {
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
        let groups = spec.groups.len();
        let hunting = prey.iter().any(Option::is_some);
        let scratch = &self.scratch;
        // Runs of cells over the threads, each summed on its own; the sums are minima, counts
        // and a list sorted afterwards, so they are the same whatever the split.
        let parts = world.map_chunks(CONTACT_CHUNK, |slots| {
            let mut sums = ContactSums::new(groups);
            let ContactSums {
                nearest,
                overlaps,
                touching,
                ..
            } = &mut sums;
            scratch.scan_pairs(slots.clone(), groups, nearest, |[i, j], [g, h]| {
                // Each pair once: it counts for both agents' groups (once when the same).
                for k in both(g, h) {
                    if let Some(n) = overlaps.get_mut(k) {
                        *n += 1;
                    }
                }
                if !hunting {
                    return;
                }
                let (a, b) = (&agents[i], &agents[j]);
                // Either may be the pursuer of the other.
                let hunts = |p: Option<Prey>, prey: &crate::sim::Agent| match p {
                    Some(Prey::Agent(id)) => prey.id == id,
                    Some(Prey::Group(pg)) => usize::from(prey.group) == pg,
                    None => false,
                };
                if hunts(prey.get(g).copied().flatten(), b) {
                    touching.push((a.id, b.id));
                }
                if hunts(prey.get(h).copied().flatten(), a) {
                    touching.push((b.id, a.id));
                }
            });
            for &i in scratch.agents_at(slots) {
                let a = &agents[i as usize];
                let g = usize::from(a.group);
                if touches_scenery(spec, a)
                    && let Some(n) = sums.scenery.get_mut(g)
                {
                    *n += 1;
                }
            }
            sums
        });
        let mut touching = Vec::new();
        let mut nearest = vec![f32::INFINITY; groups * groups];
        for part in parts {
            for (least, d2) in nearest.iter_mut().zip(&part.nearest) {
                *least = least.min(*d2);
            }
            for (g, track) in self.groups.iter_mut().enumerate() {
                track.agent_overlap_ticks += part.overlaps.get(g).copied().unwrap_or(0);
                track.obstacle_overlap_ticks += part.scenery.get(g).copied().unwrap_or(0);
            }
            touching.extend(part.touching);
        }
        // The least gap of each pair of groups, when within the contact reach, for both.
        let radius = |g: usize| spec.groups.get(g).map_or(0.0, |group| group.radius);
        for (k, &d2) in nearest.iter().enumerate() {
            let (lo, hi) = (k / groups.max(1), k % groups.max(1));
            let gap = d2.sqrt() - radius(lo) - radius(hi);
            // Within the reach (a NaN gap, of no pair, is not).
            if gap
                .partial_cmp(&scratch.reach())
                .is_none_or(Ordering::is_gt)
            {
                continue;
            }
            for g in both(lo, hi) {
                if let Some(track) = self.groups.get_mut(g) {
                    track.min_gap = Some(track.min_gap.map_or(gap, |m| lesser(m, gap)));
                }
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
            let heading_sum: glam::DVec2 = members
                .iter()
                .map(|&i| agents[i].heading().as_dvec2())
                .sum();
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
}
