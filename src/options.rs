//! The options every mode runs with ([`RunOptions`]): how many tests run at
//! once, how wide a round is, whether commits keep the order of one
//! worker, and the time limit of a test ([`Timeout`]). One value, made once
//! (by the library's caller, or by the command line from the arguments
//! every subcommand shares), read by the engine for its schedule and by the
//! script oracle for its private directories and its time limit, so that
//! the two never disagree on `jobs`.

use std::time::Duration;

/// How many changes a round tests side by side unless told otherwise
/// (`--width`): a property of the run, never of the machine, so that the
/// same command gives the same result at every `-j` on every machine.
pub const DEFAULT_WIDTH: usize = 16;

/// The longest time limit of a test: larger values (`inf` too) mean "no
/// limit" in practice and are clamped to it, so that no deadline overflows.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(7 * 24 * 3600);

/// How long the check of the input (the first run of a test) may take when
/// no time limit is given.
pub const INPUT_CHECK_LIMIT: Duration = Duration::from_secs(300);

/// The options every mode runs with (see the module documentation).
/// `RunOptions::default()` runs on all cores, in rounds of
/// `DEFAULT_WIDTH` (16), with the default time limits.
#[derive(Clone, Debug, PartialEq)]
pub struct RunOptions {
    /// Tests run in parallel (`-j`); at least 1. It says how many of a
    /// round's tests run at once, never what they find.
    pub jobs: usize,
    /// How many changes a round tests side by side (`--width`; at least
    /// 1): the result depends on it, never on `jobs`.
    pub width: usize,
    /// Commit changes in the order one worker would (`--in-order`), as
    /// rounds of width 1 would, with the spare workers testing ahead.
    pub in_order: bool,
    /// The time limit of a test (`--timeout`, `--no-adaptive-timeout`).
    pub timeout: Timeout,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            width: DEFAULT_WIDTH,
            in_order: false,
            timeout: Timeout::default(),
        }
    }
}

impl RunOptions {
    /// These options with `jobs` and `width` at least 1 (0 means 1).
    pub fn checked(&self) -> RunOptions {
        RunOptions {
            jobs: self.jobs.max(1),
            width: self.width.max(1),
            ..self.clone()
        }
    }
}

/// The time limit of a test: the one policy of every mode. The check of
/// the input runs with [`Timeout::first`]; once it took `took`, every test
/// gets [`Timeout::after_check`], and with `adaptive` a shorter limit for
/// the tests that hang (the script oracle's adaptive limit, see
/// `ScriptOracle::calibrate`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timeout {
    /// The limit of every test (`--timeout`), clamped to a week;
    /// `None`: five minutes for the check of the input, then ten
    /// times the time it took, at least one second.
    pub limit: Option<Duration>,
    /// Stop the tests that run far longer than the recent interesting ones
    /// before the full limit (on unless `--no-adaptive-timeout`).
    pub adaptive: bool,
}

impl Default for Timeout {
    fn default() -> Timeout {
        Timeout {
            limit: None,
            adaptive: true,
        }
    }
}

impl Timeout {
    /// A limit of `secs` seconds, clamped to a week (`inf` too).
    pub fn seconds(secs: f64) -> Duration {
        Duration::try_from_secs_f64(secs).map_or(MAX_TIMEOUT, |d| d.min(MAX_TIMEOUT))
    }

    /// The limit of the check of the input (the first run of a test).
    pub fn first(&self) -> Duration {
        self.limit.unwrap_or(INPUT_CHECK_LIMIT)
    }

    /// The limit of every test once the check of the input took `took`.
    pub fn after_check(&self, took: Duration) -> Duration {
        self.limit
            .unwrap_or_else(|| (took * 10).clamp(Duration::from_secs(1), MAX_TIMEOUT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_limit_follows_the_check_of_the_input() {
        let ms = Duration::from_millis;
        let default = Timeout::default();
        assert_eq!(default.first(), INPUT_CHECK_LIMIT);
        assert_eq!(default.after_check(ms(300)), ms(3000));
        assert_eq!(default.after_check(ms(20)), ms(1000));
        assert_eq!(default.after_check(MAX_TIMEOUT), MAX_TIMEOUT);
        let given = Timeout {
            limit: Some(ms(2500)),
            adaptive: false,
        };
        assert_eq!(
            (given.first(), given.after_check(ms(20))),
            (ms(2500), ms(2500))
        );
        assert_eq!(Timeout::seconds(f64::INFINITY), MAX_TIMEOUT);
        assert_eq!(Timeout::seconds(1.5), ms(1500));
        let run = RunOptions {
            jobs: 0,
            width: 0,
            ..RunOptions::default()
        };
        assert_eq!((run.checked().jobs, run.checked().width), (1, 1));
    }
}
