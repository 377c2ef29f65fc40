//! The questions that wait on the user, one at a time: restore the last session's unsaved work,
//! save changes before something that would drop them, replace a file that is there already,
//! and take a file changed on disk.

use crate::editor::action::{Action, Answer, Pending};

/// What waits on the user this frame (at most one is shown, in this order).
pub struct Questions<'a> {
    /// The last session left unsaved work on this file (or origin).
    pub restore: Option<String>,
    /// Something that would drop unsaved changes.
    pub pending: Option<&'a Pending>,
    /// A write would replace this file (or folder), which the editor did not open.
    pub replace: Option<String>,
    /// A scene was opened while this baseline was pinned.
    pub keep_baseline: Option<String>,
    /// The open file changed on disk under unsaved edits.
    pub reload: bool,
    /// The file the editor was started on does not exist: offer to create it.
    pub create: Option<String>,
    /// The document's file or origin.
    pub document: String,
}

impl Questions<'_> {
    /// Whether a question is open (keys then go to it, not to the editor).
    #[must_use]
    pub fn any(&self) -> bool {
        self.restore.is_some()
            || self.pending.is_some()
            || self.replace.is_some()
            || self.keep_baseline.is_some()
            || self.reload
            || self.create.is_some()
    }

    /// Shows the first question, if any.
    #[must_use]
    pub fn ui(self, ctx: &egui::Context) -> Vec<Action> {
        if let Some(what) = &self.restore {
            return restore_ui(ctx, what);
        }
        if let Some(pending) = self.pending {
            return save_changes_ui(ctx, pending, &self.document);
        }
        if let Some(path) = &self.replace {
            return replace_ui(ctx, path);
        }
        if let Some(label) = &self.keep_baseline {
            return keep_baseline_ui(ctx, label, &self.document);
        }
        if self.reload {
            return reload_ui(ctx, &self.document);
        }
        if let Some(path) = &self.create {
            return create_ui(ctx, path);
        }
        Vec::new()
    }
}

/// One answer of a question: its button and what the button says on hover.
struct Choice {
    label: &'static str,
    hint: &'static str,
}

const fn choice(label: &'static str, hint: &'static str) -> Choice {
    Choice { label, hint }
}

/// How wide every question is: its buttons stand in the same places whatever it says.
const QUESTION_WIDTH: f32 = 460.0;

/// A question in a modal window of a fixed width: its heading, its text, and its answers as
/// buttons along its right edge, in the order given (the first, the safest, at the right).
/// Enter answers `enter`; Esc or a click outside answers `escape`. Returns the answer's index.
fn ask(
    ctx: &egui::Context,
    id: &str,
    (heading, text): (&str, &str),
    choices: &[Choice],
    (enter, escape): (usize, usize),
) -> Option<usize> {
    let mut answer = None;
    let width = super::place::fitting_width(ctx, QUESTION_WIDTH);
    let modal = egui::Modal::new(egui::Id::unique(("question", id))).show(ctx, |ui| {
        ui.set_width(width);
        ui.heading(heading);
        // The text takes the same height (three lines) whatever it says, so that the buttons
        // under it stand in the same places.
        let lines = 3.0 * ui.text_style_height(&egui::TextStyle::Body);
        ui.allocate_ui(egui::vec2(width, lines), |ui| {
            ui.set_min_height(lines);
            ui.label(text);
        });
        ui.add_space(6.0);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            for (k, c) in choices.iter().enumerate() {
                let mut button = ui.button(c.label);
                if !c.hint.is_empty() {
                    button = button.on_hover_text(c.hint);
                }
                if button.clicked() {
                    answer = Some(k);
                }
            }
        });
        if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            answer = answer.or(Some(enter));
        }
    });
    if modal.should_close() {
        answer = answer.or(Some(escape));
    }
    answer
}

