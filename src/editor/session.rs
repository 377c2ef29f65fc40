//! The session: the live world and how it runs (play, pause, the fixed-tick clock and the time
//! scale), the selection, and what is sampled after each tick (trails, the plots' history).
//! No egui: the app feeds it elapsed time and the overlay settings.

use super::baseline::Baseline;
use crate::sim::observe::metrics::Recorder;
use crate::sim::{Agent, World};
use crate::view::history::History;
use crate::view::{Overlay, Overlays, Scope, Trails};

/// Most ticks run in one frame; beyond that the simulation slows down rather than stalls.
pub const MAX_TICKS_PER_FRAME: u32 = 8;

/// Once the ticks of a frame have taken this long, the frame runs no more (at least one runs):
/// a crowd whose ticks cost more than a frame slows the simulation down, not the editor
/// (measured under Xvfb at 50,000 agents: frames of a quarter of a second, eight ticks each,
/// before).
pub const TICK_BUDGET: std::time::Duration = std::time::Duration::from_millis(20);

/// The live world and its transport.
#[derive(Debug)]
pub struct Session {
    /// The world on screen.
    pub world: World,
    /// Whether the simulation runs.
    pub playing: bool,
    /// Simulated seconds per real second.
    pub time_scale: f32,
    accumulator_secs: f64,
    /// Real seconds of the last frame.
    pub frame_secs: f32,
    /// The selected agent.
    pub selected: Option<u32>,
    /// Keep the selected agent in the middle of the view.
    pub follow: bool,
    /// The group the inspector shows and Shift+click adds to.
    pub current_group: usize,
    /// The selected agent's recent history, for the plots.
    pub history: History,
    /// Recent positions, for the trails.
    pub trails: Trails,
    /// The pinned baseline, run tick for tick beside the live world.
    pub baseline: Option<Baseline>,
    /// The live run's metrics since its start.
    pub recorder: Recorder,
    /// The metrics of the run before the last restart of this scene (none after opening
    /// another): what a row shows until this run has a value of its own.
    pub previous: Option<crate::sim::observe::metrics::Metrics>,
    /// Compute metrics every tick (the metrics panel's switch).
    pub metrics_on: bool,
    /// The ticks of a frame stop once they have taken this long (`None`: no limit but
    /// [`MAX_TICKS_PER_FRAME`]).
    pub tick_budget: Option<std::time::Duration>,
    /// The pace of the run against real time, over about a second.
    pace: Pace,
    /// Whether the first ticks of the world are to be timed when it plays
    /// ([`Session::advance`]): a world too heavy for real time pauses then.
    pub heavy_check: HeavyCheck,
    /// The world's first ticks took longer than its tick (`dt`): it was paused. Set once a
    /// world; the app says so.
    pub heavy: Option<Heavy>,
}

/// Whether the first ticks of a world are timed, to pause one too heavy for real time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeavyCheck {
    /// On this world's first playing frame.
    Due,
    /// Done for this world; the next world is timed.
    Done,
    /// Not for this world nor the next: the designer chose to play a heavy scene anyway
    /// (until another scene opens).
    Off,
}

/// A world whose first ticks each took longer than its tick (`dt`) of simulated time: it
/// cannot run in real time here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Heavy {
    /// Real seconds of its faster first tick.
    pub tick_secs: f64,
    /// Its tick, in simulated seconds.
    pub dt_secs: f64,
}

/// Longest frame the clock counts: a frame after the page or the window was held up (a
/// heavy paint, a sleep) runs at most this much simulated time (times the time scale).
pub const MAX_FRAME_SECS: f32 = 0.25;

/// Ticks run against ticks due (real time times the time scale, over `dt`), summed over a
/// window of about a second of playing.
#[derive(Clone, Copy, Debug, Default)]
struct Pace {
    secs: f64,
    run: f64,
    due: f64,
    /// The last full window, when the run fell behind: ticks per second run and due.
    behind: Option<(f64, f64)>,
}

/// A run within this share of its due ticks keeps up.
const KEEPS_UP: f64 = 0.95;

