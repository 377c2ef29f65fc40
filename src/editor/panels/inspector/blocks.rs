//! Each behavior's block in the inspector: its own parameters, under the shared frame
//! ([`super::widgets::block_ui`]) that shows its formula from the registry.

use egui::{DragValue, Ui};

use super::extended as ext;
use super::widgets::{
    Cx, SceneNames, block_ui, field_label_ui, flag_ui, flocking_fields_ui, gate_ui, number_ui,
    optional_number_ui, prediction_ui, target_ui,
};
use crate::sim::check::MAX_MAGNITUDE;
use crate::sim::params::{
    Alignment, Arrive, ArriveMode, AvoidAgents, AvoidObstacles, AvoidWalls, BehaviorKind, Cohesion,
    Containment, Deceleration, Evade, Flee, FollowFlow, FollowLeader, FollowPath, Goal, Group,
    Hide, Interpose, OffsetPursuit, Pursuit, Queue, Seek, Separation, Wander, WanderTarget,
};

/// The behavior blocks of a group, in priority order, each with its formula and parameters.
#[allow(clippy::too_many_lines)] // One block per behavior, in priority order.
pub fn behaviors_ui(
    ui: &mut Ui,
    cx: &Cx<'_>,
    group: &mut Group,
    names: &SceneNames,
    dithering: bool,
) {
    let group_names = names.groups.as_slice();
    let Group {
        name: _,
        count: _,
        spawn: _,
        max_force: _,
        max_speed: _,
        mass: _,
        radius: _,
        combination: _,
        max_turn_rate_deg: _,
        heading_smoothing: _,
        stamina: _,
        avoid_walls,
        containment,
        avoid_obstacles,
        avoid_agents,
        evade,
        hide,
        flee,
        separation,
        pursuit,
        offset_pursuit,
        follow_leader,
        interpose,
        seek,
        arrive,
        goal,
        follow_path,
        follow_flow,
        alignment,
        cohesion,
        wander,
        wander_target,
        queue,
        max_neighbors: _,
    } = group;
    block_ui(
        ui,
        cx,
        avoid_walls,
        (BehaviorKind::AvoidWalls, dithering),
        |ui, cx, b: &mut AvoidWalls| ext::avoid_walls_ui(ui, cx, b),
    );
    block_ui(
        ui,
        cx,
        containment,
        (BehaviorKind::Containment, dithering),
        |ui, cx, b: &mut Containment| ext::containment_ui(ui, cx, b, names),
    );
    block_ui(
        ui,
        cx,
        avoid_obstacles,
        (BehaviorKind::AvoidObstacles, dithering),
        |ui, cx, b: &mut AvoidObstacles| ext::avoid_obstacles_ui(ui, cx, b),
    );
    block_ui(
        ui,
        cx,
        avoid_agents,
        (BehaviorKind::AvoidAgents, dithering),
        |ui, cx, b: &mut AvoidAgents| ext::avoid_agents_ui(ui, cx, b),
    );
    block_ui(
        ui,
        cx,
        evade,
        (BehaviorKind::Evade, dithering),
        |ui, cx, b: &mut Evade| {
            target_ui(ui, cx, "evade target", &mut b.target, group_names);
            prediction_ui(ui, cx, &mut b.prediction);
            gate_ui(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block_ui(
        ui,
        cx,
        hide,
        (BehaviorKind::Hide, dithering),
        |ui, cx, b: &mut Hide| ext::hide_ui(ui, cx, b, names),
    );
    block_ui(
        ui,
        cx,
        flee,
        (BehaviorKind::Flee, dithering),
        |ui, cx, b: &mut Flee| {
            target_ui(ui, cx, "flee target", &mut b.target, group_names);
            optional_number_ui(
                ui,
                cx,
                "panic_distance",
                "panic distance",
                &mut b.panic_distance,
                100.0,
                " u",
                "No force while the target is farther than this.",
            );
            flag_ui(ui, cx, "exclusive", &mut b.exclusive, "exclusive");
        },
    );
    block_ui(
        ui,
        cx,
        separation,
        (BehaviorKind::Separation, dithering),
        |ui, cx, b: &mut Separation| {
            flocking_fields_ui(ui, cx, &mut b.radius, &mut b.own_group_only);
        },
    );
    block_ui(
        ui,
        cx,
        pursuit,
        (BehaviorKind::Pursuit, dithering),
        |ui, cx, b: &mut Pursuit| {
            target_ui(ui, cx, "pursuit target", &mut b.target, group_names);
            prediction_ui(ui, cx, &mut b.prediction);
            gate_ui(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block_ui(
        ui,
        cx,
        offset_pursuit,
        (BehaviorKind::OffsetPursuit, dithering),
        |ui, cx, b: &mut OffsetPursuit| ext::offset_pursuit_ui(ui, cx, b, names),
    );
    block_ui(
        ui,
        cx,
        follow_leader,
        (BehaviorKind::FollowLeader, dithering),
        |ui, cx, b: &mut FollowLeader| ext::follow_leader_ui(ui, cx, b, names),
    );
    block_ui(
        ui,
        cx,
        interpose,
        (BehaviorKind::Interpose, dithering),
        |ui, cx, b: &mut Interpose| ext::interpose_ui(ui, cx, b, names),
    );
    block_ui(
        ui,
        cx,
        seek,
        (BehaviorKind::Seek, dithering),
        |ui, cx, b: &mut Seek| {
            target_ui(ui, cx, "seek target", &mut b.target, group_names);
            gate_ui(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block_ui(
        ui,
        cx,
        arrive,
        (BehaviorKind::Arrive, dithering),
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
                ArriveMode::SlowingRadius(r) => number_ui(
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
            number_ui(
                ui,
                cx,
                "dead_band",
                "dead band",
                &mut b.dead_band,
                " u",
                0.0..=MAX_MAGNITUDE,
                "Within this distance the agent only brakes (desired = 0): no hunting.",
            );
            gate_ui(ui, cx, &mut b.range, &mut b.exclusive);
        },
    );
    block_ui(
        ui,
        cx,
        goal,
        (BehaviorKind::Goal, dithering),
        |ui, cx, b: &mut Goal| {
            target_ui(ui, cx, "goal target", &mut b.target, group_names);
            number_ui(
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
    block_ui(
        ui,
        cx,
        follow_path,
        (BehaviorKind::FollowPath, dithering),
        |ui, cx, b: &mut FollowPath| ext::follow_path_ui(ui, cx, b, names),
    );
    block_ui(
        ui,
        cx,
        follow_flow,
        (BehaviorKind::FollowFlow, dithering),
        |ui, cx, b: &mut FollowFlow| ext::follow_flow_ui(ui, cx, b, names),
    );
    block_ui(
        ui,
        cx,
        alignment,
        (BehaviorKind::Alignment, dithering),
        |ui, cx, b: &mut Alignment| {
            flocking_fields_ui(ui, cx, &mut b.radius, &mut b.own_group_only);
        },
    );
    block_ui(
        ui,
        cx,
        cohesion,
        (BehaviorKind::Cohesion, dithering),
        |ui, cx, b: &mut Cohesion| {
            flocking_fields_ui(ui, cx, &mut b.radius, &mut b.own_group_only);
        },
    );
    block_ui(
        ui,
        cx,
        wander,
        (BehaviorKind::Wander, dithering),
        |ui, cx, b: &mut Wander| {
            number_ui(
                ui,
                cx,
                "circle_distance",
                "circle distance",
                &mut b.circle_distance,
                " u",
                0.0..=MAX_MAGNITUDE,
                "center = normalize(velocity) * circle_distance",
            );
            number_ui(
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
                let label = field_label_ui(
                    ui,
                    cx,
                    "angle_change_rad",
                    "angle change",
                    "a += random * change - change / 2, per tick",
                );
                if let Some(v) = cx.marked::<f32>("angle_change_rad", &label) {
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
    block_ui(
        ui,
        cx,
        wander_target,
        (BehaviorKind::WanderTarget, dithering),
        |ui, cx, b: &mut WanderTarget| {
            number_ui(
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
    block_ui(
        ui,
        cx,
        queue,
        (BehaviorKind::Queue, dithering),
        |ui, cx, b: &mut Queue| ext::queue_ui(ui, cx, b),
    );
}
