//! Deciding interestingness: the [`Oracle`] trait the engine calls, the
//! script-running oracle the CLI uses, cancellation, the verdict cache, and
//! the caching oracle every mode's tests outside the engine go through.

mod cache;
mod cached;
mod cancel;
pub(crate) mod contain;
mod gate;
mod limits;
mod reserve;
mod script;
#[cfg(feature = "cli")]
pub(crate) mod store;
mod waiting;
mod watchdog;
mod workspace;

pub use cache::Stored;
pub use cache::VerdictCache;
pub use cache::VerdictStore;
pub use cached::{Cached, Counts, Remembered, TestReport};
pub use cancel::Cancel;
#[cfg(feature = "cli")]
pub(crate) use contain::Orphans;
pub(crate) use contain::{COOKIE_VAR, Cookie};
pub use gate::Gate;
pub use limits::{Prepared as PreparedLimits, TestLimits};
pub use limits::{START_TEST, START_THROUGH_ABOVE, start_test, start_tests_through};
#[cfg(feature = "cli")]
pub use limits::{parse_size, protect_this_process};
#[cfg(feature = "cli")]
pub use script::RunReport;
pub use script::{ScriptError, ScriptOracle};
pub use waiting::RunOutcome;
pub(crate) use waiting::wait_group;
pub(crate) use watchdog::private_dir_prefix;

/// Oracle errors in a row (no verdict in between) after which a run stops:
/// a full disk or a deleted script fails every test, and going on would
/// only "reduce" by calling every candidate uninteresting.
pub const ERROR_LIMIT: usize = 5;

/// What is said of `what` ("the test", "the seed test", "the oracle")
/// once it could not be run [`ERROR_LIMIT`] times in a row,
/// the last time for `error`: the one wording of that limit, which every
/// mode's error and the command line's messages use.
pub(crate) fn could_not_run(what: &str, error: impl std::fmt::Display) -> String {
    format!(
        "{what} could not be run {} times in a row ({error})",
        ERROR_LIMIT
    )
}

/// The result of testing one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The candidate still shows the behaviour (the script exited 0).
    Interesting,
    /// It does not (any other exit, or death by a signal).
    NotInteresting,
    /// The test ran out of time; counts as not interesting in this run,
    /// and is never kept between runs.
    TimedOut,
    /// The run was cancelled (Ctrl-C); not a verdict, never cached.
    Cancelled,
}

/// The test could not be run at all (the candidate could not be written, the
/// script could not be started): no verdict. The engine counts these, treats
/// the candidate as not interesting without caching it, and stops the run
/// after 5 of them in a row.
#[derive(Debug, thiserror::Error)]
#[error("{what}: {source}")]
pub struct OracleError {
    what: &'static str,
    #[source]
    source: std::io::Error,
}

impl OracleError {
    /// An error of step `what` (e.g. "cannot write the candidate").
    pub fn new(what: &'static str, source: std::io::Error) -> OracleError {
        OracleError { what, source }
    }
}

/// Decides whether a candidate is interesting. Called concurrently from the
/// engine's workers; `worker` (below the configured job count) lets an
/// implementation keep per-worker state such as a private directory.
pub trait Oracle: Sync {
    /// Tests one candidate.
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError>;

    /// The verdict of the test running for `worker` is no longer needed:
    /// it may stop early and return [`Verdict::Cancelled`]. Called from
    /// another thread; a call that arrives between two tests may be ignored,
    /// except between [`Oracle::begin`] and [`Oracle::end`].
    fn abandon(&self, _worker: usize) {}

    /// `worker`'s tests until [`Oracle::end`] are parts of one compound
    /// test (pair mode's seed, then its variant): an abandon that arrives
    /// at any time in between, even before a part starts, stops every later
    /// part too. Forgets any abandon from before.
    fn begin(&self, _worker: usize) {}

    /// Ends what [`Oracle::begin`] started.
    fn end(&self, _worker: usize) {}

    /// Tests one candidate no reduction needs yet (made ahead beside a
    /// round: see `engine::Ending`): the test may decline
    /// ([`Verdict::Cancelled`]) rather than slow the round's tests down.
    /// An oracle that runs several scripts per test (pair mode's) runs
    /// them only in places the round leaves free. The default: a test.
    fn test_aside(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.test(worker, candidate)
    }

    /// The most scripts one test runs at once: pair mode's test of a
    /// candidate runs the seed's and the variant's side by side. The
    /// default: one.
    fn scripts(&self) -> usize {
        1
    }

    /// The check of the input (its first test) took `took` and found it
    /// interesting: an oracle with a time limit sets it from that (the
    /// script oracle's [`ScriptOracle::calibrate`], by the run's
    /// [`crate::Timeout`]). The default: nothing.
    fn calibrate(&self, _took: std::time::Duration) {}

    /// Whether a test run ahead (one no reduction needs yet) may start now.
    /// An oracle that shares a budget of tests with others (the command
    /// line's batch mode) says no while its budget is kept for tests that
    /// are needed; spare workers then wait.
    fn spare(&self) -> bool {
        true
    }
}

/// The [`Oracle`] methods that only steer tests (`abandon`, `begin`, `end`,
/// `spare`), written inside an `impl Oracle` of a wrapper as calls to the
/// same methods of the oracle in its field `$inner`.
macro_rules! steer_through {
    ($inner:ident) => {
        fn abandon(&self, worker: usize) {
            self.$inner.abandon(worker);
        }

        fn begin(&self, worker: usize) {
            self.$inner.begin(worker);
        }

        fn end(&self, worker: usize) {
            self.$inner.end(worker);
        }

        fn spare(&self) -> bool {
            self.$inner.spare()
        }
    };
}
pub(crate) use steer_through;

/// Any `Fn(&[u8]) -> bool` closure is an oracle (for library users and tests).
impl<F> Oracle for F
where
    F: Fn(&[u8]) -> bool + Sync,
{
    fn test(&self, _worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        Ok(if self(candidate) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
}
