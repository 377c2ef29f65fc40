//! Anti-aliased 2D primitives written straight into one [`Mesh`].
//!
//! The canvas draws thousands of agents, each with several arrows. Handing egui one shape per
//! arrow costs a shape record, a clip test and a tessellation call each (about 170 ns per
//! segment). A [`Batch`] instead appends the final triangles into a single mesh, with the same
//! feathering egui uses for its own anti-aliasing: a one-pixel band that fades from the colour
//! to transparent along every outer edge. Primitives whose bounds miss the clip rectangle are
//! skipped before any vertex is written.
//!
//! The headless renderer rasterizes these same meshes, so the picture is the same with and
//! without a window.

// Vertex indices are `u32` in epaint. One canvas mesh holds at most 34 vertices per agent and
// a few thousand for the scenery, with at most 1,000,000 agents: far below `u32::MAX`.
#![allow(clippy::cast_possible_truncation)]
// Geometry reads best with the textbook names: points a, b, c; normal n; feather f.
#![allow(clippy::many_single_char_names)]

use egui::epaint::{Mesh, Vertex, WHITE_UV};
use egui::{Color32, Pos2, Rect, Vec2, vec2};

/// Triangles for anti-aliased shapes, built on the CPU and painted as one mesh.
#[derive(Debug)]
pub struct Batch {
    mesh: Mesh,
    /// Width of the anti-aliasing band, in points (one physical pixel).
    feather: f32,
    /// Primitives whose bounds do not meet this rectangle are not built.
    clip: Rect,
}

impl Batch {
    /// An empty batch for a canvas clipped to `clip`, at `pixels_per_point`.
    #[must_use]
    pub fn new(clip: Rect, pixels_per_point: f32) -> Self {
        Self::reusing(Mesh::default(), clip, pixels_per_point)
    }

    /// An empty batch that writes into `mesh`'s buffers (cleared first), so that a canvas
    /// redrawn every frame does not allocate and fault in megabytes each time.
    #[must_use]
    pub fn reusing(mut mesh: Mesh, clip: Rect, pixels_per_point: f32) -> Self {
        // Not `Mesh::clear`, which also frees the vertex buffer.
        mesh.vertices.clear();
        mesh.indices.clear();
        Self {
            mesh,
            feather: 1.0 / pixels_per_point.max(1e-3),
            clip,
        }
    }

    /// The mesh, to paint or to reuse.
    #[must_use]
    pub fn into_mesh(self) -> Mesh {
        self.mesh
    }

    /// Reserves room for about `vertices` more vertices and `indices` more indices.
    pub fn reserve(&mut self, vertices: usize, indices: usize) {
        self.mesh.vertices.reserve(vertices);
        self.mesh.indices.reserve(indices);
    }

    /// The mesh built so far.
    #[must_use]
    pub fn mesh(&self) -> &Mesh {
        &self.mesh
    }

