//! Numbers that say how a run went, per group and per agent: arrival, motion, contact,
//! pursuit and flocking. A [`Recorder`] watches a [`World`] tick by tick (call
//! [`Recorder::observe`] after every [`World::step`]) and [`Recorder::report`] gives the
//! [`Metrics`]. Every definition, with its formula and which direction is better, is in
//! `docs/metrics.md`; the names here are the names there and on the command line.
//!
//! The recorder reads only what the world already holds (positions, velocities, headings, the
//! applied force of each agent's record) and keeps a few numbers per agent, so it is cheap
//! enough to run on every tick; it never changes the world.

mod components;
mod contacts;
mod definitions;
mod flocks;
mod grid;
mod report;
mod tracks;

use glam::Vec2;

use crate::sim::World;
use crate::sim::steer::params::Target;
pub use components::components;
pub use definitions::{Better, DEFINITIONS, Definition, Metric, definition, metric_text};
use grid::Contacts;

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
    /// `path_length` when it first arrived.
    pub path_at_arrival: f64,
    /// The length of the first route it planned (navigation), when it planned one.
    pub route_length: Option<f64>,
    /// What its last plan found, once it navigates (`None`: it has not planned).
    pub plan: Option<Plan>,
    /// Seconds from its first sighting until, before arriving, it had moved slower than
    /// [`STUCK_SPEED`] of its `max_speed` for [`STUCK_SECS`] in a row (the first time).
    pub stuck_after_secs: Option<f64>,
    /// Ticks in a row it has moved that slowly, before arriving.
    slow_ticks: u64,
    last_heading: Vec2,
    last_force: Vec2,
    was_inside: bool,
}

/// What a navigating agent's last plan found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// A route to its target.
    Route,
    /// No route: its target cannot be reached.
    Unreachable,
}

/// An agent not yet arrived moving slower than this share of its `max_speed`...
pub const STUCK_SPEED: f32 = 0.05;
/// ... for this long in a row (seconds) is stuck.
pub const STUCK_SECS: f32 = 2.0;

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
    /// Ticks the flocks were counted on (every [`flocks::FLOCKS_EVERY`]th).
    flock_counts: u64,
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
    counting: flocks::CountScratch,
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

/// The target whose arrival a group is measured against ([`crate::sim::Group::arrival_target`]).
fn arrival_target(group: &crate::sim::Group) -> Option<&Target> {
    group.arrival_target()
}

/// The group a group pursues: its pursuit block's target, when that names agents.
fn prey_of(world: &World, group: &crate::sim::Group) -> Option<Prey> {
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
        // On the world's threads from the start: one hand-over to the pool, not one per step.
        world.in_pool(|| self.observe_in_pool(world));
    }

    fn observe_in_pool(&mut self, world: &World) {
        self.ticks += 1;
        let flocking = flocks::flocking(world);
        let spec = world.spec();
        let largest = spec.groups.iter().map(|g| g.radius).fold(0.0_f32, f32::max);
        // The one-group scan reads positions only (see `scan_contacts`).
        let one = contacts::one_group(world);
        let count = self
            .ticks
            .saturating_sub(1)
            .is_multiple_of(flocks::FLOCKS_EVERY);
        // The flocks are counted (on their ticks) on one thread from the start, while on the
        // others the contact hash is built and the tracks taken in, then the contact pairs
        // scanned: the count (the longest piece) overlaps all the rest, with no wait for every
        // thread between the tracks and the scan.
        let Self {
            agents: tracks,
            scratch,
            counting,
            ..
        } = self;
        let (counts, (parts, contacts)) = world.join(
            || count.then(|| flocks::count(world, &flocking, counting)),
            || {
                let (parts, ()) = world.join(
                    || tracks::take(world, tracks, &flocking),
                    || scratch.build(world, 2.0 * largest, one.is_some()),
                );
                (parts, Self::scan_contacts(scratch, world, one))
            },
        );
        self.take_contacts(world, contacts);
        let mut sums = vec![flocks::Sums::default(); flocking.len()];
        for (_, part) in &parts {
            flocks::merge(&mut sums, part);
        }
        self.observe_flocks(&sums, counts.as_deref());
        if parts.iter().any(|(fresh, _)| *fresh) {
            self.sight(world);
        }
    }
}
