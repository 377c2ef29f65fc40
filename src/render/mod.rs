//! Headless frames: the editor's presentation canvas (the same egui shapes, overlays, legend
//! and caption) rendered without a window or a GPU, by running egui on its own and rasterizing
//! its tessellated output in software ([`raster`]). `steerlab render` and the editor's
//! recordings both use it, so a recording is frame-exact and the same on any machine.
//!
//! Time is simulation time: frame `k` (from 0) shows the world after `floor((k + 1) / fps /
//! dt)` ticks, so every frame advances exactly one frame interval however long it takes to
//! draw, and the same scene and seed give the same frames, byte for byte.

#[cfg(all(feature = "link", feature = "tune"))]
pub mod atlas;
mod encode;
mod error;
pub mod filming;
mod output;
mod take;
/// The software rasterizer lives with the view, which also draws a big crowd with it.
pub use crate::view::raster;
#[cfg(feature = "link")]
pub mod sheet;
#[cfg(feature = "video")]
pub mod video;

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use crate::scene::Scene;
use crate::sim::World;
use crate::view::headless::Headless;
use crate::view::history::History;
use crate::view::overlays::Overlays;
use crate::view::palette::BACKGROUND;
use crate::view::present::{Presentation, frame_ui};
use crate::view::{CanvasInput, CanvasState, Trails, View};
use raster::{Raster, Textures};

pub use error::RenderError;
#[cfg(not(feature = "video"))]
pub use output::NO_VIDEO;
pub use output::{Output, format_problem, mp4_problem};
pub use take::{
    Compare, Layout, MAX_FRAMES, MAX_TAKE_SECONDS, MAX_TAKE_TICKS, PlotPlace, Take, TakeError,
    compare_captions, tick_of_frame,
};

/// Draws presentation frames of one size.
pub struct Renderer {
    headless: Headless,
    textures: Textures,
    canvas: CanvasState,
    size: [u32; 2],
    plots: Option<PlotPane>,
}

impl Renderer {
    /// A renderer for frames of `size` pixels, showing the whole world (or `view`, scaled from
    /// a canvas `view_width` points wide, to frame the same part of the world).
    #[must_use]
    pub fn new(size: [u32; 2], view: Option<(View, f32)>) -> Self {
        let mut canvas = CanvasState::default();
        if let Some((mut view, width)) = view {
            view.pixels_per_unit *= size[0] as f32 / width.max(1.0);
            view.fit_pending = false;
            canvas.view = view;
        }
        Self {
            headless: Headless::new(size[0] as f32, size[1] as f32),
            textures: Textures::default(),
            canvas,
            size,
            plots: None,
        }
    }

    /// Draws the selected agent's plots at `place` from now on: `flocks` says which groups
    /// flock (an agent of one gets the flock's plot too); `baseline`, the same agent's numbers
    /// in a baseline run, dashed.
    pub fn show_plots(&mut self, place: PlotPlace, flocks: Vec<bool>, baseline: bool) {
        self.plots = Some(PlotPane {
            place,
            history: History::default(),
            baseline: baseline.then(History::default),
            flocks,
        });
    }

    /// Records the state after a tick of `world` (and of the baseline's world) for the plots
    /// of agent `selected`, as the editor does after every tick.
    pub fn sample(&mut self, world: &World, baseline: Option<&World>, selected: Option<u32>) {
        if let Some(pane) = &mut self.plots {
            pane.history.record(world, selected);
            if let (Some(history), Some(world)) = (&mut pane.baseline, baseline) {
                history.record(world, selected);
            }
        }
    }

    /// One frame of `world`.
    pub fn frame(
        &mut self,
        world: &World,
        scene: &Scene,
        overlays: &Overlays,
        presentation: &Presentation,
        trails: &Trails,
        selected: Option<u32>,
    ) -> Raster {
        self.frame_with_ghosts(world, None, scene, overlays, presentation, trails, selected)
    }

    /// One frame of `world`, with `ghosts` (a baseline's world) drawn under it.
    #[allow(clippy::too_many_arguments)] // What one frame shows: each is needed.
    pub fn frame_with_ghosts(
        &mut self,
        world: &World,
        ghosts: Option<&World>,
        scene: &Scene,
        overlays: &Overlays,
        presentation: &Presentation,
        trails: &Trails,
        selected: Option<u32>,
    ) -> Raster {
        let [w, h] = self.size;
        let input = CanvasInput {
            world,
            overlays,
            selected,
            trails,
            ghosts,
        };
        let canvas = &mut self.canvas;
        let plots = self.plots.as_ref();
        // The selected agent's group, as it is now (an agent may spawn during the take).
        let group = selected
            .and_then(|id| world.index_of(id))
            .and_then(|i| world.agents().get(i))
            .map(|a| usize::from(a.group));
        #[allow(clippy::cast_precision_loss)] // Frame sides are at most MAX_SIDE.
        let (width, height) = (w as f32, h as f32);
        let mut frame = self.headless.run(|ui| {
            if let Some(pane) = plots {
                let flocking = group.is_some_and(|g| pane.flocks.get(g).copied().unwrap_or(false));
                plots_ui(ui, pane, [width, height], (selected, flocking));
            }
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE)
                .show(ui, |ui| {
                    frame_ui(ui, canvas, (&input, false), scene, presentation);
                });
        });
        self.textures.apply(&frame.textures);
        let mut raster = Raster::new(w as usize, h as usize, BACKGROUND);
        raster.paint(&frame.primitives, &self.textures, frame.pixels_per_point);
        self.textures.free(&frame.textures);
        // Applied above (epaint checks that no texture change is dropped unseen).
        frame.textures.clear();
        raster
    }
}

