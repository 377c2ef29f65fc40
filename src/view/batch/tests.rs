//! Tests of [`super`]: the primitives' exact vertices, bands and culling.

use super::*;
use egui::pos2;

fn batch() -> Batch {
    Batch::new(Rect::from_min_size(Pos2::ZERO, vec2(100.0, 100.0)), 1.0)
}

#[test]
fn a_line_is_a_feathered_band_of_exact_width() {
    let mut b = batch();
    b.line(pos2(10.0, 10.0), pos2(30.0, 10.0), 3.0, Color32::RED);
    let v = &b.mesh().vertices;
    assert_eq!(v.len(), 8);
    assert_eq!(b.mesh().indices.len(), 18);
    // Opaque core from y = 9 to 11, transparent edge at y = 8 and 12 (width 3, feather 1).
    let ys: Vec<(f32, bool)> = v[..4]
        .iter()
        .map(|v| (v.pos.y, v.color == Color32::RED))
        .collect();
    assert_eq!(
        ys,
        vec![(12.0, false), (11.0, true), (9.0, true), (8.0, false)]
    );
    assert!(b.mesh().is_valid());
}

#[test]
fn a_plain_arrow_is_a_quad_and_a_triangle_with_no_band() {
    let mut b = batch();
    // Along +x from (10, 50), 20 long, 2 wide: the head is 3 + 2 * 2 = 7 long, the shaft
    // ends 7 - min(2.1, 2) = 5 before the tip, at x = 25.
    b.plain_arrow(pos2(10.0, 50.0), vec2(20.0, 0.0), 2.0, Color32::RED);
    let v = &b.mesh().vertices;
    assert_eq!((v.len(), b.mesh().indices.len()), (7, 9));
    assert!(v.iter().all(|v| v.color == Color32::RED));
    let shaft: Vec<(f32, f32)> = v[..4].iter().map(|v| (v.pos.x, v.pos.y)).collect();
    assert_eq!(
        shaft,
        vec![(10.0, 51.0), (25.0, 51.0), (25.0, 49.0), (10.0, 49.0)]
    );
    // The head: tip at x = 30, base 7 back, half base 0.55 * 7 = 3.85.
    assert_eq!((v[4].pos.x, v[4].pos.y), (30.0, 50.0));
    assert!((v[5].pos.x - 23.0).abs() < 1e-6);
    assert!(((v[5].pos.y - v[6].pos.y).abs() - 7.7).abs() < 1e-5);
    assert!(b.mesh().is_valid());
    // Shorter than a pixel, or off the canvas: nothing.
    let mut b = batch();
    b.plain_arrow(pos2(10.0, 50.0), vec2(0.9, 0.0), 2.0, Color32::RED);
    b.plain_arrow(pos2(500.0, 50.0), vec2(20.0, 0.0), 2.0, Color32::RED);
    assert!(b.is_empty());
}

#[test]
fn a_plain_body_is_one_triangle() {
    let mut b = batch();
    b.plain_isosceles(pos2(20.0, 20.0), vec2(0.0, 1.0), 10.0, 0.35, Color32::BLUE);
    let at: Vec<(f32, f32)> = b
        .mesh()
        .vertices
        .iter()
        .map(|v| (v.pos.x, v.pos.y))
        .collect();
    assert_eq!(at, vec![(20.0, 20.0), (16.5, 10.0), (23.5, 10.0)]);
    assert_eq!(b.mesh().indices, vec![0, 1, 2]);
}

#[test]
fn a_thin_line_fades_instead_of_thinning() {
    let mut b = batch();
    b.line(pos2(10.0, 10.0), pos2(10.0, 30.0), 0.5, Color32::WHITE);
    let core = b.mesh().vertices[1].color;
    assert_eq!(core, Color32::WHITE.gamma_multiply(0.5));
    assert_eq!(b.mesh().vertices.len(), 6);
}

