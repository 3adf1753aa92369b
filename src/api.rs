//! The library's entry point: [`reduce`] a program with any [`Oracle`].
//! Everything the command line adds (argument parsing, the progress display,
//! Ctrl-C, the output file) sits behind the `cli` feature; this is what is
//! left when it is off.

use std::ops::Range;
use std::sync::Arc;

use crate::lang::Language;
use crate::oracle::{Cancel, Oracle, Verdict};
use crate::reduce::{self, Config};
use crate::single::{self, ReduceError, Session};
use crate::stats::{Recheck, Report, Size, Stats};
use crate::syntax::{count_tokens, parse};
use crate::task::Silent;

/// The reductions that can be switched off: the name the command line's
/// `--no-NAME` switches and [`Options::without`] use, and what switching it
/// off stops.
pub fn optional_reductions() -> impl Iterator<Item = (&'static str, &'static str)> {
    reduce::switchable().map(|r| (r.name(), r.about()))
}

/// How to reduce. `Options::default()` runs every reduction on all cores.
#[derive(Clone, Debug)]
pub struct Options {
    /// Tests run in parallel.
    pub jobs: usize,
    /// Stop after this many reduction passes (`None`: run to a fixpoint).
    pub passes: Option<usize>,
    /// Also test ddmin's subsets (keep one chunk, delete the rest).
    pub ddmin_subsets: bool,
    /// How many changes a round tests side by side (`--width`
    /// in doc/options.md; default 16): the result depends on it, never on `jobs`.
    pub width: usize,
    /// Commit changes in the order a single worker would (`--in-order`
    /// in doc/options.md).
    pub in_order: bool,
    /// A formatter for the result, as C-Vise runs clang-format: a program
    /// and its arguments that read the program on stdin and write it
    /// formatted on stdout (`["rustfmt", "--edition", "2024"]`). Its output
    /// is kept if it parses no worse and the oracle accepts it.
    pub formatter: Option<Vec<String>>,
    /// Re-run the oracle on the result at the end, to catch flaky oracles.
    pub verify: bool,
    /// Test the input first and fail with [`Error::NotInteresting`] if the
    /// oracle rejects it (turn off only if the caller has checked it).
    pub check_input: bool,
    /// Reduce only the smallest syntax node spanning this byte range of the
    /// input, and keep the rest as it is.
    pub scope: Option<Range<usize>>,
    /// Set from another thread to stop early; [`reduce`] then returns the
    /// best program found so far with [`Outcome::cancelled`] set.
    pub cancel: Option<Arc<Cancel>>,
    /// The reductions switched off, by name (see [`optional_reductions`]).
    pub disabled: Vec<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            passes: None,
            ddmin_subsets: false,
            width: crate::engine::DEFAULT_WIDTH,
            in_order: false,
            formatter: None,
            verify: true,
            check_input: true,
            scope: None,
            cancel: None,
            disabled: Vec::new(),
        }
    }
}

impl Options {
    /// These options without the reduction called `name` (one of
    /// [`optional_reductions`]).
    pub fn without(mut self, name: &str) -> Result<Options, Error> {
        check_name(name)?;
        if self.runs(name) {
            self.disabled.push(name.to_string());
        }
        Ok(self)
    }

    /// Whether the reduction called `name` runs.
    pub fn runs(&self, name: &str) -> bool {
        !self.disabled.iter().any(|d| d == name)
    }

    fn config(&self) -> Config {
        Config {
            jobs: self.jobs.max(1),
            passes: self.passes,
            ddmin_subsets: self.ddmin_subsets,
            width: self.width.max(1),
            in_order: self.in_order,
            prune: true,
            formatter: self.formatter.clone(),
            off: reduce::switchable()
                .map(|r| r.name())
                .filter(|name| !self.runs(name))
                .collect(),
            verify: self.verify,
            input_checked: !self.check_input,
        }
    }
}

fn check_name(name: &str) -> Result<(), Error> {
    if optional_reductions().any(|(known, _)| known == name) {
        Ok(())
    } else {
        Err(Error::UnknownReduction(name.to_string()))
    }
}

