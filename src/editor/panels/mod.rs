//! The panels around the canvas. Each is a struct holding what it shows, with a `ui` method
//! that returns what the user asked for as [`Action`](super::action::Action)s; view settings
//! (overlay toggles, the time scale, follow) are edited in place.

pub mod inspector;
pub mod menu;
pub mod overlays;
pub mod side;
pub mod status;
pub mod tools;

pub use crate::view::plots::Plots;
pub use inspector::Inspector;
pub use menu::MenuBar;
pub use side::SidePanel;
pub use status::StatusBar;
pub use tools::ToolStrip;
