//! Where simplified rings go wrong: segments that cross or touch, rings that pass through the
//! same corner crosswise or fold back on themselves, and holes that end up outside the
//! boundary or inside another hole. All in exact integer arithmetic (every point is a pixel
//! corner). Each finding names the segments, as (ring, segment) with segment `m` running from
//! point `m` to point `m + 1`, that the repair refines.

use std::cmp::Ordering;

use super::contour::Pt;

type Seg = (usize, usize);

/// The segments of `shapes` in conflict: any two that cross, overlap or touch anywhere but at
/// a shared end point (adjacent segments of a ring excepted), segments of zero length, rings
/// that fold straight back at a corner, and two passes of rings through the same corner that
/// cross there.
pub(super) fn conflicts(shapes: &[Vec<Pt>]) -> Vec<Seg> {
    let mut segs = Vec::new();
    for (r, shape) in shapes.iter().enumerate() {
        for m in 0..shape.len() {
            segs.push((r, m, shape[m], shape[(m + 1) % shape.len()]));
        }
    }
    let mut bad = Vec::new();
    // A uniform grid of cells about a segment long, each segment entered in every cell it
    // passes through, so that two segments that meet share a cell.
    let total: i64 = segs
        .iter()
        .map(|&(.., a, b)| (b.x - a.x).abs().max((b.y - a.y).abs()))
        .sum();
    let cell = (total / i64::try_from(segs.len()).unwrap_or(i64::MAX).max(1)).max(1);
    let mut entries: Vec<(i64, i64, usize)> = Vec::new();
    for (s, &(r, m, a, b)) in segs.iter().enumerate() {
        if a == b {
            bad.push((r, m));
        }
        cells_of(a, b, cell, |cy, cx| entries.push((cy, cx, s)));
    }
    entries.sort_unstable();
    for group in entries.chunk_by(|e, f| (e.0, e.1) == (f.0, f.1)) {
        for (k, e) in group.iter().enumerate() {
            for f in &group[k + 1..] {
                let (r1, m1, a1, b1) = segs[e.2];
                let (r2, m2, a2, b2) = segs[f.2];
                let len = shapes[r1].len();
                let adjacent = r1 == r2 && (m1.abs_diff(m2) == 1 || m1.abs_diff(m2) == len - 1);
                if !adjacent && segments_conflict(a1, b1, a2, b2) {
                    bad.push((r1, m1));
                    bad.push((r2, m2));
                }
            }
        }
    }
    bad.extend(corner_conflicts(shapes));
    bad
}

/// The rows and columns of the cells (of side `cell`) that the segment from `a` to `b` passes
/// through or touches, for every point of it (exact: each column's rows come from the
/// segment's height at the column's two sides, rounded down).
fn cells_of(a: Pt, b: Pt, cell: i64, mut visit: impl FnMut(i64, i64)) {
    let (p, q) = if a.x <= b.x { (a, b) } else { (b, a) };
    let dx = i128::from(q.x - p.x);
    let row = |x: i64| -> i64 {
        if dx == 0 {
            return p.y.div_euclid(cell);
        }
        let y_num = i128::from(p.y) * dx + i128::from(q.y - p.y) * i128::from(x - p.x);
        i64::try_from(y_num.div_euclid(dx * i128::from(cell))).unwrap_or(0)
    };
    for cx in p.x.div_euclid(cell)..=q.x.div_euclid(cell) {
        let (r0, r1) = if dx == 0 {
            (p.y.min(q.y).div_euclid(cell), p.y.max(q.y).div_euclid(cell))
        } else {
            let x0 = p.x.max(cx * cell);
            let x1 = q.x.min((cx + 1) * cell);
            let (r0, r1) = (row(x0), row(x1));
            (r0.min(r1), r0.max(r1))
        };
        for cy in r0..=r1 {
            visit(cy, cx);
        }
    }
}

/// Twice the signed area of triangle `a`, `b`, `c`: positive when `c` is to the left of
/// `a`→`b` in a y-up frame.
fn orient(a: Pt, b: Pt, c: Pt) -> i128 {
    let (ux, uy) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
    let (vx, vy) = (i128::from(c.x - a.x), i128::from(c.y - a.y));
    ux * vy - uy * vx
}

/// Whether `c`, on the line through `a` and `b`, is on the segment between them.
fn within(a: Pt, b: Pt, c: Pt) -> bool {
    a.x.min(b.x) <= c.x && c.x <= a.x.max(b.x) && a.y.min(b.y) <= c.y && c.y <= a.y.max(b.y)
}

