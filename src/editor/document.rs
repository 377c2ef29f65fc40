//! The document: the scene being edited, the scene as saved, the file it lives in, its undo
//! history and its change marks, and the watch on the file for changes on disk. No egui and
//! no world: the app hands accepted scenes to the world, and this type can be tested alone.

use std::path::{Path, PathBuf};

use super::field_marks::FieldMarks;
use super::undo::{Edit, Undo};
use crate::scene::{self, Scene, SceneErrors};

/// What the open file looked like when it was last read or written, to notice changes on disk
/// (another editor, a git checkout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiskStamp {
    modified: Option<std::time::SystemTime>,
    len: u64,
    hash: u64,
}

impl DiskStamp {
    /// The file's stamp now (`None` when it cannot be read).
    #[must_use]
    pub fn read(path: &Path) -> Option<Self> {
        use std::hash::{Hash as _, Hasher as _};
        let meta = std::fs::metadata(path).ok()?;
        let bytes = std::fs::read(path).ok()?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        bytes.hash(&mut hasher);
        Some(Self {
            modified: meta.modified().ok(),
            len: meta.len(),
            hash: hasher.finish(),
        })
    }

    /// Whether the file's size and modification time are still those of this stamp (cheap:
    /// no read).
    #[must_use]
    pub fn unchanged(&self, path: &Path) -> bool {
        std::fs::metadata(path)
            .is_ok_and(|m| m.len() == self.len && m.modified().ok() == self.modified)
    }

    /// Whether two stamps have the same content.
    #[must_use]
    pub fn same_content(&self, other: &Self) -> bool {
        self.len == other.len && self.hash == other.hash
    }
}

/// What a look at the open file found.
#[derive(Debug, PartialEq)]
pub enum DiskChange {
    /// Nothing new (or nothing that differs from the saved scene).
    None,
    /// New content and nothing unsaved here: take it.
    Reload(Box<Scene>),
    /// New content while there are unsaved edits: it waits on the user (see
    /// [`Document::reload_offer`]).
    Offered,
    /// The file no longer loads; the scene stays as it is.
    Broken(SceneErrors),
}

/// Whether Edit › Undo and Edit › Redo have something to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoRedo {
    /// Undo has a step (or edits not yet made one) to take back.
    pub undo: bool,
    /// Redo has a step to take again.
    pub redo: bool,
}

/// The scene being edited and everything about its file.
#[derive(Debug)]
pub struct Document {
    scene: Scene,
    /// The scene as last saved or loaded: what "unsaved changes" are measured against.
    saved: Scene,
    /// The scene at the last undo step; edits since then are committed as one step.
    committed: Scene,
    undo: Undo,
    /// The change marks, made again when the scene or the saved scene changes.
    marks: FieldMarks,
    path: Option<PathBuf>,
    /// Where the scene came from when it has no file ("built-in boids.ron").
    origin: String,
    /// The open file as last read or written.
    disk: Option<DiskStamp>,
    /// The file's new content, waiting on the user's choice.
    reload_offer: Option<Scene>,
    /// How many scenes were opened in place of the first (what the inspector's scroll
    /// position belongs to).
    opened: u64,
}

impl Document {
    /// A document on `scene`, read from `path` (if any) or from `origin`.
    #[must_use]
    pub fn new(scene: Scene, path: Option<PathBuf>, origin: &str) -> Self {
        Self {
            disk: path.as_deref().and_then(DiskStamp::read),
            marks: FieldMarks::new(&scene, &scene),
            saved: scene.clone(),
            committed: scene.clone(),
            scene,
            undo: Undo::default(),
            path,
            origin: origin.to_owned(),
            reload_offer: None,
            opened: 0,
        }
    }

    /// How many scenes this document has been replaced by: a new number for each scene
    /// opened, created or restored.
    #[must_use]
    pub fn opened(&self) -> u64 {
        self.opened
    }

    /// The scene being edited.
    #[must_use]
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene as last saved or loaded.
    #[must_use]
    pub fn saved(&self) -> &Scene {
        &self.saved
    }

