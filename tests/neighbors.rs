//! The neighbour search and the thread count change no result: the grid finds exactly the naive
//! scan's neighbours, a dense flock runs the same on both, and any number of threads gives the
//! same bits, capped crowds included.

// Exact values worked out by hand are the point of these tests.
#![allow(clippy::float_cmp)]

use glam::Vec2;
use proptest::prelude::*;
use steerlab::sim::params::{Alignment, Cohesion, Pursuit, Separation, Stamina, Wander};
use steerlab::sim::{Group, Spawn, Target, World, WorldSpec};

#[test]
fn grid_and_naive_agree_on_a_dense_flock() {
    let preset = steerlab::scene::presets::find("boids.ron").expect("preset");
    let scene = steerlab::scene::from_str(preset.text, preset.file)
        .expect("valid")
        .into_scene();
    let mut world = scene.build_world().expect("valid");
    // Let the flocks form, then compare one tick from the same state.
    world.step_n(300);
    let mut naive = world.clone();
    naive.set_neighbor_search(steerlab::sim::NeighborSearch::Naive);
    world.step();
    naive.step();
    assert!(world.grid().cell_size() > 0.0, "the grid was used");
    let neighbors: u32 = world.records().iter().map(|r| r.neighbors).sum();
    assert!(neighbors > 1000, "the flock is dense: {neighbors}");
    for (ra, rb) in world.records().iter().zip(naive.records()) {
        assert_eq!(ra.neighbors, rb.neighbors);
        assert!((ra.applied - rb.applied).length() <= 1e-3 * (1.0 + rb.applied.length()));
    }
}

/// The force pass gives the same bits on 1, 2 and 3 threads (a dense flock above the size
/// where the pass goes parallel).
#[test]
fn threads_do_not_change_the_trajectory() {
    let mut g = Group::new(
        "flock",
        1500,
        Spawn::Area {
            min: Vec2::ZERO,
            max: Vec2::splat(400.0),
            speed: 40.0,
        },
    );
    g.max_speed = 60.0;
    g.separation = Some(Separation {
        radius: 10.0,
        ..Separation::default()
    });
    g.alignment = Some(Alignment {
        radius: 20.0,
        ..Alignment::default()
    });
    g.cohesion = Some(Cohesion {
        radius: 20.0,
        ..Cohesion::default()
    });
    g.wander = Some(Wander::default());
    let spec = WorldSpec {
        groups: vec![g],
        ..WorldSpec::empty(5, 1.0 / 60.0, Vec2::splat(400.0))
    };
    let run = |threads: usize| {
        let mut world = World::new(spec.clone()).expect("valid");
        world.set_threads(threads).expect("threads");
        world.step_n(60);
        world
    };
    let serial = run(1);
    for threads in [2, 3] {
        let parallel = run(threads);
        assert_eq!(serial.agents(), parallel.agents(), "{threads} threads");
        assert_eq!(serial.records(), parallel.records(), "{threads} threads");
    }
}

/// A world of hunters (with stamina: on their first tick they pick the nearest prey) and prey,
/// spawned over an area or all at one point (every distance a tie).
fn hunters_and_prey(seed: u64, hunters: u32, prey: u32, size: f32, one_point: bool) -> WorldSpec {
    let area = Spawn::Area {
        min: Vec2::ZERO,
        max: Vec2::splat(size),
        speed: 10.0,
    };
    let mut h = Group::new("hunters", hunters, area.clone());
    h.stamina = Some(Stamina::default());
    h.pursuit = Some(Pursuit {
        target: Target::Nearest("prey".into()),
        ..Pursuit::default()
    });
    let spawn = if one_point {
        Spawn::At {
            position: Vec2::splat(size * 0.5),
            velocity: Vec2::ZERO,
        }
    } else {
        area
    };
    let p = Group::new("prey", prey, spawn);
    WorldSpec {
        click_target: Vec2::ZERO,
        groups: vec![h, p],
        ..WorldSpec::empty(seed, 1.0 / 60.0, Vec2::splat(size))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The nearest agent of a group (the tree's answer) is a brute-force scan's: the least
    /// distance, ties to the lower agent index.
    #[test]
    fn nearest_agent_queries_match_a_brute_force_scan(
        seed in any::<u64>(),
        hunters in 1_u32..30,
        prey in 1_u32..300,
        size in prop_oneof![Just(10.0_f32), 100.0_f32..5000.0],
        one_point in any::<bool>(),
    ) {
        let mut world = World::new(hunters_and_prey(seed, hunters, prey, size, one_point)).expect("valid");
        let start = world.agents().to_vec();
        world.step();
        for (h, hunter) in world.agents().iter().enumerate().filter(|(_, a)| a.group == 0) {
            let from = start[h].position;
            let mut best: Option<(f32, usize)> = None;
            for (j, other) in start.iter().enumerate().filter(|(_, a)| a.group == 1) {
                let d = from.distance_squared(other.position);
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, j));
                }
            }
            let want = best.map(|(_, j)| start[j].id);
            prop_assert_eq!(hunter.memory.pursuit.prey, want, "hunter {}", h);
        }
    }
}

