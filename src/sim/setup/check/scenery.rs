//! The checks of the scenery: walls, paths, flow fields and placed agents.

use super::{Checker, MAX_FLOW_CELLS, MAX_FLOW_FIELDS, MAX_PATH_POINTS, MAX_PATHS, MAX_WALLS};
use crate::sim::model::field_path::FieldPath;
use crate::sim::model::polygon::{self, Apart};
use crate::sim::model::scenery::{FlowField, flow_cells};
use crate::sim::model::text::{echo, thousands};
use crate::sim::setup::settings::{
    BOUNDARY, CELL_SIZE, FLOW_FIELDS, HOLES, LEVEL, NAME, PAINTED, PATHS, POINTS, WALLS,
};
use crate::sim::setup::spec::WorldSpec;
use glam::Vec2;

impl Checker {
    /// `name` must be a looped path of 3 or more points (a region).
    pub(super) fn closed_path(&mut self, path: &FieldPath, name: &str, spec: &WorldSpec) {
        match spec.paths.iter().find(|p| p.name == name) {
            Some(p) if p.is_closed() => {}
            Some(_) => self.push(
                path,
                format!(
                    "path \"{}\" does not enclose a region: it must be looped, with 3 or more points",
                    echo(name)
                ),
            ),
            None => {
                let names: Vec<&str> = spec.paths.iter().map(|x| x.name.as_str()).collect();
                self.names_one(path, "path", name, &names);
            }
        }
    }

    /// Walls, paths and flow fields: how many, their names, and what a number's limit alone
    /// does not say.
    pub(super) fn scenery(&mut self, spec: &WorldSpec) {
        let root = FieldPath::root();
        self.count(&root.key(WALLS), "walls", spec.walls.len(), MAX_WALLS);
        self.level(spec);
        self.count(&root.key(PATHS), "paths", spec.paths.len(), MAX_PATHS);
        for (i, p) in spec.paths.iter().enumerate() {
            let path = root.key(PATHS).index(i);
            let name = path.key(NAME.key);
            self.name(&name, &p.name);
            if spec.paths[..i].iter().any(|o| o.name == p.name) {
                self.push(
                    &name,
                    format!("\"{}\" is already the name of another path", echo(&p.name)),
                );
            }
            let points = path.key(POINTS);
            if p.points.len() < 2 {
                self.push(
                    &points,
                    format!("a path needs 2 or more points, got {}", p.points.len()),
                );
            }
            self.count(&points, "points", p.points.len(), MAX_PATH_POINTS);
        }
        self.count(
            &root.key(FLOW_FIELDS),
            "flow fields",
            spec.flow_fields.len(),
            MAX_FLOW_FIELDS,
        );
        for (i, f) in spec.flow_fields.iter().enumerate() {
            self.flow_field(&root.key(FLOW_FIELDS).index(i), f, spec, i);
        }
    }

    /// The level: polygons of 3 or more points, and no more of them (and their corners) than
    /// the walls allow.
    fn level(&mut self, spec: &WorldSpec) {
        let level = FieldPath::root().key(LEVEL);
        let ring = |checker: &mut Self, at: &FieldPath, points: usize| {
            if points < 3 {
                checker.push(
                    at,
                    format!("a polygon of the level needs 3 or more points, got {points}"),
                );
            }
            checker.count(at, "points", points, MAX_PATH_POINTS);
        };
        if !spec.level.boundary.is_empty() {
            ring(self, &level.key(BOUNDARY), spec.level.boundary.len());
        }
        self.count(
            &level.key(HOLES),
            "holes",
            spec.level.holes.len(),
            MAX_WALLS,
        );
        for (h, hole) in spec.level.holes.iter().enumerate() {
            ring(self, &level.key(HOLES).index(h), hole.len());
        }
        let edges: usize = spec.level.rings().map(<[_]>::len).sum();
        // The shapes are checked pair by pair of edges: only on a level within its limits.
        if edges <= MAX_WALLS && spec.level.rings().all(|r| r.len() <= MAX_PATH_POINTS) {
            self.level_shapes(spec);
        }
        if edges > MAX_WALLS {
            self.push(
                &level,
                format!(
                    "the level has {} corners in all, more than {}",
                    thousands(edges as u64),
                    thousands(MAX_WALLS as u64)
                ),
            );
        }
    }

