//! Recording: frame-exact takes of the canvas, rendered on their own thread by the headless
//! renderer while the editor stays responsive; and screenshots (egui's screenshot request) of
//! the canvas or the whole window.
//!
//! A take copies the world (or rebuilds it from the scene, for a take that replays the run
//! from its seed) and advances that copy exactly one frame interval of simulation time per
//! frame, so a recording made on a slow machine is as smooth as on a fast one, and the same
//! settings give the same file.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;

use serde::{Deserialize, Serialize};

use crate::render::{Control, Output, Take};
use crate::scene::Scene;
use crate::sim::World;

/// Longest take, in seconds of simulation time.
pub const MAX_SECONDS: f32 = 120.0;

/// The recording settings (kept across runs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordSettings {
    /// Frames per second of simulation time: 30 or 60.
    pub fps: u32,
    /// Length of a take, seconds (at most [`MAX_SECONDS`]).
    pub seconds: f32,
    /// An animated GIF (else a directory of PNG frames).
    pub gif: bool,
    /// Where takes and screenshots go.
    pub folder: PathBuf,
    /// Restart the world from the scene's seed before the take, so that a take after a tweak
    /// replays the same run and can be compared with the last one.
    pub from_restart: bool,
}

impl Default for RecordSettings {
    fn default() -> Self {
        Self {
            fps: 30,
            seconds: 5.0,
            gif: true,
            folder: std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
            from_restart: true,
        }
    }
}

impl RecordSettings {
    /// Number of frames of a take.
    #[must_use]
    pub fn frames(&self) -> u32 {
        let seconds = if self.seconds.is_finite() {
            self.seconds.clamp(0.0, MAX_SECONDS)
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
        if self.gif {
            Output::Gif(self.folder.join(format!("{stem}.gif")))
        } else {
            Output::PngDir(self.folder.join(format!("{stem}-frames")))
        }
    }

    /// Where a screenshot of the scene named `name` at `tick` goes.
    #[must_use]
    pub fn screenshot_path(&self, name: &str, tick: u64, what: &str) -> PathBuf {
        self.folder
            .join(format!("{}-{what}-tick{tick}.png", file_stem(name)))
    }
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

/// A take being rendered.
pub struct Recording {
    control: Arc<Control>,
    frames: u32,
    output: Output,
    handle: Option<JoinHandle<Result<u32, String>>>,
}

impl Recording {
    /// Starts rendering `take` of `world` into `output` on its own thread. Refused (with why)
    /// when the settings are out of range or the output cannot be written.
    pub fn start(world: World, scene: Scene, take: Take, output: Output) -> Result<Self, String> {
        take.check()?;
        output.check_writable()?;
        let control = Arc::new(Control::default());
        let frames = take.frames;
        let thread_control = Arc::clone(&control);
        let thread_output = output.clone();
        let handle = std::thread::Builder::new()
            .name("recording".into())
            .spawn(move || {
                crate::render::render(world, &scene, &take, &thread_output, &thread_control)
            })
            .map_err(|e| format!("cannot start recording: {e}"))?;
        Ok(Self {
            control,
            frames,
            output,
            handle: Some(handle),
        })
    }

    /// Frames done and frames in the take.
    #[must_use]
    pub fn progress(&self) -> (u32, u32) {
        (self.control.done.load(Ordering::Relaxed), self.frames)
    }

    /// Stops after the current frame; the frames so far are written.
    pub fn stop(&self) {
        self.control.stop.store(true, Ordering::Relaxed);
    }

    /// Where the take goes.
    #[must_use]
    pub fn path(&self) -> &Path {
        self.output.path()
    }

    /// The result, once the take is finished and written.
    pub fn poll(&mut self) -> Option<Result<u32, String>> {
        if !self.handle.as_ref()?.is_finished() {
            return None;
        }
        let handle = self.handle.take()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|_| Err("the recording thread failed".to_owned())),
        )
    }

    /// Waits for the take to finish (for tests and scripts).
    pub fn wait(&mut self) -> Result<u32, String> {
        match self.handle.take() {
            Some(handle) => handle
                .join()
                .unwrap_or_else(|_| Err("the recording thread failed".to_owned())),
            None => Err("already finished".to_owned()),
        }
    }
}

/// Encodes a screenshot (straight RGBA) as PNG and writes it atomically.
pub fn save_png(path: &Path, image: &egui::ColorImage) -> Result<(), String> {
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
    .ok_or_else(|| "screenshot size does not match its pixels".to_owned())?;
    let bytes = crate::render::encode_png(buffer)?;
    crate::scene::write_atomic(path, &bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_are_safe() {
        assert_eq!(file_stem("Hunter & prey"), "hunter-prey");
        assert_eq!(file_stem("Boids"), "boids");
        assert_eq!(file_stem("../.."), "steerlab");
    }

    #[test]
    fn a_take_has_seconds_times_fps_frames_within_the_limit() {
        let mut s = RecordSettings {
            fps: 30,
            seconds: 2.0,
            ..RecordSettings::default()
        };
        assert_eq!(s.frames(), 60);
        s.seconds = 1e9;
        assert_eq!(s.frames(), 3600);
        s.seconds = f32::NAN;
        assert_eq!(s.frames(), 1);
    }
}
