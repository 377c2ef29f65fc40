//! ORCA's lines and programs, on cases worked out by hand, and its invariants over random
//! crowds.

#![allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.

use super::*;
use proptest::prelude::*;

fn close(a: Vec2, b: Vec2, eps: f32) -> bool {
    (a - b).length() <= eps
}

fn me(position: Vec2, velocity: Vec2) -> Avoider {
    Avoider {
        position,
        velocity,
        radius: 1.0,
        max_speed: 10.0,
        id: 0,
    }
}

const H: Horizons = Horizons {
    agents: 2.0,
    walls: 1.0,
    dt: 0.1,
};

#[test]
fn with_no_line_the_preferred_velocity_is_kept_within_max_speed() {
    assert_eq!(
        solve(&[], 0, 10.0, Vec2::new(3.0, 4.0)),
        Vec2::new(3.0, 4.0)
    );
    assert_eq!(
        solve(&[], 0, 10.0, Vec2::new(30.0, 40.0)),
        Vec2::new(6.0, 8.0)
    );
}

#[test]
fn one_half_plane_projects_the_preferred_velocity_onto_its_line() {
    // Along +x through the origin: the allowed side is the left, y >= 0.
    let line = Line {
        point: Vec2::ZERO,
        direction: Vec2::X,
    };
    assert_eq!(line.violation(Vec2::new(1.0, -1.0)), 1.0);
    assert_eq!(
        solve(&[line], 0, 10.0, Vec2::new(1.0, -1.0)),
        Vec2::new(1.0, 0.0)
    );
    assert_eq!(
        solve(&[line], 0, 10.0, Vec2::new(1.0, 2.0)),
        Vec2::new(1.0, 2.0)
    );
}

#[test]
fn a_still_neighbour_ahead_caps_the_closing_speed_at_its_half_share() {
    // Avoider at the origin at rest, radius 1; the other at (4, 0), radius 1, still; horizon 2 s.
    // w = 0 - (4, 0)/2 = (-2, 0); w·p = -8 < 0 and 64 > 2² · 4: the cut-off circle (centre
    // (2, 0), radius 1). unit w = (-1, 0), u = (-1, 0)(2/2 - 2) = (1, 0); the line passes
    // through 0 + u/2 = (0.5, 0) along (0, 1): allowed v.x <= 0.5.
    let other = Neighbor {
        position: Vec2::new(4.0, 0.0),
        velocity: Vec2::ZERO,
        radius: 1.0,
        share: 0.5,
        id: 1,
    };
    let line = agent_line(&me(Vec2::ZERO, Vec2::ZERO), &other, &H);
    assert_eq!(line.point, Vec2::new(0.5, 0.0));
    assert_eq!(line.direction, Vec2::new(0.0, 1.0));
    assert_eq!(
        solve(&[line], 0, 10.0, Vec2::new(3.0, 0.0)),
        Vec2::new(0.5, 0.0)
    );
    // Taking all of the avoidance (a still obstacle): v.x <= 1, the circle's near edge.
    let still = Neighbor {
        share: 1.0,
        ..other
    };
    let line = agent_line(&me(Vec2::ZERO, Vec2::ZERO), &still, &H);
    assert_eq!(
        solve(&[line], 1, 10.0, Vec2::new(3.0, 0.0)),
        Vec2::new(1.0, 0.0)
    );
}

