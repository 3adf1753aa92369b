//! The trace mode's driver: record the generator's run and check that it
//! replays ([`record`]), reduce the trace, then hand the best generated
//! program to the single-program reducer ([`reduce_recorded`]). The command
//! line checks the arguments and the outputs around it and reports;
//! [`crate::reduce_trace`] runs the same steps with any oracle.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::generator::{Align, Generator, GeneratorRun};
use super::record::Trace;
use super::reduce::{KINDS, Search, TraceCounters, TraceSession};
use crate::engine::Run;
use crate::lang::Language;
use crate::options::RunOptions;
use crate::oracle::{Cancel, Oracle, Remembered, RunOutcome, Stored, Verdict, VerdictStore};
use crate::reduce;
use crate::single::{self, Session};
use crate::stats::{Recheck, Report, Size, Stats};
use crate::syntax::Grammar;
use crate::task::{Observer, Phase};

/// The longest time a generator's run may take when none is given: ten
/// times the slowest of the recording and its two replays, at least one
/// second and at most a week.
const MAX_GENERATOR_TIMEOUT: Duration = Duration::from_secs(7 * 24 * 3600);

/// The statistics of a trace stage (counters keyed by the two searches).
pub fn trace_stats() -> Stats {
    Stats::new(KINDS)
}

/// Why the generator's run cannot be reduced.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TraceError {
    /// The generator failed, wrote no program or trace, or does not replay
    /// its own decisions; `stderr_tail` holds the last lines of its stderr
    /// when they tell why.
    #[error("{message}")]
    Generator {
        /// What went wrong.
        message: String,
        /// The last lines of the generator's stderr (empty if they do not help).
        stderr_tail: String,
    },
    /// The run was cancelled before anything was reduced, while `during`
    /// ("running the generator", "checking the generator").
    #[error("interrupted while {during}")]
    Interrupted {
        /// What was running.
        during: &'static str,
    },
    /// The oracle rejects the generated program.
    #[error("the generated program is not interesting to the oracle")]
    NotInteresting {
        /// The program the generator wrote.
        program: Vec<u8>,
    },
    /// The generator's directories could not be prepared, or a trace the
    /// generator wrote while reducing could not be read.
    #[error("{0}")]
    Setup(String),
}

fn generator_error(message: String, run: Option<&GeneratorRun>) -> TraceError {
    TraceError::Generator {
        message,
        stderr_tail: run.map_or(String::new(), |r| r.stderr_tail.clone()),
    }
}

/// The generator's run, recorded and replayed twice to the same program.
pub struct Recorded {
    /// The trace its hook wrote.
    pub trace: String,
    /// The program it wrote.
    pub program: Vec<u8>,
    /// The slowest of the three runs.
    pub slowest: Duration,
}

