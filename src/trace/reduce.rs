//! Trace reduction on the engine: the [`Subject`] is the recorded run, a
//! change removes units (loop iterations, selection blocks), a candidate is
//! the replay plan of the run without them, and its test re-executes the
//! generator aligned with that plan and runs the interestingness test on
//! the program it writes. The verdict cache is keyed by the plan, so a plan
//! is never replayed twice; programs are also remembered by their text, so
//! two plans that generate the same program cost one test.
//!
//! Two searches (the paper's Section 4.3): *tree* runs ddmin level by level
//! over the nesting of units (HDD: the units in no other unit first, then
//! the children of those kept), *sequence* runs ddmin over all units in
//! the order they were opened. Each level is a set of chunk tasks on the
//! engine's heap, biggest chunk (in decisions) first, so the workers test a
//! level's chunks ahead of time. After the last level of units, the
//! decisions that open no structure are tried at their lowest value, by
//! groups (the unit holding them), within as many candidates as the
//! pass's units made. A pass ends when its last level has no chunk of one
//! unit or group left to take; the run is then recorded anew from the best
//! replay and the next pass starts, until a pass removes nothing.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use parking_lot::Mutex;
use serde::Serialize;

use super::generator::{Align, Generator, GeneratorRun};
use super::record::{Trace, UnitId};
use crate::engine::{Run, run_pass};
use crate::oracle::{Oracle, OracleError, Remembered, RunOutcome, Verdict, VerdictCache};
use crate::stats::{Size, Stats, bump};
use crate::task::{Applied, Job, Observer, Priority, Queued, Subject, Tests};

/// How the units are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// HDD over the nesting of loops and selections.
    Tree,
    /// ddmin over all units in order.
    Sequence,
}

impl Search {
    /// Both searches, in the order `--search` lists them.
    pub const ALL: [Search; 2] = [Search::Tree, Search::Sequence];

    /// Its name, as `--search` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Search::Tree => "tree",
            Search::Sequence => "sequence",
        }
    }

    /// The search of that name (`tree`, `sequence`).
    pub fn named(name: &str) -> Option<Search> {
        Search::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The statistics key of its changes.
    pub fn kind(self) -> &'static str {
        match self {
            Search::Tree => "trace-tree",
            Search::Sequence => "trace-sequence",
        }
    }
}

/// The statistics keys of trace reduction.
pub const KINDS: [&str; 3] = ["trace-tree", "trace-sequence", VALUES];

/// The statistics key of the changes that lower decisions.
const VALUES: &str = "trace-values";

/// Extra removals bypass makes for one candidate before giving it up.
const BYPASS_LIMIT: usize = 64;

/// Counters of the generator's runs during trace reduction.
#[derive(Debug, Default, Serialize)]
pub struct TraceCounters {
    /// Runs of the generator.
    pub generator_runs: AtomicU64,
    /// Runs that failed (exit code, signal) and gave no program.
    pub generator_failures: AtomicU64,
    /// Runs killed at the time limit.
    pub generator_timeouts: AtomicU64,
    /// Runs of the interestingness test.
    pub script_runs: AtomicU64,
    /// Candidates whose program was not smaller than the best (no test).
    pub not_smaller: AtomicU64,
    /// Candidates whose program had been tested already (no test).
    pub duplicate_programs: AtomicU64,
    /// Decisions that could not be aligned and got re-aligned (realign).
    pub realigned_decisions: AtomicU64,
    /// Runs stopped at a decision that could not be aligned (halt, bypass).
    pub halted_runs: AtomicU64,
    /// Units removed by bypass on top of the planned ones.
    pub bypassed_units: AtomicU64,
    /// Passes whose lowest values stopped at their budget.
    pub values_budget_stops: AtomicU64,
}

/// A state of the trace reduction: which units of the pass's trace are
/// removed, and what the generator made of it.
pub struct BestRun {
    /// Per unit of the pass's trace.
    pub removed: Arc<Vec<bool>>,
    /// Per decision of the pass's trace: set to its lowest value.
    pub lowered: Arc<Vec<bool>>,
    /// The generated program.
    pub output: Arc<[u8]>,
    /// Its size in tokens.
    pub tokens: u64,
    /// The trace the generator wrote for it.
    pub trace: Arc<str>,
}

