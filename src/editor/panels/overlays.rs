//! The overlay toggles, each with its colour swatch: they double as the legend of the canvas.

use egui::Color32;

use crate::sim::BehaviorKind;
use crate::view::palette::{
    APPLIED, DESIRED, FLOW, GRID, PREDICTION, RADIUS, SENSOR, VELOCITY, WANDER_CIRCLE,
    behavior_color,
};
use crate::view::{Overlays, Scope};

/// The toggles with their colour swatches: the legend.
// One swatch and toggle per overlay, in legend order.
#[allow(clippy::too_many_lines)]
pub fn overlays_ui(ui: &mut egui::Ui, overlays: &mut Overlays) {
    let Overlays {
        scope,
        velocity,
        desired,
        applied,
        behaviors,
        wander,
        radii,
        prediction,
        neighbors,
        trails,
        grid,
        sensors,
        guides,
        flow,
        ghosts,
        velocity_scale_secs,
        force_scale,
    } = overlays;
    ui.horizontal(|ui| {
        ui.label("Draw for");
        ui.selectable_value(scope, Scope::Selected, "selected");
        ui.selectable_value(scope, Scope::All, "all agents");
    });
    swatch_toggle_ui(
        ui,
        velocity,
        VELOCITY,
        "Velocity",
        "The agent's velocity, drawn as the distance covered in the velocity scale.",
    );
    swatch_toggle_ui(
        ui,
        desired,
        DESIRED,
        "Desired velocity",
        "velocity + combined steering: what the behaviors together ask for.",
    );
    swatch_toggle_ui(
        ui,
        applied,
        APPLIED,
        "Steering force (applied)",
        "After combination and truncation to max_force, before dividing by mass.",
    );
    swatch_toggle_ui(
        ui,
        wander,
        WANDER_CIRCLE,
        "Wander circle",
        "Circle centre = normalize(velocity) * circle_distance; \
         the point on it = centre + displacement.",
    );
    swatch_toggle_ui(
        ui,
        radii,
        RADIUS,
        "Slowing radius / panic distance",
        "Circles around the arrive and flee targets.",
    );
    swatch_toggle_ui(
        ui,
        prediction,
        PREDICTION,
        "Prediction point",
        "future = target.position + target.velocity * T (pursuit, evade).",
    );
    swatch_toggle_ui(
        ui,
        neighbors,
        RADIUS,
        "Neighbour radius",
        "The largest flocking radius of the agent's group.",
    );
    swatch_toggle_ui(
        ui,
        trails,
        Color32::from_gray(140),
        "Trails",
        "The last seconds of each agent's path, fading.",
    );
    swatch_toggle_ui(
        ui,
        grid,
        GRID,
        "Spatial grid",
        "The cells of the neighbour search: \
         one cell per largest neighbour radius, rebuilt every tick.",
    );
    swatch_toggle_ui(
        ui,
        sensors,
        SENSOR,
        "Sensors",
        "Feelers and their hits, the detection box, containment's probe, the closest approach \
         collision avoidance predicts, the zone ahead that queuing watches.",
    );
    swatch_toggle_ui(
        ui,
        guides,
        behavior_color(BehaviorKind::FollowPath),
        "Guides",
        "Path following's prediction, projection and point sought; formation slots, follow \
         points, hiding spots, interpose points.",
    );
    swatch_toggle_ui(
        ui,
        flow,
        FLOW,
        "Flow field",
        "The direction of each cell of the scene's flow fields.",
    );
    swatch_toggle_ui(
        ui,
        ghosts,
        crate::view::palette::GHOST,
        "Baseline ghosts",
        "The pinned baseline's agents, translucent, run tick for tick beside the live ones \
         (Compare › Pin baseline).",
    );
    ui.checkbox(behaviors, "Behavior forces (weighted)");
    if *behaviors {
        behavior_legend_ui(ui);
    }
    scales_ui(ui, velocity_scale_secs, force_scale);
}

/// The screen scales of velocity and force vectors.
fn scales_ui(ui: &mut egui::Ui, velocity_scale_secs: &mut f32, force_scale: &mut f32) {
    ui.add(
        egui::Slider::new(velocity_scale_secs, 0.05..=3.0)
            .logarithmic(true)
            .text("velocity scale")
            .suffix(" s"),
    )
    .on_hover_text("A velocity v is drawn as the distance v * this.");
    ui.add(
        egui::Slider::new(force_scale, 0.005..=5.0)
            .logarithmic(true)
            .text("force scale")
            .suffix(" s²"),
    )
    .on_hover_text("A force F is drawn F * this long (world units).");
}

/// One swatch per behavior, in priority order.
fn behavior_legend_ui(ui: &mut egui::Ui) {
    ui.indent("behavior legend", |ui| {
        for kind in BehaviorKind::ALL {
            ui.horizontal(|ui| {
                swatch_ui(ui, behavior_color(kind));
                ui.label(kind.field_name());
            });
        }
    });
}

fn swatch_ui(ui: &mut egui::Ui, color: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect.shrink(2.0), 2.0, color);
}

fn swatch_toggle_ui(ui: &mut egui::Ui, on: &mut bool, color: Color32, label: &str, tip: &str) {
    ui.horizontal(|ui| {
        swatch_ui(ui, color);
        ui.checkbox(on, label).on_hover_text(tip);
    });
}
