//! Rounds of lanes: up to `width` tasks run at once, each in a lane, and
//! every round each lane tests one change on the same best; what the round
//! finds interesting is merged into one candidate. This is how `-j N` does
//! the work of `-j 1` in about `1/N` of the time even when many candidates
//! are interesting.
//!
//! In-order speculation (`pass.rs`) commits in the order of `-j 1` and
//! guesses which verdicts the next tasks will need; when 40% of the
//! candidates are interesting (a first pass over a large program), the tree
//! of possible verdicts is so wide that 16 workers cover only its first few
//! levels, and most of their tests are lost. Here no verdict is guessed:
//! every change of a round is tested on the round's best, so every test is
//! one the round needs; what is lost is the tests of changes that a change
//! of the same round makes moot, and the check of a merge now and then.
//!
//! A lane is a thread running one task (a deletion, a ddmin chunk, a
//! token's canonicalization, ...). When the task asks to test a change
//! ([`Tests::try_change`]) the lane waits for the next round; a task that
//! tests one change after another (a token tried as `a`, `b`, ...) spans
//! several rounds, one test per round, beside the others, instead of
//! holding a round up. One round:
//!
//! 1. The lanes waiting with a change go first, in the order of their
//!    tasks; then free lanes take tasks from the front of the queue: a task
//!    whose first change (or first planned change,
//!    [`crate::task::Job::changes_on`]) touches parts of the best disjoint
//!    from what the round's changes touch; one that overlaps (deleting a
//!    function while a statement in it is being deleted) is set aside, and
//!    tested in this round only if places are left (as speculation: if the
//!    outer change is interesting, the merge is its candidate again); one
//!    with a common claim ([`Footprint::conflicts`]) waits. An expansion (a
//!    visit, a ddmin level) is expanded on the spot, and a task whose change
//!    the best implies runs at once without a lane; a lane whose candidate
//!    needs no test gives its place to the next task.
//! 2. Every lane of the round tests its change on the round's base.
//! 3. If one change was interesting, the state it made is the new best and
//!    base (it was tested). If several were, the first one's state is the
//!    new best, and their merge, untested, the next round's base: the next
//!    round's interesting candidates are the merge plus a change each,
//!    tested programs whatever the merge alone is. A round on an untested
//!    merge that finds nothing interesting needs the merge's own verdict (it
//!    is tested beside the round when the round leaves a place): if the
//!    merge is not interesting, the best stays, the round's changes are
//!    tested again on it, and the merge's other commits are queued again.
//! 4. The lanes learn their verdicts and go on with their tasks until their
//!    next change or their end; a task's follow-ups join the queue when it
//!    ends.
//!
//! Everything the coordinator decides depends on the queue and the
//! verdicts, never on timing, so a run is deterministic for a given
//! `--jobs`; the width (the number of workers) decides which tasks share a
//! round, so results differ a little between job counts. `--in-order`
//! keeps in-order speculation, whose results are those of `-j 1`.

use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender, unbounded};

use super::queue::{Order, Queue};
use super::{Finished, Run};
use crate::stats::bump;
use crate::task::{Footprint, Job, Queued, Subject, Task, Tests};

/// How many tasks per place the coordinator may set aside (because they
/// overlap a change of the round) while it looks for more: a bound on the
/// reordering, and on the work of forming a round.
const SET_ASIDE_PER_PLACE: usize = 4;

/// What the coordinator tells a lane.
enum ToLane<S: Subject> {
    /// Run `task`; its first test may use `base` at once.
    Start { task: Task<S>, base: Arc<S::State> },
    /// Test the waiting change on `base`.
    Go { base: Arc<S::State> },
    /// The verdict on the tested change: committed (`true`) or not
    /// interesting; `best` is the new best.
    Decided {
        committed: bool,
        best: Arc<S::State>,
    },
    /// The change was interesting but did not merge: wait, and test it again
    /// on `best` when told.
    Retry { best: Arc<S::State> },
}

