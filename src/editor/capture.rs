//! Capture: frame-exact takes of the canvas, rendered on their own thread by the headless
//! renderer while the editor stays responsive; and screenshots (egui's screenshot request) of
//! the canvas or the whole window, written as PNG.
//!
//! A take copies the world (or rebuilds it from the scene, for a take that replays the run
//! from its seed) and advances that copy exactly one frame interval of simulation time per
//! frame, so a recording made on a slow machine is as smooth as on a fast one, and the same
//! settings give the same file.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, Sender};

use serde::{Deserialize, Serialize};

use crate::editor::job::{self, Job, Piece};
use crate::render::{Control, Output, PlotPlace, RenderError, Take, file_stem};
use crate::scene::Scene;
use crate::sim::{Problems, World};

/// Whether a take records the pinned baseline too, and how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CompareChoice {
    /// The current run alone.
    #[default]
    Off,
    /// Baseline on the left, current on the right, each captioned with what differs.
    SideBySide,
    /// The current run with the baseline's agents as ghosts.
    Ghosts,
}

/// What a screenshot is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotKind {
    /// The canvas alone, without the floating windows.
    Canvas,
    /// The whole window.
    Window,
}

impl ShotKind {
    /// The word used in the file name (`boids-canvas-tick240.png`).
    #[must_use]
    pub fn file_word(self) -> &'static str {
        match self {
            Self::Canvas => "canvas",
            Self::Window => "window",
        }
    }
}

/// What a take is written as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TakeFormat {
    /// A looping animated GIF (256 colours, plays everywhere).
    #[default]
    Gif,
    /// A looping animated PNG (full colour, exact frame times).
    Apng,
    /// H.264 video in an MP4 (on the desktop, with the `video` feature).
    Mp4,
    /// A folder of numbered PNG frames (on the desktop).
    Frames,
}

impl TakeFormat {
    /// Whether this build and platform can write it.
    #[must_use]
    pub fn available(self) -> bool {
        match self {
            Self::Gif | Self::Apng => true,
            Self::Mp4 => cfg!(feature = "video") && !crate::editor::platform::DOWNLOADS,
            Self::Frames => !crate::editor::platform::DOWNLOADS,
        }
    }
}

/// The recording settings (kept across runs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CaptureSettings {
    /// Frames per second of simulation time: 30 or 60.
    pub fps: u32,
    /// Length of a take, seconds (at most [`MAX_TAKE_SECONDS`](crate::render::MAX_TAKE_SECONDS)).
    pub seconds: f32,
    /// What a take is written as.
    pub format: TakeFormat,
    /// The selected agent's plots recorded with the canvas, below or beside it.
    pub plots: Option<PlotPlace>,
    /// With a baseline pinned: record it beside the current run, or under it as ghosts.
    pub compare: CompareChoice,
    /// Where takes and screenshots go.
    pub folder: PathBuf,
    /// Restart the world from the scene's seed before the take, so that a take after a tweak
    /// replays the same run and can be compared with the last one.
    pub from_restart: bool,
    /// The format as settings saved before `format` said it: a GIF when true, else an APNG
    /// when `apng` (else PNG frames). Read ([`Self::migrated`]), never written.
    #[serde(skip_serializing, deserialize_with = "saved_bool")]
    gif: Option<bool>,
    /// See `gif`.
    #[serde(skip_serializing, deserialize_with = "saved_bool")]
    apng: Option<bool>,
}

/// A `true` or `false` of an older save, as present.
fn saved_bool<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    bool::deserialize(d).map(Some)
}

impl Default for CaptureSettings {
    fn default() -> Self {
        Self {
            fps: 30,
            seconds: 5.0,
            format: TakeFormat::default(),
            plots: None,
            gif: None,
            apng: None,
            compare: CompareChoice::Off,
            folder: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
            from_restart: true,
        }
    }
}

impl CaptureSettings {
    /// The settings with the format of an older save (its `gif` and `apng`) as `format`.
    #[must_use]
    pub fn migrated(mut self) -> Self {
        if let Some(gif) = self.gif.take() {
            let apng = self.apng.take().unwrap_or(false);
            self.format = if gif {
                TakeFormat::Gif
            } else if apng {
                TakeFormat::Apng
            } else {
                TakeFormat::Frames
            };
        }
        self
    }

