//! `treereduce pair`: checks both inputs and every output path, runs PPR
//! (`crate::pair`) with one script oracle per side (or one script for the
//! pair), keeps the reduced seed, variant and their diff on disk as they
//! improve, shows progress, and reports.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use parking_lot::Mutex;
use serde::Serialize;

use crate::cli::PairArgs;
use crate::exit;
use crate::job::progress::{clock, thousands};
use crate::job::{
    self, BestWriter, Destination, Failure, Mode, Printer, default_output, same_file, usage,
};
use crate::lang::Language;
use crate::options::RunOptions;
use crate::oracle::{Cancel, RunOutcome, RunReport, ScriptOracle};
use crate::pair::diff::Diff;
use crate::pair::side::{PairTests, TestCounter};
use crate::pair::{self, PairError, PairObserver, PairOptions, PairOutcome, Step, diff};
use crate::stats::TimeLimit;
use crate::syntax::Grammar;

struct Outputs {
    seed: Destination,
    variant: Destination,
    diff: Destination,
    stats: Option<Destination>,
}

/// The three result files, kept up to date as the pair improves, and the
/// progress display.
struct Writers {
    seed: BestWriter,
    variant: BestWriter,
    diff: BestWriter,
    names: (String, String),
    seq: Mutex<u64>,
    live: Arc<Live>,
    printer: Printer,
}

/// What the progress line shows: the newest pair's sizes (measured on the
/// printer's thread, at most once per [`MEASURE_EVERY`]), the reducer
/// running, and the tests so far.
struct Live {
    grammar: &'static Grammar,
    started: Instant,
    counter: TestCounter,
    state: Mutex<LiveState>,
}

struct LiveState {
    /// Round and name of the running reducer.
    reducer: Option<(usize, &'static str)>,
    /// A newer pair than `sizes` measures.
    newest: Option<(Vec<u8>, Vec<u8>)>,
    measured: Instant,
    /// Tokens of the seed, the variant and their difference.
    sizes: [u64; 3],
}

/// How often the live line may measure a new pair (a token diff of both).
const MEASURE_EVERY: Duration = Duration::from_secs(1);

impl Live {
    fn line(&self) -> String {
        let pending = {
            let mut st = self.state.lock();
            if st.newest.is_some() && st.measured.elapsed() >= MEASURE_EVERY {
                st.measured = Instant::now();
                st.newest.take()
            } else {
                None
            }
        };
        if let Some((seed, variant)) = pending {
            let sizes = [
                pair::size(self.grammar, &seed).tokens,
                pair::size(self.grammar, &variant).tokens,
                Diff::new(self.grammar, &seed, &variant).size() as u64,
            ];
            self.state.lock().sizes = sizes;
        }
        let st = self.state.lock();
        let label = st.reducer.map(|(round, name)| format!("{name} {round}"));
        status(
            self.started.elapsed(),
            label.as_deref(),
            st.sizes,
            self.counter.tests(),
        )
    }
}

/// `0:12 ldiff 2 · seed 1,433 · variant 1,545 · diff 142 · 308 tests`
/// (tokens), where `ldiff 2` is the `label` (the reducer and the round).
fn status(
    elapsed: Duration,
    label: Option<&str>,
    [seed, variant, diff]: [u64; 3],
    tests: u64,
) -> String {
    let Some(label) = label else {
        return format!("{} starting", clock(elapsed));
    };
    format!(
        "{} {label} · seed {} · variant {} · diff {} · {} tests",
        clock(elapsed),
        thousands(seed),
        thousands(variant),
        thousands(diff),
        thousands(tests),
    )
}

impl Writers {
    fn diff_of(&self, seed: &[u8], variant: &[u8]) -> Vec<u8> {
        diff::unified(seed, variant, (&self.names.0, &self.names.1))
    }
}

impl PairObserver for Writers {
    fn improved(&self, seed: &[u8], variant: &[u8]) {
        let seq = {
            let mut seq = self.seq.lock();
            *seq += 1;
            *seq
        };
        self.seed.improved(seq, seed);
        self.variant.improved(seq, variant);
        self.diff.improved(seq, &self.diff_of(seed, variant));
        self.live.state.lock().newest = Some((seed.to_vec(), variant.to_vec()));
    }

