//! `treereduce batch`: reduces every program of a corpus with one budget of
//! `-j` tests, and `treereduce dedup`: groups the results of batch runs.
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
//! improves) and `results/<name>.json` (a [`Record`]: status, sizes, tests,
//! hashes and the statistics). A re-run skips the inputs whose record says
//! reduced for the same input bytes and the same script bytes.

use std::collections::{BTreeMap, VecDeque};
use std::ffi::OsString;
use std::fs;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use parking_lot::Mutex;
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::{xxh3_64, xxh3_128};

use super::deadline::Deadline;
use super::report;
use super::{
    BestWriter, Destination, Failure, INPUT_CHECK_LIMIT, cannot_run, check_size, progress,
    same_file, store, total_memory, usage,
};
use crate::cli::BatchArgs;
use crate::exit;
use crate::lang::Language;
use crate::oracle::{Cancel, Gate, RunOutcome, ScriptOracle};
use crate::reduce::{self, Config};
use crate::single::{self, ReduceError, Session};
use crate::stats::Stats;
use crate::syntax::{Grammar, count_tokens, parse};
use crate::task::Observer;

/// Inputs reduced at the same time at most (each has `-j` worker threads).
pub const MAX_AT_ONCE: usize = 32;

/// What became of one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Reduced to a fixpoint; the result is written.
    Reduced,
    /// Stopped at the `--deadline`; the best result, re-checked, is written.
    Deadline,
    /// Stopped by Ctrl-C; the best result so far is written.
    Interrupted,
    /// Not started (the deadline passed or Ctrl-C came first).
    NotStarted,
    /// The file could not be read.
    Unreadable,
    /// The file is empty.
    Empty,
    /// The file is not UTF-8 text.
    NotUtf8,
    /// No `-l` and an extension of no known language.
    UnknownLanguage,
    /// Too large for this machine's memory, or for the reducer's 32-bit
    /// tables (over 4 GiB).
    TooLarge,
    /// The test does not find the input interesting.
    NotInteresting,
    /// The test could not be run (no verdict) on the input, or 5 times in
    /// a row later, or on the result at the final re-check; the best result
    /// found before (the newest one the test did not reject) is written.
    TestErrors,
    /// The result could not be written.
    OutputFailed,
    /// The reduction of this input panicked (a bug); the reason holds the
    /// panic's message. The other inputs go on.
    InternalError,
}

impl Status {
    /// Whether the input failed (it is not merely unfinished).
    pub fn failed(self) -> bool {
        !matches!(
            self,
            Status::Reduced | Status::Deadline | Status::Interrupted | Status::NotStarted
        )
    }

    /// Whether a result is written.
    fn has_result(self) -> bool {
        matches!(
            self,
            Status::Reduced | Status::Deadline | Status::Interrupted | Status::TestErrors
        )
    }

    fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}

/// `results/<name>.json`: what became of one input.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The input's path as given.
    pub input: String,
    /// Its file name (the name of its result, and of the candidate the test sees).
    pub name: String,
    /// What became of it.
    pub status: Status,
    /// Why it failed or stopped, in words.
    pub reason: Option<String>,
    /// xxh3-128 of the input's bytes (hex).
    pub input_hash: Option<String>,
    /// xxh3-128 of the test script's bytes (hex).
    pub script_hash: String,
    /// The language it was reduced as.
    pub language: Option<String>,
    /// The result's path relative to the output directory.
    pub result: Option<String>,
    /// Size of the input.
    pub start_bytes: u64,
    /// Tokens of the input.
    pub start_tokens: u64,
    /// Size of the result.
    pub final_bytes: u64,
    /// Tokens of the result.
    pub final_tokens: u64,
    /// Tests run.
    pub tests: u64,
    /// Wall time of the input's reduction.
    pub seconds: f64,
    /// Hash of the result's canonical text: equal for duplicates (hex).
    pub canonical: Option<String>,
    /// The statistics of the reduction (as `--stats-json` writes them).
    pub stats: Option<serde_json::Value>,
}

impl Record {
    fn new(input: &Input, script_hash: &str) -> Record {
        Record {
            input: input.path.to_string_lossy().into_owned(),
            name: input.name.clone(),
            status: Status::NotStarted,
            reason: None,
            input_hash: None,
            script_hash: script_hash.to_string(),
            language: None,
            result: None,
            start_bytes: 0,
            start_tokens: 0,
            final_bytes: 0,
            final_tokens: 0,
            tests: 0,
            seconds: 0.0,
            canonical: None,
            stats: None,
        }
    }

    fn fail(mut self, status: Status, reason: impl Into<String>) -> Record {
        self.status = status;
        self.reason = Some(reason.into());
        self
    }
}

/// One input of the corpus.
struct Input {
    path: PathBuf,
    /// The file name, as the result's name and the candidate's.
    file_name: OsString,
    /// The same, for display and the records.
    name: String,
}

/// Hex of a 128-bit hash.
fn hex(h: u128) -> String {
    format!("{h:032x}")
}

