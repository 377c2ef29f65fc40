//! The canvas area: the dock's tree of the canvas, the plots and the docked tool windows, and
//! the tools floated out of it as windows.

use egui::Ui;
use egui_tiles::{Behavior, SimplificationOptions, TileId, Tiles, UiResponse};

use super::EditorApp;
use crate::editor::action::Action;
use crate::editor::capture::CaptureJob;
use crate::editor::dock::{Pane, SIMPLIFY, ToolWindow};
use crate::editor::panels::Plots;
use crate::editor::windows::{self, CaptureWindow, ChangesWindow, MetricsWindow};

/// What the dock's tabs and panes do, on the app.
struct DockBehavior<'a> {
    app: &'a mut EditorApp,
    /// The canvas's tile, whose tab bar is hidden while it is alone in it.
    canvas: Option<TileId>,
    /// Tools whose tab was closed this frame.
    closed: Vec<ToolWindow>,
    /// Tools floated out this frame.
    floated: Vec<ToolWindow>,
}

impl Behavior<Pane> for DockBehavior<'_> {
    fn pane_ui(&mut self, ui: &mut Ui, _tile_id: TileId, pane: &mut Pane) -> UiResponse {
        match *pane {
            Pane::Canvas => self.app.canvas_ui(ui),
            Pane::Plots => {
                ui.painter()
                    .rect_filled(ui.max_rect(), 0.0, ui.visuals().panel_fill);
                self.app.plots_ui(ui);
            }
            Pane::Tool(tool) => {
                // A panel's background, as the inspector's: the tree paints none of its own.
                ui.painter()
                    .rect_filled(ui.max_rect(), 0.0, ui.visuals().panel_fill);
                egui::ScrollArea::both()
                    .id_salt(("docked", tool))
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        egui::Frame::NONE
                            .inner_margin(egui::Margin::symmetric(8, 6))
                            .show(ui, |ui| {
                                let actions = self.app.tool_ui(tool, ui);
                                let ctx = ui.ctx().clone();
                                self.app.apply_all(&ctx, actions);
                            });
                    });
            }
        }
        UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        match pane {
            Pane::Canvas => "Canvas".into(),
            Pane::Plots => "Plots".into(),
            Pane::Tool(tool) => tool.title().into(),
        }
    }

    fn is_tab_closable(&self, tiles: &Tiles<Pane>, tile_id: TileId) -> bool {
        matches!(tiles.get_pane(&tile_id), Some(Pane::Tool(_)))
    }

    fn on_tab_close(&mut self, tiles: &mut Tiles<Pane>, tile_id: TileId) -> bool {
        if let Some(Pane::Tool(tool)) = tiles.get_pane(&tile_id) {
            self.closed.push(*tool);
        }
        crate::editor::dock::front_neighbour(tiles, tile_id);
        true
    }

    fn is_tile_draggable(&self, tiles: &Tiles<Pane>, tile_id: TileId) -> bool {
        !matches!(tiles.get_pane(&tile_id), Some(Pane::Canvas))
    }

    fn is_tab_bar_visible(&self, _tile_id: TileId, tabs: &egui_tiles::Tabs) -> bool {
        !(tabs.children.len() == 1 && tabs.children.first().copied() == self.canvas)
    }

    fn top_bar_right_ui(
        &mut self,
        tiles: &Tiles<Pane>,
        ui: &mut Ui,
        _tile_id: TileId,
        tabs: &egui_tiles::Tabs,
        _scroll_offset: &mut f32,
    ) {
        let Some(Pane::Tool(tool)) = tabs.active.and_then(|a| tiles.get_pane(&a)) else {
            return;
        };
        ui.add_space(4.0);
        if ui
            .small_button("Float")
            .on_hover_text(format!(
                "Show {} in its own window over the editor (its Dock button puts it back).",
                tool.title()
            ))
            .clicked()
        {
            self.floated.push(*tool);
        }
    }

    fn simplification_options(&self) -> SimplificationOptions {
        SIMPLIFY
    }

    fn tab_title_spacing(&self, _visuals: &egui::Visuals) -> f32 {
        10.0
    }
}

impl EditorApp {
    /// Opens `tool` (docked or floating, as the designer left it) and brings it to the front.
    pub(super) fn show_tool(&mut self, tool: ToolWindow) {
        *self.open.tool(tool) = true;
        self.prefs.dock.reveal(tool);
    }

