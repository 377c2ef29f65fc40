//! The one table of shortcuts. It drives the key handling, the shortcut labels of the menus,
//! the hint in the status line, the F1 help, and the manual's table (a test keeps docs/editor.md
//! equal to [`markdown_table`]).

use std::fmt::Write as _;

use egui::{Key, KeyboardShortcut, ModifierNames, Modifiers};

use super::action::{Action, Pending};
use crate::view::CanvasTool;

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

/// One row: its triggers (any of them), what it does, and the action it asks for; and where a
/// web page differs, its keys and words there.
#[derive(Debug)]
pub struct Row {
    /// Any of these (on the desktop).
    pub triggers: &'static [Trigger],
    /// In a web page, these instead: a browser keeps some keys for itself and never hands
    /// them to a page (Ctrl+N opens a window, F1 the browser's help, F11 its full screen).
    /// `None`: the same as [`Row::triggers`].
    pub web_triggers: Option<&'static [Trigger]>,
    /// What it does, for the help and the manual.
    pub what: &'static str,
    /// What it does in a web page, where it reads otherwise (a save is a download).
    pub web_what: Option<&'static str>,
    /// What it asks for (`None` for pointer gestures, which the canvas handles).
    pub action: Option<Action>,
    /// A short name for the status line's hint, for the rows listed there.
    pub hint: Option<&'static str>,
    /// The hint's name in a web page, where it reads otherwise.
    pub web_hint: Option<&'static str>,
}

/// A row with nothing in it: what the table's rows start from.
const ROW: Row = Row {
    triggers: &[],
    web_triggers: None,
    what: "",
    web_what: None,
    action: None,
    hint: None,
    web_hint: None,
};

/// Whether this build runs in a web page (its keys and words are the web ones).
pub const WEB: bool = cfg!(target_arch = "wasm32");

const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers {
    shift: true,
    ..Modifiers::COMMAND
};
/// Alt (Option on a Mac): the web page's keys for what a browser keeps Ctrl and the F keys
/// for. A key without Ctrl ([`Trigger::Key`]) does not fire with Alt held.
const ALT: Modifiers = Modifiers::ALT;

