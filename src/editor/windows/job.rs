//! Work a window runs on a thread of its own (a sweep, a tuning): the thread, what it shares
//! with the window while it runs (progress, a switch to stop), and how much work it has.

use std::sync::Arc;
use std::thread::JoinHandle;

/// A job running in the background.
pub struct Job<T, S> {
    handle: JoinHandle<Result<T, String>>,
    /// What the window reads or sets while it runs.
    pub shared: Arc<S>,
    /// Units of work in all (runs, evaluations).
    pub total: usize,
}

impl<T: Send + 'static, S: Send + Sync + 'static> Job<T, S> {
    /// Runs `work` on a new thread with the `shared` state.
    pub fn spawn(
        shared: S,
        total: usize,
        work: impl FnOnce(&S) -> Result<T, String> + Send + 'static,
    ) -> Self {
        let shared = Arc::new(shared);
        let theirs = Arc::clone(&shared);
        let handle = std::thread::spawn(move || work(&theirs));
        Self {
            handle,
            shared,
            total,
        }
    }
}

/// The result of the job in `slot` once it has finished, taken out of the slot; `what` names
/// it in the error of one that panicked.
pub fn finished<T, S>(slot: &mut Option<Job<T, S>>, what: &str) -> Option<Result<T, String>> {
    if !slot.as_ref().is_some_and(|job| job.handle.is_finished()) {
        return None;
    }
    let job = slot.take()?;
    Some(
        job.handle
            .join()
            .unwrap_or_else(|_| Err(format!("{what} stopped unexpectedly"))),
    )
}

/// Blocks while `poll` (which collects a finished job) says one is still running.
pub fn wait_while(mut poll: impl FnMut() -> bool) {
    while poll() {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
