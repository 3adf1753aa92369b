//! The batch mode's bookkeeping, apart from the driver that reduces the
//! inputs (`driver`) and the front that runs it (`app`): what became of each input (`results/<name>.json`, an
//! [`InputRecord`] with its [`Status`]), which inputs a shard takes, the
//! memory the inputs reduced at once share, the canonical text that groups
//! equal results, and the summary of a run (summary.json, summary.md,
//! groups.json).

pub mod driver;
pub(crate) mod inputs;
mod projects;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use parking_lot::Mutex;
use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::{xxh3_64, xxh3_128};

use crate::lang::Language;
use crate::oracle::Cancel;
use crate::syntax::{Grammar, parse};

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

    pub(crate) fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}

/// `results/<name>.json`: what became of one input.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InputRecord {
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

impl InputRecord {
    pub(crate) fn new(input: &Input, script_hash: &str) -> InputRecord {
        InputRecord {
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

    pub(crate) fn fail(mut self, status: Status, reason: impl Into<String>) -> InputRecord {
        self.status = status;
        self.reason = Some(reason.into());
        self
    }
}

/// One input of the corpus.
pub(crate) struct Input {
    pub(crate) path: PathBuf,
    /// The file name, as the result's name and the candidate's.
    pub(crate) file_name: OsString,
    /// The same, for display and the records.
    pub(crate) name: String,
}

/// Hex of a 128-bit hash.
pub(crate) fn hex(h: u128) -> String {
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
pub(crate) fn shard_from_env(
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

/// The memory the inputs reduced at once share (each needs about
/// `memory_need` of the command line): an input starts when its need fits beside the
/// needs of those being reduced, or when none is. So large inputs are
/// reduced one after the other rather than together out of memory; one
/// that does not fit alone was refused before (`too_large`).
pub(crate) struct MemoryShare {
    pub(crate) limit: u64,
    pub(crate) used: Mutex<u64>,
    pub(crate) freed: parking_lot::Condvar,
}

/// A share of [`MemoryShare`], given back when dropped.
pub(crate) struct Reserved<'a>(&'a MemoryShare, u64);

impl MemoryShare {
    pub(crate) fn new(limit: u64) -> MemoryShare {
        MemoryShare {
            limit,
            used: Mutex::new(0),
            freed: parking_lot::Condvar::new(),
        }
    }

    /// Waits until `need` fits, then holds it; `None` if `stop` is set
    /// first.
    pub(crate) fn reserve<'a>(&'a self, need: u64, stop: &Cancel) -> Option<Reserved<'a>> {
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
pub(crate) struct Entry {
    pub(crate) name: String,
    pub(crate) canonical: String,
    pub(crate) bytes: u64,
    pub(crate) tokens: u64,
    pub(crate) text: String,
}

pub(crate) fn entry(r: &InputRecord, text: Vec<u8>) -> Option<Entry> {
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

pub(crate) fn group(entries: impl Iterator<Item = Entry>) -> Groups {
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
pub(crate) struct Summary {
    /// Inputs of this run (after `--shard`).
    pub(crate) inputs: usize,
    /// Inputs named before `--shard` chose.
    pub(crate) inputs_before_shard: usize,
    /// The shard, `I/N`.
    pub(crate) shard: Option<String>,
    pub(crate) jobs: usize,
    pub(crate) reduced: usize,
    pub(crate) failed: usize,
    /// Stopped by the deadline or Ctrl-C, or not started.
    pub(crate) unfinished: usize,
    /// Kept from an earlier run.
    pub(crate) resumed: usize,
    pub(crate) distinct_results: usize,
    pub(crate) seconds: f64,
    pub(crate) rows: Vec<Row>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Row {
    pub(crate) input: String,
    pub(crate) name: String,
    pub(crate) status: Status,
    pub(crate) reason: Option<String>,
    pub(crate) start_bytes: u64,
    pub(crate) start_tokens: u64,
    pub(crate) final_bytes: u64,
    pub(crate) final_tokens: u64,
    pub(crate) tests: u64,
    pub(crate) seconds: f64,
    /// The number of its group in groups.json.
    pub(crate) group: Option<usize>,
    /// Kept from an earlier run (not reduced again).
    pub(crate) resumed: bool,
    pub(crate) result: Option<String>,
}

impl Summary {
    pub(crate) fn of(
        records: &[(InputRecord, bool)],
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

    pub(crate) fn markdown(&self) -> String {
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

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
