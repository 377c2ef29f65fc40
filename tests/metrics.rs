//! The metrics of `steerlab::sim::metrics` on runs small enough to work out by hand (dt = 1,
//! whole numbers), and finite on random scenes.

use glam::Vec2;
use proptest::prelude::*;
use steerlab::scene;
use steerlab::sim::World;
use steerlab::sim::metrics::{Metrics, Recorder, components};

fn run(text: &str, ticks: u64) -> (World, Metrics) {
    let scene = scene::from_str(text, "test.ron")
        .expect("valid")
        .into_scene();
    let mut world = scene.build_world().expect("builds");
    let mut recorder = Recorder::new(&world);
    for _ in 0..ticks {
        world.step();
        recorder.observe(&world);
    }
    let metrics = recorder.report(&world);
    (world, metrics)
}

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() < 1e-9)
}

/// One group: `count` 1 at `position` with `velocity`, the given blocks.
fn scene(groups: &str) -> String {
    format!(
        "(version: 2, name: \"t\", seed: 1, dt: 1.0, \
         world: (width: 400.0, height: 400.0, bounds: Open), groups: [{groups}])"
    )
}

fn group(name: &str, at: (f32, f32), v: (f32, f32), max_force: f32, blocks: &str) -> String {
    format!(
        "(name: \"{name}\", count: 1, spawn: At(position: ({}, {}), velocity: ({}, {})), \
         max_force: {max_force}, max_speed: 10.0, mass: 1.0, radius: 7.0, {blocks})",
        at.0, at.1, v.0, v.1
    )
}

/// The crowd metrics of the seeker worked by hand below (arrives at t = 10 s, never slow) and
/// of one with no force that never moves: worst times to arrive 10 s and the whole run (20 s),
/// throughput 1 agent in 10 s and none, stuck never and at once (slower than 5% of 10 u/s for
/// 2 s), no route planned.
#[test]
fn crowd_metrics_worked_by_hand() {
    let seeker = group(
        "s",
        (0.0, 200.0),
        (10.0, 0.0),
        5.0,
        "seek: (target: Point((100.0, 200.0)))",
    );
    let idle = group(
        "idle",
        (0.0, 100.0),
        (0.0, 0.0),
        0.0,
        "seek: (target: Point((100.0, 100.0)))",
    );
    let (_, m) = run(&scene(&format!("{seeker}, {idle}")), 20);
    let (s, idle) = (&m.groups[0], &m.groups[1]);
    assert!(
        close(s.get("worst_time_to_arrive"), 10.0),
        "{:?}",
        s.get("worst_time_to_arrive")
    );
    assert!(close(s.get("throughput"), 0.1), "{:?}", s.get("throughput"));
    assert!(close(s.get("stuck"), 0.0));
    assert_eq!(s.get("route_ratio"), None);
    assert!(close(idle.get("worst_time_to_arrive"), 20.0));
    assert_eq!(idle.get("throughput"), None);
    assert!(close(idle.get("stuck"), 1.0));
}

/// A seeker at x = 0 moving at `max_speed` 10 toward a point at x = 100, `max_force` 5, dt = 1:
/// x = 10, 20, ..., 100 on ticks 1..10 (no force: desired = velocity); tick 11 brakes by 5
/// (x = 105), 12 brakes to 0 (x = 105), 13 turns back at 5 (x = 100), 14 stops it (x = 100).
#[test]
fn arrival_and_motion_of_a_seek_worked_by_hand() {
    let text = scene(&group(
        "s",
        (0.0, 200.0),
        (10.0, 0.0),
        5.0,
        "seek: (target: Point((100.0, 200.0)))",
    ));
    let (world, m) = run(&text, 20);
    assert_eq!(world.agents()[0].position, Vec2::new(100.0, 200.0));
    let g = &m.groups[0];
    assert!(close(g.get("arrived"), 1.0));
    assert!(
        close(g.get("time_to_arrive"), 10.0),
        "{:?}",
        g.get("time_to_arrive")
    );
    assert!(close(g.get("overshoot"), 5.0), "{:?}", g.get("overshoot"));
    // Within the tolerance (radius 7) from tick 10 on: 105 is 5 away.
    assert!(close(g.get("settle_time"), 10.0));
    assert!(close(g.get("final_error"), 0.0));
    // 100 + 5 (tick 11) + 5 (tick 13) travelled for a displacement of 100.
    assert!(close(g.get("path_ratio"), 1.1));
    // Ticks 1..10 at max_speed; ticks 11..14 at max_force.
    assert!(close(g.get("at_max_speed"), 10.0 / 20.0));
    assert!(close(g.get("at_max_force"), 4.0 / 20.0));
    // One half turn (tick 13) over 20 s.
    // (π as f32, the angle of the turn, is 8.7e-8 above π.)
    assert!((g.get("heading_jitter").unwrap() - std::f64::consts::PI / 20.0).abs() < 1e-7);
    // Force 0 → -5 (tick 11), -5 → +5 (tick 14), +5 → 0 (tick 15): 20 over 19 changes.
    assert!(close(g.get("force_jitter"), 20.0 / 19.0));
    // Alone: no pair, no pursuit, no flock.
    assert_eq!(g.get("min_separation"), None);
    assert_eq!(g.get("captures"), None);
    assert_eq!(g.get("polarization"), None);
    assert_eq!(m.get("s.overshoot"), Some(5.0));
}

