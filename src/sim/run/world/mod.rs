//! The world: groups of agents advanced by a fixed tick.
//!
//! Each tick first spawns the agents that are due, then computes every agent's steering from
//! the state at the start of the tick (no agent sees another's update of the same tick), then
//! integrates every agent and applies the world bounds. Forces never depend on the order in
//! which agents are processed, so a parallel force pass gives the same bits as a serial one.

use std::sync::OnceLock;

use glam::Vec2;

use crate::sim::BehaviorKind;
use crate::sim::model::scenery::FlowGrid;
use crate::sim::run::grid::Grid;
use crate::sim::run::kdtree::KdTree;
use crate::sim::run::motion::limit_turn;
use crate::sim::run::neighbors::{Found, Rules as NeighborRules};
use crate::sim::setup::check::{self, Problem, Problems};
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::agent::Agent;
use crate::sim::steer::behaviors::Body;
use crate::sim::steer::behaviors::bounds::apply_bounds;
use crate::sim::steer::debug::{RecordSlot, RecordStore, Records};
use crate::sim::steer::detail::Detail;
use crate::sim::steer::manager::integrate;

/// The thread pool of the force pass could not be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadsError {
    /// The threads asked for.
    pub threads: usize,
    /// Why the pool did not start.
    pub reason: String,
}

impl std::fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot start {} threads: {}", self.threads, self.reason)
    }
}

impl std::error::Error for ThreadsError {}

/// How neighbours are found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NeighborSearch {
    /// A uniform grid rebuilt every tick: O(N · k).
    #[default]
    Grid,
    /// Every pair: O(N²). The reference the grid is tested against.
    Naive,
}

mod chunks;
pub mod crowd;
mod neighbor_pass;
mod resolve;
mod schedule;
mod side_tables;
mod spawn;
mod targets;
mod terrain;
mod think;

pub use schedule::{Newcomer, Spawns};

/// What an agent decided on one tick, from the state at the start of the tick.
struct Thought {
    steering: crate::sim::steer::manager::SteeringState,
    memory: crate::sim::steer::params::Memory,
    /// The agent's new route, when it changed.
    route: Option<crate::sim::steer::behaviors::navigate::route::Route>,
}

/// What one block names, resolved to indices when the spec is set: whatever the block's fields
/// name (a field that names a path, one that names a flow field, a region), found through its
/// field descriptions, so that a behavior that names scenery needs nothing here.
#[derive(Clone, Copy, Debug, Default)]
struct Links {
    /// The path it names (path following's path).
    path: Option<usize>,
    /// The flow field it names.
    flow: Option<usize>,
    /// The path whose polygon is its region (containment's).
    region: Option<usize>,
}

/// What each block of a group names, by the behavior's index.
type GroupLinks = [Links; BehaviorKind::COUNT];

/// The simulation.
#[derive(Clone, Debug)]
pub struct World {
    spec: WorldSpec,
    agents: Vec<Agent>,
    /// The buffer the next tick's agents are written into (swapped with `agents`).
    next_agents: Vec<Agent>,
    records: RecordStore,
    spawns: Spawns,
    pointer: Option<Vec2>,
    click: Vec2,
    tick: u64,
    next_id: u32,
    search: NeighborSearch,
    grid: Grid,
    /// Each group's neighbour rules, this tick.
    rules: Vec<NeighborRules>,
    /// Every agent, for the capped neighbour queries (built when one needs it).
    tree: OnceLock<KdTree>,
    /// The finer grid of the capped neighbour queries (built up front when the tick before
    /// needed one, else by the first query that needs it).
    fine: OnceLock<Grid>,
    /// Whether a query of the last tick needed the fine grid.
    fine_wanted: bool,
    /// Per group, its agents when some block targets the group as `Nearest` (else empty).
    group_trees: Vec<KdTree>,
    /// Whether `group_trees` hold the agents as they are (false once agents come, go or move
    /// between ticks).
    trees_current: bool,
    /// Per group, whether some enabled block targets it as `Nearest` (set with the spec).
    targeted: Vec<bool>,
    /// This tick's neighbour sums, in agent order.
    found: Vec<Found>,
    /// Scratch: the sums in the grid's cell order.
    found_by_index: Vec<Found>,
    /// Threads of the force pass: 0 = all cores, 1 = serial.
    threads: usize,
    #[cfg(feature = "parallel")]
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
    /// Per group, what its blocks name.
    links: Vec<GroupLinks>,
    /// Per group, the behaviors it has enabled, in priority order.
    active: Vec<Vec<BehaviorKind>>,
    /// Each flow field, resolved to the world's cells.
    flow_grids: Vec<FlowGrid>,
    /// The walls the behaviors see.
    terrain: terrain::Terrain,
    /// What the behaviors looked at, per agent, for the overlays: kept when asked
    /// ([`World::keep_details`]) and some group has a behavior that traces; empty otherwise.
    details: Vec<Detail>,
    /// Whether [`World::details`] are kept (an editor or a renderer asks; a game does not).
    keep_details: bool,
    /// Per agent, its rank among its group's followers (formations; empty when none).
    ranks: Vec<u32>,
    /// Per group, its number of followers (formations).
    followers: Vec<u32>,
    /// The last headings of each agent, `smoothing_stride` per agent (empty when no group
    /// smooths headings).
    heading_history: Vec<Vec2>,
    smoothing_stride: usize,
}

