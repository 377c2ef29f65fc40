//! The fields that are no behavior's: the scene's own (seed, tick, world size), each group's
//! (count, kinematics, combination, stamina, the neighbour cap) and the scenery's, described
//! once. A group's own fields use the same [`Field`] the behaviors use; every number of a
//! scene is listed with its path and limit ([`Numbers`]), which the checks walk to refuse a
//! value out of its limit and a sweep or a tuner walks to set one. The inspector, the messages
//! and the field paths read the names, labels, units and limits from here.

use crate::sim::BehaviorKind;
use crate::sim::model::field::{Field, Limit, Number, PROBABILITY, Value, WEIGHT};
use crate::sim::model::field_path::{FieldPath, Numbers};
use crate::sim::model::limits::{
    MAX_DT_SECS, MAX_FLOW_CELLS, MAX_GROUP_COUNT, MAX_HEADING_SMOOTHING, MAX_MAGNITUDE,
    MAX_NEIGHBORS, MAX_PATH_POINTS, MIN_DT_SECS, MIN_NOISE_SCALE,
};
use crate::sim::model::scenery::{FlowBase, FlowField, Level, Path, Placed, Wall};
use crate::sim::setup::spec::WorldSpec;
use crate::sim::steer::params::{Group, Obstacle, Spawn};

/// The scene's seed.
pub const SEED: Field = Field::plain(
    "seed",
    "seed",
    "Seed of every random draw. Changing it starts the run again.",
)
.limit(Limit::Within(0.0, f32::MAX));

/// The tick's length.
pub const DT: Field = Field::plain(
    "dt",
    "dt",
    "Tick length. velocity += force / mass * dt; position += velocity * dt.",
)
.unit(" s")
.limit(Limit::Within(MIN_DT_SECS, MAX_DT_SECS));

/// The world section of a scene file (`world.width`).
pub const WORLD: &str = "world";

/// The world's width.
pub const WIDTH: Field =
    Field::distance("width", "width", "World width (world units).").limit(Limit::Positive);

/// The world's height.
pub const HEIGHT: Field =
    Field::distance("height", "height", "World height (world units).").limit(Limit::Positive);

/// What happens at the world's edge.
pub const BOUNDS: Field = Field::plain(
    "bounds",
    "bounds",
    "What happens to an agent leaving the world.",
);

/// Where the click target starts.
pub const CLICK_TARGET: Field = Field::plain(
    "click_target",
    "click target",
    "The point that behaviors targeting the click follow; click the canvas to move it.",
);

/// The list of groups (`groups[0]`).
pub const GROUPS: &str = "groups";

/// A group's name.
pub const NAME: Field = Field::plain("name", "name", "Unique name: letters, digits, _ and -.");

/// How many agents a group spawns.
pub const COUNT: Field = Field::plain(
    "count",
    "count",
    "Number of agents. Changing it starts the run again.",
)
.limit(Limit::Within(0.0, MAX_GROUP_COUNT as f32));

/// How a group's agents enter the world.
pub const SPAWN: Field = Field::plain("spawn", "spawn", "How the group's agents enter the world.");

/// The largest steering force.
pub const MAX_FORCE: Field = Field::plain(
    "max_force",
    "max_force",
    "steering = truncate(sum of forces, max_force)",
)
.warn_zero("is 0 with behaviors on: no behavior can steer the agents");

/// The largest speed.
pub const MAX_SPEED: Field = Field::plain(
    "max_speed",
    "max_speed",
    "velocity = truncate(velocity + accel * dt, max_speed)",
)
.unit(" u/s")
.warn_zero("is 0 with behaviors on: the agents never move");

/// The mass.
pub const MASS: Field = Field::plain(
    "mass",
    "mass",
    "accel = steering / mass. With force = desired - velocity, mass is the response time in \
     seconds.",
)
.limit(Limit::Positive);

/// The body radius.
pub const RADIUS: Field = Field::distance(
    "radius",
    "body radius",
    "The body's radius: the detection box's half width, what collision avoidance keeps apart.",
);

