//! The simulation canvas: the world-to-screen transform, pan and zoom, picking, and painting.
//!
//! It only paints what the core recorded ([`crate::sim::AgentDebug`]); it never computes a
//! force. What the user does on it comes back as [`CanvasAction`]s that the app applies.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use egui::epaint::Mesh;
use egui::{Color32, Pos2, Rect, Sense, Shape, vec2};
use glam::Vec2;

use super::batch::{Batch, Isosceles};
use super::overlays::{self, Overlays, Scope, behavior_color, group_color};
use crate::sim::params::ArriveMode;
use crate::sim::{BehaviorKind, World};

/// Agent size on screen: the triangle's length in world units (never under 7 pixels).
const AGENT_LENGTH_WORLD: f32 = 14.0;
/// The smallest an agent is drawn, in pixels: 9 for up to 1,000 agents, then smaller as the
/// crowd grows (4 from 5,000), so that a zoomed-out crowd is a crowd and not a carpet of
/// overlapping triangles. Zooming in shows them at their world size.
fn min_agent_pixels(agents: usize) -> f32 {
    (9.0 * (1000.0 / agents.max(1) as f32).sqrt()).clamp(4.0, 9.0)
}

/// How close (pixels) the pointer must be to grab a handle.
const GRAB_PIXELS: f32 = 10.0;

/// Pan and zoom.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct View {
    /// World point at the centre of the canvas.
    pub center_world: [f32; 2],
    /// Zoom.
    pub pixels_per_unit: f32,
    /// Fit the world on the next frame.
    #[serde(skip)]
    pub fit_pending: bool,
}

impl Default for View {
    fn default() -> Self {
        Self {
            center_world: [0.0, 0.0],
            pixels_per_unit: 1.0,
            fit_pending: true,
        }
    }
}

impl View {
    fn center(&self) -> Vec2 {
        Vec2::from(self.center_world)
    }

    /// Screen position of a world point, for a canvas occupying `rect`.
    #[must_use]
    pub fn screen_from_world(&self, rect: Rect, p: Vec2) -> Pos2 {
        let d = (p - self.center()) * self.pixels_per_unit;
        rect.center() + vec2(d.x, d.y)
    }

    /// World position of a screen point.
    #[must_use]
    pub fn world_from_screen(&self, rect: Rect, p: Pos2) -> Vec2 {
        let d = p - rect.center();
        self.center() + Vec2::new(d.x, d.y) / self.pixels_per_unit
    }

    /// Shows the whole world with a small margin.
    pub fn fit(&mut self, rect: Rect, world_size: Vec2) {
        let margin = 24.0;
        let sx = (rect.width() - 2.0 * margin).max(10.0) / world_size.x.max(1e-3);
        let sy = (rect.height() - 2.0 * margin).max(10.0) / world_size.y.max(1e-3);
        self.pixels_per_unit = sx.min(sy).clamp(1e-4, 1e4);
        self.center_world = (world_size * 0.5).to_array();
        self.fit_pending = false;
    }

    /// Zooms by `factor` keeping the world point under `anchor` fixed.
    fn zoom_at(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let before = self.world_from_screen(rect, anchor);
        self.pixels_per_unit = (self.pixels_per_unit * factor).clamp(1e-4, 1e4);
        let after = self.world_from_screen(rect, anchor);
        self.center_world = (self.center() + before - after).to_array();
    }
}

/// What is being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Drag {
    Click,
    PointTarget(usize, BehaviorKind),
    Obstacle(usize),
    Agent(u32),
}

/// The canvas's own state between frames.
#[derive(Debug, Default)]
pub struct CanvasState {
    /// Pan and zoom.
    pub view: View,
    drag: Option<Drag>,
    /// The screen rectangle of the last frame.
    pub rect: Option<Rect>,
    /// The canvas mesh of the last frame, whose buffers the next frame reuses.
    mesh: Arc<Mesh>,
}

