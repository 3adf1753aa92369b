//! What one test may use of the machine: memory, processes, the size of a
//! file it writes. A test that reaches a limit fails (an allocation fails, a
//! fork fails, a write gets `SIGXFSZ`): a failed test, never a dead reducer
//! nor a dead machine.
//!
//! The limits are resource limits (`setrlimit`) set in the test's process
//! before the script starts, so they hold for whatever it runs, wherever it
//! runs, and are inherited by every process it starts:
//!
//! - memory: `RLIMIT_AS`, the address space of each process (as Shrink Ray
//!   does). It counts what a process reserves, not what it touches: a
//!   runaway allocation fails at the limit, while a program that reserves
//!   terabytes it never uses (AddressSanitizer's shadow memory) cannot run
//!   under any limit and needs `--memory-limit none`;
//! - processes: `RLIMIT_NPROC`, which the kernel counts per user: the tests
//!   of a run together may start `-j` times the limit beyond the processes
//!   the user had when the run started. The kernel does not apply it to
//!   root;
//! - a file's size: `RLIMIT_FSIZE`.
//!
//! The test's out-of-memory score is raised to the most (1000), so that on
//! a machine out of memory the kernel's OOM killer takes a test, and
//! [`protect_this_process`] lowers treereduce's own where it may.
//!
//! Setting a limit in the child between `fork` and `exec` costs a `fork`
//! of this whole process: the kernel copies its page tables, and the child's
//! `exec` tears them down again, about 1 ms per 100 MB the reducer holds
//! (a 9.6 MB input's tree and tables hold over 1 GB: most of the reducer's
//! own time went there). So once this process holds more than
//! [`START_THROUGH_ABOVE`], a test starts through a small *starter*
//! instead, when the program registered one ([`start_tests_through`]; the
//! `treereduce` binary registers itself): it is started without a copy of
//! this process (`posix_spawn`), sets the limits on itself, and replaces
//! itself with the test ([`start_test`]), which keeps its process id,
//! group, environment, directory and open files.
//!
//! A cgroup (v2, with its memory and pids controllers delegated) would
//! count resident memory and every process of a test exactly; it is rarely
//! delegated to an unprivileged user (CI runners, containers, clusters),
//! so rlimits are what every run uses.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::OnceLock;

/// The limits of one test (`None`: no limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TestLimits {
    /// Bytes of address space of each of its processes.
    pub memory: Option<u64>,
    /// Processes it may start (see the module documentation).
    pub processes: Option<u64>,
    /// Bytes of a file it writes.
    pub file_size: Option<u64>,
}

/// The least default memory limit: a JVM reserves about 2 GiB at the
/// start (its compressed class space alone is 1 GiB), node and compilers
/// far less.
pub const MIN_DEFAULT_MEMORY: u64 = 4 << 30;

/// The default number of processes a test may start.
pub const DEFAULT_PROCESSES: u64 = 4096;

/// The default size of a file a test may write.
pub const DEFAULT_FILE_SIZE: u64 = 4 << 30;

impl TestLimits {
    /// No limit at all.
    pub const NONE: TestLimits = TestLimits {
        memory: None,
        processes: None,
        file_size: None,
    };

    /// The defaults for `jobs` tests at once on this machine: memory 3/4
    /// of the machine's divided among them, at least
    /// [`MIN_DEFAULT_MEMORY`] but never more than the machine has;
    /// [`DEFAULT_PROCESSES`]; [`DEFAULT_FILE_SIZE`].
    pub fn for_jobs(jobs: usize) -> TestLimits {
        TestLimits {
            memory: total_memory().map(|total| default_memory(total, jobs)),
            processes: Some(DEFAULT_PROCESSES),
            file_size: Some(DEFAULT_FILE_SIZE),
        }
    }

    /// These limits made ready for the tests of a run of `jobs` at once
    /// (the processes the user has now are counted once, here).
    pub fn prepare(&self, jobs: usize) -> Prepared {
        Prepared {
            memory: self.memory,
            file_size: self.file_size,
            nproc: self
                .processes
                .map(|n| user_processes().saturating_add(n.saturating_mul(jobs.max(1) as u64))),
        }
    }
}

