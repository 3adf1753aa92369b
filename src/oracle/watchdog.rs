//! The watchdog of the private directories, and their names.
//!
//! Even when this process dies without cleaning up (`kill -9`, an out-of-
//! memory kill): a watchdog, a small shell in its own process group, waits
//! for the end of a pipe only this process writes to. When the pipe closes,
//! it kills the process groups of the tests still running (each running test
//! has a marker file named by its group id), every process that carries a
//! cookie of this run, and any process still working in a private directory
//! (a test started just before the death, before its marker was written),
//! and removes the private directories. Directories of runs that died
//! before the watchdog existed are swept at the next start, if they are of
//! this machine (see [`private_dir_prefix`]).

use std::fs;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Stdio};

use super::contain::{self, COOKIE_VAR, Spawned};

/// See the module documentation.
pub(super) struct Watchdog {
    child: Spawned,
    pipe: Option<ChildStdin>,
}

/// The watchdog: `sh -c WATCHDOG sh RUNNING COOKIE DIR...`. It reads until
/// the end of its input, then kills the group of every marker in RUNNING and
/// removes the DIRs. Unless the last line it read was `clean` (this process
/// ending normally, having stopped its tests itself), it also kills every
/// process whose environment holds an entry that starts with COOKIE (the
/// cookie variable and this run's id: the processes of every test, whatever
/// group or session they moved to; repeated while it finds some, for
/// children forked meanwhile) and every process whose working directory is
/// one of the DIRs (a test started just before this process died, whose
/// marker was not written yet).
const WATCHDOG: &str = r#"last=
while read -r line; do last=$line; done
for f in "$1"/*; do
  [ -f "$f" ] && kill -s KILL -- "-${f##*/}" 2>/dev/null
done
cookie=$2
shift 2
if [ "$last" != clean ]; then
  round=0
  while [ $round -lt 20 ]; do
    found=
    for f in $(grep -lsF -- "$cookie" /proc/[0-9]*/environ); do
      p=${f#/proc/}
      kill -s KILL "${p%/environ}" 2>/dev/null && found=1
    done
    [ -z "$found" ] && break
    round=$((round + 1))
  done
  for p in /proc/[0-9]*; do
    cwd=$(readlink "$p/cwd" 2>/dev/null) || continue
    for d in "$@"; do
      case $cwd in
        "$d" | "$d"/*) kill -s KILL -- "-${p#/proc/}" "${p#/proc/}" 2>/dev/null ;;
      esac
    done
  done
fi
rm -rf -- "$@"
"#;

impl Watchdog {
    pub(super) fn start(running: &Path, dirs: &[PathBuf]) -> Option<Watchdog> {
        let mut child = contain::spawn(
            Command::new("/bin/sh")
                .arg("-c")
                .arg(WATCHDOG)
                .arg("sh")
                .arg(running)
                .arg(format!("{COOKIE_VAR}={}.", contain::run_id()))
                .args(dirs)
                .stdin(Stdio::piped())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                // Out of the terminal's process group: Ctrl-C is for this
                // process, which then cleans up on its own.
                .process_group(0),
        )
        .ok()?;
        let pipe = child.child_mut().stdin.take();
        Some(Watchdog { child, pipe })
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        // A normal end: the watchdog finds no running test and exits,
        // without looking for strays.
        if let Some(mut pipe) = self.pipe.take() {
            use std::io::Write;
            let _ = pipe.write_all(b"clean\n");
        }
        let _ = self.child.wait();
    }
}

/// The start of the names of the private directories.
const DIR_PREFIX: &str = "treereduce-";

/// The start of this run's private directories' names:
/// `treereduce-<pid>-<host>-`, where `<host>` names the machine and the PID
/// namespace (see [`host_id`]), so that a process id is only ever looked up
/// where it means something.
pub(crate) fn private_dir_prefix() -> String {
    format!("{DIR_PREFIX}{}-{}-", std::process::id(), host_id())
}

/// Eight hex digits of a hash of the kernel's boot id, this process's PID
/// namespace and the host name: the same for every run whose process ids
/// share one table, different (but for a 1 in 4 billion chance) on another
/// machine, after a reboot or in another container, whose directories a
/// `TMPDIR` shared between them may hold.
fn host_id() -> &'static str {
    static ID: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ID.get_or_init(|| {
        let mut key = Vec::new();
        for file in [
            "/proc/sys/kernel/random/boot_id",
            "/proc/sys/kernel/hostname",
        ] {
            key.extend(fs::read(file).unwrap_or_default());
            key.push(0);
        }
        if let Ok(ns) = fs::read_link("/proc/self/ns/pid") {
            key.extend(ns.as_os_str().as_encoded_bytes());
        }
        format!("{:08x}", xxhash_rust::xxh3::xxh3_64(&key) as u32)
    })
}

/// Removes the private directories of earlier runs that died without
/// cleaning up (`kill -9`): those named by this machine and PID namespace
/// whose process id names no running process. Directories of other
/// machines or containers (a shared `TMPDIR`) are never touched, nor those
/// named the way earlier versions did, which cannot be told apart. A reused
/// process id only leaves a directory for a later sweep.
pub(super) fn sweep_stale_dirs(tmp: &Path) {
    let Ok(entries) = fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some((pid, host)) = name
            .to_str()
            .and_then(|n| n.strip_prefix(DIR_PREFIX))
            .and_then(|rest| {
                let mut fields = rest.split('-');
                Some((fields.next()?.parse::<u32>().ok()?, fields.next()?))
            })
        else {
            continue;
        };
        let mine = entry.metadata().is_ok_and(|m| {
            use std::os::unix::fs::MetadataExt;
            // SAFETY: getuid has no preconditions.
            m.is_dir() && m.uid() == unsafe { libc::getuid() }
        });
        if mine
            && host == host_id()
            && pid != std::process::id()
            && !Path::new(&format!("/proc/{pid}")).exists()
        {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only directories named by this machine and PID namespace are judged
    /// by their process id: a live run's directory on another host sharing
    /// the TMPDIR (or in another container) survives, whatever the local
    /// process table says.
    #[test]
    fn directories_of_dead_runs_are_swept_but_not_those_of_other_hosts() {
        let tmp = tempfile::tempdir().unwrap();
        let here = host_id();
        let elsewhere = format!("{:08x}", u32::from_str_radix(here, 16).unwrap() ^ 1);
        // No process has id 4194305 (above the kernel's maximum).
        let stale = tmp.path().join(format!("treereduce-4194305-{here}-abc"));
        let alive = tmp
            .path()
            .join(format!("treereduce-{}-{here}-abc", std::process::id()));
        let other_host = tmp
            .path()
            .join(format!("treereduce-4194305-{elsewhere}-abc"));
        let unqualified = tmp.path().join("treereduce-4194305-abc");
        let other = tmp.path().join("treereduce-notapid");
        for d in [&stale, &alive, &other_host, &unqualified, &other] {
            fs::create_dir(d).unwrap();
            fs::write(d.join("x.c"), "x").unwrap();
        }
        sweep_stale_dirs(tmp.path());
        assert!(!stale.exists());
        for d in [&alive, &other_host, &unqualified, &other] {
            assert!(d.exists(), "{d:?} was removed");
        }
        assert!(
            private_dir_prefix().starts_with(&format!("treereduce-{}-{here}-", std::process::id()))
        );
    }
}