/// Something the user did on the canvas.
#[derive(Clone, Debug, PartialEq)]
pub enum CanvasAction {
    /// Select this agent (or none).
    Select(Option<u32>),
    /// Move the click target.
    SetClick(Vec2),
    /// Move the point target of behavior `kind` of group `group`.
    MovePointTarget(usize, BehaviorKind, Vec2),
    /// Move obstacle `index`.
    MoveObstacle(usize, Vec2),
    /// Move an agent.
    MoveAgent(u32, Vec2),
    /// Add an agent of the current group here.
    AddAgent(Vec2),
    /// Remove this agent.
    RemoveAgent(u32),
}

/// Fading trails: recent positions per agent, sampled by the app.
#[derive(Debug, Default)]
pub struct Trails {
    points: HashMap<u32, VecDeque<Vec2>>,
}

impl Trails {
    /// Longest trail kept, in samples.
    pub const LEN: usize = 90;

    /// Records the current positions (only of `only`, when given).
    pub fn sample(&mut self, world: &World, only: Option<u32>) {
        for agent in world.agents() {
            if only.is_some_and(|id| id != agent.id) {
                continue;
            }
            let trail = self.points.entry(agent.id).or_default();
            if trail.len() == Self::LEN {
                trail.pop_front();
            }
            trail.push_back(agent.position);
        }
        if self.points.len() > world.agents().len() {
            self.points.retain(|id, _| world.index_of(*id).is_some());
        }
    }

    /// Forgets every trail.
    pub fn clear(&mut self) {
        self.points.clear();
    }
}

/// Inputs of one canvas frame.
pub struct CanvasInput<'a> {
    /// The world to paint.
    pub world: &'a World,
    /// Overlay toggles.
    pub overlays: &'a Overlays,
    /// The selected agent.
    pub selected: Option<u32>,
    /// Trails.
    pub trails: &'a Trails,
}

/// Shows the canvas. Returns the pointer position in world units (when over the canvas) and
/// what the user did.
pub fn canvas_ui(
    ui: &mut egui::Ui,
    state: &mut CanvasState,
    input: &CanvasInput<'_>,
) -> (Option<Vec2>, Vec<CanvasAction>) {
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    state.rect = Some(rect);
    let world = input.world;
    let size = world.spec().size;
    if state.view.fit_pending {
        state.view.fit(rect, size);
    }
    let mut actions = Vec::new();

    // Zoom with the wheel around the pointer; pan with the middle or right button.
    let pointer_screen = response.hover_pos();
    if let Some(p) = pointer_screen {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = zoom * (scroll * 0.0015).exp();
        if (factor - 1.0).abs() > 1e-4 {
            state.view.zoom_at(rect, p, factor);
        }
    }
    if response.dragged_by(egui::PointerButton::Middle)
        || response.dragged_by(egui::PointerButton::Secondary)
    {
        let d = response.drag_delta();
        let c = state.view.center() - Vec2::new(d.x, d.y) / state.view.pixels_per_unit;
        state.view.center_world = c.to_array();
    }
    let pointer_world = pointer_screen.map(|p| state.view.world_from_screen(rect, p));

    // Left button: grab a handle, select an agent, or place the click target.
    let shift = ui.input(|i| i.modifiers.shift);
    // Pick what is under the point where the button went down: a drag only starts after the
    // pointer has moved a few pixels, which would miss a small handle.
    if response.drag_started_by(egui::PointerButton::Primary)
        && let Some(p) = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos())
    {
        state.drag = pick_handle(state, rect, world, p);
        if let Some(Drag::Agent(id)) = state.drag {
            actions.push(CanvasAction::Select(Some(id)));
        }
    }
    if let (Some(drag), Some(p)) = (state.drag, pointer_world)
        && response.dragged_by(egui::PointerButton::Primary)
    {
        actions.push(match drag {
            Drag::Click => CanvasAction::SetClick(p),
            Drag::PointTarget(g, kind) => CanvasAction::MovePointTarget(g, kind, p),
            Drag::Obstacle(i) => CanvasAction::MoveObstacle(i, p),
            Drag::Agent(id) => CanvasAction::MoveAgent(id, p),
        });
    }
    if response.drag_stopped() {
        state.drag = None;
    }
    if response.clicked_by(egui::PointerButton::Primary)
        && let Some(p) = response.interact_pointer_pos()
    {
        let w = state.view.world_from_screen(rect, p);
        if shift {
            actions.push(CanvasAction::AddAgent(w));
        } else if let Some(id) = pick_agent(state, rect, world, p) {
            actions.push(CanvasAction::Select(Some(id)));
        } else {
            actions.push(CanvasAction::SetClick(w));
            actions.push(CanvasAction::Select(None));
        }
    }
    if let Some(id) = input.selected
        && ui.input(|i| i.key_pressed(egui::Key::Delete) || i.key_pressed(egui::Key::Backspace))
        && !ui.ctx().egui_wants_keyboard_input()
    {
        actions.push(CanvasAction::RemoveAgent(id));
    }

    paint(ui, state, rect, input);
    (pointer_world, actions)
}

