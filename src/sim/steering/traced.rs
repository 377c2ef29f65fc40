//! The manager's methods for the behaviors beyond the tutorials: walls, containment, the
//! detection box, collision avoidance, hide, interpose, formations, leader following, paths and
//! flow fields. Each adds its force under the group's combination, like the tutorial
//! behaviors, and writes what it looked at into the agent's [`Detail`] when one is given (the
//! overlays draw it).

use glam::Vec2;

use super::SteeringManager;
use crate::sim::behaviors::avoidance::{AvoidMemory, detection_box};
use crate::sim::behaviors::collision::{Other, avoid_agents};
use crate::sim::behaviors::flow::follow_flow;
use crate::sim::behaviors::formation::{Leader, follow_leader, offset_pursuit};
use crate::sim::behaviors::hide::{hide, interpose};
use crate::sim::behaviors::path::{follow_predict, follow_waypoints};
use crate::sim::behaviors::queue::{QueueTrace, queue};
use crate::sim::behaviors::walls::{Shape, avoid_walls, containment, feelers};
use crate::sim::behaviors::{Body, Steer};
use crate::sim::debug::{Detail, RecordSink};
use crate::sim::params::{
    AvoidAgents, AvoidWalls, BehaviorKind, BlockCommon as _, Containment, FollowFlow, FollowLeader,
    FollowPath, Hide, Interpose, Obstacle, OffsetPursuit, PathForm, Queue, Wall,
};
use crate::sim::scenery::{FlowGrid, Path};

/// Writes into the detail, when there is one.
fn note(detail: &mut Option<&mut Detail>, write: impl FnOnce(&mut Detail)) {
    if let Some(d) = detail.as_deref_mut() {
        write(d);
    }
}

