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

use glam::Vec2;

use super::World;
use super::params::Target;
pub use components::components;
pub use definitions::{Better, DEFINITIONS, Definition, definition};
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

/// What the tracks of a group's agents read from the group, looked up once per run of agents.
#[derive(Clone, Copy)]
struct Look<'a> {
    /// Speeds from this on count as at `max_speed`.
    fast: f32,
    /// Forces from this on count as at `max_force` (none when `max_force` is not positive).
    strong: Option<f32>,
    /// The arrival target (see [`arrival_target`]).
    target: Option<&'a Target>,
    /// Within this of its target an agent has arrived.
    tolerance: f32,
}

impl<'a> Look<'a> {
    fn of(group: &'a super::Group) -> Self {
        Self {
            fast: group.max_speed * (1.0 - AT_MAX),
            strong: (group.max_force > 0.0).then_some(group.max_force * (1.0 - AT_MAX)),
            target: arrival_target(group),
            tolerance: group.radius.max(MIN_TOLERANCE),
        }
    }
}

/// Agent `i`'s track takes in the tick the world has just run (`heading`: its heading, `force`:
/// the force applied to it, `look`: its group's).
fn observe_agent(
    world: &World,
    i: usize,
    heading: Vec2,
    force: Vec2,
    look: Look<'_>,
    track: &mut AgentTrack,
) {
    let Some(a) = world.agents().get(i) else {
        return;
    };
    let dt = world.spec().dt;
    let speed = a.velocity.length();
    track.ticks += 1;
    track.path_length += f64::from(speed * dt);
    track.displacement += a.velocity * dt;
    track.heading_change += turn(track.last_heading, heading);
    track.last_heading = heading;
    if track.ticks > 1 {
        track.force_change += f64::from((force - track.last_force).length());
    }
    track.last_force = force;
    if speed >= look.fast {
        track.at_max_speed += 1;
    }
    if look.strong.is_some_and(|strong| force.length() >= strong) {
        track.at_max_force += 1;
    }
    let Some((target, _)) = look.target.and_then(|t| world.locate(t, i)) else {
        track.error = None;
        return;
    };
    track.targeted = true;
    let offset = a.position - target;
    let distance = offset.length();
    let inside = distance <= look.tolerance;
    let secs = || (world.tick() - track.first_tick) as f64 * f64::from(dt);
    if inside && track.arrived_after_secs.is_none() {
        track.arrived_after_secs = Some(secs());
        // The direction of travel toward the target: past it is along this.
        track.approach = (-offset)
            .try_normalize()
            .unwrap_or_else(|| a.velocity.try_normalize().unwrap_or(a.heading()));
    }
    if track.arrived_after_secs.is_some() {
        track.overshoot = track.overshoot.max(offset.dot(track.approach));
    }
    if inside && !track.was_inside {
        track.settled_after_secs = Some(secs());
    } else if !inside {
        track.settled_after_secs = None;
    }
    track.was_inside = inside;
    track.error = Some(distance);
}

/// Agents per piece of the tracks' work over the threads.
const TRACK_CHUNK: usize = 1024;

/// The angle between unit vectors `a` and `b`, in `[0, π]`: `atan2(|a × b|, a · b)`, worked in
/// f64 (the products of f32 components are exact there).
///
/// A tick's turn is small, where `atan(t)`, `t = |a × b| / (a · b) ≤ 1/8`, is its series
/// `t − t³/3 + t⁵/5 − …` cut after `t¹¹/11`: the first term left out is below `1.2 · 10⁻¹²` of
/// `t`, far under the f32 inputs' own rounding, at a fraction of the cost of `atan2`; larger turns take
/// `atan2` itself.
fn turn(a: Vec2, b: Vec2) -> f64 {
    let (a, b) = (a.as_dvec2(), b.as_dvec2());
    let (cross, dot) = (a.perp_dot(b).abs(), a.dot(b));
    if dot > 0.0 && cross <= 0.125 * dot {
        let t = cross / dot;
        let t2 = t * t;
        let series = 1.0 / 11.0;
        let series = 1.0 / 9.0 - t2 * series;
        let series = 1.0 / 7.0 - t2 * series;
        let series = 1.0 / 5.0 - t2 * series;
        let series = 1.0 / 3.0 - t2 * series;
        return t * (1.0 - t2 * series);
    }
    libm::atan2(cross, dot)
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
                    || take_tracks(world, tracks, &flocking),
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

/// Every agent's track takes in the tick the world has just run (`tracks` by agent id), and
/// the flock sums of each run of agents: whether an agent had no track yet, and the sums.
///
/// Agents are in id order, so each chunk of them owns a run of the tracks (by id): the chunks
/// are worked on at once, each agent's track on its own.
fn take_tracks(
    world: &World,
    tracks: &mut [Option<AgentTrack>],
    flocking: &[bool],
) -> Vec<(bool, Vec<flocks::Sums>)> {
    let agents = world.agents();
    let mut rest = tracks;
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
    let looks: Vec<Look<'_>> = world.spec().groups.iter().map(Look::of).collect();
    let records = world.records();
    world.map_each(items, |(range, first_id, tracks)| {
        let mut fresh = false;
        let mut first = flocks::FirstPass::new(flocking);
        for i in range.clone() {
            let Some(a) = agents.get(i) else {
                continue;
            };
            let Some(&look) = looks.get(usize::from(a.group)) else {
                continue;
            };
            let heading = a.heading();
            first.add(a, heading);
            match (a.id as usize)
                .checked_sub(first_id)
                .and_then(|k| tracks.get_mut(k))
            {
                Some(Some(track)) => {
                    let force = records.get(i).map_or(Vec2::ZERO, |r| r.applied);
                    observe_agent(world, i, heading, force, look, track);
                }
                _ => fresh = true,
            }
        }
        let mut sums = first.sums();
        flocks::finish(flocking, &mut sums, agents.get(range).unwrap_or_default());
        (fresh, sums)
    })
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    proptest! {
        /// The turn, by its series for small turns and `atan2` past them, is the angle between
        /// the two headings: within `2 · 10⁻¹²` of it (relative) for any pair, from a hair to
        /// a reversal, and exactly 0 for the same heading.
        // The same heading turns by exactly 0: an exact value.
        #[allow(clippy::float_cmp)]
        #[test]
        fn the_turn_is_the_angle_between_headings(
            from in -std::f32::consts::PI..std::f32::consts::PI,
            by in prop_oneof![-1.0e-6_f32..1.0e-6, -0.2_f32..0.2, -3.2_f32..3.2],
        ) {
            let (a, b) = (Vec2::from_angle(from), Vec2::from_angle(from + by));
            let (da, db) = (a.as_dvec2(), b.as_dvec2());
            let exact = libm::atan2(da.perp_dot(db).abs(), da.dot(db));
            let turn = super::turn(a, b);
            prop_assert!((turn - exact).abs() <= 2.0e-12 * exact, "{} against {}", turn, exact);
            prop_assert_eq!(super::turn(a, a), 0.0);
        }
    }
}
