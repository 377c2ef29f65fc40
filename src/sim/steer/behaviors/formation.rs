//! Offset pursuit, formations and leader following.
//!
//! **Offset pursuit** (Buckland, *Programming Game AI by Example*, ch. 3, "Offset Pursuit"):
//! the slot's world position is `w = leader.p + x * h + y * s`, with `(x, y)` the offset in
//! the leader's frame, `h` its heading and `s` the heading turned a quarter toward +y; the
//! look-ahead is `T = |w - p| / (max_speed + |leader.v|)`, and the follower arrives
//! (deceleration form) at `w + leader.v * T`.
//!
//! **Formations** give each follower its own offset from its rank `k` among the `n` followers
//! (agents of its group in id order, the leader left out), with spacing `d`:
//! line `(-d, (k - (n - 1) / 2) * d)`; column `(-(k + 1) * d, 0)`; wedge, row `r = k / 2 + 1`,
//! `(-r * d, ±r * d)` alternating -y then +y; circle, angle `a = 2π k / n`, `(d cos a, d sin a)`.
//!
//! **Leader following** (Reynolds, *Steering Behaviors For Autonomous Characters*, GDC 1999,
//! "Leader Following"): arrive (slowing radius) at the point `behind` units behind the leader,
//! `leader.p - h * behind`; a follower inside the zone in front of the leader (`0 <= x <=
//! sight_distance`, `|y| <= sight_half_width` in the leader's frame) also gets a sideways
//! push `s * sign(y) * max_speed` out of it (`+s` when exactly on the leader's line). Reynolds
//! adds separation, which is the group's own separation block.

use glam::Vec2;

use crate::sim::model::types::Leader;
use crate::sim::steer::behavior::{Family, Mark, TickOf, point_marks};

use super::arrive::{arrive_deceleration, arrive_slowing};
use crate::sim::model::types::{Deceleration, Slot, Target};
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, DECELERATION, Field, Rgb, SLOWING_RADIUS, Steer, TARGET, Value,
    block,
};

/// Offset pursuit in the registry.
pub const OFFSET_PURSUIT: BehaviorInfo = BehaviorInfo {
    key: "offset_pursuit",
    family: Family::Pursuit,
    metric: "capture_time",
    legend: &[],
    color: Rgb(200, 150, 70),
    formula: "arrive(slot + leader.velocity * |slot - p| / (max_speed + leader.speed))",
    summary: "Hold a slot in the leader's frame (one offset, or a line, column, wedge or \
              circle), arriving where the slot will be.",
};

/// Leader following in the registry.
pub const FOLLOW_LEADER: BehaviorInfo = BehaviorInfo {
    key: "follow_leader",
    family: Family::Pursuit,
    metric: "capture_time",
    legend: &[],
    color: Rgb(255, 110, 200),
    formula: "arrive(leader.p - heading * behind) + side push out of the zone ahead",
    summary: "Arrive behind the leader, and step aside when in front of it.",
};

/// The offset of follower `rank` of `followers` for `slot`, in the leader's frame.
#[must_use]
pub fn slot_offset(slot: &Slot, rank: usize, followers: usize) -> Vec2 {
    // Ranks and counts are at most 1,000,000: exact in f32 (below 2^24).
    #[allow(clippy::cast_precision_loss)]
    let (k, n) = (rank as f32, followers.max(1) as f32);
    match *slot {
        Slot::Offset(offset) => offset,
        Slot::Line(d) => Vec2::new(-d, (k - (n - 1.0) / 2.0) * d),
        Slot::Column(d) => Vec2::new(-(k + 1.0) * d, 0.0),
        Slot::Wedge(d) => {
            #[allow(clippy::cast_precision_loss)]
            let row = (rank / 2 + 1) as f32;
            let side = if rank.is_multiple_of(2) { -1.0 } else { 1.0 };
            Vec2::new(-row * d, side * row * d)
        }
        Slot::Circle(d) => {
            let a = std::f32::consts::TAU * k / n;
            Vec2::new(d * libm::cosf(a), d * libm::sinf(a))
        }
    }
}

/// Offset pursuit of `leader` at `offset` (leader's frame). Returns the force and the slot's
/// world position.
#[must_use]
pub fn offset_pursuit(
    body: &Body,
    leader: &Leader,
    offset: Vec2,
    deceleration: Deceleration,
) -> (Steer, Vec2) {
    let slot = leader.to_world(offset);
    let closing = body.max_speed + leader.velocity.length();
    let look_ahead = if closing > 0.0 {
        (slot - body.position).length() / closing
    } else {
        0.0
    };
    let aim = slot + leader.velocity * look_ahead;
    (arrive_deceleration(body, aim, deceleration), slot)
}

