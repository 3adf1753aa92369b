//! Replayable randomness for generators reduced by `treereduce trace`.
//!
//! `treereduce trace` reduces a generator's run instead of the program it
//! writes: it records the run's random decisions, removes loop iterations
//! and optional blocks, and runs the generator again with the decisions
//! that are left (see doc/trace-protocol.md in the treereduce repository).
//! [`Tape`] wraps the generator's random number source and speaks that
//! protocol; outside `treereduce trace` it passes every call through
//! untouched. One line changes in a generator that uses `rand`:
//!
//! ```
//! use rand::{Rng, SeedableRng, rngs::StdRng};
//! use treereduce_tape::Tape;
//!
//! let mut rng = Tape::from_env(StdRng::seed_from_u64(7));
//! let x: u32 = rng.random_range(0..10);
//! # assert!(x < 10);
//! ```
//!
//! Every call of the source is then a decision, replayed in order. To let
//! treereduce remove parts of the run, mark the loops and optional blocks:
//!
//! ```
//! # use rand::{SeedableRng, rngs::StdRng};
//! # use treereduce_tape::Tape;
//! # let mut rng = Tape::from_env(StdRng::seed_from_u64(7));
//! let mut items = Vec::new();
//! for _ in 0..rng.loop_count(1, 10) {
//!     rng.iteration();
//!     if rng.maybe(0.3) {
//!         items.push("optional");
//!         rng.end();
//!     }
//!     items.push("item");
//! }
//! rng.end();
//! ```
//!
//! A replay aligns each decision with the plan by its execution index:
//! its call site, how deep in calls it is made, and the iteration of each
//! loop around it. A decision that picked a value (`between`, `loop_count`,
//! `choose`) is replayed by that value, so that an earlier change to its
//! range does not shift what it picks.
//!
//! The trace is written when the tape is dropped (or by [`Tape::finish`],
//! which a generator that leaves through `std::process::exit` must call).

use std::collections::HashMap;
use std::fmt::{Debug, Write as _};
use std::io;
use std::panic::Location;
use std::path::PathBuf;
use std::thread::ThreadId;

use rand_core::RngCore;

/// The exit status of a replay halted on a decision it could not align.
pub const HALT_STATUS: i32 = 86;

/// What a replay does with a decision it cannot align.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Write the trace and exit with [`HALT_STATUS`].
    Halt,
    /// Take the value that skips the decision's block if it guards one,
    /// else the lowest, and align the later decisions by execution index.
    Realign,
}

/// Where the trace goes and what to replay.
#[derive(Clone, Debug)]
pub struct Config {
    /// The trace file to write.
    pub out: PathBuf,
    /// The plan to replay (`site TAB kind TAB value TAB key TAB path`
    /// lines), if any.
    pub replay: Option<String>,
    /// The strategy for decisions that cannot be aligned.
    pub align: Align,
}

/// One decision of the plan.
struct Entry {
    site: String,
    kind: String,
    value: String,
    /// The value's key (empty: replay by index).
    key: String,
    path: String,
}

struct Plan {
    entries: Vec<Entry>,
    /// Positions by execution index (site, kind, path), in order.
    by_index: HashMap<(String, String, String), Vec<usize>>,
    /// The call depth each entry's site names.
    depths: Vec<u64>,
    position: usize,
}

impl Plan {
    fn parse(text: &str) -> Plan {
        let mut entries = Vec::new();
        let mut by_index: HashMap<(String, String, String), Vec<usize>> = HashMap::new();
        for line in text.lines().filter(|l| !l.is_empty()) {
            let mut fields = line.split('\t').map(str::to_string);
            let mut next = || fields.next().unwrap_or_default();
            let entry = Entry {
                site: next(),
                kind: next(),
                value: next(),
                key: next(),
                path: next(),
            };
            let index = (entry.site.clone(), entry.kind.clone(), entry.path.clone());
            by_index.entry(index).or_default().push(entries.len());
            entries.push(entry);
        }
        let depths = entries.iter().map(|e| depth_of(&e.site)).collect();
        Plan {
            entries,
            by_index,
            depths,
            position: 0,
        }
    }

