//! The right panel: the overlay toggles (the legend) and the selected agent.

use egui::Ui;

use super::overlays::overlays_ui;
use crate::editor::action::Action;
use crate::scene::Scene;
use crate::sim::{BehaviorKind, World};
use crate::view::Overlays;

/// The right panel over one frame's state.
pub struct SidePanel<'a> {
    /// The live world.
    pub world: &'a World,
    /// The scene (for group names and stamina).
    pub scene: &'a Scene,
    /// The selected agent.
    pub selected: Option<u32>,
}

impl SidePanel<'_> {
    /// Shows the panel; the overlay toggles and `follow` are edited in place.
    pub fn ui(self, ui: &mut Ui, overlays: &mut Overlays, follow: &mut bool) -> Vec<Action> {
        let mut actions = Vec::new();
        // A narrow panel wraps its labels and shortens its sliders rather than spilling over
        // the canvas.
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        ui.spacing_mut().slider_width = (ui.available_width() - 150.0).clamp(40.0, 140.0);
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.heading("Overlays");
            let used: Vec<BehaviorKind> = BehaviorKind::ALL
                .into_iter()
                .filter(|&k| self.scene.groups.iter().any(|g| g.has_block(k)))
                .collect();
            overlays_ui(ui, overlays, &used);
            ui.separator();
            ui.heading("Selection");
            ui.horizontal_wrapped(|ui| {
                ui.label("agents of the group");
                if ui.button("Prev").clicked() {
                    actions.push(Action::CycleSelection(-1));
                }
                if ui.button("Next").clicked() {
                    actions.push(Action::CycleSelection(1));
                }
            });
            self.selection_ui(ui, follow, &mut actions);
            ui.separator();
            ui.weak(
                "Left click: place the click target. Drag the target, obstacles or agents. \
                 Shift+click: add an agent of the current group. Wheel: zoom. \
                 Right or middle drag: pan.",
            );
        });
        actions
    }

    fn selection_ui(&self, ui: &mut Ui, follow: &mut bool, actions: &mut Vec<Action>) {
        let world = self.world;
        let Some(i) = self.selected.and_then(|id| world.index_of(id)) else {
            ui.weak("Click an agent to select it.");
            return;
        };
        let agent = &world.agents()[i];
        let group = self.scene.groups.get(usize::from(agent.group));
        let name = group.map_or("", |g| g.name.as_str());
        ui.label(format!("agent {} ({name})", agent.id));
        ui.monospace(format!(
            "position ({:.1}, {:.1})",
            agent.position.x, agent.position.y
        ));
        ui.monospace(format!("speed    {:.2} u/s", agent.velocity.length()));
        ui.monospace(format!(
            "force    {:.2}",
            world.record(i).map_or(0.0, |r| r.applied.length())
        ));
        if group.is_some_and(|g| g.stamina.is_some()) {
            let resting = if agent.memory.pursuit.resting {
                " (resting)"
            } else {
                ""
            };
            ui.monospace(format!(
                "stamina  {:.0}{resting}",
                agent.memory.pursuit.stamina
            ));
        }
        ui.checkbox(follow, "follow");
        if ui.button("Remove agent").on_hover_text("Delete").clicked() {
            actions.push(Action::RemoveSelected);
        }
    }
}
