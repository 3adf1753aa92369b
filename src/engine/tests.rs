//! The engine over a subject that is not a syntax tree: a set of numbered
//! items, each task deleting one. The oracle needs some items kept.

use std::collections::BTreeSet;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use parking_lot::Mutex;

use super::*;
use crate::stats::Size;
use crate::task::{
    Applied, Footprint, Job, Merging, NextChange, Priority, Queued, Subject, Task, Tests,
};
use crate::testing::within;

/// Items `0..n`; the state is the set of kept items; the test sees them as
/// text (`"0 3 17"`).
struct Items {
    needed: Vec<u32>,
    /// The kept items must add up to at least this: which ones stay then
    /// depends on the order deletions are tried in.
    min_sum: u32,
    /// Every `nth` test fails with an I/O error (0: never).
    error_every: usize,
    /// Each test takes this long, unless abandoned.
    sleep: std::time::Duration,
    /// Passes may run in groups (the subject merges).
    merges: bool,
    /// A test of a candidate without this item panics.
    panic_without: Option<u32>,
    /// When set, the test's verdict instead of `needed` and `min_sum`.
    oracle: Option<ItemOracle>,
    /// Making a candidate that deletes this item takes this long (a lane
    /// that says late whether it tests).
    slow_apply: Option<(u32, std::time::Duration)>,
    /// Candidates this says are malformed are rejected by their check
    /// ([`Subject::check`]), as a parser rejects a program.
    malformed: Option<ItemOracle>,
    /// Each check waits (at most 10 s) until this many checks run at once.
    checks_together: usize,
    /// Checks running now, and the most that ran at once.
    checking: AtomicUsize,
    most_checking: AtomicUsize,
    /// Merges that did not combine (malformed).
    refused: AtomicUsize,
    /// Per worker: its running test was abandoned.
    abandoned: Vec<std::sync::atomic::AtomicBool>,
    calls: AtomicUsize,
    /// Tests run by the coordinator (worker 0).
    by_coordinator: AtomicUsize,
    /// Hold every test run ahead (by a worker other than 0) until a test
    /// has been abandoned, and the coordinator's first test until two tests
    /// run ahead have started (each for at most 30 s).
    hold_ahead: bool,
    /// Tests run ahead that started.
    ahead_started: AtomicUsize,
    /// Calls of `abandon`.
    abandons: AtomicUsize,
    /// The coordinator's first test has begun.
    first_begun: std::sync::atomic::AtomicBool,
    /// What `spare` says: a test run ahead may start (a budget of tests
    /// shared with other reductions has a permit to spare).
    spare: bool,
    /// Tests running now, and the most that ran at once.
    testing: AtomicUsize,
    most_testing: AtomicUsize,
    improvements: Mutex<Vec<(u64, BTreeSet<u32>)>>,
    /// Every candidate tested, in the order the tests began.
    tested: Mutex<Vec<BTreeSet<u32>>>,
    /// The changes a task learned were not interesting ([`Subject::failed`]).
    failures: Mutex<Vec<Vec<u32>>>,
    /// What the next pass tests first ([`Subject::next_pass`]), each with
    /// the earlier one it is tested only unless ([`NextChange::unless`]).
    next: Vec<(Vec<u32>, Option<usize>)>,
    /// A change deleting one of these claims one key (as two tokens'
    /// renames to one fresh name do): two of them never share a round.
    claimed: Vec<u32>,
}

/// A verdict on a set of kept items.
type ItemOracle = Box<dyn Fn(&BTreeSet<u32>) -> bool + Send + Sync>;

fn text(items: &BTreeSet<u32>) -> Vec<u8> {
    let words: Vec<String> = items.iter().map(u32::to_string).collect();
    words.join(" ").into_bytes()
}

