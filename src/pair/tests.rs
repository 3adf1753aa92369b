//! PPR on small pairs with in-process properties.

use parking_lot::Mutex;

use super::ddmin::ddmin;
use super::side::{Both, Rechecked, Rechecking};
use super::*;
use crate::lang::Language;
use crate::oracle::Oracle;

struct Quiet;

impl PairObserver for Quiet {
    fn improved(&self, _seed: &[u8], _variant: &[u8]) {}
    fn step(&self, _step: &Step) {}
}

fn config(jobs: usize) -> PairOptions {
    PairOptions {
        run: RunOptions {
            jobs,
            ..RunOptions::default()
        },
        ..PairOptions::default()
    }
}

/// [`config`] with rounds of `width`.
fn config_width(jobs: usize, width: usize) -> PairOptions {
    let mut config = config(jobs);
    config.run.width = width;
    config
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
            &PairTests::sides(&seed_ok, &variant_bug),
            &config(jobs),
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
    let run = |cfg: PairOptions| {
        reduce(
            c(),
            (SEED.as_bytes(), VARIANT.as_bytes()),
            &PairTests::sides(&seed_ok, &variant_bug),
            &cfg,
            &Quiet,
        )
        .unwrap()
    };
    // Without MinCommonality the common part stays.
    let no_co = run(PairOptions {
        commonality: false,
        ..config(2)
    });
    assert!(String::from_utf8_lossy(&no_co.seed).contains("int h(int x)"));
    assert!(no_co.steps.last().unwrap().diff_tokens <= 3);
    assert!(no_co.steps.iter().all(|s| s.reducer != "commonality"));
    // MinCommonality alone still ends with a pair that has both properties.
    let co_only = run(PairOptions {
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

/// ddmin tries the empty set in its first step's round: at `-j 1` it is
/// the only test when it holds, and above `-j 1` the first round holds it
/// and the first step's two halves.
#[test]
fn ddmin_tries_the_empty_set_in_its_first_round() {
    use std::sync::atomic::AtomicUsize;
    for jobs in [1, 4] {
        let played = AtomicU64::new(0);
        let rounds = Rounds {
            width: 16,
            jobs,
            abandon: &|_| {},
            played: &played,
        };
        let tested = AtomicUsize::new(0);
        let got = ddmin((0..8).collect::<Vec<u32>>(), &rounds, None, |_, _| {
            tested.fetch_add(1, Relaxed);
            true
        });
        assert!(got.is_empty());
        assert_eq!(played.load(Relaxed), 1, "-j {jobs}");
        if jobs == 1 {
            assert_eq!(tested.load(Relaxed), 1);
        }
        // Needing one item: one round per halving (8, 4, 2, 1).
        played.store(0, Relaxed);
        let got = ddmin((0..8).collect::<Vec<u32>>(), &rounds, None, |_, s| {
            s.contains(&5)
        });
        assert_eq!(got, vec![5]);
        assert_eq!(played.load(Relaxed), 3, "-j {jobs}");
    }
}

/// Above `-j 1`, a ddmin step that leaves places free tests the next
/// steps' tries in them: when nothing smaller holds, the two steps of four
/// items (halves, then quarters and their complements) take one round of
/// tests at `-j 16` and two at `-j 1`, with the same result and the same
/// tests.
#[test]
fn ddmin_tests_the_next_steps_ahead_in_free_places() {
    use std::collections::BTreeSet;
    for (jobs, rounds_with_tests) in [(1, 2), (16, 1)] {
        let played = AtomicU64::new(0);
        let rounds = Rounds {
            width: 16,
            jobs,
            abandon: &|_| {},
            played: &played,
        };
        let with_tests = Mutex::new(BTreeSet::new());
        let tested = Mutex::new(Vec::new());
        // A test that remembers its verdicts, as each program's test in
        // pair mode does.
        let memory = Mutex::new(std::collections::HashMap::new());
        let got = ddmin((0..4).collect::<Vec<u32>>(), &rounds, None, |_, s| {
            if let Some(&known) = memory.lock().get(s) {
                return known;
            }
            with_tests.lock().insert(played.load(Relaxed));
            tested.lock().push(s.to_vec());
            let holds = s.len() == 4;
            memory.lock().insert(s.to_vec(), holds);
            holds
        });
        assert_eq!(got, vec![0, 1, 2, 3], "-j {jobs}");
        assert_eq!(played.load(Relaxed), 2, "-j {jobs}: the schedule's rounds");
        assert_eq!(
            with_tests.lock().len(),
            rounds_with_tests,
            "-j {jobs}: rounds that ran a test"
        );
        // The empty set, two halves, four quarters, four complements: each once.
        let mut tested = tested.into_inner();
        assert_eq!(tested.len(), 11, "-j {jobs}: {tested:?}");
        tested.sort();
        tested.dedup();
        assert_eq!(tested.len(), 11, "-j {jobs}");
    }
}

/// A try tested ahead whose run is abandoned (a try of its own step held
/// first) answers "no" without a verdict: ddmin does not remember it, so
/// the next step tests it. Here `[0]` holds, but its run ahead is stopped
/// when `[0, 1]` holds; remembered as "no", ddmin would end at `[0, 1]`.
/// (Only how long the runs take is bounded by a clock here, not the
/// assertion.)
#[test]
fn ddmin_forgets_tries_ahead_when_its_step_found_one() {
    use std::sync::atomic::AtomicBool;
    let abandoned: Vec<AtomicBool> = (0..16).map(|_| AtomicBool::new(false)).collect();
    let played = AtomicU64::new(0);
    let abandon = |w: usize| abandoned[w].store(true, Relaxed);
    let rounds = Rounds {
        width: 16,
        jobs: 16,
        abandon: &abandon,
        played: &played,
    };
    let started = std::sync::atomic::AtomicUsize::new(0);
    let got = ddmin((0..4).collect::<Vec<u32>>(), &rounds, None, |w, s| {
        abandoned[w].store(false, Relaxed);
        if played.load(Relaxed) > 1 {
            return s.contains(&0);
        }
        // The first round: the empty set, two halves and eight tries ahead.
        started.fetch_add(1, Relaxed);
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let wait = |done: &dyn Fn() -> bool| {
            while !done() && std::time::Instant::now() < until {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        };
        if s == [0, 1] {
            // Holds once every other run has started.
            wait(&|| started.load(Relaxed) >= 11);
            return true;
        }
        if !s.contains(&0) {
            return false;
        }
        // Runs until it is abandoned, then says "no" (without a verdict).
        wait(&|| abandoned[w].load(Relaxed));
        !abandoned[w].load(Relaxed)
    });
    assert_eq!(got, vec![0]);
}

#[test]
fn ddmin_finds_the_needed_pair_whatever_the_job_count_and_width() {
    let played = AtomicU64::new(0);
    for width in [1, 3, 16] {
        for jobs in [1, 2, 5, 16] {
            let rounds = Rounds {
                width,
                jobs,
                abandon: &|_| {},
                played: &played,
            };
            let items: Vec<u32> = (0..40).collect();
            let got = ddmin(items, &rounds, None, |_, s| {
                s.contains(&7) && s.contains(&31)
            });
            assert_eq!(got, vec![7, 31], "-j {jobs}, width {width}");
            assert!(ddmin(vec![1, 2], &rounds, None, |_, _| true).is_empty());
            assert_eq!(ddmin(vec![1], &rounds, None, |_, s| s == [1]), vec![1]);
            assert_eq!(
                ddmin(vec![1, 2], &rounds, None, |_, s| s == [1, 2]),
                vec![1, 2]
            );
            assert_eq!(
                ddmin(vec![1, 2, 3], &rounds, None, |_, s| s.contains(&3)),
                vec![3]
            );
        }
    }
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
        &PairTests::sides(&seed_ok, &variant_bug),
        &config(1),
        &Quiet,
    )
    .unwrap();
    let tests = PairTests::joint(&pair);
    let one = reduce_at((SEED.as_bytes(), VARIANT.as_bytes()), &tests, 1);
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
                &PairTests::sides(&seed_ok, &variant_bug),
                &config(jobs),
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
            let tests = PairTests::joint(&pair);
            reduce_at((seed.as_bytes(), variant.as_bytes()), &tests, jobs);
            let worse = seen.worse_than((seed.as_bytes(), variant.as_bytes()));
            assert!(worse.is_empty(), "-j {jobs}, one test: {worse:#?}");
        }
    }
}

/// MinCommonality runs the seed's test first and the variant's only when the
/// seed passes; a seed tested before (in any round) is answered by its cache.
#[test]
fn the_variant_is_tested_only_when_the_seed_passes() {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    let seed_runs = AtomicUsize::new(0);
    let variant_runs = AtomicUsize::new(0);
    let seed_ok = |t: &[u8]| {
        seed_runs.fetch_add(1, SeqCst);
        t == SEED.as_bytes()
    };
    let variant_bug = |t: &[u8]| {
        variant_runs.fetch_add(1, SeqCst);
        parses(t)
    };
    let tests = PairTests::sides(&seed_ok, &variant_bug);
    let diff = Diff::new(c(), SEED.as_bytes(), VARIANT.as_bytes());
    let both = Both::new(c(), &diff, &tests, 0);
    let smaller = SEED.replace("  g = g + 1;\n", "");
    assert_eq!(
        both.test(0, smaller.as_bytes()).unwrap(),
        Verdict::NotInteresting
    );
    assert_eq!((seed_runs.load(SeqCst), variant_runs.load(SeqCst)), (1, 0));
    // Asked again: the seed's cache answers, and still no variant test.
    assert_eq!(
        both.test(0, smaller.as_bytes()).unwrap(),
        Verdict::NotInteresting
    );
    assert_eq!((seed_runs.load(SeqCst), variant_runs.load(SeqCst)), (1, 0));
    assert_eq!(both.seed_rejected.load(SeqCst), 2);
    assert_eq!(both.variant_rejected.load(SeqCst), 0);
    // The seed itself passes, and then the variant is tested.
    assert_eq!(both.test(0, SEED.as_bytes()).unwrap(), Verdict::Interesting);
    assert_eq!((seed_runs.load(SeqCst), variant_runs.load(SeqCst)), (2, 1));
}

/// A seed candidate that deleted the context of a hunk of the difference
/// (the statement `b = h(a)` that `/ 0` changes) is rejected without a test
/// of either program: the difference stays whole.
#[test]
fn a_candidate_that_drops_a_hunk_is_not_tested() {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    let seed_runs = AtomicUsize::new(0);
    let variant_runs = AtomicUsize::new(0);
    let seed_ok = |_: &[u8]| {
        seed_runs.fetch_add(1, SeqCst);
        true
    };
    let variant_bug = |_: &[u8]| {
        variant_runs.fetch_add(1, SeqCst);
        true
    };
    let tests = PairTests::sides(&seed_ok, &variant_bug);
    let seed = "int main(void) {\n  int a = 5;\n  int b = h(a);\n  return b;\n}\n";
    let variant = "int main(void) {\n  int a = 5;\n  int b = h(a / 0);\n  return b;\n}\n";
    let diff = Diff::new(c(), seed.as_bytes(), variant.as_bytes());
    let both = Both::new(c(), &diff, &tests, 0);
    let without = "int main(void) {\n  int a = 5;\n  return b;\n}\n";
    assert_eq!(
        both.test(0, without.as_bytes()).unwrap(),
        Verdict::NotInteresting
    );
    assert_eq!((seed_runs.load(SeqCst), variant_runs.load(SeqCst)), (0, 0));
    // A candidate that keeps the hunk's context is tested.
    let kept = "int main(void) {\n  int b = h(a);\n  return b;\n}\n";
    assert_eq!(both.test(0, kept.as_bytes()).unwrap(), Verdict::Interesting);
    assert_eq!((seed_runs.load(SeqCst), variant_runs.load(SeqCst)), (1, 1));
}

/// An observer that lists the reducers the rounds run, in order.
struct Count(std::sync::Mutex<Vec<&'static str>>);

impl PairObserver for Count {
    fn improved(&self, _seed: &[u8], _variant: &[u8]) {}
    fn step(&self, _step: &Step) {}
    fn reducer(&self, _round: usize, reducer: &'static str) {
        self.0.lock().unwrap().push(reducer);
    }
}

/// A round skips MinCommonality when the seed is the one it left last time
/// and every candidate it rejected then was rejected by the seed's test.
#[test]
fn a_round_skips_min_commonality_when_only_the_seed_rejected() {
    let seed_ok = |t: &[u8]| t == SEED.as_bytes();
    let variant_bug = |t: &[u8]| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    let count = Count(Default::default());
    let mut cfg = config(1);
    cfg.canon = false;
    let out = reduce(
        c(),
        (SEED.as_bytes(), VARIANT.as_bytes()),
        &PairTests::sides(&seed_ok, &variant_bug),
        &cfg,
        &count,
    )
    .unwrap();
    let reducers = count.0.lock().unwrap().clone();
    let rounds = reducers.iter().filter(|r| **r == "tdiff").count();
    assert!(rounds >= 2, "{reducers:?}");
    // The seed cannot change: only the first round reduces its common part.
    assert_eq!(
        reducers.iter().filter(|r| **r == "commonality").count(),
        1,
        "{reducers:?}"
    );
    assert_eq!(out.seed, SEED.as_bytes());
    assert!(variant_bug(&out.variant));
}

/// A round skips MinCommonality when the pair is the one it left last
/// time, even when the variant's test rejected some of its candidates: every
/// verdict it would ask for is known.
#[test]
fn a_round_skips_min_commonality_when_the_pair_did_not_change() {
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug = |t: &[u8]| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    let count = Count(Default::default());
    let mut cfg = config(1);
    cfg.canon = false;
    let tests = PairTests::sides(&seed_ok, &variant_bug);
    let out = reduce(
        c(),
        (SEED.as_bytes(), VARIANT.as_bytes()),
        &tests,
        &cfg,
        &count,
    )
    .unwrap();
    let reducers = count.0.lock().unwrap().clone();
    let rounds = reducers.iter().filter(|r| **r == "tdiff").count();
    let commonality = reducers.iter().filter(|r| **r == "commonality").count();
    // The last round found the pair the last MinCommonality left and
    // skipped it; no MinCommonality ran on the pair the one before left.
    assert!(rounds >= 2 && commonality < rounds, "{reducers:?}");
    let mut left = None;
    for (k, step) in out.steps.iter().enumerate() {
        if step.reducer == "commonality" {
            let before = &out.steps[k - 1];
            assert_ne!(
                left,
                Some((before.seed.bytes, before.variant.bytes)),
                "{:?}",
                out.steps
            );
            left = Some((step.seed.bytes, step.variant.bytes));
        }
    }
    assert!(variant_bug(&out.variant) && seed_ok(&out.seed));
}

/// MinLdiff splits a run of edits where a part of it can go alone (the
/// paper's one element per edit): of `a + 1` -> `(a - 1) / 0`, only `/ 0`
/// stays.
#[test]
fn min_ldiff_splits_a_hunk_to_its_needed_tokens() {
    let seed = "int f(int a) {\n  return a + 1;\n}\nint main(void) { return f(2); }\n";
    let variant = "int f(int a) {\n  return (a - 1) / 0;\n}\nint main(void) { return f(2); }\n";
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug = |t: &[u8]| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    let mut cfg = config(2);
    cfg.tdiff = false;
    cfg.commonality = false;
    let out = reduce(
        c(),
        (seed.as_bytes(), variant.as_bytes()),
        &PairTests::sides(&seed_ok, &variant_bug),
        &cfg,
        &Quiet,
    )
    .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.variant),
        "int f(int a) {\n  return a + 1 / 0;\n}\nint main(void) { return f(2); }\n"
    );
    assert_eq!(out.steps.last().unwrap().diff_tokens, 2);
}

