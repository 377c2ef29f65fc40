//! The files a command's `--out` may name: each command writes the formats its extensions
//! name, and any other extension is refused before anything is read or run.

use std::path::Path;

use crate::sim::model::text::escape_controls;

/// What one command writes to its `--out`.
pub(crate) struct Writes {
    /// The command (`render`).
    pub command: &'static str,
    /// The extensions it writes, lower case, without the dot.
    pub extensions: &'static [&'static str],
    /// What it writes, as the refusal lists it.
    pub list: &'static str,
    /// A path without an extension is a folder (`render`); otherwise it is a file in the one
    /// format the command writes, or, where there are several to choose from, refused.
    pub folder: bool,
}

/// `steerlab render --out`: an MP4 video (with the `video` feature), an animated GIF, an
/// animated PNG, or a folder of PNG frames.
#[cfg(feature = "video")]
pub(crate) const RENDER: Writes = Writes {
    command: "render",
    extensions: &["mp4", "gif", "png", "apng"],
    list: ".mp4, .gif, .png (.apng) or a folder of PNG frames",
    folder: true,
};

/// `steerlab render --out` in a build without video.
#[cfg(all(feature = "render", not(feature = "video")))]
pub(crate) const RENDER: Writes = Writes {
    command: "render",
    extensions: &["gif", "png", "apng"],
    list: ".gif, .png (.apng) or a folder of PNG frames",
    folder: true,
};

/// `steerlab sweep --out`: CSV or JSON.
pub(crate) const SWEEP: Writes = Writes {
    command: "sweep",
    extensions: &["csv", "json"],
    list: ".csv or .json",
    folder: false,
};

/// `steerlab simulate --out`: CSV.
pub(crate) const SIMULATE: Writes = Writes {
    command: "simulate",
    extensions: &["csv"],
    list: ".csv",
    folder: false,
};

/// `steerlab tune --out`: a scene.
pub(crate) const TUNE: Writes = Writes {
    command: "tune",
    extensions: &["ron"],
    list: "a scene, .ron",
    folder: false,
};

impl Writes {
    /// The extension of `out` that says its format, lower case (`None` for a folder, or for
    /// the one format of a command that writes one), or the usage error that refuses it:
    /// `steerlab render: --out clip.webm: cannot write .webm; it writes .mp4, ...`.
    pub(crate) fn check(&self, out: &Path) -> Result<Option<String>, String> {
        let shown = escape_controls(&out.display().to_string()).into_owned();
        let refuse = |why: String| {
            format!(
                "steerlab {}: --out {shown}: {why}; it writes {}",
                self.command, self.list
            )
        };
        // `frames/` and an existing directory are folders, unless their extension names a
        // format.
        let folder = self.folder
            && (out.is_dir()
                || out
                    .as_os_str()
                    .to_string_lossy()
                    .ends_with(std::path::is_separator));
        let extension = out
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .filter(|e| !e.is_empty());
        match extension {
            Some(e) if self.extensions.contains(&e.as_str()) => Ok(Some(e)),
            _ if folder => Ok(None),
            Some(e) => Err(refuse(format!("cannot write .{}", escape_controls(&e)))),
            None if self.folder || self.extensions.len() == 1 => Ok(None),
            None => Err(refuse("no extension to choose the format by".to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_takes_its_extensions_and_refuses_others() {
        let check = |writes: &Writes, out: &str| writes.check(Path::new(out));
        #[cfg(feature = "render")]
        {
            assert_eq!(check(&RENDER, "a.GIF"), Ok(Some("gif".to_owned())));
            assert_eq!(check(&RENDER, "a.apng"), Ok(Some("apng".to_owned())));
            assert_eq!(check(&RENDER, "frames"), Ok(None));
            assert_eq!(check(&RENDER, "frames.v2/"), Ok(None));
            assert_eq!(
                check(&RENDER, "clip.webm"),
                Err(
                    "steerlab render: --out clip.webm: cannot write .webm; it writes .mp4, \
                     .gif, .png (.apng) or a folder of PNG frames"
                        .to_owned()
                )
            );
        }
        assert_eq!(check(&SWEEP, "t.Json"), Ok(Some("json".to_owned())));
        assert_eq!(
            check(&SWEEP, "table"),
            Err(
                "steerlab sweep: --out table: no extension to choose the format by; \
                 it writes .csv or .json"
                    .to_owned()
            )
        );
        assert_eq!(check(&SIMULATE, "run"), Ok(None));
        assert_eq!(
            check(&SIMULATE, "run.json"),
            Err("steerlab simulate: --out run.json: cannot write .json; it writes .csv".to_owned())
        );
        assert_eq!(check(&TUNE, "tuned.ron"), Ok(Some("ron".to_owned())));
        assert_eq!(
            check(&TUNE, "a\nb.txt"),
            Err(
                "steerlab tune: --out a\\nb.txt: cannot write .txt; it writes a scene, .ron"
                    .to_owned()
            )
        );
    }
}
