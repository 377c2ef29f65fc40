//! The inspector's rows for a behavior block, drawn from the block's field descriptions
//! ([`crate::sim::steer::behavior::Field`]): one widget per kind of value, none per behavior. A
//! behavior added to the registry is shown here without a line of this file changing.

use egui::Ui;
use glam::Vec2;

use super::widgets::{
    Cx, NameChoices, block_ui, deceleration_ui, field_label_ui, flag_ui, name_choice_ui, number_ui,
    optional_number_ui, point_ui, prediction_ui, target_field_ui,
};
use crate::editor::action::Action;
use crate::editor::drag::field_drag;
use crate::sim::BehaviorKind;
use crate::sim::model::field::{Number, STAMINA_COST, STAMINA_MAX, STAMINA_REGEN};
use crate::sim::setup::check::MAX_MAGNITUDE;
use crate::sim::steer::behavior::{Behavior, Family, Field, NameOf, Scenery, Value};
use crate::sim::steer::params::{
    ArriveMode, AvoidForm, BlockVisitorMut, Combination, Deceleration, Group, PathForm, Region,
    Slot, Stamina,
};
use crate::view::CanvasTool;

const DISTANCE: std::ops::RangeInclusive<f32> = 0.0..=MAX_MAGNITUDE;

/// The behavior blocks the group has, in priority order, each with its switch, weight, formula
/// and parameters, then the "Add behavior" menu of the others. Returns the behavior chosen
/// there (the caller adds it to the scene, with what it needs: see
/// [`crate::scene::add::add_behavior`]).
pub fn behaviors_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    group: &mut Group,
    (names, dithering): (&NameChoices, bool),
    actions: &mut Vec<Action>,
) -> Option<BehaviorKind> {
    if BehaviorKind::ALL.into_iter().all(|k| !group.has_block(k)) {
        ui.weak("No behaviors yet: its agents drift. Add one below.");
    }
    let mut rows = Rows {
        ui,
        cx,
        names,
        dithering,
        actions,
    };
    group.visit_blocks_mut(&mut rows);
    add_menu_ui(ui, group)
}

/// The menu of the behaviors the group does not have, by family, each with what it does.
fn add_menu_ui(ui: &mut Ui, group: &Group) -> Option<BehaviorKind> {
    let mut chosen = None;
    let missing: Vec<BehaviorKind> = BehaviorKind::ALL
        .into_iter()
        .filter(|k| !group.has_block(*k))
        .collect();
    if missing.is_empty() {
        return None;
    }
    ui.menu_button("Add behavior…", |ui| {
        ui.set_max_width(420.0);
        for family in Family::ALL {
            let kinds: Vec<BehaviorKind> = missing
                .iter()
                .copied()
                .filter(|k| k.info().family == family)
                .collect();
            if kinds.is_empty() {
                continue;
            }
            ui.label(egui::RichText::new(family.name()).strong());
            for kind in kinds {
                let info = kind.info();
                let text = egui::RichText::new(format!("{} — {}", info.key, info.summary));
                if ui.button(text).on_hover_text(info.formula).clicked() {
                    chosen = Some(kind);
                    ui.close();
                }
            }
            ui.add_space(4.0);
        }
    })
    .response
    .on_hover_text("The behaviors this group does not have yet, by family.");
    chosen
}

/// The inspector's visit of each block.
struct Rows<'a, 'b> {
    ui: &'a mut Ui,
    cx: &'a Cx<'b>,
    names: &'a NameChoices,
    dithering: bool,
    actions: &'a mut Vec<Action>,
}

impl BlockVisitorMut for Rows<'_, '_> {
    fn visit<B: Behavior>(&mut self, kind: BehaviorKind, slot: &mut Option<B>) {
        let Rows {
            ui,
            cx,
            names,
            dithering,
            actions,
        } = self;
        block_ui(ui, cx, slot, (kind, *dithering), |ui, cx, block: &mut B| {
            lacking_ui(ui, kind, names, actions);
            let owner = kind.field_name();
            block.fields(&mut |field, value| value_ui(ui, cx, (owner, field), value, names));
        });
    }
}

