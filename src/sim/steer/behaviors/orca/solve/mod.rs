//! Optimal reciprocal collision avoidance, the velocity computation: van den Berg, Guy, Lin and
//! Manocha, *Reciprocal n-Body Collision Avoidance* (ISRR 2009), as the RVO2 library computes it
//! (`Agent::computeNewVelocity` and its three linear programs).
//!
//! Every neighbour and every nearby wall gives a half-plane of velocities that keep the agent
//! clear of it for a time horizon (`τ` for agents, `τ_o` for walls): ORCA's line, a point on it
//! and the direction along it, the allowed side on the left. Toward another agent the line is
//! moved by half of `u`, the smallest change of the relative velocity that leaves the truncated
//! velocity obstacle (each agent takes half the avoidance); toward a wall or a still obstacle by
//! all of it. The new velocity is the one nearest the preferred velocity inside every
//! half-plane and the disc of radius `max_speed` (a 2-d linear program, solved incrementally in
//! expected linear time). When the half-planes of the agents leave nothing, the velocity that
//! least violates them, by the largest distance to a line, is taken, with the walls' lines kept
//! hard (RVO2's third program).
//!
//! Every operation is `+ − × ÷` or a square root, rounded the same everywhere, so the result has
//! the same bits on every platform. Two agents exactly on top of each other with the same
//! velocity have no direction to part in; they part along an angle chosen from their two ids,
//! opposite for each (RVO2 divides by zero there).

use glam::Vec2;

/// Below this, two directions count as parallel (RVO2's `RVO_EPSILON`).
const EPSILON: f32 = 1.0e-5;

/// A half-plane of allowed velocities: those on the left of the line through `point` along
/// `direction` (unit), `direction.perp_dot(point - v) <= 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// A point on the line (velocity space, world units per second).
    pub point: Vec2,
    /// The line's direction (unit).
    pub direction: Vec2,
}

impl Line {
    /// How far `v` lies on the forbidden side (negative when allowed).
    #[must_use]
    pub fn violation(&self, v: Vec2) -> f32 {
        self.direction.perp_dot(self.point - v)
    }
}

/// Another agent, or a still disc, as ORCA sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Neighbor {
    /// Centre (world units).
    pub position: Vec2,
    /// Velocity (world units per second).
    pub velocity: Vec2,
    /// Radius (world units).
    pub radius: f32,
    /// The share of the avoidance this agent takes: ½ toward another ORCA agent, 1 toward a
    /// still obstacle.
    pub share: f32,
    /// Who it is, for parting two agents on the same spot with the same velocity.
    pub id: u32,
}

/// One corner of a wall as ORCA sees it: a directed edge from `point` to the next corner.
/// RVO2 keeps the agent on the right of each edge; a two-sided wall is two edges, one each way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallEdge {
    /// The corner (world units).
    pub point: Vec2,
    /// The corner the edge runs to.
    pub next: Vec2,
    /// The unit direction of the edge before this corner's edge (from the previous corner).
    pub prev_direction: Vec2,
    /// The unit direction of the edge after `next` (from `next` to the corner after it).
    pub next_direction: Vec2,
    /// Whether the wall is convex at `point` (seen from the agent's side).
    pub convex: bool,
    /// Whether it is convex at `next`.
    pub next_convex: bool,
}

impl WallEdge {
    /// The two edges of a two-sided wall segment `a`–`b` (each end convex).
    #[must_use]
    pub fn segment(a: Vec2, b: Vec2) -> [Self; 2] {
        let ab = normalize(b - a);
        [
            Self {
                point: a,
                next: b,
                prev_direction: -ab,
                next_direction: -ab,
                convex: true,
                next_convex: true,
            },
            Self {
                point: b,
                next: a,
                prev_direction: ab,
                next_direction: ab,
                convex: true,
                next_convex: true,
            },
        ]
    }

