//! Deciding interestingness: the [`Oracle`] trait the engine calls, the
//! script-running oracle the CLI uses, cancellation and the verdict cache.

mod cache;
mod cancel;
mod script;

pub use cache::VerdictCache;
pub use cancel::Cancel;
#[cfg(feature = "cli")]
pub use script::RunOutcome;
pub use script::{ScriptError, ScriptOracle};

/// The result of testing one candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The candidate still shows the behaviour (the script exited 0).
    Interesting,
    /// It does not (any other exit, or death by a signal).
    NotInteresting,
    /// The test ran out of time; counts as not interesting.
    TimedOut,
    /// The run was cancelled (Ctrl-C); not a verdict, never cached.
    Cancelled,
}

/// Decides whether a candidate is interesting. Called concurrently from the
/// engine's workers; `worker` (below the configured job count) lets an
/// implementation keep per-worker state such as a private directory.
pub trait Oracle: Sync {
    /// Tests one candidate.
    fn test(&self, worker: usize, candidate: &[u8]) -> Verdict;
}

/// Any `Fn(&[u8]) -> bool` closure is an oracle (for library users and tests).
impl<F> Oracle for F
where
    F: Fn(&[u8]) -> bool + Sync,
{
    fn test(&self, _worker: usize, candidate: &[u8]) -> Verdict {
        if self(candidate) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        }
    }
}