/// For a behavior that acts on scenery the scene has none of: what it then does not do, and
/// the tool that makes what it needs.
fn lacking_ui(ui: &mut Ui, kind: BehaviorKind, names: &NameChoices, actions: &mut Vec<Action>) {
    for &need in kind.needs() {
        if !names.lacking.contains(&need) {
            continue;
        }
        let text = crate::scene::add::lack_message(kind.field_name(), need);
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(text).color(crate::view::palette::WARNING));
            let (button, action) = match need {
                Scenery::Walls => ("Walls tool", Action::SetCanvasTool(CanvasTool::Walls)),
                Scenery::Obstacles => ("+ obstacle", Action::AddObstacle),
                Scenery::Path => ("Paths tool", Action::SetCanvasTool(CanvasTool::Paths)),
                Scenery::FlowField => ("+ flow field", Action::AddFlowField),
            };
            if ui.small_button(button).clicked() {
                actions.push(action);
            }
        });
    }
}

/// One field's row (or rows, for a value with a form); `owner` names the block or group it
/// belongs to (it tells apart the ids of two target editors).
pub fn value_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    (owner, field): (&str, &Field),
    value: Value<'_>,
    names: &NameChoices,
) {
    let (key, label, unit, help) = (field.key, field.label, field.unit, field.help);
    match value {
        Value::Number(v) => {
            number_ui(
                ui,
                cx,
                key,
                label,
                v,
                unit,
                field.limit.control_range(),
                help,
            );
        }
        Value::Unused(_) => {}
        Value::Radians(v) => radians_ui(ui, cx, field, v),
        Value::Optional(v, on) => optional_number_ui(ui, cx, key, label, v, on, unit, help),
        Value::Flag(v) => {
            flag_ui(ui, cx, key, v, label).on_hover_text(help);
        }
        Value::Whole(v) => whole_ui(ui, cx, field, v),
        Value::OptionalWhole(v, on) => optional_whole_ui(ui, cx, field, v, on),
        Value::Combination(c) => combination_ui(ui, cx, field, c),
        Value::Stamina(s) => stamina_ui(ui, cx, field, s),
        Value::Target(t) => {
            let id = format!("{owner} {key}");
            target_field_ui(ui, cx, (key, label), &id, t, &names.groups);
        }
        Value::Name(n, of) => {
            let choices = match of {
                NameOf::Path => &names.paths,
                NameOf::FlowField => &names.fields,
            };
            name_choice_ui(ui, cx, (key, label, help), n, choices);
        }
        Value::Deceleration(d) => deceleration_ui(ui, cx, d),
        Value::Prediction(p) => prediction_ui(ui, cx, p),
        Value::ArriveMode(m) => arrive_mode_ui(ui, cx, field, m),
        Value::AvoidForm(f) => avoid_form_ui(ui, cx, field, f),
        Value::PathForm(f) => path_form_ui(ui, cx, field, f),
        Value::Slot(s) => slot_ui(ui, cx, field, s),
        Value::Region(r) => region_ui(ui, cx, field, r, names),
    }
}

/// A whole number within the field's limit.
fn whole_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, value: &mut u32) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field.key, field.label, field.help);
        if let Some(v) = cx.marked(field.key, &label) {
            *value = v;
        }
        ui.add(field_drag(value, field).range(whole_range(field)))
            .labelled_by(label.id);
    });
}

/// The whole numbers within a field's limit (whole numbers far inside u32).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn whole_range(field: &Field) -> std::ops::RangeInclusive<u32> {
    let range = field.limit.range();
    (range.start().ceil() as u32)..=(range.end().floor() as u32)
}

/// A whole number that can be off: a checkbox, and the number while it is on.
fn optional_whole_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    field: &Field,
    value: &mut Option<u32>,
    on_value: u32,
) {
    ui.horizontal(|ui| {
        cx.dot_ui(ui, field.key);
        let mut on = value.is_some();
        let check = ui.checkbox(&mut on, field.label).on_hover_text(field.help);
        if check.changed() {
            *value = on.then_some(value.unwrap_or(on_value));
        }
        if let Some(v) = cx.marked::<Option<u32>>(field.key, &check) {
            *value = v;
        }
        if let Some(n) = value {
            ui.add(field_drag(n, field).range(whole_range(field)))
                .labelled_by(check.id)
                .on_hover_text(field.help);
        }
    });
}

