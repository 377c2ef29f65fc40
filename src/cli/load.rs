//! A scene named on the command line: a file, or a built-in preset's name when no such file
//! exists; a misspelt preset name is told which one was meant.

use std::path::Path;

use crate::scene;

/// A scene from a path, or from the built-in presets when no such file exists but a preset
/// has that name.
pub(crate) fn load_scene(path: &Path) -> Result<scene::CheckedScene, scene::SceneErrors> {
    load_scene_checked(path).map(|c| c.scene)
}

/// [`load_scene`] with the scene's warnings.
fn load_scene_checked(path: &Path) -> Result<scene::Checked, scene::SceneErrors> {
    load_with(path, scene::check_str, scene::load_checked)
}

/// [`load_scene_checked`], with every problem of the file that can be found rather than the
/// first (`steerlab validate`).
pub(super) fn load_scene_all(path: &Path) -> Result<scene::Checked, scene::SceneErrors> {
    load_with(path, scene::io::check_all, scene::io::load_all)
}

/// A scene from a path by `load`, or from a built-in preset's text by `check` when no such file
/// exists but a preset has that name.
fn load_with(
    path: &Path,
    check: fn(&str, &str) -> Result<scene::Checked, scene::SceneErrors>,
    load: fn(&Path) -> Result<scene::Checked, scene::SceneErrors>,
) -> Result<scene::Checked, scene::SceneErrors> {
    if !path.exists()
        && let Some(preset) = path.to_str().and_then(scene::presets::named)
    {
        return check(preset.text, preset.file);
    }
    load(path).map_err(|mut errors| {
        // A file that does not exist, named like a preset: say which one was meant.
        if !path.exists()
            && path.parent().is_none_or(|p| p.as_os_str().is_empty())
            && let Some(near) = path.to_str().and_then(scene::presets::nearest)
            && let Some(first) = errors.0.first_mut()
        {
            first.message = format!(
                "{}; did you mean the built-in preset `{}`?",
                first.message,
                near.file.strip_suffix(".ron").unwrap_or(near.file)
            );
        }
        errors
    })
}
