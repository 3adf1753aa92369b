//! Single-file reduction with closure oracles: fast and deterministic, no processes.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use parking_lot::Mutex;

use super::*;
use crate::edit::{Edit, EditSet, render};
use crate::oracle::Cancel;
use crate::reduce::Worker;
use crate::syntax::{Grammar, NodeId, Original, count_errors};
use crate::task::Silent;

fn grammar(lang: &str) -> &'static Grammar {
    crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap())
}

fn config(jobs: usize) -> Config {
    Config {
        jobs,
        ..Config::default()
    }
}

fn run(
    lang: &str,
    input: &str,
    jobs: usize,
    oracle: &(dyn Oracle + Sync),
) -> (String, crate::stats::Report) {
    run_with(lang, input, config(jobs), oracle)
}

fn run_with(
    lang: &str,
    input: &str,
    cfg: Config,
    oracle: &(dyn Oracle + Sync),
) -> (String, crate::stats::Report) {
    let g = grammar(lang);
    let stats = Stats::new(crate::reduce::names());
    let session = Session::new(g, oracle, &cfg, &stats, None, &Silent);
    let out = reduce(&session, input.as_bytes(), None).unwrap();
    (
        String::from_utf8(out.text.to_vec()).unwrap(),
        stats.report(),
    )
}

