//! The library's entry point: [`reduce`] a program with any [`Oracle`].
//! Everything the command line adds (argument parsing, the progress display,
//! Ctrl-C, the output file) sits behind the `cli` feature; this is what is
//! left when it is off.

use std::ffi::OsString;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::files::Files;
use crate::lang::Language;
use crate::options::{INPUT_CHECK_LIMIT, RunOptions};
use crate::oracle::{Cancel, Oracle, Verdict};
use crate::pair::{PairError, PairOptions, PairOutcome};
use crate::reduce::{self, Config};
use crate::single::{self, ReduceError, Session};
use crate::stats::{Recheck, Report, Size, Stats};
use crate::task::Silent;
use crate::trace::generator::{Align, Generator};
use crate::trace::pipeline::{self, TraceError, TraceJob, TraceObserver, TraceOutcome};
use crate::trace::reduce::Search;

/// The reductions that can be switched off: the name the command line's
/// `--no-NAME` switches and [`Options::without`] use, and what switching it
/// off stops.
pub fn optional_reductions() -> impl Iterator<Item = (&'static str, &'static str)> {
    reduce::switchable().map(|r| (r.name(), r.about()))
}

/// How to reduce. `Options::default()` runs every reduction on all cores.
#[derive(Clone, Debug)]
pub struct Options {
    /// Tests in parallel, the width of a round, in-order commits, and
    /// the time limit of a [`ScriptOracle`] made with them (`-j`,
    /// `--width`, `--in-order`, `--timeout` in doc/options.md): the result
    /// depends on the width and the order, never on `jobs`.
    ///
    /// [`ScriptOracle`]: crate::ScriptOracle
    pub run: RunOptions,
    /// Stop after this many reduction passes (`None`: run to a fixpoint).
    pub passes: Option<usize>,
    /// Also test ddmin's subsets (keep one chunk, delete the rest).
    pub ddmin_subsets: bool,
    /// A formatter for the result, as C-Vise runs clang-format: a program
    /// and its arguments that read the program on stdin and write it
    /// formatted on stdout (`["rustfmt", "--edition", "2024"]`). Its output
    /// is kept if it parses no worse and the oracle accepts it.
    pub formatter: Option<Vec<String>>,
    /// Re-run the oracle on the result at the end, to catch flaky oracles.
    pub verify: bool,
    /// Test the input first and fail with [`Error::NotInteresting`] if the
    /// oracle rejects it (turn off only if the caller has checked it). The
    /// time it took sets the oracle's time limit ([`Oracle::calibrate`]).
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
            run: RunOptions::default(),
            passes: None,
            ddmin_subsets: false,
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
            passes: self.passes,
            ddmin_subsets: self.ddmin_subsets,
            formatter: self.formatter.clone(),
            off: reduce::switchable()
                .map(|r| r.name())
                .filter(|name| !self.runs(name))
                .collect(),
            verify: self.verify,
            input_checked: !self.check_input,
            ..single::config(&self.run)
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
    #[error("{}", crate::oracle::could_not_run("the oracle", error))]
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
/// let mut options = Options::default();
/// options.run.jobs = 2;
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
    Ok(Outcome {
        text: outcome.text.to_vec(),
        start: stats.start(),
        size: outcome.size,
        cancelled: outcome.cancelled,
        flaky: outcome.flaky,
        recheck: outcome.recheck,
        recheck_error: outcome.recheck_error,
        report: stats.report(),
    })
}

