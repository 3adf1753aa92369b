//! `treereduce trace`: checks the generator and the test, records the run,
//! reduces it (`crate::trace`), then hands the best generated program to the
//! single-program reducer (unless `--no-finish`). The output is written
//! whenever the result improves, in both stages, and Ctrl-C keeps it.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context, anyhow};
use serde::Serialize;

use super::{
    BestWriter, Destination, Failure, INPUT_CHECK_LIMIT, MAX_TIMEOUT, Mode, Printer, Setup,
    finish_output, same_file, timeout_of,
};
use crate::cli::TraceArgs;
use crate::engine::Run;
use crate::exit;
use crate::lang::Language;
use crate::oracle::{Cancel, RunOutcome, ScriptOracle};
use crate::reduce::{self, Config};
use crate::single::{self, Session};
use crate::stats::{Report, Stats};
use crate::task::{Observer, Phase};
use crate::trace::generator::{Align, Generator, GeneratorRun};
use crate::trace::record::Trace;
use crate::trace::reduce::{KINDS, Search, TraceCounters, TraceSession};

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
    finish: Option<Report>,
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

/// Sends improvements to the output writer, numbered after those of the
/// stages before.
struct Forward<'a> {
    writer: &'a BestWriter,
    printer: &'a Printer,
    base: u64,
    newest: &'a AtomicU64,
}

impl Observer for Forward<'_> {
    fn improved(&self, seq: u64, text: &[u8]) {
        let seq = self.base + seq;
        self.newest.fetch_max(seq, Ordering::SeqCst);
        self.writer.improved(seq, text);
    }

    fn phase(&self, phase: Phase) {
        self.printer.phase(phase);
    }
}

fn usage_error(e: impl Into<anyhow::Error>) -> Failure {
    Failure::Usage(e.into())
}

fn generator_error(what: String, run: Option<&GeneratorRun>) -> Result<u8, Failure> {
    let mut msg = format!("treereduce: error: {what}");
    if let Some(run) = run
        && !run.stderr_tail.trim().is_empty()
    {
        msg.push_str("\n  the generator's stderr (last lines):");
        for line in run.stderr_tail.lines() {
            msg.push_str(&format!("\n    | {line}"));
        }
    }
    eprintln!("{msg}");
    Ok(exit::GENERATOR_FAILED)
}