/// The elements of the first `[...]` in `text`.
fn array(text: &str) -> Option<Vec<String>> {
    let open = text.find("f([")? + 3;
    let close = text[open..].find(']')? + open;
    Some(
        text[open..close]
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

#[test]
fn ddmin_keeps_exactly_the_needed_elements() {
    let items: Vec<String> = (0..40).map(|i| i.to_string()).collect();
    let input = format!("f([{}]);\n", items.join(", "));
    let oracle = |c: &[u8]| {
        let text = std::str::from_utf8(c).unwrap();
        array(text).is_some_and(|a| a.contains(&"3".to_string()) && a.contains(&"17".to_string()))
    };
    for jobs in [1, 4] {
        let (out, report) = run("javascript", &input, jobs, &oracle);
        assert_eq!(out, "f([3, 17]);\n", "jobs {jobs}");
        // ddmin on 40 elements with 2 needed: far fewer tests than 40 * 40.
        assert!(report.tests < 150, "jobs {jobs}: {} tests", report.tests);
    }
}

#[test]
fn plus_lists_keep_one_element() {
    // `declarator` of a C declaration is required and multiple (Kleene plus).
    let oracle = |c: &[u8]| c.starts_with(b"int ");
    let (out, _) = run("c", "int a, b, c;\n", 1, &oracle);
    assert!(
        ["int a;\n", "int b;\n", "int c;\n"].contains(&out.as_str()),
        "{out:?}"
    );
}

#[test]
fn scope_confines_the_reduction() {
    let g = grammar("c");
    let input = "int keep(void) { return 1 + 2; }\nint cut(void) { int x = 1; x++; return x; }\n";
    let start = input.find("{ int x").unwrap();
    let end = input.rfind('}').unwrap() + 1;
    let oracle = |c: &[u8]| c.starts_with(b"int keep(void) { return 1 + 2; }\nint cut(void)");
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(2);
    let session = Session::new(g, &oracle, &cfg, &stats, None, &Silent);
    let out = reduce(&session, input.as_bytes(), Some(start..end)).unwrap();
    assert_eq!(
        std::str::from_utf8(&out.text).unwrap(),
        "int keep(void) { return 1 + 2; }\nint cut(void) {}\n"
    );
}

#[test]
fn no_candidate_with_new_parse_errors_is_tested() {
    // Real-world C with a macro the parser cannot understand: ERROR nodes from the start.
    let input = "#define DECL(t, n) t n\nDECL(int, a) ;\nint keep = 1;\nstatic int f(int q) { BAD_MACRO(q) return q; }\nint g(void) { return f(2) + 3; }\n";
    let g = grammar("c");
    let base_errors = count_errors(&crate::syntax::parse(g, input.as_bytes()));
    assert!(
        base_errors > 0,
        "the input must have parse errors for this test"
    );
    let bad = Mutex::new(Vec::new());
    let calls = AtomicUsize::new(0);
    let oracle = |c: &[u8]| {
        calls.fetch_add(1, Ordering::Relaxed);
        let errors = count_errors(&crate::syntax::parse(grammar("c"), c));
        if errors > base_errors {
            bad.lock().push(String::from_utf8_lossy(c).into_owned());
        }
        std::str::from_utf8(c).unwrap().contains("int keep")
    };
    let (out, report) = run("c", input, 2, &oracle);
    assert!(
        bad.lock().is_empty(),
        "tested candidates with new errors: {:?}",
        bad.lock()
    );
    assert!(out.len() < input.len() / 3, "{out:?}");
    assert!(out.contains("int keep"));
    assert!(calls.load(Ordering::Relaxed) > 0 && report.tests > 0);
}

#[test]
fn one_worker_is_deterministic() {
    let input = include_str!("../../tests/data/undeclared.c");
    let trace = |_: ()| {
        let seen = Mutex::new(Vec::new());
        let oracle = |c: &[u8]| {
            seen.lock().push(crate::oracle::VerdictCache::key(c));
            std::str::from_utf8(c).unwrap().contains("undeclared_thing")
        };
        let (out, _) = run("c", input, 1, &oracle);
        (out, seen.into_inner())
    };
    let (a, b) = (trace(()), trace(()));
    assert_eq!(a.0, b.0);
    assert_eq!(a.1, b.1, "the sequence of tested candidates must repeat");
}

/// The preprocessor reductions run sequences of tests (a macro body's
/// search) and coordinated edits (inlining): in order every `-j` gives the
/// text `-j 1` gives, and in rounds one text per `-j` that the test accepts.
#[test]
fn preprocessor_reductions_give_one_text_per_schedule_at_every_j() {
    let input = "#define LIMIT 8\n#define u32 unsigned int\n\
        #define BELOW(a, b) (((a) < (b)) && check((a), (b), LIMIT) && (b) != LIMIT)\n\
        int check(long lo, long hi, long limit);\n\
        #ifdef OLD\nint below(u32 x, int y, int z) {\n#else\nint below(u32 x, int y) {\n#endif\n\
        \x20   int t = BELOW(x, y) + BELOW(y, x) + LIMIT;\n    return t;\n}\n";
    let oracle = |c: &[u8]| {
        let t = String::from_utf8_lossy(c);
        // The comparison, written out or through the macro.
        let macro_compares = t.contains("#define BELOW(a, b)")
            && t.contains("(a) < (b)")
            && t.contains("BELOW(x, y)");
        let compares = ["x < y", "(x) < (y)"].iter().any(|c| t.contains(c));
        t.contains("unsigned") && t.contains("below") && (compares || macro_compares)
    };
    let (one, report) = run("c", input, 1, &oracle);
    let accepted = |name: &str| {
        report
            .kinds
            .iter()
            .find(|k| k.kind == name)
            .is_some_and(|k| k.accepted > 0)
    };
    for name in ["macro-bodies", "inline-macros", "conditionals"] {
        assert!(accepted(name), "{name}: {one}");
    }
    for jobs in [2, 4] {
        let in_order = Config {
            in_order: true,
            ..config(jobs)
        };
        assert_eq!(run_with("c", input, in_order, &oracle).0, one, "-j {jobs}");
        let rounds = run("c", input, jobs, &oracle).0;
        assert!(oracle(rounds.as_bytes()), "-j {jobs}: {rounds}");
        assert_eq!(run("c", input, jobs, &oracle).0, rounds, "-j {jobs}");
    }
}

#[test]
fn cancellation_returns_the_best_so_far() {
    let g = grammar("c");
    let input = include_str!("../../tests/data/undeclared.c");
    let cancel = Cancel::new().unwrap();
    let count = AtomicUsize::new(0);
    let oracle = |c: &[u8]| {
        if count.fetch_add(1, Ordering::SeqCst) == 5 {
            cancel.cancel();
        }
        std::str::from_utf8(c).unwrap().contains("undeclared_thing")
    };
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(2);
    let session = Session::new(g, &oracle, &cfg, &stats, Some(&cancel), &Silent);
    let out = reduce(&session, input.as_bytes(), None).unwrap();
    assert!(out.cancelled);
    assert!(
        std::str::from_utf8(&out.text)
            .unwrap()
            .contains("undeclared_thing")
    );
    assert!(
        count.load(Ordering::SeqCst) < 12,
        "workers stop soon after the cancel"
    );
}

#[test]
fn input_that_is_not_interesting_is_an_error() {
    let g = grammar("rust");
    let oracle = |_: &[u8]| false;
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(1);
    let session = Session::new(g, &oracle, &cfg, &stats, None, &Silent);
    assert!(matches!(
        reduce(&session, b"fn main() {}\n", None),
        Err(ReduceError::NotInteresting(_))
    ));
}

#[test]
fn improvements_reach_the_observer_in_order() {
    struct Record(Mutex<Vec<(u64, usize)>>);
    impl Observer for Record {
        fn improved(&self, seq: u64, text: &[u8]) {
            self.0.lock().push((seq, text.len()));
        }
    }
    let g = grammar("c");
    let input = include_str!("../../tests/data/undeclared.c");
    let oracle = |c: &[u8]| std::str::from_utf8(c).unwrap().contains("undeclared_thing");
    let record = Record(Mutex::new(Vec::new()));
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(3);
    let session = Session::new(g, &oracle, &cfg, &stats, None, &record);
    let out = reduce(&session, input.as_bytes(), None).unwrap();
    let mut seen = record.0.into_inner();
    seen.sort();
    let seqs: Vec<u64> = seen.iter().map(|s| s.0).collect();
    assert_eq!(
        seqs,
        (1..=seqs.len() as u64).collect::<Vec<_>>(),
        "numbers are unique and dense"
    );
    assert_eq!(
        seen.last().unwrap().1,
        out.text.len(),
        "the newest improvement is the result"
    );
}

/// A small deterministic generator for the property tests below.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_deletions_in_separated_lists_render_the_survivors() {
    let g = grammar("javascript");
    let mut rng = XorShift(0x9e3779b97f4a7c15);
    for round in 0..300 {
        let n = 1 + (rng.next() % 7) as usize;
        let trailing = rng.next().is_multiple_of(2);
        let items: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
        let sep = if rng.next().is_multiple_of(2) {
            ", "
        } else {
            ",\n  "
        };
        let input = format!(
            "f([{}{}]);\n",
            items.join(sep),
            if trailing { "," } else { "" }
        );
        let original = Original::parse(g, Arc::from(input.as_bytes())).unwrap();
        let list = original
            .lists
            .iter()
            .find(|l| original.node_text(l.elements[0]) == b"v0")
            .unwrap();
        let mask = rng.next();
        let deleted: Vec<NodeId> = list
            .elements
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &e)| e)
            .collect();
        let edits: Vec<(NodeId, Edit)> = deleted.iter().map(|&e| (e, Edit::Delete)).collect();
        let mut out = Vec::new();
        render(&original, EditSet::new().view_with(&edits), &mut out);
        let text = String::from_utf8(out).unwrap();
        let survivors: Vec<String> = (0..n)
            .filter(|i| mask & (1 << i) == 0)
            .map(|i| format!("v{i}"))
            .collect();
        assert_eq!(
            array(&text).unwrap(),
            survivors,
            "round {round}: {input:?} -> {text:?}"
        );
        let tree = crate::syntax::parse(g, text.as_bytes());
        assert_eq!(count_errors(&tree), 0, "round {round}: {text:?}");
    }
}

