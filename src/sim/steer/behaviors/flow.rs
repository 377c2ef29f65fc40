//! Flow field following (Reynolds, *Steering Behaviors For Autonomous Characters*, GDC 1999,
//! "Flow Field Following"): the field's direction `d` is read at the predicted position
//! `p + v * predict_secs` (the cell that holds it; outside the world, the nearest cell);
//! `desired = d * max_speed`, `force = desired - velocity`. A cell with no direction (a
//! vortex's centre) gives no force.

use glam::Vec2;

use crate::sim::steer::behavior::{Family, Figure, Mark, Scenery, TickOf};

use crate::sim::model::scenery::FlowGrid;
use crate::sim::steer::behavior::{
    Behavior, BehaviorInfo, Body, Field, NameOf, Rgb, Steer, Value, block,
};

/// Flow field following in the registry.
pub const FOLLOW_FLOW: BehaviorInfo = BehaviorInfo {
    key: "follow_flow",
    family: Family::PathsAndWalls,
    metric: "path_ratio",
    legend: &[],
    color: Rgb(110, 170, 210),
    formula: "desired = field(p + v * t) * max_speed; force = desired - velocity",
    summary: "Steer toward the flow field's direction at the predicted position.",
};

/// Flow following. Returns the force, and where the field was read with its direction.
#[must_use]
pub fn follow_flow(body: &Body, field: &FlowGrid, predict_secs: f32) -> (Steer, (Vec2, Vec2)) {
    let probe = body.position + body.velocity * predict_secs;
    let direction = field.direction_at(probe);
    if direction == Vec2::ZERO {
        return (Steer::NONE, (probe, direction));
    }
    (
        Steer::toward(direction * body.max_speed, body.velocity),
        (probe, direction),
    )
}

block! {
    /// Flow field following (Reynolds): steer toward the field's direction at the agent's
    /// predicted position.
    FollowFlow {
        /// The name of a flow field of the scene.
        field: String = String::new(),
        /// How far ahead the field is read, in seconds of the current velocity.
        predict_secs: f32 = 0.5,
    }
}

impl Behavior for FollowFlow {
    type Kept = ();
    type Look = FlowLook;

    const INFO: BehaviorInfo = FOLLOW_FLOW;
    const NEEDS: &'static [Scenery] = &[Scenery::FlowField];

    fn traces(&self) -> bool {
        true
    }

    fn fields(&mut self, visit: &mut dyn FnMut(&'static Field, Value<'_>)) {
        const FIELD: Field = Field::plain("field", "field", "The flow field to follow.");
        const AHEAD: Field = Field::plain(
            "predict_secs",
            "look ahead",
            "The field is read at position + velocity * look ahead.",
        )
        .unit(" s");
        visit(&FIELD, Value::Name(&mut self.field, NameOf::FlowField));
        visit(&AHEAD, Value::Number(&mut self.predict_secs));
    }

    fn steer<'w, T: TickOf<'w, Self>>(&self, tick: &mut T) -> bool {
        let Some(field) = tick.flow() else {
            return false;
        };
        let body = tick.body();
        tick.add(self, |s| {
            let (steer, (probe, direction)) = follow_flow(&body, field, self.predict_secs);
            s.trace::<Self>(FlowLook { probe, direction });
            steer
        });
        false
    }

    fn marks(look: &FlowLook, out: &mut Vec<Mark>) {
        // The direction read at the predicted point.
        let FlowLook { probe, direction } = *look;
        out.push(Mark::guide(Figure::Arrow(probe, direction, 16.0), 1.0).width(1.5));
    }
}

/// What flow following looked at on one tick ([`Behavior::Look`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlowLook {
    /// The predicted point where the field was read.
    pub probe: Vec2,
    /// The direction read there.
    pub direction: Vec2,
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // Exact values worked out by hand are the point of these tests.
mod tests {
    use super::*;
    use crate::sim::model::scenery::{FlowBase, FlowField, PaintedCell};

    #[test]
    fn the_field_is_read_where_the_agent_will_be() {
        // Cells of 10: the agent at (5, 5) moving +x at 20 reads (15, 5) after 0.5 s, the
        // painted cell (1, 0) pointing +x; the rest points +y (90 degrees: cos is not exactly
        // 0 in f32, so only the painted cell is compared exactly).
        let field = FlowField {
            name: "f".to_owned(),
            cell_size: 10.0,
            base: FlowBase::Uniform { angle_deg: 90.0 },
            painted: vec![PaintedCell {
                col: 1,
                row: 0,
                angle_deg: 0.0,
            }],
        }
        .resolve(Vec2::new(30.0, 30.0));
        let body = Body {
            position: Vec2::new(5.0, 5.0),
            velocity: Vec2::new(0.0, 20.0),
            max_speed: 40.0,
            mass: 1.0,
        };
        let moving_x = Body {
            velocity: Vec2::new(20.0, 0.0),
            ..body
        };
        // desired (40, 0) - velocity (20, 0).
        let (steer, (probe, _)) = follow_flow(&moving_x, &field, 0.5);
        assert_eq!(probe, Vec2::new(15.0, 5.0));
        assert_eq!(steer.force, Vec2::new(20.0, 0.0));
        // Moving +y it reads (5, 15), an unpainted cell: about (0, 40) - (0, 20).
        let (steer, _) = follow_flow(&body, &field, 0.5);
        assert!(
            (steer.force - Vec2::new(0.0, 20.0)).length() < 1e-4,
            "{}",
            steer.force
        );
    }
}
