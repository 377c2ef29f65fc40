//! An atlas as files a designer opens: the atlas itself (`atlas.ron`), the scene it was made
//! from (`scene.ron`), each cell's variant as a scene (`cells/x03_y05.ron`), a contact sheet
//! (`atlas.png`: each cell's run as a thumbnail of its trajectories, the axes labelled in their
//! metrics' units) and a page in Markdown and HTML with each cell linked to its scene.

// The sheet's sides are a few thousand pixels at most: whole numbers, exact in f32.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use egui::{Align2, FontId, Pos2, Rect, Stroke, pos2, vec2};

use crate::render::encode_png;
use crate::render::raster::{Raster, Textures};
use crate::render::sheet::page::{h, md, md_block};
use crate::scene::{Scene, labels, target_text};
use crate::sim::FieldPath;
use crate::sim::model::text::readable_number;
use crate::sim::observe::metrics::{definition, metric_text};
use crate::tuning::atlas::{Atlas, Axis, Elite};
use crate::tuning::sweep::{Pool, TRAJECTORY_AGENTS, Trajectory, measure_with_trajectories};
use crate::view::headless::Headless;
use crate::view::palette;
use crate::view::thumbnail::paint_trajectory;

/// The side of a cell's thumbnail in the contact sheet, pixels.
pub const THUMB: u32 = 96;
/// Room left of the grid for the y axis, below it for the x axis, above it for the title.
const LEFT: f32 = 96.0;
const BELOW: f32 = 56.0;
const ABOVE: f32 = 44.0;
const RIGHT: f32 = 24.0;

/// The file a cell's scene is saved in, relative to the atlas's folder.
#[must_use]
pub fn cell_file(e: &Elite) -> String {
    format!("cells/x{:02}_y{:02}.ron", e.cell.0, e.cell.1)
}

/// The scene of cell `e`: `base` with the atlas's fields set to its values.
pub fn cell_scene(atlas: &Atlas, base: &Scene, e: &Elite) -> Result<Scene, String> {
    let mut scene = base.clone();
    for ((field, ..), &v) in atlas.plan.fields.iter().zip(&e.values) {
        let path = FieldPath::parse(field).map_err(|e| e.to_string())?;
        path.set(&mut scene, v).map_err(|e| e.message)?;
    }
    Ok(scene)
}

/// An axis's title: the metric and its unit.
fn axis_title(a: &Axis) -> String {
    let name = a.metric_name();
    match definition(name).map(|d| d.unit) {
        Some(unit) if !unit.is_empty() => format!("{} ({unit})", a.metric),
        _ => a.metric.clone(),
    }
}

/// Where the contact sheet's parts go: the grid of `cx` × `cy` thumbnails with room around
/// it for the title and the axes.
struct SheetLayout {
    cx: u32,
    cy: u32,
}

impl SheetLayout {
    fn of(atlas: &Atlas) -> Self {
        Self {
            cx: atlas.plan.x.cells.max(1),
            cy: atlas.plan.y.cells.max(1),
        }
    }

    /// The sheet's size in pixels.
    fn size(&self) -> (u32, u32) {
        (
            LEFT as u32 + THUMB * self.cx + RIGHT as u32,
            ABOVE as u32 + THUMB * self.cy + BELOW as u32,
        )
    }

    /// Cell `(c, r)`'s square: columns left to right, rows bottom to top.
    fn cell(&self, c: u32, r: u32) -> Rect {
        let thumb = THUMB as f32;
        Rect::from_min_size(
            pos2(
                LEFT + thumb * c as f32,
                ABOVE + thumb * (self.cy - 1 - r.min(self.cy - 1)) as f32,
            ),
            vec2(thumb, thumb),
        )
    }

    /// The grid's bottom edge.
    fn bottom(&self) -> f32 {
        ABOVE + THUMB as f32 * self.cy as f32
    }
}

