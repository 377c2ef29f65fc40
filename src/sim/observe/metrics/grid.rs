//! The spatial hashing the contact metrics need: pairs of agents within a reach.

use std::ops::Range;

use glam::Vec2;
use wide::{CmpEq as _, CmpGe as _, CmpLt as _, f32x4};

use crate::sim::World;
use crate::sim::run::grid::cell_starts;

/// A uniform hash of the agents by position, rebuilt each tick, for the contact pairs: each
/// agent's position, body radius and index in cell order, one array per field, so a scan over
/// a run of cells reads memory in order.
#[derive(Clone, Debug, Default)]
pub(super) struct Contacts {
    cell: f32,
    columns: usize,
    rows: usize,
    /// `starts[c]..starts[c + 1]` are the slots of cell `c`.
    starts: Vec<u32>,
    /// By slot (cell order, index order within a cell): position, body radius, agent index.
    x: Vec<f32>,
    y: Vec<f32>,
    radius: Vec<f32>,
    index: Vec<u32>,
    group: Vec<u16>,
    /// Scratch of the build, kept for its allocation: each agent's cell, each cell's next slot.
    cell_of: Vec<usize>,
    fill: Vec<u32>,
}

impl Contacts {
    /// Rebuilds the hash for `world`'s agents. `lean`: only their positions are kept (what the
    /// one-group scan reads), not their radii, indices and groups.
    pub(super) fn build(&mut self, world: &World, reach: f32, lean: bool) {
        let groups = &world.spec().groups;
        let radius = |g: u16| groups.get(usize::from(g)).map_or(0.0, |group| group.radius);
        let agents = world.agents().iter();
        self.fill(
            world.spec().size,
            reach,
            agents.map(|a| (a.position, radius(a.group), a.group)),
            lean,
        );
    }

    /// The hash of agents given by position, body radius and group, in index order, over a
    /// world of `size`.
    fn fill(
        &mut self,
        size: Vec2,
        reach: f32,
        agents: impl ExactSizeIterator<Item = (Vec2, f32, u16)> + Clone,
        lean: bool,
    ) {
        let n = agents.len();
        // Cells no smaller than the contact reach, and no more than about sixteen per agent.
        let floor = (size.x * size.y / (16.0 * n.max(1) as f32)).sqrt();
        self.cell = reach.max(floor).max(1.0);
        self.columns = cells_along(size.x, self.cell);
        self.rows = cells_along(size.y, self.cell);
        let cells = self.columns * self.rows;
        let mut cell_of = std::mem::take(&mut self.cell_of);
        cell_of.clear();
        cell_of.extend(agents.clone().map(|(p, ..)| self.cell_of(p)));
        cell_starts(cell_of.iter().copied(), cells, &mut self.starts);
        let mut fill = std::mem::take(&mut self.fill);
        fill.clear();
        fill.extend_from_slice(&self.starts);
        self.x.resize(n, 0.0);
        self.y.resize(n, 0.0);
        let (radii, index, group) = if lean { (0, 0, 0) } else { (n, n, n) };
        self.radius.resize(radii, 0.0);
        self.index.resize(index, 0);
        self.group.resize(group, 0);
        for (i, ((p, radius, g), &c)) in agents.zip(&cell_of).enumerate() {
            let k = fill[c] as usize;
            fill[c] += 1;
            self.x[k] = p.x;
            self.y[k] = p.y;
            if !lean {
                self.radius[k] = radius;
                self.index[k] = u32::try_from(i).unwrap_or(u32::MAX);
                self.group[k] = g;
            }
        }
        self.cell_of = cell_of;
        self.fill = fill;
    }

    fn coords(&self, p: Vec2) -> (usize, usize) {
        (
            cell_index(p.x, self.cell, self.columns),
            cell_index(p.y, self.cell, self.rows),
        )
    }

    fn cell_of(&self, p: Vec2) -> usize {
        let (x, y) = self.coords(p);
        y * self.columns + x
    }

    /// The agent at each of `slots` (cell order), in order.
    pub(super) fn agents_at(&self, slots: Range<usize>) -> &[u32] {
        self.index.get(slots).unwrap_or_default()
    }

