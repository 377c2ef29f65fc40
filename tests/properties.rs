//! Property tests: for random finite parameters anywhere in their valid ranges (zero speed,
//! zero force, coincident agents and targets, values up to the documented maximum of 1e6), no
//! NaN or infinity ever appears, speeds stay within `max_speed` and applied forces within
//! `max_force`. Invalid values (mass <= 0, non-finite numbers) are refused, never used.
//!
//! "Within" allows f32 rounding of the truncation itself: `v * (max / |v|)` can come out one
//! ulp long, so the bound checked is `max * (1 + 1e-6)`.

// Exact values worked out by hand are the point of these tests.
#![allow(clippy::float_cmp)]

use glam::Vec2;
use proptest::prelude::*;
use steerlab::sim::limits::MAX_MAGNITUDE;
use steerlab::sim::params::{
    Alignment, Arrive, ArriveMode, AvoidAgents, AvoidForm, AvoidObstacles, AvoidWalls, Cohesion,
    Containment, Deceleration, Evade, Flee, FlowBase, FlowField, FollowFlow, FollowLeader,
    FollowPath, GoalSeek, Hide, Interpose, OffsetPursuit, PaintedCell, Path, PathForm, Placed,
    Prediction, Pursuit, Queue, Region, Seek, Separation, Slot, Stamina, Wall, Wander,
    WanderTarget,
};
use steerlab::sim::{BoundsMode, Combination, Group, Obstacle, Spawn, Target, World, WorldSpec};

/// `lo..hi` in `f32`, drawn as a whole number of millionths of the span: proptest's own
/// sampler of `f32` ranges can fail its internal check on rare draws (proptest 1.12,
/// `float_samplers.rs`: "self.low - result < initial.step"), which would fail a run at random.
fn between(lo: f32, hi: f32) -> BoxedStrategy<f32> {
    (0_u32..1_000_000)
        .prop_map(move |k| lo + (hi - lo) * (k as f32 / 1_000_000.0))
        .boxed()
}

/// A magnitude: zero, tiny, ordinary, or up to the maximum.
fn magnitude() -> BoxedStrategy<f32> {
    prop_oneof![
        Just(0.0_f32),
        Just(MAX_MAGNITUDE),
        between(1e-6, 1.0),
        between(0.0, 1000.0),
        0.0_f32..=MAX_MAGNITUDE,
    ]
    .boxed()
}

fn positive() -> BoxedStrategy<f32> {
    prop_oneof![
        Just(MAX_MAGNITUDE),
        between(1e-6, 1.0),
        between(1e-3, 1000.0),
        1e-3_f32..=MAX_MAGNITUDE
    ]
    .boxed()
}

fn signed() -> BoxedStrategy<f32> {
    prop_oneof![magnitude(), magnitude().prop_map(|m| -m)].boxed()
}

fn point(size: f32) -> impl Strategy<Value = Vec2> {
    prop_oneof![
        Just(Vec2::ZERO),
        Just(Vec2::splat(size * 0.5)),
        (0.0..=size, 0.0..=size).prop_map(|(x, y)| Vec2::new(x, y))
    ]
}

fn target() -> BoxedStrategy<Target> {
    prop_oneof![
        Just(Target::Click),
        Just(Target::Pointer),
        Just(Target::Center),
        Just(Target::Agent(0)),
        Just(Target::Nearest("a".into())),
        Just(Target::Nearest("b".into())),
        point(100.0).prop_map(Target::Point),
    ]
    .boxed()
}

fn probability() -> impl Strategy<Value = f32> {
    prop_oneof![Just(1.0_f32), Just(0.001_f32), 0.001_f32..=1.0]
}

fn prediction() -> BoxedStrategy<Prediction> {
    (prop::option::of(magnitude()), prop::option::of(magnitude()))
        .prop_map(|(fixed_secs, max_secs)| Prediction {
            fixed_secs,
            max_secs,
        })
        .boxed()
}

