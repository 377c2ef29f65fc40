//! Choosing files: native dialogs that never block the UI (they run on their own thread), an
//! in-app path field for machines without a native dialog, and the window that lists load and
//! save errors. In a browser, a scene is opened by upload (rfd's web dialog, or a file dropped
//! on the page) and saved by download, under the name the path field gives. The status line's
//! text lives here too.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// What a dialog was opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Open a scene.
    Open,
    /// Save the scene under a new name.
    SaveAs,
    /// Pin a scene file as the baseline (Compare › Pin baseline from file…).
    Baseline,
}

/// A dialog answered faster than this with nothing is taken as "no native dialog here".
const NO_DIALOG_SECS: f32 = 0.3;

/// Dialog and path-field state.
#[derive(Debug, Default)]
pub struct Files {
    pending: Option<(Purpose, Instant, Receiver<Option<PathBuf>>)>,
    /// The in-app path field, when shown.
    pub path_field: Option<(Purpose, String)>,
    /// What the path field suggests while empty: the scene's own file name.
    pub hint: String,
    /// Errors of the last failed open or save.
    pub errors: Vec<String>,
    /// The last thing done, shown in the status line.
    pub status: String,
    /// What the error window says of the scene on screen (the default when `None`).
    pub errors_note: Option<String>,
    /// Files read in a browser (picked or dropped), and how many reads are under way.
    uploads: Option<Uploads>,
    reading: usize,
}

/// A file read in a browser.
#[derive(Debug)]
pub struct Upload {
    /// Its name.
    pub name: String,
    /// Its bytes, or why they could not be read.
    pub bytes: Result<Vec<u8>, String>,
    /// Dropped on the page (else picked in the dialog of File › Open, which has already asked
    /// about unsaved work).
    pub dropped: bool,
    /// What it was picked for (a dropped file is opened).
    pub purpose: Purpose,
}

/// Where files read in a browser arrive (`None`: the dialog was closed with none).
type Uploads = (Sender<Option<Upload>>, Receiver<Option<Upload>>);

/// Where a dialog stands: centred, its top below the menu bar and the tool strip.
const DIALOG_OFFSET: [f32; 2] = [0.0, 64.0];

impl Files {
    /// Asks for a path: a native dialog on its own thread (in a browser, for now, the path
    /// field).
    pub fn ask(&mut self, purpose: Purpose, start_dir: Option<PathBuf>, suggested_name: &str) {
        if self.pending.is_some() {
            return;
        }
        // In a browser: the page's upload dialog; saving is a download under a typed name.
        #[cfg(target_arch = "wasm32")]
        {
            drop(start_dir);
            match purpose {
                Purpose::Open | Purpose::Baseline => self.pick_upload(purpose),
                Purpose::SaveAs => {
                    self.path_field = Some((purpose, suggested_name.to_owned()));
                }
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.ask_native(purpose, start_dir, suggested_name);
    }

    /// Opens a native dialog on its own thread.
    #[cfg(not(target_arch = "wasm32"))]
    fn ask_native(&mut self, purpose: Purpose, start_dir: Option<PathBuf>, suggested_name: &str) {
        let (tx, rx) = channel();
        let name = suggested_name.to_owned();
        let spawned = std::thread::Builder::new()
            .name("file dialog".into())
            .spawn(move || {
                let mut dialog = rfd::FileDialog::new().add_filter("steerlab scene", &["ron"]);
                if let Some(dir) = start_dir {
                    dialog = dialog.set_directory(dir);
                }
                let path = match purpose {
                    Purpose::Open | Purpose::Baseline => dialog.pick_file(),
                    Purpose::SaveAs => dialog.set_file_name(name).save_file(),
                };
                let _ = tx.send(path);
            });
        match spawned {
            Ok(_) => self.pending = Some((purpose, Instant::now(), rx)),
            Err(_) => self.path_field = Some((purpose, String::new())),
        }
    }

    /// Where a file read in a browser arrives, and one more read counted as under way.
    #[cfg(target_arch = "wasm32")]
    fn upload_sender(&mut self) -> Sender<Option<Upload>> {
        self.reading += 1;
        self.uploads.get_or_insert_with(channel).0.clone()
    }

    /// The browser's upload dialog (rfd), read without blocking; the file arrives through
    /// [`Files::poll_upload`].
    #[cfg(target_arch = "wasm32")]
    fn pick_upload(&mut self, purpose: Purpose) {
        let tx = self.upload_sender();
        wasm_bindgen_futures::spawn_local(async move {
            let picked = rfd::AsyncFileDialog::new()
                .add_filter("steerlab scene", &["ron"])
                .pick_file()
                .await;
            let upload = match picked {
                Some(file) => Some(Upload {
                    name: file.file_name(),
                    bytes: Ok(file.read().await),
                    dropped: false,
                    purpose,
                }),
                None => None,
            };
            let _ = tx.send(upload);
        });
    }

    /// Reads a file dropped on the page without blocking; it arrives through
    /// [`Files::poll_upload`].
    #[cfg(target_arch = "wasm32")]
    pub fn read_dropped(&mut self, file: egui::DroppedFileHandle) {
        let tx = self.upload_sender();
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.path().display().to_string();
            let bytes = file.bytes_async().await;
            let _ = tx.send(Some(Upload {
                name,
                bytes,
                dropped: true,
                purpose: Purpose::Open,
            }));
        });
    }

