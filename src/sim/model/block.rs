//! What every behavior block is: the shared `enabled`, `weight` and `probability` fields
//! ([`BlockCommon`]) and the `block!` macro that declares a block with them, and what a
//! behavior's formula reads and returns ([`Body`], [`Steer`]), with its registry entry
//! ([`BehaviorInfo`]). The lowest layer of the behaviors: it knows none of them.

use glam::Vec2;

use crate::sim::model::types::Target;

/// Serde's default of `weight` and `probability`.
pub(crate) fn one() -> f32 {
    1.0
}

/// Serde's default of `enabled`.
pub(crate) fn yes() -> bool {
    true
}

/// An sRGB colour, as the palette of the view layer receives it (the core has no GUI types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// What every tool around the core needs to know of one behavior.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BehaviorInfo {
    /// The block's field name in a group (`wander_target`): its key in scene files, legends,
    /// plots and field paths.
    pub key: &'static str,
    /// The colour its force is drawn in.
    pub color: Rgb,
    /// The formula, on one line, as tooltips and the docs show it.
    pub formula: &'static str,
    /// What the behavior does, in one sentence.
    pub summary: &'static str,
    /// The kind of steering it is, which the editor's "Add behavior" menu groups by.
    pub family: Family,
    /// The metric that best shows how a tuning of it does (`docs/metrics.md`): what the Sweep
    /// plots first for one of its fields.
    pub metric: &'static str,
    /// The overlay layers, besides its force, that the legend names while a group uses the
    /// behavior (its marks on them have the layer's colour).
    pub legend: &'static [Layer],
}

/// Which overlay a mark belongs to (each has its toggle in the legend). The radii, wander and
/// prediction layers are drawn under the agents, the sensors and guides over them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// A radius the behavior acts within (arrive's slowing circle, flee's panic distance).
    Radius,
    /// Wandering: the circle and its point, or the random point headed for.
    Wander,
    /// Where a pursuer or an evader expects the other to be.
    Prediction,
    /// What the agent senses (feelers, boxes, probes, zones).
    Sensor,
    /// Where it is headed (slots, follow points, hiding spots).
    Guide,
}

/// The families of behaviors, as a designer looks for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Toward or away from a target: seek, flee, arrive, goal.
    SeekAndArrive,
    /// Relative to another agent's motion: pursuit, evade, formations, interpose, hide.
    Pursuit,
    /// The boids rules.
    Flocking,
    /// Along or within the scenery: walls, containment, obstacles, paths, flow fields.
    PathsAndWalls,
    /// Many agents sharing space: collision avoidance, queuing.
    Crowds,
    /// Random variation: wander.
    Jitter,
}

impl Family {
    /// Every family, in menu order.
    pub const ALL: [Self; 6] = [
        Self::SeekAndArrive,
        Self::Pursuit,
        Self::Flocking,
        Self::PathsAndWalls,
        Self::Crowds,
        Self::Jitter,
    ];

    /// The family's name in the menu.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::SeekAndArrive => "Seek & arrive",
            Self::Pursuit => "Pursuit",
            Self::Flocking => "Flocking",
            Self::PathsAndWalls => "Paths & walls",
            Self::Crowds => "Crowds",
            Self::Jitter => "Jitter",
        }
    }
}

/// The kinematic state a behavior reads: the sources' `IBoid` (position, velocity, max speed,
/// mass).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    /// World units.
    pub position: Vec2,
    /// World units per second.
    pub velocity: Vec2,
    /// World units per second.
    pub max_speed: f32,
    /// > 0.
    pub mass: f32,
}

#[cfg(test)]
impl Body {
    /// A body of mass 1, for the tests worked out by hand.
    pub(crate) fn unit(position: Vec2, velocity: Vec2, max_speed: f32) -> Self {
        Self {
            position,
            velocity,
            max_speed,
            mass: 1.0,
        }
    }
}

/// What one behavior produced.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Steer {
    /// The steering force, before weighting.
    pub force: Vec2,
    /// The desired velocity, for behaviors of the form `force = desired - velocity`.
    pub desired: Option<Vec2>,
}

impl Steer {
    /// No force.
    pub const NONE: Self = Self {
        force: Vec2::ZERO,
        desired: None,
    };

    /// `force = desired - velocity`.
    #[must_use]
    pub fn toward(desired: Vec2, velocity: Vec2) -> Self {
        Self {
            force: desired - velocity,
            desired: Some(desired),
        }
    }
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
        impl $crate::sim::model::block::BlockCommon for $name {
            block! { @common }
            block! { @target }
        }
    };
    (
        two_targets;
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl $crate::sim::model::block::BlockCommon for $name {
            block! { @common }
            block! { @target }
            fn other_target(&self) -> Option<&$crate::sim::model::types::Target> { Some(&self.other) }
            fn other_target_mut(&mut self) -> Option<&mut $crate::sim::model::types::Target> { Some(&mut self.other) }
        }
    };
    (
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl $crate::sim::model::block::BlockCommon for $name {
            block! { @common }
        }
    };
    (@target) => {
        fn target(&self) -> Option<&$crate::sim::model::types::Target> { Some(&self.target) }
        fn target_mut(&mut self) -> Option<&mut $crate::sim::model::types::Target> { Some(&mut self.target) }
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
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            /// The on/off switch.
            #[serde(default = "crate::sim::model::block::yes")]
            pub enabled: bool,
            /// Multiplies the force before combination (any finite value; negative inverts).
            #[serde(default = "crate::sim::model::block::one")]
            pub weight: f32,
            /// Chance in `[0.001, 1]` that the behavior is evaluated on a tick, used only by
            /// [`crate::sim::Combination::PrioritizedDithering`].
            #[serde(default = "crate::sim::model::block::one")]
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

pub(crate) use block;

/// The fields every behavior block has.
/// How a behavior's force counts in its group's combination: its weight, and its probability
/// under prioritized dithering.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weighting {
    /// The factor on the force before combination.
    pub weight: f32,
    /// The chance of being evaluated under prioritized dithering.
    pub probability: f32,
}

impl Weighting {
    /// `weight`, always evaluated.
    #[must_use]
    pub const fn of(weight: f32) -> Self {
        Self {
            weight,
            probability: 1.0,
        }
    }
}

pub trait BlockCommon {
    /// The on/off switch.
    fn enabled(&self) -> bool;
    /// The weight applied before combination.
    fn weight(&self) -> f32;
    /// The dithering probability.
    fn probability(&self) -> f32;
    /// Its weight and probability.
    fn weighting(&self) -> Weighting {
        Weighting {
            weight: self.weight(),
            probability: self.probability(),
        }
    }
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