/// A plan to replay.
pub struct Candidate {
    removed: Vec<bool>,
    lowered: Vec<bool>,
    plan: String,
    from: Vec<usize>,
    key: u128,
    limit: u64,
}

/// Remove these units, or set these decisions to their lowest value.
pub struct Removal {
    units: Vec<UnitId>,
    lower: Vec<usize>,
    kind: &'static str,
}

/// What an interesting replay produced.
struct Produced {
    removed: Vec<bool>,
    lowered: Vec<bool>,
    output: Arc<[u8]>,
    tokens: u64,
    trace: Arc<str>,
}

/// Measures a program in tokens.
pub type Measure<'a> = &'a (dyn Fn(&[u8]) -> u64 + Sync);

/// See the module documentation.
pub struct TraceSubject<'a> {
    trace: Arc<Trace>,
    generator: &'a Generator,
    oracle: &'a dyn Oracle,
    align: Align,
    measure: Measure<'a>,
    counters: &'a TraceCounters,
    observer: &'a dyn Observer,
    produced: Mutex<HashMap<u128, Arc<Produced>>>,
    /// The verdicts of the programs replays wrote, by their text.
    programs: &'a Remembered,
    /// The top level of the first pass removed less than a tenth of the
    /// program, and so did the level below it (or there is none), or that
    /// level made as many candidates as the top level without removing a tenth:
    /// the trace stage stops there.
    little: AtomicBool,
    /// The pass (from 0).
    pass: usize,
    /// The run's statistics: its candidates, counted as each change is
    /// tried in its turn (so the same at every -j, unlike the candidates
    /// made while looking ahead, or the runs, which happen when the tests
    /// do), are what the values' and the level's budgets count.
    stats: &'a Stats,
}

impl Subject for TraceSubject<'_> {
    type State = BestRun;
    type Candidate = Candidate;
    type Change = Removal;
    type Scratch = ();

    fn scratch(&self, _worker: usize) {}

    fn apply(&self, best: &BestRun, change: &Removal, _: &mut ()) -> Applied<Candidate> {
        let trace = &self.trace;
        if change
            .units
            .iter()
            .all(|&u| trace.is_removed(&best.removed, u))
            && change.lower.iter().all(|&d| best.lowered[d])
        {
            return Applied::Implied;
        }
        let mut removed = (*best.removed).clone();
        for &u in &change.units {
            removed[u] = true;
        }
        let mut lowered = (*best.lowered).clone();
        for &d in &change.lower {
            lowered[d] = true;
        }
        let Some((plan, from)) = trace.plan_lowered(&removed, &lowered) else {
            return Applied::Rejected;
        };
        // Keyed by the pass too: units are numbered per pass, and what an
        // interesting replay produced is kept per pass, so a plan that an
        // earlier pass found interesting is replayed again (its program's
        // verdict is still remembered).
        let key =
            VerdictCache::key(format!("{}\n{}\n{plan}", self.align.name(), self.pass).as_bytes());
        Applied::Candidate(Candidate {
            removed,
            lowered,
            plan,
            from,
            key,
            limit: best.tokens,
        })
    }

    fn key(&self, candidate: &Candidate) -> u128 {
        candidate.key
    }

    fn test(&self, worker: usize, candidate: &Candidate) -> Result<Verdict, OracleError> {
        let counters = self.counters;
        let replayed = replay(
            self.generator,
            &self.trace,
            (candidate.removed.clone(), &candidate.lowered),
            (candidate.plan.clone(), candidate.from.clone()),
            self.align,
            worker,
            counters,
        )
        .map_err(|e| OracleError::new("cannot run the generator", e))?;
        let Some(Replayed { run, removed }) = replayed else {
            return Ok(Verdict::NotInteresting);
        };
        match run.outcome {
            RunOutcome::Cancelled => return Ok(Verdict::Cancelled),
            RunOutcome::TimedOut => {
                bump(&counters.generator_timeouts);
                return Ok(Verdict::NotInteresting);
            }
            _ => {}
        }
        let output = match (run.outcome, run.output) {
            (RunOutcome::Exited(0), Some(output)) => output,
            _ => {
                bump(&counters.generator_failures);
                return Ok(Verdict::NotInteresting);
            }
        };
        let tokens = (self.measure)(&output);
        if tokens >= candidate.limit {
            bump(&counters.not_smaller);
            return Ok(Verdict::NotInteresting);
        }
        let program = VerdictCache::key(&output);
        let interesting = match self.programs.known(program) {
            Some(v) => {
                bump(&counters.duplicate_programs);
                v == Verdict::Interesting
            }
            None => {
                bump(&counters.script_runs);
                let run = || self.oracle.test(worker, &output);
                match self.programs.test(program, run)? {
                    v @ (Verdict::Cancelled | Verdict::TimedOut) => return Ok(v),
                    v => v == Verdict::Interesting,
                }
            }
        };
        if !interesting {
            return Ok(Verdict::NotInteresting);
        }
        let produced = Produced {
            removed,
            lowered: candidate.lowered.clone(),
            output: Arc::from(output),
            tokens,
            trace: Arc::from(run.trace.unwrap_or_default()),
        };
        self.produced
            .lock()
            .insert(candidate.key, Arc::new(produced));
        Ok(Verdict::Interesting)
    }

    fn abandon(&self, worker: usize) {
        self.generator.abandon(worker);
        self.oracle.abandon(worker);
    }

    fn accept(&self, best: &BestRun, candidate: Candidate, _: &mut ()) -> BestRun {
        match self.produced.lock().get(&candidate.key) {
            Some(p) => BestRun {
                removed: Arc::new(p.removed.clone()),
                lowered: Arc::new(p.lowered.clone()),
                output: p.output.clone(),
                tokens: p.tokens,
                trace: p.trace.clone(),
            },
            // Not reachable: only an interesting test accepts, and it keeps
            // what it produced. Keeping the best is the safe answer.
            None => BestRun {
                removed: best.removed.clone(),
                lowered: best.lowered.clone(),
                output: best.output.clone(),
                tokens: best.tokens,
                trace: best.trace.clone(),
            },
        }
    }

    fn size(&self, state: &BestRun) -> Size {
        Size {
            bytes: state.output.len() as u64,
            tokens: state.tokens,
        }
    }

    fn kind(&self, change: &Removal) -> &'static str {
        change.kind
    }

    fn improved(&self, seq: u64, best: &BestRun) {
        self.observer.improved(seq, &best.output);
    }
}

