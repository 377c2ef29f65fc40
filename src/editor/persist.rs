//! What the editor keeps between runs in eframe's storage: the unsaved work (autosave, for
//! restore after a crash or a kill) and the preferences (overlay toggles, recent files).
//! eframe itself keeps the window geometry and egui's memory (panel sizes).
//!
//! Scenes are stored as scene-file RON text and read back through the scene loader, so a
//! damaged or outdated entry is refused with its errors instead of producing a bad scene.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::scene::{self, Scene};
use crate::view::Overlays;

/// Storage key of the unsaved work.
pub const AUTOSAVE_KEY: &str = "steerlab.autosave";
/// Storage key of the preferences.
pub const PREFS_KEY: &str = "steerlab.prefs";
/// Most recent files listed.
pub const MAX_RECENT: usize = 10;
/// Most history states kept in the autosave (the newest).
const MAX_STATES: usize = 100;

/// Unsaved work, as stored.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Autosave {
    /// The scene being edited (scene RON).
    pub scene: String,
    /// The scene as last saved or loaded (scene RON), for the changed-field markers.
    pub saved: String,
    /// Its file, if it has one.
    pub path: Option<PathBuf>,
    /// Where it came from when it has no file ("built-in boids.ron").
    pub origin: String,
    /// The scene states of the undo history, oldest first (scene RON).
    pub history: Vec<String>,
    /// How many edits of the history are done.
    pub position: usize,
    /// How the scene was being looked at.
    pub view: Option<LiveView>,
}

/// How the scene was being looked at when its work was saved: the overlays and for whom, the
/// selected agent, the canvas's zoom and centre, the tool windows open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveView {
    /// Overlay toggles, scope and scales.
    pub overlays: Overlays,
    /// The selected agent.
    pub selected: Option<u32>,
    /// The canvas's centre and zoom.
    pub canvas: crate::view::View,
    /// The tool windows that were open (docked or floating), to open again.
    #[serde(default)]
    pub tools: Vec<super::dock::ToolWindow>,
}

/// The unsaved work, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    /// The scene being edited.
    pub scene: Scene,
    /// The scene as last saved or loaded.
    pub saved: Scene,
    /// Its file.
    pub path: Option<PathBuf>,
    /// Its origin when it has no file.
    pub origin: String,
    /// The undo history's scene states.
    pub history: Vec<Scene>,
    /// How many edits of the history are done.
    pub position: usize,
    /// How the scene was being looked at.
    pub view: Option<LiveView>,
}

impl Autosave {
    /// The entry for this work.
    #[must_use]
    pub fn new(
        scene: &Scene,
        saved: &Scene,
        path: Option<PathBuf>,
        origin: &str,
        (history, position): (Vec<Scene>, usize),
    ) -> Self {
        let skip = history.len().saturating_sub(MAX_STATES);
        Self {
            scene: scene::to_string(scene),
            saved: scene::to_string(saved),
            path,
            origin: origin.to_owned(),
            history: history[skip..].iter().map(scene::to_string).collect(),
            position: position.saturating_sub(skip),
            view: None,
        }
    }

    /// As stored.
    #[must_use]
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    /// Reads a stored entry; `Err` says what is wrong with it.
    pub fn from_ron(text: &str) -> Result<Restored, String> {
        let entry: Self = ron::from_str(text).map_err(|e| format!("autosave: {e}"))?;
        let parse = |text: &str, what: &str| {
            scene::from_str(text, what)
                .map(scene::CheckedScene::into_scene)
                .map_err(|e| e.to_string())
        };
        let scene = parse(&entry.scene, "autosave")?;
        let saved = parse(&entry.saved, "autosave (saved)")?;
        // A history state that no longer loads only costs the history.
        let history: Vec<Scene> = entry
            .history
            .iter()
            .map(|t| parse(t, "autosave (history)"))
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        Ok(Restored {
            scene,
            saved,
            path: entry.path,
            origin: entry.origin,
            position: entry.position.min(history.len().saturating_sub(1)),
            history,
            view: entry.view,
        })
    }
}

/// Preferences kept across runs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Overlay toggles and scales.
    pub overlays: Overlays,
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// Presentation size, legend and caption.
    pub presentation: crate::view::present::Presentation,
    /// The Capture window's settings: recordings and screenshots (files before this name
    /// wrote them as `record`).
    #[serde(alias = "record")]
    pub capture: super::capture::CaptureSettings,
    /// Where the tool windows are: docked (the layout) or floating.
    pub dock: super::dock::Dock,
}