/// Leader following. Returns the force and the follow point.
#[must_use]
pub fn follow_leader(body: &Body, leader: &Leader, block: &FollowLeader) -> (Steer, Vec2) {
    let point = leader.position - leader.heading * block.behind;
    let arrive = arrive_slowing(body, point, block.slowing_radius);
    let local = leader.to_local(body.position);
    let in_the_way = local.x >= 0.0
        && local.x <= block.sight_distance
        && local.y.abs() <= block.sight_half_width;
    if !in_the_way {
        return (arrive, point);
    }
    let side = Vec2::new(-leader.heading.y, leader.heading.x);
    let away = if local.y < 0.0 { -1.0 } else { 1.0 };
    (
        Steer {
            force: arrive.force + side * (away * body.max_speed),
            desired: None,
        },
        point,
    )
}

block! {
    target;
    /// Offset pursuit (Buckland ch. 3): hold a slot in the leader's frame (`target`), arriving
    /// at where the slot will be.
    OffsetPursuit {
        /// The leader.
        target: Target = Target::Agent(0),
        /// One offset, or a formation shape that gives each follower its own.
        slot: Slot = Slot::default(),
        /// How hard the follower brakes on its slot.
        #[serde(default = "crate::sim::model::types::fast")] deceleration: Deceleration = Deceleration::Fast,
    }
}

impl Behavior for OffsetPursuit {
    type Kept = ();
    /// The slot it steers for.
    type Look = Vec2;

    const INFO: BehaviorInfo = OFFSET_PURSUIT;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const LEADER: Field = Field {
            label: "leader",
            ..TARGET
        };
        const SLOT: Field = Field::plain(
            "slot",
            "slot",
            "One offset for all, or a formation: each follower its own slot by rank.",
        );
        visit(&LEADER, Value::Target(&mut self.target));
        visit(&SLOT, Value::Slot(&mut self.slot));
        visit(&DECELERATION, Value::Deceleration(&mut self.deceleration));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some(leader) = tick.leader(&self.target) else {
            return false;
        };
        let (rank, followers) = tick.formation_rank();
        let offset = slot_offset(&self.slot, rank, followers);
        let body = tick.body();
        tick.add(self, |s| {
            let (steer, slot) = offset_pursuit(&body, &leader, offset, self.deceleration);
            s.trace::<Self>(slot);
            steer
        });
        false
    }

    fn marks(point: &Vec2, out: &mut Vec<Mark>) {
        point_marks(*point, out);
    }
}
block! {
    target;
    /// Leader following (Reynolds): arrive at a point behind the leader (`target`), and step
    /// sideways out of the leader's way when in front of it.
    FollowLeader {
        /// The leader.
        target: Target = Target::Agent(0),
        /// Distance of the follow point behind the leader (world units).
        behind: f32 = 40.0,
        /// Length of the zone in front of the leader that followers leave (world units).
        sight_distance: f32 = 60.0,
        /// Half the width of that zone (world units).
        sight_half_width: f32 = 20.0,
        /// Slowing radius of the arrival at the follow point (world units).
        slowing_radius: f32 = 50.0,
    }
}

impl Behavior for FollowLeader {
    type Kept = ();
    /// The point behind the leader it steers for.
    type Look = Vec2;

