//! A software rasterizer for egui's tessellated output: the same triangles, colours and font
//! texture the editor's GPU draws, into an RGBA image, without a window or a GPU.
//!
//! It does what egui's own renderers do: vertex colours and texels are premultiplied-alpha
//! sRGB values, multiplied together and blended over the image with `dst = src + dst * (1 -
//! src.a)` in gamma space; textures are sampled bilinearly. Anti-aliasing needs nothing here:
//! egui feathers every edge into the mesh itself, so each pixel takes its centre's value.
//! Shared triangle edges follow the top-left rule, so no pixel is blended twice.

// Rasterization reads best with the textbook names: points p, q; weights w; texel coordinates
// u, v, x, y.
#![allow(clippy::many_single_char_names)]

use std::collections::HashMap;

use egui::epaint::{ClippedPrimitive, Primitive, Vertex};
use egui::{Color32, ColorImage, TextureId, TexturesDelta};

/// The textures egui asked for (the font atlas, at least), kept up to date from each frame's
/// [`TexturesDelta`].
#[derive(Default)]
pub struct Textures {
    images: HashMap<TextureId, ColorImage>,
}

impl Textures {
    /// Applies a frame's texture changes (before painting that frame).
    pub fn apply(&mut self, delta: &TexturesDelta) {
        for (id, deltas) in &delta.set {
            for d in deltas {
                let egui::ImageData::Color(patch) = &d.image;
                match d.pos {
                    None => {
                        self.images.insert(*id, (**patch).clone());
                    }
                    Some([x0, y0]) => {
                        let Some(image) = self.images.get_mut(id) else {
                            continue;
                        };
                        let [w, h] = patch.size;
                        for y in 0..h {
                            for x in 0..w {
                                let (tx, ty) = (x0 + x, y0 + y);
                                if tx < image.size[0] && ty < image.size[1] {
                                    image.pixels[ty * image.size[0] + tx] = patch.pixels[y * w + x];
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Frees what the frame said to free (after painting it).
    pub fn free(&mut self, delta: &TexturesDelta) {
        for id in &delta.free {
            self.images.remove(id);
        }
    }
}

/// An RGBA image being painted (premultiplied; opaque wherever the background was).
pub struct Raster {
    width: usize,
    height: usize,
    pixels: Vec<[f32; 4]>,
}

impl Raster {
    /// A `width` × `height` image filled with `background`.
    #[must_use]
    pub fn new(width: usize, height: usize, background: Color32) -> Self {
        let c = background.to_array().map(f32::from);
        Self {
            width,
            height,
            pixels: vec![c; width * height],
        }
    }

    /// `left` and `right` side by side, with a `gap`-pixel strip of `background` between them
    /// (the taller sets the height; the shorter is padded with `background`).
    #[must_use]
    pub fn side_by_side(left: &Self, right: &Self, gap: usize, background: Color32) -> Self {
        let mut out = Self::new(
            left.width + gap + right.width,
            left.height.max(right.height),
            background,
        );
        for (part, x0) in [(left, 0), (right, left.width + gap)] {
            for y in 0..part.height {
                let row = &part.pixels[y * part.width..(y + 1) * part.width];
                let at = y * out.width + x0;
                out.pixels[at..at + part.width].copy_from_slice(row);
            }
        }
        out
    }

    /// Width in pixels.
    #[must_use]
    pub fn width_px(&self) -> usize {
        self.width
    }

    /// Paints egui's tessellated output; positions are in points, `pixels_per_point` apart.
    pub fn paint(
        &mut self,
        primitives: &[ClippedPrimitive],
        textures: &Textures,
        pixels_per_point: f32,
    ) {
        for primitive in primitives {
            let Primitive::Mesh(mesh) = &primitive.primitive else {
                continue;
            };
            let texture = textures.images.get(&mesh.texture_id);
            let clip = primitive.clip_rect;
            let clip = [
                (clip.min.x * pixels_per_point).round().max(0.0),
                (clip.min.y * pixels_per_point).round().max(0.0),
                (clip.max.x * pixels_per_point)
                    .round()
                    .min(self.width as f32),
                (clip.max.y * pixels_per_point)
                    .round()
                    .min(self.height as f32),
            ];
            for tri in mesh.indices.chunks_exact(3) {
                let v = |i: u32| mesh.vertices.get(i as usize);
                if let (Some(a), Some(b), Some(c)) = (v(tri[0]), v(tri[1]), v(tri[2])) {
                    self.triangle([a, b, c], texture, clip, pixels_per_point);
                }
            }
        }
    }

    fn triangle(
        &mut self,
        vertices: [&Vertex; 3],
        texture: Option<&ColorImage>,
        clip: [f32; 4],
        pixels_per_point: f32,
    ) {
        let p = vertices.map(|v| (v.pos.x * pixels_per_point, v.pos.y * pixels_per_point));
        let area = edge(p[0], p[1], p[2]);
        if area == 0.0 || !area.is_finite() {
            return;
        }
        // Orient counter-clockwise in y-down screen space so every edge function is >= 0 inside.
        let (p, vertices) = if area < 0.0 {
            ([p[0], p[2], p[1]], [vertices[0], vertices[2], vertices[1]])
        } else {
            (p, vertices)
        };
        let area = area.abs();
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (clip[2], clip[0], clip[3], clip[1]);
        for &(x, y) in &p {
            min_x = min_x.min(x);
            max_x = max_x.max(x);
            min_y = min_y.min(y);
            max_y = max_y.max(y);
        }
        let (min_x, max_x) = (min_x.max(clip[0]), max_x.min(clip[2]));
        let (min_y, max_y) = (min_y.max(clip[1]), max_y.min(clip[3]));
        if min_x >= max_x || min_y >= max_y {
            return;
        }
        // Pixel columns and rows whose centres can be inside; bounded by the image above.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (x0, x1, y0, y1) = (
            (min_x - 0.5).ceil().max(0.0) as usize,
            ((max_x - 0.5).floor() as isize + 1).max(0) as usize,
            (min_y - 0.5).ceil().max(0.0) as usize,
            ((max_y - 0.5).floor() as isize + 1).max(0) as usize,
        );
        let colors = vertices.map(|v| v.color.to_array().map(f32::from));
        let uvs = vertices.map(|v| (v.uv.x, v.uv.y));
        let flat_color = flat_color(vertices, texture);
        let top_left = [
            is_top_left(p[1], p[2]),
            is_top_left(p[2], p[0]),
            is_top_left(p[0], p[1]),
        ];
        for y in y0..y1.min(self.height) {
            let py = y as f32 + 0.5;
            for x in x0..x1.min(self.width) {
                let q = (x as f32 + 0.5, py);
                let w = [
                    edge(p[1], p[2], q),
                    edge(p[2], p[0], q),
                    edge(p[0], p[1], q),
                ];
                let inside = w
                    .iter()
                    .zip(top_left)
                    .all(|(&w, tl)| w > 0.0 || (w == 0.0 && tl));
                if !inside {
                    continue;
                }
                let src = if let Some(c) = flat_color {
                    c
                } else {
                    let b = w.map(|w| w / area);
                    let mut src = [0.0_f32; 4];
                    for (k, s) in src.iter_mut().enumerate() {
                        *s = b[0] * colors[0][k] + b[1] * colors[1][k] + b[2] * colors[2][k];
                    }
                    if let Some(texture) = texture {
                        let u = b[0] * uvs[0].0 + b[1] * uvs[1].0 + b[2] * uvs[2].0;
                        let v = b[0] * uvs[0].1 + b[1] * uvs[1].1 + b[2] * uvs[2].1;
                        let t = sample(texture, u, v);
                        for k in 0..4 {
                            src[k] *= t[k] / 255.0;
                        }
                    }
                    src
                };
                blend(&mut self.pixels[y * self.width + x], src);
            }
        }
    }

    /// The image as straight RGBA bytes.
    #[must_use]
    pub fn to_rgba8(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.pixels.len() * 4);
        for p in &self.pixels {
            let a = p[3].clamp(0.0, 255.0);
            for &c in &p[..3] {
                out.push(byte(if a > 0.0 { c * 255.0 / a } else { 0.0 }));
            }
            out.push(byte(a));
        }
        out
    }

    /// The image as egui's premultiplied colours, to show as a texture.
    #[must_use]
    pub fn to_color_image(&self) -> ColorImage {
        let pixels = self
            .pixels
            .iter()
            .map(|p| {
                Color32::from_rgba_premultiplied(byte(p[0]), byte(p[1]), byte(p[2]), byte(p[3]))
            })
            .collect();
        ColorImage::new([self.width, self.height], pixels)
    }

    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }
}

/// The colour of a triangle that is one colour over one texel (most are: egui draws shapes
/// with its white texel), so its pixels need no interpolation and no sampling.
fn flat_color(vertices: [&Vertex; 3], texture: Option<&ColorImage>) -> Option<[f32; 4]> {
    let [a, b, c] = vertices;
    if a.color != b.color || b.color != c.color || a.uv != b.uv || b.uv != c.uv {
        return None;
    }
    let mut color = a.color.to_array().map(f32::from);
    if let Some(texture) = texture {
        let t = sample(texture, a.uv.x, a.uv.y);
        for k in 0..4 {
            color[k] *= t[k] / 255.0;
        }
    }
    Some(color)
}

/// A channel's value as a byte, rounded and clamped to 0..=255.
fn byte(c: f32) -> u8 {
    // Clamped to 0..=255 first.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let b = c.round().clamp(0.0, 255.0) as u8;
    b
}

/// `dst = src + dst * (1 - src.a)`, premultiplied.
#[inline]
fn blend(dst: &mut [f32; 4], src: [f32; 4]) {
    if src[3] >= 255.0 {
        *dst = src;
        return;
    }
    let keep = 1.0 - src[3] / 255.0;
    for k in 0..4 {
        dst[k] = src[k] + dst[k] * keep;
    }
}

/// Twice the signed area of `a, b, c` (positive when counter-clockwise in y-down space).
fn edge(a: (f32, f32), b: (f32, f32), c: (f32, f32)) -> f32 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// The top-left rule for the edge `a → b` of a triangle wound so that inside is positive.
fn is_top_left(a: (f32, f32), b: (f32, f32)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    (dy == 0.0 && dx < 0.0) || dy > 0.0
}

/// Bilinear sample at normalised coordinates, clamped to the edge (egui's default).
fn sample(texture: &ColorImage, u: f32, v: f32) -> [f32; 4] {
    let [w, h] = texture.size;
    if w == 0 || h == 0 {
        return [255.0; 4];
    }
    let x = (u * w as f32 - 0.5).clamp(0.0, (w - 1) as f32);
    let y = (v * h as f32 - 0.5).clamp(0.0, (h - 1) as f32);
    // Clamped to the texture above.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
    let (fx, fy) = (x - x0 as f32, y - y0 as f32);
    let px = |x: usize, y: usize| texture.pixels[y * w + x].to_array().map(f32::from);
    let (a, b, c, d) = (px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1));
    let mut out = [0.0; 4];
    for k in 0..4 {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        out[k] = top + (bottom - top) * fy;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::epaint::{Mesh, WHITE_UV};
    use egui::{Rect, pos2};

    fn quad(mesh: &mut Mesh, rect: Rect, color: Color32) {
        let i = u32::try_from(mesh.vertices.len()).expect("a small test mesh");
        for p in [
            rect.left_top(),
            rect.right_top(),
            rect.right_bottom(),
            rect.left_bottom(),
        ] {
            mesh.vertices.push(Vertex {
                pos: p,
                uv: WHITE_UV,
                color,
            });
        }
        mesh.indices
            .extend_from_slice(&[i, i + 1, i + 2, i, i + 2, i + 3]);
    }

    fn paint(mesh: Mesh, w: usize, h: usize) -> Vec<u8> {
        let mut raster = Raster::new(w, h, Color32::BLACK);
        let primitive = ClippedPrimitive {
            clip_rect: Rect::EVERYTHING,
            primitive: Primitive::Mesh(mesh),
        };
        raster.paint(&[primitive], &Textures::default(), 1.0);
        raster.to_rgba8()
    }

    #[test]
    fn a_quad_covers_exactly_its_pixels_once() {
        let mut mesh = Mesh::default();
        // Half-transparent white: a pixel blended twice along the diagonal would be brighter.
        quad(
            &mut mesh,
            Rect::from_min_max(pos2(1.0, 1.0), pos2(3.0, 3.0)),
            Color32::from_white_alpha(128),
        );
        let img = paint(mesh, 4, 4);
        let at = |x: usize, y: usize| img[(y * 4 + x) * 4];
        for y in 0..4 {
            for x in 0..4 {
                let inside = (1..3).contains(&x) && (1..3).contains(&y);
                assert_eq!(at(x, y), if inside { 128 } else { 0 }, "pixel {x},{y}");
            }
        }
        assert!(
            img.chunks(4).all(|p| p[3] == 255),
            "opaque over an opaque background"
        );
    }

    #[test]
    fn clip_rectangles_are_respected() {
        let mut mesh = Mesh::default();
        quad(
            &mut mesh,
            Rect::from_min_max(pos2(0.0, 0.0), pos2(4.0, 4.0)),
            Color32::WHITE,
        );
        let mut raster = Raster::new(4, 4, Color32::BLACK);
        raster.paint(
            &[ClippedPrimitive {
                clip_rect: Rect::from_min_max(pos2(0.0, 0.0), pos2(2.0, 4.0)),
                primitive: Primitive::Mesh(mesh),
            }],
            &Textures::default(),
            1.0,
        );
        let img = raster.to_rgba8();
        assert_eq!(img[0], 255);
        assert_eq!(img[(3) * 4], 0, "right of the clip");
    }

    #[test]
    fn degenerate_triangles_paint_nothing() {
        let mut mesh = Mesh::default();
        for p in [pos2(0.0, 0.0), pos2(2.0, 2.0), pos2(4.0, 4.0)] {
            mesh.vertices.push(Vertex {
                pos: p,
                uv: WHITE_UV,
                color: Color32::WHITE,
            });
        }
        mesh.indices.extend_from_slice(&[0, 1, 2, 0, 1, 7]);
        let img = paint(mesh, 4, 4);
        assert!(img.chunks(4).all(|p| p[0] == 0));
    }
}
