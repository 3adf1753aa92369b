//! Waiting for a test: until its script exits, its time runs out or it is
//! stopped; then every process of it is stopped and the leader reaped.

use std::fs;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use super::contain::{Cookie, Spawned, Sweep, TERM_GRACE, pidfd_open};
use super::{Cancel, Verdict};

/// How one run of the script ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// It exited with this code.
    Exited(i32),
    /// A signal killed it.
    Signaled(i32),
    /// It ran out of time and its process group was killed.
    TimedOut,
    /// Ctrl-C: its process group was killed.
    Cancelled,
}

impl RunOutcome {
    /// The verdict this outcome stands for.
    pub fn verdict(self) -> Verdict {
        match self {
            RunOutcome::Exited(0) => Verdict::Interesting,
            RunOutcome::Exited(_) | RunOutcome::Signaled(_) => Verdict::NotInteresting,
            RunOutcome::TimedOut => Verdict::TimedOut,
            RunOutcome::Cancelled => Verdict::Cancelled,
        }
    }
}

/// How long one run may take: `hard`, or `soft` when that is shorter and
/// `let_run` says no when it is reached.
pub(super) struct Limit<'a> {
    pub(super) hard: Duration,
    pub(super) soft: Option<(Duration, &'a dyn Fn() -> bool)>,
}

impl Limit<'_> {
    pub(super) fn fixed(hard: Duration) -> Limit<'static> {
        Limit { hard, soft: None }
    }
}

/// Waits for `child` (leader of its own process group, its processes marked
/// by `cookie`) until it exits, the time runs out or one of `stops` (the
/// run's cancel, the test's abandon) is set. On return every process of the
/// test is gone, whatever group or session it moved to (see `contain`), and
/// the leader is reaped: also when waiting fails, which is then the error.
/// The watchdog's marker goes before the leader is reaped, while the group
/// id cannot be reused yet.
pub(super) fn wait(
    mut child: Spawned,
    limit: Limit,
    stops: [&Cancel; 2],
    marker: &Path,
    cookie: &Cookie,
) -> io::Result<RunOutcome> {
    let pgid = child.id() as libc::pid_t;
    let clock = Clock::new(limit);
    let pidfd = pidfd_open(pgid);
    let watched = match &pidfd {
        Some(pidfd) => watch(pidfd, clock, stops),
        None => watch_polling(&mut child, clock, stops),
    };
    let mut sweep = Sweep::test(cookie);
    let ended = match watched {
        Watched::Exited(status) => {
            // What it left running in its group: TERM, then the sweep.
            killpg(pgid, libc::SIGTERM);
            Ok(status.map(outcome))
        }
        Watched::Stopped(outcome) => {
            stop(&mut child, pidfd.as_ref(), &mut sweep);
            Ok(Some(outcome))
        }
        Watched::Failed(e) => {
            stop(&mut child, pidfd.as_ref(), &mut sweep);
            Err(e)
        }
    };
    // Every process of the test: TERM to those not signalled yet, KILL to
    // those that outlived the grace period.
    sweep.finish();
    // The leader is a zombie until reaped, so its group id cannot be reused
    // yet: KILL what is left of the group (a process that cleared its
    // environment), then reap it.
    killpg(pgid, libc::SIGKILL);
    let _ = fs::remove_file(marker);
    let status = child.wait();
    match (ended?, status?) {
        (Some(ended), _) => Ok(ended),
        (None, status) => Ok(outcome(status)),
    }
}

/// TERM to the group and to every process of the test; waits until the
/// leader ended, at most [`TERM_GRACE`] (the sweep that follows sends KILL
/// to what is left).
fn stop(child: &mut Spawned, pidfd: Option<&OwnedFd>, sweep: &mut Sweep) {
    let pgid = child.id() as libc::pid_t;
    killpg(pgid, libc::SIGTERM);
    sweep.terminate();
    let grace = Instant::now() + TERM_GRACE;
    while let Some(left) = grace.checked_duration_since(Instant::now()) {
        let ended = match pidfd {
            Some(pidfd) => matches!(poll1(pidfd, left), Ok(true)),
            None => {
                std::thread::sleep(left.min(Duration::from_millis(5)));
                leader_ended(pgid)
            }
        };
        if left.is_zero() || ended {
            break;
        }
    }
}

