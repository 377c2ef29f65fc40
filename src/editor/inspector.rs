//! The inspector: every tunable parameter of the scene, each with its unit, a typed exact value
//! (click a value to type it), and the formula it feeds as a tooltip. It edits a draft of the
//! scene; the app validates the draft and hands it to the world for the next tick.

use egui::{DragValue, Ui};
use glam::Vec2;

use crate::scene::Scene;
use crate::sim::check::MAX_MAGNITUDE;
use crate::sim::params::{
    Alignment, Arrive, ArriveMode, AvoidObstacles, BehaviorKind, Cohesion, Deceleration, Evade,
    Flee, Goal, Group, Prediction, Pursuit, Seek, Separation, Stamina, Target, Wander,
    WanderTarget,
};
use crate::sim::{BoundsMode, Combination};

/// A labelled number with a unit and a tooltip.
fn number(
    ui: &mut Ui,
    label: &str,
    value: &mut f32,
    unit: &str,
    range: std::ops::RangeInclusive<f32>,
    tip: &str,
) {
    ui.horizontal(|ui| {
        let label = ui.label(label).on_hover_text(tip);
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

fn optional_number(
    ui: &mut Ui,
    label: &str,
    value: &mut Option<f32>,
    default: f32,
    unit: &str,
    tip: &str,
) {
    ui.horizontal(|ui| {
        let mut on = value.is_some();
        let check = ui.checkbox(&mut on, label).on_hover_text(tip);
        if check.changed() {
            *value = on.then_some(value.unwrap_or(default));
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

fn point(ui: &mut Ui, label: &str, p: &mut Vec2, tip: &str) {
    ui.horizontal(|ui| {
        let label = ui.label(label).on_hover_text(tip);
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

fn target_ui(ui: &mut Ui, id: &str, target: &mut Target, groups: &[String]) {
    let text = match target {
        Target::Point(_) => "point".to_owned(),
        Target::Pointer => "pointer".to_owned(),
        Target::Click => "click target".to_owned(),
        Target::Center => "world centre".to_owned(),
        Target::Agent(id) => format!("agent {id}"),
        Target::Nearest(g) => format!("nearest {g}"),
    };
    ui.horizontal(|ui| {
        let label = ui.label("target");
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
        Target::Point(p) => point(ui, "at", p, "A fixed point of the world."),
        Target::Agent(id) => {
            ui.horizontal(|ui| {
                let label = ui.label("agent id");
                ui.add(DragValue::new(id)).labelled_by(label.id);
            });
        }
        _ => {}
    }
}

fn prediction_ui(ui: &mut Ui, p: &mut Prediction) {
    let Prediction {
        fixed_secs,
        max_secs,
    } = p;
    ui.horizontal(|ui| {
        let mut dynamic = fixed_secs.is_none();
        let label = ui
            .label("T")
            .on_hover_text("future = target.position + target.velocity * T");
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
    optional_number(ui, "cap T at", max_secs, 1.0, " s", "T = min(T, cap)");
}

/// The fields of the three flocking rules: the shared ones, the radius and the group filter.
fn flocking_fields(
    ui: &mut Ui,
    enabled: &mut bool,
    weight: &mut f32,
    probability: &mut f32,
    radius: &mut f32,
    own_group_only: &mut bool,
    dithering: bool,
) {
    common(ui, enabled, weight, probability, dithering);
    number(
        ui,
        "radius",
        radius,
        " u",
        0.0..=MAX_MAGNITUDE,
        "Neighbour radius.",
    );
    ui.checkbox(own_group_only, "own group only");
}

/// The shared fields of a block: on/off, weight, probability.
fn common(
    ui: &mut Ui,
    enabled: &mut bool,
    weight: &mut f32,
    probability: &mut f32,
    dithering: bool,
) {
    ui.horizontal(|ui| {
        ui.checkbox(enabled, "on");
        let label = ui
            .label("weight")
            .on_hover_text("force * weight before combination");
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
            "probability",
            probability,
            "",
            0.001..=1.0,
            "Prioritized dithering: evaluated with this chance; force * weight / probability.",
        );
    }
}

fn gate(ui: &mut Ui, range: &mut Option<f32>, exclusive: &mut bool) {
    optional_number(
        ui,
        "only within",
        range,
        100.0,
        " u",
        "Active only while the target is within this distance.",
    );
    ui.checkbox(exclusive, "exclusive").on_hover_text(
        "While active, the behaviors after this one (in priority order) are skipped.",
    );
}

/// One behavior block, with an add/remove control. Returns nothing; edits in place.
fn block<T: Default>(
    ui: &mut Ui,
    slot: &mut Option<T>,
    kind: BehaviorKind,
    tip: &str,
    body: impl FnOnce(&mut Ui, &mut T),
) {
    let name = kind.field_name();
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
                body(ui, b);
                remove = ui.small_button("remove").clicked();
            });
            if remove {
                *slot = None;
            }
        }
    }
}

/// The world section.
pub fn world_ui(ui: &mut Ui, scene: &mut Scene, time_scale: &mut f32) {
    let bounds = &mut scene.world.bounds;
    ui.horizontal(|ui| {
        let label = ui
            .label("bounds")
            .on_hover_text("What happens to an agent leaving the world.");
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
        "width",
        &mut scene.world.width,
        " u",
        1.0..=MAX_MAGNITUDE,
        "World width (world units).",
    );
    number(
        ui,
        "height",
        &mut scene.world.height,
        " u",
        1.0..=MAX_MAGNITUDE,
        "World height (world units).",
    );
    number(
        ui,
        "dt",
        &mut scene.dt,
        " s",
        1e-4..=1.0,
        "Tick length. velocity += force / mass * dt; position += velocity * dt.",
    );
    ui.horizontal(|ui| {
        let label = ui
            .label("seed")
            .on_hover_text("Seed of every random draw. Applies on Restart.");
        ui.add(DragValue::new(&mut scene.seed))
            .labelled_by(label.id);
    });
    number(
        ui,
        "time scale",
        time_scale,
        "×",
        0.0..=8.0,
        "Simulated seconds per real second. Ticks stay whole: motion is the same at any frame rate.",
    );
}

/// One group's section.
#[allow(clippy::too_many_lines)] // One stanza per parameter, in file order.
pub fn group_ui(ui: &mut Ui, group: &mut Group, group_names: &[String]) {
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
        let label = ui
            .label("count")
            .on_hover_text("Number of agents. Applies on Restart.");
        ui.add(DragValue::new(count).range(0..=crate::sim::check::MAX_GROUP_COUNT))
            .labelled_by(label.id);
    });
    number(
        ui,
        "max_force",
        max_force,
        "",
        0.0..=MAX_MAGNITUDE,
        "steering = truncate(sum of forces, max_force)",
    );
    number(
        ui,
        "max_speed",
        max_speed,
        " u/s",
        0.0..=MAX_MAGNITUDE,
        "velocity = truncate(velocity + accel * dt, max_speed)",
    );
    number(
        ui,
        "mass",
        mass,
        "",
        0.001..=MAX_MAGNITUDE,
        "accel = steering / mass. With force = desired - velocity, mass is the response time in seconds.",
    );
    ui.horizontal(|ui| {
        let label = ui.label("combination").on_hover_text("How the behaviors' forces combine into one steering force.");
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
                "max",
                &mut s.max,
                "",
                0.001..=MAX_MAGNITUDE,
                "Full stamina.",
            );
            number(
                ui,
                "regen",
                &mut s.regen_per_tick,
                " /tick",
                0.0..=MAX_MAGNITUDE,
                "Gained per tick of rest.",
            );
            number(
                ui,
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
        avoid_obstacles,
        BehaviorKind::AvoidObstacles,
        "force = mean(normalize(p - c)) * max_speed over obstacles within reach",
        |ui, b: &mut AvoidObstacles| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            number(
                ui,
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
        evade,
        BehaviorKind::Evade,
        "flee(target.position + target.velocity * T)",
        |ui, b: &mut Evade| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            target_ui(ui, "evade target", &mut b.target, group_names);
            prediction_ui(ui, &mut b.prediction);
            gate(ui, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        flee,
        BehaviorKind::Flee,
        "desired = normalize(p - target) * max_speed; force = desired - v",
        |ui, b: &mut Flee| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            target_ui(ui, "flee target", &mut b.target, group_names);
            optional_number(
                ui,
                "panic distance",
                &mut b.panic_distance,
                100.0,
                " u",
                "No force while the target is farther than this.",
            );
            ui.checkbox(&mut b.exclusive, "exclusive");
        },
    );
    block(
        ui,
        separation,
        BehaviorKind::Separation,
        "force = mean(normalize(p - n.p)) * max_speed",
        |ui, b: &mut Separation| {
            flocking_fields(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                &mut b.radius,
                &mut b.own_group_only,
                dithering,
            );
        },
    );
    block(
        ui,
        pursuit,
        BehaviorKind::Pursuit,
        "seek(target.position + target.velocity * T)",
        |ui, b: &mut Pursuit| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            target_ui(ui, "pursuit target", &mut b.target, group_names);
            prediction_ui(ui, &mut b.prediction);
            gate(ui, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        seek,
        BehaviorKind::Seek,
        "desired = normalize(target - p) * max_speed; force = desired - v",
        |ui, b: &mut Seek| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            target_ui(ui, "seek target", &mut b.target, group_names);
            gate(ui, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        arrive,
        BehaviorKind::Arrive,
        "seek that slows: inside the slowing radius, or by deceleration",
        |ui, b: &mut Arrive| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            target_ui(ui, "arrive target", &mut b.target, group_names);
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
            gate(ui, &mut b.range, &mut b.exclusive);
        },
    );
    block(
        ui,
        goal,
        BehaviorKind::Goal,
        "arrive(target, slowing_radius); seek when 0",
        |ui, b: &mut Goal| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            target_ui(ui, "goal target", &mut b.target, group_names);
            number(
                ui,
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
        alignment,
        BehaviorKind::Alignment,
        "force = mean(n.v) - v",
        |ui, b: &mut Alignment| {
            flocking_fields(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                &mut b.radius,
                &mut b.own_group_only,
                dithering,
            );
        },
    );
    block(
        ui,
        cohesion,
        BehaviorKind::Cohesion,
        "force = seek(mean(n.p))",
        |ui, b: &mut Cohesion| {
            flocking_fields(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                &mut b.radius,
                &mut b.own_group_only,
                dithering,
            );
        },
    );
    block(
        ui,
        wander,
        BehaviorKind::Wander,
        "force = normalize(v) * distance + (cos a, sin a) * radius; a += random * change - change / 2",
        |ui, b: &mut Wander| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            number(
                ui,
                "circle distance",
                &mut b.circle_distance,
                " u",
                0.0..=MAX_MAGNITUDE,
                "center = normalize(velocity) * circle_distance",
            );
            number(
                ui,
                "circle radius",
                &mut b.circle_radius,
                " u",
                0.0..=MAX_MAGNITUDE,
                "displacement = (cos a, sin a) * circle_radius",
            );
            let mut degrees = b.angle_change_rad.to_degrees();
            ui.horizontal(|ui| {
                let label = ui
                    .label("angle change")
                    .on_hover_text("a += random * change - change / 2, per tick");
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
        wander_target,
        BehaviorKind::WanderTarget,
        "seek a random point, a new one every interval",
        |ui, b: &mut WanderTarget| {
            common(
                ui,
                &mut b.enabled,
                &mut b.weight,
                &mut b.probability,
                dithering,
            );
            number(
                ui,
                "interval",
                &mut b.interval_secs,
                " s",
                0.001..=MAX_MAGNITUDE,
                "Seconds between two random points.",
            );
        },
    );
}
