//! Where a tool window floated out of the dock opens: below the menu bar, each tool a step
//! down and right of the one before so that no title bar hides another, inside the editor's
//! window and never taller than it (its contents scroll); and how wide a dialog may be on a
//! small screen.

use crate::editor::dock::ToolWindow;

/// The menu bar and the canvas's tool strip: a window opens below them.
pub const BELOW_MENU: f32 = 56.0;

/// `window` for `tool` opened at its place (where it first appears; the designer may move
/// it), kept inside the editor's window and never taller than it.
pub fn placed<'a>(
    window: egui::Window<'a>,
    ctx: &egui::Context,
    tool: ToolWindow,
) -> egui::Window<'a> {
    let screen = ctx.content_rect();
    let step = ToolWindow::ALL.iter().position(|t| *t == tool).unwrap_or(0) as f32 * 28.0;
    let pos = egui::pos2(
        (screen.width() * 0.25 + step)
            .min(screen.width() - 320.0)
            .max(0.0),
        BELOW_MENU + step,
    );
    window
        .default_pos(pos)
        .default_width(480.0_f32.min(screen.width() * 0.6))
        .constrain(true)
        .max_height((screen.height() - BELOW_MENU - 40.0).max(160.0))
}

/// `wanted` points, or the screen's width less a margin on a screen too small for them (a
/// phone): the width a dialog or window is given, so that none is cut off.
#[must_use]
pub fn fitting_width(ctx: &egui::Context, wanted: f32) -> f32 {
    wanted.min(ctx.content_rect().width() - 48.0).max(200.0)
}
