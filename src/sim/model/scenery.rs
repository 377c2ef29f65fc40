//! What a scene places in the world besides agents and obstacles: walls, paths, flow fields and
//! agents placed one by one. Plain data that derives serde (the scene file holds exactly these
//! values), plus the geometry the behaviors read: segment crossings, the projection of a point
//! on a path, a polygon's inside, a flow field's direction.
//!
//! All of it is total: degenerate segments, empty paths and zero-size cells give an answer
//! (usually "nothing"), never NaN.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::sim::model::math::normalize_or_zero;

/// A circular obstacle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Obstacle {
    /// Centre (world units).
    pub center: Vec2,
    /// Radius (world units).
    pub radius: f32,
}

/// A wall: a line segment that agents avoid from either side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wall {
    /// One end (world units).
    pub from: Vec2,
    /// The other end (world units).
    pub to: Vec2,
}

impl Wall {
    /// The wall's unit normal on the side of `p` (the left normal of `from → to` when `p` is on
    /// the wall's line); zero for a wall of zero length.
    #[must_use]
    pub fn normal_toward(&self, p: Vec2) -> Vec2 {
        let along = self.to - self.from;
        let left = normalize_or_zero(Vec2::new(-along.y, along.x));
        if left.dot(p - self.from) < 0.0 {
            -left
        } else {
            left
        }
    }
}

/// A path: a polyline with a radius, open (it ends) or looped (the last point joins the first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Path {
    /// Unique name, used by the blocks that follow it.
    pub name: String,
    /// Its points, in order (world units).
    pub points: Vec<Vec2>,
    /// The last point joins the first.
    #[serde(default)]
    pub looped: bool,
    /// Half the width of the band around the path (world units).
    #[serde(default = "default_path_radius")]
    pub radius: f32,
}

/// The default of [`Path::radius`].
pub const DEFAULT_PATH_RADIUS: f32 = 20.0;

fn default_path_radius() -> f32 {
    DEFAULT_PATH_RADIUS
}

/// Where a point projects on a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// The nearest point of the path.
    pub point: Vec2,
    /// Its distance along the path from the first point (world units).
    pub along: f32,
    /// The distance from the projected point to it.
    pub distance: f32,
}

impl Path {
    /// The path's segments, in order (with the closing one when looped and it has 3 or more
    /// points).
    pub fn segments(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        let closing = (self.looped && self.points.len() >= 3)
            .then(|| (self.points.last().copied(), self.points.first().copied()))
            .and_then(|(a, b)| Some((a?, b?)));
        self.points.windows(2).map(|w| (w[0], w[1])).chain(closing)
    }

    /// Whether the path joins up (looped, with 3 or more points).
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.looped && self.points.len() >= 3
    }

    /// Its length (world units).
    #[must_use]
    pub fn length(&self) -> f32 {
        self.segments().map(|(a, b)| a.distance(b)).sum()
    }

    /// The nearest point of the path to `p` (the first segment wins a tie); `None` for a path
    /// with no point.
    #[must_use]
    pub fn project(&self, p: Vec2) -> Option<Projection> {
        let first = *self.points.first()?;
        let mut best = Projection {
            point: first,
            along: 0.0,
            distance: p.distance(first),
        };
        let mut start = 0.0;
        for (a, b) in self.segments() {
            let q = closest_on_segment(a, b, p);
            let d = p.distance(q);
            if d < best.distance {
                best = Projection {
                    point: q,
                    along: start + a.distance(q),
                    distance: d,
                };
            }
            start += a.distance(b);
        }
        Some(best)
    }

    /// The point `along` world units from the first point: wrapped around a closed path,
    /// clamped to the ends of an open one.
    #[must_use]
    pub fn point_at(&self, along: f32) -> Option<Vec2> {
        let first = *self.points.first()?;
        let length = self.length();
        if length.is_nan() || length <= 0.0 {
            return Some(first);
        }
        let s = if self.is_closed() {
            along.rem_euclid(length)
        } else {
            along.clamp(0.0, length)
        };
        let mut start = 0.0;
        let mut last = first;
        for (a, b) in self.segments() {
            let l = a.distance(b);
            if s <= start + l && l > 0.0 {
                return Some(a + (b - a) * ((s - start) / l));
            }
            start += l;
            last = b;
        }
        Some(last)
    }

    /// Whether `p` is inside the closed path's polygon (even-odd rule); false for a path that
    /// does not close.
    #[must_use]
    pub fn contains(&self, p: Vec2) -> bool {
        self.is_closed() && polygon_contains(&self.points, p)
    }
}

