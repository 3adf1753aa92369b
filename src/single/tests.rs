//! Single-file reduction with closure oracles: fast and deterministic, no processes.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use parking_lot::Mutex;

use super::coarse::{COARSE_TOKENS, COARSE_WIDTH};
use super::*;
use crate::edit::{Edit, EditSet, render};
use crate::oracle::Cancel;
use crate::reduce::Worker;
use crate::syntax::{Grammar, NodeId, Original, count_errors};
use crate::task::Silent;
use crate::testing::XorShift;

fn grammar(lang: &str) -> &'static Grammar {
    crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap())
}

fn config(jobs: usize) -> Config {
    let mut config = Config::default();
    config.run.jobs = jobs;
    config
}

/// [`config`] with commits in the order of one worker, or in rounds.
fn config_in_order(jobs: usize, in_order: bool) -> Config {
    let mut config = config(jobs);
    config.run.in_order = in_order;
    config
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
/// search) and coordinated edits (inlining): in rounds and in order, every
/// `-j` gives the text `-j 1` gives.
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
    let in_order = |jobs| config_in_order(jobs, true);
    let one_in_order = run_with("c", input, in_order(1), &oracle).0;
    assert!(oracle(one_in_order.as_bytes()), "{one_in_order}");
    for jobs in [2, 4] {
        let text = run_with("c", input, in_order(jobs), &oracle).0;
        assert_eq!(text, one_in_order, "-j {jobs} in order");
        assert_eq!(run("c", input, jobs, &oracle).0, one, "-j {jobs}");
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

/// A run stopped while the merge a pass handed over is still untested (at
/// the next pass's first test) ends on the tested program before the
/// merge: the newest improvement, not the merge, which no test accepted.
#[test]
fn a_stop_before_a_handed_merge_is_settled_ends_on_the_program_before_it() {
    struct Record(Mutex<Vec<Vec<u8>>>);
    impl Observer for Record {
        fn improved(&self, _: u64, text: &[u8]) {
            self.0.lock().push(text.to_vec());
        }
    }
    let g = grammar("c");
    let input = include_str!("../../tests/data/undeclared.c");
    let needed = |c: &[u8]| std::str::from_utf8(c).unwrap().contains("undeclared_thing");
    // A run to its end: the first pass hands its merge to the second.
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(1);
    let session = Session::new(g, &needed, &cfg, &stats, None, &Silent);
    reduce(&session, input.as_bytes(), None).unwrap();
    let report = stats.report();
    assert!(report.merges_handed > 0, "{report:?}");
    // The input's check and the first pass's tests, then a stop.
    let until = 1 + report.passes[0].tests as usize;
    let cancel = Cancel::new().unwrap();
    let count = AtomicUsize::new(0);
    let oracle = |c: &[u8]| {
        if count.fetch_add(1, Ordering::SeqCst) >= until {
            cancel.cancel();
            return false;
        }
        needed(c)
    };
    let record = Record(Mutex::new(Vec::new()));
    let stats = Stats::new(crate::reduce::names());
    let session = Session::new(g, &oracle, &cfg, &stats, Some(&cancel), &record);
    let out = reduce(&session, input.as_bytes(), None).unwrap();
    let report = stats.report();
    assert!(out.cancelled && report.merges_handed == 1, "{report:?}");
    let merged = report.passes[0].end.bytes;
    assert!(
        out.text.len() as u64 > merged,
        "not the merge of {merged} bytes"
    );
    assert!(needed(&out.text));
    let improvements = record.0.into_inner();
    assert_eq!(improvements.last().map(Vec::as_slice), Some(&out.text[..]));
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
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let oracle = move |_: &[u8]| {
        if counted.fetch_add(1, Ordering::SeqCst) == 3 {
            panic!("oracle bug");
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        true
    };
    let panicked = crate::testing::within(30, move || {
        // In rounds of lanes and with in-order speculation.
        [false, true].map(|in_order| {
            calls.store(0, Ordering::SeqCst);
            let stats = Stats::new(crate::reduce::names());
            let cfg = config_in_order(4, in_order);
            let session = Session::new(g, &oracle, &cfg, &stats, None, &Silent);
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                reduce(&session, input.as_bytes(), None).map(|_| ())
            }))
            .err()
            .and_then(|payload| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        })
    });
    // The panic reaches the caller with its own message (not "a scoped
    // thread panicked"), so that a caller can say what went wrong.
    assert_eq!(
        panicked,
        [Some("oracle bug".into()), Some("oracle bug".into())]
    );
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

/// Canonicalization runs side by side: the renames of a program's names
/// are tested in batches, and the merges its names then try (one name into
/// another already in use) share rounds, so that a canonicalization pass
/// takes at most a quarter as many rounds as tests at the default width.
/// (When every name claimed the next fresh name, the names took their turns
/// one test per round.)
#[test]
fn canonicalization_tests_many_names_in_each_round() {
    let names = 24;
    let mut input = String::new();
    for i in 0..names {
        input.push_str(&format!("int counter_value_{i:02} = 0;\n"));
    }
    input.push_str("int main(void) { return 0; }\n");
    // Like a compiler that needs the 24 variables, all distinct, and main.
    let oracle = move |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        if count_errors(&crate::syntax::parse(grammar("c"), c)) > 0 || !t.contains("int main(") {
            return false;
        }
        let declared: BTreeSet<&str> = t
            .lines()
            .filter_map(|l| l.strip_prefix("int ")?.strip_suffix(" = 0;"))
            .collect();
        declared.len() == names && !declared.contains("main")
    };
    let (out, report) = run("c", &input, 4, &oracle);
    assert!(!out.contains("counter"), "{out}");
    let canon: Vec<_> = report.passes.iter().filter(|p| p.kind == "canon").collect();
    assert!(!canon.is_empty());
    for pass in canon {
        assert!(
            pass.rounds * 4 <= pass.tests,
            "{} rounds for {} tests",
            pass.rounds,
            pass.tests
        );
    }
}

/// A canonicalization pass that follows a syntax pass that found nothing
/// has its first changes tested in that pass's last round, in the places
/// it leaves free: a batch's rename, and when a batch of one rename is not
/// interesting, what its name's own task tries next (here a merge into a
/// name in use). Like a compiler whose message names `item_price`, the
/// test rejects every rename of it, so the last canonicalization pass
/// finds nothing and, with everything it tries known, tests nothing.
#[test]
fn a_canonicalization_pass_after_one_that_found_nothing_finds_its_tries_tested() {
    let input = "int item_price(int);\nint order_total() { item_price(item_price, 1); }\n";
    let oracle = |c: &[u8]| {
        let t = std::str::from_utf8(c).unwrap();
        count_errors(&crate::syntax::parse(grammar("c"), c)) == 0
            && t.contains("item_price(item_price,")
            && t.contains("int item_price(int)")
            && t.contains("() {")
    };
    for jobs in [1, 2, 4] {
        let (out, report) = run("c", input, jobs, &oracle);
        assert_eq!(
            out,
            "int item_price(int);\nint a() {\n    item_price(item_price, 0);\n}\n"
        );
        let passes: Vec<_> = report
            .passes
            .iter()
            .map(|p| (p.kind, p.tests, p.rounds))
            .collect();
        let canon: Vec<_> = passes.iter().filter(|p| p.0 == "canon").collect();
        assert!(canon.len() >= 2, "-j {jobs}: {passes:?}");
        assert_eq!(
            canon.last(),
            Some(&&("canon", 0, 0)),
            "-j {jobs}: {passes:?}"
        );
    }
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

/// Whole-word occurrences of `atom` in `text` (not inside a longer name or
/// number).
fn occurrences(text: &str, atom: &str) -> usize {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(atom)
        .filter(|(i, _)| {
            let before = text[..*i].chars().next_back();
            let after = text[i + atom.len()..].chars().next();
            !before.is_some_and(word) && !after.is_some_and(word)
        })
        .count()
}

/// One condition of a random oracle on a program's text (the fuzzer
/// below); an oracle is the conjunction of its conditions, each true of
/// the input. All but `Has` are not monotone: deleting more can make a
/// failing candidate interesting again, and two changes interesting alone
/// can fail together.
#[derive(Clone, Debug)]
enum Condition {
    /// The atom occurs.
    Has(String),
    /// The atom occurs an odd (`true`) or even number of times.
    Parity(String, bool),
    /// Both atoms occur or neither does.
    Together(String, String),
    /// The first atom occurs, and the second does or the third does not.
    Unless(String, String, String),
    /// The number of occurrences of the token (`;`, `(`, `a`, ...), modulo
    /// the first number, is the second.
    Residue(String, usize, usize),
    /// A random verdict fixed per text (its hash with the salt), true in
    /// the given percentage of texts, and for the input.
    Hash(u64, u64),
    /// The same per sequence of words (blind to white space).
    WordHash(u64, u64),
}

impl Condition {
    fn holds(&self, text: &str, input: &str) -> bool {
        let salted = |salt: &u64, bytes: &[u8]| {
            let mut all = salt.to_le_bytes().to_vec();
            all.extend_from_slice(bytes);
            crate::oracle::VerdictCache::key(&all) % 100
        };
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        match self {
            Condition::Has(a) => occurrences(text, a) > 0,
            Condition::Parity(a, odd) => (occurrences(text, a) % 2 == 1) == *odd,
            Condition::Together(a, b) => (occurrences(text, a) > 0) == (occurrences(text, b) > 0),
            Condition::Unless(x, y, z) => {
                occurrences(text, x) > 0 && (occurrences(text, y) > 0 || occurrences(text, z) == 0)
            }
            Condition::Residue(token, m, r) => text.matches(token.as_str()).count() % m == *r,
            Condition::Hash(salt, percent) => {
                text == input || salted(salt, text.as_bytes()) < u128::from(*percent)
            }
            Condition::WordHash(salt, percent) => {
                let w = words(text);
                w == words(input) || salted(salt, w.as_bytes()) < u128::from(*percent)
            }
        }
    }

    /// A random condition on atoms of the program `input` that it meets.
    fn random(rng: &mut XorShift, input: &str, atoms: &[String]) -> Condition {
        let atom = |rng: &mut XorShift| atoms[rng.below(atoms.len() as u64) as usize].clone();
        match rng.below(8) {
            0 => Condition::Has(atom(rng)),
            1 => {
                let a = atom(rng);
                let odd = occurrences(input, &a) % 2 == 1;
                Condition::Parity(a, odd)
            }
            2 => Condition::Together(atom(rng), atom(rng)),
            3 => Condition::Unless(atom(rng), atom(rng), atom(rng)),
            4 => {
                let token = [";", "(", "{", "a", "+", "return"][rng.below(6) as usize];
                let m = 2 + rng.below(2) as usize;
                let r = input.matches(token).count() % m;
                Condition::Residue(token.to_string(), m, r)
            }
            5 => Condition::Hash(rng.next(), 30 + rng.below(51)),
            _ => Condition::WordHash(rng.next(), 30 + rng.below(51)),
        }
    }
}

/// What a reduction of the fuzzer saw: improvements by number, and the
/// text the syntax passes ended on (the newest improvement when a phase
/// after them begins: layout, tidy, formatter or re-check).
#[derive(Default)]
struct Seen {
    improvements: Mutex<Vec<(u64, Vec<u8>)>>,
    fixpoint: Mutex<Option<Vec<u8>>>,
}

impl Observer for Seen {
    fn improved(&self, seq: u64, text: &[u8]) {
        self.improvements.lock().push((seq, text.to_vec()));
    }

    fn phase(&self, phase: Phase) {
        let after_the_passes = matches!(
            phase,
            Phase::Layout | Phase::Tidy | Phase::Format | Phase::Verify
        );
        let mut fixpoint = self.fixpoint.lock();
        if after_the_passes && fixpoint.is_none() {
            let improvements = self.improvements.lock();
            let newest = improvements.iter().max_by_key(|(seq, _)| *seq);
            *fixpoint = Some(newest.map_or_else(Vec::new, |(_, text)| text.clone()));
        }
    }
}

/// One pass like the one that confirms the syntax fixpoint (it prunes
/// nothing; ddmin's levels and the replacements follow the run's
/// configuration) over `text`, at -j 1: the candidates it tested, by
/// reduction, and whether it committed anything.
fn confirming_pass(
    g: &'static Grammar,
    text: &[u8],
    config: &Config,
    oracle: &(dyn Oracle + Sync),
) -> (bool, Vec<(&'static str, u64)>) {
    let original = Original::parse(g, Arc::from(text)).unwrap();
    let stats = Stats::new(crate::reduce::names());
    let run = Run::new(1, &stats, None);
    let subject = crate::reduce::TreeSubject::new(
        &original,
        original.nodes.root(),
        g,
        crate::lexical::Lexicon::of(g.language),
        config,
        &stats,
        oracle,
        &Silent,
    );
    let memory = Memory::new();
    let subject = subject.remembering(&memory, 1, false);
    let start = crate::reduce::PassKind::Reduce;
    let done = run_pass(&run, &subject, Best::of(&original), subject.start(start));
    let tested = stats
        .report()
        .kinds
        .iter()
        .filter(|k| k.candidates > 0)
        .map(|k| (k.kind, k.candidates))
        .collect();
    (done.commits > 0, tested)
}

/// Every program that deleting one list element (but the last of a plus
/// list) or one optional node makes of `text`, if it parses with no more
/// errors than `text`: what ddmin's single elements and the deletions of
/// optional nodes propose, enumerated from the node table without the
/// engine.
fn single_deletions(g: &'static Grammar, text: &[u8]) -> Vec<Vec<u8>> {
    let original = Original::parse(g, Arc::from(text)).unwrap();
    let mut groups: Vec<Vec<NodeId>> = Vec::new();
    for list in &original.lists {
        if list.plus && list.elements.len() == 1 {
            continue;
        }
        groups.extend((0..list.elements.len()).map(|i| list.nodes_of(i).to_vec()));
    }
    let optional = original
        .nodes
        .ids()
        .filter(|&n| original.role(n) == crate::syntax::Role::Optional);
    groups.extend(optional.map(|n| vec![n]));
    let mut out = Vec::new();
    for group in groups {
        let edits: Vec<(NodeId, Edit)> = group.iter().map(|&n| (n, Edit::Delete)).collect();
        let mut candidate = Vec::new();
        render(&original, EditSet::new().view_with(&edits), &mut candidate);
        if candidate[..] != text[..]
            && count_errors(&crate::syntax::parse(g, &candidate)) <= original.errors
        {
            out.push(candidate);
        }
    }
    out
}

/// One case of the fuzzer with non-monotone oracles (see the test below).
fn fuzz_programs(seed: u64) -> crate::testing::Tally {
    let mut rng = XorShift::seeded(seed);
    let lang = ["c", "rust", "javascript"][(seed % 3) as usize];
    let g = grammar(lang);
    let functions = 1 + rng.below(3) as usize;
    let (input, atoms) = random_program(lang, &mut rng, functions);
    let conditions: Vec<Condition> = (0..1 + rng.below(3))
        .map(|_| Condition::random(&mut rng, &input, &atoms))
        .collect();
    let interesting = |c: &[u8]| {
        let text = String::from_utf8_lossy(c);
        conditions.iter().all(|k| k.holds(&text, &input))
    };
    assert!(interesting(input.as_bytes()));
    let base_errors = count_errors(&crate::syntax::parse(g, input.as_bytes()));
    let input_tokens = count_tokens(&crate::syntax::parse(g, input.as_bytes())) as u64;
    let context = format!("seed {seed}, {lang}, {conditions:?}:\n{input}");
    let mut tally = crate::testing::Tally::new();
    let count = |tally: &mut crate::testing::Tally, key: &str, n: u64| {
        *tally.entry(key.to_string()).or_default() += n;
    };
    count(&mut tally, "cases", 1);
    // The text of rounds and of in-order commits, which every -j must give.
    let mut texts: [Option<Vec<u8>>; 2] = [None, None];
    for (jobs, in_order) in [(1, false), (3, false), (8, false), (1, true), (4, true)] {
        let context = format!(
            "-j {jobs}{}, {context}",
            if in_order { " in order" } else { "" }
        );
        let cfg = config_in_order(jobs, in_order);
        // (result, improvements, fixpoint, report)
        let reduce_once = || {
            let new_errors = Mutex::new(Vec::new());
            let oracle = |c: &[u8]| {
                if count_errors(&crate::syntax::parse(g, c)) > base_errors {
                    new_errors
                        .lock()
                        .push(String::from_utf8_lossy(c).into_owned());
                }
                interesting(c)
            };
            let seen = Seen::default();
            let stats = Stats::new(crate::reduce::names());
            let session = Session::new(g, &oracle, &cfg, &stats, None, &seen);
            let out = reduce(&session, input.as_bytes(), None).unwrap();
            let new_errors = new_errors.into_inner();
            assert!(
                new_errors.is_empty(),
                "{context}: tested with new parse errors: {new_errors:?}"
            );
            let mut improvements = seen.improvements.into_inner();
            improvements.sort_by_key(|(seq, _)| *seq);
            let fixpoint = seen.fixpoint.into_inner().unwrap_or_default();
            let fixpoint = if fixpoint.is_empty() && improvements.is_empty() {
                input.as_bytes().to_vec()
            } else {
                fixpoint
            };
            (out.text.to_vec(), improvements, fixpoint, stats.report())
        };
        let (out, improvements, fixpoint, report) = reduce_once();
        let shown = String::from_utf8_lossy(&out);
        assert!(interesting(&out), "{context}: the result fails: {shown}");
        assert!(interesting(&fixpoint), "{context}: the fixpoint fails");
        for (seq, text) in &improvements {
            let text = String::from_utf8_lossy(text);
            assert!(
                interesting(text.as_bytes()),
                "{context}: improvement {seq} fails: {text}"
            );
        }
        // Ends within a bound: passes and tests grow with the input, not
        // without end.
        let passes = report.passes.len() as u64;
        assert!(passes <= 2 * input_tokens, "{context}: {passes} passes");
        assert!(
            report.tests <= 50 * input_tokens * input_tokens,
            "{context}: {} tests",
            report.tests
        );
        // The same every time for one -j, and the text of every other -j.
        let (again, again_improvements, _, _) = reduce_once();
        if let Some(at) = (0..improvements.len().max(again_improvements.len()))
            .find(|&i| improvements.get(i) != again_improvements.get(i))
        {
            let shown = |all: &[(u64, Vec<u8>)]| {
                all.get(at).map_or("(none)".into(), |(_, t)| {
                    String::from_utf8_lossy(t).into_owned()
                })
            };
            panic!(
                "{context}: not deterministic: improvement {} was\n{}\nand then\n{}",
                at + 1,
                shown(&improvements),
                shown(&again_improvements)
            );
        }
        assert!(again == out, "{context}: not deterministic");
        match &texts[usize::from(in_order)] {
            None => texts[usize::from(in_order)] = Some(out.clone()),
            Some(one) => assert!(
                out == *one,
                "{context}: not the text of another -j:\n{}\nagainst\n{}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(one)
            ),
        }
        // 1-minimal for the changes of the pass that confirms the
        // fixpoint: that pass again on the fixpoint commits nothing, and
        // no single deletion of a list element or optional node (found
        // without the engine) is interesting.
        let fixpoint_text = String::from_utf8_lossy(&fixpoint).into_owned();
        let (committed, tested) = confirming_pass(g, &fixpoint, &cfg, &interesting);
        assert!(
            !committed,
            "{context}: a change of the confirming pass is interesting on the result:\n{fixpoint_text}"
        );
        for (kind, n) in tested {
            count(&mut tally, kind, n);
        }
        let deletions = single_deletions(g, &fixpoint);
        for candidate in &deletions {
            assert!(
                !interesting(candidate),
                "{context}: a single deletion is interesting on the result:\n{fixpoint_text}\n->\n{}",
                String::from_utf8_lossy(candidate)
            );
        }
        count(&mut tally, "single deletions", deletions.len() as u64);
        count(&mut tally, "runs", 2);
        count(&mut tally, "tests", report.tests);
        count(&mut tally, "merges", report.merges);
        count(&mut tally, "merges_failed", report.merges_failed);
        count(&mut tally, "merges_handed", report.merges_handed);
        count(
            &mut tally,
            "merges_handed_failed",
            report.merges_handed_failed,
        );
    }
    tally
}

/// The fuzzer with oracles that are not monotone: random programs in all
/// three languages, random conditions on their atoms (parities, pairs
/// kept together, "x and (y or not z)", counts of a token modulo a small
/// number, random verdicts fixed per text or per word sequence), in rounds
/// at -j 1, 3 and 8 and in order at -j 1 and 4. No tested candidate has
/// new parse errors; the result, the fixpoint and every improvement pass
/// the oracle (also when a merge a pass handed over to the next is not
/// interesting); passes and tests stay within a bound; each -j gives the same
/// text and improvements every time, and the text of every other -j; the fixpoint is
/// 1-minimal for the pass that confirms it (see `confirming_pass` and
/// `single_deletions`). `TREEREDUCE_FUZZ_SECONDS` runs it longer (see
/// `testing::fuzz`).
#[test]
fn fuzz_non_monotone_oracles() {
    let tally = crate::testing::fuzz("single fuzz", 12, 300, fuzz_programs);
    // (Not for one case alone, TREEREDUCE_FUZZ_SEED: it may have none.)
    let count = |key: &str| tally.get(key).copied().unwrap_or(0);
    // Merges a pass handed over, some of them not interesting: the pass
    // that made one ran again, and every assertion above held.
    assert!(
        count("cases") < 10 || (count("merges") > 0 && count("merges_handed_failed") > 0),
        "{tally:?}"
    );
}

/// A test that is not to be trusted: the non-monotone oracle of the fuzzer,
/// whose answer is, with a chance of `percent` in 100 per run, the other
/// verdict, a timeout or a test that could not run (drawn anew on every
/// run, so that one text gets several answers, in an order that depends on
/// the threads). Its first run (the check of the input) is honest. Keeps
/// every text it accepted.
struct Flaky<'a> {
    honest: &'a (dyn Fn(&[u8]) -> bool + Sync),
    percent: u64,
    seed: u64,
    runs: std::sync::atomic::AtomicU64,
    flips: std::sync::atomic::AtomicU64,
    accepted: Mutex<std::collections::HashSet<Vec<u8>>>,
}

impl Oracle for Flaky<'_> {
    fn test(&self, _: usize, candidate: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
        let n = self.runs.fetch_add(1, Ordering::SeqCst);
        let mut rng = XorShift::seeded(self.seed ^ n.wrapping_mul(0x9e37_79b9));
        let honest = (self.honest)(candidate);
        let verdict = if n > 0 && rng.chance(self.percent) {
            self.flips.fetch_add(1, Ordering::SeqCst);
            match rng.below(3) {
                0 if honest => Verdict::NotInteresting,
                0 => Verdict::Interesting,
                1 => Verdict::TimedOut,
                _ => {
                    return Err(crate::oracle::OracleError::new(
                        "cannot start the test",
                        std::io::Error::from(std::io::ErrorKind::WouldBlock),
                    ));
                }
            }
        } else if honest {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        };
        if verdict == Verdict::Interesting {
            self.accepted.lock().insert(candidate.to_vec());
        }
        Ok(verdict)
    }
}

/// One case of the fuzzer with flaky tests (see the test below).
fn fuzz_flaky_programs(seed: u64) -> crate::testing::Tally {
    let mut rng = XorShift::seeded(seed);
    let lang = ["c", "rust", "javascript"][(seed % 3) as usize];
    let g = grammar(lang);
    let functions = 1 + rng.below(3) as usize;
    let (input, atoms) = random_program(lang, &mut rng, functions);
    let conditions: Vec<Condition> = (0..1 + rng.below(3))
        .map(|_| Condition::random(&mut rng, &input, &atoms))
        .collect();
    let interesting = |c: &[u8]| {
        let text = String::from_utf8_lossy(c);
        conditions.iter().all(|k| k.holds(&text, &input))
    };
    let base_errors = count_errors(&crate::syntax::parse(g, input.as_bytes()));
    let input_tokens = count_tokens(&crate::syntax::parse(g, input.as_bytes())) as u64;
    let percent = 2 + rng.below(20);
    let context = format!("seed {seed}, {lang}, {percent}% flaky, {conditions:?}:\n{input}");
    let mut tally = crate::testing::Tally::new();
    let mut count = |key: &str, n: u64| *tally.entry(key.to_string()).or_default() += n;
    count("cases", 1);
    for (jobs, in_order) in [
        (1, false),
        (2, false),
        (3, false),
        (4, false),
        (8, false),
        (16, false),
        (1, true),
        (3, true),
    ] {
        let context = format!(
            "-j {jobs}{}, {context}",
            if in_order { " in order" } else { "" }
        );
        let new_errors = Mutex::new(Vec::new());
        let watched = |c: &[u8]| {
            if count_errors(&crate::syntax::parse(g, c)) > base_errors {
                new_errors
                    .lock()
                    .push(String::from_utf8_lossy(c).into_owned());
            }
            interesting(c)
        };
        let oracle = Flaky {
            honest: &watched,
            percent,
            seed: seed ^ (jobs as u64) << 32,
            runs: Default::default(),
            flips: Default::default(),
            accepted: Default::default(),
        };
        let cfg = config_in_order(jobs, in_order);
        let seen = Seen::default();
        let stats = Stats::new(crate::reduce::names());
        let session = Session::new(g, &oracle, &cfg, &stats, None, &seen);
        let (text, outcome) = match reduce(&session, input.as_bytes(), None) {
            Ok(out) => (out.text.to_vec(), "ok"),
            // Five runs in a row that could not run: the best so far.
            Err(ReduceError::Oracle { best, .. }) => (best.to_vec(), "stopped"),
            Err(e) => panic!("{context}: {e}"),
        };
        count(outcome, 1);
        let new_errors = new_errors.lock();
        assert!(
            new_errors.is_empty(),
            "{context}: tested with new parse errors: {new_errors:?}"
        );
        // The result is the input or a text the test accepted; so is every
        // improvement.
        let accepted = oracle.accepted.lock();
        let shown = String::from_utf8_lossy(&text);
        assert!(
            text == input.as_bytes() || accepted.contains(&text),
            "{context}: the result was never accepted: {shown}"
        );
        for (seq, improvement) in seen.improvements.lock().iter() {
            assert!(
                accepted.contains(improvement),
                "{context}: improvement {seq} was never accepted: {}",
                String::from_utf8_lossy(improvement)
            );
        }
        let report = stats.report();
        let passes = report.passes.len() as u64;
        assert!(passes <= 2 * input_tokens + 4, "{context}: {passes} passes");
        assert!(
            report.tests <= 50 * input_tokens * input_tokens,
            "{context}: {} tests",
            report.tests
        );
        count("runs", 1);
        count("tests", report.tests);
        count("flaky answers", oracle.flips.load(Ordering::SeqCst));
        count("honest results", u64::from(interesting(&text)));
    }
    tally
}

/// The fuzzer with flaky tests: the programs and conditions of
/// `fuzz_non_monotone_oracles`, under a test that gives, on 2 to 21 runs
/// in 100, the other verdict, a timeout or no verdict at all, at -j 1, 2,
/// 3, 4, 8 and 16 in rounds and at -j 1 and 3 in order. Every run ends
/// within its bound of passes and tests and of time (no hang, no panic),
/// either with a result or, after 5 runs in a row that could not run,
/// with the best so far; no candidate with new parse errors is tested;
/// the result is the input or a text the test accepted, and so is every
/// improvement. `TREEREDUCE_FUZZ_SECONDS` runs it longer (see
/// `testing::fuzz`).
#[test]
fn fuzz_flaky_oracles() {
    let tally = crate::testing::fuzz("flaky fuzz", 6, 300, fuzz_flaky_programs);
    let count = |key: &str| tally.get(key).copied().unwrap_or(0);
    assert!(
        count("cases") < 6 || count("flaky answers") > 0,
        "{tally:?}"
    );
}

/// Regression: identifier replacement (toward the more frequent name) and
/// canonicalization (toward `a`) undid each other; the pass that checked
/// the fixpoint renamed `a` to `v1_2` again, and the run, taking that for a
/// cycle, ended on it: on a result no pass had checked, where deleting
/// `int v1_2` was still interesting. Found by the fuzzer with non-monotone
/// oracles (seed 165, minimized). Canonicalization no longer renames one
/// use of a name toward a rarer name (see
/// `canonicalization_does_not_split_a_name_that_renaming_would_join_again`),
/// so the two no longer undo each other here; the run must still end on a
/// pass that finds nothing, at a fixpoint a confirming pass agrees with.
#[test]
fn the_run_ends_on_a_pass_that_finds_nothing_when_renaming_and_canonicalization_undo_each_other() {
    let input = "    v0_0 = 440;\n    v1_2\n}\n    int v2_2 = x\n    x\n";
    let oracle = |c: &[u8]| {
        let t = String::from_utf8_lossy(c);
        let has = |atom: &str| occurrences(&t, atom) > 0;
        has("v1_2") && has("440") == has("v2_2")
    };
    let g = grammar("c");
    let seen = Seen::default();
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(1);
    let session = Session::new(g, &oracle, &cfg, &stats, None, &seen);
    reduce(&session, input.as_bytes(), None).unwrap();
    let report = stats.report();
    let passes: Vec<_> = report
        .passes
        .iter()
        .filter(|p| matches!(p.kind, "reduce" | "canon"))
        .collect();
    assert!(passes.iter().any(|p| p.kind == "canon"), "{passes:?}");
    let last = passes.last().unwrap();
    assert_eq!((last.kind, last.skipped), ("reduce", 0));
    assert_eq!(last.start, last.end, "the last pass committed");
    let fixpoint = seen.fixpoint.into_inner().unwrap();
    let (committed, _) = confirming_pass(g, &fixpoint, &cfg, &oracle);
    assert!(!committed, "{}", String::from_utf8_lossy(&fixpoint));
}

/// Canonicalization does not rename one use of a name of several uses to a
/// name that stays rarer (`x(x, 1)` -> `x(a, 1)`): identifier replacement
/// moves a use to a name at least as frequent and would rename it back, and
/// the run would need a canonicalization pass and two syntax passes more
/// to settle where it started (c-too-many-args: 232 -> 191 tests).
#[test]
fn canonicalization_does_not_split_a_name_that_renaming_would_join_again() {
    let input = "int x(int);\nint y() {\n    x(x, 1);\n}\n";
    // The declaration and the call stay, with two arguments.
    let oracle = |c: &[u8]| {
        let t = String::from_utf8_lossy(c);
        t.matches("x(").count() >= 2 && t.contains(',')
    };
    let g = grammar("c");
    let seen = Seen::default();
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(1);
    let session = Session::new(g, &oracle, &cfg, &stats, None, &seen);
    let out = reduce(&session, input.as_bytes(), None).unwrap();
    let text = String::from_utf8(out.text.to_vec()).unwrap();
    assert!(text.contains("x(x, 0)"), "{text}");
    let report = stats.report();
    let renamed = report
        .kinds
        .iter()
        .find(|k| k.kind == "rename")
        .map_or(0, |k| k.accepted);
    assert_eq!(renamed, 0, "a use was renamed back: {text}");
}

/// A name that took its fresh name in its batch still tries an unused
/// name before it, which a batch that failed left (`keep` must stay, so
/// its `a` is free; `other` takes `b`, then `a`, in the same pass), where
/// the next canonicalization pass would otherwise find it after the
/// syntax passes between.
#[test]
fn a_name_renamed_by_its_batch_takes_the_fresh_name_a_failed_batch_left() {
    let input = "int keep = 1;\nint other = 2;\n";
    let oracle = |c: &[u8]| {
        let t = String::from_utf8_lossy(c);
        t.contains("keep")
            && t.matches("int ").count() == 2
            && t.contains("= 1")
            && t.contains("= 2")
    };
    let g = grammar("c");
    let seen = Seen::default();
    let stats = Stats::new(crate::reduce::names());
    // The syntax pass finds nothing; the run stops after the first
    // canonicalization pass.
    let cfg = Config {
        passes: Some(2),
        ..config(1)
    };
    let session = Session::new(g, &oracle, &cfg, &stats, None, &seen);
    let out = reduce(&session, input.as_bytes(), None).unwrap();
    let text = String::from_utf8(out.text.to_vec()).unwrap();
    let passes: Vec<_> = stats.report().passes.iter().map(|p| p.kind).collect();
    assert_eq!(&passes[..2], ["reduce", "canon"], "{passes:?}");
    assert_eq!(text, "int keep = 1;\nint a = 2;\n");
}

/// An oracle that accepts the programs containing `needed` until the final
/// re-check starts (it watches the phases), and then, if `reject_first`,
/// rejects the first program the re-check asks about; every other program
/// the re-check asks about gets an error (no verdict).
struct FailingRecheck {
    reject_first: bool,
    verifying: std::sync::atomic::AtomicBool,
    asked: Mutex<Vec<Vec<u8>>>,
}

impl FailingRecheck {
    fn new(reject_first: bool) -> FailingRecheck {
        FailingRecheck {
            reject_first,
            verifying: std::sync::atomic::AtomicBool::new(false),
            asked: Mutex::new(Vec::new()),
        }
    }
}

impl Observer for FailingRecheck {
    fn phase(&self, phase: crate::task::Phase) {
        if phase == crate::task::Phase::Verify {
            self.verifying.store(true, Ordering::SeqCst);
        }
    }
}

/// Whether `candidate` declares `needed` with its type (`int needed;`,
/// spaced any way): the oracles below stand for a compiler that needs the
/// type, which deleting tokens could otherwise drop.
fn declares_needed(candidate: &[u8]) -> bool {
    let text = std::str::from_utf8(candidate).unwrap();
    text.split(';')
        .any(|d| d.split_whitespace().eq(["int", "needed"]))
}

impl Oracle for FailingRecheck {
    fn test(&self, _: usize, candidate: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
        if !self.verifying.load(Ordering::SeqCst) {
            let needed = declares_needed(candidate);
            return Ok(if needed {
                Verdict::Interesting
            } else {
                Verdict::NotInteresting
            });
        }
        let mut asked = self.asked.lock();
        if !asked.iter().any(|a| a == candidate) {
            asked.push(candidate.to_vec());
        }
        if self.reject_first && asked[0] == candidate {
            return Ok(Verdict::NotInteresting);
        }
        Err(crate::oracle::OracleError::new(
            "cannot start the test",
            std::io::Error::from(std::io::ErrorKind::NotFound),
        ))
    }
}

/// Badly laid out, so that the reduction pass and the layout pass each
/// leave a result of their own (two checkpoints besides the input).
const TWO_CHECKPOINTS: &str = "int   needed ;\nint   a ;\nint   b ;\n";

fn run_failing_recheck(oracle: &FailingRecheck) -> (Outcome, crate::stats::Report) {
    let g = grammar("c");
    let stats = Stats::new(crate::reduce::names());
    let cfg = config(1);
    let session = Session::new(g, oracle, &cfg, &stats, None, oracle);
    let out = reduce(&session, TWO_CHECKPOINTS.as_bytes(), None).unwrap();
    (out, stats.report())
}

/// Accepts the programs containing `needed`, except the laid-out one in
/// worker 1; records every run (worker, text).
struct RejectsInWorkerOne(Mutex<Vec<(usize, Vec<u8>)>>);

impl Oracle for RejectsInWorkerOne {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
        self.0.lock().push((worker, candidate.to_vec()));
        let needed = declares_needed(candidate);
        Ok(
            if needed && !(candidate == b"int needed;\n" && worker == 1) {
                Verdict::Interesting
            } else {
                Verdict::NotInteresting
            },
        )
    }
}

