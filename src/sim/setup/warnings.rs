//! Values that are legal but almost surely not meant: a world built from them runs, but some
//! of it does nothing, never happens or costs far more than it seems. `steerlab validate`
//! prints these as warnings and the editor shows each beside its field. Each names the field
//! by its path in the scene file, as errors do.

use glam::Vec2;

use crate::sim::model::field::{Field, OTHER, PROBABILITY, STAMINA_REGEN, TARGET, Value};
use crate::sim::model::field_path::FieldPath;
use crate::sim::model::text::{echo, thousands};
use crate::sim::setup::check::Problem;
use crate::sim::setup::settings::{CLICK_TARGET, MAX_NEIGHBORS_FIELD, RADIUS, SPAWN, STAMINA};
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::behaviors::flocking::RADIUS as FLOCK_RADIUS;
use crate::sim::steer::params::{BlockCommon, Combination, Group, Spawn, Target};

impl WorldSpec {
    /// What in this spec is valid but likely not what a designer meant (a weight of zero, a
    /// path follower with no path), located at its field paths.
    #[must_use]
    pub fn warnings(&self) -> Vec<Problem> {
        warnings(self)
    }
}

/// Every warning about `spec` (which [`crate::sim::setup::check::check_spec`] accepts).
#[must_use]
fn warnings(spec: &WorldSpec) -> Vec<Problem> {
    let mut out = Vec::new();
    let inside = |p: Vec2| p.x >= 0.0 && p.y >= 0.0 && p.x <= spec.size.x && p.y <= spec.size.y;
    if !inside(spec.click_target) {
        out.push(Problem::new(
            FieldPath::root().key(CLICK_TARGET.key),
            format!(
                "is outside the world (0..{}, 0..{}): agents that seek it leave the world",
                spec.size.x, spec.size.y
            ),
        ));
    }
    let total: u64 =
        spec.groups.iter().map(|g| u64::from(g.count)).sum::<u64>() + spec.agents.len() as u64;
    for (g, group) in spec.groups.iter().enumerate() {
        let path = FieldPath::group(g);
        group_warnings(&path, group, total, &mut out);
        neighbor_warning(&path, group, spec, total, &mut out);
        spawn_warnings(&path, group, &inside, &mut out);
        level_spawn_warning(&path, group, spec, &mut out);
    }
    out
}

/// A group that spawns where a level has no walkable ground: outside its outline, or on one of
/// its blocks (an imported level over a scene whose spawn areas were for open ground).
fn level_spawn_warning(path: &FieldPath, group: &Group, spec: &WorldSpec, out: &mut Vec<Problem>) {
    use crate::sim::model::polygon::{inside_or_on, segments_cross};
    if spec.level.is_empty() || group.count == 0 {
        return;
    }
    let outline = spec.level.outline(spec.size);
    let corners: Vec<Vec2> = match &group.spawn {
        Spawn::Area { min, max, .. } => {
            vec![*min, Vec2::new(max.x, min.y), *max, Vec2::new(min.x, max.y)]
        }
        Spawn::At { position, .. } | Spawn::Stream { position, .. } => vec![*position],
        // The circle as a polygon of 32 sides: a wall across it crosses one of them.
        Spawn::Ring { center, radius } => (0..32)
            .map(|k| Spawn::ring_point(*center, *radius, k, 32))
            .collect(),
    };
    let edges = |ring: &[Vec2]| -> Vec<(Vec2, Vec2)> {
        (0..ring.len())
            .map(|k| (ring[k], ring[(k + 1) % ring.len()]))
            .collect()
    };
    let crosses = |ring: &[Vec2]| {
        corners.len() > 1
            && edges(&corners)
                .iter()
                .any(|&(a, b)| edges(ring).iter().any(|&(c, d)| segments_cross(a, b, c, d)))
    };
    // Without a boundary the outline is the world's edge, which the warning above covers.
    let why = if spec.level.boundary.len() >= 3
        && (corners.iter().any(|&p| !inside_or_on(&outline, p)) || crosses(&outline))
    {
        Some("outside the level's outline".to_owned())
    } else {
        spec.level.holes.iter().enumerate().find_map(|(h, hole)| {
            let rect_inside = |p: Vec2| {
                corners.len() > 1
                    && p.x >= corners[0].x.min(corners[2].x)
                    && p.x <= corners[0].x.max(corners[2].x)
                    && p.y >= corners[0].y.min(corners[2].y)
                    && p.y <= corners[0].y.max(corners[2].y)
            };
            let meets = hole.len() >= 3
                && (corners.iter().any(|&p| inside_or_on(hole, p))
                    || hole.iter().any(|&p| rect_inside(p))
                    || crosses(hole));
            meets.then(|| format!("on the level's block {h} (level.holes[{h}])"))
        })
    };
    if let Some(why) = why {
        out.push(Problem::new(
            path.key(SPAWN.key),
            format!(
                "places agents of \"{}\" {why}: some start inside a wall, where they cannot move \
                 or plan a route",
                echo(&group.name)
            ),
        ));
    }
}

