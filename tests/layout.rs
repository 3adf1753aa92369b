//! The layout pass on the bundled examples, with their real compilers as
//! the test: the results come out one statement per line, indented by
//! their blocks, with no line left over from a deleted node, and the pass
//! costs one test.

mod common;

use common::{Sandbox, stderr};

/// Reduces `examples/<example>/<input>` at -j 2 with `flags`; returns the
/// result and the statistics.
fn reduce(example: &str, input: &str, flags: &[&str]) -> (String, serde_json::Value) {
    let sb = Sandbox::new();
    let script = sb.example(&format!("{example}/check.sh"));
    sb.example(&format!("{example}/{input}"));
    let mut args = vec![
        "-q",
        "-j",
        "2",
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
    (String::from_utf8(reduced).unwrap(), stats)
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
    assert!(run.contains(&("layout".to_string(), 1)), "{run:?}");
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