/// Above `-j 1` the re-check's first try of a laid-out result runs beside
/// the layout's test (in the other worker); a rejection there is a try of
/// the re-check like any other: it tries again, and the result stands when
/// the next try accepts it. At `-j 1` the re-check runs after the layout.
#[test]
fn a_rejection_beside_the_layout_is_a_try_of_the_recheck() {
    for jobs in [1, 2] {
        let oracle = RejectsInWorkerOne(Mutex::new(Vec::new()));
        let stats = Stats::new(crate::reduce::names());
        let cfg = config(jobs);
        let session = Session::new(grammar("c"), &oracle, &cfg, &stats, None, &Silent);
        let out = reduce(&session, TWO_CHECKPOINTS.as_bytes(), None).unwrap();
        assert_eq!(&out.text[..], b"int needed;\n", "-j {jobs}");
        assert_eq!(out.recheck, Recheck::Passed, "-j {jobs}");
        assert!(!out.flaky, "-j {jobs}");
        let workers: Vec<usize> = oracle
            .0
            .lock()
            .iter()
            .filter(|(_, text)| text == b"int needed;\n")
            .map(|(worker, _)| *worker)
            .collect();
        if jobs == 1 {
            assert_eq!(workers, [0, 0]);
        } else {
            // The layout's run and the one beside it (rejected), in either
            // order, then the re-check's second try.
            assert_eq!(workers.len(), 3, "{workers:?}");
            assert_eq!(
                workers.iter().filter(|&&w| w == 1).count(),
                1,
                "{workers:?}"
            );
            assert_eq!(workers[2], 0, "{workers:?}");
        }
        assert_eq!(
            stats.report().tests,
            oracle.0.lock().len() as u64,
            "-j {jobs}"
        );
    }
}