/// Runs `treereduce trace`.
pub(super) fn run(args: TraceArgs) -> Result<u8, Failure> {
    let jobs = super::jobs_and_timeouts(
        args.jobs,
        &[
            ("--timeout", args.test.timeout),
            ("--gen-timeout", args.gen_timeout),
        ],
    )
    .map_err(usage_error)?;
    if let Some(name) = &args.gen_output
        && !crate::trace::generator::plain_name(name)
    {
        return Err(usage_error(anyhow!(
            "--gen-output must be a plain file name (the generator runs in a private directory)"
        )));
    }
    let language = match &args.lang {
        Some(name) => Some(Language::by_name(name).ok_or_else(|| {
            usage_error(anyhow!(
                "unknown language {name:?}; the choices are: {}",
                Language::choices()
            ))
        })?),
        None => Language::by_path(&args.output),
    };
    if language.is_none() && !args.no_finish {
        return Err(usage_error(anyhow!(
            "cannot tell the language of the generated program from -o {}; pass -l with one of: {} (or --no-finish)",
            args.output.display(),
            Language::choices()
        )));
    }
    let destination = Destination::of(&args.output).map_err(|e| usage_error(anyhow!("-o: {e}")))?;
    let stats_destination = match &args.stats_json {
        Some(p) => Some(Destination::of(p).map_err(|e| usage_error(anyhow!("--stats-json: {e}")))?),
        None => None,
    };
    let mut protected: Vec<(&str, &Path)> = vec![("the test script", &args.interesting)];
    let generator_files: Vec<&Path> = args.command.iter().map(Path::new).collect();
    for file in &generator_files {
        protected.push(("a file of the generator command", file));
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

    let cancel = Arc::new(Cancel::new().map_err(|e| Failure::Internal(e.into()))?);
    {
        let cancel = cancel.clone();
        ctrlc::set_handler(move || cancel.cancel()).map_err(|e| Failure::Internal(e.into()))?;
    }
    let file_name = args
        .output
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
    let first_limit = args.test.first_limit();
    let oracle = ScriptOracle::new(
        &args.interesting,
        &file_name,
        jobs,
        first_limit,
        cancel.clone(),
    )
    .map_err(usage_error)?;
    let cwd = std::env::current_dir()
        .context("cannot read the current directory")
        .map_err(usage_error)?;
    let gen_first_limit = args.gen_timeout.map_or(INPUT_CHECK_LIMIT, timeout_of);
    let generator = Generator::new(
        args.command.clone(),
        args.gen_output.clone(),
        &cwd,
        jobs,
        gen_first_limit,
        cancel.clone(),
    )
    .map_err(|e| usage_error(anyhow!("cannot prepare the generator's directories: {e}")))?;

    let mode = Mode::for_stderr(args.quiet);
    let trace_stats = Arc::new(Stats::new(KINDS));
    let mut printer = Printer::start(mode, trace_stats.clone());
    printer.phase(Phase::Check);

    // Record, then replay the whole run twice: the replays must give the
    // same program, or the generator is not deterministic given its
    // decisions (or does not take them from the hook).
    let recorded = match check_generator(&generator, &cancel) {
        Ok(r) => r,
        Err(code) => {
            printer.stop();
            return code;
        }
    };
    let (trace_text, output, slowest) = recorded;
    let generator_timeout = args.gen_timeout.map_or_else(
        || (slowest * 10).clamp(Duration::from_secs(1), MAX_TIMEOUT),
        timeout_of,
    );
    generator.set_timeout(generator_timeout);

    let report = oracle.run_detailed(&output, first_limit).map_err(|e| {
        usage_error(anyhow!(
            "cannot run the test {}: {e}",
            oracle.script().display()
        ))
    })?;
    match report.outcome {
        RunOutcome::Exited(0) => {}
        RunOutcome::Cancelled => {
            printer.stop();
            eprintln!("treereduce: interrupted while checking the program; nothing was written");
            return Ok(exit::INTERRUPTED);
        }
        outcome => {
            printer.stop();
            let saved = tempfile::Builder::new()
                .prefix("treereduce-generated-")
                .tempfile()
                .and_then(|mut f| {
                    use std::io::Write;
                    f.write_all(&output)?;
                    f.keep().map(|(_, p)| p).map_err(|e| e.error)
                });
            let mut msg = format!(
                "treereduce: error: the generated program is not interesting: the test ended with {outcome:?}; it must exit 0 on it.\n  test:      {}\n  generator: {}",
                oracle.script().display(),
                generator.command_line()
            );
            if let Ok(path) = saved {
                msg.push_str(&format!("\n  the program is saved in {}", path.display()));
            }
            for line in report.stderr_tail.lines() {
                msg.push_str(&format!("\n    | {line}"));
            }
            eprintln!("{msg}");
            return Ok(exit::NOT_INTERESTING);
        }
    }
    args.test.limit_tests(report.duration, &[&oracle]);

    let grammar = language.map(crate::syntax::Grammar::of);
    let measure = move |text: &[u8]| -> u64 {
        match grammar {
            Some(g) => crate::syntax::count_tokens(&crate::syntax::parse(g, text)) as u64,
            None => text
                .split(|b| b.is_ascii_whitespace())
                .filter(|w| !w.is_empty())
                .count() as u64,
        }
    };
    let generated_tokens = measure(&output);
    trace_stats.set_start(crate::stats::Size {
        bytes: output.len() as u64,
        tokens: generated_tokens,
    });

    let writer = BestWriter::new(destination.clone(), None);
    writer
        .start(&output)
        .map_err(|e| usage_error(anyhow!("cannot write the output: {e}")))?;
    let newest = AtomicU64::new(0);
    let counters = TraceCounters::default();
    let run = Run::new(jobs, &trace_stats, Some(&cancel));
    printer.phase(Phase::Reduce(1));
    let reduced = {
        let forward = Forward {
            writer: &writer,
            printer: &printer,
            base: 0,
            newest: &newest,
        };
        let session = TraceSession {
            generator: &generator,
            oracle: &oracle,
            align: args.align,
            search: args.search,
            measure: &measure,
            counters: &counters,
            observer: &forward,
        };
        crate::trace::reduce::reduce(&session, &run, &trace_text, Arc::from(output.as_slice()))
            .map_err(|e| Failure::Internal(anyhow!("the generator wrote a malformed trace: {e}")))?
    };
    let trace_failure = run.failure();
    printer.stop();
    let trace_tokens = measure(&reduced.output);
    let mut best: Arc<[u8]> = reduced.output.clone();
    let setup = Setup {
        input_path: args.output.clone(),
        input: Vec::new(),
        language: language.unwrap_or(Language::ALL[0]),
        destination: destination.clone(),
        stats_destination: None,
        jobs,
    };

    let finish_stats = Arc::new(Stats::new(reduce::names()));
    let mut finished_tokens = None;
    let mut finish_report = None;
    let mut flaky = false;
    let mut not_rechecked = None;
    if trace_failure.is_none()
        && !cancel.is_cancelled()
        && !args.no_finish
        && let Some(grammar) = grammar
    {
        let mut printer = Printer::start(mode, finish_stats.clone());
        let config = Config {
            jobs,
            passes: None,
            ddmin_subsets: false,
            width: args.width,
            in_order: args.in_order,
            prune: true,
            formatter: None,
            off: Vec::new(),
            verify: true,
            input_checked: true,
        };
        let forward = Forward {
            writer: &writer,
            printer: &printer,
            base: newest.load(Ordering::SeqCst),
            newest: &newest,
        };
        let session = Session::new(
            grammar,
            &oracle,
            &config,
            &finish_stats,
            Some(&cancel),
            &forward,
        );
        let outcome = single::reduce(&session, &best, None);
        printer.stop();
        match outcome {
            Ok(o) => {
                flaky = o.flaky;
                if o.recheck == crate::stats::Recheck::CouldNotRun {
                    not_rechecked = Some(super::not_rechecked(&o));
                }
                best = o.text;
            }
            Err(single::ReduceError::Oracle { best: b, error }) => {
                best = b;
                eprintln!(
                    "treereduce: error: {}",
                    super::could_not_run(
                        "the test",
                        error,
                        "stopped, the output holds the best result found before",
                    )
                );
                if let Err(code) = finish_output(&writer, &setup, &best) {
                    return Ok(code);
                }
                return Ok(exit::TEST_ERRORS);
            }
            Err(e) => {
                eprintln!("treereduce: warning: the finishing stage did not run: {e}");
            }
        }
        finished_tokens = Some(measure(&best));
        finish_report = Some(finish_stats.report());
    }
    if let Err(code) = finish_output(&writer, &setup, &best) {
        return Ok(code);
    }
    let interrupted = cancel.is_cancelled();
    if let Some(dest) = &stats_destination {
        use std::os::unix::fs::PermissionsExt;
        let trace_passes = reduced
            .sizes
            .iter()
            .map(|&(decisions, loops, selections)| TraceSize {
                decisions,
                loops,
                selections,
            })
            .collect();
        // The time limit covers both phases: they share the test runner.
        *trace_stats.time_limit.lock() = Some(oracle.time_limit());
        let report = TraceReport {
            generator: generator.command_line(),
            align: args.align.name(),
            search: match args.search {
                Search::Tree => "tree",
                Search::Sequence => "sequence",
            },
            trace_passes,
            trace_stopped_early: reduced.stopped_early,
            tokens: Tokens {
                generated: generated_tokens,
                trace_reduced: trace_tokens,
                finished: finished_tokens,
            },
            trace: trace_stats.report(),
            generator_runs: &counters,
            finish: finish_report,
            seconds: trace_stats.elapsed().as_secs_f64(),
            interrupted,
        };
        let json = serde_json::to_vec_pretty(&report).map_err(|e| Failure::Internal(e.into()))?;
        dest.write(&json, Some(&std::fs::Permissions::from_mode(0o644)))
            .map_err(|e| Failure::Internal(anyhow!("cannot write the statistics: {e}")))?;
    }
    if let Some(error) = trace_failure {
        eprintln!(
            "treereduce: error: {}",
            super::could_not_run(
                "the test or the generator",
                error,
                "stopped, the output holds the best result found before",
            )
        );
        return Ok(exit::TEST_ERRORS);
    }
    if let Some(why) = &not_rechecked {
        eprintln!("treereduce: error: {why}");
    }
    if !args.quiet {
        let first = reduced.sizes.first().copied().unwrap_or_default();
        let mut line = format!(
            "treereduce: generated program {generated_tokens} tokens -> {trace_tokens} by trace reduction ({} decisions, {} loops, {} selections; {} passes; {} tests, {} generator runs, {} realigned decisions, {} halted runs)",
            first.0,
            first.1,
            first.2,
            reduced.passes,
            trace_stats.tests.load(Ordering::Relaxed),
            counters.generator_runs.load(Ordering::Relaxed),
            counters.realigned_decisions.load(Ordering::Relaxed),
            counters.halted_runs.load(Ordering::Relaxed),
        );
        if let Some(t) = finished_tokens {
            line.push_str(&format!(
                " -> {t} by syntax reduction ({} tests)",
                finish_stats.tests.load(Ordering::Relaxed)
            ));
        }
        line.push_str(&format!("; {:.1} s", trace_stats.elapsed().as_secs_f64()));
        match destination.path() {
            Some(p) => line.push_str(&format!("; wrote {}", p.display())),
            None => line.push_str("; wrote the result to stdout"),
        }
        if interrupted {
            line.push_str("\ntreereduce: interrupted; the result is the best found so far");
        }
        if flaky {
            line.push_str(
                "\ntreereduce: warning: the test is flaky: it rejected a result it had accepted",
            );
        }
        eprintln!("{line}");
    }
    Ok(if interrupted {
        exit::INTERRUPTED
    } else if not_rechecked.is_some() {
        exit::TEST_ERRORS
    } else {
        exit::SUCCESS
    })
}

/// Records the generator's run and checks it twice by replay: the trace,
/// the program, and the slowest run's time; or the exit code after a
/// message saying what is wrong.
fn check_generator(
    generator: &Generator,
    cancel: &Cancel,
) -> Result<(String, Vec<u8>, Duration), Result<u8, Failure>> {
    let command = generator.command_line();
    let run = generator
        .run(0, None, Align::Halt)
        .map_err(|e| generator_error(format!("cannot run the generator `{command}`: {e}"), None))?;
    let mut slowest = run.duration;
    match run.outcome {
        RunOutcome::Exited(0) => {}
        RunOutcome::Cancelled => {
            eprintln!("treereduce: interrupted while running the generator; nothing was written");
            return Err(Ok(exit::INTERRUPTED));
        }
        RunOutcome::TimedOut => {
            return Err(generator_error(
                format!(
                    "the generator `{command}` did not finish within {:.1} s (raise --gen-timeout if it is just slow)",
                    generator.timeout().as_secs_f64()
                ),
                Some(&run),
            ));
        }
        RunOutcome::Exited(code) => {
            return Err(generator_error(
                format!("the generator `{command}` failed with exit code {code}"),
                Some(&run),
            ));
        }
        RunOutcome::Signaled(sig) => {
            return Err(generator_error(
                format!("the generator `{command}` was killed by signal {sig}"),
                Some(&run),
            ));
        }
    }
    let output = match &run.output {
        Some(o) if !o.is_empty() => o.clone(),
        _ => {
            return Err(generator_error(
                format!(
                    "the generator `{command}` wrote no program (it must write one to stdout, or to the file named by --gen-output)"
                ),
                Some(&run),
            ));
        }
    };
    let Some(text) = run.trace.clone() else {
        return Err(generator_error(
            format!(
                "the generator `{command}` wrote no trace: treereduce records Python (through PYTHONPATH, so not with python -I, -E or -S) and node (through NODE_OPTIONS) by itself; a generator in another language must follow the tape protocol (doc/trace-protocol.md)"
            ),
            Some(&run),
        ));
    };
    let trace = Trace::parse(&text).map_err(|e| {
        generator_error(
            format!("the generator `{command}` wrote a malformed trace: {e}"),
            None,
        )
    })?;
    if trace.decisions.is_empty() {
        return Err(generator_error(
            format!(
                "the generator `{command}` made no random decision treereduce can see (Python's `random`, node's Math.random, or the tape protocol); a generator with a random source of its own (numpy, os.urandom, secrets) cannot be replayed"
            ),
            Some(&run),
        ));
    }
    // Draws treereduce cannot see: said now, not only when a replay differs.
    let unseen = if trace.unrecorded.is_empty() {
        String::new()
    } else {
        let names = trace.unrecorded.join(", ");
        eprintln!(
            "treereduce: warning: the generator `{command}` loads {names}, whose draws treereduce neither records nor replays (only Python's `random.Random` is intercepted): whatever it draws from them stays as it is, and a replay that draws them in another order writes another program"
        );
        format!(" (it loads {names}, which treereduce does not record)")
    };
    let (plan, _) = trace
        .plan(&vec![false; trace.units.len()])
        .expect("removing nothing always has a plan");
    let mut previous: Option<Vec<u8>> = None;
    for round in 0..2 {
        let replay = generator.run(0, Some(&plan), Align::Halt).map_err(|e| {
            generator_error(format!("cannot run the generator `{command}`: {e}"), None)
        })?;
        if replay.outcome == RunOutcome::Cancelled || cancel.is_cancelled() {
            eprintln!("treereduce: interrupted while checking the generator; nothing was written");
            return Err(Ok(exit::INTERRUPTED));
        }
        slowest = slowest.max(replay.duration);
        let replayed = replay.trace.as_deref().map(Trace::parse);
        if let Some(Ok(t)) = &replayed
            && let Some(position) = t.halted_at
        {
            let expected = trace
                .decisions
                .get(position)
                .map_or("-", |d| d.site.as_str());
            let got = t.decisions.get(position).map_or("-", |d| d.site.as_str());
            return Err(generator_error(
                format!(
                    "the generator `{command}` does not follow the replay of its own run: decision {} was expected at {expected} but made at {got}; it is not deterministic given its decisions (time, hash order, threads, files it reads?)",
                    position + 1
                ),
                Some(&replay),
            ));
        }
        if replay.outcome != RunOutcome::Exited(0) {
            return Err(generator_error(
                format!(
                    "the generator `{command}` ended with {:?} when replaying its own run",
                    replay.outcome
                ),
                Some(&replay),
            ));
        }
        let program = replay.output.unwrap_or_default();
        if program != output {
            return Err(generator_error(
                format!(
                    "the generator `{command}` wrote another program when replaying its own decisions{}: it is not deterministic given its decisions, or it ignores the replay (a random source treereduce cannot see: numpy, os.urandom, secrets, time, hash order){unseen}",
                    if round == 0 { "" } else { " a second time" }
                ),
                None,
            ));
        }
        if let Some(p) = &previous
            && *p != program
        {
            return Err(generator_error(
                format!(
                    "the generator `{command}` wrote two different programs from the same decisions"
                ),
                None,
            ));
        }
        previous = Some(program);
    }
    Ok((text, output, slowest))
}
