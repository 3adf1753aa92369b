//! Command-line definitions (clap), each flag declared once, and what the
//! shared groups turn into (the low-level arguments into the values the
//! modes read, as [`RunArgs::options`]); running lives in [`crate::app`].

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};

mod report_args;
mod run_args;
mod shared_args;
mod trace_args;
pub use report_args::ReportArgs;
pub use run_args::{LaunchArgs, RunArgs, seconds, timeout_help};
pub use shared_args::{
    LangArg, OutputArg, QuietArg, ScriptArg, StatsArg, StopArgs, VerifyArg, tweak,
};
pub use trace_args::TraceArgs;

/// The part of `--help` after the options that is no exit code (those
/// come from [`crate::exit`], added where the command is built).
pub const AFTER_HELP: &str = "\
The test: SCRIPT runs as `SCRIPT <path>` in a fresh private directory that holds the
candidate under the input's own file name; exit code 0 means \"still interesting\".";

/// A fast, parallel, syntax-aware program reducer for C, C++, Rust, JavaScript, TypeScript, Go,
/// Python and Java.
///
/// Without a subcommand it reduces one program: `treereduce -i ./check.sh crash.c`.
#[derive(Debug, Parser)]
#[command(
    name = "treereduce",
    version,
    about,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct Cli {
    /// The other modes; none reduces one program.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The arguments of single-program reduction.
    #[command(flatten)]
    pub single: Args,
}

/// The modes besides single-program reduction, one subcommand each.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a shell completion script for treereduce to stdout.
    Completions {
        /// The shell: bash, elvish, fish, powershell or zsh.
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print treereduce's man page (roff) to stdout.
    Man,
    /// Reduce a passing seed and a failing variant together, down to their
    /// smallest difference (pairwise reduction, PPR).
    Pair(Box<PairArgs>),
    /// Reduce a generator's run instead of its program: record its random
    /// decisions, drop loop iterations and selection blocks, replay it.
    Trace(Box<TraceArgs>),
    /// Reduce every program of a crash corpus, with one budget of -j tests
    /// for all of them; results, statistics, a summary and groups of
    /// duplicates go to the output directory.
    Batch(Box<BatchArgs>),
    /// Group the results of batch runs (several runs or shards) by their
    /// text, and print the groups as JSON.
    #[command(mut_args(tweak("output", |a| a
        .help("Write the groups to FILE instead of stdout")
        .help_heading(None::<&str>))))]
    Dedup {
        /// Output directories of `treereduce batch`.
        #[arg(value_name = "DIR", required = true)]
        dirs: Vec<PathBuf>,
        /// -o.
        #[command(flatten)]
        result: OutputArg,
    },
}

/// Reducing a corpus (`treereduce batch`).
#[derive(Debug, clap::Args)]
#[command(
    mut_args(tweak("timeout", |a| a.help(timeout_help("10x the time of the input's check, at least 1")))),
    mut_args(tweak("jobs", |a| a.help("Tests to run in parallel, for all inputs together [default: number of cores]"))),
    mut_args(tweak("interesting", |a| a.required(true))),
    mut_args(tweak("output", |a| a.required(true).value_name("DIR").help(
        "The output directory: results/<name> and results/<name>.json per input, summary.json, \
         summary.md and groups.json"))),
    mut_args(tweak("lang", |a| a.help("Language of every input [default: from each file's extension]"))),
    mut_args(tweak("deadline", |a| a.help(
        "Stop this long after the start (e.g. 90s, 25m, 1h30m): the inputs being reduced get \
         their best result re-checked and written; exit code 7"))),
    mut_args(tweak("passes", |a| a.help("Stop after N reduction passes per input"))),
    mut_args(tweak("no_verify", |a| a.help("Do not re-run the test on each result at the end"))),
    mut_args(tweak("quiet", |a| a.help("Print only errors and the failed inputs"))),
)]
pub struct BatchArgs {
    /// The programs to reduce: files, or directories whose files (not
    /// subdirectories, not hidden files) are all reduced. Never modified.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    /// Also reduce the files listed in FILE, one path per line (`-` for
    /// stdin; blank lines and lines starting with # are skipped).
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub from_file: Option<PathBuf>,

    /// -i (required).
    #[command(flatten)]
    pub test: ScriptArg,

    /// -o (required): the output directory.
    #[command(flatten)]
    pub result: OutputArg,

    /// -l.
    #[command(flatten)]
    pub language: LangArg,

    /// Reduce only share I of N (0-based) of the inputs, chosen by a hash of
    /// each input's file name; `auto` reads I and N from Slurm array,
    /// Kubernetes indexed job or GitLab parallel job variables
    /// (`auto/N` gives N where only the index is set).
    #[arg(long, value_name = "I/N|auto", help_heading = "Input and output")]
    pub shard: Option<String>,

    /// -j, --width, --in-order, --timeout and --no-adaptive-timeout.
    #[command(flatten)]
    pub run: RunArgs,

    /// --deadline and --passes.
    #[command(flatten)]
    pub stop: StopArgs,

