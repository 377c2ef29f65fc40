//! The scene's file on disk: a change made elsewhere (reloaded, or offered when there is
//! unsaved work), the unsaved work of a session that ended without saving (restored with how
//! it was looked at), and a file the editor waits for.

use super::EditorApp;
use crate::editor::action::Pending;
use crate::editor::document::{DiskChange, DiskStamp};
use crate::editor::persist::Restored;
use crate::scene::{self, Scene};

impl EditorApp {
    /// Checks the open file for changes on disk: reloads it when nothing is unsaved, asks
    /// otherwise; a file that no longer loads shows its errors and changes nothing.
    pub(crate) fn poll_disk(&mut self) {
        match self.doc.poll_disk() {
            DiskChange::None | DiskChange::Offered => {}
            DiskChange::Reload(scene) => self.reload(*scene),
            DiskChange::Broken(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.status = format!(
                    "{} changed on disk and no longer loads; the scene on screen is unchanged",
                    self.doc.name()
                );
            }
        }
    }

    /// Takes the file's new content (one undo step).
    pub(super) fn reload(&mut self, scene: Scene) {
        self.doc.commit();
        self.doc.set_saved(scene.clone());
        self.apply_draft(scene);
        self.doc.commit();
        self.files.errors.clear();
        if let Some(path) = self.doc.path() {
            self.files.status = format!("Reloaded {} (changed on disk)", path.display());
        }
    }

    /// Keeps the unsaved work of the last session, or drops it.
    pub(crate) fn answer_restore(&mut self, restore: bool) {
        let Some(offer) = self.prompts.restore_offer.take() else {
            return;
        };
        if !restore {
            return;
        }
        let Restored {
            scene,
            saved,
            path,
            origin,
            history,
            position,
            view,
        } = offer;
        if let Ok(world) = scene.build_world() {
            self.doc
                .restore(scene, saved, path, &origin, (&history, position));
            self.session.reset_to(world);
            self.after_restart();
            match view {
                // As it was being looked at: the overlays, the selection, the zoom.
                Some(view) => {
                    self.overlays = view.overlays;
                    self.session.select(view.selected);
                    self.canvas.view = view.canvas;
                    // The tool windows as they were: docked where the layout keeps them.
                    for tool in view.tools {
                        self.show_tool(tool);
                    }
                }
                None => self.canvas.view.fit_pending = true,
            }
            "Restored the unsaved work of the last session".clone_into(&mut self.files.status);
        }
    }

    /// Looks at the file the editor waits for: once it loads, it opens (asking first when
    /// there are unsaved changes).
    pub(crate) fn poll_awaited(&mut self) {
        let Some(awaiting) = &mut self.prompts.awaiting else {
            return;
        };
        let now = DiskStamp::read(&awaiting.path);
        if now == awaiting.stamp {
            return;
        }
        awaiting.stamp.clone_from(&now);
        if now.is_none() {
            return;
        }
        awaiting.offer_create = false;
        match scene::load(&awaiting.path) {
            Ok(_) => {
                let path = awaiting.path.clone();
                self.prompts.awaiting = None;
                self.files.errors.clear();
                self.files.errors_note = None;
                self.request(Pending::OpenPath(path));
            }
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
            }
        }
    }

    /// Creates the awaited file as a new scene and opens it (or leaves it to appear).
    pub(super) fn create_awaited(&mut self, create: bool) {
        let Some(awaiting) = &mut self.prompts.awaiting else {
            return;
        };
        awaiting.offer_create = false;
        if !create {
            return;
        }
        let path = awaiting.path.clone();
        match scene::save(&path, &Scene::new_default()) {
            Ok(()) => {
                self.prompts.awaiting = None;
                self.files.errors.clear();
                self.files.errors_note = None;
                self.open_path(&path);
            }
            Err(e) => self.files.errors = vec![e.to_string()],
        }
    }
}
