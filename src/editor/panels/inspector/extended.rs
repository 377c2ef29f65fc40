//! The inspector rows of the behaviors beyond the tutorials: walls, containment, the detection
//! box, collision avoidance, hide, interpose, formations, leader following, paths and flow
//! fields.

use egui::Ui;
use glam::Vec2;

use super::widgets::{
    Cx, SceneNames, deceleration_ui, field_label_ui, name_choice_ui, number_ui, optional_number_ui,
    point_ui, target_field_ui, target_ui,
};
use crate::sim::check::MAX_MAGNITUDE;
use crate::sim::params::{
    AvoidAgents, AvoidForm, AvoidObstacles, AvoidWalls, Containment, FollowFlow, FollowLeader,
    FollowPath, Hide, Interpose, OffsetPursuit, PathForm, Queue, Region, Slot,
};

const DISTANCE: std::ops::RangeInclusive<f32> = 0.0..=MAX_MAGNITUDE;

pub fn avoid_walls_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut AvoidWalls) {
    number_ui(
        ui,
        cx,
        "feeler_length",
        "feeler length",
        &mut b.feeler_length,
        " u",
        DISTANCE,
        "Length of the front feeler.",
    );
    number_ui(
        ui,
        cx,
        "side_angle_deg",
        "side angle",
        &mut b.side_angle_deg,
        "°",
        0.0..=180.0,
        "Angle of the side feelers from the heading.",
    );
    number_ui(
        ui,
        cx,
        "side_scale",
        "side length",
        &mut b.side_scale,
        "×",
        DISTANCE,
        "Side feeler length as a share of the front one.",
    );
}

pub fn containment_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut Containment, names: &SceneNames) {
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "region",
            "region",
            "The world rectangle, or the polygon of a looped path.",
        );
        if let Some(v) = cx.marked("region", &label) {
            b.region = v;
        }
        let shown = match &b.region {
            Region::World => "world".to_owned(),
            Region::Path(name) => format!("path {name}"),
        };
        egui::ComboBox::from_id_salt(ui.scope_id().with("region"))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut b.region, Region::World, "world");
                for name in &names.closed_paths {
                    ui.selectable_value(
                        &mut b.region,
                        Region::Path(name.clone()),
                        format!("path {name}"),
                    );
                }
            })
            .response
            .labelled_by(label.id);
    });
    number_ui(
        ui,
        cx,
        "margin",
        "margin",
        &mut b.margin,
        " u",
        DISTANCE,
        "force = inward * (margin - depth) when the probe is within the margin.",
    );
    number_ui(
        ui,
        cx,
        "predict_secs",
        "look ahead",
        &mut b.predict_secs,
        " s",
        DISTANCE,
        "probe = position + velocity * look ahead",
    );
}

/// The form of obstacle avoidance and its parameters.
pub fn avoid_obstacles_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut AvoidObstacles) {
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "form",
            "form",
            "Radial: every obstacle within reach pushes away. Detection box: the obstacle \
             ahead pushes sideways and brakes.",
        );
        if let Some(v) = cx.marked("form", &label) {
            b.form = v;
        }
        if ui
            .radio(matches!(b.form, AvoidForm::Radial), "radial")
            .clicked()
        {
            b.form = AvoidForm::Radial;
        }
        if ui
            .radio(
                matches!(b.form, AvoidForm::DetectionBox { .. }),
                "detection box",
            )
            .clicked()
            && !matches!(b.form, AvoidForm::DetectionBox { .. })
        {
            b.form = AvoidForm::DetectionBox {
                min_length: 40.0,
                braking_weight: 0.2,
            };
        }
    });
    match &mut b.form {
        AvoidForm::Radial => number_ui(
            ui,
            cx,
            "detection_distance",
            "detection",
            &mut b.detection_distance,
            " u",
            DISTANCE,
            "|p - c| - radius <= detection",
        ),
        AvoidForm::DetectionBox {
            min_length,
            braking_weight,
        } => {
            number_ui(
                ui,
                cx,
                "form",
                "box length",
                min_length,
                " u",
                DISTANCE,
                "L = length * (1 + speed / max_speed); the box is as wide as the agent's radius.",
            );
            number_ui(
                ui,
                cx,
                "form",
                "braking",
                braking_weight,
                "",
                DISTANCE,
                "brake = (r - x) * braking, along the heading.",
            );
        }
    }
}

pub fn avoid_agents_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut AvoidAgents) {
    number_ui(
        ui,
        cx,
        "range",
        "range",
        &mut b.range,
        " u",
        DISTANCE,
        "Agents farther than this are ignored.",
    );
    number_ui(
        ui,
        cx,
        "min_time_secs",
        "look ahead",
        &mut b.min_time_secs,
        " s",
        DISTANCE,
        "Closest approaches further ahead than this are ignored.",
    );
}

pub fn hide_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut Hide, names: &SceneNames) {
    target_field_ui(
        ui,
        cx,
        ("target", "hunter"),
        "hide target",
        &mut b.target,
        &names.groups,
    );
    number_ui(
        ui,
        cx,
        "distance_from_boundary",
        "behind by",
        &mut b.distance_from_boundary,
        " u",
        DISTANCE,
        "spot = c + normalize(c - hunter) * (r + this)",
    );
    optional_number_ui(
        ui,
        cx,
        "range",
        "obstacles within",
        &mut b.range,
        300.0,
        " u",
        "Only obstacles whose centre is this close count; with none, the agent evades.",
    );
    deceleration_ui(ui, cx, &mut b.deceleration);
}