    fn step(&self, step: &Step) {
        let sizes = [step.seed.tokens, step.variant.tokens, step.diff_tokens];
        {
            let mut st = self.live.state.lock();
            st.newest = None;
            st.sizes = sizes;
        }
        let label = match step.reducer {
            "start" => "start".to_string(),
            name => format!("{name} {} done", step.round),
        };
        let tests = step.seed_tests + step.variant_tests + step.pair_tests.unwrap_or(0);
        self.printer.log(status(
            self.live.started.elapsed(),
            Some(&label),
            sizes,
            tests,
        ));
    }

    fn reducer(&self, round: usize, reducer: &'static str) {
        self.live.state.lock().reducer = Some((round, reducer));
    }
}

/// What `--stats-json` writes in pair mode.
#[derive(Serialize)]
struct PairReport<'a> {
    seconds: f64,
    steps: &'a [Step],
    seed_tests: pair::side::SideReport,
    variant_tests: pair::side::SideReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pair_tests: Option<pair::side::SideReport>,
    time_limit: BTreeMap<&'static str, TimeLimit>,
    cancelled: bool,
    flaky: bool,
    recheck: crate::stats::Recheck,
}

fn language_of(args: &PairArgs) -> Result<&'static Language> {
    if let Some(name) = &args.language.lang {
        return Language::by_name(name).ok_or_else(|| {
            anyhow!(
                "unknown language {name:?}; the choices are: {}",
                Language::choices()
            )
        });
    }
    let of = |p: &Path| {
        Language::by_path(p).ok_or_else(|| {
            anyhow!(
                "cannot tell the language of {} from its extension; pass -l with one of: {}",
                p.display(),
                Language::choices()
            )
        })
    };
    let (a, b) = (of(&args.seed)?, of(&args.variant)?);
    if a.name != b.name {
        return Err(anyhow!(
            "the seed {} is {} but the variant {} is {}: a pair is two versions of one program",
            args.seed.display(),
            a.name,
            args.variant.display(),
            b.name
        ));
    }
    Ok(a)
}

fn outputs(args: &PairArgs, language: &Language) -> Result<Outputs> {
    let seed_out = args
        .output_seed
        .clone()
        .unwrap_or_else(|| default_output(&args.seed, language.reduced_infix));
    let variant_out = args
        .output_variant
        .clone()
        .unwrap_or_else(|| default_output(&args.variant, language.reduced_infix));
    let diff_out = args.output_diff.clone().unwrap_or_else(|| {
        let stem = args
            .variant
            .file_stem()
            .map_or("variant".into(), |s| s.to_string_lossy().into_owned());
        args.variant
            .with_file_name(format!("{stem}{}.diff", language.reduced_infix))
    });
    let dest = |flag: &str, p: &Path| Destination::of(p).map_err(|e| anyhow!("{flag}: {e}"));
    let outputs = Outputs {
        seed: dest("--output-seed", &seed_out)?,
        variant: dest("--output-variant", &variant_out)?,
        diff: dest("--output-diff", &diff_out)?,
        stats: match &args.stats.stats_json {
            Some(p) => Some(dest("--stats-json", p)?),
            None => None,
        },
    };
    let protected: Vec<(&str, &Path)> = [
        ("the seed", Some(&args.seed)),
        ("the variant", Some(&args.variant)),
        ("the seed's test script", args.interesting_seed.as_ref()),
        ("the variant's test script", args.test.interesting.as_ref()),
        ("the pair's test script", args.interesting_pair.as_ref()),
    ]
    .into_iter()
    .filter_map(|(what, p)| p.map(|p| (what, p.as_path())))
    .collect();
    let named: Vec<(&str, &Destination)> = [
        ("--output-seed", Some(&outputs.seed)),
        ("--output-variant", Some(&outputs.variant)),
        ("--output-diff", Some(&outputs.diff)),
        ("--stats-json", outputs.stats.as_ref()),
    ]
    .into_iter()
    .filter_map(|(f, d)| d.map(|d| (f, d)))
    .collect();
    let mut stdout_users = 0;
    for (i, (flag, d)) in named.iter().enumerate() {
        let Some(path) = d.path() else {
            stdout_users += usize::from(matches!(d, Destination::Stdout));
            continue;
        };
        for &(what, other) in &protected {
            if same_file(path, other) {
                return Err(anyhow!(
                    "{flag} {} is {what}; treereduce never modifies its inputs or test scripts",
                    path.display()
                ));
            }
        }
        for (other_flag, other) in &named[..i] {
            if other
                .path()
                .is_some_and(|o| o == path || same_file(o, path))
            {
                return Err(anyhow!(
                    "{other_flag} and {flag} name the same file {}",
                    path.display()
                ));
            }
        }
    }
    if stdout_users > 1 {
        return Err(anyhow!("only one output can go to stdout (-)"));
    }
    Ok(outputs)
}

