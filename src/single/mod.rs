//! The single-file mode: reduction passes over one program's syntax tree to
//! a fixpoint, alternating with canonicalization passes (T-Rec's outer loop),
//! then the tidy pass and a final re-check. Each pass is an engine run over
//! a subject: `reduce::TreeSubject` for the reductions, `reduce::text::tidy::Text` for
//! tidying.

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::engine::{Ending, Ends, Handed, Run, count_run, run_pass, run_pass_between};
use crate::lexical::Lexicon;
use crate::options::RunOptions;
use crate::oracle::{Cancel, Oracle, Verdict};
use crate::oracle::{VerdictCache, VerdictStore};
use crate::reduce::memory::Memory;
use crate::reduce::text::layout::LAYOUT;
use crate::reduce::text::tidy::{self, TIDY, Text};
use crate::reduce::{Best, Config, PassKind, Reduction, TreeSubject};
use crate::stats::{PassClock, PassReport, Recheck, Size, Stats, bump};
use crate::syntax::{
    Grammar, MAX_INPUT_BYTES, NodeId, Original, Stop, TooLarge, count_errors, count_tokens,
    count_tokens_until, parse, parse_until,
};
use crate::task::{Observer, Phase};
use parking_lot::Mutex;
use std::sync::atomic::AtomicBool;

/// Why a reduction could not start, or stopped without a result.
#[derive(Debug, thiserror::Error)]
pub enum ReduceError {
    /// The input itself is not interesting.
    #[error("the input is not interesting to the test ({0:?})")]
    NotInteresting(Verdict),
    /// The input does not fit the node table's 32-bit offsets.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The test could not be run, [`crate::engine::ERROR_LIMIT`] times in a
    /// row; the best result found until then is kept.
    #[error("{}", crate::oracle::could_not_run("the test", error))]
    Oracle {
        /// The last error.
        error: String,
        /// The best program found before the errors.
        best: Arc<[u8]>,
    },
}

/// The result of a reduction.
#[derive(Debug)]
pub struct Outcome {
    /// The smallest interesting program found.
    pub text: Arc<[u8]>,
    /// The run was cancelled; `text` is the best found until then.
    pub cancelled: bool,
    /// The final re-check failed at least once (a flaky test).
    pub flaky: bool,
    /// How the final re-check went: whether `text` was re-checked.
    pub recheck: Recheck,
    /// With [`Recheck::CouldNotRun`]: the last error of the test.
    pub recheck_error: Option<String>,
    /// The size of `text` (its tokens counted on a parse of it).
    pub size: Size,
}

/// The settings every mode starts from: every reduction, pruning, the
/// final re-check, the run's schedule (`run`: `jobs`, the width of a
/// round, in-order commits), the input already checked. Each mode changes
/// what its options say (`Config { passes, ..config(run) }`).
pub fn config(run: &RunOptions) -> Config {
    Config {
        run: run.checked(),
        input_checked: true,
        ..Config::default()
    }
}

/// Everything a reduction needs besides the input.
pub struct Session<'a> {
    /// The language.
    pub grammar: &'static Grammar,
    /// Its token classes, for canonicalization.
    pub lexicon: &'static Lexicon,
    /// The interestingness test.
    pub oracle: &'a dyn Oracle,
    /// Settings.
    pub config: &'a Config,
    /// Counters.
    pub stats: &'a Stats,
    /// Set on Ctrl-C.
    pub cancel: Option<&'a Cancel>,
    /// Progress listener.
    pub observer: &'a dyn Observer,
    /// Verdicts kept between runs (the command line's `--cache`).
    pub store: Option<Arc<dyn VerdictStore>>,
    /// Set (before `cancel`) when the run is stopped by its deadline: the
    /// result is then re-checked as at a normal end, not kept unchecked.
    pub deadline: Option<&'a AtomicBool>,
    /// A re-check made outside this reduction (pair mode re-checks the
    /// pair): its first run on the result runs beside the layout's test as
    /// the session's own re-check would (see `Driver::tidy`), or beside the
    /// passes' last round ([`Ahead`], through [`Oracle::test_aside`]), with
    /// this oracle, which keeps what it found. Above `-j 1`, with the
    /// layout's text the result.
    pub recheck: Option<&'a dyn Oracle>,
}