/// A script oracle for the variant, in `dir`, that runs `body` (a slow
/// test) with `jobs` places.
fn slow_script(dir: &std::path::Path, body: &str, jobs: usize) -> crate::oracle::ScriptOracle {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("slow.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let cancel = std::sync::Arc::new(crate::oracle::Cancel::new().unwrap());
    let run = RunOptions {
        jobs,
        timeout: crate::options::Timeout {
            limit: Some(std::time::Duration::from_secs(60)),
            adaptive: false,
        },
        ..RunOptions::default()
    };
    crate::oracle::ScriptOracle::new(&path, std::ffi::OsStr::new("v.c"), &run, cancel).unwrap()
}

/// An abandon that reaches MinCommonality's test after the seed's test
/// ended but before the variant's started stops the variant's test: it is
/// meant for the pair's test as a whole.
#[test]
fn an_abandon_between_the_seed_and_the_variant_stops_the_variant() {
    use std::sync::OnceLock;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let variant = slow_script(dir.path(), "sleep 30", 1);
    let slot: OnceLock<&crate::oracle::ScriptOracle> = OnceLock::new();
    // The seed passes, and its test ends with the abandon arriving.
    let seed_ok = |_: &[u8]| {
        slot.get().unwrap().abandon(0);
        true
    };
    slot.set(&variant).ok();
    let tests = PairTests::sides(&seed_ok, &variant);
    let diff = Diff::new(c(), SEED.as_bytes(), VARIANT.as_bytes());
    let both = Both::new(c(), &diff, &tests, 0);
    let t = Instant::now();
    assert_eq!(both.test(0, SEED.as_bytes()).unwrap(), Verdict::Cancelled);
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
}

/// With a script's place free (`-j 2`, one test running), MinCommonality
/// starts the variant's test beside the seed's; when the seed's test
/// rejects, the variant's is abandoned, and counted as an abandoned run of
/// the variant's test, not as a test. The verdict is the seed's rejection.
#[test]
fn a_variant_run_beside_a_rejected_seed_is_abandoned_and_counted() {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let started = dir.path().join("started");
    let variant = slow_script(
        dir.path(),
        &format!("touch '{}'\nsleep 30", started.display()),
        2,
    );
    // The seed's test rejects once the variant's script is running.
    let seed_ok = |_: &[u8]| {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !started.exists() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    };
    let tests = PairTests::sides(&seed_ok, &variant);
    let diff = Diff::new(c(), SEED.as_bytes(), VARIANT.as_bytes());
    let both = Both::new(c(), &diff, &tests, 0).with_jobs(2);
    let t = Instant::now();
    assert_eq!(
        both.test(0, SEED.as_bytes()).unwrap(),
        Verdict::NotInteresting
    );
    assert!(started.exists(), "the variant's test did not start");
    assert!(t.elapsed() < Duration::from_secs(25), "{:?}", t.elapsed());
    let r = tests.reports();
    assert_eq!((r.variant.tests, r.variant.abandoned), (0, 1), "{r:?}");
    assert_eq!((r.seed.tests, r.seed.abandoned), (1, 0), "{r:?}");
    assert_eq!(both.seed_rejected.load(Relaxed), 1);
    assert_eq!(both.variant_rejected.load(Relaxed), 0);
}

/// MinTdiff tests its candidates in rounds: the undos of the variant's
/// unrelated replacements are tested side by side (up to `-j` at once), and
/// every `-j` and the width's one-at-a-time schedule give the same pair.
#[test]
fn min_tdiff_tests_a_round_side_by_side_and_every_job_count_agrees() {
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    use std::time::{Duration, Instant};
    let seed = "int main(void) {\n  int a = 1;\n  int b = 2;\n  int c = 3;\n  int d = 4;\n  int e = 5;\n  return a / 1;\n}\n";
    // Five unrelated constants changed, and the division by zero.
    let variant = "int main(void) {\n  int a = 6;\n  int b = 7;\n  int c = 8;\n  int d = 9;\n  int e = 10;\n  return a / 0;\n}\n";
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let running = AtomicUsize::new(0);
    let most = AtomicUsize::new(0);
    let parallel = std::sync::atomic::AtomicBool::new(false);
    // Above -j 1, each variant test waits (at most 10 s) until another one
    // runs beside it.
    let variant_bug = |t: &[u8]| {
        let now = running.fetch_add(1, SeqCst) + 1;
        most.fetch_max(now, SeqCst);
        let deadline = Instant::now() + Duration::from_secs(10);
        while parallel.load(SeqCst) && most.load(SeqCst) < 2 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        running.fetch_sub(1, SeqCst);
        parses(t) && String::from_utf8_lossy(t).contains("/ 0")
    };
    let mut outs = Vec::new();
    for (jobs, width) in [(1, 16), (4, 16), (16, 16), (4, 1)] {
        most.store(0, SeqCst);
        parallel.store(jobs > 1 && width > 1, SeqCst);
        let out = reduce(
            c(),
            (seed.as_bytes(), variant.as_bytes()),
            &PairTests::sides(&seed_ok, &variant_bug),
            &PairOptions {
                ldiff: false,
                commonality: false,
                ..config_width(jobs, width)
            },
            &Quiet,
        )
        .unwrap();
        let text = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
        // Every unrelated constant is back.
        assert_eq!(text(&out.variant), seed.replace("a / 1", "a / 0"));
        if width > 1 {
            assert_eq!(
                most.load(SeqCst) > 1,
                jobs > 1,
                "-j {jobs}: at most {} at once",
                most.load(SeqCst)
            );
            outs.push((text(&out.seed), text(&out.variant)));
        }
        // The undos went in one round (and their merge), not one by one:
        // with the variant's and the seed's removals, at most 4 rounds in
        // the first MinTdiff.
        let tdiff = out.steps.iter().find(|s| s.reducer == "tdiff").unwrap();
        assert!(
            (tdiff.rounds <= 4) == (width > 1),
            "-j {jobs}, width {width}: {} rounds",
            tdiff.rounds
        );
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "{outs:#?}");
}

/// When several of MinTdiff's candidates hold, their merge is tested beside
/// the next round's candidates (on the merge) where the places of `-j`
/// allow: the merge's test does not take a round of its own. In rounds of
/// 4, the undos of `f`, `e` and `d` hold (the undo of `/ 0` does not), and
/// their merge runs beside the undos of `c`, `b` and `a` on it at `-j 16`;
/// every `-j` gives the same pair and the same rounds.
#[test]
fn min_tdiff_tests_a_merge_beside_the_next_round() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
    use std::time::{Duration, Instant};
    let seed = "int main(void) {\n  int a = 1;\n  int b = 2;\n  int c = 3;\n  int d = 4;\n  int e = 5;\n  int f = 6;\n  return a / 1;\n}\n";
    let variant = "int main(void) {\n  int a = 7;\n  int b = 8;\n  int c = 9;\n  int d = 10;\n  int e = 11;\n  int f = 12;\n  return a / 0;\n}\n";
    let merge = "int main(void) {\n  int a = 7;\n  int b = 8;\n  int c = 9;\n  int d = 4;\n  int e = 5;\n  int f = 6;\n  return a / 0;\n}\n";
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let running = AtomicUsize::new(0);
    let parallel = AtomicBool::new(false);
    let merge_had_company = AtomicBool::new(false);
    let variant_bug = |t: &[u8]| {
        running.fetch_add(1, SeqCst);
        if t == merge.as_bytes() && parallel.load(SeqCst) {
            // Waits (at most 10 s) for a test beside it.
            let deadline = Instant::now() + Duration::from_secs(10);
            while running.load(SeqCst) < 2 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            merge_had_company.store(running.load(SeqCst) >= 2, SeqCst);
        } else if parallel.load(SeqCst) {
            std::thread::sleep(Duration::from_millis(20));
        }
        running.fetch_sub(1, SeqCst);
        parses(t) && String::from_utf8_lossy(t).contains("/ 0")
    };
    let mut outs = Vec::new();
    for jobs in [1, 16] {
        parallel.store(jobs > 1, SeqCst);
        merge_had_company.store(false, SeqCst);
        let out = reduce(
            c(),
            (seed.as_bytes(), variant.as_bytes()),
            &PairTests::sides(&seed_ok, &variant_bug),
            &PairOptions {
                ldiff: false,
                commonality: false,
                ..config_width(jobs, 4)
            },
            &Quiet,
        )
        .unwrap();
        let text = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
        assert_eq!(text(&out.variant), seed.replace("a / 1", "a / 0"));
        if jobs > 1 {
            assert!(
                merge_had_company.load(SeqCst),
                "-j {jobs}: the merge was tested alone"
            );
        }
        let tdiff = out.steps.iter().find(|s| s.reducer == "tdiff").unwrap();
        outs.push((text(&out.seed), text(&out.variant), tdiff.rounds));
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "{outs:#?}");
}

