//! A sheet's folder: per scene its Markdown page, its HTML page and its clips (a GIF, and the
//! MP4 with the `video` feature; side by side with the baseline too, given one), and an index
//! of several. Each file is written whole or not at all.

use std::path::{Path, PathBuf};

use super::page::{self, Clip, Clips};
use super::{Content, SheetError, SheetOptions};
use crate::render::{Compare, Control, Layout, Output, Take};
use crate::scene::Scene;

/// A scene to write a page for, with the file stem its page and clips are named by.
#[derive(Clone, Debug)]
pub struct SheetScene {
    /// `seek` for `seek.md`, `seek.html`, `seek.gif`.
    pub stem: String,
    /// The scene.
    pub scene: Scene,
}

/// Stems made unique in order (`seek`, `seek-2`, ...), each file-name safe.
#[must_use]
pub fn unique_stems(stems: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(stems.len());
    for stem in stems {
        let base = crate::render::file_stem(stem);
        let mut name = base.clone();
        let mut n = 2;
        while out.contains(&name) || name == "index" {
            name = format!("{base}-{n}");
            n += 1;
        }
        out.push(name);
    }
    out
}

fn failed(path: &Path, why: &dyn std::fmt::Display) -> SheetError {
    SheetError::Write {
        path: path.to_owned(),
        why: why.to_string(),
    }
}

/// The frame size of a clip of `size` pages, side by side with the baseline when `beside`: two
/// panels of the page's width and a 2-pixel rule between them.
fn clip_size([w, h]: [u32; 2], beside: bool) -> [u32; 2] {
    if beside {
        [w.saturating_mul(2).saturating_add(2), h]
    } else {
        [w, h]
    }
}

/// The take of a clip of `options` (whose length [`SheetOptions::check`] has checked), side by
/// side with a baseline when `beside` (its world is the caller's to add).
pub(super) fn clip_take(options: &SheetOptions, beside: bool) -> Take {
    // 30 frames a second for a checked length (at most `MAX_TAKE_SECONDS`): far inside u32;
    // an unchecked length past it saturates, and the take's own check refuses it.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let frames = (options.clip_seconds * 30.0).round() as u32;
    let presentation = crate::view::present::Presentation {
        size: clip_size(options.size, beside),
        legend: true,
        caption: true,
    };
    Take::whole_world(30, frames, presentation)
}

/// Renders `scene` (beside `base`, given one) for `options.clip_seconds` to `path`, and reads
/// the file back when `read`.
fn clip(
    scene: &Scene,
    base: Option<&Scene>,
    path: &Path,
    options: &SheetOptions,
    read: bool,
) -> Result<Clip, SheetError> {
    let world = scene.build_world().map_err(|e| failed(path, &e))?;
    let compare = match base {
        Some(b) => Some(Compare {
            scene: b.clone(),
            world: b.build_world().map_err(|e| failed(path, &e))?,
            layout: Layout::SideBySide,
        }),
        None => None,
    };
    let take = Take {
        compare,
        ..clip_take(options, base.is_some())
    };
    let output = Output::from_path(path);
    crate::render::render(world, scene, &take, &output, &Control::default())
        .map_err(SheetError::Clip)?;
    let bytes = if read {
        std::fs::read(path).map_err(|e| failed(path, &e))?
    } else {
        Vec::new()
    };
    Ok(Clip {
        file: path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default(),
        bytes,
    })
}

/// The clips of one page: the scene, and beside the baseline; each as a GIF and (with the
/// `video` feature) an MP4.
fn clips(
    entry: &SheetScene,
    against: Option<&SheetScene>,
    dir: &Path,
    options: &SheetOptions,
) -> Result<Clips, SheetError> {
    let video = cfg!(feature = "video");
    let pair = |base: Option<&Scene>, name: &str| -> Result<(Clip, Option<Clip>), SheetError> {
        // The HTML page holds the video where there is one, else the GIF: only its bytes are
        // read back.
        let at = |ext: &str| dir.join(format!("{name}.{ext}"));
        let gif = clip(&entry.scene, base, &at("gif"), options, !video)?;
        let mp4 = video
            .then(|| clip(&entry.scene, base, &at("mp4"), options, true))
            .transpose()?;
        Ok((gif, mp4))
    };
    let stem = &entry.stem;
    let (gif, mp4) = pair(None, stem)?;
    // `--` never comes out of `file_stem`: no page's own clip has this name.
    let compare = against
        .map(|base| pair(Some(&base.scene), &format!("{stem}--vs--{}", base.stem)))
        .transpose()?;
    Ok(Clips { gif, mp4, compare })
}

/// Writes `text` to `path` whole or not at all.
fn write(path: &Path, text: &str, written: &mut Vec<PathBuf>) -> Result<(), SheetError> {
    crate::scene::write_atomic(path, text.as_bytes()).map_err(|e| failed(path, &e))?;
    written.push(path.to_owned());
    Ok(())
}

/// Writes the sheets of `entries` into `dir` (made when missing), each against the baseline
/// `against` when given; `progress` hears each scene's name as its page begins. Returns the
/// files written (clips first, then pages, then the index of several); `Err` says which file
/// or scene failed and why.
pub fn write_sheets(
    entries: &[SheetScene],
    against: Option<&SheetScene>,
    dir: &Path,
    options: &SheetOptions,
    progress: &dyn Fn(&str),
) -> Result<Vec<PathBuf>, SheetError> {
    options.check(against.is_some())?;
    if dir.exists() && !dir.is_dir() {
        return Err(failed(dir, &"exists and is not a folder"));
    }
    // The names of the files: each stem made file-name safe and unique here, whatever the
    // caller passed.
    let stems = unique_stems(&entries.iter().map(|e| e.stem.clone()).collect::<Vec<_>>());
    let entries: Vec<SheetScene> = stems
        .into_iter()
        .zip(entries)
        .map(|(stem, e)| SheetScene {
            stem,
            scene: e.scene.clone(),
        })
        .collect();
    let against = against.map(|a| SheetScene {
        stem: crate::render::file_stem(&a.stem),
        scene: a.scene.clone(),
    });
    let against = against.as_ref();
    std::fs::create_dir_all(dir).map_err(|e| failed(dir, &e))?;
    let mut written = Vec::new();
    let mut pages = Vec::with_capacity(entries.len());
    for entry in &entries {
        progress(&entry.scene.name);
        let content = Content::of(
            &entry.stem,
            &entry.scene,
            against.map(|a| (a.stem.as_str(), &a.scene)),
            options,
        )
        .map_err(|why| SheetError::Page {
            scene: entry.scene.name.clone(),
            why,
        })?;
        let clips = clips(entry, against, dir, options)?;
        for c in [Some(&clips.gif), clips.mp4.as_ref()]
            .into_iter()
            .chain(
                clips
                    .compare
                    .iter()
                    .flat_map(|(g, m)| [Some(g), m.as_ref()]),
            )
            .flatten()
        {
            written.push(dir.join(&c.file));
        }
        let seconds = options.clip_seconds;
        let md = page::markdown(&content, &clips, seconds);
        write(&dir.join(format!("{}.md", entry.stem)), &md, &mut written)?;
        let html = page::html(&content, &clips, seconds);
        write(
            &dir.join(format!("{}.html", entry.stem)),
            &html,
            &mut written,
        )?;
        pages.push(content);
    }
    if pages.len() > 1 {
        write(
            &dir.join("index.md"),
            &page::index_markdown(&pages),
            &mut written,
        )?;
        write(
            &dir.join("index.html"),
            &page::index_html(&pages),
            &mut written,
        )?;
    }
    Ok(written)
}
