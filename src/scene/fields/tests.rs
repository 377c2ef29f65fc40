//! Tests of the parent module.

#![allow(clippy::float_cmp)] // Values set are the point: 123 set reads 123.

use super::*;

#[test]
fn a_field_is_set_in_every_group_that_has_it() {
    let p = crate::scene::presets::find("boids.ron").expect("preset");
    let mut scene = crate::scene::from_str(p.text, p.file)
        .expect("valid")
        .into_scene();
    let path = |t: &str| FieldPath::parse(t).expect("a path");
    // The group's own field: the other group takes it.
    scene.groups[0].max_speed = 123.0;
    assert_eq!(other_groups_with(&scene, &path("groups[0].max_speed")), 1);
    assert_eq!(
        set_in_every_group(&mut scene, &path("groups[0].max_speed")),
        1
    );
    assert_eq!(scene.groups[1].max_speed, 123.0);
    // Once equal, nothing changes.
    assert_eq!(
        set_in_every_group(&mut scene, &path("groups[0].max_speed")),
        0
    );
    // A block's field and its weight, in the groups that have the block.
    let before = scene.groups[1].separation.clone().expect("separation");
    scene.groups[0]
        .separation
        .as_mut()
        .expect("separation")
        .radius = 31.0;
    scene.groups[0]
        .separation
        .as_mut()
        .expect("separation")
        .weight = 2.5;
    set_in_every_group(&mut scene, &path("groups[0].separation.radius"));
    set_in_every_group(&mut scene, &path("groups[0].separation.weight"));
    let after = scene.groups[1].separation.clone().expect("separation");
    assert_eq!((after.radius, after.weight), (31.0, 2.5));
    assert_eq!(after.own_group_only, before.own_group_only, "nothing else");
    // A block the other group lacks: no group to set it in.
    scene.groups[1].wander = None;
    assert!(scene.groups[0].wander.is_some());
    assert_eq!(
        other_groups_with(&scene, &path("groups[0].wander.circle_radius")),
        0
    );
    assert_eq!(
        set_in_every_group(&mut scene, &path("groups[0].wander.circle_radius")),
        0
    );
}
use crate::scene::presets;

fn boids() -> Scene {
    crate::scene::from_str(presets::DEFAULT.text, presets::DEFAULT.file)
        .unwrap()
        .into_scene()
}

fn path(text: &str) -> FieldPath {
    FieldPath::parse(text).unwrap()
}

#[test]
fn paths_match_the_validation_paths() {
    let fields = flatten(&boids());
    assert_eq!(
        fields.get(&path("groups[0].max_speed")).map(String::as_str),
        Some("140.0")
    );
    assert_eq!(
        value::<f32>(&fields, &path("groups[0].max_speed")),
        Some(140.0)
    );
    assert!(fields.contains_key(&path("groups[1].separation.radius")));
    assert_eq!(
        fields.get(&path("world.bounds")).map(String::as_str),
        Some("Bounce")
    );
    // A point is one leaf, and so is an enum with fields.
    assert!(!fields.keys().any(|k| k.last_key() == Some("x")));
    assert!(fields[&path("groups[0].spawn")].starts_with("Stream(position: ("));
    // Every leaf of every preset reads back as RON.
    for preset in presets::ALL {
        let scene = crate::scene::from_str(preset.text, preset.file).unwrap();
        for (path, text) in flatten(scene.scene()) {
            assert!(
                ron::from_str::<ron::Value>(&text).is_ok(),
                "{}: {} = {text}",
                preset.file,
                path
            );
        }
    }
}

#[test]
fn a_diff_lists_exactly_the_changed_fields() {
    let saved = boids();
    let mut edited = saved.clone();
    edited.groups[0].max_speed = 77.5;
    edited.groups[1].separation = None;
    let changes = diff(&flatten(&saved), &flatten(&edited));
    assert!(changes.iter().any(|c| c.path == "groups[0].max_speed"
        && c.old.as_deref() == Some("140.0")
        && c.new.as_deref() == Some("77.5")));
    // The removed block (absent blocks are not written): each of its fields gone.
    assert!(
        changes
            .iter()
            .any(|c| c.path == "groups[1].separation.radius"
                && c.old.as_deref() == Some("22.0")
                && c.new.is_none())
    );
    assert!(changes.iter().all(
        |c| c.path == "groups[0].max_speed" || c.path.is_within(&path("groups[1].separation"))
    ));
    assert!(diff(&flatten(&saved), &flatten(&saved)).is_empty());
}

#[test]
fn defaults_keep_the_shape_and_reset_the_parameters() {
    let scene = boids();
    let defaults = defaults_like(&scene);
    assert_eq!(defaults.groups.len(), scene.groups.len());
    assert_eq!(defaults.groups[0].name, scene.groups[0].name);
    assert_eq!(
        defaults.groups[1].separation,
        Some(crate::sim::steer::params::Separation::default())
    );
    assert_eq!(
        defaults.groups[0].seek.is_some(),
        scene.groups[0].seek.is_some()
    );
    let fields = flatten(&defaults);
    assert_eq!(
        value::<f32>(&fields, &path("groups[0].max_speed")),
        Some(crate::sim::Group::new("x", 1, scene.groups[0].spawn.clone()).max_speed)
    );
}
