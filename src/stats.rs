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

impl Size {
    /// Both sizes together.
    pub fn plus(self, other: Size) -> Size {
        Size {
            bytes: self.bytes + other.bytes,
            tokens: self.tokens + other.tokens,
        }
    }
}

/// A part of a larger subject being reduced (see [`Stats::enter_part`]).
#[derive(Clone, Copy)]
struct Part {
    outside: Size,
    seq_from: u64,
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
    /// Where its time before the first test went (see [`PassTiming`]).
    #[serde(flatten)]
    pub timing: PassTiming,
}

/// When a pass started, how long it took to build its tasks, and when it
/// ran its first test: what a large program costs before any test runs.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PassTiming {
    /// Its start, in seconds since the run's (the statistics clock's) start.
    pub started_seconds: f64,
    /// From its start until its tasks were built: the node table of its
    /// program, the subject, and every reduction's pass start.
    pub setup_seconds: f64,
    /// The CPU time of that setup (it runs on one thread): unlike the wall
    /// time, next to unchanged when other processes share the cores.
    pub setup_cpu_seconds: f64,
    /// The reducer's own CPU time during the whole pass, all threads, its
    /// tests excluded: divided by the pass's tests, its own work per
    /// candidate, which on a large program competes with the tests for
    /// the cores.
    pub cpu_seconds: f64,
    /// Each reduction's pass start, in the order they ran (part of
    /// `setup_seconds`); empty in a pass with no reductions (layout, tidy).
    pub starts: Vec<StartReport>,
    /// From its start to the start of its first test (setup, the visit of
    /// the tree and every candidate made before it included); `None` if it
    /// ran no test.
    pub first_test_seconds: Option<f64>,
}

/// One reduction's pass start in one pass.
#[derive(Clone, Debug, Serialize)]
pub struct StartReport {
    /// The reduction (its name, as in `--no-NAME`).
    pub kind: &'static str,
    /// Wall time of its pass start.
    pub seconds: f64,
}

/// A pass being timed: made by [`Stats::begin_pass`], read by
/// [`Stats::pass_timing`] when the pass ends.
#[derive(Clone, Copy, Debug)]
pub struct PassClock {
    /// Its start, measured on the statistics clock.
    began: Duration,
    /// The CPU time of the thread that began it, then.
    cpu_began: Duration,
    /// The process's own CPU time (all threads), then.
    own_cpu_began: f64,
    /// Its setup (wall and CPU time), once [`PassClock::built`] was called.
    setup: Option<(Duration, Duration)>,
}

impl PassClock {
    /// Marks the end of the pass's setup: its tasks are built. Called on
    /// the thread that began the pass.
    pub fn built(&mut self, stats: &Stats) {
        self.setup = Some(self.so_far(stats));
    }

    /// Wall and CPU time since the pass began. The CPU clock is read
    /// inside the wall clock's interval at both ends (after it when the
    /// pass begins, before it here), so the CPU time never counts a moment
    /// the wall time does not.
    fn so_far(&self, stats: &Stats) -> (Duration, Duration) {
        let cpu = thread_cpu_time().saturating_sub(self.cpu_began);
        (stats.elapsed().saturating_sub(self.began), cpu)
    }
}

