//! The shortest route between two walkable points: Polyanya (Cui, Harabor and Grastien,
//! "Compromise-free Pathfinding on a Navigation Mesh", IJCAI 2017) over the walkable triangles.
//!
//! A search node is an interval on a triangle's edge and a root: the last point where the route
//! turned (the start, or a corner). Every point of the interval is seen from the root, and the
//! node stands for the routes that reach the triangle beyond the interval through it. Expanding
//! a node projects the two rays from the root through the interval's ends across that
//! triangle: the part of its far edges between the rays is seen from the same root (observable
//! successors); the parts beyond a ray are seen only by turning at the interval's end, so they
//! get that end as their root when it is a corner (non-observable successors). When the root
//! is itself a vertex of the triangle entered (the route has just turned there) the whole
//! triangle is in view, and the search goes on around that vertex until the walls.
//!
//! A node is ranked by `f = g + h`: `g` the length to its root, `h` the shortest way from the
//! root through the interval to the goal (the goal mirrored across the interval's line when it
//! lies on the root's side). A root reached again by a longer way is dropped. Both are exact
//! lower bounds, so the first goal node taken from the open set ends a shortest route.

// Geometry has its textbook names: root `r`, interval ends `p`, `q`, triangle `u`, `w`, `c`.
#![allow(clippy::many_single_char_names)]

use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use glam::DVec2;
use spade::{PositionInTriangulation, Triangulation};

use super::graph::{Graph, NONE};
use super::mesh::Mesh;
use super::sight::pt;

/// The orientation of `c` against the line from `a` to `b`: positive when `c` is on its left,
/// negative on its right, zero on it (exact).
fn orient(a: DVec2, b: DVec2, c: DVec2) -> f64 {
    let co = |p: DVec2| robust::Coord { x: p.x, y: p.y };
    robust::orient2d(co(a), co(b), co(c))
}

/// Where the line from `r` through `through` meets the line from `a` to `b`, as a parameter
/// along `a`–`b` clamped to `[0, 1]` (0 where the lines are parallel).
fn hit(r: DVec2, through: DVec2, a: DVec2, b: DVec2) -> f64 {
    let d = through - r;
    let den = (b - a).perp_dot(d);
    let t = d.perp_dot(a - r) / den;
    if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// The shortest length from `r` through a point of segment `p`–`q` to `t`, both ends of which
/// are on the far side of the segment's line from `r` or on it (`t` is mirrored across it
/// when on `r`'s side).
fn through_interval(r: DVec2, p: DVec2, q: DVec2, t: DVec2) -> f64 {
    let (sr, st) = (orient(p, q, r), orient(p, q, t));
    let t = if sr != 0.0 && sr.signum() == st.signum() {
        let d = q - p;
        let len2 = d.length_squared();
        if len2 > 0.0 {
            let foot = p + d * ((t - p).dot(d) / len2);
            2.0 * foot - t
        } else {
            t
        }
    } else {
        t
    };
    let (a, b) = (orient(r, t, p), orient(r, t, q));
    if a == 0.0 || b == 0.0 || a.signum() != b.signum() {
        r.distance(t)
    } else {
        (r.distance(p) + p.distance(t)).min(r.distance(q) + q.distance(t))
    }
}

/// A turning point of a route being searched: the start or a corner, and the one before it.
#[derive(Clone, Copy)]
struct Root {
    vertex: u32,
    pos: DVec2,
    parent: u32,
}

/// A search node: the interval `left`–`right` on the edge `edge` of triangle `tri` (the edge's
/// start is the interval's left end as seen from the root), seen from root `root` at length
/// `g` from the start. `tri` is `NONE` for a node that ends at the goal.
#[derive(Clone, Copy)]
struct SearchNode {
    tri: u32,
    edge: u8,
    /// The root is an end of the edge (the route has just turned there): all of `tri` is in
    /// view.
    fan: bool,
    left: DVec2,
    right: DVec2,
    root: u32,
    g: f64,
}

/// An entry of the open set: lowest `f` first, then the node made first.
#[derive(Clone, Copy, PartialEq)]
struct Queued {
    f: f64,
    node: u32,
}

impl Eq for Queued {}

impl Ord for Queued {
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.total_cmp(&self.f).then(other.node.cmp(&self.node))
    }
}

impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// What a search keeps, reused by the next search on the same thread.
#[derive(Default)]
struct Scratch {
    /// The shortest length found to each vertex as a root, valid where its stamp is `stamp`.
    best: Vec<(u32, f64)>,
    stamp: u32,
    nodes: Vec<SearchNode>,
    roots: Vec<Root>,
    open: BinaryHeap<Queued>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The walkable triangles whose closure holds `p`.
fn faces_at(mesh: &Mesh, p: DVec2, out: &mut Vec<u32>) {
    out.clear();
    if !p.is_finite() {
        return;
    }
    let graph = &mesh.graph;
    let mut add = |f: usize| {
        let f = u32::try_from(f).unwrap_or(NONE);
        if graph.walkable(f) && !out.contains(&f) {
            out.push(f);
        }
    };
    match mesh.cdt.locate(pt(p)) {
        PositionInTriangulation::OnFace(f) => add(f.index()),
        PositionInTriangulation::OnEdge(e) => {
            let e = mesh.cdt.directed_edge(e);
            add(e.face().fix().index());
            add(e.rev().face().fix().index());
        }
        PositionInTriangulation::OnVertex(v) => {
            for e in mesh.cdt.vertex(v).out_edges() {
                add(e.face().fix().index());
            }
        }
        PositionInTriangulation::OutsideOfConvexHull(_)
        | PositionInTriangulation::NoTriangulation => {}
    }
}

/// The corners (indices into `mesh.corners`) where the shortest route from `start` to `goal`
/// turns, in order; `None` when no route joins them. Both points must be walkable.
pub(crate) fn shortest(mesh: &Mesh, start: DVec2, goal: DVec2) -> Option<Vec<usize>> {
    if mesh.ground().clear(start, goal) {
        return Some(Vec::new());
    }
    let mut starts = Vec::new();
    let mut goals = Vec::new();
    faces_at(mesh, start, &mut starts);
    faces_at(mesh, goal, &mut goals);
    if starts.is_empty() || goals.is_empty() {
        return None;
    }
    SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        RouteSearch::new(&mesh.graph, &mut s, goal, &goals).run(start, &starts)
    })
}

/// One search's state.
struct RouteSearch<'a> {
    graph: &'a Graph,
    s: &'a mut Scratch,
    goal: DVec2,
    goals: &'a [u32],
}

impl<'a> RouteSearch<'a> {
    fn new(graph: &'a Graph, s: &'a mut Scratch, goal: DVec2, goals: &'a [u32]) -> Self {
        s.nodes.clear();
        s.roots.clear();
        s.open.clear();
        if s.best.len() < graph.points.len() {
            s.best.resize(graph.points.len(), (0, 0.0));
        }
        s.stamp = s.stamp.wrapping_add(1);
        if s.stamp == 0 {
            s.best.fill((0, 0.0));
            s.stamp = 1;
        }
        Self {
            graph,
            s,
            goal,
            goals,
        }
    }

    fn run(mut self, start: DVec2, starts: &[u32]) -> Option<Vec<usize>> {
        self.s.roots.push(Root {
            vertex: NONE,
            pos: start,
            parent: NONE,
        });
        for &tri in starts {
            if self.goals.contains(&tri) {
                self.push_goal(0, start.distance(self.goal));
            }
            let t = self.graph.tris[tri as usize];
            for k in 0..3 {
                let (a, b) = (t[k], t[(k + 1) % 3]);
                let (pa, pb) = (self.graph.pos(a), self.graph.pos(b));
                if orient(pa, pb, start) > 0.0 {
                    self.push(self.graph.next[tri as usize][k], b, pb, pa, false, 0, 0.0);
                }
            }
        }
        // Far more than any search needs: a guard against rounding that would go round forever.
        let limit = 64 * self.graph.tris.len() + 4096;
        let mut taken = 0;
        while let Some(Queued { node, .. }) = self.s.open.pop() {
            let n = self.s.nodes[node as usize];
            if n.tri == NONE {
                return Some(self.turns(n.root));
            }
            let root = self.s.roots[n.root as usize];
            if root.vertex != NONE {
                let (stamp, best) = self.s.best[root.vertex as usize];
                if stamp == self.s.stamp && n.g > best + tolerance(best) {
                    continue;
                }
            }
            taken += 1;
            if taken > limit {
                return None;
            }
            self.expand(n, root);
        }
        None
    }

