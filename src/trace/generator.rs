//! Running the generator: once to record its decisions, then once per
//! candidate to replay a plan. Each worker has a private copy of the
//! directory treereduce was started in (`mirror`), so `-- python3 gen.py`
//! finds `gen.py` as typed, parallel runs never share an output file, and
//! nothing a run writes reaches the user's files; the copy is put back as it
//! was after every run. The hooks that record and replay
//! (`hook/`, shipped inside the binary) are written once to a private
//! directory and put on the generator's path: PYTHONPATH for Python (a
//! `sitecustomize` that installs the hook), NODE_OPTIONS `--require` for
//! node. Every run leads its own process group and carries a cookie of its
//! own; on timeout, Ctrl-C, when its verdict is no longer needed, and after
//! it exits, every process it started is stopped, as for the test script.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use tempfile::TempDir;

use super::mirror::{self, Mirror};
use crate::oracle::{COOKIE_VAR, Cancel, Cookie, RunOutcome, contain, wait_group};

/// The Python hook (installed by the `sitecustomize` beside it).
pub const PYTHON_HOOK: &str = include_str!("hook/treereduce_trace.py");
/// Imported by Python at start-up when found on PYTHONPATH.
pub const PYTHON_SITECUSTOMIZE: &str = include_str!("hook/sitecustomize.py");
/// The node hook, preloaded with `--require`.
pub const NODE_HOOK: &str = include_str!("hook/treereduce_trace.js");

/// Names in a worker's directory that belong to treereduce.
const TRACE_FILE: &str = ".treereduce-trace";
const PLAN_FILE: &str = ".treereduce-plan";
const STDOUT_FILE: &str = ".treereduce-stdout";
const STDERR_FILE: &str = ".treereduce-stderr";
const MARKER_FILE: &str = ".treereduce-running";

/// What a replay does with a decision it cannot align (the paper's
/// strategies for infeasible alignment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Stop the run: the candidate is discarded.
    Halt,
    /// Remove the smallest unit holding the decision that could not be
    /// aligned as well, and run again.
    Bypass,
    /// Give the decision the value that skips its block if it guards one,
    /// else the lowest its arguments allow, and carry on, aligning later
    /// decisions by their execution index.
    Realign,
}

impl Align {
    /// Every strategy, in the order `--align` lists them.
    pub const ALL: [Align; 3] = [Align::Halt, Align::Bypass, Align::Realign];

    /// The strategy of that name (`halt`, `bypass`, `realign`).
    pub fn named(name: &str) -> Option<Align> {
        Align::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Its name, as `--align` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Align::Halt => "halt",
            Align::Bypass => "bypass",
            Align::Realign => "realign",
        }
    }

    /// What the hook is told: bypass halts there, then treereduce removes
    /// more and runs again.
    fn hook_mode(self) -> &'static str {
        match self {
            Align::Halt | Align::Bypass => "halt",
            Align::Realign => "realign",
        }
    }
}

/// One run of the generator.
#[derive(Debug)]
pub struct GeneratorRun {
    /// How it ended.
    pub outcome: RunOutcome,
    /// The program it wrote (stdout, or the `--gen-output` file).
    pub output: Option<Vec<u8>>,
    /// The trace its hook wrote, if any.
    pub trace: Option<String>,
    /// The last lines of its stderr.
    pub stderr_tail: String,
    /// Wall time.
    pub duration: Duration,
}

/// One worker's directory.
struct Worker {
    dir: TempDir,
    /// Its canonical path, as `/proc/PID/cwd` shows it.
    real: PathBuf,
    copy: mirror::Copy,
}

/// See the module documentation.
pub struct Generator {
    command: Vec<OsString>,
    output_name: Option<OsString>,
    hooks: TempDir,
    mirror: Mirror,
    workers: Vec<Mutex<Worker>>,
    timeout_ms: AtomicU64,
    cancel: Arc<Cancel>,
    abandon: Vec<Cancel>,
}

