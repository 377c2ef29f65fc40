//! Routes against a brute-force shortest path on random levels, their clearance from the walls,
//! and garbage input.

// Geometry has its textbook names: points `a`, `b`, `p`, `q`, radius `r`.
#![allow(clippy::many_single_char_names)]

use glam::{DVec2, Vec2};
use proptest::prelude::*;

use super::geometry::{clean_ring, in_ring, offset_ring_f64};
use super::{NavMesh, Unreachable, route_length};

/// A random level: a square room 0..100 and convex holes anywhere in it (overlapping each
/// other and the walls at times).
#[derive(Clone, Debug)]
struct RandomLevel {
    holes: Vec<Vec<Vec2>>,
    radius: f32,
    from: Vec2,
    to: Vec2,
}

fn room() -> Vec<Vec2> {
    vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(100.0, 0.0),
        Vec2::new(100.0, 100.0),
        Vec2::new(0.0, 100.0),
    ]
}

/// A convex hole: an axis-aligned rectangle (`kind` 0), a rotated one (1) or a rotated regular
/// polygon of 3 to 7 corners (2 and up).
fn hole() -> impl Strategy<Value = Vec<Vec2>> {
    (
        5.0f32..95.0,
        5.0f32..95.0,
        3.0f32..30.0,
        0.3f32..1.0,
        0.0f32..std::f32::consts::TAU,
        0u32..5,
    )
        .prop_map(|(x, y, size, aspect, angle, kind)| {
            let centre = Vec2::new(x, y);
            let turn = Vec2::from_angle(angle);
            let local: Vec<Vec2> = if kind < 2 {
                let (w, h) = (size / 2.0, size * aspect / 2.0);
                vec![
                    Vec2::new(-w, -h),
                    Vec2::new(w, -h),
                    Vec2::new(w, h),
                    Vec2::new(-w, h),
                ]
            } else {
                let n = kind + 1;
                (0..n)
                    .map(|i| {
                        Vec2::from_angle(i as f32 * std::f32::consts::TAU / n as f32) * size / 2.0
                    })
                    .collect()
            };
            local
                .into_iter()
                .map(|p| centre + if kind == 0 { p } else { turn.rotate(p) })
                .collect()
        })
}

fn level() -> impl Strategy<Value = RandomLevel> {
    let point = || (-5.0f32..105.0, -5.0f32..105.0).prop_map(|(x, y)| Vec2::new(x, y));
    (
        prop::collection::vec(hole(), 1..=6),
        prop_oneof![Just(0.0f32), 0.5f32..8.0],
        point(),
        point(),
    )
        .prop_map(|(holes, radius, from, to)| RandomLevel {
            holes,
            radius,
            from,
            to,
        })
}

/// A level of many holes, small and large, for routes that turn many times.
fn crowded_level() -> impl Strategy<Value = RandomLevel> {
    let point = || (-5.0f32..105.0, -5.0f32..105.0).prop_map(|(x, y)| Vec2::new(x, y));
    (
        prop::collection::vec(hole(), 1..=24),
        prop_oneof![Just(0.0f32), 0.2f32..3.0],
        point(),
        point(),
    )
        .prop_map(|(holes, radius, from, to)| RandomLevel {
            holes: holes
                .into_iter()
                .map(|h| {
                    let c = h.iter().copied().sum::<Vec2>() / h.len() as f32;
                    h.into_iter().map(|p| c + (p - c) * 0.4).collect()
                })
                .collect(),
            radius,
            from,
            to,
        })
}

fn edges(ring: &[DVec2]) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
    (0..ring.len()).map(|i| (ring[i], ring[(i + 1) % ring.len()]))
}

fn to_ring(ring: &[DVec2], p: DVec2) -> f64 {
    edges(ring)
        .map(|(a, b)| super::geometry::distance_to_segment(p, a, b))
        .fold(f64::INFINITY, f64::min)
}

/// The level's walls in `f64`, as the mesh reads them, and the test of the original geometry.
struct BruteWalls {
    boundary: Vec<DVec2>,
    holes: Vec<Vec<DVec2>>,
    radius: f64,
}

impl BruteWalls {
    fn new(boundary: &[Vec2], holes: &[Vec<Vec2>], radius: f32) -> Self {
        Self {
            boundary: clean_ring(boundary).unwrap_or_default(),
            holes: holes.iter().filter_map(|h| clean_ring(h)).collect(),
            radius: f64::from(radius.max(0.0)),
        }
    }

    fn rings(&self) -> impl Iterator<Item = &Vec<DVec2>> {
        std::iter::once(&self.boundary).chain(&self.holes)
    }

