//! Adding a behavior to a group of a scene so that the scene stays valid and runs: the block
//! comes with defaults that fit the scene ([`crate::sim::steer::behavior::Behavior::added`]), and a
//! block that follows a path or a flow field the scene does not have yet brings one along, for
//! the designer to reshape with the canvas tools.

use glam::Vec2;

use super::Scene;
use crate::sim::BehaviorKind;
use crate::sim::model::scenery::DEFAULT_PATH_RADIUS;
use crate::sim::steer::behavior::{NameOf, SceneNames, Scenery, Value};
use crate::sim::steer::params::{FlowBase, FlowField, Path};

/// What a block added to a group of `scene` can refer to.
#[must_use]
pub fn names(scene: &Scene, group: usize) -> SceneNames<'_> {
    SceneNames {
        groups: scene.groups.iter().map(|g| g.name.as_str()).collect(),
        own: group,
        paths: scene.paths.iter().map(|p| p.name.as_str()).collect(),
        flow_fields: scene.flow_fields.iter().map(|f| f.name.as_str()).collect(),
    }
}

/// What [`add_behavior`] did beside adding the block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Added {
    /// The name of the path it added to the scene for the block to follow.
    pub path: Option<String>,
    /// The name of the flow field it added to the scene.
    pub flow_field: Option<String>,
}

/// Adds the block of `kind` to group `group` of `scene` (nothing when the group has one, or
/// there is no such group). A block that names a path or flow field the scene lacks gets a new
/// one: a looped rectangle around the middle of the world, a uniform field pointing right.
pub fn add_behavior(scene: &mut Scene, group: usize, kind: BehaviorKind) -> Added {
    let mut added = Added::default();
    let Some(g) = scene.groups.get(group) else {
        return added;
    };
    if g.has_block(kind) {
        return added;
    }
    let mut wants = Vec::new();
    let mut probe = g.clone();
    probe.add_block(kind, &SceneNames::default());
    probe.visit_fields(kind, &mut |_, value| {
        if let Value::Name(_, of) = value {
            wants.push(of);
        }
    });
    let size = Vec2::new(scene.world.width, scene.world.height);
    for of in wants {
        match of {
            NameOf::Path if scene.paths.is_empty() => {
                let (a, b) = (size * 0.25, size * 0.75);
                scene.paths.push(Path {
                    name: "path".to_owned(),
                    points: vec![a, Vec2::new(b.x, a.y), b, Vec2::new(a.x, b.y)],
                    looped: true,
                    radius: DEFAULT_PATH_RADIUS,
                });
                added.path = Some("path".to_owned());
            }
            NameOf::FlowField if scene.flow_fields.is_empty() => {
                scene.flow_fields.push(FlowField {
                    name: "flow".to_owned(),
                    cell_size: 40.0,
                    base: FlowBase::Uniform { angle_deg: 0.0 },
                    painted: Vec::new(),
                });
                added.flow_field = Some("flow".to_owned());
            }
            NameOf::Path | NameOf::FlowField => {}
        }
    }
    let names = names(scene, group);
    let mut g = scene.groups[group].clone();
    g.add_block(kind, &names);
    scene.groups[group] = g;
    added
}

/// The scenery behavior `kind` acts on that `scene` lacks (none, no wall, no obstacle, ...): a
/// block of it there has nothing to do.
#[must_use]
pub fn lacks(scene: &Scene, kind: BehaviorKind) -> Vec<Scenery> {
    kind.needs()
        .iter()
        .copied()
        .filter(|&need| !has(scene, need))
        .collect()
}

/// Whether `scene` has any of `scenery` (a level's edges are walls too).
#[must_use]
pub fn has(scene: &Scene, scenery: Scenery) -> bool {
    match scenery {
        Scenery::Walls => !scene.walls.is_empty() || scene.level.walls().next().is_some(),
        Scenery::Obstacles => !scene.obstacles.is_empty(),
        Scenery::Path => !scene.paths.is_empty(),
        Scenery::FlowField => !scene.flow_fields.is_empty(),
    }
}

/// What a designer reads when behavior `key` is on and the scene lacks `need`: what it then
/// does not do, and how to make what it needs.
#[must_use]
pub fn lack_message(key: &str, need: Scenery) -> String {
    match need {
        Scenery::Walls => format!(
            "No walls in this scene: {key} has nothing to steer away from. Draw walls with the \
             Walls tool (W)."
        ),
        Scenery::Obstacles => format!(
            "No obstacles in this scene: {key} has none to work with. Add one (+ obstacle) and \
             drag it into place."
        ),
        Scenery::Path => format!(
            "No path in this scene: {key} has nothing to follow. Draw one with the Paths tool \
             (P)."
        ),
        Scenery::FlowField => format!(
            "No flow field in this scene: {key} has nothing to follow. Add one in Scenery and \
             paint it with the Flow tool (B)."
        ),
    }
}

/// Adds a flow field (uniform, pointing right, cells of 40 units) under the first free name
/// of `flow`, `flow2`, ...; returns its name.
pub fn add_flow_field(scene: &mut Scene) -> String {
    let taken: Vec<&str> = scene.flow_fields.iter().map(|f| f.name.as_str()).collect();
    let name = (1..=u32::MAX)
        .map(|n| {
            if n == 1 {
                "flow".to_owned()
            } else {
                format!("flow{n}")
            }
        })
        .find(|n| !taken.contains(&n.as_str()))
        .unwrap_or_default();
    scene.flow_fields.push(FlowField {
        name: name.clone(),
        cell_size: 40.0,
        base: FlowBase::Uniform { angle_deg: 0.0 },
        painted: Vec::new(),
    });
    name
}

/// The radius of an obstacle the editor adds, world units.
pub const NEW_OBSTACLE_RADIUS: f32 = 40.0;

/// Adds an obstacle of [`NEW_OBSTACLE_RADIUS`] at the middle of the world, or at the spot of
/// a grid around it (a diameter and a half apart, nearest the middle first) that is clear of
/// the obstacles already there; returns its index.
pub fn add_obstacle(scene: &mut Scene) -> usize {
    let size = Vec2::new(scene.world.width, scene.world.height);
    let r = NEW_OBSTACLE_RADIUS;
    let step = 3.0 * r;
    let mut offsets: Vec<Vec2> = (-6_i16..=6)
        .flat_map(|row| (-6_i16..=6).map(move |col| Vec2::new(f32::from(col), f32::from(row))))
        .collect();
    offsets.sort_by(|a, b| a.length_squared().total_cmp(&b.length_squared()));
    let clear = |p: Vec2| {
        scene
            .obstacles
            .iter()
            .all(|o| o.center.distance(p) >= o.radius + r)
    };
    let spot = offsets
        .into_iter()
        .map(|o| size * 0.5 + o * step)
        .find(|&p| clear(p))
        .unwrap_or(size * 0.5);
    scene.obstacles.push(crate::sim::Obstacle {
        center: spot,
        radius: r,
    });
    scene.obstacles.len() - 1
}
