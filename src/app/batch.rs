//! The fronts of batch mode. `treereduce batch` checks the inputs, the
//! test script, the results folder and the cache before the first test;
//! reduces the inputs with one budget of `-j` tests (`crate::batch`), each
//! input's result ending through `BestWriter::finish_or_keep` as every
//! mode's result ends; then writes the summary files, lists the failures
//! and returns the exit code. `treereduce dedup` groups the results of
//! several runs.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::anyhow;
use parking_lot::Mutex;
use xxhash_rust::xxh3::xxh3_128;

use crate::batch::driver::{
    BatchRun, MAX_AT_ONCE, groups_of_runs, line, reduce_all, resumed, write_file,
};
use crate::batch::inputs::{Selected, check_outputs, selected};
use crate::batch::{Groups, InputRecord, MemoryShare, Summary, entry, group, hex};
use crate::cli::BatchArgs;
use crate::exit;
use crate::job::deadline::Deadline;
use crate::job::{self, Failure, progress, total_memory, usage};
use crate::options::RunOptions;
use crate::oracle::{Cancel, Gate, ScriptOracle};

/// Runs `treereduce batch`.
pub fn run(args: BatchArgs) -> Result<u8, Failure> {
    let started = Instant::now();
    let checked = check(&args)?;
    let (shared, selected) = start(&args, checked, started)?;
    let records = reduce(&shared, &selected);
    summary(&shared, &selected, &records, started)
}

/// What is checked before the first test: the inputs, the test script,
/// the results folder, the cache.
struct Checked<'a> {
    run: RunOptions,
    selected: Selected,
    launcher: Vec<OsString>,
    script: &'a Path,
    script_bytes: Vec<u8>,
    script_hash: String,
    results: PathBuf,
    /// Set by Ctrl-C or the deadline.
    stop: Arc<Cancel>,
}

/// Checks the arguments, the inputs, the script, the outputs and the
/// cache: a usage error before any test.
fn check(args: &BatchArgs) -> Result<Checked<'_>, Failure> {
    let run = usage(args.run.options())?;
    let selected = selected(args)?;
    let launcher = usage(args.launch.launcher())?;

    // The test script: checked once for all inputs.
    let stop = Arc::new(Cancel::new().map_err(|e| Failure::Internal(e.into()))?);
    let script = usage(args.test.required())?;
    let (script_bytes, script_hash) = check_script(script, &stop)?;

    // The outputs, before the first test.
    let results = check_outputs(args, &selected.inputs)?;
    // A --cache directory that cannot be used is an error now, not per input.
    args.launch
        .store(0, None)
        .map_err(|e| Failure::Usage(anyhow!(e)))?;
    Ok(Checked {
        run,
        selected,
        launcher,
        script,
        script_bytes,
        script_hash,
        results,
        stop,
    })
}

/// What every input's reduction shares, with Ctrl-C and the deadline
/// set to stop the inputs being reduced; and the inputs.
fn start<'a>(
    args: &'a BatchArgs,
    checked: Checked<'a>,
    started: Instant,
) -> Result<(BatchRun<'a>, Selected), Failure> {
    let live: Arc<Mutex<Vec<Arc<Cancel>>>> = Arc::new(Mutex::new(Vec::new()));
    let deadline = stop_on_signals(args, started, &checked.stop, &live)?;
    let template = args
        .report
        .template()
        .map_err(|e| Failure::Usage(anyhow!(e)))?
        .map(Arc::new);
    let jobs = checked.run.jobs;
    let shared = BatchRun {
        template,
        args,
        script: checked.script,
        run: checked.run,
        results: checked.results,
        script_bytes: checked.script_bytes,
        script_hash: checked.script_hash,
        launcher: checked.launcher,
        gate: Arc::new(Gate::new(jobs)),
        stop: checked.stop,
        live,
        deadline,
        memory: MemoryShare::new(total_memory().map_or(u64::MAX, job::usable_memory)),
    };
    Ok((shared, checked.selected))
}

/// Reduces the inputs not kept from an earlier run, up to `-j` (at most
/// [`MAX_AT_ONCE`]) at a time: every input's record, with whether it was
/// kept.
fn reduce(shared: &BatchRun<'_>, selected: &Selected) -> Vec<(InputRecord, bool)> {
    let inputs = &selected.inputs;
    let (records, todo) = resumed(shared.args, inputs, &shared.results, &shared.script_hash);
    let jobs = shared.run.jobs;
    let at_once = todo.len().min(jobs).clamp(1, MAX_AT_ONCE);
    if !shared.args.display.quiet {
        let skipped = inputs.len() - todo.len();
        eprintln!(
            "{}",
            start_line(
                (inputs.len(), skipped, selected.total),
                selected.shard,
                (jobs, at_once),
                &shared.results
            )
        );
    }
    reduce_all(shared, inputs, (records, todo), at_once)
}

/// Writes the summary files, lists the failures; the exit code.
fn summary(
    shared: &BatchRun<'_>,
    selected: &Selected,
    records: &[(InputRecord, bool)],
    started: Instant,
) -> Result<u8, Failure> {
    let args = shared.args;
    let out = usage(args.result.required())?;
    let counts = (shared.run.jobs, selected.shard, selected.total);
    let (summary, groups) = write_summary(out, records, counts, started)?;
    let failed = report_failures(
        (args.display.quiet, out),
        records,
        (&summary, &groups),
        started,
    );
    Ok(exit_code(shared, failed))
}

