//! `steerlab sheet`: a page per scene for a team's wiki (`render::sheet`).

use std::path::PathBuf;
use std::process::ExitCode;

use super::load::load_scene;
use crate::render::sheet::folder::{SheetScene, write_sheets};
use crate::render::sheet::{SheetError, SheetOptions};
use crate::sim::model::text::escape_controls;

/// What `steerlab sheet` is given.
#[derive(clap::Args, Debug)]
pub struct SheetArgs {
    /// The scenes (.ron), or names of built-in presets such as `seek.ron`.
    #[arg(required = true)]
    pub scenes: Vec<PathBuf>,
    /// The folder the pages and clips go into (made when missing).
    #[arg(long)]
    pub out: PathBuf,
    /// A baseline: each page adds the values that differ from it, its metrics beside the
    /// scene's, and a clip of the two side by side.
    #[arg(long, value_name = "BASE.ron")]
    pub against: Option<PathBuf>,
    /// The web editor's address the pages' links open (as `steerlab link --page`). Without it
    /// the pages have no web link (a wiki page would get a dead one) and say how to add one.
    #[arg(long, value_name = "URL")]
    pub page: Option<String>,
    /// Seconds of each clip (30 frames a second).
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f32,
    /// Frame size of each clip, `WIDTHxHEIGHT` (even, for the video); a clip beside the
    /// baseline is twice as wide.
    #[arg(long, default_value = "640x360", value_parser = super::parse_size)]
    pub size: super::Size,
    /// Threads for the goals' runs (0: all; the same results at any number).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// The file stem a scene's page is named by: its file's, or its name's for a preset.
fn stem_of(path: &std::path::Path) -> String {
    path.file_stem()
        .map_or_else(|| "scene".to_owned(), |s| s.to_string_lossy().into_owned())
}

/// `steerlab sheet SCENE.ron… --out DIR [--against BASE.ron] [--page URL]`.
pub fn sheet(args: &SheetArgs) -> ExitCode {
    let options = SheetOptions {
        page: args.page.clone(),
        clip_seconds: args.seconds,
        size: args.size.0,
        threads: args.threads,
    };
    // The clips' length and size, before any scene is read.
    if let Err(e) = options.check(args.against.is_some()) {
        let [w, h] = args.size.0;
        let flag = match e {
            SheetError::Seconds(s) => format!("--seconds {s}"),
            _ => format!("--size {w}x{h}"),
        };
        eprintln!("steerlab sheet: {flag}: {e}");
        return ExitCode::from(2);
    }
    let mut scenes = Vec::with_capacity(args.scenes.len());
    for path in &args.scenes {
        match load_scene(path) {
            Ok(scene) => scenes.push((stem_of(path), scene.into_scene())),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(1);
            }
        }
    }
    let against = match &args.against {
        Some(path) => match load_scene(path) {
            Ok(scene) => Some(SheetScene {
                stem: stem_of(path),
                scene: scene.into_scene(),
            }),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(1);
            }
        },
        None => None,
    };
    let entries: Vec<SheetScene> = scenes
        .into_iter()
        .map(|(stem, scene)| SheetScene { stem, scene })
        .collect();
    let progress = |name: &str| eprintln!("steerlab sheet: {}", escape_controls(name));
    match write_sheets(&entries, against.as_ref(), &args.out, &options, &progress) {
        Ok(written) => {
            for path in written {
                sayln!("{}", escape_controls(&path.display().to_string()));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("steerlab sheet: {e}");
            ExitCode::from(1)
        }
    }
}
