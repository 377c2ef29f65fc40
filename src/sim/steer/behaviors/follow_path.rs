//! Path following, in two forms.
//!
//! **Predict** (Reynolds, *Steering Behaviors For Autonomous Characters*, GDC 1999, "Path
//! Following"; OpenSteer's `steerToFollowPath`): the future position `f = p + v *
//! predict_secs` is projected on the path. When `f` is within the path's radius and moving the
//! right way along it (its path distance beyond the agent's own projection in the direction of
//! `ahead`), there is no force. Otherwise the agent seeks the point `ahead` world units along
//! the path from its own projection. On an open path, once that point would be the end (or, with
//! a negative `ahead`, the start), the agent arrives there (slowing radius) instead, inside the
//! band or not, so it stops on the end rather than overshooting and turning back. On a looped
//! path distances wrap around.
//!
//! **Waypoints** (Buckland, *Programming Game AI by Example*, ch. 3, "Path Following"): seek
//! the current point; within the path's radius of it, go on to the next (a looped path wraps);
//! on an open path the last point is arrived at (slowing radius) and the agent stays there. The
//! book's path steps its waypoint iterator past the last point of an open path and then reads
//! it, and only arrives once it has gone past the end; steerlab keeps the index on the last
//! point and arrives at it.

use glam::Vec2;

use crate::sim::steer::behavior::{Family, Figure, Kept, Mark, Scenery, TickOf};

use super::arrive::arrive_slowing;
use super::seek::seek;
use crate::sim::model::scenery::Path;
use crate::sim::model::types::PathForm;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Field, NameOf, Rgb, SLOWING_RADIUS, Steer, Value, block,
};

/// Path following in the registry.
pub const FOLLOW_PATH: BehaviorInfo = BehaviorInfo {
    key: "follow_path",
    family: Family::PathsAndWalls,
    metric: "overshoot",
    legend: &[],
    color: Rgb(0, 230, 150),
    formula: "f = p + v * t; outside the band: seek(path point ahead of p's projection); \
              arrive at the end",
    summary: "Follow a path: steer back when the predicted position leaves its band (or seek \
              each waypoint in turn), and arrive at the end of an open path.",
};

/// What waypoint path following keeps between ticks: the index of the waypoint it heads for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Waypoint(pub u32);

impl Kept for Waypoint {}

/// What path following looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PathLook {
    /// The predicted position (the agent's own position in the waypoint form).
    pub predicted: Vec2,
    /// Its projection on the path.
    pub projection: Vec2,
    /// The point sought or arrived at, when the agent steers.
    pub target: Option<Vec2>,
}

/// How the predict form looks along the path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lookahead {
    /// How far ahead the agent's position is predicted, in seconds of its velocity.
    pub predict_secs: f32,
    /// How far along the path, past the predicted point's projection, the target is
    /// (world units; negative walks the path backwards).
    pub ahead: f32,
    /// The slowing radius at an open path's end.
    pub slowing_radius: f32,
}

/// The predict form. Returns the force and what it looked at.
#[must_use]
pub fn follow_predict(body: &Body, path: &Path, look: Lookahead) -> (Steer, PathLook) {
    let Lookahead {
        predict_secs,
        ahead,
        slowing_radius,
    } = look;
    let future = body.position + body.velocity * predict_secs;
    let (Some(now), Some(then)) = (path.project(body.position), path.project(future)) else {
        return (Steer::NONE, PathLook::default());
    };
    let length = path.length();
    let mut trace = PathLook {
        predicted: future,
        projection: then.point,
        target: None,
    };
    let goal = now.along + ahead;
    let closed = path.is_closed();
    if !closed && (goal >= length || goal <= 0.0) {
        let end = if ahead >= 0.0 { length } else { 0.0 };
        let Some(point) = path.point_at(end) else {
            return (Steer::NONE, trace);
        };
        trace.target = Some(point);
        return (arrive_slowing(body, point, slowing_radius), trace);
    }
    let mut progress = then.along - now.along;
    if closed && length > 0.0 {
        // The shorter way round.
        progress = (progress + length / 2.0).rem_euclid(length) - length / 2.0;
    }
    let right_way = if ahead >= 0.0 {
        progress > 0.0
    } else {
        progress < 0.0
    };
    if then.distance <= path.radius && right_way {
        return (Steer::NONE, trace);
    }
    let Some(point) = path.point_at(goal) else {
        return (Steer::NONE, trace);
    };
    trace.target = Some(point);
    (seek(body, point), trace)
}