/// Accepts the programs containing `needed`, but the laid-out one only in
/// worker 1 (where the run beside the layout's runs); records the workers
/// asked to abandon a test.
#[derive(Default)]
struct AcceptsTheLayoutBesideOnly {
    abandoned: Mutex<Vec<usize>>,
}

impl Oracle for AcceptsTheLayoutBesideOnly {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
        let needed = declares_needed(candidate);
        let laid_out = candidate == b"int needed;\n";
        Ok(if needed && (!laid_out || worker == 1) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }

    fn abandon(&self, worker: usize) {
        self.abandoned.lock().push(worker);
    }
}

/// When the layout's own run rejects its text, the layout is not kept
/// whatever the run beside it says, and that run is not stopped (a test
/// stopped in the middle leaves a compiler's temporary files behind): it
/// runs to its end, counts as a test, and its verdict is not used.
#[test]
fn the_run_beside_a_rejected_layout_runs_to_its_end_unused() {
    let oracle = AcceptsTheLayoutBesideOnly::default();
    let stats = Stats::new(crate::reduce::names());
    let cfg = Config {
        passes: Some(1),
        ..config(2)
    };
    let session = Session::new(grammar("c"), &oracle, &cfg, &stats, None, &Silent);
    let out = reduce(&session, TWO_CHECKPOINTS.as_bytes(), None).unwrap();
    assert_ne!(&out.text[..], b"int needed;\n");
    assert_eq!(out.recheck, Recheck::Passed);
    assert!(!out.flaky);
    assert_eq!(*oracle.abandoned.lock(), Vec::<usize>::new());
    let report = stats.report();
    assert_eq!(report.abandoned, 0);
    let layout = report.passes.iter().find(|p| p.kind == "layout").unwrap();
    assert_eq!(layout.tests, 2);
}

