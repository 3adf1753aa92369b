//! The files of a project that no program holds: text files we do not
//! parse (`Cargo.toml`, a `Makefile`, `package.json`), binary files,
//! symbolic links and empty folders. Every one may be deleted, the largest
//! first; a text file is reduced by its lines (ddmin: halves, quarters...
//! down to single lines) and by its blocks: lines between a bracket and
//! its match (a JSON object, a TOML array), a line with the lines indented
//! below it (a Makefile rule, a YAML mapping), a `[section]` with its
//! lines (TOML, INI). The passes run in the order of one worker (the
//! subject does not merge), again until one commits nothing.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use parking_lot::Mutex;

use super::{Entry, Files, Project, State};
use crate::engine::{Run, run_pass};
use crate::oracle::{Cancel, Oracle, OracleError, Verdict, VerdictCache, VerdictStore};
use crate::reduce::Config;
use crate::reduce::files::{FILES_NAME, LINES_NAME};
use crate::single::ReduceError;
use crate::stats::{PassReport, Size, Stats};
use crate::task::{Applied, Job, Observer, Phase, Priority, Queued, Subject, Tests};

/// What the pass over the other files needs.
pub struct Pass<'a> {
    /// The test of a project archive.
    pub oracle: &'a dyn Oracle,
    /// The project.
    pub project: &'a Project,
    /// Its state: the programs stay as they are.
    pub state: &'a State,
    /// Settings.
    pub config: &'a Config,
    /// Counters.
    pub stats: &'a Stats,
    /// Set on Ctrl-C.
    pub cancel: Option<&'a Cancel>,
    /// Gets every improvement, as an archive.
    pub observer: &'a dyn Observer,
    /// The run's improvement numbers.
    pub seq: &'a AtomicU64,
}

/// Reduces the other files of `pass.state` to a fixpoint; their new set.
pub fn reduce(pass: &Pass<'_>, store: Option<Arc<dyn VerdictStore>>) -> Result<Files, ReduceError> {
    let files_on = pass.config.runs(FILES_NAME);
    let lines_on = pass.config.runs(LINES_NAME);
    if pass.state.rest.is_empty() || !(files_on || lines_on) {
        return Ok(pass.state.rest.clone());
    }
    let run = Run::with_store(pass.config.run.jobs, pass.stats, pass.cancel, store).with_width(1);
    let programs = pass.project.files_with(pass.state, None).map(|mut all| {
        for (path, _) in pass.state.rest.iter() {
            all.remove(path);
        }
        all
    });
    let programs = programs.expect("a state's programs keep their markers");
    let mut rest = pass.state.rest.clone();
    let mut number = 0;
    loop {
        number += 1;
        pass.observer.phase(Phase::Files);
        let subject = Rest::new(pass, &programs, &rest);
        let mut tasks = Vec::new();
        if files_on {
            subject.deletions(&mut tasks);
        }
        if lines_on {
            subject.line_tasks(&mut tasks);
        }
        let started = std::time::Instant::now();
        let tests_before = pass.stats.tests.load(Ordering::Relaxed);
        let start = subject.size(&subject.first());
        let done = run_pass(&run, &subject, subject.first(), tasks);
        pass.stats.push_pass(PassReport {
            kind: FILES_NAME,
            number,
            seconds: started.elapsed().as_secs_f64(),
            start,
            end: subject.size(&done.best),
            tests: pass.stats.tests.load(Ordering::Relaxed) - tests_before,
            rounds: 0,
            skipped: 0,
            timing: Default::default(),
        });
        let committed = done.commits;
        if let Some(error) = run.failure() {
            return Err(ReduceError::Oracle {
                error,
                best: Arc::from(subject.archive(&done.best.files)),
            });
        }
        let next = done.best.files.clone();
        drop(done);
        drop(subject);
        rest = next;
        if run.stopped() {
            return Ok(rest);
        }
        if committed == 0 {
            return Ok(rest);
        }
    }
}

