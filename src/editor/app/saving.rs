//! Files: opening a scene file or a preset, saving, asking for a path, and every other write
//! the editor makes, which asks before it replaces a file the editor did not open.

use std::path::Path;

use super::EditorApp;
use crate::editor::action::{Replace, Write};
use crate::editor::files::Purpose;
use crate::scene::{self, presets};

/// Whether two paths name one file (the same path, or the same file reached two ways).
fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(a), Ok(b)) if a == b
        )
}

impl EditorApp {
    /// Opens a scene file. A file that fails to load leaves the current scene untouched and
    /// shows its errors.
    pub(crate) fn open_path(&mut self, path: &Path) {
        match scene::load(path) {
            Ok(scene) => {
                self.files.errors.clear();
                self.files.status = format!("Opened {}", path.display());
                self.set_scene(scene.into_scene(), Some(path), "");
            }
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.status = format!("Could not open {}", path.display());
            }
        }
    }

    /// Opens a built-in preset.
    pub(crate) fn open_preset(&mut self, preset: presets::Preset) {
        match scene::from_str(preset.text, preset.file) {
            Ok(scene) => self.set_scene(
                scene.into_scene(),
                None,
                &format!("built-in {}", preset.file),
            ),
            Err(errors) => self.files.errors = errors.0.iter().map(ToString::to_string).collect(),
        }
    }

    /// Saves to `path` (atomically) and makes it the document's file.
    pub(crate) fn save_to(&mut self, path: &Path) {
        let text = scene::to_string(self.doc.scene());
        match crate::editor::platform::write_file(path, text.as_bytes()) {
            Ok(()) => {
                self.doc.saved_to(path);
                if !crate::editor::platform::DOWNLOADS {
                    self.prefs.touch(path);
                }
                self.files.errors.clear();
                self.files.status = crate::editor::platform::written(path);
                if let Some(next) = self.prompts.after_save.take() {
                    self.perform(next);
                }
            }
            Err(e) => {
                self.prompts.after_save = None;
                self.files.errors = vec![e];
                "Save failed: the file on disk is unchanged".clone_into(&mut self.files.status);
            }
        }
    }

    /// Writes, or first asks "replace it?" when `path` is there already and is not the scene's
    /// own file (in a browser, where a write is a download, it never asks).
    pub(super) fn write_asking(&mut self, write: Write, path: std::path::PathBuf) {
        let own = self.doc.path().is_some_and(|own| same_file(own, &path));
        // A take of PNG frames and a sheet write folders; the rest write a file (onto a
        // folder, the write fails and says so).
        let there = match write {
            Write::Take | Write::Sheet => path.exists(),
            Write::SaveAs(_) | Write::Screenshot(_) => path.is_file(),
        };
        if crate::editor::platform::DOWNLOADS || own || !there {
            self.perform_write(write, &path);
            return;
        }
        if self.prompts.replace.is_some() {
            // One question at a time: this write waits for none.
            self.files.status = format!(
                "Nothing written: {} is there already, and a question is open",
                path.display()
            );
            return;
        }
        self.prompts.replace = Some(Replace { path, write });
    }

    /// The answer to "replace the file?".
    pub(super) fn answer_replace(&mut self, replace: bool) {
        let Some(Replace { path, write }) = self.prompts.replace.take() else {
            return;
        };
        if replace {
            self.perform_write(write, &path);
        } else {
            // A Save As that a "save changes?" started is not done: what waited on it waits no
            // longer.
            self.prompts.after_save = None;
            self.files.status = format!("Kept {}: nothing written", path.display());
        }
    }

    /// Writes: the file is the editor's to write (its own, a new one, or one the user said to
    /// replace).
    pub(super) fn perform_write(&mut self, write: Write, path: &Path) {
        match write {
            Write::SaveAs(_) => self.save_to(path),
            Write::Take => {
                if let Err(e) = self.start_recording() {
                    self.files.errors = vec![e.to_string()];
                }
            }
            Write::Sheet => self.start_sheet(),
            Write::Screenshot(bytes) => match crate::editor::platform::write_file(path, &bytes) {
                Ok(()) => self.files.status = crate::editor::platform::written(path),
                Err(e) => self.files.errors = vec![e],
            },
        }
    }

    pub(super) fn save(&mut self) {
        match self.doc.path().map(Path::to_path_buf) {
            Some(path) => self.save_to(&path),
            None => self.ask(Purpose::SaveAs),
        }
    }

    /// Opens the native file dialog (or the path field where there is none).
    pub(super) fn ask(&mut self, purpose: Purpose) {
        let dir = self
            .doc
            .path()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        let name = self.suggested_file_name();
        self.files.ask(purpose, dir, &name);
    }

    /// The name a file of this scene would have: its own file's, a preset's, or its name in
    /// lower case with `_` between words (`Hunter and prey` reads `hunter_and_prey.ron`).
    pub(super) fn suggested_file_name(&self) -> String {
        if let Some(name) = self.doc.path().and_then(Path::file_name) {
            return name.to_string_lossy().into_owned();
        }
        if let Some(preset) = self
            .doc
            .origin()
            .strip_prefix("built-in ")
            .filter(|f| Path::new(f).extension().is_some_and(|e| e == "ron"))
        {
            return preset.to_owned();
        }
        let words: Vec<String> = self
            .doc
            .scene()
            .name
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.is_empty() {
            "scene.ron".to_owned()
        } else {
            format!("{}.ron", words.join("_"))
        }
    }

    /// A file chosen in a dialog or the path field.
    pub(super) fn handle_file(&mut self, purpose: Purpose, path: &Path) {
        match purpose {
            Purpose::Open => self.open_path(path),
            Purpose::SaveAs => self.save_to(path),
            Purpose::Baseline => self.pin_file(path),
        }
    }
}
