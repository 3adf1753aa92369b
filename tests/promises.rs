//! The promise list (doc/promises.md) against the sources, and the tests of
//! the promises no other file tested: each runs the real binary and fails
//! when its sentence of README.md or doc/ stops being true.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Sandbox, processes_with, stderr, wait_exit, wait_no_processes, wait_until};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn json(sandbox: &Sandbox, name: &str) -> serde_json::Value {
    serde_json::from_slice(&sandbox.read(name)).unwrap()
}

/// The names of the `#[test]` functions of a Rust source file.
fn tests_in(source: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut marked = false;
    for line in source.lines() {
        let line = line.trim();
        if line == "#[test]" {
            marked = true;
        } else if let Some(rest) = line.strip_prefix("fn ") {
            if marked {
                names.insert(rest.split('(').next().unwrap().to_string());
            }
            marked = false;
        } else if !(line.starts_with("#[") || line.starts_with("//")) {
            marked = false;
        }
    }
    names
}

/// The rows of doc/promises.md's tables: (promise, tests cell).
fn promise_rows() -> Vec<(String, String)> {
    let text = fs::read_to_string(root().join("doc/promises.md")).unwrap();
    let mut rows = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if !line.starts_with('|') || line.starts_with("|---") || line.starts_with("| promise |") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
        assert_eq!(cells.len(), 3, "a row of three cells: {line}");
        rows.push((cells[0].trim().to_string(), cells[2].trim().to_string()));
    }
    rows
}

/// Every test doc/promises.md names exists as a `#[test]` in the file it
/// names, and every row names at least one test or says why it has none.
#[test]
fn every_test_the_promise_list_names_exists() {
    let rows = promise_rows();
    assert!(rows.len() > 100, "{} rows", rows.len());
    let mut sources = std::collections::HashMap::new();
    let mut named = BTreeSet::new();
    let mut missing = Vec::new();
    for (promise, cell) in &rows {
        let refs: Vec<&str> = cell
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|r| r.contains(".rs::"))
            .collect();
        assert!(
            !refs.is_empty() || cell.starts_with("none: "),
            "neither a test nor a reason for: {promise}"
        );
        for r in refs {
            let (file, test) = r.split_once("::").unwrap();
            let tests = sources.entry(file.to_string()).or_insert_with(|| {
                fs::read_to_string(root().join(file))
                    .map(|s| tests_in(&s))
                    .unwrap_or_default()
            });
            if !tests.contains(test) {
                missing.push(r.to_string());
            }
            named.insert(r.to_string());
        }
    }
    assert!(missing.is_empty(), "no such tests: {missing:?}");
    // The tests of this file are there for a promise: each is listed.
    let own = tests_in(&fs::read_to_string(root().join("tests/promises.rs")).unwrap());
    for test in own {
        if !test.starts_with("every_test_the_promise_list")
            && test != "the_list_check_finds_a_test_that_is_gone"
        {
            let r = format!("tests/promises.rs::{test}");
            assert!(named.contains(&r), "{r} is not in doc/promises.md");
        }
    }
}

#[test]
fn the_list_check_finds_a_test_that_is_gone() {
    let source = "#[test]\nfn here() {}\n\n#[test]\n#[ignore]\nfn ignored() {}\nfn helper() {}\n";
    let found = tests_in(source);
    assert!(found.contains("here") && found.contains("ignored"));
    assert!(!found.contains("helper") && !found.contains("gone"));
}

const SMALL: &str = "int keep;\nint drop1;\nint drop2(void) { return 3; }\n";

/// `--no-cache`: neither read nor write the verdict cache.
#[test]
fn no_cache_neither_reads_nor_writes_the_cache() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    sb.script("check.sh", "grep -q keep \"$1\"");
    let file = sb.path().join("cache/treereduce/verdicts.sqlite3");
    let run = |extra: &[&str]| {
        let mut args = vec!["-q", "-j", "1", "-o", "out.c", "--stats-json", "s.json"];
        args.extend_from_slice(extra);
        args.extend(["-i", "./check.sh", "a.c"]);
        let out = sb.run(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        json(&sb, "s.json")
    };
    run(&["--no-cache"]);
    assert!(!file.exists(), "--no-cache wrote the cache");
    let first = run(&[]);
    assert!(file.is_file(), "a run with the cache writes it");
    assert_eq!(first["stored_hits"], 0);
    let again = run(&["--no-cache"]);
    assert_eq!(again["stored_hits"], 0, "{again}");
    assert_eq!(again["tests"], first["tests"], "{again}");
}

