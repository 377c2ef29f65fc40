//! The per-agent side tables that only some scenes need, sized each tick for the spec: the
//! overlay details of the behaviors beyond the tutorials, formation ranks, and the heading
//! history that heading smoothing averages.

use glam::Vec2;

use super::World;
use crate::sim::debug::Detail;
use crate::sim::math::direction_or;
use crate::sim::motion::mean_heading;
use crate::sim::params::{Group, OffsetPursuit, Slot, Target};

impl World {
    /// Sizes the per-agent side tables for this tick's spec: the details when some group uses
    /// a behavior that records one, the ranks when some group keeps a formation, the heading
    /// history when some group smooths headings.
    pub(super) fn prepare_side_tables(&mut self) {
        let groups = &self.spec.groups;
        let n = self.agents.len();
        let uses_detail = groups.iter().any(Group::traces);
        if uses_detail {
            self.details.resize(n, Detail::default());
        } else {
            self.details.clear();
        }
        let stride = groups
            .iter()
            .filter_map(|g| g.heading_smoothing)
            .max()
            .map_or(0, |s| s as usize);
        if stride != self.smoothing_stride {
            self.smoothing_stride = stride;
            self.heading_history.clear();
        }
        self.heading_history.resize(n * stride, Vec2::ZERO);
        self.rank_followers();
    }

    /// Each agent's rank among the followers of its group's formation (agents of the group in
    /// id order, the leader left out when it is of the group), and each group's count.
    pub(super) fn rank_followers(&mut self) {
        fn formation(g: &Group) -> Option<&OffsetPursuit> {
            g.offset_pursuit
                .as_ref()
                .filter(|b| b.enabled && !matches!(b.slot, Slot::Offset(_)))
        }
        let groups = &self.spec.groups;

        if !groups.iter().any(|g| formation(g).is_some()) {
            self.ranks.clear();
            self.followers.clear();
            return;
        }
        let leaders: Vec<Option<u32>> = groups
            .iter()
            .map(|g| match formation(g).map(|b| &b.target) {
                Some(Target::Agent(id)) => Some(*id),
                _ => None,
            })
            .collect();
        self.followers = vec![0; groups.len()];
        self.ranks.clear();
        for agent in &self.agents {
            let g = usize::from(agent.group);
            let is_leader = leaders.get(g).copied().flatten() == Some(agent.id);
            match self.followers.get_mut(g) {
                Some(count) if !is_leader => {
                    self.ranks.push(*count);
                    *count += 1;
                }
                _ => self.ranks.push(0),
            }
        }
    }

    /// The smoothed headings of this tick (Buckland's smoother), into the records.
    pub(super) fn smooth_headings(&mut self) {
        let stride = self.smoothing_stride;
        if stride == 0 {
            return;
        }
        let slot_of = |n: usize, tick: u64| {
            // `n` is at most MAX_HEADING_SMOOTHING.
            #[allow(clippy::cast_possible_truncation)]
            let slot = (tick % n as u64) as usize;
            slot
        };
        for (i, (agent, record)) in self
            .agents
            .iter()
            .zip(self.records.debug_mut().iter_mut())
            .enumerate()
        {
            let Some(n) = self
                .spec
                .groups
                .get(usize::from(agent.group))
                .and_then(|g| g.heading_smoothing)
                .map(|n| (n as usize).clamp(1, stride))
            else {
                continue;
            };
            let Some(history) = self.heading_history.get_mut(i * stride..i * stride + n) else {
                continue;
            };
            let heading = agent.heading();
            history[slot_of(n, self.tick)] = heading;
            record.smoothed_heading = Some(direction_or(mean_heading(history), heading));
        }
    }
}
