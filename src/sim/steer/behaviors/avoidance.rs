//! Avoidance of circular obstacles, in two forms a designer can compare.
//!
//! **Radial** (004: "the same as separation, but away from the nearest obstacles"): every
//! obstacle whose surface is within `detection_distance` of the agent
//! (`|position - center| - radius <= detection_distance`) contributes
//! `normalize(position - center)`; `force = mean of those * max_speed`. An agent exactly at a
//! centre has no direction away from it and gets nothing from that obstacle.
//!
//! **Detection box** (Buckland, *Programming Game AI by Example*, ch. 3, "Obstacle
//! Avoidance"): a box ahead of the agent along its heading `h`, `L = min_length * (1 + speed /
//! max_speed)` long and as wide as the agent. Each obstacle whose centre is within `L + r` is
//! taken to the agent's frame, `x = (c - p)·h`, `y = (c - p)·s` with `s` the heading turned a
//! quarter toward +y; those with `x >= 0` and `|y| < R` (`R = r + agent radius`) meet the box,
//! first at `x - sqrt(R² - y²)` (or `x + sqrt(...)` when that is not positive). The one met
//! first gives, in the agent's frame, a lateral push `side * (R - |y|) * (1 + (L - x) / L)`,
//! away from the side the obstacle's centre is on, and a brake `(r - x) * braking_weight`.
//! The book writes the lateral term as `(r - y) * multiplier`, which for an obstacle a little
//! to the +y side (`0 < y < r`) pushes toward it; steerlab pushes away, by how deep the
//! obstacle reaches into the box. An obstacle dead ahead (`y = 0`) has no side: the agent keeps
//! the side it chose for that obstacle on earlier ticks, or takes +y, so it never flips from
//! tick to tick.

use glam::Vec2;

use crate::sim::steer::behavior::{Family, Figure, Kept, Mark, Scenery, TickOf, Tint};

use crate::sim::model::math::normalize_or_zero;
use crate::sim::model::scenery::Obstacle;
use crate::sim::model::types::AvoidForm;
use crate::sim::steer::behavior::{Behavior, BehaviorInfo, Body, Field, Rgb, Steer, Value, block};

/// The detection box of one tick, for the overlays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DetectionBox {
    /// Its length (world units).
    pub length: f32,
    /// Half its width: the agent's radius.
    pub half_width: f32,
    /// The heading it points along (unit).
    pub heading: Vec2,
    /// The obstacle it met first, if any (index in the scene's obstacles).
    pub threat: Option<u32>,
    /// The side chosen against that obstacle: +1 toward the agent's +y side, -1 the other.
    pub side: f32,
}

/// The detection box's settings (the numbers of [`AvoidForm::DetectionBox`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxSettings {
    /// Length of the box at rest (world units).
    pub min_length: f32,
    /// Share of the distance that becomes braking.
    pub braking_weight: f32,
}

/// What the detection box keeps between ticks: the side it chose against one obstacle
/// (`obstacle` is `u32::MAX` for none), so an obstacle dead ahead never flips it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChosenSide {
    /// Index of the obstacle.
    pub obstacle: u32,
    /// +1 or -1.
    pub side: f32,
}

impl Default for ChosenSide {
    fn default() -> Self {
        Self {
            obstacle: u32::MAX,
            side: 0.0,
        }
    }
}

impl Kept for ChosenSide {}

