//! The `treereduce` command: validates the arguments into a ready-to-run
//! setup, checks the input, runs the engine, and reports. Errors are printed
//! once, with what to do next; exit codes are in [`crate::exit`].

mod batch;
mod debug;
mod pair;
mod project;
mod trace;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use clap::{Arg, ArgAction, CommandFactory, FromArgMatches};

use crate::cli::{Args, Cli, Command};
use crate::exit;
use crate::job::{
    self, BestWriter, Destination, Failure, Mode, Printer, cancel_on_signals, cannot_run,
    check_size, deadline, deadline_reason, default_output, formatter, not_rechecked, print_all,
    progress, reduce_failed, report, same_file, shell_quote, total_memory, usage,
};
use crate::lang::Language;
use crate::options::RunOptions;
use crate::oracle::{Cancel, RunOutcome, ScriptOracle, store};
use crate::reduce::{self, Config};
use crate::single::{self, ReduceError, Session};
use crate::stats::Stats;
use crate::syntax::Original;
use crate::task::{Observer, Phase};

/// Entry point of the binary.
pub fn main() -> ExitCode {
    no_fast_bins();
    let cli = parse_args();
    // Orphans of tests re-parent to this process; the last of them are
    // stopped when it drops, after the run (also after a panic or Ctrl-C).
    let orphans = crate::oracle::Orphans::adopt();
    crate::oracle::protect_this_process();
    // A panic is a bug: the default hook prints it; the best result so far is
    // already on disk and the temporary directories are removed on unwinding.
    let code = match std::panic::catch_unwind(|| match cli.command {
        None if project::is_project(&cli.single) => project::run(cli.single),
        None => run(cli.single),
        Some(command) => run_command(command),
    }) {
        Err(_) => {
            eprintln!(
                "treereduce: internal error (a bug); the output holds the best result found so far"
            );
            exit::INTERNAL
        }
        Ok(Ok(code)) => code,
        Ok(Err(Failure::Usage(e))) => {
            eprintln!("treereduce: error: {e:#}");
            exit::USAGE
        }
        Ok(Err(Failure::Internal(e))) => {
            eprintln!("treereduce: internal error: {e:#}");
            exit::INTERNAL
        }
    };
    drop(orphans);
    ExitCode::from(code)
}

/// Switches off glibc's fast bins, so that a freed block is merged with
/// its free neighbours at once. With them, freeing a 10 MB program's
/// syntax tree (millions of small nodes, freed aside when a run stops, see
/// `drop_aside`) leaves millions of blocks in the bins of the arena that
/// allocated them, and the next large allocation of any thread using that
/// arena merges all of them first: after a Ctrl-C, the writing of the
/// result and the sweep of the tests' processes waited up to a second for
/// such merges while the trees were being freed beside them.
fn no_fast_bins() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; called
    // before any other thread starts.
    unsafe {
        libc::mallopt(libc::M_MXFAST, 0);
    }
}

/// The whole command line: the derived arguments plus one `--no-NAME`
/// switch per reduction of the table that can be switched off. Parsing,
/// the completions and the man page all use it.
pub fn command() -> clap::Command {
    let mut command =
        Cli::command().after_help(format!("{}\n\n{}", crate::cli::AFTER_HELP, exit::help()));
    for r in reduce::switchable() {
        let flag = format!("no-{}", r.name());
        command = command.arg(
            Arg::new(flag.clone())
                .long(flag)
                .action(ArgAction::SetTrue)
                .help(r.about())
                .help_heading("Reductions"),
        );
    }
    command
}

fn parse_args() -> Cli {
    let matches = command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    cli.single.off = reduce::switchable()
        .map(|r| r.name())
        .filter(|name| matches.get_flag(&format!("no-{name}")))
        .collect();
    cli
}

/// Runs a subcommand.
fn run_command(command: Command) -> Result<u8, Failure> {
    match command {
        Command::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut self::command(), "treereduce", &mut text);
            print_all(&text)
        }
        Command::Trace(args) => trace::run(*args),
        Command::Batch(args) => batch::run(*args),
        Command::Dedup { dirs, result } => batch::dedup(&dirs, result.output.as_deref()),
        Command::Man => print_all(&man_page().map_err(|e| Failure::Internal(e.into()))?),
        Command::Pair(args) => pair::run(*args),
    }
}

/// The man page (roff): clap_mangen's sections, with the exit codes in an
/// EXIT STATUS section of their own, made from [`crate::exit`] (their short
/// list in `--help` would repeat them).
pub fn man_page() -> std::io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(self::command().after_help(crate::cli::AFTER_HELP));
    let mut text = Vec::new();
    man.render_title(&mut text)?;
    man.render_name_section(&mut text)?;
    man.render_synopsis_section(&mut text)?;
    man.render_description_section(&mut text)?;
    man.render_options_section(&mut text)?;
    man.render_subcommands_section(&mut text)?;
    man.render_extra_section(&mut text)?;
    text.extend_from_slice(exit::man_section().as_bytes());
    man.render_version_section(&mut text)?;
    Ok(text)
}

