//! Headless frames: the editor's presentation canvas (the same egui shapes, overlays, legend
//! and caption) rendered without a window or a GPU, by running egui on its own and rasterizing
//! its tessellated output in software ([`raster`]). `steerlab render` and the editor's
//! recordings both use it, so a recording is frame-exact and the same on any machine.
//!
//! Time is simulation time: frame `k` (from 0) shows the world after `floor((k + 1) / fps /
//! dt)` ticks, so every frame advances exactly one frame interval however long it takes to
//! draw, and the same scene and seed give the same frames, byte for byte.

mod encode;
pub mod filming;
/// The software rasterizer lives with the view, which also draws a big crowd with it.
pub use crate::view::raster;
#[cfg(feature = "link")]
pub mod sheet;
#[cfg(feature = "video")]
pub mod video;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use crate::scene::labels;
use crate::scene::schema::{DESCRIPTION, VIEW};
use crate::scene::{SaveError, Scene};
use crate::sim::World;
use crate::sim::model::field_path::Part;
use crate::sim::model::text::escape_controls;
use crate::sim::setup::settings::NAME;
use crate::view::headless::Headless;
use crate::view::history::History;
use crate::view::overlays::Overlays;
use crate::view::palette::BACKGROUND;
use crate::view::present::{LIST_SEP, MAX_SIDE, Presentation, frame_ui};
use crate::view::{CanvasInput, CanvasState, Trails, View};
use raster::{Raster, Textures};

/// Longest take, seconds of simulation time (the editor's Capture, `render --seconds` and a
/// sheet's clips).
pub const MAX_TAKE_SECONDS: f32 = 120.0;

/// Most frames one take may have.
pub const MAX_FRAMES: u32 = 100_000;

/// Most ticks one take may run: a clip of 2 minutes at 60 frames per second with the
/// shortest tick (0.001 s) needs 120,000; this bounds the time any take can cost.
pub const MAX_TAKE_TICKS: u64 = 1_000_000;

/// A take's numbers out of range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeError {
    /// A side of the frame is 0 or over [`MAX_SIDE`].
    Size([u32; 2]),
    /// Frames per second outside 1 to 240.
    Fps(u32),
    /// Number of frames outside 1 to [`MAX_FRAMES`].
    Frames(u32),
    /// The take would run more than [`MAX_TAKE_TICKS`] ticks.
    Ticks {
        /// Ticks the take needs.
        ticks: u64,
        /// Frames asked for.
        frames: u32,
        /// Frames per second asked for.
        fps: u32,
        /// The scene's tick, in microseconds (a whole number, so the error compares).
        dt_micros: u64,
    },
}

impl std::fmt::Display for TakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Size([w, h]) => {
                write!(f, "size {w}x{h}: each side must be 1 to {MAX_SIDE} pixels")
            }
            Self::Fps(fps) => write!(f, "fps {fps}: must be 1 to 240"),
            Self::Frames(n) => write!(f, "frames {n}: must be 1 to {MAX_FRAMES}"),
            Self::Ticks {
                ticks,
                frames,
                fps,
                dt_micros,
            } => write!(
                f,
                "{frames} frames at {fps} fps is {:.1} s of simulation, {} ticks of {} s; \
                 a take may run at most {} ticks (fewer frames, or a longer dt)",
                f64::from(*frames) / f64::from((*fps).max(1)),
                crate::sim::model::text::thousands(*ticks),
                *dt_micros as f64 / 1e6,
                crate::sim::model::text::thousands(MAX_TAKE_TICKS),
            ),
        }
    }
}

impl std::error::Error for TakeError {}

/// Why a take was not rendered or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// The take's numbers are out of range (nothing was drawn).
    Take(TakeError),
    /// The output cannot be written there.
    Output {
        /// The output path.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// A frame could not be encoded.
    Encode(String),
    /// The finished file could not be saved (the previous file is untouched).
    Save(SaveError),
}

