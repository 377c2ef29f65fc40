//! Optimal reciprocal collision avoidance (ORCA: van den Berg, Guy, Lin and Manocha,
//! *Reciprocal n-Body Collision Avoidance*, ISRR 2009; the RVO2 library), as a group's agent
//! avoidance beside steering's own (`avoid_agents`, `separation`).
//!
//! ORCA works on velocities. Its preferred velocity is the one the group's other behaviors give
//! this tick: `v_pref = truncate(v + truncate(steering, max_force) / mass · dt, max_speed)`,
//! with `steering` what the blocks before it asked for (it comes last in the priority order).
//! It returns `v_orca`, the velocity nearest `v_pref` within `max_speed` that keeps the agent
//! clear of its `neighbors` nearest neighbours within `neighbor_distance` (its own count, not the
//! group's flocking cap `max_neighbors`) for
//! `time_horizon_secs`, and of the walls, the level's walls and the obstacles for
//! `wall_horizon_secs` ([`solve`]). Its force is what takes the velocity there in one tick:
//!
//! ```text
//! force = (v_orca - v) · mass / dt - steering
//! ```
//!
//! so that, added to the others' `steering`, the group's combined force is exactly
//! `(v_orca - v) · mass / dt`. How that composes:
//! - **Max force**: the combined force is truncated to `max_force` as always. ORCA's velocity is
//!   reached in one tick only when `|v_orca - v| · mass / dt <= max_force`; a group with
//!   `max_force >= 2 · max_speed · mass / dt` always reaches it. A weaker group turns toward it
//!   over several ticks and ORCA's guarantee becomes a tendency.
//! - **weight**: multiplies ORCA's force; 1 gives ORCA's velocity, less blends toward the
//!   preferred one.
//! - **Combinations**: under the weighted sum, the above. Under the prioritized sum ORCA gets the
//!   force budget the blocks before it left (its correction may be cut). Under prioritized
//!   dithering ORCA runs only when no block before it was picked, from the current velocity.
//! - **Turn-rate limit, bounds**: applied after, as to any force.
//!
//! **Where the guarantee holds**: two ORCA agents that both reach their ORCA velocity each
//! tick do not come closer than their radii within the time horizon (each takes half the
//! avoidance; toward an agent without ORCA it still takes half, so mixing groups weakens it),
//! and walls are kept at the body radius. Agents that start overlapping part within a tick
//! when the force allows it. Obstacles (discs) are kept like still agents, taking all the
//! avoidance.

mod edges;
mod solve;

use std::cell::RefCell;

use glam::Vec2;

pub use edges::{NO_WALLS, OrcaWalls};
use solve::Line;
pub use solve::{Avoider, Horizons, Neighbor, WallEdge, agent_line, solve, wall_lines};

use crate::sim::model::math::truncate;
use crate::sim::model::scenery::Obstacle;
use crate::sim::model::types::Other;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Field, Limit, Rgb, Steer, TickOf, Value, block,
};
use crate::sim::steer::behavior::{Family, Figure, Mark, Tint};

/// ORCA in the registry.
pub const ORCA: BehaviorInfo = BehaviorInfo {
    key: "orca",
    family: Family::Crowds,
    metric: "min_separation",
    legend: &[],
    color: Rgb(255, 215, 80),
    formula: "v_orca = nearest v to v_pref with |v| <= max_speed in every ORCA half-plane; force = (v_orca - v) * mass / dt - steering",
    summary: "Reciprocal velocity obstacles (RVO2): take the velocity nearest the one the other \
              behaviors ask for that keeps clear of every neighbour and wall for a time horizon.",
};

block! {
    /// Optimal reciprocal collision avoidance (RVO2): the velocity nearest the one the other
    /// behaviors ask for that keeps clear of neighbours and walls for a time horizon.
    Orca {
        /// Other agents farther than this are ignored (world units).
        neighbor_distance: f32 = 60.0,
        /// At most this many of the nearest neighbours are avoided (RVO2's `maxNeighbors`; the
        /// group's `max_neighbors` caps flocking, not this). Files before this name wrote it
        /// `max_neighbors`.
        #[serde(alias = "max_neighbors")] neighbors: u32 = 10,
        /// Collisions with agents further ahead than this are ignored (seconds).
        time_horizon_secs: f32 = 2.0,
        /// Collisions with walls and obstacles further ahead than this are ignored (seconds).
        wall_horizon_secs: f32 = 1.0,
        /// The speed the preferred velocity is capped at (world units per second; none:
        /// `max_speed`), below which ORCA may still go up to `max_speed` to avoid: RVO2's agents
        /// prefer 1 and may go 2.
        preferred_speed: Option<f32> = None,
        /// RVO2's nudge against perfect symmetry: the preferred velocity turned each tick by at
        /// most 1/10,000 of `max_speed` in a random direction from the agent's own stream.
        nudge: bool = true,
    }
}

