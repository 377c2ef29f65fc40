//! Fields and values in a designer's words: `groups[0].arrive.mode` reads "arrivers › arrive ›
//! slowing radius (u)", `285.7142857` reads "286". The Sweep window, Changes, the undo labels and
//! the status line show these; the field path stays in the tooltip and in files.

use std::fmt::Write as _;

use super::Scene;
use crate::sim::BehaviorKind;
use crate::sim::model::field::{FIXED_SECS, Field, MAX_SECS};
use crate::sim::model::field_path::{FieldPath, Part};
use crate::sim::setup::settings::{
    self, AGENTS, BASE, CELL_SIZE, CLICK_TARGET, DT, FLOW_FIELDS, GROUPS, HEIGHT, LOOPED,
    OBSTACLES, PATH_RADIUS, PATHS, POSITION, SEED, SPAWN, STAMINA, VELOCITY, WALLS, WIDTH, WORLD,
};

/// The separator between the parts of a label.
pub(crate) const SEP: &str = " › ";

/// A field's label with its unit: "slowing radius (u)", "mass", "max turn rate (°/s)".
#[must_use]
pub(crate) fn with_unit(field: &Field) -> String {
    let unit = field.unit.trim();
    if unit.is_empty() {
        field.label.to_owned()
    } else {
        format!("{} ({unit})", field.label)
    }
}

/// The steps of `path` as text, from step `from` on (`x`, `points 3`): the part of a label
/// that no description names.
fn rest(steps: &[Part]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for step in steps {
        match step {
            Part::Key(k) => out.push(k.replace('_', " ")),
            // A list element, counted from 1 as a designer counts.
            Part::Index(i) => match out.last_mut() {
                Some(last) => *last = format!("{last} {}", i + 1),
                None => out.push(format!("{}", i + 1)),
            },
        }
    }
    out
}

fn key(steps: &[Part], i: usize) -> Option<&str> {
    match steps.get(i) {
        Some(Part::Key(k)) => Some(k.as_ref()),
        _ => None,
    }
}

fn index(steps: &[Part], i: usize) -> Option<usize> {
    match steps.get(i) {
        Some(Part::Index(n)) => Some(*n),
        _ => None,
    }
}

/// The field at `path` of `scene` in a designer's words: the group's name, the behavior, the
/// field's label with its unit (`arrivers › arrive › slowing radius (u)`); the scene's own
/// fields and its scenery by what they are (`world › width (u)`, `path "loop" › radius (u)`).
#[must_use]
pub(crate) fn field_label(scene: &Scene, path: &FieldPath) -> String {
    let steps = path.parts();
    let mut parts: Vec<String> = Vec::new();
    let (head, tail): (Option<&str>, &[Part]) = match (key(steps, 0), index(steps, 1)) {
        (Some(GROUPS), Some(g)) => {
            parts.push(
                scene
                    .groups
                    .get(g)
                    .map_or_else(|| format!("group {}", g + 1), |gr| gr.name.clone()),
            );
            group_parts(steps.get(2..).unwrap_or_default(), &mut parts);
            return parts.join(SEP);
        }
        (Some(list), Some(_)) => (Some(list), steps.get(2..).unwrap_or_default()),
        _ => (None, steps),
    };
    match head {
        Some(list) => scenery_parts(
            scene,
            (list, index(steps, 1).unwrap_or_default()),
            tail,
            &mut parts,
        ),
        None => top_parts(tail, &mut parts),
    }
    if parts.is_empty() {
        "the scene".to_owned()
    } else {
        parts.join(SEP)
    }
}

