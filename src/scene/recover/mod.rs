//! Every problem in a scene file, for reporting (`steerlab validate`): where the typed reading
//! of the text stops at a field, the field is mended in a copy of the text and the reading goes
//! on.
//!
//! Each round reads the copy as a scene. Where it stops at a field the type does not take
//! (unknown, or given twice), the field is blanked out. At a value of the wrong kind, the
//! field is blanked out when it has a default, and otherwise its value is replaced by a
//! stand-in of a kind the field takes (`1`, `""`, `(0, 0)`, one of its names, ...); a
//! misspelt name of a choice that holds values (`Bt(position: ...)`) is first replaced by the
//! nearest name that takes those values. A field missing from the file is put in with a
//! stand-in value. An edit is kept only when the reading then gets past it. Each error is
//! reported as [`parse`] words it, at its line and column in the original text: a map from each
//! byte of the copy to the original's keeps them. When the copy reads, the range checks run on
//! it, and their errors about a stand-in or a field taken out are left out (they are about the
//! edit, not the file). A syntax error (a missing comma, a stray word) ends the rounds, since
//! nothing after it can be read with certainty, and so does an error no edit gets past, an
//! error found before the last one (which only an edit can cause), or [`MAX_ROUNDS`] rounds. A
//! text whose brackets do not pair up is not edited at all: its first error is reported as
//! [`parse`] reports it.
//!
//! The scene is returned only when the text has no error at all: recovery finds problems, it
//! never accepts a file that has one.

use std::ops::Range;

use serde_path_to_error::Segment;

use super::schema::{CheckedScene, Scene};
use super::validate::{SceneError, SceneErrors, deserialize_located, parse, ron_options};
use crate::sim::model::field_path::{FieldPath, Part};

mod scan;

use scan::{Node, after_trivia, balanced, nodes};

/// Most rounds of reading for one file (each reports at most one error).
pub const MAX_ROUNDS: usize = 64;

/// Stand-in values tried, in this order, for a field of the wrong kind that has no default:
/// a number, a switch, a text, an absent value, a list, a point, a struct of defaults.
const STAND_INS: [&str; 7] = ["1", "false", "\"\"", "None", "[]", "(0, 0)", "()"];

/// A name no type of the scene takes: written where a value was, the error lists the names
/// the field's type does take.
const PROBE: &str = "Zz";

/// Parses and validates a scene like [`parse`], but reports every problem it can find: each
/// unknown field and value of the wrong kind, and the range errors of the rest. `file` names
/// the text in messages. `Ok` only when there is no problem at all.
pub fn parse_all(text: &str, file: &str) -> Result<CheckedScene, SceneErrors> {
    // Unbalanced brackets leave the structure after them unknown: the first error alone, as
    // loading reports it.
    if text.trim().is_empty() || !balanced(text) {
        return parse(text, file);
    }
    let original = Lines::new(text);
    let mut draft = Draft {
        text: text.to_owned(),
        origin: (0..=text.len()).collect(),
    };
    let mut errors: Vec<SceneError> = Vec::new();
    // Fields whose value is a stand-in: neither they nor the fields taken out below are checked
    // for range.
    let mut stand_ins: Vec<FieldPath> = Vec::new();
    // Fields blanked out for a value of the wrong kind: that one of them is then missing is
    // not another error.
    let mut taken_out: Vec<FieldPath> = Vec::new();
    let mut next = first_error(&draft.text);
    for round in 1.. {
        let Some(raw) = next.take() else {
            break;
        };
        // A field missing because it was taken out, or from a stand-in: not in the file.
        let ours = match raw.code {
            ron::Error::MissingStructField { field, .. } => {
                taken_out.contains(&raw.path.key(field))
                    || stand_ins.iter().any(|p| raw.path.is_within(p))
            }
            _ => false,
        };
        if !ours && let Err(found) = deserialize_located::<Scene>(&draft.text, file) {
            let lines = Lines::new(&draft.text);
            for e in found.0 {
                let e = draft.located(e, &lines, &original);
                // The reading goes through the file in order: an error before the last one
                // found comes of the edits, not of the file.
                if errors
                    .last()
                    .is_some_and(|l| (e.line, e.col) < (l.line, l.col))
                {
                    return Err(SceneErrors(errors));
                }
                errors.push(e);
            }
        }
        if round == MAX_ROUNDS {
            errors.push(SceneError::whole_file(
                file,
                format!(
                    "stopped after {} errors; there may be more after these",
                    errors.len()
                ),
            ));
            return Err(SceneErrors(errors));
        }
        let Some(repair) = repair(&draft, &raw) else {
            return Err(SceneErrors(errors));
        };
        draft = repair.draft;
        next = repair.next;
        match repair.kind {
            Mended::TakenOut(path) => taken_out.push(path),
            Mended::StandIn(path) => stand_ins.push(path),
            Mended::Removed => {}
        }
    }
    if errors.is_empty() {
        // Nothing was mended: the text as it is.
        return parse(text, file);
    }
    if let Err(found) = parse(&draft.text, file) {
        let lines = Lines::new(&draft.text);
        errors.extend(
            found
                .0
                .into_iter()
                .filter(|e| {
                    !stand_ins
                        .iter()
                        .chain(&taken_out)
                        .any(|p| e.field.is_within(p))
                })
                .map(|e| draft.located(e, &lines, &original)),
        );
        // In the order of the file, as a designer reads it.
        errors.sort_by_key(|e| (e.line, e.col));
    }
    Err(SceneErrors(errors))
}