impl Pace {
    /// One frame of `secs` real seconds in which `run` ticks ran of `due` due.
    fn add(&mut self, secs: f64, run: f64, due: f64) {
        self.secs += secs;
        self.run += run;
        self.due += due;
        if self.secs >= 1.0 {
            self.behind = (self.run < KEEPS_UP * self.due)
                .then(|| (self.run / self.secs, self.due / self.secs));
            (self.secs, self.run, self.due) = (0.0, 0.0, 0.0);
        }
    }
}

/// The slowest time scale: a twentieth of real time (stopping is Pause's).
pub const MIN_TIME_SCALE: f32 = 0.05;
/// The fastest time scale.
pub const MAX_TIME_SCALE: f32 = 8.0;

/// Navigating agents of a group that cannot reach their target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stranded {
    /// How many.
    pub count: usize,
    /// Of how many agents of the group that navigate.
    pub navigating: usize,
    /// Why the first of them has no route.
    pub why: crate::sim::model::navmesh::Unreachable,
}

impl Stranded {
    /// What the inspector and the line over the canvas say (`group` names the group).
    #[must_use]
    pub fn text(&self, group: &str) -> String {
        format!(
            "{} of {} navigating agents of \"{group}\" cannot reach their target and stand \
             still: {}.",
            self.count, self.navigating, self.why
        )
    }
}

impl Session {
    /// A session on `world`, playing (keeping what the behaviors look at, for the overlays).
    #[must_use]
    pub fn new(mut world: World) -> Self {
        world.keep_details(true);
        Self {
            recorder: Recorder::new(&world),
            previous: None,
            baseline: None,
            metrics_on: true,
            tick_budget: Some(TICK_BUDGET),
            pace: Pace::default(),
            heavy_check: HeavyCheck::Due,
            heavy: None,
            world,
            playing: true,
            time_scale: 1.0,
            accumulator_secs: 0.0,
            frame_secs: 0.0,
            selected: None,
            follow: false,
            current_group: 0,
            history: History::default(),
            trails: Trails::default(),
        }
    }

    /// A new world in place of this one (a restart): what was sampled from the old one is
    /// dropped.
    pub fn replace_world(&mut self, mut world: World) {
        world.keep_details(true);
        self.previous = Some(self.recorder.report(&self.world));
        self.recorder = Recorder::new(&world);
        self.world = world;
        self.accumulator_secs = 0.0;
        // What was said of the last world's pace (behind real time) no longer holds.
        self.pace = Pace::default();
        if self.heavy_check == HeavyCheck::Done {
            self.heavy_check = HeavyCheck::Due;
        }
        self.heavy = None;
        self.history.clear();
        self.trails.clear();
        if let Some(b) = &mut self.baseline {
            b.restart();
        }
    }

    /// Pins `scene` (the live world's scene) as the baseline: from now on a copy of the live
    /// world runs beside it with the scene as it is now.
    pub fn pin(&mut self, scene: crate::scene::Scene, label: String) {
        self.baseline = Some(Baseline::pinned(
            scene,
            self.world.clone(),
            self.recorder.clone(),
            label,
        ));
    }

    /// Exchanges the live run and the baseline's run (their worlds, metrics and histories).
    /// The caller swaps the scenes.
    pub fn swap_runs(&mut self) {
        if let Some(b) = &mut self.baseline {
            std::mem::swap(&mut self.world, &mut b.world);
            std::mem::swap(&mut self.recorder, &mut b.recorder);
            std::mem::swap(&mut self.history, &mut b.history);
            self.trails.clear();
        }
    }

    /// A new document's world: also nothing selected and the first group current.
    pub fn reset_to(&mut self, world: World) {
        self.replace_world(world);
        self.previous = None;
        self.current_group = 0;
        self.selected = None;
    }

    /// Selects an agent.
    pub fn select(&mut self, id: Option<u32>) {
        self.selected = id;
        self.history.clear();
        if let Some(b) = &mut self.baseline {
            b.history.clear();
        }
    }

    /// The selected agent, if it exists.
    #[must_use]
    pub fn selected_agent(&self) -> Option<&Agent> {
        let i = self.world.index_of(self.selected?)?;
        self.world.agents().get(i)
    }

