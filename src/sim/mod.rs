//! The simulation core: agents, behaviors, the steering manager, the world and its fixed tick,
//! and the per-tick debug record. No GUI crate and no I/O: a game depends on exactly this.

pub mod agent;
pub mod behavior;
pub mod behaviors;
pub mod block;
pub mod check;
pub mod colors;
pub mod debug;
pub mod field;
pub mod grid;
pub mod kdtree;
pub mod limits;
pub mod marks;
pub mod math;
pub mod metrics;
pub mod motion;
pub mod neighbors;
pub mod params;
pub mod path;
pub mod registry;
pub mod rng;
pub mod scenery;
pub mod settings;
pub mod spec;
pub mod steering;
pub mod text;
pub mod tick;
pub mod types;
pub mod warnings;
pub mod world;

pub use agent::Agent;
pub use check::{Problem, Problems};
pub use debug::{AgentDebug, ForceLayout, FullRecord, Record, RecordSink, RecordSlot, Records};
pub use params::{BehaviorKind, BoundsMode, Combination, Group, Obstacle, Spawn, Target};
pub use path::FieldPath;
pub use spec::WorldSpec;
pub use steering::{Boid, SteeringManager, SteeringState};
pub use world::crowd::{Crowd, CrowdError, Unmet};
pub use world::{NeighborSearch, Newcomer, Spawns, ThreadsError, World, moved};
