//! A 2-d tree over agent positions, rebuilt each tick where it is needed: the nearest agent of a
//! group (`Target::Nearest`), and the `max_neighbors` nearest agents within a radius when an
//! agent has more neighbours than its cap. Both answers are exact and do not depend on how
//! the points are spread: a query costs O(log n + k) for any layout, where a uniform grid
//! degrades to scanning empty cells (a sparse group) or one crowded cell (a tight cluster).
//!
//! Ties are broken by the lower agent index, so every query has exactly one answer, the same
//! as a brute-force scan's; the tree is built by median splits in a fixed order, so it and its
//! answers depend only on the positions, never on threads.

use std::sync::OnceLock;

use glam::Vec2;

use crate::sim::steer::agent::Agent;

/// One point of the tree: an agent's position and its index in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    position: Vec2,
    index: u32,
}

/// Points at or under this many are scanned in a leaf rather than split further.
const LEAF: usize = 8;

/// The tree: points reordered so that every node is a contiguous range split at its median.
/// A split node whose points all stand on one spot (a stack: a crowd spawned at one point) is
/// marked in `stacks` at its median's place and its points ordered by index, so that a query answers
/// it at once, as a scan of its lowest indices, instead of visiting each of its points (they
/// all tie, and ties go to the lower index).
///
/// Each node keeps the box around its points (at its place, [`slot`]), so a k-nearest query
/// skips a node as soon as the box is farther than its answer so far, as RVO2's tree does.
#[derive(Clone, Debug, Default)]
pub struct KdTree {
    points: Vec<Point>,
    stacks: Vec<u64>,
    bounds: Vec<Bounds>,
}

/// The box around a node's points: `[min_x, min_y, max_x, max_y]`.
type Bounds = [f32; 4];

/// The box around `points` (not empty) and each node under `range`, kept at their places.
fn bounds_of(points: &[Point], range: std::ops::Range<usize>, out: &mut [Bounds]) -> Bounds {
    let around = |b: Bounds, p: Vec2| [b[0].min(p.x), b[1].min(p.y), b[2].max(p.x), b[3].max(p.y)];
    let at = slot(&range);
    let first = points[at].position;
    let mut b = [first.x, first.y, first.x, first.y];
    if range.len() <= LEAF {
        for q in &points[range.clone()] {
            b = around(b, q.position);
        }
    } else {
        for part in [range.start..at, at + 1..range.end] {
            if !part.is_empty() {
                let c = bounds_of(points, part, out);
                b = around(around(b, Vec2::new(c[0], c[1])), Vec2::new(c[2], c[3]));
            }
        }
    }
    out[at] = b;
    b
}

/// The squared distance from `p` to the box `b` (0 inside it): no point of the box is nearer,
/// in `f32` as well (each step rounds monotonically), so skipping a box farther than an answer
/// never loses a point as near as it.
fn distance2_to(b: &Bounds, p: Vec2) -> f32 {
    let dx = (b[0] - p.x).max(p.x - b[2]).max(0.0);
    let dy = (b[1] - p.y).max(p.y - b[3]).max(0.0);
    dx * dx + dy * dy
}

/// Where the node over `range` keeps its mark: its median's place (a split node; a leaf is
/// never marked), or its first place. Ranges of a tree are nested or apart and a node's
/// children leave out its median, so no two nodes share a place.
fn slot(range: &std::ops::Range<usize>) -> usize {
    if range.len() <= LEAF {
        range.start
    } else {
        range.start + range.len() / 2
    }
}

/// `(squared distance, agent index)`, ordered: nearer first, then the lower index.
fn key(d2: f32, index: u32) -> (f32, u32) {
    (d2, index)
}

fn less(a: (f32, u32), b: (f32, u32)) -> bool {
    a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).is_lt()
}

