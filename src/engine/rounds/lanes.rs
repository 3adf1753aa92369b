//! A lane: a thread that runs one task at a time, and how its task tests
//! a change: one test per round, on the round's base (see the module
//! documentation of `rounds`).

use std::sync::Arc;

use crossbeam_channel::Sender;

use super::board::Board;
use super::protocol::{After, Began, Found, Heard, Inbox, Outbox, Ticket};
use super::workers::{Turn, Workers};
use crate::engine::{Run, counted};
use crate::stats::bump;
use crate::task::{Footprint, Merging, Queued, Subject, Tests};

/// A lane's thread: runs the tasks it is given, one at a time.
pub(super) fn lane<S: Subject>(
    run: &Run<'_>,
    ((subject, merging), (workers, board)): ((&S, &dyn Merging<S>), (&Workers, &Board)),
    slot: usize,
    inbox: Inbox<S>,
    outbox: Outbox<S>,
) {
    let mut scratch = subject.scratch(slot);
    while let Ok((task, base)) = inbox.start.recv() {
        let mut tests = LaneTests {
            run,
            slot,
            subject,
            merging,
            workers,
            board,
            scratch: &mut scratch,
            inbox: &inbox,
            outbox: &outbox,
            best: base.clone(),
            state: LaneState::Turn(base),
            follow_ups: Vec::new(),
            closed: false,
            plan: Vec::new(),
        };
        let own = task.run(&mut tests);
        let state = tests.state;
        let mut follow_ups = tests.follow_ups;
        follow_ups.extend(own);
        let sent = match state {
            LaneState::Turn(_) => outbox.began.send(Began::Ended(follow_ups)).is_ok(),
            LaneState::Heard => outbox.after.send(After::Ended(follow_ups)).is_ok(),
        };
        if !sent {
            return;
        }
    }
}

/// Where a lane's task is between its tests.
pub(super) enum LaneState<S: Subject> {
    /// In its turn while a round forms: it may test in the round, on this
    /// base.
    Turn(Arc<S::State>),
    /// It heard the decision on its last test: its next test waits for a
    /// round.
    Heard,
}

/// How a lane's task tests changes: one test per round, on the round's best.
pub(super) struct LaneTests<'x, 'r, S: Subject> {
    run: &'x Run<'r>,
    /// The lane's place among the round's lanes.
    slot: usize,
    subject: &'x S,
    merging: &'x dyn Merging<S>,
    workers: &'x Workers,
    board: &'x Board,
    scratch: &'x mut S::Scratch,
    inbox: &'x Inbox<S>,
    outbox: &'x Outbox<S>,
    /// The newest best the lane knows.
    best: Arc<S::State>,
    state: LaneState<S>,
    /// Follow-ups of its commits.
    follow_ups: Vec<Queued<S>>,
    /// The coordinator is gone.
    closed: bool,
    /// What the task plans to test after its next change ([`Tests::plan`]).
    plan: Vec<Box<S::Change>>,
}

impl<S: Subject> LaneTests<'_, '_, S> {
    /// Sends `message` on `channel`; a closed channel: the coordinator is
    /// gone.
    fn send<M>(&mut self, channel: impl Fn(&Outbox<S>) -> &Sender<M>, message: M) {
        if channel(self.outbox).send(message).is_err() {
            self.closed = true;
        }
    }

    /// Sends the verdict of its test, and waits for the coordinator's
    /// decision: `None` if the change must be tested again.
    fn decision(&mut self, verdict: Option<Found<S>>) -> Option<bool> {
        self.send(|o| &o.tested, verdict);
        self.state = LaneState::Heard;
        match self.inbox.heard.recv() {
            Ok(Heard::Decided { committed, best }) => {
                self.best = best;
                Some(committed)
            }
            Ok(Heard::Retry { best }) => {
                self.best = best;
                None
            }
            // The coordinator is gone (the run stopped, or the pass
            // stopped on a start that is not interesting): no decision,
            // and nothing to learn from the verdict.
            Err(_) => {
                self.closed = true;
                None
            }
        }
    }

