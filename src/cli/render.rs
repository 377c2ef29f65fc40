//! `steerlab render`: a take of a scene (or two compared) as frames, GIF, APNG or MP4.

use std::path::Path;
use std::process::ExitCode;

use super::{load_scene, out};
use crate::scene;
use crate::sim::World;
use crate::sim::model::text::escape_controls;

/// How long a take with no length given lasts, seconds (as a sheet's clip).
const DEFAULT_TAKE_SECONDS: f32 = 5.0;

/// A take's frames: `--frames`, else `--seconds` (5 s when neither) at `fps`.
pub(super) fn take_frames(
    frames: Option<u32>,
    seconds: Option<f32>,
    fps: u32,
) -> Result<u32, String> {
    if let Some(frames) = frames {
        return Ok(frames);
    }
    let seconds = seconds.unwrap_or(DEFAULT_TAKE_SECONDS);
    let longest = crate::render::MAX_TAKE_SECONDS;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= longest) {
        return Err(format!(
            "--seconds {seconds}: a take lasts more than 0 and at most {longest} s"
        ));
    }
    // At most 120 s at the largest frame rate a take accepts: far inside u32.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let frames = (f64::from(seconds) * f64::from(fps)).round().max(1.0) as u32;
    Ok(frames)
}

pub(super) fn render(
    path: &Path,
    (frames, fps, size): (u32, u32, [u32; 2]),
    out: &Path,
    (legend, caption): (bool, bool),
    compare: Option<(&Path, crate::render::Layout)>,
    plots: Option<(crate::render::PlotPlace, Option<u32>)>,
) -> ExitCode {
    use crate::render::{Control, Output, Take};
    if let Err(e) = out::RENDER.check(out) {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    let built = |path: &Path| -> Result<(scene::Scene, World), ExitCode> {
        let scene = load_scene(path).map_err(|e| {
            eprintln!("{e}");
            ExitCode::from(1)
        })?;
        let world = scene.new_world();
        Ok((scene.into_scene(), world))
    };
    let (scene, world) = match built(path) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let compare = match compare.map(|(base, layout)| built(base).map(|b| (b, layout))) {
        None => None,
        Some(Ok(((scene, world), layout))) => Some(crate::render::Compare {
            scene,
            world,
            layout,
        }),
        Some(Err(code)) => return code,
    };
    let presentation = crate::view::present::Presentation {
        size,
        legend,
        caption,
    };
    let take = Take {
        // The plots' agent: the one named, else the first (an agent that spawns later is
        // plotted from when it appears).
        selected: plots.map(|(_, agent)| {
            agent
                .or_else(|| world.agents().first().map(|a| a.id))
                .unwrap_or(0)
        }),
        compare,
        plots: plots.map(|(place, _)| place),
        ..Take::whole_world(fps, frames, presentation)
    };
    if let Err(e) = take.check(Some(scene.dt)) {
        eprintln!("steerlab render: {e}");
        return ExitCode::from(2);
    }
    if let Some(id) = take.selected.filter(|&id| world.index_of(id).is_none()) {
        let ids: Vec<u32> = world.agents().iter().map(|a| a.id).collect();
        let known = match (ids.iter().min(), ids.iter().max()) {
            (Some(lo), Some(hi)) => format!("the ids at the start are {lo} to {hi}"),
            _ => "no agent is there at the start".to_owned(),
        };
        eprintln!(
            "steerlab render: --agent {id}: no agent has that id at the start ({known}); its \
             plots begin if one spawns with it"
        );
    }
    let output = Output::from_path(out);
    match crate::render::render(world, &scene, &take, &output, &Control::default()) {
        Ok(n) => {
            eprintln!(
                "{}: {n} frames, {}x{}",
                escape_controls(&out.display().to_string()),
                size[0],
                size[1]
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}
