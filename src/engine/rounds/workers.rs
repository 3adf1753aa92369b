//! The worker directories of a pass in rounds, and the line the tests
//! wait in for them: a test takes a ticket in its lane's turn, and the
//! tickets take directories in their order, so that which tests run and
//! in which order does not depend on timing at `-j 1`.

use std::time::Duration;

use parking_lot::{Condvar, Mutex};

use crate::engine::Run;

/// The worker directories the round's tests run in: `jobs` of them, so
/// that at most `jobs` tests run at once whatever the width of the rounds.
/// Tests take them in the order of their tickets, handed out in the lanes'
/// turns, so that at `-j 1` the tests run in the same order in every run;
/// at other `-j` only which test gets which directory depends on timing,
/// and a verdict does not depend on its directory.
pub(super) struct Workers {
    pub(super) pool: Mutex<Pool>,
    pub(super) changed: Condvar,
}

pub(super) struct Pool {
    /// Directories no test holds.
    free: Vec<usize>,
    /// Directories in all (`-j`).
    directories: usize,
    /// Tickets handed out so far.
    issued: u64,
    /// The next ticket to take a directory.
    next: u64,
    /// Tickets that will take none (their verdict came from the cache).
    unused: std::collections::BTreeSet<u64>,
    /// For each text of the pass, the first ticket that tests it.
    firsts: std::collections::HashMap<u128, u64>,
    /// Tickets whose test is over, or that took no directory.
    over: std::collections::BTreeSet<u64>,
    /// Directories held by tests that no round needs ([`Workers::take_idle`]):
    /// a needed test that finds all the others free is the first one.
    aside: usize,
}

/// A place in the line for a worker directory; dropped unused, it gives
/// its turn to the next.
pub(super) struct Turn<'w> {
    pub(super) workers: &'w Workers,
    pub(super) number: u64,
    pub(super) used: bool,
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        if !self.used {
            let mut pool = self.workers.pool.lock();
            pool.unused.insert(self.number);
            pool.over.insert(self.number);
            self.workers.changed.notify_all();
        }
    }
}

/// A worker directory taken from [`Workers`], given back when dropped (also
/// when the test panics).
pub(super) struct Worker<'w> {
    pub(super) workers: &'w Workers,
    pub(super) index: usize,
    /// The ticket that took it.
    pub(super) number: u64,
    /// Taken by a test no round needs ([`Workers::take_idle`]).
    pub(super) aside: bool,
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        let mut pool = self.workers.pool.lock();
        pool.free.push(self.index);
        pool.over.insert(self.number);
        pool.aside -= usize::from(self.aside);
        self.workers.changed.notify_all();
    }
}

impl Workers {
    /// `jobs` directories, all free.
    pub(super) fn new(jobs: usize) -> Workers {
        Workers {
            pool: Mutex::new(Pool {
                free: (0..jobs.max(1)).rev().collect(),
                directories: jobs.max(1),
                issued: 0,
                next: 0,
                unused: Default::default(),
                firsts: Default::default(),
                over: Default::default(),
                aside: 0,
            }),
            changed: Condvar::new(),
        }
    }

