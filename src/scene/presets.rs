//! The presets shipped with steerlab, one per demo of the source documents, embedded in the
//! binary so the app works from any directory.

/// One built-in preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// File name under `presets/`.
    pub file: &'static str,
    /// The RON text.
    pub text: &'static str,
    /// Where the Presets menu lists it.
    pub shelf: Shelf,
}

/// The Presets menu's groups, in menu order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelf {
    /// The demos of the steering tutorials, and the flock.
    Tutorials,
    /// What games use beyond the tutorials: paths, walls, obstacles, formations, flow fields,
    /// queuing, hiding.
    BeyondTutorials,
    /// Crowds, each with ORCA and with steering's own avoidance, on open ground and in levels.
    Crowds,
}

impl Shelf {
    /// Every shelf, in menu order.
    pub const ALL: [Self; 3] = [Self::Tutorials, Self::BeyondTutorials, Self::Crowds];

    /// Its name in the menu.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Tutorials => "Tutorials",
            Self::BeyondTutorials => "Beyond the tutorials",
            Self::Crowds => "Crowds",
        }
    }

    /// Its presets, in menu order.
    pub fn presets(self) -> impl Iterator<Item = Preset> {
        ALL.iter().copied().filter(move |p| p.shelf == self)
    }
}

macro_rules! presets {
    ($($shelf:ident: $($file:literal),* ;)*) => {
        /// Every built-in preset, in menu order.
        pub const ALL: &[Preset] = &[
            $($(Preset {
                file: $file,
                text: include_str!(concat!("../../presets/", $file)),
                shelf: Shelf::$shelf,
            },)*)*
        ];
    };
}

presets!(
    Tutorials:
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
    "boids.ron";
    BeyondTutorials:
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
    "queue.ron";
    Crowds:
    "orca_circle.ron",
    "steer_circle.ron",
    "navigate_level.ron",
    "navigate_level_steer.ron",
    "blocks_orca.ron",
    "blocks_steer.ron",
    "rooms_orca.ron",
    "rooms_steer.ron",
    "corridor_orca.ron",
    "corridor_steer.ron";
);

/// The scene the editor opens with: the boids flock.
pub const DEFAULT: Preset = Preset {
    file: "boids.ron",
    text: include_str!("../../presets/boids.ron"),
    shelf: Shelf::Tutorials,
};

/// The built-in preset with this file name.
#[must_use]
pub fn find(file: &str) -> Option<Preset> {
    ALL.iter().copied().find(|p| p.file == file)
}

/// The built-in preset a command line names: by its file name (`boids.ron`) or by its name
/// alone (`boids`).
#[must_use]
pub fn named(name: &str) -> Option<Preset> {
    find(name).or_else(|| {
        ALL.iter()
            .copied()
            .find(|p| p.file.strip_suffix(".ron") == Some(name))
    })
}

/// The built-in preset whose name is nearest to `name` (a typo of one, or its name with
/// another extension), if one is near enough to suggest.
#[must_use]
pub fn nearest(name: &str) -> Option<Preset> {
    let stem = name.strip_suffix(".ron").unwrap_or(name);
    ALL.iter()
        .copied()
        .map(|p| {
            let preset = p.file.strip_suffix(".ron").unwrap_or(p.file);
            (strsim::damerau_levenshtein(stem, preset), p)
        })
        .filter(|&(d, p)| d <= 2.max(p.file.len() / 4))
        .min_by_key(|&(d, _)| d)
        .map(|(_, p)| p)
}
