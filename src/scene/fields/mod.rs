//! A scene as a flat list of fields: `groups[1].wander.circle_radius` → `15.0`.
//!
//! The editor compares the scene being edited with the saved file and with the defaults field
//! by field (the changed-field markers, the "changes" list, reset and revert), with the same
//! paths that validation errors use. Every leaf is kept as the RON text the scene file would
//! hold for it, so a value read back with [`value`] is exactly the one saved.
//!
//! Structs, sequences and `Some(block)` are walked into; numbers, strings, booleans, enums and
//! `None` are leaves.

use std::collections::BTreeMap;
use std::fmt::Display;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde::ser::{self, Impossible};

use super::Scene;
use crate::sim::BehaviorKind;
use crate::sim::model::field::{ENABLED, Owned, PROBABILITY, Value, WEIGHT};
use crate::sim::model::field_path::{FieldPath, Part};

/// Field path → the field's RON text.
pub type Fields = BTreeMap<FieldPath, String>;

/// Every field of `scene`.
#[must_use]
pub fn flatten(scene: &Scene) -> Fields {
    flatten_value(scene)
}

/// Every field of any serializable value (paths relative to it).
#[must_use]
pub fn flatten_value<T: Serialize + ?Sized>(value: &T) -> Fields {
    let mut fields = Fields::new();
    // The only error a leaf can give is a non-finite float, which RON writes anyway; a failure
    // leaves that field out of the list rather than failing the whole list.
    let _ = value.serialize(Flattener {
        path: FieldPath::root(),
        out: &mut fields,
    });
    fields
}

/// The value at `path` in `fields`, parsed as a `T` (`None` when absent or of another type).
#[must_use]
pub fn value<T: DeserializeOwned>(fields: &Fields, path: &FieldPath) -> Option<T> {
    let text = fields.get(path)?;
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(text)
        .ok()
}

/// One difference between two scenes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Field path.
    pub path: FieldPath,
    /// The value before (`None`: the field did not exist).
    pub old: Option<String>,
    /// The value after (`None`: the field no longer exists).
    pub new: Option<String>,
}

/// Every field that differs between `old` and `new`, in path order.
#[must_use]
pub fn diff(old: &Fields, new: &Fields) -> Vec<Change> {
    let mut changes = Vec::new();
    for (path, value) in old {
        match new.get(path) {
            Some(v) if v == value => {}
            other => changes.push(Change {
                path: path.clone(),
                old: Some(value.clone()),
                new: other.cloned(),
            }),
        }
    }
    for (path, value) in new {
        if !old.contains_key(path) {
            changes.push(Change {
                path: path.clone(),
                old: None,
                new: Some(value.clone()),
            });
        }
    }
    changes.sort_by(|a, b| a.path.cmp(&b.path));
    changes
}

/// A scene of the same shape as `scene` (the same groups, each with the same behavior blocks)
/// where every parameter has its default value: what "reset to default" resets to. Names,
/// counts, spawning, what each block refers to (its targets, path or flow field) and the
/// scenery (obstacles, walls, paths, flow fields, placed agents) stay as they are.
#[must_use]
pub fn defaults_like(scene: &Scene) -> Scene {
    use crate::sim::Group;
    fn like<T: Default>(block: Option<&T>) -> Option<T> {
        block.map(|_| T::default())
    }
    let fresh = Scene::new_default();
    let groups = scene
        .groups
        .iter()
        .map(|g| {
            // Every block stays (its targets and names too), with its default numbers; the
            // group's own numbers are those of a new group.
            let fresh = Group::new(&g.name, g.count, g.spawn.clone());
            let mut d = g.clone();
            d.reset_blocks();
            d.max_force = fresh.max_force;
            d.max_speed = fresh.max_speed;
            d.mass = fresh.mass;
            d.radius = fresh.radius;
            d.combination = fresh.combination;
            d.max_turn_rate_deg = fresh.max_turn_rate_deg;
            d.heading_smoothing = fresh.heading_smoothing;
            d.stamina = like(g.stamina.as_ref());
            d.max_neighbors = fresh.max_neighbors;
            d
        })
        .collect();
    Scene {
        name: scene.name.clone(),
        description: scene.description.clone(),
        obstacles: scene.obstacles.clone(),
        walls: scene.walls.clone(),
        paths: scene.paths.clone(),
        flow_fields: scene.flow_fields.clone(),
        agents: scene.agents.clone(),
        click_target: scene.click_target,
        groups,
        ..fresh
    }
}

