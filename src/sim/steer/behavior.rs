//! What a behavior is to the rest of the program, declared once per behavior in its own file
//! under `sim/steer/behaviors/`: its entry in the registry ([`BehaviorInfo`]: key, colour, formula,
//! summary), its block (the shared `enabled`, `weight`, `probability` and its own parameters),
//! a description of every field ([`Field`]: label, unit, limit, help) that the checks, the
//! defaults, the inspector and the tests iterate, its force for one agent's tick ([`Tick`]) and
//! the marks the overlays draw of what it looked at ([`Mark`]). [`Behavior`] ties these
//! together; the one list of behaviors is [`crate::sim::steer::registry`]. The pieces live in
//! `block`, `field`, `tick` and `marks`; this file gathers them for the behaviors' files.
//!
//! This file sits below the behaviors: it knows no behavior, group or world.

pub(crate) use crate::sim::model::block::block;
pub use crate::sim::model::block::{BehaviorInfo, BlockCommon, Body, Family, Rgb, Steer};
pub use crate::sim::model::field::{
    DECELERATION, EXCLUSIVE, Field, Limit, NameOf, OTHER, PREDICTION, RANGE, SLOWING_RADIUS,
    TARGET, Value,
};
use glam::Vec2;

use crate::sim::model::types::{Region, Target};
pub use crate::sim::steer::marks::{Figure, Layer, Mark, Tint, point_marks};
pub use crate::sim::steer::tick::{Step, Tick};

/// What a scene offers a block that is added to one of its groups: the names it can refer to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SceneNames<'a> {
    /// The groups, in order.
    pub groups: Vec<&'a str>,
    /// The group the block goes to.
    pub own: usize,
    /// The paths, in order.
    pub paths: Vec<&'a str>,
    /// The flow fields, in order.
    pub flow_fields: Vec<&'a str>,
}

impl SceneNames<'_> {
    /// The group a new block that names a group should name: the first other group (the one
    /// to chase, evade or hide from), or the block's own when it is the only one.
    #[must_use]
    pub fn other_group(&self) -> Option<&str> {
        self.groups
            .iter()
            .enumerate()
            .find(|&(g, _)| g != self.own)
            .or_else(|| self.groups.get(self.own).map(|n| (self.own, n)))
            .map(|(_, n)| *n)
    }
}

/// Scenery a behavior acts on: without it in the scene the behavior has nothing to do (the
/// editor says so when the behavior is added, and offers the tool that makes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scenery {
    /// Wall segments.
    Walls,
    /// Circular obstacles.
    Obstacles,
    /// A path.
    Path,
    /// A flow field.
    FlowField,
}

/// A behavior: its block type, declared once in its own file. Everything else (group
/// construction, defaults and reset, checks, the inspector, the legend, the docs) iterates
/// [`crate::sim::steer::registry`], which lists every type that implements it.
pub trait Behavior: BlockCommon + Clone + Default + PartialEq + std::fmt::Debug + 'static {
    /// Key, colour, formula and summary.
    const INFO: BehaviorInfo;

    /// The scenery it acts on (none: it needs only agents and targets).
    const NEEDS: &'static [Scenery] = &[];

    /// Whether it keeps the agents of its group apart from each other (what the Metrics window
    /// asks before it reads overlaps as collisions).
    const KEEPS_APART: bool = false;

    /// Whether what it keeps apart are the agents' bodies (their radius), not their centres: a
    /// group of such a block with a body radius of 0 is warned that its agents pass through
    /// each other.
    const KEEPS_BODIES_APART: bool = false;

    /// Whether an agent's step of it costs several times a flocking rule's (ORCA: a linear
    /// program over its neighbours' half-planes): a world whose groups have such a block splits
    /// its tick over threads from fewer agents (`docs/performance.md`).
    const COSTLY: bool = false;

    /// Whether the agents it looks at are at most the group's neighbour cap
    /// (`max_neighbors`), nearest first: the inspector shows the cap to groups that have one.
    const NEIGHBOR_CAP: bool = false;

    /// When it takes the agent to its target: the metrics measure a group's arrival against
    /// the target of its enabled block of lowest rank here.
    const ARRIVAL: Option<u8> = None;

    /// Whether it reads the level's navigation mesh (`Tick::navmesh`, and the routes it plans
    /// on it: `Tick::route`, `Tick::set_route`): the world builds the mesh for the radius of
    /// each group that has such a block on.
    const NAVMESH: bool = false;

    /// What it keeps for one agent from one tick to the next (`()` for a behavior that keeps
    /// nothing, which takes no room): declared here, the registry composes the agent's memory
    /// from every behavior's part, and the behavior reads and writes its part through
    /// [`TickOf::kept`].
    type Kept: Kept;

    /// What it records of one tick for the overlays, when the agent's details are kept (`()`
    /// for a behavior that records nothing): declared here, the registry makes one
    /// `Trace` of every behavior's, and [`Behavior::marks`] draws it.
    type Look: Copy + PartialEq + std::fmt::Debug + 'static;

    /// Whether this block records what it looked at in the agent's
    /// [`crate::sim::steer::detail::Detail`] for the overlays (obstacle avoidance does in its box form
    /// only): the world keeps details only when some group has such a block on.
    fn traces(&self) -> bool {
        false
    }

    /// Every field of the block but `enabled`, `weight` and `probability`, in the order the
    /// inspector shows them, each with its description.
    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>));

    /// Adds the behavior's force for one agent's tick to `tick` (when what it needs exists:
    /// its target, its path, ...). Returns whether it steered as an exclusive block, which
    /// skips the blocks after it in priority order.
    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool;

    /// What to draw of what the behavior recorded ([`Step::trace`]), for the overlays.
    fn marks(look: &Self::Look, out: &mut Vec<Mark>) {
        let _ = (look, out);
    }

    /// The block as it is added to group `names.own` of a scene: the defaults, with every name
    /// it refers to one that the scene has (the first path, the first flow field, the first
    /// other group). A name the scene lacks stays empty (the scene check says so).
    #[must_use]
    fn added(names: &SceneNames<'_>) -> Self {
        let mut block = Self::default();
        block.fields(&mut |_, value| match value {
            Value::Target(Target::Nearest(name)) if name.is_empty() => {
                if let Some(other) = names.other_group() {
                    other.clone_into(name);
                }
            }
            Value::Name(name, of) if name.is_empty() => {
                let first = match of {
                    NameOf::Path => names.paths.first(),
                    NameOf::FlowField => names.flow_fields.first(),
                };
                if let Some(first) = first {
                    (*first).clone_into(name);
                }
            }
            _ => {}
        });
        block
    }

    /// The block reset to its defaults, keeping what it refers to in the scene (its targets
    /// and the path, flow field or region it names): what "reset" means to a designer who
    /// tuned the numbers, not the wiring.
    #[must_use]
    fn reset(&self) -> Self {
        let mut links: Vec<LinkValue> = Vec::new();
        let mut old = self.clone();
        old.fields(&mut |_, value| {
            if let Some(link) = LinkValue::of(&value) {
                links.push(link);
            }
        });
        let mut fresh = Self::default();
        let mut links = links.into_iter();
        fresh.fields(&mut |_, mut value| {
            if LinkValue::of(&value).is_some()
                && let Some(link) = links.next()
            {
                link.write(&mut value);
            }
        });
        fresh
    }
}

