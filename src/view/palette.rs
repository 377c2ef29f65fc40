//! The colours the canvas, the legends and the plots draw with. A behavior's colour is defined
//! in its own file in the core (`sim::steer::behaviors`, as an sRGB key); this is where it becomes a
//! colour.

use egui::Color32;

use crate::sim::BehaviorKind;
use crate::sim::colors::Rgb;
use crate::sim::steer::colors;

/// Colour of the applied steering force: red, as the C# source draws it.
pub const APPLIED: Color32 = color(colors::APPLIED);
/// Colour of the velocity vector.
pub const VELOCITY: Color32 = color(colors::VELOCITY);
/// Colour of the desired velocity.
pub const DESIRED: Color32 = Color32::from_rgb(190, 230, 255);
/// Colour of the wander circle.
pub const WANDER_CIRCLE: Color32 = Color32::from_rgb(150, 150, 150);
/// Colour of radius circles (slowing radius, panic distance, neighbour radius).
pub const RADIUS: Color32 = Color32::from_rgb(120, 200, 170);
/// Colour of prediction points.
pub const PREDICTION: Color32 = Color32::from_rgb(255, 170, 60);
/// Colour of the click target.
pub const CLICK: Color32 = color(colors::CLICK);
/// Colour of obstacles.
pub const OBSTACLE: Color32 = color(colors::OBSTACLE);
/// Colour of the world boundary.
pub const BOUNDARY: Color32 = color(colors::BOUNDARY);
/// Colour of walls.
pub const WALL: Color32 = Color32::from_rgb(200, 205, 220);
/// The navigation mesh's triangles (fill).
pub const NAVMESH_FILL: Color32 = Color32::from_rgba_premultiplied(20, 40, 60, 60);
/// The navigation mesh's triangle edges.
pub const NAVMESH_EDGE: Color32 = Color32::from_rgba_premultiplied(50, 90, 120, 120);
/// A navigating agent's route ahead.
pub const ROUTE: Color32 = Color32::from_rgb(90, 200, 255);
/// Colour of path centre lines and points.
pub const PATH: Color32 = Color32::from_rgb(0, 200, 140);
/// Colour of a path's band (its radius either side), translucent.
pub const PATH_BAND: Color32 = Color32::from_rgba_premultiplied(0, 40, 28, 40);
/// Colour of flow field arrows: a muted violet, apart from the blues of velocity (the first
/// field; [`FLOW_FIELDS`] tints each field of a scene apart).
pub const FLOW: Color32 = FLOW_FIELDS[0];
/// Colours of the flow fields of a scene, in order (a scene has at most a few; they repeat).
pub const FLOW_FIELDS: [Color32; 3] = [
    Color32::from_rgb(150, 120, 200),
    Color32::from_rgb(200, 160, 90),
    Color32::from_rgb(110, 180, 150),
];
/// Colour of sensors: feelers, detection boxes, probes.
pub const SENSOR: Color32 = Color32::from_rgb(255, 235, 150);
/// Colour of a sensor's hit (a feeler crossing a wall, the box meeting an obstacle).
pub const HIT: Color32 = Color32::from_rgb(255, 80, 80);
/// Highlight of the scenery picked for editing.
pub const PICKED: Color32 = Color32::from_rgb(255, 255, 120);
/// Canvas background.
pub const BACKGROUND: Color32 = color(colors::BACKGROUND);
/// Lines of the spatial grid.
pub const GRID: Color32 = Color32::from_rgb(60, 68, 88);
/// Highlight of the selected agent.
pub const SELECTION: Color32 = Color32::from_rgb(255, 255, 255);
/// The baseline's ghosts: their outline and the legend swatch.
pub const GHOST: Color32 = Color32::from_rgb(200, 200, 230);
/// How opaque a ghost's body is, against the live agent's colour.
pub const GHOST_ALPHA: f32 = 0.35;
/// A metric that got better against the baseline.
pub const BETTER: Color32 = Color32::from_rgb(90, 210, 110);
/// A metric that got worse against the baseline.
pub const WORSE: Color32 = Color32::from_rgb(255, 95, 80);
/// The marker of a value that is legal but almost surely not meant.
pub const WARNING: Color32 = Color32::from_rgb(255, 150, 40);
/// The marker of a parameter changed since the file was saved.
pub const CHANGED: Color32 = Color32::from_rgb(255, 190, 60);

/// Group colours, in group order (repeating).
pub const GROUP_COLORS: [Color32; 8] = {
    let mut out = [Color32::BLACK; 8];
    let mut k = 0;
    while k < 8 {
        out[k] = color(colors::GROUPS[k]);
        k += 1;
    }
    out
};

/// The colour of group `index`.
#[must_use]
pub fn group_color(index: usize) -> Color32 {
    GROUP_COLORS[index % GROUP_COLORS.len()]
}

/// A colour key of the core as a colour.
#[must_use]
pub const fn color(rgb: Rgb) -> Color32 {
    Color32::from_rgb(rgb.0, rgb.1, rgb.2)
}

/// Each behavior's force colour, from the registry: wander grey, seek green, pursuit orange,
/// evade red (the hunter demo's colours), the rest distinct.
#[must_use]
pub fn behavior_color(kind: BehaviorKind) -> Color32 {
    color(kind.info().color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hunter_demo_colours_and_distinct_behavior_colours() {
        assert_eq!(
            behavior_color(BehaviorKind::Seek),
            Color32::from_rgb(60, 210, 80)
        );
        assert_eq!(
            behavior_color(BehaviorKind::Wander),
            Color32::from_rgb(170, 170, 170)
        );
        let mut colors: Vec<Color32> = BehaviorKind::ALL.map(behavior_color).to_vec();
        colors.sort_by_key(Color32::to_array);
        colors.dedup();
        assert_eq!(colors.len(), BehaviorKind::COUNT);
    }
}
