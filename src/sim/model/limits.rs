//! The bounds every parameter is checked against: below the behaviors and the checks, so a
//! behavior can use a limit without depending on the code that enforces it.

/// Largest absolute value of any coordinate, distance, speed, force, mass or weight.
pub const MAX_MAGNITUDE: f32 = 1.0e6;
/// Smallest dithering probability (a smaller one would divide a force by almost zero).
pub const MIN_PROBABILITY: f32 = 0.001;
/// Most agents in one group.
pub const MAX_GROUP_COUNT: u32 = 100_000;
/// Most agents in a world (all groups).
pub const MAX_TOTAL_COUNT: u64 = 1_000_000;
/// Most groups in a world.
pub const MAX_GROUPS: usize = 64;
/// Most obstacles in a world.
pub const MAX_OBSTACLES: usize = 4096;
/// Longest tick, seconds.
pub const MAX_DT_SECS: f32 = 1.0;
/// Shortest tick, seconds (1,000 ticks per simulated second): far finer than any game steps,
/// and it bounds the ticks one simulated second costs.
pub const MIN_DT_SECS: f32 = 0.001;
/// Longest group name, bytes.
pub const MAX_NAME_LEN: usize = 64;
/// Largest neighbour cap of a group (`max_neighbors`).
pub const MAX_NEIGHBORS: u32 = 1000;
/// Most wall segments in a world (each agent with wall avoidance tests its feelers on each).
pub const MAX_WALLS: usize = 4096;
/// Most paths in a world.
pub const MAX_PATHS: usize = 256;
/// Most points in one path (path following projects on each segment every tick).
pub const MAX_PATH_POINTS: usize = 4096;
/// Most flow fields in a world.
pub const MAX_FLOW_FIELDS: usize = 16;
/// Most cells in one flow field.
pub const MAX_FLOW_CELLS: usize = 65_536;
/// Most headings a group's heading smoother averages.
pub const MAX_HEADING_SMOOTHING: u32 = 64;
/// Smallest noise scale of a flow field (world units).
pub const MIN_NOISE_SCALE: f32 = 0.01;
