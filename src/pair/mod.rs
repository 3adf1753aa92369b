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

pub mod diff;
pub mod rounds;
pub mod side;
pub mod tree;

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use parking_lot::Mutex;
use serde::Serialize;

use self::diff::{Diff, Tokens};
use self::rounds::Rounds;
use self::side::{Both, PairTests, Rechecked, RecheckedPair, Rechecking, Reports, Which};
use crate::options::RunOptions;
use crate::oracle::{Cancel, Oracle, Verdict};
use crate::reduce::{self, Config, Reduction};
use crate::single::{self, ReduceError, Session};
use crate::stats::Recheck;
use crate::stats::{Size, Stats};
use crate::syntax::{Grammar, count_errors, count_tokens, parse};
use crate::task::{Observer, Phase};

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
    /// [`Rechecking`]): the first try of [`Pair::verify`] on that pair.
    rechecked: Option<RecheckedPair>,
    /// See [`Step::rounds`].
    rounds: AtomicU64,
    /// See [`Step::conflicts`].
    conflicts: AtomicU64,
}

/// An observer for the single-file reducer that reports each new seed (or
/// variant) with the other program of the pair.
struct Forward<F: Fn(&[u8]) + Sync>(F);

impl<F: Fn(&[u8]) + Sync> Observer for Forward<F> {
    fn improved(&self, _seq: u64, text: &[u8]) {
        (self.0)(text);
    }

    fn phase(&self, _phase: Phase) {}
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

