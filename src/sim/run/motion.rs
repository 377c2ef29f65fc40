//! Jitter controls: a limit on how fast the velocity turns, and the heading smoother agents are
//! drawn with.
//!
//! **Turn-rate limit**: when the new velocity `v'` points more than `max_turn * dt` away from the
//! old one `v`, it is turned back to exactly that angle from `v` (toward `v'`), keeping its
//! speed `|v'|`. An agent at rest, or coming to rest, turns freely.
//!
//! **Heading smoother** (Buckland, *Programming Game AI by Example*, ch. 3, "Ensuring Zero
//! Overlap"/"Smoothing": his `Smoother` template): the drawn heading is the normalised mean of
//! the last `N` headings, one sample per tick, the history starting as zero vectors as the
//! book's does. It changes only the drawing, never the motion.

use glam::Vec2;

use crate::sim::model::math::normalize_or_zero;

/// `new` turned back toward `old` so that it is at most `max_rad` from it.
#[must_use]
pub fn limit_turn(old: Vec2, new: Vec2, max_rad: f32) -> Vec2 {
    if old == Vec2::ZERO || new == Vec2::ZERO {
        return new;
    }
    let angle = libm::atan2f(old.perp_dot(new), old.dot(new));
    if angle.abs() <= max_rad {
        return new;
    }
    let turn = max_rad.copysign(angle);
    let (sin, cos) = (libm::sinf(turn), libm::cosf(turn));
    let dir = normalize_or_zero(old);
    Vec2::new(dir.x * cos - dir.y * sin, dir.x * sin + dir.y * cos) * new.length()
}

/// The mean direction of `samples` (zero when they cancel).
#[must_use]
pub fn mean_heading(samples: &[Vec2]) -> Vec2 {
    normalize_or_zero(samples.iter().copied().sum::<Vec2>())
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn a_turn_past_the_limit_is_cut_to_it() {
        // From +x to +y is 90 degrees; a 30-degree limit leaves (cos 30, sin 30) at speed 5.
        let v = limit_turn(
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 5.0),
            30_f32.to_radians(),
        );
        assert!(
            (v - Vec2::new(0.866_025_4, 0.5) * 5.0).length() < 1e-5,
            "{v}"
        );
        // Toward -y, the other way.
        let v = limit_turn(
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, -5.0),
            30_f32.to_radians(),
        );
        assert!(
            (v - Vec2::new(0.866_025_4, -0.5) * 5.0).length() < 1e-5,
            "{v}"
        );
        // Within the limit, or from rest: unchanged.
        let small = Vec2::new(5.0, 1.0);
        assert_eq!(limit_turn(Vec2::X, small, 30_f32.to_radians()), small);
        assert_eq!(limit_turn(Vec2::ZERO, small, 0.0), small);
    }

    #[test]
    fn the_smoothed_heading_is_the_mean_direction() {
        assert_eq!(
            mean_heading(&[Vec2::X, Vec2::Y, Vec2::ZERO]),
            Vec2::new(1.0, 1.0) / 2.0_f32.sqrt()
        );
        assert_eq!(mean_heading(&[Vec2::X, Vec2::NEG_X]), Vec2::ZERO);
    }
}