#[test]
fn random_candidates_reparse_incrementally_like_a_fresh_parse() {
    let g = grammar("c");
    let input = include_str!("../../tests/data/undeclared.c");
    let original = Original::parse(g, Arc::from(input.as_bytes())).unwrap();
    let deletable: Vec<NodeId> = original
        .nodes
        .ids()
        .filter(|&n| original.role(n) != crate::syntax::Role::Fixed)
        .collect();
    let oracle = |_: &[u8]| true;
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(1);
    let session = Session::new(g, &oracle, &cfg, &stats, None, &Silent);
    let _ = &session;
    let mut worker = Worker::new(g);
    let mut rng = XorShift(42);
    let mut checked = BTreeSet::new();
    for _ in 0..200 {
        let k = 1 + (rng.next() % 4) as usize;
        let mut edits: Vec<(NodeId, Edit)> = (0..k)
            .map(|_| {
                (
                    deletable[(rng.next() % deletable.len() as u64) as usize],
                    Edit::Delete,
                )
            })
            .collect();
        edits.sort_by_key(|e| e.0);
        edits.dedup_by_key(|e| e.0);
        let mut out = Vec::new();
        render(&original, EditSet::new().view_with(&edits), &mut out);
        let incremental = worker.reparse(&original.text, &original.tree, &out);
        let fresh = crate::syntax::parse(g, &out);
        assert_eq!(
            incremental.root_node().to_sexp(),
            fresh.root_node().to_sexp()
        );
        checked.insert(out);
    }
    assert!(checked.len() > 100);
}