    /// The close pairs of the agents at `slots` (cell order): each agent with those after it
    /// in its cell and those of the cells east, south-west, south and south-east of its own,
    /// so that over all the slots every pair of neighbouring cells is seen once.
    ///
    /// `nearest[lo * groups + hi]` keeps the least squared distance of the pairs whose
    /// lower-index agent is of group `lo` and the other of group `hi` (the gap of a pair,
    /// `|p_i − p_j| − r_i − r_j` with the lower index's radius first, never decreases as its
    /// squared distance grows, so the least gap follows from it with one square root). Each
    /// overlapping pair (gap below 0) is passed to `overlap([i, j], [group of i, of j])`: only
    /// pairs nearly touching need a square root.
    // Textbook names: cell row and column, slot k, coordinates x, y, groups g, h.
    #[allow(clippy::many_single_char_names)]
    pub(super) fn scan_pairs(
        &self,
        slots: Range<usize>,
        groups: usize,
        nearest: &mut [f32],
        mut overlap: impl FnMut([usize; 2], [usize; 2]),
    ) {
        for k in slots {
            let (Some(&x), Some(&y), Some(&mine), Some(&me), Some(&g)) = (
                self.x.get(k),
                self.y.get(k),
                self.radius.get(k),
                self.index.get(k),
                self.group.get(k),
            ) else {
                continue;
            };
            for range in self.partners(k, x, y) {
                let (Some(ox), Some(oy), Some(or), Some(oi), Some(og)) = (
                    self.x.get(range.clone()),
                    self.y.get(range.clone()),
                    self.radius.get(range.clone()),
                    self.index.get(range.clone()),
                    self.group.get(range),
                ) else {
                    continue;
                };
                let others = ox.iter().zip(oy).zip(or).zip(oi).zip(og);
                for ((((&ox, &oy), &theirs), &other), &h) in others {
                    let (dx, dy) = (x - ox, y - oy);
                    let d2 = dx * dx + dy * dy;
                    let (g, h) = (usize::from(g), usize::from(h));
                    let (lo, hi) = if me < other { (g, h) } else { (h, g) };
                    if let Some(least) = nearest.get_mut(lo * groups + hi)
                        && d2 < *least
                    {
                        *least = d2;
                    }
                    // Touching needs `|p_i − p_j| < r_i + r_j`: a square root only for pairs
                    // that near (by a margin no rounding reaches).
                    let touch = mine + theirs;
                    if d2 <= touch * touch * 1.001 {
                        let (first, second) = if me < other {
                            (mine, theirs)
                        } else {
                            (theirs, mine)
                        };
                        if d2.sqrt() - first - second < 0.0 {
                            overlap([me as usize, other as usize], [g, h]);
                        }
                    }
                }
            }
        }
    }

    /// The slot ranges agent slot `k` is paired with by [`Self::scan_pairs`]: the rest of its
    /// cell and the cell east of it, then the three cells below.
    fn partners(&self, k: usize, x: f32, y: f32) -> [Range<usize>; 2] {
        let (cx, cy) = self.coords(Vec2::new(x, y));
        let (east, below) = self.around(cx, cy);
        [k + 1..east, below]
    }

    /// The first slot of cell `c` (past the last cell: 0).
    fn start(&self, c: usize) -> usize {
        self.starts.get(c).map_or(0, |&s| s as usize)
    }

    /// What the agents of the cell at column `cx`, row `cy` are paired with: the end of the
    /// cell east of it (its own agents after each, then that cell's), and the slots of the
    /// three cells below it.
    fn around(&self, cx: usize, cy: usize) -> (usize, Range<usize>) {
        let start = |c| self.start(c);
        let c = cy * self.columns + cx;
        let east = start(if cx + 1 < self.columns { c + 2 } else { c + 1 });
        if cy + 1 >= self.rows {
            return (east, 0..0);
        }
        let below = (cy + 1) * self.columns;
        let first = below + cx.saturating_sub(1);
        let last = below + (cx + 1).min(self.columns - 1);
        (east, start(first)..start(last + 1))
    }

