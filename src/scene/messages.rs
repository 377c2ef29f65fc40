//! Error messages in a designer's words: what the file says at that place, what the field
//! takes (with its limits), and no RON or Rust jargon (raw identifiers, `u32`, `struct Vec2`).
//! Every echoed piece of the file is cut short and its control characters escaped, so a
//! message is always one line.

use std::fmt::Write as _;

use serde::de::DeserializeOwned;

use super::schema::VERSION;
use crate::sim::BoundsMode;
use crate::sim::model::field::{Limit, OTHER, TARGET, Value};
use crate::sim::model::field_path::FieldPath;
pub use crate::sim::model::text::{echo, escape_controls, thousands};
use crate::sim::setup::settings::{self, BASE, BOUNDS, SEED, SPAWN};
use crate::sim::steer::params::{
    ArriveMode, AvoidForm, Combination, Deceleration, FlowBase, PathForm, Region, Slot, Spawn,
    Target,
};

/// The token of the file at `line`, `col` (from 1): up to the next delimiter, cut short.
#[must_use]
pub fn token_at(text: &str, line: usize, col: usize) -> Option<String> {
    let l = text.lines().nth(line.checked_sub(1)?)?;
    // A number's sign is just before where RON points.
    let skip = col.checked_sub(1)?;
    let skip = if skip > 0 && l.chars().nth(skip - 1) == Some('-') {
        skip - 1
    } else {
        skip
    };
    let rest: String = l.chars().skip(skip).collect();
    let rest = rest.trim_start();
    let end = if let Some(quoted) = rest.strip_prefix('"') {
        quoted.find('"').map_or(rest.len(), |i| i + 2)
    } else {
        rest.find([',', ')', ']', '}', ' ']).unwrap_or(rest.len())
    };
    let token = rest.get(..end).unwrap_or(rest).trim();
    (!token.is_empty()).then(|| echo(token))
}

/// The variant names an enum type accepts, read from its own `Deserialize` (the error it gives
/// for a name it does not know lists them), so the list can never drift from the type.
/// Names the scene format still reads but no longer writes (serde aliases: `Queue` for a
/// `Stream` spawn), left out of the names a message offers.
const RETIRED: &[&str] = &["Queue"];

fn variants_of<T: DeserializeOwned>() -> Vec<String> {
    let probe = serde::de::value::StrDeserializer::<serde::de::value::Error>::new("\u{0}");
    let Err(e) = T::deserialize(probe) else {
        return Vec::new();
    };
    let message = e.to_string();
    message
        .split("expected one of ")
        .nth(1)
        .or_else(|| message.split("expected ").nth(1))
        .map(|list| {
            // serde writes "`A` or `B`" for two names and "`A`, `B`, `C`" for more.
            list.split(", ")
                .flat_map(|v| v.split(" or "))
                .map(|v| v.trim_matches(|c| c == '`' || c == ' ').to_owned())
                .filter(|v| !v.is_empty() && !RETIRED.contains(&v.as_str()))
                .collect()
        })
        .unwrap_or_default()
}

/// The names a field takes, when it is a choice of names: read from the field's description
/// for a group's field, from the scene's own fields otherwise.
fn choices(field: &FieldPath) -> Option<Vec<String>> {
    let last = field.last_key()?;
    let names = if let Some(below) = field
        .group_index()
        .and_then(|g| field.below(&FieldPath::group(g)))
    {
        let mut names = Vec::new();
        settings::group_field_at(&below, &mut |_, value| {
            names = match value {
                Value::Target(_) => variants_of::<Target>(),
                Value::AvoidForm(_) => variants_of::<AvoidForm>(),
                Value::PathForm(_) => variants_of::<PathForm>(),
                Value::Slot(_) => variants_of::<Slot>(),
                Value::Region(_) => variants_of::<Region>(),
                Value::Deceleration(_) => variants_of::<Deceleration>(),
                Value::Combination(_) => variants_of::<Combination>(),
                Value::ArriveMode(_) => {
                    let mut v = variants_of::<ArriveMode>();
                    v.extend(variants_of::<Deceleration>());
                    v
                }
                _ => Vec::new(),
            };
        });
        if last == SPAWN.key {
            variants_of::<Spawn>()
        } else {
            names
        }
    } else if last == BOUNDS.key {
        variants_of::<BoundsMode>()
    } else if last == BASE.key {
        variants_of::<FlowBase>()
    } else {
        Vec::new()
    };
    (!names.is_empty()).then_some(names)
}

