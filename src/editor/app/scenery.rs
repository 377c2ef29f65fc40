//! Editing the scenery on the canvas: walls, paths, flow field painting and placed agents.
//! Each gesture edits a draft of the scene that goes through validation like an inspector edit,
//! so a drag is one undo step and a refused edit changes nothing.

use glam::Vec2;

use super::EditorApp;
use crate::scene::Scene;
use crate::sim::model::scenery::{DEFAULT_PATH_RADIUS, flow_cells};
use crate::sim::steer::params::{FlowBase, FlowField, PaintedCell, Path, Placed, Wall};
use crate::view::CanvasAction;
use crate::view::tools::{End, Pick};

/// Cell size of the flow field the Flow tool makes when the scene has none (world units).
const NEW_FIELD_CELL: f32 = 40.0;

/// `base` with the lowest number after it that no name in `taken` has (`path`, `path2`, ...).
fn unique_name(base: &str, taken: &[&str]) -> String {
    if !taken.contains(&base) {
        return base.to_owned();
    }
    (2..=u32::MAX)
        .map(|n| format!("{base}{n}"))
        .find(|name| !taken.contains(&name.as_str()))
        .unwrap_or_else(|| base.to_owned())
}

/// The cells a stroke from `a` to `b` crosses (sampled every half cell), each painted with the
/// stroke's direction.
// Geometry's textbook names: points a, b, c, d, p, q; counts n.
#[allow(clippy::many_single_char_names)]
fn paint_stroke(field: &mut FlowField, size: Vec2, a: Vec2, b: Vec2) {
    let (cols, rows) = flow_cells(size, field.cell_size);
    let d = b - a;
    if cols == 0 || rows == 0 || d.length() <= 0.0 {
        return;
    }
    let angle_deg = libm::atan2f(d.y, d.x).to_degrees();
    let steps = (d.length() / (field.cell_size * 0.5))
        .ceil()
        .clamp(1.0, 4096.0);
    // At most 4,096 samples.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = steps as u32;
    for k in 0..=n {
        #[allow(clippy::cast_precision_loss)]
        let p = a + d * (k as f32 / steps);
        let cell = |v: f32, count: usize| {
            let c = (v / field.cell_size).floor();
            // Only cells inside the field are painted.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            #[allow(clippy::cast_precision_loss)]
            (c >= 0.0 && c < count as f32).then_some(c as u32)
        };
        let (Some(col), Some(row)) = (cell(p.x, cols), cell(p.y, rows)) else {
            continue;
        };
        match field
            .painted
            .iter_mut()
            .find(|c| c.col == col && c.row == row)
        {
            Some(c) => c.angle_deg = angle_deg,
            None => field.painted.push(PaintedCell {
                col,
                row,
                angle_deg,
            }),
        }
    }
}

