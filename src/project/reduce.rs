//! The reduction of a project: its programs in turn, each with every
//! reduction of its language (the single-file passes, canonicalization and
//! layout) while the rest of the project stays as it is, then the files no
//! program holds; again until a round changes nothing; then the final
//! re-check of the whole project.
//!
//! Every test sees the whole project: a program's candidate is put back
//! among the project's other files and handed to the test as a project
//! archive ([`ProgramOracle`]). The improvements of a program reach the
//! caller's observer as archives too, numbered in one sequence for the whole
//! run, so that the output always holds a whole project.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use parking_lot::Mutex;
use xxhash_rust::xxh3::xxh3_128;

use super::{Files, Project, State};
use crate::oracle::{
    Cancel, Oracle, OracleError, Stored, Verdict, VerdictCache, VerdictStore, steer_through,
};
use crate::reduce::Config;
use crate::single::{self, Outcome, ReduceError, recheck_checkpoints};
use crate::stats::{Recheck, Size, Stats, bump};
use crate::syntax::{Grammar, count_tokens, parse};
use crate::task::{Observer, Phase};

/// Everything a project's reduction needs besides the project.
pub struct Session<'a> {
    /// The test of a project archive ([`Files::encode`]).
    pub oracle: &'a dyn Oracle,
    /// Settings, as for one program.
    pub config: &'a Config,
    /// Counters.
    pub stats: &'a Stats,
    /// Set on Ctrl-C.
    pub cancel: Option<&'a Cancel>,
    /// Progress listener: improvements are project archives.
    pub observer: &'a dyn Observer,
    /// Verdicts kept between runs.
    pub store: Option<Arc<dyn VerdictStore>>,
    /// Set (before `cancel`) when the run is stopped by its deadline.
    pub deadline: Option<&'a AtomicBool>,
}

/// Reduces `project` (see the module documentation). The outcome's text
/// is the result's archive ([`Files::encode`]); its size counts the bytes
/// of every file and the tokens of the programs (markers left out).
pub fn reduce(session: &Session<'_>, project: &Project) -> Result<Outcome, ReduceError> {
    let state = project.start();
    let input: Arc<[u8]> = Arc::from(project.files(&state).encode());
    let mut driver = Driver {
        session,
        project,
        seq: AtomicU64::new(0),
        checkpoints: vec![input.clone()],
        state,
    };
    session.stats.set_start(driver.size(&driver.state));
    if !session.config.input_checked {
        session.observer.phase(Phase::Check);
        match session.oracle.test(0, &input) {
            Err(e) => {
                bump(&session.stats.oracle_errors);
                return Err(ReduceError::Oracle {
                    error: e.to_string(),
                    best: input,
                });
            }
            Ok(Verdict::Cancelled) => return driver.finish(true, false, Recheck::NotRun, None),
            Ok(Verdict::Interesting) => {
                crate::engine::count_run(session.stats, Verdict::Interesting)
            }
            Ok(verdict) => {
                crate::engine::count_run(session.stats, verdict);
                return Err(ReduceError::NotInteresting(verdict));
            }
        }
    }
    driver.rounds()?;
    driver.end()
}

/// The state of one project reduction between its steps.
struct Driver<'s, 'a> {
    session: &'s Session<'a>,
    project: &'s Project,
    /// The improvement numbers handed to the observer.
    seq: AtomicU64,
    /// The input's archive, then the result of every step that changed
    /// something: the final re-check's fallbacks.
    checkpoints: Vec<Arc<[u8]>>,
    state: State,
}

impl Driver<'_, '_> {
    /// Rounds of every program, then the other files, until a round
    /// changes nothing (one round with `--passes`), or ends where an
    /// earlier round ended: steps that undo each other (a layout that two
    /// passes lay out two ways) cannot keep it going.
    fn rounds(&mut self) -> Result<(), ReduceError> {
        let mut seen = std::collections::HashSet::new();
        loop {
            let mut changed = false;
            for program in 0..self.project.programs.len() {
                changed |= self.program(program)?;
                if self.stopped() {
                    return Ok(());
                }
            }
            changed |= self.rest()?;
            let again = !seen.insert(xxh3_128(self.checkpoints.last().expect("the input")));
            if self.stopped() || !changed || again || self.session.config.passes.is_some() {
                return Ok(());
            }
        }
    }