    /// Number of frames of a take.
    #[must_use]
    pub fn frames(&self) -> u32 {
        let seconds = if self.seconds.is_finite() {
            self.seconds.clamp(0.0, crate::render::MAX_TAKE_SECONDS)
        } else {
            0.0
        };
        // At most 120 s × 240 fps.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let frames = (seconds * self.fps as f32).round() as u32;
        frames.max(1)
    }

    /// The output of a take of the scene named `name`.
    #[must_use]
    pub fn output(&self, name: &str) -> Output {
        let stem = file_stem(name);
        match self.format {
            TakeFormat::Gif => Output::Gif(self.folder.join(format!("{stem}.gif"))),
            TakeFormat::Apng => Output::Apng(self.folder.join(format!("{stem}.png"))),
            TakeFormat::Mp4 => Output::Mp4(self.folder.join(format!("{stem}.mp4"))),
            TakeFormat::Frames => Output::PngDir(self.folder.join(format!("{stem}-frames"))),
        }
    }

    /// Where a screenshot of the scene named `name` at `tick` goes.
    #[must_use]
    pub fn screenshot_path(&self, name: &str, tick: u64, kind: ShotKind) -> PathBuf {
        self.folder.join(format!(
            "{}-{}-tick{tick}.png",
            file_stem(name),
            kind.file_word()
        ))
    }
}

/// Why a take did not start or did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptureError {
    /// A take is already running.
    AlreadyRunning,
    /// The scene does not build (a take from a restart rebuilds it).
    Scene(Problems),
    /// The take's numbers or its output, checked before any frame is drawn; or the rendering
    /// and writing of the frames.
    Render(RenderError),
    /// The recording could not be started or delivered (no thread, no download, no folder
    /// in a browser).
    Thread(String),
    /// The recording thread stopped without an answer.
    Failed,
    /// The take's result was already taken.
    Finished,
}

impl std::fmt::Display for CaptureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::AlreadyRunning => f.write_str("a recording is already running"),
            Self::Scene(problems) => {
                let list: Vec<String> = problems.iter().map(ToString::to_string).collect();
                f.write_str(&list.join("; "))
            }
            Self::Render(e) => e.fmt(f),
            Self::Thread(why) => f.write_str(why),
            Self::Failed => f.write_str("the recording thread failed"),
            Self::Finished => f.write_str("already finished"),
        }
    }
}

impl std::error::Error for CaptureError {}

impl From<RenderError> for CaptureError {
    fn from(e: RenderError) -> Self {
        Self::Render(e)
    }
}

/// What a finished take gives: its number of frames, and in a browser the file's bytes to
/// download (on the desktop the file is written).
type Taken = Result<(u32, Option<Vec<u8>>), RenderError>;

/// Most bytes a take may hold in a browser's memory while it is encoded (a tab has a few
/// GiB in all): past this it stops and says so.
#[cfg(target_arch = "wasm32")]
const MAX_HELD_BYTES: usize = 512 << 20;

/// A take being rendered: on its own thread on the desktop, written to its file; a frame per
/// piece between the frames of a browser tab, encoded in memory and downloaded.
pub struct CaptureJob {
    job: Option<Job<Taken, Control>>,
    frames: u32,
    output: Output,
}

impl CaptureJob {
    /// Starts rendering `take` of `world` into `output`. Refused (with why) when the
    /// settings are out of range or the output cannot be written.
    pub fn start(
        world: World,
        scene: Scene,
        take: Take,
        output: Output,
    ) -> Result<Self, CaptureError> {
        take.check(Some(world.spec().dt))
            .map_err(RenderError::from)?;
        // An MP4 of an odd size is refused now, not by the thread once it has begun.
        if let Some(why) =
            crate::render::format_problem(&output, take.presentation.size, take.frames)
        {
            return Err(RenderError::output(output.path(), why).into());
        }
        let frames = take.frames;
        let piece = pieces(world, scene, take, &output)?;
        let job = Job::spawn("recording", Control::default(), frames as usize, piece)
            .map_err(CaptureError::Thread)?;
        Ok(Self {
            job: Some(job),
            frames,
            output,
        })
    }

