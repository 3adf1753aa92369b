//! Forming a round: the lanes waiting with a change first, then tasks
//! from the front of the queue for the free lanes, each in its turn (see
//! the module documentation of `rounds`).

use std::sync::Arc;

use super::protocol::Began;
use super::{Coordinator, Entrant, LaneView};
use crate::engine::Handed;
use crate::engine::queue::Order;
use crate::stats::bump;
use crate::task::{Footprint, Queued, Subject, Task, Tests};

/// How many tasks per place the coordinator may set aside (because they
/// overlap a change of the round) while it looks for more: a bound on the
/// reordering, and on the work of forming a round.
const SET_ASIDE_PER_PLACE: usize = 4;

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

/// How a task from the queue joins a round being formed.
enum Joining<S: Subject> {
    /// Its first change touches this on the base.
    Touches(Footprint),
    /// Its first change is implied: it runs at once, testing nothing.
    Implied,
    /// It is an expansion: these tasks join the queue instead.
    Expanded(Vec<Queued<S>>),
}

/// A round being formed ([`Coordinator::form`]).
pub(super) struct Forming<S: Subject> {
    /// Places in the round.
    pub(super) width: usize,
    /// What the round's changes touch.
    pub(super) touched: Footprint,
    /// The lanes testing in the round.
    pub(super) round: Vec<Entrant>,
    /// What the changes of the round's lanes touch, by slot, with their
    /// places on the board, in the order they joined.
    pub(super) footprints: Vec<(usize, usize, Footprint)>,
    /// Follow-ups of tasks that ended in their lanes, queued after the
    /// round is formed, in the order of the tasks.
    pub(super) ended: Vec<(Order, Vec<Queued<S>>)>,
    /// A change that must be tested alone holds the round.
    pub(super) alone: bool,
    /// Tasks passed over, with their footprints if they may still fill a
    /// place (they overlap a change of the round but claim nothing it
    /// claims).
    pub(super) aside: Vec<(Order, Task<S>, Option<Footprint>)>,
    /// A task that must be tested alone was set aside because the round
    /// was not empty, and holds it.
    pub(super) held: bool,
    /// The lanes of `round` whose candidates passed their check.
    pub(super) checked: Vec<usize>,
}

impl<S: Subject> Forming<S> {
    /// Whether another change may join.
    fn open(&self) -> bool {
        !self.alone && self.round.len() < self.width
    }
}

