//! A behavior block's fields as every tool sees them: a description ([`Field`]: label, unit,
//! [`Limit`], help, the warning at 0) and the value itself by its type ([`Value`]), which the
//! checks, the defaults, the inspector, the warnings and the tests walk. Below the behaviors,
//! which describe their fields with it.

use glam::Vec2;

use crate::sim::model::limits::{MAX_MAGNITUDE, MIN_PROBABILITY};
use crate::sim::model::types::{
    ArriveMode, AvoidForm, Combination, Deceleration, PathForm, Prediction, Region, Slot, Stamina,
    Target,
};

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

/// How a field's numbers are shown: as they are stored, or converted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// As stored.
    Plain,
    /// Stored in radians, shown in degrees.
    Degrees,
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
    /// How its numbers are shown (the unit is the shown number's).
    pub scale: Scale,
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
            scale: Scale::Plain,
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
            scale: Scale::Plain,
        }
    }

    /// The same field, stored in radians and shown in degrees.
    #[must_use]
    pub const fn degrees(self) -> Self {
        Self {
            scale: Scale::Degrees,
            ..self
        }
    }

    /// A stored number as shown (in degrees for an angle stored in radians).
    #[must_use]
    pub fn shown(&self, stored: f64) -> f64 {
        match self.scale {
            Scale::Plain => stored,
            Scale::Degrees => stored.to_degrees(),
        }
    }

    /// A shown number as stored.
    #[must_use]
    pub fn stored(&self, shown: f64) -> f64 {
        match self.scale {
            Scale::Plain => shown,
            Scale::Degrees => shown.to_radians(),
        }
    }

    /// A stored number as every tool writes it: as shown, readable (three significant
    /// digits, never fewer than its whole part), with the unit (`8.59°/tick`, `150 u`).
    #[must_use]
    pub fn text(&self, stored: f64) -> String {
        format!(
            "{}{}",
            crate::sim::model::text::readable_number(self.shown(stored)),
            self.unit
        )
    }

    /// A typed number, as stored: the unit may be typed or left out (`8.6`, `8.6°/tick`,
    /// `150 u`). `None` when it is not a number.
    #[must_use]
    pub fn read(&self, text: &str) -> Option<f64> {
        let text = text.trim();
        let unit = self.unit.trim();
        let number = if unit.is_empty() {
            text
        } else {
            text.strip_suffix(unit).unwrap_or(text)
        };
        let v: f64 = number.trim().parse().ok()?;
        v.is_finite().then(|| self.stored(v))
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

/// A number held at a path, to read or write, by its type.
#[derive(Debug)]
pub enum Number<'a> {
    /// A real number.
    Real(&'a mut f32),
    /// A whole number (a count, a cap).
    Whole(&'a mut u32),
    /// A large whole number (the seed).
    Large(&'a mut u64),
}

/// A field, to read or edit, by its type.
#[derive(Debug)]
pub enum Value<'a> {
    /// A number within the field's limit.
    Number(&'a mut f32),
    /// A whole number within the field's limit.
    Whole(&'a mut u32),
    /// A whole number that can be off; the second is the value it takes when switched on.
    OptionalWhole(&'a mut Option<u32>, u32),
    /// How a group's forces combine.
    Combination(&'a mut Combination),
    /// A hunter's stamina, when it has one.
    Stamina(&'a mut Option<Stamina>),
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

/// A field's value, owned: what [`Value::owned`] reads and [`Value::take`] writes, to copy
/// a field from one block or group to another of the same kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Owned {
    /// A number (real, an angle, one the form does not use).
    Real(f32),
    /// A whole number.
    Whole(u32),
    /// A whole number that can be off.
    OptionalWhole(Option<u32>),
    /// A combination.
    Combination(Combination),
    /// A stamina.
    Stamina(Option<Stamina>),
    /// A number that can be off.
    Optional(Option<f32>),
    /// A switch.
    Flag(bool),
    /// A target.
    Target(Target),
    /// A name.
    Name(String),
    /// A deceleration setting.
    Deceleration(Deceleration),
    /// A prediction.
    Prediction(Prediction),
    /// Arrive's form.
    ArriveMode(ArriveMode),
    /// Obstacle avoidance's form.
    AvoidForm(AvoidForm),
    /// Path following's form.
    PathForm(PathForm),
    /// A formation slot.
    Slot(Slot),
    /// A region.
    Region(Region),
}

impl Value<'_> {
    /// The value, owned.
    #[must_use]
    pub fn owned(&self) -> Owned {
        match self {
            Self::Number(v) | Self::Radians(v) | Self::Unused(v) => Owned::Real(**v),
            Self::Whole(v) => Owned::Whole(**v),
            Self::OptionalWhole(v, _) => Owned::OptionalWhole(**v),
            Self::Combination(v) => Owned::Combination(**v),
            Self::Stamina(v) => Owned::Stamina((**v).clone()),
            Self::Optional(v, _) => Owned::Optional(**v),
            Self::Flag(v) => Owned::Flag(**v),
            Self::Target(v) => Owned::Target((**v).clone()),
            Self::Name(v, _) => Owned::Name((**v).clone()),
            Self::Deceleration(v) => Owned::Deceleration(**v),
            Self::Prediction(v) => Owned::Prediction(**v),
            Self::ArriveMode(v) => Owned::ArriveMode(**v),
            Self::AvoidForm(v) => Owned::AvoidForm(**v),
            Self::PathForm(v) => Owned::PathForm(**v),
            Self::Slot(v) => Owned::Slot(**v),
            Self::Region(v) => Owned::Region((**v).clone()),
        }
    }

    /// Takes `owned` when it is of this value's kind; returns whether it did.
    pub fn take(&mut self, owned: &Owned) -> bool {
        match (self, owned) {
            (Self::Number(v) | Self::Radians(v) | Self::Unused(v), Owned::Real(o)) => **v = *o,
            (Self::Whole(v), Owned::Whole(o)) => **v = *o,
            (Self::OptionalWhole(v, _), Owned::OptionalWhole(o)) => **v = *o,
            (Self::Combination(v), Owned::Combination(o)) => **v = *o,
            (Self::Stamina(v), Owned::Stamina(o)) => (**v).clone_from(o),
            (Self::Optional(v, _), Owned::Optional(o)) => **v = *o,
            (Self::Flag(v), Owned::Flag(o)) => **v = *o,
            (Self::Target(v), Owned::Target(o)) => (**v).clone_from(o),
            (Self::Name(v, _), Owned::Name(o)) => (**v).clone_from(o),
            (Self::Deceleration(v), Owned::Deceleration(o)) => **v = *o,
            (Self::Prediction(v), Owned::Prediction(o)) => (**v).clone_from(o),
            (Self::ArriveMode(v), Owned::ArriveMode(o)) => **v = *o,
            (Self::AvoidForm(v), Owned::AvoidForm(o)) => (**v).clone_from(o),
            (Self::PathForm(v), Owned::PathForm(o)) => (**v).clone_from(o),
            (Self::Slot(v), Owned::Slot(o)) => (**v).clone_from(o),
            (Self::Region(v), Owned::Region(o)) => (**v).clone_from(o),
            _ => return false,
        }
        true
    }
}

impl Value<'_> {
    /// Every number the value holds now, with the name of the field below this one that holds
    /// it (`None` for the field itself, `x`, `fixed_secs`, ...) and its limit (`limit` is the
    /// field's).
    pub fn numbers(
        &mut self,
        limit: Limit,
        f: &mut dyn FnMut(Option<&'static str>, Number<'_>, Limit),
    ) {
        let point = |p: &mut Vec2, f: &mut dyn FnMut(Option<&'static str>, Number<'_>, Limit)| {
            f(Some("x"), Number::Real(&mut p.x), Limit::Signed);
            f(Some("y"), Number::Real(&mut p.y), Limit::Signed);
        };
        match self {
            Self::Number(v) | Self::Radians(v) | Self::Unused(v) => f(None, Number::Real(v), limit),
            Self::Whole(v) => f(None, Number::Whole(v), limit),
            Self::OptionalWhole(v, _) => {
                if let Some(v) = v.as_mut() {
                    f(None, Number::Whole(v), limit);
                }
            }
            Self::Optional(v, _) => {
                if let Some(v) = v.as_mut() {
                    f(None, Number::Real(v), limit);
                }
            }
            Self::Stamina(Some(s)) => {
                for (field, v) in [
                    (&STAMINA_MAX, &mut s.max),
                    (&STAMINA_REGEN, &mut s.regen_per_tick),
                    (&STAMINA_COST, &mut s.cost_per_tick),
                ] {
                    f(Some(field.key), Number::Real(v), field.limit);
                }
            }
            Self::Target(Target::Point(p)) | Self::Slot(Slot::Offset(p)) => point(p, f),
            Self::Prediction(p) => {
                for (key, v) in [(FIXED_SECS, &mut p.fixed_secs), (MAX_SECS, &mut p.max_secs)] {
                    if let Some(v) = v.as_mut() {
                        f(Some(key), Number::Real(v), Limit::NonNegative);
                    }
                }
            }
            Self::ArriveMode(ArriveMode::SlowingRadius(r)) => {
                f(None, Number::Real(r), Limit::NonNegative);
            }
            Self::AvoidForm(AvoidForm::DetectionBox {
                min_length,
                braking_weight,
            }) => {
                f(
                    Some("min_length"),
                    Number::Real(min_length),
                    Limit::NonNegative,
                );
                f(
                    Some("braking_weight"),
                    Number::Real(braking_weight),
                    Limit::NonNegative,
                );
            }
            Self::PathForm(PathForm::Predict {
                predict_secs,
                ahead,
            }) => {
                f(
                    Some("predict_secs"),
                    Number::Real(predict_secs),
                    Limit::NonNegative,
                );
                f(Some("ahead"), Number::Real(ahead), Limit::Signed);
            }
            Self::Slot(Slot::Line(d) | Slot::Column(d) | Slot::Wedge(d) | Slot::Circle(d)) => {
                f(None, Number::Real(d), Limit::NonNegative);
            }
            Self::Stamina(None)
            | Self::Combination(_)
            | Self::Flag(_)
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

/// A block's on/off switch.
pub const ENABLED: Field = Field::plain(
    "enabled",
    "on",
    "Off: the behavior is kept in the file but not evaluated.",
);

/// The fields of `BlockCommon` that have numbers, as the checks and the inspector see them.
pub const WEIGHT: Field = Field::plain(
    "weight",
    "weight",
    "force * weight before combination (negative inverts it).",
)
.limit(Limit::Signed);

/// The dithering probability, as the checks and the inspector see it.
pub const PROBABILITY: Field = Field::plain(
    "probability",
    "probability",
    "Prioritized dithering: evaluated with this chance; force * weight / probability.",
)
.limit(Limit::Within(MIN_PROBABILITY, 1.0));

/// A block's `target` field, as most behaviors show it.
pub const TARGET: Field = Field::plain("target", "target", "What this behavior steers for.");

/// A block's second target (interpose steers between `target` and `other`).
pub const OTHER: Field = Field::plain("other", "and", "The second agent it steers between.");

/// A block's `slowing_radius`, the one description of every block that arrives somewhere
/// (arrive's radius form, `mode: SlowingRadius(r)`, reads the same).
pub const SLOWING_RADIUS: Field = Field::distance(
    "slowing_radius",
    "slowing radius",
    "Arrival slows inside this distance of the end point: desired speed = max_speed * d / r \
     (0: no slowing, plain seek).",
);

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

/// The look-ahead fixed to a time, inside [`PREDICTION`] (`None`: distance / max speed).
pub const FIXED_SECS: &str = "fixed_secs";

/// The cap on the look-ahead, inside [`PREDICTION`].
pub const MAX_SECS: &str = "max_secs";

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

/// A hunter's full stamina.
pub const STAMINA_MAX: Field = Field::plain("max", "max", "Full stamina.").limit(Limit::Positive);

/// Stamina gained per tick of rest.
pub const STAMINA_REGEN: Field =
    Field::plain("regen_per_tick", "regen", "Gained per tick of rest.")
        .unit(" /tick")
        .warn_zero("is 0: a hunter that rests never recovers");

/// Stamina spent per tick of pursuit.
pub const STAMINA_COST: Field =
    Field::plain("cost_per_tick", "cost", "Spent per tick of pursuit.").unit(" /tick");