    /// The level's polygons as areas: an outline or a block whose edges cross is refused (the
    /// navigation mesh cannot tell its inside from its outside), and so is a block with no part
    /// on the outline's area (the world's rectangle when there is none): wholly outside it, or
    /// around all of it.
    fn level_shapes(&mut self, spec: &WorldSpec) {
        let level = FieldPath::root().key(LEVEL);
        let corner = |p: Vec2| format!("({}, {})", p.x, p.y);
        let crossing = |ring: &[Vec2], (i, j): (usize, usize), what: &str| {
            // The edge's far end: the next corner that is not the same point.
            let next = |k: usize| {
                (1..ring.len())
                    .map(|d| ring[(k + d) % ring.len()])
                    .find(|&p| p != ring[k])
                    .unwrap_or(ring[k])
            };
            format!(
                "{what} crosses itself: its edge from corner {i} {} to {} meets its edge from \
                 corner {j} {} to {}",
                corner(ring[i]),
                corner(next(i)),
                corner(ring[j]),
                corner(next(j))
            )
        };
        let boundary = &spec.level.boundary;
        // A boundary of fewer than 3 corners is refused above; blocks are then not measured
        // against it.
        let outline_ok = boundary.is_empty()
            || boundary.len() >= 3 && {
                let crossed = polygon::self_crossing(boundary);
                if let Some(edges) = crossed {
                    self.push(
                        &level.key(BOUNDARY),
                        crossing(boundary, edges, "the outline"),
                    );
                }
                crossed.is_none()
            };
        let outline = spec.level.outline(spec.size);
        for (h, hole) in spec.level.holes.iter().enumerate() {
            if hole.len() < 3 {
                continue;
            }
            let at = level.key(HOLES).index(h);
            if let Some(edges) = polygon::self_crossing(hole) {
                self.push(&at, crossing(hole, edges, "this block"));
                continue;
            }
            if !outline_ok {
                continue;
            }
            let whose = if boundary.is_empty() {
                "the world"
            } else {
                "the level's outline"
            };
            match polygon::apart(hole, &outline) {
                Some(Apart::Outside) => self.push(
                    &at,
                    format!(
                        "this block lies wholly outside {whose}: it walls off nothing there \
                         (its first corner is {})",
                        corner(hole[0])
                    ),
                ),
                Some(Apart::Around) => self.push(
                    &at,
                    format!("this block lies around the whole of {whose}: no ground is left"),
                ),
                None => {}
            }
        }
    }

    fn flow_field(&mut self, path: &FieldPath, f: &FlowField, spec: &WorldSpec, i: usize) {
        let name = path.key(NAME.key);
        self.name(&name, &f.name);
        if spec.flow_fields[..i].iter().any(|o| o.name == f.name) {
            self.push(
                &name,
                format!(
                    "\"{}\" is already the name of another flow field",
                    echo(&f.name)
                ),
            );
        }
        let (cols, rows) = flow_cells(spec.size, f.cell_size);
        let cells = cols.saturating_mul(rows);
        if f.cell_size > 0.0 && cells > MAX_FLOW_CELLS {
            self.push(
                &path.key(CELL_SIZE.key),
                format!(
                    "gives {} cells over the world; at most {} (make the cells larger)",
                    thousands(cells as u64),
                    thousands(MAX_FLOW_CELLS as u64)
                ),
            );
        }
        let painted = path.key(PAINTED);
        self.count(&painted, "painted cells", f.painted.len(), MAX_FLOW_CELLS);
        for (k, cell) in f.painted.iter().enumerate().take(MAX_FLOW_CELLS) {
            if cell.col as usize >= cols || cell.row as usize >= rows {
                self.push(
                    &painted.index(k),
                    format!(
                        "cell ({}, {}) is outside the field's {cols} x {rows} cells",
                        cell.col, cell.row
                    ),
                );
            }
        }
    }
}
