//! Verdicts cached by a 128-bit hash of the candidate bytes. Reducers revisit the
//! same candidate often (a re-applied task, a later pass, a tidy step), and a
//! cached verdict costs a hash instead of a process.
//!
//! Behind the in-memory map an optional [`VerdictStore`] keeps verdicts
//! between runs (the command line's `--cache`, an SQLite file): a miss in
//! memory asks the store, and every new verdict the test gave by ending is
//! written through to it (a timeout is not: see [`VerdictCache::insert`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use parking_lot::Mutex;
use xxhash_rust::xxh3::xxh3_128;

use super::Verdict;

/// A verdict as a [`VerdictStore`] keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The test rejected the candidate (it exited non-zero or was killed;
    /// timeouts are not stored).
    NotInteresting,
    /// The test accepted the candidate.
    Interesting,
    /// The mark that a final result passed its re-check (so that a later
    /// run with the same test and input need not re-check it): kept under a
    /// key of its own (see [`VerdictCache::mark_verified`]), and counts as
    /// interesting.
    Verified,
}

impl Stored {
    /// Whether the verdict says interesting.
    pub fn interesting(self) -> bool {
        self != Stored::NotInteresting
    }
}

/// Verdicts kept between runs, by candidate key. The store decides what
/// else the key depends on (the test script, the language); errors are its
/// own business: a store that cannot answer returns `None`.
pub trait VerdictStore: Send + Sync {
    /// The stored verdict of a candidate.
    fn get(&self, key: u128) -> Option<Stored>;
    /// Records a verdict (replacing an older one).
    fn put(&self, key: u128, verdict: Stored);
}

/// See the module documentation.
#[derive(Default)]
pub struct VerdictCache {
    /// Verdict, whether it came from the store, and the epoch it came in.
    map: Mutex<HashMap<u128, Entry>>,
    store: Option<Arc<dyn VerdictStore>>,
    /// Verdicts found in the store (not in memory).
    stored_hits: AtomicU64,
    /// See [`VerdictCache::next_epoch`].
    epoch: AtomicU64,
}

/// The epoch of a verdict that is not settled (see [`VerdictCache::unsettle`]).
const UNSETTLED: u64 = u64::MAX;

/// A verdict in memory.
#[derive(Clone, Copy)]
struct Entry {
    interesting: bool,
    stored: bool,
    /// The test ran out of time (so `interesting` is false).
    timed_out: bool,
    epoch: u64,
}

impl VerdictCache {
    /// A cache that asks `store` on a miss and writes every verdict to it.
    pub fn with_store(store: Option<Arc<dyn VerdictStore>>) -> VerdictCache {
        VerdictCache {
            store,
            ..VerdictCache::default()
        }
    }

    /// The key of a candidate.
    pub fn key(candidate: &[u8]) -> u128 {
        xxh3_128(candidate)
    }

    /// The cached verdict (interesting or not) for `key`.
    pub fn get(&self, key: u128) -> Option<bool> {
        self.lookup(key).map(|(verdict, _)| verdict)
    }

    /// The cached verdict for `key`, and whether it was kept from an
    /// earlier run (came from the store).
    pub fn lookup(&self, key: u128) -> Option<(bool, bool)> {
        if let Some(hit) = self.map.lock().get_mut(&key) {
            if hit.epoch == UNSETTLED {
                // Asked for as a test would be: it comes in now.
                hit.epoch = self.epoch.load(Ordering::SeqCst);
            }
            return Some((hit.interesting, hit.stored));
        }
        let stored = self.store.as_ref()?.get(key)?.interesting();
        self.stored_hits.fetch_add(1, Ordering::Relaxed);
        self.put(key, stored, true, false);
        Some((stored, true))
    }

    /// The cached verdict for `key` as the test gave it: a timeout stays
    /// [`Verdict::TimedOut`] (in this run only: it is never stored).
    pub fn verdict(&self, key: u128) -> Option<Verdict> {
        let hit = self.map.lock().get(&key).copied();
        let interesting = match hit {
            Some(hit) if hit.timed_out => return Some(Verdict::TimedOut),
            Some(hit) => hit.interesting,
            None => self.get(key)?,
        };
        Some(match interesting {
            true => Verdict::Interesting,
            false => Verdict::NotInteresting,
        })
    }

    /// Starts a new epoch: verdicts that come in from now on (tested, or
    /// read from the store) are not [`settled`](VerdictCache::settled)
    /// until the next one. The rounds of `engine::group` are epochs.
    pub fn next_epoch(&self) {
        self.epoch.fetch_add(1, Ordering::SeqCst);
    }

    /// The verdict for `key` if it came in before the current epoch: what a
    /// schedule may rely on without depending on the timing of the tests
    /// running in the epoch, or on what an earlier run left in the store
    /// (a verdict read from it now stands for a test, as in the run that
    /// stored it).
    pub fn settled(&self, key: u128) -> Option<bool> {
        let epoch = self.epoch.load(Ordering::SeqCst);
        let hit = *self.map.lock().get(&key)?;
        (hit.epoch < epoch).then_some(hit.interesting)
    }

