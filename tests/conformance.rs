//! The simulation against numbers worked out by hand, with `dt = 1` (the sources' per-frame
//! update), and the world against a game that runs the tutorials' steering manager itself.

// Exact values worked out by hand are the point of these tests.
#![allow(clippy::float_cmp)]

use glam::Vec2;
use steerlab::sim::params::{
    Arrive, ArriveMode, Evade, Flee, Prediction, Pursuit, Queue, Seek, Stamina, Wander,
};
use steerlab::sim::{
    BehaviorKind, Boid, BoundsMode, Combination, Group, Spawn, SteeringManager, SteeringState,
    Target, World, WorldSpec,
};

/// A world with no edges (so nothing wraps), its click target at the origin.
fn spec(dt: f32, groups: Vec<Group>) -> WorldSpec {
    WorldSpec {
        bounds: BoundsMode::Open,
        click_target: Vec2::ZERO,
        groups,
        ..WorldSpec::empty(1, dt, Vec2::new(100_000.0, 100_000.0))
    }
}

fn at(position: Vec2, velocity: Vec2) -> Spawn {
    Spawn::At { position, velocity }
}

/// A seek trajectory of 12 ticks with `dt = 1`, computed by hand:
/// target (10, 0), start at rest at the origin, `max_speed` 4, `max_force` 2, mass 2 (so the
/// acceleration is at most 1 per tick).
///
/// | tick | desired - v      | truncated | accel | v     | x     |
/// |------|------------------|-----------|-------|-------|-------|
/// | 1    | 4 - 0 = 4        | 2         | 1     | 1     | 1     |
/// | 2    | 4 - 1 = 3        | 2         | 1     | 2     | 3     |
/// | 3    | 4 - 2 = 2        | 2         | 1     | 3     | 6     |
/// | 4    | 4 - 3 = 1        | 1         | 0.5   | 3.5   | 9.5   |
/// | 5    | 4 - 3.5 = 0.5    | 0.5       | 0.25  | 3.75  | 13.25 |  (passes the target)
/// | 6    | -4 - 3.75 = -7.75| -2        | -1    | 2.75  | 16    |
/// | 7    | -4 - 2.75        | -2        | -1    | 1.75  | 17.75 |
/// | 8    | -4 - 1.75        | -2        | -1    | 0.75  | 18.5  |
/// | 9    | -4 - 0.75        | -2        | -1    | -0.25 | 18.25 |
/// | 10   | -4 + 0.25        | -2        | -1    | -1.25 | 17    |
/// | 11   | -4 + 1.25        | -2        | -1    | -2.25 | 14.75 |
/// | 12   | -4 + 2.25 = -1.75| -1.75     |-0.875 |-3.125 | 11.625|
#[test]
fn seek_trajectory_matches_the_hand_table() {
    let mut g = Group::new("seeker", 1, at(Vec2::ZERO, Vec2::ZERO));
    g.max_speed = 4.0;
    g.max_force = 2.0;
    g.mass = 2.0;
    g.seek = Some(Seek {
        target: Target::Point(Vec2::new(10.0, 0.0)),
        ..Seek::default()
    });
    let mut world = World::new(spec(1.0, vec![g])).expect("valid");
    let table: [(f32, f32, f32); 12] = [
        (2.0, 1.0, 1.0),
        (2.0, 2.0, 3.0),
        (2.0, 3.0, 6.0),
        (1.0, 3.5, 9.5),
        (0.5, 3.75, 13.25),
        (-2.0, 2.75, 16.0),
        (-2.0, 1.75, 17.75),
        (-2.0, 0.75, 18.5),
        (-2.0, -0.25, 18.25),
        (-2.0, -1.25, 17.0),
        (-2.0, -2.25, 14.75),
        (-1.75, -3.125, 11.625),
    ];
    for (tick, &(force, velocity, x)) in table.iter().enumerate() {
        world.step();
        let agent = &world.agents()[0];
        let record = world.record(0).expect("one agent");
        let tick = tick + 1;
        assert_eq!(
            record.applied,
            Vec2::new(force, 0.0),
            "force at tick {tick}"
        );
        assert_eq!(
            agent.velocity,
            Vec2::new(velocity, 0.0),
            "velocity at tick {tick}"
        );
        assert_eq!(agent.position, Vec2::new(x, 0.0), "position at tick {tick}");
    }
}

