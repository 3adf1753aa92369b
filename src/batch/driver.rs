//! Batch mode's driver: reduces the inputs of a corpus with one budget of
//! `-j` tests (its front, `treereduce batch` and `treereduce dedup`, is in
//! `app`).
//!
//! Up to `-j` inputs (at most [`MAX_AT_ONCE`]) are reduced at the same
//! time, each by the single-file driver with `-j` workers of its own; every
//! test of every input waits for a permit of one shared [`Gate`] of `-j`
//! permits, the tests an input's reduction needs now before the tests its
//! spare workers run ahead. So the budget goes to the critical paths of
//! several reductions first, and the tail of one reduction (when it has
//! little to run) leaves its permits to the others.
//!
//! Each input leaves `results/<name>` (the reduced program, written as it
//! improves) and `results/<name>.json` (a [`InputRecord`]: status, sizes, tests,
//! hashes and the statistics). A re-run skips the inputs whose record says
//! reduced for the same input bytes and the same script bytes.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use anyhow::{Result, anyhow};
use parking_lot::Mutex;
use xxhash_rust::xxh3::xxh3_128;

use super::{Groups, Input, InputRecord, MemoryShare, Status, canonical, entry, group, hex};
use crate::cli::BatchArgs;
use crate::job::deadline::Deadline;
use crate::job::{
    self, BestWriter, Destination, Failure, cannot_run, check_size, progress, report, total_memory,
};
use crate::lang::Language;
use crate::options::RunOptions;
use crate::oracle::{Cancel, Gate, RunOutcome, ScriptOracle, store};
use crate::reduce::{self, Config};
use crate::single::{self, ReduceError, Session};
use crate::stats::{Report, Stats};
use crate::syntax::{Grammar, count_tokens, parse};
use crate::task::Observer;

/// Inputs reduced at the same time at most (each has `-j` worker threads).
pub const MAX_AT_ONCE: usize = 32;

/// What every input's reduction shares.
pub(crate) struct BatchRun<'a> {
    pub(crate) args: &'a BatchArgs,
    /// The test script (`-i`).
    pub(crate) script: &'a Path,
    /// `-j` (for all inputs together), the width, the order, the timeout.
    pub(crate) run: RunOptions,
    pub(crate) results: PathBuf,
    pub(crate) script_bytes: Vec<u8>,
    pub(crate) script_hash: String,
    pub(crate) launcher: Vec<OsString>,
    pub(crate) gate: Arc<Gate>,
    /// Set by Ctrl-C or the deadline; stops new inputs.
    pub(crate) stop: Arc<Cancel>,
    /// The cancel tokens of the inputs being reduced.
    pub(crate) live: Arc<Mutex<Vec<Arc<Cancel>>>>,
    pub(crate) deadline: Option<Deadline>,
    /// `--report`/`--report-template`.
    pub(crate) template: Option<Arc<report::Template>>,
    /// The memory the inputs reduced at once share.
    pub(crate) memory: MemoryShare,
}

impl BatchRun<'_> {
    /// In-order speculation above -j 1, which keeps accepted states (see
    /// `job::memory_need`).
    fn speculating(&self) -> bool {
        self.run.in_order && self.run.jobs > 1
    }

    pub(crate) fn deadline_reached(&self) -> bool {
        self.deadline.as_ref().is_some_and(Deadline::reached)
    }

    fn why_stopped(&self) -> &'static str {
        if self.deadline_reached() {
            "the --deadline passed before it was started"
        } else {
            "interrupted before it was started"
        }
    }
}

/// The environment variable of the fault-injection hook, for tests only
/// (see doc/design.md): the reduction of the input of this file name
/// panics after its first improvement, as a bug would.
const PANIC_HOOK: &str = "TREEREDUCE_TEST_PANIC_ON";

pub(super) struct WriterObserver<'a> {
    pub(super) writer: &'a BestWriter,
    /// The input's file name, when [`PANIC_HOOK`] names it.
    pub(super) panic_on: Option<&'a str>,
}

impl Observer for WriterObserver<'_> {
    fn improved(&self, seq: u64, text: &[u8]) {
        self.writer.improved(seq, text);
        if let Some(name) = self.panic_on {
            panic!("{PANIC_HOOK}: a panic injected into the reduction of {name}");
        }
    }
}

/// What a caught panic was about: its message (a panic of the engine's
/// threads reaches the caller with its own payload).
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message (see above)".to_string())
}