/// Whether segments `a1`–`b1` and `a2`–`b2` cross, overlap, or touch anywhere but at an end
/// point of both.
fn segments_conflict(a1: Pt, b1: Pt, a2: Pt, b2: Pt) -> bool {
    let (d1, d2) = (orient(a2, b2, a1).signum(), orient(a2, b2, b1).signum());
    let (d3, d4) = (orient(a1, b1, a2).signum(), orient(a1, b1, b2).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    let inside = |d: i128, c: Pt, a: Pt, b: Pt| d == 0 && within(a, b, c) && c != a && c != b;
    if inside(d1, a1, a2, b2)
        || inside(d2, b1, a2, b2)
        || inside(d3, a2, a1, b1)
        || inside(d4, b2, a1, b1)
    {
        return true;
    }
    // Two collinear segments with the same two ends are one segment drawn twice.
    d1 == 0 && d2 == 0 && ((a1, b1) == (a2, b2) || (a1, b1) == (b2, a2))
}

/// The segments around corners where a ring folds straight back, or where two passes through
/// the same point cross (one pass's neighbours on both sides of the other pass) or share a
/// direction.
fn corner_conflicts(shapes: &[Vec<Pt>]) -> Vec<Seg> {
    let mut bad = Vec::new();
    let mut corners: Vec<(Pt, usize, usize)> = Vec::new();
    for (r, shape) in shapes.iter().enumerate() {
        let n = shape.len();
        for m in 0..n {
            corners.push((shape[m], r, m));
            let (back, ahead) = directions(shape, m);
            if cross(back, ahead) == 0 && dot(back, ahead) > 0 {
                bad.extend([(r, (m + n - 1) % n), (r, m)]);
            }
        }
    }
    corners.sort_unstable();
    for group in corners.chunk_by(|a, b| a.0 == b.0) {
        for (k, &(_, r1, m1)) in group.iter().enumerate() {
            for &(_, r2, m2) in &group[k + 1..] {
                let (a1, b1) = directions(&shapes[r1], m1);
                let (a2, b2) = directions(&shapes[r2], m2);
                let same = |u, v| angle_cmp(u, v) == Ordering::Equal;
                let crossing = same(a1, a2)
                    || same(a1, b2)
                    || same(b1, a2)
                    || same(b1, b2)
                    || between(a1, b1, a2) != between(a1, b1, b2);
                if crossing {
                    let (n1, n2) = (shapes[r1].len(), shapes[r2].len());
                    bad.extend([
                        (r1, (m1 + n1 - 1) % n1),
                        (r1, m1),
                        (r2, (m2 + n2 - 1) % n2),
                        (r2, m2),
                    ]);
                }
            }
        }
    }
    bad
}

/// The directions from point `m` of `shape` to the point before it and the point after it.
fn directions(shape: &[Pt], m: usize) -> ((i64, i64), (i64, i64)) {
    let n = shape.len();
    let (p, prev, next) = (shape[m], shape[(m + n - 1) % n], shape[(m + 1) % n]);
    ((prev.x - p.x, prev.y - p.y), (next.x - p.x, next.y - p.y))
}

fn cross(u: (i64, i64), v: (i64, i64)) -> i128 {
    i128::from(u.0) * i128::from(v.1) - i128::from(u.1) * i128::from(v.0)
}

fn dot(u: (i64, i64), v: (i64, i64)) -> i128 {
    i128::from(u.0) * i128::from(v.0) + i128::from(u.1) * i128::from(v.1)
}

/// Directions ordered by angle from the +x axis, in [0, 2π).
fn angle_cmp(u: (i64, i64), v: (i64, i64)) -> Ordering {
    let half = |w: (i64, i64)| w.1 < 0 || (w.1 == 0 && w.0 < 0);
    half(u).cmp(&half(v)).then_with(|| 0.cmp(&cross(u, v)))
}

/// Whether direction `c` lies strictly inside the angle swept from `a` to `b` (increasing
/// angle).
fn between(a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> bool {
    // Angles measured from `a`: a direction before `a` goes round once more.
    let from_a = |w| (angle_cmp(w, a) == Ordering::Less, w);
    let key_cmp = |u: (bool, (i64, i64)), v: (bool, (i64, i64))| {
        u.0.cmp(&v.0).then_with(|| angle_cmp(u.1, v.1))
    };
    angle_cmp(c, a) != Ordering::Equal && key_cmp(from_a(c), from_a(b)) == Ordering::Less
}

/// For shapes that pass [`conflicts`]: the segments to refine where a hole (every shape but
/// the first) is outside the first shape or inside another hole. A hole's first point, a
/// traced corner of it, is tested against the other shapes (even-odd, with a ray along +x);
/// where it is on the wrong side of a shape, the segments of that shape that changed the
/// answer (those whose span of the traced ring, closed by the segment, encloses the point)
/// are the ones to refine.
pub(super) fn nesting(rings: &[Vec<Pt>], keeps: &[Vec<usize>], shapes: &[Vec<Pt>]) -> Vec<Seg> {
    if shapes.len() < 2 {
        return Vec::new();
    }
    // The segments that a ray along row y can cross (those spanning y <= row < y + 1), as a
    // compressed table by row.
    let rows = shapes
        .iter()
        .flatten()
        .map(|p| p.y)
        .max()
        .unwrap_or(0)
        .max(0);
    let rows = usize::try_from(rows).unwrap_or(0) + 1;
    let row_span = |a: Pt, b: Pt| {
        let lo = usize::try_from(a.y.min(b.y)).unwrap_or(0);
        let hi = usize::try_from(a.y.max(b.y)).unwrap_or(0);
        lo..hi
    };
    let mut start = vec![0usize; rows + 1];
    for shape in shapes {
        for m in 0..shape.len() {
            for y in row_span(shape[m], shape[(m + 1) % shape.len()]) {
                start[y + 1] += 1;
            }
        }
    }
    for y in 0..rows {
        start[y + 1] += start[y];
    }
    let mut fill = start.clone();
    let mut table = vec![(0usize, 0usize); start[rows]];
    for (r, shape) in shapes.iter().enumerate() {
        for m in 0..shape.len() {
            for y in row_span(shape[m], shape[(m + 1) % shape.len()]) {
                table[fill[y]] = (r, m);
                fill[y] += 1;
            }
        }
    }
    let mut bad = Vec::new();
    let mut crossed = Vec::new();
    for (h, hole) in shapes.iter().enumerate().skip(1) {
        let v = hole[0];
        let Ok(y) = usize::try_from(v.y) else {
            continue;
        };
        crossed.clear();
        for &(r, m) in table.get(start[y]..start[y + 1]).unwrap_or(&[]) {
            let shape = &shapes[r];
            if r != h && ray_crosses(v, shape[m], shape[(m + 1) % shape.len()]) {
                crossed.push(r);
            }
        }
        crossed.sort_unstable();
        // Shapes crossed an odd number of times enclose `v`; it should be the first alone.
        let mut inside: Vec<usize> = crossed
            .chunk_by(|a, b| a == b)
            .filter(|run| run.len() % 2 == 1)
            .map(|run| run[0])
            .collect();
        if inside.first() == Some(&0) {
            inside.remove(0);
        } else {
            inside.push(0);
        }
        for r in inside {
            for m in 0..shapes[r].len() {
                let (i, j) = span(&rings[r], &keeps[r], m);
                if j - i >= 2 && loop_encloses(&rings[r], i, j, v) {
                    bad.push((r, m));
                }
            }
        }
    }
    bad
}

/// Whether the ray from `v` along +x crosses the segment from `a` to `b` (half-open in y, so
/// that a ray through a corner counts it once); `v` is never on the segment.
fn ray_crosses(v: Pt, a: Pt, b: Pt) -> bool {
    (a.y > v.y) != (b.y > v.y) && (orient(a, b, v) > 0) == (b.y > a.y)
}

/// Whether the loop made of the traced corners `i..=j` (indices modulo the ring's length) and
/// the segment back from `j` to `i` encloses `v` (even-odd).
fn loop_encloses(ring: &[Pt], i: usize, j: usize, v: Pt) -> bool {
    let n = ring.len();
    let mut odd = ray_crosses(v, ring[j % n], ring[i % n]);
    for k in i..j {
        odd ^= ray_crosses(v, ring[k % n], ring[(k + 1) % n]);
    }
    odd
}

/// The span of ring indices that segment `m` of the simplified ring replaces: from its start
/// corner to its end corner, the end going past `ring.len()` for the closing segment.
pub(super) fn span(ring: &[Pt], keep: &[usize], m: usize) -> (usize, usize) {
    let i = keep[m];
    let j = keep.get(m + 1).copied().unwrap_or(keep[0] + ring.len());
    (i, j)
}
