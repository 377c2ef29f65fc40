//! The checks of the scenery: walls, paths, flow fields and placed agents.

use super::{
    Checker, MAX_FLOW_CELLS, MAX_FLOW_FIELDS, MAX_MAGNITUDE, MAX_PATH_POINTS, MAX_PATHS, MAX_WALLS,
    MIN_NOISE_SCALE,
};
use crate::sim::scenery::{FlowBase, flow_cells};
use crate::sim::spec::WorldSpec;
use crate::sim::text::{echo, thousands};

impl Checker {
    /// `name` must be a looped path of 3 or more points (a region).
    pub(super) fn closed_path(&mut self, path: &str, name: &str, spec: &WorldSpec) {
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

    /// Walls, paths and flow fields.
    // One stanza per kind of scenery, each field in file order.
    #[allow(clippy::too_many_lines)]
    pub(super) fn scenery(&mut self, spec: &WorldSpec) {
        let count = |c: &mut Self, path: &str, what: &str, n: usize, max: usize| {
            if n > max {
                c.push(
                    path,
                    format!(
                        "at most {} {what}, got {}",
                        thousands(max as u64),
                        thousands(n as u64)
                    ),
                );
            }
        };
        count(self, "walls", "walls", spec.walls.len(), MAX_WALLS);
        for (i, w) in spec.walls.iter().enumerate() {
            self.point(&format!("walls[{i}].from"), w.from);
            self.point(&format!("walls[{i}].to"), w.to);
        }
        count(self, "paths", "paths", spec.paths.len(), MAX_PATHS);
        for (i, p) in spec.paths.iter().enumerate() {
            let path = format!("paths[{i}]");
            self.name(&format!("{path}.name"), &p.name);
            if spec.paths[..i].iter().any(|o| o.name == p.name) {
                self.push(
                    &format!("{path}.name"),
                    format!("\"{}\" is already the name of another path", echo(&p.name)),
                );
            }
            if p.points.len() < 2 {
                self.push(
                    &format!("{path}.points"),
                    format!("a path needs 2 or more points, got {}", p.points.len()),
                );
            }
            count(
                self,
                &format!("{path}.points"),
                "points",
                p.points.len(),
                MAX_PATH_POINTS,
            );
            for (k, point) in p.points.iter().enumerate().take(MAX_PATH_POINTS) {
                self.point(&format!("{path}.points[{k}]"), *point);
            }
            self.non_negative(&format!("{path}.radius"), p.radius);
        }
        count(
            self,
            "flow_fields",
            "flow fields",
            spec.flow_fields.len(),
            MAX_FLOW_FIELDS,
        );
        for (i, f) in spec.flow_fields.iter().enumerate() {
            let path = format!("flow_fields[{i}]");
            self.name(&format!("{path}.name"), &f.name);
            if spec.flow_fields[..i].iter().any(|o| o.name == f.name) {
                self.push(
                    &format!("{path}.name"),
                    format!(
                        "\"{}\" is already the name of another flow field",
                        echo(&f.name)
                    ),
                );
            }
            self.positive(&format!("{path}.cell_size"), f.cell_size);
            let (cols, rows) = flow_cells(spec.size, f.cell_size);
            let cells = cols.saturating_mul(rows);
            if f.cell_size > 0.0 && cells > MAX_FLOW_CELLS {
                self.push(
                    &format!("{path}.cell_size"),
                    format!(
                        "gives {} cells over the world; at most {} (make the cells larger)",
                        thousands(cells as u64),
                        thousands(MAX_FLOW_CELLS as u64)
                    ),
                );
            }
            match &f.base {
                FlowBase::Uniform { angle_deg } => {
                    self.signed(&format!("{path}.base.angle_deg"), *angle_deg);
                }
                FlowBase::Vortex { center, inward_deg } => {
                    self.point(&format!("{path}.base.center"), *center);
                    self.signed(&format!("{path}.base.inward_deg"), *inward_deg);
                }
                FlowBase::Noise { seed: _, scale } => {
                    self.range(
                        &format!("{path}.base.scale"),
                        *scale,
                        MIN_NOISE_SCALE,
                        false,
                        MAX_MAGNITUDE,
                    );
                }
            }
            count(
                self,
                &format!("{path}.painted"),
                "painted cells",
                f.painted.len(),
                MAX_FLOW_CELLS,
            );
            for (k, cell) in f.painted.iter().enumerate().take(MAX_FLOW_CELLS) {
                let at = format!("{path}.painted[{k}]");
                if cell.col as usize >= cols || cell.row as usize >= rows {
                    self.push(
                        &at,
                        format!(
                            "cell ({}, {}) is outside the field's {cols} x {rows} cells",
                            cell.col, cell.row
                        ),
                    );
                }
                self.signed(&format!("{at}.angle_deg"), cell.angle_deg);
            }
        }
    }
}
