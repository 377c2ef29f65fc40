//! Sweeps: field paths set exactly what they name, bad paths and ranges say why and suggest,
//! and a sweep gives the same bytes on any number of threads.

// Exact values are the point: a field set to 123.5 holds 123.5.
#![allow(clippy::float_cmp)]

use steerlab::scene::sweep::{self, Param, parse_param, with_field};
use steerlab::scene::{self, Scene, presets};

fn preset(file: &str) -> Scene {
    let p = presets::find(file).expect("preset");
    scene::from_str(p.text, file).expect("valid")
}

#[test]
fn setting_a_field_to_its_own_value_changes_nothing_on_every_preset() {
    for p in presets::ALL {
        let s = preset(p.file);
        for field in sweep::numeric_fields(&s) {
            let text = scene::fields::flatten(&s)[&field].clone();
            // A number, or a choice carrying one (`SlowingRadius(150.0)`).
            let number = text
                .split_once('(')
                .map_or(text.as_str(), |(_, inner)| inner.trim_end_matches(')'));
            let v: f64 = number.parse().expect("numeric");
            let back = with_field(&s, &field, v).unwrap_or_else(|e| panic!("{}: {e}", p.file));
            assert_eq!(back, s, "{} {field}", p.file);
        }
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
    let field = format!("groups[{g}].max_speed");
    let t = with_field(&s, &field, 123.5).expect("sets");
    assert_eq!(t.groups[g].max_speed, 123.5);
    let changes = scene::fields::diff(&scene::fields::flatten(&s), &scene::fields::flatten(&t));
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].path, field);
    // A choice carrying a number keeps the choice.
    let t = with_field(&s, &format!("groups[{g}].arrive.mode"), 40.0).expect("sets");
    assert_eq!(
        scene::fields::flatten(&t)[&format!("groups[{g}].arrive.mode")],
        "SlowingRadius(40.0)"
    );
    // A whole-number field takes the value rounded.
    let t = with_field(&s, "seed", 41.6).expect("sets");
    assert_eq!(t.seed, 42);
}

#[test]
fn bad_paths_and_ranges_say_why() {
    let s = preset("arrive_slowing.ron");
    let e = with_field(&s, "groups[0].max_sped", 1.0).expect_err("unknown");
    assert_eq!(
        e.to_string(),
        "groups[0].max_sped: no such field in this scene; the nearest numeric field is `groups[0].max_speed`"
    );
    let e = with_field(&s, "groups[0].name", 1.0).expect_err("text");
    assert!(
        e.to_string().starts_with("groups[0].name: not a number;"),
        "{e}"
    );
    assert_eq!(
        parse_param("groups[0].mass=1..2:3"),
        Ok(Param {
            field: "groups[0].mass".into(),
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