/// The persistent verdict cache of one input (`None` without one).
fn open_store(
    shared: &BatchRun<'_>,
    language: &Language,
    input: &Input,
    oracle: &ScriptOracle,
) -> Option<Arc<dyn crate::oracle::VerdictStore>> {
    let context = store::context(
        &shared.script_bytes,
        language.name,
        input.file_name.as_encoded_bytes(),
    );
    // The cache directory was checked at the start; a failure now only
    // loses the cache.
    let script = store::Script {
        path: oracle.script(),
        bytes: &shared.script_bytes,
    };
    shared
        .args
        .launch
        .store(context, Some(&script))
        .unwrap_or(None)
}

/// Reduces one input; never fails as a whole: every outcome is a record,
/// a panic included (a bug: the input's record says so, and the batch
/// goes on).
fn reduce_one(shared: &BatchRun<'_>, input: &Input) -> InputRecord {
    let started = Instant::now();
    let mut record = InputRecord::new(input, &shared.script_hash);
    let reduced = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        match prepare(shared, input, &mut record) {
            Ok(prepared) => reduce_prepared(shared, input, record.clone(), prepared),
            Err(failed) => *failed,
        }
    }));
    let mut record = match reduced {
        Ok(record) => record,
        Err(payload) => record.fail(
            Status::InternalError,
            format!(
                "internal error (a bug; please report it): {}; {} may hold the best result found before, not re-checked",
                panic_message(payload.as_ref()),
                Path::new("results").join(&input.file_name).display()
            ),
        ),
    };
    record.seconds = started.elapsed().as_secs_f64();
    record
}

/// An input read and checked: a program's bytes and language, or a
/// project's files and archive.
enum Prepared {
    Program {
        bytes: Vec<u8>,
        language: &'static Language,
    },
    Project {
        files: crate::files::Files,
        archive: Vec<u8>,
    },
}

fn prepare(
    shared: &BatchRun<'_>,
    input: &Input,
    record: &mut InputRecord,
) -> Result<Prepared, Box<InputRecord>> {
    if input.path.is_dir() {
        let (files, archive) = super::projects::read(&input.path).map_err(|e| {
            Box::new(
                record
                    .clone()
                    .fail(Status::Unreadable, format!("cannot read it: {e}")),
            )
        })?;
        record.start_bytes = files.bytes();
        check_size(files.bytes(), total_memory(), false, shared.speculating())
            .map_err(|e| Box::new(record.clone().fail(Status::TooLarge, e.to_string())))?;
        return Ok(Prepared::Project { files, archive });
    }
    // Too large for the reducer or for memory: refused before it is read.
    if let Ok(meta) = fs::metadata(&input.path)
        && let Err(e) = check_size(meta.len(), total_memory(), false, shared.speculating())
    {
        record.start_bytes = meta.len();
        return Err(Box::new(
            record.clone().fail(Status::TooLarge, e.to_string()),
        ));
    }
    let bytes = fs::read(&input.path).map_err(|e| {
        Box::new(
            record
                .clone()
                .fail(Status::Unreadable, format!("cannot read it: {e}")),
        )
    })?;
    record.input_hash = Some(hex(xxh3_128(&bytes)));
    record.start_bytes = bytes.len() as u64;
    if bytes.is_empty() {
        return Err(Box::new(
            record.clone().fail(Status::Empty, "the file is empty"),
        ));
    }
    if let Err(e) = std::str::from_utf8(&bytes) {
        return Err(Box::new(record.clone().fail(
            Status::NotUtf8,
            format!(
                "invalid UTF-8 at byte offset {}: not reduced (a program is text)",
                e.valid_up_to()
            ),
        )));
    }
    let language = match &shared.args.language.lang {
        Some(name) => Language::by_name(name),
        None => Language::by_path(&input.path),
    }
    .ok_or_else(|| {
        Box::new(record.clone().fail(
            Status::UnknownLanguage,
            format!(
                "cannot tell the language from the extension; pass -l with one of: {}",
                Language::choices()
            ),
        ))
    })?;
    record.language = Some(language.name.to_string());
    check_size(
        bytes.len() as u64,
        total_memory(),
        false,
        shared.speculating(),
    )
    .map_err(|e| Box::new(record.clone().fail(Status::TooLarge, e.to_string())))?;
    Ok(Prepared::Program { bytes, language })
}

