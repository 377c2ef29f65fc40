//! The tunable parameters of a world: groups (archetypes), their kinematics and behaviors,
//! targets, obstacles and spawning. These types are plain data; they derive serde so that the
//! scene file (`crate::scene`) is exactly this model, field for field.
//!
//! A group lists each behavior at most once, as an optional block (`seek`, `flee`, ... ). A
//! block carries `enabled`, `weight` and `probability` plus its own parameters. Blocks are
//! evaluated in [`BehaviorKind::ALL`] order, which is also the priority order of the prioritized
//! combination methods.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::behaviors::BehaviorInfo;
pub use super::blocks::{
    Alignment, Arrive, AvoidAgents, AvoidForm, AvoidObstacles, AvoidWalls, BlockCommon, Cohesion,
    Containment, Evade, Flee, FollowFlow, FollowLeader, FollowPath, Goal, Hide, Interpose,
    OffsetPursuit, PathForm, Pursuit, Queue, Region, Seek, Separation, Slot, Wander, WanderTarget,
};
pub use super::scenery::{FlowBase, FlowField, PaintedCell, Path, Placed, Wall};

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

/// The default of [`Group::max_neighbors`].
pub const DEFAULT_MAX_NEIGHBORS: u32 = 256;

fn default_max_neighbors() -> u32 {
    DEFAULT_MAX_NEIGHBORS
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

/// How a group's agents enter the world.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Spawn {
    /// All at once, uniformly in the rectangle `min..max`, each heading in a random direction.
    Area {
        /// Lower corner (world units).
        min: Vec2,
        /// Upper corner (world units).
        max: Vec2,
        /// Initial speed (world units per second).
        speed: f32,
    },
    /// All at once at one point with one velocity.
    At {
        /// Position (world units).
        position: Vec2,
        /// Velocity (world units per second).
        velocity: Vec2,
    },
    /// One at a time from a point: the first at time 0, then one every `interval_secs` (the
    /// boids seed spawns one ship every 0.05 s).
    Queue {
        /// Position (world units).
        position: Vec2,
        /// Velocity (world units per second).
        velocity: Vec2,
        /// Seconds between two spawns (> 0).
        interval_secs: f32,
    },
}

/// A circular obstacle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Obstacle {
    /// Centre (world units).
    pub center: Vec2,
    /// Radius (world units).
    pub radius: f32,
}

/// One archetype: agents that share kinematics and behaviors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// Unique name; letters, digits, `_` and `-`.
    pub name: String,
    /// Number of agents.
    pub count: u32,
    /// How they enter the world.
    pub spawn: Spawn,
    /// Largest steering force (mass · world units / s²).
    pub max_force: f32,
    /// Largest speed (world units / s).
    pub max_speed: f32,
    /// Mass (> 0).
    pub mass: f32,
    /// The agent's body radius (world units): the width of its detection box, what collision
    /// avoidance keeps apart.
    #[serde(default = "default_radius")]
    pub radius: f32,
    /// How behavior forces combine.
    #[serde(default)]
    pub combination: Combination,
    /// Largest angular speed of the velocity (degrees per second): a turn the forces ask for
    /// beyond it is spread over later ticks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_turn_rate_deg: Option<f32>,
    /// Agents are drawn along the mean of their last this-many headings (Buckland's smoother):
    /// the drawing only, never the motion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading_smoothing: Option<u32>,
    /// Hunter stamina gating pursuit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamina: Option<Stamina>,
    /// Wall avoidance. The behavior blocks follow, in priority order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avoid_walls: Option<AvoidWalls>,
    /// Containment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub containment: Option<Containment>,
    /// Obstacle avoidance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avoid_obstacles: Option<AvoidObstacles>,
    /// Unaligned collision avoidance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avoid_agents: Option<AvoidAgents>,
    /// Evade.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evade: Option<Evade>,
    /// Hide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hide: Option<Hide>,
    /// Flee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flee: Option<Flee>,
    /// Separation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub separation: Option<Separation>,
    /// Pursuit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursuit: Option<Pursuit>,
    /// Offset pursuit (formations).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset_pursuit: Option<OffsetPursuit>,
    /// Leader following.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_leader: Option<FollowLeader>,
    /// Interpose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interpose: Option<Interpose>,
    /// Seek.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seek: Option<Seek>,
    /// Arrive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrive: Option<Arrive>,
    /// Goal seeking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
    /// Path following.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_path: Option<FollowPath>,
    /// Flow field following.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follow_flow: Option<FollowFlow>,
    /// Alignment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alignment: Option<Alignment>,
    /// Cohesion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cohesion: Option<Cohesion>,
    /// Circle wander.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wander: Option<Wander>,
    /// Random-target wander.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wander_target: Option<WanderTarget>,
    /// Queuing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub queue: Option<Queue>,
    /// Most neighbours a flocking agent considers: when more are within its largest flocking
    /// radius, the nearest this many (ties: the lower agent index). Keeps a tick linear in the
    /// number of agents when a radius covers a crowd.
    #[serde(default = "default_max_neighbors")]
    pub max_neighbors: u32,
}

