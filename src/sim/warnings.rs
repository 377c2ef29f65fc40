//! Values that are legal but almost surely not meant: a world built from them runs, but some
//! of it does nothing, never happens or costs far more than it seems. `steerlab validate`
//! prints these as warnings and the editor shows each beside its field. Each names the field
//! by its path in the scene file, as errors do.

use glam::Vec2;

use super::check::Problem;
use super::params::{BlockCommon, Combination, Group, Spawn, Target};
use super::spec::WorldSpec;
use super::text::{echo, thousands};

/// Every warning about `spec` (which [`super::check::check_spec`] accepts).
#[must_use]
pub fn warnings(spec: &WorldSpec) -> Vec<Problem> {
    let mut out = Vec::new();
    let inside = |p: Vec2| p.x >= 0.0 && p.y >= 0.0 && p.x <= spec.size.x && p.y <= spec.size.y;
    if !inside(spec.click_target) {
        out.push(Problem::new(
            "click_target",
            format!(
                "is outside the world (0..{}, 0..{}): agents that seek it leave the world",
                spec.size.x, spec.size.y
            ),
        ));
    }
    let total: u64 =
        spec.groups.iter().map(|g| u64::from(g.count)).sum::<u64>() + spec.placed.len() as u64;
    for (g, group) in spec.groups.iter().enumerate() {
        let path = format!("groups[{g}]");
        group_warnings(&path, group, spec, total, &mut out);
        spawn_warnings(&path, group, &inside, &mut out);
    }
    out
}

// One stanza per warning, in the order validate prints them.
#[allow(clippy::too_many_lines)]
fn group_warnings(path: &str, group: &Group, spec: &WorldSpec, total: u64, out: &mut Vec<Problem>) {
    let mut push = |field: &str, message: String| {
        let at = if field.is_empty() {
            path.to_owned()
        } else {
            format!("{path}.{field}")
        };
        out.push(Problem::new(at, message));
    };
    let enabled: Vec<_> = super::BehaviorKind::ALL
        .into_iter()
        .filter(|&k| group.block(k).is_some_and(BlockCommon::enabled))
        .collect();
    if enabled.is_empty() && group.count > 0 {
        push(
            "",
            "every behavior of this group is off: its agents drift at their spawn speed".to_owned(),
        );
    } else if !enabled.is_empty() {
        if group.max_speed == 0.0 {
            push(
                "max_speed",
                "is 0 with behaviors on: the agents never move".to_owned(),
            );
        }
        if group.max_force == 0.0 {
            push(
                "max_force",
                "is 0 with behaviors on: no behavior can steer the agents".to_owned(),
            );
        }
    }
    if group.combination != Combination::PrioritizedDithering {
        for kind in super::BehaviorKind::ALL {
            if let Some(b) = group.block(kind)
                && b.probability().to_bits() != 1.0_f32.to_bits()
            {
                push(
                    &format!("{}.probability", kind.field_name()),
                    format!(
                        "is {}, but only PrioritizedDithering uses a probability (this group \
                         combines with {:?})",
                        b.probability(),
                        group.combination
                    ),
                );
            }
        }
    }
    // Numbers a behavior's own fields say are not meant at 0.
    let mut copy = group.clone();
    for kind in super::BehaviorKind::ALL {
        copy.visit_fields(kind, &mut |field, mut value| {
            let Some(message) = field.when_zero else {
                return;
            };
            value.numbers(field.limit, &mut |below, v, _| {
                if below.is_empty() && *v == 0.0 {
                    push(
                        &format!("{}.{}", kind.field_name(), field.key),
                        message.to_owned(),
                    );
                }
            });
        });
    }
    for (kind, which, target) in group.targets() {
        if let Target::Agent(id) = target
            && u64::from(*id) >= total
        {
            let field = if which == 0 { "target" } else { "other" };
            push(
                &format!("{}.{field}", kind.field_name()),
                format!(
                    "agent {id} never exists: the scene spawns {} agents (ids 0 to {})",
                    thousands(total),
                    total.saturating_sub(1)
                ),
            );
        }
    }
    if let Some(s) = &group.stamina
        && s.regen_per_tick == 0.0
    {
        push(
            "stamina.regen_per_tick",
            "is 0: a hunter that rests never recovers".to_owned(),
        );
    }
    neighbour_warning(path, group, spec, total, out);
}

