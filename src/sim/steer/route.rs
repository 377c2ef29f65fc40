//! What an agent that navigates keeps between ticks: the route it planned across the level's
//! navigation mesh, where it is along it, and why there is none when there is none.

use glam::Vec2;

use crate::sim::model::navmesh::Unreachable;

/// A planned route: the points where it turns, from where the agent stood to its target.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Route {
    /// The turning points; the first is where the agent stood when it planned, the last the
    /// target (empty before the first plan and when the target cannot be reached).
    pub points: Vec<Vec2>,
    /// The index of the point the agent heads for.
    pub next: usize,
    /// Where the target was when the route was planned.
    pub goal: Vec2,
    /// Why the last plan found no route, if it found none.
    pub unreachable: Option<Unreachable>,
    /// Whether a plan was made (a route, or the reason there is none).
    pub planned: bool,
}

impl Route {
    /// The points still ahead: from the one the agent heads for to the end.
    #[must_use]
    pub fn ahead(&self) -> &[Vec2] {
        self.points.get(self.next..).unwrap_or(&[])
    }
}
