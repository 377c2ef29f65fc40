//! The scenes a benchmark times: the standard flock, and any scene scaled to a number of agents
//! at the density it was made for.

use glam::Vec2;

use crate::sim::setup::check::MAX_GROUP_COUNT;
use crate::sim::steer::params::{Alignment, Cohesion, Seek, Separation, Target, Wander};
use crate::sim::{Group, Spawn, WorldSpec};

/// Neighbour radius of alignment and cohesion (world units).
pub const NEIGHBOR_RADIUS: f32 = 20.0;
/// The mean neighbour count the density is chosen for.
pub const TARGET_NEIGHBORS: f32 = 20.0;

/// The benchmark world for `agents` agents.
#[must_use]
pub fn bench_spec(agents: u32) -> WorldSpec {
    let density = TARGET_NEIGHBORS / (std::f32::consts::PI * NEIGHBOR_RADIUS * NEIGHBOR_RADIUS);
    let side_world = (agents.max(1) as f32 / density).sqrt();
    let size = Vec2::splat(side_world);
    let mut flock = Group::new(
        "flock",
        agents,
        Spawn::Area {
            min: Vec2::ZERO,
            max: size,
            speed: 40.0,
        },
    );
    flock.max_speed = 60.0;
    flock.max_force = 120.0;
    flock.mass = 0.5;
    flock.separation = Some(Separation {
        own_group_only: false,
        weight: 3.0,
        radius: 10.0,
        ..Separation::default()
    });
    flock.alignment = Some(Alignment {
        own_group_only: false,
        weight: 1.0,
        radius: NEIGHBOR_RADIUS,
        ..Alignment::default()
    });
    flock.cohesion = Some(Cohesion {
        own_group_only: false,
        weight: 0.2,
        radius: NEIGHBOR_RADIUS,
        ..Cohesion::default()
    });
    flock.wander = Some(Wander {
        weight: 0.5,
        circle_distance: 30.0,
        circle_radius: 15.0,
        angle_change_rad: 0.5,
        ..Wander::default()
    });
    flock.seek = Some(Seek {
        weight: 0.1,
        target: Target::Center,
        ..Seek::default()
    });
    // Over 100,000 agents (the most in one group) the flock is split into groups of that
    // size; no rule keeps to its own group, so they flock as one.
    let mut groups = Vec::new();
    let mut left = agents;
    while left > 0 || groups.is_empty() {
        let count = left.min(MAX_GROUP_COUNT);
        left -= count;
        let name = if groups.is_empty() {
            "flock".to_owned()
        } else {
            format!("flock-{}", groups.len() + 1)
        };
        groups.push(Group {
            name,
            count,
            ..flock.clone()
        });
    }
    WorldSpec {
        groups,
        ..WorldSpec::empty(1, 1.0 / 60.0, size)
    }
}

/// `spec` with its groups' counts scaled to `agents` in all (each at least 1 when it had
/// any), and its world, spawn areas, points, obstacles, walls, paths, placed agents and flow
/// field cells scaled by the square root of the same factor, so the density of agents stays
/// what the scene was tuned for.
#[must_use]
pub fn scaled_spec(spec: &WorldSpec, agents: u32) -> WorldSpec {
    let total: u64 = spec.groups.iter().map(|g| u64::from(g.count)).sum();
    if total == 0 {
        return spec.clone();
    }
    let factor = f64::from(agents) / total as f64;
    // A square root of a ratio of counts: far inside f32.
    #[allow(clippy::cast_possible_truncation)]
    let s = factor.sqrt() as f32;
    let mut out = spec.clone();
    out.size *= s;
    out.click_target *= s;
    for o in &mut out.obstacles {
        o.center *= s;
    }
    for w in &mut out.walls {
        (w.from, w.to) = (w.from * s, w.to * s);
    }
    for p in out.paths.iter_mut().flat_map(|p| p.points.iter_mut()) {
        *p *= s;
    }
    let level = &mut out.level;
    for p in level
        .boundary
        .iter_mut()
        .chain(level.holes.iter_mut().flatten())
    {
        *p *= s;
    }
    for a in &mut out.agents {
        a.position *= s;
    }
    for f in &mut out.flow_fields {
        // The same number of cells over the larger world.
        f.cell_size *= s;
        if let crate::sim::steer::params::FlowBase::Vortex { center, .. } = &mut f.base {
            *center *= s;
        }
    }
    let mut given = 0_u64;
    let count = out.groups.len();
    for (k, g) in out.groups.iter_mut().enumerate() {
        let share = if k + 1 == count {
            u64::from(agents).saturating_sub(given)
        } else {
            // Rounded share of a u32 total: fits.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let share = (f64::from(g.count) * factor).round() as u64;
            share.max(u64::from(g.count > 0))
        };
        given += share;
        g.count = u32::try_from(share).unwrap_or(u32::MAX);
        g.spawn = match g.spawn.clone() {
            Spawn::Area { min, max, speed } => Spawn::Area {
                min: min * s,
                max: max * s,
                speed,
            },
            Spawn::At { position, velocity } => Spawn::At {
                position: position * s,
                velocity,
            },
            Spawn::Ring { center, radius } => Spawn::Ring {
                center: center * s,
                radius: radius * s,
            },
            Spawn::Stream {
                position,
                velocity,
                interval_secs,
            } => Spawn::Stream {
                position: position * s,
                velocity,
                interval_secs,
            },
        };
        for kind in crate::sim::BehaviorKind::ALL {
            for which in 0..2 {
                if let Some(Target::Point(p)) = g.target_mut(kind, which) {
                    *p *= s;
                }
            }
        }
    }
    out
}