/// The result of [`reduce`].
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The smallest interesting program found.
    pub text: Vec<u8>,
    /// The size of the input.
    pub start: Size,
    /// The size of `text`.
    pub size: Size,
    /// The run was cancelled through [`Options::cancel`]; `text` is the
    /// best program found until then.
    pub cancelled: bool,
    /// The final re-check failed at least once: the oracle is flaky, and
    /// `text` is the newest result it accepted again.
    pub flaky: bool,
    /// How the final re-check went. [`Recheck::CouldNotRun`]: the oracle
    /// returned errors (no verdict) on `text`, the newest result it did
    /// not reject; `text` was not re-checked.
    pub recheck: Recheck,
    /// With [`Recheck::CouldNotRun`]: the oracle's last error.
    pub recheck_error: Option<String>,
    /// What the command line's `--stats-json` writes: oracle calls, cache
    /// hits, candidates per reduction, per-pass sizes and times.
    pub report: Report,
}

/// Why [`reduce`] failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The oracle rejects the input, so there is nothing to reduce.
    #[error("the input is not interesting to the oracle ({0:?})")]
    NotInteresting(Verdict),
    /// The input is larger than the node table's 32-bit offsets allow.
    #[error("{0}")]
    TooLarge(String),
    /// The scope is not a byte range of the input.
    #[error("the scope {start}..{end} is not a range of the {len}-byte input")]
    BadScope {
        /// Start of the range.
        start: usize,
        /// End of the range.
        end: usize,
        /// Length of the input.
        len: usize,
    },
    /// [`Options::without`] was given a name that is not a reduction.
    #[error("no reduction is called {0:?}; the optional ones are: {list}", list = optional_reductions().map(|(n, _)| n).collect::<Vec<_>>().join(", "))]
    UnknownReduction(String),
    /// The oracle could not be run several times in a row (it returned
    /// errors, no verdicts); `best` is the best program found before.
    #[error("the oracle failed {limit} times in a row; the last error: {error}", limit = crate::engine::ERROR_LIMIT)]
    Oracle {
        /// The last error.
        error: String,
        /// The best program found until then.
        best: Vec<u8>,
    },
}

impl From<ReduceError> for Error {
    fn from(e: ReduceError) -> Error {
        match e {
            ReduceError::NotInteresting(v) => Error::NotInteresting(v),
            ReduceError::TooLarge(t) => Error::TooLarge(t.to_string()),
            ReduceError::Oracle { error, best } => Error::Oracle {
                error,
                best: best.to_vec(),
            },
        }
    }
}

/// Reduces `input`, a program in `language`, to a smaller one that `oracle`
/// still finds interesting.
///
/// Any `Fn(&[u8]) -> bool + Sync` closure is an oracle; [`ScriptOracle`]
/// runs an executable as the command line does.
///
/// ```
/// use treereduce::{Language, Options, reduce};
///
/// let input = b"int unused(int a) { return a * 2; }\nint main(void) { int x = 7; return 0; }\n";
/// // Interesting: still has a `main` and still has the constant 7.
/// let oracle = |c: &[u8]| {
///     let c = String::from_utf8_lossy(c);
///     c.contains("main") && c.contains('7')
/// };
/// let c = Language::by_name("c").unwrap();
/// let options = Options { jobs: 2, ..Options::default() };
/// let outcome = reduce(input, c, &oracle, &options).unwrap();
/// let text = String::from_utf8(outcome.text).unwrap();
/// assert!(text.contains("main") && text.contains('7'));
/// assert!(!text.contains("unused"));
/// assert!(outcome.size.bytes < outcome.start.bytes);
/// ```
///
/// [`ScriptOracle`]: crate::ScriptOracle
pub fn reduce(
    input: &[u8],
    language: &'static Language,
    oracle: &dyn Oracle,
    options: &Options,
) -> Result<Outcome, Error> {
    if let Some(scope) = &options.scope
        && (scope.start > scope.end || scope.end > input.len())
    {
        return Err(Error::BadScope {
            start: scope.start,
            end: scope.end,
            len: input.len(),
        });
    }
    for name in &options.disabled {
        check_name(name)?;
    }
    let config = options.config();
    let stats = Stats::new(reduce::names());
    let session = Session::new(
        crate::syntax::Grammar::of(language),
        oracle,
        &config,
        &stats,
        options.cancel.as_deref(),
        &Silent,
    );
    let outcome = single::reduce(&session, input, options.scope.clone())?;
    let size = Size {
        bytes: outcome.text.len() as u64,
        tokens: count_tokens(&parse(crate::syntax::Grammar::of(language), &outcome.text)) as u64,
    };
    Ok(Outcome {
        text: outcome.text.to_vec(),
        start: stats.start(),
        size,
        cancelled: outcome.cancelled,
        flaky: outcome.flaky,
        recheck: outcome.recheck,
        recheck_error: outcome.recheck_error,
        report: stats.report(),
    })
}
