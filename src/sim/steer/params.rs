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

pub use crate::sim::model::scenery::{
    FlowBase, FlowField, Level, Obstacle, PaintedCell, Path, Placed, Wall,
};
pub use crate::sim::model::types::{
    ArriveMode, AvoidForm, BoundsMode, Combination, Deceleration, PathForm, Prediction, Region,
    Slot, Stamina, Target,
};
pub use crate::sim::steer::behavior::BlockCommon;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Field, Holds, Keeps, Kept, Mark, NewAgent, SceneNames, Scenery, Tick,
    Value,
};
use crate::sim::steer::registry::BehaviorKind;
use crate::sim::steer::registry::for_each_behavior;

/// The default of [`Group::max_neighbors`].
pub const DEFAULT_MAX_NEIGHBORS: u32 = 256;

fn default_max_neighbors() -> u32 {
    DEFAULT_MAX_NEIGHBORS
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
    /// boids source spawns one ship every 0.05 s). Files before this name wrote it `Queue`, the
    /// name of the queuing behavior too.
    #[serde(alias = "Queue")]
    Stream {
        /// Position (world units).
        position: Vec2,
        /// Velocity (world units per second).
        velocity: Vec2,
        /// Seconds between two spawns (> 0).
        interval_secs: f32,
    },
    /// All at once, at rest, evenly around a circle: agent `k` of `count` at angle
    /// `k / count` of a turn from +x (toward +y), as RVO2's Circle benchmark places its crowd.
    Ring {
        /// The circle's centre (world units).
        center: Vec2,
        /// Its radius (world units).
        radius: f32,
    },
}

impl Spawn {
    /// Where agent `k` of `count` stands on a ring: at angle `k / count` of a turn from +x.
    #[must_use]
    pub fn ring_point(center: Vec2, radius: f32, k: u32, count: u32) -> Vec2 {
        // In f64, so that each point is the nearest f32 to the circle's (the placements RVO2's
        // Circle writes out, rounded).
        let angle = std::f64::consts::TAU * f64::from(k) / f64::from(count.max(1));
        let r = f64::from(radius);
        // Within the radius, which is an f32: rounding to the nearest f32 is the point.
        #[allow(clippy::cast_possible_truncation)]
        let (x, y) = ((r * libm::cos(angle)) as f32, (r * libm::sin(angle)) as f32);
        center + Vec2::new(x, y)
    }
}

/// Something done with every behavior block of a group, by type (see [`Group::visit_blocks`]).
pub trait BlockVisitor {
    /// Called once per behavior, in priority order, with the group's block if it has one.
    fn visit<B: Behavior>(&mut self, kind: BehaviorKind, block: Option<&B>);
}

/// Something done with every behavior block of a group, to edit (see
/// [`Group::visit_blocks_mut`]).
pub trait BlockVisitorMut {
    /// Called once per behavior, in priority order, with the group's slot for its block.
    fn visit<B: Behavior>(&mut self, kind: BehaviorKind, slot: &mut Option<B>);
}

/// A behavior's place in the registry: its [`BehaviorKind`] and its variant of [`Trace`],
/// generated from the one list (`sim/steer/registry.rs`) for every block type.
pub trait Registered: Behavior {
    /// The behavior.
    const KIND: BehaviorKind;

    /// What the behavior looked at, as the registry's [`Trace`].
    fn traced(look: Self::Look) -> Trace;

    /// What the behavior looked at, when `trace` is its.
    fn look_of(trace: &Trace) -> Option<&Self::Look>;
}

