//! Messages a designer understands: every error is one `PATH:LINE:COL: field: message` line in
//! plain words, with the field's limits, what the file says there cut short, and no RON or
//! Rust jargon.

mod common;

use steerlab::scene;

/// The one error `text` (the seek preset with `from` replaced by `to`) gives.
fn error_of(from: &str, to: &str) -> String {
    let text = common::preset_text("seek.ron");
    assert!(text.contains(from), "{from}");
    let errors = scene::from_str(&text.replacen(from, to, 1), "s.ron").expect_err("refused");
    assert_eq!(errors.0.len(), 1, "{errors}");
    errors.to_string()
}

#[test]
fn whole_numbers_state_their_range_and_what_the_file_says() {
    assert_eq!(
        error_of("count: 1,", "count: 4294967296,"),
        "s.ron:17:20: groups[0].count: must be a whole number from 0 to 100,000, \
         got `4294967296`"
    );
    assert_eq!(
        error_of("count: 1,", "count: -1,"),
        "s.ron:17:21: groups[0].count: must be a whole number from 0 to 100,000, got `-1`"
    );
    assert_eq!(
        error_of("count: 1,", "count: 100001,"),
        "s.ron:17:20: groups[0].count: must be at most 100,000, got 100001"
    );
}

#[test]
fn no_ron_jargon_and_no_rust_type_names() {
    let raw = error_of("spawn: At(", "spawn: 1.0(");
    assert_eq!(
        raw,
        "s.ron:18:20: groups[0].spawn: `1.0` is not one of the names spawn takes: \
         `Area`, `At`, `Stream`, `Ring`"
    );
    let point = error_of("position: (600.0, 400.0),", "position: Agent(3),");
    assert!(
        point.ends_with("position: must be a point `(x, y)`, found `Agent(...)`"),
        "{point}"
    );
    let number = error_of("max_speed: 90.0,", "max_speed: \"fast\",");
    assert!(
        number.ends_with("max_speed: must be a number like 1.5, got `\"fast\"`"),
        "{number}"
    );
    for message in [raw, point, number] {
        for jargon in [
            "raw identifier",
            "r#",
            "Vec2",
            "struct",
            "u32",
            "f32",
            "Expected",
        ] {
            assert!(!message.contains(jargon), "{jargon} in {message}");
        }
    }
}

#[test]
fn long_names_are_cut_and_control_characters_escaped() {
    let long = "c".repeat(300);
    let message = error_of("circle_radius:", &format!("{long}:"));
    assert!(
        message.len() < 400,
        "{} characters: {message}",
        message.len()
    );
    assert!(
        message.contains(&format!("unknown field `{}…`", "c".repeat(40))),
        "{message}"
    );
    let name = error_of("name: \"seekers\"", "name: \"seek\\u{7}ers\"");
    assert!(name.contains(r#"got "seek\u{7}ers""#), "{name}");
    assert_eq!(name.lines().count(), 1);
    // A file name with a newline in it still gives one line.
    let errors = scene::from_str("(", "bad\nname.ron").expect_err("refused");
    let line = errors.to_string();
    assert!(line.starts_with("bad\\nname.ron:"), "{line}");
    assert_eq!(line.lines().count(), 1);
}

#[test]
fn a_missing_file_and_a_path_through_a_file_are_told_apart() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("none.ron");
    assert_eq!(
        scene::load(&missing).expect_err("missing").to_string(),
        format!("{}: does not exist", missing.display())
    );
    let file = common::write(dir.path(), "file", "x");
    let through = file.join("x.ron");
    assert_eq!(
        scene::load(&through).expect_err("not a dir").to_string(),
        format!(
            "{}: cannot read: a part of the path is not a directory",
            through.display()
        )
    );
}

/// A list whose `]` is missing runs on into the next field: the message says that the bracket
/// is missing, before which field, and for which list, not that a field is the wrong kind of
/// value.
#[test]
fn a_missing_bracket_is_said_to_be_missing_where_it_is() {
    let text = common::preset_text("seek.ron");
    let broken = text.replacen("\n    ],\n    view: (", "\n    view: (", 1);
    assert_ne!(broken, text);
    let errors = scene::from_str(&broken, "s.ron").expect_err("refused");
    let message = errors.to_string();
    let line = broken
        .lines()
        .position(|l| l.starts_with("    view: ("))
        .expect("view")
        + 1;
    assert!(message.starts_with(&format!("s.ron:{line}:")), "{message}");
    assert!(
        message.contains("a `]` is missing before `view:` to close the list `groups`"),
        "{message}"
    );
    assert!(!message.contains("must be a"), "{message}");
}
