//! What the triangulation answers about a point or a segment: whether it is walkable, and
//! whether a straight segment stays on walkable ground (walking spade's triangles along it with
//! its exact predicates).

use glam::{DVec2, Vec2};
use spade::handles::{DirectedEdgeHandle, FixedVertexHandle};
use spade::{
    CdtEdge, ConstrainedDelaunayTriangulation, Intersection, LineIntersectionIterator, Point2,
    PositionInTriangulation, Triangulation,
};

/// The triangulation: `f64` points, the walls' pieces as constraint edges.
pub(crate) type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

/// An edge of [`Cdt`].
type Edge<'a> = DirectedEdgeHandle<'a, Point2<f64>, (), CdtEdge<()>, ()>;

/// `p` as spade's point.
pub(crate) fn pt(p: DVec2) -> Point2<f64> {
    Point2::new(p.x, p.y)
}

/// Spade's point as `DVec2`.
pub(crate) fn dv(p: Point2<f64>) -> DVec2 {
    DVec2::new(p.x, p.y)
}

/// The triangulation with the walkable flag of each face (by face index; the outer face, index
/// 0, is never walkable).
#[derive(Clone, Copy)]
pub(crate) struct Ground<'a> {
    pub(crate) cdt: &'a Cdt,
    pub(crate) walkable: &'a [bool],
}

impl Ground<'_> {
    /// Whether the face of index `face` is walkable.
    pub(crate) fn face_ok(self, face: usize) -> bool {
        self.walkable.get(face).copied().unwrap_or(false)
    }

    /// Whether a face on either side of `edge` is walkable.
    fn edge_ok(self, edge: Edge<'_>) -> bool {
        self.face_ok(edge.face().fix().index()) || self.face_ok(edge.rev().face().fix().index())
    }

    /// Whether a located point lies on walkable ground (closed: the rim of the walkable area
    /// counts).
    fn position_ok(self, at: PositionInTriangulation) -> bool {
        match at {
            PositionInTriangulation::OnFace(f) => self.face_ok(f.index()),
            PositionInTriangulation::OnEdge(e) => self.edge_ok(self.cdt.directed_edge(e)),
            PositionInTriangulation::OnVertex(v) => self.vertex_ok(v),
            PositionInTriangulation::OutsideOfConvexHull(_)
            | PositionInTriangulation::NoTriangulation => false,
        }
    }

    /// Whether a walkable face touches vertex `v`.
    fn vertex_ok(self, v: FixedVertexHandle) -> bool {
        self.cdt
            .vertex(v)
            .out_edges()
            .any(|e| self.face_ok(e.face().fix().index()))
    }

    /// Whether `p` lies on walkable ground (the rim included).
    pub(crate) fn point_ok(self, p: DVec2) -> bool {
        p.is_finite() && self.position_ok(self.cdt.locate(pt(p)))
    }

    /// Whether the segment `a`–`b` lies on walkable ground: every triangle it passes through is
    /// walkable; running along the rim or through a corner of it is allowed.
    pub(crate) fn clear(self, a: DVec2, b: DVec2) -> bool {
        if !self.point_ok(a) {
            return false;
        }
        if a == b {
            return true;
        }
        self.point_ok(b) && self.walk_ok(LineIntersectionIterator::new(self.cdt, pt(a), pt(b)))
    }

    /// [`Self::clear`] between two vertices of the triangulation (for the tests' visibility
    /// graph).
    #[cfg(test)]
    pub(crate) fn clear_between(self, a: FixedVertexHandle, b: FixedVertexHandle) -> bool {
        a == b || self.walk_ok(LineIntersectionIterator::new_from_handles(self.cdt, a, b))
    }

    /// Whether each stretch between two crossings of a walk lies on walkable ground. The ends'
    /// own faces (before the first crossing and after the last) are checked by the caller.
    fn walk_ok<'a>(
        self,
        walk: impl Iterator<Item = Intersection<'a, Point2<f64>, (), CdtEdge<()>, ()>>,
    ) -> bool {
        let mut prev: Option<Intersection<'a, Point2<f64>, (), CdtEdge<()>, ()>> = None;
        for item in walk {
            let ok = match (prev, item) {
                // Along an edge: the rim at worst.
                (_, Intersection::EdgeOverlap(e)) => self.edge_ok(e),
                // Out of a vertex into the face on the right of the edge it crosses next.
                (Some(Intersection::VertexIntersection(_)), Intersection::EdgeIntersection(e)) => {
                    self.face_ok(e.rev().face().fix().index())
                }
                // Across an edge into the face on its left, which the walk goes on through.
                (Some(Intersection::EdgeIntersection(e)), _) => {
                    self.face_ok(e.face().fix().index())
                }
                _ => true,
            };
            if !ok {
                return false;
            }
            prev = Some(item);
        }
        true
    }

    /// A walkable `f32` point as close to `p` as rounding allows, found by moving from `p`
    /// towards `inside` (a point inside a walkable face whose closure holds `p`); `None` when
    /// even `inside` rounds off walkable ground (a face thinner than `f32`'s rounding).
    pub(crate) fn nudge(self, p: DVec2, inside: DVec2) -> Option<Vec2> {
        (0..=36).find_map(|k| {
            let t = if k == 0 { 0.0 } else { 0.5f64.powi(36 - k) };
            let q = (p + (inside - p) * t).as_vec2();
            (q.is_finite() && self.point_ok(q.as_dvec2())).then_some(q)
        })
    }
}
