//! Which overlays the canvas draws, their colours, and the legend that toggles them.

use egui::Color32;

use crate::sim::BehaviorKind;

/// Colour of the applied steering force: red, as the C# seed draws it.
pub const APPLIED: Color32 = Color32::from_rgb(255, 45, 45);
/// Colour of the velocity vector.
pub const VELOCITY: Color32 = Color32::from_rgb(90, 170, 255);
/// Colour of the desired velocity.
pub const DESIRED: Color32 = Color32::from_rgb(190, 230, 255);
/// Colour of the wander circle.
pub const WANDER_CIRCLE: Color32 = Color32::from_rgb(150, 150, 150);
/// Colour of radius circles (slowing radius, panic distance, neighbour radius).
pub const RADIUS: Color32 = Color32::from_rgb(120, 200, 170);
/// Colour of prediction points.
pub const PREDICTION: Color32 = Color32::from_rgb(255, 170, 60);
/// Colour of the click target.
pub const CLICK: Color32 = Color32::from_rgb(255, 220, 80);
/// Colour of obstacles.
pub const OBSTACLE: Color32 = Color32::from_rgb(95, 100, 120);
/// Colour of the world boundary.
pub const BOUNDARY: Color32 = Color32::from_rgb(80, 90, 110);
/// Canvas background.
pub const BACKGROUND: Color32 = Color32::from_rgb(22, 25, 32);
/// Lines of the spatial grid.
pub const GRID: Color32 = Color32::from_rgb(60, 68, 88);
/// Highlight of the selected agent.
pub const SELECTION: Color32 = Color32::from_rgb(255, 255, 255);
/// The marker of a parameter changed since the file was saved.
pub const CHANGED: Color32 = Color32::from_rgb(255, 190, 60);

/// Group colours, in group order (repeating).
pub const GROUP_COLORS: [Color32; 8] = [
    Color32::from_rgb(100, 170, 255),
    Color32::from_rgb(255, 120, 110),
    Color32::from_rgb(120, 220, 130),
    Color32::from_rgb(240, 200, 90),
    Color32::from_rgb(200, 140, 255),
    Color32::from_rgb(90, 220, 220),
    Color32::from_rgb(255, 160, 210),
    Color32::from_rgb(200, 200, 200),
];

/// The colour of group `index`.
#[must_use]
pub fn group_color(index: usize) -> Color32 {
    GROUP_COLORS[index % GROUP_COLORS.len()]
}

/// Each behavior's force colour: wander grey, seek green, pursuit orange, evade red (the hunter
/// demo's colours), the rest distinct.
#[must_use]
pub fn behavior_color(kind: BehaviorKind) -> Color32 {
    match kind {
        BehaviorKind::Wander => Color32::from_rgb(170, 170, 170),
        BehaviorKind::Seek => Color32::from_rgb(60, 210, 80),
        BehaviorKind::Pursuit => Color32::from_rgb(255, 150, 30),
        BehaviorKind::Evade => Color32::from_rgb(230, 60, 90),
        BehaviorKind::Flee => Color32::from_rgb(240, 90, 230),
        BehaviorKind::Arrive => Color32::from_rgb(40, 200, 200),
        BehaviorKind::Goal => Color32::from_rgb(190, 240, 60),
        BehaviorKind::Separation => Color32::from_rgb(255, 230, 60),
        BehaviorKind::Alignment => Color32::from_rgb(90, 140, 255),
        BehaviorKind::Cohesion => Color32::from_rgb(170, 110, 255),
        BehaviorKind::AvoidObstacles => Color32::from_rgb(200, 140, 90),
        BehaviorKind::WanderTarget => Color32::from_rgb(220, 220, 220),
    }
}

/// Which agents the overlays are drawn for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Scope {
    /// Only the selected agent.
    Selected,
    /// Every agent.
    All,
}

