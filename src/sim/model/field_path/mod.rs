//! Field paths: `groups[1].wander.circle_radius` as one type, [`FieldPath`], that every tool
//! shares. A path is parsed once ([`FieldPath::parse`], or built step by step with
//! [`FieldPath::key`] and [`FieldPath::index`]), prints itself the way validation prints it,
//! knows what it lies within, reads and writes the number it names in anything that lists its
//! numbers ([`numbers`]), and finds where its value starts in a scene's text ([`locate`]).
//!
//! The checks and warnings name the fields they refuse with it, the editor's marks and the
//! inspector key their values by it, and sweeps set their fields through it, so a field's
//! name is spelled once: in the description of the field (its `Field::key`) or in the struct
//! that serde writes.

pub mod locate;
pub mod numbers;
mod parts;

pub use numbers::{Number, Numbers, SetError};
pub use parts::{FieldPath, Part};