    /// Whether nothing has been drawn.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.mesh.indices.is_empty()
    }

    /// Whether a primitive with these bounds can be seen at all.
    #[must_use]
    pub fn visible(&self, min: Pos2, max: Pos2) -> bool {
        min.x <= self.clip.max.x
            && max.x >= self.clip.min.x
            && min.y <= self.clip.max.y
            && max.y >= self.clip.min.y
    }

    #[inline]
    fn vertex(&mut self, pos: Pos2, color: Color32) -> u32 {
        let index = self.mesh.vertices.len() as u32;
        self.mesh.vertices.push(Vertex {
            pos,
            uv: WHITE_UV,
            color,
        });
        index
    }

    #[inline]
    fn triangle_indices(&mut self, a: u32, b: u32, c: u32) {
        self.mesh.indices.extend_from_slice(&[a, b, c]);
    }

    #[inline]
    fn quad_indices(&mut self, a: u32, b: u32, c: u32, d: u32) {
        // a-b is one edge, d-c the opposite one.
        self.mesh.indices.extend_from_slice(&[a, b, c, a, c, d]);
    }

    /// A straight stroke from `a` to `b`, `width` points wide.
    pub fn line(&mut self, a: Pos2, b: Pos2, width: f32, color: Color32) {
        let pad = width * 0.5 + self.feather;
        if !(self.visible(a.min(b) - vec2(pad, pad), a.max(b) + vec2(pad, pad))) {
            return;
        }
        let d = b - a;
        let len = length(d);
        if !(len > 0.0 && len.is_finite()) || color == Color32::TRANSPARENT {
            return;
        }
        self.line_along(a, b, d / len, width, color);
    }

    /// [`Self::line`] when the unit direction from `a` to `b` is already known.
    #[inline]
    fn line_along(&mut self, a: Pos2, b: Pos2, dir: Vec2, width: f32, color: Color32) {
        let n = vec2(-dir.y, dir.x);
        let f = self.feather;
        let t = Color32::TRANSPARENT;
        let v = |p: Pos2, color| Vertex {
            pos: p,
            uv: WHITE_UV,
            color,
        };
        let i = self.mesh.vertices.len() as u32;
        if width <= f {
            // Thinner than a pixel: a one-pixel line, as faint as it is thin.
            let color = color.gamma_multiply(width / f);
            let n = n * f;
            self.mesh.vertices.extend_from_slice(&[
                v(a + n, t),
                v(a, color),
                v(a - n, t),
                v(b + n, t),
                v(b, color),
                v(b - n, t),
            ]);
            self.mesh.indices.extend_from_slice(&[
                i,
                i + 1,
                i + 4,
                i,
                i + 4,
                i + 3,
                i + 1,
                i + 2,
                i + 5,
                i + 1,
                i + 5,
                i + 4,
            ]);
        } else {
            let inner = n * ((width - f) * 0.5);
            let outer = n * ((width + f) * 0.5);
            self.mesh.vertices.extend_from_slice(&[
                v(a + outer, t),
                v(a + inner, color),
                v(a - inner, color),
                v(a - outer, t),
                v(b + outer, t),
                v(b + inner, color),
                v(b - inner, color),
                v(b - outer, t),
            ]);
            self.mesh.indices.extend_from_slice(&[
                i,
                i + 1,
                i + 5,
                i,
                i + 5,
                i + 4,
                i + 1,
                i + 2,
                i + 6,
                i + 1,
                i + 6,
                i + 5,
                i + 2,
                i + 3,
                i + 7,
                i + 2,
                i + 7,
                i + 6,
            ]);
        }
    }

    /// Two strokes crossing at `center`: from `center - arm` to `center + arm`, and the same
    /// turned a quarter turn (`+` for a horizontal arm, `×` for a diagonal one).
    pub fn cross(&mut self, center: Pos2, arm: Vec2, width: f32, color: Color32) {
        let turned = vec2(-arm.y, arm.x);
        self.line(center - arm, center + arm, width, color);
        self.line(center - turned, center + turned, width, color);
    }

    /// A filled convex polygon (its points in either winding), with anti-aliased edges.
    pub fn convex(&mut self, points: &[Pos2], color: Color32) {
        let n = points.len();
        if n < 3 || color == Color32::TRANSPARENT {
            return;
        }
        let (mut min, mut max) = (points[0], points[0]);
        for p in &points[1..] {
            min = min.min(*p);
            max = max.max(*p);
        }
        let pad = vec2(self.feather, self.feather);
        let finite = min.x.is_finite() && max.x.is_finite() && min.y.is_finite();
        if !(self.visible(min - pad, max + pad) && finite && max.y.is_finite()) {
            return;
        }
        // Outward normals need the winding: the sign of the area.
        let mut area2 = 0.0;
        for k in 0..n {
            let (p, q) = (points[k], points[(k + 1) % n]);
            area2 += p.x * q.y - q.x * p.y;
        }
        if area2 == 0.0 || !area2.is_finite() {
            return;
        }
        let sign = if area2 > 0.0 { 1.0 } else { -1.0 };
        let edge_normal = |k: usize| {
            let d = points[(k + 1) % n] - points[k];
            let len = length(d).max(1e-6);
            vec2(d.y, -d.x) * (sign / len)
        };
        let half = self.feather * 0.5;
        let first = self.mesh.vertices.len() as u32;
        let mut previous = edge_normal(n - 1);
        for (k, point) in points.iter().enumerate() {
            let next = edge_normal(k);
            // Offset along the mitre so each edge moves by exactly `half`.
            let mitre = miter(previous, next);
            self.vertex(*point - mitre * half, color);
            self.vertex(*point + mitre * half, Color32::TRANSPARENT);
            previous = next;
        }
        let n = n as u32;
        for k in 1..n - 1 {
            self.triangle_indices(first, first + 2 * k, first + 2 * (k + 1));
        }
        for k in 0..n {
            let j = (k + 1) % n;
            self.quad_indices(
                first + 2 * k,
                first + 2 * k + 1,
                first + 2 * j + 1,
                first + 2 * j,
            );
        }
    }

    /// A filled triangle (either winding), with anti-aliased edges: [`Self::convex`] for the
    /// most common case, without its loops.
    pub fn triangle(&mut self, points: [Pos2; 3], color: Color32) {
        let [a, b, c] = points;
        let min = a.min(b).min(c);
        let max = a.max(b).max(c);
        let pad = vec2(self.feather, self.feather);
        if !self.visible(min - pad, max + pad) || color == Color32::TRANSPARENT {
            return;
        }
        if let Some(miters) = triangle_miters(points.map(Pos2::to_vec2)) {
            self.triangle_with(points, miters, color);
        }
    }

    /// An isosceles triangle pointing along `dir` (a unit vector) with its tip at `tip`, of
    /// the shape `shape` scaled to `height`: the agents and the arrow heads. Its mitres depend
    /// only on the shape, so they are worked out once per shape instead of per triangle. It is
    /// not tested against the clip rectangle: callers cull (it is always within `height` of
    /// `tip`).
    pub fn isosceles(
        &mut self,
        tip: Pos2,
        dir: Vec2,
        height: f32,
        shape: &Isosceles,
        color: Color32,
    ) {
        if height.is_nan() || height <= 0.0 {
            return;
        }
        let side = vec2(-dir.y, dir.x);
        let base = tip - dir * height;
        let half = side * (height * shape.half_base);
        let rotate = |m: Vec2| dir * m.x + side * m.y;
        self.triangle_with(
            [tip, base + half, base - half],
            shape.miters.map(rotate),
            color,
        );
    }

    /// The triangle `points` with its (unit) corner mitres: 3 opaque inner corners, 3
    /// transparent outer ones, a core triangle and three edge bands.
    #[inline]
    fn triangle_with(&mut self, points: [Pos2; 3], miters: [Vec2; 3], color: Color32) {
        let half = self.feather * 0.5;
        let i = self.mesh.vertices.len() as u32;
        let v = |p: Pos2, color| Vertex {
            pos: p,
            uv: WHITE_UV,
            color,
        };
        let t = Color32::TRANSPARENT;
        self.mesh.vertices.extend_from_slice(&[
            v(points[0] - miters[0] * half, color),
            v(points[0] + miters[0] * half, t),
            v(points[1] - miters[1] * half, color),
            v(points[1] + miters[1] * half, t),
            v(points[2] - miters[2] * half, color),
            v(points[2] + miters[2] * half, t),
        ]);
        self.mesh.indices.extend_from_slice(&[
            i,
            i + 2,
            i + 4,
            i,
            i + 1,
            i + 3,
            i,
            i + 3,
            i + 2,
            i + 2,
            i + 3,
            i + 5,
            i + 2,
            i + 5,
            i + 4,
            i + 4,
            i + 5,
            i + 1,
            i + 4,
            i + 1,
            i,
        ]);
    }

    /// An arrow from `origin` along `vector` (points), with a filled head. Arrows shorter than
    /// a quarter of a pixel are not drawn.
    pub fn arrow(&mut self, origin: Pos2, vector: Vec2, width: f32, color: Color32) {
        let pad = (width + 8.0).max(self.feather);
        let Some(arrow) = self.arrow_shape(origin, vector, width, (self.feather * 0.25, pad))
        else {
            return;
        };
        self.line_along(origin, arrow.shaft_end, arrow.dir, width, color);
        self.isosceles(arrow.tip, arrow.dir, arrow.head, &ARROW_HEAD, color);
    }

    /// Where an arrow from `origin` along `vector`, `width` wide, puts its tip, its direction,
    /// its head's length and the end of its shaft; `None` when it is shorter than `shortest`
    /// or, padded by `pad`, off the canvas.
    fn arrow_shape(
        &self,
        origin: Pos2,
        vector: Vec2,
        width: f32,
        (shortest, pad): (f32, f32),
    ) -> Option<ArrowShape> {
        let len = length(vector);
        if !(len >= shortest && len.is_finite()) {
            return None;
        }
        let tip = origin + vector;
        if !self.visible(
            origin.min(tip) - vec2(pad, pad),
            origin.max(tip) + vec2(pad, pad),
        ) {
            return None;
        }
        let dir = vector / len;
        let head = (3.0 + 2.0 * width).min(len * 0.4);
        Some(ArrowShape {
            tip,
            dir,
            head,
            shaft_end: tip - dir * (head - (head * 0.3).min(width)),
        })
    }

    /// A triangle without the anti-aliasing band: one triangle, for bodies drawn a few pixels
    /// long (the band would be most of their area and most of their cost).
    pub fn plain_isosceles(
        &mut self,
        tip: Pos2,
        dir: Vec2,
        height: f32,
        half_base: f32,
        color: Color32,
    ) {
        if height.is_nan() || height <= 0.0 {
            return;
        }
        let side = vec2(-dir.y, dir.x);
        let base = tip - dir * height;
        let half = side * (height * half_base);
        let i = self.vertex(tip, color);
        self.vertex(base + half, color);
        self.vertex(base - half, color);
        self.triangle_indices(i, i + 1, i + 2);
    }

    /// [`Self::arrow`] without the anti-aliasing bands: a quad for the shaft and a triangle for
    /// the head, for the arrows of a crowd drawn a few pixels an agent.
    pub fn plain_arrow(&mut self, origin: Pos2, vector: Vec2, width: f32, color: Color32) {
        // Shorter than a pixel: nothing to see.
        let Some(ArrowShape {
            tip,
            dir,
            head,
            shaft_end,
        }) = self.arrow_shape(origin, vector, width, (self.feather, width + 8.0))
        else {
            return;
        };
        let n = vec2(-dir.y, dir.x) * (width * 0.5);
        let i = self.vertex(origin + n, color);
        self.vertex(shaft_end + n, color);
        self.vertex(shaft_end - n, color);
        self.vertex(origin - n, color);
        self.quad_indices(i, i + 1, i + 2, i + 3);
        self.plain_isosceles(tip, dir, head, ARROW_HEAD.half_base, color);
    }

    /// A circle outline, `width` points wide.
    pub fn circle_stroke(&mut self, center: Pos2, radius: f32, width: f32, color: Color32) {
        let pad = radius + width + self.feather;
        if !(radius > 0.0
            && radius.is_finite()
            && self.visible(center - vec2(pad, pad), center + vec2(pad, pad)))
        {
            return;
        }
        let segments = circle_segments(radius);
        let f = self.feather;
        let (color, inner, outer) = if width <= f {
            // Thinner than a pixel: a one-pixel ring, as faint as it is thin.
            (color.gamma_multiply(width / f), 0.0, f)
        } else {
            (color, (width - f) * 0.5, (width + f) * 0.5)
        };
        let first = self.mesh.vertices.len() as u32;
        let step = std::f32::consts::TAU / segments as f32;
        let rotation = vec2(step.cos(), step.sin());
        let mut u = vec2(1.0, 0.0);
        for _ in 0..segments {
            let p = center + u * radius;
            self.vertex(p + u * outer, Color32::TRANSPARENT);
            self.vertex(p + u * inner, color);
            self.vertex(p - u * inner, color);
            self.vertex(p - u * outer, Color32::TRANSPARENT);
            u = vec2(
                u.x * rotation.x - u.y * rotation.y,
                u.x * rotation.y + u.y * rotation.x,
            );
        }
        let segments = segments as u32;
        for k in 0..segments {
            let a = first + 4 * k;
            let b = first + 4 * ((k + 1) % segments);
            self.quad_indices(a, a + 1, b + 1, b);
            self.quad_indices(a + 1, a + 2, b + 2, b + 1);
            self.quad_indices(a + 2, a + 3, b + 3, b + 2);
        }
    }

    /// A filled disc.
    pub fn circle_filled(&mut self, center: Pos2, radius: f32, color: Color32) {
        if !(radius > 0.0 && radius.is_finite()) {
            return;
        }
        let segments = circle_segments(radius);
        let step = std::f32::consts::TAU / segments as f32;
        let points: Vec<Pos2> = (0..segments)
            .map(|k| {
                let a = k as f32 * step;
                center + vec2(a.cos(), a.sin()) * radius
            })
            .collect();
        self.convex(&points, color);
    }

    /// A closed outline through `points`.
    pub fn closed_stroke(&mut self, points: &[Pos2], width: f32, color: Color32) {
        for k in 0..points.len() {
            self.line(points[k], points[(k + 1) % points.len()], width, color);
        }
    }
}

