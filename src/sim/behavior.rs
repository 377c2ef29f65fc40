//! What a behavior is to the rest of the program, declared once per behavior in its own file
//! under `sim/behaviors/`: its entry in the registry ([`BehaviorInfo`]: key, colour, formula,
//! summary), its block (the shared `enabled`, `weight`, `probability` and its own parameters),
//! and a description of every field ([`Field`]: label, unit, limit, help) that the checks, the
//! defaults, the inspector and the tests iterate. [`Behavior`] ties these together; the one
//! list of behaviors is [`crate::sim::registry`].
//!
//! This file sits below the behaviors: it knows no behavior, group or world.

use glam::Vec2;

use super::debug::{AgentDebug, Detail, Trace};
use super::limits::{MAX_MAGNITUDE, MIN_PROBABILITY};
use super::registry::BehaviorKind;
use super::scenery::{FlowGrid, Obstacle, Path, Wall};
use super::steering::state::SteeringState;
use super::types::{
    ArriveMode, AvoidForm, AvoidMemory, Deceleration, Leader, NeighborSums, Other, PathForm,
    Prediction, Region, Slot, Stamina, Target,
};

/// Serde's default of `weight` and `probability`.
pub(crate) fn one() -> f32 {
    1.0
}

/// Serde's default of `enabled`.
pub(crate) fn yes() -> bool {
    true
}

/// An sRGB colour, as the palette of the view layer receives it (the core has no GUI types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// What every tool around the core needs to know of one behavior.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BehaviorInfo {
    /// The block's field name in a group (`wander_target`): its key in scene files, legends,
    /// plots and field paths.
    pub key: &'static str,
    /// The colour its force is drawn in.
    pub color: Rgb,
    /// The formula, on one line, as tooltips and the docs show it.
    pub formula: &'static str,
    /// What the behavior does, in one sentence.
    pub summary: &'static str,
}

/// The kinematic state a behavior reads: the sources' `IBoid` (position, velocity, max speed,
/// mass).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    /// World units.
    pub position: Vec2,
    /// World units per second.
    pub velocity: Vec2,
    /// World units per second.
    pub max_speed: f32,
    /// > 0.
    pub mass: f32,
}

#[cfg(test)]
impl Body {
    /// A body of mass 1, for the tests worked out by hand.
    pub(crate) fn unit(position: Vec2, velocity: Vec2, max_speed: f32) -> Self {
        Self {
            position,
            velocity,
            max_speed,
            mass: 1.0,
        }
    }
}

/// What one behavior produced.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Steer {
    /// The steering force, before weighting.
    pub force: Vec2,
    /// The desired velocity, for behaviors of the form `force = desired - velocity`.
    pub desired: Option<Vec2>,
}

impl Steer {
    /// No force.
    pub const NONE: Self = Self {
        force: Vec2::ZERO,
        desired: None,
    };

    /// `force = desired - velocity`.
    #[must_use]
    pub fn toward(desired: Vec2, velocity: Vec2) -> Self {
        Self {
            force: desired - velocity,
            desired: Some(desired),
        }
    }
}