/// An interesting candidate: the state accepting it gives, and the
/// reduction of its change.
type Found<S> = (Arc<<S as Subject>::State>, &'static str);

/// A best to test on, with the candidate already made there (if it was).
type Ticket<S> = (
    Arc<<S as Subject>::State>,
    Option<<S as Subject>::Candidate>,
);

/// What a lane tells the coordinator.
enum FromLane<S: Subject> {
    /// It waits for a round to test a change that touches this.
    Pending(Footprint),
    /// It is running a test (or found an interesting verdict in the cache):
    /// its place in the round is taken.
    Testing,
    /// The verdict: if interesting, the state accepting the candidate
    /// gives, and the reduction of the change.
    Tested(Option<Found<S>>),
    /// Its task ended, with these follow-ups.
    Finished(Vec<Queued<S>>),
    /// The lane panicked: the pass stops (the panic surfaces when the lanes
    /// are joined).
    Panicked,
}

/// Runs one pass in rounds of lanes (see the module documentation).
pub fn run_groups<S: Subject>(
    run: &Run<'_>,
    subject: &S,
    start: S::State,
    tasks: Vec<Queued<S>>,
) -> Finished<S> {
    std::thread::scope(|s| {
        let mut lanes = Vec::with_capacity(run.width);
        for slot in 0..run.width {
            let (to, inbox) = unbounded::<ToLane<S>>();
            let (outbox, from) = unbounded::<FromLane<S>>();
            s.spawn(move || lane(run, subject, slot, inbox, outbox));
            lanes.push(LaneSlot {
                to,
                from,
                state: Slot::Free,
            });
        }
        let start = Arc::new(start);
        let mut coordinator = Coordinator {
            run,
            subject,
            queue: Queue::of(tasks),
            best: start.clone(),
            base: start,
            untested: Vec::new(),
            commits: 0,
            scratch: subject.scratch(0),
            lanes,
            rate: (0, 0),
        };
        coordinator.work();
        // Dropping the coordinator closes the lanes' inboxes: they stop.
        Finished {
            best: coordinator.best,
            commits: coordinator.commits,
        }
    })
}

/// A lane's thread: runs the tasks it is given, one at a time.
fn lane<S: Subject>(
    run: &Run<'_>,
    subject: &S,
    slot: usize,
    inbox: Receiver<ToLane<S>>,
    outbox: Sender<FromLane<S>>,
) {
    // A panic must not leave the coordinator waiting for this lane.
    struct Alarm<'a, S: Subject>(&'a Sender<FromLane<S>>);
    impl<S: Subject> Drop for Alarm<'_, S> {
        fn drop(&mut self) {
            if std::thread::panicking() {
                let _ = self.0.send(FromLane::Panicked);
            }
        }
    }
    let _alarm = Alarm(&outbox);
    let mut scratch = subject.scratch(slot);
    while let Ok(ToLane::Start { task, base }) = inbox.recv() {
        let mut tests = LaneTests {
            run,
            subject,
            slot,
            scratch: &mut scratch,
            inbox: &inbox,
            outbox: &outbox,
            best: base.clone(),
            ticket: Some(base),
            follow_ups: Vec::new(),
            closed: false,
        };
        let own = task.run(&mut tests);
        let mut follow_ups = tests.follow_ups;
        follow_ups.extend(own);
        if outbox.send(FromLane::Finished(follow_ups)).is_err() {
            return;
        }
    }
}

/// How a lane's task tests changes: one test per round, on the round's best.
struct LaneTests<'x, 'r, S: Subject> {
    run: &'x Run<'r>,
    subject: &'x S,
    slot: usize,
    scratch: &'x mut S::Scratch,
    inbox: &'x Receiver<ToLane<S>>,
    outbox: &'x Sender<FromLane<S>>,
    /// The newest best the lane knows.
    best: Arc<S::State>,
    /// The best of the round the lane may test in now, until it tests.
    ticket: Option<Arc<S::State>>,
    /// Follow-ups of its commits.
    follow_ups: Vec<Queued<S>>,
    /// The coordinator is gone.
    closed: bool,
}

impl<S: Subject> LaneTests<'_, '_, S> {
    fn send(&mut self, message: FromLane<S>) {
        if self.outbox.send(message).is_err() {
            self.closed = true;
        }
    }

