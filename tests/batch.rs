//! `treereduce batch` and `treereduce dedup` on small corpora, with gcc as
//! the test: results, resume, faulty inputs, shards, the launcher, the
//! deadline.

mod common;

use std::fs;
use std::path::Path;
use std::time::Duration;

use common::{Sandbox, stderr, wait_exit};

/// A corpus: `n` copies of the too-many-arguments example (renamed so that
/// the texts differ), plus the faulty inputs if `faulty`.
fn corpus(sandbox: &Sandbox, n: usize, faulty: bool) {
    sandbox.example("c-too-many-args/check.sh");
    let text = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/c-too-many-args/inventory.c"),
    )
    .unwrap();
    fs::create_dir(sandbox.path().join("crashes")).unwrap();
    for i in 0..n {
        sandbox.file(
            &format!("crashes/crash{i}.c"),
            text.replace("inventory", &format!("inv{i}")),
        );
    }
    if faulty {
        sandbox.file("crashes/empty.c", "");
        sandbox.file("crashes/latin1.c", b"int x; /* caf\xe9 */\n");
        sandbox.file("crashes/boring.c", "int main(void) { return 0; }\n");
        std::os::unix::fs::symlink("/nonexistent/file.c", sandbox.path().join("crashes/gone.c"))
            .unwrap();
    }
}

fn json(sandbox: &Sandbox, name: &str) -> serde_json::Value {
    serde_json::from_slice(&sandbox.read(name)).unwrap()
}

fn status_of(summary: &serde_json::Value, name: &str) -> String {
    summary["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no row for {name}"))["status"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_corpus_is_reduced_reported_grouped_and_resumed() {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 3, true);
    let run = sandbox.run(&[
        "batch",
        "-j",
        "2",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "crashes",
    ]);
    let err = stderr(&run);
    // Some inputs failed: exit code 8, each named with its reason.
    assert_eq!(run.status.code(), Some(8), "{err}");
    for (name, status) in [
        ("empty.c", "empty"),
        ("latin1.c", "not_utf8"),
        ("boring.c", "not_interesting"),
        ("gone.c", "unreadable"),
        ("crash0.c", "reduced"),
        ("crash1.c", "reduced"),
        ("crash2.c", "reduced"),
    ] {
        let summary = json(&sandbox, "out/summary.json");
        assert_eq!(status_of(&summary, name), status, "{name}: {err}");
        if status != "reduced" {
            assert!(err.contains(&format!("  {name}: ")), "{name}: {err}");
        }
    }
    // Each result is what single mode gives (at any -j), and the test
    // accepts it.
    let single = sandbox.run(&[
        "-q",
        "-j",
        "2",
        "-i",
        "./check.sh",
        "-o",
        "single.c",
        "crashes/crash1.c",
    ]);
    assert_eq!(single.status.code(), Some(0), "{}", stderr(&single));
    assert_eq!(
        sandbox.read("out/results/crash1.c"),
        sandbox.read("single.c")
    );
    let check = sandbox.path().join("check.sh");
    for i in 0..3 {
        let result = sandbox.read(&format!("out/results/crash{i}.c"));
        assert!(sandbox.accepts(&check, &format!("crash{i}.c"), &result));
        let record = json(&sandbox, &format!("out/results/crash{i}.c.json"));
        assert!(record["tests"].as_u64().unwrap() > 10);
        assert_eq!(record["stats"]["final_size"]["bytes"], result.len());
    }
    // The three are one bug: one group.
    let groups = json(&sandbox, "out/groups.json");
    assert_eq!(groups["groups"].as_array().unwrap().len(), 1, "{groups}");
    assert_eq!(groups["groups"][0]["inputs"].as_array().unwrap().len(), 3);
    let md = String::from_utf8(sandbox.read("out/summary.md")).unwrap();
    assert!(md.contains("| crash0.c | reduced | 1336 | "), "{md}");
    assert!(md.contains("| empty.c | empty"), "{md}");

    // The inputs are untouched.
    assert!(sandbox.read("crashes/empty.c").is_empty());

    // A second run keeps the reduced inputs, re-runs the failed ones.
    let again = sandbox.run(&[
        "batch",
        "-j",
        "2",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "crashes",
    ]);
    assert_eq!(again.status.code(), Some(8), "{}", stderr(&again));
    let summary = json(&sandbox, "out/summary.json");
    assert_eq!(summary["resumed"], 3, "{summary}");
    assert!(stderr(&again).contains("3 already reduced"));

    // A changed input is reduced again; so is everything after --force.
    let text = fs::read_to_string(sandbox.path().join("crashes/crash2.c")).unwrap();
    sandbox.file("crashes/crash2.c", format!("{text}\nint extra;\n"));
    let again = sandbox.run(&[
        "batch",
        "-j",
        "2",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "crashes",
    ]);
    assert_eq!(again.status.code(), Some(8));
    let summary = json(&sandbox, "out/summary.json");
    assert_eq!(summary["resumed"], 2, "{summary}");
    let forced = sandbox.run(&[
        "batch",
        "-q",
        "-j",
        "2",
        "--force",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "crashes",
    ]);
    assert_eq!(forced.status.code(), Some(8));
    assert_eq!(json(&sandbox, "out/summary.json")["resumed"], 0);
    assert!(sandbox.leftovers().is_empty(), "{:?}", sandbox.leftovers());
}

