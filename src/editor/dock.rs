//! Where the tool windows live: docked as tabs beside or below the canvas (an
//! [`egui_tiles`] tree of the canvas, the plots and the tools), or floated out as windows.
//! The designer drags a tab to rearrange them; the layout is kept with the preferences. The
//! canvas is never a tab among others, so a docked tool never covers it.

use egui_tiles::{Container, LinearDir, SimplificationOptions, Tile, TileId, Tiles, Tree};
use serde::{Deserialize, Serialize};

/// A tool window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ToolWindow {
    /// Compare › Metrics.
    Metrics,
    /// Compare › Goals.
    Goals,
    /// Compare › Tune.
    Tune,
    /// Compare › Sweep.
    Sweep,
    /// Compare › Atlas.
    Atlas,
    /// Edit › Changes since saved.
    Changes,
    /// Screenshots and recordings.
    Capture,
}

impl ToolWindow {
    /// Every tool, in menu order.
    pub const ALL: [Self; 7] = [
        Self::Metrics,
        Self::Goals,
        Self::Tune,
        Self::Sweep,
        Self::Atlas,
        Self::Changes,
        Self::Capture,
    ];

    /// Its tab's and window's title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Self::Metrics => "Metrics",
            Self::Goals => "Goals",
            Self::Tune => "Tune",
            Self::Sweep => "Sweep",
            Self::Atlas => "Atlas",
            Self::Changes => "Changes since saved",
            Self::Capture => "Capture",
        }
    }
}

/// Before the tab `id` goes: when it is in front, puts the tab after it (or else before it) in
/// front instead, as a browser does, rather than the group's first.
pub fn front_neighbour(tiles: &mut Tiles<Pane>, id: TileId) {
    let Some(parent) = tiles.parent_of(id) else {
        return;
    };
    if let Some(Tile::Container(Container::Tabs(tabs))) = tiles.get_mut(parent)
        && tabs.active == Some(id)
        && let Some(i) = tabs.children.iter().position(|c| *c == id)
    {
        let neighbour = (i + 1 < tabs.children.len())
            .then_some(i + 1)
            .or_else(|| i.checked_sub(1));
        tabs.active = neighbour.and_then(|n| tabs.children.get(n).copied());
    }
}

/// What a tile of the dock shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pane {
    /// The simulation.
    Canvas,
    /// The selected agent's plots.
    Plots,
    /// A tool window, docked.
    Tool(ToolWindow),
}

/// How the dock's tree is kept tidy: every pane in a tab group (so that each can be dragged
/// and the tools closed and floated from their tabs), empty groups and containers removed.
pub const SIMPLIFY: SimplificationOptions = SimplificationOptions {
    prune_empty_tabs: true,
    prune_empty_containers: true,
    prune_single_child_tabs: true,
    prune_single_child_containers: true,
    all_panes_must_have_tabs: true,
    join_nested_linear_containers: true,
    flatten_tabs_in_tabs: true,
};

/// The part of the canvas area the plots take at first.
const PLOTS_SHARE: f32 = 0.24;

/// The part of the canvas area a first docked tool takes, beside or below the canvas.
const TOOL_SHARE: f32 = 0.4;

/// The canvas area's width from which a first tool docks beside the canvas rather than below
/// it: a tool (at its share) is then at least about 480 points wide.
pub const BESIDE_FROM_WIDTH: f32 = 1200.0;

/// The dock's layout and the tools floated out of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Dock {
    /// The canvas, the plots and the docked tools.
    pub tree: Tree<Pane>,
    /// The tools shown as windows instead, in the order they were floated.
    pub floating: Vec<ToolWindow>,
    /// A tool to bring to the front (its tab made active) on the next frame.
    #[serde(skip)]
    reveal: Option<ToolWindow>,
}

impl Default for Dock {
    fn default() -> Self {
        let mut tiles = Tiles::default();
        let canvas = tiles.insert_pane(Pane::Canvas);
        let canvas = tiles.insert_tab_tile(vec![canvas]);
        let plots = tiles.insert_pane(Pane::Plots);
        let below = tiles.insert_tab_tile(vec![plots]);
        let root = tiles.insert_container(egui_tiles::Linear::new_binary(
            LinearDir::Vertical,
            [canvas, below],
            1.0 - PLOTS_SHARE,
        ));
        Self {
            tree: Tree::new(egui::Id::unique("steerlab dock"), root, tiles),
            floating: Vec::new(),
            reveal: None,
        }
    }
}

impl Dock {
    /// Whether `tool` is shown as a window rather than docked.
    #[must_use]
    pub fn is_floating(&self, tool: ToolWindow) -> bool {
        self.floating.contains(&tool)
    }

