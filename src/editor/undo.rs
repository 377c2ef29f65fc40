//! Undo and redo of every edit: scene edits (the inspector, targets and obstacles moved on the
//! canvas, reset, revert, paste, reload) and agents added or removed on the canvas.
//!
//! Scene edits are whole before/after scenes: a scene is a few kilobytes, and restoring a
//! snapshot cannot drift the way replaying field operations can. The app commits an edit when
//! the pointer is released, so one slider drag or one obstacle drag is one step.

use crate::scene::{Scene, fields, labels};
use crate::sim::{Agent, FieldPath};

/// Most edits kept; the oldest are dropped beyond this.
pub const LIMIT: usize = 500;

/// One undoable edit.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// The scene went from `before` to `after`.
    Scene {
        /// The scene before the edit.
        before: Box<Scene>,
        /// The scene after the edit.
        after: Box<Scene>,
    },
    /// This agent was added to the world.
    AddAgent(Box<Agent>),
    /// This agent (as it was then) was removed from the world.
    RemoveAgent(Box<Agent>),
}

impl Edit {
    /// What the edit changed, for the status line: the field it changed, the part of the
    /// scene that holds every field it changed (`groups[0].arrive (5 fields)`), or the agent
    /// it added or removed.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            Self::Scene { before, after } => {
                let changes = fields::diff(&fields::flatten(before), &fields::flatten(after));
                if let [one] = changes.as_slice() {
                    return labels::change_text(
                        after,
                        &one.path,
                        one.old.as_deref(),
                        one.new.as_deref(),
                    );
                }
                let paths: Vec<&FieldPath> = changes.iter().map(|c| &c.path).collect();
                changed_label(after, &paths)
            }
            Self::AddAgent(agent) => format!("add agent {}", agent.id),
            Self::RemoveAgent(agent) => format!("remove agent {}", agent.id),
        }
    }
}

/// `paths` of `scene` in a few words: the one field, or the deepest part of the scene that
/// holds them all with how many fields changed.
fn changed_label(scene: &Scene, paths: &[&FieldPath]) -> String {
    match paths {
        [] => "no change".to_owned(),
        [one] => labels::field_label(scene, one),
        [first, rest @ ..] => {
            let mut common = (*first).clone();
            while !rest.iter().all(|p| p.is_within(&common)) {
                let Some(up) = common.parent() else {
                    break;
                };
                common = up;
            }
            if common.is_root() {
                format!("{} fields", paths.len())
            } else {
                format!(
                    "{} ({} fields)",
                    labels::field_label(scene, &common),
                    paths.len()
                )
            }
        }
    }
}

/// The undo and redo stacks.
#[derive(Clone, Debug, Default)]
pub struct Undo {
    done: Vec<Edit>,
    undone: Vec<Edit>,
}

impl Undo {
    /// Records a new edit; whatever was undone can no longer be redone.
    pub fn push(&mut self, edit: Edit) {
        self.undone.clear();
        self.done.push(edit);
        if self.done.len() > LIMIT {
            self.done.remove(0);
        }
    }

    /// The edit to undo, moved to the redo stack.
    pub fn undo(&mut self) -> Option<&Edit> {
        let edit = self.done.pop()?;
        self.undone.push(edit);
        self.undone.last()
    }

    /// The edit to redo, moved back to the undo stack.
    pub fn redo(&mut self) -> Option<&Edit> {
        let edit = self.undone.pop()?;
        self.done.push(edit);
        self.done.last()
    }

    /// Whether there is something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether there is something to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Number of edits that can be undone.
    #[must_use]
    pub fn position(&self) -> usize {
        self.done.len()
    }

    /// Drops the agent edits: after a restart their agents no longer exist (and their ids may
    /// belong to new agents).
    pub fn forget_agent_edits(&mut self) {
        let scene_only = |e: &Edit| matches!(e, Edit::Scene { .. });
        self.done.retain(scene_only);
        self.undone.retain(scene_only);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
    }

    /// The scene states of the history, oldest first, and how many edits are done: what
    /// autosave keeps (agent edits belong to a world that a restore rebuilds).
    #[must_use]
    pub fn scene_states(&self) -> (Vec<Scene>, usize) {
        let scenes = |edits: &mut dyn Iterator<Item = &Edit>| -> Vec<(Scene, Scene)> {
            edits
                .filter_map(|e| match e {
                    Edit::Scene { before, after } => Some(((**before).clone(), (**after).clone())),
                    _ => None,
                })
                .collect()
        };
        let done = scenes(&mut self.done.iter());
        let undone = scenes(&mut self.undone.iter().rev());
        let position = done.len();
        let mut states = Vec::with_capacity(done.len() + undone.len() + 1);
        for (before, after) in done.into_iter().chain(undone) {
            if states.last() != Some(&before) {
                states.push(before);
            }
            states.push(after);
        }
        (states, position)
    }

