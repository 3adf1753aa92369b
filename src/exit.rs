//! Exit codes of the `treereduce` command. Stable: scripts and CI rely on them.

/// The reduction finished; the result is written.
pub const SUCCESS: u8 = 0;
/// Something failed inside treereduce (a bug, or an I/O error while running).
pub const INTERNAL: u8 = 1;
/// Bad arguments, unreadable input, an input too large (for this machine's
/// memory, or over the 4 GiB the reducer's tables hold), or an unusable
/// test script.
pub const USAGE: u8 = 2;
/// The test does not find the input interesting, so there is nothing to reduce.
pub const NOT_INTERESTING: u8 = 3;
/// The test could not be run (no verdict: the candidate could not be
/// written, the script could not be started) several times in a row, or
/// during the final re-check of the result; the best result found before
/// (the newest one the test did not reject) is written, not re-checked.
pub const TEST_ERRORS: u8 = 4;
/// The result could not be written where asked (the output's folder went
/// away, the disk is full); it is saved in the temporary folder instead,
/// and the message says where.
pub const OUTPUT_FAILED: u8 = 5;
/// `trace`: the generator cannot be used: it fails, hangs, writes nothing,
/// makes no decisions treereduce can see, ignores the replay, or is not
/// deterministic given its decisions.
pub const GENERATOR_FAILED: u8 = 6;
/// The `--deadline` passed: the reduction stopped early, and the best
/// result found until then is re-checked and written (or, if it passed
/// while the input was being checked, nothing is written).
pub const DEADLINE: u8 = 7;
/// `treereduce batch`: at least one input could not be reduced (unreadable,
/// empty, not UTF-8, not interesting, the test failed on it); the others
/// were, and `summary.json` says which failed and why.
pub const SOME_FAILED: u8 = 8;
/// Interrupted (Ctrl-C or SIGTERM); the best result so far is written.
pub const INTERRUPTED: u8 = 130;
