//! Reading and writing scene files.
//!
//! Writing is stable and diff-friendly: fixed field order, four-space indentation, floats in
//! their shortest exact form (`0.1` stays `0.1`), so loading and saving a file steerlab wrote
//! gives the same bytes. Saving is atomic: the text goes to a temporary file in the same
//! directory, is flushed to disk, then renamed over the target, so a crash or a full disk never
//! leaves a half-written preset and never destroys the previous one.

use std::io::Write as _;
use std::path::Path;

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;

use super::schema::{CheckedScene, Scene};
use super::validate::{
    SceneError, SceneErrors, SceneWarning, deserialize_located, located_warnings, parse,
};
use crate::sim::Group;

/// Largest scene file read, in bytes (4 MiB: a scene of hundreds of groups is under 1 MiB).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The first line of every file steerlab writes.
pub const HEADER: &str = "// steerlab scene. Every field is described in docs/scenes.md.\n";

/// Parses and checks a scene from text; `name` is used in messages.
pub fn from_str(text: &str, name: &str) -> Result<CheckedScene, SceneErrors> {
    parse(text, name)
}

/// A scene that loaded, with the warnings about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The scene.
    pub scene: CheckedScene,
    /// Values that are legal but almost surely not meant.
    pub warnings: Vec<SceneWarning>,
}

/// Reads, parses and checks a scene file.
pub fn load(path: &Path) -> Result<CheckedScene, SceneErrors> {
    load_checked(path).map(|c| c.scene)
}

/// Parses and validates a scene from text, with its warnings; `name` is used in messages.
pub fn check_str(text: &str, name: &str) -> Result<Checked, SceneErrors> {
    let scene = parse(text, name)?;
    let warnings = located_warnings(text, name, scene.scene());
    Ok(Checked { scene, warnings })
}

/// [`load`], with the warnings about the scene.
pub fn load_checked(path: &Path) -> Result<Checked, SceneErrors> {
    let file = path.display().to_string();
    let bytes = read(path)?;
    check_str(text_of(&bytes, &file)?, &file)
}

/// Parses and validates a scene from text like [`check_str`], but reports every problem it can
/// find rather than the first: an unknown field or a value of the wrong kind is reported and
/// the rest of the text read on, and the range checks run on what was read
/// (`super::recover`). For reporting (`steerlab validate`): `Ok` only when there is no
/// problem at all, so a scene with any error is still refused.
pub fn check_all(text: &str, name: &str) -> Result<Checked, SceneErrors> {
    let scene = super::recover::parse_all(text, name)?;
    let warnings = located_warnings(text, name, scene.scene());
    Ok(Checked { scene, warnings })
}

/// [`load_checked`] with [`check_all`]: every problem of the file it can find.
pub fn load_all(path: &Path) -> Result<Checked, SceneErrors> {
    let file = path.display().to_string();
    let bytes = read(path)?;
    check_all(text_of(&bytes, &file)?, &file)
}

/// The bytes of a scene file: refused when it is missing, unreadable, not a regular file or
/// over [`MAX_FILE_BYTES`].
fn read(path: &Path) -> Result<Vec<u8>, SceneErrors> {
    let file = path.display().to_string();
    let whole = |message: String| SceneErrors(vec![SceneError::whole_file(&file, message)]);
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => whole(io_reason(&e)),
        _ => whole(format!("cannot read: {}", io_reason(&e))),
    })?;
    if meta.is_dir() {
        return Err(whole("is a directory, not a scene file".to_owned()));
    }
    if !meta.is_file() {
        return Err(whole("is not a regular file".to_owned()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(whole(format!(
            "is {} bytes; scene files are limited to {MAX_FILE_BYTES} bytes",
            meta.len()
        )));
    }
    std::fs::read(path).map_err(|e| whole(format!("cannot read: {}", io_reason(&e))))
}

/// Parses and validates a scene from raw bytes (which must be UTF-8 and at most
/// [`MAX_FILE_BYTES`]); `name` is used in messages.
pub fn from_bytes(bytes: &[u8], name: &str) -> Result<CheckedScene, SceneErrors> {
    parse(text_of(bytes, name)?, name)
}

/// The text of a scene file's bytes: refused over [`MAX_FILE_BYTES`] or when not UTF-8.
fn text_of<'a>(bytes: &'a [u8], name: &str) -> Result<&'a str, SceneErrors> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SceneErrors(vec![SceneError::whole_file(
            name,
            format!(
                "is {} bytes; scene files are limited to {MAX_FILE_BYTES} bytes",
                bytes.len()
            ),
        )]));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
            let line = valid.matches('\n').count() + 1;
            let col = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let byte = bytes.get(e.valid_up_to()).copied().unwrap_or_default();
            Err(SceneErrors(vec![SceneError {
                file: name.to_owned(),
                line,
                col,
                field: crate::sim::FieldPath::root(),
                message: format!(
                    "not UTF-8 text (invalid byte 0x{byte:02x}); scene files are UTF-8 RON"
                ),
            }]))
        }
    }
}