impl<R: RecordSink> SteeringManager<R> {
    /// Wall avoidance with feelers along `heading` (unit).
    pub fn avoid_walls_block(
        &mut self,
        body: &Body,
        heading: Vec2,
        block: &AvoidWalls,
        walls: &[Wall],
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::AvoidWalls,
            block.weight(),
            block.probability(),
            |_| {
                let tips = feelers(body.position, heading, block);
                let (steer, hit) = avoid_walls(body.position, &tips, walls);
                note(&mut detail, |d| {
                    d.feelers = Some(tips);
                    d.wall_hit = hit;
                });
                steer
            },
        );
    }

    /// Containment in `shape`.
    pub fn containment_block(
        &mut self,
        body: &Body,
        block: &Containment,
        shape: Shape<'_>,
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::Containment,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, probe) = containment(body, shape, block.margin, block.predict_secs);
                note(&mut detail, |d| d.containment = Some(probe));
                steer
            },
        );
    }

    /// Obstacle avoidance by detection box (the block's form must be the box). Returns the
    /// side to remember for the next tick (the one given when the block was not evaluated).
    #[allow(clippy::too_many_arguments)] // The box needs the agent's frame, body and memory.
    pub fn detection_box_block(
        &mut self,
        body: &Body,
        (heading, radius): (Vec2, f32),
        block: &crate::sim::params::AvoidObstacles,
        (min_length, braking_weight): (f32, f32),
        obstacles: &[Obstacle],
        memory: AvoidMemory,
        mut detail: Option<&mut Detail>,
    ) -> AvoidMemory {
        let mut remembered = memory;
        self.add(
            BehaviorKind::AvoidObstacles,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, shape, next) = detection_box(
                    body,
                    heading,
                    radius,
                    obstacles,
                    (min_length, braking_weight),
                    memory,
                );
                remembered = next;
                note(&mut detail, |d| d.detection_box = Some(shape));
                steer
            },
        );
        remembered
    }

    /// Unaligned collision avoidance against `others` (nearest first).
    pub fn avoid_agents_block(
        &mut self,
        body: &Body,
        (heading, radius): (Vec2, f32),
        block: &AvoidAgents,
        others: &[Other],
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::AvoidAgents,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, approach) = avoid_agents(
                    body,
                    heading,
                    radius,
                    others.iter().copied(),
                    block.min_time_secs,
                );
                note(&mut detail, |d| d.approach = approach);
                steer
            },
        );
    }

    /// Hide from `hunter` (position, velocity) behind `obstacles`.
    pub fn hide_block(
        &mut self,
        body: &Body,
        block: &Hide,
        hunter: (Vec2, Vec2),
        obstacles: &[Obstacle],
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::Hide,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, spot) = hide(
                    body,
                    hunter,
                    obstacles,
                    (
                        block.distance_from_boundary,
                        block.range,
                        block.deceleration,
                    ),
                );
                note(&mut detail, |d| d.hide_spot = spot);
                steer
            },
        );
    }

    /// Queuing: brakes what the behaviors before it asked for when `blocker` (an agent within
    /// the block's radius of `ahead`) is in the way.
    pub fn queue_block(
        &mut self,
        body: &Body,
        block: &Queue,
        (ahead, heading): (Vec2, Vec2),
        blocker: Option<Vec2>,
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::Queue,
            block.weight(),
            block.probability(),
            |m| {
                note(&mut detail, |d| {
                    d.queue = Some(QueueTrace {
                        ahead,
                        radius: block.radius,
                        blocker,
                    });
                });
                if blocker.is_some() {
                    queue(body, m.steering(), block.brake, heading)
                } else {
                    Steer::NONE
                }
            },
        );
    }

    /// Interpose between `a` and `b` (position, velocity each).
    pub fn interpose_block(
        &mut self,
        body: &Body,
        block: &Interpose,
        (a, b): ((Vec2, Vec2), (Vec2, Vec2)),
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::Interpose,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, aim) = interpose(body, a, b, block.deceleration);
                note(&mut detail, |d| d.interpose = Some(aim));
                steer
            },
        );
    }

    /// Offset pursuit of `leader` at `offset` (leader's frame).
    pub fn offset_pursuit_block(
        &mut self,
        body: &Body,
        block: &OffsetPursuit,
        leader: &Leader,
        offset: Vec2,
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::OffsetPursuit,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, slot) = offset_pursuit(body, leader, offset, block.deceleration);
                note(&mut detail, |d| d.slot = Some(slot));
                steer
            },
        );
    }

    /// Leader following.
    pub fn follow_leader_block(
        &mut self,
        body: &Body,
        block: &FollowLeader,
        leader: &Leader,
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::FollowLeader,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, point) = follow_leader(
                    body,
                    leader,
                    (
                        block.behind,
                        block.sight_distance,
                        block.sight_half_width,
                        block.slowing_radius,
                    ),
                );
                note(&mut detail, |d| d.behind = Some(point));
                steer
            },
        );
    }

    /// Path following. Returns the waypoint index for the next tick (`waypoint` when the block
    /// was not evaluated, or follows by prediction).
    pub fn follow_path_block(
        &mut self,
        body: &Body,
        block: &FollowPath,
        path: &Path,
        waypoint: u32,
        mut detail: Option<&mut Detail>,
    ) -> u32 {
        let mut next = waypoint;
        self.add(
            BehaviorKind::FollowPath,
            block.weight(),
            block.probability(),
            |_| {
                let (steer, trace) = match block.form {
                    PathForm::Predict {
                        predict_secs,
                        ahead,
                    } => follow_predict(body, path, (predict_secs, ahead, block.slowing_radius)),
                    PathForm::Waypoints => {
                        let (steer, k, trace) =
                            follow_waypoints(body, path, waypoint, block.slowing_radius);
                        next = k;
                        (steer, trace)
                    }
                };
                note(&mut detail, |d| d.path = Some(trace));
                steer
            },
        );
        next
    }

    /// Flow field following.
    pub fn follow_flow_block(
        &mut self,
        body: &Body,
        block: &FollowFlow,
        field: &FlowGrid,
        mut detail: Option<&mut Detail>,
    ) {
        self.add(
            BehaviorKind::FollowFlow,
            block.weight(),
            block.probability(),
            |_| -> Steer {
                let (steer, read) = follow_flow(body, field, block.predict_secs);
                note(&mut detail, |d| d.flow = Some(read));
                steer
            },
        );
    }
}