    /// Selects the next (`direction >= 0`) or previous agent of the current group.
    pub fn cycle_selection(&mut self, direction: i32) {
        let group = self.current_group;
        let ids: Vec<u32> = self
            .world
            .agents()
            .iter()
            .filter(|a| usize::from(a.group) == group)
            .map(|a| a.id)
            .collect();
        if ids.is_empty() {
            return;
        }
        let at = self
            .selected
            .and_then(|id| ids.iter().position(|&i| i == id));
        let next = match (at, direction >= 0) {
            (None, true) => 0,
            (None, false) => ids.len() - 1,
            (Some(i), true) => (i + 1) % ids.len(),
            (Some(i), false) => (i + ids.len() - 1) % ids.len(),
        };
        self.select(Some(ids[next]));
    }

    /// Keeps the current group within the scene's `groups` groups.
    pub fn clamp_group(&mut self, groups: usize) {
        self.current_group = self.current_group.min(groups.saturating_sub(1));
    }

    /// Runs exactly one tick.
    pub fn step_once(&mut self, overlays: &Overlays) {
        let recorder = self.metrics_on.then_some(&mut self.recorder);
        self.world
            .step_then(|world| recorder.map(|recorder| recorder.observe(world)));
        if let Some(b) = &mut self.baseline {
            // The same inputs: the click target and the pointer are the user's, not the
            // scene's.
            b.world.set_click(self.world.click());
            b.world.set_pointer(self.world.pointer());
            let recorder = self.metrics_on.then_some(&mut b.recorder);
            b.world
                .step_then(|world| recorder.map(|recorder| recorder.observe(world)));
            b.history.record(&b.world, self.selected);
        }
        self.after_tick(overlays);
    }

    fn after_tick(&mut self, overlays: &Overlays) {
        self.history.record(&self.world, self.selected);
        if overlays.shows(Overlay::Trails) && self.world.tick().is_multiple_of(2) {
            let only = match overlays.scope {
                Scope::All => None,
                Scope::Selected => Some(self.selected.unwrap_or(u32::MAX)),
            };
            self.trails.sample(&self.world, only);
        }
    }

    /// Advances the simulation by the whole ticks that a frame of `real_secs` real seconds
    /// (times the time scale) has made due, counting at most [`MAX_FRAME_SECS`] of it; the
    /// pace against real time ([`Session::behind`]) counts all of it.
    pub fn advance_real(&mut self, real_secs: f32, overlays: &Overlays) {
        self.advance_counting(real_secs.min(MAX_FRAME_SECS), real_secs, overlays);
    }

    /// Advances the simulation by the whole ticks that real time (times the time scale) has
    /// made due since the last frame.
    pub fn advance(&mut self, elapsed_secs: f32, overlays: &Overlays) {
        self.advance_counting(elapsed_secs, elapsed_secs, overlays);
    }

    /// Runs the first tick of a world, timed, and when it took longer than the world's `dt`
    /// a second one (the first also pays for what a world does once): when that one does
    /// too, the world is too heavy for real time here, and pauses ([`Session::heavy`]).
    /// Returns the ticks run.
    fn first_ticks(&mut self, overlays: &Overlays) -> u32 {
        self.heavy_check = HeavyCheck::Done;
        let dt = f64::from(self.world.spec().dt);
        let timed = |session: &mut Self| {
            let start = web_time::Instant::now();
            session.step_once(overlays);
            start.elapsed().as_secs_f64()
        };
        let first = timed(self);
        if first <= dt {
            return 1;
        }
        let second = timed(self);
        if second > dt {
            self.playing = false;
            self.heavy = Some(Heavy {
                tick_secs: first.min(second),
                dt_secs: dt,
            });
        }
        2
    }

