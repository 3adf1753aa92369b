//! The options that configure the interestingness test, shared by the modes
//! through `#[command(flatten)]`; what they become at run time is in
//! `app::test_args`.

use std::path::PathBuf;

/// The time limits of the tests (every mode).
///
/// A mode whose default limit comes from something other than one first
/// run says so in the help of `--timeout`, with
/// `#[command(mut_arg("timeout", |a| a.help(timeout_help(...))))]`.
#[derive(Debug, clap::Args)]
pub struct TestArgs {
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