    /// [`Self::scan_pairs`] for a world of one group, whose bodies all have one radius `r`,
    /// `below` being [`overlap_below`]`(r)`: the least squared distance of the pairs and how
    /// many overlap, four candidates at a time. Each pair's test is the scalar one
    /// (`√d² − r − r < 0` in f32), made as the equivalent `d² < below`, and a least value and a
    /// count do not depend on the order, so the results are the same bits as the scalar scan's.
    pub(super) fn scan_one_group(&self, slots: Range<usize>, below: f32) -> (f32, u64) {
        let mut pairs = OneGroup {
            x: &self.x,
            y: &self.y,
            below: f32x4::splat(below),
            least: [f32x4::splat(f32::INFINITY); 2],
            overlaps: 0,
        };
        if self.x.len() < 4 {
            return self.scan_few(slots, below);
        }
        // The cells are walked in order from the one holding the first slot, so each cell's
        // partners are found from its column and row without a division, once for all its
        // agents (theirs differ only in where their own cell's part starts).
        let start = |c| self.start(c);
        let cells = self.columns * self.rows;
        // The last cell starting at or before the first slot holds it (empty cells before it
        // start where it does).
        let mut c = self
            .starts
            .partition_point(|&s| s as usize <= slots.start)
            .saturating_sub(1);
        let (mut cx, mut cy) = (c % self.columns, c / self.columns);
        let mut k = slots.start;
        while k < slots.end && c < cells {
            let end = start(c + 1).min(slots.end);
            if k < end {
                let (east, below) = self.around(cx, cy);
                for k in k..end {
                    let (Some(&x), Some(&y)) = (self.x.get(k), self.y.get(k)) else {
                        continue;
                    };
                    // The two ranges into least values of their own: two chains of
                    // minima that do not wait on each other.
                    pairs.add(x, y, k + 1..east, 0);
                    pairs.add(x, y, below.clone(), 1);
                }
                k = end;
            }
            c += 1;
            cx += 1;
            if cx == self.columns {
                (cx, cy) = (0, cy + 1);
            }
        }
        let [east, below] = pairs.least;
        let least = east
            .min(below)
            .to_array()
            .into_iter()
            .fold(f32::INFINITY, f32::min);
        (least, pairs.overlaps)
    }

    /// [`Self::scan_one_group`] for fewer than four agents, one pair at a time.
    fn scan_few(&self, slots: Range<usize>, below: f32) -> (f32, u64) {
        let (mut least, mut overlaps) = (f32::INFINITY, 0);
        for k in slots {
            let (Some(&x), Some(&y)) = (self.x.get(k), self.y.get(k)) else {
                continue;
            };
            for range in self.partners(k, x, y) {
                let others = self.x.get(range.clone()).unwrap_or_default().iter();
                for (&ox, &oy) in others.zip(self.y.get(range).unwrap_or_default()) {
                    let (dx, dy) = (x - ox, y - oy);
                    let d2 = dx * dx + dy * dy;
                    least = least.min(d2);
                    if d2 < below {
                        overlaps += 1;
                    }
                }
            }
        }
        (least, overlaps)
    }

    /// The contact reach: pairs whose gap is within it count for the least separation.
    pub(super) fn reach(&self) -> f32 {
        self.cell
    }
}

/// How many cells of `cell` cover `length`: 1 to 4,096.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub(super) fn cells_along(length: f32, cell: f32) -> usize {
    // Clamped in f32 first, so the cast is of a whole number in 1..=4096.
    (length / cell).ceil().clamp(1.0, 4096.0) as usize
}

/// The cell of coordinate `x` among `cells` cells of `cell` (outside: the nearest edge cell).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub(super) fn cell_index(x: f32, cell: f32, cells: usize) -> usize {
    // `as` truncates toward zero and saturates (NaN and negatives to 0): for the non-negative
    // values that matter it is the floor, without a call to `floorf`.
    ((x / cell) as usize).min(cells - 1)
}

