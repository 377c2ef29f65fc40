//! Portable random numbers. Every draw in the simulation comes from a named algorithm seeded
//! from the scene's `seed`, never from the thread RNG, so a run is the same on every machine.
//!
//! Each agent owns a small PCG32 stream (`rand_pcg::Pcg32`, 16 bytes) keyed by the scene seed and
//! the agent's id: draws never depend on the order in which agents are processed, which is what
//! keeps serial and parallel steps bit-identical. World-level draws (spawn positions) use
//! `rand_chacha::ChaCha8Rng`.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng as _};
use rand_pcg::Pcg32;

/// A uniform draw in `[0, 1)` built from the top 24 bits of a `u32`: every value is exactly
/// representable in `f32`, and the mapping does not depend on any crate's distribution code.
#[must_use]
pub fn unit_f32(bits: u32) -> f32 {
    const SCALE: f32 = 1.0 / 16_777_216.0; // 2^-24
    (bits >> 8) as f32 * SCALE
}

/// `SplitMix64` finaliser: spreads a seed and an id over all 64 bits.
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A portable hash of a seed and two lattice coordinates (the flow field's noise), as 32 bits.
#[must_use]
pub fn hash3(seed: u64, x: i64, y: i64) -> u32 {
    // Two's-complement bits of the coordinates: a bijection, so distinct points mix apart.
    #[allow(clippy::cast_sign_loss)]
    let (x, y) = (x as u64, y as u64);
    let h = mix64(seed ^ mix64(x.wrapping_add(0x9e37_79b9_7f4a_7c15) ^ mix64(y)));
    // The top 32 bits of the mix.
    #[allow(clippy::cast_possible_truncation)]
    let top = (h >> 32) as u32;
    top
}

/// The random stream of one agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentRng(Pcg32);

impl AgentRng {
    /// The stream of agent `agent_id` in a scene seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64, agent_id: u32) -> Self {
        let state = mix64(seed ^ mix64(u64::from(agent_id).wrapping_add(0x9e37_79b9_7f4a_7c15)));
        Self(Pcg32::new(state, u64::from(agent_id)))
    }

    /// Uniform in `[0, 1)` (the sources' `Math.random()`).
    pub fn next_f32(&mut self) -> f32 {
        unit_f32(self.0.next_u32())
    }
}

/// The world's own stream (spawn positions and headings).
#[derive(Clone, Debug)]
pub struct WorldRng(ChaCha8Rng);

impl WorldRng {
    /// Seeded from the scene's `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(ChaCha8Rng::seed_from_u64(seed))
    }

    /// Uniform in `[0, 1)`.
    pub fn next_f32(&mut self) -> f32 {
        unit_f32(self.0.next_u32())
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn unit_draws_cover_the_half_open_interval() {
        assert_eq!(unit_f32(0), 0.0);
        assert_eq!(unit_f32(u32::MAX), 1.0 - 1.0 / 16_777_216.0);
        assert_eq!(unit_f32(0x8000_0000), 0.5);
    }

    #[test]
    fn agent_streams_are_reproducible_and_distinct() {
        let mut a = AgentRng::new(7, 3);
        let mut b = AgentRng::new(7, 3);
        let mut c = AgentRng::new(7, 4);
        let xs: Vec<f32> = (0..8).map(|_| a.next_f32()).collect();
        let ys: Vec<f32> = (0..8).map(|_| b.next_f32()).collect();
        let zs: Vec<f32> = (0..8).map(|_| c.next_f32()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
        assert!(xs.iter().all(|x| (0.0..1.0).contains(x)));
    }
}