/// Everything validated, ready to run.
struct Setup {
    input_path: PathBuf,
    input: Vec<u8>,
    language: &'static Language,
    destination: Destination,
    stats_destination: Option<Destination>,
    run: RunOptions,
}

fn setup(args: &Args) -> Result<Setup> {
    let input_path = args
        .input
        .first()
        .cloned()
        .ok_or_else(|| anyhow!("no INPUT given: name the program to reduce"))?;
    let run = args.run.options()?;
    let speculating = run.in_order && run.jobs > 1;
    // A file too large is refused before it is read (a special file, whose
    // size the metadata does not tell, after).
    if let Ok(meta) = std::fs::metadata(&input_path) {
        check_size(
            meta.len(),
            total_memory(),
            args.allow_huge_input,
            speculating,
        )?;
    }
    let input = std::fs::read(&input_path)
        .with_context(|| format!("cannot read the input {}", input_path.display()))?;
    check_size(
        input.len() as u64,
        total_memory(),
        args.allow_huge_input,
        speculating,
    )?;
    let language = match &args.language.lang {
        Some(name) => Language::by_name(name).ok_or_else(|| {
            anyhow!(
                "unknown language {name:?}; the choices are: {}",
                Language::choices()
            )
        })?,
        None => Language::by_path(&input_path).ok_or_else(|| {
            anyhow!(
                "cannot tell the language of {} from its extension; pass -l with one of: {}",
                input_path.display(),
                Language::choices()
            )
        })?,
    };
    let (destination, stats_destination) = outputs(args, &input_path, language)?;
    Ok(Setup {
        input_path,
        input,
        language,
        destination,
        stats_destination,
        run,
    })
}

/// The output and the `--stats-json` destinations, checked before anything
/// runs: each must be writable, and neither may be the input, the script or
/// the other one.
fn outputs(
    args: &Args,
    input: &Path,
    language: &Language,
) -> Result<(Destination, Option<Destination>)> {
    let output = args
        .result
        .output
        .clone()
        .unwrap_or_else(|| default_output(input, language.reduced_infix));
    let destination = Destination::of(&output).map_err(|e| anyhow!("-o: {e}"))?;
    let stats = match &args.stats.stats_json {
        Some(p) => Some(Destination::of(p).map_err(|e| anyhow!("--stats-json: {e}"))?),
        None => None,
    };
    let mut protected: Vec<(&str, &Path)> = vec![("the input", input)];
    if let Some(script) = &args.test.interesting {
        protected.push(("the test script", script));
    }
    for (flag, dest) in [("-o", Some(&destination)), ("--stats-json", stats.as_ref())] {
        let Some(Destination::File(path)) = dest else {
            continue;
        };
        for (what, other) in &protected {
            if same_file(path, other) {
                return Err(anyhow!(
                    "{flag} {} is {what}; treereduce never modifies its input or its test script (choose another {flag})",
                    path.display()
                ));
            }
        }
    }
    match (&destination, &stats) {
        (Destination::Stdout, Some(Destination::Stdout)) => {
            return Err(anyhow!(
                "-o - and --stats-json - cannot both write to stdout"
            ));
        }
        (a, Some(b)) if a.path().is_some() && a.path() == b.path() => {
            return Err(anyhow!("-o and --stats-json name the same file"));
        }
        _ => {}
    }
    Ok((destination, stats))
}

struct CliObserver<'a> {
    writer: &'a BestWriter,
    printer: &'a Printer,
}

impl Observer for CliObserver<'_> {
    fn improved(&self, seq: u64, text: &[u8]) {
        self.writer.improved(seq, text);
    }

    fn phase(&self, phase: Phase) {
        self.printer.phase(phase);
    }
}

/// `--measure` and `--dump-tree`: print facts about the input.
fn inspect(args: &Args, setup: &Setup) -> Result<u8, Failure> {
    let grammar = crate::syntax::Grammar::of(setup.language);
    let original = Original::parse(grammar, Arc::from(setup.input.as_slice()))
        .map_err(|e| Failure::Usage(e.into()))?;
    let text = if args.measure {
        format!(
            "{{\"bytes\": {}, \"tokens\": {}, \"errors\": {}}}\n",
            setup.input.len(),
            original.tokens(),
            original.errors
        )
    } else {
        debug::dump_tree(grammar, &original)
    };
    print!("{text}");
    Ok(exit::SUCCESS)
}

/// The script oracle with its Ctrl-C token; the time limit of the input check.
fn start_oracle(
    args: &Args,
    setup: &Setup,
) -> Result<(ScriptOracle, Arc<Cancel>, Duration), Failure> {
    let script = usage(args.test.required())?;
    let cancel = cancel_on_signals()?;
    let file_name = setup
        .input_path
        .file_name()
        .ok_or_else(|| Failure::Usage(anyhow!("the input path has no file name")))?;
    let first_limit = setup.run.timeout.first();
    let mut oracle = ScriptOracle::new(script, file_name, &setup.run, cancel.clone())
        .map_err(|e| Failure::Usage(e.into()))?;
    oracle.set_launcher(usage(args.launch.launcher())?);
    oracle.set_limits(args.run.test_limits(setup.run.jobs));

    Ok((oracle, cancel, first_limit))
}

