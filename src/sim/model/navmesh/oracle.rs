//! The shortest route by the visibility graph of the corners, for tests: which pairs of corners
//! see each other (a sight-line walk per pair, along lines that leave the wall on one side at
//! both ends), and A* over it with both ends joined to the corners they see. Quadratic in the
//! corners; the search the mesh answers with (module `polyanya`) must find routes as short.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use glam::DVec2;

use super::mesh::{Corner, Mesh};

/// For each corner, the corners it sees (index, distance), both ends tangent.
fn see_corners(mesh: &Mesh) -> Vec<Vec<(u32, f64)>> {
    let ground = mesh.ground();
    let mut graph = vec![Vec::new(); mesh.corners.len()];
    for (i, a) in mesh.corners.iter().enumerate() {
        for (j, b) in mesh.corners.iter().enumerate().skip(i + 1) {
            if a.tangent(b.pos) && b.tangent(a.pos) && ground.clear_between(a.vertex, b.vertex) {
                let d = a.pos.distance(b.pos);
                graph[i].push((u32::try_from(j).unwrap_or(u32::MAX), d));
                graph[j].push((u32::try_from(i).unwrap_or(u32::MAX), d));
            }
        }
    }
    graph
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
    let graph = see_corners(mesh);
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
            next.extend(graph[node].iter().map(|&(j, d)| (j as usize, d)));
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