    /// Floats `tool` out of the dock into a window.
    pub fn float(&mut self, tool: ToolWindow) {
        if !self.is_floating(tool) {
            self.floating.push(tool);
        }
        self.remove(tool);
    }

    /// Docks a floating `tool` again, its tab in front.
    pub fn dock(&mut self, tool: ToolWindow) {
        self.floating.retain(|t| *t != tool);
        self.reveal = Some(tool);
    }

    /// Brings `tool` to the front on the next frame (its tab made active when docked).
    pub fn reveal(&mut self, tool: ToolWindow) {
        self.reveal = Some(tool);
    }

    /// The tile that shows `pane`, if the dock has it.
    #[must_use]
    pub fn tile_of(&self, pane: Pane) -> Option<TileId> {
        self.tree.tiles.find_pane(&pane)
    }

    /// Makes the tree hold exactly the open tools that are not floating, each new one placed
    /// beside the docked tools (or, the first, beside or below the canvas by the canvas
    /// area's `width`); puts back the canvas and the plots if a stored layout lost them.
    pub fn sync(&mut self, is_open: impl Fn(ToolWindow) -> bool, width: f32) {
        if self.tile_of(Pane::Canvas).is_none() || self.tree.root.is_none() {
            let floating = std::mem::take(&mut self.floating);
            *self = Self {
                floating,
                reveal: self.reveal,
                ..Self::default()
            };
        }
        if self.tile_of(Pane::Plots).is_none() {
            self.add_below_canvas(Pane::Plots, PLOTS_SHARE);
        }
        for tool in ToolWindow::ALL {
            let wanted = is_open(tool) && !self.is_floating(tool);
            match (wanted, self.tile_of(Pane::Tool(tool))) {
                (true, None) => {
                    self.add_tool(tool, width);
                    // In front, unless another was asked for by name.
                    self.reveal = self.reveal.or(Some(tool));
                }
                (false, Some(_)) => self.remove(tool),
                _ => {}
            }
        }
        if let Some(tool) = self.reveal.take() {
            let wanted = Pane::Tool(tool);
            self.tree
                .make_active(|_, tile| matches!(tile, Tile::Pane(p) if *p == wanted));
        }
        self.keep_canvas_alone();
    }

    /// Removes `tool`'s tab (and any container left empty), its neighbour in front.
    fn remove(&mut self, tool: ToolWindow) {
        if let Some(id) = self.tile_of(Pane::Tool(tool)) {
            front_neighbour(&mut self.tree.tiles, id);
            self.tree.remove_recursively(id);
            self.tree.simplify(&SIMPLIFY);
        }
    }

    /// Adds `tool`: as a tab beside the tools already docked, or else in a new tab group
    /// beside the canvas (a wide canvas area) or below it.
    fn add_tool(&mut self, tool: ToolWindow, width: f32) {
        let pane = self.tree.tiles.insert_pane(Pane::Tool(tool));
        let docked = ToolWindow::ALL
            .into_iter()
            .filter(|t| *t != tool)
            .find_map(|t| self.tile_of(Pane::Tool(t)));
        if let Some(other) = docked {
            self.add_to_tabs_of(other, pane);
            return;
        }
        if width < BESIDE_FROM_WIDTH
            && let Some(plots) = self.tile_of(Pane::Plots)
        {
            // Below the canvas: a tab beside the plots, the group grown to a usable height.
            self.add_to_tabs_of(plots, pane);
            self.grow_to(plots, TOOL_SHARE);
            return;
        }
        let tabs = self.tree.tiles.insert_tab_tile(vec![pane]);
        let canvas = self.canvas_outer().unwrap_or(pane);
        self.split(canvas, tabs, LinearDir::Horizontal, TOOL_SHARE);
    }

    /// Gives the tab group of `id` at least `share` of its linear container (taken from the
    /// others in proportion).
    fn grow_to(&mut self, id: TileId, share: f32) {
        let tiles = &mut self.tree.tiles;
        let Some(group) = tiles.parent_of(id) else {
            return;
        };
        let Some(parent) = tiles.parent_of(group) else {
            return;
        };
        if let Some(Tile::Container(Container::Linear(linear))) = tiles.get_mut(parent) {
            let total: f32 = linear.children.iter().map(|c| linear.shares[*c]).sum();
            let now = linear.shares[group];
            if total <= 0.0 || now >= share * total {
                return;
            }
            let others = total - now;
            let wanted = share * total;
            for c in linear.children.clone() {
                let s = if c == group {
                    wanted
                } else {
                    linear.shares[c] * (total - wanted) / others.max(f32::EPSILON)
                };
                linear.shares.set_share(c, s);
            }
        }
    }