    fn advance_counting(&mut self, elapsed_secs: f32, real_secs: f32, overlays: &Overlays) {
        self.frame_secs = real_secs;
        if !self.playing {
            self.accumulator_secs = 0.0;
            self.pace = Pace::default();
            return;
        }
        let dt = f64::from(self.world.spec().dt);
        // Stopping is Pause's: the slowest scale still runs (a scale of 0 from older settings
        // or a typed value reads as the slowest).
        let scale = f64::from(self.time_scale.clamp(MIN_TIME_SCALE, MAX_TIME_SCALE));
        let due = f64::from(elapsed_secs) * scale;
        let due_real = f64::from(real_secs) * scale;
        self.accumulator_secs += due;
        let mut ticks = 0;
        if self.heavy_check == HeavyCheck::Due && self.accumulator_secs >= dt {
            ticks = self.first_ticks(overlays);
            self.accumulator_secs = (self.accumulator_secs - f64::from(ticks) * dt).max(0.0);
            if !self.playing {
                self.accumulator_secs = 0.0;
                self.pace = Pace::default();
                return;
            }
        }
        let start = web_time::Instant::now();
        let budget = self.tick_budget;
        let spent = |ticks| ticks > 0 && budget.is_some_and(|b| start.elapsed() >= b);
        let mut stopped = false;
        while self.accumulator_secs >= dt && ticks < MAX_TICKS_PER_FRAME {
            if spent(ticks) {
                stopped = true;
                break;
            }
            self.step_once(overlays);
            self.accumulator_secs -= dt;
            ticks += 1;
        }
        if stopped || ticks == MAX_TICKS_PER_FRAME {
            // Too slow to keep up: drop the backlog instead of spiralling.
            self.accumulator_secs = self.accumulator_secs.min(dt);
        }
        self.pace.add(
            f64::from(real_secs),
            f64::from(ticks),
            due_real / dt.max(1e-9),
        );
    }

    /// Per group (by index), its navigating agents whose last plan found no route to their
    /// target: how many, of how many navigating, and why the first of them has none (`None`
    /// where every navigating agent of the group has a route). One pass over the agents.
    #[must_use]
    pub fn stranded(&self) -> Vec<Option<Stranded>> {
        let mut out: Vec<(usize, Option<Stranded>)> =
            vec![(0, None); self.world.spec().groups.len()];
        for a in self.world.agents() {
            let route = a.route();
            let Some((navigating, stranded)) = out.get_mut(usize::from(a.group)) else {
                continue;
            };
            if !route.planned {
                continue;
            }
            *navigating += 1;
            if let Some(why) = route.unreachable {
                stranded
                    .get_or_insert(Stranded {
                        count: 0,
                        navigating: 0,
                        why,
                    })
                    .count += 1;
            }
        }
        out.into_iter()
            .map(|(navigating, s)| s.map(|s| Stranded { navigating, ..s }))
            .collect()
    }

    /// When the run falls behind real time (times the time scale): the ticks per second it
    /// runs and the ticks per second due, over the last second of playing.
    #[must_use]
    pub fn behind(&self) -> Option<(f64, f64)> {
        self.pace.behind
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        let mut scene = crate::scene::Scene::new_default();
        // A tick every 1/8 s: every time below is exact in binary.
        scene.dt = 0.125;
        let mut session = Session::new(scene.build_world().expect("valid"));
        // Whole ticks by the clock of the test, however slow the machine.
        session.tick_budget = None;
        session
    }

    #[test]
    fn falling_behind_real_time_is_said_with_the_ticks_per_second() {
        let overlays = Overlays::default();
        let mut s = session();
        // 8 ticks a second due; at 4x, 32: two frames of 0.5 s each owe 16 ticks, of which a
        // frame runs at most MAX_TICKS_PER_FRAME (8).
        s.time_scale = 4.0;
        s.advance(0.5, &overlays);
        assert_eq!(s.behind(), None, "not a whole second yet");
        s.advance(0.5, &overlays);
        assert_eq!(s.behind(), Some((16.0, 32.0)));
        // At 1x every due tick runs: it keeps up again.
        s.time_scale = 1.0;
        for _ in 0..4 {
            s.advance(0.25, &overlays);
        }
        assert_eq!(s.behind(), None);
        // Paused, nothing is behind.
        s.time_scale = 4.0;
        s.advance(0.5, &overlays);
        s.advance(0.5, &overlays);
        assert!(s.behind().is_some());
        s.playing = false;
        s.advance(0.5, &overlays);
        assert_eq!(s.behind(), None);
        // A new world (Lower the counts, a restart): the last one's pace is not said of it.
        s.playing = true;
        s.advance(0.5, &overlays);
        s.advance(0.5, &overlays);
        assert!(s.behind().is_some());
        let world = s.world.clone();
        s.replace_world(world);
        assert_eq!(s.behind(), None);
    }

