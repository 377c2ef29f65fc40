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

/// Whether every bracket of `text` (outside texts and comments) is closed by its match, in
/// order.
fn balanced(text: &str) -> bool {
    let mut s = Scanner {
        b: text.as_bytes(),
        text,
        at: 0,
        nodes: Vec::new(),
    };
    let mut open = Vec::new();
    loop {
        s.trivia();
        let Some(c) = s.peek(0) else {
            return open.is_empty();
        };
        match c {
            b'(' | b'[' | b'{' => {
                open.push(c);
                s.at += 1;
            }
            b')' | b']' | b'}' => {
                let want = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if open.pop() != Some(want) {
                    return false;
                }
                s.at += 1;
            }
            b'"' | b'\'' => s.quoted(c),
            b'r' if s.peek(1) == Some(b'"')
                || (s.peek(1) == Some(b'#') && !s.peek(2).is_some_and(starts_ident)) =>
            {
                s.raw_string();
            }
            c if starts_ident(c) => {
                s.ident();
            }
            _ => s.at += 1,
        }
    }
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

/// The offset of the first byte at or after `at` that is not blank or in a comment.
fn after_trivia(text: &str, at: usize) -> usize {
    let mut s = Scanner {
        b: text.as_bytes(),
        text,
        at,
        nodes: Vec::new(),
    };
    s.trivia();
    s.at.min(text.len())
}

/// One value of a RON text: its path, where its field's name starts (for a field of a
/// struct), the value's bytes, and where its entry ends (after its comma, if it has one).
struct Node {
    path: FieldPath,
    key: Option<usize>,
    value: Range<usize>,
    end: usize,
}

/// Every value of `text` with its place, inner values before the values that hold them. Like
/// `sim::model::field_path::locate`, it follows RON's structure only (struct fields, lists, tuples, maps,
/// named structs and enum variants, strings, comments), and never loops on text it does not
/// expect.
fn nodes(text: &str) -> Vec<Node> {
    let mut s = Scanner {
        b: text.as_bytes(),
        text,
        at: 0,
        nodes: Vec::new(),
    };
    s.trivia();
    s.value(FieldPath::root(), None, 0);
    s.nodes
}

const MAX_DEPTH: usize = 256;

struct Scanner<'a> {
    b: &'a [u8],
    text: &'a str,
    at: usize,
    nodes: Vec<Node>,
}

fn starts_ident(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || !c.is_ascii()
}

