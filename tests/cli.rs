//! The `steerlab` command line as a user runs it: exit codes, messages and the CSV contract.

// Exact values worked out by hand are the point of these tests.
#![allow(clippy::float_cmp)]

mod common;

use std::path::Path;

use common::{run as steerlab, text};

#[test]
fn simulate_twice_gives_identical_bytes() {
    for preset in [
        "presets/boids.ron",
        "presets/hunter_and_prey.ron",
        "presets/wander_circle.ron",
    ] {
        let a = steerlab(&["simulate", preset, "--steps", "300"]);
        let b = steerlab(&["simulate", preset, "--steps", "300"]);
        assert!(a.status.success(), "{}", text(&a.stderr));
        assert_eq!(a.stdout, b.stdout, "{preset}");
        assert!(a.stdout.len() > 1000);
    }
}

#[test]
fn simulate_writes_the_csv_of_the_contract() {
    let out = steerlab(&[
        "simulate",
        "presets/arrive_deceleration.ron",
        "--steps",
        "4",
    ]);
    assert!(out.status.success());
    let csv = text(&out.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "tick,agent,group,x,y,vx,vy,fx,fy");
    // 3 agents x 4 ticks.
    assert_eq!(lines.len(), 1 + 12);
    assert!(lines[1].starts_with("1,0,slow,"), "{}", lines[1]);
    assert!(lines[12].starts_with("4,2,fast,"), "{}", lines[12]);
    // Tick 1 of "fast", by hand: d = 900, speed = min(900 / (1 * 0.3), 250) = 250, so the
    // desired velocity and the force are (250, 0), under max_force 300. With mass 0.05 the
    // acceleration is 5000 u/s^2; over 1/60 s that is vx = 83.33 (below max_speed 250);
    // y stays 550.
    let fields: Vec<&str> = lines[3].split(',').collect();
    assert_eq!(&fields[..3], &["1", "2", "fast"]);
    assert_eq!(fields[4], "550");
    assert_eq!(fields[6], "0");
    assert_eq!(fields[7], "250");
    assert_eq!(fields[8], "0");
    let vx: f32 = fields[5].parse().expect("number");
    assert!((vx - 250.0 / 0.05 / 60.0).abs() < 1e-3, "{vx}");
}

/// `--bits` prints each number as its f32 bit pattern: the same numbers as the decimal CSV,
/// to the bit, and the same rows.
#[test]
fn simulate_bits_prints_the_same_numbers_as_bit_patterns() {
    let decimal = common::run(&["simulate", "hunter_and_prey.ron", "--steps", "20"]);
    let bits = common::run(&["simulate", "hunter_and_prey.ron", "--steps", "20", "--bits"]);
    assert!(decimal.status.success() && bits.status.success());
    let (decimal, bits) = (common::text(&decimal.stdout), common::text(&bits.stdout));
    assert_eq!(decimal.lines().count(), bits.lines().count());
    assert_eq!(decimal.lines().next(), bits.lines().next(), "the header");
    let mut numbers = 0;
    for (d, b) in decimal.lines().zip(bits.lines()).skip(1) {
        let (d, b): (Vec<&str>, Vec<&str>) = (d.split(',').collect(), b.split(',').collect());
        assert_eq!(d[..3], b[..3], "tick, agent, group");
        for (x, hex) in d[3..].iter().zip(&b[3..]) {
            assert_eq!(hex.len(), 8, "{hex}");
            let from_bits = f32::from_bits(u32::from_str_radix(hex, 16).expect("hex"));
            assert_eq!(
                x.parse::<f32>().expect("a number").to_bits(),
                from_bits.to_bits()
            );
            numbers += 1;
        }
    }
    assert_eq!(numbers, 6 * 14 * 20);
}

#[test]
fn simulate_out_writes_the_same_bytes_to_a_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("run.csv");
    let to_file = steerlab(&[
        "simulate",
        "presets/seek.ron",
        "--steps",
        "50",
        "--out",
        file.to_str().expect("utf-8"),
    ]);
    assert!(to_file.status.success(), "{}", text(&to_file.stderr));
    assert!(to_file.stdout.is_empty());
    let to_stdout = steerlab(&["simulate", "presets/seek.ron", "--steps", "50"]);
    assert_eq!(std::fs::read(&file).expect("read"), to_stdout.stdout);
}

