//! The one table of shortcuts. It drives the key handling, the shortcut labels of the menus,
//! the hint in the status line, the F1 help, and the README's table (a test keeps the README
//! equal to [`markdown_table`]).

use std::fmt::Write as _;

use egui::{Key, KeyboardShortcut, ModifierNames, Modifiers};

use super::action::{Action, Pending};
use crate::view::Tool;

/// What triggers a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// A key with Ctrl (Cmd on a Mac), matched as egui matches shortcuts (extra Shift and Alt
    /// are ignored, so rows with more modifiers come first) and consumed.
    Shortcut(Modifiers, Key),
    /// A key pressed without Ctrl (Cmd on a Mac).
    Key(Key),
    /// The platform's copy event (Ctrl+C).
    Copy,
    /// The platform's paste event (Ctrl+V).
    Paste,
    /// A pointer gesture on the canvas or the inspector; the canvas handles it, the table
    /// describes it.
    Pointer(&'static str),
}

/// One row: its triggers (any of them), what it does, and the action it asks for.
#[derive(Debug)]
pub struct Row {
    /// Any of these.
    pub triggers: &'static [Trigger],
    /// What it does, for the help and the README.
    pub what: &'static str,
    /// What it asks for (`None` for pointer gestures, which the canvas handles).
    pub action: Option<Action>,
    /// A short name for the status line's hint, for the rows listed there.
    pub hint: Option<&'static str>,
}

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};

/// Every shortcut, in the order the help lists them. Rows whose triggers share a key are
/// ordered most modifiers first, as egui's matching needs.
pub static TABLE: &[Row] = &[
    Row {
        triggers: &[Trigger::Key(Key::Space)],
        what: "play / pause",
        action: Some(Action::TogglePlay),
        hint: Some("play/pause"),
    },
    Row {
        triggers: &[Trigger::Key(Key::Period), Trigger::Key(Key::ArrowRight)],
        what: "one tick (pauses)",
        action: Some(Action::Step),
        hint: Some("step"),
    },
    Row {
        triggers: &[Trigger::Key(Key::R)],
        what: "restart the world from its seed",
        action: Some(Action::Restart),
        hint: Some("restart"),
    },
    Row {
        triggers: &[Trigger::Key(Key::F)],
        what: "fit the world in view",
        action: Some(Action::Fit),
        hint: None,
    },
    Row {
        triggers: &[
            Trigger::Shortcut(CMD_SHIFT, Key::Z),
            Trigger::Shortcut(CMD, Key::Y),
        ],
        what: "redo",
        action: Some(Action::Redo),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::Z)],
        what: "undo",
        action: Some(Action::Undo),
        hint: Some("undo"),
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::N)],
        what: "new scene",
        action: Some(Action::Request(Pending::New)),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::O)],
        what: "open",
        action: Some(Action::Request(Pending::OpenDialog)),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD_SHIFT, Key::S)],
        what: "save as",
        action: Some(Action::SaveAs),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::S)],
        what: "save",
        action: Some(Action::Save),
        hint: Some("save"),
    },
    Row {
        triggers: &[Trigger::Copy],
        what: "copy the current group's parameters (RON)",
        action: Some(Action::CopyGroup),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Paste],
        what: "paste parameters into the current group (RON)",
        action: Some(Action::RequestPaste),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::Delete), Trigger::Key(Key::Backspace)],
        what: "delete the picked wall or path point, or the selected agent",
        action: Some(Action::RemoveSelected),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::V)],
        what: "Select tool: select and drag agents, targets and obstacles",
        action: Some(Action::SetTool(Tool::Select)),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::W)],
        what: "Walls tool: drag to draw a wall, drag its ends or middle to move it",
        action: Some(Action::SetTool(Tool::Walls)),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::P)],
        what: "Paths tool: drag to start a path, click to add or insert points, drag points",
        action: Some(Action::SetTool(Tool::Paths)),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::B)],
        what: "Flow tool: drag to paint the flow field's direction",
        action: Some(Action::SetTool(Tool::Flow)),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::A)],
        what: "Agents tool: click to place an agent of the current group (saved with the scene)",
        action: Some(Action::SetTool(Tool::Agents)),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::G)],
        what: "snap placed points to a 10-unit grid, or stop",
        action: Some(Action::ToggleSnap),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::F11)],
        what: "presentation mode: only the canvas",
        action: Some(Action::TogglePresent),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::Escape)],
        what: "leave presentation mode, or close a window (or the tool in front)",
        action: Some(Action::Back),
        hint: None,
    },
    Row {
        triggers: &[Trigger::Key(Key::F1), Trigger::Key(Key::Questionmark)],
        what: "this help",
        action: Some(Action::ToggleHelp),
        hint: Some("all shortcuts"),
    },
    Row {
        triggers: &[Trigger::Pointer("Left click")],
        what: "select an agent, or place the click target",
        action: None,
        hint: None,
    },
    Row {
        triggers: &[Trigger::Pointer("Left drag")],
        what: "move the click target, a target, an obstacle or an agent",
        action: None,
        hint: None,
    },
    Row {
        triggers: &[Trigger::Pointer("Shift+click")],
        what: "add an agent of the current group",
        action: None,
        hint: None,
    },
    Row {
        triggers: &[Trigger::Pointer("Wheel")],
        what: "zoom at the pointer",
        action: None,
        hint: None,
    },
    Row {
        triggers: &[Trigger::Pointer("Right or middle drag")],
        what: "pan",
        action: None,
        hint: None,
    },
    Row {
        triggers: &[Trigger::Pointer("Double-click a label")],
        what: "reset that parameter to its default",
        action: None,
        hint: None,
    },
    Row {
        triggers: &[Trigger::Pointer("Right-click a label")],
        what: "reset to default or revert to saved",
        action: None,
        hint: None,
    },
];

