//! Tests ahead of a later round of PPR: what MinTdiff and MinLdiff will
//! try first, tested as one round before them, so that they find their
//! verdicts in the variant's memory.

use std::sync::atomic::Ordering::Relaxed;

use super::ddmin::ddmin_plan;
use super::min_ldiff::keeping;
use super::patched::Patched;
use super::side::Which;
use super::{Pair, errors};

impl Pair<'_> {
    /// A round of PPR after the first mostly finds nothing: MinTdiff's first
    /// candidates and MinLdiff's, one round each, then one step after
    /// another. Before such a round, the variants MinTdiff tries first and
    /// every subset of the difference MinLdiff would try if none holds (at
    /// hunks, then at tokens), as they are on the pair now, are tested as
    /// one round, up to the places of `-j`; the two reducers then find
    /// their verdicts in the variant's memory. What they keep is what they
    /// would keep without it. Tests are spent for nothing where MinTdiff
    /// changes the pair, and where MinLdiff keeps fewer hunks (the tries of
    /// its later steps and of its tokens are then of another difference);
    /// none at `-j 1`, where there are no places to fill.
    pub(super) fn confirm_ahead(&self) {
        let abandon = |worker: usize| self.tests.abandon(worker);
        let rounds = self.rounds(&abandon);
        let places = rounds.places();
        if places < 2 || self.stopped() || crate::ablate::off("confirm-ahead") {
            return;
        }
        let text = Patched::new(self.variant.clone());
        let (_, _, first) = self.tree_edits();
        let round: Vec<usize> = (0..first.len().min(rounds.width)).collect();
        // Each text once, not the variant itself, up to the places (what
        // follows is not even built).
        let mut tries: Vec<Vec<u8>> = Vec::new();
        let mut add = |t: Vec<u8>| {
            if t != self.variant && !tries.contains(&t) {
                tries.push(t);
            }
            tries.len() >= places
        };
        let mut full = self
            .tries(&text, &first, &round)
            .into_iter()
            .flatten()
            .any(&mut add);
        let limit = errors(self.grammar, &self.variant);
        for fine in [false, true] {
            let Some(diff) = self.ldiff_diff(fine).filter(|_| !full) else {
                continue;
            };
            let all: Vec<usize> = (0..diff.hunks.len()).collect();
            full = ddmin_plan(&all)
                .iter()
                .map(|keep| keeping(&diff, keep))
                .filter(|variant| errors(self.grammar, variant) <= limit)
                .any(&mut add);
        }
        rounds.all(&tries, |worker, t| {
            self.holds_with(worker, Which::Variant, t)
        });
        // Tests in places a round leaves free, like a ddmin step's tests of
        // later steps: not a round of the schedule, whose count does not
        // depend on `-j`.
        self.rounds.fetch_sub(1, Relaxed);
    }
}
