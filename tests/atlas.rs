//! `steerlab atlas`: it fills the cells a grid sweep of the same fields reaches at the same
//! budget, each cell stores what `steerlab metrics` prints for its scene, the same options give
//! the same files at any thread count and when run as shards and merged, and bad input says
//! why and writes nothing.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{run as steerlab, text};
use steerlab::tuning::atlas::Atlas;

const SCENE: &str = "docs/examples/arrive_overshoot.ron";
const MASS: &str = "--param=groups[0].mass=0.05..2";
const RADIUS: &str = "--param=groups[0].arrive.mode=50..800";

/// `steerlab atlas` on the overshooting arrive: mass and slowing radius varied, overshoot
/// across and time to arrive up, 6×6 cells, 100 runs of 10 s, into `out`.
fn arrive_atlas(out: &Path, budget: &str, extra: &[&str]) -> std::process::Output {
    let out = out.to_str().expect("a UTF-8 path");
    let mut args = vec![
        "atlas",
        SCENE,
        "--x",
        "overshoot",
        "--y",
        "time_to_arrive",
        MASS,
        RADIUS,
        "--cells",
        "6",
        "--budget",
        budget,
        "--seconds",
        "10",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    steerlab(&args)
}

fn read_atlas(dir: &Path) -> Atlas {
    let text = std::fs::read_to_string(dir.join("atlas.ron")).expect("atlas.ron");
    Atlas::from_ron(&text).expect("an atlas")
}

#[test]
fn the_atlas_fills_what_a_grid_sweep_reaches_and_stores_what_metrics_prints() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("atlas");
    let ran = arrive_atlas(&out, "100", &[]);
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    assert!(
        text(&ran.stdout).contains("cells filled"),
        "{}",
        text(&ran.stdout)
    );
    let atlas = read_atlas(&out);
    assert_eq!(atlas.evaluations, 100);
    assert_eq!(atlas.plan.steps, 600);

    // The same fields on a 10 × 10 grid: 100 runs, as many as the atlas's.
    let json = dir.path().join("sweep.json");
    let swept = steerlab(&[
        "sweep",
        SCENE,
        "--param",
        "groups[0].mass=0.05..2:10",
        "--param",
        "groups[0].arrive.mode=50..800:10",
        "--steps",
        "600",
        "--out",
        json.to_str().expect("path"),
    ]);
    assert!(swept.status.success(), "{}", text(&swept.stderr));
    let rows: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("json");
    let mut reached = BTreeSet::new();
    for v in rows["variants"].as_array().expect("variants") {
        let m = &v["metrics"];
        let (Some(x), Some(y)) = (
            m[&atlas.plan.x.metric].as_f64(),
            m[&atlas.plan.y.metric].as_f64(),
        ) else {
            continue;
        };
        reached.insert((
            atlas.plan.x.cell(x).expect("cell"),
            atlas.plan.y.cell(y).expect("cell"),
        ));
    }
    let filled: BTreeSet<(u32, u32)> = atlas.cells.iter().map(|e| e.cell).collect();
    let both = reached.intersection(&filled).count();
    assert!(
        reached.len() >= 15,
        "the sweep reaches {} cells",
        reached.len()
    );
    assert!(
        both * 10 >= reached.len() * 9,
        "the atlas fills {both} of the {} cells the sweep reaches",
        reached.len()
    );

    // Each cell: its scene holds its values, and `steerlab metrics` prints its metrics.
    for e in &atlas.cells {
        let file = out.join(format!("cells/x{:02}_y{:02}.ron", e.cell.0, e.cell.1));
        let printed = steerlab(&[
            "metrics",
            file.to_str().expect("path"),
            "--steps",
            "600",
            "--json",
        ]);
        assert!(printed.status.success(), "{}", text(&printed.stderr));
        // Compared as the text JSON prints (the shortest that reads back exactly): serde_json
        // reads numbers back only to within an ulp.
        let json = text(&printed.stdout);
        let parsed: serde_json::Value = serde_json::from_str(&json).expect("json");
        let group = &parsed["groups"][0];
        let name = group["name"].as_str().expect("name");
        let metrics = group["metrics"].as_object().expect("metrics");
        let defined = metrics.values().filter(|v| v.is_number()).count();
        assert_eq!(defined, e.metrics.len(), "{file:?}");
        for (k, v) in &e.metrics {
            let short = k.strip_prefix(&format!("{name}.")).expect("the group's");
            let written = format!("\"{short}\":{}", serde_json::to_string(v).expect("number"));
            assert!(json.contains(&written), "{file:?}: {written} not in {json}");
        }
        let (x, y) = (
            e.metric(&atlas.plan.x.metric).expect("x"),
            e.metric(&atlas.plan.y.metric).expect("y"),
        );
        assert_eq!(
            (atlas.plan.x.cell(x), atlas.plan.y.cell(y)),
            (Some(e.cell.0), Some(e.cell.1))
        );
    }
    for name in ["atlas.png", "atlas.md", "atlas.html", "scene.ron"] {
        assert!(out.join(name).is_file(), "{name}");
    }
    let page = std::fs::read_to_string(out.join("atlas.md")).expect("page");
    assert_eq!(page.matches("](cells/x").count(), atlas.cells.len());
}