/// Common block fields.
fn common() -> BoxedStrategy<(bool, f32, f32)> {
    (any::<bool>(), signed(), probability()).boxed()
}

prop_compose! {
    fn group(name: &'static str)(
        count in 0_u32..5,
        at in point(100.0),
        velocity in (signed(), signed()),
        form in 0_u8..3,
        interval in positive(),
        kin in (magnitude(), magnitude(), positive()),
        combination in prop_oneof![
            Just(Combination::WeightedSum),
            Just(Combination::PrioritizedSum),
            Just(Combination::PrioritizedDithering)
        ],
        c in prop::collection::vec(common(), 12),
        targets in prop::collection::vec(target(), 6),
        radii in prop::collection::vec(magnitude(), 8),
        ranges in prop::collection::vec(prop::option::of(magnitude()), 6),
        predictions in (prediction(), prediction()),
        angle_change in 0.0_f32..=1000.0,
        decel in 0_u8..4,
        stamina in prop::option::of((positive(), magnitude(), magnitude())),
    ) -> Group {
        let velocity = Vec2::new(velocity.0, velocity.1);
        let spawn = match form {
            0 => Spawn::Stream { position: at, velocity, interval_secs: interval },
            1 => Spawn::At { position: at, velocity },
            _ => Spawn::Ring { center: at, radius: velocity.x.abs() },
        };
        let mut g = Group::new(name, count, spawn);
        (g.max_force, g.max_speed, g.mass) = kin;
        g.combination = combination;
        let mode = match decel {
            0 => ArriveMode::Deceleration(Deceleration::Slow),
            1 => ArriveMode::Deceleration(Deceleration::Normal),
            2 => ArriveMode::Deceleration(Deceleration::Fast),
            _ => ArriveMode::SlowingRadius(radii[0]),
        };
        g.avoid_obstacles = Some(AvoidObstacles { enabled: c[0].0, weight: c[0].1, probability: c[0].2, detection_distance: radii[1], form: AvoidForm::Radial });
        g.evade = Some(Evade { enabled: c[1].0, weight: c[1].1, probability: c[1].2, target: targets[0].clone(), prediction: predictions.0, range: ranges[0], exclusive: ranges[1].is_some() });
        g.flee = Some(Flee { enabled: c[2].0, weight: c[2].1, probability: c[2].2, target: targets[1].clone(), panic_distance: ranges[2], exclusive: false });
        g.separation = Some(Separation { enabled: c[3].0, weight: c[3].1, probability: c[3].2, radius: radii[2], own_group_only: c[3].0 });
        g.pursuit = Some(Pursuit { enabled: c[4].0, weight: c[4].1, probability: c[4].2, target: targets[2].clone(), prediction: predictions.1, range: ranges[3], exclusive: c[4].0 });
        g.seek = Some(Seek { enabled: c[5].0, weight: c[5].1, probability: c[5].2, target: targets[3].clone(), range: ranges[4], exclusive: false });
        g.arrive = Some(Arrive { enabled: c[6].0, weight: c[6].1, probability: c[6].2, target: targets[4].clone(), mode, dead_band: radii[0] * 0.01, range: ranges[5], exclusive: false });
        g.goal = Some(GoalSeek { enabled: c[7].0, weight: c[7].1, probability: c[7].2, target: targets[5].clone(), slowing_radius: radii[3] });
        g.alignment = Some(Alignment { enabled: c[8].0, weight: c[8].1, probability: c[8].2, radius: radii[4], own_group_only: c[8].0 });
        g.cohesion = Some(Cohesion { enabled: c[9].0, weight: c[9].1, probability: c[9].2, radius: radii[5], own_group_only: false });
        g.wander = Some(Wander { enabled: c[10].0, weight: c[10].1, probability: c[10].2, circle_distance: radii[6], circle_radius: radii[7], angle_change_rad: angle_change });
        g.wander_target = Some(WanderTarget { enabled: c[11].0, weight: c[11].1, probability: c[11].2, interval_secs: interval });
        g.stamina = stamina.map(|(max, regen_per_tick, cost_per_tick)| Stamina { max, regen_per_tick, cost_per_tick });
        g
    }
}

