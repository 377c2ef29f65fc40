//! One agent's decision on one tick: every enabled block of its group, in priority order,
//! added to its steering manager under the group's combination, from the state at the start
//! of the tick. Each behavior computes its own force (`Behavior::steer`, in its file); this
//! file is what the world offers it ([`Tick`]).

use glam::Vec2;

use super::{GroupLinks, Links, Thought, World, index_u32};

/// What the blocks of a group the world does not have name: nothing.
static NO_LINKS: GroupLinks = [Links {
    path: None,
    flow: None,
    region: None,
}; BehaviorKind::COUNT];
use crate::sim::BehaviorKind;
use crate::sim::model::navmesh::NavMesh;
use crate::sim::model::scenery::{FlowGrid, Obstacle, Path, Wall};
use crate::sim::model::types::{FlockRule, Leader, NeighborSums, Other, Stamina};
use crate::sim::steer::agent::Agent;
use crate::sim::steer::behavior::{BlockCommon, Step, Tick};
use crate::sim::steer::behaviors::navigate::route::Route;
use crate::sim::steer::behaviors::pursuit::rest;
use crate::sim::steer::behaviors::{Body, Steer};
use crate::sim::steer::debug::{RecordSink as _, RecordSlot};
use crate::sim::steer::detail::Detail;
use crate::sim::steer::manager::{SteeringManager, SteeringState};
use crate::sim::steer::params::{Group, Memory, Target};

/// One agent's tick as its behaviors see it.
struct AgentTick<'w, 'r, 's, 'd> {
    world: &'w World,
    /// The agent's index.
    i: usize,
    /// Its group's index.
    g: usize,
    group: &'w Group,
    agent: &'w Agent,
    body: Body,
    /// What the group's blocks name.
    links: &'w GroupLinks,
    /// The flocking sums: separation, alignment, cohesion.
    sums: [NeighborSums; 3],
    /// The prey a hunter pursues this tick.
    hunt: Option<usize>,
    /// The behavior being evaluated.
    kind: BehaviorKind,
    memory: Memory,
    /// The agent's new route, when it planned this tick.
    route: Option<Route>,
    m: SteeringManager<&'r mut RecordSlot<'s>>,
    detail: Option<&'d mut Detail>,
}

impl<'w> Tick<'w> for AgentTick<'w, '_, '_, '_> {
    fn id(&self) -> u32 {
        self.agent.id
    }

    fn body(&self) -> Body {
        self.body
    }

    fn heading(&self) -> Vec2 {
        self.agent.heading()
    }

    fn radius(&self) -> f32 {
        self.group.radius
    }

    fn dt(&self) -> f32 {
        self.world.spec.dt
    }

    fn world_size(&self) -> Vec2 {
        self.world.spec.size
    }

    fn resolve(&self, target: &Target) -> Option<(Vec2, Vec2)> {
        self.world.resolve(target, self.i)
    }

    fn leader(&self, target: &Target) -> Option<Leader> {
        if matches!(target, Target::Agent(id) if *id == self.agent.id) {
            return None;
        }
        self.world.resolve_leader(target, self.i)
    }

    fn formation_rank(&self) -> (usize, usize) {
        let rank = self.world.ranks.get(self.i).copied().unwrap_or(0) as usize;
        let followers = self.world.followers.get(self.g).copied().unwrap_or(1) as usize;
        (rank, followers)
    }

    fn nearest_id(&self, target: &Target, range: Option<f32>) -> Option<u32> {
        let at = self.body.position;
        let agents = &self.world.agents;
        self.world
            .resolve_agent(target, self.i)
            .filter(|&j| range.is_none_or(|r| at.distance_squared(agents[j].position) <= r * r))
            .map(|j| agents[j].id)
    }

    fn prey(&self) -> Option<(Vec2, Vec2)> {
        let prey = self.world.agents.get(self.hunt?)?;
        Some((prey.position, prey.velocity))
    }

    fn stamina(&self) -> Option<&'w Stamina> {
        self.group.stamina.as_ref()
    }

    fn walls(&self) -> &'w [Wall] {
        &self.world.terrain.walls
    }

    fn orca_walls(&self) -> &'w crate::sim::steer::behaviors::orca::OrcaWalls {
        &self.world.terrain.orca_walls
    }

    fn obstacles(&self) -> &'w [Obstacle] {
        &self.world.spec.obstacles
    }

    fn path(&self) -> Option<&'w Path> {
        self.world
            .spec
            .paths
            .get(self.links[self.kind.index()].path?)
    }

    fn region(&self) -> Option<&'w Path> {
        self.world
            .spec
            .paths
            .get(self.links[self.kind.index()].region?)
    }

    fn navmesh(&self) -> Option<&'w NavMesh> {
        self.world.terrain.mesh(self.g)
    }

    fn route(&self) -> &Route {
        self.route.as_ref().unwrap_or_else(|| self.agent.route())
    }

    fn set_route(&mut self, route: Route) {
        self.route = Some(route);
    }

    fn flow(&self) -> Option<&'w FlowGrid> {
        self.world
            .flow_grids
            .get(self.links[self.kind.index()].flow?)
    }

    fn neighbor_sums(&self, rule: FlockRule) -> NeighborSums {
        self.sums[rule.index()]
    }

    fn others_near(&self, range: f32) -> Vec<Other> {
        let mut out = Vec::new();
        self.world
            .others_near(self.i, range, self.group.max_neighbors as usize, &mut out);
        out
    }

    fn nearest_others(&self, range: f32, count: usize, out: &mut Vec<Other>) {
        self.world.others_near(self.i, range, count, out);
    }

    fn agent_near(&self, p: Vec2, radius: f32) -> Option<Vec2> {
        self.world.agent_near(p, radius, self.i)
    }

    type Memory = Memory;
    type Detail = Detail;

    fn memory(&mut self) -> &mut Memory {
        &mut self.memory
    }

    fn state(&mut self) -> &mut SteeringState {
        &mut self.m.state
    }

    // Inlined into the agent's tick: measured with callgrind (docs/performance.md).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn add<B: BlockCommon>(
        &mut self,
        block: &B,
        compute: impl FnOnce(&mut Step<'_, Detail>) -> Steer,
    ) {
        let weighting = block.weighting();
        self.m
            .add_traced(self.kind, weighting, self.detail.as_deref_mut(), compute);
    }
}