/// The writer of `input`'s result, started with the input's `bytes`, and
/// the result's path; or why the result cannot be written.
fn start_writer(
    shared: &BatchRun<'_>,
    input: &Input,
    bytes: &[u8],
) -> Result<(BestWriter, PathBuf), String> {
    let result_path = shared.results.join(&input.file_name);
    let destination = Destination::of(&result_path)?;
    let permissions = fs::metadata(&input.path).ok().map(|m| m.permissions());
    let writer = BestWriter::new(destination, permissions);
    if let Err(e) = writer.start(bytes) {
        return Err(format!("cannot write {}: {e}", result_path.display()));
    }
    Ok((writer, result_path))
}

fn reduce_prepared(
    shared: &BatchRun<'_>,
    input: &Input,
    mut record: InputRecord,
    prepared: Prepared,
) -> InputRecord {
    let args = shared.args;
    // Its own cancel token, set by Ctrl-C and the deadline through `live`.
    let cancel = match Cancel::new() {
        Ok(c) => Arc::new(c),
        Err(e) => return record.fail(Status::TestErrors, format!("cannot start: {e}")),
    };
    shared.live.lock().push(cancel.clone());
    struct Unregister<'a>(&'a Mutex<Vec<Arc<Cancel>>>, Arc<Cancel>);
    impl Drop for Unregister<'_> {
        fn drop(&mut self) {
            self.0.lock().retain(|c| !Arc::ptr_eq(c, &self.1));
        }
    }
    let _unregister = Unregister(&shared.live, cancel.clone());
    let size = match &prepared {
        Prepared::Program { bytes, .. } => bytes.len(),
        Prepared::Project { archive, .. } => archive.len(),
    };
    let need = job::memory_need(size as u64, shared.speculating());
    let Some(_memory) = shared.memory.reserve(need, &shared.stop) else {
        return record.fail(Status::NotStarted, shared.why_stopped());
    };
    if shared.stop.is_cancelled() {
        return record.fail(Status::NotStarted, shared.why_stopped());
    }
    let (bytes, language) = match prepared {
        Prepared::Program { bytes, language } => (bytes, language),
        Prepared::Project { files, archive } => {
            return super::projects::reduce(shared, input, record, &cancel, (files, archive));
        }
    };
    let oracle = match checked_oracle(shared, input, &cancel, &bytes, false) {
        Ok(o) => o,
        Err((status, reason)) => return record.fail(status, reason),
    };
    let store = open_store(shared, language, input, &oracle);
    let (writer, result_path) = match start_writer(shared, input, &bytes) {
        Ok(started) => started,
        Err(reason) => return record.fail(Status::OutputFailed, reason),
    };
    record.result = Some(format!("results/{}", input.name));
    let grammar = Grammar::of(language);
    // Rounds of a fixed width (or in order): a result does not depend on
    // -j, nor on how many inputs shared the -j budget.
    let config = Config {
        passes: args.stop.passes,
        verify: !args.verify.no_verify,
        ..single::config(&shared.run)
    };
    let stats = Stats::new(reduce::names());
    let panic_on = std::env::var_os(PANIC_HOOK).filter(|name| *name == input.file_name);
    let observer = WriterObserver {
        writer: &writer,
        panic_on: panic_on.as_ref().map(|_| input.name.as_str()),
    };
    let mut session = Session::new(grammar, &oracle, &config, &stats, Some(&cancel), &observer);
    session.store = store;
    session.deadline = shared.deadline.as_ref().map(Deadline::flag);
    let outcome = single::reduce(&session, &bytes, None);
    let found = status_of(outcome, &stats, &bytes);
    let size = |text: &[u8], tokens: Option<u64>, _: &Report| Written {
        bytes: text.len() as u64,
        tokens: tokens.unwrap_or_else(|| count_tokens(&parse(grammar, text)) as u64),
        canonical: canonical(text, Some(language.name)),
    };
    let ended = Ended {
        writer: &writer,
        oracle: &oracle,
        stats: &stats,
        result_path: &result_path,
    };
    finish_record(shared, input, record, &ended, found, size)
}

/// What an input's reduction wrote, as its record says it.
pub(super) struct Written {
    pub(super) bytes: u64,
    pub(super) tokens: u64,
    pub(super) canonical: String,
}

