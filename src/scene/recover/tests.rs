//! Tests of the parent module.

use super::*;

/// The seek preset with each `from` replaced by its `to`.
fn seek(edits: &[(&str, &str)]) -> String {
    let mut text = super::super::presets::find("seek.ron")
        .expect("the seek preset")
        .text
        .to_owned();
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

fn lines(errors: &SceneErrors) -> Vec<String> {
    errors.0.iter().map(ToString::to_string).collect()
}

#[test]
fn problems_of_every_kind_are_all_reported_where_they_are() {
    let text = seek(&[
        ("circle_radius: 40.0", "circle_radus: 40.0"),
        ("max_speed: 160.0", "max_speed: \"fast\""),
        ("zoom: 1.0", "zoom: 100.0"),
    ]);
    let errors = parse_all(&text, "s.ron").expect_err("three problems");
    assert_eq!(
        lines(&errors),
        [
            "s.ron:32:17: groups[0].wander.circle_radus: unknown field `circle_radus`; did \
             you mean `circle_radius`? (expected one of `enabled`, `weight`, `probability`, \
             `circle_distance`, `circle_radius`, `angle_change_rad`)",
            "s.ron:46:23: groups[1].max_speed: must be a number like 1.5, got `\"fast\"`",
            "s.ron:71:15: view.zoom: must be from 0.1 to 50, got 100",
        ]
    );
    // The first is the one loading reports.
    let first = parse(&text, "s.ron").expect_err("refused");
    assert_eq!(first.0, errors.0[..1]);
}

#[test]
fn what_parse_reads_or_refuses_at_one_place_is_read_or_refused_the_same() {
    for preset in super::super::presets::ALL {
        assert_eq!(
            parse_all(preset.text, preset.file),
            parse(preset.text, preset.file),
            "{}",
            preset.file
        );
    }
    for text in [
        seek(&[("max_speed: 90.0,", "max_speed: 90.0")]),
        seek(&[("circle_radius: 40.0", "circle_radius: -40.0")]),
        seek(&[("version: 2", "version: 9")]),
        seek(&[("mass: 1.0,", "mass: 1.0, max_speed: 3 4,")]),
        String::new(),
        "(".to_owned(),
    ] {
        assert_eq!(parse_all(&text, "s.ron"), parse(&text, "s.ron"), "{text}");
    }
}

#[test]
fn positions_are_the_original_texts_after_a_stand_in_of_another_length() {
    let text = r#"(version: 2, name: "a", world: (width: true, height: 10.0), nme: 1, groups: [])"#;
    let errors = parse_all(text, "s.ron").expect_err("two problems");
    let col = |s: &str| text.find(s).expect("in the text");
    assert_eq!(
        lines(&errors),
        [
            format!(
                "s.ron:1:{}: world.width: must be a number like 1.5, got `true`",
                col(" true") + 1
            ),
            format!(
                "s.ron:1:{}: nme: unknown field `nme`; did you mean `name`? (expected one \
                 of `version`, `name`, `description`, `seed`, `dt`, `world`, \
                 `click_target`, `obstacles`, `walls`, `level`, `paths`, `flow_fields`, `agents`, \
                 `groups`, `view`, `goals`)",
                col("nme") + 1
            ),
        ]
    );
}

#[test]
fn missing_and_repeated_fields_and_misspelt_choices_are_read_past() {
    let text = seek(&[
        ("mass: 1.0,", ""),
        ("count: 8,", "count: -8, count: 2,"),
        ("spawn: Area(", "spawn: Aera("),
        ("Velocity,", "Velocty,"),
        ("selected: 1,", "selected: 1, selected: \"x\","),
    ]);
    let errors = parse_all(&text, "s.ron").expect_err("problems");
    let found: Vec<String> = lines(&errors)
        .into_iter()
        .map(|l| l.chars().take(50).collect())
        .collect();
    assert_eq!(
        found,
        [
            "s.ron:36:9: groups[0]: `mass` is missing (it has n",
            "s.ron:39:21: groups[1].count: must be a whole numb",
            "s.ron:39:24: groups[1]: `count` is given twice",
            "s.ron:40:20: groups[1].spawn: unknown variant `Aer",
            "s.ron:63:13: view.overlays[0]: unknown variant `Ve",
            "s.ron:70:22: view: `selected` is given twice",
        ]
    );
}

#[test]
fn a_field_of_the_wrong_kind_with_no_default_gets_a_stand_in_and_the_rest_is_read() {
    let text = seek(&[
        (
            "spawn: At(\n                position: (600.0, 400.0),\n                \
             velocity: (60.0, 0.0),\n            ),",
            "spawn: 5,",
        ),
        ("max_speed: 160.0", "max_speed: true"),
        (
            "world: (\n        width: 1200.0,",
            "world: (\n        width: \"wide\",",
        ),
        ("name: \"seekers\"", "name: \"\""),
    ]);
    let errors = parse_all(&text, "s.ron").expect_err("problems");
    let found: Vec<String> = lines(&errors)
        .into_iter()
        .map(|l| l.chars().take(50).collect())
        .collect();
    // The stand-ins' own range errors (an empty spawn area, a world 1 unit wide) are left
    // out; the file's own empty name is not.
    assert_eq!(
        found,
        [
            "s.ron:10:15: world.width: must be a number like 1.",
            "s.ron:18:20: groups[0].spawn: `5` is not one of th",
            "s.ron:35:19: groups[1].name: must be 1 to 64 lette",
            "s.ron:43:23: groups[1].max_speed: must be a number",
        ]
    );
}

#[test]
fn the_rounds_end_at_a_syntax_error_and_after_the_last_round() {
    let text = seek(&[
        ("circle_radius: 40.0", "circle_radus: 40.0"),
        ("max_speed: 160.0,", "max_speed: 160.0"),
        ("zoom: 1.0", "zoom: \"far\""),
    ]);
    let errors = parse_all(&text, "s.ron").expect_err("problems");
    assert_eq!(
        lines(&errors)[1],
        "s.ron:47:13: groups[1]: expected a comma before the next value, got `mass:`"
    );
    assert_eq!(errors.0.len(), 2, "nothing after the syntax error");

    let many = "    x: 1,\n".repeat(100);
    let text = seek(&[("    version: 2,\n", &format!("    version: 2,\n{many}"))]);
    let errors = parse_all(&text, "s.ron").expect_err("problems");
    assert_eq!(errors.0.len(), MAX_ROUNDS + 1);
    assert_eq!(
        errors.0[MAX_ROUNDS].to_string(),
        "s.ron: stopped after 64 errors; there may be more after these"
    );
}

#[test]
fn values_are_found_with_their_field_and_entry() {
    let text = "(a: 1, b: [2, (c: \"x, y\")] /* note */, d: Name(e: r#\"q\"#))";
    let nodes = nodes(text);
    let find = |p: &str| {
        let path = FieldPath::parse(p).expect("a path");
        let n = nodes.iter().find(|n| n.path == path).expect("found");
        (n.key.map(|k| &text[k..n.end]), &text[n.value.clone()])
    };
    assert_eq!(find("a"), (Some("a: 1,"), "1"));
    assert_eq!(
        find("b"),
        (
            Some("b: [2, (c: \"x, y\")] /* note */,"),
            "[2, (c: \"x, y\")]"
        )
    );
    assert_eq!(find("b[1].c"), (Some("c: \"x, y\""), "\"x, y\""));
    assert_eq!(
        find("d"),
        (Some("d: Name(e: r#\"q\"#)"), "Name(e: r#\"q\"#)")
    );
    assert_eq!(find("d.e"), (Some("e: r#\"q\"#"), "r#\"q\"#"));
}
