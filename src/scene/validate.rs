//! Turning a RON text into a valid [`Scene`], with messages a designer can act on.
//!
//! Every message says where (file, line, column), which field (`groups[1].wander.circle_radius`)
//! and why (`must be >= 0, got -3`). A misspelled field or variant is an error that names it and
//! suggests the closest valid name. Loading stops at the first syntax or type error (range
//! errors found after parsing are all reported); [`super::recover::parse_all`] (`steerlab
//! validate`) reads on past each unknown field and value of the wrong kind.

use std::fmt;

use ron::extensions::Extensions;
use serde_path_to_error::Segment;

use super::messages::escape_controls;
use super::schema::{CURRENT_VERSION, CheckedScene, Scene, VERSION};
use crate::sim::model::field_path::FieldPath;
use crate::sim::model::field_path::locate::{LineCol, locate, locate_all};
use crate::sim::setup::check::{CheckedSpec, Problems};

/// Deepest nesting accepted in a scene file.
pub const MAX_NESTING: usize = 64;

/// One error in a scene file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneError {
    /// The file (or `<string>` for text not read from a file).
    pub file: String,
    /// Line, from 1 (0 when the error is about the file as a whole).
    pub line: usize,
    /// Column in characters, from 1 (0 when the error is about the file as a whole).
    pub col: usize,
    /// Field path, e.g. `groups[1].wander.circle_radius`; the root for the whole document.
    pub field: FieldPath,
    /// Why.
    pub message: String,
}

impl SceneError {
    /// An error about the file as a whole (missing, unreadable, too large).
    pub fn whole_file(file: &str, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            line: 0,
            col: 0,
            field: FieldPath::root(),
            message: message.into(),
        }
    }
}

impl fmt::Display for SceneError {
    /// `PATH:LINE:COL: field: message`, the form compilers use, so editors can jump to it.
    /// Control characters are escaped, so an error is always one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = escape_controls(&self.file);
        if self.line == 0 {
            write!(f, "{file}: ")?;
        } else {
            write!(f, "{file}:{}:{}: ", self.line, self.col)?;
        }
        if !self.field.is_root() {
            write!(f, "{}: ", escape_controls(&self.field.to_string()))?;
        }
        f.write_str(&escape_controls(&self.message))
    }
}

/// Every error of one load; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneErrors(pub Vec<SceneError>);

impl fmt::Display for SceneErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SceneErrors {}

/// The RON options every scene is read with: `Some(..)` may be left out around optional values.
#[must_use]
pub fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .with_recursion_limit(MAX_NESTING)
}

/// Parses and checks a scene: a [`CheckedScene`], which builds its world with no second check.
/// The world spec is checked in place (taken out of the scene and put back, not copied).
/// `file` names the text in messages.
pub fn parse(text: &str, file: &str) -> Result<CheckedScene, SceneErrors> {
    if text.trim().is_empty() {
        return Err(SceneErrors(vec![SceneError {
            file: file.to_owned(),
            line: 1,
            col: 1,
            field: FieldPath::root(),
            message: "the file is empty; a scene starts with `(` and needs at least `version`, \
                      `name`, `world` and `groups` (see docs/scenes.md)"
                .to_owned(),
        }]));
    }
    let scene: Scene = deserialize_located(text, file)?;
    let scene = migrate(scene).map_err(|message| {
        let version = FieldPath::root().key(VERSION);
        let at = locate(&locate_all(text), &version).unwrap_or(LineCol { line: 1, col: 1 });
        SceneErrors(vec![SceneError {
            file: file.to_owned(),
            line: at.line,
            col: at.col,
            field: version,
            message,
        }])
    })?;
    let (rest, spec) = scene.split();
    let (spec, mut problems) = match CheckedSpec::new(spec) {
        Ok(checked) => (checked.into_spec(), Problems::default()),
        Err(refused) => (*refused.spec, refused.problems),
    };
    let scene = Scene::join(rest, spec);
    if let Some(view) = &scene.view {
        problems.0.extend(view.problems());
    }
    if let Some(goals) = &scene.goals {
        problems
            .0
            .extend(super::goal_rules::problems(goals, &scene));
    }
    if problems.is_empty() {
        return Ok(CheckedScene::accepted(scene));
    }
    let found = locate_all(text);
    let mut errors: Vec<SceneError> = problems
        .into_iter()
        .map(|p| {
            // `world.width` etc. are checked on the world spec; paths match the file's.
            let at = locate(&found, &p.path).unwrap_or(LineCol { line: 1, col: 1 });
            SceneError {
                file: file.to_owned(),
                line: at.line,
                col: at.col,
                field: p.path,
                message: p.message,
            }
        })
        .collect();
    // In the order of the file, as a designer reads it.
    errors.sort_by_key(|e| (e.line, e.col));
    Err(SceneErrors(errors))
}

