//! The one list of behaviors, in priority order. Each entry names the behavior's
//! [`BehaviorKind`] variant, its field in a group (its key in scene files), its file under
//! `sim/steer/behaviors/` and its block type, which implements [`crate::sim::steer::behavior::Behavior`];
//! everything else is declared in that file. The group's fields, the kind enum, the registry's
//! lookups and every per-behavior dispatch are generated from this list, so adding a behavior is
//! one file and one line here (docs/architecture.md, "Adding a behavior").
//!
//! This file names no type: the list is expanded where the behaviors' modules are in scope.

/// Calls `$m!` with every behavior as `Kind field module::Block,`, in priority order.
macro_rules! for_each_behavior {
    ($m:ident) => {
        $m! {
            AvoidWalls avoid_walls walls::AvoidWalls,
            Containment containment walls::Containment,
            AvoidObstacles avoid_obstacles avoidance::AvoidObstacles,
            AvoidAgents avoid_agents collision::AvoidAgents,
            Evade evade pursuit::Evade,
            Hide hide hide::Hide,
            Flee flee flee::Flee,
            Separation separation flocking::Separation,
            Pursuit pursuit pursuit::Pursuit,
            OffsetPursuit offset_pursuit formation::OffsetPursuit,
            FollowLeader follow_leader formation::FollowLeader,
            Interpose interpose hide::Interpose,
            Seek seek seek::Seek,
            Arrive arrive arrive::Arrive,
            Goal goal goal::GoalSeek,
            Navigate navigate navigate::Navigate,
            FollowPath follow_path follow_path::FollowPath,
            FollowFlow follow_flow flow::FollowFlow,
            Alignment alignment flocking::Alignment,
            Cohesion cohesion flocking::Cohesion,
            Wander wander wander::Wander,
            WanderTarget wander_target wander::WanderTarget,
            Queue queue queue::Queue,
            Orca orca orca::Orca,
        }
    };
}
pub(crate) use for_each_behavior;

/// The number of identifiers given.
macro_rules! count {
    () => { 0_usize };
    ($head:ident $($tail:ident)*) => { 1_usize + count!($($tail)*) };
}

macro_rules! behavior_kinds {
    ($($kind:ident $field:ident $module:ident :: $ty:ident,)*) => {
        /// The behaviors, in priority order. The index is the behavior's slot in debug
        /// records.
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
        )]
        pub enum BehaviorKind {
            $(
                #[doc = concat!("The `", stringify!($field), "` block.")]
                $kind,
            )*
        }

        impl BehaviorKind {
            /// Every behavior, in priority order.
            pub const ALL: [Self; count!($($kind)*)] = [$(Self::$kind),*];

            /// The field name in a group (`wander_target`): the registry's key.
            #[must_use]
            pub fn field_name(self) -> &'static str {
                match self {
                    $(Self::$kind => stringify!($field),)*
                }
            }
        }
    };
}

for_each_behavior!(behavior_kinds);

impl BehaviorKind {
    /// Number of behaviors.
    pub const COUNT: usize = Self::ALL.len();

    /// Position in [`Self::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The behavior whose key is `key` (its field name in a group).
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.field_name() == key)
    }
}