/// [`check`], with its message: the time of the slower check, or the exit code.
fn check_inputs(
    scripts: &Scripts,
    args: &PairArgs,
    inputs: (&[u8], &[u8]),
    first_limit: Duration,
) -> Result<Result<Duration, u8>, Failure> {
    Ok(match check(scripts, args, inputs, first_limit)? {
        Checked::Passed(slower) => Ok(slower),
        Checked::Failed(msg) => {
            eprintln!("treereduce: error: {msg}");
            Err(exit::NOT_INTERESTING)
        }
        Checked::Interrupted => {
            eprintln!("treereduce: interrupted while checking the inputs; nothing was written");
            Err(exit::INTERRUPTED)
        }
    })
}

/// The seed and the variant, which must differ.
fn read_inputs(args: &PairArgs) -> Result<(Vec<u8>, Vec<u8>), Failure> {
    let read = |p: &PathBuf, what: &str| {
        std::fs::read(p).with_context(|| format!("cannot read the {what} {}", p.display()))
    };
    let seed = usage(read(&args.seed, "seed"))?;
    let variant = usage(read(&args.variant, "variant"))?;
    if seed == variant {
        return Err(Failure::Usage(anyhow!(
            "the seed and the variant are identical: there is no difference to reduce"
        )));
    }
    Ok((seed, variant))
}

/// Runs `treereduce pair`.
pub fn run(args: PairArgs) -> Result<u8, Failure> {
    let started = Instant::now();
    let (seed, variant) = read_inputs(&args)?;
    let language = usage(language_of(&args))?;
    let outs = usage(outputs(&args, language))?;
    let run = usage(args.run.options())?;
    let cancel = job::cancel_on_signals()?;
    let first_limit = run.timeout.first();
    let scripts = usage(Scripts::new(&args, &run, &cancel))?;

    // Both inputs are checked (at the same time, with two scripts).
    let slower = match check_inputs(&scripts, &args, (&seed, &variant), first_limit)? {
        Ok(slower) => slower,
        Err(code) => return Ok(code),
    };
    for oracle in scripts.oracles() {
        oracle.calibrate(slower);
    }
    let tests = scripts.tests();

    let grammar = Grammar::of(language);
    let mut writers = writers(&args, &outs, grammar, started, &tests);
    start(&writers, &seed, &variant)?;
    let options = options_of(&args, run, cancel);
    let result = pair::reduce(grammar, (&seed, &variant), &tests, &options, &writers);
    writers.printer.stop();
    let outcome = match result {
        Ok(outcome) => outcome,
        Err(PairError::Oracle {
            which,
            error,
            seed,
            variant,
        }) => {
            if let Some(code) = finish(&writers, &seed, &variant) {
                return Ok(code);
            }
            eprintln!(
                "treereduce: error: {}",
                job::could_not_run(
                    &format!("the {which} test"),
                    error,
                    "stopped, the outputs hold the best pair found before",
                )
            );
            return Ok(exit::TEST_ERRORS);
        }
        Err(e) => return Err(Failure::Usage(e.into())),
    };
    let code = exit_code(&outcome);
    if let Some(code) = finish(&writers, &outcome.seed, &outcome.variant) {
        return Ok(code);
    }
    if let Some(dest) = &outs.stats {
        write_stats(dest, &outcome, &scripts, started)?;
    }
    if outcome.recheck == crate::stats::Recheck::CouldNotRun {
        eprintln!(
            "treereduce: error: the test could not be run to re-check the pair ({}); the outputs hold the newest pair it did not reject, not re-checked",
            outcome.recheck_error.as_deref().unwrap_or("no verdict")
        );
    }
    if !args.display.quiet {
        eprintln!("{}", summary(&outcome, &outs, started));
    }
    Ok(code)
}

/// The pair reduction's options from the command line.
fn options_of(args: &PairArgs, run: RunOptions, cancel: Arc<Cancel>) -> PairOptions {
    PairOptions {
        run,
        tdiff: !args.no_tdiff,
        ldiff: !args.no_ldiff,
        commonality: !args.no_commonality,
        canon: !args.no_canon,
        verify: !args.verify.no_verify,
        cancel: Some(cancel),
    }
}