/// Defines [`Group`] with one optional block per behavior of the registry's list, in priority
/// order, between its own parameters and `max_neighbors` (the scene file's order), and every
/// lookup by kind.
macro_rules! define_group {
    ($($kind:ident $field:ident $module:ident :: $ty:ident,)*) => {
        $(pub use crate::sim::steer::behaviors::$module::$ty;)*

        $(
            impl Registered for $ty {
                const KIND: BehaviorKind = BehaviorKind::$kind;

                fn traced(look: Self::Look) -> Trace {
                    Trace::$kind(look)
                }

                fn look_of(trace: &Trace) -> Option<&Self::Look> {
                    match trace {
                        Trace::$kind(look) => Some(look),
                        #[allow(unreachable_patterns)] // With one behavior there is no other.
                        _ => None,
                    }
                }
            }
        )*

        /// What one behavior looked at on one tick, for the overlays: the behavior's own
        /// `Behavior::Look` (declared in its file, where its `marks` draw it), one variant
        /// per behavior of the registry.
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub enum Trace {
            $(
                #[doc = concat!("What `", stringify!($field), "` looked at.")]
                $kind(<$ty as Behavior>::Look),
            )*
        }

        impl Trace {
            /// The behavior that recorded it.
            #[must_use]
            pub fn kind(&self) -> BehaviorKind {
                match self {
                    $(Self::$kind(_) => BehaviorKind::$kind,)*
                }
            }

            /// What to draw of it (`Behavior::marks`).
            pub fn marks(&self, out: &mut Vec<Mark>) {
                match self {
                    $(Self::$kind(look) => <$ty as Behavior>::marks(look, out),)*
                }
            }
        }

        /// What an agent keeps for its behaviors between ticks: each behavior's part
        /// (`Behavior::Kept`, declared in its file), a field named by the behavior's key. A
        /// behavior that keeps nothing takes no room.
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct Memory {
            $(
                #[doc = concat!("What `", stringify!($field), "` keeps.")]
                pub $field: <$ty as Behavior>::Kept,
            )*
        }

        impl Memory {
            /// What a new agent starts with: each behavior's `Kept::start`.
            #[must_use]
            pub fn new(new: &NewAgent) -> Self {
                Self {
                    $($field: Kept::start(new),)*
                }
            }
        }

        $(
            impl Holds<$ty> for Memory {
                fn part(&mut self) -> &mut <$ty as Behavior>::Kept {
                    &mut self.$field
                }
            }
        )*

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
            /// The agent's body radius (world units): the width of its detection box, what
            /// collision avoidance keeps apart.
            #[serde(default = "default_radius")]
            pub radius: f32,
            /// How behavior forces combine.
            #[serde(default)]
            pub combination: Combination,
            /// Largest angular speed of the velocity (degrees per second): a turn the forces
            /// ask for beyond it is spread over later ticks.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub max_turn_rate_deg: Option<f32>,
            /// Agents are drawn along the mean of their last this-many headings (Buckland's
            /// smoother): the drawing only, never the motion.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub heading_smoothing: Option<u32>,
            /// Hunter stamina gating pursuit.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub stamina: Option<Stamina>,
            /// Within this distance of its target an agent counts as arrived, for the metrics
            /// and goals (world units; none: its body radius, at least 1). RVO2's Blocks counts
            /// an agent home within 20.
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub arrival_radius: Option<f32>,
            $(
                #[doc = concat!("The `", stringify!($field), "` block ([`", stringify!($ty), "`]).")]
                #[serde(default, skip_serializing_if = "Option::is_none")]
                pub $field: Option<$ty>,
            )*
            /// Most neighbours a flocking agent considers: when more are within its largest
            /// flocking radius, the nearest this many (ties: the lower agent index). Keeps a
            /// tick linear in the number of agents when a radius covers a crowd.
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
                    radius: DEFAULT_RADIUS,
                    combination: Combination::WeightedSum,
                    max_turn_rate_deg: None,
                    heading_smoothing: None,
                    stamina: None,
                    arrival_radius: None,
                    $($field: None,)*
                    max_neighbors: DEFAULT_MAX_NEIGHBORS,
                }
            }

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

            /// Whether some block the group has on records a detail for the overlays
            /// (`Behavior::traces`).
            #[must_use]
            pub fn traces(&self) -> bool {
                false $(|| self.$field.as_ref().is_some_and(|b| b.enabled && b.traces()))*
            }

            /// Calls `visitor` with every behavior's block (or its absence), in priority order.
            pub fn visit_blocks(&self, visitor: &mut impl BlockVisitor) {
                $(visitor.visit(BehaviorKind::$kind, self.$field.as_ref());)*
            }

            /// Calls `visitor` with every behavior's slot, in priority order, to edit.
            pub fn visit_blocks_mut(&mut self, visitor: &mut impl BlockVisitorMut) {
                $(visitor.visit(BehaviorKind::$kind, &mut self.$field);)*
            }

            /// Adds behavior `kind`'s force for one agent's tick through `tick`, when the group
            /// has the block on. Returns whether it steered as an exclusive block.
            // Inlined into the agent's tick: measured with callgrind (docs/performance.md).
            #[allow(clippy::inline_always)]
            #[inline(always)]
            pub fn steer<'w, T>(&self, kind: BehaviorKind, tick: &mut T) -> bool
            where
                T: Tick<'w, Memory = Memory>,
                $(T::Detail: Keeps<$ty>,)*
            {
                match kind {
                    $(
                        BehaviorKind::$kind => self
                            .$field
                            .as_ref()
                            .filter(|b| b.enabled)
                            .is_some_and(|b| b.steer(tick)),
                    )*
                }
            }

            /// Calls `visitor` with the slot of behavior `kind` alone.
            pub fn visit_block_mut(&mut self, kind: BehaviorKind, visitor: &mut impl BlockVisitorMut) {
                match kind {
                    $(BehaviorKind::$kind => visitor.visit(kind, &mut self.$field),)*
                }
            }
        }

        impl BehaviorKind {
            /// The behavior's entry in the registry: key, colour, formula and summary (each
            /// defined in the behavior's own file under `sim/steer/behaviors/`).
            #[must_use]
            pub fn info(self) -> &'static BehaviorInfo {
                match self {
                    $(Self::$kind => &<$ty as Behavior>::INFO,)*
                }
            }

            /// The scenery the behavior acts on.
            #[must_use]
            pub fn needs(self) -> &'static [Scenery] {
                match self {
                    $(Self::$kind => <$ty as Behavior>::NEEDS,)*
                }
            }

            /// Whether it keeps its group's agents apart (`Behavior::KEEPS_APART`).
            #[must_use]
            pub fn keeps_apart(self) -> bool {
                match self {
                    $(Self::$kind => <$ty as Behavior>::KEEPS_APART,)*
                }
            }

            /// Whether it keeps the agents' bodies apart, by their radius
            /// ([`Behavior::KEEPS_BODIES_APART`]).
            #[must_use]
            pub fn keeps_bodies_apart(self) -> bool {
                match self {
                    $(Self::$kind => <$ty as Behavior>::KEEPS_BODIES_APART,)*
                }
            }

            /// Whether an agent's step of it is costly ([`Behavior::COSTLY`]).
            #[must_use]
            pub fn costly(self) -> bool {
                match self {
                    $(Self::$kind => <$ty as Behavior>::COSTLY,)*
                }
            }

            /// Whether the group's neighbour cap bounds what it looks at
            /// (`Behavior::NEIGHBOR_CAP`).
            #[must_use]
            pub fn uses_neighbor_cap(self) -> bool {
                match self {
                    $(Self::$kind => <$ty as Behavior>::NEIGHBOR_CAP,)*
                }
            }

            /// Whether it reads the level's navigation mesh (`Behavior::NAVMESH`).
            #[must_use]
            pub fn uses_navmesh(self) -> bool {
                match self {
                    $(Self::$kind => <$ty as Behavior>::NAVMESH,)*
                }
            }

            /// Its rank among the blocks a group's arrival is measured against
            /// (`Behavior::ARRIVAL`).
            #[must_use]
            pub fn arrival_rank(self) -> Option<u8> {
                match self {
                    $(Self::$kind => <$ty as Behavior>::ARRIVAL,)*
                }
            }

        }
    };
}

