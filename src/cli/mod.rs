//! The `steerlab` command line: thin wrappers over the library (the contract in docs/cli.md,
//! which other tools rely on).
//!
//! Exit codes: 0 success, 1 invalid input (a message on stderr says which file, where and why),
//! 2 usage error.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{CommandFactory as _, Parser, Subcommand};

/// `print!` for what a command prints on standard output. A reader may stop reading before the
/// end (`steerlab validate presets/*.ron | head -3`): then the rest is dropped and the command
/// carries on to its end, so the files it writes and its exit code are as they would be, where
/// `print!` would panic.
macro_rules! say {
    ($($arg:tt)*) => { $crate::cli::say_to_stdout(format_args!($($arg)*), false) };
}

/// `println!` for what a command prints on standard output, as [`say!`] does.
macro_rules! sayln {
    () => { $crate::cli::say_to_stdout(format_args!(""), true) };
    ($($arg:tt)*) => { $crate::cli::say_to_stdout(format_args!($($arg)*), true) };
}

/// Set once standard output is closed; nothing more is written to it.
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Set when writing to standard output failed other than by its reader going (a full disk):
/// the command then exits with 1.
static STDOUT_FAILED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Writes `args` (and a newline) to standard output, or nothing once its reader has gone
/// ([`say!`]). Any other failure to write is said on standard error once.
pub(crate) fn say_to_stdout(args: std::fmt::Arguments<'_>, newline: bool) {
    use std::io::Write as _;
    use std::sync::atomic::Ordering;
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    let written = out.write_fmt(args).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = written {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            STDOUT_FAILED.store(true, Ordering::Relaxed);
            eprintln!("standard output: cannot write: {e}");
        }
    }
}

#[cfg(feature = "render")]
mod atlas;
mod bench;
#[cfg(feature = "render")]
pub mod level;
#[cfg(feature = "link")]
mod link;
mod load;
mod measure;
mod out;
#[cfg(feature = "render")]
mod render;
#[cfg(feature = "render")]
mod sheet;
mod simulate;
mod tune;
mod validate;

use bench::BenchRun;
use load::{load_scene, load_scene_all};

