//! The canvas's editing tools: draw and move walls, draw and edit paths, paint a flow field,
//! place agents. Each gesture comes back as [`CanvasAction`]s for the host to apply (one drag
//! is one undo step there); the tools only keep what a gesture needs between frames.

use egui::{Pos2, Rect};
use glam::Vec2;

use super::input::CanvasAction;
pub use super::input::End;
use super::transform::View;
use crate::sim::model::scenery::closest_on_segment;
use crate::sim::{Spawn, World};

/// How close (pixels) the pointer must be to grab a point or a line.
pub const GRAB_PIXELS: f32 = 10.0;

/// Grid step of snapping (world units).
pub const SNAP_WORLD: f32 = 10.0;

/// What the left button does on the canvas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum CanvasTool {
    /// Select and drag agents, targets and obstacles; place the click target.
    #[default]
    Select,
    /// Draw walls (drag), move their ends or the whole wall.
    Walls,
    /// Draw a path (drag), add points (click), insert on a segment, drag points.
    Paths,
    /// Paint a flow field's directions by dragging.
    Flow,
    /// Place agents of the current group (saved with the scene).
    Agents,
    /// Draw the level's blocks of wall corner by corner, drag their corners.
    Level,
}

impl CanvasTool {
    /// Every tool, in the tool strip's order.
    pub const ALL: [Self; 6] = [
        Self::Select,
        Self::Walls,
        Self::Paths,
        Self::Flow,
        Self::Agents,
        Self::Level,
    ];

    /// Its name on the tool strip.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Select => "Select",
            Self::Walls => "Walls",
            Self::Paths => "Paths",
            Self::Flow => "Flow",
            Self::Agents => "Agents",
            Self::Level => "Level",
        }
    }

    /// What it does, for its tooltip.
    #[must_use]
    pub fn help(self) -> &'static str {
        match self {
            Self::Select => {
                "Click an agent to select it, elsewhere to place the click target; \
                             drag agents, targets and obstacles."
            }
            Self::Walls => {
                "Drag to draw a wall; drag a wall's end or middle to move it; \
                            click a wall and press Delete to remove it."
            }
            Self::Paths => {
                "Drag to start a path; click to add a point to the selected path, \
                            on a segment to insert one; drag points; Delete removes the \
                            selected point."
            }
            Self::Flow => "Drag to paint the flow field's direction under the pointer.",
            Self::Agents => {
                "Click to place an agent of the current group (it starts there \
                             every run); drag placed agents to move them."
            }
            Self::Level => {
                "Click corner after corner to draw a block of wall; click the first \
                 corner to close it. Drag a corner to move it; Delete removes the picked \
                 corner, or the last one of the block being drawn."
            }
        }
    }
}

/// A piece of scenery picked for Delete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A wall.
    Wall(usize),
    /// Point `k` of path `i`.
    PathPoint(usize, usize),
    /// Corner `k` of the level's polygon `ring` (as [`crate::sim::model::scenery::Level::rings`]
    /// lists them).
    LevelCorner(usize, usize),
}

/// A gesture in progress.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Gesture {
    NewWall(Vec2, Vec2),
    WallEnd(usize, End),
    WholeWall {
        wall: usize,
        grab: Vec2,
        from: Vec2,
        to: Vec2,
    },
    NewPath(Vec2, Vec2),
    PathPoint(usize, usize),
    LevelCorner(usize, usize),
    Paint(Vec2),
    /// A handle of the current group's spawn (Agents tool).
    Spawn(SpawnHandle),
}

/// A handle of a group's spawn on the canvas (Agents tool).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpawnHandle {
    /// An area's lower corner.
    Min,
    /// An area's upper corner.
    Max,
    /// The point agents spawn at (or stream from).
    At,
}

/// `spawn` with `handle` moved to `p`.
#[must_use]
pub fn moved_spawn(spawn: &Spawn, handle: SpawnHandle, p: Vec2) -> Spawn {
    let mut out = spawn.clone();
    match (&mut out, handle) {
        (Spawn::Area { min, .. }, SpawnHandle::Min) => *min = p,
        (Spawn::Area { max, .. }, SpawnHandle::Max) => *max = p,
        (
            Spawn::At { position, .. }
            | Spawn::Stream { position, .. }
            | Spawn::Ring {
                center: position, ..
            },
            SpawnHandle::At,
        ) => {
            *position = p;
        }
        _ => {}
    }
    // A corner dragged past the other one: the area stays an area (its corners in order).
    if let Spawn::Area { min, max, .. } = &mut out {
        (*min, *max) = (min.min(*max), min.max(*max));
    }
    out
}

