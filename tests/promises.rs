//! Promises of README.md and doc/ that no other file tested: each test runs
//! the real binary and fails when its sentence stops being true.

mod common;

use std::process::Stdio;
use std::time::Duration;

use common::{Sandbox, stderr, wait_exit, wait_no_processes};

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
