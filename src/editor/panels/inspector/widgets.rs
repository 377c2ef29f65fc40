//! The inspector's rows: a labelled value with its unit, tooltip, changed marker and reset
//! actions, for numbers, optional numbers, flags, points, targets and predictions, and the
//! frame of one behavior block.

use egui::{DragValue, Ui};
use glam::Vec2;

use crate::editor::drag::{field_drag, unit_drag};
use crate::editor::field_marks::{FieldMarks, Source};
use crate::sim::BehaviorKind;
use crate::sim::model::field::{
    DECELERATION, ENABLED, FIXED_SECS, MAX_SECS, PREDICTION, PROBABILITY, WEIGHT,
};
use crate::sim::setup::check::MAX_MAGNITUDE;
use crate::sim::steer::params::{BlockCommon, Prediction, Target};
use crate::sim::{FieldPath, Problem};

/// The names a block's fields can choose from: groups (targets), paths and flow fields.
#[derive(Clone, Debug, Default)]
pub struct NameChoices {
    /// Group names.
    pub groups: Vec<String>,
    /// Path names.
    pub paths: Vec<String>,
    /// Names of the paths that enclose a region (looped, 3 or more points).
    pub closed_paths: Vec<String>,
    /// Flow field names.
    pub fields: Vec<String>,
    /// The scenery the scene has none of (walls, obstacles, ...).
    pub lacking: Vec<crate::sim::steer::behavior::Scenery>,
}

impl NameChoices {
    /// The names of `scene`.
    #[must_use]
    pub fn of(scene: &crate::scene::Scene) -> Self {
        Self {
            groups: scene.groups.iter().map(|g| g.name.clone()).collect(),
            paths: scene.paths.iter().map(|p| p.name.clone()).collect(),
            closed_paths: scene
                .paths
                .iter()
                .filter(|p| p.is_closed())
                .map(|p| p.name.clone())
                .collect(),
            fields: scene.flow_fields.iter().map(|f| f.name.clone()).collect(),
            lacking: {
                use crate::sim::steer::behavior::Scenery;
                [
                    Scenery::Walls,
                    Scenery::Obstacles,
                    Scenery::Path,
                    Scenery::FlowField,
                ]
                .into_iter()
                .filter(|&s| !crate::scene::add::has(scene, s))
                .collect()
            },
        }
    }
}

/// A text field that names one of `names` (a path, a flow field), as a choice.
pub fn name_choice_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    (field, label_text, tip): (&str, &str, &str),
    value: &mut String,
    names: &[String],
) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field, label_text, tip);
        if let Some(v) = cx.marked(field, &label) {
            *value = v;
        }
        let shown = if value.is_empty() {
            "(none)"
        } else {
            value.as_str()
        };
        egui::ComboBox::from_id_salt(ui.scope_id().with(field))
            .selected_text(shown.to_owned())
            .show_ui(ui, |ui| {
                if names.is_empty() {
                    ui.weak("(the scene has none yet)");
                }
                for name in names {
                    ui.selectable_value(value, name.clone(), name);
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// A deceleration setting (slow, normal, fast).
pub fn deceleration_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    value: &mut crate::sim::steer::params::Deceleration,
) {
    use crate::sim::steer::params::Deceleration;
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            DECELERATION.key,
            DECELERATION.label,
            DECELERATION.help,
        );
        if let Some(v) = cx.marked(DECELERATION.key, &label) {
            *value = v;
        }
        ui.selectable_value(value, Deceleration::Slow, "slow (3)");
        ui.selectable_value(value, Deceleration::Normal, "normal (2)");
        ui.selectable_value(value, Deceleration::Fast, "fast (1)");
    });
}

/// Where the inspector is in the scene: the marks, and the path of the section being drawn.
pub struct Cx<'a> {
    marks: &'a FieldMarks,
    /// The problems of the last edit the world refused, each marked beside its field.
    rejected: &'a [Problem],
    prefix: FieldPath,
    /// A field whose value the designer asked to set in every group that has it (a field's
    /// context menu), for the inspector to do once the panel is drawn.
    every_group: &'a std::cell::RefCell<Option<FieldPath>>,
}

impl<'a> Cx<'a> {
    /// The root of the scene.
    #[must_use]
    pub fn new(
        marks: &'a FieldMarks,
        rejected: &'a [Problem],
        every_group: &'a std::cell::RefCell<Option<FieldPath>>,
    ) -> Self {
        Self {
            marks,
            rejected,
            prefix: FieldPath::root(),
            every_group,
        }
    }

    /// The section `key` within this one (`separation` within `groups[1]`).
    #[must_use]
    pub fn child(&self, key: &str) -> Self {
        self.within(&FieldPath::root().key(key.to_owned()))
    }