    /// The edges of a closed polygon `ring` (implicitly closed, either orientation), each with
    /// its neighbours and the convexity of its ends, seen from the free side: outside the ring
    /// when `solid_inside` (a block of wall), inside it otherwise (a level's boundary), into
    /// `out`. RVO2's obstacles: the free side on the right of each edge (for a block,
    /// counter-clockwise), a corner convex where the edges turn left (toward the solid). Repeated
    /// points are dropped; a ring of two distinct points, or with no area, is two-sided
    /// segments.
    pub fn ring(ring: &[Vec2], solid_inside: bool, out: &mut Vec<Self>) {
        let mut points: Vec<Vec2> = Vec::with_capacity(ring.len());
        for &p in ring {
            if points.last() != Some(&p) {
                points.push(p);
            }
        }
        while points.len() > 1 && points.first() == points.last() {
            points.pop();
        }
        let n = points.len();
        if n < 2 {
            return;
        }
        let area: f64 = (0..n)
            .map(|k| {
                let (a, b) = (points[k].as_dvec2(), points[(k + 1) % n].as_dvec2());
                a.perp_dot(b)
            })
            .sum();
        if n == 2 || area == 0.0 || !area.is_finite() {
            for k in 0..if n == 2 { 1 } else { n } {
                out.extend(Self::segment(points[k], points[(k + 1) % n]));
            }
            return;
        }
        // Counter-clockwise (positive area) keeps the inside on the left, so the outside free.
        if (area > 0.0) != solid_inside {
            points.reverse();
        }
        let at = |k: usize| points[k % n];
        let convex = |k: usize| {
            let (prev, here, next) = (at(k + n - 1), at(k), at(k + 1));
            (here - prev).perp_dot(next - here) >= 0.0
        };
        for k in 0..n {
            out.push(Self {
                point: at(k),
                next: at(k + 1),
                prev_direction: normalize(at(k) - at(k + n - 1)),
                next_direction: normalize(at(k + 2) - at(k + 1)),
                convex: convex(k),
                next_convex: convex(k + 1),
            });
        }
    }

    fn direction(&self) -> Vec2 {
        normalize(self.next - self.point)
    }
}

/// What the agent solving for its velocity is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Avoider {
    /// Centre (world units).
    pub position: Vec2,
    /// Velocity now (world units per second).
    pub velocity: Vec2,
    /// Body radius (world units).
    pub radius: f32,
    /// Largest speed (world units per second).
    pub max_speed: f32,
    /// Its id (see [`Neighbor::id`]).
    pub id: u32,
}

/// The time horizons and the tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Horizons {
    /// Agents: collisions further ahead than this are ignored (seconds, > 0).
    pub agents: f32,
    /// Walls: the same for walls (seconds, > 0).
    pub walls: f32,
    /// The tick (seconds, > 0): an overlap already there is undone within it.
    pub dt: f32,
}

/// `v / |v|`, or zero.
fn normalize(v: Vec2) -> Vec2 {
    crate::sim::model::math::normalize_or_zero(v)
}

/// The direction two agents on one spot with one velocity part along: an angle from the pair of
/// ids (the same for both), pointing away from the lower id for the higher one.
fn parting_direction(me: u32, other: u32) -> Vec2 {
    let (low, high) = if me < other { (me, other) } else { (other, me) };
    // A fixed, platform-independent hash of the pair to one of 64 directions.
    let mut h = u64::from(low).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(high);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 32;
    let k = (h % 64) as usize;
    let d = SIXTY_FOUR[k];
    if me < other { d } else { -d }
}

/// 64 unit directions (`cos`, `sin` of `k · 2π/64`), written out so that every platform uses
/// the same bits.
const SIXTY_FOUR: [Vec2; 64] = {
    // cos and sin of k·π/32 for k = 0..=16 (a quarter turn); the rest by symmetry.
    const Q: [f32; 17] = [
        1.0,
        0.995_184_7,
        0.980_785_3,
        0.956_940_35,
        0.923_879_5,
        0.881_921_3,
        0.831_469_6,
        0.773_010_5,
        std::f32::consts::FRAC_1_SQRT_2,
        0.634_393_3,
        0.555_570_2,
        0.471_396_74,
        0.382_683_43,
        0.290_284_66,
        0.195_090_32,
        0.098_017_14,
        0.0,
    ];
    let mut out = [Vec2::ZERO; 64];
    let mut k = 0;
    while k < 64 {
        let quarter = k / 16;
        let r = k % 16;
        let (c, s) = (Q[r], Q[16 - r]);
        out[k] = match quarter {
            0 => Vec2::new(c, s),
            1 => Vec2::new(-s, c),
            2 => Vec2::new(-c, -s),
            _ => Vec2::new(s, -c),
        };
        k += 1;
    }
    out
};