/// What a behavior keeps for one agent between ticks ([`Behavior::Kept`]).
pub trait Kept: Copy + Default + PartialEq + std::fmt::Debug + 'static {
    /// What a new agent starts with (the default unless the behavior says otherwise).
    #[must_use]
    fn start(new: &NewAgent) -> Self {
        let _ = new;
        Self::default()
    }
}

/// Nothing: what a behavior that keeps nothing between ticks keeps.
impl Kept for () {}

/// What a new agent's memory starts from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NewAgent {
    /// Where it enters the world.
    pub position: Vec2,
    /// Its group's largest stamina (0 for a group without stamina).
    pub stamina: f32,
}

/// A memory that holds behavior `B`'s part ([`Behavior::Kept`]); the registry's memory holds
/// every behavior's.
pub trait Holds<B: Behavior> {
    /// `B`'s part.
    fn part(&mut self) -> &mut B::Kept;
}

/// One agent's tick as behavior `B` sees it: the [`Tick`], `B`'s part of the agent's memory, and
/// where `B`'s look goes. Every host whose memory holds `B`'s part and whose detail keeps its
/// look is one.
pub trait TickOf<'w, B: Behavior>: Tick<'w, Detail: Keeps<B>> {
    /// What `B` keeps for this agent between ticks.
    fn kept(&mut self) -> &mut B::Kept;
}

impl<'w, B: Behavior, T: Tick<'w>> TickOf<'w, B> for T
where
    T::Memory: Holds<B>,
    T::Detail: Keeps<B>,
{
    fn kept(&mut self) -> &mut B::Kept {
        self.memory().part()
    }
}

/// Where behavior `B`'s look goes ([`Behavior::Look`]); the registry's `Detail` keeps every
/// behavior's.
pub trait Keeps<B: Behavior> {
    /// Keeps what `B` looked at this tick.
    fn keep(&mut self, look: B::Look);
}

impl<D> Step<'_, D> {
    /// Keeps what behavior `B` looked at, for the overlays (when the agent's details are kept).
    pub fn trace<B: Behavior>(&mut self, look: B::Look)
    where
        D: Keeps<B>,
    {
        if let Some(detail) = self.detail.as_deref_mut() {
            detail.keep(look);
        }
    }
}

/// A field that refers to something in the scene, kept by [`Behavior::reset`].
enum LinkValue {
    Target(Target),
    Name(String),
    Region(Region),
}

impl LinkValue {
    fn of(value: &Value<'_>) -> Option<Self> {
        match value {
            Value::Target(t) => Some(Self::Target((*t).clone())),
            Value::Name(n, _) => Some(Self::Name((*n).clone())),
            Value::Region(r) => Some(Self::Region((*r).clone())),
            _ => None,
        }
    }

    fn write(self, value: &mut Value<'_>) {
        match (self, value) {
            (Self::Target(t), Value::Target(slot)) => **slot = t,
            (Self::Name(n), Value::Name(slot, _)) => **slot = n,
            (Self::Region(r), Value::Region(slot)) => **slot = r,
            _ => {}
        }
    }
}