/// A replay that ran to its end (whatever its exit code), and the units
/// it ran without: the planned ones plus those bypass added.
#[derive(Debug)]
pub struct Replayed {
    /// The generator's run.
    pub run: GeneratorRun,
    /// Per unit of the trace.
    pub removed: Vec<bool>,
}

/// Replays `plan` (made from `trace` without the `removed` units) with
/// strategy `align`. `None`: the run halted at a decision it could not
/// align (halt; bypass when no unit holds that decision, or after
/// [`BYPASS_LIMIT`] extra removals). With bypass, each halt removes the
/// innermost unit holding the decision the plan expected there, and the
/// generator runs again.
pub fn replay(
    generator: &Generator,
    trace: &Trace,
    (mut removed, lowered): (Vec<bool>, &[bool]),
    plan: (String, Vec<usize>),
    align: Align,
    worker: usize,
    counters: &TraceCounters,
) -> std::io::Result<Option<Replayed>> {
    let (mut plan, mut from) = plan;
    let mut bypasses = 0;
    loop {
        bump(&counters.generator_runs);
        let run = generator.run(worker, Some(&plan), align)?;
        let parsed = run.trace.as_deref().map(Trace::parse).and_then(Result::ok);
        if let Some(t) = &parsed {
            counters
                .realigned_decisions
                .fetch_add(t.misaligned.len() as u64, Ordering::Relaxed);
        }
        let halted = match align {
            Align::Realign => None,
            Align::Halt | Align::Bypass => parsed.as_ref().and_then(|t| t.halted_at),
        };
        let Some(position) = halted.filter(|_| run.outcome != RunOutcome::Cancelled) else {
            return Ok(Some(Replayed { run, removed }));
        };
        bump(&counters.halted_runs);
        if align != Align::Bypass || bypasses >= BYPASS_LIMIT {
            return Ok(None);
        }
        let Some(unit) = from
            .get(position)
            .and_then(|&d| trace.innermost_unit(&removed, d))
        else {
            return Ok(None);
        };
        removed[unit] = true;
        bump(&counters.bypassed_units);
        bypasses += 1;
        let Some((p, f)) = trace.plan_lowered(&removed, lowered) else {
            return Ok(None);
        };
        (plan, from) = (p, f);
    }
}