/// A definition is tried before its only use (largest first); the retry
/// deletes it in the same pass once the use is gone, so the first pass
/// already reaches the result. Without retries the second pass does it.
#[test]
fn failed_deletion_is_retried_when_the_last_use_goes() {
    let input = "int helper(void) { return 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11 + 12; }\n\
                 int keep(void) { int unused = helper(); return 0; }\n";
    // Like a compiler: a call needs the definition.
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        t.contains("int keep(void)")
            && (!t.contains("helper()") || t.contains("int helper(void) {"))
    };
    for retries in [true, false] {
        let g = grammar("c");
        let stats = Stats::new(crate::reduce::names());
        // The oracle would take `int keep(void);`: no prototypes here. The
        // count of passes is the point, so no pass that confirms a pruned
        // fixpoint (tests/prune.rs).
        let cfg = Config {
            prune: false,
            off: if retries {
                vec!["prototype"]
            } else {
                vec!["retries", "prototype"]
            },
            ..config(1)
        };
        let session = Session::new(g, &oracle, &cfg, &stats, None, &Silent);
        let out = reduce(&session, input.as_bytes(), None).unwrap();
        assert_eq!(
            std::str::from_utf8(&out.text).unwrap(),
            "int keep(void) {}\n"
        );
        let report = stats.report();
        let first_pass_end = report.passes[0].end.bytes;
        // The size the reductions reached (the layout pass comes after them).
        let reduced = report
            .passes
            .iter()
            .rfind(|p| p.kind == "reduce" || p.kind == "canon")
            .unwrap()
            .end
            .bytes;
        if retries {
            assert_eq!(first_pass_end, reduced, "retries finish in pass 1");
            assert_eq!(
                report.passes.iter().filter(|p| p.kind == "reduce").count(),
                2
            );
        } else {
            assert!(first_pass_end > reduced);
        }
    }
}

/// A bug in an oracle (a panic) must not leave the other workers waiting
/// forever: the panic reaches the caller.
#[test]
fn a_panicking_worker_does_not_hang_the_others() {
    let g = grammar("c");
    let input = include_str!("../../tests/data/undeclared.c");
    let calls = AtomicUsize::new(0);
    let oracle = move |_: &[u8]| {
        if calls.fetch_add(1, Ordering::SeqCst) == 3 {
            panic!("oracle bug");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        true
    };
    let panicked = crate::testing::within(30, move || {
        let stats = Stats::new(crate::reduce::names());
        let cfg = config(4);
        let session = Session::new(g, &oracle, &cfg, &stats, None, &Silent);
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            reduce(&session, input.as_bytes(), None).map(|_| ())
        }))
        .is_err()
    });
    assert!(panicked, "the panic reaches the caller");
}

/// Reduces `input` with every reduction on and returns the text.
fn reduce_all(lang: &str, input: &str, oracle: &(dyn Oracle + Sync)) -> String {
    run(lang, input, 1, oracle).0
}

