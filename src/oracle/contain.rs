//! Containing every process a test starts, wherever it goes.
//!
//! A test's process group is not enough: `timeout` puts its command in a
//! group of its own, `setsid` and daemons start a new session, a double fork
//! leaves an orphan that the kernel hands to init. So every test (and every
//! run of a trace generator) carries a *cookie*: an environment variable
//! ([`COOKIE_VAR`]) with a value unique to that test, which its descendants
//! inherit whatever group or session they move to. When the test ends (it
//! exits, times out, is abandoned or the run is cancelled) every process
//! whose `/proc/PID/environ` holds that cookie, whose working directory is
//! the test's private directory, or that descends from one of those, gets
//! TERM and, after a grace period, KILL; the scan repeats until none is left,
//! so children forked meanwhile are caught too. Only processes started after
//! the test are read (the ids handed out since, see [`PidWindow`], and their
//! start times), and with a subreaper only this process's descendants have
//! their environment read, which keeps the scan cheap on a busy machine.
//!
//! The command line also makes this process a child subreaper
//! ([`Orphans::adopt`]): orphans of a test then re-parent to it instead of to
//! init, so even one that cleared its environment (`env -i`) and left the
//! directory is still found: it is killed when the run ends at the latest.
//! Orphans that exit on their own are reaped here. Reaping never uses
//! `waitpid(-1)`, which would take the exit status from a [`Child`] another
//! thread is waiting for: the children this process waits for are registered
//! ([`spawn`]), and only unregistered ones are reaped, each by its own id.
//!
//! A cgroup would be stronger (it sees processes that cleared their
//! environment and moved away in one step), but an unprivileged user rarely
//! has one delegated (CI runners, containers, clusters), so the cookie and the
//! subreaper are what every run uses.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};

/// The environment variable that marks a test's processes:
/// `TREEREDUCE_TEST_ID=<run>.<test>`.
pub(crate) const COOKIE_VAR: &str = "TREEREDUCE_TEST_ID";

/// How long a process that got TERM may take to end before it gets KILL.
pub(crate) const TERM_GRACE: Duration = Duration::from_millis(200);

/// How long after KILL a sweep waits for processes that do not die (stuck in
/// the kernel, e.g. on a hung network file system) before it leaves them.
const GIVE_UP_AFTER_KILL: Duration = Duration::from_secs(2);

/// This run's part of every cookie: the process id and the start time, so
/// that two runs never share one (also across PID namespaces).
pub(crate) fn run_id() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        format!("{}-{nanos:x}", std::process::id())
    })
}

/// The mark of one test's processes (see the module documentation).
#[derive(Debug)]
pub(crate) struct Cookie {
    value: String,
    /// No process started before this (in clock ticks since boot, as
    /// `/proc/PID/stat` counts) can carry the cookie.
    since: u64,
    /// The test's private directory.
    dir: PathBuf,
    /// Where process ids were before the test started.
    window: Option<PidWindow>,
}

impl Cookie {
    /// A fresh cookie for a test that runs in `dir` (a canonical path, as
    /// `/proc/PID/cwd` shows it); make it before the test starts.
    pub(crate) fn new(dir: &Path) -> Cookie {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        Cookie {
            window: PidWindow::before_now(),
            value: format!("{}.{n}", run_id()),
            // One tick of margin: the clock and the start times are rounded.
            since: now_ticks().saturating_sub(1),
            dir: dir.to_owned(),
        }
    }

    /// The variable's value.
    pub(crate) fn value(&self) -> &str {
        &self.value
    }
}

/// Registered children: a reaper must not take their exit status.
static OWNED: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());
/// Held (shared) while a child is being spawned and registered, taken
/// (exclusive) by a reaper so that it never sees a child not yet registered.
static SPAWNING: RwLock<()> = RwLock::new(());
/// Whether this process is a child subreaper ([`Orphans::adopt`]).
static ADOPTING: AtomicBool = AtomicBool::new(false);

