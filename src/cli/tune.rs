//! `steerlab tune`: the fields that meet a scene's goals with the smallest change.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use super::load::load_scene;
use crate::scene::goals::target_text;
use crate::scene::goals::{Goal, Goals, TuneRange};
use crate::scene::{self, Scene, labels};
use crate::sim::model::text::escape_controls;
use crate::sim::observe::metrics::metric_text;
use crate::tuning::goal_check::Outcome;
use crate::tuning::sweep::{self, Pool};
use crate::tuning::tune::search::{self, Method, Options, Report};
use crate::tuning::tune::{Evaluation, Tuning};

/// Arguments of `steerlab tune`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// The scene (.ron), or the name of a built-in preset; its `goals` section gives the goals
    /// and the fields to tune, which the flags add to or replace.
    pub scene: PathBuf,
    /// A goal: `GROUP.METRIC<=VALUE`, `GROUP.METRIC>=VALUE`, `GROUP.METRIC min` or
    /// `GROUP.METRIC max`, like `arrivers.overshoot<=1` (replaces the file's goal on the same
    /// metric). Repeatable.
    #[arg(long = "goal", value_name = "GOAL")]
    pub goals: Vec<String>,
    /// A field the tuner may change and its range: `FIELD=LO..HI`, like
    /// `groups[0].max_speed=100..300` (replaces the file's range of the same field).
    /// Repeatable.
    #[arg(long = "param", value_name = "FIELD=LO..HI")]
    pub params: Vec<String>,
    /// Most evaluations (each runs every seed).
    #[arg(long, default_value_t = 300)]
    pub budget: usize,
    /// Seeds each goal must hold on (the scene's and the next K−1); default: the file's, or 1.
    #[arg(long, value_name = "K")]
    pub seeds: Option<u32>,
    /// Simulated seconds per run; default: the file's, or 10.
    #[arg(long)]
    pub seconds: Option<f32>,
    /// The search's seed: the same seed gives the same result at any thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads: 0 = all cores.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// How to search: `bite` (a Latin hypercube over the ranges, then BiteOpt from the best
    /// point), or, to compare with (docs/tuning.md), `cmaes`, `de` (differential evolution)
    /// or `random` (uniform points from the ranges).
    #[arg(long, default_value = "bite", value_parser = parse_method)]
    pub method: Method,
    /// Where to save the tuned scene (the scene with the changed fields and the goals), when
    /// every goal is met.
    #[arg(long)]
    pub out: PathBuf,
}

fn parse_method(text: &str) -> Result<Method, String> {
    match text {
        "cmaes" => Ok(Method::Cmaes),
        "random" => Ok(Method::Random),
        "bite" => Ok(Method::Bite),
        "de" => Ok(Method::De),
        _ => Err(format!(
            "`{text}`: expected `bite`, `cmaes`, `de` or `random`"
        )),
    }
}

