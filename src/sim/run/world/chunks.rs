//! Work over the agents split into fixed chunks, on the world's threads when it runs in
//! parallel: what reads the world after a tick (the metrics) uses the same pool as the tick.

use std::ops::Range;

use super::World;

impl World {
    /// `work` on each run of `chunk` agent indices (`0..chunk`, `chunk..2 * chunk`, ..., the
    /// last shorter), in parallel on the world's threads when its ticks run in parallel, and
    /// the results in chunk order. The chunks do not depend on the threads, so results reduced
    /// in that order are the same bits on any number of threads.
    pub fn map_chunks<T: Send>(
        &self,
        chunk: usize,
        work: impl Fn(Range<usize>) -> T + Sync + Send,
    ) -> Vec<T> {
        self.map_each(self.chunks(chunk), work)
    }

    /// The runs of `chunk` agent indices [`Self::map_chunks`] works on.
    #[must_use]
    pub fn chunks(&self, chunk: usize) -> Vec<Range<usize>> {
        let n = self.agents().len();
        let chunk = chunk.max(1);
        (0..n.div_ceil(chunk))
            .map(|c| c * chunk..((c + 1) * chunk).min(n))
            .collect()
    }

    /// `work` on each of `items` (say one per chunk, with what it may change), in parallel on
    /// the world's threads when its ticks run in parallel, and the results in order.
    pub fn map_each<S: Send, T: Send>(
        &self,
        items: Vec<S>,
        work: impl Fn(S) -> T + Sync + Send,
    ) -> Vec<T> {
        #[cfg(feature = "parallel")]
        if self.parallel() {
            use rayon::prelude::*;
            return self.in_pool(|| items.into_par_iter().map(&work).collect());
        }
        items.into_iter().map(work).collect()
    }

    /// `a` and `b` at once on the world's threads when its ticks run in parallel (each may
    /// spread its own work over them), else one after the other.
    pub fn join<A: Send, B: Send>(
        &self,
        a: impl FnOnce() -> A + Send,
        b: impl FnOnce() -> B + Send,
    ) -> (A, B) {
        #[cfg(feature = "parallel")]
        if self.parallel() {
            return self.in_pool(|| rayon::join(a, b));
        }
        (a(), b())
    }

    /// `work` run on one of the world's own threads when its ticks run in parallel on a pool
    /// of its own (what it spreads over threads then runs on that pool, with no hand-over of
    /// its own), else here (on rayon's global pool when it spreads work).
    pub fn in_pool<T: Send>(&self, work: impl FnOnce() -> T + Send) -> T {
        #[cfg(feature = "parallel")]
        if self.parallel()
            && let Some(pool) = &self.pool
        {
            return pool.install(work);
        }
        work()
    }
}
