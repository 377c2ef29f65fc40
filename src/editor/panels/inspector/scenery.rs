//! The scenery section: the scene's paths (name, loop, radius), flow fields (cell size and the
//! base they are generated from), walls and placed agents. Drawing and dragging happen on the
//! canvas with the tools; the numbers are edited here.

use egui::{DragValue, Ui};
use glam::Vec2;

use super::widgets::{Cx, flag_ui, number_ui, point_ui};
use crate::scene::Scene;
use crate::sim::FieldPath;
use crate::sim::setup::check::MAX_MAGNITUDE;
use crate::sim::setup::settings::{
    AGENTS, BASE, CELL_SIZE, FLOW_FIELDS, LOOPED, PATH_RADIUS, PATHS, POSITION, VELOCITY,
};
use crate::sim::steer::params::FlowBase;

/// The scenery of `scene`, edited in place.
pub fn scenery_ui(ui: &mut Ui, cx: &Cx<'_>, scene: &mut Scene) {
    let group_names: Vec<String> = scene.groups.iter().map(|g| g.name.clone()).collect();
    paths_ui(ui, cx, scene);
    fields_ui(ui, cx, scene);
    ui.horizontal(|ui| {
        ui.label(format!("obstacles: {}", scene.obstacles.len()))
            .on_hover_text("Drag an obstacle on the canvas with the Select tool (V).");
        if ui
            .small_button("+ obstacle")
            .on_hover_text("An obstacle in the middle of the world, to drag into place.")
            .clicked()
        {
            crate::scene::add::add_obstacle(scene);
        }
        if !scene.obstacles.is_empty() && ui.small_button("remove all").clicked() {
            scene.obstacles.clear();
        }
    });
    ui.horizontal(|ui| {
        let level_edges = scene.level.walls().count();
        let text = if level_edges == 0 {
            format!("walls: {}", scene.walls.len())
        } else {
            format!(
                "walls: {} drawn, {level_edges} of the level",
                scene.walls.len()
            )
        };
        ui.label(text).on_hover_text(
            "Draw walls with the Walls tool (W). Every edge of the level's outline and blocks \
             is a wall too (the Level tool, L).",
        );
        if !scene.walls.is_empty() && ui.small_button("remove all").clicked() {
            scene.walls.clear();
        }
    });
    ui.label(format!("placed agents: {}", scene.agents.len()))
        .on_hover_text(
            "Agents that start exactly where they are placed (Agents tool, A), with ids 0, 1, \
             ... before the groups' own.",
        );
    let mut remove = None;
    for (k, placed) in scene.agents.iter_mut().enumerate() {
        let cx = cx.within(&FieldPath::root().key(AGENTS).index(k));
        ui.push_id(("placed", k), |ui| {
            ui.horizontal(|ui| {
                ui.label(format!("#{k}"));
                egui::ComboBox::from_id_salt("group")
                    .selected_text(placed.group.clone())
                    .show_ui(ui, |ui| {
                        for name in &group_names {
                            ui.selectable_value(&mut placed.group, name.clone(), name);
                        }
                    });
                if ui.small_button("remove").clicked() {
                    remove = Some(k);
                }
            });
            for (field, p) in [
                (&POSITION, &mut placed.position),
                (&VELOCITY, &mut placed.velocity),
            ] {
                point_ui(ui, &cx, field.key, field.label, p, field.help);
            }
        });
    }
    if let Some(k) = remove {
        scene.agents.remove(k);
    }
}

fn paths_ui(ui: &mut Ui, cx: &Cx<'_>, scene: &mut Scene) {
    ui.label(format!("paths: {}", scene.paths.len()))
        .on_hover_text("Draw paths with the Paths tool (P).");
    let mut remove = None;
    for (i, path) in scene.paths.iter_mut().enumerate() {
        let cx = cx.within(&FieldPath::root().key(PATHS).index(i));
        ui.push_id(("path", i), |ui| {
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut path.name).desired_width(90.0))
                    .on_hover_text("The name follow_path and containment use.");
                ui.weak(format!("{} points", path.points.len()));
                if ui.small_button("remove").clicked() {
                    remove = Some(i);
                }
            });
            flag_ui(ui, &cx, LOOPED.key, &mut path.looped, LOOPED.label).on_hover_text(LOOPED.help);
            number_ui(
                ui,
                &cx,
                PATH_RADIUS.key,
                PATH_RADIUS.label,
                &mut path.radius,
                PATH_RADIUS.unit,
                PATH_RADIUS.limit.control_range(),
                PATH_RADIUS.help,
            );
        });
    }
    if let Some(i) = remove {
        scene.paths.remove(i);
    }
}