/// The persistent verdict cache for this run (see `store`), keyed by the
/// script's bytes, the language and the candidate's file name.
fn open_store(
    args: &Args,
    setup: &Setup,
    oracle: &ScriptOracle,
) -> Result<Option<Arc<dyn crate::oracle::VerdictStore>>, Failure> {
    let name = oracle.file_name().as_encoded_bytes();
    open_script_store(args, oracle, setup.language.name, name)
}

/// The persistent verdict cache of `oracle`'s script, keyed by the
/// script's bytes, what it tests (`kind`: a language, or `project`) and
/// `name` (the candidate's file name, or the project's); none with
/// `--no-cache`.
fn open_script_store(
    args: &Args,
    oracle: &ScriptOracle,
    kind: &str,
    name: &[u8],
) -> Result<Option<Arc<dyn crate::oracle::VerdictStore>>, Failure> {
    if args.launch.no_cache {
        return Ok(None);
    }
    let script = std::fs::read(oracle.script()).map_err(|e| {
        Failure::Usage(anyhow!(
            "cannot read the test script {}: {e}",
            oracle.script().display()
        ))
    })?;
    let context = store::context(&script, kind, name);
    let script = store::Script {
        path: oracle.script(),
        bytes: &script,
    };
    args.launch
        .store(context, Some(&script))
        .map_err(|e| Failure::Usage(anyhow!(e)))
}

/// What a report template sees about a single-mode run.
/// After an interruption (`stop` says so) the tokens of a large result are
/// not counted again (a parse of seconds): those of the last best are.
fn report_context(
    setup: &Setup,
    oracle: &ScriptOracle,
    stats: &Stats,
    text: &[u8],
    status: &str,
    reason: Option<String>,
    stop: crate::syntax::Stop<'_>,
) -> report::Context {
    let grammar = crate::syntax::Grammar::of(setup.language);
    let mut parser = crate::syntax::parser(grammar);
    let final_tokens = crate::syntax::parse_until(&mut parser, text, None, stop)
        .and_then(|tree| crate::syntax::count_tokens_until(&tree, stop))
        .map_or(stats.best().tokens, |tokens| tokens as u64);
    let r = stats.report();
    report::Context {
        name: setup
            .input_path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
        input: setup.input_path.to_string_lossy().into_owned(),
        language: setup.language.name.to_string(),
        result_path: setup
            .destination
            .path()
            .map_or("-".into(), |p| p.to_string_lossy().into_owned()),
        result: String::from_utf8_lossy(text).into_owned(),
        files: Vec::new(),
        start_bytes: r.start.bytes,
        start_tokens: r.start.tokens,
        final_bytes: text.len() as u64,
        final_tokens,
        tests: r.tests,
        seconds: r.seconds,
        script: oracle.script().to_string_lossy().into_owned(),
        script_text: std::fs::read(oracle.script())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default(),
        command: report::command_line(),
        status: status.to_string(),
        reason,
        version: env!("CARGO_PKG_VERSION").to_string(),
        stats: serde_json::to_value(&r).unwrap_or_default(),
    }
}

/// Checks that the input is interesting; its run time sets the default
/// timeout, which is returned (or the exit code if there is nothing to do).
/// `tested` is called once the test has run, before any message.
fn check_input(
    setup: &Setup,
    oracle: &ScriptOracle,
    printer: &mut Printer,
    first_limit: Duration,
    deadline: Option<&deadline::Deadline>,
    tested: impl FnOnce(&Printer),
) -> Result<Result<Duration, u8>, Failure> {
    printer.phase(Phase::Check);
    let report = oracle.run_detailed(&setup.input, first_limit);
    tested(printer);
    let report = report.map_err(|e| Failure::Usage(anyhow!(cannot_run(oracle, &e))))?;
    match report.outcome {
        RunOutcome::Exited(0) => {}
        RunOutcome::Cancelled if deadline.is_some_and(|d| d.reached()) => {
            printer.stop();
            eprintln!(
                "treereduce: error: the --deadline of {} passed while the input was being checked; nothing was reduced or written",
                deadline.map_or(String::new(), |d| d.text.clone())
            );
            return Ok(Err(exit::DEADLINE));
        }
        RunOutcome::Cancelled => {
            printer.stop();
            eprintln!("treereduce: interrupted while checking the input; nothing was written");
            return Ok(Err(exit::INTERRUPTED));
        }
        outcome => {
            printer.stop();
            eprintln!(
                "{}",
                not_interesting_message(setup, oracle, outcome, first_limit, &report.stderr_tail)
            );
            return Ok(Err(exit::NOT_INTERESTING));
        }
    }
    Ok(Ok(oracle.calibrate(report.duration)))
}

