//! The engine: runs one pass of prioritized tasks over any [`Subject`]. It
//! owns the scheduling (the task queue and the order of commits), the
//! speculation that keeps the workers busy, the verdict cache, cancellation,
//! the oracle-error limit and the best-so-far reporting; it knows nothing
//! about syntax trees, languages or reductions.
//!
//! A pass runs in rounds of [`Run::width`] lanes when the subject can
//! merge (`rounds/`): the width, not `-j`, decides the result, so every
//! `-j` gives the same. Otherwise (or at width 1) one coordinator runs the
//! tasks in priority order, exactly as a single worker would; a task tests
//! changes through
//! [`crate::task::Tests::try_change`], the
//! only attempt/commit path (apply the change to the best, drop it if
//! implied or malformed, take its verdict from the cache, from a test run
//! ahead, or run the test, and commit it if interesting). The other workers
//! test ahead the candidates the coming tasks are most likely to ask for
//! (see `pass.rs`). So there too the result of every `-j` is the result
//! of `-j 1`.

mod pass;
mod queue;
mod rounds;

#[cfg(feature = "cli")]
pub use pass::speculation_budget;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use parking_lot::Mutex;

use crate::oracle::VerdictStore;
use crate::oracle::{Cancel, OracleError, Verdict, VerdictCache};
use crate::stats::{Stats, bump};
use crate::task::Subject;

pub use crate::oracle::ERROR_LIMIT;

pub use crate::options::DEFAULT_WIDTH;

/// What the passes of one reduction share: settings, counters, the verdict
/// cache, cancellation and the improvement sequence.
pub struct Run<'a> {
    /// Tests that run at once.
    pub jobs: usize,
    /// How many tasks a round may hold (see `rounds/`), whatever `jobs`
    /// is: it decides the result, `jobs` only how many of a round's tests
    /// run at once. 1 commits in the order of one worker (in-order
    /// speculation, `pass.rs`).
    pub width: usize,
    /// Counters.
    pub stats: &'a Stats,
    cancel: Option<&'a Cancel>,
    cache: VerdictCache,
    seq: AtomicU64,
    errors_in_a_row: AtomicUsize,
    failed: AtomicBool,
    last_error: Mutex<Option<String>>,
    /// The coordinator's last verdict came from an earlier run's store: a
    /// repeated reduction is replaying it, and tests run ahead are for
    /// nothing (every verdict it needs is stored), so none are started.
    replaying: AtomicBool,
}

impl<'a> Run<'a> {
    /// A run with `jobs` tests at once and rounds of [`DEFAULT_WIDTH`].
    pub fn new(jobs: usize, stats: &'a Stats, cancel: Option<&'a Cancel>) -> Run<'a> {
        Run {
            jobs: jobs.max(1),
            width: DEFAULT_WIDTH,
            stats,
            cancel,
            cache: VerdictCache::default(),
            seq: AtomicU64::new(0),
            errors_in_a_row: AtomicUsize::new(0),
            failed: AtomicBool::new(false),
            last_error: Mutex::new(None),
            replaying: AtomicBool::new(false),
        }
    }

    /// This run with rounds of at most `width` tasks (1: one change at a
    /// time, in order, with in-order speculation above `-j 1`).
    pub fn with_width(mut self, width: usize) -> Run<'a> {
        self.width = width.max(1);
        self
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

    /// A run whose verdict cache asks `store` on a miss and writes every
    /// verdict to it (verdicts kept between runs).
    pub fn with_store(
        jobs: usize,
        stats: &'a Stats,
        cancel: Option<&'a Cancel>,
        store: Option<Arc<dyn VerdictStore>>,
    ) -> Run<'a> {
        // With a store, assume a replay until the coordinator's first
        // lookup says otherwise, so that no test is started ahead before it.
        let replaying = AtomicBool::new(store.is_some());
        Run {
            cache: VerdictCache::with_store(store),
            replaying,
            ..Run::new(jobs, stats, cancel)
        }
    }

    /// Whether the run is replaying stored verdicts (see the field).
    pub fn replaying(&self) -> bool {
        self.replaying.load(Ordering::Relaxed)
    }

    /// The verdict cache.
    pub fn cache(&self) -> &VerdictCache {
        &self.cache
    }

    /// Tests a candidate through the verdict cache: `Some(interesting)`, or
    /// `None` if the run stopped. An oracle error counts as not interesting
    /// (and is not cached) until [`ERROR_LIMIT`] of them in a row stop the run.
    pub fn test(
        &self,
        key: u128,
        test: impl FnOnce() -> Result<Verdict, OracleError>,
    ) -> Option<bool> {
        if let Some((hit, stored)) = self.cache.lookup(key) {
            bump(&self.stats.cache_hits);
            self.replaying.store(stored, Ordering::Relaxed);
            return Some(hit);
        }
        self.replaying.store(false, Ordering::Relaxed);
        self.judge(key, test)
    }

    /// Runs `test` for a verdict that no schedule may rely on (an
    /// [`Ending`]'s test, which not every `-j` runs): counted as a test and
    /// cached unsettled ([`VerdictCache::insert_unsettled`]). A timeout is
    /// counted and not cached (the test ran beside a round, on a busier
    /// machine than where it would run alone); an error of the oracle is
    /// counted, but not toward [`ERROR_LIMIT`]: whether the run stops, and
    /// what it keeps, must not depend on `-j`.
    fn test_aside(&self, key: u128, test: impl FnOnce() -> Result<Verdict, OracleError>) {
        let stats = self.stats;
        stats.test_started();
        match test() {
            Ok(Verdict::Cancelled) => {}
            Ok(verdict) => {
                count_run(stats, verdict);
                if verdict != Verdict::TimedOut {
                    self.cache.insert_unsettled(key, verdict);
                }
            }
            Err(_) => bump(&stats.oracle_errors),
        }
    }

    /// Runs `test` (no cache lookup) and caches its verdict; see [`Run::test`].
    fn judge(
        &self,
        key: u128,
        test: impl FnOnce() -> Result<Verdict, OracleError>,
    ) -> Option<bool> {
        let stats = self.stats;
        stats.test_started();
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
        self.cache.insert(key, verdict);
        Some(verdict == Verdict::Interesting)
    }
}