for_each_behavior!(define_group);

/// The default of [`Group::radius`]: half the length an agent is drawn.
pub const DEFAULT_RADIUS: f32 = 7.0;

fn default_radius() -> f32 {
    DEFAULT_RADIUS
}

impl Group {
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

    /// Whether a block it has on reads the level's navigation mesh
    /// ([`BehaviorKind::uses_navmesh`]): the world builds a navigation mesh for its radius.
    #[must_use]
    pub fn uses_navmesh(&self) -> bool {
        BehaviorKind::ALL
            .into_iter()
            .any(|k| k.uses_navmesh() && self.uses(k))
    }

    /// The target whose arrival the group is measured against: that of its enabled block of
    /// lowest [`BehaviorKind::arrival_rank`] (arrive, else navigate, else seek).
    #[must_use]
    pub fn arrival_target(&self) -> Option<&Target> {
        BehaviorKind::ALL
            .into_iter()
            .filter_map(|k| k.arrival_rank().map(|rank| (rank, k)))
            .filter(|&(_, k)| self.uses(k))
            .min_by_key(|&(rank, _)| rank)
            .and_then(|(_, k)| self.block(k)?.target())
    }

    /// Adds the block of `kind` as `Behavior::added` makes it for the scene `names` describe
    /// (nothing when the group has one already).
    pub fn add_block(&mut self, kind: BehaviorKind, names: &SceneNames<'_>) {
        struct Add<'a, 'b>(&'a SceneNames<'b>);
        impl BlockVisitorMut for Add<'_, '_> {
            fn visit<B: Behavior>(&mut self, _: BehaviorKind, slot: &mut Option<B>) {
                if slot.is_none() {
                    *slot = Some(B::added(self.0));
                }
            }
        }
        self.visit_block_mut(kind, &mut Add(names));
    }

