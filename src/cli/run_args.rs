//! The options every subcommand shares, flattened into each with
//! `#[command(flatten)]`, and what they become: [`RunArgs`] (`-j`,
//! `--width`, `--in-order`, `--timeout`, `--no-adaptive-timeout`) turns
//! into the one [`RunOptions`] the library and every mode read, and the
//! limits of a test's processes (`--memory-limit`, `--max-processes`,
//! `--max-file-size`) into [`TestLimits`];
//! [`LaunchArgs`] (the modes that test one program per test: single and
//! batch) into the launcher's words and the verdict store.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, anyhow};

use crate::job::launcher_words;
use crate::options::{DEFAULT_WIDTH, RunOptions, Timeout};
use crate::oracle::{TestLimits, VerdictStore, store};

/// How many tests run at once, how a pass is scheduled, and how long a
/// test may take (every mode).
///
/// A mode whose default limit comes from something other than one first
/// run says so in the help of `--timeout`, with
/// `#[command(mut_args(tweak("timeout", |a| a.help(timeout_help(...)))))]`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    // The help text is built by `timeout_help`, which the modes share.
    #[arg(
        long,
        value_name = "SECS",
        help_heading = "Test",
        help = timeout_help("10x the time of the first run, at least 1")
    )]
    pub timeout: Option<f64>,

    /// Give every test the full --timeout: no adaptive limit (4x the 90th
    /// percentile of recent interesting tests, at least 0.5 s) for the
    /// tests that hang.
    #[arg(long, help_heading = "Test")]
    pub no_adaptive_timeout: bool,

    /// Address space each process of a test may use (e.g. 8G, 512M; none:
    /// no limit, as AddressSanitizer needs) [default: 3/4 of the memory
    /// divided by -j, at least 4G]
    #[arg(long, value_name = "SIZE", help_heading = "Test", value_parser = ceiling)]
    pub memory_limit: Option<Ceiling>,

    /// Processes each test may start (none: no limit; not applied to root)
    /// [default: 4096]
    #[arg(long, value_name = "N", help_heading = "Test", value_parser = count)]
    pub max_processes: Option<Ceiling>,

    /// Size of a file a test may write (e.g. 1G; none: no limit)
    /// [default: 4G]
    #[arg(long, value_name = "SIZE", help_heading = "Test", value_parser = ceiling)]
    pub max_file_size: Option<Ceiling>,

    /// Tests to run in parallel [default: number of cores].
    #[arg(short, long, value_name = "N", help_heading = "Performance")]
    pub jobs: Option<usize>,

    /// Changes a round tests side by side (the coarse pass of a program of
    /// 100,000 tokens or more at most 4): the result depends on it and on
    /// nothing else of the machine, so every -j gives the same result;
    /// -j only says how many of a round's tests run at once.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_WIDTH,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024),
          help_heading = "Performance")]
    pub width: usize,

    /// Commit changes in the order one worker would (as --width 1), with
    /// the spare workers testing ahead (scales less past -j 2) [default:
    /// rounds of --width changes side by side].
    #[arg(long, help_heading = "Performance")]
    pub in_order: bool,
}

impl RunArgs {
    /// The run's options: `-j` (default: the number of cores) checked to
    /// be at least 1, `--timeout` to be a positive number of seconds.
    pub fn options(&self) -> Result<RunOptions> {
        let jobs = self
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        if jobs == 0 {
            return Err(anyhow!("-j must be at least 1"));
        }
        Ok(RunOptions {
            jobs,
            width: self.width,
            in_order: self.in_order,
            timeout: Timeout {
                limit: seconds("--timeout", self.timeout)?,
                adaptive: !self.no_adaptive_timeout,
            },
        })
    }

    /// What each test may use of the machine, for `jobs` tests at once: the
    /// options given, the defaults of [`TestLimits::for_jobs`] for the
    /// others.
    pub fn test_limits(&self, jobs: usize) -> TestLimits {
        let default = TestLimits::for_jobs(jobs);
        let or = |given: Option<Ceiling>, default| given.map_or(default, |c| c.0);
        TestLimits {
            memory: or(self.memory_limit, default.memory),
            processes: or(self.max_processes, default.processes),
            file_size: or(self.max_file_size, default.file_size),
        }
    }
}

