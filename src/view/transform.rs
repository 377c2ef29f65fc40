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
}

impl Default for View {
    fn default() -> Self {
        Self {
            center_world: [0.0, 0.0],
            pixels_per_unit: 1.0,
            fit_pending: true,
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
        self.fit_pending = false;
    }

    /// Zooms by `factor` keeping the world point under `anchor` fixed.
    pub fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let before = self.world_from_screen(rect, anchor);
        self.pixels_per_unit = (self.pixels_per_unit * factor).clamp(1e-4, 1e4);
        let after = self.world_from_screen(rect, anchor);
        self.center_world = (self.center() + before - after).to_array();
    }
}
