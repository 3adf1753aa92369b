//! One side of a pair: the seed's property ψ_s or the variant's ψ_v, with
//! its own verdict cache and counters, and the compound oracle of
//! MinCommonality that tests a seed candidate and its patched variant.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use parking_lot::Mutex;
use serde::Serialize;
use xxhash_rust::xxh3::xxh3_128;

use super::diff::Diff;
use crate::oracle::{Oracle, OracleError, Verdict};
use crate::syntax::Grammar;

/// A property with a cache of its verdicts.
pub struct Side<'a> {
    oracle: &'a dyn Oracle,
    cache: Mutex<HashMap<u128, Verdict>>,
    counts: Counts,
    /// Tests in a row that could not be run.
    errors_in_a_row: AtomicUsize,
    last_error: Mutex<Option<String>>,
}

/// What a side did.
#[derive(Default, Debug)]
struct Counts {
    tests: AtomicU64,
    interesting: AtomicU64,
    cache_hits: AtomicU64,
    errors: AtomicU64,
}

/// The counters of a side, for `--stats-json`.
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct SideReport {
    /// Script runs.
    pub tests: u64,
    /// Of those, interesting.
    pub interesting: u64,
    /// Candidates answered from this side's cache.
    pub cache_hits: u64,
    /// Runs that gave no verdict (the script could not be started).
    pub errors: u64,
}

impl<'a> Side<'a> {
    /// Wraps `oracle`.
    pub fn new(oracle: &'a dyn Oracle) -> Side<'a> {
        Side {
            oracle,
            cache: Mutex::new(HashMap::new()),
            counts: Counts::default(),
            errors_in_a_row: AtomicUsize::new(0),
            last_error: Mutex::new(None),
        }
    }

    /// Whether the candidate has the property (cached).
    pub fn holds(&self, worker: usize, candidate: &[u8]) -> bool {
        matches!(self.test(worker, candidate), Ok(Verdict::Interesting))
    }

    /// The script itself, without the cache.
    pub fn inner(&self) -> &dyn Oracle {
        self.oracle
    }

    /// The counters so far.
    pub fn report(&self) -> SideReport {
        SideReport {
            tests: self.counts.tests.load(Relaxed),
            interesting: self.counts.interesting.load(Relaxed),
            cache_hits: self.counts.cache_hits.load(Relaxed),
            errors: self.counts.errors.load(Relaxed),
        }
    }

    /// The last error, once the script could not be run
    /// 5 times in a row (the engine's error limit).
    pub fn failure(&self) -> Option<String> {
        if self.errors_in_a_row.load(Relaxed) >= crate::engine::ERROR_LIMIT {
            self.last_error.lock().clone()
        } else {
            None
        }
    }
}

impl Oracle for Side<'_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        let key = xxh3_128(candidate);
        if let Some(&v) = self.cache.lock().get(&key) {
            self.counts.cache_hits.fetch_add(1, Relaxed);
            return Ok(v);
        }
        match self.oracle.test(worker, candidate) {
            Ok(Verdict::Cancelled) => Ok(Verdict::Cancelled),
            Ok(v) => {
                self.errors_in_a_row.store(0, Relaxed);
                self.counts.tests.fetch_add(1, Relaxed);
                if v == Verdict::Interesting {
                    self.counts.interesting.fetch_add(1, Relaxed);
                }
                self.cache.lock().insert(key, v);
                Ok(v)
            }
            Err(e) => {
                self.counts.errors.fetch_add(1, Relaxed);
                self.errors_in_a_row.fetch_add(1, Relaxed);
                *self.last_error.lock() = Some(e.to_string());
                Err(e)
            }
        }
    }

    fn abandon(&self, worker: usize) {
        self.oracle.abandon(worker);
    }
}

/// MinCommonality's oracle: a seed candidate is interesting when it has ψ_s
/// and the difference patched onto it gives a variant with ψ_v. The two
/// scripts run at the same time; the first "no" stops the other.
pub struct Both<'s, 'a> {
    /// The language of both programs.
    pub grammar: &'static Grammar,
    /// The fixed difference, from the seed the candidates are made of.
    pub diff: &'s Diff,
    /// ψ_s.
    pub seed: &'s Side<'a>,
    /// ψ_v.
    pub variant: &'s Side<'a>,
}

/// How long aligning a candidate with the seed may take before a coarser
/// alignment is used.
pub const ALIGN_LIMIT: Duration = Duration::from_millis(500);

impl Both<'_, '_> {
    /// The variant that goes with a seed candidate.
    pub fn variant_of(&self, seed: &[u8]) -> Vec<u8> {
        self.diff.patch(self.grammar, seed, ALIGN_LIMIT)
    }
}

impl Oracle for Both<'_, '_> {
    fn test(&self, worker: usize, candidate: &[u8]) -> Result<Verdict, OracleError> {
        let variant = self.variant_of(candidate);
        let (s, v) = std::thread::scope(|scope| {
            let other = scope.spawn(|| {
                let v = self.variant.test(worker, &variant);
                if !matches!(v, Ok(Verdict::Interesting)) {
                    self.seed.abandon(worker);
                }
                v
            });
            let s = self.seed.test(worker, candidate);
            if !matches!(s, Ok(Verdict::Interesting)) {
                self.variant.abandon(worker);
            }
            (s, other.join().expect("the variant's test does not panic"))
        });
        // A "no" from either side decides; a side stopped because the other
        // said no is no verdict of its own.
        Ok(match (s?, v?) {
            (Verdict::NotInteresting, _) | (_, Verdict::NotInteresting) => Verdict::NotInteresting,
            (Verdict::TimedOut, _) | (_, Verdict::TimedOut) => Verdict::TimedOut,
            (Verdict::Cancelled, _) | (_, Verdict::Cancelled) => Verdict::Cancelled,
            (Verdict::Interesting, Verdict::Interesting) => Verdict::Interesting,
        })
    }

    fn abandon(&self, worker: usize) {
        self.seed.abandon(worker);
        self.variant.abandon(worker);
    }
}
