//! A navigation mesh for a 2D level and the shortest route across it, for a disc-shaped agent.
//!
//! A level is an outer ring (the boundary of the walkable area) and rings of walls inside it
//! (holes, which may touch or overlap each other and the boundary). For an agent of radius `r`
//! the area its centre may walk is the level with every wall grown by `r`: the points at
//! distance `r` or more from every wall edge, inside the boundary and outside the holes.
//!
//! How it is built ([`NavMesh::build`]):
//!
//! 1. **Grow the walls.** Each ring edge gives a band of width `r` on either side; where a corner
//!    sticks out, the bands reach its miter point (at most `2r` from the corner) or, for a sharper
//!    corner, two bevel points on a tangent to the circle of radius `r` around it. The union of
//!    these convex pieces and the walls holds every point closer than `r` to a wall, whatever the
//!    rings' orientation, crossings or edge lengths (module `geometry`).
//! 2. **Triangulate.** The ring edges and the pieces' edges are split where they cross or touch,
//!    and points a rounding apart are merged (module `arrange`), so that near-parallel edges
//!    share their points exactly; they are then the constraint edges of a constrained Delaunay
//!    triangulation (the `spade` crate), so that no triangle straddles a wall or a piece's
//!    outline.
//! 3. **Label.** A triangle is walkable when its centroid is inside the boundary, outside every
//!    hole (even-odd) and in no piece.
//! 4. **Corners.** A shortest route of a point among polygons turns only at corners that stick
//!    into the walkable area: the mesh vertices whose walkable triangles cover more than 180°
//!    (and those where the walkable area pinches). The walkable triangles, their neighbours
//!    across each edge and the corners are kept in flat arrays for the search (module
//!    `polyanya`).
//!
//! Pieces of grown wall that are walled anyway (inside their own convex hole, or away from the
//! boundary on its outside, as are such holes) are left out before triangulating, and the
//! walkable test of each triangle asks only the holes and pieces whose boxes reach it.
//!
//! A route ([`NavMesh::route`]) is the straight segment when that is clear; otherwise
//! Polyanya (Cui, Harabor and Grastien, "Compromise-free Pathfinding on a Navigation Mesh",
//! IJCAI 2017) over the walkable triangles: a search node is an interval of a triangle's edge
//! and the root it is seen from (the start or a corner); a node is expanded by projecting the
//! rays from the root through the interval's ends across the next triangle (the part between
//! them keeps the root; the parts beyond a ray get the interval's end as root when it is a
//! corner), ranked by the length to the root plus the shortest way through the interval to the
//! goal (the goal mirrored across the interval's line when on the root's side). It finds the
//! shortest route among the walkable triangles exactly, turning only at corners, with f64
//! arithmetic and exact orientation tests (the `robust` crate). Sight lines
//! ([`NavMesh::line_of_sight`]) walk the triangles along the segment with spade's exact
//! predicates: a segment is clear when every triangle it passes through is walkable (running
//! along the rim of the walkable area, or through one of its corners, is). The tests keep the
//! visibility graph of the corners (every pair that sees each other, A* over it) as the
//! reference the routes must match.
//!
//! Everything is total: empty, non-finite, huge or self-crossing input gives an empty mesh or
//! ignores the ring at fault, never a panic or a NaN.
//!
//! Limits: the grown corners are polygons around the true arcs (a miter reaches up to `2r` from
//! its corner, a bevel up to `r·√2`), so a route around a corner is a little longer than the
//! disc needs, and a gap between two corners that face each other across a diagonal may be
//! closed though the disc would pass (a gap between flat walls is exact). Points closer than
//! 1e-9 of the level's size are merged.
//!
//! Costs (release build, one core of a shared 2-core machine): `presets/corridor_orca.ron` with
//! 4,095 discs added (`scripts/corridor_discs.py > scene.ron`, then
//! `/usr/bin/time -v steerlab simulate scene.ron --steps 1`) builds its mesh and runs its first
//! tick in 0.26 s and 23 MB. A route between random walkable points on a level of square
//! pillars (`cargo test --release --no-default-features --lib navmesh::tests::timing --
//! --ignored --nocapture`): 5,000 routes take 65–100 ms among 50 pillars, 0.36–0.5 s among
//! 500 and 0.9–1.3 s among 1,000 (radius 0, over runs on a busy machine; about 1.7× that with
//! the pillars grown by a radius of 1.5), the search's projections, estimates and open set
//! taking most of it and locating the ends in the triangulation about a seventh.

mod arrange;
mod geometry;
mod graph;
mod mesh;
mod near;
#[cfg(test)]
mod oracle;
mod polyanya;
mod sight;

use std::fmt;

use glam::{DVec2, Vec2};

use self::mesh::Mesh;

/// A navigation mesh: the walkable area of a level for the centre of an agent of a given radius,
/// triangulated, with the corners that routes turn at.
#[derive(Clone)]
pub struct NavMesh {
    radius: f32,
    mesh: Mesh,
}

impl fmt::Debug for NavMesh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NavMesh")
            .field("radius", &self.radius)
            .field("triangles", &self.mesh.triangles.len())
            .field("corners", &self.mesh.corners.len())
            .finish_non_exhaustive()
    }
}

/// Why no route was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// The start is inside a wall or outside the level, farther than `2 * radius + 1` from any
    /// walkable ground.
    StartOutside,
    /// The target is inside a wall or outside the level, farther than `2 * radius + 1` from any
    /// walkable ground.
    GoalOutside,
    /// Start and target are on walkable ground, but no passage wide enough for the agent joins
    /// them.
    NoRoute,
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::StartOutside => {
                "the start is inside a wall or outside the level, with no walkable ground near it"
            }
            Self::GoalOutside => {
                "the target is inside a wall or outside the level, with no walkable ground near it"
            }
            Self::NoRoute => {
                "no way through: no passage wide enough for the agent joins the start to the target"
            }
        })
    }
}