impl Items {
    /// A test's verdict (see [`Subject::test`]).
    fn verdict(&self, worker: usize, candidate: &BTreeSet<u32>) -> Result<Verdict, OracleError> {
        let n = self.calls.fetch_add(1, Ordering::SeqCst) + 1;
        self.tested.lock().push(candidate.clone());
        if let Some(item) = self.panic_without {
            assert!(candidate.contains(&item), "a test without item {item}");
        }
        if worker == 0 {
            self.by_coordinator.fetch_add(1, Ordering::SeqCst);
        }
        if self.error_every > 0 && n.is_multiple_of(self.error_every) {
            return Err(OracleError::new(
                "cannot write the candidate",
                io::Error::other("disk full"),
            ));
        }
        // Vary the interleaving of the workers.
        std::thread::sleep(std::time::Duration::from_micros(
            (VerdictCache::key(&text(candidate)) % 300) as u64,
        ));
        let stop = &self.abandoned[worker];
        if self.hold_ahead {
            let start = std::time::Instant::now();
            let wait = |done: &dyn Fn() -> bool| {
                while !done() && start.elapsed() < std::time::Duration::from_secs(30) {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            };
            if worker == 0 {
                if !self.first_begun.swap(true, Ordering::SeqCst) {
                    wait(&|| self.ahead_started.load(Ordering::SeqCst) >= 2);
                }
            } else {
                self.ahead_started.fetch_add(1, Ordering::SeqCst);
                wait(&|| self.abandons.load(Ordering::SeqCst) > 0);
                if stop.swap(false, Ordering::SeqCst) {
                    return Ok(Verdict::Cancelled);
                }
            }
        }
        let until = std::time::Instant::now() + self.sleep;
        while std::time::Instant::now() < until {
            if stop.swap(false, Ordering::SeqCst) {
                return Ok(Verdict::Cancelled);
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        stop.store(false, Ordering::SeqCst);
        if let Some(oracle) = &self.oracle {
            return Ok(if oracle(candidate) {
                Verdict::Interesting
            } else {
                Verdict::NotInteresting
            });
        }
        let sum: u32 = candidate.iter().sum();
        Ok(
            if sum >= self.min_sum && self.needed.iter().all(|i| candidate.contains(i)) {
                Verdict::Interesting
            } else {
                Verdict::NotInteresting
            },
        )
    }
}

impl Subject for Items {
    type State = BTreeSet<u32>;
    type Candidate = BTreeSet<u32>;
    /// The items to delete.
    type Change = [u32];
    type Scratch = ();

    fn scratch(&self, _worker: usize) {}

    fn apply(&self, best: &BTreeSet<u32>, items: &[u32], _: &mut ()) -> Applied<BTreeSet<u32>> {
        match self.prepare(best, items, &mut ()) {
            Applied::Candidate(c) => self.check(best, c, &mut ()),
            other => other,
        }
    }

    fn check(
        &self,
        _: &BTreeSet<u32>,
        candidate: BTreeSet<u32>,
        _: &mut (),
    ) -> Applied<BTreeSet<u32>> {
        let now = self.checking.fetch_add(1, Ordering::SeqCst) + 1;
        self.most_checking.fetch_max(now, Ordering::SeqCst);
        let start = std::time::Instant::now();
        while self.checking.load(Ordering::SeqCst) < self.checks_together
            && start.elapsed() < std::time::Duration::from_secs(10)
        {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        self.checking.fetch_sub(1, Ordering::SeqCst);
        match &self.malformed {
            Some(malformed) if malformed(&candidate) => Applied::Rejected,
            _ => Applied::Candidate(candidate),
        }
    }

    fn prepare(&self, best: &BTreeSet<u32>, items: &[u32], _: &mut ()) -> Applied<BTreeSet<u32>> {
        if !items.iter().any(|i| best.contains(i)) {
            return Applied::Implied;
        }
        if let Some((item, delay)) = self.slow_apply
            && items.contains(&item)
        {
            std::thread::sleep(delay);
        }
        let mut next = best.clone();
        for i in items {
            next.remove(i);
        }
        Applied::Candidate(next)
    }

    fn merging(&self) -> Option<&dyn Merging<Self>> {
        self.merges.then_some(self as &dyn Merging<Self>)
    }

    fn key(&self, candidate: &BTreeSet<u32>) -> u128 {
        VerdictCache::key(&text(candidate))
    }

    fn test(&self, worker: usize, candidate: &BTreeSet<u32>) -> Result<Verdict, OracleError> {
        let now = self.testing.fetch_add(1, Ordering::SeqCst) + 1;
        self.most_testing.fetch_max(now, Ordering::SeqCst);
        let verdict = self.verdict(worker, candidate);
        self.testing.fetch_sub(1, Ordering::SeqCst);
        verdict
    }

    fn spare(&self) -> bool {
        self.spare
    }

    fn abandon(&self, worker: usize) {
        self.abandoned[worker].store(true, Ordering::SeqCst);
        self.abandons.fetch_add(1, Ordering::SeqCst);
    }

    fn accept(&self, _: &BTreeSet<u32>, candidate: BTreeSet<u32>, _: &mut ()) -> BTreeSet<u32> {
        candidate
    }

    fn size(&self, state: &BTreeSet<u32>) -> Size {
        Size {
            bytes: text(state).len() as u64,
            tokens: state.len() as u64,
        }
    }

    fn kind(&self, _: &[u32]) -> &'static str {
        "delete"
    }

    fn failed(&self, change: &[u32], _: &BTreeSet<u32>, _: &BTreeSet<u32>) {
        self.failures.lock().push(change.to_vec());
    }

    fn improved(&self, seq: u64, best: &BTreeSet<u32>) {
        self.improvements.lock().push((seq, best.clone()));
    }

    fn next_pass(&self, _state: &BTreeSet<u32>, most: usize) -> Vec<NextChange<[u32]>> {
        let next = self.next.iter().take(most);
        next.map(|(c, unless)| NextChange {
            change: c.clone().into_boxed_slice(),
            unless: *unless,
        })
        .collect()
    }
}

impl Merging<Items> for Items {
    fn footprint(&self, best: &BTreeSet<u32>, items: &[u32]) -> Option<Footprint> {
        // A deletion: what it touches, it removes.
        let present: Vec<(u64, u64)> = items
            .iter()
            .filter(|i| best.contains(i))
            .map(|&i| (u64::from(i), u64::from(i) + 1))
            .collect();
        let mut footprint = Footprint::of(present.clone()).removing(present);
        if items.iter().any(|i| self.claimed.contains(i)) {
            footprint = footprint.claiming(1);
        }
        (footprint != Footprint::default()).then_some(footprint)
    }

    fn merge(
        &self,
        base: &BTreeSet<u32>,
        branches: &[&BTreeSet<u32>],
        _: &mut (),
    ) -> Option<BTreeSet<u32>> {
        let kept = base
            .iter()
            .filter(|i| branches.iter().all(|b| b.contains(i)));
        let merged: BTreeSet<u32> = kept.copied().collect();
        match &self.malformed {
            Some(malformed) if malformed(&merged) => {
                self.refused.fetch_add(1, Ordering::SeqCst);
                None
            }
            _ => Some(merged),
        }
    }

    fn state_key(&self, state: &BTreeSet<u32>) -> u128 {
        self.key(state)
    }

    fn test_state(&self, worker: usize, state: &BTreeSet<u32>) -> Result<Verdict, OracleError> {
        self.test(worker, state)
    }

    fn rebase(
        &self,
        base: &BTreeSet<u32>,
        branch: &BTreeSet<u32>,
        _: &'static str,
    ) -> Option<Box<[u32]>> {
        Some(base.difference(branch).copied().collect())
    }
}

struct Delete(u32);

impl Job<Items> for Delete {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        tests.try_change(std::slice::from_ref(&self.0));
        Vec::new()
    }

    fn first_change(&self) -> Option<&[u32]> {
        Some(std::slice::from_ref(&self.0))
    }
}

/// One deletion task per item of `0..n`, each with priority `tokens(i)`.
fn deletions(n: u32, tokens: impl Fn(u32) -> u64) -> Vec<Queued<Items>> {
    (0..n)
        .map(|i| {
            let task: Task<Items> = Box::new(Delete(i));
            (
                Priority {
                    tokens: tokens(i),
                    rank: 0,
                },
                task,
            )
        })
        .collect()
}

fn items(needed: &[u32], error_every: usize) -> Items {
    Items {
        needed: needed.to_vec(),
        min_sum: 0,
        error_every,
        sleep: std::time::Duration::ZERO,
        merges: false,
        panic_without: None,
        oracle: None,
        slow_apply: None,
        malformed: None,
        checks_together: 0,
        checking: AtomicUsize::new(0),
        most_checking: AtomicUsize::new(0),
        refused: AtomicUsize::new(0),
        abandoned: (0..16).map(|_| Default::default()).collect(),
        calls: AtomicUsize::new(0),
        by_coordinator: AtomicUsize::new(0),
        hold_ahead: false,
        ahead_started: AtomicUsize::new(0),
        abandons: AtomicUsize::new(0),
        first_begun: Default::default(),
        spare: true,
        testing: AtomicUsize::new(0),
        most_testing: AtomicUsize::new(0),
        improvements: Mutex::new(Vec::new()),
        tested: Mutex::new(Vec::new()),
        failures: Mutex::new(Vec::new()),
        next: Vec::new(),
        claimed: Vec::new(),
    }
}

/// Runs one pass deleting each of `0..n` (larger numbers first).
fn pass(subject: &Items, n: u32, jobs: usize) -> (BTreeSet<u32>, u64, crate::stats::Report) {
    let stats = Stats::new(["delete"]);
    let run = Run::new(jobs, &stats, None);
    let tasks = deletions(n, u64::from);
    let done = run_pass(&run, subject, (0..n).collect(), tasks);
    assert!(run.failure().is_none() || subject.error_every > 0);
    ((*done.best).clone(), done.commits, stats.report())
}

#[test]
fn every_worker_count_keeps_exactly_what_the_oracle_needs() {
    within(60, || {
        for jobs in [1, 2, 4, 16] {
            let subject = items(&[3, 17, 40], 0);
            let (best, commits, report) = pass(&subject, 50, jobs);
            assert_eq!(best, BTreeSet::from([3, 17, 40]), "-j {jobs}");
            assert_eq!(commits, 47);
            // The statistics end at the final size, whatever order racing
            // commits reported in.
            assert_eq!(report.final_size.tokens, 3, "-j {jobs}");
            let improvements = subject.improvements.lock();
            assert_eq!(improvements.len(), 47);
            let mut seqs: Vec<u64> = improvements.iter().map(|(s, _)| *s).collect();
            seqs.sort_unstable();
            assert_eq!(seqs, (1..=47).collect::<Vec<_>>());
            // Every reported best passes the oracle and is smaller than the
            // one reported before it in sequence order.
            let mut by_seq: Vec<_> = improvements.clone();
            by_seq.sort_by_key(|(s, _)| *s);
            for pair in by_seq.windows(2) {
                assert!(pair[1].1.is_subset(&pair[0].1) && pair[1].1 != pair[0].1);
            }
            assert!(
                by_seq
                    .iter()
                    .all(|(_, b)| [3, 17, 40].iter().all(|i| b.contains(i)))
            );
        }
    });
}

/// Improvements of a pass at `jobs` whose result depends on the order of
/// the commits, with tests of 5 ms (`hold_ahead`: see [`Items`]), and the
/// tests that were abandoned.
fn ordered_improvements(jobs: usize, hold_ahead: bool) -> (Vec<(u64, BTreeSet<u32>)>, usize) {
    let mut subject = items(&[5], 0);
    subject.min_sum = 200;
    subject.hold_ahead = hold_ahead;
    subject.sleep = std::time::Duration::from_millis(5);
    let stats = Stats::new(["delete"]);
    let run = Run::new(jobs, &stats, None);
    // Small numbers first: the larger ones that stay depend on the
    // order of the commits.
    let tasks = deletions(40, |i| u64::from(100 - i));
    let done = run_pass(&run, &subject, (0..40).collect(), tasks);
    let report = stats.report();
    // Each of the 40 verdicts came from one run or the cache.
    assert_eq!(report.tests - report.conflicts + report.cache_hits, 40);
    assert_eq!(subject.improvements.lock().last().unwrap().1, *done.best);
    (subject.improvements.into_inner(), report.abandoned as usize)
}

/// A test run ahead on the branch of a verdict that did not come is
/// stopped, and changes nothing. At -j 3 the first look-ahead sends a
/// worker down each branch of the coordinator's first verdict (both are as
/// likely, with no verdict yet); the subject holds the tests run ahead until
/// one is abandoned, and the coordinator's first test until both have
/// started, so the one that lost is still running when the verdict comes.
#[test]
fn a_test_run_ahead_on_a_branch_that_lost_is_abandoned() {
    within(120, || {
        let (one, _) = ordered_improvements(1, false);
        let (three, abandoned) = ordered_improvements(3, true);
        assert!(abandoned >= 1);
        assert_eq!(three, one);
    });
}

#[test]
fn every_worker_count_gives_the_result_and_improvements_of_one() {
    within(120, || {
        let (one, _) = ordered_improvements(1, false);
        assert!(one.len() > 20, "{}", one.len());
        for jobs in [2, 3, 4, 16] {
            for _ in 0..5 {
                assert_eq!(ordered_improvements(jobs, false).0, one, "-j {jobs}");
            }
        }
    });
}

#[test]
fn one_worker_tests_in_priority_order() {
    within(60, || {
        let subject = items(&[3], 0);
        let (_, _, report) = pass(&subject, 10, 1);
        let order: Vec<BTreeSet<u32>> = subject
            .improvements
            .lock()
            .iter()
            .map(|(_, b)| b.clone())
            .collect();
        // Largest first: 9 goes first, then 8, ...; 3 stays.
        assert_eq!(order[0], (0..9).collect());
        assert_eq!(order.last().unwrap(), &BTreeSet::from([3]));
        assert_eq!(report.tests, 10);
    });
}

#[test]
fn oracle_errors_in_a_row_stop_the_run() {
    within(60, || {
        let subject = items(&[3], 1);
        let stats = Stats::new(["delete"]);
        let run = Run::new(2, &stats, None);
        let tasks = deletions(100, |_| 1);
        let done = run_pass(&run, &subject, (0..100).collect(), tasks);
        let failure = run.failure().expect("the run stopped");
        assert!(failure.contains("disk full"), "{failure}");
        assert!(run.stopped());
        assert_eq!(done.commits, 0);
        let report = stats.report();
        assert!(report.oracle_errors >= ERROR_LIMIT as u64);
        // It stopped soon after the limit, not after 100 tests.
        assert!(subject.calls.load(Ordering::SeqCst) < ERROR_LIMIT + 4);
        assert_eq!(report.tests, 0);
    });
}

#[test]
fn scattered_oracle_errors_are_counted_and_skipped() {
    within(60, || {
        // Every third test fails: never ERROR_LIMIT in a row.
        let subject = items(&[3, 7], 3);
        let (best, _, report) = pass(&subject, 20, 2);
        assert!(best.contains(&3) && best.contains(&7));
        assert!(report.oracle_errors > 0);
        // An error is no verdict: it is not cached as "not interesting".
        assert_eq!(
            report.tests + report.oracle_errors,
            subject.calls.load(Ordering::SeqCst) as u64
        );
    });
}

#[test]
fn cancellation_stops_a_pass() {
    within(60, || {
        let subject = items(&[], 0);
        let stats = Stats::new(["delete"]);
        let cancel = Arc::new(crate::oracle::Cancel::new().unwrap());
        cancel.cancel();
        let run = Run::new(4, &stats, Some(&cancel));
        let tasks = deletions(100, |_| 1);
        let done = run_pass(&run, &subject, (0..100).collect(), tasks);
        assert_eq!(done.commits, 0);
        assert!(run.stopped() && run.failure().is_none());
    });
}

/// A stop that cuts short the test of the merge a pass ended on settles
/// nothing: the pass ends on its last tested program, and the merge is not
/// counted as found not interesting.
#[test]
fn a_stop_during_the_test_of_the_last_merge_counts_no_failed_merge() {
    within(60, || {
        let cancel = Arc::new(crate::oracle::Cancel::new().unwrap());
        let mut subject = grouped(&[], 0);
        // Deleting 1 or 2 alone is interesting; the test of both deleted
        // (their merge) is where the run is stopped.
        let stopper = cancel.clone();
        subject.oracle = Some(Box::new(move |kept| {
            let merge = !kept.contains(&1) && !kept.contains(&2);
            if merge {
                stopper.cancel();
            }
            !merge
        }));
        let stats = Stats::new(["delete"]);
        let run = Run::new(2, &stats, Some(&cancel));
        let delete =
            |i: u32| -> Queued<Items> { (Priority { tokens: 1, rank: 0 }, Box::new(Delete(i))) };
        let tasks = vec![delete(1), delete(2)];
        let done = run_pass(&run, &subject, (0..4).collect(), tasks);
        assert!(run.stopped());
        assert_eq!(*done.best, BTreeSet::from([0, 2, 3]));
        let report = stats.report();
        assert_eq!(report.merges, 1);
        assert_eq!(report.merges_failed, 0);
    });
}

/// A stop while a round's tests run: the round's first interesting change
/// (tested) is kept, and nothing else of the round is done (no merge of
/// the others, whose check would cost a render and a parse of the whole
/// program while the run should end).
#[test]
fn a_round_stopped_keeps_its_first_finding_and_merges_nothing() {
    within(60, || {
        let cancel = Arc::new(crate::oracle::Cancel::new().unwrap());
        let mut subject = grouped(&[], 0);
        // Every candidate is interesting; the fourth test stops the run
        // (so that four lanes of the first round found something).
        let (calls, stopper) = (Arc::new(AtomicUsize::new(0)), cancel.clone());
        subject.oracle = Some(Box::new(move |_| {
            if calls.fetch_add(1, Ordering::SeqCst) + 1 == 4 {
                stopper.cancel();
            }
            true
        }));
        let stats = Stats::new(["delete"]);
        let run = Run::new(4, &stats, Some(&cancel));
        let done = run_pass(&run, &subject, (0..100).collect(), deletions(100, |_| 1));
        assert!(run.stopped());
        let report = stats.report();
        assert!(
            report.interesting >= 4,
            "{} interesting",
            report.interesting
        );
        assert_eq!(report.merges, 0);
        assert_eq!(done.commits, 1);
        // The result is a tested program, and the one reported.
        assert!(subject.tested.lock().contains(&*done.best));
        let improvements = subject.improvements.lock();
        assert_eq!(improvements.len(), 1);
        assert_eq!(improvements[0].1, *done.best);
    });
}

/// Tries deleting its items one after the other until one deletion is
/// interesting; plans them for a state (the ones still there).
struct FirstOf(Vec<u32>);

impl Job<Items> for FirstOf {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        for item in &self.0 {
            if tests.try_change(std::slice::from_ref(item)) {
                break;
            }
        }
        Vec::new()
    }

    fn changes_on(&self, _: &Items, state: &BTreeSet<u32>) -> Vec<Box<[u32]>> {
        let present = self.0.iter().filter(|i| state.contains(i));
        present.map(|&i| Box::new([i]) as Box<[u32]>).collect()
    }
}

/// Tests nothing: queues `FirstOf([i, i + 100])` and the link of `i + 1`,
/// below it, so the heap never holds more than one task that tests.
struct Chain {
    i: u32,
    end: u32,
    ahead: bool,
}

impl Chain {
    fn queued(i: u32, end: u32, ahead: bool) -> Queued<Items> {
        let priority = Priority {
            tokens: u64::from(1000 - i),
            rank: 1,
        };
        (priority, Box::new(Chain { i, end, ahead }))
    }

