//! The editor on a small screen (a phone, a narrow window): under [`SMALL_SCREEN_WIDTH`] the
//! inspector and the overlays panel start closed, so that the canvas has the width, and a strip
//! under the menu opens either (one at a time) and says that editing wants a larger screen. On
//! any screen both panels are collapsible: dragged past their edge they close, leaving a handle
//! to drag them back.

use egui::Ui;

/// Below this width (points) the screen is small.
pub const SMALL_SCREEN_WIDTH: f32 = 700.0;

/// Which side panels are open, and the screen's class at the last frame.
#[derive(Debug, Default)]
pub(crate) struct SidePanels {
    /// Whether the screen was small at the last frame (`None` before the first).
    small: Option<bool>,
    /// The inspector is open.
    pub inspector: bool,
    /// The overlays panel is open.
    pub side: bool,
}

impl SidePanels {
    /// The frame's screen width: when it changes class, both panels open on a large screen and
    /// close on a small one. Whether the screen is small.
    pub fn follow(&mut self, width: f32) -> bool {
        let small = width < SMALL_SCREEN_WIDTH;
        if self.small != Some(small) {
            self.small = Some(small);
            self.inspector = !small;
            self.side = !small;
        }
        small
    }

    /// The strip under the menu on a small screen: a toggle for each panel (opening one closes
    /// the other, as they would leave no canvas) and what a small screen is for.
    pub fn strip_ui(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            if ui.toggle_value(&mut self.inspector, "Scene").changed() && self.inspector {
                self.side = false;
            }
            if ui.toggle_value(&mut self.side, "Overlays").changed() && self.side {
                self.inspector = false;
            }
            ui.weak(
                "Editing wants a larger screen (1024 × 640 or more): here, view and present a \
                 scene, and open links.",
            );
        });
    }

    /// The most a side panel may take of a `width`-point screen: on a small screen all but a
    /// strip of canvas.
    #[must_use]
    pub fn panel_max(width: f32, large_share: f32) -> f32 {
        if width < SMALL_SCREEN_WIDTH {
            (width - 48.0).max(120.0)
        } else {
            (width * large_share).max(200.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panels_close_on_a_small_screen_and_open_again_on_a_large_one() {
        let mut layout = SidePanels::default();
        assert!(layout.follow(390.0));
        assert!(!layout.inspector && !layout.side);
        layout.side = true;
        // The same class keeps what the designer chose.
        assert!(layout.follow(420.0));
        assert!(layout.side);
        assert!(!layout.follow(1024.0));
        assert!(layout.inspector && layout.side);
        assert!(layout.follow(699.0));
        assert!(!layout.inspector && !layout.side);
        assert!((SidePanels::panel_max(390.0, 0.255) - 342.0).abs() < 1e-4);
        assert!((SidePanels::panel_max(1024.0, 0.255) - 261.12).abs() < 1e-3);
    }
}
