//! The inspector: every tunable parameter of the scene, each with its unit, a typed exact value
//! (click a value to type it), and the formula it feeds as a tooltip. It edits a draft of the
//! scene; the app validates the draft and hands it to the world for the next tick.

use egui::{DragValue, Ui};
use glam::Vec2;

use crate::scene::{Scene, fields};
use crate::sim::check::MAX_MAGNITUDE;
use crate::sim::params::{
    Alignment, Arrive, ArriveMode, AvoidObstacles, BehaviorKind, BlockCommon, Cohesion,
    Deceleration, Evade, Flee, Goal, Group, Prediction, Pursuit, Seek, Separation, Stamina, Target,
    Wander, WanderTarget,
};
use crate::sim::{BoundsMode, Combination};
use fields::Fields;

/// Each field of the scene as saved, at its default, and as it is now: what the inspector
/// marks as changed and what reset and revert restore.
#[derive(Debug)]
pub struct Marks {
    scene: Scene,
    saved_scene: Scene,
    saved: Fields,
    defaults: Fields,
    current: Fields,
    changes: Vec<fields::Change>,
}

impl Marks {
    /// The marks of `scene` against `saved`.
    #[must_use]
    pub fn new(scene: &Scene, saved: &Scene) -> Self {
        let saved_fields = fields::flatten(saved);
        let current = fields::flatten(scene);
        Self {
            scene: scene.clone(),
            saved_scene: saved.clone(),
            changes: fields::diff(&saved_fields, &current),
            saved: saved_fields,
            defaults: fields::flatten(&fields::defaults_like(scene)),
            current,
        }
    }

    /// Whether these marks were made for `scene` against `saved`.
    #[must_use]
    pub fn is_for(&self, scene: &Scene, saved: &Scene) -> bool {
        self.scene == *scene && self.saved_scene == *saved
    }

    /// Whether the field at `path` differs from the saved file.
    #[must_use]
    pub fn changed(&self, path: &str) -> bool {
        self.current.get(path) != self.saved.get(path)
    }

    /// Whether some field within `prefix` differs from the saved file.
    #[must_use]
    pub fn changed_within(&self, prefix: &str) -> bool {
        self.changes
            .iter()
            .any(|c| fields::is_within(&c.path, prefix))
    }

    /// Every changed field, with its saved and current value.
    #[must_use]
    pub fn changes(&self) -> &[fields::Change] {
        &self.changes
    }

    fn text(&self, source: Source, path: &str) -> Option<&String> {
        match source {
            Source::Default => self.defaults.get(path),
            Source::Saved => self.saved.get(path),
        }
    }

    fn value<T: serde::de::DeserializeOwned>(&self, source: Source, path: &str) -> Option<T> {
        fields::value(
            match source {
                Source::Default => &self.defaults,
                Source::Saved => &self.saved,
            },
            path,
        )
    }
}

/// Where a reset takes a field's value from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// The parameter's default.
    Default,
    /// The saved file.
    Saved,
}

/// Where the inspector is in the scene: the marks, and the path of the section being drawn.
pub struct Cx<'a> {
    marks: &'a Marks,
    prefix: String,
}

impl<'a> Cx<'a> {
    /// The root of the scene.
    #[must_use]
    pub fn new(marks: &'a Marks) -> Self {
        Self {
            marks,
            prefix: String::new(),
        }
    }

    /// The section `name` within this one (`groups[1]`, then `separation`).
    #[must_use]
    pub fn child(&self, name: &str) -> Self {
        Self {
            marks: self.marks,
            prefix: self.path(name),
        }
    }

    fn path(&self, field: &str) -> String {
        match (self.prefix.is_empty(), field.starts_with('[')) {
            (true, _) => field.to_owned(),
            (false, true) => format!("{}{field}", self.prefix),
            (false, false) => format!("{}.{field}", self.prefix),
        }
    }

