//! The walls as ORCA sees them, built once with the scenery: RVO2's obstacles. A scene's wall
//! segment is two-sided (two edges, one each way, both ends convex); a level's polygons are
//! one-sided, each edge facing the free side (outside a block of wall, inside the boundary)
//! with its neighbours and the convexity of its corners, so that an agent sliding along a
//! block is kept off the block's corners as RVO2 keeps it. A tree of the edges' boxes finds
//! the few within an agent's reach without looking at the rest.

use glam::Vec2;

use super::solve::WallEdge;
use crate::sim::model::boxes::BoxTree;
use crate::sim::model::scenery::{Level, Wall, closest_on_segment};

/// Every wall edge ORCA keeps agents off, and the tree of their boxes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OrcaWalls {
    /// Each edge, with the segment it lies on as the scene gave it (the distance is measured
    /// to it, the same either way round) and that segment's number.
    edges: Vec<(WallEdge, (Vec2, Vec2), u32)>,
    tree: BoxTree,
}

/// No walls.
pub static NO_WALLS: OrcaWalls = OrcaWalls {
    edges: Vec::new(),
    tree: BoxTree::EMPTY,
};

impl OrcaWalls {
    /// The walls of a scene: its segments `walls` (two-sided), then its level's polygons (the
    /// boundary faces in, the holes out).
    #[must_use]
    pub fn new(walls: &[Wall], level: &Level) -> Self {
        let mut edges = Vec::new();
        let mut segment = 0_u32;
        for wall in walls {
            if wall.from != wall.to {
                for edge in WallEdge::segment(wall.from, wall.to) {
                    edges.push((edge, (wall.from, wall.to), segment));
                }
            }
            segment += 1;
        }
        let mut ring_edges = Vec::new();
        let rings = std::iter::once((level.boundary.as_slice(), false))
            .filter(|(ring, _)| !ring.is_empty())
            .chain(level.holes.iter().map(|hole| (hole.as_slice(), true)));
        for (ring, solid_inside) in rings {
            ring_edges.clear();
            WallEdge::ring(ring, solid_inside, &mut ring_edges);
            for &edge in &ring_edges {
                edges.push((edge, (edge.point, edge.next), segment));
                segment += 1;
            }
        }
        let boxes: Vec<(Vec2, Vec2)> = edges
            .iter()
            .map(|(_, (a, b), _)| (a.min(*b), a.max(*b)))
            .collect();
        Self {
            tree: BoxTree::new(&boxes),
            edges,
        }
    }

    /// Whether there is no wall.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The edges closer to `p` than `reach` whose free side `p` is on (RVO2 keeps the agent on
    /// the right of each edge), with their squared distances, nearest first (ties: the segment
    /// the scene gave first), into `out` (cleared first).
    pub fn near(&self, p: Vec2, reach: f32, out: &mut Vec<(f32, u32, WallEdge)>) {
        out.clear();
        self.tree.within(p, reach, &mut |k| {
            let (edge, (a, b), segment) = self.edges[k];
            let d_sq = p.distance_squared(closest_on_segment(a, b, p));
            if d_sq < reach * reach && (edge.point - p).perp_dot(edge.next - edge.point) < 0.0 {
                out.push((d_sq, segment, edge));
            }
        });
        out.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_finds_what_a_scan_of_every_edge_finds() {
        // 300 short segments on a grid, and a level with a boundary and two blocks.
        let walls: Vec<Wall> = (0..300)
            .map(|k| {
                let at = Vec2::new((k % 20) as f32 * 7.0, (k / 20) as f32 * 5.0);
                Wall {
                    from: at,
                    to: at + Vec2::new(3.0, (k % 3) as f32),
                }
            })
            .collect();
        let level = Level {
            boundary: vec![
                Vec2::new(-10.0, -10.0),
                Vec2::new(150.0, -10.0),
                Vec2::new(150.0, 90.0),
                Vec2::new(-10.0, 90.0),
            ],
            holes: vec![
                vec![
                    Vec2::new(20.0, 20.0),
                    Vec2::new(30.0, 20.0),
                    Vec2::new(30.0, 30.0),
                ],
                vec![
                    Vec2::new(60.0, 60.0),
                    Vec2::new(60.0, 70.0),
                    Vec2::new(70.0, 70.0),
                    Vec2::new(70.0, 60.0),
                ],
            ],
        };
        let orca = OrcaWalls::new(&walls, &level);
        assert_eq!(orca.edges.len(), 600 + 4 + 3 + 4);
        let mut near = Vec::new();
        for (p, reach) in [
            (Vec2::new(25.0, 17.0), 6.0),
            (Vec2::new(65.0, 75.0), 12.0),
            (Vec2::new(-5.0, 85.0), 30.0),
            (Vec2::new(71.3, 35.2), 0.5),
        ] {
            orca.near(p, reach, &mut near);
            let mut want: Vec<(f32, u32, WallEdge)> = orca
                .edges
                .iter()
                .filter_map(|&(edge, (a, b), segment)| {
                    let d_sq = p.distance_squared(closest_on_segment(a, b, p));
                    (d_sq < reach * reach
                        && (edge.point - p).perp_dot(edge.next - edge.point) < 0.0)
                        .then_some((d_sq, segment, edge))
                })
                .collect();
            want.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
            assert_eq!(near, want, "{p} within {reach}");
            assert!(!near.is_empty(), "{p}: the cases are chosen near walls");
        }
    }
}
