//! Wall avoidance and containment.
//!
//! **Wall avoidance** (Buckland, *Programming Game AI by Example*, ch. 3, "Wall Avoidance"):
//! three feelers reach out from the agent: one along its heading, `feeler_length` long, and two
//! turned `side_angle_deg` to either side, `side_scale * feeler_length` long (Buckland: 45° and
//! half the length). Of every crossing of a feeler with a wall, the one nearest the agent wins;
//! `force = n * |tip - crossing|`, with `n` the wall's unit normal on the agent's side and `tip`
//! the end of the feeler that crossed. The book's code keeps the closest wall found by one
//! feeler when it moves on to the next, and then measures the next feeler's tip against that
//! crossing, so the last feeler's tip decides the push even when it touches nothing; steerlab
//! implements the intent: the nearest crossing of all feelers, with its own feeler's
//! overshoot.
//!
//! **Containment** (Reynolds, *Steering Behaviors For Autonomous Characters*, GDC 1999,
//! "Containment"): a probe at `p + v * predict_secs`. With `q` the nearest point of the
//! region's edge to the probe and `d` the probe's distance inside the edge (negative outside),
//! when `d < margin`: `force = n * (margin - d)`, with `n` the unit direction into the region
//! at `q`. Inside the margin the push grows as the probe nears the edge, and keeps growing once
//! it is past it.

use glam::Vec2;

use crate::sim::steer::behavior::{Family, Figure, Mark, Scenery, TickOf, Tint};

use crate::sim::model::math::normalize_or_zero;
use crate::sim::model::scenery::{Wall, closest_on_segment, polygon_contains, segment_crossing};
use crate::sim::model::types::Region;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Field, Limit, Rgb, Steer, Value, block,
};

/// Wall avoidance in the registry.
pub const AVOID_WALLS: BehaviorInfo = BehaviorInfo {
    key: "avoid_walls",
    family: Family::PathsAndWalls,
    metric: "obstacle_overlaps",
    legend: &[],
    color: Rgb(250, 128, 114),
    formula: "force = wall normal * |feeler tip - crossing| for the nearest crossing",
    summary: "Three feelers ahead; the one that crosses a wall nearest pushes out along the \
              wall's normal, by how far it reaches past the wall.",
};

/// Containment in the registry.
pub const CONTAINMENT: BehaviorInfo = BehaviorInfo {
    key: "containment",
    family: Family::PathsAndWalls,
    metric: "obstacle_overlaps",
    legend: &[],
    color: Rgb(255, 205, 160),
    formula: "probe = p + v * t; force = inward normal * (margin - depth) when depth < margin",
    summary: "A probe ahead of the agent that comes near the region's edge, or leaves it, \
              pushes back inside.",
};

/// The three feeler tips: front, then the side turned toward -y, then toward +y (in the
/// agent's frame).
#[must_use]
pub fn feelers(position: Vec2, heading: Vec2, block: &AvoidWalls) -> [Vec2; 3] {
    let a = block.side_angle_deg.to_radians();
    let (cos, sin) = (libm::cosf(a), libm::sinf(a));
    let turn = |sin: f32| {
        Vec2::new(
            heading.x * cos - heading.y * sin,
            heading.x * sin + heading.y * cos,
        )
    };
    let side = block.feeler_length * block.side_scale;
    [
        position + heading * block.feeler_length,
        position + turn(-sin) * side,
        position + turn(sin) * side,
    ]
}

/// The crossing a wall-avoidance force comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallHit {
    /// Where the feeler crosses the wall.
    pub point: Vec2,
    /// The wall's normal on the agent's side.
    pub normal: Vec2,
    /// Which feeler (0 front, 1 and 2 the sides).
    pub feeler: usize,
}

/// Wall avoidance from the feeler `tips` of an agent at `position`.
#[must_use]
pub fn avoid_walls(position: Vec2, tips: &[Vec2; 3], walls: &[Wall]) -> (Steer, Option<WallHit>) {
    let mut best: Option<(f32, WallHit)> = None;
    for (feeler, &tip) in tips.iter().enumerate() {
        for wall in walls {
            let Some((_, point)) = segment_crossing(position, tip, wall.from, wall.to) else {
                continue;
            };
            let distance = position.distance(point);
            if best.is_none_or(|(d, _)| distance < d) {
                let normal = wall.normal_toward(position);
                best = Some((
                    distance,
                    WallHit {
                        point,
                        normal,
                        feeler,
                    },
                ));
            }
        }
    }
    let Some((_, hit)) = best else {
        return (Steer::NONE, None);
    };
    let overshoot = tips[hit.feeler].distance(hit.point);
    (
        Steer {
            force: hit.normal * overshoot,
            desired: None,
        },
        Some(hit),
    )
}

