//! `steerlab metrics` and `steerlab sweep`: tuning by numbers on the command line.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Map, Value, json};

use super::load::load_scene;
use crate::scene::{self, goals};
use crate::sim::model::text::escape_controls;
use crate::sim::observe::metrics::{DEFINITIONS, Metrics, definition};
use crate::tuning::{goal_check, sweep};

fn shown(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// A number as the tables print it: whole numbers without a fraction, others to 4 significant
/// decimals; the CSV and JSON keep every digit.
fn short(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.0}")
    } else if v.abs() >= 100.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

/// `steerlab metrics SCENE --steps N [--json]`.
pub fn metrics(path: &Path, steps: u64, json_out: bool) -> ExitCode {
    let scene = match load_scene(path) {
        Ok(scene) => scene,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let m = match sweep::measure(scene.scene(), steps) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{}: {e}", shown(path));
            return ExitCode::from(1);
        }
    };
    if json_out {
        sayln!("{}", metrics_json(&m));
    } else {
        say!("{}", metrics_table(&m));
    }
    ExitCode::SUCCESS
}

fn metrics_json(m: &Metrics) -> Value {
    let groups: Vec<Value> = m
        .groups
        .iter()
        .map(|g| {
            let mut values = Map::new();
            for (d, v) in DEFINITIONS.iter().zip(&g.values) {
                if let Some(v) = v {
                    values.insert(d.name.to_owned(), json!(v));
                }
            }
            json!({ "name": g.name, "agents": g.agents, "metrics": values })
        })
        .collect();
    json!({ "ticks": m.ticks, "seconds": m.seconds, "groups": groups })
}

/// One line per defined metric: group, metric, value, unit, better.
#[must_use]
pub fn metrics_table(m: &Metrics) -> String {
    let mut rows = vec![[
        "group".to_owned(),
        "metric".to_owned(),
        "value".to_owned(),
        "unit".to_owned(),
        "better".to_owned(),
    ]];
    for g in &m.groups {
        for (d, v) in DEFINITIONS.iter().zip(&g.values) {
            if let Some(v) = v {
                rows.push([
                    escape_controls(&g.name).into_owned(),
                    d.name.to_owned(),
                    short(*v),
                    d.unit.to_owned(),
                    d.better.word().to_owned(),
                ]);
            }
        }
    }
    let mut out = format!(
        "{} ticks, {:.2} s\n",
        crate::sim::model::text::thousands(m.ticks),
        m.seconds
    );
    out.push_str(&table(&rows));
    out
}