    /// The best to test `change` on, and its candidate there if already
    /// made: the ticket's, or (having none) the next round's, which the lane
    /// waits for. `None` when there is nothing to test (the change is
    /// implied or malformed on the newest best, or the pass stopped).
    fn base_for(&mut self, change: &S::Change) -> Option<Ticket<S>> {
        if let LaneState::Turn(base) = std::mem::replace(&mut self.state, LaneState::Heard) {
            return Some((base, None));
        }
        let (subject, stats) = (self.subject, self.run.stats);
        // Made on the newest best, which the next round usually has (not
        // when the lane has to wait a round more): a change with nothing to
        // test ends here, without waiting for a round.
        let made = counted(stats, subject.prepare(&self.best, change, self.scratch))?;
        let footprint = (self.merging)
            .footprint(&self.best, change)
            .unwrap_or_else(Footprint::everything);
        self.send(|o| &o.after, After::Pending(footprint));
        let Ok(base) = self.inbox.go.recv() else {
            self.closed = true;
            subject.discard(made, self.scratch);
            return None;
        };
        if Arc::ptr_eq(&base, &self.best) {
            Some((base, Some(made)))
        } else {
            subject.discard(made, self.scratch);
            Some((base, None))
        }
    }

    /// The candidate of `change` on `base` (`made` there already, or
    /// prepared now, in the lane's turn: the edits, implied or skipped, the
    /// text and so the cache's key; it is checked, parsed, once the turn
    /// is over, beside the other lanes), or `None` when there is nothing to
    /// test. A probe's counts nothing as skipped or implied.
    fn prepared(
        &mut self,
        change: &S::Change,
        base: &Arc<S::State>,
        made: Option<S::Candidate>,
        probing: bool,
    ) -> Option<S::Candidate> {
        if made.is_some() {
            return made;
        }
        match self.subject.prepare(base, change, self.scratch) {
            crate::task::Applied::Candidate(c) if probing => Some(c),
            _ if probing => None,
            applied => counted(self.run.stats, applied),
        }
    }

    /// Ends the lane's turn and checks its candidate, beside the next
    /// lanes' turns: `None` if it is malformed (the lane then goes on with
    /// its task when the coordinator says, see `Coordinator::settle`).
    fn check_after_turn(
        &mut self,
        base: &Arc<S::State>,
        candidate: S::Candidate,
    ) -> Option<S::Candidate> {
        let plan = std::mem::take(&mut self.plan);
        self.send(|o| &o.began, Began::Testing(plan));
        let checked = counted(
            self.run.stats,
            self.subject.check(base, candidate, self.scratch),
        );
        self.send(|o| &o.checked, checked.is_some());
        checked
    }

