//! One name per concept: the types and modules defined in more than one place in `src/` are
//! listed, and each must be one of the few that name the same concept in each place (a
//! variant of one type for the web, each pass's own scratch buffers, a module about one
//! subject seen from another layer). A name that means two things fails here.
//!
//! Run with `--nocapture` to see every name defined twice and where.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Names defined in more than one place that mean the same thing in each, and why.
const SAME_CONCEPT: &[(&str, &str)] = &[
    ("tests", "every file's own test module"),
    (
        "capture",
        "the Capture window and the takes and screenshots it makes",
    ),
    (
        "level",
        "a level traced from a picture: the tracer and its command (`steerlab level`)",
    ),
    (
        "Work",
        "a background job's work: a thread on the desktop, slices between frames on the web",
    ),
    (
        "Scratch",
        "the reused buffers of one pass (the grid, the nearest search, the metrics)",
    ),
    (
        "scenery",
        "the scenery: its model, its checks, its inspector panel, its canvas edits",
    ),
    ("tune", "tuning: the search, the command, the window"),
    ("link", "share links: the format, the command"),
    ("render", "headless takes: the renderer, the command"),
    (
        "validate",
        "checking a scene: the library's checks, the command",
    ),
    (
        "sheet",
        "behavior sheets: the pages, the command, the editor's export",
    ),
    ("sweep", "sweeps: the runs, the window"),
    (
        "atlas",
        "the behavior atlas: the search, its files, the command, the window, the app's side",
    ),
    ("goals", "goals: the model, the window, the app's handling"),
    (
        "overlays",
        "the overlays: what is drawn, its toggles, their panel",
    ),
    ("metrics", "the metrics: computed, and their window"),
    (
        "grid",
        "the neighbour grid and the metrics' own grid over the same agents",
    ),
    ("group", "a group of agents: its checks, its inspector"),
    ("tools", "the canvas tools: their state and their strip"),
    ("types", "the plain types of a layer"),
    (
        "canvas",
        "the editor's canvas: drawn, and its frame timed by the bench",
    ),
    (
        "bench",
        "the benchmarks: the library that times them, the command that prints them",
    ),
    (
        "Scanner",
        "a scanner of a scene's RON text: where each value starts, and the fields of a broken file",
    ),
];

/// The names the code once gave two meanings; each is now defined once at most.
const ONCE: &[&str] = &[
    "Trace",
    "Step",
    "Rule",
    "Memory",
    "SceneNames",
    "marks",
    "path",
    "Queue",
    "Tool",
    "ToolWindow",
    "Fields",
    "state",
    "side",
    "search",
    "Options",
    "Goal",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The item-level types and modules a file defines: `struct`, `enum`, `trait`, `type` (not
/// an associated type: those sit inside an `impl`) and `mod`, with their line.
fn definitions(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut in_impl = 0usize;
    let mut depth = 0usize;
    let mut in_block_macro = false;
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let trimmed = code.trim_start();
        let words: Vec<&str> = trimmed
            .split(|c: char| c.is_whitespace() || c == '<' || c == '(' || c == '{' || c == ';')
            .filter(|w| !w.is_empty())
            .collect();
        // `pub`, `pub(crate)`, `pub(super)`, `pub(in a::b)`: split at `(`, its words go.
        let mut k = 0;
        while k < words.len()
            && (words[k].starts_with("pub") || words[k].ends_with(')') || words[k] == "in")
        {
            k += 1;
        }
        if let (Some(kind), Some(name)) = (words.get(k), words.get(k + 1))
            && ["struct", "enum", "trait", "type", "mod"].contains(kind)
            && !(*kind == "type" && in_impl > 0)
            && name.chars().all(|c| c.is_alphanumeric() || c == '_')
        {
            out.push(((*name).to_owned(), n + 1));
        }
        // A behavior's block type, made by `block! { … Name { … } }`.
        if in_block_macro
            && let [name] = words[..]
            && name.starts_with(|c: char| c.is_ascii_uppercase())
            && trimmed.ends_with('{')
        {
            out.push((name.to_owned(), n + 1));
        }
        if trimmed.starts_with("block! {") {
            in_block_macro = true;
        } else if in_block_macro && trimmed.starts_with('}') && depth <= 1 {
            in_block_macro = false;
        }
        if trimmed.starts_with("impl") && in_impl == 0 {
            in_impl = depth + 1;
        }
        depth += code.matches('{').count();
        depth = depth.saturating_sub(code.matches('}').count());
        if in_impl > 0 && depth < in_impl {
            in_impl = 0;
        }
    }
    out
}

#[test]
fn each_name_defined_twice_names_one_concept() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        let rel = file
            .strip_prefix(&root)
            .expect("under src")
            .display()
            .to_string();
        for (name, line) in definitions(&text) {
            places
                .entry(name)
                .or_default()
                .push(format!("src/{rel}:{line}"));
        }
    }
    assert!(places.len() > 300, "only {} names found", places.len());
    let twice: Vec<(&String, &Vec<String>)> =
        places.iter().filter(|(_, at)| at.len() > 1).collect();
    for (name, at) in &twice {
        println!("{name}: {}", at.join(", "));
    }
    let unexplained: Vec<String> = twice
        .iter()
        .filter(|(name, _)| !SAME_CONCEPT.iter().any(|(n, _)| n == name))
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        unexplained.is_empty(),
        "names defined in two places with no reason given:\n{}",
        unexplained.join("\n")
    );
    // A reason given for a name that is no longer defined twice is a stale one.
    for (name, _) in SAME_CONCEPT {
        let at = places.get(*name).map_or(0, Vec::len);
        assert!(
            at > 1,
            "{name} is defined {at} time(s): take it out of SAME_CONCEPT"
        );
    }
    for name in ONCE {
        let at = places.get(*name).map_or(0, Vec::len);
        assert!(at <= 1, "{name} is defined {at} times: {:?}", places[*name]);
        assert!(
            !SAME_CONCEPT.iter().any(|(n, _)| n == name),
            "{name} cannot be both"
        );
    }
}

