//! The walls' segments made into a plane graph before spade sees them: each segment is split
//! where another crosses it, and where a segment's end lies on (or within a rounding margin of)
//! another segment, so that near-parallel and touching segments share their points exactly.
//!
//! Spade splits crossing constraint edges itself, but near-parallel segments that touch or
//! overlap (a square end of a band lying along the next edge of a rotated rectangle) can make
//! its splitting fail an assertion; with every crossing and touching point computed once here
//! and shared, it is left almost nothing to split.

// Geometry has its textbook names: segments `s` and `t`, their directions `d` and `e`.
#![allow(clippy::many_single_char_names)]

use std::collections::HashMap;

use glam::DVec2;

/// A point within this distance (relative to the level's size) of a segment lies on it.
const SNAP: f64 = 1e-9;

/// `segments` made into a plane graph: split at their crossings and touching points, points
/// closer than the rounding margin merged, each pair of ends in a fixed order, without repeats;
/// `scale` is the level's size.
pub(crate) fn plane_graph(segments: &[[DVec2; 2]], scale: f64) -> Vec<[DVec2; 2]> {
    let tol = SNAP * scale.max(f64::MIN_POSITIVE);
    // Several segments through one point give it as several crossings a rounding apart, and
    // merging points can make new touching points: two rounds settle it in practice.
    let once = merge_close(&split(segments, tol), tol);
    merge_close(&split(&once, tol), tol)
}

/// Points within `tol` of each other replaced by one of them.
fn merge_close(segments: &[[DVec2; 2]], tol: f64) -> Vec<[DVec2; 2]> {
    let mut pts: Vec<DVec2> = segments.iter().flatten().copied().collect();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    let mut to: HashMap<[u64; 2], DVec2> = HashMap::with_capacity(pts.len());
    for i in 0..pts.len() {
        let p = pts[i];
        let near = pts[..i]
            .iter()
            .rev()
            .take_while(|q| p.x - q.x <= tol)
            .find(|q| q.distance(p) <= tol);
        let target = near.map_or(p, |q| to.get(&point_key(*q)).copied().unwrap_or(*q));
        to.insert(point_key(p), target);
    }
    let moved = |p: DVec2| to.get(&point_key(p)).copied().unwrap_or(p);
    let mut out: Vec<[DVec2; 2]> = segments
        .iter()
        .map(|&[a, b]| (moved(a), moved(b)))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| ordered(a, b))
        .collect();
    out.sort_by_key(key);
    out.dedup();
    out
}

/// `segments` split where another crosses them or ends on them.
fn split(segments: &[[DVec2; 2]], tol: f64) -> Vec<[DVec2; 2]> {
    let n = segments.len();
    // Split points of each segment, by their parameter along it.
    let mut cuts: Vec<Vec<(f64, DVec2)>> = vec![Vec::new(); n];
    let lo = |s: &[DVec2; 2]| s[0].x.min(s[1].x) - tol;
    let hi = |s: &[DVec2; 2]| s[0].x.max(s[1].x) + tol;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| lo(&segments[a]).total_cmp(&lo(&segments[b])));
    for (k, &i) in order.iter().enumerate() {
        let s = segments[i];
        let (y0, y1) = (s[0].y.min(s[1].y) - tol, s[0].y.max(s[1].y) + tol);
        for &j in &order[k + 1..] {
            let t = segments[j];
            if lo(&t) > hi(&s) {
                break;
            }
            if t[0].y.max(t[1].y) < y0 || t[0].y.min(t[1].y) > y1 {
                continue;
            }
            meet(s, t, tol, &mut cuts, i, j);
        }
    }
    let mut out = Vec::with_capacity(n * 2);
    for (s, mut points) in segments.iter().zip(cuts) {
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut prev = s[0];
        for (_, p) in points.into_iter().chain([(1.0, s[1])]) {
            if p != prev {
                out.push(ordered(prev, p));
                prev = p;
            }
        }
    }
    out.sort_by_key(key);
    out.dedup();
    out
}

/// Where segments `s` (index `i`) and `t` (index `j`) meet: an end of one on the other, or a
/// crossing inside both; the points found are added to `cuts`.
fn meet(
    s: [DVec2; 2],
    t: [DVec2; 2],
    tol: f64,
    cuts: &mut [Vec<(f64, DVec2)>],
    i: usize,
    j: usize,
) {
    let mut touched = false;
    for (a, b, k) in [(s, t, j), (t, s, i)] {
        for p in a {
            if let Some(u) = inside_param(b, p, tol) {
                cuts[k].push((u, p));
                touched = true;
            }
        }
    }
    if touched {
        return;
    }
    let (d, e) = (s[1] - s[0], t[1] - t[0]);
    let side = |o: DVec2, dir: DVec2, p: DVec2| dir.perp_dot(p - o);
    let (s0, s1) = (side(t[0], e, s[0]), side(t[0], e, s[1]));
    let (t0, t1) = (side(s[0], d, t[0]), side(s[0], d, t[1]));
    if s0 * s1 < 0.0 && t0 * t1 < 0.0 {
        let u = s0 / (s0 - s1);
        let x = s[0] + d * u;
        cuts[i].push((u, x));
        cuts[j].push((t0 / (t0 - t1), x));
    }
}

/// The parameter along `seg` of `p` when `p` lies within `tol` of the segment, strictly between
/// its ends (and not at either end).
fn inside_param(seg: [DVec2; 2], p: DVec2, tol: f64) -> Option<f64> {
    let d = seg[1] - seg[0];
    let len2 = d.length_squared();
    if len2 == 0.0 || p == seg[0] || p == seg[1] {
        return None;
    }
    let u = (p - seg[0]).dot(d) / len2;
    let along = u * len2.sqrt();
    let ok = u > 0.0
        && u < 1.0
        && along > tol
        && (1.0 - u) * len2.sqrt() > tol
        && (seg[0] + d * u).distance(p) <= tol;
    ok.then_some(u)
}

/// The two ends in a fixed order.
pub(crate) fn ordered(a: DVec2, b: DVec2) -> [DVec2; 2] {
    if point_key(a) <= point_key(b) {
        [a, b]
    } else {
        [b, a]
    }
}

fn point_key(p: DVec2) -> [u64; 2] {
    [p.x.to_bits(), p.y.to_bits()]
}

fn key(s: &[DVec2; 2]) -> [u64; 4] {
    let ([a, b], [c, d]) = (point_key(s[0]), point_key(s[1]));
    [a, b, c, d]
}
