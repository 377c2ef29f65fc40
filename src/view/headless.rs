//! egui without a window: one context that runs a pass over a screen of a given size and
//! tessellates what it painted. `steerlab render` rasterizes the result in software and
//! `steerlab bench --frame` times it; both see exactly what the editor's canvas paints.

use egui::TexturesDelta;
use egui::epaint::ClippedPrimitive;

/// An egui context with a fixed screen size, run one pass at a time.
pub struct Headless {
    ctx: egui::Context,
    raw: egui::RawInput,
}

/// What one pass painted.
pub struct Frame {
    /// The tessellated triangles, in paint order.
    pub primitives: Vec<ClippedPrimitive>,
    /// Points to pixels.
    pub pixels_per_point: f32,
    /// Textures to create, patch and free for this frame (the font atlas, at first). Apply
    /// what is needed, then call `clear` on it: epaint checks that no change is dropped unseen.
    pub textures: TexturesDelta,
}

impl Frame {
    /// Number of triangles in the frame.
    #[must_use]
    pub fn triangles(&self) -> usize {
        self.primitives
            .iter()
            .map(|p| match &p.primitive {
                egui::epaint::Primitive::Mesh(mesh) => mesh.indices.len() / 3,
                egui::epaint::Primitive::Callback(_) => 0,
            })
            .sum()
    }
}

impl Headless {
    /// A context for a screen of `width` × `height` points (one point per pixel), configured
    /// as the editor's (see [`super::configure`]).
    #[must_use]
    pub fn new(width: f32, height: f32) -> Self {
        let ctx = egui::Context::default();
        super::configure(&ctx);
        let raw = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(width, height),
            )),
            ..egui::RawInput::default()
        };
        Self { ctx, raw }
    }

    /// Runs one pass of `add_contents` over the whole screen and tessellates its output.
    pub fn run(&mut self, add_contents: impl FnMut(&mut egui::Ui)) -> Frame {
        let mut output = self.ctx.run_ui(self.raw.clone(), add_contents);
        let textures = std::mem::take(&mut output.textures_delta);
        let shapes = std::mem::take(&mut output.shapes);
        let primitives = self.ctx.tessellate(shapes, output.pixels_per_point);
        Frame {
            primitives,
            pixels_per_point: output.pixels_per_point,
            textures,
        }
    }
}
