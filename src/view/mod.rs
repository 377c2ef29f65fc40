//! What is drawn and how, with egui and epaint only (no window, no GPU): the world↔screen
//! transform, the palette, the overlay toggles, the batched canvas mesh, the canvas and
//! presentation painters, the selected agent's history and its plots, and a headless egui
//! runner. The editor shows these in its window;
//! `steerlab render` and `steerlab bench --frame` run them headless, so a clip and a benchmark
//! see exactly the editor's pixels.
//!
//! Layering: `view` reads `sim` and `scene` and is read by `render` and `editor`; it never
//! imports either of them.

pub mod axes;
pub mod batch;
pub mod canvas;
pub mod headless;
pub mod history;
pub mod input;
pub mod overlays;
pub mod paint;
pub mod paint_traces;
pub mod palette;
pub mod plots;
pub mod present;
pub mod raster;
pub mod thumbnail;
pub mod tools;
pub mod transform;

pub use canvas::{CanvasState, canvas_ui, world_painting_ui};
pub use input::{CanvasAction, CanvasInput, Trails};
pub use overlays::{Overlay, OverlaySet, Overlays, Scope};
pub use tools::{CanvasTool, Pick, ToolState};
pub use transform::View;

/// Context settings every canvas runs with. The canvas culls its own mesh to the view, so
/// egui's coarse culling, which measures the bounds of every mesh by walking all its vertices,
/// is switched off (1 ms of a 10,000-agent frame).
pub fn configure(ctx: &egui::Context) {
    ctx.tessellation_options_mut(|o| o.coarse_tessellation_culling = false);
}
