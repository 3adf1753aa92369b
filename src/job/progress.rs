//! The one owner of stderr while a reduction runs: a live one-line display on
//! a terminal, plain log lines every few seconds otherwise, nothing with `-q`.
//! Workers never print; this thread reads the shared counters.

use std::io::Write;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::stats::Stats;
use crate::task::Phase;

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A live line on a terminal.
    Bar,
    /// A log line every [`LOG_EVERY`] and at each phase.
    Log,
    /// Nothing.
    Quiet,
}

impl Mode {
    /// Nothing with `-q`, else a live line when stderr is a terminal and
    /// log lines when it is not.
    pub fn for_stderr(quiet: bool) -> Mode {
        use std::io::IsTerminal;
        if quiet {
            Mode::Quiet
        } else if std::io::stderr().is_terminal() {
            Mode::Bar
        } else {
            Mode::Log
        }
    }
}

/// Interval of the plain log lines.
pub const LOG_EVERY: Duration = Duration::from_secs(10);
const REDRAW_EVERY: Duration = Duration::from_millis(100);

enum Message {
    Phase(Phase),
    /// A line to log (in [`Mode::Log`]).
    Line(String),
    /// A warning, shown in every mode but [`Mode::Quiet`].
    Warning(String),
    Stop,
}

/// See the module documentation.
pub struct Printer {
    tx: Sender<Message>,
    thread: Option<JoinHandle<()>>,
}

impl Printer {
    /// Starts the printer thread.
    pub fn start(mode: Mode, stats: Arc<Stats>) -> Printer {
        Printer::with_status(mode, move |phase| status(&stats, phase))
    }

    /// Starts the printer thread with another status line: `line` is
    /// called with the latest phase whenever the line is drawn or logged.
    pub fn with_status(
        mode: Mode,
        line: impl Fn(Option<Phase>) -> String + Send + 'static,
    ) -> Printer {
        let (tx, rx) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            let bar = (mode == Mode::Bar).then(|| {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {wide_msg}").expect("valid template"),
                );
                bar
            });
            let mut phase = None;
            let mut last_log = Instant::now();
            let tick = if mode == Mode::Bar {
                REDRAW_EVERY
            } else {
                LOG_EVERY
            };
            loop {
                match rx.recv_timeout(tick) {
                    Ok(Message::Phase(p)) => {
                        phase = Some(p);
                        if mode == Mode::Log {
                            eprintln!("treereduce: {}", line(phase));
                            last_log = Instant::now();
                        }
                    }
                    Ok(Message::Line(text)) => {
                        if mode == Mode::Log {
                            eprintln!("treereduce: {text}");
                            last_log = Instant::now();
                        }
                    }
                    Ok(Message::Warning(text)) => match &bar {
                        Some(bar) => bar.println(text),
                        None if mode == Mode::Log => eprintln!("{text}"),
                        None => {}
                    },
                    Ok(Message::Stop) | Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) => {}
                }
                match &bar {
                    Some(bar) => {
                        bar.set_message(line(phase));
                        bar.tick();
                    }
                    None if mode == Mode::Log && last_log.elapsed() >= LOG_EVERY => {
                        eprintln!("treereduce: {}", line(phase));
                        last_log = Instant::now();
                    }
                    None => {}
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            let _ = std::io::stderr().flush();
        });
        Printer {
            tx,
            thread: Some(thread),
        }
    }

    /// Announces a new phase.
    pub fn phase(&self, phase: Phase) {
        let _ = self.tx.send(Message::Phase(phase));
    }

    /// Logs `line` (plain log lines only; the live line shows the status
    /// anyway).
    pub fn log(&self, line: String) {
        let _ = self.tx.send(Message::Line(line));
    }

    /// Shows a warning (a whole line, `treereduce: warning: ...`) above the
    /// live line or among the log lines; nothing with `-q`.
    pub fn warn(&self, line: String) {
        let _ = self.tx.send(Message::Warning(line));
    }

    /// Stops the thread and clears the live line.
    pub fn stop(&mut self) {
        let _ = self.tx.send(Message::Stop);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Printer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// `pass 2 · 48.2 KB -> 1.3 KB (-97.3%) · 312 tokens · 1,204 tests, 41/s · 87 cached · 0:29`
pub fn status(stats: &Stats, phase: Option<Phase>) -> String {
    use std::sync::atomic::Ordering::Relaxed;
    let elapsed = stats.elapsed();
    // The clock first: a narrow terminal cuts the end of the line.
    let phase = match phase {
        None | Some(Phase::Check) => {
            return format!("{} checking that the input is interesting", clock(elapsed));
        }
        Some(Phase::Coarse) => "coarse pass".to_string(),
        Some(Phase::Reduce(n)) => format!("pass {n}"),
        Some(Phase::Canon(n)) => format!("pass {n} canon"),
        Some(Phase::Files) => "other files".to_string(),
        Some(Phase::Tidy) => "tidy".to_string(),
        Some(Phase::Layout) => "layout".to_string(),
        Some(Phase::Format) => "format".to_string(),
        Some(Phase::Verify) => "re-check".to_string(),
    };
    let (start, best) = (stats.start(), stats.best());
    let tests = stats.tests.load(Relaxed);
    let rate = tests as f64 / elapsed.as_secs_f64().max(1e-3);
    let files = match stats.files.load(Relaxed) {
        0 => String::new(),
        1 => "1 file · ".to_string(),
        n => format!("{} files · ", thousands(n)),
    };
    format!(
        "{} {phase} · {} -> {} · {files}{} tokens · {} tests ({rate:.0}/s)",
        clock(elapsed),
        bytes(start.bytes),
        bytes(best.bytes),
        thousands(best.tokens),
        thousands(tests),
    )
}

/// `1,234,567`
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `812 B`, `48.2 KB`, `3.1 MB`
pub fn bytes(n: u64) -> String {
    match n {
        0..1000 => format!("{n} B"),
        1000..1_000_000 => format!("{:.1} KB", n as f64 / 1e3),
        _ => format!("{:.1} MB", n as f64 / 1e6),
    }
}

/// `0:29`, `1:02:03`
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(12), "12");
        assert_eq!(bytes(999), "999 B");
        assert_eq!(bytes(48_200), "48.2 KB");
        assert_eq!(clock(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock(Duration::from_secs(29)), "0:29");
    }

    /// A typical line fits an 80-column terminal with room for the spinner,
    /// and starts with the clock.
    #[test]
    fn the_live_line_fits_80_columns() {
        use crate::stats::Size;
        let stats = Stats::new(crate::reduce::names());
        stats.set_start(Size {
            bytes: 119_088,
            tokens: 36_522,
        });
        stats.set_best(
            1,
            Size {
                bytes: 5_300,
                tokens: 1_234,
            },
        );
        // 12,345 tests at a realistic rate (the clock has barely started).
        stats
            .tests
            .store(12_345, std::sync::atomic::Ordering::Relaxed);
        let line = status(&stats, Some(Phase::Canon(12)));
        let line = format!("{}(142/s)", &line[..line.rfind('(').unwrap()]);
        assert!(line.starts_with("0:0"), "{line}");
        assert!(
            line.chars().count() <= 78,
            "{} columns: {line}",
            line.chars().count()
        );
    }
}
