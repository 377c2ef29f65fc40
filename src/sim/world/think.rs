//! One agent's decision on one tick: every enabled block of its group, in priority order,
//! added to its steering manager under the group's combination, from the state at the start
//! of the tick.

use glam::Vec2;

use super::{Thought, World, index_u32};
use crate::sim::behaviors::Body;
use crate::sim::behaviors::collision::Other;
use crate::sim::behaviors::flocking::Rule;
use crate::sim::behaviors::formation::{Leader, slot_offset};
use crate::sim::behaviors::queue::ahead_point;
use crate::sim::behaviors::walls::Shape;
use crate::sim::behaviors::wander::random_point;
use crate::sim::debug::{Detail, RecordSink as _, RecordSlot};
use crate::sim::params::{AvoidForm, BehaviorKind, Region, Target};
use crate::sim::steering::SteeringManager;

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
    // One arm per behavior, in priority order; splitting it would hide the order. The short
    // names are the agent (i), group (g) and manager (m) every arm uses.
    #[allow(clippy::too_many_lines, clippy::many_single_char_names)]
    pub(super) fn think(
        &self,
        i: usize,
        record: &mut RecordSlot<'_>,
        mut detail: Option<&mut Detail>,
    ) -> Thought {
        let agent = &self.agents[i];
        let dt = self.spec.dt_secs;
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
        let links = self.links.get(g).copied().unwrap_or_default();
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
        let obstacles = &self.spec.obstacles;
        let mut blocked = false;
        let active = self.active.get(g).map_or(&[][..], Vec::as_slice);
        for &kind in active {
            if blocked {
                break;
            }
            match kind {
                BehaviorKind::AvoidWalls => {
                    if let Some(b) = group.avoid_walls.as_ref().filter(|b| b.enabled) {
                        m.avoid_walls_block(
                            &body,
                            agent.heading(),
                            b,
                            &self.spec.walls,
                            detail.as_deref_mut(),
                        );
                    }
                }
                BehaviorKind::Containment => {
                    if let Some(b) = group.containment.as_ref().filter(|b| b.enabled) {
                        let shape = match (&b.region, links.region) {
                            (Region::World, _) => Some(Shape::Rect(self.spec.size)),
                            (Region::Path(_), Some(k)) => self
                                .spec
                                .paths
                                .get(k)
                                .filter(|p| p.is_closed())
                                .map(|p| Shape::Polygon(&p.points)),
                            (Region::Path(_), None) => None,
                        };
                        if let Some(shape) = shape {
                            m.containment_block(&body, b, shape, detail.as_deref_mut());
                        }
                    }
                }
                BehaviorKind::AvoidObstacles => {
                    if let Some(b) = group.avoid_obstacles.as_ref().filter(|b| b.enabled) {
                        match b.form {
                            AvoidForm::Radial => m.avoid_obstacles_block(&body, b, obstacles),
                            AvoidForm::DetectionBox {
                                min_length,
                                braking_weight,
                            } => {
                                thought.avoid = m.detection_box_block(
                                    &body,
                                    (agent.heading(), group.radius),
                                    b,
                                    (min_length, braking_weight),
                                    obstacles,
                                    agent.avoid,
                                    detail.as_deref_mut(),
                                );
                            }
                        }
                    }
                }
                BehaviorKind::AvoidAgents => {
                    if let Some(b) = group.avoid_agents.as_ref().filter(|b| b.enabled) {
                        let others = self.others_near(i, b.range, group.max_neighbors as usize);
                        m.avoid_agents_block(
                            &body,
                            (agent.heading(), group.radius),
                            b,
                            &others,
                            detail.as_deref_mut(),
                        );
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
                BehaviorKind::Hide => {
                    if let Some(b) = group.hide.as_ref().filter(|b| b.enabled)
                        && let Some(hunter) = self.resolve(&b.target, i)
                    {
                        m.hide_block(&body, b, hunter, obstacles, detail.as_deref_mut());
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
                BehaviorKind::OffsetPursuit => {
                    if let Some(b) = group.offset_pursuit.as_ref().filter(|b| b.enabled)
                        && let Some(leader) = self.resolve_leader(&b.target, i)
                        && !self.is_target_agent(&b.target, i)
                    {
                        let offset = self.formation_offset(i, g, &b.slot);
                        m.offset_pursuit_block(&body, b, &leader, offset, detail.as_deref_mut());
                    }
                }
                BehaviorKind::FollowLeader => {
                    if let Some(b) = group.follow_leader.as_ref().filter(|b| b.enabled)
                        && let Some(leader) = self.resolve_leader(&b.target, i)
                        && !self.is_target_agent(&b.target, i)
                    {
                        m.follow_leader_block(&body, b, &leader, detail.as_deref_mut());
                    }
                }
                BehaviorKind::Interpose => {
                    if let Some(b) = group.interpose.as_ref().filter(|b| b.enabled)
                        && let (Some(a), Some(c)) =
                            (self.resolve(&b.target, i), self.resolve(&b.other, i))
                    {
                        m.interpose_block(&body, b, (a, c), detail.as_deref_mut());
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
                BehaviorKind::FollowPath => {
                    if let (Some(b), Some(path)) = (
                        group.follow_path.as_ref().filter(|b| b.enabled),
                        links.path.and_then(|k| self.spec.paths.get(k)),
                    ) {
                        thought.waypoint = m.follow_path_block(
                            &body,
                            b,
                            path,
                            agent.waypoint,
                            detail.as_deref_mut(),
                        );
                    }
                }
                BehaviorKind::FollowFlow => {
                    if let (Some(b), Some(field)) = (
                        group.follow_flow.as_ref().filter(|b| b.enabled),
                        links.flow.and_then(|k| self.flow_grids.get(k)),
                    ) {
                        m.follow_flow_block(&body, b, field, detail.as_deref_mut());
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
                BehaviorKind::Queue => {
                    if let Some(b) = group.queue.as_ref().filter(|b| b.enabled) {
                        let heading = agent.heading();
                        let ahead = ahead_point(body.position, heading, b.ahead);
                        let in_the_way = self.agent_near(ahead, b.radius, i);
                        m.queue_block(
                            &body,
                            b,
                            (ahead, heading),
                            in_the_way,
                            detail.as_deref_mut(),
                        );
                    }
                }
            }
        }
        thought.steering = m.finish_in_place(&body);
        let record = record.debug_mut();
        record.neighbors = found.count;
        record.neighbor_distance_sum = found.distance_sum;
        thought
    }

    /// Whether `target` names agent `i` itself (the leader does not follow itself).
    fn is_target_agent(&self, target: &Target, i: usize) -> bool {
        matches!(target, Target::Agent(id) if self.agents.get(i).is_some_and(|a| a.id == *id))
    }
}