/// The contact sheet: one thumbnail per cell (`traces`, one per filled cell in `atlas.cells`'
/// order), the x axis along the bottom and the y axis up the left, labelled at the cells'
/// edges.
#[must_use]
pub fn contact_sheet(atlas: &Atlas, traces: &[Trajectory]) -> Raster {
    let layout = SheetLayout::of(atlas);
    let (w, hgt) = layout.size();
    let mut headless = Headless::new(w as f32, hgt as f32);
    let title = format!(
        "{}: {} cells of {} filled, {} runs",
        atlas.plan.scene,
        atlas.cells.len(),
        layout.cx * layout.cy,
        atlas.evaluations
    );
    let mut frame = headless.run(|ui| {
        let painter = ui.painter().clone();
        painter.rect_filled(
            Rect::from_min_size(Pos2::ZERO, vec2(w as f32, hgt as f32)),
            0.0,
            palette::BACKGROUND,
        );
        painter.text(
            pos2(LEFT, 14.0),
            Align2::LEFT_TOP,
            &title,
            FontId::proportional(14.0),
            palette::WALL,
        );
        for r in 0..layout.cy {
            for c in 0..layout.cx {
                painter.rect_stroke(
                    layout.cell(c, r).shrink(2.0),
                    3.0,
                    Stroke::new(1.0, palette::GRID),
                    egui::StrokeKind::Inside,
                );
            }
        }
        for (e, trace) in atlas.cells.iter().zip(traces) {
            let rect = layout.cell(e.cell.0, e.cell.1).shrink(2.0);
            paint_trajectory(&painter.with_clip_rect(rect), rect, trace, false);
        }
        paint_axes(&painter, atlas, &layout);
    });
    let mut textures = Textures::default();
    textures.apply(&frame.textures);
    let mut raster = Raster::new(w as usize, hgt as usize, palette::BACKGROUND);
    raster.paint(&frame.primitives, &textures, frame.pixels_per_point);
    // Applied above (epaint checks that no texture change is dropped unseen).
    frame.textures.clear();
    raster
}

/// The axes: a tick and its value at every cell's edge, and each axis's metric and unit.
fn paint_axes(painter: &egui::Painter, atlas: &Atlas, layout: &SheetLayout) {
    let text = palette::WALL;
    let small = FontId::proportional(11.0);
    let thumb = THUMB as f32;
    let bottom = layout.bottom();
    for k in 0..=layout.cx {
        let x = LEFT + thumb * k as f32;
        let v = edge(&atlas.plan.x, k);
        painter.line_segment(
            [pos2(x, bottom), pos2(x, bottom + 4.0)],
            Stroke::new(1.0, text),
        );
        painter.text(
            pos2(x, bottom + 6.0),
            Align2::CENTER_TOP,
            readable_number(v),
            small.clone(),
            text,
        );
    }
    painter.text(
        pos2(LEFT + thumb * layout.cx as f32 * 0.5, bottom + 26.0),
        Align2::CENTER_TOP,
        axis_title(&atlas.plan.x),
        FontId::proportional(13.0),
        text,
    );
    for k in 0..=layout.cy {
        let y = bottom - thumb * k as f32;
        let v = edge(&atlas.plan.y, k);
        painter.line_segment([pos2(LEFT - 4.0, y), pos2(LEFT, y)], Stroke::new(1.0, text));
        painter.text(
            pos2(LEFT - 6.0, y),
            Align2::RIGHT_CENTER,
            readable_number(v),
            small.clone(),
            text,
        );
    }
    let galley =
        painter.layout_no_wrap(axis_title(&atlas.plan.y), FontId::proportional(13.0), text);
    let mid = ABOVE + thumb * layout.cy as f32 * 0.5;
    let at = pos2(12.0, mid + galley.size().x * 0.5);
    painter.add(
        egui::epaint::TextShape::new(at, galley, text).with_angle(-std::f32::consts::FRAC_PI_2),
    );
}

/// The value at edge `k` of an axis (0: its low end).
fn edge(a: &Axis, k: u32) -> f64 {
    if k == 0 { a.lo } else { a.bounds(k - 1).1 }
}

/// A cell's name as the page shows it: `x3 y5` (from 0, x along, y up).
fn cell_name(e: &Elite) -> String {
    format!("x{} y{}", e.cell.0, e.cell.1)
}

