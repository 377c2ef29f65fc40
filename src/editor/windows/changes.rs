//! Edit › Changes since saved: every changed field with its saved and current value.

use crate::editor::action::Action;
use crate::editor::marks::Marks;

/// The changes window.
pub struct ChangesWindow<'a> {
    /// The marks of the scene as it is now.
    pub marks: &'a Marks,
}

impl ChangesWindow<'_> {
    /// Shows the window while `open`.
    pub fn ui(self, ctx: &egui::Context, open: &mut bool) -> Vec<Action> {
        let mut actions = Vec::new();
        egui::Window::new("Changes since saved")
            .open(open)
            .default_width(420.0)
            .show(ctx, |ui| {
                let changes = self.marks.changes();
                if changes.is_empty() {
                    ui.weak("No unsaved changes.");
                    return;
                }
                egui::ScrollArea::vertical()
                    .max_height(360.0)
                    .show(ui, |ui| {
                        egui::Grid::new("changes").striped(true).show(ui, |ui| {
                            ui.strong("field");
                            ui.strong("saved");
                            ui.strong("now");
                            ui.end_row();
                            for c in changes {
                                ui.monospace(&c.path);
                                ui.monospace(c.old.as_deref().unwrap_or("—"));
                                ui.monospace(c.new.as_deref().unwrap_or("—"));
                                ui.end_row();
                            }
                        });
                    });
                if ui.button("Revert all to saved").clicked() {
                    actions.push(Action::RevertToSaved);
                }
            });
        actions
    }
}
