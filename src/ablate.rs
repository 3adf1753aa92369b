//! Switches for the benchmarks' ablation (doc/benchmarks.md), not a user
//! option: the environment variable `TREEREDUCE_ABLATE` names,
//! comma-separated, parts of the pair and trace algorithms to leave out, so
//! one binary measures what each part buys. Single mode: `coarse` (no
//! coarse pass, whatever the program's size). Pair mode: `seed-first` (the
//! variant is tested even when the seed failed), `skip-round` (every round
//! runs MinCommonality), `fine-ldiff` (MinLdiff stops at hunks), `keep-diff`
//! (MinCommonality tests a candidate that lost a hunk of the difference),
//! `confirm-ahead` (a later round of PPR does not test what MinTdiff and
//! MinLdiff try first as one round).
//! Trace mode: `early-stop` (the trace stage runs on when its top level
//! gains little), `budget` (the level below it runs to its end),
//! `warm-finish` (the finishing stage starts without the trace stage's
//! verdicts), `values` (no decision is tried at its lowest value),
//! `values-budget` (those values make as many candidates as they need); the Python hook reads the same variable for `by-value`,
//! `path`, `off-fallback`, `iterations` (loop iterations only where
//! decisions are made) and `bounded-realign` (realign jumps to the same
//! site however far), the node hook for `bounded-realign`, `path` and
//! `by-value`.

use std::sync::OnceLock;

/// Whether `part` is switched off.
pub fn off(part: &str) -> bool {
    static PARTS: OnceLock<Vec<String>> = OnceLock::new();
    PARTS
        .get_or_init(|| {
            std::env::var("TREEREDUCE_ABLATE")
                .map(|v| v.split(',').map(|p| p.trim().to_owned()).collect())
                .unwrap_or_default()
        })
        .iter()
        .any(|p| p == part)
}