/// Columns padded to their widest cell, numbers right-aligned.
fn table<const N: usize>(rows: &[[String; N]]) -> String {
    let mut widths = [0; N];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (k, (cell, w)) in row.iter().zip(widths).enumerate() {
            if k > 0 {
                line.push_str("  ");
            }
            if cell.parse::<f64>().is_ok() {
                let _ = write!(line, "{cell:>w$}");
            } else {
                let _ = write!(line, "{cell:<w$}");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The arguments of `steerlab sweep`.
#[derive(Debug, clap::Args)]
pub struct SweepArgs {
    /// The scene (.ron), or the name of a built-in preset.
    pub scene: PathBuf,
    /// FIELD=LO..HI:COUNT, FIELD a path as validation prints it
    /// (`groups[0].max_speed`; for a choice that carries a number, such as
    /// `groups[0].arrive.mode`, the number); COUNT values from LO to HI inclusive. Repeat
    /// for every combination.
    #[arg(long = "param", required = true)]
    pub params: Vec<String>,
    /// Number of ticks each variant runs.
    #[arg(long)]
    pub steps: u64,
    /// Only these metrics: NAME for every group, or GROUP.NAME (default: all).
    #[arg(long = "metric")]
    pub metrics: Vec<String>,
    /// Write CSV (FILE.csv) or JSON (FILE.json) instead of a table on standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Threads: 0 = all cores.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// The qualified metric names (`group.metric`) the sweep reports: all, in group then
/// definition order, or the `wanted` names in the order they were asked for (a bare name for
/// every group, in group order).
fn columns(scene: &scene::Scene, wanted: &[String]) -> Result<Vec<String>, String> {
    let groups: Vec<&str> = scene.groups.iter().map(|g| g.name.as_str()).collect();
    let names: Vec<&str> = DEFINITIONS.iter().map(|d| d.name).collect();
    for w in wanted {
        let (group, metric) = match w.rsplit_once('.') {
            Some((g, m)) => (Some(g), m),
            None => (None, w.as_str()),
        };
        if definition(metric).is_none() {
            return Err(scene::messages::unknown_name("metric", metric, &names));
        }
        if let Some(g) = group
            && !groups.contains(&g)
        {
            return Err(scene::messages::unknown_name("group", g, &groups));
        }
    }
    let mut out: Vec<String> = Vec::new();
    if wanted.is_empty() {
        for g in &groups {
            for d in DEFINITIONS {
                out.push(format!("{g}.{}", d.name));
            }
        }
    }
    for w in wanted {
        let names: Vec<String> = if w.contains('.') {
            vec![w.clone()]
        } else {
            groups.iter().map(|g| format!("{g}.{w}")).collect()
        };
        for name in names {
            if !out.contains(&name) {
                out.push(name);
            }
        }
    }
    Ok(out)
}

/// `steerlab sweep`.
pub fn sweep(args: &SweepArgs) -> ExitCode {
    let format = match args.out.as_deref().map(|o| super::out::SWEEP.check(o)) {
        None => Format::Table,
        Some(Ok(Some(e))) if e == "json" => Format::Json,
        Some(Ok(_)) => Format::Csv,
        Some(Err(e)) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let scene = match load_scene(&args.scene) {
        Ok(scene) => scene,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let fail = |message: &str| {
        eprintln!("{}: {}", shown(&args.scene), escape_controls(message));
        ExitCode::from(1)
    };
    let params = match args
        .params
        .iter()
        .map(|p| sweep::parse_param(p))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("steerlab sweep: --param {}", escape_controls(&e));
            return ExitCode::from(2);
        }
    };
    let columns = match columns(scene.scene(), &args.metrics) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("steerlab sweep: --metric {}", escape_controls(&e));
            return ExitCode::from(2);
        }
    };
    let variants = match sweep::variants(scene.scene(), &params) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    let bar = indicatif::ProgressBar::new(variants.len() as u64).with_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} sweep {bar:30} {pos}/{len} variants, {elapsed} (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let results = sweep::run(&variants, args.steps, args.threads, &|| bar.inc(1));
    bar.finish_and_clear();
    let results = match results {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let text = match format {
        Format::Table => sweep_table(&params, &variants, &results, &columns),
        Format::Csv => sweep_csv(&params, &variants, &results, &columns),
        Format::Json => {
            let mut t = sweep_json(&params, &variants, &results, &columns).to_string();
            t.push('\n');
            t
        }
    };
    match &args.out {
        None => {
            say!("{text}");
            ExitCode::SUCCESS
        }
        Some(out) => match scene::write_atomic(out, text.as_bytes()) {
            Ok(()) => {
                eprintln!("{}: {} variants", shown(out), variants.len());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{}: cannot write: {e}", shown(out));
                ExitCode::from(1)
            }
        },
    }
}

#[derive(Clone, Copy)]
enum Format {
    Table,
    Csv,
    Json,
}

fn cell(m: &Metrics, column: &str) -> Option<f64> {
    m.get(column)
}

/// `variant,FIELD...,GROUP.METRIC...`; numbers in their shortest exact form, a metric not
/// defined for a variant empty.
fn sweep_csv(
    params: &[sweep::Param],
    variants: &[sweep::Variant],
    results: &[Metrics],
    columns: &[String],
) -> String {
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_owned()
        }
    };
    let mut out = String::from("variant");
    for p in params {
        out.push(',');
        out.push_str(&quote(&p.field.to_string()));
    }
    for c in columns {
        out.push(',');
        out.push_str(&quote(c));
    }
    out.push('\n');
    for (k, (v, m)) in variants.iter().zip(results).enumerate() {
        let _ = write!(out, "{k}");
        for x in &v.values {
            let _ = write!(out, ",{x}");
        }
        for c in columns {
            out.push(',');
            if let Some(x) = cell(m, c) {
                let _ = write!(out, "{x}");
            }
        }
        out.push('\n');
    }
    out
}

fn sweep_json(
    params: &[sweep::Param],
    variants: &[sweep::Variant],
    results: &[Metrics],
    columns: &[String],
) -> Value {
    let rows: Vec<Value> = variants
        .iter()
        .zip(results)
        .map(|(v, m)| {
            let mut values = Map::new();
            for (p, x) in params.iter().zip(&v.values) {
                values.insert(p.field.to_string(), json!(x));
            }
            let mut metrics = Map::new();
            for c in columns {
                if let Some(x) = cell(m, c) {
                    metrics.insert(c.clone(), json!(x));
                }
            }
            json!({ "values": values, "metrics": metrics })
        })
        .collect();
    let params: Vec<Value> = params
        .iter()
        .map(|p| json!({ "field": p.field, "lo": p.lo, "hi": p.hi, "count": p.count }))
        .collect();
    json!({ "params": params, "variants": rows })
}

/// The table on standard output: one row per variant; columns no variant defines are left
/// out.
fn sweep_table(
    params: &[sweep::Param],
    variants: &[sweep::Variant],
    results: &[Metrics],
    columns: &[String],
) -> String {
    let shown: Vec<&String> = columns
        .iter()
        .filter(|c| results.iter().any(|m| cell(m, c).is_some()))
        .collect();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header: Vec<String> = params.iter().map(|p| p.field.to_string()).collect();
    header.extend(shown.iter().map(|c| {
        let unit = c
            .rsplit_once('.')
            .and_then(|(_, m)| definition(m))
            .map_or("", |d| d.unit);
        if unit.is_empty() {
            (*c).clone()
        } else {
            format!("{c} ({unit})")
        }
    }));
    rows.push(header);
    for (v, m) in variants.iter().zip(results) {
        let mut row: Vec<String> = v.values.iter().map(|x| short(*x)).collect();
        row.extend(
            shown
                .iter()
                .map(|c| cell(m, c).map_or_else(|| "-".to_owned(), short)),
        );
        rows.push(row);
    }
    let width = rows.first().map_or(0, Vec::len);
    let mut widths = vec![0; width];
    for row in &rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    for row in &rows {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, &w)| format!("{c:>w$}"))
            .collect();
        out.push_str(&line.join("  "));
        out.push('\n');
    }
    out
}

