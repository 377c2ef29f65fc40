//! The behaviors and what they read and record: the interface a host fills ([`tick`]), the
//! behavior trait ([`behavior`]) and registry, every behavior's file ([`behaviors`]), the
//! groups' parameters, the per-tick debug record and its marks, the agent (what its behaviors
//! keep between ticks is `tick::Memory`), the steering manager's own state ([`state`]: its
//! random stream and angle) and the tutorials' steering manager
//! ([`manager`]). Imports only [`super::model`].

pub mod agent;
pub mod behavior;
pub mod behaviors;
pub mod colors;
pub mod debug;
pub mod manager;
pub mod marks;
pub mod params;
pub mod registry;
pub mod route;
pub mod state;
pub mod tick;
