//! Building the mesh: the walls' pieces as constraint edges of a Delaunay triangulation, each
//! triangle labelled walkable or not, the corners where routes turn, and the walkable triangles
//! with their neighbours as the route search reads them.

// Geometry has its textbook names: corner `c`, its edges' count `n`, points `p`, `q`, `r`.
#![allow(clippy::many_single_char_names)]

use std::collections::HashMap;

use glam::{DVec2, Vec2};
use spade::Triangulation;
use spade::handles::FixedVertexHandle;

use super::arrange::{ordered, plane_graph};
use super::geometry::{
    GrownPiece, bounds, clean_ring, distance_to_ring, flush_tiny, in_ring, is_convex, pieces,
    ring_outside,
};
use super::graph::{Graph, NONE};
use super::sight::{Cdt, Ground, dv, pt};

/// A vertex of the mesh where the walkable area sticks out (its walkable angle exceeds 180°, up
/// to rounding) or pinches: the only places where a shortest route turns.
#[derive(Clone, Debug)]
pub(crate) struct Corner {
    /// Its exact position.
    #[cfg_attr(not(test), allow(dead_code))] // Read by the tests' visibility graph.
    pub(crate) pos: DVec2,
    /// A walkable `f32` point at (or a rounding away from) `pos`, for the routes handed out.
    pub(crate) out: Vec2,
    /// Its vertex in the triangulation.
    pub(crate) vertex: FixedVertexHandle,
    /// The directions (unit) of the two rim edges that bound the blocked angle, when there is
    /// one blocked angle; `None` where the walkable area pinches.
    #[cfg_attr(not(test), allow(dead_code))] // Read by the tests' visibility graph.
    pub(crate) wedge: Option<(DVec2, DVec2)>,
}

impl Corner {
    /// Whether a route may turn here coming from (or going to) `p`: the line through the corner
    /// and `p` leaves the blocked angle on one side. A shortest route never uses a segment that
    /// fails this.
    #[cfg(test)]
    pub(crate) fn tangent(&self, p: DVec2) -> bool {
        const TOL: f64 = 1e-9;
        let Some((d1, d2)) = self.wedge else {
            return true;
        };
        let u = (p - self.pos).normalize_or_zero();
        let (c1, c2) = (u.perp_dot(d1), u.perp_dot(d2));
        !((c1 > TOL && c2 < -TOL) || (c1 < -TOL && c2 > TOL))
    }
}

/// The triangulation and everything read from it once.
#[derive(Clone, Debug)]
pub(crate) struct Mesh {
    pub(crate) cdt: Cdt,
    /// Walkable flag by face index.
    pub(crate) walkable: Vec<bool>,
    /// The walkable triangles, in `f32`.
    pub(crate) triangles: Vec<[Vec2; 3]>,
    /// The rim: each edge between a walkable face and one that is not, with a point inside its
    /// walkable face.
    pub(crate) rim: Vec<(DVec2, DVec2, DVec2)>,
    pub(crate) corners: Vec<Corner>,
    /// The walkable triangles for the route search.
    pub(crate) graph: Graph,
}

impl Mesh {
    /// A mesh with no walkable ground.
    pub(crate) fn empty() -> Self {
        Self {
            cdt: Cdt::new(),
            walkable: Vec::new(),
            triangles: Vec::new(),
            rim: Vec::new(),
            corners: Vec::new(),
            graph: Graph::default(),
        }
    }