    fn receive(&mut self) -> Option<ToLane<S>> {
        let message = self.inbox.recv().ok();
        self.closed |= message.is_none();
        message
    }

    /// Waits for the coordinator's verdict on a tested change; `None` if it
    /// must be tested again (its merge failed).
    fn decision(&mut self) -> Option<bool> {
        match self.receive() {
            Some(ToLane::Decided { committed, best }) => {
                self.best = best;
                Some(committed)
            }
            Some(ToLane::Retry { best }) => {
                self.best = best;
                None
            }
            _ => {
                self.closed = true;
                Some(false)
            }
        }
    }

    /// The best to test `change` on, and its candidate there if already
    /// made: the ticket's, or (having none) the next round's, which the lane
    /// waits for. `None` when there is nothing to test (the change is
    /// implied or malformed on the newest best, or the pass stopped).
    fn base_for(&mut self, change: &S::Change) -> Option<Ticket<S>> {
        if let Some(base) = self.ticket.take() {
            return Some((base, None));
        }
        let (subject, stats) = (self.subject, self.run.stats);
        // Made on the newest best, which the next round usually has (not
        // when the lane has to wait a round more): a change with nothing to
        // test ends here, without waiting for a round.
        let made = super::candidate(stats, subject, &self.best, change, self.scratch)?;
        let footprint = subject
            .footprint(&self.best, change)
            .unwrap_or_else(Footprint::everything);
        self.send(FromLane::Pending(footprint));
        let Some(ToLane::Go { base }) = self.receive() else {
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
}

impl<S: Subject> Tests<S> for LaneTests<'_, '_, S> {
    fn subject(&self) -> &S {
        self.subject
    }

    fn snapshot(&self) -> Arc<S::State> {
        self.best.clone()
    }

    fn try_change(&mut self, change: &S::Change) -> bool {
        let (run, subject, stats) = (self.run, self.subject, self.run.stats);
        loop {
            if self.closed || run.stopped() {
                return false;
            }
            let Some((base, made)) = self.base_for(change) else {
                return false;
            };
            self.best = base.clone();
            let candidate = match made {
                Some(candidate) => candidate,
                None => match super::candidate(stats, subject, &base, change, self.scratch) {
                    Some(c) => c,
                    None => {
                        // No test: the lane keeps its place in the round.
                        self.ticket = Some(base);
                        return false;
                    }
                },
            };
            let key = subject.key(&candidate);
            // A verdict known before the round costs no test, and the lane
            // keeps its place in the round for its next change. One that
            // came in during the round (another lane's test of the same
            // text, or an earlier run's stored verdict) counts as a test:
            // the round then does not depend on which lane tested first, or
            // on what the store holds.
            let known_dull = run.cache().settled(key) == Some(false);
            if !known_dull {
                self.send(FromLane::Testing);
            }
            let verdict = run.test(key, || subject.test(self.slot, &candidate));
            stats.candidate(subject.kind(change), verdict == Some(true));
            if verdict != Some(true) {
                if verdict == Some(false) {
                    subject.failed(change, &base, &candidate);
                }
                subject.discard(candidate, self.scratch);
                if known_dull {
                    // A verdict without a test: the place is still the lane's.
                    self.ticket = Some(base);
                } else {
                    self.send(FromLane::Tested(None));
                    self.decision();
                }
                return false;
            }
            let state = Arc::new(subject.accept(&base, candidate, self.scratch));
            self.send(FromLane::Tested(Some((
                state.clone(),
                subject.kind(change),
            ))));
            match self.decision() {
                Some(true) => {
                    let follow_ups = subject.committed(change, &base, &state);
                    self.follow_ups.extend(follow_ups);
                    return true;
                }
                Some(false) => return false,
                None => continue,
            }
        }
    }
}

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

/// The tests of a task whose first change the base implies, run by the
/// coordinator: a change with something to test counts as implied too
/// (such a task tests only its first change, by the contract of
/// [`crate::task::Job::first_change`] that the engine's tasks keep).
struct Implied<'a, S: Subject> {
    subject: &'a S,
    base: Arc<S::State>,
    stats: &'a crate::stats::Stats,
}

impl<S: Subject> Tests<S> for Implied<'_, S> {
    fn subject(&self) -> &S {
        self.subject
    }