    /// Whether the run was stopped: Ctrl-C, or the deadline (which a
    /// program's run, having re-checked its result at the deadline, may
    /// have taken off the cancel token again).
    fn stopped(&self) -> bool {
        self.session.cancel.is_some_and(Cancel::is_cancelled) || self.at_deadline()
    }

    fn at_deadline(&self) -> bool {
        self.session
            .deadline
            .is_some_and(|d| d.load(Ordering::SeqCst))
    }

    /// Reduces program `which` with the rest of the project as it is;
    /// whether it changed.
    fn program(&mut self, which: usize) -> Result<bool, ReduceError> {
        let (session, project) = (self.session, self.project);
        let program = &project.programs[which];
        let grammar = Grammar::of(program.language);
        let config = Config {
            verify: false,
            input_checked: true,
            ..session.config.clone()
        };
        let oracle = ProgramOracle {
            inner: session.oracle,
            project,
            state: &self.state,
            which,
        };
        let observer = ProgramObserver {
            driver_seq: &self.seq,
            outer: session.observer,
            oracle: &oracle,
            stats: session.stats,
            newest: Mutex::new(0),
        };
        let text = self.state.texts[which].clone();
        let outside = self.outside(which);
        session.stats.enter_part(outside);
        let mut single = single::Session::new(
            grammar,
            &oracle,
            &config,
            session.stats,
            session.cancel,
            &observer,
        );
        single.store = self.salted(Some(which));
        single.deadline = session.deadline;
        let outcome = single::reduce(&single, &text, None);
        session.stats.leave_part();
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(ReduceError::Oracle { error, best }) => {
                return Err(ReduceError::Oracle {
                    error,
                    best: oracle.archive(&best).map_or_else(
                        || self.checkpoints.last().expect("the input").clone(),
                        Arc::from,
                    ),
                });
            }
            Err(e) => return Err(e),
        };
        if outcome.text[..] == text[..] {
            return Ok(false);
        }
        self.state.texts[which] = outcome.text;
        self.checkpoint();
        Ok(true)
    }

    /// Reduces the files no program holds; whether they changed.
    fn rest(&mut self) -> Result<bool, ReduceError> {
        let session = self.session;
        let outside = self.programs_size();
        session.stats.enter_part(outside);
        let store = self.salted(None);
        let found = super::rest::reduce(
            &super::rest::Pass {
                oracle: session.oracle,
                project: self.project,
                state: &self.state,
                config: session.config,
                stats: session.stats,
                cancel: session.cancel,
                observer: session.observer,
                seq: &self.seq,
            },
            store,
        );
        session.stats.leave_part();
        let rest = found?;
        if rest == self.state.rest {
            return Ok(false);
        }
        self.state.rest = rest;
        self.checkpoint();
        Ok(true)
    }

    fn checkpoint(&mut self) {
        let archive = self.project.files(&self.state).encode();
        self.checkpoints.push(Arc::from(archive));
    }

    /// The persistent store with keys made specific to everything of the
    /// project but program `except` (all of it, for `None`), whose
    /// candidates the keys then stand for: a verdict on a program's text is
    /// a verdict on the whole project, which the rest of the state decides
    /// too.
    fn salted(&self, except: Option<usize>) -> Option<Arc<dyn VerdictStore>> {
        let inner = self.session.store.clone()?;
        let mut parts: Vec<u8> = Vec::new();
        for (i, text) in self.state.texts.iter().enumerate() {
            let hash = if Some(i) == except { 0 } else { xxh3_128(text) };
            parts.extend_from_slice(&hash.to_le_bytes());
        }
        let rest = if except.is_some() {
            xxh3_128(&self.state.rest.encode())
        } else {
            0
        };
        parts.extend_from_slice(&rest.to_le_bytes());
        Some(Arc::new(Salted {
            inner,
            salt: xxh3_128(&parts),
        }))
    }

    /// The size of `state`: the bytes of every file, the tokens of its
    /// programs without their markers.
    fn size(&self, state: &State) -> Size {
        let programs = (0..state.texts.len())
            .map(|i| self.program_size(i, &state.texts[i]))
            .fold(Size::default(), Size::plus);
        programs.plus(Size {
            bytes: state.rest.bytes(),
            tokens: 0,
        })
    }

    /// The size of program `which`'s text `text`, markers left out.
    fn program_size(&self, which: usize, text: &[u8]) -> Size {
        let program = &self.project.programs[which];
        let tree = parse(Grammar::of(program.language), text);
        let markers = program.markers(text).map_or(0, |m| m.len());
        let marker_bytes: usize = program
            .markers(text)
            .map_or(0, |m| m.iter().map(|(_, start, end)| end - start).sum());
        Size {
            bytes: (text.len() - marker_bytes) as u64,
            tokens: count_tokens(&tree).saturating_sub(markers) as u64,
        }
    }

    fn programs_size(&self) -> Size {
        (0..self.state.texts.len())
            .map(|i| self.program_size(i, &self.state.texts[i]))
            .fold(Size::default(), Size::plus)
    }

    /// The size of everything but program `which`, less that program's
    /// markers (which its own sizes count), so that the sum is the
    /// project's size.
    fn outside(&self, which: usize) -> Size {
        let whole = self.size(&self.state);
        let text = &self.state.texts[which];
        let own = self.program_size(which, text);
        let program = &self.project.programs[which];
        let marker_tokens = program.markers(text).map_or(0, |m| m.len()) as u64;
        let marker_bytes = text.len() as u64 - own.bytes;
        Size {
            bytes: (whole.bytes - own.bytes).saturating_sub(marker_bytes),
            tokens: (whole.tokens - own.tokens).saturating_sub(marker_tokens),
        }
    }

    /// The final re-check (unless switched off or stopped), then the result.
    fn end(mut self) -> Result<Outcome, ReduceError> {
        let session = self.session;
        let at_deadline = self.at_deadline();
        if self.stopped() && !at_deadline {
            return self.finish(true, false, Recheck::NotRun, None);
        }
        if at_deadline {
            if session.stats.deadline.load(Ordering::Relaxed) == 0 {
                bump(&session.stats.deadline);
            }
            if let Some(cancel) = session.cancel {
                cancel.reset();
            }
        }
        if !session.config.verify {
            return self.finish(false, false, Recheck::NotRun, None);
        }
        if self.checkpoints.len() <= 1 {
            return self.finish(false, false, Recheck::Passed, None);
        }
        session.observer.phase(Phase::Verify);
        let newest = self.checkpoints.last().expect("checkpoints").clone();
        let cache = VerdictCache::with_store(session.store.clone());
        let rechecked = recheck_checkpoints(
            session.oracle,
            &cache,
            session.stats,
            &mut self.checkpoints,
            None,
        );
        if rechecked.flaky {
            bump(&session.stats.flaky);
        }
        let files = Files::decode(&rechecked.text).expect("a checkpoint is an archive");
        if !Arc::ptr_eq(&newest, &rechecked.text) {
            // An older result: the output goes back to it.
            let seq = self.seq.fetch_add(1, Ordering::SeqCst) + 1;
            session.observer.improved(seq, &rechecked.text);
        }
        self.checkpoints.push(rechecked.text.clone());
        let stopped = session.cancel.is_some_and(Cancel::is_cancelled) && !at_deadline;
        self.state = state_of(self.project, &files);
        self.finish(stopped, rechecked.flaky, rechecked.recheck, rechecked.error)
    }

    fn finish(
        &self,
        cancelled: bool,
        flaky: bool,
        recheck: Recheck,
        recheck_error: Option<String>,
    ) -> Result<Outcome, ReduceError> {
        if cancelled {
            bump(&self.session.stats.interrupted);
        }
        *self.session.stats.recheck.lock() = recheck;
        let archive = self.checkpoints.last().expect("checkpoints").clone();
        let files = Files::decode(&archive).expect("a checkpoint is an archive");
        let size = self.size(&state_of(self.project, &files));
        let stats = self.session.stats;
        stats.set_best(self.seq.load(Ordering::SeqCst), size);
        stats.files.store(files.len() as u64, Ordering::Relaxed);
        Ok(Outcome {
            text: archive,
            cancelled,
            flaky,
            recheck,
            recheck_error,
            size,
        })
    }
}