impl<'a> Session<'a> {
    /// The syntax-tree subject of a pass over `original` below `node`,
    /// with this session's settings, test and listeners.
    fn subject<'o>(&'o self, original: &'o Original, node: NodeId) -> TreeSubject<'o> {
        TreeSubject::new(
            original,
            node,
            self.grammar,
            self.lexicon,
            self.config,
            self.stats,
            self.oracle,
            self.observer,
        )
    }

    /// A session for `grammar`'s language.
    pub fn new(
        grammar: &'static Grammar,
        oracle: &'a dyn Oracle,
        config: &'a Config,
        stats: &'a Stats,
        cancel: Option<&'a Cancel>,
        observer: &'a dyn Observer,
    ) -> Session<'a> {
        Session {
            grammar,
            lexicon: crate::lexical::Lexicon::of(grammar.language),
            oracle,
            config,
            stats,
            cancel,
            observer,
            store: None,
            deadline: None,
            recheck: None,
        }
    }
}

/// The input parsed ahead of its reduction (the command line does it while
/// the test runs on the input): its tree, its tokens, and the program the
/// first pass starts from. On a 10 MB input these take seconds, which the
/// check of the input then hides.
pub struct Prepared {
    tree: tree_sitter::Tree,
    tokens: usize,
    original: Original,
}

// Only the command line parses ahead (while it checks the input).
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
impl Prepared {
    /// Parses `input` and builds its program; `Ok(None)` if `stop` said to
    /// give up first.
    pub fn of(
        grammar: &Grammar,
        input: Arc<[u8]>,
        stop: Stop<'_>,
    ) -> Result<Option<Prepared>, TooLarge> {
        let mut parser = crate::syntax::parser(grammar);
        let Some(tree) = parse_until(&mut parser, &input, None, stop) else {
            return Ok(None);
        };
        // Stopped: the tree is freed aside (see `drop_aside`).
        let Some(tokens) = count_tokens_until(&tree, stop) else {
            crate::syntax::drop_aside(tree);
            return Ok(None);
        };
        let Some(original) = Original::new_until(grammar, input, tree.clone(), stop)? else {
            crate::syntax::drop_aside(tree);
            return Ok(None);
        };
        Ok(Some(Prepared {
            tree,
            tokens,
            original,
        }))
    }

    /// The input's syntax tree.
    pub fn tree(&self) -> &tree_sitter::Tree {
        &self.tree
    }

    /// Its tokens.
    pub fn tokens(&self) -> usize {
        self.tokens
    }
}

/// Reduces `input` (see the module documentation). With `scope`, only the
/// smallest node spanning that byte range is reduced, and the rest is kept.
pub fn reduce(
    session: &Session<'_>,
    input: &[u8],
    scope: Option<Range<usize>>,
) -> Result<Outcome, ReduceError> {
    reduce_prepared(session, input, scope, None)
}

/// [`reduce`], from `input` parsed ahead (`prepared`, of this very input).
pub fn reduce_prepared(
    session: &Session<'_>,
    input: &[u8],
    scope: Option<Range<usize>>,
    prepared: Option<Prepared>,
) -> Result<Outcome, ReduceError> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(ReduceError::TooLarge(TooLarge {
            bytes: input.len(),
            nodes: 0,
        }));
    }
    let config = session.config;
    let width = if config.run.in_order {
        1
    } else {
        config.run.width
    };
    let run = Run::with_store(
        config.run.jobs,
        session.stats,
        session.cancel,
        session.store.clone(),
    )
    .with_width(width);
    let mut driver = Driver {
        session,
        run: &run,
        text: Arc::from(input),
        checkpoints: Vec::new(),
        before_merge: None,
        memory: Memory::new(),
        recheck: Recheck::NotRun,
        recheck_error: None,
        first: None,
        beside: None,
        ahead_unit: None,
        ahead: Mutex::new(None),
    };
    driver.reduce(input, scope, prepared)
}