/// With `max_force` large enough, tick 11 stops the seeker dead on the point: no overshoot.
#[test]
fn a_seek_that_stops_on_the_point_has_no_overshoot() {
    let text = scene(&group(
        "s",
        (0.0, 200.0),
        (10.0, 0.0),
        1000.0,
        "seek: (target: Point((100.0, 200.0)))",
    ));
    let (_, m) = run(&text, 20);
    assert!(close(m.groups[0].get("overshoot"), 0.0));
    assert!(close(m.groups[0].get("path_ratio"), 1.0));
}

/// A seeker of the pointer at x = 0 moving at `max_speed` 10 along x, `max_force` 5, dt = 1.
fn pointer_seeker() -> World {
    let text = scene(&group(
        "s",
        (0.0, 200.0),
        (10.0, 0.0),
        5.0,
        "seek: (target: Pointer)",
    ));
    let scene = scene::from_str(&text, "test.ron")
        .expect("valid")
        .into_scene();
    scene.build_world().expect("builds")
}

/// The final error is of the last tick only: a seeker of the pointer at x = 0, 10 u/tick toward
/// a pointer at x = 100, is 70 from it after tick 3; with no pointer on tick 4 it has no error
/// (it coasts to x = 40); with the pointer back at x = 50 on tick 5 it is on it.
#[test]
fn the_final_error_is_of_the_last_tick() {
    let mut world = pointer_seeker();
    let mut recorder = Recorder::new(&world);
    let tick = |world: &mut World, recorder: &mut Recorder, pointer: Option<f32>| {
        world.set_pointer(pointer.map(|x| Vec2::new(x, 200.0)));
        world.step();
        recorder.observe(world);
        recorder.report(world).groups[0].get("final_error")
    };
    for _ in 0..2 {
        tick(&mut world, &mut recorder, Some(100.0));
    }
    assert!(close(tick(&mut world, &mut recorder, Some(100.0)), 70.0));
    assert_eq!(tick(&mut world, &mut recorder, None), None);
    assert_eq!(world.agents()[0].position, Vec2::new(40.0, 200.0));
    assert!(close(tick(&mut world, &mut recorder, Some(50.0)), 0.0));
    let m = recorder.report(&world);
    assert!(close(m.groups[0].get("arrived"), 1.0));
    assert!(close(m.groups[0].get("time_to_arrive"), 5.0));
}

/// An agent keeps the error of the last tick it was observed on while it is out of the world:
/// the pointer's seeker, 70 from it after tick 3, taken out for tick 4 and put back, still
/// reports 70 until it is observed again.
#[test]
fn a_removed_agent_keeps_its_last_error() {
    let mut world = pointer_seeker();
    world.set_pointer(Some(Vec2::new(100.0, 200.0)));
    let mut recorder = Recorder::new(&world);
    for _ in 0..3 {
        world.step();
        recorder.observe(&world);
    }
    let agent = world.agents()[0].clone();
    assert!(world.remove_agent(agent.id));
    world.step();
    recorder.observe(&world);
    let id = agent.id;
    let error = |recorder: &Recorder| recorder.agent(id).and_then(|t| t.error);
    assert_eq!(error(&recorder), Some(70.0));
    assert!(world.insert_agent(agent));
    assert!(close(
        recorder.report(&world).groups[0].get("final_error"),
        70.0
    ));
    world.set_pointer(None);
    world.step();
    recorder.observe(&world);
    assert_eq!(error(&recorder), None);
}