const CELL_FACTOR: f32 = 0.5;

/// What a tick does with the agents' motion once they have decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Motion {
    /// The world moves them ([`moved`]): its own agents.
    Integrate,
    /// They keep the motion they have: a host moves them ([`Crowd`]).
    Keep,
}

/// Where the world moves an agent of `group` at `position` with `velocity` under the applied
/// steering force `force` (already truncated to `max_force`) on one tick: the manager's update
/// (`integrate`: `velocity = truncate(velocity + force / mass * dt, max_speed)`, `position +=
/// velocity * dt`), the group's turn-rate limit (`max_turn_rate_deg`), then the world's bounds.
/// A host that moves its own entities the way the world does calls this; any other motion is
/// the host's to choose.
#[must_use]
pub fn moved(
    spec: &WorldSpec,
    group: &crate::sim::steer::params::Group,
    position: Vec2,
    velocity: Vec2,
    force: Vec2,
) -> (Vec2, Vec2) {
    let body = Body {
        position,
        velocity,
        max_speed: group.max_speed,
        mass: group.mass,
    };
    let dt = spec.dt;
    let (mut next_position, mut next_velocity) = integrate(&body, force, dt);
    if let Some(rate) = group.max_turn_rate_deg {
        next_velocity = limit_turn(velocity, next_velocity, rate.to_radians() * dt);
        next_position = position + next_velocity * dt;
    }
    apply_bounds(spec.bounds, spec.size, next_position, next_velocity)
}

fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Below this many agents the tick runs serially (threads cost more than they save): measured
/// on two cores, a flock of 256 ran at 0.72 times its one-thread speed on two threads and one of
/// 512 at 1.46 times (docs/performance.md).
#[cfg(feature = "parallel")]
const PARALLEL_MIN_AGENTS: usize = 512;

/// The same where some group has a costly block ([`crate::sim::steer::behavior::Behavior::COSTLY`]: ORCA): RVO2's Circle of
/// 64 ran at 0.79 times its one-thread speed on two threads, of 128 at 1.47 times.
#[cfg(feature = "parallel")]
const PARALLEL_MIN_COSTLY_AGENTS: usize = 128;

impl Default for World {
    /// An empty world of 800 × 600 units at 60 ticks per second, with no groups.
    fn default() -> Self {
        Self::unspawned(WorldSpec::empty(1, 1.0 / 60.0, Vec2::new(800.0, 600.0)))
    }
}

impl World {
    /// A world on `spec` with no agents yet (the caller has checked `spec`).
    fn unspawned(spec: WorldSpec) -> Self {
        Self {
            click: spec.click_target,
            spawns: Spawns::new(&spec),
            spec,
            agents: Vec::new(),
            next_agents: Vec::new(),
            records: RecordStore::default(),
            pointer: None,
            tick: 0,
            next_id: 0,
            search: NeighborSearch::Grid,
            grid: Grid::default(),
            rules: Vec::new(),
            tree: OnceLock::new(),
            fine: OnceLock::new(),
            fine_wanted: false,
            group_trees: Vec::new(),
            trees_current: false,
            targeted: Vec::new(),
            found: Vec::new(),
            found_by_index: Vec::new(),
            threads: 0,
            #[cfg(feature = "parallel")]
            pool: None,
            links: Vec::new(),
            active: Vec::new(),
            flow_grids: Vec::new(),
            terrain: terrain::Terrain::default(),
            details: Vec::new(),
            keep_details: false,
            ranks: Vec::new(),
            followers: Vec::new(),
            heading_history: Vec::new(),
            smoothing_stride: 0,
        }
        .linked()
    }

