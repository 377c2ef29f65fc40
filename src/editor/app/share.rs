//! Scenes from outside the file system: sharing the scene as a web link (File › Copy link)
//! and opening one (at the start of the web editor, or when the page's address changes to
//! another link), and files dropped on the window or uploaded in a browser. What does not load
//! shows its located errors over the scene on screen, which stays as it was.

use std::path::Path;
use std::sync::Arc;

use super::EditorApp;
use crate::editor::action::{Action, Pending};
use crate::editor::platform;
use crate::scene::link;

/// What the app knows of links.
#[derive(Debug, Default)]
pub(crate) struct Share {
    /// The page's fragment as last looked at (a change opens its scene).
    seen: Option<String>,
    /// The length of the last link refused as too long, while that is being said.
    pub(super) too_long: Option<usize>,
}

impl EditorApp {
    /// Copies a link that opens the scene as it is now in the web editor, and shows it in the
    /// page's address; a scene whose link would be too long says so and offers its file.
    pub(crate) fn copy_link(&mut self, ctx: &egui::Context) {
        let fragment = link::fragment(self.doc.scene());
        let made = link::link(&platform::page_address(), self.doc.scene());
        if made.len() > link::MAX_LINK_CHARS {
            self.share.too_long = Some(made.len());
            return;
        }
        platform::set_fragment(&fragment);
        self.share.seen = Some(fragment);
        ctx.copy_text(made.clone());
        let said = format!(
            "Copied a link to this scene ({} characters): it opens it in the web editor",
            made.len()
        );
        self.notices.toast_request = Some(said.clone());
        self.files.status = said;
    }

    /// Another scene replaces the one on screen: the page's address no longer holds its link
    /// (a reload or a bookmark would open the old one).
    pub(super) fn forget_link(&mut self) {
        if self.share.seen.take().is_some() {
            platform::set_fragment("");
        }
    }

    /// Opens the scene of a link (its fragment, or a whole address).
    pub(crate) fn open_link(&mut self, fragment: &str) {
        match link::decode(fragment) {
            Ok(scene) => {
                self.files.errors.clear();
                self.files.errors_note = None;
                self.set_scene(scene.into_scene(), None, link::SOURCE);
                // The address keeps the link of the scene it shows (set_scene cleared it).
                let fragment = link::fragment_of(fragment);
                platform::set_fragment(fragment);
                self.share.seen = Some(fragment.to_owned());
                // Whoever opens a link came to see its scene: "Start here" stays in Help.
                self.open.start = false;
                "Opened the scene of a shared link".clone_into(&mut self.files.status);
            }
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.errors_note = Some(
                    "This link's scene does not load; the scene on screen is unchanged.".into(),
                );
                "The shared link does not load".clone_into(&mut self.files.status);
                // Once said, the broken link leaves the page's address: a reload or a bookmark
                // opens the scene on screen rather than the same errors again.
                if self.share.seen.take().is_some() || platform::fragment().is_some() {
                    platform::set_fragment("");
                }
            }
        }
    }

    /// Opens the scene of the page's address when it holds a new one (in a browser: at the
    /// start, or a link pasted into this tab's address bar), asking first when there is
    /// unsaved work.
    pub(crate) fn poll_link(&mut self) {
        let now = platform::fragment();
        if now == self.share.seen {
            return;
        }
        self.share.seen.clone_from(&now);
        if let Some(fragment) = now.filter(|f| link::is_link(f)) {
            self.request(Pending::OpenLink(fragment));
        }
    }

    /// Opens a file read in a browser: it loads as a file of that name would, and Save
    /// downloads it under that name.
    pub(crate) fn open_upload(&mut self, name: &str, bytes: &Result<Arc<[u8]>, String>) {
        match uploaded_scene(name, bytes.as_deref()) {
            Ok(scene) => {
                self.files.errors.clear();
                self.files.errors_note = None;
                self.files.status = format!("Opened {name}");
                self.set_scene(scene.into_scene(), Some(Path::new(name)), "");
            }
            Err(errors) => {
                self.files.errors = errors.0.iter().map(ToString::to_string).collect();
                self.files.errors_note = None;
                self.files.status = format!("Could not open {name}");
            }
        }
    }

    /// A file dropped on the window opens (asking first when there is unsaved work); in a
    /// browser it is read first, and opens once read.
    pub(super) fn take_dropped(&mut self, ctx: &egui::Context) {
        let Some(file) = ctx.input(|i| i.raw.dropped_files.first().cloned()) else {
            return;
        };
        #[cfg(target_arch = "wasm32")]
        self.files.read_dropped(file);
        #[cfg(not(target_arch = "wasm32"))]
        self.request(Pending::OpenPath(file.path().to_path_buf()));
    }

    /// Says that the scene's link would be too long, and offers the file instead.
    pub(crate) fn link_too_long_ui(&mut self, ctx: &egui::Context) -> Vec<Action> {
        let mut actions = Vec::new();
        let Some(length) = self.share.too_long else {
            return actions;
        };
        let mut open = true;
        egui::Window::new("Too long for a link")
            .max_width(crate::editor::windows::place::fitting_width(
                ctx,
                f32::INFINITY,
            ))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                ui.label(format!(
                    "This scene's link would be {length} characters. Links stop at {}, the \
                     length every browser, server and chat tool is asked to carry (RFC 9110).",
                    link::MAX_LINK_CHARS
                ));
                ui.label("Share the scene's file instead: it opens in the web editor too.");
                ui.horizontal(|ui| {
                    let offer = if platform::DOWNLOADS {
                        "Download the file…"
                    } else {
                        "Save As…"
                    };
                    if ui.button(offer).clicked() {
                        actions.push(Action::SaveAs);
                        self.share.too_long = None;
                    }
                    if ui.button("Close").clicked() {
                        self.share.too_long = None;
                    }
                });
            });
        if !open {
            self.share.too_long = None;
        }
        actions
    }
}

/// The scene of a file read in a browser, named `name`: its bytes, or why they could not be
/// read.
pub(crate) fn uploaded_scene(
    name: &str,
    bytes: Result<&[u8], &String>,
) -> Result<crate::scene::CheckedScene, crate::scene::SceneErrors> {
    bytes
        .map_err(|why| {
            crate::scene::SceneErrors(vec![crate::scene::SceneError::whole_file(
                name,
                format!("cannot read: {why}"),
            )])
        })
        .and_then(|bytes| crate::scene::from_bytes(bytes, name))
}