/// The order of the status line's hint (by action), F1 first.
const HINT_ORDER: [Action; 6] = [
    Action::ToggleHelp,
    Action::TogglePlay,
    Action::Step,
    Action::Restart,
    Action::Undo,
    Action::Save,
];

/// A key's name as the help shows it.
fn key_name(key: Key) -> &'static str {
    match key {
        Key::Period => ".",
        Key::Questionmark => "?",
        Key::ArrowRight => "Right arrow",
        Key::Escape => "Esc",
        other => other.name(),
    }
}

impl Trigger {
    /// How the help and the README write it (`Ctrl+Shift+Z`, `Space`, `Left click`).
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::Shortcut(modifiers, key) => {
                KeyboardShortcut::new(modifiers, key).format(&ModifierNames::NAMES, false)
            }
            Self::Key(key) => key_name(key).to_owned(),
            Self::Copy => "Ctrl+C".to_owned(),
            Self::Paste => "Ctrl+V".to_owned(),
            Self::Pointer(gesture) => gesture.to_owned(),
        }
    }

    /// How a menu writes it: the platform's way for Ctrl shortcuts (⌘ on a Mac).
    #[must_use]
    pub fn menu_label(self, ctx: &egui::Context) -> String {
        match self {
            Self::Shortcut(modifiers, key) => {
                ctx.format_shortcut(&KeyboardShortcut::new(modifiers, key))
            }
            Self::Copy => ctx.format_shortcut(&KeyboardShortcut::new(CMD, Key::C)),
            Self::Paste => ctx.format_shortcut(&KeyboardShortcut::new(CMD, Key::V)),
            other => other.label(),
        }
    }
}