impl KdTree {
    /// Rebuilds the tree over `points` (agent index and position), reusing its allocation.
    pub fn rebuild(&mut self, points: impl IntoIterator<Item = (u32, Vec2)>) {
        self.points.clear();
        self.points.extend(
            points
                .into_iter()
                .map(|(index, position)| Point { position, index }),
        );
        build(&mut self.points, 0);
        self.stacks.clear();
        self.stacks.resize(self.points.len().div_ceil(64), 0);
        self.bounds.clear();
        self.bounds.resize(self.points.len(), [0.0; 4]);
        if !self.points.is_empty() {
            let all = 0..self.points.len();
            if stack_of(&mut self.points, all.clone(), &mut self.stacks).is_some() {
                sort_stack(&mut self.points, all.clone());
            }
            bounds_of(&self.points, all, &mut self.bounds);
        }
    }

    /// Whether the split node whose median is at `mid` is a stack.
    fn is_stack(&self, mid: usize) -> bool {
        self.stacks[mid / 64] & (1 << (mid % 64)) != 0
    }

    /// Whether the tree has no points.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The nearest point to `p` other than agent `exclude` (ties: the lower index), with its
    /// squared distance.
    #[must_use]
    pub fn nearest(&self, p: Vec2, exclude: u32) -> Option<(u32, f32)> {
        let mut best: Option<(f32, u32)> = None;
        self.nearest_in(0..self.points.len(), 0, p, exclude, &mut best);
        best.map(|(d2, index)| (index, d2))
    }

    /// The `k` nearest points to `p` within squared distance `radius2` (other than `exclude`),
    /// nearest first with ties by the lower index, into `out` (cleared first).
    pub fn nearest_within(
        &self,
        p: Vec2,
        radius2: f32,
        k: usize,
        exclude: u32,
        out: &mut Vec<(f32, u32)>,
    ) {
        out.clear();
        if k == 0 {
            return;
        }
        out.reserve(k.min(self.points.len()));
        self.k_nearest_in(0..self.points.len(), 0, (p, radius2, k, exclude), out);
    }
}

/// Orders `points` into a tree: the median (by x at even depth, y at odd) in the middle, the
/// smaller half before it and the larger after, recursively. Equal coordinates are ordered by
/// index, so the layout is unique.
fn build(points: &mut [Point], depth: u32) {
    if points.len() <= LEAF {
        return;
    }
    let mid = points.len() / 2;
    let axis = depth % 2;
    points.select_nth_unstable_by(mid, |a, b| {
        let (ca, cb) = if axis == 0 {
            (a.position.x, b.position.x)
        } else {
            (a.position.y, b.position.y)
        };
        ca.total_cmp(&cb).then(a.index.cmp(&b.index))
    });
    let (lower, rest) = points.split_at_mut(mid);
    build(lower, depth + 1);
    build(&mut rest[1..], depth + 1);
}

fn coordinate(p: Vec2, axis: u32) -> f32 {
    if axis == 0 { p.x } else { p.y }
}

impl KdTree {
    fn nearest_in(
        &self,
        range: std::ops::Range<usize>,
        depth: u32,
        p: Vec2,
        exclude: u32,
        best: &mut Option<(f32, u32)>,
    ) {
        let mut consider = |q: &Point| {
            if q.index == exclude {
                return false;
            }
            let candidate = key(p.distance_squared(q.position), q.index);
            if best.is_none_or(|b| less(candidate, b)) {
                *best = Some(candidate);
            }
            true
        };
        let points = &self.points[range.clone()];
        if points.len() <= LEAF {
            for q in points {
                consider(q);
            }
            return;
        }
        let mid = range.start + points.len() / 2;
        if self.is_stack(mid) {
            // Ordered by index: the first that is not `exclude` is the stack's answer.
            points.iter().find(|q| consider(q));
            return;
        }
        let axis = depth % 2;
        let median = self.points[mid];
        let delta = coordinate(p, axis) - coordinate(median.position, axis);
        let (near, far) = if delta < 0.0 {
            (range.start..mid, mid + 1..range.end)
        } else {
            (mid + 1..range.end, range.start..mid)
        };
        self.nearest_in(near, depth + 1, p, exclude, best);
        if median.index != exclude {
            let candidate = key(p.distance_squared(median.position), median.index);
            if best.is_none_or(|b| less(candidate, b)) {
                *best = Some(candidate);
            }
        }
        // The far side can hold a point as near as the best (a tie with a lower index) only if
        // the splitting line is no farther than it.
        if best.is_none_or(|b| delta * delta <= b.0) {
            self.nearest_in(far, depth + 1, p, exclude, best);
        }
    }