    pub(crate) fn ground(&self) -> Ground<'_> {
        Ground {
            cdt: &self.cdt,
            walkable: &self.walkable,
        }
    }

    /// The mesh of a level (see `NavMesh::build`); `radius` is finite and `>= 0` or infinite.
    ///
    /// Spade asserts its own invariants as it splits crossing constraint edges; no level is
    /// known to trip one once the segments are a plane graph (`arrange`), but should one, the
    /// level gets an empty mesh rather than a panic (where panics unwind).
    pub(crate) fn build(boundary: &[Vec2], holes: &[Vec<Vec2>], radius: f64) -> Self {
        std::panic::catch_unwind(|| Self::build_unguarded(boundary, holes, radius))
            .unwrap_or_else(|_| Self::empty())
    }

    fn build_unguarded(boundary: &[Vec2], holes: &[Vec<Vec2>], radius: f64) -> Self {
        let Some(walls) = WallSet::new(boundary, holes, radius) else {
            return Self::empty();
        };
        let segments = plane_graph(&walls.segments(), walls.scale);
        let Some(cdt) = triangulate(&segments) else {
            return Self::empty();
        };
        let mut walkable = vec![false; cdt.num_all_faces()];
        let mut triangles = Vec::new();
        for face in cdt.inner_faces() {
            let [a, b, c] = face.positions().map(dv);
            if walls.is_free((a + b + c) / 3.0) {
                walkable[face.fix().index()] = true;
                triangles.push([a.as_vec2(), b.as_vec2(), c.as_vec2()]);
            }
        }
        if triangles.is_empty() {
            return Self::empty();
        }
        let mut mesh = Self {
            cdt,
            walkable,
            triangles,
            rim: Vec::new(),
            corners: Vec::new(),
            graph: Graph::default(),
        };
        mesh.rim = mesh.find_rim();
        mesh.corners = mesh.find_corners();
        mesh.graph = mesh.search_graph();
        mesh
    }

    fn find_rim(&self) -> Vec<(DVec2, DVec2, DVec2)> {
        let ground = self.ground();
        self.cdt
            .directed_edges()
            .filter_map(|e| {
                let inside = e.face().fix().index();
                let outside = e.rev().face().fix().index();
                (ground.face_ok(inside) && !ground.face_ok(outside)).then(|| {
                    let centre = e.face().as_inner().map_or(dv(e.from().position()), |f| {
                        let [a, b, c] = f.positions().map(dv);
                        (a + b + c) / 3.0
                    });
                    (dv(e.from().position()), dv(e.to().position()), centre)
                })
            })
            .collect()
    }

    fn find_corners(&self) -> Vec<Corner> {
        let ground = self.ground();
        let mut corners = Vec::new();
        for v in self.cdt.vertices() {
            let c = dv(v.position());
            let out: Vec<_> = v.out_edges().collect();
            let n = out.len();
            if n < 2 {
                continue;
            }
            let dir = |i: usize| (dv(out[i % n].to().position()) - c).normalize_or_zero();
            let flags: Vec<bool> = out
                .iter()
                .map(|e| ground.face_ok(e.face().fix().index()))
                .collect();
            // The face left of out-edge i lies between it and out-edge i + 1 (counter-clockwise).
            let mut angle = 0.0;
            let mut insides = Vec::new();
            for i in (0..n).filter(|&i| flags[i]) {
                let a = dir(i).perp_dot(dir(i + 1)).atan2(dir(i).dot(dir(i + 1)));
                angle += a;
                if let Some(f) = out[i].face().as_inner() {
                    let [p, q, r] = f.positions().map(dv);
                    insides.push((a, (p + q + r) / 3.0));
                }
            }
            // The widest walkable face first: its centroid is the surest way in.
            insides.sort_by(|x, y| y.0.total_cmp(&x.0));
            let starts: Vec<usize> = (0..n)
                .filter(|&i| !flags[i] && flags[(i + n - 1) % n])
                .collect();
            let wedge = match starts.as_slice() {
                [] => continue,
                &[s] => {
                    if angle <= std::f64::consts::PI - 1e-9 {
                        continue;
                    }
                    let t = (s..s + n).find(|&i| flags[i % n]).unwrap_or(s);
                    Some((dir(s), dir(t)))
                }
                _ => None,
            };
            corners.push(Corner {
                pos: c,
                out: insides
                    .iter()
                    .find_map(|&(_, inside)| ground.nudge(c, inside))
                    .unwrap_or(c.as_vec2()),
                vertex: v.fix(),
                wedge,
            });
        }
        corners
    }

    fn search_graph(&self) -> Graph {
        let index = |i: usize| u32::try_from(i).unwrap_or(NONE);
        let mut points = vec![DVec2::ZERO; self.cdt.num_vertices()];
        for v in self.cdt.vertices() {
            points[v.fix().index()] = dv(v.position());
        }
        let faces = self.cdt.num_all_faces();
        let mut tris = vec![[NONE; 3]; faces];
        let mut next = vec![[NONE; 3]; faces];
        let ground = self.ground();
        for face in self.cdt.inner_faces() {
            let f = face.fix().index();
            if !ground.face_ok(f) {
                continue;
            }
            for (k, e) in face.adjacent_edges().iter().enumerate() {
                tris[f][k] = index(e.from().fix().index());
                let across = e.rev().face().fix().index();
                if ground.face_ok(across) {
                    next[f][k] = index(across);
                }
            }
        }
        let mut corner = vec![NONE; points.len()];
        for (i, c) in self.corners.iter().enumerate() {
            corner[c.vertex.index()] = index(i);
        }
        Graph {
            points,
            tris,
            next,
            corner,
        }
    }
}

