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
//!
//! Workers do not simply take the largest task: a task in flight that may
//! remove a subtree (a deletion, a replacement) *claims* it, and another
//! worker passes over tasks inside a claimed subtree for the next largest
//! one elsewhere (looking at most [`LOOKAHEAD`] tasks deep). A task inside a
//! subtree that is being deleted is wasted if the deletion succeeds; one
//! worker alone would have found the subtree gone and skipped it. With one
//! worker nothing is ever claimed by another, so the order stays exactly
//! largest first.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::ops::Range;

use parking_lot::{Condvar, Mutex};

/// Scheduling order of a task: more tokens first; on a tie, lower rank first;
/// then first pushed, first popped (so a single worker is deterministic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Priority {
    /// Size of the task in tokens (what it removes, or the node it expands).
    pub tokens: u64,
    /// Tie-break between task kinds (0 first).
    pub rank: u8,
}

/// Where a task works and what it removes if it succeeds, as ranges of
/// preorder node ids (a subtree is one range).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    /// The node the task works on; `None`: nowhere in particular.
    pub at: Option<u32>,
    /// The nodes it removes when it succeeds.
    pub removes: Vec<Range<u32>>,
}

impl Footprint {
    /// A task with no place in the tree (never passed over, claims nothing).
    pub const NOWHERE: Footprint = Footprint {
        at: None,
        removes: Vec::new(),
    };
}

/// How many of the largest tasks a worker looks through for one outside the
/// subtrees other workers' tasks may remove.
pub const LOOKAHEAD: usize = 32;

struct Entry<T> {
    priority: Priority,
    seq: u64,
    footprint: Footprint,
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
    /// For each worker, what its task in flight removes if it succeeds.
    claims: Vec<Vec<Range<u32>>>,
}

impl<T> State<T> {
    fn push(&mut self, priority: Priority, footprint: Footprint, task: T) {
        self.seq += 1;
        let seq = self.seq;
        self.heap.push(Entry {
            priority,
            seq,
            footprint,
            task,
        });
    }

    /// Whether another worker's task in flight may remove what `entry` works on.
    fn claimed(&self, worker: usize, entry: &Entry<T>) -> bool {
        entry.footprint.at.is_some_and(|n| {
            self.claims
                .iter()
                .enumerate()
                .any(|(w, ranges)| w != worker && ranges.iter().any(|r| r.contains(&n)))
        })
    }