    /// The section at `below` within this one (`groups[1]` within the scene).
    #[must_use]
    pub fn within(&self, below: &FieldPath) -> Self {
        Self {
            marks: self.marks,
            rejected: self.rejected,
            prefix: self.prefix.join(below),
            every_group: self.every_group,
        }
    }

    /// The field path of the field `key` in this section.
    #[must_use]
    pub fn path(&self, key: &str) -> FieldPath {
        self.prefix.key(key.to_owned())
    }

    /// Draws the changed marker of `field` (a dot when it differs from the saved file, with the
    /// saved value as its tooltip) and gives the field's reset actions to `response`: a double
    /// click resets to the default, the context menu resets or reverts. Returns the value to
    /// set, if one was chosen.
    #[must_use]
    pub fn marked<T: serde::de::DeserializeOwned>(
        &self,
        field: &str,
        response: &egui::Response,
    ) -> Option<T> {
        let path = self.path(field);
        let mut chosen = None;
        if response.double_clicked() {
            chosen = self.marks.value(Source::Default, &path);
        }
        response.context_menu(|ui| {
            let default = self.marks.text(Source::Default, &path);
            let saved = self.marks.text(Source::Saved, &path);
            let item = |ui: &mut Ui, what: &str, text: Option<&String>| {
                ui.add_enabled(
                    text.is_some(),
                    egui::Button::new(match text {
                        Some(t) => format!("{what} ({t})"),
                        None => format!("{what} (none)"),
                    }),
                )
                .clicked()
            };
            if item(ui, "Reset to default", default) {
                chosen = self.marks.value(Source::Default, &path);
                ui.close();
            }
            if item(ui, "Revert to saved", saved) {
                chosen = self.marks.value(Source::Saved, &path);
                ui.close();
            }
            let others = crate::scene::fields::other_groups_with(self.marks.scene(), &path);
            if others > 0
                && ui
                    .button(format!("Set in every group that has it ({others} more)"))
                    .on_hover_text("This value in the other groups too: one undo step.")
                    .clicked()
            {
                *self.every_group.borrow_mut() = Some(path.clone());
                ui.close();
            }
        });
        chosen
    }

    /// The dot that marks a changed field, before its row.
    pub fn dot_ui(&self, ui: &mut Ui, field: &str) {
        let path = self.path(field);
        let (rect, response) = ui.allocate_exact_size(egui::vec2(8.0, 8.0), egui::Sense::hover());
        if let Some(problem) = self.rejected.iter().find(|p| p.path.is_within(&path)) {
            ui.painter()
                .circle_filled(rect.center(), 4.0, ui.visuals().error_fg_color);
            // Named for screen readers (and tests): "not applied: groups[0].mass".
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Label, true, format!("not applied: {path}"))
            });
            response.on_hover_text(format!("Not applied: {}", problem.message));
        } else if let Some(warning) = self.marks.warning(&path) {
            warning_mark(ui, rect);
            // Named for screen readers (and tests): "warning: groups[0].arrive.mode".
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Label, true, format!("warning: {path}"))
            });
            response.on_hover_text(format!("Probably not what you meant: {warning}"));
        } else if self.marks.changed(&path) {
            ui.painter()
                .circle_filled(rect.center(), 3.0, crate::view::palette::CHANGED);
            // Named for screen readers (and tests): "changed: groups[0].max_speed".
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Label, true, format!("changed: {path}"))
            });
            let saved = self.marks.text(Source::Saved, &path).map_or_else(
                || "not in the saved file".to_owned(),
                |t| format!("saved: {t}"),
            );
            response.on_hover_text(format!("Changed since saved ({saved})"));
        }
    }
}

/// The mark of a value that is legal but almost surely not meant: a small warning triangle.
fn warning_mark(ui: &Ui, rect: egui::Rect) {
    let c = rect.center();
    let points = vec![
        c + egui::vec2(0.0, -4.5),
        c + egui::vec2(4.5, 3.5),
        c + egui::vec2(-4.5, 3.5),
    ];
    ui.painter().add(egui::Shape::convex_polygon(
        points,
        crate::view::palette::WARNING,
        egui::Stroke::NONE,
    ));
}

/// The problems of the last edit the world refused, in the designer's words, where the group's
/// section starts (each is also marked beside its field and shown where the click was).
pub fn rejected_ui(ui: &mut Ui, scene: &crate::scene::Scene, rejected: &[Problem]) {
    for p in rejected {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!(
                "Not applied: {}: {}",
                crate::scene::labels::field_label(scene, &p.path),
                p.message
            ),
        );
    }
}

/// The warnings of a section (`prefix`), each on its own line: what the markers beside the
/// fields say, and the warnings about a whole group or its spawn, which have no row.
pub fn warnings_ui(ui: &mut Ui, marks: &FieldMarks, prefix: &FieldPath) {
    for w in marks.warnings_within(prefix) {
        note_ui(ui, &format!("{}: {}", w.path, w.message));
    }
}