/// The shape of an isosceles triangle (tip forward, base behind), as the unit mitres of its
/// corners in its own frame (x forward, y to the side), for [`Batch::isosceles`].
#[derive(Clone, Copy, Debug)]
pub struct Isosceles {
    /// Half the base over the height.
    half_base: f32,
    miters: [Vec2; 3],
}

impl Isosceles {
    /// The shape whose base is `2 × half_base` for a height of 1.
    #[must_use]
    pub fn new(half_base: f32) -> Self {
        let points = [
            vec2(0.0, 0.0),
            vec2(-1.0, half_base),
            vec2(-1.0, -half_base),
        ];
        Self {
            half_base,
            miters: triangle_miters(points).unwrap_or([Vec2::ZERO; 3]),
        }
    }
}

/// An arrow's geometry (see [`Batch::arrow_shape`]).
struct ArrowShape {
    tip: Pos2,
    dir: Vec2,
    head: f32,
    shaft_end: Pos2,
}

/// Arrow heads: as long as 1/0.55 of their half width.
static ARROW_HEAD: std::sync::LazyLock<Isosceles> =
    std::sync::LazyLock::new(|| Isosceles::new(0.55));

/// The unit mitres (outward) at the corners of a triangle, `None` when it has no area.
fn triangle_miters([a, b, c]: [Vec2; 3]) -> Option<[Vec2; 3]> {
    let cross = (b - a).x * (c - a).y - (b - a).y * (c - a).x;
    if !(cross != 0.0 && cross.is_finite()) {
        return None;
    }
    let sign = if cross > 0.0 { 1.0 } else { -1.0 };
    let normal = |p: Vec2, q: Vec2| {
        let d = q - p;
        vec2(d.y, -d.x) * (sign / length(d).max(1e-6))
    };
    let (nab, nbc, nca) = (normal(a, b), normal(b, c), normal(c, a));
    Some([miter(nca, nab), miter(nab, nbc), miter(nbc, nca)])
}