fn pick_agent(state: &CanvasState, rect: Rect, world: &World, p: Pos2) -> Option<u32> {
    let grab = GRAB_PIXELS.max(AGENT_LENGTH_WORLD * 0.6 * state.view.pixels_per_unit);
    world
        .agents()
        .iter()
        .map(|a| {
            (
                a.id,
                state.view.screen_from_world(rect, a.position).distance(p),
            )
        })
        .filter(|&(_, d)| d <= grab)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
}

fn pick_handle(state: &CanvasState, rect: Rect, world: &World, p: Pos2) -> Option<Drag> {
    let view = &state.view;
    if view.screen_from_world(rect, world.click()).distance(p) <= GRAB_PIXELS {
        return Some(Drag::Click);
    }
    for (g, group) in world.spec().groups.iter().enumerate() {
        for (kind, target) in group.targets() {
            if let crate::sim::Target::Point(t) = target
                && view.screen_from_world(rect, *t).distance(p) <= GRAB_PIXELS
            {
                return Some(Drag::PointTarget(g, kind));
            }
        }
    }
    if let Some(id) = pick_agent(state, rect, world, p) {
        return Some(Drag::Agent(id));
    }
    let w = view.world_from_screen(rect, p);
    world
        .spec()
        .obstacles
        .iter()
        .position(|o| o.center.distance(w) <= o.radius + GRAB_PIXELS / view.pixels_per_unit)
        .map(Drag::Obstacle)
}

fn paint(ui: &egui::Ui, state: &mut CanvasState, rect: Rect, input: &CanvasInput<'_>) {
    // Last frame's buffers, where egui has let go of them.
    let recycled = Arc::get_mut(&mut state.mesh).map(std::mem::take);
    let mesh = paint_mesh(
        recycled.unwrap_or_default(),
        &state.view,
        rect,
        ui.ctx().pixels_per_point(),
        input,
    );
    state.mesh = Arc::new(mesh);
    ui.painter_at(rect)
        .add(Shape::Mesh(Arc::clone(&state.mesh)));
}

/// Paints the canvas (what [`canvas_ui`] shows in `rect`) into one mesh, in drawing order:
/// the scenery and per-agent circles, then the agents, then the vectors over them. Only what
/// meets `rect` is built. `mesh` gives its buffers to the result.
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
    input: &CanvasInput<'_>,
) -> Mesh {
    let mut batch = Batch::reusing(mesh, rect, pixels_per_point);
    let selected = input.selected.and_then(|id| input.world.index_of(id));
    let to_screen = |p: Vec2| view.screen_from_world(rect, p);
    paint_scenery(&mut batch, view, rect, input);
    paint_agents(&mut batch, view.pixels_per_unit, to_screen, input, selected);
    paint_vectors(&mut batch, view.pixels_per_unit, to_screen, input, selected);
    batch.into_mesh()
}