    fn tasks(&self) -> Vec<Queued<Items>> {
        if self.i == self.end {
            return Vec::new();
        }
        let first_of: Task<Items> = Box::new(FirstOf(vec![self.i, self.i + 100]));
        let priority = Priority {
            tokens: u64::from(1000 - self.i),
            rank: 0,
        };
        vec![
            (priority, first_of),
            Chain::queued(self.i + 1, self.end, self.ahead),
        ]
    }
}

impl Job<Items> for Chain {
    fn run(self: Box<Self>, _: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        self.tasks()
    }

    fn expand_ahead(&self, _: &Items, _: &BTreeSet<u32>) -> Option<Vec<Queued<Items>>> {
        self.ahead.then(|| self.tasks())
    }
}

#[test]
fn workers_test_ahead_past_expansions_and_along_planned_changes() {
    within(120, || {
        // (improvements, tests run ahead whose verdicts were used)
        let reduce = |jobs: usize, ahead: bool| {
            let mut subject = items(&[3, 5, 8, 13, 21, 103, 121], 0);
            subject.sleep = std::time::Duration::from_millis(5);
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let start: BTreeSet<u32> = (0..30).chain(100..130).collect();
            let done = run_pass(&run, &subject, start, vec![Chain::queued(0, 30, ahead)]);
            let report = stats.report();
            assert_eq!(subject.improvements.lock().last().unwrap().1, *done.best);
            // Verdicts used: tests not run for nothing, and cache hits (a
            // verdict run ahead that the coordinator found in the cache).
            let used = report.tests - report.conflicts + report.cache_hits;
            (subject.improvements.into_inner(), used)
        };
        let (one, tests_one) = reduce(1, true);
        // Items 3, 5, ... stay; their partners 103, 105, ... go instead,
        // except the needed 103 and 121.
        let best = &one.last().unwrap().1;
        assert!(best.contains(&3) && best.contains(&103) && !best.contains(&105));
        assert!(!best.contains(&0) && best.contains(&100));
        for jobs in [2, 4, 8] {
            for _ in 0..3 {
                let (improvements, used) = reduce(jobs, true);
                assert_eq!(improvements, one, "-j {jobs}");
                assert_eq!(used, tests_one, "-j {jobs}");
            }
        }
        // Without looking past the links, nothing is ever queued for the
        // workers (the heap holds no change beyond the coordinator's own),
        // so every verdict the coordinator needs is its own test; with it,
        // the workers run many of them ahead.
        let own = |ahead: bool| {
            let mut subject = items(&[3, 5, 8, 13, 21, 103, 121], 0);
            subject.sleep = std::time::Duration::from_millis(20);
            let stats = Stats::new(["delete"]);
            let run = Run::new(4, &stats, None);
            let start: BTreeSet<u32> = (0..30).chain(100..130).collect();
            run_pass(&run, &subject, start, vec![Chain::queued(0, 30, ahead)]);
            let report = stats.report();
            assert_eq!(
                report.tests - report.conflicts + report.cache_hits,
                tests_one
            );
            subject.by_coordinator.load(Ordering::SeqCst)
        };
        assert_eq!(own(false) as u64, tests_one);
        let with = own(true) as u64;
        assert!(with < tests_one * 3 / 4, "{with} of {tests_one}");
    });
}

/// Items whose passes run in groups.
fn grouped(needed: &[u32], error_every: usize) -> Items {
    Items {
        merges: true,
        ..items(needed, error_every)
    }
}

#[test]
fn groups_keep_exactly_what_the_oracle_needs() {
    within(60, || {
        for jobs in [2, 4, 16] {
            let subject = grouped(&[3, 17, 40], 0);
            let (best, commits, report) = pass(&subject, 50, jobs);
            assert_eq!(best, BTreeSet::from([3, 17, 40]), "-j {jobs}");
            assert_eq!(report.final_size.tokens, 3, "-j {jobs}");
            // A group's lanes commit together: one improvement per group.
            // (A group holding a needed item commits one deletion less.)
            assert!(
                commits <= 47 / jobs as u64 + 4,
                "-j {jobs}: {commits} commits"
            );
            assert_eq!(report.merges_failed, 0);
            let improvements = subject.improvements.lock();
            assert_eq!(improvements.len() as u64, commits);
            let seqs: Vec<u64> = improvements.iter().map(|(s, _)| *s).collect();
            assert_eq!(seqs, (1..=commits).collect::<Vec<_>>());
            // Every reported best passes the oracle and is smaller than the
            // one before it.
            for pair in improvements.windows(2) {
                assert!(pair[1].1.is_subset(&pair[0].1) && pair[1].1 != pair[0].1);
            }
            assert!(
                improvements
                    .iter()
                    .all(|(_, b)| [3, 17, 40].iter().all(|i| b.contains(i)))
            );
            // Every deletion was tested once, and a merge at most once.
            assert!(report.merges > 0);
            assert!(
                (50..=50 + report.merges).contains(&report.tests),
                "{} tests, {} merges",
                report.tests,
                report.merges
            );
        }
    });
}

/// Deletions of `0..40` (small numbers first) where the kept items must add
/// up to at least 200: each deletion alone is interesting long before all
/// of a group's together are.
fn sum_limited(jobs: usize) -> (Vec<(u64, BTreeSet<u32>)>, crate::stats::Report) {
    let mut subject = grouped(&[5], 0);
    subject.min_sum = 200;
    let stats = Stats::new(["delete"]);
    let run = Run::new(jobs, &stats, None);
    let tasks = deletions(40, |i| u64::from(100 - i));
    let done = run_pass(&run, &subject, (0..40).collect(), tasks);
    let best = (*done.best).clone();
    assert_eq!(subject.improvements.lock().last().unwrap().1, best);
    assert!(best.iter().sum::<u32>() >= 200 && best.contains(&5));
    // 1-minimal: no single item more can go.
    for i in &best {
        assert!(
            *i == 5 || best.iter().sum::<u32>() - i < 200,
            "{i} could go"
        );
    }
    (subject.improvements.into_inner(), stats.report())
}

#[test]
fn a_failed_merge_keeps_the_first_lane_and_tries_the_others_again() {
    within(60, || {
        let failed: Vec<u64> = [2, 4, 16]
            .map(|jobs| sum_limited(jobs).1.merges_failed)
            .to_vec();
        // (Near the limit, two deletions that each keep 200 together do not.)
        assert!(failed[1] > 0 && failed[2] > 0, "{failed:?}");
    });
}

#[test]
fn groups_give_the_same_result_every_time_for_a_job_count() {
    within(120, || {
        for jobs in [3, 8] {
            let (first, _) = sum_limited(jobs);
            for _ in 0..4 {
                assert_eq!(sum_limited(jobs).0, first, "-j {jobs}");
            }
        }
    });
}

#[test]
fn tasks_that_plan_their_changes_run_as_lanes() {
    within(60, || {
        let subject = grouped(&[3, 5, 8, 13, 21, 103, 121], 0);
        let stats = Stats::new(["delete"]);
        let run = Run::new(4, &stats, None);
        let start: BTreeSet<u32> = (0..30).chain(100..130).collect();
        let done = run_pass(&run, &subject, start, vec![Chain::queued(0, 30, true)]);
        // Each FirstOf keeps the first of its two items only if deleting it
        // is not interesting: as in one worker, 3 stays and 103 too (needed),
        // 5 stays and 105 goes.
        let best = &*done.best;
        assert!(best.contains(&3) && best.contains(&103) && !best.contains(&105));
        assert!(!best.contains(&0) && best.contains(&100));
        assert!(stats.report().merges > 0);
    });
}

/// Tries deleting its items one after the other until one deletion is
/// interesting, telling the engine before each try which ones come next
/// ([`Tests::plan`]) when `plans`.
struct Planned {
    items: Vec<u32>,
    plans: bool,
}

impl Job<Items> for Planned {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        for (i, item) in self.items.iter().enumerate() {
            if self.plans {
                let next = self.items[i + 1..]
                    .iter()
                    .map(|&n| Box::new([n]) as Box<[u32]>);
                tests.plan(next.collect());
            }
            if tests.try_change(std::slice::from_ref(item)) {
                break;
            }
        }
        Vec::new()
    }

    fn changes_on(&self, _: &Items, state: &BTreeSet<u32>) -> Vec<Box<[u32]>> {
        let present = self.items.iter().filter(|i| state.contains(i));
        present.map(|&i| Box::new([i]) as Box<[u32]>).collect()
    }
}

