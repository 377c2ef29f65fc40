//! The nearest walkable point to a point off the walkable area.

use glam::{DVec2, Vec2};

use super::mesh::Mesh;

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
