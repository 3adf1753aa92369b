//! A shared budget of tests running at once across several oracles (the
//! command line's batch mode: one `-j` for all the inputs being reduced).
//! A test asks for a permit before it starts and gives it back when it
//! ends. Tests a reduction needs now (its coordinator's: worker 0) go
//! before tests run ahead, so the budget goes to the reductions' critical
//! paths first and to speculation only when it would sit idle.

use std::time::Duration;

use parking_lot::{Condvar, Mutex};

use super::Cancel;

/// See the module documentation.
pub struct Gate {
    state: Mutex<State>,
    freed: Condvar,
}

struct State {
    free: usize,
    /// Priority requests waiting.
    urgent: usize,
}

/// A held permit; dropping it gives it back.
pub struct Permit<'a>(&'a Gate);

/// How often a waiting request looks at its stop tokens.
const POLL: Duration = Duration::from_millis(20);

impl Gate {
    /// A gate letting `permits` tests run at once (at least one).
    pub fn new(permits: usize) -> Gate {
        Gate {
            state: Mutex::new(State {
                free: permits.max(1),
                urgent: 0,
            }),
            freed: Condvar::new(),
        }
    }

    /// Waits for a permit; `urgent` requests are served first. `None` if
    /// one of `stops` is set while waiting.
    pub fn acquire(&self, urgent: bool, stops: [&Cancel; 2]) -> Option<Permit<'_>> {
        let mut state = self.state.lock();
        if urgent {
            state.urgent += 1;
        }
        let granted = loop {
            if stops.iter().any(|s| s.is_cancelled()) {
                break false;
            }
            if state.free > 0 && (urgent || state.urgent == 0) {
                break true;
            }
            self.freed.wait_for(&mut state, POLL);
        };
        if urgent {
            state.urgent -= 1;
        }
        if granted {
            state.free -= 1;
            Some(Permit(self))
        } else {
            // Another waiter may be able to go now that this one does not.
            drop(state);
            self.freed.notify_all();
            None
        }
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        self.0.state.lock().free += 1;
        self.0.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn at_most_the_permits_run_at_once() {
        let gate = Gate::new(3);
        let (a, b) = (Cancel::new().unwrap(), Cancel::new().unwrap());
        let running = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for i in 0..12 {
                let (gate, a, b, running, most) = (&gate, &a, &b, &running, &most);
                s.spawn(move || {
                    for _ in 0..5 {
                        let _p = gate.acquire(i % 2 == 0, [a, b]).unwrap();
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(2));
                        running.fetch_sub(1, Ordering::SeqCst);
                    }
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn urgent_requests_go_first_and_stops_end_the_wait() {
        let gate = Gate::new(1);
        let (a, b) = (Cancel::new().unwrap(), Cancel::new().unwrap());
        let held = gate.acquire(false, [&a, &b]).unwrap();
        let order = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            s.spawn(|| {
                let _p = gate.acquire(false, [&a, &b]).unwrap();
                order.lock().push("ahead");
            });
            std::thread::sleep(Duration::from_millis(50));
            s.spawn(|| {
                let _p = gate.acquire(true, [&a, &b]).unwrap();
                order.lock().push("urgent");
            });
            std::thread::sleep(Duration::from_millis(50));
            drop(held);
        });
        assert_eq!(*order.lock(), ["urgent", "ahead"]);
        let _held = gate.acquire(false, [&a, &b]).unwrap();
        let stop = Cancel::new().unwrap();
        std::thread::scope(|s| {
            let waiter = s.spawn(|| gate.acquire(true, [&a, &stop]).is_none());
            std::thread::sleep(Duration::from_millis(30));
            stop.cancel();
            assert!(waiter.join().unwrap());
        });
    }
}
