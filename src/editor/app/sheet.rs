//! File › Export sheet…: the open scene's behavior sheet (`render::sheet`), written beside the
//! takes (Capture's folder) on a thread of its own, against the pinned baseline when there is
//! one, its clip as long as a take (Capture's length). The desktop only: a browser has no folder to write it into.

use std::path::PathBuf;

use super::EditorApp;
use crate::editor::job::{Job, Piece};
use crate::render::sheet::SheetOptions;
use crate::render::sheet::folder::{SheetScene, write_sheets};

/// A sheet being written: the folder, and the job.
pub(crate) type SheetJob = (PathBuf, Job<Vec<PathBuf>, ()>);

impl EditorApp {
    /// The folder File › Export sheet… writes into: `<Capture's folder>/<scene>-sheet/`.
    pub(super) fn sheet_dir(&self) -> PathBuf {
        let stem = crate::render::file_stem(&self.doc.scene().name);
        self.prefs.capture.folder.join(format!("{stem}-sheet"))
    }

    /// Starts writing the open scene's sheet into [`Self::sheet_dir`].
    pub(super) fn start_sheet(&mut self) {
        if self.jobs.sheet.is_some() {
            "A sheet is being written already".clone_into(&mut self.files.status);
            return;
        }
        let scene = self.doc.scene().clone();
        let stem = crate::render::file_stem(&scene.name);
        let dir = self.sheet_dir();
        let entries = vec![SheetScene { stem, scene }];
        let against = self.session.baseline.as_ref().map(|b| SheetScene {
            stem: format!("{}-baseline", crate::render::file_stem(&b.scene.name)),
            scene: b.scene.clone(),
        });
        // The clip lasts a take's length (Capture's setting).
        let options = SheetOptions {
            page: crate::editor::platform::known_page_address(),
            clip_seconds: self.prefs.capture.seconds,
            ..SheetOptions::default()
        };
        let target = dir.clone();
        let job = Job::spawn("sheet", (), 1, move |()| {
            Piece::Done(
                write_sheets(&entries, against.as_ref(), &target, &options, &|_| {})
                    .map_err(|e| e.to_string()),
            )
        });
        match job {
            Ok(job) => {
                self.files.status = format!("Writing the behavior sheet into {}", dir.display());
                self.jobs.sheet = Some((dir, job));
            }
            Err(e) => self.files.errors = vec![e],
        }
    }

    /// Picks up a finished sheet.
    pub(super) fn poll_sheet(&mut self) {
        let Some((dir, _)) = &self.jobs.sheet else {
            return;
        };
        let dir = dir.clone();
        let mut job = self.jobs.sheet.take().map(|(_, job)| job);
        match crate::editor::job::finished(&mut job, "the sheet") {
            None => self.jobs.sheet = job.map(|job| (dir, job)),
            Some(Ok(written)) => {
                self.files.errors.clear();
                self.files.status = format!(
                    "Wrote the behavior sheet: {} files in {}",
                    written.len(),
                    dir.display()
                );
            }
            Some(Err(e)) => {
                self.files.errors = vec![format!("The sheet was not written: {e}")];
            }
        }
    }

    /// Waits for the sheet being written (tests): the files written, or why not.
    pub fn finish_sheet(&mut self) -> Option<Result<Vec<PathBuf>, String>> {
        let (_, mut job) = self.jobs.sheet.take()?;
        loop {
            let mut slot = Some(job);
            if let Some(result) = crate::editor::job::finished(&mut slot, "the sheet") {
                return Some(result);
            }
            job = slot?;
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}