/// The subject of one pass (see the module documentation).
struct Rest<'a> {
    pass: &'a Pass<'a>,
    /// The program files, as they stay.
    programs: &'a Files,
    /// The other files at the pass's start.
    start: &'a Files,
    /// For each text file: the byte ranges of its lines at the pass's start.
    lines: HashMap<String, Vec<Range<usize>>>,
    /// The newest improvement number handed on.
    newest: Mutex<u64>,
}

/// A version of the other files: the files, and per text file which of
/// its lines at the pass's start are gone.
#[derive(Clone)]
struct Kept {
    files: Files,
    gone: HashMap<String, Arc<Vec<bool>>>,
}

/// A candidate: its files and their archive (with the programs).
struct Cut {
    kept: Kept,
    archive: Vec<u8>,
}

/// A change: delete an entry, or lines of a text file (by their numbers at
/// the pass's start).
#[derive(Debug)]
enum Change {
    Entry(String),
    Lines(String, Range<usize>),
}

impl<'a> Rest<'a> {
    fn new(pass: &'a Pass<'a>, programs: &'a Files, start: &'a Files) -> Rest<'a> {
        let lines = start
            .iter()
            .filter_map(|(path, entry)| {
                let bytes = entry.bytes()?;
                (!bytes[..bytes.len().min(8192)].contains(&0))
                    .then(|| (path.to_string(), line_ranges(bytes)))
            })
            .collect();
        Rest {
            pass,
            programs,
            start,
            lines,
            newest: Mutex::new(0),
        }
    }

    fn first(&self) -> Kept {
        Kept {
            files: self.start.clone(),
            gone: self
                .lines
                .iter()
                .map(|(p, l)| (p.clone(), Arc::new(vec![false; l.len()])))
                .collect(),
        }
    }

    /// The archive of the project with `rest` as its other files.
    fn archive(&self, rest: &Files) -> Vec<u8> {
        let mut all = self.programs.clone();
        for (path, entry) in rest.iter() {
            all.insert(path, entry.clone())
                .expect("a project's paths are checked");
        }
        all.encode()
    }

    /// The deletion of every entry, the largest first.
    fn deletions(&self, tasks: &mut Vec<Queued<Rest<'a>>>) {
        for (path, entry) in self.start.iter() {
            tasks.push(attempt(
                entry.len() as u64 + 1,
                Change::Entry(path.to_string()),
            ));
        }
    }

    /// Per text file: its blocks, and ddmin over its lines.
    fn line_tasks(&self, tasks: &mut Vec<Queued<Rest<'a>>>) {
        for (path, lines) in &self.lines {
            let text = self
                .start
                .get(path)
                .and_then(Entry::bytes)
                .unwrap_or_default();
            for block in blocks(text, lines) {
                let bytes = lines[block.end - 1].end - lines[block.start].start;
                tasks.push(attempt(bytes as u64, Change::Lines(path.clone(), block)));
            }
            if lines.len() > 1 {
                let half = lines.len().div_ceil(2);
                tasks.push(Chunks::queued(path.clone(), half, text.len() as u64 / 2));
            }
        }
    }

    /// The lines of `path` that `kept` still has, by their numbers.
    fn live(&self, kept: &Kept, path: &str) -> Vec<usize> {
        if kept.files.get(path).is_none() {
            return Vec::new();
        }
        match kept.gone.get(path) {
            Some(gone) => (0..gone.len()).filter(|&i| !gone[i]).collect(),
            None => Vec::new(),
        }
    }
}

fn attempt<'a>(tokens: u64, change: Change) -> Queued<Rest<'a>> {
    (Priority { tokens, rank: 0 }, Box::new(Attempt(change)))
}

/// Tests one change.
struct Attempt(Change);

impl<'a> Job<Rest<'a>> for Attempt {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Rest<'a>>) -> Vec<Queued<Rest<'a>>> {
        tests.try_change(&self.0);
        Vec::new()
    }

    fn first_change(&self) -> Option<&Change> {
        Some(&self.0)
    }
}

/// One ddmin level over a text file's lines: its live lines in chunks of
/// `size`, each deleted if the test allows, then the level of half the size.
struct Chunks {
    path: String,
    size: usize,
}

