//! The engine: passes of parallel, prioritized reduction to a fixpoint, then
//! a tidy pass and a final re-check. It knows tasks and edits, not languages.
//!
//! [`reduce`] is the library entry point: it takes a program, an optional
//! byte range to confine the reduction to (one subtree, as the pairwise mode
//! needs), and any [`Oracle`].

mod heap;
mod pass;
mod retry;

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

pub use heap::Priority;
pub use pass::{Best, Pass, Worker};

use crate::oracle::{Cancel, Oracle, Verdict, VerdictCache};
use crate::reduce::{Change, ddmin::Level, tidy};
use crate::stats::{Kind, PassReport, Size, Stats, bump};
use crate::syntax::{
    Grammar, ListId, MAX_INPUT_BYTES, NodeId, Original, TooLarge, count_tokens, parse,
};

/// A unit of work in the task heap.
#[derive(Debug)]
pub enum Task {
    /// Expand a node into the tasks of its slots and children (no test).
    Visit(NodeId),
    /// Queue the chunk tasks of one ddmin level of a list (no test).
    Ddmin {
        /// The list.
        list: ListId,
        /// Elements per chunk.
        chunk: usize,
        /// Whether this is the list's first level (which may delete it whole).
        first: bool,
    },
    /// Test one change and commit it if interesting.
    Attempt(Attempt),
    /// Canonicalize one token (a sequence of tests, see `reduce::canon`).
    Canon(NodeId),
}

/// What a task that runs several dependent tests (token canonicalization)
/// uses of its pass.
pub trait Tests {
    /// The current best.
    fn snapshot(&self) -> Arc<Best>;
    /// Builds, checks, tests and commits `change`; whether it was committed.
    fn try_change(&mut self, change: &Change, kind: Kind) -> bool;
}

/// A change to test, with what to tell when it is done.
#[derive(Debug)]
pub struct Attempt {
    /// The change.
    pub change: Change,
    /// Which reduction proposed it (for statistics).
    pub kind: Kind,
    /// The ddmin level it belongs to, if any.
    pub level: Option<Arc<Level>>,
}

/// How to reduce.
#[derive(Clone, Debug)]
pub struct Config {
    /// Worker threads (tests run in parallel).
    pub jobs: usize,
    /// Stop after this many reduction passes (`None`: run to a fixpoint).
    pub passes: Option<usize>,
    /// Also test ddmin's subsets (keep one chunk, delete the rest).
    pub ddmin_subsets: bool,
    /// Retry a failed deletion in the same pass once the last use of a name
    /// inside it is gone (see `engine::retry`).
    pub retries: bool,
    /// Replace nodes by compatible descendants (`reduce::hoist`).
    pub hoist: bool,
    /// Replace nodes by the smallest compatible tree (`reduce::replace`).
    pub replace: bool,
    /// Replace uses of names by other names (`reduce::rename`).
    pub rename: bool,
    /// Canonicalize tokens (`reduce::canon`), alternating with the other
    /// reductions until neither shrinks the program.
    pub canon: bool,
    /// Run the whitespace tidy pass at the end.
    pub tidy: bool,
    /// Re-run the test on the result at the end, to catch flaky tests.
    pub verify: bool,
    /// The caller has already checked that the input is interesting.
    pub input_checked: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            passes: None,
            ddmin_subsets: false,
            retries: true,
            hoist: true,
            replace: true,
            rename: true,
            canon: true,
            tidy: true,
            verify: true,
            input_checked: false,
        }
    }
}

/// Where the engine reports progress; called from worker threads.
pub trait Observer: Sync {
    /// A new best program. `seq` grows with every improvement, so a listener
    /// that receives them out of order can keep only the newest.
    fn improved(&self, _seq: u64, _text: &[u8]) {}
    /// A new phase begins.
    fn phase(&self, _phase: Phase) {}
}

/// The phases of a reduction, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Checking that the input is interesting.
    Check,
    /// Reduction pass number n (1-based).
    Reduce(usize),
    /// Reduction pass number n with token canonicalization.
    Canon(usize),
    /// Tidying whitespace.
    Tidy,
    /// Re-checking the result.
    Verify,
}

/// An observer that ignores everything.
pub struct Silent;
impl Observer for Silent {}

/// Why a reduction could not start.
#[derive(Debug, thiserror::Error)]
pub enum ReduceError {
    /// The input itself is not interesting.
    #[error("the input is not interesting to the test ({0:?})")]
    NotInteresting(Verdict),
    /// The input does not fit the node table's 32-bit offsets.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
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
}

/// Everything a reduction needs besides the input.
pub struct Session<'a> {
    /// The language.
    pub grammar: &'a Grammar,
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
    cache: VerdictCache,
    seq: AtomicU64,
    /// Token classes, for canonicalization.
    pub lexicon: &'static crate::lexical::Lexicon,
}

