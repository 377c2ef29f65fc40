//! Every behavior of the registry, by construction: these tests iterate `BehaviorKind::ALL` and
//! each block's field descriptions, so a behavior added later is covered without editing them.

mod common;

use steerlab::scene::Scene;
use steerlab::scene::add_behavior;
use steerlab::sim::field::Number;
use steerlab::sim::field::{Limit, PROBABILITY, Value, WEIGHT};
use steerlab::sim::params::Group;
use steerlab::sim::params::{ArriveMode, AvoidForm, Deceleration, PathForm, Slot};
use steerlab::sim::{BehaviorKind, Target};

/// A scene of bare groups (so a block that names a group has another to name) and no scenery.
fn two_groups() -> Scene {
    common::two_bare_groups()
}

/// `scene` with every behavior added to its first group.
fn with_every_block(mut scene: Scene) -> Scene {
    for kind in BehaviorKind::ALL {
        add_behavior(&mut scene, 0, kind);
    }
    scene
}

/// `scene` with every number of group 0's blocks present: each optional number switched on
/// (prediction's too), and with `alternate`, each form switched to another one that has
/// numbers of its own or none (the detection box, a line formation, waypoints, deceleration).
fn everything_on(mut scene: Scene, alternate: bool) -> Scene {
    for kind in BehaviorKind::ALL {
        scene.groups[0].visit_fields(kind, &mut |_, value| match value {
            Value::Optional(v, on) if v.is_none() => *v = Some(on),
            Value::Prediction(p) => {
                p.fixed_secs = Some(0.5);
                p.max_secs = Some(1.0);
            }
            Value::AvoidForm(f) if alternate => {
                *f = AvoidForm::DetectionBox {
                    min_length: 40.0,
                    braking_weight: 0.2,
                };
            }
            Value::Slot(slot) if alternate => *slot = Slot::Line(30.0),
            Value::PathForm(f) if alternate => *f = PathForm::Waypoints,
            Value::ArriveMode(m) if alternate => *m = ArriveMode::Deceleration(Deceleration::Slow),
            _ => {}
        });
    }
    scene
}

