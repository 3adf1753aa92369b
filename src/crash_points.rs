//! Points where the command line's tests kill this process outright, to
//! see what a crash at the worst moment leaves: `TREEREDUCE_TEST_KILL_AT=
//! POINT:N` sends SIGKILL to this process the Nth time (from 1) it reaches
//! `POINT`. The points: `store-write` (a verdict being written to the
//! persistent store: inside its transaction, before the commit) and
//! `output-write` (a result being written to the output's temporary file,
//! half of it written, before the rename). Without the variable nothing
//! happens, at the cost of one load of an atomic.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The variable that names the point.
pub const VARIABLE: &str = "TREEREDUCE_TEST_KILL_AT";

/// The point named by the variable, its count, and the times it was reached.
static TARGET: OnceLock<Option<(String, u64, AtomicU64)>> = OnceLock::new();

/// Kills this process with SIGKILL if the variable names `point` and this
/// is the Nth time it is reached.
pub fn reached(point: &str) {
    let target = TARGET.get_or_init(|| {
        let value = std::env::var(VARIABLE).ok()?;
        let (name, n) = value.split_once(':')?;
        Some((name.to_string(), n.parse().ok()?, AtomicU64::new(0)))
    });
    if let Some((name, n, seen)) = target
        && name == point
        && seen.fetch_add(1, Ordering::SeqCst) + 1 == *n
    {
        // SAFETY: raise with a valid signal number; SIGKILL does not return.
        unsafe { libc::raise(libc::SIGKILL) };
    }
}