    /// The canvas's own tile group: its tab group when it is alone in one, else itself.
    fn canvas_outer(&self) -> Option<TileId> {
        let canvas = self.tile_of(Pane::Canvas)?;
        let tiles = &self.tree.tiles;
        Some(match tiles.parent_of(canvas) {
            Some(parent)
                if matches!(
                    tiles.get(parent),
                    Some(Tile::Container(Container::Tabs(t))) if t.children.len() == 1
                ) =>
            {
                parent
            }
            _ => canvas,
        })
    }

    /// Adds `pane` below the canvas, taking `share` of its height.
    fn add_below_canvas(&mut self, pane: Pane, share: f32) {
        let id = self.tree.tiles.insert_pane(pane);
        let tabs = self.tree.tiles.insert_tab_tile(vec![id]);
        if let Some(canvas) = self.canvas_outer() {
            self.split(canvas, tabs, LinearDir::Vertical, share);
        }
    }

    /// Puts `new` after `at` in a linear container of direction `dir`, taking `share` of
    /// the two: in `at`'s own container when it is one of that direction, else in a new one
    /// in `at`'s place.
    fn split(&mut self, at: TileId, new: TileId, dir: LinearDir, share: f32) {
        let tiles = &mut self.tree.tiles;
        match tiles.parent_of(at) {
            Some(parent)
                if matches!(
                    tiles.get(parent),
                    Some(Tile::Container(Container::Linear(l))) if l.dir == dir
                ) =>
            {
                if let Some(Tile::Container(Container::Linear(linear))) = tiles.get_mut(parent) {
                    let index = linear
                        .children
                        .iter()
                        .position(|c| *c == at)
                        .map_or(linear.children.len(), |i| i + 1);
                    let total = linear.shares[at];
                    linear.children.insert(index, new);
                    linear.shares.set_share(at, total * (1.0 - share));
                    linear.shares.set_share(new, total * share);
                }
            }
            parent => {
                let linear = egui_tiles::Linear::new_binary(dir, [at, new], 1.0 - share);
                let id = tiles.insert_container(linear);
                match parent {
                    Some(parent) => {
                        if let Some(Tile::Container(c)) = tiles.get_mut(parent) {
                            let _ = c.replace_child(at, id);
                        }
                    }
                    None => self.tree.root = Some(id),
                }
            }
        }
    }

    /// Adds `pane` as a tab beside `other` (in `other`'s tab group, or a new one in its
    /// place), in front.
    fn add_to_tabs_of(&mut self, other: TileId, pane: TileId) {
        let tiles = &mut self.tree.tiles;
        let parent = tiles.parent_of(other);
        if let Some(parent) = parent
            && let Some(Tile::Container(Container::Tabs(tabs))) = tiles.get_mut(parent)
        {
            tabs.add_child(pane);
            tabs.set_active(pane);
            return;
        }
        let mut tabs = egui_tiles::Tabs::new(vec![other, pane]);
        tabs.set_active(pane);
        let id = tiles.insert_container(tabs);
        match parent {
            Some(parent) => {
                if let Some(Tile::Container(c)) = tiles.get_mut(parent) {
                    let _ = c.replace_child(other, id);
                }
            }
            None => self.tree.root = Some(id),
        }
    }

    /// Takes the canvas out of a tab group that something was dropped into, and sets it
    /// beside that group: a docked tool never covers the canvas.
    pub fn keep_canvas_alone(&mut self) {
        let Some(canvas) = self.tile_of(Pane::Canvas) else {
            return;
        };
        let tiles = &mut self.tree.tiles;
        let Some(parent) = tiles.parent_of(canvas) else {
            return;
        };
        let Some(Tile::Container(Container::Tabs(tabs))) = tiles.get_mut(parent) else {
            return;
        };
        if tabs.children.len() < 2 {
            return;
        }
        tabs.children.retain(|c| *c != canvas);
        if tabs.active == Some(canvas) {
            tabs.active = tabs.children.first().copied();
        }
        let grandparent = tiles.parent_of(parent);
        let linear = egui_tiles::Linear::new_binary(
            LinearDir::Horizontal,
            [canvas, parent],
            1.0 - TOOL_SHARE,
        );
        let id = tiles.insert_container(linear);
        match grandparent {
            Some(g) => {
                if let Some(Tile::Container(c)) = tiles.get_mut(g) {
                    let _ = c.replace_child(parent, id);
                }
            }
            None => self.tree.root = Some(id),
        }
    }

    /// The screen rectangle of each pane on screen (not behind another tab) in the last
    /// frame.
    #[must_use]
    pub fn rects(&self) -> Vec<(Pane, egui::Rect)> {
        self.tree
            .active_tiles()
            .into_iter()
            .filter_map(|id| match self.tree.tiles.get(id) {
                Some(Tile::Pane(p)) => self.tree.tiles.rect(id).map(|r| (*p, r)),
                _ => None,
            })
            .collect()
    }
}