/// A warning about a valid scene (a value that is legal but almost surely not meant), located
/// like an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneWarning(pub SceneError);

impl fmt::Display for SceneWarning {
    /// `PATH:LINE:COL: warning: field: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.0;
        let file = escape_controls(&e.file);
        if e.line == 0 {
            write!(f, "{file}: warning: ")?;
        } else {
            write!(f, "{file}:{}:{}: warning: ", e.line, e.col)?;
        }
        if !e.field.is_root() {
            write!(f, "{}: ", escape_controls(&e.field.to_string()))?;
        }
        f.write_str(&escape_controls(&e.message))
    }
}

/// The warnings about `scene`, read from `text` (which it was parsed from), located in it.
#[must_use]
pub fn located_warnings(text: &str, file: &str, scene: &Scene) -> Vec<SceneWarning> {
    let warnings = scene.world_spec().warnings();
    if warnings.is_empty() {
        return Vec::new();
    }
    let found = locate_all(text);
    warnings
        .into_iter()
        .map(|w| {
            let at = locate(&found, &w.path).unwrap_or(LineCol { line: 1, col: 1 });
            SceneWarning(SceneError {
                file: file.to_owned(),
                line: at.line,
                col: at.col,
                field: w.path,
                message: w.message,
            })
        })
        .collect()
}

/// Deserializes any scene-format value from `text`, with the position and field path of the
/// first syntax or type error.
pub fn deserialize_located<T: serde::de::DeserializeOwned>(
    text: &str,
    file: &str,
) -> Result<T, SceneErrors> {
    let options = ron_options();
    let mut de = match ron::Deserializer::from_str_with_options(text, &options) {
        Ok(de) => de,
        Err(e) => {
            return Err(SceneErrors(vec![from_ron(
                file,
                text,
                &e,
                FieldPath::root(),
            )]));
        }
    };
    let value: T = match serde_path_to_error::deserialize(&mut de) {
        Ok(value) => value,
        Err(e) => {
            let field = field_path(e.path());
            let spanned = de.span_error(e.into_inner());
            return Err(SceneErrors(vec![from_ron(file, text, &spanned, field)]));
        }
    };
    if let Err(e) = de.end() {
        let spanned = de.span_error(e);
        return Err(SceneErrors(vec![from_ron(
            file,
            text,
            &spanned,
            FieldPath::root(),
        )]));
    }
    Ok(value)
}

/// Brings a scene of an older format version up to [`CURRENT_VERSION`], one step per version.
///
/// Fields added in later versions load through serde defaults; a field whose meaning changes
/// gets a step here that rewrites old values. A file from a newer steerlab is refused rather
/// than misread.
///
/// Version 1 → 2: version 2 adds walls, paths, flow fields, placed agents, the new behavior
/// blocks and the group fields `radius`, `max_turn_rate_deg` and `heading_smoothing`. Every one
/// of them defaults to what version 1 did (no scenery, no placed agents, blocks absent, no turn
/// limit, no smoothing; `radius` is read by none of the version-1 behaviors), so a version-1
/// scene means the same in version 2 and runs the same ticks; the step only sets the version.
fn migrate(mut scene: Scene) -> Result<Scene, String> {
    if scene.version == 0 {
        return Err("version 0 does not exist; the first format version is 1".to_owned());
    }
    if scene.version > CURRENT_VERSION {
        return Err(format!(
            "this file is format version {}, written by a newer steerlab; \
             this build reads versions up to {CURRENT_VERSION}",
            scene.version
        ));
    }
    if scene.version == 1 {
        scene = v1_to_v2(scene);
    }
    Ok(scene)
}

/// Version 1 → 2 (see [`migrate`]).
fn v1_to_v2(mut scene: Scene) -> Scene {
    scene.version = 2;
    scene
}

