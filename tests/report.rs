//! Bug reports: `--report md` and `--report-template FILE`, in single and
//! batch mode, with gcc as the test.

mod common;

use common::{Sandbox, stderr};

#[test]
fn the_markdown_report_sits_beside_the_result() {
    let sandbox = Sandbox::new();
    sandbox.example("c-too-many-args/check.sh");
    sandbox.example("c-too-many-args/inventory.c");
    let run = sandbox.run(&[
        "-q",
        "-j",
        "2",
        "--report",
        "md",
        "-i",
        "./check.sh",
        "-o",
        "it's out.c",
        "inventory.c",
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let result = String::from_utf8(sandbox.read("it's out.c")).unwrap();
    let md = String::from_utf8(sandbox.read("it's out.c.md")).unwrap();
    let script = String::from_utf8(sandbox.read("check.sh")).unwrap();
    assert!(md.contains(&format!("```c\n{result}```")), "{md}");
    assert!(md.contains(&script), "{md}");
    // The command as a shell takes it: quotes only where they are needed.
    assert!(
        md.contains(" -q -j 2 --report md -i ./check.sh -o 'it'\\''s out.c' inventory.c\n"),
        "{md}"
    );
    assert!(md.contains("5518 bytes (1336 tokens)"), "{md}");
}

#[test]
fn templates_are_rendered_per_input_and_checked_before_any_test() {
    let sandbox = Sandbox::new();
    sandbox.example("c-too-many-args/check.sh");
    sandbox.example("c-too-many-args/inventory.c");
    std::fs::create_dir(sandbox.path().join("crashes")).unwrap();
    std::fs::copy(
        sandbox.path().join("inventory.c"),
        sandbox.path().join("crashes/one.c"),
    )
    .unwrap();
    sandbox.file(
        "issue.txt.j2",
        "{{ name }} {{ status }} {{ start_tokens }}->{{ final_tokens }} {{ stats.tests == tests }}\n",
    );
    let run = sandbox.run(&[
        "batch",
        "-q",
        "-j",
        "2",
        "--report-template",
        "issue.txt.j2",
        "-i",
        "./check.sh",
        "-o",
        "out",
        "crashes",
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let text = String::from_utf8(sandbox.read("out/results/one.c.txt")).unwrap();
    assert_eq!(text, "one.c reduced 1336->19 True\n");

    // A template with a mistake stops the run before the first test.
    sandbox.file("bad.md", "{% for %}");
    sandbox.script("check.sh", "echo ran >> ran.log; exit 0");
    for args in [
        &[
            "--report-template",
            "bad.md",
            "-i",
            "./check.sh",
            "-o",
            "x.c",
            "inventory.c",
        ][..],
        &[
            "--report",
            "md",
            "-i",
            "./check.sh",
            "-o",
            "-",
            "inventory.c",
        ][..],
        &[
            "batch",
            "--report-template",
            "bad.md",
            "-i",
            "./check.sh",
            "-o",
            "b",
            "crashes",
        ][..],
    ] {
        let run = sandbox.run(args);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {}", stderr(&run));
        assert!(stderr(&run).contains("report"), "{}", stderr(&run));
    }
    assert!(!sandbox.path().join("ran.log").exists());
    assert!(!sandbox.path().join("x.c").exists());
}