impl Scanner<'_> {
    fn peek(&self, n: usize) -> Option<u8> {
        self.b.get(self.at + n).copied()
    }

    fn trivia(&mut self) {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some(c), _) if c.is_ascii_whitespace() => self.at += 1,
                (Some(b'/'), Some(b'/')) => {
                    while self.peek(0).is_some_and(|c| c != b'\n') {
                        self.at += 1;
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    self.at += 2;
                    let mut depth = 1;
                    while depth > 0 {
                        match (self.peek(0), self.peek(1)) {
                            (Some(b'*'), Some(b'/')) => {
                                self.at += 2;
                                depth -= 1;
                            }
                            (Some(b'/'), Some(b'*')) => {
                                self.at += 2;
                                depth += 1;
                            }
                            (Some(_), _) => self.at += 1,
                            (None, _) => return,
                        }
                    }
                }
                (Some(b'#'), Some(b'!')) => {
                    while let Some(c) = self.peek(0) {
                        self.at += 1;
                        if c == b']' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    /// An identifier, `r#` and all; returns its name.
    fn ident(&mut self) -> &str {
        if self.peek(0) == Some(b'r') && self.peek(1) == Some(b'#') {
            self.at += 2;
        }
        let start = self.at;
        while self
            .peek(0)
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || !c.is_ascii())
        {
            self.at += 1;
        }
        &self.text[start..self.at]
    }

    /// A quoted text or character, from its opening quote.
    fn quoted(&mut self, quote: u8) {
        self.at += 1;
        while let Some(c) = self.peek(0) {
            self.at += 1;
            if c == b'\\' {
                self.at = (self.at + 1).min(self.b.len());
            } else if c == quote {
                return;
            }
        }
    }

    fn raw_string(&mut self) {
        self.at += 1; // r
        let mut hashes = 0;
        while self.peek(0) == Some(b'#') {
            hashes += 1;
            self.at += 1;
        }
        self.at += 1; // the opening quote
        while let Some(c) = self.peek(0) {
            self.at += 1;
            if c == b'"' {
                let mut n = 0;
                while n < hashes && self.peek(0) == Some(b'#') {
                    self.at += 1;
                    n += 1;
                }
                if n == hashes {
                    return;
                }
            }
        }
    }

    fn value(&mut self, path: FieldPath, key: Option<usize>, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        self.trivia();
        let start = self.at;
        match self.peek(0) {
            Some(b'(') => self.items(b')', &path, depth, true),
            Some(b'[') => self.items(b']', &path, depth, false),
            Some(b'{') => self.map(&path, depth),
            Some(b'"') => self.quoted(b'"'),
            Some(b'\'') => self.quoted(b'\''),
            Some(b'r') if self.peek(1) == Some(b'"') => self.raw_string(),
            Some(b'r') if self.peek(1) == Some(b'#') && !self.peek(2).is_some_and(starts_ident) => {
                self.raw_string();
            }
            Some(c) if starts_ident(c) => {
                self.ident();
                self.after_ident(&path, depth);
            }
            Some(_) => {
                while self.peek(0).is_some_and(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.' | b'_')
                }) {
                    self.at += 1;
                }
            }
            None => {}
        }
        self.nodes.push(Node {
            path,
            key,
            value: start..self.at,
            end: self.at,
        });
    }

    /// After a named struct, an enum variant or a keyword: its contents belong to its path.
    fn after_ident(&mut self, path: &FieldPath, depth: usize) {
        let save = self.at;
        self.trivia();
        if self.peek(0) == Some(b'(') {
            self.items(b')', path, depth, true);
        } else {
            self.at = save;
        }
    }

    /// The comma-separated items of a `(...)` (whose items may be fields, `name: value`) or a
    /// `[...]`, from the opening bracket.
    fn items(&mut self, close: u8, path: &FieldPath, depth: usize, fields: bool) {
        self.at += 1;
        let mut index = 0;
        loop {
            self.trivia();
            match self.peek(0) {
                Some(c) if c == close => {
                    self.at += 1;
                    return;
                }
                None => return,
                Some(b',') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let before = self.at;
            let mut child = None;
            if fields && self.peek(0).is_some_and(starts_ident) {
                let name = self.ident().to_owned();
                self.trivia();
                if self.peek(0) == Some(b':') {
                    self.at += 1;
                    child = Some((path.key(name), before));
                } else {
                    self.at = before;
                }
            }
            let count = self.nodes.len();
            match child {
                Some((field, key)) => self.value(field, Some(key), depth + 1),
                None => self.value(path.index(index), None, depth + 1),
            }
            index += 1;
            if self.nodes.len() > count {
                // The entry runs on to its comma.
                let save = self.at;
                self.trivia();
                if self.peek(0) == Some(b',') {
                    self.at += 1;
                    if let Some(node) = self.nodes.last_mut() {
                        node.end = self.at;
                    }
                } else {
                    self.at = save;
                }
            }
            if self.at == before {
                // Nothing read: never loop on unexpected text.
                self.at += 1;
            }
        }
    }

    fn map(&mut self, path: &FieldPath, depth: usize) {
        self.at += 1;
        loop {
            self.trivia();
            match self.peek(0) {
                Some(b'}') => {
                    self.at += 1;
                    return;
                }
                None => return,
                Some(b',' | b':') => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            let before = self.at;
            // Keys and values are both read; map entries have no path of their own.
            self.value(path.key("{}"), None, depth + 1);
            if self.at == before {
                self.at += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
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
        let text =
            r#"(version: 2, name: "a", world: (width: true, height: 10.0), nme: 1, groups: [])"#;
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
                     `click_target`, `obstacles`, `walls`, `paths`, `flow_fields`, `agents`, \
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
}
