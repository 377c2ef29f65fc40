//! Tuning, the layer above the scene format: runs of a scene's variants and their metrics
//! ([`sweep`]), its goals run on their seeds ([`goal_check`]), the search for values that
//! meet them ([`tune`]), and the map of the distinct behaviors its fields hold (`atlas`). It
//! reads scenes and builds worlds; the scene format knows nothing of it.

#[cfg(feature = "tune")]
pub mod atlas;
pub mod goal_check;
pub mod sweep;
pub mod tune;
