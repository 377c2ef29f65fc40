//! Painting the scenery beyond circles (walls, paths and their bands, flow fields), the tools'
//! previews and picks, and what the behaviors beyond the tutorials recorded for each agent
//! ([`crate::sim::debug::Detail`]): feelers and their hits, detection boxes, containment
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
use crate::sim::debug::Detail;
use crate::sim::scenery::FlowGrid;

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
        for grid in input.world.flow_grids() {
            paint_flow(batch, grid, scale, &to_screen);
        }
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

/// One arrow per cell, pointing along the field.
fn paint_flow(batch: &mut Batch, grid: &FlowGrid, scale: f32, to_screen: &impl Fn(Vec2) -> Pos2) {
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
            batch.arrow(c - arrow * 0.5, arrow, 1.0, palette::FLOW);
        }
    }
}

/// What each agent with overlays sensed and aimed at this tick.
pub fn paint_details(
    batch: &mut Batch,
    scale: f32,
    to_screen: impl Fn(Vec2) -> Pos2,
    input: &CanvasInput<'_>,
    overlay_for: impl Fn(usize) -> bool,
) {
    let o = input.overlays;
    if !(o.shows(Overlay::Sensors) || o.shows(Overlay::Guides)) {
        return;
    }
    let agents = input.world.agents();
    for (i, (agent, detail)) in agents.iter().zip(input.world.details()).enumerate() {
        if !overlay_for(i) {
            continue;
        }
        let p = to_screen(agent.position);
        if o.shows(Overlay::Sensors) {
            paint_sensors(batch, scale, &to_screen, p, detail);
        }
        if o.shows(Overlay::Guides) {
            paint_guides(batch, &to_screen, p, detail);
        }
    }
}

fn paint_sensors(
    batch: &mut Batch,
    scale: f32,
    to_screen: &impl Fn(Vec2) -> Pos2,
    p: Pos2,
    detail: &Detail,
) {
    let sensor = palette::SENSOR.gamma_multiply(0.8);
    if let Some(tips) = detail.feelers {
        for tip in tips {
            batch.line(p, to_screen(tip), 1.0, sensor);
        }
    }
    if let Some(hit) = detail.wall_hit {
        let at = to_screen(hit.point);
        batch.circle_filled(at, 3.5, palette::HIT);
        batch.arrow(
            at,
            vec2(hit.normal.x, hit.normal.y) * 18.0,
            1.5,
            palette::HIT,
        );
    }
    if let Some(b) = detail.detection_box {
        let h = vec2(b.heading.x, b.heading.y);
        let s = vec2(-h.y, h.x) * (b.half_width * scale);
        let l = h * (b.length * scale);
        let color = if b.threat.is_some() {
            palette::HIT
        } else {
            sensor
        };
        batch.closed_stroke(&[p + s, p + l + s, p + l - s, p - s], 1.0, color);
    }
    if let Some(probe) = detail.containment {
        let at = to_screen(probe.at);
        batch.line(p, at, 1.0, sensor);
        batch.circle_stroke(at, 3.0, 1.0, sensor);
        let pushing = behavior_color(BehaviorKind::Containment);
        batch.line(at, to_screen(probe.edge), 1.0, pushing.gamma_multiply(0.7));
    }
    if let Some(a) = detail.approach {
        let (me, them) = (to_screen(a.me), to_screen(a.other));
        batch.line(p, me, 1.0, sensor.gamma_multiply(0.6));
        batch.cross(me, vec2(4.0, 4.0), 1.5, palette::HIT);
        batch.cross(them, vec2(4.0, 4.0), 1.5, palette::HIT);
        batch.line(me, them, 1.0, palette::HIT);
    }
    if let Some(q) = detail.queue {
        // The zone ahead: the queue's colour while clear, the hit colour with a line to the
        // agent in the way while blocked.
        let ahead = to_screen(q.ahead);
        let color = if q.blocker.is_some() {
            palette::HIT
        } else {
            behavior_color(BehaviorKind::Queue).gamma_multiply(0.8)
        };
        batch.line(p, ahead, 1.0, color.gamma_multiply(0.6));
        batch.circle_stroke(ahead, (q.radius * scale).max(2.0), 1.0, color);
        if let Some(blocker) = q.blocker {
            batch.line(ahead, to_screen(blocker), 1.0, palette::HIT);
        }
    }
}

fn paint_guides(batch: &mut Batch, to_screen: &impl Fn(Vec2) -> Pos2, p: Pos2, detail: &Detail) {
    let path = behavior_color(BehaviorKind::FollowPath);
    if let Some(t) = detail.path {
        let predicted = to_screen(t.predicted);
        let projection = to_screen(t.projection);
        batch.line(p, predicted, 1.0, path.gamma_multiply(0.5));
        batch.cross(predicted, vec2(4.0, 4.0), 1.5, path);
        batch.line(predicted, projection, 1.0, path.gamma_multiply(0.7));
        batch.circle_filled(projection, 3.0, path);
        if let Some(target) = t.target {
            batch.circle_stroke(to_screen(target), 5.0, 1.5, path);
        }
    }
    let marks: [(Option<Vec2>, BehaviorKind); 4] = [
        (detail.slot, BehaviorKind::OffsetPursuit),
        (detail.behind, BehaviorKind::FollowLeader),
        (detail.hide_spot, BehaviorKind::Hide),
        (detail.interpose, BehaviorKind::Interpose),
    ];
    for (point, kind) in marks {
        if let Some(point) = point {
            let c = to_screen(point);
            let color = behavior_color(kind);
            batch.line(p, c, 1.0, color.gamma_multiply(0.4));
            diamond(batch, c, 5.0, color);
        }
    }
    if let Some((probe, dir)) = detail.flow {
        let c = to_screen(probe);
        let color = behavior_color(BehaviorKind::FollowFlow);
        batch.arrow(c, vec2(dir.x, dir.y) * 16.0, 1.5, color);
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
