//! `treereduce trace`: checks the arguments and the outputs, records the
//! generator's run and checks the test on its program, then runs the trace
//! mode's driver (`crate::trace::pipeline`) and reports. The output is
//! written whenever the result improves, in both stages, and Ctrl-C keeps it.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use anyhow::{Context, anyhow};
use parking_lot::Mutex;
use serde::Serialize;

use crate::cli::TraceArgs;
use crate::exit;
use crate::job::{self, BestWriter, Destination, Failure, Mode, Printer, same_file};
use crate::lang::Language;
use crate::options::{INPUT_CHECK_LIMIT, RunOptions};
use crate::oracle::{Cancel, RunOutcome, ScriptOracle};
use crate::stats::{Recheck, Report, Stats};
use crate::task::Phase;
use crate::trace::generator::Generator;
use crate::trace::pipeline::{
    self, Recorded, Stopped, TraceError, TraceJob, TraceObserver, TraceOutcome,
};
use crate::trace::reduce::TraceCounters;

/// `--stats-json` of `treereduce trace`.
#[derive(Serialize)]
struct TraceReport<'a> {
    generator: String,
    align: &'static str,
    search: &'static str,
    /// Trace size at the start of each pass: decisions, loops, selections.
    trace_passes: Vec<TraceSize>,
    /// The first pass's top level removed less than a tenth of the program,
    /// and so did the level below it (or there was none), so the trace
    /// stage stopped there and the finishing stage took over.
    trace_stopped_early: bool,
    /// Tokens of the recorded program, after trace reduction, after finishing.
    tokens: Tokens,
    /// Counters of the trace stage (tests as the engine counts them:
    /// every candidate replayed; `script_runs` in `generator` counts the
    /// interestingness test's runs).
    trace: Report,
    generator_runs: &'a TraceCounters,
    /// The finishing stage (absent with --no-finish).
    finish: Option<&'a Report>,
    seconds: f64,
    interrupted: bool,
}

#[derive(Serialize)]
struct TraceSize {
    decisions: usize,
    loops: usize,
    selections: usize,
}

#[derive(Serialize)]
struct Tokens {
    generated: u64,
    trace_reduced: u64,
    finished: Option<u64>,
}

/// Sends improvements to the output writer and phases to the progress
/// display of the stage running.
struct Display<'a> {
    writer: &'a BestWriter,
    printer: Mutex<Printer>,
    mode: Mode,
}

impl TraceObserver for Display<'_> {
    fn improved(&self, seq: u64, text: &[u8]) {
        self.writer.improved(seq, text);
    }

    fn phase(&self, phase: Phase) {
        self.printer.lock().phase(phase);
    }

    fn finishing(&self, stats: &Arc<Stats>) {
        *self.printer.lock() = Printer::start(self.mode, stats.clone());
    }

    fn finished(&self) {
        self.printer.lock().stop();
    }
}

fn usage_error(e: impl Into<anyhow::Error>) -> Failure {
    Failure::Usage(e.into())
}

/// Says what is wrong with the generator or the generated program; the exit code.
fn trace_error(e: TraceError) -> Result<u8, Failure> {
    match e {
        TraceError::Generator {
            message,
            stderr_tail,
        } => {
            let mut msg = format!("treereduce: error: {message}");
            if !stderr_tail.trim().is_empty() {
                msg.push_str("\n  the generator's stderr (last lines):");
                for line in stderr_tail.lines() {
                    msg.push_str(&format!("\n    | {line}"));
                }
            }
            eprintln!("{msg}");
            Ok(exit::GENERATOR_FAILED)
        }
        TraceError::Interrupted { during } => {
            eprintln!("treereduce: interrupted while {during}; nothing was written");
            Ok(exit::INTERRUPTED)
        }
        TraceError::Setup(e) => Err(Failure::Internal(anyhow!(e))),
        TraceError::NotInteresting { .. } => Err(Failure::Internal(anyhow!(
            "the generated program is not interesting"
        ))),
    }
}