fn owned(pid: i32) -> bool {
    OWNED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .contains(&pid)
}

/// A child this process waits for; registered so that no reaper takes its
/// exit status. Dropping it without waiting hands it to the reaper.
#[derive(Debug)]
pub(crate) struct Spawned {
    child: Child,
}

/// Spawns `command` as a registered child (see [`Spawned`]).
pub(crate) fn spawn(command: &mut Command) -> io::Result<Spawned> {
    let _spawning = SPAWNING.read().unwrap_or_else(|e| e.into_inner());
    let child = command.spawn()?;
    OWNED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(child.id() as i32);
    Ok(Spawned { child })
}

impl Spawned {
    /// The child's process id.
    pub(crate) fn id(&self) -> u32 {
        self.child.id()
    }

    /// The child itself (for its pipes).
    pub(crate) fn child_mut(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Waits for the child to exit and reaps it.
    pub(crate) fn wait(&mut self) -> io::Result<ExitStatus> {
        let status = self.child.wait();
        if status.is_ok() {
            self.release();
        }
        status
    }

    /// Reaps the child if it has exited.
    pub(crate) fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        let status = self.child.try_wait();
        if let Ok(Some(_)) = status {
            self.release();
        }
        status
    }

    fn release(&self) {
        OWNED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&(self.child.id() as i32));
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        self.release();
    }
}

/// The command line's promise that no process of a test outlives the run:
/// while the value lives this process is a child subreaper, so orphans of
/// tests re-parent to it; dropping it kills every process still left (an
/// orphan that cleared its environment, one a test started just before the
/// run was cancelled) and reaps them.
///
/// Only for a program that spawns its children through [`spawn`] (or has
/// none besides treereduce's): every other child is taken for an orphan.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub(crate) struct Orphans {
    adopted: bool,
}

#[cfg_attr(not(feature = "cli"), allow(dead_code))]
impl Orphans {
    /// Makes this process a child subreaper. Without the permission (never
    /// refused on Linux) it goes on without: the cookies still find the
    /// processes, only one that cleared its environment and left its
    /// directory may then escape.
    pub(crate) fn adopt() -> Orphans {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER reads only its integer
        // argument.
        let adopted = unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } == 0;
        ADOPTING.store(adopted, Ordering::SeqCst);
        Orphans { adopted }
    }
}

impl Drop for Orphans {
    fn drop(&mut self) {
        if self.adopted {
            Sweep::new(Mark::Run).finish();
        }
    }
}

/// Which processes a sweep stops.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
enum Mark<'a> {
    /// One test's: its cookie, its directory, and their descendants.
    Test(&'a Cookie),
    /// Everything of this run: any cookie of it, every child not registered
    /// (orphans, with a subreaper), and their descendants.
    Run,
}

/// One process as `/proc/PID/stat` shows it.
#[derive(Clone, Copy, Debug)]
struct Proc {
    pid: i32,
    ppid: i32,
    /// Start time in clock ticks since boot: with the pid, names a process
    /// (a pid alone may be reused).
    start: u64,
    zombie: bool,
}

/// Stops the processes of a [`Mark`]: TERM first, KILL to those still
/// there a grace period later, until none is left.
pub(crate) struct Sweep<'a> {
    mark: Mark<'a>,
    /// When each process got TERM.
    termed: HashMap<(i32, u64), Instant>,
    /// Orphans of ours that were stopped: reaped at the end.
    adopted: HashSet<i32>,
    /// When the first TERM went out: a process found a grace period after
    /// it gets KILL at once (a fork loop that ignores TERM cannot outrun
    /// the sweep).
    first_term: Option<Instant>,
    /// When the first KILL went out.
    killed_at: Option<Instant>,
}