    fn k_nearest_in(
        &self,
        range: std::ops::Range<usize>,
        depth: u32,
        (p, radius2, k, exclude): (Vec2, f32, usize, u32),
        out: &mut Best,
    ) {
        let consider = |out: &mut Best, q: &Point| {
            if q.index == exclude {
                return true;
            }
            let d2 = p.distance_squared(q.position);
            d2 <= radius2 && offer(out, k, (d2, q.index))
        };
        let points = &self.points[range.clone()];
        if points.len() <= LEAF {
            for q in points {
                consider(out, q);
            }
            return;
        }
        let mid = range.start + points.len() / 2;
        if self.is_stack(mid) {
            // Ordered by index: once one is not taken, none after it is.
            for q in points {
                if !consider(out, q) {
                    break;
                }
            }
            return;
        }
        let axis = depth % 2;
        let median = self.points[mid];
        let delta = coordinate(p, axis) - coordinate(median.position, axis);
        let (near, far) = if delta < 0.0 {
            (range.start..mid, mid + 1..range.end)
        } else {
            (mid + 1..range.end, range.start..mid)
        };
        let query = (p, radius2, k, exclude);
        // A side is worth visiting while its box is no farther than the answer so far: the
        // radius, then the k-th nearest once k are held (a tie there may still win on index).
        let worth = |out: &Best, side: &std::ops::Range<usize>| {
            let bound = match out.last() {
                Some(worst) if out.len() >= k => worst.0.min(radius2),
                _ => radius2,
            };
            !side.is_empty() && distance2_to(&self.bounds[slot(side)], p) <= bound
        };
        if worth(out, &near) {
            self.k_nearest_in(near, depth + 1, query, out);
        }
        consider(out, &median);
        if worth(out, &far) {
            self.k_nearest_in(far, depth + 1, query, out);
        }
    }
}

/// Marks in `stacks` every split node under `range` (not empty) whose points all stand on one
/// spot, orders by index the points of each such node under this one that is outermost below
/// it, and gives the spot when this node's points all stand on one (the caller orders them).
fn stack_of(
    points: &mut [Point],
    range: std::ops::Range<usize>,
    stacks: &mut [u64],
) -> Option<Vec2> {
    if range.len() <= LEAF {
        let first = points[range.start].position;
        return points[range]
            .iter()
            .all(|q| q.position == first)
            .then_some(first);
    }
    let at = slot(&range);
    let median = points[at].position;
    let lower = range.start..at;
    let upper = at + 1..range.end;
    let lower_spot = stack_of(points, lower.clone(), stacks);
    let upper_spot = if upper.is_empty() {
        Some(median)
    } else {
        stack_of(points, upper.clone(), stacks)
    };
    if lower_spot == Some(median) && upper_spot == Some(median) {
        stacks[at / 64] |= 1 << (at % 64);
        return Some(median);
    }
    for (child, spot) in [(lower, lower_spot), (upper, upper_spot)] {
        if spot.is_some() && child.len() > LEAF {
            sort_stack(points, child);
        }
    }
    None
}

fn sort_stack(points: &mut [Point], range: std::ops::Range<usize>) {
    points[range].sort_unstable_by_key(|q| q.index);
}

/// The best `k` so far, nearest first (ties: the lower index): a short sorted list, as RVO2
/// keeps its neighbours, where a candidate is placed by insertion.
type Best = Vec<(f32, u32)>;

/// Takes `candidate` among the best `k` when it is one of them; says whether it was.
fn offer(best: &mut Best, k: usize, candidate: (f32, u32)) -> bool {
    if best.len() >= k {
        match best.last() {
            Some(&worst) if less(candidate, worst) => {
                best.pop();
            }
            _ => return false,
        }
    }
    let at = best.partition_point(|&held| less(held, candidate));
    best.insert(at, candidate);
    true
}