/// The parts of a label for item `i` of the scene's list `list` (`obstacles[1].radius`).
fn scenery_parts(scene: &Scene, (list, i): (&str, usize), tail: &[Part], parts: &mut Vec<String>) {
    let named = |names: Vec<&str>| names.get(i).map(|n| format!("\"{n}\""));
    let item = match list {
        OBSTACLES => format!("obstacle {}", i + 1),
        WALLS => format!("wall {}", i + 1),
        PATHS => format!(
            "path {}",
            named(scene.paths.iter().map(|p| p.name.as_str()).collect())
                .unwrap_or_else(|| (i + 1).to_string())
        ),
        FLOW_FIELDS => format!(
            "flow field {}",
            named(scene.flow_fields.iter().map(|f| f.name.as_str()).collect())
                .unwrap_or_else(|| (i + 1).to_string())
        ),
        AGENTS => format!("placed agent #{i}"),
        other => format!("{} {}", other.replace('_', " "), i + 1),
    };
    parts.push(item);
    let field = key(tail, 0).and_then(|k| {
        [
            &PATH_RADIUS,
            &LOOPED,
            &CELL_SIZE,
            &BASE,
            &POSITION,
            &VELOCITY,
        ]
        .into_iter()
        .find(|f| f.key == k && (k != PATH_RADIUS.key || list == PATHS))
    });
    match field {
        Some(f) => {
            parts.push(with_unit(f));
            parts.extend(rest(tail.get(1..).unwrap_or_default()));
        }
        None => parts.extend(rest(tail)),
    }
}

/// The parts of a label for the scene's own fields (`dt`, `world.width`).
fn top_parts(tail: &[Part], parts: &mut Vec<String>) {
    let top = [&DT, &SEED, &CLICK_TARGET]
        .into_iter()
        .find(|f| key(tail, 0) == Some(f.key));
    if let Some(f) = top {
        parts.push(with_unit(f));
        parts.extend(rest(tail.get(1..).unwrap_or_default()));
    } else if key(tail, 0) == Some(WORLD) {
        parts.push(WORLD.to_owned());
        match [&WIDTH, &HEIGHT, &settings::BOUNDS]
            .into_iter()
            .find(|f| key(tail, 1) == Some(f.key))
        {
            Some(f) => parts.push(with_unit(f)),
            None => parts.extend(rest(tail.get(1..).unwrap_or_default())),
        }
    } else {
        parts.extend(rest(tail));
    }
}

/// The parts of a label below a group: its own field, or a behavior and its field.
fn group_parts(below: &[Part], parts: &mut Vec<String>) {
    let Some(first) = key(below, 0) else {
        return;
    };
    if let Some(kind) = BehaviorKind::ALL
        .into_iter()
        .find(|k| k.field_name() == first)
    {
        parts.push(kind.field_name().to_owned());
        let Some(second) = key(below, 1) else {
            return;
        };
        let mut found = None;
        settings::group_field_at(
            &FieldPath::root()
                .key(first.to_owned())
                .key(second.to_owned()),
            &mut |field, _| found = Some(field),
        );
        let common = [
            &crate::sim::model::field::WEIGHT,
            &crate::sim::model::field::PROBABILITY,
            &crate::sim::model::field::ENABLED,
        ]
        .into_iter()
        .find(|f| f.key == second);
        match found.or(common) {
            Some(f) => parts.push(with_unit(f)),
            None => parts.push(second.replace('_', " ")),
        }
        parts.extend(rest(below.get(2..).unwrap_or_default()));
        return;
    }
    if first == STAMINA.key {
        parts.push(STAMINA.label.to_owned());
        let sub = [
            &crate::sim::model::field::STAMINA_MAX,
            &crate::sim::model::field::STAMINA_REGEN,
            &crate::sim::model::field::STAMINA_COST,
        ]
        .into_iter()
        .find(|f| key(below, 1) == Some(f.key));
        match sub {
            Some(f) => parts.push(with_unit(f)),
            None => parts.extend(rest(below.get(1..).unwrap_or_default())),
        }
        return;
    }
    if first == SPAWN.key {
        parts.push(SPAWN.label.to_owned());
        parts.extend(rest(below.get(1..).unwrap_or_default()));
        return;
    }
    match settings::group_field(first) {
        Some(f) => {
            parts.push(with_unit(f));
            parts.extend(rest(below.get(1..).unwrap_or_default()));
        }
        None => parts.extend(rest(below)),
    }
}

pub use crate::sim::model::text::readable_number;

/// The field at `path` of `scene` as `field_label` names it, without the unit when its
/// values are written beside it with theirs (`arrivers › arrive › slowing radius` before
/// `286 u`).
#[must_use]
pub fn field_name(scene: &Scene, path: &FieldPath) -> String {
    let label = field_label(scene, path);
    let unit = field_at(path).map_or("", |f| f.unit.trim());
    if unit.is_empty() {
        return label;
    }
    match label.strip_suffix(&format!(" ({unit})")) {
        Some(name) => name.to_owned(),
        None => label,
    }
}

