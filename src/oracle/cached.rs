//! A test with a memory: the verdicts it gave by key (a [`VerdictCache`]),
//! what it did (tests, interesting, answers from memory, errors), and
//! whether it could not be run [`ERROR_LIMIT`](super::ERROR_LIMIT)
//! times in a row. Every mode that tests outside the engine's own cache
//! goes through it: each program of a pair and the pair's one test
//! (`pair::side`), the programs a trace replay writes (`trace::reduce`).
//! [`Cached`] is the same over an [`Oracle`], keyed by the candidate's
//! bytes.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use parking_lot::Mutex;
use serde::Serialize;

use super::{Oracle, OracleError, Verdict, VerdictCache, steer_through};

/// What a [`Remembered`] test did, live: read on another thread for
/// progress.
#[derive(Default, Debug)]
pub struct Counts {
    tests: AtomicU64,
    interesting: AtomicU64,
    cache_hits: AtomicU64,
    errors: AtomicU64,
    abandoned: AtomicU64,
}

impl Counts {
    /// Tests run so far (not answers from memory).
    pub fn tests(&self) -> u64 {
        self.tests.load(Relaxed)
    }
}

/// What a [`Remembered`] test did, for `--stats-json`.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct TestReport {
    /// Runs that gave a verdict.
    pub tests: u64,
    /// Of those, interesting.
    pub interesting: u64,
    /// Candidates answered from memory.
    pub cache_hits: u64,
    /// Runs that gave no verdict (the test could not be run).
    pub errors: u64,
    /// Runs stopped before they gave a verdict: abandoned once their
    /// verdict was no longer needed (or stopped by Ctrl-C). Not in `tests`.
    pub abandoned: u64,
}

/// Verdicts by key with counters: see the module documentation.
#[derive(Default)]
pub struct Remembered {
    verdicts: VerdictCache,
    counts: Arc<Counts>,
    errors_in_a_row: AtomicUsize,
    last_error: Mutex<Option<String>>,
}

impl Remembered {
    /// The verdict remembered for `key`, if any (counted as an answer from
    /// memory).
    pub fn known(&self, key: u128) -> Option<Verdict> {
        let v = self.verdicts.verdict(key)?;
        self.counts.cache_hits.fetch_add(1, Relaxed);
        Some(v)
    }

    /// The verdict remembered for `key`, else `run`'s (then remembered,
    /// unless the run was cancelled or could not be made).
    pub fn test(
        &self,
        key: u128,
        run: impl FnOnce() -> Result<Verdict, OracleError>,
    ) -> Result<Verdict, OracleError> {
        self.test_in(key, false, run)
    }

    /// [`Remembered::test`] for a test made ahead beside a round, which
    /// not every `-j` makes: a timeout (on a busier machine than where the
    /// test would run alone) is not remembered, another verdict never
    /// replaces one already there, and neither an error nor a verdict
    /// counts toward the errors in a row (whether the run stops must not
    /// depend on `-j`).
    pub fn test_aside(
        &self,
        key: u128,
        run: impl FnOnce() -> Result<Verdict, OracleError>,
    ) -> Result<Verdict, OracleError> {
        self.test_in(key, true, run)
    }

    fn test_in(
        &self,
        key: u128,
        aside: bool,
        run: impl FnOnce() -> Result<Verdict, OracleError>,
    ) -> Result<Verdict, OracleError> {
        if let Some(v) = self.known(key) {
            return Ok(v);
        }
        match run() {
            Ok(Verdict::Cancelled) => {
                self.counts.abandoned.fetch_add(1, Relaxed);
                Ok(Verdict::Cancelled)
            }
            Ok(v) => {
                if !aside {
                    self.errors_in_a_row.store(0, Relaxed);
                }
                self.counts.tests.fetch_add(1, Relaxed);
                if v == Verdict::Interesting {
                    self.counts.interesting.fetch_add(1, Relaxed);
                }
                match aside {
                    // Never in place of a verdict a needed test gave
                    // meanwhile (a flaky script's may differ).
                    true if v != Verdict::TimedOut => self.verdicts.insert_unsettled(key, v),
                    true => {}
                    false => self.verdicts.insert(key, v),
                }
                Ok(v)
            }
            Err(e) => {
                self.counts.errors.fetch_add(1, Relaxed);
                if !aside {
                    self.errors_in_a_row.fetch_add(1, Relaxed);
                    *self.last_error.lock() = Some(e.to_string());
                }
                Err(e)
            }
        }
    }

    /// The live counters.
    pub fn counts(&self) -> Arc<Counts> {
        self.counts.clone()
    }

    /// The counters so far.
    pub fn report(&self) -> TestReport {
        let c = &self.counts;
        TestReport {
            tests: c.tests.load(Relaxed),
            interesting: c.interesting.load(Relaxed),
            cache_hits: c.cache_hits.load(Relaxed),
            errors: c.errors.load(Relaxed),
            abandoned: c.abandoned.load(Relaxed),
        }
    }

    /// The last error, once the test could not be run
    /// [`ERROR_LIMIT`](super::ERROR_LIMIT) times in a row.
    pub fn failure(&self) -> Option<String> {
        if self.errors_in_a_row.load(Relaxed) >= super::ERROR_LIMIT {
            self.last_error.lock().clone()
        } else {
            None
        }
    }
}

/// An [`Oracle`] with a memory of its verdicts, by the candidate's bytes.
pub struct Cached<'a> {
    oracle: &'a dyn Oracle,
    memory: Remembered,
}

