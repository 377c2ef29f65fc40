//! A drag box for a number of the scene, showing and taking its value as every tool writes it
//! (the field's description: its scale, three significant digits, its unit), for the inspector
//! and the tool windows alike.

use egui::DragValue;

use crate::sim::model::field::Field;
use crate::sim::model::field_path::FieldPath;

/// A drag box for a number stored as `field` describes it: it shows the value and takes a
/// typed one as every tool writes it ([`Field::text`], [`Field::read`]: the field's scale,
/// three significant digits, its unit), and drags by about a hundredth of it. A typed number
/// applies when it is complete (Enter, Tab, or the focus leaving; Esc drops it), not at every
/// keystroke; one that is not a number, or out of the field's limits, leaves a word of what
/// was done ([`take_note`]).
pub fn field_drag<'a, N: egui::emath::Numeric>(value: &'a mut N, field: &Field) -> DragValue<'a> {
    // A field that describes itself has limits to say; a plain unit box has none of its own.
    let limits = (!field.label.is_empty()).then(|| {
        let r = field.limit.range();
        f64::from(*r.start())..=f64::from(*r.end())
    });
    let clamp = limits.clone();
    let drag = drag_noting(value, field, field.label.to_owned(), limits);
    // What the note says is done: a number out of the limits is set to the nearest.
    match clamp {
        Some(r) => drag.range(r),
        None => drag,
    }
}

/// A drag box for a number in `unit` called `label`, within `range`: as [`field_drag`], and a
/// typed number out of `range` is set to its nearest end, saying so.
pub fn labelled_drag<'a, N: egui::emath::Numeric>(
    value: &'a mut N,
    (label, unit): (&str, &'static str),
    range: std::ops::RangeInclusive<f32>,
) -> DragValue<'a> {
    let field = Field::plain("", "", "").unit(unit);
    let limits = f64::from(*range.start())..=f64::from(*range.end());
    drag_noting(value, &field, label.to_owned(), Some(limits)).range(range)
}

fn drag_noting<'a, N: egui::emath::Numeric>(
    value: &'a mut N,
    field: &Field,
    name: String,
    limits: Option<std::ops::RangeInclusive<f64>>,
) -> DragValue<'a> {
    let (show, read) = (*field, *field);
    let now = value.to_f64().abs();
    DragValue::new(value)
        .speed((now * 0.01).max(field.stored(0.01)))
        .update_while_editing(false)
        .custom_formatter(move |v, _| show.text(v))
        .custom_parser(move |t| {
            let v = read.read(t);
            note_typed((&read, &name), t, v, limits.clone());
            v
        })
}

thread_local! {
    /// What the last typed number that was not taken as typed said (the UI's thread).
    static NOTE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Keeps a word on a typed `text` that is not a number, or out of `limits`.
fn note_typed(
    (field, name): (&Field, &str),
    text: &str,
    value: Option<f64>,
    limits: Option<std::ops::RangeInclusive<f64>>,
) {
    let name = if name.is_empty() { "the value" } else { name };
    let note = match (value, limits) {
        (None, _) => Some(format!(
            "`{}` is not a number: {name} keeps its value.",
            text.trim()
        )),
        (Some(v), Some(limits)) if v < *limits.start() => Some(format!(
            "{} is below what {name} may be: set to its least, {}.",
            text.trim(),
            field.text(*limits.start())
        )),
        (Some(v), Some(limits)) if v > *limits.end() => Some(format!(
            "{} is above what {name} may be: set to its most, {}.",
            text.trim(),
            field.text(*limits.end())
        )),
        _ => None,
    };
    if note.is_some() {
        NOTE.with(|n| *n.borrow_mut() = note);
    }
}

/// The word on the last typed number that was not taken as typed, once.
#[must_use]
pub fn take_note() -> Option<String> {
    NOTE.with(|n| n.borrow_mut().take())
}

/// [`field_drag`] for a number in `unit` that no field describes on its own.
pub fn unit_drag<'a, N: egui::emath::Numeric>(
    value: &'a mut N,
    unit: &'static str,
) -> DragValue<'a> {
    field_drag(value, &Field::plain("", "", "").unit(unit))
}

/// [`field_drag`] for the number at `path` of the scene, through its field's description
/// ([`crate::scene::labels::field_at`]; readable with no unit when none covers it).
pub fn path_drag<'a, N: egui::emath::Numeric>(value: &'a mut N, path: &FieldPath) -> DragValue<'a> {
    match crate::scene::labels::field_at(path) {
        Some(field) => field_drag(value, field),
        None => unit_drag(value, ""),
    }
}