/// A flocking radius that takes in far more agents than the group's cap considers.
fn neighbour_warning(
    path: &str,
    group: &Group,
    spec: &WorldSpec,
    total: u64,
    out: &mut Vec<Problem>,
) {
    let radius = group.neighbor_radius();
    let area = f64::from(spec.size.x) * f64::from(spec.size.y);
    if radius <= 0.0 || area <= 0.0 || group.count == 0 {
        return;
    }
    let within = std::f64::consts::PI * f64::from(radius) * f64::from(radius);
    let expected = total as f64 * (within / area).min(1.0);
    if expected <= 4.0 * f64::from(group.max_neighbors) {
        return;
    }
    let field = [
        (
            "separation",
            group.separation.as_ref().map(|b| (b.enabled, b.radius)),
        ),
        (
            "alignment",
            group.alignment.as_ref().map(|b| (b.enabled, b.radius)),
        ),
        (
            "cohesion",
            group.cohesion.as_ref().map(|b| (b.enabled, b.radius)),
        ),
    ]
    .into_iter()
    // The largest radius is one of these values, bit for bit.
    .find(|(_, b)| b.is_some_and(|(on, r)| on && r.to_bits() == radius.to_bits()))
    .map_or("max_neighbors", |(key, _)| key);
    // A count of agents: far inside u64.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let expected = expected.round() as u64;
    out.push(Problem::new(
        if field == "max_neighbors" {
            format!("{path}.max_neighbors")
        } else {
            format!("{path}.{field}.radius")
        },
        format!(
            "a radius of {radius} takes in about {} of the {} agents when they spread evenly; \
             each considers only its {} nearest (max_neighbors), and finding them costs more \
             than a smaller radius would",
            thousands(expected),
            thousands(total),
            group.max_neighbors
        ),
    ));
}

fn spawn_warnings(
    path: &str,
    group: &Group,
    inside: &dyn Fn(Vec2) -> bool,
    out: &mut Vec<Problem>,
) {
    let outside = match &group.spawn {
        Spawn::Area { min, max, .. } => !inside(*min) || !inside(*max),
        Spawn::At { position, .. } | Spawn::Queue { position, .. } => !inside(*position),
    };
    if outside && group.count > 0 {
        out.push(Problem::new(
            format!("{path}.spawn"),
            format!(
                "places agents of \"{}\" outside the world: they start beyond its edges",
                echo(&group.name)
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::params::{Arrive, ArriveMode, Flee, Seek, Separation};

    fn world(groups: Vec<Group>) -> WorldSpec {
        WorldSpec {
            seed: 1,
            dt: 1.0 / 60.0,
            size: Vec2::new(100.0, 100.0),
            bounds: crate::sim::BoundsMode::Wrap,
            click_target: Vec2::new(50.0, 50.0),
            obstacles: Vec::new(),
            walls: Vec::new(),
            paths: Vec::new(),
            flow_fields: Vec::new(),
            placed: Vec::new(),
            groups,
        }
    }

    fn group() -> Group {
        let mut g = Group::new(
            "g",
            10,
            Spawn::At {
                position: Vec2::new(10.0, 10.0),
                velocity: Vec2::ZERO,
            },
        );
        g.seek = Some(Seek::default());
        g
    }

    fn paths(spec: &WorldSpec) -> Vec<String> {
        warnings(spec).into_iter().map(|p| p.path).collect()
    }

    #[test]
    fn a_sensible_scene_has_none() {
        assert!(warnings(&world(vec![group()])).is_empty());
    }

    #[test]
    fn each_unlikely_value_is_named() {
        let mut g = group();
        g.max_speed = 0.0;
        g.arrive = Some(Arrive {
            mode: ArriveMode::SlowingRadius(0.0),
            range: Some(0.0),
            ..Arrive::default()
        });
        g.flee = Some(Flee {
            panic_distance: Some(0.0),
            ..Flee::default()
        });
        g.seek = Some(Seek {
            probability: 0.5,
            target: Target::Agent(11),
            ..Seek::default()
        });
        let mut idle = Group::new(
            "idle",
            1,
            Spawn::At {
                position: Vec2::new(-5.0, 10.0),
                velocity: Vec2::ZERO,
            },
        );
        idle.separation = Some(Separation {
            enabled: false,
            ..Separation::default()
        });
        let mut spec = world(vec![g, idle]);
        spec.click_target = Vec2::new(200.0, 0.0);
        assert_eq!(
            paths(&spec),
            vec![
                "click_target",
                "groups[0].max_speed",
                "groups[0].seek.probability",
                "groups[0].flee.panic_distance",
                "groups[0].arrive.mode",
                "groups[0].arrive.range",
                "groups[0].seek.target",
                "groups[1]",
                "groups[1].spawn",
            ]
        );
        let agent = warnings(&spec)
            .into_iter()
            .find(|p| p.path == "groups[0].seek.target")
            .map(|p| p.message);
        assert_eq!(
            agent.as_deref(),
            Some("agent 11 never exists: the scene spawns 11 agents (ids 0 to 10)")
        );
    }

    #[test]
    fn a_radius_that_takes_in_a_crowd() {
        let mut g = group();
        g.count = 10_000;
        g.separation = Some(Separation {
            radius: 50.0,
            ..Separation::default()
        });
        // pi * 50^2 / 100^2 = 0.785 of 10,000 agents: 7,854, far over 4 x 64.
        let w = warnings(&world(vec![g]));
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].path, "groups[0].separation.radius");
        assert!(
            w[0].message
                .starts_with("a radius of 50 takes in about 7,854 of the 10,000")
        );
    }
}
