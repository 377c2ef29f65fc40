//! The world: groups of agents advanced by a fixed tick.
//!
//! Each tick first spawns the agents that are due, then computes every agent's steering from
//! the state at the start of the tick (no agent sees another's update of the same tick), then
//! integrates every agent and applies the world bounds. Forces never depend on the order in
//! which agents are processed, so a parallel force pass gives the same bits as a serial one.

use std::sync::OnceLock;

use glam::Vec2;

use super::agent::Agent;
use super::behaviors::Body;
use super::behaviors::bounds::apply_bounds;
use super::behaviors::flocking::Rule;
use super::behaviors::wander::random_point;
use super::check::{self, Problem, Problems};
use super::debug::AgentDebug;
use super::grid::Grid;
use super::kdtree::KdTree;
use super::neighbors::{Found, Neighbors, Rules as NeighborRules};
use super::params::{BehaviorKind, BlockCommon, BoundsMode, Spawn, Target};
use super::rng::WorldRng;
use super::spec::WorldSpec;
use super::steering::{SteeringManager, integrate};

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

#[derive(Clone, Debug, Default)]
struct Spawner {
    remaining: u32,
    timer_secs: f32,
}

/// What an agent decided on one tick, from the state at the start of the tick.
struct Thought {
    record: AgentDebug,
    steering: super::steering::SteeringState,
    wander_point: Vec2,
    wander_timer_secs: f32,
    stamina: f32,
    resting: bool,
    prey: Option<u32>,
}

/// The simulation.
#[derive(Clone, Debug)]
pub struct World {
    spec: WorldSpec,
    agents: Vec<Agent>,
    /// The buffer the next tick's agents are written into (swapped with `agents`).
    next_agents: Vec<Agent>,
    records: Vec<AgentDebug>,
    spawners: Vec<Spawner>,
    pointer: Option<Vec2>,
    click: Vec2,
    tick: u64,
    next_id: u32,
    rng: WorldRng,
    search: NeighborSearch,
    grid: Grid,
    /// Each group's neighbour rules, this tick.
    rules: Vec<NeighborRules>,
    /// Every agent, for the capped neighbour queries (built when one needs it).
    tree: OnceLock<KdTree>,
    /// Per group, its agents when some block targets the group as `Nearest` (else empty).
    group_trees: Vec<KdTree>,
    /// This tick's neighbour sums, in agent order.
    found: Vec<Found>,
    /// Scratch: the sums in the grid's cell order.
    found_by_index: Vec<Found>,
    /// Threads of the force pass: 0 = all cores, 1 = serial.
    threads: usize,
    #[cfg(feature = "parallel")]
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
}

const CELL_FACTOR: f32 = 0.5;

/// Grid slots per task of the parallel neighbour pass.
#[cfg(feature = "parallel")]
const FIND_CHUNK: usize = 256;

fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Below this many agents the force pass runs serially (threads cost more than they save).
#[cfg(feature = "parallel")]
const PARALLEL_MIN_AGENTS: usize = 512;

impl Default for World {
    /// An empty world of 800 × 600 units at 60 ticks per second, with no groups.
    fn default() -> Self {
        let spec = WorldSpec {
            seed: 1,
            dt_secs: 1.0 / 60.0,
            size: Vec2::new(800.0, 600.0),
            bounds: BoundsMode::Wrap,
            click_target: Vec2::new(400.0, 300.0),
            obstacles: Vec::new(),
            groups: Vec::new(),
        };
        Self::unspawned(spec)
    }
}

impl World {
    /// A world on `spec` with no agents yet (the caller has checked `spec`).
    fn unspawned(spec: WorldSpec) -> Self {
        Self {
            rng: WorldRng::new(spec.seed),
            click: spec.click_target,
            spawners: vec![Spawner::default(); spec.groups.len()],
            spec,
            agents: Vec::new(),
            next_agents: Vec::new(),
            records: Vec::new(),
            pointer: None,
            tick: 0,
            next_id: 0,
            search: NeighborSearch::Grid,
            grid: Grid::default(),
            rules: Vec::new(),
            tree: OnceLock::new(),
            group_trees: Vec::new(),
            found: Vec::new(),
            found_by_index: Vec::new(),
            threads: 0,
            #[cfg(feature = "parallel")]
            pool: None,
        }
    }

