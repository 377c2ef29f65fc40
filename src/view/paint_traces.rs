//! Painting the scenery beyond circles (walls, paths and their bands, flow fields), the tools'
//! previews and picks, and what the behaviors beyond the tutorials recorded for each agent
//! ([`crate::sim::Detail`]): feelers and their hits, detection boxes, containment
//! probes, closest approaches, path predictions, formation slots, follow points, hiding spots
//! and interpose points. Like [`super::paint`], it draws only what the core recorded.

use egui::{Color32, Pos2, Rect, vec2};
use glam::Vec2;

use super::batch::Batch;
use super::input::CanvasInput;
use super::overlays::Overlay;
use super::palette::{self, behavior_color};
use super::tools::{Pick, ToolState};
use super::transform::View;
use crate::sim::BehaviorKind;
use crate::sim::Detail;
use crate::sim::model::scenery::FlowGrid;
use crate::sim::steer::behavior::{Figure, Layer, Mark, Tint};
use crate::sim::steer::marks::Anchor;

/// Smallest cell, in pixels, that still gets a flow arrow (smaller fields would be a carpet).
const MIN_FLOW_CELL_PIXELS: f32 = 10.0;

/// Flow fields, path bands and centre lines, and walls, in that order (under the agents).
pub fn paint_scenery(
    batch: &mut Batch,
    view: &View,
    rect: Rect,
    input: &CanvasInput<'_>,
    tools: Option<&ToolState>,
) {
    let spec = input.world.spec();
    let to_screen = |p: Vec2| view.screen_from_world(rect, p);
    let scale = view.pixels_per_unit;
    if input.overlays.shows(Overlay::Flow) {
        for (k, grid) in input.world.flow_grids().iter().enumerate() {
            let color = palette::FLOW_FIELDS[k % palette::FLOW_FIELDS.len()];
            paint_flow(batch, grid, (scale, color), &to_screen);
        }
    }
    if input.overlays.shows(Overlay::Navmesh) {
        paint_navigation(batch, input, &to_screen);
    }
    let picked = tools.and_then(|t| t.picked);
    let active_path = tools.and_then(|t| t.path);
    for (i, path) in spec.paths.iter().enumerate() {
        let points: Vec<Pos2> = path.points.iter().map(|&p| to_screen(p)).collect();
        let band = (2.0 * path.radius * scale).max(1.0);
        let segments = points.windows(2).map(|w| (w[0], w[1])).chain(
            path.is_closed()
                .then(|| (points.last().copied(), points.first().copied()))
                .and_then(|(a, b)| Some((a?, b?))),
        );
        for (a, b) in segments.clone() {
            batch.line(a, b, band, palette::PATH_BAND);
        }
        for &p in &points {
            batch.circle_filled(p, path.radius * scale, palette::PATH_BAND);
        }
        let width = if Some(i) == active_path { 2.5 } else { 1.5 };
        for (a, b) in segments {
            batch.line(a, b, width, palette::PATH);
        }
        for (k, &p) in points.iter().enumerate() {
            let pick = picked == Some(Pick::PathPoint(i, k));
            let color = if pick { palette::PICKED } else { palette::PATH };
            batch.circle_filled(p, if pick { 5.0 } else { 3.5 }, color);
        }
        // The direction of travel: an arrow head on the first segment.
        if let (Some(&a), Some(&b)) = (points.first(), points.get(1)) {
            let d = b - a;
            if d.length() > 20.0 {
                batch.arrow(a, d.normalized() * 14.0, 1.5, palette::PATH);
            }
        }
    }
    // The level: every edge of its polygons, as walls are drawn.
    for wall in spec.level.walls() {
        let (a, b) = (to_screen(wall.from), to_screen(wall.to));
        batch.line(a, b, 3.0, palette::WALL);
        batch.circle_filled(a, 1.5, palette::WALL);
    }
    if let Some(t) = tools.filter(|t| t.tool == super::CanvasTool::Level) {
        // The corners to grab, and the block being drawn.
        for (r, ring) in spec.level.rings().enumerate() {
            for (k, &p) in ring.iter().enumerate() {
                let pick = t.picked == Some(Pick::LevelCorner(r, k));
                let color = if pick { palette::PICKED } else { palette::WALL };
                batch.circle_filled(to_screen(p), if pick { 5.0 } else { 3.5 }, color);
            }
        }
        let draft: Vec<Pos2> = t.level_draft.iter().map(|&p| to_screen(p)).collect();
        for pair in draft.windows(2) {
            batch.line(pair[0], pair[1], 2.0, palette::PICKED);
        }
        for (k, &p) in draft.iter().enumerate() {
            batch.circle_filled(p, if k == 0 { 5.0 } else { 3.5 }, palette::PICKED);
        }
    }
    if let Some(t) = tools.filter(|t| t.tool == super::CanvasTool::Agents)
        && let Some(group) = spec.groups.get(t.group)
    {
        // The current group's spawn and its handles.
        let color = palette::group_color(t.group);
        if let crate::sim::Spawn::Area { min, max, .. } = group.spawn {
            let corners =
                [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)].map(to_screen);
            for k in 0..4 {
                batch.line(corners[k], corners[(k + 1) % 4], 1.5, color);
            }
        }
        for (_, p) in super::tools::spawn_handles(&group.spawn) {
            let at = to_screen(p);
            batch.circle_filled(at, 5.0, color);
            batch.circle_filled(at, 2.5, palette::BACKGROUND);
        }
    }
    for (i, wall) in spec.walls.iter().enumerate() {
        let color = if picked == Some(Pick::Wall(i)) {
            palette::PICKED
        } else {
            palette::WALL
        };
        let (a, b) = (to_screen(wall.from), to_screen(wall.to));
        batch.line(a, b, 3.0, color);
        batch.circle_filled(a, 2.5, color);
        batch.circle_filled(b, 2.5, color);
    }
    if let Some((a, b)) = tools.and_then(ToolState::drawing) {
        batch.line(to_screen(a), to_screen(b), 2.0, palette::PICKED);
    }
}

