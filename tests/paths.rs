//! Field paths: every path prints and parses back to itself; every malformed path is refused with
//! a reason.

use proptest::prelude::*;
use steerlab::sim::FieldPath;

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