pub fn interpose_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut Interpose, names: &SceneNames) {
    target_field_ui(
        ui,
        cx,
        ("target", "between"),
        "interpose a",
        &mut b.target,
        &names.groups,
    );
    target_field_ui(
        ui,
        cx,
        ("other", "and"),
        "interpose b",
        &mut b.other,
        &names.groups,
    );
    deceleration_ui(ui, cx, &mut b.deceleration);
}

pub fn offset_pursuit_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut OffsetPursuit, names: &SceneNames) {
    target_field_ui(
        ui,
        cx,
        ("target", "leader"),
        "offset leader",
        &mut b.target,
        &names.groups,
    );
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "slot",
            "slot",
            "One offset for all, or a formation: each follower its own slot by rank.",
        );
        if let Some(v) = cx.marked("slot", &label) {
            b.slot = v;
        }
        let spacing = match b.slot {
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
        let current = std::mem::discriminant(&b.slot);
        egui::ComboBox::from_id_salt(ui.scope_id().with("slot"))
            .selected_text(
                choices
                    .iter()
                    .find(|(_, s)| std::mem::discriminant(s) == current)
                    .map_or("offset", |(n, _)| *n),
            )
            .show_ui(ui, |ui| {
                for (name, slot) in choices {
                    if ui
                        .selectable_label(std::mem::discriminant(&slot) == current, name)
                        .clicked()
                        && std::mem::discriminant(&slot) != current
                    {
                        b.slot = slot;
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
    match &mut b.slot {
        Slot::Offset(offset) => point_ui(
            ui,
            cx,
            "slot",
            "offset",
            offset,
            "In the leader's frame: x ahead, y to its right.",
        ),
        Slot::Line(d) | Slot::Column(d) | Slot::Wedge(d) | Slot::Circle(d) => number_ui(
            ui,
            cx,
            "slot",
            "spacing",
            d,
            " u",
            DISTANCE,
            "Distance between neighbouring slots (the circle's radius).",
        ),
    }
    deceleration_ui(ui, cx, &mut b.deceleration);
}

pub fn follow_leader_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut FollowLeader, names: &SceneNames) {
    target_ui(ui, cx, "follow leader", &mut b.target, &names.groups);
    for (field, label, value, tip) in [
        (
            "behind",
            "behind",
            &mut b.behind,
            "Follow point: leader - heading * behind.",
        ),
        (
            "sight_distance",
            "zone length",
            &mut b.sight_distance,
            "Followers leave the zone this long in front of the leader.",
        ),
        (
            "sight_half_width",
            "zone half width",
            &mut b.sight_half_width,
            "Half the width of that zone.",
        ),
        (
            "slowing_radius",
            "slowing radius",
            &mut b.slowing_radius,
            "Arrival at the follow point slows inside this radius.",
        ),
    ] {
        number_ui(ui, cx, field, label, value, " u", DISTANCE, tip);
    }
}

pub fn follow_path_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut FollowPath, names: &SceneNames) {
    name_choice_ui(
        ui,
        cx,
        (
            "path",
            "path",
            "The path to follow (draw one with the path tool, P).",
        ),
        &mut b.path,
        &names.paths,
    );
    ui.horizontal(|ui| {
        let label = field_label_ui(
            ui,
            cx,
            "form",
            "form",
            "Predict: steer back when the predicted position leaves the band. Waypoints: seek \
             each point in turn.",
        );
        if let Some(v) = cx.marked("form", &label) {
            b.form = v;
        }
        if ui
            .radio(matches!(b.form, PathForm::Predict { .. }), "predict")
            .clicked()
            && !matches!(b.form, PathForm::Predict { .. })
        {
            b.form = PathForm::default();
        }
        if ui
            .radio(matches!(b.form, PathForm::Waypoints), "waypoints")
            .clicked()
        {
            b.form = PathForm::Waypoints;
        }
    });
    if let PathForm::Predict {
        predict_secs,
        ahead,
    } = &mut b.form
    {
        number_ui(
            ui,
            cx,
            "form",
            "look ahead",
            predict_secs,
            " s",
            DISTANCE,
            "future = position + velocity * look ahead",
        );
        number_ui(
            ui,
            cx,
            "form",
            "seek ahead",
            ahead,
            " u",
            -MAX_MAGNITUDE..=MAX_MAGNITUDE,
            "Seek the path point this far along from the agent's projection (negative: \
             backwards).",
        );
    }
    number_ui(
        ui,
        cx,
        "slowing_radius",
        "slowing radius",
        &mut b.slowing_radius,
        " u",
        DISTANCE,
        "Arrival at the end of an open path slows inside this radius.",
    );
}

pub fn follow_flow_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut FollowFlow, names: &SceneNames) {
    name_choice_ui(
        ui,
        cx,
        ("field", "field", "The flow field to follow."),
        &mut b.field,
        &names.fields,
    );
    number_ui(
        ui,
        cx,
        "predict_secs",
        "look ahead",
        &mut b.predict_secs,
        " s",
        DISTANCE,
        "The field is read at position + velocity * look ahead.",
    );
}

pub fn queue_ui(ui: &mut Ui, cx: &Cx<'_>, b: &mut Queue) {
    for (field, label, value, tip) in [
        (
            "ahead",
            "look ahead",
            &mut b.ahead,
            "ahead point = position + heading * ahead.",
        ),
        (
            "radius",
            "zone radius",
            &mut b.radius,
            "Blocked when another agent is within this radius of the ahead point.",
        ),
    ] {
        number_ui(ui, cx, field, label, value, " u", DISTANCE, tip);
    }
    number_ui(
        ui,
        cx,
        "brake",
        "brake",
        &mut b.brake,
        "",
        0.0..=1.0,
        "While blocked, along the heading h: force = -h * (brake * max(0, steering . h) + \
         max(0, velocity . h)) (steering: what the behaviors before it asked for).",
    );
}