fn pretty() -> PrettyConfig {
    PrettyConfig::new()
        .indentor("    ")
        .new_line("\n")
        .struct_names(false)
        .separate_tuple_members(false)
        .enumerate_arrays(false)
        // Text as typed ("the leader's frame", not "the leader\'s frame"); a string with a
        // quote or a backslash is written raw (`r#"..."#`).
        .escape_strings(false)
        .extensions(Extensions::IMPLICIT_SOME)
}

/// One group's parameters as RON text, as they appear in a scene file (for the clipboard).
#[must_use]
pub fn group_to_string(group: &Group) -> String {
    ron::ser::to_string_pretty(group, pretty())
        .map(|body| body + "\n")
        .unwrap_or_default()
}

/// Parses one group's parameters (what [`group_to_string`] writes, or a group cut from a scene
/// file); `name` is used in messages. Its values are checked when it is applied to a scene.
pub fn group_from_str(text: &str, name: &str) -> Result<Group, SceneErrors> {
    if text.trim().is_empty() {
        return Err(SceneErrors(vec![SceneError::whole_file(
            name,
            "is empty; expected a group's parameters, like `(name: \"flock\", count: 20, ...)`"
                .to_owned(),
        )]));
    }
    deserialize_located(text, name)
}

/// The scene as RON text, exactly as [`save`] writes it.
#[must_use]
pub fn to_string(scene: &Scene) -> String {
    match ron::ser::to_string_pretty(scene, pretty()) {
        Ok(body) => format!("{HEADER}{body}\n"),
        // Serialising plain data into a string has no failure path in practice; keep the
        // message rather than panic if it ever does.
        Err(e) => format!("{HEADER}// could not serialise this scene: {e}\n"),
    }
}

/// Why a save failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError {
    /// The target path.
    pub path: String,
    /// Why.
    pub reason: String,
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::sim::model::text::escape_controls;
        write!(
            f,
            "{}: cannot save: {}",
            escape_controls(&self.path),
            escape_controls(&self.reason)
        )
    }
}

impl std::error::Error for SaveError {}

/// Writes `text` to `path` atomically (temporary file in the same directory, flush, sync,
/// rename). On any failure the previous file is untouched and no temporary file is left.
pub fn write_atomic(path: &Path, text: &[u8]) -> Result<(), SaveError> {
    write_atomic_with(path, text, std::io::Write::write_all)
}

/// [`write_atomic`] with the write into the temporary file done by `write`, so that tests can
/// make it fail partway (a full disk, a crash) and check the previous file survives.
pub(crate) fn write_atomic_with(
    path: &Path,
    text: &[u8],
    write: impl FnOnce(&mut std::fs::File, &[u8]) -> std::io::Result<()>,
) -> Result<(), SaveError> {
    let mut file = AtomicFile::create(path)?;
    // On an error, dropping `file` deletes the temporary file.
    write(file.file_mut(), text).map_err(|e| file.error(&e))?;
    file.commit()
}

/// A file written atomically: its content goes to a temporary file in the same directory,
/// which [`AtomicFile::commit`] flushes to disk and renames over the target. Until then the
/// previous file is untouched; dropping it uncommitted leaves no temporary file behind.
#[derive(Debug)]
pub struct AtomicFile {
    path: std::path::PathBuf,
    tmp: tempfile::NamedTempFile,
}