/// What a finished reduction of an input leaves to its record.
pub(super) struct Ended<'a> {
    pub(super) writer: &'a BestWriter,
    pub(super) oracle: &'a ScriptOracle,
    pub(super) stats: &'a Stats,
    pub(super) result_path: &'a Path,
}

/// Writes the result `found` (see [`status_of`]), fills the input's record
/// from the statistics and `size`, and writes its bug report. The result
/// ends through [`BestWriter::finish_or_keep`], as every mode's does: one
/// that cannot be written is saved in the temporary folder, and the
/// record says `output_failed` with a reason that names where.
pub(super) fn finish_record(
    shared: &BatchRun<'_>,
    input: &Input,
    mut record: InputRecord,
    ended: &Ended<'_>,
    (text, tokens, status, reason): (Arc<[u8]>, Option<u64>, Status, Option<String>),
    size: impl FnOnce(&[u8], Option<u64>, &Report) -> Written,
) -> InputRecord {
    let result_path = ended.result_path;
    // The step every mode ends with: a result that cannot be written is
    // saved in the temporary folder, and the reason names it.
    let kept = ended.writer.finish_or_keep(&text, &input.path);
    *ended.stats.time_limit.lock() = Some(ended.oracle.time_limit());
    let report = ended.stats.report();
    let written = size(&text, tokens, &report);
    record.status = status;
    record.reason = reason;
    record.start_tokens = report.start.tokens;
    record.final_bytes = written.bytes;
    record.final_tokens = written.tokens;
    record.tests = report.tests;
    record.canonical = Some(written.canonical);
    record.stats = serde_json::to_value(&report).ok();
    if let Err(reason) = kept {
        return record.fail(Status::OutputFailed, reason);
    }
    if let Some(template) = &shared.template
        && let Err(e) = write_report_of(
            template,
            shared,
            input,
            &record,
            (&text, result_path),
            (ended.oracle.script(), report.seconds),
        )
    {
        return record.fail(Status::OutputFailed, e);
    }
    record
}

/// The test for one input, run on it: its time limit set from that run;
/// else the status and the reason of the input's record.
pub(super) fn checked_oracle(
    shared: &BatchRun<'_>,
    input: &Input,
    cancel: &Arc<Cancel>,
    bytes: &[u8],
    project: bool,
) -> Result<ScriptOracle, (Status, String)> {
    let args = shared.args;
    let first_limit = shared.run.timeout.first();
    let made = if project {
        ScriptOracle::for_project(shared.script, &input.file_name, &shared.run, cancel.clone())
    } else {
        ScriptOracle::new(shared.script, &input.file_name, &shared.run, cancel.clone())
    };
    let mut oracle = match made {
        Ok(o) => o,
        Err(e) => return Err((Status::TestErrors, e.to_string())),
    };
    oracle.set_gate(shared.gate.clone());
    oracle.set_launcher(shared.launcher.clone());
    oracle.set_limits(args.run.test_limits(shared.run.jobs));
    let check = match oracle.run_detailed(bytes, first_limit) {
        Ok(check) => check,
        Err(e) => return Err((Status::TestErrors, cannot_run(&oracle, &e))),
    };
    match check.outcome {
        RunOutcome::Exited(0) => {}
        RunOutcome::Cancelled => {
            let why = if shared.deadline_reached() {
                "the --deadline passed while the input was being checked"
            } else {
                "interrupted while the input was being checked"
            };
            return Err((Status::NotStarted, why.to_string()));
        }
        outcome => {
            let mut reason = format!(
                "on the input, the test {}",
                job::test_ended(outcome, first_limit)
            );
            if let Some(last) = check.stderr_tail.lines().rfind(|l| !l.trim().is_empty()) {
                reason.push_str(&format!("; its stderr ends: {}", last.trim()));
            }
            return Err((Status::NotInteresting, reason));
        }
    }
    oracle.calibrate(check.duration);
    Ok(oracle)
}

