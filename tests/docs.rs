//! The docs that are generated from the code's one list of each thing: the shortcut table of
//! docs/editor.md (from `editor::shortcuts::TABLE`) and `docs/behaviors.md` (from the behavior
//! registry in `sim::steer::behaviors`). Each test fails when the file differs from what the code
//! says; `UPDATE_DOCS=1 cargo test --test docs` writes it again.
#![cfg(feature = "editor")]

use std::fmt::Write as _;
use std::path::Path;

use steerlab::sim::BehaviorKind;

/// Compares `path` (relative to the repository) with `want`, or writes it with `UPDATE_DOCS=1`.
fn check_or_update(path: &str, want: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let have = std::fs::read_to_string(&path).expect("the doc exists");
    if have == want {
        return;
    }
    if std::env::var("UPDATE_DOCS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, want).expect("write the doc");
        return;
    }
    panic!(
        "{} is out of date with the code; run `UPDATE_DOCS=1 cargo test --test docs` \
         and review the change",
        path.display()
    );
}

/// `text` with the part between the two marker lines replaced by `section`.
fn with_section(text: &str, start: &str, end: &str, section: &str) -> String {
    let (Some(a), Some(b)) = (text.find(start), text.find(end)) else {
        panic!("markers {start} and {end} not found");
    };
    let a = a + start.len();
    format!("{}\n{section}{}", &text[..a], &text[b..])
}

#[test]
fn the_editor_manual_lists_the_shortcut_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/editor.md");
    let readme = std::fs::read_to_string(path).expect("docs/editor.md");
    let table = steerlab::editor::shortcuts::markdown_table();
    let want = with_section(
        &readme,
        "<!-- shortcuts: generated from editor::shortcuts::TABLE -->",
        "<!-- /shortcuts -->",
        &table,
    );
    check_or_update("docs/editor.md", &want);
}

/// `docs/behaviors.md` as the registry describes the behaviors.
fn behaviors_md() -> String {
    let mut out = String::from(
        "# Behaviors\n\n\
         Generated from the behavior registry (`src/sim/steer/behaviors/`, one `BehaviorInfo` per \
         behavior,\nin the file that implements it) by `tests/docs.rs`; do not edit by hand.\n\n\
         Blocks are evaluated in this order, which is also the priority order of \
         `PrioritizedSum` and\n`PrioritizedDithering`. The key is the block's field in a \
         group (`docs/scenes.md`), and the\ncolour is its force's colour on the canvas, in the \
         legends and in the plots.\n\n\
         | priority | key | colour | formula | what it does |\n\
         |---:|---|---|---|---|\n",
    );
    for (k, kind) in BehaviorKind::ALL.into_iter().enumerate() {
        let info = kind.info();
        assert!(
            !info.formula.contains('`'),
            "{}: a formula is shown as code",
            info.key
        );
        let c = info.color;
        let _ = writeln!(
            out,
            "| {} | `{}` | `#{:02x}{:02x}{:02x}` | `{}` | {} |",
            k + 1,
            info.key,
            c.0,
            c.1,
            c.2,
            // A `|` would end the table cell, even inside code.
            info.formula.replace('|', "\\|"),
            info.summary.replace('|', "\\|")
        );
    }
    out
}

#[test]
fn the_behaviors_doc_lists_the_registry() {
    check_or_update("docs/behaviors.md", &behaviors_md());
}

/// Every metric has its row in docs/metrics.md, with the unit and the direction the code
/// reports.
#[test]
fn every_metric_is_defined_in_docs_metrics_md() {
    let doc = std::fs::read_to_string("docs/metrics.md").expect("docs/metrics.md");
    for d in steerlab::sim::metrics::DEFINITIONS {
        let row = doc
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", d.name)))
            .unwrap_or_else(|| panic!("no row for `{}` in docs/metrics.md", d.name));
        let cells: Vec<&str> = row.split(" | ").collect();
        assert_eq!(cells.get(2).copied(), Some(d.better.word()), "{row}");
        assert!(!d.unit.is_empty(), "`{}` has no unit", d.name);
        assert_eq!(cells.get(1).copied(), Some(d.unit), "{row}");
    }
}

/// The web editor's address the docs' links are made for (`scripts/web.sh`'s local server).
const LOCAL_PAGE: &str = "http://localhost:8080/";

/// A scene file of the repository, loaded.
fn repo_scene(path: &str) -> steerlab::scene::Scene {
    steerlab::scene::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .expect(path)
        .into_scene()
}

#[test]
fn the_web_page_links_every_preset_and_the_worked_example() {
    use steerlab::scene::{link, presets};
    let mut table = String::from("| Preset | Link | Characters |\n|---|---|---|\n");
    for preset in presets::ALL {
        let scene = steerlab::scene::from_str(preset.text, preset.file)
            .expect(preset.file)
            .into_scene();
        let made = link::link(LOCAL_PAGE, &scene);
        // The link gives the preset back, and fits.
        assert_eq!(
            link::decode(&made).map(steerlab::scene::CheckedScene::into_scene),
            Ok(scene.clone()),
            "{}",
            preset.file
        );
        assert!(made.len() <= link::MAX_LINK_CHARS, "{}", preset.file);
        let _ = writeln!(
            table,
            "| {} (`{}`) | [open in the web editor]({made}) | {} |",
            scene.name,
            preset.file,
            made.len()
        );
    }
    let mut example = String::new();
    for (path, what) in [
        (
            "docs/examples/arrive_overshoot.ron",
            "slowing radius 100 (runs past)",
        ),
        (
            "docs/examples/arrive_tuned.ron",
            "slowing radius 700 (stops on it)",
        ),
    ] {
        let made = link::link(LOCAL_PAGE, &repo_scene(path));
        let _ = writeln!(example, "- [Open {what}]({made}) (`{path}`)");
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/web.md");
    let text = std::fs::read_to_string(path).expect("docs/web.md");
    let text = with_section(
        &text,
        "<!-- preset links: generated by `UPDATE_DOCS=1 cargo test --test docs` -->",
        "<!-- end of preset links -->",
        &table,
    );
    let text = with_section(
        &text,
        "<!-- example links: generated by `UPDATE_DOCS=1 cargo test --test docs` -->",
        "<!-- end of example links -->",
        &example,
    );
    check_or_update("docs/web.md", &text);
}
