//! A take drawn one frame at a time ([`Filming`]): [`super::render`] draws all of one, and a
//! caller that cannot wait for a whole take (a browser tab's only thread, between frames)
//! draws it a frame per call. The frames are the same either way. [`InMemory`] encodes a take
//! as a GIF or an APNG in memory, for a page that offers it as a download.

use super::encode;
use super::raster::Raster;
use super::{Layout, RenderError, Renderer, Take, compare_captions, tick_of_frame};
use crate::scene::Scene;
use crate::sim::World;
use crate::view::Trails;

/// A take under way: the worlds (the current run and any baseline), their renderers and
/// trails, and the next frame's number.
pub struct Filming {
    world: World,
    take: Take,
    scene: Scene,
    /// The current run's scene as drawn (its caption says what differs from the baseline).
    current_scene: Scene,
    base: Option<(super::Compare, Scene)>,
    side_by_side: bool,
    renderer: Renderer,
    base_renderer: Renderer,
    trails: Trails,
    base_trails: Trails,
    start: u64,
    next: u32,
}

impl Filming {
    /// Starts `take` of `world` (as it is now) showing `scene`; refused when the take's
    /// numbers are out of range.
    pub fn new(mut world: World, scene: &Scene, take: &Take) -> Result<Self, RenderError> {
        // What the behaviors look at is drawn: kept from the first tick filmed.
        world.keep_details(true);
        take.check(Some(world.spec().dt))?;
        let size = take.presentation.size;
        let side_by_side = take
            .compare
            .as_ref()
            .is_some_and(|c| c.layout == Layout::SideBySide);
        // Side by side: two panels of half the width (the left one takes an odd pixel).
        let panel = if side_by_side {
            [size[0].div_ceil(2).saturating_sub(1).max(1), size[1]]
        } else {
            size
        };
        let (base_caption, current_caption) = take
            .compare
            .as_ref()
            .map(|c| compare_captions(&c.scene, scene))
            .unwrap_or_default();
        let shown = |s: &Scene, caption: &str| {
            let mut s = s.clone();
            if !caption.is_empty() {
                caption.clone_into(&mut s.name);
            }
            s
        };
        let mut renderer = Renderer::new(panel, take.view.clone());
        let mut base_renderer = Renderer::new(
            [size[0].saturating_sub(panel[0] + 2).max(1), size[1]],
            take.view.clone(),
        );
        if let Some(place) = take.plots {
            // Side by side, each panel plots its own run; with ghosts, the one panel plots the
            // baseline dashed, as the editor does.
            renderer.show_plots(
                place,
                flocks(scene),
                take.compare.is_some() && !side_by_side,
            );
            if let Some(c) = take.compare.as_ref().filter(|_| side_by_side) {
                base_renderer.show_plots(place, flocks(&c.scene), false);
            }
        }
        Ok(Self {
            start: world.tick(),
            world,
            current_scene: shown(scene, &current_caption),
            base: take.compare.clone().map(|mut c| {
                c.world.keep_details(true);
                let drawn = shown(&c.scene, &base_caption);
                (c, drawn)
            }),
            scene: scene.clone(),
            side_by_side,
            renderer,
            base_renderer,
            trails: Trails::default(),
            base_trails: Trails::default(),
            take: take.clone(),
            next: 0,
        })
    }

    /// Frames drawn so far.
    #[must_use]
    pub fn frames_done(&self) -> u32 {
        self.next
    }

    /// Frames in the take.
    #[must_use]
    pub fn frames(&self) -> u32 {
        self.take.frames
    }

    /// The take's frames per second.
    #[must_use]
    pub fn fps(&self) -> u32 {
        self.take.fps
    }

    /// Advances the worlds one frame interval and draws the next frame; `None` once the take
    /// is complete.
    pub fn next_frame(&mut self) -> Option<Raster> {
        let k = self.next;
        if k >= self.take.frames {
            return None;
        }
        let target = self.start + tick_of_frame(k, self.take.fps, self.world.spec().dt);
        let selected = self.take.selected;
        while self.world.tick() < target {
            self.world.step();
            if let Some((c, _)) = &mut self.base {
                c.world.set_click(self.world.click());
                c.world.step();
                if self.world.tick().is_multiple_of(2) {
                    self.base_trails.sample(&c.world, None);
                }
                self.base_renderer.sample(&c.world, None, selected);
            }
            let base = self.base.as_ref().map(|(c, _)| &c.world);
            self.renderer.sample(&self.world, base, selected);
            if self.world.tick().is_multiple_of(2) {
                self.trails.sample(&self.world, None);
            }
        }
        let (o, p, sel) = (
            &self.take.overlays,
            &self.take.presentation,
            self.take.selected,
        );
        let raster = match &self.base {
            Some((c, drawn)) if self.side_by_side => {
                let left = self
                    .base_renderer
                    .frame(&c.world, drawn, o, p, &self.base_trails, sel);
                let right =
                    self.renderer
                        .frame(&self.world, &self.current_scene, o, p, &self.trails, sel);
                Raster::side_by_side(&left, &right, 2, egui::Color32::BLACK)
            }
            Some((c, _)) => self.renderer.frame_with_ghosts(
                &self.world,
                Some(&c.world),
                &self.current_scene,
                o,
                p,
                &self.trails,
                sel,
            ),
            None => self
                .renderer
                .frame(&self.world, &self.scene, o, p, &self.trails, sel),
        };
        self.next += 1;
        Some(raster)
    }
}

/// Which groups of `scene` have a neighbour pass (an agent's plots then show its flock's too,
/// as the editor's do).
fn flocks(scene: &Scene) -> Vec<bool> {
    scene
        .groups
        .iter()
        .map(|g| g.neighbor_radius() > 0.0)
        .collect()
}

/// A take encoded in memory as it is drawn: a looping GIF (each frame encoded as it comes) or
/// an APNG (each frame kept as a PNG, joined at the end).
pub struct InMemory {
    encoder: encode::HeldTake,
}

impl InMemory {
    /// An animated PNG (full colour) when `apng`, else a GIF, at `fps`.
    pub fn new(apng: bool, fps: u32) -> Result<Self, RenderError> {
        Ok(Self {
            encoder: encode::HeldTake::new(apng, fps)?,
        })
    }

    /// Encodes frame `k`.
    pub fn add(&mut self, k: u32, raster: &Raster) -> Result<(), RenderError> {
        self.encoder.add(k, raster)
    }

    /// The file's bytes.
    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        self.encoder.finish()
    }

    /// Bytes held so far (what a page weighs against the memory it may use).
    #[must_use]
    pub fn held(&self) -> usize {
        self.encoder.held()
    }
}
