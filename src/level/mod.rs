//! Levels traced from black-and-white images: the walkable area of a picture of a level as one
//! outer polygon and the polygons of the walls inside it.
//!
//! The input is a grid of booleans (wall or not), so the core needs no image decoder: a
//! front end decodes the picture and thresholds it. Coordinates are in pixels, x to the right
//! and y down; pixel (x, y) covers the square [x, x + 1] × [y, y + 1], so every traced point
//! is a pixel corner.
//!
//! ```
//! use glam::Vec2;
//! use steerlab::level::level_from_picture;
//!
//! // A 4 × 3 image with no wall: the whole image is walkable.
//! let level = level_from_picture(4, 3, &[false; 12], 0.0, 0.0).unwrap();
//! let corners = [(0., 0.), (0., 3.), (4., 3.), (4., 0.)];
//! assert_eq!(level.boundary, corners.map(|(x, y)| Vec2::new(x, y)));
//! assert!(level.holes.is_empty());
//! ```
//!
//! Connectivity: walkable pixels are connected through their sides only (4-connected), so two
//! walkable pixels that touch at a corner alone are not connected, and walls are connected
//! through corners too (8-connected). A wall that touches the outer wall at a corner is part of
//! the boundary (which then touches itself at that corner), not a hole.
//!
//! Orientation: seen on screen (y down), the boundary runs counter-clockwise and every hole
//! clockwise, the walkable area always on the left of the direction of travel. In numbers,
//! [`ring_area`] is negative for the boundary and positive for holes.

mod contour;
mod faults;
mod simplify;
#[cfg(test)]
mod tests;

use glam::Vec2;
use serde::{Deserialize, Serialize};

use contour::{Pixels, Pt, area2};

impl PictureLevel {
    /// The level in world units: pixel `(x, y)` of a `width` × `height` image at
    /// `(x · size.x / width, y · size.y / height)`, so the image covers the world.
    #[must_use]
    pub fn to_level(
        &self,
        (width, height): (usize, usize),
        size: Vec2,
    ) -> crate::sim::model::scenery::Level {
        let scale = Vec2::new(size.x / width.max(1) as f32, size.y / height.max(1) as f32);
        let world = |ring: &Vec<Vec2>| ring.iter().map(|&p| p * scale).collect::<Vec<_>>();
        crate::sim::model::scenery::Level {
            boundary: world(&self.boundary),
            holes: self.holes.iter().map(world).collect(),
        }
    }
}

/// A level traced from an image: one outer boundary and the holes inside it, in pixel units
/// (x right, y down, pixel (x, y) covers the square [x, x + 1] × [y, y + 1]).
///
/// Each ring is a closed polygon listed without repeating its first point, and starts at its
/// top-most, then left-most point.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PictureLevel {
    /// The outline of the walkable area, counter-clockwise on screen (negative
    /// [`ring_area`]). It may touch itself at a corner where a wall meets the outer wall
    /// diagonally, never cross itself.
    pub boundary: Vec<Vec2>,
    /// The outlines of the walls inside the boundary, each clockwise on screen (positive
    /// [`ring_area`]), in the order of their top-most, then left-most traced corner.
    pub holes: Vec<Vec<Vec2>>,
    /// What was left out: the walkable areas not connected to the one traced, and the holes
    /// smaller than the minimum area (whose pixels then count as walkable).
    pub dropped: usize,
}

/// Traces the walkable area of a level image into polygons.
///
/// `wall[y * width + x]` is true for a wall pixel; pixels outside the image count as wall. The
/// walkable area is the largest 4-connected region of non-wall pixels by pixel count (the
/// first in row order among equals). Its outer contour is the boundary, and the contours of
/// the wall regions it encloses are the holes (a wall region touching the outer contour, even
/// at a corner, is part of the boundary). Other walkable regions count as wall.
///
/// Contours follow the pixel edges; then each ring is simplified with Ramer–Douglas–Peucker
/// at `tolerance` pixels (closed rings: cut at the point farthest from the first one and at
/// the point farthest from that). Where simplification would make rings cross or touch, or
/// move a hole out of the boundary or into another hole, the segments concerned are refined
/// at their farthest traced corner until none does, and a ring that would keep fewer than 3
/// points keeps its traced shape. Every point is a pixel corner of the traced contour. At
/// `tolerance` 0 (also for a negative or NaN tolerance) each ring is its traced contour, one
/// point per turn.
///
/// Holes enclosing fewer than `min_area` pixels (their traced area) are dropped, and counted
/// in [`PictureLevel::dropped`] with the walkable regions left out (a NaN `min_area` drops
/// none).
///
/// None when there is no walkable pixel, when `width * height` is not `wall.len()`, or when
/// `width` or `height` is 0. Memory and time grow with the pixel count.
#[must_use]
pub fn level_from_picture(
    width: usize,
    height: usize,
    wall: &[bool],
    tolerance: f32,
    min_area: f32,
) -> Option<PictureLevel> {
    let mut pixels = Pixels::new(width, height, wall)?;
    let regions = pixels.keep_largest()?;
    let mut rings = pixels.contours();
    drop(pixels);
    let outer = rings.iter().position(|ring| area2(ring) < 0)?;
    let boundary = rings.remove(outer);
    let min_area2 = 2.0 * f64::from(min_area);
    let before = rings.len();
    rings.retain(|hole| area2(hole) as f64 >= min_area2 || min_area2.is_nan());
    let dropped = regions - 1 + (before - rings.len());
    rings.insert(0, boundary);
    let tol = if tolerance > 0.0 {
        f64::from(tolerance)
    } else {
        0.0
    };
    let keeps = simplify::simplify(&rings, tol);
    let mut polygons = rings.iter().zip(&keeps).map(|(ring, keep)| {
        let mut points: Vec<Pt> = keep.iter().map(|&i| ring[i]).collect();
        if let Some(first) = (0..points.len()).min_by_key(|&i| points[i]) {
            points.rotate_left(first);
        }
        points
            .into_iter()
            .map(|p| Vec2::new(p.x as f32, p.y as f32))
            .collect::<Vec<_>>()
    });
    let boundary = polygons.next().unwrap_or_default();
    Some(PictureLevel {
        boundary,
        holes: polygons.collect(),
        dropped,
    })
}

/// The signed area of a closed polygon (shoelace formula, `½ Σ (xᵢ yᵢ₊₁ − xᵢ₊₁ yᵢ)`), with
/// the first point not repeated at the end. With y down, as in [`PictureLevel`], it is negative
/// for a polygon that runs counter-clockwise on screen (the boundary) and positive for one
/// that runs clockwise (a hole). 0 for fewer than 3 points.
#[must_use]
pub fn ring_area(ring: &[Vec2]) -> f32 {
    let n = ring.len();
    if n < 3 {
        return 0.0;
    }
    let twice: f64 = (0..n)
        .map(|i| {
            let (a, b) = (ring[i].as_dvec2(), ring[(i + 1) % n].as_dvec2());
            a.x * b.y - b.x * a.y
        })
        .sum();
    #[allow(clippy::cast_possible_truncation)] // An area, rounded to the nearest f32.
    let area = (twice / 2.0) as f32;
    area
}