/// A round's free places test ahead what its lanes' tasks plan to try
/// next: four tasks of ten deletions each, of which only the last is
/// interesting, take ten rounds one deletion at a time, and far fewer with
/// plans; the same result and rounds at every -j, and at -j 1 no more tests.
/// A pass in rounds that ends on an untested merge hands it to the next
/// pass instead of testing it alone, when allowed (`Ends::hand_over`); the
/// next pass tests it beside its first round, and stops at once if it is
/// not interesting. The same tests and results at every -j.
#[test]
fn a_pass_hands_its_last_merge_to_the_next_one() {
    within(60, || {
        for jobs in [1, 3, 8] {
            let needed = BTreeSet::from([3, 17]);
            let first = |hand_over| {
                let subject = grouped(&[3, 17], 0);
                let stats = Stats::new(["delete"]);
                let run = Run::new(jobs, &stats, None);
                let ends = Ends {
                    untested_start: false,
                    hand_over,
                    ending: None,
                };
                let done = run_pass_between(
                    &run,
                    &subject,
                    (0..20).collect(),
                    deletions(20, u64::from),
                    ends,
                );
                (done, stats.report())
            };
            // Rounds of 16 then 4 deletions (and the first merge beside
            // them): each ends on a merge of several interesting ones.
            let (tested, report) = first(false);
            assert_eq!(*tested.best, needed, "-j {jobs}");
            assert!(tested.merge.is_none() && tested.start == Handed::No);
            assert_eq!((report.tests, report.merges_handed), (22, 0), "-j {jobs}");
            let (handed, report) = first(true);
            let merge = handed.merge.expect("the pass ends on a merge");
            assert_eq!(*merge, needed, "-j {jobs}");
            assert!(handed.best.is_superset(&needed) && *handed.best != needed);
            // No test of its own: one test fewer.
            assert_eq!((report.tests, report.merges_handed), (21, 1), "-j {jobs}");

            // The next pass starts on it, untested: tested beside the
            // first round, it is the best, and announced, with no commit.
            let next = |start: BTreeSet<u32>| {
                let subject = grouped(&[3, 17], 0);
                let stats = Stats::new(["delete"]);
                let run = Run::new(jobs, &stats, None);
                let ends = Ends {
                    untested_start: true,
                    hand_over: true,
                    ending: None,
                };
                let tasks = start.iter().map(|&i| {
                    let task: Task<Items> = Box::new(Delete(i));
                    (
                        Priority {
                            tokens: u64::from(i),
                            rank: 0,
                        },
                        task,
                    )
                });
                let done = run_pass_between(&run, &subject, start.clone(), tasks.collect(), ends);
                let improvements = subject.improvements.lock().clone();
                // What the tasks learned failed ([`Subject::failed`]).
                let failures = subject.failures.lock().len();
                (done, stats.report(), (improvements, failures))
            };
            let (done, report, (improvements, _)) = next((*merge).clone());
            assert_eq!(
                (done.start, done.commits),
                (Handed::Settled, 0),
                "-j {jobs}"
            );
            assert_eq!(*done.best, needed);
            assert!(done.merge.is_none());
            assert_eq!(report.tests, 3, "-j {jobs}");
            assert_eq!(improvements.len(), 1);
            assert_eq!(improvements[0].1, needed);

            // A start that is not interesting (17 is gone) stops the pass
            // in its first round, of 15 deletions and the start: tested
            // first, it makes the deletions moot; at -j 1 none is tested.
            let start: BTreeSet<u32> = (0..20).filter(|&i| i != 17).collect();
            let (done, report, (improvements, failures)) = next(start.clone());
            assert_eq!(
                (done.start, done.commits),
                (Handed::Rejected, 0),
                "-j {jobs}"
            );
            assert_eq!(*done.best, start);
            let tests = if jobs == 1 { 1..=1 } else { 1..=16 };
            assert!(tests.contains(&report.tests), "-j {jobs}: {}", report.tests);
            assert_eq!((report.merges_failed, report.merges_handed_failed), (1, 1));
            assert!(improvements.is_empty());
            // A change tested on it failed for nothing: no task learns from
            // it, at any -j (above -j 1 some of those tests ran).
            assert_eq!(failures, 0, "-j {jobs}");
        }
    });
}

#[test]
fn free_places_test_ahead_what_the_lanes_plan() {
    within(120, || {
        let needed: Vec<u32> = (0..40).filter(|i| i % 10 != 9).collect();
        let reduce = |jobs: usize, plans: bool| {
            let subject = grouped(&needed, 0);
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let tasks: Vec<Queued<Items>> = (0..4)
                .map(|c: u32| {
                    let task: Task<Items> = Box::new(Planned {
                        items: (c * 10..c * 10 + 10).collect(),
                        plans,
                    });
                    let priority = Priority {
                        tokens: u64::from(100 - c),
                        rank: 0,
                    };
                    (priority, task)
                })
                .collect();
            let done = run_pass(&run, &subject, (0..40).collect(), tasks);
            let report = stats.report();
            let mut failures = subject.failures.lock().clone();
            failures.sort();
            (
                done.best.as_ref().clone(),
                report.rounds,
                report.tests,
                failures,
            )
        };
        let kept: BTreeSet<u32> = needed.iter().copied().collect();
        let (best, rounds, tests, failures) = reduce(1, false);
        // Forty tests, and one of the merge of the last round's four.
        assert_eq!((best, rounds, tests), (kept.clone(), 10, 41));
        // The tasks learn of their own failures only, not of the probes':
        // each of its 36 failed deletions once, at every -j.
        assert_eq!(failures.len(), 36);
        let (best, planned_rounds, planned_tests, planned_failures) = reduce(1, true);
        assert_eq!(best, kept);
        assert_eq!(planned_failures, failures);
        // A round whose lanes find nothing tests the plans in its twelve
        // free places; one whose lane commits makes its probes moot.
        assert_eq!(planned_rounds, 6);
        assert!(planned_tests <= 41, "{planned_tests} tests");
        for jobs in [3, 8] {
            let (best, rounds, _, learned) = reduce(jobs, true);
            assert_eq!((best, rounds), (kept.clone(), planned_rounds), "-j {jobs}");
            assert_eq!(learned, failures, "-j {jobs}");
        }
    });
}

#[test]
fn a_panicking_lane_stops_the_pass_instead_of_hanging() {
    within(60, || {
        let mut subject = grouped(&[], 0);
        subject.panic_without = Some(20);
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| pass(&subject, 40, 4)));
        assert!(result.is_err());
    });
}

#[test]
fn groups_stop_on_cancellation_and_oracle_errors() {
    within(60, || {
        let subject = grouped(&[], 0);
        let stats = Stats::new(["delete"]);
        let cancel = Arc::new(crate::oracle::Cancel::new().unwrap());
        cancel.cancel();
        let run = Run::new(4, &stats, Some(&cancel));
        let done = run_pass(&run, &subject, (0..100).collect(), deletions(100, |_| 1));
        assert_eq!(done.commits, 0);
        assert!(run.stopped() && run.failure().is_none());

        let subject = grouped(&[3], 1);
        let stats = Stats::new(["delete"]);
        let run = Run::new(4, &stats, None);
        let done = run_pass(&run, &subject, (0..100).collect(), deletions(100, |_| 1));
        assert!(
            run.failure()
                .expect("the run stopped")
                .contains("disk full")
        );
        assert_eq!(done.commits, 0);
        // It stopped within a group or two of the limit.
        assert!(subject.calls.load(Ordering::SeqCst) < ERROR_LIMIT + 8);
    });
}

/// Tests nothing and ends, queuing the deletion of its item.
struct Later(u32);

impl Job<Items> for Later {
    fn run(self: Box<Self>, _: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        let task: Task<Items> = Box::new(Delete(self.0));
        vec![(Priority { tokens: 1, rank: 0 }, task)]
    }
}

/// Regression: a round's formation in which every started task ended
/// without a test queued their follow-ups after it, found the round empty,
/// and ended the pass with the follow-ups still queued.
#[test]
fn follow_ups_of_tasks_that_end_without_a_test_run_in_rounds() {
    within(60, || {
        for jobs in [1, 2, 4] {
            let subject = grouped(&[3], 0);
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let tasks: Vec<Queued<Items>> = (0..6)
                .map(|i| {
                    let task: Task<Items> = Box::new(Later(i));
                    (Priority { tokens: 1, rank: 0 }, task)
                })
                .collect();
            let done = run_pass(&run, &subject, (0..6).collect(), tasks);
            assert_eq!(*done.best, BTreeSet::from([3]), "-j {jobs}");
        }
    });
}

/// Deletes these items at once.
struct DeleteAll(Vec<u32>);

impl Job<Items> for DeleteAll {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        tests.try_change(&self.0);
        Vec::new()
    }

    fn first_change(&self) -> Option<&[u32]> {
        Some(&self.0)
    }
}

/// Regression: a merge that made nothing the round's first interesting
/// state had not (an overlapping deletion's items were all in a chunk
/// deleted beside it) became an untested base; found with nothing more
/// to do, it was "tested" (a cache hit) and committed a second time: an
/// improvement that changed nothing, and a commit that was none.
#[test]
fn a_merge_that_adds_nothing_is_not_committed_again() {
    within(60, || {
        let subject = grouped(&[], 0);
        let stats = Stats::new(["delete"]);
        let run = Run::new(2, &stats, None);
        let chunk: Task<Items> = Box::new(DeleteAll(vec![3, 4]));
        let inner: Task<Items> = Box::new(Delete(4));
        let tasks = vec![
            (Priority { tokens: 2, rank: 0 }, chunk),
            (Priority { tokens: 1, rank: 0 }, inner),
        ];
        let done = run_pass(&run, &subject, (0..5).collect(), tasks);
        assert_eq!(*done.best, BTreeSet::from([0, 1, 2]));
        assert_eq!(done.commits, 1);
        assert_eq!(
            *subject.improvements.lock(),
            vec![(1, BTreeSet::from([0, 1, 2]))]
        );
    });
}