/// The same step in two dimensions: from rest, target (300, 400), `max_speed` 5, `max_force` 1,
/// mass 1: desired (3, 4), truncated to (0.6, 0.8), which is the velocity and the position.
#[test]
fn seek_first_step_in_two_dimensions() {
    let mut g = Group::new("seeker", 1, at(Vec2::ZERO, Vec2::ZERO));
    g.max_speed = 5.0;
    g.max_force = 1.0;
    g.seek = Some(Seek {
        target: Target::Point(Vec2::new(300.0, 400.0)),
        ..Seek::default()
    });
    let mut world = World::new(spec(1.0, vec![g])).expect("valid");
    world.step();
    let r = world.record(0).expect("one agent");
    assert_eq!(r.desired_velocity, Vec2::new(3.0, 4.0));
    assert!((r.applied - Vec2::new(0.6, 0.8)).length() < 1e-6);
    assert!((world.agents()[0].position - Vec2::new(0.6, 0.8)).length() < 1e-6);
}

/// Arrive (slowing radius) at dt = 1/60 from 600 units away: it comes to rest on the target
/// (speed below 1e-3 by tick 700, about 11.7 s; measured: tick 619) and never passes it by
/// more than 0.01 unit (measured: it never passes it).
///
/// The target is the origin: f32 positions near 600 have a resolution of 6e-5, so a velocity
/// below about 2e-3 u/s no longer moves an agent there by a whole step of dt = 1/60.
#[test]
fn arrive_comes_to_rest_without_passing_the_target() {
    let target = Vec2::ZERO;
    let mut g = Group::new("arriver", 1, at(Vec2::new(-600.0, 0.0), Vec2::ZERO));
    g.max_speed = 200.0;
    g.max_force = 200.0;
    // Mass is the response time in the dt form: 0.1 s gives a damping ratio of about 1.4 with
    // a 150-unit radius (see docs/scenes.md).
    g.mass = 0.1;
    g.arrive = Some(Arrive {
        target: Target::Point(target),
        mode: ArriveMode::SlowingRadius(150.0),
        ..Arrive::default()
    });
    let mut world = World::new(spec(1.0 / 60.0, vec![g])).expect("valid");
    let mut worst_overshoot: f32 = 0.0;
    for _ in 0..700 {
        world.step();
        worst_overshoot = worst_overshoot.max(world.agents()[0].position.x - target.x);
    }
    let agent = &world.agents()[0];
    assert!(
        agent.velocity.length() < 1e-3,
        "still moving at {}",
        agent.velocity.length()
    );
    assert!(
        agent.position.distance(target) < 0.01,
        "rests at {}",
        agent.position
    );
    assert!(
        worst_overshoot <= 0.01,
        "passed the target by {worst_overshoot}"
    );
}

/// Pursuit reaches a target moving in a straight line in fewer ticks than seek.
#[test]
fn pursuit_catches_a_straight_mover_sooner_than_seek() {
    fn ticks_to_catch(pursue: bool) -> u32 {
        // The runner goes right at 80 u/s and has no behavior (its velocity never changes).
        let mut runner = Group::new("runner", 1, at(Vec2::new(0.0, 300.0), Vec2::new(80.0, 0.0)));
        runner.max_speed = 80.0;
        let mut chaser = Group::new("chaser", 1, at(Vec2::new(0.0, 0.0), Vec2::ZERO));
        chaser.max_speed = 120.0;
        chaser.max_force = 150.0;
        if pursue {
            chaser.pursuit = Some(Pursuit {
                target: Target::Nearest("runner".into()),
                prediction: Prediction::default(),
                ..Pursuit::default()
            });
        } else {
            chaser.seek = Some(Seek {
                target: Target::Nearest("runner".into()),
                ..Seek::default()
            });
        }
        let mut world = World::new(spec(1.0 / 60.0, vec![runner, chaser])).expect("valid");
        for tick in 1..=6000 {
            world.step();
            let [runner, chaser] = world.agents() else {
                panic!("two agents");
            };
            if runner.position.distance(chaser.position) < 5.0 {
                return tick;
            }
        }
        u32::MAX
    }
    let pursuit = ticks_to_catch(true);
    let seek = ticks_to_catch(false);
    eprintln!("caught after {pursuit} ticks with pursuit, {seek} ticks with seek");
    assert!(pursuit < seek, "pursuit {pursuit} ticks, seek {seek} ticks");
    assert!(pursuit < 6000);
}