#[test]
fn a_velocity_past_the_side_of_the_cone_is_pushed_out_along_its_leg() {
    // Avoider at the origin moving (3, 3); the other still at (4, 0); radii sum 2, so the cone's
    // legs are 30 degrees off the +x axis (sin = 2/4). w = (3, 3) - (2, 0) = (1, 3),
    // w·p = 4 >= 0: a leg. det(p, w) = 12 > 0: the left leg, (cos 30, sin 30).
    let other = Neighbor {
        position: Vec2::new(4.0, 0.0),
        velocity: Vec2::ZERO,
        radius: 1.0,
        share: 1.0,
        id: 1,
    };
    let m = me(Vec2::ZERO, Vec2::new(3.0, 3.0));
    let line = agent_line(&m, &other, &H);
    assert!(
        close(line.direction, Vec2::new(0.866_025_4, 0.5), 1e-6),
        "{line:?}"
    );
    // (3, 3) is outside the cone (above the leg), so u is zero along the leg's normal... the
    // point is the velocity projected on the leg: (3, 3)·d d = 4.098 d.
    let projected = line.direction * Vec2::new(3.0, 3.0).dot(line.direction);
    assert!(close(line.point, projected, 1e-5), "{line:?}");
    // Its own velocity is allowed (it passes above the other).
    assert!(line.violation(m.velocity) <= 1e-5);
}

#[test]
fn two_agents_on_one_spot_part_in_opposite_directions() {
    let a = me(Vec2::ZERO, Vec2::ZERO);
    let b = Avoider { id: 7, ..a };
    let as_neighbor = |m: &Avoider| Neighbor {
        position: m.position,
        velocity: m.velocity,
        radius: m.radius,
        share: 0.5,
        id: m.id,
    };
    let va = solve(&[agent_line(&a, &as_neighbor(&b), &H)], 0, 10.0, Vec2::ZERO);
    let vb = solve(&[agent_line(&b, &as_neighbor(&a), &H)], 0, 10.0, Vec2::ZERO);
    assert!(va.length() > 1.0, "{va}");
    assert!(close(va, -vb, 1e-5), "{va} {vb}");
}

#[test]
fn an_agent_heading_for_a_wall_slows_to_reach_it_at_the_horizon() {
    // A wall along y = 0 from x = -10 to 10; me at (0, -5), radius 1, moving (0, 10) toward
    // it, wall horizon 1 s. The edge -10 -> 10 has me on its right; the cut-off line is the
    // edge moved 1 toward me over 1 s: y = 4, allowed v.y <= 4.
    let m = me(Vec2::new(0.0, -5.0), Vec2::new(0.0, 10.0));
    let mut lines = Vec::new();
    let [forward, backward] = WallEdge::segment(Vec2::new(-10.0, 0.0), Vec2::new(10.0, 0.0));
    assert!((forward.point - m.position).perp_dot(forward.next - forward.point) < 0.0);
    assert!((backward.point - m.position).perp_dot(backward.next - backward.point) > 0.0);
    wall_lines(&m, &[forward], &H, &mut lines);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].direction, Vec2::new(-1.0, 0.0));
    assert_eq!(lines[0].point, Vec2::new(-10.0, 4.0));
    assert_eq!(
        solve(&lines, 1, 10.0, Vec2::new(0.0, 10.0)),
        Vec2::new(0.0, 4.0)
    );
    // Moving along it is not slowed.
    assert_eq!(
        solve(&lines, 1, 10.0, Vec2::new(3.0, 0.0)),
        Vec2::new(3.0, 0.0)
    );
}

/// `v.x <= -1` and `v.x >= 1`: two half-planes that leave nothing.
fn opposed() -> [Line; 2] {
    [
        Line {
            point: Vec2::new(-1.0, 0.0),
            direction: Vec2::new(0.0, 1.0),
        },
        Line {
            point: Vec2::new(1.0, 0.0),
            direction: Vec2::new(0.0, -1.0),
        },
    ]
}

#[test]
fn when_the_lines_leave_nothing_the_least_violating_velocity_is_taken() {
    // v.x <= -1 and v.x >= 1 cannot both hold: the least violating velocity has x = 0, one
    // unit on the wrong side of each.
    let [left, right] = opposed();
    assert_eq!(left.violation(Vec2::new(-1.0, 5.0)), 0.0);
    assert_eq!(right.violation(Vec2::new(1.0, 5.0)), 0.0);
    let v = solve(&[left, right], 0, 10.0, Vec2::new(0.0, 5.0));
    assert!(v.x.abs() < 1e-5, "{v}");
    assert!((left.violation(v) - 1.0).abs() < 1e-5 && (right.violation(v) - 1.0).abs() < 1e-5);
}

