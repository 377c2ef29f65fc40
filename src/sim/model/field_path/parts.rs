//! The [`FieldPath`] type: its parts, parsing, printing and order.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// One part of a path: a field of a struct, or an element of a list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Part {
    /// A named field (`wander`).
    Key(Cow<'static, str>),
    /// An element of a list (`[1]`).
    Index(usize),
}

/// A path from the scene's root to one of its fields. The empty path is the scene itself.
///
/// Paths order part by part, list elements by their number: `groups[2]` comes before
/// `groups[10]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldPath {
    parts: Vec<Part>,
}

impl FieldPath {
    /// The empty path: the scene itself.
    #[must_use]
    pub const fn root() -> Self {
        Self { parts: Vec::new() }
    }

    /// `groups[i]`: the group at index `i`.
    #[must_use]
    pub fn group(i: usize) -> Self {
        Self::root().key("groups").index(i)
    }

    /// This path with the field `name` below it (`groups[0]` → `groups[0].mass`).
    #[must_use]
    pub fn key(&self, name: impl Into<Cow<'static, str>>) -> Self {
        self.with(Part::Key(name.into()))
    }

    /// This path with list element `i` below it (`groups` → `groups[3]`).
    #[must_use]
    pub fn index(&self, i: usize) -> Self {
        self.with(Part::Index(i))
    }

    /// This path followed by every part of `below`.
    #[must_use]
    pub fn join(&self, below: &Self) -> Self {
        let mut parts = self.parts.clone();
        parts.extend(below.parts.iter().cloned());
        Self { parts }
    }

    fn with(&self, part: Part) -> Self {
        let mut parts = Vec::with_capacity(self.parts.len() + 1);
        parts.extend(self.parts.iter().cloned());
        parts.push(part);
        Self { parts }
    }

    /// The parts from the root.
    #[must_use]
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Whether this is the empty path.
    #[must_use]
    pub fn is_root(&self) -> bool {
        self.parts.is_empty()
    }

    /// The path one part up (`None` for the root).
    #[must_use]
    pub fn parent(&self) -> Option<Self> {
        let (_, up) = self.parts.split_last()?;
        Some(Self { parts: up.to_vec() })
    }

    /// The name of the last named part (`mode` in `groups[0].arrive.mode`, `points` in
    /// `paths[0].points[3]`).
    #[must_use]
    pub fn last_key(&self) -> Option<&str> {
        self.parts.iter().rev().find_map(|s| match s {
            Part::Key(k) => Some(k.as_ref()),
            Part::Index(_) => None,
        })
    }

    /// The group this path lies in (`Some(1)` for `groups[1].wander.rate`).
    #[must_use]
    pub fn group_index(&self) -> Option<usize> {
        match self.parts.as_slice() {
            [Part::Key(k), Part::Index(i), ..] if k == "groups" => Some(*i),
            _ => None,
        }
    }

    /// Whether this path is `prefix` or a field inside it: `groups[0]` holds `groups[0].mass`
    /// but not `groups[01]` nor `groups[0]x`, which are other parts altogether.
    #[must_use]
    pub fn is_within(&self, prefix: &Self) -> bool {
        self.parts.starts_with(&prefix.parts)
    }

    /// The parts of this path below `prefix` (`None` when it does not lie within it).
    #[must_use]
    pub fn below(&self, prefix: &Self) -> Option<Self> {
        self.parts
            .strip_prefix(prefix.parts.as_slice())
            .map(|s| Self { parts: s.to_vec() })
    }

    /// Parses a path as validation prints it: names joined by `.`, list elements as `[N]`
    /// (`groups[0].arrive.mode`). Names are letters, digits and `_`; the empty text is the
    /// root.
    pub fn parse(text: &str) -> Result<Self, PathError> {
        let fail = |why: &str| PathError {
            text: text.to_owned(),
            why: why.to_owned(),
        };
        let mut parts = Vec::new();
        if text.is_empty() {
            return Ok(Self { parts });
        }
        for part in text.split('.') {
            let (name, mut rest) = part.split_at(part.find('[').unwrap_or(part.len()));
            if name.is_empty() {
                return Err(fail(if part.is_empty() {
                    "a `.` with no field name after it"
                } else {
                    "a list index must follow a field name"
                }));
            }
            if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(fail(
                    "a field name is letters, digits and `_` (lists as `name[0]`)",
                ));
            }
            parts.push(Part::Key(Cow::Owned(name.to_owned())));
            while let Some(inner) = rest.strip_prefix('[') {
                let close = inner.find(']').ok_or_else(|| fail("a `[` is not closed"))?;
                let i = inner[..close]
                    .parse()
                    .map_err(|_| fail("a list index is a whole number, like `[0]`"))?;
                parts.push(Part::Index(i));
                rest = &inner[close + 1..];
            }
            if !rest.is_empty() {
                return Err(fail("a `.` must separate a field from the one inside it"));
            }
        }
        Ok(Self { parts })
    }
}