#[test]
fn hoisting_climbs_down_to_the_needed_operand() {
    // a + (b * y) -> (b * y) -> b * y -> y, through follow-up hoists of the same slot.
    let input = "int f(int a, int b, int y) { return a + (b * y); }\n";
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        t.contains("int f(") && t.contains("return") && t.contains('y') && !t.contains("ERROR")
    };
    let g = grammar("c");
    let out = reduce_all("c", input, &oracle);
    assert!(out.contains("return y;"), "{out}");
    assert_eq!(count_errors(&crate::syntax::parse(g, out.as_bytes())), 0);
}

#[test]
fn hoisting_nested_calls_keeps_the_argument() {
    let input = "function foo(v) { return v; }\nfunction bar(v) { return v; }\nfoo(bar(x));\n";
    let oracle = |c: &[u8]| std::str::from_utf8(c).unwrap().contains('x');
    let out = reduce_all("javascript", input, &oracle);
    assert_eq!(out.trim(), "x;", "{out}");
}

#[test]
fn kleene_hoisting_splices_a_block_into_its_list() {
    // `if (c) { s1; s2; }` in a statement list: the statements take its place.
    let input = "void g(int c) {\n  if (c > 3) {\n    first();\n    second();\n  }\n}\n";
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        t.contains("first();") && t.contains("second();") && t.contains("void g(")
    };
    let out = reduce_all("c", input, &oracle);
    assert!(!out.contains("if") && !out.contains("c > 3"), "{out}");
    let body = &out[out.find('{').unwrap()..];
    assert_eq!(
        body.matches('{').count(),
        1,
        "the inner braces are gone: {out}"
    );
}

#[test]
fn replacement_uses_the_smallest_compatible_tree() {
    // The long initializer is not needed; the smallest expression of the program (`0`) fits.
    let input = "int k(void) { int keep = 0; int v = first(1, 2) * second(3, 4) + third(5); return keep + v; }\n";
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        t.contains("int v =") && t.contains("return keep + v;")
    };
    let out = reduce_all("c", input, &oracle);
    assert!(out.contains("int v = 0;"), "{out}");
}

#[test]
fn identifier_replacement_lets_a_declaration_go() {
    // `helper` is used once; renaming that use to the more frequent `keep`
    // makes the declaration of `helper` dead code the oracle does not need.
    let input = "int keep;\nint helper;\nint main(void) { return keep + keep + helper; }\n";
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        // Like a compiler: every used name must be declared.
        let declared = |n: &str| t.contains(&format!("int {n};"));
        let used = |n: &str| t.matches(n).count() > usize::from(declared(n));
        t.contains("return keep + keep +")
            && (!used("helper") || declared("helper"))
            && (!used("keep") || declared("keep"))
    };
    let out = reduce_all("c", input, &oracle);
    assert!(!out.contains("helper"), "{out}");
}

#[test]
fn reductions_can_be_switched_off() {
    let input = "int f(int a, int b, int y) { return a + (b * y); }\n";
    let oracle = |c: &[u8]| std::str::from_utf8(c).unwrap().contains("(b * y)");
    let g = grammar("c");
    let stats = Stats::new(crate::reduce::names());
    let cfg = Config {
        off: vec!["hoist", "replace", "rename"],
        ..config(1)
    };
    let session = Session::new(g, &oracle, &cfg, &stats, None, &Silent);
    let out = reduce(&session, input.as_bytes(), None).unwrap();
    let report = stats.report();
    for kind in &report.kinds {
        if ["hoist", "replace", "rename"].contains(&kind.kind) {
            assert_eq!(kind.candidates, 0, "{:?}", kind.kind);
        }
    }
    assert!(
        std::str::from_utf8(&out.text)
            .unwrap()
            .contains("a + (b * y)")
    );
}

