//! `steerlab atlas`: the distinct behaviors a scene's fields hold, as a grid over two metrics
//! (`tuning::atlas`), written as files a designer opens (`render::atlas`); and `steerlab atlas
//! merge`, which joins the shards of one atlas run on several machines.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use super::load::load_scene;
use crate::render::atlas::write_atlas;
use crate::scene::goals::{Goals, TuneRange};
use crate::scene::{Scene, labels};
use crate::sim::model::text::escape_controls;
use crate::sim::observe::metrics::{DEFINITIONS, definition};
use crate::tuning::atlas::Atlas;
use crate::tuning::atlas::fill::{self, AtlasOptions};
use crate::tuning::sweep::{Pool, round_range_within, with_field};
use crate::tuning::tune::Tuning;

/// Arguments of `steerlab atlas`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct AtlasArgs {
    /// `merge`: join the shards of one atlas.
    #[command(subcommand)]
    pub command: Option<AtlasCommand>,
    /// The scene (.ron), or the name of a built-in preset; its `goals` section gives the
    /// fields to vary and their ranges (which --param adds to or replaces), and the goals a
    /// cell's variant is judged by.
    #[arg(required = true)]
    pub scene: Option<PathBuf>,
    /// The metric across: `polarization`, or qualified by its group, `flock.polarization`
    /// (`steerlab metrics` lists them).
    #[arg(long, required = true)]
    pub x: Option<String>,
    /// The metric up.
    #[arg(long, required = true)]
    pub y: Option<String>,
    /// The group whose metrics the axes are (default: the group of the first field varied,
    /// else the first group).
    #[arg(long)]
    pub group: Option<String>,
    /// A field to vary and its range: `FIELD=LO..HI`, like `groups[0].max_speed=100..300`.
    /// Repeatable.
    #[arg(long = "param", value_name = "FIELD=LO..HI")]
    pub params: Vec<String>,
    /// Cells per axis: `N`, or `XxY`.
    #[arg(long, default_value = "8", value_parser = parse_cells)]
    pub cells: (u32, u32),
    /// The x axis's range `LO..HI` (default: round ends around the first runs' values; a value
    /// beyond an end falls in the end cell).
    #[arg(long, value_parser = parse_range, allow_hyphen_values = true)]
    pub x_range: Option<(f64, f64)>,
    /// The y axis's range.
    #[arg(long, value_parser = parse_range, allow_hyphen_values = true)]
    pub y_range: Option<(f64, f64)>,
    /// Runs in all (each on every seed).
    #[arg(long, default_value_t = 400)]
    pub budget: usize,
    /// Seeds each variant runs on (the scene's and the next K−1; the axes take the mean);
    /// default: the file's goals', or 1.
    #[arg(long, value_name = "K")]
    pub seeds: Option<u32>,
    /// Simulated seconds per run; default: the file's goals', or 10.
    #[arg(long)]
    pub seconds: Option<f32>,
    /// The atlas's seed: the same seed gives the same atlas at any thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Independent searches after the first runs; shards split them, so at most this many
    /// machines share one atlas.
    #[arg(long, default_value_t = 8)]
    pub islands: u32,
    /// Run only share `I` of `N` (from 1), for a job array; `steerlab atlas merge` joins the
    /// shares into the atlas one machine would make.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Threads: 0 = all cores.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// The folder to write into (made when missing).
    #[arg(long, required = true)]
    pub out: Option<PathBuf>,
}

/// `steerlab atlas`'s own subcommand.
#[derive(Debug, clap::Subcommand)]
pub enum AtlasCommand {
    /// Join the shards of one atlas (each a folder `steerlab atlas --shard I/N` wrote, or its
    /// `atlas.ron`) into the atlas one machine makes, byte for byte.
    Merge {
        /// The shards' folders.
        #[arg(required = true)]
        shards: Vec<PathBuf>,
        /// The folder to write the whole atlas into.
        #[arg(long)]
        out: PathBuf,
        /// Threads for the thumbnails' runs: 0 = all cores.
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
}

fn parse_cells(text: &str) -> Result<(u32, u32), String> {
    let one = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=64).contains(n))
            .ok_or_else(|| format!("`{text}`: expected N or XxY, each 1 to 64"))
    };
    match text.split_once(['x', '×']) {
        Some((a, b)) => Ok((one(a)?, one(b)?)),
        None => one(text).map(|n| (n, n)),
    }
}

fn parse_range(text: &str) -> Result<(f64, f64), String> {
    let usage = || format!("`{text}`: expected LO..HI with LO < HI, like 0..1");
    let (lo, hi) = text.split_once("..").ok_or_else(usage)?;
    let number = |s: &str| s.trim().parse::<f64>().ok().filter(|v| v.is_finite());
    match (number(lo), number(hi)) {
        (Some(lo), Some(hi)) if lo < hi => Ok((lo, hi)),
        _ => Err(usage()),
    }
}

fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let usage = || format!("`{text}`: expected I/N with 1 ≤ I ≤ N, like 2/4");
    let (i, n) = text.split_once('/').ok_or_else(usage)?;
    let (i, n) = (
        i.trim().parse::<u32>().map_err(|_| usage())?,
        n.trim().parse::<u32>().map_err(|_| usage())?,
    );
    if i == 0 || i > n {
        return Err(usage());
    }
    Ok((i - 1, n))
}

fn shown(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// `steerlab atlas …` or `steerlab atlas merge …`.
pub fn atlas(args: &AtlasArgs) -> ExitCode {
    if let Some(AtlasCommand::Merge {
        shards,
        out,
        threads,
    }) = &args.command
    {
        return merge(shards, out, *threads);
    }
    let fail = |message: &str| {
        eprintln!("{message}");
        ExitCode::from(1)
    };
    let (Some(path), Some(x), Some(y), Some(out)) = (&args.scene, &args.x, &args.y, &args.out)
    else {
        eprintln!("steerlab atlas: give SCENE, --x, --y and --out");
        return ExitCode::from(2);
    };
    let name = shown(path);
    let mut scene = match load_scene(path) {
        Ok(scene) => scene.into_scene(),
        Err(e) => return fail(&e.to_string()),
    };
    let mut goals = scene.goals.clone().unwrap_or_else(|| Goals::empty(10.0));
    for p in &args.params {
        match TuneRange::parse(p) {
            Ok(r) => {
                // Said against the flag, not against the goals section it goes into.
                if let Err(e) = with_field(&scene, &r.field, r.lo) {
                    return fail(&format!("--param `{p}`: {e}"));
                }
                goals.put_range(r);
            }
            Err(e) => return fail(&format!("--param {e}")),
        }
    }
    if let Some(k) = args.seeds {
        goals.seeds = k;
    }
    if let Some(s) = args.seconds {
        goals.seconds = s;
    }
    if goals.tune.is_empty() {
        return fail(&format!(
            "{name}: no field to vary. A field's limits are what is valid, not what is worth \
             exploring: give each field a range, in the file's goals (tune: [...]) or with \
             --param FIELD=LO..HI, for example {}",
            suggestion(&scene)
        ));
    }
    scene.goals = Some(goals);
    let tuning = match Tuning::open(&scene) {
        Ok(t) => t,
        Err(e) => {
            let lines: Vec<String> = e.lines().map(|l| format!("{name}: {l}")).collect();
            return fail(&lines.join("\n"));
        }
    };
    let group = match axis_group(&scene, &tuning, args.group.as_deref()) {
        Ok(g) => g,
        Err(e) => return fail(&format!("--group {e}")),
    };
    let (x, y) = match (qualified(x, &group, &scene), qualified(y, &group, &scene)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) => return fail(&format!("--x {e}")),
        (_, Err(e)) => return fail(&format!("--y {e}")),
    };
    let pool = match Pool::new(args.threads) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let options = AtlasOptions {
        x,
        y,
        cells: args.cells,
        x_range: args.x_range,
        y_range: args.y_range,
        budget: args.budget,
        islands: args.islands,
        seed: args.seed,
        shard: args.shard,
    };
    let bar = indicatif::ProgressBar::new(args.budget as u64).with_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} atlas {bar:30} {pos}/{len} runs, {msg}, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let began = Instant::now();
    let filled = fill::fill(&tuning, &scene.name, &options, &pool, &mut |p| {
        bar.set_length(p.total as u64);
        bar.set_position(p.done as u64);
        bar.set_message(format!("{} cells filled", p.filled));
        true
    });
    bar.finish_and_clear();
    let atlas = match filled {
        Ok(a) => a,
        Err(e) => return fail(&format!("{name}: {e}")),
    };
    let search_s = began.elapsed().as_secs_f64();
    finish(&atlas, &scene, out, &pool, search_s)
}

/// Writes the atlas and says what it holds.
fn finish(atlas: &Atlas, scene: &Scene, out: &Path, pool: &Pool, search_s: f64) -> ExitCode {
    let began = Instant::now();
    let written = match write_atlas(atlas, scene, out, pool) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    let (cx, cy) = (atlas.plan.x.cells, atlas.plan.y.cells);
    eprintln!(
        "{} runs in {search_s:.1} s, files in {:.1} s",
        atlas.evaluations,
        began.elapsed().as_secs_f64()
    );
    sayln!(
        "{} of {} cells filled ({}: {} across, {} up){}",
        atlas.cells.len(),
        cx * cy,
        atlas.plan.scene,
        atlas.plan.x.metric,
        atlas.plan.y.metric,
        atlas
            .shard
            .map_or_else(String::new, |(i, n)| format!(", shard {}/{n}", i + 1))
    );
    sayln!("wrote {} files into {}", written.len(), shown(out));
    sayln!("{}", shown(&out.join("atlas.html")));
    ExitCode::SUCCESS
}

