//! The final re-check: the newest pair re-tested without the caches,
//! falling back to the pair before when a test rejects it.

use super::Pair;
use super::side::Rechecked;
use crate::stats::Recheck;

impl Pair<'_> {
    /// Re-tests the newest pair (bypassing the caches), up to three times
    /// while a test cannot be run. A pair a test rejects falls back to the
    /// one before (the inputs, the first, were checked at the start); a
    /// pair a test cannot be run on at all is kept, unchecked: an error is
    /// no verdict. Returns whether a test rejected a pair, how the
    /// re-check went, and the test's last error.
    pub(super) fn verify(&mut self) -> (bool, Recheck, Option<String>) {
        const TRIES: usize = 3;
        let mut flaky = false;
        while let Some((seed, variant)) = self.checkpoints.pop() {
            let recheck = if self.checkpoints.is_empty() {
                (Recheck::Passed, None)
            } else {
                // Its first try may have run beside the layout's test.
                let beside = self
                    .rechecked
                    .take()
                    .filter(|(s, v, _)| (s, v) == (&seed, &variant))
                    .map(|(_, _, rechecked)| rechecked);
                let mut rechecked = beside.unwrap_or_else(|| {
                    self.tests.recheck(&seed, &variant, self.config.run.jobs, 0)
                });
                for _ in 1..TRIES {
                    if !matches!(rechecked, Rechecked::CouldNotRun(_)) {
                        break;
                    }
                    rechecked = self.tests.recheck(&seed, &variant, self.config.run.jobs, 0);
                }
                match rechecked {
                    Rechecked::Holds => (Recheck::Passed, None),
                    Rechecked::Stopped => (Recheck::NotRun, None),
                    Rechecked::CouldNotRun(error) => (Recheck::CouldNotRun, Some(error)),
                    Rechecked::Rejected => {
                        flaky = true;
                        continue;
                    }
                }
            };
            if (seed.as_slice(), variant.as_slice()) != (&self.seed[..], &self.variant[..]) {
                self.seed = seed;
                self.variant = variant;
                self.observer.improved(&self.seed, &self.variant);
            }
            return (flaky, recheck.0, recheck.1);
        }
        (flaky, Recheck::Passed, None)
    }
}
