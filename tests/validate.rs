//! `steerlab validate` reports every problem it can find in a file, each where it is and why,
//! while loading for the editor or a run still refuses a file with any.

mod common;

use common::{run as steerlab, text};

/// The seek preset with three problems of different kinds: an unknown field in the first
/// group, a value of the wrong kind in the second, a number out of its range in the view.
fn three_problems() -> String {
    let mut scene = common::preset_text("seek.ron").to_owned();
    for (from, to) in [
        ("circle_radius: 40.0", "circle_radus: 40.0"),
        ("max_speed: 160.0", "max_speed: \"fast\""),
        ("zoom: 1.0", "zoom: 100.0"),
    ] {
        assert!(scene.contains(from), "{from}");
        scene = scene.replacen(from, to, 1);
    }
    scene
}

/// The three problems' lines, for a file at `path`.
fn three_lines(path: &str) -> String {
    format!(
        "{path}:32:17: groups[0].wander.circle_radus: unknown field `circle_radus`; did you mean \
         `circle_radius`? (expected one of `enabled`, `weight`, `probability`, \
         `circle_distance`, `circle_radius`, `angle_change_rad`)\n\
         {path}:46:23: groups[1].max_speed: must be a number like 1.5, got `\"fast\"`\n\
         {path}:71:15: view.zoom: must be from 0.1 to 50, got 100\n"
    )
}

#[test]
fn validate_reports_problems_of_every_kind_in_one_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = common::write(dir.path(), "three.ron", three_problems());
    let path = file.to_str().expect("utf-8");
    let out = steerlab(&["validate", path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), three_lines(path));
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn validate_reports_a_syntax_error_once_and_passes_a_clean_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let broken = common::preset_text("seek.ron").replacen("max_speed: 90.0,", "max_speed: 90.0", 1);
    let file = common::write(dir.path(), "comma.ron", broken);
    let path = file.to_str().expect("utf-8");
    let out = steerlab(&["validate", path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!("{path}:24:13: groups[0]: expected a comma before the next value, got `mass:`\n")
    );
    let clean = common::write(dir.path(), "seek.ron", common::preset_text("seek.ron"));
    let clean = clean.to_str().expect("utf-8");
    let out = steerlab(&["validate", clean, path]);
    assert_eq!(out.status.code(), Some(1), "one of the two is broken");
    assert_eq!(text(&out.stdout), format!("{clean}: ok\n"));
    let out = steerlab(&["validate", clean]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), format!("{clean}: ok\n"));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn the_library_reports_every_problem_but_accepts_none() {
    let scene = three_problems();
    let all = steerlab::scene::check_all(&scene, "s.ron").expect_err("refused");
    assert_eq!(format!("{all}\n"), three_lines("s.ron"));
    // Loading stops at the first, and refuses the file.
    let first = steerlab::scene::from_str(&scene, "s.ron").expect_err("refused");
    assert_eq!(first.0, all.0[..1]);
    let dir = tempfile::tempdir().expect("tempdir");
    let file = common::write(dir.path(), "three.ron", &scene);
    let lines = three_lines(file.to_str().expect("utf-8"));
    assert_eq!(
        format!("{}\n", steerlab::scene::load(&file).expect_err("refused")),
        lines.lines().next().expect("a line").to_owned() + "\n"
    );
    assert_eq!(
        format!(
            "{}\n",
            steerlab::scene::load_all(&file).expect_err("refused")
        ),
        lines
    );
    // A clean scene reads the same both ways, warnings and all.
    let clean = common::preset_text("arrive_slowing.ron").replacen(
        "SlowingRadius(150.0)",
        "SlowingRadius(0.0)",
        1,
    );
    let checked = steerlab::scene::check_str(&clean, "a.ron").expect("valid");
    assert_eq!(checked.warnings.len(), 1);
    assert_eq!(steerlab::scene::check_all(&clean, "a.ron"), Ok(checked));
}

#[test]
fn simulate_and_the_editor_refuse_a_file_with_any_problem() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = common::write(dir.path(), "three.ron", three_problems());
    let path = file.to_str().expect("utf-8");
    let first = three_lines(path).lines().next().expect("a line").to_owned() + "\n";
    let out = steerlab(&["simulate", path, "--steps", "2"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "", "no CSV");
    assert_eq!(text(&out.stderr), first);
    let out = common::steerlab()
        .args(["edit", path])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with(&first),
        "{}",
        text(&out.stderr)
    );
}

/// A block that crosses itself, a block wholly outside the outline and an outline that crosses
/// itself are refused, each where it is written and with the edges or the corner at fault; a
/// block over the outline's edge is not.
#[test]
fn a_level_whose_polygons_cross_or_leave_the_outline_is_refused_where_it_is() {
    let dir = tempfile::tempdir().expect("tempdir");
    let scene = |level: &str| {
        let text = common::preset_text("navigate_level.ron");
        let start = text.find("    level: (").expect("a level");
        let end = start + text[start..].find("\n    ),\n").expect("its end") + 7;
        format!("{}{level}{}", &text[..start], &text[end..])
    };
    let blocks = scene(
        "    level: (
        boundary: [(50.0, 50.0), (950.0, 50.0), (950.0, 650.0), (50.0, 650.0)],
        holes: [
            [(100.0, 100.0), (200.0, 200.0), (200.0, 100.0), (100.0, 200.0)],
            [(960.0, 100.0), (990.0, 100.0), (960.0, 200.0)],
            [(300.0, 300.0), (400.0, 300.0), (400.0, 400.0)],
            [(900.0, 500.0), (990.0, 500.0), (900.0, 600.0)],
        ],
    ),",
    );
    let file = common::write(dir.path(), "blocks.ron", blocks);
    let run = steerlab(&["validate", file.to_str().expect("utf-8")]);
    assert_eq!(run.status.code(), Some(1));
    let out = text(&run.stdout) + &text(&run.stderr);
    assert!(
        out.contains(
            "level.holes[0]: this block crosses itself: its edge from corner 0 (100, 100) to \
             (200, 200) meets its edge from corner 2 (200, 100) to (100, 200)"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "level.holes[1]: this block lies wholly outside the level's outline: it walls off \
             nothing there (its first corner is (960, 100))"
        ),
        "{out}"
    );
    assert!(
        !out.contains("level.holes[2]"),
        "a plain triangle is fine: {out}"
    );
    assert!(
        !out.contains("level.holes[3]"),
        "over the outline's edge is fine: {out}"
    );
    // Located at the block's line.
    let line = |needle: &str| {
        text_of(&file)
            .lines()
            .position(|l| l.contains(needle))
            .map(|k| k + 1)
            .expect("in the file")
    };
    assert!(
        out.contains(&format!(
            "blocks.ron:{}:",
            line("(100.0, 100.0), (200.0, 200.0)")
        )),
        "{out}"
    );
    let outline = scene(
        "    level: (
        boundary: [(50.0, 50.0), (950.0, 650.0), (950.0, 50.0), (50.0, 650.0)],
    ),",
    );
    let file = common::write(dir.path(), "outline.ron", outline);
    let run = steerlab(&["validate", file.to_str().expect("utf-8")]);
    assert_eq!(run.status.code(), Some(1));
    let out = text(&run.stdout) + &text(&run.stderr);
    assert!(
        out.contains("level.boundary: the outline crosses itself: its edge from corner 0"),
        "{out}"
    );
}

fn text_of(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).expect("read")
}
