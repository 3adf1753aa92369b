//! Running the user's interestingness script.
//!
//! `SCRIPT <path>` runs with its working directory set to a private temporary
//! directory that holds the candidate under the input's own file name, so both
//! C-Reduce-style scripts (`gcc -c crash.c`) and path-taking scripts (`"$1"`)
//! work. A test of several files at once (pair mode's `--interesting-pair`)
//! runs as `SCRIPT <path> <path>...`, all of them in the one directory. Each
//! worker owns one directory for the whole run; anything a test leaves
//! behind is removed before the next one. The script runs in its own
//! process group and carries a cookie of its own (`contain`): a timeout,
//! Ctrl-C or an abandon sends TERM and then KILL to the whole group and to
//! every process of the test wherever it went, and the stragglers of a test
//! that exited are stopped the same way before the worker's next test, so
//! no process outlives its test.
//!
//! Even when this process dies without cleaning up (`kill -9`, an out-of-
//! memory kill), a watchdog stops the tests and removes the directories
//! (see `watchdog.rs`); waiting for a test and stopping it is `waiting.rs`.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use tempfile::TempDir;

use super::Gate;
use super::contain::{self, COOKIE_VAR, Cookie};
use super::reserve::Reserve;
use super::waiting::{Limit, RunOutcome, wait};
use super::watchdog::{Watchdog, private_dir_prefix, sweep_stale_dirs};
use super::workspace::Workspace;
use super::{Cancel, Oracle, OracleError, Verdict};
use super::{PreparedLimits, TestLimits};
use crate::options::{RunOptions, Timeout};
use crate::stats::TimeLimit;

/// Why a script cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// No such file (and, for a bare name, not on `PATH` either).
    #[error("interestingness test {0:?} not found")]
    NotFound(PathBuf),
    /// The file exists but is not a regular file.
    #[error("interestingness test {0:?} is not a regular file")]
    NotAFile(PathBuf),
    /// The file lacks execute permission.
    #[error("interestingness test {0:?} is not executable (try: chmod +x {0:?})")]
    NotExecutable(PathBuf),
    /// Creating the private directories failed.
    #[error("cannot create a temporary directory: {0}")]
    TempDir(io::Error),
}

/// One run with its details, for the check of the original input.
#[derive(Debug)]
pub struct RunReport {
    /// How it ended.
    pub outcome: RunOutcome,
    /// Wall time.
    pub duration: Duration,
    /// The last lines the script wrote to stderr.
    pub stderr_tail: String,
}

struct WorkerDir {
    dir: TempDir,
    /// Its canonical path, as `/proc/PID/cwd` shows it.
    real: PathBuf,
    /// Where each file of a test goes, in the order of the script's arguments.
    candidates: Vec<PathBuf>,
    /// For a project's tests: the copy of the project, whose root is the
    /// one argument and the working directory (see [`ScriptOracle::for_project`]).
    workspace: Option<Workspace>,
    /// Room kept for its next candidate (see [`Reserve`]).
    reserve: Reserve,
}

/// See the module documentation.
pub struct ScriptOracle {
    script: PathBuf,
    /// The files of one test, relative to the private directory.
    files: Vec<PathBuf>,
    workers: Vec<Mutex<WorkerDir>>,
    logs: TempDir,
    /// Marker files of the running tests, named by process group id.
    running: PathBuf,
    watchdog: Option<Watchdog>,
    timeout_ms: AtomicU64,
    /// The time limit's policy (see [`ScriptOracle::calibrate`]).
    policy: Timeout,
    adaptive: Adaptive,
    cancel: Arc<Cancel>,
    /// Per worker: the abandon token of its test (see [`Running`]).
    running_tests: Vec<Mutex<Running>>,
    /// A budget of tests shared with other oracles (batch mode), and this
    /// oracle's lane in it.
    gate: Option<(Arc<Gate>, super::gate::Lane)>,
    /// A command every test runs under (`srun ... --`): its words, then
    /// the script and the candidate.
    launcher: Vec<OsString>,
    /// What each test may use of the machine.
    limits: PreparedLimits,
    /// Whether the other workers were given their reserves (see
    /// [`ScriptOracle::reserve_beside`]).
    reserved: AtomicBool,
}

/// The adaptive time limit: once [`ADAPTIVE_SAMPLES`] interesting tests
/// have been timed (the input's check is the first), a test that runs
/// [`ADAPTIVE_FACTOR`] times longer than the 90th percentile of the last
/// [`ADAPTIVE_WINDOW`] interesting tests (but at least [`ADAPTIVE_FLOOR`],
/// so that a test slowed by the machine's load is not cut) is stopped there
/// instead of at the full limit, except the first such test and every
/// [`LET_RUN_EVERY`]th after it, which run to the full limit: one of those
/// that turns out interesting raises the adaptive limit to at least twice
/// its time. A percentile, not the slowest, so that one test slowed down by
/// the machine's load does not undo it; slow interesting candidates are
/// found again soon, and every test stopped early is counted.
#[derive(Default)]
struct Adaptive {
    on: AtomicBool,
    /// Milliseconds of the last interesting tests (the input's check first).
    recent: Mutex<std::collections::VecDeque<u64>>,
    /// The slowest interesting test that ran past the adaptive limit.
    learned_ms: AtomicU64,
    /// Tests that reached the adaptive limit.
    reached: AtomicU64,
    /// Of those, the ones stopped there.
    stopped: AtomicU64,
    /// Of those let run on, the ones that were interesting.
    slow_interesting: AtomicU64,
}

