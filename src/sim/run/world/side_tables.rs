//! The per-agent side tables that only some scenes need, sized each tick for the spec: the
//! overlay details of the behaviors (when kept), formation ranks, and the heading history that
//! heading smoothing averages.

use glam::Vec2;

use super::World;
use crate::sim::model::math::direction_or;
use crate::sim::run::motion::mean_heading;
use crate::sim::steer::detail::Detail;
use crate::sim::steer::params::{Group, OffsetPursuit, Slot, Target};

impl World {
    /// Sizes the per-agent side tables for this tick's spec: the details when they are kept and
    /// some group uses a behavior that records one, the ranks when some group keeps a formation, the heading
    /// history when some group smooths headings.
    pub(super) fn prepare_side_tables(&mut self) {
        let groups = &self.spec.groups;
        let n = self.agents.len();
        let uses_detail = self.keep_details && groups.iter().any(Group::traces);
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

    /// The smoothed headings of this tick (Buckland's smoother), into the records: each
    /// agent's heading sampled into its history at this tick's slot.
    pub(super) fn smooth_headings(&mut self) {
        if self.smoothing_stride == 0 {
            return;
        }
        for i in 0..self.agents.len() {
            self.smooth_heading(i, Some(self.tick));
        }
    }

    /// Agent `i`'s smoothed heading into its record: with `sample`, its heading sampled into
    /// its history first, at the slot of tick `sample`; without, the mean of its history as it
    /// stands.
    pub(super) fn smooth_heading(&mut self, i: usize, sample: Option<u64>) {
        let stride = self.smoothing_stride;
        let Some(agent) = self.agents.get(i) else {
            return;
        };
        let Some(n) = self
            .spec
            .groups
            .get(usize::from(agent.group))
            .and_then(|g| g.heading_smoothing)
            .map(|n| (n as usize).clamp(1, stride))
        else {
            return;
        };
        let Some(history) = self.heading_history.get_mut(i * stride..i * stride + n) else {
            return;
        };
        let heading = agent.heading();
        if let Some(tick) = sample {
            // `n` is at most MAX_HEADING_SMOOTHING.
            #[allow(clippy::cast_possible_truncation)]
            let slot = (tick % n as u64) as usize;
            history[slot] = heading;
        }
        let smoothed = direction_or(mean_heading(history), heading);
        if let Some(record) = self.records.debug_mut().get_mut(i) {
            record.smoothed_heading = Some(smoothed);
        }
    }
}
