//! The world section and one group's kinematics, combination and stamina.

use egui::{DragValue, Ui};

use super::blocks::behaviors_ui;
use super::widgets::{Cx, SceneNames, field_label_ui, number_ui, optional_number_ui};
use crate::scene::Scene;
use crate::sim::check::MAX_MAGNITUDE;
use crate::sim::params::{BehaviorKind, Group, Stamina};
use crate::sim::{BoundsMode, Combination};

/// The world section.
pub fn world_ui(ui: &mut Ui, cx: &Cx<'_>, scene: &mut Scene, time_scale: &mut f32) {
    let bounds = &mut scene.world.bounds;
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "world.bounds",
            "bounds",
            "What happens to an agent leaving the world.",
        );
        if let Some(v) = cx.marked("world.bounds", &label) {
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
    number_ui(
        ui,
        cx,
        "world.width",
        "width",
        &mut scene.world.width,
        " u",
        1.0..=MAX_MAGNITUDE,
        "World width (world units).",
    );
    number_ui(
        ui,
        cx,
        "world.height",
        "height",
        &mut scene.world.height,
        " u",
        1.0..=MAX_MAGNITUDE,
        "World height (world units).",
    );
    number_ui(
        ui,
        cx,
        "dt",
        "dt",
        &mut scene.dt,
        " s",
        crate::sim::check::MIN_DT_SECS..=crate::sim::check::MAX_DT_SECS,
        "Tick length. velocity += force / mass * dt; position += velocity * dt.",
    );
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "seed",
            "seed",
            "Seed of every random draw. Applies on Restart.",
        );
        if let Some(v) = cx.marked("seed", &label) {
            scene.seed = v;
        }
        ui.add(DragValue::new(&mut scene.seed))
            .labelled_by(label.id);
    });
    time_scale_ui(ui, time_scale);
}

/// The time scale: not a scene field but the session's, so it has no changed marker and
/// resets to 1× (double-click or right-click its label).
fn time_scale_ui(ui: &mut Ui, time_scale: &mut f32) {
    const TIP: &str = "Simulated seconds per real second. \
        Ticks stay whole: motion is the same at any frame rate.";
    ui.horizontal(|ui| {
        // The place of the changed marker, so the row lines up with the fields above it.
        ui.allocate_exact_size(egui::vec2(8.0, 8.0), egui::Sense::hover());
        let label = ui
            .add(egui::Label::new("time scale").sense(egui::Sense::click()))
            .on_hover_text(format!(
                "{TIP}\nDouble-click: reset to default. Right-click: reset or revert."
            ));
        if label.double_clicked() {
            *time_scale = 1.0;
        }
        label.context_menu(|ui| {
            if ui.button("Reset to default (1×)").clicked() {
                *time_scale = 1.0;
                ui.close();
            }
        });
        let speed = (time_scale.abs() * 0.01).max(0.01);
        ui.add(
            DragValue::new(time_scale)
                .range(0.0..=8.0)
                .speed(speed)
                .max_decimals(6)
                .suffix("×"),
        )
        .labelled_by(label.id)
        .on_hover_text(TIP);
    });
}

