//! The baseline: a pinned scene that runs beside the live one, tick for tick, from the same
//! state, so that a change can be judged against what it changed. The canvas draws it as
//! ghosts, the plots overlay its numbers and the metrics panel sets its metrics beside the live
//! ones. No egui.

use crate::scene::Scene;
use crate::sim::World;
use crate::sim::observe::metrics::Recorder;
use crate::view::history::History;

/// The pinned scene and its run.
#[derive(Debug)]
pub struct Baseline {
    /// The scene as pinned (never edited).
    pub scene: Scene,
    /// Its world, stepped with the live one.
    pub world: World,
    /// What it is, for the legend and the panels ("pinned at tick 240", "saved file").
    pub label: String,
    /// The selected agent's history in the baseline run, for the plots.
    pub history: History,
    /// Its metrics so far.
    pub recorder: Recorder,
}

impl Baseline {
    /// A baseline of `scene` that starts from `world` as it is now (a copy of the live world,
    /// so both runs share their past) with the live run's metrics so far.
    #[must_use]
    pub fn pinned(scene: Scene, world: World, recorder: Recorder, label: String) -> Self {
        Self {
            scene,
            world,
            label,
            history: History::default(),
            recorder,
        }
    }

    /// Rebuilds its world from its scene (a restart): from the seed and the start.
    pub fn restart(&mut self) {
        if let Ok(mut world) = self.scene.build_world() {
            world.keep_details(true);
            self.recorder = Recorder::new(&world);
            self.world = world;
            self.history.clear();
        }
    }
}