/// The half-plane that keeps `me` clear of `other` for `horizons.agents` seconds, `share` of
/// the avoidance its own (RVO2's agent loop).
#[must_use]
pub fn agent_line(me: &Avoider, other: &Neighbor, horizons: &Horizons) -> Line {
    let relative_position = other.position - me.position;
    let relative_velocity = me.velocity - other.velocity;
    let dist_sq = relative_position.length_squared();
    let combined_radius = me.radius + other.radius;
    let combined_radius_sq = combined_radius * combined_radius;
    let inv_horizon = 1.0 / horizons.agents;
    let direction;
    let u;
    if dist_sq > combined_radius_sq {
        // Apart: w runs from the cut-off circle's centre to the relative velocity.
        let w = relative_velocity - relative_position * inv_horizon;
        let w_length_sq = w.length_squared();
        let dot1 = w.dot(relative_position);
        if dot1 < 0.0 && dot1 * dot1 > combined_radius_sq * w_length_sq {
            // Nearest the cut-off circle.
            let w_length = w_length_sq.sqrt();
            let unit_w = if w_length > 0.0 {
                w / w_length
            } else {
                Vec2::X
            };
            direction = Vec2::new(unit_w.y, -unit_w.x);
            u = unit_w * (combined_radius * inv_horizon - w_length);
        } else {
            // Nearest a leg of the cone.
            let leg = (dist_sq - combined_radius_sq).max(0.0).sqrt();
            let (p, r) = (relative_position, combined_radius);
            direction = if p.perp_dot(w) > 0.0 {
                Vec2::new(p.x * leg - p.y * r, p.x * r + p.y * leg) / dist_sq
            } else {
                -Vec2::new(p.x * leg + p.y * r, -p.x * r + p.y * leg) / dist_sq
            };
            u = direction * relative_velocity.dot(direction) - relative_velocity;
        }
    } else {
        // Already overlapping: leave the cut-off circle of one tick.
        let inv_dt = 1.0 / horizons.dt;
        let w = relative_velocity - relative_position * inv_dt;
        let w_length = w.length();
        let unit_w = if w_length > 0.0 && w_length.is_finite() {
            w / w_length
        } else {
            // The same spot and velocity: part along the pair's direction.
            -parting_direction(me.id, other.id)
        };
        direction = Vec2::new(unit_w.y, -unit_w.x);
        u = unit_w * (combined_radius * inv_dt - w_length);
    }
    Line {
        point: me.velocity + u * other.share,
        direction,
    }
}

/// The half-planes that keep `me` clear of the wall edges `corners` for `horizons.walls`
/// seconds (RVO2's obstacle loop), nearest edge first; an edge whose velocity obstacle the lines
/// already made cover is skipped.
pub fn wall_lines(me: &Avoider, corners: &[WallEdge], horizons: &Horizons, lines: &mut Vec<Line>) {
    let inv_horizon = 1.0 / horizons.walls;
    let radius = me.radius;
    let radius_sq = radius * radius;
    for corner in corners {
        let relative1 = corner.point - me.position;
        let relative2 = corner.next - me.position;
        let covered = lines.iter().any(|line| {
            (relative1 * inv_horizon - line.point).perp_dot(line.direction) - inv_horizon * radius
                >= -EPSILON
                && (relative2 * inv_horizon - line.point).perp_dot(line.direction)
                    - inv_horizon * radius
                    >= -EPSILON
        });
        if covered {
            continue;
        }
        if let Some(line) = wall_line(me, corner, inv_horizon, radius_sq) {
            lines.push(line);
        }
    }
}

/// What the agent sees of one wall edge once it is not touching it: the ends of the velocity
/// obstacle (one corner when it sees the edge end on) and its legs, each marked foreign when
/// the next edge's direction stands in for it.
#[derive(Clone, Copy)]
struct Seen {
    p1: Vec2,
    p2: Vec2,
    single: bool,
    left_leg: Vec2,
    right_leg: Vec2,
    left_foreign: bool,
    right_foreign: bool,
}