impl RenderError {
    fn output(path: &Path, why: impl Into<String>) -> Self {
        Self::Output {
            path: path.to_owned(),
            why: why.into(),
        }
    }
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Take(e) => e.fmt(f),
            Self::Output { path, why } => write!(
                f,
                "{}: cannot write: {}",
                escape_controls(&path.display().to_string()),
                escape_controls(why)
            ),
            Self::Encode(why) => f.write_str(why),
            Self::Save(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RenderError {}

impl From<TakeError> for RenderError {
    fn from(e: TakeError) -> Self {
        Self::Take(e)
    }
}

impl From<SaveError> for RenderError {
    fn from(e: SaveError) -> Self {
        Self::Save(e)
    }
}

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

/// One clip to render.
#[derive(Clone, Debug)]
pub struct Take {
    /// Frames per second of simulation time.
    pub fps: u32,
    /// Number of frames.
    pub frames: u32,
    /// Frame size, legend and caption.
    pub presentation: Presentation,
    /// Which overlays.
    pub overlays: Overlays,
    /// The agent whose overlays show when the overlays are for the selected agent only.
    pub selected: Option<u32>,
    /// The part of the world to show (with the width of the canvas it was chosen on); the
    /// whole world when `None`.
    pub view: Option<(View, f32)>,
    /// A baseline run shown with this one (before and after).
    pub compare: Option<Compare>,
    /// The selected agent's plots (the editor's Plots panel) beside or below the canvas.
    pub plots: Option<PlotPlace>,
}

/// Where a take's plots go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PlotPlace {
    /// A band along the bottom, a third of the frame's height.
    #[default]
    Below,
    /// A column on the right, a third of the frame's width (its plots stacked).
    Beside,
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

/// How a before-and-after clip sets the two runs together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// Two panels, the baseline on the left, each captioned with what differs.
    #[default]
    SideBySide,
    /// One panel: the baseline's agents drawn as ghosts under the current ones.
    Ghosts,
}

/// The baseline of a before-and-after clip: its scene and its world (advanced with the main
/// one, tick for tick).
#[derive(Clone, Debug)]
pub struct Compare {
    /// The baseline's scene.
    pub scene: Scene,
    /// Its world as the take starts.
    pub world: World,
    /// Side by side or ghosts.
    pub layout: Layout,
}

/// The captions of a before-and-after clip: each side's name followed by the fields in which
/// it differs from the other, in the designer's words (the first three, then how many more;
/// the frame shortens a list that does not fit), e.g. `Baseline · arrivers › arrive › slowing
/// radius (u) = 20`.
#[must_use]
pub fn compare_captions(base: &Scene, current: &Scene) -> (String, String) {
    use crate::scene::fields;
    let changes = fields::diff(&fields::flatten(base), &fields::flatten(current));
    let shown: Vec<_> = changes
        .iter()
        .filter(|c| {
            c.path.parts().first().is_some_and(|first| {
                [NAME.key, DESCRIPTION, VIEW]
                    .iter()
                    .all(|k| *first != Part::Key((*k).into()))
            })
        })
        .collect();
    let side = |label: &str, pick: &dyn Fn(&fields::Change) -> Option<String>| {
        let mut parts: Vec<String> = shown
            .iter()
            .take(3)
            .map(|c| {
                format!(
                    "{} = {}",
                    labels::field_label(current, &c.path),
                    pick(c).map_or_else(|| "none".to_owned(), |v| labels::readable_value(&v))
                )
            })
            .collect();
        if shown.len() > 3 {
            parts.push(format!("and {} more", shown.len() - 3));
        }
        if parts.is_empty() {
            label.to_owned()
        } else {
            format!("{label} · {}", parts.join(LIST_SEP))
        }
    };
    (
        side("Baseline", &|c| c.old.clone()),
        side("Current", &|c| c.new.clone()),
    )
}

impl Take {
    /// A take of the whole world as `steerlab render` draws it: `frames` frames at `fps` of
    /// `presentation`, every agent's overlays, no selection, baseline or plots.
    #[must_use]
    pub fn whole_world(fps: u32, frames: u32, presentation: Presentation) -> Self {
        Self {
            fps,
            frames,
            presentation,
            overlays: crate::view::present::render_overlays(),
            selected: None,
            view: None,
            compare: None,
            plots: None,
        }
    }

    /// Checks the numbers; `Err` says which and why.
    pub fn check(&self) -> Result<(), TakeError> {
        let [w, h] = self.presentation.size;
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(TakeError::Size([w, h]));
        }
        if !(1..=240).contains(&self.fps) {
            return Err(TakeError::Fps(self.fps));
        }
        if !(1..=MAX_FRAMES).contains(&self.frames) {
            return Err(TakeError::Frames(self.frames));
        }
        Ok(())
    }
}

