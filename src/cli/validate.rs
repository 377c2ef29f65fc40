//! `steerlab validate`: every scene's errors and warnings, located.

use std::path::PathBuf;
use std::process::ExitCode;

use super::load_scene_all;
use crate::sim::model::text::escape_controls;

pub(super) fn validate(files: &[PathBuf], deny_warnings: bool) -> ExitCode {
    let mut all_valid = true;
    for file in files {
        let name = escape_controls(&file.display().to_string()).into_owned();
        match load_scene_all(file) {
            Ok(checked) => {
                for w in &checked.warnings {
                    eprintln!("{w}");
                }
                match checked.warnings.len() {
                    0 => sayln!("{name}: ok"),
                    n => {
                        let s = if n == 1 { "" } else { "s" };
                        sayln!("{name}: ok, {n} warning{s}");
                        all_valid &= !deny_warnings;
                    }
                }
            }
            Err(errors) => {
                all_valid = false;
                for e in &errors.0 {
                    eprintln!("{e}");
                }
            }
        }
    }
    if all_valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
