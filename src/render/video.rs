//! Takes as H.264 video in an MP4 file: each frame converted to 4:2:0 YUV (BT.601, limited
//! range, integer arithmetic: the same bytes on any machine), encoded by OpenH264 and put in an
//! MP4 by muxide, one frame every `1 / fps` s exactly.
//!
//! The encoder keeps a floor on the quantizer ([`MIN_QP`]) and lowers quality only when its
//! buffer would overflow (OpenH264's buffer-based rate control): flat backgrounds and thin
//! lines cost little, so a take's size follows what moves in it, not its length alone. There
//! is no frame skipping: every frame drawn is a frame in the file.

use muxide::api::{Muxer, MuxerBuilder, VideoCodec};
use openh264::OpenH264API;
use openh264::encoder::{
    BitRate, Complexity, Encoder, EncoderConfig, FrameRate, FrameType, IntraFramePeriod, QpRange,
    RateControlMode, UsageType, VuiConfig,
};
use openh264::formats::YUVBuffer;

use super::error::RenderError;
use super::raster::Raster;

/// The finest quantizer the encoder uses (H.264's scale: 0 is lossless, 51 the coarsest).
/// Measured on `hunter_and_prey.ron`, 10 s at 1280x720: 28 gives 1.25 MB, 30 gives 1.0 MB
/// (8% of the GIF, 36–38 dB), 32 gives 0.80 MB with visible blocks along the trails.
pub const MIN_QP: u8 = 30;

/// A key frame every this many seconds, so that a player seeks quickly.
const KEY_FRAME_SECONDS: u32 = 2;

fn failed(what: &str, e: &dyn std::fmt::Display) -> RenderError {
    RenderError::Encode(format!("MP4: {what}: {e}"))
}

/// Why a frame size cannot be H.264 video: 4:2:0 colour needs an even width and height, and
/// OpenH264 takes from 16 x 16 to 3840 x 2160 (either way round). `None` when it can.
#[must_use]
pub fn size_problem([w, h]: [u32; 2]) -> Option<String> {
    if w < 16 || h < 16 {
        return Some(format!(
            "an MP4 is at least 16x16 (H.264 codes pictures in blocks of 16 x 16 pixels): \
             {w}x{h} is smaller"
        ));
    }
    if w % 2 == 1 || h % 2 == 1 {
        return Some(format!(
            "an MP4 needs an even width and height (H.264's colour is sampled per 2 x 2 \
             pixels): {w}x{h} is not; try {}x{}",
            w + w % 2,
            h + h % 2
        ));
    }
    let (long, short) = (w.max(h), w.min(h));
    (long > 3840 || short > 2160)
        .then(|| format!("an MP4 is at most 3840x2160 (or 2160x3840): {w}x{h} is larger"))
}

/// An MP4 take being encoded (held in memory until it is finished: about 0.1 MB a second at
/// 1280x720).
pub(super) struct Mp4 {
    encoder: Encoder,
    muxer: Muxer<Vec<u8>>,
    yuv: Vec<u8>,
    fps: u32,
}

impl Mp4 {
    /// Starts a take of frames of `size` at `fps`.
    pub(super) fn new(size: [u32; 2], fps: u32) -> Result<Self, RenderError> {
        if let Some(why) = size_problem(size) {
            return Err(RenderError::Encode(why));
        }
        let [w, h] = size;
        // OpenH264's buffer for its rate control: 0.1 bit per pixel per frame (2.8 Mbit/s at
        // 1280x720 and 30 fps), which the floor on the quantizer keeps it well under.
        let bits = (f64::from(w) * f64::from(h) * f64::from(fps) * 0.1).min(f64::from(u32::MAX));
        // Positive and below u32::MAX.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let bits = bits as u32;
        // Frame rates are whole numbers from 1 to 240: exact in f32.
        #[allow(clippy::cast_precision_loss)]
        let rate = FrameRate::from_hz(fps as f32);
        let config = EncoderConfig::new()
            .usage_type(UsageType::ScreenContentRealTime)
            .rate_control_mode(RateControlMode::Bufferbased)
            .bitrate(BitRate::from_bps(bits))
            .max_frame_rate(rate)
            .qp(QpRange::new(MIN_QP, 51))
            .skip_frames(false)
            // Neither applies to screen content (OpenH264 says so when they are on).
            .adaptive_quantization(false)
            .background_detection(false)
            .complexity(Complexity::High)
            .intra_frame_period(IntraFramePeriod::from_num_frames(fps * KEY_FRAME_SECONDS))
            .num_threads(1)
            .vui(VuiConfig::bt601());
        let encoder = Encoder::with_api_config(OpenH264API::from_source(), config)
            .map_err(|e| failed("the encoder did not start", &e))?;
        let muxer = MuxerBuilder::new(Vec::new())
            .video(VideoCodec::H264, w, h, f64::from(fps))
            .build()
            .map_err(|e| failed("the container", &e))?;
        Ok(Self {
            encoder,
            muxer,
            yuv: Vec::new(),
            fps,
        })
    }

