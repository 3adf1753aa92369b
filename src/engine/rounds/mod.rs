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
//!    outer change is interesting, the merge is its candidate again, and
//!    a change inside what the outer one removes is moot: its test is not
//!    started once that verdict is in, see [`Board`]); one
//!    with a common claim ([`Footprint::conflicts`]) waits. An expansion (a
//!    visit, a ddmin level) is expanded on the spot, and a task whose change
//!    the best implies runs at once without a lane; a lane whose candidate
//!    needs no test gives its place to the next task. A lane's turn only
//!    prepares its candidate ([`Subject::prepare`]); its check (the parse,
//!    [`Subject::check`]) runs after the turn, beside the next lanes'
//!    turns. Whenever a decision depends on the places taken (the round
//!    is full, no lane is free, a change that must be tested alone finds
//!    the round not empty), the coordinator first waits for the checks
//!    still out: a lane whose candidate is malformed goes on to its next
//!    change, which takes its place, or ends and frees it, so that the
//!    decision is the one it would have been with the check in the lane's
//!    turn (only the task's own code runs later than it would have).
//!    Places the formed round leaves free take probes: the changes its
//!    lanes' tasks plan to try next ([`Tests::plan`]), tested ahead
//!    without a commit, their verdicts settled for the next round unless
//!    moot (see [`Coordinator::probe`]).
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
//!    A pass that ends on an untested merge tests it alone, or, when
//!    allowed ([`Ends`]), hands it over: the next pass starts from it and
//!    tests it first in its first round ([`handed_tester`]); if it is not
//!    interesting, the round's changes are moot and the pass stops
//!    ([`Handed::Rejected`]: its caller goes back before the merge).
//! 4. The lanes learn their verdicts and go on with their tasks until their
//!    next change or their end; a task's follow-ups join the queue when it
//!    ends.
//!
//! Everything the coordinator decides depends on the queue and the
//! verdicts (and checks), never on timing: the lanes run their tasks' code one at a
//! time, in the order of their tasks, both when a round is formed (a lane
//! runs until it asks for a test or ends, then the next starts) and after
//! it (each lane learns its verdict and runs to its next change or its end
//! before the next lane hears its own), so that what tasks share (a ddmin
//! level counting its finished chunks, a deletion waiting for the last use
//! of a name) changes in the same order in every run. Only the checks and
//! the tests run side by side, the tests at most `jobs` at once, each in a worker directory taken
//! from a pool. The width of the rounds is the run's (`--width`), not the
//! number of workers: which tasks share a round, and so the result, is the
//! same at every `-j`.
//!
//! The rooms: this file holds the coordinator (its state, and the loop of
//! forming and playing rounds); `form.rs` forms a round, `probes.rs` fills
//! the places it leaves free, `play.rs` plays it, `base.rs` settles an
//! untested base; `lanes.rs` is a lane's thread and how its task tests, over
//! the messages of `protocol.rs`; `workers.rs` is the line of tests for the
//! worker directories, `board.rs` what makes a change of the round moot;
//! `testers.rs` the tests beside the rounds (a start handed over untested,
//! the run's last tests).

mod base;
mod board;
mod form;
mod lanes;
mod play;
mod probes;
mod protocol;
mod testers;
mod workers;

use std::sync::Arc;

use crossbeam_channel::unbounded;

use super::queue::{Order, Queue};
use super::{Ends, Finished, Handed, Run};
use crate::task::{Footprint, Merging, Queued, Subject};
use board::Board;
use lanes::lane;
use probes::Probes;
use protocol::{FromLane, ToLane, lane_channels};
use testers::{EndingTest, HandedTest, ending_tester, handed_tester};
use workers::Workers;

/// Runs one pass in rounds of lanes (see the module documentation).
pub fn run_groups<S: Subject>(
    run: &Run<'_>,
    width: usize,
    subject: &S,
    merging: &dyn Merging<S>,
    start: S::State,
    tasks: Vec<Queued<S>>,
    ends: Ends<'_>,
) -> Finished<S> {
    let (workers, board) = (&Workers::new(run.jobs), &Board::new(width));
    std::thread::scope(|s| {
        let (lanes, mut threads): (Vec<_>, Vec<_>) = (0..width)
            .map(|slot| {
                let (to, inbox, outbox, from) = lane_channels::<S>();
                let on = ((subject, merging), (workers, board));
                let thread = s.spawn(move || lane(run, on, slot, inbox, outbox));
                let state = LaneView::Free;
                (LaneSlot { to, from, state }, thread)
            })
            .unzip();
        // The test of a start handed over untested, beside the forming of
        // its first round (see `Coordinator::start_base_test`).
        let (handed_test, base_inbox, base_out) = HandedTest::new();
        threads.push(s.spawn(move || {
            let on = ((subject, merging), (workers, board));
            handed_tester(run, on, base_inbox, base_out);
        }));
        // The run's last tests, made ahead (see `Coordinator::test_ending`).
        let ending = ends.ending.map(|ending| {
            let (to, inbox) = unbounded();
            threads.push(s.spawn(move || {
                ending_tester(run, workers, (ending, subject), inbox);
            }));
            EndingTest { to, sent: false }
        });
        let start = Arc::new(start);
        let mut coordinator = Coordinator {
            run,
            width,
            subject,
            merging,
            queue: Queue::of(tasks),
            best: start.clone(),
            base: start,
            untested: Vec::new(),
            commits: 0,
            scratch: subject.scratch(0),
            lanes,
            workers,
            board,
            rate: (0, 0),
            probes: Probes::new(width),
            handed: if ends.untested_start {
                Handed::Unsettled
            } else {
                Handed::No
            },
            hand_over: ends.hand_over,
            handed_test,
            ending,
        };
        coordinator.work();
        let finished = coordinator.finish();
        // Dropping the coordinator closes the lanes' inboxes: they stop.
        drop(coordinator);
        join_all(threads);
        finished
    })
}