/// What a whole-number field takes.
fn whole_range(field: &FieldPath) -> String {
    let last = field.last_key().unwrap_or_default();
    if let Some(f) = settings::group_field(last)
        && let Limit::Within(lo, hi) = f.limit
    {
        // The limits of whole numbers are whole numbers far inside u64.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (lo, hi) = (lo as u64, hi as u64);
        return format!("from {} to {}", thousands(lo), thousands(hi));
    }
    if last == SEED.key {
        format!("from 0 to {}", thousands(u64::MAX))
    } else if last == VERSION {
        "1 or more (the format version)".to_owned()
    } else if last == TARGET.key || last == OTHER.key {
        format!("an agent id from 0 to {}", thousands(u64::from(u32::MAX)))
    } else {
        "0 or more".to_owned()
    }
}

/// A Rust type name as a designer reads it.
fn kind_of(type_name: &str) -> String {
    let name = type_name
        .trim_start_matches("struct ")
        .trim_start_matches("enum ")
        .trim_matches('`');
    match name {
        "Vec2" => "a point `(x, y)`".to_owned(),
        "u8" | "u16" | "u32" | "u64" | "usize" | "i32" | "i64" => "a whole number".to_owned(),
        "f32" | "f64" => "a number like 1.5".to_owned(),
        "bool" | "a boolean" => "`true` or `false`".to_owned(),
        "String" | "a string" => "text in double quotes".to_owned(),
        "Option" => "a value or `None`".to_owned(),
        other if other.chars().next().is_some_and(char::is_uppercase) => {
            format!("a `{other}(...)` value")
        }
        other => other.to_owned(),
    }
}

