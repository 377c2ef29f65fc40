//! A tree of boxes over still things (wall edges, obstacles), built once when the scenery is
//! set, that answers which of them may lie within a distance of a point without looking at
//! the rest: RVO2 keeps such a tree of its obstacle edges, so that an agent's tick costs
//! O(log n + k) in the walls near it, not O(n) in the level's.
//!
//! A query calls back every item whose box lies within the distance (the items themselves may
//! lie farther: the caller measures each exactly), in an order that depends only on the boxes;
//! callers that need an order sort what they keep.

use glam::Vec2;

/// Items at or under this many are kept in one leaf.
const LEAF: usize = 8;

/// A node: the box around its items `order[begin..end]` and its children (`left` 0: a leaf;
/// the root is node 0, so no child is).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct BoxNode {
    min: Vec2,
    max: Vec2,
    begin: u32,
    end: u32,
    left: u32,
    right: u32,
}

/// The tree.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoxTree {
    /// Item indices, reordered so that every node's are contiguous.
    order: Vec<u32>,
    /// Each item's box, in the same order.
    boxes: Vec<(Vec2, Vec2)>,
    nodes: Vec<BoxNode>,
}

/// The squared distance from `p` to the box `min..max` (0 inside it).
fn distance2(min: Vec2, max: Vec2, p: Vec2) -> f32 {
    let dx = (min.x - p.x).max(p.x - max.x).max(0.0);
    let dy = (min.y - p.y).max(p.y - max.y).max(0.0);
    dx * dx + dy * dy
}

impl BoxTree {
    /// No items.
    pub const EMPTY: Self = Self {
        order: Vec::new(),
        boxes: Vec::new(),
        nodes: Vec::new(),
    };

    /// The tree over `boxes` (`(min, max)` each; item `k` is `boxes[k]`). Boxes with a
    /// non-finite corner are left out: no query finds them.
    #[must_use]
    pub fn new(boxes: &[(Vec2, Vec2)]) -> Self {
        let order: Vec<u32> = (0..boxes.len())
            .filter(|&k| boxes[k].0.is_finite() && boxes[k].1.is_finite())
            .filter_map(|k| u32::try_from(k).ok())
            .collect();
        let mut tree = Self {
            order,
            boxes: Vec::new(),
            nodes: Vec::new(),
        };
        if !tree.order.is_empty() {
            tree.nodes.push(BoxNode::default());
            tree.build(boxes, 0, 0, tree.order.len());
        }
        tree.boxes = tree.order.iter().map(|&k| boxes[k as usize]).collect();
        tree
    }

    fn build(&mut self, boxes: &[(Vec2, Vec2)], at: usize, begin: usize, end: usize) {
        let items = &mut self.order[begin..end];
        let (mut min, mut max) = boxes[items[0] as usize];
        for &k in items.iter() {
            min = min.min(boxes[k as usize].0);
            max = max.max(boxes[k as usize].1);
        }
        let mut node = BoxNode {
            min,
            max,
            begin: u32::try_from(begin).unwrap_or(u32::MAX),
            end: u32::try_from(end).unwrap_or(u32::MAX),
            left: 0,
            right: 0,
        };
        if items.len() > LEAF {
            // Split at the median of the boxes' centres across the longer side (ties by index).
            let axis = usize::from(max.y - min.y > max.x - min.x);
            let centre = |k: u32| {
                let (a, b) = boxes[k as usize];
                a[axis] + b[axis]
            };
            let mid = items.len() / 2;
            items.select_nth_unstable_by(mid, |&a, &b| {
                centre(a).total_cmp(&centre(b)).then(a.cmp(&b))
            });
            let left = self.nodes.len();
            self.nodes.push(BoxNode::default());
            self.nodes.push(BoxNode::default());
            node.left = u32::try_from(left).unwrap_or(u32::MAX);
            node.right = node.left + 1;
            self.nodes[at] = node;
            self.build(boxes, left, begin, begin + mid);
            self.build(boxes, left + 1, begin + mid, end);
        } else {
            self.nodes[at] = node;
        }
    }

    /// Calls `f` with every item whose box is within `reach` of `p` (distance at most `reach`).
    pub fn within(&self, p: Vec2, reach: f32, f: &mut impl FnMut(usize)) {
        if !self.nodes.is_empty() {
            self.within_node(0, p, reach * reach, f);
        }
    }

    fn within_node(&self, at: usize, p: Vec2, reach2: f32, f: &mut impl FnMut(usize)) {
        let node = &self.nodes[at];
        if distance2(node.min, node.max, p) > reach2 {
            return;
        }
        if node.left == 0 {
            let range = node.begin as usize..node.end as usize;
            for (&k, &(min, max)) in self.order[range.clone()].iter().zip(&self.boxes[range]) {
                if distance2(min, max, p) <= reach2 {
                    f(k as usize);
                }
            }
        } else {
            self.within_node(node.left as usize, p, reach2, f);
            self.within_node(node.right as usize, p, reach2, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_finds_every_box_within_reach_and_only_those() {
        // A 20 × 20 grid of unit boxes 3 apart, and one box with a NaN corner (never found).
        let mut boxes: Vec<(Vec2, Vec2)> = (0..400)
            .map(|k| {
                let at = Vec2::new((k % 20) as f32 * 3.0, (k / 20) as f32 * 3.0);
                (at, at + Vec2::ONE)
            })
            .collect();
        boxes.push((Vec2::new(f32::NAN, 0.0), Vec2::ONE));
        let tree = BoxTree::new(&boxes);
        for (p, reach) in [
            (Vec2::new(10.2, 7.7), 4.0),
            (Vec2::new(-5.0, -5.0), 8.0),
            (Vec2::new(30.0, 30.0), 0.5),
            (Vec2::new(28.0, 100.0), 1000.0),
        ] {
            let mut found = Vec::new();
            tree.within(p, reach, &mut |k| found.push(k));
            found.sort_unstable();
            let want: Vec<usize> = (0..400)
                .filter(|&k| distance2(boxes[k].0, boxes[k].1, p) <= reach * reach)
                .collect();
            assert_eq!(found, want, "{p} within {reach}");
        }
        assert_eq!(
            {
                let mut n = 0;
                BoxTree::EMPTY.within(Vec2::ZERO, 1e9, &mut |_| n += 1);
                n
            },
            0
        );
    }
}