impl<'a> Session<'a> {
    /// A session with a fresh verdict cache.
    pub fn new(
        grammar: &'a Grammar,
        oracle: &'a dyn Oracle,
        config: &'a Config,
        stats: &'a Stats,
        cancel: Option<&'a Cancel>,
        observer: &'a dyn Observer,
    ) -> Session<'a> {
        Session {
            grammar,
            oracle,
            config,
            stats,
            cancel,
            observer,
            cache: VerdictCache::default(),
            seq: AtomicU64::new(0),
            lexicon: grammar.language.lexicon(),
        }
    }

    /// Whether Ctrl-C was pressed.
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(Cancel::is_cancelled)
    }

    fn next_seq(&self) -> u64 {
        self.seq.fetch_add(1, Ordering::SeqCst) + 1
    }

    /// Tests a candidate through the cache: `Some(interesting)`, or `None` if cancelled.
    pub fn test(&self, worker: usize, candidate: &[u8]) -> Option<bool> {
        let key = VerdictCache::key(candidate);
        if let Some(hit) = self.cache.get(key) {
            bump(&self.stats.cache_hits);
            return Some(hit);
        }
        let verdict = self.oracle.test(worker, candidate);
        let stats = self.stats;
        match verdict {
            Verdict::Cancelled => return None,
            Verdict::Interesting => bump(&stats.interesting),
            Verdict::NotInteresting => bump(&stats.not_interesting),
            Verdict::TimedOut => bump(&stats.timed_out),
        }
        bump(&stats.tests);
        let interesting = verdict == Verdict::Interesting;
        self.cache.insert(key, interesting);
        Some(interesting)
    }

    fn announce(&self, text: &[u8]) {
        self.observer.improved(self.next_seq(), text);
    }
}

/// Reduces `input` (see the module documentation). With `scope`, only the
/// smallest node spanning that byte range is reduced, and the rest is kept.
pub fn reduce(
    session: &Session<'_>,
    input: &[u8],
    scope: Option<Range<usize>>,
) -> Result<Outcome, ReduceError> {
    let stats = session.stats;
    if input.len() > MAX_INPUT_BYTES {
        return Err(ReduceError::TooLarge(TooLarge {
            bytes: input.len(),
            nodes: 0,
        }));
    }
    let mut text: Arc<[u8]> = Arc::from(input);
    let mut tree = parse(session.grammar, &text);
    stats.set_start(Size {
        bytes: text.len() as u64,
        tokens: count_tokens(&tree) as u64,
    });
    let mut scope = scope.unwrap_or(0..text.len());
    let finish = |text: Arc<[u8]>, cancelled: bool, flaky: bool| {
        Ok(Outcome {
            text,
            cancelled,
            flaky,
        })
    };

    if !session.config.input_checked {
        session.observer.phase(Phase::Check);
        match session.test(0, &text) {
            None => return finish(text, true, false),
            Some(false) => return Err(ReduceError::NotInteresting(Verdict::NotInteresting)),
            Some(true) => {}
        }
    }

    // Results of the passes, newest last: fallbacks if the final re-check fails.
    let mut checkpoints: Vec<Arc<[u8]>> = vec![text.clone()];
    let mut number = 0;
    // T-Rec's outer loop: reduce to a fixpoint without canonicalization, then
    // run a pass with it; start over while a whole round (syntax fixpoint and
    // canonicalization) shrinks the program. Comparing whole rounds matters:
    // identifier replacement may undo a canonical name the round before, and
    // the canonicalization pass then shrinks the text again, without end.
    let mut canon_pass = false;
    let mut round_start = (count_tokens(&tree) as u64, text.len() as u64);
    while session.config.passes.is_none_or(|max| number < max) {
        number += 1;
        stats.pass.store(number as u64, Ordering::Relaxed);
        session.observer.phase(if canon_pass {
            Phase::Canon(number)
        } else {
            Phase::Reduce(number)
        });
        let started = Instant::now();
        let tests_before = stats.tests.load(Ordering::Relaxed);
        let original = Original::new(session.grammar, text.clone(), tree)?;
        let root = scope_node(&original, &scope);
        let best = Pass::run(&original, root, session, canon_pass);
        let start = Size {
            bytes: original.text.len() as u64,
            tokens: original.tokens() as u64,
        };
        let end = best.size();
        stats.push_pass(PassReport {
            kind: if canon_pass { "canon" } else { "reduce" },
            number,
            seconds: started.elapsed().as_secs_f64(),
            start,
            end,
            tests: stats.tests.load(Ordering::Relaxed) - tests_before,
        });
        let changed = best.version > 0;
        // Identifier replacement may lengthen the text, so no plain subtraction.
        scope.end = (scope.end + best.text.len()).saturating_sub(text.len());
        text = best.text.clone();
        tree = best.tree.clone();
        if changed {
            checkpoints.push(text.clone());
        }
        if session.cancelled() {
            return finish(text, true, false);
        }
        if canon_pass {
            // Nothing canonicalized: the syntax passes have nothing new.
            if !changed || (end.tokens, end.bytes) >= round_start {
                break;
            }
            round_start = (end.tokens, end.bytes);
            canon_pass = false;
        } else if !changed {
            if !session.config.canon {
                break;
            }
            canon_pass = true;
        }
    }

    if session.config.tidy {
        session.observer.phase(Phase::Tidy);
        let started = Instant::now();
        let tests_before = stats.tests.load(Ordering::Relaxed);
        let start = stats.best();
        let tidied = tidy_pass(session, &text, &tree, &scope, &tidy::indent_unit(input));
        if session.cancelled() {
            return finish(tidied.unwrap_or(text), true, false);
        }
        if let Some(tidied) = tidied {
            text = tidied;
            checkpoints.push(text.clone());
        }
        stats.push_pass(PassReport {
            kind: "tidy",
            number: 1,
            seconds: started.elapsed().as_secs_f64(),
            start,
            end: stats.best(),
            tests: stats.tests.load(Ordering::Relaxed) - tests_before,
        });
    }

    if session.config.verify && checkpoints.len() > 1 {
        session.observer.phase(Phase::Verify);
        let (verified, flaky) = verify(session, &mut checkpoints);
        if session.cancelled() {
            return finish(verified, true, flaky);
        }
        if flaky {
            bump(&stats.flaky);
            let tokens = count_tokens(&parse(session.grammar, &verified)) as u64;
            stats.set_best(Size {
                bytes: verified.len() as u64,
                tokens,
            });
            session.announce(&verified);
        }
        return finish(verified, false, flaky);
    }
    finish(text, false, false)
}

