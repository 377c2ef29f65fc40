//! Agents coming and going: the placed agents and the groups' initial spawns, spawn queues,
//! and agents added, inserted or removed by the host.

use glam::Vec2;

use super::{Spawner, World};
use crate::sim::agent::Agent;
use crate::sim::debug::Detail;
use crate::sim::params::Spawn;

impl World {
    pub(super) fn spawn_initial(&mut self) {
        for k in 0..self.spec.agents.len() {
            let placed = self.spec.agents[k].clone();
            let Some(g) = self.spec.group_index(&placed.group) else {
                continue;
            };
            let id = self.push_agent(g, placed.position, placed.velocity);
            if let (Some(angle), Some(agent)) = (placed.wander_angle_deg, self.agents.last_mut())
                && agent.id == id
            {
                agent.steering.wander_angle_rad = angle.to_radians();
            }
        }
        for g in 0..self.spec.groups.len() {
            let group = &self.spec.groups[g];
            let count = group.count;
            match group.spawn.clone() {
                Spawn::Area { min, max, speed } => {
                    for _ in 0..count {
                        let x = self.rng.next_f32();
                        let y = self.rng.next_f32();
                        let heading = self.rng.next_f32() * std::f32::consts::TAU;
                        let position = min + (max - min) * Vec2::new(x, y);
                        let velocity = Vec2::new(libm::cosf(heading), libm::sinf(heading)) * speed;
                        self.push_agent(g, position, velocity);
                    }
                }
                Spawn::At { position, velocity } => {
                    for _ in 0..count {
                        self.push_agent(g, position, velocity);
                    }
                }
                Spawn::Queue {
                    position, velocity, ..
                } => {
                    if count > 0 {
                        self.push_agent(g, position, velocity);
                    }
                    self.spawners[g] = Spawner {
                        remaining: count.saturating_sub(1),
                        timer_secs: 0.0,
                    };
                }
            }
        }
    }

    pub(super) fn push_agent(&mut self, group: usize, position: Vec2, velocity: Vec2) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        let stamina = self.spec.groups[group]
            .stamina
            .as_ref()
            .map_or(0.0, |s| s.max);
        let group_index = u16::try_from(group).unwrap_or(u16::MAX);
        self.agents.push(Agent::new(
            id,
            group_index,
            position,
            velocity,
            self.spec.seed,
            stamina,
        ));
        self.records.push();
        self.resize_side_tables();
        id
    }

    pub(super) fn spawn_due(&mut self) {
        let dt = self.spec.dt;
        for g in 0..self.spawners.len() {
            let Some(Spawn::Queue {
                position,
                velocity,
                interval_secs,
            }) = self.spec.groups.get(g).map(|group| group.spawn.clone())
            else {
                continue;
            };
            if self.spawners[g].remaining == 0 {
                continue;
            }
            self.spawners[g].timer_secs += dt;
            while self.spawners[g].remaining > 0 && self.spawners[g].timer_secs >= interval_secs {
                self.spawners[g].timer_secs -= interval_secs;
                self.spawners[g].remaining -= 1;
                self.push_agent(g, position, velocity);
            }
        }
    }

    /// Adds an agent of group `group` (index) now. Returns its id, or `None` for no such group.
    pub fn add_agent(&mut self, group: usize, position: Vec2, velocity: Vec2) -> Option<u32> {
        (group < self.spec.groups.len()).then(|| self.push_agent(group, position, velocity))
    }

    /// Puts back an agent exactly as it was (undo of a removal, redo of an addition). Refused
    /// (`false`) when its id is taken or its group does not exist.
    pub fn insert_agent(&mut self, agent: Agent) -> bool {
        if usize::from(agent.group) >= self.spec.groups.len() || !agent.position.is_finite() {
            return false;
        }
        match self.agents.binary_search_by_key(&agent.id, |a| a.id) {
            Ok(_) => false,
            Err(at) => {
                self.next_id = self.next_id.max(agent.id.saturating_add(1));
                self.agents.insert(at, agent);
                self.records.insert(at);
                if !self.details.is_empty() {
                    self.details.insert(at, Detail::default());
                }
                let stride = self.smoothing_stride;
                if stride > 0 && self.heading_history.len() >= at * stride {
                    let zeros = std::iter::repeat_n(Vec2::ZERO, stride);
                    self.heading_history.splice(at * stride..at * stride, zeros);
                }
                true
            }
        }
    }

    /// Removes the agent with this id. Returns whether it existed.
    pub fn remove_agent(&mut self, id: u32) -> bool {
        match self.index_of(id) {
            Some(i) => {
                self.agents.remove(i);
                self.records.remove(i);
                if i < self.details.len() {
                    self.details.remove(i);
                }
                let stride = self.smoothing_stride;
                if stride > 0 && self.heading_history.len() >= (i + 1) * stride {
                    self.heading_history.drain(i * stride..(i + 1) * stride);
                }
                true
            }
            None => false,
        }
    }
}