/// The blocks and group fields beyond the tutorials, for one group.
#[derive(Clone, Debug)]
struct Beyond {
    c: Vec<(bool, f32, f32)>,
    m: Vec<f32>,
    s: Vec<f32>,
    brake: f32,
    targets: Vec<Target>,
    slot: u8,
    forms: (bool, bool, bool),
    region_path: bool,
    turn: Option<f32>,
    smoothing: Option<u32>,
}

prop_compose! {
    fn beyond()(
        c in prop::collection::vec(common(), 11),
        m in prop::collection::vec(magnitude(), 16),
        s in prop::collection::vec(signed(), 4),
        brake in 0.0_f32..=1.0,
        targets in prop::collection::vec(target(), 5),
        slot in 0_u8..5,
        forms in (any::<bool>(), any::<bool>(), any::<bool>()),
        region_path in any::<bool>(),
        turn in prop::option::of(magnitude()),
        smoothing in prop::option::of(1_u32..=64),
    ) -> Beyond {
        Beyond { c, m, s, brake, targets, slot, forms, region_path, turn, smoothing }
    }
}

impl Beyond {
    /// Puts every new block on `g`, following the scene's paths and flow fields.
    // One block per line, as the tutorial blocks are set in `group`.
    #[allow(clippy::too_many_lines)]
    fn apply(self, g: &mut Group) {
        let Self {
            c,
            m,
            s,
            brake,
            targets,
            slot,
            forms,
            region_path,
            turn,
            smoothing,
        } = self;
        g.radius = m[0];
        g.max_turn_rate_deg = turn;
        g.heading_smoothing = smoothing;
        g.avoid_walls = Some(AvoidWalls {
            enabled: c[0].0,
            weight: c[0].1,
            probability: c[0].2,
            feeler_length: m[1],
            side_angle_deg: m[2].min(180.0),
            side_scale: m[3],
        });
        g.containment = Some(Containment {
            enabled: c[1].0,
            weight: c[1].1,
            probability: c[1].2,
            region: if region_path {
                Region::Path("loop".into())
            } else {
                Region::World
            },
            margin: m[4],
            predict_secs: m[5],
        });
        if forms.0 {
            g.avoid_obstacles = Some(AvoidObstacles {
                enabled: c[2].0,
                weight: c[2].1,
                probability: c[2].2,
                detection_distance: m[6],
                form: AvoidForm::DetectionBox {
                    min_length: m[7],
                    braking_weight: m[8],
                },
            });
        }
        g.avoid_agents = Some(AvoidAgents {
            enabled: c[3].0,
            weight: c[3].1,
            probability: c[3].2,
            range: m[9],
            min_time_secs: m[10],
        });
        g.hide = Some(Hide {
            enabled: c[4].0,
            weight: c[4].1,
            probability: c[4].2,
            target: targets[0].clone(),
            distance_from_boundary: m[11],
            range: forms.1.then_some(m[12]),
            deceleration: Deceleration::Fast,
        });
        let spacing = m[13];
        g.offset_pursuit = Some(OffsetPursuit {
            enabled: c[5].0,
            weight: c[5].1,
            probability: c[5].2,
            target: targets[1].clone(),
            slot: match slot {
                0 => Slot::Offset(Vec2::new(s[0], s[1])),
                1 => Slot::Line(spacing),
                2 => Slot::Column(spacing),
                3 => Slot::Wedge(spacing),
                _ => Slot::Circle(spacing),
            },
            deceleration: Deceleration::Normal,
        });
        g.follow_leader = Some(FollowLeader {
            enabled: c[6].0,
            weight: c[6].1,
            probability: c[6].2,
            target: targets[2].clone(),
            behind: m[14],
            sight_distance: m[15],
            sight_half_width: m[1],
            slowing_radius: m[4],
        });
        g.interpose = Some(Interpose {
            enabled: c[7].0,
            weight: c[7].1,
            probability: c[7].2,
            target: targets[3].clone(),
            other: targets[4].clone(),
            deceleration: Deceleration::Slow,
        });
        g.follow_path = Some(FollowPath {
            enabled: c[8].0,
            weight: c[8].1,
            probability: c[8].2,
            path: if forms.2 {
                "loop".into()
            } else {
                "line".into()
            },
            form: if forms.1 {
                PathForm::Waypoints
            } else {
                PathForm::Predict {
                    predict_secs: m[5],
                    ahead: s[2],
                }
            },
            slowing_radius: m[6],
        });
        g.follow_flow = Some(FollowFlow {
            enabled: c[9].0,
            weight: c[9].1,
            probability: c[9].2,
            field: if forms.2 {
                "noise".into()
            } else {
                "vortex".into()
            },
            predict_secs: m[10],
        });
        g.queue = Some(Queue {
            enabled: c[10].0,
            weight: c[10].1,
            probability: c[10].2,
            ahead: m[11],
            radius: m[12],
            brake,
        });
    }
}