/// Whether the number a field holds itself (not one below it) is 0.
fn is_zero(field: &Field, mut value: Value<'_>) -> bool {
    let mut zero = false;
    value.numbers(field.limit, &mut |below, n, _| {
        if below.is_none() && n.get() == 0.0 {
            zero = true;
        }
    });
    zero
}

// One stanza per warning, in the order validate prints them.
fn group_warnings(path: &FieldPath, group: &Group, total: u64, out: &mut Vec<Problem>) {
    let mut push = |at: FieldPath, message: String| out.push(Problem::new(at, message));
    let enabled = crate::sim::BehaviorKind::ALL
        .into_iter()
        .any(|k| group.block(k).is_some_and(BlockCommon::enabled));
    let mut copy = group.clone();
    if !enabled && group.count > 0 {
        push(
            path.clone(),
            "every behavior of this group is off: its agents drift at their spawn speed".to_owned(),
        );
    } else if enabled {
        // The group's own numbers that do nothing at 0 while a behavior steers.
        copy.own_fields(&mut |field, value| {
            if let Some(message) = field.when_zero
                && is_zero(field, value)
            {
                push(path.key(field.key), message.to_owned());
            }
        });
    }
    if group.combination != Combination::PrioritizedDithering {
        for kind in crate::sim::BehaviorKind::ALL {
            if let Some(b) = group.block(kind)
                && b.probability().to_bits() != 1.0_f32.to_bits()
            {
                push(
                    path.key(kind.field_name()).key(PROBABILITY.key),
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
    // A body radius of 0 under a block that keeps bodies apart: it keeps only the centres apart.
    if group.radius == 0.0
        && group.count > 0
        && let Some(kind) = crate::sim::BehaviorKind::ALL
            .into_iter()
            .find(|&k| k.keeps_bodies_apart() && group.block(k).is_some_and(BlockCommon::enabled))
    {
        push(
            path.key(RADIUS.key),
            format!(
                "is 0: {} keeps the agents' bodies apart by their radius, so with none they \
                 pass through each other",
                kind.field_name()
            ),
        );
    }
    // Numbers a behavior's own fields say are not meant at 0.
    for kind in crate::sim::BehaviorKind::ALL {
        copy.visit_fields(kind, &mut |field, value| {
            if let Some(message) = field.when_zero
                && is_zero(field, value)
            {
                push(
                    path.key(kind.field_name()).key(field.key),
                    message.to_owned(),
                );
            }
        });
    }
    for (kind, which, target) in group.targets() {
        if let Target::Agent(id) = target
            && u64::from(*id) >= total
        {
            let field = if which == 0 { TARGET.key } else { OTHER.key };
            push(
                path.key(kind.field_name()).key(field),
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
        && let Some(message) = STAMINA_REGEN.when_zero
    {
        push(
            path.key(STAMINA.key).key(STAMINA_REGEN.key),
            message.to_owned(),
        );
    }
}

/// A flocking radius that takes in far more agents than the group's cap considers.
fn neighbor_warning(
    path: &FieldPath,
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
    // The flocking block whose radius is the largest (bit for bit), or the cap.
    let at = group
        .flocking_radii()
        .into_iter()
        .flatten()
        .find(|&(_, r)| r.to_bits() == radius.to_bits())
        .map_or_else(
            || path.key(MAX_NEIGHBORS_FIELD.key),
            |(kind, _)| path.key(kind.field_name()).key(FLOCK_RADIUS.key),
        );
    // A count of agents: far inside u64.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let expected = expected.round() as u64;
    out.push(Problem::new(
        at,
        format!(
            "a radius of {radius} takes in about {} of the {} agents when they spread evenly; \
             each considers only its {} nearest ({}), and finding them costs more than a \
             smaller radius would",
            thousands(expected),
            thousands(total),
            group.max_neighbors,
            MAX_NEIGHBORS_FIELD.label,
        ),
    ));
}

fn spawn_warnings(
    path: &FieldPath,
    group: &Group,
    inside: &dyn Fn(Vec2) -> bool,
    out: &mut Vec<Problem>,
) {
    let outside = match &group.spawn {
        Spawn::Area { min, max, .. } => !inside(*min) || !inside(*max),
        Spawn::At { position, .. } | Spawn::Stream { position, .. } => !inside(*position),
        Spawn::Ring { center, radius } => [Vec2::X, Vec2::Y, -Vec2::X, -Vec2::Y]
            .into_iter()
            .any(|d| !inside(*center + d * *radius)),
    };
    if outside && group.count > 0 {
        out.push(Problem::new(
            path.key(SPAWN.key),
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
    use crate::sim::steer::params::{Arrive, ArriveMode, Flee, Seek, Separation};

    fn world(groups: Vec<Group>) -> WorldSpec {
        WorldSpec {
            seed: 1,
            dt: 1.0 / 60.0,
            size: Vec2::new(100.0, 100.0),
            bounds: crate::sim::BoundsMode::Wrap,
            click_target: Vec2::new(50.0, 50.0),
            obstacles: Vec::new(),
            walls: Vec::new(),
            level: crate::sim::model::scenery::Level::default(),
            paths: Vec::new(),
            flow_fields: Vec::new(),
            agents: Vec::new(),
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
        warnings(spec)
            .into_iter()
            .map(|p| p.path.to_string())
            .collect()
    }

    /// A spawn on a level's block of wall, or past its outline, is warned of; one on its
    /// ground, or touching its outline, is not.
    #[test]
    fn a_spawn_off_the_levels_ground_is_named() {
        let square = |a: f32, b: f32| {
            vec![
                Vec2::new(a, a),
                Vec2::new(b, a),
                Vec2::new(b, b),
                Vec2::new(a, b),
            ]
        };
        let mut spec = world(vec![group()]);
        spec.level.boundary = square(5.0, 95.0);
        spec.level.holes = vec![square(40.0, 60.0)];
        let area = |min: (f32, f32), max: (f32, f32)| Spawn::Area {
            min: Vec2::new(min.0, min.1),
            max: Vec2::new(max.0, max.1),
            speed: 0.0,
        };
        for (spawn, said) in [
            (area((10.0, 10.0), (30.0, 30.0)), None),
            (area((5.0, 5.0), (30.0, 30.0)), None),
            (
                area((30.0, 30.0), (50.0, 50.0)),
                Some("on the level's block 0"),
            ),
            (
                area((45.0, 45.0), (55.0, 55.0)),
                Some("on the level's block 0"),
            ),
            (
                area((1.0, 10.0), (30.0, 30.0)),
                Some("outside the level's outline"),
            ),
            (
                Spawn::At {
                    position: Vec2::new(50.0, 50.0),
                    velocity: Vec2::ZERO,
                },
                Some("on the level's block 0"),
            ),
        ] {
            spec.groups[0].spawn = spawn.clone();
            let found: Vec<String> = warnings(&spec)
                .into_iter()
                .filter(|p| p.path == FieldPath::group(0).key(SPAWN.key))
                .map(|p| p.message)
                .collect();
            match said {
                None => assert!(found.is_empty(), "{spawn:?}: {found:?}"),
                Some(words) => assert!(
                    found.len() == 1 && found[0].contains(words),
                    "{spawn:?}: {found:?}"
                ),
            }
        }
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

    /// A body radius of 0 is warned of under a block that keeps bodies apart (ORCA, collision
    /// avoidance), where the agents would pass through each other, and not under separation,
    /// which keeps centres apart and reads no radius.
    #[test]
    fn a_body_radius_of_zero_warns_only_where_bodies_are_kept_apart() {
        let at = "groups[0].radius".to_owned();
        let mut orca = group();
        orca.orca = Some(crate::sim::steer::params::Orca::default());
        orca.radius = 0.0;
        let found = warnings(&world(vec![orca.clone()]));
        let radius_path = FieldPath::group(0).key("radius");
        let radius: Vec<_> = found.iter().filter(|p| p.path == radius_path).collect();
        assert_eq!(radius.len(), 1, "{found:?}");
        assert_eq!(
            radius[0].message,
            "is 0: orca keeps the agents' bodies apart by their radius, so with none they pass \
             through each other"
        );
        orca.radius = 7.0;
        assert!(!paths(&world(vec![orca])).contains(&at));
        let mut flock = group();
        flock.separation = Some(Separation::default());
        flock.radius = 0.0;
        assert!(!paths(&world(vec![flock])).contains(&at));
    }
}
