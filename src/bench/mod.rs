//! `steerlab bench`: simulation speed on a standard flocking scene, printed as figures.
//!
//! The scene: one flock with separation (radius 10), alignment and cohesion (radius 20), wander
//! and a weak seek of the centre, spread uniformly over a wrapping square world whose size is
//! chosen for a density of `20 / (π · 20²)` agents per square unit, so each agent has about 20
//! neighbours within the radius of 20 (the measured mean is printed as `mean_neighbors`).

use std::time::Instant;

use crate::sim::{NeighborSearch, World, WorldSpec};

mod canvas;
mod common;
mod host;
mod scenes;

pub use common::BenchError;
use common::json_string;
pub use scenes::{NEIGHBOR_RADIUS, TARGET_NEIGHBORS, bench_spec, scaled_spec};

pub use canvas::FrameResult;
#[cfg(feature = "view")]
pub use canvas::run_frame;
pub use host::{HostResult, run_host};

/// The figures of one run.
#[derive(Clone, Debug)]
pub struct BenchResult {
    /// Agents simulated.
    pub agents: usize,
    /// Ticks timed.
    pub steps: u64,
    /// Threads of the force pass (0 = all cores).
    pub threads: usize,
    /// Naive O(N²) neighbour search instead of the grid.
    pub naive: bool,
    /// The metrics recorder observed every tick (timed with it).
    pub metrics: bool,
    /// Mean number of neighbours within the neighbour radius, over the timed ticks.
    pub mean_neighbors: f64,
    /// Milliseconds per tick.
    pub ms_per_step: f64,
    /// Of those, the metrics recorder's observation (when `metrics`).
    pub metrics_ms_per_step: Option<f64>,
    /// Agents × ticks per second.
    pub agent_steps_per_sec: f64,
    /// Bytes of simulation state per agent (`Agent`).
    pub state_bytes_per_agent: usize,
    /// Bytes of the per-tick debug record per agent: its `AgentDebug` and one force per
    /// behavior some group uses.
    pub record_bytes_per_agent: usize,
    /// Peak resident memory of the process, MiB (Linux; 0 elsewhere).
    pub peak_rss_mib: f64,
    /// Nanoseconds for one value to pass from one thread to another and back, measured just
    /// before the timed ticks and just after them, when the ticks run over several threads
    /// (see [`round_trip_ns`]; `None` otherwise, or when it could not be measured).
    pub round_trip_ns: Option<[f64; 2]>,
}

impl BenchResult {
    /// One JSON object on one line; `scene` names the scene timed (none: the standard flock).
    #[must_use]
    pub fn to_json(&self, scene: Option<&str>) -> String {
        let scene = scene.map_or_else(|| "null".to_owned(), json_string);
        format!(
            concat!(
                "{{\"scene\":{},\"agents\":{},\"steps\":{},\"threads\":{},\"naive\":{},\"metrics\":{},",
                "\"mean_neighbors\":{:.2},\"ms_per_step\":{:.4},\"metrics_ms_per_step\":{},",
                "\"agent_steps_per_sec\":{:.0},",
                "\"state_bytes_per_agent\":{},\"record_bytes_per_agent\":{},",
                "\"peak_rss_mib\":{:.1},\"round_trip_ns\":{}}}"
            ),
            scene,
            self.agents,
            self.steps,
            self.threads,
            self.naive,
            self.metrics,
            self.mean_neighbors,
            self.ms_per_step,
            self.metrics_ms_per_step
                .map_or_else(|| "null".to_owned(), |ms| format!("{ms:.4}")),
            self.agent_steps_per_sec,
            self.state_bytes_per_agent,
            self.record_bytes_per_agent,
            self.peak_rss_mib,
            self.round_trip_ns.map_or_else(
                || "null".to_owned(),
                |[before, after]| format!("[{before:.0},{after:.0}]")
            )
        )
    }
}

/// How a simulation benchmark runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct BenchOptions {
    /// Threads of the force pass (0 = all cores).
    pub threads: usize,
    /// The naive O(N²) neighbour search instead of the grid.
    pub naive: bool,
    /// A metrics recorder observes every tick, timed with it.
    pub metrics: bool,
}