/// The region containment keeps agents in, resolved.
#[derive(Clone, Copy, Debug)]
pub enum Shape<'a> {
    /// The rectangle `0..size`.
    Rect(Vec2),
    /// A closed polygon.
    Polygon(&'a [Vec2]),
}

/// Where containment's probe stands against the region's edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    /// The probe.
    pub at: Vec2,
    /// The nearest point of the edge.
    pub edge: Vec2,
    /// The probe's distance inside the edge (negative outside).
    pub depth: f32,
    /// Unit direction into the region at `edge`.
    pub inward: Vec2,
}

impl Shape<'_> {
    /// The nearest edge point to `p`, `p`'s distance inside the edge (negative outside), and
    /// the inward direction there.
    #[must_use]
    // Geometry's textbook names: points a, b, c, d, p, q; counts n.
    #[allow(clippy::many_single_char_names)]
    pub fn probe(&self, p: Vec2) -> Probe {
        match *self {
            Self::Rect(size) => {
                let inside = p.x >= 0.0 && p.y >= 0.0 && p.x <= size.x && p.y <= size.y;
                if inside {
                    // The nearest of the four sides; the first listed wins a tie.
                    let sides = [
                        (p.x, Vec2::new(0.0, p.y), Vec2::X),
                        (size.x - p.x, Vec2::new(size.x, p.y), Vec2::NEG_X),
                        (p.y, Vec2::new(p.x, 0.0), Vec2::Y),
                        (size.y - p.y, Vec2::new(p.x, size.y), Vec2::NEG_Y),
                    ];
                    let mut best = sides[0];
                    for side in &sides[1..] {
                        if side.0 < best.0 {
                            best = *side;
                        }
                    }
                    Probe {
                        at: p,
                        edge: best.1,
                        depth: best.0,
                        inward: best.2,
                    }
                } else {
                    let edge = p.clamp(Vec2::ZERO, size);
                    Probe {
                        at: p,
                        edge,
                        depth: -p.distance(edge),
                        inward: normalize_or_zero(edge - p),
                    }
                }
            }
            Self::Polygon(points) => {
                let n = points.len();
                let mut best: Option<(f32, Vec2, usize)> = None;
                for i in 0..n {
                    let (a, b) = (points[i], points[(i + 1) % n]);
                    let q = closest_on_segment(a, b, p);
                    let d = p.distance(q);
                    if best.is_none_or(|(bd, _, _)| d < bd) {
                        best = Some((d, q, i));
                    }
                }
                let Some((d, edge, i)) = best else {
                    return Probe {
                        at: p,
                        edge: p,
                        depth: 0.0,
                        inward: Vec2::ZERO,
                    };
                };
                let inside = polygon_contains(points, p);
                let toward = if inside { p - edge } else { edge - p };
                let mut inward = normalize_or_zero(toward);
                if inward == Vec2::ZERO {
                    inward = edge_inward_normal(points, i);
                }
                Probe {
                    at: p,
                    edge,
                    depth: if inside { d } else { -d },
                    inward,
                }
            }
        }
    }
}

/// The inward unit normal of edge `i` (from point `i` to the next) of a closed polygon.
fn edge_inward_normal(points: &[Vec2], i: usize) -> Vec2 {
    let n = points.len();
    if n < 3 {
        return Vec2::ZERO;
    }
    // Twice the signed area (shoelace): its sign says which side of each edge is inside.
    let area2: f32 = (0..n)
        .map(|k| points[k].perp_dot(points[(k + 1) % n]))
        .sum();
    let along = points[(i + 1) % n] - points[i];
    let left = normalize_or_zero(Vec2::new(-along.y, along.x));
    if area2 >= 0.0 { left } else { -left }
}

/// Containment: the probe `predict_secs` ahead, pushed back when within `margin` of the edge.
#[must_use]
pub fn containment(
    body: &Body,
    shape: Shape<'_>,
    margin: f32,
    predict_secs: f32,
) -> (Steer, Probe) {
    let probe = shape.probe(body.position + body.velocity * predict_secs);
    if probe.depth >= margin {
        return (Steer::NONE, probe);
    }
    let push = (margin - probe.depth).min(crate::sim::model::limits::MAX_MAGNITUDE);
    (
        Steer {
            force: probe.inward * push,
            desired: None,
        },
        probe,
    )
}

