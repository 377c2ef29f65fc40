//! Every metric's name, unit, better direction and one-line summary, in report order
//! (`docs/metrics.md` defines each one exactly).

/// Which way a metric is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Better {
    /// Smaller is better.
    Lower,
    /// Larger is better.
    Higher,
    /// Neither: it describes the run (the number of flocks, their spread).
    Neither,
}

impl Better {
    /// `lower`, `higher` or `neither`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Lower => "lower",
            Self::Higher => "higher",
            Self::Neither => "neither",
        }
    }
}

/// One metric's definition: its name, unit and better direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The name on the command line and in `docs/metrics.md`.
    pub name: &'static str,
    /// The unit (`s`, `u`, `share` for a fraction of agents or ticks, `count`, ...).
    pub unit: &'static str,
    /// Which way is better.
    pub better: Better,
    /// One line: what it measures.
    pub summary: &'static str,
}

impl Definition {
    /// What follows a value in text: the unit when it is one a number is counted in (` s`,
    /// ` u`, ` rad/s`), nothing for a pure number (a share, a ratio, a count).
    #[must_use]
    pub fn suffix(&self) -> String {
        match self.unit {
            "share" | "ratio" | "count" | "0–1" => String::new(),
            unit => format!(" {unit}"),
        }
    }

    /// A value as every tool writes it: readable (three significant digits, never fewer than
    /// its whole part) and followed by its unit (`2.35 s`, `0.85`).
    #[must_use]
    pub fn text(&self, v: f64) -> String {
        format!(
            "{}{}",
            crate::sim::model::text::readable_number(v),
            self.suffix()
        )
    }

    /// A typed value, with or without its unit (`2.35`, `2.35 s`); `None` when it is not a
    /// finite number.
    #[must_use]
    pub fn read(&self, text: &str) -> Option<f64> {
        let text = text.trim();
        let number = text.strip_suffix(self.unit).unwrap_or(text);
        number.trim().parse().ok().filter(|v: &f64| v.is_finite())
    }
}

/// `value` of the metric `name` (`time_to_arrive`, or qualified by its group:
/// `arrivers.time_to_arrive`) as every tool writes it ([`Definition::text`]; readable alone for
/// a name no definition has).
#[must_use]
pub fn metric_text(name: &str, value: f64) -> String {
    let name = name.rsplit_once('.').map_or(name, |(_, metric)| metric);
    definition(name).map_or_else(
        || crate::sim::model::text::readable_number(value),
        |d| d.text(value),
    )
}

const fn def(
    name: &'static str,
    unit: &'static str,
    better: Better,
    summary: &'static str,
) -> Definition {
    Definition {
        name,
        unit,
        better,
        summary,
    }
}

/// Declares every metric once: its [`Metric`] key and its [`Definition`], in report order.
macro_rules! metrics {
    ($($key:ident $name:literal, $unit:literal, $better:ident, $summary:literal;)*) => {
        /// A metric, as the code names it: the key of its value in a group's metrics (a name
        /// that is not a metric does not compile).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        // Each key's doc is its summary, the text `steerlab metrics` prints: field names in it
        // are plain words there.
        #[allow(clippy::doc_markdown)]
        pub enum Metric {
            $(
                #[doc = $summary]
                $key,
            )*
        }

        impl Metric {
            /// Every metric, in report order.
            pub const ALL: &'static [Metric] = &[$(Metric::$key,)*];

            /// Its definition.
            #[must_use]
            pub fn definition(self) -> &'static Definition {
                &DEFINITIONS[self as usize]
            }
        }

        /// Every metric, in report order.
        pub const DEFINITIONS: &[Definition] = &[
            $(def($name, $unit, Better::$better, $summary),)*
        ];
    };
}

metrics! {
    Arrived "arrived", "share", Higher,
        "share of agents that came within the tolerance of their target";
    TimeToArrive "time_to_arrive", "s", Lower,
        "mean time until first within the tolerance of the target";
    Overshoot "overshoot", "u", Lower,
        "largest distance past the target, along the approach, after first arriving";
    SettleTime "settle_time", "s", Lower,
        "mean time from which the agent stays within the tolerance to the end";
    FinalError "final_error", "u", Lower,
        "mean distance to the target at the end";
    WorstTimeToArrive "worst_time_to_arrive", "s", Lower,
        "largest time until first within the tolerance (an agent that never arrived counts as the whole run)";
    HalfArrived "half_arrived", "s", Lower,
        "time by which half the group had arrived (none when fewer ever did)";
    MostArrived "most_arrived", "s", Lower,
        "time by which 95% of the group had arrived (none when fewer ever did)";
    Throughput "throughput", "agents/s", Higher,
        "agents arrived per second, from the start to the last arrival";
    Stuck "stuck", "share", Lower,
        "share of agents that, before arriving, moved slower than 5% of max_speed for 2 s in a row";
    Unreachable "unreachable", "share", Lower,
        "share of navigating agents whose last plan found no route (target inside a wall, outside the level, or past a passage too narrow)";
    RouteRatio "route_ratio", "ratio", Lower,
        "mean length walked until arrival over the first planned route's (navigate; 1 = on the route)";
    PathRatio "path_ratio", "ratio", Lower,
        "mean path length over straight-line distance (1 = straight)";
    HeadingJitter "heading_jitter", "rad/s", Lower,
        "mean absolute heading change per second";
    ForceJitter "force_jitter", "force units", Lower,
        "mean length of the change of the applied force per tick";
    AtMaxSpeed "at_max_speed", "share", Neither,
        "share of agent-ticks at max_speed";
    AtMaxForce "at_max_force", "share", Neither,
        "share of agent-ticks at max_force";
    AgentOverlaps "agent_overlaps", "pair-ticks", Lower,
        "pair-ticks with two agents' bodies overlapping";
    ObstacleOverlaps "obstacle_overlaps", "agent-ticks", Lower,
        "agent-ticks with a body overlapping an obstacle or a wall";
    MinSeparation "min_separation", "u", Higher,
        "smallest gap between two bodies (negative: overlap)";
    Captures "captures", "count", Neither,
        "times a pursuer's body came to touch one of its prey";
    CaptureTime "capture_time", "s", Lower,
        "time of the first capture";
    PreySurvival "prey_survival", "share", Higher,
        "share of the prey never touched by a pursuer";
    Polarization "polarization", "0–1", Higher,
        "mean over ticks of |sum of unit headings| / n";
    Spread "spread", "u", Neither,
        "mean over ticks of the RMS distance from the group's centroid";
    Flocks "flocks", "count", Neither,
        "mean over every 8th tick (from the first) of the number of connected groups by the neighbour radius";
}

/// The definition named `name`, if there is one.
#[must_use]
pub fn definition(name: &str) -> Option<&'static Definition> {
    DEFINITIONS.iter().find(|d| d.name == name)
}