impl EditorApp {
    /// Applies a scenery gesture to a draft of the scene.
    pub(super) fn edit_scenery(&mut self, action: &CanvasAction) {
        let mut draft = self.doc.scene().clone();
        let size = Vec2::new(draft.world.width, draft.world.height);
        match *action {
            CanvasAction::AddWall(from, to) => {
                draft.walls.push(Wall { from, to });
                self.canvas.tools.picked = Some(Pick::Wall(draft.walls.len() - 1));
                if !draft
                    .groups
                    .iter()
                    .any(|g| g.uses(crate::sim::BehaviorKind::AvoidWalls))
                {
                    let group = draft
                        .groups
                        .get(self.session.current_group)
                        .map_or("a group", |g| g.name.as_str());
                    self.notices.toast_request = Some(format!(
                        "No group avoids walls: agents pass through this one. Add avoid_walls \
                         to {group} (Add behavior… › Paths & walls)."
                    ));
                }
            }
            CanvasAction::MoveWallEnd(i, end, p) => {
                if let Some(w) = draft.walls.get_mut(i) {
                    match end {
                        End::From => w.from = p,
                        End::To => w.to = p,
                    }
                }
            }
            CanvasAction::MoveWall(i, from, to) => {
                if let Some(w) = draft.walls.get_mut(i) {
                    (w.from, w.to) = (from, to);
                }
            }
            CanvasAction::AddLevelHole(..) | CanvasAction::MoveLevelCorner(..) => {
                self.edit_level(&mut draft, action);
            }
            CanvasAction::AddPath(a, b) => {
                let taken: Vec<&str> = draft.paths.iter().map(|p| p.name.as_str()).collect();
                let name = unique_name("path", &taken);
                draft.paths.push(Path {
                    name,
                    points: vec![a, b],
                    looped: false,
                    radius: DEFAULT_PATH_RADIUS,
                });
                let i = draft.paths.len() - 1;
                self.canvas.tools.path = Some(i);
                self.canvas.tools.picked = Some(Pick::PathPoint(i, 1));
            }
            CanvasAction::AppendPathPoint(i, p) => {
                if let Some(path) = draft.paths.get_mut(i) {
                    path.points.push(p);
                }
            }
            CanvasAction::InsertPathPoint(i, k, p) => {
                if let Some(path) = draft.paths.get_mut(i) {
                    let k = k.min(path.points.len());
                    path.points.insert(k, p);
                }
            }
            CanvasAction::MovePathPoint(i, k, p) => {
                if let Some(q) = draft
                    .paths
                    .get_mut(i)
                    .and_then(|path| path.points.get_mut(k))
                {
                    *q = p;
                }
            }
            CanvasAction::PaintFlow(i, a, b) => {
                if draft.flow_fields.is_empty() {
                    draft.flow_fields.push(FlowField {
                        name: "flow".to_owned(),
                        cell_size: NEW_FIELD_CELL,
                        base: FlowBase::Uniform { angle_deg: 0.0 },
                        painted: Vec::new(),
                    });
                }
                let i = i.min(draft.flow_fields.len() - 1);
                if let Some(field) = draft.flow_fields.get_mut(i) {
                    paint_stroke(field, size, a, b);
                }
            }
            CanvasAction::PlaceAgent(position) => {
                let g = self.session.current_group;
                let Some(group) = draft.groups.get(g).map(|g| g.name.clone()) else {
                    return;
                };
                draft.agents.push(Placed {
                    group,
                    position,
                    velocity: Vec2::ZERO,
                    wander_angle_deg: None,
                });
            }
            _ => return,
        }
        self.apply_draft(draft);
    }

    /// Moves an agent on the canvas; a placed agent's start in the scene moves with it.
    pub(super) fn move_agent(&mut self, id: u32, p: Vec2) {
        self.session.world.move_agent(id, p);
        let k = id as usize;
        if k < self.doc.scene().agents.len() {
            let mut draft = self.doc.scene().clone();
            draft.agents[k].position = p;
            self.apply_draft(draft);
        }
    }

    /// A Level tool gesture on `draft`.
    fn edit_level(&mut self, draft: &mut Scene, action: &CanvasAction) {
        match *action {
            CanvasAction::AddLevelHole(ref corners) => {
                draft.level.holes.push(corners.clone());
                if !draft.groups.iter().any(crate::sim::Group::uses_navmesh) {
                    self.notices.toast_request = Some(
                        "A block of wall: its edges are walls to avoid_walls and ORCA; add \
                         navigate (Add behavior… › Paths & walls) for routes around it."
                            .to_owned(),
                    );
                }
            }
            CanvasAction::MoveLevelCorner(r, k, p) => {
                let level = &mut draft.level;
                let outline = usize::from(!level.boundary.is_empty());
                let ring = if r < outline {
                    Some(&mut level.boundary)
                } else {
                    level.holes.get_mut(r - outline)
                };
                if let Some(q) = ring.and_then(|ring| ring.get_mut(k)) {
                    *q = p;
                }
            }
            _ => {}
        }
    }

    /// Deletes placed agent `k` from the scene (one undo step; the world restarts, since the
    /// ids of the agents after it change).
    pub(super) fn delete_placed(&mut self, k: usize) {
        let mut draft = self.doc.scene().clone();
        if k < draft.agents.len() {
            draft.agents.remove(k);
            self.doc.commit();
            self.apply_draft(draft);
            self.doc.commit();
            self.select(None);
        }
    }