/// A warning line with its mark.
pub fn note_ui(ui: &mut Ui, text: &str) {
    ui.horizontal_top(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(8.0, 8.0), egui::Sense::hover());
        warning_mark(ui, rect);
        ui.add(
            egui::Label::new(
                egui::RichText::new(text)
                    .small()
                    .color(crate::view::palette::WARNING),
            )
            .wrap(),
        );
    });
}

/// A field's label, which reacts to double clicks and right clicks (reset and revert).
pub fn field_label_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    field: &str,
    text: &str,
    tip: &str,
) -> egui::Response {
    cx.dot_ui(ui, field);
    ui.add(egui::Label::new(text).sense(egui::Sense::click()))
        .on_hover_text(format!(
            "{tip}\nDouble-click: reset to default. Right-click: reset, revert, or set in every \
             group."
        ))
}

/// A labelled number with a unit and a tooltip; `field` is its name in the scene file.
#[allow(clippy::too_many_arguments)] // Each is one attribute of the row.
pub fn number_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    field: &str,
    label: &str,
    value: &mut f32,
    unit: &'static str,
    range: std::ops::RangeInclusive<f32>,
    tip: &str,
) {
    let label_text = label;
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field, label, tip);
        if let Some(v) = cx.marked(field, &label) {
            *value = v;
        }
        ui.add(crate::editor::drag::labelled_drag(
            value,
            (label_text, unit),
            range,
        ))
        .labelled_by(label.id)
        .on_hover_text(tip);
    });
}

#[allow(clippy::too_many_arguments)] // Each is one attribute of the row.
pub fn optional_number_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    field: &str,
    label: &str,
    value: &mut Option<f32>,
    default: f32,
    unit: &'static str,
    tip: &str,
) {
    ui.horizontal(|ui| {
        cx.dot_ui(ui, field);
        let mut on = value.is_some();
        let check = ui.checkbox(&mut on, label).on_hover_text(tip);
        if check.changed() {
            *value = on.then_some(value.unwrap_or(default));
        }
        if let Some(v) = cx.marked::<Option<f32>>(field, &check) {
            *value = v;
        }
        if let Some(v) = value {
            ui.add(unit_drag(v, unit).range(0.0..=MAX_MAGNITUDE))
                .labelled_by(check.id)
                .on_hover_text(tip);
        }
    });
}

/// A checkbox for a boolean field, with its marker and reset actions.
pub fn flag_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    field: &str,
    value: &mut bool,
    label: &str,
) -> egui::Response {
    ui.horizontal(|ui| {
        cx.dot_ui(ui, field);
        let response = ui.checkbox(value, label);
        if let Some(v) = cx.marked(field, &response) {
            *value = v;
        }
        response
    })
    .inner
}

pub fn point_ui(ui: &mut Ui, cx: &Cx<'_>, field: &str, label: &str, p: &mut Vec2, tip: &str) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field, label, tip);
        if let Some(v) = cx.marked(field, &label) {
            *p = v;
        }
        ui.add(
            unit_drag(&mut p.x, " u")
                .range(-MAX_MAGNITUDE..=MAX_MAGNITUDE)
                .prefix("x "),
        )
        .labelled_by(label.id);
        ui.add(
            unit_drag(&mut p.y, " u")
                .range(-MAX_MAGNITUDE..=MAX_MAGNITUDE)
                .prefix("y "),
        )
        .labelled_by(label.id);
    });
}

/// A target field named `field` (`target`, or interpose's `other`), shown as `label`.
pub fn target_field_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    (field, label_text): (&str, &str),
    id: &str,
    target: &mut Target,
    groups: &[String],
) {
    let text = match target {
        Target::Point(_) => "point".to_owned(),
        Target::Pointer => "pointer".to_owned(),
        Target::Click => "click target".to_owned(),
        Target::Center => "world centre".to_owned(),
        Target::Opposite => "opposite its start".to_owned(),
        Target::Agent(id) => format!("agent {id}"),
        Target::Nearest(g) => format!("nearest {g}"),
    };
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field, label_text, "What this behavior steers for.");
        if let Some(v) = cx.marked(field, &label) {
            *target = v;
        }
        egui::ComboBox::from_id_salt(id)
            .selected_text(text)
            .show_ui(ui, |ui| {
                ui.selectable_value(target, Target::Click, "click target");
                ui.selectable_value(target, Target::Pointer, "pointer");
                ui.selectable_value(target, Target::Center, "world centre");
                ui.selectable_value(target, Target::Opposite, "opposite its start")
                    .on_hover_text("Each agent heads for the point opposite where it entered, through the world's centre.");
                if ui
                    .selectable_label(matches!(target, Target::Point(_)), "point")
                    .clicked()
                    && !matches!(target, Target::Point(_))
                {
                    *target = Target::Point(Vec2::ZERO);
                }
                if ui
                    .selectable_label(matches!(target, Target::Agent(_)), "agent (by id)")
                    .clicked()
                    && !matches!(target, Target::Agent(_))
                {
                    *target = Target::Agent(0);
                }
                for g in groups {
                    let t = Target::Nearest(g.clone());
                    let label = format!("nearest {g}");
                    ui.selectable_value(target, t, label);
                }
            })
            .response
            .labelled_by(label.id);
    });
    match target {
        Target::Point(p) => {
            // The point is part of the target's value: its marker is the target's.
            let mut q = *p;
            point_ui(ui, cx, field, "at", &mut q, "A fixed point of the world.");
            *p = q;
        }
        Target::Agent(id) => {
            ui.horizontal(|ui| {
                let label = ui.label("agent id");
                ui.add(DragValue::new(id)).labelled_by(label.id);
            });
        }
        _ => {}
    }
}

