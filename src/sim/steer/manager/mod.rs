//! The movement manager of the sources (000 part 5, 003), usable by a game without the editor.
//!
//! A host implements [`Boid`] (the sources' `IBoid`: position, velocity, max speed, mass). A
//! [`SteeringManager`] accumulates the force of every behavior called on it, combined by the
//! group's [`Combination`], and [`SteeringManager::update`] applies the update once:
//!
//! ```text
//! steering = combine(weight * force)     # weighted sum truncated to max_force by default
//! accel    = steering / mass
//! velocity = truncate(velocity + accel * dt, max_speed)
//! position = position + velocity * dt
//! ```
//!
//! With `dt = 1` this is the sources' per-frame update exactly. The world runs the same manager
//! for every agent, so a game that calls it gets the editor's numbers.

use glam::Vec2;

use crate::sim::model::block::Weighting;
use crate::sim::model::math::truncate;
use crate::sim::model::types::Leader;
use crate::sim::steer::behavior::{BlockCommon, Holds, Step, Tick};
use crate::sim::steer::behaviors::{Body, Steer};
use crate::sim::steer::debug::{AgentDebug, FullRecord, RecordSink, RecordSlot};
use crate::sim::steer::detail::Detail;
use crate::sim::steer::params::Registered;
use crate::sim::steer::params::{self, Combination, Memory, Target};
use crate::sim::steer::registry::BehaviorKind;
pub use crate::sim::steer::state::SteeringState;

/// The host of a steering manager: the sources' `IBoid`.
pub trait Boid {
    /// World units.
    fn position(&self) -> Vec2;
    /// World units per second.
    fn velocity(&self) -> Vec2;
    /// World units per second.
    fn max_speed(&self) -> f32;
    /// > 0.
    fn mass(&self) -> f32;
    /// Called by [`SteeringManager::update`].
    fn set_position(&mut self, position: Vec2);
    /// Called by [`SteeringManager::update`].
    fn set_velocity(&mut self, velocity: Vec2);
}

impl Boid for Body {
    fn position(&self) -> Vec2 {
        self.position
    }
    fn velocity(&self) -> Vec2 {
        self.velocity
    }
    fn max_speed(&self) -> f32 {
        self.max_speed
    }
    fn mass(&self) -> f32 {
        self.mass
    }
    fn set_position(&mut self, position: Vec2) {
        self.position = position;
    }
    fn set_velocity(&mut self, velocity: Vec2) {
        self.velocity = velocity;
    }
}

impl Body {
    /// The kinematic view of a host.
    pub fn of(host: &impl Boid) -> Self {
        Self {
            position: host.position(),
            velocity: host.velocity(),
            max_speed: host.max_speed(),
            mass: host.mass(),
        }
    }
}

/// `velocity = truncate(velocity + steering / mass * dt, max_speed)`,
/// `position = position + velocity * dt`. Returns the new position and velocity.
#[must_use]
pub fn integrate(body: &Body, steering: Vec2, dt: f32) -> (Vec2, Vec2) {
    let accel = steering / body.mass;
    let velocity = truncate(body.velocity + accel * dt, body.max_speed);
    (body.position + velocity * dt, velocity)
}

/// Accumulates behavior forces for one host and applies them.
///
/// The record of the update is kept in `R`: the manager's own [`FullRecord`] (what a game
/// gets from [`SteeringManager::new`]), or the world's slot for the agent, written in place
/// ([`SteeringManager::recording_into`]).
#[derive(Clone, Debug)]
pub struct SteeringManager<R: RecordSink = FullRecord> {
    /// Persistent state (random stream, wander angle).
    pub state: SteeringState,
    max_force: f32,
    combination: Combination,
    steering: Vec2,
    /// Prioritized sum: the budget is spent, later behaviors are not evaluated.
    spent: bool,
    /// Dithering: a behavior has been chosen for this update.
    chosen: bool,
    record: R,
}

impl SteeringManager {
    /// A manager with the given truncation and combination.
    #[must_use]
    pub fn new(state: SteeringState, max_force: f32, combination: Combination) -> Self {
        Self::with_record(state, max_force, combination, FullRecord::default())
    }
}

impl<'a, 'b> SteeringManager<&'a mut RecordSlot<'b>> {
    /// A manager that writes its record straight into `out` (cleared first).
    #[must_use]
    pub fn recording_into(
        state: SteeringState,
        max_force: f32,
        combination: Combination,
        out: &'a mut RecordSlot<'b>,
    ) -> Self {
        out.clear();
        Self::with_record(state, max_force, combination, out)
    }