fn run(args: Args) -> Result<u8, Failure> {
    let started = std::time::Instant::now();
    let setup = usage(setup(&args))?;
    if args.measure || args.dump_tree {
        return inspect(&args, &setup);
    }
    warn_about_jobs(&args, setup.run.jobs);
    let reporter = reporter_of(&args, &setup)?;
    let (oracle, cancel, first_limit) = start_oracle(&args, &setup)?;
    let deadline = start_deadline(&args, started, &cancel);
    let store = open_store(&args, &setup, &oracle)?;
    let stats = Arc::new(Stats::new(reduce::names()));
    let mode = Mode::for_stderr(args.display.quiet);
    let mut printer = Printer::start(mode, stats.clone());

    let grammar = crate::syntax::Grammar::of(setup.language);
    let stop = || cancel.is_cancelled();
    let (checked, prepared, staged) = check_while_parsing(
        &args,
        &setup,
        &oracle,
        &mut printer,
        (first_limit, deadline.as_ref()),
        &stop,
    );
    let timeout = match checked? {
        Ok(timeout) => timeout,
        Err(code) => {
            // The input's tree and program are freed aside: the process
            // ends now (see `drop_aside`).
            crate::syntax::drop_aside(prepared);
            return Ok(code);
        }
    };

    let writer = start_output(&setup, staged)?;
    let config = Config {
        formatter: formatter_of(&args, &setup),
        ..config_of(&args, &setup.run)
    };
    let observer = CliObserver {
        writer: &writer,
        printer: &printer,
    };
    let mut session = Session::new(grammar, &oracle, &config, &stats, Some(&cancel), &observer);
    session.store = store;
    session.deadline = deadline.as_ref().map(|d| d.flag());
    let outcome = single::reduce_prepared(&session, &setup.input, None, prepared);
    printer.stop();
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => return Ok(failed(&writer, &setup.input_path, &e)),
    };
    *stats.time_limit.lock() = Some(oracle.time_limit());
    if let Err(code) = write_result(
        &writer,
        &setup,
        &outcome,
        reporter.as_ref(),
        (&oracle, &stats, &stop),
    ) {
        return Ok(code);
    }
    report(&args, &setup, &stats, &outcome, timeout)
}

/// Warns that `-j` is far above the machine's cores (see [`jobs_warning`]),
/// unless `--quiet`.
fn warn_about_jobs(args: &Args, jobs: usize) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if !args.display.quiet
        && let Some(warning) = jobs_warning(jobs, cores)
    {
        eprintln!("{warning}");
    }
}

/// `--deadline`'s timer, counted from `started`: it cancels the run when
/// it is reached.
fn start_deadline(
    args: &Args,
    started: std::time::Instant,
    cancel: &Arc<Cancel>,
) -> Option<deadline::Deadline> {
    args.stop.deadline.map(|d| {
        deadline::Deadline::start(
            started + d,
            format!("{:.1} s", d.as_secs_f64()),
            cancel.clone(),
        )
    })
}

/// The reducer's settings the command line gives (the formatter aside,
/// which only a single program takes).
fn config_of(args: &Args, run: &RunOptions) -> Config {
    Config {
        passes: args.stop.passes,
        ddmin_subsets: args.ddmin_subsets,
        prune: !args.no_prune,
        off: args.off.clone(),
        verify: !args.verify.no_verify,
        ..single::config(run)
    }
}

/// The run stopped on an error: the best result found before is kept
/// (named like `input`), and the error's exit code returned.
fn failed(writer: &BestWriter, input: &Path, error: &ReduceError) -> u8 {
    if let ReduceError::Oracle { best, .. } = error
        && let Err(code) = writer.finish_or_save(best, input)
    {
        return code;
    }
    let (code, message) = reduce_failed(error);
    eprintln!("treereduce: error: {message}");
    code
}

/// The permissions of the result: the input's (a script stays executable).
fn output_permissions(setup: &Setup) -> Option<std::fs::Permissions> {
    std::fs::metadata(&setup.input_path)
        .ok()
        .map(|m| m.permissions())
}

/// The output writer, with the input as the first best result: what
/// `staged` prepared while the input was checked is put in place, else the
/// input is written now.
fn start_output(setup: &Setup, staged: Option<job::Staged>) -> Result<BestWriter, Failure> {
    let writer = BestWriter::new(setup.destination.clone(), output_permissions(setup));
    // The output exists from the start: the input is the first best result.
    writer
        .start_staged(staged, &setup.input)
        .map_err(|e| Failure::Usage(anyhow!("cannot write the output: {e}")))?;
    Ok(writer)
}

