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
    /// Tune: where the sweep opens (the two answer the same question).
    Tune,
    /// Goals: lower left, where the changes open, clear of the metrics they are made from.
    Goals,
}

/// `window` opened at its place (where it first appears; the designer may move it), kept
/// inside the editor's window and never taller than it.
pub fn placed<'a>(window: egui::Window<'a>, ctx: &egui::Context, place: Place) -> egui::Window<'a> {
    let screen = ctx.content_rect();
    let (w, h) = (screen.width(), screen.height());
    let side_by_side = side_by_side(ctx);
    let full = (h - 90.0).max(160.0);
    let half = ((h - 120.0) * 0.5).max(140.0);
    let (pos, tallest) = match place {
        Place::Sweep | Place::Tune => (
            egui::pos2(w * 0.2, 56.0),
            if side_by_side { full } else { half },
        ),
        Place::Metrics if side_by_side => (
            egui::pos2((w * 0.2 + 640.0).min(w - 480.0).max(w * 0.45), 56.0),
            full,
        ),
        Place::Metrics => (egui::pos2(w * 0.2, 56.0 + half + 30.0), half),
        Place::Changes | Place::Goals => (egui::pos2(w * 0.2, (h * 0.55).max(80.0)), full),
        Place::Capture => (egui::pos2(w * 0.4, 56.0), full),
    };
    window.default_pos(pos).constrain(true).max_height(tallest)
}

/// Whether the window is wide enough for the sweep (620) and the metrics (about 520) side by
/// side over the canvas; narrower, the metrics open under the sweep, each half as tall.
#[must_use]
pub fn side_by_side(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() >= 1280.0
}