/// Two bodies of radius 7 at x = 0 and 30, closing at 1 u/tick each, pass through each
/// other: the centres are |30 - 2k| apart after tick k, overlapping (< 14) on ticks 9..=21,
/// and coincide on tick 15 (gap -14).
#[test]
fn overlaps_and_smallest_separation_worked_by_hand() {
    let a = group("a", (100.0, 200.0), (1.0, 0.0), 1.0, "");
    let b = group("b", (130.0, 200.0), (-1.0, 0.0), 1.0, "");
    let text = format!(
        "(version: 2, name: \"t\", seed: 1, dt: 1.0, \
         world: (width: 400.0, height: 400.0, bounds: Open), \
         obstacles: [(center: (115.0, 209.0), radius: 1.0)], groups: [{a}, {b}])"
    );
    let (_, m) = run(&text, 30);
    for g in &m.groups {
        assert!(
            close(g.get("agent_overlaps"), 13.0),
            "{:?}",
            g.get("agent_overlaps")
        );
        assert!(close(g.get("min_separation"), -14.0));
        // The obstacle, 9 off the line, touches a body (7 + 1 = 8 reach) never.
        assert!(close(g.get("obstacle_overlaps"), 0.0));
    }
}

/// A pursuer at x = 0 at 10 u/tick after a prey standing at x = 50 (pursuit of a still target
/// is seek): centres 10 apart on tick 4, under 14, so the first capture is at 4 s, and it
/// stays on the prey (one capture, no survivors).
#[test]
fn a_capture_worked_by_hand() {
    let hunter = group(
        "hunter",
        (0.0, 200.0),
        (10.0, 0.0),
        1000.0,
        "pursuit: (target: Nearest(\"prey\"))",
    );
    let prey = group("prey", (50.0, 200.0), (0.0, 0.0), 1.0, "");
    let (_, m) = run(&scene(&format!("{hunter}, {prey}")), 12);
    let g = &m.groups[0];
    assert!(close(g.get("captures"), 1.0), "{:?}", g.get("captures"));
    assert!(
        close(g.get("capture_time"), 4.0),
        "{:?}",
        g.get("capture_time")
    );
    assert!(close(g.get("prey_survival"), 0.0));
}

/// A scene of two flockers of group "f" (`[position, velocity]` each) with alignment of
/// weight 0 (so no force) and the given radius, dt = 1.
fn two_flockers(radius: f32, a: [(f32, f32); 2], b: [(f32, f32); 2]) -> String {
    let agent = |[(x, y), (vx, vy)]: [(f32, f32); 2]| {
        format!("(group: \"f\", position: ({x:?}, {y:?}), velocity: ({vx:?}, {vy:?}))")
    };
    format!(
        "(version: 2, name: \"t\", seed: 1, dt: 1.0, \
         world: (width: 400.0, height: 400.0, bounds: Open), agents: [{}, {}], \
         groups: [(name: \"f\", count: 0, spawn: At(position: (0.0, 0.0), velocity: (0.0, 0.0)), \
         max_force: 1.0, max_speed: 10.0, mass: 1.0, alignment: (weight: 0.0, radius: {radius:?}))])",
        agent(a),
        agent(b)
    )
}

/// Two flockers with weight-0 alignment (so no force) headed +x and +y: polarization
/// |(1, 1)| / 2; after one tick at (1, 0) and (10, 1) the centroid is (5.5, 0.5) and both are
/// √20.5 from it; 9.06 apart, within the radius 20: one flock.
#[test]
fn polarization_spread_and_flocks_worked_by_hand() {
    let text = two_flockers(20.0, [(0.0, 0.0), (1.0, 0.0)], [(10.0, 0.0), (0.0, 1.0)]);
    let (_, m) = run(&text, 1);
    let g = &m.groups[0];
    assert!(
        close(g.get("polarization"), 0.5_f64.sqrt()),
        "{:?}",
        g.get("polarization")
    );
    assert!((g.get("spread").unwrap() - 20.5_f64.sqrt()).abs() < 1e-6);
    assert!(close(g.get("flocks"), 1.0));
}

