//! A scene's spawning schedule ([`Spawns`]): the placed agents and the groups' initial spawns,
//! then the spawn streams tick by tick. The world follows it, and so can a host that owns its
//! entities and wants the scene's own population.

use glam::Vec2;

use crate::sim::model::rng::WorldRng;
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::params::Spawn;

/// An agent a scene's spawning schedule brings in. The world gives the newcomers of a run the
/// ids 0, 1, 2, ... in the order the schedule lists them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Newcomer {
    /// Index of its group in the spec.
    pub group: usize,
    /// World units.
    pub position: Vec2,
    /// World units per second.
    pub velocity: Vec2,
    /// The circle wander's starting angle (radians), when the scene places it by hand with one.
    pub wander_angle_rad: Option<f32>,
}

/// One group's stream of newcomers: how many are still to come, and when the next does.
#[derive(Clone, Debug, Default)]
struct Stream {
    remaining: u32,
    timer_secs: f32,
}

/// A scene's spawning schedule: who comes in at the start ([`Spawns::initial`]) and on each
/// tick after ([`Spawns::due`]). Area spawns draw from the scene's seed, so the schedule is
/// the same on every run.
#[derive(Clone, Debug)]
pub struct Spawns {
    rng: WorldRng,
    streams: Vec<Stream>,
}

impl Spawns {
    /// The schedule of `spec`, before its start.
    #[must_use]
    pub fn new(spec: &WorldSpec) -> Self {
        Self {
            rng: WorldRng::new(spec.seed),
            streams: vec![Stream::default(); spec.groups.len()],
        }
    }

    /// The agents present at time 0: the placed agents in list order (those of a group the
    /// spec lacks left out), then each group's spawn in group order (the first of a stream).
    pub fn initial(&mut self, spec: &WorldSpec) -> Vec<Newcomer> {
        let mut out = Vec::new();
        for placed in &spec.agents {
            let Some(group) = spec.group_index(&placed.group) else {
                continue;
            };
            out.push(Newcomer {
                group,
                position: placed.position,
                velocity: placed.velocity,
                wander_angle_rad: placed.wander_angle_deg.map(f32::to_radians),
            });
        }
        for (g, group) in spec.groups.iter().enumerate() {
            let count = group.count;
            let mut push = |position, velocity| {
                out.push(Newcomer {
                    group: g,
                    position,
                    velocity,
                    wander_angle_rad: None,
                });
            };
            match group.spawn {
                Spawn::Area { min, max, speed } => {
                    for _ in 0..count {
                        let x = self.rng.next_f32();
                        let y = self.rng.next_f32();
                        let heading = self.rng.next_f32() * std::f32::consts::TAU;
                        let position = min + (max - min) * Vec2::new(x, y);
                        let velocity = Vec2::new(libm::cosf(heading), libm::sinf(heading)) * speed;
                        push(position, velocity);
                    }
                }
                Spawn::At { position, velocity } => {
                    for _ in 0..count {
                        push(position, velocity);
                    }
                }
                Spawn::Ring { center, radius } => {
                    for k in 0..count {
                        push(Spawn::ring_point(center, radius, k, count), Vec2::ZERO);
                    }
                }
                Spawn::Stream {
                    position, velocity, ..
                } => {
                    if count > 0 {
                        push(position, velocity);
                    }
                    if let Some(stream) = self.streams.get_mut(g) {
                        *stream = Stream {
                            remaining: count.saturating_sub(1),
                            timer_secs: 0.0,
                        };
                    }
                }
            }
        }
        out
    }

    /// The agents the spawn streams bring in at the start of the next tick (empty, and no
    /// allocation, when none is due).
    pub fn due(&mut self, spec: &WorldSpec) -> Vec<Newcomer> {
        let mut out = Vec::new();
        for (g, stream) in self.streams.iter_mut().enumerate() {
            if stream.remaining == 0 {
                continue;
            }
            let Some(&Spawn::Stream {
                position,
                velocity,
                interval_secs,
            }) = spec.groups.get(g).map(|group| &group.spawn)
            else {
                continue;
            };
            stream.timer_secs += spec.dt;
            while stream.remaining > 0 && stream.timer_secs >= interval_secs {
                stream.timer_secs -= interval_secs;
                stream.remaining -= 1;
                out.push(Newcomer {
                    group: g,
                    position,
                    velocity,
                    wander_angle_rad: None,
                });
            }
        }
        out
    }
}