/// Builds the world of `spec`, runs 5 untimed ticks, then times `steps` ticks (each with the
/// metrics recorder's observation when `options.metrics`).
pub fn run(spec: WorldSpec, steps: u64, options: BenchOptions) -> Result<BenchResult, BenchError> {
    let BenchOptions {
        threads,
        naive,
        metrics,
    } = options;
    let mut world = World::new(spec).map_err(BenchError::Scene)?;
    world.set_threads(threads).map_err(BenchError::Threads)?;
    if naive {
        world.set_neighbor_search(NeighborSearch::Naive);
    }
    world.step_n(5);
    let round_trip_before = world.runs_in_parallel().then(round_trip_ns).flatten();
    let mut recorder = metrics.then(|| crate::sim::observe::metrics::Recorder::new(&world));
    let mut neighbor_total = 0_u64;
    // Only the ticks (and the recorder's observation) are timed; counting the neighbours
    // after each is bookkeeping.
    let (mut secs, mut observing) = (0.0, 0.0);
    for _ in 0..steps {
        let start = Instant::now();
        // The recorder observes in the tick's own hand-over to the threads, as the editor's
        // does.
        let observed = world.step_then(|world| {
            recorder.as_mut().map(|recorder| {
                let stepped = Instant::now();
                recorder.observe(world);
                stepped.elapsed().as_secs_f64()
            })
        });
        observing += observed.unwrap_or(0.0);
        secs += start.elapsed().as_secs_f64();
        neighbor_total += world
            .records()
            .iter()
            .map(|r| u64::from(r.neighbors))
            .sum::<u64>();
    }
    let secs = secs.max(1e-9);
    let round_trip_ns = round_trip_before.and_then(|before| Some([before, round_trip_ns()?]));
    let n = world.agents().len();
    let agent_steps = n as f64 * steps as f64;
    Ok(BenchResult {
        agents: n,
        steps,
        threads,
        naive,
        metrics,
        mean_neighbors: if agent_steps > 0.0 {
            neighbor_total as f64 / agent_steps
        } else {
            0.0
        },
        ms_per_step: secs * 1000.0 / steps.max(1) as f64,
        metrics_ms_per_step: metrics.then(|| observing * 1000.0 / steps.max(1) as f64),
        agent_steps_per_sec: agent_steps / secs,
        state_bytes_per_agent: std::mem::size_of::<crate::sim::Agent>(),
        record_bytes_per_agent: world.record_bytes_per_agent(),
        peak_rss_mib: peak_rss_mib(),
        round_trip_ns,
    })
}

/// The mean time, in nanoseconds, for a value written by one thread to be seen by another and
/// its answer to come back: this thread and one it starts take turns on one atomic value,
/// 20,000 times after a first turn that is not timed. On a machine of two cores those are the
/// two cores the tick's threads run on, and it is the price of every piece of data one of them
/// writes and the other reads, which a virtual machine's host can change from one run to the
/// next (where it places the two cores: measured from 45 to 480 ns on one machine within
/// minutes); so it is printed beside the timings it explains. On more cores it says only how
/// far apart these two threads happened to be. `None` on a machine of one core, when no thread
/// could be started, or when the turns took more than a tenth of a second in all: the two
/// threads could not run at once (a busy machine).
#[must_use]
pub fn round_trip_ns() -> Option<f64> {
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::time::Duration;
    const TRIPS: u32 = 20_000;
    const STOP: u32 = u32::MAX;
    const LIMIT: Duration = Duration::from_millis(100);
    if std::thread::available_parallelism().map_or(1, std::num::NonZero::get) < 2 {
        return None;
    }
    // Turn k: this thread writes 2k + 1, the other answers 2k + 2.
    let turn = AtomicU32::new(0);
    // Waits for `value` in `turn`: false when it reads STOP instead, or (with a deadline) once
    // the deadline has passed.
    let wait_for = |value: u32, deadline: Option<Instant>| {
        let mut spins = 0_u32;
        loop {
            match turn.load(Ordering::Acquire) {
                v if v == value => return true,
                STOP => return false,
                _ => {}
            }
            spins = spins.wrapping_add(1);
            if spins.is_multiple_of(1024) && deadline.is_some_and(|d| Instant::now() > d) {
                return false;
            }
            std::hint::spin_loop();
        }
    };
    std::thread::scope(|scope| {
        let answers = std::thread::Builder::new().spawn_scoped(scope, || {
            for k in 0..=TRIPS {
                // A STOP written meanwhile is kept: the answer fails and the thread ends.
                let answered = wait_for(2 * k + 1, None)
                    && turn
                        .compare_exchange(2 * k + 1, 2 * k + 2, Ordering::AcqRel, Ordering::Acquire)
                        .is_ok();
                if !answered {
                    return;
                }
            }
        });
        if answers.is_err() {
            return None;
        }
        let take = |k: u32, deadline: Instant| {
            turn.store(2 * k + 1, Ordering::Release);
            wait_for(2 * k + 2, Some(deadline))
        };
        // The first turn waits for the other thread to start: not timed.
        let first = take(0, Instant::now() + LIMIT);
        let start = Instant::now();
        let all = first && (1..=TRIPS).all(|k| take(k, start + LIMIT));
        let elapsed = start.elapsed();
        turn.store(STOP, Ordering::Release);
        (all && elapsed <= LIMIT).then(|| elapsed.as_secs_f64() * 1e9 / f64::from(TRIPS))
    })
}

