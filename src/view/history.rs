//! The recent history of the selected agent and its group, sampled after every tick from what
//! the core recorded: what the plots show, in the editor and in a take. Plain data (no egui).

use std::collections::VecDeque;

use crate::sim::{BehaviorKind, World};

/// Seconds of history kept.
pub const HISTORY_SECS: f64 = 10.0;

/// One tick's numbers.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Simulated time, seconds.
    pub time_secs: f64,
    /// The agent's speed (u/s).
    pub speed: f32,
    /// Its group's `max_speed`.
    pub max_speed: f32,
    /// The applied steering force's magnitude.
    pub force: f32,
    /// Its group's `max_force`.
    pub max_force: f32,
    /// Each behavior's weighted force magnitude, by [`BehaviorKind::index`].
    pub behaviors: [f32; BehaviorKind::COUNT],
    /// `|mean of unit velocities|` of the agent's group (1 = all aligned).
    pub polarization: f32,
    /// Mean distance to the neighbours within the flocking radius, over the group.
    pub mean_neighbor_distance: Option<f32>,
}

/// The recent history of one agent and its group.
#[derive(Debug, Default)]
pub struct History {
    agent: Option<u32>,
    samples: VecDeque<Sample>,
}

impl History {
    /// The agent recorded, if any.
    #[must_use]
    pub fn agent(&self) -> Option<u32> {
        self.agent
    }

    /// The samples, oldest first.
    #[must_use]
    pub fn samples(&self) -> &VecDeque<Sample> {
        &self.samples
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.samples.clear();
    }

    /// Records the state after a tick for agent `id`.
    pub fn record(&mut self, world: &World, id: Option<u32>) {
        if id != self.agent {
            self.agent = id;
            self.samples.clear();
        }
        let Some(i) = id.and_then(|id| world.index_of(id)) else {
            return;
        };
        let (Some(agent), Some(record)) = (world.agents().get(i), world.record(i)) else {
            return;
        };
        let Some(group) = world.spec().groups.get(usize::from(agent.group)) else {
            return;
        };
        // Polarization: |mean of unit velocities| of the agent's group (1 = all aligned).
        let mut heading_sum = glam::Vec2::ZERO;
        let mut members = 0_u32;
        let mut neighbor_count = 0_u64;
        let mut neighbor_distance = 0.0_f64;
        for (a, r) in world.agents().iter().zip(world.records()) {
            if a.group == agent.group {
                heading_sum += a.velocity.normalize_or_zero();
                members += 1;
                neighbor_count += u64::from(r.neighbors);
                neighbor_distance += f64::from(r.neighbor_distance_sum);
            }
        }
        let mut behaviors = [0.0; BehaviorKind::COUNT];
        for kind in BehaviorKind::ALL {
            behaviors[kind.index()] = record.force(kind).length();
        }
        let polarization = if members > 0 {
            heading_sum.length() / members as f32
        } else {
            0.0
        };
        // A mean distance in world units: f32 is its precision everywhere else.
        #[allow(clippy::cast_possible_truncation)]
        let mean_neighbor_distance =
            (neighbor_count > 0).then(|| (neighbor_distance / neighbor_count as f64) as f32);
        self.samples.push_back(Sample {
            time_secs: world.time_secs(),
            speed: agent.velocity.length(),
            max_speed: group.max_speed,
            force: record.applied.length(),
            max_force: group.max_force,
            behaviors,
            polarization,
            mean_neighbor_distance,
        });
        while self
            .samples
            .front()
            .is_some_and(|s| world.time_secs() - s.time_secs > HISTORY_SECS)
        {
            self.samples.pop_front();
        }
    }
}
