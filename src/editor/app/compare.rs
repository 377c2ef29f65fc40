//! The app's side of comparing runs: pinning, swapping and dropping the baseline, comparing
//! with the saved file, and taking one field's value (from a sweep) as one undo step.

use super::EditorApp;
use crate::editor::capture::{CaptureError, CompareChoice};
use crate::render::{Compare, Layout};
use crate::tuning::sweep;

impl EditorApp {
    /// Shows the scene as its view says (overlays, for whom, the selected agent, the framing,
    /// the arrows' lengths); a scene without one keeps the editor's overlays and fits the
    /// world, and its arrows take the default lengths.
    pub(crate) fn apply_scene_view(&mut self) {
        // The arrows' lengths are the scene's, or the defaults: never those of the scene
        // shown before.
        let defaults = crate::view::Overlays::default();
        let view = self.doc.scene().view.clone();
        self.overlays.velocity_scale_secs = view
            .as_ref()
            .and_then(|v| v.velocity_scale_secs)
            .unwrap_or(defaults.velocity_scale_secs);
        self.overlays.force_scale = view
            .as_ref()
            .and_then(|v| v.force_scale)
            .unwrap_or(defaults.force_scale);
        let Some(view) = view else {
            self.canvas.view.framing = None;
            return;
        };
        if let Some(on) = view.overlays {
            self.overlays.shown = on;
        }
        self.overlays.scope = view.scope;
        self.session.select(view.selected);
        self.canvas.view.framing = Some((view.zoom, view.center.map(|c| c.to_array())));
        self.canvas.view.fit_pending = true;
    }

    /// Pins the scene as it is now; the baseline runs from the live world's present state.
    pub(super) fn pin_baseline(&mut self) {
        self.doc.commit();
        let label = format!("pinned at tick {}", self.session.world.tick());
        self.session.pin(self.doc.scene().clone(), label.clone());
        self.files.status = format!("Baseline {label}: later edits run beside it");
    }

    /// Pins `scene` (another file's, a preset's) as the baseline, named `label`, and restarts
    /// both runs from their seeds: two scenes compared from the start.
    pub(crate) fn pin_scene(&mut self, scene: crate::scene::Scene, label: &str) {
        if let Err(problems) = scene.build_world() {
            self.files.errors = problems.iter().map(ToString::to_string).collect();
            self.files.errors_note = Some("Nothing was pinned.".to_owned());
            return;
        }
        self.doc.commit();
        self.prompts.keep_baseline = None;
        self.session.pin(scene, label.to_owned());
        self.restart();
        self.files.status = format!("Baseline: {label}; both runs restarted from their seeds");
    }

    /// Pins the scene file at `path` as the baseline (Compare › Pin baseline from file…).
    pub(crate) fn pin_file(&mut self, path: &std::path::Path) {
        match crate::scene::load(path) {
            Ok(scene) => {
                let name = path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into_owned(),
                );
                self.pin_scene(scene.into_scene(), &name);
            }
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.errors_note = Some("Nothing was pinned.".to_owned());
            }
        }
    }

    /// Pins a file read in a browser as the baseline.
    pub(crate) fn pin_upload(&mut self, name: &str, bytes: &Result<Vec<u8>, String>) {
        match super::share::uploaded_scene(name, bytes.as_deref()) {
            Ok(scene) => self.pin_scene(scene.into_scene(), name),
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.errors_note = Some("Nothing was pinned.".to_owned());
            }
        }
    }

    /// Pins a built-in preset as the baseline.
    pub(crate) fn pin_preset(&mut self, preset: crate::scene::presets::Preset) {
        match crate::scene::from_str(preset.text, preset.file) {
            Ok(scene) => self.pin_scene(scene.into_scene(), preset.file),
            Err(errors) => self.files.errors = errors.0.iter().map(ToString::to_string).collect(),
        }
    }

    /// The answer to "keep the baseline?", asked when a scene opens while one is pinned.
    pub(crate) fn answer_keep_baseline(&mut self, keep: bool) {
        if self.prompts.keep_baseline.take().is_none() {
            return;
        }
        if keep {
            "Baseline kept: it runs beside the scene opened, both from their seeds"
                .clone_into(&mut self.files.status);
        } else {
            self.unpin("Baseline unpinned");
        }
    }

    /// Makes the saved file the baseline and restarts both runs from their seeds.
    pub(super) fn compare_with_saved(&mut self) {
        self.doc.commit();
        self.session
            .pin(self.doc.saved().clone(), "saved file".to_owned());
        self.restart();
        "Baseline: the saved file; both runs restarted".clone_into(&mut self.files.status);
    }

    /// Exchanges the baseline and the current scene, runs included: one undo step.
    pub(super) fn swap_baseline(&mut self) {
        let Some(base) = self.session.baseline.as_ref().map(|b| b.scene.clone()) else {
            return;
        };
        self.doc.commit();
        let current = self.doc.scene().clone();
        if let Some(b) = &mut self.session.baseline {
            b.scene = current;
        }
        self.session.swap_runs();
        self.doc.accept(base);
        self.doc.commit();
        "Swapped the baseline and the current scene".clone_into(&mut self.files.status);
    }

    /// The baseline a take records with the current run, as the capture settings ask: from
    /// its seed when the take restarts, else from where it is now.
    pub(super) fn take_compare(
        &self,
        choice: CompareChoice,
        from_restart: bool,
    ) -> Result<Option<Compare>, CaptureError> {
        let layout = match choice {
            CompareChoice::Off => return Ok(None),
            CompareChoice::SideBySide => Layout::SideBySide,
            CompareChoice::Ghosts => Layout::Ghosts,
        };
        let Some(b) = &self.session.baseline else {
            return Ok(None);
        };
        let world = if from_restart {
            b.scene.build_world().map_err(CaptureError::Scene)?
        } else {
            b.world.clone()
        };
        Ok(Some(Compare {
            scene: b.scene.clone(),
            world,
            layout,
        }))
    }

    /// Sets the numeric field at `path` to `value`, as one undo step; a path or value the scene
    /// cannot take shows why and changes nothing.
    pub(super) fn set_field(&mut self, path: &crate::sim::FieldPath, value: f64) {
        match sweep::with_field(self.doc.scene(), path, value) {
            Ok(draft) => {
                self.doc.commit();
                self.apply_draft(draft);
                self.doc.commit();
                // The live run starts again with the value, so its metrics are of it alone.
                self.restart();
                if self.notices.rejected.is_empty() {
                    self.files.status = format!(
                        "{} = {}",
                        crate::scene::labels::field_label(self.doc.scene(), path),
                        crate::scene::labels::readable_number(value)
                    );
                }
            }
            Err(e) => self.files.errors = vec![e.to_string()],
        }
    }
}
