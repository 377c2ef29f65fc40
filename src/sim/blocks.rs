//! The behavior blocks a group can hold, one struct per behavior: the shared `enabled`,
//! `weight` and `probability` fields ([`BlockCommon`]) and the behavior's own parameters. The
//! formulas live in `sim::behaviors`, one file per behavior; these are the tunable numbers, in
//! scene-file order.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::params::{ArriveMode, Deceleration, Prediction, Target};

fn one() -> f32 {
    1.0
}

fn yes() -> bool {
    true
}

/// Defines one behavior block: the shared `enabled`, `weight`, `probability` fields, then the
/// behavior's own. A block that starts with `target;` has a `target` field that
/// [`BlockCommon::target`] returns; one that starts with `two_targets;` also has an `other`
/// field that [`BlockCommon::other_target`] returns.
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
        two_targets;
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl BlockCommon for $name {
            block! { @common }
            fn target(&self) -> Option<&Target> { Some(&self.target) }
            fn target_mut(&mut self) -> Option<&mut Target> { Some(&mut self.target) }
            fn other_target(&self) -> Option<&Target> { Some(&self.other) }
            fn other_target_mut(&mut self) -> Option<&mut Target> { Some(&mut self.other) }
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
    /// The second target, for the behaviors that have two (interpose).
    fn other_target(&self) -> Option<&Target> {
        None
    }
    /// The second target, to edit.
    fn other_target_mut(&mut self) -> Option<&mut Target> {
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
        /// Within this distance of the target the agent only brakes (`desired = 0`): it stops
        /// instead of hunting for the exact point (world units; 0 = off).
        #[serde(default)] dead_band: f32 = 0.0,
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
    /// Obstacle avoidance, radial (push away from the obstacles whose surface is within
    /// `detection_distance`, along their mean direction away) or by detection box.
    AvoidObstacles {
        /// How far from an obstacle's surface it starts to repel (world units), in the radial
        /// form.
        detection_distance: f32 = 40.0,
        /// Radial (every obstacle within reach pushes) or the detection box (the one obstacle
        /// ahead that the box meets: a lateral push and a brake).
        #[serde(default)] form: AvoidForm = AvoidForm::Radial,
    }
}

block! {
    /// Wall avoidance with three feelers (Buckland ch. 3): a feeler that crosses a wall pushes
    /// along the wall's normal, by how far its tip went past the wall.
    AvoidWalls {
        /// Length of the front feeler (world units).
        feeler_length: f32 = 40.0,
        /// Angle of the two side feelers from the heading (degrees).
        side_angle_deg: f32 = 45.0,
        /// Length of a side feeler as a share of the front one (Buckland: 0.5).
        side_scale: f32 = 0.5,
    }
}

block! {
    /// Containment (Reynolds): a probe ahead of the agent that comes within `margin` of the
    /// region's edge, or leaves it, pushes back inside.
    Containment {
        /// The world rectangle or a looping path's polygon.
        #[serde(default)] region: Region = Region::World,
        /// Distance from the edge where the push starts (world units).
        margin: f32 = 20.0,
        /// How far ahead the probe is, in seconds of the current velocity.
        predict_secs: f32 = 0.5,
    }
}

block! {
    /// Unaligned collision avoidance (Reynolds; OpenSteer's `steerToAvoidNeighbors`): predict
    /// the closest approach to each agent in range and steer sideways from the soonest one
    /// that would touch.
    AvoidAgents {
        /// Agents farther than this are ignored (world units).
        range: f32 = 100.0,
        /// Approaches further ahead than this are ignored (seconds).
        min_time_secs: f32 = 2.0,
    }
}

block! {
    target;
    /// Hide (Buckland ch. 3): arrive at the spot behind the nearest obstacle as seen from the
    /// hunter (`target`); evade the hunter when no obstacle is within reach.
    Hide {
        /// The hunter.
        target: Target = Target::Nearest(String::new()),
        /// How far behind an obstacle's surface the hiding spot is (world units).
        distance_from_boundary: f32 = 30.0,
        /// Only obstacles whose centre is within this distance are used (world units).
        #[serde(default)] range: Option<f32> = None,
        /// How hard the agent brakes on the hiding spot.
        #[serde(default = "fast")] deceleration: Deceleration = Deceleration::Fast,
    }
}

block! {
    target;
    /// Offset pursuit (Buckland ch. 3): hold a slot in the leader's frame (`target`), arriving
    /// at where the slot will be.
    OffsetPursuit {
        /// The leader.
        target: Target = Target::Agent(0),
        /// One offset, or a formation shape that gives each follower its own.
        slot: Slot = Slot::default(),
        /// How hard the follower brakes on its slot.
        #[serde(default = "fast")] deceleration: Deceleration = Deceleration::Fast,
    }
}

block! {
    target;
    /// Leader following (Reynolds): arrive at a point behind the leader (`target`), and step
    /// sideways out of the leader's way when in front of it.
    FollowLeader {
        /// The leader.
        target: Target = Target::Agent(0),
        /// Distance of the follow point behind the leader (world units).
        behind: f32 = 40.0,
        /// Length of the zone in front of the leader that followers leave (world units).
        sight_distance: f32 = 60.0,
        /// Half the width of that zone (world units).
        sight_half_width: f32 = 20.0,
        /// Slowing radius of the arrival at the follow point (world units).
        slowing_radius: f32 = 50.0,
    }
}

block! {
    two_targets;
    /// Interpose (Buckland ch. 3): arrive at the midpoint of where two agents will be.
    Interpose {
        /// One of the two.
        target: Target = Target::Agent(0),
        /// The other.
        other: Target = Target::Agent(1),
        /// How hard the agent brakes on the midpoint.
        #[serde(default = "fast")] deceleration: Deceleration = Deceleration::Fast,
    }
}

block! {
    /// Path following, by prediction (Reynolds, OpenSteer) or by waypoints (Buckland ch. 3),
    /// arriving at the end of an open path.
    FollowPath {
        /// The name of a path of the scene.
        path: String = String::new(),
        /// How the path is followed.
        #[serde(default)] form: PathForm = PathForm::default(),
        /// Slowing radius of the arrival at the end of an open path (world units).
        slowing_radius: f32 = 50.0,
    }
}

block! {
    /// Flow field following (Reynolds): steer toward the field's direction at the agent's
    /// predicted position.
    FollowFlow {
        /// The name of a flow field of the scene.
        field: String = String::new(),
        /// How far ahead the field is read, in seconds of the current velocity.
        predict_secs: f32 = 0.5,
    }
}

block! {
    /// Queuing (Reynolds; Bevilacqua's formula): brake when another agent is within `radius`
    /// of the point `ahead` units along the heading. Last in the priority order: it brakes
    /// what the behaviors before it asked for.
    Queue {
        /// How far ahead the agent looks (world units).
        ahead: f32 = 30.0,
        /// Radius of the zone around the point ahead that counts as blocked (world units).
        radius: f32 = 12.0,
        /// Share of the forward part of the other behaviors' steering cancelled while blocked
        /// (0 to 1; the tutorial's 0.8).
        brake: f32 = 0.8,
    }
}

fn fast() -> Deceleration {
    Deceleration::Fast
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
