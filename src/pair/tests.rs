//! PPR on small pairs with in-process properties.

use super::*;
use crate::lang::Language;

struct Quiet;

impl PairObserver for Quiet {
    fn improved(&self, _seed: &[u8], _variant: &[u8]) {}
    fn step(&self, _step: &Step) {}
}

fn config(jobs: usize) -> PairConfig {
    PairConfig {
        jobs,
        width: crate::engine::DEFAULT_WIDTH,
        in_order: false,
        tdiff: true,
        ldiff: true,
        commonality: true,
        canon: true,
        verify: true,
    }
}

fn c() -> &'static Grammar {
    Grammar::of(Language::by_name("c").unwrap())
}

/// Both programs must parse and keep `main`; the variant shows the "bug"
/// (a division by the literal zero), the seed must not.
fn parses(t: &[u8]) -> bool {
    count_errors(&parse(c(), t)) == 0 && String::from_utf8_lossy(t).contains("main")
}

const SEED: &str = "int g = 3;\nint h(int x) { return x * 2; }\nint main(void) {\n  int a = 5;\n  int b = h(a);\n  g = g + 1;\n  if (b > 2) { b = b - 1; }\n  return b;\n}\n";
// Unrelated mutations (a changed constant, a duplicated statement, a
// changed operator) around the one that matters: `a / 0`.
const VARIANT: &str = "int g = 4;\nint h(int x) { return x * 2; }\nint main(void) {\n  int a = 5;\n  int b = h(a / 0);\n  g = g + 1;\n  g = g + 1;\n  if (b < 2) { b = b - 1; }\n  return b;\n}\n";

#[test]
fn the_difference_shrinks_to_the_mutation_that_matters() {
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug = |t: &[u8]| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    for jobs in [1, 3] {
        let out = reduce(
            c(),
            (SEED.as_bytes(), VARIANT.as_bytes()),
            &Tests::sides(&seed_ok, &variant_bug),
            &config(jobs),
            None,
            &Quiet,
        )
        .unwrap();
        let start = &out.steps[0];
        let end = out.steps.last().unwrap();
        assert!(start.diff_tokens >= 8, "{start:?}");
        // The two tokens `/ 0` remain different, and at most one more.
        assert!(
            end.diff_tokens <= 3,
            "{}\n---\n{}",
            String::from_utf8_lossy(&out.seed),
            String::from_utf8_lossy(&out.variant)
        );
        assert!(variant_bug(&out.variant) && seed_ok(&out.seed));
        assert!(end.seed.tokens < start.seed.tokens / 2, "{end:?}");
        assert!(!out.flaky && !out.cancelled);
        eprintln!(
            "{}---\n{}",
            String::from_utf8_lossy(&out.seed),
            String::from_utf8_lossy(&out.variant)
        );
    }
}

#[test]
fn each_reducer_can_be_switched_off() {
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug = |t: &[u8]| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    let run = |cfg: PairConfig| {
        reduce(
            c(),
            (SEED.as_bytes(), VARIANT.as_bytes()),
            &Tests::sides(&seed_ok, &variant_bug),
            &cfg,
            None,
            &Quiet,
        )
        .unwrap()
    };
    // Without MinCommonality the common part stays.
    let no_co = run(PairConfig {
        commonality: false,
        ..config(2)
    });
    assert!(String::from_utf8_lossy(&no_co.seed).contains("int h(int x)"));
    assert!(no_co.steps.last().unwrap().diff_tokens <= 3);
    assert!(no_co.steps.iter().all(|s| s.reducer != "commonality"));
    // MinCommonality alone still ends with a pair that has both properties.
    let co_only = run(PairConfig {
        tdiff: false,
        ldiff: false,
        ..config(2)
    });
    assert!(seed_ok(&co_only.seed) && variant_bug(&co_only.variant));
    assert!(
        co_only
            .steps
            .iter()
            .all(|s| !matches!(s.reducer, "tdiff" | "ldiff"))
    );
}

#[test]
fn ddmin_finds_the_needed_pair_whatever_the_job_count() {
    for jobs in [1, 2, 5] {
        let items: Vec<u32> = (0..40).collect();
        let got = ddmin(items, jobs, None, |_, s| s.contains(&7) && s.contains(&31));
        assert_eq!(got, vec![7, 31]);
    }
    assert!(ddmin(vec![1, 2], 2, None, |_, _| true).is_empty());
}