/// The field at `path` of `scene` and its change, each value as every tool writes the
/// field's values: `arrivers › arrive › slowing radius 150 u to 286 u` (`(none)` for a value
/// that is not there).
#[must_use]
pub fn change_text(
    scene: &Scene,
    path: &FieldPath,
    old: Option<&str>,
    new: Option<&str>,
) -> String {
    let value = |v: Option<&str>| v.map_or_else(|| "(none)".to_owned(), |t| shown_value(path, t));
    format!(
        "{} {} to {}",
        field_name(scene, path),
        value(old),
        value(new)
    )
}

/// The description of the number at `path`: the field it is, or the field it belongs to (the
/// slowing radius inside `arrive.mode`, a coordinate of a point: the point's); `None` for a
/// number no description covers (the seed, a spawn's numbers).
#[must_use]
pub(crate) fn field_at(path: &FieldPath) -> Option<&'static Field> {
    let steps = path.parts();
    let coordinate = matches!(steps.last(), Some(Part::Key(k)) if k == "x" || k == "y");
    let found = match (key(steps, 0), index(steps, 1)) {
        (Some(GROUPS), Some(_)) => group_field_of(steps.get(2..).unwrap_or_default()),
        (Some(list), Some(_)) => {
            let tail = steps.get(2..).unwrap_or_default();
            [&PATH_RADIUS, &CELL_SIZE, &POSITION, &VELOCITY]
                .into_iter()
                .find(|f| {
                    key(tail, 0) == Some(f.key) && (f.key != PATH_RADIUS.key || list == PATHS)
                })
        }
        (Some(WORLD), None) => [&WIDTH, &HEIGHT]
            .into_iter()
            .find(|f| key(steps, 1) == Some(f.key)),
        (Some(k), None) if k == DT.key => Some(&DT),
        (Some(k), None) if k == CLICK_TARGET.key => Some(&CLICK_TARGET),
        _ => None,
    };
    let look_ahead = matches!(steps.last(), Some(Part::Key(k)) if k == FIXED_SECS || k == MAX_SECS);
    match found {
        // A point's coordinate is in the point's unit; a field that holds no number of its own
        // (a target, a spawn position) has its coordinates in world units.
        Some(f) if coordinate && f.unit.is_empty() => Some(&COORDINATE),
        Some(_) if look_ahead => Some(&LOOK_AHEAD),
        other => other,
    }
}

/// A coordinate of a point in the world.
const COORDINATE: Field = Field::plain("x", "coordinate", "A coordinate in the world.").unit(" u");

/// One of a prediction's look-ahead times.
const LOOK_AHEAD: Field = Field::plain("fixed_secs", "look-ahead", "A look-ahead time.").unit(" s");

/// The field below a group at `below` (`max_speed`, `arrive.mode`, `stamina.max`).
fn group_field_of(below: &[Part]) -> Option<&'static Field> {
    let first = key(below, 0)?;
    if BehaviorKind::from_key(first).is_some() {
        let second = key(below, 1)?;
        let mut found = None;
        settings::group_field_at(
            &FieldPath::root()
                .key(first.to_owned())
                .key(second.to_owned()),
            &mut |field, _| found = Some(field),
        );
        let common = [
            &crate::sim::model::field::WEIGHT,
            &crate::sim::model::field::PROBABILITY,
        ]
        .into_iter()
        .find(|f| f.key == second);
        return found.or(common);
    }
    if first == STAMINA.key {
        return [
            &crate::sim::model::field::STAMINA_MAX,
            &crate::sim::model::field::STAMINA_REGEN,
            &crate::sim::model::field::STAMINA_COST,
        ]
        .into_iter()
        .find(|f| key(below, 1) == Some(f.key));
    }
    if first == SPAWN.key {
        return None;
    }
    settings::group_field(first)
}