impl fmt::Display for FieldPath {
    /// `groups[0].arrive.mode`; the root prints as nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in self.parts.iter().enumerate() {
            match part {
                Part::Key(k) if i == 0 => f.write_str(k)?,
                Part::Key(k) => write!(f, ".{k}")?,
                Part::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

impl FromStr for FieldPath {
    type Err = PathError;

    fn from_str(text: &str) -> Result<Self, PathError> {
        Self::parse(text)
    }
}

impl PartialEq<str> for FieldPath {
    fn eq(&self, text: &str) -> bool {
        Self::parse(text).is_ok_and(|p| p == *self)
    }
}

impl PartialEq<&str> for FieldPath {
    fn eq(&self, text: &&str) -> bool {
        *self == **text
    }
}

impl PartialEq<String> for FieldPath {
    fn eq(&self, text: &String) -> bool {
        *self == **text
    }
}

impl serde::Serialize for FieldPath {
    /// As its text (`groups[0].arrive.mode`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for FieldPath {
    /// From its text; text that is not a path is an error that says why.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Self::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Text that is not a field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    /// The text given.
    pub text: String,
    /// Why it is not a path.
    pub why: String,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a field path: {}",
            crate::sim::model::text::echo(&self.text),
            self.why
        )
    }
}

impl std::error::Error for PathError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print_round_trip() {
        for text in [
            "groups[0].arrive.mode",
            "dt",
            "paths[2].points[10].x",
            "world.width",
            "",
        ] {
            let path = FieldPath::parse(text).unwrap();
            assert_eq!(path.to_string(), text);
        }
        let built = FieldPath::group(3).key("wander").key("rate");
        assert_eq!(built.to_string(), "groups[3].wander.rate");
        assert_eq!(built, "groups[3].wander.rate");
        assert_eq!(built.group_index(), Some(3));
        assert_eq!(built.last_key(), Some("rate"));
        assert_eq!(
            built.parent().unwrap().to_string(),
            "groups[3].wander".to_owned()
        );
    }

    #[test]
    fn malformed_paths_say_why() {
        for (text, why) in [
            ("groups[0]..mass", "no field name"),
            ("groups[x].mass", "whole number"),
            ("groups[0", "not closed"),
            ("[0].mass", "must follow a field name"),
            ("groups[0]mass", "must separate"),
            ("max speed", "letters, digits"),
        ] {
            let e = FieldPath::parse(text).unwrap_err();
            assert!(e.why.contains(why), "{text}: {e}");
            assert!(e.to_string().starts_with(&format!("`{text}`")), "{e}");
        }
    }

    #[test]
    fn within_respects_step_boundaries() {
        let g0 = FieldPath::group(0);
        let p = |t: &str| FieldPath::parse(t).unwrap();
        assert!(p("groups[0].mass").is_within(&g0));
        assert!(p("groups[0]").is_within(&g0));
        assert!(!p("groups[1].mass").is_within(&g0));
        assert!(!p("groups").is_within(&g0));
        assert!(!p("groupsx[0]").is_within(&g0));
        assert_eq!(
            p("groups[0].seek.weight").below(&g0).unwrap().to_string(),
            "seek.weight"
        );
        assert!(p("world.width").below(&g0).is_none());
    }

    #[test]
    fn list_elements_order_by_number() {
        let mut paths: Vec<FieldPath> = ["groups[10].mass", "groups[2].mass", "groups[2]"]
            .iter()
            .map(|t| FieldPath::parse(t).unwrap())
            .collect();
        paths.sort();
        let printed: Vec<String> = paths.iter().map(ToString::to_string).collect();
        assert_eq!(printed, ["groups[2]", "groups[2].mass", "groups[10].mass"]);
    }
}