/// Every file under `dir`, by its path relative to it, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .expect("inside")
                    .display()
                    .to_string();
                out.push((name, std::fs::read(&path).expect("file")));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn shards_merged_and_any_thread_count_give_the_same_files_byte_for_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    let one = dir.path().join("one");
    let ran = arrive_atlas(&one, "60", &["--threads", "1"]);
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let two = dir.path().join("two");
    let ran = arrive_atlas(&two, "60", &["--threads", "2"]);
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let whole = files(&one);
    assert!(whole.len() > 8, "{} files", whole.len());
    assert_eq!(files(&two), whole);

    let mut shards = Vec::new();
    for (k, threads) in [(1, "1"), (2, "2"), (3, "2")] {
        let shard = dir.path().join(format!("shard{k}"));
        let ran = arrive_atlas(
            &shard,
            "60",
            &["--threads", threads, "--shard", &format!("{k}/3")],
        );
        assert!(ran.status.success(), "{}", text(&ran.stderr));
        assert_eq!(read_atlas(&shard).shard, Some((k - 1, 3)));
        shards.push(shard);
    }
    let merged = dir.path().join("merged");
    let paths: Vec<&str> = shards.iter().map(|p| p.to_str().expect("path")).collect();
    // In another order than made: the merge does not care.
    let mut args = vec!["atlas", "merge", paths[2], paths[0], paths[1]];
    args.extend(["--out", merged.to_str().expect("path")]);
    let ran = steerlab(&args);
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    assert_eq!(files(&merged), whole);

    // A shard missing, or one given twice: said, and nothing written.
    let nowhere = dir.path().join("nowhere");
    for args in [
        vec!["atlas", "merge", paths[0], paths[1]],
        vec!["atlas", "merge", paths[0], paths[1], paths[1]],
    ] {
        let mut args = args.clone();
        args.extend(["--out", nowhere.to_str().expect("path")]);
        let ran = steerlab(&args);
        assert_eq!(ran.status.code(), Some(1));
        let err = text(&ran.stderr);
        assert!(
            err.contains("shard 3/3 is missing") || err.contains("shard 2/3 is given twice"),
            "{err}"
        );
        assert!(!nowhere.exists());
    }
}

#[test]
fn bad_input_says_where_and_why_and_writes_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    let o = out.to_str().expect("path");
    let cases: [(Vec<&str>, &str); 5] = [
        (
            vec![
                "atlas",
                "boids.ron",
                "--x",
                "polarization",
                "--y",
                "spread",
                "--out",
                o,
            ],
            "no field to vary",
        ),
        (
            vec![
                "atlas",
                SCENE,
                "--x",
                "tightness",
                "--y",
                "spread",
                MASS,
                "--out",
                o,
            ],
            "--x `tightness`: `tightness` is not a metric",
        ),
        (
            vec![
                "atlas",
                SCENE,
                "--x",
                "overshoot",
                "--y",
                "ghosts.spread",
                MASS,
                "--out",
                o,
            ],
            "the scene has no group `ghosts`",
        ),
        (
            vec![
                "atlas",
                SCENE,
                "--x",
                "overshoot",
                "--y",
                "spread",
                MASS,
                "--shard",
                "3/2",
                "--out",
                o,
            ],
            "expected I/N with 1 ≤ I ≤ N",
        ),
        (
            vec![
                "atlas",
                SCENE,
                "--x",
                "overshoot",
                "--y",
                "spread",
                "--param=groups[0].nothing=1..2",
                "--out",
                o,
            ],
            "nothing",
        ),
    ];
    for (args, says) in cases {
        let ran = steerlab(&args);
        assert!(!ran.status.success(), "{args:?}");
        let err = text(&ran.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote {out:?}");
    }
    // The suggestion names fields to vary, with round ranges around the scene's values.
    let ran = steerlab(&[
        "atlas",
        "boids.ron",
        "--x",
        "polarization",
        "--y",
        "spread",
        "--out",
        o,
    ]);
    let err = text(&ran.stderr);
    assert!(err.contains("--param groups[0].max_speed="), "{err}");
}