#[test]
fn a_recheck_that_cannot_run_keeps_the_newest_result_unchecked() {
    let oracle = FailingRecheck::new(false);
    let (out, report) = run_failing_recheck(&oracle);
    assert_eq!(&out.text[..], b"int needed;\n");
    assert_eq!(out.recheck, Recheck::CouldNotRun);
    assert!(out.recheck_error.unwrap().contains("cannot start the test"));
    assert!(!out.flaky);
    // Three tries of the newest, none of an older one.
    assert_eq!(oracle.asked.lock().len(), 1);
    assert_eq!(report.oracle_errors, 3);
    assert_eq!(report.recheck, Recheck::CouldNotRun);
    assert_eq!(report.final_size.bytes, out.text.len() as u64);
}

#[test]
fn a_rejected_result_falls_back_to_the_newest_older_one_not_rejected() {
    let oracle = FailingRecheck::new(true);
    let (out, report) = run_failing_recheck(&oracle);
    let asked = oracle.asked.lock().clone();
    // The newest was rejected; the one before could not be checked, and
    // is kept rather than the input.
    assert_eq!(asked.len(), 2, "{asked:?}");
    assert_eq!(&out.text[..], &asked[1][..]);
    assert_ne!(&out.text[..], TWO_CHECKPOINTS.as_bytes());
    assert!(out.flaky);
    assert_eq!(out.recheck, Recheck::CouldNotRun);
    let tokens = count_tokens(&parse(grammar("c"), &out.text)) as u64;
    assert_eq!(
        (report.final_size.bytes, report.final_size.tokens),
        (out.text.len() as u64, tokens)
    );
}

