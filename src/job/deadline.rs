//! `--deadline DURATION`: a timer that stops the reduction at a wall-clock
//! limit. It sets a flag, then the cancel token, so the tests stop as on
//! Ctrl-C; the driver sees the flag, re-checks the best result and ends
//! normally (see `single::Session::deadline`).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::oracle::Cancel;

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
    use std::time::Duration;

    use super::*;

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
        // A run cancelled before (Ctrl-C) is not reported as a deadline: the
        // timer's thread ends (dropping what it holds) without setting it.
        struct Ended(std::sync::mpsc::Sender<()>);
        impl Drop for Ended {
            fn drop(&mut self) {
                let _ = self.0.send(());
            }
        }
        let (ended, timer_gone) = std::sync::mpsc::channel();
        let ended = Ended(ended);
        let cancel = Arc::new(Cancel::new().unwrap());
        cancel.cancel();
        let fired = Arc::new(AtomicBool::new(false));
        let d = Deadline::start_with(
            Instant::now(),
            "1ms".into(),
            move || {
                let _held = &ended;
                cancel.is_cancelled()
            },
            {
                let fired = fired.clone();
                move || fired.store(true, Ordering::SeqCst)
            },
        );
        timer_gone.recv_timeout(Duration::from_secs(30)).unwrap();
        assert!(!d.reached() && !fired.load(Ordering::SeqCst));
    }
}
