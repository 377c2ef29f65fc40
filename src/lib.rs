//! steerlab: steering behaviors (seek, flee, arrive, wander, pursuit, evade, boids) as a
//! deterministic simulation, the RON scene format designers tune them in, and (with the default
//! `editor` feature) the tools around them.
//!
//! A game depends on `steerlab` with `default-features = false` and gets [`sim`] and [`scene`]:
//! load a scene, build its world, step it, and get the same trajectory as the editor.
//!
//! The layers, each importing only those below it (see `docs/architecture.md`):
//! `sim` ← `scene` ← {`level`, `tuning`} ← `view` ← `render` ← {`bench`, `editor`} ← `cli`
//! (`tests/layers.rs` checks it).

/// The vector crate steerlab's types use (positions and velocities are `glam::Vec2`), so a
/// game can name them without depending on the same glam version itself.
pub use glam;

/// `docs/embedding.md`: its Rust code blocks (a game loop over the game's own entities) run as
/// doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/embedding.md")]
pub struct EmbeddingDocs;

#[cfg(feature = "cli")]
pub mod bench;
#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "editor")]
pub mod editor;
pub mod level;
#[cfg(feature = "render")]
pub mod render;
pub mod scene;
pub mod sim;
pub mod tuning;
#[cfg(feature = "view")]
pub mod view;
