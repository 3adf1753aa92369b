//! Runs side by side and runs killed outright: several processes share one
//! verdict store; a run killed by SIGKILL at any moment leaves an output
//! that holds a complete program and a store the next run opens.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{Sandbox, stderr, wait_exit, wait_no_processes};

/// Programs of about 40 declarations: `keepN` is what the test of input N
/// needs, the rest goes.
fn program(n: usize) -> String {
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!(
            "int filler_{i}(int a) {{ return a * {i} + {n}; }}\n"
        ));
        if i == 20 {
            text.push_str(&format!("int keep{n} = {n};\n"));
        }
    }
    text
}

/// A test of input `n`: its program keeps `keepN` and compiles, and the
/// test takes a few milliseconds of sleep, so that runs overlap.
fn check(n: usize) -> String {
    format!("sleep 0.01\ngrep -q 'keep{n} = ' \"$1\" && gcc -fsyntax-only -x c \"$1\" 2>/dev/null")
}

/// Whether the test `script` accepts `text` (run as treereduce runs it).
fn accepts(script: &Path, name: &str, text: &[u8]) -> bool {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join(name), text).unwrap();
    Command::new(script)
        .arg(dir.path().join(name))
        .current_dir(dir.path())
        .status()
        .unwrap()
        .success()
}

/// The verdict store is sound: SQLite's own integrity check passes.
fn store_is_sound(dir: &Path) {
    let file = dir.join("verdicts.sqlite3");
    if !file.exists() {
        return;
    }
    let conn = rusqlite::Connection::open(&file).unwrap();
    let ok: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ok, "ok");
}

/// Eight runs started together share one verdict store: four on one input
/// (one name, one test), two on inputs of their own (each a `crash.c` of
/// its own folder with a test of its own that rejects the others' results,
/// so a verdict read for the wrong input would give a result its test
/// rejects), and two shards of a batch over a corpus of two more. None
/// prints a warning or an error (no lock error reaches the user), each
/// ends within a bound, each result passes its own test, and the store is
/// sound after them.
#[test]
fn eight_runs_side_by_side_share_one_store() {
    let sb = Sandbox::new();
    for n in 0..4 {
        let dir = sb.path().join(format!("in{n}"));
        fs::create_dir(&dir).unwrap();
        fs::write(dir.join("crash.c"), program(n)).unwrap();
        sb.script(&format!("in{n}/check.sh"), &check(n));
    }
    // The corpus of the batch: two programs of input 3's test.
    fs::create_dir(sb.path().join("corpus")).unwrap();
    sb.file("corpus/a.c", program(3));
    sb.file(
        "corpus/b.c",
        program(3).replace("int filler_5", "int other_5"),
    );
    let store = sb.path().join("store");
    let store = store.to_str().unwrap();
    let start = Instant::now();
    let mut runs: Vec<(String, Child)> = Vec::new();
    let mut spawn = |name: String, args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let child = sb.command(&args).stderr(Stdio::piped()).spawn().unwrap();
        runs.push((name, child));
    };
    // Runs 0-3 on input 0, 4 and 5 on inputs 1 and 2.
    for (run, n) in [0, 0, 0, 0, 1, 2].into_iter().enumerate() {
        let args = format!("-q -j 2 --cache {store} -i in{n}/check.sh -o out{run}.c in{n}/crash.c");
        spawn(
            format!("run {run}"),
            args.split(' ').map(String::from).collect(),
        );
    }
    for shard in 0..2 {
        let args = format!(
            "batch -q -j 2 --cache {store} --shard {shard}/2 -i in3/check.sh -o shard{shard} corpus"
        );
        spawn(
            format!("shard {shard}"),
            args.split(' ').map(String::from).collect(),
        );
    }
    for (name, child) in runs {
        let out = wait_exit(child, Duration::from_secs(600), "a run beside seven others");
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert!(stderr(&out).is_empty(), "{name}: {}", stderr(&out));
    }
    eprintln!(
        "8 runs side by side: {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let mut results = Vec::new();
    for (run, n) in [0, 0, 0, 0, 1, 2].into_iter().enumerate() {
        results.push((n, sb.read(&format!("out{run}.c"))));
    }
    for name in ["a.c", "b.c"] {
        let found: Vec<Vec<u8>> = (0..2)
            .filter_map(|shard| {
                fs::read(sb.path().join(format!("shard{shard}/results/{name}"))).ok()
            })
            .collect();
        assert_eq!(found.len(), 1, "{name}: reduced by {} shards", found.len());
        results.push((3, found[0].clone()));
    }
    for (n, result) in results {
        let script = sb.path().join(format!("in{n}/check.sh"));
        assert!(
            accepts(&script, "crash.c", &result),
            "input {n}: its test rejects {}",
            String::from_utf8_lossy(&result)
        );
        assert!(result.len() < program(n).len() / 4);
    }
    store_is_sound(Path::new(store));
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

/// Runs killed by SIGKILL at random moments (drawn over the time a whole
/// run takes, over reductions whose verdicts are written to the store many
/// times a second and whose output is replaced as often), `TREEREDUCE_KILLS` times (12 by
/// default): after each, the output is the input or a program the test
/// accepts (never a partial one), the store passes SQLite's integrity
/// check, and no test is left running. Then a run without a kill ends
/// normally with at most one line of warning and a result its test accepts.
#[test]
fn random_sigkills_leave_a_complete_output_and_a_store_the_next_run_opens() {
    let kills: u64 = std::env::var("TREEREDUCE_KILLS")
        .ok()
        .map_or(12, |v| v.parse().unwrap());
    let sb = Sandbox::new();
    let input = program(7);
    sb.file("crash.c", &input);
    let script = sb.script("check.sh", &check(7).replace("sleep 0.01", "sleep 0.001"));
    let store = sb.path().join("store");
    let mut rng = 0x2545_f491_4f6c_dd1d_u64 ^ u64::from(std::process::id());
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let run = |extra: &[&str]| -> Command {
        let mut args = vec![
            "-q",
            "-j",
            "2",
            "--cache",
            store.to_str().unwrap(),
            "-i",
            "./check.sh",
            "-o",
            "out.c",
        ];
        args.extend_from_slice(extra);
        args.push("crash.c");
        sb.command(&args)
    };
    // A run without a kill: how long one takes on this machine now, the
    // span the kills are drawn from.
    let started = Instant::now();
    let out = run(&[]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let span = started.elapsed().as_millis() as u64 + 1;
    let mut outputs = 0;
    for kill in 0..kills {
        // Every other run starts from nothing: the early kills land in
        // the first writes of the store and of the output.
        if kill % 2 == 0 {
            let _ = fs::remove_dir_all(&store);
            let _ = fs::remove_file(sb.path().join("out.c"));
        }
        let mut child = run(&[]).stderr(Stdio::null()).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(next() % span));
        child.kill().unwrap();
        child.wait().unwrap();
        if let Ok(out) = fs::read(sb.path().join("out.c")) {
            outputs += 1;
            assert!(
                out == input.as_bytes() || accepts(&script, "crash.c", &out),
                "kill {kill}: the output is not a complete program:\n{}",
                String::from_utf8_lossy(&out)
            );
        }
        store_is_sound(&store);
        assert_eq!(wait_no_processes("sleep 0.001"), Vec::<String>::new());
    }
    eprintln!("{kills} kills over {span} ms, {outputs} outputs checked");
    let out = run(&[]).output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.lines().filter(|l| l.contains("warning")).count() <= 1,
        "{err}"
    );
    let result = sb.read("out.c");
    assert!(accepts(&script, "crash.c", &result));
    store_is_sound(&store);
    assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
}