/// Regression: a task that must be tested alone (here one with nothing
/// planned) met in the scan while another lane had not yet said whether it
/// tests was set aside, and the scan stopped; whether it went on when that
/// lane's message came depended on whether the message of a lane that
/// ended without a test had been read before: the tasks behind the alone
/// one joined the round or not, and one -j gave two results. Found by the
/// engine fuzzer (seed 2537 and others, with tasks that plan their changes).
#[test]
fn a_task_that_must_be_tested_alone_holds_the_round_whatever_the_lanes_say_first() {
    within(120, || {
        for _ in 0..5 {
            // 5 and 6 are needed: their deletions fail in the first round,
            // and that verdict is known in the second.
            let mut subject = grouped(&[5, 6], 0);
            // The lane that tests in the second round says so late.
            subject.slow_apply = Some((1, std::time::Duration::from_millis(100)));
            let stats = Stats::new(["delete"]);
            let run = Run::new(2, &stats, None);
            let at = |tokens: u64, task: Task<Items>| (Priority { tokens, rank: 0 }, task);
            let tasks = vec![
                at(100, Box::new(Delete(5))),
                at(100, Box::new(Delete(6))),
                // Known not interesting: ends without a test.
                at(90, Box::new(FirstOf(vec![5]))),
                at(80, Box::new(Delete(1))),
                // Nothing planned: its footprint is everything.
                at(70, Box::new(FirstOf(Vec::new()))),
                at(60, Box::new(Delete(2))),
            ];
            let done = run_pass(&run, &subject, (0..8).collect(), tasks);
            assert_eq!(*done.best, BTreeSet::from([0, 3, 4, 5, 6, 7]));
            // The deletions of 1 and 2 were in rounds of their own, not
            // merged.
            assert_eq!(stats.report().merges, 0);
        }
    });
}

/// Regression: two lanes waited with changes of one claim (two tokens
/// going on to the same fresh name); the first joined the next round,
/// found its change's verdict known (a probe of the round before had
/// tested it) and ended without a test, and the second, held back by the
/// claim the first had put in the round, was left waiting when the round
/// came out empty with nothing queued: the pass ended without its change,
/// which was interesting. (Found by reading `resume_waiting`.)
#[test]
fn a_lane_held_back_by_a_claim_is_not_left_behind_when_the_round_comes_out_empty() {
    within(60, || {
        for jobs in [1, 2, 4] {
            // 1, 2 and 5 are needed; deleting 5 and deleting 6 claim one key.
            let mut subject = grouped(&[1, 2, 5], 0);
            subject.claimed = vec![5, 6];
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let at = |tokens: u64, task: Task<Items>| (Priority { tokens, rank: 0 }, task);
            let planned = |items: Vec<u32>| Box::new(Planned { items, plans: true });
            let tasks = vec![at(100, planned(vec![1, 5])), at(90, planned(vec![2, 6]))];
            let done = run_pass(&run, &subject, (0..8).collect(), tasks);
            let all_but_6: BTreeSet<u32> = (0..8).filter(|&i| i != 6).collect();
            assert_eq!(*done.best, all_but_6, "-j {jobs}");
        }
    });
}

/// One condition of a random oracle on the kept items (the fuzzer below);
/// an oracle is the conjunction of its conditions, each true of the whole
/// set. All but `Kept` are not monotone: deleting more can make a failing
/// candidate interesting again, and two deletions interesting alone can
/// fail together (their merge is not interesting).
#[derive(Clone, Debug)]
enum Condition {
    /// The item is kept.
    Kept(u32),
    /// The number of these items kept is odd (`true`) or even.
    Parity(Vec<u32>, bool),
    /// The sum of these items kept, modulo the first number, is the second.
    Residue(Vec<u32>, u32, u32),
    /// One of the literals holds: (item, whether it is kept).
    Clause(Vec<(u32, bool)>),
    /// Both items are kept or neither is.
    Together(u32, u32),
    /// A random verdict fixed per kept set (from its hash with the salt),
    /// interesting in the given percentage of sets, and for the whole set.
    Hash(u64, u64),
}

impl Condition {
    fn holds(&self, kept: &BTreeSet<u32>, n: u32) -> bool {
        let present = |set: &[u32]| {
            set.iter()
                .filter(|i| kept.contains(i))
                .copied()
                .collect::<Vec<_>>()
        };
        match self {
            Condition::Kept(i) => kept.contains(i),
            Condition::Parity(set, odd) => (present(set).len() % 2 == 1) == *odd,
            Condition::Residue(set, m, r) => present(set).iter().sum::<u32>() % m == *r,
            Condition::Clause(literals) => literals.iter().any(|(i, k)| kept.contains(i) == *k),
            Condition::Together(a, b) => kept.contains(a) == kept.contains(b),
            Condition::Hash(salt, percent) => {
                let mut bytes = salt.to_le_bytes().to_vec();
                bytes.extend(text(kept));
                kept.len() == n as usize || VerdictCache::key(&bytes) % 100 < u128::from(*percent)
            }
        }
    }

    /// A random condition on `0..n` that the whole set meets.
    fn random(rng: &mut crate::testing::XorShift, n: u32) -> Condition {
        let item = |rng: &mut crate::testing::XorShift| rng.below(u64::from(n)) as u32;
        let some = |rng: &mut crate::testing::XorShift| -> Vec<u32> {
            let k = 2 + rng.below(u64::from(n.min(8)) - 1);
            let mut set: Vec<u32> = (0..k).map(|_| item(rng)).collect();
            set.sort_unstable();
            set.dedup();
            set
        };
        let whole = |set: &[u32]| set.len();
        match rng.below(6) {
            0 => Condition::Kept(item(rng)),
            1 => {
                let set = some(rng);
                let odd = whole(&set) % 2 == 1;
                Condition::Parity(set, odd)
            }
            2 => {
                let set = some(rng);
                let m = 2 + rng.below(3) as u32;
                let r = set.iter().sum::<u32>() % m;
                Condition::Residue(set, m, r)
            }
            3 => {
                // The first literal holds of the whole set.
                let mut literals = vec![(item(rng), true)];
                for _ in 0..rng.below(3) {
                    literals.push((item(rng), rng.chance(50)));
                }
                Condition::Clause(literals)
            }
            4 => Condition::Together(item(rng), item(rng)),
            _ => Condition::Hash(rng.next(), 20 + rng.below(61)),
        }
    }
}

fn holds(conditions: &[Condition], kept: &BTreeSet<u32>, n: u32) -> bool {
    conditions.iter().all(|c| c.holds(kept, n))
}

/// How the fuzzer's passes are made of tasks, from a salt: deletions of
/// single items (priorities from the salt, with ties), and optionally
/// deletions of chunks of neighbours (which overlap the single ones), tasks
/// that try one item and then another (spanning rounds), and an expansion
/// that queues the single deletions.
#[derive(Clone, Copy, Debug)]
struct Shape {
    salt: u64,
    chunks: bool,
    first_of: bool,
    expand: bool,
}

/// Tests nothing: queues the deletion of each item (with its priority).
struct Spread(Vec<(u64, u32)>);

impl Spread {
    fn tasks(&self) -> Vec<Queued<Items>> {
        self.0
            .iter()
            .map(|&(tokens, i)| {
                let task: Task<Items> = Box::new(Delete(i));
                (Priority { tokens, rank: 0 }, task)
            })
            .collect()
    }
}

impl Job<Items> for Spread {
    fn run(self: Box<Self>, _: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        self.tasks()
    }

    fn expand_ahead(&self, _: &Items, _: &BTreeSet<u32>) -> Option<Vec<Queued<Items>>> {
        Some(self.tasks())
    }
}

impl Shape {
    fn random(rng: &mut crate::testing::XorShift) -> Shape {
        Shape {
            salt: rng.next(),
            chunks: rng.chance(50),
            first_of: rng.chance(50),
            expand: rng.chance(50),
        }
    }

    /// The tasks of pass `pass` on `kept`, and how many changes they may
    /// test at most.
    fn tasks(&self, kept: &BTreeSet<u32>, pass: usize) -> (Vec<Queued<Items>>, usize) {
        let mut rng = crate::testing::XorShift::seeded(self.salt ^ pass as u64);
        let kept: Vec<u32> = kept.iter().copied().collect();
        let singles: Vec<(u64, u32)> = kept.iter().map(|&i| (1 + rng.below(6), i)).collect();
        let mut changes = singles.len();
        let mut tasks: Vec<Queued<Items>> = Vec::new();
        if self.expand {
            let task: Task<Items> = Box::new(Spread(singles));
            tasks.push((Priority { tokens: 7, rank: 1 }, task));
        } else {
            tasks.extend(Spread(singles).tasks());
        }
        if self.chunks {
            let mut rest = &kept[..];
            while rest.len() > 1 {
                let size = (2 + rng.below(3) as usize).min(rest.len());
                let task: Task<Items> = Box::new(DeleteAll(rest[..size].to_vec()));
                tasks.push((
                    Priority {
                        tokens: 10 + size as u64,
                        rank: 0,
                    },
                    task,
                ));
                changes += 1;
                rest = &rest[size..];
            }
        }
        if self.first_of {
            for pair in kept.windows(2) {
                if rng.chance(30) {
                    let task: Task<Items> = Box::new(FirstOf(pair.to_vec()));
                    tasks.push((
                        Priority {
                            tokens: 1 + rng.below(8),
                            rank: 0,
                        },
                        task,
                    ));
                    changes += 2;
                }
            }
        }
        (tasks, changes)
    }
}

/// What a reduction of the fuzzer gave.
struct Reduced {
    best: BTreeSet<u32>,
    /// By improvement number.
    improvements: Vec<(u64, BTreeSet<u32>)>,
    report: crate::stats::Report,
    passes: usize,
    /// Changes the passes' tasks may test at most.
    changes: usize,
    /// Merges that did not combine.
    refused: u64,
}

/// Passes of `shape`'s tasks from all of `0..n` until one commits nothing
/// (the fixpoint the single-file driver runs to), in one run.
fn reduce_items(
    conditions: &Arc<Vec<Condition>>,
    n: u32,
    shape: Shape,
    malformed: Option<Malformed>,
    (jobs, width): (usize, usize),
) -> Reduced {
    let oracle = conditions.clone();
    let oracle: ItemOracle = Box::new(move |kept| holds(&oracle, kept, n));
    reduce_items_with(oracle, n, shape, malformed, (jobs, width))
}

/// [`reduce_items`] with any oracle.
fn reduce_items_with(
    oracle: ItemOracle,
    n: u32,
    shape: Shape,
    malformed: Option<Malformed>,
    (jobs, width): (usize, usize),
) -> Reduced {
    let mut subject = grouped(&[], 0);
    subject.oracle = Some(oracle);
    if let Some(m) = malformed {
        subject.malformed = Some(Box::new(move |kept| m.holds(kept)));
    }
    let stats = Stats::new(["delete"]);
    let run = Run::new(jobs, &stats, None).with_width(width);
    let mut best: BTreeSet<u32> = (0..n).collect();
    let (mut passes, mut changes) = (0, 0);
    loop {
        passes += 1;
        // A pass that commits deletes at least one item.
        assert!(
            passes <= n as usize + 1,
            "no fixpoint after {passes} passes"
        );
        let (queued, most) = shape.tasks(&best, passes);
        changes += most;
        let done = run_pass(&run, &subject, best.clone(), queued);
        assert!(run.failure().is_none());
        best = (*done.best).clone();
        if done.commits == 0 {
            break;
        }
    }
    let refused = subject.refused.load(Ordering::SeqCst) as u64;
    let mut improvements = subject.improvements.into_inner();
    improvements.sort_by_key(|(seq, _)| *seq);
    Reduced {
        best,
        improvements,
        report: stats.report(),
        passes,
        changes,
        refused,
    }
}