/// Records the generator's run and checks it twice by replay. `warn` is
/// told about random sources the hook cannot see.
pub fn record(
    generator: &Generator,
    cancel: &Cancel,
    warn: &dyn Fn(&str),
) -> Result<Recorded, TraceError> {
    let command = generator.command_line();
    let run = generator
        .run(0, None, Align::Halt)
        .map_err(|e| generator_error(format!("cannot run the generator `{command}`: {e}"), None))?;
    let what = match run.outcome {
        RunOutcome::Exited(0) => None,
        RunOutcome::Cancelled => {
            return Err(TraceError::Interrupted {
                during: "running the generator",
            });
        }
        RunOutcome::TimedOut => Some(format!(
            "the generator `{command}` did not finish within {:.1} s (raise --gen-timeout if it is just slow)",
            generator.timeout().as_secs_f64()
        )),
        RunOutcome::Exited(code) => Some(format!(
            "the generator `{command}` failed with exit code {code}"
        )),
        RunOutcome::Signaled(sig) => Some(format!(
            "the generator `{command}` was killed by signal {sig}"
        )),
    };
    if let Some(what) = what {
        return Err(generator_error(what, Some(&run)));
    }
    let program = match &run.output {
        Some(o) if !o.is_empty() => o.clone(),
        _ => {
            return Err(generator_error(
                format!(
                    "the generator `{command}` wrote no program (it must write one to stdout, or to the file named by --gen-output)"
                ),
                Some(&run),
            ));
        }
    };
    let Some(text) = run.trace.clone() else {
        return Err(generator_error(
            format!(
                "the generator `{command}` wrote no trace: treereduce records Python (through PYTHONPATH, so not with python -I, -E or -S) and node (through NODE_OPTIONS) by itself; a generator in another language must follow the tape protocol (doc/trace-protocol.md)"
            ),
            Some(&run),
        ));
    };
    let trace = Trace::parse(&text).map_err(|e| {
        generator_error(
            format!("the generator `{command}` wrote a malformed trace: {e}"),
            None,
        )
    })?;
    if trace.decisions.is_empty() {
        return Err(generator_error(
            format!(
                "the generator `{command}` made no random decision treereduce can see (Python's `random`, node's Math.random, or the tape protocol); a generator with a random source of its own (numpy, os.urandom, secrets) cannot be replayed"
            ),
            Some(&run),
        ));
    }
    // Draws treereduce cannot see: said now, not only when a replay differs.
    let unseen = if trace.unrecorded.is_empty() {
        String::new()
    } else {
        let names = trace.unrecorded.join(", ");
        warn(&format!(
            "the generator `{command}` loads {names}, whose draws treereduce neither records nor replays (only Python's `random.Random` is intercepted): whatever it draws from them stays as it is, and a replay that draws them in another order writes another program"
        ));
        format!(" (it loads {names}, which treereduce does not record)")
    };
    let slowest = replay_twice(generator, cancel, &trace, &program, &unseen)?.max(run.duration);
    Ok(Recorded {
        trace: text,
        program,
        slowest,
    })
}

/// Replays the recorded run twice: both replays must follow the recorded
/// decisions and write `program`. The slower replay's time.
fn replay_twice(
    generator: &Generator,
    cancel: &Cancel,
    trace: &Trace,
    program: &[u8],
    unseen: &str,
) -> Result<Duration, TraceError> {
    let command = generator.command_line();
    let (plan, _) = trace
        .plan(&vec![false; trace.units.len()])
        .expect("removing nothing always has a plan");
    let mut slowest = Duration::ZERO;
    for round in 0..2 {
        let replay = generator.run(0, Some(&plan), Align::Halt).map_err(|e| {
            generator_error(format!("cannot run the generator `{command}`: {e}"), None)
        })?;
        if replay.outcome == RunOutcome::Cancelled || cancel.is_cancelled() {
            return Err(TraceError::Interrupted {
                during: "checking the generator",
            });
        }
        slowest = slowest.max(replay.duration);
        let replayed = replay.trace.as_deref().map(Trace::parse);
        if let Some(Ok(t)) = &replayed
            && let Some(position) = t.halted_at
        {
            let expected = trace
                .decisions
                .get(position)
                .map_or("-", |d| d.site.as_str());
            let got = t.decisions.get(position).map_or("-", |d| d.site.as_str());
            return Err(generator_error(
                format!(
                    "the generator `{command}` does not follow the replay of its own run: decision {} was expected at {expected} but made at {got}; it is not deterministic given its decisions (time, hash order, threads, files it reads?)",
                    position + 1
                ),
                Some(&replay),
            ));
        }
        if replay.outcome != RunOutcome::Exited(0) {
            return Err(generator_error(
                format!(
                    "the generator `{command}` ended with {:?} when replaying its own run",
                    replay.outcome
                ),
                Some(&replay),
            ));
        }
        // Both replays are compared with the recording, so with each other.
        if replay.output.as_deref().unwrap_or_default() != program {
            return Err(generator_error(
                format!(
                    "the generator `{command}` wrote another program when replaying its own decisions{}: it is not deterministic given its decisions, or it ignores the replay (a random source treereduce cannot see: numpy, os.urandom, secrets, time, hash order){unseen}",
                    if round == 0 { "" } else { " a second time" }
                ),
                None,
            ));
        }
    }
    Ok(slowest)
}