/// A limit given on the command line: `None` for `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ceiling(pub Option<u64>);

fn ceiling(text: &str) -> Result<Ceiling, String> {
    crate::oracle::parse_size(text).map(Ceiling)
}

fn count(text: &str) -> Result<Ceiling, String> {
    if text.eq_ignore_ascii_case("none") {
        return Ok(Ceiling(None));
    }
    match text.parse::<u64>() {
        Ok(n) if n > 0 => Ok(Ceiling(Some(n))),
        _ => Err(format!("{text:?} is not a positive number (or none)")),
    }
}

/// A time limit given as `flag SECS`: checked to be positive, clamped to
/// the longest limit (see [`Timeout::seconds`]).
pub fn seconds(flag: &str, secs: Option<f64>) -> Result<Option<Duration>> {
    match secs {
        Some(t) if t.is_nan() || t <= 0.0 => {
            Err(anyhow!("{flag} must be a positive number of seconds"))
        }
        secs => Ok(secs.map(Timeout::seconds)),
    }
}

/// The help text of `--timeout`, with the mode's `default`.
pub fn timeout_help(default: &str) -> String {
    format!(
        "Seconds a test may run before it is killed and counted as not interesting [default: {default}]"
    )
}

/// How the test is started and whether its verdicts are kept between runs
/// (the modes that test one program per test: single and batch).
#[derive(Debug, clap::Args)]
pub struct LaunchArgs {
    /// Run every test as `CMD SCRIPT <candidate path>`, e.g. 'srun -N1 -n1
    /// --quiet --' (split into words like a shell does).
    #[arg(long, value_name = "CMD", help_heading = "Test")]
    pub launcher: Option<String>,

    /// Keep the test's verdicts between runs in DIR (an SQLite file, shared
    /// by the runs of one machine) [default: $XDG_CACHE_HOME/treereduce, else
    /// ~/.cache/treereduce].
    #[arg(
        long,
        value_name = "DIR",
        help_heading = "Cache",
        conflicts_with = "no_cache"
    )]
    pub cache: Option<PathBuf>,

    /// Neither read nor write the verdict cache.
    #[arg(long, help_heading = "Cache")]
    pub no_cache: bool,
}

impl LaunchArgs {
    /// `--launcher` split into words (none without it).
    pub fn launcher(&self) -> Result<Vec<OsString>> {
        match &self.launcher {
            Some(text) => launcher_words(text),
            None => Ok(Vec::new()),
        }
    }

    /// The verdict store of a run whose verdicts are keyed by `context`,
    /// watching the test `script` (none with `--no-cache`; see
    /// [`store::for_run`]).
    pub fn store(
        &self,
        context: u128,
        script: Option<&store::Script<'_>>,
    ) -> Result<Option<Arc<dyn VerdictStore>>, String> {
        store::for_run(self.cache.as_deref(), self.no_cache, context, script)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_options_are_checked() {
        let args = |jobs, timeout| RunArgs {
            timeout,
            no_adaptive_timeout: true,
            memory_limit: None,
            max_processes: None,
            max_file_size: None,
            jobs,
            width: 3,
            in_order: true,
        };
        let run = args(Some(2), Some(f64::INFINITY)).options().unwrap();
        assert_eq!((run.jobs, run.width, run.in_order), (2, 3, true));
        assert_eq!(run.timeout.limit, Some(crate::options::MAX_TIMEOUT));
        assert!(!run.timeout.adaptive);
        let err = |a: RunArgs| a.options().unwrap_err().to_string();
        assert_eq!(err(args(Some(0), None)), "-j must be at least 1");
        for bad in [0.0, -1.0, f64::NAN] {
            let e = err(args(None, Some(bad)));
            assert_eq!(e, "--timeout must be a positive number of seconds");
        }
    }
}
