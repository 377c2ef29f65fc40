//! The overlay toggles, each with its colour swatch: they double as the legend of the canvas.

use egui::Color32;

use crate::scene::schema::{FORCE_SCALE_RANGE, VELOCITY_SCALE_RANGE};
use crate::sim::BehaviorKind;
use crate::view::palette::{
    APPLIED, DESIRED, FLOW, GRID, PREDICTION, RADIUS, SENSOR, VELOCITY, WANDER_CIRCLE,
    behavior_color,
};
use crate::view::{Overlay, Overlays, Scope};

/// The toggles with their colour swatches: the legend. One per overlay of [`Overlay::ALL`], in
/// its order; the behaviors' forces last, with a swatch per behavior the scene `used` under
/// them (the others behind "show all").
pub fn overlays_ui(ui: &mut egui::Ui, overlays: &mut Overlays, used: &[BehaviorKind]) {
    let Overlays {
        scope,
        shown,
        velocity_scale_secs,
        force_scale,
    } = overlays;
    ui.horizontal_wrapped(|ui| {
        ui.label("Draw for");
        ui.selectable_value(scope, Scope::Selected, "selected");
        ui.selectable_value(scope, Scope::All, "all agents");
    });
    for &overlay in Overlay::ALL {
        let Some(color) = swatch(overlay) else {
            continue;
        };
        let mut on = shown.contains(overlay);
        ui.horizontal(|ui| {
            swatch_ui(ui, color);
            if ui
                .checkbox(&mut on, overlay.label())
                .on_hover_text(overlay.help())
                .changed()
            {
                shown.set(overlay, on);
            }
        });
    }
    let mut behaviors = shown.contains(Overlay::Behaviors);
    if ui
        .checkbox(&mut behaviors, Overlay::Behaviors.label())
        .on_hover_text(Overlay::Behaviors.help())
        .changed()
    {
        shown.set(Overlay::Behaviors, behaviors);
    }
    if behaviors {
        behavior_legend_ui(ui, used);
    }
    scales_ui(ui, velocity_scale_secs, force_scale);
}

/// The colour an overlay's swatch shows (the behaviors' forces have one per behavior).
fn swatch(overlay: Overlay) -> Option<Color32> {
    Some(match overlay {
        Overlay::Velocity => VELOCITY,
        Overlay::Desired => DESIRED,
        Overlay::Applied => APPLIED,
        Overlay::Wander => WANDER_CIRCLE,
        Overlay::Radii | Overlay::Neighbors => RADIUS,
        Overlay::Prediction => PREDICTION,
        Overlay::Trails => Color32::from_gray(140),
        Overlay::Grid => GRID,
        Overlay::Sensors => SENSOR,
        Overlay::Guides => behavior_color(BehaviorKind::FollowPath),
        Overlay::Flow => FLOW,
        Overlay::Navmesh => crate::view::palette::ROUTE,
        Overlay::Ghosts => crate::view::palette::GHOST,
        Overlay::Names => crate::view::palette::group_color(0),
        Overlay::Behaviors => return None,
    })
}

/// The screen scales of velocity and force vectors. Each slider's name follows it on its line,
/// or under it when the panel is too narrow for both.
fn scales_ui(ui: &mut egui::Ui, velocity_scale_secs: &mut f32, force_scale: &mut f32) {
    let rows = [
        (
            velocity_scale_secs,
            VELOCITY_SCALE_RANGE,
            "velocity scale",
            " s",
            "A velocity v is drawn as the distance v * this.",
        ),
        (
            force_scale,
            FORCE_SCALE_RANGE,
            "force scale",
            " s²",
            "A force F is drawn F * this long (world units).",
        ),
    ];
    for (value, (low, high), name, suffix, tip) in rows {
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::Slider::new(value, low..=high)
                    .logarithmic(true)
                    .suffix(suffix),
            )
            .on_hover_text(tip);
            ui.label(name).on_hover_text(tip);
        });
    }
}

/// One swatch per behavior the scene uses, in priority order; every other behavior's behind
/// "show all".
fn behavior_legend_ui(ui: &mut egui::Ui, used: &[BehaviorKind]) {
    let id = ui.make_persistent_id("behavior legend shows all");
    let mut all = ui.data_mut(|d| *d.get_persisted_mut_or_default::<bool>(id));
    ui.indent("behavior legend", |ui| {
        if used.is_empty() {
            ui.weak("no group has a behavior");
        }
        for kind in BehaviorKind::ALL {
            if all || used.contains(&kind) {
                ui.horizontal(|ui| {
                    swatch_ui(ui, behavior_color(kind));
                    let label = ui.label(kind.field_name());
                    if !used.contains(&kind) {
                        label.on_hover_text("No group of this scene has it.");
                    }
                });
            }
        }
        let others = BehaviorKind::COUNT - used.len();
        if others > 0 {
            let text = if all {
                "show only the scene's".to_owned()
            } else {
                format!("show all ({others} more)")
            };
            if ui.small_button(text).clicked() {
                all = !all;
                ui.data_mut(|d| d.insert_persisted(id, all));
            }
        }
    });
}

fn swatch_ui(ui: &mut egui::Ui, color: Color32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
    ui.painter().rect_filled(rect.shrink(2.0), 2.0, color);
}
