//! The library API (`treereduce::reduce`, `reduce_pair`, `reduce_trace`)
//! with closure oracles, one of which runs gcc, the way a program embedding
//! the reducer would use it.

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use treereduce::{
    Cancel, Error, Language, Options, PairError, PairOptions, RunOptions, ScriptOracle, TraceError,
    TraceOptions, Verdict, optional_reductions, reduce, reduce_pair, reduce_trace,
};

const PROGRAM: &str = "\
#include <stdio.h>
static int helper(int a, int b) { return a * b + 3; }
struct point { int x; int y; };
int main(void) {
    struct point p = { 1, 2 };
    int total = helper(p.x, p.y);
    printf(\"%d\\n\", total);
    return undeclared_thing + total;
}
";

fn c() -> &'static Language {
    Language::by_name("c").unwrap()
}

/// The run options of every mode, with `jobs` tests at once.
fn run(jobs: usize) -> RunOptions {
    RunOptions {
        jobs,
        ..RunOptions::default()
    }
}

/// Interesting: gcc still reports the use of the undeclared identifier.
fn gcc_reports_undeclared(dir: &std::path::Path, n: &AtomicU64, candidate: &[u8]) -> bool {
    let path = dir.join(format!("c{}.c", n.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&path, candidate).unwrap();
    let out = Command::new("gcc")
        .env("LC_ALL", "C")
        .args(["-fsyntax-only", "-w"])
        .arg(&path)
        .output()
        .expect("gcc runs");
    let _ = std::fs::remove_file(&path);
    String::from_utf8_lossy(&out.stderr).contains("'undeclared_thing' undeclared")
}

#[test]
fn reduces_with_a_compiler_in_a_closure() {
    let dir = tempfile::tempdir().unwrap();
    let n = AtomicU64::new(0);
    let oracle = |c: &[u8]| gcc_reports_undeclared(dir.path(), &n, c);
    let options = Options {
        run: run(2),
        ..Options::default()
    };
    let outcome = reduce(PROGRAM.as_bytes(), c(), &oracle, &options).unwrap();
    let calls = n.load(Ordering::Relaxed);
    let text = String::from_utf8(outcome.text.clone()).unwrap();
    assert!(oracle(text.as_bytes()), "the result is interesting: {text}");
    assert!(
        !text.contains("helper") && !text.contains("printf"),
        "{text}"
    );
    assert!(outcome.size.bytes < outcome.start.bytes / 3, "{text}");
    assert_eq!(outcome.size.bytes, text.len() as u64);
    assert_eq!(outcome.start.bytes, PROGRAM.len() as u64);
    assert!(!outcome.cancelled && !outcome.flaky);
    assert!(outcome.report.tests > 0);
    // Every oracle call is a test, the final re-check included.
    assert_eq!(outcome.report.tests, calls);
}

#[test]
fn an_uninteresting_input_is_an_error() {
    let oracle = |_: &[u8]| false;
    let err = reduce(PROGRAM.as_bytes(), c(), &oracle, &Options::default()).unwrap_err();
    assert!(
        matches!(err, Error::NotInteresting(Verdict::NotInteresting)),
        "{err}"
    );
}

#[test]
fn a_scope_keeps_everything_outside_it() {
    let start = PROGRAM.find("int main").unwrap();
    let options = Options {
        run: run(1),
        // The function definition `int main(void) { ... }`.
        scope: Some(start..PROGRAM.trim_end().len()),
        ..Options::default()
    };
    let oracle = |c: &[u8]| String::from_utf8_lossy(c).contains("undeclared_thing");
    let outcome = reduce(PROGRAM.as_bytes(), c(), &oracle, &options).unwrap();
    let text = String::from_utf8(outcome.text).unwrap();
    assert!(text.starts_with(&PROGRAM[..start]), "{text}");
    assert!(!text.contains("printf"), "{text}");

    let bad = Options {
        scope: Some(5..PROGRAM.len() + 1),
        ..Options::default()
    };
    assert!(matches!(
        reduce(PROGRAM.as_bytes(), c(), &oracle, &bad),
        Err(Error::BadScope { .. })
    ));
}

#[test]
fn reductions_are_switched_off_by_name() {
    let names: Vec<&str> = optional_reductions().map(|(name, _)| name).collect();
    assert_eq!(
        names,
        [
            "hoist",
            "replace",
            "expr-stmt",
            "rename",
            "params",
            "prototype",
            "stub-bodies",
            "inline-types",
            "inline-declarator-types",
            "inline-consts",
            "inline-vars",
            "fields",
            "variants",
            "namespaces",
            "template-params",
            "instantiate",
            "base-classes",
            "method-bodies",
            "auto",
            "unwrap-classes",
            "class-variables",
            "reachable",
            "declarations",
            "macro-bodies",
            "inline-macros",
            "conditionals",
            "retries",
            "files",
            "inline-files",
            "lines",
            "canon",
            "canon-forms",
            "tidy",
            "layout"
        ]
    );
    for name in names {
        assert!(!Options::default().without(name).unwrap().runs(name));
    }
    let err = Options::default().without("shrink").unwrap_err();
    assert!(err.to_string().contains("hoist, replace"), "{err}");

    // Without canonicalization, the names stay as they were.
    let input = b"int long_name_one = 1; int long_name_two = 2;\n";
    let oracle = |c: &[u8]| c.windows(1).any(|w| w == b"2");
    let plain = Options {
        run: run(1),
        ..Options::default()
    }
    .without("canon")
    .unwrap();
    let text = reduce(input, c(), &oracle, &plain).unwrap().text;
    assert_eq!(
        String::from_utf8(text).unwrap().trim(),
        "int long_name_two = 2;"
    );
    let canon = Options {
        run: run(1),
        ..Options::default()
    };
    let text = reduce(input, c(), &oracle, &canon).unwrap().text;
    assert_eq!(String::from_utf8(text).unwrap().trim(), "int a = 2;");
}

/// A stop returns the best so far: not merely a program that passes (the
/// input passes too), but the newest one the test accepted. In order at
/// -j 1 each accepted candidate is the best at once; the stop comes from
/// inside a test that rejects its candidate, after three candidates were
/// accepted, so the newest of those is the best and nothing is pending.
#[test]
fn a_cancelled_run_returns_the_best_so_far() {
    let cancel = Arc::new(Cancel::new().unwrap());
    let calls = AtomicU64::new(0);
    let accepted: std::sync::Mutex<Vec<Vec<u8>>> = Default::default();
    let stop = cancel.clone();
    // Cancels from inside the oracle, as another thread would.
    let oracle = |c: &[u8]| {
        calls.fetch_add(1, Ordering::SeqCst);
        let holds = String::from_utf8_lossy(c).contains("undeclared_thing");
        let mut accepted = accepted.lock().unwrap();
        if holds {
            accepted.push(c.to_vec());
        } else if accepted.len() >= 4 {
            // The input and three candidates.
            stop.cancel();
        }
        holds
    };
    let options = Options {
        run: RunOptions {
            jobs: 1,
            in_order: true,
            width: 1,
            ..RunOptions::default()
        },
        cancel: Some(cancel),
        ..Options::default()
    };
    let outcome = reduce(PROGRAM.as_bytes(), c(), &oracle, &options).unwrap();
    assert!(outcome.cancelled && outcome.report.interrupted);
    let accepted = accepted.into_inner().unwrap();
    assert!(accepted.len() >= 4, "{} accepted", accepted.len());
    let newest = accepted.last().unwrap();
    assert!(newest.len() < PROGRAM.len());
    assert_eq!(
        String::from_utf8_lossy(&outcome.text),
        String::from_utf8_lossy(newest),
        "not the newest accepted program"
    );
    assert!(calls.load(Ordering::SeqCst) < 40);
}

/// A script oracle of `body` (a shell script) in `dir`, its private
/// directories and time limit taken from `run`.
fn script_oracle(dir: &std::path::Path, name: &str, body: &str, run: &RunOptions) -> ScriptOracle {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join(name);
    std::fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let cancel = Arc::new(Cancel::new().unwrap());
    ScriptOracle::new(&script, "p.c".as_ref(), run, cancel).unwrap()
}

/// A script oracle takes its private directories and its time limit from
/// the run's options, and every mode sets the limit from the check of its
/// input as the command line does: 10 times its time, at least 1 s,
/// instead of the check's 300 s (a check on a loaded machine may take more
/// than a tenth of a second: any limit from 1 s up to a minute is one the
/// check set).
#[test]
fn a_script_oracle_follows_the_runs_options() {
    let dir = tempfile::tempdir().unwrap();
    let calibrated = |o: &ScriptOracle| {
        let limit = o.timeout().as_secs_f64();
        assert!((1.0..60.0).contains(&limit), "{limit} s");
    };
    let options = Options {
        run: run(2),
        ..Options::default()
    };
    let check = "grep -q undeclared_thing \"$1\"";
    let oracle = script_oracle(dir.path(), "check.sh", check, &options.run);
    assert_eq!(oracle.timeout(), std::time::Duration::from_secs(300));
    let outcome = reduce(PROGRAM.as_bytes(), c(), &oracle, &options).unwrap();
    assert!(String::from_utf8_lossy(&outcome.text).contains("undeclared_thing"));
    calibrated(&oracle);

    // Pair mode: both tests, after both inputs are checked.
    let pair = PairOptions {
        run: run(2),
        ..PairOptions::default()
    };
    let seed = script_oracle(dir.path(), "seed.sh", "grep -q keep \"$1\"", &pair.run);
    let variant = script_oracle(
        dir.path(),
        "variant.sh",
        "grep -q 'keep.*0' \"$1\"",
        &pair.run,
    );
    let (s, v) = (b"int keep = 1;\nint x;\n", b"int keep = 0;\nint x;\n");
    reduce_pair(s, v, c(), &seed, &variant, &pair).unwrap();
    calibrated(&seed);
    // Both follow the slower check.
    assert_eq!(seed.timeout(), variant.timeout());

    // Trace mode: once the generated program is checked.
    let generator = "import random\nfor i in range(random.randint(1, 3)):\n    print('v = 1')\nprint('boom = 1')\n";
    std::fs::write(dir.path().join("gen.py"), generator).unwrap();
    let trace = TraceOptions {
        run: run(2),
        finish: false,
        dir: Some(dir.path().to_path_buf()),
        ..TraceOptions::default()
    };
    let oracle = script_oracle(dir.path(), "boom.sh", "grep -q boom \"$1\"", &trace.run);
    let command: Vec<std::ffi::OsString> = vec!["python3".into(), "gen.py".into()];
    reduce_trace(&command, &oracle, &trace).unwrap();
    calibrated(&oracle);
}

/// `reduce_pair`: the seed keeps ψ_s, the variant ψ_v, and what the two
/// share and the bug does not need goes from both.
#[test]
fn reduces_a_pair_with_two_closures() {
    let seed = b"int keep(int a) { return a + 1; }\nint noise(void) { return 3; }\nint more(int b) { return b * 2; }\n";
    let variant = b"int keep(int a) { return a / 0; }\nint noise(void) { return 3; }\nint more(int b) { return b * 2; }\n";
    let has_keep = |c: &[u8]| String::from_utf8_lossy(c).contains("keep(");
    let divides = |c: &[u8]| {
        let c = String::from_utf8_lossy(c);
        c.contains("keep(") && c.contains("/ 0")
    };
    let options = PairOptions {
        run: run(2),
        ..PairOptions::default()
    };
    let outcome = reduce_pair(seed, variant, c(), &has_keep, &divides, &options).unwrap();
    let (s, v) = (
        String::from_utf8(outcome.seed.clone()).unwrap(),
        String::from_utf8(outcome.variant.clone()).unwrap(),
    );
    assert!(has_keep(s.as_bytes()) && divides(v.as_bytes()), "{s}\n{v}");
    assert!(!s.contains("noise") && !v.contains("noise"), "{s}\n{v}");
    assert!(!outcome.cancelled);
    let last = outcome.steps.last().unwrap();
    assert_eq!(last.seed.bytes, s.len() as u64);
    assert_eq!(last.variant.bytes, v.len() as u64);

    // An input without its property is an error, before anything runs.
    let never = |_: &[u8]| false;
    match reduce_pair(seed, variant, c(), &has_keep, &never, &options) {
        Err(PairError::NotInteresting { which, verdict }) => {
            assert_eq!((which, verdict), ("variant", Verdict::NotInteresting))
        }
        other => panic!("{other:?}"),
    }
}

/// `reduce_trace`: a Python generator's run is recorded and reduced, then
/// its program is finished as Python; the result is interesting and the
/// outcome's token counts are those of the programs.
#[test]
fn reduces_a_generators_run() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("gen.py"),
        "import random\n\
         random.seed(7)\n\
         for i in range(random.randint(8, 12)):\n\
         \x20   print(f'v{i} = {random.randint(0, 9)}')\n\
         print('boom = 1')\n",
    )
    .unwrap();
    let interesting = |c: &[u8]| String::from_utf8_lossy(c).contains("boom = 1");
    let python = Language::by_name("python").unwrap();
    let options = TraceOptions {
        run: run(2),
        language: Some(python),
        dir: Some(dir.path().to_path_buf()),
        ..TraceOptions::default()
    };
    let command: Vec<std::ffi::OsString> = vec!["python3".into(), "gen.py".into()];
    let outcome = reduce_trace(&command, &interesting, &options).unwrap();
    let text = String::from_utf8(outcome.text.to_vec()).unwrap();
    assert!(interesting(text.as_bytes()), "{text}");
    assert!(!text.contains("v1 ="), "{text}");
    assert!(outcome.stopped.is_none() && !outcome.cancelled);
    assert!(outcome.trace_tokens < outcome.generated_tokens);
    assert_eq!(outcome.finished_tokens, Some(outcome.tokens()));
    assert!(outcome.tokens() <= outcome.trace_tokens);

    // A program the oracle rejects is an error, with the program.
    let never = |_: &[u8]| false;
    match reduce_trace(&command, &never, &options) {
        Err(TraceError::NotInteresting { program }) => {
            assert!(String::from_utf8_lossy(&program).contains("boom = 1"))
        }
        other => panic!("{other:?}"),
    }
}

/// Without the `cli` feature the library builds, and its documented
/// examples (`reduce`, `reduce_pair`) reduce programs (in a target folder
/// of their own: the features differ).
#[test]
fn the_library_builds_and_reduces_without_the_command_line() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO"))
        .args([
            "test",
            "--offline",
            "--no-default-features",
            "--doc",
            "--manifest-path",
        ])
        .arg(root.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", root.join("target").join("no-cli"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for example in ["api::reduce ", "api::reduce_pair "] {
        assert!(
            stdout
                .lines()
                .any(|l| l.contains(example) && l.ends_with("ok")),
            "{example}: {stdout}"
        );
    }
}
