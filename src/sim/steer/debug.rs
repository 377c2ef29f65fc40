//! What one agent felt on one tick, recorded by the steering manager so that the editor and the
//! renderer draw it without recomputing anything.

use glam::Vec2;

use crate::sim::steer::registry::BehaviorKind;

/// One bit per behavior of the registry, for [`AgentDebug::evaluated`].
pub type EvaluatedBits = u32;

// A behavior added past the bits fails to compile here, rather than shifting out of the word.
const _: () = assert!(
    BehaviorKind::COUNT <= EvaluatedBits::BITS as usize,
    "more behaviors than AgentDebug::evaluated has bits: widen EvaluatedBits"
);

/// The record of one agent for the last tick, less each behavior's force (kept beside it, only
/// for the behaviors some group uses: see [`Record`] and [`FullRecord`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AgentDebug {
    /// Bit `k` set when behavior `k` was evaluated this tick.
    pub evaluated: EvaluatedBits,
    /// The combined steering before truncation to `max_force`.
    pub combined: Vec2,
    /// The steering force applied: after combination and truncation, before dividing by mass.
    pub applied: Vec2,
    /// `velocity + combined`: the velocity the behaviors together asked for (for a lone seek,
    /// exactly seek's desired velocity).
    pub desired_velocity: Vec2,
    /// The agent's velocity when the forces were computed.
    pub velocity: Vec2,
    /// Number of neighbours within the largest flocking radius.
    pub neighbors: u32,
    /// Sum of the distances to those neighbours (world units).
    pub neighbor_distance_sum: f32,
    /// The smoothed heading (unit), when its group smooths headings: the agent is drawn with
    /// it instead of [`crate::sim::Agent::heading`].
    pub smoothed_heading: Option<Vec2>,
}

impl AgentDebug {
    /// Whether `kind` was evaluated this tick.
    #[must_use]
    pub fn was_evaluated(&self, kind: BehaviorKind) -> bool {
        self.evaluated & (1 << kind.index()) != 0
    }
}

/// Where a recorder keeps each behavior's weighted force (`weight * force`, divided by the
/// probability under dithering): a slot per behavior that some group of the world uses, so a
/// flock of three rules keeps three forces per agent, not one per behavior steerlab has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForceLayout {
    /// Per behavior index, its slot, or `NONE`.
    slots: [u8; BehaviorKind::COUNT],
    /// The behaviors with a slot, in slot order (which is index order).
    kinds: Vec<BehaviorKind>,
}

impl Default for ForceLayout {
    fn default() -> Self {
        Self::of(std::iter::empty())
    }
}

impl ForceLayout {
    const NONE: u8 = u8::MAX;

    /// A slot for each of `kinds` (repeats and order do not matter).
    #[must_use]
    pub fn of(kinds: impl IntoIterator<Item = BehaviorKind>) -> Self {
        let mut used = [false; BehaviorKind::COUNT];
        for kind in kinds {
            used[kind.index()] = true;
        }
        let kinds: Vec<BehaviorKind> = BehaviorKind::ALL
            .into_iter()
            .filter(|k| used[k.index()])
            .collect();
        let mut slots = [Self::NONE; BehaviorKind::COUNT];
        for (slot, kind) in kinds.iter().enumerate() {
            // At most BehaviorKind::COUNT (< 255) slots.
            #[allow(clippy::cast_possible_truncation)]
            {
                slots[kind.index()] = slot as u8;
            }
        }
        Self { slots, kinds }
    }

    /// The slot of `kind`, if it has one.
    #[must_use]
    pub fn slot(&self, kind: BehaviorKind) -> Option<usize> {
        let slot = self.slots[kind.index()];
        (slot != Self::NONE).then_some(usize::from(slot))
    }

    /// The behaviors with a slot, in slot order.
    #[must_use]
    pub fn kinds(&self) -> &[BehaviorKind] {
        &self.kinds
    }