/// The hash of a result's canonical text: its tokens in `language` (the
/// leaves of its syntax tree), so layout does not count. The reduction
/// already canonicalizes names, numbers and strings, so duplicates of one
/// bug usually become identical. Without a language: the words between
/// runs of whitespace.
pub fn canonical(text: &[u8], language: Option<&str>) -> String {
    let mut norm = Vec::with_capacity(text.len());
    match language.and_then(Language::by_name) {
        Some(language) => {
            let tree = parse(Grammar::of(language), text);
            let mut cursor = tree.walk();
            'walk: loop {
                if cursor.goto_first_child() {
                    continue;
                }
                let node = cursor.node();
                if !node.is_missing() && node.start_byte() < node.end_byte() {
                    norm.extend_from_slice(&text[node.start_byte()..node.end_byte()]);
                    norm.push(0);
                }
                loop {
                    if cursor.goto_next_sibling() {
                        continue 'walk;
                    }
                    if !cursor.goto_parent() {
                        break 'walk;
                    }
                }
            }
        }
        None => {
            for word in text
                .split(u8::is_ascii_whitespace)
                .filter(|w| !w.is_empty())
            {
                norm.extend_from_slice(word);
                norm.push(0);
            }
        }
    }
    hex(xxh3_128(&norm))
}

/// `--shard`: `I/N`, `auto` or `auto/N`, with the environment to read.
pub fn parse_shard(text: &str, env: &dyn Fn(&str) -> Option<String>) -> Result<(u64, u64), String> {
    let number = |what: &str, v: &str| {
        v.trim()
            .parse::<u64>()
            .map_err(|_| format!("--shard: {what} {v:?} is not a whole number"))
    };
    let (index, count) = if let Some(rest) = text.strip_prefix("auto") {
        let given = match rest.strip_prefix('/') {
            Some(n) => Some(number("the count", n)?),
            None if rest.is_empty() => None,
            None => return Err(format!("--shard {text:?}: use I/N, auto or auto/N")),
        };
        shard_from_env(env, given)?
    } else {
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| format!("--shard {text:?}: use I/N (e.g. 0/16), auto or auto/N"))?;
        (number("the index", i)?, number("the count", n)?)
    };
    if count == 0 {
        return Err("--shard: the count of shards must be at least 1".into());
    }
    if index >= count {
        return Err(format!(
            "--shard: index {index} is out of range for {count} shards (0 to {})",
            count - 1
        ));
    }
    Ok((index, count))
}

/// The shard of a Slurm array task, a Kubernetes indexed job or a GitLab
/// parallel job.
fn shard_from_env(
    env: &dyn Fn(&str) -> Option<String>,
    given: Option<u64>,
) -> Result<(u64, u64), String> {
    let get = |name: &str| -> Result<Option<u64>, String> {
        match env(name) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse::<u64>()
                .map(Some)
                .map_err(|_| format!("--shard auto: {name}={v:?} is not a whole number")),
        }
    };
    let need_count = |from: &str| {
        given.ok_or_else(|| {
            format!("--shard auto: {from} gives no count of shards; pass --shard auto/N")
        })
    };
    if let Some(id) = get("SLURM_ARRAY_TASK_ID")? {
        // --array=1-16 or 0-30:2: the index is the position in the array.
        let min = get("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let step = get("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1).max(1);
        let index = id.checked_sub(min).ok_or_else(|| {
            format!("--shard auto: SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}")
        })? / step;
        let count = match get("SLURM_ARRAY_TASK_COUNT")? {
            Some(n) => given.unwrap_or(n),
            None => need_count("SLURM_ARRAY_TASK_ID")?,
        };
        return Ok((index, count));
    }
    if let Some(index) = get("JOB_COMPLETION_INDEX")? {
        return Ok((index, need_count("JOB_COMPLETION_INDEX")?));
    }
    if let Some(index) = get("CI_NODE_INDEX")? {
        // GitLab counts from 1.
        let index = index
            .checked_sub(1)
            .ok_or("--shard auto: CI_NODE_INDEX is 0, but GitLab counts from 1")?;
        let count = match get("CI_NODE_TOTAL")? {
            Some(n) => given.unwrap_or(n),
            None => need_count("CI_NODE_INDEX")?,
        };
        return Ok((index, count));
    }
    Err("--shard auto: none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or CI_NODE_INDEX is set; pass --shard I/N".into())
}

/// Whether an input (by file name) is in shard `index` of `count`.
pub fn in_shard(name: &str, (index, count): (u64, u64)) -> bool {
    xxh3_64(name.as_bytes()) % count == index
}

