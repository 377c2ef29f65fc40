//! Edit › Changes since saved: every changed field with its saved and current value, and with
//! a baseline pinned, every field where the current scene differs from the baseline.

use crate::editor::action::Action;
use crate::editor::field_marks::FieldMarks;
use crate::scene::Scene;
use crate::scene::fields::Change;
use crate::scene::labels;

/// The changes window.
pub struct ChangesWindow<'a> {
    /// The marks of the scene as it is now.
    pub marks: &'a FieldMarks,
    /// What the baseline is, and the fields where the current scene differs from it.
    pub baseline: Option<(&'a str, Vec<Change>)>,
}

/// A grid of changes under the headings field, `before`, `after`: each field by its label
/// (its path as the tooltip) and each value as every tool writes the field's numbers (as the
/// file writes it in the tooltip).
pub fn changes_grid_ui(
    ui: &mut egui::Ui,
    id: &str,
    (before, after): (&str, &str),
    changes: &[Change],
    scene: &Scene,
) {
    let value = |ui: &mut egui::Ui, path: &crate::sim::FieldPath, text: Option<&String>| match text
    {
        Some(t) => {
            ui.label(labels::shown_value(path, t))
                .on_hover_text(t.as_str());
        }
        None => {
            ui.weak("—").on_hover_text("not in this scene");
        }
    };
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        ui.strong("field");
        ui.strong(before);
        ui.strong(after);
        ui.end_row();
        for c in changes {
            ui.label(labels::field_label(scene, &c.path))
                .on_hover_text(c.path.to_string());
            value(ui, &c.path, c.old.as_ref());
            value(ui, &c.path, c.new.as_ref());
            ui.end_row();
        }
    });
}

impl ChangesWindow<'_> {
    /// The window's contents (docked or floating).
    pub fn contents(self, ui: &mut egui::Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        self.body_ui(ui, &mut actions);
        actions
    }

    fn body_ui(&self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        if let Some((label, changes)) = &self.baseline {
            ui.strong(format!("Against the baseline ({label})"));
            if changes.is_empty() {
                ui.weak("The same as the baseline.");
            } else {
                changes_grid_ui(
                    ui,
                    "baseline changes",
                    ("baseline", "now"),
                    changes,
                    self.marks.scene(),
                );
            }
            ui.separator();
            ui.strong("Since saved");
        }
        let changes = self.marks.changes();
        if changes.is_empty() {
            ui.weak("No unsaved changes.");
            return;
        }
        changes_grid_ui(ui, "changes", ("saved", "now"), changes, self.marks.scene());
        if ui.button("Revert all to saved").clicked() {
            actions.push(Action::RevertToSaved);
        }
    }
}
