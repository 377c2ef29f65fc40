//! Where a take's frames go (a GIF, an animated PNG, a folder of PNGs, an MP4) and the one
//! check that they can be written there, run before any frame is drawn.

use std::path::{Path, PathBuf};

use super::error::RenderError;

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

    /// Checks, before any frame is drawn, that `frames` frames of `size` can be written here:
    /// the format takes them ([`format_problem`]) and the folder is there and writable. `Err`
    /// says why, and nothing has been written.
    pub fn check(&self, size: [u32; 2], frames: u32) -> Result<(), RenderError> {
        if let Some(why) = format_problem(self, size, frames) {
            return Err(RenderError::output(self.path(), why));
        }
        self.check_writable()
    }

    /// Whether the folder the output goes to is there and writable (the editor checks the format
    /// when a take starts, and this on the thread that writes it).
    pub(crate) fn check_writable(&self) -> Result<(), RenderError> {
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

/// Why a build without the `video` feature writes no MP4.
#[cfg(not(feature = "video"))]
pub const NO_VIDEO: &str = "this build of steerlab has no video encoder (the `video` feature): \
     write a .gif or a .png";

fn parent(p: &Path) -> PathBuf {
    crate::scene::parent_dir(p).to_owned()
}

/// Why `frames` frames of `size` cannot be written as `output`'s format, if they cannot: an
/// MP4 needs an even width and height from 16 to 3840, two frames or more, and a build with
/// the `video` feature; the other formats take any take that passes `Take::check`.
#[must_use]
pub fn format_problem(output: &Output, size: [u32; 2], frames: u32) -> Option<String> {
    if !matches!(output, Output::Mp4(_)) {
        return None;
    }
    mp4_problem(size, frames)
}

/// Why `frames` frames of `size` cannot be written as an MP4, if they cannot.
#[must_use]
pub fn mp4_problem(size: [u32; 2], frames: u32) -> Option<String> {
    if frames < 2 {
        return Some(
            "an MP4 of one frame would last no time (its container times each frame by the \
             next one's start): take 2 frames or more, or write a .png"
                .to_owned(),
        );
    }
    #[cfg(feature = "video")]
    let problem = super::video::size_problem(size);
    #[cfg(not(feature = "video"))]
    let problem = {
        let _ = size;
        Some(NO_VIDEO.to_owned())
    };
    problem
}