/// What the input's record says of a reduction's outcome: the text to
/// write (the input if nothing was reduced), its tokens if known, the
/// status and the reason.
pub(super) fn status_of(
    outcome: Result<single::Outcome, ReduceError>,
    stats: &Stats,
    bytes: &[u8],
) -> (Arc<[u8]>, Option<u64>, Status, Option<String>) {
    match outcome {
        Ok(o) => {
            let (status, reason) = if o.recheck == crate::stats::Recheck::CouldNotRun {
                (
                    Status::TestErrors,
                    Some(job::not_rechecked(o.recheck_error.as_deref())),
                )
            } else if o.cancelled {
                (
                    Status::Interrupted,
                    Some("interrupted; the result is the best found until then".to_string()),
                )
            } else if stats.deadline.load(Ordering::Relaxed) > 0 {
                (Status::Deadline, Some(job::deadline_reason(&o).to_string()))
            } else if o.flaky {
                (
                    Status::Reduced,
                    Some("the test is flaky: it rejected a result it had accepted; the result is the newest one it accepted again".to_string()),
                )
            } else {
                (Status::Reduced, None)
            };
            (o.text, Some(o.size.tokens), status, reason)
        }
        Err(ReduceError::Oracle { error, best }) => (
            best,
            None,
            Status::TestErrors,
            Some(job::could_not_run(
                "the test",
                error,
                "the result is the best found before",
            )),
        ),
        Err(e) => {
            let status = match e {
                ReduceError::NotInteresting(_) => Status::NotInteresting,
                ReduceError::TooLarge(_) => Status::TooLarge,
                ReduceError::Oracle { .. } => Status::TestErrors,
            };
            (
                Arc::from(bytes),
                None,
                status,
                Some(job::reduce_failed(&e).1),
            )
        }
    }
}

/// Writes the input's bug report (`--report`) beside its result.
pub(super) fn write_report_of(
    template: &Arc<report::Template>,
    shared: &BatchRun<'_>,
    input: &Input,
    record: &InputRecord,
    (text, result_path): (&[u8], &Path),
    (script, seconds): (&Path, f64),
) -> Result<(), String> {
    report::Reporter::beside(
        template.clone(),
        Some(result_path),
        &[&input.path, shared.script],
    )
    .and_then(|reporter| {
        reporter.write(&report::Context {
            name: input.name.clone(),
            input: record.input.clone(),
            language: record.language.clone().unwrap_or_default(),
            result_path: result_path.to_string_lossy().into_owned(),
            result: if input.path.is_dir() {
                String::new()
            } else {
                String::from_utf8_lossy(text).into_owned()
            },
            files: if input.path.is_dir() {
                report::ReportFile::of_archive(text)
            } else {
                Vec::new()
            },
            start_bytes: record.start_bytes,
            start_tokens: record.start_tokens,
            final_bytes: record.final_bytes,
            final_tokens: record.final_tokens,
            tests: record.tests,
            seconds,
            script: script.to_string_lossy().into_owned(),
            script_text: String::from_utf8_lossy(&shared.script_bytes).into_owned(),
            command: report::command_line(),
            status: record.status.name(),
            reason: record.reason.clone(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            stats: record.stats.clone().unwrap_or_default(),
        })
    })
}

/// The records kept from an earlier run (unless `--force`), by input,
/// each with `true` (kept); and the indexes of the inputs to reduce.
pub(crate) fn resumed(
    args: &BatchArgs,
    inputs: &[Input],
    results: &Path,
    script_hash: &str,
) -> (Vec<Option<(InputRecord, bool)>>, VecDeque<usize>) {
    let mut records: Vec<Option<(InputRecord, bool)>> = vec![None; inputs.len()];
    let mut todo = VecDeque::new();
    for (i, input) in inputs.iter().enumerate() {
        match (!args.force)
            .then(|| resumable(results, input, script_hash))
            .flatten()
        {
            Some(record) => records[i] = Some((record, true)),
            None => todo.push_back(i),
        }
    }
    (records, todo)
}

/// The record of an earlier run that makes reducing `input` again useless:
/// reduced, for the same input bytes and script, with its result in place.
fn resumable(results: &Path, input: &Input, script_hash: &str) -> Option<InputRecord> {
    let json = fs::read(results.join(format!("{}.json", input.name))).ok()?;
    let record: InputRecord = serde_json::from_slice(&json).ok()?;
    let (bytes, result) = if input.path.is_dir() {
        let (_, archive) = super::projects::read(&input.path).ok()?;
        let result = super::projects::read_result(&results.join(&input.file_name))?;
        (archive, result)
    } else {
        (
            fs::read(&input.path).ok()?,
            fs::read(results.join(&input.file_name)).ok()?,
        )
    };
    (record.status == Status::Reduced
        && record.script_hash == script_hash
        && record.input_hash.as_deref() == Some(hex(xxh3_128(&bytes)).as_str())
        && record.canonical.as_deref()
            == Some(canonical(&result, record.language.as_deref()).as_str()))
    .then_some(record)
}

/// Writes `text` to `path` atomically (readable by all).
pub(crate) fn write_file(path: &Path, text: &[u8]) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    let readable = fs::Permissions::from_mode(0o644);
    Destination::of(path)
        .map_err(|e| Failure::Internal(anyhow!("{}: {e}", path.display())))?
        .write(text, Some(&readable))
        .map_err(|e| Failure::Internal(anyhow!("cannot write {}: {e}", path.display())))
}