/// Hunter stamina as the seeds count it (000 part 5, 003): `if (resting && stamina++ >=
/// MAX_STAMINA) resting = false;` compares before the increment, and the increment is kept.
/// With max 20, -2 per tick of pursuit and +1 per tick of rest, worked out by hand:
///
/// | tick | stamina before | resting | what happens                         | stamina after |
/// |------|----------------|---------|--------------------------------------|---------------|
/// | 1    | 20 (full)      | no      | no prey yet: pick the closest        | 20            |
/// | 2-11 | 20 .. 2        | no      | pursue, -2; at 0 drop the prey, rest | 18 .. 0       |
/// | 12   | 0              | yes     | 0 >= 20? no; +1; pick a prey         | 1             |
/// | 31   | 19             | yes     | 19 >= 20? no; +1                     | 20            |
/// | 32   | 20             | yes     | 20 >= 20: stop resting; +1; pursue   | 21 - 2 = 19   |
/// | 42   | 1              | no      | pursue, -2: below 0, rest            | -1            |
/// | 43   | -1             | yes     | rest from -1                         | 0             |
/// | 63   | 19             | yes     | +1                                   | 20            |
/// | 64   | 20             | yes     | stop resting; +1; pursue             | 19            |
///
/// From then on a hunter pursues 11 ticks (21 down to -1) and rests 21 (-1 up to 20), as the
/// seeds' hunter does. Stamina counts ticks, so any `dt` gives the same tick numbers.
#[test]
fn hunter_stamina_cycle() {
    for dt in [1.0, 1.0 / 60.0] {
        let mut hunter = Group::new("hunter", 1, at(Vec2::ZERO, Vec2::ZERO));
        hunter.stamina = Some(Stamina {
            max: 20.0,
            regen_per_tick: 1.0,
            cost_per_tick: 2.0,
        });
        hunter.pursuit = Some(Pursuit {
            target: Target::Nearest("prey".into()),
            exclusive: true,
            ..Pursuit::default()
        });
        let prey = Group::new("prey", 1, at(Vec2::new(50_000.0, 0.0), Vec2::ZERO));
        let mut world = World::new(spec(dt, vec![hunter, prey])).expect("valid");
        // (stamina, resting, has prey, pursued this tick) after the ticks of the table.
        let expected: [(u64, (f32, bool, bool, bool)); 10] = [
            (1, (20.0, false, true, false)),
            (2, (18.0, false, true, true)),
            (11, (0.0, true, false, true)),
            (12, (1.0, true, true, false)),
            (31, (20.0, true, true, false)),
            (32, (19.0, false, true, true)),
            (42, (-1.0, true, false, true)),
            (43, (0.0, true, true, false)),
            (63, (20.0, true, true, false)),
            (64, (19.0, false, true, true)),
        ];
        let mut pursued_by_tick = Vec::new();
        for tick in 1..=200 {
            world.step();
            let h = &world.agents()[0];
            let pursued = world
                .record(0)
                .expect("one agent")
                .was_evaluated(steerlab::sim::BehaviorKind::Pursuit);
            pursued_by_tick.push(pursued);
            if let Some((_, want)) = expected.iter().find(|(t, _)| *t == tick) {
                let got = (
                    h.memory.pursuit.stamina,
                    h.memory.pursuit.resting,
                    h.memory.pursuit.prey.is_some(),
                    pursued,
                );
                assert_eq!(got, *want, "dt {dt}, tick {tick}");
            }
        }
        // Runs of pursuit and of rest from tick 32 on: 11 and 21 ticks, alternating.
        let mut runs: Vec<(bool, usize)> = Vec::new();
        for &p in &pursued_by_tick[31..] {
            match runs.last_mut() {
                Some((q, n)) if *q == p => *n += 1,
                _ => runs.push((p, 1)),
            }
        }
        runs.pop(); // The run tick 200 cuts short.
        assert!(runs.len() >= 8, "{runs:?}");
        for (pursuing, n) in runs {
            assert_eq!(n, if pursuing { 11 } else { 21 }, "dt {dt}");
        }
    }
}

