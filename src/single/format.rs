//! The language's own formatter on the result (clang-format, rustfmt,
//! prettier), as C-Vise runs clang-format: after the layout pass the text
//! goes through the formatter's command, and its output is kept if it parses
//! no worse and the test still accepts it. The command is the caller's
//! choice (the command line finds one on `PATH`); the library only runs it,
//! with the text on stdin and the formatted text on stdout.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A formatter taking longer than this is stopped and its output ignored.
const FORMAT_LIMIT: Duration = Duration::from_secs(30);

/// Why a formatter's output was not used.
#[derive(Debug, PartialEq, Eq)]
pub enum Skipped {
    /// The command could not be started (not found, not executable).
    NotStarted(String),
    /// It exited with this code (or was killed: `None`), or ran past
    /// [`FORMAT_LIMIT`].
    Failed(Option<i32>),
    /// It wrote nothing.
    Empty,
}

/// Runs `command` (program and arguments) with `text` on stdin: its stdout.
pub fn run(command: &[String], text: &[u8]) -> Result<Vec<u8>, Skipped> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| Skipped::NotStarted("an empty command".to_string()))?;
    // Spawned through the registry, so that the reaper of orphaned test
    // processes never takes its exit status.
    let mut child = crate::oracle::contain::spawn(
        Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0),
    )
    .map_err(|e| Skipped::NotStarted(format!("{program}: {e}")))?;
    // Feed and drain from threads of their own: a formatter may write
    // before it has read everything, and pipes hold only so much.
    let mut stdin = child.child_mut().stdin.take().expect("stdin is piped");
    let input = text.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.child_mut().stdout.take().expect("stdout is piped");
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        out
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if started.elapsed() < FORMAT_LIMIT => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => {
                // SAFETY: killing the process group the child leads.
                unsafe { libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL) };
                let _ = child.wait();
                break None;
            }
        }
    };
    let _ = feeder.join();
    let out = reader.join().unwrap_or_default();
    match status {
        Some(s) if s.success() => {
            if out.iter().all(u8::is_ascii_whitespace) {
                Err(Skipped::Empty)
            } else {
                Ok(out)
            }
        }
        Some(s) => Err(Skipped::Failed(s.code())),
        None => Err(Skipped::Failed(None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn the_output_of_a_command_that_succeeds_is_used() {
        let out = run(&command("tr a-z A-Z"), b"int main() {}\n").unwrap();
        assert_eq!(out, b"INT MAIN() {}\n");
    }

    #[test]
    fn failures_say_why() {
        assert_eq!(
            run(&command("cat; exit 3"), b"x"),
            Err(Skipped::Failed(Some(3)))
        );
        assert_eq!(run(&command("cat >/dev/null"), b"x"), Err(Skipped::Empty));
        let missing = vec!["treereduce-no-such-formatter".to_string()];
        assert!(matches!(run(&missing, b"x"), Err(Skipped::NotStarted(_))));
    }

    #[test]
    fn a_large_text_goes_through_the_pipes() {
        let text = b"int a;\n".repeat(100_000);
        assert_eq!(run(&command("cat"), &text).unwrap(), text);
    }
}
