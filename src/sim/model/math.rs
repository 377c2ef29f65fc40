//! Vector helpers with the exact rounding of the source formulas and no NaN on any input.
//!
//! The seeds normalise by dividing each component by the length (`x / len`), not by
//! multiplying with a reciprocal; [`normalize_or_zero`] does the same so that a `dt = 1` run
//! reproduces them bit for bit. Every helper here is total: zero, infinite and huge inputs give
//! a finite answer.

use glam::Vec2;

/// `v / |v|`, or zero when `v` is zero. Infinite components give the direction of the infinity
/// and a length that overflows is handled without squaring, so the result is always finite.
#[must_use]
pub fn normalize_or_zero(v: Vec2) -> Vec2 {
    let len = v.length();
    if len > 0.0 && len.is_finite() {
        v / len
    } else {
        direction_of_large(v)
    }
}

/// Whether `v` has a direction: exactly when [`normalize_or_zero`] gives a non-zero vector
/// (every vector but zero and those with a NaN component), at the cost of two compares.
#[must_use]
pub fn has_direction(v: Vec2) -> bool {
    !v.is_nan() && v != Vec2::ZERO
}

/// The direction of `v` (unit), or `fallback` when `v` has none.
#[must_use]
pub fn direction_or(v: Vec2, fallback: Vec2) -> Vec2 {
    let d = normalize_or_zero(v);
    if d == Vec2::ZERO { fallback } else { d }
}

/// `truncate(v, max)` of the sources: `v` scaled down to length `max` when it is longer,
/// unchanged otherwise. `max` must be finite and `>= 0`.
#[must_use]
pub fn truncate(v: Vec2, max: f32) -> Vec2 {
    let len_sq = v.length_squared();
    if len_sq <= max * max {
        return v;
    }
    if len_sq.is_finite() {
        // The sources: `scale = max / length; v *= scale`.
        v * (max / len_sq.sqrt())
    } else {
        direction_of_large(v) * max
    }
}

/// Direction of a vector whose length is zero, NaN or too large for `f32`.
fn direction_of_large(v: Vec2) -> Vec2 {
    if v.is_nan() {
        return Vec2::ZERO;
    }
    let biggest = v.x.abs().max(v.y.abs());
    if biggest.is_infinite() {
        let sign = |c: f32| {
            if c.is_infinite() { c.signum() } else { 0.0 }
        };
        let d = Vec2::new(sign(v.x), sign(v.y));
        d / d.length()
    } else if biggest > 0.0 && biggest.is_finite() {
        let scaled = v / biggest;
        scaled / scaled.length()
    } else {
        Vec2::ZERO
    }
}

/// True when both components are finite.
#[must_use]
pub fn is_finite(v: Vec2) -> bool {
    v.x.is_finite() && v.y.is_finite()
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;

    #[test]
    fn has_direction_is_exactly_when_normalize_gives_a_direction() {
        let special = [
            0.0,
            -0.0,
            f32::from_bits(1),
            1e-30,
            -1e-20,
            1.0,
            -3.5,
            1e30,
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        let mut pairs: Vec<Vec2> = special
            .iter()
            .flat_map(|&x| special.iter().map(move |&y| Vec2::new(x, y)))
            .collect();
        // And any bit patterns at all (a fixed linear congruential sequence).
        let mut bits = 0x2545_f491_u32;
        for _ in 0..20_000 {
            bits = bits.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let x = f32::from_bits(bits);
            bits = bits.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            pairs.push(Vec2::new(x, f32::from_bits(bits)));
        }
        for v in pairs {
            assert_eq!(
                has_direction(v),
                normalize_or_zero(v) != Vec2::ZERO,
                "{v:?}"
            );
        }
    }

    #[test]
    fn normalize_divides_by_length() {
        assert_eq!(normalize_or_zero(Vec2::new(3.0, 4.0)), Vec2::new(0.6, 0.8));
        assert_eq!(normalize_or_zero(Vec2::ZERO), Vec2::ZERO);
        assert_eq!(normalize_or_zero(Vec2::new(f32::INFINITY, 5.0)), Vec2::X);
        assert_eq!(normalize_or_zero(Vec2::new(f32::NAN, 5.0)), Vec2::ZERO);
        // |(3e37, 3e38)| overflows f32; the direction is still (0.6, 0.8).
        let n = normalize_or_zero(Vec2::new(3e37, 3e38));
        let want = Vec2::new(0.1, 1.0) / 1.01_f32.sqrt();
        assert!((n - want).length() < 1e-6, "{n}");
    }

    #[test]
    fn truncate_scales_only_longer_vectors() {
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 10.0), Vec2::new(3.0, 4.0));
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 5.0), Vec2::new(3.0, 4.0));
        // max / len = 2.5 / 5 = 0.5 exactly.
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 2.5), Vec2::new(1.5, 2.0));
        assert_eq!(truncate(Vec2::new(3.0, 4.0), 0.0), Vec2::ZERO);
        assert_eq!(
            truncate(Vec2::new(f32::NEG_INFINITY, 0.0), 2.0),
            Vec2::new(-2.0, 0.0)
        );
        let t = truncate(Vec2::new(3e37, 3e38), 5.0);
        let want = Vec2::new(0.5, 5.0) / 1.01_f32.sqrt();
        assert!((t - want).length() < 1e-5, "{t}");
    }
}
