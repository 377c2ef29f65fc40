//! One way to show a value: every number of every preset reads the same in each place that
//! shows it (the inspector's drag boxes, Changes, the undo label, Tune's candidates, the
//! Sweep's values), through its field's description, and a typed value comes back through
//! the same description.
#![cfg(feature = "editor")]

mod common;

use std::collections::BTreeSet;

use common::ui::{act, paused_harness};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use steerlab::editor::{Action, EditorApp};
use steerlab::scene::{Scene, labels, presets};
use steerlab::sim::BehaviorKind;
use steerlab::sim::FieldPath;
use steerlab::sim::field::Value;

/// Every number of group `g` of `scene` that the inspector shows, with its path and stored
/// value: the file's numbers below the group, less those its blocks' current forms do not use
/// (and the neighbour cap of a group that does not flock).
fn shown_numbers(scene: &Scene, g: usize) -> Vec<(FieldPath, f64)> {
    let group_path = FieldPath::group(g);
    let mut unused = BTreeSet::new();
    let mut group = scene.groups[g].clone();
    for kind in BehaviorKind::ALL {
        group.visit_fields(kind, &mut |field, value| {
            if matches!(value, Value::Unused(_)) {
                unused.insert(group_path.key(kind.field_name()).key(field.key));
            }
        });
    }
    // The neighbour cap matters to the flocking rules alone, and shows with them.
    let flocks = [
        BehaviorKind::Separation,
        BehaviorKind::Alignment,
        BehaviorKind::Cohesion,
    ]
    .into_iter()
    .any(|k| group.has_block(k));
    if !flocks {
        unused.insert(group_path.key("max_neighbors"));
    }
    steerlab::scene::flatten(scene)
        .into_iter()
        .filter(|(path, _)| path.is_within(&group_path))
        .filter(|(path, _)| !unused.iter().any(|u| path.is_within(u)))
        .filter_map(|(path, text)| {
            let v: f64 = text.trim().parse().ok()?;
            // A name or a switch is no number; a whole number is written without a point.
            Some((path, v))
        })
        .collect()
}

fn preset(file: &str) -> Scene {
    common::preset_scene(file)
}

#[test]
fn every_number_of_every_preset_reads_the_same_in_each_place_and_reads_back() {
    let mut checked = 0;
    for p in presets::ALL {
        let scene = preset(p.file);
        let flat = steerlab::scene::flatten(&scene);
        for (g, _) in scene.groups.iter().enumerate() {
            for (path, v) in shown_numbers(&scene, g) {
                let text = labels::value_text(&path, v);
                let at = format!("{} {path}", p.file);
                // Changes writes the file's text of the field through the same description.
                assert_eq!(labels::shown_value(&path, &flat[&path]), text, "{at}");
                // The undo label of an edit of it, and Tune's list of a candidate's changes.
                assert_eq!(
                    labels::change_text(&scene, &path, Some(&flat[&path]), Some(&flat[&path])),
                    format!("{} {text} to {text}", labels::field_name(&scene, &path)),
                    "{at}"
                );
                // Typed back as shown, it is the value shown (to the digits shown).
                let back = labels::value_read(&path, &text).unwrap_or(f64::NAN);
                assert_eq!(labels::value_text(&path, back), text, "{at}");
                // And typed without its unit.
                let bare = text.trim_end_matches(|c: char| !c.is_ascii_digit());
                let back = labels::value_read(&path, bare).unwrap_or(f64::NAN);
                assert_eq!(labels::value_text(&path, back), text, "{at}: {bare}");
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked} numbers");
}

/// The wander angle change is stored in radians and shown in degrees everywhere, the
/// case where places disagreed.
#[test]
fn an_angle_in_radians_reads_in_degrees_in_every_place() {
    let scene = preset("wander_circle.ron");
    let path = FieldPath::group(0).key("wander").key("angle_change_rad");
    assert_eq!(labels::value_text(&path, 0.15), "8.59°/tick");
    assert_eq!(labels::shown_value(&path, "0.15"), "8.59°/tick");
    let back = labels::value_read(&path, "8.6").unwrap();
    assert!((back - 8.6f64.to_radians()).abs() < 1e-12);
    assert_eq!(labels::value_read(&path, "8.6°/tick"), Some(back));
    assert_eq!(labels::value_read(&path, "eight"), None);
    assert_eq!(
        labels::change_text(&scene, &path, Some("0.15"), Some("0.2")),
        format!(
            "{} › wander › angle change 8.59°/tick to 11.5°/tick",
            scene.groups[0].name
        )
    );
}

/// What the inspector's drag boxes show for the selected group: each one's value text.
fn inspector_values(harness: &egui_kittest::Harness<'_, EditorApp>) -> BTreeSet<String> {
    harness
        .query_all_by_role(egui::accesskit::Role::SpinButton)
        .filter_map(|n| n.accesskit_node().value())
        .collect()
}

#[test]
fn the_inspector_shows_every_number_of_every_preset_as_the_other_places_write_it() {
    let mut checked = 0;
    for p in presets::ALL {
        let scene = preset(p.file);
        let groups = scene.groups.len();
        let mut harness = paused_harness(EditorApp::new(scene.clone(), None, "test"));
        for g in 0..groups {
            act(&mut harness, Action::SelectGroup(g));
            harness.run_steps(2);
            let shown = inspector_values(&harness);
            for (path, v) in shown_numbers(&scene, g) {
                let text = labels::value_text(&path, v);
                assert!(
                    shown.contains(&text),
                    "{} {path}: {text} is not among the inspector's {shown:?}",
                    p.file
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked} numbers");
}