    /// The largest task not claimed by another worker among the first
    /// [`LOOKAHEAD`], or else the largest (speculating that the claim fails).
    fn take(&mut self, worker: usize) -> Option<Entry<T>> {
        let first = self.heap.pop()?;
        if !self.claimed(worker, &first) {
            return Some(first);
        }
        let mut passed = vec![first];
        let mut chosen = None;
        while passed.len() < LOOKAHEAD {
            let Some(next) = self.heap.pop() else { break };
            if self.claimed(worker, &next) {
                passed.push(next);
            } else {
                chosen = Some(next);
                break;
            }
        }
        let mut passed = passed.into_iter();
        let chosen = chosen.or_else(|| passed.next());
        // Back in the heap with their original sequence numbers: the order
        // among them does not change.
        self.heap.extend(passed);
        chosen
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
                claims: Vec::new(),
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
    pub fn push(&self, priority: Priority, footprint: Footprint, task: T) {
        let mut s = self.state.lock();
        s.push(priority, footprint, task);
        if s.parked > 0 {
            self.wake.notify_one();
        }
    }

    /// Takes the largest task for `worker` (see the module documentation),
    /// parking while the heap is empty but tasks are in flight. `None` means
    /// the pass is over (or stopped). Every `Some` must be answered by
    /// exactly one [`TaskHeap::complete`] from the same worker.
    pub fn pop(&self, worker: usize) -> Option<T> {
        let mut s = self.state.lock();
        loop {
            if s.stopped {
                return None;
            }
            if let Some(entry) = s.take(worker) {
                s.in_flight += 1;
                if s.claims.len() <= worker {
                    s.claims.resize_with(worker + 1, Vec::new);
                }
                s.claims[worker] = entry.footprint.removes;
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

    /// Marks `worker`'s popped task done and pushes its follow-ups, atomically.
    pub fn complete(
        &self,
        worker: usize,
        follow_ups: impl IntoIterator<Item = (Priority, Footprint, T)>,
    ) {
        let mut s = self.state.lock();
        let mut pushed = 0;
        for (priority, footprint, task) in follow_ups {
            s.push(priority, footprint, task);
            pushed += 1;
        }
        if let Some(claim) = s.claims.get_mut(worker) {
            claim.clear();
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
    pub fn parked(&self) -> usize {
        self.state.lock().parked
    }

    /// Number of queued tasks.
    pub fn len(&self) -> usize {
        self.state.lock().heap.len()
    }

    /// Whether no task is queued.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
        assert_eq!(heap.pop(0), None);
    }

    #[test]
    fn largest_first_then_rank_then_fifo() {
        let heap = TaskHeap::new();
        heap.push(p(5), Footprint::NOWHERE, 1);
        heap.push(Priority { tokens: 9, rank: 1 }, Footprint::NOWHERE, 2);
        heap.push(Priority { tokens: 9, rank: 0 }, Footprint::NOWHERE, 3);
        heap.push(p(5), Footprint::NOWHERE, 4);
        let mut order = Vec::new();
        while let Some(t) = heap.pop(0) {
            order.push(t);
            heap.complete(0, []);
        }
        assert_eq!(order, vec![3, 2, 1, 4]);
    }

    /// One claimed range (a subtree).
    fn claim(start: u32, end: u32) -> Vec<Range<u32>> {
        std::iter::once(start..end).collect()
    }

    fn at(n: u32, removes: Vec<Range<u32>>) -> Footprint {
        Footprint {
            at: Some(n),
            removes,
        }
    }

    /// Worker 1 passes over the tasks inside the subtree worker 0's task may
    /// delete, and takes the largest one elsewhere; once the deletion is done,
    /// the passed-over tasks come back in their order.
    #[test]
    fn tasks_inside_a_claimed_subtree_are_passed_over() {
        let heap = TaskHeap::new();
        heap.push(p(100), at(10, claim(10, 20)), "delete 10");
        heap.push(p(90), at(10, vec![]), "visit 10");
        heap.push(p(80), at(12, claim(12, 15)), "delete 12");
        heap.push(p(50), at(30, claim(30, 40)), "delete 30");
        heap.push(p(40), Footprint::NOWHERE, "comments");
        assert_eq!(heap.pop(0), Some("delete 10"));
        assert_eq!(heap.pop(1), Some("delete 30"));
        heap.complete(1, []);
        assert_eq!(heap.pop(1), Some("comments"));
        heap.complete(1, []);
        heap.complete(0, []);
        assert_eq!(heap.pop(1), Some("visit 10"));
        heap.complete(1, []);
        assert_eq!(heap.pop(1), Some("delete 12"));
        heap.complete(1, []);
        assert_eq!(heap.pop(1), None);
    }

    /// When every task within reach is claimed, the worker speculates on the
    /// largest rather than waiting.
    #[test]
    fn all_claimed_means_the_largest_anyway() {
        let heap = TaskHeap::new();
        heap.push(p(100), at(0, claim(0, 1000)), "delete root");
        for n in 1..=LOOKAHEAD as u32 + 5 {
            heap.push(p(100 - u64::from(n)), at(n, vec![]), "inside");
        }
        heap.push(p(1), at(5000, vec![]), "outside, too deep");
        assert_eq!(heap.pop(0), Some("delete root"));
        assert_eq!(heap.pop(1), Some("inside"));
        assert_eq!(heap.len(), LOOKAHEAD + 5);
        heap.complete(0, []);
        heap.complete(1, []);
    }

    /// The scenario where a reducer hangs or quits early: worker B finds the heap
    /// empty while A's task is in flight; A's follow-up must reach B, and the
    /// pass must end for both once the last task completes, not before.
    #[test]
    fn parked_worker_gets_follow_ups_and_both_finish() {
        let heap = TaskHeap::new();
        heap.push(p(10), Footprint::NOWHERE, 1u32);
        let a_task = heap.pop(0);
        assert_eq!(a_task, Some(1));
        let (tx, rx) = mpsc::channel();
        std::thread::scope(|s| {
            let b = s.spawn(|| {
                let first = heap.pop(0);
                tx.send(first).unwrap();
                if first.is_some() {
                    heap.complete(0, []);
                }
                heap.pop(0)
            });
            until_parked(&heap, 1);
            assert!(rx.try_recv().is_err(), "B must wait, not finish");
            heap.complete(0, [(p(3), Footprint::NOWHERE, 2)]);
            assert_eq!(rx.recv_timeout(Duration::from_secs(10)).unwrap(), Some(2));
            // A asks for more while B's task is still in flight... or already done.
            assert_eq!(heap.pop(0), None);
            assert_eq!(b.join().unwrap(), None);
        });
    }

    #[test]
    fn last_completion_releases_all_parked_workers() {
        let heap = TaskHeap::new();
        heap.push(p(1), Footprint::NOWHERE, 7u32);
        assert_eq!(heap.pop(0), Some(7));
        std::thread::scope(|s| {
            let waiters: Vec<_> = (0..3).map(|_| s.spawn(|| heap.pop(0))).collect();
            until_parked(&heap, 3);
            heap.complete(0, []);
            for w in waiters {
                assert_eq!(w.join().unwrap(), None);
            }
        });
    }

    #[test]
    fn stop_releases_parked_workers_and_ends_pops() {
        let heap = TaskHeap::new();
        heap.push(p(1), Footprint::NOWHERE, 1u32);
        heap.push(p(1), Footprint::NOWHERE, 2u32);
        assert!(heap.pop(0).is_some());
        std::thread::scope(|s| {
            // The second task is queued, so a new worker gets it; then one parks.
            assert!(heap.pop(0).is_some());
            let w = s.spawn(|| heap.pop(0));
            until_parked(&heap, 1);
            heap.stop();
            assert_eq!(w.join().unwrap(), None);
        });
        heap.push(p(1), Footprint::NOWHERE, 3);
        assert_eq!(heap.pop(0), None);
    }

    /// Many workers, random task trees: every task runs exactly once and every
    /// worker returns (a hang fails the test through the timeout, not forever).
    #[test]
    fn stress_every_task_once_and_all_workers_return() {
        for round in 0..50u64 {
            let heap = TaskHeap::new();
            let done = AtomicUsize::new(0);
            // Task n spawns children 2n+1 and 2n+2 while below the limit: a binary tree.
            let limit = 200 + round as u32 * 7;
            heap.push(p(0), Footprint::NOWHERE, 0u32);
            let (tx, rx) = mpsc::channel();
            std::thread::scope(|s| {
                for w in 0..8 {
                    let (heap, done, tx) = (&heap, &done, tx.clone());
                    s.spawn(move || {
                        while let Some(n) = heap.pop(w as usize) {
                            done.fetch_add(1, AtomicOrdering::SeqCst);
                            if (n + round as u32 + w).is_multiple_of(5) {
                                std::thread::yield_now();
                            }
                            let kids = [2 * n + 1, 2 * n + 2].into_iter().filter(|&k| k < limit);
                            // Task k works at node k and claims the ids up to
                            // 2k, so many tasks are passed over for a while.
                            let footprint = |k: u32| Footprint {
                                at: Some(k),
                                removes: claim(k, 2 * k + 1),
                            };
                            heap.complete(
                                w as usize,
                                kids.map(|k| (p(u64::from(k % 13)), footprint(k), k))
                                    .collect::<Vec<_>>(),
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
    }
}