impl AtomicFile {
    /// Starts writing `path`. The result will have the permissions of the file it replaces,
    /// or the usual 0644 for a new one.
    pub fn create(path: &Path) -> Result<Self, SaveError> {
        let fail = |reason: String| SaveError {
            path: path.display().to_string(),
            reason,
        };
        if path.is_dir() {
            return Err(fail("is a directory".to_owned()));
        }
        let dir = parent_dir(path);
        let tmp = tempfile::Builder::new()
            .prefix(".steerlab-")
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| {
                fail(format!(
                    "cannot create a temporary file in {}: {}",
                    dir.display(),
                    io_reason(&e)
                ))
            })?;
        // The temporary file is private (0600).
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(path).map_or(0o644, |m| m.permissions().mode() & 0o7777);
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(mode))
                .map_err(|e| fail(io_reason(&e)))?;
        }
        Ok(Self {
            path: path.to_owned(),
            tmp,
        })
    }

    /// The temporary file, to write into.
    pub fn file_mut(&mut self) -> &mut std::fs::File {
        self.tmp.as_file_mut()
    }

    /// A write error, said about the target.
    #[must_use]
    pub fn error(&self, e: &std::io::Error) -> SaveError {
        SaveError {
            path: self.path.display().to_string(),
            reason: io_reason(e),
        }
    }

    /// Flushes the content to disk and renames it over the target.
    pub fn commit(mut self) -> Result<(), SaveError> {
        self.tmp
            .as_file_mut()
            .flush()
            .and_then(|()| self.tmp.as_file().sync_all())
            .map_err(|e| self.error(&e))?;
        let path = self.path.clone();
        self.tmp.persist(&path).map_err(|e| SaveError {
            path: path.display().to_string(),
            reason: io_reason(&e.error),
        })?;
        Ok(())
    }
}

impl std::io::Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tmp.as_file_mut().write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.tmp.as_file_mut().flush()
    }
}

/// The directory a file at `path` goes in (`.` for a bare file name).
#[must_use]
pub fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Saves a scene atomically; see `write_atomic`.
pub fn save(path: &Path, scene: &Scene) -> Result<(), SaveError> {
    write_atomic(path, to_string(scene).as_bytes())
}

/// A short reason for an I/O error, without Rust's "(os error N)" noise where a kind says it.
#[must_use]
pub fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "does not exist".to_owned(),
        ErrorKind::NotADirectory => "a part of the path is not a directory".to_owned(),
        ErrorKind::PermissionDenied => "permission denied".to_owned(),
        ErrorKind::StorageFull => "no space left on the device".to_owned(),
        ErrorKind::ReadOnlyFilesystem => "read-only file system".to_owned(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_save_leaves_the_previous_file_intact() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("scene.ron");
        let original = crate::scene::presets::find("seek.ron")
            .expect("preset")
            .text;
        std::fs::write(&path, original).expect("write");
        let mut scene = from_str(original, "seek.ron").expect("valid").into_scene();
        scene.name = "Changed".to_owned();

        // The disk fills up halfway through the write.
        let text = to_string(&scene);
        let err = write_atomic_with(&path, text.as_bytes(), |file, bytes| {
            use std::io::Write as _;
            file.write_all(&bytes[..bytes.len() / 2])?;
            Err(std::io::Error::from(std::io::ErrorKind::StorageFull))
        })
        .expect_err("the write fails");
        assert!(err.to_string().contains("no space left"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), original);
        let left: Vec<_> = std::fs::read_dir(dir.path()).expect("dir").collect();
        assert_eq!(left.len(), 1, "no temporary file is left behind");

        // A target that is a directory, and a directory that does not exist.
        assert!(save(dir.path(), &scene).is_err());
        assert!(save(&dir.path().join("missing/scene.ron"), &scene).is_err());
        assert_eq!(std::fs::read_to_string(&path).expect("read"), original);

        // A read-only directory (only meaningful when not running as root, who may write anyway).
        #[cfg(unix)]
        {
            use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
            let root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555))
                .expect("chmod");
            let result = save(&path, &scene);
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
                .expect("chmod");
            if !root {
                assert!(result.is_err());
                assert_eq!(std::fs::read_to_string(&path).expect("read"), original);
            }
        }

        // And a save that works replaces the file.
        save(&path, &scene).expect("save");
        assert_eq!(load(&path).expect("load").scene().name, "Changed");
    }
}