fn shown(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// The scene's goals with the flags' goals and ranges put in.
fn merged(scene: &mut Scene, args: &TuneArgs) -> Result<(), String> {
    let mut goals = scene.goals.clone().unwrap_or_else(|| Goals::empty(10.0));
    for g in &args.goals {
        goals.put_goal(Goal::parse(g)?);
    }
    for p in &args.params {
        goals.put_range(TuneRange::parse(p)?);
    }
    if let Some(k) = args.seeds {
        goals.seeds = k;
    }
    if let Some(s) = args.seconds {
        goals.seconds = s;
    }
    scene.goals = Some(goals);
    Ok(())
}

/// `steerlab tune SCENE ... --out TUNED.ron`.
pub fn tune(args: &TuneArgs) -> ExitCode {
    if let Err(e) = super::out::TUNE.check(&args.out) {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    let fail = |message: &str| {
        eprintln!("{message}");
        ExitCode::from(1)
    };
    let mut scene = match load_scene(&args.scene) {
        Ok(scene) => scene.into_scene(),
        Err(e) => return fail(&e.to_string()),
    };
    if let Err(e) = merged(&mut scene, args) {
        return fail(&e);
    }
    let tuning = match Tuning::new(&scene) {
        Ok(t) => t,
        Err(e) => {
            let name = shown(&args.scene);
            let lines: Vec<String> = e.lines().map(|l| format!("{name}: {l}")).collect();
            return fail(&lines.join("\n"));
        }
    };
    let pool = match Pool::new(args.threads) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    eprintln!("{}", cost(&scene, &tuning));
    let options = Options {
        budget: args.budget.max(1),
        seed: args.seed,
        method: args.method,
    };
    let bar = indicatif::ProgressBar::new(options.budget as u64).with_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} tune {bar:30} {pos}/{len} evaluations, {msg}, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let began = Instant::now();
    let report = search::run(&tuning, &options, &pool, &mut |p| {
        bar.set_position(p.evaluations as u64);
        bar.set_message(format!("best score {:.4}", p.best.score));
        true
    });
    bar.finish_and_clear();
    let wall = began.elapsed().as_secs_f64();
    eprintln!(
        "{} evaluations in {wall:.1} s: {:.1} evaluations/s",
        report.evaluations,
        report.evaluations as f64 / wall.max(1e-9)
    );
    say!("{}", summary(&scene, &tuning, &report));
    finish(&scene, &tuning, &report, &args.out)
}

/// Saves the tuned scene when every goal is met, and says so; exit 1 otherwise.
fn finish(scene: &Scene, tuning: &Tuning, report: &Report, out: &Path) -> ExitCode {
    let best = &report.best;
    if !best.meets() {
        let missed: Vec<String> = best
            .outcomes
            .iter()
            .filter(|o| !o.holds)
            .map(|o| format!("{} (best reached: {})", target_text(&o.goal), worst_text(o)))
            .collect();
        let why = best.error.clone().unwrap_or_else(|| missed.join("; "));
        sayln!(
            "could not meet every goal in {} evaluations: {why}; nothing saved",
            report.evaluations
        );
        return ExitCode::from(1);
    }
    let tuned = match tuning.scene_at(&best.x) {
        Ok((s, _)) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    };
    debug_assert_eq!(tuned.goals, scene.goals);
    if let Err(e) = scene::save(out, &tuned) {
        eprintln!("{}: {e}; nothing saved", shown(out));
        return ExitCode::from(1);
    }
    sayln!("saved {}", shown(out));
    ExitCode::SUCCESS
}

/// What one evaluation costs, measured once on the starting scene: setting the fields on a copy
/// of the scene, building the world, and running its ticks, per seed.
fn cost(scene: &Scene, tuning: &Tuning) -> String {
    let t = Instant::now();
    let _ = tuning.scene_at(tuning.start());
    let set = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let buildable = scene.build_world().is_ok();
    let build = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let _ = sweep::measure(scene, tuning.steps());
    let run = t.elapsed().as_secs_f64();
    let seeds = tuning.seeds().len();
    format!(
        "one evaluation: {seeds} seed{} × (fields set {:.3} ms + world built {:.3} ms{} + {} \
         ticks {:.2} ms)",
        if seeds == 1 { "" } else { "s" },
        set * 1e3,
        build * 1e3,
        if buildable { "" } else { ", failed" },
        tuning.steps(),
        (run - build).max(0.0) * 1e3
    )
}

fn worst_text(o: &Outcome) -> String {
    o.worst
        .map_or_else(|| "—".to_owned(), |w| metric_text(&o.goal.metric, w))
}

fn verdict(o: &Outcome) -> String {
    format!(
        "{} {}",
        worst_text(o),
        if o.holds { "pass" } else { "FAIL" }
    )
}

/// Each goal before and after, each changed field old → new, and how the search went.
#[must_use]
pub fn summary(scene: &Scene, tuning: &Tuning, report: &Report) -> String {
    let mut rows = vec![["goal".to_owned(), "before".to_owned(), "after".to_owned()]];
    let after = &report.best;
    for (i, goal) in tuning.goals().iter().enumerate() {
        let cell = |e: &Evaluation| e.outcomes.get(i).map_or_else(|| "—".to_owned(), verdict);
        rows.push([target_text(goal), cell(&report.start), cell(after)]);
    }
    let mut out = String::new();
    let width = |k: usize| rows.iter().map(|r| r[k].chars().count()).max().unwrap_or(0);
    let (w0, w1) = (width(0), width(1));
    for r in &rows {
        let _ = writeln!(out, "{:w0$}  {:w1$}  {}", r[0], r[1], r[2]);
    }
    let own = tuning.own_values();
    let changed: Vec<String> = tuning
        .changed(&own, &after.values)
        .map(|(field, old, new)| {
            format!(
                "  {field}  ({}): {} → {}",
                labels::field_label(scene, field),
                labels::readable_number(old),
                labels::readable_number(new)
            )
        })
        .collect();
    let _ = writeln!(out);
    if changed.is_empty() {
        let _ = writeln!(out, "no field changed");
    } else {
        let _ = writeln!(out, "changed:");
        for line in changed {
            let _ = writeln!(out, "{line}");
        }
    }
    let _ = writeln!(out);
    if let Some(k) = report.first_met_at {
        let _ = writeln!(
            out,
            "every goal met first at evaluation {k} of {}",
            report.evaluations
        );
    }
    out
}