/// The checked destinations of `-o` and `--stats-json`: neither is the test
/// script or a file of the generator command, nor the other one.
fn outputs(args: &TraceArgs) -> Result<(Destination, Option<Destination>), Failure> {
    let destination =
        Destination::of(output(args)?).map_err(|e| usage_error(anyhow!("-o: {e}")))?;
    let stats_destination = match &args.stats.stats_json {
        Some(p) => Some(Destination::of(p).map_err(|e| usage_error(anyhow!("--stats-json: {e}")))?),
        None => None,
    };
    let mut protected: Vec<(&str, &Path)> = vec![("the test script", script(args)?)];
    if let Some(script) = &args.finish_interesting {
        protected.push(("the finishing stage's test script", script));
    }
    for file in &args.command {
        protected.push(("a file of the generator command", Path::new(file)));
    }
    for (flag, dest) in [
        ("-o", Some(&destination)),
        ("--stats-json", stats_destination.as_ref()),
    ] {
        let Some(Destination::File(path)) = dest else {
            continue;
        };
        for (what, other) in &protected {
            if same_file(path, other) {
                return Err(usage_error(anyhow!(
                    "{flag} {} is {what}; treereduce never modifies it (choose another {flag})",
                    path.display()
                )));
            }
        }
    }
    if let (Some(a), Some(b)) = (
        destination.path(),
        stats_destination.as_ref().and_then(|d| d.path()),
    ) && a == b
    {
        return Err(usage_error(anyhow!(
            "-o and --stats-json name the same file"
        )));
    }
    if matches!(
        (&destination, &stats_destination),
        (Destination::Stdout, Some(Destination::Stdout))
    ) {
        return Err(usage_error(anyhow!(
            "-o - and --stats-json - cannot both write to stdout"
        )));
    }
    Ok((destination, stats_destination))
}

/// The language of the generated program (`-l`, else the extension of `-o`).
fn language_of(args: &TraceArgs) -> Result<Option<&'static Language>, Failure> {
    let language = match &args.language.lang {
        Some(name) => Some(Language::by_name(name).ok_or_else(|| {
            usage_error(anyhow!(
                "unknown language {name:?}; the choices are: {}",
                Language::choices()
            ))
        })?),
        None => Language::by_path(output(args)?),
    };
    if language.is_none() && !args.no_finish {
        return Err(usage_error(anyhow!(
            "cannot tell the language of the generated program from -o {}; pass -l with one of: {} (or --no-finish)",
            output(args)?.display(),
            Language::choices()
        )));
    }
    Ok(language)
}

/// `-o`, which trace mode requires.
fn output(args: &TraceArgs) -> Result<&Path, Failure> {
    args.result.required().map_err(usage_error)
}

/// `-i`, which trace mode requires.
fn script(args: &TraceArgs) -> Result<&Path, Failure> {
    args.test.required().map_err(usage_error)
}

/// `--gen-timeout`, checked to be positive.
fn gen_timeout(args: &TraceArgs) -> Result<Option<std::time::Duration>, Failure> {
    crate::cli::seconds("--gen-timeout", args.gen_timeout).map_err(usage_error)
}

/// The tests (the trace stage's, and the finishing stage's if it has its
/// own) and the generator, each in private directories.
fn start(
    args: &TraceArgs,
    run: &RunOptions,
    language: Option<&Language>,
    destination: &Destination,
    cancel: &Arc<Cancel>,
) -> Result<(ScriptOracle, Option<ScriptOracle>, Generator), Failure> {
    let file_name = output(args)?
        .file_name()
        .filter(|_| destination.path().is_some())
        .map(|n| n.to_owned())
        .unwrap_or_else(|| {
            format!(
                "generated.{}",
                language.map_or("txt", |l| l.extensions.first().copied().unwrap_or("txt"))
            )
            .into()
        });
    let oracle_of = |script: &Path| -> Result<ScriptOracle, Failure> {
        let mut oracle =
            ScriptOracle::new(script, &file_name, run, cancel.clone()).map_err(usage_error)?;
        oracle.set_limits(args.run.test_limits(run.jobs));
        Ok(oracle)
    };
    let oracle = oracle_of(script(args)?)?;
    let finish_oracle = match &args.finish_interesting {
        Some(script) => Some(oracle_of(script)?),
        None => None,
    };
    let cwd = std::env::current_dir()
        .context("cannot read the current directory")
        .map_err(usage_error)?;
    let generator = Generator::new(
        args.command.clone(),
        args.gen_output.clone(),
        &cwd,
        run.jobs,
        gen_timeout(args)?.unwrap_or(INPUT_CHECK_LIMIT),
        cancel.clone(),
    )
    .map_err(|e| usage_error(anyhow!("cannot prepare the generator's directories: {e}")))?;
    Ok((oracle, finish_oracle, generator))
}