/// A game's own host for the owned steering manager.
#[derive(Clone, Copy)]
struct Ship {
    position: Vec2,
    velocity: Vec2,
    max_speed: f32,
    mass: f32,
}

impl Boid for Ship {
    fn position(&self) -> Vec2 {
        self.position
    }
    fn velocity(&self) -> Vec2 {
        self.velocity
    }
    fn max_speed(&self) -> f32 {
        self.max_speed
    }
    fn mass(&self) -> f32 {
        self.mass
    }
    fn set_position(&mut self, position: Vec2) {
        self.position = position;
    }
    fn set_velocity(&mut self, velocity: Vec2) {
        self.velocity = velocity;
    }
}

/// Four hosts the tutorials' way: a wanderer; a hunter that flees a point and pursues the
/// wanderer; a seeker that arrives inside a slowing radius; an evader of the wanderer. As a
/// world: one group each, the same blocks, agent 0 the wanderer, every group combining its
/// forces by `combination`.
fn tutorial_hosts(combination: Combination) -> WorldSpec {
    let wander = Wander {
        circle_distance: 20.0,
        circle_radius: 12.0,
        angle_change_rad: 0.8,
        ..Wander::default()
    };
    let mut wanderer = Group::new("wanderer", 1, at(Vec2::ZERO, Vec2::new(3.0, 1.0)));
    wanderer.max_speed = 4.0;
    wanderer.wander = Some(wander);
    let mut hunter = Group::new("hunter", 1, at(Vec2::new(-40.0, 30.0), Vec2::ZERO));
    hunter.max_speed = 5.0;
    hunter.max_force = 0.8;
    hunter.mass = 2.0;
    hunter.flee = Some(Flee {
        target: Target::Point(Vec2::new(-30.0, 10.0)),
        panic_distance: None,
        ..Flee::default()
    });
    hunter.pursuit = Some(Pursuit {
        target: Target::Agent(0),
        ..Pursuit::default()
    });
    let mut seeker = Group::new("seeker", 1, at(Vec2::new(90.0, -60.0), Vec2::new(0.0, 2.0)));
    seeker.max_speed = 3.0;
    seeker.max_force = 0.5;
    seeker.arrive = Some(Arrive {
        target: Target::Point(Vec2::new(10.0, 20.0)),
        mode: ArriveMode::SlowingRadius(40.0),
        ..Arrive::default()
    });
    let mut evader = Group::new("evader", 1, at(Vec2::new(20.0, 20.0), Vec2::ZERO));
    evader.max_speed = 3.5;
    evader.evade = Some(Evade {
        target: Target::Agent(0),
        ..Evade::default()
    });
    let mut groups = vec![wanderer, hunter, seeker, evader];
    for g in &mut groups {
        g.combination = combination;
    }
    spec(1.0, groups)
}

/// The tutorials' host-object API (`seek` with its slowing radius, `flee`, `pursuit`,
/// `evade`, `wander` on a manager, then `update`) is the registry's own code: four hosts
/// driven that way by a game keep the world's bits tick after tick (position, velocity, the
/// whole record, the random stream), under each of the three combinations (dithering draws from
/// the stream too).
#[test]
fn the_tutorials_host_object_api_is_the_worlds_code() {
    for combination in [
        Combination::WeightedSum,
        Combination::PrioritizedSum,
        Combination::PrioritizedDithering,
    ] {
        tutorial_api_against_the_world(combination);
    }
}