    /// Forces kept per agent.
    #[must_use]
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether no behavior has a slot.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }
}

/// Where a steering manager writes what it records: the agent's [`AgentDebug`] and each
/// behavior's force.
pub trait RecordSink {
    /// The record, less the forces.
    fn debug_mut(&mut self) -> &mut AgentDebug;
    /// Keeps `force` as the weighted force of `kind` and marks `kind` evaluated.
    fn set_force(&mut self, kind: BehaviorKind, force: Vec2);
    /// Back to an empty record: nothing evaluated, so every force reads zero.
    fn clear(&mut self);
}

impl<T: RecordSink + ?Sized> RecordSink for &mut T {
    fn debug_mut(&mut self) -> &mut AgentDebug {
        (**self).debug_mut()
    }
    fn set_force(&mut self, kind: BehaviorKind, force: Vec2) {
        (**self).set_force(kind, force);
    }
    fn clear(&mut self) {
        (**self).clear();
    }
}

/// A record with a force for every behavior: what a game's own [`SteeringManager`] returns.
///
/// [`SteeringManager`]: crate::sim::steer::manager::SteeringManager
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FullRecord {
    /// Everything but the forces.
    pub debug: AgentDebug,
    /// Each behavior's weighted force, indexed by [`BehaviorKind::index`]; zero when not
    /// evaluated.
    pub forces: [Vec2; BehaviorKind::COUNT],
}

impl FullRecord {
    /// The weighted force of `kind` this tick.
    #[must_use]
    pub fn force(&self, kind: BehaviorKind) -> Vec2 {
        self.forces[kind.index()]
    }
}

impl std::ops::Deref for FullRecord {
    type Target = AgentDebug;
    fn deref(&self) -> &AgentDebug {
        &self.debug
    }
}

impl RecordSink for FullRecord {
    fn debug_mut(&mut self) -> &mut AgentDebug {
        &mut self.debug
    }
    fn set_force(&mut self, kind: BehaviorKind, force: Vec2) {
        self.forces[kind.index()] = force;
        self.debug.evaluated |= 1 << kind.index();
    }
    fn clear(&mut self) {
        *self = Self::default();
    }
}

/// One agent's record inside the world's store, written in place by its steering manager.
#[derive(Debug)]
pub struct RecordSlot<'a> {
    debug: &'a mut AgentDebug,
    forces: &'a mut [Vec2],
    /// The layout's slots: `NONE` is past the end of `forces`, so one bounds check covers both.
    slots: &'a [u8; BehaviorKind::COUNT],
}

impl RecordSlot<'_> {
    /// The record, less the forces.
    #[must_use]
    pub fn debug(&self) -> &AgentDebug {
        self.debug
    }
}

impl RecordSink for RecordSlot<'_> {
    fn debug_mut(&mut self) -> &mut AgentDebug {
        self.debug
    }
    fn set_force(&mut self, kind: BehaviorKind, force: Vec2) {
        // The world's layout has a slot for every behavior some group uses, and only those
        // are evaluated.
        let slot = usize::from(self.slots[kind.index()]);
        debug_assert!(slot < self.forces.len(), "{kind:?} has no force slot");
        if let Some(f) = self.forces.get_mut(slot) {
            *f = force;
        }
        self.debug.evaluated |= 1 << kind.index();
    }
    /// Clears the record; the forces are left as they are: a force counts only while its
    /// behavior's `evaluated` bit is set, so zeroing them each tick would be wasted stores.
    fn clear(&mut self) {
        *self.debug = AgentDebug::default();
    }
}

/// One agent's record of the last tick, as the world keeps it: derefs to its [`AgentDebug`].
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    debug: &'a AgentDebug,
    forces: &'a [Vec2],
    layout: &'a ForceLayout,
}