/// The test script, checked to be runnable: its bytes and their hash.
fn check_script(script: &Path, stop: &Arc<Cancel>) -> Result<(Vec<u8>, String), Failure> {
    let probe = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    ScriptOracle::new(script, std::ffi::OsStr::new("probe"), &probe, stop.clone())
        .map_err(|e| Failure::Usage(e.into()))?;
    let script_bytes = fs::read(script).map_err(|e| {
        Failure::Usage(anyhow!(
            "cannot read the test script {}: {e}",
            script.display()
        ))
    })?;
    let script_hash = hex(xxh3_128(&script_bytes));
    Ok((script_bytes, script_hash))
}

/// The first line: how many inputs, how many kept from an earlier run,
/// how they share `-j`, where the results go.
fn start_line(
    (inputs, skipped, total): (usize, usize, usize),
    shard: Option<(u64, u64)>,
    (jobs, at_once): (usize, usize),
    results: &Path,
) -> String {
    let mut line = format!("treereduce: {inputs} inputs");
    if let Some((i, n)) = shard {
        line.push_str(&format!(" (shard {i}/{n} of {total})"));
    }
    if skipped > 0 {
        line.push_str(&format!(
            ", {skipped} already reduced (kept; --force reduces them again)"
        ));
    }
    line.push_str(&format!(
        "; -j {jobs} shared, up to {at_once} inputs at once; results in {}",
        results.display()
    ));
    line
}

/// Writes summary.json, summary.md and groups.json.
fn write_summary(
    out: &Path,
    records: &[(InputRecord, bool)],
    (jobs, shard, total): (usize, Option<(u64, u64)>, usize),
    started: Instant,
) -> Result<(Summary, Groups), Failure> {
    let groups = group(records.iter().filter_map(|(r, _)| {
        let text = fs::read(out.join("results").join(&r.name)).ok()?;
        entry(r, text)
    }));
    let summary = Summary::of(records, &groups, jobs, shard, total, started.elapsed());
    let json = serde_json::to_vec_pretty(&summary).map_err(|e| Failure::Internal(e.into()))?;
    write_file(&out.join("summary.json"), &json)?;
    write_file(&out.join("summary.md"), summary.markdown().as_bytes())?;
    let json = serde_json::to_vec_pretty(&groups).map_err(|e| Failure::Internal(e.into()))?;
    write_file(&out.join("groups.json"), &json)?;

    Ok((summary, groups))
}

/// Ctrl-C, SIGTERM and the `--deadline` (returned) set `stop` and the
/// cancel token of every input being reduced (`live`).
fn stop_on_signals(
    args: &BatchArgs,
    started: Instant,
    stop: &Arc<Cancel>,
    live: &Arc<Mutex<Vec<Arc<Cancel>>>>,
) -> Result<Option<Deadline>, Failure> {
    let stop_all = {
        let (stop, live) = (stop.clone(), live.clone());
        move || {
            stop.cancel();
            for c in live.lock().iter() {
                c.cancel();
            }
        }
    };
    job::on_signals(stop_all.clone())?;
    Ok(args.stop.deadline.map(|d| {
        let stop = stop.clone();
        Deadline::start_with(
            started + d,
            format!("{:.1} s", d.as_secs_f64()),
            move || stop.is_cancelled(),
            stop_all,
        )
    }))
}

/// The closing lines: what became of the inputs, and each failure;
/// whether an input failed.
fn report_failures(
    (quiet, out): (bool, &Path),
    records: &[(InputRecord, bool)],
    (summary, groups): (&Summary, &Groups),
    started: Instant,
) -> bool {
    let failed: Vec<&InputRecord> = records
        .iter()
        .map(|(r, _)| r)
        .filter(|r| r.status.failed())
        .collect();
    if !quiet {
        eprintln!(
            "treereduce: {} of {} inputs reduced, {} failed, {} not finished; {} distinct results; {}; summary in {}",
            summary.reduced,
            records.len(),
            failed.len(),
            summary.unfinished,
            groups.groups.len(),
            progress::clock(started.elapsed()),
            out.join("summary.md").display()
        );
    }
    if !failed.is_empty() {
        eprintln!("treereduce: {} inputs failed:", failed.len());
        for r in &failed {
            eprintln!("  {}", line(r));
        }
    }
    !failed.is_empty()
}

/// The exit code of a run over: stopped by Ctrl-C or a signal, some inputs
/// `failed`, stopped by the deadline, or done.
fn exit_code(shared: &BatchRun<'_>, failed: bool) -> u8 {
    let interrupted = shared.stop.is_cancelled() && !shared.deadline_reached();
    if interrupted {
        exit::INTERRUPTED
    } else if failed {
        exit::SOME_FAILED
    } else if shared.deadline_reached() {
        exit::DEADLINE
    } else {
        exit::SUCCESS
    }
}

/// Runs `treereduce dedup DIR...`.
pub fn dedup(dirs: &[PathBuf], output: Option<&Path>) -> Result<u8, Failure> {
    let groups = groups_of_runs(dirs)?;
    let mut json = serde_json::to_vec_pretty(&groups).map_err(|e| Failure::Internal(e.into()))?;
    json.push(b'\n');
    match output {
        Some(path) => write_file(path, &json).map(|()| exit::SUCCESS),
        None => job::print_all(&json),
    }
}