    fn snapshot(&self) -> Arc<S::State> {
        self.base.clone()
    }

    fn try_change(&mut self, _change: &S::Change) -> bool {
        bump(&self.stats.implied);
        false
    }
}

/// What the coordinator knows of a lane between rounds.
enum Slot {
    /// No task.
    Free,
    /// Waiting with a change that touches this; its task's place in the
    /// queue orders the waiting lanes.
    Pending(Order, Footprint),
    /// Taking part in the round being formed or played.
    Busy,
}

struct LaneSlot<S: Subject> {
    to: Sender<ToLane<S>>,
    from: Receiver<FromLane<S>>,
    state: Slot,
}

struct Coordinator<'a, 'r, S: Subject> {
    run: &'a Run<'r>,
    subject: &'a S,
    queue: Queue<S>,
    /// The newest tested state: what the pass reports and returns.
    best: Arc<S::State>,
    /// What the next round tests on: the best, or the untested merge of the
    /// last round's interesting changes.
    base: Arc<S::State>,
    /// The commits in `base` that no test has seen yet (the merge's, but
    /// the first), to try again if the merge turns out not interesting:
    /// the base each was made on, the state it made, its reduction, and
    /// its task's place in the queue.
    untested: Vec<Untested<S>>,
    commits: u64,
    /// For merges, which the coordinator makes itself while the lanes wait.
    scratch: S::Scratch,
    lanes: Vec<LaneSlot<S>>,
    /// Verdicts of the pass's rounds so far: (tested, interesting).
    rate: (u64, u64),
}

/// A commit of a merge that no test has seen yet.
struct Untested<S: Subject> {
    base: Arc<S::State>,
    state: Arc<S::State>,
    kind: &'static str,
    order: Order,
}

/// What a lane of a round hears of its tested change.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Decision {
    Committed,
    Dull,
    Again,
}

/// A lane of a round, with the place of its task in the queue.
type Entrant = (usize, Order);

impl<S: Subject> Coordinator<'_, '_, S> {
    fn work(&mut self) {
        while !self.run.stopped() {
            let Some(round) = self.form() else {
                return;
            };
            if !round.is_empty() {
                if self.play(round).is_none() {
                    return;
                }
            } else if !self.queue.tasks.is_empty() {
                // Every task the formation started ended without a test,
                // and their follow-ups were queued after it: form again.
            } else if self.tentative() {
                // The pass ends on an untested merge: test it.
                let interesting = self.test_base(0);
                self.settle_base(interesting);
            } else {
                // Nothing waits and nothing is left to start.
                return;
            }
        }
    }

    /// Whether the base is an untested merge.
    fn tentative(&self) -> bool {
        !Arc::ptr_eq(&self.base, &self.best)
    }

    /// Whether the next round tests its untested base beside its changes,
    /// in a place of its own. It pays when the round will likely find
    /// nothing interesting (then the base must be tested, and a test of its
    /// own would cost a round): with a share `p` of interesting candidates
    /// so far in the pass and `w` places, a round finds nothing with chance
    /// `(1 - p)^w`, against a place of `w` given up. (The base is tested
    /// after the round, when it found nothing, if it had no place.)
    fn test_base_beside(&self) -> bool {
        let w = self.run.width;
        if !self.tentative() || w < 3 {
            return false;
        }
        let (tested, interesting) = self.rate;
        let p = (interesting as f64 + 1.0) / (tested as f64 + 2.0);
        (1.0 - p).powi(w as i32) > 1.0 / (w - 1) as f64
    }

    /// Tests the untested base as worker `worker`: whether it is
    /// interesting.
    fn test_base(&self, worker: usize) -> bool {
        let (run, subject) = (self.run, self.subject);
        let key = subject.state_key(&self.base);
        run.test(key, || subject.test_state(worker, &self.base)) == Some(true)
    }