/// `--in-order` reaches each input's reduction: it commits in the order
/// of one worker (no rounds), and gives what single mode's `--in-order`
/// gives.
#[test]
fn in_order_reaches_every_input() {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 2, false);
    let batch = |order: &[&str], out: &str| {
        let mut args = vec!["batch", "-q", "--no-cache", "-j", "2", "-i", "./check.sh"];
        args.extend_from_slice(order);
        args.extend(["-o", out, "crashes"]);
        let run = sandbox.run(&args);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    };
    batch(&["--in-order"], "ordered");
    batch(&[], "rounds");
    let rounds = |out: &str, i: usize| {
        let record = json(&sandbox, &format!("{out}/results/crash{i}.c.json"));
        record["stats"]["rounds"].as_u64().unwrap()
    };
    for i in 0..2 {
        assert_eq!(rounds("ordered", i), 0);
        assert!(rounds("rounds", i) > 0);
    }
    let single = sandbox.run(&[
        "-q",
        "--no-cache",
        "--in-order",
        "-j",
        "1",
        "-i",
        "./check.sh",
        "-o",
        "single.c",
        "crashes/crash1.c",
    ]);
    assert_eq!(single.status.code(), Some(0), "{}", stderr(&single));
    assert_eq!(
        sandbox.read("ordered/results/crash1.c"),
        sandbox.read("single.c")
    );
}

#[test]
fn shards_split_the_corpus_and_dedup_merges_them() {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 4, false);
    let mut names = Vec::new();
    for i in 0..2 {
        let out = format!("shard{i}");
        let run = sandbox.run(&[
            "batch",
            "-q",
            "-j",
            "2",
            "--shard",
            &format!("{i}/2"),
            "-i",
            "./check.sh",
            "-o",
            &out,
            "crashes",
        ]);
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
        let summary = json(&sandbox, &format!("{out}/summary.json"));
        assert_eq!(summary["inputs_before_shard"], 4);
        for row in summary["rows"].as_array().unwrap() {
            names.push(row["name"].as_str().unwrap().to_string());
        }
    }
    names.sort();
    assert_eq!(names, ["crash0.c", "crash1.c", "crash2.c", "crash3.c"]);
    let dedup = sandbox.run(&["dedup", "shard0", "shard1"]);
    assert_eq!(dedup.status.code(), Some(0), "{}", stderr(&dedup));
    let groups: serde_json::Value = serde_json::from_slice(&dedup.stdout).unwrap();
    assert_eq!(groups["inputs"], 4);
    assert_eq!(groups["groups"].as_array().unwrap().len(), 1, "{groups}");

    // The index from a Slurm array task; one out of range is refused.
    let run = sandbox
        .command(&[
            "batch",
            "-q",
            "--shard",
            "auto",
            "-i",
            "./check.sh",
            "-o",
            "s",
            "crashes",
        ])
        .env("SLURM_ARRAY_TASK_ID", "1")
        .env("SLURM_ARRAY_TASK_COUNT", "2")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert_eq!(json(&sandbox, "s/summary.json")["shard"], "1/2");
    for (shard, env) in [("2/2", None), ("auto", Some(("CI_NODE_INDEX", "0")))] {
        let mut cmd = sandbox.command(&[
            "batch",
            "--shard",
            shard,
            "-i",
            "./check.sh",
            "-o",
            "bad",
            "crashes",
        ]);
        if let Some((k, v)) = env {
            cmd.env(k, v).env("CI_NODE_TOTAL", "2");
        }
        let run = cmd.output().unwrap();
        assert_eq!(run.status.code(), Some(2), "{shard}: {}", stderr(&run));
        assert!(stderr(&run).contains("--shard"), "{}", stderr(&run));
        assert!(!sandbox.path().join("bad").exists());
    }
}

