//! The persistent verdict cache (`--cache`, `--no-cache`) and `--deadline`,
//! with gcc as the test.

mod common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use common::{Sandbox, stderr, wait_exit};

fn stats(sandbox: &Sandbox, name: &str) -> serde_json::Value {
    serde_json::from_slice(&sandbox.read(name)).unwrap()
}

/// Reduces the too-many-arguments example with `extra` flags; the exit code.
fn reduce(sandbox: &Sandbox, out: &str, json: &str, extra: &[&str]) -> (i32, String) {
    reduce_jobs(sandbox, "2", out, json, extra)
}

/// [`reduce`] with `jobs` workers.
fn reduce_jobs(
    sandbox: &Sandbox,
    jobs: &str,
    out: &str,
    json: &str,
    extra: &[&str],
) -> (i32, String) {
    let mut args = vec![
        "-q",
        "-j",
        jobs,
        "-i",
        "./check.sh",
        "-o",
        out,
        "--stats-json",
        json,
    ];
    args.extend_from_slice(extra);
    args.push("inventory.c");
    let run = sandbox.run(&args);
    (run.status.code().unwrap(), stderr(&run))
}

fn example(sandbox: &Sandbox) {
    sandbox.example("c-too-many-args/check.sh");
    sandbox.example("c-too-many-args/inventory.c");
}

/// A timeout is never stored (see doc/cache.md), and under a loaded
/// machine (the other tests beside these) a gcc run can pass the adaptive
/// limit (0.5 s at least): the runs that compare a second run with the
/// first give every test a minute, so that no verdict depends on the load.
const NO_TIMEOUTS: [&str; 3] = ["--timeout", "60", "--no-adaptive-timeout"];

#[test]
fn a_repeated_run_runs_no_test_but_the_input_check() {
    // At -j 1 exactly: above it, spare workers may build a candidate the
    // first run never built (which ones depends on timing) and test it.
    let sandbox = Sandbox::new();
    example(&sandbox);
    let (code, err) = reduce_jobs(&sandbox, "1", "a.c", "a.json", &NO_TIMEOUTS);
    assert_eq!(code, 0, "{err}");
    let first = stats(&sandbox, "a.json");
    assert!(first["tests"].as_u64().unwrap() > 20);
    assert_eq!(first["stored_hits"], 0);
    // The default cache is under $XDG_CACHE_HOME (the sandbox's).
    assert!(
        sandbox
            .path()
            .join("cache/treereduce/verdicts.sqlite3")
            .is_file()
    );

    let (code, err) = reduce_jobs(&sandbox, "1", "b.c", "b.json", &NO_TIMEOUTS);
    assert_eq!(code, 0, "{err}");
    let second = stats(&sandbox, "b.json");
    // The input check is not counted in `tests`: nothing else ran, not
    // even the final re-check (the first run re-checked the same result).
    assert_eq!(second["tests"], 0, "{second}");
    assert!(second["stored_hits"].as_u64().unwrap() > 0);
    assert_eq!(sandbox.read("a.c"), sandbox.read("b.c"));

    // --no-cache runs the tests again, with the same result.
    let (code, err) = reduce_jobs(&sandbox, "1", "c.c", "c.json", &["--no-cache"]);
    assert_eq!(code, 0, "{err}");
    let third = stats(&sandbox, "c.json");
    assert_eq!(third["stored_hits"], 0);
    assert!(third["tests"].as_u64().unwrap() > 20);
    assert_eq!(sandbox.read("a.c"), sandbox.read("c.c"));
}

#[test]
fn a_repeated_run_in_rounds_of_lanes_runs_no_test_either() {
    // Above -j 1 a pass runs in rounds of lanes, which decide nothing by
    // timing: a second run at the same -j meets exactly the candidates of
    // the first, so the cache answers every one of them.
    let sandbox = Sandbox::new();
    example(&sandbox);
    let (code, err) = reduce_jobs(&sandbox, "3", "a.c", "a.json", &NO_TIMEOUTS);
    assert_eq!(code, 0, "{err}");
    assert!(stats(&sandbox, "a.json")["rounds"].as_u64().unwrap() > 0);
    let (code, err) = reduce_jobs(&sandbox, "3", "b.c", "b.json", &NO_TIMEOUTS);
    assert_eq!(code, 0, "{err}");
    let second = stats(&sandbox, "b.json");
    assert_eq!(second["tests"], 0, "{second}");
    assert_eq!(sandbox.read("a.c"), sandbox.read("b.c"));
}