/// Runs the test on the generated program; `Err` with the exit code after
/// a message if it is not interesting (or the run was interrupted).
fn check_program(
    run: &RunOptions,
    oracle: &ScriptOracle,
    generator: &Generator,
    program: &[u8],
) -> Result<Result<(), u8>, Failure> {
    let report = oracle
        .run_detailed(program, run.timeout.first())
        .map_err(|e| {
            usage_error(anyhow!(
                "cannot run the test {}: {e}",
                oracle.script().display()
            ))
        })?;
    match report.outcome {
        RunOutcome::Exited(0) => {}
        RunOutcome::Cancelled => {
            eprintln!("treereduce: interrupted while checking the program; nothing was written");
            return Ok(Err(exit::INTERRUPTED));
        }
        outcome => {
            let saved = tempfile::Builder::new()
                .prefix("treereduce-generated-")
                .tempfile()
                .and_then(|mut f| {
                    use std::io::Write;
                    f.write_all(program)?;
                    f.keep().map(|(_, p)| p).map_err(|e| e.error)
                });
            let mut msg = format!(
                "treereduce: error: the generated program is not interesting: the test {}; it must exit 0 on it.\n  test:      {}\n  generator: {}",
                job::test_ended(outcome, run.timeout.first()),
                oracle.script().display(),
                generator.command_line()
            );
            if let Ok(path) = saved {
                msg.push_str(&format!("\n  the program is saved in {}", path.display()));
            }
            msg.push_str(&job::stderr_lines(&report.stderr_tail));
            eprintln!("{msg}");
            return Ok(Err(exit::NOT_INTERESTING));
        }
    }
    oracle.calibrate(report.duration);
    Ok(Ok(()))
}

/// Runs `treereduce trace`.
pub(super) fn run(args: TraceArgs) -> Result<u8, Failure> {
    let run = args.run.options().map_err(usage_error)?;
    gen_timeout(&args)?;
    if let Some(name) = &args.gen_output
        && !crate::trace::generator::plain_name(name)
    {
        return Err(usage_error(anyhow!(
            "--gen-output must be a plain file name (the generator runs in a private directory)"
        )));
    }
    if args.no_finish && args.finish_interesting.is_some() {
        return Err(usage_error(anyhow!(
            "--finish-interesting is the finishing stage's test, and --no-finish leaves that stage out"
        )));
    }
    // The outputs first: `-o` naming a directory is the error to show, not
    // the language its name does not tell.
    let (destination, stats_destination) = outputs(&args)?;
    let language = language_of(&args)?;
    let cancel = job::cancel_on_signals()?;
    let (oracle, finish_oracle, generator) = start(&args, &run, language, &destination, &cancel)?;

    let mode = Mode::for_stderr(args.display.quiet);
    let trace_stats = Arc::new(pipeline::trace_stats());
    let mut printer = Printer::start(mode, trace_stats.clone());
    printer.phase(Phase::Check);
    // Record, then replay the whole run twice: the replays must give the
    // same program, or the generator is not deterministic given its
    // decisions (or does not take them from the hook).
    let recorded = pipeline::record(&generator, &cancel, &|warning| {
        eprintln!("treereduce: warning: {warning}")
    });
    let recorded = match recorded {
        Ok(r) => r,
        Err(e) => {
            printer.stop();
            return trace_error(e);
        }
    };
    // Both tests must pass the generated program (each its own time limit).
    for test in std::iter::once(&oracle).chain(&finish_oracle) {
        if let Err(code) = check_program(&run, test, &generator, &recorded.program)? {
            printer.stop();
            return Ok(code);
        }
    }
    let writer = BestWriter::new(destination.clone(), None);
    writer
        .start(&recorded.program)
        .map_err(|e| usage_error(anyhow!("cannot write the output: {e}")))?;
    let job = TraceJob {
        generator: &generator,
        oracle: &oracle,
        finish_oracle: finish_oracle
            .as_ref()
            .map(|o| o as &dyn crate::oracle::Oracle),
        language,
        align: args.align,
        search: args.search,
        finish: !args.no_finish,
        run: &run,
        gen_timeout: gen_timeout(&args)?,
        cancel: &cancel,
        stats: &trace_stats,
    };
    reduce_and_report(
        &args,
        &job,
        recorded,
        (writer, printer),
        &oracle,
        stats_destination,
    )
}