/// The text being read, with the original's byte offset of each of its bytes (and of its
/// end).
#[derive(Clone)]
struct Draft {
    text: String,
    origin: Vec<usize>,
}

impl Draft {
    /// This text with `range` replaced by `with`.
    fn edited(&self, range: Range<usize>, with: &str) -> Self {
        let mut text = self.text.clone();
        text.replace_range(range.clone(), with);
        let mut origin = self.origin.clone();
        // Blanked text keeps its bytes' places; other text counts as the start of what it
        // replaces.
        if with.len() != range.len() {
            let at = origin[range.start];
            origin.splice(range, std::iter::repeat_n(at, with.len()));
        }
        Self { text, origin }
    }

    /// `e`, located in this text (whose lines are `lines`), at its place in the original.
    /// Where this text has blanks and the original has text (a field taken out), a reading
    /// that stops at the blanks stops at what follows them.
    fn located(&self, mut e: SceneError, lines: &Lines, original: &Lines) -> SceneError {
        if e.line > 0 {
            let mut at = lines.offset(e.line, e.col);
            let bytes = self.text.as_bytes();
            let mut end = at;
            while bytes.get(end).is_some_and(u8::is_ascii_whitespace) {
                end += 1;
            }
            let was_text = |i: usize| {
                original
                    .text
                    .as_bytes()
                    .get(self.origin[i])
                    .is_some_and(|b| !b.is_ascii_whitespace())
            };
            if (at..end).any(was_text) {
                at = end;
            }
            let at = self.origin.get(at).copied().unwrap_or(original.text.len());
            (e.line, e.col) = original.line_col(at);
        }
        e
    }
}

/// Line starts of a text, to turn a line and column (in characters, from 1) into a byte offset
/// and back.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self { text, starts }
    }

    fn offset(&self, line: usize, col: usize) -> usize {
        let Some(&start) = self.starts.get(line.saturating_sub(1)) else {
            return self.text.len();
        };
        self.text[start..]
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(self.text.len(), |(i, _)| start + i)
    }

    fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        (line, self.text[start..offset].chars().count() + 1)
    }
}

/// Where and why the typed reading of a text stops.
struct Raw {
    code: ron::Error,
    /// Byte offset in the text read (past any blank there).
    at: usize,
    /// The field, as the file spells it (enum variant names left out).
    path: FieldPath,
}

/// The first error of reading `text` as a scene, if any.
fn first_error(text: &str) -> Option<Raw> {
    // RON may point at the blank before a value: the value starts after it.
    let raw = |e: ron::error::SpannedError, path: FieldPath| Raw {
        at: after_trivia(
            text,
            Lines::new(text).offset(e.span.start.line, e.span.start.col),
        ),
        code: e.code,
        path,
    };
    let options = ron_options();
    let mut de = match ron::Deserializer::from_str_with_options(text, &options) {
        Ok(de) => de,
        Err(e) => return Some(raw(e, FieldPath::root())),
    };
    if let Err(e) = serde_path_to_error::deserialize::<_, Scene>(&mut de) {
        let path = field_path(e.path());
        let spanned = de.span_error(e.into_inner());
        return Some(raw(spanned, path));
    }
    de.end()
        .err()
        .map(|e| raw(de.span_error(e), FieldPath::root()))
}

