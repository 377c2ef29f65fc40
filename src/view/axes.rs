//! Plot axes that always carry numbers: grid steps from the 1, 2, 5 sequence, so that a short
//! plot over a range such as 0 to 600 labels 0, 250 and 500 where `egui_plot`'s powers of ten
//! would label only 0.

use egui_plot::Plot;

/// `plot` with both axes' grid steps from the 1, 2, 5 sequence, and their numbers written as
/// a designer reads them (three significant digits: `0.25`, where `egui_plot`'s own labels,
/// rounded to the step's power of ten, would write `0`).
#[must_use]
pub fn numbered(plot: Plot<'_>) -> Plot<'_> {
    let readable = |mark: egui_plot::GridMark, _: &std::ops::RangeInclusive<f64>| {
        crate::sim::model::text::readable_number(mark.value)
    };
    plot.x_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
        steps_of_one_two_five(&input)
    }))
    .y_grid_spacer(egui_plot::uniform_grid_spacer(|input| {
        steps_of_one_two_five(&input)
    }))
    .x_axis_formatter(readable)
    .y_axis_formatter(readable)
}

/// Grid steps from the 1, 2, 5 sequence, the thinnest at least the spacing the plot allows and
/// each next one five and ten times it, so that a short plot over a range such as 0 to 600
/// still has labelled lines (0, 250, 500) where powers of ten alone would label only 0.
fn steps_of_one_two_five(input: &egui_plot::GridInput) -> [f64; 3] {
    let step = nice_step(input.base_step_size);
    [step, step * 5.0, step * 10.0]
}

/// The smallest number of the 1, 2, 5 sequence (…, 0.5, 1, 2, 5, 10, …) at least `at_least`
/// (1 for a step that is not a positive number).
fn nice_step(at_least: f64) -> f64 {
    if !(at_least.is_finite() && at_least > 0.0) {
        return 1.0;
    }
    let decade = 10f64.powf(at_least.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * decade)
        .find(|s| *s >= at_least * (1.0 - 1e-9))
        .unwrap_or(10.0 * decade)
}

#[cfg(test)]
mod tests {
    // The steps are exact members of the 1, 2, 5 sequence: compared exactly.
    #![allow(clippy::float_cmp)]

    use super::*;

    #[test]
    fn grid_steps_follow_one_two_five() {
        assert_eq!(nice_step(48.0), 50.0);
        assert_eq!(nice_step(50.0), 50.0);
        assert_eq!(nice_step(51.0), 100.0);
        assert_eq!(nice_step(0.013), 0.02);
        assert_eq!(nice_step(1.0), 1.0);
        assert_eq!(nice_step(0.0), 1.0);
        assert_eq!(nice_step(f64::NAN), 1.0);
    }

    /// A plot 100 points tall over 0 to 580 (`max_speed` 580) labels more than its 0: a
    /// medium step lies inside the range and is at least the 20 points a label needs.
    #[test]
    fn a_short_plot_over_hundreds_has_labelled_lines() {
        let (range, height) = (580.0, 100.0);
        let per_point = range / height;
        let steps = steps_of_one_two_five(&egui_plot::GridInput {
            bounds: (0.0, range),
            base_step_size: per_point * 8.0,
        });
        let labelled = steps.iter().find(|s| *s / per_point > 20.0).unwrap();
        assert!(*labelled < range, "{steps:?}");
    }
}
