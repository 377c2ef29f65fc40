//! Picking a numeric field of the scene (the Sweep's field, the fields Tune and the Atlas may
//! change, each with its range): the fields a designer is tuning first, and a search box over
//! their labels.

use egui::Ui;

use crate::editor::drag::path_drag;
use crate::scene::goals::TuneRange;
use crate::scene::{Scene, labels};
use crate::sim::BehaviorKind;
use crate::sim::model::field_path::{FieldPath, Part};
use crate::sim::setup::settings::{AGENTS, DT, SEED, SPAWN};
use crate::tuning::sweep;

/// How near a field is to what the designer is tuning: the lower, the nearer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Tier {
    /// A behavior the current group has on.
    CurrentInUse,
    /// The current group's own numbers (speed, force, mass, ...).
    CurrentOwn,
    /// A behavior another group has on.
    OtherInUse,
    /// Another group's own numbers.
    OtherOwn,
    /// A behavior a group has but switched off.
    Off,
    /// The world and its scenery.
    World,
    /// Where agents start, the seed and the tick: rarely what a tuning is about.
    Setup,
}

/// The behavior a path below `groups[g]` belongs to, if any.
fn behavior_of(below: &FieldPath) -> Option<BehaviorKind> {
    match below.parts().first() {
        Some(Part::Key(k)) => BehaviorKind::from_key(k),
        _ => None,
    }
}

/// Where `field` stands in the list, and its behavior's place in the priority order.
fn rank(scene: &Scene, current_group: usize, field: &FieldPath) -> (Tier, usize) {
    let top = match field.parts().first() {
        Some(Part::Key(k)) => k.as_ref(),
        _ => "",
    };
    if [SEED.key, DT.key, AGENTS].contains(&top) {
        return (Tier::Setup, 0);
    }
    let Some(g) = field.group_index() else {
        return (Tier::World, 0);
    };
    let Some(below) = field.below(&FieldPath::group(g)) else {
        return (Tier::World, 0);
    };
    if below.parts().first() == Some(&Part::Key(SPAWN.key.into())) {
        return (Tier::Setup, 0);
    }
    let current = g == current_group;
    match behavior_of(&below) {
        Some(kind) => {
            let on = scene.groups.get(g).is_some_and(|gr| gr.uses(kind));
            let tier = match (on, current) {
                (true, true) => Tier::CurrentInUse,
                (true, false) => Tier::OtherInUse,
                (false, _) => Tier::Off,
            };
            (tier, kind.index())
        }
        None if current => (Tier::CurrentOwn, 0),
        None => (Tier::OtherOwn, 0),
    }
}

/// Every numeric field of `scene`, the ones a designer tuning group `current_group` looks for
/// first: the behaviors it has on (in priority order), its own numbers, the other groups'
/// behaviors and numbers, switched-off behaviors, the world and its scenery; last where agents
/// start, the seed and the tick.
#[must_use]
pub fn fields_in_order(scene: &Scene, current_group: usize) -> Vec<FieldPath> {
    let mut fields: Vec<(Tier, usize, usize, FieldPath)> = sweep::numeric_fields(scene)
        .into_iter()
        .enumerate()
        .map(|(k, f)| {
            let (tier, behavior) = rank(scene, current_group, &f);
            (tier, f.group_index().unwrap_or(0), behavior * 10_000 + k, f)
        })
        .collect();
    fields.sort_by_key(|a| (a.0, a.1, a.2));
    fields.into_iter().map(|(.., f)| f).collect()
}

/// The field a sweep of the current group starts on: the first of the group's fields the
/// scene's goals tune, else a radius of a behavior it has on, else a weight of one, else the
/// first field a designer looks for.
#[must_use]
pub fn default_sweep_field(scene: &Scene, current_group: usize) -> Option<FieldPath> {
    let tuned = scene.goals.as_ref().and_then(|g| {
        g.tune
            .iter()
            .find(|r| r.field.group_index() == Some(current_group))
    });
    if let Some(r) = tuned {
        return Some(r.field.clone());
    }
    let fields = fields_in_order(scene, current_group);
    let in_use = |f: &&FieldPath| rank(scene, current_group, f).0 == Tier::CurrentInUse;
    let labelled = |word: &str| {
        fields
            .iter()
            .filter(in_use)
            .find(|f| labels::field_label(scene, f).contains(word))
            .cloned()
    };
    labelled("radius")
        .or_else(|| labelled("weight"))
        .or_else(|| fields.first().cloned())
}

/// A drop-down of `fields` (each by its label, its path as the tooltip) with a search box
/// that keeps the fields whose label holds what is typed. Returns the field picked.
pub fn field_picker_ui(
    ui: &mut Ui,
    id: &str,
    selected_text: String,
    (scene, fields): (&Scene, &[FieldPath]),
) -> (egui::Response, Option<FieldPath>) {
    let mut picked = None;
    let search_id = ui.make_persistent_id((id, "search"));
    let combo = egui::ComboBox::from_id_salt(id)
        .width(300.0)
        .height(360.0)
        .selected_text(selected_text)
        // A click in the search box types there: only a click outside (or a pick, or Esc)
        // closes the list.
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
        .show_ui(ui, |ui| {
            let mut search: String = ui.data_mut(|d| d.get_temp(search_id).unwrap_or_default());
            let edit = ui.add(
                egui::TextEdit::singleline(&mut search)
                    .hint_text("search fields…")
                    .desired_width(280.0),
            );
            // The search box has the keys while the list is open: it is the list's only field,
            // and a click that opened the list must not keep them on the button.
            if !edit.has_focus() {
                edit.request_focus();
            }
            let wanted = search.to_lowercase();
            for f in fields {
                let label = labels::field_label(scene, f);
                if !wanted.is_empty() && !label.to_lowercase().contains(&wanted) {
                    continue;
                }
                if ui
                    .selectable_label(false, label)
                    .on_hover_text(f.to_string())
                    .clicked()
                {
                    picked = Some(f.clone());
                    ui.close();
                }
            }
            ui.data_mut(|d| d.insert_temp(search_id, search));
        });
    // Closed: the next opening starts with an empty search.
    if combo.inner.is_none() {
        ui.data_mut(|d| d.remove::<String>(search_id));
    }
    let response = combo.response;
    (response, picked)
}