/// The field path of a serde path, enum variant names left out; names whole.
fn field_path(path: &serde_path_to_error::Path) -> FieldPath {
    let mut out = FieldPath::root();
    for segment in path {
        match segment {
            Segment::Seq { index } => out = out.index(*index),
            Segment::Map { key } => out = out.key(key.clone()),
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    out
}

/// What can be done about an error to read on.
enum Remedy {
    /// A field the type does not take (unknown, or given twice), its name at the error: take
    /// it out.
    Entry,
    /// A value of the wrong kind at the error's path: take the field out, or put a stand-in.
    Value,
    /// A field missing from the struct whose `)` is at the error: put a stand-in in.
    Missing(&'static str),
    /// Syntax, or anything else: the rounds end.
    Stop,
}

/// What can be done about an error of kind `code`.
fn remedy(code: &ron::Error) -> Remedy {
    use ron::Error as E;
    match code {
        E::NoSuchStructField { .. } | E::DuplicateStructField { .. } => Remedy::Entry,
        E::MissingStructField { field, .. } => Remedy::Missing(field),
        E::Message(_)
        | E::ExpectedBoolean
        | E::ExpectedChar
        | E::ExpectedByteLiteral
        | E::ExpectedFloat
        | E::FloatUnderscore
        | E::ExpectedInteger
        | E::IntegerOutOfBounds
        | E::InvalidIntegerDigit { .. }
        | E::UnderscoreAtBeginning
        | E::ExpectedOption
        | E::ExpectedArray
        | E::ExpectedMap
        | E::ExpectedUnit
        | E::ExpectedString
        | E::ExpectedByteString
        | E::ExpectedStructLike
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedDifferentStructName { .. }
        | E::InvalidValueForType { .. }
        | E::ExpectedDifferentLength { .. }
        | E::NoSuchEnumVariant { .. }
        | E::InvalidIdentifier(_)
        | E::SuggestRawIdentifier(_)
        | E::ExpectedIdentifier => Remedy::Value,
        _ => Remedy::Stop,
    }
}

/// An edit that the reading gets past.
struct Repair {
    draft: Draft,
    /// The first error after it.
    next: Option<Raw>,
    kind: Mended,
}

/// How a field was mended.
enum Mended {
    /// A field the type does not take, taken out.
    Removed,
    /// A field with a value of the wrong kind, taken out (its default applies, if it has one).
    TakenOut(FieldPath),
    /// A field whose value is now a stand-in.
    StandIn(FieldPath),
}

/// An edit of `draft` that gets the reading past `raw`, if one is found.
fn repair(draft: &Draft, raw: &Raw) -> Option<Repair> {
    let nodes = nodes(&draft.text);
    match remedy(&raw.code) {
        Remedy::Stop => None,
        Remedy::Entry => {
            let node = nodes.iter().find(|n| n.key == Some(raw.at))?;
            let (draft, next) = take_out(draft, node)?;
            Some(Repair {
                draft,
                next,
                kind: Mended::Removed,
            })
        }
        Remedy::Value => {
            let node = nodes
                .iter()
                .filter(|n| n.path == raw.path && n.value.start <= raw.at && raw.at <= n.value.end)
                .min_by_key(|n| n.value.len())?;
            if node.path.is_root() || !complete(&draft.text, node) {
                return None;
            }
            let stand_in = |(draft, next)| Repair {
                draft,
                next,
                kind: Mended::StandIn(field_of(&node.path)),
            };
            if let ron::Error::NoSuchEnumVariant {
                expected, found, ..
            } = &raw.code
                && let Some(done) = renamed(draft, raw.at, found, expected, &node.path)
            {
                return Some(stand_in(done));
            }
            // A field given twice keeps a value, so that the second is still reported.
            let twice = nodes.iter().filter(|n| n.path == node.path).count() > 1;
            if !twice && let Some((draft, next)) = take_out(draft, node) {
                return Some(Repair {
                    draft,
                    next,
                    kind: Mended::TakenOut(node.path.clone()),
                });
            }
            stand_ins(draft, node.value.clone(), ("", ""), &raw.code, &node.path).map(stand_in)
        }
        Remedy::Missing(field) => {
            if draft.text.as_bytes().get(raw.at) != Some(&b')') {
                return None;
            }
            let before = draft.text[..raw.at].trim_end();
            let comma = if before.ends_with([',', '(']) {
                ""
            } else {
                ", "
            };
            let path = raw.path.key(field);
            let done = stand_ins(
                draft,
                raw.at..raw.at,
                (&format!("{comma}{field}: "), " "),
                &raw.code,
                &path,
            )?;
            Some(Repair {
                draft: done.0,
                next: done.1,
                kind: Mended::StandIn(path),
            })
        }
    }
}

/// `node`'s field blanked out, when the reading gets past it (a field with a default, or one
/// the type does not take).
fn take_out(draft: &Draft, node: &Node) -> Option<(Draft, Option<Raw>)> {
    let key = node.key?;
    let Some(Part::Key(name)) = node.path.parts().last() else {
        return None;
    };
    let parent = node.path.parent()?;
    if !complete(&draft.text, node) {
        return None;
    }
    let blank: String = draft.text[key..node.end]
        .bytes()
        .map(|b| if b == b'\n' { '\n' } else { ' ' })
        .collect();
    let (draft, next) = attempt(draft, key..node.end, &blank, None)?;
    // Without it the struct does not read: the field has no default.
    if let Some(after) = &next
        && let ron::Error::MissingStructField { field, .. } = after.code
        && field == name
        && after.path == parent
    {
        return None;
    }
    Some((draft, next))
}

/// A misspelt name of a choice (`found`, at `at`) replaced by the nearest of the names the
/// choice takes (`expected`) with which the reading gets past it: `Bt(position: ...)` read as
/// `At(position: ...)`.
fn renamed(
    draft: &Draft,
    at: usize,
    found: &str,
    expected: &[&str],
    path: &FieldPath,
) -> Option<(Draft, Option<Raw>)> {
    let range = at..at + found.len();
    if draft.text.get(range.clone()) != Some(found) {
        return None;
    }
    let mut names = expected.to_vec();
    names.sort_by_key(|name| strsim::damerau_levenshtein(found, name));
    names
        .into_iter()
        .find_map(|name| attempt(draft, range.clone(), name, Some(path)))
}

/// The first stand-in value for the field at `path` (written between `around.0` and
/// `around.1`) with which the reading gets past `range` when it replaces it: one of
/// [`STAND_INS`], or one of the names of a choice (those the error, `code`, lists, or those
/// that a name no type takes draws out).
fn stand_ins(
    draft: &Draft,
    range: Range<usize>,
    (before, after): (&str, &str),
    code: &ron::Error,
    path: &FieldPath,
) -> Option<(Draft, Option<Raw>)> {
    let with = |value: &str| format!("{before}{value}{after}");
    for value in STAND_INS {
        if let Some(done) = attempt(draft, range.clone(), &with(value), Some(path)) {
            return Some(done);
        }
    }
    let names: &[&str] = if let ron::Error::NoSuchEnumVariant { expected, .. } = code {
        expected
    } else {
        let probe = draft.edited(range.clone(), &with(PROBE));
        match first_error(&probe.text) {
            Some(Raw {
                code: ron::Error::NoSuchEnumVariant { expected, .. },
                path: at,
                ..
            }) if at == *path => expected,
            _ => return None,
        }
    };
    names.iter().find_map(|name| {
        // A name alone, or with values (which the next rounds fill in).
        attempt(draft, range.clone(), &with(name), Some(path)).or_else(|| {
            attempt(
                draft,
                range.clone(),
                &with(&format!("{name}()")),
                Some(path),
            )
        })
    })
}

/// `draft` with `range` replaced by `with`, and its first error, when the reading gets past the
/// edit: that error, if any, lies after the edit and, for a new value of the field at `path`,
/// outside that field, or is a field missing from the new value (`()` for a struct), which the
/// next rounds put in.
fn attempt(
    draft: &Draft,
    range: Range<usize>,
    with: &str,
    path: Option<&FieldPath>,
) -> Option<(Draft, Option<Raw>)> {
    if !(draft.text.is_char_boundary(range.start) && draft.text.is_char_boundary(range.end)) {
        return None;
    }
    let end = range.start + with.len();
    let edited = draft.edited(range, with);
    let next = first_error(&edited.text);
    let past = |e: &Raw| {
        let within = path.is_some_and(|p| e.path.is_within(p));
        if within && matches!(e.code, ron::Error::MissingStructField { .. }) {
            return true;
        }
        e.at >= end && !within
    };
    if next.as_ref().is_some_and(|e| !past(e)) {
        return None;
    }
    Some((edited, next))
}

/// Whether `node` is a whole entry: a value, ended by a comma or last before a closing
/// bracket. Otherwise what follows it is a syntax error (`enabled: zz: 1`), which an edit of the
/// entry would only hide or change.
fn complete(text: &str, node: &Node) -> bool {
    !node.value.is_empty()
        && (text[..node.end].ends_with(',')
            || matches!(
                text.as_bytes().get(after_trivia(text, node.end)),
                Some(b')' | b']' | b'}')
            ))
}

/// The field a path is in: the path without its trailing list indices (`paths[0].points` for
/// `paths[0].points[3]`).
fn field_of(path: &FieldPath) -> FieldPath {
    let mut p = path.clone();
    while let Some(Part::Index(_)) = p.parts().last() {
        match p.parent() {
            Some(up) => p = up,
            None => break,
        }
    }
    p
}

#[cfg(test)]
mod tests;