/// Which sets of items the fuzzer's check rejects as malformed: those
/// whose sum leaves `residue` modulo `modulus`.
#[derive(Clone, Copy, Debug)]
struct Malformed {
    modulus: u32,
    residue: u32,
}

impl Malformed {
    fn holds(&self, kept: &BTreeSet<u32>) -> bool {
        kept.iter().sum::<u32>() % self.modulus == self.residue
    }
}

/// One case of the engine fuzzer (see the test below).
fn fuzz_items(seed: u64) -> crate::testing::Tally {
    let mut rng = crate::testing::XorShift::seeded(seed);
    let n = 4 + rng.below(33) as u32;
    let conditions: Vec<Condition> = (0..1 + rng.below(3))
        .map(|_| Condition::random(&mut rng, n))
        .collect();
    let shape = Shape::random(&mut rng);
    let malformed = (rng.below(2) == 0).then(|| {
        let modulus = 3 + rng.below(6) as u32;
        Malformed {
            modulus,
            residue: rng.below(u64::from(modulus)) as u32,
        }
    });
    let whole: BTreeSet<u32> = (0..n).collect();
    assert!(holds(&conditions, &whole, n));
    let context = format!("seed {seed}: {n} items, {conditions:?}, {shape:?}, {malformed:?}");
    let rejected = |kept: &BTreeSet<u32>| malformed.is_some_and(|m| m.holds(kept));
    let conditions = Arc::new(conditions);
    let oracle = |kept: &BTreeSet<u32>| holds(&conditions, kept, n);
    let mut tally = crate::testing::Tally::new();
    *tally.entry("cases".into()).or_default() += 1;
    // The improvements of each width, which every -j must give.
    let mut of_width: std::collections::BTreeMap<usize, Vec<(u64, BTreeSet<u32>)>> =
        Default::default();
    // (jobs, width): in order (width 1) at -j 1 and -j 4; in rounds of 2
    // at -j 2, of 4 at -j 1 and 4, of 16 at -j 1, 3 and 16.
    for (jobs, width) in [
        (1, 1),
        (4, 1),
        (2, 2),
        (1, 4),
        (4, 4),
        (1, 16),
        (3, 16),
        (16, 16),
    ] {
        let context = format!("{context}, -j {jobs}, width {width}");
        let first = reduce_items(&conditions, n, shape, malformed, (jobs, width));
        let Reduced {
            best,
            improvements,
            report,
            passes,
            changes,
            refused,
        } = &first;
        assert!(oracle(best), "{context}: the result fails");
        // Improvements: dense numbers, each a tested interesting set,
        // each smaller than the one before, the last the result.
        let seqs: Vec<u64> = improvements.iter().map(|(s, _)| *s).collect();
        assert_eq!(
            seqs,
            (1..=seqs.len() as u64).collect::<Vec<_>>(),
            "{context}"
        );
        let mut before = &whole;
        for (seq, set) in improvements {
            assert!(oracle(set), "{context}: improvement {seq} {set:?} fails");
            assert!(
                set.is_subset(before) && set != before,
                "{context}: improvement {seq} {set:?} after {before:?}; {improvements:?}"
            );
            before = set;
        }
        assert_eq!(
            before, best,
            "{context}: the last improvement is not the result"
        );
        // 1-minimal: no single item more can go (but into a set the check
        // rejects).
        for i in best {
            let mut less = best.clone();
            less.remove(i);
            assert!(
                !oracle(&less) || rejected(&less),
                "{context}: {i} could go from {best:?}"
            );
        }
        // Every test whose verdict was used is of a task's change, of a
        // change tried again after a failed merge (at most `width` of them
        // per failed merge, and as many commits lost with it), or of a
        // merge; tests run ahead in order whose verdicts were not used
        // (conflicts) are at most one per worker and used verdict.
        // (and of the changes tried again on the best when their merge did
        // not combine, at most `width` per such merge)
        let bound = *changes as u64
            + report.merges
            + 2 * width as u64 * report.merges_failed
            + width as u64 * refused;
        let used = report.tests - report.conflicts;
        assert!(used <= bound, "{context}: {used} tests used, bound {bound}");
        assert!(
            report.tests <= jobs as u64 * bound,
            "{context}: {} tests",
            report.tests
        );
        // The same every time for one -j.
        let again = reduce_items(&conditions, n, shape, malformed, (jobs, width));
        assert_eq!(
            again.improvements, *improvements,
            "{context}: not deterministic"
        );
        // Every -j gives the path of -j 1 at the same width.
        match of_width.get(&width) {
            None => {
                of_width.insert(width, improvements.clone());
            }
            Some(one) => assert_eq!(improvements, one, "{context}: not the path of another -j"),
        }
        for (key, value) in [
            ("runs", 2),
            ("passes", *passes as u64),
            ("tests", report.tests),
            ("rounds", report.rounds),
            ("merges", report.merges),
            ("merges_failed", report.merges_failed),
            ("rejected", report.syntax_rejected),
        ] {
            *tally.entry(key.into()).or_default() += value;
        }
    }
    tally
}

/// The engine fuzzer: random sets of items, random oracles that are not
/// monotone (parities, residues, clauses with negations, pairs kept
/// together, random verdicts per set) and random task shapes (single and
/// chunk deletions that overlap, tasks spanning rounds, expansions), run to
/// a fixpoint of passes in order at -j 1 and -j 4 and in rounds of 2, 4 and
/// 16 at several -j. The result and every improvement pass the oracle; the
/// result is 1-minimal (no single item more can go); the tests stay within
/// what the protocol allows; each -j gives the same improvements every
/// time, and every -j those of the others at the same width. Merges that are not interesting happen
/// (and are counted). `TREEREDUCE_FUZZ_SECONDS` runs it longer (see
/// `testing::fuzz`).
#[test]
fn fuzz_non_monotone_oracles_on_items() {
    let tally = crate::testing::fuzz("engine fuzz", 40, 120, fuzz_items);
    // (Not for one case alone, TREEREDUCE_FUZZ_SEED: it may have none.)
    let count = |key: &str| tally.get(key).copied().unwrap_or(0);
    assert!(
        count("cases") < 20 || (count("merges_failed") > 0 && count("rejected") > 0),
        "{tally:?}"
    );
}

/// One case of the engine fuzzer with a flaky test (see the test below).
fn fuzz_flaky_items(seed: u64) -> crate::testing::Tally {
    let mut rng = crate::testing::XorShift::seeded(seed);
    let n = 4 + rng.below(33) as u32;
    let conditions: Arc<Vec<Condition>> = Arc::new(
        (0..1 + rng.below(3))
            .map(|_| Condition::random(&mut rng, n))
            .collect(),
    );
    let shape = Shape::random(&mut rng);
    let percent = 2 + rng.below(30);
    let context = format!("seed {seed}: {n} items, {percent}% flaky, {conditions:?}, {shape:?}");
    let mut tally = crate::testing::Tally::new();
    *tally.entry("cases".into()).or_default() += 1;
    for (jobs, width) in [
        (1, 1),
        (2, 1),
        (1, 4),
        (2, 4),
        (3, 4),
        (4, 16),
        (8, 16),
        (16, 16),
    ] {
        let context = format!("{context}, -j {jobs}, width {width}");
        // The other verdict on `percent` tests in 100, drawn anew on every
        // test: one set gets both answers, in an order the threads decide.
        let accepted: Arc<Mutex<std::collections::HashSet<BTreeSet<u32>>>> = Arc::default();
        let flips = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let calls = std::sync::atomic::AtomicU64::new(0);
        let oracle: ItemOracle = {
            let (accepted, flips, conditions) =
                (accepted.clone(), flips.clone(), conditions.clone());
            Box::new(move |kept| {
                let call = calls.fetch_add(1, Ordering::SeqCst);
                let mut rng = crate::testing::XorShift::seeded(seed ^ call.wrapping_mul(0x9e37));
                let mut verdict = holds(&conditions, kept, n);
                if rng.chance(percent) {
                    flips.fetch_add(1, Ordering::SeqCst);
                    verdict = !verdict;
                }
                if verdict {
                    accepted.lock().insert(kept.clone());
                }
                verdict
            })
        };
        let reduced = reduce_items_with(oracle, n, shape, None, (jobs, width));
        let accepted = accepted.lock();
        let whole: BTreeSet<u32> = (0..n).collect();
        assert!(
            reduced.best == whole || accepted.contains(&reduced.best),
            "{context}: the result {:?} was never accepted",
            reduced.best
        );
        let mut before = &whole;
        for (seq, set) in &reduced.improvements {
            assert!(
                accepted.contains(set),
                "{context}: improvement {seq} {set:?} was never accepted"
            );
            assert!(
                set.is_subset(before) && set != before,
                "{context}: improvement {seq} {set:?} after {before:?}"
            );
            before = set;
        }
        assert_eq!(
            before, &reduced.best,
            "{context}: the last improvement is not the result"
        );
        let bound = reduced.changes as u64
            + reduced.report.merges
            + 2 * width as u64 * reduced.report.merges_failed
            + width as u64 * reduced.refused;
        assert!(
            reduced.report.tests <= jobs as u64 * bound,
            "{context}: {} tests, bound {bound}",
            reduced.report.tests
        );
        for (key, value) in [
            ("runs", 1),
            ("tests", reduced.report.tests),
            ("flaky answers", flips.load(Ordering::SeqCst)),
            ("merges_failed", reduced.report.merges_failed),
        ] {
            *tally.entry(key.into()).or_default() += value;
        }
    }
    tally
}

/// The engine fuzzer with a flaky test: random sets, oracles and task
/// shapes as in `fuzz_non_monotone_oracles_on_items`, under a test that
/// gives the other verdict on 2 to 31 tests in 100, at -j 1 and 2 in
/// order and in rounds of 4 and 16 at -j 1, 2, 3, 4, 8 and 16. Every run
/// ends (a fixpoint of passes within the bound of `reduce_items`, each
/// within the time of `testing::fuzz`) with no panic; the result and every
/// improvement are sets the test accepted, each smaller than the one
/// before; the tests stay within what the protocol allows.
/// `TREEREDUCE_FUZZ_SECONDS` runs it longer (see `testing::fuzz`).
#[test]
fn fuzz_flaky_oracles_on_items() {
    let tally = crate::testing::fuzz("engine flaky fuzz", 30, 120, fuzz_flaky_items);
    let count = |key: &str| tally.get(key).copied().unwrap_or(0);
    assert!(
        count("cases") < 10 || count("flaky answers") > 0,
        "{tally:?}"
    );
}