/// The topmost node whose range is exactly `scope`, else the smallest node containing it.
fn scope_node(original: &Original, scope: &Range<usize>) -> NodeId {
    let nodes = &original.nodes;
    let mut n = nodes.root();
    loop {
        if nodes.start(n) == scope.start && nodes.end(n) == scope.end {
            return n;
        }
        let inner = nodes
            .children(n)
            .iter()
            .copied()
            .find(|&c| nodes.start(c) <= scope.start && scope.end <= nodes.end(c));
        match inner {
            Some(c) => n = c,
            None => return n,
        }
    }
}

/// Tries the tidy candidates: all three rules at once, else each rule on its
/// own. Returns the new text if any was kept.
fn tidy_pass(
    session: &Session<'_>,
    text: &Arc<[u8]>,
    tree: &tree_sitter::Tree,
    scope: &Range<usize>,
    unit: &[u8],
) -> Option<Arc<[u8]>> {
    let mut current = text.clone();
    let mut current_tree = tree.clone();
    let errors = crate::syntax::count_errors(tree);
    let mut worker = Worker::new(0, session);
    let mut kept = false;
    let mut scope = scope.clone();
    for rules in [
        tidy::Rules::ALL,
        tidy::Rules::TRAILING,
        tidy::Rules::BLANK_LINES,
        tidy::Rules::SPACES,
        tidy::Rules::TIGHT,
    ] {
        let candidate = tidy::apply(&current, &current_tree, &scope, rules, unit);
        if candidate[..] == current[..] {
            continue;
        }
        let new_tree = worker.reparse(&current, &current_tree, &candidate);
        if crate::syntax::count_errors(&new_tree) > errors {
            bump(&session.stats.syntax_rejected);
            continue;
        }
        let verdict = session.test(0, &candidate);
        session.stats.candidate(Kind::Tidy, verdict == Some(true));
        match verdict {
            None => break,
            Some(false) => continue,
            Some(true) => {}
        }
        scope.end = scope.end + candidate.len() - current.len();
        current = Arc::from(candidate);
        session.stats.set_best(Size {
            bytes: current.len() as u64,
            tokens: count_tokens(&new_tree) as u64,
        });
        current_tree = new_tree;
        session.announce(&current);
        kept = true;
        if rules == tidy::Rules::ALL {
            break;
        }
    }
    kept.then_some(current)
}

/// Re-runs the test on the newest checkpoint (bypassing the cache), falling
/// back to older ones if it fails; the input (first checkpoint) was checked at
/// the start. Returns the verified text and whether any re-check failed.
fn verify(session: &Session<'_>, checkpoints: &mut Vec<Arc<[u8]>>) -> (Arc<[u8]>, bool) {
    const TRIES: usize = 3;
    let mut flaky = false;
    while checkpoints.len() > 1 {
        let candidate = checkpoints.pop().expect("more than one checkpoint");
        for _ in 0..TRIES {
            match session.oracle.test(0, &candidate) {
                Verdict::Interesting => return (candidate, flaky),
                Verdict::Cancelled => return (candidate, flaky),
                _ => flaky = true,
            }
        }
    }
    (checkpoints[0].clone(), flaky)
}

#[cfg(test)]
mod tests;