    /// A file read in a browser, once one has arrived (never on the desktop).
    pub fn poll_upload(&mut self) -> Option<Upload> {
        let (_, rx) = self.uploads.as_ref()?;
        let answer = rx.try_recv().ok()?;
        self.reading = self.reading.saturating_sub(1);
        answer
    }

    /// A dialog's answer, once it has one. A dialog that answers nothing at once means there is
    /// no native dialog on this machine: the path field opens instead.
    pub fn poll(&mut self) -> Option<(Purpose, PathBuf)> {
        let (purpose, started, rx) = self.pending.as_ref()?;
        let answer = rx.try_recv().ok()?;
        let (purpose, started) = (*purpose, *started);
        self.pending = None;
        if answer.is_none() && started.elapsed() < Duration::from_secs_f32(NO_DIALOG_SECS) {
            self.path_field = Some((purpose, String::new()));
        }
        answer.map(|path| (purpose, path))
    }

    /// Whether a dialog is open or a file is being read.
    #[must_use]
    pub fn waiting(&self) -> bool {
        self.pending.is_some() || self.reading > 0
    }

    /// Whether the path field window is open (it takes every key while it is).
    #[must_use]
    pub fn path_field_open(&self) -> bool {
        self.path_field.is_some()
    }

    /// The path field window. Returns a path when the user confirms one.
    pub fn path_field_ui(&mut self, ctx: &egui::Context) -> Option<(Purpose, PathBuf)> {
        let (purpose, text) = self.path_field.as_mut()?;
        let purpose = *purpose;
        let mut confirmed = None;
        let mut open = true;
        let mut escaped = false;
        let title = match purpose {
            Purpose::Open => "Open scene",
            Purpose::Baseline => "Pin a scene file as the baseline",
            Purpose::SaveAs if crate::editor::platform::DOWNLOADS => "Download scene as",
            Purpose::SaveAs => "Save scene as",
        };
        egui::Window::new(title)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, DIALOG_OFFSET)
            .open(&mut open)
            .show(ctx, |ui| {
                let label = ui.label(if crate::editor::platform::DOWNLOADS {
                    "Name of the .ron file:"
                } else {
                    "Path of the .ron file:"
                });
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(text)
                            .desired_width(360.0)
                            .hint_text(self.hint.as_str()),
                    )
                    .labelled_by(label.id);
                // Enter gives the field's focus up and confirms: read before the focus is taken
                // back below (`lost_focus` reads the focus as it is when asked).
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                // The field has the keys from the moment the window opens: what is typed goes
                // into it, never to a shortcut.
                if !enter && ui.memory(|m| m.focused().is_none()) {
                    edit.request_focus();
                }
                if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                    escaped = true;
                }
                // Where a relative path lands: the folder the editor was started in.
                if !crate::editor::platform::DOWNLOADS
                    && let Some(full) = full_path(text.trim())
                {
                    ui.weak(format!("The file: {}", full.display()));
                }
                let button = match purpose {
                    Purpose::Open => "Open",
                    Purpose::Baseline => "Pin",
                    Purpose::SaveAs if crate::editor::platform::DOWNLOADS => "Download",
                    Purpose::SaveAs => "Save",
                };
                if (ui.button(button).clicked() || enter) && !text.trim().is_empty() {
                    confirmed = Some(PathBuf::from(text.trim()));
                }
            });
        if confirmed.is_some() || !open || escaped {
            self.path_field = None;
        }
        confirmed.map(|p| (purpose, p))
    }

    /// The error window, while there are errors: a modal (nothing behind it takes a click or a
    /// key), closed by OK, Enter, Esc or a click outside it.
    pub fn errors_ui(&mut self, ctx: &egui::Context) {
        if self.errors.is_empty() {
            return;
        }
        let mut ok = false;
        let width = crate::editor::windows::place::fitting_width(ctx, 620.0);
        let modal = egui::Modal::new(egui::Id::unique("could not load")).show(ctx, |ui| {
            ui.set_max_width(width);
            ui.heading("Could not load");
            ui.label(
                self.errors_note
                    .as_deref()
                    .unwrap_or("The scene on screen is unchanged."),
            );
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    for e in &self.errors {
                        ui.label(
                            egui::RichText::new(e)
                                .monospace()
                                .color(ui.visuals().error_fg_color),
                        );
                    }
                });
            ok = ui.button("OK").clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter));
        });
        if ok || modal.should_close() {
            self.errors.clear();
            self.errors_note = None;
        }
    }
}

/// `typed` as the whole path a file dialog would use: relative to the folder the editor was
/// started in (`None` for nothing typed, or where there is no such folder, as in a browser).
fn full_path(typed: &str) -> Option<PathBuf> {
    if typed.is_empty() {
        return None;
    }
    let path = Path::new(typed);
    if path.is_absolute() {
        return Some(path.to_path_buf());
    }
    std::env::current_dir().ok().map(|dir| dir.join(path))
}
