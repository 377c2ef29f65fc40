//! Every shortcut, from the one table (F1 or ?).

use crate::editor::shortcuts::TABLE;

/// The help window.
pub struct HelpWindow;

impl HelpWindow {
    /// Shows the window while `open`.
    pub fn ui(self, ctx: &egui::Context, open: &mut bool) {
        egui::Window::new("Keyboard and mouse")
            .open(open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for row in TABLE {
                        ui.monospace(row.keys_label());
                        ui.label(row.what);
                        ui.end_row();
                    }
                });
            });
    }
}
