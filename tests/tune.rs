//! `steerlab tune` and the search behind it: a known optimum found, goals it cannot meet
//! reported, flags that add to the file's goals, and the same bytes at any thread count.

mod common;

use std::path::Path;

use common::{run as steerlab, text};
use steerlab::scene::{Goal, Goals, TuneRange, Want};
use steerlab::sim::FieldPath;
use steerlab::tuning::sweep::Pool;
use steerlab::tuning::tune::Tuning;
use steerlab::tuning::tune::search::{self, Method, Options};

const RADIUS: &str = "groups[0].arrive.mode";

/// The overshooting arrive example with one goal (overshoot at most 1 u, one seed of 15 s)
/// and the slowing radius free from 100 to 800 (from 900 the agents have not arrived in 15 s,
/// and an overshoot needs an arrival).
fn one_field_problem() -> Tuning {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/arrive_overshoot.ron");
    let mut scene = steerlab::scene::load(&path).expect("example").into_scene();
    scene.goals = Some(Goals {
        seconds: 15.0,
        seeds: 1,
        list: vec![Goal::new("arrivers", "overshoot", Want::AtMost(1.0))],
        tune: vec![TuneRange {
            field: FieldPath::parse(RADIUS).expect("path"),
            lo: 100.0,
            hi: 800.0,
        }],
    });
    Tuning::new(&scene).expect("tuning")
}

