//! The walls in `f64`: the rings read from a level, and the convex pieces whose union is the walls
//! grown by the agent's radius.
//!
//! The grown wall is built from pieces that need no knowledge of which side of a ring is
//! walkable, so rings that cross themselves, overlap each other or have edges shorter than the
//! radius are all covered: each edge gives a piece on either side, the edge's band of width `r`
//! (its ends reach the neighbouring edges' offset lines where the corner sticks out), and each
//! corner that sticks out (more than 180° on that side) gives its miter point or, when the miter
//! would be longer than `2r`, two bevel points with a triangle between them. A point at distance
//! below `r` from a wall edge lies in a piece or in the wall itself: its nearest point on the wall
//! is either inside an edge (then it lies in that edge's band) or a corner that sticks out towards
//! it (then it lies in the corner's miter or bevel).

// Geometry has its textbook names: corner `c` between `a` and `b`, point `p`, radius `r`.
#![allow(clippy::many_single_char_names)]

use glam::{DVec2, Vec2};

/// The largest coordinate read, in either direction: a ring with a coordinate beyond it is
/// ignored (the offsets would vanish in the rounding there).
pub(crate) const COORD_LIMIT: f64 = 1e15;

/// A corner whose turn has a sine below this (relative to its edges' lengths) is straight, and
/// its point is dropped.
const STRAIGHT: f64 = 1e-12;

/// `ring` in `f64`, cleaned: duplicate and straight points dropped (a spike that folds straight
/// back loses its tip). `None` when a coordinate is not finite or beyond [`COORD_LIMIT`], or when
/// fewer than three points or no area are left.
pub(crate) fn clean_ring(ring: &[Vec2]) -> Option<Vec<DVec2>> {
    let mut pts = Vec::with_capacity(ring.len());
    for p in ring {
        let p = p.as_dvec2();
        if !p.is_finite() || p.x.abs() > COORD_LIMIT || p.y.abs() > COORD_LIMIT {
            return None;
        }
        pts.push(flush_tiny(p));
    }
    loop {
        let n = pts.len();
        if n < 3 {
            return None;
        }
        let mut keep: Vec<DVec2> = Vec::with_capacity(n);
        for i in 0..n {
            let a = keep.last().copied().unwrap_or(pts[n - 1]);
            let (c, b) = (pts[i], pts[(i + 1) % n]);
            if !is_straight(a, c, b) {
                keep.push(c);
            }
        }
        if keep.len() == n {
            break;
        }
        pts = keep;
    }
    let area = signed_area(&pts);
    (area != 0.0 && area.is_finite()).then_some(pts)
}

/// Coordinates too small for the triangulation (spade refuses magnitudes below about 1e-43) read
/// as zero.
pub(crate) fn flush_tiny(p: DVec2) -> DVec2 {
    let f = |x: f64| if x.abs() < 1e-37 { 0.0 } else { x };
    DVec2::new(f(p.x), f(p.y))
}

/// Whether corner `c`, between edges `a → c` and `c → b`, does not turn (or an edge is empty).
fn is_straight(a: DVec2, c: DVec2, b: DVec2) -> bool {
    let (d1, d2) = (c - a, b - c);
    let scale = d1.length() * d2.length();
    scale == 0.0 || d1.perp_dot(d2).abs() <= STRAIGHT * scale
}

/// The signed area of a ring (positive when counter-clockwise).
pub(crate) fn signed_area(ring: &[DVec2]) -> f64 {
    let n = ring.len();
    let twice: f64 = (0..n).map(|i| ring[i].perp_dot(ring[(i + 1) % n])).sum();
    twice / 2.0
}

/// Even-odd inside test of a point against a ring.
pub(crate) fn in_ring(ring: &[DVec2], p: DVec2) -> bool {
    let n = ring.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// The side of corner `c` (between edges `a → c` and `c → b`) where its angle exceeds 180°:
/// `true` for the left of the ring's direction.
fn reflex_left(a: DVec2, c: DVec2, b: DVec2) -> bool {
    (c - a).perp_dot(b - c) <= 0.0
}

/// `1.0` for the left side, `-1.0` for the right.
fn sign(left: bool) -> f64 {
    if left { 1.0 } else { -1.0 }
}

/// The far points of a corner grown by `r` on the side where it sticks out.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Outer {
    /// Where the two offset lines meet (at most `2r` from the corner).
    Miter(DVec2),
    /// Two points, each on one offset line, joined by a segment tangent to the circle of radius
    /// `r` around the corner (used where the miter would be longer than `2r`).
    Bevel(DVec2, DVec2),
}

