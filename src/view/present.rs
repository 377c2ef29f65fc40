//! Presentation: the canvas alone at a chosen output size, with an optional legend of the
//! overlay colours and an optional caption (the scene's name and key parameters). The editor's
//! presentation mode, its recordings and `steerlab render` all draw through [`frame_ui`], so a
//! clip shows exactly what the window shows.

use egui::{Color32, FontId, Pos2, Rect, Stroke, Ui, vec2};
use serde::{Deserialize, Serialize};

use super::canvas::{CanvasState, canvas_ui, world_painting_ui};
use super::input::{CanvasAction, CanvasInput};
use super::overlays::{Overlay, Overlays, Scope};
use super::paint_traces::{layer_color, layer_label, layer_overlay};
use super::palette::{self, behavior_color};
use crate::scene::Scene;
use crate::sim::BehaviorKind;
use crate::sim::setup::settings::{MASS, MAX_FORCE, MAX_SPEED};
use crate::sim::steer::marks::Layer;

/// Output sizes offered in the editor.
pub const SIZES: [[u32; 2]; 2] = [[1280, 720], [1920, 1080]];

/// Largest output side, in pixels.
pub const MAX_SIDE: u32 = 4096;

/// What a presentation frame shows besides the canvas, and its size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Presentation {
    /// Output width and height in pixels.
    pub size: [u32; 2],
    /// The legend of the overlay colours.
    pub legend: bool,
    /// The caption: scene name and key parameters.
    pub caption: bool,
}

impl Default for Presentation {
    fn default() -> Self {
        Self {
            size: SIZES[0],
            legend: true,
            caption: true,
        }
    }
}

/// The overlays `steerlab render` draws: velocity and steering force of every agent, wander
/// circles, slowing and panic circles, prediction points and trails.
#[must_use]
pub fn render_overlays() -> Overlays {
    Overlays {
        scope: Scope::All,
        ..Overlays::default()
    }
    .with(Overlay::Behaviors, false)
}