/// Detection-box avoidance for an agent heading along `heading` (unit) with body radius
/// `radius`. Returns the force, the box, and the side to remember.
#[must_use]
pub fn detection_box(
    body: &Body,
    heading: Vec2,
    radius: f32,
    obstacles: &[Obstacle],
    settings: BoxSettings,
    memory: ChosenSide,
) -> (Steer, DetectionBox, ChosenSide) {
    let BoxSettings {
        min_length,
        braking_weight,
    } = settings;
    let speed_share = if body.max_speed > 0.0 {
        (body.velocity.length() / body.max_speed).min(1.0)
    } else {
        0.0
    };
    let length = min_length * (1.0 + speed_share);
    let side_axis = Vec2::new(-heading.y, heading.x);
    let mut closest: Option<(f32, usize, Vec2)> = None;
    for (i, obstacle) in obstacles.iter().enumerate() {
        let to = obstacle.center - body.position;
        let reach = length + obstacle.radius;
        if to.length_squared() >= reach * reach {
            continue;
        }
        let local = Vec2::new(to.dot(heading), to.dot(side_axis));
        let expanded = obstacle.radius + radius;
        if local.x < 0.0 || local.y.abs() >= expanded {
            continue;
        }
        let sqrt_part = (expanded * expanded - local.y * local.y).max(0.0).sqrt();
        let mut ip = local.x - sqrt_part;
        if ip <= 0.0 {
            ip = local.x + sqrt_part;
        }
        if closest.is_none_or(|(best, _, _)| ip < best) {
            closest = Some((ip, i, local));
        }
    }
    let mut shape = DetectionBox {
        length,
        half_width: radius,
        heading,
        threat: None,
        side: 0.0,
    };
    let Some((_, i, local)) = closest else {
        return (Steer::NONE, shape, ChosenSide::default());
    };
    let obstacle = &obstacles[i];
    let index = u32::try_from(i).unwrap_or(u32::MAX);
    let side = if memory.obstacle == index && memory.side != 0.0 {
        memory.side
    } else if local.y > 0.0 {
        -1.0
    } else {
        1.0
    };
    let expanded = obstacle.radius + radius;
    let multiplier = if length > 0.0 {
        1.0 + (length - local.x) / length
    } else {
        1.0
    };
    let lateral = side * (expanded - local.y.abs()) * multiplier;
    let brake = (obstacle.radius - local.x) * braking_weight;
    shape.threat = Some(index);
    shape.side = side;
    (
        Steer {
            force: heading * brake + side_axis * lateral,
            desired: None,
        },
        shape,
        ChosenSide {
            obstacle: index,
            side,
        },
    )
}

/// Obstacle avoidance in the registry.
pub const AVOID_OBSTACLES: BehaviorInfo = BehaviorInfo {
    key: "avoid_obstacles",
    family: Family::PathsAndWalls,
    metric: "obstacle_overlaps",
    legend: &[],
    color: Rgb(200, 140, 90),
    formula: "radial: mean(normalize(p - c)) * max_speed; box: side * (R - |y|) * \
              (1 + (L - x) / L) + brake (r - x) * k",
    summary: "Push away from the obstacles whose surface is within the detection distance, or \
              (detection box) sideways from the obstacle ahead, braking.",
};

/// Push away from the obstacles within reach.
#[must_use]
pub fn avoid_obstacles(body: &Body, obstacles: &[Obstacle], detection_distance: f32) -> Steer {
    let mut away = Vec2::ZERO;
    let mut count = 0_u32;
    for obstacle in obstacles {
        let offset = body.position - obstacle.center;
        if offset.length() - obstacle.radius <= detection_distance {
            away += normalize_or_zero(offset);
            count += 1;
        }
    }
    if count == 0 {
        return Steer::NONE;
    }
    Steer {
        force: away / count as f32 * body.max_speed,
        desired: None,
    }
}

block! {
    /// Obstacle avoidance, radial (push away from the obstacles whose surface is within
    /// `detection_distance`, along their mean direction away) or by detection box.
    AvoidObstacles {
        /// How far from an obstacle's surface it starts to repel (world units), in the radial
        /// form.
        detection_distance: f32 = 40.0,
        /// Radial (every obstacle within reach pushes) or the detection box (the one obstacle
        /// ahead that the box meets: a lateral push and a brake).
        #[serde(default)] form: AvoidForm = AvoidForm::Radial,
    }
}

impl Behavior for AvoidObstacles {
    type Kept = ChosenSide;
    /// The detection box (only its form traces).
    type Look = DetectionBox;