fn tutorial_api_against_the_world(combination: Combination) {
    let mut world = World::new(tutorial_hosts(combination)).expect("valid");
    let groups = world.spec().groups.clone();
    let wander = groups[0].wander.clone().expect("wander");
    let mut ships: Vec<Ship> = world
        .agents()
        .iter()
        .map(|a| Ship {
            position: a.position,
            velocity: a.velocity,
            max_speed: groups[usize::from(a.group)].max_speed,
            mass: groups[usize::from(a.group)].mass,
        })
        .collect();
    let mut managers: Vec<SteeringManager> = groups
        .iter()
        .zip(0..)
        .map(|(g, id)| {
            SteeringManager::new(
                SteeringState::new(world.spec().seed, id),
                g.max_force,
                g.combination,
            )
        })
        .collect();
    let mut pushed = std::collections::HashSet::new();
    for tick in 1..=300 {
        world.step();
        let prey = ships[0];
        // Each host's calls in the registry's priority order, as the world adds them.
        managers[0].wander(&ships[0], &wander);
        managers[1].flee(&ships[1], Vec2::new(-30.0, 10.0));
        managers[1].pursuit(&ships[1], &prey);
        managers[2].seek(&ships[2], Vec2::new(10.0, 20.0), 40.0);
        managers[3].evade(&ships[3], &prey);
        for (i, (m, ship)) in managers.iter_mut().zip(&mut ships).enumerate() {
            let record = m.update(ship, 1.0);
            let agent = &world.agents()[i];
            assert_eq!(
                (agent.position, agent.velocity),
                (ship.position, ship.velocity),
                "{combination:?}: host {i}, tick {tick}"
            );
            assert_eq!(
                agent.steering, m.state,
                "{combination:?}: host {i}, tick {tick}"
            );
            let kept = world.record(i).expect("a record");
            assert_eq!(
                *kept, record.debug,
                "{combination:?}: host {i}, tick {tick}"
            );
            for kind in BehaviorKind::ALL {
                assert_eq!(
                    kept.force(kind),
                    record.force(kind),
                    "{kind:?} of host {i}, tick {tick}"
                );
            }
            pushed.extend(
                BehaviorKind::ALL
                    .into_iter()
                    .filter(|&k| kept.force(k) != Vec2::ZERO),
            );
        }
    }
    for kind in [
        BehaviorKind::Wander,
        BehaviorKind::Flee,
        BehaviorKind::Pursuit,
        BehaviorKind::Arrive,
        BehaviorKind::Evade,
    ] {
        assert!(pushed.contains(&kind), "{kind:?} never pushed");
    }
}

/// A one-agent world at `dt` with `g` and the scenery `with` adds.
fn world_with(dt: f32, g: Group, with: impl FnOnce(&mut WorldSpec)) -> World {
    let mut s = spec(dt, vec![g]);
    with(&mut s);
    let mut world = World::new(s).expect("valid");
    world.keep_details(true);
    world
}

/// Wall avoidance at `dt = 1`: heading +x at speed 2 (mass 1, max speed 2, max force 100),
/// one wall across x = 30. The front feeler (40 long) crosses it at (30, 0): overshoot 10,
/// normal (-1, 0), weight 1: force (-10, 0); velocity 2 - 10 = -8, truncated to max speed 2:
/// (-2, 0); position 0 + (-2) = (-2, 0). In the dt form (1/60 s) the same force brakes by
/// 10 / 60 per tick.
#[test]
fn wall_avoidance_first_tick_at_dt_1_and_in_the_dt_form() {
    use steerlab::sim::params::{AvoidWalls, Wall};
    let make = || {
        let mut g = Group::new("a", 1, at(Vec2::ZERO, Vec2::new(2.0, 0.0)));
        (g.max_speed, g.max_force, g.mass) = (2.0, 100.0, 1.0);
        g.avoid_walls = Some(AvoidWalls::default());
        g
    };
    let wall = |s: &mut WorldSpec| {
        s.walls.push(Wall {
            from: Vec2::new(30.0, -50.0),
            to: Vec2::new(30.0, 50.0),
        });
    };
    let mut world = world_with(1.0, make(), wall);
    world.step();
    assert_eq!(
        world.record(0).expect("one agent").applied,
        Vec2::new(-10.0, 0.0)
    );
    assert_eq!(world.agents()[0].velocity, Vec2::new(-2.0, 0.0));
    assert_eq!(world.agents()[0].position, Vec2::new(-2.0, 0.0));
    // The detail records the crossing and the feelers.
    let detail = world.details()[0].clone();
    assert_eq!(
        detail
            .look::<AvoidWalls>()
            .and_then(|look| look.hit)
            .map(|h| h.point),
        Some(Vec2::new(30.0, 0.0))
    );
    assert_eq!(
        detail.look::<AvoidWalls>().map(|look| look.feelers[0]),
        Some(Vec2::new(40.0, 0.0))
    );
    let mut world = world_with(1.0 / 60.0, make(), wall);
    world.step();
    assert_eq!(
        world.record(0).expect("one agent").applied,
        Vec2::new(-10.0, 0.0)
    );
    assert_eq!(
        world.agents()[0].velocity,
        Vec2::new(2.0 - 10.0 / 60.0, 0.0)
    );
}

