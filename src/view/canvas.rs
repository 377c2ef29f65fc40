//! The simulation canvas as a widget: pan and zoom, picking and dragging, and the painted world
//! ([`super::paint`]). What the user does on it comes back as [`CanvasAction`]s for the host
//! (the editor) to apply; the headless renderer shows the same widget and ignores them.

use std::sync::Arc;

use egui::epaint::Mesh;
use egui::{Color32, Pos2, Rect, Sense, Shape, TextureHandle, TextureOptions};
use glam::Vec2;

pub use super::input::{CanvasAction, CanvasInput, Trails};
use super::paint::{
    AGENT_LENGTH_WORLD, crowd_key, crowd_pixels, paint_crowd, paint_mesh, paint_meshes_apart,
};
use super::tools::{CanvasTool, ToolState, tools_ui};
use super::transform::View;
use crate::sim::{BehaviorKind, World};

/// How close (pixels) the pointer must be to grab a handle.
const GRAB_PIXELS: f32 = 10.0;

/// From this many agents the editor draws its crowd as an image ([`paint_crowd`]): one texture
/// uploaded when the crowd changes, where triangles are sent to the GPU every frame.
pub const CROWD_IMAGE_FROM: usize = 20_000;

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
    /// With the crowd drawn as an image: what is drawn over it (the selected agent, vectors).
    over: Arc<Mesh>,
    /// From this many agents the crowd is drawn as an image ([`paint_crowd`]), not as
    /// triangles; `None` (offline frames) always draws triangles.
    pub crowd_image_from: Option<usize>,
    /// The crowd's image and what it shows ([`crowd_key`]).
    crowd: Option<CrowdImage>,
    /// The editing tools.
    pub tools: ToolState,
}

impl CanvasState {
    /// The state of a canvas on screen, whose frames must stay short: a big crowd is drawn as
    /// an image ([`CROWD_IMAGE_FROM`]).
    #[must_use]
    pub fn interactive() -> Self {
        Self {
            crowd_image_from: Some(CROWD_IMAGE_FROM),
            ..Self::default()
        }
    }
}

/// The crowd drawn as a texture, and what it shows ([`crowd_key`]).
struct CrowdImage {
    key: u64,
    texture: TextureHandle,
}

impl std::fmt::Debug for CrowdImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CrowdImage")
            .field("key", &self.key)
            .field("texture", &self.texture.id())
            .finish()
    }
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
    if tool != CanvasTool::Select {
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
    let drags_handles = matches!(tool, CanvasTool::Select | CanvasTool::Agents);
    if drags_handles
        && response.drag_started_by(egui::PointerButton::Primary)
        && let Some(p) = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos())
    {
        state.drag = pick_handle(state, rect, world, p);
        // The Agents tool drags agents, unless a handle of the group's spawn was grabbed.
        if tool == CanvasTool::Agents
            && (!matches!(state.drag, Some(Drag::Agent(_))) || state.tools.dragging_spawn())
        {
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
    if tool == CanvasTool::Select
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

/// Paints the world filling `ui`, with no pointer handling: what offline frames draw
/// (`steerlab render`, `bench --frame`).
pub fn world_painting_ui(ui: &mut egui::Ui, state: &mut CanvasState, input: &CanvasInput<'_>) {
    let (rect, _) = ui.allocate_exact_size(ui.available_size(), Sense::hover());
    state.rect = Some(rect);
    if state.view.wants_fit(rect) {
        state.view.fit(rect, input.world.spec().size);
    }
    paint_ui(ui, state, rect, input);
}

fn paint_ui(ui: &egui::Ui, state: &mut CanvasState, rect: Rect, input: &CanvasInput<'_>) {
    let ppp = ui.ctx().pixels_per_point();
    // Last frame's buffers, where egui has let go of them.
    let recycled =
        |mesh: &mut Arc<Mesh>| Arc::get_mut(mesh).map(std::mem::take).unwrap_or_default();
    let painter = ui.painter_at(rect);
    let [w, h] = crowd_pixels(rect, ppp);
    let max_side = ui.ctx().input(|i| i.max_texture_side);
    let apart = state
        .crowd_image_from
        .is_some_and(|from| input.world.agents().len() >= from)
        && w.max(h) <= max_side;
    if apart {
        let meshes = (recycled(&mut state.mesh), recycled(&mut state.over));
        let tools = Some(&state.tools);
        let (under, over) = paint_meshes_apart(meshes, &state.view, rect, ppp, (input, tools));
        let key = crowd_key(&state.view, rect, ppp, input);
        let texture = match &mut state.crowd {
            Some(crowd) if crowd.key == key => crowd.texture.id(),
            Some(crowd) => {
                crowd.key = key;
                let image = paint_crowd(&state.view, rect, ppp, input);
                crowd.texture.set(image, TextureOptions::NEAREST);
                crowd.texture.id()
            }
            None => {
                let image = paint_crowd(&state.view, rect, ppp, input);
                let texture = ui
                    .ctx()
                    .load_texture("crowd", image, TextureOptions::NEAREST);
                let id = texture.id();
                state.crowd = Some(CrowdImage { key, texture });
                id
            }
        };
        state.mesh = Arc::new(under);
        state.over = Arc::new(over);
        painter.add(Shape::Mesh(Arc::clone(&state.mesh)));
        let whole = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        painter.image(texture, rect, whole, Color32::WHITE);
        painter.add(Shape::Mesh(Arc::clone(&state.over)));
    } else {
        // A crowd that shrank lets its image go.
        state.crowd = None;
        let mesh = paint_mesh(
            recycled(&mut state.mesh),
            &state.view,
            rect,
            ppp,
            (input, Some(&state.tools)),
        );
        state.mesh = Arc::new(mesh);
        painter.add(Shape::Mesh(Arc::clone(&state.mesh)));
    }
    if input.overlays.shows(crate::scene::overlays::Overlay::Names) {
        paint_group_names(&painter, &state.view, rect, input);
    }
}

/// Each group's name above its agents (at their mean x, over the topmost), in the group's
/// colour.
fn paint_group_names(
    painter: &egui::Painter,
    view: &super::View,
    rect: Rect,
    input: &CanvasInput<'_>,
) {
    let world = input.world;
    let groups = world.spec().groups.len();
    // Per group: the sum of its agents' x on screen, their count, the topmost y on screen.
    let mut sums = vec![(0.0_f32, 0_u32, f32::INFINITY); groups];
    for agent in world.agents() {
        if let Some((x, n, top)) = sums.get_mut(usize::from(agent.group)) {
            let p = view.screen_from_world(rect, agent.position);
            *x += p.x;
            *n += 1;
            *top = top.min(p.y);
        }
    }
    for (g, ((x, n, top), group)) in sums.iter().zip(&world.spec().groups).enumerate() {
        if *n == 0 {
            continue;
        }
        let above = egui::pos2(*x / *n as f32, *top);
        painter.text(
            above - egui::vec2(0.0, 14.0),
            egui::Align2::CENTER_BOTTOM,
            &group.name,
            egui::FontId::proportional(14.0),
            super::palette::group_color(g),
        );
    }
}
