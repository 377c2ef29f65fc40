//! The world and its fixed tick: spawning, the neighbour grid and search, the nearest-agent
//! tree, motion, and a game's own entities. Imports the layers below it: [`super::model`],
//! [`super::steer`] and [`super::setup`].

pub mod grid;
pub mod kdtree;
pub mod motion;
pub mod neighbors;
pub mod world;