/// The CPU time of the calling thread.
fn thread_cpu_time() -> Duration {
    // SAFETY: clock_gettime fills the zeroed struct we pass.
    let t = unsafe {
        let mut t: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t);
        t
    };
    Duration::new(
        u64::try_from(t.tv_sec).unwrap_or(0),
        u32::try_from(t.tv_nsec).unwrap_or(0),
    )
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
    /// Merges a pass ended on and handed, untested, to the next pass,
    /// which tested them in its first round.
    pub merges_handed: u64,
    /// Of those, merges found not interesting (also in `merges_failed`):
    /// the next pass ran again from the tested program before the merge.
    pub merges_handed_failed: u64,
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
    /// Seconds from the start to the start of the first test of a
    /// candidate (the check of the input not counted); `None` if none ran.
    pub first_test_seconds: Option<f64>,
    /// Seconds from the start to the first new best; `None` if none.
    pub first_improvement_seconds: Option<f64>,
    /// Seconds from the start until the best had at most a tenth of the
    /// input's tokens; `None` if it never had.
    pub tenth_seconds: Option<f64>,
    /// The same for a hundredth.
    pub hundredth_seconds: Option<f64>,
    /// The most memory (resident set) the reducer process itself has used
    /// so far, in bytes, without the tests it ran.
    pub peak_rss_bytes: u64,
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
    /// See [`Report::merges_handed`].
    pub merges_handed: AtomicU64,
    /// See [`Report::merges_handed_failed`].
    pub merges_handed_failed: AtomicU64,
    /// Tasks dropped as implied.
    pub implied: AtomicU64,
    /// Deletions queued again by the retry rule.
    pub retries: AtomicU64,
    /// Tests that could not be run (see [`Report::oracle_errors`]).
    pub oracle_errors: AtomicU64,
    /// For a project: the entries (files, links, empty folders) of the
    /// newest best; 0 for a single program.
    pub files: AtomicU64,
    /// The newest best size, with the improvement number that set it.
    best: Mutex<(u64, Size)>,
    /// See [`Stats::enter_part`].
    part: Mutex<Option<Part>>,
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
    /// Moments on the statistics clock, in nanoseconds (0: not yet): the
    /// run's first test, its first improvement, its best reaching a tenth
    /// and a hundredth of the input's tokens, and the current pass's first
    /// test.
    first_test: AtomicU64,
    first_improvement: AtomicU64,
    tenth: AtomicU64,
    hundredth: AtomicU64,
    pass_first_test: AtomicU64,
    /// The current pass's reductions' pass starts.
    pass_starts: Mutex<Vec<StartReport>>,
}

struct KindCounters {
    name: &'static str,
    candidates: AtomicU64,
    accepted: AtomicU64,
}

/// This process's resource usage so far (all threads), excluding children.
fn own_usage() -> libc::rusage {
    // SAFETY: getrusage fills the zeroed struct we pass.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    }
}

/// CPU time used so far by this process (all threads), excluding children.
pub fn own_cpu_seconds() -> f64 {
    let usage = own_usage();
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// The peak resident set of this process so far, in bytes (the kernel's
/// high-water mark; children excluded). On Linux from `VmHWM` in
/// /proc/self/status: getrusage's `ru_maxrss` keeps the peak from before
/// `execve`, that of the process that started us (a Python benchmark
/// runner: 40 MB), and would report it for a small reduction.
pub fn own_peak_rss_bytes() -> u64 {
    if let Some(hwm) = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| vm_hwm_bytes(&status))
    {
        return hwm;
    }
    let max = u64::try_from(own_usage().ru_maxrss).unwrap_or(0);
    // macOS counts bytes, the other systems kilobytes.
    if cfg!(target_os = "macos") {
        max
    } else {
        max.saturating_mul(1024)
    }
}

