//! The app's side of the Atlas window: a cell's values taken into the scene (one undo step),
//! or its variant pinned as the baseline.

use super::EditorApp;

impl EditorApp {
    /// Sets the atlas's fields to cell `cell`'s values in the scene as it is now (one undo
    /// step), and restarts the run so that it plays the variant as the cell's thumbnail does.
    pub(super) fn apply_atlas_cell(&mut self, cell: (u32, u32)) {
        let Some(shown) = &self.jobs.atlas.shown else {
            return;
        };
        let Some(e) = shown.atlas.at(cell.0, cell.1) else {
            return;
        };
        let mut draft = self.doc.scene().clone();
        for ((field, ..), &v) in shown.atlas.plan.fields.iter().zip(&e.values) {
            let set = crate::sim::FieldPath::parse(field)
                .map_err(|e| e.to_string())
                .and_then(|p| p.set(&mut draft, v).map_err(|e| e.to_string()));
            if let Err(why) = set {
                self.files.errors = vec![format!("{field}: {why}")];
                self.files.errors_note = Some("Nothing was changed.".to_owned());
                return;
            }
        }
        self.doc.commit();
        self.apply_draft(draft);
        self.doc.commit();
        if !self.notices.rejected.is_empty() {
            return;
        }
        // The cell's thumbnail is its run from the start: the scene plays it so too.
        self.restart();
        self.files.status = format!(
            "Took the values of atlas cell x{} y{}, the run restarted (Undo takes them back)",
            cell.0, cell.1
        );
    }

    /// Pins cell `cell`'s variant (the scene the atlas was made on, with its values) as the
    /// baseline.
    pub(super) fn pin_atlas_cell(&mut self, cell: (u32, u32)) {
        let Some(scene) = self
            .jobs
            .atlas
            .shown
            .as_ref()
            .and_then(|s| s.scene_of(cell))
        else {
            return;
        };
        self.pin_scene(scene, &format!("atlas cell x{} y{}", cell.0, cell.1));
    }
}