/// Every shortcut, in the order the help lists them. Rows whose triggers share a key are
/// ordered most modifiers first, as egui's matching needs.
pub static TABLE: &[Row] = &[
    Row {
        triggers: &[Trigger::Key(Key::Space)],
        what: "play / pause",
        action: Some(Action::TogglePlay),
        hint: Some("play/pause"),
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::Period), Trigger::Key(Key::ArrowRight)],
        what: "one tick (pauses)",
        action: Some(Action::Step),
        hint: Some("step"),
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::R)],
        what: "restart the world from its seed",
        action: Some(Action::Restart),
        hint: Some("restart"),
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::F)],
        what: "fit the world in view",
        action: Some(Action::Fit),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[
            Trigger::Shortcut(CMD_SHIFT, Key::Z),
            Trigger::Shortcut(CMD, Key::Y),
        ],
        what: "redo",
        action: Some(Action::Redo),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::Z)],
        what: "undo",
        action: Some(Action::Undo),
        hint: Some("undo"),
        ..ROW
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::N)],
        web_triggers: Some(&[Trigger::Shortcut(ALT, Key::N)]),
        what: "new scene",
        action: Some(Action::Request(Pending::New)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::O)],
        what: "open",
        action: Some(Action::Request(Pending::OpenDialog)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD_SHIFT, Key::S)],
        what: "save as",
        web_what: Some("download as"),
        action: Some(Action::SaveAs),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Shortcut(CMD, Key::S)],
        what: "save",
        web_what: Some("download"),
        action: Some(Action::Save),
        hint: Some("save"),
        web_hint: Some("download"),
        ..ROW
    },
    Row {
        triggers: &[Trigger::Copy],
        what: "copy the current group's parameters (RON)",
        action: Some(Action::CopyGroup),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Paste],
        what: "paste parameters into the current group (RON)",
        action: Some(Action::RequestPaste),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::Delete), Trigger::Key(Key::Backspace)],
        what: "delete the picked wall or path point, or the selected agent",
        action: Some(Action::RemoveSelected),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::V)],
        what: "Select tool: select and drag agents, targets and obstacles",
        action: Some(Action::SetCanvasTool(CanvasTool::Select)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::W)],
        what: "Walls tool: drag to draw a wall, drag its ends or middle to move it",
        action: Some(Action::SetCanvasTool(CanvasTool::Walls)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::P)],
        what: "Paths tool: drag to start a path, click to add or insert points, drag points",
        action: Some(Action::SetCanvasTool(CanvasTool::Paths)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::B)],
        what: "Flow tool: drag to paint the flow field's direction",
        action: Some(Action::SetCanvasTool(CanvasTool::Flow)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::A)],
        what: "Agents tool: click to place an agent of the current group (saved with the scene); drag the handles of the group's spawn to move it",
        action: Some(Action::SetCanvasTool(CanvasTool::Agents)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::L)],
        what: "Level tool: click corner after corner to draw a block of wall, drag corners",
        action: Some(Action::SetCanvasTool(CanvasTool::Level)),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::G)],
        what: "snap placed points to a 10-unit grid, or stop",
        action: Some(Action::ToggleSnap),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::F11)],
        web_triggers: Some(&[Trigger::Shortcut(ALT, Key::P)]),
        what: "presentation mode: only the canvas",
        action: Some(Action::TogglePresent),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::Escape)],
        what: "leave presentation mode, or close the dialog on top, a window, or the tool in front",
        action: Some(Action::Back),
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Key(Key::F1), Trigger::Key(Key::Questionmark)],
        web_triggers: Some(&[Trigger::Key(Key::Questionmark)]),
        what: "this help",
        action: Some(Action::ToggleHelp),
        hint: Some("all shortcuts"),
        ..ROW
    },
    Row {
        triggers: &[Trigger::Pointer("Left click")],
        what: "select an agent, or place the click target",
        action: None,
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Pointer("Left drag")],
        what: "move the click target, a target, an obstacle or an agent",
        action: None,
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Pointer("Shift+click")],
        what: "add an agent of the current group",
        action: None,
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Pointer("Wheel")],
        what: "zoom at the pointer",
        action: None,
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Pointer("Right or middle drag")],
        what: "pan",
        action: None,
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Pointer("Double-click a label")],
        what: "reset that parameter to its default",
        action: None,
        hint: None,
        ..ROW
    },
    Row {
        triggers: &[Trigger::Pointer("Right-click a label")],
        what: "reset to default or revert to saved",
        action: None,
        hint: None,
        ..ROW
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
    /// How the help and the manual write it (`Ctrl+Shift+Z`, `Space`, `Left click`).
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
    /// Its triggers on the desktop (`web` false) or in a web page.
    #[must_use]
    pub fn triggers_on(&self, web: bool) -> &'static [Trigger] {
        match self.web_triggers {
            Some(triggers) if web => triggers,
            _ => self.triggers,
        }
    }

    /// What it does on the desktop (`web` false) or in a web page.
    #[must_use]
    pub fn what_on(&self, web: bool) -> &'static str {
        match self.web_what {
            Some(what) if web => what,
            _ => self.what,
        }
    }

    /// Every trigger, as the help writes them (`Ctrl+Shift+Z, Ctrl+Y`), here.
    #[must_use]
    pub fn keys_label(&self) -> String {
        self.keys_label_on(WEB)
    }

    /// Every trigger on the desktop (`web` false) or in a web page, as the help writes them.
    #[must_use]
    pub fn keys_label_on(&self, web: bool) -> String {
        self.triggers_on(web)
            .iter()
            .map(|t| t.label())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// What it does here (on the desktop or in a web page).
    #[must_use]
    pub fn what_here(&self) -> &'static str {
        self.what_on(WEB)
    }
}

/// The row of `action`.
#[must_use]
pub fn row_of(action: &Action) -> Option<&'static Row> {
    TABLE.iter().find(|r| r.action.as_ref() == Some(action))
}

/// The menu's shortcut text of `action` (its first trigger here), or nothing.
#[must_use]
pub fn menu_text(ctx: &egui::Context, action: &Action) -> String {
    row_of(action)
        .and_then(|r| r.triggers_on(WEB).first())
        .map(|t| t.menu_label(ctx))
        .unwrap_or_default()
}

/// The status line's hint here: `F1 all shortcuts · Space play/pause · ...`.
#[must_use]
pub fn hint() -> String {
    hint_on(WEB)
}

