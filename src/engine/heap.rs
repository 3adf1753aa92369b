//! The shared max-heap of reduction tasks and its termination protocol.
//!
//! A pass ends when the heap is empty *and* no task is in flight: a task in
//! flight may still push follow-ups. Workers with nothing to do park on a
//! condition variable (no busy waiting). Every state change happens under one
//! mutex, and a worker completes a task and pushes its follow-ups in one step
//! ([`TaskHeap::complete`]), so there is no moment where the heap looks
//! finished while follow-ups are about to arrive, and no wake-up can be lost:
//!
//! - a worker parks only when the heap is empty and `in_flight > 0`;
//! - each pushed task wakes one parked worker;
//! - the completion that brings `in_flight` to 0 on an empty heap wakes all;
//! - [`TaskHeap::stop`] (Ctrl-C) wakes all and makes every `pop` return `None`.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use parking_lot::{Condvar, Mutex};

use crate::task::Priority;

struct Entry<T> {
    priority: Priority,
    seq: u64,
    task: T,
}

impl<T> PartialEq for Entry<T> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<T> Eq for Entry<T> {}
impl<T> PartialOrd for Entry<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Entry<T> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.priority
            .tokens
            .cmp(&other.priority.tokens)
            .then(other.priority.rank.cmp(&self.priority.rank))
            .then(other.seq.cmp(&self.seq))
    }
}

struct State<T> {
    heap: BinaryHeap<Entry<T>>,
    in_flight: usize,
    parked: usize,
    stopped: bool,
    seq: u64,
}

impl<T> State<T> {
    fn push(&mut self, priority: Priority, task: T) {
        self.seq += 1;
        let seq = self.seq;
        self.heap.push(Entry {
            priority,
            seq,
            task,
        });
    }
}

/// See the module documentation.
pub struct TaskHeap<T> {
    state: Mutex<State<T>>,
    wake: Condvar,
}

impl<T> Default for TaskHeap<T> {
    fn default() -> Self {
        TaskHeap {
            state: Mutex::new(State {
                heap: BinaryHeap::new(),
                in_flight: 0,
                parked: 0,
                stopped: false,
                seq: 0,
            }),
            wake: Condvar::new(),
        }
    }
}

impl<T> TaskHeap<T> {
    /// An empty heap.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a task from outside any worker (seeding a pass).
    pub fn push(&self, priority: Priority, task: T) {
        let mut s = self.state.lock();
        s.push(priority, task);
        if s.parked > 0 {
            self.wake.notify_one();
        }
    }

    /// Takes the largest task, parking while the heap is empty but tasks are in
    /// flight. `None` means the pass is over (or stopped). Every `Some` must be
    /// answered by exactly one [`TaskHeap::complete`].
    pub fn pop(&self) -> Option<T> {
        let mut s = self.state.lock();
        loop {
            if s.stopped {
                return None;
            }
            if let Some(entry) = s.heap.pop() {
                s.in_flight += 1;
                return Some(entry.task);
            }
            if s.in_flight == 0 {
                return None;
            }
            s.parked += 1;
            self.wake.wait(&mut s);
            s.parked -= 1;
        }
    }

    /// Marks one popped task done and pushes its follow-ups, atomically.
    pub fn complete(&self, follow_ups: impl IntoIterator<Item = (Priority, T)>) {
        let mut s = self.state.lock();
        let mut pushed = 0;
        for (priority, task) in follow_ups {
            s.push(priority, task);
            pushed += 1;
        }
        s.in_flight -= 1;
        if s.in_flight == 0 && s.heap.is_empty() {
            self.wake.notify_all();
        } else {
            for _ in 0..pushed.min(s.parked) {
                self.wake.notify_one();
            }
        }
    }

    /// Ends the pass early: parked and future `pop`s return `None`.
    pub fn stop(&self) {
        self.state.lock().stopped = true;
        self.wake.notify_all();
    }

