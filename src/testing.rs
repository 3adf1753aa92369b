//! Helpers for the unit tests.

use std::sync::mpsc;
use std::time::Duration;

/// Runs `f` on a thread of its own and returns its result, or fails the
/// test after `secs` seconds: a hang in the code under test becomes a
/// failure instead of a test run that never ends (the stuck thread is left
/// behind; the test process exits anyway). A panic in `f` fails the test too.
pub fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(value) => value,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("hung: no result within {secs} s"),
        Err(mpsc::RecvTimeoutError::Disconnected) => match handle.join() {
            Err(panic) => std::panic::resume_unwind(panic),
            Ok(()) => unreachable!("the thread sends before it ends"),
        },
    }
}

#[test]
fn a_hang_fails_instead_of_blocking() {
    let hung = std::panic::catch_unwind(|| {
        within(1, || std::thread::sleep(Duration::from_secs(3600)));
    });
    assert!(hung.is_err());
    assert_eq!(within(5, || 7), 7);
    assert!(std::panic::catch_unwind(|| within(5, || panic!("inner"))).is_err());
}

/// A small deterministic generator (xorshift64) for property tests and
/// fuzzers: the same seed gives the same sequence on every machine.
pub struct XorShift(pub u64);

impl XorShift {
    /// A generator for `seed` (any value, 0 included: it is mixed first).
    pub fn seeded(seed: u64) -> XorShift {
        // splitmix64, so that seeds 0, 1, 2, ... start far apart.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        XorShift((z ^ (z >> 31)) | 1)
    }

    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with chance `percent` in 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Counters a fuzz case reports (what it exercised), summed over the cases.
pub type Tally = std::collections::BTreeMap<String, u64>;

/// Runs the fuzz case `case` on the seeds 0, 1, 2, ...: `cases` of them,
/// unless the environment says otherwise:
///
/// - `TREEREDUCE_FUZZ_SEED=N`: only the case of seed N (to reproduce a
///   failure; every failure names its seed);
/// - `TREEREDUCE_FUZZ_SECONDS=S`: as many cases as start within S seconds
///   (the long mode);
/// - `TREEREDUCE_FUZZ_CASES=N`: N cases.
///
/// Each case runs within `secs` seconds (a hang fails it). A failing case
/// does not stop the others: at the end the failed seeds are listed and
/// the test fails. Prints the number of cases and the summed tally to
/// stderr (seen with `--nocapture`), and returns the tally.
pub fn fuzz(name: &str, cases: u64, secs: u64, case: fn(u64) -> Tally) -> Tally {
    let env = |var: &str| {
        std::env::var(var).ok().map(|v| {
            v.parse::<u64>()
                .unwrap_or_else(|_| panic!("{var}={v}: not a number"))
        })
    };
    let started = std::time::Instant::now();
    let (seeds, until): (Box<dyn Iterator<Item = u64>>, Option<Duration>) =
        match (env("TREEREDUCE_FUZZ_SEED"), env("TREEREDUCE_FUZZ_SECONDS")) {
            (Some(seed), _) => (Box::new(std::iter::once(seed)), None),
            (None, Some(seconds)) => (Box::new(0..), Some(Duration::from_secs(seconds))),
            (None, None) => (
                Box::new(0..env("TREEREDUCE_FUZZ_CASES").unwrap_or(cases)),
                None,
            ),
        };
    let mut tally = Tally::new();
    let mut failed: Vec<(u64, String)> = Vec::new();
    let mut ran = 0u64;
    for seed in seeds {
        if until.is_some_and(|until| started.elapsed() >= until) {
            break;
        }
        ran += 1;
        let outcome = std::panic::catch_unwind(|| within(secs, move || case(seed)));
        match outcome {
            Ok(counts) => {
                for (key, n) in counts {
                    *tally.entry(key).or_default() += n;
                }
            }
            Err(panic) => {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failed.push((seed, message));
            }
        }
        if until.is_some() && ran.is_multiple_of(100) {
            eprintln!(
                "{name}: {ran} cases, {} failed, {:.0} s",
                failed.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    eprintln!(
        "{name}: {ran} cases, {} failed, {:.1} s; {tally:?}",
        failed.len(),
        started.elapsed().as_secs_f64()
    );
    if !failed.is_empty() {
        let seeds: Vec<String> = failed.iter().map(|(s, _)| s.to_string()).collect();
        panic!(
            "{name}: {} of {ran} cases failed (seeds {}; rerun one with TREEREDUCE_FUZZ_SEED=N); the first: {}",
            failed.len(),
            seeds.join(", "),
            failed[0].1
        );
    }
    tally
}