    /// Encodes frame `k`, shown from `k / fps` s.
    pub(super) fn add(&mut self, k: u32, raster: &Raster) -> Result<(), RenderError> {
        let (w, h) = (raster.width(), raster.height());
        to_yuv420(&raster.to_rgba8(), [w, h], &mut self.yuv);
        let frame = YUVBuffer::from_vec(std::mem::take(&mut self.yuv), w, h);
        let encoded = self
            .encoder
            .encode(&frame)
            .map_err(|e| failed(&format!("frame {k}"), &e))?;
        let key = matches!(encoded.frame_type(), FrameType::IDR | FrameType::I);
        let bytes = encoded.to_vec();
        self.muxer
            .write_video(f64::from(k) / f64::from(self.fps), &bytes, key)
            .map_err(|e| failed(&format!("frame {k}"), &e))?;
        Ok(())
    }

    /// The MP4 file's bytes.
    pub(super) fn finish(mut self) -> Result<Vec<u8>, RenderError> {
        self.muxer
            .finish_in_place()
            .map_err(|e| failed("the container", &e))?;
        Ok(self.muxer.into_writer())
    }
}

/// `rgba` (`w` x `h`, both even) as planar 4:2:0 YUV into `out`: BT.601 in limited range
/// (luma 16–235, chroma 16–240) with the integer coefficients of ITU-R BT.601 scaled by 256,
/// chroma from the mean of each 2 x 2 block.
// Textbook names: width w, height h, red r, green g, blue b, coordinates x, y.
#[allow(clippy::many_single_char_names)]
fn to_yuv420(rgba: &[u8], [w, h]: [usize; 2], out: &mut Vec<u8>) {
    out.clear();
    out.resize(w * h * 3 / 2, 0);
    let (luma, chroma) = out.split_at_mut(w * h);
    let (u_plane, v_plane) = chroma.split_at_mut(w * h / 4);
    let pixel = |x: usize, y: usize| {
        let i = (y * w + x) * 4;
        rgba.get(i..i + 3)
            .map_or([0; 3], |p| [p[0], p[1], p[2]].map(i32::from))
    };
    for (i, y_out) in luma.iter_mut().enumerate() {
        let [r, g, b] = pixel(i % w, i / w);
        *y_out = clamp_u8(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16);
    }
    let half = w / 2;
    for (i, (u_out, v_out)) in u_plane.iter_mut().zip(v_plane.iter_mut()).enumerate() {
        let (x, y) = (2 * (i % half), 2 * (i / half));
        let mut sum = [0; 3];
        for p in [
            pixel(x, y),
            pixel(x + 1, y),
            pixel(x, y + 1),
            pixel(x + 1, y + 1),
        ] {
            for (s, c) in sum.iter_mut().zip(p) {
                *s += c;
            }
        }
        // The sums are four pixels: the coefficients' scale of 256 becomes 1024.
        let [r, g, b] = sum;
        *u_out = clamp_u8(((-38 * r - 74 * g + 112 * b + 512) >> 10) + 128);
        *v_out = clamp_u8(((112 * r - 94 * g - 18 * b + 512) >> 10) + 128);
    }
}

fn clamp_u8(v: i32) -> u8 {
    u8::try_from(v.clamp(0, 255)).unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bt601_limited_range_of_black_white_and_the_primaries() {
        let mut yuv = Vec::new();
        // 2 x 2 of one colour: one chroma sample.
        let planes = |rgb: [u8; 3], yuv: &mut Vec<u8>| {
            let rgba: Vec<u8> = (0..4).flat_map(|_| [rgb[0], rgb[1], rgb[2], 255]).collect();
            to_yuv420(&rgba, [2, 2], yuv);
            (yuv[0], yuv[4], yuv[5])
        };
        // Worked by hand: Y = ((66 R + 129 G + 25 B + 128) >> 8) + 16; for white,
        // (220 * 255 + 128) >> 8 = 219, so 235; chroma of a grey is 128.
        assert_eq!(planes([0, 0, 0], &mut yuv), (16, 128, 128));
        assert_eq!(planes([255, 255, 255], &mut yuv), (235, 128, 128));
        // Red: Y = ((66 * 255 + 128) >> 8) + 16 = 66 + 16 = 82;
        // U = ((-38 * 1020 + 512) >> 10) + 128 = -38 + 128 = 90 (the shift floors);
        // V = ((112 * 1020 + 512) >> 10) + 128 = 112 + 128 = 240.
        assert_eq!(planes([255, 0, 0], &mut yuv), (82, 90, 240));
        // Blue: Y = ((25 * 255 + 128) >> 8) + 16 = 25 + 16 = 41; U = 240; V = -18 + 128 = 110.
        assert_eq!(planes([0, 0, 255], &mut yuv), (41, 240, 110));
    }

    #[test]
    fn odd_and_oversized_frames_are_refused_with_the_size_to_use() {
        assert_eq!(size_problem([1280, 720]), None);
        assert_eq!(size_problem([2160, 3840]), None);
        let odd = size_problem([641, 480]).unwrap_or_default();
        assert!(
            odd.contains("641x480") && odd.contains("try 642x480"),
            "{odd}"
        );
        assert!(size_problem([3842, 2160]).is_some());
        assert!(size_problem([16, 16]).is_none());
        let small = size_problem([14, 720]).unwrap_or_default();
        assert!(
            small.contains("at least 16x16") && small.contains("14x720"),
            "{small}"
        );
        assert!(size_problem([2162, 3840]).is_some());
    }
}