/// The candidates of a round are checked (for a program: parsed) side by
/// side once the lanes' turns are over, not one lane after another in
/// their turns: each check here waits until the round's four run at once
/// (at most 10 s, after which it gives up and the count stays below 4).
#[test]
fn the_checks_of_a_round_run_side_by_side() {
    within(60, || {
        let mut subject = grouped(&[], 0);
        subject.checks_together = 4;
        let stats = Stats::new(["delete"]);
        let run = Run::new(4, &stats, None).with_width(4);
        let done = run_pass(&run, &subject, (0..4).collect(), deletions(4, u64::from));
        assert!(done.best.is_empty(), "{:?}", done.best);
        assert_eq!(subject.most_checking.load(Ordering::SeqCst), 4);
        assert_eq!(stats.report().rounds, 1);
    });
}

/// A candidate its check rejects gives its place back once the round's
/// checks are in, and its lane goes on in its turn: the same rounds,
/// tests, rejections and result at every -j.
#[test]
fn malformed_candidates_give_their_places_back_alike_at_every_job_count() {
    within(60, || {
        let mut seen = None;
        for jobs in [1, 3, 8] {
            let mut subject = grouped(&[1, 6], 0);
            // Sets with an odd sum are malformed.
            subject.malformed = Some(Box::new(|kept| kept.iter().sum::<u32>() % 2 == 1));
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None).with_width(4);
            let done = run_pass(&run, &subject, (0..10).collect(), deletions(10, u64::from));
            let report = stats.report();
            assert!(report.syntax_rejected > 0, "{report:?}");
            let got = (
                (*done.best).clone(),
                report.tests,
                report.rounds,
                report.syntax_rejected,
            );
            match &seen {
                None => seen = Some(got),
                Some(first) => assert_eq!(&got, first, "-j {jobs}"),
            }
        }
    });
}

/// A lane whose candidate is malformed goes on to its next change (here:
/// its task ends) as if the check had failed in its turn: the place it
/// frees goes to what would have taken it then. In rounds of 2, deleting
/// 1 alone is malformed; the deletions of 1 with each of 10 to 17 overlap
/// it and are set aside, until the 8 set aside fill the round: both places
/// go to them (the deletion of 1 ended in its turn), not one to the next
/// task of the queue, the deletion of 50, found once the round's checks
/// are in.
#[test]
fn a_malformed_candidates_lane_goes_on_as_if_checked_in_its_turn() {
    within(60, || {
        for jobs in [1, 2] {
            let mut subject = grouped(&[], 0);
            subject.malformed = Some(Box::new(|kept| {
                !kept.contains(&1) && (10..18).all(|i| kept.contains(&i))
            }));
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None).with_width(2);
            let at = |tokens: u64, task: Task<Items>| (Priority { tokens, rank: 0 }, task);
            let mut tasks = vec![at(100, Box::new(Delete(1)))];
            for i in 10..18 {
                tasks.push(at(90 - u64::from(i), Box::new(DeleteAll(vec![1, i]))));
            }
            tasks.push(at(10, Box::new(Delete(50))));
            run_pass(&run, &subject, (0..60).collect(), tasks);
            let without =
                |gone: &[u32]| -> BTreeSet<u32> { (0..60).filter(|i| !gone.contains(i)).collect() };
            let mut first_round = subject.tested.lock()[..2].to_vec();
            first_round.sort();
            let mut expected = vec![without(&[1, 10]), without(&[1, 11])];
            expected.sort();
            assert_eq!(first_round, expected, "-j {jobs}");
            assert!(stats.report().syntax_rejected > 0);
        }
    });
}

/// Two lanes of a round whose candidates are the same text (here: deleting
/// 3, and deleting 3 and 7, which is not there) run one test between them
/// at every -j, as at -j 1, where the second finds the first's verdict in
/// the cache: the second waits for the first's verdict instead of testing
/// the text beside it. (3 is needed: were its deletion interesting, the
/// second change, which deletes nothing else, would be moot and not tested
/// at all.)
#[test]
fn a_text_two_lanes_of_a_round_test_is_tested_once_at_every_job_count() {
    within(60, || {
        for jobs in [1, 4] {
            let mut subject = grouped(&[0, 3], 0);
            subject.sleep = std::time::Duration::from_millis(200);
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None).with_width(4);
            let tasks: Vec<Queued<Items>> = [vec![3], vec![3, 7]]
                .into_iter()
                .enumerate()
                .map(|(i, items)| {
                    let task: Task<Items> = Box::new(DeleteAll(items));
                    let priority = Priority {
                        tokens: 10 - i as u64,
                        rank: 0,
                    };
                    (priority, task)
                })
                .collect();
            let done = run_pass(&run, &subject, (0..4).collect(), tasks);
            let report = stats.report();
            assert_eq!(*done.best, BTreeSet::from([0, 1, 2, 3]), "-j {jobs}");
            assert_eq!(report.rounds, 1, "-j {jobs}");
            assert_eq!((report.tests, report.cache_hits), (1, 1), "-j {jobs}");
        }
    });
}

/// One round of width 8 on the items 0..40 at `jobs` (item 30 needed,
/// tests of 20 ms, `spare` as the subject's answer): the deletion of
/// 0..10, six deletions of single items inside it, and the deletion of 9
/// and 10, which it does not remove whole. It ends with 11..40 in one
/// round. The subject and the run's report.
fn one_outer_round(spare: bool, jobs: usize) -> (Items, crate::stats::Report) {
    let subject = Items {
        sleep: std::time::Duration::from_millis(20),
        spare,
        ..grouped(&[30], 0)
    };
    let stats = Stats::new(["delete"]);
    let run = Run::new(jobs, &stats, None).with_width(8);
    let at = |tokens: u64, task: Task<Items>| (Priority { tokens, rank: 0 }, task);
    let mut tasks = vec![at(100, Box::new(DeleteAll((0..10).collect())))];
    for i in 0..6 {
        tasks.push(at(50 - u64::from(i), Box::new(Delete(i))));
    }
    tasks.push(at(40, Box::new(DeleteAll(vec![9, 10]))));
    let done = run_pass(&run, &subject, (0..40).collect(), tasks);
    let report = stats.report();
    assert_eq!(*done.best, (11..40).collect(), "-j {jobs}");
    assert_eq!(report.rounds, 1, "-j {jobs}");
    (subject, report)
}

/// A change set aside because it overlaps a change of its round (deleting
/// an item of the range another lane deletes) is moot once that change is
/// interesting: tested again on the new base, where it is implied. At -j 1
/// the tests run in the order the lanes joined, so no moot change is
/// tested; at -j 4 some are (their tests start beside the outer one's), and
/// the rounds and the result are the same. A change the outer one does not
/// remove whole (deleting 9 and 10) is not moot, and is merged.
#[test]
fn a_change_under_an_interesting_change_of_its_round_is_not_tested_at_j1() {
    within(60, || {
        for jobs in [1, 4] {
            let (_, report) = one_outer_round(true, jobs);
            // The outer deletion, the seven set aside beside it, and the
            // merge of the outer one with the deletion of 9 and 10.
            assert_eq!(report.tests + report.abandoned, 9, "-j {jobs}");
            if jobs == 1 {
                assert_eq!((report.tests, report.abandoned), (3, 6));
            }
        }
    });
}

/// When no test run ahead may start (a batch's shared budget has no permit
/// to spare), a round's tests run one at a time in the order of their
/// lanes, in directory 0 (the one the budget serves first), whatever `-j`
/// is: as at `-j 1`, a change an earlier verdict made moot is not tested.
#[test]
fn without_a_spare_permit_a_round_tests_one_change_at_a_time() {
    within(60, || {
        for jobs in [1, 4] {
            let (subject, report) = one_outer_round(false, jobs);
            assert_eq!((report.tests, report.abandoned), (3, 6), "-j {jobs}");
            assert_eq!(subject.most_testing.load(Ordering::SeqCst), 1, "-j {jobs}");
            assert_eq!(
                subject.by_coordinator.load(Ordering::SeqCst),
                3,
                "-j {jobs}"
            );
        }
    });
}

/// A pass in rounds narrower than the run's is the pass of a run of that
/// width: the same rounds, tests and result, at every -j; a width above
/// the run's is the run's.
#[test]
fn a_pass_in_narrower_rounds_is_the_pass_of_a_narrower_run() {
    within(60, || {
        let pass = |jobs: usize, run_width: usize, pass_width: Option<usize>| {
            let subject = grouped(&[1, 6, 11, 17], 0);
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None).with_width(run_width);
            let start: BTreeSet<u32> = (0..20).collect();
            let tasks = deletions(20, u64::from);
            let done = match pass_width {
                Some(w) => run_pass_in_rounds_of(&run, w, &subject, start, tasks),
                None => run_pass(&run, &subject, start, tasks),
            };
            let report = stats.report();
            ((*done.best).clone(), report.tests, report.rounds)
        };
        for jobs in [1, 3] {
            let narrow = pass(jobs, 4, None);
            assert_eq!(narrow.0, [1, 6, 11, 17].into_iter().collect());
            assert_eq!(pass(jobs, 16, Some(4)), narrow, "-j {jobs}");
            assert_eq!(pass(jobs, 4, Some(16)), narrow, "-j {jobs}");
            // Narrower rounds are more rounds here: 16 deletions, 4 at a time.
            let wide = pass(jobs, 16, None);
            assert!(wide.2 < narrow.2, "-j {jobs}: {wide:?} against {narrow:?}");
            // Width 1 is the order of one worker (its tests above -j 1
            // depend on the speculation's timing).
            let (one, in_order) = (pass(jobs, 16, Some(1)), pass(jobs, 1, None));
            assert_eq!(one.0, in_order.0, "-j {jobs}");
            assert_eq!(one.2, 0, "-j {jobs}");
            if jobs == 1 {
                assert_eq!(one, in_order);
            }
        }
    });
}

