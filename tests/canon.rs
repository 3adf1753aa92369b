//! Token canonicalization with real compilers: names become a, b, ...,
//! numbers 0 or 1 where the property allows, strings keep only what the
//! property needs, and a number that must stay large is shrunk, not dropped.

mod common;

use common::{Sandbox, stderr};

fn reduce(file: &str, input: &str, script: &str, extra: &[&str]) -> String {
    let sb = Sandbox::new();
    sb.file(file, input);
    sb.script("check.sh", script);
    let mut args = vec!["-q", "-j", "2", "-i", "./check.sh", "-o", "out"];
    args.extend_from_slice(extra);
    args.push(file);
    let out = sb.run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let result = String::from_utf8(sb.read("out")).unwrap();
    assert!(
        sb.accepts(&sb.path().join("check.sh"), file, result.as_bytes()),
        "{result}"
    );
    result
}

/// Identifier-like words of `text` that are not in `fixed`.
fn names<'a>(text: &'a str, fixed: &[&str]) -> Vec<&'a str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
        .filter(|w| !fixed.contains(w))
        .collect()
}

const C_PROGRAM: &str = r#"#include <stdio.h>
static unsigned long compute_checksum(const unsigned char *buffer_data, int buffer_length) {
    unsigned long running_total = 0x1F2E3DUL;
    for (int index_value = 0; index_value < buffer_length; index_value++) {
        running_total = running_total * 31 + buffer_data[index_value];
    }
    return running_total;
}
int main(void) {
    unsigned char message_bytes[64] = {0};
    double checksum_value = compute_checksum(message_bytes, 64, 1000000);
    printf("checksum = %X\n", checksum_value);
    return 0;
}
"#;

#[test]
fn c_names_and_numbers_become_canonical() {
    let out = reduce(
        "t.c",
        C_PROGRAM,
        "LC_ALL=C gcc -fsyntax-only \"$1\" 2>&1 | grep -q 'error: too many arguments to function'",
        &[],
    );
    let fixed = [
        "include", "stdio", "h", "static", "unsigned", "long", "const", "char", "int", "void",
        "double", "return", "for",
    ];
    for name in names(&out, &fixed) {
        assert_eq!(name.len(), 1, "{name} in:\n{out}");
    }
    for number in out
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.starts_with(|c: char| c.is_ascii_digit()))
    {
        assert!(number == "0" || number == "1", "{number} in:\n{out}");
    }
    let plain = reduce(
        "t.c",
        C_PROGRAM,
        "LC_ALL=C gcc -fsyntax-only \"$1\" 2>&1 | grep -q 'error: too many arguments to function'",
        &["--no-canon"],
    );
    assert!(
        names(&plain, &fixed).iter().any(|n| n.len() > 1),
        "without canonicalization names stay:\n{plain}"
    );
}

#[test]
fn c_format_string_keeps_only_the_needed_conversion() {
    let out = reduce(
        "t.c",
        C_PROGRAM,
        "LC_ALL=C gcc -fsyntax-only -Wall \"$1\" 2>&1 | grep -q \"format '%X' expects argument of type 'unsigned int', but argument 2 has type 'double'\"",
        &[],
    );
    assert!(out.contains("\"%X\""), "{out}");
    assert!(!out.contains("checksum"), "{out}");
}

#[test]
fn rust_names_and_separated_integers_become_canonical() {
    let out = reduce(
        "t.rs",
        "pub struct TemperatureReading {\n    pub celsius_value: i64,\n}\n\n\
         pub fn convert_reading(reading: &TemperatureReading) -> String {\n    let scale_factor: i64 = 1_000_000;\n    reading.celsius_value * scale_factor\n}\n",
        "rustc --edition 2021 --crate-type lib --emit=metadata --out-dir . \"$1\" 2>&1 | grep -q 'expected `String`, found `i64`'",
        &[],
    );
    assert!(
        !out.contains("1_000_000") && !out.contains("Temperature") && !out.contains("celsius"),
        "{out}"
    );
    // (`union` is the canonical form of a one-field `struct`: shortlex.)
    let fixed = [
        "pub", "fn", "String", "i64", "let", "struct", "union", "mut",
    ];
    for name in names(&out, &fixed) {
        assert_eq!(name.len(), 1, "{name} in:\n{out}");
    }
}

#[test]
fn javascript_number_that_must_stay_large_is_shrunk_not_dropped() {
    // The test needs the printed length to exceed 100: 0 and 1 fail, so the
    // number is shrunk digit by digit instead of replaced.
    let out = reduce(
        "t.js",
        "const sampleBuffer = new Array(4096).fill(0);\nconst reportedLength = sampleBuffer.length;\nconsole.log(reportedLength);\n",
        "n=$(timeout 5 node \"$1\" 2>/dev/null | head -1)\ncase \"$n\" in ''|*[!0-9]*) exit 1;; esac\n[ \"$n\" -gt 100 ]",
        &[],
    );
    assert!(out.contains("101"), "{out}");
    assert!(
        !out.contains("4096") && !out.contains("sampleBuffer"),
        "{out}"
    );
}

/// The rustc crash of benches/dedup (an enum whose discriminants are range
/// patterns) in three hosts that differ in forms of one token: `static` or
/// `const`, a range or an open `..`. Canonical forms make them one text.
const RANGE_CRASH: &str = "timeout 20 rustc --edition 2018 --crate-type lib -A warnings --emit=metadata --out-dir . \"$1\" 2>&1 | grep -qE 'internal compiler error: .*rustc_const_eval/src/interpret/eval_context.rs'";

#[test]
fn rust_hosts_of_one_crash_meet_in_one_form() {
    let hosts = [
        "pub enum Layout {\n    RowMajor(u8) = 100..=150,\n    ColumnMajor = 151..=200,\n}\n\
         pub static PREFERRED: &[Layout] = &[Layout::ColumnMajor, Layout::RowMajor(0x7f)];\n",
        "pub enum Zone {\n    Frozen(i16) = 0..=12,\n    Ambient = 0..=40,\n}\n\
         pub const ZONES: &'static [Zone] = &[Zone::Ambient, Zone::Frozen(-18)];\n",
        "pub enum Turn {\n    Clockwise(u16) = ..,\n    Counter = ..,\n}\n\
         pub const TURNS: &[Turn] = &[Turn::Counter, Turn::Clockwise(90)];\n",
    ];
    let outs: Vec<String> = hosts
        .iter()
        .map(|host| reduce("t.rs", host, RANGE_CRASH, &[]))
        .collect();
    assert!(outs.iter().all(|o| o == &outs[0]), "{outs:#?}");
    assert!(
        !outs[0].contains("static") && !outs[0].contains(".."),
        "{}",
        outs[0]
    );
    // Without them the first host keeps its `static`, the last its `..`.
    let plain = reduce("t.rs", hosts[0], RANGE_CRASH, &["--no-canon-forms"]);
    assert!(plain.contains("static"), "{plain}");
    let plain = reduce("t.rs", hosts[2], RANGE_CRASH, &["--no-canon-forms"]);
    assert!(plain.contains(".."), "{plain}");
}
