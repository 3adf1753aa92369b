//! Pruning (the default; `--no-prune` turns it off) on the bundled
//! examples with their real compilers as the test: passes skip candidates
//! that are not worth a test, the run still ends with a pass that tests
//! every candidate and finds nothing, and with `--no-prune` nothing is
//! skipped.

mod common;

use common::reduce_example;
use serde_json::Value;

/// The `reduce` and `canon` passes of a run: (kind, skipped, start tokens,
/// end tokens).
fn passes(stats: &Value) -> Vec<(String, u64, u64, u64)> {
    stats["passes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| matches!(p["kind"].as_str(), Some("reduce" | "canon")))
        .map(|p| {
            (
                p["kind"].as_str().unwrap().to_string(),
                p["skipped"].as_u64().unwrap(),
                p["start"]["tokens"].as_u64().unwrap(),
                p["end"]["tokens"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Reduces the example by default and with `--no-prune`; checks what
/// pruning promises and returns the two results' tokens.
fn compare(example: &str, input: &str) -> (u64, u64) {
    let (_, pruned) = reduce_example(example, input, &[]);
    let (_, full) = reduce_example(example, input, &["--no-prune"]);

    let skipped = pruned["skipped"].as_u64().unwrap();
    assert!(skipped > 0, "{example}: nothing skipped by default");
    let by_pass: u64 = passes(&pruned).iter().map(|p| p.1).sum();
    assert_eq!(by_pass, skipped, "{example}: the passes' skipped add up");
    // The last reduce pass tested every candidate and none was interesting.
    let (_, last_skipped, start, end) = passes(&pruned)
        .into_iter()
        .rfind(|p| p.0 == "reduce")
        .unwrap();
    assert_eq!(last_skipped, 0, "{example}: the last reduce pass pruned");
    assert_eq!(
        start, end,
        "{example}: the last reduce pass shrank the program"
    );

    assert_eq!(
        full["skipped"].as_u64(),
        Some(0),
        "{example}: --no-prune skipped"
    );
    assert!(passes(&full).iter().all(|p| p.1 == 0));
    (
        pruned["final_size"]["tokens"].as_u64().unwrap(),
        full["final_size"]["tokens"].as_u64().unwrap(),
    )
}

#[test]
fn c_passes_prune_and_end_with_a_pass_that_tests_everything() {
    let (pruned, full) = compare("c-csmith-pointer-sign", "csmith.c");
    // Both are 1-minimal for every reduction; on this input they are the
    // same program size.
    assert_eq!(pruned, full);
}

#[test]
fn javascript_passes_prune_and_end_with_a_pass_that_tests_everything() {
    let (pruned, full) = compare("js-not-a-function", "router.js");
    assert_eq!(pruned, full);
}
