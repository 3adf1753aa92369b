//! MinLdiff (PPR's Algorithm 3): ddmin over the token difference, at hunks
//! and then at tokens, each subset patched onto the seed and tested with
//! the variant's property.

use super::ddmin::ddmin;
use super::diff::Diff;
use super::side::Which;
use super::{Pair, PairError, errors};

impl Pair<'_> {
    /// Algorithm 3: ddmin over the difference, each subset patched onto the
    /// seed and tested with ψ_v. First over the hunks (runs of consecutive
    /// edits, which mostly go or stay together), then over what is left
    /// with one element per edited token, as the paper has it, so that a
    /// part of a hunk can go alone.
    pub(super) fn min_ldiff(&mut self) -> Result<(), PairError> {
        for fine in [false, true] {
            if self.stopped() {
                break;
            }
            let Some(diff) = self.ldiff_diff(fine) else {
                break;
            };
            let all: Vec<usize> = (0..diff.hunks.len()).collect();
            let test = |keep: &[usize]| keeping(&diff, keep);
            // A subset of the hunks may cut a statement in two; such a
            // variant is not tested, as in single mode.
            let limit = errors(self.grammar, &self.variant);
            let abandon = |worker: usize| self.tests.abandon(worker);
            let kept = ddmin(all, &self.rounds(&abandon), self.cancel, |worker, keep| {
                let variant = test(keep);
                errors(self.grammar, &variant) <= limit
                    && self
                        .tests
                        .holds(worker, Which::Variant, (&self.seed, &variant))
            });
            self.set_variant(test(&kept));
            self.check_failures()?;
        }
        Ok(())
    }
    /// MinLdiff's difference of the pair as it is, at hunks or at tokens
    /// (`fine`); none at tokens when every hunk is one token already.
    pub(super) fn ldiff_diff(&self, fine: bool) -> Option<Diff> {
        if !fine {
            return Some(Diff::new(self.grammar, &self.seed, &self.variant));
        }
        if crate::ablate::off("fine-ldiff") {
            return None;
        }
        let diff = Diff::fine(self.grammar, &self.seed, &self.variant);
        let hunks = Diff::new(self.grammar, &self.seed, &self.variant)
            .hunks
            .len();
        (diff.hunks.len() > hunks).then_some(diff)
    }
}

/// `diff`'s seed with the hunks `keep` (their indices) applied.
pub(super) fn keeping(diff: &Diff, keep: &[usize]) -> Vec<u8> {
    let mut on = vec![false; diff.hunks.len()];
    for &k in keep {
        on[k] = true;
    }
    diff.apply(|k| on[k])
}
