//! Counters of a reduction, shared by the workers (atomics) and read by the
//! progress display and `--stats-json` (a serializable [`Report`]).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use serde::Serialize;

/// Sizes of a program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Size {
    /// Bytes.
    pub bytes: u64,
    /// Tokens (syntax-tree leaves).
    pub tokens: u64,
}

/// One pass (a reduction pass over the program, or the tidy pass).
#[derive(Clone, Debug, Serialize)]
pub struct PassReport {
    /// `reduce` or `tidy`.
    pub kind: &'static str,
    /// 1-based pass number.
    pub number: usize,
    /// Wall time.
    pub seconds: f64,
    /// Size at the start of the pass.
    pub start: Size,
    /// Size at the end.
    pub end: Size,
    /// Tests run during the pass (cache hits excluded).
    pub tests: u64,
    /// Rounds of lanes played during the pass (see [`Report::rounds`]).
    pub rounds: u64,
    /// Candidates the pass did not test because it prunes (see
    /// [`Report::skipped`]); 0 in a pass that tests everything.
    pub skipped: u64,
}

/// Per-kind counters in a report.
#[derive(Clone, Debug, Serialize)]
pub struct KindReport {
    /// The reduction (its name, as in `--no-NAME`).
    pub kind: &'static str,
    /// Candidates it produced that reached the oracle or the cache.
    pub candidates: u64,
    /// Of those, the ones that were committed.
    pub accepted: u64,
}

/// The per-test time limit of the command line's test runner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct TimeLimit {
    /// The full limit (`--timeout`, or derived from the input's check).
    pub seconds: f64,
    /// The adaptive limit at the end; `None` when it is off.
    pub adaptive_seconds: Option<f64>,
    /// Tests stopped at the adaptive limit, below the full one (counted in
    /// `timed_out`): candidates that might have been interesting with more
    /// time.
    pub stopped_early: u64,
    /// Tests that reached the adaptive limit and were let run to the full
    /// limit, to learn whether slow candidates can be interesting.
    pub let_run: u64,
    /// Of those, the interesting ones (each raised the adaptive limit).
    pub slow_interesting: u64,
}

/// How the final re-check of the result went: what the written result is
/// worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Recheck {
    /// The test accepted the result when it was run on it once more at the
    /// end (or the result is the input, which the check at the start
    /// accepted).
    Passed,
    /// Not run again: an earlier run with the same test and the same input
    /// re-checked this very result (the persistent verdict cache).
    PassedEarlier,
    /// No re-check: it is switched off, or the run was stopped (Ctrl-C, or
    /// the deadline during the re-check) before it gave a verdict.
    #[default]
    NotRun,
    /// The test could not be run on the result (no verdict: the script is
    /// gone, the candidate could not be written, no process could be
    /// started); the result is the newest one the test did not reject, and
    /// it was not re-checked.
    CouldNotRun,
}