/// `change` applied to `state`: the candidate to test, or `None` when there
/// is nothing to test (implied, malformed, or skipped), counted as such.
fn candidate<S: Subject>(
    stats: &Stats,
    subject: &S,
    state: &S::State,
    change: &S::Change,
    scratch: &mut S::Scratch,
) -> Option<S::Candidate> {
    counted(stats, subject.apply(state, change, scratch))
}

/// The candidate of `applied`, or `None` when there is nothing to test,
/// counted as such.
fn counted<C>(stats: &Stats, applied: crate::task::Applied<C>) -> Option<C> {
    match applied {
        crate::task::Applied::Candidate(c) => Some(c),
        crate::task::Applied::Implied => {
            bump(&stats.implied);
            None
        }
        crate::task::Applied::Rejected => {
            bump(&stats.syntax_rejected);
            None
        }
        crate::task::Applied::Skipped => {
            bump(&stats.skipped);
            None
        }
        crate::task::Applied::Stopped => None,
    }
}

/// Reports `best` as the run's new best: the next improvement number, the
/// size in the statistics, and the subject's listeners.
fn announce<S: Subject>(run: &Run<'_>, subject: &S, best: &S::State) {
    let seq = run.next_seq();
    run.stats.set_best(seq, subject.size(best));
    subject.improved(seq, best);
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
    /// The best state: tested, or the pass's start.
    pub best: Arc<S::State>,
    /// Commits made during the pass (0: nothing changed).
    pub commits: u64,
    /// The merge of the pass's last interesting changes, which no test saw:
    /// the pass ended on it and was allowed to hand it over
    /// ([`Ends::hand_over`]) instead of testing it alone.
    pub merge: Option<Arc<S::State>>,
    /// What became of a start handed over untested ([`Ends::untested_start`]).
    pub start: Handed,
}

/// How a pass begins and ends when passes follow one another. A pass in
/// rounds often ends on a merge of its last round's interesting changes
/// that no test has seen; testing it alone costs a round in which nothing
/// else runs. Handed over, it is the next pass's start instead, tested
/// first in that pass's first round, beside its changes. If it is not
/// interesting, that round's changes are moot whatever their own verdicts
/// (no more of them start once the merge's verdict is in) and the pass
/// stops ([`Handed::Rejected`]): its caller goes back before the merge, so
/// that the result does not depend on which tests ran before that verdict.
#[derive(Clone, Copy, Default)]
pub struct Ends<'e> {
    /// The start is an untested merge handed over by the pass before.
    pub untested_start: bool,
    /// The pass may end on an untested merge and return it
    /// ([`Finished::merge`]) instead of testing it.
    pub hand_over: bool,
    /// What the run tests last if it ends on this pass's start ([`Ending`]),
    /// tested ahead in the pass's last round when workers are free.
    pub ending: Option<&'e dyn Ending>,
}