/// [`TestLimits`] as a test's process sets them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prepared {
    memory: Option<u64>,
    file_size: Option<u64>,
    /// The user's processes that stop a fork (see the module documentation).
    nproc: Option<u64>,
}

impl Prepared {
    /// No limit at all.
    pub const NONE: Prepared = Prepared {
        memory: None,
        file_size: None,
        nproc: None,
    };

    /// A command that runs `program` under these limits, with the highest
    /// out-of-memory score: through the registered starter once this
    /// process holds more than [`START_THROUGH_ABOVE`], else by setting
    /// them between `fork` and `exec`. The caller adds the arguments.
    ///
    /// Through the starter, a `program` that is a path and cannot be
    /// executed is an error here, as `spawn` would give it; one that fails
    /// later (removed in between) makes the test exit with 127.
    pub fn command(&self, program: &OsStr) -> std::io::Result<Command> {
        match STARTER.get() {
            Some(starter) if through_starter(resident_bytes()) => {
                executable(program)?;
                Ok(self.through(starter, program))
            }
            _ => {
                let mut command = Command::new(program);
                self.apply(&mut command);
                Ok(command)
            }
        }
    }

    /// The command that has `starter` run `program` under these limits.
    fn through(&self, starter: &Path, program: &OsStr) -> Command {
        let mut command = Command::new(starter);
        command
            .arg(START_TEST)
            .args([self.memory, self.file_size, self.nproc].map(limit_word))
            .arg(program);
        command
    }

    /// Makes `command`'s process start under these limits, with the
    /// highest out-of-memory score.
    pub fn apply(&self, command: &mut Command) {
        let limits = *self;
        let path = c"/proc/self/oom_score_adj";
        // SAFETY: the closure runs in the child between fork and exec and
        // makes only async-signal-safe system calls (getrlimit, setrlimit,
        // open, write, close) on data prepared before the fork.
        unsafe {
            command.pre_exec(move || limits.set_on_this_process(path));
        }
    }

    /// Sets these limits on this process and raises its out-of-memory
    /// score (`path`: its `oom_score_adj`). Only async-signal-safe calls.
    fn set_on_this_process(&self, path: &std::ffi::CStr) -> std::io::Result<()> {
        set(libc::RLIMIT_AS, self.memory)?;
        set(libc::RLIMIT_FSIZE, self.file_size)?;
        set(libc::RLIMIT_NPROC, self.nproc)?;
        // SAFETY: open, write and close on a valid C string and buffer.
        unsafe {
            let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if fd >= 0 {
                libc::write(fd, b"1000".as_ptr().cast(), 4);
                libc::close(fd);
            }
        }
        Ok(())
    }
}

/// The first argument that makes the `treereduce` binary a starter:
/// `treereduce --start-test-under-limits MEMORY FILE_SIZE PROCESSES
/// PROGRAM [ARGS...]`, each limit a number or `none` (see [`start_test`]).
pub const START_TEST: &str = "--start-test-under-limits";

/// How much of this process's memory makes a test start through the
/// starter: below it a `fork` costs less than starting the starter.
pub const START_THROUGH_ABOVE: u64 = 64 << 20;

static STARTER: OnceLock<PathBuf> = OnceLock::new();

/// Makes tests start through `starter` (a program that calls
/// [`start_test`] when its first argument is [`START_TEST`]) once this
/// process holds more than [`START_THROUGH_ABOVE`]. Once per process; a
/// later call changes nothing.
pub fn start_tests_through(starter: PathBuf) {
    let _ = STARTER.set(starter);
}

/// Whether a process holding `resident` bytes starts a test through the
/// starter.
fn through_starter(resident: u64) -> bool {
    resident > START_THROUGH_ABOVE
}

/// The bytes this process holds in memory now (0 if unknown).
fn resident_bytes() -> u64 {
    let Ok(statm) = std::fs::read_to_string("/proc/self/statm") else {
        return 0;
    };
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(0) as u64;
    statm
        .split_whitespace()
        .nth(1)
        .and_then(|pages| pages.parse::<u64>().ok())
        .map_or(0, |pages| pages * page)
}

