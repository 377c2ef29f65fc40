//! Where a target is for one agent: a point, the pointer, the click target, the centre, an
//! agent by id, or the nearest agent of a group (from that group's 2-d tree).

use glam::Vec2;

use super::{World, index_u32};
use crate::sim::steer::params::Target;

impl World {
    /// Where `target` is for the agent at index `i` now, and how fast it moves (the same
    /// resolution the behaviors use), if it exists.
    #[must_use]
    pub fn locate(&self, target: &Target, i: usize) -> Option<(Vec2, Vec2)> {
        if i >= self.agents.len() {
            return None;
        }
        self.resolve(target, i)
    }

    /// The index of the agent `target` names for the agent at index `i` (never `i`), if any.
    #[must_use]
    pub fn locate_agent(&self, target: &Target, i: usize) -> Option<usize> {
        if i >= self.agents.len() {
            return None;
        }
        self.resolve_agent(target, i)
    }

    /// Position and velocity of a target as seen by agent `i`, if it exists now.
    pub(super) fn resolve(&self, target: &Target, i: usize) -> Option<(Vec2, Vec2)> {
        match target {
            Target::Point(p) => Some((*p, Vec2::ZERO)),
            Target::Pointer => self.pointer.map(|p| (p, Vec2::ZERO)),
            Target::Click => Some((self.click, Vec2::ZERO)),
            Target::Center => Some((self.spec.size * 0.5, Vec2::ZERO)),
            Target::Opposite => {
                let home = self.agents.get(i)?.home;
                Some((self.spec.size - home, Vec2::ZERO))
            }
            Target::Agent(_) | Target::Nearest(_) => self
                .resolve_agent(target, i)
                .map(|j| (self.agents[j].position, self.agents[j].velocity)),
        }
    }

    /// The agent a target names, as seen by agent `i` (never `i` itself).
    pub(super) fn resolve_agent(&self, target: &Target, i: usize) -> Option<usize> {
        match target {
            Target::Agent(id) => self.index_of(*id).filter(|&j| j != i),
            Target::Nearest(name) => {
                let g = self.group_index(name)?;
                let at = self.agents.get(i)?.position;
                if self.trees_current {
                    let (j, _) = self.group_trees.get(g)?.nearest(at, index_u32(i))?;
                    return Some(j as usize);
                }
                // Agents came, went or moved since the tick built the trees (a host's or the
                // editor's change between ticks): the nearest by a walk over the agents, ties
                // to the lower index as in the trees.
                let mut best: Option<(f32, usize)> = None;
                for (j, agent) in self.agents.iter().enumerate() {
                    if j == i || usize::from(agent.group) != g {
                        continue;
                    }
                    let d2 = at.distance_squared(agent.position);
                    if best.is_none_or(|(b, _)| d2 < b) {
                        best = Some((d2, j));
                    }
                }
                best.map(|(_, j)| j)
            }
            _ => None,
        }
    }
}
