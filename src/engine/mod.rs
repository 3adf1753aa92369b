//! The engine: runs one pass of prioritized tasks on parallel workers over
//! any [`Subject`]. It owns the scheduling (the task heap and its termination
//! protocol), the versioned best with its compare-and-swap commit, the
//! verdict cache, cancellation, the oracle-error limit and the best-so-far
//! reporting; it knows nothing about syntax trees, languages or reductions.
//!
//! Each worker pops the largest task and runs it; a task tests changes
//! through [`Tests::try_change`], which is the only attempt/commit path:
//! apply the change to a snapshot of the best, drop it if implied or
//! malformed, look it up in the cache or run the test without holding a lock,
//! and install the result if the best is still the snapshot's version
//! (otherwise apply the change again to the newer best).

mod heap;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use parking_lot::Mutex;

use crate::oracle::{Cancel, OracleError, Verdict, VerdictCache};
use crate::stats::{Stats, bump};
use crate::task::{Applied, Queued, Subject, Task, Tests};

use heap::TaskHeap;

/// Oracle errors in a row (no verdict in between) after which a run stops:
/// a full disk or a deleted script fails every test, and going on would
/// only "reduce" by calling every candidate uninteresting.
pub const ERROR_LIMIT: usize = 5;

/// What the passes of one reduction share: settings, counters, the verdict
/// cache, cancellation and the improvement sequence.
pub struct Run<'a> {
    /// Worker threads per pass.
    pub jobs: usize,
    /// Counters.
    pub stats: &'a Stats,
    cancel: Option<&'a Cancel>,
    cache: VerdictCache,
    seq: AtomicU64,
    errors_in_a_row: AtomicUsize,
    failed: AtomicBool,
    last_error: Mutex<Option<String>>,
}

impl<'a> Run<'a> {
    /// A run with `jobs` workers per pass.
    pub fn new(jobs: usize, stats: &'a Stats, cancel: Option<&'a Cancel>) -> Run<'a> {
        Run {
            jobs: jobs.max(1),
            stats,
            cancel,
            cache: VerdictCache::default(),
            seq: AtomicU64::new(0),
            errors_in_a_row: AtomicUsize::new(0),
            failed: AtomicBool::new(false),
            last_error: Mutex::new(None),
        }
    }

    /// Whether the run was cancelled (Ctrl-C) or stopped by oracle errors.
    pub fn stopped(&self) -> bool {
        self.failed.load(Ordering::SeqCst) || self.cancel.is_some_and(Cancel::is_cancelled)
    }

    /// If the run stopped because the oracle kept failing: the last error.
    pub fn failure(&self) -> Option<String> {
        if self.failed.load(Ordering::SeqCst) {
            self.last_error.lock().clone()
        } else {
            None
        }
    }

    /// The next improvement number.
    pub fn next_seq(&self) -> u64 {
        self.seq.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// Tests a candidate through the verdict cache: `Some(interesting)`, or
    /// `None` if the run stopped. An oracle error counts as not interesting
    /// (and is not cached) until [`ERROR_LIMIT`] of them in a row stop the run.
    pub fn test(
        &self,
        key: u128,
        test: impl FnOnce() -> Result<Verdict, OracleError>,
    ) -> Option<bool> {
        if let Some(hit) = self.cache.get(key) {
            bump(&self.stats.cache_hits);
            return Some(hit);
        }
        let stats = self.stats;
        let verdict = match test() {
            Ok(verdict) => verdict,
            Err(e) => {
                bump(&stats.oracle_errors);
                *self.last_error.lock() = Some(e.to_string());
                if self.errors_in_a_row.fetch_add(1, Ordering::SeqCst) + 1 >= ERROR_LIMIT {
                    self.failed.store(true, Ordering::SeqCst);
                    return None;
                }
                return Some(false);
            }
        };
        if verdict == Verdict::Cancelled {
            return None;
        }
        count_run(stats, verdict);
        self.errors_in_a_row.store(0, Ordering::SeqCst);
        let interesting = verdict == Verdict::Interesting;
        self.cache.insert(key, interesting);
        Some(interesting)
    }
}

/// Counts one run of the test that gave `verdict` (not a cancelled one).
pub fn count_run(stats: &Stats, verdict: Verdict) {
    bump(&stats.tests);
    match verdict {
        Verdict::Interesting => bump(&stats.interesting),
        Verdict::NotInteresting => bump(&stats.not_interesting),
        Verdict::TimedOut => bump(&stats.timed_out),
        Verdict::Cancelled => {}
    }
}

/// The end of a pass.
pub struct Finished<S: Subject> {
    /// The best state.
    pub best: Arc<S::State>,
    /// Commits made during the pass (0: nothing changed).
    pub commits: u64,
}

