//! `steerlab simulate`: a scene run headless, every agent's state after each tick as CSV.

use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use super::{CsvNumbers, load_scene, out, write_csv_as};
use crate::scene;
use crate::sim::World;
use crate::sim::model::text::escape_controls;

pub(super) fn simulate(
    path: &Path,
    steps: u64,
    out: Option<&Path>,
    numbers: CsvNumbers,
) -> ExitCode {
    if let Some(Err(e)) = out.map(|o| out::SIMULATE.check(o)) {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    let scene = match load_scene(path) {
        Ok(scene) => scene,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    // Checked when it was read: the world takes it as it is, with no second check or copy.
    let mut world = scene.into_world();
    let result = match out {
        None => {
            let stdout = std::io::stdout();
            let mut w = BufWriter::new(stdout.lock());
            write_csv_as(&mut world, steps, numbers, &mut w).and_then(|()| w.flush())
        }
        Some(out) => write_csv_file(&mut world, steps, numbers, out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let target =
                out.map_or_else(|| "standard output".to_owned(), |p| p.display().to_string());
            eprintln!(
                "{}: cannot write: {}",
                escape_controls(&target),
                escape_controls(&e.to_string())
            );
            ExitCode::from(1)
        }
    }
}

/// Streams the CSV into a temporary file beside `out`, then renames it over `out`.
fn write_csv_file(
    world: &mut World,
    steps: u64,
    numbers: CsvNumbers,
    out: &Path,
) -> std::io::Result<()> {
    let dir = scene::parent_dir(out);
    let tmp = tempfile::Builder::new()
        .prefix(".steerlab-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    let mut w = BufWriter::new(tmp);
    write_csv_as(world, steps, numbers, &mut w)?;
    let tmp = w
        .into_inner()
        .map_err(std::io::IntoInnerError::into_error)?;
    tmp.as_file().sync_all()?;
    tmp.persist(out).map_err(|e| e.error)?;
    Ok(())
}