#[test]
fn a_fill_in_small_steps_is_the_fill_in_one() {
    use steerlab::tuning::atlas::fill::{AtlasOptions, Filling};
    use steerlab::tuning::sweep::Pool;
    use steerlab::tuning::tune::Tuning;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(SCENE);
    let mut scene = steerlab::scene::load(&path).expect("example").into_scene();
    let mut goals = steerlab::scene::Goals::empty(10.0);
    for p in [MASS, RADIUS] {
        let range = p.strip_prefix("--param=").expect("a flag");
        goals.put_range(steerlab::scene::TuneRange::parse(range).expect("a range"));
    }
    scene.goals = Some(goals);
    let tuning = Tuning::open(&scene).expect("a problem");
    let options = AtlasOptions {
        x: "arrivers.overshoot".to_owned(),
        y: "arrivers.time_to_arrive".to_owned(),
        cells: (4, 4),
        budget: 30,
        islands: 3,
        ..AtlasOptions::default()
    };
    let pool = Pool::new(1).expect("pool");
    let whole = steerlab::tuning::atlas::fill::fill(&tuning, "s", &options, &pool, &mut |_| true)
        .expect("filled");
    let mut filling = Filling::new(tuning, "s", &options, 8).expect("a fill");
    let mut steps = 0;
    while filling.step(&pool, 1).expect("a step") {
        steps += 1;
        let p = filling.progress();
        assert!(p.done <= p.total && p.total == 30, "{p:?}");
    }
    assert!(steps >= 29, "one run a step: {steps}");
    assert_eq!(filling.atlas(), Some(whole.clone()));
    // A trajectory for every filled cell, of 8 agents at most.
    let traces = filling.traces();
    assert_eq!(traces.len(), whole.cells.len());
    assert!(
        traces
            .iter()
            .all(|(_, t)| !t.agents.is_empty() && t.agents.len() <= 8)
    );
    // The scene's own metrics: its first probe run.
    let own = |name: &str| {
        filling
            .own_metrics()
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
    };
    let (x, y) = (
        own("arrivers.overshoot").expect("overshoot"),
        own("arrivers.time_to_arrive").expect("time to arrive"),
    );
    // The cell its values land in: on one seed, the cell of its own metrics; and filled, by
    // its run or a better one.
    assert_eq!(whole.plan.seeds.len(), 1, "{:?}", whole.plan.seeds);
    let cell = filling.own_cell().expect("the scene's cell");
    assert_eq!(
        Some(cell),
        whole.plan.x.cell(x).zip(whole.plan.y.cell(y)),
        "({x}, {y})"
    );
    assert!(whole.at(cell.0, cell.1).is_some());
}

/// An atlas written over an earlier, larger one leaves none of the earlier cell scenes behind,
/// and nothing else the folder holds goes.
#[test]
fn an_atlas_written_again_leaves_no_cell_of_the_earlier_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("atlas");
    let cells = out.join("cells");
    std::fs::create_dir_all(&cells).expect("cells");
    // A 6 × 6 atlas has no x07 or y11; a note of the designer's is not a cell.
    for name in ["x07_y00.ron", "x00_y11.ron", "notes.txt", "x1_y2.ron.bak"] {
        std::fs::write(cells.join(name), "earlier").expect("written");
    }
    let ran = arrive_atlas(&out, "24", &[]);
    assert!(ran.status.success(), "{}", text(&ran.stderr));
    let atlas = read_atlas(&out);
    let mut left: Vec<String> = std::fs::read_dir(&cells)
        .expect("cells")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    let mut want: Vec<String> = atlas
        .cells
        .iter()
        .map(|e| format!("x{:02}_y{:02}.ron", e.cell.0, e.cell.1))
        .chain(["notes.txt".to_owned(), "x1_y2.ron.bak".to_owned()])
        .collect();
    want.sort();
    assert!(atlas.cells.len() > 1, "{}", atlas.cells.len());
    assert_eq!(left, want);
}