/// The `VmHWM:` line of a /proc status file, in bytes.
fn vm_hwm_bytes(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
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
            merges_handed: zero(),
            merges_handed_failed: zero(),
            implied: zero(),
            retries: zero(),
            oracle_errors: zero(),
            files: zero(),
            best: Mutex::new((0, Size::default())),
            part: Mutex::new(None),
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
            first_test: zero(),
            first_improvement: zero(),
            tenth: zero(),
            hundredth: zero(),
            pass_first_test: zero(),
            pass_starts: Mutex::new(Vec::new()),
        }
    }

    /// Now on the statistics clock, in nanoseconds, at least 1 (0 means
    /// "not yet" in the moment counters).
    fn now_nanos(&self) -> u64 {
        u64::try_from(self.elapsed().as_nanos())
            .unwrap_or(u64::MAX)
            .max(1)
    }

    /// Sets `moment` to now unless it is already set; cheap once it is.
    fn mark(&self, moment: &AtomicU64) {
        if moment.load(Relaxed) == 0 {
            let _ = moment.compare_exchange(0, self.now_nanos(), Relaxed, Relaxed);
        }
    }

    /// Called just before a test of a candidate starts (not the check of
    /// the input): the first one of the run and of the pass are recorded.
    pub fn test_started(&self) {
        if self.pass_first_test.load(Relaxed) == 0 {
            // One reading for both, so that the run's first test is exactly
            // its first pass's.
            let now = self.now_nanos();
            if self
                .pass_first_test
                .compare_exchange(0, now, Relaxed, Relaxed)
                .is_ok()
            {
                let _ = self.first_test.compare_exchange(0, now, Relaxed, Relaxed);
            }
        }
    }

    /// Starts timing a pass: its first test and its reductions' pass
    /// starts are counted from now.
    pub fn begin_pass(&self) -> PassClock {
        self.pass_first_test.store(0, Relaxed);
        self.pass_starts.lock().clear();
        PassClock {
            began: self.elapsed(),
            cpu_began: thread_cpu_time(),
            own_cpu_began: own_cpu_seconds(),
            setup: None,
        }
    }

    /// Records that the pass start of reduction `kind` took `took`.
    pub fn pass_start_took(&self, kind: &'static str, took: Duration) {
        self.pass_starts.lock().push(StartReport {
            kind,
            seconds: took.as_secs_f64(),
        });
    }

    /// The timing of the pass `clock` began, at its end (on the thread
    /// that began it).
    pub fn pass_timing(&self, clock: &PassClock) -> PassTiming {
        let first = self.pass_first_test.load(Relaxed);
        let began = clock.began.as_secs_f64();
        let (setup, setup_cpu) = clock.setup.unwrap_or_else(|| clock.so_far(self));
        PassTiming {
            started_seconds: began,
            setup_seconds: setup.as_secs_f64(),
            setup_cpu_seconds: setup_cpu.as_secs_f64(),
            cpu_seconds: (own_cpu_seconds() - clock.own_cpu_began).max(0.0),
            starts: std::mem::take(&mut *self.pass_starts.lock()),
            first_test_seconds: (first > 0)
                .then(|| (Duration::from_nanos(first).saturating_sub(clock.began)).as_secs_f64()),
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

    /// Candidates of every reduction so far, as [`Stats::candidate`]
    /// counted them: in the order the changes are tried, so the same at
    /// every `-j` (tests run ahead are not candidates until their turn).
    pub fn candidates(&self) -> u64 {
        self.kinds.iter().map(|k| k.candidates.load(Relaxed)).sum()
    }

    /// Records the size of improvement number `seq`, unless a newer one
    /// (reported first by a racing thread) is already recorded.
    pub fn set_best(&self, seq: u64, size: Size) {
        let (seq, size) = match *self.part.lock() {
            Some(part) => (part.seq_from + seq, size.plus(part.outside)),
            None => (seq, size),
        };
        {
            let mut best = self.best.lock();
            if seq >= best.0 {
                *best = (seq, size);
            }
        }
        self.mark(&self.first_improvement);
        let start = self.start_tokens.load(Relaxed);
        if size.tokens.saturating_mul(10) <= start {
            self.mark(&self.tenth);
        }
        if size.tokens.saturating_mul(100) <= start {
            self.mark(&self.hundredth);
        }
    }

    /// The current best size.
    pub fn best(&self) -> Size {
        self.best.lock().1
    }

    /// Records the input size (also the first best). Within a part (see
    /// [`Stats::enter_part`]): the part's start, which only sets the best.
    pub fn set_start(&self, size: Size) {
        if let Some(part) = *self.part.lock() {
            *self.best.lock() = (part.seq_from, size.plus(part.outside));
            return;
        }
        self.start_bytes.store(size.bytes, Relaxed);
        self.start_tokens.store(size.tokens, Relaxed);
        *self.best.lock() = (0, size);
    }

    /// From now on the sizes and improvements that reductions report are
    /// those of one part of a larger subject (a program of a project):
    /// `outside` is added to every size, and the part's improvement
    /// numbers, which start again from 1, count on from the newest so far.
    /// The input's size stays the whole subject's.
    pub fn enter_part(&self, outside: Size) {
        let seq_from = self.best.lock().0;
        *self.part.lock() = Some(Part { outside, seq_from });
    }

    /// Sizes and improvements are the whole subject's again; the
    /// improvement numbers count on from the part's newest.
    pub fn leave_part(&self) {
        *self.part.lock() = None;
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
            merges_handed: load(&self.merges_handed),
            merges_handed_failed: load(&self.merges_handed_failed),
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
            first_test_seconds: moment(&self.first_test),
            first_improvement_seconds: moment(&self.first_improvement),
            tenth_seconds: moment(&self.tenth),
            hundredth_seconds: moment(&self.hundredth),
            peak_rss_bytes: own_peak_rss_bytes(),
        }
    }
}