/// The least squared distance at which two bodies of radius `radius` do not overlap by the
/// test `√d² − r − r < 0` rounded in f32: for every `d²` (NaN included) that test is
/// `d² < overlap_below(r)`, so a scan needs no square root.
///
/// The test is monotone in `d²`: the square root and each subtraction round to nearest, and
/// rounding never reverses an order, so it holds up to some `d²` and fails from there on; and
/// non-negative floats are ordered as their bits, so the point is found by halving the bits.
pub(super) fn overlap_below(radius: f32) -> f32 {
    let overlaps = |d2: f32| d2.sqrt() - radius - radius < 0.0;
    if !overlaps(0.0) {
        return 0.0;
    }
    // `overlaps(lo)` holds and `overlaps(hi)` does not (at infinity the gap is infinite or NaN).
    let (mut lo, mut hi) = (0_u32, f32::INFINITY.to_bits());
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if overlaps(f32::from_bits(mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    f32::from_bits(hi)
}

/// The one-group contact scan's sums (at least four agents).
struct OneGroup<'a> {
    x: &'a [f32],
    y: &'a [f32],
    /// [`overlap_below`] of the bodies' radius.
    below: f32x4,
    /// The least squared distances so far, in two parts (see [`OneGroup::add`]).
    least: [f32x4; 2],
    overlaps: u64,
}

impl OneGroup<'_> {
    /// The pairs of the agent at `(x, y)` with the agents at `slots`, four at a time; the last
    /// up to three in a window of four ending with them, the lanes outside `slots` masked.
    /// Their least squared distance goes into `least[part]`: the least of a set is the same
    /// however it is split, and two parts let one range's minima run beside the other's.
    #[inline]
    fn add(&mut self, x: f32, y: f32, slots: Range<usize>, part: usize) {
        let (px, py) = (f32x4::splat(x), f32x4::splat(y));
        // Every lane (all bits set).
        let every = f32x4::ZERO.cmp_eq(f32x4::ZERO);
        let mut k = slots.start;
        while k + 4 <= slots.end {
            self.block(px, py, k, every, part);
            k += 4;
        }
        if k < slots.end {
            // A window of four within the columns (there are at least four) that ends at or
            // after `slots.end`; lane `j` is slot `window + j`, kept when in `k..slots.end`.
            let window = slots.end.saturating_sub(4);
            let from = f32x4::splat((k - window) as f32);
            let to = f32x4::splat((slots.end - window) as f32);
            let lane = f32x4::new([0.0, 1.0, 2.0, 3.0]);
            let keep = lane.cmp_ge(from) & lane.cmp_lt(to);
            self.block(px, py, window, keep, part);
        }
    }

    /// The four candidates at `k..k + 4`, those of the lanes set in `keep`.
    #[inline]
    fn block(&mut self, px: f32x4, py: f32x4, k: usize, keep: f32x4, part: usize) {
        let (Some(ox), Some(oy)) = (self.x.get(k..k + 4), self.y.get(k..k + 4)) else {
            return;
        };
        let (Ok(ox), Ok(oy)) = (<[f32; 4]>::try_from(ox), <[f32; 4]>::try_from(oy)) else {
            return;
        };
        let (dx, dy) = (px - f32x4::from(ox), py - f32x4::from(oy));
        // A lane left out is infinitely far: no least distance, no overlap.
        let d2 = keep.blend(dx * dx + dy * dy, f32x4::splat(f32::INFINITY));
        if let Some(least) = self.least.get_mut(part) {
            *least = least.min(d2);
        }
        self.overlaps += u64::from(d2.cmp_lt(self.below).move_mask().count_ones());
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::{Contacts, overlap_below};

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]
        /// The one-group scan, four candidates at a time with masked windows, finds the same
        /// least squared distance and count of overlaps as the scalar scan of every pair, on
        /// sparse and dense crowds, split anywhere.
        #[test]
        fn the_one_group_scan_is_the_scalar_scan(
            points in proptest::collection::vec((0.0_f32..200.0, 0.0_f32..200.0), 0..300),
            squeeze in prop_oneof![Just(1.0_f32), Just(0.1_f32)],
            radius in 0.5_f32..8.0,
            split in 0_usize..300,
        ) {
            let mut contacts = Contacts::default();
            let agents = points.iter().map(|&(x, y)| (Vec2::new(x, y) * squeeze, radius, 0));
            contacts.fill(Vec2::splat(200.0), 2.0 * radius, agents, false);
            let n = points.len();
            let split = split.min(n);
            let mut scalar = (f32::INFINITY, 0_u64);
            for slots in [0..split, split..n] {
                let mut nearest = [f32::INFINITY];
                contacts.scan_pairs(slots.clone(), 1, &mut nearest, |_, _| scalar.1 += 1);
                scalar.0 = scalar.0.min(nearest[0]);
            }
            let below = overlap_below(radius);
            let (a, b) = (contacts.scan_one_group(0..split, below), contacts.scan_one_group(split..n, below));
            let lanes = (a.0.min(b.0), a.1 + b.1);
            prop_assert_eq!(lanes.0.to_bits(), scalar.0.to_bits());
            prop_assert_eq!(lanes.1, scalar.1);
        }

        /// `d² < overlap_below(r)` is the rounded test `√d² − r − r < 0` for any radius and
        /// squared distance, those at and beside the threshold's bits among them.
        #[test]
        fn the_threshold_is_the_rounded_test(
            radius in prop_oneof![0.0_f32..1.0e3, Just(0.0), Just(f32::MIN_POSITIVE), Just(1.0e30)],
            d2 in prop_oneof![0.0_f32..1.0e7, Just(f32::INFINITY), Just(f32::NAN)],
            step in -2_i32..=2,
        ) {
            let below = overlap_below(radius);
            let near = f32::from_bits(below.to_bits().saturating_add_signed(step));
            for d2 in [d2, near] {
                let rounded = d2.sqrt() - radius - radius < 0.0;
                prop_assert_eq!(d2 < below, rounded, "r {} d2 {} below {}", radius, d2, below);
            }
        }
    }
}