/// The inputs named on the command line and in `--from-file`, directories
/// expanded (files only, sorted, hidden ones left out).
fn collect_inputs(args: &BatchArgs) -> Result<Vec<Input>> {
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut named = args.inputs.clone();
    if let Some(list) = &args.from_file {
        let reader: Box<dyn BufRead> = if list == Path::new("-") {
            Box::new(std::io::stdin().lock())
        } else {
            Box::new(std::io::BufReader::new(fs::File::open(list).with_context(
                || format!("cannot read --from-file {}", list.display()),
            )?))
        };
        for line in reader.lines() {
            let line = line.context("cannot read --from-file")?;
            let line = line.trim_end_matches('\r');
            if !line.trim().is_empty() && !line.starts_with('#') {
                named.push(PathBuf::from(line));
            }
        }
    }
    if named.is_empty() {
        return Err(anyhow!(
            "no inputs: name files or directories, or pass --from-file"
        ));
    }
    for path in named {
        if path.is_dir() {
            let mut files: Vec<PathBuf> = fs::read_dir(&path)
                .with_context(|| format!("cannot list the directory {}", path.display()))?
                .filter_map(|e| e.ok())
                .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                .map(|e| e.path())
                .filter(|p| !p.is_dir())
                .collect();
            files.sort();
            paths.extend(files);
        } else {
            // Missing or unreadable files are reported per input.
            paths.push(path);
        }
    }
    let mut seen: BTreeMap<OsString, PathBuf> = BTreeMap::new();
    let mut inputs = Vec::new();
    for path in paths {
        let file_name = path
            .file_name()
            .ok_or_else(|| anyhow!("the input {} has no file name", path.display()))?
            .to_owned();
        if let Some(other) = seen.get(&file_name) {
            if other == &path {
                continue;
            }
            return Err(anyhow!(
                "two inputs are named {}: {} and {}; their results would have the same name (reduce them in separate runs)",
                file_name.to_string_lossy(),
                other.display(),
                path.display()
            ));
        }
        seen.insert(file_name.clone(), path.clone());
        inputs.push(Input {
            name: file_name.to_string_lossy().into_owned(),
            file_name,
            path,
        });
    }
    Ok(inputs)
}

/// What every input's reduction shares.
struct Shared<'a> {
    args: &'a BatchArgs,
    jobs: usize,
    results: PathBuf,
    script_bytes: Vec<u8>,
    script_hash: String,
    launcher: Vec<OsString>,
    gate: Arc<Gate>,
    /// Set by Ctrl-C or the deadline; stops new inputs.
    stop: Arc<Cancel>,
    /// The cancel tokens of the inputs being reduced.
    live: Arc<Mutex<Vec<Arc<Cancel>>>>,
    deadline: Option<Deadline>,
    /// `--report`/`--report-template`.
    template: Option<Arc<report::Template>>,
    /// The memory the inputs reduced at once share.
    memory: MemoryShare,
}

/// The memory the inputs reduced at once share (each needs about
/// [`super::memory_need`]): an input starts when its need fits beside the
/// needs of those being reduced, or when none is. So large inputs are
/// reduced one after the other rather than together out of memory; one
/// that does not fit alone was refused before (`too_large`).
struct MemoryShare {
    limit: u64,
    used: Mutex<u64>,
    freed: parking_lot::Condvar,
}

/// A share of [`MemoryShare`], given back when dropped.
struct Reserved<'a>(&'a MemoryShare, u64);

impl MemoryShare {
    fn new(limit: u64) -> MemoryShare {
        MemoryShare {
            limit,
            used: Mutex::new(0),
            freed: parking_lot::Condvar::new(),
        }
    }

    /// Waits until `need` fits, then holds it; `None` if `stop` is set
    /// first.
    fn reserve<'a>(&'a self, need: u64, stop: &Cancel) -> Option<Reserved<'a>> {
        let mut used = self.used.lock();
        loop {
            if *used == 0 || used.saturating_add(need) <= self.limit {
                *used += need;
                return Some(Reserved(self, need));
            }
            if stop.is_cancelled() {
                return None;
            }
            self.freed.wait_for(&mut used, Duration::from_millis(50));
        }
    }
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        *self.0.used.lock() -= self.1;
        self.0.freed.notify_all();
    }
}