    /// The next place in the line.
    pub(super) fn ticket(&self) -> Turn<'_> {
        let mut pool = self.pool.lock();
        let number = pool.issued;
        pool.issued += 1;
        Turn {
            workers: self,
            number,
            used: false,
        }
    }

    /// The next place in the line, for a test of the text `key`, and the
    /// place of the first test of the same text in the pass, if there was
    /// one: its verdict is waited for ([`Workers::wait_over`]) rather than
    /// tested again beside it, as it would be at `-j 1` (one test after
    /// another, the second a cache hit), so that the tests counted do not
    /// depend on `-j`.
    pub(super) fn ticket_for(&self, key: u128) -> (Turn<'_>, Option<u64>) {
        let turn = self.ticket();
        let mut pool = self.pool.lock();
        let first = *pool.firsts.entry(key).or_insert(turn.number);
        let earlier = (first != turn.number).then_some(first);
        drop(pool);
        (turn, earlier)
    }

    /// Waits until the test of ticket `number` is over (or the run stops).
    pub(super) fn wait_over(&self, run: &Run<'_>, number: u64) {
        let mut pool = self.pool.lock();
        while !pool.over.contains(&number) && !run.stopped() {
            self.changed.wait_for(&mut pool, Duration::from_millis(50));
        }
    }

    /// Waits for the turn of `ticket` and a free directory; `None` if the
    /// run stops first. A test that starts while another of the pass runs
    /// is one run ahead of the reduction's need and starts only while
    /// `spare` says a test run ahead may (a batch's shared budget of tests
    /// has a permit to spare); the first takes directory 0, whose tests
    /// a shared budget serves first (see `oracle::Gate`). So when the
    /// budget is short, the round's tests run one after another in the
    /// order of their tickets, as at `-j 1`, and a change made moot by an
    /// earlier verdict is not tested.
    pub(super) fn take(
        &self,
        run: &Run<'_>,
        mut ticket: Turn<'_>,
        spare: &dyn Fn() -> bool,
    ) -> Option<Worker<'_>> {
        ticket.used = true;
        let mut pool = self.pool.lock();
        loop {
            pool.pass_unused();
            let mut wait = Duration::from_millis(50);
            if pool.next == ticket.number {
                // (Directories held aside do not count: such a test is
                // never in a needed one's way.)
                let first = pool.free.len() + pool.aside == pool.directories;
                let index = if first {
                    pool.free.iter().position(|&d| d == 0)
                } else if pool.free.is_empty() {
                    // A directory's release wakes this wait.
                    None
                } else if spare() {
                    // Directory 0 is the first test's.
                    Some(pool.free.iter().position(|&d| d != 0).unwrap_or(0))
                } else {
                    // A permit may come free in another reduction, which
                    // does not wake this wait.
                    wait = Duration::from_millis(10);
                    None
                };
                if let Some(at) = index {
                    return Some(self.grant(&mut pool, at, ticket.number, false));
                }
            }
            if run.stopped() {
                return None;
            }
            self.changed.wait_for(&mut pool, wait);
        }
    }

    /// [`Workers::take`] for a test that no round needs (the run's last
    /// tests made ahead, [`Ending`]): at its turn it takes a free
    /// directory, not the first test's, only while a needed test runs (it
    /// is then beside a round) and `spare` allows one more; else (or once
    /// the run stopped) it gives its turn up at once. It never waits for a
    /// directory, so the tickets after it (the next round's) never wait
    /// for it, and what it holds does not count against a needed test
    /// ([`Pool::aside`]).
    pub(super) fn take_idle(
        &self,
        run: &Run<'_>,
        mut ticket: Turn<'_>,
        spare: &dyn Fn() -> bool,
    ) -> Option<Worker<'_>> {
        let mut pool = self.pool.lock();
        loop {
            pool.pass_unused();
            if run.stopped() {
                break;
            }
            if pool.next == ticket.number {
                let running = pool.free.len() + pool.aside < pool.directories;
                let free = pool.free.iter().position(|&d| d != 0);
                if let Some(at) = free.filter(|_| running && spare()) {
                    ticket.used = true;
                    return Some(self.grant(&mut pool, at, ticket.number, true));
                }
                break;
            }
            self.changed.wait_for(&mut pool, Duration::from_millis(50));
        }
        // Given up: the ticket goes unused (see `Turn`'s drop).
        drop(pool);
        None
    }

    /// Gives the free directory at `at` in `pool` to the ticket `number`,
    /// whose turn it is (held `aside` by a test no round needs), and moves
    /// the line on.
    fn grant<'w>(&'w self, pool: &mut Pool, at: usize, number: u64, aside: bool) -> Worker<'w> {
        let index = pool.free.swap_remove(at);
        pool.next += 1;
        pool.aside += usize::from(aside);
        self.changed.notify_all();
        Worker {
            workers: self,
            index,
            number,
            aside,
        }
    }
}

impl Pool {
    /// Moves the line past the tickets that take no directory.
    fn pass_unused(&mut self) {
        while self.unused.remove(&self.next) {
            self.next += 1;
        }
    }
}
