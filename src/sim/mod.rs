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

pub(crate) mod model;
pub(crate) mod observe;
pub(crate) mod run;
pub(crate) mod setup;
pub(crate) mod steer;

// A world, a crowd of the game's own entities, and what they are built from.
pub use model::navmesh::Unreachable;
pub use run::world::crowd::{Crowd, CrowdError, Unmet};
pub use run::world::{NeighborSearch, Newcomer, Spawns, ThreadsError, World, moved};
pub(crate) use setup::check::CheckedSpec;
pub use setup::check::{Problem, Problems};
pub use setup::spec::WorldSpec;
pub use steer::agent::Agent;
pub use steer::behavior::Scenery;
pub use steer::behaviors::navigate::route::Route;

// The tutorials' host-object API.
pub use steer::manager::{Boid, SteeringManager, SteeringState};

// The scene's data: groups and their behavior blocks, spawns, targets and scenery.
pub use steer::params;
pub use steer::params::{BoundsMode, Combination, Group, Level, Obstacle, Spawn, Target};
pub use steer::registry::BehaviorKind;

// The limits a world is checked against (a scene file past them is refused, where and why).
pub use model::limits;

// What each behavior did: forces, records, and what it looked at, as marks to draw.
pub use steer::debug::{
    AgentDebug, ForceLayout, FullRecord, Record, RecordSink, RecordSlot, Records,
};
pub use steer::detail::{Detail, Trace};
// What a behavior looked at, as shapes to draw (the editor paints these), and the palette.
pub use steer::colors;
pub use steer::marks;

// A block's fields as a tool shows, checks and edits them (their descriptions and values), and
// the paths that name one (`groups[0].seek.weight`).
pub use model::field;
pub use model::field_path::FieldPath;

// What a run measured.
pub use observe::metrics;
