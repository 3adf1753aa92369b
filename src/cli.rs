//! Command-line definitions (clap) and nothing else: validation and running
//! live in [`crate::app`].

use std::path::PathBuf;

use clap::{Parser, Subcommand};

const AFTER_HELP: &str = "\
The test: SCRIPT runs as `SCRIPT <path>` in a fresh private directory that holds the
candidate under the input's own file name; exit code 0 means \"still interesting\".

Exit codes: 0 success, 1 internal error, 2 bad arguments or unreadable input,
3 the input is not interesting, 4 the test could not be run repeatedly (the best
result so far is kept), 5 the result could not be written where asked (it is saved
in the temporary folder), 6 the --deadline passed (the best result so far is
re-checked and kept), 7 (batch) some inputs failed, 130 interrupted (the best result so far is kept).";

/// A fast, parallel, syntax-aware program reducer for C, Rust and JavaScript.
///
/// Without a subcommand it reduces one program: `treereduce -i ./check.sh crash.c`.
#[derive(Debug, Parser)]
#[command(
    name = "treereduce",
    version,
    about,
    after_help = AFTER_HELP,
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
    /// Reduce every program of a crash corpus, with one budget of -j tests
    /// for all of them; results, statistics, a summary and groups of
    /// duplicates go to the output directory.
    Batch(Box<BatchArgs>),
    /// Group the results of batch runs (several runs or shards) by their
    /// text, and print the groups as JSON.
    Dedup {
        /// Output directories of `treereduce batch`.
        #[arg(value_name = "DIR", required = true)]
        dirs: Vec<PathBuf>,
        /// Write the groups to FILE instead of stdout.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

/// Reducing a corpus (`treereduce batch`).
#[derive(Debug, clap::Args)]
pub struct BatchArgs {
    /// The programs to reduce: files, or directories whose files (not
    /// subdirectories, not hidden files) are all reduced. Never modified.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,

    /// Also reduce the files listed in FILE, one path per line (`-` for
    /// stdin; blank lines and lines starting with # are skipped).
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub from_file: Option<PathBuf>,

    /// The interestingness test: an executable run as `SCRIPT <candidate path>`.
    #[arg(short = 'i', long, value_name = "SCRIPT", help_heading = "Test")]
    pub interesting: PathBuf,

    /// Seconds a test may run [default: 10x the time of the input's check, at least 1].
    #[arg(long, value_name = "SECS", help_heading = "Test")]
    pub timeout: Option<f64>,

    /// Run every test as `CMD SCRIPT <candidate path>`, e.g. 'srun -N1 -n1 --quiet --'
    /// (split into words like a shell does).
    #[arg(long, value_name = "CMD", help_heading = "Test")]
    pub launcher: Option<String>,

    /// The output directory: results/<name> and results/<name>.json per
    /// input, summary.json, summary.md and groups.json.
    #[arg(short, long, value_name = "DIR", help_heading = "Input and output")]
    pub output: PathBuf,

    /// Language of every input [default: from each file's extension].
    #[arg(short, long, value_name = "LANG", help_heading = "Input and output")]
    pub lang: Option<String>,

    /// Reduce only share I of N (0-based) of the inputs, chosen by a hash of
    /// each input's file name; `auto` reads I and N from Slurm array,
    /// Kubernetes indexed job or GitLab parallel job variables
    /// (`auto/N` gives N where only the index is set).
    #[arg(long, value_name = "I/N|auto", help_heading = "Input and output")]
    pub shard: Option<String>,

    /// Tests to run in parallel, for all inputs together [default: number of cores].
    #[arg(short, long, value_name = "N", help_heading = "Performance")]
    pub jobs: Option<usize>,

    /// Stop this long after the start (e.g. 90s, 25m, 1h30m): the inputs
    /// being reduced get their best result re-checked and written; exit code 6.
    #[arg(long, value_name = "DURATION", value_parser = crate::app::parse_duration, help_heading = "Performance")]
    pub deadline: Option<std::time::Duration>,

    /// Stop after N reduction passes per input.
    #[arg(long, value_name = "N", help_heading = "Performance")]
    pub passes: Option<usize>,

    /// Keep the test's verdicts between runs in DIR [default: as for single mode].
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

    /// Write a bug report beside the result (<result>.md): `md`, markdown
    /// with the reduced program, sizes, tests, the test script, the command.
    #[arg(long, value_name = "FORMAT", value_parser = ["md"], help_heading = "Input and output")]
    pub report: Option<String>,

    /// Write a report rendered from this minijinja template beside the
    /// result (<result>.<the template's extension>); variables in README.
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub report_template: Option<PathBuf>,

    /// Reduce every input again, even those whose result is already in the
    /// output directory for the same input bytes and script.
    #[arg(long, help_heading = "Input and output")]
    pub force: bool,

    /// Do not re-run the test on each result at the end.
    #[arg(long, help_heading = "Reductions")]
    pub no_verify: bool,

    /// Print only errors and the failed inputs.
    #[arg(short, long, help_heading = "Display")]
    pub quiet: bool,
}

/// Reducing one program (the command without a subcommand).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The program to reduce (never modified).
    #[arg(value_name = "INPUT", required = true)]
    pub input: Option<PathBuf>,

    /// The interestingness test: an executable run as `SCRIPT <candidate path>`.
    #[arg(
        short = 'i',
        long,
        value_name = "SCRIPT",
        help_heading = "Test",
        required_unless_present_any = ["measure", "dump_tree"]
    )]
    pub interesting: Option<PathBuf>,

    /// Seconds a test may run before it is killed and counted as not interesting
    /// [default: 10x the time of the first run, at least 1].
    #[arg(long, value_name = "SECS", help_heading = "Test")]
    pub timeout: Option<f64>,

    /// Language: c, rust (or rs), javascript (or js) [default: from the file extension].
    #[arg(short, long, value_name = "LANG", help_heading = "Input and output")]
    pub lang: Option<String>,

    /// Where to write the result; `-` for stdout [default: <stem>.reduced.<ext> beside the input].
    #[arg(short, long, value_name = "FILE", help_heading = "Input and output")]
    pub output: Option<PathBuf>,

    /// Reduce even an input whose estimated memory use exceeds 3/4 of the
    /// machine's memory (about 200 bytes per input byte).
    #[arg(long, help_heading = "Input and output")]
    pub allow_huge_input: bool,

    /// Write statistics (tests, cache hits, sizes, per-pass times) as JSON.
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub stats_json: Option<PathBuf>,

    /// Tests to run in parallel [default: number of cores].
    #[arg(short, long, value_name = "N", help_heading = "Performance")]
    pub jobs: Option<usize>,

    /// Stop this long after the start (e.g. 90s, 25m, 1h30m): the best
    /// result is re-checked and written, and the exit code is 6.
    #[arg(long, value_name = "DURATION", value_parser = crate::app::parse_duration, help_heading = "Performance")]
    pub deadline: Option<std::time::Duration>,

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

    /// Write a bug report beside the result (<result>.md): `md`, markdown
    /// with the reduced program, sizes, tests, the test script, the command.
    #[arg(long, value_name = "FORMAT", value_parser = ["md"], help_heading = "Input and output")]
    pub report: Option<String>,

    /// Write a report rendered from this minijinja template beside the
    /// result (<result>.<the template's extension>); variables in README.
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub report_template: Option<PathBuf>,

    /// Stop after N reduction passes [default: repeat until a pass removes nothing].
    #[arg(long, value_name = "N", help_heading = "Performance")]
    pub passes: Option<usize>,

    /// Also run ddmin's subset tests (keep one chunk, delete all others).
    #[arg(long, help_heading = "Reductions")]
    pub ddmin_subsets: bool,

    /// Do not re-run the test on the result at the end.
    #[arg(long, help_heading = "Reductions")]
    pub no_verify: bool,

    /// No progress display or summary (errors are still printed).
    #[arg(short, long, help_heading = "Display")]
    pub quiet: bool,

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