/// What a cell's row of the page says: its two axes' values, its fields' values, its score.
fn cell_facts(atlas: &Atlas, base: &Scene, e: &Elite) -> (String, String, String) {
    let at = format!(
        "{} = {}, {} = {}",
        atlas.plan.x.metric,
        metric_text(&atlas.plan.x.metric, e.at.0),
        atlas.plan.y.metric,
        metric_text(&atlas.plan.y.metric, e.at.1)
    );
    // Each field in a designer's words and with its unit (`blue › alignment › weight = 0.33`).
    let values: Vec<String> = atlas
        .plan
        .fields
        .iter()
        .zip(&e.values)
        .map(|((f, ..), v)| match FieldPath::parse(f) {
            Ok(path) => format!(
                "{} = {}",
                labels::field_name(base, &path),
                labels::value_text(&path, *v)
            ),
            Err(_) => format!("{f} = {}", readable_number(*v)),
        })
        .collect();
    let has_goals = base.goals.as_ref().is_some_and(|g| !g.list.is_empty());
    let change = format!(
        "{} from the scene's values (0: the same, 1: the far corner of the ranges)",
        readable_number(e.change)
    );
    let quality = if e.violation > 0.0 {
        let missed = missed_goals(base, e);
        if missed.is_empty() {
            // Met on the scene's own seed, missed on another.
            format!(
                "misses its goals on another seed (short by {} in all, in the goals' own scales)",
                readable_number(e.violation)
            )
        } else {
            format!("misses {}", missed.join("; "))
        }
    } else if has_goals {
        format!("meets its goals; {change}")
    } else {
        change
    };
    (at, values.join(", "), quality)
}

/// The scene's goals that cell `e`'s run on the scene's own seed misses, each with what it
/// reached: `arrivers.time_to_arrive <= 6 s (8.66 s)`.
fn missed_goals(base: &Scene, e: &Elite) -> Vec<String> {
    let Some(goals) = &base.goals else {
        return Vec::new();
    };
    goals
        .list
        .iter()
        .filter(|g| !g.meant_to_miss)
        .filter_map(|g| {
            let name = g.qualified();
            let value = e
                .metrics
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| *v)
                .filter(|v| v.is_finite());
            let reached =
                value.map_or_else(|| "no value".to_owned(), |v| metric_text(&g.metric, v));
            (!g.holds_for(value)).then(|| format!("{} ({reached})", target_text(g)))
        })
        .collect()
}

/// The page in Markdown: the contact sheet, then a row per filled cell linked to its scene.
#[must_use]
pub fn markdown(atlas: &Atlas, base: &Scene) -> String {
    let p = &atlas.plan;
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", md_block(&format!("Atlas of {}", p.scene)));
    let _ = writeln!(
        out,
        "{} of {}×{} cells filled by {} runs of {} s on {} seed{}; across: {}, up: {}.\n",
        atlas.cells.len(),
        p.x.cells,
        p.y.cells,
        atlas.evaluations,
        readable_number(p.seconds),
        p.seeds.len(),
        if p.seeds.len() == 1 { "" } else { "s" },
        md(&axis_title(&p.x)),
        md(&axis_title(&p.y)),
    );
    let _ = writeln!(out, "![the atlas's contact sheet](atlas.png)\n");
    let _ = writeln!(out, "| cell | where | values | quality |");
    let _ = writeln!(out, "|---|---|---|---|");
    for e in &atlas.cells {
        let (at, values, quality) = cell_facts(atlas, base, e);
        let _ = writeln!(
            out,
            "| [{}]({}) | {} | {} | {} |",
            cell_name(e),
            cell_file(e),
            md(&at),
            md(&values),
            md(&quality)
        );
    }
    out
}

