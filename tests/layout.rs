//! The layout pass on the bundled examples, with their real compilers as
//! the test: the results come out one statement per line, indented by
//! their blocks, with no line left over from a deleted node, and the pass
//! costs one test (above `-j 1` the re-check's first run comes beside it).

mod common;

use common::{Sandbox, reduce_example, stderr};

/// Reduces `examples/<example>/<input>` at -j 2 with `flags`; returns the
/// result and the statistics.
fn reduce(example: &str, input: &str, flags: &[&str]) -> (String, serde_json::Value) {
    let (text, stats) = reduce_example(example, input, flags);
    (String::from_utf8(text).unwrap(), stats)
}

/// The passes of a run by kind: (kind, tests).
fn passes(stats: &serde_json::Value) -> Vec<(String, u64)> {
    stats["passes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["kind"].as_str().unwrap().to_string(),
                p["tests"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Checks that `text` is laid out: no blank or whitespace-ended line, no
/// line that starts with a token that belongs to the line above (`(`, `)`,
/// `;`, `,`, `{`, a binary operator), every `{` that opens a non-empty
/// block ends its line, indentation in steps of `unit` that grow by at most
/// one step per line, and single spaces between tokens.
fn assert_laid_out(text: &str, unit: usize) {
    assert!(text.ends_with('\n') && !text.starts_with('\n'), "{text}");
    let mut previous = 0;
    for line in text.lines() {
        let code = line.trim_start();
        let indent = line.len() - code.len();
        assert!(!code.is_empty(), "blank line in:\n{text}");
        assert_eq!(line.trim_end(), line, "trailing space in:\n{text}");
        assert!(
            indent % unit == 0 && indent <= previous + unit,
            "indentation of {line:?} in:\n{text}"
        );
        previous = indent;
        for start in ["(", ")", ";", ",", "{", "=", "%", "&&", "||"] {
            assert!(!code.starts_with(start), "{line:?} in:\n{text}");
        }
        if code.starts_with("//") || code.starts_with('#') {
            continue;
        }
        assert!(!code.contains("  "), "double space in {line:?} in:\n{text}");
        if let Some(at) = code.find('{') {
            let rest = &code[at + 1..];
            assert!(
                rest.is_empty() || rest.starts_with('}') || !rest.contains(';'),
                "a block's statements on its opening line: {line:?} in:\n{text}"
            );
        }
    }
}

#[test]
fn c_example_comes_out_laid_out() {
    let (text, stats) = reduce("c-too-many-args", "inventory.c", &[]);
    assert_laid_out(&text, 4);
    assert!(text.contains("item_price("), "{text}");
    let run = passes(&stats);
    // One test of the layout, and at -j 2 the re-check's first run of the
    // laid-out result beside it (the re-check then runs no test of its own).
    assert!(run.contains(&("layout".to_string(), 2)), "{run:?}");
    let in_passes: u64 = run.iter().map(|(_, tests)| tests).sum();
    assert_eq!(stats["tests"].as_u64(), Some(in_passes), "{stats}");
    assert_eq!(stats["recheck"], "passed");
    // The layout was kept: no whitespace rules ran after it.
    assert!(!run.iter().any(|(k, _)| k == "tidy"), "{run:?}");
    let kinds = stats["kinds"].as_array().unwrap();
    let layout = kinds.iter().find(|k| k["kind"] == "layout").unwrap();
    assert_eq!(
        (&layout["candidates"], &layout["accepted"]),
        (&1.into(), &1.into())
    );
    // Without it, the whitespace pass runs instead.
    let (_, stats) = reduce("c-too-many-args", "inventory.c", &["--no-layout"]);
    let run = passes(&stats);
    assert!(run.iter().any(|(k, _)| k == "tidy"), "{run:?}");
    assert!(!run.iter().any(|(k, _)| k == "layout"), "{run:?}");
}

#[test]
fn rust_example_comes_out_laid_out() {
    let (text, _) = reduce("rust-mismatched-types", "evaluator.rs", &[]);
    assert_laid_out(&text, 4);
    assert!(text.contains("String"), "{text}");
}

/// JavaScript where line breaks carry meaning (automatic semicolon
/// insertion), with node as the test: the result is laid out and prints
/// what the input printed, so the break before `++` (and the one after
/// `return`, if the reduction left it) stayed. (The bundled JavaScript example takes minutes at -j 2 and is
/// covered by tests/languages.rs.)
#[test]
fn javascript_keeps_meaningful_breaks() {
    let sb = Sandbox::new();
    let input = "function f(a) {\n  if (a)\n    return\n      a + 1;\n  return 0;\n}\nlet x = 1, unused = [1,\n  2]\nlet y = x\n++x\nconsole.log(\n  String(f(2))\n  , f(0), x, y)\n";
    sb.file("asi.js", input);
    let script = sb.script(
        "check.sh",
        r#"test "$(node "$1" 2>&1)" = "undefined 0 2 1""#,
    );
    assert!(sb.accepts(&script, "asi.js", input.as_bytes()));
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "-o",
        "out",
        "--stats-json",
        "stats.json",
        "-i",
        "./check.sh",
        "asi.js",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(sb.read("out")).unwrap();
    assert!(sb.accepts(&script, "asi.js", text.as_bytes()), "{text}");
    let stats: serde_json::Value = serde_json::from_slice(&sb.read("stats.json")).unwrap();
    let kinds = stats["kinds"].as_array().unwrap();
    let layout = kinds.iter().find(|k| k["kind"] == "layout").unwrap();
    assert_eq!(layout["accepted"], 1, "{text}");
    assert_laid_out(&text, 2);
    assert!(text.contains("\n++"), "{text}");
}

/// Runs `command` with `text` on stdin: its stdout.
fn pipe(command: &str, text: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new("sh")
        .args(["-c", command])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{command}");
    String::from_utf8(out.stdout).unwrap()
}

/// The formatter found on PATH for C (clang-format, or Debian's
/// clang-format-N): CI installs it.
fn clang_format() -> String {
    let path = std::env::var_os("PATH").unwrap();
    let mut found: Vec<(u32, String)> = std::env::split_paths(&path)
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let version = match name.strip_prefix("clang-format") {
                Some("") => u32::MAX,
                Some(v) => v.strip_prefix('-')?.parse().ok()?,
                None => return None,
            };
            Some((version, e.path().to_string_lossy().into_owned()))
        })
        .collect();
    found.sort();
    found
        .pop()
        .expect("clang-format on PATH (CI installs it)")
        .1
}

#[test]
fn the_usual_formatter_formats_the_result_when_the_test_accepts_it() {
    // C: clang-format's output is kept (it joins the short body onto one
    // line, which the layout pass does not), and formatting it again
    // changes nothing.
    let (c, stats) = reduce("c-too-many-args", "inventory.c", &["--formatter"]);
    assert_eq!(stats["formatter"], "kept", "{stats}");
    assert_eq!(passes(&stats).last().unwrap(), &("format".to_string(), 1));
    let command = format!("{} --assume-filename=inventory.c", clang_format());
    assert_eq!(pipe(&command, &c), c);
    // Rust: rustfmt on PATH wherever cargo is; the result is its fixpoint.
    let (rust, stats) = reduce("rust-mismatched-types", "evaluator.rs", &["--formatter"]);
    assert!(
        ["kept", "unchanged"].contains(&stats["formatter"].as_str().unwrap()),
        "{stats}"
    );
    assert_eq!(pipe("rustfmt --edition 2021", &rust), rust);
}

#[test]
fn a_formatter_output_the_test_rejects_or_that_does_not_parse_is_not_kept() {
    let (plain, _) = reduce("c-too-many-args", "inventory.c", &[]);
    // Appends a comment: still interesting, kept.
    let (commented, stats) = reduce(
        "c-too-many-args",
        "inventory.c",
        &["--formatter=sh -c 'cat; echo \"/* formatted */\"'"],
    );
    assert_eq!(stats["formatter"], "kept");
    assert_eq!(commented, format!("{plain}/* formatted */\n"));
    // Drops the call with too many arguments: gcc no longer complains.
    let (kept, stats) = reduce(
        "c-too-many-args",
        "inventory.c",
        &["--formatter=grep -v item_price(.*,"],
    );
    assert_eq!(stats["formatter"], "not interesting");
    assert_eq!(kept, plain);
    // Garbage: more parse errors, not even tested.
    let (kept, stats) = reduce(
        "c-too-many-args",
        "inventory.c",
        &["--formatter=sh -c 'cat; echo \"int (((\"'"],
    );
    assert_eq!(stats["formatter"], "more parse errors");
    assert_eq!(passes(&stats).last().unwrap(), &("format".to_string(), 0));
    assert_eq!(kept, plain);
}

#[test]
fn a_formatter_that_fails_leaves_the_result_and_says_so() {
    let sb = Sandbox::new();
    sb.example("c-too-many-args/check.sh");
    sb.example("c-too-many-args/inventory.c");
    let out = sb.run(&[
        "-q",
        "-j",
        "2",
        "--formatter=sh -c 'exit 3'",
        "-o",
        "out.c",
        "-i",
        "./check.sh",
        "inventory.c",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the formatter failed: exit code 3"),
        "{}",
        stderr(&out)
    );
}
