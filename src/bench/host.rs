//! `steerlab bench --host`: the forces of a game's own entities (a `Crowd`) against the
//! world's own tick for the same agents.

use std::time::Instant;

use glam::Vec2;

use super::common::{BenchError, json_string};
use crate::sim::{World, WorldSpec};

/// The figures of one `--host` run: the world's own tick against the forces of the same
/// agents as a game's own entities, in alternating blocks of ticks on one machine.
#[derive(Clone, Debug)]
pub struct HostResult {
    /// Agents (entities).
    pub agents: usize,
    /// Ticks timed on each side.
    pub steps: u64,
    /// Threads of the decision pass (0 = all cores), the same on both sides.
    pub threads: usize,
    /// The world's tick: the median over blocks of milliseconds per tick.
    pub world_ms_per_step: f64,
    /// The game's entities: handing over their motion, the crowd's steer and reading the
    /// forces back, median milliseconds per tick (the game's own motion not counted).
    pub host_ms_per_step: f64,
    /// Of those, handing over the motion and reading the forces.
    pub exchange_ms_per_step: f64,
    /// `host_ms_per_step / world_ms_per_step`.
    pub ratio: f64,
    /// Whether the game's entities ended where the world's agents did, bit for bit.
    pub same_bits: bool,
}

impl HostResult {
    /// One JSON object on one line; `scene` names the scene timed (none: the standard flock).
    #[must_use]
    pub fn to_json(&self, scene: Option<&str>) -> String {
        let scene = scene.map_or_else(|| "null".to_owned(), json_string);
        format!(
            concat!(
                "{{\"scene\":{},\"host\":true,\"agents\":{},\"steps\":{},\"threads\":{},",
                "\"world_ms_per_step\":{:.4},\"host_ms_per_step\":{:.4},",
                "\"exchange_ms_per_step\":{:.4},\"ratio\":{:.3},\"same_bits\":{}}}"
            ),
            scene,
            self.agents,
            self.steps,
            self.threads,
            self.world_ms_per_step,
            self.host_ms_per_step,
            self.exchange_ms_per_step,
            self.ratio,
            self.same_bits
        )
    }
}

/// Ticks per timed block of `run_host`: long enough to time, short enough to interleave.
const HOST_BLOCK: u64 = 10;

/// The median of `values` (0 for none).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => f64::midpoint(values[n / 2 - 1], values[n / 2]),
    }
}

/// The world of `spec` against the same agents as a game's own entities (a [`Crowd`] fed
/// from the game's arrays, which the game moves with [`crate::sim::moved`]), both on
/// `threads`: 5 untimed ticks each, then `steps` ticks each in alternating blocks of 10, the
/// world's tick against the game's hand-over, steer and read of the forces.
///
/// [`Crowd`]: crate::sim::Crowd
pub fn run_host(spec: &WorldSpec, steps: u64, threads: usize) -> Result<HostResult, BenchError> {
    let mut world = World::new(spec.clone()).map_err(BenchError::Scene)?;
    world.set_threads(threads).map_err(BenchError::Threads)?;
    let mut game = Game::new(spec, threads)?;
    for _ in 0..5 {
        world.step();
        game.tick(spec, None);
    }
    let (mut world_ms, mut host_ms, mut exchange_ms) = (Vec::new(), Vec::new(), Vec::new());
    let mut left = steps;
    while left > 0 {
        let block = left.min(HOST_BLOCK);
        left -= block;
        let start = Instant::now();
        for _ in 0..block {
            world.step();
        }
        world_ms.push(start.elapsed().as_secs_f64() * 1000.0 / block as f64);
        let mut times = [0.0; 2];
        for _ in 0..block {
            game.tick(spec, Some(&mut times));
        }
        host_ms.push(times[0] * 1000.0 / block as f64);
        exchange_ms.push(times[1] * 1000.0 / block as f64);
    }
    let same_bits = world.agents().len() == game.positions.len()
        && world
            .agents()
            .iter()
            .zip(game.positions.iter().zip(&game.velocities))
            .all(|(a, (p, v))| {
                (a.position.x.to_bits(), a.position.y.to_bits()) == (p.x.to_bits(), p.y.to_bits())
                    && (a.velocity.x.to_bits(), a.velocity.y.to_bits())
                        == (v.x.to_bits(), v.y.to_bits())
            });
    let (world_ms, host_ms) = (median(&mut world_ms), median(&mut host_ms));
    Ok(HostResult {
        agents: world.agents().len(),
        steps,
        threads,
        world_ms_per_step: world_ms,
        host_ms_per_step: host_ms,
        exchange_ms_per_step: median(&mut exchange_ms),
        ratio: host_ms / world_ms.max(1e-12),
        same_bits,
    })
}

/// The benchmark's game: its entities' motion in its own arrays, steered by a crowd.
struct Game {
    crowd: crate::sim::Crowd,
    spawns: crate::sim::Spawns,
    groups: Vec<usize>,
    positions: Vec<Vec2>,
    velocities: Vec<Vec2>,
    forces: Vec<Vec2>,
}

impl Game {
    fn new(spec: &WorldSpec, threads: usize) -> Result<Self, BenchError> {
        let mut crowd = crate::sim::Crowd::new(spec.clone()).map_err(BenchError::Scene)?;
        crowd.set_threads(threads).map_err(BenchError::Threads)?;
        let mut game = Self {
            crowd,
            spawns: crate::sim::Spawns::new(spec),
            groups: Vec::new(),
            positions: Vec::new(),
            velocities: Vec::new(),
            forces: Vec::new(),
        };
        let newcomers = game.spawns.initial(spec);
        game.take_in(&newcomers);
        Ok(game)
    }

    fn take_in(&mut self, newcomers: &[crate::sim::Newcomer]) {
        for n in newcomers {
            if self.crowd.admit(n).is_ok() {
                self.groups.push(n.group);
                self.positions.push(n.position);
                self.velocities.push(n.velocity);
            }
        }
    }

    /// One tick: newcomers, the hand-over, the steer, the forces read back (timed into
    /// `times`: [all of it, the hand-over and read alone]), then the game's own move.
    fn tick(&mut self, spec: &WorldSpec, times: Option<&mut [f64; 2]>) {
        let newcomers = self.spawns.due(spec);
        self.take_in(&newcomers);
        let start = Instant::now();
        // The game's arrays always hold one motion per entity.
        let _ = self.crowd.set_motions(&self.positions, &self.velocities);
        let handed = start.elapsed();
        self.crowd.steer();
        let steered = Instant::now();
        self.forces.clear();
        self.forces.extend(self.crowd.forces());
        if let Some(times) = times {
            times[0] += start.elapsed().as_secs_f64();
            times[1] += (handed + steered.elapsed()).as_secs_f64();
        }
        for (k, &force) in self.forces.iter().enumerate() {
            let Some(group) = spec.groups.get(self.groups[k]) else {
                continue;
            };
            let (p, v) =
                crate::sim::moved(spec, group, self.positions[k], self.velocities[k], force);
            self.positions[k] = p;
            self.velocities[k] = v;
        }
    }
}