/// The flocks are counted on the first tick observed and every eighth after (ticks 1, 9, 17,
/// ...), the other flock metrics on every tick. Two flockers 10 apart moving apart at 1 u/s
/// each (dt = 1, alignment of weight 0 and radius 15): 12, 14, 16, ... apart after ticks 1, 2,
/// 3, ...: one flock on ticks 1 and 2, two from tick 3. Over 10 ticks the counted ticks are 1
/// (one flock) and 9 (two): a mean of 1.5, where counting every tick would give 1.8. The
/// spread, half the distance apart, is a mean over every tick: (6 + 7 + ... + 15) / 10 = 10.5.
#[test]
fn flocks_are_counted_every_eighth_tick() {
    let text = two_flockers(
        15.0,
        [(100.0, 100.0), (-1.0, 0.0)],
        [(110.0, 100.0), (1.0, 0.0)],
    );
    let (_, m) = run(&text, 10);
    let g = &m.groups[0];
    assert!(close(g.get("flocks"), 1.5), "{:?}", g.get("flocks"));
    assert!(close(g.get("spread"), 10.5), "{:?}", g.get("spread"));
    assert!(
        close(g.get("polarization"), 0.0),
        "{:?}",
        g.get("polarization")
    );
}

#[test]
fn components_by_radius() {
    let p = [
        Vec2::new(0.0, 0.0),
        Vec2::new(5.0, 0.0),
        Vec2::new(20.0, 0.0),
        Vec2::new(24.0, 0.0),
    ];
    assert_eq!(components(&p, 5.0), 2);
    assert_eq!(components(&p, 4.0), 3);
    assert_eq!(components(&p, 0.0), 4);
    assert_eq!(components(&p, 100.0), 1);
    assert_eq!(components(&[], 5.0), 0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]
    /// On any preset with any seed and any speeds and forces a file can hold, every metric
    /// reported is finite.
    #[test]
    fn metrics_are_finite_on_random_scenes(
        preset in 0..steerlab::scene::presets::ALL.len(),
        seed in any::<u64>(),
        speed in prop_oneof![Just(0.0_f32), 1e-6_f32..1e6],
        force in prop_oneof![Just(0.0_f32), 1e-6_f32..1e6],
        dt in 1e-4_f32..1.0,
    ) {
        let p = &steerlab::scene::presets::ALL[preset];
        let mut scene = scene::from_str(p.text, p.file).expect("valid").into_scene();
        scene.seed = seed;
        scene.dt = dt;
        for g in &mut scene.groups {
            g.max_speed = speed;
            g.max_force = force;
        }
        let Ok(mut world) = scene.build_world() else { return Ok(()); };
        let mut recorder = Recorder::new(&world);
        for _ in 0..40 {
            world.step();
            recorder.observe(&world);
        }
        for (name, value) in recorder.report(&world).flat() {
            prop_assert!(value.is_finite(), "{} {name} = {value}", p.file);
        }
    }
}