/// The size of the nudge against symmetry, as a share of `max_speed` (RVO2's examples).
const NUDGE: f32 = 1.0e-4;

/// The shortest time horizon a field holds (seconds): a shorter one divides by almost zero.
const MIN_HORIZON_SECS: f32 = 0.01;

/// What ORCA looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrcaLook {
    /// The velocity the other blocks asked for (nudged).
    pub preferred: Vec2,
    /// The velocity ORCA chose: the nearest to it outside every half-plane.
    pub chosen: Vec2,
}

impl Behavior for Orca {
    type Kept = ();
    type Look = OrcaLook;

    const INFO: BehaviorInfo = ORCA;
    const KEEPS_APART: bool = true;
    const KEEPS_BODIES_APART: bool = true;
    const COSTLY: bool = true;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const DISTANCE: Field = Field::distance(
            "neighbor_distance",
            "neighbour distance",
            "Other agents farther than this are not avoided. Too small, and agents see each \
             other too late and push; too large costs time for nothing (only the nearest are \
             kept).",
        )
        .warn_zero("is 0: ORCA sees no neighbour, so the agents pass through each other");
        const COUNT: Field = Field::plain(
            "neighbors",
            "neighbours",
            "At most this many of the nearest agents are avoided, whatever the group's \
             neighbour cap. 5 to 15 is usual: fewer, and an agent in a crowd forgets someone \
             beside it.",
        )
        .limit(Limit::Within(0.0, 1000.0))
        .warn_zero("is 0: ORCA avoids nobody, so the agents pass through each other");
        const HORIZON: Field = Field::plain(
            "time_horizon_secs",
            "time horizon",
            "How far ahead collisions with agents are avoided. Longer: agents give way earlier \
             and more widely, and in a crowd may stand still; shorter: they react late and \
             brush past.",
        )
        .unit(" s")
        .limit(Limit::Within(MIN_HORIZON_SECS, 100.0));
        const WALL_HORIZON: Field = Field::plain(
            "wall_horizon_secs",
            "wall horizon",
            "How far ahead collisions with walls and obstacles are avoided. Keep it shorter \
             than the time horizon, or agents in a corridor slow down for its walls.",
        )
        .unit(" s")
        .limit(Limit::Within(MIN_HORIZON_SECS, 100.0));
        const PREFERRED: Field = Field::plain(
            "preferred_speed",
            "preferred speed",
            "The preferred velocity is capped at this speed; ORCA may still go up to max_speed \
             to get out of the way (RVO2's agents prefer 1 and may go 2). Off: max_speed.",
        )
        .unit(" u/s")
        .warn_zero(
            "is 0: ORCA prefers to stand still, so the agents only move to get out of the way",
        );
        const SYMMETRY: Field = Field::plain(
            "nudge",
            "nudge",
            "Turn the preferred velocity each tick by at most 1/10,000 of max_speed, at random: \
             without it agents in perfect symmetry (a circle) may wait for each other for ever. \
             RVO2's Blocks has it, its Circle not.",
        );
        visit(&DISTANCE, Value::Number(&mut self.neighbor_distance));
        visit(&COUNT, Value::Whole(&mut self.neighbors));
        visit(&HORIZON, Value::Number(&mut self.time_horizon_secs));
        visit(&WALL_HORIZON, Value::Number(&mut self.wall_horizon_secs));
        visit(&PREFERRED, Value::Optional(&mut self.preferred_speed, 30.0));
        visit(&SYMMETRY, Value::Flag(&mut self.nudge));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let dt = tick.dt();
        let me = Avoider {
            position: body.position,
            velocity: body.velocity,
            radius: tick.radius(),
            max_speed: body.max_speed,
            id: tick.id(),
        };
        let horizons = Horizons {
            agents: self.time_horizon_secs.max(MIN_HORIZON_SECS),
            walls: self.wall_horizon_secs.max(MIN_HORIZON_SECS),
            dt,
        };
        let (walls, obstacles) = (tick.orca_walls(), tick.obstacles());
        SCRATCH.with_borrow_mut(|scratch| {
            tick.nearest_others(
                self.neighbor_distance,
                self.neighbors as usize,
                &mut scratch.others,
            );
            tick.add(self, |s| {
                let cap = self
                    .preferred_speed
                    .map_or(body.max_speed, |p| p.min(body.max_speed));
                let wanted = truncate(
                    body.velocity + truncate(s.steering, s.max_force) / body.mass * dt,
                    cap,
                );
                // RVO2's nudge against perfect symmetry (two agents exactly head on, a circle
                // of them) where every agent would wait for the others: a random turn of the
                // preferred velocity by at most 1/10,000 of max_speed, from the agent's own stream.
                let preferred = if self.nudge {
                    let angle = s.state.rng.next_f32() * std::f32::consts::TAU;
                    let nudge =
                        Vec2::new(libm::cosf(angle), libm::sinf(angle)) * (body.max_speed * NUDGE);
                    truncate(wanted + nudge, cap)
                } else {
                    wanted
                };
                let chosen = orca_velocity(&me, preferred, (walls, obstacles), &horizons, scratch);
                s.trace::<Self>(OrcaLook { preferred, chosen });
                let force = (chosen - body.velocity) * (body.mass / dt) - s.steering;
                if crate::sim::model::math::is_finite(force) && dt > 0.0 {
                    Steer {
                        force,
                        desired: Some(chosen),
                    }
                } else {
                    Steer::NONE
                }
            });
        });
        false
    }

    fn marks(look: &OrcaLook, out: &mut Vec<Mark>) {
        // The preferred velocity (faint) and ORCA's (solid), each as the way covered in half a
        // second, from the agent.
        let OrcaLook { preferred, chosen } = *look;
        out.push(Mark::guide(Figure::Ray(preferred * 0.5), 0.35).from_agent());
        out.push(
            Mark::sensor(Figure::Ray(chosen * 0.5), Tint::Own, 1.0)
                .width(2.0)
                .from_agent(),
        );
        if preferred != chosen {
            out.push(
                Mark::sensor(
                    Figure::Segment(preferred * 0.5, chosen * 0.5),
                    Tint::Hit,
                    0.6,
                )
                .from_agent(),
            );
        }
    }
}

