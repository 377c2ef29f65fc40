//! What an agent that navigates keeps between ticks: the route it planned across the level's
//! navigation mesh, and why there is none when there is none. It changes only when the agent
//! plans; where the agent is along it is navigation's part of its memory
//! (`crate::sim::steer::behaviors::navigate::RouteAt`).

use glam::Vec2;

use crate::sim::model::navmesh::Unreachable;

/// A planned route: the points where it turns, from where the agent stood to its target.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Route {
    /// The turning points; the first is where the agent stood when it planned, the last the
    /// target (empty before the first plan and when the target cannot be reached).
    pub points: Vec<Vec2>,
    /// Where the target was when the route was planned.
    pub goal: Vec2,
    /// Why the last plan found no route, if it found none.
    pub unreachable: Option<Unreachable>,
    /// Whether a plan was made (a route, or the reason there is none).
    pub planned: bool,
}

/// No route: what an agent that has not planned holds.
pub static NO_ROUTE: Route = Route {
    points: Vec::new(),
    goal: Vec2::ZERO,
    unreachable: None,
    planned: false,
};

impl Route {
    /// The points still ahead of an agent heading for point `next` (navigation's `RouteAt`):
    /// from that one to the end.
    #[must_use]
    pub fn ahead(&self, next: u32) -> &[Vec2] {
        self.points.get(next as usize..).unwrap_or(&[])
    }
}