/// A default cache directory that cannot be created is a warning; the
/// reduction goes on without the cache.
#[test]
fn an_unusable_default_cache_is_a_warning_and_the_run_goes_on() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    sb.script("check.sh", "grep -q keep \"$1\"");
    sb.file("not-a-folder", "a file where the cache folder would go");
    let out = sb
        .command(&["-o", "out.c", "-i", "./check.sh", "a.c"])
        .env("XDG_CACHE_HOME", sb.path().join("not-a-folder"))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("warning") && err.contains("cache"), "{err}");
    assert_eq!(sb.read("out.c"), b"int keep;\n");
}

/// `--passes N`: stop after N reduction passes.
#[test]
fn passes_stop_after_the_given_number() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    sb.script("check.sh", "grep -q keep \"$1\"");
    let passes = |extra: &[&str]| {
        let mut args = vec!["-q", "--no-cache", "-j", "2", "-o", "out.c"];
        args.extend_from_slice(extra);
        args.extend(["--stats-json", "s.json", "-i", "./check.sh", "a.c"]);
        let out = sb.run(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let stats = json(&sb, "s.json");
        stats["passes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["kind"] == "reduce" || p["kind"] == "canon")
            .count()
    };
    assert!(passes(&[]) > 1, "the default runs to a fixpoint");
    assert_eq!(passes(&["--passes", "1"]), 1);
}

/// `--no-verify`: no final re-check; `recheck` says `not_run`.
#[test]
fn no_verify_skips_the_final_recheck() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    let log = sb.path().join("runs");
    sb.script(
        "check.sh",
        &format!("echo x >> '{}'\ngrep -q keep \"$1\"", log.display()),
    );
    let runs = |extra: &[&str]| {
        let _ = fs::remove_file(&log);
        let mut args = vec!["-q", "--no-cache", "-j", "1", "-o", "out.c"];
        args.extend_from_slice(extra);
        args.extend(["--stats-json", "s.json", "-i", "./check.sh", "a.c"]);
        let out = sb.run(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let count = fs::read_to_string(&log).unwrap().lines().count();
        (count, json(&sb, "s.json")["recheck"].clone())
    };
    let (verified, recheck) = runs(&[]);
    assert_eq!(recheck, "passed");
    let (unverified, recheck) = runs(&["--no-verify"]);
    assert_eq!(recheck, "not_run");
    assert_eq!(unverified + 1, verified, "one run of the test less");
    assert_eq!(sb.read("out.c"), b"int keep;\n");
}

/// `--measure` and `--dump-tree` need no script and write no result.
#[test]
fn measure_and_dump_tree_need_no_script() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    let out = sb.run(&["--measure", "a.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let measured: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        measured,
        serde_json::json!({"bytes": SMALL.len(), "tokens": 16, "errors": 0})
    );
    let broken = sb.file("b.c", "int x = ;\n");
    let out = sb.run(&["--measure", broken.to_str().unwrap()]);
    let measured: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(measured["errors"].as_u64().unwrap() > 0, "{measured}");

    let out = sb.run(&["--dump-tree", "a.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let tree = String::from_utf8(out.stdout).unwrap();
    assert!(tree.contains("translation_unit 0.."), "{tree}");
    // Each node with its slot: list elements and fields.
    assert!(tree.contains("declaration 0..9 (3 tokens) [list"), "{tree}");
    assert!(tree.contains("declarator: identifier"), "{tree}");
    assert!(!sb.path().join("a.reduced.c").exists());
}

/// An input named like a subcommand is reduced when the options come first
/// or when it is written as `./man`.
#[test]
fn an_input_named_like_a_subcommand_is_reduced() {
    let sb = Sandbox::new();
    sb.file("man", SMALL);
    sb.script("check.sh", "grep -q keep \"$1\"");
    for (args, out) in [
        (
            &["-q", "-l", "c", "-i", "./check.sh", "-o", "one.c", "man"][..],
            "one.c",
        ),
        (
            &["./man", "-q", "-l", "c", "-i", "./check.sh", "-o", "two.c"],
            "two.c",
        ),
    ] {
        let run = sb.run(args);
        assert_eq!(run.status.code(), Some(0), "{args:?}: {}", stderr(&run));
        assert_eq!(sb.read(out), b"int keep;\n", "{args:?}");
    }
    assert_eq!(sb.read("man"), SMALL.as_bytes());
}

/// When stderr is not a terminal, the progress line is logged at each
/// phase; `-q` prints none.
#[test]
fn progress_is_logged_at_each_phase_when_stderr_is_not_a_terminal() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    sb.script("check.sh", "grep -q keep \"$1\"");
    let out = sb.run(&["--no-cache", "-o", "out.c", "-i", "./check.sh", "a.c"]);
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    for phase in [
        "checking that the input is interesting",
        " pass 1 · ",
        " canon · ",
        " re-check · ",
    ] {
        assert!(
            err.lines()
                .any(|l| l.starts_with("treereduce: ") && l.contains(phase)),
            "no line for {phase:?}:\n{err}"
        );
    }
    let out = sb.run(&["-q", "--no-cache", "-o", "out.c", "-i", "./check.sh", "a.c"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

/// The worker directories are `$TMPDIR/treereduce-<pid>-...`, removed at
/// the end.
#[test]
fn worker_directories_live_in_tmpdir_named_by_pid() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    let log = sb.path().join("dirs");
    sb.script(
        "check.sh",
        &format!("pwd >> '{}'\ngrep -q keep \"$1\"", log.display()),
    );
    let child = sb
        .command(&["-q", "--no-cache", "-j", "2", "-i", "./check.sh", "a.c"])
        .spawn()
        .unwrap();
    let pid = child.id();
    let out = wait_exit(child, Duration::from_secs(120), "the run ending");
    assert_eq!(out.status.code(), Some(0));
    let tmp = fs::canonicalize(sb.tmp()).unwrap();
    let dirs: BTreeSet<String> = fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert!(!dirs.is_empty());
    for dir in &dirs {
        let rest = Path::new(dir)
            .strip_prefix(&tmp)
            .unwrap_or_else(|_| panic!("{dir} is not in TMPDIR {}", tmp.display()));
        let top = rest.components().next().unwrap().as_os_str();
        let top = top.to_string_lossy();
        assert!(top.starts_with(&format!("treereduce-{pid}-")), "{dir}");
    }
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

/// The default time limit is 10 times the duration of the input's check,
/// at least 1 second (`time_limit.seconds`).
#[test]
fn the_default_time_limit_is_ten_times_the_input_check_and_at_least_a_second() {
    let sb = Sandbox::new();
    sb.file("a.c", "int keep;\nint drop1;\n");
    let limit = |check: &str| {
        sb.script("check.sh", check);
        let out = sb.run(&[
            "-q",
            "--no-cache",
            "-o",
            "out.c",
            "--stats-json",
            "s.json",
            "-i",
            "./check.sh",
            "a.c",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        json(&sb, "s.json")["time_limit"]["seconds"]
            .as_f64()
            .unwrap()
    };
    // A check that takes nearly no time: the floor of 1 second.
    let fast = limit("grep -q keep \"$1\"");
    assert!(fast >= 1.0, "{fast}");
    // A check of at least 0.4 s: at least 4 s.
    let slow = limit("sleep 0.4\ngrep -q keep \"$1\"");
    assert!(slow >= 4.0, "{slow}");
}

/// `--deadline` passing during the final re-check: the result being
/// re-checked is kept (exit 7), and what is said about it is true: it was
/// not re-checked.
#[test]
fn a_deadline_during_the_final_recheck_keeps_the_result_being_rechecked() {
    let sb = Sandbox::new();
    sb.file("a.c", SMALL);
    // At -j 1 no text is tested twice in a run but at the final re-check:
    // the script hangs on a text it has seen (for longer than the test
    // waits), so the deadline always falls in the re-check.
    let seen = sb.path().join("seen");
    let rechecking = sb.path().join("rechecking");
    sb.script(
        "check.sh",
        &format!(
            "h=$(cksum < \"$1\" | cut -d' ' -f1)\n\
             if grep -qx \"$h\" '{seen}' 2>/dev/null; then touch '{rechecking}'; sleep 1000.6271; fi\n\
             echo \"$h\" >> '{seen}'\n\
             grep -q keep \"$1\"",
            seen = seen.display(),
            rechecking = rechecking.display()
        ),
    );
    let child = sb
        .command(&[
            "-j",
            "1",
            "--no-cache",
            "--timeout",
            "3000",
            "--deadline",
            "20s",
            "-o",
            "out.c",
            "--stats-json",
            "s.json",
            "-i",
            "./check.sh",
            "a.c",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = wait_exit(
        child,
        Duration::from_secs(200),
        "the deadline ending the run",
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(7), "{err}");
    assert!(
        rechecking.exists(),
        "the deadline came before the re-check:\n{err}"
    );
    let stats = json(&sb, "s.json");
    assert_eq!(stats["deadline"], true);
    assert_eq!(stats["recheck"], "not_run", "{stats}");
    assert_eq!(sb.read("out.c"), b"int keep;\n");
    assert_eq!(stats["final_size"]["bytes"], 10);
    assert!(err.contains("--deadline"), "{err}");
    assert!(
        err.contains("not re-checked"),
        "the summary says re-checked:\n{err}"
    );
    assert!(wait_no_processes("sleep 1000.6271").is_empty());
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

/// The corpus of tests/batch.rs: `n` copies of the bundled C example under
/// `crashes/`, with its check.sh.
fn corpus(sb: &Sandbox, n: usize) -> Vec<u8> {
    sb.example("c-too-many-args/check.sh");
    let text = fs::read_to_string(root().join("examples/c-too-many-args/inventory.c")).unwrap();
    fs::create_dir(sb.path().join("crashes")).unwrap();
    for i in 0..n {
        sb.file(
            &format!("crashes/crash{i}.c"),
            text.replace("inventory", &format!("inv{i}")),
        );
    }
    text.into_bytes()
}

/// The files of `dir` by name, once they held the same bytes for a second
/// (a result found just before is written by then).
fn settled_files(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let read = || -> std::collections::BTreeMap<String, Vec<u8>> {
        fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter_map(|e| Some((e.file_name().into_string().ok()?, fs::read(e.path()).ok()?)))
            .collect()
    };
    let mut last = read();
    loop {
        std::thread::sleep(Duration::from_secs(1));
        let now = read();
        if now == last {
            return now;
        }
        last = now;
    }
}

/// A script that runs `check.sh` and, once `hang` exists, first hangs for
/// longer than any test waits (`sleep 1000<marker>`).
fn hanging_script(sb: &Sandbox, marker: &str) {
    sb.script(
        "slow.sh",
        &format!(
            "[ -f '{}' ] && sleep 1000{marker}\nexec '{}' \"$@\"",
            sb.path().join("hang").display(),
            sb.path().join("check.sh").display()
        ),
    );
}

/// `batch` reduces the files of a directory, not its subdirectories, not
/// hidden files.
#[test]
fn batch_skips_hidden_files_and_takes_subfolders_as_projects() {
    let sb = Sandbox::new();
    sb.script("check.sh", "grep -rq keep \"$1\"");
    fs::create_dir_all(sb.path().join("crashes/sub")).unwrap();
    fs::create_dir_all(sb.path().join("crashes/.hidden")).unwrap();
    sb.file("crashes/a.c", SMALL);
    sb.file("crashes/.hidden.c", SMALL);
    sb.file("crashes/.hidden/c.c", SMALL);
    sb.file("crashes/sub/b.c", SMALL);
    let run = sb.run(&["batch", "-q", "-i", "./check.sh", "-o", "out", "crashes"]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let summary = json(&sb, "out/summary.json");
    assert_eq!(summary["inputs"], 2, "{summary}");
    assert_eq!(sb.read("out/results/a.c"), b"int keep;\n");
    assert_eq!(sb.read("out/results/sub/b.c"), b"int keep;\n");
    assert!(!sb.path().join("out/results/.hidden.c").exists());
    assert!(!sb.path().join("out/results/.hidden").exists());
}

/// Ctrl-C in batch mode: exit 130, the input being reduced is
/// `interrupted` with its best result written, the ones not started are
/// `not_started`, and the summary files are written.
#[test]
fn ctrl_c_in_batch_keeps_the_results_and_writes_the_summary() {
    let sb = Sandbox::new();
    corpus(&sb, 3);
    hanging_script(&sb, ".5113");
    let child = sb
        .command(&[
            "batch",
            "-q",
            "-j",
            "1",
            "--no-cache",
            "-i",
            "./slow.sh",
            "-o",
            "out",
            "crashes",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Until a result is smaller than its input.
    let results = sb.path().join("out/results");
    let own = |name: &str| sb.read(&format!("crashes/{name}"));
    wait_until("an improvement", Duration::from_secs(180), || {
        (0..3).any(|i| {
            let name = format!("crash{i}.c");
            fs::read(results.join(&name)).is_ok_and(|r| r.len() < own(&name).len() - 50)
        })
    });
    fs::write(sb.path().join("hang"), "").unwrap();
    wait_until("a hanging test", Duration::from_secs(120), || {
        !processes_with("sleep 1000.5113").is_empty()
    });
    // At -j 1 the one test running hangs: no verdict comes any more, so the
    // best so far is what the results hold once they stop changing.
    let before = settled_files(&results);
    // SAFETY: signalling our own child process.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let out = wait_exit(
        child,
        Duration::from_secs(60),
        "the batch stopping at Ctrl-C",
    );
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let summary = json(&sb, "out/summary.json");
    let statuses: Vec<(String, String)> = summary["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["status"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(statuses.len(), 3, "{summary}");
    let interrupted: Vec<&String> = statuses
        .iter()
        .filter(|(_, s)| s == "interrupted")
        .map(|(n, _)| n)
        .collect();
    assert_eq!(interrupted.len(), 1, "{statuses:?}");
    assert!(
        statuses.iter().any(|(_, s)| s == "not_started"),
        "{statuses:?}"
    );
    assert!(
        statuses
            .iter()
            .all(|(_, s)| ["reduced", "interrupted", "not_started"].contains(&s.as_str())),
        "{statuses:?}"
    );
    // The interrupted input's best result is on disk and interesting, and
    // it is the best so far: no larger than the one on disk before the stop
    // (not the input, not an older result; a lane of the round that was
    // accepted but not merged yet may be smaller).
    let name = interrupted[0];
    let best = sb.read(&format!("out/results/{name}"));
    assert!(
        sb.accepts(&sb.path().join("check.sh"), name, &best),
        "the kept result is not interesting"
    );
    let held = before.get(name.as_str()).expect("a result before the stop");
    assert!(
        held.len() < own(name).len() - 50,
        "{}",
        String::from_utf8_lossy(held)
    );
    assert!(
        best.len() <= held.len(),
        "not the best result found before the stop: {} bytes kept, {} on disk before",
        best.len(),
        held.len()
    );
    for file in ["summary.md", "groups.json"] {
        assert!(sb.path().join("out").join(file).is_file(), "{file}");
    }
    assert!(wait_no_processes("sleep 1000.5113").is_empty());
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

/// Each verdict is stored as soon as the script gives it: a run killed
/// outright (SIGKILL: nothing of it runs after the signal, no buffer is
/// flushed) leaves the verdicts it was given, and the next run replays
/// them: at -j 1 on the same path, every verdict but those of the input's
/// check, the last test (whose verdict may be on its way) and the
/// re-check's.
#[test]
fn an_interrupted_run_leaves_its_verdicts_for_the_next() {
    let sb = Sandbox::new();
    sb.example("c-too-many-args/check.sh");
    let input = sb.example("c-too-many-args/inventory.c");
    let original = fs::read(&input).unwrap();
    // check.sh, counting the verdicts it gives while `hang` is absent.
    let given = sb.path().join("given");
    sb.script(
        "slow.sh",
        &format!(
            "[ -f '{hang}' ] && sleep 1000.5117\n'{check}' \"$@\"; v=$?\n[ -f '{hang}' ] || echo $v >> '{given}'\nexit $v",
            hang = sb.path().join("hang").display(),
            check = sb.path().join("check.sh").display(),
            given = given.display(),
        ),
    );
    let child = sb
        .command(&[
            "-q",
            "-j",
            "1",
            "-i",
            "./slow.sh",
            "-o",
            "out.c",
            "inventory.c",
        ])
        .spawn()
        .unwrap();
    let out_c = sb.path().join("out.c");
    wait_until("an improvement", Duration::from_secs(180), || {
        fs::read(&out_c).is_ok_and(|r| r.len() < original.len() - 50)
    });
    fs::write(sb.path().join("hang"), "").unwrap();
    wait_until("a hanging test", Duration::from_secs(120), || {
        !processes_with("sleep 1000.5117").is_empty()
    });
    // SAFETY: signalling our own child process.
    unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
    let out = wait_exit(child, Duration::from_secs(60), "the run dying at SIGKILL");
    assert_eq!(out.status.signal(), Some(libc::SIGKILL));
    assert!(wait_no_processes("sleep 1000.5117").is_empty());
    let verdicts = fs::read_to_string(&given).unwrap().lines().count() as u64;
    fs::remove_file(sb.path().join("hang")).unwrap();
    let out = sb.run(&[
        "-q",
        "-j",
        "1",
        "-i",
        "./slow.sh",
        "-o",
        "out.c",
        "--stats-json",
        "s.json",
        "inventory.c",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let stats = json(&sb, "s.json");
    let hits = stats["stored_hits"].as_u64().unwrap();
    assert!(
        hits + 2 >= verdicts,
        "{hits} of {verdicts} verdicts replayed: {stats}"
    );
}

/// `trace`: a generated program the test rejects stops the run (exit 3),
/// and the message says where the program was saved for a look.
#[test]
fn an_uninteresting_generated_program_is_saved_for_a_look() {
    let sb = Sandbox::new();
    sb.file("gen.py", "import random\nprint(random.randint(0, 9))\n");
    sb.script("check.sh", "exit 1");
    let out = sb.run(&[
        "trace",
        "-i",
        "./check.sh",
        "--no-finish",
        "-o",
        "out.txt",
        "--",
        "python3",
        "gen.py",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(3), "{err}");
    let path = err
        .lines()
        .find_map(|l| l.trim().strip_prefix("the program is saved in "))
        .unwrap_or_else(|| panic!("no saved program named:\n{err}"));
    let saved = fs::read_to_string(path).unwrap();
    let value: u32 = saved.trim().parse().unwrap();
    assert!(value <= 9, "{saved:?}");
    assert!(!sb.path().join("out.txt").exists());
}

/// `trace`: the trace's own reduction does not depend on `-j`.
#[test]
fn the_trace_reduction_gives_one_program_at_every_job_count() {
    let programs: Vec<Vec<u8>> = ["1", "3"]
        .iter()
        .map(|jobs| {
            let sb = Sandbox::new();
            sb.example("trace-c-constant-call/gen.py");
            sb.example("trace-c-constant-call/check.sh");
            let out = sb.run(&[
                "trace",
                "-q",
                "-j",
                jobs,
                "-i",
                "./check.sh",
                "--no-finish",
                "-o",
                "out.c",
                "--",
                "python3",
                "gen.py",
                "3",
            ]);
            assert_eq!(out.status.code(), Some(0), "-j {jobs}: {}", stderr(&out));
            sb.read("out.c")
        })
        .collect();
    assert_eq!(programs[0], programs[1]);
}

/// Without the `cli` feature, none of the command line's crates is a
/// dependency of the library (the README's `cargo tree` command).
#[test]
fn the_library_alone_pulls_in_none_of_the_command_lines_crates() {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "--no-default-features",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--manifest-path",
        ])
        .arg(root().join("Cargo.toml"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let tree = String::from_utf8(out.stdout).unwrap();
    let crates: BTreeSet<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(crates.contains("tree-sitter"), "{tree}");
    for cli in [
        "clap",
        "clap_complete",
        "clap_mangen",
        "indicatif",
        "ctrlc",
        "anyhow",
        "rusqlite",
        "minijinja",
        "shlex",
    ] {
        assert!(
            !crates.contains(cli),
            "{cli} without the cli feature:\n{tree}"
        );
    }
}

/// `trace -o` is checked before anything runs: neither the test script nor
/// a file named in the generator command may be the output.
#[test]
fn the_trace_output_is_checked_before_the_generator_runs() {
    let sb = Sandbox::new();
    let mark = sb.path().join("ran");
    sb.file(
        "gen.py",
        format!(
            "import random\nopen({:?}, 'a').write('x')\nprint(random.randint(0, 9))\n",
            mark.display().to_string()
        ),
    );
    sb.script("check.sh", "exit 0");
    for out in ["check.sh", "gen.py"] {
        let run = sb.run(&[
            "trace",
            "-i",
            "./check.sh",
            "--no-finish",
            "-o",
            out,
            "--",
            "python3",
            "gen.py",
        ]);
        assert_eq!(run.status.code(), Some(2), "{out}: {}", stderr(&run));
    }
    assert!(!mark.exists(), "the generator ran");
    assert!(
        fs::read_to_string(sb.path().join("gen.py"))
            .unwrap()
            .contains("randint")
    );
    assert!(
        fs::read_to_string(sb.path().join("check.sh"))
            .unwrap()
            .contains("exit 0")
    );
}

/// `trace --gen-output NAME`: the generator's program is read from that
/// file of its working directory instead of stdout.
#[test]
fn a_generator_may_write_its_program_to_a_file() {
    let sb = Sandbox::new();
    sb.file(
        "gen.py",
        "import random\n\
         print('noise on stdout')\n\
         n = random.randint(3, 6)\n\
         with open('prog.c', 'w') as f:\n\
         \x20   for i in range(n):\n\
         \x20       f.write('int v%d;\\n' % i)\n\
         \x20   f.write('int keep;\\n')\n",
    );
    sb.script("check.sh", "grep -q 'int keep;' \"$1\"");
    let run = sb.run(&[
        "trace",
        "-q",
        "-i",
        "./check.sh",
        "--no-finish",
        "--gen-output",
        "prog.c",
        "-o",
        "out.c",
        "--",
        "python3",
        "gen.py",
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let out = String::from_utf8(sb.read("out.c")).unwrap();
    assert!(out.contains("int keep;") && !out.contains("noise"), "{out}");
    // The generator wrote into its private copy, not here.
    assert!(!sb.path().join("prog.c").exists());
}

/// The shipped hooks name a decision's call site the same way in every
/// worker's private copy of the directory: the recording made in one copy
/// must align with the replays in the others, or a replay at `-j 2` and
/// above realigns every decision and the trace reduction depends on `-j`.
#[test]
fn a_call_site_has_one_name_in_every_workers_copy() {
    let hooks = root().join("src/trace/hook");
    for (generator, runner) in [
        ("trace-c-constant-call/gen.py", ["python3", "gen.py", "3"]),
        (
            "trace-js-defined-before-use/gen.js",
            ["node", "gen.js", "11"],
        ),
    ] {
        let sites: Vec<Vec<String>> = (0..2)
            .map(|_| {
                let sb = Sandbox::new();
                sb.example(generator);
                let trace = sb.path().join("trace.txt");
                let out = Command::new(runner[0])
                    .args(&runner[1..])
                    .current_dir(sb.path())
                    .env("PYTHONPATH", &hooks)
                    .env(
                        "NODE_OPTIONS",
                        format!("--require {}", hooks.join("treereduce_trace.js").display()),
                    )
                    .env("TREEREDUCE_TRACE_OUT", &trace)
                    .env("TREEREDUCE_TRACE_ALIGN", "realign")
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{generator}: {}", stderr(&out));
                fs::read_to_string(&trace)
                    .unwrap()
                    .lines()
                    .filter(|l| l.starts_with("D\t"))
                    .map(|l| l.split('\t').nth(1).unwrap().to_string())
                    .collect()
            })
            .collect();
        assert!(sites[0].len() > 10, "{generator}: {:?}", sites[0]);
        assert_eq!(sites[0], sites[1], "{generator}");
    }
}