/// The waypoint form: the force, the waypoint index for the next tick, and the trace.
#[must_use]
pub fn follow_waypoints(
    body: &Body,
    path: &Path,
    waypoint: u32,
    slowing_radius: f32,
) -> (Steer, u32, PathLook) {
    let n = path.points.len();
    if n == 0 {
        return (Steer::NONE, 0, PathLook::default());
    }
    let mut k = (waypoint as usize).min(n - 1);
    let last = n - 1;
    let open = !path.looped;
    if path.points[k].distance(body.position) <= path.radius && !(open && k == last) {
        k = if k == last { 0 } else { k + 1 };
    }
    let point = path.points[k];
    let trace = PathLook {
        predicted: body.position,
        projection: path.project(body.position).map_or(point, |p| p.point),
        target: Some(point),
    };
    let steer = if open && k == last {
        arrive_slowing(body, point, slowing_radius)
    } else {
        seek(body, point)
    };
    (steer, u32::try_from(k).unwrap_or(0), trace)
}

block! {
    /// Path following, by prediction (Reynolds, OpenSteer) or by waypoints (Buckland ch. 3),
    /// arriving at the end of an open path.
    FollowPath {
        /// The name of a path of the scene.
        path: String = String::new(),
        /// How the path is followed.
        #[serde(default)] form: PathForm = PathForm::default(),
        /// Slowing radius of the arrival at the end of an open path (world units).
        slowing_radius: f32 = 50.0,
    }
}

impl Behavior for FollowPath {
    type Kept = Waypoint;
    type Look = PathLook;