/// The navigation mesh of each navigating group (each mesh once), and every agent's route
/// ahead.
fn paint_navigation(batch: &mut Batch, input: &CanvasInput<'_>, to_screen: &impl Fn(Vec2) -> Pos2) {
    let mut drawn: Vec<*const crate::sim::model::navmesh::NavMesh> = Vec::new();
    for mesh in input.world.navmeshes().flatten() {
        let key: *const _ = mesh;
        if drawn.contains(&key) {
            continue;
        }
        drawn.push(key);
        for t in mesh.triangles() {
            let [a, b, c] = t.map(to_screen);
            batch.triangle([a, b, c], palette::NAVMESH_FILL);
            batch.line(a, b, 1.0, palette::NAVMESH_EDGE);
            batch.line(b, c, 1.0, palette::NAVMESH_EDGE);
            batch.line(c, a, 1.0, palette::NAVMESH_EDGE);
        }
    }
    for agent in input.world.agents() {
        let ahead = agent.route().ahead(agent.memory.navigate.next);
        if ahead.is_empty() {
            continue;
        }
        let mut from = to_screen(agent.position);
        for &p in ahead {
            let to = to_screen(p);
            batch.line(from, to, 1.5, palette::ROUTE);
            from = to;
        }
        batch.circle_filled(from, 3.0, palette::ROUTE);
    }
}

/// One arrow per cell, pointing along the field.
fn paint_flow(
    batch: &mut Batch,
    grid: &FlowGrid,
    (scale, color): (f32, egui::Color32),
    to_screen: &impl Fn(Vec2) -> Pos2,
) {
    let (cols, rows, cell) = grid.dims();
    let pixels = cell * scale;
    if pixels < MIN_FLOW_CELL_PIXELS {
        return;
    }
    for row in 0..rows {
        for col in 0..cols {
            #[allow(clippy::cast_precision_loss)] // At most MAX_FLOW_CELLS cells.
            let center = Vec2::new(col as f32 + 0.5, row as f32 + 0.5) * cell;
            let c = to_screen(center);
            if !batch.visible(c - vec2(pixels, pixels), c + vec2(pixels, pixels)) {
                continue;
            }
            let d = grid.cell(col, row);
            let arrow = vec2(d.x, d.y) * (pixels * 0.4);
            batch.arrow(c - arrow * 0.5, arrow, 1.2, color);
        }
    }
}

/// What each agent with overlays sensed and aimed at this tick: the marks each behavior makes
/// of its trace ([`crate::sim::steer::behavior::Behavior::marks`]), sensors and guides each under its
/// toggle, over the agents.
pub fn paint_details(
    batch: &mut Batch,
    scale: f32,
    to_screen: impl Fn(Vec2) -> Pos2,
    input: &CanvasInput<'_>,
    overlay_for: impl Fn(usize) -> bool,
) {
    let o = input.overlays;
    let layers: Vec<Layer> = [Layer::Sensor, Layer::Guide]
        .into_iter()
        .filter(|l| o.shows(layer_overlay(*l)))
        .collect();
    if layers.is_empty() {
        return;
    }
    let agents = input.world.agents();
    let mut marks = Vec::new();
    for (i, (agent, detail)) in agents.iter().zip(input.world.details()).enumerate() {
        if !overlay_for(i) {
            continue;
        }
        // Sensors first, guides over them, as the traces come in priority order.
        for &layer in &layers {
            paint_layer(
                batch,
                (scale, &to_screen),
                (agent.position, detail),
                layer,
                &mut marks,
            );
        }
    }
}

