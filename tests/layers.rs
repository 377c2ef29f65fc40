//! The source files import each other without a circle: each file's imports, resolved to the
//! file that defines what is imported, form a graph with no cycle (docs/architecture.md). A
//! module's `pub use` re-exports are followed to where the item is defined, so a child using
//! what its parent re-exports is not a circle; `mod` declarations are not imports; test modules
//! (`#[cfg(test)] mod tests`) are left out.
//!
//! Run with `--nocapture` to see the count of files and edges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One source file: its module path (`["sim", "steer", "params"]`) and its code (no comments,
/// strings or test module).
struct File {
    module: Vec<String>,
    code: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("read src")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text with comments, string and char literals blanked, and everything from a test
/// module on dropped.
fn code_of(text: &str) -> String {
    // The test module: `#[cfg(test)]`, maybe more attributes, then `mod tests`.
    let test_module = text
        .match_indices("#[cfg(test)]")
        .map(|(i, _)| i)
        .find(|&i| {
            text[i..]
                .lines()
                .skip(1)
                .find(|l| !l.trim_start().starts_with("#["))
                .is_some_and(|l| l.trim_start().starts_with("mod tests"))
        });
    let text = match test_module {
        Some(i) => &text[..i],
        None => text,
    };
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            i += end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(rest.len(), |e| e + 2);
            i += end;
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = rest[1..].chars().take_while(|&c| c == '#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let start = 2 + hashes;
            let end = rest[start..]
                .find(&close)
                .map_or(rest.len(), |e| start + e + close.len());
            out.push_str("\"\"");
            i += end;
        } else if bytes[i] == b'"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if bytes[i] == b'\'' && rest.len() > 2 && (rest.as_bytes()[2] == b'\'') {
            out.push_str("' '");
            i += 3;
        } else {
            let c = rest.chars().next().expect("a char");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Every path in `code` that starts at `crate`, `super` or `self`, as written (`use`
/// statements with braces expanded).
fn paths_in(code: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    // `use` statements, braces expanded; `pub use` marked as re-exports.
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        let at_word =
            before.is_empty() || !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let tail = &rest[i + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        if at_word {
            let is_pub = before.trim_end().ends_with("pub") || before.trim_end().ends_with(')');
            for p in expand(tail[..end].trim()) {
                out.push((is_pub, p));
            }
            rest = &tail[end..];
        } else {
            rest = tail;
        }
    }
    // Paths written in the code itself.
    let b = code.as_bytes();
    for (i, _) in code.match_indices("::") {
        // Walk back to the start of the path.
        let mut s = i;
        while s > 0 && (b[s - 1].is_ascii_alphanumeric() || b[s - 1] == b'_' || b[s - 1] == b':') {
            s -= 1;
        }
        if s > 0 && b[s - 1] == b'$' {
            continue; // `$crate::`, a macro's own path, resolved where it is expanded
        }
        let start = &code[s..];
        if !(start.starts_with("crate::")
            || start.starts_with("super::")
            || start.starts_with("self::"))
        {
            continue;
        }
        if s > 0 && b[s - 1] == b':' {
            continue;
        }
        let len = start
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(start.len());
        // `crate::a::{b, c}` is a `use` statement, read above.
        if start[..len].ends_with("::") {
            continue;
        }
        out.push((false, start[..len].to_owned()));
    }
    out
}

/// `a::{b, c::{d, e}}` into `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    // Renames (`X as Y`) name X; spaces go.
    let mut tokens = Vec::new();
    let mut words = tree.split_whitespace();
    while let Some(w) = words.next() {
        if w == "as" {
            let renamed = words.next().unwrap_or("");
            // Keep what follows the new name (`,` or `}`).
            tokens.push(renamed.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_'));
        } else {
            tokens.push(w);
        }
    }
    let tree: String = tokens.concat();
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            if p == "self" {
                vec![prefix.trim_end_matches("::").to_owned()]
            } else {
                expand(&format!("{prefix}{p}"))
            }
        })
        .collect()
}

struct Graph {
    files: Vec<(String, File)>,
    by_module: BTreeMap<Vec<String>, usize>,
}

impl Graph {
    fn load() -> Self {
        // LAYERS_SRC checks another tree (an older checkout, to compare).
        let root = std::env::var_os("LAYERS_SRC").map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            PathBuf::from,
        );
        let mut paths = Vec::new();
        rust_files(&root, &mut paths);
        let mut files = Vec::new();
        for path in paths {
            let rel = path.strip_prefix(&root).expect("under src");
            let name = rel.to_string_lossy().replace('\\', "/");
            if name == "main.rs" {
                continue; // the binary, a crate of its own over the library
            }
            let mut module: Vec<String> = rel
                .with_extension("")
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            // A `mod.rs` is its folder's module (its `super` is the folder's parent).
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("read");
            files.push((
                format!("src/{name}"),
                File {
                    module,
                    code: code_of(&text),
                },
            ));
        }
        let by_module = files
            .iter()
            .enumerate()
            .map(|(i, (_, f))| (f.module.clone(), i))
            .collect();
        Self { files, by_module }
    }

    /// `path` as written in file `from`, made absolute (segments below the crate root).
    fn absolute(&self, from: usize, path: &str) -> Vec<String> {
        let file = &self.files[from].1;
        let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let mut base: Vec<String> = file.module.clone();
        match segs.first() {
            Some(&"crate") => {
                base.clear();
                segs.remove(0);
            }
            Some(&"self") => {
                segs.remove(0);
            }
            Some(&"super") => {
                while segs.first() == Some(&"super") {
                    segs.remove(0);
                    base.pop();
                }
            }
            // A path that starts with a child module is relative to this one (`pub use
            // steer::params::Group` in `sim/mod.rs`); any other start is another crate.
            Some(first) => {
                let mut child = base.clone();
                child.push((*first).to_owned());
                if !self.by_module.contains_key(&child) {
                    return Vec::new();
                }
            }
            None => return Vec::new(),
        }
        base.extend(segs.into_iter().map(str::to_owned));
        base
    }

    /// The file that defines what `abs` names, following `pub use` re-exports (at most a few
    /// hops, so a glob cannot loop).
    fn resolve(&self, abs: &[String], hops: usize) -> Option<usize> {
        if abs.is_empty() {
            return None; // another crate
        }
        // The longest prefix that is a module file.
        let (len, &file) = (0..=abs.len())
            .rev()
            .find_map(|n| self.by_module.get(&abs[..n]).map(|f| (n, f)))?;
        let item = abs.get(len);
        if let Some(item) = item
            && hops < 8
        {
            // A re-export of that name in the module: follow it.
            for (is_pub, path) in paths_in(&self.files[file].1.code) {
                if is_pub && path.rsplit("::").next() == Some(item.as_str()) {
                    let target = self.absolute(file, &path);
                    if !target.is_empty() && target != abs {
                        return self.resolve(&target, hops + 1);
                    }
                }
            }
        }
        Some(file)
    }

    fn edges(&self) -> Vec<BTreeSet<usize>> {
        (0..self.files.len())
            .map(|i| {
                paths_in(&self.files[i].1.code)
                    .into_iter()
                    .filter_map(|(_, p)| {
                        let abs = self.absolute(i, &p);
                        self.resolve(&abs, 0)
                    })
                    .filter(|&j| j != i)
                    .collect()
            })
            .collect()
    }
}

/// Strongly connected components of more than one file (Tarjan).
fn circles(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State<'_>, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &s.edges[v] {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort_unstable();
                s.out.push(component);
            }
        }
    }
    let n = edges.len();
    let mut s = State {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_source_file_imports_itself_through_others() {
    let graph = Graph::load();
    let edges = graph.edges();
    let found = circles(&edges);
    // LAYERS_INTO=src/x.rs lists the imports that resolve to that file, and from where.
    if let Ok(into) = std::env::var("LAYERS_INTO") {
        for (i, (name, file)) in graph.files.iter().enumerate() {
            for (_, path) in paths_in(&file.code) {
                let abs = graph.absolute(i, &path);
                if let Some(j) = graph.resolve(&abs, 0)
                    && j != i
                    && graph.files[j].0 == into
                {
                    println!("{name}: {path}");
                }
            }
        }
    }
    let count: usize = edges.iter().map(BTreeSet::len).sum();
    println!(
        "{} source files, {count} imports between them, {} circles",
        graph.files.len(),
        found.len()
    );
    let report: Vec<String> = found
        .iter()
        .map(|c| {
            let names: Vec<&str> = c.iter().map(|&i| graph.files[i].0.as_str()).collect();
            format!("{} files: {}", c.len(), names.join(" ↔ "))
        })
        .collect();
    assert!(report.is_empty(), "import circles:\n{}", report.join("\n"));
}

#[test]
fn the_checker_sees_a_circle_and_follows_re_exports() {
    // On this crate: `sim/mod.rs` re-exports `Group` from `steer::params` as
    // `pub use steer::params::{..., Group, ...}`; an import of `crate::sim::Group` resolves to
    // `sim/steer/params.rs`, not to `sim/mod.rs`.
    let graph = Graph::load();
    let params = graph
        .files
        .iter()
        .position(|(name, _)| name == "src/sim/steer/params.rs")
        .expect("params.rs");
    let abs: Vec<String> = ["sim", "Group"].iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(graph.resolve(&abs, 0), Some(params));
    let external: Vec<String> = Vec::new();
    assert_eq!(graph.resolve(&external, 0), None);

    // Two files that import each other are one circle; a child that takes its parent's
    // re-export of a sibling's item depends on the sibling, not on the parent.
    let edges = vec![
        BTreeSet::from([1]),
        BTreeSet::from([0]),
        BTreeSet::from([0]),
    ];
    assert_eq!(circles(&edges), vec![vec![0, 1]]);
    assert!(circles(&[BTreeSet::from([1]), BTreeSet::new()]).is_empty());
    assert_eq!(
        expand("super::{a::{B, C}, d, self}"),
        vec!["super::a::B", "super::a::C", "super::d", "super"]
    );
}

/// The layers of `sim`, lowest first (`src/sim/mod.rs`): a file in one imports only from its
/// own layer and those before it.
const SIM_LAYERS: [&str; 5] = ["model", "steer", "setup", "run", "observe"];

/// The layer of `sim` that a file of module path `module` lies in.
fn sim_layer(module: &[String]) -> Option<usize> {
    match module {
        [sim, layer, ..] if sim == "sim" => SIM_LAYERS.iter().position(|l| l == layer),
        _ => None,
    }
}

#[test]
fn the_layers_of_sim_import_only_the_layers_below_them() {
    let graph = Graph::load();
    let edges = graph.edges();
    let mut in_layers = 0;
    let mut up = Vec::new();
    for (i, targets) in edges.iter().enumerate() {
        let Some(from) = sim_layer(&graph.files[i].1.module) else {
            continue;
        };
        in_layers += 1;
        for &j in targets {
            if let Some(to) = sim_layer(&graph.files[j].1.module)
                && to > from
            {
                up.push(format!(
                    "{} ({}) imports {} ({})",
                    graph.files[i].0, SIM_LAYERS[from], graph.files[j].0, SIM_LAYERS[to]
                ));
            }
        }
    }
    // Every file of `sim` but its `mod.rs` lies in a layer.
    let loose: Vec<&str> = graph
        .files
        .iter()
        .filter(|(_, f)| {
            f.module.first().is_some_and(|m| m == "sim")
                && f.module.len() > 1
                && sim_layer(&f.module).is_none()
        })
        .map(|(name, _)| name.as_str())
        .collect();
    println!(
        "{in_layers} files in the layers of sim, {} imports upward",
        up.len()
    );
    assert!(
        in_layers > 60,
        "only {in_layers} files found in sim's layers"
    );
    assert!(
        loose.is_empty(),
        "files of sim outside its layers: {loose:?}"
    );
    assert!(up.is_empty(), "imports upward:\n{}", up.join("\n"));
}

#[test]
fn the_layer_check_sees_an_import_upward() {
    let module = |path: &str| -> Vec<String> { path.split('/').map(str::to_owned).collect() };
    assert_eq!(sim_layer(&module("sim/model/math")), Some(0));
    assert_eq!(sim_layer(&module("sim/observe/metrics/report")), Some(4));
    assert_eq!(sim_layer(&module("sim")), None);
    assert_eq!(sim_layer(&module("editor/app")), None);
    assert!(sim_layer(&module("sim/run/world")) > sim_layer(&module("sim/setup/check")));
}

/// The crate's top modules, lowest first (`src/lib.rs`): the simulation, the scene format, the
/// level tracer and tuning over it, then what draws, records, measures and runs them. A file in
/// one imports only from its own module and those before it; `level` and `tuning` stand side
/// by side (neither imports the other).
const CRATE_LAYERS: [&[&str]; 7] = [
    &["sim"],
    &["scene"],
    &["level", "tuning"],
    &["view"],
    &["render"],
    &["bench", "editor"],
    &["cli"],
];

/// The layer of the crate that a file of module path `module` lies in.
fn crate_layer(module: &[String]) -> Option<usize> {
    let top = module.first()?;
    CRATE_LAYERS.iter().position(|l| l.contains(&top.as_str()))
}

#[test]
fn the_crates_modules_import_only_the_layers_below_them() {
    let graph = Graph::load();
    let edges = graph.edges();
    let mut up = Vec::new();
    let mut beside = Vec::new();
    for (i, targets) in edges.iter().enumerate() {
        let from_module = &graph.files[i].1.module;
        let Some(from) = crate_layer(from_module) else {
            continue;
        };
        for &j in targets {
            let to_module = &graph.files[j].1.module;
            let Some(to) = crate_layer(to_module) else {
                continue;
            };
            let line = format!("{} imports {}", graph.files[i].0, graph.files[j].0);
            if to > from {
                up.push(line);
            } else if to == from && from_module.first() != to_module.first() {
                beside.push(line);
            }
        }
    }
    // Every top module is in a layer (lib.rs and main.rs are the crate's roots).
    let loose: Vec<&str> = graph
        .files
        .iter()
        .filter(|(_, f)| !f.module.is_empty() && crate_layer(&f.module).is_none())
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        loose.is_empty(),
        "files outside the crate's layers: {loose:?}"
    );
    assert!(up.is_empty(), "imports upward:\n{}", up.join("\n"));
    assert!(
        beside.is_empty(),
        "imports across one layer:\n{}",
        beside.join("\n")
    );
}

/// Tests are laid out one way: a module's unit tests sit in it (`mod tests { … }`), or, for a
/// module that is a folder, in its `tests.rs`; none is pulled from elsewhere with `#[path]`.
#[test]
fn unit_tests_sit_in_their_module_or_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut pulled = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[path") {
                pulled.push(format!("{}:{}", file.display(), n + 1));
            }
        }
        // A `tests.rs` is a folder module's tests: its folder has a `mod.rs`.
        if file.file_name().is_some_and(|f| f == "tests.rs") {
            let folder = file.parent().expect("in a folder");
            assert!(
                folder.join("mod.rs").is_file(),
                "{} is not beside a mod.rs",
                file.display()
            );
        }
    }
    assert!(files.len() > 100, "only {} files found", files.len());
    assert!(
        pulled.is_empty(),
        "modules pulled in by #[path]:\n{}",
        pulled.join("\n")
    );
}