/// Walls, two paths (an open line and a loop), two flow fields and a placed agent.
fn scenery() -> impl Strategy<Value = (Vec<Wall>, Vec<Path>, Vec<FlowField>, Vec<Placed>)> {
    (
        prop::collection::vec((point(100.0), point(100.0)), 0..4),
        prop::collection::vec(point(100.0), 2..6),
        (
            signed(),
            1_f32..=200.0,
            any::<u64>(),
            0.01_f32..=1000.0,
            signed(),
        ),
        (
            point(100.0),
            (signed(), signed()),
            prop::option::of(signed()),
        ),
    )
        .prop_map(
            |(walls, line, (radius, cell, seed, scale, angle), (at, v, wander))| {
                let walls = walls
                    .into_iter()
                    .map(|(from, to)| Wall { from, to })
                    .collect();
                let paths = vec![
                    Path {
                        name: "line".into(),
                        points: line,
                        looped: false,
                        radius: radius.abs(),
                    },
                    Path {
                        name: "loop".into(),
                        points: vec![
                            Vec2::new(10.0, 10.0),
                            Vec2::new(90.0, 10.0),
                            Vec2::new(50.0, 90.0),
                        ],
                        looped: true,
                        radius: 5.0,
                    },
                ];
                let fields = vec![
                    FlowField {
                        name: "vortex".into(),
                        cell_size: cell,
                        base: FlowBase::Vortex {
                            center: Vec2::splat(50.0),
                            inward_deg: angle,
                        },
                        painted: vec![PaintedCell {
                            col: 0,
                            row: 0,
                            angle_deg: angle,
                        }],
                    },
                    FlowField {
                        name: "noise".into(),
                        cell_size: cell,
                        base: FlowBase::Noise { seed, scale },
                        painted: Vec::new(),
                    },
                ];
                let placed = vec![Placed {
                    group: "a".into(),
                    position: at,
                    velocity: Vec2::new(v.0, v.1),
                    wander_angle_deg: wander,
                }];
                (walls, paths, fields, placed)
            },
        )
}

prop_compose! {
    fn world_spec()(
        seed in any::<u64>(),
        dt in prop_oneof![Just(1.0_f32), Just(1.0 / 60.0), steerlab::sim::limits::MIN_DT_SECS..=1.0],
        bounds in prop_oneof![Just(BoundsMode::Wrap), Just(BoundsMode::Bounce), Just(BoundsMode::Respawn), Just(BoundsMode::Open)],
        click in point(100.0),
        obstacles in prop::collection::vec((point(100.0), magnitude()), 0..3),
        a in group("a").boxed(),
        b in group("b").boxed(),
        beyond_a in prop::option::of(beyond()),
        beyond_b in prop::option::of(beyond()),
        scenery in scenery(),
    ) -> WorldSpec {
        let (mut a, mut b) = (a, b);
        if let Some(x) = beyond_a {
            x.apply(&mut a);
        }
        if let Some(x) = beyond_b {
            x.apply(&mut b);
        }
        let (walls, paths, flow_fields, placed) = scenery;
        WorldSpec {
            seed,
            dt,
            size: Vec2::new(100.0, 100.0),
            bounds,
            click_target: click,
            obstacles: obstacles.into_iter().map(|(center, radius)| Obstacle { center, radius }).collect(),
            walls,
            level: steerlab::sim::Level::default(),
            paths,
            flow_fields,
            agents: placed,
            groups: vec![a, b],
        }
    }
}