    /// The open file.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Where the scene came from, when it has no file.
    #[must_use]
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// Whether the scene differs from the file (or the preset) it came from.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.scene != self.saved
    }

    /// The file's path, or where the scene came from.
    #[must_use]
    pub fn name(&self) -> String {
        self.path
            .as_ref()
            .map_or_else(|| self.origin.clone(), |p| p.display().to_string())
    }

    /// The window title: the file name (or where the scene came from), a ● when there are
    /// unsaved changes, and the scene name.
    #[must_use]
    pub fn title(&self) -> String {
        let file = self.path.as_ref().map_or_else(
            || self.origin.clone(),
            |p| {
                p.file_name().map_or_else(
                    || p.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                )
            },
        );
        let dirty = if self.is_dirty() { " ●" } else { "" };
        format!("{file}{dirty} — {} — steerlab", self.scene.name)
    }

    /// A new document in place of this one (a file opened, a preset, New): saved as it is,
    /// with no history.
    pub fn replace(&mut self, scene: Scene, path: Option<PathBuf>, origin: &str) {
        let opened = self.opened + 1;
        *self = Self::new(scene, path, origin);
        self.opened = opened;
    }

    /// Takes `scene` as the edited scene (the world has accepted it). The change becomes an
    /// undo step at the next [`Self::commit`].
    pub fn accept(&mut self, scene: Scene) {
        self.scene = scene;
    }

    /// Takes `scene` as the edited scene and as the state the history is at (an undo target,
    /// a revert, a reload): no new undo step.
    pub fn accept_committed(&mut self, scene: Scene) {
        self.scene = scene;
        self.committed = self.scene.clone();
    }

    /// Whether the scene has edits not yet recorded as an undo step.
    #[must_use]
    pub fn has_uncommitted(&self) -> bool {
        self.scene != self.committed
    }

    /// Records the edits since the last step as one undo step.
    pub fn commit(&mut self) {
        if self.scene != self.committed {
            let before = std::mem::replace(&mut self.committed, self.scene.clone());
            self.undo.push(Edit::Scene {
                before: Box::new(before),
                after: Box::new(self.scene.clone()),
            });
        }
    }

    /// Records an edit of the world (an agent added or removed) as one undo step, after the
    /// scene edits before it.
    pub fn push_world_edit(&mut self, edit: Edit) {
        self.commit();
        self.undo.push(edit);
    }

    /// The edit to undo, if any (pending edits are committed first).
    pub fn undo(&mut self) -> Option<Edit> {
        self.commit();
        self.undo.undo().cloned()
    }

    /// The edit to redo, if any.
    pub fn redo(&mut self) -> Option<Edit> {
        self.commit();
        self.undo.redo().cloned()
    }

    /// Number of edits that can be undone (pending edits not yet committed excluded).
    #[must_use]
    pub fn undo_position(&self) -> usize {
        self.undo.position()
    }

    /// Whether undo and redo have something to do.
    #[must_use]
    pub fn can_undo_redo(&self) -> UndoRedo {
        UndoRedo {
            undo: self.undo.can_undo() || self.has_uncommitted(),
            redo: self.undo.can_redo(),
        }
    }

    /// Agent edits belong to a world that a restart replaced.
    pub fn forget_world_edits(&mut self) {
        self.undo.forget_agent_edits();
    }

    /// The scene states of the history and the position in it (what autosave keeps).
    #[must_use]
    pub fn history(&self) -> (Vec<Scene>, usize) {
        self.undo.scene_states()
    }

    /// The last session's work, put back: the scene, the saved scene, the file and the
    /// history.
    pub fn restore(
        &mut self,
        scene: Scene,
        saved: Scene,
        path: Option<PathBuf>,
        origin: &str,
        (history, position): (&[Scene], usize),
    ) {
        *self = Self::new(scene, path, origin);
        self.saved = saved;
        self.undo = Undo::from_scene_states(history, position);
    }

    /// The scene was written to `path`: that is now the file and the saved state.
    pub fn saved_to(&mut self, path: &Path) {
        self.path = Some(path.to_owned());
        self.saved = self.scene.clone();
        self.disk = DiskStamp::read(path);
        self.reload_offer = None;
    }

    /// The change marks of the scene as it is now (made again only when the scene or the saved
    /// file changed).
    pub fn field_marks(&mut self) -> &FieldMarks {
        self.with_field_marks().2
    }

    /// The scene, the saved scene and the marks of the one against the other, together (for
    /// the panels that show all three).
    pub fn with_field_marks(&mut self) -> (&Scene, &Scene, &FieldMarks) {
        if !self.marks.is_for(&self.scene, &self.saved) {
            self.marks = FieldMarks::new(&self.scene, &self.saved);
        }
        (&self.scene, &self.saved, &self.marks)
    }

    /// The file's new content when it waits on the user.
    #[must_use]
    pub fn reload_offer(&self) -> Option<&Scene> {
        self.reload_offer.as_ref()
    }

    /// The user's answer to the reload offer: its scene when taken.
    pub fn answer_reload_offer(&mut self, take: bool) -> Option<Scene> {
        let offer = self.reload_offer.take();
        if take { offer } else { None }
    }

    /// The file's new content is the saved state from now on (the scene follows through the
    /// app, as one undo step).
    pub fn set_saved(&mut self, scene: Scene) {
        self.saved = scene;
        self.reload_offer = None;
    }

    /// Looks at the open file: new content is taken when nothing is unsaved, offered otherwise;
    /// a file that no longer loads is reported.
    pub fn poll_disk(&mut self) -> DiskChange {
        let (Some(path), Some(stamp)) = (self.path.clone(), self.disk.as_ref()) else {
            return DiskChange::None;
        };
        if stamp.unchanged(&path) {
            return DiskChange::None;
        }
        let Some(now) = DiskStamp::read(&path) else {
            return DiskChange::None;
        };
        let content_changed = !now.same_content(stamp);
        self.disk = Some(now);
        if !content_changed {
            return DiskChange::None;
        }
        match scene::load(&path).map(scene::CheckedScene::into_scene) {
            Ok(scene) if scene == self.saved => DiskChange::None,
            Ok(scene) => {
                if self.is_dirty() {
                    self.reload_offer = Some(scene);
                    DiskChange::Offered
                } else {
                    DiskChange::Reload(Box::new(scene))
                }
            }
            Err(errors) => DiskChange::Broken(errors),
        }
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values set by hand are the point of these tests.
mod tests {
    use super::*;

    fn with_speed(scene: &Scene, speed: f32) -> Scene {
        let mut s = scene.clone();
        s.groups[0].max_speed = speed;
        s
    }

    #[test]
    fn edits_commit_as_one_step_and_undo_back_to_the_saved_scene() {
        let start = Scene::new_default();
        let mut doc = Document::new(start.clone(), None, "new");
        assert!(!doc.is_dirty());
        doc.accept(with_speed(&start, 10.0));
        doc.accept(with_speed(&start, 20.0));
        assert!(doc.is_dirty());
        assert!(doc.title().contains('●'), "{}", doc.title());
        assert_eq!(
            doc.can_undo_redo(),
            UndoRedo {
                undo: true,
                redo: false
            }
        );
        assert_eq!(doc.undo_position(), 0, "not committed yet");
        let Some(Edit::Scene { before, after }) = doc.undo() else {
            panic!("one scene edit");
        };
        assert_eq!(*before, start);
        assert_eq!(after.groups[0].max_speed, 20.0);
        doc.accept_committed(*before);
        assert!(!doc.is_dirty());
        assert_eq!(
            doc.can_undo_redo(),
            UndoRedo {
                undo: false,
                redo: true
            }
        );
    }

    #[test]
    fn marks_list_the_changed_fields_and_follow_the_scene() {
        let start = Scene::new_default();
        let mut doc = Document::new(start.clone(), None, "new");
        assert!(doc.field_marks().changes().is_empty());
        doc.accept(with_speed(&start, 12.5));
        let changes = doc.field_marks().changes();
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].path, "groups[0].max_speed");
        assert_eq!(changes[0].new.as_deref(), Some("12.5"));
    }

    #[test]
    fn the_file_is_watched_reloaded_offered_or_reported_broken() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("doc.ron");
        let start = Scene::new_default();
        scene::save(&path, &start).expect("save");
        let mut doc = Document::new(start.clone(), Some(path.clone()), "");
        assert_eq!(doc.poll_disk(), DiskChange::None);
        // Same size, new content: the hash tells.
        let changed = with_speed(&start, 77.0);
        scene::save(&path, &changed).expect("save");
        assert_eq!(
            doc.poll_disk(),
            DiskChange::Reload(Box::new(changed.clone()))
        );
        doc.set_saved(changed.clone());
        doc.accept_committed(changed.clone());
        // With unsaved edits the new content is offered, not taken.
        doc.accept(with_speed(&changed, 1.0));
        scene::save(&path, &with_speed(&start, 7.5)).expect("save");
        assert_eq!(doc.poll_disk(), DiskChange::Offered);
        assert_eq!(doc.reload_offer().map(|s| s.groups[0].max_speed), Some(7.5));
        assert_eq!(doc.answer_reload_offer(false), None);
        assert!(doc.reload_offer().is_none());
        std::fs::write(&path, "(version: 1,").expect("write");
        assert!(matches!(doc.poll_disk(), DiskChange::Broken(_)));
    }
}