    /// Builds a world and spawns the agents due at time 0. Refuses any parameter that is out
    /// of range or not finite, listing every problem with its field path.
    pub fn new(spec: WorldSpec) -> Result<Self, Problems> {
        let checked = check::CheckedSpec::new(spec).map_err(|refused| refused.problems)?;
        Ok(Self::from_checked(checked))
    }

    /// The world of a spec known to be valid, at tick 0, spawned: no check.
    #[must_use]
    pub(crate) fn from_checked(spec: check::CheckedSpec) -> Self {
        let mut world = Self::unspawned(spec.into_spec());
        world.spawn_initial();
        world
    }

    /// Keeps the per-agent side tables (details, heading history) as long as the agent list
    /// when they are in use; new agents start with an empty trace and history.
    fn resize_side_tables(&mut self) {
        let n = self.agents.len();
        if !self.details.is_empty() {
            self.details.resize(n, Detail::default());
        }
        if self.smoothing_stride > 0 {
            self.heading_history
                .resize(n * self.smoothing_stride, Vec2::ZERO);
        }
    }

    /// Keeps (or stops keeping) what each behavior looked at on each tick, for the overlays
    /// to draw ([`World::details`]): off by default, as a game draws none of it; from the next
    /// tick on. It changes nothing of the motion.
    pub fn keep_details(&mut self, on: bool) {
        self.keep_details = on;
    }

    /// Whether the world keeps [`World::details`].
    #[must_use]
    pub fn keeps_details(&self) -> bool {
        self.keep_details
    }

    /// The parameters the world runs with.
    #[must_use]
    pub fn spec(&self) -> &WorldSpec {
        &self.spec
    }

    /// Replaces the parameters the world runs with, keeping its agents: takes effect on the
    /// next tick. Values that only matter when agents are created (seed, counts, spawning)
    /// apply on the next [`World::new`]. The group list must keep its length and order.
    /// Refused (and nothing changes) when the new parameters are invalid.
    pub fn retune(&mut self, spec: WorldSpec) -> Result<(), Problems> {
        if spec.groups.len() != self.spec.groups.len() {
            return Err(Problems(vec![Problem::new(
                crate::sim::model::field_path::FieldPath::root()
                    .key(crate::sim::setup::settings::GROUPS),
                "adding or removing a group needs a restart",
            )]));
        }
        let problems = check::check_spec(&spec);
        if !problems.is_empty() {
            return Err(problems);
        }
        self.spec = spec;
        self.relink();
        // Traces of behaviors the new spec may no longer run.
        self.details.clear();
        Ok(())
    }

    /// Moves an agent (an editor drag). Its velocity is kept.
    pub fn move_agent(&mut self, id: u32, position: Vec2) {
        if let Some(i) = self.index_of(id)
            && position.is_finite()
        {
            self.agents[i].position = position;
            self.trees_current = false;
        }
    }