impl World {
    /// The leader a follower of agent `i` follows: an agent's heading is its own; any other
    /// target is still and faces +x.
    fn resolve_leader(&self, target: &Target, i: usize) -> Option<Leader> {
        match target {
            Target::Agent(_) | Target::Nearest(_) => {
                let j = self.resolve_agent(target, i)?;
                let leader = self.agents.get(j)?;
                Some(Leader {
                    position: leader.position,
                    velocity: leader.velocity,
                    heading: leader.heading(),
                })
            }
            _ => self.resolve(target, i).map(|(position, velocity)| Leader {
                position,
                velocity,
                heading: Vec2::X,
            }),
        }
    }

    /// The agents within `range` of agent `i` (at most `cap`, nearest first, ties by the lower
    /// index), as collision avoidance and ORCA see them, into `out` (cleared first).
    fn others_near(&self, i: usize, range: f32, cap: usize, out: &mut Vec<Other>) {
        out.clear();
        let Some(me) = self.agents.get(i) else {
            return;
        };
        let tree = crate::sim::run::kdtree::of_agents(&self.tree, &self.agents);
        // The tree's answer, kept per thread: a crowd's tick allocates nothing for it.
        thread_local! {
            static NEAR: std::cell::RefCell<Vec<(f32, u32)>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        NEAR.with_borrow_mut(|near| {
            tree.nearest_within(me.position, range * range, cap, index_u32(i), near);
            out.extend(near.iter().filter_map(|&(_, j)| {
                let other = self.agents.get(j as usize)?;
                let radius = self.spec.groups.get(usize::from(other.group))?.radius;
                Some(Other {
                    id: other.id,
                    position: other.position,
                    velocity: other.velocity,
                    facing: other.last_heading,
                    radius,
                })
            }));
        });
    }

    /// The position of the agent nearest `p` within `radius` of it, agent `i` left out.
    fn agent_near(&self, p: Vec2, radius: f32, i: usize) -> Option<Vec2> {
        let tree = crate::sim::run::kdtree::of_agents(&self.tree, &self.agents);
        let (j, d2) = tree.nearest(p, index_u32(i))?;
        (d2 <= radius * radius)
            .then(|| self.agents.get(j as usize).map(|a| a.position))
            .flatten()
    }
}

impl World {
    /// Agent `i`'s decision for this tick; what the behaviors that trace looked at goes into
    /// `detail`.
    pub(super) fn think(
        &self,
        i: usize,
        record: &mut RecordSlot<'_>,
        detail: Option<&mut Detail>,
    ) -> Thought {
        let agent = &self.agents[i];
        let mut memory = agent.memory;
        let g = usize::from(agent.group);
        let Some(group) = self.spec.groups.get(g) else {
            record.clear();
            return Thought {
                steering: agent.steering.clone(),
                memory,
                route: None,
            };
        };
        let body = Body {
            position: agent.position,
            velocity: agent.velocity,
            max_speed: group.max_speed,
            mass: group.mass,
        };
        let hunt = self.hunt(group, &mut memory);
        let found = self.found.get(i).copied().unwrap_or_default();
        let m = SteeringManager::recording_into(
            agent.steering.clone(),
            group.max_force,
            group.combination,
            record,
        );
        let mut tick = AgentTick {
            world: self,
            i,
            g,
            group,
            agent,
            body,
            links: self.links.get(g).unwrap_or(&NO_LINKS),
            sums: found.sums(),
            hunt,
            kind: BehaviorKind::ALL[0],
            memory,
            route: None,
            m,
            detail,
        };
        for &kind in self.active.get(g).map_or(&[][..], Vec::as_slice) {
            tick.kind = kind;
            if group.steer(kind, &mut tick) {
                // An exclusive block steered: the blocks after it are skipped.
                break;
            }
        }
        let AgentTick {
            m, memory, route, ..
        } = tick;
        let steering = m.finish_in_place(&body);
        let record = record.debug_mut();
        record.neighbors = found.count;
        record.neighbor_distance_sum = found.distance_sum;
        Thought {
            steering,
            memory,
            route,
        }
    }

    /// The hunter's stamina (pursuit's [`rest`]), then the prey it holds, when it is still in
    /// the world. Returns the index of the prey to pursue this tick.
    fn hunt(&self, group: &Group, memory: &mut Memory) -> Option<usize> {
        let stamina = group.stamina.as_ref()?;
        let hunt = &mut memory.pursuit;
        let hunts = rest(hunt, stamina);
        let prey = hunt.prey.and_then(|id| self.index_of(id));
        if prey.is_none() {
            hunt.prey = None;
        }
        if hunts { prey } else { None }
    }
}