impl<'a> Cached<'a> {
    /// Wraps `oracle`.
    pub fn new(oracle: &'a dyn Oracle) -> Cached<'a> {
        Cached {
            oracle,
            memory: Remembered::default(),
        }
    }

    /// The oracle itself, without the memory.
    pub fn inner(&self) -> &dyn Oracle {
        self.oracle
    }

    /// The memory and its counters.
    pub fn memory(&self) -> &Remembered {
        &self.memory
    }
}

impl Oracle for Cached<'_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.memory.test(VerdictCache::key(candidate), || {
            self.oracle.test(worker, candidate)
        })
    }

    /// See [`Remembered::test_aside`].
    fn test_aside(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.memory.test_aside(VerdictCache::key(candidate), || {
            self.oracle.test_aside(worker, candidate)
        })
    }

    steer_through!(oracle);
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Counting(AtomicU64, Verdict);

    impl Oracle for Counting {
        fn test(&self, _: usize, _: &[u8]) -> Result<Verdict, OracleError> {
            self.0.fetch_add(1, Relaxed);
            Ok(self.1)
        }
    }

    /// A test that could not be run.
    fn cannot_run() -> Result<Verdict, OracleError> {
        Err(OracleError::new(
            "cannot run",
            std::io::Error::other("gone"),
        ))
    }

    /// A test made ahead keeps no timeout (tested again), keeps any other
    /// verdict but never in place of one a needed test gave, and neither
    /// its errors nor its verdicts change the errors in a row.
    #[test]
    fn a_test_made_aside_keeps_no_timeout_replaces_no_verdict_and_counts_no_error() {
        for (verdict, runs) in [(Verdict::TimedOut, 2), (Verdict::NotInteresting, 1)] {
            let counting = Counting(AtomicU64::new(0), verdict);
            let cached = Cached::new(&counting);
            assert_eq!(cached.test_aside(0, b"x").unwrap(), verdict);
            assert_eq!(cached.test(0, b"x").unwrap(), verdict);
            assert_eq!(counting.0.load(Relaxed), runs, "{verdict:?}");
        }
        let memory = Remembered::default();
        for _ in 0..crate::oracle::ERROR_LIMIT {
            let _ = memory.test_aside(1, cannot_run);
        }
        assert_eq!(memory.failure(), None);
        assert_eq!(memory.report().errors, crate::oracle::ERROR_LIMIT as u64);
        for _ in 1..crate::oracle::ERROR_LIMIT {
            let _ = memory.test(1, cannot_run);
        }
        // A verdict made aside does not reset the count: one more error
        // reaches the limit.
        memory
            .test_aside(2, || Ok(Verdict::NotInteresting))
            .unwrap();
        assert_eq!(memory.failure(), None);
        let _ = memory.test(1, cannot_run);
        assert_eq!(memory.failure().as_deref(), Some("cannot run: gone"));
        // A needed test of the same text that ends while the one made
        // ahead runs keeps its verdict (a flaky script's two may differ).
        let aside = memory.test_aside(3, || {
            assert_eq!(
                memory.test(3, || Ok(Verdict::Interesting)).unwrap(),
                Verdict::Interesting
            );
            Ok(Verdict::NotInteresting)
        });
        assert_eq!(aside.unwrap(), Verdict::NotInteresting);
        assert_eq!(memory.known(3), Some(Verdict::Interesting));
    }

    #[test]
    fn a_verdict_is_tested_once_and_a_timeout_stays_a_timeout() {
        for verdict in [
            Verdict::Interesting,
            Verdict::NotInteresting,
            Verdict::TimedOut,
        ] {
            let inner = Counting(AtomicU64::new(0), verdict);
            let cached = Cached::new(&inner);
            assert_eq!(cached.test(0, b"a").unwrap(), verdict);
            assert_eq!(cached.test(0, b"a").unwrap(), verdict);
            assert_eq!(inner.0.load(Relaxed), 1);
            let r = cached.memory().report();
            assert_eq!((r.tests, r.cache_hits), (1, 1));
            assert_eq!(r.interesting, u64::from(verdict == Verdict::Interesting));
        }
    }

    #[test]
    fn a_cancelled_test_is_not_remembered_and_errors_count_to_the_limit() {
        let inner = Counting(AtomicU64::new(0), Verdict::Cancelled);
        let cached = Cached::new(&inner);
        cached.test(0, b"a").unwrap();
        cached.test(0, b"a").unwrap();
        assert_eq!(inner.0.load(Relaxed), 2);
        // Both runs were stopped before a verdict: abandoned, not tests.
        let r = cached.memory().report();
        assert_eq!((r.tests, r.abandoned, r.cache_hits), (0, 2, 0));

        let memory = Remembered::default();
        for _ in 1..crate::oracle::ERROR_LIMIT {
            assert!(memory.test(1, cannot_run).is_err());
        }
        assert_eq!(memory.failure(), None);
        assert!(memory.test(1, cannot_run).is_err());
        assert_eq!(memory.failure().as_deref(), Some("cannot run: gone"));
        assert_eq!(
            memory.test(1, || Ok(Verdict::Interesting)).unwrap(),
            Verdict::Interesting
        );
        assert_eq!(memory.failure(), None);
        assert_eq!(memory.report().errors, crate::oracle::ERROR_LIMIT as u64);
    }
}
