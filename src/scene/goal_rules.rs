//! The checks of a scene's goals against the scene: every goal names a group, a metric and a
//! field the scene has (with the nearest valid name for a typo), and its numbers are in range.

use super::Scene;
use super::goals::{GOALS, Goals, MAX_SECONDS, MAX_SEEDS, Want};
use super::messages::unknown_name;
use crate::sim::Problem;
use crate::sim::model::field_path::FieldPath;
use crate::sim::observe::metrics::DEFINITIONS;

/// Every problem with `goals` in `scene`, each at its path (`goals.list[0].metric`), with the
/// nearest valid name for a typo.
#[must_use]
pub fn problems(goals: &Goals, scene: &Scene) -> Vec<Problem> {
    let root = FieldPath::root().key(GOALS);
    let mut out = Vec::new();
    let mut push = |at: FieldPath, message: String| out.push(Problem::new(at, message));
    if !(goals.seconds.is_finite() && goals.seconds > 0.0 && goals.seconds <= MAX_SECONDS) {
        push(
            root.key("seconds"),
            format!(
                "must be > 0 and at most {MAX_SECONDS}, got {}",
                goals.seconds
            ),
        );
    }
    if !(1..=MAX_SEEDS).contains(&goals.seeds) {
        push(
            root.key("seeds"),
            format!("must be 1 to {MAX_SEEDS}, got {}", goals.seeds),
        );
    }
    let groups: Vec<&str> = scene.groups.iter().map(|g| g.name.as_str()).collect();
    let metrics: Vec<&str> = DEFINITIONS.iter().map(|d| d.name).collect();
    for (i, goal) in goals.list.iter().enumerate() {
        let at = root.key("list").index(i);
        if !groups.contains(&goal.group.as_str()) {
            push(at.key("group"), unknown_name("group", &goal.group, &groups));
        }
        if !metrics.contains(&goal.metric.as_str()) {
            push(
                at.key("metric"),
                unknown_name("metric", &goal.metric, &metrics),
            );
        }
        match goal.want() {
            None => push(
                at.clone(),
                "give exactly one of `at_most`, `at_least`, `minimize: true` or \
                 `maximize: true`"
                    .to_owned(),
            ),
            Some(Want::AtMost(v) | Want::AtLeast(v)) if !v.is_finite() => {
                push(
                    at.clone(),
                    format!("the target must be a finite number, got {v}"),
                );
            }
            Some(_) => {}
        }
    }
    let mut copy = scene.clone();
    for (i, t) in goals.tune.iter().enumerate() {
        let at = root.key("tune").index(i);
        if t.field.get(&mut copy).is_none() {
            let e = t
                .field
                .unknown(&mut copy, "no number at this path in this scene");
            push(at.key("field"), e.message);
        }
        if !(t.lo.is_finite() && t.hi.is_finite() && t.lo < t.hi) {
            push(
                at.clone(),
                format!(
                    "the range must be finite with lo < hi, got {}..{}",
                    t.lo, t.hi
                ),
            );
        } else if let Some(limit) = t.field.limit(&mut copy) {
            let r = limit.range();
            // As the field holds them: 0.001 is the f32 nearest it, not a hair below.
            #[allow(clippy::cast_possible_truncation)]
            let (lo, hi) = (t.lo as f32, t.hi as f32);
            if lo < *r.start() || hi > *r.end() {
                push(
                    at.clone(),
                    format!(
                        "the range {}..{} goes outside what the field may hold ({}..{})",
                        t.lo,
                        t.hi,
                        crate::scene::labels::readable_number(f64::from(*r.start())),
                        crate::scene::labels::readable_number(f64::from(*r.end()))
                    ),
                );
            }
        }
    }
    out
}