impl Adaptive {
    /// Records the time of an interesting test.
    fn interesting(&self, took: Duration) {
        let mut recent = self.recent.lock();
        if recent.len() == ADAPTIVE_WINDOW {
            recent.pop_front();
        }
        recent.push_back(took.as_millis() as u64);
    }
}

/// See [`Adaptive`].
const ADAPTIVE_FACTOR: u64 = 4;
/// See [`Adaptive`].
const ADAPTIVE_WINDOW: usize = 32;
/// See [`Adaptive`].
const ADAPTIVE_FLOOR: Duration = Duration::from_millis(500);
/// See [`Adaptive`].
const ADAPTIVE_SAMPLES: usize = 2;
/// See [`Adaptive`].
const LET_RUN_EVERY: u64 = 8;

impl ScriptOracle {
    /// Checks the script and creates one private directory for each of
    /// the run's `jobs`; a test may take the limit of the check of the
    /// input ([`Timeout::first`]) until [`ScriptOracle::calibrate`].
    pub fn new(
        script: &Path,
        file_name: &OsStr,
        run: &RunOptions,
        cancel: Arc<Cancel>,
    ) -> Result<ScriptOracle, ScriptError> {
        Self::with_files(script, &[PathBuf::from(file_name)], run, cancel)
    }

    /// A script that tests several files at once, run as `SCRIPT PATH...`
    /// (see [`ScriptOracle::test_files`]). `files` are paths relative to the
    /// private directory (a file name, or `dir/name` to keep two files of
    /// the same name apart), one per argument.
    pub fn with_files(
        script: &Path,
        files: &[PathBuf],
        run: &RunOptions,
        cancel: Arc<Cancel>,
    ) -> Result<ScriptOracle, ScriptError> {
        assert!(
            !files.is_empty() && files.iter().all(|f| f.is_relative()),
            "relative candidate paths"
        );
        let script = resolve(script)?;
        sweep_stale_dirs(&std::env::temp_dir());
        let prefix = private_dir_prefix();
        let workers = (0..run.jobs.max(1))
            .map(|_| {
                let dir = tempfile::Builder::new()
                    .prefix(&prefix)
                    .tempdir()
                    .map_err(ScriptError::TempDir)?;
                let candidates: Vec<PathBuf> = files.iter().map(|f| dir.path().join(f)).collect();
                for c in &candidates {
                    if let Some(parent) = c.parent() {
                        fs::create_dir_all(parent).map_err(ScriptError::TempDir)?;
                    }
                }
                let real = dir.path().canonicalize().map_err(ScriptError::TempDir)?;
                Ok(Mutex::new(WorkerDir {
                    dir,
                    real,
                    candidates,
                    workspace: None,
                    reserve: Reserve::at(None),
                }))
            })
            .collect::<Result<Vec<_>, ScriptError>>()?;
        let logs = tempfile::Builder::new()
            .prefix(&prefix)
            .tempdir()
            .map_err(ScriptError::TempDir)?;
        let running = logs.path().join("running");
        fs::create_dir(&running).map_err(ScriptError::TempDir)?;
        for (i, worker) in workers.iter().enumerate() {
            worker.lock().reserve = Reserve::at(Some(logs.path().join(format!("reserve-{i}"))));
        }
        let mut dirs: Vec<PathBuf> = workers
            .iter()
            .map(|w| w.lock().dir.path().to_owned())
            .collect();
        dirs.push(logs.path().to_owned());
        let watchdog = Watchdog::start(&running, &dirs);
        Ok(ScriptOracle {
            running_tests: (0..workers.len())
                .map(|_| Mutex::new(Running::default()))
                .collect(),
            script,
            files: files.to_vec(),
            workers,
            logs,
            running,
            watchdog,
            timeout_ms: AtomicU64::new(run.timeout.first().as_millis() as u64),
            policy: run.timeout,
            adaptive: Adaptive::default(),
            cancel,
            gate: None,
            launcher: Vec::new(),
            limits: TestLimits::for_jobs(run.jobs).prepare(run.jobs),
            reserved: AtomicBool::new(false),
        })
    }

    /// A script that tests a project (a folder of files): each worker
    /// keeps a copy of the project under the name `root` in its private
    /// directory; a test's candidate is a project archive
    /// (`project::Files::encode`), written into the copy as far as it
    /// differs from what the copy holds, and the script runs as `SCRIPT
    /// COPY` with the copy as its working directory.
    pub fn for_project(
        script: &Path,
        root: &OsStr,
        run: &RunOptions,
        cancel: Arc<Cancel>,
    ) -> Result<ScriptOracle, ScriptError> {
        let oracle = Self::with_files(script, &[PathBuf::from(root)], run, cancel)?;
        for worker in &oracle.workers {
            let mut worker = worker.lock();
            let copy = worker.dir.path().join(root);
            worker.workspace = Some(Workspace::new(copy).map_err(ScriptError::TempDir)?);
        }
        Ok(oracle)
    }

    /// The resolved, absolute path of the script.
    pub fn script(&self) -> &Path {
        &self.script
    }

    /// The name the candidate file has in the script's directory (the first
    /// file's, for a test of several files).
    pub fn file_name(&self) -> &OsStr {
        self.files[0]
            .file_name()
            .unwrap_or(self.files[0].as_os_str())
    }

    /// Makes every test wait for a permit of `gate`, shared with other
    /// oracles; worker 0's tests (the ones a reduction needs now) first.
    pub fn set_gate(&mut self, gate: Arc<Gate>) {
        let lane = Gate::join(&gate);
        self.gate = Some((gate, lane));
    }