impl Shared<'_> {
    fn deadline_reached(&self) -> bool {
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
/// (see doc/architecture.md): the reduction of the input of this file name
/// panics after its first improvement, as a bug would.
const PANIC_HOOK: &str = "TREEREDUCE_TEST_PANIC_ON";

struct WriterObserver<'a> {
    writer: &'a BestWriter,
    /// The input's file name, when [`PANIC_HOOK`] names it.
    panic_on: Option<&'a str>,
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

/// Reduces one input; never fails as a whole: every outcome is a record,
/// a panic included (a bug: the input's record says so, and the batch
/// goes on).
fn reduce_one(shared: &Shared<'_>, input: &Input) -> Record {
    let started = Instant::now();
    let mut record = Record::new(input, &shared.script_hash);
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

struct Prepared {
    bytes: Vec<u8>,
    language: &'static Language,
}

fn prepare(
    shared: &Shared<'_>,
    input: &Input,
    record: &mut Record,
) -> Result<Prepared, Box<Record>> {
    // Too large for the reducer or for memory: refused before it is read.
    if let Ok(meta) = fs::metadata(&input.path)
        && let Err(e) = check_size(meta.len(), total_memory(), false, false)
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
    let language = match &shared.args.lang {
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
    check_size(bytes.len() as u64, total_memory(), false, false)
        .map_err(|e| Box::new(record.clone().fail(Status::TooLarge, e.to_string())))?;
    Ok(Prepared { bytes, language })
}

fn reduce_prepared(
    shared: &Shared<'_>,
    input: &Input,
    mut record: Record,
    prepared: Prepared,
) -> Record {
    let Prepared { bytes, language } = prepared;
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
    let need = super::memory_need(bytes.len() as u64, false);
    let Some(_memory) = shared.memory.reserve(need, &shared.stop) else {
        return record.fail(Status::NotStarted, shared.why_stopped());
    };
    if shared.stop.is_cancelled() {
        return record.fail(Status::NotStarted, shared.why_stopped());
    }
    let first_limit = args.test.first_limit();
    let mut oracle = match ScriptOracle::new(
        &args.interesting,
        &input.file_name,
        shared.jobs,
        first_limit,
        cancel.clone(),
    ) {
        Ok(o) => o,
        Err(e) => return record.fail(Status::TestErrors, e.to_string()),
    };
    oracle.set_gate(shared.gate.clone());
    oracle.set_launcher(shared.launcher.clone());
    let check = match oracle.run_detailed(&bytes, first_limit) {
        Ok(check) => check,
        Err(e) => return record.fail(Status::TestErrors, cannot_run(&oracle, &e)),
    };
    match check.outcome {
        RunOutcome::Exited(0) => {}
        RunOutcome::Cancelled => {
            let why = if shared.deadline_reached() {
                "the --deadline passed while the input was being checked"
            } else {
                "interrupted while the input was being checked"
            };
            return record.fail(Status::NotStarted, why);
        }
        outcome => {
            let what = match outcome {
                RunOutcome::Exited(127) => {
                    "the test exited with code 127 (a command it runs was not found)".to_string()
                }
                RunOutcome::Exited(code) => format!("the test exited with code {code}"),
                RunOutcome::Signaled(sig) => format!("the test was killed by signal {sig}"),
                _ => format!(
                    "the test did not finish within {:.1} s",
                    first_limit.as_secs_f64()
                ),
            };
            let mut reason = format!("{what} on the input");
            if let Some(last) = check.stderr_tail.lines().rfind(|l| !l.trim().is_empty()) {
                reason.push_str(&format!("; its stderr ends: {}", last.trim()));
            }
            return record.fail(Status::NotInteresting, reason);
        }
    }
    args.test.limit_tests(check.duration, &[&oracle]);
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
    let store = args.launch.store(context, Some(&script)).unwrap_or(None);
    let result_path = shared.results.join(&input.file_name);
    let destination = match Destination::of(&result_path) {
        Ok(d) => d,
        Err(e) => return record.fail(Status::OutputFailed, e),
    };
    let permissions = fs::metadata(&input.path).ok().map(|m| m.permissions());
    let writer = BestWriter::new(destination, permissions);
    if let Err(e) = writer.start(&bytes) {
        return record.fail(
            Status::OutputFailed,
            format!("cannot write {}: {e}", result_path.display()),
        );
    }
    record.result = Some(format!("results/{}", input.name));
    let grammar = Grammar::of(language);
    let config = Config {
        jobs: shared.jobs,
        passes: args.passes,
        ddmin_subsets: false,
        // Rounds of a fixed width: a result does not depend on -j, nor on
        // how many inputs shared the -j budget.
        width: args.width,
        in_order: false,
        prune: true,
        formatter: None,
        off: Vec::new(),
        verify: !args.no_verify,
        input_checked: true,
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
    let (text, status, reason) = match outcome {
        Ok(o) => {
            let (status, reason) = if o.recheck == crate::stats::Recheck::CouldNotRun {
                (Status::TestErrors, Some(super::not_rechecked(&o)))
            } else if o.cancelled {
                (
                    Status::Interrupted,
                    Some("interrupted; the result is the best found until then".to_string()),
                )
            } else if stats.deadline.load(Ordering::Relaxed) > 0 {
                (
                    Status::Deadline,
                    Some(super::deadline_reason(&o).to_string()),
                )
            } else if o.flaky {
                (
                    Status::Reduced,
                    Some("the test is flaky: it rejected a result it had accepted; the result is the newest one it accepted again".to_string()),
                )
            } else {
                (Status::Reduced, None)
            };
            (o.text, status, reason)
        }
        Err(ReduceError::Oracle { error, best }) => (
            best,
            Status::TestErrors,
            Some(super::could_not_run(
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
                Arc::from(&bytes[..]),
                status,
                Some(super::reduce_failed(&e).1),
            )
        }
    };
    if let Err(e) = writer.finish(&text) {
        return record.fail(
            Status::OutputFailed,
            format!("cannot write {}: {e}", result_path.display()),
        );
    }
    *stats.time_limit.lock() = Some(oracle.time_limit());
    let report = stats.report();
    record.status = status;
    record.reason = reason;
    record.start_tokens = report.start.tokens;
    record.final_bytes = text.len() as u64;
    record.final_tokens = count_tokens(&parse(grammar, &text)) as u64;
    record.tests = report.tests;
    record.canonical = Some(canonical(&text, Some(language.name)));
    record.stats = serde_json::to_value(&report).ok();
    if let Some(template) = &shared.template {
        let written = report::Reporter::beside(
            template.clone(),
            Some(&result_path),
            &[&input.path, &args.interesting],
        )
        .and_then(|reporter| {
            reporter.write(&report::Context {
                name: input.name.clone(),
                input: record.input.clone(),
                language: language.name.to_string(),
                result_path: result_path.to_string_lossy().into_owned(),
                result: String::from_utf8_lossy(&text).into_owned(),
                start_bytes: record.start_bytes,
                start_tokens: record.start_tokens,
                final_bytes: record.final_bytes,
                final_tokens: record.final_tokens,
                tests: record.tests,
                seconds: report.seconds,
                script: oracle.script().to_string_lossy().into_owned(),
                script_text: String::from_utf8_lossy(&shared.script_bytes).into_owned(),
                command: report::command_line(),
                status: record.status.name(),
                reason: record.reason.clone(),
                version: env!("CARGO_PKG_VERSION").to_string(),
                stats: record.stats.clone().unwrap_or_default(),
            })
        });
        if let Err(e) = written {
            return record.fail(Status::OutputFailed, e);
        }
    }
    record
}

/// The record of an earlier run that makes reducing `input` again useless:
/// reduced, for the same input bytes and script, with its result in place.
fn resumable(results: &Path, input: &Input, script_hash: &str) -> Option<Record> {
    let json = fs::read(results.join(format!("{}.json", input.name))).ok()?;
    let record: Record = serde_json::from_slice(&json).ok()?;
    let bytes = fs::read(&input.path).ok()?;
    let result = fs::read(results.join(&input.file_name)).ok()?;
    (record.status == Status::Reduced
        && record.script_hash == script_hash
        && record.input_hash.as_deref() == Some(hex(xxh3_128(&bytes)).as_str())
        && record.canonical.as_deref()
            == Some(canonical(&result, record.language.as_deref()).as_str()))
    .then_some(record)
}

/// Writes `text` to `path` atomically (readable by all).
fn write_file(path: &Path, text: &[u8]) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    let readable = fs::Permissions::from_mode(0o644);
    Destination::of(path)
        .map_err(|e| Failure::Internal(anyhow!("{}: {e}", path.display())))?
        .write(text, Some(&readable))
        .map_err(|e| Failure::Internal(anyhow!("cannot write {}: {e}", path.display())))
}

/// Runs `treereduce batch`.
pub fn run(args: BatchArgs) -> Result<u8, Failure> {
    let started = Instant::now();
    let jobs = super::jobs_and_timeouts(args.jobs, &[("--timeout", args.test.timeout)])
        .map_err(Failure::Usage)?;
    if let Some(name) = &args.lang
        && Language::by_name(name).is_none()
    {
        return Err(Failure::Usage(anyhow!(
            "unknown language {name:?}; the choices are: {}",
            Language::choices()
        )));
    }
    let shard = match &args.shard {
        Some(text) => Some(usage(
            parse_shard(text, &|name| std::env::var(name).ok()).map_err(|e| anyhow!(e)),
        )?),
        None => None,
    };
    let launcher = usage(args.launch.launcher())?;
    let all = usage(collect_inputs(&args))?;
    let total = all.len();
    let inputs: Vec<Input> = all
        .into_iter()
        .filter(|i| shard.is_none_or(|s| in_shard(&i.name, s)))
        .collect();

    // The test script: checked once for all inputs.
    let stop = Arc::new(Cancel::new().map_err(|e| Failure::Internal(e.into()))?);
    ScriptOracle::new(
        &args.interesting,
        std::ffi::OsStr::new("probe"),
        1,
        INPUT_CHECK_LIMIT,
        stop.clone(),
    )
    .map_err(|e| Failure::Usage(e.into()))?;
    let script_bytes = fs::read(&args.interesting).map_err(|e| {
        Failure::Usage(anyhow!(
            "cannot read the test script {}: {e}",
            args.interesting.display()
        ))
    })?;
    let script_hash = hex(xxh3_128(&script_bytes));

    // The outputs, before the first test.
    let results = args.output.join("results");
    fs::create_dir_all(&results)
        .map_err(|e| Failure::Usage(anyhow!("-o: cannot create {}: {e}", results.display())))?;
    for name in ["summary.json", "summary.md", "groups.json"] {
        Destination::of(&args.output.join(name)).map_err(|e| Failure::Usage(anyhow!("-o: {e}")))?;
    }
    for input in &inputs {
        let result = results.join(&input.file_name);
        if same_file(&result, &input.path) || same_file(&result, &args.interesting) {
            return Err(Failure::Usage(anyhow!(
                "-o {}: the result {} would overwrite an input or the test script; choose another output directory",
                args.output.display(),
                result.display()
            )));
        }
    }
    // A --cache directory that cannot be used is an error now, not per input.
    args.launch
        .store(0, None)
        .map_err(|e| Failure::Usage(anyhow!(e)))?;

    // Ctrl-C and the deadline stop the inputs being reduced.
    let live: Arc<Mutex<Vec<Arc<Cancel>>>> = Arc::new(Mutex::new(Vec::new()));
    let stop_all = {
        let (stop, live) = (stop.clone(), live.clone());
        move || {
            stop.cancel();
            for c in live.lock().iter() {
                c.cancel();
            }
        }
    };
    {
        let stop_all = stop_all.clone();
        ctrlc::set_handler(stop_all).map_err(|e| Failure::Internal(e.into()))?;
    }
    let deadline = args.deadline.map(|d| {
        let stop = stop.clone();
        Deadline::start_with(
            started + d,
            format!("{:.1} s", d.as_secs_f64()),
            move || stop.is_cancelled(),
            stop_all,
        )
    });

    let template = args
        .report
        .template()
        .map_err(|e| Failure::Usage(anyhow!(e)))?
        .map(Arc::new);
    let shared = Shared {
        template,
        args: &args,
        jobs,
        results: results.clone(),
        script_bytes,
        script_hash,
        launcher,
        gate: Arc::new(Gate::new(jobs)),
        stop: stop.clone(),
        live,
        deadline,
        memory: MemoryShare::new(total_memory().map_or(u64::MAX, super::usable_memory)),
    };

    let mut records: Vec<Option<(Record, bool)>> = vec![None; inputs.len()];
    let mut todo = VecDeque::new();
    for (i, input) in inputs.iter().enumerate() {
        match (!args.force)
            .then(|| resumable(&results, input, &shared.script_hash))
            .flatten()
        {
            Some(record) => records[i] = Some((record, true)),
            None => todo.push_back(i),
        }
    }
    let at_once = todo.len().min(jobs).clamp(1, MAX_AT_ONCE);
    if !args.quiet {
        let mut line = format!("treereduce: {} inputs", inputs.len());
        if let Some((i, n)) = shard {
            line.push_str(&format!(" (shard {i}/{n} of {total})"));
        }
        let skipped = inputs.len() - todo.len();
        if skipped > 0 {
            line.push_str(&format!(
                ", {skipped} already reduced (kept; --force reduces them again)"
            ));
        }
        line.push_str(&format!(
            "; -j {jobs} shared, up to {at_once} inputs at once; results in {}",
            results.display()
        ));
        eprintln!("{line}");
    }
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
                    let record = reduce_one(&shared, input);
                    if record.status != Status::NotStarted
                        && let Ok(json) = serde_json::to_vec_pretty(&record)
                        && let Err(Failure::Internal(e) | Failure::Usage(e)) =
                            write_file(&results.join(format!("{}.json", input.name)), &json)
                    {
                        eprintln!("treereduce: error: {e:#}");
                    }
                    let n = finished.fetch_add(1, Ordering::SeqCst) + 1;
                    if !args.quiet || record.status.failed() {
                        eprintln!("treereduce: [{n}/{pending}] {}", line(&record));
                    }
                    records.lock()[i] = Some((record, false));
                }
            });
        }
    });
    let records: Vec<(Record, bool)> = records
        .into_inner()
        .into_iter()
        .zip(&inputs)
        .map(|(r, input)| {
            r.unwrap_or_else(|| {
                (
                    Record::new(input, &shared.script_hash)
                        .fail(Status::NotStarted, shared.why_stopped()),
                    false,
                )
            })
        })
        .collect();

    let groups = group(records.iter().filter_map(|(r, _)| {
        let text = fs::read(results.join(&r.name)).ok()?;
        entry(r, text)
    }));
    let summary = Summary::of(&records, &groups, jobs, shard, total, started.elapsed());
    let json = serde_json::to_vec_pretty(&summary).map_err(|e| Failure::Internal(e.into()))?;
    write_file(&args.output.join("summary.json"), &json)?;
    write_file(
        &args.output.join("summary.md"),
        summary.markdown().as_bytes(),
    )?;
    let json = serde_json::to_vec_pretty(&groups).map_err(|e| Failure::Internal(e.into()))?;
    write_file(&args.output.join("groups.json"), &json)?;

    let failed: Vec<&Record> = records
        .iter()
        .map(|(r, _)| r)
        .filter(|r| r.status.failed())
        .collect();
    if !args.quiet {
        eprintln!(
            "treereduce: {} of {} inputs reduced, {} failed, {} not finished; {} distinct results; {}; summary in {}",
            summary.reduced,
            records.len(),
            failed.len(),
            summary.unfinished,
            groups.groups.len(),
            progress::clock(started.elapsed()),
            args.output.join("summary.md").display()
        );
    }
    if !failed.is_empty() {
        eprintln!("treereduce: {} inputs failed:", failed.len());
        for r in &failed {
            eprintln!("  {}", line(r));
        }
    }
    let interrupted = stop.is_cancelled() && !shared.deadline_reached();
    Ok(if interrupted {
        exit::INTERRUPTED
    } else if !failed.is_empty() {
        exit::SOME_FAILED
    } else if shared.deadline_reached() {
        exit::DEADLINE
    } else {
        exit::SUCCESS
    })
}