/// One ddmin level: `units` removed in chunks of `chunk`; or, with
/// `groups`, the groups of decisions `units` indexes lowered in chunks.
struct Level {
    units: Vec<UnitId>,
    groups: Option<Arc<Vec<Vec<usize>>>>,
    /// Values only: the pass's candidates when the values started, and how
    /// many more they may make (as many as the pass's units made).
    runs: Option<(u64, u64)>,
    chunk: usize,
    /// The first pass's top level and the level below it (tree search):
    /// whether they gain little is watched.
    watch: Option<Watch>,
    pending: AtomicUsize,
    progress: AtomicBool,
    search: Search,
}

/// The early stop's view of a level of the first pass: the program's tokens
/// when the level started, and its depth (0: the top level, 1: the one
/// below); the candidates made when it started, and for the level below a
/// top level that gained little, the candidates it may make before it
/// gains a tenth (as many as the top level made).
#[derive(Clone, Copy)]
struct Watch {
    start: u64,
    depth: u8,
    tests: u64,
    budget: Option<u64>,
}

struct ChunkTask {
    level: Arc<Level>,
    change: Removal,
}

impl<'a> Job<TraceSubject<'a>> for ChunkTask {
    fn run(
        self: Box<Self>,
        tests: &mut dyn Tests<TraceSubject<'a>>,
    ) -> Vec<Queued<TraceSubject<'a>>> {
        if tests.try_change(&self.change) {
            self.level.progress.store(true, Ordering::SeqCst);
        }
        if self.level.pending.fetch_sub(1, Ordering::SeqCst) != 1 {
            return Vec::new();
        }
        let best = tests.snapshot();
        let subject = tests.subject();
        // Both budgets count candidates in their turns: the same at every -j.
        let made = subject.stats.candidates();
        // The values have made as many candidates as the pass's units did:
        // each of their gains is a few tokens, which the finishing stage
        // takes for less.
        if let Some((start, allowed)) = self.level.runs
            && !crate::ablate::off("values-budget")
            && made.saturating_sub(start) >= allowed
        {
            if level_live(&subject.trace, &self.level, &best) {
                bump(&subject.counters.values_budget_stops);
            }
            return Vec::new();
        }
        // Below a top level that gained little, the level has made as many
        // candidates as the top level without gaining a tenth: the trace stage
        // has cost more than its first level already, for little.
        if let Some(watch) = self.level.watch
            && let Some(budget) = watch.budget
            && !crate::ablate::off("budget")
            && best.tokens * 10 > watch.start * 9
            && made.saturating_sub(watch.tests) >= budget
        {
            subject.little.store(true, Ordering::SeqCst);
            return Vec::new();
        }
        // The top level of the run gained little, and so did the level
        // below it (or there is none): the deeper levels and passes would
        // gain less for more tests; the finishing stage takes over. A top
        // level that gains little is often one whose units the bug needs
        // all of (the functions of a program), with the gain inside them.
        let mut below = None;
        if let Some(watch) = self.level.watch
            && !crate::ablate::off("early-stop")
            && level_done(&subject.trace, &self.level, &best)
        {
            let little = best.tokens * 10 > watch.start * 9;
            if little && watch.depth == 1 {
                subject.little.store(true, Ordering::SeqCst);
                return Vec::new();
            }
            // Until the level below says otherwise.
            subject.little.store(little, Ordering::SeqCst);
            if little {
                below = Some(Watch {
                    start: best.tokens,
                    depth: 1,
                    tests: made,
                    budget: Some(made.saturating_sub(watch.tests).max(1)),
                });
            }
        }
        next_level(&subject.trace, &self.level, &best, below, (made, made))
    }

    fn first_change(&self) -> Option<&Removal> {
        Some(&self.change)
    }
}

