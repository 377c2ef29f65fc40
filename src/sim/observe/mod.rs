//! What observes a run: the metrics. Imports every other layer of `sim`, and nothing imports
//! it there.

pub mod metrics;