impl Seen {
    /// The edges around: a leg may not point into the wall's next edge; then that edge's
    /// direction stands in, and a velocity projected on it gives no line ("foreign" legs).
    /// When one corner is seen, the edge before it is the one before `p1`. `convex`: whether
    /// the wall is convex at `p1` and at `p2`.
    fn meet_neighbours(&mut self, corner: &WallEdge, (convex1, convex2): (bool, bool)) {
        let edge_direction = corner.direction();
        let before = if self.single && self.p1 == corner.next {
            edge_direction
        } else {
            corner.prev_direction
        };
        let after = if self.single && self.p1 == corner.point {
            edge_direction
        } else {
            corner.next_direction
        };
        if convex1 && self.left_leg.perp_dot(-before) >= 0.0 {
            self.left_leg = -before;
            self.left_foreign = true;
        }
        if convex2 && self.right_leg.perp_dot(after) <= 0.0 {
            self.right_leg = after;
            self.right_foreign = true;
        }
    }
}

/// The half-plane of one wall edge, if it gives one (RVO2's case analysis: touching, then the
/// legs here, then the projection in [`project_on_wall`]).
fn wall_line(me: &Avoider, corner: &WallEdge, inv_horizon: f32, radius_sq: f32) -> Option<Line> {
    let radius = me.radius;
    let edge_direction = corner.direction();
    let relative1 = corner.point - me.position;
    let relative2 = corner.next - me.position;
    let dist_sq1 = relative1.length_squared();
    let dist_sq2 = relative2.length_squared();
    let edge = corner.next - corner.point;
    let edge_len_sq = edge.length_squared();
    let s = if edge_len_sq > 0.0 {
        (-relative1).dot(edge) / edge_len_sq
    } else {
        0.0
    };
    let dist_sq_line = (-relative1 - edge * s).length_squared();
    let away = |p: Vec2| Line {
        point: Vec2::ZERO,
        direction: normalize(Vec2::new(-p.y, p.x)),
    };
    // Already touching: a line through the origin that forbids moving further in.
    if s < 0.0 && dist_sq1 <= radius_sq {
        return corner.convex.then(|| away(relative1));
    }
    if s > 1.0 && dist_sq2 <= radius_sq {
        return (corner.next_convex && relative2.perp_dot(corner.next_direction) >= 0.0)
            .then(|| away(relative2));
    }
    if (0.0..1.0).contains(&s) && dist_sq_line <= radius_sq {
        return Some(Line {
            point: Vec2::ZERO,
            direction: -edge_direction,
        });
    }
    // Not touching: the legs of the velocity obstacle.
    let left_leg_of = |p: Vec2, d_sq: f32| {
        let leg = (d_sq - radius_sq).max(0.0).sqrt();
        Vec2::new(p.x * leg - p.y * radius, p.x * radius + p.y * leg) / d_sq
    };
    let right_leg_of = |p: Vec2, d_sq: f32| {
        let leg = (d_sq - radius_sq).max(0.0).sqrt();
        Vec2::new(p.x * leg + p.y * radius, -p.x * radius + p.y * leg) / d_sq
    };
    // The two ends of what the agent sees (one corner when it sees the edge end on).
    let (p1, convex1, p2, convex2, single);
    let (left_leg, right_leg);
    if s < 0.0 && dist_sq_line <= radius_sq {
        if !corner.convex {
            return None;
        }
        (p1, convex1, p2, convex2, single) = (corner.point, true, corner.point, true, true);
        left_leg = left_leg_of(relative1, dist_sq1);
        right_leg = right_leg_of(relative1, dist_sq1);
    } else if s > 1.0 && dist_sq_line <= radius_sq {
        if !corner.next_convex {
            return None;
        }
        (p1, convex1, p2, convex2, single) = (corner.next, true, corner.next, true, true);
        left_leg = left_leg_of(relative2, dist_sq2);
        right_leg = right_leg_of(relative2, dist_sq2);
    } else {
        (p1, convex1, p2, convex2, single) = (
            corner.point,
            corner.convex,
            corner.next,
            corner.next_convex,
            false,
        );
        left_leg = if corner.convex {
            left_leg_of(relative1, dist_sq1)
        } else {
            -edge_direction
        };
        right_leg = if corner.next_convex {
            right_leg_of(relative2, dist_sq2)
        } else {
            edge_direction
        };
    }
    let mut seen = Seen {
        p1,
        p2,
        single,
        left_leg,
        right_leg,
        left_foreign: false,
        right_foreign: false,
    };
    seen.meet_neighbours(corner, (convex1, convex2));
    project_on_wall(me, &seen, edge_direction, inv_horizon)
}