/// The point of segment `a → b` nearest to `p`.
#[must_use]
pub fn closest_on_segment(a: Vec2, b: Vec2, p: Vec2) -> Vec2 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2.is_nan() || len2 <= 0.0 {
        return a;
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    a + ab * t
}

/// Where segment `a → b` crosses segment `c → d`: the share of `a → b` travelled and the point.
/// Parallel segments never cross.
#[must_use]
// Geometry's textbook names: points a, b, c, d, p, q; counts n.
#[allow(clippy::many_single_char_names)]
pub fn segment_crossing(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Option<(f32, Vec2)> {
    let r = b - a;
    let s = d - c;
    let denom = r.perp_dot(s);
    if denom == 0.0 || !denom.is_finite() {
        return None;
    }
    let ac = c - a;
    let t = ac.perp_dot(s) / denom;
    let u = ac.perp_dot(r) / denom;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then(|| (t, a + r * t))
}

/// Even-odd point in polygon.
#[must_use]
// Geometry's textbook names: points a, b, c, d, p, q; counts n.
#[allow(clippy::many_single_char_names)]
pub fn polygon_contains(points: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    let n = points.len();
    for i in 0..n {
        let a = points[i];
        let b = points[(i + n - 1) % n];
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// A field of directions over the world, one per square cell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlowField {
    /// Unique name, used by the blocks that follow it.
    pub name: String,
    /// Side of a cell (world units).
    pub cell_size: f32,
    /// The direction of every cell not painted.
    pub base: FlowBase,
    /// Cells whose direction was painted, overriding the base.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub painted: Vec<PaintedCell>,
}

/// How a flow field's directions are generated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FlowBase {
    /// One direction everywhere (degrees from +x, toward +y).
    Uniform {
        /// Degrees.
        angle_deg: f32,
    },
    /// Around a centre: the tangent of the circle through the cell's centre, turned
    /// `inward_deg` toward the centre (0: circles; 90: straight in; negative: out).
    Vortex {
        /// World units.
        center: Vec2,
        /// Degrees.
        inward_deg: f32,
    },
    /// Smooth value noise: a random direction every `scale` world units (from `seed`),
    /// blended between them.
    Noise {
        /// Seed of the random directions.
        seed: u64,
        /// World units between two random directions.
        scale: f32,
    },
}

/// One painted cell.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaintedCell {
    /// Column, from 0 at x = 0.
    pub col: u32,
    /// Row, from 0 at y = 0.
    pub row: u32,
    /// Degrees from +x, toward +y.
    pub angle_deg: f32,
}

/// A flow field resolved to one unit direction per cell, for a world of a given size.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FlowGrid {
    cell: f32,
    cols: usize,
    rows: usize,
    dirs: Vec<Vec2>,
}

/// The cells a field of `cell_size` has over a world of `size`: `(columns, rows)`, at least 1
/// each (0 for a size or cell that is not positive and finite).
#[must_use]
pub fn flow_cells(size: Vec2, cell_size: f32) -> (usize, usize) {
    let along = |extent: f32| {
        if cell_size > 0.0 && extent > 0.0 && (extent / cell_size).is_finite() {
            // Bounded by validation (at most MAX_FLOW_CELLS cells in all).
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let n = (extent / cell_size).ceil() as usize;
            n.max(1)
        } else {
            0
        }
    };
    (along(size.x), along(size.y))
}

