//! The final re-check: the test runs again on the newest result (bypassing
//! the cache), falling back to the checkpoint before while it rejects one;
//! and the run of the layout's test beside it that may be the re-check's
//! first try.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use parking_lot::Mutex;

use super::{Driver, Outcome, ReduceError};
use crate::engine::count_run;
use crate::oracle::{Oracle, OracleError, Verdict, VerdictCache, steer_through};
use crate::stats::{Recheck, Size, Stats, bump};
use crate::syntax::{count_tokens, parse};
use crate::task::Phase;

impl Driver<'_, '_> {
    /// The final re-check (unless switched off), then the end.
    pub(super) fn recheck(&mut self) -> Result<Outcome, ReduceError> {
        let (session, stats) = (self.session, self.session.stats);
        if !session.config.verify {
            return self.finish(false, false);
        }
        if self.checkpoints.len() <= 1 {
            // The result is the input, which the test accepted at the start.
            self.recheck = Recheck::Passed;
            return self.finish(false, false);
        }
        session.observer.phase(Phase::Verify);
        let newest = self.text.clone();
        let flaky = self.verify();
        if flaky {
            bump(&stats.flaky);
        }
        // The result is an older one: what the statistics and the output
        // say is its size, not the newest's.
        if !Arc::ptr_eq(&newest, &self.text) {
            let tokens = count_tokens(&parse(session.grammar, &self.text)) as u64;
            let seq = self.run.next_seq();
            stats.set_best(
                seq,
                Size {
                    bytes: self.text.len() as u64,
                    tokens,
                },
            );
            session.observer.improved(seq, &self.text);
        }
        let stopped = self.run.stopped();
        // The deadline passed during the re-check: the result stands as
        // at a deadline (the check it stopped counts as passed, as on Ctrl-C).
        if stopped && self.at_deadline() && self.run.failure().is_none() {
            if stats.deadline.load(Ordering::Relaxed) == 0 {
                bump(&stats.deadline);
            }
            return self.finish(false, flaky);
        }
        self.finish(stopped, flaky)
    }

    /// The final re-check of the checkpoints ([`recheck_checkpoints`]):
    /// sets the text, [`Driver::recheck`] and its error; returns whether
    /// the test rejected a result.
    pub(super) fn verify(&mut self) -> bool {
        let first = self.beside.take();
        let rechecked = recheck_checkpoints(
            self.session.oracle,
            self.run.cache(),
            self.session.stats,
            &mut self.checkpoints,
            first,
        );
        self.text = rechecked.text;
        self.recheck = rechecked.recheck;
        self.recheck_error = rechecked.error;
        rechecked.flaky
    }
}

/// What the final re-check made of a run's checkpoints.
pub(crate) struct Rechecked {
    /// The result: the newest checkpoint the test accepted, or could not
    /// be run on.
    pub text: Arc<[u8]>,
    /// How the re-check went.
    pub recheck: Recheck,
    /// With [`Recheck::CouldNotRun`]: the test's last error.
    pub error: Option<String>,
    /// Whether the test rejected a result.
    pub flaky: bool,
}