    /// Builds a world and spawns the agents due at time 0. Refuses any parameter that is out
    /// of range or not finite, listing every problem with its field path.
    pub fn new(spec: WorldSpec) -> Result<Self, Problems> {
        let problems = check::check_spec(&spec);
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut world = Self::unspawned(spec);
        world.spawn_initial();
        Ok(world)
    }

    fn spawn_initial(&mut self) {
        for g in 0..self.spec.groups.len() {
            let group = &self.spec.groups[g];
            let count = group.count;
            match group.spawn.clone() {
                Spawn::Area { min, max, speed } => {
                    for _ in 0..count {
                        let x = self.rng.next_f32();
                        let y = self.rng.next_f32();
                        let heading = self.rng.next_f32() * std::f32::consts::TAU;
                        let position = min + (max - min) * Vec2::new(x, y);
                        let velocity = Vec2::new(libm::cosf(heading), libm::sinf(heading)) * speed;
                        self.push_agent(g, position, velocity);
                    }
                }
                Spawn::At { position, velocity } => {
                    for _ in 0..count {
                        self.push_agent(g, position, velocity);
                    }
                }
                Spawn::Queue {
                    position, velocity, ..
                } => {
                    if count > 0 {
                        self.push_agent(g, position, velocity);
                    }
                    self.spawners[g] = Spawner {
                        remaining: count.saturating_sub(1),
                        timer_secs: 0.0,
                    };
                }
            }
        }
    }

