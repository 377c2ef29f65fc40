//! Which overlays the canvas draws, for which agents, and at what scale. The editor's overlay
//! panel edits these toggles; the canvas, the presentation legend and `steerlab render` read
//! them.

/// Which agents the overlays are drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Scope {
    /// Only the selected agent.
    Selected,
    /// Every agent.
    All,
}

/// The overlay toggles. Each one is a checkbox with its colour in the legend.
#[allow(clippy::struct_excessive_bools)] // Independent on/off switches, one per overlay.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Overlays {
    /// Which agents.
    pub scope: Scope,
    /// Velocity vector.
    pub velocity: bool,
    /// Desired velocity (velocity + combined steering).
    pub desired: bool,
    /// Applied steering force.
    pub applied: bool,
    /// Each behavior's weighted force.
    pub behaviors: bool,
    /// Wander circle, displacement and target point.
    pub wander: bool,
    /// Slowing radius and panic distance circles.
    pub radii: bool,
    /// Pursuit/evade prediction points.
    pub prediction: bool,
    /// Neighbour radius.
    pub neighbors: bool,
    /// Fading trails.
    pub trails: bool,
    /// The spatial grid of the neighbour search.
    pub grid: bool,
    /// What the agents sense: feelers, the detection box, containment's probe, the closest
    /// approach collision avoidance predicts, the zone ahead that queuing watches.
    pub sensors: bool,
    /// Where the agents are headed: path following's prediction, projection and point sought,
    /// formation slots, follow points, hiding spots, interpose points.
    pub guides: bool,
    /// The flow fields' directions.
    pub flow: bool,
    /// The pinned baseline's agents, translucent, when there is a baseline.
    pub ghosts: bool,
    /// Seconds of motion a velocity vector spans on screen.
    pub velocity_scale_secs: f32,
    /// Screen length of a force, in seconds² per mass (a force F draws as F · this).
    pub force_scale: f32,
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            scope: Scope::Selected,
            velocity: true,
            desired: false,
            applied: true,
            behaviors: true,
            wander: true,
            radii: true,
            prediction: true,
            neighbors: false,
            trails: true,
            grid: false,
            sensors: true,
            guides: true,
            flow: true,
            ghosts: true,
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
            velocity: true,
            desired: true,
            applied: true,
            behaviors: true,
            wander: true,
            radii: true,
            prediction: true,
            neighbors: true,
            trails: true,
            grid: true,
            sensors: true,
            guides: true,
            flow: true,
            ..Self::default()
        }
    }
}