/// The problems `scene` has, as `path: message`.
fn problems(scene: &Scene) -> Vec<String> {
    scene
        .world_spec()
        .problems()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn every_behavior_added_to_every_preset_gives_a_valid_scene_that_runs() {
    let mut scenes: Vec<(String, Scene)> = steerlab::scene::presets::ALL
        .iter()
        .map(|p| (p.file.to_owned(), common::preset_scene(p.file)))
        .collect();
    scenes.push(("two groups, no scenery".to_owned(), two_groups()));
    for (file, scene) in scenes {
        for g in 0..scene.groups.len() {
            for kind in BehaviorKind::ALL {
                let mut s = scene.clone();
                add_behavior(&mut s, g, kind);
                assert!(s.groups[g].has_block(kind), "{file}: {kind:?} added");
                let found = problems(&s);
                assert!(found.is_empty(), "{file}, group {g}, {kind:?}: {found:?}");
                let mut world = s.build_world().expect("builds");
                world.step_n(5);
                assert_eq!(world.tick(), 5);
            }
        }
    }
}

#[test]
fn a_path_or_flow_follower_added_to_a_bare_scene_brings_what_it_follows() {
    let mut scene = two_groups();
    let added = add_behavior(&mut scene, 0, BehaviorKind::FollowPath);
    assert_eq!(added.path.as_deref(), Some("path"));
    assert_eq!(scene.paths.len(), 1);
    assert_eq!(
        scene.groups[0]
            .follow_path
            .as_ref()
            .map(|b| b.path.as_str()),
        Some("path")
    );
    let added = add_behavior(&mut scene, 1, BehaviorKind::FollowFlow);
    assert_eq!(added.flow_field.as_deref(), Some("flow"));
    // A second follower takes the first path, adding none.
    let again = add_behavior(&mut scene, 1, BehaviorKind::FollowPath);
    assert_eq!(again.path, None);
    assert_eq!(scene.paths.len(), 1);
    // A group to chase is the first other group, never an empty name.
    add_behavior(&mut scene, 0, BehaviorKind::Pursuit);
    assert_eq!(
        scene.groups[0].pursuit.as_ref().map(|b| b.target.clone()),
        Some(Target::Nearest(scene.groups[1].name.clone()))
    );
    // A lone group chases its own kind.
    let mut lone = two_groups();
    lone.groups.truncate(1);
    add_behavior(&mut lone, 0, BehaviorKind::Evade);
    assert_eq!(
        lone.groups[0].evade.as_ref().map(|b| b.target.clone()),
        Some(Target::Nearest(lone.groups[0].name.clone()))
    );
    assert!(problems(&scene).is_empty(), "{:?}", problems(&scene));
}

/// Every number of every block of group 0, as `(kind, path below the group, value)`.
fn numbers(group: &Group) -> Vec<(BehaviorKind, String, f32)> {
    let mut out = Vec::new();
    let mut g = group.clone();
    for kind in BehaviorKind::ALL {
        g.visit_fields(kind, &mut |field, mut value| {
            value.numbers(field.limit, &mut |below, n, _| {
                let below = below.map_or_else(String::new, |k| format!(".{k}"));
                out.push((
                    kind,
                    format!("{}.{}{below}", kind.field_name(), field.key),
                    value_of(&n),
                ));
            });
        });
    }
    out
}

#[test]
fn reset_keeps_every_block_and_its_links_and_gives_the_default_numbers() {
    let scene = with_every_block(two_groups());
    let defaults = numbers(&scene.groups[0]);
    // Every optional number on, every form switched, then every number moved within its
    // limit, and every common field changed.
    let mut tuned = everything_on(scene.clone(), true);
    let g = &mut tuned.groups[0];
    for kind in BehaviorKind::ALL {
        g.visit_fields(kind, &mut |field, mut value| {
            value.numbers(field.limit, &mut |_, n, limit| {
                let (lo, _) = limit.low();
                let moved = (value_of(&n) + 1.0).clamp(lo.max(0.0) + 0.5, limit.high());
                assert!(put(n, moved), "a number within its limit can be held");
            });
        });
        let block = g.block_mut(kind).expect("every block");
        let (enabled, weight, probability) = block.common_mut();
        (*enabled, *weight, *probability) = (false, 2.5, 0.5);
    }
    let moved = numbers(&tuned.groups[0]);
    assert!(
        moved.len() > defaults.len(),
        "optional numbers and forms switched on"
    );
    assert_ne!(moved, defaults);
    let targets_before: Vec<_> = tuned.groups[0]
        .targets()
        .into_iter()
        .map(|(k, w, t)| (k, w, t.clone()))
        .collect();

    let reset = steerlab::scene::defaults_like(&tuned);
    let group = &reset.groups[0];
    for kind in BehaviorKind::ALL {
        let block = group.block(kind).unwrap_or_else(|| panic!("{kind:?} kept"));
        assert!(block.enabled(), "{kind:?} on again");
        assert_eq!(block.weight().to_bits(), 1.0_f32.to_bits(), "{kind:?}");
        assert_eq!(block.probability().to_bits(), 1.0_f32.to_bits(), "{kind:?}");
    }
    assert_eq!(numbers(group), defaults);
    let targets_after: Vec<_> = group
        .targets()
        .into_iter()
        .map(|(k, w, t)| (k, w, t.clone()))
        .collect();
    assert_eq!(targets_after, targets_before);
    assert!(problems(&reset).is_empty(), "{:?}", problems(&reset));
}

/// A number's value (a whole number as the real it stands for).
fn value_of(n: &Number<'_>) -> f32 {
    match n {
        Number::Real(v) => **v,
        Number::Whole(v) => **v as f32,
        Number::Large(v) => **v as f32,
    }
}

/// Sets `n` to `v` (a whole number to `v` rounded up); false when its type cannot hold `v`
/// (a whole number below 0).
// The guards keep the value within the whole number's range; rounding up is the point.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn put(n: Number<'_>, v: f32) -> bool {
    match n {
        Number::Real(x) => *x = v,
        Number::Whole(x) if v >= 0.0 && v <= u32::MAX as f32 => *x = v.ceil() as u32,
        Number::Large(x) if v >= 0.0 => *x = v.ceil() as u64,
        Number::Whole(_) | Number::Large(_) => return false,
    }
    true
}