/// The number `stored` at `path` as every tool writes it: through its field's description
/// (shown in its scale, readable, with its unit: `8.59°/tick`, `150 u/s`), or readable alone
/// when no description covers it.
#[must_use]
pub fn value_text(path: &FieldPath, stored: f64) -> String {
    field_at(path).map_or_else(|| readable_number(stored), |f| f.text(stored))
}

/// A typed number for the field at `path`, as stored (`8.6` or `8.6°/tick` for an angle
/// shown in degrees is 0.150 radians).
#[must_use]
pub fn value_read(path: &FieldPath, text: &str) -> Option<f64> {
    match field_at(path) {
        Some(f) => f.read(text),
        None => text.trim().parse().ok().filter(|v: &f64| v.is_finite()),
    }
}

/// A field's value as the file writes it (RON text), with every number in it made readable:
/// `SlowingRadius(285.7142857)` reads `SlowingRadius(286)`, `(12.5, 300.25)` reads
/// `(12.5, 300)`.
#[must_use]
pub(crate) fn readable_value(text: &str) -> String {
    numbers_written(text, &readable_number)
}

/// The value at `path` as the file writes it (RON text), each number in it written as every
/// tool writes the field's numbers ([`value_text`]): `0.15` at a wander's angle change reads
/// `8.59°/tick`, `SlowingRadius(285.7142857)` reads `SlowingRadius(286 u)`.
#[must_use]
pub fn shown_value(path: &FieldPath, text: &str) -> String {
    numbers_written(text, &|v| value_text(path, v))
}

