//! The base of the next round when it is an untested merge (of the
//! pass's own round, or handed over as its start): whether it is tested
//! beside a round, its test, and what its verdict settles.

use std::sync::Arc;

use super::Coordinator;
use crate::engine::{Handed, announce};
use crate::stats::bump;
use crate::task::{Job, Queued, Subject, Task, Tests};

/// Tests again a commit that was lost with a merge that was not
/// interesting.
struct Rebased<C: ?Sized>(Box<C>);

impl<S: Subject> Job<S> for Rebased<S::Change> {
    fn run(self: Box<Self>, tests: &mut dyn Tests<S>) -> Vec<Queued<S>> {
        tests.try_change(&self.0);
        Vec::new()
    }

    fn first_change(&self) -> Option<&S::Change> {
        Some(&self.0)
    }
}

impl<S: Subject> Coordinator<'_, '_, S> {
    /// Whether the base is an untested merge (of this pass, or handed
    /// over as its start).
    pub(super) fn tentative(&self) -> bool {
        !Arc::ptr_eq(&self.base, &self.best) || self.handed == Handed::Unsettled
    }

    /// The untested merge the pass ended on, handed over to the next pass
    /// (see `work`); `None` if the pass ended on a tested best.
    pub(super) fn handed_over(&self) -> Option<Arc<S::State>> {
        let own = !Arc::ptr_eq(&self.base, &self.best);
        let handed = own && self.hand_over && !self.run.stopped();
        if handed {
            bump(&self.run.stats.merges_handed);
        }
        handed.then(|| self.base.clone())
    }

    /// Whether the next round tests its untested base beside its changes,
    /// in a place of its own. It pays when the round will likely find
    /// nothing interesting (then the base must be tested, and a test of its
    /// own would cost a round): with a share `p` of interesting candidates
    /// so far in the pass and `w` places, a round finds nothing with chance
    /// `(1 - p)^w`, against a place of `w` given up. (The base is tested
    /// after the round, when it found nothing, if it had no place.) A start
    /// handed over untested always has a place: the pass before tested
    /// it alone at its end, and a place costs less than that test's round.
    pub(super) fn test_base_beside(&self) -> bool {
        let w = self.width;
        if self.handed == Handed::Unsettled {
            return true;
        }
        if !self.tentative() || w < 3 {
            return false;
        }
        let (tested, interesting) = self.rate;
        let p = (interesting as f64 + 1.0) / (tested as f64 + 2.0);
        (1.0 - p).powi(w as i32) > 1.0 / (w - 1) as f64
    }

    /// Tests the untested base in a free worker directory: whether it is
    /// interesting.
    pub(super) fn test_base(&mut self) -> bool {
        if self.handed == Handed::Unsettled {
            if !self.handed_test.out {
                self.start_base_test();
            }
            return self.handed_test.verdict() == Some(true);
        }
        let (run, merging, workers) = (self.run, self.merging, self.workers);
        let key = merging.state_key(&self.base);
        let base = &self.base;
        let ticket = workers.ticket();
        let Some(worker) = workers.take(run, ticket, &|| self.subject.spare()) else {
            return false;
        };
        run.test(key, || merging.test_state(worker.index, base)) == Some(true)
    }

    /// Starts the test of the start handed over untested, with the next
    /// place in the line: before the lanes of the round being formed take
    /// theirs.
    pub(super) fn start_base_test(&mut self) {
        let ticket = self.workers.ticket();
        self.handed_test.start(self.base.clone(), ticket);
    }

    /// Settles the untested base on its verdict: if it is interesting it
    /// becomes the best; if not, the next rounds start again from the best,
    /// and the merge's commits that no test saw are queued again.
    pub(super) fn settle_base(&mut self, interesting: bool) {
        if self.handed == Handed::Unsettled {
            // The start, handed over untested: the best and the base. (A
            // test the run's stop cut short settles nothing.)
            if self.run.stopped() {
                return;
            }
            if interesting {
                self.handed = Handed::Settled;
                announce(self.run, self.subject, &self.best);
            } else {
                bump(&self.run.stats.merges_failed);
                bump(&self.run.stats.merges_handed_failed);
                self.handed = Handed::Rejected;
            }
            return;
        }
        if interesting {
            self.commit(self.base.clone());
            self.untested.clear();
            return;
        }
        self.base = self.best.clone();
        if self.run.stopped() {
            // A test the run's stop cut short found nothing: the pass ends
            // on its last tested program, and nothing is tried again.
            self.untested.clear();
            return;
        }
        bump(&self.run.stats.merges_failed);
        for lost in std::mem::take(&mut self.untested) {
            if let Some(change) = self.merging.rebase(&lost.base, &lost.state, lost.kind) {
                let task: Task<S> = Box::new(Rebased(change));
                self.queue.push(lost.order.priority(), task);
            }
        }
    }
}