/// Re-runs the test on the newest of `checkpoints` (the input first, then
/// the results of the passes), bypassing the cache, up to three times
/// until it accepts it. A checkpoint the test rejects falls back to the
/// one before (the input was checked at the start). A checkpoint the test
/// cannot be run on at all is kept: an error is no verdict, and the newest
/// result the test did not reject is worth more than an older one that
/// cannot be checked either. `first` is a run of the test made earlier on
/// some text (beside the layout's test): the first try, if it is the
/// newest checkpoint's. Every run counts as a test; the checkpoints
/// re-checked are taken off the list.
pub(crate) fn recheck_checkpoints(
    oracle: &dyn Oracle,
    cache: &VerdictCache,
    stats: &Stats,
    checkpoints: &mut Vec<Arc<[u8]>>,
    mut first: Option<Ran>,
) -> Rechecked {
    const TRIES: usize = 3;
    let mut flaky = false;
    let input = VerdictCache::key(&checkpoints[0]);
    let done = |text, recheck, error, flaky| Rechecked {
        text,
        recheck,
        error,
        flaky,
    };
    while checkpoints.len() > 1 {
        let candidate = checkpoints.pop().expect("more than one checkpoint");
        // An earlier run with the same test and input re-checked this
        // very result.
        let key = VerdictCache::key(&candidate);
        if cache.verified(key, input) {
            return done(candidate, Recheck::PassedEarlier, None, flaky);
        }
        let mut rejected = false;
        let mut error = None;
        // The first try may have run beside the layout's test (counted there).
        let mut ran = first
            .take()
            .filter(|(text, _)| text[..] == candidate[..])
            .map(|(_, verdict)| verdict);
        for _ in 0..TRIES {
            let verdict = ran.take().unwrap_or_else(|| {
                let verdict = oracle.test(0, &candidate);
                count_test(stats, &verdict);
                verdict
            });
            match verdict {
                Ok(Verdict::Interesting) => {
                    cache.mark_verified(key, input);
                    return done(candidate, Recheck::Passed, None, flaky);
                }
                // Stopped: the result being re-checked stands, unchecked.
                Ok(Verdict::Cancelled) => return done(candidate, Recheck::NotRun, None, flaky),
                Ok(_) => rejected = true,
                Err(e) => error = Some(e.to_string()),
            }
        }
        if !rejected {
            return done(candidate, Recheck::CouldNotRun, error, flaky);
        }
        flaky = true;
    }
    done(checkpoints[0].clone(), Recheck::Passed, None, flaky)
}

/// Counts one run of the test: its verdict, or an error of the oracle.
pub(super) fn count_test(stats: &Stats, verdict: &Result<Verdict, OracleError>) {
    match verdict {
        Ok(Verdict::Cancelled) => {}
        Ok(v) => count_run(stats, *v),
        Err(_) => bump(&stats.oracle_errors),
    }
}

/// The oracle of the layout pass when the layout's text would be the
/// result: its one test runs twice at once, in two workers' directories,
/// and the second run's verdict is kept as the first try of the final
/// re-check ([`Driver::verify`]), which then needs no run of its own when
/// that run accepts the text. Above `-j 1` only, and only while the oracle
/// has a spare permit (batch mode); the layout pass's verdict, and so the
/// result, are those of the first run, as without it. When the first run
/// does not accept the text, the second runs on to its end all the same
/// (stopping it would kill its processes in the middle of their work and
/// leave what they had not cleaned up yet, a compiler's temporary files,
/// as for a moot change of a round); its verdict is not used.
pub(super) struct Beside<'o> {
    pub(super) oracle: &'o dyn Oracle,
    /// The oracle of the run beside: the session's, or its `recheck`.
    pub(super) second: &'o dyn Oracle,
    pub(super) jobs: usize,
    pub(super) stats: &'o Stats,
    /// The text the second run tested and its verdict (not a cancelled one).
    pub(super) run: Mutex<Option<Ran>>,
}

/// A text and the verdict of one run of the test on it.
pub(super) type Ran = (Vec<u8>, Result<Verdict, OracleError>);

impl Beside<'_> {
    /// A worker other than `worker`: the layout pass runs one test, so
    /// its directory is free.
    fn other(&self, worker: usize) -> usize {
        usize::from(worker.is_multiple_of(self.jobs))
    }
}

impl Oracle for Beside<'_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        if self.run.lock().is_some() || !self.oracle.spare() {
            return self.oracle.test(worker, candidate);
        }
        let other = self.other(worker);
        let (verdict, second) = std::thread::scope(|s| {
            let second = s.spawn(|| self.second.test(other, candidate));
            let verdict = self.oracle.test(worker, candidate);
            (verdict, second.join())
        });
        // A panic in the second run is no verdict: the re-check runs its own.
        if let Ok(second) = second {
            count_test(self.stats, &second);
            if !matches!(second, Ok(Verdict::Cancelled)) {
                *self.run.lock() = Some((candidate.to_vec(), second));
            }
        }
        verdict
    }

    steer_through!(oracle);
}