/// `VmHWM` of /proc/self/status, in MiB.
fn peak_rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// The host benchmark's game, fed the world's own population and moved as the world moves
    /// its agents, ends on the world's bits, including a queue's late spawns; its figures are
    /// times.
    #[test]
    fn the_host_benchmark_keeps_the_worlds_bits() {
        let queue = crate::scene::presets::find("queue.ron").expect("preset");
        let scene = crate::scene::from_str(queue.text, queue.file).expect("valid");
        for spec in [bench_spec(600), scene.scene().world_spec()] {
            let r = run_host(&spec, 30, 1).expect("runs");
            assert!(r.same_bits, "{}", r.to_json(None));
            assert!(r.world_ms_per_step > 0.0 && r.host_ms_per_step > 0.0);
            assert!((r.ratio - r.host_ms_per_step / r.world_ms_per_step).abs() < 1e-9);
        }
    }

    /// The threads' round trip ends on a machine whose every core is busy (where the two
    /// threads can seldom run at once), with no figure or a positive one: it gives up after a
    /// tenth of a second of turns rather than wait for them.
    #[test]
    fn the_round_trip_ends_on_a_busy_machine() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let done = AtomicBool::new(false);
        let (trip, took) = std::thread::scope(|scope| {
            for _ in 0..2 * cores {
                scope.spawn(|| {
                    while !done.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                });
            }
            let start = Instant::now();
            let trip = round_trip_ns();
            let took = start.elapsed();
            done.store(true, Ordering::Relaxed);
            (trip, took)
        });
        assert!(trip.is_none_or(|ns| ns.is_finite() && ns > 0.0), "{trip:?}");
        // Two tenths of a second at most by design (the first turn and the timed ones); ten
        // seconds leave room for a slow machine, and a wait for every turn would take minutes.
        assert!(took.as_secs_f64() < 10.0, "{took:?}");
    }

    #[test]
    fn json_strings_escape_quotes_backslashes_and_control_characters() {
        assert_eq!(json_string("boids.ron"), "\"boids.ron\"");
        assert_eq!(json_string("a\"b\\c\nd"), "\"a\\\"b\\\\c\\u000ad\"");
    }

    #[test]
    fn a_scaled_scene_keeps_its_density() {
        let scene = crate::scene::from_str(
            crate::scene::presets::find("hunter_and_prey.ron")
                .map(|p| p.text)
                .unwrap_or_default(),
            "h.ron",
        )
        .expect("valid");
        let spec = scene.scene().world_spec();
        // 2 hunters and 12 prey in 1200 x 800, scaled to 1,400 agents: a factor of 100, so
        // 200 and 1,200 in 12,000 x 8,000.
        let scaled = scaled_spec(&spec, 1400);
        let counts: Vec<u32> = scaled.groups.iter().map(|g| g.count).collect();
        assert_eq!(counts, vec![200, 1200]);
        assert_eq!(scaled.size, Vec2::new(12_000.0, 8_000.0));
        let flock = bench_spec(250_000);
        let counts: Vec<u32> = flock.groups.iter().map(|g| g.count).collect();
        assert_eq!(counts, vec![100_000, 100_000, 50_000]);
    }
}