/// The default of [`Group::radius`]: half the length an agent is drawn.
pub const DEFAULT_RADIUS: f32 = 7.0;

fn default_radius() -> f32 {
    DEFAULT_RADIUS
}

/// Calls `$m!` with every behavior: its [`BehaviorKind`] variant, the group's field, and the
/// block type, in priority order. The one list the per-behavior matches are written from.
macro_rules! for_each_behavior {
    ($m:ident) => {
        $m! {
            AvoidWalls avoid_walls AvoidWalls,
            Containment containment Containment,
            AvoidObstacles avoid_obstacles AvoidObstacles,
            AvoidAgents avoid_agents AvoidAgents,
            Evade evade Evade,
            Hide hide Hide,
            Flee flee Flee,
            Separation separation Separation,
            Pursuit pursuit Pursuit,
            OffsetPursuit offset_pursuit OffsetPursuit,
            FollowLeader follow_leader FollowLeader,
            Interpose interpose Interpose,
            Seek seek Seek,
            Arrive arrive Arrive,
            Goal goal Goal,
            FollowPath follow_path FollowPath,
            FollowFlow follow_flow FollowFlow,
            Alignment alignment Alignment,
            Cohesion cohesion Cohesion,
            Wander wander Wander,
            WanderTarget wander_target WanderTarget,
            Queue queue Queue,
        }
    };
}

/// The number of identifiers given.
macro_rules! count {
    () => { 0_usize };
    ($head:ident $($tail:ident)*) => { 1_usize + count!($($tail)*) };
}

macro_rules! behavior_kinds {
    ($($kind:ident $field:ident $ty:ident,)*) => {
        /// The behaviors, in priority order. The index is the behavior's slot in debug
        /// records.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum BehaviorKind {
            $(
                #[doc = concat!("[`", stringify!($ty), "`].")]
                $kind,
            )*
        }

        impl BehaviorKind {
            /// Every behavior, in priority order.
            pub const ALL: [Self; count!($($kind)*)] = [$(Self::$kind),*];
        }

        impl Group {
            /// The block of behavior `kind`, if the group has one (enabled or not).
            #[must_use]
            pub fn block(&self, kind: BehaviorKind) -> Option<&dyn BlockCommon> {
                match kind {
                    $(BehaviorKind::$kind => self.$field.as_ref().map(|b| b as &dyn BlockCommon),)*
                }
            }

            /// The block of behavior `kind`, to edit.
            pub fn block_mut(&mut self, kind: BehaviorKind) -> Option<&mut dyn BlockCommon> {
                match kind {
                    $(
                        BehaviorKind::$kind => {
                            self.$field.as_mut().map(|b| b as &mut dyn BlockCommon)
                        }
                    )*
                }
            }
        }
    };
}

for_each_behavior!(behavior_kinds);

impl Group {
    /// A group with no behaviors.
    #[must_use]
    pub fn new(name: &str, count: u32, spawn: Spawn) -> Self {
        Self {
            name: name.to_owned(),
            count,
            spawn,
            max_force: 100.0,
            max_speed: 100.0,
            mass: 1.0,
            radius: DEFAULT_RADIUS,
            combination: Combination::WeightedSum,
            max_turn_rate_deg: None,
            heading_smoothing: None,
            stamina: None,
            avoid_walls: None,
            containment: None,
            avoid_obstacles: None,
            avoid_agents: None,
            evade: None,
            hide: None,
            flee: None,
            separation: None,
            pursuit: None,
            offset_pursuit: None,
            follow_leader: None,
            interpose: None,
            seek: None,
            arrive: None,
            goal: None,
            follow_path: None,
            follow_flow: None,
            alignment: None,
            cohesion: None,
            wander: None,
            wander_target: None,
            queue: None,
            max_neighbors: DEFAULT_MAX_NEIGHBORS,
        }
    }