/// The final re-check runs the seed's and the variant's tests at once above
/// `-j 1` (one after the other at `-j 1`).
#[test]
fn the_recheck_runs_both_tests_at_once_above_one_job() {
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    use std::time::{Duration, Instant};
    for jobs in [1, 2] {
        let variant_running = AtomicBool::new(false);
        let seen_beside = AtomicBool::new(false);
        // The seed's test waits (at most 10 s at -j 2) for the variant's.
        let seed_ok = |_: &[u8]| {
            let deadline = Instant::now() + Duration::from_secs(10);
            while jobs > 1 && !variant_running.load(SeqCst) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen_beside.store(variant_running.load(SeqCst), SeqCst);
            true
        };
        let variant_bug = |_: &[u8]| {
            variant_running.store(true, SeqCst);
            let deadline = Instant::now() + Duration::from_secs(10);
            while jobs > 1 && !seen_beside.load(SeqCst) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            variant_running.store(false, SeqCst);
            true
        };
        let tests = PairTests::sides(&seed_ok, &variant_bug);
        let got = tests.recheck(SEED.as_bytes(), VARIANT.as_bytes(), jobs, 0);
        assert_eq!(got, Rechecked::Holds);
        assert_eq!(seen_beside.load(SeqCst), jobs > 1, "-j {jobs}");
    }
}

