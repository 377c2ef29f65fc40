//! The vocabulary of the simulation: vectors and numbers, the agents' random streams, the
//! scenery, flow fields, navigation meshes and routes across them, what a field of a scene is
//! (its unit and range) and where it is (field paths). Below everything else in `sim`; imports
//! nothing of it.

pub mod block;
pub mod boxes;
pub mod field;
pub mod field_path;
pub mod limits;
pub mod math;
pub mod navmesh;
pub mod polygon;
pub mod rng;
pub mod scenery;
pub mod text;
pub mod types;