impl std::error::Error for Unreachable {}

impl NavMesh {
    /// The mesh of a level for an agent of radius `radius`.
    ///
    /// `boundary` is the outer ring of the walkable area (either orientation, implicitly
    /// closed); `holes` are rings of walls inside it (they may touch or overlap each other and
    /// the boundary). The walkable area for the agent's centre is the boundary shrunk by
    /// `radius` minus the holes grown by `radius`; corners that stick into it are grown to a
    /// miter, or a bevel where the miter would be longer than `2 * radius`, so the area stays
    /// at distance `radius` or more from every wall edge.
    ///
    /// A ring with a non-finite coordinate or one beyond `±1e15`, fewer than three distinct
    /// points or no area is ignored (without a boundary nothing is walkable). A radius that is
    /// NaN or negative counts as zero. Duplicate and straight points are dropped; a spike that
    /// folds straight back loses its tip.
    #[must_use]
    pub fn build(boundary: &[Vec2], holes: &[Vec<Vec2>], radius: f32) -> NavMesh {
        let radius = if radius > 0.0 { radius } else { 0.0 };
        NavMesh {
            radius,
            mesh: Mesh::build(boundary, holes, f64::from(radius)),
        }
    }

    /// The agent's radius the mesh was built for (zero when it was given as NaN or negative).
    #[must_use]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// The walkable triangles, for drawing the mesh (empty when nothing is walkable).
    #[must_use]
    pub fn triangles(&self) -> &[[Vec2; 3]] {
        &self.mesh.triangles
    }

    /// Whether the agent's centre may stand at `p`. The rim of the walkable area counts as
    /// walkable; NaN and infinite points are not.
    #[must_use]
    pub fn is_walkable(&self, p: Vec2) -> bool {
        self.mesh.ground().point_ok(p.as_dvec2())
    }

    /// `p` itself when it is walkable; otherwise the closest point of the walkable area (moved
    /// inside by a rounding step where needed, so that [`NavMesh::is_walkable`] holds for it).
    /// `None` when nothing is walkable or `p` is not finite.
    #[must_use]
    pub fn nearest_walkable(&self, p: Vec2) -> Option<Vec2> {
        near::nearest(&self.mesh, p.as_dvec2())
    }

    /// The shortest route for the agent's centre from `from` to `to`: the points where it
    /// turns, first `from` and last `to`.
    ///
    /// An end that is not walkable but within `2 * radius + 1` of the walkable area is joined
    /// to its nearest walkable point, which follows `from` (or precedes `to`) in the route;
    /// farther away it gives [`Unreachable::StartOutside`] (or [`Unreachable::GoalOutside`]).
    /// When the two ends are on ground that no passage joins: [`Unreachable::NoRoute`]. When
    /// `from == to` on walkable ground the route is `[from, to]` (two equal points): a route
    /// always has at least two points.
    pub fn route(&self, from: Vec2, to: Vec2) -> Result<Vec<Vec2>, Unreachable> {
        self.route_by(from, to, polyanya::shortest)
    }

    /// [`NavMesh::route`] by the visibility graph of the corners (the tests' reference).
    #[cfg(test)]
    pub(crate) fn route_by_visibility(
        &self,
        from: Vec2,
        to: Vec2,
    ) -> Result<Vec<Vec2>, Unreachable> {
        self.route_by(from, to, oracle::shortest)
    }

    /// A route with `search` giving the corners it turns at.
    fn route_by(
        &self,
        from: Vec2,
        to: Vec2,
        search: fn(&Mesh, DVec2, DVec2) -> Option<Vec<usize>>,
    ) -> Result<Vec<Vec2>, Unreachable> {
        let start = self.end_point(from).ok_or(Unreachable::StartOutside)?;
        let goal = self.end_point(to).ok_or(Unreachable::GoalOutside)?;
        let turns =
            search(&self.mesh, start.as_dvec2(), goal.as_dvec2()).ok_or(Unreachable::NoRoute)?;
        let mut points = Vec::with_capacity(turns.len() + 4);
        points.push(from);
        if start != from {
            points.push(start);
        }
        points.extend(turns.iter().map(|&i| self.mesh.corners[i].out));
        if goal != to && points.last() != Some(&goal) {
            points.push(goal);
        }
        points.push(to);
        Ok(points)
    }

    /// Whether the segment from `a` to `b` lies in the walkable area (it may run along its rim
    /// or through one of its corners).
    #[must_use]
    pub fn line_of_sight(&self, a: Vec2, b: Vec2) -> bool {
        self.mesh.ground().clear(a.as_dvec2(), b.as_dvec2())
    }

    /// Where a route may start or end for `p`: `p` when walkable, else its nearest walkable
    /// point when that is within `2 * radius + 1`.
    fn end_point(&self, p: Vec2) -> Option<Vec2> {
        if self.is_walkable(p) {
            return Some(p);
        }
        let q = self.nearest_walkable(p)?;
        let reach = 2.0 * f64::from(self.radius) + 1.0;
        (p.as_dvec2().distance(q.as_dvec2()) <= reach).then_some(q)
    }
}

/// The length of a route: the sum of the distances between consecutive points (zero for fewer
/// than two points; infinite only when it exceeds the range of `f32`).
#[must_use]
pub fn route_length(points: &[Vec2]) -> f32 {
    #[allow(clippy::cast_possible_truncation)] // The sum of f32 distances, back to f32.
    let length = points
        .windows(2)
        .map(|w| w[0].as_dvec2().distance(w[1].as_dvec2()))
        .sum::<f64>() as f32;
    length
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod proptests;