#[test]
fn tune_finds_the_smallest_slowing_radius_that_stops_the_overshoot() {
    let tuning = one_field_problem();
    let pool = Pool::new(0).expect("pool");
    let meets = |u: f64| tuning.evaluate(&[vec![u]], &pool)[0].meets();
    // The overshoot falls as the radius grows (docs/tuning.md's sweep): bisect for where it first
    // holds, to 1/1024 of the range (under 1 u).
    assert!(!meets(0.0) && meets(1.0));
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..10 {
        let mid = 0.5 * (lo + hi);
        if meets(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let threshold = tuning.value(0, hi);
    let report = search::run(
        &tuning,
        &Options {
            budget: 150,
            seed: 3,
            method: Method::Bite,
        },
        &pool,
        &mut |_| true,
    );
    assert!(report.best.meets(), "{:?}", report.best.outcomes);
    let found = report.best.values[0];
    // The smallest change from 100 that holds: at the threshold, within 2 % of the range.
    assert!(
        found >= threshold - 1.0 && found <= threshold + 14.0,
        "found {found}, the threshold is {threshold}"
    );
    assert_eq!(report.start.values, vec![100.0]);
    assert!(!report.start.meets());
}

#[test]
fn the_score_puts_every_point_that_meets_the_goals_below_every_point_that_misses() {
    let tuning = one_field_problem();
    let pool = Pool::new(0).expect("pool");
    let xs: Vec<Vec<f64>> = (0..=20).map(|k| vec![f64::from(k) / 20.0]).collect();
    let all = tuning.evaluate(&xs, &pool);
    let worst_meeting = all
        .iter()
        .filter(|e| e.meets())
        .map(|e| e.score)
        .fold(f64::NEG_INFINITY, f64::max);
    let best_missing = all
        .iter()
        .filter(|e| !e.meets())
        .map(|e| e.score)
        .fold(f64::INFINITY, f64::min);
    assert!(worst_meeting <= -1.0 && best_missing > 0.0);
    // Among the points that meet it, the nearer the start (radius 100), the better.
    let meeting: Vec<f64> = all.iter().filter(|e| e.meets()).map(|e| e.score).collect();
    assert!(meeting.len() >= 3, "{meeting:?}");
    assert!(meeting.windows(2).all(|w| w[0] < w[1]), "{meeting:?}");
}

fn example(name: &str) -> String {
    format!("docs/examples/{name}")
}

#[test]
fn tune_reports_goals_it_cannot_meet_and_saves_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tuned.ron");
    let run = steerlab(&[
        "tune",
        &example("arrive_overshoot.ron"),
        "--goal",
        "arrivers.overshoot<=1",
        "--goal",
        "arrivers.time_to_arrive<=2",
        "--param",
        &format!("{RADIUS}=100..1000"),
        "--seconds",
        "15",
        "--budget",
        "40",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{stdout}{}", text(&run.stderr));
    assert!(stdout.contains("could not meet every goal"), "{stdout}");
    assert!(
        stdout.contains("arrivers.time_to_arrive <= 2 s (best reached: "),
        "{stdout}"
    );
    assert!(!out.exists());
}

#[test]
fn tune_gives_the_same_bytes_at_one_and_two_threads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let outputs: Vec<(String, Vec<u8>)> = ["1", "2"]
        .iter()
        .map(|threads| {
            let out = dir.path().join(format!("tuned{threads}.ron"));
            let run = steerlab(&[
                "tune",
                &example("arrive_goals.ron"),
                "--seeds",
                "2",
                "--budget",
                "60",
                "--threads",
                threads,
                "--out",
                out.to_str().expect("utf-8"),
            ]);
            let file = std::fs::read(&out).unwrap_or_default();
            (text(&run.stdout), file)
        })
        .collect();
    assert!(!outputs[0].0.is_empty());
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn a_goal_flag_replaces_the_files_goal_on_the_same_metric_and_the_result_keeps_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tuned.ron");
    let run = steerlab(&[
        "tune",
        &example("arrive_goals.ron"),
        "--goal",
        "arrivers.overshoot<=60",
        "--param",
        &format!("{RADIUS}=100..1000"),
        "--budget",
        "80",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let tuned = steerlab::scene::load(&out).expect("the tuned scene loads");
    let goals = tuned.into_scene().goals.expect("goals kept");
    let overshoot: Vec<&Goal> = goals
        .list
        .iter()
        .filter(|g| g.metric == "overshoot")
        .collect();
    assert_eq!(overshoot.len(), 1);
    assert_eq!(overshoot[0].at_most, Some(60.0));
    assert_eq!(goals.list.len(), 3);
    let check = steerlab(&["check", out.to_str().expect("utf-8")]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
}

#[test]
fn goal_and_range_flags_parse_and_refuse_with_a_reason() {
    let g = Goal::parse("arrivers.overshoot<=1").expect("at most");
    assert_eq!(g.want(), Some(Want::AtMost(1.0)));
    assert_eq!(g.qualified(), "arrivers.overshoot");
    let g = Goal::parse(" red team.arrived >= 0.5 ").expect("at least");
    assert_eq!(
        (g.group.as_str(), g.want()),
        ("red team", Some(Want::AtLeast(0.5)))
    );
    assert_eq!(
        Goal::parse("flock.polarization max").expect("max").want(),
        Some(Want::Maximize)
    );
    assert_eq!(
        Goal::parse("a.time_to_arrive=min").expect("min").want(),
        Some(Want::Minimize)
    );
    for bad in ["overshoot<=1", "a.b<=x", "a.b<=inf", "a.b == 1", ".b<=1"] {
        let e = Goal::parse(bad).expect_err(bad);
        assert!(e.starts_with(&format!("`{bad}`")), "{e}");
    }
    let r = TuneRange::parse("groups[0].max_speed=50..300").expect("range");
    assert_eq!((r.lo, r.hi), (50.0, 300.0));
    assert_eq!(r.field, "groups[0].max_speed");
    for bad in ["groups[0].max_speed=300..50", "groups[0].max_speed=5", "x"] {
        assert!(TuneRange::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_range_outside_what_the_field_may_hold_is_refused_where_it_is() {
    let run = steerlab(&[
        "tune",
        &example("arrive_goals.ron"),
        "--param",
        "groups[0].mass=-1..3",
        "--out",
        "/nonexistent/tuned.ron",
    ]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        stderr.contains("goals.tune[0]") && stderr.contains("outside what the field may hold"),
        "{stderr}"
    );
    // The ends are compared as the field holds them: dt's lowest, 0.001, is within.
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tuned.ron");
    let run = steerlab(&[
        "tune",
        "arrive_slowing",
        "--goal",
        "arrivers.arrived>=1",
        "--param",
        "dt=0.001..0.05",
        "--budget",
        "2",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
}

#[test]
fn the_tuning_doc_tune_example_prints_what_the_tuning_doc_shows_and_saves_the_tuned_example() {
    let readme = std::fs::read_to_string("docs/tuning.md").expect("docs/tuning.md");
    let command = readme
        .lines()
        .find(|l| {
            l.trim_start()
                .starts_with("steerlab tune docs/examples/arrive_goals.ron")
        })
        .expect("the worked example's command")
        .trim();
    let at = readme.find(command).expect("command") + command.len();
    // The indented block under the command (its blank lines included), the indent taken off.
    let mut shown: Vec<&str> = readme[at..]
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.starts_with("    ") || l.is_empty())
        .map(|l| l.get(4..).unwrap_or(""))
        .collect();
    while shown.last() == Some(&"") {
        shown.pop();
    }
    let mut args: Vec<String> = command
        .split_whitespace()
        .skip(1)
        .map(str::to_owned)
        .collect();
    // Saved to a temporary file instead of over the committed one, which it must equal.
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("tuned.ron");
    let committed = args.last().cloned().expect("the --out path");
    *args.last_mut().expect("the --out path") = out.to_str().expect("utf-8").to_owned();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = steerlab(&args);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let printed = text(&run.stdout).replace(out.to_str().expect("utf-8"), &committed);
    assert_eq!(printed.lines().collect::<Vec<_>>(), shown);
    assert_eq!(
        std::fs::read(&out).expect("saved"),
        std::fs::read(&committed).expect("the committed tuned example")
    );
}

#[test]
fn no_single_field_of_the_worked_example_meets_its_goals() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/arrive_goals.ron");
    let scene = steerlab::scene::load(&path).expect("example").into_scene();
    let tuning = Tuning::new(&scene).expect("tuning");
    let pool = Pool::new(0).expect("pool");
    for field in 0..tuning.dims() {
        let xs: Vec<Vec<f64>> = (0..=40)
            .map(|k| {
                let mut x = tuning.start().to_vec();
                x[field] = f64::from(k) / 40.0;
                x
            })
            .collect();
        let met = tuning
            .evaluate(&xs, &pool)
            .iter()
            .filter(|e| e.meets())
            .count();
        assert_eq!(
            met,
            0,
            "{} alone meets the goals",
            tuning.ranges()[field].field
        );
    }
}

#[test]
fn every_search_runs_within_its_budget_and_never_worsens_its_best() {
    let tuning = one_field_problem();
    let pool = Pool::new(2).expect("pool");
    for method in [Method::Bite, Method::Cmaes, Method::De, Method::Random] {
        let report = search::run(
            &tuning,
            &Options {
                budget: 40,
                seed: 7,
                method,
            },
            &pool,
            &mut |p| p.evaluations <= p.budget,
        );
        // The budget, plus tidying (one field: back to its start, then three roundings).
        assert!(
            report.evaluations <= 40 + 4,
            "{method:?}: {}",
            report.evaluations
        );
        assert!(report.best.score <= report.start.score, "{method:?}");
        assert!(
            report.history.windows(2).all(|w| w[1].1 <= w[0].1),
            "{method:?}: {:?}",
            report.history
        );
        let u = report.best.x[0];
        assert!((0.0..=1.0).contains(&u), "{method:?}: {u}");
    }
}

#[test]
fn a_search_cut_into_single_points_ends_where_a_whole_one_does() {
    // A browser tab scores one point per piece between frames; the result is the run's.
    let tuning = one_field_problem();
    let pool = Pool::new(1).expect("pool");
    for method in [Method::Bite, Method::Cmaes] {
        let options = Options {
            budget: 40,
            seed: 5,
            method,
        };
        let whole = search::run(&tuning, &options, &pool, &mut |_| true);
        let mut search = search::Search::new(tuning.clone(), &options, &pool);
        let (mut pieces, mut heard) = (0, Vec::new());
        while search.step(1, &pool, &mut |p| {
            heard.push(p.evaluations);
            true
        }) {
            pieces += 1;
            assert!(search.evaluations() <= options.budget);
        }
        let (_, cut) = search.finish(&pool);
        assert_eq!(cut.best.values, whole.best.values, "{method:?}");
        assert_eq!(cut.history, whole.history, "{method:?}");
        assert_eq!(cut.evaluations, whole.evaluations, "{method:?}");
        // Every point a piece of its own (the start was scored by `new`), and progress
        // heard once a generation, as the whole run's history has it.
        assert!(pieces + 1 >= options.budget - 1, "{pieces} pieces");
        let generations: Vec<usize> = whole.history[1..].iter().map(|h| h.0).collect();
        assert_eq!(heard, generations, "{method:?}");
    }
}

/// A tuning's results belong to the scene they were found on: changing a tuned field keeps
/// them, changing anything else (another field, another scene) does not.
#[test]
fn a_tuning_is_of_its_scene_but_for_the_tuned_fields() {
    let tuning = one_field_problem();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/arrive_overshoot.ron");
    let mut scene = steerlab::scene::load(&path).expect("example").into_scene();
    scene.goals = tuning.base().goals.clone();
    assert!(tuning.found_on(&scene));
    let radius = FieldPath::parse(RADIUS).expect("path");
    radius.set(&mut scene, 432.0).expect("set");
    assert!(tuning.found_on(&scene), "a tuned field's value may change");
    scene.groups[0].max_speed += 1.0;
    assert!(!tuning.found_on(&scene), "another field changed");
    let other = common::preset_scene("seek.ron");
    assert!(!tuning.found_on(&other));
}

/// `rooms_steer`'s walls are its level's: `avoid_walls` has walls to steer away from.
#[test]
fn a_levels_edges_are_walls_to_the_behaviors_that_need_walls() {
    let rooms = common::preset_scene("rooms_steer.ron");
    assert!(rooms.walls.is_empty() && !rooms.level.is_empty());
    assert!(steerlab::scene::lacks(&rooms, steerlab::sim::BehaviorKind::AvoidWalls).is_empty());
    let seek = common::preset_scene("seek.ron");
    assert_eq!(
        steerlab::scene::lacks(&seek, steerlab::sim::BehaviorKind::AvoidWalls).len(),
        1
    );
}