/// A range around `field`'s current value in `scene`: half to twice it (a value of 0: 0 to 1),
/// within what the field may hold.
#[must_use]
pub fn range_around(scene: &Scene, field: &FieldPath) -> Option<TuneRange> {
    let mut copy = scene.clone();
    let v = field.get(&mut copy)?;
    let limit = field.limit(&mut copy)?.range();
    let (lo, hi) = if v == 0.0 {
        (0.0, 1.0)
    } else {
        let (a, b) = (v * 0.5, v * 2.0);
        (a.min(b), a.max(b))
    };
    let lo = lo.max(f64::from(*limit.start()));
    let hi = hi.min(f64::from(*limit.end()));
    (lo < hi).then(|| TuneRange {
        field: field.clone(),
        lo,
        hi,
    })
}

/// The fields of `ranges` each with its range to edit (and a button that removes it), then a
/// picker that adds a field with a range around its value; `id` keeps two lists apart. Whether
/// anything changed.
pub fn ranges_ui(
    ui: &mut Ui,
    id: &str,
    (scene, current_group): (&Scene, usize),
    ranges: &mut Vec<TuneRange>,
) -> bool {
    let mut changed = false;
    if ranges.is_empty() {
        ui.weak("None yet: add the fields that matter below.");
    }
    let mut remove = None;
    egui::Grid::new(format!("{id} fields"))
        .striped(true)
        .show(ui, |ui| {
            for (i, r) in ranges.iter_mut().enumerate() {
                ui.label(labels::field_label(scene, &r.field))
                    .on_hover_text(r.field.to_string());
                let speed = ((r.hi - r.lo).abs() / 200.0).max(1e-3);
                let field = r.field.clone();
                changed |= ui
                    .add(path_drag(&mut r.lo, &field).speed(speed).prefix("from "))
                    .changed();
                changed |= ui
                    .add(path_drag(&mut r.hi, &field).speed(speed).prefix("to "))
                    .changed();
                if ui
                    .small_button("remove")
                    .on_hover_text("Leave it as it is")
                    .clicked()
                {
                    remove = Some(i);
                }
                ui.end_row();
            }
        });
    if let Some(i) = remove {
        ranges.remove(i);
        changed = true;
    }
    let fields: Vec<FieldPath> = fields_in_order(scene, current_group)
        .into_iter()
        .filter(|f| ranges.iter().all(|r| r.field != *f))
        .collect();
    let (_, picked) = field_picker_ui(
        ui,
        &format!("{id} add field"),
        "Add a field…".to_owned(),
        (scene, &fields),
    );
    if let Some(r) = picked.and_then(|f| range_around(scene, &f)) {
        ranges.push(r);
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::presets;

    fn scene(file: &str) -> Scene {
        let p = presets::find(file).expect("preset");
        crate::scene::from_str(p.text, p.file)
            .expect("valid")
            .into_scene()
    }

    #[test]
    fn the_behaviors_in_use_come_first_and_the_setup_last() {
        let boids = scene("boids.ron");
        let fields = fields_in_order(&boids, 0);
        let first = labels::field_label(&boids, &fields[0]);
        // The blue flock's first behavior in priority order: avoid_obstacles.
        assert!(first.starts_with("blue › avoid_obstacles"), "{first}");
        let last = fields.last().expect("fields").to_string();
        assert!(
            last == "dt" || last == "seed" || last.contains("spawn"),
            "{last}"
        );
        let path = |text: &str| FieldPath::parse(text).expect("a path");
        let seed = fields.iter().position(|f| *f == path("seed"));
        let max_speed = fields
            .iter()
            .position(|f| *f == path("groups[0].max_speed"));
        assert!(max_speed < seed, "{max_speed:?} {seed:?}");
        // The red group's in use come before any switched-off behavior or the world.
        let red = fields
            .iter()
            .position(|f| f.to_string().starts_with("groups[1].separation"));
        let world = fields
            .iter()
            .position(|f| f.to_string().starts_with("world"));
        assert!(red < world, "{red:?} {world:?}");
    }

    #[test]
    fn a_sweep_starts_on_a_radius_of_a_behavior_in_use() {
        let boids = scene("boids.ron");
        let f = default_sweep_field(&boids, 0).expect("a field");
        let label = labels::field_label(&boids, &f);
        assert!(
            label.starts_with("blue") && label.contains("radius"),
            "{label}"
        );
        let arrive = scene("arrive_slowing.ron");
        let f = default_sweep_field(&arrive, 0).expect("a field");
        assert_eq!(f.to_string(), "groups[0].arrive.mode");
    }

    #[test]
    fn a_sweep_starts_on_the_first_field_the_goals_tune() {
        let text = include_str!("../../../docs/examples/arrive_goals.ron");
        let tuned = crate::scene::from_str(text, "arrive_goals.ron")
            .expect("loads")
            .into_scene();
        let f = default_sweep_field(&tuned, 0).expect("a field");
        assert_eq!(f.to_string(), "groups[0].mass");
    }
}