    /// Runs every test as `LAUNCHER... SCRIPT CANDIDATE` (e.g. `srun -N1
    /// -n1 --quiet --`), so that a scheduler runs the tests.
    pub fn set_launcher(&mut self, words: Vec<OsString>) {
        self.launcher = words;
    }

    /// Runs every test under `limits` (by default `TestLimits::for_jobs`
    /// of the oracle's workers).
    pub fn set_limits(&mut self, limits: TestLimits) {
        self.limits = limits.prepare(self.workers.len());
    }

    /// The launcher's words (empty: none).
    pub fn launcher(&self) -> &[OsString] {
        &self.launcher
    }

    /// The per-test time limit.
    pub fn timeout(&self) -> Duration {
        Duration::from_millis(self.timeout_ms.load(Ordering::Relaxed))
    }

    /// Sets the time limit of every test once the check of the input took
    /// `took` ([`Timeout::after_check`] of the run's policy), and turns the
    /// adaptive limit on if the policy says so. Returns the limit.
    pub fn calibrate(&self, took: Duration) -> Duration {
        let timeout = self.policy.after_check(took);
        self.set_timeout(timeout);
        if self.policy.adaptive {
            self.adapt_timeout(took);
        }
        timeout
    }

    /// Changes the per-test time limit.
    fn set_timeout(&self, timeout: Duration) {
        self.timeout_ms
            .store(timeout.as_millis() as u64, Ordering::Relaxed);
    }

    /// Turns the adaptive time limit on, starting from `first`, the time
    /// the input's check took: a test that runs 4 times the 90th percentile
    /// of the recent interesting tests (at least 0.5 s) is stopped early,
    /// but for the first such test and every 8th, which run on; the limit
    /// set by [`ScriptOracle::set_timeout`] stays the ceiling.
    fn adapt_timeout(&self, first: Duration) {
        let a = &self.adaptive;
        a.interesting(first);
        a.on.store(true, Ordering::Relaxed);
    }

    /// The adaptive limit now, if it is on and below the full limit.
    fn soft_limit(&self) -> Option<Duration> {
        let a = &self.adaptive;
        if !a.on.load(Ordering::Relaxed) {
            return None;
        }
        let typical = {
            let recent = a.recent.lock();
            if recent.len() < ADAPTIVE_SAMPLES {
                return None;
            }
            let mut sorted: Vec<u64> = recent.iter().copied().collect();
            sorted.sort_unstable();
            // The 90th percentile: the smallest value at or above 90% of them.
            sorted
                .get((sorted.len() * 9).div_ceil(10).saturating_sub(1))
                .copied()
                .unwrap_or(0)
        };
        let learned = a.learned_ms.load(Ordering::Relaxed);
        let soft =
            Duration::from_millis((typical * ADAPTIVE_FACTOR).max(learned * 2)).max(ADAPTIVE_FLOOR);
        (soft < self.timeout()).then_some(soft)
    }

    /// The time limit and what the adaptive limit did so far.
    pub fn time_limit(&self) -> TimeLimit {
        let a = &self.adaptive;
        let reached = a.reached.load(Ordering::Relaxed);
        let stopped = a.stopped.load(Ordering::Relaxed);
        let on = a.on.load(Ordering::Relaxed);
        TimeLimit {
            seconds: self.timeout().as_secs_f64(),
            adaptive_seconds: on.then(|| {
                self.soft_limit()
                    .unwrap_or_else(|| self.timeout())
                    .as_secs_f64()
            }),
            stopped_early: stopped,
            let_run: reached - stopped,
            slow_interesting: a.slow_interesting.load(Ordering::Relaxed),
        }
    }

    /// At the adaptive limit: whether this test runs on to the full limit.
    fn let_run(&self) -> bool {
        let a = &self.adaptive;
        let n = a.reached.fetch_add(1, Ordering::Relaxed);
        let on = n.is_multiple_of(LET_RUN_EVERY);
        if !on {
            a.stopped.fetch_add(1, Ordering::Relaxed);
        }
        on
    }

    /// Runs the script once on `candidate` with the given limit, capturing the
    /// tail of its stderr (used for the check of the original input).
    pub fn run_detailed(
        &self,
        candidate: &[u8],
        timeout: Duration,
    ) -> Result<RunReport, OracleError> {
        self.run_detailed_files(&[candidate], timeout)
    }

    /// [`ScriptOracle::run_detailed`] for a test of several files.
    pub fn run_detailed_files(
        &self,
        candidates: &[&[u8]],
        timeout: Duration,
    ) -> Result<RunReport, OracleError> {
        let log_path = self.logs.path().join("stderr");
        let log = fresh_file(&log_path)
            .map_err(|e| OracleError::new("cannot create the stderr log", e))?;
        let token = self.start_test(0)?;
        let mut worker = self.workers[0].lock();
        let ran = self.run(
            &mut worker,
            0,
            &token,
            candidates,
            Stdio::from(log),
            Limit::fixed(timeout),
        );
        drop(worker);
        self.end_test(0, &token);
        let (outcome, duration) = ran?;
        let stderr = fs::read(&log_path).unwrap_or_default();
        Ok(RunReport {
            outcome,
            duration,
            stderr_tail: tail(&stderr, 20),
        })
    }

