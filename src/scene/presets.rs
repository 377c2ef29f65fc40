//! The presets shipped with steerlab, one per demo of the source documents, embedded in the
//! binary so the app works from any directory.

/// One built-in preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// File name under `presets/`.
    pub file: &'static str,
    /// The RON text.
    pub text: &'static str,
}

macro_rules! presets {
    ($($file:literal),* $(,)?) => {
        /// Every built-in preset, in menu order.
        pub const ALL: &[Preset] = &[
            $(Preset { file: $file, text: include_str!(concat!("../../presets/", $file)) },)*
        ];
    };
}

presets!(
    "seek.ron",
    "flee.ron",
    "arrive_slowing.ron",
    "arrive_deceleration.ron",
    "wander_circle.ron",
    "wander_target.ron",
    "wander_respawn.ron",
    "pursuit.ron",
    "evade.ron",
    "seek_pointer_flee_center.ron",
    "hunter_and_prey.ron",
    "boids.ron",
    "path_following.ron",
    "path_patrol.ron",
    "walls.ron",
    "containment.ron",
    "obstacle_forms.ron",
    "formation.ron",
    "leader_following.ron",
    "interpose_hide.ron",
    "crossing.ron",
    "flow_field.ron",
    "jitter_controls.ron",
    "queue.ron",
);

/// The scene the editor opens with: the boids flock.
pub const DEFAULT: Preset = Preset {
    file: "boids.ron",
    text: include_str!("../../presets/boids.ron"),
};

/// The built-in preset with this file name.
#[must_use]
pub fn find(file: &str) -> Option<Preset> {
    ALL.iter().copied().find(|p| p.file == file)
}
