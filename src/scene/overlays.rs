//! The overlays: one list of what the canvas can draw over the world, the set of those that are
//! on, and for whom. A scene's first view names them (`overlays: Some([Velocity, Applied])`);
//! the editor's toggles, `steerlab render` and the presentation legend read the same set.

use serde::{Deserialize, Serialize};

/// Calls `$m!` with every overlay, in legend order, with its label and what it shows.
macro_rules! overlays {
    ($($name:ident $label:literal $help:literal,)*) => {
        /// One overlay of the canvas.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Overlay {
            $(#[doc = concat!("The overlay the legend calls \"", $label, "\".")] $name,)*
        }

        impl Overlay {
            /// Every overlay, in legend order.
            pub const ALL: &[Self] = &[$(Self::$name),*];

            /// What the legend calls it.
            #[must_use]
            pub fn label(self) -> &'static str {
                match self {
                    $(Self::$name => $label,)*
                }
            }

            /// What it shows, with the formula it draws.
            #[must_use]
            pub fn help(self) -> &'static str {
                match self {
                    $(Self::$name => $help,)*
                }
            }
        }
    };
}

overlays! {
    Velocity "Velocity"
        "The agent's velocity, drawn as the distance covered in the velocity scale.",
    Desired "Desired velocity"
        "velocity + combined steering: what the behaviors together ask for.",
    Applied "Steering force (applied)"
        "After combination and truncation to max_force, before dividing by mass.",
    Behaviors "Behavior forces (weighted)"
        "Each behavior's force times its weight, in the behavior's colour.",
    Wander "Wander circle"
        "Circle centre = normalize(velocity) * circle_distance; the point on it = centre + displacement.",
    Radii "Slowing radius / panic distance"
        "Circles around the arrive and flee targets.",
    Prediction "Prediction point"
        "future = target.position + target.velocity * T (pursuit, evade).",
    Neighbors "Neighbour radius"
        "The largest flocking radius of the agent's group.",
    Trails "Trails"
        "The last seconds of each agent's path, fading.",
    Grid "Spatial grid"
        "The cells of the neighbour search: one cell per largest neighbour radius, rebuilt every tick.",
    Sensors "Sensors"
        "Feelers and their hits, the detection box, containment's probe, the closest approach collision avoidance predicts, the zone ahead that queuing watches.",
    Guides "Guides"
        "Path following's prediction, projection and point sought; formation slots, follow points, hiding spots, interpose points.",
    Flow "Flow field"
        "The direction of each cell of the scene's flow fields.",
    Navmesh "Navigation mesh"
        "Where a navigating agent's centre may go (the level shrunk by its group's radius), in triangles, and each agent's route ahead.",
    Ghosts "Baseline ghosts"
        "The pinned baseline's agents, translucent, run tick for tick beside the live ones (Compare › Pin baseline).",
    Names "Group names"
        "Each group's name above its agents, in the group's colour.",
}

/// A set of overlays: those that are on. Written as the list of its members.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct OverlaySet(u32);

impl OverlaySet {
    /// No overlay.
    pub const NONE: Self = Self(0);

    fn bit(overlay: Overlay) -> u32 {
        1 << (overlay as u32)
    }

    /// Whether `overlay` is on.
    #[must_use]
    pub fn contains(self, overlay: Overlay) -> bool {
        self.0 & Self::bit(overlay) != 0
    }

    /// Turns `overlay` on or off.
    pub fn set(&mut self, overlay: Overlay, on: bool) {
        if on {
            self.0 |= Self::bit(overlay);
        } else {
            self.0 &= !Self::bit(overlay);
        }
    }

    /// The overlays that are on, in legend order.
    pub fn iter(self) -> impl Iterator<Item = Overlay> {
        Overlay::ALL
            .iter()
            .copied()
            .filter(move |&o| self.contains(o))
    }
}

impl FromIterator<Overlay> for OverlaySet {
    fn from_iter<I: IntoIterator<Item = Overlay>>(iter: I) -> Self {
        let mut set = Self::NONE;
        for overlay in iter {
            set.set(overlay, true);
        }
        set
    }
}

impl std::fmt::Debug for OverlaySet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for OverlaySet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for OverlaySet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Overlay>::deserialize(d)?.into_iter().collect())
    }
}

/// Whom the overlays are drawn for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scope {
    /// The selected agent only.
    #[default]
    Selected,
    /// Every agent.
    All,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_written_as_its_list_and_read_back() {
        let set: OverlaySet = [Overlay::Trails, Overlay::Velocity].into_iter().collect();
        assert!(set.contains(Overlay::Velocity) && !set.contains(Overlay::Applied));
        let text = ron::to_string(&set).expect("writes");
        assert_eq!(text, "[Velocity,Trails]");
        assert_eq!(ron::from_str::<OverlaySet>(&text).expect("reads"), set);
        assert_eq!(Overlay::ALL.len(), 16);
        let mut all: OverlaySet = Overlay::ALL.iter().copied().collect();
        all.set(Overlay::Grid, false);
        assert_eq!(all.iter().count(), 15);
    }
}