    /// Settles the untested base on its verdict: if it is interesting it
    /// becomes the best; if not, the next rounds start again from the best,
    /// and the merge's commits that no test saw are queued again.
    fn settle_base(&mut self, interesting: bool) {
        if interesting {
            self.commit(self.base.clone());
            self.untested.clear();
            return;
        }
        bump(&self.run.stats.merges_failed);
        self.base = self.best.clone();
        for lost in std::mem::take(&mut self.untested) {
            if let Some(change) = self.subject.rebase(&lost.base, &lost.state, lost.kind) {
                let task: Task<S> = Box::new(Rebased(change));
                self.queue.push(lost.order.priority(), task);
            }
        }
    }

    /// Chooses the lanes of the next round and starts them: waiting lanes
    /// first, then new tasks for free lanes (see the module documentation).
    /// A lane whose task ends before it tests anything (its candidate was
    /// malformed or known) frees its place for the next task; a task whose
    /// change is implied runs here, without a lane. Which tasks join depends
    /// only on the queue and the candidates, not on how fast the lanes
    /// report: the places go to the first tasks, in queue order, that test.
    /// The lanes testing in the round, in the order of their tasks; `None`
    /// if a lane panicked.
    fn form(&mut self) -> Option<Vec<Entrant>> {
        // What the round's lanes may take from the cache without a test is
        // what was known before it.
        self.run.cache().next_epoch();
        let width = self.run.width - usize::from(self.test_base_beside());
        let mut touched = Footprint::default();
        // Lanes that have begun their test, and lanes started that have not
        // said yet whether they test.
        let mut round: Vec<Entrant> = Vec::new();
        let mut started: Vec<Entrant> = Vec::new();
        // A change that must be tested alone holds the round.
        let mut alone = false;
        let mut waiting: Vec<Entrant> = self
            .lanes
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match &l.state {
                Slot::Pending(order, _) => Some((i, *order)),
                _ => None,
            })
            .collect();
        waiting.sort_by_key(|w| w.1);
        for (slot, order) in waiting {
            let Slot::Pending(_, footprint) = &self.lanes[slot].state else {
                continue;
            };
            let places = round.len() + started.len();
            if alone
                || places >= width
                || footprint.conflicts(&touched)
                || (footprint.alone() && places > 0)
            {
                continue;
            }
            alone = footprint.alone();
            touched.extend(footprint);
            self.lanes[slot].state = Slot::Busy;
            let go = ToLane::Go {
                base: self.base.clone(),
            };
            self.lanes[slot].to.send(go).ok()?;
            started.push((slot, order));
        }
        // Tasks passed over, with their footprints if they may still fill a
        // place (they overlap a change of the round but claim nothing it
        // claims).
        let mut aside: Vec<(Order, Task<S>, Option<Footprint>)> = Vec::new();
        // Follow-ups of tasks that ended in their lanes, queued after the
        // round is formed, in the order of the tasks (the lanes report in
        // any order).
        let mut ended: Vec<(Order, Vec<Queued<S>>)> = Vec::new();
        loop {
            let open = |alone: bool, round: &Vec<Entrant>, started: &Vec<Entrant>| {
                !alone && round.len() + started.len() < width
            };
            let mut scanned = false;
            while open(alone, &round, &started) && aside.len() < width * SET_ASIDE_PER_PLACE {
                // Tasks that end without a test (implied, expansions) may
                // follow one another by the thousand on a large program.
                if self.run.stopped() {
                    break;
                }
                let Some(free) = self.free_lane() else {
                    break;
                };
                let Some((order, task)) = self.queue.tasks.pop_first() else {
                    scanned = true;
                    break;
                };
                let footprint = if let Some(change) = task.first_change() {
                    match self.subject.footprint(&self.base, change) {
                        Some(footprint) => footprint,
                        None => {
                            // Implied: it tests nothing, only ends.
                            self.run_here(task);
                            continue;
                        }
                    }
                } else if let Some(made) = task.expand_ahead(self.subject, &self.base) {
                    self.queue_all(made);
                    continue;
                } else {
                    let plan = task.changes_on(self.subject, &self.base);
                    plan.first()
                        .and_then(|first| self.subject.footprint(&self.base, first))
                        .unwrap_or_else(Footprint::everything)
                };
                if footprint.alone() {
                    if round.is_empty() && started.is_empty() {
                        alone = true;
                        self.launch(free, task)?;
                        started.push((free, order));
                    } else {
                        aside.push((order, task, None));
                    }
                    break;
                }
                if footprint.conflicts(&touched) {
                    aside.push((order, task, None));
                } else if footprint.overlaps(&touched) {
                    aside.push((order, task, Some(footprint)));
                } else {
                    touched.extend(&footprint);
                    self.launch(free, task)?;
                    started.push((free, order));
                }
            }
            // Places left once the scan is over: overlapping tasks, in
            // order, tested as speculation (if the outer change is
            // interesting, the merge is its candidate again, a cache hit; if
            // not, the inner one is what comes next).
            if scanned || aside.len() >= width * SET_ASIDE_PER_PLACE {
                let mut kept = Vec::new();
                for (order, task, footprint) in std::mem::take(&mut aside) {
                    match (footprint, self.free_lane()) {
                        (Some(footprint), Some(free))
                            if open(alone, &round, &started) && !footprint.conflicts(&touched) =>
                        {
                            touched.extend(&footprint);
                            self.launch(free, task)?;
                            started.push((free, order));
                        }
                        (footprint, _) => kept.push((order, task, footprint)),
                    }
                }
                aside = kept;
            }
            if started.is_empty() {
                break;
            }
            // The next started lane to say whether it tests (it is in the
            // round) or ends without a test (its place goes to the next
            // task, and the scan goes on).
            let (at, message) = {
                let mut select = crossbeam_channel::Select::new();
                for &(slot, _) in &started {
                    select.recv(&self.lanes[slot].from);
                }
                let ready = select.select();
                let at = ready.index();
                (at, ready.recv(&self.lanes[started[at].0].from).ok()?)
            };
            let (slot, order) = started.swap_remove(at);
            match message {
                FromLane::Testing => round.push((slot, order)),
                FromLane::Finished(follow_ups) => {
                    self.lanes[slot].state = Slot::Free;
                    ended.push((order, follow_ups));
                    alone = false;
                }
                FromLane::Pending(_) | FromLane::Tested(_) | FromLane::Panicked => return None,
            }
        }
        for (order, task, _) in aside {
            self.queue.tasks.insert(order, task);
        }
        ended.sort_by_key(|e| e.0);
        for (_, follow_ups) in ended {
            self.queue_all(follow_ups);
        }
        round.sort_by_key(|r| r.1);
        Some(round)
    }

    /// Runs `task`, whose change the base implies, here: it tests nothing
    /// (a single change that is implied leaves nothing to test), and its
    /// follow-ups join the queue.
    fn run_here(&mut self, task: Task<S>) {
        let mut tests = Implied {
            subject: self.subject,
            base: self.base.clone(),
            stats: self.run.stats,
        };
        let follow_ups = task.run(&mut tests);
        self.queue_all(follow_ups);
    }

    fn free_lane(&self) -> Option<usize> {
        self.lanes
            .iter()
            .position(|l| matches!(l.state, Slot::Free))
    }

    /// Starts `task` in lane `slot`; it tests in this round.
    fn launch(&mut self, slot: usize, task: Task<S>) -> Option<()> {
        self.lanes[slot].state = Slot::Busy;
        let start = ToLane::Start {
            task,
            base: self.base.clone(),
        };
        self.lanes[slot].to.send(start).ok()
    }

    /// Plays a formed round: waits for every lane's verdict, commits what is
    /// interesting, tells the lanes, and waits for each to reach its next
    /// change or its end. `None` if a lane panicked.
    ///
    /// One interesting change: its state was tested, it is the new best and
    /// base. Several: the first one's state is the new best, and the merge
    /// of all of them, untested, the next round's base; the next round's
    /// interesting candidates are tested merges plus a change each, so the
    /// merge costs no round of its own. Only when a round on an untested
    /// base finds nothing interesting is the base itself tested: if it is
    /// not interesting, the round's changes are tested again on the best.
    fn play(&mut self, round: Vec<Entrant>) -> Option<()> {
        bump(&self.run.stats.rounds);
        let base = self.base.clone();
        // An untested base is tested beside the round's changes whenever
        // the round leaves a place (it was kept for it, or there were not
        // enough tasks), in the private directory of a lane that is not in
        // the round: its verdict decides only if no change of the round is
        // interesting (a merge plus an interesting change is a tested
        // program whatever the merge alone is).
        let idle = (0..self.lanes.len()).find(|i| round.iter().all(|r| r.0 != *i));
        let mut base_interesting = match idle {
            Some(worker) if self.tentative() && round.len() < self.run.width => {
                Some(self.test_base(worker))
            }
            _ => None,
        };
        // Each lane of the round has begun its test: its verdict.
        let mut verdicts: Vec<Option<Found<S>>> = Vec::with_capacity(round.len());
        for &(slot, _) in &round {
            match self.lanes[slot].from.recv().ok()? {
                FromLane::Tested(verdict) => verdicts.push(verdict),
                FromLane::Pending(_)
                | FromLane::Testing
                | FromLane::Finished(_)
                | FromLane::Panicked => return None,
            }
        }
        let interesting: Vec<usize> = (0..round.len())
            .filter(|&i| verdicts[i].is_some())
            .collect();
        let state = |i: usize| verdicts[i].as_ref().map(|v| v.0.clone());
        let mut decisions = vec![Decision::Dull; round.len()];
        match interesting[..] {
            [] => {
                // (Without an idle lane it is tested now, in the first lane's
                // directory: every lane is waiting to hear.)
                if self.tentative() && base_interesting.is_none() {
                    base_interesting = Some(self.test_base(round[0].0));
                }
                if let Some(interesting) = base_interesting {
                    self.settle_base(interesting);
                    if !interesting {
                        // Their verdicts were on a program that is not.
                        decisions = vec![Decision::Again; round.len()];
                    }
                }
            }
            [only] => {
                self.commit(state(only)?);
                self.base = self.best.clone();
                self.untested.clear();
                decisions[only] = Decision::Committed;
            }
            [first, ..] => {
                self.commit(state(first)?);
                self.untested.clear();
                decisions[first] = Decision::Committed;
                let branches: Vec<Arc<S::State>> =
                    interesting.iter().filter_map(|&i| state(i)).collect();
                let refs: Vec<&S::State> = branches.iter().map(|b| &**b).collect();
                match self.subject.merge(&base, &refs, &mut self.scratch) {
                    Some(merged) => {
                        bump(&self.run.stats.merges);
                        self.base = Arc::new(merged);
                        for &i in &interesting[1..] {
                            decisions[i] = Decision::Committed;
                            let (state, kind) = verdicts[i].clone()?;
                            self.untested.push(Untested {
                                base: base.clone(),
                                state,
                                kind,
                                order: round[i].1,
                            });
                        }
                    }
                    // They do not combine: the others try again on the best.
                    None => {
                        self.base = self.best.clone();
                        for &i in &interesting[1..] {
                            decisions[i] = Decision::Again;
                        }
                    }
                }
            }
        }
        for (&(slot, _), decision) in round.iter().zip(&decisions) {
            let best = self.base.clone();
            let message = match decision {
                Decision::Again => ToLane::Retry { best },
                _ => ToLane::Decided {
                    committed: *decision == Decision::Committed,
                    best,
                },
            };
            self.lanes[slot].to.send(message).ok()?;
        }
        for (slot, order) in round {
            match self.lanes[slot].from.recv().ok()? {
                FromLane::Pending(footprint) => {
                    self.lanes[slot].state = Slot::Pending(order, footprint);
                }
                FromLane::Finished(follow_ups) => {
                    self.lanes[slot].state = Slot::Free;
                    self.queue_all(follow_ups);
                }
                FromLane::Testing | FromLane::Tested(_) | FromLane::Panicked => return None,
            }
        }
        Some(())
    }

    fn queue_all(&mut self, tasks: Vec<Queued<S>>) {
        for (priority, task) in tasks {
            self.queue.push(priority, task);
        }
    }

    /// Installs `next` as the best.
    fn commit(&mut self, next: Arc<S::State>) {
        self.best = next;
        self.commits += 1;
        super::announce(self.run, self.subject, &self.best);
    }
}
