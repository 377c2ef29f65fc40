//! The flock metrics of each tick: polarization and spread on every tick, the count of flocks
//! on every [`FLOCKS_EVERY`]th. The sums are taken in the recorder's pass over the agents.

use glam::{DVec2, Vec2};

use super::Recorder;
use super::components::components_in;
use crate::sim::World;

/// The flocks are counted on the first tick observed and every this many ticks after: the
/// count is a mean over ticks, and a connected-components pass costs about as much as the rest
/// of the metrics together (docs/metrics.md, Cost).
pub const FLOCKS_EVERY: u64 = 8;

/// One group's sums over some of its agents: the count, the sum of headings, and the mean
/// position with the sum of squared distances from it (two passes over a chunk of agents, its
/// mean first, then the squares about it; chunks merged by Chan's formula), which keeps the
/// spread exact to rounding however far from the origin a flock is.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sums {
    count: u64,
    heading: DVec2,
    /// The sum of positions, while the chunk's first pass runs.
    position: DVec2,
    mean: DVec2,
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

/// The sums a run of agents of group `g` adds to (see [`FirstPass`]): the run's own when it
/// is already that group's, else the run before stored back into `sums` and `g`'s taken out.
/// `None` for a group past `sums`.
fn run_of<'r>(
    run: &'r mut Option<(usize, Sums)>,
    sums: &mut [Sums],
    g: usize,
) -> Option<&'r mut Sums> {
    if run.as_ref().is_none_or(|&(group, _)| group != g) {
        store(run, sums);
        *run = Some((g, *sums.get(g)?));
    }
    run.as_mut().map(|(_, s)| s)
}

/// The run's sums stored back into its group's slot of `sums`.
fn store(run: &mut Option<(usize, Sums)>, sums: &mut [Sums]) {
    if let Some((group, s)) = run.take()
        && let Some(slot) = sums.get_mut(group)
    {
        *slot = s;
    }
}

/// The first pass over a chunk of agents: each flocking group's count, heading and position
/// sums. The sums of a run of agents of one group (the usual case: a group's agents are
/// spawned together, so their ids run on) are kept apart until the group changes, so that from
/// one agent to the next they stay in registers rather than going through the group's slot in
/// memory (a store, and a load that waits for it): the same additions in the same order.
pub(super) struct FirstPass<'a> {
    flocking: &'a [bool],
    sums: Vec<Sums>,
    run: Option<(usize, Sums)>,
}

impl<'a> FirstPass<'a> {
    pub(super) fn new(flocking: &'a [bool]) -> Self {
        Self {
            flocking,
            sums: vec![Sums::default(); flocking.len()],
            run: None,
        }
    }

    /// Adds agent `a`, heading `heading`, when its group flocks.
    #[inline]
    pub(super) fn add(&mut self, a: &crate::sim::Agent, heading: Vec2) {
        let g = usize::from(a.group);
        if !self.flocking.get(g).copied().unwrap_or(false) {
            return;
        }
        if let Some(s) = run_of(&mut self.run, &mut self.sums, g) {
            s.count += 1;
            s.heading += heading.as_dvec2();
            s.position += a.position.as_dvec2();
        }
    }

    /// The sums of every agent added.
    pub(super) fn sums(mut self) -> Vec<Sums> {
        store(&mut self.run, &mut self.sums);
        self.sums
    }
}

/// The second pass over a chunk of `agents`, all of which were added to `sums` by a
/// [`FirstPass`]: each group's mean, then its squared distances from it (runs of one group's
/// agents summed apart, as in the first pass). A running mean would divide once per agent, each
/// division waiting on the one before.
pub(super) fn finish(flocking: &[bool], sums: &mut [Sums], agents: &[crate::sim::Agent]) {
    for s in sums.iter_mut().filter(|s| s.count > 0) {
        s.mean = s.position / s.count as f64;
    }
    let mut run = None;
    for a in agents {
        let g = usize::from(a.group);
        if flocking.get(g).copied().unwrap_or(false)
            && let Some(s) = run_of(&mut run, sums, g)
        {
            s.square += (a.position.as_dvec2() - s.mean).length_squared();
        }
    }
    store(&mut run, sums);
}

/// `total` plus `part`, group by group.
pub(super) fn merge(total: &mut [Sums], part: &[Sums]) {
    for (t, s) in total.iter_mut().zip(part) {
        if s.count == 0 {
            continue;
        }
        let n = t.count + s.count;
        let delta = s.mean - t.mean;
        let (before, added) = (t.count as f64, s.count as f64);
        t.mean += delta * (added / n as f64);
        t.square += s.square + delta.length_squared() * before * added / n as f64;
        t.count = n;
        t.heading += s.heading;
    }
}