fn create_ui(ctx: &egui::Context, path: &str) -> Vec<Action> {
    let text = format!("{path} does not exist. Create it as a new scene (one group of wanderers)?");
    let choices = [
        choice("Not now", "It opens as soon as it appears on disk."),
        choice("Create it", ""),
    ];
    ask(
        ctx,
        "create",
        ("The file does not exist", &text),
        &choices,
        (1, 0),
    )
    .map(|k| Action::CreateAwaited(k == 1))
    .into_iter()
    .collect()
}

fn restore_ui(ctx: &egui::Context, what: &str) -> Vec<Action> {
    let text = format!("The last session ended with unsaved changes to {what}.");
    let choices = [
        choice("Restore", "Take the unsaved work back."),
        choice("Discard", "Drop it and start from the file."),
    ];
    // Esc keeps the work: nothing is dropped without a click on Discard.
    ask(
        ctx,
        "restore",
        ("Restore unsaved work?", &text),
        &choices,
        (0, 0),
    )
    .map(|k| Action::Restore(k == 0))
    .into_iter()
    .collect()
}

fn save_changes_ui(ctx: &egui::Context, pending: &Pending, document: &str) -> Vec<Action> {
    let what = match pending {
        Pending::New => "starting a new scene".to_owned(),
        Pending::OpenDialog | Pending::OpenPathField => "opening another file".to_owned(),
        Pending::OpenPath(p) => format!("opening {}", p.display()),
        Pending::Preset(p) => format!("opening the preset {}", p.file),
        Pending::Close => "closing".to_owned(),
        Pending::OpenLink(_) => "opening the scene of a shared link".to_owned(),
        Pending::Upload(name, _) => format!("opening {name}"),
    };
    let text = format!("{document} has unsaved changes. Save them before {what}?");
    let choices = [
        choice("Cancel", "Go back to the scene (Esc)."),
        choice("Discard", "Drop the changes."),
        choice("Save", "Save them first (Enter)."),
    ];
    let answers = [Answer::Cancel, Answer::Discard, Answer::Save];
    ask(
        ctx,
        "save changes",
        ("Save changes?", &text),
        &choices,
        (2, 0),
    )
    .map(|k| Action::Answer(answers[k]))
    .into_iter()
    .collect()
}

fn replace_ui(ctx: &egui::Context, path: &str) -> Vec<Action> {
    let text = format!("{path} is there already. Replace it?");
    let choices = [
        choice(
            "Keep it",
            "Write nothing; the file stays as it is (Esc, Enter).",
        ),
        choice("Replace", "Overwrite it."),
    ];
    // Enter keeps the file too: a file is replaced only by a click on Replace.
    ask(
        ctx,
        "replace",
        ("Replace the file?", &text),
        &choices,
        (0, 0),
    )
    .map(|k| Action::Replace(k == 1))
    .into_iter()
    .collect()
}

fn keep_baseline_ui(ctx: &egui::Context, label: &str, document: &str) -> Vec<Action> {
    let text = format!(
        "The baseline ({label}) is still pinned. Keep comparing {document} with it? Both run \
         from their seeds."
    );
    let choices = [
        choice("Keep it", "Compare the scene opened with it (Enter, Esc)."),
        choice("Unpin", "Drop the baseline."),
    ];
    ask(
        ctx,
        "keep baseline",
        ("Keep the baseline?", &text),
        &choices,
        (0, 0),
    )
    .map(|k| Action::KeepBaseline(k == 0))
    .into_iter()
    .collect()
}

fn reload_ui(ctx: &egui::Context, document: &str) -> Vec<Action> {
    let text =
        format!("{document} was changed by another program, and you have unsaved changes here.");
    let choices = [
        choice("Keep my changes", "The file on disk stays as it is."),
        choice(
            "Reload from disk",
            "Your edits are dropped (Undo brings them back).",
        ),
    ];
    ask(
        ctx,
        "reload",
        ("The file changed on disk", &text),
        &choices,
        (0, 0),
    )
    .map(|k| Action::Reload(k == 1))
    .into_iter()
    .collect()
}