/// Draws one presentation frame filling `ui`: the canvas, then the legend and the caption over
/// it. Returns what the canvas returns (pointer position and actions); an offline frame
/// (`interactive` false) paints the world alone and returns nothing.
pub fn frame_ui(
    ui: &mut Ui,
    state: &mut CanvasState,
    (input, interactive): (&CanvasInput<'_>, bool),
    scene: &Scene,
    presentation: &Presentation,
) -> (Option<glam::Vec2>, Vec<CanvasAction>) {
    let rect = ui.available_rect_before_wrap();
    let painter = ui.painter_at(rect);
    let scale = (rect.height() / 720.0).clamp(0.5, 3.0);
    let legend = presentation.legend.then(|| {
        let ghosts = input.ghosts.is_some() && input.overlays.shows(Overlay::Ghosts);
        legend_layout(&painter, rect, input.overlays, scene, ghosts, scale)
    });
    let caption = presentation
        .caption
        .then(|| caption_layout(&painter, rect, scene, scale));
    // The whole world fits beside the legend and above the caption, never under them.
    if state.view.wants_fit(rect) && state.view.framing.is_none() {
        let mut inner = rect;
        if let Some(Some(l)) = &legend {
            inner.max.x = inner.max.x.min(l.frame.left());
        }
        if let Some(c) = &caption {
            inner.max.y = inner.max.y.min(c.frame.top());
        }
        fit_within(&mut state.view, rect, inner, input.world.spec().size);
    }
    let result = if interactive {
        canvas_ui(ui, state, input)
    } else {
        world_painting_ui(ui, state, input);
        (None, Vec::new())
    };
    if let Some(Some(l)) = legend {
        l.paint(&painter, scale);
    }
    if let Some(c) = caption {
        c.paint(&painter, scale);
    }
    result
}

/// Fits the world into `inner`, a part of the canvas `rect`: the fit of `rect` as the canvas
/// keeps it, its middle moved to `inner`'s.
fn fit_within(view: &mut crate::view::View, rect: Rect, inner: Rect, size: glam::Vec2) {
    if inner.width() < rect.width() * 0.5 || inner.height() < rect.height() * 0.5 {
        // Too little room beside them: the world under the boxes rather than tiny.
        view.fit(rect, size);
        return;
    }
    view.fit(inner, size);
    let shift = (rect.center() - inner.center()) / view.pixels_per_unit;
    view.center_world = (view.center() + glam::Vec2::new(shift.x, shift.y)).to_array();
    view.fitted_to = Some([rect.width(), rect.height()]);
}

/// A box of text laid out, to paint: its frame and its lines (with a swatch's colour each, for
/// the legend).
struct TextBox {
    frame: Rect,
    lines: Vec<(Option<Color32>, std::sync::Arc<egui::Galley>)>,
}

impl TextBox {
    fn paint(self, painter: &egui::Painter, scale: f32) {
        let pad = 8.0 * scale;
        let swatch = 14.0 * scale;
        painter.rect_filled(self.frame, 4.0 * scale, Color32::from_black_alpha(170));
        let mut y = self.frame.top() + pad;
        for (color, galley) in self.lines {
            let h = galley.size().y;
            if let Some(color) = color {
                // A legend line: its swatch, then its name, on a line of LEGEND_LINE.
                let line = LEGEND_LINE * scale;
                let mid = y + line * 0.5;
                let a = Pos2::new(self.frame.left() + pad, mid);
                painter.line_segment([a, a + vec2(swatch, 0.0)], Stroke::new(3.0 * scale, color));
                painter.galley(
                    Pos2::new(a.x + swatch + pad, mid - h * 0.5),
                    galley,
                    Color32::WHITE,
                );
                y += line;
            } else {
                painter.galley(
                    Pos2::new(self.frame.left() + pad, y),
                    galley,
                    Color32::WHITE,
                );
                y += h;
            }
        }
    }
}

/// The height of a legend line, at scale 1.
const LEGEND_LINE: f32 = 18.0;

/// The overlays that are on and used by the scene, with their colours.
fn legend_entries(overlays: &Overlays, scene: &Scene, ghosts: bool) -> Vec<(Color32, String)> {
    let mut entries = Vec::new();
    if ghosts {
        entries.push((palette::GHOST, "baseline (ghosts)".to_owned()));
    }
    if overlays.shows(Overlay::Velocity) {
        entries.push((palette::VELOCITY, "velocity".to_owned()));
    }
    if overlays.shows(Overlay::Desired) {
        entries.push((palette::DESIRED, "desired velocity".to_owned()));
    }
    if overlays.shows(Overlay::Applied) {
        entries.push((palette::APPLIED, "steering force".to_owned()));
    }
    if overlays.shows(Overlay::Behaviors) {
        for kind in BehaviorKind::ALL {
            let used = scene.groups.iter().any(|g| g.has_block(kind));
            if used {
                entries.push((behavior_color(kind), kind.field_name().to_owned()));
            }
        }
    }
    // The layers a behavior in use names in the legend, in the order the overlays list them.
    for layer in [Layer::Wander, Layer::Radius, Layer::Prediction] {
        let used = BehaviorKind::ALL.into_iter().any(|kind| {
            kind.info().legend.contains(&layer) && scene.groups.iter().any(|g| g.has_block(kind))
        });
        if used && overlays.shows(layer_overlay(layer)) {
            entries.push((layer_color(layer), layer_label(layer).to_owned()));
        }
    }
    if overlays.shows(Overlay::Neighbors) && scene.groups.iter().any(|g| g.neighbor_radius() > 0.0)
    {
        entries.push((palette::RADIUS, "neighbour radius".to_owned()));
    }
    entries
}

/// The legend in the top right corner of `rect`, laid out (`None` when nothing is listed).
fn legend_layout(
    painter: &egui::Painter,
    rect: Rect,
    overlays: &Overlays,
    scene: &Scene,
    ghosts: bool,
    scale: f32,
) -> Option<TextBox> {
    let entries = legend_entries(overlays, scene, ghosts);
    if entries.is_empty() {
        return None;
    }
    let font = FontId::proportional(13.0 * scale);
    let line = LEGEND_LINE * scale;
    let pad = 8.0 * scale;
    let swatch = 14.0 * scale;
    let lines: Vec<_> = entries
        .iter()
        .map(|(color, text)| {
            (
                Some(*color),
                painter.layout_no_wrap(text.clone(), font.clone(), Color32::from_gray(225)),
            )
        })
        .collect();
    let text_width = lines.iter().map(|(_, g)| g.size().x).fold(0.0, f32::max);
    let size = vec2(
        pad * 3.0 + swatch + text_width,
        pad * 2.0 + line * entries.len() as f32,
    );
    let frame = Rect::from_min_size(
        Pos2::new(rect.right() - size.x - pad, rect.top() + pad),
        size,
    );
    Some(TextBox { frame, lines })
}

/// The key parameters of the scene, one line per group; a group's count includes the agents
/// placed in it by hand.
#[must_use]
pub fn caption_lines(scene: &Scene) -> Vec<String> {
    let mut lines = vec![scene.name.clone()];
    for g in &scene.groups {
        let placed = scene.agents.iter().filter(|a| a.group == g.name).count();
        let mut behaviors: Vec<String> = BehaviorKind::ALL
            .into_iter()
            .filter(|k| g.has_block(*k))
            .map(|k| k.field_name().to_owned())
            .collect();
        behaviors.dedup();
        let settings: Vec<String> = [
            (&MAX_SPEED, g.max_speed),
            (&MAX_FORCE, g.max_force),
            (&MASS, g.mass),
        ]
        .into_iter()
        .map(|(field, v)| format!("{} {}", field.label, field.text(f64::from(v))))
        .collect();
        lines.push(format!(
            "{} ×{}: {} — {}",
            g.name,
            u64::from(g.count) + placed as u64,
            settings.join(", "),
            behaviors.join(", ")
        ));
    }
    lines
}

/// The caption in the bottom left corner of `rect`, laid out.
fn caption_layout(painter: &egui::Painter, rect: Rect, scene: &Scene, scale: f32) -> TextBox {
    let pad = 8.0 * scale;
    let lines = caption_lines(scene);
    let mut galleys = Vec::new();
    let widest = rect.width() - 4.0 * pad;
    for (k, text) in lines.iter().enumerate() {
        let font = FontId::proportional(if k == 0 { 18.0 } else { 13.0 } * scale);
        let color = Color32::from_gray(if k == 0 { 245 } else { 210 });
        let fits = |t: &str| {
            painter
                .layout_no_wrap(t.to_owned(), font.clone(), color)
                .size()
                .x
                <= widest
        };
        let text = shorten(text, &fits);
        galleys.push((None, painter.layout_no_wrap(text, font, color)));
    }
    let width = galleys.iter().map(|(_, g)| g.size().x).fold(0.0, f32::max);
    let height: f32 = galleys.iter().map(|(_, g)| g.size().y).sum();
    let frame = Rect::from_min_size(
        Pos2::new(rect.left() + pad, rect.bottom() - pad - height - 2.0 * pad),
        vec2(width + 2.0 * pad, height + 2.0 * pad),
    );
    TextBox {
        frame,
        lines: galleys,
    }
}

/// The separator between the items of a caption's list (`Baseline · a = 1; b = 2`).
pub const LIST_SEP: &str = "; ";

/// `text` shortened until `fits` takes it: a list after ` · ` gives its last items up to
/// "and N more" (never a half item), anything else is cut with `…`.
#[must_use]
pub fn shorten(text: &str, fits: &dyn Fn(&str) -> bool) -> String {
    if fits(text) {
        return text.to_owned();
    }
    if let Some((head, list)) = text.split_once(" · ") {
        let mut items: Vec<&str> = list.split(LIST_SEP).collect();
        let mut more = 0;
        if let Some(n) = items
            .last()
            .and_then(|l| l.strip_prefix("and "))
            .and_then(|l| l.strip_suffix(" more"))
            .and_then(|n| n.parse::<usize>().ok())
        {
            more = n;
            items.pop();
        }
        while !items.is_empty() {
            items.pop();
            more += 1;
            let candidate = if items.is_empty() {
                format!("{head} · {more} changes")
            } else {
                format!("{head} · {}{LIST_SEP}and {more} more", items.join(LIST_SEP))
            };
            if fits(&candidate) {
                return candidate;
            }
        }
    }
    let chars: Vec<char> = text.chars().collect();
    (1..chars.len())
        .rev()
        .map(|n| chars[..n].iter().collect::<String>() + "…")
        .find(|c| fits(c))
        .unwrap_or_else(|| "…".to_owned())
}

/// The largest rectangle of `size`'s aspect ratio centred in `area` (letterboxing).
#[must_use]
pub fn fit_aspect(area: Rect, size: [u32; 2]) -> Rect {
    let aspect = size[0].max(1) as f32 / size[1].max(1) as f32;
    let (w, h) = if area.width() / area.height().max(1.0) > aspect {
        (area.height() * aspect, area.height())
    } else {
        (area.width(), area.width() / aspect)
    };
    Rect::from_center_size(area.center(), vec2(w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_caption_gives_up_whole_items_then_characters() {
        let fits = |t: &str| t.chars().count() <= 40;
        let text = "Baseline · a = 1; bb = 22; ccc = 333; and 2 more";
        assert_eq!(
            shorten(text, &fits),
            "Baseline · a = 1; bb = 22; and 3 more"
        );
        let fits = |t: &str| t.chars().count() <= 22;
        assert_eq!(shorten(text, &fits), "Baseline · 5 changes");
        let fits = |t: &str| t.chars().count() <= 8;
        assert_eq!(shorten(text, &fits), "Baselin…");
        assert_eq!(shorten("short", &fits), "short");
    }

    #[test]
    fn letterboxing_keeps_the_aspect_ratio() {
        let area = Rect::from_min_size(Pos2::ZERO, vec2(1000.0, 1000.0));
        let r = fit_aspect(area, [1920, 1080]);
        assert!((r.width() - 1000.0).abs() < 1e-3 && (r.height() - 562.5).abs() < 1e-3);
        assert_eq!(r.center(), area.center());
    }

    #[test]
    fn the_caption_names_the_scene_and_each_group() {
        let scene = crate::scene::from_str(
            crate::scene::presets::DEFAULT.text,
            crate::scene::presets::DEFAULT.file,
        )
        .unwrap();
        let lines = caption_lines(scene.scene());
        assert_eq!(lines[0], "Boids");
        assert_eq!(lines.len(), 1 + scene.scene().groups.len());
        assert!(
            lines[1].starts_with("blue ×60: max_speed 140 u/s, max_force 260, mass 1 — "),
            "{}",
            lines[1]
        );
        assert!(lines[1].contains("separation"));
    }
}
