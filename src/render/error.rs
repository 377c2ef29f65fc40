//! Why a take was not rendered or written ([`RenderError`]).

use std::path::{Path, PathBuf};

use super::take::TakeError;
use crate::scene::SaveError;
use crate::sim::model::text::escape_controls;

/// Why a take was not rendered or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenderError {
    /// The take's numbers are out of range (nothing was drawn).
    Take(TakeError),
    /// The output cannot be written there.
    Output {
        /// The output path.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// A frame could not be encoded.
    Encode(String),
    /// The finished file could not be saved (the previous file is untouched).
    Save(SaveError),
}

impl RenderError {
    pub(crate) fn output(path: &Path, why: impl Into<String>) -> Self {
        Self::Output {
            path: path.to_owned(),
            why: why.into(),
        }
    }
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Take(e) => e.fmt(f),
            Self::Output { path, why } => write!(
                f,
                "{}: cannot write: {}",
                escape_controls(&path.display().to_string()),
                escape_controls(why)
            ),
            Self::Encode(why) => f.write_str(why),
            Self::Save(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RenderError {}

impl From<TakeError> for RenderError {
    fn from(e: TakeError) -> Self {
        Self::Take(e)
    }
}

impl From<SaveError> for RenderError {
    fn from(e: SaveError) -> Self {
        Self::Save(e)
    }
}
