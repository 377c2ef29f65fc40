//! Adding a behavior to a group of a scene so that the scene stays valid and runs: the block
//! comes with defaults that fit the scene ([`crate::sim::behavior::Behavior::added`]), and a
//! block that follows a path or a flow field the scene does not have yet brings one along, for
//! the designer to reshape with the canvas tools.

use glam::Vec2;

use super::Scene;
use crate::sim::behavior::{NameOf, SceneNames, Value};
use crate::sim::params::{BehaviorKind, FlowBase, FlowField, Path};
use crate::sim::scenery::DEFAULT_PATH_RADIUS;

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