    fn run(
        &self,
        worker: &mut WorkerDir,
        index: usize,
        abandon: &Cancel,
        candidates: &[&[u8]],
        stderr: Stdio,
        limit: Limit,
    ) -> Result<(RunOutcome, Duration), OracleError> {
        write_candidates(worker, candidates)?;
        self.reserve_beside(index, candidates);
        #[cfg(test)]
        if ABANDON_BEFORE_START.with(|a| a.replace(false)) {
            Oracle::abandon(self, index);
        }
        let _permit = match &self.gate {
            Some((gate, _)) => match gate.acquire(index == 0, [&self.cancel, abandon]) {
                Some(permit) => Some(permit),
                None => return Ok((RunOutcome::Cancelled, Duration::ZERO)),
            },
            None => None,
        };
        let start = Instant::now();
        let mut command = match self.launcher.split_first() {
            Some((program, args)) => {
                let mut c = self.limits.command(program);
                if let Ok(c) = &mut c {
                    c.args(args).arg(&self.script);
                }
                c
            }
            None => self.limits.command(self.script.as_os_str()),
        }
        .map_err(|e| OracleError::new("cannot start the test", e))?;
        let cookie = Cookie::new(&worker.real);
        let child = contain::spawn(
            command
                .args(&worker.candidates)
                .current_dir(
                    worker
                        .workspace
                        .as_ref()
                        .map_or(worker.dir.path(), Workspace::root),
                )
                .env(COOKIE_VAR, cookie.value())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(stderr)
                .process_group(0),
        )
        .map_err(|e| OracleError::new("cannot start the test", e))?;
        let marker = self.running.join(child.id().to_string());
        if self.watchdog.is_some() {
            // Without the marker the watchdog would miss this test: not worth
            // failing the test for.
            let _ = fs::File::create(&marker);
        }
        let outcome = wait(child, limit, [&self.cancel, abandon], &marker, &cookie)
            .map_err(|e| OracleError::new("cannot wait for the test", e))?;
        let duration = start.elapsed();
        clean_dir(worker.dir.path(), &self.files);
        Ok((outcome, duration))
    }
}

impl ScriptOracle {
    /// Makes the other workers hold room for the candidate `index` just
    /// wrote, if they are idle: the input's check, written by the first
    /// worker before any other writes, gives every worker its reserve.
    fn reserve_beside(&self, index: usize, candidates: &[&[u8]]) {
        if self.reserved.swap(true, Ordering::Relaxed) {
            return;
        }
        let bytes = candidates.iter().map(|c| c.len() as u64).sum();
        for (i, worker) in self.workers.iter().enumerate() {
            if i != index
                && let Some(mut worker) = worker.try_lock()
                && worker.workspace.is_none()
            {
                worker.reserve.expect(bytes);
            }
        }
    }
}

/// Writes the test's `candidates` in `worker`'s directory, one text per
/// file of the test (a project's into its workspace).
fn write_candidates(worker: &mut WorkerDir, candidates: &[&[u8]]) -> Result<(), OracleError> {
    assert_eq!(
        candidates.len(),
        worker.candidates.len(),
        "one text per file of the test"
    );
    if let Some(workspace) = &mut worker.workspace {
        let files = crate::files::Files::decode(candidates[0])
            .map_err(|e| OracleError::new("cannot write the candidate", io::Error::other(e)))?;
        workspace
            .sync(&files)
            .map_err(|e| OracleError::new("cannot write the candidate", e))?;
    }
    let files = if worker.workspace.is_some() {
        &[][..]
    } else {
        &worker.candidates[..]
    };
    let bytes = files
        .iter()
        .zip(candidates)
        .map(|(_, text)| text.len() as u64)
        .sum();
    worker.reserve.before(bytes);
    for (path, text) in files.iter().zip(candidates) {
        // A directory holding a candidate that the last test removed.
        if let Some(parent) = path.parent()
            && !parent.is_dir()
        {
            fs::create_dir_all(parent)
                .map_err(|e| OracleError::new("cannot write the candidate", e))?;
        }
        fresh_file(path)
            .and_then(|mut file| file.write_all(text))
            .map_err(|e| OracleError::new(cannot_write(&e), e))?;
    }
    worker.reserve.after(bytes);
    Ok(())
}

/// A worker's abandon token: a fresh one for each lone test, made when the
/// test starts and dropped when it ends, so an abandon reaches the test that
/// is running (or starting) when it arrives and no other: no later test
/// inherits it, and no later test's start forgets it. Between
/// [`Oracle::begin`] and [`Oracle::end`] every part of the compound test
/// shares the token `begin` made. Between tests there is none, and an
/// abandon then is ignored.
#[derive(Default)]
struct Running {
    token: Option<Arc<Cancel>>,
    scoped: bool,
}

impl ScriptOracle {
    /// The abandon token of the test `index` starts now.
    fn start_test(&self, index: usize) -> Result<Arc<Cancel>, OracleError> {
        let mut running = self.running_tests[index].lock();
        if running.scoped
            && let Some(token) = &running.token
        {
            return Ok(token.clone());
        }
        let token =
            Arc::new(Cancel::new().map_err(|e| OracleError::new("cannot start the test", e))?);
        running.token = Some(token.clone());
        Ok(token)
    }

    /// The test that started with `token` ended (a compound test's token
    /// stays until [`Oracle::end`]).
    fn end_test(&self, index: usize, token: &Arc<Cancel>) {
        let mut running = self.running_tests[index].lock();
        if !running.scoped
            && running
                .token
                .as_ref()
                .is_some_and(|t| Arc::ptr_eq(t, token))
        {
            running.token = None;
        }
    }