/// What ORCA reuses from agent to agent on one thread (the neighbours, the walls near, the
/// half-planes), so that a crowd's tick allocates nothing for them. Nothing in it outlives an
/// agent's step: each is cleared before it is filled.
#[derive(Default)]
struct Scratch {
    others: Vec<Other>,
    near: Vec<(f32, u32, WallEdge)>,
    corners: Vec<WallEdge>,
    lines: Vec<Line>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// ORCA's velocity for `me`, preferring `preferred`, among `scratch.others` (nearest first),
/// `walls` and `obstacles` (still discs), in `scratch`'s buffers.
fn orca_velocity(
    me: &Avoider,
    preferred: Vec2,
    (walls, obstacles): (&OrcaWalls, &[Obstacle]),
    horizons: &Horizons,
    scratch: &mut Scratch,
) -> Vec2 {
    let Scratch {
        others,
        near,
        corners,
        lines,
    } = scratch;
    lines.clear();
    corners.clear();
    // Walls within reach in the wall horizon, nearest first, each seen from its side.
    let reach = horizons.walls * me.max_speed + me.radius;
    walls.near(me.position, reach, near);
    corners.extend(near.iter().map(|&(_, _, c)| c));
    wall_lines(me, corners, horizons, lines);
    // Obstacles: still discs, all the avoidance taken, with the wall horizon.
    let still = Horizons {
        agents: horizons.walls,
        ..*horizons
    };
    for obstacle in obstacles {
        let gap = me.position.distance(obstacle.center) - obstacle.radius - me.radius;
        if gap >= horizons.walls * me.max_speed {
            continue;
        }
        let disc = Neighbor {
            position: obstacle.center,
            velocity: Vec2::ZERO,
            radius: obstacle.radius,
            share: 1.0,
            id: u32::MAX,
        };
        lines.push(agent_line(me, &disc, &still));
    }
    let hard = lines.len();
    for other in others.iter() {
        let neighbor = Neighbor {
            position: other.position,
            velocity: other.velocity,
            radius: other.radius,
            share: 0.5,
            id: other.id,
        };
        lines.push(agent_line(me, &neighbor, horizons));
    }
    let v = solve(lines, hard, me.max_speed, preferred);
    if crate::sim::model::math::is_finite(v) {
        truncate(v, me.max_speed)
    } else {
        truncate(preferred, me.max_speed)
    }
}
