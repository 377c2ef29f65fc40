//! Which fields of the scene differ from the saved file, each field's default and saved value,
//! and the warnings about the scene: what the inspector marks as changed or unlikely, what
//! reset and revert restore, and what Edit › Changes lists. Plain data (no egui), made again
//! only when the scene changes.

use crate::scene::{Scene, fields};
use crate::sim::{FieldPath, Problem};
use fields::Fields;

/// Each field of the scene as saved, at its default, and as it is now: what the inspector
/// marks as changed and what reset and revert restore.
#[derive(Debug)]
pub struct FieldMarks {
    scene: Scene,
    saved_scene: Scene,
    saved: Fields,
    defaults: Fields,
    current: Fields,
    changes: Vec<fields::Change>,
    warnings: Vec<Problem>,
}

impl FieldMarks {
    /// The marks of `scene` against `saved`.
    #[must_use]
    pub fn new(scene: &Scene, saved: &Scene) -> Self {
        let saved_fields = fields::flatten(saved);
        let current = fields::flatten(scene);
        Self {
            scene: scene.clone(),
            saved_scene: saved.clone(),
            changes: fields::diff(&saved_fields, &current),
            saved: saved_fields,
            defaults: fields::flatten(&fields::defaults_like(scene)),
            current,
            warnings: scene.world_spec().warnings(),
        }
    }

    /// The warning about the field at `path`, if any.
    #[must_use]
    pub fn warning(&self, path: &FieldPath) -> Option<&str> {
        self.warnings
            .iter()
            .find(|w| w.path == *path)
            .map(|w| w.message.as_str())
    }

    /// The warnings about fields within `prefix` (`groups[1]`), or about none of the groups
    /// when `prefix` is the root.
    pub fn warnings_within<'a>(
        &'a self,
        prefix: &'a FieldPath,
    ) -> impl Iterator<Item = &'a Problem> {
        self.warnings.iter().filter(move |w| {
            if prefix.is_root() {
                w.path.group_index().is_none()
            } else {
                w.path.is_within(prefix)
            }
        })
    }

    /// The scene these marks were made for.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// Whether these marks were made for `scene` against `saved`.
    #[must_use]
    pub fn is_for(&self, scene: &Scene, saved: &Scene) -> bool {
        self.scene == *scene && self.saved_scene == *saved
    }

    /// Whether the field at `path` differs from the saved file.
    #[must_use]
    pub fn changed(&self, path: &FieldPath) -> bool {
        self.current.get(path) != self.saved.get(path)
    }

    /// Whether some field within `prefix` differs from the saved file.
    #[must_use]
    pub fn changed_within(&self, prefix: &FieldPath) -> bool {
        self.changes.iter().any(|c| c.path.is_within(prefix))
    }

    /// Every changed field, with its saved and current value.
    #[must_use]
    pub fn changes(&self) -> &[fields::Change] {
        &self.changes
    }

    /// The value of the field at `path` in `source`, as RON text.
    #[must_use]
    pub fn text(&self, source: Source, path: &FieldPath) -> Option<&String> {
        match source {
            Source::Default => self.defaults.get(path),
            Source::Saved => self.saved.get(path),
        }
    }

    /// The value of the field at `path` in `source`.
    #[must_use]
    pub fn value<T: serde::de::DeserializeOwned>(
        &self,
        source: Source,
        path: &FieldPath,
    ) -> Option<T> {
        fields::value(
            match source {
                Source::Default => &self.defaults,
                Source::Saved => &self.saved,
            },
            path,
        )
    }
}

/// Where a reset takes a field's value from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The parameter's default.
    Default,
    /// The saved file.
    Saved,
}