#[test]
fn simulate_accepts_a_built_in_preset_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = common::steerlab()
        .args(["simulate", "boids.ron", "--steps", "2"])
        .current_dir(dir.path())
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("tick,agent,group"));
}

#[test]
fn a_preset_name_works_wherever_a_scene_does_or_is_suggested() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = |args: &[&str]| {
        common::steerlab()
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("run")
    };
    // By its name alone, as well as by its file name.
    let out = run(&["validate", "hunter_and_prey", "boids.ron"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&["metrics", "arrive_slowing", "--steps", "5"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let gif = dir.path().join("h.gif");
    let out = run(&[
        "render",
        "hunter_and_prey",
        "--frames",
        "2",
        "--size",
        "64x48",
        "--out",
        gif.to_str().expect("utf-8"),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // A near miss names the preset it was probably meant to be.
    let out = run(&["validate", "hunter_and_pray"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("did you mean the built-in preset `hunter_and_prey`?"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn help_says_what_no_command_does() {
    let out = steerlab(&["--help"]);
    assert!(
        text(&out.stdout).contains("With no command, steerlab opens the editor"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn help_says_that_a_png_is_an_animated_png() {
    let out = steerlab(&["render", "--help"]);
    assert!(text(&out.stdout).contains("APNG"), "{}", text(&out.stdout));
}

#[test]
fn each_command_s_help_describes_that_command_alone() {
    let link = text(&steerlab(&["link", "--help"]).stdout);
    assert!(
        link.starts_with("Print, one per line, the web link"),
        "{link}"
    );
    let level = text(&steerlab(&["level", "--help"]).stdout);
    assert!(
        level.starts_with("Trace a black-and-white picture"),
        "{level}"
    );
    assert!(!level.contains("web link"), "{level}");
}

#[test]
fn a_bad_flag_exits_2_with_usage() {
    for args in [
        &["simulate", "presets/seek.ron", "--steps", "ten"][..],
        &["simulate", "presets/seek.ron"][..],
        &[
            "simulate",
            "presets/seek.ron",
            "--steps",
            "3",
            "--frobnicate",
        ][..],
        &["frobnicate"][..],
        &["validate"][..],
    ] {
        let out = steerlab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains("Usage"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_missing_or_malformed_scene_exits_1_with_file_line_and_column() {
    let out = steerlab(&["simulate", "no/such/scene.ron", "--steps", "3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).trim(),
        "no/such/scene.ron: does not exist"
    );
    assert!(out.stdout.is_empty());

    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.ron");
    std::fs::write(
        &bad,
        "(\n    version: 1,\n    name: \"x\"\n    world: (width: 1, height: 1),\n)",
    )
    .expect("write");
    let out = steerlab(&["simulate", bad.to_str().expect("utf-8"), "--steps", "3"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!("{}:4:5: ", bad.display())),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn simulate_into_an_unwritable_place_fails_cleanly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let target = dir.path().join("missing-dir/run.csv");
    let out = steerlab(&[
        "simulate",
        "presets/seek.ron",
        "--steps",
        "3",
        "--out",
        target.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot write"),
        "{}",
        text(&out.stderr)
    );
    assert!(!target.exists());
}

#[test]
fn validate_reports_every_file_and_exits_1_if_any_is_invalid() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.ron");
    let good = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/seek.ron");
    let text_bad = std::fs::read_to_string(&good).expect("read").replacen(
        "circle_radius: 40.0",
        "circle_radius: -40.0",
        1,
    );
    std::fs::write(&bad, text_bad).expect("write");
    let out = steerlab(&[
        "validate",
        good.to_str().expect("utf-8"),
        bad.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    // What is valid goes to standard output, the errors to standard error (the contract).
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(stdout.contains("seek.ron: ok"), "{stdout}");
    assert!(
        stderr.contains(&format!(
            "{}:32:32: groups[0].wander.circle_radius: must be >= 0, got -40",
            bad.display()
        )),
        "{stderr}"
    );
    assert!(!stdout.contains("bad.ron"), "{stdout}");
    let all_good = steerlab(&["validate", good.to_str().expect("utf-8")]);
    assert_eq!(all_good.status.code(), Some(0));
    let dir_given = steerlab(&["validate", dir.path().to_str().expect("utf-8")]);
    assert_eq!(dir_given.status.code(), Some(1));
    assert!(text(&dir_given.stderr).contains("is a directory"));
}

#[test]
fn the_editor_without_a_display_fails_with_a_message() {
    let out = common::steerlab()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("cannot open the editor window"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn edit_on_a_bad_file_exits_1_with_where_and_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "(version: 1, nam: \"x\")").expect("write");
    let out = common::steerlab()
        .args(["edit", bad.to_str().expect("utf-8")])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!("{}:1:14: ", bad.display())),
        "{err}"
    );
    assert!(err.contains("did you mean `name`?"), "{err}");
}

#[test]
fn bench_prints_one_json_object_per_run() {
    for args in [
        &[
            "bench",
            "--agents",
            "600",
            "--steps",
            "3",
            "--threads",
            "2",
            "--json",
        ][..],
        &[
            "bench", "--agents", "300", "--steps", "2", "--naive", "--json",
        ][..],
        &[
            "bench",
            "--agents",
            "300",
            "--steps",
            "2",
            "--metrics",
            "--json",
        ][..],
        &[
            "bench", "--frame", "--agents", "300", "--steps", "2", "--json",
        ][..],
    ] {
        let out = steerlab(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 1, "{stdout}");
        let json = lines[0];
        assert!(json.starts_with('{') && json.ends_with('}'), "{json}");
        for key in [
            "\"agents\":",
            "\"steps\":",
            "\"threads\":",
            "\"naive\":",
            "\"agent_steps_per_sec\":",
        ] {
            assert!(json.contains(key), "{key} missing: {json}");
        }
        let timing = if args.contains(&"--frame") {
            "\"ms_per_frame\":"
        } else {
            "\"ms_per_step\":"
        };
        assert!(json.contains(timing), "{json}");
        if !args.contains(&"--frame") {
            assert!(json.contains("\"mean_neighbors\":"), "{json}");
            // The recorder's share of the tick: a number with the metrics on, else null.
            let share = json.contains("\"metrics_ms_per_step\":null");
            assert_eq!(share, !args.contains(&"--metrics"), "{json}");
            // The threads' round trip before and after the ticks: none where the ticks run on
            // one thread (asked for, or under 512 agents), else two positive figures, or none
            // where it could not be measured (one core, or a machine too busy for two threads
            // at once, as it may be while the other tests run).
            let trip = json
                .split("\"round_trip_ns\":")
                .nth(1)
                .and_then(|rest| rest.strip_suffix('}'))
                .unwrap_or_else(|| panic!("round_trip_ns missing or not last: {json}"));
            let parallel = args.windows(2).any(|w| w == ["--threads", "2"])
                && args.windows(2).any(|w| w == ["--agents", "600"]);
            if !parallel {
                assert_eq!(trip, "null", "{json}");
            } else if trip != "null" {
                let figures: Vec<f64> = trip
                    .trim_matches(|c| c == '[' || c == ']')
                    .split(',')
                    .map(|v| v.parse().expect("a number"))
                    .collect();
                assert_eq!(figures.len(), 2, "{json}");
                assert!(figures.iter().all(|&ns| ns > 0.0), "{json}");
            }
        }
    }
    let bad = steerlab(&["bench", "--agents", "lots"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn validate_prints_warnings_and_deny_warnings_fails_on_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let scene = common::preset_text("arrive_slowing.ron").replacen(
        "SlowingRadius(150.0)",
        "SlowingRadius(0.0)",
        1,
    );
    let file = common::write(dir.path(), "zero.ron", scene);
    let path = file.to_str().expect("utf-8");
    let out = steerlab(&["validate", path]);
    assert_eq!(out.status.code(), Some(0), "warnings alone pass");
    assert_eq!(text(&out.stdout), format!("{path}: ok, 1 warning\n"));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(&format!(
            "{path}:34:23: warning: groups[0].arrive.mode: slowing radius is 0"
        )),
        "{stderr}"
    );
    let denied = steerlab(&["validate", "--deny-warnings", path]);
    assert_eq!(denied.status.code(), Some(1));
    // Built-in presets by name, as simulate takes them.
    let preset = steerlab(&["validate", "--deny-warnings", "boids.ron"]);
    assert_eq!(preset.status.code(), Some(0));
    assert_eq!(text(&preset.stdout), "boids.ron: ok\n");
}

#[test]
fn sweep_writes_the_same_bytes_at_one_and_two_threads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut outputs = Vec::new();
    for (threads, ext) in [("1", "csv"), ("2", "csv"), ("1", "json"), ("2", "json")] {
        let out = dir.path().join(format!("t{threads}.{ext}"));
        let run = steerlab(&[
            "sweep",
            "boids.ron",
            "--param",
            "groups[0].separation.radius=5..25:3",
            "--param",
            "groups[1].max_speed=100..160:2",
            "--steps",
            "120",
            "--threads",
            threads,
            "--out",
            out.to_str().expect("utf-8"),
        ]);
        assert!(run.status.success(), "{}", text(&run.stderr));
        outputs.push(std::fs::read(&out).expect("written"));
    }
    assert_eq!(
        outputs[0], outputs[1],
        "CSV differs between 1 and 2 threads"
    );
    assert_eq!(
        outputs[2], outputs[3],
        "JSON differs between 1 and 2 threads"
    );
    let csv = String::from_utf8(outputs[0].clone()).expect("utf-8");
    let lines: Vec<&str> = csv.lines().collect();
    // A header and 3 × 2 variants, the first parameter varying slowest.
    assert_eq!(lines.len(), 7);
    assert!(
        lines[0]
            .starts_with("variant,groups[0].separation.radius,groups[1].max_speed,blue.arrived,"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("0,5,100,"), "{}", lines[1]);
    assert!(lines[2].starts_with("1,5,160,"), "{}", lines[2]);
    assert!(lines[6].starts_with("5,25,160,"), "{}", lines[6]);
}

#[test]
fn sweep_and_metrics_say_what_is_wrong() {
    let run = steerlab(&[
        "sweep",
        "arrive_slowing.ron",
        "--param",
        "groups[0].arrive.slowing_radius=20..300:8",
        "--steps",
        "10",
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(
        text(&run.stderr).trim(),
        "arrive_slowing.ron: groups[0].arrive.slowing_radius: no such field in this scene; \
         the nearest numeric field is `groups[0].arrive.dead_band`"
    );
    let run = steerlab(&[
        "sweep",
        "arrive_slowing.ron",
        "--param",
        "groups[0].arrive.mode=20..300:8",
        "--steps",
        "10",
        "--metric",
        "overshot",
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("unknown metric `overshot`; did you mean `overshoot`?"),
        "{}",
        text(&run.stderr)
    );
    let run = steerlab(&["metrics", "arrive_slowing.ron", "--steps", "600", "--json"]);
    assert!(run.status.success());
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).expect("json");
    assert_eq!(v["ticks"], 600);
    assert_eq!(v["groups"][0]["name"], "arrivers");
    assert_eq!(v["groups"][0]["metrics"]["arrived"], 1.0);
}

#[test]
fn sweep_prints_its_metrics_in_the_order_asked_for() {
    let run = steerlab(&[
        "sweep",
        "arrive_slowing.ron",
        "--param",
        "groups[0].max_speed=100..200:2",
        "--steps",
        "600",
        "--metric",
        "overshoot",
        "--metric",
        "arrived",
    ]);
    let header = text(&run.stdout)
        .lines()
        .next()
        .map(str::to_owned)
        .unwrap_or_default();
    let overshoot = header.find("overshoot").expect("overshoot");
    let arrived = header.find("arrived").expect("arrived");
    assert!(overshoot < arrived, "{header}");
}

#[test]
fn the_tuning_doc_sweep_example_prints_the_table_the_tuning_doc_shows() {
    let readme = std::fs::read_to_string("docs/tuning.md").expect("docs/tuning.md");
    let command = readme
        .lines()
        .find(|l| {
            l.trim_start()
                .starts_with("steerlab sweep docs/examples/arrive_overshoot.ron")
        })
        .expect("the worked example's command")
        .trim();
    let at = readme.find(command).expect("command") + command.len();
    let table: Vec<&str> = readme[at..]
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| l.starts_with("    "))
        .map(|l| &l[4..])
        .collect();
    // The command as a shell would split it (its one quoted argument has no spaces).
    let args: Vec<String> = command
        .split_whitespace()
        .skip(1)
        .map(|a| a.trim_matches('\'').to_owned())
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = steerlab(&args);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout).lines().collect::<Vec<_>>(), table);
}

/// The arrive preset with goals: its file text and where it was written.
fn with_goals(dir: &std::path::Path, list: &str) -> std::path::PathBuf {
    let text = common::preset_text("arrive_slowing.ron");
    let end = text.rfind(')').expect("closing paren");
    let text = format!(
        "{}    goals: (\n        seconds: 8.0,\n        seeds: 3,\n        list: [{list}],\n    ),\n)\n",
        &text[..end]
    );
    common::write(dir, "goals.ron", text)
}

#[test]
fn check_runs_the_goals_on_every_seed_and_reports_the_worst() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = with_goals(
        dir.path(),
        r#"(group: "arrivers", metric: "overshoot", at_most: 1.0), (group: "arrivers", metric: "time_to_arrive", at_most: 60.0)"#,
    );
    let path = file.to_str().expect("utf-8");
    let run = steerlab(&["check", path, "--json"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).expect("json");
    assert_eq!(v["holds"], true);
    let t = &v["goals"][1];
    assert_eq!(t["seeds"].as_array().map(Vec::len), Some(3));
    // The worst seed is the one reported: the largest time to arrive of the three.
    let values: Vec<f64> = t["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect();
    let largest = values.iter().copied().fold(f64::MIN, f64::max);
    assert_eq!(t["worst"].as_f64(), Some(largest));
    assert!(
        values.iter().any(|&x| x < largest),
        "the seeds differ: {values:?}"
    );
    // The same bytes on one thread and on two.
    let one = steerlab(&["check", path, "--json", "--threads", "1"]);
    let two = steerlab(&["check", path, "--json", "--threads", "2"]);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, run.stdout);
    // A goal that fails: exit 1, and the table says which.
    let file = with_goals(
        dir.path(),
        r#"(group: "arrivers", metric: "time_to_arrive", at_most: 0.1)"#,
    );
    let run = steerlab(&["check", file.to_str().expect("utf-8")]);
    assert_eq!(run.status.code(), Some(1));
    let table = text(&run.stdout);
    assert!(table.contains("arrivers.time_to_arrive <= 0.1"), "{table}");
    assert!(table.contains("FAIL"), "{table}");
}

/// A goal marked `meant_to_miss` that misses says so and does not fail the check; one that
/// holds says that too.
#[test]
fn a_goal_meant_to_miss_is_missed_as_meant_and_does_not_fail() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = with_goals(
        dir.path(),
        r#"(group: "arrivers", metric: "time_to_arrive", at_most: 0.1, meant_to_miss: true), (group: "arrivers", metric: "time_to_arrive", at_most: 60.0, meant_to_miss: true)"#,
    );
    let path = file.to_str().expect("utf-8");
    let run = steerlab(&["check", path]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stdout));
    let table = text(&run.stdout);
    let rows: Vec<&str> = table.lines().skip(1).collect();
    assert!(rows[0].ends_with("missed, as meant"), "{table}");
    assert!(rows[1].ends_with("met, though meant to miss"), "{table}");
    let run = steerlab(&["check", path, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).expect("json");
    assert_eq!(v["holds"], false);
    assert_eq!(v["as_meant"], true);
    assert_eq!(v["goals"][0]["verdict"], "missed, as meant");
    assert_eq!(v["goals"][0]["meant_to_miss"], true);
}

/// Every shipped preset with goals is as it means to be on every seed its goals run on: the
/// ORCA variants meet every goal, the steering variants miss only the goals they mark as meant
/// to (so a change that breaks a preset's goals fails here).
#[test]
fn every_shipped_preset_with_goals_passes_its_check() {
    let with_goals: Vec<String> = steerlab::scene::presets::ALL
        .iter()
        .filter(|p| {
            steerlab::scene::from_str(p.text, p.file)
                .expect("a valid preset")
                .scene()
                .goals
                .is_some()
        })
        .map(|p| format!("presets/{}", p.file))
        .collect();
    assert!(with_goals.len() >= 10, "{with_goals:?}");
    let mut args = vec!["check", "--json"];
    args.extend(with_goals.iter().map(String::as_str));
    let run = steerlab(&args);
    let out = text(&run.stdout);
    let mut missed_as_meant = 0;
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("one JSON object a scene");
        let file = v["file"].as_str().expect("file").to_owned();
        for g in v["goals"].as_array().expect("goals") {
            let verdict = g["verdict"].as_str().expect("verdict");
            assert!(
                verdict == "pass" || verdict == "missed, as meant",
                "{file}: {}.{} {verdict} on seeds {} with {}",
                g["group"],
                g["metric"],
                g["seeds"],
                g["values"]
            );
            missed_as_meant += usize::from(verdict == "missed, as meant");
            if file.contains("orca") {
                assert_eq!(verdict, "pass", "{file}: ORCA meets every goal");
            }
        }
    }
    assert_eq!(out.lines().count(), with_goals.len(), "{out}");
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(missed_as_meant > 0, "the steering variants miss some");
}

#[test]
fn goals_that_name_nothing_are_refused_where_they_are() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = with_goals(
        dir.path(),
        r#"(group: "arrivers", metric: "overshot", at_most: 1.0), (group: "arivers", metric: "overshoot", at_most: 1.0, at_least: 0.0)"#,
    );
    let run = steerlab(&["check", file.to_str().expect("utf-8")]);
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(
        err.contains("goals.list[0].metric: unknown metric `overshot`; did you mean `overshoot`?"),
        "{err}"
    );
    assert!(
        err.contains("goals.list[1].group: unknown group `arivers`; did you mean `arrivers`?"),
        "{err}"
    );
    assert!(err.contains("goals.list[1]: give exactly one of"), "{err}");
    // A scene without goals says so, and fails the check.
    let run = steerlab(&["check", "arrive_slowing"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(text(&run.stderr).contains("the scene has no goals"));
}

#[test]
fn goals_round_trip_through_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = with_goals(
        dir.path(),
        r#"(group: "arrivers", metric: "overshoot", minimize: true)"#,
    );
    let scene = steerlab::scene::load(&file).expect("valid").into_scene();
    let goals = scene.goals.as_ref().expect("goals");
    assert_eq!((goals.seconds, goals.seeds, goals.list.len()), (8.0, 3, 1));
    let again =
        steerlab::scene::from_str(&steerlab::scene::to_string(&scene), "again").expect("valid");
    assert_eq!(again, scene);
}

#[test]
fn an_out_path_of_a_kind_a_command_cannot_write_is_a_usage_error_listing_the_kinds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let at = |name: &str| dir.path().join(name).to_str().expect("utf-8").to_owned();
    let sweep = [
        "sweep",
        "no-such.ron",
        "--param",
        "groups[0].max_speed=1..2:2",
        "--steps",
        "2",
    ];
    let cases: [(Vec<&str>, String, String); 5] = [
        (
            vec!["render", "no-such.ron", "--frames", "2"],
            at("clip.webm"),
            "steerlab render: --out {}: cannot write .webm; it writes .mp4, .gif, .png (.apng) \
             or a folder of PNG frames"
                .to_owned(),
        ),
        (
            sweep.to_vec(),
            at("table.txt"),
            "steerlab sweep: --out {}: cannot write .txt; it writes .csv or .json".to_owned(),
        ),
        (
            sweep.to_vec(),
            at("table"),
            "steerlab sweep: --out {}: no extension to choose the format by; it writes .csv or \
             .json"
                .to_owned(),
        ),
        (
            vec!["simulate", "no-such.ron", "--steps", "2"],
            at("run.json"),
            "steerlab simulate: --out {}: cannot write .json; it writes .csv".to_owned(),
        ),
        (
            vec!["tune", "no-such.ron"],
            at("tuned.json"),
            "steerlab tune: --out {}: cannot write .json; it writes a scene, .ron".to_owned(),
        ),
    ];
    for (args, out, message) in cases {
        let mut args = args.clone();
        args.extend(["--out", &out]);
        let run = steerlab(&args);
        // Refused before the scene is read (it does not exist) or anything is written.
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&run.stderr),
            format!("{}\n", message.replace("{}", &out)),
            "{args:?}"
        );
        assert!(run.stdout.is_empty());
    }
    assert_eq!(std::fs::read_dir(dir.path()).expect("dir").count(), 0);
    // What each writes, in any case of letters; for render, a name without an extension, or
    // ending in a slash, is a folder of frames.
    for (args, out) in [
        (
            vec!["render", "seek.ron", "--frames", "1", "--size", "32x24"],
            at("clip.GIF"),
        ),
        (
            vec!["render", "seek.ron", "--frames", "1", "--size", "32x24"],
            at("frames.v2/"),
        ),
        (vec!["simulate", "seek.ron", "--steps", "1"], at("run.CSV")),
        (vec!["simulate", "seek.ron", "--steps", "1"], at("run")),
    ] {
        let mut args = args.clone();
        args.extend(["--out", &out]);
        let run = steerlab(&args);
        assert!(run.status.success(), "{args:?}: {}", text(&run.stderr));
    }
    assert!(dir.path().join("frames.v2/frame_00000.png").exists());
}

/// `tests/fixtures/level.png` (100 × 70 pixels): a black frame 5 pixels wide and two black
/// blocks, pixels 30–33 × 15–47 and 60–63 × 22–59. Stretched over `navigate_level.ron`'s world
/// (1000 × 700, 10 units a pixel), the level is the frame's inside and the two blocks, corner
/// for corner; a picture with no light pixel, or a missing one, saves nothing.
#[test]
fn level_traces_a_drawn_picture_into_the_expected_polygons() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("level.ron");
    let fixture = |name: &str| {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name)
    };
    let o = steerlab(&[
        "level",
        fixture("level.png").to_str().expect("utf-8"),
        "--scene",
        "navigate_level.ron",
        "--out",
        out.to_str().expect("utf-8"),
        "--tolerance",
        "0",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("2 holes, 12 corners"),
        "{}",
        text(&o.stdout)
    );
    let scene = steerlab::scene::load(&out)
        .expect("a valid scene")
        .into_scene();
    let points = |list: &[(f32, f32)]| {
        list.iter()
            .map(|&(x, y)| glam::Vec2::new(x, y))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        scene.level.boundary,
        points(&[(50.0, 50.0), (50.0, 650.0), (950.0, 650.0), (950.0, 50.0)])
    );
    assert_eq!(
        scene.level.holes,
        vec![
            points(&[
                (300.0, 150.0),
                (340.0, 150.0),
                (340.0, 480.0),
                (300.0, 480.0)
            ]),
            points(&[
                (600.0, 220.0),
                (640.0, 220.0),
                (640.0, 600.0),
                (600.0, 600.0)
            ]),
        ]
    );
    // The walkers still find their way across the traced level.
    let mut world = scene.build_world().expect("builds");
    for _ in 0..60 {
        world.step();
    }
    assert!(
        world
            .agents()
            .iter()
            .all(|a| a.route().unreachable.is_none())
    );
    // A missing picture saves nothing.
    let missing = dir.path().join("none.ron");
    let o = steerlab(&[
        "level",
        "no-such.png",
        "--scene",
        "navigate_level.ron",
        "--out",
        missing.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("cannot read the picture"),
        "{}",
        text(&o.stderr)
    );
    assert!(!missing.exists());
}

/// `render` takes its length in seconds (as `sheet` does), 5 s by default; `--frames` still
/// gives it in frames, and the two together are refused.
#[test]
fn render_takes_seconds_and_has_a_default_length() {
    let dir = tempfile::tempdir().expect("tempdir");
    let frames_in = |dir: &std::path::Path| std::fs::read_dir(dir).expect("dir").count();
    let out = dir.path().join("half/");
    let run = steerlab(&[
        "render",
        "arrive_slowing.ron",
        "--seconds",
        "0.5",
        "--fps",
        "10",
        "--size",
        "64x48",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(frames_in(&out), 5);
    let out = dir.path().join("default/");
    let run = steerlab(&[
        "render",
        "arrive_slowing.ron",
        "--fps",
        "2",
        "--size",
        "64x48",
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(frames_in(&out), 10, "5 s at 2 frames a second");
    let run = steerlab(&[
        "render",
        "seek.ron",
        "--frames",
        "3",
        "--seconds",
        "1",
        "--out",
        "x/",
    ]);
    assert_eq!(run.status.code(), Some(2));
    let run = steerlab(&["render", "seek.ron", "--seconds", "-1", "--out", "x/"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("--seconds -1"),
        "{}",
        text(&run.stderr)
    );
}

/// A sheet made without `--page` has no link to a web editor a wiki's reader does not have,
/// and says how to add one.
#[test]
fn a_sheet_without_a_page_has_no_dead_link() {
    let dir = tempfile::tempdir().expect("tempdir");
    let run = steerlab(&[
        "sheet",
        "seek.ron",
        "--seconds",
        "0.2",
        "--size",
        "64x48",
        "--out",
        dir.path().to_str().expect("utf-8"),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let md = std::fs::read_to_string(dir.path().join("seek.md")).expect("page");
    assert!(!md.contains("localhost"), "{md}");
    assert!(!md.contains("#scene="), "{md}");
    assert!(md.contains("`--page URL`"), "{md}");
}

/// A reader that stops reading at once (`steerlab validate … | head -0`): every command that
/// prints ends as it does with a reader, with the same exit code and no panic, and one that
/// writes a file writes the same file.
#[test]
fn a_reader_that_stops_reading_does_not_make_a_command_panic() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("atlas");
    let out_arg = out.to_str().expect("a UTF-8 temp path");
    let written_atlas = out.join("atlas.ron");
    let commands: [&[&str]; 5] = [
        &[
            "validate",
            "presets/boids.ron",
            "presets/seek.ron",
            "presets/flee.ron",
        ],
        &["metrics", "presets/boids.ron", "--steps", "30"],
        &["simulate", "presets/boids.ron", "--steps", "30"],
        &[
            "sweep",
            "presets/arrive_slowing.ron",
            "--param",
            "groups[0].max_speed=50..200:4",
            "--steps",
            "30",
        ],
        &[
            "atlas",
            "docs/examples/arrive_overshoot.ron",
            "--x",
            "overshoot",
            "--y",
            "time_to_arrive",
            "--param=groups[0].mass=0.05..2",
            "--param=groups[0].arrive.mode=50..800",
            "--cells",
            "3",
            "--budget",
            "12",
            "--out",
            out_arg,
        ],
    ];
    for args in commands {
        let read = steerlab(args);
        assert!(!read.stdout.is_empty(), "{args:?} prints something");
        let written = std::fs::read(&written_atlas).ok();
        let _ = std::fs::remove_dir_all(&out);
        let mut child = common::steerlab()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run steerlab");
        // The reader goes before the command writes a byte.
        drop(child.stdout.take());
        let unread = child.wait_with_output().expect("wait for steerlab");
        let stderr = text(&unread.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(
            unread.status.code(),
            read.status.code(),
            "{args:?}: {stderr}"
        );
        assert_eq!(std::fs::read(&written_atlas).ok(), written, "{args:?}");
    }
    assert!(
        written_atlas.is_file(),
        "the atlas was written with no reader"
    );
}
