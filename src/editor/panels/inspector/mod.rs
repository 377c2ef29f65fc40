//! The inspector: every tunable parameter of the scene, each with its unit, a typed exact value
//! (click a value to type it), and the formula it feeds as a tooltip. It edits a draft of the
//! scene and returns it as an [`Action::Edit`]; the app validates the draft and hands it to the
//! world for the next tick.

mod blocks;
mod group;
mod scenery;
mod widgets;

use egui::Ui;

use super::super::action::Action;
use super::super::field_marks::FieldMarks;
use crate::scene::{Scene, fields};
use crate::sim::FieldPath;
use crate::view::palette::group_color;
pub use widgets::Cx;

/// What Defaults does.
const DEFAULTS_TIP: &str = "Every parameter of this group to steerlab's generic defaults (not \
     this scene's tuned values: Revert group goes back to the saved file): its behaviors stay, \
     with their targets and paths; each is switched on again. Shows what changes first.";

/// The inspector panel over one frame's state.
pub struct Inspector<'a> {
    /// The scene being edited.
    pub scene: &'a Scene,
    /// The scene as saved (for Revert group).
    pub saved: &'a Scene,
    /// Which fields differ from the saved file.
    pub marks: &'a FieldMarks,
    /// The group shown.
    pub current_group: usize,
    /// The problems of the last edit the world refused.
    pub rejected: &'a [crate::sim::Problem],
    /// Which scene this is (a new number for each scene opened): the scroll position is the
    /// scene's own.
    pub opened: u64,
    /// What the run says of the group shown that the scene alone does not (navigating agents
    /// that cannot reach their target).
    pub run_notes: Vec<String>,
}

impl Inspector<'_> {
    /// Shows the panel; `time_scale` (the session's, not the scene's) is edited in place.
    pub fn ui(self, ui: &mut Ui, time_scale: &mut f32) -> Vec<Action> {
        let Self {
            scene,
            saved,
            marks,
            mut current_group,
            rejected,
            opened,
            run_notes,
        } = self;
        let mut actions = Vec::new();
        let every_group = std::cell::RefCell::new(None);
        let cx = Cx::new(marks, rejected, &every_group);
        let mut draft = scene.clone();
        let mut group_reset: Option<crate::sim::Group> = None;
        let mut add: Option<crate::sim::BehaviorKind> = None;
        egui::ScrollArea::vertical()
            .id_salt(("inspector", opened))
            .show(ui, |ui| {
                name_and_description_ui(ui, &mut draft);
                egui::CollapsingHeader::new("World")
                    .default_open(true)
                    .show(ui, |ui| {
                        widgets::warnings_ui(ui, marks, &FieldPath::root());
                        group::world_ui(ui, &cx, &mut draft, time_scale);
                    });
                egui::CollapsingHeader::new("Scenery")
                    .default_open(false)
                    .show(ui, |ui| scenery::scenery_ui(ui, &cx, &mut draft));
                let names = widgets::NameChoices::of(&draft);
                ui.horizontal_wrapped(|ui| {
                    for (i, name) in names.groups.iter().enumerate() {
                        let changed = marks.changed_within(&FieldPath::group(i));
                        let text = format!("{name}{}", if changed { " *" } else { "" });
                        let text = egui::RichText::new(text).color(group_color(i));
                        if ui.selectable_value(&mut current_group, i, text).changed() {
                            actions.push(Action::SelectGroup(i));
                        }
                    }
                });
                let g = current_group;
                if let Some(group) = draft.groups.get_mut(g) {
                    group_buttons_ui(
                        ui,
                        (scene, saved),
                        (g, group),
                        &mut group_reset,
                        &mut actions,
                    );
                    widgets::rejected_ui(ui, scene, rejected);
                    widgets::warnings_ui(ui, marks, &FieldPath::group(g));
                    for note in &run_notes {
                        widgets::note_ui(ui, note);
                    }
                    let cx = cx.within(&FieldPath::group(g));
                    ui.push_id(g, |ui| {
                        add = group::group_ui(ui, &cx, group, &names, &mut actions);
                    });
                }
            });
        if let Some(group) = group_reset
            && let Some(slot) = draft.groups.get_mut(current_group)
        {
            *slot = group;
        }
        if let Some(kind) = add {
            let added = crate::scene::add::add_behavior(&mut draft, current_group, kind);
            // What else adding it did, said where the designer clicked.
            let key = kind.field_name();
            if let Some(path) = added.path {
                actions.push(Action::Toast(format!(
                    "{key} follows a new path \"{path}\" around the middle of the world: \
                     reshape it with the Paths tool (P)."
                )));
            }
            if let Some(field) = added.flow_field {
                actions.push(Action::Toast(format!(
                    "{key} follows a new flow field \"{field}\" pointing right: paint it with \
                     the Flow tool (B)."
                )));
            }
            // What it acts on and the scene lacks: said where the designer clicked, and kept
            // in its block with the tool that makes it.
            for need in crate::scene::add::lacks(&draft, kind) {
                actions.push(Action::Toast(crate::scene::add::lack_message(key, need)));
            }
        }
        if let Some(path) = every_group.into_inner() {
            let changed = fields::set_in_every_group(&mut draft, &path);
            let label = crate::scene::labels::field_label(&draft, &path);
            actions.push(Action::Toast(format!(
                "{label}: set in {changed} more group{} (one undo step)",
                if changed == 1 { "" } else { "s" }
            )));
        }
        if draft != *scene {
            actions.push(Action::Edit(Box::new(draft)));
        }
        actions
    }
}