    /// Frames done and frames in the take.
    #[must_use]
    pub fn progress(&self) -> (u32, u32) {
        let done = self
            .job
            .as_ref()
            .map_or(self.frames, |job| job.shared.done.load(Ordering::Relaxed));
        (done, self.frames)
    }

    /// Stops after the current frame; the frames so far are written.
    pub fn stop(&self) {
        if let Some(job) = &self.job {
            job.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Where the take goes (in a browser, the name it downloads as).
    #[must_use]
    pub fn path(&self) -> &Path {
        self.output.path()
    }

    /// The result, once the take is finished and written (in a browser: offered as a
    /// download).
    pub fn poll(&mut self) -> Option<Result<u32, CaptureError>> {
        let result = job::finished(&mut self.job, "the recording")?;
        Some(self.taken(result))
    }

    /// Waits for the take to finish (for tests and scripts).
    pub fn wait(&mut self) -> Result<u32, CaptureError> {
        if self.job.is_none() {
            return Err(CaptureError::Finished);
        }
        let mut result = None;
        job::wait_while(|| {
            result = self.poll();
            result.is_none()
        });
        result.unwrap_or(Err(CaptureError::Finished))
    }

    fn taken(&self, result: Result<Taken, String>) -> Result<u32, CaptureError> {
        let (frames, bytes) = result.map_err(|_| CaptureError::Failed)??;
        if let Some(bytes) = bytes {
            crate::editor::platform::write_file(self.path(), &bytes)
                .map_err(CaptureError::Thread)?;
        }
        Ok(frames)
    }
}

/// The pieces of a take on the desktop: the whole take, rendered into its file.
#[cfg(not(target_arch = "wasm32"))]
fn pieces(
    world: World,
    scene: Scene,
    take: Take,
    output: &Output,
) -> Result<impl FnMut(&Control) -> Piece<Taken> + Send + 'static, CaptureError> {
    output.check_writable()?;
    let output = output.clone();
    let mut start = Some(world);
    Ok(move |control: &Control| {
        let Some(world) = start.take() else {
            return Piece::Done(Ok(Err(RenderError::Encode("already rendered".to_owned()))));
        };
        Piece::Done(Ok(crate::render::render(
            world, &scene, &take, &output, control,
        )
        .map(|n| (n, None))))
    })
}

/// The pieces of a take in a browser: a frame each, encoded in memory; the bytes are the
/// result. A folder of PNG frames cannot be one download: refused, saying so.
#[cfg(target_arch = "wasm32")]
fn pieces(
    world: World,
    scene: Scene,
    take: Take,
    output: &Output,
) -> Result<impl FnMut(&Control) -> Piece<Taken> + Send + 'static, CaptureError> {
    use crate::render::filming::{Filming, InMemory};
    let apng = match output {
        Output::Gif(_) => false,
        Output::Apng(_) => true,
        Output::PngDir(_) => return Err(CaptureError::Thread(WEB_NO_FRAMES.to_owned())),
        Output::Mp4(_) => return Err(CaptureError::Thread(WEB_NO_VIDEO.to_owned())),
    };
    let mut filming = Filming::new(world, &scene, &take)?;
    let mut memory = Some(InMemory::new(apng, take.fps)?);
    drop((scene, take));
    Ok(move |control: &Control| {
        let Some(encoder) = memory.as_mut() else {
            return Piece::Done(Ok(Err(RenderError::Encode("already rendered".to_owned()))));
        };
        let k = filming.frames_done();
        let frame = (!control.stop.load(Ordering::Relaxed))
            .then(|| filming.next_frame())
            .flatten();
        let Some(raster) = frame else {
            let bytes = memory.take().map(InMemory::finish);
            return Piece::Done(Ok(bytes
                .unwrap_or_else(|| Err(RenderError::Encode("already rendered".to_owned())))
                .map(|b| (k, Some(b)))));
        };
        if let Err(e) = encoder.add(k, &raster) {
            return Piece::Done(Ok(Err(e)));
        }
        control.done.store(k + 1, Ordering::Relaxed);
        if encoder.held() > MAX_HELD_BYTES {
            return Piece::Done(Ok(Err(RenderError::Encode(format!(
                "the take passed {} MiB after {} frames, more than a browser tab can hold: \
                 record fewer seconds, a smaller size, or a GIF",
                MAX_HELD_BYTES >> 20,
                k + 1
            )))));
        }
        Piece::More
    })
}

