//! What makes a level's polygons usable: an outline or a block whose edges cross is no area a
//! navigation mesh can be built on, and a block with no part on the walkable area walls off
//! nothing. The orientations are computed in `f64` from the `f32` corners: for the corners of
//! levels drawn or traced in world units (a few significant digits each) the differences and
//! their products are exact there, so a touch is a touch.

use glam::Vec2;

/// Twice the signed area of the triangle `a b c` (> 0: counter-clockwise), exact for `f32`
/// corners within the world's limits.
fn orient(a: Vec2, b: Vec2, c: Vec2) -> f64 {
    let (ax, ay) = (f64::from(a.x), f64::from(a.y));
    let (bx, by) = (f64::from(b.x), f64::from(b.y));
    let (cx, cy) = (f64::from(c.x), f64::from(c.y));
    (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
}

/// Whether the segments `a b` and `c d` cross at a point inside both (touching is not crossing).
#[must_use]
pub fn segments_cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    orient(a, b, c) * orient(a, b, d) < 0.0 && orient(c, d, a) * orient(c, d, b) < 0.0
}

/// Whether `p`, known to be on the line through `a b`, lies within the segment's box.
fn within(a: Vec2, b: Vec2, p: Vec2) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether the segments `a b` and `c d` have a point in common (crossing or touching).
#[must_use]
pub fn segments_meet(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    if a == b || c == d {
        // A corner given twice (a click on the same spot): an edge of no length meets nothing.
        return false;
    }
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    if o1 * o2 < 0.0 && o3 * o4 < 0.0 {
        return true;
    }
    (o1 == 0.0 && within(a, b, c))
        || (o2 == 0.0 && within(a, b, d))
        || (o3 == 0.0 && within(c, d, a))
        || (o4 == 0.0 && within(c, d, b))
}

/// The first two edges of the closed `ring` that meet though they are not neighbours (edge `k`
/// runs from corner `k` to corner `k + 1`), or two neighbours that fold back over each other;
/// `None` when it is a simple polygon.
// Geometry's textbook names: corners a, b, c, d, p; counts n, m; edges i, j, k.
#[allow(clippy::many_single_char_names)]
#[must_use]
pub fn self_crossing(ring: &[Vec2]) -> Option<(usize, usize)> {
    // A corner given twice in a row (a click on the same spot) is one corner: the edges are
    // those between distinct corners, named by the corner they start from.
    let kept: Vec<usize> = (0..ring.len())
        .filter(|&k| ring[k] != ring[(k + ring.len() - 1) % ring.len()])
        .collect();
    let n = kept.len();
    if n < 3 {
        return None;
    }
    let corner = |k: usize| ring[kept[k % n]];
    let edge = |k: usize| (corner(k), corner(k + 1));
    for i in 0..n {
        let (a, b) = edge(i);
        // The next edge shares corner i + 1: it folds back when it turns by 180°.
        let c = corner(i + 2);
        if orient(a, b, c) == 0.0 && (c - b).dot(b - a) < 0.0 {
            return Some((kept[i], kept[(i + 1) % n]));
        }
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue; // Neighbours across corner 0.
            }
            let (c, d) = edge(j);
            if segments_meet(a, b, c, d) {
                return Some((kept[i], kept[j]));
            }
        }
    }
    None
}

/// Whether `p` is inside the closed `ring` or on its edge (even–odd rule).
// Geometry's textbook names: corners a, b, c, d, p; counts n, m; edges i, j, k.
#[allow(clippy::many_single_char_names)]
#[must_use]
pub fn inside_or_on(ring: &[Vec2], p: Vec2) -> bool {
    let n = ring.len();
    let mut inside = false;
    for k in 0..n {
        let (a, b) = (ring[k], ring[(k + 1) % n]);
        if orient(a, b, p) == 0.0 && within(a, b, p) {
            return true;
        }
        if (a.y > p.y) != (b.y > p.y) {
            // Where the edge crosses the horizontal through p, compared without dividing: the
            // crossing is right of p when orient(a, b, p) has the sign of b.y − a.y.
            let o = orient(a, b, p);
            if (o > 0.0) == (b.y > a.y) {
                inside = !inside;
            }
        }
    }
    inside
}

