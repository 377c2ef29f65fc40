//! What every benchmark run shares: the error it can end with, and JSON text.

use crate::sim::{Problems, ThreadsError};

/// Why a benchmark did not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BenchError {
    /// The benchmark world could not be built.
    Scene(Problems),
    /// The thread pool could not be started.
    Threads(ThreadsError),
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Scene(p) => p.fmt(f),
            Self::Threads(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BenchError {}

/// `text` as a JSON string literal.
pub(super) fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ =
                    std::fmt::Write::write_fmt(&mut out, format_args!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
