//! What the editor says about what happened: the status line's message, which fades, and
//! toasts beside the pointer (why a click did nothing, an edit the world refused).

use super::EditorApp;

/// Seconds a message stays on the status line (what an action did: "Saved …", "Undo: …").
const STATUS_SECS: f64 = 10.0;

/// How long a toast stays, seconds.
const TOAST_SECS: f64 = 6.0;

/// The editor's notices.
#[derive(Default)]
pub(super) struct Notices {
    /// A message shown where the designer last clicked, for a few seconds.
    pub(super) toast: Option<Toast>,
    /// A message to show that way at the end of this frame.
    pub(super) toast_request: Option<String>,
    /// The refused edit's problems last shown that way (each refusal is said once).
    pub(super) toasted: Vec<crate::sim::Problem>,
    /// The problems of the last edit the world refused.
    pub(super) rejected: Vec<crate::sim::Problem>,
    /// The status line's message and when it was first shown (seconds): it clears after
    /// [`STATUS_SECS`].
    pub(super) status_since: (String, f64),
    /// Per group, its navigating agents that cannot reach their target, as of the last
    /// frame's ticks (counted once a frame, for the inspector and the line over the canvas).
    pub(super) stranded: Vec<Option<crate::editor::session::Stranded>>,
}

/// A short message beside the pointer: why a click did nothing, or what it also did.
#[derive(Clone, Debug)]
pub(super) struct Toast {
    text: String,
    at: egui::Pos2,
    until_secs: f64,
}

impl EditorApp {
    /// Shows `text` beside the pointer (or the middle of the window) for a few seconds.
    pub(crate) fn show_toast(&mut self, ctx: &egui::Context, text: String) {
        let (at, now) = ctx.input(|i| {
            (
                i.pointer
                    .interact_pos()
                    .or(i.pointer.hover_pos())
                    .unwrap_or_else(|| i.content_rect().center()),
                i.time,
            )
        });
        self.notices.toast = Some(Toast {
            text,
            at,
            until_secs: now + TOAST_SECS,
        });
    }

    /// The toast, until it times out ([`TOAST_SECS`]).
    fn toast_ui(&mut self, ctx: &egui::Context) {
        let Some(toast) = &self.notices.toast else {
            return;
        };
        let now = ctx.input(|i| i.time);
        if now > toast.until_secs {
            self.notices.toast = None;
            return;
        }
        let screen = ctx.content_rect();
        let pos = egui::pos2(
            (toast.at.x + 14.0)
                .min(screen.right() - 340.0)
                .max(screen.left()),
            (toast.at.y + 14.0)
                .min(screen.bottom() - 80.0)
                .max(screen.top()),
        );
        egui::Area::new(egui::Id::unique("steerlab toast"))
            .order(egui::Order::Tooltip)
            .fixed_pos(pos)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(320.0);
                    ui.label(egui::RichText::new(&toast.text).color(crate::view::palette::WARNING));
                });
            });
        ctx.request_repaint_after(std::time::Duration::from_millis(250));
    }
}

impl EditorApp {
    /// An edit the world refused says why where the designer is looking; then a toast asked
    /// for this frame; then the toast, while it lasts.
    pub(super) fn notices_ui(&mut self, ctx: &egui::Context) {
        if self.notices.rejected.is_empty() {
            self.notices.toasted.clear();
        }
        if !self.notices.rejected.is_empty() && self.notices.rejected != self.notices.toasted {
            // What a typed number's note would say is overtaken: the edit was not applied.
            let _ = crate::editor::drag::take_note();
            self.notices.toasted.clone_from(&self.notices.rejected);
            let scene = self.doc.scene();
            let text = self
                .notices
                .rejected
                .iter()
                .map(|p| {
                    format!(
                        "{}: {}",
                        crate::scene::labels::field_label(scene, &p.path),
                        p.message
                    )
                })
                .collect::<Vec<_>>()
                .join("\n");
            self.show_toast(ctx, format!("Not applied. {text}"));
        } else if let Some(text) = self.notices.toast_request.take() {
            self.show_toast(ctx, text);
        } else if let Some(text) = crate::editor::drag::take_note() {
            self.show_toast(ctx, text);
        }
        self.toast_ui(ctx);
    }

    /// Clears the status line's message [`STATUS_SECS`] after it was first shown (a message
    /// about a file the editor waits for stays while it waits).
    pub(super) fn fade_status(&mut self, ctx: &egui::Context, now: f64) {
        if self.files.status != self.notices.status_since.0 {
            self.notices.status_since = (self.files.status.clone(), now);
        }
        if self.files.status.is_empty() || self.prompts.awaiting.is_some() {
            return;
        }
        let left = STATUS_SECS - (now - self.notices.status_since.1);
        if left <= 0.0 {
            self.files.status.clear();
            self.notices.status_since.0.clear();
        } else {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
        }
    }
}