    /// The corners from the start to the root `last`, in order.
    fn turns(&self, last: u32) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = last;
        while at != NONE && out.len() <= self.s.roots.len() {
            let root = self.s.roots[at as usize];
            if root.vertex != NONE {
                out.push(self.graph.corner[root.vertex as usize] as usize);
            }
            at = root.parent;
        }
        out.reverse();
        out
    }

    /// A node of the route ending at the goal from root `root`, `length` long in all.
    fn push_goal(&mut self, root: u32, length: f64) {
        let id = u32::try_from(self.s.nodes.len()).unwrap_or(NONE);
        self.s.nodes.push(SearchNode {
            tri: NONE,
            edge: 0,
            fan: false,
            left: self.goal,
            right: self.goal,
            root,
            g: length,
        });
        self.s.open.push(Queued {
            f: length,
            node: id,
        });
    }

    /// A node entering `tri` (when walkable) across its edge that starts at vertex `from`,
    /// with the interval `left`–`right` seen from root `root` at length `g`.
    #[allow(clippy::too_many_arguments)] // A node's fields, one by one.
    fn push(
        &mut self,
        tri: u32,
        from: u32,
        left: DVec2,
        right: DVec2,
        fan: bool,
        root: u32,
        g: f64,
    ) {
        if !self.graph.walkable(tri) {
            return;
        }
        let r = self.s.roots[root as usize].pos;
        let h = if fan {
            r.distance(self.goal)
        } else {
            through_interval(r, left, right, self.goal)
        };
        let id = u32::try_from(self.s.nodes.len()).unwrap_or(NONE);
        self.s.nodes.push(SearchNode {
            tri,
            edge: self.graph.edge_from(tri, from),
            fan,
            left,
            right,
            root,
            g,
        });
        self.s.open.push(Queued { f: g + h, node: id });
    }

    /// A new root at corner `v`, turned at after root `parent` at length `g`; `None` when `v`
    /// has been reached by a shorter way.
    fn turn(&mut self, v: u32, parent: u32, g: f64) -> Option<u32> {
        let stamp = self.s.stamp;
        let slot = &mut self.s.best[v as usize];
        if slot.0 == stamp {
            if g > slot.1 + tolerance(slot.1) {
                return None;
            }
            slot.1 = slot.1.min(g);
        } else {
            *slot = (stamp, g);
        }
        let id = u32::try_from(self.s.roots.len()).unwrap_or(NONE);
        self.s.roots.push(Root {
            vertex: v,
            pos: self.graph.pos(v),
            parent,
        });
        Some(id)
    }

    fn expand(&mut self, n: SearchNode, root: Root) {
        let graph = self.graph;
        let tri = n.tri as usize;
        let k = usize::from(n.edge);
        let t = graph.tris[tri];
        let nx = graph.next[tri];
        let (iu, iw, ic) = (t[k], t[(k + 1) % 3], t[(k + 2) % 3]);
        let (u, w, c) = (graph.pos(iu), graph.pos(iw), graph.pos(ic));
        // The far edges: w → c on the right (as seen from the root), c → u on the left.
        let (right_next, left_next) = (nx[(k + 1) % 3], nx[(k + 2) % 3]);
        let r = root.pos;
        if n.fan {
            if self.goals.contains(&n.tri) {
                self.push_goal(n.root, n.g + r.distance(self.goal));
            }
            // All of the triangle is in view from its vertex: the far edge whole, and on
            // round the vertex across the other edge at it.
            if root.vertex == iu {
                self.push(right_next, ic, c, w, false, n.root, n.g);
                self.push(left_next, iu, u, c, true, n.root, n.g);
            } else {
                self.push(left_next, iu, u, c, false, n.root, n.g);
                self.push(right_next, ic, c, w, true, n.root, n.g);
            }
            return;
        }
        let (p, q) = (n.left, n.right);
        let (left_at_u, right_at_w) = (p == u, q == w);
        if self.goals.contains(&n.tri) {
            let t = self.goal;
            let (tl, tr) = (orient(r, p, t), orient(r, q, t));
            if tl <= 0.0 && tr >= 0.0 {
                self.push_goal(n.root, n.g + r.distance(t));
            } else if tr < 0.0 && right_at_w && graph.is_corner(iw) {
                let g = n.g + r.distance(w);
                if let Some(id) = self.turn(iw, n.root, g) {
                    self.push_goal(id, g + w.distance(t));
                }
            } else if tl > 0.0 && left_at_u && graph.is_corner(iu) {
                let g = n.g + r.distance(u);
                if let Some(id) = self.turn(iu, n.root, g) {
                    self.push_goal(id, g + u.distance(t));
                }
            }
        }
        // Where each ray leaves the triangle, as a position along its far side: 0 at w, 1 at
        // c, 2 at u.
        let side = |through: DVec2, o: f64| {
            if o > 0.0 {
                hit(r, through, w, c)
            } else if o < 0.0 {
                1.0 + hit(r, through, c, u)
            } else {
                1.0
            }
        };
        let (ol, or) = (orient(r, p, c), orient(r, q, c));
        let sr = if right_at_w && or > 0.0 {
            0.0
        } else {
            side(q, or)
        };
        let sl = if left_at_u && ol < 0.0 {
            2.0
        } else {
            side(p, ol)
        }
        .max(sr);
        // Exact at the ends and at c, so that an interval that ends at a vertex is known to.
        #[allow(clippy::float_cmp)]
        let at = |s: f64| {
            if s <= 0.0 {
                w
            } else if s < 1.0 {
                w + (c - w) * s
            } else if s == 1.0 {
                c
            } else if s < 2.0 {
                c + (u - c) * (s - 1.0)
            } else {
                u
            }
        };
        // Seen from the root: between the rays.
        self.pieces(sr, sl, n.root, n.g, &at, [right_next, left_next], [ic, iu]);
        // Seen by turning at the interval's right end.
        if right_at_w && sr > 0.0 && graph.is_corner(iw) {
            let g = n.g + r.distance(w);
            if let Some(id) = self.turn(iw, n.root, g) {
                self.push(right_next, ic, c, w, true, id, g);
                if sr > 1.0 {
                    self.push(left_next, iu, at(sr), c, false, id, g);
                }
            }
        }
        // Seen by turning at its left end.
        if left_at_u && sl < 2.0 && graph.is_corner(iu) {
            let g = n.g + r.distance(u);
            if let Some(id) = self.turn(iu, n.root, g) {
                self.push(left_next, iu, u, c, true, id, g);
                if sl < 1.0 {
                    self.push(right_next, ic, c, at(sl), false, id, g);
                }
            }
        }
    }

    /// The nodes for the stretch `s0`–`s1` of a triangle's far side seen from root `root`: a
    /// piece on each far edge it covers with a length.
    #[allow(clippy::too_many_arguments)] // The far side's parts, handed down from `expand`.
    fn pieces(
        &mut self,
        s0: f64,
        s1: f64,
        root: u32,
        g: f64,
        at: &impl Fn(f64) -> DVec2,
        next: [u32; 2],
        from: [u32; 2],
    ) {
        let (a, b) = (s0.max(0.0), s1.min(1.0));
        if a < b {
            self.push(next[0], from[0], at(b), at(a), false, root, g);
        }
        let (a, b) = (s0.max(1.0), s1.min(2.0));
        if a < b {
            self.push(next[1], from[1], at(b), at(a), false, root, g);
        }
    }
}

/// How much longer than the best length to a root another way may be and still count as as
/// short (rounding).
fn tolerance(best: f64) -> f64 {
    1e-9 * (1.0 + best.abs())
}
