//! MinCommonality (PPR's Algorithm 4): the whole single-file reducer on
//! the seed, each candidate tested with the difference patched onto it,
//! and when a later round may skip it.

use std::sync::atomic::Ordering::Relaxed;

use super::diff::Diff;
use super::side::{Both, PairTests, Rechecking, Which};
use super::single_file::Forward;
use super::{Pair, PairError, errors};
use crate::oracle::Oracle;

impl Pair<'_> {
    /// Whether MinCommonality would find nothing: the seed is the one it
    /// left last time (when every candidate got a verdict: an error or an
    /// unasked stop is none, and the candidate might pass when tested
    /// again), and either the variant is too (the same pair: every verdict
    /// it would ask for is known and was no), or every candidate it
    /// rejected then was rejected by the seed's test, whose verdicts do not
    /// depend on the difference (and are cached). A changed difference can
    /// turn a variant's "no" into "yes", but not a seed's.
    pub(super) fn commonality_settled(&self) -> bool {
        !crate::ablate::off("skip-round")
            && self
                .commonality_done
                .as_ref()
                .is_some_and(|(seed, variant, only_seed)| {
                    *seed == self.seed && (*only_seed || *variant == self.variant)
                })
    }
    /// Algorithm 4: reduce the seed with the whole single-file reducer,
    /// each candidate tested with the difference patched onto it. `last`
    /// adds canonicalization and tidying.
    pub(super) fn min_commonality(&mut self, last: bool) -> Result<(), PairError> {
        let diff = Diff::new(self.grammar, &self.seed, &self.variant);
        let both = Both::new(
            self.grammar,
            &diff,
            self.tests,
            errors(self.grammar, &self.variant),
        )
        .with_jobs(self.config.run.jobs);
        let config = self.single_config(last);
        let observer = Forward(|new: &[u8]| self.observer.improved(new, &both.variant_of(new)));
        // The last MinCommonality's layout text is the pair's result: its
        // re-check's first try runs beside the layout's test.
        let rechecking = (last && self.config.verify)
            .then(|| Rechecking::beside(&both))
            .flatten();
        let recheck = rechecking.as_ref().map(|r| r as &dyn Oracle);
        let seed = self.single(
            &self.seed,
            None,
            (&both, recheck),
            &config,
            &observer,
            Which::Seed,
        );
        self.rechecked = rechecking.and_then(|r| r.ran.into_inner());
        let seed = match seed {
            Err(PairError::Oracle { error, seed, .. }) => {
                let (seed, variant) = self.tested_pair(&both, seed);
                return Err(PairError::Oracle {
                    which: "seed or variant",
                    error,
                    seed,
                    variant,
                });
            }
            other => other?,
        };
        (self.seed, self.variant) = self.tested_pair(&both, seed);
        let only_seed = matches!(self.tests, PairTests::Sides { .. })
            && both.variant_rejected.load(Relaxed) == 0;
        let all_judged = both.unjudged.load(Relaxed) == 0;
        if !last && !self.stopped() && all_judged {
            self.commonality_done = Some((self.seed.clone(), self.variant.clone(), only_seed));
        }
        self.check_failures()
    }
    /// The pair MinCommonality leaves with `seed`, the seed the
    /// single-file reducer ended on: `seed` with the variant `both` tested
    /// it with. Patching is a function of the two texts alone, so patching
    /// again gives that variant; a seed `both` did not find interesting
    /// with it (the reducer's start, unchanged) keeps the pair as it was.
    pub(super) fn tested_pair(&self, both: &Both, seed: Vec<u8>) -> (Vec<u8>, Vec<u8>) {
        let variant = both.variant_of(&seed);
        match seed != self.seed && both.tested_with(&seed, &variant) {
            true => (seed, variant),
            false => (self.seed.clone(), self.variant.clone()),
        }
    }
}