/// Reset, revert, copy and paste of the group `g` shown.
fn group_buttons_ui(
    ui: &mut Ui,
    (scene, saved): (&Scene, &Scene),
    (g, group): (usize, &crate::sim::Group),
    group_reset: &mut Option<crate::sim::Group>,
    actions: &mut Vec<Action>,
) {
    ui.horizontal_wrapped(|ui| {
        let saved = saved.groups.get(g).filter(|s| s.name == group.name);
        if ui
            .add_enabled(saved.is_some(), egui::Button::new("Revert group").small())
            .on_hover_text("This group as in the saved file: undoes every unsaved edit of it.")
            .clicked()
        {
            *group_reset = saved.cloned();
        }
        defaults_ui(ui, scene, (g, group), group_reset);
        if ui
            .small_button("Copy")
            .on_hover_text("This group's parameters to the clipboard, as RON.")
            .clicked()
        {
            actions.push(Action::CopyGroup);
        }
        if ui
            .small_button("Paste")
            .on_hover_text(
                "Parameters from the clipboard (RON) into this group; \
             Ctrl+V on the canvas does the same.",
            )
            .clicked()
        {
            actions.push(Action::RequestPaste);
        }
    });
}

/// The scene's name (the heading) and its description, each edited in place: a click types
/// into it. The description reads with its group and behavior names coloured in words
/// ([`crate::scene::labels::described`]); a click shows the text as written, to edit.
fn name_and_description_ui(ui: &mut Ui, draft: &mut Scene) {
    ui.add(
        egui::TextEdit::singleline(&mut draft.name)
            .font(egui::TextStyle::Heading)
            .frame(egui::Frame::NONE)
            .desired_width(f32::INFINITY)
            .hint_text("Scene name"),
    )
    .on_hover_text("The scene's name: click to type (saved with the scene).");
    let editing_id = ui.make_persistent_id("editing description");
    let edit_id = ui.make_persistent_id("description text");
    let editing = ui.data(|d| d.get_temp::<bool>(editing_id).unwrap_or(false));
    if editing || draft.description.is_empty() {
        let edit = ui.add(
            egui::TextEdit::multiline(&mut draft.description)
                .id(edit_id)
                .frame(egui::Frame::NONE)
                .desired_rows(1)
                .desired_width(f32::INFINITY)
                .hint_text("What the scene shows, and what to try"),
        );
        if editing && !edit.has_focus() && !edit.gained_focus() && edit.lost_focus() {
            ui.data_mut(|d| d.insert_temp(editing_id, false));
        }
        edit.on_hover_text(
            "The scene's description (saved with the scene): [group] names a group and \
             {behavior} a behavior, each read with its colour.",
        );
    } else {
        let shown = ui
            .add(
                egui::Label::new(crate::scene::labels::described(draft))
                    .sense(egui::Sense::click()),
            )
            .on_hover_text("The scene's description: click to edit it.");
        if shown.clicked() {
            ui.data_mut(|d| d.insert_temp(editing_id, true));
            ui.memory_mut(|m| m.request_focus(edit_id));
        }
    }
}

/// "Defaults…": what resetting group `g` to the generic defaults would change, field by
/// field, and the button that does it.
fn defaults_ui(
    ui: &mut Ui,
    scene: &Scene,
    (g, group): (usize, &crate::sim::Group),
    group_reset: &mut Option<crate::sim::Group>,
) {
    ui.menu_button("Defaults…", |ui| {
        ui.set_max_width(460.0);
        let Some(defaults) = fields::defaults_like(scene).groups.get(g).cloned() else {
            return;
        };
        let mut after = scene.clone();
        if let Some(slot) = after.groups.get_mut(g) {
            slot.clone_from(&defaults);
        }
        let changes = fields::diff(&fields::flatten(scene), &fields::flatten(&after));
        if changes.is_empty() {
            ui.label(format!("{} has the generic defaults already.", group.name));
            return;
        }
        ui.label(format!(
            "Resetting {} to steerlab's generic defaults changes {} field{} (not to this \
             scene's saved values: that is Revert group):",
            group.name,
            changes.len(),
            if changes.len() == 1 { "" } else { "s" }
        ));
        egui::ScrollArea::vertical()
            .max_height(280.0)
            .show(ui, |ui| {
                crate::editor::windows::changes::changes_grid_ui(
                    ui,
                    "defaults preview",
                    ("now", "default"),
                    &changes,
                    scene,
                );
            });
        ui.horizontal(|ui| {
            if ui.button("Reset to defaults").clicked() {
                *group_reset = Some(defaults);
                ui.close();
            }
            if ui.button("Cancel").clicked() {
                ui.close();
            }
        });
    })
    .response
    .on_hover_text(DEFAULTS_TIP);
}