/// Why a browser records no folder of PNG frames.
pub const WEB_NO_FRAMES: &str = "a folder of PNG frames cannot be one download in a browser: \
     record a GIF or an APNG (or use the desktop editor or `steerlab render`)";

/// Why a browser records no video.
pub const WEB_NO_VIDEO: &str = "a browser has no MP4 encoder here: record a GIF or an APNG \
     (or use the desktop editor or `steerlab render --out clip.mp4`)";

/// Screenshots on their way from egui (which answers a request on a later frame).
#[derive(Debug)]
pub struct Screenshots {
    sender: Sender<(Arc<egui::ColorImage>, ShotKind)>,
    receiver: Receiver<(Arc<egui::ColorImage>, ShotKind)>,
    /// A canvas screenshot is on its way: the floating windows stay out of the frame.
    pub canvas_pending: bool,
}

impl Default for Screenshots {
    fn default() -> Self {
        let (sender, receiver) = std::sync::mpsc::channel();
        Self {
            sender,
            receiver,
            canvas_pending: false,
        }
    }
}

impl Screenshots {
    /// Asks egui for a screenshot of the window (the canvas is cut out of it later).
    pub fn request(&mut self, ctx: &egui::Context, kind: ShotKind) {
        // The floating windows stay out of the next frame, which is the one captured.
        self.canvas_pending = kind == ShotKind::Canvas;
        let tx = self.sender.clone();
        let repaint = ctx.clone();
        ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(
            egui::ScreenshotCallback::new(move |image| {
                let _ = tx.send((image, kind));
                repaint.request_repaint();
            }),
        ));
    }

    /// The screenshots that have arrived.
    pub fn arrived(&mut self) -> Vec<(Arc<egui::ColorImage>, ShotKind)> {
        let shots: Vec<_> = self.receiver.try_iter().collect();
        if !shots.is_empty() {
            self.canvas_pending = false;
        }
        shots
    }
}

/// A screenshot (straight RGBA) encoded as PNG.
pub fn png_bytes(image: &egui::ColorImage) -> Result<Vec<u8>, RenderError> {
    let [w, h] = image.size;
    let rgba: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(egui::Color32::to_srgba_unmultiplied)
        .collect();
    let buffer = image::RgbaImage::from_raw(
        u32::try_from(w).unwrap_or(0),
        u32::try_from(h).unwrap_or(0),
        rgba,
    )
    .ok_or_else(|| RenderError::Encode("screenshot size does not match its pixels".to_owned()))?;
    crate::render::encode_png(buffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_saved_with_gif_and_apng_keep_their_format() {
        let read = |text: &str| {
            ron::from_str::<CaptureSettings>(text)
                .expect("reads")
                .migrated()
        };
        assert_eq!(read("(gif: false, apng: true)").format, TakeFormat::Apng);
        assert_eq!(read("(gif: false, apng: false)").format, TakeFormat::Frames);
        assert_eq!(read("(gif: true, apng: true)").format, TakeFormat::Gif);
        assert_eq!(read("(format: Mp4)").format, TakeFormat::Mp4);
        // Written with `format` alone.
        let settings = CaptureSettings {
            format: TakeFormat::Apng,
            ..CaptureSettings::default()
        };
        let text = ron::to_string(&settings).expect("writes");
        assert!(
            text.contains("format:Apng") && !text.contains("gif"),
            "{text}"
        );
        assert_eq!(read(&text).format, TakeFormat::Apng);
    }

    #[test]
    fn file_stems_are_safe() {
        assert_eq!(file_stem("Hunter & prey"), "hunter-prey");
        assert_eq!(file_stem("Boids"), "boids");
        assert_eq!(file_stem("../.."), "steerlab");
    }

    #[test]
    fn a_take_has_seconds_times_fps_frames_within_the_limit() {
        let mut s = CaptureSettings {
            fps: 30,
            seconds: 2.0,
            ..CaptureSettings::default()
        };
        assert_eq!(s.frames(), 60);
        s.seconds = 1e9;
        assert_eq!(s.frames(), 3600);
        s.seconds = f32::NAN;
        assert_eq!(s.frames(), 1);
    }
}
