//! Promises of README.md and doc/ that no other file tested: each test runs
//! the real binary and fails when its sentence stops being true.

mod common;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Sandbox, stderr, wait_exit, wait_no_processes};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn json(sandbox: &Sandbox, name: &str) -> serde_json::Value {
    serde_json::from_slice(&sandbox.read(name)).unwrap()
}

const SMALL: &str = "int keep;\nint drop1;\nint drop2(void) { return 3; }\n";

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