/// The tests a run makes at its very end, on the text it would end on if
/// the pass running now ends on its start (nothing interesting in its last
/// round, nor in what the next pass tests first): the test of the layout
/// of that text, and the final re-check's first run of it. After a pass's
/// last round they cost a round of their own, in which nothing else runs;
/// tested ahead, in directories that round leaves free, they cost none.
/// They run only where two of the `-j` directories are idle beside that
/// round's tests, so they take no place of the round's and change nothing
/// it decides: the result is the same at every `-j`, only tests are added
/// where workers are free (never at `-j 1` or `-j 2`). If the run does not end there
/// (something in the round or after it is interesting), the layout's
/// verdict stays in the cache and the re-check's run is not used.
pub trait Ending: Sync {
    /// The verdict cache's key of the text the run would end on; `None` if
    /// there is nothing to test ahead. Worked out on the thread that makes
    /// the tests ahead, before they take their places in the line.
    fn key(&self) -> Option<u128>;
    /// Whether the re-check's first run of that text was made already.
    fn rechecked(&self) -> bool;
    /// Runs the test on that text in worker directory `worker`.
    fn test(&self, worker: usize) -> Result<Verdict, OracleError>;
    /// Runs the re-check's first run of that text in worker directory
    /// `worker`, outside the cache, and keeps its verdict for the re-check.
    fn recheck(&self, worker: usize);
}

/// What became of a start handed over untested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handed {
    /// The start was tested: it was no handed merge.
    No,
    /// Settled: the start was interesting, or a change on it was (the best
    /// is tested either way).
    Settled,
    /// The start was not interesting: the pass stopped at once, and its
    /// best is that start. The caller goes back to the state before the
    /// merge.
    Rejected,
    /// The run stopped before anything settled it: the best is the
    /// untested start, which is no result.
    Unsettled,
}

/// Runs one pass of `tasks` from `start`: in groups when the run's width
/// is above 1 and the subject can merge what its tasks commit, else in the
/// order of `-j 1` with speculation on the spare workers.
pub fn run_pass<S: Subject>(
    run: &Run<'_>,
    subject: &S,
    start: S::State,
    tasks: Vec<crate::task::Queued<S>>,
) -> Finished<S> {
    run_pass_in_rounds_of(run, run.width, subject, start, tasks)
}

/// [`run_pass`] that may start on an untested merge handed over by the
/// pass before, or end on one (see [`Ends`]).
pub fn run_pass_between<S: Subject>(
    run: &Run<'_>,
    subject: &S,
    start: S::State,
    tasks: Vec<crate::task::Queued<S>>,
    ends: Ends<'_>,
) -> Finished<S> {
    match subject.merging() {
        Some(merging) if run.width > 1 => {
            rounds::run_groups(run, run.width, subject, merging, start, tasks, ends)
        }
        _ => {
            if ends.untested_start {
                // No rounds to test it beside: it is tested first, alone.
                let verdict = subject
                    .merging()
                    .and_then(|m| run.test(m.state_key(&start), || m.test_state(0, &start)));
                let handed = match verdict {
                    Some(true) => Handed::Settled,
                    Some(false) => Handed::Rejected,
                    None => Handed::Unsettled,
                };
                if handed == Handed::Rejected {
                    bump(&run.stats.merges_failed);
                    bump(&run.stats.merges_handed_failed);
                }
                if handed != Handed::Settled {
                    return Finished {
                        best: Arc::new(start),
                        commits: 0,
                        merge: None,
                        start: handed,
                    };
                }
                announce(run, subject, &start);
            }
            let mut done = pass::run_in_order(run, subject, start, tasks);
            if ends.untested_start {
                done.start = Handed::Settled;
            }
            done
        }
    }
}

/// [`run_pass`] with rounds of at most `width` places instead of the
/// run's width (never more): a pass whose tests are slow on a large
/// program gets through narrower rounds sooner to the smaller programs its
/// first commits make (see `single::COARSE_WIDTH`). Like the run's width,
/// `width` must not depend on `-j`.
pub fn run_pass_in_rounds_of<S: Subject>(
    run: &Run<'_>,
    width: usize,
    subject: &S,
    start: S::State,
    tasks: Vec<crate::task::Queued<S>>,
) -> Finished<S> {
    let width = width.clamp(1, run.width);
    match subject.merging() {
        Some(merging) if width > 1 => {
            rounds::run_groups(run, width, subject, merging, start, tasks, Ends::default())
        }
        _ => pass::run_in_order(run, subject, start, tasks),
    }
}

#[cfg(test)]
mod tests;
