//! One simulated agent: kinematics plus what its behaviors keep between ticks.

use glam::Vec2;

use crate::sim::steer::behavior::NewAgent;
use crate::sim::steer::behaviors::navigate::route::Route;
use crate::sim::steer::params::Memory;
use crate::sim::steer::state::SteeringState;

/// An agent of the world.
#[derive(Clone, Debug, PartialEq)]
pub struct Agent {
    /// Stable id, unique in the world, in spawn order.
    pub id: u32,
    /// Index of its group.
    pub group: u16,
    /// World units.
    pub position: Vec2,
    /// World units per second.
    pub velocity: Vec2,
    /// What the tutorials' steering manager keeps ([`SteeringState`]): its random stream and angle.
    pub steering: SteeringState,
    /// What its behaviors keep from one tick to the next (each behavior's part: the hunter's
    /// stamina and prey, the waypoint, ...).
    pub memory: Memory,
    /// Where it entered the world ([`Target::Opposite`] is the point opposite it).
    ///
    /// [`Target::Opposite`]: crate::sim::model::types::Target::Opposite
    pub home: Vec2,
    /// The route it navigates (none unless its group navigates; boxed so that an agent that
    /// does not navigate pays a pointer for it): read [`Agent::route`].
    pub route: Option<Box<Route>>,
    /// The direction of its velocity on the last tick it had one (unit; +x for an agent that
    /// never moved). Kept up to date only when it stops: read [`Agent::heading`].
    pub last_heading: Vec2,
}

impl Agent {
    /// A new agent. `stamina` starts full (the group's maximum, 0 without stamina).
    #[must_use]
    pub fn new(
        id: u32,
        group: u16,
        position: Vec2,
        velocity: Vec2,
        seed: u64,
        stamina: f32,
    ) -> Self {
        Self {
            id,
            group,
            position,
            velocity,
            steering: SteeringState::new(seed, id),
            memory: Memory::new(&NewAgent { position, stamina }),
            home: position,
            route: None,
            last_heading: crate::sim::model::math::direction_or(velocity, Vec2::X),
        }
    }

    /// The route it navigates (empty unless its group navigates).
    #[must_use]
    pub fn route(&self) -> &Route {
        self.route
            .as_deref()
            .unwrap_or(&crate::sim::steer::behaviors::navigate::route::NO_ROUTE)
    }

    /// The direction it last moved in (unit): its velocity's, or the last one before it
    /// stopped. Worked out when asked, so that the tick does not normalise every velocity.
    #[must_use]
    pub fn heading(&self) -> Vec2 {
        crate::sim::model::math::direction_or(self.velocity, self.last_heading)
    }

    /// Takes its new position and velocity. When it comes to rest it keeps the direction it
    /// moved in ([`Agent::heading`]).
    pub fn set_motion(&mut self, position: Vec2, velocity: Vec2) {
        use crate::sim::model::math::{direction_or, has_direction};
        if !has_direction(velocity) && has_direction(self.velocity) {
            self.last_heading = direction_or(self.velocity, self.last_heading);
        }
        self.position = position;
        self.velocity = velocity;
    }

    /// The agent's heading in radians (0 along +x, y down), or `None` when standing still.
    #[must_use]
    pub fn heading_rad(&self) -> Option<f32> {
        (self.velocity != Vec2::ZERO).then(|| self.velocity.y.atan2(self.velocity.x))
    }
}