/// How the behaviors' forces combine.
pub const COMBINATION: Field = Field::plain(
    "combination",
    "combination",
    "How the behaviors' forces combine into one steering force.",
);

/// The largest turn rate.
pub const MAX_TURN_RATE: Field = Field::plain(
    "max_turn_rate_deg",
    "max turn rate",
    "The velocity turns at most this fast; a sharper turn is spread over later ticks.",
)
.unit("°/s");

/// The heading smoother's length.
pub const HEADING_SMOOTHING: Field = Field::plain(
    "heading_smoothing",
    "smooth heading",
    "Draw agents along the mean of their last N headings (the drawing only).",
)
.unit(" ticks")
.limit(Limit::Within(1.0, MAX_HEADING_SMOOTHING as f32));

/// A hunter's stamina.
pub const STAMINA: Field = Field::plain(
    "stamina",
    "stamina (hunter)",
    "Rest +regen per tick up to max; pursue at -cost per tick; rest at 0.",
);

/// The neighbour cap of the flocking rules.
pub const MAX_NEIGHBORS_FIELD: Field = Field::plain(
    "max_neighbors",
    "max neighbours",
    "When more agents are within the range a behavior looks (the largest flocking radius, \
     avoid_agents' or orca's), only the nearest this many count (ties: the lower agent id).",
)
.limit(Limit::Within(1.0, MAX_NEIGHBORS as f32));

/// How close to its target an agent counts as arrived (the metrics only).
pub const ARRIVAL_RADIUS: Field = Field::distance(
    "arrival_radius",
    "arrival radius",
    "Within this distance of its target an agent counts as arrived in the metrics and goals \
     (time to arrive, arrived, throughput). Off: the body radius (at least 1). RVO2's Blocks \
     counts an agent home within 20.",
)
.warn_zero("is 0: an agent counts as arrived only exactly on its target");

/// Every field of a group that is no behavior's and is edited as a value (the name and the
/// spawn have their own editors), in the order of [`Group::own_fields`].
pub const GROUP_FIELDS: [&Field; 11] = [
    &COUNT,
    &MAX_FORCE,
    &MAX_SPEED,
    &MASS,
    &RADIUS,
    &COMBINATION,
    &MAX_TURN_RATE,
    &HEADING_SMOOTHING,
    &MAX_NEIGHBORS_FIELD,
    &STAMINA,
    &ARRIVAL_RADIUS,
];

/// The description of the group's own field `key` (`None` for a behavior's field).
#[must_use]
pub fn group_field(key: &str) -> Option<&'static Field> {
    GROUP_FIELDS
        .into_iter()
        .chain([&NAME, &SPAWN])
        .find(|f| f.key == key)
}

impl Group {
    /// Calls `f` with each of the group's own fields and its description, in the order the
    /// inspector shows them (the scene file writes the neighbour cap last, after the blocks).
    pub fn own_fields(&mut self, f: &mut dyn FnMut(&'static Field, Value<'_>)) {
        let Self {
            name: _,
            count,
            spawn: _,
            max_force,
            max_speed,
            mass,
            radius,
            combination,
            max_turn_rate_deg,
            heading_smoothing,
            stamina,
            arrival_radius,
            max_neighbors,
            ..
        } = self;
        f(&COUNT, Value::Whole(count));
        f(&MAX_FORCE, Value::Number(max_force));
        f(&MAX_SPEED, Value::Number(max_speed));
        f(&MASS, Value::Number(mass));
        f(&RADIUS, Value::Number(radius));
        f(&COMBINATION, Value::Combination(combination));
        f(&MAX_TURN_RATE, Value::Optional(max_turn_rate_deg, 180.0));
        f(
            &HEADING_SMOOTHING,
            Value::OptionalWhole(heading_smoothing, 8),
        );
        f(&MAX_NEIGHBORS_FIELD, Value::Whole(max_neighbors));
        f(&STAMINA, Value::Stamina(stamina));
        f(&ARRIVAL_RADIUS, Value::Optional(arrival_radius, 20.0));
    }
}