/// What the two tests of [`Counted`] share: the scripts running at once,
/// the most seen, each worker's running tests, and whether a worker ever
/// ran two (a variant's test beside its seed's).
#[derive(Default)]
struct Running {
    now: std::sync::atomic::AtomicUsize,
    most: std::sync::atomic::AtomicUsize,
    per_worker: [std::sync::atomic::AtomicUsize; 32],
    beside: std::sync::atomic::AtomicBool,
}

/// A test that takes `ms` milliseconds, counts itself in `running` and records each
/// run (its text, and when it started and ended); an abandon stops the
/// test running, or (between `begin` and `end`) every later part of the
/// compound test, as the script oracle's does: one that arrives after a
/// lone test ended does not stop the next.
struct Counted<'a, F> {
    running: &'a Running,
    stop: [std::sync::atomic::AtomicBool; 32],
    /// Workers between `begin` and `end`.
    scoped: [std::sync::atomic::AtomicBool; 32],
    verdict: F,
    runs: Mutex<Vec<(Vec<u8>, std::time::Instant, std::time::Instant)>>,
    ms: u64,
}

impl<'a, F> Counted<'a, F> {
    /// A test of `ms` milliseconds that counts itself in `running`.
    fn new(running: &'a Running, verdict: F, ms: u64) -> Self {
        Counted {
            running,
            stop: Default::default(),
            scoped: Default::default(),
            verdict,
            runs: Default::default(),
            ms,
        }
    }
}

