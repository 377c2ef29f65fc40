//! World bounds, applied after integration: wrap, bounce, or respawn at the centre (001: a
//! wanderer that leaves the screen reappears in the middle).

use glam::Vec2;

use crate::sim::model::types::BoundsMode;

/// Applies `mode` to an agent at `position` with `velocity` in a world `0..size`.
/// Returns the new position and velocity.
#[must_use]
pub fn apply_bounds(mode: BoundsMode, size: Vec2, position: Vec2, velocity: Vec2) -> (Vec2, Vec2) {
    match mode {
        BoundsMode::Open => (position, velocity),
        BoundsMode::Wrap => (
            Vec2::new(wrap(position.x, size.x), wrap(position.y, size.y)),
            velocity,
        ),
        BoundsMode::Bounce => {
            let (x, vx) = bounce(position.x, velocity.x, size.x);
            let (y, vy) = bounce(position.y, velocity.y, size.y);
            (Vec2::new(x, y), Vec2::new(vx, vy))
        }
        BoundsMode::Respawn => {
            let inside = position.x >= 0.0
                && position.y >= 0.0
                && position.x <= size.x
                && position.y <= size.y;
            if inside {
                (position, velocity)
            } else {
                (size * 0.5, velocity)
            }
        }
    }
}

fn wrap(x: f32, size: f32) -> f32 {
    if size <= 0.0 {
        return 0.0;
    }
    if (0.0..size).contains(&x) {
        return x;
    }
    let w = x.rem_euclid(size);
    // rem_euclid can round up to exactly `size` for tiny negative inputs.
    if w >= size { 0.0 } else { w }
}

fn bounce(x: f32, v: f32, size: f32) -> (f32, f32) {
    if x < 0.0 {
        ((-x).min(size), v.abs())
    } else if x > size {
        ((2.0 * size - x).max(0.0), -v.abs())
    } else {
        (x, v)
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    const SIZE: Vec2 = Vec2::new(100.0, 50.0);

    #[test]
    fn wrap_enters_on_the_other_side() {
        let (p, v) = apply_bounds(BoundsMode::Wrap, SIZE, Vec2::new(103.0, -2.0), Vec2::ONE);
        assert_eq!(p, Vec2::new(3.0, 48.0));
        assert_eq!(v, Vec2::ONE);
        let (p, _) = apply_bounds(BoundsMode::Wrap, SIZE, Vec2::new(-1e-9, 0.0), Vec2::ONE);
        assert!(p.x >= 0.0 && p.x < 100.0, "{p}");
    }

    #[test]
    fn bounce_mirrors_position_and_velocity() {
        let (p, v) = apply_bounds(
            BoundsMode::Bounce,
            SIZE,
            Vec2::new(104.0, -3.0),
            Vec2::new(5.0, -4.0),
        );
        assert_eq!(p, Vec2::new(96.0, 3.0));
        assert_eq!(v, Vec2::new(-5.0, 4.0));
    }

    #[test]
    fn respawn_puts_the_agent_at_the_centre() {
        let (p, v) = apply_bounds(BoundsMode::Respawn, SIZE, Vec2::new(-1.0, 10.0), Vec2::X);
        assert_eq!((p, v), (Vec2::new(50.0, 25.0), Vec2::X));
        let (p, _) = apply_bounds(BoundsMode::Respawn, SIZE, Vec2::new(1.0, 10.0), Vec2::X);
        assert_eq!(p, Vec2::new(1.0, 10.0));
    }
}