/// Rust type names and RON jargon in a free-form message, replaced.
fn plain(message: &str) -> String {
    let mut out = message.to_owned();
    for (rust, plain) in [
        ("struct `Vec2`", "a point `(x, y)`"),
        ("struct Vec2", "a point `(x, y)`"),
        ("a sequence", "a list `[...]`"),
        ("u32", "a whole number"),
        ("u64", "a whole number"),
        ("u16", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
    ] {
        out = out.replace(rust, plain);
    }
    echo_long(&out)
}

/// A message cut at 200 characters (it echoes parts of the file).
fn echo_long(message: &str) -> String {
    const MAX: usize = 200;
    let mut cut: String = message.chars().take(MAX).collect();
    if message.chars().nth(MAX).is_some() {
        cut.push('…');
    }
    escape_controls(&cut).into_owned()
}

/// "unknown field `circle_radus`; did you mean `circle_radius`?"
#[must_use]
pub fn unknown_name(what: &str, found: &str, expected: &[&str]) -> String {
    let best = expected
        .iter()
        .map(|name| (strsim::damerau_levenshtein(found, name), *name))
        .min();
    let list = expected
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let found_echo = echo(found);
    match best {
        Some((distance, name)) if distance <= 2.max(found.chars().count() / 3) => {
            format!(
                "unknown {what} `{found_echo}`; did you mean `{name}`? (expected one of {list})"
            )
        }
        _ if expected.is_empty() => format!("unknown {what} `{found_echo}`"),
        _ => format!("unknown {what} `{found_echo}` (expected one of {list})"),
    }
}

/// A value of another kind (`found(...)`) where a struct named `expected` should be: in a list,
/// a field's name there means the list's `]` is missing.
fn other_struct(field: &FieldPath, what: &str, expected: &str, found: &str) -> String {
    let in_list = matches!(
        field.parts().last(),
        Some(crate::sim::model::field_path::Part::Index(_))
    );
    // A field's name (lower case) where a list's next value should be: the list went
    // on past its end, so its `]` is missing.
    if in_list && found.starts_with(|c: char| c.is_ascii_lowercase()) {
        format!(
            "a `]` is missing before `{}:` to close the list `{what}` (`{}` is a field \
                     of what holds the list, not {})",
            echo(found),
            echo(found),
            kind_of(expected)
        )
    } else {
        format!(
            "must be {}, found `{}(...)`",
            kind_of(expected),
            echo(found)
        )
    }
}

/// The message for a RON error at `field`, where the file says `token`.
#[must_use]
pub fn for_ron(
    code: &ron::Error,
    field: &FieldPath,
    token: Option<&str>,
    max_nesting: usize,
) -> String {
    let got = token.map_or_else(String::new, |t| format!(", got `{t}`"));
    let what = field.last_key().unwrap_or("the scene").to_owned();
    match code {
        ron::Error::NoSuchStructField {
            expected, found, ..
        } => unknown_name("field", found, expected),
        ron::Error::NoSuchEnumVariant {
            expected, found, ..
        } => unknown_name("variant", found, expected),
        ron::Error::ExceededRecursionLimit => format!("nested more than {max_nesting} levels deep"),
        ron::Error::IntegerOutOfBounds
        | ron::Error::ExpectedInteger
        | ron::Error::InvalidIntegerDigit { .. }
        | ron::Error::UnderscoreAtBeginning => {
            format!("must be a whole number {}{got}", whole_range(field))
        }
        ron::Error::ExpectedFloat | ron::Error::FloatUnderscore => {
            format!("must be a number like 1.5{got}")
        }
        ron::Error::ExpectedBoolean => format!("must be `true` or `false`{got}"),
        ron::Error::ExpectedString | ron::Error::ExpectedStringEnd => {
            format!("must be text in double quotes{got}")
        }
        ron::Error::ExpectedStructLike | ron::Error::ExpectedNamedStructLike(_) => {
            format!("expected `(` to open {what}'s values{got}")
        }
        ron::Error::ExpectedDifferentStructName { expected, found } => {
            other_struct(field, &what, expected, found)
        }
        ron::Error::InvalidValueForType { expected, found } => {
            format!("must be {}, found {}", kind_of(expected), plain(found))
        }
        ron::Error::SuggestRawIdentifier(name) | ron::Error::InvalidIdentifier(name) => {
            match choices(field) {
                Some(names) if !names.is_empty() => format!(
                    "`{}` is not one of the names {what} takes: {}",
                    echo(name),
                    names
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                _ => format!("`{}` is not a name", echo(name)),
            }
        }
        ron::Error::ExpectedIdentifier => match choices(field) {
            Some(names) if !names.is_empty() => format!(
                "expected one of the names {what} takes: {}{got}",
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => format!("expected a field name{got}"),
        },
        ron::Error::MissingStructField { field: missing, .. } => {
            format!("`{missing}` is missing (it has no default)")
        }
        ron::Error::DuplicateStructField { field: twice, .. } => {
            format!("`{twice}` is given twice")
        }
        ron::Error::ExpectedComma => {
            format!("expected a comma before the next value{got}")
        }
        ron::Error::ExpectedArray => format!("must be a list `[...]`{got}"),
        ron::Error::ExpectedArrayEnd => format!("expected `]` to close the list{got}"),
        ron::Error::ExpectedOptionEnd | ron::Error::ExpectedStructLikeEnd => {
            format!("expected `)` to close the values{got}")
        }
        ron::Error::ExpectedOption => format!("must be a value or `None`{got}"),
        ron::Error::Eof => "the file ends too early: a `)` or `]` is missing".to_owned(),
        ron::Error::TrailingCharacters => {
            format!("unexpected text after the scene's closing `)`{got}")
        }
        ron::Error::UnexpectedChar(c) => {
            format!("unexpected character `{}`", escape_controls(&c.to_string()))
        }
        ron::Error::ExpectedDifferentLength { expected, found } => {
            let mut m = format!("must be {}", plain(expected));
            let _ = write!(m, ", found {found} values");
            m
        }
        other => plain(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_lists_come_from_the_types() {
        assert_eq!(variants_of::<Spawn>(), vec!["Area", "At", "Stream", "Ring"]);
        assert_eq!(
            variants_of::<BoundsMode>(),
            vec!["Wrap", "Bounce", "Respawn", "Open"]
        );
        let path = |t: &str| FieldPath::parse(t).unwrap();
        assert_eq!(
            choices(&path("groups[0].offset_pursuit.slot")),
            Some(vec![
                "Offset".to_owned(),
                "Line".to_owned(),
                "Column".to_owned(),
                "Wedge".to_owned(),
                "Circle".to_owned()
            ])
        );
        assert_eq!(
            choices(&path("groups[0].follow_path.form")),
            Some(vec!["Predict".to_owned(), "Waypoints".to_owned()])
        );
        // The same key in another behavior is another choice: read from its own field.
        assert_eq!(
            choices(&path("groups[3].avoid_obstacles.form")),
            Some(vec!["Radial".to_owned(), "DetectionBox".to_owned()])
        );
        assert_eq!(
            choices(&path("groups[0].combination")),
            Some(vec![
                "WeightedSum".to_owned(),
                "PrioritizedSum".to_owned(),
                "PrioritizedDithering".to_owned()
            ])
        );
        assert_eq!(choices(&path("groups[0].max_speed")), None);
    }

    #[test]
    fn the_token_at_a_position() {
        let text = "(\n    count: 4294967296,\n    name: \"a, b\",\n)";
        assert_eq!(token_at(text, 2, 12).as_deref(), Some("4294967296"));
        assert_eq!(token_at(text, 3, 11).as_deref(), Some("\"a, b\""));
        assert_eq!(token_at(text, 9, 1), None);
    }
}
