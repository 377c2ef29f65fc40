//! The tool strip over the canvas: one button per editing tool (with its shortcut and what it
//! does as the tooltip) and the snapping switch.

use egui::Ui;

use crate::editor::action::Action;
use crate::editor::shortcuts;
use crate::view::CanvasTool;

/// The tool strip over one frame's state.
pub struct ToolStrip {
    /// The tool in use.
    pub tool: CanvasTool,
    /// Snapping is on.
    pub snap: bool,
}

impl ToolStrip {
    /// Shows the strip; returns the tool or snapping the user picked.
    pub fn ui(self, ui: &mut Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            ui.add_space(4.0);
            for tool in CanvasTool::ALL {
                let action = Action::SetTool(tool);
                let key = shortcuts::menu_text(&ctx, &action);
                let tip = format!("{} ({key})", tool.help());
                if ui
                    .selectable_label(self.tool == tool, tool.label())
                    .on_hover_text(tip)
                    .clicked()
                    && self.tool != tool
                {
                    actions.push(action);
                }
            }
            ui.separator();
            let key = shortcuts::menu_text(&ctx, &Action::ToggleSnap);
            if ui
                .selectable_label(self.snap, "Snap")
                .on_hover_text(format!(
                    "Placed points snap to a {} unit grid ({key}).",
                    crate::view::tools::SNAP_WORLD
                ))
                .clicked()
            {
                actions.push(Action::ToggleSnap);
            }
            ui.separator();
            // Cut to the strip's width: a long line must not widen the canvas.
            ui.add(egui::Label::new(egui::RichText::new(self.tool.help()).weak()).truncate());
        });
        actions
    }
}