/// The chunk tasks of a level (none for an empty one).
fn level_tasks<'a>(trace: &Trace, level: Level) -> Vec<Queued<TraceSubject<'a>>> {
    if level.units.is_empty() {
        return Vec::new();
    }
    let chunks: Vec<Vec<UnitId>> = level
        .units
        .chunks(level.chunk.max(1))
        .map(<[UnitId]>::to_vec)
        .collect();
    level.pending.store(chunks.len(), Ordering::SeqCst);
    let kind = match level.groups {
        Some(_) => VALUES,
        None => level.search.kind(),
    };
    let level = Arc::new(level);
    chunks
        .into_iter()
        .map(|units| {
            let (units, lower, tokens) = match &level.groups {
                Some(groups) => {
                    let lower: Vec<usize> = units.iter().flat_map(|&g| groups[g].clone()).collect();
                    let tokens = lower.len() as u64;
                    (Vec::new(), lower, tokens)
                }
                None => {
                    let tokens = units.iter().map(|&u| trace.weight(u)).sum();
                    (units, Vec::new(), tokens)
                }
            };
            let task: Box<dyn Job<TraceSubject<'a>>> = Box::new(ChunkTask {
                level: level.clone(),
                change: Removal { units, lower, kind },
            });
            (Priority { tokens, rank: 0 }, task)
        })
        .collect()
}

fn new_level(units: Vec<UnitId>, chunk: usize, search: Search) -> Level {
    Level {
        units,
        groups: None,
        runs: None,
        chunk,
        watch: None,
        pending: AtomicUsize::new(0),
        progress: AtomicBool::new(false),
        search,
    }
}

/// Whether an item of the level is still there to take: a unit not
/// removed, a group with a decision not lowered.
fn live_item(trace: &Trace, level: &Level, best: &BestRun, item: usize) -> bool {
    match &level.groups {
        Some(groups) => groups[item].iter().any(|&d| !best.lowered[d]),
        None => !trace.is_removed(&best.removed, item),
    }
}

/// Whether the level is done with its own units (its next step would be
/// the level below).
fn level_done(trace: &Trace, level: &Level, best: &BestRun) -> bool {
    !level_live(trace, level, best)
}

/// Whether the level has a step of its own left (its items again, or in
/// smaller chunks).
fn level_live(trace: &Trace, level: &Level, best: &BestRun) -> bool {
    let live = level
        .units
        .iter()
        .any(|&u| live_item(trace, level, best, u));
    let progress = level.progress.load(Ordering::SeqCst);
    live && (progress || level.chunk > 1)
}

/// After a level: the same chunk size again after progress, half of it
/// after none, and after single units without progress the next level of
/// the tree (tree search, watched by `below`), and after the last level of
/// units the decisions' values (the end after them).
fn next_level<'a>(
    trace: &Trace,
    level: &Level,
    best: &BestRun,
    below: Option<Watch>,
    runs: (u64, u64),
) -> Vec<Queued<TraceSubject<'a>>> {
    let removed = &best.removed[..];
    let live: Vec<UnitId> = level
        .units
        .iter()
        .copied()
        .filter(|&u| live_item(trace, level, best, u))
        .collect();
    let progress = level.progress.load(Ordering::SeqCst);
    if !live.is_empty() && (progress || level.chunk > 1) {
        let chunk = if progress {
            level.chunk.min(live.len())
        } else {
            level.chunk.div_ceil(2)
        };
        let mut next = new_level(live, chunk, level.search);
        next.watch = level.watch;
        next.groups = level.groups.clone();
        next.runs = level.runs;
        return level_tasks(trace, next);
    }
    if level.groups.is_some() {
        return Vec::new();
    }
    let children: Vec<UnitId> = match level.search {
        Search::Sequence => Vec::new(),
        Search::Tree => live
            .iter()
            .flat_map(|&u| trace.units[u].children.iter().copied())
            .filter(|&u| !removed[u])
            .collect(),
    };
    if children.is_empty() {
        return value_tasks(trace, removed, &best.lowered, Some(runs));
    }
    let n = children.len();
    let mut next = new_level(children, n, Search::Tree);
    next.watch = below;
    level_tasks(trace, next)
}

/// The level that lowers values, after the units: the lowerable decisions
/// of the units kept, grouped by the unit holding them (see
/// [`Trace::value_groups`]), in chunks of half of them first (all of them
/// at once rarely keeps a program interesting).
fn value_tasks<'a>(
    trace: &Trace,
    removed: &[bool],
    lowered: &[bool],
    runs: Option<(u64, u64)>,
) -> Vec<Queued<TraceSubject<'a>>> {
    if crate::ablate::off("values") {
        return Vec::new();
    }
    let groups = trace.value_groups(removed, lowered);
    let n = groups.len();
    let mut level = new_level((0..n).collect(), n.div_ceil(2), Search::Tree);
    level.groups = Some(Arc::new(groups));
    level.runs = runs.map(|(start, allowed)| (start, allowed.max(1)));
    level_tasks(trace, level)
}