/// The tree of every agent's position (each keyed by its index), built into `cell` the first
/// time a query of the tick asks for it.
pub fn of_agents<'a>(cell: &'a OnceLock<KdTree>, agents: &[Agent]) -> &'a KdTree {
    cell.get_or_init(|| {
        let mut tree = KdTree::default();
        tree.rebuild(
            agents
                .iter()
                .enumerate()
                .map(|(j, a)| (u32::try_from(j).unwrap_or(u32::MAX), a.position)),
        );
        tree
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_nearest(points: &[(u32, Vec2)], p: Vec2, exclude: u32) -> Option<(u32, f32)> {
        let mut best: Option<(f32, u32)> = None;
        for &(i, q) in points {
            let c = (p.distance_squared(q), i);
            if i != exclude && best.is_none_or(|b| less(c, b)) {
                best = Some(c);
            }
        }
        best.map(|(d2, i)| (i, d2))
    }

    /// A fixed pseudo-random layout with many coincident points and ties.
    fn layout(n: u32) -> Vec<(u32, Vec2)> {
        let mut state = 12_345_u32;
        (0..n)
            .map(|i| {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let x = (state >> 16) % 50;
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let y = (state >> 16) % 30;
                (i, Vec2::new(x as f32, y as f32))
            })
            .collect()
    }

    #[test]
    fn nearest_matches_a_brute_force_scan_with_ties() {
        let points = layout(500);
        let mut tree = KdTree::default();
        tree.rebuild(points.iter().copied());
        for &(i, p) in &points {
            assert_eq!(
                tree.nearest(p, i),
                brute_nearest(&points, p, i),
                "agent {i}"
            );
        }
        assert_eq!(KdTree::default().nearest(Vec2::ZERO, 0), None);
    }

    #[test]
    fn points_stacked_on_one_spot_answer_like_a_scan() {
        // Every point on one of three spots, and queries from those spots and between them.
        let points: Vec<(u32, Vec2)> = (0..3000)
            .map(|i| (i, Vec2::new([10.0, 10.0, 40.0][i as usize % 3], 20.0)))
            .collect();
        let mut tree = KdTree::default();
        tree.rebuild(points.iter().rev().copied());
        let mut out = Vec::new();
        for (exclude, p) in [
            (0, Vec2::new(10.0, 20.0)),
            (1, Vec2::new(10.0, 20.0)),
            (5, Vec2::new(40.0, 20.0)),
            (9, Vec2::new(25.0, 0.0)),
            (u32::MAX, Vec2::new(26.0, 21.0)),
        ] {
            assert_eq!(
                tree.nearest(p, exclude),
                brute_nearest(&points, p, exclude),
                "{p}"
            );
            for k in [1, 5, 2500] {
                tree.nearest_within(p, 1000.0, k, exclude, &mut out);
                let mut want: Vec<(f32, u32)> = points
                    .iter()
                    .filter(|&&(j, q)| j != exclude && p.distance_squared(q) <= 1000.0)
                    .map(|&(j, q)| (p.distance_squared(q), j))
                    .collect();
                want.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                want.truncate(k);
                assert_eq!(out, want, "{p}, k {k}");
            }
        }
    }

    #[test]
    fn k_nearest_within_matches_a_sorted_scan() {
        let points = layout(400);
        let mut tree = KdTree::default();
        tree.rebuild(points.iter().copied());
        let mut out = Vec::new();
        for (k, r) in [(1, 3.0_f32), (7, 5.0), (30, 100.0), (400, 2.0)] {
            for &(i, p) in points.iter().step_by(7) {
                tree.nearest_within(p, r * r, k, i, &mut out);
                let mut want: Vec<(f32, u32)> = points
                    .iter()
                    .filter(|&&(j, q)| j != i && p.distance_squared(q) <= r * r)
                    .map(|&(j, q)| (p.distance_squared(q), j))
                    .collect();
                want.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                want.truncate(k);
                assert_eq!(out, want, "agent {i}, k {k}, r {r}");
            }
        }
    }
}
