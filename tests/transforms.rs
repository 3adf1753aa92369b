//! Hoisting and replacement on small programs, with real compilers as the
//! test: each property is "this name is still reported as missing", so the
//! construct around the name is irrelevant and must go.

mod common;

use common::{Sandbox, stderr};

const C_MISSING: &str = "LC_ALL=C gcc -fsyntax-only \"$1\" 2>&1 | grep -qE \"implicit declaration of function 'NAME'|'NAME' undeclared\"";
const RUST_MISSING: &str = "rustc --edition 2021 --crate-type lib --emit=metadata --out-dir . \"$1\" 2>&1 | grep -qE 'cannot find (function|value) `NAME`'";
const JS_MISSING: &str =
    "timeout 5 node \"$1\" 2>&1 | grep -q 'ReferenceError: NAME is not defined'";

/// Reduces `input` (saved as `file`) with a script checking that `name` is
/// still reported missing; returns the result.
fn reduce(file: &str, input: &str, script: &str, name: &str) -> String {
    let sb = Sandbox::new();
    sb.file(file, input);
    sb.script("check.sh", &script.replace("NAME", name));
    let out = sb.run(&["-q", "-j", "2", "-i", "./check.sh", "-o", "out", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let result = String::from_utf8(sb.read("out")).unwrap();
    assert!(result.contains(name), "{result}");
    assert!(sb.accepts(&sb.path().join("check.sh"), file, result.as_bytes()));
    result
}

fn c(input: &str, name: &str) -> String {
    reduce("t.c", input, C_MISSING, name)
}
fn rust(input: &str, name: &str) -> String {
    reduce("t.rs", input, RUST_MISSING, name)
}
fn js(input: &str, name: &str) -> String {
    reduce("t.js", input, JS_MISSING, name)
}

#[test]
fn c_if_statement_is_replaced_by_its_body() {
    let out = c(
        "int check_limits(int a, int b) { return a * 3 > b + 7; }\n\
         int main(int argc, char **argv) {\n    int limit = argc * 4;\n    if (check_limits(limit, argc)) {\n        report_overflow(limit);\n    }\n    return 0;\n}\n",
        "report_overflow",
    );
    assert!(
        !out.contains("if") && !out.contains("check_limits"),
        "{out}"
    );
}

#[test]
fn rust_if_expression_is_replaced_by_its_body() {
    let out = rust(
        "pub fn run(limit: u32) -> u32 {\n    if limit * 3 > 7 {\n        report_overflow(limit);\n    }\n    limit\n}\n",
        "report_overflow",
    );
    assert!(!out.contains("if") && !out.contains("limit * 3"), "{out}");
}

#[test]
fn js_if_statement_is_replaced_by_its_body() {
    let out = js(
        "function run(limit) {\n  if (limit * 3 > 7) {\n    reportOverflow(limit);\n  }\n  return limit;\n}\nrun(5);\n",
        "reportOverflow",
    );
    assert!(!out.contains("if ("), "{out}");
}

#[test]
fn c_binary_expression_is_replaced_by_an_operand() {
    let out = c(
        "int scale(int a, int b) { return a + (b * offset_y); }\n",
        "offset_y",
    );
    assert!(!out.contains('+') && !out.contains('*'), "{out}");
}

#[test]
fn rust_binary_expression_is_replaced_by_an_operand() {
    let out = rust(
        "pub fn scale(a: i32, b: i32) -> i32 { a + (b * offset_y) }\n",
        "offset_y",
    );
    assert!(!out.contains('+') && !out.contains('*'), "{out}");
}

#[test]
fn js_binary_expression_is_replaced_by_an_operand() {
    let out = js(
        "function scale(a, b) { return a + (b * offsetY); }\nconsole.log(scale(1, 2));\n",
        "offsetY",
    );
    assert!(!out.contains('+') && !out.contains('*'), "{out}");
}

#[test]
fn c_nested_calls_are_replaced_by_the_argument() {
    let out = c(
        "int foo(int v) { return v + 1; }\nint bar(int v) { return v * 2; }\nint main(void) { return foo(bar(missing_value)); }\n",
        "missing_value",
    );
    assert!(!out.contains("foo(") && !out.contains("bar("), "{out}");
}

#[test]
fn rust_nested_calls_are_replaced_by_the_argument() {
    let out = rust(
        "fn foo(v: i32) -> i32 { v + 1 }\nfn bar(v: i32) -> i32 { v * 2 }\npub fn main() -> i32 { foo(bar(missing_value)) }\n",
        "missing_value",
    );
    assert!(!out.contains("foo(") && !out.contains("bar("), "{out}");
}

#[test]
fn js_nested_calls_are_replaced_by_the_argument() {
    let out = js(
        "function foo(v) { return v + 1; }\nfunction bar(v) { return v * 2; }\nconsole.log(foo(bar(missingValue)));\n",
        "missingValue",
    );
    assert!(!out.contains("foo(") && !out.contains("bar("), "{out}");
}

#[test]
fn rust_match_is_replaced_by_the_arm_body() {
    let out = rust(
        "pub fn classify(input: Option<u32>) -> u32 {\n    match input {\n        Some(v) => {\n            record_value(v);\n        }\n        None => {}\n    }\n    0\n}\n",
        "record_value",
    );
    assert!(!out.contains("match") && !out.contains("Some"), "{out}");
}

#[test]
fn js_immediately_invoked_function_is_replaced_by_its_statements() {
    let out = js(
        "(function () {\n  const settings = { retries: 3 };\n  startServer(settings);\n})();\n",
        "startServer",
    );
    assert!(!out.contains("function") && !out.contains("=>"), "{out}");
}