/// The half-plane from projecting the agent's velocity on the velocity obstacle of `seen`: on a
/// cut-off circle, the cut-off line (along `-edge_direction`) or a leg, whichever is nearest;
/// none when that is a foreign leg.
fn project_on_wall(
    me: &Avoider,
    seen: &Seen,
    edge_direction: Vec2,
    inv_horizon: f32,
) -> Option<Line> {
    let (radius, velocity) = (me.radius, me.velocity);
    let Seen {
        p1,
        p2,
        single,
        left_leg,
        right_leg,
        left_foreign,
        right_foreign,
    } = *seen;
    let left_cutoff = (p1 - me.position) * inv_horizon;
    let right_cutoff = (p2 - me.position) * inv_horizon;
    let cutoff = right_cutoff - left_cutoff;
    let t = if single {
        0.5
    } else {
        (velocity - left_cutoff).dot(cutoff) / cutoff.length_squared()
    };
    let t_left = (velocity - left_cutoff).dot(left_leg);
    let t_right = (velocity - right_cutoff).dot(right_leg);
    let on_circle = |center: Vec2| {
        let unit_w = normalize(velocity - center);
        Line {
            point: center + unit_w * (radius * inv_horizon),
            direction: Vec2::new(unit_w.y, -unit_w.x),
        }
    };
    if (t < 0.0 && t_left < 0.0) || (single && t_left < 0.0 && t_right < 0.0) {
        return Some(on_circle(left_cutoff));
    }
    if t > 1.0 && t_right < 0.0 {
        return Some(on_circle(right_cutoff));
    }
    let dist_sq_cutoff = if !(0.0..=1.0).contains(&t) || single {
        f32::INFINITY
    } else {
        (velocity - (left_cutoff + cutoff * t)).length_squared()
    };
    let dist_sq_left = if t_left < 0.0 {
        f32::INFINITY
    } else {
        (velocity - (left_cutoff + left_leg * t_left)).length_squared()
    };
    let dist_sq_right = if t_right < 0.0 {
        f32::INFINITY
    } else {
        (velocity - (right_cutoff + right_leg * t_right)).length_squared()
    };
    let shifted = |at: Vec2, direction: Vec2| Line {
        point: at + Vec2::new(-direction.y, direction.x) * (radius * inv_horizon),
        direction,
    };
    if dist_sq_cutoff <= dist_sq_left && dist_sq_cutoff <= dist_sq_right {
        return Some(shifted(left_cutoff, -edge_direction));
    }
    if dist_sq_left <= dist_sq_right {
        return (!left_foreign).then(|| shifted(left_cutoff, left_leg));
    }
    (!right_foreign).then(|| shifted(right_cutoff, -right_leg))
}

/// The velocity on line `n` nearest `target` (or furthest along `target` when `direction`),
/// within the disc of radius `radius` and the half-planes before `n` (RVO2's
/// `linearProgram1`); `None` when none is.
fn on_line(lines: &[Line], n: usize, radius: f32, target: Vec2, direction: bool) -> Option<Vec2> {
    let line = lines[n];
    let dot = line.point.dot(line.direction);
    let discriminant = dot * dot + radius * radius - line.point.length_squared();
    if discriminant < 0.0 || discriminant.is_nan() {
        return None;
    }
    let root = discriminant.sqrt();
    let mut t_left = -dot - root;
    let mut t_right = -dot + root;
    for earlier in &lines[..n] {
        let denominator = line.direction.perp_dot(earlier.direction);
        let numerator = earlier.direction.perp_dot(line.point - earlier.point);
        if denominator.abs() <= EPSILON {
            if numerator < 0.0 {
                return None;
            }
            continue;
        }
        let t = numerator / denominator;
        if denominator >= 0.0 {
            t_right = t_right.min(t);
        } else {
            t_left = t_left.max(t);
        }
        if t_left > t_right {
            return None;
        }
    }
    let t = if direction {
        if target.dot(line.direction) > 0.0 {
            t_right
        } else {
            t_left
        }
    } else {
        // Not `clamp`, which panics on a NaN bound.
        let t = line.direction.dot(target - line.point);
        if t < t_left {
            t_left
        } else if t > t_right {
            t_right
        } else {
            t
        }
    };
    Some(line.point + line.direction * t)
}

