//! The shared vocabulary of behavior parameters: what a block steers relative to, the forms a
//! behavior takes, and the world's edge rule. Plain data that derives serde; below the behaviors,
//! which use it, and the scene model, which holds it.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::sim::model::math::normalize_or_zero;

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
    /// The point opposite where the agent entered the world, through the world's centre (each
    /// agent its own: a crowd on a circle crosses to the far side, two rooms swap their
    /// crowds).
    Opposite,
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

// What a behavior sees of the agents around it and keeps between ticks.

/// The leader as a follower sees it: position, velocity and unit heading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Leader {
    /// World units.
    pub position: Vec2,
    /// World units per second.
    pub velocity: Vec2,
    /// Unit heading.
    pub heading: Vec2,
}

impl Leader {
    /// A point given in the leader's frame, in the world.
    #[must_use]
    pub fn to_world(self, local: Vec2) -> Vec2 {
        let side = Vec2::new(-self.heading.y, self.heading.x);
        self.position + self.heading * local.x + side * local.y
    }

    /// A world point in the leader's frame.
    #[must_use]
    pub fn to_local(self, world: Vec2) -> Vec2 {
        let side = Vec2::new(-self.heading.y, self.heading.x);
        let d = world - self.position;
        Vec2::new(d.dot(self.heading), d.dot(side))
    }
}

/// Another agent as collision avoidance sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Other {
    /// Its id.
    pub id: u32,
    /// World units.
    pub position: Vec2,
    /// World units per second.
    pub velocity: Vec2,
    /// The unit direction it last moved in: its heading when it stands still.
    pub facing: Vec2,
    /// Body radius.
    pub radius: f32,
}

impl Other {
    /// Its unit heading: the direction of its velocity, or the one it last moved in when it
    /// stands still (as the agent's own). Worked out when asked, since ORCA never asks.
    #[must_use]
    pub fn heading(&self) -> Vec2 {
        crate::sim::model::math::direction_or(self.velocity, self.facing)
    }
}

/// One of the three flocking rules (each reads its own neighbour sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlockRule {
    /// Separation.
    Separation,
    /// Alignment.
    Alignment,
    /// Cohesion.
    Cohesion,
}

impl FlockRule {
    /// The three, in the order the neighbour search sums them.
    pub const ALL: [Self; 3] = [Self::Separation, Self::Alignment, Self::Cohesion];

    /// Its place in [`Self::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Running sums over the neighbours of one agent, filled by the neighbour search. [`Self::add`]
/// fills every field; the world's search fills only the one each rule reads (`away` for
/// separation, `velocity` for alignment, `position` for cohesion).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NeighborSums {
    /// Number of neighbours.
    pub count: u32,
    /// Sum of `normalize(position - neighbour.position)`.
    pub away: Vec2,
    /// Sum of neighbour positions.
    pub position: Vec2,
    /// Sum of neighbour velocities.
    pub velocity: Vec2,
}

impl NeighborSums {
    /// Adds one neighbour of the agent at `own_position`.
    pub fn add(&mut self, own_position: Vec2, position: Vec2, velocity: Vec2) {
        let offset = own_position - position;
        self.add_at(offset, offset.length(), position, velocity);
    }

    /// [`Self::add`] for a caller that already has `offset = own_position - position` and its
    /// length (the same bits as `normalize_or_zero(offset)` uses).
    pub fn add_at(&mut self, offset: Vec2, distance: f32, position: Vec2, velocity: Vec2) {
        self.count += 1;
        self.away += away_from(offset, distance);
        self.position += position;
        self.velocity += velocity;
    }

    pub(crate) fn mean(&self, sum: Vec2) -> Option<Vec2> {
        (self.count > 0).then(|| sum / self.count as f32)
    }
}

fn one() -> f32 {
    1.0
}

/// The hunter's stamina (000 part 5, 003): gates the group's pursuit.
///
/// Resting, each tick: the hunter stops resting when `stamina >= max`, compared before this
/// tick's gain, then gains `regen_per_tick` (the seeds' `if (resting && stamina++ >=
/// MAX_STAMINA)`; with max 20, cost 2 and regen 1 a hunter pursues 11 ticks and rests 21).
/// Not resting with a prey: pursue, `stamina -= cost_per_tick`; at `<= 0` drop the prey and rest.
/// Otherwise (resting, or no prey): pursuit is off, the other behaviors run, and the nearest
/// agent of the pursuit target's group (within the pursuit `range`, if set) becomes the prey.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stamina {
    /// Full stamina.
    pub max: f32,
    /// Gained per tick while resting.
    #[serde(default = "one")]
    pub regen_per_tick: f32,
    /// Spent per tick of pursuit.
    #[serde(default = "two")]
    pub cost_per_tick: f32,
}

fn two() -> f32 {
    2.0
}

impl Default for Stamina {
    /// At 60 ticks per second: one second of pursuit (120 at 2 per tick) after two seconds of
    /// rest (120 at 1 per tick).
    fn default() -> Self {
        Self {
            max: 120.0,
            regen_per_tick: 1.0,
            cost_per_tick: 2.0,
        }
    }
}

/// `normalize(offset)` for an `offset` whose length `distance` is already known: the unit
/// vector a neighbour adds to the separation sum.
#[must_use]
#[inline]
pub fn away_from(offset: Vec2, distance: f32) -> Vec2 {
    if distance > 0.0 && distance.is_finite() {
        offset / distance
    } else {
        normalize_or_zero(offset)
    }
}

/// How the forces of one group's behaviors are combined into one steering force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Combination {
    /// `truncate(sum of weight * force, max_force)`: the sources' movement manager.
    #[default]
    WeightedSum,
    /// Behaviors in priority order add `weight * force` until `max_force` is spent; the one
    /// that would overflow adds only what is left, in its own direction.
    PrioritizedSum,
    /// Behaviors in priority order are each evaluated with their own `probability`; the first
    /// non-zero `weight * force / probability` is the steering force (truncated).
    PrioritizedDithering,
}