/// Reduces the inputs of `todo` (indexes into `inputs`), `at_once` at a
/// time, each record written as it is done; every input's record, in the
/// order of `inputs` (with whether it was kept from an earlier run).
pub(crate) fn reduce_all(
    shared: &BatchRun<'_>,
    inputs: &[Input],
    (records, todo): (Vec<Option<(InputRecord, bool)>>, VecDeque<usize>),
    at_once: usize,
) -> Vec<(InputRecord, bool)> {
    let queue = Mutex::new(todo);
    let records = Mutex::new(records);
    let finished = std::sync::atomic::AtomicUsize::new(0);
    let pending = queue.lock().len();
    std::thread::scope(|s| {
        for _ in 0..at_once {
            s.spawn(|| {
                loop {
                    if shared.stop.is_cancelled() || shared.deadline_reached() {
                        break;
                    }
                    let Some(i) = queue.lock().pop_front() else {
                        break;
                    };
                    let input = &inputs[i];
                    let record = reduce_one(shared, input);
                    if record.status != Status::NotStarted
                        && let Ok(json) = serde_json::to_vec_pretty(&record)
                        && let Err(Failure::Internal(e) | Failure::Usage(e)) =
                            write_file(&shared.results.join(format!("{}.json", input.name)), &json)
                    {
                        eprintln!("treereduce: error: {e:#}");
                    }
                    let n = finished.fetch_add(1, Ordering::SeqCst) + 1;
                    if !shared.args.display.quiet || record.status.failed() {
                        eprintln!("treereduce: [{n}/{pending}] {}", line(&record));
                    }
                    records.lock()[i] = Some((record, false));
                }
            });
        }
    });
    records
        .into_inner()
        .into_iter()
        .zip(inputs)
        .map(|(r, input)| {
            r.unwrap_or_else(|| {
                (
                    InputRecord::new(input, &shared.script_hash)
                        .fail(Status::NotStarted, shared.why_stopped()),
                    false,
                )
            })
        })
        .collect()
}

/// One line about a record, for the log.
pub(crate) fn line(r: &InputRecord) -> String {
    match (r.status, &r.reason) {
        (Status::Reduced, None) => format!(
            "{}: {} -> {} ({} -> {} tokens), {} tests, {:.1} s",
            r.name,
            progress::bytes(r.start_bytes),
            progress::bytes(r.final_bytes),
            progress::thousands(r.start_tokens),
            progress::thousands(r.final_tokens),
            progress::thousands(r.tests),
            r.seconds
        ),
        (status, reason) => format!(
            "{}: {}{}",
            r.name,
            status.name().replace('_', " "),
            reason.as_ref().map_or(String::new(), |x| format!(": {x}"))
        ),
    }
}

/// The groups of the results of the batch runs that wrote `dirs`
/// (`treereduce dedup`): every input with a record and a result.
pub(crate) fn groups_of_runs(dirs: &[PathBuf]) -> Result<Groups, Failure> {
    let mut entries = Vec::new();
    for dir in dirs {
        let results = dir.join("results");
        let listing = fs::read_dir(&results).map_err(|e| {
            Failure::Usage(anyhow!(
                "{} is not an output directory of treereduce batch (cannot list {}: {e})",
                dir.display(),
                results.display()
            ))
        })?;
        let mut names: Vec<PathBuf> = listing
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        names.sort();
        for path in names {
            let Ok(json) = fs::read(&path) else { continue };
            let Ok(record) = serde_json::from_slice::<InputRecord>(&json) else {
                continue;
            };
            let Ok(text) = fs::read(results.join(&record.name)) else {
                continue;
            };
            entries.extend(entry(&record, text));
        }
    }
    Ok(group(entries.into_iter()))
}
