//! Golden outputs at -j 1 (deterministic): a change to the reducer that
//! changes a result shows as a diff against `tests/golden/`. When a change
//! is intended, re-bless the files and review the diff:
//!
//!     TREEREDUCE_BLESS=1 cargo test --test golden
//!
//! The bundled C, C++ and Rust examples run with their real compilers; the unit
//! inputs run through the library with closure oracles.

mod common;

use std::path::PathBuf;

use common::{Sandbox, stderr};
use treereduce::{Language, Options, reduce};

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares `actual` with the golden file `name`, or writes it when blessing.
fn check(name: &str, actual: &[u8]) {
    let path = golden(name);
    if std::env::var_os("TREEREDUCE_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; create it with TREEREDUCE_BLESS=1 cargo test --test golden",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "{name} changed (TREEREDUCE_BLESS=1 cargo test --test golden re-blesses it):\n--- expected\n{}\n--- actual\n{}",
        String::from_utf8_lossy(&expected),
        String::from_utf8_lossy(actual)
    );
}

fn example(dir: &str, file: &str) {
    let sb = Sandbox::new();
    sb.example(&format!("{dir}/check.sh"));
    sb.example(&format!("{dir}/{file}"));
    let out = sb.run(&["-q", "-j", "1", "-o", "out", "-i", "./check.sh", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    check(&format!("{dir}.out"), &sb.read("out"));
}

#[test]
fn c_too_many_args() {
    example("c-too-many-args", "inventory.c");
}

#[test]
fn cpp_cannot_convert() {
    example("cpp-cannot-convert", "scheduler.cpp");
}

#[test]
fn rust_mismatched_types() {
    example("rust-mismatched-types", "evaluator.rs");
}

fn unit(name: &str, lang: &str, input: &str, needs: &[&str]) {
    let oracle = |c: &[u8]| {
        let t = String::from_utf8_lossy(c);
        needs.iter().all(|n| t.contains(n))
    };
    let mut options = Options::default();
    options.run.jobs = 1;
    let outcome = reduce(
        input.as_bytes(),
        Language::by_name(lang).unwrap(),
        &oracle,
        &options,
    )
    .unwrap();
    check(name, &outcome.text);
}

#[test]
fn unit_inputs() {
    unit(
        "undeclared.c.out",
        "c",
        include_str!("data/undeclared.c"),
        &["undeclared_thing"],
    );
    unit(
        "nested.js.out",
        "javascript",
        "function outer(a, b) {\n  if (a > b) {\n    for (let i = 0; i < a; i++) {\n      console.log(i * b, 'loop');\n    }\n  } else {\n    return [a, b, a + b].map(x => x * 2);\n  }\n}\nouter(3, 4);\n",
        &["console.log", "'loop'"],
    );
    unit(
        "generic.rs.out",
        "rust",
        "struct Pair<T> { left: T, right: T }\nimpl<T: Clone> Pair<T> {\n    fn swap(&self) -> Pair<T> { Pair { left: self.right.clone(), right: self.left.clone() } }\n}\nfn main() {\n    let p = Pair { left: 1u8, right: 2u8 };\n    let q = p.swap();\n    println!(\"{}\", q.left + 40);\n}\n",
        &["println!", "40"],
    );
}