fn within(length: f32, max: f32) -> bool {
    length <= max * (1.0 + 1e-6)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn no_nan_and_limits_hold(spec in world_spec().boxed(), pointer in prop::option::of(point(100.0)), ticks in 1_u64..60) {
        let mut world = World::new(spec).expect("the strategy only makes valid parameters");
        world.keep_details(true);
        world.set_pointer(pointer);
        // The heading by its definition, kept here every tick: the velocity's direction, or the
        // last heading while the agent has none. The world keeps it only when an agent stops.
        let mut headings: Vec<Vec2> = world.agents().iter().map(steerlab::sim::Agent::heading).collect();
        for _ in 0..ticks {
            world.step();
            // Agents spawned this tick (queues append them) start from what the world says.
            let known = headings.len();
            headings.extend(world.agents()[known.min(world.agents().len())..].iter().map(steerlab::sim::Agent::heading));
            for (i, ((agent, record), heading)) in world.agents().iter().zip(world.records()).zip(&mut headings).enumerate() {
                if i < known {
                    let speed = agent.velocity.length();
                    let biggest = agent.velocity.abs().max_element();
                    if speed > 0.0 && speed.is_finite() {
                        *heading = agent.velocity / speed;
                    } else if biggest > 0.0 && biggest.is_finite() {
                        // So slow that its length squared underflows to zero (below about
                        // 1e-23 u/s): it still moves, and its direction is that of the
                        // velocity scaled up by its largest component.
                        let scaled = agent.velocity / biggest;
                        *heading = scaled / scaled.length();
                    }
                    prop_assert_eq!(agent.heading(), *heading, "agent {}", agent.id);
                }
                let group = &world.spec().groups[usize::from(agent.group)];
                prop_assert!(agent.position.is_finite(), "position {}", agent.position);
                prop_assert!(agent.velocity.is_finite(), "velocity {}", agent.velocity);
                prop_assert!(record.applied.is_finite() && record.combined.is_finite());
                prop_assert!(record.desired_velocity.is_finite());
                prop_assert!(record.forces().all(|(_, f)| f.is_finite()));
                prop_assert!(within(agent.velocity.length(), group.max_speed),
                    "speed {} > max {}", agent.velocity.length(), group.max_speed);
                prop_assert!(within(record.applied.length(), group.max_force),
                    "force {} > max {}", record.applied.length(), group.max_force);
                prop_assert!(agent.memory.pursuit.stamina.is_finite() && agent.steering.wander_angle_rad.is_finite());
                prop_assert!(agent.heading().is_finite() && record.smoothed_heading.is_none_or(Vec2::is_finite));
            }
            for detail in world.details() {
                for trace in detail.iter() {
                    // Every number a behavior recorded, whatever its look holds: Debug prints a
                    // float that is not finite as NaN, inf or -inf (no look has a field so named).
                    let text = format!("{trace:?}");
                    prop_assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
                }
            }
        }
    }

    #[test]
    fn invalid_parameters_are_refused(
        spec in world_spec().boxed(),
        which in 0_usize..6,
        bad in prop_oneof![Just(f32::NAN), Just(f32::INFINITY), Just(f32::NEG_INFINITY), -1e9_f32..=0.0],
    ) {
        let mut spec = spec;
        let g = &mut spec.groups[0];
        let field = match which {
            0 => { g.mass = bad; "groups[0].mass" }
            1 => { g.max_speed = if bad == 0.0 { -1.0 } else { bad }; "groups[0].max_speed" }
            2 => { g.max_force = if bad == 0.0 { f32::NAN } else { bad }; "groups[0].max_force" }
            3 => { spec.dt = bad; "dt" }
            4 => {
                let w = g.wander.as_mut().expect("strategy sets wander");
                w.circle_radius = if bad == 0.0 { -0.5 } else { bad };
                "groups[0].wander.circle_radius"
            }
            _ => {
                let s = g.seek.as_mut().expect("strategy sets seek");
                s.weight = if bad.is_finite() { f32::NAN } else { bad };
                "groups[0].seek.weight"
            }
        };
        let problems = World::new(spec).expect_err("invalid parameters must be refused");
        prop_assert!(problems.iter().any(|p| p.path == field), "{field} not reported: {problems:?}");
    }
}