/// The overlay toggle that shows marks of `layer`.
#[must_use]
pub fn layer_overlay(layer: Layer) -> Overlay {
    match layer {
        Layer::Radius => Overlay::Radii,
        Layer::Wander => Overlay::Wander,
        Layer::Prediction => Overlay::Prediction,
        Layer::Sensor => Overlay::Sensors,
        Layer::Guide => Overlay::Guides,
    }
}

/// The marks of `layer` that the behaviors made of one agent's traces this tick, the agent
/// at `position` (`marks` is room to reuse).
pub fn paint_layer(
    batch: &mut Batch,
    (scale, to_screen): (f32, &impl Fn(Vec2) -> Pos2),
    (position, detail): (Vec2, &Detail),
    layer: Layer,
    marks: &mut Vec<Mark>,
) {
    for trace in detail.iter() {
        marks.clear();
        trace.marks(marks);
        for mark in marks.iter().filter(|m| m.layer == layer) {
            paint_mark(batch, (scale, to_screen), position, trace.kind(), mark);
        }
    }
}

/// One mark of behavior `kind` for the agent at `position`.
fn paint_mark(
    batch: &mut Batch,
    (scale, to_screen): (f32, &impl Fn(Vec2) -> Pos2),
    position: Vec2,
    kind: BehaviorKind,
    mark: &Mark,
) {
    let color = match mark.tint {
        Tint::Sensor => palette::SENSOR,
        Tint::Hit => palette::HIT,
        Tint::Own => behavior_color(kind),
        Tint::Layer => layer_color(mark.layer),
    };
    let color = if mark.alpha < 1.0 {
        color.gamma_multiply(mark.alpha)
    } else {
        color
    };
    let width = mark.width;
    let p = to_screen(position);
    let at = |q: Vec2| match mark.anchor {
        Anchor::World => to_screen(q),
        Anchor::Agent => to_screen(position + q),
    };
    match mark.shape {
        Figure::Ray(q) => batch.line(p, at(q), width, color),
        Figure::Segment(a, b) => batch.line(at(a), at(b), width, color),
        Figure::Dot(q, r) => batch.circle_filled(at(q), r, color),
        Figure::Ring(q, r) => batch.circle_stroke(at(q), r, width, color),
        Figure::Zone(q, r) => batch.circle_stroke(at(q), (r * scale).max(2.0), width, color),
        Figure::Cross(q) => batch.cross(at(q), vec2(4.0, 4.0), width, color),
        Figure::Arrow(q, d, length) => {
            batch.arrow(at(q), vec2(d.x, d.y) * length, width, color);
        }
        Figure::Box(heading, half_width, length) => {
            let along = vec2(heading.x, heading.y);
            let side = vec2(-along.y, along.x) * (half_width * scale);
            let ahead = along * (length * scale);
            let corners = [p + side, p + ahead + side, p + ahead - side, p - side];
            batch.closed_stroke(&corners, width, color);
        }
        Figure::Diamond(q) => diamond(batch, at(q), 5.0, color),
    }
}

/// What the legend calls `layer`'s marks.
#[must_use]
pub fn layer_label(layer: Layer) -> &'static str {
    match layer {
        Layer::Radius => "slowing / panic radius",
        Layer::Wander => "wander circle",
        Layer::Prediction => "predicted position",
        Layer::Sensor => "sensors",
        Layer::Guide => "guides",
    }
}

/// The colour of `layer`'s marks in its own colour (its swatch in the legend).
#[must_use]
pub fn layer_color(layer: Layer) -> Color32 {
    match layer {
        Layer::Radius => palette::RADIUS,
        Layer::Wander => palette::WANDER_CIRCLE,
        Layer::Prediction => palette::PREDICTION,
        Layer::Sensor => palette::SENSOR,
        Layer::Guide => behavior_color(BehaviorKind::FollowPath),
    }
}

/// A diamond outline of half-diagonal `d` around `c` (point targets, formation slots).
pub(super) fn diamond(batch: &mut Batch, c: Pos2, d: f32, color: Color32) {
    batch.closed_stroke(
        &[
            c + vec2(0.0, -d),
            c + vec2(d, 0.0),
            c + vec2(0.0, d),
            c + vec2(-d, 0.0),
        ],
        1.5,
        color,
    );
}