/// The world, its grid, obstacles, targets, trails and the per-agent circles.
#[allow(clippy::too_many_lines)] // One painting pass, in drawing order; splitting it hides the order.
fn paint_scenery(batch: &mut Batch, view: &View, rect: Rect, input: &CanvasInput<'_>) {
    let world = input.world;
    let spec = world.spec();
    let to_screen = |p: Vec2| view.screen_from_world(rect, p);
    let scale = view.pixels_per_unit;
    let o = input.overlays;
    let agents = world.agents();
    let records = world.records();
    let selected = input.selected.and_then(|id| world.index_of(id));
    let all = o.scope == Scope::All;
    let overlay_for = |i: usize| all || Some(i) == selected;

    batch.convex(&rect_points(rect), overlays::BACKGROUND);
    let world_rect = Rect::from_two_pos(to_screen(Vec2::ZERO), to_screen(spec.size));
    batch.convex(&rect_points(world_rect), Color32::from_rgb(28, 32, 41));
    batch.closed_stroke(&rect_points(world_rect), 1.5, overlays::BOUNDARY);

    if o.grid {
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
                    overlays::GRID,
                );
            }
            for r in 1..rows {
                let y = (r as f32 * cell).min(spec.size.y);
                batch.line(
                    to_screen(Vec2::new(0.0, y)),
                    to_screen(Vec2::new(spec.size.x, y)),
                    1.0,
                    overlays::GRID,
                );
            }
        }
    }

    for obstacle in &spec.obstacles {
        let c = to_screen(obstacle.center);
        let r = obstacle.radius * scale;
        batch.circle_filled(c, r, overlays::OBSTACLE);
        batch.circle_stroke(c, r, 1.5, Color32::from_rgb(140, 145, 165));
    }

    // Fixed point targets of the scene's behaviors, as diamonds in the behavior's colour.
    for group in &spec.groups {
        for (kind, target) in group.targets() {
            if let crate::sim::Target::Point(p) = target {
                let c = to_screen(*p);
                let d = 6.0;
                batch.closed_stroke(
                    &[
                        c + vec2(0.0, -d),
                        c + vec2(d, 0.0),
                        c + vec2(0.0, d),
                        c + vec2(-d, 0.0),
                    ],
                    1.5,
                    behavior_color(kind),
                );
            }
        }
    }

    // The click target: the sources' crosshair.
    let click = to_screen(world.click());
    batch.cross(click, vec2(9.0, 0.0), 1.5, overlays::CLICK);
    batch.circle_stroke(click, 5.0, 1.5, overlays::CLICK);
    if let Some(p) = world.pointer() {
        batch.circle_stroke(to_screen(p), 3.0, 1.0, Color32::from_gray(160));
    }

    if o.trails {
        let jump = spec.size.min_element() * 0.25;
        for (i, agent) in agents.iter().enumerate() {
            if !overlay_for(i) {
                continue;
            }
            let Some(trail) = input.trails.points.get(&agent.id) else {
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

    // Radii first, so vectors draw over them.
    let thin = overlays::RADIUS.gamma_multiply(0.7);
    let circles = o.radii || o.neighbors || o.wander || o.prediction;
    for (i, (agent, record)) in agents.iter().zip(records).enumerate() {
        if !circles || !overlay_for(i) {
            continue;
        }
        let Some(group) = spec.groups.get(usize::from(agent.group)) else {
            continue;
        };
        if o.radii {
            if let (Some(t), Some(arrive)) = (record.arrive_target, &group.arrive)
                && let ArriveMode::SlowingRadius(r) = arrive.mode
            {
                batch.circle_stroke(to_screen(t), r * scale, 1.0, thin);
            }
            if let (Some(t), Some(flee)) = (record.flee_target, &group.flee)
                && let Some(r) = flee.panic_distance
            {
                batch.circle_stroke(
                    to_screen(t),
                    r * scale,
                    1.0,
                    behavior_color(BehaviorKind::Flee).gamma_multiply(0.6),
                );
            }
        }
        if o.neighbors {
            let r = group.neighbor_radius();
            if r > 0.0 {
                batch.circle_stroke(to_screen(agent.position), r * scale, 1.0, thin);
            }
        }
        if o.wander
            && let Some(w) = record.wander
        {
            let c = to_screen(agent.position + w.center);
            batch.circle_stroke(c, w.radius * scale, 1.0, overlays::WANDER_CIRCLE);
            batch.line(to_screen(agent.position), c, 1.0, overlays::WANDER_CIRCLE);
            let target = to_screen(agent.position + w.target());
            batch.line(c, target, 1.5, overlays::WANDER_CIRCLE);
            batch.circle_filled(target, 3.0, overlays::WANDER_CIRCLE);
        }
        if o.wander
            && let Some(p) = record.wander_point
        {
            batch.circle_stroke(
                to_screen(p),
                4.0,
                1.0,
                behavior_color(BehaviorKind::WanderTarget),
            );
        }
        if o.prediction
            && let Some(p) = record.prediction
        {
            let s = to_screen(p);
            batch.cross(s, vec2(4.0, 4.0), 1.5, overlays::PREDICTION);
            batch.line(
                to_screen(agent.position),
                s,
                1.0,
                overlays::PREDICTION.gamma_multiply(0.4),
            );
        }
    }
}

/// The agents: oriented triangles coloured by group, and the selection ring (`selected` is an
/// index). `scale` is pixels per world unit.
fn paint_agents(
    batch: &mut Batch,
    scale: f32,
    to_screen: impl Fn(Vec2) -> Pos2,
    input: &CanvasInput<'_>,
    selected: Option<usize>,
) {
    let agents = input.world.agents();
    let records = input.world.records();
    batch.reserve(agents.len() * 6, agents.len() * 21);
    let length = (AGENT_LENGTH_WORLD * scale).max(min_agent_pixels(agents.len()));
    let shape = Isosceles::new(0.35);
    for (i, (agent, record)) in agents.iter().zip(records).enumerate() {
        let p = to_screen(agent.position);
        if !batch.visible(p - vec2(length, length), p + vec2(length, length)) {
            continue;
        }
        let heading = [agent.velocity, record.applied, Vec2::X]
            .into_iter()
            .find(|v| *v != Vec2::ZERO && v.is_finite())
            .unwrap_or(Vec2::X)
            .normalize_or(Vec2::X);
        let dir = vec2(heading.x, heading.y);
        batch.isosceles(
            p + dir * (length * 0.6),
            dir,
            length,
            &shape,
            group_color(usize::from(agent.group)),
        );
        if Some(i) == selected {
            batch.circle_stroke(p, length * 0.9, 1.5, overlays::SELECTION);
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
    if !(o.velocity || o.desired || o.behaviors || o.applied) {
        return;
    }
    let all = o.scope == Scope::All;
    let agents = input.world.agents();
    let records = input.world.records();
    let arrows = usize::from(o.velocity) + usize::from(o.desired) + usize::from(o.applied);
    if all {
        batch.reserve(agents.len() * arrows * 14, agents.len() * arrows * 39);
    }
    for (i, (agent, record)) in agents.iter().zip(records).enumerate() {
        if !all && Some(i) != selected {
            continue;
        }
        let p = to_screen(agent.position);
        let vector = |v: Vec2, k: f32| vec2(v.x, v.y) * k * scale;
        if o.velocity {
            batch.arrow(
                p,
                vector(record.velocity, o.velocity_scale_secs),
                1.5,
                overlays::VELOCITY,
            );
        }
        if o.desired {
            batch.arrow(
                p,
                vector(record.desired_velocity, o.velocity_scale_secs),
                1.0,
                overlays::DESIRED,
            );
        }
        if o.behaviors {
            for kind in BehaviorKind::ALL {
                if record.was_evaluated(kind) {
                    batch.arrow(
                        p,
                        vector(record.force(kind), o.force_scale),
                        1.5,
                        behavior_color(kind),
                    );
                }
            }
        }
        if o.applied {
            batch.arrow(
                p,
                vector(record.applied, o.force_scale),
                2.5,
                overlays::APPLIED,
            );
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