/// The page in HTML: the contact sheet with each cell a link to its scene, then the same rows
/// as the Markdown page.
#[must_use]
pub fn html(atlas: &Atlas, base: &Scene) -> String {
    let p = &atlas.plan;
    let (cx, cy) = (p.x.cells.max(1), p.y.cells.max(1));
    let mut out = String::new();
    let title = format!("Atlas of {}", p.scene);
    let _ = writeln!(
        out,
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{}</title>\n<style>body{{font-family:sans-serif;background:#1b1e26;color:#dde}}a{{color:#9cf}}td,th{{padding:2px 8px;text-align:left}}</style></head><body>\n<h1>{}</h1>",
        h(&title),
        h(&title)
    );
    let _ = writeln!(
        out,
        "<p>{} of {cx}×{cy} cells filled by {} runs; across: {}, up: {}. Click a cell to open its scene.</p>",
        atlas.cells.len(),
        atlas.evaluations,
        h(&axis_title(&p.x)),
        h(&axis_title(&p.y))
    );
    let _ = writeln!(
        out,
        "<img src=\"atlas.png\" usemap=\"#cells\" alt=\"the atlas's contact sheet\">\n<map name=\"cells\">"
    );
    let layout = SheetLayout::of(atlas);
    for e in &atlas.cells {
        let r = layout.cell(e.cell.0, e.cell.1);
        let (at, values, _) = cell_facts(atlas, base, e);
        let _ = writeln!(
            out,
            "<area shape=\"rect\" coords=\"{},{},{},{}\" href=\"{}\" title=\"{}\">",
            r.min.x,
            r.min.y,
            r.max.x,
            r.max.y,
            h(&cell_file(e)),
            h(&format!("{}: {at}; {values}", cell_name(e)))
        );
    }
    let _ = writeln!(
        out,
        "</map>\n<table>\n<tr><th>cell</th><th>where</th><th>values</th><th>quality</th></tr>"
    );
    for e in &atlas.cells {
        let (at, values, quality) = cell_facts(atlas, base, e);
        let _ = writeln!(
            out,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            h(&cell_file(e)),
            h(&cell_name(e)),
            h(&at),
            h(&values),
            h(&quality)
        );
    }
    let _ = writeln!(out, "</table>\n</body></html>");
    out
}

/// `trace` with only the agents of the group the atlas's x axis measures (the others are the
/// same in every cell and would crowd the thumbnails).
#[must_use]
pub fn measured_group_only(atlas: &Atlas, base: &Scene, mut trace: Trajectory) -> Trajectory {
    let group = atlas.plan.x.metric.rsplit_once('.').map(|(g, _)| g);
    if let Some(k) = group.and_then(|g| base.groups.iter().position(|s| s.name == g)) {
        trace.agents.retain(|(g, _)| usize::from(*g) == k);
    }
    trace
}

/// Each filled cell's run again, keeping where the first agents of its measured group went (the
/// scene's own seed), on `pool`, in the cells' order.
pub fn cell_traces(atlas: &Atlas, base: &Scene, pool: &Pool) -> Result<Vec<Trajectory>, String> {
    let scenes: Vec<Scene> = atlas
        .cells
        .iter()
        .map(|e| cell_scene(atlas, base, e))
        .collect::<Result<_, _>>()?;
    pool.map(&scenes, |s| {
        measure_with_trajectories(s, atlas.plan.steps, TRAJECTORY_AGENTS)
            .map(|(_, t)| measured_group_only(atlas, base, t))
    })
    .into_iter()
    .collect()
}

/// Writes `atlas` (made from `base`) into `dir` (made when missing): `atlas.ron`,
/// `scene.ron`, `cells/*.ron`, `atlas.png`, `atlas.md` and `atlas.html`; the cell scenes an
/// earlier atlas left in `cells/` go. Returns the files written; `Err` names the file that
/// failed and why.
pub fn write_atlas(
    atlas: &Atlas,
    base: &Scene,
    dir: &Path,
    pool: &Pool,
) -> Result<Vec<PathBuf>, String> {
    let failed = |path: &Path, e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    if dir.exists() && !dir.is_dir() {
        return Err(failed(dir, &"exists and is not a folder"));
    }
    let cells = dir.join("cells");
    std::fs::create_dir_all(&cells).map_err(|e| failed(&cells, &e))?;
    let mut written = Vec::new();
    let mut put = |name: &str, bytes: &[u8]| -> Result<(), String> {
        let path = dir.join(name);
        crate::scene::write_atomic(&path, bytes).map_err(|e| failed(&path, &e))?;
        written.push(path);
        Ok(())
    };
    put("atlas.ron", atlas.to_ron()?.as_bytes())?;
    put("scene.ron", crate::scene::to_string(base).as_bytes())?;
    for e in &atlas.cells {
        let scene = cell_scene(atlas, base, e)?;
        put(&cell_file(e), crate::scene::to_string(&scene).as_bytes())?;
    }
    let traces = cell_traces(atlas, base, pool)?;
    let sheet = contact_sheet(atlas, &traces);
    let image = image::RgbaImage::from_raw(
        u32::try_from(sheet.width()).unwrap_or(0),
        u32::try_from(sheet.height()).unwrap_or(0),
        sheet.to_rgba8(),
    )
    .ok_or("the contact sheet's size does not match its pixels")?;
    let png = encode_png(image).map_err(|e| e.to_string())?;
    put("atlas.png", &png)?;
    put("atlas.md", markdown(atlas, base).as_bytes())?;
    put("atlas.html", html(atlas, base).as_bytes())?;
    remove_stale_cells(&cells, &written)?;
    Ok(written)
}

/// Removes the cell scenes an earlier atlas left in `cells` that this one did not write (a
/// larger grid's `x07_y00.ron`), so that every cell file there is this atlas's. Files of any
/// other name are left alone.
fn remove_stale_cells(cells: &Path, written: &[PathBuf]) -> Result<(), String> {
    let is_cell_file = |name: &str| {
        let Some(rest) = name.strip_prefix('x').and_then(|r| r.strip_suffix(".ron")) else {
            return false;
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        rest.split_once("_y")
            .is_some_and(|(x, y)| digits(x) && digits(y))
    };
    let entries = std::fs::read_dir(cells).map_err(|e| format!("{}: {e}", cells.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let stale = entry.file_name().to_str().is_some_and(is_cell_file)
            && path.is_file()
            && !written.contains(&path);
        if stale {
            std::fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::atlas::Origin;

    fn elite(metrics: &[(&str, f64)]) -> Elite {
        Elite {
            cell: (0, 0),
            values: Vec::new(),
            point: Vec::new(),
            at: (0.0, 0.0),
            metrics: metrics.iter().map(|(n, v)| ((*n).to_owned(), *v)).collect(),
            violation: 1.0,
            change: 0.0,
            score: 1.0,
            origin: Origin {
                island: 0,
                index: 0,
            },
        }
    }

    #[test]
    fn a_missed_goal_is_named_with_what_the_run_reached() {
        let text = include_str!("../../docs/examples/arrive_goals.ron");
        let base = crate::scene::from_str(text, "arrive_goals.ron")
            .expect("the example loads")
            .into_scene();
        // arrived >= 1, time_to_arrive <= 6 s, overshoot <= 1 u.
        let e = elite(&[
            ("arrivers.arrived", 1.0),
            ("arrivers.time_to_arrive", 8.5),
            ("arrivers.overshoot", 1.0),
        ]);
        assert_eq!(
            missed_goals(&base, &e),
            ["arrivers.time_to_arrive <= 6 s (8.5 s)"]
        );
        // A metric with no value misses its goal; one met exactly holds.
        let e = elite(&[
            ("arrivers.arrived", 0.8),
            ("arrivers.time_to_arrive", 6.0),
            ("arrivers.overshoot", f64::NAN),
        ]);
        assert_eq!(
            missed_goals(&base, &e),
            [
                "arrivers.arrived >= 1 (0.8)",
                "arrivers.overshoot <= 1 u (no value)"
            ]
        );
        let e = elite(&[
            ("arrivers.arrived", 1.0),
            ("arrivers.time_to_arrive", 2.0),
            ("arrivers.overshoot", 0.0),
        ]);
        assert!(missed_goals(&base, &e).is_empty());
    }
}
