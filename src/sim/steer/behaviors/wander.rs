//! Wander, in the two forms of the sources (000 part 3, 001).
//!
//! Circle: `center = normalize(velocity) * circle_distance`; the displacement `(0, -1) *
//! circle_radius` is turned to the angle `wander_angle` by keeping its length and setting
//! `x = cos(wander_angle) * len`, `y = sin(wander_angle) * len`; `force = center +
//! displacement`. After use, `wander_angle += random() * angle_change - angle_change * 0.5`.
//!
//! Random target: every `interval_secs`, a new uniformly random point of the world is picked
//! and sought (the naive version that "forgot its keys" and turns back).
//!
//! `cos` and `sin` come from `libm`, a portable implementation, so trajectories are the same
//! bits on every platform.

use glam::Vec2;

use super::seek::seek;

use crate::sim::steer::behavior::{Figure, Kept, Layer, Mark, NewAgent, TickOf, Tint};

use crate::sim::model::math::normalize_or_zero;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Family, Field, Limit, Rgb, Steer, Value, block,
};

/// Circle wander in the registry: grey, as the hunter demo draws it.
pub const WANDER: BehaviorInfo = BehaviorInfo {
    key: "wander",
    family: Family::Jitter,
    metric: "heading_jitter",
    legend: &[Layer::Wander],
    color: Rgb(170, 170, 170),
    formula: "force = normalize(v) * distance + (cos a, sin a) * radius; \
              a += random * change - change / 2",
    summary: "Steer toward a point that drifts around a circle ahead of the agent.",
};

/// Random-target wander in the registry.
pub const WANDER_TARGET: BehaviorInfo = BehaviorInfo {
    key: "wander_target",
    family: Family::Jitter,
    metric: "heading_jitter",
    legend: &[],
    color: Rgb(220, 220, 220),
    formula: "seek a random point, a new one every interval",
    summary: "Seek a random point of the world, a new one every interval (the naive wander).",
};

/// The result of one circle-wander step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WanderStep {
    /// The force `center + displacement`.
    pub steer: Steer,
    /// The wander angle for the next tick.
    pub next_angle_rad: f32,
    /// The circle, for drawing.
    pub circle: WanderCircle,
}

/// One circle-wander step with the random draw `random01` in `[0, 1)`.
#[must_use]
pub fn wander_circle(body: &Body, params: &Wander, angle_rad: f32, random01: f32) -> WanderStep {
    let center = normalize_or_zero(body.velocity) * params.circle_distance;
    let displacement = Vec2::new(0.0, -1.0) * params.circle_radius;
    let len = displacement.length();
    let displacement = Vec2::new(libm::cosf(angle_rad) * len, libm::sinf(angle_rad) * len);
    let change = params.angle_change_rad;
    let next_angle_rad = wrap_angle(angle_rad + (random01 * change - change * 0.5));
    WanderStep {
        steer: Steer {
            force: center + displacement,
            desired: None,
        },
        next_angle_rad,
        circle: WanderCircle {
            center,
            radius: params.circle_radius,
            displacement,
        },
    }
}

/// Keeps the angle bounded so `f32` precision never degrades over a long run. Only angles
/// beyond ±64 turns are folded, which no per-tick change of a few radians reaches for hours,
/// and the fold (by whole turns) does not change the direction.
fn wrap_angle(angle_rad: f32) -> f32 {
    const LIMIT: f32 = 64.0 * std::f32::consts::TAU;
    if angle_rad.abs() > LIMIT {
        angle_rad.rem_euclid(std::f32::consts::TAU)
    } else {
        angle_rad
    }
}

/// A uniformly random point of a `size` world from two draws in `[0, 1)`.
#[must_use]
pub fn random_point(size: Vec2, random_x: f32, random_y: f32) -> Vec2 {
    Vec2::new(random_x * size.x, random_y * size.y)
}

block! {
    /// Wander on a circle projected ahead of the agent (000 part 3, 001).
    Wander {
        /// Distance of the circle's centre ahead of the agent (world units).
        circle_distance: f32 = 6.0,
        /// Radius of the circle (world units).
        circle_radius: f32 = 8.0,
        /// Largest change of the wander angle per tick (radians); the change is uniform in
        /// `[-angle_change / 2, angle_change / 2)`.
        angle_change_rad: f32 = 1.0,
    }
}

impl Behavior for Wander {
    type Kept = ();
    type Look = WanderCircle;

    const INFO: BehaviorInfo = WANDER;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const DISTANCE: Field = Field::distance(
            "circle_distance",
            "circle distance",
            "center = normalize(velocity) * circle_distance",
        );
        const RADIUS: Field = Field::distance(
            "circle_radius",
            "circle radius",
            "displacement = (cos a, sin a) * circle_radius",
        );
        const CHANGE: Field = Field::plain(
            "angle_change_rad",
            "angle change",
            "a += random * change - change / 2, per tick",
        )
        .unit("°/tick")
        .limit(Limit::Within(0.0, 1000.0))
        .degrees();
        visit(&DISTANCE, Value::Number(&mut self.circle_distance));
        visit(&RADIUS, Value::Number(&mut self.circle_radius));
        visit(&CHANGE, Value::Radians(&mut self.angle_change_rad));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        tick.add(self, |s| {
            let draw = s.state.rng.next_f32();
            let step = wander_circle(&body, self, s.state.wander_angle_rad, draw);
            s.state.wander_angle_rad = step.next_angle_rad;
            s.trace::<Self>(step.circle);
            step.steer
        });
        false
    }

    fn traces(&self) -> bool {
        true
    }

    fn marks(circle: &WanderCircle, out: &mut Vec<Mark>) {
        // The circle rides with the agent: its points are offsets from it.
        let (center, target) = (circle.center, circle.target());
        let mark = |shape| Mark::on(Layer::Wander, shape, Tint::Layer, 1.0).from_agent();
        out.push(mark(Figure::Zone(center, circle.radius)));
        out.push(mark(Figure::Ray(center)));
        out.push(mark(Figure::Segment(center, target)).width(1.5));
        out.push(mark(Figure::Dot(target, 3.0)));
    }
}