/// Told about a trace run's progress.
pub trait TraceObserver: Sync {
    /// A better program; `seq` counts over both stages.
    fn improved(&self, seq: u64, text: &[u8]);
    /// The current stage entered `phase`.
    fn phase(&self, phase: Phase);
    /// The trace stage ended; the finishing stage starts now, counting
    /// into `stats` (not called with `finish` off).
    fn finishing(&self, _stats: &Arc<Stats>) {}
    /// The finishing stage ended.
    fn finished(&self) {}
}

/// A reduction of a recorded run: who runs it, and how.
pub struct TraceJob<'a> {
    /// Runs the generator (its time limit is set here from the recording).
    pub generator: &'a Generator,
    /// The interestingness test of the trace stage (and of the finishing
    /// stage, without `finish_oracle`).
    pub oracle: &'a dyn Oracle,
    /// The finishing stage's own test, if it has one: it rejects every
    /// program `oracle` rejects, and may check more (the validity of
    /// programs the generator did not write).
    pub finish_oracle: Option<&'a dyn Oracle>,
    /// The language of the generated program: tokens are counted in it and
    /// the finishing stage reduces in it (without one, tokens are words and
    /// there is no finishing stage).
    pub language: Option<&'static Language>,
    /// What a replay does with a decision it cannot align.
    pub align: Align,
    /// Tree or sequence search over the trace's units.
    pub search: Search,
    /// Run the single-program reducer on the trace stage's result.
    pub finish: bool,
    /// Tests in parallel; the finishing stage's width and order.
    pub run: &'a RunOptions,
    /// The generator's time limit (`None`: ten times the slowest recorded run).
    pub gen_timeout: Option<Duration>,
    /// Stops both stages.
    pub cancel: &'a Cancel,
    /// The trace stage's statistics (see [`trace_stats`]).
    pub stats: &'a Stats,
}

/// How a stage of a trace run stopped short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stopped {
    /// The test or the generator could not be run 5 times in a row (the
    /// engine's error limit) in the trace stage; the finishing stage did not
    /// run.
    TraceTestErrors(String),
    /// The same in the finishing stage.
    FinishTestErrors(String),
    /// The finishing stage could not start (the program is too large, or
    /// its own test rejects the trace stage's result).
    FinishSkipped(String),
}

/// The result of a trace run.
#[derive(Debug)]
pub struct TraceOutcome {
    /// The smallest interesting program found.
    pub text: Arc<[u8]>,
    /// Tokens of the recorded program (words without a language).
    pub generated_tokens: u64,
    /// Tokens after the trace stage.
    pub trace_tokens: u64,
    /// Tokens after the finishing stage (`None`: it did not run).
    pub finished_tokens: Option<u64>,
    /// Passes of the trace stage.
    pub passes: usize,
    /// Trace sizes at the start of each pass: (decisions, loops, selections).
    pub sizes: Vec<(usize, usize, usize)>,
    /// The trace stage stopped after its first pass's top levels removed
    /// little (the finishing stage took over).
    pub stopped_early: bool,
    /// The generator's runs during the trace stage.
    pub counters: TraceCounters,
    /// The finishing stage's statistics (`None`: it did not run).
    pub finish: Option<Report>,
    /// Tests of the finishing stage.
    pub finish_tests: u64,
    /// Stopped by the cancel token; `text` is the best so far.
    pub cancelled: bool,
    /// The finishing stage's re-check failed once (a flaky test).
    pub flaky: bool,
    /// How the finishing stage's re-check went.
    pub recheck: Recheck,
    /// With [`Recheck::CouldNotRun`]: the test's last error.
    pub recheck_error: Option<String>,
    /// A stage that stopped short; `text` is the best found before.
    pub stopped: Option<Stopped>,
}

