//! The frame: `logic` collects the background work, reads the keys, polls the disk and
//! advances the simulation by whole ticks from real elapsed time; `ui` paints the panels, the
//! windows and the notices.

use egui::Ui;

use super::{EditorApp, RELOAD_POLL_SECS, shortcuts};
use crate::editor::action::Pending;

impl eframe::App for EditorApp {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        self.frame_log.begin_work();
        self.frame_log.frame(
            frame.info().cpu_usage,
            ctx.input(|i| i.unstable_dt),
            self.session.world.agents().len(),
        );
        // Edits since the last step become one undo step once no pointer button is held (a
        // whole drag is one step) and no value is being typed.
        let busy = ctx.input(|i| i.pointer.any_down()) || ctx.egui_wants_keyboard_input();
        if !busy {
            self.doc.commit();
        }
        self.poll_recording();
        self.handle_screenshots(ctx);
        // The background work, collected (in a browser: run) every frame, whether or not its
        // window is open.
        self.jobs.goal_focus = self
            .jobs
            .goal_focus
            .and_then(|(i, frames)| frames.checked_sub(1).map(|left| (i, left)));
        let sweeping = self.jobs.sweep.poll();
        let tuning = self.jobs.tune.poll();
        let filling = self.jobs.atlas.poll();
        self.jobs.tune.follow(self.doc.scene());
        let checking = (self.open.goals || self.open.tune)
            && self
                .jobs
                .goal_check
                .keep_up(self.doc.scene(), ctx.input(|i| i.time));
        self.poll_sheet();
        if sweeping
            || tuning
            || filling
            || checking
            || self.jobs.recording.is_some()
            || self.jobs.sheet.is_some()
        {
            crate::editor::job::next_frame(ctx);
        }
        // One dialog at a time, and the keys go to it: no shortcut while a question, the path
        // field or the error window is up.
        if !self.questions().any() && !self.files.path_field_open() && self.files.errors.is_empty()
        {
            let copy_allowed = !label_text_selected(ctx);
            let mut actions = shortcuts::actions(ctx, copy_allowed);
            // Esc with a list or menu open closes that alone (egui does), not the window behind.
            if egui::Popup::is_any_open(ctx) {
                actions.retain(|a| *a != crate::editor::action::Action::Back);
            }
            self.apply_all(ctx, actions);
        }
        self.take_dropped(ctx);
        self.poll_link();
        // Closing with unsaved changes asks first.
        if ctx.input(|i| i.viewport().close_requested())
            && self.doc.is_dirty()
            && !self.prompts.close_confirmed
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.prompts.pending = Some(Pending::Close);
        }
        if self.prompts.close_confirmed && self.prompts.pending.is_none() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        let now = ctx.input(|i| i.time);
        self.fade_status(ctx, now);
        if now - self.last_poll_secs >= RELOAD_POLL_SECS {
            self.last_poll_secs = now;
            self.poll_disk();
            self.poll_awaited();
        }
        if let Some((purpose, path)) = self.files.poll() {
            self.handle_file(purpose, &path);
        }
        self.take_upload();
        // The frame's real time: the session counts at most a quarter second of it into
        // ticks, and all of it into the pace it reports.
        let elapsed = ctx.input(|i| i.stable_dt);
        // On the first launch the scene waits behind Start here, so that it plays from its
        // start once the designer has read it.
        self.prompts.first_launch &= self.open.start;
        if !self.prompts.first_launch {
            self.advance(elapsed);
        }
        self.notices.stranded = self.session.stranded();
        let title = self.doc.title();
        crate::editor::platform::expose(&crate::editor::platform::Shown {
            title: &title,
            scene: &self.doc.scene().name,
            tick: self.session.world.tick(),
            errors: self.files.errors.len(),
            error: self.files.errors.first().map(String::as_str),
            work_ms: self.frame_log.work_ms(),
            unsaved: self.doc.is_dirty(),
            playing: self.session.playing,
            behind: self.session.behind(),
            heavy: self.heavy.is_some(),
            agents: self.session.world.agents().len(),
        });
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        // What is up once the keys and the disk have been read: shown this frame. What the
        // panels raise while they are drawn waits for the next.
        self.prompts.up_at_start = (self.questions().any(), !self.files.errors.is_empty());
        if self.session.playing || self.files.waiting() {
            ctx.request_repaint();
        } else if self.doc.path().is_some() || self.prompts.awaiting.is_some() {
            // Keep polling the file for changes while idle.
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(RELOAD_POLL_SECS));
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.store(storage);
    }

    fn auto_save_interval(&self) -> std::time::Duration {
        std::time::Duration::from_secs(5)
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        if self.presenting.is_some() {
            self.presentation_ui(ui);
            self.frame_log.end_work();
            crate::editor::platform::frame_drawn(ui.ctx());
            return;
        }
        self.panels_ui(ui);
        let ctx = ui.ctx().clone();
        self.windows_ui(&ctx);
        self.notices_ui(&ctx);
        self.frame_log.end_work();
        crate::editor::platform::frame_drawn(&ctx);
    }
}

impl super::EditorApp {
    /// A file read in a browser, once it has arrived: opened, or pinned as the baseline.
    fn take_upload(&mut self) {
        if let Some(upload) = self.files.poll_upload() {
            if upload.purpose == crate::editor::files::Purpose::Baseline {
                self.pin_upload(&upload.name, &upload.bytes);
            } else {
                let open = Pending::Upload(upload.name, upload.bytes.map(std::sync::Arc::from));
                // File › Open asked about unsaved work before its dialog; a dropped file asks
                // now.
                if upload.dropped {
                    self.request(open);
                } else {
                    self.perform(open);
                }
            }
        }
    }
}

/// Whether some label text is selected (egui copies it on Ctrl+C).
fn label_text_selected(ctx: &egui::Context) -> bool {
    ctx.with_plugin(|s: &mut egui::text_selection::LabelSelectionState| s.has_selection())
        .unwrap_or(false)
}
