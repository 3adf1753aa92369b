//! Real reductions with real compilers and interpreters as interestingness
//! tests: gcc (C), rustc (Rust), node (JavaScript), g++ (C++). Each asserts
//! that the result is much smaller than the input (bound stated per test),
//! that the script still accepts it, and that the input is untouched. The
//! languages added as data also compare the result with the program a
//! person would write by hand for the same bug: at most 1.5 times its
//! tokens, with no parse errors.

mod common;

use common::{Sandbox, stderr};

/// Reduces `examples/<example>/<input>` with the example's `check.sh` and checks the result.
fn reduce(example: &str, input: &str, max_percent: usize) -> String {
    let sb = Sandbox::new();
    let input_path = sb.example(&format!("{example}/{input}"));
    let script_path = sb.example(&format!("{example}/check.sh"));
    let script = "check.sh";
    let original = std::fs::read(&input_path).unwrap();
    let out = sb.run(&[
        "-j",
        "2",
        "-i",
        &format!("./{script}"),
        input,
        "--stats-json",
        "stats.json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let (stem, ext) = input.rsplit_once('.').unwrap();
    let infix = if ext == "rs" { "_reduced" } else { ".reduced" };
    let reduced = sb.read(&format!("{stem}{infix}.{ext}"));
    assert_eq!(
        std::fs::read(&input_path).unwrap(),
        original,
        "the input was modified"
    );
    assert!(
        reduced.len() * 100 <= original.len() * max_percent,
        "{} of {} bytes is more than {max_percent}%:\n{}",
        reduced.len(),
        original.len(),
        String::from_utf8_lossy(&reduced)
    );
    assert!(
        sb.accepts(&script_path, input, &reduced),
        "the script rejects the result"
    );
    let stats: serde_json::Value = serde_json::from_slice(&sb.read("stats.json")).unwrap();
    assert_eq!(
        stats["final_size"]["bytes"].as_u64().unwrap() as usize,
        reduced.len()
    );
    assert!(stats["tests"].as_u64().unwrap() > 0);
    assert!(
        sb.leftovers().is_empty(),
        "temporary files left: {:?}",
        sb.leftovers()
    );
    String::from_utf8(reduced).unwrap()
}

/// The size of `program` as `treereduce --measure` counts it: (tokens, parse errors).
fn measure(lang: &str, name: &str, program: &[u8]) -> (u64, u64) {
    let sb = Sandbox::new();
    sb.file(name, program);
    let out = sb.run(&["--measure", "-l", lang, name]);
    assert!(out.status.success(), "{}", stderr(&out));
    let size: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    (
        size["tokens"].as_u64().unwrap(),
        size["errors"].as_u64().unwrap(),
    )
}

/// Reduces an example (see [`reduce`]) and compares the result with
/// `by_hand`, the smallest program a person would write for the same bug,
/// which the example's script must accept too: the result parses without
/// errors and has at most 1.5 times its tokens.
fn reduce_like_by_hand(
    lang: &str,
    example: &str,
    input: &str,
    max_percent: usize,
    by_hand: &str,
) -> String {
    let out = reduce(example, input, max_percent);
    let sb = Sandbox::new();
    let script = sb.example(&format!("{example}/check.sh"));
    assert!(
        sb.accepts(&script, input, by_hand.as_bytes()),
        "the script rejects the program written by hand"
    );
    let (tokens, errors) = measure(lang, input, out.as_bytes());
    let (hand, _) = measure(lang, input, by_hand.as_bytes());
    assert_eq!(errors, 0, "the result has parse errors:\n{out}");
    eprintln!("{example}: {tokens} tokens, {hand} by hand");
    assert!(
        tokens * 2 <= hand * 3,
        "{tokens} tokens, more than 1.5 x the {hand} of the program written by hand:\n{out}"
    );
    out
}

/// gcc: "too many arguments to function 'item_price'"; 5.5 KB in, at most 10% out.
#[test]
fn c_gcc_too_many_arguments() {
    let out = reduce("c-too-many-args", "inventory.c", 10);
    assert!(out.contains("item_price("));
}

/// rustc: E0308 "expected `String`, found `f64`"; 7.2 KB in, at most 10% out.
#[test]
fn rust_rustc_mismatched_types() {
    let out = reduce("rust-mismatched-types", "evaluator.rs", 10);
    assert!(out.contains("String"));
    // Regression: `rustc -o /dev/null` in a script renames its output onto
    // /dev/null and, as root, turns the device into a regular file.
    use std::os::unix::fs::FileTypeExt;
    let dev_null = std::fs::metadata("/dev/null").unwrap().file_type();
    assert!(
        dev_null.is_char_device(),
        "the example's script replaced /dev/null"
    );
}

/// node: "TypeError: handler.run is not a function"; 5.4 KB in, at most 25% out.
#[test]
fn javascript_node_type_error() {
    let out = reduce("js-not-a-function", "router.js", 25);
    assert!(out.contains("handler.run"));
}

/// g++: "cannot convert 'const sched::Deadline' to 'sched::Job* const&'";
/// 5.9 KB of namespaces, class templates, inheritance and lambdas in, at
/// most 5% out.
#[test]
fn cpp_gxx_cannot_convert() {
    let out = reduce_like_by_hand(
        "cpp",
        "cpp-cannot-convert",
        "scheduler.cpp",
        5,
        "struct A {};\nstruct Q { void f(int *const &); };\nvoid g(Q q, A a) { q.f(a); }\n",
    );
    assert!(out.contains("const"), "{out}");
}

/// go vet: "cannot use "40" (untyped string constant) as float64 value in
/// struct literal"; 1.4 KB in (a ring buffer, methods, a struct literal in
/// a slice), at most 1.5 times the tokens of a struct literal written by
/// hand.
#[test]
fn go_vet_cannot_use() {
    let out = reduce_like_by_hand(
        "go",
        "go-cannot-use",
        "sensors.go",
        10,
        "package a\n\ntype T struct{ f float64 }\n\nvar _ = T{\"\"}\n",
    );
    assert!(out.contains("float64"), "{out}");
}

/// python3: "TypeError: unsupported operand type(s) for +: 'int' and
/// 'str'"; 1.8 KB in, at most 1.5 times the tokens of the addition
/// written by hand. Regressions: the string travels through an object's
/// attribute to the addition, and replacement tried only the smallest
/// tree (`0`) there (129 tokens); the addition sat in a method reached
/// through three calls, and a definition's body hoisted into the module
/// kept its indentation, which does not parse, and `a = 0` was no
/// declaration to inline (58 tokens).
#[test]
fn python_type_error() {
    let out = reduce_like_by_hand("python", "py-type-error", "invoice.py", 20, "0 + \"\"\n");
    assert!(out.contains("+ \""), "{out}");
}

/// javac: "incompatible types: String cannot be converted to int"; 1.9 KB
/// in (classes, a generic list, constructors), at most 1.5 times the
/// tokens of the local variable written by hand.
#[test]
fn java_javac_incompatible_types() {
    let out = reduce_like_by_hand(
        "java",
        "java-incompatible-types",
        "Library.java",
        10,
        "class A { void f() { int a = \"\"; } }\n",
    );
    assert!(out.contains("int"), "{out}");
}

/// tsc: "Type 'string' is not assignable to type 'number'"; 1.3 KB in
/// (interfaces, a class with generic array methods, arrow functions), at
/// most 1.5 times the tokens of an interface and an array of it written
/// by hand. Regression: an interface member went without its `;`, which
/// does not parse, so one member was never deleted (27 tokens).
#[test]
fn typescript_tsc_not_assignable() {
    let out = reduce_like_by_hand(
        "typescript",
        "ts-not-assignable",
        "cart.ts",
        10,
        "interface A { b: number }\nconst a: A[] = [{ b: \"\" }];\n",
    );
    assert!(out.contains("number"), "{out}");
}

/// g++: "'class a' has no member named 'count_distinct'" in a constructor
/// of a class nothing else names (the shape the std::map benchmark case
/// ends in). The class goes, its members kept at the top level with the
/// data member first: no `class b` in the result, which parses under g++
/// as the test requires.
#[test]
fn cpp_gxx_class_nothing_names_is_unwrapped() {
    let sb = Sandbox::new();
    let program =
        "class a {};\nclass b {\npublic:\n  b() { a.count_distinct; }\n\nprivate:\n  a a;\n};\n";
    let check = "#!/bin/sh\nLC_ALL=C g++ -fsyntax-only -std=c++17 -w \"$1\" 2>&1 | grep -q \"has no member named 'count_distinct'\"\n";
    let out = sb.reduce_with("t.cpp", program, check, &["--no-cache"]);
    assert!(!out.contains("class b"), "{out}");
    let (tokens, errors) = measure("cpp", "t.cpp", out.as_bytes());
    assert_eq!(errors, 0, "{out}");
    assert!(tokens <= 17, "{tokens} tokens:\n{out}");
    let kept = sb.reduce_with(
        "u.cpp",
        program,
        check,
        &["--no-cache", "--no-unwrap-classes"],
    );
    assert!(kept.contains("class b"), "{kept}");
}

/// A class and the variable declared after it with the class as its type
/// become one declaration of an unnamed class (`class a {}; a x;` ->
/// `class {} x;`): the result has no class name and no `;` between the
/// class and the variable, and parses; without the reduction both stay.
#[test]
fn cpp_gxx_class_and_its_variable_are_merged() {
    let sb = Sandbox::new();
    let program = "class counter { int n; };\ncounter c;\nint f() { return c.count_distinct; }\n";
    let check = "#!/bin/sh\nLC_ALL=C g++ -fsyntax-only -std=c++17 -w \"$1\" 2>&1 | grep -q \"has no member named 'count_distinct'\"\n";
    let out = sb.reduce_with("t.cpp", program, check, &["--no-cache"]);
    let flat: String = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.starts_with("class {} "), "{out}");
    let (tokens, errors) = measure("cpp", "t.cpp", out.as_bytes());
    assert_eq!(errors, 0, "{out}");
    assert!(tokens <= 14, "{tokens} tokens:\n{out}");
    let kept = sb.reduce_with(
        "u.cpp",
        program,
        check,
        &["--no-cache", "--no-class-variables"],
    );
    let flat: String = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.starts_with("class a {};"), "{kept}");
}