/// Sets number `n` (in [`numbers`] order) of group 0 to `v`; false when it cannot hold `v`.
fn set_number(scene: &mut Scene, n: usize, v: f32) -> bool {
    let mut i = 0;
    let mut held = false;
    let g = &mut scene.groups[0];
    for kind in BehaviorKind::ALL {
        g.visit_fields(kind, &mut |field, mut value| {
            value.numbers(field.limit, &mut |_, x, _| {
                if i == n {
                    held = put(x, v);
                }
                i += 1;
            });
        });
    }
    held
}

/// Every number with its limit, as [`numbers`] lists them.
fn limits(group: &Group) -> Vec<Limit> {
    let mut out = Vec::new();
    let mut g = group.clone();
    for kind in BehaviorKind::ALL {
        g.visit_fields(kind, &mut |field, mut value| {
            value.numbers(field.limit, &mut |_, _, limit| out.push(limit));
        });
    }
    out
}

#[test]
fn every_field_is_refused_just_past_its_limits_and_taken_at_them() {
    let mut tried = 0;
    let plain = with_every_block(two_groups());
    for alternate in [false, true] {
        tried += refused_past_limits(&everything_on(plain.clone(), alternate));
    }
    println!("{tried} values just past a limit refused, each at its own path");
    assert!(tried > 4 * BehaviorKind::COUNT);
}

/// Tries every number of `scene`'s group 0 just past its limits (refused at its own path) and
/// at them (taken); returns how many values were refused.
fn refused_past_limits(scene: &Scene) -> usize {
    let listed = numbers(&scene.groups[0]);
    let limits = limits(&scene.groups[0]);
    let mut tried = 0;
    for (n, ((kind, path, _), limit)) in listed.iter().zip(&limits).enumerate() {
        let at = format!("groups[0].{path}");
        for v in limit.just_outside() {
            let mut s = scene.clone();
            if !set_number(&mut s, n, v) {
                // A count cannot be negative: its type refuses that value.
                continue;
            }
            let found = problems(&s);
            assert!(
                found.iter().any(|p| p.starts_with(&format!("{at}: "))),
                "{kind:?}: {at} = {v} is refused ({found:?})"
            );
            tried += 1;
        }
        let (lo, open) = limit.low();
        let ends = [if open { lo.next_up() } else { lo }, limit.high()];
        for v in ends {
            let mut s = scene.clone();
            assert!(set_number(&mut s, n, v), "{at} holds {v}");
            let found = problems(&s);
            assert!(
                !found.iter().any(|p| p.starts_with(&format!("{at}: "))),
                "{kind:?}: {at} = {v} is taken ({found:?})"
            );
        }
    }
    // Weight and probability of every block.
    for kind in BehaviorKind::ALL {
        for (field, pick) in [(WEIGHT, 1), (PROBABILITY, 2)] {
            for v in field.limit.just_outside() {
                let mut s = scene.clone();
                let block = s.groups[0].block_mut(kind).expect("block");
                let (_, weight, probability) = block.common_mut();
                *(if pick == 1 { weight } else { probability }) = v;
                let at = format!("groups[0].{}.{}: ", kind.field_name(), field.key);
                assert!(
                    problems(&s).iter().any(|p| p.starts_with(&at)),
                    "{at}{v} is refused"
                );
                tried += 1;
            }
        }
    }
    tried
}

#[test]
fn every_behavior_has_a_docs_row_a_legend_colour_a_formula_and_a_metric() {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/behaviors.md"))
        .expect("docs/behaviors.md");
    let mut colors = std::collections::HashSet::new();
    for kind in BehaviorKind::ALL {
        let info = kind.info();
        assert_eq!(info.key, kind.field_name());
        assert_eq!(BehaviorKind::from_key(info.key), Some(kind));
        assert!(
            !info.formula.is_empty() && !info.summary.is_empty(),
            "{kind:?}"
        );
        assert!(
            docs.contains(&format!("`{}`", info.key)),
            "{kind:?} in the docs"
        );
        assert!(
            colors.insert(info.color),
            "{kind:?} has a colour of its own"
        );
        assert!(
            steerlab::sim::metrics::definition(info.metric).is_some(),
            "{kind:?}: its metric {} is one steerlab measures",
            info.metric
        );
    }
}

