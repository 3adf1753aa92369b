//! The front of a project's reduction: a folder, or several files, as the
//! input (`treereduce -i ./check.sh myproject/`). It reads the project,
//! checks the outputs (the result is a folder, replaced whole; never one
//! inside the input, never a folder treereduce did not write), checks the
//! input in a private copy, runs `project::reduce` and writes the result,
//! the statistics with a record per file, and the report.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, anyhow};

use super::{CliObserver, config_of, failed, open_script_store, start_deadline, warn_about_jobs};
use crate::cli::Args;
use crate::files::Files;
use crate::job::{
    self, BestWriter, Destination, Failure, Mode, Printer, cancel_on_signals, cannot_run,
    check_size, deadline, shell_quote, total_memory, usage,
};
use crate::lang::Language;
use crate::options::RunOptions;
use crate::oracle::{RunOutcome, ScriptOracle};
use crate::project::{Project, Selection, load_folder, load_paths};
use crate::reduce::{self};
use crate::single::{self};
use crate::stats::Stats;
use crate::task::Phase;

/// Whether the command line names a project: a folder, or several files.
pub fn is_project(args: &Args) -> bool {
    args.input.len() > 1 || args.input.first().is_some_and(|p| p.is_dir())
}

/// Everything validated, ready to run.
struct Setup {
    /// The folder the project was read from (the several files' common one).
    root: PathBuf,
    /// The inputs as given.
    inputs: Vec<PathBuf>,
    project: Project,
    destination: Destination,
    stats_destination: Option<Destination>,
    run: RunOptions,
}

fn setup(args: &Args) -> Result<Setup> {
    if args.formatter.is_some() || args.measure || args.dump_tree {
        return Err(anyhow!(
            "--formatter, --measure and --dump-tree take one program, not a project"
        ));
    }
    let run = args.run.options()?;
    let (root, files) = match &args.input[..] {
        [folder] => {
            let selection = Selection {
                include: args.include.clone(),
                exclude: args.exclude.clone(),
            };
            (folder.clone(), load_folder(folder, &selection)?)
        }
        many => {
            if let Some(folder) = many.iter().find(|p| p.is_dir()) {
                return Err(anyhow!(
                    "{} is a folder: give one folder, or several files",
                    folder.display()
                ));
            }
            load_paths(many)?
        }
    };
    check_size(
        files.bytes(),
        total_memory(),
        args.allow_huge_input,
        run.in_order && run.jobs > 1,
    )?;
    let language = match &args.language.lang {
        Some(name) => Some(Language::by_name(name).ok_or_else(|| {
            anyhow!(
                "unknown language {name:?}; the choices are: {}",
                Language::choices()
            )
        })?),
        None => None,
    };
    let name = folder_name(&root);
    let project = Project::new(name, files, language)?;
    let (destination, stats_destination) = outputs(args, &root)?;
    Ok(Setup {
        root,
        inputs: args.input.clone(),
        project,
        destination,
        stats_destination,
        run,
    })
}

/// The name of the project's copy in a test's private directory: the
/// folder's own name.
fn folder_name(root: &Path) -> String {
    std::path::absolute(root)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "project".to_string())
}

/// The result folder (`-o`, else `<folder>.reduced` beside the project's
/// folder) and the `--stats-json` file, checked before anything runs: the
/// result is never the input, nor inside it, nor a folder treereduce did
/// not write.
fn outputs(args: &Args, root: &Path) -> Result<(Destination, Option<Destination>)> {
    let absolute = std::path::absolute(root)?;
    let output = args.result.output.clone().unwrap_or_else(|| {
        let mut name = absolute.file_name().unwrap_or_default().to_os_string();
        name.push(".reduced");
        absolute.with_file_name(name)
    });
    let out = std::path::absolute(&output)?;
    let real_root = absolute.canonicalize().unwrap_or(absolute.clone());
    let real_out = out
        .parent()
        .and_then(|p| p.canonicalize().ok())
        .map_or(out.clone(), |p| p.join(out.file_name().unwrap_or_default()));
    if real_out.starts_with(&real_root) || real_root.starts_with(&real_out) {
        return Err(anyhow!(
            "-o {} is inside the project or holds it; treereduce never writes into its input (choose a folder outside {})",
            output.display(),
            root.display()
        ));
    }
    let destination = Destination::folder(&output).map_err(|e| anyhow!("-o: {e}"))?;
    let stats = match &args.stats.stats_json {
        Some(p) => {
            let dest = Destination::of(p).map_err(|e| anyhow!("--stats-json: {e}"))?;
            if dest.path().is_some_and(|d| d.starts_with(&real_root)) {
                return Err(anyhow!(
                    "--stats-json {} is inside the project; treereduce never writes into its input",
                    p.display()
                ));
            }
            Some(dest)
        }
        None => None,
    };
    Ok((destination, stats))
}