impl Outer {
    /// The point on the incoming edge's offset line.
    fn first(self) -> DVec2 {
        match self {
            Self::Miter(m) | Self::Bevel(m, _) => m,
        }
    }

    /// The point on the outgoing edge's offset line.
    fn last(self) -> DVec2 {
        match self {
            Self::Miter(m) | Self::Bevel(_, m) => m,
        }
    }
}

/// Corner `c` (between edges `a → c` and `c → b`) grown by `r` on its left side when `left`
/// (which must be the side where it sticks out). The polygon from `c` through these points contains the
/// part of the disc of radius `r` around `c` between the two edge normals.
pub(crate) fn outer_corner(a: DVec2, c: DVec2, b: DVec2, left: bool, r: f64) -> Outer {
    let s = sign(left);
    let (d1, d2) = ((c - a).normalize(), (b - c).normalize());
    let (n1, n2) = (d1.perp() * s, d2.perp() * s);
    let cos = n1.dot(n2);
    // The miter's length is r / cos(turn / 2): at most 2r while the turn is at most 120°.
    if cos >= -0.5 {
        Outer::Miter(c + (n1 + n2) * (r / (1.0 + cos)))
    } else {
        // Three tangents (at the two normals and halfway between them) meet at a quarter and
        // three quarters of the turn, r / cos(turn / 4) from the corner (at most r·√2).
        let half = (d1 - d2).normalize();
        let (u1, u2) = ((n1 + half).normalize(), (half + n2).normalize());
        let k = r / u1.dot(n1);
        Outer::Bevel(c + u1 * k, c + u2 * k)
    }
}

/// A convex polygon of three or four points, with its bounding box.
#[derive(Clone, Debug)]
pub(crate) struct GrownPiece {
    pts: [DVec2; 4],
    len: usize,
    min: DVec2,
    max: DVec2,
}

impl GrownPiece {
    fn new(pts: &[DVec2]) -> Self {
        let mut all = [pts[0]; 4];
        all[..pts.len()].copy_from_slice(pts);
        let (mut min, mut max) = (pts[0], pts[0]);
        for &p in pts {
            min = min.min(p);
            max = max.max(p);
        }
        Self {
            pts: all,
            len: pts.len(),
            min,
            max,
        }
    }

    /// The corners, in order.
    pub(crate) fn points(&self) -> &[DVec2] {
        &self.pts[..self.len]
    }

    /// Whether `p` lies strictly inside (a point on the outline is not).
    pub(crate) fn contains(&self, p: DVec2) -> bool {
        if p.x <= self.min.x || p.x >= self.max.x || p.y <= self.min.y || p.y >= self.max.y {
            return false;
        }
        let pts = self.points();
        let mut sign = 0.0;
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
            if a == b {
                continue;
            }
            let cross = (b - a).perp_dot(p - a);
            if cross == 0.0 || cross * sign < 0.0 {
                return false;
            }
            sign = cross;
        }
        sign != 0.0
    }
}

/// The pieces of `ring` grown by `r > 0`, appended to `out`: for each edge its band on either
/// side, and for each bevelled corner the triangle between the corner and its bevel points.
pub(crate) fn pieces(ring: &[DVec2], r: f64, out: &mut Vec<GrownPiece>) {
    let n = ring.len();
    let corners: Vec<(bool, Outer)> = (0..n)
        .map(|i| {
            let (a, c, b) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let left = reflex_left(a, c, b);
            (left, outer_corner(a, c, b, left, r))
        })
        .collect();
    for i in 0..n {
        let j = (i + 1) % n;
        let (a, b) = (ring[i], ring[j]);
        let d = (b - a).normalize();
        for left in [true, false] {
            let off = d.perp() * (sign(left) * r);
            // A band's end reaches the corner's miter or bevel where the corner sticks out on
            // this side; elsewhere it ends square.
            let start = if corners[i].0 == left {
                corners[i].1.last()
            } else {
                a + off
            };
            let end = if corners[j].0 == left {
                corners[j].1.first()
            } else {
                b + off
            };
            out.push(GrownPiece::new(&[a, start, end, b]));
        }
        if let Outer::Bevel(q1, q2) = corners[i].1 {
            out.push(GrownPiece::new(&[ring[i], q1, q2]));
        }
    }
}

