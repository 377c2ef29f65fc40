//! Queries on a built mesh: the nearest walkable point, and the shortest route between two
//! walkable points (A* over the corners that see each other).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use glam::{DVec2, Vec2};

use super::mesh::{Corner, Mesh};

/// The closest point of the walkable area to `p`, as a walkable `f32` point (a rounding step
/// inside where the exact closest point lies on the rim). `p` itself when it is walkable; `None`
/// when nothing is walkable (or no `f32` point is) or `p` is not finite.
pub(crate) fn nearest(mesh: &Mesh, p: DVec2) -> Option<Vec2> {
    if mesh.rim.is_empty() || !p.is_finite() {
        return None;
    }
    let ground = mesh.ground();
    if ground.point_ok(p) {
        return Some(p.as_vec2());
    }
    let mut near: Vec<(f64, DVec2, DVec2)> = mesh
        .rim
        .iter()
        .map(|&(a, b, inside)| {
            let q = closest_on_segment(a, b, p);
            (q.distance_squared(p), q, inside)
        })
        .collect();
    near.sort_by(|x, y| x.0.total_cmp(&y.0));
    // The closest rim point, or where rounding keeps it off walkable ground (a sliver face) the
    // next closest; at worst the closest centroid of a walkable triangle that rounds onto it.
    near.iter()
        .take(64)
        .find_map(|&(_, q, inside)| ground.nudge(q, inside))
        .or_else(|| {
            mesh.triangles
                .iter()
                .map(|t| (t[0] + t[1] + t[2]) / 3.0)
                .filter(|c| ground.point_ok(c.as_dvec2()))
                .min_by(|a, b| {
                    let (da, db) = (a.as_dvec2().distance(p), b.as_dvec2().distance(p));
                    da.total_cmp(&db)
                })
        })
}

/// The point of segment `a`–`b` closest to `p`.
fn closest_on_segment(a: DVec2, b: DVec2, p: DVec2) -> DVec2 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 == 0.0 {
        return a;
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    a + ab * t
}

/// An entry of the open set: lowest estimate first, then lowest node index.
#[derive(Clone, Copy, PartialEq)]
struct Frontier {
    estimate: f64,
    cost: f64,
    node: usize,
}

impl Eq for Frontier {}

impl Ord for Frontier {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .estimate
            .total_cmp(&self.estimate)
            .then(other.node.cmp(&self.node))
    }
}

impl PartialOrd for Frontier {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The corners (indices into `mesh.corners`) where the shortest route from `start` to `goal`
/// turns, in order; `None` when no route joins them. Both points must be walkable.
pub(crate) fn shortest(mesh: &Mesh, start: DVec2, goal: DVec2) -> Option<Vec<usize>> {
    let ground = mesh.ground();
    if ground.clear(start, goal) {
        return Some(Vec::new());
    }
    let corners = &mesh.corners;
    let n = corners.len();
    let sees =
        |p: DVec2, c: &Corner| (c.tangent(p) && ground.clear(p, c.pos)).then(|| p.distance(c.pos));
    let from_start: Vec<Option<f64>> = corners.iter().map(|c| sees(start, c)).collect();
    // Whether a corner sees the goal is asked only of the corners that A* takes up.
    let mut to_goal: Vec<Option<Option<f64>>> = vec![None; n];
    let (s, g) = (n, n + 1);
    let pos = |i: usize| match i {
        i if i < n => corners[i].pos,
        i if i == s => start,
        _ => goal,
    };
    let mut cost = vec![f64::INFINITY; n + 2];
    let mut came = vec![usize::MAX; n + 2];
    let mut open = BinaryHeap::new();
    cost[s] = 0.0;
    open.push(Frontier {
        estimate: start.distance(goal),
        cost: 0.0,
        node: s,
    });
    let mut next: Vec<(usize, f64)> = Vec::new();
    while let Some(Frontier { cost: c, node, .. }) = open.pop() {
        if node == g {
            break;
        }
        if c > cost[node] {
            continue;
        }
        next.clear();
        if node == s {
            next.extend(
                from_start
                    .iter()
                    .enumerate()
                    .filter_map(|(i, d)| Some((i, (*d)?))),
            );
        } else {
            next.extend(mesh.graph[node].iter().map(|&(j, d)| (j as usize, d)));
            if let Some(d) = *to_goal[node].get_or_insert_with(|| sees(goal, &corners[node])) {
                next.push((g, d));
            }
        }
        for &(m, d) in &next {
            let nc = c + d;
            if nc < cost[m] {
                cost[m] = nc;
                came[m] = node;
                open.push(Frontier {
                    estimate: nc + pos(m).distance(goal),
                    cost: nc,
                    node: m,
                });
            }
        }
    }
    if came[g] == usize::MAX {
        return None;
    }
    let mut turns = Vec::new();
    let mut at = came[g];
    while at < n && turns.len() <= n {
        turns.push(at);
        at = came[at];
    }
    turns.reverse();
    Some(turns)
}