impl Record<'_> {
    /// The weighted force of `kind` this tick (zero when it was not evaluated).
    #[must_use]
    pub fn force(&self, kind: BehaviorKind) -> Vec2 {
        if !self.debug.was_evaluated(kind) {
            return Vec2::ZERO;
        }
        self.layout
            .slot(kind)
            .and_then(|s| self.forces.get(s))
            .copied()
            .unwrap_or(Vec2::ZERO)
    }

    /// Each behavior some group uses and its weighted force this tick (zero when it was not
    /// evaluated).
    pub fn forces(&self) -> impl Iterator<Item = (BehaviorKind, Vec2)> + '_ {
        self.layout.kinds.iter().map(|&k| (k, self.force(k)))
    }
}

impl std::ops::Deref for Record<'_> {
    type Target = AgentDebug;
    fn deref(&self) -> &AgentDebug {
        self.debug
    }
}

impl PartialEq for Record<'_> {
    /// Same record and the same force for every behavior (a behavior without a slot has none).
    fn eq(&self, other: &Self) -> bool {
        self.debug == other.debug
            && BehaviorKind::ALL
                .into_iter()
                .all(|k| self.force(k) == other.force(k))
    }
}

/// The world's records of the last tick, one per agent in agent order.
#[derive(Clone, Copy, Debug)]
pub struct Records<'a> {
    store: &'a RecordStore,
}

impl<'a> Records<'a> {
    /// The number of records (the number of agents).
    #[must_use]
    pub fn len(&self) -> usize {
        self.store.debug.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.store.debug.is_empty()
    }

    /// The record of agent `i`.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Record<'a>> {
        let store = self.store;
        let stride = store.stride();
        Some(Record {
            debug: store.debug.get(i)?,
            forces: store
                .forces
                .get(i * stride..i * stride + store.layout.len())?,
            layout: &store.layout,
        })
    }

    /// Every record, in agent order.
    #[must_use]
    pub fn iter(&self) -> RecordsIter<'a> {
        RecordsIter {
            records: *self,
            next: 0,
        }
    }
}

impl<'a> IntoIterator for Records<'a> {
    type Item = Record<'a>;
    type IntoIter = RecordsIter<'a>;
    fn into_iter(self) -> RecordsIter<'a> {
        self.iter()
    }
}

/// The iterator of [`Records::iter`].
#[derive(Clone, Debug)]
pub struct RecordsIter<'a> {
    records: Records<'a>,
    next: usize,
}

impl<'a> Iterator for RecordsIter<'a> {
    type Item = Record<'a>;
    fn next(&mut self) -> Option<Record<'a>> {
        let record = self.records.get(self.next)?;
        self.next += 1;
        Some(record)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.records.len().saturating_sub(self.next);
        (left, Some(left))
    }
}

impl ExactSizeIterator for RecordsIter<'_> {}

impl<'a> IntoIterator for &Records<'a> {
    type Item = Record<'a>;
    type IntoIter = RecordsIter<'a>;
    fn into_iter(self) -> RecordsIter<'a> {
        self.iter()
    }
}

impl PartialEq for Records<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

/// The records of every agent: the [`AgentDebug`]s, and the forces in one flat list with
/// `stride` slots per agent laid out by a [`ForceLayout`].
#[derive(Clone, Debug, Default)]
pub(crate) struct RecordStore {
    debug: Vec<AgentDebug>,
    forces: Vec<Vec2>,
    layout: ForceLayout,
}

impl RecordStore {
    /// Slots per agent in `forces`: the layout's, at least one so that the list splits into
    /// one chunk per agent.
    fn stride(&self) -> usize {
        self.layout.len().max(1)
    }