    /// Whether MinCommonality would find nothing: the seed is the one it
    /// left last time (when every candidate got a verdict: an error or an
    /// unasked stop is none, and the candidate might pass when tested
    /// again), and either the variant is too (the same pair: every verdict
    /// it would ask for is known and was no), or every candidate it
    /// rejected then was rejected by the seed's test, whose verdicts do not
    /// depend on the difference (and are cached). A changed difference can
    /// turn a variant's "no" into "yes", but not a seed's.
    fn commonality_settled(&self) -> bool {
        !crate::ablate::off("skip-round")
            && self
                .commonality_done
                .as_ref()
                .is_some_and(|(seed, variant, only_seed)| {
                    *seed == self.seed && (*only_seed || *variant == self.variant)
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

    /// Algorithm 2, in rounds: first every replacement the variant's
    /// property lets go is undone and every subtree only the variant has
    /// that it lets go is removed; then the variant's side of each
    /// replacement still needed is removed where the property allows; then
    /// the same for the seed's subtrees (and sides of replacements) with the
    /// seed's property. Each of these is a list of candidates tested in
    /// rounds of the run's width (see [`rounds`]). What cannot go entirely
    /// is minimized by the single-file reducer scoped to it (its own
    /// rounds), one subtree after another. Edits nested in another one are
    /// left to it.
    fn min_tdiff(&mut self) -> Result<(), PairError> {
        let (in_seed, in_variant, first) = self.tree_edits();
        let mut variant = Patched::new(self.variant.clone());
        let seed = Patched::new(self.seed.clone());
        // What is left to delete once the first candidates that hold are
        // gone: the variant's side of each replacement still needed, and
        // the seed's subtrees with the seed's side of those replacements;
        // and the insertions still needed, to minimize.
        let lists = |gone: &[bool]| {
            let (mut to_delete, mut to_minimize, mut in_seed) =
                (Vec::new(), Vec::new(), in_seed.clone());
            for ((s, t), &gone) in in_variant.iter().zip(gone) {
                match t {
                    _ if gone => {}
                    Some(t) => {
                        in_seed.push(t.clone());
                        to_delete.push(s.clone());
                    }
                    None => to_minimize.push(s.clone()),
                }
            }
            (to_delete, to_minimize, outermost(in_seed, Range::clone))
        };
        // The first round of both deletion lists, on the variant the first
        // candidates leave: tested beside their last merge, as the lists are
        // if it holds, else after them.
        let first_of = |pair: &Self, variant: &Patched, gone: &[bool]| {
            let (to_delete, _, in_seed) = lists(gone);
            pair.first_tries([
                (Which::Variant, variant, &removals(&to_delete)),
                (Which::Seed, &seed, &removals(&in_seed)),
            ])
        };
        let (gone, ahead) = self.in_rounds(
            Which::Variant,
            &mut variant,
            &first,
            (None, Some(&first_of)),
        )?;
        let [first_variant, first_seed] =
            ahead.unwrap_or_else(|| self.first_rounds(first_of(self, &variant, &gone)));
        let (to_delete, to_minimize, in_seed) = lists(&gone);
        self.delete_then_minimize(
            Which::Variant,
            variant,
            (to_delete, first_variant),
            to_minimize,
        )?;
        if self.stopped() {
            return Ok(());
        }
        self.delete_then_minimize(Which::Seed, seed, (in_seed, first_seed), Vec::new())?;
        self.check_failures()
    }

    /// MinTdiff's edits of the pair: the subtrees only the seed has; the
    /// subtrees only the variant has (outermost), each with the seed's
    /// subtree it replaces, if any; and MinTdiff's first candidates, in the
    /// variant: each replacement undone and each insertion removed (what is
    /// needed of a replacement is then minimized on both sides, as a
    /// deletion and an insertion).
    fn tree_edits(&self) -> (Vec<Range<usize>>, Vec<Replaced>, Vec<Change>) {
        let g = self.grammar;
        let edits = tree::edits(
            &parse(g, &self.seed),
            &self.seed,
            &parse(g, &self.variant),
            &self.variant,
        );
        let mut in_seed: Vec<Range<usize>> = Vec::new();
        let mut in_variant: Vec<Replaced> = Vec::new();
        for e in edits {
            match e {
                tree::Edit::Delete(t) => in_seed.push(t),
                tree::Edit::Insert(s) => in_variant.push((s, None)),
                tree::Edit::Replace(t, s) => in_variant.push((s, Some(t))),
            }
        }
        let in_variant = outermost(in_variant, |(s, _)| s.clone());
        let first = in_variant
            .iter()
            .map(|(s, t)| {
                let with = t
                    .as_ref()
                    .map_or(Vec::new(), |t| self.seed[t.clone()].to_vec());
                (s.clone(), with)
            })
            .collect();
        (in_seed, in_variant, first)
    }

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
    fn confirm_ahead(&self) {
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

    /// With a test per program the variant's test does not look at the
    /// seed, nor the seed's at the variant: the first round of the
    /// variant's removals and the first round of the seed's, as
    /// [`Pair::in_rounds`] would play them on the texts as they are, are
    /// tested as one round (`first`, from [`Pair::first_tries`]), and each
    /// list's `in_rounds` starts from its verdicts. The pair is the one the
    /// two rounds give, a round sooner. None with one test of the pair (its verdicts on the seed's removals
    /// depend on the variant the variant's left), or when a list is empty.
    fn first_rounds(&self, first: Option<FirstTries>) -> FirstVerdicts {
        match first {
            Some(first) => first.split(self.test_mixed(&first.tries)),
            None => [None, None],
        }
    }

    /// The tries of [`Pair::first_rounds`] for the two lists, or none when
    /// it tests nothing.
    fn first_tries(&self, lists: [(Which, &Patched, &[Change]); 2]) -> Option<FirstTries> {
        if self.stopped()
            || !matches!(self.tests, PairTests::Sides { .. })
            || lists.iter().any(|(_, _, candidates)| candidates.is_empty())
        {
            return None;
        }
        let width = self.width();
        let mut tries = Vec::new();
        for (which, text, candidates) in lists {
            let round: Vec<usize> = (0..candidates.len().min(width)).collect();
            let these = self.tries(text, candidates, &round);
            tries.extend(these.into_iter().map(|t| (which, t)));
        }
        let variants = lists[0].2.len().min(width);
        Some(FirstTries { tries, variants })
    }

    /// Tests `tries`, each with the property of its program, as one round.
    fn test_mixed(&self, tries: &[(Which, Option<Vec<u8>>)]) -> Vec<bool> {
        let abandon = |worker: usize| self.tests.abandon(worker);
        self.rounds(&abandon).all(tries, |worker, (which, t)| {
            t.as_ref()
                .is_some_and(|t| self.holds_with(worker, *which, t))
        })
    }

    /// MinSubtree on the subtrees at `to_delete` and `to_minimize` of
    /// `text` (the seed or the variant, `which`): those of `to_delete` the
    /// property lets go entirely go, in rounds (the first one's verdicts
    /// given with them when [`Pair::first_rounds`] tested it); the others
    /// are minimized by the single-file reducer scoped to them, from the
    /// end of the text to its start.
    fn delete_then_minimize(
        &mut self,
        which: Which,
        mut text: Patched,
        (to_delete, first): (Vec<Range<usize>>, Option<Vec<bool>>),
        mut to_minimize: Vec<Range<usize>>,
    ) -> Result<(), PairError> {
        let to_delete: Vec<Range<usize>> =
            to_delete.into_iter().filter(|r| !r.is_empty()).collect();
        let (deleted, _) =
            self.in_rounds(which, &mut text, &removals(&to_delete), (first, None))?;
        to_minimize.extend(
            to_delete
                .into_iter()
                .zip(deleted)
                .filter_map(|(r, deleted)| (!deleted).then_some(r)),
        );
        to_minimize.sort_by_key(|r| std::cmp::Reverse(r.start));
        for range in to_minimize {
            if self.stopped() {
                break;
            }
            let at = text.at(&range);
            if Tokens::of(self.grammar, &text.text[at.clone()]).count() < 2 {
                continue;
            }
            let reduced = self.min_subtree(&text.text, at, which)?;
            text.replaced(&range, reduced);
            self.set(which, text.text.clone());
        }
        self.check_failures()
    }

    /// Tests `candidates` (a range of `text`, as it was at the start, and
    /// what replaces it) in rounds of the run's width: each candidate of a
    /// round on the text as the round found it, the property of `which`
    /// (the program `text` is). One that holds is kept; when several do,
    /// their merge is tested (see [`Pair::merge`]). The ranges must not
    /// overlap. `first`: the first round's verdicts, when it was tested
    /// already; `beside`: what to test beside a last merge (see
    /// [`Pair::merge`]). Which were kept, in order, and the verdicts of what
    /// was tested beside the last merge if it held.
    fn in_rounds(
        &mut self,
        which: Which,
        text: &mut Patched,
        candidates: &[Change],
        (first, beside): (Option<Vec<bool>>, Option<BesideMerge<'_, Self>>),
    ) -> Result<(Vec<bool>, Option<FirstVerdicts>), PairError> {
        let mut kept = vec![false; candidates.len()];
        let mut queue: VecDeque<usize> = (0..candidates.len()).collect();
        // A round tested already: the first one when given, or one tested
        // ahead with the merge before it (see `merge`); its candidates, and
        // their verdicts (on the merge).
        let mut ahead: Option<(Vec<usize>, Vec<bool>)> =
            first.map(|holds| (queue.drain(..holds.len()).collect(), holds));
        let mut found_beside = None;
        while (ahead.is_some() || !queue.is_empty()) && !self.stopped() {
            let (round, holds) = match ahead.take() {
                Some(tested) => tested,
                None => {
                    let round: Vec<usize> = queue.drain(..queue.len().min(self.width())).collect();
                    let tries = self.tries(text, candidates, &round);
                    let holds = self.test_all(which, &tries);
                    (round, holds)
                }
            };
            let yes: Vec<usize> = round
                .iter()
                .zip(holds)
                .filter_map(|(&k, h)| h.then_some(k))
                .collect();
            let Some(&first) = yes.first() else {
                continue;
            };
            let mut take = vec![first];
            if yes.len() > 1 {
                let merged = self.merge(which, text, candidates, (&yes, &kept), &mut queue, beside);
                if merged.holds {
                    take = yes.clone();
                    ahead = merged.ahead;
                    found_beside = merged.beside;
                } else {
                    for &k in yes[1..].iter().rev() {
                        queue.push_front(k);
                    }
                }
            }
            for &k in &take {
                kept[k] = true;
            }
            let changes: Vec<&Change> = take.iter().map(|&k| &candidates[k]).collect();
            text.commit(&changes);
            self.set(which, text.text.clone());
        }
        self.check_failures()?;
        Ok((kept, found_beside.filter(|_| queue.is_empty())))
    }

    /// Tests the merge of the candidates `yes` of a round of
    /// [`Pair::in_rounds`] on `text` (`kept`: those kept before it). Where
    /// the places of `-j` allow (never at `-j 1`; what follows a last merge
    /// needs `-j 3` at least), the next round as it is
    /// if the merge holds (the queue as it is, on the merge) is tested
    /// beside the merge, or with the queue empty, what `beside` asks of the
    /// text the merge gives (what the caller tests next); their verdicts are
    /// used only if the merge holds, so the result does not change.
    fn merge(
        &self,
        which: Which,
        text: &Patched,
        candidates: &[Change],
        (yes, kept): (&[usize], &[bool]),
        queue: &mut VecDeque<usize>,
        beside: Option<BesideMerge<'_, Self>>,
    ) -> Merged {
        let all: Vec<&Change> = yes.iter().map(|&k| &candidates[k]).collect();
        let merged = text.with(&all);
        // The text the merge gives, for what is tested beside it.
        let on_merge = || {
            let mut on_merge = text.clone();
            on_merge.commit(&all);
            on_merge
        };
        let mut outcome = Merged {
            holds: false,
            ahead: None,
            beside: None,
        };
        if !self.parses_as_well(&merged, &text.text) {
            // A round of the schedule without a test.
            self.rounds.fetch_add(1, Relaxed);
            return outcome;
        }
        let next: Vec<usize> = queue.iter().take(self.width()).copied().collect();
        let places = {
            let abandon = |worker: usize| self.tests.abandon(worker);
            self.rounds(&abandon).places()
        };
        let after = || {
            let mut gone = kept.to_vec();
            for &k in yes {
                gone[k] = true;
            }
            beside.and_then(|beside| beside(self, &on_merge(), &gone))
        };
        let mut tries = vec![(which, Some(merged))];
        let mut last = None;
        if !next.is_empty() && next.len() < places {
            let these = self.tries(&on_merge(), candidates, &next);
            tries.extend(these.into_iter().map(|t| (which, t)));
        } else if next.is_empty()
            // Two lists, a try of each at least, and the merge.
            && places > 2
            && let Some(first) = after().filter(|first| first.tries.len() < places)
        {
            tries.extend(first.tries.iter().cloned());
            last = Some(first);
        }
        let mut verdicts = self.test_mixed(&tries);
        outcome.holds = verdicts.remove(0);
        if outcome.holds && !verdicts.is_empty() {
            // The round tested beside is one of the schedule's too (its
            // count does not depend on `-j`).
            self.rounds.fetch_add(1, Relaxed);
            match last {
                Some(first) => outcome.beside = Some(first.split(verdicts)),
                None => {
                    queue.drain(..next.len());
                    outcome.ahead = Some((next, verdicts));
                }
            }
        }
        outcome
    }

    /// The candidates of `round` on `text`: none for one that parses worse
    /// than `text`.
    fn tries(
        &self,
        text: &Patched,
        candidates: &[(Range<usize>, Vec<u8>)],
        round: &[usize],
    ) -> Vec<Option<Vec<u8>>> {
        round
            .iter()
            .map(|&k| {
                let t = text.with(&[&candidates[k]]);
                self.parses_as_well(&t, &text.text).then_some(t)
            })
            .collect()
    }

    /// Tests `tries` as one round (one that is none does not hold).
    fn test_all(&self, which: Which, tries: &[Option<Vec<u8>>]) -> Vec<bool> {
        let abandon = |worker: usize| self.tests.abandon(worker);
        self.rounds(&abandon).all(tries, |worker, t| {
            t.as_ref()
                .is_some_and(|t| self.holds_with(worker, which, t))
        })
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

    /// MinSubtree's second half: the single-file reducer minimizes the
    /// subtree at `range` of `text` (scoped to it, so nothing outside
    /// changes).
    fn min_subtree(
        &self,
        text: &[u8],
        range: Range<usize>,
        which: Which,
    ) -> Result<Vec<u8>, PairError> {
        let other = match which {
            Which::Seed => self.variant.clone(),
            Which::Variant => self.seed.clone(),
        };
        let side = self.tests.one(which, &other);
        let config = self.single_config(false);
        let observer = Forward(|new: &[u8]| match which {
            Which::Seed => self.observer.improved(new, &other),
            Which::Variant => self.observer.improved(&other, new),
        });
        self.single(text, Some(range), (&side, None), &config, &observer, which)
    }

    /// Runs the single-file reducer.
    /// Runs the single-file reducer with `oracle`, and `recheck` for the
    /// pair's re-check beside the layout's test (see `Session::recheck`).
    fn single(
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
    fn single_config(&self, last: bool) -> Config {
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

    /// Algorithm 3: ddmin over the difference, each subset patched onto the
    /// seed and tested with ψ_v. First over the hunks (runs of consecutive
    /// edits, which mostly go or stay together), then over what is left
    /// with one element per edited token, as the paper has it, so that a
    /// part of a hunk can go alone.
    fn min_ldiff(&mut self) -> Result<(), PairError> {
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
    fn ldiff_diff(&self, fine: bool) -> Option<Diff> {
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

    /// Whether `candidate` has no more parse errors than `current`, the
    /// program of the pair it would replace: the check every candidate
    /// passes before a test, as in single mode.
    fn parses_as_well(&self, candidate: &[u8], current: &[u8]) -> bool {
        errors(self.grammar, candidate) <= errors(self.grammar, current)
    }

    /// Algorithm 4: reduce the seed with the whole single-file reducer,
    /// each candidate tested with the difference patched onto it. `last`
    /// adds canonicalization and tidying.
    fn min_commonality(&mut self, last: bool) -> Result<(), PairError> {
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
    fn tested_pair(&self, both: &Both, seed: Vec<u8>) -> (Vec<u8>, Vec<u8>) {
        let variant = both.variant_of(&seed);
        match seed != self.seed && both.tested_with(&seed, &variant) {
            true => (seed, variant),
            false => (self.seed.clone(), self.variant.clone()),
        }
    }

    /// Re-tests the newest pair (bypassing the caches), up to three times
    /// while a test cannot be run. A pair a test rejects falls back to the
    /// one before (the inputs, the first, were checked at the start); a
    /// pair a test cannot be run on at all is kept, unchecked: an error is
    /// no verdict. Returns whether a test rejected a pair, how the
    /// re-check went, and the test's last error.
    fn verify(&mut self) -> (bool, Recheck, Option<String>) {
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

/// A candidate of [`Pair::in_rounds`]: a range of a text and what replaces it.
type Change = (Range<usize>, Vec<u8>);

/// A subtree only the variant has, and the seed's subtree it replaces, if
/// any (MinTdiff).
type Replaced = (Range<usize>, Option<Range<usize>>);

/// The verdicts of the first round of MinTdiff's deletions in the variant
/// and in the seed, if it was tested (see [`Pair::first_rounds`]).
type FirstVerdicts = [Option<Vec<bool>>; 2];

/// What [`Pair::in_rounds`] tests beside a last merge: the first round of
/// what follows, given the pair, the text the merge gives and the
/// candidates gone with it.
type BesideMerge<'b, P> = &'b dyn Fn(&P, &Patched, &[bool]) -> Option<FirstTries>;

/// The first round of MinTdiff's two deletion lists ([`Pair::first_rounds`]):
/// each try with its program, the variant's first.
struct FirstTries {
    tries: Vec<(Which, Option<Vec<u8>>)>,
    variants: usize,
}

impl FirstTries {
    /// The verdicts of the tries, as the variant's and the seed's.
    fn split(&self, mut holds: Vec<bool>) -> FirstVerdicts {
        let seeds = holds.split_off(self.variants);
        [Some(holds), Some(seeds)]
    }
}

/// How a merge of [`Pair::merge`] went: whether it held, and the verdicts
/// of the next round or of what followed, tested beside it.
struct Merged {
    holds: bool,
    ahead: Option<(Vec<usize>, Vec<bool>)>,
    beside: Option<FirstVerdicts>,
}

/// The removals of the non-empty `ranges`, as candidates of
/// [`Pair::in_rounds`].
fn removals(ranges: &[Range<usize>]) -> Vec<Change> {
    ranges
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| (r.clone(), Vec::new()))
        .collect()
}

/// `text` with `range` replaced by `with`.
fn splice(text: &[u8], range: &Range<usize>, with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + with.len());
    out.extend_from_slice(&text[..range.start]);
    out.extend_from_slice(with);
    out.extend_from_slice(&text[range.end..]);
    out
}

/// Zeller and Hildebrandt's ddmin: the smallest subset of `items` found for
/// which `test` holds (`test(all)` is assumed to hold). The empty set is
/// tried first, then each step's subsets and complements, in ddmin's order,
/// in rounds of `rounds.width` (the empty set in the first step's round),
/// up to `rounds.jobs` at once, and the first that holds is taken: the
/// result does not depend on `-j` (nor on the width).
///
/// A step that fits in one round and leaves places free
/// ([`Rounds::places`]) fills them with the tries of the steps that follow
/// if none of its own holds (the finer splits of the same items), so that
/// the last steps of a ddmin, which mostly find nothing, take one round of
/// tests instead of one each. A try tested ahead that held is remembered
/// here; a "no" is left to `test`'s own memory (each program's cache in
/// pair mode), since an abandoned run, or one that could not be run, says
/// "no" without a verdict. A step still decides only by its own tries'
/// verdicts, in its order, so the result is the same.
pub fn ddmin<T: Clone + Sync + Send + Eq + std::hash::Hash>(
    mut items: Vec<T>,
    rounds: &Rounds<'_>,
    cancel: Option<&Cancel>,
    test: impl Fn(usize, &[T]) -> bool + Sync,
) -> Vec<T> {
    let stopped = || cancel.is_some_and(Cancel::is_cancelled);
    if items.len() < 2 {
        // Nothing to split: only the empty set is left to try.
        return if items.is_empty() || test(0, &[]) {
            Vec::new()
        } else {
            items
        };
    }
    // Tries tested ahead that held.
    let ahead: Mutex<std::collections::HashSet<Vec<T>>> = Mutex::default();
    let mut n = 2;
    // The empty set is tried first, in the first step's round.
    let mut first_step = true;
    while items.len() >= 2 && !stopped() {
        let n_now = n.min(items.len());
        let mut tries = ddmin_tries(&items, n_now);
        if std::mem::take(&mut first_step) {
            // Taken, it ends the loop with nothing kept.
            tries.insert(0, (Vec::new(), true));
        }
        let cuts = rounds.of(tries.len());
        // The steps after this one if none of its tries holds: the same
        // items in twice as many chunks, until single items.
        let mut later: Vec<Vec<T>> = Vec::new();
        if cuts.len() == 1 {
            let free = rounds.places().saturating_sub(tries.len());
            let mut m = n_now;
            while later.len() < 2 * free && m < items.len() {
                m = (2 * m).min(items.len());
                later.extend(ddmin_tries(&items, m).into_iter().map(|(c, _)| c));
            }
            // Each subset once: a finer step repeats some of this one's.
            let mut seen: std::collections::HashSet<&[T]> =
                tries.iter().map(|(c, _)| c.as_slice()).collect();
            let known = ahead.lock();
            later = later
                .iter()
                .filter(|c| !known.contains(*c) && seen.insert(c.as_slice()))
                .take(free)
                .cloned()
                .collect();
        }
        let found = cuts.into_iter().find_map(|round| {
            if stopped() {
                return None;
            }
            let start = round.start;
            let mut batch: Vec<(&[T], bool)> = tries[round]
                .iter()
                .map(|(c, _)| (c.as_slice(), true))
                .collect();
            batch.extend(later.iter().map(|c| (c.as_slice(), false)));
            rounds
                .first(&batch, |w, &(c, own)| {
                    if own {
                        return ahead.lock().contains(c) || test(w, c);
                    }
                    // Only a "yes" is kept: a run that was abandoned (a
                    // try of this step held) or could not be run says
                    // "no" without a verdict.
                    if test(w, c) {
                        ahead.lock().insert(c.to_vec());
                    }
                    false
                })
                .map(|k| start + k)
        });
        match found {
            Some(k) => {
                let (chosen, subset) = tries.swap_remove(k);
                n = if subset { 2 } else { (n_now - 1).max(2) };
                items = chosen;
            }
            None if stopped() => break,
            None if n_now < items.len() => n = (2 * n_now).min(items.len()),
            None => break,
        }
    }
    items
}

/// `diff`'s seed with the hunks `keep` (their indices) applied.
fn keeping(diff: &Diff, keep: &[usize]) -> Vec<u8> {
    let mut on = vec![false; diff.hunks.len()];
    for &k in keep {
        on[k] = true;
    }
    diff.apply(|k| on[k])
}

/// Every subset ddmin tries over `items` if none holds, in its order (the
/// empty set, then each step's chunks and complements), each once.
fn ddmin_plan<T: Clone + Eq + std::hash::Hash>(items: &[T]) -> Vec<Vec<T>> {
    let mut plan = vec![Vec::new()];
    let mut n = 2;
    while items.len() >= 2 {
        let n_now = n.min(items.len());
        plan.extend(ddmin_tries(items, n_now).into_iter().map(|(c, _)| c));
        if n_now == items.len() {
            break;
        }
        n = 2 * n_now;
    }
    let mut seen = std::collections::HashSet::new();
    plan.retain(|c| seen.insert(c.clone()));
    plan
}

/// One step of ddmin over `items` in `n` chunks: the chunks (subsets,
/// `true`), then, with more than two, their complements (`false`).
fn ddmin_tries<T: Clone>(items: &[T], n: usize) -> Vec<(Vec<T>, bool)> {
    let chunks: Vec<Vec<T>> = (0..n)
        .map(|k| items[k * items.len() / n..(k + 1) * items.len() / n].to_vec())
        .collect();
    let complements: Vec<Vec<T>> = (0..n)
        .map(|k| {
            chunks
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .flat_map(|(_, c)| c.iter().cloned())
                .collect()
        })
        .collect();
    // Subsets first, then complements (with two chunks they coincide).
    let mut tries: Vec<(Vec<T>, bool)> = chunks.into_iter().map(|c| (c, true)).collect();
    if n > 2 {
        tries.extend(complements.into_iter().map(|c| (c, false)));
    }
    tries
}

/// A program being changed in several places: its text now, and the
/// changes made so far, so that a range of the text as it was at the start
/// can be found in the text now. The ranges of the changes do not overlap.
#[derive(Clone)]
struct Patched {
    text: Vec<u8>,
    /// Each change: where its range ended at the start, and how much
    /// longer it made the text.
    shifts: Vec<(usize, isize)>,
}

impl Patched {
    fn new(text: Vec<u8>) -> Patched {
        Patched {
            text,
            shifts: Vec::new(),
        }
    }

    /// Where `range` (of the text at the start) is now.
    fn at(&self, range: &Range<usize>) -> Range<usize> {
        let d: isize = self
            .shifts
            .iter()
            .filter(|(end, _)| *end <= range.start)
            .map(|(_, d)| d)
            .sum();
        let shift = |x: usize| {
            x.checked_add_signed(d)
                .expect("a change shifts only what follows it")
        };
        shift(range.start)..shift(range.end)
    }

    /// The text now with `changes` (ranges of the text at the start, and
    /// what replaces each) made too.
    fn with(&self, changes: &[&(Range<usize>, Vec<u8>)]) -> Vec<u8> {
        let mut now: Vec<(Range<usize>, &[u8])> = changes
            .iter()
            .map(|(r, with)| (self.at(r), with.as_slice()))
            .collect();
        now.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        let mut text = self.text.clone();
        for (r, with) in now {
            text = splice(&text, &r, with);
        }
        text
    }

    /// Makes `changes`.
    fn commit(&mut self, changes: &[&(Range<usize>, Vec<u8>)]) {
        self.text = self.with(changes);
        for (r, with) in changes {
            self.shifts
                .push((r.end, with.len() as isize - r.len() as isize));
        }
    }

    /// The text is now `text`, which changed only inside `range` (of the
    /// text at the start).
    fn replaced(&mut self, range: &Range<usize>, text: Vec<u8>) {
        let d = text.len() as isize - self.text.len() as isize;
        self.text = text;
        self.shifts.push((range.end, d));
    }
}

/// The items whose range (`range_of`) lies in no other's, in program
/// order from the end: a subtree's edits inside an edited subtree are left
/// to the outer one. Ranges of a syntax tree's nodes nest or are apart;
/// of two that overlap otherwise, the first (in program order) is kept.
fn outermost<X>(mut items: Vec<X>, range_of: impl Fn(&X) -> Range<usize>) -> Vec<X> {
    items.sort_by_key(|x| {
        let r = range_of(x);
        (r.start, std::cmp::Reverse(r.end))
    });
    let mut kept: Vec<X> = Vec::new();
    for x in items {
        let r = range_of(&x);
        let inside = kept.last().is_some_and(|k| {
            let k = range_of(k);
            r.start < k.end || r.start == k.start
        });
        if !inside {
            kept.push(x);
        }
    }
    kept.reverse();
    kept
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
