//! Painting the canvas: the scenery, the agents and every overlay the core recorded, written
//! into one anti-aliased mesh ([`Batch`]) culled to the view. It only paints what the core
//! recorded ([`crate::sim::AgentDebug`]); it never computes a force.

use egui::epaint::Mesh;
use egui::{Color32, Pos2, Rect, vec2};
use glam::Vec2;

use super::batch::{Batch, Isosceles};
use super::input::CanvasInput;
use super::overlays::Overlay;
use super::overlays::Scope;
use super::paint_traces;
use super::palette::{self, behavior_color, group_color};
use super::raster::{Raster, Textures};
use super::tools::ToolState;
use super::transform::View;
use crate::sim::BehaviorKind;
use crate::sim::steer::behavior::Layer;

/// Agent size on screen: the triangle's length in world units (never under 7 pixels).
pub const AGENT_LENGTH_WORLD: f32 = 14.0;

/// The smallest an agent is drawn, in pixels: 9 for up to 1,000 agents, then smaller as the
/// crowd grows (4 from 5,000), so that a zoomed-out crowd is a crowd and not a carpet of
/// overlapping triangles. Zooming in shows them at their world size.
fn min_agent_pixels(agents: usize) -> f32 {
    (9.0 * (1000.0 / agents.max(1) as f32).sqrt()).clamp(4.0, 9.0)
}

/// Agents drawn shorter than this many pixels (a crowd zoomed out: never at 1,000 agents or
/// fewer, whose agents are at least 9 pixels) are drawn plain: bodies and arrows without the
/// one-pixel anti-aliasing band, which at that size is most of their area and of their
/// triangles (a body is 1 triangle instead of 7, an arrow 3 instead of 13). The selected agent
/// keeps its full drawing.
const PLAIN_BELOW_PIXELS: f32 = 9.0;

/// The length agents are drawn at, in pixels, at `scale` pixels a unit.
fn agent_pixels(scale: f32, agents: usize) -> f32 {
    (AGENT_LENGTH_WORLD * scale).max(min_agent_pixels(agents))
}