impl<'a> Sweep<'a> {
    /// A sweep of the processes of the test marked by `cookie`.
    pub(crate) fn test(cookie: &'a Cookie) -> Sweep<'a> {
        Sweep::new(Mark::Test(cookie))
    }

    fn new(mark: Mark<'a>) -> Sweep<'a> {
        Sweep {
            mark,
            termed: HashMap::new(),
            adopted: HashSet::new(),
            first_term: None,
            killed_at: None,
        }
    }

    /// Sends TERM to every marked process (at the start of a test's stop,
    /// together with the TERM to its process group).
    pub(crate) fn terminate(&mut self) {
        let now = Instant::now();
        for p in self.scan() {
            if let Some(target) = Target::open(p) {
                target.signal(libc::SIGTERM);
                self.termed.insert((p.pid, p.start), now);
                self.first_term.get_or_insert(now);
            }
        }
    }

    /// Stops every marked process: TERM to the ones not signalled yet, KILL
    /// to those that outlived their grace period; repeats until a scan
    /// finds none (or, after KILL, [`GIVE_UP_AFTER_KILL`] passed), then
    /// reaps the orphans of ours that it stopped.
    pub(crate) fn finish(mut self) {
        loop {
            let found = self.scan();
            if found.is_empty()
                || self
                    .killed_at
                    .is_some_and(|t| t.elapsed() > GIVE_UP_AFTER_KILL)
            {
                break;
            }
            let now = Instant::now();
            let mut next = now + TERM_GRACE;
            let mut targets = Vec::new();
            for p in found {
                let Some(target) = Target::open(p) else {
                    continue;
                };
                let late = self.first_term.is_some_and(|t| now >= t + TERM_GRACE);
                match self.termed.get(&(p.pid, p.start)) {
                    None if !late => {
                        target.signal(libc::SIGTERM);
                        self.termed.insert((p.pid, p.start), now);
                        self.first_term.get_or_insert(now);
                    }
                    Some(&at) if now < at + TERM_GRACE => next = next.min(at + TERM_GRACE),
                    _ => {
                        target.signal(libc::SIGKILL);
                        self.killed_at.get_or_insert(now);
                        // A killed process ends at once unless stuck in the kernel.
                        next = next.min(now + Duration::from_millis(50));
                    }
                }
                targets.push(target);
            }
            wait_for_exit(&targets, next);
        }
        let adopted: Vec<i32> = self.adopted.iter().copied().collect();
        reap_orphans(&adopted, &mut self.adopted);
    }

    /// The live marked processes; on the way, reaps the orphans of ours
    /// that ended on their own.
    fn scan(&mut self) -> Vec<Proc> {
        let me = std::process::id() as i32;
        let adopting = ADOPTING.load(Ordering::SeqCst);
        // Without the lock a child spawned just now, not yet registered,
        // would look like an orphan.
        let _spawning = matches!(self.mark, Mark::Run)
            .then(|| SPAWNING.write().unwrap_or_else(|e| e.into_inner()));
        let procs = match self.mark {
            Mark::Test(cookie) => processes(cookie.window.and_then(|w| w.since()).as_ref()),
            Mark::Run => processes(None),
        };
        let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
        for p in &procs {
            children.entry(p.ppid).or_default().push(p.pid);
        }
        // A subreaper's descendants hold every process of its tests (an
        // orphan re-parents to it): only those need their environment read,
        // which takes the lock of the process's memory map, contended in a
        // busy compiler.
        let descendants = adopting.then(|| closure(&children, children_of(&children, me), me));
        let mut marked: HashSet<i32> = HashSet::new();
        for p in &procs {
            if p.pid == me || p.zombie || owned(p.pid) {
                continue;
            }
            let hit = match self.mark {
                Mark::Test(cookie) => {
                    p.start >= cookie.since
                        && descendants.as_ref().is_none_or(|d| d.contains(&p.pid))
                        && marked_by(p.pid, cookie)
                }
                Mark::Run => (adopting && p.ppid == me) || carries_run_cookie(p.pid),
            };
            if hit {
                marked.insert(p.pid);
            }
        }
        // Descendants of marked processes, whatever they did to their
        // environment.
        let marked = closure(&children, marked, me);
        let mut live = Vec::new();
        let mut orphaned_zombies = Vec::new();
        for p in procs {
            if p.ppid == me && p.zombie {
                if self.adopted.contains(&p.pid) || (adopting && !owned(p.pid)) {
                    orphaned_zombies.push(p.pid);
                }
            } else if marked.contains(&p.pid) && !p.zombie && !owned(p.pid) {
                if p.ppid == me {
                    self.adopted.insert(p.pid);
                }
                live.push(p);
            }
        }
        drop(_spawning);
        reap_orphans(&orphaned_zombies, &mut self.adopted);
        live
    }
}

/// The children of `pid` in `children` (a map from parent to children).
fn children_of(children: &HashMap<i32, Vec<i32>>, pid: i32) -> HashSet<i32> {
    children.get(&pid).into_iter().flatten().copied().collect()
}

/// `roots` and all their descendants in `children`, never `me`.
fn closure(children: &HashMap<i32, Vec<i32>>, mut roots: HashSet<i32>, me: i32) -> HashSet<i32> {
    let mut stack: Vec<i32> = roots.iter().copied().collect();
    while let Some(pid) = stack.pop() {
        for &c in children.get(&pid).into_iter().flatten() {
            if c != me && roots.insert(c) {
                stack.push(c);
            }
        }
    }
    roots
}

/// Reaps zombie children that are orphans of tests, each by its id; under
/// the spawn lock, so that a child spawned but not yet registered is not
/// taken for one.
fn reap_orphans(zombies: &[i32], adopted: &mut HashSet<i32>) {
    if zombies.is_empty() {
        return;
    }
    let _spawning = SPAWNING.write().unwrap_or_else(|e| e.into_inner());
    for &pid in zombies {
        if !owned(pid) {
            reap(pid);
            adopted.remove(&pid);
        }
    }
}

/// Reaps child `pid` if it has exited (never blocks).
fn reap(pid: i32) {
    let mut status = 0;
    // SAFETY: waitpid on one process id with a valid status pointer.
    unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
}

/// Whether process `pid` belongs to the test of `cookie`: it carries the
/// cookie, or carries none of this run and works in the test's directory.
fn marked_by(pid: i32, cookie: &Cookie) -> bool {
    let Some(env) = environ(pid) else {
        return false;
    };
    let entry = format!("{COOKIE_VAR}={}", cookie.value);
    let mut any_of_run = false;
    for var in env.split(|&b| b == 0) {
        if var == entry.as_bytes() {
            return true;
        }
        any_of_run |= var.starts_with(COOKIE_VAR.as_bytes())
            && var.get(COOKIE_VAR.len()) == Some(&b'=')
            && var[COOKIE_VAR.len() + 1..].starts_with(run_id().as_bytes());
    }
    !any_of_run
        && fs::read_link(format!("/proc/{pid}/cwd")).is_ok_and(|cwd| cwd.starts_with(&cookie.dir))
}

/// Whether process `pid` carries a cookie of this run.
fn carries_run_cookie(pid: i32) -> bool {
    let prefix = format!("{COOKIE_VAR}={}.", run_id());
    environ(pid).is_some_and(|env| {
        env.split(|&b| b == 0)
            .any(|var| var.starts_with(prefix.as_bytes()))
    })
}

fn environ(pid: i32) -> Option<Vec<u8>> {
    fs::read(format!("/proc/{pid}/environ")).ok()
}

/// Every process `/proc` lists (those that vanish meanwhile left out), or
/// only those whose id is in `range` (see [`PidWindow`]).
fn processes(range: Option<&PidRange>) -> Vec<Proc> {
    let mut buf = Vec::with_capacity(512);
    // A short range (the usual: a few ids per test) is probed id by id,
    // cheaper than listing the machine's processes. A thread's id may come
    // up too: signalling it reaches its process, which is a process of the
    // test as well, and it is never a child to reap.
    if let Some(r) = range
        && r.after <= r.upto
        && r.upto - r.after <= PROBE_AT_MOST
    {
        return (r.after + 1..=r.upto)
            .filter_map(|pid| read_stat(pid, &mut buf))
            .collect();
    }
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| range.is_none_or(|r| r.contains(pid)))
        .filter_map(|pid| read_stat(pid, &mut buf))
        .collect()
}

/// Ranges of process ids up to this long are probed id by id.
const PROBE_AT_MOST: i32 = 1024;

/// The latest [`PidWindow`] read, as `(last_pid, forks)`: any window read
/// before a test starts bounds its processes, so a new test starts from the
/// last sweep's instead of reading one (`/proc/stat` alone costs 10 to 60 µs).
static LATEST_WINDOW: Mutex<Option<(i32, u64)>> = Mutex::new(None);

/// Where the kernel is in handing out process ids: the last one it gave
/// (`/proc/loadavg`, for this PID namespace) and how many tasks were
/// created since boot (`/proc/stat`). Ids are handed out in increasing
/// order, wrapping around at `pid_max`, so every process started after one
/// window has an id in the cyclic range up to a later window's, unless
/// `pid_max` tasks were created in between (then every process is read). A sweep then reads the
/// `/proc/PID/stat` of those few processes, not of every one on the
/// machine.
#[derive(Clone, Copy, Debug)]
struct PidWindow {
    last_pid: i32,
    forks: u64,
}

/// The process ids handed out between two windows: `(after, upto]`,
/// wrapping around.
struct PidRange {
    after: i32,
    upto: i32,
}

impl PidRange {
    fn contains(&self, pid: i32) -> bool {
        if self.after <= self.upto {
            self.after < pid && pid <= self.upto
        } else {
            pid > self.after || pid <= self.upto
        }
    }
}

impl PidWindow {
    /// A window from before now: the latest one read, else a new one.
    fn before_now() -> Option<PidWindow> {
        let latest = *LATEST_WINDOW.lock().unwrap_or_else(|e| e.into_inner());
        latest
            .map(|(last_pid, forks)| PidWindow { last_pid, forks })
            .or_else(PidWindow::now)
    }