/// One group's section: its own parameters, then its behaviors. Returns the behavior whose
/// "add" was clicked.
#[allow(clippy::too_many_lines)] // One stanza per parameter, in file order.
pub fn group_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    group: &mut Group,
    names: &SceneNames,
) -> Option<BehaviorKind> {
    // The neighbour cap matters to the flocking rules alone.
    let flocks = [
        BehaviorKind::Separation,
        BehaviorKind::Alignment,
        BehaviorKind::Cohesion,
    ]
    .into_iter()
    .any(|k| group.has_block(k));
    let Group {
        count,
        max_force,
        max_speed,
        mass,
        radius,
        combination,
        max_turn_rate_deg,
        heading_smoothing,
        stamina,
        max_neighbors,
        ..
    } = group;
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "count",
            "count",
            "Number of agents. Applies on Restart.",
        );
        if let Some(v) = cx.marked("count", &label) {
            *count = v;
        }
        ui.add(DragValue::new(count).range(0..=crate::sim::check::MAX_GROUP_COUNT))
            .labelled_by(label.id);
    });
    number_ui(
        ui,
        cx,
        "max_force",
        "max_force",
        max_force,
        "",
        0.0..=MAX_MAGNITUDE,
        "steering = truncate(sum of forces, max_force)",
    );
    number_ui(
        ui,
        cx,
        "max_speed",
        "max_speed",
        max_speed,
        " u/s",
        0.0..=MAX_MAGNITUDE,
        "velocity = truncate(velocity + accel * dt, max_speed)",
    );
    number_ui(
        ui,
        cx,
        "mass",
        "mass",
        mass,
        "",
        0.001..=MAX_MAGNITUDE,
        "accel = steering / mass. \
         With force = desired - velocity, mass is the response time in seconds.",
    );
    number_ui(
        ui,
        cx,
        "radius",
        "body radius",
        radius,
        " u",
        0.0..=MAX_MAGNITUDE,
        "The body's radius: the detection box's half width, what collision avoidance keeps \
         apart.",
    );
    combination_ui(ui, cx, combination);
    optional_number_ui(
        ui,
        cx,
        "max_turn_rate_deg",
        "max turn rate",
        max_turn_rate_deg,
        180.0,
        "°/s",
        "The velocity turns at most this fast; a sharper turn is spread over later ticks.",
    );
    heading_smoothing_ui(ui, cx, heading_smoothing);
    if flocks {
        max_neighbors_ui(ui, cx, max_neighbors);
    }
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
            number_ui(
                ui,
                cx,
                "stamina.max",
                "max",
                &mut s.max,
                "",
                0.001..=MAX_MAGNITUDE,
                "Full stamina.",
            );
            number_ui(
                ui,
                cx,
                "stamina.regen_per_tick",
                "regen",
                &mut s.regen_per_tick,
                " /tick",
                0.0..=MAX_MAGNITUDE,
                "Gained per tick of rest.",
            );
            number_ui(
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
    behaviors_ui(ui, cx, group, names, dithering)
}

/// How the group's forces combine, with each method's rule as its tooltip.
fn combination_ui(ui: &mut Ui, cx: &Cx<'_>, combination: &mut Combination) {
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
        let label = field_label_ui(
            ui,
            cx,
            "combination",
            "combination",
            "How the behaviors' forces combine into one steering force.",
        );
        if let Some(v) = cx.marked("combination", &label) {
            *combination = v;
        }
        egui::ComboBox::from_id_salt(ui.scope_id().with("combination"))
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

/// Buckland's heading smoother: agents drawn along the mean of their last N headings.
fn heading_smoothing_ui(ui: &mut Ui, cx: &Cx<'_>, value: &mut Option<u32>) {
    const TIP: &str = "Draw agents along the mean of their last N headings (the drawing only).";
    ui.horizontal(|ui| {
        cx.dot_ui(ui, "heading_smoothing");
        let mut on = value.is_some();
        let check = ui.checkbox(&mut on, "smooth heading").on_hover_text(TIP);
        if check.changed() {
            *value = on.then_some(value.unwrap_or(8));
        }
        if let Some(v) = cx.marked::<Option<u32>>("heading_smoothing", &check) {
            *value = v;
        }
        if let Some(n) = value {
            ui.add(
                DragValue::new(n)
                    .range(1..=crate::sim::check::MAX_HEADING_SMOOTHING)
                    .suffix(" ticks"),
            )
            .labelled_by(check.id)
            .on_hover_text(TIP);
        }
    });
}

/// The cap on the neighbours a flocking agent considers.
fn max_neighbors_ui(ui: &mut Ui, cx: &Cx<'_>, max_neighbors: &mut u32) {
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "max_neighbors",
            "max neighbours",
            "When more agents are within the largest flocking radius, only the nearest this \
             many count (ties: the lower agent id).",
        );
        if let Some(v) = cx.marked("max_neighbors", &label) {
            *max_neighbors = v;
        }
        ui.add(DragValue::new(max_neighbors).range(1..=crate::sim::check::MAX_NEIGHBORS))
            .labelled_by(label.id);
    });
}