    /// Ends the accumulation like [`SteeringManager::finish`], completing the record in place,
    /// and hands back the persistent state.
    #[must_use]
    pub fn finish_in_place(self, body: &Body) -> SteeringState {
        let Self {
            state,
            max_force,
            steering,
            record,
            ..
        } = self;
        complete(record.debug_mut(), steering, max_force, body);
        state
    }
}

/// Completes a record with the accumulated `steering`: combined, applied (truncated to
/// `max_force`), the velocity it was computed at, and the velocity the behaviors asked for.
fn complete(record: &mut AgentDebug, steering: Vec2, max_force: f32, body: &Body) {
    record.combined = steering;
    record.applied = truncate(steering, max_force);
    record.velocity = body.velocity;
    record.desired_velocity = body.velocity + steering;
}

impl<R: RecordSink> SteeringManager<R> {
    /// A manager that keeps its record in `record`.
    fn with_record(
        state: SteeringState,
        max_force: f32,
        combination: Combination,
        record: R,
    ) -> Self {
        Self {
            state,
            max_force,
            combination,
            steering: Vec2::ZERO,
            spent: false,
            chosen: false,
            record,
        }
    }

    /// The accumulated steering so far.
    #[must_use]
    pub fn steering(&self) -> Vec2 {
        self.steering
    }

    /// Clears the accumulated force and the record (the sources' `reset()`).
    pub fn reset(&mut self) {
        self.steering = Vec2::ZERO;
        self.spent = false;
        self.chosen = false;
        self.record.clear();
    }

    /// Adds one behavior under the combination method. `compute` runs only when the method
    /// evaluates the behavior (a prioritized sum stops once `max_force` is spent; dithering
    /// evaluates it with `probability` until one gives a force).
    pub fn add(
        &mut self,
        kind: BehaviorKind,
        weighting: Weighting,
        compute: impl FnOnce(&mut Step<'_, ()>) -> Steer,
    ) {
        self.add_traced(kind, weighting, None, compute);
    }

    /// [`Self::add`], with the agent's detail for what the behavior looked at.
    // Inlined into the agent's tick: measured with callgrind (docs/performance.md).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn add_traced<D>(
        &mut self,
        kind: BehaviorKind,
        weighting: Weighting,
        detail: Option<&mut D>,
        compute: impl FnOnce(&mut Step<'_, D>) -> Steer,
    ) {
        let Weighting {
            weight,
            probability,
        } = weighting;
        let evaluate = |m: &mut Self| {
            let mut step = Step {
                steering: m.steering,
                max_force: m.max_force,
                state: &mut m.state,
                record: m.record.debug_mut(),
                detail,
            };
            compute(&mut step).force
        };
        match self.combination {
            Combination::WeightedSum => {
                let force = evaluate(self) * weight;
                self.note(kind, force);
                self.steering += force;
            }
            Combination::PrioritizedSum => {
                if self.spent {
                    return;
                }
                let remaining = self.max_force - self.steering.length();
                if remaining <= 0.0 {
                    self.spent = true;
                    return;
                }
                let force = evaluate(self) * weight;
                self.note(kind, force);
                if force.length() < remaining {
                    self.steering += force;
                } else {
                    self.steering += crate::sim::model::math::normalize_or_zero(force) * remaining;
                }
            }
            Combination::PrioritizedDithering => {
                if self.chosen {
                    return;
                }
                if self.state.rng.next_f32() >= probability {
                    return;
                }
                let force = evaluate(self) * weight / probability;
                self.note(kind, force);
                if force != Vec2::ZERO {
                    self.steering = force;
                    self.chosen = true;
                }
            }
        }
    }

    fn note(&mut self, kind: BehaviorKind, force: Vec2) {
        self.record.set_force(kind, force);
    }

    /// Seek `target`, weight 1: 003's `seek(target, slowingRadius)`, which arrives inside
    /// `slowing_radius` when it is > 0 (the [`params::Arrive`] block in that mode) and is plain
    /// seek otherwise (the [`params::Seek`] block).
    pub fn seek(&mut self, host: &impl Boid, target: Vec2, slowing_radius: f32) {
        let at = Target::Point(target);
        if slowing_radius > 0.0 {
            let mode = params::ArriveMode::SlowingRadius(slowing_radius);
            self.behave(
                &params::Arrive {
                    target: at,
                    mode,
                    ..params::Arrive::default()
                },
                host,
                None,
            );
        } else {
            self.behave(
                &params::Seek {
                    target: at,
                    ..params::Seek::default()
                },
                host,
                None,
            );
        }
    }

    /// Flee `target`, weight 1, no panic distance (the [`params::Flee`] block).
    pub fn flee(&mut self, host: &impl Boid, target: Vec2) {
        let block = params::Flee {
            target: Target::Point(target),
            panic_distance: None,
            ..params::Flee::default()
        };
        self.behave(&block, host, None);
    }

    /// Pursue `target` with a dynamic prediction, weight 1 (the [`params::Pursuit`] block).
    pub fn pursuit(&mut self, host: &impl Boid, target: &impl Boid) {
        let other = (target.position(), target.velocity());
        self.behave(&params::Pursuit::default(), host, Some(other));
    }

    /// Evade `target` with a dynamic prediction, weight 1 (the [`params::Evade`] block).
    pub fn evade(&mut self, host: &impl Boid, target: &impl Boid) {
        let other = (target.position(), target.velocity());
        self.behave(&params::Evade::default(), host, Some(other));
    }

    /// Circle wander with the given parameters (the [`params::Wander`] block).
    pub fn wander(&mut self, host: &impl Boid, block: &params::Wander) {
        self.behave(block, host, None);
    }

    /// Adds `block`'s force for `host` through the behavior's own code ([`Behavior::steer`]: its
    /// formula, gating and record), on a tick where every target the block names is `other`
    /// (position, velocity), or else the block's own point, and there is no world around:
    /// no scenery, no neighbours, no stamina.
    fn behave<B: Registered>(&mut self, block: &B, host: &impl Boid, other: Option<(Vec2, Vec2)>)
    where
        Memory: Holds<B>,
    {
        let mut tick = Lone {
            kind: B::KIND,
            body: Body::of(host),
            other,
            memory: Memory::default(),
            m: self,
        };
        block.steer(&mut tick);
    }
}

/// One host's tick for the tutorials' host-object API ([`SteeringManager::seek`], ...): its
/// body and one target, nothing else of a world.
struct Lone<'m, R: RecordSink> {
    kind: BehaviorKind,
    body: Body,
    /// What every target that is not a point stands for: position and velocity.
    other: Option<(Vec2, Vec2)>,
    memory: Memory,
    m: &'m mut SteeringManager<R>,
}

