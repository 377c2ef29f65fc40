//! Sweeps: field paths set exactly what they name, bad paths and ranges say why and suggest,
//! and a sweep gives the same bytes on any number of threads.

// Exact values are the point: a field set to 123.5 holds 123.5.
#![allow(clippy::float_cmp)]

use steerlab::scene::{self, Scene, presets};
use steerlab::sim::FieldPath;
use steerlab::tuning::sweep::{self, Param, parse_param, with_field};

fn path(text: &str) -> FieldPath {
    FieldPath::parse(text).expect("a path")
}

fn preset(file: &str) -> Scene {
    let p = presets::find(file).expect("preset");
    scene::from_str(p.text, file).expect("valid").into_scene()
}

#[test]
fn setting_a_field_to_its_own_value_changes_nothing_on_every_preset() {
    for p in presets::ALL {
        let s = preset(p.file);
        let fields = sweep::numeric_fields(&s);
        assert!(fields.len() > 10, "{}: {} numbers", p.file, fields.len());
        for field in fields {
            let v = field.get(&mut s.clone()).expect("a number");
            let back = with_field(&s, &field, v).unwrap_or_else(|e| panic!("{}: {e}", p.file));
            assert_eq!(back, s, "{} {field}", p.file);
        }
    }
}

/// Whether a field's RON text is a number, or a choice that carries one number
/// (`SlowingRadius(150.0)`).
fn reads_as_a_number(text: &str) -> bool {
    let inner = text
        .strip_suffix(')')
        .and_then(|t| t.split_once('('))
        .filter(|(name, _)| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .map_or(text, |(_, inner)| inner);
    inner.parse::<f64>().is_ok()
}

#[test]
fn every_number_the_scene_file_writes_can_be_swept() {
    // Everything the file writes as a number is listed, at the same path and with the same
    // value, but the format version, the editor's view, the goals (what good is, not the
    // scene), a painted cell's column and row and an agent's id as a target, which are names
    // of things rather than amounts to tune.
    let skipped = |path: &steerlab::sim::FieldPath, text: &str| {
        let first = path.to_string();
        first == "version"
            || first.starts_with("view")
            || first.starts_with("goals")
            || matches!(path.last_key(), Some("col" | "row"))
            || text.starts_with("Agent(")
    };
    for p in presets::ALL {
        let s = preset(p.file);
        let numbers = sweep::numeric_fields(&s);
        let mut checked = 0;
        for (path, text) in scene::flatten(&s) {
            if !reads_as_a_number(&text) || skipped(&path, &text) {
                continue;
            }
            assert!(numbers.contains(&path), "{}: {path} = {text}", p.file);
            let v = path.get(&mut s.clone()).expect("a number");
            let inner = text
                .split_once('(')
                .map_or(text.as_str(), |(_, inner)| inner.trim_end_matches(')'));
            // Every number in a scene is an f32 or a whole number.
            #[allow(clippy::cast_possible_truncation)]
            let (v, written) = (v as f32, inner.parse::<f32>().unwrap());
            assert_eq!(v.to_bits(), written.to_bits(), "{}: {path}", p.file);
            checked += 1;
        }
        assert!(checked > 5, "{}: {checked}", p.file);
    }
}

#[test]
fn a_field_set_is_that_field_and_no_other() {
    let s = preset("arrive_slowing.ron");
    let g = s
        .groups
        .iter()
        .position(|g| g.arrive.is_some())
        .expect("an arriving group");
    let group = FieldPath::group(g);
    let field = group.key("max_speed");
    let t = with_field(&s, &field, 123.5).expect("sets");
    assert_eq!(t.groups[g].max_speed, 123.5);
    let changes = scene::diff(&scene::flatten(&s), &scene::flatten(&t));
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].path, field);
    // A choice carrying a number keeps the choice.
    let mode = group.key("arrive").key("mode");
    let t = with_field(&s, &mode, 40.0).expect("sets");
    assert_eq!(scene::flatten(&t)[&mode], "SlowingRadius(40.0)");
    // A whole-number field takes the value rounded.
    let t = with_field(&s, &path("seed"), 41.6).expect("sets");
    assert_eq!(t.seed, 42);
}

#[test]
fn bad_paths_and_ranges_say_why() {
    let s = preset("arrive_slowing.ron");
    let e = with_field(&s, &path("groups[0].max_sped"), 1.0).expect_err("unknown");
    assert_eq!(
        e.to_string(),
        "groups[0].max_sped: no such field in this scene; the nearest numeric field is `groups[0].max_speed`"
    );
    let e = with_field(&s, &path("groups[0].name"), 1.0).expect_err("text");
    assert!(
        e.to_string().starts_with("groups[0].name: not a number;"),
        "{e}"
    );
    assert_eq!(
        parse_param("groups[0].mass=1..2:3"),
        Ok(Param {
            field: path("groups[0].mass"),
            lo: 1.0,
            hi: 2.0,
            count: 3
        })
    );
    assert_eq!(parse_param("seed=7").map(|p| p.values()), Ok(vec![7.0]));
    assert!(
        parse_param("groups[0].mass")
            .unwrap_err()
            .contains("expected FIELD=LO..HI:COUNT")
    );
    assert!(parse_param("x=1..2:0").unwrap_err().contains("COUNT `0`"));
    assert!(
        parse_param("x=1..nan:3")
            .unwrap_err()
            .contains("`nan` is not a finite number")
    );
    // A value the scene cannot take names the field and the value.
    let g = s.groups.iter().position(|g| g.arrive.is_some()).unwrap();
    let p = parse_param(&format!("groups[{g}].mass=-1..1:2")).unwrap();
    let e = sweep::variants(&s, &[p]).expect_err("negative mass");
    assert!(e.starts_with(&format!("groups[{g}].mass=-1: ")), "{e}");
}

#[test]
fn values_are_evenly_spaced_and_end_on_hi() {
    let p = parse_param("a=0.1..0.7:4").unwrap();
    assert_eq!(p.values(), vec![0.1, 0.3, 0.5, 0.7]);
}

#[test]
fn combinations_vary_the_first_parameter_slowest_and_run_the_same_on_any_threads() {
    let s = preset("arrive_slowing.ron");
    let g = s.groups.iter().position(|g| g.arrive.is_some()).unwrap();
    let params = [
        parse_param(&format!("groups[{g}].max_speed=100..200:2")).unwrap(),
        parse_param(&format!("groups[{g}].max_force=50..150:3")).unwrap(),
    ];
    let variants = sweep::variants(&s, &params).unwrap();
    let values: Vec<Vec<f64>> = variants.iter().map(|v| v.values.clone()).collect();
    assert_eq!(
        values,
        vec![
            vec![100.0, 50.0],
            vec![100.0, 100.0],
            vec![100.0, 150.0],
            vec![200.0, 50.0],
            vec![200.0, 100.0],
            vec![200.0, 150.0]
        ]
    );
    let one = sweep::run(&variants, 120, 1, &|| {}).unwrap();
    let two = sweep::run(&variants, 120, 2, &|| {}).unwrap();
    assert_eq!(one, two);
    // Different parameters, different runs.
    assert_ne!(one[0], one[5]);
}
