//! A run's thumbnail: where its first agents went, coloured by time (the sweep window, the
//! atlas's contact sheet and its window draw runs this way).

use egui::{Color32, Painter, Rect, Stroke, vec2};

use crate::tuning::sweep::Trajectory;
use crate::view::palette;

/// A thumbnail's background and border (highlighted or not, `width` wide), and where a world
/// point goes in `rect` with the world fitted in, `margin` points in from the edges.
fn backdrop(
    painter: &Painter,
    rect: Rect,
    trace: &Trajectory,
    (highlight, width, margin): (bool, f32, f32),
) -> impl Fn(glam::Vec2) -> egui::Pos2 {
    painter.rect_filled(rect, 3.0, palette::BACKGROUND);
    let border = if highlight {
        palette::CHANGED
    } else {
        palette::BOUNDARY
    };
    painter.rect_stroke(
        rect,
        3.0,
        Stroke::new(width, border),
        egui::StrokeKind::Inside,
    );
    let w = trace.size.x.max(1e-3);
    let h = trace.size.y.max(1e-3);
    let scale = ((rect.width() - margin) / w).min((rect.height() - margin) / h);
    let origin = rect.center() - vec2(w, h) * scale * 0.5;
    move |p: glam::Vec2| origin + vec2(p.x, p.y) * scale
}

/// A run's trajectories in `rect`, the world fitted in; a jump across a wrapping edge is not
/// drawn.
pub fn paint_trajectory(painter: &Painter, rect: Rect, trace: &Trajectory, highlight: bool) {
    let at = backdrop(painter, rect, trace, (highlight, 1.0, 6.0));
    // Coloured by time: faint at the start, the group's colour at the end, so runs that
    // cover the same ground at different speeds look different.
    for (group, points) in &trace.agents {
        let color: Color32 = palette::group_color(usize::from(*group));
        let last = points.len().saturating_sub(1).max(1) as f32;
        for (k, pair) in points.windows(2).enumerate() {
            if (pair[1] - pair[0]).abs().cmpgt(trace.size * 0.5).any() {
                continue;
            }
            let t = (k + 1) as f32 / last;
            let faded = palette::BACKGROUND.lerp_to_gamma(color, 0.25 + 0.75 * t);
            painter.line_segment([at(pair[0]), at(pair[1])], Stroke::new(1.2, faded));
        }
        if let Some(end) = points.last() {
            painter.circle_filled(at(*end), 1.8, color);
        }
    }
}

/// A run's trajectories in `rect` as it plays: every path faint, the part walked by `t` (0 at
/// the start, 1 at the end of the run) in the group's colour, and each agent where it is at
/// `t`. One path per agent, so a grid of them stays cheap to draw every frame.
pub fn paint_trajectory_playing(
    painter: &Painter,
    rect: Rect,
    trace: &Trajectory,
    highlight: bool,
    t: f32,
) {
    let width = if highlight { 2.0 } else { 1.0 };
    let at = backdrop(painter, rect, trace, (highlight, width, 4.0));
    for (group, points) in &trace.agents {
        let color: Color32 = palette::group_color(usize::from(*group));
        let faint = palette::BACKGROUND.lerp_to_gamma(color, 0.3);
        let last = points.len().saturating_sub(1);
        // Whole samples: a few dozen per run.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            clippy::cast_precision_loss
        )]
        let now = ((t.clamp(0.0, 1.0) * last as f32).round() as usize).min(last);
        // Split where the path jumps across a wrapping edge.
        let mut run: Vec<egui::Pos2> = Vec::new();
        let mut walked: Vec<egui::Pos2> = Vec::new();
        let flush = |run: &mut Vec<egui::Pos2>, stroke: Stroke| {
            if run.len() > 1 {
                painter.add(egui::Shape::line(std::mem::take(run), stroke));
            }
            run.clear();
        };
        for (k, p) in points.iter().enumerate() {
            let jump = k > 0 && (*p - points[k - 1]).abs().cmpgt(trace.size * 0.5).any();
            if jump {
                flush(&mut run, Stroke::new(1.0, faint));
                flush(&mut walked, Stroke::new(1.4, color));
            }
            run.push(at(*p));
            if k <= now {
                walked.push(at(*p));
            }
        }
        flush(&mut run, Stroke::new(1.0, faint));
        flush(&mut walked, Stroke::new(1.4, color));
        if let Some(p) = points.get(now) {
            painter.circle_filled(at(*p), 2.0, color);
        }
    }
}
