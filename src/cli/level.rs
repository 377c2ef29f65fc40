//! `steerlab level`: a black-and-white picture of a level traced into a scene's level polygons.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::load::load_scene;
use crate::level::{PictureLevel, level_from_picture};
use crate::scene;
use crate::sim::model::text::escape_controls;

/// What `steerlab level` is given.
#[derive(clap::Args, Debug)]
pub struct LevelArgs {
    /// The picture (PNG or GIF): dark pixels are walls (luminance under half), light ones the
    /// walkable area; transparent pixels are walkable.
    pub image: PathBuf,
    /// The scene the level goes into (.ron, or a built-in preset's name): the picture is
    /// stretched over its world.
    #[arg(long)]
    pub scene: PathBuf,
    /// Where to save the scene with its new level (.ron, written atomically).
    #[arg(long)]
    pub out: PathBuf,
    /// How far, in pixels, a traced outline may be straightened (0 keeps every pixel step).
    #[arg(long, default_value_t = 1.0)]
    pub tolerance: f32,
    /// Walls smaller than this many pixels are left out.
    #[arg(long, default_value_t = 4.0)]
    pub min_area: f32,
}

/// The walls of a picture: a pixel is a wall when it is opaque (alpha at least half) and dark
/// (Rec. 709 luminance under half).
fn walls_of(path: &Path) -> Result<(usize, usize, Vec<bool>), String> {
    let picture = image::open(path).map_err(|e| format!("cannot read the picture: {e}"))?;
    let rgba = picture.to_rgba8();
    let (width, height) = (rgba.width() as usize, rgba.height() as usize);
    let walls = rgba
        .pixels()
        .map(|p| {
            let [r, g, b, a] = p.0;
            let luminance = 0.2126 * f32::from(r) + 0.7152 * f32::from(g) + 0.0722 * f32::from(b);
            a >= 128 && luminance < 127.5
        })
        .collect();
    Ok((width, height, walls))
}

/// The level traced from `image` at `tolerance`, with the picture's size.
pub fn trace_image(
    image: &Path,
    tolerance: f32,
    min_area: f32,
) -> Result<(PictureLevel, (usize, usize)), String> {
    let (width, height, walls) = walls_of(image)?;
    let traced = level_from_picture(width, height, &walls, tolerance, min_area)
        .ok_or_else(|| "the picture has no walkable (light) pixel".to_owned())?;
    Ok((traced, (width, height)))
}

/// Runs `steerlab level`.
pub fn level(args: &LevelArgs) -> ExitCode {
    let shown = |p: &Path| escape_controls(&p.display().to_string()).into_owned();
    let checked = match load_scene(&args.scene) {
        Ok(s) => s,
        Err(errors) => {
            eprintln!("{errors}");
            return ExitCode::from(1);
        }
    };
    let (traced, pixels) = match trace_image(&args.image, args.tolerance, args.min_area) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e}; nothing saved", shown(&args.image));
            return ExitCode::from(1);
        }
    };
    let mut scene = checked.into_scene();
    let size = glam::Vec2::new(scene.world.width, scene.world.height);
    scene.level = traced.to_level(pixels, size);
    let corners: usize = scene.level.rings().map(<[_]>::len).sum();
    if let Err(refused) = crate::sim::CheckedSpec::new(scene.world_spec()) {
        let errors = refused.problems;
        eprintln!(
            "{}: the traced level ({corners} corners) does not make a valid scene: {errors}; \
             raise --tolerance to straighten the outlines; nothing saved",
            shown(&args.image)
        );
        return ExitCode::from(1);
    }
    if let Err(e) = scene::save(&args.out, &scene) {
        eprintln!("{}: {e}; nothing saved", shown(&args.out));
        return ExitCode::from(1);
    }
    sayln!(
        "{}: {} x {} pixels, {} holes, {corners} corners{}; saved {}",
        shown(&args.image),
        pixels.0,
        pixels.1,
        scene.level.holes.len(),
        if traced.dropped > 0 {
            format!(
                " ({} areas left out: specks and walkable areas apart from the largest)",
                traced.dropped
            )
        } else {
            String::new()
        },
        shown(&args.out)
    );
    ExitCode::SUCCESS
}