    const INFO: BehaviorInfo = AVOID_OBSTACLES;
    const NEEDS: &'static [Scenery] = &[Scenery::Obstacles];

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const FORM: Field = Field::plain(
            "form",
            "form",
            "Radial: every obstacle within reach pushes away. Detection box: the obstacle \
             ahead pushes sideways and brakes.",
        );
        const DETECTION: Field = Field::distance(
            "detection_distance",
            "detection",
            "|p - c| - radius <= detection",
        );
        let radial = matches!(self.form, AvoidForm::Radial);
        visit(&FORM, Value::AvoidForm(&mut self.form));
        // The box form has its own length: the radial distance is checked, not shown.
        let distance = &mut self.detection_distance;
        visit(
            &DETECTION,
            if radial {
                Value::Number(distance)
            } else {
                Value::Unused(distance)
            },
        );
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let body = tick.body();
        let obstacles = tick.obstacles();
        match self.form {
            AvoidForm::Radial => {
                tick.add(self, |_| {
                    avoid_obstacles(&body, obstacles, self.detection_distance)
                });
            }
            AvoidForm::DetectionBox {
                min_length,
                braking_weight,
            } => {
                let (heading, radius) = (tick.heading(), tick.radius());
                let memory = *tick.kept();
                let mut next = memory;
                tick.add(self, |s| {
                    let (steer, shape, remembered) = detection_box(
                        &body,
                        heading,
                        radius,
                        obstacles,
                        BoxSettings {
                            min_length,
                            braking_weight,
                        },
                        memory,
                    );
                    next = remembered;
                    s.trace::<Self>(shape);
                    steer
                });
                *tick.kept() = next;
            }
        }
        false
    }

    fn traces(&self) -> bool {
        matches!(self.form, AvoidForm::DetectionBox { .. })
    }

    fn marks(shape: &DetectionBox, out: &mut Vec<Mark>) {
        // The box, from the agent along its heading: the hit colour while it meets an
        // obstacle.
        let DetectionBox {
            heading,
            half_width,
            length,
            ..
        } = *shape;
        let (tint, alpha) = if shape.threat.is_some() {
            (Tint::Hit, 1.0)
        } else {
            (Tint::Sensor, 0.8)
        };
        out.push(Mark::sensor(
            Figure::Box(heading, half_width, length),
            tint,
            alpha,
        ));
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    /// A 40-unit box at rest, Buckland's braking weight.
    const BUCKLAND: BoxSettings = BoxSettings {
        min_length: 40.0,
        braking_weight: 0.2,
    };

    #[test]
    fn only_obstacles_within_reach_push() {
        let b = Body {
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
            max_speed: 3.0,
            mass: 1.0,
        };
        let near = Obstacle {
            center: Vec2::new(0.0, 20.0),
            radius: 10.0,
        };
        let far = Obstacle {
            center: Vec2::new(100.0, 0.0),
            radius: 10.0,
        };
        // Surface of `near` is 10 away: within 15, not within 5.
        assert_eq!(
            avoid_obstacles(&b, &[near.clone(), far.clone()], 15.0).force,
            Vec2::new(0.0, -3.0)
        );
        assert_eq!(avoid_obstacles(&b, &[near, far], 5.0), Steer::NONE);
    }

    fn moving(speed: f32) -> Body {
        Body {
            position: Vec2::ZERO,
            velocity: Vec2::new(speed, 0.0),
            max_speed: 10.0,
            mass: 1.0,
        }
    }

    #[test]
    fn the_box_pushes_away_from_the_side_of_the_obstacle_and_brakes() {
        // Speed 5 of 10: L = 40 * 1.5 = 60. Obstacle at (30, 4) radius 6, agent radius 4:
        // R = 10, x = 30, y = 4 (to the +y side). Lateral: -1 * (10 - 4) * (1 + 30 / 60) = -9;
        // brake: (6 - 30) * 0.2 = -4.8.
        let obstacle = Obstacle {
            center: Vec2::new(30.0, 4.0),
            radius: 6.0,
        };
        let (steer, shape, memory) = detection_box(
            &moving(5.0),
            Vec2::X,
            4.0,
            std::slice::from_ref(&obstacle),
            BUCKLAND,
            ChosenSide::default(),
        );
        assert_eq!(shape.length, 60.0);
        assert_eq!(shape.threat, Some(0));
        assert!(
            (steer.force - Vec2::new(-4.8, -9.0)).length() < 1e-5,
            "{}",
            steer.force
        );
        assert_eq!(
            memory,
            ChosenSide {
                obstacle: 0,
                side: -1.0
            }
        );
        // Dead ahead it keeps the side it chose, rather than the +y default.
        let ahead = Obstacle {
            center: Vec2::new(30.0, 0.0),
            radius: 6.0,
        };
        let (steer, _, _) = detection_box(
            &moving(5.0),
            Vec2::X,
            4.0,
            std::slice::from_ref(&ahead),
            BUCKLAND,
            memory,
        );
        // (10 - 0) * 1.5 = 15 toward -y.
        assert!(
            (steer.force - Vec2::new(-4.8, -15.0)).length() < 1e-5,
            "{}",
            steer.force
        );
        let (steer, _, _) = detection_box(
            &moving(5.0),
            Vec2::X,
            4.0,
            &[ahead],
            BUCKLAND,
            ChosenSide::default(),
        );
        assert!(
            (steer.force - Vec2::new(-4.8, 15.0)).length() < 1e-5,
            "{}",
            steer.force
        );
        // Behind the agent, or wide of the box: nothing.
        for center in [Vec2::new(-20.0, 0.0), Vec2::new(30.0, 11.0)] {
            let o = Obstacle {
                center,
                radius: 6.0,
            };
            let (steer, shape, _) = detection_box(
                &moving(5.0),
                Vec2::X,
                4.0,
                &[o],
                BUCKLAND,
                ChosenSide::default(),
            );
            assert_eq!(steer, Steer::NONE);
            assert_eq!(shape.threat, None);
        }
    }
}