/// How a group's forces combine, with each method's rule as its tooltip.
fn combination_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, combination: &mut Combination) {
    let methods = [
        (
            Combination::WeightedSum,
            "WeightedSum",
            "truncate(sum of weight * force, max_force)",
        ),
        (
            Combination::PrioritizedSum,
            "PrioritizedSum",
            "In priority order, add until max_force is spent.",
        ),
        (
            Combination::PrioritizedDithering,
            "PrioritizedDithering",
            "In priority order, each evaluated with its probability; the first non-zero wins.",
        ),
    ];
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field.key, field.label, field.help);
        if let Some(v) = cx.marked(field.key, &label) {
            *combination = v;
        }
        egui::ComboBox::from_id_salt(ui.scope_id().with(field.key))
            .selected_text(format!("{combination:?}"))
            .show_ui(ui, |ui| {
                for (value, name, rule) in methods {
                    ui.selectable_value(combination, value, name)
                        .on_hover_text(rule);
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// A hunter's stamina: a switch, and its three numbers while it is on.
fn stamina_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, stamina: &mut Option<Stamina>) {
    ui.horizontal(|ui| {
        let mut on = stamina.is_some();
        if ui
            .checkbox(&mut on, field.label)
            .on_hover_text(field.help)
            .changed()
        {
            *stamina = on.then(Stamina::default);
        }
    });
    if stamina.is_some() {
        let cx = cx.child(field.key);
        ui.indent(field.key, |ui| {
            let mut value = Value::Stamina(stamina);
            value.numbers(field.limit, &mut |below, n, _| {
                let (Some(key), Number::Real(v)) = (below, n) else {
                    return;
                };
                let Some(f) = [&STAMINA_MAX, &STAMINA_REGEN, &STAMINA_COST]
                    .into_iter()
                    .find(|f| f.key == key)
                else {
                    return;
                };
                number_ui(
                    ui,
                    &cx,
                    f.key,
                    f.label,
                    v,
                    f.unit,
                    f.limit.control_range(),
                    f.help,
                );
            });
        });
    }
}

/// An angle kept in radians, shown in degrees (its field's scale).
fn radians_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, radians: &mut f32) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field.key, field.label, field.help);
        if let Some(v) = cx.marked::<f32>(field.key, &label) {
            *radians = v;
        }
        ui.add(field_drag(radians, field).range(field.limit.range()))
            .labelled_by(label.id);
    });
}

/// Arrive's form: a slowing radius or a deceleration setting.
fn arrive_mode_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, mode: &mut ArriveMode) {
    ui.horizontal(|ui| {
        if ui
            .radio(
                matches!(mode, ArriveMode::SlowingRadius(_)),
                "slowing radius",
            )
            .on_hover_text("desired = dir * max_speed * d / r inside r")
            .clicked()
            && !matches!(mode, ArriveMode::SlowingRadius(_))
        {
            *mode = ArriveMode::SlowingRadius(50.0);
        }
        if ui
            .radio(matches!(mode, ArriveMode::Deceleration(_)), "deceleration")
            .on_hover_text("speed = min(d / (k * 0.3), max_speed), k = 3, 2, 1")
            .clicked()
            && !matches!(mode, ArriveMode::Deceleration(_))
        {
            *mode = ArriveMode::Deceleration(Deceleration::Normal);
        }
    });
    match mode {
        ArriveMode::SlowingRadius(r) => number_ui(
            ui,
            cx,
            field.key,
            field.label,
            r,
            field.unit,
            field.limit.range(),
            field.help,
        ),
        ArriveMode::Deceleration(d) => {
            ui.horizontal(|ui| {
                ui.selectable_value(d, Deceleration::Slow, "slow (3)");
                ui.selectable_value(d, Deceleration::Normal, "normal (2)");
                ui.selectable_value(d, Deceleration::Fast, "fast (1)");
            });
        }
    }
}

/// The region containment keeps agents in.
fn region_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, region: &mut Region, names: &NameChoices) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field.key, field.label, field.help);
        if let Some(v) = cx.marked(field.key, &label) {
            *region = v;
        }
        let shown = match &*region {
            Region::World => "world".to_owned(),
            Region::Path(name) => format!("path {name}"),
        };
        egui::ComboBox::from_id_salt(ui.scope_id().with(field.key))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(region, Region::World, "world");
                for name in &names.closed_paths {
                    ui.selectable_value(region, Region::Path(name.clone()), format!("path {name}"));
                }
            })
            .response
            .labelled_by(label.id);
    });
}

