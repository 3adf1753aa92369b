//! treereduce: a fast, parallel, syntax-aware program reducer.
//!
//! Give [`reduce`] a program, its [`Language`] and an [`Oracle`] that says
//! whether a candidate still shows the behaviour of interest (a compiler
//! crash, a wrong result); it returns a smaller program the oracle still
//! accepts. Any `Fn(&[u8]) -> bool + Sync` closure is an oracle, and
//! [`ScriptOracle`] runs an executable the way the `treereduce` command does.
//! The other modes have an entry each: [`reduce_pair`] reduces a seed and a
//! variant together (each with its oracle), [`reduce_trace`] reduces what a
//! generator writes by reducing its run. These three, their options and
//! outcomes, and the types those name are the library's public items; the
//! rest is private.
//!
//! Inside, the pipeline follows the folders: `lang` and `syntax` turn a
//! program into a node table with list and optional slots; `reduce` proposes
//! changes as tasks; `engine` schedules them on parallel workers, renders
//! candidates with `edit` and asks the oracle about them. The command line
//! (`app`, behind the default `cli` feature) is a client of the same engine;
//! `cargo build --no-default-features` builds the library without it.

mod ablate;
mod api;
#[cfg(feature = "cli")]
mod app;
#[cfg(feature = "cli")]
mod batch;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "cli")]
mod crash_points;
mod edit;
mod engine;
#[cfg(feature = "cli")]
mod exit;
mod files;
#[cfg(feature = "cli")]
mod job;
mod lang;
mod lexical;
mod options;
mod oracle;
mod pair;
mod project;
mod reduce;
mod single;
mod stats;
mod syntax;
mod task;
#[cfg(test)]
mod testing;
mod trace;

pub use api::{
    Error, Options, Outcome, ProjectError, ProjectOutcome, TraceOptions, optional_reductions,
    read_project, reduce, reduce_pair, reduce_project, reduce_trace,
};
pub use files::{ArchiveError, Entry, Files};
pub use lang::Language;
pub use options::{RunOptions, Timeout};
pub use oracle::OracleError;
pub use oracle::{Cancel, Oracle, ScriptError, ScriptOracle, Verdict};
pub use oracle::{START_TEST, START_THROUGH_ABOVE, start_test, start_tests_through};
pub use pair::side::{Reports as PairReports, SideReport};
pub use pair::{PairError, PairOptions, PairOutcome, Step as PairStep};
pub use project::LoadError;
pub use stats::{KindReport, PassReport, PassTiming, Recheck, Report, Size, StartReport};
pub use trace::generator::Align;
pub use trace::pipeline::{Stopped, TraceError, TraceOutcome};
pub use trace::reduce::{Search, TraceCounters};

/// The `treereduce` command (the binary's `main`).
#[cfg(feature = "cli")]
#[doc(hidden)]
pub fn cli_main() -> std::process::ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == oracle::START_TEST) {
        return oracle::start_test(&args[2..]);
    }
    // The running binary, even once replaced or removed on disk.
    oracle::start_tests_through("/proc/self/exe".into());
    app::main()
}
