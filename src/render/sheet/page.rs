//! A sheet's pages as text: Markdown (its clips beside it in the folder) and self-contained
//! HTML (its clips inside it as `data:` addresses), and the index of several.

use std::fmt::Write as _;

use super::{Content, MetricRow, ValueRow, WebLink};
use crate::tuning::goal_check::Verdict;

/// A clip of a page: its file name beside the Markdown page, and its bytes for the HTML one.
#[derive(Clone, Debug, Default)]
pub struct Clip {
    /// The file name (`seek.gif`).
    pub file: String,
    /// The file's bytes, for the HTML page (empty for a clip the page does not hold).
    pub bytes: Vec<u8>,
}

/// A page's clips: a GIF (plays wherever an image shows), the MP4 (when this build has video),
/// and the same two side by side with the baseline.
#[derive(Clone, Debug, Default)]
pub struct Clips {
    /// The scene as a looping GIF.
    pub gif: Clip,
    /// The scene as H.264 video.
    pub mp4: Option<Clip>,
    /// Side by side with the baseline: GIF, and video.
    pub compare: Option<(Clip, Option<Clip>)>,
}

/// `text` with Markdown's punctuation escaped, so that it reads as written (in a table cell
/// too: `|` is escaped) and no HTML in it is taken as markup.
#[must_use]
pub fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            // `>` opens a quote only at the start of a line.
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '!' | '~' | '<' | '&' => {
                out.push('\\');
                out.push(c);
            }
            '>' if out.is_empty() => out.push_str("\\>"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `text` as a Markdown paragraph or heading that reads as written: [`md`], and what would
/// open a list, a rule, a heading underline or a code block at its start escaped (`- `,
/// `+ `, `1. `, `---`, `===`, leading spaces).
#[must_use]
pub fn md_block(text: &str) -> String {
    let out = md(text.trim_start());
    let digits = out.chars().take_while(char::is_ascii_digit).count();
    match out.chars().next() {
        Some('-' | '+' | '=') => format!("\\{out}"),
        _ if digits > 0 && matches!(out[digits..].chars().next(), Some('.' | ')')) => {
            format!("{}\\{}", &out[..digits], &out[digits..])
        }
        _ => out,
    }
}

/// `text` escaped for HTML text and attribute values.
#[must_use]
pub fn h(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A Markdown link destination: spaces and brackets written as `%XX`.
fn md_url(url: &str) -> String {
    url.replace('%', "%25")
        .replace(' ', "%20")
        .replace('(', "%28")
        .replace(')', "%29")
        .replace('<', "%3C")
        .replace('>', "%3E")
}

/// Which columns of a table hold numbers (right-aligned): those from `.0` up to `.1`.
type NumberColumns = (usize, usize);

/// A table of `rows` under `head` in Markdown, its number columns right-aligned.
fn md_table(head: &[&str], numeric: NumberColumns, rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| {} |",
        head.iter().map(|c| md(c)).collect::<Vec<_>>().join(" | ")
    );
    let rule: Vec<&str> = (0..head.len())
        .map(|i| {
            if (numeric.0..numeric.1).contains(&i) {
                "---:"
            } else {
                "---"
            }
        })
        .collect();
    let _ = writeln!(out, "|{}|", rule.join("|"));
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| md(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out
}

/// The same table in HTML.
fn html_table(head: &[&str], numeric: NumberColumns, rows: &[Vec<String>]) -> String {
    let cell = |tag: &str, i: usize, text: &str| {
        let class = if (numeric.0..numeric.1).contains(&i) {
            " class=\"n\""
        } else {
            ""
        };
        format!("<{tag}{class}>{}</{tag}>", h(text))
    };
    let mut out = String::from("<table>\n<tr>");
    for (i, c) in head.iter().enumerate() {
        out.push_str(&cell("th", i, c));
    }
    out.push_str("</tr>\n");
    for row in rows {
        out.push_str("<tr>");
        for (i, c) in row.iter().enumerate() {
            out.push_str(&cell("td", i, c));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

/// The sections of a page, each a heading, its sentences and its table, with the clips in
/// between: written once, as Markdown or HTML.
trait Writer {
    fn heading(&mut self, level: u8, text: &str);
    fn para(&mut self, text: &str);
    /// A sentence of the sheet's own, whose `backticked` words are code.
    fn prose(&mut self, text: &str);
    /// A sentence with a link at its end: `before` then the link `text` to `url`.
    fn link_para(&mut self, before: &str, text: &str, url: &str);
    fn table(&mut self, head: &[&str], numeric: NumberColumns, rows: &[Vec<String>]);
    fn clip(&mut self, gif: &Clip, mp4: Option<&Clip>, alt: &str);
}

struct Markdown(String);

impl Writer for Markdown {
    fn heading(&mut self, level: u8, text: &str) {
        let _ = writeln!(
            self.0,
            "{} {}\n",
            "#".repeat(usize::from(level)),
            md_block(text)
        );
    }
    fn para(&mut self, text: &str) {
        let _ = writeln!(self.0, "{}\n", md_block(text));
    }
    fn prose(&mut self, text: &str) {
        // Markdown's own code spans: every other character escaped.
        let kept: Vec<String> = text.split('`').map(md).collect();
        let _ = writeln!(self.0, "{}\n", kept.join("`"));
    }
    fn link_para(&mut self, before: &str, text: &str, url: &str) {
        let _ = writeln!(self.0, "{}[{}]({})\n", md(before), md(text), md_url(url));
    }
    fn table(&mut self, head: &[&str], numeric: NumberColumns, rows: &[Vec<String>]) {
        let _ = writeln!(self.0, "{}", md_table(head, numeric, rows));
    }
    fn clip(&mut self, gif: &Clip, mp4: Option<&Clip>, alt: &str) {
        let _ = writeln!(self.0, "![{}]({})\n", md(alt), md_url(&gif.file));
        if let Some(mp4) = mp4 {
            let _ = writeln!(
                self.0,
                "The same as video: [{}]({})\n",
                md(&mp4.file),
                md_url(&mp4.file)
            );
        }
    }
}

struct Html(String);

/// `bytes` as a `data:` address of type `mime`.
fn data_url(mime: &str, bytes: &[u8]) -> String {
    use base64::Engine as _;
    format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

impl Writer for Html {
    fn heading(&mut self, level: u8, text: &str) {
        let _ = writeln!(self.0, "<h{level}>{}</h{level}>", h(text));
    }
    fn para(&mut self, text: &str) {
        let _ = writeln!(self.0, "<p>{}</p>", h(text));
    }
    fn prose(&mut self, text: &str) {
        let _ = writeln!(self.0, "<p>{}</p>", code_spans(&h(text)));
    }
    fn link_para(&mut self, before: &str, text: &str, url: &str) {
        let _ = writeln!(
            self.0,
            "<p>{}<a href=\"{}\">{}</a></p>",
            h(before),
            h(url),
            h(text)
        );
    }
    fn table(&mut self, head: &[&str], numeric: NumberColumns, rows: &[Vec<String>]) {
        self.0.push_str(&html_table(head, numeric, rows));
    }
    fn clip(&mut self, gif: &Clip, mp4: Option<&Clip>, alt: &str) {
        // The video where there is one (every current browser plays it, at a tenth of the
        // GIF's size or less); else the GIF. One of them, inside the page.
        match mp4 {
            Some(mp4) => {
                let _ = writeln!(
                    self.0,
                    "<p><video src=\"{}\" controls loop muted autoplay playsinline \
                     title=\"{}\">{}</video></p>",
                    data_url("video/mp4", &mp4.bytes),
                    h(alt),
                    h(alt)
                );
            }
            None => {
                let _ = writeln!(
                    self.0,
                    "<p><img src=\"{}\" alt=\"{}\"></p>",
                    data_url("image/gif", &gif.bytes),
                    h(alt)
                );
            }
        }
    }
}

fn value_rows(rows: &[ValueRow]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| vec![r.field.clone(), r.value.clone(), r.default.clone()])
        .collect()
}

fn metric_rows(rows: &[MetricRow], baseline: bool) -> Vec<Vec<String>> {
    rows.iter()
        .map(|r| {
            let mut row = vec![r.group.clone(), r.metric.clone()];
            if baseline {
                row.push(r.before.clone().unwrap_or_else(|| "—".to_owned()));
            }
            row.push(r.value.clone());
            row.push(r.better.clone());
            row
        })
        .collect()
}

/// The goals section of `c`'s page: each goal on every seed, as `check` says it.
fn goals_section(w: &mut dyn Writer, c: &Content) {
    w.heading(2, "Goals");
    match &c.goals {
        None => w.para("The scene has no goals."),
        Some(g) => {
            let failed = g.rows.iter().filter(|r| !r.verdict.as_meant()).count();
            let meant = g
                .rows
                .iter()
                .filter(|r| r.verdict.as_meant() && !r.holds)
                .count();
            let seeds: Vec<String> = g.seeds.iter().map(u64::to_string).collect();
            w.prose(&format!(
                "{} Each run lasts {} s, on seeds {}, as `steerlab check` runs them.",
                if failed == 0 && meant == 0 {
                    "Every goal holds on every seed.".to_owned()
                } else if failed == 0 {
                    format!(
                        "Every goal is as the scene means it: {meant} of {} are missed on purpose \
                         (marked `meant_to_miss`, a variant kept for comparison).",
                        g.rows.len()
                    )
                } else {
                    format!("{failed} of {} goals fail on some seed.", g.rows.len())
                },
                crate::sim::model::text::readable_number(g.seconds),
                seeds.join(", ")
            ));
            let rows: Vec<Vec<String>> = g
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.target.clone(),
                        r.seeds.join(", "),
                        r.worst.clone(),
                        match r.verdict {
                            Verdict::Pass => "holds",
                            Verdict::Fail => "fails",
                            Verdict::MissedAsMeant => "missed, as meant",
                            Verdict::MetThoughMeantToMiss => "met, though meant to miss",
                        }
                        .to_owned(),
                    ]
                })
                .collect();
            w.table(&["goal", "each seed", "worst", "result"], (2, 3), &rows);
        }
    }
}

/// The page of `c` with its `clips`, into `w`.
fn write_page(w: &mut dyn Writer, c: &Content, clips: &Clips, clip_seconds: f32) {
    w.heading(1, &c.name);
    if !c.description.is_empty() {
        w.para(&c.description);
    }
    let mut facts = format!("Groups: {}.", c.groups.join(", "));
    if !c.scenery.is_empty() {
        let _ = write!(facts, " Scenery: {}.", c.scenery.join(", "));
    }
    w.para(&facts);
    let alt = format!(
        "{}: the first {} s",
        c.name,
        crate::sim::model::text::readable_number(f64::from(clip_seconds))
    );
    w.clip(&clips.gif, clips.mp4.as_ref(), &alt);
    match &c.link {
        WebLink::At(link) => w.link_para("Try it: ", "open this scene in the web editor", link),
        WebLink::TooBig => w.para("The scene is too big for a web link: share its file."),
        WebLink::NoPage => w.prose(
            "Share its file, or make this sheet again with `--page URL` (your web editor's \
             address) for a link that opens it there.",
        ),
    }
    w.heading(2, "Values that differ from the defaults");
    if c.values.is_empty() {
        w.para("None: every value is steerlab's default.");
    } else {
        w.table(
            &["field", "value", "default"],
            (1, 3),
            &value_rows(&c.values),
        );
    }
    goals_section(w, c);
    w.heading(2, "Metrics");
    w.prose(&format!(
        "Over the first {} s on the scene's seed, as `steerlab metrics` measures them.",
        crate::sim::model::text::readable_number(c.metrics_seconds)
    ));
    let base_name = c.against.as_ref().map(|a| a.name.as_str());
    let mut head = vec!["group", "metric"];
    if let Some(name) = base_name {
        head.push(name);
        head.push("this scene");
    } else {
        head.push("value");
    }
    head.push("better");
    let values = (2, head.len() - 1);
    w.table(&head, values, &metric_rows(&c.metrics, base_name.is_some()));
    if let Some(a) = &c.against {
        w.heading(2, &format!("Before and after: against {}", a.name));
        if let Some((gif, mp4)) = &clips.compare {
            let alt = format!("{} (left) and {} (right), tick for tick", a.name, c.name);
            w.clip(gif, mp4.as_ref(), &alt);
        }
        if a.changes.is_empty() {
            w.para("The two scenes have the same values.");
        } else {
            let rows: Vec<Vec<String>> = a
                .changes
                .iter()
                .map(|r| vec![r.field.clone(), r.default.clone(), r.value.clone()])
                .collect();
            w.table(&["field", &a.name, "this scene"], (1, 3), &rows);
        }
    }
}

/// The Markdown page of `c`, its clips beside it.
#[must_use]
pub fn markdown(c: &Content, clips: &Clips, clip_seconds: f32) -> String {
    let mut w = Markdown(String::new());
    write_page(&mut w, c, clips, clip_seconds);
    w.0
}

const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;\
padding:0 1rem;color:#1d2430}table{border-collapse:collapse;margin:1rem 0}th,td{border:1px \
solid #c8ccd4;padding:.25rem .6rem;text-align:left}.n{text-align:right}img,video{max-width:100%}\
code{background:#eef0f3;padding:0 .2rem}";

fn html_document(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        h(title)
    )
}

/// The self-contained HTML page of `c`, its clips inside it.
#[must_use]
pub fn html(c: &Content, clips: &Clips, clip_seconds: f32) -> String {
    let mut w = Html(String::new());
    write_page(&mut w, c, clips, clip_seconds);
    html_document(&c.name, &w.0)
}

/// `text` (HTML) with each pair of backticks made a `<code>` span.
fn code_spans(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut open = false;
    for c in text.chars() {
        if c == '`' {
            out.push_str(if open { "</code>" } else { "<code>" });
            open = !open;
        } else {
            out.push(c);
        }
    }
    out
}

/// The index of several pages: each scene's name, its goals' verdict and its pages.
fn index_rows(pages: &[Content]) -> Vec<(String, String, String)> {
    pages
        .iter()
        .map(|c| {
            let missed_as_meant = c
                .goals
                .as_ref()
                .is_some_and(|g| g.rows.iter().any(|r| r.verdict == Verdict::MissedAsMeant));
            let verdict = match c.goals_hold() {
                None => "no goals",
                Some(true) if missed_as_meant => "every goal as meant (some missed on purpose)",
                Some(true) => "every goal holds",
                Some(false) => "a goal fails",
            };
            (c.name.clone(), verdict.to_owned(), c.stem.clone())
        })
        .collect()
}

/// The Markdown index of `pages`.
#[must_use]
pub fn index_markdown(pages: &[Content]) -> String {
    let mut out = String::from("# Behavior sheets\n\n| scene | goals |\n|---|---|\n");
    for (name, verdict, stem) in index_rows(pages) {
        let _ = writeln!(
            out,
            "| [{}]({}) | {} |",
            md(&name),
            md_url(&format!("{stem}.md")),
            md(&verdict)
        );
    }
    out
}

/// The HTML index of `pages`.
#[must_use]
pub fn index_html(pages: &[Content]) -> String {
    let mut body =
        String::from("<h1>Behavior sheets</h1>\n<table>\n<tr><th>scene</th><th>goals</th></tr>\n");
    for (name, verdict, stem) in index_rows(pages) {
        let _ = writeln!(
            body,
            "<tr><td><a href=\"{}\">{}</a></td><td>{}</td></tr>",
            h(&format!("{stem}.html")),
            h(&name),
            h(&verdict)
        );
    }
    body.push_str("</table>\n");
    html_document("Behavior sheets", &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_and_html_escapes_keep_text_as_written() {
        assert_eq!(md("a|b *c* <d> [e](f)"), "a\\|b \\*c\\* \\<d> \\[e\\](f)");
        // `>` opens a quote at the start of a line only.
        assert_eq!(md("> x >= 1 & y"), "\\> x >= 1 \\& y");
        // What would open a list, a rule or a code block at the start of a paragraph.
        assert_eq!(md_block("- a"), "\\- a");
        assert_eq!(md_block("12. b"), "12\\. b");
        assert_eq!(md_block("3) c"), "3\\) c");
        assert_eq!(md_block("    code?"), "code?");
        assert_eq!(md_block("=== x"), "\\=== x");
        assert_eq!(md_block("2 agents"), "2 agents");
        assert_eq!(
            h("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(md_url("my clip (1).gif"), "my%20clip%20%281%29.gif");
        assert_eq!(code_spans("run `check` now"), "run <code>check</code> now");
    }

    #[test]
    fn a_table_right_aligns_its_number_columns() {
        let rows = vec![vec!["a|b".to_owned(), "1 u".to_owned()]];
        assert_eq!(
            md_table(&["field", "value"], (1, 2), &rows),
            "| field | value |\n|---|---:|\n| a\\|b | 1 u |\n"
        );
    }
}