/// Tune steering behaviors on a live simulation and play them back in a game.
#[derive(Debug, Parser)]
#[command(
    name = "steerlab",
    version,
    about,
    after_help = "With no command, steerlab opens the editor on the built-in boids scene."
)]
pub struct Cli {
    /// What to do; with none, the editor opens on the built-in default scene.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the editor on a scene file.
    Edit {
        /// The scene (.ron).
        scene: PathBuf,
    },
    /// Run a scene headless and print every agent's state after each tick as CSV:
    /// tick,agent,group,x,y,vx,vy,fx,fy.
    Simulate {
        /// The scene (.ron), or the name of a built-in preset such as `boids.ron`.
        scene: PathBuf,
        /// Number of ticks.
        #[arg(long)]
        steps: u64,
        /// Write the CSV to this file (atomically) instead of standard output: FILE.csv, or a
        /// name without an extension.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print each number as its f32 bit pattern (8 hex digits) instead of in decimal: to
        /// compare a run bit for bit with another engine's (a browser's, a game's) by text.
        #[arg(long)]
        bits: bool,
    },
    /// Time the simulation on a standard flock (about 20 neighbours per agent), or on any
    /// scene with --scene.
    Bench {
        /// Number of agents: of the standard flock (default 10,000), or of the scene, whose
        /// groups are scaled to this many in all at the same density (the world and its
        /// positions grow with the square root of the factor).
        #[arg(long)]
        agents: Option<u32>,
        /// Time this scene (.ron, or the name of a built-in preset) instead of the standard
        /// flock. Nothing is written.
        #[arg(long, conflicts_with = "naive")]
        scene: Option<PathBuf>,
        /// Ticks to time.
        #[arg(long, default_value_t = 200)]
        steps: u64,
        /// Threads of the force pass: 0 = all cores, 1 = serial.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Use the naive O(N²) neighbour search instead of the grid.
        #[arg(long)]
        naive: bool,
        /// Time each tick with the metrics on: a recorder (as `steerlab metrics` runs one)
        /// observes the world after every tick, and both are timed.
        #[arg(long)]
        metrics: bool,
        /// Time building one canvas frame (egui pass and tessellation, no GPU) with velocity
        /// and force overlays on every agent, instead of the simulation; --steps is the number
        /// of frames.
        #[cfg(feature = "view")]
        #[arg(long)]
        frame: bool,
        /// Time the same agents as a game's own entities (a Crowd: the game hands over their
        /// motion, steerlab returns the forces, the game moves them) against the world's own
        /// tick, in alternating blocks of ticks on the same threads; prints both medians and
        /// their ratio, and whether the two ended on the same bits.
        #[arg(long, conflicts_with_all = ["naive", "metrics"])]
        host: bool,
        /// Print one JSON object per run instead of a sentence.
        #[arg(long)]
        json: bool,
    },
    /// Render a scene headless (no window, no GPU) to an MP4 video, a looping GIF, an animated
    /// PNG (APNG, full colour) or a directory of PNG frames: the editor's canvas with velocity and
    /// steering-force overlays, a legend and a caption. Frames are simulation time apart; the
    /// same scene gives the same bytes.
    #[cfg(feature = "render")]
    Render {
        /// The scene (.ron), or the name of a built-in preset such as `boids.ron`.
        scene: PathBuf,
        /// Number of frames (else --seconds × --fps).
        #[arg(long, conflicts_with = "seconds")]
        frames: Option<u32>,
        /// Seconds of simulation time the take lasts, as `steerlab sheet --seconds` (0 to 120;
        /// 5 when neither this nor --frames is given).
        #[arg(long, allow_negative_numbers = true)]
        seconds: Option<f32>,
        /// Frames per second of simulation time.
        #[arg(long, default_value_t = 30)]
        fps: u32,
        /// Frame size in pixels, `WIDTHxHEIGHT`.
        #[arg(long, default_value = "1280x720", value_parser = parse_size)]
        size: Size,
        /// FILE.mp4 for H.264 video (a tenth of a GIF's size or less; what documentation pages
        /// and chat tools embed; an even width and height); FILE.gif for an animated GIF (256
        /// colours, plays everywhere); FILE.png (or .apng) for
        /// an animated PNG in full colour (APNG: browsers play it, some image viewers show
        /// the first frame only); a path without an extension, one ending in `/` or an
        /// existing directory is a directory of numbered PNG frames. Any other extension is
        /// refused.
        #[arg(long)]
        out: PathBuf,
        /// Leave out the legend of the overlay colours.
        #[arg(long)]
        no_legend: bool,
        /// Leave out the caption (scene name and key parameters).
        #[arg(long)]
        no_caption: bool,
        /// Before and after: run this baseline scene beside SCENE from its own seed, tick for
        /// tick, each captioned with the fields in which the two differ.
        #[arg(long, value_name = "BASE.ron")]
        compare: Option<PathBuf>,
        /// How --compare sets the two runs together: `side` (two panels, the baseline on
        /// the left) or `ghosts` (one panel, the baseline's agents drawn translucent).
        #[arg(long, default_value = "side", value_parser = parse_layout, requires = "compare")]
        layout: crate::render::Layout,
        /// Record the plots of one agent with the canvas, as the editor's Plots panel draws
        /// them: its speed and forces over the last 10 s (and its flock's, when its group
        /// flocks), `below` the canvas (a third of the height) or `beside` it (a third of the
        /// width).
        #[arg(long, value_name = "below|beside", value_parser = parse_plot_place)]
        plots: Option<crate::render::PlotPlace>,
        /// The agent whose plots are recorded and whose overlays are highlighted (its id, as
        /// the editor's Selection shows it); the first agent when not given. An agent that
        /// spawns later is plotted from when it appears.
        #[arg(long, value_name = "ID", requires = "plots")]
        agent: Option<u32>,
    },
    /// Run a scene headless and print its metrics per group (arrival, motion, contact,
    /// pursuit, flocking; defined in docs/metrics.md).
    Metrics {
        /// The scene (.ron), or the name of a built-in preset such as `arrive_slowing.ron`.
        scene: PathBuf,
        /// Number of ticks.
        #[arg(long)]
        steps: u64,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Run a scene once per combination of parameter values, in parallel, and print the
    /// metrics of each: one row per variant, the same bytes at any thread count.
    Sweep(measure::SweepArgs),
    /// Run each scene's goals (its `goals` section) on each of their seeds and print, per
    /// goal, the target, the value on each seed, the worst and whether it holds. Exit 0 when
    /// every goal of every scene holds, 1 when one fails or a file is invalid.
    Check {
        /// The scene files, or names of built-in presets.
        #[arg(required = true)]
        scenes: Vec<PathBuf>,
        /// One JSON object per scene instead of a table.
        #[arg(long)]
        json: bool,
        /// Threads: 0 = all cores (the same results at any number).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Find the values of the scene's tunable fields that meet every goal with the smallest
    /// change from the scene's own values (BiteOpt after a Latin hypercube, in parallel, the same result at any thread
    /// count), print each goal before and after and each changed field, and save the tuned
    /// scene. Exit 1 when a goal cannot be met.
    Tune(tune::TuneArgs),
    /// The distinct behaviors a scene's fields hold: vary them (MAP-Elites: each run lands in
    /// the cell of a grid its two metrics fall in, each cell keeps its best variant) and write
    /// the atlas, each cell's scene, a contact sheet (PNG) and a page (Markdown and HTML) into
    /// a folder. The same options give the same files at any thread count; `--shard I/N` runs
    /// one share, `steerlab atlas merge` joins the shares.
    #[cfg(feature = "render")]
    Atlas(atlas::AtlasArgs),
    /// Write a behavior sheet per scene into a folder, for a team's wiki: a Markdown page (its
    /// clips beside it) and a self-contained HTML page with the scene's name and description,
    /// a clip (GIF, and MP4), every value that differs from the defaults, its goals on every
    /// seed (as `check` says), its metrics, and the web link that opens it; with --against,
    /// before and after. Several scenes get an index.
    #[cfg(feature = "render")]
    Sheet(sheet::SheetArgs),
    /// Check scene files; print `PATH:LINE:COL: field: message` on standard error for each
    /// error, and `PATH:LINE:COL: warning: field: message` for each value that is legal but
    /// almost surely not meant. An unknown field or a value of the wrong kind does not stop
    /// the check: every error it can find in a file is printed, up to a syntax error (a
    /// missing comma or bracket), which ends the file's list.
    Validate {
        /// Exit 1 when there are warnings, as for errors.
        #[arg(long)]
        deny_warnings: bool,
        /// The scene files, or names of built-in presets such as `boids.ron`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Trace a black-and-white picture of a level (walls dark, floor light) into a scene's
    /// level: the outline of the largest light area and the walls inside it, straightened to
    /// --tolerance pixels and stretched over the scene's world; save the scene with it.
    #[cfg(feature = "render")]
    Level(level::LevelArgs),
    /// Print, one per line, the web link that opens each scene in the web editor (built by
    /// scripts/web.sh): the page's address, then the scene compressed after `#scene=`. A scene
    /// whose link would pass 8,000 characters is refused (share the file instead).
    #[cfg(feature = "link")]
    Link {
        /// The web editor's address.
        #[arg(long, default_value = "http://localhost:8080/")]
        page: String,
        /// The scene files, or names of built-in presets such as `boids.ron`.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// A frame size, `WIDTHxHEIGHT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size(pub [u32; 2]);

#[cfg(feature = "render")]
fn parse_plot_place(text: &str) -> Result<crate::render::PlotPlace, String> {
    match text {
        "below" => Ok(crate::render::PlotPlace::Below),
        "beside" => Ok(crate::render::PlotPlace::Beside),
        _ => Err(format!(
            "`{text}` is not a place for the plots: `below` or `beside`"
        )),
    }
}

#[cfg(feature = "render")]
fn parse_layout(text: &str) -> Result<crate::render::Layout, String> {
    match text {
        "side" => Ok(crate::render::Layout::SideBySide),
        "ghosts" => Ok(crate::render::Layout::Ghosts),
        _ => Err(format!("`{text}`: expected `side` or `ghosts`")),
    }
}

#[cfg(feature = "render")]
fn parse_size(text: &str) -> Result<Size, String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{text}`: expected WIDTHxHEIGHT, like 1280x720"))?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{text}`: `{s}` is not a whole number of pixels"))
    };
    Ok(Size([side(w)?, side(h)?]))
}

/// The command line parsed; on a usage error (or help, or the version), what was printed's
/// exit code.
fn parse<I, T>(args: I) -> Result<Cli, ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    Cli::try_parse_from(args).map_err(|e| {
        // Help and version print to stdout and exit 0; usage errors exit 2, always with the
        // usage line (clap leaves it out of some errors, such as an invalid number).
        let _ = e.print();
        if e.use_stderr() && !e.to_string().contains("Usage:") {
            eprintln!("\n{}", Cli::command().render_usage());
        }
        ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
    })
}

/// Parses `args` and runs the command.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let code = run_command(cli);
    if STDOUT_FAILED.load(std::sync::atomic::Ordering::Relaxed) {
        ExitCode::from(1)
    } else {
        code
    }
}

/// Runs the command `cli` names.
fn run_command(cli: Cli) -> ExitCode {
    match cli.command {
        None => open_editor(None),
        Some(Command::Edit { scene }) => open_editor(Some(&scene)),
        Some(Command::Simulate {
            scene,
            steps,
            out,
            bits,
        }) => {
            let numbers = if bits {
                CsvNumbers::Bits
            } else {
                CsvNumbers::Decimal
            };
            simulate::simulate(&scene, steps, out.as_deref(), numbers)
        }
        Some(Command::Validate {
            deny_warnings,
            files,
        }) => validate::validate(&files, deny_warnings),
        #[cfg(feature = "link")]
        Some(Command::Link { page, files }) => link::links(&page, &files),
        #[cfg(feature = "render")]
        Some(Command::Level(args)) => level::level(&args),
        Some(Command::Metrics { scene, steps, json }) => measure::metrics(&scene, steps, json),
        Some(Command::Sweep(args)) => measure::sweep(&args),
        Some(Command::Check {
            scenes,
            json,
            threads,
        }) => measure::check(&scenes, json, threads),
        Some(Command::Tune(args)) => tune::tune(&args),
        #[cfg(feature = "render")]
        Some(Command::Atlas(args)) => atlas::atlas(&args),
        #[cfg(feature = "render")]
        Some(Command::Sheet(args)) => sheet::sheet(&args),
        #[cfg(feature = "render")]
        Some(Command::Render {
            scene,
            frames,
            seconds,
            fps,
            size,
            out,
            no_legend,
            no_caption,
            compare,
            layout,
            plots,
            agent,
        }) => match render::take_frames(frames, seconds, fps) {
            Ok(frames) => render::render(
                &scene,
                (frames, fps, size.0),
                &out,
                (!no_legend, !no_caption),
                compare.as_deref().map(|c| (c, layout)),
                plots.map(|place| (place, agent)),
            ),
            Err(e) => {
                eprintln!("steerlab render: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Bench {
            agents,
            scene,
            steps,
            threads,
            naive,
            metrics,
            #[cfg(feature = "view")]
            frame,
            host,
            json,
        }) => {
            #[cfg(not(feature = "view"))]
            let frame = false;
            let run = BenchRun {
                agents,
                scene,
                steps,
                threads,
                naive,
                metrics,
                frame,
                host,
                json,
            };
            run.run()
        }
    }
}

#[cfg(all(feature = "editor", not(target_arch = "wasm32")))]
fn open_editor(scene: Option<&Path>) -> ExitCode {
    let app = crate::editor::app_for(scene.map(Path::to_path_buf));
    match crate::editor::run(app) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("steerlab: cannot open the editor window: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(any(not(feature = "editor"), target_arch = "wasm32"))]
fn open_editor(scene: Option<&Path>) -> ExitCode {
    if let Some(path) = scene
        && let Err(e) = crate::scene::load(path)
    {
        eprintln!("{e}");
        return ExitCode::from(1);
    }
    eprintln!("steerlab: this build has no editor (built without the `editor` feature)");
    ExitCode::from(1)
}

pub use crate::scene::csv::{CsvNumbers, write_csv, write_csv_as};
