//! Scene presets: the RON format designers tune in, its validation, versioning and atomic save.
//!
//! A game loads a preset and plays it back with exactly the editor's trajectory:
//!
//! ```
//! let preset = steerlab::scene::presets::DEFAULT;
//! let scene = steerlab::scene::from_str(preset.text, preset.file).unwrap();
//! let mut world = scene.into_world();
//! world.step_n(60);
//! assert_eq!(world.tick(), 60);
//! ```
//!
//! This module is the front door; its parts are the crate's own (`docs/architecture.md`):
//!
//! - Load, check and save: [`from_str`], [`from_bytes`], [`load`] (a [`CheckedScene`], checked
//!   once), [`check_str`] and [`check_all`] (with warnings, every problem), [`save`] (atomic),
//!   [`to_string`]; errors are located [`SceneErrors`] (file, line, column, field).
//! - What a scene holds beside its world: its [`Goals`] and its [`OverlaySet`].
//! - What a tool does with scenes: [`add_behavior`] (and what one [`lacks`]), [`flatten`] and
//!   [`diff`] field by field, [`write_csv`] of a run, a group as text
//!   ([`group_to_string`], [`group_from_str`]), a field and its value in a designer's words
//!   ([`labels`]).
//! - A scene and the run it drives, changed together, as a game's runtime holds them:
//!   [`Played`] (a change [`ChangeRefused`] whole), over a [`Retune`] (a world or a crowd).
//! - The built-in scenes: [`presets`].

// The modules are the crate's own; what a game or a tool imports is re-exported below. A
// game's build (no editor, no cli) leaves some of the tools' helpers unused: allowed there.
#[cfg_attr(not(all(feature = "editor", feature = "cli")), allow(dead_code))]
pub(crate) mod add;
#[cfg_attr(not(all(feature = "editor", feature = "cli")), allow(dead_code))]
pub(crate) mod csv;
#[cfg_attr(not(all(feature = "editor", feature = "cli")), allow(dead_code))]
pub(crate) mod fields;
pub(crate) mod goal_rules;
pub(crate) mod goals;
pub(crate) mod io;
#[cfg_attr(not(all(feature = "editor", feature = "cli")), allow(dead_code))]
pub mod labels;
#[cfg(feature = "link")]
pub mod link;
pub(crate) mod messages;
pub(crate) mod overlays;
pub(crate) mod played;
pub mod presets;
pub(crate) mod recover;
#[cfg_attr(not(all(feature = "editor", feature = "cli")), allow(dead_code))]
pub(crate) mod schema;
pub(crate) mod validate;

// Load, check and save a scene file.
pub use io::{
    Checked, MAX_FILE_BYTES, SaveError, check_all, check_str, from_bytes, from_str, load, load_all,
    load_checked, save, to_string,
};
pub use schema::{CURRENT_VERSION, CheckedScene, Scene, SceneView, WorldParams};
pub use validate::{SceneError, SceneErrors, SceneWarning};

// What a scene holds beside its world: the goals it is tuned for and the overlays it shows.
pub use goals::{Goal, Goals, TuneRange, Want, target_text};
pub use overlays::{Overlay, OverlaySet, Scope};

// A scene and the run it drives, changed together: what a game's runtime holds.
pub use played::{ChangeRefused, Played, Retune};

// What a tool does with scenes: add a behavior, compare two field by field, write a run as CSV.
pub use add::{add_behavior, lack_message, lacks};
pub use csv::write_csv;
pub use fields::{Change, Fields, defaults_like, diff, flatten};
pub use io::{group_from_str, group_to_string};

#[cfg_attr(not(all(feature = "editor", feature = "cli")), allow(unused_imports))]
pub(crate) use io::{AtomicFile, io_reason, parent_dir, write_atomic};
