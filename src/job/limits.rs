//! The limits an input must meet before a run starts: its size and the
//! memory its reduction needs.

use anyhow::{Result, anyhow};

use super::progress;

/// Peak memory per input byte, measured on a 6.1 MB JavaScript input
/// (2.4 million tokens, 1.19 GB peak): tree, node table, lists and buffers.
pub const MEMORY_PER_INPUT_BYTE: u64 = 200;

/// Memory per byte of text of an accepted state that in-order speculation
/// keeps: the text, the nodes of its tree it does not share with the tree
/// it was parsed from, and its share of the speculation's memos (measured:
/// doc/history/benchmarks-2026-11-25.md, "Memory of in-order speculation").
pub const MEMORY_PER_KEPT_BYTE: u64 = 12;

/// About how much memory reducing an input of `input_bytes` holds at its
/// peak; `speculating`: in-order speculation above -j 1 (`--in-order`),
/// which also keeps accepted states (see
/// [`crate::engine::speculation_budget`]).
pub fn memory_need(input_bytes: u64, speculating: bool) -> u64 {
    let states = if speculating {
        crate::engine::speculation_budget(input_bytes).saturating_mul(MEMORY_PER_KEPT_BYTE)
    } else {
        0
    };
    input_bytes
        .saturating_mul(MEMORY_PER_INPUT_BYTE)
        .saturating_add(states)
}

/// Refuses inputs larger than the reducer's 32-bit tables hold, whatever
/// the user says, and those that would likely exhaust memory (and be killed
/// without a word) unless the user insists; `speculating` as in
/// [`memory_need`].
pub fn check_size(
    input_bytes: u64,
    total: Option<u64>,
    allow: bool,
    speculating: bool,
) -> Result<()> {
    if input_bytes > crate::syntax::MAX_INPUT_BYTES as u64 {
        return Err(anyhow!(
            "the input is {} bytes, more than treereduce can reduce (at most {} bytes, 4 GiB: its tables hold \
             32-bit offsets); cut it down first (e.g. with a line-based reducer)",
            progress::thousands(input_bytes),
            progress::thousands(crate::syntax::MAX_INPUT_BYTES as u64)
        ));
    }
    check_memory(
        input_bytes,
        memory_need(input_bytes, speculating),
        total,
        allow,
    )
}

/// The memory all the reductions of a run may use together: 3/4 of the
/// machine's (the rest for the tests and everything else).
pub fn usable_memory(total: u64) -> u64 {
    total / 4 * 3
}

/// Refuses inputs that would likely exhaust memory (and be killed without a
/// word) unless the user insists: an input of `input_bytes` whose reduction
/// needs `need`.
pub fn check_memory(input_bytes: u64, need: u64, total: Option<u64>, allow: bool) -> Result<()> {
    match total {
        Some(total) if !allow && need > usable_memory(total) => Err(anyhow!(
            "the input is {} and would need about {} of memory, more than 3/4 of this machine's {}; \
             cut it down first (e.g. with a line-based reducer) or pass --allow-huge-input",
            progress::bytes(input_bytes),
            progress::bytes(need),
            progress::bytes(total)
        )),
        _ => Ok(()),
    }
}

/// Total physical memory, if the system says.
pub fn total_memory() -> Option<u64> {
    // SAFETY: sysinfo fills the zeroed struct we pass and returns 0 on success.
    unsafe {
        let mut info: libc::sysinfo = std::mem::zeroed();
        (libc::sysinfo(&mut info) == 0).then(|| info.totalram as u64 * u64::from(info.mem_unit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_inputs_are_refused_unless_allowed() {
        let gb = 1 << 30;
        assert!(check_size(10 << 20, Some(8 * gb), false, false).is_ok());
        let err = check_size(40 << 20, Some(8 * gb), false, false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("--allow-huge-input"), "{err}");
        assert!(check_size(40 << 20, Some(8 * gb), true, false).is_ok());
        assert!(check_size(40 << 20, None, false, false).is_ok());
        // The states in-order speculation keeps count too.
        assert!(memory_need(10 << 20, true) > memory_need(10 << 20, false));
        let need = memory_need(29 << 20, true);
        assert!(check_size(29 << 20, Some(8 * gb), false, false).is_ok());
        assert!(need > 6 * gb, "{need}");
        assert!(check_size(29 << 20, Some(8 * gb), false, true).is_err());
        // Past the 32-bit tables, not even --allow-huge-input helps.
        let over = crate::syntax::MAX_INPUT_BYTES as u64 + 1;
        assert!(check_size(over, None, true, false).is_err());
        assert!(check_size(over - 1, None, true, false).is_ok());
        assert!(total_memory().is_some_and(|m| m > 0));
    }
}
