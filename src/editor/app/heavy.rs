//! A scene too heavy to run in real time here: its first ticks each take longer than its tick
//! (`dt`) of simulated time ([`crate::editor::session::Heavy`]). It opens paused, with the
//! per-agent overlays drawn for the selected agent only (a crowd's arrows and trails cost
//! more to draw than its ticks), and a line over the canvas says so and offers to lower the
//! counts to what fits (one undo step) or to play anyway. The same on the desktop and in a web
//! page, where a frame that does not end holds the whole tab.

use super::EditorApp;
use crate::editor::action::{Action, HeavyAnswer};
use crate::editor::session::Heavy;
use crate::scene::Scene;
use crate::sim::model::text::thousands;
use crate::view::Scope;

/// The share of the tick that lowered counts aim at: room for the frame's other work.
const FIT_SHARE: f64 = 0.8;

/// What the line over the canvas says of a heavy scene.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HeavyNotice {
    heavy: Heavy,
    /// Agents in the world now.
    agents: usize,
    /// The scene with its counts lowered to fit, and its agents, when lowering changes them.
    lowered: Option<(Scene, usize)>,
    /// The overlays were for every agent: now for the selected one.
    narrowed: bool,
}

/// `scene` with each group's count scaled by `factor` (at most 1; a group keeps at least one
/// agent when it had any), and the agents it would have, placed agents included.
#[must_use]
pub fn lowered_counts(scene: &Scene, factor: f64) -> (Scene, usize) {
    let factor = factor.clamp(0.0, 1.0);
    let mut lowered = scene.clone();
    for group in &mut lowered.groups {
        if group.count > 0 {
            // A count times a factor within [0, 1]: within u32.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let count = (f64::from(group.count) * factor).floor() as u32;
            group.count = count.max(1);
        }
    }
    let agents = lowered
        .groups
        .iter()
        .map(|g| g.count as usize)
        .sum::<usize>()
        + lowered.agents.len();
    (lowered, agents)
}

impl EditorApp {
    /// After the frame's ticks: a world just found too heavy pauses (the session did) and is
    /// said to be; a heavy scene played anyway is no longer talked about.
    pub(super) fn notice_heavy(&mut self) {
        if let Some(heavy) = self.session.heavy.take() {
            let narrowed = self.overlays.scope == Scope::All;
            if narrowed {
                self.overlays.scope = Scope::Selected;
            }
            let agents = self.session.world.agents().len();
            let (scene, after) = lowered_counts(
                self.doc.scene(),
                FIT_SHARE * heavy.dt_secs / heavy.tick_secs,
            );
            let lowered = (after < agents).then_some((scene, after));
            self.heavy = Some(HeavyNotice {
                heavy,
                agents,
                lowered,
                narrowed,
            });
            "Too heavy for real time here: opened paused".clone_into(&mut self.files.status);
        }
        if self.heavy.is_some() && self.session.playing {
            self.play_heavy_anyway();
        }
    }

    /// The heavy scene plays as it is: its next worlds are not timed until another scene
    /// opens.
    fn play_heavy_anyway(&mut self) {
        self.heavy = None;
        self.session.heavy_check = crate::editor::session::HeavyCheck::Off;
        self.session.playing = true;
    }

    /// What the line over the canvas asked for.
    pub(super) fn heavy_answer(&mut self, answer: HeavyAnswer) {
        match answer {
            HeavyAnswer::Lower => {
                let Some((scene, agents)) = self.heavy.take().and_then(|n| n.lowered) else {
                    return;
                };
                self.apply_draft(scene);
                self.session.playing = true;
                self.files.status = format!(
                    "Lowered the counts to {} agents to run in real time (Undo goes back)",
                    thousands(agents as u64)
                );
            }
            HeavyAnswer::PlayAnyway => self.play_heavy_anyway(),
            HeavyAnswer::Dismiss => self.heavy = None,
        }
    }

    /// The line over the canvas while a heavy scene waits, paused.
    pub(super) fn heavy_ui(&self, ui: &mut egui::Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        let Some(notice) = &self.heavy else {
            return actions;
        };
        let ms = |secs: f64| {
            if secs < 0.01 {
                format!("{:.1} ms", secs * 1000.0)
            } else {
                format!("{:.0} ms", secs * 1000.0)
            }
        };
        let mut text = format!(
            "Too heavy for real time here: a tick of its {} agents takes {}, longer than the \
             {} of simulated time it stands for, so it opened paused.",
            thousands(notice.agents as u64),
            ms(notice.heavy.tick_secs),
            ms(notice.heavy.dt_secs),
        );
        if notice.narrowed {
            text.push_str(" Overlays are drawn for the selected agent only.");
        }
        egui::Frame::NONE
            .fill(ui.visuals().extreme_bg_color)
            .inner_margin(egui::Margin::symmetric(6, 4))
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(text).color(crate::view::palette::WARNING));
                    if let Some((_, agents)) = &notice.lowered {
                        let lower = ui
                            .button(format!("Lower the counts to {}", thousands(*agents as u64)))
                            .on_hover_text(
                                "Every group's count scaled down to what runs in real time \
                                 here, then play (one undo step).",
                            );
                        crate::editor::platform::mark("lower", lower.rect);
                        if lower.clicked() {
                            actions.push(Action::Heavy(HeavyAnswer::Lower));
                        }
                    }
                    let play = ui.button("Play anyway").on_hover_text(
                        "Run it as it is, slower than real time: the same ticks in the same order.",
                    );
                    crate::editor::platform::mark("play-anyway", play.rect);
                    if play.clicked() {
                        actions.push(Action::Heavy(HeavyAnswer::PlayAnyway));
                    }
                    if ui.button("Dismiss").clicked() {
                        actions.push(Action::Heavy(HeavyAnswer::Dismiss));
                    }
                });
            });
        actions
    }

    /// Whether a heavy scene waits, paused, with its line over the canvas.
    #[must_use]
    pub fn heavy_notice_shown(&self) -> bool {
        self.heavy.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowered_counts_scale_every_group_and_keep_one_of_each() {
        let preset = crate::scene::presets::find("seek.ron").expect("seek");
        let mut scene = crate::scene::from_str(preset.text, preset.file)
            .expect("valid")
            .into_scene();
        scene.groups[1].count = 100_000;
        let (lowered, agents) = lowered_counts(&scene, 0.0123);
        assert_eq!(lowered.groups[0].count, 1, "the one target stays");
        assert_eq!(lowered.groups[1].count, 1230);
        assert_eq!(agents, 1231 + scene.agents.len());
        // Nothing else changes.
        let mut back = lowered.clone();
        back.groups[1].count = 100_000;
        assert_eq!(back, scene);
        // A factor over 1 never raises a count.
        assert_eq!(lowered_counts(&scene, 3.0).0, scene);
    }
}