/// A moment counter (see [`Stats`]) in seconds, `None` if not set.
fn moment(nanos: &AtomicU64) -> Option<f64> {
    match nanos.load(Relaxed) {
        0 => None,
        n => Some(Duration::from_nanos(n).as_secs_f64()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(tokens: u64) -> Size {
        Size {
            bytes: tokens * 4,
            tokens,
        }
    }

    /// The moments of the run are set once each, in order, and only when
    /// the best reaches them.
    #[test]
    fn moments_follow_the_best() {
        let stats = Stats::new(["delete"]);
        stats.set_start(size(1000));
        let report = stats.report();
        assert_eq!(report.first_improvement_seconds, None);
        assert_eq!(report.tenth_seconds, None);
        stats.set_best(1, size(150));
        let report = stats.report();
        let first = report.first_improvement_seconds.unwrap();
        assert_eq!(report.tenth_seconds, None);
        stats.set_best(2, size(100));
        let tenth = stats.report().tenth_seconds.unwrap();
        assert!(first <= tenth);
        assert_eq!(stats.report().hundredth_seconds, None);
        stats.set_best(3, size(10));
        let report = stats.report();
        assert_eq!(report.first_improvement_seconds, Some(first));
        assert_eq!(report.tenth_seconds, Some(tenth));
        assert!(tenth <= report.hundredth_seconds.unwrap());
        assert!(report.hundredth_seconds.unwrap() <= report.seconds);
    }

    /// A pass's first test and pass starts are its own; the run's first
    /// test is the first pass's.
    #[test]
    fn passes_time_their_own_first_test() {
        let stats = Stats::new(["delete"]);
        assert_eq!(stats.report().first_test_seconds, None);
        let mut clock = stats.begin_pass();
        stats.pass_start_took("delete", Duration::from_millis(3));
        clock.built(&stats);
        stats.test_started();
        stats.test_started();
        let first = stats.pass_timing(&clock);
        assert_eq!(first.starts.len(), 1);
        assert_eq!(first.starts[0].kind, "delete");
        assert!((first.starts[0].seconds - 0.003).abs() < 1e-9);
        let run_first = stats.report().first_test_seconds.unwrap();
        let pass_first = first.first_test_seconds.unwrap();
        assert!(first.setup_seconds <= pass_first);
        // One thread's CPU time cannot exceed the wall time it ran (the
        // two clocks have their own sources: 0.1 ms of slack between them).
        assert!(first.setup_cpu_seconds <= first.setup_seconds + 1e-4);
        assert!((first.started_seconds + pass_first - run_first).abs() < 1e-6);

        // A pass without tests has no first test, and no starts it did not run.
        let clock = stats.begin_pass();
        let second = stats.pass_timing(&clock);
        assert!(second.starts.is_empty());
        assert_eq!(second.first_test_seconds, None);
        assert!(second.started_seconds >= first.started_seconds);
        assert_eq!(stats.report().first_test_seconds, Some(run_first));
        assert!(stats.report().peak_rss_bytes > 0);
    }

    #[test]
    fn reads_the_peak_from_proc_status() {
        let status =
            "Name:\ttreereduce\nVmPeak:\t  123456 kB\nVmHWM:\t   40960 kB\nVmRSS:\t 1024 kB\n";
        assert_eq!(vm_hwm_bytes(status), Some(40960 * 1024));
        assert_eq!(vm_hwm_bytes("Name:\tx\n"), None);
    }
}