impl<S: Subject> Coordinator<'_, '_, S> {
    /// Chooses the lanes of the next round and starts them: waiting lanes
    /// first, then new tasks for free lanes (see the module documentation).
    /// One lane runs at a time: the coordinator starts it and waits until
    /// it tests (its place in the round is taken, and its test runs while
    /// the next lane starts) or ends without a test (its candidate was
    /// malformed or known; its place goes to the next task); a task whose
    /// change is implied runs here, without a lane. So which tasks join,
    /// and in which order the tasks' code runs, depends only on the queue
    /// and the candidates. The lanes testing in the round, in the order of
    /// their tasks; `None` if a lane panicked.
    pub(super) fn form(&mut self) -> Option<Vec<Entrant>> {
        // What the round's lanes may take from the cache without a test is
        // what was known before it.
        self.run.cache().next_epoch();
        self.board.clear();
        if self.handed == Handed::Unsettled && !self.handed_test.out {
            self.start_base_test();
        }
        let width = self.width - usize::from(self.test_base_beside());
        let mut f = Forming {
            width,
            touched: Footprint::default(),
            round: Vec::new(),
            footprints: Vec::new(),
            ended: Vec::new(),
            alone: false,
            aside: Vec::new(),
            held: false,
            checked: Vec::new(),
        };
        let cap = width * SET_ASIDE_PER_PLACE;
        self.resume_waiting(&mut f)?;
        loop {
            let scanned = self.scan(&mut f, cap)?;
            // Places left once the scan is over: overlapping tasks, in
            // order, tested as speculation (if the outer change is
            // interesting, the merge is its candidate again, a tested
            // program; if not, the inner one is what comes next).
            let filled = !f.held && (scanned || f.aside.len() >= cap) && self.fill_aside(&mut f)?;
            if !filled || scanned {
                break;
            }
        }
        // The checks still out: a lane whose candidate is malformed goes on
        // in its task. A place it frees now would have changed nothing
        // decided since its turn: every decision a full round (or no free
        // lane, or a round that is not empty) made waited for the checks.
        self.settle(&mut f)?;
        self.probe(&mut f)?;
        let Forming {
            mut round,
            mut ended,
            aside,
            ..
        } = f;
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

    /// Waits for the checks of the round's candidates (each lane checks
    /// its own once its turn is over, beside the others). A lane whose
    /// candidate is malformed goes on in its task as it would have in its
    /// turn: it tests its next change in its place (checked in turn), or
    /// its task ends and the place is free. Until every candidate of the
    /// round passed its check; `None` if a lane panicked.
    ///
    /// Called when a decision depends on the places taken (the round is
    /// full, no lane is free, the round is not empty): so the decision is
    /// the one it would have been with each check made in its lane's turn,
    /// where a malformed candidate's lane went on to its next change before
    /// the next lane's turn. Only its task's code then runs later than it
    /// would have (after the turns of the lanes behind it).
    pub(super) fn settle(&mut self, f: &mut Forming<S>) -> Option<()> {
        loop {
            let mut malformed = Vec::new();
            for &(slot, order) in &f.round {
                if f.checked.contains(&slot) {
                    continue;
                }
                if self.lanes[slot].from.checked.recv().ok()? {
                    f.checked.push(slot);
                } else {
                    malformed.push((slot, order));
                }
            }
            if malformed.is_empty() {
                return Some(());
            }
            f.round.retain(|e| !malformed.contains(e));
            // In the order of their turns.
            for (slot, order) in malformed {
                self.lanes[slot].to.resume.send(()).ok()?;
                match self.turn(slot)? {
                    Began::Testing(_) => f.round.push((slot, order)),
                    Began::Ended(follow_ups) => {
                        f.ended.push((order, follow_ups));
                        // A change that had to be tested alone is gone.
                        if f.round.is_empty() {
                            f.alone = false;
                        }
                    }
                }
            }
        }
    }

    /// Whether a lane of the round has not passed its check yet.
    fn unchecked(f: &Forming<S>) -> bool {
        f.round.iter().any(|(slot, _)| !f.checked.contains(slot))
    }

    /// Whether another change may join the round, once the checks it
    /// depends on are in (see [`Self::settle`]).
    fn open(&mut self, f: &mut Forming<S>) -> Option<bool> {
        if !f.open() && Self::unchecked(f) {
            self.settle(f)?;
        }
        Some(f.open())
    }

    /// Whether the round is empty, once the checks it depends on are in.
    fn round_empty(&mut self, f: &mut Forming<S>) -> Option<bool> {
        if Self::unchecked(f) {
            self.settle(f)?;
        }
        Some(f.round.is_empty())
    }

    /// A free lane, once the checks it depends on are in.
    fn free_lane_for(&mut self, f: &mut Forming<S>) -> Option<Option<usize>> {
        if self.free_lane().is_none() && Self::unchecked(f) {
            self.settle(f)?;
        }
        Some(self.free_lane())
    }

    /// The lanes waiting with a change join the round first, in the order
    /// of their tasks, as far as their footprints allow. `None` if a lane
    /// panicked.
    fn resume_waiting(&mut self, f: &mut Forming<S>) -> Option<()> {
        let mut waiting: Vec<Entrant> = self
            .lanes
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match &l.state {
                LaneView::Pending(order, _) => Some((i, *order)),
                _ => None,
            })
            .collect();
        waiting.sort_by_key(|w| w.1);
        for (slot, order) in waiting {
            let LaneView::Pending(_, footprint) = &self.lanes[slot].state else {
                continue;
            };
            if footprint.conflicts(&f.touched) {
                continue;
            }
            let single = footprint.alone();
            let footprint = footprint.clone();
            if !self.open(f)? || (single && !self.round_empty(f)?) {
                continue;
            }
            f.touched.extend(&footprint);
            self.join(f, slot, &footprint);
            self.lanes[slot].state = LaneView::Busy;
            self.lanes[slot].to.go.send(self.base.clone()).ok()?;
            match self.turn(slot)? {
                Began::Testing(_) => {
                    f.round.push((slot, order));
                    f.alone = single;
                }
                Began::Ended(follow_ups) => f.ended.push((order, follow_ups)),
            }
        }
        Some(())
    }