    fn now() -> Option<PidWindow> {
        let loadavg = fs::read_to_string("/proc/loadavg").ok()?;
        let last_pid = loadavg.split_ascii_whitespace().nth(4)?.parse().ok()?;
        let stat = fs::read_to_string("/proc/stat").ok()?;
        let forks = stat
            .lines()
            .find_map(|l| l.strip_prefix("processes "))?
            .trim()
            .parse()
            .ok()?;
        *LATEST_WINDOW.lock().unwrap_or_else(|e| e.into_inner()) = Some((last_pid, forks));
        Some(PidWindow { last_pid, forks })
    }

    /// The ids handed out since this window, if that can be known.
    fn since(self) -> Option<PidRange> {
        static PID_MAX: OnceLock<Option<u64>> = OnceLock::new();
        let pid_max = (*PID_MAX.get_or_init(|| {
            fs::read_to_string("/proc/sys/kernel/pid_max")
                .ok()?
                .trim()
                .parse()
                .ok()
        }))?;
        let now = PidWindow::now()?;
        // Half a lap at most: the two counters of a window are read one
        // after the other, and ids below 300 are not reused after a wrap.
        (now.forks.checked_sub(self.forks)? < pid_max / 2).then_some(PidRange {
            after: self.last_pid,
            upto: now.last_pid,
        })
    }
}

/// Process `pid` from `/proc/PID/stat`.
fn read_stat(pid: i32, buf: &mut Vec<u8>) -> Option<Proc> {
    buf.clear();
    fs::File::open(format!("/proc/{pid}/stat"))
        .ok()?
        .read_to_end(buf)
        .ok()?;
    // The command name may hold anything, spaces and parentheses included:
    // the fields after it start after the last ')'.
    let close = buf.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&buf[close + 1..]).ok()?;
    let mut fields = rest.split_ascii_whitespace();
    // Fields 3 (state), 4 (ppid) and 22 (start time), counted from 1 with
    // the pid and the name as 1 and 2.
    let state = fields.next()?;
    let ppid = fields.next()?.parse().ok()?;
    let start = fields.nth(17)?.parse().ok()?;
    Some(Proc {
        pid,
        ppid,
        start,
        zombie: state == "Z" || state == "X",
    })
}