/// A flock whose radius takes in everyone, capped: the same bits on 1, 2 and 3 threads, each
/// agent considering exactly its cap.
#[test]
fn a_capped_crowd_gives_the_same_bits_on_any_thread_count() {
    let mut g = Group::new(
        "crowd",
        2000,
        Spawn::Area {
            min: Vec2::ZERO,
            max: Vec2::splat(300.0),
            speed: 20.0,
        },
    );
    g.max_neighbors = 24;
    g.separation = Some(Separation {
        radius: 1000.0,
        ..Separation::default()
    });
    g.cohesion = Some(Cohesion {
        radius: 1000.0,
        ..Cohesion::default()
    });
    let spec = WorldSpec {
        groups: vec![g],
        ..WorldSpec::empty(9, 1.0 / 60.0, Vec2::splat(300.0))
    };
    let run = |threads: usize| {
        let mut world = World::new(spec.clone()).expect("valid");
        world.set_threads(threads).expect("threads");
        world.step_n(20);
        world
    };
    let serial = run(1);
    assert!(serial.records().iter().all(|r| r.neighbors == 24));
    for threads in [2, 3] {
        let parallel = run(threads);
        assert_eq!(serial.agents(), parallel.agents(), "{threads} threads");
        assert_eq!(serial.records(), parallel.records(), "{threads} threads");
    }
    // The naive search takes the same nearest 24 (summed in agent order, not grid order).
    let mut one = World::new(spec.clone()).expect("valid");
    one.step();
    let mut naive = World::new(spec).expect("valid");
    naive.set_neighbor_search(steerlab::sim::NeighborSearch::Naive);
    naive.step();
    for (a, b) in one.records().iter().zip(naive.records()) {
        assert_eq!(a.neighbors, b.neighbors);
        assert!(
            (a.neighbor_distance_sum - b.neighbor_distance_sum).abs()
                <= 1e-3 * b.neighbor_distance_sum
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random crowds, dense ones included (hundreds of agents in a few body widths, a cap far
    /// below the agents in reach): the grid's nearest `cap` (found ring by ring outwards) are
    /// the brute-force search's, agent for agent: the same count and the same distances.
    #[test]
    fn the_capped_nearest_equal_a_brute_force_search_on_random_crowds(
        count in 20_u32..700,
        side in 8.0_f32..300.0,
        radius in 3.0_f32..60.0,
        cap in 1_u32..48,
        seed in 0_u64..1000,
    ) {
        let mut g = Group::new(
            "crowd",
            count,
            Spawn::Area { min: Vec2::splat(20.0), max: Vec2::splat(20.0 + side), speed: 5.0 },
        );
        g.max_neighbors = cap;
        g.separation = Some(Separation { radius, ..Separation::default() });
        g.cohesion = Some(Cohesion { radius: radius * 0.7, ..Cohesion::default() });
        let spec = WorldSpec {
            groups: vec![g],
            ..WorldSpec::empty(seed, 1.0 / 60.0, Vec2::splat(side + 40.0))
        };
        let mut grid = World::new(spec.clone()).expect("valid");
        let mut naive = World::new(spec).expect("valid");
        naive.set_neighbor_search(steerlab::sim::NeighborSearch::Naive);
        grid.step();
        naive.step();
        for (a, b) in grid.records().iter().zip(naive.records()) {
            prop_assert_eq!(a.neighbors, b.neighbors);
            let (x, y) = (a.neighbor_distance_sum, b.neighbor_distance_sum);
            prop_assert!((x - y).abs() <= 1e-4 * (1.0 + y), "{} vs {}", x, y);
        }
    }
}
