//! Every bound a scene or a request can reach: a value at the limit is accepted, one past it is
//! refused with a message that states the limit.

mod common;

use glam::Vec2;
use steerlab::sim::limits::{MAX_DT_SECS, MAX_GROUP_COUNT, MAX_NEIGHBORS, MIN_DT_SECS};
use steerlab::sim::{Group, Obstacle, Spawn, World, WorldSpec};

fn spec(groups: Vec<Group>) -> WorldSpec {
    WorldSpec {
        groups,
        ..WorldSpec::empty(1, 1.0 / 60.0, Vec2::splat(1000.0))
    }
}

fn group(name: &str, count: u32) -> Group {
    Group::new(
        name,
        count,
        Spawn::At {
            position: Vec2::splat(10.0),
            velocity: Vec2::ZERO,
        },
    )
}

/// The one problem `spec` has, as `path: message`.
fn refused(spec: WorldSpec) -> String {
    let problems = World::new(spec).expect_err("refused");
    assert_eq!(problems.len(), 1, "{problems}");
    problems[0].to_string()
}

#[test]
fn the_tick_is_at_least_a_millisecond_and_at_most_a_second() {
    for dt in [MIN_DT_SECS, MAX_DT_SECS] {
        let mut world = World::new(WorldSpec {
            dt,
            ..spec(vec![group("a", 1)])
        })
        .expect("at the limit");
        world.step();
    }
    assert_eq!(
        refused(WorldSpec {
            dt: 0.0009,
            ..spec(vec![group("a", 1)])
        }),
        "dt: must be >= 0.001, got 0.0009"
    );
    assert_eq!(
        refused(WorldSpec {
            dt: 1.5,
            ..spec(vec![group("a", 1)])
        }),
        "dt: must be at most 1, got 1.5"
    );
}

#[test]
fn agents_per_group_and_in_all() {
    World::new(spec(vec![group("a", MAX_GROUP_COUNT)])).expect("at the limit");
    assert_eq!(
        refused(spec(vec![group("a", MAX_GROUP_COUNT + 1)])),
        "groups[0].count: must be at most 100,000, got 100001"
    );
    // Ten full groups are at the limit in all (checked without spawning a million agents);
    // one more agent is refused.
    let full: Vec<Group> = (0..10)
        .map(|k| group(&format!("g{k}"), MAX_GROUP_COUNT))
        .collect();
    assert!(spec(full.clone()).problems().is_empty());
    let mut over = full;
    over.push(group("one_more", 1));
    assert_eq!(
        refused(spec(over)),
        "groups: at most 1,000,000 agents in all, got 1000001"
    );
}

#[test]
fn the_neighbor_cap() {
    for cap in [1, MAX_NEIGHBORS] {
        let mut g = group("a", 1);
        g.max_neighbors = cap;
        World::new(spec(vec![g])).expect("at the limit");
    }
    for (cap, got) in [(0, "0"), (MAX_NEIGHBORS + 1, "1001")] {
        let mut g = group("a", 1);
        g.max_neighbors = cap;
        assert_eq!(
            refused(spec(vec![g])),
            format!("groups[0].max_neighbors: must be 1 to 1,000, got {got}")
        );
    }
}

#[test]
fn obstacles() {
    let obstacle = Obstacle {
        center: Vec2::splat(1.0),
        radius: 1.0,
    };
    let with = |n: usize| WorldSpec {
        obstacles: vec![obstacle.clone(); n],
        ..spec(vec![group("a", 1)])
    };
    World::new(with(4096)).expect("at the limit");
    assert_eq!(
        refused(with(4097)),
        "obstacles: at most 4,096 obstacles, got 4,097"
    );
}

#[cfg(feature = "render")]
#[test]
fn a_take_runs_at_most_a_million_ticks() {
    use steerlab::render::{MAX_TAKE_TICKS, Take, TakeError, tick_of_frame};
    let take = |frames: u32| Take {
        fps: 1,
        frames,
        presentation: steerlab::view::present::Presentation::default(),
        overlays: steerlab::view::Overlays::default(),
        selected: None,
        view: None,
        compare: None,
        plots: None,
    };
    // 1,000 frames of one second at dt 0.001: the last frame is tick 999,999 (dt is stored a
    // hair over 0.001), inside the limit; one frame more is over it.
    assert_eq!(tick_of_frame(999, 1, MIN_DT_SECS), 999_999);
    take(1000).check(Some(MIN_DT_SECS)).expect("at the limit");
    let error = take(1002).check(Some(MIN_DT_SECS)).expect_err("past it");
    assert!(matches!(error, TakeError::Ticks { ticks, .. } if ticks > MAX_TAKE_TICKS));
    assert_eq!(
        error.to_string(),
        "1002 frames at 1 fps is 1002.0 s of simulation, 1,001,999 ticks of 0.001 s; a take \
         may run at most 1,000,000 ticks (fewer frames, or a longer dt)"
    );
}