pub fn prediction_ui(ui: &mut Ui, cx: &Cx<'_>, p: &mut Prediction) {
    let Prediction {
        fixed_secs,
        max_secs,
    } = p;
    let cx = cx.child(PREDICTION.key);
    ui.horizontal(|ui| {
        let mut dynamic = fixed_secs.is_none();
        let label = field_label_ui(ui, &cx, FIXED_SECS, PREDICTION.label, PREDICTION.help);
        if let Some(v) = cx.marked(FIXED_SECS, &label) {
            *fixed_secs = v;
        }
        if ui
            .radio_value(&mut dynamic, true, "dynamic")
            .on_hover_text("T = distance / max_speed")
            .changed()
            || ui.radio_value(&mut dynamic, false, "fixed").changed()
        {
            *fixed_secs = if dynamic {
                None
            } else {
                Some(fixed_secs.unwrap_or(0.5))
            };
        }
        if let Some(t) = fixed_secs {
            ui.add(unit_drag(t, " s").range(0.0..=MAX_MAGNITUDE))
                .labelled_by(label.id);
        }
    });
    optional_number_ui(
        ui,
        &cx,
        MAX_SECS,
        "cap T at",
        max_secs,
        1.0,
        " s",
        "T = min(T, cap)",
    );
}

/// A block's weight: its label (reset and revert) and its value.
pub fn weight_ui(ui: &mut Ui, cx: &Cx<'_>, weight: &mut f32) {
    let label = field_label_ui(ui, cx, WEIGHT.key, WEIGHT.label, WEIGHT.help);
    if let Some(v) = cx.marked(WEIGHT.key, &label) {
        *weight = v;
    }
    ui.add(field_drag(weight, &WEIGHT).range(-MAX_MAGNITUDE..=MAX_MAGNITUDE))
        .labelled_by(label.id);
}

/// One behavior block the group has: a header with its switch, its name in its colour and its
/// weight, and below it (collapsible) its formula (from the registry), its fields and "remove".
/// Edits in place.
pub fn block_ui<T: BlockCommon>(
    ui: &mut Ui,
    cx: &Cx<'_>,
    slot: &mut Option<T>,
    (kind, dithering): (BehaviorKind, bool),
    body: impl FnOnce(&mut Ui, &Cx<'_>, &mut T),
) {
    let Some(b) = slot else {
        return;
    };
    let name = kind.field_name();
    let info = kind.info();
    let cx = cx.child(name);
    let id = ui.make_persistent_id(("block", name));
    let mut remove = false;
    egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, true)
        .show_header(ui, |ui| {
            let (enabled, weight, _) = b.common_mut();
            cx.dot_ui(ui, ENABLED.key);
            let on = ui
                .checkbox(
                    enabled,
                    egui::RichText::new(name)
                        .strong()
                        .color(crate::view::palette::behavior_color(kind)),
                )
                .on_hover_text(format!(
                    "{}\n{}\n\n{}",
                    info.summary, info.formula, ENABLED.help
                ));
            if let Some(v) = cx.marked(ENABLED.key, &on) {
                *enabled = v;
            }
            weight_ui(ui, &cx, weight);
        })
        .body(|ui| {
            ui.label(egui::RichText::new(info.formula).small().weak());
            if dithering {
                let (_, _, probability) = b.common_mut();
                number_ui(
                    ui,
                    &cx,
                    PROBABILITY.key,
                    PROBABILITY.label,
                    probability,
                    PROBABILITY.unit,
                    PROBABILITY.limit.range(),
                    PROBABILITY.help,
                );
            }
            body(ui, &cx, b);
            remove = ui
                .small_button("remove")
                .on_hover_text(format!(
                    "Take {name} out of this group (Undo brings it back)."
                ))
                .clicked();
        });
    if remove {
        *slot = None;
    }
}
