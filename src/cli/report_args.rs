//! The report options of the modes that write one result per program
//! (single and batch), shared through `#[command(flatten)]`, and the
//! template they name.

use std::path::PathBuf;

use crate::job::report::Template;

/// A bug report beside each result.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// Write a bug report beside the result (<result>.md): `md`, markdown
    /// with the reduced program, sizes, tests, the test script, the command.
    #[arg(long, value_name = "FORMAT", value_parser = ["md"], help_heading = "Input and output")]
    pub report: Option<String>,

    /// Write a report rendered from this minijinja template beside the
    /// result (<result>.<the template's extension>); variables in doc/options.md.
    #[arg(long, value_name = "FILE", help_heading = "Input and output")]
    pub report_template: Option<PathBuf>,
}

impl ReportArgs {
    /// The template of `--report`/`--report-template`, if either was given.
    pub fn template(&self) -> Result<Option<Template>, String> {
        match (&self.report, &self.report_template) {
            (None, None) => Ok(None),
            (_, file) => Template::load(file.as_deref()).map(Some),
        }
    }
}