/// Reduces a seed with property ψ_s (`seed_oracle`) and a variant derived
/// from it with ψ_v (`variant_oracle`) together, as `treereduce pair` does
/// (PPR): the result keeps both properties and differs as little as the
/// inputs allow. Both inputs are checked first.
///
/// ```
/// use treereduce::{Language, PairOptions, reduce_pair};
///
/// let seed = b"int f(int a) { return a + 1; }\nint g(void) { return 3; }\n";
/// let variant = b"int f(int a) { return a / 0; }\nint g(void) { return 3; }\n";
/// // ψ_s: parses as a function `f`; ψ_v: divides by zero.
/// let has_f = |c: &[u8]| String::from_utf8_lossy(c).contains("f(");
/// let divides = |c: &[u8]| String::from_utf8_lossy(c).contains("/ 0");
/// let c = Language::by_name("c").unwrap();
/// let mut options = PairOptions::default();
/// options.run.jobs = 2;
/// let outcome = reduce_pair(seed, variant, c, &has_f, &divides, &options).unwrap();
/// assert!(String::from_utf8_lossy(&outcome.variant).contains("/ 0"));
/// assert!(!String::from_utf8_lossy(&outcome.seed).contains("g("));
/// ```
pub fn reduce_pair(
    seed: &[u8],
    variant: &[u8],
    language: &'static Language,
    seed_oracle: &dyn Oracle,
    variant_oracle: &dyn Oracle,
    options: &PairOptions,
) -> Result<PairOutcome, PairError> {
    // Both oracles' time limits follow the slower check, as the command
    // line's do.
    let mut slower = Duration::ZERO;
    for (text, oracle, which) in [
        (seed, seed_oracle, "seed"),
        (variant, variant_oracle, "variant"),
    ] {
        let started = std::time::Instant::now();
        match oracle.test(0, text) {
            Ok(Verdict::Interesting) => slower = slower.max(started.elapsed()),
            Ok(verdict) => return Err(PairError::NotInteresting { which, verdict }),
            Err(e) => {
                return Err(PairError::Oracle {
                    which,
                    error: e.to_string(),
                    seed: seed.to_vec(),
                    variant: variant.to_vec(),
                });
            }
        }
    }
    seed_oracle.calibrate(slower);
    variant_oracle.calibrate(slower);
    let options = PairOptions {
        run: options.run.checked(),
        ..options.clone()
    };
    let tests = crate::pair::side::PairTests::sides(seed_oracle, variant_oracle);
    crate::pair::reduce(
        crate::syntax::Grammar::of(language),
        (seed, variant),
        &tests,
        &options,
        &crate::pair::Unobserved,
    )
}

/// How to reduce a generator's run ([`reduce_trace`]).
#[derive(Clone, Debug)]
pub struct TraceOptions {
    /// Tests (and generator runs) in parallel, the time limit of a
    /// [`ScriptOracle`] made with them, and the finishing stage's width
    /// and order (as [`Options::run`]).
    ///
    /// [`ScriptOracle`]: crate::ScriptOracle
    pub run: RunOptions,
    /// The language of the generated program: its tokens are counted, and
    /// the finishing stage reduces in it (`None`: words are counted and
    /// there is no finishing stage).
    pub language: Option<&'static Language>,
    /// What a replay does with a decision it cannot align.
    pub align: Align,
    /// How the trace's units are searched.
    pub search: Search,
    /// Finish with the single-program reducer (needs `language`).
    pub finish: bool,
    /// The file the generator writes its program to, in its working
    /// directory (`None`: it writes to stdout).
    pub gen_output: Option<OsString>,
    /// The time limit of one generator run (`None`: ten times the slowest
    /// of the first runs; the first run gets five minutes).
    pub gen_timeout: Option<Duration>,
    /// The directory whose files each generator run sees a copy of (`None`:
    /// the current directory).
    pub dir: Option<PathBuf>,
    /// Set from another thread to stop early.
    pub cancel: Option<Arc<Cancel>>,
}

impl Default for TraceOptions {
    fn default() -> TraceOptions {
        TraceOptions {
            run: RunOptions::default(),
            language: None,
            align: Align::Halt,
            search: Search::Tree,
            finish: true,
            gen_output: None,
            gen_timeout: None,
            dir: None,
            cancel: None,
        }
    }
}