    /// The position of the plan entry decision `at` aligns with, if any:
    /// the entry at the position if it has the decision's execution index;
    /// else (realigning) the next entry that has it, provided none of the
    /// entries before it lies shallower in calls than the decision (an
    /// entry shallower is in a frame the decision is inside of, which the
    /// run has still to come back to: the decision is one the plan does
    /// not have at this point, and the plan waits).
    fn align(&self, at: &At) -> Result<usize, ()> {
        let p = self.position;
        let here = self.entries.get(p);
        if here.is_some_and(|e| e.site == at.site && e.kind == at.kind && e.path == at.path) {
            return Ok(p);
        }
        let index = (at.site.clone(), at.kind.to_string(), at.path.clone());
        let positions = self.by_index.get(&index).ok_or(())?;
        let q = positions[positions.partition_point(|&q| q <= p)..]
            .first()
            .copied()
            .ok_or(())?;
        match self.depths[p..q].iter().all(|&d| d >= at.depth) {
            true => Ok(q),
            false => Err(()),
        }
    }
}

/// A loop or block open in the run.
struct Open {
    is_loop: bool,
    /// Iterations begun (a loop).
    iterations: u64,
}

struct Recorder {
    out: PathBuf,
    lines: String,
    plan: Option<Plan>,
    align: Align,
    open: Vec<Open>,
    written: bool,
    /// The thread and stack position depths are measured from.
    base: (ThreadId, usize),
}

/// A decision's execution index and kind.
struct At {
    /// Call site and depth: `file:line:column.depth`.
    site: String,
    kind: &'static str,
    /// The ordinals of the loop iterations it lies in, outer first.
    path: String,
    depth: u64,
    /// Its range (for an index, the number of values).
    n: u64,
}

/// How an index decision is replayed by the value it picked: the key of
/// the value at an index, and the index of a key (a loop's count: the
/// largest count not above it, never below `lowest`).
struct ByValue<'v> {
    key: &'v dyn Fn(u64) -> Option<String>,
    find: &'v dyn Fn(Option<u64>, &str) -> Option<u64>,
    lowest: Option<u64>,
}

/// A random source that records its decisions, or replays a plan (see the
/// crate documentation).
pub struct Tape<R> {
    source: R,
    recorder: Option<Recorder>,
}

impl<R: RngCore> Tape<R> {
    /// Records or replays as `treereduce trace` asks through the
    /// environment (`TREEREDUCE_TRACE_OUT`, `TREEREDUCE_TRACE_REPLAY`,
    /// `TREEREDUCE_TRACE_ALIGN`); without it, a plain wrapper of `source`.
    #[inline(always)]
    pub fn from_env(source: R) -> Tape<R> {
        let Some(out) = std::env::var_os("TREEREDUCE_TRACE_OUT") else {
            return Tape {
                source,
                recorder: None,
            };
        };
        let replay = std::env::var_os("TREEREDUCE_TRACE_REPLAY")
            .and_then(|path| std::fs::read_to_string(path).ok());
        let align = match std::env::var("TREEREDUCE_TRACE_ALIGN").as_deref() {
            Ok("halt") => Align::Halt,
            _ => Align::Realign,
        };
        Tape::with_config(
            source,
            Config {
                out: out.into(),
                replay,
                align,
            },
        )
    }

    /// Records to (and replays from) what `config` says. Call depths are
    /// measured from the frame that calls this (or [`Tape::from_env`]).
    #[inline(always)]
    pub fn with_config(source: R, config: Config) -> Tape<R> {
        let base = (std::thread::current().id(), stack_position());
        Tape {
            source,
            recorder: Some(Recorder {
                out: config.out,
                // Plan lines carry value keys and iteration paths.
                lines: String::from("X\n"),
                plan: config.replay.as_deref().map(Plan::parse),
                align: config.align,
                open: Vec::new(),
                written: false,
                base,
            }),
        }
    }

    /// Whether `treereduce trace` is recording or replaying.
    pub fn is_traced(&self) -> bool {
        self.recorder.is_some()
    }

    /// An index below `n` (at least 1), replayable by its call site.
    #[inline(always)]
    #[track_caller]
    pub fn below(&mut self, n: u64) -> u64 {
        let position = stack_position();
        let n = n.max(1);
        self.index((Location::caller(), position, n), None, |r| {
            uniform_below(r, n)
        })
    }