impl<F: Fn(&[u8]) -> bool + Sync> Oracle for Counted<'_, F> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
        use std::sync::atomic::Ordering::SeqCst;
        use std::time::{Duration, Instant};
        let (w, r) = (worker % 32, self.running);
        if r.per_worker[w].fetch_add(1, SeqCst) > 0 {
            r.beside.store(true, SeqCst);
        }
        r.most.fetch_max(r.now.fetch_add(1, SeqCst) + 1, SeqCst);
        if !self.scoped[w].load(SeqCst) {
            self.stop[w].store(false, SeqCst);
        }
        let start = Instant::now();
        let deadline = start + Duration::from_millis(self.ms);
        while Instant::now() < deadline && !self.stop[w].load(SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        r.now.fetch_sub(1, SeqCst);
        r.per_worker[w].fetch_sub(1, SeqCst);
        let run = (candidate.to_vec(), start, Instant::now());
        self.runs.lock().push(run);
        Ok(if self.stop[w].load(SeqCst) {
            Verdict::Cancelled
        } else if (self.verdict)(candidate) {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }

    fn begin(&self, worker: usize) {
        self.stop[worker % 32].store(false, std::sync::atomic::Ordering::SeqCst);
        self.scoped[worker % 32].store(true, std::sync::atomic::Ordering::SeqCst);
    }

    fn end(&self, worker: usize) {
        self.scoped[worker % 32].store(false, std::sync::atomic::Ordering::SeqCst);
    }

    fn abandon(&self, worker: usize) {
        self.stop[worker % 32].store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

/// The reduction of a C pair with `tests` at `-j jobs`, the default
/// options and no observer.
fn reduce_at(texts: (&[u8], &[u8]), tests: &PairTests<'_>, jobs: usize) -> PairOutcome {
    reduce(c(), texts, tests, &config(jobs), &Quiet).unwrap()
}

/// A property of a program, for [`Counted`].
type Holds = fn(&[u8]) -> bool;

/// Reduces the pair `texts` at `jobs` with tests of 20 ms that count
/// themselves (`Counted`): the outcome, and how many ran at once.
fn reduce_counted(
    (seed, variant): (&str, &str),
    jobs: usize,
    (seed_ok, variant_bug): (Holds, Holds),
) -> (PairOutcome, Running) {
    let running = Running::default();
    let out = {
        let seed_test = Counted::new(&running, seed_ok, 20);
        let variant_test = Counted::new(&running, variant_bug, 20);
        let tests = PairTests::sides(&seed_test, &variant_test);
        reduce_at((seed.as_bytes(), variant.as_bytes()), &tests, jobs)
    };
    (out, running)
}

/// Pair mode never runs more than `-j` scripts at once: in MinCommonality
/// a variant's test runs beside its seed's only in a place no lane holds,
/// and a lane that needs the place stops it (the variant's test then runs
/// after the seed's). Above `-j 1` some variant tests do run beside their
/// seed's, and every `-j` gives the pair of `-j 1`.
#[test]
fn pair_mode_runs_at_most_j_scripts_at_once() {
    use std::sync::atomic::Ordering::SeqCst;
    let seed_ok: Holds = |t| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug: Holds = |t| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    let mut outs = Vec::new();
    for jobs in [1, 3, 4] {
        let (out, running) = reduce_counted((SEED, VARIANT), jobs, (seed_ok, variant_bug));
        let most = running.most.load(SeqCst);
        assert!(most <= jobs, "-j {jobs}: {most} scripts at once");
        assert_eq!(running.beside.load(SeqCst), jobs > 1, "-j {jobs}");
        outs.push((out.seed, out.variant));
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "{outs:?}");
}

/// Pair mode may make its last tests, the layout's test of the result and
/// the pair's re-check (two scripts each), ahead beside the last
/// MinCommonality's last round (`engine::Ending`, from `-j 6`: a last
/// round of one test's two scripts and four more): they take only places the
/// round's scripts leave free, so that no more than `-j` scripts run at
/// once, and the pair is the one of `-j 1`. (Whether a place is free when
/// they start is timing: `tests_made_ahead_take_only_free_places` shows the
/// rule itself.)
#[test]
fn pair_mode_makes_its_last_tests_ahead_within_j_scripts() {
    use std::sync::atomic::Ordering::SeqCst;
    // The layout's text is not the text the passes end on.
    let (seed_text, variant_text) = (spaced(SEED), spaced(VARIANT));
    let seed_ok: Holds = |t| parses(t) && kept(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug: Holds = |t| parses(t) && kept(t) && String::from_utf8_lossy(t).contains("/ 0");
    let mut outs = Vec::new();
    for jobs in [1, 6, 8] {
        let texts = (seed_text.as_str(), variant_text.as_str());
        let (out, running) = reduce_counted(texts, jobs, (seed_ok, variant_bug));
        assert_eq!(out.recheck, Recheck::Passed, "-j {jobs}");
        let most = running.most.load(SeqCst);
        assert!(most <= jobs, "-j {jobs}: {most} scripts at once");
        outs.push((out.seed, out.variant));
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "{outs:?}");
}

/// A test made ahead in pair mode (`Oracle::test_aside`: the layout's
/// test and the pair's re-check beside a round) runs its scripts only in
/// places free now: while a candidate's seed and variant take every place
/// it runs no script and gives no verdict; and a re-check made ahead runs
/// its variant's script beside its seed's in a place a lane takes back when
/// it needs it, so that the re-check then gives no verdict and keeps
/// nothing. Never more than `-j` scripts at once.
#[test]
fn tests_made_ahead_take_only_free_places() {
    use std::sync::atomic::Ordering::SeqCst;
    use std::time::Duration;
    let running = Running::default();
    let counted = |verdict: fn(&[u8]) -> bool| Counted::new(&running, verdict, 400);
    let seed = counted(|t| !String::from_utf8_lossy(t).contains("/ 0"));
    let variant = counted(|t| String::from_utf8_lossy(t).contains("/ 0"));
    let tests = PairTests::sides(&seed, &variant);
    let diff = Diff::new(c(), SEED.as_bytes(), VARIANT.as_bytes());
    // Two places: one candidate's two scripts take both.
    // Until `n` scripts run (10 s at most).
    let running_now = |n: usize| {
        let start = std::time::Instant::now();
        while running.now.load(SeqCst) != n && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(running.now.load(SeqCst), n);
    };
    let both = Both::new(c(), &diff, &tests, 0).with_jobs(2);
    std::thread::scope(|s| {
        let first = s.spawn(|| both.test(0, SEED.as_bytes()));
        running_now(2);
        let other = SEED.replace("return b;", "return b + 0;");
        assert_eq!(
            both.test_aside(1, other.as_bytes()).unwrap(),
            Verdict::Cancelled
        );
        assert_eq!(first.join().unwrap().unwrap(), Verdict::Interesting);
    });
    assert_eq!(seed.runs.lock().len() + variant.runs.lock().len(), 2);
    // Four places: a candidate's two scripts, then the re-check's two; a
    // lane's candidate then takes the re-check's variant's place back.
    let both = Both::new(c(), &diff, &tests, 0).with_jobs(4);
    let rechecking = Rechecking::beside(&both).unwrap();
    let recheck = SEED.replace("return b;", "return b * 1;");
    let lane = SEED.replace("return b;", "return b - 0;");
    std::thread::scope(|s| {
        let first = s.spawn(|| both.test(0, SEED.replace("int a = 5;", "int a = 6;").as_bytes()));
        running_now(2);
        let ahead = s.spawn(|| rechecking.test_aside(3, recheck.as_bytes()));
        running_now(4);
        let needed = s.spawn(|| both.test(1, lane.as_bytes()));
        assert_eq!(ahead.join().unwrap().unwrap(), Verdict::Cancelled);
        assert_eq!(needed.join().unwrap().unwrap(), Verdict::Interesting);
        assert_eq!(first.join().unwrap().unwrap(), Verdict::Interesting);
    });
    assert!(rechecking.ran.lock().is_none());
    assert!(running.most.load(SeqCst) <= 4);
}

/// A test made ahead in pair mode keeps no timeout of its scripts in
/// either program's memory (the test that needs the verdict later runs the
/// script again), and its scripts' errors count toward no stop: whether
/// the run stops must not depend on `-j`.
#[test]
fn a_test_made_ahead_keeps_no_timeout_and_its_errors_stop_nothing() {
    use crate::oracle::{ERROR_LIMIT, OracleError};
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    struct Script(AtomicUsize, Option<Verdict>);
    impl Oracle for Script {
        fn test(&self, _: usize, _: &[u8]) -> Result<Verdict, OracleError> {
            self.0.fetch_add(1, SeqCst);
            self.1
                .ok_or_else(|| OracleError::new("cannot run", std::io::Error::other("gone")))
        }
    }
    let diff = Diff::new(c(), SEED.as_bytes(), VARIANT.as_bytes());
    let candidate = |i: usize| SEED.replace("return b;", &format!("return b + {i};"));
    let variant = Script(AtomicUsize::new(0), Some(Verdict::Interesting));
    let slow = Script(AtomicUsize::new(0), Some(Verdict::TimedOut));
    let tests = PairTests::sides(&slow, &variant);
    let both = Both::new(c(), &diff, &tests, 0).with_jobs(4);
    let _ = both.test_aside(0, candidate(0).as_bytes());
    assert_eq!(slow.0.load(SeqCst), 1);
    let _ = both.test(0, candidate(0).as_bytes());
    assert_eq!(slow.0.load(SeqCst), 2, "the timeout made ahead was kept");
    let _ = both.test(0, candidate(0).as_bytes());
    assert_eq!(
        slow.0.load(SeqCst),
        2,
        "a timeout of a round's test is kept"
    );

    let gone = Script(AtomicUsize::new(0), None);
    let tests = PairTests::sides(&gone, &variant);
    let both = Both::new(c(), &diff, &tests, 0).with_jobs(4);
    for i in 0..ERROR_LIMIT {
        assert!(both.test_aside(0, candidate(i).as_bytes()).is_err());
    }
    assert_eq!(tests.failure(), None);
    for i in 0..ERROR_LIMIT {
        assert!(both.test(0, candidate(i).as_bytes()).is_err());
    }
    assert_eq!(tests.failure().map(|f| f.0), Some("seed"));
}

/// A candidate that needs no script (its seed's verdict is known, a
/// rejection) takes no place: a variant's test running beside its seed's
/// goes on.
#[test]
fn a_candidate_without_a_script_stops_no_beside_run() {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
    use std::time::{Duration, Instant};
    let rejected = SEED.replace("return b;", "return b + 0;");
    // The seed's test: 300 ms, and a rejection for `rejected`.
    let seed_ok = |t: &[u8]| {
        if t == rejected.as_bytes() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(300));
        true
    };
    // The variant's test: 300 ms unless stopped; counts its stopped runs.
    struct Variant {
        stop: [AtomicBool; 32],
        stopped: AtomicUsize,
    }
    impl Oracle for Variant {
        fn test(&self, worker: usize, _: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
            let deadline = Instant::now() + Duration::from_millis(300);
            while Instant::now() < deadline {
                if self.stop[worker % 32].load(SeqCst) {
                    self.stopped.fetch_add(1, SeqCst);
                    return Ok(Verdict::Cancelled);
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            Ok(Verdict::Interesting)
        }
        fn begin(&self, worker: usize) {
            self.stop[worker % 32].store(false, SeqCst);
        }
        fn abandon(&self, worker: usize) {
            self.stop[worker % 32].store(true, SeqCst);
        }
    }
    let variant = Variant {
        stop: Default::default(),
        stopped: AtomicUsize::new(0),
    };
    let tests = PairTests::sides(&seed_ok, &variant);
    // The rejection is in the seed's cache.
    assert!(!tests.holds(1, Which::Seed, (rejected.as_bytes(), b"")));
    let diff = Diff::new(c(), SEED.as_bytes(), VARIANT.as_bytes());
    let both = Both::new(c(), &diff, &tests, 0).with_jobs(2);
    std::thread::scope(|s| {
        let first = s.spawn(|| both.test(0, SEED.as_bytes()));
        // While the first candidate's seed and variant run side by side.
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(
            both.test(1, rejected.as_bytes()).unwrap(),
            Verdict::NotInteresting
        );
        assert_eq!(first.join().unwrap().unwrap(), Verdict::Interesting);
    });
    assert_eq!(variant.stopped.load(SeqCst), 0);
}

/// Whether a text keeps a function body with a statement in it: the
/// reduction leaves it on the lines and indentation of the input, which
/// the layout changes.
fn kept(t: &[u8]) -> bool {
    let t = String::from_utf8_lossy(t);
    t.contains("return") && t.contains("main(void) {")
}

/// `t` with blank lines and deep indentation, which the layout removes.
fn spaced(t: &str) -> String {
    t.replace("\n  ", "\n\n        ")
}

/// A test that records each run: the text, and when it started and ended.
struct Timed<F> {
    verdict: F,
    runs: Mutex<Vec<(Vec<u8>, std::time::Instant, std::time::Instant)>>,
    /// A text whose runs take 500 ms instead of 20: two runs of it started
    /// side by side overlap however late a loaded machine starts the second.
    slow: Option<Vec<u8>>,
}

impl<F: Fn(&[u8]) -> bool + Sync> Oracle for Timed<F> {
    fn test(
        &self,
        _worker: usize,
        candidate: &[u8],
    ) -> Result<Verdict, crate::oracle::OracleError> {
        let start = std::time::Instant::now();
        let slow = self.slow.as_deref() == Some(candidate);
        std::thread::sleep(std::time::Duration::from_millis(if slow {
            500
        } else {
            20
        }));
        let holds = (self.verdict)(candidate);
        let run = (candidate.to_vec(), start, std::time::Instant::now());
        self.runs.lock().push(run);
        Ok(if holds {
            Verdict::Interesting
        } else {
            Verdict::NotInteresting
        })
    }
}

/// The pair's final re-check runs its first try beside the layout's test
/// of the last MinCommonality when the scripts of both fit in `-j` (four
/// with two tests): the result's seed and variant are each run twice at
/// the same time, and the re-check runs nothing after them. Below that,
/// the two runs come one after the other. The pair is the same at every
/// `-j`.
#[test]
fn the_pairs_recheck_runs_beside_the_layouts_test() {
    let (seed_text, variant_text) = (spaced(SEED), spaced(VARIANT));
    let mut outs: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    for jobs in [1, 3, 4, 8] {
        // The pair is the same at every -j (asserted below): from the
        // second -j on, its texts' runs are the slow ones.
        let last = outs.first().cloned();
        let seed = Timed {
            verdict: |t: &[u8]| parses(t) && kept(t) && !String::from_utf8_lossy(t).contains("/ 0"),
            runs: Mutex::new(Vec::new()),
            slow: last.as_ref().map(|l| l.0.clone()),
        };
        let variant = Timed {
            verdict: |t: &[u8]| parses(t) && kept(t) && String::from_utf8_lossy(t).contains("/ 0"),
            runs: Mutex::new(Vec::new()),
            slow: last.map(|l| l.1),
        };
        let tests = PairTests::sides(&seed, &variant);
        let out = reduce_at(
            (seed_text.as_bytes(), variant_text.as_bytes()),
            &tests,
            jobs,
        );
        assert_eq!(out.recheck, Recheck::Passed, "-j {jobs}");
        for (runs, text) in [(&seed.runs, &out.seed), (&variant.runs, &out.variant)] {
            let runs = runs.lock();
            let last: Vec<_> = runs.iter().filter(|(t, _, _)| t == text).collect();
            assert_eq!(last.len(), 2, "-j {jobs}: {last:?}");
            let (a, b) = (last[0], last[1]);
            let overlap = a.1 < b.2 && b.1 < a.2;
            assert_eq!(
                overlap,
                jobs >= 4,
                "-j {jobs}: {:?}",
                String::from_utf8_lossy(text)
            );
            // Nothing ran after the result's runs.
            let end = a.2.max(b.2);
            assert!(runs.iter().all(|(_, start, _)| *start < end), "-j {jobs}");
        }
        outs.push((out.seed, out.variant));
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "{outs:?}");
}

/// With a test per program, MinTdiff tests the first round of the
/// variant's removals and the first round of the seed's as one round: a
/// seed's test runs beside a variant's above `-j 1` (MinTdiff alone runs
/// here, and nothing else of it tests both programs), and the pair is the
/// one a single test of the pair with the same two properties gives (it
/// tests those rounds one after the other), at every `-j` and at a width
/// that cuts the lists (three removals of the seed's, at width 2).
#[test]
fn mintdiff_tests_the_first_removals_of_both_programs_in_one_round() {
    const SEED: &str =
        "int f(int x) {\n  int s1 = 1;\n  int s2 = 2;\n  a1();\n  a2();\n  a3();\n  return x;\n}\n";
    const VARIANT: &str = "int f(int x) {\n  if (x) b1(x / 0);\n  while (x) b2(x / 1);\n  do b3(x / 2); while (x);\n  return x;\n}\n";
    let seed_ok = |t: &[u8]| {
        let t = String::from_utf8_lossy(t);
        t.contains("return") && !t.contains("/ 0")
    };
    let variant_bug = |t: &[u8]| {
        let t = String::from_utf8_lossy(t);
        ["/ 0", "/ 1", "/ 2", "return"]
            .iter()
            .all(|s| t.contains(s))
    };
    let (seed_ok, variant_bug) = (
        move |t: &[u8]| count_errors(&parse(c(), t)) == 0 && seed_ok(t),
        move |t: &[u8]| count_errors(&parse(c(), t)) == 0 && variant_bug(t),
    );
    for width in [2, 16] {
        let config = |jobs| PairOptions {
            ldiff: false,
            commonality: false,
            canon: false,
            verify: false,
            ..config_width(jobs, width)
        };
        let joint = |s: &[u8], v: &[u8]| seed_ok(s) && variant_bug(v);
        let pair = (SEED.as_bytes(), VARIANT.as_bytes());
        let one = reduce(c(), pair, &PairTests::joint(&joint), &config(1), &Quiet).unwrap();
        assert_ne!(one.seed, SEED.as_bytes(), "width {width}");
        for jobs in [1, 4] {
            let seed = Timed {
                verdict: seed_ok,
                runs: Mutex::new(Vec::new()),
                slow: None,
            };
            let variant = Timed {
                verdict: variant_bug,
                runs: Mutex::new(Vec::new()),
                slow: None,
            };
            let tests = PairTests::sides(&seed, &variant);
            let out = reduce(c(), pair, &tests, &config(jobs), &Quiet).unwrap();
            let (seeds, variants) = (seed.runs.lock(), variant.runs.lock());
            let beside = seeds
                .iter()
                .any(|s| variants.iter().any(|v| s.1 < v.2 && v.1 < s.2));
            assert_eq!(beside, jobs > 1, "width {width}, -j {jobs}");
            assert_eq!(
                (&out.seed, &out.variant),
                (&one.seed, &one.variant),
                "width {width}, -j {jobs}"
            );
        }
    }
}

/// A last merge of MinTdiff's first candidates (nothing queued after it) is
/// tested beside the first round of the deletions that follow, as they are
/// if it holds: the variant's `if` (a replacement of the seed's `g();` that
/// cannot be undone) removed from the merged variant (which keeps its
/// inserted `k(2);`, so that no other text is the same), and the seed's
/// `g();` removed. Above `-j 3` the merge's test waits (at most 10 s) for
/// both to start, so that a merge tested alone shows; at `-j 1` both start
/// after it. Every `-j` gives the same pair and the same rounds.
#[test]
fn min_tdiff_tests_its_last_merge_beside_the_deletions_that_follow() {
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    use std::time::{Duration, Instant};
    let seed = "int main(void) {\n  int a = 1;\n  int b = 2;\n  int c = 3;\n  int d = 4;\n  int e = 5;\n  int f = 6;\n  g();\n  return a;\n}\n";
    let variant = "int main(void) {\n  k(2);\n  int a = 7;\n  int b = 8;\n  int c = 9;\n  int d = 10;\n  int e = 11;\n  int f = 12;\n  if (a) b = 1 / 0;\n  return a;\n}\n";
    // Every constant undone: the last merge of the undos, in rounds of 4.
    let merged = "int main(void) {\n  k(2);\n  int a = 1;\n  int b = 2;\n  int c = 3;\n  int d = 4;\n  int e = 5;\n  int f = 6;\n  if (a) b = 1 / 0;\n  return a;\n}\n";
    let after = [
        merged.replace("if (a) b = 1 / 0;", ""),
        seed.replace("g();", ""),
    ];
    let started: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let parallel = AtomicBool::new(false);
    let company = AtomicBool::new(false);
    let both_started = |started: &[Vec<u8>]| {
        after
            .iter()
            .all(|t| started.iter().any(|s| s == t.as_bytes()))
    };
    let seed_ok = |t: &[u8]| {
        started.lock().push(t.to_vec());
        parses(t) && !String::from_utf8_lossy(t).contains("/ 0")
    };
    let variant_bug = |t: &[u8]| {
        started.lock().push(t.to_vec());
        if t == merged.as_bytes() && parallel.load(SeqCst) {
            let deadline = Instant::now() + Duration::from_secs(10);
            while !both_started(&started.lock()) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            company.store(both_started(&started.lock()), SeqCst);
        }
        let t = String::from_utf8_lossy(t);
        count_errors(&parse(c(), t.as_bytes())) == 0 && t.contains("1 / 0") && t.contains("k(2)")
    };
    let mut outs = Vec::new();
    for jobs in [1, 3, 4, 16] {
        started.lock().clear();
        parallel.store(jobs >= 3, SeqCst);
        company.store(false, SeqCst);
        let out = reduce(
            c(),
            (seed.as_bytes(), variant.as_bytes()),
            &PairTests::sides(&seed_ok, &variant_bug),
            &PairOptions {
                ldiff: false,
                commonality: false,
                verify: false,
                ..config_width(jobs, 4)
            },
            &Quiet,
        )
        .unwrap();
        let text = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
        // The `if` is then minimized.
        let minimized = merged.replace("b = 1 / 0", "1 / 0");
        assert_eq!(text(&out.variant), minimized, "-j {jobs}");
        assert_eq!(text(&out.seed), after[1], "-j {jobs}");
        if jobs >= 3 {
            assert!(
                company.load(SeqCst),
                "-j {jobs}: the merge was tested alone"
            );
        } else {
            let started = started.lock();
            let at = |t: &[u8]| started.iter().position(|s| s == t).unwrap();
            let merge = at(merged.as_bytes());
            assert!(after.iter().all(|t| at(t.as_bytes()) > merge), "-j {jobs}");
        }
        let tdiff = out.steps.iter().find(|s| s.reducer == "tdiff").unwrap();
        outs.push((out.seed, out.variant, tdiff.rounds));
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "{outs:#?}");
}

/// A round of PPR after the first starts with one round of what MinTdiff
/// and MinLdiff test first on the pair as it is: when that round finds
/// nothing (here the inserted `a / 0` is needed whole), MinTdiff and
/// MinLdiff then run no test of their own above `-j 1`, their verdicts
/// known. At `-j 4` the first variant test of round 2 (MinTdiff's undo)
/// waits (at most 10 s) for a second one to start: without the round,
/// MinLdiff's tries would come after it. Every `-j` gives the same pair
/// and the same rounds.
#[test]
fn a_later_ppr_round_tests_what_min_tdiff_and_min_ldiff_try_first_as_one_round() {
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    use std::time::{Duration, Instant};
    /// Whether MinTdiff or MinLdiff of round 2 runs.
    struct Round(AtomicBool);
    impl PairObserver for Round {
        fn improved(&self, _seed: &[u8], _variant: &[u8]) {}
        fn step(&self, _step: &Step) {}
        fn reducer(&self, round: usize, reducer: &'static str) {
            let confirming = round == 2 && matches!(reducer, "tdiff" | "ldiff");
            self.0.store(confirming, SeqCst);
        }
    }
    let seed = "int main(void) {\n  int a = 5;\n  return;\n}\n";
    let variant = "int main(void) {\n  int a = 6 + 1;\n  return a / 0;\n}\n";
    let round = Round(AtomicBool::new(false));
    // The variant tests of round 2's MinTdiff and MinLdiff so far.
    let second: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
    let parallel = AtomicBool::new(false);
    let alone = AtomicBool::new(false);
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug = |t: &[u8]| {
        if round.0.load(SeqCst) {
            let first = {
                let mut second = second.lock();
                second.push(t.to_vec());
                second.len() == 1
            };
            if first && parallel.load(SeqCst) {
                let deadline = Instant::now() + Duration::from_secs(10);
                while second.lock().len() < 2 && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(1));
                }
                alone.store(second.lock().len() < 2, SeqCst);
            }
        }
        parses(t) && String::from_utf8_lossy(t).contains("a / 0")
    };
    let mut outs = Vec::new();
    for jobs in [1, 4] {
        second.lock().clear();
        parallel.store(jobs > 1, SeqCst);
        let out = reduce(
            c(),
            (seed.as_bytes(), variant.as_bytes()),
            &PairTests::sides(&seed_ok, &variant_bug),
            &PairOptions {
                canon: false,
                verify: false,
                ..config(jobs)
            },
            &round,
        )
        .unwrap();
        let step = |round: usize, reducer: &str| {
            out.steps
                .iter()
                .find(|s| s.round == round && s.reducer == reducer)
                .unwrap_or_else(|| {
                    panic!("-j {jobs}: no {reducer} in round {round}: {:#?}", out.steps)
                })
        };
        let (tdiff, ldiff) = (step(2, "tdiff"), step(2, "ldiff"));
        let ldiff_tests = ldiff.variant_tests - tdiff.variant_tests;
        assert_eq!(ldiff_tests == 0, jobs > 1, "-j {jobs}: {ldiff_tests} tests");
        // MinTdiff's undo and MinLdiff's tries, at least.
        assert!(second.lock().len() >= 3, "-j {jobs}: {:?}", second.lock());
        if jobs > 1 {
            assert!(!alone.load(SeqCst), "-j {jobs}: MinTdiff's undo ran alone");
        }
        let last = out.steps.last().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.variant),
            "int main {\n  return a / 0;\n}\n"
        );
        outs.push((out.seed, out.variant, last.rounds));
    }
    assert!(outs.windows(2).all(|w| w[0] == w[1]), "{outs:#?}");
}

/// The pair MinCommonality leaves is one that was tested: its variant is
/// one the variant's test passed during the run (without the final
/// re-check, nothing else tests it), at every job count.
#[test]
fn the_pair_left_is_one_whose_variant_was_tested() {
    use std::collections::HashSet;
    use std::sync::Mutex;
    let passed: Mutex<HashSet<Vec<u8>>> = Mutex::default();
    let seed_ok = |t: &[u8]| parses(t) && !String::from_utf8_lossy(t).contains("/ 0");
    let variant_bug = |t: &[u8]| {
        let bug = parses(t) && String::from_utf8_lossy(t).contains("/ 0");
        if bug {
            passed.lock().unwrap().insert(t.to_vec());
        }
        bug
    };
    for jobs in [1, 2, 4] {
        let mut cfg = config(jobs);
        cfg.verify = false;
        cfg.tdiff = false;
        cfg.ldiff = false;
        let tests = PairTests::sides(&seed_ok, &variant_bug);
        let out = reduce(
            c(),
            (SEED.as_bytes(), VARIANT.as_bytes()),
            &tests,
            &cfg,
            &Quiet,
        )
        .unwrap();
        assert!(
            out.seed.len() < SEED.len(),
            "{}",
            String::from_utf8_lossy(&out.seed)
        );
        assert!(
            passed.lock().unwrap().contains(&out.variant),
            "-j {jobs}: {}",
            String::from_utf8_lossy(&out.variant)
        );
    }
}

/// A test that could not be run leaves its candidate unjudged: the next
/// round runs MinCommonality again (where
/// `a_round_skips_min_commonality_when_only_the_seed_rejected` skips it),
/// and the candidate is tested again there.
#[test]
fn a_round_does_not_skip_min_commonality_after_a_test_that_could_not_run() {
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
    /// The seed's test: only the seed itself passes; the first test of a
    /// candidate without the first declaration (one of MinCommonality's:
    /// the other reducers keep it) cannot be run.
    struct FailsOnce(AtomicBool);
    impl Oracle for FailsOnce {
        fn test(&self, _: usize, t: &[u8]) -> Result<Verdict, crate::oracle::OracleError> {
            if t == SEED.as_bytes() {
                return Ok(Verdict::Interesting);
            }
            if !t.starts_with(b"int g = 3;") && !self.0.swap(true, SeqCst) {
                let error = std::io::Error::other("no process left");
                return Err(crate::oracle::OracleError::new(
                    "cannot run the test",
                    error,
                ));
            }
            Ok(Verdict::NotInteresting)
        }
    }
    let seed_ok = FailsOnce(AtomicBool::new(false));
    let variant_bug = |t: &[u8]| parses(t) && String::from_utf8_lossy(t).contains("/ 0");
    let count = Count(Default::default());
    let mut cfg = config(1);
    cfg.canon = false;
    let tests = PairTests::sides(&seed_ok, &variant_bug);
    let out = reduce(
        c(),
        (SEED.as_bytes(), VARIANT.as_bytes()),
        &tests,
        &cfg,
        &count,
    )
    .unwrap();
    assert!(seed_ok.0.load(SeqCst), "no test could fail");
    let reducers = count.0.lock().unwrap().clone();
    let rounds = reducers.iter().filter(|r| **r == "tdiff").count();
    let commonality = reducers.iter().filter(|r| **r == "commonality").count();
    assert!(rounds >= 2 && commonality >= 2, "{reducers:?}");
    assert_eq!(out.seed, SEED.as_bytes());
}

/// A test that panics gives its place back: a lane that needs a place
/// while the panicking test's variant ran beside its seed's does not wait
/// for it forever (the panic goes on to the caller).
#[test]
fn a_panicking_test_leaves_no_lane_waiting_for_its_place() {
    use std::time::Duration;
    let panics = SEED.replace("return b;", "return b + 0;");
    let seed_ok = move |t: &[u8]| {
        if t != SEED.as_bytes() {
            std::thread::sleep(Duration::from_millis(300));
        }
        true
    };
    let variant_bug = move |t: &[u8]| {
        if t.len() > VARIANT.len() {
            panic!("the variant's test panics");
        }
        true
    };
    // 'static for threads that may never end (the failure this test
    // catches).
    let seed_ok = Box::leak(Box::new(seed_ok));
    let variant_bug = Box::leak(Box::new(variant_bug));
    let tests: &'static PairTests<'static> =
        Box::leak(Box::new(PairTests::sides(seed_ok, variant_bug)));
    let diff: &'static Diff = Box::leak(Box::new(Diff::new(
        c(),
        SEED.as_bytes(),
        VARIANT.as_bytes(),
    )));
    let both: &'static Both<'static, 'static> =
        Box::leak(Box::new(Both::new(c(), diff, tests, 0).with_jobs(2)));
    let (done, ended) = std::sync::mpsc::channel();
    let first = {
        let done = done.clone();
        std::thread::spawn(move || {
            // Its variant test runs beside its seed's, and panics.
            let test = std::panic::AssertUnwindSafe(|| both.test(0, panics.as_bytes()));
            let verdict = std::panic::catch_unwind(test);
            done.send(("first", verdict.is_err())).unwrap();
        })
    };
    std::thread::sleep(Duration::from_millis(100));
    std::thread::spawn(move || {
        // Needs a place while the first one's seed test runs.
        let smaller = SEED.replace("  g = g + 1;\n", "");
        let verdict = both.test(1, smaller.as_bytes()).unwrap();
        done.send(("second", verdict == Verdict::Interesting))
            .unwrap();
    });
    let mut seen = Vec::new();
    for _ in 0..2 {
        seen.push(
            ended
                .recv_timeout(Duration::from_secs(60))
                .expect("a lane waits forever"),
        );
    }
    seen.sort();
    assert_eq!(seen, [("first", true), ("second", true)]);
    first.join().unwrap();
}