/// The coarse pass deletes the comments of a large program too (before
/// the items: left between them, they cut every chunk of items into many
/// deletions), so that what the first pass starts from has none.
#[test]
fn the_coarse_pass_deletes_the_comments_of_a_large_program() {
    let oracle = |c: &[u8]| {
        let text = std::str::from_utf8(c).unwrap();
        text.contains("trigger") && text.contains("/ 0")
    };
    let input: String = many_functions(COARSE_TOKENS / 30)
        .lines()
        .enumerate()
        .map(|(i, line)| format!("/* unit {i} */\n{line}\n"))
        .collect();
    let config = Config {
        passes: Some(1),
        ..config(2)
    };
    let (out, report) = run_with("c", &input, config, &oracle);
    let coarse = &report.passes[0];
    assert_eq!(coarse.kind, "coarse");
    assert!(coarse.end.bytes < 60, "{} bytes left", coarse.end.bytes);
    assert!(!out.contains("/*"), "{out}");
}

/// The coarse pass tests at most [`COARSE_WIDTH`] changes a round, also
/// when the run's rounds are wider: each test on a large program is slow,
/// and a narrow round's commits make the next round's candidates smaller
/// sooner. The same result at every -j.
#[test]
fn the_coarse_pass_runs_in_narrow_rounds() {
    // Every 200th function is needed: ddmin's levels have many chunks.
    let oracle = |c: &[u8]| {
        let text = std::str::from_utf8(c).unwrap();
        (0..COARSE_TOKENS / 30)
            .step_by(200)
            .all(|i| text.contains(&format!("filler_{i}(")))
    };
    let input = many_functions(COARSE_TOKENS / 30);
    let mut seen = None;
    for jobs in [1, 3] {
        let cfg = Config {
            passes: Some(1),
            ..config(jobs)
        };
        let (out, report) = run_with("c", &input, cfg, &oracle);
        let coarse = &report.passes[0];
        assert_eq!(coarse.kind, "coarse");
        assert!(coarse.rounds > 0);
        // A round's tests, and at most the test of its untested base
        // after it.
        assert!(
            coarse.tests <= (COARSE_WIDTH as u64 + 1) * coarse.rounds,
            "-j {jobs}: {} tests in {} rounds",
            coarse.tests,
            coarse.rounds
        );
        let got = (out, coarse.tests, coarse.rounds);
        match &seen {
            None => seen = Some(got),
            Some(first) => assert_eq!(&got, first, "-j {jobs}"),
        }
    }
}

