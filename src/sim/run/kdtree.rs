//! A 2-d tree over agent positions, rebuilt each tick where it is needed: the nearest agent of a
//! group (`Target::Nearest`), the `max_neighbors` nearest agents within a radius when an agent
//! has more neighbours than its cap, and ORCA's nearest neighbours. Every answer is exact and
//! does not depend on how the points are spread: a query costs O(log n + k) for any layout, where
//! a uniform grid degrades to scanning empty cells (a sparse group) or one crowded cell (a tight
//! cluster).
//!
//! Ties are broken by the lower agent index, so every query has exactly one answer, the same
//! as a brute-force scan's; the tree is built in a fixed order, so it and its
//! answers depend only on the positions, never on threads.
//!
//! Its shape is RVO2's (van den Berg et al.'s `KdTree`): each node keeps the box around its
//! points and is split across the box's longer side; a query visits the nearer child first and
//! skips a child whose box is farther than the answer so far. A node whose points all stand on
//! one spot (a crowd spawned at one point) is not split but kept ordered by index, so that a
//! query answers it as a scan of its lowest indices.

use std::sync::OnceLock;

use glam::Vec2;

use crate::sim::steer::agent::Agent;

/// One point of the tree: an agent's position and its index in the world.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    position: Vec2,
    index: u32,
}

/// Points at or under this many are scanned in a leaf rather than split further (16 measured
/// fewest instructions on a crowd of 1,000 against 4, 8 and 32: docs/performance.md).
const LEAF: usize = 16;

/// A node: its points `points[begin..end]`, the box around them, and its children (`left` is
/// 0 for a leaf; the root is node 0, so no child is).
#[derive(Clone, Copy, Debug, Default)]
struct TreeNode {
    begin: u32,
    end: u32,
    left: u32,
    right: u32,
    min: Vec2,
    max: Vec2,
}

impl TreeNode {
    /// The squared distance from `p` to the node's box (0 inside it): no point of the box is
    /// nearer, in `f32` as well (each step rounds monotonically), so skipping a box farther than
    /// an answer never loses a point as near as it.
    #[inline]
    fn distance2(&self, p: Vec2) -> f32 {
        let dx = (self.min.x - p.x).max(p.x - self.max.x).max(0.0);
        let dy = (self.min.y - p.y).max(p.y - self.max.y).max(0.0);
        dx * dx + dy * dy
    }

    /// Whether its points all stand on one spot (then they are ordered by index).
    fn is_stack(&self) -> bool {
        self.min == self.max
    }
}

/// The tree: points reordered so that every node is a contiguous range, and the nodes.
#[derive(Clone, Debug, Default)]
pub struct KdTree {
    points: Vec<Point>,
    nodes: Vec<TreeNode>,
}

/// `(squared distance, agent index)`, ordered: nearer first, then the lower index. The keys
/// compared hold no NaN (a query takes a point only when `d2 <= radius2`, which fails for
/// NaN), and a sum of squares is never -0, so plain comparisons order them totally.
#[inline]
#[allow(clippy::float_cmp)] // Exact ties are what the index breaks.
fn closer(a: (f32, u32), b: (f32, u32)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}