/// One line about a record, for the log.
fn line(r: &Record) -> String {
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

/// `groups.json`: the distinct results (by [`canonical`]), each with the inputs that gave it.
#[derive(Debug, Serialize, Deserialize)]
pub struct Groups {
    /// Inputs with a result.
    pub inputs: usize,
    /// The groups, largest first.
    pub groups: Vec<Group>,
}

/// One distinct result.
#[derive(Debug, Serialize, Deserialize)]
pub struct Group {
    /// 1-based number, in the order of the list.
    pub group: usize,
    /// Hash of the canonical text.
    pub canonical: String,
    /// Size of the result of the group's first input (by name).
    pub bytes: u64,
    /// Its tokens.
    pub tokens: u64,
    /// Its text.
    pub text: String,
    /// The inputs (file names) whose result this is, sorted.
    pub inputs: Vec<String>,
}

/// An input with a result, for grouping.
#[derive(Clone)]
struct Entry {
    name: String,
    canonical: String,
    bytes: u64,
    tokens: u64,
    text: String,
}

fn entry(r: &Record, text: Vec<u8>) -> Option<Entry> {
    if !matches!(r.status, Status::Reduced | Status::Deadline) {
        return None;
    }
    Some(Entry {
        name: r.name.clone(),
        canonical: canonical(&text, r.language.as_deref()),
        bytes: text.len() as u64,
        tokens: r.final_tokens,
        text: String::from_utf8_lossy(&text).into_owned(),
    })
}

fn group(entries: impl Iterator<Item = Entry>) -> Groups {
    let mut by_text: BTreeMap<String, (Entry, Vec<String>)> = BTreeMap::new();
    let mut inputs = 0;
    for e in entries {
        inputs += 1;
        let name = e.name.clone();
        let slot = by_text
            .entry(e.canonical.clone())
            .or_insert_with(|| (e.clone(), Vec::new()));
        // The group shows the result of its first input by name, so that
        // runs and shards listing the inputs in another order agree.
        if name < slot.0.name {
            slot.0 = e;
        }
        if !slot.1.contains(&name) {
            slot.1.push(name);
        }
    }
    let mut list: Vec<(Entry, Vec<String>)> = by_text.into_values().collect();
    for (_, names) in &mut list {
        names.sort();
    }
    list.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then_with(|| a.1.cmp(&b.1)));
    Groups {
        inputs,
        groups: list
            .into_iter()
            .enumerate()
            .map(|(i, (e, names))| Group {
                group: i + 1,
                canonical: e.canonical,
                bytes: e.bytes,
                tokens: e.tokens,
                text: e.text,
                inputs: names,
            })
            .collect(),
    }
}