/// A unit vector at `angle_deg` degrees from +x toward +y.
#[must_use]
pub fn direction_deg(angle_deg: f32) -> Vec2 {
    let a = angle_deg.to_radians();
    Vec2::new(libm::cosf(a), libm::sinf(a))
}

impl FlowField {
    /// The field's direction at every cell of a world of `size`.
    #[must_use]
    pub fn resolve(&self, size: Vec2) -> FlowGrid {
        let (cols, rows) = flow_cells(size, self.cell_size);
        let mut dirs = Vec::with_capacity(cols * rows);
        for row in 0..rows {
            for col in 0..cols {
                #[allow(clippy::cast_precision_loss)] // At most MAX_FLOW_CELLS cells.
                let center = Vec2::new(col as f32 + 0.5, row as f32 + 0.5) * self.cell_size;
                dirs.push(self.base.direction(center));
            }
        }
        for cell in &self.painted {
            let (col, row) = (cell.col as usize, cell.row as usize);
            if col < cols && row < rows {
                dirs[row * cols + col] = direction_deg(cell.angle_deg);
            }
        }
        FlowGrid {
            cell: self.cell_size,
            cols,
            rows,
            dirs,
        }
    }
}

impl FlowBase {
    /// The base direction at `p` (unit, or zero at a vortex's centre).
    #[must_use]
    pub fn direction(&self, p: Vec2) -> Vec2 {
        match *self {
            Self::Uniform { angle_deg } => direction_deg(angle_deg),
            Self::Vortex { center, inward_deg } => {
                let out = normalize_or_zero(p - center);
                let tangent = Vec2::new(-out.y, out.x);
                let a = inward_deg.to_radians();
                normalize_or_zero(tangent * libm::cosf(a) - out * libm::sinf(a))
            }
            Self::Noise { seed, scale } => noise_direction(seed, scale, p),
        }
    }
}

/// Value noise of directions: a random unit vector at each lattice point `scale` apart, blended
/// with smoothstep weights and normalised.
fn noise_direction(seed: u64, scale: f32, p: Vec2) -> Vec2 {
    if scale.is_nan() || scale <= 0.0 {
        return Vec2::ZERO;
    }
    let q = p / scale;
    let (fx, fy) = (q.x.floor(), q.y.floor());
    let (tx, ty) = (q.x - fx, q.y - fy);
    let smooth = |t: f32| t * t * (3.0 - 2.0 * t);
    let (sx, sy) = (smooth(tx), smooth(ty));
    // Lattice coordinates are bounded by validation (world size / scale).
    #[allow(clippy::cast_possible_truncation)]
    let (ix, iy) = (fx as i64, fy as i64);
    let at = |dx: i64, dy: i64| {
        let h = crate::sim::model::rng::hash3(seed, ix.wrapping_add(dx), iy.wrapping_add(dy));
        let angle = crate::sim::model::rng::unit_f32(h) * std::f32::consts::TAU;
        Vec2::new(libm::cosf(angle), libm::sinf(angle))
    };
    let top = at(0, 0) * (1.0 - sx) + at(1, 0) * sx;
    let bottom = at(0, 1) * (1.0 - sx) + at(1, 1) * sx;
    normalize_or_zero(top * (1.0 - sy) + bottom * sy)
}

impl FlowGrid {
    /// The direction of the cell holding `p` (points outside the field take the nearest cell).
    #[must_use]
    pub fn direction_at(&self, p: Vec2) -> Vec2 {
        if self.cols == 0 || self.rows == 0 || self.cell.is_nan() || self.cell <= 0.0 {
            return Vec2::ZERO;
        }
        let index = |v: f32, n: usize| {
            let c = (v / self.cell).floor();
            // Clamped to the grid before the conversion.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            #[allow(clippy::cast_precision_loss)]
            let i = c.clamp(0.0, (n - 1) as f32) as usize;
            i
        };
        let (col, row) = (index(p.x, self.cols), index(p.y, self.rows));
        self.dirs
            .get(row * self.cols + col)
            .copied()
            .unwrap_or(Vec2::ZERO)
    }