    pub(crate) fn view(&self) -> Records<'_> {
        Records { store: self }
    }

    /// Lays the forces out anew, keeping every force that has a slot in both layouts.
    pub(crate) fn set_layout(&mut self, layout: ForceLayout) {
        if layout == self.layout {
            return;
        }
        let old = std::mem::replace(&mut self.layout, layout);
        let old_stride = old.len().max(1);
        let stride = self.stride();
        let mut forces = vec![Vec2::ZERO; self.debug.len() * stride];
        for (i, chunk) in forces.chunks_exact_mut(stride).enumerate() {
            for (slot, &kind) in self.layout.kinds.iter().enumerate() {
                if let Some(f) = old
                    .slot(kind)
                    .and_then(|s| self.forces.get(i * old_stride + s))
                {
                    chunk[slot] = *f;
                }
            }
        }
        self.forces = forces;
    }

    /// An empty record at the end.
    pub(crate) fn push(&mut self) {
        self.debug.push(AgentDebug::default());
        let stride = self.stride();
        self.forces.extend(std::iter::repeat_n(Vec2::ZERO, stride));
    }

    /// An empty record at `at` (at most the length).
    pub(crate) fn insert(&mut self, at: usize) {
        self.debug.insert(at, AgentDebug::default());
        let stride = self.stride();
        let zeros = std::iter::repeat_n(Vec2::ZERO, stride);
        self.forces.splice(at * stride..at * stride, zeros);
    }

    /// Removes record `i` (less than the length).
    pub(crate) fn remove(&mut self, i: usize) {
        self.debug.remove(i);
        let stride = self.stride();
        self.forces.drain(i * stride..(i + 1) * stride);
    }

    /// The records, less the forces, to change in place.
    pub(crate) fn debug_mut(&mut self) -> &mut [AgentDebug] {
        &mut self.debug
    }

    /// Each agent's record to write in place, in agent order.
    pub(crate) fn slots_mut(&mut self) -> impl Iterator<Item = RecordSlot<'_>> {
        let stride = self.stride();
        let slots = &self.layout.slots;
        self.debug
            .iter_mut()
            .zip(self.forces.chunks_exact_mut(stride))
            .map(move |(debug, forces)| RecordSlot {
                debug,
                forces,
                slots,
            })
    }

    /// The same as [`RecordStore::slots_mut`], for the parallel force pass.
    #[cfg(feature = "parallel")]
    pub(crate) fn par_slots_mut(
        &mut self,
    ) -> impl rayon::iter::IndexedParallelIterator<Item = RecordSlot<'_>> {
        use rayon::prelude::*;
        let stride = self.stride();
        let slots = &self.layout.slots;
        self.debug
            .par_iter_mut()
            .zip(self.forces.par_chunks_exact_mut(stride))
            .map(move |(debug, forces)| RecordSlot {
                debug,
                forces,
                slots,
            })
    }

    /// Bytes kept per agent: the record and its forces.
    pub(crate) fn bytes_per_agent(&self) -> usize {
        std::mem::size_of::<AgentDebug>() + self.stride() * std::mem::size_of::<Vec2>()
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // The forces are copied, never computed: they must match exactly.
mod tests {
    use super::*;

    const SEEK: BehaviorKind = BehaviorKind::Seek;
    const FLEE: BehaviorKind = BehaviorKind::Flee;
    const WANDER: BehaviorKind = BehaviorKind::Wander;

    /// A store of `n` records laid out for `kinds`, agent `i`'s force of the `s`-th kind being
    /// `(i, s)`.
    fn store(n: usize, kinds: &[BehaviorKind]) -> RecordStore {
        let mut store = RecordStore::default();
        store.set_layout(ForceLayout::of(kinds.iter().copied()));
        for _ in 0..n {
            store.push();
        }
        for (i, mut slot) in store.slots_mut().enumerate() {
            for (s, &kind) in kinds.iter().enumerate() {
                slot.set_force(kind, Vec2::new(i as f32, s as f32));
            }
        }
        store
    }

    #[test]
    fn a_layout_has_one_slot_per_named_behavior_in_index_order() {
        let layout = ForceLayout::of([WANDER, SEEK, WANDER]);
        assert_eq!(layout.kinds(), &[SEEK, WANDER]);
        assert_eq!(layout.slot(SEEK), Some(0));
        assert_eq!(layout.slot(WANDER), Some(1));
        assert_eq!(layout.slot(FLEE), None);
        assert_eq!(ForceLayout::default().len(), 0);
    }

    #[test]
    fn each_record_reads_its_own_forces_and_zero_for_a_behavior_without_a_slot() {
        let store = store(3, &[SEEK, WANDER]);
        let records = store.view();
        assert_eq!(records.len(), 3);
        let r = records.get(2).expect("three records");
        assert_eq!(r.force(SEEK), Vec2::new(2.0, 0.0));
        assert_eq!(r.force(WANDER), Vec2::new(2.0, 1.0));
        assert_eq!(r.force(FLEE), Vec2::ZERO);
        assert!(r.was_evaluated(WANDER) && !r.was_evaluated(FLEE));
        let listed: Vec<_> = r.forces().collect();
        assert_eq!(
            listed,
            vec![(SEEK, Vec2::new(2.0, 0.0)), (WANDER, Vec2::new(2.0, 1.0))]
        );
        assert!(records.get(3).is_none());
        assert_eq!(records.iter().len(), 3);
        assert_eq!(store.bytes_per_agent(), size_of::<AgentDebug>() + 16);
    }

    #[test]
    fn a_cleared_record_reads_zero_for_every_force() {
        let mut store = store(2, &[SEEK, WANDER]);
        if let Some(mut slot) = store.slots_mut().nth(1) {
            slot.clear();
            slot.set_force(WANDER, Vec2::Y);
        }
        let r = store.view().get(1).expect("two records");
        assert_eq!(r.force(SEEK), Vec2::ZERO, "not evaluated since the clear");
        assert_eq!(r.force(WANDER), Vec2::Y);
        assert_eq!(
            r.forces().collect::<Vec<_>>(),
            vec![(SEEK, Vec2::ZERO), (WANDER, Vec2::Y)]
        );
    }

    #[test]
    fn inserting_and_removing_keeps_every_other_agents_forces() {
        let mut store = store(3, &[SEEK, WANDER]);
        store.insert(1);
        store.remove(0);
        // Was: 0, 1, 2; then 0, new, 1, 2; then new, 1, 2.
        let seeks: Vec<Vec2> = store.view().iter().map(|r| r.force(SEEK)).collect();
        assert_eq!(
            seeks,
            vec![Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0)]
        );
    }

    #[test]
    fn a_new_layout_keeps_the_forces_of_the_behaviors_in_both() {
        let mut store = store(2, &[SEEK, WANDER]);
        store.set_layout(ForceLayout::of([FLEE, WANDER]));
        let r = store.view().get(1).expect("two records");
        assert_eq!(r.force(WANDER), Vec2::new(1.0, 1.0));
        assert_eq!(r.force(FLEE), Vec2::ZERO);
        assert_eq!(r.force(SEEK), Vec2::ZERO);
        // No behavior at all: one (unused) slot per agent, and still a record each.
        store.set_layout(ForceLayout::default());
        assert_eq!(store.view().iter().count(), 2);
        assert_eq!(
            store.view().get(0).map(|r| r.force(WANDER)),
            Some(Vec2::ZERO)
        );
    }

    #[test]
    fn records_are_equal_when_their_forces_are_whatever_the_layout() {
        let a = store(1, &[SEEK]);
        let mut b = store(1, &[SEEK]);
        assert_eq!(a.view(), b.view());
        b.set_layout(ForceLayout::of([SEEK, FLEE]));
        assert_eq!(
            a.view(),
            b.view(),
            "a zero force in a wider layout changes nothing"
        );
        if let Some(mut slot) = b.slots_mut().next() {
            slot.set_force(FLEE, Vec2::X);
        }
        assert_ne!(a.view(), b.view());
    }
}
