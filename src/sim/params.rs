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

fn yes() -> bool {
    true
}

/// Defines one behavior block: the shared `enabled`, `weight`, `probability` fields, then the
/// behavior's own. A block that starts with `target;` has a `target` field that
/// [`BlockCommon::target`] returns.
macro_rules! block {
    (
        target;
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl BlockCommon for $name {
            block! { @common }
            fn target(&self) -> Option<&Target> { Some(&self.target) }
            fn target_mut(&mut self) -> Option<&mut Target> { Some(&mut self.target) }
        }
    };
    (
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl BlockCommon for $name {
            block! { @common }
        }
    };
    (@common) => {
        fn enabled(&self) -> bool { self.enabled }
        fn weight(&self) -> f32 { self.weight }
        fn probability(&self) -> f32 { self.probability }
        fn common_mut(&mut self) -> (&mut bool, &mut f32, &mut f32) {
            (&mut self.enabled, &mut self.weight, &mut self.probability)
        }
    };
    (
        @define
        $(#[$meta:meta])*
        $name:ident { $( $(#[$fmeta:meta])* $field:ident : $ty:ty = $default:expr ),* $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            /// The on/off switch.
            #[serde(default = "yes")]
            pub enabled: bool,
            /// Multiplies the force before combination (any finite value; negative inverts).
            #[serde(default = "one")]
            pub weight: f32,
            /// Chance in `[0.001, 1]` that the behavior is evaluated on a tick, used only by
            /// [`Combination::PrioritizedDithering`].
            #[serde(default = "one")]
            pub probability: f32,
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl Default for $name {
            fn default() -> Self {
                Self { enabled: true, weight: 1.0, probability: 1.0, $( $field: $default, )* }
            }
        }
    };
}

/// The fields every behavior block has.
pub trait BlockCommon {
    /// The on/off switch.
    fn enabled(&self) -> bool;
    /// The weight applied before combination.
    fn weight(&self) -> f32;
    /// The dithering probability.
    fn probability(&self) -> f32;
    /// The three, to edit: on/off, weight, probability.
    fn common_mut(&mut self) -> (&mut bool, &mut f32, &mut f32);
    /// What the behavior steers relative to, for the behaviors that have a target.
    fn target(&self) -> Option<&Target> {
        None
    }
    /// The target, to edit.
    fn target_mut(&mut self) -> Option<&mut Target> {
        None
    }
}

block! {
    target;
    /// Seek: `desired = normalize(target - position) * max_speed; force = desired - velocity`.
    Seek {
        /// What to seek.
        target: Target = Target::Click,
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

block! {
    target;
    /// Flee: `desired = normalize(position - target) * max_speed; force = desired - velocity`.
    Flee {
        /// What to flee from.
        target: Target = Target::Pointer,
        /// No force while the target is farther than this (world units); the C# seed uses 100.
        #[serde(default)] panic_distance: Option<f32> = Some(100.0),
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

block! {
    target;
    /// Arrive: seek that slows down near the target, in either form of [`ArriveMode`].
    Arrive {
        /// Where to arrive.
        target: Target = Target::Click,
        /// Slowing radius or deceleration setting.
        #[serde(default)] mode: ArriveMode = ArriveMode::default(),
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

block! {
    /// Wander on a circle projected ahead of the agent (000 part 3, 001).
    Wander {
        /// Distance of the circle's centre ahead of the agent (world units).
        circle_distance: f32 = 6.0,
        /// Radius of the circle (world units).
        circle_radius: f32 = 8.0,
        /// Largest change of the wander angle per tick (radians); the change is uniform in
        /// `[-angle_change / 2, angle_change / 2)`.
        angle_change_rad: f32 = 1.0,
    }
}

block! {
    /// The naive wander of the sources: seek a random point of the world, a new one every
    /// `interval_secs`.
    WanderTarget {
        /// Seconds between two picks of a random point (> 0).
        interval_secs: f32 = 3.0,
    }
}

block! {
    target;
    /// Pursuit: seek the target's predicted position `target.position + target.velocity * T`.
    Pursuit {
        /// Whom to pursue.
        target: Target = Target::Nearest(String::new()),
        /// How `T` is chosen.
        #[serde(default)] prediction: Prediction = Prediction::default(),
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

block! {
    target;
    /// Evade: flee the target's predicted position (same prediction as pursuit).
    Evade {
        /// Whom to evade.
        target: Target = Target::Nearest(String::new()),
        /// How `T` is chosen.
        #[serde(default)] prediction: Prediction = Prediction::default(),
        /// Active only while the target is within this distance (world units).
        #[serde(default)] range: Option<f32> = None,
        /// While active, the blocks after this one in priority order are skipped.
        #[serde(default)] exclusive: bool = false,
    }
}

block! {
    /// Separation: push away from neighbours along their mean direction away.
    Separation {
        /// Neighbour radius (world units).
        radius: f32 = 25.0,
        /// Only agents of the same group count as neighbours.
        #[serde(default)] own_group_only: bool = false,
    }
}

block! {
    /// Alignment: steer toward the neighbours' mean velocity.
    Alignment {
        /// Neighbour radius (world units).
        radius: f32 = 50.0,
        /// Only agents of the same group count as neighbours.
        #[serde(default)] own_group_only: bool = true,
    }
}

block! {
    /// Cohesion: seek the neighbours' centre of mass.
    Cohesion {
        /// Neighbour radius (world units).
        radius: f32 = 50.0,
        /// Only agents of the same group count as neighbours.
        #[serde(default)] own_group_only: bool = true,
    }
}

block! {
    target;
    /// Goal seeking of the boids seed: seek a target, slowing inside `slowing_radius`.
    Goal {
        /// The goal.
        target: Target = Target::Click,
        /// Arrival radius (world units); 0 is plain seek.
        #[serde(default)] slowing_radius: f32 = 0.0,
    }
}

block! {
    /// Obstacle avoidance: push away from the obstacles whose surface is within
    /// `detection_distance`, along their mean direction away.
    AvoidObstacles {
        /// How far from an obstacle's surface it starts to repel (world units).
        detection_distance: f32 = 40.0,
    }
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
    /// How behavior forces combine.
    #[serde(default)]
    pub combination: Combination,
    /// Hunter stamina gating pursuit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamina: Option<Stamina>,
    /// Obstacle avoidance. The behavior blocks follow, in priority order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub avoid_obstacles: Option<AvoidObstacles>,
    /// Evade.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evade: Option<Evade>,
    /// Flee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flee: Option<Flee>,
    /// Separation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub separation: Option<Separation>,
    /// Pursuit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursuit: Option<Pursuit>,
    /// Seek.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seek: Option<Seek>,
    /// Arrive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrive: Option<Arrive>,
    /// Goal seeking.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<Goal>,
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
    /// Most neighbours a flocking agent considers: when more are within its largest flocking
    /// radius, the nearest this many (ties: the lower agent index). Keeps a tick linear in the
    /// number of agents when a radius covers a crowd.
    #[serde(default = "default_max_neighbors")]
    pub max_neighbors: u32,
}

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
            combination: Combination::WeightedSum,
            stamina: None,
            avoid_obstacles: None,
            evade: None,
            flee: None,
            separation: None,
            pursuit: None,
            seek: None,
            arrive: None,
            goal: None,
            alignment: None,
            cohesion: None,
            wander: None,
            wander_target: None,
            max_neighbors: DEFAULT_MAX_NEIGHBORS,
        }
    }

    /// The block of behavior `kind`, if the group has one (enabled or not).
    #[must_use]
    pub fn block(&self, kind: BehaviorKind) -> Option<&dyn BlockCommon> {
        fn dyn_block<B: BlockCommon>(b: &B) -> &dyn BlockCommon {
            b
        }
        match kind {
            BehaviorKind::AvoidObstacles => self.avoid_obstacles.as_ref().map(dyn_block),
            BehaviorKind::Evade => self.evade.as_ref().map(dyn_block),
            BehaviorKind::Flee => self.flee.as_ref().map(dyn_block),
            BehaviorKind::Separation => self.separation.as_ref().map(dyn_block),
            BehaviorKind::Pursuit => self.pursuit.as_ref().map(dyn_block),
            BehaviorKind::Seek => self.seek.as_ref().map(dyn_block),
            BehaviorKind::Arrive => self.arrive.as_ref().map(dyn_block),
            BehaviorKind::Goal => self.goal.as_ref().map(dyn_block),
            BehaviorKind::Alignment => self.alignment.as_ref().map(dyn_block),
            BehaviorKind::Cohesion => self.cohesion.as_ref().map(dyn_block),
            BehaviorKind::Wander => self.wander.as_ref().map(dyn_block),
            BehaviorKind::WanderTarget => self.wander_target.as_ref().map(dyn_block),
        }
    }

    /// The block of behavior `kind`, to edit.
    pub fn block_mut(&mut self, kind: BehaviorKind) -> Option<&mut dyn BlockCommon> {
        fn dyn_block<B: BlockCommon>(b: &mut B) -> &mut dyn BlockCommon {
            b
        }
        match kind {
            BehaviorKind::AvoidObstacles => self.avoid_obstacles.as_mut().map(dyn_block),
            BehaviorKind::Evade => self.evade.as_mut().map(dyn_block),
            BehaviorKind::Flee => self.flee.as_mut().map(dyn_block),
            BehaviorKind::Separation => self.separation.as_mut().map(dyn_block),
            BehaviorKind::Pursuit => self.pursuit.as_mut().map(dyn_block),
            BehaviorKind::Seek => self.seek.as_mut().map(dyn_block),
            BehaviorKind::Arrive => self.arrive.as_mut().map(dyn_block),
            BehaviorKind::Goal => self.goal.as_mut().map(dyn_block),
            BehaviorKind::Alignment => self.alignment.as_mut().map(dyn_block),
            BehaviorKind::Cohesion => self.cohesion.as_mut().map(dyn_block),
            BehaviorKind::Wander => self.wander.as_mut().map(dyn_block),
            BehaviorKind::WanderTarget => self.wander_target.as_mut().map(dyn_block),
        }
    }

    /// Whether the group has a block of behavior `kind` (enabled or not).
    #[must_use]
    pub fn has_block(&self, kind: BehaviorKind) -> bool {
        self.block(kind).is_some()
    }

    /// The targets of the group's behavior blocks (enabled or not), with their behavior, in
    /// priority order.
    #[must_use]
    pub fn targets(&self) -> Vec<(BehaviorKind, &Target)> {
        BehaviorKind::ALL
            .into_iter()
            .filter_map(|kind| Some((kind, self.block(kind)?.target()?)))
            .collect()
    }

    /// The target of the block of `kind`, for editing (`None` when the group has no such block
    /// or the behavior has no target).
    pub fn target_mut(&mut self, kind: BehaviorKind) -> Option<&mut Target> {
        self.block_mut(kind)?.target_mut()
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

/// The behaviors, in priority order. The index is the behavior's slot in debug records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BehaviorKind {
    /// [`AvoidObstacles`].
    AvoidObstacles,
    /// [`Evade`].
    Evade,
    /// [`Flee`].
    Flee,
    /// [`Separation`].
    Separation,
    /// [`Pursuit`].
    Pursuit,
    /// [`Seek`].
    Seek,
    /// [`Arrive`].
    Arrive,
    /// [`Goal`].
    Goal,
    /// [`Alignment`].
    Alignment,
    /// [`Cohesion`].
    Cohesion,
    /// [`Wander`].
    Wander,
    /// [`WanderTarget`].
    WanderTarget,
}

impl BehaviorKind {
    /// Every behavior, in priority order.
    pub const ALL: [Self; 12] = [
        Self::AvoidObstacles,
        Self::Evade,
        Self::Flee,
        Self::Separation,
        Self::Pursuit,
        Self::Seek,
        Self::Arrive,
        Self::Goal,
        Self::Alignment,
        Self::Cohesion,
        Self::Wander,
        Self::WanderTarget,
    ];

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
        use super::behaviors::{arrive, avoidance, flee, flocking, goal, pursuit, seek, wander};
        match self {
            Self::AvoidObstacles => &avoidance::AVOID_OBSTACLES,
            Self::Evade => &pursuit::EVADE,
            Self::Flee => &flee::FLEE,
            Self::Separation => &flocking::SEPARATION,
            Self::Pursuit => &pursuit::PURSUIT,
            Self::Seek => &seek::SEEK,
            Self::Arrive => &arrive::ARRIVE,
            Self::Goal => &goal::GOAL,
            Self::Alignment => &flocking::ALIGNMENT,
            Self::Cohesion => &flocking::COHESION,
            Self::Wander => &wander::WANDER,
            Self::WanderTarget => &wander::WANDER_TARGET,
        }
    }

    /// The field name in a group (`wander_target`): the registry's key.
    #[must_use]
    pub fn field_name(self) -> &'static str {
        self.info().key
    }
}