impl<R: RecordSink> Tick<'_> for Lone<'_, R> {
    fn id(&self) -> u32 {
        0
    }

    fn body(&self) -> Body {
        self.body
    }

    fn heading(&self) -> Vec2 {
        crate::sim::model::math::direction_or(self.body.velocity, Vec2::X)
    }

    fn radius(&self) -> f32 {
        0.0
    }

    /// The sources' per-frame update.
    fn dt(&self) -> f32 {
        1.0
    }

    fn world_size(&self) -> Vec2 {
        Vec2::ZERO
    }

    fn resolve(&self, target: &Target) -> Option<(Vec2, Vec2)> {
        match target {
            Target::Point(p) => Some((*p, Vec2::ZERO)),
            _ => self.other,
        }
    }

    fn leader(&self, target: &Target) -> Option<Leader> {
        self.resolve(target).map(|(position, velocity)| Leader {
            position,
            velocity,
            heading: crate::sim::model::math::direction_or(velocity, Vec2::X),
        })
    }

    type Memory = Memory;
    /// The registry's, though the tutorials' manager keeps no details.
    type Detail = Detail;

    fn memory(&mut self) -> &mut Memory {
        &mut self.memory
    }

    fn state(&mut self) -> &mut SteeringState {
        &mut self.m.state
    }

    fn add<B: BlockCommon>(
        &mut self,
        block: &B,
        compute: impl FnOnce(&mut Step<'_, Detail>) -> Steer,
    ) {
        self.m
            .add_traced(self.kind, block.weighting(), None, compute);
    }
}

impl SteeringManager {
    /// Ends the accumulation: truncates the steering to `max_force` and returns the record of
    /// this update (the applied force is `record.applied`). Does not move the host; the
    /// accumulator is cleared for the next update.
    pub fn finish(&mut self, body: &Body) -> FullRecord {
        let mut record = std::mem::take(&mut self.record);
        complete(&mut record.debug, self.steering, self.max_force, body);
        self.reset();
        record
    }