/// Calls `f` with every number of `value`, at `at` and below it.
pub fn value_numbers(
    at: &FieldPath,
    field: &Field,
    mut value: Value<'_>,
    f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit),
) {
    value.numbers(field.limit, &mut |below, n, limit| match below {
        Some(key) => f(&at.key(key), n, limit),
        None => f(at, n, limit),
    });
}

impl Numbers for Spawn {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        let mut point = |key: &'static str, p: &mut glam::Vec2| {
            f(&at.key(key).key("x"), Number::Real(&mut p.x), Limit::Signed);
            f(&at.key(key).key("y"), Number::Real(&mut p.y), Limit::Signed);
        };
        match self {
            Self::Area { min, max, speed } => {
                point(SPAWN_MIN, min);
                point(SPAWN_MAX, max);
                f(&at.key("speed"), Number::Real(speed), Limit::NonNegative);
            }
            Self::At { position, velocity } => {
                point(POSITION.key, position);
                point(VELOCITY.key, velocity);
            }
            Self::Ring { center, radius } => {
                point("center", center);
                f(&at.key("radius"), Number::Real(radius), Limit::NonNegative);
            }
            Self::Stream {
                position,
                velocity,
                interval_secs,
            } => {
                point(POSITION.key, position);
                point(VELOCITY.key, velocity);
                f(
                    &at.key("interval_secs"),
                    Number::Real(interval_secs),
                    Limit::Positive,
                );
            }
        }
    }
}

impl Numbers for Group {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        self.spawn.numbers(&at.key(SPAWN.key), f);
        self.own_fields(&mut |field, value| {
            // The cap comes after the blocks in the file.
            if field.key != MAX_NEIGHBORS_FIELD.key {
                value_numbers(&at.key(field.key), field, value, f);
            }
        });
        for kind in BehaviorKind::ALL {
            let block_at = at.key(kind.field_name());
            if let Some(block) = self.block_mut(kind) {
                let (_, weight, probability) = block.common_mut();
                f(
                    &block_at.key(WEIGHT.key),
                    Number::Real(weight),
                    WEIGHT.limit,
                );
                f(
                    &block_at.key(PROBABILITY.key),
                    Number::Real(probability),
                    PROBABILITY.limit,
                );
            }
            self.visit_fields(kind, &mut |field, value| {
                value_numbers(&block_at.key(field.key), field, value, f);
            });
        }
        f(
            &at.key(MAX_NEIGHBORS_FIELD.key),
            Number::Whole(&mut self.max_neighbors),
            MAX_NEIGHBORS_FIELD.limit,
        );
    }
}

/// The scene's lists of scenery (`obstacles[0]`, `walls[2]`, ...) and of placed agents.
pub const OBSTACLES: &str = "obstacles";
/// See [`OBSTACLES`].
pub const WALLS: &str = "walls";
/// The key of the level (`level.boundary[0].x`).
pub const LEVEL: &str = "level";
/// The key of the level's outline.
pub const BOUNDARY: &str = "boundary";
/// The key of the level's blocks of wall.
pub const HOLES: &str = "holes";
/// See [`OBSTACLES`].
pub const PATHS: &str = "paths";
/// See [`OBSTACLES`].
pub const FLOW_FIELDS: &str = "flow_fields";
/// See [`OBSTACLES`]: the agents placed by hand (`Scene::agents`, `WorldSpec::agents`).
pub const AGENTS: &str = "agents";
/// A path's points, a flow field's painted cells: the lists inside scenery.
pub const POINTS: &str = "points";
/// See [`POINTS`].
pub const PAINTED: &str = "painted";
/// A flow field's cell size.
pub const CELL_SIZE: Field = Field::distance(
    "cell_size",
    "cell",
    "Side of a cell; the field covers the world.",
)
.limit(Limit::Positive);

/// Whether a path's last point joins its first.
pub const LOOPED: Field = Field::plain(
    "looped",
    "loop",
    "The last point joins the first; a loop of 3 or more points is also a region.",
);

/// A path's radius.
pub const PATH_RADIUS: Field = Field::distance(
    "radius",
    "radius",
    "Half the width of the band path following keeps agents in.",
);

