//! The questions that wait on the user, one at a time: restore the last session's unsaved work,
//! save changes before something that would drop them, and take a file changed on disk.

use crate::editor::action::{Action, Answer, Pending};

/// What waits on the user this frame (at most one is shown, in this order).
pub struct Questions<'a> {
    /// The last session left unsaved work on this file (or origin).
    pub restore: Option<String>,
    /// Something that would drop unsaved changes.
    pub pending: Option<&'a Pending>,
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
        self.restore.is_some() || self.pending.is_some() || self.reload || self.create.is_some()
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
        if self.reload {
            return reload_ui(ctx, &self.document);
        }
        if let Some(path) = &self.create {
            return create_ui(ctx, path);
        }
        Vec::new()
    }
}

fn create_ui(ctx: &egui::Context, path: &str) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::Modal::new(egui::Id::unique("create")).show(ctx, |ui| {
        ui.heading("The file does not exist");
        ui.label(format!(
            "{path} does not exist. Create it as a new scene (one group of wanderers)?"
        ));
        ui.horizontal(|ui| {
            if ui.button("Create it").clicked() {
                actions.push(Action::CreateAwaited(true));
            }
            if ui
                .button("Not now")
                .on_hover_text("It opens as soon as it appears on disk.")
                .clicked()
            {
                actions.push(Action::CreateAwaited(false));
            }
        });
    });
    actions
}

fn restore_ui(ctx: &egui::Context, what: &str) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::Modal::new(egui::Id::unique("restore")).show(ctx, |ui| {
        ui.heading("Restore unsaved work?");
        ui.label(format!(
            "The last session ended with unsaved changes to {what}."
        ));
        ui.horizontal(|ui| {
            if ui.button("Restore").clicked() {
                actions.push(Action::Restore(true));
            }
            if ui.button("Discard").clicked() {
                actions.push(Action::Restore(false));
            }
        });
    });
    actions
}

fn save_changes_ui(ctx: &egui::Context, pending: &Pending, document: &str) -> Vec<Action> {
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("save changes")).show(ctx, |ui| {
        ui.heading("Save changes?");
        let what = match pending {
            Pending::New => "starting a new scene".to_owned(),
            Pending::OpenDialog | Pending::OpenPathField => "opening another file".to_owned(),
            Pending::OpenPath(p) => format!("opening {}", p.display()),
            Pending::Preset(p) => format!("opening the preset {}", p.file),
            Pending::Close => "closing".to_owned(),
            Pending::OpenLink(_) => "opening the scene of a shared link".to_owned(),
            Pending::Upload(name, _) => format!("opening {name}"),
        };
        ui.label(format!(
            "{document} has unsaved changes. Save them before {what}?"
        ));
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                answer = Some(Answer::Save);
            }
            if ui.button("Discard").clicked() {
                answer = Some(Answer::Discard);
            }
            if ui.button("Cancel").clicked() {
                answer = Some(Answer::Cancel);
            }
        });
    });
    if modal.should_close() && answer.is_none() {
        answer = Some(Answer::Cancel);
    }
    answer.map(Action::Answer).into_iter().collect()
}

fn reload_ui(ctx: &egui::Context, document: &str) -> Vec<Action> {
    let mut actions = Vec::new();
    egui::Modal::new(egui::Id::unique("reload")).show(ctx, |ui| {
        ui.heading("The file changed on disk");
        ui.label(format!(
            "{document} was changed by another program, and you have unsaved changes here."
        ));
        ui.horizontal(|ui| {
            if ui
                .button("Reload from disk")
                .on_hover_text("Your edits are dropped (Undo brings them back).")
                .clicked()
            {
                actions.push(Action::Reload(true));
            }
            if ui.button("Keep my changes").clicked() {
                actions.push(Action::Reload(false));
            }
        });
    });
    actions
}
