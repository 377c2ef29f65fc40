//! What the world makes of its scenery once, when its spec is set: the walls the behaviors see
//! (the scene's segments and every edge of the level's polygons).

use crate::sim::model::scenery::Wall;
use crate::sim::setup::spec::WorldSpec;

/// The scenery as the behaviors read it.
#[derive(Clone, Debug, Default)]
pub(super) struct Terrain {
    /// The scene's wall segments, then the level's edges.
    pub(super) walls: Vec<Wall>,
}

impl Terrain {
    /// The terrain of `spec`.
    pub(super) fn of(spec: &WorldSpec) -> Self {
        let mut walls = spec.walls.clone();
        walls.extend(spec.level.walls());
        Self { walls }
    }
}