impl Chunks {
    fn queued<'a>(path: String, size: usize, bytes: u64) -> Queued<Rest<'a>> {
        (
            Priority {
                tokens: bytes,
                rank: 0,
            },
            Box::new(Chunks { path, size }),
        )
    }

    fn changes(&self, subject: &Rest<'_>, kept: &Kept) -> Vec<Change> {
        subject
            .live(kept, &self.path)
            .chunks(self.size)
            .map(|c| Change::Lines(self.path.clone(), c[0]..c[c.len() - 1] + 1))
            .collect()
    }
}

impl<'a> Job<Rest<'a>> for Chunks {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Rest<'a>>) -> Vec<Queued<Rest<'a>>> {
        let best = tests.snapshot();
        for change in self.changes(tests.subject(), &best) {
            tests.try_change(&change);
        }
        if self.size <= 1 {
            return Vec::new();
        }
        let best = tests.snapshot();
        let bytes = best.files.get(&self.path).map_or(0, Entry::len) as u64;
        let size = self.size.div_ceil(2);
        let live = tests.subject().live(&best, &self.path).len().max(1) as u64;
        vec![Chunks::queued(self.path, size, bytes * size as u64 / live)]
    }

    fn changes_on(&self, subject: &Rest<'a>, state: &Kept) -> Vec<Box<Change>> {
        self.changes(subject, state)
            .into_iter()
            .map(Box::new)
            .collect()
    }
}

impl<'a> Subject for Rest<'a> {
    type State = Kept;
    type Candidate = Cut;
    type Change = Change;
    type Scratch = ();

    fn scratch(&self, _worker: usize) {}

    fn apply(&self, best: &Kept, change: &Change, _: &mut ()) -> Applied<Cut> {
        let mut kept = best.clone();
        match change {
            Change::Entry(path) => {
                if kept.files.remove(path).is_none() {
                    return Applied::Implied;
                }
                kept.gone.remove(path);
            }
            Change::Lines(path, range) => {
                let (Some(gone), Some(Entry::File { mode, .. })) =
                    (kept.gone.get(path), kept.files.get(path))
                else {
                    return Applied::Implied;
                };
                if gone[range.clone()].iter().all(|&g| g) {
                    return Applied::Implied;
                }
                let mode = *mode;
                let mut gone = gone.as_ref().clone();
                gone[range.clone()].fill(true);
                let original = self
                    .start
                    .get(path)
                    .and_then(Entry::bytes)
                    .unwrap_or_default();
                let mut text = Vec::with_capacity(original.len());
                for (line, range) in self.lines[path].iter().enumerate() {
                    if !gone[line] {
                        text.extend_from_slice(&original[range.clone()]);
                    }
                }
                kept.files
                    .insert(
                        path,
                        Entry::File {
                            bytes: Arc::from(text),
                            mode,
                        },
                    )
                    .expect("a project's paths are checked");
                kept.gone.insert(path.clone(), Arc::new(gone));
            }
        }
        let archive = self.archive(&kept.files);
        Applied::Candidate(Cut { kept, archive })
    }

    fn key(&self, candidate: &Cut) -> u128 {
        VerdictCache::key(&candidate.archive)
    }

    fn test(&self, worker: usize, candidate: &Cut) -> Result<Verdict, OracleError> {
        self.pass.oracle.test(worker, &candidate.archive)
    }

    fn abandon(&self, worker: usize) {
        self.pass.oracle.abandon(worker);
    }

    fn spare(&self) -> bool {
        self.pass.oracle.spare()
    }

    fn accept(&self, _best: &Kept, candidate: Cut, _: &mut ()) -> Kept {
        candidate.kept
    }

    fn size(&self, state: &Kept) -> Size {
        Size {
            bytes: state.files.bytes(),
            tokens: 0,
        }
    }

    fn kind(&self, change: &Change) -> &'static str {
        match change {
            Change::Entry(_) => FILES_NAME,
            Change::Lines(..) => LINES_NAME,
        }
    }

    fn improved(&self, seq: u64, best: &Kept) {
        let mut newest = self.newest.lock();
        if seq <= *newest {
            return;
        }
        *newest = seq;
        let seq = self.pass.seq.fetch_add(1, Ordering::SeqCst) + 1;
        let all = self.programs.len() + best.files.len();
        self.pass.stats.files.store(all as u64, Ordering::Relaxed);
        self.pass.observer.improved(seq, &self.archive(&best.files));
    }
}

