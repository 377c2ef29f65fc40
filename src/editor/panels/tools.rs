//! The tool strip over the canvas: one button per editing tool (with its shortcut and what it
//! does as the tooltip) and the snapping switch.

use egui::Ui;

use crate::editor::action::Action;
use crate::editor::shortcuts;
use crate::view::CanvasTool;

/// The width (points) the strip needs on one line: its buttons and a few words of the hint.
const ONE_LINE_WIDTH: f32 = 480.0;

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
        // A canvas narrower than the strip (a small screen, a panel opened beside it) wraps
        // it, so that it does not widen the canvas over the panels; a wider one keeps it on
        // one line with the hint cut to fit.
        let strip = |ui: &mut Ui| {
            ui.add_space(4.0);
            for tool in CanvasTool::ALL {
                let action = Action::SetCanvasTool(tool);
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
        };
        if ui.available_width() < ONE_LINE_WIDTH {
            ui.horizontal_wrapped(strip);
        } else {
            ui.horizontal(strip);
        }
        actions
    }
}