/// Runs one pass over `subject` from `start` with the initial `tasks`, until
/// no task is queued or in flight, or the run stops.
pub fn run_pass<S: Subject>(
    run: &Run<'_>,
    subject: &S,
    start: S::State,
    tasks: Vec<Queued<S>>,
) -> Finished<S> {
    let pass = Pass {
        run,
        subject,
        best: Mutex::new((0, Arc::new(start))),
        heap: TaskHeap::new(),
    };
    for (priority, task) in tasks {
        pass.heap.push(priority, task);
    }
    std::thread::scope(|s| {
        for id in 0..run.jobs {
            let pass = &pass;
            s.spawn(move || pass.work(id));
        }
    });
    let (commits, best) = pass.best.into_inner();
    Finished { best, commits }
}

struct Pass<'a, S: Subject> {
    run: &'a Run<'a>,
    subject: &'a S,
    /// The version (commits so far) and the best.
    best: Mutex<(u64, Arc<S::State>)>,
    heap: TaskHeap<Task<S>>,
}

impl<S: Subject> Pass<'_, S> {
    fn work(&self, id: usize) {
        // A panicking worker never completes its task: stop the heap so the
        // others return instead of waiting for it, and the panic surfaces.
        struct StopOnPanic<'h, T>(&'h TaskHeap<T>);
        impl<T> Drop for StopOnPanic<'_, T> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.stop();
                }
            }
        }
        let _guard = StopOnPanic(&self.heap);
        let mut tests = WorkerTests {
            pass: self,
            id,
            scratch: self.subject.scratch(id),
            follow_ups: Vec::new(),
        };
        while let Some(task) = self.heap.pop() {
            let own = task.run(&mut tests);
            // Commit follow-ups first, then the task's own: the order of equal
            // priorities (first in, first out) keeps -j 1 deterministic.
            let mut follow_ups = std::mem::take(&mut tests.follow_ups);
            follow_ups.extend(own);
            self.heap.complete(follow_ups);
            if self.run.stopped() {
                self.heap.stop();
            }
        }
    }

    fn snapshot(&self) -> (u64, Arc<S::State>) {
        let best = self.best.lock();
        (best.0, best.1.clone())
    }

    /// See [`Tests::try_change`]; follow-ups of a commit go to `follow_ups`.
    fn attempt(
        &self,
        worker: usize,
        scratch: &mut S::Scratch,
        change: &S::Change,
        follow_ups: &mut Vec<Queued<S>>,
    ) -> bool {
        let (run, subject, stats) = (self.run, self.subject, self.run.stats);
        loop {
            if run.stopped() {
                return false;
            }
            let (version, best) = self.snapshot();
            let candidate = match subject.apply(&best, change, scratch) {
                Applied::Implied => {
                    bump(&stats.implied);
                    return false;
                }
                Applied::Rejected => {
                    bump(&stats.syntax_rejected);
                    return false;
                }
                Applied::Candidate(c) => c,
            };
            let verdict = run.test(subject.key(&candidate), || subject.test(worker, &candidate));
            stats.candidate(subject.kind(change), verdict == Some(true));
            if verdict != Some(true) {
                if verdict == Some(false) {
                    subject.failed(change, &best, &candidate);
                }
                subject.discard(candidate, scratch);
                return false;
            }
            let next = Arc::new(subject.accept(&best, candidate, scratch));
            if !self.commit(version, &next) {
                bump(&stats.conflicts);
                continue;
            }
            follow_ups.extend(subject.committed(change, &best, &next));
            return true;
        }
    }

    /// Installs `next` if the best is still at `version`; reports it.
    fn commit(&self, version: u64, next: &Arc<S::State>) -> bool {
        let seq = {
            let mut best = self.best.lock();
            if best.0 != version {
                return false;
            }
            *best = (version + 1, next.clone());
            self.run.next_seq()
        };
        // Outside the lock; the sequence number orders racing reports.
        self.run.stats.set_best(seq, self.subject.size(next));
        self.subject.improved(seq, next);
        true
    }
}

struct WorkerTests<'p, S: Subject> {
    pass: &'p Pass<'p, S>,
    id: usize,
    scratch: S::Scratch,
    follow_ups: Vec<Queued<S>>,
}

impl<S: Subject> Tests<S> for WorkerTests<'_, S> {
    fn subject(&self) -> &S {
        self.pass.subject
    }

    fn snapshot(&self) -> Arc<S::State> {
        self.pass.snapshot().1
    }

    fn try_change(&mut self, change: &S::Change) -> bool {
        self.pass
            .attempt(self.id, &mut self.scratch, change, &mut self.follow_ups)
    }
}

#[cfg(test)]
mod tests;