    /// Tests several files at once: `candidates` go to the files given to
    /// [`ScriptOracle::with_files`], in that order.
    pub fn test_files(&self, worker: usize, candidates: &[&[u8]]) -> Result<Verdict, OracleError> {
        if self.cancel.is_cancelled() {
            return Ok(Verdict::Cancelled);
        }
        let index = worker % self.workers.len();
        let token = self.start_test(index)?;
        let mut dir = self.workers[index].lock();
        // A failure to write the candidate or to start the script (disk full,
        // out of processes, the script deleted meanwhile) is no verdict.
        let soft = self.soft_limit();
        let let_run = || self.let_run();
        let limit = Limit {
            hard: self.timeout(),
            soft: soft.map(|s| (s, &let_run as &dyn Fn() -> bool)),
        };
        let ran = self.run(&mut dir, index, &token, candidates, Stdio::null(), limit);
        drop(dir);
        self.end_test(index, &token);
        let (outcome, duration) = ran?;
        if outcome == RunOutcome::Exited(0) {
            let a = &self.adaptive;
            a.interesting(duration);
            if soft.is_some_and(|s| duration > s) {
                a.slow_interesting.fetch_add(1, Ordering::Relaxed);
                a.learned_ms
                    .fetch_max(duration.as_millis() as u64, Ordering::Relaxed);
            }
        }
        Ok(outcome.verdict())
    }
}

impl Oracle for ScriptOracle {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        self.test_files(worker, &[candidate])
    }

    fn calibrate(&self, took: Duration) {
        ScriptOracle::calibrate(self, took);
    }

    fn abandon(&self, worker: usize) {
        let running = self.running_tests[worker % self.running_tests.len()].lock();
        if let Some(token) = &running.token {
            token.cancel();
        }
    }

    fn begin(&self, worker: usize) {
        let mut running = self.running_tests[worker % self.running_tests.len()].lock();
        running.scoped = true;
        // Without a token (no file descriptor left) the first part makes one.
        running.token = Cancel::new().ok().map(Arc::new);
    }

    fn end(&self, worker: usize) {
        let mut running = self.running_tests[worker % self.running_tests.len()].lock();
        running.scoped = false;
        running.token = None;
    }

    fn spare(&self) -> bool {
        self.gate.as_ref().is_none_or(|(gate, _)| gate.spare())
    }
}

#[cfg(test)]
thread_local! {
    /// Tests: the next test is abandoned after its candidate is written,
    /// just before its script starts.
    static ABANDON_BEFORE_START: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// What a failed write of a candidate says: where there is no room left,
/// what to do about it.
fn cannot_write(e: &io::Error) -> &'static str {
    if e.kind() == io::ErrorKind::StorageFull {
        "cannot write the candidate: the temporary folder is full (free some room, or set TMPDIR to a folder that has some)"
    } else {
        "cannot write the candidate"
    }
}

/// Finds the script: a path with a `/` as given; a bare name in the current
/// directory first (what `--interesting check.sh` usually means), then on `PATH`.
fn resolve(script: &Path) -> Result<PathBuf, ScriptError> {
    let has_slash = script.to_string_lossy().contains('/');
    let found = if has_slash || script.exists() {
        Some(script.to_path_buf())
    } else {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(script))
                .find(|p| p.is_file())
        })
    };
    let path = found.ok_or_else(|| ScriptError::NotFound(script.to_path_buf()))?;
    let meta = fs::metadata(&path).map_err(|_| ScriptError::NotFound(script.to_path_buf()))?;
    if !meta.is_file() {
        return Err(ScriptError::NotAFile(path));
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(ScriptError::NotExecutable(path));
    }
    path.canonicalize()
        .map_err(|_| ScriptError::NotFound(script.to_path_buf()))
}

/// `path` opened for writing as a new, empty file: the file there (the
/// last test's) is removed first rather than truncated. On ext4 (its
/// default `auto_da_alloc`) a file truncated and written again is flushed
/// to disk when closed, and the next truncation waits for that write:
/// tens to hundreds of milliseconds between two tests, where a new file
/// costs a fraction of one (doc/history/benchmarks-2026-11-28.md). A symbolic link there is
/// replaced, not written through. Where the file cannot be replaced (a
/// test made the directory read-only, or something made the name again in
/// between), it is truncated in place, still never through a link.
fn fresh_file(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let removed = match fs::remove_file(path) {
        Ok(()) => true,
        Err(e) => e.kind() == io::ErrorKind::NotFound,
    };
    if removed {
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
        {
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            opened => return opened,
        }
    }
    fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
}

/// Removes everything but the candidates (paths relative to `dir`, and the
/// directories that hold them) from a worker's directory.
fn clean_dir(dir: &Path, keep: &[PathBuf]) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        // What must stay below this entry, if it is a directory on the way
        // to a candidate.
        let below: Vec<PathBuf> = keep
            .iter()
            .filter_map(|k| k.strip_prefix(&name).ok())
            .filter(|rest| !rest.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .collect();
        if keep.iter().any(|k| k.as_os_str() == name) {
            continue;
        }
        let path = entry.path();
        let _ = if is_dir && !below.is_empty() {
            clean_dir(&path, &below);
            Ok(())
        } else if is_dir {
            fs::remove_dir_all(&path)
        } else {
            fs::remove_file(&path)
        };
    }
}