    /// The verdict on `candidate` (text `key`), once the lane's turn in
    /// the line (`ticket`, and the first ticket of the same text) has come:
    /// from the cache, or a test. The cache is asked then: at -j 1 a text
    /// another lane of the round tested first is not tested again. A change
    /// made moot before its test starts is not tested (`None`), nor when the
    /// run stopped.
    fn verdict(
        &self,
        key: u128,
        (ticket, first): (Turn<'_>, Option<u64>),
        known_dull: bool,
        candidate: &S::Candidate,
    ) -> Option<bool> {
        let (run, workers, subject) = (self.run, self.workers, self.subject);
        let worker = workers.take(run, ticket, &|| subject.spare())?;
        if let Some(first) = first {
            workers.wait_over(run, first);
        }
        let test = || run.test(key, || subject.test(worker.index, candidate));
        if known_dull {
            // Not a change of the round: its verdict is known.
            test()
        } else if self.board.begin_test(self.slot, key) {
            let verdict = test();
            self.board.end_test(self.slot, verdict);
            verdict
        } else {
            None
        }
    }

    /// Waits until the coordinator lets the lane go on after its malformed
    /// candidate (as if in its turn), on `base`.
    fn turn_again(&mut self, base: Arc<S::State>) {
        if self.inbox.resume.recv().is_err() {
            self.closed = true;
        } else {
            self.state = LaneState::Turn(base);
        }
    }

    /// One try of `change` in a round: whether it was committed, or
    /// `None` when it must be tried again (it was tested on a merge that
    /// was not interesting).
    fn attempt(&mut self, change: &S::Change) -> Option<bool> {
        let (run, subject, stats) = (self.run, self.subject, self.run.stats);
        let Some((base, made)) = self.base_for(change) else {
            return Some(false);
        };
        self.best = base.clone();
        // A probe is not a change its task tried: its task learns
        // nothing from its failure (its own try of the change does).
        let probing = self.board.probing(self.slot);
        let Some(candidate) = self.prepared(change, &base, made, probing) else {
            // No test: the lane keeps its place in the round,
            // for a change the others' relations do not name.
            self.board.leave(self.slot, true);
            self.state = LaneState::Turn(base);
            return Some(false);
        };
        let key = subject.key(&candidate);
        // A verdict known before the round costs no test, and the lane
        // keeps its place in the round for its next change. One that
        // came in during the round (another lane's test of the same
        // text, or an earlier run's stored verdict) counts as a test:
        // the round then does not depend on which lane tested first, or
        // on what the store holds.
        let known_dull = run.cache().settled(key) == Some(false);
        // The place in the line is taken in the lane's turn.
        let (ticket, first) = self.workers.ticket_for(key);
        let candidate = if known_dull {
            candidate
        } else {
            match self.check_after_turn(&base, candidate) {
                Some(candidate) => candidate,
                None => {
                    // A malformed candidate gives back its place in
                    // the line too, and its change leaves the board.
                    self.board.leave(self.slot, true);
                    drop(ticket);
                    self.turn_again(base);
                    return Some(false);
                }
            }
        };
        let verdict = self.verdict(key, (ticket, first), known_dull, &candidate);
        if verdict.is_some() {
            stats.candidate(subject.kind(change), verdict == Some(true));
        } else if !run.stopped() {
            bump(&stats.abandoned);
        }
        if verdict != Some(true) {
            return self.not_interesting(change, base, candidate, verdict, (known_dull, probing));
        }
        self.interesting(change, &base, candidate)
    }

    /// `change`'s `candidate` on `base` was not interesting (`verdict`, or
    /// no verdict: moot, or the run stopped), its verdict `known_dull`
    /// before the round or not, in a `probing` lane or not: not committed,
    /// or `None` when it must be tried again. What the failure teaches the
    /// subject is learned in the lane's turn (here while the round forms,
    /// or once the round is over, in the order of the tasks), never while
    /// other lanes' tasks run.
    fn not_interesting(
        &mut self,
        change: &S::Change,
        base: Arc<S::State>,
        candidate: S::Candidate,
        verdict: Option<bool>,
        (known_dull, probing): (bool, bool),
    ) -> Option<bool> {
        let subject = self.subject;
        if known_dull {
            if verdict == Some(false) && !probing {
                subject.failed(change, &base, &candidate);
            }
            subject.discard(candidate, self.scratch);
            // A verdict without a test: the place is still the
            // lane's, for a change the others' relations do not name.
            self.board.leave(self.slot, true);
            self.state = LaneState::Turn(base);
            return Some(false);
        }
        let decided = self.decision(None);
        if verdict == Some(false) && decided.is_some() && !probing {
            subject.failed(change, &base, &candidate);
        }
        subject.discard(candidate, self.scratch);
        // No decision: tested on a merge that was not interesting, to be
        // tried again on the best.
        decided.map(|_| false)
    }

    /// `change`'s `candidate` on `base` was interesting: whether the round
    /// commits it, or `None` when it must be tried again.
    fn interesting(
        &mut self,
        change: &S::Change,
        base: &Arc<S::State>,
        candidate: S::Candidate,
    ) -> Option<bool> {
        let subject = self.subject;
        let state = Arc::new(subject.accept(base, candidate, self.scratch));
        let committed = self.decision(Some((state.clone(), subject.kind(change))))?;
        if committed {
            let follow_ups = subject.committed(change, base, &state);
            self.follow_ups.extend(follow_ups);
        }
        Some(committed)
    }
}

impl<S: Subject> Tests<S> for LaneTests<'_, '_, S> {
    fn subject(&self) -> &S {
        self.subject
    }

    fn snapshot(&self) -> Arc<S::State> {
        self.best.clone()
    }

    fn plan(&mut self, next: Vec<Box<S::Change>>) {
        self.plan = next;
    }

    fn try_change(&mut self, change: &S::Change) -> bool {
        loop {
            if self.closed || self.run.stopped() {
                return false;
            }
            if let Some(committed) = self.attempt(change) {
                return committed;
            }
        }
    }
}