    /// Whether the group has a block of behavior `kind` (enabled or not).
    #[must_use]
    pub fn has_block(&self, kind: BehaviorKind) -> bool {
        self.block(kind).is_some()
    }

    /// Whether the group has an enabled block of behavior `kind`.
    #[must_use]
    pub fn uses(&self, kind: BehaviorKind) -> bool {
        self.block(kind).is_some_and(BlockCommon::enabled)
    }

    /// The targets of the group's behavior blocks (enabled or not), in priority order: the
    /// behavior, which of its targets (0: `target`, 1: `other`), and the target.
    #[must_use]
    pub fn targets(&self) -> Vec<(BehaviorKind, usize, &Target)> {
        let mut out = Vec::new();
        for kind in BehaviorKind::ALL {
            if let Some(block) = self.block(kind) {
                for (which, target) in [block.target(), block.other_target()]
                    .into_iter()
                    .enumerate()
                {
                    if let Some(target) = target {
                        out.push((kind, which, target));
                    }
                }
            }
        }
        out
    }

    /// Target `which` (0: `target`, 1: `other`) of the block of `kind`, for editing (`None`
    /// when the group has no such block or the behavior has no such target).
    pub fn target_mut(&mut self, kind: BehaviorKind, which: usize) -> Option<&mut Target> {
        let block = self.block_mut(kind)?;
        if which == 0 {
            block.target_mut()
        } else {
            block.other_target_mut()
        }
    }

    /// The largest neighbour radius of the group's enabled flocking behaviors (0 if none).
    #[must_use]
    pub fn neighbor_radius(&self) -> f32 {
        let mut r: f32 = 0.0;
        if let Some(b) = self.separation.as_ref().filter(|b| b.enabled) {
            r = r.max(b.radius);
        }
        if let Some(b) = self.alignment.as_ref().filter(|b| b.enabled) {
            r = r.max(b.radius);
        }
        if let Some(b) = self.cohesion.as_ref().filter(|b| b.enabled) {
            r = r.max(b.radius);
        }
        r
    }
}

impl BehaviorKind {
    /// Number of behaviors.
    pub const COUNT: usize = Self::ALL.len();

    /// Position in [`Self::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The behavior's entry in the registry: key, colour, formula (each defined in the
    /// behavior's own file under `sim/behaviors/`).
    #[must_use]
    pub fn info(self) -> &'static BehaviorInfo {
        use super::behaviors::{
            arrive, avoidance, collision, flee, flocking, flow, formation, goal, hide, path,
            pursuit, queue, seek, walls, wander,
        };
        match self {
            Self::AvoidWalls => &walls::AVOID_WALLS,
            Self::Containment => &walls::CONTAINMENT,
            Self::AvoidObstacles => &avoidance::AVOID_OBSTACLES,
            Self::AvoidAgents => &collision::AVOID_AGENTS,
            Self::Evade => &pursuit::EVADE,
            Self::Hide => &hide::HIDE,
            Self::Flee => &flee::FLEE,
            Self::Separation => &flocking::SEPARATION,
            Self::Pursuit => &pursuit::PURSUIT,
            Self::OffsetPursuit => &formation::OFFSET_PURSUIT,
            Self::FollowLeader => &formation::FOLLOW_LEADER,
            Self::Interpose => &hide::INTERPOSE,
            Self::Seek => &seek::SEEK,
            Self::Arrive => &arrive::ARRIVE,
            Self::Goal => &goal::GOAL,
            Self::FollowPath => &path::FOLLOW_PATH,
            Self::FollowFlow => &flow::FOLLOW_FLOW,
            Self::Alignment => &flocking::ALIGNMENT,
            Self::Cohesion => &flocking::COHESION,
            Self::Wander => &wander::WANDER,
            Self::WanderTarget => &wander::WANDER_TARGET,
            Self::Queue => &queue::QUEUE,
        }
    }

    /// The field name in a group (`wander_target`): the registry's key.
    #[must_use]
    pub fn field_name(self) -> &'static str {
        self.info().key
    }
}