    /// Number of parked workers (for tests of the protocol).
    #[cfg(test)]
    pub fn parked(&self) -> usize {
        self.state.lock().parked
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    fn p(tokens: u64) -> Priority {
        Priority { tokens, rank: 0 }
    }

    /// Waits (bounded) until `n` workers are parked.
    fn until_parked(heap: &TaskHeap<u32>, n: usize) {
        for _ in 0..10_000 {
            if heap.parked() == n {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("expected {n} parked workers, have {}", heap.parked());
    }

    #[test]
    fn empty_heap_ends_at_once() {
        let heap: TaskHeap<u32> = TaskHeap::new();
        assert_eq!(heap.pop(), None);
    }

    #[test]
    fn largest_first_then_rank_then_fifo() {
        let heap = TaskHeap::new();
        heap.push(p(5), 1);
        heap.push(Priority { tokens: 9, rank: 1 }, 2);
        heap.push(Priority { tokens: 9, rank: 0 }, 3);
        heap.push(p(5), 4);
        let mut order = Vec::new();
        while let Some(t) = heap.pop() {
            order.push(t);
            heap.complete([]);
        }
        assert_eq!(order, vec![3, 2, 1, 4]);
    }

    /// The scenario where a reducer hangs or quits early: worker B finds the heap
    /// empty while A's task is in flight; A's follow-up must reach B, and the
    /// pass must end for both once the last task completes, not before.
    #[test]
    fn parked_worker_gets_follow_ups_and_both_finish() {
        crate::testing::within(60, || {
            let heap = TaskHeap::new();
            heap.push(p(10), 1u32);
            let a_task = heap.pop();
            assert_eq!(a_task, Some(1));
            let (tx, rx) = mpsc::channel();
            std::thread::scope(|s| {
                let b = s.spawn(|| {
                    let first = heap.pop();
                    tx.send(first).unwrap();
                    if first.is_some() {
                        heap.complete([]);
                    }
                    heap.pop()
                });
                until_parked(&heap, 1);
                assert!(rx.try_recv().is_err(), "B must wait, not finish");
                heap.complete([(p(3), 2)]);
                assert_eq!(rx.recv_timeout(Duration::from_secs(10)).unwrap(), Some(2));
                // A asks for more while B's task is still in flight... or already done.
                assert_eq!(heap.pop(), None);
                assert_eq!(b.join().unwrap(), None);
            });
        });
    }

    #[test]
    fn last_completion_releases_all_parked_workers() {
        crate::testing::within(60, || {
            let heap = TaskHeap::new();
            heap.push(p(1), 7u32);
            assert_eq!(heap.pop(), Some(7));
            std::thread::scope(|s| {
                let waiters: Vec<_> = (0..3).map(|_| s.spawn(|| heap.pop())).collect();
                until_parked(&heap, 3);
                heap.complete([]);
                for w in waiters {
                    assert_eq!(w.join().unwrap(), None);
                }
            });
        });
    }

    #[test]
    fn stop_releases_parked_workers_and_ends_pops() {
        crate::testing::within(60, || {
            let heap = TaskHeap::new();
            heap.push(p(1), 1u32);
            heap.push(p(1), 2u32);
            assert!(heap.pop().is_some());
            std::thread::scope(|s| {
                // The second task is queued, so a new worker gets it; then one parks.
                assert!(heap.pop().is_some());
                let w = s.spawn(|| heap.pop());
                until_parked(&heap, 1);
                heap.stop();
                assert_eq!(w.join().unwrap(), None);
            });
            heap.push(p(1), 3);
            assert_eq!(heap.pop(), None);
        });
    }

    /// Many workers, random task trees: every task runs exactly once and every
    /// worker returns. Tests that run threads run inside `within`, so a hang
    /// fails the test instead of blocking it forever.
    #[test]
    fn stress_every_task_once_and_all_workers_return() {
        crate::testing::within(60, || {
            for round in 0..50u64 {
                let heap = TaskHeap::new();
                let done = AtomicUsize::new(0);
                // Task n spawns children 2n+1 and 2n+2 while below the limit: a binary tree.
                let limit = 200 + round as u32 * 7;
                heap.push(p(0), 0u32);
                let (tx, rx) = mpsc::channel();
                std::thread::scope(|s| {
                    for w in 0..8 {
                        let (heap, done, tx) = (&heap, &done, tx.clone());
                        s.spawn(move || {
                            while let Some(n) = heap.pop() {
                                done.fetch_add(1, AtomicOrdering::SeqCst);
                                if (n + round as u32 + w).is_multiple_of(5) {
                                    std::thread::yield_now();
                                }
                                let kids =
                                    [2 * n + 1, 2 * n + 2].into_iter().filter(|&k| k < limit);
                                heap.complete(
                                    kids.map(|k| (p(u64::from(k % 13)), k)).collect::<Vec<_>>(),
                                );
                            }
                            tx.send(()).unwrap();
                        });
                    }
                    for _ in 0..8 {
                        rx.recv_timeout(Duration::from_secs(20))
                            .expect("a worker hung");
                    }
                });
                assert_eq!(done.load(AtomicOrdering::SeqCst), limit as usize);
            }
        });
    }
}
