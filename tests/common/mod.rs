//! Shared helpers for the integration tests: a private sandbox directory per
//! test (with its own TMPDIR, so leftovers can be checked), scripts, and runs
//! of the real binary.

#![allow(dead_code)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tempfile::TempDir;

/// A private working directory for one test.
pub struct Sandbox {
    dir: TempDir,
}

impl Default for Sandbox {
    fn default() -> Self {
        Self::new()
    }
}

impl Sandbox {
    pub fn new() -> Sandbox {
        let dir = tempfile::Builder::new()
            .prefix("treereduce-it-")
            .tempdir()
            .unwrap();
        fs::create_dir(dir.path().join("tmp")).unwrap();
        Sandbox { dir }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The TMPDIR the binary runs with.
    pub fn tmp(&self) -> PathBuf {
        self.path().join("tmp")
    }

    /// Writes a file and returns its path.
    pub fn file(&self, name: &str, content: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path().join(name);
        fs::write(&path, content).unwrap();
        path
    }

    /// Writes an executable `/bin/sh` script.
    pub fn script(&self, name: &str, body: &str) -> PathBuf {
        let path = self.file(name, format!("#!/bin/sh\n{body}\n"));
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// Copies a file of a bundled example (`examples/<rel>`) into the sandbox,
    /// keeping its mode.
    pub fn example(&self, rel: &str) -> PathBuf {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(rel);
        let dst = self.path().join(src.file_name().unwrap());
        fs::copy(&src, &dst).unwrap();
        dst
    }

    /// A command for the binary, run in the sandbox with its private TMPDIR.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_treereduce"));
        cmd.args(args)
            .current_dir(self.path())
            .env("TMPDIR", self.tmp())
            // Each test its own verdict cache (none left in the user's).
            .env("XDG_CACHE_HOME", self.path().join("cache"));
        cmd
    }

    /// Runs the binary to completion.
    pub fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().unwrap()
    }

    pub fn read(&self, name: &str) -> Vec<u8> {
        fs::read(self.path().join(name)).unwrap()
    }

    /// Names left in the private TMPDIR (should be none after a run).
    pub fn leftovers(&self) -> Vec<String> {
        fs::read_dir(self.tmp())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    }

    /// The temporary files the reducer left beside its output in the
    /// sandbox's own folder (`.treereduce-*`: a staged or abandoned write).
    pub fn temporaries_beside_output(&self) -> Vec<String> {
        fs::read_dir(self.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".treereduce-"))
            .collect()
    }

    /// Reduces `program` (written as `name`) with a test script of body
    /// `check` at -j 2 with `extra` arguments: the result, checked to pass
    /// the test.
    pub fn reduce_with(&self, name: &str, program: &str, check: &str, extra: &[&str]) -> String {
        self.file(name, program);
        let script = self.script("check.sh", check);
        let mut args = vec!["-q", "-j", "2", "-i", "./check.sh", "-o", "reduced.out"];
        args.extend(extra);
        args.push(name);
        let out = self.run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let result = String::from_utf8(self.read("reduced.out")).unwrap();
        assert!(
            self.accepts(&script, name, result.as_bytes()),
            "the result does not pass the test:\n{result}\n{}",
            stderr(&out)
        );
        result
    }

    /// Runs `script` on `content` the way treereduce does (own directory,
    /// file under `name`), returning whether it exits 0.
    pub fn accepts(&self, script: &Path, name: &str, content: &[u8]) -> bool {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(name);
        fs::write(&file, content).unwrap();
        Command::new(script)
            .arg(&file)
            .current_dir(dir.path())
            .status()
            .unwrap()
            .success()
    }
}

/// Reduces the bundled `examples/<example>/<input>` with the example's
/// check.sh at -j 2 (the verdict cache off) with `flags`: the result,
/// checked to pass the test, and the statistics.
pub fn reduce_example(example: &str, input: &str, flags: &[&str]) -> (Vec<u8>, serde_json::Value) {
    let sb = Sandbox::new();
    let script = sb.example(&format!("{example}/check.sh"));
    sb.example(&format!("{example}/{input}"));
    let mut args = vec![
        "-q",
        "-j",
        "2",
        "--no-cache",
        "-o",
        "out",
        "--stats-json",
        "stats.json",
        "-i",
        "./check.sh",
    ];
    args.extend_from_slice(flags);
    args.push(input);
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let reduced = sb.read("out");
    assert!(
        sb.accepts(&script, input, &reduced),
        "the test rejects the result"
    );
    let stats = serde_json::from_slice(&sb.read("stats.json")).unwrap();
    (reduced, stats)
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Processes whose command line contains `marker` (e.g. a unique sleep time).
pub fn processes_with(marker: &str) -> Vec<String> {
    pids_with(marker)
        .into_iter()
        .map(|(_, cmdline)| cmdline)
        .collect()
}

/// [`processes_with`], each with its process id.
fn pids_with(marker: &str) -> Vec<(i32, String)> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        let zombie = fs::read_to_string(entry.path().join("stat"))
            .map(|s| {
                s.rsplit(')')
                    .next()
                    .unwrap_or("")
                    .trim_start()
                    .starts_with('Z')
            })
            .unwrap_or(true);
        if cmdline.contains(marker) && !zombie {
            found.push((pid, cmdline));
        }
    }
    found
}

/// Waits for processes with `marker` to disappear, for at most 30 s (a
/// generous bound: on a machine at a load of 40 the kill of a test's
/// process group and the reaping took more than the 5 s this waited
/// before; only processes that stay reach it). The processes a test leaves
/// must live longer than that (`sleep 1000.N`), or the wait would see them
/// end by themselves. Those still there are named, then killed, so a
/// failed test leaves nothing running.
pub fn wait_no_processes(marker: &str) -> Vec<String> {
    for _ in 0..600 {
        if pids_with(marker).is_empty() {
            return Vec::new();
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let left = pids_with(marker);
    for (pid, _) in &left {
        // SAFETY: kill(2) with a process id; a process gone meanwhile is ESRCH.
        unsafe { libc::kill(*pid, libc::SIGKILL) };
    }
    left.into_iter().map(|(_, cmdline)| cmdline).collect()
}

/// Waits until `done` holds, looking every 20 ms, for at most `limit` (a
/// generous bound: only a run that never gets there reaches it); panics
/// saying what did not happen.
pub fn wait_until(what: &str, limit: std::time::Duration, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "{what}: not within {limit:?}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Waits for `child` to end, for at most `limit` (a generous bound), and
/// returns its output; a child still running then is killed and the test
/// fails saying `what` did not happen.
pub fn wait_exit(child: std::process::Child, limit: std::time::Duration, what: &str) -> Output {
    let pid = child.id();
    let (done, output) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    match output.recv_timeout(limit) {
        Ok(out) => out.unwrap(),
        Err(_) => {
            // SAFETY: signalling the child this test started.
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
            panic!("{what}: the run was still going after {limit:?}");
        }
    }
}