    /// --launcher, --cache and --no-cache.
    #[command(flatten)]
    pub launch: LaunchArgs,

    /// --report and --report-template.
    #[command(flatten)]
    pub report: ReportArgs,

    /// Reduce every input again, even those whose result is already in the
    /// output directory for the same input bytes and script.
    #[arg(long, help_heading = "Input and output")]
    pub force: bool,

    /// --no-verify.
    #[command(flatten)]
    pub verify: VerifyArg,

    /// -q.
    #[command(flatten)]
    pub display: QuietArg,
}

/// `treereduce pair`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = PAIR_AFTER_HELP,
    mut_args(tweak("timeout", |a| a.help(timeout_help("10x the slower first run, at least 1")))),
    mut_args(tweak("interesting", |a| a
        .help("The variant's test: exit 0 when a variant candidate still shows the bug")
        .required_unless_present("interesting_pair")
        .conflicts_with("interesting_pair"))),
    mut_args(tweak("lang", |a| a.help(
        "Language of both programs [default: from the file extensions, which must agree]"))),
    mut_args(tweak("stats_json", |a| a.help(
        "Write statistics (sizes of seed, variant and difference after every reducer, tests \
         per side) as JSON"))),
    mut_args(tweak("no_verify", |a| a
        .help("Do not re-run both tests on the results at the end")
        .help_heading("Reducers"))),
    mut_args(tweak("quiet", |a| a.help("No progress lines or summary (errors are still printed)"))),
)]
pub struct PairArgs {
    /// The seed: the program that does not show the behaviour (never modified).
    #[arg(long, value_name = "FILE")]
    pub seed: PathBuf,

    /// The variant, derived from the seed, that shows it (never modified).
    #[arg(long, value_name = "FILE")]
    pub variant: PathBuf,

    /// The seed's test: exit 0 when a seed candidate still has its property
    /// (e.g. compiles and runs without showing the bug).
    #[arg(
        long,
        value_name = "SCRIPT",
        help_heading = "Test",
        required_unless_present = "interesting_pair",
        conflicts_with = "interesting_pair"
    )]
    pub interesting_seed: Option<PathBuf>,

    /// -i: the variant's test.
    #[command(flatten)]
    pub test: ScriptArg,

    /// One test of the pair instead of the two above, run as
    /// `SCRIPT SEED_PATH VARIANT_PATH`: exit 0 when the seed candidate still
    /// has its property and the variant candidate still shows the bug.
    #[arg(long, value_name = "SCRIPT", help_heading = "Test")]
    pub interesting_pair: Option<PathBuf>,

    /// -l.
    #[command(flatten)]
    pub language: LangArg,

    /// Where the reduced seed goes [default: <seed stem>.reduced.<ext>].
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub output_seed: Option<PathBuf>,

    /// Where the reduced variant goes [default: <variant stem>.reduced.<ext>].
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub output_variant: Option<PathBuf>,

    /// Where the unified diff seed -> variant of the results goes
    /// [default: <variant stem>.reduced.diff].
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub output_diff: Option<PathBuf>,

    /// --stats-json.
    #[command(flatten)]
    pub stats: StatsArg,

    /// -j, --width, --in-order, --timeout and --no-adaptive-timeout.
    #[command(flatten)]
    pub run: RunArgs,

    /// Skip MinTdiff (the tree-based difference reducer).
    #[arg(long, help_heading = "Reducers")]
    pub no_tdiff: bool,

    /// Skip MinLdiff (ddmin over the token diff: hunks, then single tokens).
    #[arg(long, help_heading = "Reducers")]
    pub no_ldiff: bool,

    /// Skip MinCommonality (the single-file reducer on the common part).
    #[arg(long, help_heading = "Reducers")]
    pub no_commonality: bool,

    /// Do not canonicalize the common part's tokens at the end.
    #[arg(long, help_heading = "Reducers")]
    pub no_canon: bool,

    /// --no-verify.
    #[command(flatten)]
    pub verify: VerifyArg,

    /// -q.
    #[command(flatten)]
    pub display: QuietArg,
}

const PAIR_AFTER_HELP: &str = "\
Each test runs as `SCRIPT <path>` in a fresh private directory holding the candidate
under its input's file name, like the single-file test. Both inputs are checked first:
the seed must pass --interesting-seed and the variant --interesting (exit 3 if not).
--interesting-pair runs as `SCRIPT <seed path> <variant path>`, both files in one
private directory (in seed/ and variant/ when their names are the same); the input
pair must pass it.";

/// Reducing one program (the command without a subcommand).
#[derive(Debug, clap::Args)]
#[command(mut_args(tweak("interesting", |a| a.required_unless_present_any(["measure", "dump_tree"]))))]
pub struct Args {
    /// The program to reduce (never modified); a folder, or several files,
    /// for a project reduced as a whole (see doc/projects.md).
    #[arg(value_name = "INPUT", required = true, num_args = 1..)]
    pub input: Vec<PathBuf>,

