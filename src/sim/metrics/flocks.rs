//! The flock metrics of each tick: polarization and spread on every tick, the count of flocks
//! on every [`FLOCKS_EVERY`]th. The sums are taken in the recorder's pass over the agents.

use glam::{DVec2, Vec2};

use super::Recorder;
use super::components::components;
use crate::sim::World;

/// The flocks are counted on the first tick observed and every this many ticks after: the
/// count is a mean over ticks, and a connected-components pass costs about as much as the rest
/// of the metrics together (docs/metrics.md, Cost).
pub const FLOCKS_EVERY: u64 = 8;

/// One group's sums over some of its agents, positions taken from a reference point (the
/// world's centre) so that the spread's `mean |p − c|² = mean |p − o|² − |mean (p − o)|²`
/// loses nothing that matters to cancellation.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sums {
    count: u64,
    heading: DVec2,
    position: DVec2,
    square: f64,
}

/// Which groups flock (an enabled alignment or cohesion block), by group index.
pub(super) fn flocking(world: &World) -> Vec<bool> {
    world
        .spec()
        .groups
        .iter()
        .map(|group| {
            group.alignment.as_ref().is_some_and(|b| b.enabled)
                || group.cohesion.as_ref().is_some_and(|b| b.enabled)
        })
        .collect()
}

/// Adds agent `a`, heading `heading`, to its group's sums, when its group flocks
/// (`flocking`).
pub(super) fn add(
    world: &World,
    flocking: &[bool],
    sums: &mut [Sums],
    a: &crate::sim::Agent,
    heading: Vec2,
) {
    let g = usize::from(a.group);
    if !flocking.get(g).copied().unwrap_or(false) {
        return;
    }
    let Some(s) = sums.get_mut(g) else {
        return;
    };
    let p = (a.position - world.spec().size * 0.5).as_dvec2();
    s.count += 1;
    s.heading += heading.as_dvec2();
    s.position += p;
    s.square += p.length_squared();
}

/// `total` plus `part`, group by group.
pub(super) fn merge(total: &mut [Sums], part: &[Sums]) {
    for (t, s) in total.iter_mut().zip(part) {
        t.count += s.count;
        t.heading += s.heading;
        t.position += s.position;
        t.square += s.square;
    }
}

/// The count of flocks of each group that flocks (`flocking`), by group index (0 for one that
/// does not).
pub(super) fn count(world: &World, flocking: &[bool]) -> Vec<usize> {
    let spec = world.spec();
    let mut points: Vec<Vec<Vec2>> = vec![Vec::new(); flocking.len()];
    for a in world.agents() {
        let g = usize::from(a.group);
        if flocking.get(g).copied().unwrap_or(false)
            && let Some(p) = points.get_mut(g)
        {
            p.push(a.position);
        }
    }
    points
        .iter()
        .enumerate()
        .map(|(g, p)| {
            let radius = spec
                .groups
                .get(g)
                .map_or(0.0, crate::sim::Group::neighbor_radius);
            components(p, radius)
        })
        .collect()
}

impl Recorder {
    /// Takes in the flock metrics of the tick the world has just run, from the sums of every
    /// agent of each group (`total`, added in a fixed order of chunks: the same bits on any
    /// number of threads) and, on the ticks they are counted, the counts of flocks.
    pub(super) fn observe_flocks(&mut self, total: &[Sums], counts: Option<&[usize]>) {
        for (g, t) in total.iter().enumerate() {
            if t.count == 0 {
                continue;
            }
            let n = t.count as f64;
            let mean = t.position / n;
            let Some(track) = self.groups.get_mut(g) else {
                continue;
            };
            track.polarization_sum += t.heading.length() / n;
            track.spread_sum += (t.square / n - mean.length_squared()).max(0.0).sqrt();
            track.flock_ticks += 1;
            if let Some(&flocks) = counts.and_then(|c| c.get(g)) {
                track.flocks_sum += flocks as f64;
                track.flock_counts += 1;
            }
        }
    }
}