/// The overlay toggles. Each one is a checkbox with its colour in the legend.
#[allow(clippy::struct_excessive_bools)] // Independent on/off switches, one per overlay.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Overlays {
    /// Which agents.
    pub scope: Scope,
    /// Velocity vector.
    pub velocity: bool,
    /// Desired velocity (velocity + combined steering).
    pub desired: bool,
    /// Applied steering force.
    pub applied: bool,
    /// Each behavior's weighted force.
    pub behaviors: bool,
    /// Wander circle, displacement and target point.
    pub wander: bool,
    /// Slowing radius and panic distance circles.
    pub radii: bool,
    /// Pursuit/evade prediction points.
    pub prediction: bool,
    /// Neighbour radius.
    pub neighbors: bool,
    /// Fading trails.
    pub trails: bool,
    /// The spatial grid of the neighbour search.
    pub grid: bool,
    /// Seconds of motion a velocity vector spans on screen.
    pub velocity_scale_secs: f32,
    /// Screen length of a force, in seconds² per mass (a force F draws as F · this).
    pub force_scale: f32,
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            scope: Scope::Selected,
            velocity: true,
            desired: false,
            applied: true,
            behaviors: true,
            wander: true,
            radii: true,
            prediction: true,
            neighbors: false,
            trails: true,
            grid: false,
            velocity_scale_secs: 0.5,
            force_scale: 0.25,
        }
    }
}

impl Overlays {
    /// Every overlay on, for every agent.
    #[must_use]
    pub fn all_on() -> Self {
        Self {
            scope: Scope::All,
            velocity: true,
            desired: true,
            applied: true,
            behaviors: true,
            wander: true,
            radii: true,
            prediction: true,
            neighbors: true,
            trails: true,
            grid: true,
            ..Self::default()
        }
    }

    /// The toggles with their colour swatches: the legend.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let Self {
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
            velocity_scale_secs,
            force_scale,
        } = self;
        ui.horizontal(|ui| {
            ui.label("Draw for");
            ui.selectable_value(scope, Scope::Selected, "selected");
            ui.selectable_value(scope, Scope::All, "all agents");
        });
        swatch_toggle(
            ui,
            velocity,
            VELOCITY,
            "Velocity",
            "The agent's velocity, drawn as the distance covered in the velocity scale.",
        );
        swatch_toggle(
            ui,
            desired,
            DESIRED,
            "Desired velocity",
            "velocity + combined steering: what the behaviors together ask for.",
        );
        swatch_toggle(
            ui,
            applied,
            APPLIED,
            "Steering force (applied)",
            "After combination and truncation to max_force, before dividing by mass.",
        );
        swatch_toggle(
            ui,
            wander,
            WANDER_CIRCLE,
            "Wander circle",
            "Circle centre = normalize(velocity) * circle_distance; the point on it = centre + displacement.",
        );
        swatch_toggle(
            ui,
            radii,
            RADIUS,
            "Slowing radius / panic distance",
            "Circles around the arrive and flee targets.",
        );
        swatch_toggle(
            ui,
            prediction,
            PREDICTION,
            "Prediction point",
            "future = target.position + target.velocity * T (pursuit, evade).",
        );
        swatch_toggle(
            ui,
            neighbors,
            RADIUS,
            "Neighbour radius",
            "The largest flocking radius of the agent's group.",
        );
        swatch_toggle(
            ui,
            trails,
            Color32::from_gray(140),
            "Trails",
            "The last seconds of each agent's path, fading.",
        );
        swatch_toggle(
            ui,
            grid,
            GRID,
            "Spatial grid",
            "The cells of the neighbour search: one cell per largest neighbour radius, rebuilt every tick.",
        );
        ui.checkbox(behaviors, "Behavior forces (weighted)");
        if *behaviors {
            behavior_legend_ui(ui);
        }
        scales_ui(ui, velocity_scale_secs, force_scale);
    }
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
                swatch(ui, behavior_color(kind));
                ui.label(kind.field_name());
            });
        }
    });
}

fn swatch(ui: &mut egui::Ui, color: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect.shrink(2.0), 2.0, color);
}

fn swatch_toggle(ui: &mut egui::Ui, on: &mut bool, color: Color32, label: &str, tip: &str) {
    ui.horizontal(|ui| {
        swatch(ui, color);
        ui.checkbox(on, label).on_hover_text(tip);
    });
}