    fn push_agent(&mut self, group: usize, position: Vec2, velocity: Vec2) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        let stamina = self.spec.groups[group]
            .stamina
            .as_ref()
            .map_or(0.0, |s| s.max);
        let group_index = u16::try_from(group).unwrap_or(u16::MAX);
        self.agents.push(Agent::new(
            id,
            group_index,
            position,
            velocity,
            self.spec.seed,
            stamina,
        ));
        self.records.push(AgentDebug::default());
        id
    }

    /// Adds an agent of group `group` (index) now. Returns its id, or `None` for no such group.
    pub fn add_agent(&mut self, group: usize, position: Vec2, velocity: Vec2) -> Option<u32> {
        (group < self.spec.groups.len()).then(|| self.push_agent(group, position, velocity))
    }

    /// Puts back an agent exactly as it was (undo of a removal, redo of an addition). Refused
    /// (`false`) when its id is taken or its group does not exist.
    pub fn insert_agent(&mut self, agent: Agent) -> bool {
        if usize::from(agent.group) >= self.spec.groups.len() || !agent.position.is_finite() {
            return false;
        }
        match self.agents.binary_search_by_key(&agent.id, |a| a.id) {
            Ok(_) => false,
            Err(at) => {
                self.next_id = self.next_id.max(agent.id.saturating_add(1));
                self.agents.insert(at, agent);
                self.records.insert(at, AgentDebug::default());
                true
            }
        }
    }

    /// Removes the agent with this id. Returns whether it existed.
    pub fn remove_agent(&mut self, id: u32) -> bool {
        match self.index_of(id) {
            Some(i) => {
                self.agents.remove(i);
                self.records.remove(i);
                true
            }
            None => false,
        }
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
                "groups",
                "adding or removing a group needs a restart",
            )]));
        }
        let problems = check::check_spec(&spec);
        if !problems.is_empty() {
            return Err(problems);
        }
        self.spec = spec;
        Ok(())
    }

    /// Moves an agent (an editor drag). Its velocity is kept.
    pub fn move_agent(&mut self, id: u32, position: Vec2) {
        if let Some(i) = self.index_of(id)
            && position.is_finite()
        {
            self.agents[i].position = position;
        }
    }

    /// The agents, in id order.
    #[must_use]
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }

    /// What each agent felt on the last tick, parallel to [`Self::agents`].
    #[must_use]
    pub fn records(&self) -> &[AgentDebug] {
        &self.records
    }

    /// Ticks run so far.
    #[must_use]
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Simulated seconds so far.
    #[must_use]
    pub fn time_secs(&self) -> f64 {
        self.tick as f64 * f64::from(self.spec.dt_secs)
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

    /// Whether this tick's passes run on the pool.
    #[cfg(feature = "parallel")]
    fn parallel(&self) -> bool {
        self.threads != 1 && self.agents.len() >= PARALLEL_MIN_AGENTS
    }

    /// Every agent's neighbour sums, into `found`: with the grid in its cell order (so that
    /// agents near each other are answered together), otherwise in agent order. Each agent's
    /// sums depend only on the state at the start of the tick, so any split over threads
    /// gives the same bits.
    fn find_all(&self, found: &mut [Found]) {
        let neighbors = self.neighbors();
        let with_grid = self.grid.cell_size() > 0.0;
        let fill = |first: usize, out: &mut [Found]| {
            if with_grid {
                neighbors.find_slots(first, out);
            } else {
                for (k, slot) in out.iter_mut().enumerate() {
                    *slot = neighbors.find(first + k);
                }
            }
        };
        #[cfg(feature = "parallel")]
        if self.parallel() {
            use rayon::prelude::*;
            let mut run = move || {
                found
                    .par_chunks_mut(FIND_CHUNK)
                    .enumerate()
                    .for_each(|(c, out)| fill(c * FIND_CHUNK, out));
            };
            match &self.pool {
                Some(pool) => pool.install(run),
                None => run(),
            }
            return;
        }
        fill(0, found);
    }

    /// The sums found in the grid's cell order (`found`), into agent order (`by_index`).
    fn gather_found(&self, found: &[Found], by_index: &mut Vec<Found>) {
        let grid = &self.grid;
        let at = |i: usize| {
            found
                .get(grid.slot(i).unwrap_or(i))
                .copied()
                .unwrap_or_default()
        };
        by_index.clear();
        #[cfg(feature = "parallel")]
        if self.parallel() {
            use rayon::prelude::*;
            let n = self.agents.len();
            let mut run = || by_index.par_extend((0..n).into_par_iter().map(at));
            match &self.pool {
                Some(pool) => pool.install(run),
                None => run(),
            }
            return;
        }
        by_index.extend((0..self.agents.len()).map(at));
    }

    /// Every agent's next state and record, from the state at the start of the tick, written
    /// into `next` (a copy of the agents) and `records`. Each agent reads only that state, so
    /// any split over threads gives the same bits.
    fn advance_all(&self, next: &mut [Agent], records: &mut [AgentDebug]) {
        #[cfg(feature = "parallel")]
        if self.parallel() {
            use rayon::prelude::*;
            let mut run = move || {
                next.par_iter_mut()
                    .zip(records.par_iter_mut())
                    .enumerate()
                    .for_each(|(i, (agent, record))| self.advance(i, agent, record));
            };
            match &self.pool {
                Some(pool) => pool.install(run),
                None => run(),
            }
            return;
        }
        for (i, (agent, record)) in next.iter_mut().zip(records.iter_mut()).enumerate() {
            self.advance(i, agent, record);
        }
    }

    /// Agent `i`'s decision and motion for this tick: its next state into `agent` and what it
    /// felt into `record`. An agent of a group that no longer exists stays as it is.
    fn advance(&self, i: usize, agent: &mut Agent, record: &mut AgentDebug) {
        if let Some(now) = self.agents.get(i) {
            agent.clone_from(now);
        }
        let Some(group) = self.spec.groups.get(usize::from(agent.group)) else {
            return;
        };
        let thought = self.think(i);
        let body = Body {
            position: agent.position,
            velocity: agent.velocity,
            max_speed: group.max_speed,
            mass: group.mass,
        };
        let (position, velocity) = integrate(&body, thought.record.applied, self.spec.dt_secs);
        let (position, velocity) =
            apply_bounds(self.spec.bounds, self.spec.size, position, velocity);
        agent.position = position;
        agent.velocity = velocity;
        agent.steering = thought.steering;
        agent.wander_point = thought.wander_point;
        agent.wander_timer_secs = thought.wander_timer_secs;
        agent.stamina = thought.stamina;
        agent.resting = thought.resting;
        agent.prey = thought.prey;
        *record = thought.record;
    }

    /// The grid of the last tick (empty when no group flocks or the search is naive).
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Runs one tick.
    pub fn step(&mut self) {
        self.spawn_due();
        self.rules.clear();
        self.rules
            .extend(self.spec.groups.iter().map(NeighborRules::of));
        let radius = self.rules.iter().map(|r| r.radius).fold(0.0, f32::max);
        if self.search == NeighborSearch::Grid && radius > 0.0 {
            // Half-radius cells: a query covers 5 x 5 cells, about twice the circle's area, where
            // 3 x 3 full-radius cells cover almost three times it (measured with callgrind:
            // 5% fewer instructions per tick on the bench flock).
            self.grid
                .rebuild(&self.agents, self.spec.size, radius * CELL_FACTOR);
        } else {
            self.grid = Grid::default();
        }
        self.tree = OnceLock::new();
        self.rebuild_group_trees();
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        if radius > 0.0 {
            found.resize(self.agents.len(), Found::default());
            self.find_all(&mut found);
            if self.grid.cell_size() > 0.0 {
                // From the grid's cell order to agent order, once, so the force pass reads
                // its agents' sums in order (measured: reading them through the grid slots
                // from both threads cost 100 µs a tick at 10,000 agents).
                let mut by_index = std::mem::take(&mut self.found_by_index);
                self.gather_found(&found, &mut by_index);
                self.found_by_index = std::mem::replace(&mut found, by_index);
            }
        }
        self.found = found;
        let mut next = std::mem::take(&mut self.next_agents);
        if next.len() != self.agents.len() {
            next.clone_from(&self.agents);
        }
        let mut records = std::mem::take(&mut self.records);
        self.advance_all(&mut next, &mut records);
        self.records = records;
        self.next_agents = std::mem::replace(&mut self.agents, next);
        self.tick += 1;
    }

    /// The 2-d trees of the groups some block targets as `Nearest`, over this tick's agents.
    fn rebuild_group_trees(&mut self) {
        let groups = self.spec.groups.len();
        self.group_trees.resize_with(groups, KdTree::default);
        let mut wanted = vec![false; groups];
        for group in &self.spec.groups {
            for (kind, target) in group.targets() {
                let enabled = group.block(kind).is_some_and(BlockCommon::enabled);
                if let (true, Target::Nearest(name)) = (enabled, target)
                    && let Some(g) = self.group_index(name)
                {
                    wanted[g] = true;
                }
            }
        }
        for (g, tree) in self.group_trees.iter_mut().enumerate() {
            let members = self
                .agents
                .iter()
                .enumerate()
                .filter(|(_, a)| usize::from(a.group) == g && wanted[g])
                .map(|(j, a)| (index_u32(j), a.position));
            tree.rebuild(members);
        }
    }

    /// The neighbour pass over this tick's state.
    fn neighbors(&self) -> Neighbors<'_> {
        Neighbors {
            agents: &self.agents,
            rules: &self.rules,
            grid: &self.grid,
            tree: &self.tree,
        }
    }

    fn spawn_due(&mut self) {
        let dt = self.spec.dt_secs;
        for g in 0..self.spawners.len() {
            let Some(Spawn::Queue {
                position,
                velocity,
                interval_secs,
            }) = self.spec.groups.get(g).map(|group| group.spawn.clone())
            else {
                continue;
            };
            if self.spawners[g].remaining == 0 {
                continue;
            }
            self.spawners[g].timer_secs += dt;
            while self.spawners[g].remaining > 0 && self.spawners[g].timer_secs >= interval_secs {
                self.spawners[g].timer_secs -= interval_secs;
                self.spawners[g].remaining -= 1;
                self.push_agent(g, position, velocity);
            }
        }
    }

    /// Position and velocity of a target as seen by agent `i`, if it exists now.
    fn resolve(&self, target: &Target, i: usize) -> Option<(Vec2, Vec2)> {
        match target {
            Target::Point(p) => Some((*p, Vec2::ZERO)),
            Target::Pointer => self.pointer.map(|p| (p, Vec2::ZERO)),
            Target::Click => Some((self.click, Vec2::ZERO)),
            Target::Center => Some((self.spec.size * 0.5, Vec2::ZERO)),
            Target::Agent(_) | Target::Nearest(_) => self
                .resolve_agent(target, i)
                .map(|j| (self.agents[j].position, self.agents[j].velocity)),
        }
    }

    /// The agent a target names, as seen by agent `i` (never `i` itself).
    fn resolve_agent(&self, target: &Target, i: usize) -> Option<usize> {
        match target {
            Target::Agent(id) => self.index_of(*id).filter(|&j| j != i),
            Target::Nearest(name) => {
                let tree = self.group_trees.get(self.group_index(name)?)?;
                let (j, _) = tree.nearest(self.agents[i].position, index_u32(i))?;
                Some(j as usize)
            }
            _ => None,
        }
    }

    // One arm per behavior, in priority order; splitting it would hide the order.
    #[allow(clippy::too_many_lines)]
    fn think(&self, i: usize) -> Thought {
        let agent = &self.agents[i];
        let dt = self.spec.dt_secs;
        let mut thought = Thought {
            record: AgentDebug::default(),
            steering: agent.steering.clone(),
            wander_point: agent.wander_point,
            wander_timer_secs: agent.wander_timer_secs,
            stamina: agent.stamina,
            resting: agent.resting,
            prey: agent.prey,
        };
        let Some(group) = self.spec.groups.get(usize::from(agent.group)) else {
            return thought;
        };
        let body = Body {
            position: agent.position,
            velocity: agent.velocity,
            max_speed: group.max_speed,
            mass: group.mass,
        };
        let mut m =
            SteeringManager::new(agent.steering.clone(), group.max_force, group.combination);

        // The hunter's stamina (000 part 5, 003): rest, then pursue the prey it holds.
        let mut hunt: Option<usize> = None;
        if let Some(stamina) = &group.stamina {
            if thought.resting {
                // The seeds' `if (resting && stamina++ >= MAX_STAMINA) resting = false`: the
                // comparison sees the stamina before this tick's gain, and the gain is kept.
                if thought.stamina >= stamina.max {
                    thought.resting = false;
                }
                thought.stamina += stamina.regen_per_tick;
            }
            let prey = thought.prey.and_then(|id| self.index_of(id));
            if prey.is_none() {
                thought.prey = None;
            }
            if !thought.resting {
                hunt = prey;
            }
        }

        let in_range = |range: Option<f32>, p: Vec2| {
            range.is_none_or(|r| body.position.distance_squared(p) <= r * r)
        };
        // A block's target, if it exists now and is within the block's range.
        let gated = |target: &Target, range: Option<f32>| {
            self.resolve(target, i).filter(|&(p, _)| in_range(range, p))
        };
        let found = self.found.get(i).copied().unwrap_or_default();
        let sums = found.sums();
        let mut blocked = false;
        for kind in BehaviorKind::ALL {
            if blocked {
                break;
            }
            match kind {
                BehaviorKind::AvoidObstacles => {
                    if let Some(b) = group.avoid_obstacles.as_ref().filter(|b| b.enabled) {
                        m.avoid_obstacles_block(&body, b, &self.spec.obstacles);
                    }
                }
                BehaviorKind::Evade => {
                    if let Some(b) = group.evade.as_ref().filter(|b| b.enabled)
                        && let Some((p, v)) = gated(&b.target, b.range)
                    {
                        m.evade_block(&body, b, p, v);
                        blocked = b.exclusive;
                    }
                }
                BehaviorKind::Flee => {
                    if let Some(b) = group.flee.as_ref().filter(|b| b.enabled)
                        && let Some((p, _)) = gated(&b.target, b.panic_distance)
                    {
                        m.flee_block(&body, b, p);
                        blocked = b.exclusive;
                    }
                }
                BehaviorKind::Separation => {
                    if let Some(b) = group.separation.as_ref().filter(|b| b.enabled) {
                        m.flocking(Rule::Separation, &body, b, &sums[0]);
                    }
                }
                BehaviorKind::Pursuit => {
                    let Some(b) = group.pursuit.as_ref().filter(|b| b.enabled) else {
                        continue;
                    };
                    if let Some(stamina) = &group.stamina {
                        if let Some(j) = hunt {
                            let prey = &self.agents[j];
                            m.pursuit_block(&body, b, prey.position, prey.velocity);
                            blocked = b.exclusive;
                            thought.stamina -= stamina.cost_per_tick;
                            if thought.stamina <= 0.0 {
                                thought.prey = None;
                                thought.resting = true;
                            }
                        } else {
                            // Not hunting: pick the closest prey for the next tick.
                            thought.prey = self
                                .resolve_agent(&b.target, i)
                                .filter(|&j| in_range(b.range, self.agents[j].position))
                                .map(|j| self.agents[j].id);
                        }
                    } else if let Some((p, v)) = gated(&b.target, b.range) {
                        m.pursuit_block(&body, b, p, v);
                        blocked = b.exclusive;
                    }
                }
                BehaviorKind::Seek => {
                    if let Some(b) = group.seek.as_ref().filter(|b| b.enabled)
                        && let Some((p, _)) = gated(&b.target, b.range)
                    {
                        m.seek_block(&body, b, p);
                        blocked = b.exclusive;
                    }
                }
                BehaviorKind::Arrive => {
                    if let Some(b) = group.arrive.as_ref().filter(|b| b.enabled)
                        && let Some((p, _)) = gated(&b.target, b.range)
                    {
                        m.arrive_block(&body, b, p);
                        blocked = b.exclusive;
                    }
                }
                BehaviorKind::Goal => {
                    if let Some(b) = group.goal.as_ref().filter(|b| b.enabled)
                        && let Some((p, _)) = self.resolve(&b.target, i)
                    {
                        m.goal_block(&body, b, p);
                    }
                }
                BehaviorKind::Alignment => {
                    if let Some(b) = group.alignment.as_ref().filter(|b| b.enabled) {
                        m.flocking(Rule::Alignment, &body, b, &sums[1]);
                    }
                }
                BehaviorKind::Cohesion => {
                    if let Some(b) = group.cohesion.as_ref().filter(|b| b.enabled) {
                        m.flocking(Rule::Cohesion, &body, b, &sums[2]);
                    }
                }
                BehaviorKind::Wander => {
                    if let Some(b) = group.wander.as_ref().filter(|b| b.enabled) {
                        m.wander(&body, b);
                    }
                }
                BehaviorKind::WanderTarget => {
                    if let Some(b) = group.wander_target.as_ref().filter(|b| b.enabled) {
                        thought.wander_timer_secs -= dt;
                        if thought.wander_timer_secs <= 0.0 {
                            let x = m.state.rng.next_f32();
                            let y = m.state.rng.next_f32();
                            thought.wander_point = random_point(self.spec.size, x, y);
                            thought.wander_timer_secs = b.interval_secs;
                        }
                        m.wander_target_block(&body, b, thought.wander_point);
                    }
                }
            }
        }
        let mut record = m.finish(&body);
        record.neighbors = found.count;
        record.neighbor_distance_sum = found.distance_sum;
        thought.record = record;
        thought.steering = m.state;
        thought
    }
}
