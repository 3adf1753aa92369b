//! The arguments of `treereduce trace` (generator-trace reduction).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use super::{LangArg, OutputArg, QuietArg, RunArgs, ScriptArg, StatsArg, tweak};
use crate::trace::generator::Align;
use crate::trace::reduce::Search;

/// Reducing a generator's run instead of its program.
#[derive(Debug, clap::Args)]
#[command(
    mut_args(tweak("interesting", |a| a
        .required(true)
        .help("The interestingness test: an executable run as `SCRIPT <program path>`"))),
    mut_args(tweak("output", |a| a.required(true).help("Where to write the result; `-` for stdout"))),
    mut_args(tweak("lang", |a| a.help(
        "Language of the generated program: c, rust (or rs), javascript (or js) [default: from \
         the extension of -o]; needed for the finishing stage"))),
    mut_args(tweak("stats_json", |a| a.help(
        "Write statistics (trace size, tokens per phase, tests, alignment failures) as JSON"))),
)]
pub struct TraceArgs {
    /// -i (required).
    #[command(flatten)]
    pub test: ScriptArg,

    /// The finishing stage's test [default: -i]. The trace stage tests only
    /// programs the generator wrote: for a generator whose programs are
    /// valid by construction (no undefined behaviour), -i may leave out the
    /// checks of validity (a sanitizer build and run) that this test, run
    /// on the syntax reducer's candidates, needs. It must reject every
    /// program -i rejects.
    #[arg(long, value_name = "SCRIPT", help_heading = "Test")]
    pub finish_interesting: Option<PathBuf>,

    /// -o (required).
    #[command(flatten)]
    pub result: OutputArg,

    /// -l.
    #[command(flatten)]
    pub language: LangArg,

    /// --stats-json.
    #[command(flatten)]
    pub stats: StatsArg,

    /// The generator writes the program to this file (in its working
    /// directory) instead of stdout.
    #[arg(long, value_name = "NAME", help_heading = "Generator")]
    pub gen_output: Option<OsString>,

    /// Seconds a run of the generator may take [default: 10x its first run,
    /// at least 1; the first run may take 300].
    #[arg(long, value_name = "SECS", help_heading = "Generator")]
    pub gen_timeout: Option<f64>,

    /// What a replay does with a decision it cannot align: halt (drop the
    /// candidate), bypass (remove the unit holding it too) or realign (give it
    /// the lowest value and align the rest).
    #[arg(
        long,
        value_name = "STRATEGY",
        default_value = "realign",
        value_parser = PossibleValuesParser::new(Align::ALL.map(Align::name))
            .map(|name| Align::named(&name).expect("one of the possible values")),
        help_heading = "Reductions"
    )]
    pub align: Align,

    /// How loop iterations and selection blocks are searched: tree (HDD over
    /// their nesting) or sequence (ddmin over all of them).
    #[arg(
        long,
        value_name = "SEARCH",
        default_value = "tree",
        value_parser = PossibleValuesParser::new(Search::ALL.map(Search::name))
            .map(|name| Search::named(&name).expect("one of the possible values")),
        help_heading = "Reductions"
    )]
    pub search: Search,

    /// Stop at the best generated program: no syntax reduction afterwards.
    #[arg(long, help_heading = "Reductions")]
    pub no_finish: bool,

    /// -j, --width, --in-order, --timeout and --no-adaptive-timeout.
    #[command(flatten)]
    pub run: RunArgs,

    /// -q.
    #[command(flatten)]
    pub display: QuietArg,

    /// The generator command, after `--`: it writes one program to stdout
    /// (or to --gen-output).
    #[arg(last = true, required = true, value_name = "GENERATOR")]
    pub command: Vec<OsString>,
}
