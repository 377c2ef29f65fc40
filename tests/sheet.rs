//! `steerlab sheet`: every link and image of the generated folder resolves, the Markdown reads
//! back as a renderer reads it, and what the pages say equals the scenes (values as the editor
//! writes them, goals as `check` decides them).
#![cfg(all(feature = "render", feature = "link"))]

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::steerlab;
use pulldown_cmark::{Event, Options, Parser, Tag};

const PAGE: &str = "https://wiki.example/steerlab/";

/// The folder `steerlab sheet` writes for the two worked examples, against the overshooting
/// arrive, with half-second clips.
fn sheet(dir: &Path) {
    let run = steerlab()
        .args([
            "sheet",
            "docs/examples/arrive_goals.ron",
            "arrive_slowing.ron",
            "--against",
            "docs/examples/arrive_overshoot.ron",
            "--page",
            PAGE,
            "--seconds",
            "0.5",
            "--out",
        ])
        .arg(dir)
        .output()
        .expect("run steerlab");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// The links and images of a Markdown text, and the text of the HTML it renders to.
fn markdown_links(text: &str) -> (Vec<String>, String) {
    let mut links = Vec::new();
    let parser = Parser::new_ext(text, Options::ENABLE_TABLES);
    let events: Vec<Event<'_>> = parser.collect();
    for e in &events {
        if let Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) = e {
            links.push(dest_url.to_string());
        }
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    (links, html)
}

/// The values of every `src="…"` and `href="…"` of an HTML text.
fn html_links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attribute in ["src=\"", "href=\""] {
        let mut rest = text;
        while let Some(at) = rest.find(attribute) {
            rest = &rest[at + attribute.len()..];
            let end = rest.find('"').expect("a closing quote");
            out.push(rest[..end].replace("&amp;", "&"));
            rest = &rest[end..];
        }
    }
    out
}

/// Checks that `link`, found in `page` of `dir`, resolves: a file beside it, a `data:` address
/// that decodes to the bytes of the clip of that name, or the web editor's address with a
/// scene that decodes.
fn resolves(dir: &Path, page: &str, link: &str) {
    if let Some(data) = link.strip_prefix("data:") {
        use base64::Engine as _;
        let (_, payload) = data.split_once(";base64,").expect("base64 data");
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(payload)
            .expect("valid base64");
        // One of this page's own clips: `stem.mp4` or `stem--vs--base.mp4` (or the GIFs).
        let stem = page.trim_end_matches(".html");
        let clip_of_page = std::fs::read_dir(dir).expect("dir").flatten().any(|f| {
            let name = f.file_name().to_string_lossy().into_owned();
            (name.starts_with(&format!("{stem}.")) || name.starts_with(&format!("{stem}--vs--")))
                && Path::new(&name).extension().is_none_or(|e| e != "html")
                && std::fs::read(f.path()).expect("read") == bytes
        });
        assert!(
            clip_of_page,
            "{page}: a data address that is none of its clips"
        );
    } else if let Some(fragment) = link.strip_prefix(PAGE) {
        let fragment = fragment.strip_prefix('#').expect("the scene after #");
        steerlab::scene::link::decode(fragment).expect("the link's scene decodes");
    } else {
        assert!(
            !link.contains("://"),
            "{page}: {link} goes to neither the page given nor the folder"
        );
        assert!(
            dir.join(link).is_file(),
            "{page}: {link} is not in the folder"
        );
    }
}

