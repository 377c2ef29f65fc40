//! The simulation core, in five layers, each importing only the layers above it in this list:
//!
//! - [`model`]: the vocabulary: vectors and numbers, the random streams, the scenery (walls,
//!   obstacles, paths, regions), flow fields, field descriptions and field paths.
//! - [`steer`]: the behaviors and what they read and record: the host interface ([`steer::tick`]),
//!   the behavior trait and registry, the groups' parameters, the per-tick debug record and its
//!   marks, the agent and the tutorials' steering manager.
//! - [`setup`]: what a world is built from and how it is checked: the world's spec, the settings,
//!   the checks and the warnings.
//! - [`run`]: the world and its fixed tick: spawning, the neighbour grid and search, the
//!   nearest-agent tree, motion, and a game's own entities ([`Crowd`]).
//! - [`observe`]: the metrics computed over a run.
//!
//! No GUI crate and no I/O: a game depends on exactly this.

pub mod model;
pub mod observe;
pub mod run;
pub mod setup;
pub mod steer;

pub use model::field_path::FieldPath;
pub use run::world::crowd::{Crowd, CrowdError, Unmet};
pub use run::world::{NeighborSearch, Newcomer, Spawns, ThreadsError, World, moved};
pub use setup::check::{CheckedSpec, Problem, Problems};
pub use setup::spec::WorldSpec;
pub use steer::agent::Agent;
pub use steer::debug::{
    AgentDebug, ForceLayout, FullRecord, Record, RecordSink, RecordSlot, Records,
};
pub use steer::manager::{Boid, SteeringManager, SteeringState};
pub use steer::params::{BoundsMode, Combination, Group, Obstacle, Spawn, Target};
pub use steer::registry::BehaviorKind;