    /// Columns, rows and cell size.
    #[must_use]
    pub fn dims(&self) -> (usize, usize, f32) {
        (self.cols, self.rows, self.cell)
    }

    /// The direction of cell `(col, row)`.
    #[must_use]
    pub fn cell(&self, col: usize, row: usize) -> Vec2 {
        if col >= self.cols {
            return Vec2::ZERO;
        }
        self.dirs
            .get(row * self.cols + col)
            .copied()
            .unwrap_or(Vec2::ZERO)
    }
}

/// A level: the outline of the walkable area and the blocks of wall inside it, as polygons
/// (each implicitly closed, either orientation). Every edge of every polygon is a wall to the
/// behaviors that avoid walls; `navigate` plans its routes across the area between them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The outline of the walkable area (3 or more points, world units); empty: the world's
    /// rectangle, with no wall along it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boundary: Vec<Vec2>,
    /// Blocks of wall inside it, each a polygon of 3 or more points (world units).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<Vec<Vec2>>,
}

impl Level {
    /// Whether the level has no polygon at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.boundary.is_empty() && self.holes.is_empty()
    }

    /// Every polygon: the boundary (when set), then the holes.
    pub fn rings(&self) -> impl Iterator<Item = &[Vec2]> {
        std::iter::once(self.boundary.as_slice())
            .filter(|r| !r.is_empty())
            .chain(self.holes.iter().map(Vec::as_slice))
    }

    /// Every edge of every polygon, as a wall (a polygon of fewer than 2 points has none).
    pub fn walls(&self) -> impl Iterator<Item = Wall> + '_ {
        self.rings().flat_map(|ring| {
            let n = if ring.len() >= 2 { ring.len() } else { 0 };
            (0..n).map(move |k| Wall {
                from: ring[k],
                to: ring[(k + 1) % n],
            })
        })
    }

    /// The outline of the walkable area: the boundary, or the rectangle `0..size`.
    #[must_use]
    pub fn outline(&self, size: Vec2) -> Vec<Vec2> {
        if self.boundary.is_empty() {
            vec![
                Vec2::ZERO,
                Vec2::new(size.x, 0.0),
                size,
                Vec2::new(0.0, size.y),
            ]
        } else {
            self.boundary.clone()
        }
    }
}

