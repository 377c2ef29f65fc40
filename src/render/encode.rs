//! Encoders that write each frame as soon as it is drawn, so a take holds one frame in memory
//! however long it is. Frames go to a temporary file (GIF) or directory (PNG frames) beside
//! the output, which becomes the output only when the take is complete: an output appears
//! whole or not at all, and a failed take leaves nothing behind.

use std::io::BufWriter;
use std::path::Path;
use std::sync::{Arc, Mutex};

use super::raster::Raster;
use super::{Output, RenderError, encode_png, gif_delay_cs};
use crate::scene::AtomicFile;

/// The GIF's temporary file, shared with its encoder (which writes the file's last byte when
/// it is dropped, so the file is taken back from here afterwards).
#[derive(Clone)]
pub(super) struct Spool(Arc<Mutex<Option<BufWriter<AtomicFile>>>>);

impl std::io::Write for Spool {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut file = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("GIF file poisoned"))?;
        match file.as_mut() {
            Some(f) => f.write(buf),
            None => Err(std::io::Error::other("GIF file closed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let mut file = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("GIF file poisoned"))?;
        file.as_mut().map_or(Ok(()), std::io::Write::flush)
    }
}

/// A take being written.
pub(super) enum Encoder {
    Gif {
        gif: Box<image::codecs::gif::GifEncoder<Spool>>,
        spool: Spool,
        fps: u32,
    },
    Png {
        /// Frames so far, in a temporary directory.
        staging: tempfile::TempDir,
        frames: u32,
    },
}

fn frame_name(k: u32) -> String {
    format!("frame_{k:05}.png")
}

impl Encoder {
    /// Starts writing `output` at `fps` frames per second.
    pub(super) fn new(output: &Output, fps: u32) -> Result<Self, RenderError> {
        Ok(match output {
            Output::Gif(path) => {
                let file = AtomicFile::create(path)?;
                let spool = Spool(Arc::new(Mutex::new(Some(BufWriter::new(file)))));
                let mut gif = image::codecs::gif::GifEncoder::new_with_speed(spool.clone(), 10);
                gif.set_repeat(image::codecs::gif::Repeat::Infinite)
                    .map_err(|e| RenderError::Encode(format!("GIF: {e}")))?;
                Self::Gif {
                    gif: Box::new(gif),
                    spool,
                    fps,
                }
            }
            Output::PngDir(dir) => {
                // Beside a new directory (renamed into place at the end), or inside an
                // existing one (its frames moved into it at the end).
                let parent = if dir.is_dir() {
                    dir.clone()
                } else {
                    crate::scene::parent_dir(dir).to_owned()
                };
                let staging = tempfile::Builder::new()
                    .prefix(".steerlab-frames-")
                    .tempdir_in(&parent)
                    .map_err(|e| RenderError::output(dir, crate::scene::io_reason(&e)))?;
                Self::Png { staging, frames: 0 }
            }
        })
    }

    /// Encodes and writes frame `k`.
    pub(super) fn add(&mut self, k: u32, raster: &Raster) -> Result<(), RenderError> {
        let (w, h) = (raster.width(), raster.height());
        let image = image::RgbaImage::from_raw(
            u32::try_from(w).unwrap_or(0),
            u32::try_from(h).unwrap_or(0),
            raster.to_rgba8(),
        )
        .ok_or_else(|| RenderError::Encode("frame size does not match its pixels".to_owned()))?;
        match self {
            Self::Gif { gif, fps, .. } => {
                let frame = image::Frame::from_parts(
                    image,
                    0,
                    0,
                    image::Delay::from_numer_denom_ms(gif_delay_cs(k, *fps) * 10, 1),
                );
                gif.encode_frame(frame)
                    .map_err(|e| RenderError::Encode(format!("GIF: {e}")))
            }
            Self::Png { staging, frames } => {
                let bytes = encode_png(image)?;
                let path = staging.path().join(frame_name(k));
                std::fs::write(&path, bytes).map_err(|e| {
                    RenderError::output(staging.path(), crate::scene::io_reason(&e))
                })?;
                *frames = k + 1;
                Ok(())
            }
        }
    }

    /// Completes the take and puts it in place.
    pub(super) fn finish(self, output: &Output) -> Result<(), RenderError> {
        match self {
            Self::Gif { gif, spool, .. } => {
                // Dropping the encoder writes the GIF's trailer.
                drop(gif);
                let file = spool
                    .0
                    .lock()
                    .map_err(|_| RenderError::Encode("GIF file poisoned".to_owned()))?
                    .take()
                    .ok_or_else(|| RenderError::Encode("GIF file closed".to_owned()))?;
                let file = file.into_inner().map_err(|e| {
                    RenderError::output(output.path(), crate::scene::io_reason(e.error()))
                })?;
                Ok(file.commit()?)
            }
            Self::Png { staging, frames } => move_frames(staging, frames, output.path()),
        }
    }
}

/// Puts the staged frames at `dir`: the staging directory renamed into place for a new
/// directory; each frame renamed (atomically) into an existing one.
fn move_frames(staging: tempfile::TempDir, frames: u32, dir: &Path) -> Result<(), RenderError> {
    let fail = |e: &std::io::Error| RenderError::output(dir, crate::scene::io_reason(e));
    if dir.is_dir() {
        for k in 0..frames {
            let name = frame_name(k);
            std::fs::rename(staging.path().join(&name), dir.join(&name)).map_err(|e| fail(&e))?;
        }
        // `staging` (now empty) is removed when dropped.
        return Ok(());
    }
    let tmp = staging.keep();
    std::fs::rename(&tmp, dir).map_err(|e| {
        let _ = std::fs::remove_dir_all(&tmp);
        fail(&e)
    })
}