/// The first tasks of a pass; `top`: the first pass's starting tokens.
fn start_tasks<'a>(
    trace: &Trace,
    search: Search,
    top: Option<u64>,
) -> Vec<Queued<TraceSubject<'a>>> {
    let units: Vec<UnitId> = match search {
        Search::Tree => trace.roots.clone(),
        Search::Sequence => (0..trace.units.len()).collect(),
    };
    let n = units.len();
    if n == 0 {
        return value_tasks(trace, &[], &[], None);
    }
    let mut level = new_level(units, n, search);
    if search == Search::Tree {
        level.watch = top.map(|start| Watch {
            start,
            depth: 0,
            tests: 0,
            budget: None,
        });
    }
    level_tasks(trace, level)
}

/// What trace reduction needs besides the recorded run.
pub struct TraceSession<'a> {
    /// Replays the generator.
    pub generator: &'a Generator,
    /// The interestingness test.
    pub oracle: &'a dyn Oracle,
    /// The strategy for decisions that cannot be aligned.
    pub align: Align,
    /// Tree or sequence search.
    pub search: Search,
    /// Program size in tokens.
    pub measure: Measure<'a>,
    /// Counters of the generator's runs.
    pub counters: &'a TraceCounters,
    /// BestRun-so-far listener.
    pub observer: &'a dyn Observer,
}

/// The result of trace reduction.
pub struct Reduced {
    /// The best program.
    pub output: Arc<[u8]>,
    /// Passes run.
    pub passes: usize,
    /// Trace sizes at the start of each pass: (decisions, loops, selections).
    pub sizes: Vec<(usize, usize, usize)>,
    /// The top level of the first pass removed less than a tenth of the
    /// program, so did the level below it (or there was none) within as
    /// many candidates as the top level made, and the trace stage stopped there.
    pub stopped_early: bool,
}

/// Reduces the recorded run `trace` (whose program is `output`) pass after
/// pass until a pass removes nothing or `run` stops.
/// `programs` keeps the verdict of every program a replay wrote (the
/// finishing stage reads them).
pub fn reduce(
    session: &TraceSession<'_>,
    run: &Run<'_>,
    trace: &str,
    output: Arc<[u8]>,
    programs: &Remembered,
) -> Result<Reduced, super::record::TraceError> {
    let mut best = BestRun {
        removed: Arc::new(Vec::new()),
        lowered: Arc::new(Vec::new()),
        tokens: (session.measure)(&output),
        output,
        trace: Arc::from(trace),
    };
    let mut passes = 0;
    let mut sizes = Vec::new();
    let stopped_early = loop {
        let parsed = Arc::new(Trace::parse(&best.trace)?);
        let (loops, selections) = parsed.counts();
        sizes.push((parsed.decisions.len(), loops, selections));
        let subject = TraceSubject {
            trace: parsed.clone(),
            generator: session.generator,
            oracle: session.oracle,
            align: session.align,
            measure: session.measure,
            counters: session.counters,
            observer: session.observer,
            produced: Mutex::new(HashMap::new()),
            programs,
            little: AtomicBool::new(false),
            pass: passes,
            stats: run.stats,
        };
        let start = BestRun {
            removed: Arc::new(vec![false; parsed.units.len()]),
            lowered: Arc::new(vec![false; parsed.decisions.len()]),
            output: best.output.clone(),
            tokens: best.tokens,
            trace: best.trace.clone(),
        };
        let tasks = start_tasks(
            &parsed,
            session.search,
            (passes == 0).then_some(best.tokens),
        );
        passes += 1;
        let finished = run_pass(run, &subject, start, tasks);
        best = Arc::try_unwrap(finished.best).unwrap_or_else(|b| BestRun {
            removed: b.removed.clone(),
            lowered: b.lowered.clone(),
            output: b.output.clone(),
            tokens: b.tokens,
            trace: b.trace.clone(),
        });
        let little = subject.little.load(Ordering::SeqCst);
        if finished.commits == 0 || run.stopped() || little {
            break little;
        }
    };
    Ok(Reduced {
        output: best.output,
        passes,
        sizes,
        stopped_early,
    })
}