/// The exit code of a pair reduction that ended with a pair: interrupted,
/// not re-checked (the test could not be run), or done.
fn exit_code(outcome: &PairOutcome) -> u8 {
    if outcome.cancelled {
        exit::INTERRUPTED
    } else if outcome.recheck == crate::stats::Recheck::CouldNotRun {
        exit::TEST_ERRORS
    } else {
        exit::SUCCESS
    }
}

/// The output writers (seed, variant, diff) and the progress display.
fn writers(
    args: &PairArgs,
    outs: &Outputs,
    grammar: &'static Grammar,
    started: Instant,
    tests: &PairTests<'_>,
) -> Writers {
    let permissions = |p: &Path| std::fs::metadata(p).ok().map(|m| m.permissions());
    let name = |p: &Path| {
        p.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    };
    let mode = Mode::for_stderr(args.display.quiet);
    let live = Arc::new(Live {
        grammar,
        started,
        counter: tests.counter(),
        state: Mutex::new(LiveState {
            reducer: None,
            newest: None,
            measured: Instant::now(),
            sizes: [0; 3],
        }),
    });
    let printer = {
        let live = live.clone();
        Printer::with_status(mode, move |_| live.line())
    };
    Writers {
        seed: BestWriter::new(outs.seed.clone(), permissions(&args.seed)),
        variant: BestWriter::new(outs.variant.clone(), permissions(&args.variant)),
        diff: BestWriter::new(outs.diff.clone(), None),
        names: (name(&args.seed), name(&args.variant)),
        seq: Mutex::new(0),
        live,
        printer,
    }
}

/// Writes `--stats-json`.
fn write_stats(
    dest: &Destination,
    outcome: &PairOutcome,
    scripts: &Scripts,
    started: Instant,
) -> Result<(), Failure> {
    let report = PairReport {
        seconds: started.elapsed().as_secs_f64(),
        steps: &outcome.steps,
        seed_tests: outcome.tests.seed,
        variant_tests: outcome.tests.variant,
        pair_tests: outcome.tests.pair,
        time_limit: scripts.time_limits(),
        cancelled: outcome.cancelled,
        flaky: outcome.flaky,
        recheck: outcome.recheck,
    };
    let json = serde_json::to_vec_pretty(&report).map_err(|e| Failure::Internal(e.into()))?;
    dest.write(&json, None)
        .map_err(|e| Failure::Internal(anyhow!("cannot write the statistics: {e}")))
}

/// The closing lines: sizes before and after, tests, time, where the outputs are.
fn summary(outcome: &PairOutcome, outs: &Outputs, started: Instant) -> String {
    let (first, last) = (
        &outcome.steps[0],
        outcome.steps.last().expect("a start step"),
    );
    let show = |d: &Destination| {
        d.path()
            .map_or("stdout".into(), |p| p.display().to_string())
    };
    format!(
        "treereduce pair: seed {} -> {} tokens, variant {} -> {}, difference {} -> {} tokens; {} tests in {:.1} s{}\n  seed: {}\n  variant: {}\n  diff: {}",
        first.seed.tokens,
        last.seed.tokens,
        first.variant.tokens,
        last.variant.tokens,
        first.diff_tokens,
        last.diff_tokens,
        outcome.tests.tests(),
        started.elapsed().as_secs_f64(),
        if outcome.cancelled {
            " (interrupted: the best pair so far)"
        } else if outcome.flaky {
            " (a test is flaky: the re-check failed once; an earlier pair is kept)"
        } else {
            ""
        },
        show(&outs.seed),
        show(&outs.variant),
        show(&outs.diff),
    )
}

/// The scripts that decide the pair (one value per run: its size does not matter).
#[allow(clippy::large_enum_variant)]
enum Scripts {
    /// `--interesting-seed` and `--interesting`.
    Sides {
        seed: ScriptOracle,
        variant: ScriptOracle,
    },
    /// `--interesting-pair`.
    Joint(ScriptOracle),
}