    /// Applies the accumulated steering to the host (the sources' `update()`), then clears it.
    /// Returns the record of this update.
    pub fn update(&mut self, host: &mut impl Boid, dt: f32) -> FullRecord {
        let body = Body::of(host);
        let record = self.finish(&body);
        let (position, velocity) = integrate(&body, record.applied, dt);
        host.set_velocity(velocity);
        host.set_position(position);
        record
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    fn manager(max_force: f32, combination: Combination) -> SteeringManager {
        SteeringManager::new(SteeringState::new(1, 1), max_force, combination)
    }

    fn body() -> Body {
        Body {
            position: Vec2::ZERO,
            velocity: Vec2::ZERO,
            max_speed: 10.0,
            mass: 2.0,
        }
    }

    #[test]
    fn weighted_sum_is_truncated() {
        let mut m = manager(5.0, Combination::WeightedSum);
        m.add(BehaviorKind::Seek, Weighting::of(2.0), |_| Steer {
            force: Vec2::new(3.0, 0.0),
            desired: None,
        });
        m.add(BehaviorKind::Flee, Weighting::of(1.0), |_| Steer {
            force: Vec2::new(0.0, 8.0),
            desired: None,
        });
        // Sum (6, 8), |.| = 10, truncated to 5: (3, 4).
        let r = m.finish(&body());
        assert_eq!(r.combined, Vec2::new(6.0, 8.0));
        assert_eq!(r.applied, Vec2::new(3.0, 4.0));
        assert_eq!(r.force(BehaviorKind::Seek), Vec2::new(6.0, 0.0));
    }

    #[test]
    fn prioritized_sum_stops_when_the_budget_is_spent() {
        let force = |x: f32, y: f32| Steer {
            force: Vec2::new(x, y),
            desired: None,
        };
        // Collinear: (3, 0) then (8, 0) with max_force 5 adds only (2, 0); nothing is left.
        let mut m = manager(5.0, Combination::PrioritizedSum);
        m.add(BehaviorKind::Evade, Weighting::of(1.0), |_| force(3.0, 0.0));
        m.add(BehaviorKind::Seek, Weighting::of(1.0), |_| force(8.0, 0.0));
        let mut third_ran = false;
        m.add(BehaviorKind::Wander, Weighting::of(1.0), |_| {
            third_ran = true;
            Steer::NONE
        });
        assert_eq!(m.finish(&body()).applied, Vec2::new(5.0, 0.0));
        assert!(!third_ran);
        // The budget is `max_force - |running total|` (Buckland's AccumulateForce): after
        // (3, 0) and (0, 2) the total is (3, 2), |.| = sqrt 13, so 5 - sqrt 13 is still left.
        let mut m = manager(5.0, Combination::PrioritizedSum);
        m.add(BehaviorKind::Evade, Weighting::of(1.0), |_| force(3.0, 0.0));
        m.add(BehaviorKind::Seek, Weighting::of(0.25), |_| force(0.0, 8.0));
        m.add(BehaviorKind::Wander, Weighting::of(1.0), |_| {
            force(0.0, 10.0)
        });
        let applied = m.finish(&body()).applied;
        let want = Vec2::new(3.0, 2.0 + (5.0 - 13.0_f32.sqrt()));
        assert!((applied - want).length() < 1e-6, "{applied}");
    }

    #[test]
    fn dithering_takes_the_first_chosen_force_over_its_probability() {
        // Probability 1: always evaluated; the force is scaled by weight / probability.
        let mut m = manager(100.0, Combination::PrioritizedDithering);
        m.add(BehaviorKind::Evade, Weighting::of(1.0), |_| Steer::NONE);
        m.add(BehaviorKind::Seek, Weighting::of(3.0), |_| Steer {
            force: Vec2::new(1.0, 0.0),
            desired: None,
        });
        let mut later_ran = false;
        m.add(BehaviorKind::Wander, Weighting::of(1.0), |_| {
            later_ran = true;
            Steer::NONE
        });
        let r = m.finish(&body());
        assert_eq!(r.applied, Vec2::new(3.0, 0.0));
        assert!(!later_ran);
        // Probability 0.5 over many updates: evaluated about half the time, force doubled.
        let mut m = manager(100.0, Combination::PrioritizedDithering);
        let mut hits = 0;
        for _ in 0..10_000 {
            let half = Weighting {
                weight: 1.0,
                probability: 0.5,
            };
            m.add(BehaviorKind::Seek, half, |_| Steer {
                force: Vec2::new(1.0, 0.0),
                desired: None,
            });
            let r = m.finish(&body());
            if r.applied != Vec2::ZERO {
                assert_eq!(r.applied, Vec2::new(2.0, 0.0));
                hits += 1;
            }
        }
        assert!((4_800..5_200).contains(&hits), "{hits}");
    }

    #[test]
    fn update_applies_the_sources_formula() {
        // Seek (30, 40) from rest, max_speed 10: desired = (6, 8) = force; max_force 5
        // truncates to (3, 4); mass 2: accel (1.5, 2); dt 1: velocity (1.5, 2), position too.
        let mut host = body();
        let mut m = manager(5.0, Combination::WeightedSum);
        m.seek(&host, Vec2::new(30.0, 40.0), 0.0);
        let r = m.update(&mut host, 1.0);
        assert_eq!(r.applied, Vec2::new(3.0, 4.0));
        assert_eq!(host.velocity, Vec2::new(1.5, 2.0));
        assert_eq!(host.position, Vec2::new(1.5, 2.0));
        assert_eq!(m.steering(), Vec2::ZERO);
    }
}