/// The state whose files are `files`.
fn state_of(project: &Project, files: &Files) -> State {
    let mut rest = files.clone();
    let texts = project
        .programs
        .iter()
        .map(|program| {
            for path in &program.files {
                rest.remove(path);
            }
            Arc::from(program.join(files))
        })
        .collect();
    State { texts, rest }
}

/// The test of one program's candidates: the candidate put back among the
/// project's other files, as an archive for the project's test. A
/// candidate whose markers were broken is not interesting (no file set
/// stands for it); the subject's checks keep such candidates from a test.
struct ProgramOracle<'a> {
    inner: &'a dyn Oracle,
    project: &'a Project,
    state: &'a State,
    which: usize,
}

impl ProgramOracle<'_> {
    /// The files of the project with this program's text `text`.
    fn files(&self, text: &[u8]) -> Option<Files> {
        self.project
            .files_with(self.state, Some((self.which, text)))
    }

    /// Their archive.
    fn archive(&self, text: &[u8]) -> Option<Vec<u8>> {
        self.files(text).map(|files| files.encode())
    }
}

impl Oracle for ProgramOracle<'_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        match self.archive(candidate) {
            Some(archive) => self.inner.test(worker, &archive),
            None => Ok(Verdict::NotInteresting),
        }
    }

    fn test_aside(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        match self.archive(candidate) {
            Some(archive) => self.inner.test_aside(worker, &archive),
            None => Ok(Verdict::NotInteresting),
        }
    }

    steer_through!(inner);

    fn scripts(&self) -> usize {
        self.inner.scripts()
    }
}