    /// A verdict for `key` that came in during this epoch is not
    /// [settled](VerdictCache::settled) until it is asked for again
    /// ([`VerdictCache::lookup`]): the test that gave it might as well not
    /// have run (`engine::group`'s moot changes), and a schedule must not
    /// depend on whether it did.
    pub fn unsettle(&self, key: u128) {
        let epoch = self.epoch.load(Ordering::SeqCst);
        if let Some(hit) = self.map.lock().get_mut(&key)
            && hit.epoch == epoch
        {
            hit.epoch = UNSETTLED;
        }
    }

    fn put(&self, key: u128, interesting: bool, stored: bool, timed_out: bool) {
        self.put_at(key, (interesting, stored, timed_out), false);
    }

    /// Whether a verdict for `key` is known, in memory (settled or not) or
    /// in the store, without taking it: nothing settles.
    pub fn known(&self, key: u128) -> bool {
        self.map.lock().contains_key(&key)
            || self.store.as_ref().is_some_and(|s| s.get(key).is_some())
    }

    /// [`VerdictCache::put`], of a verdict not [settled](VerdictCache::settled)
    /// until asked for if `unsettled`; which then does not replace one in
    /// memory. Whether it was put.
    fn put_at(
        &self,
        key: u128,
        (interesting, stored, timed_out): (bool, bool, bool),
        unsettled: bool,
    ) -> bool {
        let epoch = match unsettled {
            true => UNSETTLED,
            false => self.epoch.load(Ordering::SeqCst),
        };
        let entry = Entry {
            interesting,
            stored,
            timed_out,
            epoch,
        };
        let mut map = self.map.lock();
        if unsettled && map.contains_key(&key) {
            return false;
        }
        map.insert(key, entry);
        true
    }

    /// Records the verdict of a test that ran. Only a verdict the test gave
    /// by ending ([`Verdict::Interesting`], [`Verdict::NotInteresting`]) is
    /// written to the store: a timeout counts as not interesting for this
    /// run only, since whether a test times out depends on the machine's
    /// load and on the limit; a cancelled test is no verdict at all.
    pub fn insert(&self, key: u128, verdict: Verdict) {
        self.record(key, verdict, false);
    }

    /// [`VerdictCache::insert`] for a test that not every schedule runs
    /// (`engine::Ending`'s, made where workers are idle): the verdict is
    /// not settled until a test would have asked for it, so no schedule
    /// relies on it, and it does not replace a verdict in memory.
    pub fn insert_unsettled(&self, key: u128, verdict: Verdict) {
        self.record(key, verdict, true);
    }

    fn record(&self, key: u128, verdict: Verdict, unsettled: bool) {
        let stored = match verdict {
            Verdict::Interesting => Stored::Interesting,
            Verdict::NotInteresting => Stored::NotInteresting,
            Verdict::TimedOut => {
                self.put_at(key, (false, false, true), unsettled);
                return;
            }
            Verdict::Cancelled => return,
        };
        if !self.put_at(key, (stored.interesting(), false, false), unsettled) {
            // A verdict in memory stays, in memory and in the store.
            return;
        }
        if let Some(store) = &self.store {
            // Only a key the store did not know is ever tested (every test
            // follows a `get`), so this never replaces a verified mark.
            store.put(key, stored);
        }
    }

    /// Whether the store says that the result `key`, reduced from the input
    /// `input`, was accepted when re-checked as a final result. A mark
    /// counts only for the same input: the store's own key covers the
    /// test (see [`VerdictStore`]).
    pub fn verified(&self, key: u128, input: u128) -> bool {
        self.store
            .as_ref()
            .is_some_and(|s| s.get(verified_key(key, input)) == Some(Stored::Verified))
    }

    /// Records that the result `key`, reduced from the input `input`, was
    /// accepted when re-checked as a final result.
    pub fn mark_verified(&self, key: u128, input: u128) {
        self.put(key, true, false, false);
        if let Some(store) = &self.store {
            store.put(verified_key(key, input), Stored::Verified);
        }
    }

    /// How many verdicts came from the store.
    pub fn stored_hits(&self) -> u64 {
        self.stored_hits.load(Ordering::Relaxed)
    }
}

/// The store's key of the mark that the result `key` of the input `input`
/// passed its final re-check: apart from every candidate's key (a
/// candidate's row keeps its verdict, and the mark is one more row).
fn verified_key(key: u128, input: u128) -> u128 {
    let mut bytes = [0u8; 41];
    bytes[..9].copy_from_slice(b"verified\0");
    bytes[9..25].copy_from_slice(&key.to_le_bytes());
    bytes[25..].copy_from_slice(&input.to_le_bytes());
    xxh3_128(&bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A verdict comes in during an epoch and is settled from the next one
    /// on; unsettled, it is not, until it is asked for again (as a test of
    /// the same text would), and a verdict from an earlier epoch stays
    /// settled whatever is unsettled.
    #[test]
    fn an_unsettled_verdict_is_settled_an_epoch_after_it_is_asked_for_again() {
        let cache = VerdictCache::default();
        cache.insert(1, Verdict::NotInteresting);
        cache.next_epoch();
        cache.insert(2, Verdict::NotInteresting);
        assert_eq!((cache.settled(1), cache.settled(2)), (Some(false), None));
        cache.unsettle(1);
        cache.unsettle(2);
        cache.next_epoch();
        assert_eq!((cache.settled(1), cache.settled(2)), (Some(false), None));
        assert_eq!(cache.lookup(2), Some((false, false)));
        assert_eq!(cache.settled(2), None);
        cache.next_epoch();
        assert_eq!(cache.settled(2), Some(false));
    }
}
