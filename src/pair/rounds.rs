//! Rounds of candidates for MinTdiff and MinLdiff: the candidates are cut
//! into rounds of the run's width (`--width`), and up to `-j` of a round's
//! tests run at once. Which candidates a round holds, and what is kept of
//! its verdicts, depend on the width and the verdicts alone, never on `-j`
//! or on which test ends first, so every `-j` gives the same pair.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use parking_lot::Mutex;

/// How the tests of a round are run.
pub struct Rounds<'a> {
    /// Candidates per round.
    pub width: usize,
    /// Tests at once.
    pub jobs: usize,
    /// Stops `worker`'s running test (its verdict is no longer needed).
    pub abandon: &'a (dyn Fn(usize) + Sync),
    /// Counts the rounds played.
    pub played: &'a AtomicU64,
}

impl Rounds<'_> {
    /// Tests a round may run at once without a second wave: `jobs`, at
    /// most the width. Places a round's candidates leave free may test
    /// ahead what a later round will ask (answered then from memory).
    pub fn places(&self) -> usize {
        self.jobs.clamp(1, self.width.max(1))
    }

    /// The rounds of `n` candidates: index ranges of at most `width`.
    pub fn of(&self, n: usize) -> Vec<std::ops::Range<usize>> {
        let width = self.width.max(1);
        (0..n.div_ceil(width))
            .map(|k| k * width..((k + 1) * width).min(n))
            .collect()
    }

    /// Tests every candidate of one round, up to `jobs` at once (worker
    /// numbers `0..jobs`); the verdicts in the candidates' order.
    pub fn all<X: Sync>(&self, round: &[X], test: impl Fn(usize, &X) -> bool + Sync) -> Vec<bool> {
        self.played.fetch_add(1, Relaxed);
        let next = Mutex::new(0);
        let verdicts: Vec<Mutex<bool>> = round.iter().map(|_| Mutex::new(false)).collect();
        let workers = self.jobs.clamp(1, round.len().max(1));
        std::thread::scope(|scope| {
            for worker in 0..workers {
                let (next, verdicts, test) = (&next, &verdicts, &test);
                scope.spawn(move || {
                    loop {
                        let k = {
                            let mut next = next.lock();
                            if *next >= round.len() {
                                break;
                            }
                            *next += 1;
                            *next - 1
                        };
                        *verdicts[k].lock() = test(worker, &round[k]);
                    }
                });
            }
        });
        verdicts.into_iter().map(Mutex::into_inner).collect()
    }

    /// The first candidate of one round, in its order, for which `test`
    /// holds. Candidates start in order, up to `jobs` at once; once one
    /// holds, no later one starts and those running are abandoned. The
    /// answer is the one `jobs = 1` gives: every candidate before it was
    /// tested and did not hold.
    pub fn first<X: Sync>(
        &self,
        round: &[X],
        test: impl Fn(usize, &X) -> bool + Sync,
    ) -> Option<usize> {
        self.played.fetch_add(1, Relaxed);
        struct State {
            next: usize,
            found: Option<usize>,
            /// The candidate each worker is testing.
            running: Vec<Option<usize>>,
        }
        let workers = self.jobs.clamp(1, round.len().max(1));
        let state = Mutex::new(State {
            next: 0,
            found: None,
            running: vec![None; workers],
        });
        std::thread::scope(|scope| {
            for worker in 0..workers {
                let (state, test) = (&state, &test);
                scope.spawn(move || {
                    loop {
                        let k = {
                            let mut s = state.lock();
                            if s.next >= round.len() || s.found.is_some_and(|f| f < s.next) {
                                break;
                            }
                            s.next += 1;
                            s.running[worker] = Some(s.next - 1);
                            s.next - 1
                        };
                        let holds = test(worker, &round[k]);
                        let mut s = state.lock();
                        s.running[worker] = None;
                        if holds && s.found.is_none_or(|f| k < f) {
                            s.found = Some(k);
                            // Later candidates are not needed any more. The
                            // lock is held: no worker starts or ends a test
                            // meanwhile, so the abandon reaches the test it
                            // is meant for.
                            for (w, r) in s.running.iter().enumerate() {
                                if r.is_some_and(|r| r > k) {
                                    (self.abandon)(w);
                                }
                            }
                        }
                    }
                });
            }
        });
        state.into_inner().found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    fn rounds<'a>(width: usize, jobs: usize, played: &'a AtomicU64) -> Rounds<'a> {
        Rounds {
            width,
            jobs,
            abandon: &|_| {},
            played,
        }
    }

    #[test]
    fn rounds_cut_the_candidates_by_the_width() {
        let played = AtomicU64::new(0);
        let r = rounds(4, 2, &played);
        assert_eq!(r.of(10), vec![0..4, 4..8, 8..10]);
        assert!(r.of(0).is_empty());
    }

    #[test]
    fn every_jobs_gives_the_first_that_holds_and_all_verdicts() {
        let items: Vec<u32> = (0..13).collect();
        let holds = |x: &u32| *x % 5 == 3;
        for jobs in [1, 2, 3, 8, 16] {
            let played = AtomicU64::new(0);
            let r = rounds(16, jobs, &played);
            assert_eq!(r.first(&items, |_, x| holds(x)), Some(3), "-j {jobs}");
            assert_eq!(r.first(&items[4..], |_, x| holds(x)), Some(4), "-j {jobs}");
            assert_eq!(r.first(&items, |_, _| false), None, "-j {jobs}");
            let all = r.all(&items, |_, x| holds(x));
            assert_eq!(
                all,
                items.iter().map(holds).collect::<Vec<_>>(),
                "-j {jobs}"
            );
            assert_eq!(played.load(Relaxed), 4);
        }
    }

    #[test]
    fn at_one_job_first_tests_nothing_after_the_first_that_holds() {
        let played = AtomicU64::new(0);
        let r = rounds(16, 1, &played);
        let tested = AtomicUsize::new(0);
        let items: Vec<u32> = (0..10).collect();
        let found = r.first(&items, |_, x| {
            tested.fetch_add(1, Relaxed);
            *x == 2
        });
        assert_eq!(found, Some(2));
        assert_eq!(tested.load(Relaxed), 3);
    }

    #[test]
    fn workers_are_numbered_below_jobs_and_tests_overlap() {
        // With 4 jobs, 4 tests run at once: each waits until 4 have started.
        let played = AtomicU64::new(0);
        let r = rounds(16, 4, &played);
        let started = AtomicUsize::new(0);
        let items: Vec<u32> = (0..8).collect();
        let all = r.all(&items, |worker, _| {
            assert!(worker < 4);
            started.fetch_add(1, Relaxed);
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
            while started.load(Relaxed) < 4 && std::time::Instant::now() < deadline {
                std::thread::yield_now();
            }
            started.load(Relaxed) >= 4
        });
        assert!(all.iter().all(|&b| b), "{all:?}");
    }
}