/// The handles of `spawn` and where they are (world).
#[must_use]
pub fn spawn_handles(spawn: &Spawn) -> Vec<(SpawnHandle, Vec2)> {
    match spawn {
        Spawn::Area { min, max, .. } => vec![(SpawnHandle::Min, *min), (SpawnHandle::Max, *max)],
        Spawn::At { position, .. }
        | Spawn::Stream { position, .. }
        | Spawn::Ring {
            center: position, ..
        } => {
            vec![(SpawnHandle::At, *position)]
        }
    }
}

/// The tools' state between frames.
#[derive(Clone, Debug, Default)]
pub struct ToolState {
    /// The tool in use.
    pub tool: CanvasTool,
    /// Points snap to a grid of [`SNAP_WORLD`].
    pub snap: bool,
    /// The scenery Delete removes.
    pub picked: Option<Pick>,
    /// The path new points are added to.
    pub path: Option<usize>,
    /// The flow field painted.
    pub field: usize,
    /// The corners of the level's block being drawn (Level tool).
    pub level_draft: Vec<Vec2>,
    /// The group whose spawn the Agents tool shows and drags (the editor's current group).
    pub group: usize,
    gesture: Option<Gesture>,
}

impl ToolState {
    /// A point as the tools place it: snapped when snapping is on.
    #[must_use]
    pub fn place(&self, p: Vec2) -> Vec2 {
        if self.snap {
            (p / SNAP_WORLD).round() * SNAP_WORLD
        } else {
            p
        }
    }

    /// Whether a handle of the current group's spawn is being dragged (Agents tool).
    #[must_use]
    pub fn dragging_spawn(&self) -> bool {
        matches!(self.gesture, Some(Gesture::Spawn(_)))
    }

    /// The wall or path being drawn, for the preview.
    #[must_use]
    pub fn drawing(&self) -> Option<(Vec2, Vec2)> {
        match self.gesture {
            Some(Gesture::NewWall(a, b) | Gesture::NewPath(a, b)) => Some((a, b)),
            _ => None,
        }
    }
}

/// Where things are on screen, for picking.
struct Picker<'a> {
    view: &'a View,
    rect: Rect,
    world: &'a World,
}

impl Picker<'_> {
    fn screen(&self, p: Vec2) -> Pos2 {
        self.view.screen_from_world(self.rect, p)
    }

    /// The handle of group `g`'s spawn within grab distance of `p`.
    fn spawn_handle(&self, g: usize, p: Pos2) -> Option<SpawnHandle> {
        let group = self.world.spec().groups.get(g)?;
        spawn_handles(&group.spawn)
            .into_iter()
            .find(|&(_, q)| self.screen(q).distance(p) <= GRAB_PIXELS)
            .map(|(h, _)| h)
    }

    /// The wall end within grab distance of `p`.
    fn wall_end(&self, p: Pos2) -> Option<(usize, End)> {
        self.world
            .spec()
            .walls
            .iter()
            .enumerate()
            .find_map(|(i, w)| {
                if self.screen(w.from).distance(p) <= GRAB_PIXELS {
                    Some((i, End::From))
                } else if self.screen(w.to).distance(p) <= GRAB_PIXELS {
                    Some((i, End::To))
                } else {
                    None
                }
            })
    }

    /// The wall within grab distance of `p`.
    fn wall(&self, p: Pos2) -> Option<usize> {
        self.world.spec().walls.iter().position(|w| {
            let (a, b) = (self.screen(w.from), self.screen(w.to));
            let q = closest_on_segment(
                Vec2::new(a.x, a.y),
                Vec2::new(b.x, b.y),
                Vec2::new(p.x, p.y),
            );
            q.distance(Vec2::new(p.x, p.y)) <= GRAB_PIXELS
        })
    }

    /// The path point within grab distance of `p` (the selected path first).
    fn path_point(&self, p: Pos2, selected: Option<usize>) -> Option<(usize, usize)> {
        let paths = &self.world.spec().paths;
        let order = selected
            .into_iter()
            .chain((0..paths.len()).filter(move |&i| Some(i) != selected));
        for i in order {
            let Some(path) = paths.get(i) else {
                continue;
            };
            if let Some(k) = path
                .points
                .iter()
                .position(|&q| self.screen(q).distance(p) <= GRAB_PIXELS)
            {
                return Some((i, k));
            }
        }
        None
    }

    /// The level corner within grab distance of `p`: its polygon (as `Level::rings` lists them)
    /// and index.
    fn level_corner(&self, p: Pos2) -> Option<(usize, usize)> {
        self.world
            .spec()
            .level
            .rings()
            .enumerate()
            .find_map(|(r, ring)| {
                let k = ring
                    .iter()
                    .position(|&q| self.screen(q).distance(p) <= GRAB_PIXELS)?;
                Some((r, k))
            })
    }

    /// The segment of path `i` within grab distance of `p`: the index its new point gets.
    // Geometry's textbook names: points a, b, c, d, p, q; counts n.
    #[allow(clippy::many_single_char_names)]
    fn path_segment(&self, i: usize, p: Pos2) -> Option<usize> {
        let path = self.world.spec().paths.get(i)?;
        let to = |q: Vec2| {
            let s = self.screen(q);
            Vec2::new(s.x, s.y)
        };
        let at = Vec2::new(p.x, p.y);
        let n = path.points.len();
        let segments = if path.is_closed() {
            n
        } else {
            n.saturating_sub(1)
        };
        (0..segments).find_map(|k| {
            let (a, b) = (path.points[k], path.points[(k + 1) % n]);
            (closest_on_segment(to(a), to(b), at).distance(at) <= GRAB_PIXELS).then_some(k + 1)
        })
    }
}

