//! Tuning, the layer above the scene format: runs of a scene's variants and their metrics
//! ([`sweep`]), its goals run on their seeds ([`goal_check`]), and the search for values that
//! meet them ([`tune`]). It reads scenes and builds worlds; the scene format knows nothing of it.

pub mod goal_check;
pub mod sweep;
pub mod tune;