/// Parse errors must not shield code: tokens inside an ERROR node reduce too
/// (token- and line-level ddmin), with no new errors.
#[test]
fn code_inside_error_nodes_reduces() {
    let input = "fn main() {\n    let a = 1;\n    let v = vec![1, 2, 3] @ foo bar baz ( keep_me , other ) ;\n    let b = 2;\n}\n";
    let g = grammar("rust");
    let original = Original::parse(g, Arc::from(input.as_bytes())).unwrap();
    assert!(original.errors > 0);
    assert!(
        original.lists.iter().any(|l| !l.members.is_empty()),
        "a line list exists"
    );
    let errors = original.errors;
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        t.contains("keep_me") && count_errors(&crate::syntax::parse(grammar("rust"), c)) <= errors
    };
    let out = reduce_all("rust", input, &oracle);
    for gone in ["baz", "other", "let a", "let b"] {
        assert!(!out.contains(gone), "{gone} should be gone: {out}");
    }
}

#[test]
fn canonicalization_renames_shrinks_numbers_and_strings() {
    // Like a compiler: names must be declared; the bug needs an array of more
    // than 100 elements and a format with %X.
    let input = "int long_counter_name = 7;\nchar buffer_storage[4096];\n\
                 int main(void) { printf(\"checksum = %X\\n\", long_counter_name); return buffer_storage[0]; }\n";
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        let g = grammar("c");
        let tree = crate::syntax::parse(g, c);
        if count_errors(&tree) > 0 {
            return false;
        }
        let bound = t
            .split('[')
            .nth(1)
            .and_then(|r| r.split(']').next())
            .and_then(|n| n.trim().parse::<u64>().ok());
        let declared = |name: &str| {
            t.contains(&format!("int {name} =")) || t.contains(&format!("int {name};"))
        };
        let counter = t
            .split("%X")
            .nth(1)
            .and_then(|r| r.split(')').next())
            .map(|r| {
                r.trim_start_matches(|c: char| {
                    c == '\\' || c == 'n' || c == '"' || c == ',' || c == ' '
                })
            });
        bound.is_some_and(|b| b > 100)
            && t.contains("%X")
            && t.contains("printf(")
            && counter.is_some_and(|name| !name.is_empty() && declared(name))
    };
    let out = reduce_all("c", input, &oracle);
    assert!(
        out.contains("[101]"),
        "the bound shrinks to the smallest that works: {out}"
    );
    assert!(out.contains("\"%X\""), "the format keeps only %X: {out}");
    for long in ["long_counter_name", "buffer_storage", "checksum"] {
        assert!(!out.contains(long), "{long} is canonicalized: {out}");
    }
    assert!(out.contains("int a =") || out.contains("int a;"), "{out}");
}

/// A random program of `functions` functions in `lang`, and the names and
/// numbers it contains (candidates for what an oracle needs). C programs
/// have macros and conditionals too.
fn random_program(lang: &str, rng: &mut XorShift, functions: usize) -> (String, Vec<String>) {
    let mut text = String::new();
    let mut atoms = Vec::new();
    for i in 0..functions {
        let k = rng.next() % 100;
        let statements = 1 + rng.next() % 4;
        let body: Vec<String> = (0..statements)
            .map(|j| {
                let n = rng.next() % 1000;
                atoms.push(format!("v{i}_{j}"));
                atoms.push(n.to_string());
                match lang {
                    "c" => format!("int v{i}_{j} = M{i}(a, {n}) + {k};"),
                    "cpp" => format!("auto v{i}_{j} = M{i}(a, {n}) + S{i}<int>::k * {k};"),
                    "rust" | "javascript" | "typescript" => {
                        format!("let v{i}_{j} = a * {n} + {k};")
                    }
                    "go" => format!("v{i}_{j} := a * {n} + {k}"),
                    "python" => format!("v{i}_{j} = a * {n} + {k}"),
                    "java" => format!("int v{i}_{j} = a * {n} + {k};"),
                    other => panic!("no random program for {other}: add one"),
                }
            })
            .collect();
        let body = body.join("\n    ");
        atoms.push(format!("f{i}"));
        text.push_str(&match lang {
            // Through the preprocessor: a function-like macro naming an
            // object-like one, and a function header split by `#ifdef`
            // (which the grammar cannot read as one node).
            "c" => format!(
                "#define K{i} ({k} + 1)\n#define M{i}(x, y) ((x) * (y) + K{i})\n\
                 #ifdef OLD{i}\nint f{i}(int a, int b) {{\n#else\nint f{i}(int a) {{\n#endif\n    \
                 {body}\n    return a;\n}}\n"
            ),
            // C++: the C program's preprocessor, in a namespace with a
            // class template and a lambda.
            "cpp" => format!(
                "#define K{i} ({k} + 1)\n#define M{i}(x, y) ((x) * (y) + K{i})\n\
                 namespace n{i} {{\ntemplate <typename T> struct S{i} : B {{ static const T k = {k}; }};\n\
                 #ifdef OLD{i}\nint f{i}(int a, int b) {{\n#else\nint f{i}(int a) {{\n#endif\n    \
                 {body}\n    return [&](int x) {{ return x + a; }}(a);\n}}\n}}\n"
            ),
            "rust" => format!("fn f{i}(a: i64) -> i64 {{\n    {body}\n    a\n}}\n"),
            "javascript" => format!("function f{i}(a) {{\n    {body}\n    return a;\n}}\n"),
            "typescript" => {
                format!("function f{i}(a: number): number {{\n    {body}\n    return a;\n}}\n")
            }
            "go" => format!("func f{i}(a int) int {{\n    {body}\n    return a\n}}\n"),
            "python" => format!("def f{i}(a):\n    {body}\n    return a\n"),
            "java" => format!("class C{i} {{\n  int f{i}(int a) {{\n    {body}\n    return a;\n  }}\n}}\n"),
            other => panic!("no random program for {other}: add one"),
        });
    }
    (text, atoms)
}