/// The left button's gestures for the tools other than Select. `press` is where the button
/// went down (screen), `pointer` where it is now (world).
#[allow(clippy::too_many_lines)] // One stanza per tool and gesture.
pub fn tools_ui(
    response: &egui::Response,
    state: &mut ToolState,
    (view, rect): (&View, Rect),
    world: &World,
    (press, pointer): (Option<Pos2>, Option<Vec2>),
) -> Vec<CanvasAction> {
    let picker = Picker { view, rect, world };
    let mut actions = Vec::new();
    let primary = egui::PointerButton::Primary;
    if response.drag_started_by(primary)
        && let Some(p) = press
    {
        let w = state.place(view.world_from_screen(rect, p));
        state.gesture = match state.tool {
            CanvasTool::Walls => Some(if let Some((i, end)) = picker.wall_end(p) {
                state.picked = Some(Pick::Wall(i));
                Gesture::WallEnd(i, end)
            } else if let Some(i) = picker.wall(p) {
                state.picked = Some(Pick::Wall(i));
                let wall = &world.spec().walls[i];
                Gesture::WholeWall {
                    wall: i,
                    grab: view.world_from_screen(rect, p),
                    from: wall.from,
                    to: wall.to,
                }
            } else {
                Gesture::NewWall(w, w)
            }),
            CanvasTool::Paths => Some(if let Some((i, k)) = picker.path_point(p, state.path) {
                state.path = Some(i);
                state.picked = Some(Pick::PathPoint(i, k));
                Gesture::PathPoint(i, k)
            } else {
                Gesture::NewPath(w, w)
            }),
            CanvasTool::Flow => Some(Gesture::Paint(view.world_from_screen(rect, p))),
            CanvasTool::Level => picker.level_corner(p).map(|(r, k)| {
                state.picked = Some(Pick::LevelCorner(r, k));
                Gesture::LevelCorner(r, k)
            }),
            CanvasTool::Agents => picker.spawn_handle(state.group, p).map(Gesture::Spawn),
            CanvasTool::Select => None,
        };
    }
    if response.dragged_by(primary)
        && let (Some(gesture), Some(now)) = (state.gesture, pointer)
    {
        let placed = state.place(now);
        match gesture {
            Gesture::NewWall(a, _) => state.gesture = Some(Gesture::NewWall(a, placed)),
            Gesture::NewPath(a, _) => state.gesture = Some(Gesture::NewPath(a, placed)),
            Gesture::WallEnd(i, end) => actions.push(CanvasAction::MoveWallEnd(i, end, placed)),
            Gesture::WholeWall {
                wall,
                grab,
                from,
                to,
            } => {
                let delta = state.place(from + (now - grab)) - from;
                actions.push(CanvasAction::MoveWall(wall, from + delta, to + delta));
            }
            Gesture::PathPoint(i, k) => actions.push(CanvasAction::MovePathPoint(i, k, placed)),
            Gesture::LevelCorner(r, k) => {
                actions.push(CanvasAction::MoveLevelCorner(r, k, placed));
            }
            Gesture::Spawn(handle) => {
                if let Some(group) = world.spec().groups.get(state.group) {
                    actions.push(CanvasAction::SetSpawn(
                        state.group,
                        moved_spawn(&group.spawn, handle, placed),
                    ));
                }
            }
            Gesture::Paint(last) => {
                if now.distance(last) > 0.0 {
                    actions.push(CanvasAction::PaintFlow(state.field, last, now));
                    state.gesture = Some(Gesture::Paint(now));
                }
            }
        }
    }
    if response.drag_stopped() {
        match state.gesture.take() {
            Some(Gesture::NewWall(a, b)) if a.distance(b) > 0.0 => {
                actions.push(CanvasAction::AddWall(a, b));
            }
            Some(Gesture::NewPath(a, b)) if a.distance(b) > 0.0 => {
                actions.push(CanvasAction::AddPath(a, b));
            }
            _ => {}
        }
    }
    if response.clicked_by(primary)
        && let Some(p) = response.interact_pointer_pos()
    {
        let w = state.place(view.world_from_screen(rect, p));
        match state.tool {
            CanvasTool::Walls => state.picked = picker.wall(p).map(Pick::Wall),
            CanvasTool::Paths => {
                if let Some((i, k)) = picker.path_point(p, state.path) {
                    state.path = Some(i);
                    state.picked = Some(Pick::PathPoint(i, k));
                } else if let Some((i, k)) = state
                    .path
                    .and_then(|i| Some((i, picker.path_segment(i, p)?)))
                {
                    actions.push(CanvasAction::InsertPathPoint(i, k, w));
                    state.picked = Some(Pick::PathPoint(i, k));
                } else if let Some(i) = state.path
                    && let Some(path) = world.spec().paths.get(i)
                {
                    state.picked = Some(Pick::PathPoint(i, path.points.len()));
                    actions.push(CanvasAction::AppendPathPoint(i, w));
                } else {
                    state.picked = None;
                }
            }
            CanvasTool::Agents => actions.push(CanvasAction::PlaceAgent(w)),
            CanvasTool::Level => level_click(state, &picker, p, w, &mut actions),
            CanvasTool::Select | CanvasTool::Flow => {}
        }
    }
    actions
}