impl Scripts {
    fn new(args: &PairArgs, run: &RunOptions, cancel: &Arc<Cancel>) -> Result<Scripts> {
        let name = |input: &Path| {
            input
                .file_name()
                .map(PathBuf::from)
                .ok_or_else(|| anyhow!("{} has no file name", input.display()))
        };
        let oracle = |script: &Path, files: &[PathBuf]| {
            let mut oracle = ScriptOracle::with_files(script, files, run, cancel.clone())
                .map_err(|e| anyhow!("{}: {e}", script.display()))?;
            oracle.set_limits(args.run.test_limits(run.jobs));
            Ok::<_, anyhow::Error>(oracle)
        };
        match (
            &args.interesting_pair,
            &args.interesting_seed,
            &args.test.interesting,
        ) {
            (Some(script), _, _) => {
                let (s, v) = (name(&args.seed)?, name(&args.variant)?);
                // Two files of one name go to two directories.
                let files = if s == v {
                    [Path::new("seed").join(s), Path::new("variant").join(v)]
                } else {
                    [s, v]
                };
                Ok(Scripts::Joint(oracle(script, &files)?))
            }
            (None, Some(seed), Some(variant)) => Ok(Scripts::Sides {
                seed: oracle(seed, &[name(&args.seed)?])?,
                variant: oracle(variant, &[name(&args.variant)?])?,
            }),
            _ => Err(anyhow!(
                "give --interesting-seed and --interesting, or --interesting-pair"
            )),
        }
    }

    /// Every script's oracle (for the time limits).
    fn oracles(&self) -> Vec<&ScriptOracle> {
        match self {
            Scripts::Sides { seed, variant } => vec![seed, variant],
            Scripts::Joint(pair) => vec![pair],
        }
    }

    /// The time limit of each script, by what it tests.
    fn time_limits(&self) -> BTreeMap<&'static str, TimeLimit> {
        match self {
            Scripts::Sides { seed, variant } => BTreeMap::from([
                ("seed", seed.time_limit()),
                ("variant", variant.time_limit()),
            ]),
            Scripts::Joint(pair) => BTreeMap::from([("pair", pair.time_limit())]),
        }
    }

    fn tests(&self) -> PairTests<'_> {
        match self {
            Scripts::Sides { seed, variant } => PairTests::sides(seed, variant),
            Scripts::Joint(pair) => PairTests::joint(pair),
        }
    }
}

enum Checked {
    /// Both properties hold; the time of the slower check.
    Passed(Duration),
    /// What failed, with the script's stderr.
    Failed(String),
    Interrupted,
}

/// Checks ψ_s on the seed and ψ_v on the variant (or the pair's test on
/// both).
fn check(
    scripts: &Scripts,
    args: &PairArgs,
    inputs: (&[u8], &[u8]),
    limit: Duration,
) -> Result<Checked, Failure> {
    match scripts {
        Scripts::Sides { seed, variant } => check_sides((seed, variant), args, inputs, limit),
        Scripts::Joint(pair) => check_joint(pair, args, inputs, limit),
    }
}

/// Whether the test passed.
fn passed(report: &RunReport) -> bool {
    matches!(report.outcome, RunOutcome::Exited(0))
}

/// How a test that did not pass ended, with its stderr.
fn how_it_failed(report: &RunReport, limit: Duration) -> String {
    format!(
        "the test {}; it must exit 0{}",
        job::test_ended(report.outcome, limit),
        job::stderr_lines(&report.stderr_tail)
    )
}

/// Checks the pair with its one test (`--interesting-pair`).
fn check_joint(
    pair: &ScriptOracle,
    args: &PairArgs,
    (seed, variant): (&[u8], &[u8]),
    limit: Duration,
) -> Result<Checked, Failure> {
    let r = pair
        .run_detailed_files(&[seed, variant], limit)
        .map_err(|e| Failure::Usage(anyhow!("cannot run the pair's test: {e}")))?;
    if matches!(r.outcome, RunOutcome::Cancelled) {
        return Ok(Checked::Interrupted);
    }
    if passed(&r) {
        return Ok(Checked::Passed(r.duration));
    }
    let mut msg = format!(
        "the pair (seed {}, variant {}) does not pass its test (--interesting-pair {}): {}",
        args.seed.display(),
        args.variant.display(),
        pair.script().display(),
        how_it_failed(&r, limit)
    );
    // The inputs given the other way round.
    if pair
        .run_detailed_files(&[variant, seed], limit)
        .is_ok_and(|r| passed(&r))
    {
        msg.push_str(
            "\n  (are --seed and --variant swapped? the test passes with the variant first)",
        );
    }
    Ok(Checked::Failed(msg))
}