/// Where a placed agent starts.
pub const POSITION: Field = Field::plain("position", "at", "Where it starts.");

/// A placed agent's starting velocity.
pub const VELOCITY: Field = Field::plain("velocity", "velocity", "Its starting velocity.");

/// The corners of a group's spawn area (`spawn.min`, `spawn.max`).
pub const SPAWN_MIN: &str = "min";
/// See [`SPAWN_MIN`].
pub const SPAWN_MAX: &str = "max";

fn point(at: &FieldPath, p: &mut glam::Vec2, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
    f(&at.key("x"), Number::Real(&mut p.x), Limit::Signed);
    f(&at.key("y"), Number::Real(&mut p.y), Limit::Signed);
}

impl Numbers for Obstacle {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        point(&at.key("center"), &mut self.center, f);
        f(
            &at.key("radius"),
            Number::Real(&mut self.radius),
            Limit::NonNegative,
        );
    }
}

impl Numbers for Wall {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        point(&at.key("from"), &mut self.from, f);
        point(&at.key("to"), &mut self.to, f);
    }
}

impl Numbers for Path {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        let points = at.key(POINTS);
        for (k, p) in self.points.iter_mut().enumerate().take(MAX_PATH_POINTS) {
            point(&points.index(k), p, f);
        }
        f(
            &at.key(PATH_RADIUS.key),
            Number::Real(&mut self.radius),
            Limit::NonNegative,
        );
    }
}

impl Numbers for FlowField {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        f(
            &at.key(CELL_SIZE.key),
            Number::Real(&mut self.cell_size),
            CELL_SIZE.limit,
        );
        let base = at.key(BASE.key);
        match &mut self.base {
            FlowBase::Uniform { angle_deg } => {
                f(
                    &base.key("angle_deg"),
                    Number::Real(angle_deg),
                    Limit::Signed,
                );
            }
            FlowBase::Vortex { center, inward_deg } => {
                point(&base.key("center"), center, f);
                f(
                    &base.key("inward_deg"),
                    Number::Real(inward_deg),
                    Limit::Signed,
                );
            }
            FlowBase::Noise { seed, scale } => {
                f(
                    &base.key("seed"),
                    Number::Large(seed),
                    Limit::Within(0.0, f32::MAX),
                );
                f(
                    &base.key("scale"),
                    Number::Real(scale),
                    Limit::Within(MIN_NOISE_SCALE, MAX_MAGNITUDE),
                );
            }
        }
        let painted = at.key(PAINTED);
        for (k, cell) in self.painted.iter_mut().enumerate().take(MAX_FLOW_CELLS) {
            f(
                &painted.index(k).key("angle_deg"),
                Number::Real(&mut cell.angle_deg),
                Limit::Signed,
            );
        }
    }
}

impl Numbers for Placed {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        point(&at.key(POSITION.key), &mut self.position, f);
        point(&at.key(VELOCITY.key), &mut self.velocity, f);
        if let Some(a) = self.wander_angle_deg.as_mut() {
            f(&at.key("wander_angle_deg"), Number::Real(a), Limit::Signed);
        }
    }
}

/// Calls `f` with every number of every element of `list`, at `at[i]`.
pub fn list_numbers<T: Numbers>(
    at: &FieldPath,
    list: &mut [T],
    f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit),
) {
    for (i, item) in list.iter_mut().enumerate() {
        item.numbers(&at.index(i), f);
    }
}

/// The numbers a scene and the world built from it share: the tick, the world's size, the
/// click target, the scenery, the placed agents and the groups (the seed is the caller's: a
/// file's seed is a number to sweep, a world's is not checked).
pub struct SceneNumbers<'a> {
    /// The tick.
    pub dt: &'a mut f32,
    /// The world's width and height.
    pub size: (&'a mut f32, &'a mut f32),
    /// The click target, when the scene sets one.
    pub click_target: Option<&'a mut glam::Vec2>,
    /// Circles agents avoid.
    pub obstacles: &'a mut [Obstacle],
    /// Wall segments.
    pub walls: &'a mut [Wall],
    /// The level's polygons.
    pub level: &'a mut Level,
    /// Paths.
    pub paths: &'a mut [Path],
    /// Flow fields.
    pub flow_fields: &'a mut [FlowField],
    /// Agents placed by hand.
    pub agents: &'a mut [Placed],
    /// The groups.
    pub groups: &'a mut [Group],
}

