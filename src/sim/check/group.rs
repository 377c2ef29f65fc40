//! The checks of one group: its numbers, its spawn and every behavior block.

use super::{Checker, MAX_GROUP_COUNT, MAX_HEADING_SMOOTHING, MAX_NEIGHBORS};
use crate::sim::behavior::{Behavior, NameOf, Value};
use crate::sim::params::{BehaviorKind, BlockVisitor, Group, Region, Spawn};
use crate::sim::spec::WorldSpec;
use crate::sim::text::thousands;

impl Checker {
    pub(super) fn optional(&mut self, path: &str, v: Option<f32>) {
        if let Some(v) = v {
            self.non_negative(path, v);
        }
    }

    pub(super) fn group(&mut self, path: &str, group: &Group, spec: &WorldSpec) {
        let Group {
            name,
            count,
            spawn,
            max_force,
            max_speed,
            mass,
            radius,
            combination: _,
            max_turn_rate_deg,
            heading_smoothing,
            stamina,
            max_neighbors,
            ..
        } = group;
        self.name(&format!("{path}.name"), name);
        if *count > MAX_GROUP_COUNT {
            self.push(
                &format!("{path}.count"),
                format!(
                    "must be at most {}, got {count}",
                    thousands(u64::from(MAX_GROUP_COUNT))
                ),
            );
        }
        match spawn {
            Spawn::Area { min, max, speed } => {
                self.point(&format!("{path}.spawn.min"), *min);
                self.point(&format!("{path}.spawn.max"), *max);
                if min.x > max.x || min.y > max.y {
                    self.push(
                        &format!("{path}.spawn.max"),
                        format!("must be >= min on both axes, got min {min}, max {max}"),
                    );
                }
                self.non_negative(&format!("{path}.spawn.speed"), *speed);
            }
            Spawn::At { position, velocity } => {
                self.point(&format!("{path}.spawn.position"), *position);
                self.point(&format!("{path}.spawn.velocity"), *velocity);
            }
            Spawn::Queue {
                position,
                velocity,
                interval_secs,
            } => {
                self.point(&format!("{path}.spawn.position"), *position);
                self.point(&format!("{path}.spawn.velocity"), *velocity);
                self.positive(&format!("{path}.spawn.interval_secs"), *interval_secs);
            }
        }
        self.non_negative(&format!("{path}.max_force"), *max_force);
        self.non_negative(&format!("{path}.max_speed"), *max_speed);
        self.positive(&format!("{path}.mass"), *mass);
        self.non_negative(&format!("{path}.radius"), *radius);
        self.optional(&format!("{path}.max_turn_rate_deg"), *max_turn_rate_deg);
        if let Some(n) = heading_smoothing
            && !(1..=MAX_HEADING_SMOOTHING).contains(n)
        {
            self.push(
                &format!("{path}.heading_smoothing"),
                format!("must be 1 to {MAX_HEADING_SMOOTHING} headings, got {n}"),
            );
        }
        if !(1..=MAX_NEIGHBORS).contains(max_neighbors) {
            self.push(
                &format!("{path}.max_neighbors"),
                format!(
                    "must be 1 to {}, got {max_neighbors}",
                    thousands(u64::from(MAX_NEIGHBORS))
                ),
            );
        }
        if let Some(s) = stamina {
            self.positive(&format!("{path}.stamina.max"), s.max);
            self.non_negative(&format!("{path}.stamina.regen_per_tick"), s.regen_per_tick);
            self.non_negative(&format!("{path}.stamina.cost_per_tick"), s.cost_per_tick);
            if group.pursuit.is_none() {
                self.push(
                    &format!("{path}.stamina"),
                    "gates pursuit, but the group has no pursuit".to_owned(),
                );
            }
        }
        group.visit_blocks(&mut Blocks {
            checker: self,
            path,
            spec,
        });
    }
}

/// Checks every block of a group against its fields' descriptions.
struct Blocks<'a> {
    checker: &'a mut Checker,
    path: &'a str,
    spec: &'a WorldSpec,
}

impl BlockVisitor for Blocks<'_> {
    fn visit<B: Behavior>(&mut self, kind: BehaviorKind, block: Option<&B>) {
        let Some(block) = block else {
            return;
        };
        let c = &mut *self.checker;
        let p = format!("{}.{}", self.path, kind.field_name());
        c.common(&p, block);
        // The descriptions hand out values to edit: check a copy.
        let mut copy = block.clone();
        copy.fields(&mut |field, mut value| {
            let at = format!("{p}.{}", field.key);
            value.numbers(field.limit, &mut |below, v, limit| {
                let (lo, open) = limit.low();
                c.range(&format!("{at}{below}"), *v, lo, open, limit.high());
            });
            match value {
                // A point target's numbers were checked above; a group's name is checked here.
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