/// The last `lines` lines of `bytes`, lossily decoded.
fn tail(bytes: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::super::waiting::FAIL_POLL_ON_STOP;
    use super::*;

    fn script(body: &str) -> (TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("check.sh");
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        (dir, path)
    }

    /// A run of `jobs` whose tests all get `limit`, never less.
    fn run(jobs: usize, limit: Duration) -> RunOptions {
        RunOptions {
            jobs,
            timeout: Timeout {
                limit: Some(limit),
                adaptive: false,
            },
            ..RunOptions::default()
        }
    }

    fn oracle(path: &Path, timeout_ms: u64) -> ScriptOracle {
        let cancel = Arc::new(Cancel::new().unwrap());
        let run = run(2, Duration::from_millis(timeout_ms));
        ScriptOracle::new(path, OsStr::new("x.c"), &run, cancel).unwrap()
    }

    /// The run's policy sets the limit once the input's check is timed:
    /// `--timeout` if given, else ten times the check (at least 1 s), and
    /// the adaptive limit unless it is off.
    #[test]
    fn calibrating_applies_the_runs_time_limit() {
        let (_d, path) = script("exit 0");
        let cancel = Arc::new(Cancel::new().unwrap());
        let default = RunOptions::default();
        let o = ScriptOracle::new(&path, OsStr::new("x.c"), &default, cancel.clone()).unwrap();
        assert_eq!(o.timeout(), crate::options::INPUT_CHECK_LIMIT);
        assert_eq!(
            o.calibrate(Duration::from_millis(250)),
            Duration::from_millis(2500)
        );
        assert_eq!(o.timeout(), Duration::from_millis(2500));
        assert_eq!(o.time_limit().adaptive_seconds, Some(2.5));
        let fixed = run(1, Duration::from_secs(7));
        let o = ScriptOracle::new(&path, OsStr::new("x.c"), &fixed, cancel).unwrap();
        assert_eq!(o.timeout(), Duration::from_secs(7));
        assert_eq!(
            o.calibrate(Duration::from_millis(10)),
            Duration::from_secs(7)
        );
        assert_eq!(o.time_limit().adaptive_seconds, None);
    }

    #[test]
    fn exit_code_decides_and_cwd_holds_the_candidate() {
        let (_d, path) = script(r#"grep -q needle x.c && test "$1" = "$PWD/x.c""#);
        let o = oracle(&path, 5000);
        assert_eq!(o.test(0, b"a needle").unwrap(), Verdict::Interesting);
        assert_eq!(o.test(1, b"no").unwrap(), Verdict::NotInteresting);
    }

    /// Each candidate is written as a new file: a symbolic link that a
    /// test left in the candidate's place is replaced, never written
    /// through (the file it points to may be the user's).
    #[test]
    fn a_candidate_replaces_a_link_the_last_test_left_in_its_place() {
        let outside = tempfile::tempdir().unwrap();
        let theirs = outside.path().join("theirs.c");
        fs::write(&theirs, "the user's").unwrap();
        let (_d, path) = script(&format!("ln -sf '{}' x.c", theirs.display()));
        let o = oracle(&path, 5000);
        assert_eq!(o.test(0, b"first").unwrap(), Verdict::Interesting);
        assert_eq!(o.test(0, b"second").unwrap(), Verdict::Interesting);
        assert_eq!(fs::read_to_string(&theirs).unwrap(), "the user's");
    }

    /// A script that cannot be started gives an error, not a verdict.
    #[test]
    fn a_script_that_cannot_start_is_an_error() {
        let (_d, path) = script("exit 0");
        let o = oracle(&path, 5000);
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Interesting);
        fs::remove_file(&path).unwrap();
        let err = o.test(0, b"").unwrap_err().to_string();
        assert!(err.starts_with("cannot start the test"), "{err}");
    }

    #[test]
    fn leftovers_are_removed_between_tests() {
        let (_d, path) = script("test ! -e junk || exit 1; touch junk; mkdir -p d; exit 0");
        let o = oracle(&path, 5000);
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Interesting);
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Interesting);
    }

    #[test]
    fn timeout_kills_the_whole_group() {
        let dir = tempfile::tempdir().unwrap();
        let pid_file = dir.path().join("sleep.pid");
        let (_d, path) = script(&format!(
            "sleep 30 & echo $! > {}; wait",
            pid_file.display()
        ));
        let o = oracle(&path, 300);
        let t = Instant::now();
        assert_eq!(o.test(0, b"").unwrap(), Verdict::TimedOut);
        assert!(t.elapsed() < Duration::from_secs(10));
        let pid = fs::read_to_string(&pid_file).unwrap().trim().to_string();
        assert!(
            !process_running(&pid),
            "background sleep {pid} survived the timeout"
        );
    }

    #[test]
    fn the_adaptive_limit_stops_hangs_early_and_learns_from_slow_interesting_tests() {
        // `hang` sleeps past every limit, `slow` is interesting after 0.8 s,
        // anything else is interesting at once. Full limit 4 s; the input's
        // check took 10 ms. The adaptive limit applies from the second timed
        // interesting test on, at the 0.5 s floor.
        let (_d, path) = script(
            r#"case $(cat "$1") in
  hang) sleep 30 ;;
  slow) sleep 0.8; exit 0 ;;
  *) exit 0 ;;