impl Generator {
    /// Prepares `jobs` private copies of `cwd` and writes the hooks.
    pub fn new(
        command: Vec<OsString>,
        output_name: Option<OsString>,
        cwd: &Path,
        jobs: usize,
        timeout: Duration,
        cancel: Arc<Cancel>,
    ) -> io::Result<Generator> {
        if command.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no generator command after --",
            ));
        }
        let prefix = crate::oracle::private_dir_prefix();
        let hooks = tempfile::Builder::new().prefix(&prefix).tempdir()?;
        fs::write(hooks.path().join("treereduce_trace.py"), PYTHON_HOOK)?;
        fs::write(hooks.path().join("sitecustomize.py"), PYTHON_SITECUSTOMIZE)?;
        fs::write(hooks.path().join("treereduce_trace.js"), NODE_HOOK)?;
        let mirror = Mirror::take(cwd, &prefix, |name| {
            name.to_string_lossy().starts_with(".treereduce-")
                || output_name.as_deref() == Some(name.as_os_str())
        })?;
        let mut workers = Vec::new();
        for _ in 0..jobs.max(1) {
            let dir = tempfile::Builder::new().prefix(&prefix).tempdir()?;
            let copy = mirror.copy_into(dir.path())?;
            let real = dir.path().canonicalize()?;
            workers.push(Mutex::new(Worker { dir, real, copy }));
        }
        let abandon = (0..workers.len())
            .map(|_| Cancel::new())
            .collect::<io::Result<Vec<_>>>()?;
        Ok(Generator {
            command,
            output_name,
            hooks,
            mirror,
            workers,
            timeout_ms: AtomicU64::new(timeout.as_millis() as u64),
            cancel,
            abandon,
        })
    }

    /// The command, for messages.
    pub fn command_line(&self) -> String {
        self.command
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The per-run time limit.
    pub fn timeout(&self) -> Duration {
        Duration::from_millis(self.timeout_ms.load(Ordering::Relaxed))
    }

    /// Changes the per-run time limit.
    pub fn set_timeout(&self, timeout: Duration) {
        self.timeout_ms
            .store(timeout.as_millis() as u64, Ordering::Relaxed);
    }

    /// The run of `worker` is no longer needed.
    pub fn abandon(&self, worker: usize) {
        self.abandon[worker % self.abandon.len()].cancel();
    }

    /// Runs the generator in `worker`'s directory: recording (`plan` None)
    /// or replaying `plan` with strategy `align`.
    pub fn run(&self, worker: usize, plan: Option<&str>, align: Align) -> io::Result<GeneratorRun> {
        let index = worker % self.workers.len();
        let mut state = self.workers[index].lock();
        let dir = state.dir.path().to_owned();
        let abandon = &self.abandon[index];
        abandon.reset();
        let trace_path = dir.join(TRACE_FILE);
        let _ = fs::remove_file(&trace_path);
        let cookie = Cookie::new(&state.real);
        let mut command = Command::new(&self.command[0]);
        command
            .args(&self.command[1..])
            .current_dir(&dir)
            .env(COOKIE_VAR, cookie.value())
            .stdin(Stdio::null())
            .stdout(fs::File::create(dir.join(STDOUT_FILE))?)
            .stderr(fs::File::create(dir.join(STDERR_FILE))?)
            .env("TREEREDUCE_TRACE_OUT", &trace_path)
            .env("TREEREDUCE_TRACE_ALIGN", align.hook_mode())
            .env("PYTHONPATH", prepend_path(self.hooks.path(), "PYTHONPATH"))
            .env("NODE_OPTIONS", node_options(self.hooks.path()))
            .process_group(0);
        match plan {
            Some(plan) => {
                let path = dir.join(PLAN_FILE);
                fs::write(&path, plan)?;
                command.env("TREEREDUCE_TRACE_REPLAY", path);
            }
            None => {
                command.env_remove("TREEREDUCE_TRACE_REPLAY");
            }
        }
        let start = Instant::now();
        let ran = contain::spawn(&mut command)
            .map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("cannot start the generator {:?}: {e}", self.command[0]),
                )
            })
            .and_then(|child| {
                wait_group(
                    child,
                    self.timeout(),
                    [&self.cancel, abandon],
                    &dir.join(MARKER_FILE),
                    &cookie,
                )
            });
        let duration = start.elapsed();
        let output = match &self.output_name {
            Some(name) => fs::read(dir.join(name)).ok(),
            None => fs::read(dir.join(STDOUT_FILE)).ok(),
        };
        let trace = fs::read(&trace_path)
            .ok()
            .map(|t| String::from_utf8_lossy(&t).into_owned());
        let stderr = fs::read(dir.join(STDERR_FILE)).unwrap_or_default();
        // Whatever the run did, the next one starts from the same files.
        let Worker { copy, .. } = &mut *state;
        self.mirror.restore(&dir, copy)?;
        let outcome = ran?;
        Ok(GeneratorRun {
            outcome,
            output,
            trace,
            stderr_tail: tail(&stderr, 15),
            duration,
        })
    }
}

/// `dir` in front of the search path in variable `var`.
fn prepend_path(dir: &Path, var: &str) -> OsString {
    let mut value = dir.as_os_str().to_owned();
    if let Some(old) = std::env::var_os(var).filter(|v| !v.is_empty()) {
        value.push(":");
        value.push(old);
    }
    value
}

/// NODE_OPTIONS with the hook preloaded, before what the user set.
fn node_options(hooks: &Path) -> OsString {
    let hook = hooks.join("treereduce_trace.js");
    let mut value = OsString::from("--require \"");
    value.push(hook.as_os_str());
    value.push("\"");
    if let Some(old) = std::env::var_os("NODE_OPTIONS").filter(|v| !v.is_empty()) {
        value.push(" ");
        value.push(old);
    }
    value
}

fn tail(bytes: &[u8], lines: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// A name usable as the `--gen-output` file: a plain file name.
pub fn plain_name(name: &OsStr) -> bool {
    let path = Path::new(name);
    path.components().count() == 1 && path.file_name() == Some(name)
}