#[test]
fn a_massless_agent_is_refused_with_a_clear_message() {
    let mut g = Group::new(
        "a",
        1,
        Spawn::At {
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
        },
    );
    g.mass = 0.0;
    let spec = WorldSpec {
        click_target: Vec2::ZERO,
        groups: vec![g],
        ..WorldSpec::empty(0, 1.0, Vec2::splat(10.0))
    };
    let problems = World::new(spec).expect_err("mass 0 is refused");
    assert_eq!(problems.len(), 1);
    assert_eq!(
        problems[0].to_string(),
        "groups[0].mass: must be > 0, got 0"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// In a world, one tick from the same state finds the same neighbour counts with the grid
    /// and with the naive scan, and moves every agent to the same place up to the rounding of
    /// summing the same neighbours in another order. Group `a` always separates within a
    /// positive radius that no other radius exceeds, so a grid of many cells is built and
    /// searched (checked, not assumed).
    #[test]
    fn grid_and_naive_worlds_agree(
        spec in world_spec().boxed(),
        radius in 0.5_f32..60.0,
        extra in 2_u32..40,
    ) {
        let mut spec = spec;
        let a = &mut spec.groups[0];
        a.count += extra;
        a.spawn = Spawn::Area { min: Vec2::ZERO, max: Vec2::splat(100.0), speed: 10.0 };
        let separation = a.separation.as_mut().expect("strategy sets separation");
        separation.enabled = true;
        separation.radius = radius;
        // No radius larger than this one, so the grid has many cells, not one. Moderate
        // kinematics: the two searches sum the same neighbours in another order, and at a
        // speed of 1e6 units per tick in a 100-unit wrapping world, one rounding step of a
        // position (0.0625 at 1e6) would show after the wrap.
        for g in &mut spec.groups {
            g.max_speed = g.max_speed.min(1000.0);
            g.max_force = g.max_force.min(1000.0);
            g.mass = g.mass.max(0.01);
            for r in [
                g.separation.as_mut().map(|b| &mut b.radius),
                g.alignment.as_mut().map(|b| &mut b.radius),
                g.cohesion.as_mut().map(|b| &mut b.radius),
            ]
            .into_iter()
            .flatten()
            {
                *r = r.min(radius);
            }
        }
        let mut grid = World::new(spec.clone()).expect("valid");
        let mut naive = World::new(spec).expect("valid");
        naive.set_neighbor_search(steerlab::sim::NeighborSearch::Naive);
        grid.step();
        naive.step();
        prop_assert!(grid.grid().cell_size() > 0.0, "the grid path was taken");
        prop_assert_eq!(naive.grid().cell_size(), 0.0, "the naive path was taken");
        let (cols, rows) = grid.grid().dims();
        prop_assert!(cols * rows > 1, "a grid of {cols} x {rows} cells");
        for ((a, b), (ra, rb)) in grid.agents().iter().zip(naive.agents()).zip(grid.records().iter().zip(naive.records())) {
            prop_assert_eq!(ra.neighbors, rb.neighbors);
            let tolerance = 1e-3 * (1.0 + a.position.length());
            prop_assert!(a.position.distance(b.position) <= tolerance, "{} vs {}", a.position, b.position);
        }
    }
}
