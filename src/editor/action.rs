//! What the user asked for. Panels, windows, the canvas and the shortcut table return
//! [`Action`]s; the app applies them in one place ([`super::EditorApp::apply`]), which is where
//! undo steps are recorded and files are written.

use crate::sim::FieldPath;
use std::path::PathBuf;

use super::capture::CaptureSettings;
pub use super::capture::ShotKind;
use crate::scene::{Scene, presets};
use crate::view::present::Presentation;
use crate::view::{CanvasAction, Overlays};

/// Something the user asked for that would drop unsaved changes: it waits on Save, Discard or
/// Cancel.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    /// File › New.
    New,
    /// File › Open… (the dialog).
    OpenDialog,
    /// Open this file (recent files, a dropped file, the path field).
    OpenPath(PathBuf),
    /// Open a built-in preset.
    Preset(presets::Preset),
    /// File › Open path… (the in-app path field).
    OpenPathField,
    /// Open the scene of a shared link (its fragment).
    OpenLink(String),
    /// Open a file read in a browser (uploaded or dropped): its name, and its bytes or why
    /// they could not be read.
    Upload(String, Result<std::sync::Arc<[u8]>, String>),
    /// Close the window.
    Close,
}

/// A write to a file that is there already and that the editor did not open itself: it waits
/// on Replace or Keep.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// Save the scene to this path (Save As in the path field).
    SaveAs(PathBuf),
    /// Start Capture's take.
    Take,
    /// Write the scene's behavior sheet (File › Export sheet…).
    Sheet,
    /// A screenshot: its PNG bytes.
    Screenshot(std::sync::Arc<[u8]>),
}

/// A write waiting on "replace it?": the file it would replace, and the write.
#[derive(Clone, Debug, PartialEq)]
pub struct Replace {
    /// The file (or folder, for PNG frames and a sheet) that is there already.
    pub path: PathBuf,
    /// What would be written.
    pub write: Write,
}

/// An answer to "save your changes first?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Save, then go on.
    Save,
    /// Go on without saving.
    Discard,
    /// Do nothing.
    Cancel,
}

/// One request of the user, applied by the app.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Play or pause.
    TogglePlay,
    /// Run exactly one tick (pauses).
    Step,
    /// Rebuild the world from the scene, from its seed.
    Restart,
    /// Fit the world in the view.
    Fit,
    /// Enter or leave presentation mode.
    TogglePresent,
    /// Esc: leave presentation mode, or close one open window.
    Back,
    /// Show "start here": what the editor is, and three things to try.
    ShowStart,
    /// Say this beside the pointer for a few seconds (what a click also did, or why not).
    Toast(String),
    /// Show or hide the list of shortcuts.
    ToggleHelp,
    /// Show the list of shortcuts.
    ShowHelp,
    /// Show a tool window (docked where it was, or floating): Metrics, Goals, Tune, Sweep,
    /// Changes or Capture.
    Show(crate::editor::dock::ToolWindow),
    /// Undo the last edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// The scene as the inspector edited it: applied on the next tick when valid.
    Edit(Box<Scene>),
    /// Every parameter back to the saved file (one undo step).
    RevertToSaved,
    /// Copy the current group's parameters to the clipboard.
    CopyGroup,
    /// Ask the platform for the clipboard's text (it arrives as a paste event).
    RequestPaste,
    /// Paste group parameters (RON text) into the current group.
    PasteGroup(String),
    /// Something that may drop unsaved changes: asks first when there are any.
    Request(Pending),
    /// The answer to "save changes?".
    Answer(Answer),
    /// Keep (true) or drop the last session's unsaved work.
    Restore(bool),
    /// Take (true) or ignore the file's new content on disk.
    Reload(bool),
    /// Create the file the editor was started on, which does not exist (true), or not.
    CreateAwaited(bool),
    /// Save to the open file (Save As when there is none).
    Save,
    /// Save under a new name (the dialog).
    SaveAs,
    /// Save under a typed path (the in-app path field).
    SaveToPathField,
    /// Copy a web link that opens the scene as it is (File › Copy link).
    CopyLink,
    /// Write the scene's behavior sheet beside the takes (File › Export sheet…).
    ExportSheet,
    /// Make this group the one the inspector shows and Shift+click adds to.
    SelectGroup(usize),
    /// Select an agent (or none).
    Select(Option<u32>),
    /// Select the next (1) or previous (-1) agent of the current group.
    CycleSelection(i32),
    /// Remove the selected agent.
    RemoveSelected,
    /// Something done on the canvas.
    Canvas(CanvasAction),
    /// Use this canvas tool.
    SetCanvasTool(crate::view::CanvasTool),
    /// Turn grid snapping of placed points on or off.
    ToggleSnap,
    /// Add an obstacle near the middle of the world, with the Select tool to drag it: one
    /// undo step.
    AddObstacle,
    /// Add a flow field (uniform, pointing right), with the Flow tool to paint it: one undo
    /// step.
    AddFlowField,
    /// Take a screenshot.
    Screenshot(ShotKind),
    /// Start a recording with the current settings.
    StartRecording,
    /// Stop the running recording after the current frame.
    StopRecording,
    /// Keep the scene as it is now as the baseline, run beside the live one from now on.
    PinBaseline,
    /// Pin a scene file as the baseline (the dialog, or the path field).
    PinBaselineFromFile,
    /// Pin a built-in preset as the baseline.
    PinPreset(presets::Preset),
    /// Keep (true) or drop the baseline pinned before the scene just opened.
    KeepBaseline(bool),
    /// Drop the baseline.
    Unpin,
    /// Exchange the baseline and the current scene (one undo step).
    SwapBaseline,
    /// Make the saved file the baseline and restart both runs.
    CompareWithSaved,
    /// Compute metrics every tick (true) or not.
    SetMetrics(bool),
    /// Set one numeric field of the scene (a sweep's variant taken): one undo step.
    SetField(FieldPath, f64),
    /// Play (true) or pause (false).
    SetPlaying(bool),
    /// The overlay toggles, for whom, and the vector scales.
    SetOverlays(Box<Overlays>),
    /// The presentation's size, legend and caption.
    SetPresentation(Presentation),
    /// The recording and screenshot settings.
    SetCaptureSettings(Box<CaptureSettings>),
    /// Save the scene to this file (what Save As does once a path is chosen): asks before
    /// replacing a file other than the scene's own.
    SaveTo(PathBuf),
    /// The answer to "replace the file?": write (true) or keep the file as it is.
    Replace(bool),
    /// What the sweep window sweeps.
    SetSweep(Box<SweepSetup>),
    /// Run the sweep window's sweep on the scene as it is.
    RunSweep,
    /// Take the values of the atlas's cell (column, row) into the scene: one undo step.
    AtlasApply((u32, u32)),
    /// Pin the atlas's cell (column, row) as the baseline, its ghosts beside the scene.
    AtlasPin((u32, u32)),
    /// Goals and tuning.
    Goals(GoalAction),
    /// The answer to "too heavy for real time here".
    Heavy(HeavyAnswer),
}