/// An error if `program` is a path that cannot be executed.
fn executable(program: &OsStr) -> std::io::Result<()> {
    if !program.as_bytes().contains(&b'/') {
        return Ok(());
    }
    let path = std::ffi::CString::new(program.as_bytes())
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    // SAFETY: access on a valid C string.
    if unsafe { libc::access(path.as_ptr(), libc::X_OK) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

fn limit_word(limit: Option<u64>) -> OsString {
    limit.map_or_else(|| "none".into(), |n| n.to_string().into())
}

/// The starter's work (`args`: what follows [`START_TEST`]): sets the
/// limits on this process, raises its out-of-memory score and replaces
/// itself with the program. Returns only when that fails: the message is on
/// standard error (the test's log) and the exit code 127, as a shell gives
/// for a command it cannot run.
pub fn start_test(args: &[OsString]) -> ExitCode {
    let fail = |what: String| {
        eprintln!("treereduce: cannot start the test: {what}");
        ExitCode::from(127)
    };
    let [memory, file_size, nproc, program, rest @ ..] = args else {
        return fail(format!("{START_TEST} needs three limits and a program"));
    };
    let word = |w: &OsString| match w.to_str() {
        Some("none") => Ok(None),
        Some(n) => n
            .parse::<u64>()
            .map(Some)
            .map_err(|_| format!("{n:?} is not a limit")),
        None => Err(format!("{w:?} is not a limit")),
    };
    let limits = match (word(memory), word(file_size), word(nproc)) {
        (Ok(memory), Ok(file_size), Ok(nproc)) => Prepared {
            memory,
            file_size,
            nproc,
        },
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return fail(e),
    };
    if let Err(e) = limits.set_on_this_process(c"/proc/self/oom_score_adj") {
        return fail(format!("cannot set its limits: {e}"));
    }
    let e = Command::new(program).args(rest).exec();
    fail(format!("{}: {e}", program.to_string_lossy()))
}

/// The default memory limit per test on a machine of `total` bytes.
fn default_memory(total: u64, jobs: usize) -> u64 {
    (total / 4 * 3 / jobs.max(1) as u64)
        .max(MIN_DEFAULT_MEMORY)
        .min(total)
}

/// Lowers a limit of this process (the child about to run a test) to
/// `value`; never raises one the user set lower.
fn set(resource: libc::__rlimit_resource_t, value: Option<u64>) -> std::io::Result<()> {
    let Some(value) = value else {
        return Ok(());
    };
    let mut now = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit with a valid rlimit structure.
    unsafe {
        if libc::getrlimit(resource, &mut now) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let value = value as libc::rlim_t;
        let limit = libc::rlimit {
            rlim_cur: now.rlim_cur.min(value),
            rlim_max: now.rlim_max,
        };
        if libc::setrlimit(resource, &limit) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Makes this process the kernel's last choice when memory runs out: its
/// out-of-memory score adjustment goes to -900 where it may (lowering it
/// needs the privilege to; an unprivileged process keeps its own, while its
/// tests get the highest score). Once per process.
#[cfg(feature = "cli")]
pub fn protect_this_process() {
    static DONE: std::sync::Once = std::sync::Once::new();
    DONE.call_once(|| {
        let _ = std::fs::write("/proc/self/oom_score_adj", "-900");
    });
}

/// Total physical memory, if the system says.
fn total_memory() -> Option<u64> {
    // SAFETY: sysinfo fills the zeroed struct we pass and returns 0 on success.
    unsafe {
        let mut info: libc::sysinfo = std::mem::zeroed();
        (libc::sysinfo(&mut info) == 0).then(|| info.totalram as u64 * u64::from(info.mem_unit))
    }
}

/// The processes (threads included, as the kernel counts them for
/// `RLIMIT_NPROC`) of this process's real user now.
fn user_processes() -> u64 {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: getuid has no preconditions.
    let me = unsafe { libc::getuid() };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .filter(|e| e.metadata().is_ok_and(|m| m.uid() == me))
        .map(|e| std::fs::read_dir(e.path().join("task")).map_or(1, |tasks| tasks.count() as u64))
        .sum()
}

/// Parses a size: a number of bytes with an optional unit (`K`, `M`, `G`,
/// `T`, powers of 1024, with or without `iB`/`B`), or `none` for no limit.
#[cfg(feature = "cli")]
pub fn parse_size(text: &str) -> Result<Option<u64>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") || t.eq_ignore_ascii_case("unlimited") {
        return Ok(None);
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let number: f64 = number
        .parse()
        .map_err(|_| format!("{text:?} is not a size (e.g. 4G, 512M, none)"))?;
    let unit = unit.trim().to_ascii_uppercase();
    let shift = match unit.trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("{text:?}: unknown unit (use K, M, G or T)")),
    };
    let bytes = number * (1u64 << shift) as f64;
    if !(bytes >= 1.0 && bytes < u64::MAX as f64) {
        return Err(format!("{text:?}: out of range"));
    }
    Ok(Some(bytes as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_parsed_with_units_or_none() {
        assert_eq!(parse_size("4G"), Ok(Some(4 << 30)));
        assert_eq!(parse_size("512MiB"), Ok(Some(512 << 20)));
        assert_eq!(parse_size("1.5k"), Ok(Some(1536)));
        assert_eq!(parse_size("100"), Ok(Some(100)));
        assert_eq!(parse_size("none"), Ok(None));
        assert!(parse_size("4X").is_err());
        assert!(parse_size("0").is_err());
        assert!(parse_size("lots").is_err());
    }

    #[test]
    fn the_default_memory_divides_three_quarters_of_the_machine() {
        let gb = 1u64 << 30;
        assert_eq!(default_memory(64 * gb, 2), 24 * gb);
        assert_eq!(default_memory(24 * gb, 16), MIN_DEFAULT_MEMORY);
        assert_eq!(default_memory(2 * gb, 1), 2 * gb);
    }

    /// The starter gets the limits in the order it reads them, `none` for
    /// none, then the program; the caller's arguments follow.
    #[test]
    fn a_test_started_through_the_starter_gets_its_limits_as_words() {
        let limits = Prepared {
            memory: Some(1 << 30),
            file_size: None,
            nproc: Some(77),
        };
        let mut command = limits.through(Path::new("/bin/starter"), OsStr::new("./check.sh"));
        command.arg("a.c");
        assert_eq!(command.get_program(), "/bin/starter");
        let args: Vec<&OsStr> = command.get_args().collect();
        assert_eq!(
            args,
            [START_TEST, "1073741824", "none", "77", "./check.sh", "a.c"]
        );
        assert!(!through_starter(START_THROUGH_ABOVE));
        assert!(through_starter(START_THROUGH_ABOVE + 1));
        assert!(resident_bytes() > 0);
    }

    /// A program path that cannot be executed is refused before a starter
    /// would start (so that the test is an error, not a failed test).
    #[test]
    fn only_an_executable_program_goes_through_the_starter() {
        assert!(executable(OsStr::new("/bin/sh")).is_ok());
        assert!(executable(OsStr::new("sh")).is_ok());
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("check.sh");
        std::fs::write(&plain, "exit 0").unwrap();
        assert!(executable(plain.as_os_str()).is_err());
        assert!(executable(dir.path().join("missing").as_os_str()).is_err());
    }

    /// A process under the limits: an allocation past the memory limit
    /// fails, a write past the file size gets SIGXFSZ, and the kernel's OOM
    /// killer would take it first.
    #[test]
    fn a_test_runs_under_the_limits() {
        let dir = tempfile::tempdir().unwrap();
        let limits = TestLimits {
            memory: Some(1 << 30),
            processes: Some(64),
            file_size: Some(1 << 20),
        };
        let run = |script: &str| {
            let mut command = Command::new("/bin/sh");
            command.arg("-c").arg(script).current_dir(dir.path());
            limits.prepare(1).apply(&mut command);
            command.output().unwrap()
        };
        let out = run("cat /proc/self/oom_score_adj; ulimit -v; ulimit -f");
        let text = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        // `ulimit -v` in KiB, `ulimit -f` in blocks of 512 bytes (dash).
        assert_eq!(lines, ["1000", "1048576", "2048"], "{text}");
        // 2 GiB of memory: refused at the limit.
        let out = run("python3 -c 'b = bytearray(2 << 30)'");
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("MemoryError"));
        // A file of 2 MiB: the writer gets SIGXFSZ at 1 MiB.
        let out = run("head -c 2097152 /dev/zero > big; echo $?");
        assert_ne!(String::from_utf8_lossy(&out.stdout).trim(), "0");
        assert_eq!(
            std::fs::metadata(dir.path().join("big")).unwrap().len(),
            1 << 20
        );
    }
}
