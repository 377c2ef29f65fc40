//! The walkable region kept (the largest 4-connected one) and the pixel-edge contours around
//! it, found by following the cracks between kept and other pixels.

/// A corner of the pixel grid, in pixel units. Ordered by `y` first, then `x`: the smallest
/// point of a ring is its top-most, then left-most corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Pt {
    pub y: i64,
    pub x: i64,
}

/// Twice the signed shoelace area of a ring, exact.
pub(super) fn area2(ring: &[Pt]) -> i128 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
        })
        .sum()
}

/// A pixel of the image that is not wall.
const WALK: u8 = 1;
/// Visited by the first flood fill (the count of each region).
const SEEN: u8 = 2;
/// Part of the walkable region kept.
const KEPT: u8 = 4;
/// The side of a kept pixel whose edge a contour has already followed.
const TOP: u8 = 8;
const RIGHT: u8 = 16;
const BOTTOM: u8 = 32;
const LEFT: u8 = 64;

/// A direction along the grid lines, as seen on screen (y down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    East,
    South,
    West,
    North,
}

impl Dir {
    /// The direction after a quarter turn to the left, as seen on screen.
    fn left(self) -> Self {
        match self {
            Dir::East => Dir::North,
            Dir::South => Dir::East,
            Dir::West => Dir::South,
            Dir::North => Dir::West,
        }
    }

    /// The direction after a quarter turn to the right, as seen on screen.
    fn right(self) -> Self {
        self.left().left().left()
    }
}

/// The image with a one-pixel wall border all round, one byte of flags per pixel, so that every
/// pixel next to a grid corner of the image has an index and no flood leaves the array.
pub(super) struct Pixels {
    width: usize,
    height: usize,
    /// `width + 2`: the stride of `cells`.
    stride: usize,
    cells: Vec<u8>,
}

impl Pixels {
    /// The grid of `wall` (`width` × `height`, row by row), or None when the sizes disagree or
    /// either is zero.
    pub fn new(width: usize, height: usize, wall: &[bool]) -> Option<Self> {
        if width == 0 || height == 0 || width.checked_mul(height)? != wall.len() {
            return None;
        }
        let stride = width.checked_add(2)?;
        let mut cells = vec![0u8; stride.checked_mul(height.checked_add(2)?)?];
        for (y, row) in wall.chunks_exact(width).enumerate() {
            let base = (y + 1) * stride + 1;
            for (cell, &is_wall) in cells[base..base + width].iter_mut().zip(row) {
                if !is_wall {
                    *cell = WALK;
                }
            }
        }
        Some(Self {
            width,
            height,
            stride,
            cells,
        })
    }

    /// Marks the largest 4-connected walkable region as kept (the first in row order among
    /// equals) and returns how many walkable regions there are; None when there is none.
    pub fn keep_largest(&mut self) -> Option<usize> {
        let mut stack = Vec::new();
        let mut best: Option<(usize, usize)> = None;
        let mut regions = 0;
        for i in 0..self.cells.len() {
            if self.cells[i] & (WALK | SEEN) == WALK {
                regions += 1;
                let size = self.flood(i, SEEN, &mut stack);
                if best.is_none_or(|(_, most)| size > most) {
                    best = Some((i, size));
                }
            }
        }
        let (seed, _) = best?;
        self.flood(seed, KEPT, &mut stack);
        Some(regions)
    }

    /// Sets `mark` on the walkable region of `seed` (4-connected) and returns its pixel count.
    /// The border is never walkable, so the neighbours of a walkable pixel are all in the array.
    fn flood(&mut self, seed: usize, mark: u8, stack: &mut Vec<usize>) -> usize {
        let stride = self.stride;
        self.cells[seed] |= mark;
        stack.push(seed);
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            for j in [i - 1, i + 1, i - stride, i + stride] {
                if self.cells[j] & (WALK | mark) == WALK {
                    self.cells[j] |= mark;
                    stack.push(j);
                }
            }
        }
        size
    }

    fn kept(&self, i: usize) -> bool {
        self.cells[i] & KEPT != 0
    }

    /// The edge that leaves grid corner (`x`, `y`) in direction `d` with a kept pixel on its
    /// left (as seen on screen) and another pixel on its right: the kept pixel and the flag of
    /// its side; None when there is no such edge.
    fn edge(&self, x: usize, y: usize, d: Dir) -> Option<(usize, u8)> {
        // The four pixels around the corner, in padded indices.
        let top_left = y * self.stride + x;
        let top_right = top_left + 1;
        let bottom_left = top_left + self.stride;
        let bottom_right = bottom_left + 1;
        let (inside, outside, side) = match d {
            Dir::East => (top_right, bottom_right, BOTTOM),
            Dir::South => (bottom_right, bottom_left, LEFT),
            Dir::West => (bottom_left, top_left, TOP),
            Dir::North => (top_left, top_right, RIGHT),
        };
        (self.kept(inside) && !self.kept(outside)).then_some((inside, side))
    }

    /// Every contour between the kept region and the rest, each as its corners (points where
    /// it turns) with the kept region on its left as seen on screen, starting at its smallest
    /// corner ([`Pt`]'s order). The outer contour comes first, then the holes in the order of
    /// their smallest corners.
    pub fn contours(&mut self) -> Vec<Vec<Pt>> {
        let mut rings = Vec::new();
        for y in 0..=self.height {
            for x in 0..self.width {
                // The horizontal edge from corner (x, y) to (x + 1, y).
                let above = y * self.stride + x + 1;
                let below = above + self.stride;
                if self.kept(above) && !self.kept(below) && self.cells[above] & BOTTOM == 0 {
                    rings.push(self.follow(x, y, Dir::East));
                } else if self.kept(below) && !self.kept(above) && self.cells[below] & TOP == 0 {
                    rings.push(self.follow(x + 1, y, Dir::West));
                }
            }
        }
        rings
    }

    /// Follows the contour whose edge leaves corner (`x0`, `y0`) in direction `d0` until it is
    /// back on that edge, marking each edge followed. At a corner where two kept pixels touch
    /// diagonally (and two other pixels do too), it turns left, around the kept pixel it was
    /// following: kept pixels touching only at a corner are not connected (4-connectivity), so
    /// the other pixels are (8-connectivity). Every edge has exactly one successor and one
    /// predecessor under that rule, so the walk closes.
    fn follow(&mut self, x0: usize, y0: usize, d0: Dir) -> Vec<Pt> {
        let (mut x, mut y, mut d) = (x0, y0, d0);
        let mut corners = Vec::new();
        loop {
            if let Some((pixel, side)) = self.edge(x, y, d) {
                self.cells[pixel] |= side;
            }
            match d {
                Dir::East => x += 1,
                Dir::South => y += 1,
                Dir::West => x -= 1,
                Dir::North => y -= 1,
            }
            let Some(next) = [d.left(), d, d.right()]
                .into_iter()
                .find(|&n| self.edge(x, y, n).is_some())
            else {
                break;
            };
            if next != d {
                corners.push(Pt {
                    y: to_i64(y),
                    x: to_i64(x),
                });
            }
            d = next;
            if (x, y, d) == (x0, y0, d0) {
                break;
            }
        }
        if let Some(first) = (0..corners.len()).min_by_key(|&i| corners[i]) {
            corners.rotate_left(first);
        }
        corners
    }
}

/// A grid coordinate as a signed number (a slice never holds more than `isize::MAX` bytes, so
/// every coordinate fits).
fn to_i64(v: usize) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}