#[derive(Debug)]
struct Error(String);

impl Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

/// Walks a value, writing one entry per leaf.
struct Flattener<'a> {
    path: FieldPath,
    out: &'a mut Fields,
}

impl Flattener<'_> {
    fn leaf<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        let text = ron::to_string(value).map_err(|e| Error(e.to_string()))?;
        self.out.insert(self.path, text);
        Ok(())
    }

    fn child(&mut self, name: &'static str) -> Flattener<'_> {
        Flattener {
            path: self.path.key(name),
            out: self.out,
        }
    }

    fn element(&mut self, index: usize) -> Flattener<'_> {
        Flattener {
            path: self.path.index(index),
            out: self.out,
        }
    }
}

macro_rules! leaves {
    ($($method:ident($ty:ty)),* $(,)?) => {
        $(fn $method(self, v: $ty) -> Result<(), Error> {
            self.leaf(&v)
        })*
    };
}

impl<'a> ser::Serializer for Flattener<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Seq<'a>;
    type SerializeTuple = Leaf<'a>;
    type SerializeTupleStruct = Leaf<'a>;
    type SerializeTupleVariant = VariantLeaf<'a>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Self;
    type SerializeStructVariant = VariantLeaf<'a>;

    leaves!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
    );

    fn serialize_none(self) -> Result<(), Error> {
        self.out.insert(self.path, "None".to_owned());
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.leaf(&())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.leaf(&())
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.out.insert(self.path, variant.to_owned());
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let inner = ron::to_string(value).map_err(|e| Error(e.to_string()))?;
        self.out.insert(self.path, format!("{variant}({inner})"));
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Seq<'a>, Error> {
        Ok(Seq {
            flattener: self,
            index: 0,
        })
    }

    fn serialize_tuple(self, _len: usize) -> Result<Leaf<'a>, Error> {
        Ok(Leaf::new(self))
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Leaf<'a>, Error> {
        Ok(Leaf::new(self))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<VariantLeaf<'a>, Error> {
        Ok(VariantLeaf::new(self, variant))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(Error("maps are not flattened".to_owned()))
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self, Error> {
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<VariantLeaf<'a>, Error> {
        Ok(VariantLeaf::new(self, variant))
    }
}

impl ser::SerializeStruct for Flattener<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self.child(key))
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// A sequence: one path per element.
struct Seq<'a> {
    flattener: Flattener<'a>,
    index: usize,
}

impl ser::SerializeSeq for Seq<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let index = self.index;
        self.index += 1;
        value.serialize(self.flattener.element(index))
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// A tuple (a point, a pair): one leaf, written as RON writes it.
struct Leaf<'a> {
    flattener: Flattener<'a>,
    parts: Vec<String>,
}

impl<'a> Leaf<'a> {
    fn new(flattener: Flattener<'a>) -> Self {
        Self {
            flattener,
            parts: Vec::new(),
        }
    }

    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.parts
            .push(ron::to_string(value).map_err(|e| Error(e.to_string()))?);
        Ok(())
    }

    fn finish(self) {
        let Flattener { path, out } = self.flattener;
        out.insert(path, format!("({})", self.parts.join(", ")));
    }
}

impl ser::SerializeTuple for Leaf<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish();
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Leaf<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish();
        Ok(())
    }
}

/// An enum variant with fields (`Area(min: ..., max: ...)`): one leaf, written as RON writes
/// it.
struct VariantLeaf<'a> {
    leaf: Leaf<'a>,
    variant: &'static str,
}