#[test]
fn another_script_or_language_does_not_see_the_verdicts() {
    let sandbox = Sandbox::new();
    example(&sandbox);
    let (code, err) = reduce(&sandbox, "a.c", "a.json", &["--cache", "vc"]);
    assert_eq!(code, 0, "{err}");
    // The same test with one more comment line is another script.
    let script = fs::read_to_string(sandbox.path().join("check.sh")).unwrap();
    fs::write(
        sandbox.path().join("check.sh"),
        format!("{script}# edited\n"),
    )
    .unwrap();
    let (code, err) = reduce(&sandbox, "b.c", "b.json", &["--cache", "vc"]);
    assert_eq!(code, 0, "{err}");
    let second = stats(&sandbox, "b.json");
    assert_eq!(second["stored_hits"], 0);
    assert!(second["tests"].as_u64().unwrap() > 20);
    assert_eq!(sandbox.read("a.c"), sandbox.read("b.c"));
}

/// A name and a way to damage the cache file.
type Damage<'a> = (&'a str, &'a dyn Fn(&Path));

#[test]
fn a_damaged_cache_is_started_again_never_trusted() {
    let sandbox = Sandbox::new();
    example(&sandbox);
    let (code, err) = reduce_jobs(&sandbox, "1", "ref.c", "ref.json", &["--no-cache"]);
    assert_eq!(code, 0, "{err}");
    let reference = sandbox.read("ref.c");
    let file = sandbox.path().join("vc/verdicts.sqlite3");
    let damages: [Damage; 3] = [
        ("garbage", &|f: &Path| {
            fs::write(f, b"\x00\xffgarbage".repeat(5000)).unwrap();
        }),
        ("truncated", &|f: &Path| {
            let len = fs::metadata(f).unwrap().len();
            fs::OpenOptions::new()
                .write(true)
                .open(f)
                .unwrap()
                .set_len(len / 3)
                .unwrap();
            let _ = fs::remove_file(f.with_extension("sqlite3-wal"));
        }),
        ("deleted", &|f: &Path| {
            fs::remove_file(f).unwrap();
        }),
    ];
    for (what, damage) in damages {
        let (code, err) = reduce_jobs(&sandbox, "1", "a.c", "a.json", &["--cache", "vc"]);
        assert_eq!(code, 0, "{what}: {err}");
        assert!(file.is_file());
        damage(&file);
        let (code, err) = reduce_jobs(&sandbox, "1", "b.c", "b.json", &["--cache", "vc"]);
        assert_eq!(code, 0, "{what}: {err}");
        assert_eq!(sandbox.read("b.c"), reference, "{what}");
        if what != "deleted" {
            assert!(
                err.contains("warning") && err.contains("verdict cache"),
                "{what}: {err}"
            );
        }
        // The cache works again afterwards.
        let (code, err) = reduce_jobs(&sandbox, "1", "c.c", "c.json", &["--cache", "vc"]);
        assert_eq!(code, 0, "{what}: {err}");
        assert!(!err.contains("warning"), "{what}: {err}");
        assert_eq!(stats(&sandbox, "c.json")["tests"], 0, "{what}");
        assert_eq!(sandbox.read("c.c"), reference, "{what}");
    }
}

