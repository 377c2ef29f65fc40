//! Where the tool windows open: side by side rather than on top of each other, inside the
//! editor's window, each scrolling rather than growing past it.

/// A tool window's place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The sweep: over the canvas's left, below the menu bar.
    Sweep,
    /// The metrics: over the canvas's right, beside the sweep.
    Metrics,
    /// The changes: lower left, below the sweep's usual height.
    Changes,
    /// Capture: the middle of the top.
    Capture,
}

/// `window` opened at its place (where it first appears; the designer may move it), kept
/// inside the editor's window and never taller than it.
pub fn placed<'a>(window: egui::Window<'a>, ctx: &egui::Context, place: Place) -> egui::Window<'a> {
    let screen = ctx.content_rect();
    let (w, h) = (screen.width(), screen.height());
    let pos = match place {
        Place::Sweep => egui::pos2(w * 0.2, 56.0),
        Place::Metrics => egui::pos2((w * 0.2 + 640.0).min(w - 480.0).max(w * 0.45), 56.0),
        Place::Changes => egui::pos2(w * 0.2, (h * 0.55).max(80.0)),
        Place::Capture => egui::pos2(w * 0.4, 56.0),
    };
    window
        .default_pos(pos)
        .constrain(true)
        .max_height((h - 90.0).max(160.0))
}