/// The turn-rate limit: an agent moving +x at 10 seeks a point up and behind it, (-1000,
/// 1000), with a force so strong (mass 0.01) that one tick would swing its velocity round to
/// about 157 degrees. With 90 degrees per second the velocity turns exactly 90 degrees at
/// `dt = 1`, and 1.5 degrees a tick at `dt = 1/60`, keeping the speed the forces ask for.
#[test]
fn the_turn_rate_limit_caps_each_tick_by_rate_times_dt() {
    let make = |limit: Option<f32>| {
        let mut g = Group::new("a", 1, at(Vec2::ZERO, Vec2::new(10.0, 0.0)));
        (g.max_speed, g.max_force, g.mass) = (10.0, 1000.0, 0.01);
        g.max_turn_rate_deg = limit;
        g.seek = Some(Seek {
            target: Target::Point(Vec2::new(-1000.0, 1000.0)),
            ..Seek::default()
        });
        g
    };
    let heading = |w: &World| {
        let v = w.agents()[0].velocity;
        v.y.atan2(v.x).to_degrees()
    };
    let mut free = world_with(1.0, make(None), |_| {});
    free.step();
    assert!(heading(&free) > 150.0, "{}", heading(&free));
    let mut capped = world_with(1.0, make(Some(90.0)), |_| {});
    capped.step();
    assert!(
        (heading(&capped) - 90.0).abs() < 1e-3,
        "{}",
        heading(&capped)
    );
    assert!((capped.agents()[0].velocity.length() - 10.0).abs() < 1e-4);
    let mut fine = world_with(1.0 / 60.0, make(Some(90.0)), |_| {});
    for tick in 1..=4 {
        fine.step();
        let want = 1.5 * tick as f32;
        assert!(
            (heading(&fine) - want).abs() < 1e-3,
            "tick {tick}: {}",
            heading(&fine)
        );
    }
}

/// Buckland's smoother: the drawn heading is the mean of the last N headings. An agent turned
/// a quarter each tick (+x, +y, -x, ...) by a huge seek force at `dt = 1` is drawn, with N = 2,
/// along the mean of its last two headings; its own heading is unchanged.
#[test]
fn the_heading_smoother_draws_the_mean_of_the_last_n_headings() {
    let mut g = Group::new("a", 1, at(Vec2::ZERO, Vec2::new(1.0, 0.0)));
    (g.max_speed, g.max_force, g.mass) = (1.0, 1000.0, 1.0);
    g.heading_smoothing = Some(2);
    // Seek a point straight +y: the first tick turns the velocity to (0, 1).
    g.seek = Some(Seek {
        target: Target::Point(Vec2::new(0.0, 1000.0)),
        ..Seek::default()
    });
    let mut world = world_with(1.0, g, |_| {});
    world.step();
    // History: zeros, then the first heading (0, 1): the mean is along +y.
    assert_eq!(world.agents()[0].heading(), Vec2::new(0.0, 1.0));
    let smoothed = |w: &World| w.record(0).and_then(|r| r.smoothed_heading);
    assert_eq!(smoothed(&world), Some(Vec2::new(0.0, 1.0)));
    world.step();
    // Still heading +y: mean of (0, 1) and (0, 1).
    assert_eq!(smoothed(&world), Some(Vec2::new(0.0, 1.0)));
}