block! {
    /// Wall avoidance with three feelers (Buckland ch. 3): a feeler that crosses a wall pushes
    /// along the wall's normal, by how far its tip went past the wall.
    AvoidWalls {
        /// Length of the front feeler (world units).
        feeler_length: f32 = 40.0,
        /// Angle of the two side feelers from the heading (degrees).
        side_angle_deg: f32 = 45.0,
        /// Length of a side feeler as a share of the front one (Buckland: 0.5).
        side_scale: f32 = 0.5,
    }
}

/// What wall avoidance looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallLook {
    /// The feeler tips: front, then the two sides.
    pub feelers: [Vec2; 3],
    /// The crossing that pushed, when a feeler crossed a wall.
    pub hit: Option<WallHit>,
}

impl Behavior for AvoidWalls {
    type Kept = ();
    type Look = WallLook;

    const INFO: BehaviorInfo = AVOID_WALLS;
    const NEEDS: &'static [Scenery] = &[Scenery::Walls];

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const FEELER: Field = Field::distance(
            "feeler_length",
            "feeler length",
            "Length of the front feeler.",
        );
        const ANGLE: Field = Field::plain(
            "side_angle_deg",
            "side angle",
            "Angle of the side feelers from the heading.",
        )
        .unit("°")
        .limit(Limit::Within(0.0, 180.0));
        const SCALE: Field = Field::plain(
            "side_scale",
            "side length",
            "Side feeler length as a share of the front one.",
        )
        .unit("×");
        visit(&FEELER, Value::Number(&mut self.feeler_length));
        visit(&ANGLE, Value::Number(&mut self.side_angle_deg));
        visit(&SCALE, Value::Number(&mut self.side_scale));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let heading = tick.heading();
        let walls = tick.walls();
        tick.add(self, |s| {
            let tips = feelers(body.position, heading, self);
            let (steer, hit) = avoid_walls(body.position, &tips, walls);
            s.trace::<Self>(WallLook { feelers: tips, hit });
            steer
        });
        false
    }

    fn marks(look: &WallLook, out: &mut Vec<Mark>) {
        for &tip in &look.feelers {
            out.push(Mark::sensor(Figure::Ray(tip), Tint::Sensor, 0.8));
        }
        if let Some(hit) = look.hit {
            out.push(Mark::sensor(Figure::Dot(hit.point, 3.5), Tint::Hit, 1.0));
            let arrow = Figure::Arrow(hit.point, hit.normal, 18.0);
            out.push(Mark::sensor(arrow, Tint::Hit, 1.0).width(1.5));
        }
    }
}
block! {
    /// Containment (Reynolds): a probe ahead of the agent that comes within `margin` of the
    /// region's edge, or leaves it, pushes back inside.
    Containment {
        /// The world rectangle or a looping path's polygon.
        #[serde(default)] region: Region = Region::World,
        /// Distance from the edge where the push starts (world units).
        margin: f32 = 20.0,
        /// How far ahead the probe is, in seconds of the current velocity.
        predict_secs: f32 = 0.5,
    }
}

impl Behavior for Containment {
    type Kept = ();
    /// Where its probe stood against the region's edge.
    type Look = Probe;