    /// -i (unless --measure or --dump-tree).
    #[command(flatten)]
    pub test: ScriptArg,

    /// -l.
    #[command(flatten)]
    pub language: LangArg,

    /// -o.
    #[command(flatten)]
    pub result: OutputArg,

    /// A project's files to copy and reduce even if `.gitignore` names them
    /// or they sit in `.git/` (a glob in .gitignore syntax, from the
    /// project's folder; repeatable).
    #[arg(long, value_name = "GLOB", help_heading = "Input and output")]
    pub include: Vec<String>,

    /// A project's files to leave out: neither copied for the test nor
    /// reduced nor in the result (a glob in .gitignore syntax; repeatable).
    #[arg(long, value_name = "GLOB", help_heading = "Input and output")]
    pub exclude: Vec<String>,

    /// Reduce even an input whose estimated memory use exceeds 3/4 of the
    /// machine's memory (about 200 bytes per input byte).
    #[arg(long, help_heading = "Input and output")]
    pub allow_huge_input: bool,

    /// --stats-json.
    #[command(flatten)]
    pub stats: StatsArg,

    /// -j, --width, --in-order, --timeout and --no-adaptive-timeout.
    #[command(flatten)]
    pub run: RunArgs,

    /// Test every candidate of every pass: do not skip changes that failed
    /// in an earlier pass, a node's further hoisting candidates after 8
    /// failed in a row, ddmin's levels between halves and single elements
    /// when they do not pay, or replacements of statements that deletion
    /// covers [default: skip them; the last pass is always one that tests
    /// everything].
    #[arg(long, help_heading = "Performance")]
    pub no_prune: bool,

    /// --deadline and --passes.
    #[command(flatten)]
    pub stop: StopArgs,

    /// --launcher, --cache and --no-cache.
    #[command(flatten)]
    pub launch: LaunchArgs,

    /// --report and --report-template.
    #[command(flatten)]
    pub report: ReportArgs,

    /// Also run ddmin's subset tests (keep one chunk, delete all others).
    #[arg(long, help_heading = "Reductions")]
    pub ddmin_subsets: bool,

    /// --no-verify.
    #[command(flatten)]
    pub verify: VerifyArg,

    /// Run a formatter on the result and keep its output if the test still
    /// accepts it: CMD reads the program on stdin and writes it on stdout
    /// [default CMD: clang-format, rustfmt or prettier, found on PATH].
    #[arg(long, value_name = "CMD", num_args = 0..=1, require_equals = true, default_missing_value = "", help_heading = "Reductions")]
    pub formatter: Option<String>,

    /// -q.
    #[command(flatten)]
    pub display: QuietArg,

    /// Print the input's size as JSON (bytes, tokens, parse errors) and exit.
    #[arg(long, help_heading = "Debugging")]
    pub measure: bool,

    /// Print the input's syntax tree with each node's slot (list element,
    /// optional, fixed) as the reducer sees it, and exit.
    #[arg(long, help_heading = "Debugging", conflicts_with = "measure")]
    pub dump_tree: bool,

    /// The reductions switched off with `--no-NAME` (added from the
    /// reduction table, see `app::parse_args`).
    #[arg(skip)]
    pub off: Vec<&'static str>,
}

/// Parses `90s`, `25m`, `1h30m`, `2h`, `1d`, `500ms` or a bare number of
/// seconds (`90`, `1.5`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || {
        format!(
            "invalid duration {text:?}: use a number with a unit, e.g. 90s, 25m, 1h30m (units: ms, s, m, h, d)"
        )
    };
    let text = text.trim();
    if text.is_empty() {
        return Err(bad());
    }
    if let Ok(secs) = text.parse::<f64>() {
        return positive(secs).ok_or_else(bad);
    }
    let mut total = 0.0;
    let mut rest = text;
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let number: f64 = rest[..number_end].parse().map_err(|_| bad())?;
        rest = &rest[number_end..];
        let unit_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let scale = match &rest[..unit_end] {
            "ms" => 0.001,
            "s" | "sec" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            "d" => 86400.0,
            _ => return Err(bad()),
        };
        rest = &rest[unit_end..];
        total += number * scale;
    }
    positive(total).ok_or_else(bad)
}

fn positive(secs: f64) -> Option<Duration> {
    (secs.is_finite() && secs > 0.0)
        .then(|| Duration::try_from_secs_f64(secs).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse() {
        let s = |x: f64| Duration::from_secs_f64(x);
        assert_eq!(parse_duration("90s"), Ok(s(90.0)));
        assert_eq!(parse_duration("25m"), Ok(s(1500.0)));
        assert_eq!(parse_duration("1h30m"), Ok(s(5400.0)));
        assert_eq!(parse_duration("1.5"), Ok(s(1.5)));
        assert_eq!(parse_duration("500ms"), Ok(s(0.5)));
        assert_eq!(parse_duration("2d"), Ok(s(172800.0)));
        for bad in ["", "0", "-5", "5x", "m", "1h30", "nan", "inf", "10 m"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