    /// New tasks from the front of the queue for the free lanes: a task
    /// joins if its first change's footprint is disjoint from the round's,
    /// else it is set aside (up to `cap`). Whether the queue was scanned to
    /// its end; `None` if a lane panicked.
    fn scan(&mut self, f: &mut Forming<S>, cap: usize) -> Option<bool> {
        while !f.held && f.aside.len() < cap && self.open(f)? {
            // Tasks that end without a test (implied, expansions) may
            // follow one another by the thousand on a large program.
            if self.run.stopped() {
                break;
            }
            let Some(free) = self.free_lane_for(f)? else {
                break;
            };
            let Some((order, task)) = self.queue.tasks.pop_first() else {
                return Some(true);
            };
            let footprint = match self.joining(&task) {
                Joining::Touches(footprint) => footprint,
                Joining::Implied => {
                    // It tests nothing, only ends.
                    self.run_here(task);
                    continue;
                }
                Joining::Expanded(made) => {
                    self.queue_all(made);
                    continue;
                }
            };
            if footprint.alone() {
                if self.round_empty(f)? {
                    self.join(f, free, &footprint);
                    match self.launch(free, task)? {
                        Began::Testing(_) => {
                            f.round.push((free, order));
                            f.alone = true;
                        }
                        Began::Ended(follow_ups) => f.ended.push((order, follow_ups)),
                    }
                } else {
                    // It holds the round: nothing behind it joins.
                    f.aside.push((order, task, None));
                    f.held = true;
                }
                continue;
            }
            if footprint.conflicts(&f.touched) {
                f.aside.push((order, task, None));
            } else if footprint.overlaps(&f.touched) {
                f.aside.push((order, task, Some(footprint)));
            } else {
                f.touched.extend(&footprint);
                self.join(f, free, &footprint);
                match self.launch(free, task)? {
                    Began::Testing(_) => f.round.push((free, order)),
                    Began::Ended(follow_ups) => f.ended.push((order, follow_ups)),
                }
            }
        }
        Some(false)
    }

    /// How `task` would join the round: what its first change touches on
    /// the base, or that it is implied there, or the tasks it expands to.
    fn joining(&self, task: &Task<S>) -> Joining<S> {
        if let Some(change) = task.first_change() {
            return match self.merging.footprint(&self.base, change) {
                Some(footprint) => Joining::Touches(footprint),
                None => Joining::Implied,
            };
        }
        if let Some(made) = task.expand_ahead(self.subject, &self.base) {
            return Joining::Expanded(made);
        }
        let plan = task.changes_on(self.subject, &self.base);
        Joining::Touches(
            plan.first()
                .and_then(|first| self.merging.footprint(&self.base, first))
                .unwrap_or_else(Footprint::everything),
        )
    }

    /// The lane in `slot` joins the round being formed with a change that
    /// touches `footprint` (see [`Board`]).
    fn join(&self, f: &mut Forming<S>, slot: usize, footprint: &Footprint) {
        // A slot whose task ended gives its place to this one.
        f.footprints.retain(|(s, ..)| *s != slot);
        let under = f
            .footprints
            .iter()
            .filter(|(s, _, theirs)| theirs.covers(footprint) && f.round.iter().any(|r| r.0 == *s))
            .map(|r| r.1)
            .collect();
        let place = self.board.join(slot, under);
        f.footprints.push((slot, place, footprint.clone()));
    }

    /// Tasks set aside that overlap the round but claim nothing it claims
    /// fill the places left, in order, but for those that wait for a
    /// chunk of the round ([`Footprint::chunk`]). Whether one started.
    fn fill_aside(&mut self, f: &mut Forming<S>) -> Option<bool> {
        let mut filled = false;
        let mut kept = Vec::new();
        for (order, task, footprint) in std::mem::take(&mut f.aside) {
            let fits = footprint.as_ref().is_some_and(|footprint| {
                !footprint.conflicts(&f.touched)
                    && !f
                        .footprints
                        .iter()
                        .any(|(.., theirs)| theirs.chunk(footprint))
            });
            let free = match fits && self.open(f)? {
                true => self.free_lane_for(f)?,
                false => None,
            };
            match (footprint, free) {
                (Some(footprint), Some(free)) => {
                    f.touched.extend(&footprint);
                    filled = true;
                    self.join(f, free, &footprint);
                    match self.launch(free, task)? {
                        Began::Testing(_) => f.round.push((free, order)),
                        Began::Ended(follow_ups) => f.ended.push((order, follow_ups)),
                    }
                }
                (footprint, _) => kept.push((order, task, footprint)),
            }
        }
        f.aside = kept;
        Some(filled)
    }

    /// Waits for the turn of the lane in `slot` (started or told to go)
    /// to end: it tests, or its task ended. `None` if it panicked.
    fn turn(&mut self, slot: usize) -> Option<Began<S>> {
        let mut began = self.lanes[slot].from.began.recv().ok()?;
        match &mut began {
            Began::Ended(_) => {
                self.lanes[slot].state = LaneView::Free;
                self.board.leave(slot, false);
            }
            Began::Testing(plan) => self.probes.plan(slot, std::mem::take(plan)),
        }
        Some(began)
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

    pub(super) fn free_lane(&self) -> Option<usize> {
        self.lanes
            .iter()
            .position(|l| matches!(l.state, LaneView::Free))
    }

    /// Starts `task` in lane `slot` on the base, and waits for its turn
    /// to end (see [`Self::turn`]).
    pub(super) fn launch(&mut self, slot: usize, task: Task<S>) -> Option<Began<S>> {
        self.lanes[slot].state = LaneView::Busy;
        self.lanes[slot]
            .to
            .start
            .send((task, self.base.clone()))
            .ok()?;
        self.turn(slot)
    }
}