/// `steerlab check SCENE... [--json]`: every goal of every scene, on each of its seeds.
pub fn check(paths: &[PathBuf], json_out: bool, threads: usize) -> ExitCode {
    let mut all_hold = true;
    for path in paths {
        let scene = match load_scene(path) {
            Ok(scene) => scene,
            Err(e) => {
                eprintln!("{e}");
                all_hold = false;
                continue;
            }
        };
        let outcomes = match goal_check::check(scene.scene(), threads) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("{}: {e}", shown(path));
                all_hold = false;
                continue;
            }
        };
        all_hold &= outcomes.iter().all(|o| o.verdict().as_meant());
        if json_out {
            sayln!("{}", check_json(path, &outcomes));
        } else {
            say!("{}", check_table(path, scene.scene(), &outcomes));
        }
    }
    if all_hold {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// One goal's value as the table prints it (`—` for none, with why in the legend line).
fn value_text(v: Option<f64>) -> String {
    v.map_or_else(|| "—".to_owned(), short)
}

fn check_table(path: &Path, scene: &scene::Scene, outcomes: &[goal_check::Outcome]) -> String {
    let mut out = String::new();
    let (seconds, seeds) = scene
        .goals
        .as_ref()
        .map_or((0.0, 0), |g| (g.seconds, g.seeds));
    let _ = writeln!(
        out,
        "{}: {} goals, {seeds} seeds from {}, {seconds} s each",
        shown(path),
        outcomes.len(),
        scene.seed
    );
    for o in outcomes {
        let unit = definition(&o.goal.metric).map_or("", |d| d.unit);
        let values: Vec<String> = o
            .seeds
            .iter()
            .zip(&o.values)
            .map(|(s, v)| format!("{s}: {}", value_text(*v)))
            .collect();
        let _ = writeln!(
            out,
            "  {:<34} {}  worst {} {unit}  {}",
            goals::target_text(&o.goal),
            values.join("  "),
            value_text(o.worst),
            o.verdict().text()
        );
    }
    out
}

fn check_json(path: &Path, outcomes: &[goal_check::Outcome]) -> Value {
    let goals: Vec<Value> = outcomes
        .iter()
        .map(|o| {
            let target = match o.goal.want() {
                Some(goals::Want::AtMost(v)) => json!({ "at_most": v }),
                Some(goals::Want::AtLeast(v)) => json!({ "at_least": v }),
                Some(goals::Want::Minimize) => json!("minimize"),
                Some(goals::Want::Maximize) => json!("maximize"),
                None => Value::Null,
            };
            json!({
                "group": o.goal.group,
                "metric": o.goal.metric,
                "target": target,
                "seeds": o.seeds,
                "values": o.values,
                "worst": o.worst,
                "holds": o.holds,
                "meant_to_miss": o.goal.meant_to_miss,
                "verdict": o.verdict().text(),
            })
        })
        .collect();
    json!({
        "file": shown(path),
        "holds": outcomes.iter().all(|o| o.holds),
        "as_meant": outcomes.iter().all(|o| o.verdict().as_meant()),
        "goals": goals,
    })
}