/// A program of `n` small functions in C, with one that holds the bug
/// (`trigger`) in the middle.
fn many_functions(n: usize) -> String {
    let mut text = String::new();
    for i in 0..n {
        if i == n / 2 {
            text.push_str("int trigger(int v) { return v / 0; }\n");
        }
        text.push_str(&format!(
            "int filler_{i}(int a) {{ int b = a * {i}; if (b > 3) {{ b -= a; }} return b + {i}; }}\n"
        ));
    }
    text
}

/// A large program goes through a coarse pass first: its top-level items
/// in ddmin chunks, before the first pass and its analyses; what it leaves
/// is what the first pass starts from. A small one does not.
#[test]
fn large_programs_lose_their_items_in_a_coarse_pass_first() {
    let oracle = |c: &[u8]| {
        let text = std::str::from_utf8(c).unwrap();
        text.contains("trigger") && text.contains("/ 0")
    };
    // About 32 tokens a function: above COARSE_TOKENS.
    let input = many_functions(COARSE_TOKENS / 30);
    let (out, report) = run("c", &input, 2, &oracle);
    assert!(out.contains("/ 0") && out.len() < 40, "{out}");
    let coarse = &report.passes[0];
    assert_eq!(coarse.kind, "coarse");
    assert!(coarse.start.tokens >= COARSE_TOKENS as u64);
    // The items go in chunks: a few tests per halving, and only the
    // function with the bug is left.
    assert!(coarse.tests < 80, "{} tests", coarse.tests);
    assert!(coarse.end.tokens < 40, "{} tokens left", coarse.end.tokens);
    assert_eq!(report.passes[1].kind, "reduce");
    assert_eq!(report.passes[1].start.tokens, coarse.end.tokens);
    let (_, small) = run("c", &many_functions(100), 2, &oracle);
    assert!(small.passes.iter().all(|p| p.kind != "coarse"));
    // No passes: no coarse pass either.
    let none = Config {
        passes: Some(0),
        ..config(2)
    };
    let (out, report) = run_with("c", &input, none, &oracle);
    assert!(report.passes.iter().all(|p| p.kind != "coarse"));
    assert!(out.contains("filler_0("));
}