impl Row {
    /// Every trigger, as the help writes them (`Ctrl+Shift+Z, Ctrl+Y`).
    #[must_use]
    pub fn keys_label(&self) -> String {
        self.triggers
            .iter()
            .map(|t| t.label())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The row of `action`.
#[must_use]
pub fn row_of(action: &Action) -> Option<&'static Row> {
    TABLE.iter().find(|r| r.action.as_ref() == Some(action))
}

/// The menu's shortcut text of `action` (its first trigger), or nothing.
#[must_use]
pub fn menu_text(ctx: &egui::Context, action: &Action) -> String {
    row_of(action)
        .and_then(|r| r.triggers.first())
        .map(|t| t.menu_label(ctx))
        .unwrap_or_default()
}

/// The status line's hint: `F1 all shortcuts · Space play/pause · ...`.
#[must_use]
pub fn hint() -> String {
    HINT_ORDER
        .iter()
        .filter_map(|action| {
            let row = row_of(action)?;
            Some(format!("{} {}", row.triggers.first()?.label(), row.hint?))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The actions the keys and clipboard events of this frame ask for, in table order. Nothing
/// while a text field has the keyboard. A paste carries its text.
#[must_use]
pub fn actions(ctx: &egui::Context, copy_allowed: bool) -> Vec<Action> {
    if ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for row in TABLE {
            let Some(action) = &row.action else {
                continue;
            };
            for trigger in row.triggers {
                let hit = match *trigger {
                    Trigger::Shortcut(modifiers, key) => {
                        i.consume_shortcut(&KeyboardShortcut::new(modifiers, key))
                    }
                    Trigger::Key(key) => i.key_pressed(key) && !i.modifiers.command,
                    Trigger::Copy => {
                        copy_allowed && i.events.iter().any(|e| matches!(e, egui::Event::Copy))
                    }
                    Trigger::Paste => {
                        for event in &i.events {
                            if let egui::Event::Paste(text) = event {
                                out.push(Action::PasteGroup(text.clone()));
                            }
                        }
                        false
                    }
                    Trigger::Pointer(_) => false,
                };
                if hit {
                    out.push(action.clone());
                    break;
                }
            }
        }
    });
    out
}

/// The README's table of every shortcut, in Markdown.
#[must_use]
pub fn markdown_table() -> String {
    let mut out = String::from("| Input | Action |\n|---|---|\n");
    for row in TABLE {
        let keys = row
            .triggers
            .iter()
            .map(|t| format!("`{}`", t.label()))
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(out, "| {keys} | {} |", row.what);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The actions one frame with `events` (and `modifiers` held) asks for.
    fn actions_of(events: Vec<egui::Event>, modifiers: Modifiers) -> Vec<Action> {
        let ctx = egui::Context::default();
        let mut all = vec![egui::Event::ModifiersChanged(modifiers)];
        all.extend(events);
        let raw = egui::RawInput {
            events: all,
            ..egui::RawInput::default()
        };
        let mut got = Vec::new();
        let mut output = ctx.run_ui(raw, |ui| got = actions(ui.ctx(), true));
        output.textures_delta.clear();
        got
    }

    fn key(key: Key, modifiers: Modifiers) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }
    }

    #[test]
    fn every_trigger_of_every_row_asks_for_that_rows_action_and_nothing_else() {
        let mut checked = 0;
        for row in TABLE {
            let Some(action) = &row.action else {
                continue;
            };
            for trigger in row.triggers {
                let (events, modifiers, want) = match *trigger {
                    Trigger::Shortcut(m, k) => (vec![key(k, m)], m, action.clone()),
                    Trigger::Key(k) => (
                        vec![key(k, Modifiers::NONE)],
                        Modifiers::NONE,
                        action.clone(),
                    ),
                    Trigger::Copy => (vec![egui::Event::Copy], Modifiers::NONE, action.clone()),
                    Trigger::Paste => (
                        vec![egui::Event::Paste("(max_speed: 1)".to_owned())],
                        Modifiers::NONE,
                        Action::PasteGroup("(max_speed: 1)".to_owned()),
                    ),
                    Trigger::Pointer(_) => continue,
                };
                assert_eq!(
                    actions_of(events, modifiers),
                    vec![want],
                    "{}",
                    trigger.label()
                );
                checked += 1;
            }
        }
        // 22 rows with keys, four of them with two keys each.
        assert_eq!(checked, 26, "every key of the table was pressed");
    }

    #[test]
    fn plain_keys_with_ctrl_and_copy_over_selected_text_ask_for_nothing() {
        assert_eq!(actions_of(vec![key(Key::R, CMD)], CMD), vec![]);
        let ctx = egui::Context::default();
        let raw = egui::RawInput {
            events: vec![egui::Event::Copy],
            ..egui::RawInput::default()
        };
        let mut got = vec![Action::Fit];
        let mut output = ctx.run_ui(raw, |ui| got = actions(ui.ctx(), false));
        output.textures_delta.clear();
        assert_eq!(got, vec![]);
    }

    #[test]
    fn the_hint_names_the_first_key_of_each_listed_row() {
        assert_eq!(
            hint(),
            concat!(
                "F1 all shortcuts · Space play/pause · . step · R restart · ",
                "Ctrl+Z undo · Ctrl+S save"
            )
        );
    }

    #[test]
    fn labels_are_written_as_the_help_shows_them() {
        let redo = row_of(&Action::Redo).map(Row::keys_label);
        assert_eq!(redo.as_deref(), Some("Ctrl+Shift+Z, Ctrl+Y"));
        let step = row_of(&Action::Step).map(Row::keys_label);
        assert_eq!(step.as_deref(), Some("., Right arrow"));
    }

    #[test]
    fn a_shortcut_with_more_modifiers_comes_before_one_it_would_shadow() {
        // egui ignores an extra Shift when matching, so Ctrl+S must come after Ctrl+Shift+S.
        let position = |m: Modifiers, k: Key| {
            TABLE
                .iter()
                .position(|r| r.triggers.contains(&Trigger::Shortcut(m, k)))
        };
        for key in [Key::S, Key::Z] {
            let (Some(more), Some(fewer)) = (position(CMD_SHIFT, key), position(CMD, key)) else {
                panic!("{key:?}: both rows exist");
            };
            assert!(more < fewer, "{key:?}");
        }
    }
}