/// `text` with each number in it written by `write` (a number inside a name, `flock2`, is
/// part of the name).
fn numbers_written(text: &str, write: &dyn Fn(f64) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut number = String::new();
    let flush = |number: &mut String, out: &mut String| {
        if !number.is_empty() {
            match number.parse::<f64>() {
                // A whole number beyond 2^53 (a seed) would lose digits as an f64: kept.
                Ok(v)
                    if number.contains('.') || number.contains('e') || v.abs() <= 2f64.powi(53) =>
                {
                    out.push_str(&write(v));
                }
                _ => out.push_str(number),
            }
            number.clear();
        }
    };
    let mut prev: Option<char> = None;
    for c in text.chars() {
        let starts = c.is_ascii_digit()
            || (c == '-' && !prev.is_some_and(|p| p.is_alphanumeric() || p == '_'));
        // A digit inside a name (`flock2`) is part of the name.
        let inside_word = prev.is_some_and(|p| p.is_alphabetic() || p == '_') && number.is_empty();
        let continues =
            !number.is_empty() && (c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-'));
        if continues || (!inside_word && starts) {
            number.push(c);
        } else {
            flush(&mut number, &mut out);
            out.push(c);
        }
        prev = Some(c);
    }
    flush(&mut number, &mut out);
    out
}

/// A scene's description as a designer reads it: `[group]` names a group with its colour on
/// the canvas (`[hunters]` reads `hunters (blue)`; a group named for its colour reads as its
/// name), `{behavior}` a behavior with the colour of its forces (`{wander}` reads `wander
/// (grey)`). The colours come from the palette, so the words follow it; a name the scene lacks
/// stays as written.
#[must_use]
pub(crate) fn described(scene: &Scene) -> String {
    let text = &scene.description;
    let mut out = String::with_capacity(text.len() + 32);
    let mut rest = text.as_str();
    while let Some(at) = rest.find(['[', '{']) {
        out.push_str(&rest[..at]);
        let open = rest.as_bytes()[at];
        let close = if open == b'[' { ']' } else { '}' };
        let after = &rest[at + 1..];
        let Some(end) = after.find(close) else {
            out.push_str(&rest[at..]);
            return out;
        };
        let name = &after[..end];
        let colour = if open == b'[' {
            scene
                .groups
                .iter()
                .position(|g| g.name == name)
                .map(crate::sim::steer::colors::group_colour_name)
        } else {
            BehaviorKind::from_key(name)
                .map(|k| crate::sim::steer::colors::colour_name(k.info().color))
        };
        match colour {
            Some(c) if c == name => out.push_str(name),
            Some(c) => {
                let _ = write!(out, "{name} ({c})");
            }
            None => out.push_str(&rest[at..=at + end + 1]),
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_names_colours_from_the_palette() {
        let mut scene = crate::scene::Scene::new_default();
        scene.groups[0].name = "hunters".to_owned();
        let mut prey = scene.groups[0].clone();
        prey.name = "red".to_owned();
        scene.groups.push(prey);
        scene.description =
            "[hunters] chase [red]; forces: {wander}, {seek}. [nobody] {nothing} [open".to_owned();
        assert_eq!(
            described(&scene),
            "hunters (blue) chase red; forces: wander (grey), seek (green). [nobody] {nothing} [open"
        );
    }

    /// No preset writes a colour by hand: each names a group or a behavior, and the words
    /// come from the palette.
    #[test]
    fn no_preset_description_names_a_colour_by_hand() {
        const COLOURS: [&str; 11] = [
            "red", "orange", "yellow", "green", "cyan", "blue", "purple", "pink", "grey", "white",
            "gray",
        ];
        for p in presets::ALL {
            let scene = crate::scene::from_str(p.text, p.file)
                .expect("valid")
                .into_scene();
            // What the markers name is generated; the rest is the designer's words.
            let mut plain = String::new();
            let mut depth = 0;
            for c in scene.description.chars() {
                match c {
                    '[' | '{' => depth += 1,
                    ']' | '}' => depth -= 1,
                    c if depth == 0 => plain.push(c),
                    _ => {}
                }
            }
            for word in plain.split(|c: char| !c.is_alphabetic()) {
                let word = word.to_lowercase();
                let a_group = scene.groups.iter().any(|g| g.name == word);
                assert!(
                    !COLOURS.contains(&word.as_str()) || a_group,
                    "{}: \"{word}\" written by hand in: {}",
                    p.file,
                    scene.description
                );
            }
        }
    }
    use crate::scene::presets;

    fn path(text: &str) -> FieldPath {
        FieldPath::parse(text).unwrap()
    }

    #[test]
    fn fields_read_in_the_designers_words() {
        let p = presets::find("arrive_slowing.ron").unwrap();
        let scene = crate::scene::from_str(p.text, p.file).unwrap().into_scene();
        let name = &scene.groups[0].name;
        assert_eq!(
            field_label(&scene, &path("groups[0].arrive.mode")),
            format!("{name} › arrive › slowing radius (u)")
        );
        assert_eq!(
            field_label(&scene, &path("groups[0].max_speed")),
            format!("{name} › max_speed (u/s)")
        );
        assert_eq!(
            field_label(&scene, &path("groups[0].arrive.weight")),
            format!("{name} › arrive › weight")
        );
        assert_eq!(
            field_label(&scene, &path("groups[0].max_turn_rate_deg")),
            format!("{name} › max turn rate (°/s)")
        );
        assert_eq!(field_label(&scene, &path("dt")), "dt (s)");
        assert_eq!(
            field_label(&scene, &path("world.width")),
            "world › width (u)"
        );
        assert_eq!(
            field_label(&scene, &path("obstacles[1].radius")),
            "obstacle 2 › radius"
        );
        assert_eq!(
            field_label(&scene, &path("groups[9].mass")),
            "group 10 › mass",
            "a group the scene does not have is counted, not named"
        );
    }

    #[test]
    fn numbers_read_with_three_significant_digits() {
        for (v, text) in [
            (285.714_285_7, "286"),
            (140.0, "140"),
            (1.5, "1.5"),
            (0.016_666_668, "0.0167"),
            (12_000.4, "12000"),
            (-3.25, "-3.25"),
            (0.0, "0"),
            (-0.000_000_012_34, "-0.0000000123"),
            (57.295_78, "57.3"),
        ] {
            assert_eq!(readable_number(v), text, "{v}");
        }
        assert_eq!(
            readable_value("SlowingRadius(285.7142857)"),
            "SlowingRadius(286)"
        );
        assert_eq!(readable_value("(12.5, -300.25)"), "(12.5, -300)");
        assert_eq!(readable_value("Agent(12)"), "Agent(12)");
        assert_eq!(readable_value("\"flock2\""), "\"flock2\"");
        assert_eq!(readable_value("1e-7"), "0.0000001");
    }
}
