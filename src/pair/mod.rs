//! Pairwise program reduction (PPR, Zhang et al., ESEC/FSE 2023): a seed
//! with property ψ_s and a variant with ψ_v, derived from it by mutation,
//! are reduced together until neither shrinks, by three reducers run in
//! the paper's order each round (its Algorithm 1):
//!
//! - MinTdiff ([`tree`]): the tree-based edit script seed -> variant; a
//!   subtree only the seed has is minimized in the seed (ψ_s), one only the
//!   variant has is minimized in the variant (ψ_v), and a replacement is
//!   undone in the variant if ψ_v survives that.
//! - MinLdiff ([`diff`]): ddmin over the hunks of the token diff, then over
//!   what is left with one element per edited token, each subset patched
//!   onto the seed and tested with ψ_v.
//! - MinCommonality: the full single-file reducer on the seed, each seed
//!   candidate paired with the difference patched onto it; a pair is kept
//!   when both properties hold ([`side::Both`]: the seed's test first, the
//!   variant's only when the seed passes). A round skips it when the seed
//!   is the one it left last time and either the variant is too or every
//!   rejection then was the seed's.
//!
//! The properties are two tests, one per program, or one test that decides
//! the pair as a whole ([`side::PairTests`]); then every candidate is tested as
//! a pair, the program not being reduced staying as it is.
//!
//! After the last round, one more MinCommonality with canonicalization and
//! the tidy pass renames what the two programs share (a name the difference
//! uses stays, since renaming it breaks the patched variant).
//!
//! This file holds the options, the outcome and Algorithm 1's loop over a
//! [`Pair`]; each reducer's steps are in a file of their own:
//! `min_tdiff.rs` (MinTdiff and MinSubtree), `candidates.rs` (a list of
//! candidates tested in rounds, with merges), `min_ldiff.rs` and
//! `ddmin.rs` (MinLdiff), `commonality.rs` (MinCommonality),
//! `single_file.rs` (the single-file reducer inside PPR), `ahead.rs` (the
//! tests ahead of a later round), `recheck.rs` (the final re-check) and
//! `patched.rs` (a text changed in several places).

mod ahead;
mod candidates;
mod commonality;
mod ddmin;
pub mod diff;
mod min_ldiff;
mod min_tdiff;
mod patched;
mod recheck;
pub mod rounds;
pub mod side;
mod single_file;
pub mod tree;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use serde::Serialize;

use self::diff::Diff;
use self::rounds::Rounds;
use self::side::{PairTests, RecheckedPair, Reports, Which};
use crate::options::RunOptions;
use crate::oracle::{Cancel, Verdict};
use crate::stats::Recheck;
use crate::stats::Size;
use crate::syntax::{Grammar, count_errors, count_tokens, parse};

/// How to reduce a pair: which reducers run, on what schedule
/// (`treereduce pair`'s options, and [`crate::reduce_pair`]'s).
/// `PairOptions::default()` runs the three reducers and the final
/// canonicalization on all cores.
#[derive(Clone, Debug)]
pub struct PairOptions {
    /// Tests in parallel; the width of the rounds (of the candidates of
    /// MinTdiff and MinLdiff, and of the single-file reducer's), or commits
    /// in the order of one worker.
    pub run: RunOptions,
    /// MinTdiff: the tree-based edit script seed -> variant.
    pub tdiff: bool,
    /// MinLdiff: ddmin over the token diff.
    pub ldiff: bool,
    /// MinCommonality: the single-file reducer on what the two share.
    pub commonality: bool,
    /// Canonicalize the common part at the end.
    pub canon: bool,
    /// Re-check both results at the end.
    pub verify: bool,
    /// Set from another thread to stop early; the best pair so far is
    /// returned with [`PairOutcome::cancelled`] set.
    pub cancel: Option<Arc<Cancel>>,
}

impl Default for PairOptions {
    fn default() -> PairOptions {
        PairOptions {
            run: RunOptions::default(),
            tdiff: true,
            ldiff: true,
            commonality: true,
            canon: true,
            verify: true,
            cancel: None,
        }
    }
}