/// One test of the pair gives what the two tests give, with every
/// candidate tested as a pair and its verdicts cached per pair.
#[test]
fn one_test_of_the_pair_decides_like_two() {
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug = |t: &[u8]| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    let runs = std::sync::atomic::AtomicU64::new(0);
    let pair = |s: &[u8], v: &[u8]| {
        runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        seed_ok(s) && variant_bug(v)
    };
    let two = reduce(
        c(),
        (SEED.as_bytes(), VARIANT.as_bytes()),
        &Tests::sides(&seed_ok, &variant_bug),
        &config(1),
        None,
        &Quiet,
    )
    .unwrap();
    let tests = Tests::joint(&pair);
    let one = reduce(
        c(),
        (SEED.as_bytes(), VARIANT.as_bytes()),
        &tests,
        &config(1),
        None,
        &Quiet,
    )
    .unwrap();
    assert!(seed_ok(&one.seed) && variant_bug(&one.variant));
    assert!(
        one.steps.last().unwrap().diff_tokens <= 3,
        "{:?}",
        one.steps
    );
    // The same properties, so the same result at -j 1.
    assert_eq!((&one.seed, &one.variant), (&two.seed, &two.variant));
    let report = one.tests.pair.expect("a pair test");
    assert_eq!(one.tests.seed.tests + one.tests.variant.tests, 0);
    // The final re-check bypasses the cache: one run more than the count.
    let runs = runs.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(report.tests + 1, runs);
    assert!(report.cache_hits > 0);
    assert_eq!(one.steps.last().unwrap().pair_tests, Some(report.tests));
}

/// Every program a test is asked about, per side.
#[derive(Default)]
struct Seen {
    seeds: parking_lot::Mutex<Vec<Vec<u8>>>,
    variants: parking_lot::Mutex<Vec<Vec<u8>>>,
}

impl Seen {
    /// The candidates with more parse errors than their side's input had.
    fn worse_than(&self, (seed, variant): (&[u8], &[u8])) -> Vec<String> {
        let errors = |t: &[u8]| count_errors(&parse(c(), t));
        let mut worse = Vec::new();
        for (side, input, seen) in [
            ("seed", seed, &self.seeds),
            ("variant", variant, &self.variants),
        ] {
            let limit = errors(input);
            assert!(!seen.lock().is_empty(), "no {side} was tested");
            for t in seen.lock().iter().filter(|t| errors(t) > limit) {
                worse.push(format!("{side}: {}", String::from_utf8_lossy(t)));
            }
        }
        worse
    }
}

/// The bundled example's inputs.
const GOOD: &str = include_str!("../../examples/pair-c-div-by-zero/good.c");
const BAD: &str = include_str!("../../examples/pair-c-div-by-zero/bad.c");

/// Like the example's scripts, the variant's test only looks for the bug
/// (gcc warns about a division by zero even in a program it rejects), so
/// only the parse check keeps a candidate that does not parse from being
/// accepted. Every candidate of every reducer (MinTdiff's undone
/// replacements and subtrees, MinLdiff's subsets of hunks, MinCommonality's
/// and the final canonicalization's patched variants) is recorded, with one
/// test per program and with one test of the pair: none parses worse than
/// its input. (The example once gave the variant `int a() { int p;p / 0 }`.)
#[test]
fn every_candidate_parses_no_worse_than_its_input() {
    let no_bug = |t: &[u8]| !String::from_utf8_lossy(t).contains("/ 0");
    let bug = |t: &[u8]| String::from_utf8_lossy(t).contains("/ 0");
    for (seed, variant) in [(GOOD, BAD), (SEED, VARIANT)] {
        for jobs in [1, 3] {
            let seen = Seen::default();
            let seed_ok = |t: &[u8]| {
                seen.seeds.lock().push(t.to_vec());
                parses(t) && no_bug(t)
            };
            let variant_bug = |t: &[u8]| {
                seen.variants.lock().push(t.to_vec());
                bug(t)
            };
            let out = reduce(
                c(),
                (seed.as_bytes(), variant.as_bytes()),
                &Tests::sides(&seed_ok, &variant_bug),
                &config(jobs),
                None,
                &Quiet,
            )
            .unwrap();
            let worse = seen.worse_than((seed.as_bytes(), variant.as_bytes()));
            assert!(worse.is_empty(), "-j {jobs}: {worse:#?}");
            assert_eq!(count_errors(&parse(c(), &out.variant)), 0);
            assert!(bug(&out.variant) && no_bug(&out.seed));

            let seen = Seen::default();
            let pair = |s: &[u8], v: &[u8]| {
                seen.seeds.lock().push(s.to_vec());
                seen.variants.lock().push(v.to_vec());
                parses(s) && no_bug(s) && bug(v)
            };
            let tests = Tests::joint(&pair);
            reduce(
                c(),
                (seed.as_bytes(), variant.as_bytes()),
                &tests,
                &config(jobs),
                None,
                &Quiet,
            )
            .unwrap();
            let worse = seen.worse_than((seed.as_bytes(), variant.as_bytes()));
            assert!(worse.is_empty(), "-j {jobs}, one test: {worse:#?}");
        }
    }
}