/// The status line's hint on the desktop (`web` false) or in a web page.
#[must_use]
pub fn hint_on(web: bool) -> String {
    HINT_ORDER
        .iter()
        .filter_map(|action| {
            let row = row_of(action)?;
            let hint = match row.web_hint {
                Some(hint) if web => hint,
                _ => row.hint?,
            };
            Some(format!("{} {hint}", row.triggers_on(web).first()?.label()))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The actions the keys and clipboard events of this frame ask for, in table order. Nothing
/// while a text field has the keyboard. A paste carries its text.
#[must_use]
pub fn actions(ctx: &egui::Context, copy_allowed: bool) -> Vec<Action> {
    actions_on(ctx, copy_allowed, WEB)
}

/// [`actions`] with the keys of the desktop (`web` false) or of a web page.
#[must_use]
pub fn actions_on(ctx: &egui::Context, copy_allowed: bool, web: bool) -> Vec<Action> {
    if ctx.egui_wants_keyboard_input() {
        return Vec::new();
    }
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for row in TABLE {
            let Some(action) = &row.action else {
                continue;
            };
            for trigger in row.triggers_on(web) {
                let hit = match *trigger {
                    Trigger::Shortcut(modifiers, key) => {
                        i.consume_shortcut(&KeyboardShortcut::new(modifiers, key))
                    }
                    Trigger::Key(key) => {
                        i.key_pressed(key) && !i.modifiers.command && !i.modifiers.alt
                    }
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

/// The manual's table of every shortcut, in Markdown: the desktop's keys and words, and a web
/// page's where they differ.
#[must_use]
pub fn markdown_table() -> String {
    let keys = |triggers: &[Trigger]| {
        triggers
            .iter()
            .map(|t| format!("`{}`", t.label()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = String::from("| Input | Action |\n|---|---|\n");
    for row in TABLE {
        let mut input = keys(row.triggers);
        if let Some(web) = row.web_triggers {
            let _ = write!(input, "; in a web page {}", keys(web));
        }
        let mut what = row.what.to_owned();
        if let Some(web) = row.web_what {
            let _ = write!(what, "; in a web page, {web}");
        }
        let _ = writeln!(out, "| {input} | {what} |");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The actions one frame with `events` (and `modifiers` held) asks for, on the desktop.
    fn actions_of(events: Vec<egui::Event>, modifiers: Modifiers) -> Vec<Action> {
        actions_of_on(events, modifiers, false)
    }

    /// The actions one frame with `events` (and `modifiers` held) asks for, on the desktop
    /// (`web` false) or in a web page.
    fn actions_of_on(events: Vec<egui::Event>, modifiers: Modifiers, web: bool) -> Vec<Action> {
        let ctx = egui::Context::default();
        let mut all = vec![egui::Event::ModifiersChanged(modifiers)];
        all.extend(events);
        let raw = egui::RawInput {
            events: all,
            ..egui::RawInput::default()
        };
        let mut got = Vec::new();
        let mut output = ctx.run_ui(raw, |ui| got = actions_on(ui.ctx(), true, web));
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
        // 23 rows with keys, four of them with two keys each; in a web page help has one key.
        for (web, keys) in [(false, 27), (true, 26)] {
            assert_eq!(every_trigger_asks_for_its_action(web), keys, "web {web}");
        }
    }

    /// Presses every trigger of the table (on the desktop, or in a web page), checking that
    /// each asks for its row's action alone; returns how many were pressed.
    fn every_trigger_asks_for_its_action(web: bool) -> usize {
        let mut checked = 0;
        for row in TABLE {
            let Some(action) = &row.action else {
                continue;
            };
            for trigger in row.triggers_on(web) {
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
                    actions_of_on(events, modifiers, web),
                    vec![want],
                    "{} (web {web})",
                    trigger.label()
                );
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn a_web_page_asks_nothing_of_the_keys_a_browser_keeps_and_says_download() {
        // Ctrl+N, F1 and F11 never reach a page: the page's own keys stand in for them.
        assert_eq!(
            actions_of_on(vec![key(Key::N, CMD)], CMD, true),
            vec![],
            "Ctrl+N"
        );
        for browsers in [Key::F1, Key::F11] {
            assert_eq!(
                actions_of_on(vec![key(browsers, Modifiers::NONE)], Modifiers::NONE, true),
                vec![],
                "{browsers:?}"
            );
        }
        assert_eq!(
            actions_of_on(vec![key(Key::N, ALT)], ALT, true),
            vec![Action::Request(Pending::New)]
        );
        // Alt+P presents, and is not also the Paths tool's P.
        assert_eq!(
            actions_of_on(vec![key(Key::P, ALT)], ALT, true),
            vec![Action::TogglePresent]
        );
        assert_eq!(actions_of(vec![key(Key::P, ALT)], ALT), vec![]);
        assert_eq!(
            hint_on(true),
            concat!(
                "? all shortcuts · Space play/pause · . step · R restart · ",
                "Ctrl+Z undo · Ctrl+S download"
            )
        );
        let save = row_of(&Action::Save).expect("save");
        assert_eq!(
            (save.what_on(false), save.what_on(true)),
            ("save", "download")
        );
        let help = row_of(&Action::ToggleHelp).expect("help");
        assert_eq!(help.keys_label_on(false), "F1, ?");
        assert_eq!(help.keys_label_on(true), "?");
        assert_eq!(
            row_of(&Action::TogglePresent).map(|r| r.keys_label_on(true)),
            Some("Alt+P".to_owned())
        );
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