/// Components by brute force: every pair compared.
fn components_by_every_pair(points: &[Vec2], radius: f32) -> usize {
    let n = points.len();
    let mut label: Vec<usize> = (0..n).collect();
    loop {
        let mut changed = false;
        for i in 0..n {
            for j in 0..n {
                if points[i].distance(points[j]) <= radius && label[j] < label[i] {
                    label[i] = label[j];
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (0..n).filter(|&i| label[i] == i).count()
}

/// Edge cases of the flock count: a pair exactly `radius` apart in cells two columns apart
/// (whose rounded left edge once put the cell outside the range looked at), points that are
/// not finite (each its own flock, linked to nothing), and a pair whose squared distance
/// overflows (not linked by a radius below it).
#[test]
fn components_at_the_edges() {
    let p = [
        Vec2::new(-6.470_75, 0.423_435_5),
        Vec2::new(1.938_385_5, 4.233_461_4),
        Vec2::new(-0.755_710_07, 4.233_462_3),
    ];
    let radius = 2.694_095_6;
    assert_eq!(components(&p, radius), components_by_every_pair(&p, radius));
    assert_eq!(components(&p, radius), 2);
    let nan = Vec2::new(f32::NAN, f32::NAN);
    assert_eq!(components(&[nan, nan], 1.0), 2);
    assert_eq!(components(&[nan, Vec2::ZERO, Vec2::X], 2.0), 2);
    let far = [Vec2::new(-3e38, 0.0), Vec2::new(3e38, 0.0)];
    assert_eq!(components(&far, 1e20), 2);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]
    /// The grid's count of flocks is the count every pair gives, for clumps and spreads alike.
    #[test]
    fn components_match_comparing_every_pair(
        points in proptest::collection::vec((-300.0_f32..300.0, -300.0_f32..300.0), 0..120),
        radius in prop_oneof![1.0_f32..10.0, 10.0_f32..200.0],
        squeeze in prop_oneof![Just(1.0_f32), Just(0.05_f32)],
    ) {
        let points: Vec<Vec2> = points.into_iter().map(|(x, y)| Vec2::new(x, y) * squeeze).collect();
        prop_assert_eq!(components(&points, radius), components_by_every_pair(&points, radius));
    }
}

/// The metrics of crowds large enough to run on the pool (hunters and prey, obstacles, walls,
/// arrivals, flocks, and the one-group standard flock, whose contacts take the four-lane scan)
/// are the same bits on 1, 2 and 3 threads: the per-agent tracks, the flock sums and the
/// contact pairs are worked on in chunks, and their sums are added in chunk order, or are
/// minima, counts and sorted lists.
#[test]
fn metrics_are_the_same_bits_on_any_thread_count() {
    for preset in [
        "hunter_and_prey.ron",
        "boids.ron",
        "walls.ron",
        "crossing.ron",
        "standard flock",
    ] {
        let spec = if preset == "standard flock" {
            steerlab::bench::bench_spec(3000)
        } else {
            let found = steerlab::scene::presets::find(preset).expect("preset");
            let scene = steerlab::scene::from_str(found.text, found.file)
                .expect("valid")
                .into_scene();
            steerlab::bench::scaled_spec(&scene.world_spec(), 3000)
        };
        let run = |threads: usize| {
            let mut world = World::new(spec.clone()).expect("valid");
            world.set_threads(threads).expect("threads");
            let mut recorder = Recorder::new(&world);
            for _ in 0..40 {
                world.step();
                recorder.observe(&world);
            }
            let metrics = recorder.report(&world);
            metrics
                .flat()
                .into_iter()
                .map(|(name, v)| (name, v.to_bits()))
                .collect::<Vec<_>>()
        };
        let serial = run(1);
        assert!(serial.len() > 5, "{preset}: {serial:?}");
        for threads in [2, 3] {
            assert_eq!(run(threads), serial, "{preset} on {threads} threads");
        }
    }
}

/// Navigating agents whose target is inside a wall find no route: `unreachable` counts them
/// (all 20 of the small level's walkers, with the click target inside its first block); with
/// the target on open ground, none.
#[test]
fn unreachable_counts_the_navigating_agents_with_no_route() {
    let text = steerlab::scene::presets::find("navigate_level.ron")
        .expect("preset")
        .text
        .replacen("target: Opposite", "target: Click", 1);
    let inside_a_wall = text.replacen(
        "click_target: (880.0, 120.0)",
        "click_target: (320.0, 200.0)",
        1,
    );
    let (_, metrics) = run(&inside_a_wall, 30);
    assert!(
        close(metrics.get("walkers.unreachable"), 1.0),
        "{metrics:?}"
    );
    let (_, metrics) = run(&text, 30);
    assert!(close(metrics.get("walkers.unreachable"), 0.0));
    // A group that does not navigate has no such value.
    let (_, metrics) = run(
        steerlab::scene::presets::find("seek.ron")
            .expect("preset")
            .text,
        30,
    );
    assert!(
        metrics
            .groups
            .iter()
            .all(|g| g.get("unreachable").is_none())
    );
}

/// Every metric the definitions list is given a value by the report for some shipped preset:
/// a metric defined but never set (or set under another key) fails here.
#[test]
fn every_defined_metric_gets_a_value_from_some_preset() {
    use steerlab::sim::metrics::{DEFINITIONS, Metric};
    let mut seen = vec![false; DEFINITIONS.len()];
    for preset in steerlab::scene::presets::ALL {
        let scene = scene::from_str(preset.text, preset.file)
            .expect("a preset loads")
            .into_scene();
        let m = steerlab::tuning::sweep::measure(&scene, 1500).expect("measures");
        for group in &m.groups {
            for (k, v) in group.values.iter().enumerate() {
                seen[k] |= v.is_some();
            }
        }
    }
    let missing: Vec<&str> = Metric::ALL
        .iter()
        .filter(|m| !seen[**m as usize])
        .map(|m| m.definition().name)
        .collect();
    assert!(missing.is_empty(), "never given a value: {missing:?}");
    assert_eq!(Metric::ALL.len(), DEFINITIONS.len());
    for (k, m) in Metric::ALL.iter().enumerate() {
        assert_eq!(*m as usize, k);
    }
}