    /// How far `p` is from the nearest wall edge.
    fn clearance(&self, p: DVec2) -> f64 {
        self.rings()
            .map(|r| to_ring(r, p))
            .fold(f64::INFINITY, f64::min)
    }

    /// Inside the boundary and outside the holes, each up to `tol` (even-odd).
    fn inside(&self, p: DVec2, tol: f64) -> bool {
        (in_ring(&self.boundary, p) || to_ring(&self.boundary, p) <= tol)
            && self
                .holes
                .iter()
                .all(|h| !in_ring(h, p) || to_ring(h, p) <= tol)
    }

    /// Walkable for the centre by the original geometry, up to a rounding tolerance.
    fn walkable(&self, p: DVec2) -> bool {
        self.inside(p, 1e-7) && self.clearance(p) >= self.radius - 1e-7
    }
}

/// Whether segments `p1`–`p2` and `q1`–`q2` cross at a point inside both.
fn cross_properly(p1: DVec2, p2: DVec2, q1: DVec2, q2: DVec2) -> bool {
    let side = |a: DVec2, b: DVec2, c: DVec2| (b - a).perp_dot(c - a);
    let (d1, d2) = (side(p1, p2, q1), side(p1, p2, q2));
    let (d3, d4) = (side(q1, q2, p1), side(q1, q2, p2));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Where a route starts for `p`, as `NavMesh::route` says it does (not what is tested here).
fn end_point(mesh: &NavMesh, p: Vec2) -> Option<Vec2> {
    if mesh.is_walkable(p) {
        return Some(p);
    }
    let q = mesh.nearest_walkable(p)?;
    (p.as_dvec2().distance(q.as_dvec2()) <= 2.0 * f64::from(mesh.radius()) + 1.0).then_some(q)
}

/// The shortest route length by brute force: nodes are the offset rings' walkable vertices and
/// the two ends; two nodes are joined when their segment crosses no offset edge and its sample
/// points are walkable by the original geometry; Dijkstra over all pairs.
fn brute_force(level: &RandomLevel, mesh: &NavMesh) -> Result<f64, Unreachable> {
    let start = end_point(mesh, level.from).ok_or(Unreachable::StartOutside)?;
    let goal = end_point(mesh, level.to).ok_or(Unreachable::GoalOutside)?;
    let walls = BruteWalls::new(&room(), &level.holes, level.radius);
    let r = walls.radius;
    let mut offsets = vec![offset_ring_f64(&walls.boundary, r, true)];
    offsets.extend(walls.holes.iter().map(|h| offset_ring_f64(h, r, false)));
    let mut nodes = vec![start.as_dvec2(), goal.as_dvec2()];
    nodes.extend(
        offsets
            .iter()
            .flatten()
            .copied()
            .filter(|&p| walls.walkable(p)),
    );
    let clear = |a: DVec2, b: DVec2| {
        offsets
            .iter()
            .all(|ring| edges(ring).all(|(p, q)| !cross_properly(a, b, p, q)))
            && [0.5, 0.25, 0.75, 0.1, 0.9]
                .iter()
                .all(|&t| walls.walkable(a + (b - a) * t))
    };
    let n = nodes.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    while let Some(i) = (0..n)
        .filter(|&i| !done[i] && dist[i].is_finite())
        .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
    {
        done[i] = true;
        if i == 1 {
            break;
        }
        for j in 0..n {
            let d = dist[i] + nodes[i].distance(nodes[j]);
            if !done[j] && d < dist[j] && clear(nodes[i], nodes[j]) {
                dist[j] = d;
            }
        }
    }
    if !dist[1].is_finite() {
        return Err(Unreachable::NoRoute);
    }
    let ends = level.from.as_dvec2().distance(start.as_dvec2())
        + goal.as_dvec2().distance(level.to.as_dvec2());
    Ok(dist[1] + ends)
}

/// The distance between segments `a1`–`a2` and `b1`–`b2`.
fn segment_distance(a1: DVec2, a2: DVec2, b1: DVec2, b2: DVec2) -> f64 {
    if cross_properly(a1, a2, b1, b2) {
        return 0.0;
    }
    super::geometry::distance_to_segment(a1, b1, b2)
        .min(super::geometry::distance_to_segment(a2, b1, b2))
        .min(super::geometry::distance_to_segment(b1, a1, a2))
        .min(super::geometry::distance_to_segment(b2, a1, a2))
}

/// Every segment of the route between walkable points keeps the radius from every wall edge
/// (less a rounding margin) and stays inside the level; every point but the ends is walkable.
fn check_clearance(
    mesh: &NavMesh,
    walls: &BruteWalls,
    route: &[Vec2],
) -> Result<(), TestCaseError> {
    let n = route.len();
    prop_assert!(n >= 2);
    for p in route {
        prop_assert!(p.is_finite());
    }
    for p in &route[1..n - 1] {
        prop_assert!(mesh.is_walkable(*p), "{p} is not walkable in {route:?}");
    }
    let first = usize::from(!mesh.is_walkable(route[0]));
    let last = n - 1 - usize::from(!mesh.is_walkable(route[n - 1]));
    let r = walls.radius;
    for w in route[first..=last].windows(2) {
        let (a, b) = (w[0].as_dvec2(), w[1].as_dvec2());
        for ring in walls.rings() {
            for (p, q) in edges(ring) {
                let d = segment_distance(a, b, p, q);
                prop_assert!(
                    d >= r * (1.0 - 1e-3) - 1e-2,
                    "{a}–{b} comes {d} from wall {p}–{q} in {route:?}"
                );
            }
        }
        for t in [0.25, 0.5, 0.75] {
            let p = a + (b - a) * t;
            prop_assert!(walls.inside(p, 1e-2), "{p} is in a wall, {route:?}");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn routes_are_as_short_as_a_brute_force_search_finds(level in level()) {
        let mesh = NavMesh::build(&room(), &level.holes, level.radius);
        let got = mesh.route(level.from, level.to);
        let want = brute_force(&level, &mesh);
        match (&got, want) {
            (Ok(route), Ok(length)) => {
                let got_length = f64::from(route_length(route));
                prop_assert!(
                    (got_length - length).abs() <= 1e-3 * length + 1e-3,
                    "route {route:?} of length {got_length}, brute force {length}"
                );
            }
            (got, want) => prop_assert_eq!(got.as_ref().err().copied(), want.err()),
        }
    }

    #[test]
    fn routes_are_as_short_as_the_visibility_graph_finds(level in crowded_level()) {
        let mesh = NavMesh::build(&room(), &level.holes, level.radius);
        let got = mesh.route(level.from, level.to);
        let want = mesh.route_by_visibility(level.from, level.to);
        match (&got, &want) {
            (Ok(route), Ok(oracle)) => {
                let (a, b) = (
                    f64::from(route_length(route)),
                    f64::from(route_length(oracle)),
                );
                prop_assert!(
                    (a - b).abs() <= 1e-5 * b + 1e-4,
                    "route {route:?} of length {a}, visibility graph {oracle:?} of {b}"
                );
            }
            (got, want) => prop_assert_eq!(got.as_ref().err(), want.as_ref().err()),
        }
    }

    #[test]
    fn routes_keep_the_radius_from_the_walls(level in level()) {
        let mesh = NavMesh::build(&room(), &level.holes, level.radius);
        let walls = BruteWalls::new(&room(), &level.holes, level.radius);
        if let Ok(route) = mesh.route(level.from, level.to) {
            check_clearance(&mesh, &walls, &route)?;
        }
    }
}

/// A coordinate that is often special: NaN, infinite, huge, tiny, or a plain number.
fn wild() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => -50.0f32..150.0,
        1 => prop::num::f32::ANY,
        1 => prop::sample::select(vec![
            0.0f32, -0.0, 1e-40, -1e-45, 1e30, -1e30, 3e38, 1e15, 1e16,
            f32::NAN, f32::INFINITY, f32::NEG_INFINITY, f32::MAX, f32::MIN_POSITIVE,
        ]),
    ]
}

fn wild_point() -> impl Strategy<Value = Vec2> {
    (wild(), wild()).prop_map(|(x, y)| Vec2::new(x, y))
}

/// A ring of points on a coarse grid: repeats, straight runs, overlaps and crossings galore.
fn grid_ring(cells: i32, step: f32) -> impl Strategy<Value = Vec<Vec2>> {
    prop::collection::vec(
        (0..=cells, 0..=cells).prop_map(move |(x, y)| Vec2::new(x as f32, y as f32) * step),
        0..9,
    )
}

/// Turned by an angle, so that what was parallel on the grid is only nearly so in `f32`.
fn turned(ring: Vec<Vec2>, angle: f32) -> Vec<Vec2> {
    let turn = Vec2::from_angle(angle);
    ring.into_iter()
        .map(|p| Vec2::new(50.0, 50.0) + turn.rotate(p - Vec2::new(50.0, 50.0)))
        .collect()
}

/// What every answer must be, whatever the input: finite, and the route's ends as asked.
fn check_sane(mesh: &NavMesh, from: Vec2, to: Vec2) -> Result<(), TestCaseError> {
    prop_assert!(!mesh.radius().is_nan() && mesh.radius() >= 0.0);
    for t in mesh.triangles() {
        prop_assert!(t.iter().all(|p| p.is_finite()));
    }
    for p in [from, to] {
        if let Some(q) = mesh.nearest_walkable(p) {
            prop_assert!(q.is_finite() && mesh.is_walkable(q), "{p} gives {q}");
        }
    }
    let _ = mesh.line_of_sight(from, to);
    if let Ok(route) = mesh.route(from, to) {
        prop_assert!(route.len() >= 2);
        prop_assert_eq!(
            route[0].to_array().map(f32::to_bits),
            from.to_array().map(f32::to_bits)
        );
        prop_assert_eq!(
            route[route.len() - 1].to_array().map(f32::to_bits),
            to.to_array().map(f32::to_bits)
        );
        prop_assert!(route.iter().all(|p| p.is_finite()), "{route:?}");
        prop_assert!(!route_length(&route).is_nan());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn garbage_never_panics_nor_gives_nan(
        boundary in prop::collection::vec(wild_point(), 0..7),
        holes in prop::collection::vec(prop::collection::vec(wild_point(), 0..6), 0..4),
        radius in wild(),
        from in wild_point(),
        to in wild_point(),
    ) {
        let mesh = NavMesh::build(&boundary, &holes, radius);
        check_sane(&mesh, from, to)?;
        let _ = offset_ring(&boundary, radius, true);
    }

    #[test]
    fn tangled_rings_on_a_grid_keep_the_radius(
        boundary in grid_ring(4, 25.0),
        holes in prop::collection::vec(grid_ring(10, 10.0), 0..5),
        angle in prop_oneof![Just(0.0f32), 0.0f32..std::f32::consts::TAU],
        radius in prop_oneof![Just(0.0f32), 0.5f32..8.0],
        from in (-5.0f32..105.0, -5.0f32..105.0).prop_map(|(x, y)| Vec2::new(x, y)),
        to in (-5.0f32..105.0, -5.0f32..105.0).prop_map(|(x, y)| Vec2::new(x, y)),
    ) {
        // Sometimes the plain room, so that there is room to walk.
        let boundary = if boundary.len() < 3 { room() } else { boundary };
        let boundary = turned(boundary, angle);
        let holes: Vec<Vec<Vec2>> = holes.into_iter().map(|h| turned(h, angle)).collect();
        let mesh = NavMesh::build(&boundary, &holes, radius);
        check_sane(&mesh, from, to)?;
        let walls = BruteWalls::new(&boundary, &holes, radius);
        if let Ok(route) = mesh.route(from, to) {
            check_clearance(&mesh, &walls, &route)?;
        }
        check_triangles(&mesh, &walls)?;
    }

    #[test]
    fn walkable_triangles_keep_the_radius_from_the_walls(level in level()) {
        let mesh = NavMesh::build(&room(), &level.holes, level.radius);
        check_triangles(&mesh, &BruteWalls::new(&room(), &level.holes, level.radius))?;
    }
}

/// Every walkable triangle's corners, edge midpoints and centroid are at distance
/// `r·(1 − 1e-4) − 1e-3` or more from every wall edge, and inside the level.
fn check_triangles(mesh: &NavMesh, walls: &BruteWalls) -> Result<(), TestCaseError> {
    let r = walls.radius;
    for t in mesh.triangles() {
        let [a, b, c] = t.map(Vec2::as_dvec2);
        for p in [
            a,
            b,
            c,
            (a + b) / 2.0,
            (b + c) / 2.0,
            (c + a) / 2.0,
            (a + b + c) / 3.0,
        ] {
            let d = walls.clearance(p);
            prop_assert!(
                d >= r * (1.0 - 1e-4) - 1e-3,
                "{p} of {t:?} is {d} from a wall"
            );
            prop_assert!(walls.inside(p, 1e-3), "{p} of {t:?} is in a wall");
        }
    }
    Ok(())
}

/// The line that the centre of an agent of radius `radius` keeps to along one ring of walls,
/// for drawing: each edge moved by `radius` towards the walkable side (inside the ring when
/// `walkable_inside`, as for a level's boundary; outside for a hole), with a miter or bevel where
/// a corner sticks into the walkable area and the meeting point of the moved edges elsewhere.
/// It is the rim of the walkable area when that ring is the only wall; it crosses itself where
/// the ring's walls are closer than `2 * radius`. Empty for a ring that `NavMesh::build`
/// ignores; points beyond the range of `f32` are left out.
fn offset_ring(ring: &[Vec2], radius: f32, walkable_inside: bool) -> Vec<Vec2> {
    let Some(ring) = clean_ring(ring) else {
        return Vec::new();
    };
    let radius = if radius > 0.0 { f64::from(radius) } else { 0.0 };
    offset_ring_f64(&ring, radius, walkable_inside)
        .into_iter()
        .map(DVec2::as_vec2)
        .filter(|p| p.is_finite())
        .collect()
}