/// Sizes after one step, for progress and `--stats-json`.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// Round of Algorithm 1 (0: the start, before any reducer).
    pub round: usize,
    /// `start`, `tdiff`, `ldiff`, `commonality` or `canon`; `recheck`
    /// when the final re-check fell back to an earlier pair (a flaky test):
    /// the last step is always the pair returned.
    pub reducer: &'static str,
    /// The seed's size.
    pub seed: Size,
    /// The variant's size.
    pub variant: Size,
    /// Tokens the two differ by (deleted plus inserted, white space not counted).
    pub diff_tokens: u64,
    /// Seconds since the start.
    pub seconds: f64,
    /// Tests of the seed's property so far.
    pub seed_tests: u64,
    /// Tests of the variant's property so far.
    pub variant_tests: u64,
    /// Tests of the pair's property so far (one test of the pair).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pair_tests: Option<u64>,
    /// Rounds so far: of MinTdiff's and MinLdiff's candidates, and of the
    /// single-file reducer's lanes inside MinTdiff and MinCommonality. A
    /// round's tests run side by side (up to `-j` at once); the rounds are
    /// the same at every `-j`, but above `-j 1` a ddmin step's round may
    /// test the next steps' tries ahead in its free places (see `ddmin`),
    /// and a round so answered runs no test; a MinTdiff merge may be tested
    /// beside the next round (or beside the first round of the deletions
    /// that follow); a later round of PPR starts with a round of tests
    /// ahead that is not counted.
    pub rounds: u64,
    /// Tests the single-file reducer ran ahead whose verdict was never used, so far.
    pub conflicts: u64,
}

/// Told about progress.
pub trait PairObserver: Sync {
    /// A smaller pair (both properties hold).
    fn improved(&self, seed: &[u8], variant: &[u8]);
    /// A reducer finished.
    fn step(&self, step: &Step);
    /// A reducer starts (`tdiff`, `ldiff`, `commonality` or `canon`) in
    /// round `round`.
    fn reducer(&self, _round: usize, _reducer: &'static str) {}
}

/// An observer that is told nothing.
pub struct Unobserved;

impl PairObserver for Unobserved {
    fn improved(&self, _seed: &[u8], _variant: &[u8]) {}
    fn step(&self, _step: &Step) {}
}

/// The result.
#[derive(Debug)]
pub struct PairOutcome {
    /// The reduced seed.
    pub seed: Vec<u8>,
    /// The reduced variant.
    pub variant: Vec<u8>,
    /// Stopped by the cancel token; the best pair so far.
    pub cancelled: bool,
    /// The final re-check failed once (a flaky script); an earlier pair is returned.
    pub flaky: bool,
    /// How the final re-check went: whether the pair returned was re-checked.
    pub recheck: Recheck,
    /// With [`Recheck::CouldNotRun`]: the last error of the test.
    pub recheck_error: Option<String>,
    /// Sizes after every step.
    pub steps: Vec<Step>,
    /// The tests run.
    pub tests: Reports,
}

/// Why a pair reduction stopped without a result.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PairError {
    /// The seed or the variant (`which`) does not have its property
    /// (checked by [`crate::reduce_pair`] before anything runs).
    #[error("the {which} is not interesting to its oracle ({verdict:?})")]
    NotInteresting {
        /// `seed` or `variant`.
        which: &'static str,
        /// The oracle's verdict.
        verdict: Verdict,
    },
    /// A script could not be run several times in a row; the best pair so far.
    #[error("{}", crate::oracle::could_not_run(&format!("the {which} test"), error))]
    Oracle {
        /// `seed`, `variant`, `seed or variant` or `pair`.
        which: &'static str,
        /// The last error.
        error: String,
        /// The best seed.
        seed: Vec<u8>,
        /// The best variant.
        variant: Vec<u8>,
    },
    /// The seed or the variant is too large for the node table.
    #[error(transparent)]
    TooLarge(#[from] crate::syntax::TooLarge),
}

/// Reduces the pair `(seed, variant)`, whose properties `tests` decide
/// (its counters show the tests run so far). The inputs must already have
/// been checked.
pub fn reduce(
    grammar: &'static Grammar,
    (seed, variant): (&[u8], &[u8]),
    tests: &PairTests,
    config: &PairOptions,
    observer: &dyn PairObserver,
) -> Result<PairOutcome, PairError> {
    let mut pair = Pair {
        grammar,
        seed: seed.to_vec(),
        variant: variant.to_vec(),
        tests,
        config,
        cancel: config.cancel.as_deref(),
        observer,
        started: Instant::now(),
        steps: Vec::new(),
        checkpoints: Vec::new(),
        commonality_done: None,
        rechecked: None,
        rounds: AtomicU64::new(0),
        conflicts: AtomicU64::new(0),
    };
    pair.run()
}

struct Pair<'a> {
    grammar: &'static Grammar,
    seed: Vec<u8>,
    variant: Vec<u8>,
    tests: &'a PairTests<'a>,
    config: &'a PairOptions,
    cancel: Option<&'a Cancel>,
    observer: &'a dyn PairObserver,
    started: Instant,
    steps: Vec<Step>,
    /// Pairs after the steps that changed something, newest last.
    checkpoints: Vec<(Vec<u8>, Vec<u8>)>,
    /// The pair the last MinCommonality left, if every candidate it
    /// needed a verdict on got one (none was left unjudged by an error of
    /// a script, or a stop the reducer did not ask for), and whether every
    /// one it rejected was rejected by the seed's test.
    commonality_done: Option<(Vec<u8>, Vec<u8>, bool)>,
    /// A re-check of a pair run beside the layout's test (see
    /// [`side::Rechecking`]): the first try of [`Pair::verify`] on that pair.
    rechecked: Option<RecheckedPair>,
    /// See [`Step::rounds`].
    rounds: AtomicU64,
    /// See [`Step::conflicts`].
    conflicts: AtomicU64,
}

