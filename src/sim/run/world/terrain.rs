//! What the world makes of its scenery once, when its spec is set: the walls the behaviors see
//! (the scene's segments and every edge of the level's polygons), and the navigation mesh of
//! each group that navigates.

use std::sync::Arc;

use glam::Vec2;

use crate::sim::model::navmesh::NavMesh;
use crate::sim::model::scenery::{Level, Obstacle, Wall};
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::behaviors::orca::OrcaWalls;

/// Half the thickness a wall segment is given as a block of the navigation mesh (world units).
const WALL_HALF_WIDTH: f32 = 0.05;

/// The sides of the polygon an obstacle's circle is given in the navigation mesh (its corners
/// outside the circle, so the polygon holds it).
const OBSTACLE_SIDES: usize = 16;

/// The scenery as the behaviors read it.
#[derive(Clone, Debug, Default)]
pub(super) struct Terrain {
    /// The scene's wall segments, then the level's edges.
    pub(super) walls: Vec<Wall>,
    /// The same walls as ORCA sees them (the level's polygons one-sided), with their index.
    pub(super) orca_walls: OrcaWalls,
    /// Per group, the mesh it navigates (none when it does not navigate).
    meshes: Vec<Option<Arc<NavMesh>>>,
    /// What the meshes were built from.
    source: Option<MeshSource>,
}

/// Everything a navigation mesh depends on but the radius.
#[derive(Clone, Debug, PartialEq)]
struct MeshSource {
    size: Vec2,
    level: Level,
    walls: Vec<Wall>,
    obstacles: Vec<Obstacle>,
}

impl MeshSource {
    fn of(spec: &WorldSpec) -> Self {
        Self {
            size: spec.size,
            level: spec.level.clone(),
            walls: spec.walls.clone(),
            obstacles: spec.obstacles.clone(),
        }
    }

    /// The blocks of wall of the mesh: the level's holes, each wall segment as a thin
    /// rectangle, each obstacle as a polygon around its circle.
    fn holes(&self) -> Vec<Vec<Vec2>> {
        let mut holes = self.level.holes.clone();
        for wall in &self.walls {
            let along = crate::sim::model::math::normalize_or_zero(wall.to - wall.from);
            let side = Vec2::new(-along.y, along.x) * WALL_HALF_WIDTH;
            let ends = along * WALL_HALF_WIDTH;
            holes.push(vec![
                wall.from - ends - side,
                wall.to + ends - side,
                wall.to + ends + side,
                wall.from - ends + side,
            ]);
        }
        for obstacle in &self.obstacles {
            let step = std::f32::consts::TAU / OBSTACLE_SIDES as f32;
            let reach = obstacle.radius / libm::cosf(step * 0.5);
            holes.push(
                (0..OBSTACLE_SIDES)
                    .map(|k| {
                        let a = step * k as f32;
                        obstacle.center + Vec2::new(libm::cosf(a), libm::sinf(a)) * reach
                    })
                    .collect(),
            );
        }
        holes
    }
}

impl Terrain {
    /// The terrain of `spec`, keeping the meshes of `before` that are still right.
    pub(super) fn of(spec: &WorldSpec, before: &Self) -> Self {
        let mut walls = spec.walls.clone();
        walls.extend(spec.level.walls());
        let orca_walls = OrcaWalls::new(&spec.walls, &spec.level);
        let navigating: Vec<Option<f32>> = spec
            .groups
            .iter()
            .map(|g| g.uses_navmesh().then_some(g.radius))
            .collect();
        if navigating.iter().all(Option::is_none) {
            return Self {
                walls,
                orca_walls,
                meshes: Vec::new(),
                source: None,
            };
        }
        let source = MeshSource::of(spec);
        let reusable: Vec<Arc<NavMesh>> = if before.source.as_ref() == Some(&source) {
            before.meshes.iter().flatten().cloned().collect()
        } else {
            Vec::new()
        };
        let outline = source.level.outline(source.size);
        let holes = source.holes();
        let mut built: Vec<Arc<NavMesh>> = Vec::new();
        let meshes = navigating
            .into_iter()
            .map(|radius| {
                let radius = radius?;
                let same = |m: &&Arc<NavMesh>| m.radius().to_bits() == radius.max(0.0).to_bits();
                if let Some(m) = built
                    .iter()
                    .find(same)
                    .or_else(|| reusable.iter().find(same))
                {
                    let m = Arc::clone(m);
                    built.push(Arc::clone(&m));
                    return Some(m);
                }
                let m = Arc::new(NavMesh::build(&outline, &holes, radius));
                built.push(Arc::clone(&m));
                Some(m)
            })
            .collect();
        Self {
            walls,
            orca_walls,
            meshes,
            source: Some(source),
        }
    }

    /// Whether `other` has the same meshes (built from the same scenery, for the same radii).
    pub(super) fn same_meshes(&self, other: &Self) -> bool {
        self.source == other.source
            && self.meshes.len() == other.meshes.len()
            && self
                .meshes
                .iter()
                .zip(&other.meshes)
                .all(|(a, b)| match (a, b) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    (None, None) => true,
                    _ => false,
                })
    }

    /// The mesh group `g` navigates.
    pub(super) fn mesh(&self, g: usize) -> Option<&NavMesh> {
        self.meshes.get(g)?.as_deref()
    }

    /// Every group's mesh (none for a group that does not navigate).
    pub(super) fn meshes(&self) -> impl Iterator<Item = Option<&NavMesh>> {
        self.meshes.iter().map(Option::as_deref)
    }
}
