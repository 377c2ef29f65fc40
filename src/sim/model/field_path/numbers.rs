//! Reading and writing a number by its path. A value that holds numbers lists them, each with
//! its path and limit ([`Numbers`]); a path reads ([`FieldPath::get`]) or writes
//! ([`FieldPath::set`]) the one it names. What a sweep or a tuner may set is exactly what is
//! listed: the scene's own numbers, its scenery, every group's numbers and every number of
//! every behavior block (weights and probabilities too).

use std::fmt;

use super::parts::FieldPath;
use crate::sim::model::field::Limit;
pub use crate::sim::model::field::Number;

impl<'a> Number<'a> {
    /// The real number, if this is one.
    #[must_use]
    pub fn real(self) -> Option<&'a mut f32> {
        match self {
            Self::Real(v) => Some(v),
            Self::Whole(_) | Self::Large(_) => None,
        }
    }

    /// The number's value.
    #[must_use]
    pub fn get(&self) -> f64 {
        match self {
            Self::Real(v) => f64::from(**v),
            Self::Whole(v) => f64::from(**v),
            // A seed is read as a number only to print it: the nearest f64 is fine.
            #[allow(clippy::cast_precision_loss)]
            Self::Large(v) => **v as f64,
        }
    }

    /// Sets the number to `value`: a whole number takes it rounded, and refuses a value
    /// outside its type (never wrapped or saturated).
    pub fn set(&mut self, value: f64) -> Result<(), String> {
        if !value.is_finite() {
            return Err(format!("cannot hold {value}: not a finite number"));
        }
        match self {
            Self::Real(v) => {
                // Out of f32's range becomes infinite, which the scene check refuses.
                #[allow(clippy::cast_possible_truncation)]
                let x = value as f32;
                **v = x;
            }
            Self::Whole(v) => {
                let r = value.round();
                if !(0.0..=f64::from(u32::MAX)).contains(&r) {
                    return Err(format!(
                        "cannot hold {value}: a whole number from 0 to {}",
                        u32::MAX
                    ));
                }
                // In range, checked above.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let x = r as u32;
                **v = x;
            }
            Self::Large(v) => {
                let r = value.round();
                // 2^64 is exactly representable; every f64 below it fits.
                if !(0.0..18_446_744_073_709_551_616.0).contains(&r) {
                    return Err(format!("cannot hold {value}: a whole number of 0 or more"));
                }
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let x = r as u64;
                **v = x;
            }
        }
        Ok(())
    }
}

/// Something that holds numbers at paths.
pub trait Numbers {
    /// Calls `f` with every number held now, its path (`at` followed by the steps below it)
    /// and its limit, in the order the scene file writes them.
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit));
}

/// Why a number could not be read or written at a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetError {
    /// The path asked for.
    pub path: FieldPath,
    /// Why, with the nearest numeric field when there is one.
    pub message: String,
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for SetError {}

/// Every number of `root`: its path, value and limit.
pub fn all(root: &mut impl Numbers) -> Vec<(FieldPath, f64, Limit)> {
    let mut out = Vec::new();
    root.numbers(&FieldPath::root(), &mut |path, n, limit| {
        out.push((path.clone(), n.get(), limit));
    });
    out
}

impl FieldPath {
    /// The number this path names in `root` (`None` when it names none).
    pub fn get(&self, root: &mut impl Numbers) -> Option<f64> {
        let mut found = None;
        root.numbers(&Self::root(), &mut |path, n, _| {
            if found.is_none() && path == self {
                found = Some(n.get());
            }
        });
        found
    }

    /// The limit of the number this path names in `root`.
    pub fn limit(&self, root: &mut impl Numbers) -> Option<Limit> {
        let mut found = None;
        root.numbers(&Self::root(), &mut |path, _, limit| {
            if found.is_none() && path == self {
                found = Some(limit);
            }
        });
        found
    }

    /// Sets the number this path names in `root` to `value` (rounded for a whole number).
    /// The value is not checked against the field's limit: the scene check does that, with
    /// the field named, when a world is built.
    pub fn set(&self, root: &mut impl Numbers, value: f64) -> Result<(), SetError> {
        let mut outcome = None;
        root.numbers(&Self::root(), &mut |path, mut n, _| {
            if outcome.is_none() && path == self {
                outcome = Some(n.set(value));
            }
        });
        match outcome {
            Some(Ok(())) => Ok(()),
            Some(Err(message)) => Err(SetError {
                path: self.clone(),
                message,
            }),
            None => Err(self.unknown(root, "no such field in this scene")),
        }
    }

    /// The error for a path that names no number of `root`, with the nearest that does.
    pub fn unknown(&self, root: &mut impl Numbers, what: &str) -> SetError {
        let asked = self.to_string();
        let best = all(root)
            .into_iter()
            .map(|(p, ..)| {
                let p = p.to_string();
                (strsim::damerau_levenshtein(&asked, &p), p)
            })
            .min();
        let message = match best {
            Some((_, p)) => format!("{what}; the nearest numeric field is `{p}`"),
            None => format!("{what}; this scene has no numeric fields"),
        };
        SetError {
            path: self.clone(),
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    // Exact values are the point: a number set to 2.25 holds 2.25.
    #![allow(clippy::float_cmp)]

    use super::*;

    /// Two numbers at fixed paths, for the tests.
    struct Pair {
        speed: f32,
        count: u32,
    }

    impl Numbers for Pair {
        fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
            f(
                &at.key("speed"),
                Number::Real(&mut self.speed),
                Limit::NonNegative,
            );
            f(
                &at.key("count"),
                Number::Whole(&mut self.count),
                Limit::Within(0.0, 10.0),
            );
        }
    }

    #[test]
    fn get_and_set_by_path() {
        let mut pair = Pair {
            speed: 1.5,
            count: 3,
        };
        let speed = FieldPath::parse("speed").unwrap();
        let count = FieldPath::parse("count").unwrap();
        assert_eq!(speed.get(&mut pair), Some(1.5));
        speed.set(&mut pair, 2.25).unwrap();
        assert_eq!(pair.speed, 2.25);
        count.set(&mut pair, 6.6).unwrap();
        assert_eq!(pair.count, 7);
        assert_eq!(count.limit(&mut pair), Some(Limit::Within(0.0, 10.0)));
        let e = count.set(&mut pair, -1.0).unwrap_err();
        assert!(e.message.contains("whole number"), "{e}");
        assert_eq!(pair.count, 7);
        let e = FieldPath::parse("sped")
            .unwrap()
            .set(&mut pair, 1.0)
            .unwrap_err();
        assert!(
            e.message.ends_with("the nearest numeric field is `speed`"),
            "{e}"
        );
        assert!(speed.set(&mut pair, f64::NAN).is_err());
        assert_eq!(pair.speed, 2.25);
    }
}
