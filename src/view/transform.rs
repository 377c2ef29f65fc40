//! The world-to-screen transform of a canvas: pan and zoom. World y grows downward, as on
//! screen, so the transform is a scale and a translation.

use egui::{Pos2, Rect, vec2};
use glam::Vec2;

/// Pan and zoom.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// World point at the centre of the canvas.
    pub center_world: [f32; 2],
    /// Zoom.
    pub pixels_per_unit: f32,
    /// Fit the world on the next frame.
    #[serde(skip)]
    pub fit_pending: bool,
    /// The canvas size the world was last fitted to, while the user has not zoomed or panned
    /// since: the fit follows the canvas when the panels around it settle or resize.
    #[serde(skip)]
    pub fitted_to: Option<[f32; 2]>,
    /// A scene's own framing, applied on every fit until the user fits the whole world (F):
    /// the zoom against the fitted one, and the point in the middle.
    #[serde(skip)]
    pub framing: Option<(f32, Option<[f32; 2]>)>,
}

impl Default for View {
    fn default() -> Self {
        Self {
            center_world: [0.0, 0.0],
            pixels_per_unit: 1.0,
            fit_pending: true,
            fitted_to: None,
            framing: None,
        }
    }
}

impl View {
    /// The world point at the centre of the canvas.
    #[must_use]
    pub fn center(&self) -> Vec2 {
        Vec2::from(self.center_world)
    }

    /// Screen position of a world point, for a canvas occupying `rect`.
    #[must_use]
    pub fn screen_from_world(&self, rect: Rect, p: Vec2) -> Pos2 {
        let d = (p - self.center()) * self.pixels_per_unit;
        rect.center() + vec2(d.x, d.y)
    }

    /// World position of a screen point.
    #[must_use]
    pub fn world_from_screen(&self, rect: Rect, p: Pos2) -> Vec2 {
        let d = p - rect.center();
        self.center() + Vec2::new(d.x, d.y) / self.pixels_per_unit
    }

    /// Shows the whole world with a small margin.
    pub fn fit(&mut self, rect: Rect, world_size: Vec2) {
        let margin = 24.0;
        let sx = (rect.width() - 2.0 * margin).max(10.0) / world_size.x.max(1e-3);
        let sy = (rect.height() - 2.0 * margin).max(10.0) / world_size.y.max(1e-3);
        self.pixels_per_unit = sx.min(sy).clamp(1e-4, 1e4);
        self.center_world = (world_size * 0.5).to_array();
        if let Some((zoom, center)) = self.framing {
            self.pixels_per_unit = (self.pixels_per_unit * zoom).clamp(1e-4, 1e4);
            if let Some(c) = center {
                self.center_world = c;
            }
        }
        self.fit_pending = false;
        self.fitted_to = Some([rect.width(), rect.height()]);
    }

    /// Whether the world should be fitted to a canvas of `rect` this frame: when asked, or
    /// when the canvas changed size since the last fit and the user has not moved the view.
    #[must_use]
    pub fn wants_fit(&self, rect: Rect) -> bool {
        self.fit_pending
            || self.fitted_to.is_some_and(|[w, h]| {
                w.to_bits() != rect.width().to_bits() || h.to_bits() != rect.height().to_bits()
            })
    }

    /// Zooms by `factor` keeping the world point under `anchor` fixed.
    pub fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        self.fitted_to = None;
        let before = self.world_from_screen(rect, anchor);
        self.pixels_per_unit = (self.pixels_per_unit * factor).clamp(1e-4, 1e4);
        let after = self.world_from_screen(rect, anchor);
        self.center_world = (self.center() + before - after).to_array();
    }
}