    /// A time scale of 0 (typed, or saved by an older version) runs at the slowest scale:
    /// stopping is Pause's, so the simulation never stands while the button says Pause.
    #[test]
    fn the_slowest_time_scale_still_runs() {
        let overlays = Overlays::default();
        let mut s = session();
        s.time_scale = 0.0;
        // 8 ticks a second at 1x, 0.4 at 0.05x: 20 s of frames give 8 ticks (7 where the
        // sum of the frames' simulated time, 0.05 being inexact in binary, falls a hair short).
        for _ in 0..80 {
            s.advance(0.25, &overlays);
        }
        assert!((7..=8).contains(&s.world.tick()), "{}", s.world.tick());
    }

    #[test]
    fn the_pace_counts_a_long_frame_whole_while_the_clock_counts_a_quarter_second() {
        let overlays = Overlays::default();
        let mut s = session();
        // Frames of 2 s (a page held up by its painting): each runs the ticks of 0.25 s (2),
        // and the pace says 1 tick a second run of the 8 due, not 8 of 8.
        s.advance_real(2.0, &overlays);
        assert_eq!(s.world.tick(), 2);
        assert_eq!(s.behind(), Some((1.0, 8.0)));
        assert!((s.frame_secs - 2.0).abs() < f32::EPSILON);
    }

    #[test]
    fn a_world_whose_first_ticks_take_longer_than_its_dt_pauses_and_says_so() {
        // 20,000 flocking agents on a tick of a millisecond: each tick takes several times its
        // dt on any machine, in a debug build tens of times.
        let mut spec = crate::bench::bench_spec(20_000);
        spec.dt = crate::sim::setup::check::MIN_DT_SECS;
        let mut s = Session::new(World::new(spec).expect("valid"));
        let overlays = Overlays::default();
        s.advance_real(0.1, &overlays);
        assert!(!s.playing, "paused");
        assert_eq!(s.world.tick(), 2, "two ticks timed");
        let heavy = s.heavy.expect("said");
        assert!(heavy.tick_secs > heavy.dt_secs, "{heavy:?}");
        assert!((heavy.dt_secs - f64::from(crate::sim::setup::check::MIN_DT_SECS)).abs() < 1e-9);
        // Played anyway, it runs on; a new world is timed again, unless told not to.
        s.playing = true;
        s.advance_real(0.002, &overlays);
        assert!(s.playing);
        assert!(s.world.tick() > 2);
        let world = s.world.clone();
        s.heavy_check = HeavyCheck::Off;
        s.replace_world(world);
        assert_eq!(s.heavy, None);
        s.advance_real(0.002, &overlays);
        assert!(s.playing);
        // A light world plays on from its first frame.
        let mut light = session();
        light.advance_real(0.25, &overlays);
        assert!(light.playing);
        assert_eq!(light.heavy, None);
        assert_eq!(light.world.tick(), 2);
    }

    #[test]
    fn real_time_runs_whole_ticks_at_any_frame_rate() {
        // 1 s is 8 ticks whether it comes as two frames or as sixteen.
        let overlays = Overlays::default();
        let mut two = session();
        two.advance(0.5, &overlays);
        two.advance(0.5, &overlays);
        let mut many = session();
        for _ in 0..16 {
            many.advance(0.0625, &overlays);
        }
        assert_eq!(two.world.tick(), 8);
        assert_eq!(many.world.tick(), 8);
        assert_eq!(two.world.agents(), many.world.agents());
        // Paused: no time passes, and none is owed afterwards.
        two.playing = false;
        two.advance(1.0, &overlays);
        assert_eq!(two.world.tick(), 8);
        // A long frame runs at most MAX_TICKS_PER_FRAME ticks.
        two.playing = true;
        two.advance(10.0, &overlays);
        assert_eq!(two.world.tick(), 8 + u64::from(MAX_TICKS_PER_FRAME));
        // Twice the time scale, twice the ticks.
        many.time_scale = 2.0;
        many.advance(0.5, &overlays);
        assert_eq!(many.world.tick(), 16);
    }

    #[test]
    fn selection_cycles_through_the_current_group() {
        let mut s = session();
        let ids: Vec<u32> = s.world.agents().iter().map(|a| a.id).collect();
        s.cycle_selection(1);
        assert_eq!(s.selected, Some(ids[0]));
        s.cycle_selection(-1);
        assert_eq!(s.selected, ids.last().copied());
        s.cycle_selection(1);
        assert_eq!(s.selected, Some(ids[0]));
    }
}
