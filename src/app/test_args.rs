//! What the options of the interestingness test ([`TestArgs`],
//! [`LaunchArgs`]) and of the bug report ([`ReportArgs`]) become at run
//! time, the same in every mode.

use std::ffi::OsString;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;

use crate::cli::{LaunchArgs, ReportArgs, TestArgs};
use crate::job::report::Template;
use crate::job::{INPUT_CHECK_LIMIT, MAX_TIMEOUT, launcher_words, timeout_of};
use crate::oracle::store;
use crate::oracle::{ScriptOracle, TestLimits, VerdictStore};

impl TestArgs {
    /// What each test may use of the machine, for `jobs` tests at once: the
    /// options given, the defaults of [`TestLimits::for_jobs`] for the
    /// others.
    pub fn limits(&self, jobs: usize) -> TestLimits {
        let default = TestLimits::for_jobs(jobs);
        let or = |given: Option<crate::cli::Ceiling>, default| given.map_or(default, |c| c.0);
        TestLimits {
            memory: or(self.memory_limit, default.memory),
            processes: or(self.max_processes, default.processes),
            file_size: or(self.max_file_size, default.file_size),
        }
    }

    /// The time limit of the input's check: `--timeout`, else
    /// [`INPUT_CHECK_LIMIT`].
    pub fn first_limit(&self) -> Duration {
        self.timeout.map_or(INPUT_CHECK_LIMIT, timeout_of)
    }

    /// Sets the per-test time limit of `oracles` once the input's check
    /// took `first` (`--timeout`, else 10 times `first`, at least 1 s), and
    /// turns the adaptive limit on unless `--no-adaptive-timeout`. Returns
    /// the limit.
    pub fn limit_tests(&self, first: Duration, oracles: &[&ScriptOracle]) -> Duration {
        let timeout = self.timeout.map_or_else(
            || (first * 10).clamp(Duration::from_secs(1), MAX_TIMEOUT),
            timeout_of,
        );
        for oracle in oracles {
            oracle.set_timeout(timeout);
            if !self.no_adaptive_timeout {
                oracle.adapt_timeout(first);
            }
        }
        timeout
    }
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

impl ReportArgs {
    /// The template of `--report`/`--report-template`, if either was given.
    pub fn template(&self) -> Result<Option<Template>, String> {
        match (&self.report, &self.report_template) {
            (None, None) => Ok(None),
            (_, file) => Template::load(file.as_deref()).map(Some),
        }
    }
}
