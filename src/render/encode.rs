//! Encoders that write each frame as soon as it is drawn, so a take holds one frame in memory
//! however long it is (an MP4 holds its compressed frames, about 0.1 MB a second). Frames go to a temporary file (GIF) or directory (PNG frames) beside
//! the output, which becomes the output only when the take is complete: an output appears
//! whole or not at all, and a failed take leaves nothing behind.

use std::io::BufWriter;
use std::path::Path;
use std::sync::{Arc, Mutex};

use super::raster::Raster;
use super::{Output, RenderError, encode_png, gif_delay_cs};
use crate::scene::AtomicFile;

/// Where a GIF goes (its temporary file, or its bytes in memory), shared with its encoder,
/// which writes the last byte when it is dropped: what was written is taken back from here
/// afterwards.
pub(super) struct Spool<W>(Arc<Mutex<Option<W>>>);

impl<W> Spool<W> {
    fn new(w: W) -> Self {
        Self(Arc::new(Mutex::new(Some(w))))
    }

    /// What was written, once the encoder is done with it.
    fn take(&self) -> Result<W, RenderError> {
        self.0
            .lock()
            .map_err(|_| RenderError::Encode("GIF file poisoned".to_owned()))?
            .take()
            .ok_or_else(|| RenderError::Encode("GIF file closed".to_owned()))
    }
}

impl<W> Clone for Spool<W> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<W: std::io::Write> std::io::Write for Spool<W> {
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
        gif: Box<image::codecs::gif::GifEncoder<Spool<BufWriter<AtomicFile>>>>,
        spool: Spool<BufWriter<AtomicFile>>,
        fps: u32,
    },
    Png {
        /// Frames so far, in a temporary directory.
        staging: tempfile::TempDir,
        frames: u32,
    },
    /// Frames staged as PNG files (one frame in memory at a time), joined into one APNG at
    /// the end, when their number is known (a take may be stopped early).
    Apng {
        staging: tempfile::TempDir,
        frames: u32,
        fps: u32,
    },
    /// H.264 in MP4, held in memory and written at the end.
    #[cfg(feature = "video")]
    Mp4(Box<super::video::Mp4>),
}

fn frame_name(k: u32) -> String {
    format!("frame_{k:05}.png")
}