/// The constrained triangulation of `segments`, each split where others cross it. `None` when
/// spade refuses a point.
fn triangulate(segments: &[[DVec2; 2]]) -> Option<Cdt> {
    let mut cdt = Cdt::new();
    let mut handles: HashMap<[u64; 2], FixedVertexHandle> = HashMap::new();
    let mut handle = |cdt: &mut Cdt, p: DVec2| -> Option<FixedVertexHandle> {
        let key = [p.x.to_bits(), p.y.to_bits()];
        if let Some(&h) = handles.get(&key) {
            return Some(h);
        }
        let h = cdt.insert(pt(p)).ok()?;
        handles.insert(key, h);
        Some(h)
    };
    let mut ends = Vec::with_capacity(segments.len());
    for &[a, b] in segments {
        ends.push((handle(&mut cdt, a)?, handle(&mut cdt, b)?));
    }
    for (a, b) in ends {
        if a != b {
            cdt.add_constraint_and_split(a, b, |p| p);
        }
    }
    Some(cdt)
}

/// The walls of a level, cleaned, and their pieces grown by the radius.
struct WallSet {
    /// The boundary's larger extent.
    scale: f64,
    outer: Vec<DVec2>,
    holes: Vec<Vec<DVec2>>,
    pieces: Vec<GrownPiece>,
    /// Which holes and pieces may hold a point, by where it is.
    buckets: Buckets,
}

impl WallSet {
    /// `None` when nothing can be walkable: no usable boundary, or a radius of at least half
    /// the boundary's smaller extent.
    fn new(boundary: &[Vec2], holes: &[Vec<Vec2>], radius: f64) -> Option<Self> {
        let outer = clean_ring(boundary)?;
        let (min, max) = outer
            .iter()
            .fold((outer[0], outer[0]), |(lo, hi), &p| (lo.min(p), hi.max(p)));
        let size = max - min;
        if radius * 2.0 >= size.x.min(size.y) {
            return None;
        }
        let all_holes: Vec<Vec<DVec2>> = holes.iter().filter_map(|h| clean_ring(h)).collect();
        // Walls that are walled anyway (a piece inside its own convex hole, a hole or piece
        // away from the boundary on its outside) are left out: their edges would only cut up
        // ground that is not walkable. A margin keeps anything a rounding from the boundary.
        let margin = 1e-6 * size.x.max(size.y);
        let (lo, hi) = bounds(&outer);
        let (far_lo, far_hi) = (lo - margin, hi + margin);
        let apart = |(a, b): (DVec2, DVec2)| {
            a.x > far_hi.x || a.y > far_hi.y || b.x < far_lo.x || b.y < far_lo.y
        };
        let away = |pts: &[DVec2]| pts.iter().all(|&p| distance_to_ring(&outer, p) > margin);
        let mut grown = Vec::new();
        if radius > 0.0 {
            pieces(&outer, radius, &mut grown);
            let kept = grown.len();
            for ring in &all_holes {
                let from = grown.len();
                pieces(ring, radius, &mut grown);
                if is_convex(ring) {
                    let mut fresh = grown.split_off(from);
                    fresh.retain(|piece| !piece.within(ring, false));
                    grown.append(&mut fresh);
                }
            }
            let mut holes_pieces = grown.split_off(kept);
            holes_pieces.retain(|piece| {
                !(apart(piece.bounds()) || (away(piece.points()) && piece.within(&outer, true)))
            });
            grown.append(&mut holes_pieces);
        }
        let holes: Vec<Vec<DVec2>> = all_holes
            .into_iter()
            .filter(|h| !(apart(bounds(h)) || (away(h) && ring_outside(h, &outer))))
            .collect();
        let scale = size.x.max(size.y);
        let buckets = Buckets::new(lo, hi, &holes, &grown);
        Some(Self {
            scale,
            outer,
            holes,
            pieces: grown,
            buckets,
        })
    }