/// A k-nearest query: the point, the squared radius, k, the index left out.
#[derive(Clone, Copy)]
struct NearQuery {
    p: Vec2,
    radius2: f32,
    k: usize,
    exclude: u32,
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
        self.nodes.clear();
        if !self.points.is_empty() {
            self.nodes.push(TreeNode::default());
            self.build(0, 0, self.points.len());
        }
    }

    /// Fills node `at` over `points[begin..end]` (not empty) and the nodes under it.
    fn build(&mut self, at: usize, begin: usize, end: usize) {
        let points = &mut self.points[begin..end];
        let first = points[0].position;
        let (mut min, mut max) = (first, first);
        for q in points.iter() {
            min = min.min(q.position);
            max = max.max(q.position);
        }
        let mut node = TreeNode {
            begin: index_u32(begin),
            end: index_u32(end),
            left: 0,
            right: 0,
            min,
            max,
        };
        let stack = min == max;
        if stack {
            points.sort_unstable_by_key(|q| q.index);
        }
        if stack || points.len() <= LEAF {
            self.nodes[at] = node;
            return;
        }
        // Split across the longer side at the box's middle, as RVO2 does, in one pass; where
        // that leaves fewer than an eighth on one side (a cluster far from the rest), at the
        // median (equal coordinates by index), so that the depth stays O(log n) for any layout.
        let axis = usize::from(max.y - min.y > max.x - min.x);
        let middle = (min[axis] + max[axis]) * 0.5;
        let mut mid = 0;
        for j in 0..points.len() {
            if points[j].position[axis] < middle {
                points.swap(mid, j);
                mid += 1;
            }
        }
        let least = points.len() / 8;
        if mid <= least || mid >= points.len() - least {
            mid = points.len() / 2;
            points.select_nth_unstable_by(mid, |a, b| {
                a.position[axis]
                    .total_cmp(&b.position[axis])
                    .then(a.index.cmp(&b.index))
            });
        }
        let left = self.nodes.len();
        self.nodes.push(TreeNode::default());
        self.nodes.push(TreeNode::default());
        node.left = index_u32(left);
        node.right = index_u32(left + 1);
        self.nodes[at] = node;
        self.build(left, begin, begin + mid);
        self.build(left + 1, begin + mid, end);
    }

    /// Whether the tree has no points.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The nearest point to `p` other than `exclude` (ties: the lower index), with its squared
    /// distance; `None` when there is no other point (or every other lies at a NaN distance).
    #[must_use]
    pub fn nearest(&self, p: Vec2, exclude: u32) -> Option<(u32, f32)> {
        // The answer's list, kept per thread: a query per agent and tick allocates nothing.
        thread_local! {
            static BEST: std::cell::RefCell<Best> = const { std::cell::RefCell::new(Vec::new()) };
        }
        BEST.with_borrow_mut(|best| {
            self.nearest_within(p, f32::INFINITY, 1, exclude, best);
            best.first().map(|&(d2, index)| (index, d2))
        })
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
        if k == 0 || self.nodes.is_empty() {
            return;
        }
        out.reserve(k.min(self.points.len()));
        let query = NearQuery {
            p,
            radius2,
            k,
            exclude,
        };
        self.k_nearest_in(0, query, out);
    }

    fn k_nearest_in(&self, at: usize, q: NearQuery, out: &mut Best) {
        let node = &self.nodes[at];
        if node.left == 0 {
            let points = &self.points[node.begin as usize..node.end as usize];
            let stack = node.is_stack();
            for point in points {
                if point.index == q.exclude {
                    continue;
                }
                let d2 = q.p.distance_squared(point.position);
                let taken = d2 <= q.radius2 && offer(out, q.k, (d2, point.index));
                // A stack is ordered by index: once one is not taken, none after it is.
                if stack && !taken {
                    return;
                }
            }
            return;
        }
        let (left, right) = (node.left as usize, node.right as usize);
        let (d_left, d_right) = (
            self.nodes[left].distance2(q.p),
            self.nodes[right].distance2(q.p),
        );
        let (first, d_first, second, d_second) = if d_left <= d_right {
            (left, d_left, right, d_right)
        } else {
            (right, d_right, left, d_left)
        };
        // A child is worth visiting while its box is no farther than the answer so far: the
        // radius, then the k-th nearest once k are held (a tie there may still win on index).
        if d_first <= bound(out, &q) {
            self.k_nearest_in(first, q, out);
            if d_second <= bound(out, &q) {
                self.k_nearest_in(second, q, out);
            }
        }
    }
}

/// How far a box may be and still hold a point of the answer.
#[inline]
fn bound(out: &Best, q: &NearQuery) -> f32 {
    match out.last() {
        Some(worst) if out.len() >= q.k => worst.0.min(q.radius2),
        _ => q.radius2,
    }
}

fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// The best `k` so far, nearest first (ties: the lower index): a short sorted list, as RVO2
/// keeps its neighbours, where a candidate is placed by insertion.
type Best = Vec<(f32, u32)>;

/// Takes `candidate` among the best `k` when it is one of them; says whether it was.
#[inline]
fn offer(best: &mut Best, k: usize, candidate: (f32, u32)) -> bool {
    if best.len() >= k {
        match best.last() {
            Some(&worst) if closer(candidate, worst) => {
                best.pop();
            }
            _ => return false,
        }
    }
    let at = best.partition_point(|&held| closer(held, candidate));
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
                .map(|(j, a)| (index_u32(j), a.position)),
        );
        tree
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn less(a: (f32, u32), b: (f32, u32)) -> bool {
        a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).is_lt()
    }

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

    #[test]
    fn lopsided_layouts_answer_like_a_scan() {
        // Points doubling their distance from the origin (each box's middle leaves one point on
        // a side), a tight cluster far from them, and one spot holding many.
        let mut points: Vec<(u32, Vec2)> = (0..60_u32)
            .map(|i| (i, Vec2::new(2.0_f32.powi(i.cast_signed() - 20), 1.0)))
            .collect();
        points.extend((60..300).map(|i| (i, Vec2::new(1.0e6 + (i % 17) as f32 * 1.0e-2, 5.0))));
        points.extend((300..340).map(|i| (i, Vec2::new(-7.0, -7.0))));
        let mut tree = KdTree::default();
        tree.rebuild(points.iter().copied());
        let mut out = Vec::new();
        for &(i, p) in points.iter().step_by(3) {
            assert_eq!(
                tree.nearest(p, i),
                brute_nearest(&points, p, i),
                "agent {i}"
            );
            for (k, r2) in [(10, 1.0e12_f32), (3, 1.0), (50, f32::INFINITY)] {
                tree.nearest_within(p, r2, k, i, &mut out);
                let mut want: Vec<(f32, u32)> = points
                    .iter()
                    .filter(|&&(j, q)| j != i && p.distance_squared(q) <= r2)
                    .map(|&(j, q)| (p.distance_squared(q), j))
                    .collect();
                want.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                want.truncate(k);
                assert_eq!(out, want, "agent {i}, k {k}");
            }
        }
    }
}