/// `summary.json`.
#[derive(Debug, Serialize)]
struct Summary {
    /// Inputs of this run (after `--shard`).
    inputs: usize,
    /// Inputs named before `--shard` chose.
    inputs_before_shard: usize,
    /// The shard, `I/N`.
    shard: Option<String>,
    jobs: usize,
    reduced: usize,
    failed: usize,
    /// Stopped by the deadline or Ctrl-C, or not started.
    unfinished: usize,
    /// Kept from an earlier run.
    resumed: usize,
    distinct_results: usize,
    seconds: f64,
    rows: Vec<Row>,
}

#[derive(Debug, Serialize)]
struct Row {
    input: String,
    name: String,
    status: Status,
    reason: Option<String>,
    start_bytes: u64,
    start_tokens: u64,
    final_bytes: u64,
    final_tokens: u64,
    tests: u64,
    seconds: f64,
    /// The number of its group in groups.json.
    group: Option<usize>,
    /// Kept from an earlier run (not reduced again).
    resumed: bool,
    result: Option<String>,
}

impl Summary {
    fn of(
        records: &[(Record, bool)],
        groups: &Groups,
        jobs: usize,
        shard: Option<(u64, u64)>,
        total: usize,
        elapsed: Duration,
    ) -> Summary {
        let group_of = |name: &str| {
            groups
                .groups
                .iter()
                .find(|g| g.inputs.iter().any(|n| n == name))
                .map(|g| g.group)
        };
        let rows: Vec<Row> = records
            .iter()
            .map(|(r, resumed)| Row {
                input: r.input.clone(),
                name: r.name.clone(),
                status: r.status,
                reason: r.reason.clone(),
                start_bytes: r.start_bytes,
                start_tokens: r.start_tokens,
                final_bytes: r.final_bytes,
                final_tokens: r.final_tokens,
                tests: r.tests,
                seconds: r.seconds,
                group: group_of(&r.name),
                resumed: *resumed,
                result: r.result.clone().filter(|_| r.status.has_result()),
            })
            .collect();
        let count = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count();
        Summary {
            inputs: rows.len(),
            inputs_before_shard: total,
            shard: shard.map(|(i, n)| format!("{i}/{n}")),
            jobs,
            reduced: count(&|r| r.status == Status::Reduced),
            failed: count(&|r| r.status.failed()),
            unfinished: count(&|r| {
                matches!(
                    r.status,
                    Status::Deadline | Status::Interrupted | Status::NotStarted
                )
            }),
            resumed: count(&|r| r.resumed),
            distinct_results: groups.groups.len(),
            seconds: elapsed.as_secs_f64(),
            rows,
        }
    }