/// Runs both stages, writes the result and the statistics; the exit code.
fn reduce_and_report(
    args: &TraceArgs,
    job: &TraceJob<'_>,
    recorded: Recorded,
    (writer, printer): (BestWriter, Printer),
    oracle: &ScriptOracle,
    stats_destination: Option<Destination>,
) -> Result<u8, Failure> {
    let display = Display {
        writer: &writer,
        printer: Mutex::new(printer),
        mode: Mode::for_stderr(args.display.quiet),
    };
    let outcome = pipeline::reduce_recorded(job, recorded, &display);
    display.printer.lock().stop();
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => return trace_error(e),
    };
    match &outcome.stopped {
        Some(Stopped::FinishTestErrors(error)) => {
            eprintln!(
                "treereduce: error: {}",
                job::could_not_run(
                    "the test",
                    error,
                    "stopped, the output holds the best result found before",
                )
            );
            if let Err(code) = writer.finish_or_save(&outcome.text, output(args)?) {
                return Ok(code);
            }
            return Ok(exit::TEST_ERRORS);
        }
        Some(Stopped::FinishSkipped(e)) => {
            eprintln!("treereduce: warning: the finishing stage did not run: {e}");
        }
        _ => {}
    }
    if let Err(code) = writer.finish_or_save(&outcome.text, output(args)?) {
        return Ok(code);
    }
    if let Some(dest) = &stats_destination {
        // The time limit covers both phases: they share the test runner.
        *job.stats.time_limit.lock() = Some(oracle.time_limit());
        write_stats(args, job, &outcome, dest)?;
    }
    if let Some(Stopped::TraceTestErrors(error)) = &outcome.stopped {
        eprintln!(
            "treereduce: error: {}",
            job::could_not_run(
                "the test or the generator",
                error,
                "stopped, the output holds the best result found before",
            )
        );
        return Ok(exit::TEST_ERRORS);
    }
    let not_rechecked = outcome.recheck == Recheck::CouldNotRun;
    if not_rechecked {
        eprintln!(
            "treereduce: error: {}",
            job::not_rechecked(outcome.recheck_error.as_deref())
        );
    }
    if !args.display.quiet {
        eprintln!("{}", summary(job, &outcome, writer.destination()));
    }
    Ok(if outcome.cancelled {
        exit::INTERRUPTED
    } else if not_rechecked {
        exit::TEST_ERRORS
    } else {
        exit::SUCCESS
    })
}

/// Writes `--stats-json`.
fn write_stats(
    args: &TraceArgs,
    job: &TraceJob<'_>,
    outcome: &TraceOutcome,
    dest: &Destination,
) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    let trace_passes = outcome
        .sizes
        .iter()
        .map(|&(decisions, loops, selections)| TraceSize {
            decisions,
            loops,
            selections,
        })
        .collect();
    let report = TraceReport {
        generator: job.generator.command_line(),
        align: args.align.name(),
        search: args.search.name(),
        trace_passes,
        trace_stopped_early: outcome.stopped_early,
        tokens: Tokens {
            generated: outcome.generated_tokens,
            trace_reduced: outcome.trace_tokens,
            finished: outcome.finished_tokens,
        },
        trace: job.stats.report(),
        generator_runs: &outcome.counters,
        finish: outcome.finish.as_ref(),
        seconds: job.stats.elapsed().as_secs_f64(),
        interrupted: outcome.cancelled,
    };
    let json = serde_json::to_vec_pretty(&report).map_err(|e| Failure::Internal(e.into()))?;
    dest.write(&json, Some(&std::fs::Permissions::from_mode(0o644)))
        .map_err(|e| Failure::Internal(anyhow!("cannot write the statistics: {e}")))
}

/// The closing line: sizes after each stage, tests, time, where the result is.
fn summary(job: &TraceJob<'_>, outcome: &TraceOutcome, destination: &Destination) -> String {
    let first = outcome.sizes.first().copied().unwrap_or_default();
    let counters = &outcome.counters;
    let mut line = format!(
        "treereduce: generated program {} tokens -> {} by trace reduction ({} decisions, {} loops, {} selections; {} passes; {} tests, {} generator runs, {} realigned decisions, {} halted runs)",
        outcome.generated_tokens,
        outcome.trace_tokens,
        first.0,
        first.1,
        first.2,
        outcome.passes,
        job.stats.tests.load(Ordering::Relaxed),
        counters.generator_runs.load(Ordering::Relaxed),
        counters.realigned_decisions.load(Ordering::Relaxed),
        counters.halted_runs.load(Ordering::Relaxed),
    );
    if let Some(t) = outcome.finished_tokens {
        line.push_str(&format!(
            " -> {t} by syntax reduction ({} tests)",
            outcome.finish_tests
        ));
    }
    line.push_str(&format!("; {:.1} s", job.stats.elapsed().as_secs_f64()));
    match destination.path() {
        Some(p) => line.push_str(&format!("; wrote {}", p.display())),
        None => line.push_str("; wrote the result to stdout"),
    }
    if outcome.cancelled {
        line.push_str("\ntreereduce: interrupted; the result is the best found so far");
    }
    if outcome.flaky {
        line.push_str(
            "\ntreereduce: warning: the test is flaky: it rejected a result it had accepted",
        );
    }
    line
}