/// A run killed inside a verdict's write to the store (its transaction
/// begun, not committed) or inside a result's write to the output (half of
/// its temporary file written, before the rename), at the 1st, 3rd, 10th
/// and 30th such write (`TREEREDUCE_TEST_KILL_AT`): the output still holds
/// the input or a program the test accepts, whole; the store passes
/// SQLite's integrity check and the next run opens it (at most one line of
/// warning) and ends with a result its test accepts.
#[test]
fn a_kill_inside_a_store_write_or_an_output_write_loses_nothing() {
    let sb = Sandbox::new();
    let input = program(3);
    sb.file("crash.c", &input);
    let script = sb.script("check.sh", &check(3).replace("sleep 0.01", "sleep 0.001"));
    let store = sb.path().join("store");
    let run = |kill_at: Option<String>| {
        let mut command = sb.command(&[
            "-q",
            "-j",
            "2",
            "--cache",
            store.to_str().unwrap(),
            "-i",
            "./check.sh",
            "-o",
            "out.c",
            "crash.c",
        ]);
        if let Some(point) = kill_at {
            command.env("TREEREDUCE_TEST_KILL_AT", point);
        }
        command.output().unwrap()
    };
    let mut killed = 0;
    for point in ["store-write", "output-write"] {
        for n in [1, 3, 10, 30] {
            let _ = fs::remove_dir_all(&store);
            let _ = fs::remove_file(sb.path().join("out.c"));
            let out = run(Some(format!("{point}:{n}")));
            use std::os::unix::process::ExitStatusExt;
            if out.status.signal() == Some(libc::SIGKILL) {
                killed += 1;
            } else {
                // A run with fewer such writes than `n` ends normally.
                assert_eq!(out.status.code(), Some(0), "{point}:{n}: {}", stderr(&out));
            }
            let kept = sb.read("out.c");
            assert!(
                kept == input.as_bytes() || accepts(&script, "crash.c", &kept),
                "{point}:{n}: the output is not a complete program:\n{}",
                String::from_utf8_lossy(&kept)
            );
            store_is_sound(&store);
            assert_eq!(wait_no_processes("sleep 0.001"), Vec::<String>::new());
            let out = run(None);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(0), "{point}:{n}: {err}");
            assert!(err.lines().count() <= 1, "{point}:{n}: {err}");
            assert!(accepts(&script, "crash.c", &sb.read("out.c")));
            assert!(sb.leftovers().is_empty(), "{:?}", sb.leftovers());
        }
    }
    assert!(killed >= 6, "only {killed} runs reached their crash point");
}
