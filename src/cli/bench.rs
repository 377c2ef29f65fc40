//! `steerlab bench`: the run asked for on the command line, printed as a sentence or as JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use super::load::load_scene;

/// One `steerlab bench` run, as asked on the command line.
#[allow(clippy::struct_excessive_bools)] // Independent command-line switches.
pub(super) struct BenchRun {
    pub(super) agents: Option<u32>,
    pub(super) scene: Option<PathBuf>,
    pub(super) steps: u64,
    pub(super) threads: usize,
    pub(super) naive: bool,
    pub(super) metrics: bool,
    pub(super) frame: bool,
    pub(super) host: bool,
    pub(super) json: bool,
}

impl BenchRun {
    /// Runs the benchmark (the simulation, or with `frame` one canvas frame) and prints its
    /// figures as JSON or as a sentence.
    pub(super) fn run(self) -> ExitCode {
        let max = crate::sim::setup::check::MAX_TOTAL_COUNT;
        if let Some(agents) = self.agents
            && u64::from(agents) > max
        {
            eprintln!("steerlab bench: --agents must be at most {max}, got {agents}");
            return ExitCode::from(2);
        }
        let spec = match &self.scene {
            None => crate::bench::bench_spec(self.agents.unwrap_or(10_000)),
            Some(path) => match load_scene(path) {
                Ok(scene) => {
                    let spec = scene.scene().world_spec();
                    match self.agents {
                        Some(n) => crate::bench::scaled_spec(&spec, n),
                        None => spec,
                    }
                }
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(1);
                }
            },
        };
        let figures = if self.frame {
            bench_frame(self.agents.unwrap_or(10_000), self.steps)
        } else if self.host {
            let scene = self.scene.as_ref().map(|p| p.display().to_string());
            crate::bench::run_host(&spec, self.steps, self.threads)
                .map_err(|e| e.to_string())
                .map(|r| {
                    let sentence = format!(
                        "{} agents{}, {} threads: the world's tick {:.3} ms, the game's own \
                         entities' forces {:.3} ms ({:.3} of it handing over the motion and \
                         reading the forces): {:.3} times; {} bits",
                        r.agents,
                        scene
                            .as_deref()
                            .map_or(String::new(), |s| format!(" of {s}")),
                        r.threads,
                        r.world_ms_per_step,
                        r.host_ms_per_step,
                        r.exchange_ms_per_step,
                        r.ratio,
                        if r.same_bits {
                            "the same"
                        } else {
                            "NOT the same"
                        }
                    );
                    (r.to_json(scene.as_deref()), sentence)
                })
        } else {
            let scene = self.scene.as_ref().map(|p| p.display().to_string());
            let options = crate::bench::BenchOptions {
                threads: self.threads,
                naive: self.naive,
                metrics: self.metrics,
            };
            crate::bench::run(spec, self.steps, options)
                .map_err(|e| e.to_string())
                .map(|r| {
                    let sentence = format!(
                        "{} agents{}, {} threads{}{}: {:.3} ms per tick{}, {:.0} agent-steps/s, \
                         {:.1} neighbours on average, peak RSS {:.1} MiB{}",
                        r.agents,
                        scene
                            .as_deref()
                            .map_or(String::new(), |s| format!(" of {s}")),
                        r.threads,
                        if r.naive { ", naive search" } else { "" },
                        if r.metrics { ", metrics on" } else { "" },
                        r.ms_per_step,
                        r.metrics_ms_per_step
                            .map_or(String::new(), |ms| format!(" ({ms:.3} of it the metrics)")),
                        r.agent_steps_per_sec,
                        r.mean_neighbors,
                        r.peak_rss_mib,
                        r.round_trip_ns
                            .map_or(String::new(), |[before, after]| format!(
                                ", threads' round trip {before:.0} ns before, {after:.0} after"
                            ))
                    );
                    (r.to_json(scene.as_deref()), sentence)
                })
        };
        match figures {
            Ok((as_json, sentence)) => {
                sayln!("{}", if self.json { as_json } else { sentence });
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("steerlab bench: {e}");
                ExitCode::from(1)
            }
        }
    }
}

/// The canvas-frame benchmark's figures as (JSON, sentence).
#[cfg(feature = "view")]
fn bench_frame(agents: u32, frames: u64) -> Result<(String, String), String> {
    crate::bench::run_frame(agents, frames)
        .map(|r| {
            let sentence = format!(
                "{} agents: {:.3} ms per canvas frame ({} triangles), \
                 velocity and force overlays on all",
                r.agents, r.ms_per_frame, r.triangles
            );
            (r.to_json(), sentence)
        })
        .map_err(|e| e.to_string())
}

#[cfg(not(feature = "view"))]
fn bench_frame(_agents: u32, _frames: u64) -> Result<(String, String), String> {
    Err("--frame needs the view (built without the `view` feature)".to_owned())
}