    /// The agents, in id order.
    #[must_use]
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }

    /// What the behaviors looked at on the last tick, parallel to [`Self::agents`] (empty
    /// unless kept, [`Self::keep_details`], and some group uses a behavior that traces).
    #[must_use]
    pub fn details(&self) -> &[Detail] {
        &self.details
    }

    /// Each flow field of the spec, resolved to the world's cells.
    #[must_use]
    pub fn flow_grids(&self) -> &[FlowGrid] {
        &self.flow_grids
    }

    /// What each agent felt on the last tick, parallel to [`Self::agents`].
    #[must_use]
    pub fn records(&self) -> Records<'_> {
        self.records.view()
    }

    /// What agent `i` felt on the last tick.
    #[must_use]
    pub fn record(&self, i: usize) -> Option<crate::sim::Record<'_>> {
        self.records.view().get(i)
    }

    /// Bytes of record kept per agent (its [`crate::sim::AgentDebug`] and one force per
    /// behavior some group uses).
    #[must_use]
    pub fn record_bytes_per_agent(&self) -> usize {
        self.records.bytes_per_agent()
    }

    /// Ticks run so far.
    #[must_use]
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Simulated seconds so far.
    #[must_use]
    pub fn time_secs(&self) -> f64 {
        self.tick as f64 * f64::from(self.spec.dt)
    }

    /// The pointer position supplied by the host (`None` when the pointer is elsewhere).
    pub fn set_pointer(&mut self, pointer: Option<Vec2>) {
        self.pointer = pointer.filter(|p| p.is_finite());
    }

    /// The pointer position, if any.
    #[must_use]
    pub fn pointer(&self) -> Option<Vec2> {
        self.pointer
    }

    /// Moves the click target.
    pub fn set_click(&mut self, click: Vec2) {
        if click.is_finite() {
            self.click = click;
        }
    }

    /// The click target.
    #[must_use]
    pub fn click(&self) -> Vec2 {
        self.click
    }

    /// Index in [`Self::agents`] of the agent with this id.
    #[must_use]
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.agents.binary_search_by_key(&id, |a| a.id).ok()
    }

    /// Index of the group with this name.
    #[must_use]
    pub fn group_index(&self, name: &str) -> Option<usize> {
        self.spec.groups.iter().position(|g| g.name == name)
    }

    /// Runs `n` ticks.
    pub fn step_n(&mut self, n: u64) {
        for _ in 0..n {
            self.step();
        }
    }

    /// Chooses how neighbours are found. Both ways give the same bits.
    pub fn set_neighbor_search(&mut self, search: NeighborSearch) {
        self.search = search;
    }

    /// Sets the threads of the force pass: 0 = all cores, 1 = serial, n = a pool of n. Any
    /// choice gives the same bits: each agent's forces depend only on the previous tick.
    /// Without the `parallel` feature the pass is always serial.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), ThreadsError> {
        #[cfg(feature = "parallel")]
        {
            self.pool = if threads > 1 {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| ThreadsError {
                        threads,
                        reason: e.to_string(),
                    })?;
                Some(std::sync::Arc::new(pool))
            } else {
                None
            };
        }
        self.threads = threads;
        Ok(())
    }

    /// Whether its ticks run over several threads: built with the `parallel` feature, asked for
    /// a thread count other than one ([`Self::set_threads`]), and at least 512 agents (128
    /// where a group has a costly block such as ORCA).
    #[must_use]
    pub fn runs_in_parallel(&self) -> bool {
        #[cfg(feature = "parallel")]
        return self.parallel();
        #[cfg(not(feature = "parallel"))]
        false
    }

    /// Whether this tick's passes run on the pool.
    #[cfg(feature = "parallel")]
    fn parallel(&self) -> bool {
        let from = if self.active.iter().flatten().any(|kind| kind.costly()) {
            PARALLEL_MIN_COSTLY_AGENTS
        } else {
            PARALLEL_MIN_AGENTS
        };
        self.threads != 1 && self.agents.len() >= from
    }

    /// Every agent's next state and record, from the state at the start of the tick, written
    /// into `next` (a copy of the agents), `records` and `details` (empty, or one per agent).
    /// Each agent reads only that state, so any split over threads gives the same bits.
    fn advance_all(
        &self,
        next: &mut [Agent],
        records: &mut RecordStore,
        details: &mut [Detail],
        motion: Motion,
    ) {
        #[cfg(feature = "parallel")]
        if self.parallel() {
            use rayon::prelude::*;
            let run = move || {
                let agents = next.par_iter_mut().zip(records.par_slots_mut());
                if details.is_empty() {
                    agents.enumerate().for_each(|(i, (agent, mut record))| {
                        self.advance(i, agent, &mut record, None, motion);
                    });
                } else {
                    agents.zip(details.par_iter_mut()).enumerate().for_each(
                        |(i, ((agent, mut record), detail))| {
                            self.advance(i, agent, &mut record, Some(detail), motion);
                        },
                    );
                }
            };
            self.in_pool(run);
            return;
        }
        for (i, (agent, mut record)) in next.iter_mut().zip(records.slots_mut()).enumerate() {
            self.advance(i, agent, &mut record, details.get_mut(i), motion);
        }
    }

    /// Agent `i`'s decision and, with [`Motion::Integrate`], its motion for this tick: its
    /// next state into `agent`, what it felt into `record` and what the behaviors beyond the
    /// tutorials looked at into `detail`. An agent of a group that no longer exists stays as it
    /// is.
    fn advance(
        &self,
        i: usize,
        agent: &mut Agent,
        record: &mut RecordSlot<'_>,
        mut detail: Option<&mut Detail>,
        motion: Motion,
    ) {
        if let Some(now) = self.agents.get(i) {
            agent.clone_from(now);
        }
        let Some(group) = self.spec.groups.get(usize::from(agent.group)) else {
            return;
        };
        if let Some(d) = detail.as_deref_mut() {
            d.clear();
        }
        let thought = self.think(i, record, detail);
        if motion == Motion::Integrate {
            let (position, velocity) = moved(
                &self.spec,
                group,
                agent.position,
                agent.velocity,
                record.debug().applied,
            );
            agent.set_motion(position, velocity);
        }
        agent.steering = thought.steering;
        agent.memory = thought.memory;
        if let Some(route) = thought.route {
            agent.route = Some(Box::new(route));
        }
    }

    /// The navigation mesh each group navigates (none for a group that does not), for the
    /// overlays.
    pub fn navmeshes(&self) -> impl Iterator<Item = Option<&crate::sim::model::navmesh::NavMesh>> {
        self.terrain.meshes()
    }

    /// The grid of the last tick (empty when no group flocks or the search is naive).
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Runs one tick.
    pub fn step(&mut self) {
        self.step_then(|_| ());
    }

    /// Runs one tick, then `after` on the world as the tick left it, on the world's threads
    /// from the start when its ticks run in parallel: the tick's passes and what `after`
    /// spreads over the threads (a metrics recorder's observation) are one hand-over to the
    /// pool, not one each.
    pub fn step_then<T: Send>(&mut self, after: impl FnOnce(&Self) -> T + Send) -> T {
        #[cfg(feature = "parallel")]
        if self.parallel()
            && let Some(pool) = self.pool.clone()
        {
            return pool.install(|| {
                self.run_tick(Motion::Integrate);
                after(self)
            });
        }
        self.run_tick(Motion::Integrate);
        after(self)
    }

    /// One tick: the agents due are spawned, every agent decides from the state at the start
    /// of the tick, and, with [`Motion::Integrate`], moves.
    fn run_tick(&mut self, motion: Motion) {
        self.spawn_due();
        self.rules.clear();
        self.rules
            .extend(self.spec.groups.iter().map(NeighborRules::of));
        let radius = self.rules.iter().map(|r| r.radius).fold(0.0, f32::max);
        if self.search == NeighborSearch::Grid && radius > 0.0 {
            // Half-radius cells: a query covers 5 x 5 cells, about twice the circle's area, where
            // 3 x 3 full-radius cells cover almost three times it (measured with callgrind:
            // 5% fewer instructions per tick on the bench flock).
            self.rebuild_grid(radius * CELL_FACTOR);
        } else {
            self.grid = Grid::default();
        }
        self.tree = OnceLock::new();
        self.prepare_fine_grid();
        self.rebuild_group_trees();
        let mut found = std::mem::take(&mut self.found);
        self.fine_wanted = false;
        if radius > 0.0 {
            // The pass writes every entry: resized, not cleared (a serial write of 48 bytes an
            // agent, 2.4 MB a tick at 50,000, before the pass that overwrites them).
            found.resize(self.agents.len(), Found::default());
            self.fine_wanted = self.find_all(&mut found);
            if self.grid.cell_size() > 0.0 {
                // From the grid's cell order to agent order, once, so the force pass reads
                // its agents' sums in order (measured: reading them through the grid slots
                // from both threads cost 100 µs a tick at 10,000 agents).
                let mut by_index = std::mem::take(&mut self.found_by_index);
                self.gather_found(&found, &mut by_index);
                self.found_by_index = std::mem::replace(&mut found, by_index);
            }
        } else {
            found.clear();
        }
        self.found = found;
        self.prepare_side_tables();
        let mut next = std::mem::take(&mut self.next_agents);
        if next.len() != self.agents.len() {
            next.clone_from(&self.agents);
        }
        let mut records = std::mem::take(&mut self.records);
        let mut details = std::mem::take(&mut self.details);
        self.advance_all(&mut next, &mut records, &mut details, motion);
        self.records = records;
        self.details = details;
        self.next_agents = std::mem::replace(&mut self.agents, next);
        if motion == Motion::Integrate {
            self.smooth_headings();
        }
        self.tick += 1;
    }

    /// The 2-d trees of the groups some block targets as `Nearest`, over this tick's agents.
    fn rebuild_group_trees(&mut self) {
        self.group_trees
            .resize_with(self.spec.groups.len(), KdTree::default);
        for (g, tree) in self.group_trees.iter_mut().enumerate() {
            if !self.targeted.get(g).copied().unwrap_or(false) {
                if !tree.is_empty() {
                    tree.rebuild(std::iter::empty());
                }
                continue;
            }
            let members = self
                .agents
                .iter()
                .enumerate()
                .filter(|(_, a)| usize::from(a.group) == g)
                .map(|(j, a)| (index_u32(j), a.position));
            tree.rebuild(members);
        }
        self.trees_current = true;
    }
}