/// The velocity nearest `target` in the disc and every half-plane (RVO2's `linearProgram2`):
/// `Ok` with it, or `Err` with the index of the first line it could not meet and the velocity
/// found before it.
fn nearest(
    lines: &[Line],
    radius: f32,
    target: Vec2,
    direction: bool,
) -> Result<Vec2, (usize, Vec2)> {
    let mut result = if direction {
        target * radius
    } else if target.length_squared() > radius * radius {
        normalize(target) * radius
    } else {
        target
    };
    for (i, line) in lines.iter().enumerate() {
        if line.violation(result) > 0.0 {
            match on_line(lines, i, radius, target, direction) {
                Some(v) => result = v,
                None => return Err((i, result)),
            }
        }
    }
    Ok(result)
}

/// When the half-planes from `begin` on leave nothing: the velocity that least violates the
/// agents' lines (from `walls` on), the walls' lines kept (RVO2's `linearProgram3`).
fn least_violating(lines: &[Line], walls: usize, begin: usize, radius: f32, start: Vec2) -> Vec2 {
    let mut result = start;
    let mut distance = 0.0_f32;
    let mut projected: Vec<Line> = Vec::with_capacity(lines.len());
    for i in begin..lines.len() {
        let line = lines[i];
        if line.violation(result) <= distance {
            continue;
        }
        projected.clear();
        projected.extend_from_slice(&lines[..walls]);
        // The failing line may itself be a wall's (far outside the speeds a scene is made
        // for): then no agent's line comes before it (RVO2's loop runs from `walls` to `i`).
        for other in lines.get(walls..i).unwrap_or_default() {
            let determinant = line.direction.perp_dot(other.direction);
            let point = if determinant.abs() <= EPSILON {
                if line.direction.dot(other.direction) > 0.0 {
                    continue;
                }
                (line.point + other.point) * 0.5
            } else {
                line.point
                    + line.direction
                        * (other.direction.perp_dot(line.point - other.point) / determinant)
            };
            projected.push(Line {
                point,
                direction: normalize(other.direction - line.direction),
            });
        }
        let target = Vec2::new(-line.direction.y, line.direction.x);
        if let Ok(v) = nearest(&projected, radius, target, true) {
            result = v;
        }
        distance = line.violation(result);
    }
    result
}

/// The new velocity: the one nearest `preferred` within `max_speed` that the half-planes allow
/// (the first `walls` of them are the walls'), or the least violating one when none does.
#[must_use]
pub fn solve(lines: &[Line], walls: usize, max_speed: f32, preferred: Vec2) -> Vec2 {
    let v = match nearest(lines, max_speed, preferred, false) {
        Ok(v) => v,
        Err((failed, v)) => least_violating(lines, walls, failed, max_speed, v),
    };
    within_speed(v, max_speed)
}

/// `v`, or `v` brought back to `max_speed` when it is further out than rounding explains.
/// The least-violating program meets the disc on lines projected through the crossing of two
/// nearly parallel ones, whose points can lie thousands of times further out than the disc;
/// the disc's chord computed from them can then miss it by more than rounding does (a case the
/// property test found: 10.000101 for a `max_speed` of 10, where an f32 rounding is a few
/// millionths). Within a hundred-thousandth of `max_speed`, `v` is left as the programs found
/// it, so that the bits of every run that never meets such a case stay as they were.
fn within_speed(v: Vec2, max_speed: f32) -> Vec2 {
    let limit = max_speed * (1.0 + 1e-5);
    let length_sq = v.length_squared();
    if length_sq > limit * limit {
        v * (max_speed / length_sq.sqrt())
    } else {
        v
    }
}

#[cfg(test)]
mod tests;