/// A change of the next pass's list that pass tests only unless an
/// earlier one is interesting ([`NextChange::unless`]) is probed under the
/// probe of that one: once it is interesting, the later one is moot (at
/// -j 1, tested after it, not tested at all).
#[test]
fn a_next_pass_change_is_moot_once_the_one_it_follows_holds() {
    within(60, || {
        for jobs in [1, 4] {
            // Every single item is needed, but 0 and 1 may go together.
            let mut subject = grouped(&[0, 1, 2, 3, 4, 5], 0);
            subject.oracle = Some(Box::new(|c: &BTreeSet<u32>| {
                c.len() == 6 || *c == BTreeSet::from([2, 3, 4, 5])
            }));
            subject.next = vec![
                (vec![0, 1], None),
                (vec![4, 5], Some(0)),
                (vec![2, 3], None),
            ];
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let done = run_pass(&run, &subject, (0..6).collect(), deletions(6, u64::from));
            assert_eq!(done.commits, 0);
            let tested = subject.tested.lock().clone();
            let with = |set: &[u32]| tested.contains(&set.iter().copied().collect());
            assert!(
                with(&[2, 3, 4, 5]) && with(&[0, 1, 4, 5]),
                "-j {jobs}: {tested:?}"
            );
            if jobs == 1 {
                // The six deletions and two probes; not the one under [0, 1].
                assert!(!with(&[0, 1, 2, 3]), "{tested:?}");
                assert_eq!(stats.report().tests, 8);
            }
        }
    });
}

/// Tries deleting its item (the first number), then queues the same for
/// the next item, up to the second number: one lane in each round.
struct ThenNext(u32, u32);

impl Job<Items> for ThenNext {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Items>) -> Vec<Queued<Items>> {
        tests.try_change(std::slice::from_ref(&self.0));
        if self.0 >= self.1 {
            return Vec::new();
        }
        let task: Task<Items> = Box::new(ThenNext(self.0 + 1, self.1));
        vec![(Priority { tokens: 1, rank: 0 }, task)]
    }

    fn first_change(&self) -> Option<&[u32]> {
        Some(std::slice::from_ref(&self.0))
    }
}

/// After a round in which the probe of a next-pass change was interesting,
/// the change that follows it ([`NextChange::unless`]) is not probed in a
/// later round: rounds of three, two lanes and one probe each.
#[test]
fn a_next_pass_change_is_not_probed_after_the_one_it_follows_held() {
    within(60, || {
        for jobs in [1, 2, 4] {
            let mut subject = grouped(&[], 0);
            subject.oracle = Some(Box::new(|c: &BTreeSet<u32>| {
                c.len() == 10 || *c == (2..10).collect()
            }));
            subject.next = vec![
                (vec![0, 1], None),
                (vec![4, 5], Some(0)),
                (vec![2, 3], None),
            ];
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None).with_width(3);
            let tasks: Vec<Queued<Items>> = [(6, 7), (8, 9)]
                .into_iter()
                .map(|(from, to)| {
                    let task: Task<Items> = Box::new(ThenNext(from, to));
                    (Priority { tokens: 1, rank: 0 }, task)
                })
                .collect();
            let done = run_pass(&run, &subject, (0..10).collect(), tasks);
            assert_eq!(done.commits, 0);
            let tested = subject.tested.lock().clone();
            let without = |gone: &[u32]| {
                let set: BTreeSet<u32> = (0..10).filter(|i| !gone.contains(i)).collect();
                tested.contains(&set)
            };
            assert!(
                without(&[0, 1]) && without(&[2, 3]),
                "-j {jobs}: {tested:?}"
            );
            assert!(!without(&[4, 5]), "-j {jobs}: {tested:?}");
            assert_eq!(stats.report().rounds, 2, "-j {jobs}");
        }
    });
}

/// A pass that commits nothing tests what the next pass tests first
/// ([`Subject::next_pass`]) in the places its last round leaves free, and
/// the next pass finds those verdicts known: it tests nothing. A pass
/// whose round commits makes them moot (at -j 1 none is tested). The same
/// rounds and tests at every -j.
#[test]
fn a_pass_that_finds_nothing_tests_what_the_next_pass_tests_first() {
    within(120, || {
        let pairs = [vec![0, 1], vec![2, 3], vec![4, 5]];
        let next: Vec<(Vec<u32>, Option<usize>)> =
            pairs.iter().map(|p| (p.clone(), None)).collect();
        let pair_tested = |subject: &Items| {
            let tested = subject.tested.lock();
            tested.iter().filter(|c| c.len() == 4).count()
        };
        for jobs in [1, 3, 8] {
            // Every item is needed: every deletion fails.
            let mut subject = grouped(&[0, 1, 2, 3, 4, 5], 0);
            subject.next = next.clone();
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let done = run_pass(&run, &subject, (0..6).collect(), deletions(6, u64::from));
            assert_eq!(done.commits, 0);
            let first = stats.report();
            // Six deletions and the three pairs, in one round.
            assert_eq!((first.tests, first.rounds), (9, 1), "-j {jobs}");
            assert_eq!(pair_tested(&subject), 3, "-j {jobs}");
            // The next pass: the pairs, known.
            let tasks: Vec<Queued<Items>> = pairs
                .iter()
                .map(|p| {
                    let task: Task<Items> = Box::new(DeleteAll(p.clone()));
                    (Priority { tokens: 2, rank: 0 }, task)
                })
                .collect();
            subject.next = Vec::new();
            let done = run_pass(&run, &subject, (0..6).collect(), tasks);
            assert_eq!(done.commits, 0);
            assert_eq!(stats.report().tests, 9, "-j {jobs}");

            // Item 5 can go: the round commits, the pairs are moot.
            let mut subject = grouped(&[0, 1, 2, 3, 4], 0);
            subject.next = next.clone();
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let done = run_pass(&run, &subject, (0..6).collect(), deletions(6, u64::from));
            assert_eq!(done.commits, 1);
            if jobs == 1 {
                assert_eq!(pair_tested(&subject), 0);
                assert_eq!(stats.report().tests, 6);
            }
        }
    });
}

/// Counts what the engine asks of the run's last tests ([`Ending`]).
#[derive(Default)]
struct CountedEnding {
    keys: AtomicUsize,
    tests: AtomicUsize,
    rechecks: AtomicUsize,
}

impl Ending for CountedEnding {
    fn key(&self) -> Option<u128> {
        self.keys.fetch_add(1, Ordering::SeqCst);
        Some(u128::MAX)
    }

    fn rechecked(&self) -> bool {
        false
    }

    fn test(&self, _worker: usize) -> Result<Verdict, OracleError> {
        self.tests.fetch_add(1, Ordering::SeqCst);
        Ok(Verdict::Interesting)
    }

    fn recheck(&self, _worker: usize) {
        self.rechecks.fetch_add(1, Ordering::SeqCst);
    }
}

/// The run's last tests are made beside a round that may be the pass's
/// last on its start (here the only round: four deletions, none of them
/// interesting, nothing planned after them), once, and only where the round
/// leaves two directories idle: -j 6 and above with its four tests (which
/// take 300 ms, so they still run when the tests ahead take their turns),
/// never at -j 1 or -j 5. They change nothing of the pass: the same
/// result, tests and rounds at every -j (their own test aside).
#[test]
fn the_runs_last_tests_run_beside_a_last_round_that_leaves_two_workers_idle() {
    within(60, || {
        for (jobs, ahead) in [(1, false), (5, false), (6, true), (16, true)] {
            let mut subject = grouped(&[0, 1, 2, 3], 0);
            subject.sleep = std::time::Duration::from_millis(300);
            let stats = Stats::new(["delete"]);
            let run = Run::new(jobs, &stats, None);
            let ending = CountedEnding::default();
            let ends = Ends {
                ending: Some(&ending),
                ..Ends::default()
            };
            let done = run_pass_between(
                &run,
                &subject,
                (0..4).collect(),
                deletions(4, u64::from),
                ends,
            );
            assert_eq!(*done.best, (0..4).collect::<BTreeSet<_>>(), "-j {jobs}");
            assert_eq!(done.commits, 0);
            let counts =
                [&ending.keys, &ending.tests, &ending.rechecks].map(|c| c.load(Ordering::SeqCst));
            assert_eq!(counts, [usize::from(ahead); 3], "-j {jobs}");
            let report = stats.report();
            assert_eq!(report.rounds, 1, "-j {jobs}");
            assert_eq!(report.tests, 4 + u64::from(ahead), "-j {jobs}");
            // Its verdict is cached, but not settled: no schedule relies on it.
            assert_eq!(run.cache().settled(u128::MAX), None, "-j {jobs}");
        }
    });
}

/// The run's last tests made ahead that run until the run is stopped (a
/// test that ends on a stop, as a script's does): counted when they start.
struct StoppedEnding<'c> {
    cancel: &'c crate::oracle::Cancel,
    started: AtomicUsize,
}

impl StoppedEnding<'_> {
    fn until_stopped(&self) {
        self.started.fetch_add(1, Ordering::SeqCst);
        while !self.cancel.is_cancelled() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

impl Ending for StoppedEnding<'_> {
    fn key(&self) -> Option<u128> {
        Some(7)
    }

    fn rechecked(&self) -> bool {
        false
    }

    fn test(&self, _worker: usize) -> Result<Verdict, OracleError> {
        self.until_stopped();
        Ok(Verdict::Cancelled)
    }

    fn recheck(&self, _worker: usize) {
        self.until_stopped();
    }
}

/// A stop while the run's last tests made ahead run ends the pass like any
/// stop: nothing waits for a turn or a directory that never comes.
#[test]
fn a_stop_while_the_runs_last_tests_run_ahead_ends_the_pass() {
    within(60, || {
        let cancel = crate::oracle::Cancel::new().unwrap();
        let mut subject = grouped(&[0, 1, 2, 3], 0);
        subject.sleep = std::time::Duration::from_millis(300);
        let stats = Stats::new(["delete"]);
        let run = Run::new(8, &stats, Some(&cancel));
        let ending = StoppedEnding {
            cancel: &cancel,
            started: AtomicUsize::new(0),
        };
        let ends = Ends {
            ending: Some(&ending),
            ..Ends::default()
        };
        let done = std::thread::scope(|s| {
            s.spawn(|| {
                // Both tests ahead start beside the round's, which take
                // 300 ms (the stop comes at the latest after 10 s: the
                // count below then says they did not start).
                let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
                while ending.started.load(Ordering::SeqCst) < 2 && std::time::Instant::now() < until
                {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                cancel.cancel();
            });
            run_pass_between(
                &run,
                &subject,
                (0..4).collect(),
                deletions(4, u64::from),
                ends,
            )
        });
        assert!(run.stopped());
        assert_eq!(done.commits, 0);
        assert_eq!(ending.started.load(Ordering::SeqCst), 2);
        // A cancelled test is no verdict: nothing is cached.
        assert_eq!(run.cache().get(7), None);
    });
}