/// Records one of the passes at the end (layout, tidy, format: one task,
/// no rounds) that started at `started` (timed by `clock`) with the best of
/// size `start`.
fn push_final_pass(
    stats: &Stats,
    kind: &'static str,
    (started, clock): (Instant, PassClock),
    start: Size,
    tests_before: u64,
) {
    stats.push_pass(PassReport {
        kind,
        number: 1,
        seconds: started.elapsed().as_secs_f64(),
        start,
        end: stats.best(),
        tests: stats.tests.load(Ordering::Relaxed) - tests_before,
        rounds: 0,
        skipped: 0,
        timing: stats.pass_timing(&clock),
    });
}

/// The state of one single-file reduction between passes.
struct Driver<'s, 'a> {
    session: &'s Session<'a>,
    run: &'s Run<'s>,
    /// The current best text.
    text: Arc<[u8]>,
    /// Results of the passes, newest last: fallbacks if the final re-check fails.
    checkpoints: Vec<Arc<[u8]>>,
    /// The changes that failed in the passes so far.
    memory: Memory,
    /// How the final re-check went (see [`Driver::verify`]).
    recheck: Recheck,
    /// The test's last error, when it could not be run on the result.
    recheck_error: Option<String>,
    /// The program of the current text, built ahead (by [`Prepared`], or
    /// kept from a pass that changed nothing).
    first: Option<Original>,
    /// A run of the test made beside the layout's (see [`Beside`]): the
    /// text and its verdict, the re-check's first try if that text is the
    /// result.
    beside: Option<Ran>,
    /// The indentation of the input, when the layout's test and the
    /// re-check's first run may be made ahead in the passes' last rounds
    /// ([`Ahead`], see [`Driver::makes_ending_ahead`]).
    ahead_unit: Option<Vec<u8>>,
    /// The re-check's first run made ahead ([`Ahead`]), the newest.
    ahead: Mutex<Option<Ran>>,
    /// While the current text is a merge the last pass ended on and handed
    /// over untested ([`Ends`]): the tested text before it, its tree and
    /// scope, to go back to if the merge is not interesting.
    before_merge: Option<BeforeMerge>,
}

/// How one run of a pass's tasks ended (see [`crate::engine::Finished`]).
struct Attempt {
    best: Arc<Best>,
    commits: u64,
    merge: Option<Arc<Best>>,
    start: Handed,
}

/// The tested text a pass ended on before its untested merge.
struct BeforeMerge {
    text: Arc<[u8]>,
    tree: tree_sitter::Tree,
    scope: Range<usize>,
}