/// Writes the result and the bug report (`--report`); the exit code if
/// either could not be written.
fn write_result(
    writer: &BestWriter,
    setup: &Setup,
    outcome: &single::Outcome,
    reporter: Option<&report::Reporter>,
    (oracle, stats, stop): (&ScriptOracle, &Stats, crate::syntax::Stop<'_>),
) -> Result<(), u8> {
    if let Some(what) = stats.formatter.lock().as_deref()
        && (what.starts_with("not started") || what.starts_with("failed"))
    {
        eprintln!("treereduce: warning: the formatter {what}; the result is not formatted");
    }
    writer.finish_or_save(&outcome.text, &setup.input_path)?;
    if let Some(reporter) = reporter {
        let (status, reason) = report_status(stats, outcome);
        let context = report_context(setup, oracle, stats, &outcome.text, status, reason, stop);
        if let Err(e) = reporter.write(&context) {
            eprintln!("treereduce: error: {e}");
            return Err(exit::OUTPUT_FAILED);
        }
    }
    Ok(())
}

/// The bug report's writer (`--report`), its place checked now.
fn reporter_of(args: &Args, setup: &Setup) -> Result<Option<report::Reporter>, Failure> {
    let template = args
        .report
        .template()
        .map_err(|e| Failure::Usage(anyhow!(e)))?;
    let Some(template) = template else {
        return Ok(None);
    };
    let mut protected = vec![setup.input_path.as_path()];
    if let Some(script) = &args.test.interesting {
        protected.push(script.as_path());
    }
    report::Reporter::beside(Arc::new(template), setup.destination.path(), &protected)
        .map(Some)
        .map_err(|e| Failure::Usage(anyhow!(e)))
}

/// The `--formatter` command, or `None` (with a warning if it cannot run).
fn formatter_of(args: &Args, setup: &Setup) -> Option<Vec<String>> {
    let given = args.formatter.as_ref()?;
    let name = setup
        .input_path
        .file_name()
        .unwrap_or_default()
        .to_string_lossy();
    let path = std::env::var_os("PATH");
    match formatter::command(given, setup.language, &name, path.as_deref()) {
        Ok(command) => Some(command),
        Err(why) => {
            eprintln!("treereduce: warning: {why}; the result is not formatted");
            None
        }
    }
}

/// What [`check_while_parsing`] gives: the check's outcome, the input's
/// program built ahead, the output staged.
type Checked = (
    Result<Result<Duration, u8>, Failure>,
    Option<single::Prepared>,
    Option<job::Staged>,
);

/// [`check_input`] while the input is parsed, and the first pass's program
/// built, on another thread: on a large input both take seconds, and the
/// first candidate is then ready as soon as the input is found interesting.
/// A third thread stages the output (see [`job::stage`]): once the check
/// passes, the output appears without a write, and a stop right after the
/// check does not wait for one.
fn check_while_parsing(
    args: &Args,
    setup: &Setup,
    oracle: &ScriptOracle,
    printer: &mut Printer,
    (first_limit, deadline): (Duration, Option<&deadline::Deadline>),
    stop: crate::syntax::Stop<'_>,
) -> Checked {
    let grammar = crate::syntax::Grammar::of(setup.language);
    let input: Arc<[u8]> = Arc::from(setup.input.as_slice());
    let mut prepared = None;
    let mut staged = None;
    let checked = std::thread::scope(|s| {
        let staging = s.spawn(|| {
            let permissions = output_permissions(setup);
            job::stage(&setup.destination, &setup.input, permissions.as_ref(), stop)
        });
        let preparing = s.spawn(|| {
            // The lexicon's automata (tens of milliseconds) are built here
            // too, not when the reduction starts: a stop during the input's
            // check then does not wait for them.
            crate::lexical::Lexicon::of(setup.language);
            single::Prepared::of(grammar, input.clone(), stop)
        });
        let checked = check_input(setup, oracle, printer, first_limit, deadline, |printer| {
            let parsed = match preparing.join() {
                Ok(parsed) => parsed,
                Err(panic) => std::panic::resume_unwind(panic),
            };
            // Too large: the reduction says so itself.
            prepared = parsed.ok().flatten();
            if let Some(p) = prepared.as_ref().filter(|_| !args.display.quiet)
                && let Some(warning) = parse_warning(&setup.input, setup.language, p, stop)
            {
                printer.warn(warning);
            }
        });
        staged = staging
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        checked
    });
    (checked, prepared, staged)
}

/// The status and the note of a single-mode bug report: what the written
/// result is worth.
fn report_status(stats: &Stats, outcome: &single::Outcome) -> (&'static str, Option<String>) {
    use crate::stats::Recheck;
    if outcome.recheck == Recheck::CouldNotRun {
        return (
            "test_errors",
            Some(not_rechecked(outcome.recheck_error.as_deref())),
        );
    }
    let deadline = stats.deadline.load(std::sync::atomic::Ordering::Relaxed) > 0;
    let (status, mut reason) = if outcome.cancelled {
        (
            "interrupted",
            Some("interrupted; the result is the best found until then".to_string()),
        )
    } else if deadline {
        (
            "deadline",
            Some("stopped at the --deadline; the result is the best found until then".to_string()),
        )
    } else {
        ("reduced", None)
    };
    if outcome.recheck == Recheck::NotRun && (outcome.cancelled || deadline) {
        let note = "it was not re-checked";
        reason = reason.map(|r| format!("{r}; {note}"));
    }
    if outcome.flaky {
        let note = "the test is flaky: it rejected a result it had accepted, and this is the newest one it accepted again";
        reason = Some(reason.map_or(note.to_string(), |r| format!("{r}; {note}")));
    }
    (status, reason)
}

/// Writes `--stats-json`, prints the summary; the exit code.
fn report(
    args: &Args,
    setup: &Setup,
    stats: &Stats,
    outcome: &single::Outcome,
    timeout: Duration,
) -> Result<u8, Failure> {
    if let Some(dest) = &setup.stats_destination {
        use std::os::unix::fs::PermissionsExt;
        let json =
            serde_json::to_vec_pretty(&stats.report()).map_err(|e| Failure::Internal(e.into()))?;
        let readable = std::fs::Permissions::from_mode(0o644);
        dest.write(&json, Some(&readable)).map_err(|e| {
            Failure::Internal(anyhow!(
                "cannot write the statistics to {}: {e}",
                dest.path()
                    .map_or("stdout".into(), |p| p.display().to_string())
            ))
        })?;
    }
    report_end(args, &setup.destination, stats, outcome, timeout)
}

/// Prints the summary of a run that wrote `destination`; the exit code.
fn report_end(
    args: &Args,
    destination: &Destination,
    stats: &Stats,
    outcome: &single::Outcome,
    timeout: Duration,
) -> Result<u8, Failure> {
    if !args.display.quiet {
        eprintln!("{}", summary(stats, destination, outcome, timeout));
    } else if outcome.recheck == crate::stats::Recheck::CouldNotRun {
        // An error, which -q does not hide.
        eprintln!(
            "treereduce: error: {}",
            not_rechecked(outcome.recheck_error.as_deref())
        );
    }
    Ok(if outcome.cancelled {
        exit::INTERRUPTED
    } else if outcome.recheck == crate::stats::Recheck::CouldNotRun {
        exit::TEST_ERRORS
    } else if stats.deadline.load(std::sync::atomic::Ordering::Relaxed) > 0 {
        exit::DEADLINE
    } else {
        exit::SUCCESS
    })
}

fn not_interesting_message(
    setup: &Setup,
    oracle: &ScriptOracle,
    outcome: RunOutcome,
    limit: Duration,
    stderr_tail: &str,
) -> String {
    let what = job::test_ended(outcome, limit);
    let input = setup.input_path.display();
    let script = oracle.script().display();
    let name = oracle.file_name().to_string_lossy();
    let mut msg = format!(
        "treereduce: error: the input is not interesting: the test {what}; it must exit 0 on the input.\n  test:  {script}\n  input: {input}{}\n",
        job::stderr_lines(stderr_tail)
    );
    let (input, script, name) = (
        shell_quote(&setup.input_path.to_string_lossy()),
        shell_quote(&oracle.script().to_string_lossy()),
        shell_quote(&name),
    );
    msg.push_str(&format!(
        "  to run the check by hand, the way treereduce runs it:\n    d=$(mktemp -d) && cp {input} \"$d\"/{name} && (cd \"$d\" && {script} \"$d\"/{name}); echo \"exit code: $?\"; rm -rf \"$d\""
    ));
    msg
}

/// A warning when the input hardly parses as `language` (more than one
/// ERROR or MISSING node per 20 tokens): garbage, or the wrong `-l`. It
/// names a language the input parses better as, if there is one (parsed
/// as the others unless `stop` says to give up).
fn parse_warning(
    input: &[u8],
    language: &'static Language,
    parsed: &single::Prepared,
    stop: crate::syntax::Stop<'_>,
) -> Option<String> {
    use crate::syntax::{Grammar, count_errors, parse_until, parser};
    let (errors, tokens) = (count_errors(parsed.tree()), parsed.tokens());
    if errors == 0 || errors * 20 <= tokens {
        return None;
    }
    let better = Language::ALL
        .iter()
        .filter(|l| l.name != language.name)
        .filter_map(|&l| {
            let tree = parse_until(&mut parser(Grammar::of(l)), input, None, stop)?;
            Some((count_errors(&tree), l.name))
        })
        .filter(|&(e, _)| e * 4 < errors)
        .min();
    let mut warning = format!(
        "treereduce: warning: the input has {errors} parse errors in {tokens} tokens as {}",
        language.name
    );
    if let Some((e, name)) = better {
        warning.push_str(&format!(" ({e} as {name}: pass -l {name}?)"));
    }
    warning.push_str("; code inside errors is reduced by lines and tokens only");
    Some(warning)
}

/// A warning when `-j` is far above the cores: past about twice the cores
/// the extra workers mostly test candidates whose verdict is never used
/// (conflicts), and wall time grows again (doc/benchmarks.md, scaling).
fn jobs_warning(jobs: usize, cores: usize) -> Option<String> {
    (jobs > 4 * cores).then(|| {
        format!(
            "treereduce: warning: -j {jobs} is more than 4 times this machine's {cores} cores; \
             tests that run on this CPU only slow each other down past the cores (a test that \
             waits on something else, such as a remote machine, may still gain from them)"
        )
    })
}

fn summary(
    stats: &Stats,
    destination: &Destination,
    outcome: &single::Outcome,
    timeout: Duration,
) -> String {
    use progress::{bytes, thousands};
    use std::sync::atomic::Ordering::Relaxed;
    let (start, best) = (stats.start(), stats.best());
    let change = size_change(start.bytes, best.bytes);
    let mut s = format!(
        "treereduce: {} -> {} ({change}), {} -> {}; {} run, {} more answered from the cache, {} rejected by the parser without a test, {} timed out at {:.1} s",
        bytes(start.bytes),
        bytes(best.bytes),
        thousands(start.tokens),
        counted(best.tokens, "token", "tokens"),
        counted(stats.tests.load(Relaxed), "test", "tests"),
        thousands(stats.cache_hits.load(Relaxed)),
        counted(
            stats.syntax_rejected.load(Relaxed),
            "candidate",
            "candidates"
        ),
        thousands(stats.timed_out.load(Relaxed)),
        timeout.as_secs_f64(),
    );
    s.push_str(&tests_notes(stats));
    s.push_str(&format!(
        "; {}; {}",
        progress::clock(stats.elapsed()),
        written_to(destination)
    ));
    s.push_str(&ending_notes(stats, outcome));
    s
}

/// `n` and the noun `one` or `many`, as the summary writes a count.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!(
        "{} {}",
        progress::thousands(n),
        if n == 1 { one } else { many }
    )
}