/// A click of the Level tool at `p` (screen), `w` (world, placed): closes the block being drawn
/// on its first corner, picks an existing corner, or adds a corner to the block being drawn.
fn level_click(
    state: &mut ToolState,
    picker: &Picker<'_>,
    p: Pos2,
    w: Vec2,
    actions: &mut Vec<CanvasAction>,
) {
    let draft = &mut state.level_draft;
    if let Some(&first) = draft.first()
        && draft.len() >= 3
        && picker.screen(first).distance(p) <= GRAB_PIXELS
    {
        actions.push(CanvasAction::AddLevelHole(std::mem::take(draft)));
        state.picked = None;
        return;
    }
    if draft.is_empty()
        && let Some((r, k)) = picker.level_corner(p)
    {
        state.picked = Some(Pick::LevelCorner(r, k));
        return;
    }
    // A second click on the same spot (a double click, or snapping) adds no corner.
    if draft.last() != Some(&w) {
        draft.push(w);
    }
    state.picked = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spawn's handles move its corners or its point; an area's corners stay in order when
    /// one is dragged past the other.
    #[test]
    fn spawn_handles_move_what_they_hold() {
        let area = Spawn::Area {
            min: Vec2::new(10.0, 10.0),
            max: Vec2::new(50.0, 40.0),
            speed: 3.0,
        };
        assert_eq!(
            spawn_handles(&area),
            vec![
                (SpawnHandle::Min, Vec2::new(10.0, 10.0)),
                (SpawnHandle::Max, Vec2::new(50.0, 40.0))
            ]
        );
        assert_eq!(
            moved_spawn(&area, SpawnHandle::Max, Vec2::new(70.0, 60.0)),
            Spawn::Area {
                min: Vec2::new(10.0, 10.0),
                max: Vec2::new(70.0, 60.0),
                speed: 3.0,
            }
        );
        // The lower corner dragged past the upper one: the area keeps min <= max.
        assert_eq!(
            moved_spawn(&area, SpawnHandle::Min, Vec2::new(60.0, 20.0)),
            Spawn::Area {
                min: Vec2::new(50.0, 20.0),
                max: Vec2::new(60.0, 40.0),
                speed: 3.0,
            }
        );
        let at = Spawn::Stream {
            position: Vec2::new(1.0, 2.0),
            velocity: Vec2::X,
            interval_secs: 0.5,
        };
        assert_eq!(
            moved_spawn(&at, SpawnHandle::At, Vec2::new(5.0, 6.0)),
            Spawn::Stream {
                position: Vec2::new(5.0, 6.0),
                velocity: Vec2::X,
                interval_secs: 0.5,
            }
        );
        // A handle the spawn does not have moves nothing.
        assert_eq!(moved_spawn(&at, SpawnHandle::Min, Vec2::ZERO), at);
    }
}
