//! The world section and one group's kinematics, combination and stamina.

use egui::{DragValue, Ui};
use glam::Vec2;

use crate::sim::FieldPath;

use super::blocks::{behaviors_ui, value_ui};
use super::widgets::{Cx, NameChoices, field_label_ui, number_ui, point_ui};
use crate::scene::Scene;
use crate::sim::BehaviorKind;
use crate::sim::setup::check::MAX_MAGNITUDE;
use crate::sim::setup::settings::{
    BOUNDS, DT, GROUPS, HEIGHT, MAX_NEIGHBORS_FIELD, SEED, WIDTH, WORLD,
};
use crate::sim::steer::params::{Group, Spawn};
use crate::sim::{BoundsMode, Combination};

/// The world section.
pub fn world_ui(ui: &mut Ui, cx: &Cx<'_>, scene: &mut Scene, time_scale: &mut f32) {
    let bounds = &mut scene.world.bounds;
    let world = cx.child(WORLD);
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, &world, BOUNDS.key, BOUNDS.label, BOUNDS.help);
        if let Some(v) = world.marked(BOUNDS.key, &label) {
            *bounds = v;
        }
        egui::ComboBox::from_id_salt(BOUNDS.key)
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
    for (field, value) in [
        (&WIDTH, &mut scene.world.width),
        (&HEIGHT, &mut scene.world.height),
    ] {
        number_ui(
            ui,
            &world,
            field.key,
            field.label,
            value,
            field.unit,
            1.0..=MAX_MAGNITUDE,
            field.help,
        );
    }
    number_ui(
        ui,
        cx,
        DT.key,
        DT.label,
        &mut scene.dt,
        DT.unit,
        DT.limit.range(),
        DT.help,
    );
    ui.horizontal(|ui| {
        let label = field_label_ui(ui, cx, SEED.key, SEED.label, SEED.help);
        if let Some(v) = cx.marked(SEED.key, &label) {
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
    use crate::editor::session::{MAX_TIME_SCALE, MIN_TIME_SCALE};
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
                .range(MIN_TIME_SCALE..=MAX_TIME_SCALE)
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
pub fn group_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    group: &mut Group,
    names: &NameChoices,
    actions: &mut Vec<crate::editor::action::Action>,
) -> Option<BehaviorKind> {
    // The neighbour cap matters only to the behaviors it bounds.
    let flocks = BehaviorKind::ALL
        .into_iter()
        .any(|k| k.uses_neighbor_cap() && group.has_block(k));
    let dithering = group.combination == Combination::PrioritizedDithering;
    ui.label(egui::RichText::new("Behaviors, in priority order").strong())
        .on_hover_text(
            "Each behavior's force, weighted, combines into the steering force; the first \
             has the highest priority (PrioritizedSum and PrioritizedDithering).",
        );
    let add = behaviors_ui(ui, cx, group, (names, dithering), actions);
    ui.separator();
    egui::CollapsingHeader::new(egui::RichText::new("Agents: count, speed, force").strong())
        .id_salt("agents of the group")
        .default_open(true)
        .show(ui, |ui| {
            group.own_fields(&mut |field, value| {
                if field.key != MAX_NEIGHBORS_FIELD.key || flocks {
                    value_ui(ui, cx, (GROUPS, field), value, names);
                }
            });
        });
    egui::CollapsingHeader::new(egui::RichText::new("Spawn: where its agents start").strong())
        .id_salt("spawn of the group")
        .default_open(false)
        .show(ui, |ui| {
            spawn_form_ui(ui, &mut group.spawn);
            spawn_fields_ui(
                ui,
                &cx.within(&FieldPath::root().key("spawn")),
                &mut group.spawn,
            );
        });
    add
}

/// Where a group's agents start: the form (an area, a point, a stream from a point). A new
/// form starts where the old one was.
fn spawn_form_ui(ui: &mut Ui, spawn: &mut Spawn) {
    const FORMS: [&str; 4] = ["Area", "At", "Stream", "Ring"];
    let form = match spawn {
        Spawn::Area { .. } => 0,
        Spawn::At { .. } => 1,
        Spawn::Stream { .. } => 2,
        Spawn::Ring { .. } => 3,
    };
    let mut chosen = form;
    ui.horizontal(|ui| {
        ui.label("form");
        egui::ComboBox::from_id_salt("spawn form")
            .selected_text(FORMS[form])
            .show_ui(ui, |ui| {
                for (k, name) in FORMS.iter().enumerate() {
                    ui.selectable_value(&mut chosen, k, *name);
                }
            })
            .response
            .on_hover_text(
                "Area: all at once, at random in a rectangle. At: all at once at one point. \
                 Stream: one at a time from a point. Ring: all at once, at rest, evenly \
                 around a circle.",
            );
    });
    if chosen != form {
        let (at, velocity) = match *spawn {
            Spawn::Area { min, max, .. } => ((min + max) * 0.5, Vec2::ZERO),
            Spawn::At { position, velocity }
            | Spawn::Stream {
                position, velocity, ..
            } => (position, velocity),
            Spawn::Ring { center, .. } => (center, Vec2::ZERO),
        };
        *spawn = match chosen {
            0 => Spawn::Area {
                min: at - Vec2::splat(50.0),
                max: at + Vec2::splat(50.0),
                speed: velocity.length(),
            },
            1 => Spawn::At {
                position: at,
                velocity,
            },
            2 => Spawn::Stream {
                position: at,
                velocity,
                interval_secs: 0.5,
            },
            _ => Spawn::Ring {
                center: at,
                radius: 100.0,
            },
        };
    }
}

/// A spawn's corners, point, speed or interval.
fn spawn_fields_ui(ui: &mut Ui, cx: &Cx<'_>, spawn: &mut Spawn) {
    match spawn {
        Spawn::Area { min, max, speed } => {
            point_ui(
                ui,
                cx,
                "min",
                "lower corner",
                min,
                "The area's lower corner (world units).",
            );
            point_ui(
                ui,
                cx,
                "max",
                "upper corner",
                max,
                "The area's upper corner (world units).",
            );
            number_ui(
                ui,
                cx,
                "speed",
                "speed",
                speed,
                " u/s",
                0.0..=MAX_MAGNITUDE,
                "Each agent's starting speed, in a random direction.",
            );
        }
        Spawn::At { position, velocity }
        | Spawn::Stream {
            position, velocity, ..
        } => {
            point_ui(
                ui,
                cx,
                "position",
                "position",
                position,
                "Where they start (a stream: each of them).",
            );
            point_ui(
                ui,
                cx,
                "velocity",
                "velocity",
                velocity,
                "Their starting velocity (u/s).",
            );
        }
        Spawn::Ring { center, radius } => {
            point_ui(
                ui,
                cx,
                "center",
                "centre",
                center,
                "The circle's centre (world units).",
            );
            number_ui(
                ui,
                cx,
                "radius",
                "radius",
                radius,
                " u",
                0.0..=MAX_MAGNITUDE,
                "The circle's radius: agent k of n starts k/n of a turn from +x, at rest.",
            );
        }
    }
    if let Spawn::Stream { interval_secs, .. } = spawn {
        number_ui(
            ui,
            cx,
            "interval_secs",
            "interval",
            interval_secs,
            " s",
            0.001..=MAX_MAGNITUDE,
            "Seconds between two agents.",
        );
    }
}