/// The field path as the scene file spells it: enum variant names left out.
fn field_path(path: &serde_path_to_error::Path) -> FieldPath {
    let mut out = FieldPath::root();
    for segment in path {
        match segment {
            Segment::Seq { index } => out = out.index(*index),
            // An unknown field's name comes from the file: cut short.
            Segment::Map { key } => out = out.key(super::messages::echo(key)),
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    out
}

fn from_ron(file: &str, text: &str, e: &ron::error::SpannedError, field: FieldPath) -> SceneError {
    let token = super::messages::token_at(text, e.span.start.line, e.span.start.col);
    let message = match cut_short(text, e.span.start.line) {
        // Whatever RON expected next, the reason is that the file stops.
        Some(open) if !matches!(e.code, ron::Error::Eof) => {
            format!("the file ends too early: {open} (the text stops before the scene's last `)`)")
        }
        _ => super::messages::for_ron(&e.code, &field, token.as_deref(), MAX_NESTING),
    };
    SceneError {
        file: file.to_owned(),
        line: e.span.start.line,
        col: e.span.start.col,
        field,
        message,
    }
}

/// What is left open when `text` stops, if it stops before the scene is complete and the error
/// at `line` is on its last line: a text cut short (a download or a copy that stopped) gives
/// whatever error RON meets first at the cut, which says less than that the file ends.
fn cut_short(text: &str, line: usize) -> Option<String> {
    let text = text.trim_end();
    let last_line = text.lines().count().max(1);
    if line < last_line {
        return None;
    }
    let mut depth: i64 = 0;
    let mut opened = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                let mut closed = false;
                for c in chars.by_ref() {
                    if prev == '*' && c == '/' {
                        closed = true;
                        break;
                    }
                    prev = c;
                }
                if !closed {
                    return Some("a comment `/* ...` is not closed".to_owned());
                }
            }
            '"' => {
                let mut closed = false;
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => {
                            closed = true;
                            break;
                        }
                        _ => {}
                    }
                }
                if !closed {
                    return Some("a text in double quotes is not closed".to_owned());
                }
            }
            // `#![enable(...)]` comes before the scene and opens nothing of it.
            '#' if chars.peek() == Some(&'!') => {
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                }
            }
            '(' | '[' | '{' => {
                depth += 1;
                opened = true;
            }
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
    }
    if depth > 0 {
        Some(if depth == 1 {
            "1 bracket is still open".to_owned()
        } else {
            format!("{depth} brackets are still open")
        })
    } else if !opened {
        Some("a scene starts with `(`".to_owned())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path prints and parses back to itself, and locates the value it names in the
    /// scene's text.
    #[test]
    fn every_number_of_every_preset_is_located_at_its_value() {
        let mut located = 0;
        for p in crate::scene::presets::ALL {
            let mut s = crate::scene::from_str(p.text, p.file)
                .expect("valid")
                .into_scene();
            let found = locate_all(p.text);
            let written = crate::scene::fields::flatten(&s);
            for (path, value, _) in crate::sim::model::field_path::numbers::all(&mut s) {
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

    #[test]
    fn a_loaded_scene_builds_its_world_unchecked_and_the_same_as_a_checked_build() {
        for preset in crate::scene::presets::ALL {
            let loaded = crate::scene::from_str(preset.text, preset.file).expect("valid");
            let mut unchecked = loaded.new_world();
            let mut checked = loaded.scene().build_world().expect("builds");
            let mut moved = loaded.clone().into_world();
            for _ in 0..60 {
                unchecked.step();
                checked.step();
                moved.step();
            }
            assert_eq!(unchecked.agents(), checked.agents(), "{}", preset.file);
            assert_eq!(moved.agents(), checked.agents(), "{}", preset.file);
            // Checking takes the world spec out of the scene and puts it back: the scene is the
            // one the file holds, as plain deserializing reads it.
            let plain: crate::scene::Scene =
                ron_options().from_str(preset.text).expect("deserializes");
            assert_eq!(
                plain.version,
                crate::scene::CURRENT_VERSION,
                "{}",
                preset.file
            );
            assert_eq!(loaded.clone().into_scene(), plain, "{}", preset.file);
        }
    }
}