/// What the wander circle looked like on one tick, relative to the agent's position.
/// What the random-target wander keeps between ticks: the point it heads for and the seconds
/// until it picks the next.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RandomTarget {
    /// The point it heads for.
    pub point: Vec2,
    /// Seconds until it picks a new point.
    pub timer_secs: f32,
}

/// A new agent heads for where it stands until it picks its first point (on its first tick).
impl Kept for RandomTarget {
    fn start(new: &NewAgent) -> Self {
        Self {
            point: new.position,
            timer_secs: 0.0,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WanderCircle {
    /// Circle centre, relative to the agent.
    pub center: Vec2,
    /// Circle radius.
    pub radius: f32,
    /// The displacement from the centre to the point on the circle.
    pub displacement: Vec2,
}

impl WanderCircle {
    /// The point on the circle the agent steers toward, relative to the agent.
    #[must_use]
    pub fn target(&self) -> Vec2 {
        self.center + self.displacement
    }
}

block! {
    /// The naive wander of the sources: seek a random point of the world, a new one every
    /// `interval_secs`.
    WanderTarget {
        /// Seconds between two picks of a random point (> 0).
        interval_secs: f32 = 3.0,
    }
}

impl Behavior for WanderTarget {
    type Kept = RandomTarget;
    /// The random point it heads for.
    type Look = Vec2;

    const INFO: BehaviorInfo = WANDER_TARGET;

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const INTERVAL: Field = Field::plain(
            "interval_secs",
            "interval",
            "Seconds between two random points.",
        )
        .unit(" s")
        .limit(Limit::Positive);
        visit(&INTERVAL, Value::Number(&mut self.interval_secs));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let dt = tick.dt();
        let size = tick.world_size();
        tick.kept().timer_secs -= dt;
        if tick.kept().timer_secs <= 0.0 {
            let x = tick.state().rng.next_f32();
            let y = tick.state().rng.next_f32();
            *tick.kept() = RandomTarget {
                point: random_point(size, x, y),
                timer_secs: self.interval_secs,
            };
        }
        let point = tick.kept().point;
        let body = tick.body();
        tick.add(self, |s| {
            s.trace::<Self>(point);
            seek(&body, point)
        });
        false
    }

    fn traces(&self) -> bool {
        true
    }

    fn marks(point: &Vec2, out: &mut Vec<Mark>) {
        let shape = Figure::Ring(*point, 4.0);
        out.push(Mark::on(Layer::Wander, shape, Tint::Own, 1.0));
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn params() -> Wander {
        Wander {
            circle_distance: 10.0,
            circle_radius: 5.0,
            angle_change_rad: 1.0,
            ..Wander::default()
        }
    }

    fn body(velocity: Vec2) -> Body {
        Body {
            position: Vec2::new(100.0, 100.0),
            velocity,
            max_speed: 3.0,
            mass: 1.0,
        }
    }

    #[test]
    fn one_step_with_a_fixed_draw() {
        // Velocity (0, 2): centre = (0, 1) * 10 = (0, 10). Angle 0: displacement = (5, 0).
        // force = (5, 10). Draw 0.75: next angle = 0 + (0.75 * 1 - 0.5) = 0.25.
        let step = wander_circle(&body(Vec2::new(0.0, 2.0)), &params(), 0.0, 0.75);
        assert_eq!(step.circle.center, Vec2::new(0.0, 10.0));
        assert_eq!(step.circle.displacement, Vec2::new(5.0, 0.0));
        assert_eq!(step.steer.force, Vec2::new(5.0, 10.0));
        assert_eq!(step.next_angle_rad, 0.25);
        assert_eq!(step.circle.target(), Vec2::new(5.0, 10.0));
    }

    #[test]
    fn quarter_turn_points_down_the_y_axis() {
        // Angle pi/2: displacement = (cos, sin) * 5 = (~0, 5). Velocity (-4, 0) puts the centre
        // at (-10, 0). Draw 0: the angle falls by half the change.
        let half_pi = std::f32::consts::FRAC_PI_2;
        let step = wander_circle(&body(Vec2::new(-4.0, 0.0)), &params(), half_pi, 0.0);
        let f = step.steer.force;
        assert!((f - Vec2::new(-10.0, 5.0)).length() < 1e-5, "{f}");
        assert_eq!(step.next_angle_rad, half_pi - 0.5);
    }

    #[test]
    fn standing_still_gives_only_the_displacement() {
        let step = wander_circle(&body(Vec2::ZERO), &params(), 0.0, 0.5);
        assert_eq!(step.steer.force, Vec2::new(5.0, 0.0));
        assert_eq!(step.next_angle_rad, 0.0);
    }

    #[test]
    fn random_points_cover_the_world() {
        assert_eq!(
            random_point(Vec2::new(800.0, 600.0), 0.5, 0.25),
            Vec2::new(400.0, 150.0)
        );
    }
}