    /// Calls `f` with every field of the block of `kind` and its description (nothing when the
    /// group has no such block).
    pub fn visit_fields(
        &mut self,
        kind: BehaviorKind,
        f: &mut dyn FnMut(&'static Field, Value<'_>),
    ) {
        struct Visit<'a>(&'a mut dyn FnMut(&'static Field, Value<'_>));
        impl BlockVisitorMut for Visit<'_> {
            fn visit<B: Behavior>(&mut self, _: BehaviorKind, slot: &mut Option<B>) {
                if let Some(block) = slot {
                    block.fields(self.0);
                }
            }
        }
        self.visit_block_mut(kind, &mut Visit(f));
    }

    /// Every block reset to its defaults (`Behavior::reset`): the same blocks, the same
    /// targets and names, the default numbers.
    pub fn reset_blocks(&mut self) {
        struct Reset;
        impl BlockVisitorMut for Reset {
            fn visit<B: Behavior>(&mut self, _: BehaviorKind, slot: &mut Option<B>) {
                if let Some(block) = slot {
                    *block = block.reset();
                }
            }
        }
        self.visit_blocks_mut(&mut Reset);
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

    /// The neighbour radius of each of the group's enabled flocking behaviors, in priority
    /// order (`None` for one the group does not have on). No allocation: the world reads it
    /// every tick.
    #[must_use]
    pub fn flocking_radii(&self) -> [Option<(BehaviorKind, f32)>; 3] {
        let radius = |kind, r: Option<(bool, f32)>| r.filter(|&(on, _)| on).map(|(_, r)| (kind, r));
        [
            radius(
                BehaviorKind::Separation,
                self.separation.as_ref().map(|b| (b.enabled, b.radius)),
            ),
            radius(
                BehaviorKind::Alignment,
                self.alignment.as_ref().map(|b| (b.enabled, b.radius)),
            ),
            radius(
                BehaviorKind::Cohesion,
                self.cohesion.as_ref().map(|b| (b.enabled, b.radius)),
            ),
        ]
    }

    /// The largest neighbour radius of the group's enabled flocking behaviors (0 if none).
    #[must_use]
    pub fn neighbor_radius(&self) -> f32 {
        self.flocking_radii()
            .into_iter()
            .flatten()
            .fold(0.0, |r, (_, b)| r.max(b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Agent k of n on a ring of radius 400 about (500, 500): the first on +x, a quarter of
    /// them round on +y, and each at the radius (RVO2's Circle: 250 agents, the second at
    /// (899.874, 510.052) as its own placements write it).
    #[test]
    fn a_ring_places_agent_k_of_n_at_k_over_n_of_a_turn() {
        let c = Vec2::splat(500.0);
        assert_eq!(Spawn::ring_point(c, 400.0, 0, 4), Vec2::new(900.0, 500.0));
        let quarter = Spawn::ring_point(c, 400.0, 1, 4);
        assert!(
            (quarter - Vec2::new(500.0, 900.0)).abs().max_element() < 1e-4,
            "{quarter}"
        );
        let second = Spawn::ring_point(c, 400.0, 1, 250);
        assert!(
            (second - Vec2::new(899.874, 510.052)).abs().max_element() < 1e-3,
            "{second}"
        );
        for k in 0..250 {
            let d = Spawn::ring_point(c, 400.0, k, 250).distance(c);
            assert!((d - 400.0).abs() < 1e-3, "agent {k} at {d} from the centre");
        }
        // No agents: nothing to divide by.
        assert_eq!(Spawn::ring_point(c, 0.0, 0, 0), c);
    }
}
