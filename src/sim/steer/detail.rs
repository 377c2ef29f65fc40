//! What the behaviors looked at on one tick, for the overlays: each behavior's own
//! `Behavior::Look`, kept as the registry's [`Trace`] in the agent's [`Detail`].

use crate::sim::steer::behavior::Keeps;
use crate::sim::steer::params::Registered;
pub use crate::sim::steer::params::Trace;

/// What the behaviors that trace looked at on one tick, for the overlays: kept apart from
/// [`crate::sim::AgentDebug`] and only for the agents of groups that use them, so a flock that does not pays
/// nothing for it. A behavior traces at most once a tick; the list keeps its room from tick to
/// tick, so a tick allocates nothing once every agent has traced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Detail {
    traces: Vec<Trace>,
}

impl Detail {
    /// Forgets every trace (keeping the room).
    pub fn clear(&mut self) {
        self.traces.clear();
    }

    /// Every trace of this tick, in the order the behaviors ran.
    pub fn iter(&self) -> impl Iterator<Item = &Trace> {
        self.traces.iter()
    }

    /// What behavior `B` looked at, if it recorded it this tick: `detail.look::<AvoidWalls>()`
    /// gives the feelers and the crossing.
    #[must_use]
    pub fn look<B: Registered>(&self) -> Option<&B::Look> {
        self.iter().find_map(B::look_of)
    }
}

impl<B: Registered> Keeps<B> for Detail {
    fn keep(&mut self, look: B::Look) {
        self.traces.push(B::traced(look));
    }
}