impl Encoder {
    /// Starts writing `output` at `fps` frames per second.
    pub(super) fn new(output: &Output, fps: u32, size: [u32; 2]) -> Result<Self, RenderError> {
        Ok(match output {
            #[cfg(feature = "video")]
            Output::Mp4(_) => Self::Mp4(Box::new(super::video::Mp4::new(size, fps)?)),
            #[cfg(not(feature = "video"))]
            Output::Mp4(path) => {
                let _ = size;
                return Err(RenderError::output(path, super::NO_VIDEO));
            }
            Output::Gif(path) => {
                let file = AtomicFile::create(path)?;
                let spool = Spool::new(BufWriter::new(file));
                let mut gif = image::codecs::gif::GifEncoder::new_with_speed(spool.clone(), 10);
                gif.set_repeat(image::codecs::gif::Repeat::Infinite)
                    .map_err(|e| RenderError::Encode(format!("GIF: {e}")))?;
                Self::Gif {
                    gif: Box::new(gif),
                    spool,
                    fps,
                }
            }
            Output::Apng(path) => {
                let staging = tempfile::Builder::new()
                    .prefix(".steerlab-apng-")
                    .tempdir_in(crate::scene::parent_dir(path))
                    .map_err(|e| RenderError::output(path, crate::scene::io_reason(&e)))?;
                Self::Apng {
                    staging,
                    frames: 0,
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
        #[cfg(feature = "video")]
        if let Self::Mp4(mp4) = self {
            return mp4.add(k, raster);
        }
        let image = rgba(raster)?;
        match self {
            #[cfg(feature = "video")]
            Self::Mp4(_) => Ok(()),
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
            Self::Png { staging, frames }
            | Self::Apng {
                staging, frames, ..
            } => {
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
                let file = spool.take()?.into_inner().map_err(|e| {
                    RenderError::output(output.path(), crate::scene::io_reason(e.error()))
                })?;
                Ok(file.commit()?)
            }
            Self::Png { staging, frames } => move_frames(staging, frames, output.path()),
            Self::Apng {
                staging,
                frames,
                fps,
            } => write_apng(&staging, frames, fps, output.path()),
            #[cfg(feature = "video")]
            Self::Mp4(mp4) => {
                let bytes = mp4.finish()?;
                let path = output.path();
                let mut file = AtomicFile::create(path)?;
                std::io::Write::write_all(&mut file, &bytes)
                    .map_err(|e| RenderError::output(path, crate::scene::io_reason(&e)))?;
                Ok(file.commit()?)
            }
        }
    }
}

/// The smallest rectangle `[x, y, width, height]` outside which `a` and `b` (of one size) have
/// the same pixels; `None` when they are the same.
#[must_use]
pub(super) fn changed_region(a: &image::RgbaImage, b: &image::RgbaImage) -> Option<[u32; 4]> {
    let (w, h) = b.dimensions();
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for (x, y, p) in b.enumerate_pixels() {
        if a.get_pixel_checked(x, y) != Some(p) {
            (x0, y0) = (x0.min(x), y0.min(y));
            (x1, y1) = (x1.max(x + 1), y1.max(y + 1));
        }
    }
    (x1 > x0 && y1 > y0).then(|| [x0, y0, x1 - x0, y1 - y0])
}

/// Joins the staged frames into one looping APNG at `path` (atomically), each frame shown
/// `1 / fps` s exactly (APNG delays are fractions).
fn write_apng(
    staging: &tempfile::TempDir,
    frames: u32,
    fps: u32,
    path: &Path,
) -> Result<(), RenderError> {
    let read = |k: u32| {
        image::open(staging.path().join(frame_name(k)))
            .map(image::DynamicImage::into_rgba8)
            .map_err(|e| RenderError::Encode(format!("APNG: {e}")))
    };
    let mut file = BufWriter::new(AtomicFile::create(path)?);
    encode_apng(&mut file, frames, fps, read)?;
    let file = file
        .into_inner()
        .map_err(|e| RenderError::output(path, crate::scene::io_reason(e.error())))?;
    Ok(file.commit()?)
}

/// Writes `frames` frames (frame `k` from `read`) as one looping APNG to `out`, each frame
/// shown `1 / fps` s exactly (APNG delays are fractions).
fn encode_apng(
    out: impl std::io::Write,
    frames: u32,
    fps: u32,
    read: impl Fn(u32) -> Result<image::RgbaImage, RenderError>,
) -> Result<(), RenderError> {
    let apng = |e: &dyn std::fmt::Display| RenderError::Encode(format!("APNG: {e}"));
    if frames == 0 {
        return Err(RenderError::Encode("APNG: no frames".to_owned()));
    }
    let first = read(0)?;
    let mut encoder = png::Encoder::new(out, first.width(), first.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_animated(frames, 0).map_err(|e| apng(&e))?;
    let delay = u16::try_from(fps.max(1)).unwrap_or(u16::MAX);
    encoder.set_frame_delay(1, delay).map_err(|e| apng(&e))?;
    let mut writer = encoder.write_header().map_err(|e| apng(&e))?;
    writer
        .write_image_data(first.as_raw())
        .map_err(|e| apng(&e))?;
    let (width, height) = (first.width(), first.height());
    let mut previous = first;
    for k in 1..frames {
        let next = read(k)?;
        // Only the rectangle that changed is stored; the rest of the canvas stays as the
        // previous frame left it (dispose None, blend Source: the APNG defaults).
        let [x, y, w, h] = changed_region(&previous, &next).unwrap_or([0, 0, 1, 1]);
        writer.reset_frame_position().map_err(|e| apng(&e))?;
        writer.set_frame_dimension(w, h).map_err(|e| apng(&e))?;
        writer.set_frame_position(x, y).map_err(|e| apng(&e))?;
        let region = image::imageops::crop_imm(&next, x, y, w, h).to_image();
        writer
            .write_image_data(region.as_raw())
            .map_err(|e| apng(&e))?;
        debug_assert!(x + w <= width && y + h <= height);
        previous = next;
    }
    writer.finish().map_err(|e| apng(&e))
}

/// A take encoded in memory: a GIF encoded frame by frame, or an APNG's frames kept as PNGs
/// and joined at the end.
pub(super) enum HeldTake {
    Gif {
        gif: Box<image::codecs::gif::GifEncoder<Spool<Vec<u8>>>>,
        bytes: Spool<Vec<u8>>,
        fps: u32,
    },
    Apng {
        frames: Vec<Vec<u8>>,
        fps: u32,
    },
}

impl HeldTake {
    pub(super) fn new(apng: bool, fps: u32) -> Result<Self, RenderError> {
        if apng {
            return Ok(Self::Apng {
                frames: Vec::new(),
                fps,
            });
        }
        let bytes = Spool::new(Vec::new());
        let mut gif = image::codecs::gif::GifEncoder::new_with_speed(bytes.clone(), 10);
        gif.set_repeat(image::codecs::gif::Repeat::Infinite)
            .map_err(|e| RenderError::Encode(format!("GIF: {e}")))?;
        Ok(Self::Gif {
            gif: Box::new(gif),
            bytes,
            fps,
        })
    }

    pub(super) fn add(&mut self, k: u32, raster: &Raster) -> Result<(), RenderError> {
        let image = rgba(raster)?;
        match self {
            Self::Gif { gif, fps, .. } => gif
                .encode_frame(image::Frame::from_parts(
                    image,
                    0,
                    0,
                    image::Delay::from_numer_denom_ms(gif_delay_cs(k, *fps) * 10, 1),
                ))
                .map_err(|e| RenderError::Encode(format!("GIF: {e}"))),
            Self::Apng { frames, .. } => {
                frames.push(encode_png(image)?);
                Ok(())
            }
        }
    }

    pub(super) fn held(&self) -> usize {
        match self {
            Self::Gif { bytes, .. } => bytes.0.lock().map_or(0, |b| b.as_ref().map_or(0, Vec::len)),
            Self::Apng { frames, .. } => frames.iter().map(Vec::len).sum(),
        }
    }

    pub(super) fn finish(self) -> Result<Vec<u8>, RenderError> {
        match self {
            Self::Gif { gif, bytes, .. } => {
                drop(gif);
                bytes.take()
            }
            Self::Apng { frames, fps } => {
                let mut out = Vec::new();
                let read = |k: u32| {
                    image::load_from_memory_with_format(
                        &frames[k as usize],
                        image::ImageFormat::Png,
                    )
                    .map(image::DynamicImage::into_rgba8)
                    .map_err(|e| RenderError::Encode(format!("APNG: {e}")))
                };
                let count = u32::try_from(frames.len()).unwrap_or(u32::MAX);
                encode_apng(&mut out, count, fps, read)?;
                Ok(out)
            }
        }
    }
}

/// A raster as an RGBA image.
fn rgba(raster: &Raster) -> Result<image::RgbaImage, RenderError> {
    image::RgbaImage::from_raw(
        u32::try_from(raster.width()).unwrap_or(0),
        u32::try_from(raster.height()).unwrap_or(0),
        raster.to_rgba8(),
    )
    .ok_or_else(|| RenderError::Encode("frame size does not match its pixels".to_owned()))
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

#[cfg(test)]
mod tests {
    use super::changed_region;

    #[test]
    fn the_changed_region_is_the_bounding_box_of_the_changed_pixels() {
        let a = image::RgbaImage::new(10, 8);
        let mut b = a.clone();
        assert_eq!(changed_region(&a, &b), None);
        b.put_pixel(2, 3, image::Rgba([1, 0, 0, 255]));
        assert_eq!(changed_region(&a, &b), Some([2, 3, 1, 1]));
        b.put_pixel(7, 6, image::Rgba([0, 0, 9, 255]));
        assert_eq!(changed_region(&a, &b), Some([2, 3, 6, 4]));
    }
}
