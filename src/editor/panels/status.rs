//! The status line: what was done last, and the most used shortcuts (from the table).

use egui::Ui;

use crate::editor::shortcuts;

/// The status line.
pub struct StatusBar<'a> {
    /// What was done last.
    pub status: &'a str,
}

impl StatusBar<'_> {
    /// Shows the line.
    pub fn ui(self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.weak(self.status);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.weak(shortcuts::hint());
            });
        });
    }
}
