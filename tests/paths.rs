//! Field paths: every path prints and parses back to itself, and locates the value it names in
//! the scene's text; every malformed path is refused with a reason.

use proptest::prelude::*;
use steerlab::scene::{self, presets};
use steerlab::sim::FieldPath;
use steerlab::sim::model::field_path::locate::{locate, locate_all};
use steerlab::sim::model::field_path::numbers;

#[test]
fn every_number_of_every_preset_is_located_at_its_value() {
    let mut located = 0;
    for p in presets::ALL {
        let mut s = scene::from_str(p.text, p.file).expect("valid").into_scene();
        let found = locate_all(p.text);
        let written = scene::fields::flatten(&s);
        for (path, value, _) in numbers::all(&mut s) {
            let printed = path.to_string();
            assert_eq!(FieldPath::parse(&printed).as_ref(), Ok(&path), "{printed}");
            // A number the file writes out (not a default, not inside a point): its position
            // is where the file spells its value.
            if let Some(text) = written.get(&path) {
                let at = locate(&found, &path).expect("located");
                let line = p.text.lines().nth(at.line - 1).expect("line");
                let rest: String = line.chars().skip(at.col - 1).collect();
                assert!(
                    rest.starts_with(text.as_str()) || rest.contains(&format!("{value}")),
                    "{}: {printed} at {}:{} reads {rest:?}, not {text}",
                    p.file,
                    at.line,
                    at.col
                );
                located += 1;
            }
        }
    }
    assert!(located > 200, "{located}");
}

fn step() -> impl Strategy<Value = (bool, String, usize)> {
    (any::<bool>(), "[a-z_][a-z0-9_]{0,12}", 0_usize..1000)
}

proptest! {
    #[test]
    fn a_path_prints_and_parses_back_to_itself(
        first in "[a-z_][a-z0-9_]{0,12}",
        steps in proptest::collection::vec(step(), 0..6),
    ) {
        let mut path = FieldPath::root().key(first);
        for (is_key, key, index) in steps {
            path = if is_key { path.key(key) } else { path.index(index) };
        }
        let text = path.to_string();
        prop_assert_eq!(FieldPath::parse(&text), Ok(path.clone()));
        prop_assert!(path.is_within(&path));
        if let Some(up) = path.parent() {
            prop_assert!(path.is_within(&up));
            prop_assert!(!up.is_within(&path));
        }
    }

    #[test]
    fn text_that_is_not_a_path_is_refused_never_misread(text in "[a-z0-9_.\\[\\] ]{0,24}") {
        match FieldPath::parse(&text) {
            // Read as a path: its printed form (`[01]` prints as `[1]`) reads back the same.
            Ok(path) => prop_assert_eq!(FieldPath::parse(&path.to_string()), Ok(path)),
            Err(e) => prop_assert!(!e.why.is_empty()),
        }
    }
}