/// What to do with a scene too heavy to run in real time here, which opened paused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeavyAnswer {
    /// Scale every group's count down to what fits, and play (one undo step).
    Lower,
    /// Play it as it is, slower than real time.
    PlayAnyway,
    /// Stop saying so; it stays paused.
    Dismiss,
}

/// What the Goals and Tune windows ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum GoalAction {
    /// Add a goal to the scene (in place of one on the same group's same metric) and show it
    /// in the Goals window, its target ready to type: one undo step.
    Add(crate::scene::goals::Goal),
    /// A new goal on the current group, its target ready to type: one undo step.
    New,
    /// The scene's goal at this index, as edited (a drag or typing is one undo step).
    Set(usize, crate::scene::goals::Goal),
    /// Remove the scene's goal at this index: one undo step.
    Remove(usize),
    /// The goals' run length (seconds) and number of seeds: one undo step.
    SetRun(f32, u32),
    /// What the Tune window tunes.
    SetTune(Box<TuneSetup>),
    /// Start tuning the scene as it is, in the background.
    RunTune,
    /// Stop the running tuning; the best found so far is kept.
    CancelTune,
    /// Take the values of the last tuning's candidate at this index into the scene (one undo
    /// step), pinning the scene as it was as the baseline.
    ApplyTune(usize),
}

/// What the sweep window sweeps: a numeric field over a range, and the metric it plots.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSetup {
    /// The field, as validation prints it (`groups[0].arrive.mode`).
    pub field: FieldPath,
    /// First value.
    pub lo: f64,
    /// Last value.
    pub hi: f64,
    /// Number of values.
    pub count: u32,
    /// Seconds of simulation per run.
    pub seconds: f32,
    /// The metric plotted (`group.metric`).
    pub metric: String,
}

/// What the Tune window tunes.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneSetup {
    /// The fields and their ranges.
    pub ranges: Vec<crate::scene::goals::TuneRange>,
    /// Most evaluations.
    pub budget: usize,
}

impl Default for TuneSetup {
    fn default() -> Self {
        Self {
            ranges: Vec::new(),
            budget: 300,
        }
    }
}