#[test]
fn the_launcher_runs_every_test_and_a_broken_one_is_reported() {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 1, false);
    // A launcher that logs each test, then runs it.
    sandbox.script("launch.sh", "echo run >> \"$LOG\"\nexec \"$@\"");
    let log = sandbox.path().join("tests.log");
    let launcher = format!("{} --", sandbox.path().join("launch.sh").display());
    let launch = |launcher: &str, out: &str| {
        sandbox
            .command(&[
                "batch",
                "-q",
                "-j",
                "2",
                "--no-cache",
                "--launcher",
                launcher,
                "-i",
                "./check.sh",
                "-o",
                out,
                "crashes",
            ])
            .env("LOG", &log)
            .output()
            .unwrap()
    };
    // `--` reaches the script as its first argument through `exec "$@"`;
    // so strip it the way srun does.
    sandbox.script(
        "launch.sh",
        "echo run >> \"$LOG\"\n[ \"$1\" = -- ] && shift\nexec \"$@\"",
    );
    let run = launch(&launcher, "out");
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let record = json(&sandbox, "out/results/crash0.c.json");
    let runs = fs::read_to_string(&log).unwrap().lines().count() as u64;
    // Every test went through it (the input check too, and tests run
    // ahead and stopped early, which are not counted as tests).
    let tests = record["tests"].as_u64().unwrap() + 1;
    let abandoned = record["stats"]["abandoned"].as_u64().unwrap();
    assert!(
        (tests..=tests + abandoned).contains(&runs),
        "{runs} runs, {tests} tests, {abandoned} abandoned"
    );
    let plain = sandbox.run(&[
        "batch",
        "-q",
        "-j",
        "2",
        "-i",
        "./check.sh",
        "-o",
        "plain",
        "crashes",
    ]);
    assert_eq!(plain.status.code(), Some(0));
    assert_eq!(
        sandbox.read("out/results/crash0.c"),
        sandbox.read("plain/results/crash0.c")
    );

    let run = launch("no-such-launcher --", "broken");
    assert_eq!(run.status.code(), Some(8), "{}", stderr(&run));
    let summary = json(&sandbox, "broken/summary.json");
    assert_eq!(status_of(&summary, "crash0.c"), "test_errors");
    let err = stderr(&run);
    assert!(err.contains("launcher no-such-launcher"), "{err}");
    // Single mode says the same, as a usage error.
    let run = sandbox.run(&[
        "--launcher",
        "no-such-launcher",
        "-i",
        "./check.sh",
        "-o",
        "x.c",
        "crashes/crash0.c",
    ]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("launcher no-such-launcher"),
        "{}",
        stderr(&run)
    );
    assert!(sandbox.leftovers().is_empty(), "{:?}", sandbox.leftovers());
}