/// Whether the `block` has no part on the `outline`'s area: wholly outside it, or around it
/// (then it walls the whole area off). A block that overlaps the outline is fine: its part
/// outside is no ground anyway.
// Geometry's textbook names: corners a, b, c, d; edges i, j.
#[allow(clippy::many_single_char_names)]
#[must_use]
pub fn apart(block: &[Vec2], outline: &[Vec2]) -> Option<Apart> {
    if block.iter().any(|&p| inside_or_on(outline, p)) {
        return None;
    }
    let (n, m) = (block.len(), outline.len());
    for i in 0..n {
        let (a, b) = (block[i], block[(i + 1) % n]);
        for j in 0..m {
            let (c, d) = (outline[j], outline[(j + 1) % m]);
            if segments_meet(a, b, c, d) {
                return None;
            }
        }
    }
    Some(match outline.first() {
        Some(&p) if inside_or_on(block, p) => Apart::Around,
        _ => Apart::Outside,
    })
}

/// How a block has no part on the outline's area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Apart {
    /// It lies wholly outside the outline.
    Outside,
    /// It lies around the outline: every corner of the area is inside it.
    Around,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(points: &[(f32, f32)]) -> Vec<Vec2> {
        points.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
    }

    #[test]
    fn a_square_is_simple_and_a_bow_tie_crosses_itself() {
        let square = ring(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert_eq!(self_crossing(&square), None);
        // Corners 1 and 2 swapped: edge 0 (0,0)-(10,10) crosses edge 2 (10,0)-(0,10).
        let bow = ring(&[(0.0, 0.0), (10.0, 10.0), (10.0, 0.0), (0.0, 10.0)]);
        assert_eq!(self_crossing(&bow), Some((0, 2)));
        // A triangle is always simple; one that folds back on itself is not.
        assert_eq!(
            self_crossing(&ring(&[(0.0, 0.0), (5.0, 0.0), (0.0, 5.0)])),
            None
        );
        let folded = ring(&[(0.0, 0.0), (10.0, 0.0), (5.0, 0.0), (5.0, 5.0)]);
        assert_eq!(self_crossing(&folded), Some((0, 1)));
        // A corner given twice is no crossing.
        let twice = ring(&[
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (0.0, 10.0),
        ]);
        assert_eq!(self_crossing(&twice), None);
        // A corner touching another edge: edge 3 runs through corner 1's neighbour edge.
        let touching = ring(&[
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (5.0, 0.0),
            (0.0, 10.0),
        ]);
        assert_eq!(self_crossing(&touching), Some((0, 2)));
    }

    #[test]
    fn inside_on_and_outside_a_square() {
        let square = ring(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert!(inside_or_on(&square, Vec2::new(5.0, 5.0)));
        assert!(inside_or_on(&square, Vec2::new(10.0, 5.0)), "on an edge");
        assert!(inside_or_on(&square, Vec2::new(0.0, 0.0)), "a corner");
        assert!(!inside_or_on(&square, Vec2::new(10.5, 5.0)));
        assert!(!inside_or_on(&square, Vec2::new(-1.0, 10.0)));
    }

    #[test]
    fn a_block_within_across_beyond_or_around_the_outline() {
        let outline = ring(&[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]);
        let within = ring(&[(10.0, 10.0), (20.0, 10.0), (20.0, 20.0)]);
        assert_eq!(apart(&within, &outline), None);
        // Over the edge: partly on the area, so it walls part of it off.
        let across = ring(&[(90.0, 10.0), (120.0, 10.0), (90.0, 20.0)]);
        assert_eq!(apart(&across, &outline), None);
        // Every corner outside, an edge through the area: still on it.
        let through = ring(&[(-10.0, 40.0), (110.0, 40.0), (110.0, 60.0), (-10.0, 60.0)]);
        assert_eq!(apart(&through, &outline), None);
        let beyond = ring(&[(110.0, 10.0), (120.0, 10.0), (110.0, 20.0)]);
        assert_eq!(apart(&beyond, &outline), Some(Apart::Outside));
        let around = ring(&[
            (-10.0, -10.0),
            (110.0, -10.0),
            (110.0, 110.0),
            (-10.0, 110.0),
        ]);
        assert_eq!(apart(&around, &outline), Some(Apart::Around));
    }
}
