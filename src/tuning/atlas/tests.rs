use super::*;

fn axis(lo: f64, hi: f64, cells: u32) -> Axis {
    Axis {
        metric: "g.spread".to_owned(),
        lo,
        hi,
        cells,
    }
}

#[test]
fn a_value_falls_in_its_cell_and_beyond_the_ends_in_the_end_cells() {
    let a = axis(0.0, 1.0, 4);
    assert_eq!(a.cell(0.0), Some(0));
    assert_eq!(a.cell(0.2499), Some(0));
    assert_eq!(a.cell(0.25), Some(1));
    assert_eq!(a.cell(0.99), Some(3));
    assert_eq!(a.cell(1.0), Some(3));
    assert_eq!(a.cell(-5.0), Some(0));
    assert_eq!(a.cell(7.0), Some(3));
    assert_eq!(a.cell(f64::NAN), None);
    assert_eq!(a.cell(f64::INFINITY), None);
    assert_eq!(a.bounds(2), (0.5, 0.75));
    assert_eq!(a.metric_name(), "spread");
    // A range of no width: every value in the first cell.
    assert_eq!(axis(2.0, 2.0, 5).cell(9.0), Some(0));
}

#[test]
fn axis_ranges_read_from_runs_hold_them_on_a_round_step() {
    let close =
        |(a, b): (f64, f64), (c, d): (f64, f64)| (a - c).abs() < 1e-9 && (b - d).abs() < 1e-9;
    // 0.81 over 8 cells: at least 0.10125 a cell, so 0.12; from 0.12 (a whole step) 8 cells
    // reach 1.08.
    let r = round_axis([0.12, 0.5, 0.93], 8).expect("range");
    assert!(close(r, (0.12, 1.08)), "{r:?}");
    // 282 over 6: 47 a cell, so 50, from 100 to 400 (not enough), so 60, from 120 to 480.
    let r = round_axis([130.0, 412.0, f64::NAN], 6).expect("range");
    assert!(close(r, (120.0, 480.0)), "{r:?}");
    // One value: a tenth of it spread over the cells.
    let r = round_axis([3.0], 3).expect("range");
    assert!(close(r, (3.0, 3.3)), "{r:?}");
    assert_eq!(round_axis([0.0, 0.0], 4), Some((0.0, 1.0)));
    let r = round_axis([-2.0, -0.4], 4).expect("range");
    assert!(close(r, (-2.0, -0.4)), "{r:?}");
    assert_eq!(round_axis([f64::NAN], 4), None);
    assert_eq!(round_axis([], 4), None);
}

fn plan(islands: u32) -> AtlasPlan {
    AtlasPlan {
        scene: "s".to_owned(),
        fields: vec![("groups[0].mass".to_owned(), 0.1, 2.0)],
        x: axis(0.0, 1.0, 4),
        y: axis(0.0, 1.0, 4),
        budget: 100,
        probe: 10,
        islands,
        seed: 1,
        seeds: vec![1],
        steps: 60,
        seconds: 1.0,
    }
}

fn elite(cell: (u32, u32), score: f64, island: u32, index: u32) -> Elite {
    Elite {
        cell,
        values: vec![score],
        point: vec![0.5],
        at: (0.0, 0.0),
        metrics: vec![("g.spread".to_owned(), score)],
        violation: 0.0,
        change: score,
        score,
        origin: Origin { island, index },
    }
}

#[test]
fn the_budget_after_the_probe_is_shared_by_the_islands_and_the_shards() {
    let p = plan(3);
    // 90 after the probe: 30 each.
    assert_eq!(
        (p.island_budget(1), p.island_budget(2), p.island_budget(3)),
        (30, 30, 30)
    );
    let p = AtlasPlan {
        budget: 102,
        ..plan(4)
    };
    // 92: 23 each.
    assert_eq!((1..=4).map(|k| p.island_budget(k)).sum::<usize>(), 92);
    let p = AtlasPlan {
        budget: 13,
        ..plan(4)
    };
    // 3 left: the first three islands one each.
    let shares: Vec<usize> = (1..=4).map(|k| p.island_budget(k)).collect();
    assert_eq!(shares, [1, 1, 1, 0]);
    assert_eq!(p.shard_islands(0, 2), [1, 3]);
    assert_eq!(p.shard_islands(1, 2), [2, 4]);
    assert_eq!(p.shard_islands(2, 3), [3]);
}

#[test]
fn a_cell_keeps_the_lowest_score_then_the_earliest_origin() {
    let mut g = Archive::new(&plan(2));
    assert!(g.offer(elite((1, 2), 0.5, 1, 3)));
    assert!(!g.offer(elite((1, 2), 0.6, 0, 0)));
    // The same score: the earlier origin wins, whichever came first.
    assert!(g.offer(elite((1, 2), 0.5, 0, 7)));
    assert!(!g.offer(elite((1, 2), 0.5, 1, 3)));
    assert!(g.offer(elite((0, 0), 0.9, 2, 0)));
    // Out of the grid: refused.
    assert!(!g.offer(elite((4, 0), 0.1, 1, 0)));
    let cells = g.into_cells();
    assert_eq!(cells.len(), 2);
    assert_eq!(cells[0].cell, (0, 0));
    assert_eq!(
        cells[1].origin,
        Origin {
            island: 0,
            index: 7
        }
    );
}

#[test]
fn shards_merge_to_the_same_atlas_in_any_order_and_say_what_is_wrong() {
    let p = plan(4);
    let shard = |i: u32, cells: Vec<Elite>| Atlas {
        plan: p.clone(),
        shard: Some((i, 2)),
        evaluations: 10 + 45,
        cells,
    };
    let a = shard(0, vec![elite((0, 0), 0.3, 1, 0), elite((1, 1), 0.2, 0, 1)]);
    let b = shard(1, vec![elite((0, 0), 0.1, 2, 5), elite((1, 1), 0.2, 0, 1)]);
    let ab = Atlas::merge(&[a.clone(), b.clone()]).expect("merge");
    let ba = Atlas::merge(&[b.clone(), a.clone()]).expect("merge");
    assert_eq!(ab, ba);
    assert_eq!(ab.shard, None);
    // The probe counts once: 10 + 45 + 45.
    assert_eq!(ab.evaluations, 100);
    assert_eq!(ab.cells.len(), 2);
    assert_eq!(ab.at(0, 0).map(|e| e.score), Some(0.1));
    assert_eq!(ab.to_ron().expect("text"), ba.to_ron().expect("text"));
    let back = Atlas::from_ron(&ab.to_ron().expect("text")).expect("read back");
    assert_eq!(back, ab);

    let err = |shards: &[Atlas]| Atlas::merge(shards).expect_err("refused");
    assert_eq!(err(std::slice::from_ref(&a)), "shard 2/2 is missing");
    assert_eq!(err(&[a.clone(), a.clone()]), "shard 1/2 is given twice");
    let other = Atlas {
        plan: AtlasPlan {
            seed: 9,
            ..p.clone()
        },
        ..b.clone()
    };
    assert!(err(&[a.clone(), other]).contains("other options"));
    assert!(err(std::slice::from_ref(&ab)).contains("whole atlas"));
    assert_eq!(err(&[]), "no shard to merge");
}