/// `--deadline` for the whole batch: exit 7, the input being reduced
/// `deadline` with its best result written, the others `not_started`; a
/// re-run with the verdict cache finishes. The deadline is doubled (from
/// 5 s) until the test accepted a smaller candidate before it: on a loaded
/// machine the first runs may not get there, and the promise is only seen
/// on a run that did.
#[test]
fn the_deadline_stops_the_batch_and_a_rerun_finishes_it() {
    for deadline in [5, 10, 20, 40, 80] {
        if batch_deadline_run(deadline) {
            return;
        }
    }
    panic!("no candidate smaller than an input was accepted within a deadline of 80 s");
}

/// One run of [`the_deadline_stops_the_batch_and_a_rerun_finishes_it`]
/// with a deadline of `secs`; whether the test accepted a smaller
/// candidate in time (and so the promise was checked).
fn batch_deadline_run(secs: u64) -> bool {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 3, false);
    let size = fs::metadata(sandbox.path().join("crashes/crash0.c"))
        .unwrap()
        .len();
    // The real gcc check, until it has accepted a candidate smaller than an
    // input (it then writes `progress`): from then on, while `hold` exists,
    // every text it has not accepted before hangs, so the batch cannot end
    // before the deadline whatever the machine's speed, and the texts it
    // accepted (re-checks of the best) pass at once.
    let (accepted, progress, hold) = (
        sandbox.path().join("accepted"),
        sandbox.path().join("progress"),
        sandbox.path().join("hold"),
    );
    sandbox.file("hold", "");
    sandbox.script(
        "slow.sh",
        &format!(
            "h=$(cksum < \"$1\" | cut -d' ' -f1)\n\
             grep -qx \"$h\" {accepted} 2>/dev/null && exit 0\n\
             [ -f {progress} ] && [ -f {hold} ] && sleep 1000.3026\n\
             LC_ALL=C gcc -fsyntax-only \"$1\" 2>&1 | grep -q 'error: too many arguments' || exit 1\n\
             echo \"$h\" >> {accepted}\n\
             [ $(wc -c < \"$1\") -lt {size} ] && touch {progress}\n\
             exit 0",
            accepted = accepted.display(),
            progress = progress.display(),
            hold = hold.display(),
        ),
    );
    let child = sandbox
        .command(&[
            "batch",
            "-q",
            "-j",
            "2",
            "--deadline",
            &format!("{secs}s"),
            "--cache",
            "vc",
            "-i",
            "./slow.sh",
            "-o",
            "out",
            "crashes",
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let run = wait_exit(
        child,
        Duration::from_secs(120 + secs),
        "the deadline stopping the batch",
    );
    assert_eq!(run.status.code(), Some(7), "{}", stderr(&run));
    let summary = json(&sandbox, "out/summary.json");
    let statuses: Vec<String> = (0..3)
        .map(|i| status_of(&summary, &format!("crash{i}.c")))
        .collect();
    // A reduction was cut off, its best result kept (once the test had
    // accepted a smaller candidate in time).
    let progressed = progress.exists();
    if progressed {
        assert!(statuses.iter().any(|s| s == "deadline"), "{statuses:?}");
        let smaller = (0..3).any(|i| {
            fs::read(sandbox.path().join(format!("out/results/crash{i}.c")))
                .is_ok_and(|r| (r.len() as u64) < size)
        });
        assert!(smaller, "no improvement was kept: {statuses:?}");
    }
    assert!(
        statuses
            .iter()
            .all(|s| s == "deadline" || s == "not_started"),
        "{statuses:?}"
    );
    // What was written is accepted by the test.
    for i in 0..3 {
        if let Ok(result) = fs::read(sandbox.path().join(format!("out/results/crash{i}.c"))) {
            assert!(sandbox.accepts(&sandbox.path().join("slow.sh"), "x.c", &result));
        }
    }
    assert!(common::wait_no_processes("sleep 1000.3026").is_empty());
    fs::remove_file(&hold).unwrap();
    let run = sandbox.run(&[
        "batch",
        "-q",
        "-j",
        "2",
        "--cache",
        "vc",
        "-i",
        "./slow.sh",
        "-o",
        "out",
        "crashes",
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert_eq!(json(&sandbox, "out/summary.json")["reduced"], 3);
    assert!(sandbox.leftovers().is_empty(), "{:?}", sandbox.leftovers());
    progressed
}

#[test]
fn inputs_come_from_a_list_and_names_must_differ() {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 3, false);
    sandbox.file(
        "list.txt",
        "# the first and the third\ncrashes/crash0.c\n\ncrashes/crash2.c\n",
    );
    let run = sandbox.run(&[
        "batch",
        "-q",
        "-j",
        "2",
        "--from-file",
        "list.txt",
        "-i",
        "./check.sh",
        "-o",
        "out",
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let summary = json(&sandbox, "out/summary.json");
    let names: Vec<&str> = summary["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["crash0.c", "crash2.c"]);

    // Two inputs with one name would share a result: refused before any test.
    fs::create_dir(sandbox.path().join("more")).unwrap();
    fs::copy(
        sandbox.path().join("crashes/crash1.c"),
        sandbox.path().join("more/crash1.c"),
    )
    .unwrap();
    let run = sandbox.run(&["batch", "-i", "./check.sh", "-o", "dup", "crashes", "more"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("two inputs are named crash1.c"),
        "{}",
        stderr(&run)
    );
    assert!(!sandbox.path().join("dup").exists());
}

/// An input's result that cannot be written where it belongs (here its
/// path becomes a folder during the run) is not lost: it ends through the
/// step every mode ends with, so it is saved in the temporary folder, its
/// record says `output_failed` with a reason that names the saved file,
/// the other inputs are reduced, and the exit code is 8. Before, the
/// reduced program was dropped and the reason named no file.
#[test]
fn a_result_that_cannot_be_written_is_saved_and_named() {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 2, false);
    let root = sandbox.path().display().to_string();
    // From the third test of crash0.c on (the first checks the input,
    // before its result exists), its result's path is a folder.
    sandbox.script(
        "wrap.sh",
        &format!(
            "case \"$1\" in */crash0.c)\n\
             n=$(cat '{root}/count' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '{root}/count'\n\
             r='{root}/out/results/crash0.c'\n\
             if [ $n -ge 3 ] && mkdir '{root}/blocked' 2>/dev/null; then\n\
               until [ -d \"$r\" ]; do rm -f \"$r\"; mkdir \"$r\" 2>/dev/null; done\n\
               touch \"$r/occupied\"\n\
             fi;;\n\
             esac\n\
             exec '{root}/check.sh' \"$1\""
        ),
    );
    let run = sandbox.run(&[
        "batch",
        "-j",
        "2",
        "--no-cache",
        "-i",
        "./wrap.sh",
        "-o",
        "out",
        "crashes",
    ]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(8), "{err}");
    assert!(sandbox.path().join("blocked").is_dir(), "{err}");
    let summary = json(&sandbox, "out/summary.json");
    assert_eq!(status_of(&summary, "crash1.c"), "reduced", "{summary}");
    assert_eq!(status_of(&summary, "crash0.c"), "output_failed", "{err}");
    let record = json(&sandbox, "out/results/crash0.c.json");
    let reason = record["reason"].as_str().unwrap();
    let saved = reason
        .split("it is saved in ")
        .nth(1)
        .unwrap_or_else(|| panic!("the reason names no saved file: {reason}"));
    assert!(
        saved.starts_with(&sandbox.tmp().display().to_string()),
        "{reason}"
    );
    assert!(saved.ends_with(".c"), "{reason}");
    let result = fs::read(saved).unwrap();
    assert_eq!(record["final_bytes"], result.len(), "{record}");
    assert!(result.len() < 1336 / 2, "{record}");
    let check = sandbox.path().join("check.sh");
    assert!(sandbox.accepts(&check, "crash0.c", &result));
    // The closing list names it too.
    assert!(err.contains("  crash0.c: output failed: "), "{err}");
    assert!(err.contains(saved), "{err}");
}

/// A panicking input in batch: one input's reduction panics (a bug, made
/// here by the fault-injection hook that exists for tests only); its record
/// says internal_error with the panic's message, the other inputs are
/// reduced, and summary.json, summary.md and groups.json are written.
/// Before, the panic ended the whole batch with none of them.
#[test]
fn a_panicking_input_in_batch_becomes_its_record() {
    let sandbox = Sandbox::new();
    corpus(&sandbox, 3, false);
    let run = sandbox
        .command(&[
            "batch",
            "-j",
            "2",
            "--no-cache",
            "-i",
            "./check.sh",
            "-o",
            "out",
            "crashes",
        ])
        .env("TREEREDUCE_TEST_PANIC_ON", "crash1.c")
        .output()
        .unwrap();
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(8), "{err}");
    let summary = json(&sandbox, "out/summary.json");
    assert_eq!(status_of(&summary, "crash0.c"), "reduced", "{summary}");
    assert_eq!(status_of(&summary, "crash2.c"), "reduced", "{summary}");
    assert_eq!(
        status_of(&summary, "crash1.c"),
        "internal_error",
        "{summary}"
    );
    let record = json(&sandbox, "out/results/crash1.c.json");
    let reason = record["reason"].as_str().unwrap();
    assert!(
        reason.contains("a panic injected into the reduction of crash1.c"),
        "{reason}"
    );
    assert!(record["input_hash"].is_string(), "{record}");
    let markdown = String::from_utf8(sandbox.read("out/summary.md")).unwrap();
    assert!(markdown.contains("internal error"), "{markdown}");
    let groups = json(&sandbox, "out/groups.json");
    assert_eq!(groups["inputs"], 2, "{groups}");
    assert!(err.contains("crash1.c: internal error"), "{err}");
    // The panicking reduction's private directories are gone too.
    let ours: Vec<String> = sandbox
        .leftovers()
        .into_iter()
        .filter(|n| n.starts_with("treereduce-"))
        .collect();
    assert!(ours.is_empty(), "{ours:?}");
}

#[test]
fn no_more_than_32_inputs_are_reduced_at_once() {
    // 34 inputs at -j 40: each input's first test registers its name and
    // waits until 32 have registered, then 2 s more; if more than 32 have
    // registered by then, more than 32 inputs were being reduced at once
    // (the inputs beyond the cap start only when one has finished, after
    // the first waiter opened the gate).
    let sandbox = Sandbox::new();
    fs::create_dir(sandbox.path().join("crashes")).unwrap();
    for i in 0..34 {
        sandbox.file(
            &format!("crashes/in{i}.c"),
            format!("int keep{i};\nint drop{i};\n"),
        );
    }
    let (registered, open, over) = (
        sandbox.path().join("registered"),
        sandbox.path().join("open"),
        sandbox.path().join("over"),
    );
    fs::create_dir(&registered).unwrap();
    sandbox.script(
        "gate.sh",
        &format!(
            "name=$(basename \"$1\")\n\
             grep -q keep \"$1\" || exit 1\n\
             mkdir {registered}/$name 2>/dev/null || exit 0\n\
             [ -e {open} ] && exit 0\n\
             count() {{ ls {registered} | wc -l; }}\n\
             i=0\n\
             while [ $(count) -lt 32 ] && [ ! -e {open} ] && [ $i -lt 1200 ]; do sleep 0.1; i=$((i+1)); done\n\
             [ -e {open} ] && exit 0\n\
             sleep 2\n\
             n=$(count)\n\
             [ $n -gt 32 ] && echo $n >> {over}\n\
             [ -e {open} ] || echo $n > {open}\n\
             exit 0",
            registered = registered.display(),
            open = open.display(),
            over = over.display(),
        ),
    );
    let run = sandbox.run(&[
        "batch",
        "-q",
        "-j",
        "40",
        "--no-cache",
        "-i",
        "./gate.sh",
        "-o",
        "out",
        "crashes",
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(
        !over.exists(),
        "{} inputs were reduced at once",
        fs::read_to_string(&over).unwrap()
    );
    assert_eq!(fs::read_to_string(&open).unwrap().trim(), "32");
    assert_eq!(fs::read_dir(&registered).unwrap().count(), 34);
    assert_eq!(json(&sandbox, "out/summary.json")["reduced"], 34);
}
