//! The contact metrics of each tick: overlaps, the least separation and captures, from the
//! pairs of agents the contact hash finds.

use std::cmp::Ordering;

use super::grid::{Contacts, overlap_below};
use super::{Prey, Recorder, prey_of};
use crate::sim::World;

/// Slots of the contact grid per piece of work over the threads.
const CONTACT_CHUNK: usize = 1024;

/// What one run of the contact grid's cells found, per group.
pub(super) struct ContactSums {
    /// Per pair of groups (`lo * groups + hi`, lower index's group first), the least squared
    /// distance.
    nearest: Vec<f32>,
    overlaps: Vec<u64>,
    scenery: Vec<u64>,
    /// (pursuer id, prey id) touching.
    touching: Vec<(u32, u32)>,
}

impl ContactSums {
    fn new(groups: usize) -> Self {
        Self {
            nearest: vec![f32::INFINITY; groups * groups],
            overlaps: vec![0; groups],
            scenery: vec![0; groups],
            touching: Vec::new(),
        }
    }
}

/// Whether agent `a`'s body overlaps an obstacle or comes within its radius of a wall.
fn touches_scenery(spec: &crate::sim::WorldSpec, a: &crate::sim::Agent) -> bool {
    let r = spec
        .groups
        .get(usize::from(a.group))
        .map_or(0.0, |group| group.radius);
    spec.obstacles
        .iter()
        .any(|o| a.position.distance(o.center) < r + o.radius)
        || spec
            .walls
            .iter()
            .cloned()
            .chain(spec.level.walls())
            .any(|w| {
                a.position
                    .distance(crate::sim::model::scenery::closest_on_segment(
                        w.from, w.to, a.position,
                    ))
                    < r
            })
}

/// Groups `g` and `h`, once when they are the same.
fn both(g: usize, h: usize) -> impl Iterator<Item = usize> {
    [g, h].into_iter().take(if g == h { 1 } else { 2 })
}

/// The lesser of two gaps, in the total order of floats (so -0 before +0, and the same
/// whichever comes first).
fn lesser(a: f32, b: f32) -> f32 {
    if b.total_cmp(&a).is_lt() { b } else { a }
}

/// Whether `world`'s contacts take the one-group scan: one group, no pursuit of its own, no
/// obstacles or walls. When they do, the overlap threshold of its bodies' radius
/// ([`overlap_below`]), worked out once a tick.
pub(super) fn one_group(world: &World) -> Option<f32> {
    let spec = world.spec();
    match spec.groups.as_slice() {
        [only]
            if prey_of(world, only).is_none()
                && spec.obstacles.is_empty()
                && spec.walls.is_empty()
                && spec.level.is_empty() =>
        {
            Some(overlap_below(only.radius))
        }
        _ => None,
    }
}

impl Recorder {
    /// The contacts of the tick the world has just run, from the contact hash built of it:
    /// one [`ContactSums`] per run of cells, in order. `one`: [`one_group`] of the world.
    pub(super) fn scan_contacts(
        scratch: &Contacts,
        world: &World,
        one: Option<f32>,
    ) -> Vec<ContactSums> {
        let spec = world.spec();
        let agents = world.agents();
        let prey: Vec<Option<Prey>> = spec.groups.iter().map(|g| prey_of(world, g)).collect();
        let groups = spec.groups.len();
        let hunting = prey.iter().any(Option::is_some);
        // Runs of cells over the threads, each summed on its own; the sums are minima, counts
        // and a list sorted afterwards, so they are the same whatever the split.
        world.map_chunks(CONTACT_CHUNK, |slots| {
            let mut sums = ContactSums::new(groups);
            let ContactSums {
                nearest,
                overlaps,
                touching,
                ..
            } = &mut sums;
            if let Some(below) = one {
                // One group: every body has its radius, no pair is a capture, and there is no
                // scenery to touch.
                let (least, n) = scratch.scan_one_group(slots, below);
                nearest[0] = least;
                overlaps[0] = n;
                return sums;
            }
            scratch.scan_pairs(slots.clone(), groups, nearest, |[i, j], [g, h]| {
                // Each pair once: it counts for both agents' groups (once when the same).
                for k in both(g, h) {
                    if let Some(n) = overlaps.get_mut(k) {
                        *n += 1;
                    }
                }
                if !hunting {
                    return;
                }
                let (a, b) = (&agents[i], &agents[j]);
                // Either may be the pursuer of the other.
                let hunts = |p: Option<Prey>, prey: &crate::sim::Agent| match p {
                    Some(Prey::Agent(id)) => prey.id == id,
                    Some(Prey::Group(pg)) => usize::from(prey.group) == pg,
                    None => false,
                };
                if hunts(prey.get(g).copied().flatten(), b) {
                    touching.push((a.id, b.id));
                }
                if hunts(prey.get(h).copied().flatten(), a) {
                    touching.push((b.id, a.id));
                }
            });
            if spec.obstacles.is_empty() && spec.walls.is_empty() && spec.level.is_empty() {
                return sums;
            }
            for &i in scratch.agents_at(slots) {
                let a = &agents[i as usize];
                let g = usize::from(a.group);
                if touches_scenery(spec, a)
                    && let Some(n) = sums.scenery.get_mut(g)
                {
                    *n += 1;
                }
            }
            sums
        })
    }

    /// Takes in the contacts `parts` of the tick the world has just run.
    pub(super) fn take_contacts(&mut self, world: &World, parts: Vec<ContactSums>) {
        let spec = world.spec();
        let agents = world.agents();
        let secs = world.time_secs();
        let groups = spec.groups.len();
        let scratch = &self.scratch;
        let mut touching = Vec::new();
        let mut nearest = vec![f32::INFINITY; groups * groups];
        for part in parts {
            for (least, d2) in nearest.iter_mut().zip(&part.nearest) {
                *least = least.min(*d2);
            }
            for (g, track) in self.groups.iter_mut().enumerate() {
                track.agent_overlap_ticks += part.overlaps.get(g).copied().unwrap_or(0);
                track.obstacle_overlap_ticks += part.scenery.get(g).copied().unwrap_or(0);
            }
            touching.extend(part.touching);
        }
        // The least gap of each pair of groups, when within the contact reach, for both.
        let radius = |g: usize| spec.groups.get(g).map_or(0.0, |group| group.radius);
        for (k, &d2) in nearest.iter().enumerate() {
            let (lo, hi) = (k / groups.max(1), k % groups.max(1));
            let gap = d2.sqrt() - radius(lo) - radius(hi);
            // Within the reach (a NaN gap, of no pair, is not).
            if gap
                .partial_cmp(&scratch.reach())
                .is_none_or(Ordering::is_gt)
            {
                continue;
            }
            for g in both(lo, hi) {
                if let Some(track) = self.groups.get_mut(g) {
                    track.min_gap = Some(track.min_gap.map_or(gap, |m| lesser(m, gap)));
                }
            }
        }
        touching.sort_unstable();
        for &(hunter, victim) in &touching {
            if self.touching.binary_search(&(hunter, victim)).is_err() {
                if let Some(i) = world.index_of(hunter) {
                    let g = usize::from(agents[i].group);
                    let track = &mut self.groups[g];
                    track.captures += 1;
                    track.first_capture_secs.get_or_insert(secs);
                }
                if let Some(Some(t)) = self.agents.get_mut(victim as usize) {
                    t.captured = true;
                }
            }
        }
        self.touching = touching;
    }
}