/// Now, in the clock ticks of `/proc/PID/stat`'s start times.
fn now_ticks() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec; sysconf has no preconditions.
    let (ok, hz) = unsafe {
        (
            libc::clock_gettime(libc::CLOCK_BOOTTIME, &mut ts) == 0,
            libc::sysconf(libc::_SC_CLK_TCK),
        )
    };
    if !ok || hz <= 0 {
        return 0;
    }
    ts.tv_sec as u64 * hz as u64 + ts.tv_nsec as u64 * hz as u64 / 1_000_000_000
}

/// A process about to be signalled: by a pidfd where the kernel has them,
/// so that a process id reused meanwhile is never hit.
struct Target {
    pid: i32,
    pidfd: Option<OwnedFd>,
}

impl Target {
    /// The process `p` names, if it is still the same one.
    fn open(p: Proc) -> Option<Target> {
        let pidfd = pidfd_open(p.pid);
        // The pidfd names whatever process has the id now: still the one
        // scanned if its start time is the same.
        let same = read_stat(p.pid, &mut Vec::new()).is_some_and(|now| now.start == p.start);
        same.then_some(Target { pid: p.pid, pidfd })
    }

    fn signal(&self, signal: libc::c_int) {
        match &self.pidfd {
            // SAFETY: pidfd_send_signal on a descriptor we own, without siginfo.
            Some(fd) => unsafe {
                libc::syscall(
                    libc::SYS_pidfd_send_signal,
                    fd.as_raw_fd(),
                    signal,
                    std::ptr::null::<libc::siginfo_t>(),
                    0,
                );
            },
            // SAFETY: plain syscall; ESRCH (already gone) is harmless.
            None => unsafe {
                libc::kill(self.pid, signal);
            },
        }
    }