    const INFO: BehaviorInfo = FOLLOW_LEADER;

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const BEHIND: Field = Field::distance(
            "behind",
            "behind",
            "Follow point: leader - heading * behind.",
        );
        const LENGTH: Field = Field::distance(
            "sight_distance",
            "zone length",
            "Followers leave the zone this long in front of the leader.",
        );
        const WIDTH: Field = Field::distance(
            "sight_half_width",
            "zone half width",
            "Half the width of that zone.",
        );
        visit(&TARGET, Value::Target(&mut self.target));
        visit(&BEHIND, Value::Number(&mut self.behind));
        visit(&LENGTH, Value::Number(&mut self.sight_distance));
        visit(&WIDTH, Value::Number(&mut self.sight_half_width));
        visit(&SLOWING_RADIUS, Value::Number(&mut self.slowing_radius));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some(leader) = tick.leader(&self.target) else {
            return false;
        };
        let body = tick.body();
        tick.add(self, |s| {
            let (steer, point) = follow_leader(&body, &leader, self);
            s.trace::<Self>(point);
            steer
        });
        false
    }

    fn marks(point: &Vec2, out: &mut Vec<Mark>) {
        point_marks(*point, out);
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn formation_shapes_place_each_rank() {
        // Line of 3, spacing 10: y = -10, 0, 10, one spacing behind.
        let line: Vec<Vec2> = (0..3)
            .map(|k| slot_offset(&Slot::Line(10.0), k, 3))
            .collect();
        assert_eq!(
            line,
            [
                Vec2::new(-10.0, -10.0),
                Vec2::new(-10.0, 0.0),
                Vec2::new(-10.0, 10.0)
            ]
        );
        assert_eq!(
            slot_offset(&Slot::Column(10.0), 2, 5),
            Vec2::new(-30.0, 0.0)
        );
        let wedge: Vec<Vec2> = (0..4)
            .map(|k| slot_offset(&Slot::Wedge(10.0), k, 4))
            .collect();
        assert_eq!(
            wedge,
            [
                Vec2::new(-10.0, -10.0),
                Vec2::new(-10.0, 10.0),
                Vec2::new(-20.0, -20.0),
                Vec2::new(-20.0, 20.0)
            ]
        );
        assert_eq!(slot_offset(&Slot::Circle(10.0), 0, 4), Vec2::new(10.0, 0.0));
        let quarter = slot_offset(&Slot::Circle(10.0), 1, 4);
        assert!(
            (quarter - Vec2::new(0.0, 10.0)).length() < 1e-5,
            "{quarter}"
        );
        assert_eq!(
            slot_offset(&Slot::Offset(Vec2::new(-5.0, 3.0)), 9, 1),
            Vec2::new(-5.0, 3.0)
        );
    }

    #[test]
    fn offset_pursuit_arrives_where_the_slot_will_be() {
        // Leader at (100, 0) heading +y at speed 10; offset (-20, 0) is 20 behind: (100, -20).
        // Follower at (100, -60), max speed 30: T = 40 / (30 + 10) = 1; aim (100, -10), 50
        // away; fast deceleration (k = 1): speed = min(50 / 0.3, 30) = 30, desired (0, 30).
        let leader = Leader {
            position: Vec2::new(100.0, 0.0),
            velocity: Vec2::new(0.0, 10.0),
            heading: Vec2::Y,
        };
        let body = Body {
            position: Vec2::new(100.0, -60.0),
            velocity: Vec2::ZERO,
            max_speed: 30.0,
            mass: 1.0,
        };
        let (steer, slot) =
            offset_pursuit(&body, &leader, Vec2::new(-20.0, 0.0), Deceleration::Fast);
        assert_eq!(slot, Vec2::new(100.0, -20.0));
        assert_eq!(steer.force, Vec2::new(0.0, 30.0));
    }

    #[test]
    fn followers_arrive_behind_and_leave_the_zone_ahead() {
        let leader = Leader {
            position: Vec2::ZERO,
            velocity: Vec2::new(10.0, 0.0),
            heading: Vec2::X,
        };
        // Behind point (-40, 0). A follower at (-140, 0) at rest, slowing radius 50: outside
        // it, so seek at max speed 20: force (20, 0).
        let body = |p: Vec2| Body {
            position: p,
            velocity: Vec2::ZERO,
            max_speed: 20.0,
            mass: 1.0,
        };
        let params = &FollowLeader {
            behind: 40.0,
            sight_distance: 60.0,
            sight_half_width: 20.0,
            slowing_radius: 50.0,
            ..FollowLeader::default()
        };
        let (steer, point) = follow_leader(&body(Vec2::new(-140.0, 0.0)), &leader, params);
        assert_eq!(point, Vec2::new(-40.0, 0.0));
        assert_eq!(steer.force, Vec2::new(20.0, 0.0));
        // In front of the leader at (30, -5): the arrive force toward (-40, 0) plus 20 toward -y.
        let at = Vec2::new(30.0, -5.0);
        let (steer, _) = follow_leader(&body(at), &leader, params);
        let arrive = arrive_slowing(&body(at), Vec2::new(-40.0, 0.0), 50.0).force;
        assert_eq!(steer.force, arrive + Vec2::new(0.0, -20.0));
    }
}