/// The outline that the centre of an agent of radius `r` keeps to along `ring`, on its walkable
/// side (inside when `walkable_inside`): each edge moved `r` towards the walkable side; where a
/// corner sticks into the walkable area the miter or bevel of [`outer_corner`], elsewhere the
/// point where the two moved edges meet. It crosses itself where walls are closer than `2r`.
#[cfg(test)]
pub(crate) fn offset_ring_f64(ring: &[DVec2], r: f64, walkable_inside: bool) -> Vec<DVec2> {
    if r <= 0.0 || ring.len() < 3 {
        return ring.to_vec();
    }
    let n = ring.len();
    // The walkable side: the left of a counter-clockwise ring is its inside.
    let left = (signed_area(ring) > 0.0) == walkable_inside;
    let s = sign(left);
    let mut out = Vec::with_capacity(n * 2);
    for i in 0..n {
        let (a, c, b) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
        if reflex_left(a, c, b) == left {
            match outer_corner(a, c, b, left, r) {
                Outer::Miter(m) => out.push(m),
                Outer::Bevel(q1, q2) => out.extend([q1, q2]),
            }
        } else {
            let n1 = (c - a).normalize().perp() * s;
            let n2 = (b - c).normalize().perp() * s;
            out.push(c + (n1 + n2) * (r / (1.0 + n1.dot(n2))));
        }
    }
    out
}

/// The orientation of `c` against the line from `a` to `b`: positive on its left, negative on
/// its right, zero on it (exact).
fn orient(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    let co = |p: DVec2| robust::Coord { x: p.x, y: p.y };
    robust::orient2d(co(a), co(b), co(c))
}

/// Whether `p` lies on an edge of `ring` (exactly).
fn on_ring(ring: &[DVec2], p: DVec2) -> bool {
    let n = ring.len();
    (0..n).any(|i| {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        p.cmpge(a.min(b)).all() && p.cmple(a.max(b)).all() && orient(a, b, p) == 0.0
    })
}

/// Whether segments `a`–`b` and `c`–`d` cross at a point inside both (exactly).
fn cross_properly(a: DVec2, b: DVec2, c: DVec2, d: DVec2) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

/// Whether polygon `poly` lies in the closed region that `ring` encloses (even-odd), or with
/// `outside` in the closed region outside it: each of its points and of its edges' middles is
/// on that side or on the ring, its centroid on that side, no edge of the ring crosses one of
/// its edges, and no point of the ring lies inside it (`inside_poly` says whether a point is
/// strictly inside `poly`).
fn within(
    poly: &[DVec2],
    ring: &[DVec2],
    outside: bool,
    inside_poly: impl Fn(DVec2) -> bool,
) -> bool {
    let (n, m) = (poly.len(), ring.len());
    #[allow(clippy::cast_precision_loss)] // A handful of points.
    let centroid = poly.iter().sum::<DVec2>() / n as f64;
    let side_ok = |p: DVec2| in_ring(ring, p) != outside || on_ring(ring, p);
    // Its points, the middles of its edges and its centroid (a piece's points may all lie on
    // the ring while the piece is on the other side of it).
    poly.iter().all(|&p| side_ok(p))
        && (0..n).all(|i| side_ok((poly[i] + poly[(i + 1) % n]) / 2.0))
        && in_ring(ring, centroid) != outside
        && !ring.iter().any(|&p| inside_poly(p))
        && !(0..n).any(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            (0..m).any(|j| cross_properly(a, b, ring[j], ring[(j + 1) % m]))
        })
}

/// The bounding box of `pts`.
pub(crate) fn bounds(pts: &[DVec2]) -> (DVec2, DVec2) {
    pts.iter().fold(
        (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
        |(lo, hi), &p| (lo.min(p), hi.max(p)),
    )
}

impl GrownPiece {
    /// Its bounding box.
    pub(crate) fn bounds(&self) -> (DVec2, DVec2) {
        (self.min, self.max)
    }

    /// Whether all of it lies inside `ring` (even-odd) or on it; with `outside`, outside it
    /// or on it.
    pub(crate) fn within(&self, ring: &[DVec2], outside: bool) -> bool {
        within(self.points(), ring, outside, |p| self.contains(p))
    }
}

/// Whether all of ring `hole` lies outside `ring` (even-odd) or on it.
pub(crate) fn ring_outside(hole: &[DVec2], ring: &[DVec2]) -> bool {
    within(hole, ring, true, |p| in_ring(hole, p) && !on_ring(hole, p))
}

/// The distance from `p` to the nearest edge of `ring`.
pub(crate) fn distance_to_ring(ring: &[DVec2], p: DVec2) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| distance_to_segment(p, ring[i], ring[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

/// The distance from `p` to the segment `a`–`b`.
pub(crate) fn distance_to_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Whether `ring` is convex: every corner turns the same way (exactly).
pub(crate) fn is_convex(ring: &[DVec2]) -> bool {
    let n = ring.len();
    let turns: Vec<f64> = (0..n)
        .map(|i| orient(ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]))
        .collect();
    turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0)
}
