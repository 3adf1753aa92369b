//! A shared budget of tests running at once across several oracles (the
//! command line's batch mode: one `-j` for all the inputs being reduced).
//! A test asks for a permit before it starts and gives it back when it
//! ends. Tests a reduction needs now (its coordinator's: worker 0) go
//! before tests run ahead, so the budget goes to the reductions' critical
//! paths first and to speculation only when it would sit idle.
//!
//! Each reduction sharing the gate is a lane ([`Gate::join`]). A spare
//! worker starts a test ahead only while [`Gate::spare`] says a permit
//! stays free for every lane whose coordinator holds none: a coordinator
//! between two tests (rendering, parsing) then finds its permit waiting
//! instead of queueing behind a test run ahead for another reduction. So
//! while there are at least as many reductions as permits, none runs ahead
//! and no test is wasted; in the tail of a batch, the permits the finished
//! reductions leave go to running ahead.

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
    /// Reductions sharing the gate.
    lanes: usize,
    /// Permits held by priority requests.
    urgent_held: usize,
    /// Requests waiting, priority or not.
    waiting: usize,
}

/// A held permit; dropping it gives it back.
pub struct Permit<'a>(&'a Gate, bool);

/// A reduction's membership of a gate; dropping it leaves.
pub struct Lane(std::sync::Arc<Gate>);

impl Drop for Lane {
    fn drop(&mut self) {
        let mut state = self.0.state.lock();
        state.lanes = state.lanes.saturating_sub(1);
        drop(state);
        self.0.freed.notify_all();
    }
}

/// How often a waiting request looks at its stop tokens.
const POLL: Duration = Duration::from_millis(20);

impl Gate {
    /// A gate letting `permits` tests run at once (at least one).
    pub fn new(permits: usize) -> Gate {
        Gate {
            state: Mutex::new(State {
                free: permits.max(1),
                urgent: 0,
                lanes: 0,
                urgent_held: 0,
                waiting: 0,
            }),
            freed: Condvar::new(),
        }
    }

    /// Joins a reduction to the gate (see the module documentation).
    pub fn join(gate: &std::sync::Arc<Gate>) -> Lane {
        gate.state.lock().lanes += 1;
        Lane(gate.clone())
    }

    /// Whether a test run ahead may start now: a permit is free beyond one
    /// for each lane whose coordinator holds none, and no priority request
    /// waits.
    pub fn spare(&self) -> bool {
        let state = self.state.lock();
        let reserved = state.lanes.saturating_sub(state.urgent_held);
        state.urgent == 0 && state.free > reserved
    }

    /// Waits for a permit; `urgent` requests are served first. `None` if
    /// one of `stops` is set while waiting.
    pub fn acquire(&self, urgent: bool, stops: [&Cancel; 2]) -> Option<Permit<'_>> {
        let mut state = self.state.lock();
        if urgent {
            state.urgent += 1;
        }
        state.waiting += 1;
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
        state.waiting -= 1;
        if granted {
            state.free -= 1;
            if urgent {
                state.urgent_held += 1;
            }
            Some(Permit(self, urgent))
        } else {
            // Another waiter may be able to go now that this one does not.
            drop(state);
            self.freed.notify_all();
            None
        }
    }
}

#[cfg(test)]
impl Gate {
    /// Requests waiting (or deciding whether to), priority or not.
    fn waiting(&self) -> usize {
        self.state.lock().waiting
    }
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut state = self.0.state.lock();
        state.free += 1;
        if self.1 {
            state.urgent_held -= 1;
        }
        drop(state);
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
    fn a_permit_stays_free_for_each_coordinator_without_one() {
        let gate = std::sync::Arc::new(Gate::new(2));
        let (a, b) = (Cancel::new().unwrap(), Cancel::new().unwrap());
        let stop = Cancel::new().unwrap();
        let lane1 = Gate::join(&gate);
        let _lane2 = Gate::join(&gate);
        // Two reductions, one coordinator testing: the other permit is kept
        // for the second coordinator, not given to a test run ahead.
        assert!(!gate.spare());
        let first = gate.acquire(true, [&a, &b]).unwrap();
        assert!(!gate.spare());
        let second = gate.acquire(true, [&a, &b]).unwrap();
        assert!(!gate.spare());
        drop(second);
        // One reduction left (the tail of a batch): its spare permit runs ahead.
        drop(lane1);
        assert!(gate.spare());
        let ahead = gate.acquire(false, [&a, &stop]).unwrap();
        assert!(!gate.spare());
        drop((first, ahead));
        let gate = Gate::new(3);
        assert!(gate.spare(), "without lanes every free permit is spare");
    }

    #[test]
    fn urgent_requests_go_first_and_stops_end_the_wait() {
        let gate = Gate::new(1);
        let (a, b) = (Cancel::new().unwrap(), Cancel::new().unwrap());
        let held = gate.acquire(false, [&a, &b]).unwrap();
        let order = Mutex::new(Vec::new());
        // Each request is waiting before the next step.
        let waiting = |n: usize| {
            let start = std::time::Instant::now();
            while gate.waiting() < n {
                assert!(start.elapsed() < Duration::from_secs(30), "no {n} waiting");
                std::thread::sleep(Duration::from_millis(1));
            }
        };
        std::thread::scope(|s| {
            s.spawn(|| {
                let _p = gate.acquire(false, [&a, &b]).unwrap();
                order.lock().push("ahead");
            });
            waiting(1);
            s.spawn(|| {
                let _p = gate.acquire(true, [&a, &b]).unwrap();
                order.lock().push("urgent");
            });
            waiting(2);
            drop(held);
        });
        assert_eq!(*order.lock(), ["urgent", "ahead"]);
        let _held = gate.acquire(false, [&a, &b]).unwrap();
        let stop = Cancel::new().unwrap();
        std::thread::scope(|s| {
            let waiter = s.spawn(|| gate.acquire(true, [&a, &stop]).is_none());
            waiting(1);
            stop.cancel();
            assert!(waiter.join().unwrap());
        });
    }
}
