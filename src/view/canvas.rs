//! The simulation canvas as a widget: pan and zoom, picking and dragging, and the painted world
//! ([`super::paint`]). What the user does on it comes back as [`CanvasAction`]s for the host
//! (the editor) to apply; the headless renderer shows the same widget and ignores them.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use egui::epaint::Mesh;
use egui::{Pos2, Rect, Sense, Shape};
use glam::Vec2;

use super::overlays::Overlays;
use super::paint::{AGENT_LENGTH_WORLD, paint_mesh};
use super::tools::{End, Tool, ToolState, tools_ui};
use super::transform::View;
use crate::sim::{BehaviorKind, World};

/// How close (pixels) the pointer must be to grab a handle.
const GRAB_PIXELS: f32 = 10.0;

/// What is being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Drag {
    Click,
    PointTarget(usize, BehaviorKind, usize),
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
    /// The editing tools.
    pub tools: ToolState,
}

/// Something the user did on the canvas.
#[derive(Clone, Debug, PartialEq)]
pub enum CanvasAction {
    /// Select this agent (or none).
    Select(Option<u32>),
    /// Move the click target.
    SetClick(Vec2),
    /// Move point target `which` (0: `target`, 1: `other`) of behavior `kind` of group
    /// `group`.
    MovePointTarget(usize, BehaviorKind, usize, Vec2),
    /// Move obstacle `index`.
    MoveObstacle(usize, Vec2),
    /// Move an agent.
    MoveAgent(u32, Vec2),
    /// Add an agent of the current group here (to the running world only).
    AddAgent(Vec2),
    /// Place an agent of the current group here, in the scene (it starts there every run).
    PlaceAgent(Vec2),
    /// Add a wall from one point to another.
    AddWall(Vec2, Vec2),
    /// Move one end of wall `index`.
    MoveWallEnd(usize, End, Vec2),
    /// Move wall `index` to these ends.
    MoveWall(usize, Vec2, Vec2),
    /// Add a path of two points.
    AddPath(Vec2, Vec2),
    /// Add a point at the end of path `index`.
    AppendPathPoint(usize, Vec2),
    /// Insert a point into path `index` at position `k`.
    InsertPathPoint(usize, usize, Vec2),
    /// Move point `k` of path `index`.
    MovePathPoint(usize, usize, Vec2),
    /// Paint flow field `index` along the stroke from one point to another, in its direction
    /// (a field is made when the scene has none).
    PaintFlow(usize, Vec2, Vec2),
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

    /// The trail of agent `id`, oldest point first.
    #[must_use]
    pub fn get(&self, id: u32) -> Option<&VecDeque<Vec2>> {
        self.points.get(&id)
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
    /// The baseline's world, drawn as ghosts under the live agents (when the ghosts overlay is
    /// on).
    pub ghosts: Option<&'a World>,
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
    if state.view.wants_fit(rect) {
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
        state.view.fitted_to = None;
    }
    let pointer_world = pointer_screen.map(|p| state.view.world_from_screen(rect, p));

    // Left button: the editing tools, or (Select) grab a handle, select an agent, or place
    // the click target.
    let tool = state.tools.tool;
    let press = ui.input(|i| i.pointer.press_origin());
    if tool != Tool::Select {
        actions.extend(tools_ui(
            &response,
            &mut state.tools,
            (&state.view, rect),
            world,
            (press.or(response.interact_pointer_pos()), pointer_world),
        ));
    }
    let shift = ui.input(|i| i.modifiers.shift);
    // Pick what is under the point where the button went down: a drag only starts after the
    // pointer has moved a few pixels, which would miss a small handle. The Agents tool drags
    // agents too.
    let drags_handles = matches!(tool, Tool::Select | Tool::Agents);
    if drags_handles
        && response.drag_started_by(egui::PointerButton::Primary)
        && let Some(p) = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos())
    {
        state.drag = pick_handle(state, rect, world, p);
        if tool == Tool::Agents && !matches!(state.drag, Some(Drag::Agent(_))) {
            state.drag = None;
        }
        if let Some(Drag::Agent(id)) = state.drag {
            actions.push(CanvasAction::Select(Some(id)));
        }
    }
    if let (Some(drag), Some(p)) = (state.drag, pointer_world)
        && response.dragged_by(egui::PointerButton::Primary)
    {
        actions.push(match drag {
            Drag::Click => CanvasAction::SetClick(p),
            Drag::PointTarget(g, kind, which) => CanvasAction::MovePointTarget(g, kind, which, p),
            Drag::Obstacle(i) => CanvasAction::MoveObstacle(i, p),
            Drag::Agent(id) => CanvasAction::MoveAgent(id, p),
        });
    }
    if response.drag_stopped() {
        state.drag = None;
    }
    if tool == Tool::Select
        && response.clicked_by(egui::PointerButton::Primary)
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
    paint_ui(ui, state, rect, input);
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
        for (kind, which, target) in group.targets() {
            if let crate::sim::Target::Point(t) = target
                && view.screen_from_world(rect, *t).distance(p) <= GRAB_PIXELS
            {
                return Some(Drag::PointTarget(g, kind, which));
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

fn paint_ui(ui: &egui::Ui, state: &mut CanvasState, rect: Rect, input: &CanvasInput<'_>) {
    // Last frame's buffers, where egui has let go of them.
    let recycled = Arc::get_mut(&mut state.mesh).map(std::mem::take);
    let mesh = paint_mesh(
        recycled.unwrap_or_default(),
        &state.view,
        rect,
        ui.ctx().pixels_per_point(),
        (input, Some(&state.tools)),
    );
    state.mesh = Arc::new(mesh);
    ui.painter_at(rect)
        .add(Shape::Mesh(Arc::clone(&state.mesh)));
}
