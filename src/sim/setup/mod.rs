//! What a world is built from and how it is checked: the world's spec, the settings of a
//! scene's fields, the checks (errors) and the warnings. Imports [`super::model`] and
//! [`super::steer`].

pub mod check;
pub mod settings;
pub mod spec;
pub mod warnings;
