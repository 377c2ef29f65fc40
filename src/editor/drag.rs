//! A drag box for a number of the scene, showing and taking its value as every tool writes it
//! (the field's description: its scale, three significant digits, its unit), for the inspector
//! and the tool windows alike.

use egui::DragValue;

use crate::sim::model::field::Field;
use crate::sim::model::field_path::FieldPath;

/// A drag box for a number stored as `field` describes it: it shows the value and takes a
/// typed one as every tool writes it ([`Field::text`], [`Field::read`]: the field's scale,
/// three significant digits, its unit), and drags by about a hundredth of it.
pub fn field_drag<'a, N: egui::emath::Numeric>(value: &'a mut N, field: &Field) -> DragValue<'a> {
    let (show, read) = (*field, *field);
    let now = value.to_f64().abs();
    DragValue::new(value)
        .speed((now * 0.01).max(field.stored(0.01)))
        .custom_formatter(move |v, _| show.text(v))
        .custom_parser(move |t| read.read(t))
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
