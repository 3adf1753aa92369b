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
//! The trace is written when the tape is dropped (or by [`Tape::finish`],
//! which a generator that leaves through `std::process::exit` must call).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io;
use std::panic::Location;
use std::path::PathBuf;

use rand_core::RngCore;

/// The exit status of a replay halted on a decision it could not align.
pub const HALT_STATUS: i32 = 86;

/// What a replay does with a decision it cannot align.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Write the trace and exit with [`HALT_STATUS`].
    Halt,
    /// Take the lowest value and align the later decisions by site.
    Realign,
}

/// Where the trace goes and what to replay.
#[derive(Clone, Debug)]
pub struct Config {
    /// The trace file to write.
    pub out: PathBuf,
    /// The plan to replay (`site TAB kind TAB value` lines), if any.
    pub replay: Option<String>,
    /// The strategy for decisions that cannot be aligned.
    pub align: Align,
}

struct Plan {
    entries: Vec<(String, String, String)>,
    by_site: HashMap<(String, String), Vec<usize>>,
    position: usize,
}

struct Recorder {
    out: PathBuf,
    lines: String,
    plan: Option<Plan>,
    align: Align,
    open: usize,
    written: bool,
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

    /// Records to (and replays from) what `config` says.
    pub fn with_config(source: R, config: Config) -> Tape<R> {
        let plan = config.replay.map(|text| {
            let mut entries = Vec::new();
            let mut by_site: HashMap<(String, String), Vec<usize>> = HashMap::new();
            for line in text.lines().filter(|l| !l.is_empty()) {
                let mut fields = line.splitn(3, '\t');
                let site = fields.next().unwrap_or("").to_string();
                let kind = fields.next().unwrap_or("").to_string();
                let value = fields.next().unwrap_or("").to_string();
                by_site
                    .entry((site.clone(), kind.clone()))
                    .or_default()
                    .push(entries.len());
                entries.push((site, kind, value));
            }
            Plan {
                entries,
                by_site,
                position: 0,
            }
        });
        Tape {
            source,
            recorder: Some(Recorder {
                out: config.out,
                lines: String::new(),
                plan,
                align: config.align,
                open: 0,
                written: false,
            }),
        }
    }

    /// Whether `treereduce trace` is recording or replaying.
    pub fn is_traced(&self) -> bool {
        self.recorder.is_some()
    }

    /// One decision of `kind` at `site` (with range `n`): `fresh` draws it, `parse` reads a
    /// planned one (`None` if impossible for this call), `lowest` is taken
    /// when nothing aligns, `show` writes it.
    fn decide<T>(
        &mut self,
        (site, kind, n): (&str, &str, u64),
        fresh: impl FnOnce(&mut R) -> T,
        parse: impl Fn(&str) -> Option<T>,
        lowest: impl FnOnce() -> T,
        show: impl Fn(&T) -> String,
    ) -> T {
        let Some(recorder) = self.recorder.as_mut() else {
            return fresh(&mut self.source);
        };
        let value = match recorder.plan.as_mut() {
            None => fresh(&mut self.source),
            Some(plan) => {
                let mut value = None;
                let here = plan.entries.get(plan.position);
                if here.is_some_and(|(s, k, _)| s == site && k == kind) {
                    let planned = parse(&plan.entries[plan.position].2);
                    if planned.is_none() {
                        recorder.mismatch("value");
                    }
                    value = planned;
                    let plan = recorder.plan.as_mut().expect("replaying");
                    plan.position += 1;
                } else {
                    recorder.mismatch("site");
                    let plan = recorder.plan.as_mut().expect("replaying");
                    let key = (site.to_string(), kind.to_string());
                    let next = plan.by_site.get(&key).and_then(|positions| {
                        let i = positions.partition_point(|&p| p <= plan.position);
                        positions.get(i).copied()
                    });
                    if let Some(q) = next {
                        value = parse(&plan.entries[q].2);
                        plan.position = q + 1;
                    }
                }
                value.unwrap_or_else(lowest)
            }
        };
        let _ = writeln!(recorder.lines, "D\t{site}\t{kind}\t{n}\t{}", show(&value));
        value
    }

    /// An index below `n` (at least 1), replayable by its call site.
    #[track_caller]
    pub fn below(&mut self, n: u64) -> u64 {
        let site = site(Location::caller());
        self.index(&site, n)
    }

    fn index(&mut self, site: &str, n: u64) -> u64 {
        let n = n.max(1);
        self.decide(
            (site, "i", n),
            |r| uniform_below(r, n),
            |t| t.parse().ok().filter(|&v| v < n),
            || 0,
            u64::to_string,
        )
    }