fn fields_ui(ui: &mut Ui, cx: &Cx<'_>, scene: &mut Scene) {
    ui.horizontal(|ui| {
        ui.label(format!("flow fields: {}", scene.flow_fields.len()))
            .on_hover_text("Paint a field with the Flow tool (B).");
        if ui.small_button("add").clicked() {
            crate::scene::add::add_flow_field(scene);
        }
    });
    let mut remove = None;
    for (i, field) in scene.flow_fields.iter_mut().enumerate() {
        let cx = cx.within(&FieldPath::root().key(FLOW_FIELDS).index(i));
        ui.push_id(("field", i), |ui| {
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut field.name).desired_width(90.0))
                    .on_hover_text("The name follow_flow uses.");
                ui.weak(format!("{} painted", field.painted.len()));
                if !field.painted.is_empty() && ui.small_button("clear paint").clicked() {
                    field.painted.clear();
                }
                if ui.small_button("remove").clicked() {
                    remove = Some(i);
                }
            });
            number_ui(
                ui,
                &cx,
                CELL_SIZE.key,
                CELL_SIZE.label,
                &mut field.cell_size,
                CELL_SIZE.unit,
                1.0..=MAX_MAGNITUDE,
                CELL_SIZE.help,
            );
            base_ui(ui, &cx, &mut field.base);
        });
    }
    if let Some(i) = remove {
        scene.flow_fields.remove(i);
    }
}

/// The base a field is generated from.
fn base_ui(ui: &mut Ui, cx: &Cx<'_>, base: &mut FlowBase) {
    ui.horizontal(|ui| {
        ui.label(BASE.label).on_hover_text(BASE.help);
        let is = |b: &FlowBase, k: u8| {
            matches!(
                (b, k),
                (FlowBase::Uniform { .. }, 0)
                    | (FlowBase::Vortex { .. }, 1)
                    | (FlowBase::Noise { .. }, 2)
            )
        };
        if ui.radio(is(base, 0), "uniform").clicked() && !is(base, 0) {
            *base = FlowBase::Uniform { angle_deg: 0.0 };
        }
        if ui.radio(is(base, 1), "vortex").clicked() && !is(base, 1) {
            *base = FlowBase::Vortex {
                center: Vec2::new(400.0, 300.0),
                inward_deg: 0.0,
            };
        }
        if ui.radio(is(base, 2), "noise").clicked() && !is(base, 2) {
            *base = FlowBase::Noise {
                seed: 1,
                scale: 200.0,
            };
        }
    });
    match base {
        FlowBase::Uniform { angle_deg } => number_ui(
            ui,
            cx,
            BASE.key,
            "angle",
            angle_deg,
            "°",
            -360.0..=360.0,
            "Degrees from +x toward +y.",
        ),
        FlowBase::Vortex { center, inward_deg } => {
            point_ui(ui, cx, BASE.key, "centre", center, "The vortex's centre.");
            number_ui(
                ui,
                cx,
                BASE.key,
                "inward",
                inward_deg,
                "°",
                -90.0..=90.0,
                "0: circles; 90: straight in; negative: out.",
            );
        }
        FlowBase::Noise { seed, scale } => {
            ui.horizontal(|ui| {
                let label = ui.label("seed");
                ui.add(DragValue::new(seed)).labelled_by(label.id);
            });
            number_ui(
                ui,
                cx,
                BASE.key,
                "scale",
                scale,
                " u",
                crate::sim::setup::check::MIN_NOISE_SCALE..=MAX_MAGNITUDE,
                "World units between two random directions.",
            );
        }
    }
}