/// Turns a program's improvements into the project's: the newest of the
/// program's (its numbers may arrive out of order) as an archive, numbered
/// in the run's sequence.
struct ProgramObserver<'a> {
    driver_seq: &'a AtomicU64,
    outer: &'a dyn Observer,
    oracle: &'a ProgramOracle<'a>,
    stats: &'a Stats,
    /// The program's newest improvement number handed on.
    newest: Mutex<u64>,
}

impl Observer for ProgramObserver<'_> {
    fn improved(&self, seq: u64, text: &[u8]) {
        let mut newest = self.newest.lock();
        if seq <= *newest {
            return;
        }
        *newest = seq;
        if let Some(files) = self.oracle.files(text) {
            self.stats
                .files
                .store(files.len() as u64, Ordering::Relaxed);
            let seq = self.driver_seq.fetch_add(1, Ordering::SeqCst) + 1;
            self.outer.improved(seq, &files.encode());
        }
    }

    fn phase(&self, phase: Phase) {
        self.outer.phase(phase);
    }
}

/// A verdict store whose keys are mixed with a salt (see
/// [`Driver::salted`]).
struct Salted {
    inner: Arc<dyn VerdictStore>,
    salt: u128,
}

impl Salted {
    fn key(&self, key: u128) -> u128 {
        let mut bytes = [0u8; 32];
        bytes[..16].copy_from_slice(&self.salt.to_le_bytes());
        bytes[16..].copy_from_slice(&key.to_le_bytes());
        xxh3_128(&bytes)
    }
}

impl VerdictStore for Salted {
    fn get(&self, key: u128) -> Option<Stored> {
        self.inner.get(self.key(key))
    }

    fn put(&self, key: u128, verdict: Stored) {
        self.inner.put(self.key(key), verdict);
    }
}
