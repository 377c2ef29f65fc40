//! What a steering manager keeps from one update to the next: below the behaviors, which read
//! and advance it, and the manager, which holds it.

use crate::sim::model::rng::AgentRng;

/// What a manager keeps from one update to the next: its random stream and wander angle.
#[derive(Clone, Debug, PartialEq)]
pub struct SteeringState {
    /// The agent's own random stream (wander, dithering).
    pub rng: AgentRng,
    /// The circle wander's angle (radians).
    pub wander_angle_rad: f32,
}

impl SteeringState {
    /// A fresh state for agent `agent_id` of a scene seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64, agent_id: u32) -> Self {
        Self {
            rng: AgentRng::new(seed, agent_id),
            wander_angle_rad: 0.0,
        }
    }
}