/// Joins scoped threads; a thread's panic goes on with its own payload
/// (the scope's own would only say "a scoped thread panicked").
pub(super) fn join_all(threads: Vec<std::thread::ScopedJoinHandle<'_, ()>>) {
    for thread in threads {
        if let Err(payload) = thread.join() {
            std::panic::resume_unwind(payload);
        }
    }
}

/// What the coordinator knows of a lane between rounds.
enum LaneView {
    /// No task.
    Free,
    /// Waiting with a change that touches this; its task's place in the
    /// queue orders the waiting lanes.
    Pending(Order, Footprint),
    /// Taking part in the round being formed or played.
    Busy,
}

struct LaneSlot<S: Subject> {
    to: ToLane<S>,
    from: FromLane<S>,
    state: LaneView,
}

struct Coordinator<'a, 'r, S: Subject> {
    run: &'a Run<'r>,
    /// Places in a round: the run's width, or less for this pass.
    width: usize,
    subject: &'a S,
    merging: &'a dyn Merging<S>,
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
    /// Where tests run.
    workers: &'a Workers,
    /// Which changes of the round are moot.
    board: &'a Board,
    /// Verdicts of the pass's rounds so far: (tested, interesting).
    rate: (u64, u64),
    /// The round's probes and the plans they come from.
    probes: Probes<S>,
    /// What became of the start, if it was handed over untested
    /// ([`Handed::Unsettled`] until it is settled).
    handed: Handed,
    /// The pass may end on an untested merge ([`Ends::hand_over`]).
    hand_over: bool,
    /// Where the test of a start handed over untested runs
    /// ([`handed_tester`]).
    handed_test: HandedTest<'a, S>,
    /// Where the run's last tests go when made ahead ([`Ends::ending`]).
    ending: Option<EndingTest>,
}

/// A commit of a merge that no test has seen yet.
struct Untested<S: Subject> {
    base: Arc<S::State>,
    state: Arc<S::State>,
    kind: &'static str,
    order: Order,
}

/// A lane of a round, with the place of its task in the queue.
type Entrant = (usize, Order);

impl<S: Subject> Coordinator<'_, '_, S> {
    /// What the pass found, once `work` is over; if the run stopped, the
    /// states held besides the best are released.
    fn finish(&mut self) -> Finished<S> {
        let merge = self.handed_over();
        let finished = Finished {
            best: self.best.clone(),
            commits: self.commits,
            merge,
            start: self.handed,
        };
        if self.run.stopped() {
            self.release_states();
        }
        finished
    }

    fn work(&mut self) {
        while !self.run.stopped() {
            let Some(round) = self.form() else {
                return;
            };
            if !round.is_empty() {
                if self.play(round).is_none() || self.handed == Handed::Rejected {
                    return;
                }
            } else if !self.queue.tasks.is_empty() {
                // Every task the formation started ended without a test,
                // and their follow-ups were queued after it: form again.
            } else if self.tentative() {
                // (A merge whose verdict is known is not worth a pass's
                // start; nor is one of a pass whose lanes still wait.)
                let key = self.merging.state_key(&self.base);
                let known = self.run.cache().settled(key).is_some();
                let handing = self.hand_over && self.handed != Handed::Unsettled;
                if handing && !known && !self.waiting() {
                    // The pass ends on its own untested merge: the next
                    // pass starts from it (`handed_over`).
                    return;
                }
                // The untested merge is tested alone (the pass ends on it,
                // or lanes wait for the next round, formed on its verdict).
                let interesting = self.test_base();
                self.settle_base(interesting);
                if self.handed == Handed::Rejected {
                    return;
                }
            } else if self.waiting() {
                // A lane still waits with a change that was kept out of a
                // round that then came out empty (by the claim of a lane
                // that joined before it and ended without a test, say):
                // form again (the first waiting lane joins every
                // formation, so this ends).
            } else {
                // Nothing waits and nothing is left to start.
                return;
            }
        }
    }

    /// Whether a lane waits with a change for a round.
    fn waiting(&self) -> bool {
        self.lanes
            .iter()
            .any(|l| matches!(l.state, LaneView::Pending(..)))
    }

    fn queue_all(&mut self, tasks: Vec<Queued<S>>) {
        for (priority, task) in tasks {
            self.queue.push(priority, task);
        }
    }

    /// Gives the states the coordinator holds besides the best (an
    /// untested merge and its commits) to [`Subject::release`]: the run
    /// stopped, and they are no result.
    fn release_states(&mut self) {
        let base = std::mem::replace(&mut self.base, self.best.clone());
        self.subject.release(base);
        for lost in std::mem::take(&mut self.untested) {
            self.subject.release(lost.base);
            self.subject.release(lost.state);
        }
    }

    /// Installs `next` as the best.
    fn commit(&mut self, next: Arc<S::State>) {
        if self.handed == Handed::Unsettled {
            // A change on the handed start was interesting.
            self.handed = Handed::Settled;
        }
        self.best = next;
        self.commits += 1;
        super::announce(self.run, self.subject, &self.best);
    }
}