/// Defines one behavior block: the shared `enabled`, `weight`, `probability` fields, then the
/// behavior's own. A block that starts with `target;` has a `target` field that
/// [`BlockCommon::target`] returns; one that starts with `two_targets;` also has an `other`
/// field that [`BlockCommon::other_target`] returns.
macro_rules! block {
    (
        target;
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl $crate::sim::behavior::BlockCommon for $name {
            block! { @common }
            fn target(&self) -> Option<&$crate::sim::types::Target> { Some(&self.target) }
            fn target_mut(&mut self) -> Option<&mut $crate::sim::types::Target> { Some(&mut self.target) }
        }
    };
    (
        two_targets;
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl $crate::sim::behavior::BlockCommon for $name {
            block! { @common }
            fn target(&self) -> Option<&$crate::sim::types::Target> { Some(&self.target) }
            fn target_mut(&mut self) -> Option<&mut $crate::sim::types::Target> { Some(&mut self.target) }
            fn other_target(&self) -> Option<&$crate::sim::types::Target> { Some(&self.other) }
            fn other_target_mut(&mut self) -> Option<&mut $crate::sim::types::Target> { Some(&mut self.other) }
        }
    };
    (
        $(#[$meta:meta])*
        $name:ident { $($body:tt)* }
    ) => {
        block! { @define $(#[$meta])* $name { $($body)* } }
        impl $crate::sim::behavior::BlockCommon for $name {
            block! { @common }
        }
    };
    (@common) => {
        fn enabled(&self) -> bool { self.enabled }
        fn weight(&self) -> f32 { self.weight }
        fn probability(&self) -> f32 { self.probability }
        fn common_mut(&mut self) -> (&mut bool, &mut f32, &mut f32) {
            (&mut self.enabled, &mut self.weight, &mut self.probability)
        }
    };
    (
        @define
        $(#[$meta:meta])*
        $name:ident { $( $(#[$fmeta:meta])* $field:ident : $ty:ty = $default:expr ),* $(,)? }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct $name {
            /// The on/off switch.
            #[serde(default = "crate::sim::behavior::yes")]
            pub enabled: bool,
            /// Multiplies the force before combination (any finite value; negative inverts).
            #[serde(default = "crate::sim::behavior::one")]
            pub weight: f32,
            /// Chance in `[0.001, 1]` that the behavior is evaluated on a tick, used only by
            /// [`crate::sim::Combination::PrioritizedDithering`].
            #[serde(default = "crate::sim::behavior::one")]
            pub probability: f32,
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl Default for $name {
            fn default() -> Self {
                Self { enabled: true, weight: 1.0, probability: 1.0, $( $field: $default, )* }
            }
        }
    };
}

pub(crate) use block;

/// The fields every behavior block has.
pub trait BlockCommon {
    /// The on/off switch.
    fn enabled(&self) -> bool;
    /// The weight applied before combination.
    fn weight(&self) -> f32;
    /// The dithering probability.
    fn probability(&self) -> f32;
    /// The three, to edit: on/off, weight, probability.
    fn common_mut(&mut self) -> (&mut bool, &mut f32, &mut f32);
    /// What the behavior steers relative to, for the behaviors that have a target.
    fn target(&self) -> Option<&Target> {
        None
    }
    /// The target, to edit.
    fn target_mut(&mut self) -> Option<&mut Target> {
        None
    }
    /// The second target, for the behaviors that have two (interpose).
    fn other_target(&self) -> Option<&Target> {
        None
    }
    /// The second target, to edit.
    fn other_target_mut(&mut self) -> Option<&mut Target> {
        None
    }
}

/// How far a number may go. The scene check refuses a value outside it, with the field's path;
/// the inspector's controls stay inside it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// `0 ..= MAX_MAGNITUDE`.
    NonNegative,
    /// `0 < v <= MAX_MAGNITUDE`.
    Positive,
    /// `-MAX_MAGNITUDE ..= MAX_MAGNITUDE`.
    Signed,
    /// `lo ..= hi`.
    Within(f32, f32),
}

impl Limit {
    /// The lowest value and whether it is excluded (`> lo` rather than `>= lo`).
    #[must_use]
    pub fn low(self) -> (f32, bool) {
        match self {
            Self::NonNegative => (0.0, false),
            Self::Positive => (0.0, true),
            Self::Signed => (-MAX_MAGNITUDE, false),
            Self::Within(lo, _) => (lo, false),
        }
    }

    /// The highest value (included).
    #[must_use]
    pub fn high(self) -> f32 {
        match self {
            Self::Within(_, hi) => hi,
            Self::NonNegative | Self::Positive | Self::Signed => MAX_MAGNITUDE,
        }
    }

    /// The values within the limit (an excluded low end is the next value up).
    #[must_use]
    pub fn range(self) -> std::ops::RangeInclusive<f32> {
        let (lo, open) = self.low();
        (if open { lo.next_up() } else { lo })..=self.high()
    }

    /// The range a control offers: [`Self::range`], except that a positive number starts at
    /// 0.001 (a smaller one typed into a file stays legal, but no drag should reach a value that
    /// displays as 0).
    #[must_use]
    pub fn control_range(self) -> std::ops::RangeInclusive<f32> {
        match self {
            Self::Positive => 0.001..=self.high(),
            _ => self.range(),
        }
    }

    /// Whether `v` is within the limit (never for NaN or infinity).
    #[must_use]
    pub fn contains(self, v: f32) -> bool {
        self.range().contains(&v)
    }

    /// The two values just outside the limit: the nearest below its low end and above its high
    /// end (the low end itself when it is excluded).
    #[must_use]
    pub fn just_outside(self) -> [f32; 2] {
        let (lo, open) = self.low();
        [
            if open { lo } else { lo.next_down() },
            self.high().next_up(),
        ]
    }
}

/// One field of a behavior block as every tool shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field {
    /// The field's name in the block (the scene file's key).
    pub key: &'static str,
    /// What the inspector calls it.
    pub label: &'static str,
    /// The unit its numbers are in, as a suffix (`" u"`, `" s"`; empty for none).
    pub unit: &'static str,
    /// The limit of its numbers (for a composite, of the numbers it holds unless the type
    /// fixes its own, see [`Value::numbers`]).
    pub limit: Limit,
    /// The tooltip: what it does, with the formula it feeds.
    pub help: &'static str,
    /// The warning when its number is 0 (legal, but almost surely not meant), if any.
    pub when_zero: Option<&'static str>,
}

impl Field {
    /// A field whose numbers are distances in world units, `>= 0`.
    #[must_use]
    pub const fn distance(key: &'static str, label: &'static str, help: &'static str) -> Self {
        Self {
            key,
            label,
            unit: " u",
            limit: Limit::NonNegative,
            help,
            when_zero: None,
        }
    }

    /// A field with no number of its own (a target, a name, a switch).
    #[must_use]
    pub const fn plain(key: &'static str, label: &'static str, help: &'static str) -> Self {
        Self {
            key,
            label,
            unit: "",
            limit: Limit::NonNegative,
            help,
            when_zero: None,
        }
    }

    /// The same field with another unit.
    #[must_use]
    pub const fn unit(self, unit: &'static str) -> Self {
        Self { unit, ..self }
    }

    /// The same field with another limit.
    #[must_use]
    pub const fn limit(self, limit: Limit) -> Self {
        Self { limit, ..self }
    }

    /// The same field, warning with `message` when its number is 0 (`steerlab validate` and
    /// the inspector show it beside the field).
    #[must_use]
    pub const fn warn_zero(self, message: &'static str) -> Self {
        Self {
            when_zero: Some(message),
            ..self
        }
    }
}

/// What a scene names that a block can refer to by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameOf {
    /// A path of the scene.
    Path,
    /// A flow field of the scene.
    FlowField,
}

impl NameOf {
    /// How a message calls it ("path", "flow field").
    #[must_use]
    pub fn noun(self) -> &'static str {
        match self {
            Self::Path => "path",
            Self::FlowField => "flow field",
        }
    }
}

/// A block's field, to read or edit, by its type.
#[derive(Debug)]
pub enum Value<'a> {
    /// A number within the field's limit.
    Number(&'a mut f32),
    /// An angle in radians within the field's limit, shown in degrees.
    Radians(&'a mut f32),
    /// A number the block's current form does not use: checked, not shown.
    Unused(&'a mut f32),
    /// A number that can be off; the second is the value it takes when switched on.
    Optional(&'a mut Option<f32>, f32),
    /// A switch.
    Flag(&'a mut bool),
    /// What the behavior steers relative to.
    Target(&'a mut Target),
    /// The name of a path or flow field of the scene.
    Name(&'a mut String, NameOf),
    /// A deceleration setting.
    Deceleration(&'a mut Deceleration),
    /// Pursuit's and evade's look-ahead.
    Prediction(&'a mut Prediction),
    /// Arrive's form.
    ArriveMode(&'a mut ArriveMode),
    /// Obstacle avoidance's form.
    AvoidForm(&'a mut AvoidForm),
    /// Path following's form.
    PathForm(&'a mut PathForm),
    /// A formation slot.
    Slot(&'a mut Slot),
    /// The region containment keeps agents in.
    Region(&'a mut Region),
}

impl Value<'_> {
    /// Every number the value holds now, with the path below the field (empty for the field
    /// itself, `.x`, `.fixed_secs`, ...) and its limit (`limit` is the field's).
    pub fn numbers(&mut self, limit: Limit, f: &mut dyn FnMut(&str, &mut f32, Limit)) {
        let point = |p: &mut Vec2, f: &mut dyn FnMut(&str, &mut f32, Limit)| {
            f(".x", &mut p.x, Limit::Signed);
            f(".y", &mut p.y, Limit::Signed);
        };
        match self {
            Self::Number(v) | Self::Radians(v) | Self::Unused(v) => f("", v, limit),
            Self::Optional(v, _) => {
                if let Some(v) = v.as_mut() {
                    f("", v, limit);
                }
            }
            Self::Target(Target::Point(p)) | Self::Slot(Slot::Offset(p)) => point(p, f),
            Self::Prediction(p) => {
                for (key, v) in [
                    (".fixed_secs", &mut p.fixed_secs),
                    (".max_secs", &mut p.max_secs),
                ] {
                    if let Some(v) = v.as_mut() {
                        f(key, v, Limit::NonNegative);
                    }
                }
            }
            Self::ArriveMode(ArriveMode::SlowingRadius(r)) => f("", r, Limit::NonNegative),
            Self::AvoidForm(AvoidForm::DetectionBox {
                min_length,
                braking_weight,
            }) => {
                f(".min_length", min_length, Limit::NonNegative);
                f(".braking_weight", braking_weight, Limit::NonNegative);
            }
            Self::PathForm(PathForm::Predict {
                predict_secs,
                ahead,
            }) => {
                f(".predict_secs", predict_secs, Limit::NonNegative);
                f(".ahead", ahead, Limit::Signed);
            }
            Self::Slot(Slot::Line(d) | Slot::Column(d) | Slot::Wedge(d) | Slot::Circle(d)) => {
                f("", d, Limit::NonNegative);
            }
            Self::Flag(_)
            | Self::Target(_)
            | Self::Name(..)
            | Self::Deceleration(_)
            | Self::ArriveMode(ArriveMode::Deceleration(_))
            | Self::AvoidForm(AvoidForm::Radial)
            | Self::PathForm(PathForm::Waypoints)
            | Self::Region(_) => {}
        }
    }
}

/// The fields of [`BlockCommon`] that have numbers, as the checks and the inspector see them.
pub const WEIGHT: Field = Field::plain(
    "weight",
    "weight",
    "Multiplies the force before combination (negative inverts it).",
)
.limit(Limit::Signed);

/// The dithering probability, as the checks and the inspector see it.
pub const PROBABILITY: Field = Field::plain(
    "probability",
    "probability",
    "Chance that the behavior is evaluated on a tick (PrioritizedDithering only).",
)
.limit(Limit::Within(MIN_PROBABILITY, 1.0));

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

/// A behavior: its block type, declared once in its own file. Everything else (group
/// construction, defaults and reset, checks, the inspector, the legend, the docs) iterates
/// [`crate::sim::registry`], which lists every type that implements it.
pub trait Behavior: BlockCommon + Clone + Default + PartialEq + std::fmt::Debug + 'static {
    /// Key, colour, formula and summary.
    const INFO: BehaviorInfo;

    /// Whether this block records what it looked at in the agent's
    /// [`crate::sim::debug::Detail`] for the overlays (obstacle avoidance does in its box form
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
    fn steer<'w, T: Tick<'w>>(&self, tick: &mut T) -> bool;

    /// What to draw of a trace the behavior recorded ([`Step::trace`]), for the overlays.
    fn marks(trace: &Trace, out: &mut Vec<Mark>) {
        let _ = (trace, out);
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

/// A block's `target` field, as most behaviors show it.
pub const TARGET: Field = Field::plain("target", "target", "What this behavior steers for.");

/// A block's optional `range`: active only while the target is that close.
pub const RANGE: Field = Field::distance(
    "range",
    "only within",
    "Active only while the target is within this distance.",
)
.warn_zero("is 0: the behavior is active only when its target is exactly here, so never");

/// A block's `exclusive` switch.
pub const EXCLUSIVE: Field = Field::plain(
    "exclusive",
    "exclusive",
    "While active, the behaviors after this one (in priority order) are skipped.",
);

/// A block's `prediction` (pursuit, evade).
pub const PREDICTION: Field = Field::plain(
    "prediction",
    "T",
    "future = target.position + target.velocity * T",
);

/// A block's `deceleration` setting.
pub const DECELERATION: Field = Field::plain(
    "deceleration",
    "deceleration",
    "speed = min(d / (k * 0.3), max_speed), k = 3, 2, 1",
);

/// What an agent keeps from one tick to the next for its behaviors.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Memory {
    /// The random-target wander's point.
    pub wander_point: Vec2,
    /// Seconds until the random-target wander picks a new point.
    pub wander_timer_secs: f32,
    /// The hunter's stamina.
    pub stamina: f32,
    /// Whether the hunter rests.
    pub resting: bool,
    /// The id of the prey the hunter holds.
    pub prey: Option<u32>,
    /// The waypoint path following heads for.
    pub waypoint: u32,
    /// The side the detection box keeps against its obstacle.
    pub avoid: AvoidMemory,
}

/// What a behavior's force computation may touch while the manager evaluates it (only when the
/// combination evaluates the behavior).
pub struct Step<'a> {
    /// The steering the behaviors before this one asked for.
    pub steering: Vec2,
    /// The agent's random stream and wander angle.
    pub state: &'a mut SteeringState,
    /// The agent's record for this tick (the tutorial behaviors' points for the overlays).
    pub record: &'a mut AgentDebug,
    /// Where the behavior's trace goes, when the agent's details are kept.
    pub detail: Option<&'a mut Detail>,
}

impl Step<'_> {
    /// Keeps what the behavior looked at, for the overlays (when details are kept).
    pub fn trace(&mut self, trace: Trace) {
        if let Some(detail) = self.detail.as_deref_mut() {
            detail.push(trace);
        }
    }
}

/// One agent's tick as its behaviors see it: the agent, what its targets resolve to, the
/// scenery, its neighbours, its memory, and where forces go. The world implements it; a
/// behavior reads only through it, so a behavior's file needs nothing of the world.
pub trait Tick<'w> {
    /// The behavior being evaluated (set by the caller before [`Behavior::steer`]).
    fn kind(&self) -> BehaviorKind;
    /// The agent's kinematics.
    fn body(&self) -> Body;
    /// Its heading (unit).
    fn heading(&self) -> Vec2;
    /// Its group's body radius (world units).
    fn radius(&self) -> f32;
    /// The tick's length (seconds).
    fn dt(&self) -> f32;
    /// The world's size (world units).
    fn world_size(&self) -> Vec2;
    /// Where `target` is now and how it moves, if it exists.
    fn resolve(&self, target: &Target) -> Option<(Vec2, Vec2)>;
    /// [`Self::resolve`], only when within `range` of the agent (always with no range).
    fn gated(&self, target: &Target, range: Option<f32>) -> Option<(Vec2, Vec2)> {
        let at = self.body().position;
        self.resolve(target)
            .filter(|&(p, _)| range.is_none_or(|r| at.distance_squared(p) <= r * r))
    }
    /// The leader `target` names, with its heading (a point target faces +x); none when the
    /// target is the agent itself.
    fn leader(&self, target: &Target) -> Option<Leader>;
    /// The agent's rank among its group's followers, and their number (formations).
    fn formation_rank(&self) -> (usize, usize);
    /// The id of the agent `target` names, when within `range` (the hunter's pick of prey).
    fn nearest_id(&self, target: &Target, range: Option<f32>) -> Option<u32>;
    /// The prey the hunter pursues this tick (position, velocity), when it hunts.
    fn prey(&self) -> Option<(Vec2, Vec2)>;
    /// The group's stamina, when it has one.
    fn stamina(&self) -> Option<&'w Stamina>;
    /// The scene's walls.
    fn walls(&self) -> &'w [Wall];
    /// The scene's obstacles.
    fn obstacles(&self) -> &'w [Obstacle];
    /// The path the group's path following names.
    fn path(&self) -> Option<&'w Path>;
    /// The path whose polygon the group's containment names.
    fn region(&self) -> Option<&'w Path>;
    /// The flow field the group follows, resolved to the world's cells.
    fn flow(&self) -> Option<&'w FlowGrid>;
    /// The flocking sums of rule `rule` (0 separation, 1 alignment, 2 cohesion).
    fn neighbor_sums(&self, rule: usize) -> NeighborSums;
    /// The agents within `range` (at most the group's neighbour cap, nearest first).
    fn others_near(&self, range: f32) -> Vec<Other>;
    /// The position of the agent nearest `p` within `radius` of it (the agent itself left out).
    fn agent_near(&self, p: Vec2, radius: f32) -> Option<Vec2>;
    /// What the agent keeps between ticks.
    fn memory(&mut self) -> &mut Memory;
    /// The agent's random stream and wander angle.
    fn state(&mut self) -> &mut SteeringState;
    /// Adds the force `compute` returns, with `block`'s weight and probability, under the
    /// group's combination (which may not evaluate it).
    fn add<B: BlockCommon>(&mut self, block: &B, compute: impl FnOnce(&mut Step<'_>) -> Steer);
}

/// Which overlay a mark belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// What the agent senses (feelers, boxes, probes, zones).
    Sensor,
    /// Where it is headed (predictions, slots, points).
    Guide,
}

/// The colour of a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// The sensors' colour.
    Sensor,
    /// A hit: something in the way.
    Hit,
    /// The behavior's own colour.
    Own,
}

/// The shape of a mark. Points are in world units; sizes marked "pixels" stay the same on
/// screen whatever the zoom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Figure {
    /// A line from the agent (where it is drawn) to a point.
    Ray(Vec2),
    /// A line between two points.
    Segment(Vec2, Vec2),
    /// A filled dot of a radius in pixels.
    Dot(Vec2, f32),
    /// A circle of a radius in pixels.
    Ring(Vec2, f32),
    /// A circle of a radius in world units (at least 2 pixels).
    Zone(Vec2, f32),
    /// A small cross.
    Cross(Vec2),
    /// An arrow from a point along a unit direction, so many pixels long.
    Arrow(Vec2, Vec2, f32),
    /// A box from the agent along a unit heading: its half width and its length (world units).
    Box(Vec2, f32, f32),
    /// A small diamond.
    Diamond(Vec2),
}

/// One thing the overlays draw of a trace.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// Sensors or guides.
    pub layer: Layer,
    /// What is drawn.
    pub shape: Figure,
    /// Its colour.
    pub tint: Tint,
    /// Its opacity (1 full).
    pub alpha: f32,
    /// Its line width in pixels.
    pub width: f32,
}

impl Mark {
    /// A sensor mark, one pixel wide.
    #[must_use]
    pub fn sensor(shape: Figure, tint: Tint, alpha: f32) -> Self {
        Self {
            layer: Layer::Sensor,
            shape,
            tint,
            alpha,
            width: 1.0,
        }
    }

    /// A guide mark in the behavior's colour, one pixel wide.
    #[must_use]
    pub fn guide(shape: Figure, alpha: f32) -> Self {
        Self {
            layer: Layer::Guide,
            shape,
            tint: Tint::Own,
            alpha,
            width: 1.0,
        }
    }

    /// The same mark with another width.
    #[must_use]
    pub fn width(self, width: f32) -> Self {
        Self { width, ..self }
    }
}

/// The marks of a trace whose first point is where the agent is headed (a formation slot, a
/// follow point, a hiding spot, an interpose point): a line to it and a diamond on it.
pub fn point_marks(trace: &Trace, out: &mut Vec<Mark>) {
    let [point, ..] = trace.points;
    out.push(Mark::guide(Figure::Ray(point), 0.4));
    out.push(Mark::guide(Figure::Diamond(point), 1.0).width(1.5));
}
