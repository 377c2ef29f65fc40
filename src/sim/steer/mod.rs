//! The behaviors and what they read and record: the interface a host fills ([`tick`]), the
//! behavior trait ([`behavior`]) and registry, every behavior's file ([`behaviors`]), the
//! groups' parameters and the agent's memory (`params::Memory`, composed from what each behavior
//! keeps, its `Behavior::Kept`), the per-tick debug record and its marks, the agent, the steering
//! manager's own state ([`state`]: its random stream and angle) and the tutorials' steering
//! manager ([`manager`]). Imports only [`super::model`].

pub mod agent;
pub mod behavior;
pub mod behaviors;
pub mod colors;
pub mod debug;
pub mod detail;
pub mod manager;
pub mod marks;
pub mod params;
pub mod registry;
pub mod state;
pub mod tick;
