//! Ramer–Douglas–Peucker on closed rings, then repaired until no ring crosses itself or
//! another one: every kept point is a corner of the traced contour, so a segment that causes
//! trouble is split at its farthest corner until the trouble is gone (the traced contours
//! themselves never cross).

use super::contour::{Pt, area2};
use super::faults::{self, span};

/// Rounds of repair before every ring falls back to its traced shape (in practice a few
/// rounds suffice: each one only refines the segments found in conflict).
const MAX_ROUNDS: usize = 48;

/// The corners kept of each ring (indices into it, ascending, at least 3 of them, no two
/// consecutive ones at the same point), simplified at `tol` pixels and repaired so that the
/// rings neither cross themselves nor each other, and each hole (every ring but the first)
/// stays inside the first ring and outside the other holes. `tol` is 0 or positive.
pub(super) fn simplify(rings: &[Vec<Pt>], tol: f64) -> Vec<Vec<usize>> {
    let mut keeps: Vec<Vec<usize>> = rings.iter().map(|ring| rdp(ring, tol)).collect();
    if tol <= 0.0 {
        return keeps;
    }
    for round in 0.. {
        let shapes: Vec<Vec<Pt>> = rings
            .iter()
            .zip(&keeps)
            .map(|(ring, keep)| keep.iter().map(|&i| ring[i]).collect())
            .collect();
        let mut bad = faults::conflicts(&shapes);
        for (r, (ring, shape)) in rings.iter().zip(&shapes).enumerate() {
            if area2(shape).signum() != area2(ring).signum() {
                bad.extend((0..shape.len()).map(|m| (r, m)));
            }
        }
        if bad.is_empty() {
            bad = faults::nesting(rings, &keeps, &shapes);
        }
        if bad.is_empty() {
            break;
        }
        if round >= MAX_ROUNDS {
            return rings.iter().map(|ring| (0..ring.len()).collect()).collect();
        }
        bad.sort_unstable();
        bad.dedup();
        for group in bad.chunk_by(|a, b| a.0 == b.0) {
            let r = group[0].0;
            let added: Vec<usize> = group
                .iter()
                .filter_map(|&(_, m)| farthest_inside(&rings[r], &keeps[r], m))
                .collect();
            if added.is_empty() {
                // Only traced edges are in conflict here, which the tracing never produces;
                // the whole ring goes back to its traced shape, so the repair still ends.
                keeps[r] = (0..rings[r].len()).collect();
            } else {
                keeps[r].extend(added);
                keeps[r].sort_unstable();
                keeps[r].dedup();
            }
        }
    }
    keeps
}

/// The corners of `ring` that Ramer–Douglas–Peucker keeps at `tol` pixels, closed-ring
/// variant: the ring is cut at the corner farthest from its first one and at the corner
/// farthest from that, and each half simplified between those two anchors. A corner is kept
/// when it lies more than `tol` from the segment of the span it belongs to. When fewer than 3
/// distinct points would remain, the ring keeps all its corners.
pub(super) fn rdp(ring: &[Pt], tol: f64) -> Vec<usize> {
    let n = ring.len();
    let all = || (0..n).collect();
    if tol <= 0.0 || n < 4 {
        return all();
    }
    let far = farthest(ring, 0..n, |c| dist2(c, ring[0]));
    let farther = farthest(ring, 0..n, |c| dist2(c, ring[far]));
    let (first, second) = (far.min(farther), far.max(farther));
    if ring[first] == ring[second] {
        return all();
    }
    let limit = tol * tol;
    let mut keep = vec![first, second];
    // Spans of indices to simplify, the second one going round past the end of the ring.
    let mut spans = vec![(first, second), (second, first + n)];
    while let Some((from, to)) = spans.pop() {
        if to - from < 2 {
            continue;
        }
        let (start, end) = (ring[from % n], ring[to % n]);
        let worst = farthest(ring, from + 1..to, |c| segment_dist2(c, start, end));
        if segment_dist2(ring[worst % n], start, end) > limit {
            keep.push(worst % n);
            spans.push((from, worst));
            spans.push((worst, to));
        }
    }
    keep.sort_unstable();
    keep.dedup();
    keep.dedup_by(|later, earlier| ring[*later] == ring[*earlier]);
    while keep.len() > 1 && keep.first().map(|&i| ring[i]) == keep.last().map(|&i| ring[i]) {
        keep.pop();
    }
    if keep.len() < 3 { all() } else { keep }
}

/// The corner strictly between the ends of segment `m` of the simplified ring (kept corners
/// `keep`) that lies farthest from that segment; None when the segment is a traced edge.
pub(super) fn farthest_inside(ring: &[Pt], keep: &[usize], m: usize) -> Option<usize> {
    let n = ring.len();
    let (from, to) = span(ring, keep, m);
    if to - from < 2 {
        return None;
    }
    let (start, end) = (ring[from % n], ring[to % n]);
    Some(farthest(ring, from + 1..to, |c| segment_dist2(c, start, end)) % n)
}

/// The index in `range` (taken modulo the ring's length) whose corner maximizes `key`; the
/// first among equals.
fn farthest(ring: &[Pt], range: std::ops::Range<usize>, key: impl Fn(Pt) -> f64) -> usize {
    let n = ring.len();
    let mut best = (range.start, f64::NEG_INFINITY);
    for i in range {
        let d = key(ring[i % n]);
        if d > best.1 {
            best = (i, d);
        }
    }
    best.0
}

fn dist2(a: Pt, b: Pt) -> f64 {
    let (dx, dy) = ((a.x - b.x) as f64, (a.y - b.y) as f64);
    dx * dx + dy * dy
}

/// The squared distance from `c` to the segment from `p` to `q`.
fn segment_dist2(c: Pt, p: Pt, q: Pt) -> f64 {
    let (dx, dy) = ((q.x - p.x) as f64, (q.y - p.y) as f64);
    let (cx, cy) = ((c.x - p.x) as f64, (c.y - p.y) as f64);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        ((cx * dx + cy * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (ex, ey) = (cx - t * dx, cy - t * dy);
    ex * ex + ey * ey
}