    const INFO: BehaviorInfo = FOLLOW_PATH;
    const NEEDS: &'static [Scenery] = &[Scenery::Path];

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const PATH: Field = Field::plain(
            "path",
            "path",
            "The path to follow (draw one with the path tool, P).",
        );
        const FORM: Field = Field::plain(
            "form",
            "form",
            "Predict: steer back when the predicted position leaves the band. Waypoints: seek \
             each point in turn.",
        );
        visit(&PATH, Value::Name(&mut self.path, NameOf::Path));
        visit(&FORM, Value::PathForm(&mut self.form));
        visit(&SLOWING_RADIUS, Value::Number(&mut self.slowing_radius));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some(path) = tick.path() else {
            return false;
        };
        let body = tick.body();
        let waypoint = tick.kept().0;
        let mut next = waypoint;
        tick.add(self, |s| {
            let (steer, trace) = match self.form {
                PathForm::Predict {
                    predict_secs,
                    ahead,
                } => {
                    let look = Lookahead {
                        predict_secs,
                        ahead,
                        slowing_radius: self.slowing_radius,
                    };
                    follow_predict(&body, path, look)
                }
                PathForm::Waypoints => {
                    let (steer, k, trace) =
                        follow_waypoints(&body, path, waypoint, self.slowing_radius);
                    next = k;
                    (steer, trace)
                }
            };
            s.trace::<Self>(trace);
            steer
        });
        tick.kept().0 = next;
        false
    }

    fn marks(t: &PathLook, out: &mut Vec<Mark>) {
        out.push(Mark::guide(Figure::Ray(t.predicted), 0.5));
        out.push(Mark::guide(Figure::Cross(t.predicted), 1.0).width(1.5));
        out.push(Mark::guide(Figure::Segment(t.predicted, t.projection), 0.7));
        out.push(Mark::guide(Figure::Dot(t.projection, 3.0), 1.0));
        if let Some(target) = t.target {
            out.push(Mark::guide(Figure::Ring(target, 5.0), 1.0).width(1.5));
        }
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    /// Half a second ahead, 30 units along the path, a slowing radius of 50.
    const LOOK: Lookahead = Lookahead {
        predict_secs: 0.5,
        ahead: 30.0,
        slowing_radius: 50.0,
    };

    fn l_path(looped: bool) -> Path {
        Path {
            name: "l".to_owned(),
            points: vec![Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(100.0, 100.0)],
            looped,
            radius: 10.0,
        }
    }

    fn body(p: Vec2, v: Vec2) -> Body {
        Body::unit(p, v, 10.0)
    }

    #[test]
    fn inside_the_band_and_moving_on_there_is_no_force() {
        // At (20, 3) moving +x at 10: future (25, 3), 3 from the path, progress +5.
        let (steer, trace) = follow_predict(
            &body(Vec2::new(20.0, 3.0), Vec2::new(10.0, 0.0)),
            &l_path(false),
            LOOK,
        );
        assert_eq!(steer, Steer::NONE);
        assert_eq!(trace.projection, Vec2::new(25.0, 0.0));
        assert_eq!(trace.target, None);
    }

    #[test]
    fn leaving_the_band_seeks_ahead_along_the_path() {
        // At (20, 15) moving +y at 10: future (20, 20), 20 from the path (radius 10). Own
        // projection 20 along; seek the point 30 further: (50, 0). Offset (30, -15), |.| =
        // sqrt(1125); desired = (30, -15) / sqrt(1125) * 10; force = desired - (0, 10).
        let b = body(Vec2::new(20.0, 15.0), Vec2::new(0.0, 10.0));
        let (steer, trace) = follow_predict(&b, &l_path(false), LOOK);
        assert_eq!(trace.target, Some(Vec2::new(50.0, 0.0)));
        assert_eq!(steer, seek(&b, Vec2::new(50.0, 0.0)));
        let len = 1125.0_f32.sqrt();
        let want = Vec2::new(30.0 / len * 10.0, -15.0 / len * 10.0 - 10.0);
        assert!((steer.force - want).length() < 1e-5);
        // Moving backwards inside the band also steers.
        let back = body(Vec2::new(20.0, 0.0), Vec2::new(-10.0, 0.0));
        let (_, trace) = follow_predict(&back, &l_path(false), LOOK);
        assert_eq!(trace.target, Some(Vec2::new(50.0, 0.0)));
    }

    #[test]
    fn the_end_of_an_open_path_is_arrived_at() {
        // Own projection at 180 of 200: 180 + 30 is past the end, so arrive at (100, 100).
        let b = body(Vec2::new(100.0, 80.0), Vec2::new(0.0, 10.0));
        let (steer, trace) = follow_predict(&b, &l_path(false), LOOK);
        assert_eq!(trace.target, Some(Vec2::new(100.0, 100.0)));
        assert_eq!(steer, arrive_slowing(&b, Vec2::new(100.0, 100.0), 50.0));
        // Looped, moving across the path (no progress along it) at the same place, it seeks
        // round the corner: the closing leg runs from (100, 100) back to (0, 0), and the
        // point 30 on from 180 is 10 along it.
        let across = body(Vec2::new(100.0, 80.0), Vec2::new(10.0, 0.0));
        let (_, trace) = follow_predict(&across, &l_path(true), LOOK);
        let t = trace.target.unwrap();
        let want = Vec2::new(100.0, 100.0) - Vec2::new(1.0, 1.0) / 2.0_f32.sqrt() * 10.0;
        assert!((t - want).length() < 1e-4, "{t}");
    }

    #[test]
    fn waypoints_advance_within_the_radius_and_stop_at_the_last() {
        let path = l_path(false);
        // At (95, 0), within 10 of point 1: go on to point 2 and arrive there (the last).
        let b = body(Vec2::new(95.0, 0.0), Vec2::ZERO);
        let (steer, k, _) = follow_waypoints(&b, &path, 1, 50.0);
        assert_eq!(k, 2);
        assert_eq!(steer, arrive_slowing(&b, Vec2::new(100.0, 100.0), 50.0));
        // On the last point of an open path the index stays.
        let (_, k, _) =
            follow_waypoints(&body(Vec2::new(100.0, 100.0), Vec2::ZERO), &path, 2, 50.0);
        assert_eq!(k, 2);
        // Far from point 0: seek it.
        let far = body(Vec2::new(-50.0, 0.0), Vec2::ZERO);
        let (steer, k, _) = follow_waypoints(&far, &path, 0, 50.0);
        assert_eq!((steer.force, k), (Vec2::new(10.0, 0.0), 0));
        // A looped path wraps from the last point to the first.
        let (_, k, _) = follow_waypoints(
            &body(Vec2::new(100.0, 100.0), Vec2::ZERO),
            &l_path(true),
            2,
            50.0,
        );
        assert_eq!(k, 0);
        // An index past the end (the path lost points) is brought back.
        let (_, k, _) = follow_waypoints(&far, &path, 9, 50.0);
        assert_eq!(k, 2);
    }
}
