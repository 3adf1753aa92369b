//! What a run prints when it stops short of a re-checked result: the test
//! could not be run, the reduction failed, the deadline passed, the
//! re-check could not run; and the shell quoting of the recipes it prints.

use std::time::Duration;

use crate::exit;
use crate::oracle::{RunOutcome, ScriptOracle};
use crate::single::{self, ReduceError};

/// The message for a test (`what`: "the test", "the seed's test", ...) that
/// could not be run [`crate::engine::ERROR_LIMIT`] times in a row, the last
/// time for `error`, and what was kept (`kept`).
pub fn could_not_run(what: &str, error: impl std::fmt::Display, kept: &str) -> String {
    format!("{}; {kept}", crate::oracle::could_not_run(what, error))
}

/// What a test that could not be run says, naming the launcher if there is one.
pub fn cannot_run(oracle: &ScriptOracle, e: &crate::OracleError) -> String {
    match oracle.launcher().first() {
        Some(launcher) => format!(
            "cannot run the test {} through the launcher {}: {e}",
            oracle.script().display(),
            launcher.to_string_lossy()
        ),
        None => format!("cannot run the test {}: {e}", oracle.script().display()),
    }
}

/// The exit code and the message of a reduction that stopped without a
/// result for a reason other than the test failing to run (which has a
/// result: the best found before). The output, if started, holds the input.
pub fn reduce_failed(e: &ReduceError) -> (u8, String) {
    match e {
        ReduceError::NotInteresting(verdict) => (
            exit::NOT_INTERESTING,
            format!(
                "the test does not find the input interesting ({}); there is nothing to reduce",
                match verdict {
                    crate::oracle::Verdict::TimedOut => "it timed out",
                    _ => "it rejected it",
                }
            ),
        ),
        ReduceError::TooLarge(t) => (
            exit::USAGE,
            format!("{t}; cut it down first (e.g. with a line-based reducer)"),
        ),
        ReduceError::Oracle { error, .. } => (
            exit::TEST_ERRORS,
            could_not_run(
                "the test",
                error,
                "stopped, the output holds the best result found before",
            ),
        ),
    }
}

/// What to say when the run stopped at its `--deadline`: the result was
/// re-checked, unless the deadline passed during that re-check (or it was
/// switched off).
pub fn deadline_reason(outcome: &single::Outcome) -> &'static str {
    match outcome.recheck {
        crate::stats::Recheck::Passed | crate::stats::Recheck::PassedEarlier => {
            "stopped at the --deadline; the result is the best found until then, re-checked"
        }
        _ => "stopped at the --deadline; the result is the best found until then, not re-checked",
    }
}

/// What to say when the test could not be run on the result at the final
/// re-check.
pub fn not_rechecked(error: Option<&str>) -> String {
    format!(
        "the test could not be run to re-check the result ({}); the result is the newest one it did not reject, not re-checked",
        error.unwrap_or("no verdict")
    )
}

/// `text` as one word for a POSIX shell, quoted only where the shell needs
/// it: a word of letters, digits and `_ @ % + = : , . / -` stays as it is
/// (`./check.sh`, `--timeout=5`); any other word is single-quoted, with
/// each `'` written as `'\''`, so nothing in it expands. A word that
/// starts like an assignment (`A=b`) is quoted too, or a shell would take
/// it for one as a command's first word. (shlex's quoting also quotes `=`
/// and `,` everywhere, to be safe inside brace expansions we never write.)
pub fn shell_quote(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c);
    let assignment = text.split_once('=').is_some_and(|(name, _)| {
        name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    });
    if !text.is_empty() && text.chars().all(plain) && !assignment {
        return text.to_string();
    }
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// What a test did on an input it had to accept (every mode's check of
/// its input says it the same way): "exited with code 1", "was killed by
/// signal 9", "did not finish within 0.5 s (raise --timeout if it is just
/// slow)", with a hint for the exit codes a shell gives a missing or
/// non-executable command.
pub fn test_ended(outcome: RunOutcome, limit: Duration) -> String {
    match outcome {
        RunOutcome::Exited(127) => "exited with code 127: a command it runs was not found (is the compiler or interpreter it calls installed and on PATH?)".to_string(),
        RunOutcome::Exited(126) => {
            "exited with code 126: a command it runs is not executable".to_string()
        }
        RunOutcome::Exited(code) => format!("exited with code {code}"),
        RunOutcome::Signaled(sig) => format!("was killed by signal {sig}"),
        RunOutcome::TimedOut => format!(
            "did not finish within {:.1} s (raise --timeout if it is just slow)",
            limit.as_secs_f64()
        ),
        RunOutcome::Cancelled => "was interrupted".to_string(),
    }
}

/// The last lines of a test's stderr, indented under a message (nothing if
/// it wrote none).
pub fn stderr_lines(tail: &str) -> String {
    if tail.trim().is_empty() {
        return String::new();
    }
    let mut lines = String::from("\n  the test's stderr (last lines):");
    for line in tail.lines() {
        lines.push_str(&format!("\n    | {line}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn every_reduce_error_has_its_own_code_and_message() {
        use crate::oracle::Verdict;
        let (code, message) = reduce_failed(&ReduceError::NotInteresting(Verdict::TimedOut));
        assert_eq!(code, exit::NOT_INTERESTING);
        assert!(message.contains("timed out") && !message.contains("flaky"));
        let too_large = crate::syntax::TooLarge {
            bytes: 10,
            nodes: u32::MAX as usize,
        };
        let (code, message) = reduce_failed(&ReduceError::TooLarge(too_large));
        assert_eq!(code, exit::USAGE);
        assert!(message.contains("too large") && message.contains("cut it down"));
        let (code, message) = reduce_failed(&ReduceError::Oracle {
            error: "cannot start the test".into(),
            best: Arc::from(&b"x"[..]),
        });
        assert_eq!(code, exit::TEST_ERRORS);
        assert!(message.contains("cannot start the test"));
    }

    #[test]
    fn shell_quoting_keeps_every_character() {
        let words = [
            "plain.c",
            "it's.c",
            "a$HOME.c",
            "sp ace`x`.c",
            "''",
            "",
            "~/x",
            "*.c",
            "a;b",
            "#c",
            "x=1",
            "--timeout=5",
            "-j",
            "a\\b",
            "new\nline",
            "é.c",
            "{a,b}",
            "!x",
            "[ab]",
        ];
        for name in words {
            let out = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("printf %s {}", shell_quote(name)))
                .output()
                .unwrap();
            assert_eq!(String::from_utf8(out.stdout).unwrap(), name);
        }
    }

    #[test]
    fn only_words_a_shell_would_change_are_quoted() {
        for plain in [
            "treereduce",
            "batch",
            "-i",
            "./check.sh",
            "--timeout=5",
            "a/b-c_d.c",
            "1,2",
        ] {
            assert_eq!(shell_quote(plain), plain);
        }
        for (word, quoted) in [
            ("crash dir/a.c", "'crash dir/a.c'"),
            ("it's", "'it'\\''s'"),
            ("", "''"),
            ("$HOME", "'$HOME'"),
            ("~", "'~'"),
            ("CC=gcc", "'CC=gcc'"),
            ("*.c", "'*.c'"),
        ] {
            assert_eq!(shell_quote(word), quoted);
        }
    }
}
