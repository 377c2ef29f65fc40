//! What one agent felt on one tick, recorded by the steering manager so that the editor and the
//! renderer draw it without recomputing anything.

use glam::Vec2;

use super::behaviors::avoidance::DetectionBox;
use super::behaviors::collision::Approach;
use super::behaviors::path::PathTrace;
use super::behaviors::walls::{Probe, WallHit};
use super::behaviors::wander::WanderCircle;
use super::params::BehaviorKind;

/// The record of one agent for the last tick.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AgentDebug {
    /// Each behavior's weighted force (`weight * force`, divided by the probability under
    /// dithering), indexed by [`BehaviorKind::index`]. Zero for behaviors not evaluated.
    pub forces: [Vec2; BehaviorKind::COUNT],
    /// Bit `k` set when behavior `k` was evaluated this tick.
    pub evaluated: u32,
    /// The combined steering before truncation to `max_force`.
    pub combined: Vec2,
    /// The steering force applied: after combination and truncation, before dividing by mass.
    pub applied: Vec2,
    /// `velocity + combined`: the velocity the behaviors together asked for (for a lone seek,
    /// exactly seek's desired velocity).
    pub desired_velocity: Vec2,
    /// The agent's velocity when the forces were computed.
    pub velocity: Vec2,
    /// The wander circle, relative to the agent, when circle wander ran.
    pub wander: Option<WanderCircle>,
    /// The random point the random-target wander is heading for.
    pub wander_point: Option<Vec2>,
    /// The predicted target position of pursuit or evade (pursuit's if both ran).
    pub prediction: Option<Vec2>,
    /// Where arrive's target was, when arrive ran (its slowing circle is drawn around it).
    pub arrive_target: Option<Vec2>,
    /// Where flee's target was, when flee ran (its panic circle is drawn around it).
    pub flee_target: Option<Vec2>,
    /// Number of neighbours within the largest flocking radius.
    pub neighbors: u32,
    /// Sum of the distances to those neighbours (world units).
    pub neighbor_distance_sum: f32,
    /// The heading the agent is drawn with (unit): the smoothed one when its group smooths
    /// headings, else the direction it last moved in.
    pub heading: Vec2,
}

/// What the behaviors beyond the tutorials looked at on one tick, for the overlays: kept apart
/// from [`AgentDebug`] and only for the agents of groups that use them, so a flock that does
/// not pays nothing for it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Detail {
    /// Path following: the predicted point, its projection, the point sought.
    pub path: Option<PathTrace>,
    /// Wall avoidance: the three feeler tips.
    pub feelers: Option<[Vec2; 3]>,
    /// Wall avoidance: the crossing that pushed.
    pub wall_hit: Option<WallHit>,
    /// Obstacle avoidance's detection box.
    pub detection_box: Option<DetectionBox>,
    /// Containment's probe.
    pub containment: Option<Probe>,
    /// Hide: the hiding spot.
    pub hide_spot: Option<Vec2>,
    /// Interpose: the point aimed at.
    pub interpose: Option<Vec2>,
    /// Offset pursuit: the slot, in the world.
    pub slot: Option<Vec2>,
    /// Leader following: the follow point behind the leader.
    pub behind: Option<Vec2>,
    /// Collision avoidance: where the agent and its threat will be at closest approach.
    pub approach: Option<Approach>,
    /// Flow following: where the field was read, and its direction there.
    pub flow: Option<(Vec2, Vec2)>,
}

impl AgentDebug {
    /// Whether `kind` was evaluated this tick.
    #[must_use]
    pub fn was_evaluated(&self, kind: BehaviorKind) -> bool {
        self.evaluated & (1 << kind.index()) != 0
    }

    /// The weighted force of `kind` this tick.
    #[must_use]
    pub fn force(&self, kind: BehaviorKind) -> Vec2 {
        self.forces[kind.index()]
    }
}