impl<'a> VariantLeaf<'a> {
    fn new(flattener: Flattener<'a>, variant: &'static str) -> Self {
        Self {
            leaf: Leaf::new(flattener),
            variant,
        }
    }

    fn finish(self) {
        let Flattener { path, out } = self.leaf.flattener;
        out.insert(
            path,
            format!("{}({})", self.variant, self.leaf.parts.join(", ")),
        );
    }
}

impl ser::SerializeTupleVariant for VariantLeaf<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.leaf.push(value)
    }

    fn end(self) -> Result<(), Error> {
        self.finish();
        Ok(())
    }
}

impl ser::SerializeStructVariant for VariantLeaf<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.leaf.push(value)?;
        if let Some(last) = self.leaf.parts.last_mut() {
            *last = format!("{key}: {last}");
        }
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        self.finish();
        Ok(())
    }
}

/// A field of a group, the same in every group: its owner (the group itself, or one of its
/// behavior blocks) and its key.
fn group_field(path: &FieldPath) -> Option<(usize, Option<BehaviorKind>, String)> {
    let g = path.group_index()?;
    let below = path.below(&FieldPath::group(g))?;
    match below.parts() {
        [Part::Key(key)] => Some((g, None, key.to_string())),
        [Part::Key(block), Part::Key(key)] => {
            Some((g, Some(BehaviorKind::from_key(block)?), key.to_string()))
        }
        _ => None,
    }
}

/// Reads (`write` none) or writes field `key` of `group`'s block `kind` (or of the group
/// itself when `kind` is none); returns the value it had, when the group has the field.
fn group_value(
    group: &mut crate::sim::Group,
    (kind, key): (Option<BehaviorKind>, &str),
    write: Option<&Owned>,
) -> Option<Owned> {
    let mut found = None;
    let mut visit = |field: &'static crate::sim::model::field::Field, mut value: Value<'_>| {
        if field.key == key && found.is_none() {
            found = Some(value.owned());
            if let Some(new) = write {
                value.take(new);
            }
        }
    };
    match kind {
        None => group.own_fields(&mut visit),
        Some(kind) => {
            let common = [ENABLED.key, WEIGHT.key, PROBABILITY.key];
            if common.contains(&key) {
                let block = group.block_mut(kind)?;
                let (enabled, weight, probability) = block.common_mut();
                let (now, slot) = match key {
                    k if k == ENABLED.key => (Owned::Flag(*enabled), Value::Flag(enabled)),
                    k if k == WEIGHT.key => (Owned::Real(*weight), Value::Number(weight)),
                    _ => (Owned::Real(*probability), Value::Number(probability)),
                };
                if let (Some(new), mut slot) = (write, slot) {
                    slot.take(new);
                }
                return Some(now);
            }
            group.visit_fields(kind, &mut visit);
        }
    }
    found
}

/// Sets the field at `path` (a group's own field, or a field of one of its behavior blocks)
/// in every other group that has it, to the value it has at `path`. Returns how many groups
/// it changed.
pub fn set_in_every_group(scene: &mut Scene, path: &FieldPath) -> usize {
    let Some((g, kind, key)) = group_field(path) else {
        return 0;
    };
    let Some(value) = scene
        .groups
        .get_mut(g)
        .and_then(|group| group_value(group, (kind, &key), None))
    else {
        return 0;
    };
    let mut changed = 0;
    for (h, group) in scene.groups.iter_mut().enumerate() {
        if h == g {
            continue;
        }
        if group_value(group, (kind, &key), Some(&value)).is_some_and(|was| was != value) {
            changed += 1;
        }
    }
    changed
}

/// How many groups of `scene` other than the one `path` is in have the field at `path`.
#[must_use]
pub fn other_groups_with(scene: &Scene, path: &FieldPath) -> usize {
    let Some((g, kind, key)) = group_field(path) else {
        return 0;
    };
    let mut copy = scene.clone();
    let mut count = 0;
    for (h, group) in copy.groups.iter_mut().enumerate() {
        if h != g && group_value(group, (kind, &key), None).is_some() {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests;
