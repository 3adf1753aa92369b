//! The steps every mode of the command shares, between parsing the
//! arguments and reporting: the limits an input must meet,
//! the signals that stop a run, the outputs written safely as a run improves
//! (`output`), the `--deadline` (`deadline`), the `--formatter`
//! (`formatter`), the bug report (`report`), the progress display
//! (`progress`), and the messages a stopped or failed run prints
//! (`messages`). The drivers (`app` for single, pair and trace mode,
//! `batch::driver` for batch mode) call these; nothing here parses
//! arguments.

pub mod deadline;
pub mod folder;
pub mod formatter;
mod limits;
mod messages;
pub mod output;
pub mod progress;
pub mod report;

use std::sync::Arc;

use anyhow::{Result, anyhow};

pub use limits::{check_size, memory_need, total_memory, usable_memory};
pub use messages::{
    cannot_run, could_not_run, deadline_reason, not_rechecked, reduce_failed, shell_quote,
    stderr_lines, test_ended,
};
pub use output::{BestWriter, Destination, Staged, default_output, same_file, stage};
pub use progress::{Mode, Printer};

use crate::exit;
use crate::oracle::Cancel;

/// Why a run of the command ended without a result of its own.
pub enum Failure {
    /// The user can fix it (arguments, files, script).
    Usage(anyhow::Error),
    /// Something broke while running.
    Internal(anyhow::Error),
}

/// An error the user can fix, as a [`Failure`].
pub fn usage<T>(r: Result<T>) -> Result<T, Failure> {
    r.map_err(Failure::Usage)
}

/// Calls `stop` on Ctrl-C and SIGTERM: the one place the handler is
/// installed (each mode once per process).
pub fn on_signals(stop: impl Fn() + Send + 'static) -> Result<(), Failure> {
    ctrlc::set_handler(stop).map_err(|e| Failure::Internal(e.into()))
}

/// The cancel token of a run, set on Ctrl-C and SIGTERM.
pub fn cancel_on_signals() -> Result<Arc<Cancel>, Failure> {
    let cancel = Arc::new(Cancel::new().map_err(|e| Failure::Internal(e.into()))?);
    let token = cancel.clone();
    on_signals(move || token.cancel())?;
    Ok(cancel)
}

/// Writes `text` to stdout; a reader that stops early (`| head`) is fine.
pub fn print_all(text: &[u8]) -> Result<u8, Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure::Internal(anyhow!("cannot write to stdout: {e}")))
        }
        _ => Ok(exit::SUCCESS),
    }
}

/// `--launcher CMD` split into words like a shell does.
pub fn launcher_words(text: &str) -> Result<Vec<std::ffi::OsString>> {
    match shlex::split(text) {
        Some(words) if !words.is_empty() => Ok(words.into_iter().map(Into::into).collect()),
        _ => Err(anyhow!(
            "--launcher {text:?} is not a command (empty, or an unclosed quote)"
        )),
    }
}