impl Pair<'_> {
    fn run(&mut self) -> Result<PairOutcome, PairError> {
        self.checkpoints
            .push((self.seed.clone(), self.variant.clone()));
        self.step(0, "start");
        let mut round = 0;
        loop {
            round += 1;
            let before = (self.size(&self.seed), self.size(&self.variant));
            if self.config.tdiff {
                self.observer.reducer(round, "tdiff");
                if round > 1 && self.config.ldiff {
                    self.confirm_ahead();
                }
                self.min_tdiff()?;
                self.step(round, "tdiff");
            }
            if self.config.ldiff && !self.stopped() {
                self.observer.reducer(round, "ldiff");
                self.min_ldiff()?;
                self.step(round, "ldiff");
            }
            if self.config.commonality && !self.stopped() && !self.commonality_settled() {
                self.observer.reducer(round, "commonality");
                self.min_commonality(false)?;
                self.step(round, "commonality");
            }
            if self.stopped() {
                break;
            }
            let after = (self.size(&self.seed), self.size(&self.variant));
            let shrank = |a: Size, b: Size| (a.tokens, a.bytes) < (b.tokens, b.bytes);
            if !shrank(after.0, before.0) && !shrank(after.1, before.1) {
                break;
            }
        }
        if self.config.canon && self.config.commonality && !self.stopped() {
            self.observer.reducer(round, "canon");
            self.min_commonality(true)?;
            self.step(round, "canon");
        }
        let cancelled = self.stopped();
        let (flaky, recheck, recheck_error) = if !cancelled && self.config.verify {
            self.verify()
        } else {
            (false, Recheck::NotRun, None)
        };
        if flaky {
            // The last step is the pair returned: the statistics and the
            // summary describe what is written.
            self.step(round, "recheck");
        }
        Ok(PairOutcome {
            seed: self.seed.clone(),
            variant: self.variant.clone(),
            cancelled: self.stopped(),
            flaky,
            recheck,
            recheck_error,
            steps: std::mem::take(&mut self.steps),
            tests: self.tests.reports(),
        })
    }

    fn stopped(&self) -> bool {
        self.cancel.is_some_and(Cancel::is_cancelled)
    }

    fn size(&self, text: &[u8]) -> Size {
        size(self.grammar, text)
    }

    fn step(&mut self, round: usize, reducer: &'static str) {
        let reports = self.tests.reports();
        let step = Step {
            round,
            reducer,
            seed: self.size(&self.seed),
            variant: self.size(&self.variant),
            diff_tokens: Diff::new(self.grammar, &self.seed, &self.variant).size() as u64,
            seconds: self.started.elapsed().as_secs_f64(),
            seed_tests: reports.seed.tests,
            variant_tests: reports.variant.tests,
            pair_tests: reports.pair.map(|p| p.tests),
            rounds: self.rounds.load(Relaxed),
            conflicts: self.conflicts.load(Relaxed),
        };
        self.observer.step(&step);
        self.steps.push(step);
        // Empty only after the final re-check (which takes them off).
        let changed = self
            .checkpoints
            .last()
            .is_none_or(|newest| newest.0 != self.seed || newest.1 != self.variant);
        if changed {
            self.checkpoints
                .push((self.seed.clone(), self.variant.clone()));
        }
    }

    /// Stops with the best pair if a script keeps failing to run.
    fn check_failures(&self) -> Result<(), PairError> {
        match self.tests.failure() {
            Some((which, error)) => Err(PairError::Oracle {
                which,
                error,
                seed: self.seed.clone(),
                variant: self.variant.clone(),
            }),
            None => Ok(()),
        }
    }

    fn set_seed(&mut self, seed: Vec<u8>) {
        if seed != self.seed {
            self.seed = seed;
            self.observer.improved(&self.seed, &self.variant);
        }
    }

    fn set_variant(&mut self, variant: Vec<u8>) {
        if variant != self.variant {
            self.variant = variant;
            self.observer.improved(&self.seed, &self.variant);
        }
    }

    /// Whether `candidate`, as `which` with the other program of the pair
    /// as it is, has both properties.
    fn holds_with(&self, worker: usize, which: Which, candidate: &[u8]) -> bool {
        match which {
            Which::Seed => self.tests.holds(worker, which, (candidate, &self.variant)),
            Which::Variant => self.tests.holds(worker, which, (&self.seed, candidate)),
        }
    }

    fn set(&mut self, which: Which, text: Vec<u8>) {
        match which {
            Which::Seed => self.set_seed(text),
            Which::Variant => self.set_variant(text),
        }
    }

    /// Candidates per round: the run's width (1 with `--in-order`).
    fn width(&self) -> usize {
        if self.config.run.in_order {
            1
        } else {
            self.config.run.width.max(1)
        }
    }

    /// How candidates are scheduled: rounds of the run's width, `-j` tests at once.
    fn rounds<'s>(&'s self, abandon: &'s (dyn Fn(usize) + Sync)) -> Rounds<'s> {
        Rounds {
            width: self.width(),
            jobs: self.config.run.jobs.max(1),
            abandon,
            played: &self.rounds,
        }
    }

    /// Whether `candidate` has no more parse errors than `current`, the
    /// program of the pair it would replace: the check every candidate
    /// passes before a test, as in single mode.
    fn parses_as_well(&self, candidate: &[u8], current: &[u8]) -> bool {
        errors(self.grammar, candidate) <= errors(self.grammar, current)
    }
}

/// ERROR and MISSING nodes in `text`'s syntax tree.
fn errors(grammar: &Grammar, text: &[u8]) -> usize {
    count_errors(&parse(grammar, text))
}

/// The size of one program of a pair.
pub fn size(grammar: &Grammar, text: &[u8]) -> Size {
    Size {
        bytes: text.len() as u64,
        tokens: count_tokens(&parse(grammar, text)) as u64,
    }
}

#[cfg(test)]
mod tests;