#[test]
fn shapes_outside_the_clip_build_nothing() {
    let mut b = batch();
    b.line(pos2(200.0, 10.0), pos2(300.0, 10.0), 2.0, Color32::RED);
    b.arrow(pos2(-50.0, -50.0), vec2(-20.0, 0.0), 2.0, Color32::RED);
    b.circle_stroke(pos2(300.0, 300.0), 50.0, 1.0, Color32::RED);
    b.convex(
        &[pos2(-9.0, 0.0), pos2(-5.0, 0.0), pos2(-7.0, 4.0)],
        Color32::RED,
    );
    assert!(b.is_empty());
    // One that only overlaps the edge is built.
    b.line(pos2(-10.0, 50.0), pos2(10.0, 50.0), 2.0, Color32::RED);
    assert!(!b.is_empty());
}

#[test]
fn a_convex_polygon_grows_by_half_a_feather_on_every_edge() {
    for winding in [false, true] {
        let mut b = batch();
        let mut square = vec![
            pos2(10.0, 10.0),
            pos2(20.0, 10.0),
            pos2(20.0, 20.0),
            pos2(10.0, 20.0),
        ];
        if winding {
            square.reverse();
        }
        b.convex(&square, Color32::GREEN);
        let v = &b.mesh().vertices;
        assert_eq!(v.len(), 8);
        // 2 fan triangles + 4 edge quads.
        assert_eq!(b.mesh().indices.len(), 3 * (2 + 8));
        let inner: Vec<Pos2> = v.iter().step_by(2).map(|v| v.pos).collect();
        let outer: Vec<Pos2> = v.iter().skip(1).step_by(2).map(|v| v.pos).collect();
        let first = if winding { 3 } else { 0 };
        assert_eq!(inner[first], pos2(10.5, 10.5));
        assert_eq!(outer[first], pos2(9.5, 9.5));
        assert!(b.mesh().is_valid());
    }
}

#[test]
fn degenerate_input_draws_nothing_and_never_panics() {
    let mut b = batch();
    b.line(pos2(5.0, 5.0), pos2(5.0, 5.0), 2.0, Color32::RED);
    b.arrow(pos2(5.0, 5.0), vec2(0.0, 0.0), 2.0, Color32::RED);
    b.arrow(pos2(5.0, 5.0), vec2(f32::NAN, 1.0), 2.0, Color32::RED);
    b.arrow(pos2(5.0, 5.0), vec2(f32::INFINITY, 1.0), 2.0, Color32::RED);
    b.circle_stroke(pos2(5.0, 5.0), 0.0, 1.0, Color32::RED);
    b.circle_stroke(pos2(5.0, 5.0), f32::NAN, 1.0, Color32::RED);
    b.convex(
        &[pos2(1.0, 1.0), pos2(2.0, 2.0), pos2(3.0, 3.0)],
        Color32::RED,
    );
    b.convex(
        &[pos2(f32::NAN, 1.0), pos2(2.0, 2.0), pos2(3.0, 1.0)],
        Color32::RED,
    );
    assert!(b.is_empty());
}

#[test]
fn an_arrow_is_a_shaft_and_a_head_reaching_the_tip() {
    let mut b = batch();
    b.arrow(pos2(10.0, 50.0), vec2(40.0, 0.0), 1.5, Color32::BLUE);
    let v = &b.mesh().vertices;
    // Shaft: 8 vertices; head: 3 inner + 3 outer.
    assert_eq!(v.len(), 14);
    let max_x = v
        .iter()
        .filter(|v| v.color == Color32::BLUE)
        .map(|v| v.pos.x)
        .fold(f32::MIN, f32::max);
    // The head's inner tip sits half a feather behind the tip along its mitre.
    assert!(max_x < 50.0 && max_x > 48.0, "{max_x}");
    assert!(b.mesh().is_valid());
}

#[test]
fn circles_get_more_segments_as_they_grow() {
    assert_eq!(circle_segments(1.0), 8);
    assert!(circle_segments(50.0) > circle_segments(10.0));
    assert_eq!(circle_segments(1e9), 256);
    assert_eq!(circle_segments(f32::NAN), 8);
}
