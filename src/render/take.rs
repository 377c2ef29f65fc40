//! A take: what one clip shows (its frames, size, overlays, the part of the world, a baseline
//! beside it, the plots) and the one check of its numbers, with the limits every way of taking
//! a clip shares.

use crate::scene::Scene;
use crate::scene::labels;
use crate::scene::schema::{DESCRIPTION, VIEW};
use crate::sim::World;
use crate::sim::model::field_path::Part;
use crate::sim::setup::settings::NAME;
use crate::view::View;
use crate::view::overlays::Overlays;
use crate::view::present::{LIST_SEP, MAX_SIDE, Presentation};

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

    /// Checks the take's numbers (its size, frame rate and number of frames) and, given the
    /// scene's tick `dt`, that it runs at most [`MAX_TAKE_TICKS`] ticks: the one check of a
    /// take, which the editor's Capture, `steerlab render` and a sheet's clips all run before
    /// anything is drawn. `Err` says which and why.
    pub fn check(&self, dt: Option<f32>) -> Result<(), TakeError> {
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
        let Some(dt) = dt else {
            return Ok(());
        };
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