    /// A number from `lo` to `hi` inclusive.
    #[track_caller]
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        let site = site(Location::caller());
        lo + self.index(&site, hi.saturating_sub(lo) + 1)
    }

    /// The iteration count of a loop, from `lo` to `hi`: treereduce may
    /// lower it. Call [`Tape::iteration`] at the start of every iteration and
    /// [`Tape::end`] after the loop.
    #[track_caller]
    pub fn loop_count(&mut self, lo: u64, hi: u64) -> u64 {
        let site = site(Location::caller());
        let count = lo + self.index(&site, hi.saturating_sub(lo) + 1);
        self.mark("L");
        count
    }

    /// A new iteration of the innermost loop begins.
    pub fn iteration(&mut self) {
        self.mark("I");
    }

    /// True with probability `p`: when true, a block treereduce may turn off
    /// begins; call [`Tape::end`] where it ends.
    #[track_caller]
    pub fn maybe(&mut self, p: f64) -> bool {
        let site = site(Location::caller());
        let taken = self.decide(
            (&site, "i", 2),
            |r| u64::from(unit_float(r) < p),
            |t| t.parse().ok().filter(|&v: &u64| v < 2),
            || 0,
            u64::to_string,
        ) == 1;
        if taken {
            self.mark("S\t0\t1");
        }
        taken
    }

    /// The innermost loop or block ends.
    pub fn end(&mut self) {
        self.mark("E");
    }

    fn mark(&mut self, line: &str) {
        if let Some(recorder) = self.recorder.as_mut() {
            recorder.lines.push_str(line);
            recorder.lines.push('\n');
            match line.as_bytes()[0] {
                b'L' | b'S' => recorder.open += 1,
                b'E' => recorder.open = recorder.open.saturating_sub(1),
                _ => {}
            }
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
    fn mismatch(&mut self, reason: &str) {
        let position = self.plan.as_ref().map_or(0, |p| p.position);
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
            for _ in 0..self.open {
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
    fn next_u32(&mut self) -> u32 {
        self.decide(
            ("rng", "u32", 0),
            |r| r.next_u32(),
            |t| t.parse().ok(),
            || 0,
            u32::to_string,
        )
    }

    fn next_u64(&mut self) -> u64 {
        self.decide(
            ("rng", "u64", 0),
            |r| r.next_u64(),
            |t| t.parse().ok(),
            || 0,
            u64::to_string,
        )
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        let n = dest.len();
        let bytes = self.decide(
            ("rng", "x", n as u64),
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

fn site(location: &Location<'_>) -> String {
    let file = location.file().rsplit('/').next().unwrap_or("?");
    format!("{file}:{}:{}", location.line(), location.column())
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
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A generator: items, some with an optional part, and a final number
    /// drawn through `rand`.
    fn generate(rng: &mut Tape<StdRng>) -> String {
        let mut out = Vec::new();
        for i in 0..rng.loop_count(2, 6) {
            rng.iteration();
            if rng.maybe(0.5) {
                out.push(format!("opt{}", rng.below(10)));
                rng.end();
            }
            out.push(format!("item{i}:{}", rng.between(1, 9)));
        }
        rng.end();
        out.push(format!("end{}", rng.random_range(0..100u32)));
        out.join(" ")
    }

    fn run(replay: Option<String>, align: Align) -> (String, String) {
        // One directory per run: the tests run at the same time.
        static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tape-test-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join(format!("trace-{}", replay.is_some()));
        let mut rng = Tape::with_config(
            StdRng::seed_from_u64(11),
            Config {
                out: out.clone(),
                replay,
                align,
            },
        );
        let text = generate(&mut rng);
        rng.finish().unwrap();
        let trace = std::fs::read_to_string(&out).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        (text, trace)
    }

    fn plan_of(trace: &str) -> String {
        trace
            .lines()
            .filter_map(|l| l.strip_prefix("D\t"))
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                format!("{}\t{}\t{}\n", f[0], f[1], f[3])
            })
            .collect()
    }

    #[test]
    fn outside_treereduce_the_source_is_untouched() {
        let mut plain = StdRng::seed_from_u64(3);
        let mut tape = Tape::from_env(StdRng::seed_from_u64(3));
        assert!(!tape.is_traced());
        assert_eq!(plain.next_u64(), tape.next_u64());
        assert_eq!(
            plain.random_range(0..1000u32),
            tape.random_range(0..1000u32)
        );
    }

    #[test]
    fn a_recorded_run_replays_to_the_same_output() {
        let (text, trace) = run(None, Align::Halt);
        assert!(trace.starts_with("D\t"), "{trace}");
        assert!(trace.contains("\nL\n") && trace.contains("\nI\n") && trace.ends_with("Z\n"));
        let (again, replayed) = run(Some(plan_of(&trace)), Align::Halt);
        assert_eq!(text, again);
        assert!(!replayed.contains("\nM\t") && !replayed.contains("\nU\t"));
    }

    #[test]
    fn a_plan_without_an_iteration_realigns_the_rest() {
        let (text, trace) = run(None, Align::Realign);
        // Drop the first iteration: lower the count and skip its decisions.
        let lines: Vec<&str> = trace.lines().collect();
        let first = lines.iter().position(|l| *l == "I").unwrap();
        let second = first + 1 + lines[first + 1..].iter().position(|l| *l == "I").unwrap();
        let mut kept: Vec<String> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if i > first && i < second {
                continue;
            }
            kept.push(line.to_string());
        }
        let mut plan = plan_of(&kept.join("\n"));
        let count_line = plan.lines().next().unwrap().to_string();
        let mut f: Vec<String> = count_line.split('\t').map(String::from).collect();
        let count: u64 = f[2].parse().unwrap();
        assert!(count >= 1, "{trace}");
        f[2] = (count - 1).to_string();
        plan = plan.replacen(&count_line, &f.join("\t"), 1);
        let (shorter, replayed) = run(Some(plan), Align::Realign);
        let items = |t: &str| t.split(' ').filter(|w| w.starts_with("item")).count();
        assert_eq!(items(&shorter), items(&text) - 1, "{text} / {shorter}");
        assert_eq!(text.rsplit(' ').next(), shorter.rsplit(' ').next());
        assert!(!replayed.contains("\nM\t"), "{replayed}");
    }
}
