//! Work the editor runs beside its frames (a sweep, a tuning, a recording), written as pieces: what it shares
//! with the window while it runs (progress, a switch to stop), and how much work it has. On the
//! desktop the pieces run one after another on a thread of their own; in a browser, whose tab
//! has one thread, they run between frames, as many as fit in [`SLICE_MS`] each frame, so the
//! page stays live. The pieces are the same either way, and so is the result.

use std::sync::Arc;

/// What one piece of a job leaves.
pub enum Piece<T> {
    /// More to do.
    More,
    /// Finished, with the result or why it failed.
    Done(Result<T, String>),
}

/// Milliseconds of each frame a browser gives to a job's pieces (a piece is not cut: one that
/// takes longer makes that frame late).
#[cfg(target_arch = "wasm32")]
const SLICE_MS: f64 = 12.0;

/// Whether a job's pieces should be small: in a browser, a piece holds up a frame.
pub const SMALL_PIECES: bool = cfg!(target_arch = "wasm32");

#[cfg(not(target_arch = "wasm32"))]
type Work<T> = std::thread::JoinHandle<Result<T, String>>;
#[cfg(target_arch = "wasm32")]
type Work<T> = Box<dyn FnMut() -> Piece<T>>;

/// A job under way.
pub struct Job<T, S> {
    work: Work<T>,
    /// What the window reads or sets while it runs.
    pub shared: Arc<S>,
    /// Units of work in all (runs, evaluations).
    pub total: usize,
    /// The result, once the last piece has run (in a browser).
    #[cfg(target_arch = "wasm32")]
    result: Option<Result<T, String>>,
}

impl<T: Send + 'static, S: Send + Sync + 'static> Job<T, S> {
    /// Starts `piece`, run until it is done, with the `shared` state; on the desktop on a
    /// thread called `name` (`Err`: why it could not be started).
    pub fn spawn(
        name: &str,
        shared: S,
        total: usize,
        mut piece: impl FnMut(&S) -> Piece<T> + Send + 'static,
    ) -> Result<Self, String> {
        let shared = Arc::new(shared);
        let theirs = Arc::clone(&shared);
        #[cfg(not(target_arch = "wasm32"))]
        let work = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                loop {
                    if let Piece::Done(result) = piece(&theirs) {
                        return result;
                    }
                }
            })
            .map_err(|e| format!("cannot start {name}: {e}"))?;
        #[cfg(target_arch = "wasm32")]
        let work: Work<T> = {
            let _ = name;
            Box::new(move || piece(&theirs))
        };
        Ok(Self {
            work,
            shared,
            total,
            #[cfg(target_arch = "wasm32")]
            result: None,
        })
    }

    /// Whether the job has finished (in a browser, after running this frame's pieces).
    fn is_finished(&mut self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.work.is_finished()
        }
        #[cfg(target_arch = "wasm32")]
        {
            let started = web_time::Instant::now();
            while self.result.is_none() && started.elapsed().as_secs_f64() * 1e3 < SLICE_MS {
                if let Piece::Done(result) = (self.work)() {
                    self.result = Some(result);
                }
            }
            self.result.is_some()
        }
    }

    /// The result of a finished job; `what` names it in the error of one that panicked.
    fn result(self, what: &str) -> Result<T, String> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.work
                .join()
                .unwrap_or_else(|_| Err(format!("{what} stopped unexpectedly")))
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.result
                .unwrap_or_else(|| Err(format!("{what} stopped unexpectedly")))
        }
    }
}

/// The result of the job in `slot` once it has finished, taken out of the slot; `what` names
/// it in the error of one that panicked.
pub fn finished<T: Send + 'static, S: Send + Sync + 'static>(
    slot: &mut Option<Job<T, S>>,
    what: &str,
) -> Option<Result<T, String>> {
    if !slot.as_mut().is_some_and(Job::is_finished) {
        return None;
    }
    Some(slot.take()?.result(what))
}

/// Asks for the next frame while a job runs: at once in a browser, where the frames are what
/// runs the pieces; in a while on the desktop, to show progress and collect the result.
pub fn next_frame(ctx: &egui::Context) {
    if SMALL_PIECES {
        ctx.request_repaint();
    } else {
        ctx.request_repaint_after(std::time::Duration::from_millis(50));
    }
}

/// Blocks while `poll` (which collects a finished job) says one is still running.
pub fn wait_while(mut poll: impl FnMut() -> bool) {
    while poll() {
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
