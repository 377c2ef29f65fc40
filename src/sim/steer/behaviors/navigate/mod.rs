//! Navigating a level: plan the shortest route to the target across the level's navigation
//! mesh (the walkable area shrunk by the agent's radius, [`crate::sim::model::navmesh`]), then
//! follow it: seek each turning point, arrive at the last.
//!
//! ```text
//! plan     when there is no route yet, when the target is more than replan_distance from
//!          where it was at the last plan, or when the point ahead is out of sight (pushed off)
//! next     the farthest point of the route in sight from the agent (string pulling)
//! force    seek(next) before the last point; arrive(last, slowing_radius) at it
//! ```
//!
//! When the target cannot be reached (inside a wall, outside the level, or no passage wide
//! enough) the agent brakes to a stand (`force = -v`, a desired velocity of zero), and the
//! overlay marks the target with a cross. It tries
//! again when the target moves. A scene with no level navigates the world's rectangle, around
//! the walls and obstacles (each a block of wall to the mesh).

pub mod route;

use glam::Vec2;

use crate::sim::model::navmesh::NavMesh;
use crate::sim::model::types::Target;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Field, Rgb, SLOWING_RADIUS, Steer, TickOf, Value, block,
};
use crate::sim::steer::behavior::{Family, Figure, Kept, Mark, Tint};
use route::Route;

/// Navigation in the registry.
pub const NAVIGATE: BehaviorInfo = BehaviorInfo {
    key: "navigate",
    family: Family::PathsAndWalls,
    metric: "time_to_arrive",
    legend: &[],
    color: Rgb(90, 200, 255),
    formula: "route = shortest path on the navmesh (walls grown by radius); seek the farthest route point in sight; arrive at the last",
    summary: "Plan the shortest route to the target around the level's walls and follow it, \
              arriving at the end.",
};

block! {
    target;
    /// Navigation: the shortest route to the target across the level, followed to the end.
    Navigate {
        /// What to reach.
        target: Target = Target::Click,
        /// Within this distance of the end it slows down to stop there (world units).
        slowing_radius: f32 = 50.0,
        /// A new route is planned when the target has moved this far (world units).
        replan_distance: f32 = 20.0,
    }
}

/// What navigation looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NavigateLook {
    /// It heads for `next`, the farthest route point in sight, on a route that ends at `end`.
    Heading {
        /// The route point it heads for.
        next: Vec2,
        /// The route's last point.
        end: Vec2,
    },
    /// The target at `goal` cannot be reached: the agent stops.
    Unreachable {
        /// Where the target is.
        goal: Vec2,
    },
}

impl Behavior for Navigate {
    type Kept = RouteAt;
    type Look = NavigateLook;

    const INFO: BehaviorInfo = NAVIGATE;
    const ARRIVAL: Option<u8> = Some(1);

    const NAVMESH: bool = true;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const TARGET: Field = Field::plain("target", "target", "What to reach.");
        const REPLAN: Field = Field::distance(
            "replan_distance",
            "replan distance",
            "The route is planned again when the target has moved this far since the last \
             plan. Small: always on the shortest route, at the cost of planning often.",
        );
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&SLOWING_RADIUS, Value::Number(&mut self.slowing_radius));
        visit(&REPLAN, Value::Number(&mut self.replan_distance));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some((goal, _)) = tick.resolve(&self.target) else {
            return false;
        };
        let Some(mesh) = tick.navmesh() else {
            return false;
        };
        let body = tick.body();
        let p = body.position;
        let replan_sq = self.replan_distance * self.replan_distance;
        // An agent pushed into a wall (by forces that do not know walls) heads back to the
        // nearest walkable point first, and plans from there.
        let walkable = mesh.is_walkable(p);
        let mut next = tick.kept().next;
        let plan = {
            let route = tick.route();
            let strayed = walkable
                && route
                    .ahead(next)
                    .first()
                    .is_some_and(|&ahead| !mesh.line_of_sight(p, ahead));
            (!route.planned || route.goal.distance_squared(goal) > replan_sq || strayed)
                .then(|| plan(mesh, p, walkable, goal))
        };
        if plan.is_some() {
            next = 1;
        }
        let route = plan.as_ref().unwrap_or_else(|| tick.route());
        // String pulling: head for the farthest point still in sight.
        while walkable
            && let Some(&further) = route.points.get(next as usize + 1)
            && mesh.line_of_sight(p, further)
        {
            next += 1;
        }
        let ahead = route.ahead(next);
        let (first, last, end) = (
            ahead.first().copied(),
            ahead.len() == 1,
            ahead.last().copied(),
        );
        if let Some(plan) = plan {
            tick.set_route(plan);
        }
        tick.kept().next = next;
        let Some(next) = first else {
            tick.add(self, |s| {
                s.trace::<Self>(NavigateLook::Unreachable { goal });
                Steer {
                    force: -body.velocity,
                    desired: Some(Vec2::ZERO),
                }
            });
            return false;
        };
        let end = end.unwrap_or(next);
        let slowing = self.slowing_radius;
        tick.add(self, |s| {
            s.trace::<Self>(NavigateLook::Heading { next, end });
            if last {
                arrive(&body, next, slowing)
            } else {
                crate::sim::steer::behaviors::seek::seek(&body, next)
            }
        });
        false
    }

    fn marks(look: &NavigateLook, out: &mut Vec<Mark>) {
        let (next, end) = match *look {
            NavigateLook::Heading { next, end } => (next, end),
            NavigateLook::Unreachable { goal } => {
                out.push(Mark::sensor(Figure::Cross(goal), Tint::Hit, 1.0).width(2.5));
                return;
            }
        };
        out.push(Mark::guide(Figure::Ray(next), 0.7));
        out.push(Mark::guide(Figure::Dot(next, 3.0), 0.9));
        out.push(Mark::guide(Figure::Diamond(end), 0.9));
    }
}

/// What navigation keeps between ticks beside its route (`Tick::route`): the index of the
/// route's point the agent heads for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RouteAt {
    /// The route's point it heads for.
    pub next: u32,
}

impl Kept for RouteAt {}

/// A new route from `p` (walkable or not: then from the nearest walkable point) to `goal`.
fn plan(mesh: &NavMesh, p: Vec2, walkable: bool, goal: Vec2) -> Route {
    let from = if walkable {
        p
    } else {
        mesh.nearest_walkable(p).unwrap_or(p)
    };
    match mesh.route(from, goal) {
        Ok(mut points) => {
            if from != p {
                points.insert(0, p);
            }
            Route {
                points,
                goal,
                unreachable: None,
                planned: true,
            }
        }
        Err(why) => Route {
            points: Vec::new(),
            goal,
            unreachable: Some(why),
            planned: true,
        },
    }
}

/// Arrive at `target` with a slowing radius (the tutorials' arrive).
fn arrive(body: &Body, target: Vec2, slowing_radius: f32) -> Steer {
    crate::sim::steer::behaviors::arrive::arrive_slowing(body, target, slowing_radius)
}