/// The byte ranges of `text`'s lines (each with its line break).
fn line_ranges(text: &[u8]) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i + 1);
        lines.push(start..end);
        start = end;
    }
    lines
}

/// The blocks of a text file, as ranges of line numbers (two lines or
/// more; see the module documentation).
fn blocks(text: &[u8], lines: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut found = bracket_blocks(text, lines);
    found.extend(indented_blocks(text, lines));
    found.extend(sections(text, lines));
    found.retain(|b| b.len() >= 2);
    found.sort_by_key(|b| (b.start, b.end));
    found.dedup();
    found
}

/// Lines from one holding an opening bracket to the one holding its
/// match (outside quotes).
fn bracket_blocks(text: &[u8], lines: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut open: Vec<(u8, usize)> = Vec::new();
    let mut found = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let mut quote: Option<u8> = None;
        let mut escaped = false;
        for &b in &text[line.clone()] {
            match quote {
                Some(q) => {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == q {
                        quote = None;
                    }
                }
                None => match b {
                    b'"' | b'\'' => quote = Some(b),
                    b'{' | b'[' | b'(' => open.push((b, n)),
                    b'}' | b']' | b')' => {
                        let want = match b {
                            b'}' => b'{',
                            b']' => b'[',
                            _ => b'(',
                        };
                        if let Some(&(o, first)) = open.last()
                            && o == want
                        {
                            open.pop();
                            if first < n {
                                found.push(first..n + 1);
                            }
                        }
                    }
                    _ => {}
                },
            }
        }
    }
    found
}

/// A line with the lines below it indented deeper (blank lines among them).
fn indented_blocks(text: &[u8], lines: &[Range<usize>]) -> Vec<Range<usize>> {
    let indent = |n: usize| -> Option<usize> {
        let line = &text[lines[n].clone()];
        let width = line
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        (width < line.len() && !line[width..].iter().all(u8::is_ascii_whitespace)).then_some(width)
    };
    let mut found = Vec::new();
    for n in 0..lines.len() {
        let Some(own) = indent(n) else { continue };
        let mut end = n + 1;
        let mut last = n;
        while end < lines.len() {
            match indent(end) {
                Some(i) if i <= own => break,
                Some(_) => last = end,
                None => {}
            }
            end += 1;
        }
        if last > n {
            found.push(n..last + 1);
        }
    }
    found
}

/// A line that starts with `[` and the lines up to the next such line.
fn sections(text: &[u8], lines: &[Range<usize>]) -> Vec<Range<usize>> {
    let heads: Vec<usize> = (0..lines.len())
        .filter(|&n| text[lines[n].clone()].starts_with(b"["))
        .collect();
    heads
        .iter()
        .enumerate()
        .map(|(i, &h)| h..heads.get(i + 1).copied().unwrap_or(lines.len()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks_of(text: &str) -> Vec<Range<usize>> {
        let lines = line_ranges(text.as_bytes());
        blocks(text.as_bytes(), &lines)
    }

    #[test]
    fn json_objects_are_blocks() {
        let text = "{\n  \"name\": \"x\",\n  \"scripts\": {\n    \"t\": \"a}\"\n  }\n}\n";
        assert!(blocks_of(text).contains(&(2..5)), "{:?}", blocks_of(text));
        assert!(blocks_of(text).contains(&(0..6)));
    }

    #[test]
    fn rules_and_sections_are_blocks() {
        let make = "all: a\n\tcc a.c\n\tcc b.c\nclean:\n\trm -f a\n";
        assert_eq!(blocks_of(make), [0..3, 3..5]);
        let toml = "[package]\nname = \"x\"\n\n[dependencies]\nfoo = \"1\"\n";
        assert_eq!(blocks_of(toml), [0..3, 3..5]);
    }
}