#[test]
fn every_link_and_image_of_the_sheets_resolves_and_the_markdown_renders() {
    let dir = tempfile::tempdir().expect("tempdir");
    sheet(dir.path());
    let files: BTreeSet<String> = std::fs::read_dir(dir.path())
        .expect("dir")
        .flatten()
        .map(|f| f.file_name().to_string_lossy().into_owned())
        .collect();
    for page in ["arrive-goals", "arrive-slowing"] {
        for ext in ["md", "html", "gif", "mp4"] {
            assert!(
                files.contains(&format!("{page}.{ext}")),
                "{page}.{ext}: {files:?}"
            );
        }
        for ext in ["gif", "mp4"] {
            let name = format!("{page}--vs--arrive-overshoot.{ext}");
            assert!(files.contains(&name), "{name}");
        }
    }
    assert!(files.contains("index.md") && files.contains("index.html"));
    let with = |ext: &'static str| {
        move |f: &&String| Path::new(f.as_str()).extension().is_some_and(|e| e == ext)
    };
    for name in files.iter().filter(with("md")) {
        let text = std::fs::read_to_string(dir.path().join(name)).expect("read");
        let (links, html) = markdown_links(&text);
        assert!(!links.is_empty(), "{name} links nothing");
        for link in &links {
            resolves(dir.path(), name, link);
        }
        // Rendered: no Markdown left over as text (a link or a table that did not parse).
        for raw in ["](", "|---", "\\|", "![", "**"] {
            assert!(
                !html.contains(raw),
                "{name} renders `{raw}` as text:\n{html}"
            );
        }
        if name != "index.md" {
            // Values, goals (the worked example has them), metrics, before and after.
            assert!(html.matches("<table>").count() >= 3, "{name}:\n{html}");
            assert!(
                links.iter().any(|l| l.starts_with(PAGE)),
                "{name}: no web link"
            );
        }
    }
    for name in files.iter().filter(with("html")) {
        let text = std::fs::read_to_string(dir.path().join(name)).expect("read");
        let links = html_links(&text);
        assert!(!links.is_empty(), "{name} links nothing");
        for link in &links {
            resolves(dir.path(), name, link);
        }
        if name != "index.html" {
            // Self-contained: nothing from beside it.
            assert!(
                links
                    .iter()
                    .all(|l| l.starts_with("data:") || l.starts_with(PAGE)),
                "{name}: {links:?}"
            );
        }
    }
}

#[test]
fn a_sheet_says_the_scene_s_values_as_the_editor_writes_them_and_its_goals_as_check_decides() {
    let dir = tempfile::tempdir().expect("tempdir");
    sheet(dir.path());
    let text = std::fs::read_to_string(dir.path().join("arrive-slowing.md")).expect("page");
    // Worked from presets/arrive_slowing.ron against a new group's defaults (max_speed 100
    // u/s, max_force 100, mass 1, slowing radius 50 u, an 800 x 600 world, seed 1).
    for row in [
        "| arrivers › max\\_speed (u/s) | 200 u/s | 100 u/s |",
        "| arrivers › max\\_force | 200 | 100 |",
        "| arrivers › mass | 0.15 | 1 |",
        "| arrivers › arrive › slowing radius (u) | SlowingRadius(150 u) | SlowingRadius(50 u) |",
        "| world › width (u) | 1200 u | 800 u |",
        "| seed | 3 | 1 |",
    ] {
        assert!(text.contains(row), "no row `{row}` in:\n{text}");
    }
    assert!(text.contains("The scene has no goals."));
    // The worked example's goals, against what `check` decides on each seed.
    let goals_page = std::fs::read_to_string(dir.path().join("arrive-goals.md")).expect("page");
    let scene = steerlab::scene::load(Path::new("docs/examples/arrive_goals.ron"))
        .expect("loads")
        .into_scene();
    let outcomes = steerlab::tuning::goal_check::check(&scene, 0).expect("checks");
    assert_eq!(outcomes.len(), 3);
    for o in &outcomes {
        let target = steerlab::render::sheet::page::md(&steerlab::scene::target_text(&o.goal));
        let verdict = if o.holds { "holds" } else { "fails" };
        let row = goals_page
            .lines()
            .find(|l| l.starts_with(&format!("| {target} |")))
            .unwrap_or_else(|| panic!("no row for {target}:\n{goals_page}"));
        assert!(row.ends_with(&format!("| {verdict} |")), "{row}");
        // Each seed's value, as every tool writes the metric.
        for (seed, value) in o.seeds.iter().zip(&o.values) {
            let value = value.map_or_else(
                || "—".to_owned(),
                |v| steerlab::sim::metrics::metric_text(&o.goal.metric, v),
            );
            let cell = steerlab::render::sheet::page::md(&format!("{seed}: {value}"));
            assert!(row.contains(&cell), "{cell} in {row}");
        }
    }
    // Against the example it adds goals to: only the name, description and goals differ,
    // none of them a value.
    assert!(goals_page.contains("## Before and after: against Arrive that overshoots"));
    assert!(goals_page.contains("The two scenes have the same values."));
}

#[test]
fn a_sheet_of_a_size_its_clips_cannot_have_is_refused_before_anything_runs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("sheet");
    for (args, said) in [
        (vec!["--size", "0x0"], "a side is 1 to 4096 pixels"),
        (vec!["--size", "641x360"], "try 642x360"),
        (
            vec!["--size", "2048x360", "--against", "seek.ron"],
            "4098x360",
        ),
        (vec!["--seconds", "0"], "a clip lasts 0.1 to 120 s"),
    ] {
        let run = steerlab()
            .args(["sheet", "seek.ron", "--out"])
            .arg(&out)
            .args(&args)
            .output()
            .expect("run steerlab");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(!out.exists(), "{args:?}: nothing written");
    }
}