/// Reduces what the generator `command` (a program and its arguments)
/// writes, by reducing its run as `treereduce trace` does (GReduce): its
/// random decisions are recorded (Python's `random` and node's
/// `Math.random` without a change to the generator, any other language
/// through doc/trace-protocol.md), loop iterations and selections are
/// removed and the generator is replayed, so every candidate is a program
/// the generator could have written; then the single-program reducer
/// finishes the best one. The generator's program must be interesting.
pub fn reduce_trace(
    command: &[OsString],
    oracle: &dyn Oracle,
    options: &TraceOptions,
) -> Result<TraceOutcome, TraceError> {
    let cancel = match &options.cancel {
        Some(c) => c.clone(),
        None => Arc::new(Cancel::new().map_err(|e| TraceError::Setup(e.to_string()))?),
    };
    let dir = match &options.dir {
        Some(d) => d.clone(),
        None => std::env::current_dir().map_err(|e| TraceError::Setup(e.to_string()))?,
    };
    if let Some(name) = &options.gen_output
        && !crate::trace::generator::plain_name(name)
    {
        return Err(TraceError::Setup(
            "gen_output must be a plain file name (the generator runs in a private directory)"
                .to_string(),
        ));
    }
    let run = options.run.checked();
    let generator = Generator::new(
        command.to_vec(),
        options.gen_output.clone(),
        &dir,
        run.jobs,
        options.gen_timeout.unwrap_or(INPUT_CHECK_LIMIT),
        cancel.clone(),
    )
    .map_err(|e| TraceError::Setup(format!("cannot prepare the generator's directories: {e}")))?;
    let recorded = pipeline::record(&generator, &cancel, &|_| {})?;
    let started = std::time::Instant::now();
    match oracle.test(0, &recorded.program) {
        Ok(Verdict::Interesting) => oracle.calibrate(started.elapsed()),
        Ok(Verdict::Cancelled) => {
            return Err(TraceError::Interrupted {
                during: "checking the program",
            });
        }
        Ok(_) => {
            return Err(TraceError::NotInteresting {
                program: recorded.program,
            });
        }
        Err(e) => {
            return Err(TraceError::Setup(format!(
                "the oracle could not be run on the generated program: {e}"
            )));
        }
    }
    let stats = pipeline::trace_stats();
    let job = TraceJob {
        generator: &generator,
        oracle,
        finish_oracle: None,
        language: options.language,
        align: options.align,
        search: options.search,
        finish: options.finish,
        run: &run,
        gen_timeout: options.gen_timeout,
        cancel: &cancel,
        stats: &stats,
    };
    pipeline::reduce_recorded(&job, recorded, &Unobserved)
}

/// Nothing to tell anyone about progress.
struct Unobserved;

impl TraceObserver for Unobserved {
    fn improved(&self, _seq: u64, _text: &[u8]) {}
    fn phase(&self, _phase: crate::task::Phase) {}
}

/// The result of [`reduce_project`].
#[derive(Clone, Debug)]
pub struct ProjectOutcome {
    /// The smallest interesting project found.
    pub files: Files,
    /// The size of the input: the bytes of its files, the tokens of the
    /// files of a language treereduce parses.
    pub start: Size,
    /// The size of `files`.
    pub size: Size,
    /// The run was cancelled through [`Options::cancel`]; `files` is the
    /// best project found until then.
    pub cancelled: bool,
    /// The final re-check failed at least once (a flaky oracle).
    pub flaky: bool,
    /// How the final re-check went.
    pub recheck: Recheck,
    /// With [`Recheck::CouldNotRun`]: the oracle's last error.
    pub recheck_error: Option<String>,
    /// What the command line's `--stats-json` writes.
    pub report: Report,
}

/// Why [`reduce_project`] failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ProjectError {
    /// The files cannot be reduced together (a file holds a line that reads
    /// like the marker treereduce puts between joined files).
    #[error("{0}")]
    Files(String),
    /// The oracle rejects the input, or failed as [`Error`] says; an
    /// oracle that kept failing leaves the best project found before in
    /// `best`.
    #[error("{error}")]
    Reduce {
        /// What went wrong.
        error: Error,
        /// With [`Error::Oracle`]: the best project found until then.
        best: Option<Files>,
    },
}