/// Whether process `pid` (a child not reaped yet) has ended.
fn leader_ended(pid: libc::pid_t) -> bool {
    // SAFETY: siginfo_t is plain data, valid when zeroed.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: waitid with WNOWAIT only looks at the child's state and
    // leaves it to be reaped; `info` is a valid siginfo_t.
    let r = unsafe {
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    // SAFETY: waitid filled `info` (a zero si_pid means no state change).
    r != 0 || unsafe { info.si_pid() } != 0
}

/// How watching a test ended.
enum Watched {
    /// The leader exited (its status if it was reaped already).
    Exited(Option<ExitStatus>),
    /// It ran out of time or was stopped.
    Stopped(RunOutcome),
    /// Watching failed.
    Failed(io::Error),
}

/// Waits on the leader's pidfd until it exits, a stop is set or the time
/// runs out.
fn watch(pidfd: &OwnedFd, mut clock: Clock, stops: [&Cancel; 2]) -> Watched {
    loop {
        let Some(left) = clock.left() else {
            return Watched::Stopped(RunOutcome::TimedOut);
        };
        match poll_stops(pidfd, stops, left) {
            Ok(Ready::Exited) => return Watched::Exited(None),
            Ok(Ready::Cancelled) => return Watched::Stopped(RunOutcome::Cancelled),
            Ok(Ready::Timeout) => continue,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Watched::Failed(e),
        }
    }
}

/// [`wait`] for other runners of a child that leads its own process group
/// (the trace mode's generator): every process of it is gone on return.
pub(crate) fn wait_group(
    child: Spawned,
    timeout: Duration,
    stops: [&Cancel; 2],
    marker: &Path,
    cookie: &Cookie,
) -> io::Result<RunOutcome> {
    wait(child, Limit::fixed(timeout), stops, marker, cookie)
}

/// The time a run has left under its [`Limit`].
struct Clock<'a> {
    start: Instant,
    limit: Limit<'a>,
}

impl<'a> Clock<'a> {
    fn new(limit: Limit<'a>) -> Clock<'a> {
        Clock {
            start: Instant::now(),
            limit,
        }
    }

    /// The time left, or `None` once it ran out: at the soft limit the
    /// limit's `let_run` decides (once) whether the run goes on.
    fn left(&mut self) -> Option<Duration> {
        let elapsed = self.start.elapsed();
        if let Some((soft, let_run)) = self.limit.soft {
            if elapsed < soft {
                return Some(soft - elapsed);
            }
            self.limit.soft = None;
            if !let_run() {
                return None;
            }
        }
        let left = self.limit.hard.saturating_sub(elapsed);
        (!left.is_zero()).then_some(left)
    }
}

/// [`watch`] without pidfd (kernels before 5.3): poll `try_wait` with backoff.
fn watch_polling(child: &mut Spawned, mut clock: Clock, stops: [&Cancel; 2]) -> Watched {
    let mut nap = Duration::from_micros(50);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Watched::Exited(Some(status)),
            Ok(None) => {}
            Err(e) => return Watched::Failed(e),
        }
        if stops.iter().any(|s| s.is_cancelled()) {
            return Watched::Stopped(RunOutcome::Cancelled);
        }
        let Some(left) = clock.left() else {
            return Watched::Stopped(RunOutcome::TimedOut);
        };
        std::thread::sleep(nap.min(left));
        nap = (nap * 2).min(Duration::from_millis(5));
    }
}

fn outcome(status: ExitStatus) -> RunOutcome {
    match (status.code(), status.signal()) {
        (Some(code), _) => RunOutcome::Exited(code),
        (None, Some(sig)) => RunOutcome::Signaled(sig),
        (None, None) => RunOutcome::Exited(-1),
    }
}

fn killpg(pgid: libc::pid_t, signal: libc::c_int) {
    // SAFETY: plain syscall; ESRCH (group already gone) is the expected common case.
    unsafe { libc::kill(-pgid, signal) };
}

enum Ready {
    Exited,
    Cancelled,
    Timeout,
}

#[cfg(test)]
thread_local! {
    /// Tests: the next poll of this thread's test that is woken by a stop
    /// fails instead, as a poll that cannot wait any more would.
    pub(super) static FAIL_POLL_ON_STOP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Waits until the test exits, a stop is set, or `left` passes.
fn poll_stops(pidfd: &OwnedFd, stops: [&Cancel; 2], left: Duration) -> io::Result<Ready> {
    let pollfd = |fd| libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let mut fds = [
        pollfd(pidfd.as_raw_fd()),
        pollfd(stops[0].fd()),
        pollfd(stops[1].fd()),
    ];
    let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
    // SAFETY: `fds` is a valid array of three pollfd structures.
    let n = unsafe { libc::poll(fds.as_mut_ptr(), 3, ms) };
    if n < 0 {
        return Err(io::Error::last_os_error());
    }
    if fds[0].revents != 0 {
        return Ok(Ready::Exited);
    }
    #[cfg(test)]
    if fds[1..].iter().any(|fd| fd.revents != 0) && FAIL_POLL_ON_STOP.with(|f| f.replace(false)) {
        return Err(io::Error::other("injected poll failure"));
    }
    for (stop, fd) in stops.iter().zip(&fds[1..]) {
        if fd.revents != 0 {
            if stop.is_cancelled() {
                return Ok(Ready::Cancelled);
            }
            // A byte left by a stop meant for the previous test.
            stop.reset();
        }
    }
    Ok(Ready::Timeout)
}

fn poll1(pidfd: &OwnedFd, left: Duration) -> io::Result<bool> {
    let mut fd = libc::pollfd {
        fd: pidfd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
    // SAFETY: one valid pollfd.
    let n = unsafe { libc::poll(&mut fd, 1, ms) };
    if n < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(fd.revents != 0)
}