    /// A number from `lo` to `hi` inclusive, replayed by value.
    #[inline(always)]
    #[track_caller]
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        let position = stack_position();
        lo + self.number((Location::caller(), position), lo, hi, false)
    }

    /// The iteration count of a loop, from `lo` to `hi`: treereduce may
    /// lower it (replayed by value, never below `lo`). Call
    /// [`Tape::iteration`] at the start of every iteration and
    /// [`Tape::end`] after the loop.
    #[inline(always)]
    #[track_caller]
    pub fn loop_count(&mut self, lo: u64, hi: u64) -> u64 {
        let position = stack_position();
        let count = lo + self.number((Location::caller(), position), lo, hi, true);
        self.open(true);
        self.mark("L\t1");
        count
    }

    /// One of `items` (`None` if there are none), replayed by the value it
    /// picked, named by its `Debug` text: when a change earlier in the run
    /// removed an element, the same element is picked where it now stands.
    /// (A value whose `Debug` text differs between runs, such as an
    /// address, is matched by its index only.)
    #[inline(always)]
    #[track_caller]
    pub fn choose<'i, T: Debug>(&mut self, items: &'i [T]) -> Option<&'i T> {
        let position = stack_position();
        if items.is_empty() {
            return None;
        }
        let key = |i: u64| items.get(i as usize).map(|x| key_of(&format!("{x:?}")));
        let find = |planned: Option<u64>, want: &str| {
            let at = |i: u64| key(i).as_deref() == Some(want);
            planned
                .filter(|&i| at(i))
                .or_else(|| (0..items.len() as u64).find(|&i| at(i)))
        };
        let by_value = ByValue {
            key: &key,
            find: &find,
            lowest: None,
        };
        let n = items.len() as u64;
        let call = (Location::caller(), position, n);
        let i = self.index(call, Some(by_value), |r| uniform_below(r, n));
        items.get(i as usize)
    }

    /// A new iteration of the innermost loop begins.
    pub fn iteration(&mut self) {
        if let Some(recorder) = self.recorder.as_mut()
            && let Some(top) = recorder.open.last_mut()
        {
            top.iterations += 1;
        }
        self.mark("I");
    }

    /// True with probability `p`: when true, a block treereduce may turn off
    /// begins; call [`Tape::end`] where it ends.
    #[inline(always)]
    #[track_caller]
    pub fn maybe(&mut self, p: f64) -> bool {
        let position = stack_position();
        let call = (Location::caller(), position, 2);
        // Its "off" value, 0, is also what a decision that cannot be
        // aligned takes: the block is skipped.
        let taken = self.index(call, None, |r| u64::from(unit_float(r) < p)) == 1;
        if taken {
            self.open(false);
            self.mark("S\t0\t1");
        }
        taken
    }

    /// The innermost loop or block ends.
    pub fn end(&mut self) {
        if let Some(recorder) = self.recorder.as_mut() {
            recorder.open.pop();
        }
        self.mark("E");
    }

    /// An index from 0 to `hi - lo` for a number from `lo` to `hi`,
    /// replayed by the number (a loop's count: the largest count not
    /// above the planned one, and never below `lo`).
    fn number(
        &mut self,
        (caller, position): (&Location<'_>, usize),
        lo: u64,
        hi: u64,
        count: bool,
    ) -> u64 {
        let n = hi.saturating_sub(lo).saturating_add(1);
        let key = |i: u64| Some((lo + i).to_string());
        let find = |_: Option<u64>, want: &str| {
            let want: u64 = want.parse().ok()?;
            match want {
                _ if want < lo => None,
                _ if want <= hi => Some(want - lo),
                _ if count => Some(n - 1),
                _ => None,
            }
        };
        let by_value = ByValue {
            key: &key,
            find: &find,
            lowest: count.then_some(lo),
        };
        self.index((caller, position, n), Some(by_value), |r| {
            uniform_below(r, n)
        })
    }

    /// One index decision below `n` made at `caller` (its stack at
    /// `position`): drawn by `fresh` when recording, else aligned with the
    /// plan (by value when `by_value` names values). One that cannot be
    /// aligned takes 0: the lowest value, and the "off" value of a guard
    /// ([`Tape::maybe`]), which skips its block.
    fn index(
        &mut self,
        (caller, position, n): (&Location<'_>, usize, u64),
        by_value: Option<ByValue<'_>>,
        fresh: impl FnOnce(&mut R) -> u64,
    ) -> u64 {
        let Some(recorder) = self.recorder.as_mut() else {
            return fresh(&mut self.source);
        };
        let at = recorder.at(site(caller), position, "i", n);
        let value = match recorder.plan.is_some() {
            false => Some(fresh(&mut self.source)),
            true => recorder.replay_index(&at, by_value.as_ref()),
        };
        let value = value.unwrap_or(0);
        let _ = writeln!(recorder.lines, "D\t{}\ti\t{n}\t{value}", at.site);
        if let Some(by_value) = by_value
            && let Some(key) = (by_value.key)(value)
        {
            match by_value.lowest {
                Some(lowest) => writeln!(recorder.lines, "V\t{key}\t{lowest}"),
                None => writeln!(recorder.lines, "V\t{key}"),
            }
            .expect("writing to a String");
        }
        value
    }

    /// A raw word or bytes drawn through `RngCore`: named by its kind only
    /// (the call site inside `rand` says nothing about the generator) and
    /// its depth, replayed verbatim.
    fn word<T>(
        &mut self,
        (kind, n, position): (&'static str, u64, usize),
        fresh: impl FnOnce(&mut R) -> T,
        parse: impl Fn(&str) -> Option<T>,
        lowest: impl FnOnce() -> T,
        show: impl Fn(&T) -> String,
    ) -> T {
        let Some(recorder) = self.recorder.as_mut() else {
            return fresh(&mut self.source);
        };
        let at = recorder.at(String::from("rng"), position, kind, n);
        let value = match recorder.plan.is_some() {
            false => Some(fresh(&mut self.source)),
            true => recorder.replay_word(&at, parse),
        };
        let value = value.unwrap_or_else(lowest);
        let _ = writeln!(
            recorder.lines,
            "D\t{}\t{kind}\t{n}\t{}",
            at.site,
            show(&value)
        );
        value
    }

    fn open(&mut self, is_loop: bool) {
        if let Some(recorder) = self.recorder.as_mut() {
            recorder.open.push(Open {
                is_loop,
                iterations: 0,
            });
        }
    }

    fn mark(&mut self, line: &str) {
        if let Some(recorder) = self.recorder.as_mut() {
            recorder.lines.push_str(line);
            recorder.lines.push('\n');
        }
    }

    /// Writes the trace (once; dropping the tape does it too).
    pub fn finish(&mut self) -> io::Result<()> {
        match self.recorder.as_mut() {
            Some(recorder) => recorder.write(true),
            None => Ok(()),
        }
    }
}

impl Recorder {
    /// The execution index of a decision made at `site`, its stack at
    /// `position`: the depth is how far below the base (the tape's
    /// creation) the stack is, in bytes. Frames have a fixed size in a
    /// given build, so the same call path gives the same depth in every
    /// run, and a decision inside a call is deeper than one of the frame
    /// that made the call. A tape moved to another thread measures from
    /// its first decision there.
    fn at(&mut self, site: String, position: usize, kind: &'static str, n: u64) -> At {
        let thread = std::thread::current().id();
        if self.base.0 != thread {
            self.base = (thread, position);
        }
        let depth = self.base.1.saturating_sub(position) as u64;
        let path = self
            .open
            .iter()
            .filter(|o| o.is_loop && o.iterations > 0)
            .map(|o| (o.iterations - 1).to_string())
            .collect::<Vec<_>>()
            .join(".");
        At {
            site: format!("{site}.{depth}"),
            kind,
            path,
            depth,
            n,
        }
    }

    /// The planned index of decision `at`, by value when the plan entry
    /// has a key and `by_value` can find it (else the index, as the
    /// fallback); `None` when nothing aligns.
    fn replay_index(&mut self, at: &At, by_value: Option<&ByValue<'_>>) -> Option<u64> {
        let q = self.aligned(at)?;
        let plan = self.plan.as_mut().expect("replaying");
        plan.position = q + 1;
        let entry = &plan.entries[q];
        let planned = entry.value.parse().ok().filter(|&v: &u64| v < at.n);
        let key = entry.key.clone();
        if let Some(by_value) = by_value.filter(|_| !key.is_empty()) {
            let found = (by_value.find)(planned, &key);
            if found.is_none() {
                self.mismatch(q, "value");
            }
            return found.or(planned);
        }
        if planned.is_none() {
            self.mismatch(q, "value");
        }
        planned
    }

    /// The planned raw value of decision `at`; `None` when nothing aligns.
    fn replay_word<T>(&mut self, at: &At, parse: impl Fn(&str) -> Option<T>) -> Option<T> {
        let q = self.aligned(at)?;
        let plan = self.plan.as_mut().expect("replaying");
        plan.position = q + 1;
        let value = parse(&plan.entries[q].value);
        if value.is_none() {
            self.mismatch(q, "value");
        }
        value
    }

    /// The plan entry decision `at` aligns with (see [`Plan::align`]); a
    /// misalignment is written (or halts the run).
    fn aligned(&mut self, at: &At) -> Option<usize> {
        let plan = self.plan.as_ref().expect("replaying");
        let (position, aligned) = (plan.position, plan.align(at));
        if aligned != Ok(position) {
            self.mismatch(position, "site");
        }
        aligned.ok()
    }

    fn mismatch(&mut self, position: usize, reason: &str) {
        if self.align == Align::Halt {
            let _ = writeln!(self.lines, "H\t{position}\t{reason}");
            let _ = self.write(false);
            std::process::exit(HALT_STATUS);
        }
        let _ = writeln!(self.lines, "M\t{position}\t{reason}");
    }

    fn write(&mut self, complete: bool) -> io::Result<()> {
        if self.written {
            return Ok(());
        }
        self.written = true;
        if complete {
            for _ in 0..self.open.len() {
                self.lines.push_str("E\n");
            }
            if let Some(plan) = &self.plan
                && plan.position < plan.entries.len()
            {
                let _ = writeln!(self.lines, "U\t{}", plan.position);
            }
            self.lines.push_str("Z\n");
        }
        std::fs::write(&self.out, &self.lines)
    }
}

impl<R> Drop for Tape<R> {
    fn drop(&mut self) {
        if let Some(recorder) = self.recorder.as_mut() {
            let _ = recorder.write(true);
        }
    }
}

/// Raw words of the source: each call is a decision replayed verbatim
/// (any value is possible), named by its kind only: the call site inside
/// `rand` says nothing about the generator.
impl<R: RngCore> RngCore for Tape<R> {
    #[inline(always)]
    fn next_u32(&mut self) -> u32 {
        let position = stack_position();
        self.word(
            ("u32", 0, position),
            |r| r.next_u32(),
            |t| t.parse().ok(),
            || 0,
            u32::to_string,
        )
    }

    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        let position = stack_position();
        self.word(
            ("u64", 0, position),
            |r| r.next_u64(),
            |t| t.parse().ok(),
            || 0,
            u64::to_string,
        )
    }

    #[inline(always)]
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        let position = stack_position();
        let n = dest.len();
        let bytes = self.word(
            ("x", n as u64, position),
            |r| {
                let mut b = vec![0; n];
                r.fill_bytes(&mut b);
                b
            },
            |t| hex(t).filter(|b| b.len() == n),
            || vec![0; n],
            |b| b.iter().map(|x| format!("{x:02x}")).collect(),
        );
        dest.copy_from_slice(&bytes);
    }
}

