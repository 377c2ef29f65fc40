//! The checks of one group beyond its numbers' limits (which [`super::check_spec`] walks for
//! every number of the scene): its name, its spawn area, its stamina, and what each behavior
//! block refers to.

use super::Checker;
use crate::sim::BehaviorKind;
use crate::sim::model::field_path::FieldPath;
use crate::sim::setup::settings::{NAME, SPAWN, SPAWN_MAX, STAMINA};
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::behavior::{Behavior, NameOf, Value};
use crate::sim::steer::params::{BlockVisitor, Group, Region, Spawn};

impl Checker {
    pub(super) fn group(&mut self, path: &FieldPath, group: &Group, spec: &WorldSpec) {
        self.name(&path.key(NAME.key), &group.name);
        if let Spawn::Area { min, max, .. } = &group.spawn
            && (min.x > max.x || min.y > max.y)
        {
            self.push(
                &path.key(SPAWN.key).key(SPAWN_MAX),
                format!("must be >= min on both axes, got min {min}, max {max}"),
            );
        }
        if group.stamina.is_some() && group.pursuit.is_none() {
            self.push(
                &path.key(STAMINA.key),
                "gates pursuit, but the group has no pursuit".to_owned(),
            );
        }
        group.visit_blocks(&mut Blocks {
            checker: self,
            path,
            spec,
        });
    }
}

/// Checks what every block of a group refers to against the scene.
struct Blocks<'a> {
    checker: &'a mut Checker,
    path: &'a FieldPath,
    spec: &'a WorldSpec,
}

impl BlockVisitor for Blocks<'_> {
    fn visit<B: Behavior>(&mut self, kind: BehaviorKind, block: Option<&B>) {
        let Some(block) = block else {
            return;
        };
        let c = &mut *self.checker;
        let p = self.path.key(kind.field_name());
        // The descriptions hand out values to edit: check a copy.
        let mut copy = block.clone();
        copy.fields(&mut |field, value| {
            let at = p.key(field.key);
            match value {
                Value::Target(t) => c.target_group(&at, t, &self.spec.groups),
                Value::Name(name, of) => {
                    let names: Vec<&str> = match of {
                        NameOf::Path => self.spec.paths.iter().map(|x| x.name.as_str()).collect(),
                        NameOf::FlowField => self
                            .spec
                            .flow_fields
                            .iter()
                            .map(|x| x.name.as_str())
                            .collect(),
                    };
                    c.names_one(&at, of.noun(), name, &names);
                }
                Value::Region(Region::Path(name)) => c.closed_path(&at, name, self.spec),
                _ => {}
            }
        });
    }
}