    /// Whether it has exited (ended or a zombie).
    fn exited(&self) -> bool {
        read_stat(self.pid, &mut Vec::new()).is_none_or(|p| p.zombie)
    }
}

/// A pidfd for `pid` (Linux 5.3 and later), or `None`.
pub(crate) fn pidfd_open(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a non-negative result is a fresh descriptor we now own.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

/// Waits until every target has exited or `until` passes.
fn wait_for_exit(targets: &[Target], until: Instant) {
    let mut waiting: Vec<&Target> = targets.iter().collect();
    while !waiting.is_empty() {
        let Some(left) = until.checked_duration_since(Instant::now()) else {
            return;
        };
        if waiting.iter().all(|t| t.pidfd.is_some()) {
            let mut fds: Vec<libc::pollfd> = waiting
                .iter()
                .map(|t| libc::pollfd {
                    fd: t.pidfd.as_ref().map_or(-1, |fd| fd.as_raw_fd()),
                    events: libc::POLLIN,
                    revents: 0,
                })
                .collect();
            let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
            // SAFETY: `fds` is a valid array of pollfd structures.
            let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
            if n < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                return;
            }
            let mut ready = fds.iter().map(|f| f.revents != 0);
            waiting.retain(|_| !ready.next().unwrap_or(false));
        } else {
            waiting.retain(|t| !t.exited());
            if !waiting.is_empty() {
                std::thread::sleep(left.min(Duration::from_millis(5)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A process started after a window is in the range of ids handed out
    /// since, and a listing of that range finds it; this process, older, is
    /// not in it.
    #[test]
    fn a_window_bounds_the_processes_started_after_it() {
        let window = PidWindow::now().expect("/proc/loadavg and /proc/stat");
        let mut child = Command::new("sleep").arg("30").spawn().unwrap();
        let pid = child.id() as i32;
        let range = window.since().expect("no lap of pid_max meanwhile");
        assert!(range.contains(pid));
        assert!(!range.contains(std::process::id() as i32));
        let found = processes(Some(&range));
        assert!(found.iter().any(|p| p.pid == pid), "{found:?}");
        let all = processes(None);
        let me = all.iter().find(|p| p.pid == pid).unwrap();
        assert_eq!(me.ppid, std::process::id() as i32);
        child.kill().unwrap();
        child.wait().unwrap();
    }

    /// The live processes whose command line holds `marker`, with their
    /// parents.
    fn with_marker(marker: &str) -> Vec<(i32, i32)> {
        processes(None)
            .into_iter()
            .filter(|p| !p.zombie)
            .filter(|p| {
                fs::read(format!("/proc/{}/cmdline", p.pid))
                    .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
            })
            .map(|p| (p.pid, p.ppid))
            .collect()
    }

    const ORPHAN: &str = "1000.60601";

    /// The part of the test below that runs in a process of its own (a
    /// subreaper adopts every orphan of its process, and the other tests of
    /// this binary run their own children). Does nothing unless that test
    /// started it.
    #[test]
    #[ignore = "run by orphans_that_cleared_their_environment_are_stopped_when_the_run_ends"]
    fn subreaper_in_a_process_of_its_own() {
        if std::env::var_os("TREEREDUCE_SUBREAPER_TEST").is_none() {
            return;
        }
        let orphans = Orphans::adopt();
        // A test's double fork: the grandchild clears its environment (no
        // cookie) and leaves for `/` (no directory), then its parent exits.
        let status = Command::new("/bin/sh")
            .arg("-c")
            .arg(format!("( cd / && exec env -i sleep {ORPHAN} ) &"))
            // Not the test harness's pipes: an orphan holding them would
            // keep the test waiting for their end.
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let me = std::process::id() as i32;
        let mut found = Vec::new();
        for _ in 0..200 {
            found = with_marker(ORPHAN);
            if !found.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, me, "the orphan was not adopted");
        drop(orphans);
        assert_eq!(
            with_marker(ORPHAN),
            Vec::new(),
            "the orphan outlived the run"
        );
    }

    /// The subreaper: an orphan of a test that cleared its environment and
    /// left the test's directory, which no sweep of a test can find, is
    /// adopted by the run and stopped when the run ends ([`Orphans`]).
    #[test]
    fn orphans_that_cleared_their_environment_are_stopped_when_the_run_ends() {
        let out = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "oracle::contain::tests::subreaper_in_a_process_of_its_own",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("TREEREDUCE_SUBREAPER_TEST", "1")
            .output()
            .unwrap();
        let left = with_marker(ORPHAN);
        for (pid, _) in &left {
            // SAFETY: kill(2) with a process id.
            unsafe { libc::kill(*pid, libc::SIGKILL) };
        }
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.contains("1 passed"),
            "{text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(left, Vec::new());
    }

    #[test]
    fn pid_ranges_wrap_around() {
        let r = PidRange {
            after: 32760,
            upto: 305,
        };
        assert!(r.contains(32761) && r.contains(301) && r.contains(305));
        assert!(!r.contains(32760) && !r.contains(306) && !r.contains(1000));
        let r = PidRange {
            after: 100,
            upto: 200,
        };
        assert!(r.contains(101) && r.contains(200));
        assert!(!r.contains(100) && !r.contains(201));
    }
}