#[test]
fn every_block_describes_every_field_it_serializes() {
    // A field missing from a block's description would be neither checked nor shown.
    let scene = with_every_block(two_groups());
    let mut group = scene.groups[0].clone();
    let keys: Vec<(BehaviorKind, Vec<&'static str>)> = BehaviorKind::ALL
        .into_iter()
        .map(|kind| {
            let mut described = Vec::new();
            group.visit_fields(kind, &mut |field, _| described.push(field.key));
            (kind, described)
        })
        .collect();
    let json = serde_json::to_value(&scene.groups[0]).expect("serializes");
    for (kind, described) in keys {
        let written = json[kind.field_name()].as_object().expect("the block");
        for key in written.keys() {
            let common = matches!(key.as_str(), "enabled" | "weight" | "probability");
            // The radial form's distance is described only while the form is radial.
            let radial = kind == BehaviorKind::AvoidObstacles && key == "detection_distance";
            assert!(
                common || radial || described.contains(&key.as_str()),
                "{}.{key} is written to files but not described",
                kind.field_name()
            );
        }
        assert_eq!(
            written.len(),
            described.len() + 3,
            "{}: every described field is written",
            kind.field_name()
        );
    }
}

#[cfg(feature = "editor")]
#[test]
fn adding_each_behavior_in_the_editor_gives_a_valid_running_scene() {
    use egui_kittest::kittest::{NodeT as _, Queryable as _};
    use steerlab::editor::{Action, EditorApp};
    for kind in BehaviorKind::ALL {
        let mut app = EditorApp::new(two_groups(), None, "test");
        app.apply(&egui::Context::default(), Action::SetPlaying(false));
        // Tall enough that the inspector shows every row without scrolling.
        let mut harness = egui_kittest::Harness::builder()
            .with_size(egui::vec2(1440.0, 2000.0))
            .with_step_dt(0.25)
            .build_eframe(move |_cc| app);
        harness.run_steps(2);
        // A group with no block: the "Add behavior" menu offers every behavior, each with
        // what it does.
        let key = kind.field_name();
        harness.get_by_label("Add behavior…").click();
        harness.run_steps(2);
        let items: Vec<String> = harness
            .query_all_by_label_contains(" — ")
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        assert_eq!(items.len(), BehaviorKind::COUNT, "{items:?}");
        let prefix = format!("{key} — {}", kind.info().summary);
        harness
            .query_all_by_label_contains(" — ")
            .find(|n| n.accesskit_node().label().is_some_and(|l| l == prefix))
            .unwrap_or_else(|| panic!("{key} in the menu"))
            .click();
        harness.run_steps(2);
        let app = harness.state();
        assert!(app.scene().groups[0].has_block(kind), "{key} added");
        assert!(
            problems(app.scene()).is_empty(),
            "{key}: {:?}",
            problems(app.scene())
        );
        assert!(
            app.world().spec().groups[0].has_block(kind),
            "{key}: the world runs with it"
        );
        // Its rows are shown, each by its label.
        let mut group = app.scene().groups[0].clone();
        let mut labels = Vec::new();
        group.visit_fields(kind, &mut |field, _| labels.push(field.label));
        for label in labels {
            assert!(
                harness.query_all_by_label(label).next().is_some(),
                "{key}: the row {label:?} is shown"
            );
        }
        // One step runs the world with it.
        harness.key_press(egui::Key::Period);
        harness.run_steps(2);
        assert_eq!(harness.state().world().tick(), 1, "{key}");
    }
}

#[test]
fn every_field_that_warns_at_zero_warns_at_its_own_path() {
    // Every block, with every optional number switched on.
    let mut scene = with_every_block(two_groups());
    for kind in BehaviorKind::ALL {
        scene.groups[0].visit_fields(kind, &mut |_, value| {
            if let Value::Optional(v, on) = value
                && v.is_none()
            {
                *v = Some(on);
            }
        });
    }
    let mut zeros = Vec::new();
    let mut g = scene.groups[0].clone();
    for kind in BehaviorKind::ALL {
        g.visit_fields(kind, &mut |field, mut value| {
            if let Some(message) = field.when_zero {
                value.numbers(field.limit, &mut |below, _, _| {
                    if below.is_none() {
                        zeros.push((kind, field.key, message));
                    }
                });
            }
        });
    }
    assert!(zeros.len() >= 6, "{zeros:?}");
    for (kind, key, message) in zeros {
        let mut s = scene.clone();
        s.groups[0].visit_fields(kind, &mut |field, mut value| {
            if field.key == key {
                value.numbers(field.limit, &mut |below, v, _| {
                    if below.is_none() {
                        match v {
                            Number::Real(x) => *x = 0.0,
                            Number::Whole(x) => *x = 0,
                            Number::Large(x) => *x = 0,
                        }
                    }
                });
            }
        });
        let at = format!("groups[0].{}.{key}", kind.field_name());
        let found = s.world_spec().warnings();
        assert!(
            found.iter().any(|w| w.path == at && w.message == message),
            "{at} = 0 warns: {found:?}"
        );
    }
}

#[test]
fn a_point_target_out_of_range_is_reported_once_per_coordinate() {
    let mut scene = two_groups();
    add_behavior(&mut scene, 0, BehaviorKind::Seek);
    if let Some(seek) = scene.groups[0].seek.as_mut() {
        seek.target = Target::Point(glam::Vec2::new(f32::NAN, 2.0e6));
    }
    assert_eq!(
        problems(&scene),
        vec![
            "groups[0].seek.target.x: must be a finite number, got NaN".to_owned(),
            "groups[0].seek.target.y: must be at most 1,000,000, got 2000000".to_owned(),
        ]
    );
}

/// Every behavior that traces draws through the same path: run after being added to each
/// preset, each records a trace when the world keeps them (and none when it does not, as in a
/// game), and the marks it makes of its traces are finite and of its own kind.
#[test]
fn every_behavior_that_traces_records_and_draws_through_its_marks() {
    use steerlab::sim::marks::Figure;
    let mut traced = std::collections::HashSet::new();
    let mut tracing = std::collections::HashSet::new();
    let mut marks = Vec::new();
    // The behaviors whose block, alone in a group, says it traces.
    for kind in BehaviorKind::ALL {
        let mut bare = two_groups();
        add_behavior(&mut bare, 0, kind);
        if bare.groups[0].traces() {
            tracing.insert(kind);
        }
    }
    for preset in steerlab::scene::presets::ALL {
        for kind in BehaviorKind::ALL {
            let mut scene = common::preset_scene(preset.file);
            add_behavior(&mut scene, 0, kind);
            let mut game = scene.build_world().expect("builds");
            game.step_n(3);
            assert!(game.details().is_empty(), "{}: {kind:?}", preset.file);
            let mut world = scene.build_world().expect("builds");
            world.keep_details(true);
            for _ in 0..20 {
                world.step();
                for trace in world.details().iter().flat_map(steerlab::sim::Detail::iter) {
                    traced.insert(trace.kind());
                    marks.clear();
                    trace.marks(&mut marks);
                    for mark in &marks {
                        let points: Vec<glam::Vec2> = match mark.shape {
                            Figure::Ray(p)
                            | Figure::Dot(p, _)
                            | Figure::Ring(p, _)
                            | Figure::Zone(p, _)
                            | Figure::Cross(p)
                            | Figure::Diamond(p)
                            | Figure::Arrow(p, _, _)
                            | Figure::Box(p, _, _) => vec![p],
                            Figure::Segment(a, b) => vec![a, b],
                        };
                        assert!(
                            points.iter().all(|p| p.is_finite()),
                            "{kind:?} on {}: {mark:?}",
                            preset.file
                        );
                    }
                }
            }
        }
    }
    // Every behavior whose block says it traces did, somewhere; the six tutorial ones among them.
    let missing: Vec<_> = tracing
        .iter()
        .filter(|k| !traced.contains(k))
        .copied()
        .collect();
    assert!(missing.is_empty(), "never traced: {missing:?}");
    for kind in [
        BehaviorKind::Wander,
        BehaviorKind::WanderTarget,
        BehaviorKind::Arrive,
        BehaviorKind::Flee,
        BehaviorKind::Pursuit,
        BehaviorKind::Evade,
    ] {
        assert!(traced.contains(&kind), "{kind:?}");
    }
}