/// Everything `--stats-json` writes.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Tests run (script executions).
    pub tests: u64,
    /// Tests that said interesting.
    pub interesting: u64,
    /// Tests that said not interesting.
    pub not_interesting: u64,
    /// Tests that ran out of time.
    pub timed_out: u64,
    /// Candidates answered from the verdict cache.
    pub cache_hits: u64,
    /// Candidates dropped for new parse errors, without a test.
    pub syntax_rejected: u64,
    /// Candidates not tested in a pass that prunes: the same change failed
    /// in an earlier pass, or the node's hoisting candidates failed too
    /// often in a row in this one.
    pub skipped: u64,
    /// Tests run ahead whose verdict was never used.
    pub conflicts: u64,
    /// Tests run ahead that were stopped early once their verdict was no
    /// longer needed (not counted in `tests`).
    pub abandoned: u64,
    /// Rounds of lanes played (`-j` above 1 without `--in-order`): a round
    /// tests up to `-j` changes side by side, so a run takes at least this
    /// many test durations.
    pub rounds: u64,
    /// Rounds in which more than one change was interesting, so that their
    /// merge was tested.
    pub merges: u64,
    /// Of those, merges that were not interesting (or did not parse): the
    /// first lane's result was kept and the others tested theirs again on
    /// it.
    pub merges_failed: u64,
    /// Tasks dropped because the current best already implied them.
    pub implied: u64,
    /// Failed deletions queued again after the last use of a name went.
    pub retries: u64,
    /// Tests that could not be run at all (no verdict): the candidate could
    /// not be written, the script could not be started.
    pub oracle_errors: u64,
    /// Size of the input.
    pub start: Size,
    /// Size of the result.
    pub final_size: Size,
    /// Wall time of the whole reduction.
    pub seconds: f64,
    /// CPU time (user + system, all threads) of the reducer process itself,
    /// without the tests it ran: the reducer's own overhead.
    pub cpu_seconds: f64,
    /// Per pass.
    pub passes: Vec<PassReport>,
    /// Per reduction kind.
    pub kinds: Vec<KindReport>,
    /// The final re-check of the result failed at least once (a flaky test).
    pub flaky: bool,
    /// How the final re-check of the result went.
    pub recheck: Recheck,
    /// The run was interrupted (Ctrl-C, SIGTERM, a cancel token); the
    /// result is the best found until then.
    pub interrupted: bool,
    /// Of the cache hits, the verdicts kept from earlier runs (the command
    /// line's persistent cache, `--cache`).
    pub stored_hits: u64,
    /// The run stopped at its deadline (the command line's `--deadline`);
    /// the result is the best found until then, re-checked.
    pub deadline: bool,
    /// The per-test time limit (`None` in the library, whose oracles keep
    /// their own time).
    pub time_limit: Option<TimeLimit>,
    /// What became of the formatter's output (`None` when none was asked
    /// for): `kept`, `unchanged`, `not interesting`, `more parse errors`,
    /// or why it did not run.
    pub formatter: Option<String>,
}

/// See the module documentation.
pub struct Stats {
    started: Instant,
    /// Script executions.
    pub tests: AtomicU64,
    /// Interesting verdicts from executions.
    pub interesting: AtomicU64,
    /// Not-interesting verdicts from executions.
    pub not_interesting: AtomicU64,
    /// Timeouts.
    pub timed_out: AtomicU64,
    /// Verdicts from the cache.
    pub cache_hits: AtomicU64,
    /// Candidates rejected by the parse check.
    pub syntax_rejected: AtomicU64,
    /// See [`Report::skipped`].
    pub skipped: AtomicU64,
    /// Tests run ahead whose verdict went unused.
    pub conflicts: AtomicU64,
    /// Tests run ahead and stopped early.
    pub abandoned: AtomicU64,
    /// See [`Report::rounds`].
    pub rounds: AtomicU64,
    /// See [`Report::merges`].
    pub merges: AtomicU64,
    /// See [`Report::merges_failed`].
    pub merges_failed: AtomicU64,
    /// Tasks dropped as implied.
    pub implied: AtomicU64,
    /// Deletions queued again by the retry rule.
    pub retries: AtomicU64,
    /// Tests that could not be run (see [`Report::oracle_errors`]).
    pub oracle_errors: AtomicU64,
    /// The newest best size, with the improvement number that set it.
    best: Mutex<(u64, Size)>,
    /// Input size in bytes.
    pub start_bytes: AtomicU64,
    /// Input size in tokens.
    pub start_tokens: AtomicU64,
    /// The pass being run (1-based; 0 before the first).
    pub pass: AtomicU64,
    /// Set when the final re-check disagreed with an earlier verdict.
    pub flaky: AtomicU64,
    /// How the final re-check went (set at the end).
    pub recheck: Mutex<Recheck>,
    /// Set when the run was interrupted.
    pub interrupted: AtomicU64,
    /// Verdicts from the persistent cache.
    pub stored_hits: AtomicU64,
    /// Set when the run stopped at its deadline.
    pub deadline: AtomicU64,
    /// Set by the command line at the end (see [`TimeLimit`]).
    pub time_limit: Mutex<Option<TimeLimit>>,
    /// See [`Report::formatter`].
    pub formatter: Mutex<Option<String>>,
    kinds: Vec<KindCounters>,
    passes: Mutex<Vec<PassReport>>,
}

struct KindCounters {
    name: &'static str,
    candidates: AtomicU64,
    accepted: AtomicU64,
}