#[test]
fn an_unusable_cache_directory_is_a_usage_error() {
    let sandbox = Sandbox::new();
    example(&sandbox);
    sandbox.file("plain", "a file, not a directory");
    let (code, err) = reduce(&sandbox, "a.c", "a.json", &["--cache", "plain"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--cache"), "{err}");
    assert!(!sandbox.path().join("a.c").exists());
}

/// The best found before the deadline is written, re-checked, exit 7. The
/// run's deadline is doubled (from 6 s) until the test accepted a
/// candidate smaller than the input before it: on a loaded machine the
/// first runs may not get there, and the promise is only seen on a run
/// that did.
#[test]
fn the_deadline_stops_rechecks_and_writes_the_best() {
    for deadline in [6, 12, 24, 48, 96] {
        if deadline_run(deadline) {
            return;
        }
    }
    panic!("no candidate smaller than the input was accepted within a deadline of 96 s");
}

/// One run of [`the_deadline_stops_rechecks_and_writes_the_best`] with a
/// deadline of `secs`; whether the test accepted a smaller candidate in
/// time (and so the promise was checked).
fn deadline_run(secs: u64) -> bool {
    let sandbox = Sandbox::new();
    let input = sandbox.example("c-too-many-args/inventory.c");
    let size = fs::metadata(&input).unwrap().len();
    // The real gcc check, until it has accepted a candidate smaller than the
    // input (it then writes `progress`): from then on every text it has not
    // accepted before hangs, so the run cannot end before the deadline
    // whatever the machine's speed, and the texts it accepted (the best, at
    // its re-check) pass at once.
    sandbox.script(
        "check.sh",
        &format!(
            "h=$(cksum < \"$1\" | cut -d' ' -f1)\n\
             grep -qx \"$h\" {accepted} 2>/dev/null && exit 0\n\
             [ -f {progress} ] && sleep 1000.5772\n\
             LC_ALL=C gcc -fsyntax-only \"$1\" 2>&1 | grep -q \"error: too many arguments to function 'item_price'\" || exit 1\n\
             echo \"$h\" >> {accepted}\n\
             [ $(wc -c < \"$1\") -lt {size} ] && touch {progress}\n\
             exit 0",
            accepted = sandbox.path().join("accepted").display(),
            progress = sandbox.path().join("progress").display(),
        ),
    );
    let deadline = format!("{secs}s");
    let child = sandbox
        .command(&[
            "-q",
            "-j",
            "2",
            "-i",
            "./check.sh",
            "-o",
            "out.c",
            "--stats-json",
            "s.json",
            "--no-cache",
            "--timeout",
            "20",
            "--deadline",
            &deadline,
            "inventory.c",
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let run = wait_exit(
        child,
        Duration::from_secs(120 + secs),
        "the deadline stopping the run",
    );
    assert_eq!(run.status.code(), Some(7), "{}", stderr(&run));
    let report = stats(&sandbox, "s.json");
    assert_eq!(report["deadline"], true);
    assert_eq!(report["interrupted"], false);
    let out = sandbox.read("out.c");
    assert_eq!(report["final_size"]["bytes"], out.len(), "{report}");
    assert!(sandbox.accepts(&sandbox.path().join("check.sh"), "inventory.c", &out));
    assert!(sandbox.leftovers().is_empty(), "{:?}", sandbox.leftovers());
    assert!(common::wait_no_processes("sleep 1000.5772").is_empty());
    // The best found before the deadline: smaller than the input once the
    // test accepted a smaller candidate in time.
    let progressed = sandbox.path().join("progress").exists();
    if progressed {
        assert!((out.len() as u64) < size, "the improvement was not kept");
    } else {
        assert_eq!(out, sandbox.read("inventory.c"));
    }
    progressed
}

#[test]
fn a_deadline_during_the_input_check_writes_nothing() {
    let sandbox = Sandbox::new();
    sandbox.example("c-too-many-args/inventory.c");
    // The check of the input never ends by itself: the deadline ends it.
    sandbox.script("check.sh", "sleep 1000.6931");
    let child = sandbox
        .command(&[
            "-q",
            "-o",
            "out.c",
            "--deadline",
            "1s",
            "-i",
            "./check.sh",
            "inventory.c",
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let run = wait_exit(
        child,
        Duration::from_secs(120),
        "the deadline stopping the input check",
    );
    let (code, err) = (run.status.code().unwrap(), stderr(&run));
    assert_eq!(code, 7, "{err}");
    assert!(common::wait_no_processes("sleep 1000.6931").is_empty());
    assert!(
        err.contains("deadline") && err.contains("input was being checked"),
        "{err}"
    );
    assert!(!sandbox.path().join("out.c").exists());
    assert!(sandbox.leftovers().is_empty(), "{:?}", sandbox.leftovers());
    let run = sandbox.run(&["-i", "./check.sh", "--deadline", "soon", "inventory.c"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("invalid duration"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn processes_running_at_once_share_one_cache() {
    let sandbox = Sandbox::new();
    example(&sandbox);
    let (code, err) = reduce_jobs(&sandbox, "1", "ref.c", "ref.json", &["--no-cache"]);
    assert_eq!(code, 0, "{err}");
    let runs: Vec<_> = (0..3)
        .map(|i| {
            sandbox
                .command(&[
                    "-q",
                    "-j",
                    "1",
                    "--cache",
                    "shared",
                    "-i",
                    "./check.sh",
                    "-o",
                    &format!("out{i}.c"),
                    "inventory.c",
                ])
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for run in runs {
        let out = run.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    }
    for i in 0..3 {
        assert_eq!(sandbox.read(&format!("out{i}.c")), sandbox.read("ref.c"));
    }
    let (code, err) = reduce_jobs(
        &sandbox,
        "1",
        "again.c",
        "again.json",
        &["--cache", "shared"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(stats(&sandbox, "again.json")["tests"], 0);
}

/// A result that passed its final re-check is marked so in the cache, and a
/// repeated run does not re-check it (see above); but the mark counts only
/// for the test and the input that earned it. Here the script edits
/// itself while the second run checks the input, after the run read its
/// bytes: the cache sees the change and goes off, so the run tests again
/// and re-checks the result with the script as it now is. Before, the old
/// bytes' verdicts and mark answered everything.
#[test]
fn a_verified_result_is_rechecked_after_the_script_changes() {
    let sandbox = Sandbox::new();
    sandbox.file("a.c", "int needed;\nint c1;\nint c2(void) { return 2; }\n");
    let flag = sandbox.path().join("edit-yourself");
    let script = sandbox.script(
        "check.sh",
        &format!(
            "if [ -e '{flag}' ]; then rm -f '{flag}'; echo '# edited' >> \"$0\"; fi\ngrep -q needed \"$1\"",
            flag = flag.display()
        ),
    );
    let run = |json: &str| {
        let out = sandbox.run(
            &["-q", "-j", "1", "--cache", "vc", "--stats-json", json, "-i"]
                .iter()
                .copied()
                .chain([script.to_str().unwrap(), "a.c"])
                .collect::<Vec<_>>(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        (stats(&sandbox, json), stderr(&out))
    };
    let (first, _) = run("1.json");
    assert_eq!(first["recheck"], "passed", "{first}");
    // Unchanged, the mark saves the re-check.
    let (again, _) = run("2.json");
    assert_eq!(again["recheck"], "passed_earlier", "{again}");
    assert_eq!(again["tests"], 0, "{again}");

    fs::write(&flag, "").unwrap();
    let (edited, err) = run("3.json");
    assert!(!flag.exists(), "the script edited itself");
    assert!(err.contains("changed"), "{err}");
    assert_eq!(edited["recheck"], "passed", "{edited}");
    assert!(edited["tests"].as_u64().unwrap() > 0, "{edited}");
    assert_eq!(edited["stored_hits"], 0, "{edited}");
    assert_eq!(sandbox.read("a.reduced.c"), b"int needed;\n");
}

/// The mark that a result passed its re-check counts for the input it was
/// reduced from: another input (of the same file name, so that the
/// verdicts of the candidates are shared) that reduces to the same result
/// re-checks it.
#[test]
fn a_verified_result_is_rechecked_for_another_input() {
    let sandbox = Sandbox::new();
    sandbox.file("a.c", "int needed;\nint c1;\n");
    sandbox.script("check.sh", "grep -q needed \"$1\"");
    let run = |json: &str| {
        let out = sandbox.run(&[
            "-q",
            "-j",
            "1",
            "--cache",
            "vc",
            "--stats-json",
            json,
            "-i",
            "./check.sh",
            "a.c",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_eq!(sandbox.read("a.reduced.c"), b"int needed;\n");
        stats(&sandbox, json)
    };
    assert_eq!(run("1.json")["recheck"], "passed");
    assert_eq!(run("2.json")["recheck"], "passed_earlier");
    sandbox.file("a.c", "int needed;\nint c1;\nint c2;\n");
    let other = run("3.json");
    assert_eq!(other["recheck"], "passed", "{other}");
    assert!(other["stored_hits"].as_u64().unwrap() > 0, "{other}");
}

/// Within a run at -j 1 a candidate is tested once: the script logs a hash
/// of every candidate it sees, and only the input (its check is not
/// cached) and the result (its re-check) may appear twice. (Above -j 1 a
/// test run ahead and stopped, or two lanes of a round, may test a
/// candidate again, as doc/test-script.md says.)
#[test]
fn a_candidate_is_tested_once_in_a_run() {
    let sandbox = Sandbox::new();
    example(&sandbox);
    let log = sandbox.path().join("seen");
    let check = fs::read_to_string(sandbox.path().join("check.sh")).unwrap();
    let body = check.trim_start_matches("#!/bin/sh\n");
    sandbox.script(
        "logged.sh",
        &format!(
            "md5sum < \"$1\" | cut -c1-32 >> '{}'\n{body}",
            log.display()
        ),
    );
    let out = sandbox.run(&[
        "-q",
        "--no-cache",
        "-j",
        "1",
        "-i",
        "./logged.sh",
        "-o",
        "out.c",
        "inventory.c",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let seen = fs::read_to_string(&log).unwrap();
    let mut counts = std::collections::BTreeMap::new();
    for hash in seen.lines() {
        *counts.entry(hash.to_string()).or_insert(0) += 1;
    }
    let twice: Vec<_> = counts.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.len() <= 2, "{twice:?}");
    assert!(twice.iter().all(|(_, n)| **n == 2), "{twice:?}");
    assert!(counts.len() > 20);
}
