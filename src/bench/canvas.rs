//! `steerlab bench --frame`: the time to build one editor canvas frame (the egui pass and
//! tessellation, no GPU).

use std::time::Instant;

use super::common::BenchError;
use super::scenes::bench_spec;
use crate::sim::World;

/// The figures of one `--frame` run.
#[derive(Clone, Debug)]
pub struct FrameResult {
    /// Agents drawn.
    pub agents: usize,
    /// Frames timed.
    pub frames: u64,
    /// Milliseconds per frame: the egui pass that builds the canvas plus tessellation.
    pub ms_per_frame: f64,
    /// Triangles tessellated per frame.
    pub triangles: usize,
    /// Agents drawn per second (agents × frames / seconds): the frame run's counterpart of
    /// agent-steps per second.
    pub agent_steps_per_sec: f64,
}

impl FrameResult {
    /// One JSON object on one line.
    #[must_use]
    pub fn to_json(&self) -> String {
        format!(
            concat!(
                "{{\"agents\":{},\"steps\":{},\"threads\":0,\"naive\":false,\"frame\":true,",
                "\"ms_per_frame\":{:.3},\"triangles\":{},\"agent_steps_per_sec\":{:.0}}}"
            ),
            self.agents, self.frames, self.ms_per_frame, self.triangles, self.agent_steps_per_sec
        )
    }
}

/// Times building one canvas frame of the bench flock (1920 × 1080, the whole world in view)
/// with velocity and applied-force overlays on every agent: the egui pass and tessellation,
/// no GPU. The world does not advance between frames.
#[cfg(feature = "view")]
pub fn run_frame(agents: u32, frames: u64) -> Result<FrameResult, BenchError> {
    use crate::view::headless::Headless;
    use crate::view::{
        CanvasInput, CanvasState, Overlay, Overlays, Scope, Trails, world_painting_ui,
    };

    let mut world = World::new(bench_spec(agents)).map_err(BenchError::Scene)?;
    world.step_n(5);
    // Velocity and steering-force arrows on every agent (the standard flock has no sensors,
    // guides, flow field or baseline).
    let overlays = Overlays {
        scope: Scope::All,
        shown: [
            Overlay::Velocity,
            Overlay::Applied,
            Overlay::Sensors,
            Overlay::Guides,
            Overlay::Flow,
            Overlay::Ghosts,
        ]
        .into_iter()
        .collect(),
        ..Overlays::default()
    };
    let trails = Trails::default();
    let mut headless = Headless::new(1920.0, 1080.0);
    let mut state = CanvasState::default();
    let mut frame = || {
        let input = CanvasInput {
            world: &world,
            overlays: &overlays,
            selected: None,
            trails: &trails,
            ghosts: None,
        };
        let mut frame = headless.run(|ui| {
            world_painting_ui(ui, &mut state, &input);
        });
        // Nothing is uploaded to a GPU here: say so, as epaint requires of a dropped delta.
        frame.textures.clear();
        frame.triangles()
    };
    // Two frames to settle fonts and the fitted view.
    frame();
    frame();
    let start = Instant::now();
    let mut triangles = 0;
    for _ in 0..frames {
        triangles = frame();
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let n = world.agents().len();
    Ok(FrameResult {
        agents: n,
        frames,
        ms_per_frame: secs * 1000.0 / frames.max(1) as f64,
        triangles,
        agent_steps_per_sec: n as f64 * frames as f64 / secs,
    })
}