/// Runs the reduction of a project (see the module documentation).
pub fn run(args: Args) -> Result<u8, Failure> {
    let started = std::time::Instant::now();
    let setup = usage(setup(&args))?;
    warn_about_jobs(&args, setup.run.jobs);
    let reporter = reporter_of(&args, &setup)?;
    let script = usage(args.test.required())?;
    let cancel = cancel_on_signals()?;
    let first_limit = setup.run.timeout.first();
    let name = std::ffi::OsString::from(&setup.project.name);
    let mut oracle = ScriptOracle::for_project(script, &name, &setup.run, cancel.clone())
        .map_err(|e| Failure::Usage(e.into()))?;
    oracle.set_launcher(usage(args.launch.launcher())?);
    oracle.set_limits(args.run.test_limits(setup.run.jobs));
    let deadline = start_deadline(&args, started, &cancel);
    let store = open_store(&args, &setup, &oracle)?;
    let stats = Arc::new(Stats::new(reduce::names()));
    stats.files.store(
        setup.project.input.len() as u64,
        std::sync::atomic::Ordering::Relaxed,
    );
    let mut printer = Printer::start(Mode::for_stderr(args.display.quiet), stats.clone());
    let input = setup.project.input.encode();
    let timeout = match check_input(
        &setup,
        (&oracle, deadline.as_ref()),
        &mut printer,
        &input,
        first_limit,
    )? {
        Ok(timeout) => timeout,
        Err(code) => return Ok(code),
    };
    let writer = BestWriter::new(setup.destination.clone(), None);
    writer
        .start(&input)
        .map_err(|e| Failure::Usage(anyhow!("cannot write the output: {e}")))?;
    let config = config_of(&args, &setup.run);
    let observer = CliObserver {
        writer: &writer,
        printer: &printer,
    };
    let session = crate::project::Session {
        oracle: &oracle,
        config: &config,
        stats: &stats,
        cancel: Some(&cancel),
        observer: &observer,
        store,
        deadline: deadline.as_ref().map(|d| d.flag()),
    };
    let outcome = crate::project::reduce(&session, &setup.project);
    printer.stop();
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => return Ok(failed(&writer, &setup.root, &e)),
    };
    *stats.time_limit.lock() = Some(oracle.time_limit());
    if let Err(code) = writer.finish_or_save(&outcome.text, &setup.root) {
        return Ok(code);
    }
    let files = Files::decode(&outcome.text).map_err(|e| Failure::Internal(e.into()))?;
    if let Some(reporter) = reporter {
        let context = report_context(&setup, &oracle, &stats, &outcome);
        if let Err(e) = reporter.write(&context) {
            eprintln!("treereduce: error: {e}");
            return Ok(crate::exit::OUTPUT_FAILED);
        }
    }
    write_stats(&setup, &stats, &files)?;
    super::report_end(&args, &setup.destination, &stats, &outcome, timeout)
}

/// The persistent verdict cache, keyed by the script's bytes and the
/// project's name (a candidate's key is the hash of the whole project).
fn open_store(
    args: &Args,
    setup: &Setup,
    oracle: &ScriptOracle,
) -> Result<Option<Arc<dyn crate::oracle::VerdictStore>>, Failure> {
    open_script_store(args, oracle, "project", setup.project.name.as_bytes())
}

/// Checks that the project is interesting in a private copy; the
/// per-test time limit, or the exit code if there is nothing to do.
fn check_input(
    setup: &Setup,
    (oracle, deadline): (&ScriptOracle, Option<&deadline::Deadline>),
    printer: &mut Printer,
    input: &[u8],
    first_limit: Duration,
) -> Result<Result<Duration, u8>, Failure> {
    printer.phase(Phase::Check);
    let report = oracle.run_detailed(input, first_limit);
    let report = report.map_err(|e| Failure::Usage(anyhow!(cannot_run(oracle, &e))))?;
    match report.outcome {
        RunOutcome::Exited(0) => Ok(Ok(oracle.calibrate(report.duration))),
        RunOutcome::Cancelled if deadline.is_some_and(|d| d.reached()) => {
            printer.stop();
            eprintln!(
                "treereduce: error: the --deadline of {} passed while the input was being checked; nothing was reduced or written",
                deadline.map_or(String::new(), |d| d.text.clone())
            );
            Ok(Err(crate::exit::DEADLINE))
        }
        RunOutcome::Cancelled => {
            printer.stop();
            eprintln!("treereduce: interrupted while checking the input; nothing was written");
            Ok(Err(crate::exit::INTERRUPTED))
        }
        outcome => {
            printer.stop();
            let what = job::test_ended(outcome, first_limit);
            let (root, script) = (
                shell_quote(&setup.root.to_string_lossy()),
                shell_quote(&oracle.script().to_string_lossy()),
            );
            let name = shell_quote(&setup.project.name);
            eprintln!(
                "treereduce: error: the project is not interesting: the test {what}; it must exit 0 in a copy of the project.\n  test:    {}\n  project: {} ({} files){}\n  to run the check by hand, the way treereduce runs it (in a copy of the project, without what .gitignore names):\n    d=$(mktemp -d) && cp -r {root} \"$d\"/{name} && (cd \"$d\"/{name} && {script} \"$d\"/{name}); echo \"exit code: $?\"; rm -rf \"$d\"",
                oracle.script().display(),
                setup.root.display(),
                setup.project.input.len(),
                job::stderr_lines(&report.stderr_tail),
            );
            Ok(Err(crate::exit::NOT_INTERESTING))
        }
    }
}

