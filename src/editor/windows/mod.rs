//! The floating windows and the questions (modals): each a struct with a `ui` method that
//! returns what the user asked for as [`Action`](super::action::Action)s.

pub mod atlas;
pub mod capture;
pub mod changes;
pub mod goals;
pub mod help;
pub mod metrics;
pub mod pick;
pub mod place;
pub mod questions;
pub mod sweep;
pub mod tune;

use crate::editor::dock::ToolWindow;

pub use atlas::{AtlasPanel, AtlasWindow};
pub use capture::CaptureWindow;
pub use changes::ChangesWindow;
pub use goals::GoalsWindow;
pub use help::{HelpWindow, StartWindow};
pub use metrics::MetricsWindow;
pub use questions::Questions;
pub use sweep::{SweepPanel, SweepWindow};
pub use tune::{TunePanel, TuneWindow};

impl Open {
    /// Whether `tool` is open.
    #[must_use]
    pub fn has(&self, tool: ToolWindow) -> bool {
        *self.clone().tool(tool)
    }

    /// `tool`'s switch.
    pub fn tool(&mut self, tool: ToolWindow) -> &mut bool {
        match tool {
            ToolWindow::Metrics => &mut self.metrics,
            ToolWindow::Goals => &mut self.goals,
            ToolWindow::Tune => &mut self.tune,
            ToolWindow::Sweep => &mut self.sweep,
            ToolWindow::Atlas => &mut self.atlas,
            ToolWindow::Changes => &mut self.changes,
            ToolWindow::Capture => &mut self.capture,
        }
    }
}

/// Which floating windows are open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // Independent windows, each open or not.
pub struct Open {
    /// Start here: what the editor is, on the first launch (and in Help).
    pub start: bool,
    /// Every shortcut (F1).
    pub help: bool,
    /// Edit › Changes since saved.
    pub changes: bool,
    /// Screenshots and recordings.
    pub capture: bool,
    /// The metrics panel.
    pub metrics: bool,
    /// The sweep window.
    pub sweep: bool,
    /// The atlas window.
    pub atlas: bool,
    /// The goals window.
    pub goals: bool,
    /// The tune window.
    pub tune: bool,
}