impl Prefs {
    /// Puts `path` first in the recent files.
    pub fn touch(&mut self, path: &std::path::Path) {
        self.recent.retain(|p| p != path);
        self.recent.insert(0, path.to_owned());
        self.recent.truncate(MAX_RECENT);
    }

    /// As stored.
    #[must_use]
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    /// Reads stored preferences (defaults for anything unreadable).
    #[must_use]
    pub fn from_ron(text: &str) -> Self {
        let mut prefs: Self = ron::from_str(text).unwrap_or_default();
        prefs.capture = prefs.capture.migrated();
        prefs
    }
}

/// An in-memory [`eframe::Storage`], for tests and for runs without a storage directory.
#[derive(Clone, Debug, Default)]
pub struct MemoryStorage {
    /// Key → stored text.
    pub entries: std::collections::BTreeMap<String, String>,
}

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.entries.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.entries.insert(key.to_owned(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.entries.remove(key);
    }

    fn flush(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_autosave_round_trips() {
        let saved = Scene::new_default();
        let mut scene = saved.clone();
        scene.groups[0].max_speed = 33.0;
        let entry = Autosave::new(
            &scene,
            &saved,
            Some(PathBuf::from("/tmp/x.ron")),
            "",
            (vec![saved.clone(), scene.clone()], 1),
        );
        let back = Autosave::from_ron(&entry.to_ron()).unwrap();
        assert_eq!(back.scene, scene);
        assert_eq!(back.saved, saved);
        assert_eq!(back.history, vec![saved, scene]);
        assert_eq!(back.position, 1);
        assert_eq!(back.path, Some(PathBuf::from("/tmp/x.ron")));
    }

    #[test]
    fn a_damaged_autosave_is_refused_with_a_reason() {
        // Not an autosave at all: the reason names the autosave and where it broke.
        let garbage = Autosave::from_ron("garbage").unwrap_err();
        assert!(garbage.starts_with("autosave: 1:"), "{garbage}");
        // An autosave whose scene does not load: the reason is the scene's, located.
        let scene = Autosave::from_ron("(scene: \"nope\")").unwrap_err();
        assert!(scene.starts_with("autosave:1:1: "), "{scene}");
        // A scene that loads but a saved copy that does not: refused, naming the saved copy.
        let good = crate::scene::to_string(&Scene::new_default());
        let entry = Autosave {
            scene: good.clone(),
            saved: "(".to_owned(),
            ..Autosave::default()
        };
        let saved = Autosave::from_ron(&entry.to_ron()).unwrap_err();
        assert!(saved.starts_with("autosave (saved):"), "{saved}");
        // A history state that no longer loads costs the history only.
        let entry = Autosave {
            scene: good.clone(),
            saved: good,
            history: vec!["(".to_owned()],
            position: 3,
            ..Autosave::default()
        };
        let restored = Autosave::from_ron(&entry.to_ron()).expect("the scene restores");
        assert!(restored.history.is_empty());
        assert_eq!(restored.position, 0);
    }

    /// Preferences written before the Capture settings had their name (`record: (...)`) keep
    /// them: the fps a designer chose survives the rename.
    #[test]
    fn capture_settings_stored_as_record_still_read() {
        let mut prefs = Prefs::default();
        prefs.capture.fps = 60;
        let old = prefs.to_ron().replace("capture:", "record:");
        assert!(
            old.contains("record:(") && !old.contains("capture:"),
            "{old}"
        );
        assert_eq!(Prefs::from_ron(&old).capture.fps, 60);
        assert_ne!(Prefs::default().capture.fps, 60);
    }

    #[test]
    fn recent_files_are_unique_newest_first_and_bounded() {
        let mut prefs = Prefs::default();
        for k in 0..15 {
            prefs.touch(std::path::Path::new(&format!("/s/{k}.ron")));
        }
        prefs.touch(std::path::Path::new("/s/3.ron"));
        assert_eq!(prefs.recent.len(), MAX_RECENT);
        assert_eq!(prefs.recent[0], PathBuf::from("/s/3.ron"));
        assert_eq!(
            prefs.recent.iter().filter(|p| p.ends_with("3.ron")).count(),
            1
        );
        assert_eq!(Prefs::from_ron(&prefs.to_ron()), prefs);
    }
}