/// The plots of `pane` in their panel of a frame of `size` points, for agent `selected` (whose
/// group flocks when `flocking`).
fn plots_ui(
    ui: &mut egui::Ui,
    pane: &PlotPane,
    [width, height]: [f32; 2],
    (selected, flocking): (Option<u32>, bool),
) {
    let panel = match pane.place {
        PlotPlace::Below => egui::Panel::bottom("plots").exact_size((height / 3.0).round()),
        PlotPlace::Beside => egui::Panel::right("plots").exact_size((width / 3.0).round()),
    };
    panel
        .resizable(false)
        .frame(
            egui::Frame::NONE
                .fill(BACKGROUND)
                .inner_margin(egui::Margin::symmetric(8, 6)),
        )
        .show(ui, |ui| {
            let empty = selected.map_or_else(
                || "No agent is selected: no plots.".to_owned(),
                |id| format!("No agent {id} in the world yet: its plots start when it appears."),
            );
            crate::view::plots::Plots {
                history: &pane.history,
                baseline: pane.baseline.as_ref(),
                flocking,
                stacked: pane.place == PlotPlace::Beside,
                empty: &empty,
            }
            .ui(ui);
        });
}

/// The plots a renderer draws beside its canvas: where, the selected agent's history in this
/// run (and in the baseline's), and which groups flock (the flock's plot shows for an agent of
/// one).
struct PlotPane {
    place: PlotPlace,
    history: History,
    baseline: Option<History>,
    flocks: Vec<bool>,
}

/// A file-name-safe version of a scene name ("Hunter & prey" → "hunter-prey").
#[must_use]
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c.to_ascii_lowercase());
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-').to_owned();
    if stem.is_empty() {
        "steerlab".to_owned()
    } else {
        stem
    }
}

/// Progress and the stop button of a take running on another thread.
#[derive(Debug, Default)]
pub struct Control {
    /// Frames done.
    pub done: AtomicU32,
    /// Set to stop after the current frame (the frames so far are still written).
    pub stop: AtomicBool,
}

/// Renders `take` of `world` (as it is now; it is advanced) into `output`. Files are written
/// at the end, atomically; `Ok` gives the number of frames written.
pub fn render(
    world: World,
    scene: &Scene,
    take: &Take,
    output: &Output,
    control: &Control,
) -> Result<u32, RenderError> {
    take.check(Some(world.spec().dt))?;
    output.check(take.presentation.size, take.frames)?;
    let mut filming = filming::Filming::new(world, scene, take)?;
    let mut encoder = encode::Encoder::new(output, take.fps, take.presentation.size)?;
    let mut frames = 0;
    while !control.stop.load(Ordering::Relaxed) {
        let Some(raster) = filming.next_frame() else {
            break;
        };
        encoder.add(frames, &raster)?;
        frames += 1;
        control.done.store(frames, Ordering::Relaxed);
    }
    encoder.finish(output)?;
    Ok(frames)
}

/// An image as PNG bytes.
pub fn encode_png(image: image::RgbaImage) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgba8(image)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .map_err(|e| RenderError::Encode(format!("PNG: {e}")))?;
    Ok(bytes)
}

/// GIF delays are whole centiseconds: frame `k` lasts so that the first `k + 1` frames end as
/// close as possible to `(k + 1) / fps` seconds (30 fps: 3, 4, 3, 3, 4, 3, ... cs).
#[must_use]
pub fn gif_delay_cs(k: u32, fps: u32) -> u32 {
    let end = |n: u32| (f64::from(n) * 100.0 / f64::from(fps.max(1))).round();
    // Small non-negative whole numbers.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let cs = (end(k + 1) - end(k)) as u32;
    cs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_advance_whole_intervals_of_simulation_time() {
        let dt = 1.0 / 60.0;
        assert_eq!(tick_of_frame(0, 30, dt), 2);
        assert_eq!(tick_of_frame(9, 30, dt), 20);
        assert_eq!(tick_of_frame(0, 60, dt), 1);
        // 25 fps at 60 ticks per second: 2.4 ticks per frame, floored.
        let ticks: Vec<u64> = (0..5).map(|k| tick_of_frame(k, 25, dt)).collect();
        assert_eq!(ticks, vec![2, 4, 7, 9, 12]);
    }

    #[test]
    fn gif_delays_add_up_to_real_time() {
        let total: u32 = (0..30).map(|k| gif_delay_cs(k, 30)).sum();
        assert_eq!(total, 100);
        assert_eq!(
            (0..3).map(|k| gif_delay_cs(k, 30)).collect::<Vec<_>>(),
            vec![3, 4, 3]
        );
        let total: u32 = (0..60).map(|k| gif_delay_cs(k, 60)).sum();
        assert_eq!(total, 100);
    }
}