/// Flow following at `dt = 1`: a uniform field pointing +y, an agent at rest (max speed 3,
/// mass 1): desired (0, 3), force (0, 3), velocity (0, 3), position (5, 8).
#[test]
fn flow_following_first_tick_at_dt_1() {
    use steerlab::sim::params::{FlowBase, FlowField, FollowFlow};
    let mut g = Group::new("a", 1, at(Vec2::new(5.0, 5.0), Vec2::ZERO));
    (g.max_speed, g.max_force, g.mass) = (3.0, 100.0, 1.0);
    g.follow_flow = Some(FollowFlow {
        field: "f".to_owned(),
        ..FollowFlow::default()
    });
    let mut world = world_with(1.0, g, |s| {
        s.size = Vec2::new(100.0, 100.0);
        s.flow_fields.push(FlowField {
            name: "f".to_owned(),
            cell_size: 10.0,
            base: FlowBase::Uniform { angle_deg: 90.0 },
            painted: Vec::new(),
        });
    });
    world.step();
    let agent = &world.agents()[0];
    assert!(
        (agent.velocity - Vec2::new(0.0, 3.0)).length() < 1e-5,
        "{}",
        agent.velocity
    );
    assert!(
        (agent.position - Vec2::new(5.0, 8.0)).length() < 1e-5,
        "{}",
        agent.position
    );
}

/// Placed agents come first, with their exact start and wander angle, before a group's own.
#[test]
fn placed_agents_spawn_first_with_their_ids() {
    use steerlab::sim::params::{Placed, Wander};
    let mut g = Group::new("a", 2, at(Vec2::new(9.0, 9.0), Vec2::ZERO));
    g.wander = Some(Wander::default());
    let mut s = spec(1.0, vec![g]);
    s.agents.push(Placed {
        group: "a".to_owned(),
        position: Vec2::new(1.0, 2.0),
        velocity: Vec2::new(3.0, 4.0),
        wander_angle_deg: Some(90.0),
    });
    let world = World::new(s).expect("valid");
    let agents = world.agents();
    assert_eq!(agents.len(), 3);
    assert_eq!(
        (agents[0].id, agents[0].position, agents[0].velocity),
        (0, Vec2::new(1.0, 2.0), Vec2::new(3.0, 4.0))
    );
    assert_eq!(agents[0].steering.wander_angle_rad, 90_f32.to_radians());
    assert_eq!(agents[0].heading(), Vec2::new(0.6, 0.8));
    assert_eq!((agents[1].id, agents[1].position), (1, Vec2::new(9.0, 9.0)));
}

/// Queuing at `dt = 1`: an agent at the origin moving (1, 0) (max speed 2, mass 1) seeks
/// (100, 0): seek asks (2, 0) - (1, 0) = (1, 0). A post stands at (10, 0), within 3 of the
/// point 10 ahead: blocked. Queue brakes half the forward steering and the forward velocity:
/// -(0.5 * 1 + 1) = (-1.5, 0); applied (1, 0) + (-1.5, 0) = (-0.5, 0); velocity (0.5, 0),
/// position (0.5, 0). With the post at (50, 0) nothing is ahead: velocity (2, 0).
#[test]
fn queuing_brakes_behind_an_agent_ahead() {
    let run = |post: Vec2| {
        let mut walker = Group::new("walker", 1, at(Vec2::ZERO, Vec2::X));
        (walker.max_speed, walker.max_force, walker.mass) = (2.0, 100.0, 1.0);
        walker.seek = Some(Seek {
            target: Target::Point(Vec2::new(100.0, 0.0)),
            ..Seek::default()
        });
        walker.queue = Some(Queue {
            ahead: 10.0,
            radius: 3.0,
            brake: 0.5,
            ..Queue::default()
        });
        let standing = Group::new("post", 1, at(post, Vec2::ZERO));
        let mut world = World::new(spec(1.0, vec![walker, standing])).expect("valid");
        world.step();
        let record = world.record(0).expect("two agents");
        (
            record.force(BehaviorKind::Queue),
            record.applied,
            world.agents()[0].velocity,
            world.agents()[0].position,
        )
    };
    assert_eq!(
        run(Vec2::new(10.0, 0.0)),
        (
            Vec2::new(-1.5, 0.0),
            Vec2::new(-0.5, 0.0),
            Vec2::new(0.5, 0.0),
            Vec2::new(0.5, 0.0)
        )
    );
    let clear = run(Vec2::new(50.0, 0.0));
    assert_eq!(clear.0, Vec2::ZERO);
    assert_eq!(clear.2, Vec2::new(2.0, 0.0));
}