esac"#,
        );
        let o = oracle(&path, 4000);
        o.adapt_timeout(Duration::from_millis(10));
        for _ in 1..ADAPTIVE_SAMPLES {
            assert_eq!(o.time_limit().adaptive_seconds, Some(4.0));
            assert_eq!(o.test(0, b"fast").unwrap(), Verdict::Interesting);
        }
        assert_eq!(o.time_limit().adaptive_seconds, Some(0.5));
        // The first test to reach it runs to the full limit; the next
        // LET_RUN_EVERY - 1 stop there.
        for _ in 0..3 {
            assert_eq!(o.test(0, b"hang").unwrap(), Verdict::TimedOut);
        }
        let limit = o.time_limit();
        assert_eq!((limit.let_run, limit.stopped_early), (1, 2), "{limit:?}");
        assert_eq!(limit.slow_interesting, 0);
        // Stopped early: a slow interesting candidate is lost, and counted.
        assert_eq!(o.test(0, b"slow").unwrap(), Verdict::TimedOut);
        assert_eq!(o.time_limit().stopped_early, 3);
        // Let run (the LET_RUN_EVERY-th to reach the limit after the first):
        // found interesting, it raises the limit to 4 x 0.8 s (the 90th
        // percentile of the interesting tests), below the full 4 s.
        for _ in 4..LET_RUN_EVERY {
            assert_eq!(o.test(0, b"hang").unwrap(), Verdict::TimedOut);
        }
        assert_eq!(o.test(0, b"slow").unwrap(), Verdict::Interesting);
        let limit = o.time_limit();
        assert_eq!(limit.slow_interesting, 1, "{limit:?}");
        assert_eq!(limit.let_run, 2, "{limit:?}");
        let adaptive = limit.adaptive_seconds.unwrap();
        assert!((3.2..=4.0).contains(&adaptive), "{limit:?}");
        assert_eq!(o.test(0, b"slow").unwrap(), Verdict::Interesting);
        assert_eq!(o.time_limit().stopped_early, LET_RUN_EVERY - 1);
    }

    #[test]
    fn without_adapt_timeout_every_test_gets_the_full_limit() {
        let (_d, path) = script(r#"[ "$(cat "$1")" = slow ] && sleep 0.6; exit 0"#);
        let o = oracle(&path, 3000);
        assert_eq!(o.test(0, b"slow").unwrap(), Verdict::Interesting);
        let limit = o.time_limit();
        assert_eq!(limit.adaptive_seconds, None);
        assert_eq!((limit.stopped_early, limit.let_run), (0, 0));
    }

    /// Whether a process exists and is not a zombie (a killed orphan may wait
    /// a moment for init to reap it).
    fn process_running(pid: &str) -> bool {
        for _ in 0..50 {
            match fs::read_to_string(format!("/proc/{pid}/stat")) {
                Err(_) => return false,
                Ok(stat)
                    if stat
                        .rsplit(')')
                        .next()
                        .unwrap_or("")
                        .trim_start()
                        .starts_with('Z') =>
                {
                    return false;
                }
                Ok(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
        true
    }

    #[test]
    fn cancel_stops_a_running_test() {
        let (_d, path) = script("sleep 30");
        let o = oracle(&path, 60_000);
        let cancel = o.cancel.clone();
        let t = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(200));
                cancel.cancel();
            });
            assert_eq!(o.test(0, b"").unwrap(), Verdict::Cancelled);
        });
        assert!(t.elapsed() < Duration::from_secs(10));
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Cancelled);
    }

    /// An abandoned test stops; the worker's next test is not affected, not
    /// even by an abandon that arrived between two tests.
    #[test]
    fn abandon_stops_only_the_running_test() {
        let (_d, path) = script("[ -s \"$1\" ] && sleep 30; exit 0");
        let o = oracle(&path, 60_000);
        let t = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(200));
                o.abandon(0);
            });
            assert_eq!(o.test(0, b"long").unwrap(), Verdict::Cancelled);
        });
        assert!(t.elapsed() < Duration::from_secs(10));
        o.abandon(0);
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Interesting);
    }

    /// An abandon that arrives once a test has started (here: its candidate
    /// is written, its script not yet started) stops that test, and the
    /// next test runs: an abandon belongs to the test it arrived during.
    #[test]
    fn an_abandon_before_the_script_starts_stops_the_test() {
        let (_d, path) = script("[ -s \"$1\" ] && sleep 30; exit 0");
        let o = oracle(&path, 60_000);
        let t = Instant::now();
        ABANDON_BEFORE_START.with(|a| a.set(true));
        assert_eq!(o.test(0, b"long").unwrap(), Verdict::Cancelled);
        assert!(t.elapsed() < Duration::from_secs(20));
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Interesting);
        // Between two tests there is no test to abandon.
        o.abandon(0);
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Interesting);
    }

    /// Inside a compound test (begin .. end) an abandon that arrives before
    /// a part starts stops that part; after `end` the next test runs.
    #[test]
    fn an_abandon_before_a_part_of_a_compound_test_is_kept() {
        let (_d, path) = script("[ -s \"$1\" ] && sleep 30; exit 0");
        let o = oracle(&path, 60_000);
        let t = Instant::now();
        o.begin(0);
        o.abandon(0);
        assert_eq!(o.test(0, b"long").unwrap(), Verdict::Cancelled);
        o.end(0);
        assert!(t.elapsed() < Duration::from_secs(20));
        o.abandon(0);
        assert_eq!(o.test(0, b"").unwrap(), Verdict::Interesting);
    }

    #[test]
    fn detailed_run_reports_stderr_tail() {
        let (_d, path) = script("echo one >&2; echo two >&2; exit 3");
        let o = oracle(&path, 5000);
        let r = o.run_detailed(b"", Duration::from_secs(5)).unwrap();
        assert_eq!(r.outcome, RunOutcome::Exited(3));
        assert_eq!(r.stderr_tail, "one\ntwo");
    }

    /// Several files: all in the private directory, passed in order; two
    /// of the same name kept apart in subdirectories, which survive the
    /// cleanup between tests while everything else goes.
    #[test]
    fn several_files_are_passed_in_order() {
        let (_d, path) = script(
            r#"test "$1" = "$PWD/seed/x.c" && test "$2" = "$PWD/variant/x.c" || exit 2
test ! -e junk && test ! -e seed/junk || exit 3
touch junk seed/junk; mkdir -p variant/d
grep -q good "$1" && grep -q bad "$2""#,
        );
        let cancel = Arc::new(Cancel::new().unwrap());
        let files = [PathBuf::from("seed/x.c"), PathBuf::from("variant/x.c")];
        let o = ScriptOracle::with_files(&path, &files, &run(2, Duration::from_secs(5)), cancel)
            .unwrap();
        assert_eq!(
            o.test_files(0, &[b"good", b"bad"]).unwrap(),
            Verdict::Interesting
        );
        assert_eq!(
            o.test_files(0, &[b"good", b"bad"]).unwrap(),
            Verdict::Interesting
        );
        assert_eq!(
            o.test_files(0, &[b"bad", b"good"]).unwrap(),
            Verdict::NotInteresting
        );
        let (_d, path) = script(r#"[ "$(cat a.c)$(cat b.c)" = "12" ] && [ "$#" = 2 ]"#);
        let cancel = Arc::new(Cancel::new().unwrap());
        let files = [PathBuf::from("a.c"), PathBuf::from("b.c")];
        let o = ScriptOracle::with_files(&path, &files, &run(1, Duration::from_secs(5)), cancel)
            .unwrap();
        assert_eq!(
            o.test_files(0, &[b"1", b"2"]).unwrap(),
            Verdict::Interesting
        );
        let r = o
            .run_detailed_files(&[b"2", b"1"], Duration::from_secs(5))
            .unwrap();
        assert_eq!(r.outcome, RunOutcome::Exited(1));
    }

    /// Waits until `file` holds a process id; returns it.
    fn pid_in(file: &Path) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(text) = fs::read_to_string(file)
                && text.ends_with('\n')
            {
                return text.trim().to_string();
            }
            assert!(Instant::now() < deadline, "{file:?} never written");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Children that leave the test's process group (`timeout` makes its
    /// own, `setsid` a new session, a double fork orphans its child) are
    /// stopped when the test times out, and when it exits; one that cleared
    /// its environment is found by its working directory.
    #[test]
    fn children_in_other_groups_and_sessions_do_not_outlive_their_test() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let (_s, path) = script(&format!(
            "k=$(cat x.c)
setsid sleep 30 & echo $! > {d}/setsid.$k.pid
setsid env -i sleep 30 & echo $! > {d}/cleared.$k.pid
( sleep 30 & echo $! > {d}/orphan.$k.pid )
timeout 30 sleep 30 & echo $! > {d}/timeout.$k.pid
[ \"$k\" = hang ] && wait
exit 0"
        ));
        let cancel = Arc::new(Cancel::new().unwrap());
        let run = run(1, Duration::from_millis(1000));
        let o = ScriptOracle::new(&path, OsStr::new("x.c"), &run, cancel).unwrap();
        assert_eq!(o.test(0, b"exit").unwrap(), Verdict::Interesting);
        assert_eq!(o.test(0, b"hang").unwrap(), Verdict::TimedOut);
        for k in ["exit", "hang"] {
            for what in ["setsid", "cleared", "orphan", "timeout"] {
                let pid = pid_in(&dir.path().join(format!("{what}.{k}.pid")));
                assert!(
                    !process_running(&pid),
                    "{what} child {pid} of the test that ended by {k} survived"
                );
            }
        }
    }

    /// When waiting for the test fails, the test is stopped and reaped all
    /// the same (the error is reported after that).
    #[test]
    fn a_failed_wait_still_stops_and_reaps_the_test() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path().display();
        let (_s, path) = script(&format!(
            "setsid sleep 30 & echo $! > {d}/setsid.pid
sleep 30 & echo $! > {d}/child.pid
echo $$ > {d}/leader.pid
wait"
        ));
        let o = oracle(&path, 60_000);
        FAIL_POLL_ON_STOP.with(|f| f.set(true));
        let err = std::thread::scope(|s| {
            s.spawn(|| {
                pid_in(&dir.path().join("leader.pid"));
                o.abandon(0);
            });
            o.test(0, b"").unwrap_err().to_string()
        });
        assert!(err.contains("injected poll failure"), "{err}");
        for what in ["setsid", "child"] {
            let pid = pid_in(&dir.path().join(format!("{what}.pid")));
            assert!(!process_running(&pid), "{what} {pid} survived");
        }
        // Reaped: not even a zombie is left of the leader, our child.
        let leader = pid_in(&dir.path().join("leader.pid"));
        assert!(
            !Path::new(&format!("/proc/{leader}")).exists(),
            "the leader {leader} was not reaped"
        );
    }

    #[test]
    fn missing_and_non_executable_scripts_are_rejected() {
        let cancel = Arc::new(Cancel::new().unwrap());
        let t = run(1, Duration::from_secs(1));
        let err = ScriptOracle::new(
            Path::new("./no-such-script"),
            OsStr::new("x"),
            &t,
            cancel.clone(),
        );
        assert!(matches!(err, Err(ScriptError::NotFound(_))));
        let (_d, path) = script("exit 0");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let err = ScriptOracle::new(&path, OsStr::new("x"), &t, cancel);
        assert!(matches!(err, Err(ScriptError::NotExecutable(_))));
    }
}