/// How the size changed, from `start` bytes to `best`.
fn size_change(start: u64, best: u64) -> String {
    if best == start {
        return "unchanged".to_string();
    }
    let pct = 100.0 * (1.0 - best as f64 / start.max(1) as f64);
    if pct >= 0.0 {
        format!("{pct:.1}% smaller")
    } else {
        format!("{:.1}% larger", -pct)
    }
}

/// Where the summary says the result went.
fn written_to(destination: &Destination) -> String {
    match destination {
        Destination::File(p) | Destination::Stream(p) | Destination::Folder(p) => {
            format!("wrote {}", p.display())
        }
        Destination::Stdout => "wrote the result to stdout".to_string(),
    }
}

/// The summary's notes on the tests that are there only when they count:
/// verdicts of earlier runs, candidates skipped, tests that could not be
/// run, timeouts stopped early.
fn tests_notes(stats: &Stats) -> String {
    use progress::thousands;
    use std::sync::atomic::Ordering::Relaxed;
    let mut s = String::new();
    let stored = stats.stored_hits.load(Relaxed);
    if stored > 0 {
        s.push_str(&format!(
            "; {} verdicts kept from earlier runs (--cache)",
            thousands(stored)
        ));
    }
    let skipped = stats.skipped.load(Relaxed);
    if skipped > 0 {
        s.push_str(&format!(
            "; {} skipped as not worth a test (--no-prune tests them)",
            counted(skipped, "candidate", "candidates")
        ));
    }
    let errors = stats.oracle_errors.load(Relaxed);
    if errors > 0 {
        s.push_str(&format!(", {} could not be run", thousands(errors)));
    }
    if let Some(limit) = *stats.time_limit.lock()
        && limit.stopped_early > 0
    {
        s.push_str(&format!(
            "; {} of the timeouts were stopped early at the adaptive limit of {:.2} s \
             ({} slow interesting of {} let run to the full limit; --no-adaptive-timeout gives every test {:.1} s)",
            thousands(limit.stopped_early),
            limit.adaptive_seconds.unwrap_or(limit.seconds),
            thousands(limit.slow_interesting),
            thousands(limit.let_run),
            limit.seconds,
        ));
    }
    s
}