impl SceneNumbers<'_> {
    /// Calls `f` with every number, in the scene file's order.
    pub fn visit(self, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        let root = FieldPath::root();
        f(&root.key(DT.key), Number::Real(self.dt), DT.limit);
        let world = root.key(WORLD);
        f(
            &world.key(WIDTH.key),
            Number::Real(self.size.0),
            WIDTH.limit,
        );
        f(
            &world.key(HEIGHT.key),
            Number::Real(self.size.1),
            HEIGHT.limit,
        );
        if let Some(p) = self.click_target {
            point(&root.key(CLICK_TARGET.key), p, f);
        }
        list_numbers(&root.key(OBSTACLES), self.obstacles, f);
        list_numbers(&root.key(WALLS), self.walls, f);
        let level = root.key(LEVEL);
        let boundary = level.key(BOUNDARY);
        for (i, p) in self.level.boundary.iter_mut().enumerate() {
            point(&boundary.index(i), p, f);
        }
        let holes = level.key(HOLES);
        for (h, ring) in self.level.holes.iter_mut().enumerate() {
            for (i, p) in ring.iter_mut().enumerate() {
                point(&holes.index(h).index(i), p, f);
            }
        }
        list_numbers(&root.key(PATHS), self.paths, f);
        list_numbers(&root.key(FLOW_FIELDS), self.flow_fields, f);
        list_numbers(&root.key(AGENTS), self.agents, f);
        list_numbers(&root.key(GROUPS), self.groups, f);
    }
}

impl Numbers for WorldSpec {
    fn numbers(&mut self, at: &FieldPath, f: &mut dyn FnMut(&FieldPath, Number<'_>, Limit)) {
        debug_assert!(at.is_root(), "a world's numbers are at the scene's paths");
        SceneNumbers {
            dt: &mut self.dt,
            size: (&mut self.size.x, &mut self.size.y),
            click_target: Some(&mut self.click_target),
            obstacles: &mut self.obstacles,
            walls: &mut self.walls,
            level: &mut self.level,
            paths: &mut self.paths,
            flow_fields: &mut self.flow_fields,
            agents: &mut self.agents,
            groups: &mut self.groups,
        }
        .visit(f);
    }
}

/// The group a placed agent belongs to (`agents[0].group`).
pub const PLACED_GROUP: &str = "group";

/// A flow field's base direction (`flow_fields[0].base`).
pub const BASE: Field = Field::plain("base", "base", "What the field is generated from.");

/// Calls `f` with the description and a value of the field a path into a group names, below
/// the group (`mass`, `arrive.mode`): one of the group's own fields or a field of one of its
/// behavior blocks, as a new block has it. Nothing for any other path.
pub fn group_field_at(below: &FieldPath, f: &mut dyn FnMut(&'static Field, Value<'_>)) {
    use crate::sim::model::field_path::Part;
    let key = |i: usize| match below.parts().get(i) {
        Some(Part::Key(k)) => Some(k.as_ref()),
        _ => None,
    };
    let Some(first) = key(0) else {
        return;
    };
    let mut group = Group::new(
        "",
        0,
        Spawn::At {
            position: glam::Vec2::ZERO,
            velocity: glam::Vec2::ZERO,
        },
    );
    match BehaviorKind::ALL
        .into_iter()
        .find(|k| k.field_name() == first)
    {
        Some(kind) => {
            let Some(second) = key(1) else {
                return;
            };
            group.add_block(kind, &crate::sim::steer::behavior::SceneNames::default());
            group.visit_fields(kind, &mut |field, value| {
                if field.key == second {
                    f(field, value);
                }
            });
        }
        None => group.own_fields(&mut |field, value| {
            if field.key == first {
                f(field, value);
            }
        }),
    }
}