    fn markdown(&self) -> String {
        let mut md = String::from("# treereduce batch\n\n");
        md.push_str(&format!(
            "{} inputs{}: {} reduced, {} failed, {} not finished, {} kept from an earlier run; {} distinct results (groups.json); -j {}; {:.1} s.\n\n",
            self.inputs,
            self.shard
                .as_ref()
                .map_or(String::new(), |s| format!(" (shard {s} of {})", self.inputs_before_shard)),
            self.reduced,
            self.failed,
            self.unfinished,
            self.resumed,
            self.distinct_results,
            self.jobs,
            self.seconds
        ));
        md.push_str(
            "| input | status | start tokens | final tokens | tests | time (s) | group |\n",
        );
        md.push_str("|---|---|---:|---:|---:|---:|---:|\n");
        for r in &self.rows {
            let mut status = r.status.name().replace('_', " ");
            if r.resumed {
                status.push_str(" (earlier run)");
            }
            if let Some(reason) = &r.reason {
                status.push_str(&format!(": {}", reason.replace('|', "\\|")));
            }
            md.push_str(&format!(
                "| {} | {} | {} | {} | {} | {:.1} | {} |\n",
                r.name.replace('|', "\\|"),
                status,
                r.start_tokens,
                r.final_tokens,
                r.tests,
                r.seconds,
                r.group.map_or(String::new(), |g| g.to_string())
            ));
        }
        md
    }
}

