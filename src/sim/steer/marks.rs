//! What the overlays draw of what a behavior looked at: marks (rays, rings, crosses, boxes, ...) in
//! world units with a colour role, which each behavior makes of its own look
//! (`Behavior::marks`) and the view paints without knowing the behavior.

use glam::Vec2;

pub use crate::sim::model::block::Layer;

/// The colour of a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// The sensors' colour.
    Sensor,
    /// A hit: something in the way.
    Hit,
    /// The behavior's own colour.
    Own,
    /// The colour of the mark's layer (its swatch in the legend).
    Layer,
}

/// What a mark's points are measured from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The world's origin: the points are where things were when the behavior ran.
    World,
    /// The agent as it is drawn: the points are offsets from it (a wander circle rides with
    /// the agent).
    Agent,
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
    /// What its points are measured from.
    pub anchor: Anchor,
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
            anchor: Anchor::World,
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
            anchor: Anchor::World,
        }
    }

    /// A mark of `layer` in `tint`, one pixel wide, its points in the world.
    #[must_use]
    pub fn on(layer: Layer, shape: Figure, tint: Tint, alpha: f32) -> Self {
        Self {
            layer,
            shape,
            tint,
            alpha,
            width: 1.0,
            anchor: Anchor::World,
        }
    }

    /// The same mark with its points measured from the agent.
    #[must_use]
    pub fn from_agent(self) -> Self {
        Self {
            anchor: Anchor::Agent,
            ..self
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
pub fn point_marks(point: Vec2, out: &mut Vec<Mark>) {
    out.push(Mark::guide(Figure::Ray(point), 0.4));
    out.push(Mark::guide(Figure::Diamond(point), 1.0).width(1.5));
}
