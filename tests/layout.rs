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
        for start in ["(", ")", ";", ",", "{", "=", "+", "%", "&&", "||"] {
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
    let passes = passes(&stats);
    assert!(passes.contains(&("layout".to_string(), 1)), "{passes:?}");
    // The layout was kept: no whitespace rules ran after it.
    assert!(!passes.iter().any(|(k, _)| k == "tidy"), "{passes:?}");
    let kinds = stats["kinds"].as_array().unwrap();
    let layout = kinds.iter().find(|k| k["kind"] == "layout").unwrap();
    assert_eq!(
        (&layout["candidates"], &layout["accepted"]),
        (&1.into(), &1.into())
    );
    // Without it, the whitespace pass runs instead.
    let (_, stats) = reduce("c-too-many-args", "inventory.c", &["--no-layout"]);
    let passes = passes(&stats);
    assert!(passes.iter().any(|(k, _)| k == "tidy"), "{passes:?}");
    assert!(!passes.iter().any(|(k, _)| k == "layout"), "{passes:?}");
}

#[test]
fn rust_example_comes_out_laid_out() {
    let (text, _) = reduce("rust-mismatched-types", "evaluator.rs", &[]);
    assert_laid_out(&text, 4);
    assert!(text.contains("String"), "{text}");
}

#[test]
fn javascript_example_comes_out_laid_out() {
    let (text, stats) = reduce("js-not-a-function", "router.js", &[]);
    assert_laid_out(&text, 2);
    assert!(text.contains("handler.run"), "{text}");
    assert!(
        passes(&stats).contains(&("layout".to_string(), 1)),
        "{stats}"
    );
}