#[test]
fn walls_that_leave_nothing_give_a_velocity_and_no_panic() {
    // Two hard (wall) lines that cannot both hold, then an agent's: the program fails on a
    // wall's line, before any agent's.
    let [left, right] = opposed();
    let agent = Line {
        point: Vec2::new(0.0, 2.0),
        direction: Vec2::new(1.0, 0.0),
    };
    let v = solve(&[left, right, agent], 2, 10.0, Vec2::new(0.0, 5.0));
    assert!(v.is_finite() && v.length() <= 10.0 * (1.0 + 1e-6), "{v}");
}

#[test]
fn the_sixty_four_parting_directions_are_unit_and_evenly_spread() {
    for (k, d) in SIXTY_FOUR.iter().enumerate() {
        let angle = k as f64 * std::f64::consts::TAU / 64.0;
        assert!((f64::from(d.x) - angle.cos()).abs() < 1e-6, "{k}: {d}");
        assert!((f64::from(d.y) - angle.sin()).abs() < 1e-6, "{k}: {d}");
    }
}

fn neighbor() -> impl Strategy<Value = Neighbor> {
    (
        (-50.0_f32..50.0, -50.0_f32..50.0),
        (-10.0_f32..10.0, -10.0_f32..10.0),
        0.1_f32..3.0,
        0_u32..100,
    )
        .prop_map(|((px, py), (vx, vy), radius, id)| Neighbor {
            position: Vec2::new(px, py),
            velocity: Vec2::new(vx, vy),
            radius,
            share: 0.5,
            id: id + 1,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Among random neighbours, the velocity is finite and within max_speed; when the program
    /// is feasible, every half-plane holds; and it is never farther from the preferred velocity
    /// than needed: if the preferred velocity is allowed, it is kept.
    #[test]
    fn the_velocity_is_allowed_bounded_and_finite(
        others in proptest::collection::vec(neighbor(), 0..12),
        (vx, vy) in (-10.0_f32..10.0, -10.0_f32..10.0),
        (px, py) in (-15.0_f32..15.0, -15.0_f32..15.0),
    ) {
        let m = Avoider { position: Vec2::ZERO, velocity: Vec2::new(vx, vy), radius: 1.0, max_speed: 10.0, id: 0 };
        let lines: Vec<Line> = others.iter().map(|o| agent_line(&m, o, &H)).collect();
        let preferred = Vec2::new(px, py);
        let v = solve(&lines, 0, 10.0, preferred);
        prop_assert!(v.is_finite());
        prop_assert!(v.length() <= 10.0 * (1.0 + 1e-5));
        if let Ok(feasible) = nearest(&lines, 10.0, preferred, false) {
            prop_assert_eq!(v, feasible);
            for line in &lines {
                prop_assert!(line.violation(v) <= 1e-3, "{:?} violated by {}", line, line.violation(v));
            }
        }
        let allowed = preferred.length() <= 10.0 && lines.iter().all(|l| l.violation(preferred) <= 0.0);
        if allowed {
            prop_assert_eq!(v, preferred);
        }
    }
}

/// The case the property test found: two neighbours almost in line ahead of an agent moving
/// at its `max_speed`; the least-violating program's raw answer lies outside the disc by more
/// than rounding, and `solve` brings it back to `max_speed`.
#[test]
fn a_least_violating_velocity_outside_the_disc_is_brought_back_to_max_speed() {
    let neighbor = |(px, py): (f32, f32), vy: f32, radius: f32| Neighbor {
        position: Vec2::new(px, py),
        velocity: Vec2::new(0.0, vy),
        radius,
        share: 0.5,
        id: 1,
    };
    let others = [
        neighbor((2.041_165_8, -24.586_672), 8.411_215, 1.180_035_5),
        neighbor((2.484_522_8, -0.499_761_3), 0.573_223, 2.513_602_7),
    ];
    let m = Avoider {
        position: Vec2::ZERO,
        velocity: Vec2::new(8.732_194, -8.236_534),
        radius: 1.0,
        max_speed: 10.0,
        id: 0,
    };
    let lines: Vec<Line> = others.iter().map(|o| agent_line(&m, o, &H)).collect();
    let Err((failed, start)) = nearest(&lines, 10.0, Vec2::ZERO, false) else {
        panic!("the program is infeasible");
    };
    let raw = least_violating(&lines, 0, failed, 10.0, start);
    // 10.000101: ten times what rounding alone puts outside the disc.
    assert!(raw.length() > 10.0 * (1.0 + 1e-5), "{}", raw.length());
    let v = solve(&lines, 0, 10.0, Vec2::ZERO);
    assert!((v.length() - 10.0).abs() <= 1e-5, "{}", v.length());
    assert!(
        (v.normalize() - raw.normalize()).length() < 1e-6,
        "the same direction"
    );
}

#[test]
fn a_block_faces_out_and_a_boundary_in_with_their_corners_convexity() {
    // An L-shaped block given clockwise (y up): (0,0) (0,2) (2,2) (2,1) (1,1) (1,0).
    let l = [
        Vec2::new(0.0, 0.0),
        Vec2::new(0.0, 2.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(2.0, 1.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(1.0, 0.0),
    ];
    let mut edges = Vec::new();
    WallEdge::ring(&l, true, &mut edges);
    // Turned counter-clockwise: (1,0) (1,1) (2,1) (2,2) (0,2) (0,0), outside on the right.
    let points: Vec<Vec2> = edges.iter().map(|e| e.point).collect();
    assert_eq!(
        points,
        [
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
            Vec2::new(0.0, 0.0),
        ]
    );
    // Every corner sticks out but the inner one at (1, 1).
    let convex: Vec<bool> = edges.iter().map(|e| e.convex).collect();
    assert_eq!(convex, [true, false, true, true, true, true]);
    for (k, e) in edges.iter().enumerate() {
        let next = &edges[(k + 1) % edges.len()];
        assert_eq!(e.next, next.point);
        assert_eq!(e.next_convex, next.convex);
        assert_eq!(e.next_direction, (next.next - next.point).normalize());
        let prev = &edges[(k + edges.len() - 1) % edges.len()];
        assert_eq!(e.prev_direction, (e.point - prev.point).normalize());
        // A point just outside the middle of the edge is on its right.
        let outward = Vec2::new(e.next.y - e.point.y, e.point.x - e.next.x) * 0.01;
        let mid = (e.point + e.next) * 0.5 + outward;
        assert!((e.point - mid).perp_dot(e.next - e.point) < 0.0, "edge {k}");
    }
    // The same square as a boundary: walked clockwise, no corner sticks into the room.
    let square = [
        Vec2::new(0.0, 0.0),
        Vec2::new(4.0, 0.0),
        Vec2::new(4.0, 4.0),
        Vec2::new(0.0, 4.0),
    ];
    edges.clear();
    WallEdge::ring(&square, false, &mut edges);
    assert_eq!(edges[0].point, Vec2::new(0.0, 4.0));
    assert_eq!(edges[0].next, Vec2::new(4.0, 4.0));
    assert!(edges.iter().all(|e| !e.convex && !e.next_convex));
    // Repeated points are dropped; two distinct points make a two-sided segment; one, nothing.
    edges.clear();
    WallEdge::ring(
        &[Vec2::ZERO, Vec2::ZERO, Vec2::X, Vec2::ZERO],
        true,
        &mut edges,
    );
    assert_eq!(edges, WallEdge::segment(Vec2::ZERO, Vec2::X));
    edges.clear();
    WallEdge::ring(&[Vec2::ONE, Vec2::ONE], true, &mut edges);
    assert!(edges.is_empty());
}