    const INFO: BehaviorInfo = CONTAINMENT;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const REGION: Field = Field::plain(
            "region",
            "region",
            "The world rectangle, or the polygon of a looped path.",
        );
        const MARGIN: Field = Field::distance(
            "margin",
            "margin",
            "force = inward * (margin - depth) when the probe is within the margin.",
        );
        const AHEAD: Field = Field::plain(
            "predict_secs",
            "look ahead",
            "probe = position + velocity * look ahead",
        )
        .unit(" s");
        visit(&REGION, Value::Region(&mut self.region));
        visit(&MARGIN, Value::Number(&mut self.margin));
        visit(&AHEAD, Value::Number(&mut self.predict_secs));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let shape = match &self.region {
            Region::World => Shape::Rect(tick.world_size()),
            Region::Path(_) => match tick.region().filter(|p| p.is_closed()) {
                Some(path) => Shape::Polygon(&path.points),
                None => return false,
            },
        };
        let body = tick.body();
        tick.add(self, |s| {
            let (steer, probe) = containment(&body, shape, self.margin, self.predict_secs);
            s.trace::<Self>(probe);
            steer
        });
        false
    }

    fn marks(probe: &Probe, out: &mut Vec<Mark>) {
        // The probe, and the line to the edge point that pushes.
        let Probe { at, edge, .. } = *probe;
        out.push(Mark::sensor(Figure::Ray(at), Tint::Sensor, 0.8));
        out.push(Mark::sensor(Figure::Ring(at, 3.0), Tint::Sensor, 0.8));
        out.push(Mark::sensor(Figure::Segment(at, edge), Tint::Own, 0.7));
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn block() -> AvoidWalls {
        AvoidWalls {
            feeler_length: 40.0,
            side_angle_deg: 90.0,
            side_scale: 0.5,
            ..AvoidWalls::default()
        }
    }

    #[test]
    fn feelers_reach_ahead_and_to_the_sides() {
        // Heading +x, sides at 90 degrees and 20 long: (0, -20) and (0, 20).
        let tips = feelers(Vec2::ZERO, Vec2::X, &block());
        assert_eq!(tips[0], Vec2::new(40.0, 0.0));
        assert!(
            (tips[1] - Vec2::new(0.0, -20.0)).length() < 1e-5,
            "{}",
            tips[1]
        );
        assert!(
            (tips[2] - Vec2::new(0.0, 20.0)).length() < 1e-5,
            "{}",
            tips[2]
        );
    }

    #[test]
    fn the_nearest_crossing_pushes_by_its_own_overshoot() {
        // A wall across x = 30 and another across y = 15 (only the +y side feeler meets it).
        let walls = [
            Wall {
                from: Vec2::new(30.0, -100.0),
                to: Vec2::new(30.0, 100.0),
            },
            Wall {
                from: Vec2::new(-100.0, 15.0),
                to: Vec2::new(100.0, 15.0),
            },
        ];
        let tips = [
            Vec2::new(40.0, 0.0),
            Vec2::new(0.0, -20.0),
            Vec2::new(0.0, 20.0),
        ];
        let (steer, hit) = avoid_walls(Vec2::ZERO, &tips, &walls);
        // Crossings: front at (30, 0), 30 away; side at (0, 15), 15 away: the side wins. Its
        // overshoot is 20 - 15 = 5, along the wall's normal toward the agent, (0, -1).
        let hit = hit.unwrap();
        assert_eq!(hit.feeler, 2);
        assert_eq!(hit.point, Vec2::new(0.0, 15.0));
        assert_eq!(steer.force, Vec2::new(0.0, -5.0));
        // The front wall alone: overshoot 40 - 30 = 10 along (-1, 0). The book's code would
        // then measure the last feeler's tip (0, 20) against (30, 0) and push by 36.06.
        let (steer, _) = avoid_walls(Vec2::ZERO, &tips, &walls[..1]);
        assert_eq!(steer.force, Vec2::new(-10.0, 0.0));
        assert_eq!(avoid_walls(Vec2::ZERO, &tips, &[]).0, Steer::NONE);
    }

    #[test]
    fn containment_pushes_in_by_the_depth_past_the_margin() {
        let body = Body {
            position: Vec2::new(90.0, 50.0),
            velocity: Vec2::new(20.0, 0.0),
            max_speed: 20.0,
            mass: 1.0,
        };
        // Probe at (100, 50) in a 105 x 100 world: 5 inside the right side; margin 20 gives
        // (20 - 5) = 15 toward -x.
        let (steer, probe) = containment(&body, Shape::Rect(Vec2::new(105.0, 100.0)), 20.0, 0.5);
        assert_eq!(probe.depth, 5.0);
        assert_eq!(steer.force, Vec2::new(-15.0, 0.0));
        // Outside a 95-wide world by 5: 20 + 5 = 25.
        let (steer, _) = containment(&body, Shape::Rect(Vec2::new(95.0, 100.0)), 20.0, 0.5);
        assert_eq!(steer.force, Vec2::new(-25.0, 0.0));
        // Deep inside: nothing.
        let (steer, _) = containment(&body, Shape::Rect(Vec2::new(500.0, 100.0)), 20.0, 0.5);
        assert_eq!(steer, Steer::NONE);
        // A square polygon 0..100: the same probe is 0 inside the right edge... of a 100 square
        // with the probe on its edge, the push is the whole margin, inward.
        let square = [
            Vec2::ZERO,
            Vec2::new(100.0, 0.0),
            Vec2::new(100.0, 100.0),
            Vec2::new(0.0, 100.0),
        ];
        let (steer, probe) = containment(&body, Shape::Polygon(&square), 20.0, 0.5);
        assert_eq!(probe.depth, 0.0);
        assert_eq!(steer.force, Vec2::new(-20.0, 0.0));
    }
}
