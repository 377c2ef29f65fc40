//! `steerlab link`: the web link of each scene.

use std::path::PathBuf;
use std::process::ExitCode;

use super::load_scene;
use crate::scene;
use crate::sim::model::text::escape_controls;

/// Prints the web link of each scene; exits 1 when one does not load or is too long.
pub(super) fn links(page: &str, files: &[PathBuf]) -> ExitCode {
    let mut all = true;
    for file in files {
        match load_scene(file) {
            Ok(scene) => {
                let link = scene::link::link(page, scene.scene());
                if link.len() <= scene::link::MAX_LINK_CHARS {
                    sayln!("{link}");
                } else {
                    all = false;
                    eprintln!(
                        "{}: its link would be {} characters, over the {} a link holds; share the file",
                        escape_controls(&file.display().to_string()),
                        link.len(),
                        scene::link::MAX_LINK_CHARS
                    );
                }
            }
            Err(errors) => {
                all = false;
                eprintln!("{errors}");
            }
        }
    }
    if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
