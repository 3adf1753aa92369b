//! The flags several subcommands share besides [`super::RunArgs`], each
//! declared once here and flattened where a mode has it. A mode whose
//! flag says something of its own (batch's `-o` names a folder, pair's
//! `-i` is the variant's test) changes its help or whether it is required
//! with `#[command(mut_args(tweak(..)))]` on its arguments, not a second
//! declaration.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, anyhow};
use clap::Arg;

/// For `#[command(mut_args(tweak(ID, F)))]`: changes the argument `id` of a
/// group a mode flattens, where it stands (clap's `mut_arg` moves it last,
/// and with it the place of its heading in `--help`).
pub fn tweak(id: &'static str, f: impl Fn(Arg) -> Arg) -> impl FnMut(Arg) -> Arg {
    move |arg| if arg.get_id() == id { f(arg) } else { arg }
}

/// `-i`: the interestingness test.
#[derive(Debug, clap::Args)]
pub struct ScriptArg {
    /// The interestingness test: an executable run as `SCRIPT <candidate path>`.
    #[arg(short = 'i', long, value_name = "SCRIPT", help_heading = "Test")]
    pub interesting: Option<PathBuf>,
}

impl ScriptArg {
    /// The script, which the mode requires (clap has checked that it was
    /// given where it is required).
    pub fn required(&self) -> Result<&Path> {
        self.interesting
            .as_deref()
            .ok_or_else(|| anyhow!("--interesting SCRIPT is required"))
    }
}

/// `-l`: the language of the programs.
#[derive(Debug, clap::Args)]
pub struct LangArg {
    /// Language [default: from the file extension]; the list comes from the language table.
    #[arg(short, long, value_name = "LANG", help_heading = "Input and output", help = lang_help())]
    pub lang: Option<String>,
}

/// What `-l` accepts: every language with its aliases and extensions.
fn lang_help() -> String {
    format!(
        "Language: {} [default: from the file extension]",
        crate::lang::Language::choices()
    )
}

/// `-o`: where the result goes.
#[derive(Debug, clap::Args)]
pub struct OutputArg {
    /// Where to write the result; `-` for stdout [default: <stem>.reduced.<ext> beside the input].
    #[arg(short, long, value_name = "FILE", help_heading = "Input and output")]
    pub output: Option<PathBuf>,
}

impl OutputArg {
    /// The output, which the mode requires (see [`ScriptArg::required`]).
    pub fn required(&self) -> Result<&Path> {
        self.output
            .as_deref()
            .ok_or_else(|| anyhow!("-o is required"))
    }
}

/// `--stats-json`: the statistics of the run.
#[derive(Debug, clap::Args)]
pub struct StatsArg {
    /// Write statistics (tests, cache hits, sizes, per-pass times) as JSON.
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub stats_json: Option<PathBuf>,
}

/// `--no-verify`: no re-check at the end.
#[derive(Debug, clap::Args)]
pub struct VerifyArg {
    /// Do not re-run the test on the result at the end.
    #[arg(long, help_heading = "Reductions")]
    pub no_verify: bool,
}

/// `-q`: errors only.
#[derive(Debug, clap::Args)]
pub struct QuietArg {
    /// No progress display or summary (errors are still printed).
    #[arg(short, long, help_heading = "Display")]
    pub quiet: bool,
}

/// `--deadline` and `--passes`: when the reduction of a program stops
/// short (the modes that run the single-file reduction on their inputs:
/// single and batch).
#[derive(Debug, clap::Args)]
pub struct StopArgs {
    /// Stop this long after the start (e.g. 90s, 25m, 1h30m): the best
    /// result is re-checked and written, and the exit code is 7.
    #[arg(long, value_name = "DURATION", value_parser = super::parse_duration, help_heading = "Performance")]
    pub deadline: Option<Duration>,

    /// Stop after N reduction passes [default: repeat until a pass removes nothing]. A program
    /// of 100,000 tokens or more first gets a coarse pass, which 0 skips too.
    #[arg(long, value_name = "N", help_heading = "Performance")]
    pub passes: Option<usize>,
}
