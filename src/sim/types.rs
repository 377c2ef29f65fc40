//! The shared vocabulary of behavior parameters: what a block steers relative to, the forms a
//! behavior takes, and the world's edge rule. Plain data that derives serde; below the behaviors,
//! which use it, and the scene model, which holds it.

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// What a behavior steers relative to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Target {
    /// A fixed point in world units.
    Point(Vec2),
    /// The pointer position supplied by the host application (no force while there is none).
    Pointer,
    /// The click target of the world (the sources' crosshair), moved by the host.
    Click,
    /// The centre of the world.
    Center,
    /// The agent with this id.
    Agent(u32),
    /// The nearest agent of the named group (never the agent itself).
    Nearest(String),
}

/// What happens to an agent that leaves the world rectangle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoundsMode {
    /// Leaves one side, enters on the opposite side.
    #[default]
    Wrap,
    /// Reflected at the wall: position mirrored inside, that velocity component negated.
    Bounce,
    /// Put back at the centre of the world, velocity unchanged (the wander demo).
    Respawn,
    /// No bounds: agents may leave the world.
    Open,
}

/// The deceleration setting of the deceleration form of arrive (002): the number of
/// "tweaker" time units (0.3 s each) the agent plans to take to reach the target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deceleration {
    /// 3: arrives gently.
    Slow,
    /// 2.
    #[default]
    Normal,
    /// 1: brakes late and hard.
    Fast,
}

impl Deceleration {
    /// The sources' enum value: slow = 3, normal = 2, fast = 1.
    #[must_use]
    pub fn factor(self) -> f32 {
        match self {
            Self::Slow => 3.0,
            Self::Normal => 2.0,
            Self::Fast => 1.0,
        }
    }
}

/// The two forms of arrive.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum ArriveMode {
    /// Linear slowing inside this radius, in world units (000, 003).
    SlowingRadius(f32),
    /// `speed = d / (deceleration * 0.3)` (002).
    Deceleration(Deceleration),
}

impl Default for ArriveMode {
    fn default() -> Self {
        Self::SlowingRadius(50.0)
    }
}

/// How far ahead pursuit and evade predict their target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prediction {
    /// `None`: dynamic, `T = distance / max_speed` (seconds). `Some(t)`: a fixed `T` in seconds.
    #[serde(default)]
    pub fixed_secs: Option<f32>,
    /// An optional upper bound on `T`, in seconds.
    #[serde(default)]
    pub max_secs: Option<f32>,
}

/// The two forms of obstacle avoidance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum AvoidForm {
    /// Every obstacle whose surface is within `detection_distance` pushes straight away.
    #[default]
    Radial,
    /// Buckland's detection box: a box ahead of the agent, as wide as the agent and
    /// `min_length * (1 + speed / max_speed)` long; the nearest obstacle it meets pushes
    /// sideways (harder the closer it is) and brakes.
    DetectionBox {
        /// Length of the box at rest (world units).
        min_length: f32,
        /// Share of the distance that becomes braking (Buckland: 0.2).
        braking_weight: f32,
    },
}

/// The region containment keeps agents in.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum Region {
    /// The world rectangle.
    #[default]
    World,
    /// The polygon of the looping path with this name.
    Path(String),
}

/// The two forms of path following.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum PathForm {
    /// Reynolds: predict the position `predict_secs` ahead; when it leaves the path's band (or
    /// heads back along the path), seek the point `ahead` world units further along the path
    /// than the agent's own projection (negative: follow it backwards).
    Predict {
        /// Seconds of the current velocity.
        predict_secs: f32,
        /// World units along the path.
        ahead: f32,
    },
    /// Buckland: seek each point in turn, going on to the next within the path's radius.
    Waypoints,
}

impl Default for PathForm {
    fn default() -> Self {
        Self::Predict {
            predict_secs: 0.5,
            ahead: 30.0,
        }
    }
}

/// Where a follower holds station, in the leader's frame: x ahead of the leader, y to its
/// right (the leader's heading turned a quarter toward +y).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Slot {
    /// The same offset for every follower (world units).
    Offset(Vec2),
    /// Side by side, one `spacing` behind the leader.
    Line(f32),
    /// Single file behind the leader, `spacing` apart.
    Column(f32),
    /// A V opening backwards, `spacing` apart along each arm.
    Wedge(f32),
    /// Evenly around the leader at this radius.
    Circle(f32),
}

impl Default for Slot {
    fn default() -> Self {
        Self::Offset(Vec2::new(-30.0, 0.0))
    }
}

/// Serde's default deceleration of the blocks that brake on a point (hide, interpose, offset
/// pursuit).
pub(crate) fn fast() -> Deceleration {
    Deceleration::Fast
}
