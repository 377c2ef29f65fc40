//! Screenshots and recordings: first what a designer presses (Record, or a progress bar and
//! Stop while a take runs, and the screenshot buttons) and where it goes, then the
//! presentation and recording settings.

use std::path::PathBuf;

use egui::Ui;

use crate::editor::action::{Action, ShotKind};
use crate::editor::capture;
use crate::editor::persist::Prefs;
use crate::view::present::{self, Presentation};

/// The capture window over one frame's state.
pub struct CaptureWindow<'a> {
    /// The scene's name (the output file is named after it).
    pub scene_name: &'a str,
    /// Frames done and in all of the running take.
    pub recording: Option<(u32, u32)>,
    /// A baseline is pinned (a take can record it too).
    pub baseline: bool,
}

impl CaptureWindow<'_> {
    /// The window's contents (docked or floating); the settings in `prefs` are edited in
    /// place.
    pub fn contents(self, ui: &mut Ui, prefs: &mut Prefs) -> Vec<Action> {
        let mut actions = Vec::new();
        // What a designer presses comes first, where a docked pane shows it without
        // scrolling; the settings follow.
        self.take_ui(ui, prefs, &mut actions);
        if !crate::editor::platform::DOWNLOADS {
            ui.horizontal(|ui| {
                let label = ui.label("folder");
                let mut folder = prefs.capture.folder.display().to_string();
                if ui
                    .text_edit_singleline(&mut folder)
                    .labelled_by(label.id)
                    .changed()
                {
                    prefs.capture.folder = PathBuf::from(folder);
                }
            });
        }
        ui.separator();
        ui.strong("Presentation");
        presentation_settings_ui(ui, &mut prefs.presentation);
        ui.separator();
        ui.strong("Recording");
        Self::recording_ui(ui, self.baseline, prefs);
        actions
    }

    /// The recording's settings.
    fn recording_ui(ui: &mut Ui, baseline: bool, prefs: &mut Prefs) {
        ui.horizontal(|ui| {
            ui.label("rate");
            ui.radio_value(&mut prefs.capture.fps, 30, "30 fps");
            ui.radio_value(&mut prefs.capture.fps, 60, "60 fps");
        });
        ui.horizontal(|ui| {
            let label = ui.label("length");
            ui.add(
                egui::DragValue::new(&mut prefs.capture.seconds)
                    .range(0.1..=crate::render::MAX_TAKE_SECONDS)
                    .speed(0.1)
                    .suffix(" s"),
            )
            .labelled_by(label.id);
            ui.weak(format!(
                "{} frames of simulation time",
                prefs.capture.frames()
            ));
        });
        ui.horizontal(|ui| {
            use capture::TakeFormat;
            let format = &mut prefs.capture.format;
            // A browser records what can be one download (no folder) and has no video
            // encoder; a setting saved on the desktop falls back to a GIF there.
            if !format.available() {
                *format = TakeFormat::Gif;
            }
            ui.radio_value(format, TakeFormat::Gif, "animated GIF");
            ui.radio_value(format, TakeFormat::Apng, "APNG (full colour)")
                .on_hover_text("An animated PNG: exact colours and frame times.");
            if TakeFormat::Mp4.available() {
                ui.radio_value(format, TakeFormat::Mp4, "MP4 video")
                    .on_hover_text(
                        "H.264 video: a tenth of a GIF's size or less, what documentation pages \
                     and chat tools embed. Needs an even width and height.",
                    );
            }
            if TakeFormat::Frames.available() {
                ui.radio_value(format, TakeFormat::Frames, "PNG frames");
            }
        });
        ui.horizontal(|ui| {
            use crate::render::PlotPlace;
            let label = ui.label("plots");
            let p = &mut prefs.capture.plots;
            ui.radio_value(p, None, "not recorded")
                .labelled_by(label.id);
            ui.radio_value(p, Some(PlotPlace::Below), "below the canvas");
            ui.radio_value(p, Some(PlotPlace::Beside), "beside it");
        })
        .response
        .on_hover_text(
            "The selected agent's plots (speed, forces, and its flock's), \
             drawn as the Plots panel draws them, in the take.",
        );
        ui.add_enabled_ui(baseline, |ui| {
            ui.horizontal(|ui| {
                use capture::CompareChoice;
                ui.label("baseline");
                let c = &mut prefs.capture.compare;
                ui.radio_value(c, CompareChoice::Off, "not shown");
                ui.radio_value(c, CompareChoice::SideBySide, "side by side");
                ui.radio_value(c, CompareChoice::Ghosts, "as ghosts");
            })
            .response
            .on_disabled_hover_text("Pin a baseline (Compare menu) to record before and after.");
        });
        ui.checkbox(
            &mut prefs.capture.from_restart,
            "restart from the seed first",
        )
        .on_hover_text(
            "Every take replays the same run tick for tick, \
                 so a take after a tweak can be compared with the last.",
        );
    }

    /// Record (or the running take's progress and Stop), the screenshot buttons, and where
    /// a take goes.
    fn take_ui(&self, ui: &mut Ui, prefs: &Prefs, actions: &mut Vec<Action>) {
        ui.horizontal(|ui| {
            match self.recording {
                Some((done, total)) => {
                    if ui.button("Stop").clicked() {
                        actions.push(Action::StopRecording);
                    }
                    ui.add(
                        egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                            .desired_width(160.0)
                            .text(format!("frame {done} / {total}")),
                    );
                }
                None => {
                    if ui
                        .button("Record")
                        .on_hover_text("A take of the length and rate set below.")
                        .clicked()
                    {
                        actions.push(Action::StartRecording);
                    }
                }
            }
            ui.separator();
            ui.label("screenshot (PNG)");
            if ui.button("Canvas").clicked() {
                actions.push(Action::Screenshot(ShotKind::Canvas));
            }
            if ui.button("Whole window").clicked() {
                actions.push(Action::Screenshot(ShotKind::Window));
            }
        });
        let target = prefs.capture.output(self.scene_name);
        if crate::editor::platform::DOWNLOADS {
            let name = crate::editor::platform::download_name(target.path());
            ui.weak(format!("screenshots and takes download; a take as {name}"));
        } else {
            ui.weak(format!("a take goes to {}", target.path().display()));
        }
    }
}

/// Output size, legend and caption.
fn presentation_settings_ui(ui: &mut Ui, p: &mut Presentation) {
    ui.horizontal(|ui| {
        let label = ui.label("size");
        let text = format!("{} × {}", p.size[0], p.size[1]);
        egui::ComboBox::from_id_salt("presentation size")
            .selected_text(text)
            .show_ui(ui, |ui| {
                for size in present::SIZES {
                    ui.selectable_value(&mut p.size, size, format!("{} × {}", size[0], size[1]));
                }
            })
            .response
            .labelled_by(label.id);
        for k in 0..2 {
            ui.add(egui::DragValue::new(&mut p.size[k]).range(16..=present::MAX_SIDE));
        }
    });
    ui.checkbox(&mut p.legend, "legend of the overlay colours");
    ui.checkbox(&mut p.caption, "caption (scene name and key parameters)");
}
