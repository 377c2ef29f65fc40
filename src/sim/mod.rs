//! The simulation core: what a game links to play a tuned scene. No GUI crate and no I/O.
//!
//! This module is the front door; the layers behind it (the vocabulary, the behaviors, the
//! checks, the world's tick, the metrics) are the crate's own (`docs/architecture.md`).
//!
//! - A world and its run: [`World`] (built from a [`WorldSpec`], checked: [`Problems`]),
//!   its [`Agent`]s (and a navigating agent's [`Route`]), [`moved`] (the world's motion).
//! - A game's own entities: [`Crowd`] ([`CrowdError`], [`Unmet`]), the scene's population as
//!   [`Spawns`] of [`Newcomer`]s.
//! - The scene's data: [`Group`] and every behavior block in [`params`], [`BehaviorKind`],
//!   [`Spawn`], [`Target`], the [`Level`] and the other scenery.
//! - What a tick recorded: each behavior's force ([`Record`], [`Records`], [`FullRecord`],
//!   [`AgentDebug`], [`ForceLayout`]) and what it looked at ([`Detail`], [`Trace`]), drawn as
//!   [`marks`] in [`colors`].
//! - A block's fields as a tool edits them: [`field`] (descriptions and values) and
//!   [`FieldPath`]; the bounds they are checked against, [`limits`].
//! - What a run measured: [`metrics`].
//! - The tutorials' host-object API: [`SteeringManager`] over a [`Boid`].

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