impl TraceOutcome {
    /// The size of the result in tokens (as `generated_tokens` counts them).
    pub fn tokens(&self) -> u64 {
        self.finished_tokens.unwrap_or(self.trace_tokens)
    }
}

/// The size of a program in tokens of `language`, or in words without one.
pub fn measure(language: Option<&'static Language>, text: &[u8]) -> u64 {
    match language.map(Grammar::of) {
        Some(g) => crate::syntax::count_tokens(&crate::syntax::parse(g, text)) as u64,
        None => text
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .count() as u64,
    }
}

/// Sends improvements on, numbered after those of the stages before.
struct Forward<'a> {
    observer: &'a dyn TraceObserver,
    base: u64,
    newest: &'a AtomicU64,
}

impl Observer for Forward<'_> {
    fn improved(&self, seq: u64, text: &[u8]) {
        let seq = self.base + seq;
        self.newest.fetch_max(seq, Ordering::SeqCst);
        self.observer.improved(seq, text);
    }

    fn phase(&self, phase: Phase) {
        self.observer.phase(phase);
    }
}

/// Reduces the recorded run (whose program the oracle found interesting),
/// then finishes its best program with the single-program reducer.
pub fn reduce_recorded(
    job: &TraceJob<'_>,
    recorded: Recorded,
    observer: &dyn TraceObserver,
) -> Result<TraceOutcome, TraceError> {
    let generator_timeout = job.gen_timeout.unwrap_or_else(|| {
        (recorded.slowest * 10).clamp(Duration::from_secs(1), MAX_GENERATOR_TIMEOUT)
    });
    job.generator.set_timeout(generator_timeout);
    let language = job.language;
    let measure = move |text: &[u8]| measure(language, text);
    let generated_tokens = measure(&recorded.program);
    job.stats.set_start(Size {
        bytes: recorded.program.len() as u64,
        tokens: generated_tokens,
    });
    let newest = AtomicU64::new(0);
    let counters = TraceCounters::default();
    let programs = Arc::new(Remembered::default());
    let run = Run::new(job.run.jobs, job.stats, Some(job.cancel));
    observer.phase(Phase::Reduce(1));
    let reduced = {
        let forward = Forward {
            observer,
            base: 0,
            newest: &newest,
        };
        let session = TraceSession {
            generator: job.generator,
            oracle: job.oracle,
            align: job.align,
            search: job.search,
            measure: &measure,
            counters: &counters,
            observer: &forward,
        };
        super::reduce::reduce(
            &session,
            &run,
            &recorded.trace,
            Arc::from(recorded.program.as_slice()),
            &programs,
        )
        .map_err(|e| TraceError::Setup(format!("the generator wrote a malformed trace: {e}")))?
    };
    let mut outcome = TraceOutcome {
        trace_tokens: measure(&reduced.output),
        text: reduced.output,
        generated_tokens,
        finished_tokens: None,
        passes: reduced.passes,
        sizes: reduced.sizes,
        stopped_early: reduced.stopped_early,
        counters,
        finish: None,
        finish_tests: 0,
        cancelled: false,
        flaky: false,
        recheck: Recheck::NotRun,
        recheck_error: None,
        stopped: run.failure().map(Stopped::TraceTestErrors),
    };
    if outcome.stopped.is_none()
        && !job.cancel.is_cancelled()
        && job.finish
        && let Some(language) = language
    {
        let base = newest.load(Ordering::SeqCst);
        // With a test of its own, only the trace stage's rejections hold
        // for the finishing stage (its test rejects whatever the trace
        // stage's rejects); it tests its start itself.
        let known = TraceVerdicts {
            programs,
            rejections_only: job.finish_oracle.is_some(),
        };
        finish(job, language, &mut outcome, observer, base, known);
    }
    outcome.cancelled = job.cancel.is_cancelled();
    Ok(outcome)
}

