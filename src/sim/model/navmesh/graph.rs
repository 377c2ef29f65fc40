//! The walkable triangles of a navigation mesh and their neighbours, as the route search reads
//! them (read from the triangulation once, when the mesh is built).

use glam::DVec2;

/// No vertex, triangle or root.
pub(crate) const NONE: u32 = u32::MAX;

/// The walkable triangles with their neighbours, read from the triangulation once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Graph {
    /// Each vertex's position, by vertex index.
    pub(crate) points: Vec<DVec2>,
    /// Each walkable triangle's vertices counter-clockwise, by face index (`NONE` for the
    /// faces that are not walkable).
    pub(crate) tris: Vec<[u32; 3]>,
    /// The walkable triangle across edge `k` (from vertex `k` to `k + 1`) of each triangle, or
    /// `NONE`.
    pub(crate) next: Vec<[u32; 3]>,
    /// The corner (index into `Mesh::corners`) at each vertex, or `NONE`.
    pub(crate) corner: Vec<u32>,
}

impl Graph {
    pub(super) fn walkable(&self, tri: u32) -> bool {
        self.tris.get(tri as usize).is_some_and(|t| t[0] != NONE)
    }

    pub(super) fn pos(&self, v: u32) -> DVec2 {
        self.points[v as usize]
    }

    pub(super) fn is_corner(&self, v: u32) -> bool {
        self.corner.get(v as usize).is_some_and(|&c| c != NONE)
    }

    /// The index, in `tri`, of the edge that starts at vertex `v`.
    pub(super) fn edge_from(&self, tri: u32, v: u32) -> u8 {
        let t = self.tris[tri as usize];
        if t[0] == v {
            0
        } else if t[1] == v {
            1
        } else {
            2
        }
    }
}