/// Accepts the programs containing `needed`, after 150 ms; records every
/// run (worker, text).
#[derive(Default)]
struct Records(Mutex<Vec<(usize, Vec<u8>)>>);

impl Oracle for Records {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
        self.0.lock().push((worker, candidate.to_vec()));
        std::thread::sleep(std::time::Duration::from_millis(150));
        let needed = declares_needed(candidate);
        Ok(if needed {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
}

/// Where the last round of the passes leaves two workers idle beside its
/// tests (150 ms each here), the layout's test and the re-check's first run
/// are made there, beside them: the layout pass then finds its verdict in the
/// cache and tests nothing, and the re-check runs nothing more. The result
/// is the same as at -j 1, where both run after the passes.
#[test]
fn the_layout_and_the_recheck_run_ahead_beside_the_last_round() {
    let input = "int   needed ;\nint   a ;\nint   b ;\n";
    let result = b"int needed;\n";
    for jobs in [1, 8] {
        let oracle = Records::default();
        let stats = Stats::new(crate::reduce::names());
        let cfg = config(jobs);
        let session = Session::new(grammar("c"), &oracle, &cfg, &stats, None, &Silent);
        let out = reduce(&session, input.as_bytes(), None).unwrap();
        assert_eq!(&out.text[..], result, "-j {jobs}");
        assert_eq!(out.recheck, Recheck::Passed, "-j {jobs}");
        let report = stats.report();
        let layout = report.passes.iter().find(|p| p.kind == "layout").unwrap();
        let runs = oracle.0.lock().clone();
        let on_result: Vec<usize> = runs
            .iter()
            .filter(|(_, text)| text == result)
            .map(|(worker, _)| *worker)
            .collect();
        // Every run is counted, and the passes' tests are all of them but
        // the input's check and the re-check's after the layout (none when
        // made ahead).
        assert_eq!(report.tests, runs.len() as u64, "-j {jobs}");
        let outside = report.tests - report.passes.iter().map(|p| p.tests).sum::<u64>();
        let checked = u64::from(!cfg.input_checked);
        if jobs == 1 {
            assert_eq!(on_result, [0, 0]);
            assert_eq!(layout.tests, 1);
            assert_eq!(outside, checked + 1);
        } else {
            assert_eq!(on_result.len(), 2, "{on_result:?}");
            let tests: Vec<_> = report.passes.iter().map(|p| (p.kind, p.tests)).collect();
            assert_eq!(layout.tests, 0, "{tests:?}");
            assert_eq!(outside, checked);
        }
    }
}