/// The verdicts of the programs the trace stage's replays wrote, for the
/// finishing stage: a candidate of the syntax reducer that is one of them
/// (a block the generator could leave out, deleted as text) is not tested
/// again. Its new verdicts are the finishing stage's own (kept in its
/// cache, not here). `rejections_only`: the finishing stage has a test of
/// its own, and only the rejections carry over.
struct TraceVerdicts {
    programs: Arc<Remembered>,
    rejections_only: bool,
}

impl VerdictStore for TraceVerdicts {
    fn get(&self, key: u128) -> Option<Stored> {
        match self.programs.known(key)? {
            Verdict::Interesting if self.rejections_only => None,
            Verdict::Interesting => Some(Stored::Interesting),
            Verdict::NotInteresting => Some(Stored::NotInteresting),
            // A timeout is tried again, as in the single reducer's cache.
            _ => None,
        }
    }

    fn put(&self, _: u128, _: Stored) {}
}

/// The finishing stage: the single-program reducer on the trace stage's
/// result, its improvements numbered from `base`, starting from the
/// verdicts the trace stage has (`known`).
fn finish(
    job: &TraceJob<'_>,
    language: &'static Language,
    outcome: &mut TraceOutcome,
    observer: &dyn TraceObserver,
    base: u64,
    known: TraceVerdicts,
) {
    let stats = Arc::new(Stats::new(reduce::names()));
    observer.finishing(&stats);
    let mut config = single::config(job.run);
    // A test of its own judges the start too: the trace stage's result
    // passed the trace stage's test only.
    config.input_checked = job.finish_oracle.is_none();
    let newest = AtomicU64::new(base);
    let forward = Forward {
        observer,
        base,
        newest: &newest,
    };
    let grammar = Grammar::of(language);
    let mut session = Session::new(
        grammar,
        job.finish_oracle.unwrap_or(job.oracle),
        &config,
        &stats,
        Some(job.cancel),
        &forward,
    );
    if !crate::ablate::off("warm-finish") {
        session.store = Some(Arc::new(known));
    }
    let result = single::reduce(&session, &outcome.text, None);
    observer.finished();
    match result {
        Ok(o) => {
            outcome.flaky = o.flaky;
            outcome.recheck = o.recheck;
            outcome.recheck_error = o.recheck_error;
            outcome.text = o.text;
        }
        Err(single::ReduceError::Oracle { best, error }) => {
            outcome.text = best;
            outcome.stopped = Some(Stopped::FinishTestErrors(error));
            return;
        }
        Err(single::ReduceError::NotInteresting(_)) => {
            outcome.stopped = Some(Stopped::FinishSkipped(
                "the finishing stage's test rejects the trace stage's result (a program the \
                 generator wrote); the output holds that result"
                    .into(),
            ))
        }
        Err(e) => outcome.stopped = Some(Stopped::FinishSkipped(e.to_string())),
    }
    outcome.finished_tokens = Some(measure(Some(language), &outcome.text));
    outcome.finish = Some(stats.report());
    outcome.finish_tests = stats.tests.load(Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With a finishing test of its own, a program the trace stage's test
    /// accepted is tested again; one it rejected is not (the finishing
    /// test rejects whatever the trace stage's rejects).
    #[test]
    fn only_rejections_carry_over_to_a_finishing_test_of_its_own() {
        let programs = Arc::new(Remembered::default());
        let (accepted, rejected) = (
            crate::oracle::VerdictCache::key(b"int a;"),
            crate::oracle::VerdictCache::key(b"int b;"),
        );
        programs
            .test(accepted, || Ok(Verdict::Interesting))
            .unwrap();
        programs
            .test(rejected, || Ok(Verdict::NotInteresting))
            .unwrap();
        let shared = TraceVerdicts {
            programs: programs.clone(),
            rejections_only: false,
        };
        assert_eq!(shared.get(accepted), Some(Stored::Interesting));
        assert_eq!(shared.get(rejected), Some(Stored::NotInteresting));
        let own = TraceVerdicts {
            programs,
            rejections_only: true,
        };
        assert_eq!(own.get(accepted), None);
        assert_eq!(own.get(rejected), Some(Stored::NotInteresting));
    }
}