/// The form of obstacle avoidance and its box's parameters.
fn avoid_form_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, form: &mut AvoidForm) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field.key, field.label, field.help);
        if let Some(v) = cx.marked(field.key, &label) {
            *form = v;
        }
        if ui
            .radio(matches!(*form, AvoidForm::Radial), "radial")
            .clicked()
        {
            *form = AvoidForm::Radial;
        }
        if ui
            .radio(
                matches!(*form, AvoidForm::DetectionBox { .. }),
                "detection box",
            )
            .clicked()
            && !matches!(*form, AvoidForm::DetectionBox { .. })
        {
            *form = AvoidForm::DetectionBox {
                min_length: 40.0,
                braking_weight: 0.2,
            };
        }
    });
    match form {
        AvoidForm::Radial => {}
        AvoidForm::DetectionBox {
            min_length,
            braking_weight,
        } => {
            number_ui(
                ui,
                cx,
                field.key,
                "box length",
                min_length,
                " u",
                DISTANCE,
                "L = length * (1 + speed / max_speed); the box is as wide as the agent's radius.",
            );
            number_ui(
                ui,
                cx,
                field.key,
                "braking",
                braking_weight,
                "",
                DISTANCE,
                "brake = (r - x) * braking, along the heading.",
            );
        }
    }
}

/// A formation slot: one offset or a shape with a spacing.
fn slot_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, slot: &mut Slot) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field.key, field.label, field.help);
        if let Some(v) = cx.marked(field.key, &label) {
            *slot = v;
        }
        let spacing = match *slot {
            Slot::Offset(_) => 30.0,
            Slot::Line(d) | Slot::Column(d) | Slot::Wedge(d) | Slot::Circle(d) => d,
        };
        let choices = [
            ("offset", Slot::Offset(Vec2::new(-30.0, 0.0))),
            ("line", Slot::Line(spacing)),
            ("column", Slot::Column(spacing)),
            ("wedge", Slot::Wedge(spacing)),
            ("circle", Slot::Circle(spacing)),
        ];
        let current = std::mem::discriminant(&*slot);
        egui::ComboBox::from_id_salt(ui.scope_id().with(field.key))
            .selected_text(
                choices
                    .iter()
                    .find(|(_, s)| std::mem::discriminant(s) == current)
                    .map_or("offset", |(n, _)| *n),
            )
            .show_ui(ui, |ui| {
                for (name, choice) in choices {
                    if ui
                        .selectable_label(std::mem::discriminant(&choice) == current, name)
                        .clicked()
                        && std::mem::discriminant(&choice) != current
                    {
                        *slot = choice;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    match slot {
        Slot::Offset(offset) => point_ui(
            ui,
            cx,
            field.key,
            "offset",
            offset,
            "In the leader's frame: x ahead, y to its right.",
        ),
        Slot::Line(d) | Slot::Column(d) | Slot::Wedge(d) | Slot::Circle(d) => number_ui(
            ui,
            cx,
            field.key,
            "spacing",
            d,
            " u",
            DISTANCE,
            "Distance between neighbouring slots (the circle's radius).",
        ),
    }
}

/// The form of path following and its look-ahead.
fn path_form_ui(ui: &mut Ui, cx: &Cx<'_>, field: &Field, form: &mut PathForm) {
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, field.key, field.label, field.help);
        if let Some(v) = cx.marked(field.key, &label) {
            *form = v;
        }
        if ui
            .radio(matches!(*form, PathForm::Predict { .. }), "predict")
            .clicked()
            && !matches!(*form, PathForm::Predict { .. })
        {
            *form = PathForm::default();
        }
        if ui
            .radio(matches!(*form, PathForm::Waypoints), "waypoints")
            .clicked()
        {
            *form = PathForm::Waypoints;
        }
    });
    if let PathForm::Predict {
        predict_secs,
        ahead,
    } = form
    {
        number_ui(
            ui,
            cx,
            field.key,
            "look ahead",
            predict_secs,
            " s",
            DISTANCE,
            "future = position + velocity * look ahead",
        );
        number_ui(
            ui,
            cx,
            field.key,
            "seek ahead",
            ahead,
            " u",
            -MAX_MAGNITUDE..=MAX_MAGNITUDE,
            "Seek the path point this far along from the agent's projection (negative: \
             backwards).",
        );
    }
}