/// Reduces a project, several files under one test, to a smaller one that
/// `oracle` still finds interesting, as `treereduce -i SCRIPT FOLDER` does
/// (see doc/projects.md): the files of each language treereduce parses are
/// reduced together with every reduction of their language (a file is
/// deleted with the lines that name it, or inlined into its one user), the
/// other files by lines and blocks, and any file may go. `name` is the
/// project's name (the folder's); `files` come from [`read_project`] or are
/// made by hand. [`Options::scope`] does not apply.
///
/// ```
/// use treereduce::{Entry, Files, Options, RunOptions, reduce_project};
///
/// let mut files = Files::new();
/// files.insert("main.c", Entry::file(&b"#include \"util.h\"\nint main(void) { return twice(7); }\n"[..])).unwrap();
/// files.insert("util.h", Entry::file(&b"int twice(int x);\nint thrice(int x);\n"[..])).unwrap();
/// files.insert("notes.txt", Entry::file(&b"nothing needed here\n"[..])).unwrap();
/// // Interesting: some file still calls `twice` with 7.
/// let oracle = |p: &Files| p.iter().any(|(_, e)| {
///     e.bytes().is_some_and(|b| String::from_utf8_lossy(b).contains("twice(7)"))
/// });
/// let run = RunOptions { jobs: 2, ..RunOptions::default() };
/// let options = Options { run, ..Options::default() };
/// let outcome = reduce_project("demo", &files, &oracle, &options).unwrap();
/// assert!(outcome.files.get("notes.txt").is_none());
/// assert!(outcome.size.bytes < outcome.start.bytes);
/// ```
pub fn reduce_project(
    name: &str,
    files: &Files,
    oracle: &(dyn Fn(&Files) -> bool + Sync),
    options: &Options,
) -> Result<ProjectOutcome, ProjectError> {
    for disabled in &options.disabled {
        check_name(disabled).map_err(|error| ProjectError::Reduce { error, best: None })?;
    }
    let project = crate::project::Project::new(name.to_string(), files.clone(), None)
        .map_err(|e| ProjectError::Files(e.to_string()))?;
    let config = options.config();
    let stats = Stats::new(reduce::names());
    let archive_oracle = |archive: &[u8]| Files::decode(archive).is_ok_and(|f| oracle(&f));
    let session = crate::project::Session {
        oracle: &archive_oracle,
        config: &config,
        stats: &stats,
        cancel: options.cancel.as_deref(),
        observer: &Silent,
        store: None,
        deadline: None,
    };
    let outcome = crate::project::reduce(&session, &project).map_err(|e| {
        let best = match &e {
            ReduceError::Oracle { best, .. } => Files::decode(best).ok(),
            _ => None,
        };
        ProjectError::Reduce {
            error: e.into(),
            best,
        }
    })?;
    Ok(ProjectOutcome {
        files: Files::decode(&outcome.text).expect("a project's result is an archive"),
        start: stats.start(),
        size: outcome.size,
        cancelled: outcome.cancelled,
        flaky: outcome.flaky,
        recheck: outcome.recheck,
        recheck_error: outcome.recheck_error,
        report: stats.report(),
    })
}

/// Reads the project in folder `root` as `treereduce -i SCRIPT FOLDER`
/// does: what `.gitignore` names and `.git/` are left out, unless
/// `include` globs name them; `exclude` globs leave files out; symbolic
/// links are kept as links.
pub fn read_project(
    root: &std::path::Path,
    include: &[String],
    exclude: &[String],
) -> Result<Files, crate::project::LoadError> {
    crate::project::load_folder(
        root,
        &crate::project::Selection {
            include: include.to_vec(),
            exclude: exclude.to_vec(),
        },
    )
}