/// The count of flocks of each group that flocks (`flocking`), by group index (0 for one that
/// does not).
pub(super) fn count(world: &World, flocking: &[bool], scratch: &mut CountScratch) -> Vec<usize> {
    let spec = world.spec();
    let CountScratch { points, components } = scratch;
    points.resize_with(flocking.len(), Vec::new);
    points.iter_mut().for_each(Vec::clear);
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
            components_in(p, radius, components)
        })
        .collect()
}

/// The buffers of the flock count, kept from one count to the next.
#[derive(Clone, Debug, Default)]
pub(super) struct CountScratch {
    /// Each group's positions.
    points: Vec<Vec<Vec2>>,
    components: super::components::Scratch,
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
            let Some(track) = self.groups.get_mut(g) else {
                continue;
            };
            track.polarization_sum += t.heading.length() / n;
            track.spread_sum += (t.square / n).max(0.0).sqrt();
            track.flock_ticks += 1;
            if let Some(&flocks) = counts.and_then(|c| c.get(g)) {
                track.flocks_sum += flocks as f64;
                track.flock_counts += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;
    use proptest::prelude::*;

    use super::{FirstPass, Sums, finish, merge};
    use crate::sim::Agent;

    /// Each field's bits, for comparing sums exactly.
    fn bits(s: &Sums) -> [u64; 8] {
        [
            s.count,
            s.heading.x.to_bits(),
            s.heading.y.to_bits(),
            s.position.x.to_bits(),
            s.position.y.to_bits(),
            s.mean.x.to_bits(),
            s.mean.y.to_bits(),
            s.square.to_bits(),
        ]
    }

    proptest! {
        /// The sums of runs kept in registers ([`FirstPass`], and [`finish`]'s runs) are the
        /// bits of adding every agent straight into its group's slot, however the groups
        /// interleave, with groups that do not flock and a group index past the groups among
        /// them.
        #[test]
        fn runs_in_registers_give_the_bits_of_the_slots(
            agents in prop::collection::vec(
                (0_u16..4, -1.0e3_f32..1.0e3, -1.0e3_f32..1.0e3, -1.0_f32..1.0, -1.0_f32..1.0),
                0..80,
            ),
            flocking in prop::collection::vec(any::<bool>(), 3),
        ) {
            let agents: Vec<(Agent, Vec2)> = agents
                .iter()
                .map(|&(g, x, y, hx, hy)| {
                    (Agent::new(0, g, Vec2::new(x, y), Vec2::X, 1, 0.0), Vec2::new(hx, hy))
                })
                .collect();
            // Straight into the slots, as the sums were taken before.
            let mut want = vec![Sums::default(); flocking.len()];
            for (a, heading) in &agents {
                let g = usize::from(a.group);
                if flocking.get(g).copied().unwrap_or(false) {
                    let s = &mut want[g];
                    s.count += 1;
                    s.heading += heading.as_dvec2();
                    s.position += a.position.as_dvec2();
                }
            }
            for s in want.iter_mut().filter(|s| s.count > 0) {
                s.mean = s.position / s.count as f64;
            }
            for (a, _) in &agents {
                let g = usize::from(a.group);
                if flocking.get(g).copied().unwrap_or(false) {
                    let s = &mut want[g];
                    s.square += (a.position.as_dvec2() - s.mean).length_squared();
                }
            }
            let mut first = FirstPass::new(&flocking);
            for (a, heading) in &agents {
                first.add(a, *heading);
            }
            let mut got = first.sums();
            let only: Vec<Agent> = agents.iter().map(|(a, _)| a.clone()).collect();
            finish(&flocking, &mut got, &only);
            prop_assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(&want) {
                prop_assert_eq!(bits(g), bits(w));
            }
        }
    }

    /// The spread from sums kept in chunks and merged is the root mean square distance from
    /// the centroid, to rounding, even a million units from the origin, where sums of squares
    /// about the origin would lose it: four agents at x = 10⁶ + 0, 2, 4, 6 (exact in f32), in
    /// chunks of one, two and one, are 3, 1, 1 and 3 from their centroid: √5.
    #[test]
    fn the_spread_far_from_the_origin_is_exact() {
        let agent = |x: f32| Agent::new(0, 0, Vec2::new(1.0e6 + x, -2.0e6), Vec2::X, 1, 0.0);
        let chunks: [&[f32]; 3] = [&[0.0], &[2.0, 4.0], &[6.0]];
        let mut total = [Sums::default()];
        for chunk in chunks {
            let agents: Vec<Agent> = chunk.iter().map(|&x| agent(x)).collect();
            let mut first = FirstPass::new(&[true]);
            for a in &agents {
                first.add(a, Vec2::X);
            }
            let mut part = first.sums();
            finish(&[true], &mut part, &agents);
            merge(&mut total, &part);
        }
        let spread = (total[0].square / total[0].count as f64).sqrt();
        assert!((spread - 5.0_f64.sqrt()).abs() < 1e-9, "{spread}");
        assert_eq!(total[0].count, 4);
        assert!((total[0].heading.x - 4.0).abs() < 1e-12);
    }
}
