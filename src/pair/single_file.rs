//! The single-file reducer inside PPR (for MinSubtree and MinCommonality):
//! its settings, an observer that reports each new program with the other
//! one of the pair, and its errors turned into the pair's.

use std::ops::Range;
use std::sync::atomic::Ordering::Relaxed;

use super::side::Which;
use super::{Pair, PairError};
use crate::oracle::Oracle;
use crate::reduce::{self, Config, Reduction};
use crate::single::{self, ReduceError, Session};
use crate::stats::Stats;
use crate::task::{Observer, Phase};

/// An observer for the single-file reducer that reports each new seed (or
/// variant) with the other program of the pair.
pub(super) struct Forward<F: Fn(&[u8]) + Sync>(pub(super) F);

impl<F: Fn(&[u8]) + Sync> Observer for Forward<F> {
    fn improved(&self, _seq: u64, text: &[u8]) {
        (self.0)(text);
    }

    fn phase(&self, _phase: Phase) {}
}

impl Pair<'_> {
    /// Runs the single-file reducer.
    /// Runs the single-file reducer with `oracle`, and `recheck` for the
    /// pair's re-check beside the layout's test (see `Session::recheck`).
    pub(super) fn single(
        &self,
        text: &[u8],
        scope: Option<Range<usize>>,
        (oracle, recheck): (&dyn Oracle, Option<&dyn Oracle>),
        config: &Config,
        observer: &dyn Observer,
        which: Which,
    ) -> Result<Vec<u8>, PairError> {
        let stats = Stats::new(reduce::names());
        let mut session = Session::new(self.grammar, oracle, config, &stats, self.cancel, observer);
        session.recheck = recheck;
        let result = single::reduce(&session, text, scope);
        let report = stats.report();
        self.rounds.fetch_add(report.rounds, Relaxed);
        self.conflicts.fetch_add(report.conflicts, Relaxed);
        match result {
            Ok(outcome) => Ok(outcome.text.to_vec()),
            Err(ReduceError::Oracle { error, best }) => {
                let (seed, variant) = match which {
                    Which::Seed => (best.to_vec(), self.variant.clone()),
                    Which::Variant => (self.seed.clone(), best.to_vec()),
                };
                Err(PairError::Oracle {
                    which: which.name(),
                    error,
                    seed,
                    variant,
                })
            }
            Err(ReduceError::TooLarge(t)) => Err(PairError::TooLarge(t)),
            // The input was known to hold: only a flaky script gets here.
            Err(ReduceError::NotInteresting(_)) => Ok(text.to_vec()),
        }
    }
    /// The single-file reducer's settings inside PPR: no re-check (the pair
    /// is checked at the end), canonicalization and tidying only at the end,
    /// ddmin's levels without a short list's quarters (on c-inventory-30
    /// they cost 48% more tests for the same pair).
    pub(super) fn single_config(&self, last: bool) -> Config {
        let mut off = Vec::new();
        if !last {
            off.push(reduce::canon::CANON.name());
            off.push(reduce::text::tidy::TIDY.name());
            off.push(reduce::text::layout::LAYOUT.name());
        }
        Config {
            off,
            verify: false,
            ddmin_quarters: false,
            ..single::config(&self.config.run)
        }
    }
}