impl Take {
    /// Checks the numbers and that the take runs at most [`MAX_TAKE_TICKS`] ticks of
    /// `dt`.
    pub fn check_for(&self, dt: f32) -> Result<(), TakeError> {
        self.check()?;
        let ticks = tick_of_frame(self.frames - 1, self.fps, dt);
        if ticks > MAX_TAKE_TICKS {
            // dt is at most 1 s: a whole number of microseconds far inside u64.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let dt_micros = (f64::from(dt) * 1e6).round() as u64;
            return Err(TakeError::Ticks {
                ticks,
                frames: self.frames,
                fps: self.fps,
                dt_micros,
            });
        }
        Ok(())
    }
}

/// The tick frame `k` shows at `fps` with ticks of `dt` seconds.
#[must_use]
pub fn tick_of_frame(k: u32, fps: u32, dt: f32) -> u64 {
    let t = f64::from(k + 1) / f64::from(fps.max(1));
    // Tolerance for dt's f32 rounding (1/60 s is stored as 0.016666668, 4e-8 too long): 20
    // ticks, not 19.9999992. It stays below 1e-3 ticks for any take `Take::check` allows.
    let ticks = (t / f64::from(dt) + 1e-3).floor();
    // Non-negative and far below u64::MAX for any take that passes `Take::check`.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let ticks = ticks.max(0.0) as u64;
    ticks
}

/// Where frames go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// One looping animated GIF.
    Gif(PathBuf),
    /// A directory of `frame_00000.png`, `frame_00001.png`, ...
    PngDir(PathBuf),
    /// One looping animated PNG (APNG): full colour, exact frame delays.
    Apng(PathBuf),
    /// H.264 video in an MP4 file (with the `video` feature).
    Mp4(PathBuf),
}

impl Output {
    /// A `.gif` path is a GIF, a `.png` or `.apng` path an animated PNG, a `.mp4` path a
    /// video; anything else a directory of PNGs.
    #[must_use]
    pub fn from_path(path: &Path) -> Self {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("gif") => Self::Gif(path.to_owned()),
            Some("png" | "apng") => Self::Apng(path.to_owned()),
            Some("mp4") => Self::Mp4(path.to_owned()),
            _ => Self::PngDir(path.to_owned()),
        }
    }

    /// The path written.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            Self::Gif(p) | Self::PngDir(p) | Self::Apng(p) | Self::Mp4(p) => p,
        }
    }

    /// Checks, before any frame is drawn, that the output can be written: `Err` says why, and
    /// nothing has been written.
    pub fn check_writable(&self) -> Result<(), RenderError> {
        let fail = |why: String| RenderError::output(self.path(), why);
        let dir = match self {
            Self::Gif(p) | Self::Apng(p) | Self::Mp4(p) => {
                if p.is_dir() {
                    return Err(fail("is a directory".to_owned()));
                }
                parent(p)
            }
            Self::PngDir(p) => {
                if p.exists() && !p.is_dir() {
                    return Err(fail("exists and is not a directory".to_owned()));
                }
                if p.is_dir() { p.to_owned() } else { parent(p) }
            }
        };
        if !dir.is_dir() {
            return Err(fail(format!("{} is not a directory", dir.display())));
        }
        tempfile::Builder::new()
            .prefix(".steerlab-")
            .tempfile_in(&dir)
            .map(drop)
            .map_err(|e| fail(format!("{} is not writable ({e})", dir.display())))?;
        Ok(())
    }
}

impl Output {
    /// Checks that `frames` frames of `size` can be written this way: `Err` says why (an MP4
    /// needs an even width and height from 16 to 3840, two frames or more, and a build with
    /// the `video` feature).
    pub fn check_take(&self, size: [u32; 2], frames: u32) -> Result<(), RenderError> {
        if !matches!(self, Self::Mp4(_)) {
            return Ok(());
        }
        if frames < 2 {
            return Err(RenderError::output(
                self.path(),
                "an MP4 of one frame would last no time (its container times each frame by the \
                 next one's start): take 2 frames or more, or write a .png",
            ));
        }
        #[cfg(feature = "video")]
        let problem = video::size_problem(size);
        #[cfg(not(feature = "video"))]
        let problem = {
            let _ = size;
            Some(NO_VIDEO.to_owned())
        };
        problem.map_or(Ok(()), |why| Err(RenderError::output(self.path(), why)))
    }
}

/// Why a build without the `video` feature writes no MP4.
#[cfg(not(feature = "video"))]
pub const NO_VIDEO: &str = "this build of steerlab has no video encoder (the `video` feature): \
     write a .gif or a .png";

fn parent(p: &Path) -> PathBuf {
    crate::scene::parent_dir(p).to_owned()
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
    take.check_for(world.spec().dt)?;
    output.check_writable()?;
    output.check_take(take.presentation.size, take.frames)?;
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