/// The engine fuzzer: random programs in every language of
/// `Language::ALL` (a new language must add its template to
/// `random_program`) and random monotone
/// oracles (the candidate still contains some atoms of the program), at
/// -j 1 and -j 4. Every run ends (within a bound), no tested candidate has
/// more parse errors than the input, and the result and every reported
/// improvement pass the oracle.
#[test]
fn fuzz_random_programs_and_oracles() {
    struct Record(Mutex<Vec<Vec<u8>>>);
    impl Observer for Record {
        fn improved(&self, _seq: u64, text: &[u8]) {
            self.0.lock().push(text.to_vec());
        }
    }
    crate::testing::within(300, || {
        let mut rng = XorShift(0x2545f4914f6cdd1d);
        let languages = crate::lang::Language::ALL;
        for round in 0..20 * languages.len() {
            let lang = languages[round % languages.len()].name;
            let g = grammar(lang);
            let functions = 1 + (rng.next() % 4) as usize;
            let (input, atoms) = random_program(lang, &mut rng, functions);
            let needed: Vec<String> = (0..1 + rng.next() % 3)
                .map(|_| atoms[(rng.next() % atoms.len() as u64) as usize].clone())
                .collect();
            let base_errors = count_errors(&crate::syntax::parse(g, input.as_bytes()));
            let interesting = |c: &[u8]| {
                let t = String::from_utf8_lossy(c);
                needed.iter().all(|a| {
                    t.match_indices(a.as_str()).any(|(i, _)| {
                        let after = t[i + a.len()..].chars().next();
                        !after.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
                })
            };
            for jobs in [1, 4] {
                let new_errors = AtomicUsize::new(0);
                let oracle = |c: &[u8]| {
                    if count_errors(&crate::syntax::parse(g, c)) > base_errors {
                        new_errors.fetch_add(1, Ordering::Relaxed);
                    }
                    interesting(c)
                };
                let record = Record(Mutex::new(Vec::new()));
                let stats = Stats::new(crate::reduce::names());
                let cfg = config(jobs);
                let session = Session::new(g, &oracle, &cfg, &stats, None, &record);
                let out = reduce(&session, input.as_bytes(), None).unwrap();
                let context = format!("{lang} -j {jobs}, needs {needed:?}:\n{input}");
                assert_eq!(new_errors.load(Ordering::Relaxed), 0, "{context}");
                assert!(interesting(&out.text), "{context}");
                assert!(out.text.len() <= input.len(), "{context}");
                for improvement in record.0.lock().iter() {
                    assert!(interesting(improvement), "{context}");
                }
            }
        }
    });
}