    /// Every edge of the rings and of the pieces, with tiny coordinates flushed.
    fn segments(&self) -> Vec<[DVec2; 2]> {
        let mut out = Vec::new();
        let mut ring_edges = |pts: &[DVec2]| {
            for i in 0..pts.len() {
                let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                let (a, b) = (flush_tiny(a), flush_tiny(b));
                if a != b && a.is_finite() && b.is_finite() {
                    out.push(ordered(a, b));
                }
            }
        };
        for ring in std::iter::once(&self.outer).chain(&self.holes) {
            ring_edges(ring);
        }
        for piece in &self.pieces {
            ring_edges(piece.points());
        }
        out
    }

    /// Whether `p` is walkable for the agent's centre: inside the boundary, outside every hole
    /// (even-odd), and in no piece of the grown walls.
    fn is_free(&self, p: DVec2) -> bool {
        in_ring(&self.outer, p)
            && !self.buckets.at(p).iter().any(|&i| {
                let i = i as usize;
                match self.holes.get(i) {
                    Some(h) => in_ring(h, p),
                    None => self.pieces[i - self.holes.len()].contains(p),
                }
            })
    }
}

/// A grid over the boundary's box: in each cell, the holes and pieces (holes first, by index)
/// whose boxes reach it.
struct Buckets {
    min: DVec2,
    cell: f64,
    nx: usize,
    ny: usize,
    cells: Vec<Vec<u32>>,
}

impl Buckets {
    fn new(min: DVec2, max: DVec2, holes: &[Vec<DVec2>], pieces: &[GrownPiece]) -> Self {
        let items = holes.len() + pieces.len();
        let size = (max - min).max(DVec2::splat(f64::MIN_POSITIVE));
        // About two items' boxes to a cell where they are spread evenly, at most 2^20 cells.
        #[allow(clippy::cast_precision_loss)] // A count, for a size.
        let cell = (size.x * size.y * 2.0 / (items.max(1) as f64))
            .sqrt()
            .max(size.x.max(size.y) / 1024.0);
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 1 to 1024.
        let count = |extent: f64| ((extent / cell).ceil() as usize).clamp(1, 1024);
        let (nx, ny) = (count(size.x), count(size.y));
        let mut grid = Self {
            min,
            cell,
            nx,
            ny,
            cells: vec![Vec::new(); nx * ny],
        };
        let boxes = holes
            .iter()
            .map(|h| bounds(h))
            .chain(pieces.iter().map(GrownPiece::bounds));
        for (i, (lo, hi)) in boxes.enumerate() {
            let ((x0, y0), (x1, y1)) = (grid.index(lo), grid.index(hi));
            for y in y0..=y1 {
                for x in x0..=x1 {
                    grid.cells[y * nx + x].push(u32::try_from(i).unwrap_or(u32::MAX));
                }
            }
        }
        grid
    }

    /// The cell of `p`, clamped to the grid.
    fn index(&self, p: DVec2) -> (usize, usize) {
        let d = (p - self.min) / self.cell;
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // Clamped.
        let f = |v: f64, n: usize| (v.max(0.0) as usize).min(n - 1);
        (f(d.x, self.nx), f(d.y, self.ny))
    }

    fn at(&self, p: DVec2) -> &[u32] {
        let (x, y) = self.index(p);
        &self.cells[y * self.nx + x]
    }
}