/// CPU time used so far by this process (all threads), excluding children.
pub fn own_cpu_seconds() -> f64 {
    // SAFETY: getrusage fills the zeroed struct we pass.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// Adds one to a counter.
pub fn bump(counter: &AtomicU64) {
    counter.fetch_add(1, Relaxed);
}

impl Stats {
    /// Fresh counters, with per-kind counters for the reductions called
    /// `kinds`; the clock starts now.
    pub fn new(kinds: impl IntoIterator<Item = &'static str>) -> Stats {
        let zero = || AtomicU64::new(0);
        Stats {
            started: Instant::now(),
            tests: zero(),
            interesting: zero(),
            not_interesting: zero(),
            timed_out: zero(),
            cache_hits: zero(),
            syntax_rejected: zero(),
            skipped: zero(),
            conflicts: zero(),
            abandoned: zero(),
            rounds: zero(),
            merges: zero(),
            merges_failed: zero(),
            implied: zero(),
            retries: zero(),
            oracle_errors: zero(),
            best: Mutex::new((0, Size::default())),
            start_bytes: zero(),
            start_tokens: zero(),
            pass: zero(),
            flaky: zero(),
            recheck: Mutex::new(Recheck::NotRun),
            interrupted: zero(),
            stored_hits: zero(),
            deadline: zero(),
            time_limit: Mutex::new(None),
            formatter: Mutex::new(None),
            kinds: kinds
                .into_iter()
                .map(|name| KindCounters {
                    name,
                    candidates: zero(),
                    accepted: zero(),
                })
                .collect(),
            passes: Mutex::new(Vec::new()),
        }
    }

    /// Time since the counters were created.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Counts a candidate of the reduction `kind` and whether it was
    /// committed. A kind not given to [`Stats::new`] is a bug.
    pub fn candidate(&self, kind: &str, accepted: bool) {
        let Some(k) = self.kinds.iter().find(|k| k.name == kind) else {
            debug_assert!(false, "no counters for the reduction {kind:?}");
            return;
        };
        bump(&k.candidates);
        if accepted {
            bump(&k.accepted);
        }
    }

    /// Records the size of improvement number `seq`, unless a newer one
    /// (reported first by a racing thread) is already recorded.
    pub fn set_best(&self, seq: u64, size: Size) {
        let mut best = self.best.lock();
        if seq >= best.0 {
            *best = (seq, size);
        }
    }

    /// The current best size.
    pub fn best(&self) -> Size {
        self.best.lock().1
    }

    /// Records the input size (also the first best).
    pub fn set_start(&self, size: Size) {
        self.start_bytes.store(size.bytes, Relaxed);
        self.start_tokens.store(size.tokens, Relaxed);
        *self.best.lock() = (0, size);
    }

    /// The input size.
    pub fn start(&self) -> Size {
        Size {
            bytes: self.start_bytes.load(Relaxed),
            tokens: self.start_tokens.load(Relaxed),
        }
    }

    /// Appends a finished pass.
    pub fn push_pass(&self, pass: PassReport) {
        self.passes.lock().push(pass);
    }

    /// A snapshot of every counter.
    pub fn report(&self) -> Report {
        let load = |c: &AtomicU64| c.load(Relaxed);
        Report {
            tests: load(&self.tests),
            interesting: load(&self.interesting),
            not_interesting: load(&self.not_interesting),
            timed_out: load(&self.timed_out),
            cache_hits: load(&self.cache_hits),
            syntax_rejected: load(&self.syntax_rejected),
            skipped: load(&self.skipped),
            conflicts: load(&self.conflicts),
            abandoned: load(&self.abandoned),
            rounds: load(&self.rounds),
            merges: load(&self.merges),
            merges_failed: load(&self.merges_failed),
            implied: load(&self.implied),
            retries: load(&self.retries),
            oracle_errors: load(&self.oracle_errors),
            start: self.start(),
            final_size: self.best(),
            seconds: self.elapsed().as_secs_f64(),
            cpu_seconds: own_cpu_seconds(),
            passes: self.passes.lock().clone(),
            kinds: self
                .kinds
                .iter()
                .map(|k| KindReport {
                    kind: k.name,
                    candidates: load(&k.candidates),
                    accepted: load(&k.accepted),
                })
                .collect(),
            flaky: load(&self.flaky) > 0,
            recheck: *self.recheck.lock(),
            interrupted: load(&self.interrupted) > 0,
            stored_hits: load(&self.stored_hits),
            deadline: load(&self.deadline) > 0,
            time_limit: *self.time_limit.lock(),
            formatter: self.formatter.lock().clone(),
        }
    }
}