impl<'a> Driver<'_, 'a> {
    fn reduce(
        &mut self,
        input: &[u8],
        scope: Option<Range<usize>>,
        prepared: Option<Prepared>,
    ) -> Result<Outcome, ReduceError> {
        let (session, stats) = (self.session, self.session.stats);
        let Some((mut tree, tokens)) = self.parsed(prepared) else {
            return self.stopped();
        };
        stats.set_start(Size {
            bytes: self.text.len() as u64,
            tokens: tokens as u64,
        });
        let whole = scope.is_none();
        let mut scope = scope.unwrap_or(0..self.text.len());
        if !session.config.input_checked {
            session.observer.phase(Phase::Check);
            match self.check_input()? {
                None => return self.finish(true, false),
                Some(false) => return Err(ReduceError::NotInteresting(Verdict::NotInteresting)),
                Some(true) => {}
            }
        }
        self.checkpoints.push(self.text.clone());
        if self.makes_ending_ahead(whole) {
            self.ahead_unit = Some(tidy::indent_unit(input));
        }
        tree = self.fixpoint(tree, tokens, &mut scope)?;
        if self.run.stopped() {
            crate::syntax::drop_aside(tree);
            return self.stopped();
        }
        // The layout decides all whitespace in the scope: the tidy pass
        // runs only where no layout was kept.
        let mut laid_out = false;
        if session.config.runs(LAYOUT.name()) {
            let last = self.lays_out_last(whole);
            laid_out = self.tidy(tree.clone(), scope.clone(), input, (true, last))?;
            if self.run.stopped() {
                crate::syntax::drop_aside(tree);
                return self.stopped();
            }
        }
        if session.config.runs(TIDY.name()) && !laid_out {
            self.tidy(tree, scope.clone(), input, (false, false))?;
            if self.run.stopped() {
                return self.stopped();
            }
        }
        // A formatter formats the whole file: only when all of it is reduced.
        if let Some(command) = &session.config.formatter
            && whole
        {
            self.format(command);
            if self.run.stopped() {
                return self.stopped();
            }
        }
        self.recheck()
    }

    /// The input's tree and size in tokens: `prepared`'s, or parsed and
    /// counted now; `None` if the run stopped first.
    fn parsed(&mut self, prepared: Option<Prepared>) -> Option<(tree_sitter::Tree, usize)> {
        if let Some(p) = prepared {
            self.first = Some(p.original);
            return Some((p.tree, p.tokens));
        }
        let (session, stats, run) = (self.session, self.session.stats, self.run);
        let stop = || run.stopped();
        // The size in bytes, if the run stops before the tokens are counted.
        stats.set_start(Size {
            bytes: self.text.len() as u64,
            tokens: 0,
        });
        let mut parser = crate::syntax::parser(session.grammar);
        let tree = parse_until(&mut parser, &self.text, None, &stop)?;
        let tokens = count_tokens_until(&tree, &stop)?;
        Some((tree, tokens))
    }

    /// The run stopped early: at its deadline, the best result is
    /// re-checked as at a normal end; else (Ctrl-C) it is kept as it is.
    fn stopped(&mut self) -> Result<Outcome, ReduceError> {
        if let Some(original) = self.first.take() {
            crate::syntax::drop_aside(original);
        }
        if !self.at_deadline() || self.run.failure().is_some() {
            return self.finish(true, false);
        }
        bump(&self.session.stats.deadline);
        // The deadline stopped the tests through the cancel token; the
        // re-check needs it unset (a Ctrl-C from now on sets it again).
        if let Some(cancel) = self.session.cancel {
            cancel.reset();
        }
        self.recheck()
    }

    /// Whether the layout pass runs and its text is the result (no
    /// formatter follows; `whole`: the whole file is reduced).
    fn lays_out_last(&self, whole: bool) -> bool {
        let config = &self.session.config;
        config.runs(LAYOUT.name()) && (config.formatter.is_none() || !whole)
    }

    /// Whether the passes may make the run's last tests ahead ([`Ahead`]):
    /// the layout's text is the result and re-checked (by the session's
    /// own test, or pair mode's re-check of the pair), and rounds may leave
    /// two directories idle beside a test (`-j` 3 and up, rounds wider than
    /// one: not with `--in-order`; a round of pair mode's, whose tests run
    /// two scripts, needs room for the scripts of two tests more, see
    /// `engine::group`).
    fn makes_ending_ahead(&self, whole: bool) -> bool {
        let run = self.run;
        self.second().is_some() && run.jobs >= 3 && run.width > 1 && self.lays_out_last(whole)
    }

    /// The oracle of the re-check's first run when it runs beside the
    /// layout's test: the session's own re-check's, or the test's; `None`
    /// if the result is not re-checked.
    fn second(&self) -> Option<&'a dyn Oracle> {
        let session = self.session;
        match session.recheck {
            Some(recheck) => Some(recheck),
            None => session.config.verify.then_some(session.oracle),
        }
    }

    /// Whether the run's deadline has passed (see [`Session::deadline`]).
    fn at_deadline(&self) -> bool {
        self.session
            .deadline
            .is_some_and(|d| d.load(Ordering::SeqCst))
    }

    /// The check of the input: `Some(interesting)`, or `None` if cancelled.
    /// An error here is no verdict on the input: the run stops at once.
    fn check_input(&self) -> Result<Option<bool>, ReduceError> {
        let stats = self.session.stats;
        let started = std::time::Instant::now();
        match self.session.oracle.test(0, &self.text) {
            Err(e) => {
                bump(&stats.oracle_errors);
                Err(ReduceError::Oracle {
                    error: e.to_string(),
                    best: self.text.clone(),
                })
            }
            Ok(Verdict::Cancelled) => Ok(None),
            Ok(verdict) => {
                count_run(stats, verdict);
                if verdict == Verdict::Interesting {
                    self.session.oracle.calibrate(started.elapsed());
                }
                Ok(Some(verdict == Verdict::Interesting))
            }
        }
    }

    /// The end: the current text, unless the oracle kept failing.
    fn finish(&self, cancelled: bool, flaky: bool) -> Result<Outcome, ReduceError> {
        self.session
            .stats
            .stored_hits
            .store(self.run.cache().stored_hits(), Ordering::Relaxed);
        self.failure()?;
        if cancelled {
            bump(&self.session.stats.interrupted);
        }
        *self.session.stats.recheck.lock() = self.recheck;
        // Counted again from the text, unless the run was stopped: then the
        // size of the last best stands (a parse of a 10 MB result takes
        // seconds, and a stopped run ends at once).
        let run = self.run;
        let stop = || run.stopped();
        let mut parser = crate::syntax::parser(self.session.grammar);
        let tokens = parse_until(&mut parser, &self.text, None, &stop)
            .and_then(|tree| {
                let tokens = count_tokens_until(&tree, &stop);
                if tokens.is_none() {
                    crate::syntax::drop_aside(tree);
                }
                tokens
            })
            .map_or(self.session.stats.best().tokens, |t| t as u64);
        let size = Size {
            bytes: self.text.len() as u64,
            tokens,
        };
        Ok(Outcome {
            size,
            text: self.text.clone(),
            cancelled,
            flaky,
            recheck: self.recheck,
            recheck_error: self.recheck_error.clone(),
        })
    }

    fn failure(&self) -> Result<(), ReduceError> {
        match self.run.failure() {
            Some(error) => Err(ReduceError::Oracle {
                error,
                best: self.text.clone(),
            }),
            None => Ok(()),
        }
    }

    /// The kind of the pass after pass `number` of `kind` if that one
    /// commits nothing: a syntax pass is followed by a canonicalization
    /// pass, unless it checks a fixpoint (`checking`: the run then ends),
    /// canonicalization is off, or it is the last pass allowed.
    fn after_nothing(&self, number: usize, kind: PassKind, checking: bool) -> Option<PassKind> {
        let config = &self.session.config;
        let canon = config.runs(crate::reduce::canon::CANON.name());
        let last = config.passes == Some(number);
        (kind == PassKind::Reduce && canon && !checking && !last).then_some(PassKind::Canon)
    }

    /// Whether pass `number` of `kind` may hand its last untested merge
    /// over ([`Ends`]): only to a pass that follows, and only a syntax
    /// pass. The pass after it, a syntax pass too, tries the merge's
    /// changes again if the merge is not interesting; renames that each
    /// pass may clash together, and the syntax pass after a
    /// canonicalization pass does not try renames again.
    fn hands_over(&self, number: usize, kind: PassKind) -> bool {
        let follows = self.session.config.passes.is_none_or(|max| number < max);
        follows && kind == PassKind::Reduce
    }

    /// Goes back to the tested text before the merge handed over, if one
    /// was: a run that stops before the merge is settled ends there.
    fn back_before_merge(&mut self, tree: &mut tree_sitter::Tree, scope: &mut Range<usize>) {
        if let Some(before) = self.before_merge.take() {
            self.text = before.text;
            *tree = before.tree;
            *scope = before.scope;
        }
    }

    /// One pass of `kind` (number `number`, pruning or not, checking a
    /// fixpoint or not: see [`Driver::after_nothing`]) over the current
    /// text: whether it committed anything, the size it ended at, and
    /// whether it skipped (pruned) a test; `None` if the run stopped before
    /// it started. A pass that hands over ([`Driver::hands_over`]) may end
    /// on an untested merge of its last changes, the current text then: the next pass
    /// starts from it and tests it in its first round ([`Ends`]). If the
    /// merge is not interesting, that pass runs again from the tested text
    /// before it.
    fn pass(
        &mut self,
        tree: &mut tree_sitter::Tree,
        scope: &mut Range<usize>,
        (number, kind, prune, checking): (usize, PassKind, bool, bool),
    ) -> Result<Option<(bool, Size, bool)>, ReduceError> {
        let next = self.after_nothing(number, kind, checking);
        let stats = self.session.stats;
        let started = Instant::now();
        let mut clock = stats.begin_pass();
        let tests_before = stats.tests.load(Ordering::Relaxed);
        let rounds_before = stats.rounds.load(Ordering::Relaxed);
        let skipped_before = stats.skipped.load(Ordering::Relaxed);
        let hand_over = self.hands_over(number, kind);
        let ends = |untested_start| Ends {
            untested_start,
            hand_over,
            ending: None,
        };
        let (done, start) = loop {
            let attempt = (number, kind, prune, next, ends(self.before_merge.is_some()));
            let Some((done, start)) = self.attempt(tree, scope, attempt, &mut clock)? else {
                return Ok(None);
            };
            if !matches!(done.start, Handed::Rejected | Handed::Unsettled) {
                break (done, start);
            }
            // Back to the tested text before the merge.
            self.back_before_merge(tree, scope);
            if done.start == Handed::Unsettled || self.run.stopped() {
                return Ok(Some((false, stats.best(), false)));
            }
            // This pass runs again from there: a syntax pass like the one
            // that made the merge, it tries the merge's changes again.
        };
        let end = done.merge.as_ref().unwrap_or(&done.best).size();
        stats.push_pass(PassReport {
            kind: match kind {
                PassKind::Canon => "canon",
                PassKind::Reduce => "reduce",
            },
            number,
            seconds: started.elapsed().as_secs_f64(),
            start,
            end,
            tests: stats.tests.load(Ordering::Relaxed) - tests_before,
            rounds: stats.rounds.load(Ordering::Relaxed) - rounds_before,
            skipped: stats.skipped.load(Ordering::Relaxed) - skipped_before,
            timing: stats.pass_timing(&clock),
        });
        let changed = self.absorb(done, tree, scope);
        let skipped = stats.skipped.load(Ordering::Relaxed) > skipped_before;
        Ok(Some((changed, end, skipped)))
    }

    /// Takes the end of a run of a pass's tasks as the current text (a
    /// merge it handed over, untested, with the tested text before it kept
    /// aside); whether the pass committed anything.
    fn absorb(
        &mut self,
        done: Attempt,
        tree: &mut tree_sitter::Tree,
        scope: &mut Range<usize>,
    ) -> bool {
        let best = done.best;
        let changed = done.commits > 0;
        // Identifier replacement may lengthen the text, so no plain subtraction.
        scope.end = (scope.end + best.text.len()).saturating_sub(self.text.len());
        // A handed start that the pass settled without a commit is a
        // tested text of its own.
        let settled = done.start == Handed::Settled && !changed;
        self.text = best.text.clone();
        *tree = best.tree.clone();
        if changed || settled {
            self.checkpoints.push(self.text.clone());
        }
        self.before_merge = None;
        if let Some(merge) = done.merge {
            self.before_merge = Some(BeforeMerge {
                text: self.text.clone(),
                tree: tree.clone(),
                scope: scope.clone(),
            });
            scope.end = (scope.end + merge.text.len()).saturating_sub(self.text.len());
            self.text = merge.text.clone();
            *tree = merge.tree.clone();
        }
        changed
    }

    /// One run of a pass's tasks over the current text: how it ended and
    /// the size it started at; `None` if the run stopped before it started.
    fn attempt(
        &mut self,
        tree: &tree_sitter::Tree,
        scope: &Range<usize>,
        (number, kind, prune, next, ends): (usize, PassKind, bool, Option<PassKind>, Ends<'_>),
        clock: &mut PassClock,
    ) -> Result<Option<(Attempt, Size)>, ReduceError> {
        let (session, stats) = (self.session, self.session.stats);
        let run = self.run;
        let stop = || run.stopped();
        let Some(original) = self.original(tree, &stop)? else {
            return Ok(None);
        };
        let subject = session
            .subject(&original, scope_node(&original, scope))
            .remembering(&self.memory, number, prune)
            .followed_by(next)
            .stopping(&stop);
        let first = Best::of(&original);
        let start = first.size();
        let tasks = subject.start(kind);
        let ahead = self.ahead(tree, scope, &stop);
        let ends = Ends {
            ending: ahead.as_ref().map(|a| a as &dyn Ending),
            ..ends
        };
        clock.built(stats);
        let done = run_pass_between(self.run, &subject, first, tasks, ends);
        let done = Attempt {
            best: done.best,
            commits: done.commits,
            merge: done.merge,
            start: done.start,
        };
        if run.stopped() {
            // The program and its tree are freed aside (see `drop_aside`).
            drop(subject);
            crate::syntax::drop_aside(original);
        }
        Ok(Some((done, start)))
    }

    /// The run's last tests, to make ahead in a pass over the current text
    /// (whose tree is `tree`) if the run may end on it ([`Ahead`]); `None`
    /// unless the run makes them ([`Driver::makes_ending_ahead`]).
    fn ahead<'d>(
        &'d self,
        tree: &tree_sitter::Tree,
        scope: &Range<usize>,
        stop: Stop<'d>,
    ) -> Option<Ahead<'d>> {
        let unit = self.ahead_unit.as_deref()?;
        let session = self.session;
        let second = self.second()?;
        Some(Ahead::new(
            (
                session.grammar,
                session.oracle,
                session.observer,
                session.stats,
            ),
            (second, &self.ahead),
            (unit, stop),
            (self.text.clone(), tree.clone(), scope.clone()),
        ))
    }

    /// The program of the current text and its tree: the one built ahead
    /// if it is of this text, else a new one; `None` if the run stopped.
    fn original(
        &mut self,
        tree: &tree_sitter::Tree,
        stop: Stop<'_>,
    ) -> Result<Option<Original>, TooLarge> {
        match self.first.take() {
            Some(original) if original.text[..] == self.text[..] => Ok(Some(original)),
            _ => Original::new_until(self.session.grammar, self.text.clone(), tree.clone(), stop),
        }
    }

    /// The formatter on the result (see `format.rs`): its output is kept if
    /// it parses no worse and the test accepts it.
    fn format(&mut self, command: &[String]) {
        let (session, stats) = (self.session, self.session.stats);
        session.observer.phase(Phase::Format);
        let started = Instant::now();
        let mut clock = stats.begin_pass();
        let tests_before = stats.tests.load(Ordering::Relaxed);
        let start = stats.best();
        let outcome = match format::run(command, &self.text) {
            Err(format::Skipped::NotStarted(why)) => format!("not started: {why}"),
            Err(format::Skipped::Failed(Some(code))) => format!("failed: exit code {code}"),
            Err(format::Skipped::Failed(None)) => "failed: killed or stopped after 30 s".into(),
            Err(format::Skipped::Empty) => "failed: no output".into(),
            Ok(out) if out[..] == self.text[..] => "unchanged".into(),
            Ok(out) => {
                let grammar = session.grammar;
                let tree = parse(grammar, &out);
                if count_errors(&tree) > count_errors(&parse(grammar, &self.text)) {
                    "more parse errors".into()
                } else {
                    clock.built(stats);
                    let key = VerdictCache::key(&out);
                    match self.run.test(key, || session.oracle.test(0, &out)) {
                        Some(true) => {
                            let size = Size {
                                bytes: out.len() as u64,
                                tokens: count_tokens(&tree) as u64,
                            };
                            self.text = Arc::from(out);
                            self.checkpoints.push(self.text.clone());
                            let seq = self.run.next_seq();
                            stats.set_best(seq, size);
                            session.observer.improved(seq, &self.text);
                            "kept".into()
                        }
                        Some(false) => "not interesting".into(),
                        None => "stopped".into(),
                    }
                }
            }
        };
        *stats.formatter.lock() = Some(outcome);
        push_final_pass(stats, "format", (started, clock), start, tests_before);
    }

    /// The layout pass (`layout`, see `reduce::text::layout`) or the tidy pass
    /// (see `reduce::text::tidy`); returns whether its result was kept.
    /// When the layout's text would be the result (`last`: no formatter
    /// follows) and a second test may run, the re-check's first run of that
    /// text runs beside the layout's test ([`Beside`]): a run ends one test
    /// duration sooner.
    fn tidy(
        &mut self,
        tree: tree_sitter::Tree,
        scope: Range<usize>,
        input: &[u8],
        (layout, last): (bool, bool),
    ) -> Result<bool, ReduceError> {
        let (session, stats) = (self.session, self.session.stats);
        session
            .observer
            .phase(if layout { Phase::Layout } else { Phase::Tidy });
        let started = Instant::now();
        let mut clock = stats.begin_pass();
        let tests_before = stats.tests.load(Ordering::Relaxed);
        let start = stats.best();
        let run = self.run;
        let stop = || run.stopped();
        let beside = self
            .second()
            .filter(|_| layout && last && run.jobs > 1)
            .map(|second| Beside {
                oracle: session.oracle,
                second,
                jobs: run.jobs,
                stats,
                run: Mutex::new(None),
            });
        let oracle: &dyn Oracle = match &beside {
            Some(beside) => beside,
            None => session.oracle,
        };
        let subject = Text::new(
            session.grammar,
            oracle,
            session.observer,
            tidy::indent_unit(input),
            &tree,
        )
        .stopping(&stop);
        let (state, tasks) = subject.start(self.text.clone(), tree, scope, layout);
        clock.built(stats);
        let done = run_pass(self.run, &subject, state, tasks);
        let kept = done.commits > 0;
        if kept {
            self.text = done.best.text.clone();
            self.checkpoints.push(self.text.clone());
            self.beside = beside.and_then(|b| b.run.into_inner());
        }
        if layout && self.beside.is_none() {
            // The layout's test was made ahead (a cache hit here), and the
            // re-check's first run beside it ([`Ahead`]), on this text or
            // on another the passes moved on from (`verify` compares).
            self.beside = self.ahead.lock().take();
        }
        let kind = if layout { "layout" } else { "tidy" };
        push_final_pass(stats, kind, (started, clock), start, tests_before);
        Ok(kept)
    }
}

mod ahead;
mod coarse;
mod fixpoint;
mod recheck;
#[cfg(test)]
mod tests;

use ahead::Ahead;
use coarse::scope_node;
pub(crate) use recheck::recheck_checkpoints;
use recheck::{Beside, Ran, count_test};

mod format;