/// `steerlab atlas merge SHARD… --out DIR`.
fn merge(shards: &[PathBuf], out: &Path, threads: usize) -> ExitCode {
    let fail = |message: &str| {
        eprintln!("{message}");
        ExitCode::from(1)
    };
    let mut atlases = Vec::with_capacity(shards.len());
    let mut base: Option<(String, PathBuf)> = None;
    for dir in shards {
        let (file, folder) = if dir.is_dir() {
            (dir.join("atlas.ron"), dir.clone())
        } else {
            (
                dir.clone(),
                dir.parent().map_or_else(PathBuf::new, Path::to_path_buf),
            )
        };
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => return fail(&format!("{}: {e}", shown(&file))),
        };
        match Atlas::from_ron(&text) {
            Ok(a) => atlases.push(a),
            Err(e) => return fail(&format!("{}: {e}", shown(&file))),
        }
        let scene_file = folder.join("scene.ron");
        let scene_text = match std::fs::read_to_string(&scene_file) {
            Ok(t) => t,
            Err(e) => return fail(&format!("{}: {e}", shown(&scene_file))),
        };
        match &base {
            None => base = Some((scene_text, scene_file)),
            Some((first, first_file)) if *first != scene_text => {
                return fail(&format!(
                    "{} is not the scene of {}: shards of one atlas come from one scene",
                    shown(&scene_file),
                    shown(first_file)
                ));
            }
            Some(_) => {}
        }
    }
    let Some((scene_text, scene_file)) = base else {
        return fail("no shard to merge");
    };
    let scene = match crate::scene::from_str(&scene_text, &scene_file.display().to_string()) {
        Ok(s) => s.into_scene(),
        Err(e) => return fail(&format!("{}: {e}", shown(&scene_file))),
    };
    let atlas = match Atlas::merge(&atlases) {
        Ok(a) => a,
        Err(e) => return fail(&format!("steerlab atlas merge: {e}")),
    };
    let pool = match Pool::new(threads) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    finish(&atlas, &scene, out, &pool, 0.0)
}

/// The group the axes measure: the one named, else the first varied field's, else the first.
fn axis_group(scene: &Scene, tuning: &Tuning, named: Option<&str>) -> Result<String, String> {
    if let Some(name) = named {
        return scene
            .groups
            .iter()
            .find(|g| g.name == name)
            .map(|g| g.name.clone())
            .ok_or_else(|| {
                let all: Vec<&str> = scene.groups.iter().map(|g| g.name.as_str()).collect();
                format!("`{name}`: no such group (the scene has {})", all.join(", "))
            });
    }
    let k = tuning
        .ranges()
        .iter()
        .find_map(|r| r.field.group_index())
        .unwrap_or(0);
    scene
        .groups
        .get(k)
        .or_else(|| scene.groups.first())
        .map(|g| g.name.clone())
        .ok_or_else(|| "the scene has no group".to_owned())
}

/// `metric` qualified by `group` unless it already names one; `Err` for a name that is not a
/// metric or a group the scene lacks.
fn qualified(metric: &str, group: &str, scene: &Scene) -> Result<String, String> {
    let (g, m) = metric.rsplit_once('.').unwrap_or((group, metric));
    if definition(m).is_none() {
        let names: Vec<&str> = DEFINITIONS.iter().map(|d| d.name).collect();
        return Err(format!(
            "`{metric}`: `{m}` is not a metric (one of: {})",
            names.join(", ")
        ));
    }
    if !scene.groups.iter().any(|gr| gr.name == g) {
        return Err(format!("`{metric}`: the scene has no group `{g}`"));
    }
    Ok(format!("{g}.{m}"))
}

/// Two `--param` flags to start from: the first group's top speed and force, each over round
/// values around its own.
fn suggestion(scene: &Scene) -> String {
    let Some(g) = scene.groups.first() else {
        return "--param groups[0].max_speed=100..300".to_owned();
    };
    let flag = |field: &str, v: f32| {
        let (lo, hi, _) = round_range_within(f64::from(v), Some(0.0..=1e6));
        format!(
            "--param groups[0].{field}={}..{}",
            labels::readable_number(lo),
            labels::readable_number(hi)
        )
    };
    format!(
        "{} {}",
        flag("max_speed", g.max_speed),
        flag("max_force", g.max_force)
    )
}