    /// Draws the changed marker of `field` (a dot when it differs from the saved file, with the
    /// saved value as its tooltip) and gives the field's reset actions to `response`: a double
    /// click resets to the default, the context menu resets or reverts. Returns the value to
    /// set, if one was chosen.
    fn marked<T: serde::de::DeserializeOwned>(
        &self,
        ui: &mut Ui,
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
        });
        let _ = ui;
        chosen
    }

    /// The dot that marks a changed field, before its row.
    fn dot(&self, ui: &mut Ui, field: &str) {
        let path = self.path(field);
        let (rect, response) = ui.allocate_exact_size(egui::vec2(8.0, 8.0), egui::Sense::hover());
        if self.marks.changed(&path) {
            ui.painter()
                .circle_filled(rect.center(), 3.0, super::overlays::CHANGED);
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

/// A field's label, which reacts to double clicks and right clicks (reset and revert).
fn field_label(ui: &mut Ui, cx: &Cx<'_>, field: &str, text: &str, tip: &str) -> egui::Response {
    cx.dot(ui, field);
    ui.add(egui::Label::new(text).sense(egui::Sense::click()))
        .on_hover_text(format!(
            "{tip}\nDouble-click: reset to default. Right-click: reset or revert."
        ))
}

/// A labelled number with a unit and a tooltip; `field` is its name in the scene file.
#[allow(clippy::too_many_arguments)] // Each is one attribute of the row.
fn number(
    ui: &mut Ui,
    cx: &Cx<'_>,
    field: &str,
    label: &str,
    value: &mut f32,
    unit: &str,
    range: std::ops::RangeInclusive<f32>,
    tip: &str,
) {
    ui.horizontal(|ui| {
        let label = field_label(ui, cx, field, label, tip);
        if let Some(v) = cx.marked(ui, field, &label) {
            *value = v;
        }
        let speed = (value.abs() * 0.01).max(0.01);
        ui.add(
            DragValue::new(value)
                .range(range)
                .speed(speed)
                .max_decimals(6)
                .suffix(unit),
        )
        .labelled_by(label.id)
        .on_hover_text(tip);
    });
}

#[allow(clippy::too_many_arguments)] // Each is one attribute of the row.
fn optional_number(
    ui: &mut Ui,
    cx: &Cx<'_>,
    field: &str,
    label: &str,
    value: &mut Option<f32>,
    default: f32,
    unit: &str,
    tip: &str,
) {
    ui.horizontal(|ui| {
        cx.dot(ui, field);
        let mut on = value.is_some();
        let check = ui.checkbox(&mut on, label).on_hover_text(tip);
        if check.changed() {
            *value = on.then_some(value.unwrap_or(default));
        }
        if let Some(v) = cx.marked::<Option<f32>>(ui, field, &check) {
            *value = v;
        }
        if let Some(v) = value {
            let speed = (v.abs() * 0.01).max(0.01);
            ui.add(
                DragValue::new(v)
                    .range(0.0..=MAX_MAGNITUDE)
                    .speed(speed)
                    .max_decimals(6)
                    .suffix(unit),
            )
            .labelled_by(check.id)
            .on_hover_text(tip);
        }
    });
}

/// A checkbox for a boolean field, with its marker and reset actions.
fn flag(ui: &mut Ui, cx: &Cx<'_>, field: &str, value: &mut bool, label: &str) -> egui::Response {
    ui.horizontal(|ui| {
        cx.dot(ui, field);
        let response = ui.checkbox(value, label);
        if let Some(v) = cx.marked(ui, field, &response) {
            *value = v;
        }
        response
    })
    .inner
}

fn point(ui: &mut Ui, cx: &Cx<'_>, field: &str, label: &str, p: &mut Vec2, tip: &str) {
    ui.horizontal(|ui| {
        let label = field_label(ui, cx, field, label, tip);
        if let Some(v) = cx.marked(ui, field, &label) {
            *p = v;
        }
        ui.add(
            DragValue::new(&mut p.x)
                .range(-MAX_MAGNITUDE..=MAX_MAGNITUDE)
                .prefix("x ")
                .suffix(" u"),
        )
        .labelled_by(label.id);
        ui.add(
            DragValue::new(&mut p.y)
                .range(-MAX_MAGNITUDE..=MAX_MAGNITUDE)
                .prefix("y ")
                .suffix(" u"),
        )
        .labelled_by(label.id);
    });
}

fn target_ui(ui: &mut Ui, cx: &Cx<'_>, id: &str, target: &mut Target, groups: &[String]) {
    let text = match target {
        Target::Point(_) => "point".to_owned(),
        Target::Pointer => "pointer".to_owned(),
        Target::Click => "click target".to_owned(),
        Target::Center => "world centre".to_owned(),
        Target::Agent(id) => format!("agent {id}"),
        Target::Nearest(g) => format!("nearest {g}"),
    };
    ui.horizontal(|ui| {
        let label = field_label(ui, cx, "target", "target", "What this behavior steers for.");
        if let Some(v) = cx.marked(ui, "target", &label) {
            *target = v;
        }
        egui::ComboBox::from_id_salt(id)
            .selected_text(text)
            .show_ui(ui, |ui| {
                ui.selectable_value(target, Target::Click, "click target");
                ui.selectable_value(target, Target::Pointer, "pointer");
                ui.selectable_value(target, Target::Center, "world centre");
                if ui
                    .selectable_label(matches!(target, Target::Point(_)), "point")
                    .clicked()
                    && !matches!(target, Target::Point(_))
                {
                    *target = Target::Point(Vec2::ZERO);
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
            point(
                ui,
                cx,
                "target",
                "at",
                &mut q,
                "A fixed point of the world.",
            );
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

fn prediction_ui(ui: &mut Ui, cx: &Cx<'_>, p: &mut Prediction) {
    let Prediction {
        fixed_secs,
        max_secs,
    } = p;
    ui.horizontal(|ui| {
        let mut dynamic = fixed_secs.is_none();
        let label = field_label(
            ui,
            cx,
            "prediction.fixed_secs",
            "T",
            "future = target.position + target.velocity * T",
        );
        if let Some(v) = cx.marked(ui, "prediction.fixed_secs", &label) {
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
            ui.add(
                DragValue::new(t)
                    .range(0.0..=MAX_MAGNITUDE)
                    .speed(0.01)
                    .suffix(" s"),
            )
            .labelled_by(label.id);
        }
    });
    optional_number(
        ui,
        cx,
        "prediction.max_secs",
        "cap T at",
        max_secs,
        1.0,
        " s",
        "T = min(T, cap)",
    );
}

/// The own fields of the three flocking rules: the radius and the group filter.
fn flocking_fields(ui: &mut Ui, cx: &Cx<'_>, radius: &mut f32, own_group_only: &mut bool) {
    number(
        ui,
        cx,
        "radius",
        "radius",
        radius,
        " u",
        0.0..=MAX_MAGNITUDE,
        "Neighbour radius.",
    );
    flag(ui, cx, "own_group_only", own_group_only, "own group only");
}

/// The shared fields of a block: on/off, weight, probability.
fn common(
    ui: &mut Ui,
    cx: &Cx<'_>,
    enabled: &mut bool,
    weight: &mut f32,
    probability: &mut f32,
    dithering: bool,
) {
    ui.horizontal(|ui| {
        flag(ui, cx, "enabled", enabled, "on");
        let label = field_label(
            ui,
            cx,
            "weight",
            "weight",
            "force * weight before combination",
        );
        if let Some(v) = cx.marked(ui, "weight", &label) {
            *weight = v;
        }
        ui.add(
            DragValue::new(weight)
                .range(-MAX_MAGNITUDE..=MAX_MAGNITUDE)
                .speed(0.01)
                .max_decimals(6),
        )
        .labelled_by(label.id);
    });
    if dithering {
        number(
            ui,
            cx,
            "probability",
            "probability",
            probability,
            "",
            0.001..=1.0,
            "Prioritized dithering: evaluated with this chance; force * weight / probability.",
        );
    }
}

fn gate(ui: &mut Ui, cx: &Cx<'_>, range: &mut Option<f32>, exclusive: &mut bool) {
    optional_number(
        ui,
        cx,
        "range",
        "only within",
        range,
        100.0,
        " u",
        "Active only while the target is within this distance.",
    );
    flag(ui, cx, "exclusive", exclusive, "exclusive").on_hover_text(
        "While active, the behaviors after this one (in priority order) are skipped.",
    );
}

/// One behavior block, with an add/remove control. Returns nothing; edits in place.
fn block<T: Default + BlockCommon>(
    ui: &mut Ui,
    cx: &Cx<'_>,
    slot: &mut Option<T>,
    (kind, dithering): (BehaviorKind, bool),
    tip: &str,
    body: impl FnOnce(&mut Ui, &Cx<'_>, &mut T),
) {
    let name = kind.field_name();
    let cx = cx.child(name);
    match slot {
        None => {
            ui.horizontal(|ui| {
                ui.weak(name).on_hover_text(tip);
                if ui.small_button("add").on_hover_text(tip).clicked() {
                    *slot = Some(T::default());
                }
            });
        }
        Some(b) => {
            let mut remove = false;
            let id = ui.scope_id().with(name);
            egui::CollapsingHeader::new(
                egui::RichText::new(name).color(super::overlays::behavior_color(kind)),
            )
            .id_salt(id)
            .default_open(true)
            .show(ui, |ui| {
                ui.label(egui::RichText::new(tip).small().weak());
                let (enabled, weight, probability) = b.common_mut();
                common(ui, &cx, enabled, weight, probability, dithering);
                body(ui, &cx, b);
                remove = ui.small_button("remove").clicked();
            });
            if remove {
                *slot = None;
            }
        }
    }
}

/// The world section.
pub fn world_ui(ui: &mut Ui, cx: &Cx<'_>, scene: &mut Scene, time_scale: &mut f32) {
    let bounds = &mut scene.world.bounds;
    ui.horizontal(|ui| {
        let label = field_label(
            ui,
            cx,
            "world.bounds",
            "bounds",
            "What happens to an agent leaving the world.",
        );
        if let Some(v) = cx.marked(ui, "world.bounds", &label) {
            *bounds = v;
        }
        egui::ComboBox::from_id_salt("bounds")
            .selected_text(format!("{bounds:?}"))
            .show_ui(ui, |ui| {
                for b in [
                    BoundsMode::Wrap,
                    BoundsMode::Bounce,
                    BoundsMode::Respawn,
                    BoundsMode::Open,
                ] {
                    ui.selectable_value(bounds, b, format!("{b:?}"));
                }
            })
            .response
            .labelled_by(label.id);
    });
    number(
        ui,
        cx,
        "world.width",
        "width",
        &mut scene.world.width,
        " u",
        1.0..=MAX_MAGNITUDE,
        "World width (world units).",
    );
    number(
        ui,
        cx,
        "world.height",
        "height",
        &mut scene.world.height,
        " u",
        1.0..=MAX_MAGNITUDE,
        "World height (world units).",
    );
    number(
        ui,
        cx,
        "dt",
        "dt",
        &mut scene.dt,
        " s",
        1e-4..=1.0,
        "Tick length. velocity += force / mass * dt; position += velocity * dt.",
    );
    ui.horizontal(|ui| {
        let label = field_label(
            ui,
            cx,
            "seed",
            "seed",
            "Seed of every random draw. Applies on Restart.",
        );
        if let Some(v) = cx.marked(ui, "seed", &label) {
            scene.seed = v;
        }
        ui.add(DragValue::new(&mut scene.seed))
            .labelled_by(label.id);
    });
    number(
        ui,
        cx,
        "",
        "time scale",
        time_scale,
        "×",
        0.0..=8.0,
        "Simulated seconds per real second. Ticks stay whole: motion is the same at any frame rate.",
    );
}

/// One group's section.
#[allow(clippy::too_many_lines)] // One stanza per parameter, in file order.
pub fn group_ui(ui: &mut Ui, cx: &Cx<'_>, group: &mut Group, group_names: &[String]) {
    let Group {
        name: _,
        count,
        spawn: _,
        max_force,
        max_speed,
        mass,
        combination,
        stamina,
        avoid_obstacles,
        evade,
        flee,
        separation,
        pursuit,
        seek,
        arrive,
        goal,
        alignment,
        cohesion,
        wander,
        wander_target,
    } = group;
    ui.horizontal(|ui| {
        let label = field_label(
            ui,
            cx,
            "count",
            "count",
            "Number of agents. Applies on Restart.",
        );
        if let Some(v) = cx.marked(ui, "count", &label) {
            *count = v;
        }
        ui.add(DragValue::new(count).range(0..=crate::sim::check::MAX_GROUP_COUNT))
            .labelled_by(label.id);
    });
    number(
        ui,
        cx,
        "max_force",
        "max_force",
        max_force,
        "",
        0.0..=MAX_MAGNITUDE,
        "steering = truncate(sum of forces, max_force)",
    );
    number(
        ui,
        cx,
        "max_speed",
        "max_speed",
        max_speed,
        " u/s",
        0.0..=MAX_MAGNITUDE,
        "velocity = truncate(velocity + accel * dt, max_speed)",
    );
    number(
        ui,
        cx,
        "mass",
        "mass",
        mass,
        "",
        0.001..=MAX_MAGNITUDE,
        "accel = steering / mass. With force = desired - velocity, mass is the response time in seconds.",
    );
    ui.horizontal(|ui| {
        let label = field_label(ui, cx, "combination", "combination", "How the behaviors' forces combine into one steering force.");
        if let Some(v) = cx.marked(ui, "combination", &label) {
            *combination = v;
        }
        egui::ComboBox::from_id_salt(ui.scope_id().with("combination")).selected_text(format!("{combination:?}")).show_ui(ui, |ui| {
            ui.selectable_value(combination, Combination::WeightedSum, "WeightedSum").on_hover_text("truncate(sum of weight * force, max_force)");
            ui.selectable_value(combination, Combination::PrioritizedSum, "PrioritizedSum").on_hover_text("In priority order, add until max_force is spent.");
            ui.selectable_value(combination, Combination::PrioritizedDithering, "PrioritizedDithering").on_hover_text("In priority order, each evaluated with its probability; the first non-zero wins.");
        })
.response
.labelled_by(label.id);
    });
    let dithering = *combination == Combination::PrioritizedDithering;
    ui.horizontal(|ui| {
        let mut on = stamina.is_some();
        if ui
            .checkbox(&mut on, "stamina (hunter)")
            .on_hover_text("Rest +regen per tick up to max; pursue at -cost per tick; rest at 0.")
            .changed()
        {
            *stamina = on.then(Stamina::default);
        }
    });
    if let Some(s) = stamina {
        ui.indent("stamina", |ui| {
            number(
                ui,
                cx,
                "stamina.max",
                "max",
                &mut s.max,
                "",
                0.001..=MAX_MAGNITUDE,
                "Full stamina.",
            );
            number(
                ui,
                cx,
                "stamina.regen_per_tick",
                "regen",
                &mut s.regen_per_tick,
                " /tick",
                0.0..=MAX_MAGNITUDE,
                "Gained per tick of rest.",
            );
            number(
                ui,
                cx,
                "stamina.cost_per_tick",
                "cost",
                &mut s.cost_per_tick,
                " /tick",
                0.0..=MAX_MAGNITUDE,
                "Spent per tick of pursuit.",
            );
        });
    }
    ui.separator();
    ui.label(egui::RichText::new("Behaviors, in priority order").strong());
    block(
        ui,
        cx,
        avoid_obstacles,
        (BehaviorKind::AvoidObstacles, dithering),
        "force = mean(normalize(p - c)) * max_speed over obstacles within reach",
        |ui, cx, b: &mut AvoidObstacles| {
            number(
                ui,
                cx,
                "detection_distance",
                "detection",
                &mut b.detection_distance,
                " u",
                0.0..=MAX_MAGNITUDE,
                "|p - c| - radius <= detection",
            );
        },
    );
    block(
        ui,
        cx,
        evade,
        (BehaviorKind::Evade, dithering),
        "flee(target.position + target.velocity * T)",
        |ui, cx, b: &mut Evade| {
            target_ui(ui, cx, "evade target", &mut b.target, group_names);
            prediction_ui(ui, cx, &mut b.prediction);
            gate(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        cx,
        flee,
        (BehaviorKind::Flee, dithering),
        "desired = normalize(p - target) * max_speed; force = desired - v",
        |ui, cx, b: &mut Flee| {
            target_ui(ui, cx, "flee target", &mut b.target, group_names);
            optional_number(
                ui,
                cx,
                "panic_distance",
                "panic distance",
                &mut b.panic_distance,
                100.0,
                " u",
                "No force while the target is farther than this.",
            );
            flag(ui, cx, "exclusive", &mut b.exclusive, "exclusive");
        },
    );
    block(
        ui,
        cx,
        separation,
        (BehaviorKind::Separation, dithering),
        "force = mean(normalize(p - n.p)) * max_speed",
        |ui, cx, b: &mut Separation| {
            flocking_fields(ui, cx, &mut b.radius, &mut b.own_group_only);
        },
    );
    block(
        ui,
        cx,
        pursuit,
        (BehaviorKind::Pursuit, dithering),
        "seek(target.position + target.velocity * T)",
        |ui, cx, b: &mut Pursuit| {
            target_ui(ui, cx, "pursuit target", &mut b.target, group_names);
            prediction_ui(ui, cx, &mut b.prediction);
            gate(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        cx,
        seek,
        (BehaviorKind::Seek, dithering),
        "desired = normalize(target - p) * max_speed; force = desired - v",
        |ui, cx, b: &mut Seek| {
            target_ui(ui, cx, "seek target", &mut b.target, group_names);
            gate(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        cx,
        arrive,
        (BehaviorKind::Arrive, dithering),
        "seek that slows: inside the slowing radius, or by deceleration",
        |ui, cx, b: &mut Arrive| {
            target_ui(ui, cx, "arrive target", &mut b.target, group_names);
            let mode = &mut b.mode;
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
                ArriveMode::SlowingRadius(r) => number(
                    ui,
                    cx,
                    "mode",
                    "radius",
                    r,
                    " u",
                    0.0..=MAX_MAGNITUDE,
                    "Slowing radius.",
                ),
                ArriveMode::Deceleration(d) => {
                    ui.horizontal(|ui| {
                        ui.selectable_value(d, Deceleration::Slow, "slow (3)");
                        ui.selectable_value(d, Deceleration::Normal, "normal (2)");
                        ui.selectable_value(d, Deceleration::Fast, "fast (1)");
                    });
                }
            }
            gate(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        cx,
        goal,
        (BehaviorKind::Goal, dithering),
        "arrive(target, slowing_radius); seek when 0",
        |ui, cx, b: &mut Goal| {
            target_ui(ui, cx, "goal target", &mut b.target, group_names);
            number(
                ui,
                cx,
                "slowing_radius",
                "slowing radius",
                &mut b.slowing_radius,
                " u",
                0.0..=MAX_MAGNITUDE,
                "0 is plain seek.",
            );
        },
    );
    block(
        ui,
        cx,
        alignment,
        (BehaviorKind::Alignment, dithering),
        "force = mean(n.v) - v",
        |ui, cx, b: &mut Alignment| {
            flocking_fields(ui, cx, &mut b.radius, &mut b.own_group_only);
        },
    );
    block(
        ui,
        cx,
        cohesion,
        (BehaviorKind::Cohesion, dithering),
        "force = seek(mean(n.p))",
        |ui, cx, b: &mut Cohesion| {
            flocking_fields(ui, cx, &mut b.radius, &mut b.own_group_only);
        },
    );
    block(
        ui,
        cx,
        wander,
        (BehaviorKind::Wander, dithering),
        "force = normalize(v) * distance + (cos a, sin a) * radius; a += random * change - change / 2",
        |ui, cx, b: &mut Wander| {
            number(
                ui,
                cx,
                "circle_distance",
                "circle distance",
                &mut b.circle_distance,
                " u",
                0.0..=MAX_MAGNITUDE,
                "center = normalize(velocity) * circle_distance",
            );
            number(
                ui,
                cx,
                "circle_radius",
                "circle radius",
                &mut b.circle_radius,
                " u",
                0.0..=MAX_MAGNITUDE,
                "displacement = (cos a, sin a) * circle_radius",
            );
            let mut degrees = b.angle_change_rad.to_degrees();
            ui.horizontal(|ui| {
                let label = field_label(
                    ui,
                    cx,
                    "angle_change_rad",
                    "angle change",
                    "a += random * change - change / 2, per tick",
                );
                if let Some(v) = cx.marked::<f32>(ui, "angle_change_rad", &label) {
                    degrees = v.to_degrees();
                    b.angle_change_rad = v;
                }
                if ui
                    .add(
                        DragValue::new(&mut degrees)
                            .range(0.0..=57_295.0)
                            .speed(0.5)
                            .max_decimals(4)
                            .suffix("°/tick"),
                    )
                    .labelled_by(label.id)
                    .changed()
                {
                    b.angle_change_rad = degrees.to_radians();
                }
            });
        },
    );
    block(
        ui,
        cx,
        wander_target,
        (BehaviorKind::WanderTarget, dithering),
        "seek a random point, a new one every interval",
        |ui, cx, b: &mut WanderTarget| {
            number(
                ui,
                cx,
                "interval_secs",
                "interval",
                &mut b.interval_secs,
                " s",
                0.001..=MAX_MAGNITUDE,
                "Seconds between two random points.",
            );
        },
    );
}