    /// The canvas area: the canvas, the plots and the docked tools, as the dock lays them out.
    pub(super) fn dock_ui(&mut self, ui: &mut Ui) {
        let width = ui.available_width();
        let open = self.open;
        self.prefs.dock.sync(|tool| open.has(tool), width);
        let mut tree = std::mem::replace(
            &mut self.prefs.dock.tree,
            egui_tiles::Tree::empty(egui::Id::unique("steerlab dock (drawing)")),
        );
        let canvas = tree.tiles.find_pane(&Pane::Canvas);
        let mut behavior = DockBehavior {
            app: self,
            canvas,
            closed: Vec::new(),
            floated: Vec::new(),
        };
        tree.ui(&mut behavior, ui);
        let DockBehavior {
            closed, floated, ..
        } = behavior;
        self.prefs.dock.tree = tree;
        for tool in closed {
            *self.open.tool(tool) = false;
        }
        for tool in floated {
            self.prefs.dock.float(tool);
        }
        self.prefs.dock.keep_canvas_alone();
    }

    /// The selected agent's plots.
    fn plots_ui(&mut self, ui: &mut Ui) {
        let flocking = self
            .doc
            .scene()
            .groups
            .get(self.session.current_group)
            .is_some_and(|g| g.neighbor_radius() > 0.0);
        egui::Frame::NONE
            .inner_margin(egui::Margin::symmetric(6, 4))
            .show(ui, |ui| {
                Plots {
                    history: &self.session.history,
                    baseline: self.session.baseline.as_ref().map(|b| &b.history),
                    flocking,
                    stacked: false,
                    empty: "Select an agent on the canvas to plot its speed and forces.",
                }
                .ui(ui);
            });
    }

    /// The contents of `tool`'s window, docked or floating.
    pub(super) fn tool_ui(&mut self, tool: ToolWindow, ui: &mut Ui) -> Vec<Action> {
        match tool {
            ToolWindow::Metrics => {
                let current = self.session.recorder.report(&self.session.world);
                let baseline = self
                    .session
                    .baseline
                    .as_ref()
                    .map(|b| (b.recorder.report(&b.world), b.label.as_str()));
                MetricsWindow {
                    scene: self.doc.scene(),
                    current: &current,
                    baseline: baseline.as_ref().map(|(m, l)| (m, *l)),
                    previous: self.session.previous.as_ref(),
                    on: self.session.metrics_on,
                }
                .contents(ui)
            }
            ToolWindow::Goals => {
                let current = self.session.recorder.report(&self.session.world);
                windows::GoalsWindow {
                    scene: self.doc.scene(),
                    current: &current,
                    check: &self.jobs.goal_check,
                    focus: self.jobs.goal_focus.map(|(i, _)| i),
                }
                .contents(ui)
            }
            ToolWindow::Tune => {
                let scene = self.doc.scene();
                windows::TuneWindow {
                    panel: &self.jobs.tune,
                    scene,
                    checked: self.jobs.goal_check.outcomes(scene),
                    current_group: self.session.current_group,
                }
                .contents(ui)
            }
            ToolWindow::Sweep => windows::SweepWindow {
                panel: &mut self.jobs.sweep,
                scene: self.doc.scene(),
                current_group: self.session.current_group,
            }
            .contents(ui),
            ToolWindow::Atlas => windows::AtlasWindow {
                panel: &mut self.jobs.atlas,
                scene: self.doc.scene(),
                current_group: self.session.current_group,
            }
            .contents(ui),
            ToolWindow::Changes => {
                let (scene, _, marks) = self.doc.with_field_marks();
                let baseline = self.session.baseline.as_ref().map(|b| {
                    let base = crate::scene::fields::flatten(&b.scene);
                    let now = crate::scene::fields::flatten(scene);
                    (b.label.as_str(), crate::scene::fields::diff(&base, &now))
                });
                ChangesWindow { marks, baseline }.contents(ui)
            }
            ToolWindow::Capture => CaptureWindow {
                scene_name: &self.doc.scene().name,
                recording: self.jobs.recording.as_ref().map(CaptureJob::progress),
                baseline: self.session.baseline.is_some(),
            }
            .contents(ui, &mut self.prefs),
        }
    }

    /// The open tools floated out of the dock, each in its window with a Dock button.
    pub(super) fn floating_ui(&mut self, ctx: &egui::Context) {
        for tool in self.prefs.dock.floating.clone() {
            let mut open = self.open.has(tool);
            if !open {
                continue;
            }
            let mut actions = Vec::new();
            let mut dock = false;
            windows::place::placed(egui::Window::new(tool.title()), ctx, tool)
                .open(&mut open)
                .show(ctx, |ui| {
                    dock = ui
                        .small_button("Dock")
                        .on_hover_text("Put it back as a tab beside the canvas.")
                        .clicked();
                    egui::ScrollArea::vertical()
                        .id_salt(("floating", tool))
                        .show(ui, |ui| actions = self.tool_ui(tool, ui));
                });
            *self.open.tool(tool) = open;
            if dock {
                self.prefs.dock.dock(tool);
            }
            self.apply_all(ctx, actions);
        }
    }
}