#[test]
fn the_scan_finds_items_and_skips_associated_types() {
    let text = "pub struct Trace {\n}\nimpl Deref for X {\n    type Target = Y;\n}\n\
                pub(crate) enum Step { A }\nmod tests {}\ntype Alias = u8;\n\
                pub(super) struct Scratch;\npub(in crate::sim) trait Rule {}\n\
                block! {\n    /// Queuing.\n    Queue {\n        ahead: f32 = 30.0,\n    }\n}\n\
                struct After;\n";
    let found: Vec<String> = definitions(text).into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        found,
        [
            "Trace", "Step", "tests", "Alias", "Scratch", "Rule", "Queue", "After"
        ]
    );
}

/// Words that meant two things and now mean one, with the folders whose types and modules may
/// carry them (any part of the name: `RecordSlot`, `FullRecord`): a behavior's record of a
/// tick is the simulation's; the editor's recordings are captures; a trace is what a behavior
/// looked at (a level read from a picture is a `PictureLevel`); a tool is a canvas tool, and the
/// docked windows are tool windows.
const ONE_MEANING: &[(&str, &[&str])] = &[
    ("Record", &["src/sim/"]),
    ("Capture", &["src/editor/"]),
    ("Trace", &["src/sim/steer/"]),
    (
        "Tool",
        &[
            "src/view/",
            "src/editor/dock.rs",
            "src/editor/panels/tools.rs",
        ],
    ),
];

#[test]
fn each_word_with_one_meaning_names_types_in_its_home_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut strays = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        let rel = format!(
            "src/{}",
            file.strip_prefix(&root).expect("under src").display()
        );
        for (name, line) in definitions(&text) {
            // Types only (a module is a file's name, `capture` or `record`, not a type's).
            if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
                continue;
            }
            for (word, homes) in ONE_MEANING {
                if name.contains(word) && !homes.iter().any(|h| rel.starts_with(h)) {
                    strays.push(format!("{name} ({word}) at {rel}:{line}"));
                }
            }
        }
    }
    assert!(
        strays.is_empty(),
        "words defined outside their meaning's home:\n{}",
        strays.join("\n")
    );
}

/// `seed` is the random seed a run draws from, and nothing else: the tutorials steerlab follows
/// are its sources (docs/references.md), in code, docs and presets alike.
#[test]
fn seed_names_the_random_seed_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for dir in ["docs", "presets"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("dir") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "md" || e == "ron") {
                files.push(path);
            }
        }
    }
    files.push(root.join("README.md"));
    // A tutorial named before `seed` (its language, its number, the boids one), or seeds as
    // documents.
    let tutorial = |word: &str| {
        let w = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '#');
        matches!(
            w.to_ascii_lowercase().as_str(),
            "c#" | "boids" | "java" | "javascript" | "python" | "russian" | "tutorial"
        ) || (w.len() == 3 && w.bytes().all(|b| b.is_ascii_digit()))
    };
    let mut strays = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            for (i, w) in words.iter().enumerate() {
                let lower = w.to_ascii_lowercase();
                let seed = lower.starts_with("seed") && !lower.starts_with("seeded");
                let as_document = seed
                    && words
                        .get(i + 1)
                        .is_some_and(|next| next.starts_with("document"));
                if seed && (as_document || i > 0 && tutorial(words[i - 1])) {
                    strays.push(format!(
                        "{}:{}: {}",
                        file.strip_prefix(root).expect("under root").display(),
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    assert!(
        strays.is_empty(),
        "`seed` for a source tutorial (write \"source\"):\n{}",
        strays.join("\n")
    );
}

/// The slowing radius is one field, described once: every block that arrives somewhere names
/// it `slowing_radius` with the same label, unit and help, and arrive's radius form reads the
/// same.
#[test]
fn the_slowing_radius_is_described_once() {
    use steerlab::sim::BehaviorKind;
    let mut scene = steerlab::scene::Scene::new_default();
    scene.groups.truncate(1);
    for kind in BehaviorKind::ALL {
        steerlab::scene::add_behavior(&mut scene, 0, kind);
    }
    let mut group = scene.groups[0].clone();
    let mut slowing = Vec::new();
    for kind in BehaviorKind::ALL {
        group.visit_fields(kind, &mut |field, _| {
            if field.label == "slowing radius" || field.key == "slowing_radius" {
                slowing.push((kind, *field));
            }
        });
    }
    let blocks: Vec<BehaviorKind> = slowing.iter().map(|(k, _)| *k).collect();
    assert!(blocks.len() >= 5, "{blocks:?}");
    let (_, first) = slowing
        .iter()
        .find(|(k, _)| *k != BehaviorKind::Arrive)
        .expect("a block with the field");
    for (kind, field) in &slowing {
        let key = if *kind == BehaviorKind::Arrive {
            "mode"
        } else {
            "slowing_radius"
        };
        assert_eq!(field.key, key, "{kind:?}");
        assert_eq!(
            (field.label, field.unit, field.help, field.limit),
            (first.label, first.unit, first.help, first.limit),
            "{kind:?}"
        );
    }
}