/// Runs `treereduce dedup DIR...`.
pub fn dedup(dirs: &[PathBuf], output: Option<&Path>) -> Result<u8, Failure> {
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
            let Ok(record) = serde_json::from_slice::<Record>(&json) else {
                continue;
            };
            let Ok(text) = fs::read(results.join(&record.name)) else {
                continue;
            };
            entries.extend(entry(&record, text));
        }
    }
    let groups = group(entries.into_iter());
    let mut json = serde_json::to_vec_pretty(&groups).map_err(|e| Failure::Internal(e.into()))?;
    json.push(b'\n');
    match output {
        Some(path) => write_file(path, &json).map(|()| exit::SUCCESS),
        None => super::print_all(&json),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    #[test]
    fn inputs_that_do_not_fit_in_memory_together_wait_for_each_other() {
        crate::testing::within(30, || {
            let share = MemoryShare::new(100);
            let stop = Cancel::new().unwrap();
            let first = share.reserve(60, &stop).unwrap();
            // Alone, even more than the limit is let through (what does
            // not fit alone was refused before).
            let second_asked = std::sync::atomic::AtomicBool::new(false);
            let second_started = std::sync::atomic::AtomicBool::new(false);
            std::thread::scope(|s| {
                let waiting = s.spawn(|| {
                    second_asked.store(true, Ordering::SeqCst);
                    let r = share.reserve(60, &stop);
                    second_started.store(true, Ordering::SeqCst);
                    r.is_some()
                });
                while !second_asked.load(Ordering::SeqCst) {
                    std::thread::yield_now();
                }
                // A small one fits beside the first meanwhile.
                drop(share.reserve(40, &stop).unwrap());
                assert!(!second_started.load(Ordering::SeqCst));
                drop(first);
                assert!(waiting.join().unwrap());
            });
            assert_eq!(*share.used.lock(), 0);
            let big = share.reserve(500, &stop).unwrap();
            stop.cancel();
            assert!(share.reserve(1, &stop).is_none(), "stopped while waiting");
            drop(big);
        });
    }

    #[test]
    fn shards_come_from_the_argument_or_the_schedulers() {
        let none = env(&[]);
        assert_eq!(parse_shard("3/16", &none), Ok((3, 16)));
        assert!(
            parse_shard("16/16", &none)
                .unwrap_err()
                .contains("out of range")
        );
        assert!(parse_shard("0/0", &none).is_err());
        assert!(parse_shard("x/2", &none).is_err());
        assert!(parse_shard("3", &none).is_err());
        assert!(parse_shard("auto", &none).unwrap_err().contains("none of"));
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "8"),
        ]);
        assert_eq!(parse_shard("auto", &slurm), Ok((5, 8)));
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "16"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "16"),
        ]);
        assert_eq!(parse_shard("auto", &slurm), Ok((15, 16)));
        let stepped = env(&[
            ("SLURM_ARRAY_TASK_ID", "6"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(parse_shard("auto", &stepped), Ok((3, 4)));
        let k8s = env(&[("JOB_COMPLETION_INDEX", "2")]);
        assert!(parse_shard("auto", &k8s).unwrap_err().contains("auto/N"));
        assert_eq!(parse_shard("auto/4", &k8s), Ok((2, 4)));
        assert!(
            parse_shard("auto/2", &k8s)
                .unwrap_err()
                .contains("out of range")
        );
        let gitlab = env(&[("CI_NODE_INDEX", "1"), ("CI_NODE_TOTAL", "3")]);
        assert_eq!(parse_shard("auto", &gitlab), Ok((0, 3)));
        let gitlab = env(&[("CI_NODE_INDEX", "3"), ("CI_NODE_TOTAL", "3")]);
        assert_eq!(parse_shard("auto", &gitlab), Ok((2, 3)));
        let gitlab = env(&[("CI_NODE_INDEX", "0"), ("CI_NODE_TOTAL", "3")]);
        assert!(parse_shard("auto", &gitlab).is_err());
    }

    #[test]
    fn shards_split_the_inputs_once_each() {
        let names: Vec<String> = (0..500).map(|i| format!("crash-{i}.c")).collect();
        let mut sizes = [0usize; 7];
        for name in &names {
            let owners: Vec<u64> = (0..7).filter(|&i| in_shard(name, (i, 7))).collect();
            assert_eq!(owners.len(), 1);
            sizes[owners[0] as usize] += 1;
        }
        assert!(sizes.iter().all(|&n| n > 40), "{sizes:?}");
    }

    #[test]
    fn canonical_text_is_the_tokens_without_the_layout() {
        let c = Some("c");
        assert_eq!(
            canonical(b"int a(void) {\n}\n\nint b;  \n", c),
            canonical(b"int a(void) { }\nint   b;", c)
        );
        assert_ne!(canonical(b"int a;", c), canonical(b"int b;", c));
        // Whitespace inside a token counts.
        assert_ne!(
            canonical(b"char *s = \"a b\";", c),
            canonical(b"char *s = \"a  b\";", c)
        );
        assert_eq!(canonical(b"x  y\n", None), canonical(b"x y", None));
        assert_ne!(canonical(b"xy", None), canonical(b"x y", None));
    }
}
