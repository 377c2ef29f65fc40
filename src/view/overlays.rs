//! Which overlays the canvas draws, for which agents, and at what scale. The editor's overlay
//! panel edits these toggles; the canvas, the presentation legend and `steerlab render` read
//! them. The overlays themselves are one list ([`Overlay`]), shared with the scene files.

pub use crate::scene::overlays::{Overlay, OverlaySet, Scope};

/// The overlay toggles, for whom, and the screen scales of vectors.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Overlays {
    /// Which agents.
    pub scope: Scope,
    /// The overlays that are on.
    pub shown: OverlaySet,
    /// Seconds of motion a velocity vector spans on screen.
    pub velocity_scale_secs: f32,
    /// Screen length of a force, in seconds² per mass (a force F draws as F · this).
    pub force_scale: f32,
}

impl Default for Overlays {
    /// Every overlay but the desired velocity, neighbour radii, the grid and the group names,
    /// for the selected agent.
    fn default() -> Self {
        Self {
            scope: Scope::Selected,
            shown: Overlay::ALL
                .iter()
                .copied()
                .filter(|o| {
                    !matches!(
                        o,
                        Overlay::Desired | Overlay::Neighbors | Overlay::Grid | Overlay::Names
                    )
                })
                .collect(),
            velocity_scale_secs: 0.5,
            force_scale: 0.25,
        }
    }
}

impl Overlays {
    /// Every overlay on, for every agent.
    #[must_use]
    pub fn all_on() -> Self {
        Self {
            scope: Scope::All,
            shown: Overlay::ALL.iter().copied().collect(),
            ..Self::default()
        }
    }

    /// Whether `overlay` is drawn.
    #[must_use]
    pub fn shows(&self, overlay: Overlay) -> bool {
        self.shown.contains(overlay)
    }

    /// The same overlays with `overlay` on or off.
    #[must_use]
    pub fn with(mut self, overlay: Overlay, on: bool) -> Self {
        self.shown.set(overlay, on);
        self
    }
}