/// Checks ψ_s on the seed and ψ_v on the variant, at the same time.
fn check_sides(
    (seed_oracle, variant_oracle): (&ScriptOracle, &ScriptOracle),
    args: &PairArgs,
    (seed, variant): (&[u8], &[u8]),
    limit: Duration,
) -> Result<Checked, Failure> {
    let (s, v) = std::thread::scope(|scope| {
        let v = scope.spawn(|| variant_oracle.run_detailed(variant, limit));
        (
            seed_oracle.run_detailed(seed, limit),
            v.join().expect("the check does not panic"),
        )
    });
    let s = s.map_err(|e| Failure::Usage(anyhow!("cannot run the seed's test: {e}")))?;
    let v = v.map_err(|e| Failure::Usage(anyhow!("cannot run the variant's test: {e}")))?;
    if matches!(s.outcome, RunOutcome::Cancelled) || matches!(v.outcome, RunOutcome::Cancelled) {
        return Ok(Checked::Interrupted);
    }
    let failed: Vec<String> = [
        ("seed", &args.seed, "--interesting-seed", seed_oracle, &s),
        (
            "variant",
            &args.variant,
            "--interesting",
            variant_oracle,
            &v,
        ),
    ]
    .into_iter()
    .filter(|c| !passed(c.4))
    .map(|(what, path, flag, oracle, report)| {
        format!(
            "the {what} {} does not pass its test ({flag} {}): {}",
            path.display(),
            oracle.script().display(),
            how_it_failed(report, limit)
        )
    })
    .collect();
    if failed.is_empty() {
        return Ok(Checked::Passed(s.duration.max(v.duration)));
    }
    let mut msg = failed.join("\n  and ");
    // The most common mistake: the two scripts given the other way round.
    let passes = |o: &ScriptOracle, t: &[u8]| o.run_detailed(t, limit).is_ok_and(|r| passed(&r));
    if failed.len() == 2 || (passes(variant_oracle, seed) && passes(seed_oracle, variant)) {
        msg.push_str("\n  (are --interesting-seed and --interesting swapped? the seed's test must pass on the seed, the variant's test on the variant)");
    }
    Ok(Checked::Failed(msg))
}

/// Starts the three outputs with the inputs (the seed, the variant and
/// their difference).
fn start(writers: &Writers, seed: &[u8], variant: &[u8]) -> Result<(), Failure> {
    each_output(writers, seed, variant, |w, text| {
        w.start(text)
            .map_err(|e| Failure::Usage(anyhow!("cannot write an output: {e}")))
    })
}

/// Writes the pair to the three outputs (the seed, the variant and their
/// difference) as the results, each through [`BestWriter::finish_or_save`]:
/// an output that cannot be written has its result saved in the temporary
/// folder (the message says where) and the others are still written. The
/// exit code [`exit::OUTPUT_FAILED`] if one could not be.
fn finish(writers: &Writers, seed: &[u8], variant: &[u8]) -> Option<u8> {
    let failed = std::cell::Cell::new(None);
    let like = |w: &BestWriter| {
        w.destination()
            .path()
            .map_or_else(|| PathBuf::from("pair.diff"), Path::to_path_buf)
    };
    let _ = each_output(writers, seed, variant, |w, text| {
        if let Err(code) = w.finish_or_save(text, &like(w)) {
            failed.set(Some(code));
        }
        Ok(())
    });
    failed.get()
}

/// Calls `write` on each of the three outputs with its text: the seed, the
/// variant and their difference.
fn each_output(
    writers: &Writers,
    seed: &[u8],
    variant: &[u8],
    write: impl Fn(&BestWriter, &[u8]) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let diff = writers.diff_of(seed, variant);
    write(&writers.seed, seed)?;
    write(&writers.variant, variant)?;
    write(&writers.diff, &diff)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The clock first, then the sizes; a line of a mid-sized pair fits an
    /// 80-column terminal with the spinner.
    #[test]
    fn the_progress_line() {
        let d = Duration::from_secs(72);
        assert_eq!(status(d, None, [0; 3], 0), "1:12 starting");
        let line = status(d, Some("commonality 2"), [12_345, 12_400, 1_234], 4_321);
        assert_eq!(
            line,
            "1:12 commonality 2 · seed 12,345 · variant 12,400 · diff 1,234 · 4,321 tests"
        );
        assert!(line.chars().count() <= 78, "{}", line.chars().count());
    }
}