/// Paints the canvas (what [`super::canvas::canvas_ui`] shows in `rect`) into one mesh, in
/// drawing order: the scenery and per-agent circles, then the agents, then the vectors over
/// them. Only what meets `rect` is built. `mesh` gives its buffers to the result.
///
/// It is one mesh built on one thread on purpose. egui copies every mesh it is given into its
/// own output, which costs about as much as building it; meshes built in parallel would have to
/// be joined by one more copy, and on two cores that costs more than it saves (measured: 6.5 ms
/// against 4.1 ms at 10,000 agents).
#[must_use]
pub fn paint_mesh(
    mesh: Mesh,
    view: &View,
    rect: Rect,
    pixels_per_point: f32,
    (input, tools): (&CanvasInput<'_>, Option<&ToolState>),
) -> Mesh {
    let mut batch = Batch::reusing(mesh, rect, pixels_per_point);
    paint_layers(&mut batch, None, view, rect, (input, tools));
    batch.into_mesh()
}

/// The canvas with its crowd left out, for a crowd drawn as an image ([`paint_crowd`]) between
/// two meshes: `under` gets the scenery, the per-agent circles and the ghosts, `over` the
/// selected agent and the vectors and traces. Each mesh gives its buffers to the result.
#[must_use]
pub fn paint_meshes_apart(
    (under, over): (Mesh, Mesh),
    view: &View,
    rect: Rect,
    pixels_per_point: f32,
    (input, tools): (&CanvasInput<'_>, Option<&ToolState>),
) -> (Mesh, Mesh) {
    let mut under = Batch::reusing(under, rect, pixels_per_point);
    let mut over = Batch::reusing(over, rect, pixels_per_point);
    paint_layers(&mut under, Some(&mut over), view, rect, (input, tools));
    (under.into_mesh(), over.into_mesh())
}

/// Every layer in drawing order into `batch`; with `apart`, the agents are left out but for
/// the selected one, which goes into `apart` with everything drawn over the agents.
fn paint_layers(
    batch: &mut Batch,
    apart: Option<&mut Batch>,
    view: &View,
    rect: Rect,
    (input, tools): (&CanvasInput<'_>, Option<&ToolState>),
) {
    let selected = input.selected.and_then(|id| input.world.index_of(id));
    let to_screen = |p: Vec2| view.screen_from_world(rect, p);
    paint_scenery(batch, view, rect, (input, tools));
    if let Some(ghosts) = input
        .ghosts
        .filter(|_| input.overlays.shows(Overlay::Ghosts))
    {
        paint_ghosts(
            batch,
            view.pixels_per_unit,
            to_screen,
            ghosts,
            input.selected,
        );
    }
    let scale = view.pixels_per_unit;
    let over = if let Some(over) = apart {
        paint_agents(over, scale, to_screen, input, (selected, true, false));
        over
    } else {
        paint_agents(batch, scale, to_screen, input, (selected, false, false));
        batch
    };
    let all = input.overlays.scope == Scope::All;
    paint_traces::paint_details(over, scale, to_screen, input, |i| {
        all || Some(i) == selected
    });
    paint_vectors(over, scale, to_screen, input, selected);
}

/// The crowd as an image of `rect`'s pixels (transparent where no agent is): the agents as
/// [`paint_mesh`] builds them, but always plain (one triangle each, without the anti-aliasing
/// band, whose thin triangles are six of an agent's seven and most of the pixels a software
/// rasterizer visits), rasterized in software ([`super::raster`]). A crowd of tens of thousands is hundreds of thousands of triangles a
/// frame for the GPU, or for a browser's software WebGL seconds; as a texture it is uploaded
/// only when it changes, and a paused crowd costs nothing to redraw. No selection ring: the
/// selected agent is drawn over the image.
#[must_use]
pub fn paint_crowd(
    view: &View,
    rect: Rect,
    pixels_per_point: f32,
    input: &CanvasInput<'_>,
) -> egui::ColorImage {
    let [w, h] = crowd_pixels(rect, pixels_per_point);
    let local = Rect::from_min_size(Pos2::ZERO, rect.size());
    let mut batch = Batch::new(local, pixels_per_point);
    let to_local = |p: Vec2| view.screen_from_world(rect, p) - rect.min.to_vec2();
    paint_agents(
        &mut batch,
        view.pixels_per_unit,
        to_local,
        input,
        (None, false, true),
    );
    let mut raster = Raster::new(w, h, Color32::TRANSPARENT);
    let mesh = egui::epaint::ClippedPrimitive {
        clip_rect: local,
        primitive: egui::epaint::Primitive::Mesh(batch.into_mesh()),
    };
    raster.paint(&[mesh], &Textures::default(), pixels_per_point);
    raster.to_color_image()
}

/// The size in pixels of the crowd's image of `rect`.
#[must_use]
pub fn crowd_pixels(rect: Rect, pixels_per_point: f32) -> [usize; 2] {
    // A canvas on a screen: far within usize.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let px = |points: f32| (points * pixels_per_point).round().max(1.0) as usize;
    [px(rect.width()), px(rect.height())]
}

/// What the crowd's image shows, as one number: it changes when an agent moves, turns, or
/// changes group, when the crowd grows or shrinks, and when the view pans, zooms or resizes. Two
/// frames with the same key draw the same image.
#[must_use]
pub fn crowd_key(view: &View, rect: Rect, pixels_per_point: f32, input: &CanvasInput<'_>) -> u64 {
    // FxHash's step: a multiply and a rotate a word, fast enough for every agent every frame.
    let mut h: u64 = 0;
    let mut mix = |word: u64| h = (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    let origin = view.screen_from_world(rect, Vec2::ZERO);
    for x in [
        rect.min.x,
        rect.min.y,
        rect.max.x,
        rect.max.y,
        pixels_per_point,
        view.pixels_per_unit,
        origin.x,
        origin.y,
    ] {
        mix(u64::from(x.to_bits()));
    }
    let agents = input.world.agents();
    mix(agents.len() as u64);
    for (agent, record) in agents.iter().zip(input.world.records()) {
        let heading = record.smoothed_heading.unwrap_or_else(|| agent.heading());
        mix(u64::from(agent.position.x.to_bits()) << 32 | u64::from(agent.position.y.to_bits()));
        mix(u64::from(heading.x.to_bits()) << 32 | u64::from(heading.y.to_bits()));
        mix(u64::from(agent.group));
    }
    h
}

/// The world, its grid, obstacles, targets, trails and the per-agent circles, in drawing order.
fn paint_scenery(
    batch: &mut Batch,
    view: &View,
    rect: Rect,
    (input, tools): (&CanvasInput<'_>, Option<&ToolState>),
) {
    let world = input.world;
    let spec = world.spec();
    let to_screen = |p: Vec2| view.screen_from_world(rect, p);
    let scale = view.pixels_per_unit;
    let o = input.overlays;

    batch.convex(&rect_points(rect), palette::BACKGROUND);
    let world_rect = Rect::from_two_pos(to_screen(Vec2::ZERO), to_screen(spec.size));
    batch.convex(&rect_points(world_rect), Color32::from_rgb(28, 32, 41));
    batch.closed_stroke(&rect_points(world_rect), 1.5, palette::BOUNDARY);

    if o.shows(Overlay::Grid) {
        let grid = world.grid();
        let cell = grid.cell_size();
        if cell > 0.0 && cell * scale >= 4.0 {
            let (cols, rows) = grid.dims();
            for c in 1..cols {
                let x = (c as f32 * cell).min(spec.size.x);
                batch.line(
                    to_screen(Vec2::new(x, 0.0)),
                    to_screen(Vec2::new(x, spec.size.y)),
                    1.0,
                    palette::GRID,
                );
            }
            for r in 1..rows {
                let y = (r as f32 * cell).min(spec.size.y);
                batch.line(
                    to_screen(Vec2::new(0.0, y)),
                    to_screen(Vec2::new(spec.size.x, y)),
                    1.0,
                    palette::GRID,
                );
            }
        }
    }

    paint_traces::paint_scenery(batch, view, rect, input, tools);

    for obstacle in &spec.obstacles {
        let c = to_screen(obstacle.center);
        let r = obstacle.radius * scale;
        batch.circle_filled(c, r, palette::OBSTACLE);
        batch.circle_stroke(c, r, 1.5, Color32::from_rgb(140, 145, 165));
    }

    // Fixed point targets of the scene's behaviors, as diamonds in the behavior's colour.
    for group in &spec.groups {
        for (kind, _, target) in group.targets() {
            if let crate::sim::Target::Point(p) = target {
                paint_traces::diamond(batch, to_screen(*p), 6.0, behavior_color(kind));
            }
        }
    }

    // The click target: the sources' crosshair, where a block steers to it.
    if targets_click(spec) {
        let click = to_screen(world.click());
        batch.cross(click, vec2(9.0, 0.0), 1.5, palette::CLICK);
        batch.circle_stroke(click, 5.0, 1.5, palette::CLICK);
    }
    if let Some(p) = world.pointer() {
        batch.circle_stroke(to_screen(p), 3.0, 1.0, Color32::from_gray(160));
    }

    paint_trails(batch, view, rect, input);
    paint_circles(batch, view, rect, input);
}

/// Whether an enabled block of some group steers toward the click target.
#[must_use]
pub fn targets_click(spec: &crate::sim::WorldSpec) -> bool {
    spec.groups.iter().any(|g| {
        g.targets().iter().any(|&(kind, _, target)| {
            *target == crate::sim::Target::Click
                && g.block(kind)
                    .is_some_and(crate::sim::steer::params::BlockCommon::enabled)
        })
    })
}

/// Fading trails of the agents the overlays are drawn for.
fn paint_trails(batch: &mut Batch, view: &View, rect: Rect, input: &CanvasInput<'_>) {
    let world = input.world;
    let spec = world.spec();
    let to_screen = |p: Vec2| view.screen_from_world(rect, p);
    let o = input.overlays;
    let agents = world.agents();
    let selected = input.selected.and_then(|id| world.index_of(id));
    let all = o.scope == Scope::All;
    let overlay_for = |i: usize| all || Some(i) == selected;
    if o.shows(Overlay::Trails) {
        let jump = spec.size.min_element() * 0.25;
        for (i, agent) in agents.iter().enumerate() {
            if !overlay_for(i) {
                continue;
            }
            let Some(trail) = input.trails.get(agent.id) else {
                continue;
            };
            let color = group_color(usize::from(agent.group));
            let n = trail.len().max(1) as f32;
            for (k, pair) in trail.iter().zip(trail.iter().skip(1)).enumerate() {
                // A jump (wrap, respawn) is not part of the path.
                if pair.0.distance(*pair.1) > jump {
                    continue;
                }
                let alpha = (k as f32 + 1.0) / n;
                batch.line(
                    to_screen(*pair.0),
                    to_screen(*pair.1),
                    1.5,
                    color.gamma_multiply(alpha * 0.6),
                );
            }
        }
    }
}

/// Under the agents: the marks of the behaviors' radii (slowing, panic), each group's
/// neighbour radius, then the wander and prediction marks, for the agents with overlays.
fn paint_circles(batch: &mut Batch, view: &View, rect: Rect, input: &CanvasInput<'_>) {
    let world = input.world;
    let spec = world.spec();
    let to_screen = |p: Vec2| view.screen_from_world(rect, p);
    let scale = view.pixels_per_unit;
    let o = input.overlays;
    let selected = input.selected.and_then(|id| world.index_of(id));
    let all = o.scope == Scope::All;
    let overlay_for = |i: usize| all || Some(i) == selected;
    let shown = |layer| o.shows(paint_traces::layer_overlay(layer));
    let neighbors = o.shows(Overlay::Neighbors);
    if !(neighbors
        || [Layer::Radius, Layer::Wander, Layer::Prediction]
            .into_iter()
            .any(shown))
    {
        return;
    }
    let thin = palette::RADIUS.gamma_multiply(0.7);
    let details = world.details();
    let mut marks = Vec::new();
    for (i, agent) in world.agents().iter().enumerate() {
        if !overlay_for(i) {
            continue;
        }
        let detail = details.get(i);
        let mut layer = |batch: &mut Batch, layer: Layer| {
            if let Some(detail) = detail.filter(|_| shown(layer)) {
                let at = (agent.position, detail);
                paint_traces::paint_layer(batch, (scale, &to_screen), at, layer, &mut marks);
            }
        };
        // Radii first, so vectors draw over them.
        layer(batch, Layer::Radius);
        if neighbors && let Some(group) = spec.groups.get(usize::from(agent.group)) {
            let r = group.neighbor_radius();
            if r > 0.0 {
                batch.circle_stroke(to_screen(agent.position), r * scale, 1.0, thin);
            }
        }
        layer(batch, Layer::Wander);
        layer(batch, Layer::Prediction);
    }
}

/// The agents: oriented triangles coloured by group, and the selection ring (`selected` is an
/// index; with `only_selected`, only that agent is drawn; with `always_plain`, every agent but
/// the selected one is drawn plain, whatever its size). `scale` is pixels per world unit.
fn paint_agents(
    batch: &mut Batch,
    scale: f32,
    to_screen: impl Fn(Vec2) -> Pos2,
    input: &CanvasInput<'_>,
    (selected, only_selected, always_plain): (Option<usize>, bool, bool),
) {
    let agents = input.world.agents();
    let records = input.world.records();
    if !only_selected {
        batch.reserve(agents.len() * 6, agents.len() * 21);
    }
    let length = agent_pixels(scale, agents.len());
    let plain = always_plain || length < PLAIN_BELOW_PIXELS;
    let shape = Isosceles::new(0.35);
    for (i, (agent, record)) in agents.iter().zip(records).enumerate() {
        if only_selected && Some(i) != selected {
            continue;
        }
        let p = to_screen(agent.position);
        if !batch.visible(p - vec2(length, length), p + vec2(length, length)) {
            continue;
        }
        let heading = record
            .smoothed_heading
            .unwrap_or_else(|| agent.heading())
            .normalize_or(Vec2::X);
        let dir = vec2(heading.x, heading.y);
        let (tip, color) = (
            p + dir * (length * 0.6),
            group_color(usize::from(agent.group)),
        );
        if plain && Some(i) != selected {
            batch.plain_isosceles(tip, dir, length, 0.35, color);
        } else {
            batch.isosceles(tip, dir, length, &shape, color);
        }
        if Some(i) == selected {
            batch.circle_stroke(p, length * 0.9, 1.5, palette::SELECTION);
        }
    }
}

/// The baseline's agents: the live agents' triangles, translucent and outlined, so that where
/// the two runs part is seen at a glance; the selected agent's ghost has its ring and velocity.
fn paint_ghosts(
    batch: &mut Batch,
    scale: f32,
    to_screen: impl Fn(Vec2) -> Pos2,
    world: &crate::sim::World,
    selected: Option<u32>,
) {
    let agents = world.agents();
    let length = agent_pixels(scale, agents.len());
    let shape = Isosceles::new(0.35);
    for agent in agents {
        let p = to_screen(agent.position);
        if !batch.visible(p - vec2(length, length), p + vec2(length, length)) {
            continue;
        }
        let heading = agent.heading().normalize_or(Vec2::X);
        let dir = vec2(heading.x, heading.y);
        let color = group_color(usize::from(agent.group)).gamma_multiply(palette::GHOST_ALPHA);
        batch.isosceles(p + dir * (length * 0.6), dir, length, &shape, color);
        if Some(agent.id) == selected {
            batch.circle_stroke(p, length * 0.9, 1.0, palette::GHOST);
            batch.arrow(
                p,
                vec2(agent.velocity.x, agent.velocity.y) * 0.5 * scale,
                1.0,
                palette::GHOST,
            );
        }
    }
}

/// The vectors of the agents that have overlays: velocity, desired velocity, each behavior's
/// force and the applied force, drawn over the agents.
fn paint_vectors(
    batch: &mut Batch,
    scale: f32,
    to_screen: impl Fn(Vec2) -> Pos2,
    input: &CanvasInput<'_>,
    selected: Option<usize>,
) {
    let o = input.overlays;
    if !(o.shows(Overlay::Velocity)
        || o.shows(Overlay::Desired)
        || o.shows(Overlay::Behaviors)
        || o.shows(Overlay::Applied))
    {
        return;
    }
    let all = o.scope == Scope::All;
    let agents = input.world.agents();
    let records = input.world.records();
    let arrows = usize::from(o.shows(Overlay::Velocity))
        + usize::from(o.shows(Overlay::Desired))
        + usize::from(o.shows(Overlay::Applied));
    if all {
        batch.reserve(agents.len() * arrows * 14, agents.len() * arrows * 39);
    }
    let plain = agent_pixels(scale, agents.len()) < PLAIN_BELOW_PIXELS;
    for (i, (agent, record)) in agents.iter().zip(records).enumerate() {
        if !all && Some(i) != selected {
            continue;
        }
        let p = to_screen(agent.position);
        let vector = |v: Vec2, k: f32| vec2(v.x, v.y) * k * scale;
        let plain = plain && Some(i) != selected;
        let mut arrow = |v: egui::Vec2, width: f32, color: Color32| {
            if plain {
                batch.plain_arrow(p, v, width, color);
            } else {
                batch.arrow(p, v, width, color);
            }
        };
        if o.shows(Overlay::Velocity) {
            arrow(
                vector(record.velocity, o.velocity_scale_secs),
                1.5,
                palette::VELOCITY,
            );
        }
        if o.shows(Overlay::Desired) {
            arrow(
                vector(record.desired_velocity, o.velocity_scale_secs),
                1.0,
                palette::DESIRED,
            );
        }
        if o.shows(Overlay::Behaviors) {
            for kind in BehaviorKind::ALL {
                if record.was_evaluated(kind) {
                    arrow(
                        vector(record.force(kind), o.force_scale),
                        1.5,
                        behavior_color(kind),
                    );
                }
            }
        }
        if o.shows(Overlay::Applied) {
            arrow(vector(record.applied, o.force_scale), 2.5, palette::APPLIED);
        }
    }
}

fn rect_points(r: Rect) -> [Pos2; 4] {
    [
        r.left_top(),
        r.right_top(),
        r.right_bottom(),
        r.left_bottom(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_crowd_drawn_small_is_drawn_plain() {
        // Up to 1,000 agents are at least 9 pixels at any zoom: never plain, so the pictures
        // of the presets and the reviewed snapshots keep their anti-aliased drawing.
        for scale in [0.0, 0.01, 0.3, 0.64, 1.0, 10.0] {
            for agents in [1, 60, 1000] {
                assert!(agent_pixels(scale, agents) >= PLAIN_BELOW_PIXELS);
            }
        }
        // 50,000 agents fitted at 0.58 pixels a unit: 8.1 pixels, plain; zoomed in, not.
        assert!(agent_pixels(0.58, 50_000) < PLAIN_BELOW_PIXELS);
        assert!(agent_pixels(1.0, 50_000) >= PLAIN_BELOW_PIXELS);
    }
}
