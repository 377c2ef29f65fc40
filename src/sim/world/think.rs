//! One agent's decision on one tick: every enabled block of its group, in priority order,
//! added to its steering manager under the group's combination, from the state at the start
//! of the tick.

use glam::Vec2;

use super::{Links, Thought, World, index_u32};
use crate::sim::agent::Agent;
use crate::sim::behaviors::Body;
use crate::sim::behaviors::collision::Other;
use crate::sim::behaviors::flocking::NeighborSums;
use crate::sim::behaviors::flocking::Rule;
use crate::sim::behaviors::formation::{Leader, slot_offset};
use crate::sim::behaviors::queue::ahead_point;
use crate::sim::behaviors::walls::Shape;
use crate::sim::behaviors::wander::random_point;
use crate::sim::debug::{Detail, RecordSink as _, RecordSlot};
use crate::sim::params::Group;
use crate::sim::params::{AvoidForm, BehaviorKind, Region, Target};
use crate::sim::steering::SteeringManager;

/// The steering manager of one agent's tick, recording into its slot.
type Manager<'r, 's> = SteeringManager<&'r mut RecordSlot<'s>>;

/// What every behavior of one agent's tick reads.
struct Cx<'a> {
    /// The agent's index.
    i: usize,
    /// Its group's index.
    g: usize,
    group: &'a Group,
    agent: &'a Agent,
    body: Body,
    /// What the group's blocks name.
    links: Links,
    /// The flocking sums: separation, alignment, cohesion.
    sums: [NeighborSums; 3],
    /// The prey a hunter pursues this tick.
    hunt: Option<usize>,
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

    /// The agents within `range` of agent `i` (at most its group's neighbour cap, nearest
    /// first), as collision avoidance sees them.
    fn others_near(&self, i: usize, range: f32, cap: usize) -> Vec<Other> {
        let Some(me) = self.agents.get(i) else {
            return Vec::new();
        };
        let tree = crate::sim::kdtree::of_agents(&self.tree, &self.agents);
        let mut near = Vec::new();
        tree.nearest_within(me.position, range * range, cap, index_u32(i), &mut near);
        near.into_iter()
            .filter_map(|(_, j)| {
                let other = self.agents.get(j as usize)?;
                let radius = self.spec.groups.get(usize::from(other.group))?.radius;
                Some(Other {
                    position: other.position,
                    velocity: other.velocity,
                    heading: other.heading(),
                    radius,
                })
            })
            .collect()
    }

    /// The position of the agent nearest `p` within `radius` of it, agent `i` left out.
    fn agent_near(&self, p: Vec2, radius: f32, i: usize) -> Option<Vec2> {
        let tree = crate::sim::kdtree::of_agents(&self.tree, &self.agents);
        let (j, d2) = tree.nearest(p, index_u32(i))?;
        (d2 <= radius * radius)
            .then(|| self.agents.get(j as usize).map(|a| a.position))
            .flatten()
    }

    /// The offset of agent `i` in its group's formation.
    fn formation_offset(&self, i: usize, group: usize, slot: &crate::sim::params::Slot) -> Vec2 {
        let rank = self.ranks.get(i).copied().unwrap_or(0) as usize;
        let followers = self.followers.get(group).copied().unwrap_or(1) as usize;
        slot_offset(slot, rank, followers)
    }

    /// Agent `i`'s decision for this tick; what the behaviors beyond the tutorials looked at
    /// goes into `detail`.
    pub(super) fn think(
        &self,
        i: usize,
        record: &mut RecordSlot<'_>,
        mut detail: Option<&mut Detail>,
    ) -> Thought {
        let agent = &self.agents[i];
        let mut thought = Thought {
            steering: agent.steering.clone(),
            wander_point: agent.wander_point,
            wander_timer_secs: agent.wander_timer_secs,
            stamina: agent.stamina,
            resting: agent.resting,
            prey: agent.prey,
            waypoint: agent.waypoint,
            avoid: agent.avoid,
        };
        let g = usize::from(agent.group);
        let Some(group) = self.spec.groups.get(g) else {
            record.clear();
            return thought;
        };
        let body = Body {
            position: agent.position,
            velocity: agent.velocity,
            max_speed: group.max_speed,
            mass: group.mass,
        };
        let mut m = SteeringManager::recording_into(
            agent.steering.clone(),
            group.max_force,
            group.combination,
            record,
        );
        let hunt = self.hunt(group, &mut thought);
        let found = self.found.get(i).copied().unwrap_or_default();
        let cx = Cx {
            i,
            g,
            group,
            agent,
            body,
            links: self.links.get(g).copied().unwrap_or_default(),
            sums: found.sums(),
            hunt,
        };
        let active = self.active.get(g).map_or(&[][..], Vec::as_slice);
        for &kind in active {
            let exclusive = self.steer(kind, &cx, &mut m, &mut thought, detail.as_deref_mut());
            if exclusive {
                break;
            }
        }
        thought.steering = m.finish_in_place(&body);
        let record = record.debug_mut();
        record.neighbors = found.count;
        record.neighbor_distance_sum = found.distance_sum;
        thought
    }

    /// The hunter's stamina (000 part 5, 003): rest, then pursue the prey it holds. Returns the
    /// index of the prey to pursue this tick.
    fn hunt(&self, group: &Group, thought: &mut Thought) -> Option<usize> {
        let stamina = group.stamina.as_ref()?;
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
        if thought.resting { None } else { prey }
    }

    /// Whether `p` is within `range` of the agent (always, with no range).
    fn in_range(cx: &Cx<'_>, range: Option<f32>, p: Vec2) -> bool {
        range.is_none_or(|r| cx.body.position.distance_squared(p) <= r * r)
    }

    /// A block's target, if it exists now and is within the block's range.
    fn gated(&self, cx: &Cx<'_>, target: &Target, range: Option<f32>) -> Option<(Vec2, Vec2)> {
        self.resolve(target, cx.i)
            .filter(|&(p, _)| Self::in_range(cx, range, p))
    }

    /// Adds behavior `kind`'s force to `m` (when the group has it on and what it needs
    /// exists). Returns whether it was an exclusive block that steered, which skips the
    /// blocks after it.
    #[allow(clippy::too_many_lines)] // One arm per behavior, in priority order.
    fn steer(
        &self,
        kind: BehaviorKind,
        cx: &Cx<'_>,
        m: &mut Manager<'_, '_>,
        thought: &mut Thought,
        detail: Option<&mut Detail>,
    ) -> bool {
        let (group, body, i) = (cx.group, &cx.body, cx.i);
        match kind {
            BehaviorKind::AvoidWalls => {
                if let Some(b) = group.avoid_walls.as_ref().filter(|b| b.enabled) {
                    let heading = cx.agent.heading();
                    m.avoid_walls_block(body, heading, b, &self.spec.walls, detail);
                }
            }
            BehaviorKind::Containment => {
                if let Some(b) = group.containment.as_ref().filter(|b| b.enabled)
                    && let Some(shape) = self.region_shape(&b.region, cx.links.region)
                {
                    m.containment_block(body, b, shape, detail);
                }
            }
            BehaviorKind::AvoidObstacles => self.avoid_obstacles(cx, m, thought, detail),
            BehaviorKind::AvoidAgents => {
                if let Some(b) = group.avoid_agents.as_ref().filter(|b| b.enabled) {
                    let others = self.others_near(i, b.range, group.max_neighbors as usize);
                    let frame = (cx.agent.heading(), group.radius);
                    m.avoid_agents_block(body, frame, b, &others, detail);
                }
            }
            BehaviorKind::Evade => {
                if let Some(b) = group.evade.as_ref().filter(|b| b.enabled)
                    && let Some((p, v)) = self.gated(cx, &b.target, b.range)
                {
                    m.evade_block(body, b, p, v);
                    return b.exclusive;
                }
            }
            BehaviorKind::Hide => {
                if let Some(b) = group.hide.as_ref().filter(|b| b.enabled)
                    && let Some(hunter) = self.resolve(&b.target, i)
                {
                    m.hide_block(body, b, hunter, &self.spec.obstacles, detail);
                }
            }
            BehaviorKind::Flee => {
                if let Some(b) = group.flee.as_ref().filter(|b| b.enabled)
                    && let Some((p, _)) = self.gated(cx, &b.target, b.panic_distance)
                {
                    m.flee_block(body, b, p);
                    return b.exclusive;
                }
            }
            BehaviorKind::Separation => {
                if let Some(b) = group.separation.as_ref().filter(|b| b.enabled) {
                    m.flocking(Rule::Separation, body, b, &cx.sums[0]);
                }
            }
            BehaviorKind::Pursuit => return self.pursue(cx, m, thought),
            BehaviorKind::OffsetPursuit => {
                if let Some(b) = group.offset_pursuit.as_ref().filter(|b| b.enabled)
                    && let Some(leader) = self.resolve_leader(&b.target, i)
                    && !self.is_target_agent(&b.target, i)
                {
                    let offset = self.formation_offset(i, cx.g, &b.slot);
                    m.offset_pursuit_block(body, b, &leader, offset, detail);
                }
            }
            BehaviorKind::FollowLeader => {
                if let Some(b) = group.follow_leader.as_ref().filter(|b| b.enabled)
                    && let Some(leader) = self.resolve_leader(&b.target, i)
                    && !self.is_target_agent(&b.target, i)
                {
                    m.follow_leader_block(body, b, &leader, detail);
                }
            }
            BehaviorKind::Interpose => {
                if let Some(b) = group.interpose.as_ref().filter(|b| b.enabled)
                    && let (Some(a), Some(c)) =
                        (self.resolve(&b.target, i), self.resolve(&b.other, i))
                {
                    m.interpose_block(body, b, (a, c), detail);
                }
            }
            BehaviorKind::Seek => {
                if let Some(b) = group.seek.as_ref().filter(|b| b.enabled)
                    && let Some((p, _)) = self.gated(cx, &b.target, b.range)
                {
                    m.seek_block(body, b, p);
                    return b.exclusive;
                }
            }
            BehaviorKind::Arrive => {
                if let Some(b) = group.arrive.as_ref().filter(|b| b.enabled)
                    && let Some((p, _)) = self.gated(cx, &b.target, b.range)
                {
                    m.arrive_block(body, b, p);
                    return b.exclusive;
                }
            }
            BehaviorKind::Goal => {
                if let Some(b) = group.goal.as_ref().filter(|b| b.enabled)
                    && let Some((p, _)) = self.resolve(&b.target, i)
                {
                    m.goal_block(body, b, p);
                }
            }
            BehaviorKind::FollowPath => self.follow_path(cx, m, thought, detail),
            BehaviorKind::FollowFlow => {
                if let (Some(b), Some(field)) = (
                    group.follow_flow.as_ref().filter(|b| b.enabled),
                    cx.links.flow.and_then(|k| self.flow_grids.get(k)),
                ) {
                    m.follow_flow_block(body, b, field, detail);
                }
            }
            BehaviorKind::Alignment => {
                if let Some(b) = group.alignment.as_ref().filter(|b| b.enabled) {
                    m.flocking(Rule::Alignment, body, b, &cx.sums[1]);
                }
            }
            BehaviorKind::Cohesion => {
                if let Some(b) = group.cohesion.as_ref().filter(|b| b.enabled) {
                    m.flocking(Rule::Cohesion, body, b, &cx.sums[2]);
                }
            }
            BehaviorKind::Wander => {
                if let Some(b) = group.wander.as_ref().filter(|b| b.enabled) {
                    m.wander(body, b);
                }
            }
            BehaviorKind::WanderTarget => self.wander_target(cx, m, thought),
            BehaviorKind::Queue => self.queue(cx, m, detail),
        }
        false
    }

    /// Path following along the group's path (the waypoint it heads for is kept).
    fn follow_path(
        &self,
        cx: &Cx<'_>,
        m: &mut Manager<'_, '_>,
        thought: &mut Thought,
        detail: Option<&mut Detail>,
    ) {
        if let (Some(b), Some(path)) = (
            cx.group.follow_path.as_ref().filter(|b| b.enabled),
            cx.links.path.and_then(|k| self.spec.paths.get(k)),
        ) {
            let waypoint = cx.agent.waypoint;
            thought.waypoint = m.follow_path_block(&cx.body, b, path, waypoint, detail);
        }
    }

    /// Queuing: brake when another agent is just ahead.
    fn queue(&self, cx: &Cx<'_>, m: &mut Manager<'_, '_>, detail: Option<&mut Detail>) {
        if let Some(b) = cx.group.queue.as_ref().filter(|b| b.enabled) {
            let heading = cx.agent.heading();
            let ahead = ahead_point(cx.body.position, heading, b.ahead);
            let in_the_way = self.agent_near(ahead, b.radius, cx.i);
            m.queue_block(&cx.body, b, (ahead, heading), in_the_way, detail);
        }
    }

    /// The shape containment keeps agents in: the world, or a looped path's polygon.
    fn region_shape(&self, region: &Region, path: Option<usize>) -> Option<Shape<'_>> {
        match (region, path) {
            (Region::World, _) => Some(Shape::Rect(self.spec.size)),
            (Region::Path(_), Some(k)) => self
                .spec
                .paths
                .get(k)
                .filter(|p| p.is_closed())
                .map(|p| Shape::Polygon(&p.points)),
            (Region::Path(_), None) => None,
        }
    }

    /// Obstacle avoidance, in its radial or detection-box form (the box remembers its side).
    fn avoid_obstacles(
        &self,
        cx: &Cx<'_>,
        m: &mut Manager<'_, '_>,
        thought: &mut Thought,
        detail: Option<&mut Detail>,
    ) {
        let Some(b) = cx.group.avoid_obstacles.as_ref().filter(|b| b.enabled) else {
            return;
        };
        let obstacles = &self.spec.obstacles;
        match b.form {
            AvoidForm::Radial => m.avoid_obstacles_block(&cx.body, b, obstacles),
            AvoidForm::DetectionBox {
                min_length,
                braking_weight,
            } => {
                thought.avoid = m.detection_box_block(
                    &cx.body,
                    (cx.agent.heading(), cx.group.radius),
                    b,
                    (min_length, braking_weight),
                    obstacles,
                    cx.agent.avoid,
                    detail,
                );
            }
        }
    }

    /// Pursuit, gated by the hunter's stamina when the group has one. Returns whether it was
    /// an exclusive block that steered.
    fn pursue(&self, cx: &Cx<'_>, m: &mut Manager<'_, '_>, thought: &mut Thought) -> bool {
        let Some(b) = cx.group.pursuit.as_ref().filter(|b| b.enabled) else {
            return false;
        };
        let Some(stamina) = &cx.group.stamina else {
            if let Some((p, v)) = self.gated(cx, &b.target, b.range) {
                m.pursuit_block(&cx.body, b, p, v);
                return b.exclusive;
            }
            return false;
        };
        if let Some(j) = cx.hunt {
            let prey = &self.agents[j];
            m.pursuit_block(&cx.body, b, prey.position, prey.velocity);
            thought.stamina -= stamina.cost_per_tick;
            if thought.stamina <= 0.0 {
                thought.prey = None;
                thought.resting = true;
            }
            return b.exclusive;
        }
        // Not hunting: pick the closest prey for the next tick.
        thought.prey = self
            .resolve_agent(&b.target, cx.i)
            .filter(|&j| Self::in_range(cx, b.range, self.agents[j].position))
            .map(|j| self.agents[j].id);
        false
    }

    /// The naive wander: a new random point of the world every `interval_secs`.
    fn wander_target(&self, cx: &Cx<'_>, m: &mut Manager<'_, '_>, thought: &mut Thought) {
        let Some(b) = cx.group.wander_target.as_ref().filter(|b| b.enabled) else {
            return;
        };
        thought.wander_timer_secs -= self.spec.dt;
        if thought.wander_timer_secs <= 0.0 {
            let x = m.state.rng.next_f32();
            let y = m.state.rng.next_f32();
            thought.wander_point = random_point(self.spec.size, x, y);
            thought.wander_timer_secs = b.interval_secs;
        }
        m.wander_target_block(&cx.body, b, thought.wander_point);
    }

    /// Whether `target` names agent `i` itself (the leader does not follow itself).
    fn is_target_agent(&self, target: &Target, i: usize) -> bool {
        matches!(target, Target::Agent(id) if self.agents.get(i).is_some_and(|a| a.id == *id))
    }
}