/// A C++ program of 100,000 tokens or more goes through a coarse pass in
/// rounds of at most 4 changes (README, `--width`), with g++ as the test:
/// 2,600 namespaces of 5 classes, 13 of them used by the function with
/// the bug, which g++ must report as the only error.
#[test]
fn cpp_gxx_large_program_coarse_pass_in_rounds_of_four() {
    let sb = Sandbox::new();
    let mut program = String::new();
    for i in 0..2600 {
        program.push_str(&format!("namespace n{i} {{"));
        for j in 0..5 {
            program.push_str(&format!(" struct s{j} {{ int a; }};"));
        }
        program.push_str(" }\n");
    }
    let uses: Vec<String> = (0..2600)
        .step_by(200)
        .map(|i| format!("n{i}::s0{{}}.a"))
        .collect();
    program.push_str(&format!(
        "int f() {{ return {} + n2599::s4{{}}.missing; }}\n",
        uses.join(" + ")
    ));
    let check = "#!/bin/sh\nout=$(LC_ALL=C g++ -fsyntax-only -std=c++17 -w \"$1\" 2>&1)\n\
                 echo \"$out\" | grep -q \"has no member named 'missing'\" || exit 1\n\
                 [ \"$(echo \"$out\" | grep -c 'error:')\" -eq 1 ]\n";
    let out = sb.reduce_with(
        "big.cpp",
        &program,
        check,
        &["--no-cache", "--passes", "1", "--stats-json", "st.json"],
    );
    assert!(
        out.contains("missing") && out.len() < program.len() / 50,
        "{out}"
    );
    let stats: serde_json::Value = serde_json::from_slice(&sb.read("st.json")).unwrap();
    let coarse = &stats["passes"][0];
    assert_eq!(coarse["kind"], "coarse", "{stats}");
    assert!(
        coarse["start"]["tokens"].as_u64().unwrap() >= 100_000,
        "{coarse}"
    );
    let (tests, rounds) = (
        coarse["tests"].as_u64().unwrap(),
        coarse["rounds"].as_u64().unwrap(),
    );
    // A round's tests, and at most the test of its untested base after it.
    assert!(
        rounds > 0 && tests <= 5 * rounds,
        "{tests} tests in {rounds} rounds"
    );
}

