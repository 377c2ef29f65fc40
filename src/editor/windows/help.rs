//! Help: "start here" (what the editor is and three things to try, shown on the first launch)
//! and every shortcut, from the one table (F1 or ?). Both fit a small window and scroll.

use crate::editor::shortcuts::TABLE;

/// What each part of the editor is, and three things to try first.
const START: &[(&str, &str)] = &[
    (
        "Canvas (middle)",
        "The live simulation. Click to move the click target; drag obstacles, targets and \
         agents; click an agent to select it. Wheel zooms, right drag pans.",
    ),
    (
        "Inspector (left)",
        "The scene, then the group shown: its behaviors in priority order (switch, weight, \
         every field with its unit) and the group's own numbers. A dot marks a field changed \
         since saving; double-click a label to reset it.",
    ),
    (
        "Overlays (right)",
        "What the canvas draws, each with its colour: velocity, forces, radii, sensors. They \
         are the legend too.",
    ),
    (
        "Plots (bottom)",
        "The selected agent's speed and forces over time, and the group's flocking numbers.",
    ),
];

/// Three first steps.
const TRY: &[&str] = &[
    "Presets › Tutorials › hunter_and_prey, then click a hunter: its pursuit and its stamina in the plots.",
    "In the inspector, drag a behavior's weight and watch its coloured force on the canvas.",
    "Compare › Pin baseline, change a field, then Compare › Metrics: before and after.",
];

fn start_ui(ui: &mut egui::Ui) {
    egui::Grid::new("start here").num_columns(2).show(ui, |ui| {
        for (part, what) in START {
            ui.strong(*part);
            ui.add(egui::Label::new(*what).wrap());
            ui.end_row();
        }
    });
    ui.add_space(6.0);
    ui.strong("Try these");
    for (k, step) in TRY.iter().enumerate() {
        ui.add(egui::Label::new(format!("{}. {step}", k + 1)).wrap());
    }
}

/// The largest height a help window takes: the screen less room for the title bar.
fn max_height(ctx: &egui::Context) -> f32 {
    (ctx.content_rect().height() - 120.0).max(120.0)
}

/// The "start here" window, shown once on the first launch (and from Help).
pub struct StartWindow;

impl StartWindow {
    /// Shows the window while `open`; "Got it" closes it.
    pub fn ui(self, ctx: &egui::Context, open: &mut bool) {
        let mut close = false;
        let fits = super::place::fitting_width(ctx, f32::INFINITY);
        egui::Window::new("Start here")
            .open(open)
            .collapsible(false)
            .default_width(520.0_f32.min(fits))
            .max_width(fits)
            .max_height(max_height(ctx))
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.label(
                        "steerlab runs steering behaviors live: every force is drawn as an \
                         arrow, and a tuned scene saves as a RON preset a game plays back.",
                    );
                    ui.add_space(6.0);
                    start_ui(ui);
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        close = ui.button("Got it").clicked();
                        let help = crate::editor::shortcuts::row_of(
                            &crate::editor::action::Action::ToggleHelp,
                        )
                        .and_then(|row| row.triggers_on(crate::editor::shortcuts::WEB).first())
                        .map(|t| t.label())
                        .unwrap_or_default();
                        ui.weak(format!(
                            "Help › Start here shows this again; {help} lists every key."
                        ));
                    });
                });
            });
        if close {
            *open = false;
        }
    }
}

/// The help window.
pub struct HelpWindow;

impl HelpWindow {
    /// Shows the window while `open`.
    pub fn ui(self, ctx: &egui::Context, open: &mut bool) {
        egui::Window::new("Keyboard and mouse")
            .max_width(super::place::fitting_width(ctx, f32::INFINITY))
            .open(open)
            .collapsible(false)
            .resizable(false)
            .max_height(max_height(ctx))
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    egui::CollapsingHeader::new("Start here")
                        .default_open(false)
                        .show(ui, start_ui);
                    egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                        for row in TABLE {
                            ui.monospace(row.keys_label());
                            ui.label(row.what_here());
                            ui.end_row();
                        }
                    });
                });
            });
    }
}
