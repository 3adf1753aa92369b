//! `--deadline DURATION`: a timer that stops the reduction at a wall-clock
//! limit. It sets a flag, then the cancel token, so the tests stop as on
//! Ctrl-C; the driver sees the flag, re-checks the best result and ends
//! normally (see `single::Session::deadline`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::oracle::Cancel;

/// Parses `90s`, `25m`, `1h30m`, `2h`, `1d`, `500ms` or a bare number of
/// seconds (`90`, `1.5`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let bad = || {
        format!(
            "invalid duration {text:?}: use a number with a unit, e.g. 90s, 25m, 1h30m (units: ms, s, m, h, d)"
        )
    };
    let text = text.trim();
    if text.is_empty() {
        return Err(bad());
    }
    if let Ok(secs) = text.parse::<f64>() {
        return positive(secs).ok_or_else(bad);
    }
    let mut total = 0.0;
    let mut rest = text;
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(bad)?;
        let number: f64 = rest[..number_end].parse().map_err(|_| bad())?;
        rest = &rest[number_end..];
        let unit_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let scale = match &rest[..unit_end] {
            "ms" => 0.001,
            "s" | "sec" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            "d" => 86400.0,
            _ => return Err(bad()),
        };
        rest = &rest[unit_end..];
        total += number * scale;
    }
    positive(total).ok_or_else(bad)
}

fn positive(secs: f64) -> Option<Duration> {
    (secs.is_finite() && secs > 0.0)
        .then(|| Duration::try_from_secs_f64(secs).ok())
        .flatten()
}

/// A running deadline.
pub struct Deadline {
    reached: Arc<AtomicBool>,
    /// What the user gave, for messages.
    pub text: String,
}

impl Deadline {
    /// Starts a timer that fires at `at`: sets the flag, then cancels
    /// (unless something cancelled before, e.g. Ctrl-C).
    pub fn start(at: Instant, text: String, cancel: Arc<Cancel>) -> Deadline {
        let stop = cancel.clone();
        Deadline::start_with(
            at,
            text,
            move || cancel.is_cancelled(),
            move || stop.cancel(),
        )
    }

    /// The same with a test for "stopped before" and an action of one's
    /// own (batch mode cancels every input being reduced).
    pub fn start_with(
        at: Instant,
        text: String,
        stopped: impl Fn() -> bool + Send + 'static,
        fire: impl FnOnce() + Send + 'static,
    ) -> Deadline {
        let reached = Arc::new(AtomicBool::new(false));
        let flag = reached.clone();
        std::thread::spawn(move || {
            loop {
                let now = Instant::now();
                if now >= at {
                    break;
                }
                std::thread::sleep(at - now);
            }
            if !stopped() {
                flag.store(true, Ordering::SeqCst);
                fire();
            }
        });
        Deadline { reached, text }
    }

    /// The flag the driver reads.
    pub fn flag(&self) -> &AtomicBool {
        &self.reached
    }

    /// Whether the deadline has passed and stopped the run.
    pub fn reached(&self) -> bool {
        self.reached.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse() {
        let s = |x: f64| Duration::from_secs_f64(x);
        assert_eq!(parse_duration("90s"), Ok(s(90.0)));
        assert_eq!(parse_duration("25m"), Ok(s(1500.0)));
        assert_eq!(parse_duration("1h30m"), Ok(s(5400.0)));
        assert_eq!(parse_duration("1.5"), Ok(s(1.5)));
        assert_eq!(parse_duration("500ms"), Ok(s(0.5)));
        assert_eq!(parse_duration("2d"), Ok(s(172800.0)));
        for bad in ["", "0", "-5", "5x", "m", "1h30", "nan", "inf", "10 m"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_timer_sets_the_flag_then_cancels() {
        let cancel = Arc::new(Cancel::new().unwrap());
        let d = Deadline::start(
            Instant::now() + Duration::from_millis(50),
            "50ms".into(),
            cancel.clone(),
        );
        assert!(!d.reached());
        let start = Instant::now();
        while !cancel.is_cancelled() {
            assert!(start.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(d.reached());
        // A run cancelled before (Ctrl-C) is not reported as a deadline.
        let cancel = Arc::new(Cancel::new().unwrap());
        cancel.cancel();
        let d = Deadline::start(Instant::now(), "1ms".into(), cancel.clone());
        std::thread::sleep(Duration::from_millis(50));
        assert!(!d.reached());
    }
}
