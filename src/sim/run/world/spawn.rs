//! Agents coming and going: the scene's spawning schedule followed ([`super::Spawns`]), and
//! agents added, inserted or removed by the host.

use glam::Vec2;

use super::World;
use super::schedule::Newcomer;
use crate::sim::steer::agent::Agent;
use crate::sim::steer::detail::Detail;

impl World {
    pub(super) fn spawn_initial(&mut self) {
        let newcomers = self.spawns.initial(&self.spec);
        self.admit_all(newcomers);
    }

    pub(super) fn spawn_due(&mut self) {
        let newcomers = self.spawns.due(&self.spec);
        self.admit_all(newcomers);
    }

    fn admit_all(&mut self, newcomers: Vec<Newcomer>) {
        for newcomer in newcomers {
            self.admit(&newcomer);
        }
    }

    /// Adds `newcomer` with the next id. Returns its id.
    pub(super) fn admit(&mut self, newcomer: &Newcomer) -> u32 {
        let id = self.push_agent(newcomer.group, newcomer.position, newcomer.velocity);
        if let (Some(angle), Some(agent)) = (newcomer.wander_angle_rad, self.agents.last_mut())
            && agent.id == id
        {
            agent.steering.wander_angle_rad = angle;
        }
        id
    }

    pub(super) fn push_agent(&mut self, group: usize, position: Vec2, velocity: Vec2) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.agents
            .push(self.fresh_agent(id, group, position, velocity));
        self.trees_current = false;
        self.records.push();
        self.resize_side_tables();
        id
    }

    /// A new agent of group `group` (stamina full, its random stream keyed by `id`).
    pub(super) fn fresh_agent(
        &self,
        id: u32,
        group: usize,
        position: Vec2,
        velocity: Vec2,
    ) -> Agent {
        let stamina = self
            .spec
            .groups
            .get(group)
            .and_then(|g| g.stamina.as_ref())
            .map_or(0.0, |s| s.max);
        let group_index = u16::try_from(group).unwrap_or(u16::MAX);
        Agent::new(id, group_index, position, velocity, self.spec.seed, stamina)
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
                self.trees_current = false;
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
                self.trees_current = false;
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