    /// Deletes the scenery picked on the canvas (one undo step). Returns whether there was one.
    pub(super) fn delete_picked(&mut self) -> bool {
        let Some(pick) = self.canvas.tools.picked.take() else {
            return false;
        };
        let mut draft: Scene = self.doc.scene().clone();
        match pick {
            Pick::Wall(i) if i < draft.walls.len() => {
                draft.walls.remove(i);
            }
            Pick::PathPoint(i, k) => {
                let Some(path) = draft.paths.get_mut(i) else {
                    return false;
                };
                if path.points.len() > 2 {
                    if k < path.points.len() {
                        path.points.remove(k);
                    }
                } else {
                    // A path needs two points: the whole path goes.
                    draft.paths.remove(i);
                    self.canvas.tools.path = None;
                }
            }
            Pick::LevelCorner(r, k) => {
                let level = &mut draft.level;
                let outline = usize::from(!level.boundary.is_empty());
                if r < outline {
                    if level.boundary.len() > 3 {
                        level.boundary.remove(k.min(level.boundary.len() - 1));
                    } else {
                        level.boundary.clear();
                    }
                } else if let Some(hole) = level.holes.get_mut(r - outline) {
                    if hole.len() > 3 {
                        hole.remove(k.min(hole.len() - 1));
                    } else {
                        // A polygon needs three corners: the whole block goes.
                        level.holes.remove(r - outline);
                    }
                } else {
                    return false;
                }
            }
            Pick::Wall(_) => return false,
        }
        self.doc.commit();
        self.apply_draft(draft);
        self.doc.commit();
        true
    }
}

impl EditorApp {
    /// Adds an obstacle near the middle of the world (one undo step), with the Select tool to
    /// drag it.
    pub(super) fn add_obstacle(&mut self) {
        let mut draft = self.doc.scene().clone();
        crate::scene::add::add_obstacle(&mut draft);
        self.edit_step(draft);
        self.canvas.tools.tool = crate::view::CanvasTool::Select;
        "Obstacle added in the middle of the world: drag it into place"
            .clone_into(&mut self.files.status);
    }

    /// Adds a flow field (one undo step), with the Flow tool to paint it.
    pub(super) fn add_flow_field(&mut self) {
        let mut draft = self.doc.scene().clone();
        let name = crate::scene::add::add_flow_field(&mut draft);
        self.edit_step(draft);
        self.canvas.tools.tool = crate::view::CanvasTool::Flow;
        self.files.status = format!("Flow field \"{name}\" added: paint it with the Flow tool");
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn names_are_made_unique() {
        assert_eq!(unique_name("path", &[]), "path");
        assert_eq!(unique_name("path", &["path", "path2"]), "path3");
    }

    #[test]
    fn a_stroke_paints_the_cells_it_crosses_in_its_direction() {
        let mut field = FlowField {
            name: "f".to_owned(),
            cell_size: 10.0,
            base: FlowBase::Uniform { angle_deg: 0.0 },
            painted: Vec::new(),
        };
        // Straight down (+y) through x = 15: cells (1, 0), (1, 1), (1, 2) at 90 degrees.
        paint_stroke(
            &mut field,
            Vec2::new(100.0, 100.0),
            Vec2::new(15.0, 2.0),
            Vec2::new(15.0, 28.0),
        );
        let cells: Vec<(u32, u32, f32)> = field
            .painted
            .iter()
            .map(|c| (c.col, c.row, c.angle_deg))
            .collect();
        assert_eq!(cells, [(1, 0, 90.0), (1, 1, 90.0), (1, 2, 90.0)]);
        // Painting over a cell replaces its direction; outside the world nothing is painted.
        paint_stroke(
            &mut field,
            Vec2::new(100.0, 100.0),
            Vec2::new(12.0, 5.0),
            Vec2::new(18.0, 5.0),
        );
        assert_eq!(field.painted[0].angle_deg, 0.0);
        paint_stroke(
            &mut field,
            Vec2::new(100.0, 100.0),
            Vec2::new(-50.0, -5.0),
            Vec2::new(-40.0, -5.0),
        );
        assert_eq!(field.painted.len(), 3);
    }
}