/// The bug report's writer (`--report`), beside the result folder.
fn reporter_of(args: &Args, setup: &Setup) -> Result<Option<job::report::Reporter>, Failure> {
    let template = args
        .report
        .template()
        .map_err(|e| Failure::Usage(anyhow!(e)))?;
    let Some(template) = template else {
        return Ok(None);
    };
    let mut protected: Vec<&Path> = setup.inputs.iter().map(PathBuf::as_path).collect();
    if let Some(script) = &args.test.interesting {
        protected.push(script.as_path());
    }
    job::report::Reporter::beside(Arc::new(template), setup.destination.path(), &protected)
        .map(Some)
        .map_err(|e| Failure::Usage(anyhow!(e)))
}

/// What a report template sees about a project: the files of the result
/// with their texts, and the usual facts.
fn report_context(
    setup: &Setup,
    oracle: &ScriptOracle,
    stats: &Stats,
    outcome: &single::Outcome,
) -> job::report::Context {
    let r = stats.report();
    let shown = job::report::ReportFile::of_archive(&outcome.text);
    let status = if outcome.cancelled {
        "interrupted"
    } else {
        "reduced"
    };
    job::report::Context {
        name: setup.project.name.clone(),
        input: setup.root.to_string_lossy().into_owned(),
        language: String::new(),
        result_path: setup
            .destination
            .path()
            .map_or("-".into(), |p| p.to_string_lossy().into_owned()),
        result: String::new(),
        files: shown,
        start_bytes: r.start.bytes,
        start_tokens: r.start.tokens,
        final_bytes: outcome.size.bytes,
        final_tokens: outcome.size.tokens,
        tests: r.tests,
        seconds: r.seconds,
        script: oracle.script().to_string_lossy().into_owned(),
        script_text: std::fs::read(oracle.script())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default(),
        command: job::report::command_line(),
        status: status.to_string(),
        reason: outcome
            .cancelled
            .then(|| "interrupted; the result is the best found until then".to_string()),
        version: env!("CARGO_PKG_VERSION").to_string(),
        stats: serde_json::to_value(&r).unwrap_or_default(),
    }
}

/// One file of a project in `--stats-json`.
#[derive(serde::Serialize)]
struct FileRecord<'a> {
    path: &'a str,
    /// Bytes in the input.
    start_bytes: u64,
    /// Bytes in the result (0 if deleted).
    final_bytes: u64,
    /// Whether the result still has it.
    kept: bool,
}

/// Writes `--stats-json`: the statistics with a record per file of the
/// input (`files`).
fn write_stats(setup: &Setup, stats: &Stats, result: &Files) -> Result<(), Failure> {
    let Some(dest) = &setup.stats_destination else {
        return Ok(());
    };
    use std::os::unix::fs::PermissionsExt;
    let records: Vec<FileRecord> = setup
        .project
        .input
        .iter()
        .map(|(path, entry)| FileRecord {
            path,
            start_bytes: entry.len() as u64,
            final_bytes: result.get(path).map_or(0, |e| e.len() as u64),
            kept: result.get(path).is_some(),
        })
        .collect();
    let mut json = serde_json::to_value(stats.report()).map_err(|e| Failure::Internal(e.into()))?;
    json["files"] = serde_json::to_value(records).map_err(|e| Failure::Internal(e.into()))?;
    let text = serde_json::to_vec_pretty(&json).map_err(|e| Failure::Internal(e.into()))?;
    dest.write(&text, Some(&std::fs::Permissions::from_mode(0o644)))
        .map_err(|e| Failure::Internal(anyhow!("cannot write the statistics: {e}")))
}