/// One agent placed by hand: it starts exactly here, before the groups' own agents spawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// The name of its group.
    pub group: String,
    /// Where it starts (world units).
    pub position: Vec2,
    /// Its starting velocity (world units per second).
    #[serde(default)]
    pub velocity: Vec2,
    /// Its circle wander's starting angle (degrees); 0 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wander_angle_deg: Option<f32>,
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn path(points: &[(f32, f32)], looped: bool) -> Path {
        Path {
            name: "p".to_owned(),
            points: points.iter().map(|&(x, y)| Vec2::new(x, y)).collect(),
            looped,
            radius: 10.0,
        }
    }

    #[test]
    fn an_l_shaped_path_projects_and_walks() {
        // (0,0) → (100,0) → (100,50): length 150.
        let p = path(&[(0.0, 0.0), (100.0, 0.0), (100.0, 50.0)], false);
        assert_eq!(p.length(), 150.0);
        let q = p.project(Vec2::new(40.0, 7.0)).unwrap();
        assert_eq!(q.point, Vec2::new(40.0, 0.0));
        assert_eq!(q.along, 40.0);
        assert_eq!(q.distance, 7.0);
        // Past the corner, on the second leg: 100 + 20.
        let q = p.project(Vec2::new(110.0, 20.0)).unwrap();
        assert_eq!(
            (q.point, q.along, q.distance),
            (Vec2::new(100.0, 20.0), 120.0, 10.0)
        );
        assert_eq!(p.point_at(125.0), Some(Vec2::new(100.0, 25.0)));
        // An open path clamps; a closed one wraps.
        assert_eq!(p.point_at(1000.0), Some(Vec2::new(100.0, 50.0)));
        assert_eq!(p.point_at(-5.0), Some(Vec2::new(0.0, 0.0)));
        let square = path(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)], true);
        assert_eq!(square.length(), 40.0);
        assert_eq!(square.point_at(45.0), Some(Vec2::new(5.0, 0.0)));
        assert_eq!(square.point_at(-5.0), Some(Vec2::new(0.0, 5.0)));
        assert!(square.contains(Vec2::new(5.0, 5.0)));
        assert!(!square.contains(Vec2::new(15.0, 5.0)));
    }

    #[test]
    fn segments_cross_where_worked_out() {
        let hit = segment_crossing(
            Vec2::ZERO,
            Vec2::new(10.0, 0.0),
            Vec2::new(4.0, -5.0),
            Vec2::new(4.0, 5.0),
        );
        assert_eq!(hit, Some((0.4, Vec2::new(4.0, 0.0))));
        // Short of the wall, and parallel: no crossing.
        assert_eq!(
            segment_crossing(
                Vec2::ZERO,
                Vec2::new(3.0, 0.0),
                Vec2::new(4.0, -5.0),
                Vec2::new(4.0, 5.0)
            ),
            None
        );
        assert_eq!(
            segment_crossing(Vec2::ZERO, Vec2::X, Vec2::Y, Vec2::new(1.0, 1.0)),
            None
        );
        let wall = Wall {
            from: Vec2::new(4.0, -5.0),
            to: Vec2::new(4.0, 5.0),
        };
        assert_eq!(wall.normal_toward(Vec2::ZERO), Vec2::new(-1.0, 0.0));
        assert_eq!(wall.normal_toward(Vec2::new(9.0, 0.0)), Vec2::new(1.0, 0.0));
    }

    #[test]
    fn flow_fields_resolve_their_bases_and_paint() {
        let field = FlowField {
            name: "f".to_owned(),
            cell_size: 10.0,
            base: FlowBase::Uniform { angle_deg: 0.0 },
            painted: vec![PaintedCell {
                col: 1,
                row: 0,
                angle_deg: 90.0,
            }],
        };
        // A 25 x 10 world: 3 x 1 cells.
        let grid = field.resolve(Vec2::new(25.0, 10.0));
        assert_eq!(grid.dims(), (3, 1, 10.0));
        assert_eq!(grid.direction_at(Vec2::new(5.0, 5.0)), Vec2::X);
        let up = grid.direction_at(Vec2::new(15.0, 5.0));
        assert!((up - Vec2::Y).length() < 1e-6, "{up}");
        // Outside the world: the nearest cell.
        assert_eq!(grid.direction_at(Vec2::new(-50.0, 99.0)), Vec2::X);
        // A vortex with no inward turn circles: at (10, 0) from the centre the tangent is +y.
        let vortex = FlowBase::Vortex {
            center: Vec2::ZERO,
            inward_deg: 0.0,
        };
        assert_eq!(vortex.direction(Vec2::new(10.0, 0.0)), Vec2::new(-0.0, 1.0));
        assert_eq!(vortex.direction(Vec2::ZERO), Vec2::ZERO);
        // Noise is a unit direction, the same for the same seed.
        let noise = FlowBase::Noise {
            seed: 3,
            scale: 50.0,
        };
        let d = noise.direction(Vec2::new(12.0, 34.0));
        assert!((d.length() - 1.0).abs() < 1e-5);
        assert_eq!(d, noise.direction(Vec2::new(12.0, 34.0)));
    }
}