/// Where the stack is now: the address of a local of a frame called from
/// the caller (kept out of line, so that its offset from the caller's
/// frame is the same at every call).
#[inline(never)]
fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

fn site(location: &Location<'_>) -> String {
    let file = location.file().rsplit('/').next().unwrap_or("?");
    format!("{file}:{}:{}", location.line(), location.column())
}

/// The depth a site names after its last `.` (0 if none).
fn depth_of(site: &str) -> u64 {
    site.rsplit_once('.')
        .and_then(|(_, d)| d.parse().ok())
        .unwrap_or(0)
}

/// A value's key as a plan line can hold it: the text if short and
/// without tabs or line breaks, else `#` and a hash of it.
fn key_of(text: &str) -> String {
    if text.len() <= 64 && !text.contains(['\t', '\n', '\r']) && !text.starts_with('#') {
        return text.to_string();
    }
    // FNV-1a, 64 bits: stable across runs and builds.
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("#{hash:016x}")
}

/// An unbiased index below `n` (rejection sampling on 64-bit words).
fn uniform_below<R: RngCore>(r: &mut R, n: u64) -> u64 {
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let v = r.next_u64();
        if v < zone {
            return v % n;
        }
    }
}

fn unit_float<R: RngCore>(r: &mut R) -> f64 {
    (r.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn hex(text: &str) -> Option<Vec<u8>> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests;
