//! Verdicts cached by a 128-bit hash of the candidate bytes. Reducers revisit the
//! same candidate often (a re-applied task, a later pass, a tidy step), and a
//! cached verdict costs a hash instead of a process.

use std::collections::HashMap;

use parking_lot::Mutex;
use xxhash_rust::xxh3::xxh3_128;

/// See the module documentation.
#[derive(Default)]
pub struct VerdictCache {
    map: Mutex<HashMap<u128, bool>>,
}

impl VerdictCache {
    /// The key of a candidate.
    pub fn key(candidate: &[u8]) -> u128 {
        xxh3_128(candidate)
    }

    /// The cached verdict (interesting or not) for `key`.
    pub fn get(&self, key: u128) -> Option<bool> {
        self.map.lock().get(&key).copied()
    }

    /// Records a verdict.
    pub fn insert(&self, key: u128, interesting: bool) {
        self.map.lock().insert(key, interesting);
    }
}