/// The summary's lines on how the run ended, when it did not simply end:
/// interrupted, stopped by `--deadline`, a flaky test, no re-check.
fn ending_notes(stats: &Stats, outcome: &single::Outcome) -> String {
    use std::sync::atomic::Ordering::Relaxed;
    let mut s = String::new();
    if outcome.cancelled {
        s.push_str("\ntreereduce: interrupted; the result is the best found so far");
    }
    if !outcome.cancelled && stats.deadline.load(Relaxed) > 0 {
        s.push_str(&format!("\ntreereduce: {}", deadline_reason(outcome)));
    }
    if outcome.flaky {
        s.push_str("\ntreereduce: warning: the test is flaky: it rejected a result it had accepted; the result was re-checked and is the newest one it accepted again");
    }
    if outcome.recheck == crate::stats::Recheck::CouldNotRun {
        s.push_str(&format!(
            "\ntreereduce: error: {}",
            not_rechecked(outcome.recheck_error.as_deref())
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--help` and the man page list every exit code of the table
    /// (src/exit/tests.rs checks the documents against it).
    #[test]
    fn help_and_man_page_list_every_code() {
        let help = command().render_help().to_string();
        for c in exit::ALL {
            let line = format!("{:>3}  {}", c.code, c.short);
            assert!(help.contains(&line), "--help lacks {line:?}:\n{help}");
        }
        let man = String::from_utf8(man_page().unwrap()).unwrap();
        let section = man
            .split(".SH \"EXIT STATUS\"")
            .nth(1)
            .expect("the man page has an EXIT STATUS section");
        for c in exit::ALL {
            let entry = format!(".TP\n\\fB{}\\fR\n", c.code);
            assert!(section.contains(&entry), "the man page lacks {entry:?}");
        }
        assert!(section.contains("\\-\\-deadline passed"), "{section}");
        assert!(!man.contains("6 the \\-\\-deadline"), "{man}");
    }

    /// The options of `command` (not hidden, not `--help`/`--version`),
    /// each as its long form and its short one if it has one.
    fn options_of(command: &clap::Command) -> Vec<(String, Option<String>)> {
        command
            .get_arguments()
            .filter(|a| !a.is_hide_set())
            .filter_map(|a| Some((a.get_long()?, a.get_short())))
            .filter(|(l, _)| !matches!(*l, "help" | "version"))
            .map(|(l, s)| (format!("--{l}"), s.map(|s| format!("-{s}"))))
            .collect()
    }

    /// The options (`--cache`, `-j`) a Markdown text names in code: code
    /// spans (`--cache DIR`, `--formatter[=CMD]`) and indented code blocks.
    fn named_options(text: &str) -> std::collections::BTreeSet<String> {
        let spans = text.split('`').skip(1).step_by(2);
        let blocks = text.lines().filter(|l| l.starts_with("    "));
        spans
            .chain(blocks)
            .flat_map(str::split_whitespace)
            .filter(|word| word.starts_with('-'))
            .map(|word| {
                let dashes = if word.starts_with("--") { 2 } else { 1 };
                let name: String = word[dashes..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                format!("{}{name}", &word[..dashes])
            })
            .collect()
    }

    /// The reference documents every option the command line defines:
    /// doc/options.md's table lists exactly the options of single-program
    /// reduction, and each mode's page names every option of its
    /// subcommand. An option added, renamed or removed without its
    /// documentation fails here.
    #[test]
    fn the_documents_describe_every_option_and_no_other() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let read = |page: &str| std::fs::read_to_string(root.join(page)).unwrap();
        let command = command();
        let options = read("doc/options.md");
        let table: String = options
            .lines()
            .take_while(|l| !l.starts_with("Other modes"))
            .filter(|l| l.starts_with("| `"))
            .map(|l| l.split(" | ").next().unwrap_or_default())
            .collect::<Vec<_>>()
            .join(" ");
        let longs = |c: &clap::Command| -> std::collections::BTreeSet<String> {
            options_of(c).into_iter().map(|(long, _)| long).collect()
        };
        let in_table: std::collections::BTreeSet<String> = named_options(&table)
            .into_iter()
            .filter(|o| o.starts_with("--"))
            .collect();
        assert_eq!(in_table, longs(&command), "doc/options.md");
        for (mode, page) in [
            ("pair", "doc/pair.md"),
            ("trace", "doc/trace.md"),
            ("batch", "doc/batch.md"),
            ("dedup", "doc/batch.md"),
        ] {
            let sub = command.find_subcommand(mode).expect(mode);
            let named = named_options(&read(page));
            let missing: Vec<String> = options_of(sub)
                .into_iter()
                .filter(|(long, short)| {
                    !named.contains(long) && !short.as_ref().is_some_and(|s| named.contains(s))
                })
                .map(|(long, _)| long)
                .collect();
            assert!(
                missing.is_empty(),
                "{page} does not describe {missing:?} of `{mode}`"
            );
        }
    }

    #[test]
    fn wrong_languages_and_garbage_are_named() {
        let c = Language::by_name("c").unwrap();
        let rust = Language::by_name("rust").unwrap();
        let parse_warning = |input: &[u8], language: &'static Language| {
            let grammar = crate::syntax::Grammar::of(language);
            let parsed = single::Prepared::of(grammar, Arc::from(input), &crate::syntax::never)
                .unwrap()
                .unwrap();
            parse_warning(input, language, &parsed, &crate::syntax::never)
        };
        let program = b"fn main() { let v: Vec<u8> = Vec::new(); println!(\"{}\", v.len()); }\n";
        assert!(parse_warning(program, rust).is_none());
        let warning = parse_warning(program, c).expect("Rust read as C");
        assert!(warning.contains("pass -l rust"), "{warning}");
        let garbage: Vec<u8> = (0..3000u32).map(|i| (i * 7919 % 251) as u8).collect();
        assert!(parse_warning(&garbage, c).is_some());
        assert!(parse_warning(b"int x;\n", c).is_none());
    }

    #[test]
    fn the_summary_reads_right() {
        use crate::stats::Size;
        let stats = Stats::new(reduce::names());
        let size = |bytes, tokens| Size { bytes, tokens };
        stats.set_start(size(100, 10));
        stats.set_best(1, size(100, 1));
        let outcome = single::Outcome {
            text: Arc::from(&b"x"[..]),
            cancelled: false,
            flaky: false,
            recheck: crate::stats::Recheck::Passed,
            recheck_error: None,
            size: size(1, 1),
        };
        let line = summary(
            &stats,
            &Destination::Stdout,
            &outcome,
            Duration::from_secs(1),
        );
        assert!(
            line.contains("(unchanged)") && line.contains("-> 1 token;"),
            "{line}"
        );
        assert!(
            line.contains("0 tests run, 0 more answered from the cache"),
            "{line}"
        );
        stats.set_best(2, size(40, 1));
        let line = summary(
            &stats,
            &Destination::Stdout,
            &outcome,
            Duration::from_secs(1),
        );
        assert!(line.contains("(60.0% smaller)"), "{line}");
        stats.set_best(3, size(140, 12));
        let line = summary(
            &stats,
            &Destination::Stdout,
            &outcome,
            Duration::from_secs(1),
        );
        assert!(line.contains("(40.0% larger)"), "{line}");
    }

    #[test]
    fn far_too_many_jobs_are_warned_about() {
        assert!(jobs_warning(8, 2).is_none());
        assert!(jobs_warning(9, 2).unwrap().contains("-j 9"));
    }
}