    /// The history [`Self::scene_states`] describes: consecutive states as edits, the first
    /// `position` of them done.
    #[must_use]
    pub fn from_scene_states(states: &[Scene], position: usize) -> Self {
        let mut undo = Self::default();
        let edits: Vec<Edit> = states
            .windows(2)
            .map(|w| Edit::Scene {
                before: Box::new(w[0].clone()),
                after: Box::new(w[1].clone()),
            })
            .collect();
        let position = position.min(edits.len());
        let mut edits = edits.into_iter();
        undo.done.extend(edits.by_ref().take(position));
        undo.undone.extend(edits.rev());
        undo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_is_labelled_by_the_fields_it_changed() {
        let before = Scene::new_default();
        let mut after = before.clone();
        after.groups[0].max_speed = 12.0;
        let edit = |after: &Scene| Edit::Scene {
            before: Box::new(before.clone()),
            after: Box::new(after.clone()),
        };
        let speed = before.groups[0].max_speed;
        assert_eq!(
            edit(&after).label(),
            format!("agents › max_speed {speed} u/s to 12 u/s")
        );
        // An angle stored in radians reads in degrees, as the inspector shows it.
        let mut turned = before.clone();
        turned.groups[0].wander.as_mut().unwrap().angle_change_rad = 0.15;
        let was = before.groups[0].wander.as_ref().unwrap().angle_change_rad;
        assert_eq!(
            edit(&turned).label(),
            format!(
                "agents › wander › angle change {} to 8.59°/tick",
                labels::readable_number(f64::from(was).to_degrees()) + "°/tick"
            )
        );
        // A block has its switch, weight and probability and wander three numbers of its own.
        let mut removed = before.clone();
        removed.groups[0].wander = None;
        assert_eq!(edit(&removed).label(), "agents › wander (6 fields)");
        after.groups[0].wander = None;
        assert_eq!(edit(&after).label(), "agents (7 fields)");
        after.dt = 0.5;
        assert_eq!(edit(&after).label(), "8 fields");
        assert_eq!(edit(&before).label(), "no change");
    }

    fn scene(speed: f32) -> Scene {
        let mut s = Scene::new_default();
        s.groups[0].max_speed = speed;
        s
    }

    fn edit(a: f32, b: f32) -> Edit {
        Edit::Scene {
            before: Box::new(scene(a)),
            after: Box::new(scene(b)),
        }
    }

    #[test]
    fn undo_then_redo_walks_the_same_edits_back_and_forth() {
        let mut u = Undo::default();
        u.push(edit(1.0, 2.0));
        u.push(edit(2.0, 3.0));
        assert_eq!(u.undo(), Some(&edit(2.0, 3.0)));
        assert_eq!(u.undo(), Some(&edit(1.0, 2.0)));
        assert_eq!(u.undo(), None);
        assert_eq!(u.redo(), Some(&edit(1.0, 2.0)));
        // A new edit drops what was undone.
        u.push(edit(2.0, 5.0));
        assert!(!u.can_redo());
        assert_eq!(u.position(), 2);
    }

    #[test]
    fn scene_states_round_trip_with_the_position() {
        let mut u = Undo::default();
        u.push(edit(1.0, 2.0));
        u.push(Edit::AddAgent(Box::new(Agent::new(
            7,
            0,
            glam::Vec2::ZERO,
            glam::Vec2::ZERO,
            1,
            0.0,
        ))));
        u.push(edit(2.0, 3.0));
        u.push(edit(3.0, 4.0));
        u.undo();
        u.undo();
        let (states, position) = u.scene_states();
        let speeds: Vec<f32> = states.iter().map(|s| s.groups[0].max_speed).collect();
        assert_eq!(speeds, vec![1.0, 2.0, 3.0, 4.0]);
        // The two undos took back 3→4 and 2→3; 1→2 stays done (with the agent edit, which
        // the scene states leave out): one scene edit is done.
        assert_eq!(position, 1);
        let mut back = Undo::from_scene_states(&states, position);
        assert_eq!(back.position(), 1);
        assert_eq!(back.redo(), Some(&edit(2.0, 3.0)));
        assert_eq!(back.redo(), Some(&edit(3.0, 4.0)));
        assert_eq!(back.redo(), None);
    }

    #[test]
    fn the_history_is_bounded() {
        let mut u = Undo::default();
        for k in 0..(LIMIT + 20) {
            u.push(edit(k as f32, k as f32 + 1.0));
        }
        assert_eq!(u.position(), LIMIT);
    }
}
