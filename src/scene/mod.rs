//! Scene presets: the RON format designers tune in, its validation, versioning and atomic save.
//!
//! A game loads a preset and plays it back with exactly the editor's trajectory:
//!
//! ```
//! let preset = steerlab::scene::presets::DEFAULT;
//! let scene = steerlab::scene::from_str(preset.text, preset.file).unwrap();
//! let mut world = scene.build_world().unwrap();
//! world.step_n(60);
//! assert_eq!(world.tick(), 60);
//! ```

pub mod add;
pub mod csv;
pub mod fields;
pub mod goal_rules;
pub mod goals;
pub mod io;
pub mod labels;
#[cfg(feature = "link")]
pub mod link;
pub mod messages;
pub mod overlays;
pub mod presets;
pub mod recover;
pub mod schema;
pub mod validate;

pub use io::{
    AtomicFile, Checked, MAX_FILE_BYTES, SaveError, check_str, from_bytes, from_str,
    group_from_str, group_to_string, io_reason, load, load_checked, parent_dir, save, to_string,
    write_atomic,
};
pub use overlays::{Overlay, OverlaySet, Scope};
pub use schema::{CURRENT_VERSION, CheckedScene, Scene, SceneView, WorldParams};
pub use validate::{SceneError, SceneErrors, SceneWarning};