/// The coarse pass on a large C++ program starts with one candidate that
/// keeps only the items its last item reaches by name (`reachable`), with
/// g++ as the test: 3,000 namespaces of two classes and a function; the
/// last function uses a class of the last namespace, which uses one of
/// the namespace before it. That candidate is interesting and leaves the
/// two classes and the function in one test, where ddmin over the 3,000
/// namespaces takes dozens; with `--no-reachable` the coarse pass is
/// ddmin's alone.
#[test]
fn cpp_gxx_large_program_keeps_what_its_last_item_reaches() {
    let sb = Sandbox::new();
    let mut program = String::new();
    for i in 0..3000 {
        let before = if i == 2999 {
            "n2998::s2998a x;".to_string()
        } else {
            "int x;".to_string()
        };
        program.push_str(&format!(
            "namespace n{i} {{ struct s{i}a {{ int v; }}; struct s{i}b {{ {before} int v; }}; \
             int f{i}(int p) {{ return p + {i}; }} }}\n"
        ));
    }
    program.push_str("int main() { n2999::s2999b y; return y.x.v + y.missing; }\n");
    let check = "#!/bin/sh\nout=$(LC_ALL=C g++ -fsyntax-only -std=c++17 -w \"$1\" 2>&1)\n\
                 echo \"$out\" | grep -q \"has no member named 'missing'\" || exit 1\n\
                 [ \"$(echo \"$out\" | grep -c 'error:')\" -eq 1 ]\n";
    let coarse = |name: &str, flags: &[&str]| {
        let stats_file = format!("{name}.json");
        let mut args = vec!["--no-cache", "--passes", "1", "--stats-json", &stats_file];
        args.extend_from_slice(flags);
        let out = sb.reduce_with(&format!("{name}.cpp"), &program, check, &args);
        assert!(out.contains("missing"), "{out}");
        let stats: serde_json::Value = serde_json::from_slice(&sb.read(&stats_file)).unwrap();
        let pass = stats["passes"][0].clone();
        assert_eq!(pass["kind"], "coarse", "{stats}");
        assert!(
            pass["start"]["tokens"].as_u64().unwrap() >= 100_000,
            "{pass}"
        );
        let reachable = stats["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == "reachable")
            .cloned();
        (pass, reachable)
    };
    let (pass, reachable) = coarse("on", &[]);
    let reachable = reachable.expect("a statistics entry for reachable");
    assert_eq!(reachable["candidates"], 1, "{reachable}");
    assert_eq!(reachable["accepted"], 1, "{reachable}");
    // What is left: the two classes, their namespaces and main.
    assert!(pass["end"]["tokens"].as_u64().unwrap() < 60, "{pass}");
    let on = pass["tests"].as_u64().unwrap();
    assert!(on <= 10, "{on} tests in the coarse pass: {pass}");
    let (pass, reachable) = coarse("off", &["--no-reachable"]);
    assert!(
        reachable.as_ref().is_none_or(|k| k["candidates"] == 0),
        "{reachable:?}"
    );
    let off = pass["tests"].as_u64().unwrap();
    assert!(off > 3 * on, "{off} tests without reachable, {on} with it");
}

/// After the reachable items, the functions outside the program's last
/// items become declarations: a chain of 1,500 functions, each calling the
/// one before, that every body of the library reaches, goes in one test
/// (the coarse pass's ddmin cannot cut a chain whose every link is used),
/// and g++ sees no new error: a function whose return type is deduced
/// keeps its body, and a member defined outside its class goes rather
/// than become a declaration g++ rejects.
#[test]
fn cpp_gxx_large_program_keeps_declarations_outside_its_last_items() {
    // Linked: each function's body also names the class and the function
    // of the namespace before, so the last item reaches every item by name
    // and the reachable candidate has nothing to delete; the declarations
    // candidate is tried all the same.
    for linked in [false, true] {
        let sb = Sandbox::new();
        let mut program = String::new();
        for i in 0..1500 {
            let call = match (i, linked) {
                (0, _) => "p".to_string(),
                (_, false) => format!("n{}::f{}(p) + 1", i - 1, i - 1),
                (_, true) => format!(
                    "n{j}::f{j}(p) + n{j}::twice{j}(p) + n{j}::s{j}<int>(p).get()",
                    j = i - 1
                ),
            };
            program.push_str(&format!(
                "namespace n{i} {{ template <class T> struct s{i}; auto twice{i}(int p); \
                 int f{i}(int p) {{ return {call}; }}\n\
                 template <class T> struct s{i} {{ T v; s{i}(int x) : v(f{i}(x)) {{ }} \
                 int get() const {{ return f{i}(v); }} int put(int); }};\n\
                 template <class T> int s{i}<T>::put(int q) {{ return v = f{i}(q); }}\n\
                 auto twice{i}(int p) {{ return f{i}(p) * 2; }} }}\n"
            ));
        }
        program.push_str(
            "int main() { n1499::s1499<int> y(1); return y.get() + n1499::twice1499(1) + y.missing; }\n",
        );
        let check = "#!/bin/sh\nout=$(LC_ALL=C g++ -fsyntax-only -std=c++17 -w \"$1\" 2>&1)\n\
                     echo \"$out\" | grep -q \"has no member named 'missing'\" || exit 1\n\
                     [ \"$(echo \"$out\" | grep -c 'error:')\" -eq 1 ]\n";
        let args = [
            "--no-cache",
            "--passes",
            "1",
            "--deadline",
            "60s",
            "--stats-json",
            "stats.json",
        ];
        let out = sb.reduce_with("chain.cpp", &program, check, &args);
        assert!(out.contains("missing"), "{out}");
        let stats: serde_json::Value = serde_json::from_slice(&sb.read("stats.json")).unwrap();
        let pass = stats["passes"][0].clone();
        assert_eq!(pass["kind"], "coarse", "{stats}");
        assert!(
            pass["start"]["tokens"].as_u64().unwrap() >= 100_000,
            "{pass}"
        );
        let kind = |name: &str| {
            stats["kinds"]
                .as_array()
                .unwrap()
                .iter()
                .find(|k| k["kind"] == name)
                .cloned()
                .unwrap_or_else(|| panic!("a statistics entry for {name}: {stats}"))
        };
        let reachable = if linked { 0 } else { 1 };
        assert_eq!(kind("reachable")["accepted"], reachable, "{stats}");
        assert_eq!(kind("declarations")["accepted"], 1, "{stats}");
        // What is left: `f1499` declared, the class, `twice1499`, main.
        assert!(pass["end"]["tokens"].as_u64().unwrap() < 120, "{pass}");
        assert!(!out.contains("f1498"), "{out}");
    }
}