/// `|v|` without `hypot`'s care for overflow, which screen coordinates never need.
#[inline]
fn length(v: Vec2) -> f32 {
    (v.x * v.x + v.y * v.y).sqrt()
}

/// Enough segments that a circle of `radius` points looks round (error under a tenth of a
/// point), between 8 and 256.
fn circle_segments(radius: f32) -> usize {
    if !radius.is_finite() {
        return if radius.is_nan() { 8 } else { 256 };
    }
    let n = std::f32::consts::PI / (1.0 - 0.1 / radius.max(0.2)).clamp(-1.0, 1.0).acos();
    // Finite and clamped, so the cast is exact enough.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = n.ceil().clamp(8.0, 256.0) as usize;
    n
}

/// The vertex offset that moves both adjacent edges (unit outward normals `a` and `b`) out by
/// one unit.
fn miter(a: Vec2, b: Vec2) -> Vec2 {
    let m = a + b;
    let len2 = m.length_sq();
    if len2 < 1e-6 {
        return a;
    }
    // m / |m| scaled by 1 / cos(half angle) = m · 2 / |m|², capped for very sharp corners.
    let scaled = m * (2.0 / len2);
    if scaled.length_sq() > 16.0 {
        scaled.normalized() * 4.0
    } else {
        scaled
    }
}

#[cfg(test)]
mod tests;
