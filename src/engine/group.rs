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

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, unbounded};
use parking_lot::{Condvar, Mutex};

use super::queue::{Order, Queue};
use super::{Ending, Ends, Finished, Handed, Run};
use crate::stats::bump;
use crate::task::{Footprint, Job, Merging, NextChange, Queued, Subject, Task, Tests};

/// How many tasks per place the coordinator may set aside (because they
/// overlap a change of the round) while it looks for more: a bound on the
/// reordering, and on the work of forming a round.
const SET_ASIDE_PER_PLACE: usize = 4;

/// The worker directories the round's tests run in: `jobs` of them, so
/// that at most `jobs` tests run at once whatever the width of the rounds.
/// Tests take them in the order of their tickets, handed out in the lanes'
/// turns, so that at `-j 1` the tests run in the same order in every run;
/// at other `-j` only which test gets which directory depends on timing,
/// and a verdict does not depend on its directory.
struct Workers {
    pool: Mutex<Pool>,
    changed: Condvar,
    /// The round's lanes, the earlier ones whose changes remove what each
    /// touches, and their verdicts as they come in.
    board: Mutex<Board>,
}

/// What the round's lanes know of one another. A lane whose change touches
/// only what the change of a lane that joined the round before it removes
/// ([`Footprint::covers`]: a statement inside a function another lane
/// deletes, set aside because it overlaps the round's changes and tested as
/// speculation) is moot once that lane's change is interesting and not
/// moot itself: the new base holds the earlier change, and the later one is
/// tried again there, where it has nothing left to do
/// ([`Coordinator::play`]), whatever its own verdict. Its test is then not
/// started (one that runs already runs on); only how many tests run
/// depends on when the verdicts come, never the round's result. At `-j 1`
/// the tests run in the order the lanes joined, so a moot change is never
/// tested.
#[derive(Default)]
struct Board {
    /// The lanes of the round, in the order they joined.
    marks: Vec<Mark>,
    /// By slot: the lane's place in `marks`, if it joined the round (a
    /// slot whose task ended may take another task in the same round).
    current: Vec<Option<usize>>,
    /// The round's base is a start handed over untested, and its test
    /// (which runs first) found it not interesting: every change of the
    /// round is moot.
    base_rejected: bool,
}

#[derive(Clone, Default)]
struct Mark {
    /// The lanes that joined before it whose changes remove everything it
    /// touches (places in [`Board::marks`]).
    under: Vec<usize>,
    /// Its test is over (or was not run): `verdict` is final.
    done: bool,
    /// Whether its change was interesting (`None`: not tested).
    verdict: Option<bool>,
    /// The key of the text it tests.
    key: Option<u128>,
    /// A probe's ([`Coordinator::probe`]): its task learns nothing from it.
    probe: bool,
}

impl Board {
    /// For each lane: `Some(true)` if its change is interesting and not
    /// moot, `Some(false)` if it is not (or is moot), `None` while that is
    /// not known. A lane is moot once a lane it is under is `Some(true)`.
    fn standing(&self) -> Vec<Option<bool>> {
        let mut standing: Vec<Option<bool>> = Vec::with_capacity(self.marks.len());
        for mark in &self.marks {
            let under = || mark.under.iter().map(|&k| standing[k]);
            let this = if under().any(|s| s == Some(true)) {
                Some(false)
            } else if !mark.done {
                None
            } else if mark.verdict != Some(true) {
                Some(false)
            } else if under().all(|s| s == Some(false)) {
                Some(true)
            } else {
                None
            };
            standing.push(this);
        }
        standing
    }

    /// Whether the lane at `place` is moot, as far as the verdicts in tell.
    fn moot(&self, standing: &[Option<bool>], place: usize) -> bool {
        self.marks[place]
            .under
            .iter()
            .any(|&k| standing[k] == Some(true))
    }
}

struct Pool {
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
struct Turn<'w> {
    workers: &'w Workers,
    number: u64,
    used: bool,
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
struct Worker<'w> {
    workers: &'w Workers,
    index: usize,
    /// The ticket that took it.
    number: u64,
    /// Taken by a test no round needs ([`Workers::take_idle`]).
    aside: bool,
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
    fn new(jobs: usize, lanes: usize) -> Workers {
        Workers {
            board: Mutex::new(Board {
                marks: Vec::new(),
                current: vec![None; lanes],
                base_rejected: false,
            }),
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

    /// A new round is formed: no lane has a part in it yet.
    fn clear_board(&self) {
        let mut board = self.board.lock();
        board.marks.clear();
        board.current.fill(None);
        // (`base_rejected` stays: it ends the pass.)
    }

    /// The round's base, handed over untested, is not interesting: no
    /// test of the round starts from now on.
    fn reject_base(&self) {
        self.board.lock().base_rejected = true;
    }

    /// The lane in `slot` joins the round, everything its change touches
    /// removed by the changes of the lanes at the places `under` (which
    /// joined before it): its place.
    fn join(&self, slot: usize, under: Vec<usize>) -> usize {
        let mut board = self.board.lock();
        board.marks.push(Mark {
            under,
            ..Mark::default()
        });
        let place = board.marks.len() - 1;
        board.current[slot] = Some(place);
        place
    }

    /// The probe in `slot` joins the round under the lanes at `under`.
    fn join_probe(&self, slot: usize, under: Vec<usize>) -> usize {
        let place = self.join(slot, under);
        self.board.lock().marks[place].probe = true;
        place
    }

    /// Whether the lane in `slot` runs a probe.
    fn probing(&self, slot: usize) -> bool {
        let board = self.board.lock();
        board.current[slot].is_some_and(|place| board.marks[place].probe)
    }

    /// The places on the board the lanes in `slots` hold now.
    fn places(&self, slots: impl Iterator<Item = usize>) -> Vec<usize> {
        let board = self.board.lock();
        slots.filter_map(|slot| board.current[slot]).collect()
    }

    /// The change of the lane in `slot` leaves the round untested (it was
    /// malformed, needed no test, or its task ended): it makes nothing
    /// moot. If the lane `goes_on`, a next change it tests in the round
    /// takes a place of its own, under no other (what it touches was not
    /// known when the others joined).
    fn leave(&self, slot: usize, goes_on: bool) {
        let mut board = self.board.lock();
        let Some(place) = board.current[slot] else {
            return;
        };
        let mark = &mut board.marks[place];
        (mark.done, mark.verdict) = (true, None);
        board.current[slot] = None;
        if goes_on {
            board.marks.push(Mark::default());
            board.current[slot] = Some(board.marks.len() - 1);
        }
    }

    /// Whether the lane in `slot` runs its test of the text `key`: not if
    /// its change is moot already (then its test is over, without a
    /// verdict).
    fn begin_test(&self, slot: usize, key: u128) -> bool {
        let mut board = self.board.lock();
        let Some(place) = board.current[slot] else {
            return !board.base_rejected;
        };
        board.marks[place].key = Some(key);
        let standing = board.standing();
        if board.base_rejected || board.moot(&standing, place) {
            board.marks[place].done = true;
            return false;
        }
        true
    }

    /// The test of the lane in `slot` is over with `verdict` (`None`: the
    /// run stopped). A test of a change that is moot now runs on: stopping it
    /// would kill the test's processes in the middle of their work, which
    /// leaves what they had not cleaned up yet (a compiler's temporary
    /// files).
    fn end_test(&self, slot: usize, verdict: Option<bool>) {
        let mut board = self.board.lock();
        let Some(place) = board.current[slot] else {
            return;
        };
        let mark = &mut board.marks[place];
        (mark.done, mark.verdict) = (true, verdict);
    }

    /// Which lanes of `round` are moot, given their verdicts (`found`, in
    /// the round's order, `Some` for interesting), and the keys of the texts
    /// only moot lanes tested: whether such a test ran depends on timing,
    /// so its verdict is not [settled](crate::oracle::VerdictCache::settled).
    fn moot_lanes<T>(&self, round: &[Entrant], found: &[Option<T>]) -> (Vec<bool>, Vec<u128>) {
        let mut board = self.board.lock();
        let places: Vec<Option<usize>> =
            round.iter().map(|&(slot, _)| board.current[slot]).collect();
        for (place, found) in places.iter().zip(found) {
            if let &Some(place) = place {
                let mark = &mut board.marks[place];
                (mark.done, mark.verdict) = (true, Some(found.is_some()));
            }
        }
        let standing = board.standing();
        let moot: Vec<bool> = places
            .iter()
            .map(|p| board.base_rejected || p.is_some_and(|p| board.moot(&standing, p)))
            .collect();
        let keys = |moot_ones: bool| {
            places
                .iter()
                .zip(&moot)
                .filter(move |m| *m.1 == moot_ones)
                .filter_map(|m| m.0.and_then(|p| board.marks[p].key))
        };
        let kept: HashSet<u128> = keys(false).collect();
        let unsettled = keys(true).filter(|k| !kept.contains(k)).collect();
        (moot, unsettled)
    }

    /// The next place in the line.
    fn ticket(&self) -> Turn<'_> {
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
    fn ticket_for(&self, key: u128) -> (Turn<'_>, Option<u64>) {
        let turn = self.ticket();
        let mut pool = self.pool.lock();
        let first = *pool.firsts.entry(key).or_insert(turn.number);
        let earlier = (first != turn.number).then_some(first);
        drop(pool);
        (turn, earlier)
    }

    /// Waits until the test of ticket `number` is over (or the run stops).
    fn wait_over(&self, run: &Run<'_>, number: u64) {
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
    fn take(
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
    fn take_idle(
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
}

impl Workers {
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

/// The lane protocol. A lane is in one of four states, and each has its
/// own channel for what may be said in it, so that no message can arrive
/// in a state where it means nothing:
///
/// - idle: the coordinator may send a task ([`Inbox::start`]);
/// - pending, with a change that waits for a round: the coordinator may
///   send the round's base ([`Inbox::go`]);
/// - in its turn (started, or told to go): the lane says whether it tests
///   in the round or its task ended without a test ([`Outbox::began`]);
/// - checking, having said it tests: the lane checks its candidate (for a
///   program: parses it) beside the other lanes and says whether it is
///   well formed ([`Outbox::checked`]); if not, it waits to be given its
///   turn again ([`Inbox::resume`]);
/// - testing: the lane sends its verdict ([`Outbox::tested`]), hears the
///   coordinator's decision ([`Inbox::heard`]), and says whether its task
///   waits with a next change or ended ([`Outbox::after`]).
///
/// A channel that closes means the other side is gone: the coordinator
/// stopped (the lane ends), or the lane panicked (the pass stops, and the
/// panic surfaces when the lanes are joined).
struct Inbox<S: Subject> {
    start: Receiver<(Task<S>, Arc<S::State>)>,
    go: Receiver<Arc<S::State>>,
    resume: Receiver<()>,
    heard: Receiver<Heard<S>>,
}

/// The coordinator's ends of a lane's channels (see [`Inbox`]).
struct ToLane<S: Subject> {
    start: Sender<(Task<S>, Arc<S::State>)>,
    go: Sender<Arc<S::State>>,
    resume: Sender<()>,
    heard: Sender<Heard<S>>,
}

/// What a lane tells the coordinator, by state (see [`Inbox`]).
struct Outbox<S: Subject> {
    began: Sender<Began<S>>,
    checked: Sender<bool>,
    tested: Sender<Option<Found<S>>>,
    after: Sender<After<S>>,
}

/// The coordinator's ends of a lane's channels (see [`Inbox`]).
struct FromLane<S: Subject> {
    began: Receiver<Began<S>>,
    checked: Receiver<bool>,
    tested: Receiver<Option<Found<S>>>,
    after: Receiver<After<S>>,
}

fn lane_channels<S: Subject>() -> (ToLane<S>, Inbox<S>, Outbox<S>, FromLane<S>) {
    let (start, start_rx) = unbounded();
    let (go, go_rx) = unbounded();
    let (resume, resume_rx) = unbounded();
    let (heard, heard_rx) = unbounded();
    let (began, began_rx) = unbounded();
    let (checked, checked_rx) = unbounded();
    let (tested, tested_rx) = unbounded();
    let (after, after_rx) = unbounded();
    (
        ToLane {
            start,
            go,
            resume,
            heard,
        },
        Inbox {
            start: start_rx,
            go: go_rx,
            resume: resume_rx,
            heard: heard_rx,
        },
        Outbox {
            began,
            checked,
            tested,
            after,
        },
        FromLane {
            began: began_rx,
            checked: checked_rx,
            tested: tested_rx,
            after: after_rx,
        },
    )
}

/// What a lane hears of its tested change.
enum Heard<S: Subject> {
    /// Committed (`true`) or not; `best` is the new best.
    Decided {
        committed: bool,
        best: Arc<S::State>,
    },
    /// Tested on a merge that was not interesting, or interesting but not
    /// merged: wait, and test it again on `best` when told.
    Retry { best: Arc<S::State> },
}

/// How a lane's turn in forming a round ended.
enum Began<S: Subject> {
    /// It tests in the round (or found an interesting verdict in the cache):
    /// its place is taken. With the changes its task plans to test after
    /// this one ([`Tests::plan`]).
    Testing(Vec<Box<S::Change>>),
    /// Its task ended without a test, with these follow-ups.
    Ended(Vec<Queued<S>>),
}

/// Where a lane is once it heard its decision.
enum After<S: Subject> {
    /// It waits for a round to test a change that touches this.
    Pending(Footprint),
    /// Its task ended, with these follow-ups.
    Ended(Vec<Queued<S>>),
}

/// An interesting candidate: the state accepting it gives, and the
/// reduction of its change.
type Found<S> = (Arc<<S as Subject>::State>, &'static str);

/// A best to test on, with the candidate already made there (if it was).
type Ticket<S> = (
    Arc<<S as Subject>::State>,
    Option<<S as Subject>::Candidate>,
);

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
    let workers = Workers::new(run.jobs, width);
    let workers = &workers;
    std::thread::scope(|s| {
        let mut lanes = Vec::with_capacity(width);
        let mut threads = Vec::with_capacity(width);
        for slot in 0..width {
            let (to, inbox, outbox, from) = lane_channels::<S>();
            threads
                .push(s.spawn(move || lane(run, (subject, merging), workers, slot, inbox, outbox)));
            lanes.push(LaneSlot {
                to,
                from,
                state: LaneView::Free,
            });
        }
        // The test of a start handed over untested, beside the forming of
        // its first round (see `Coordinator::start_base_test`).
        let (base_to, base_inbox) = unbounded();
        let (base_out, base_from) = unbounded();
        threads.push(s.spawn(move || {
            handed_tester(run, (subject, merging), workers, base_inbox, base_out);
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
            rate: (0, 0),
            planned: (0..width).map(|_| Vec::new()).collect(),
            probes: Vec::new(),
            probed: 0,
            next_pass: None,
            next_probes: Vec::new(),
            next_held: Default::default(),
            handed: if ends.untested_start {
                Handed::Unsettled
            } else {
                Handed::No
            },
            hand_over: ends.hand_over,
            handed_test: (base_to, base_from),
            handed_testing: false,
            ending,
        };
        coordinator.work();
        let merge = coordinator.handed_over();
        let finished = Finished {
            best: coordinator.best.clone(),
            commits: coordinator.commits,
            merge,
            start: coordinator.handed,
        };
        if run.stopped() {
            coordinator.release_states();
        }
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

/// A lane's thread: runs the tasks it is given, one at a time.
fn lane<S: Subject>(
    run: &Run<'_>,
    (subject, merging): (&S, &dyn Merging<S>),
    workers: &Workers,
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
enum LaneState<S: Subject> {
    /// In its turn while a round forms: it may test in the round, on this
    /// base.
    Turn(Arc<S::State>),
    /// It heard the decision on its last test: its next test waits for a
    /// round.
    Heard,
}

/// How a lane's task tests changes: one test per round, on the round's best.
struct LaneTests<'x, 'r, S: Subject> {
    run: &'x Run<'r>,
    /// The lane's place among the round's lanes.
    slot: usize,
    subject: &'x S,
    merging: &'x dyn Merging<S>,
    workers: &'x Workers,
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
        let made = super::counted(stats, subject.prepare(&self.best, change, self.scratch))?;
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
            applied => super::counted(self.run.stats, applied),
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
        let checked = super::counted(
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
        } else if workers.begin_test(self.slot, key) {
            let verdict = test();
            workers.end_test(self.slot, verdict);
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
        let (run, subject, stats) = (self.run, self.subject, self.run.stats);
        loop {
            if self.closed || run.stopped() {
                return false;
            }
            let Some((base, made)) = self.base_for(change) else {
                return false;
            };
            self.best = base.clone();
            // A probe is not a change its task tried: its task learns
            // nothing from its failure (its own try of the change does).
            let probing = self.workers.probing(self.slot);
            let Some(candidate) = self.prepared(change, &base, made, probing) else {
                // No test: the lane keeps its place in the round,
                // for a change the others' relations do not name.
                self.workers.leave(self.slot, true);
                self.state = LaneState::Turn(base);
                return false;
            };
            let key = subject.key(&candidate);
            // A verdict known before the round costs no test, and the lane
            // keeps its place in the round for its next change. One that
            // came in during the round (another lane's test of the same
            // text, or an earlier run's stored verdict) counts as a test:
            // the round then does not depend on which lane tested first, or
            // on what the store holds.
            let known_dull = run.cache().settled(key) == Some(false);
            let workers = self.workers;
            // The place in the line is taken in the lane's turn.
            let (ticket, first) = workers.ticket_for(key);
            let candidate = if known_dull {
                candidate
            } else {
                match self.check_after_turn(&base, candidate) {
                    Some(candidate) => candidate,
                    None => {
                        // A malformed candidate gives back its place in
                        // the line too, and its change leaves the board.
                        workers.leave(self.slot, true);
                        drop(ticket);
                        self.turn_again(base);
                        return false;
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
                // What the failure teaches the subject is learned in the
                // lane's turn (here while the round forms; below once the
                // round is over, in the order of the tasks), never while
                // other lanes' tasks run.
                if known_dull {
                    if verdict == Some(false) && !probing {
                        subject.failed(change, &base, &candidate);
                    }
                    subject.discard(candidate, self.scratch);
                    // A verdict without a test: the place is still the
                    // lane's, for a change the others' relations do not name.
                    workers.leave(self.slot, true);
                    self.state = LaneState::Turn(base);
                    return false;
                }
                let decided = self.decision(None);
                if verdict == Some(false) && decided.is_some() && !probing {
                    subject.failed(change, &base, &candidate);
                }
                subject.discard(candidate, self.scratch);
                match decided {
                    // Tested on a merge that was not interesting: again,
                    // on the best.
                    None => continue,
                    Some(_) => return false,
                }
            }
            let state = Arc::new(subject.accept(&base, candidate, self.scratch));
            match self.decision(Some((state.clone(), subject.kind(change)))) {
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
    /// Verdicts of the pass's rounds so far: (tested, interesting).
    rate: (u64, u64),
    /// By slot: what the lane's task plans to test after the change it
    /// tests in the round being formed ([`Tests::plan`]).
    planned: Vec<Vec<Box<S::Change>>>,
    /// The slots of the round's probes ([`Coordinator::probe`]).
    probes: Vec<usize>,
    /// Probes started in the pass, for their order in a round.
    probed: u64,
    /// What the next pass tests first ([`Subject::next_pass`]) and no
    /// probe has tested yet, each with its place in the list; computed in
    /// the first round that may probe it.
    next_pass: Option<std::collections::VecDeque<(usize, NextChange<S::Change>)>>,
    /// The round's probes of those: (place in the list, slot, place on the
    /// board).
    next_probes: Vec<(usize, usize, usize)>,
    /// The places in the list of those a probe found interesting in an
    /// earlier round: a change whose `unless` names one of them is not
    /// probed.
    next_held: std::collections::HashSet<usize>,
    /// What became of the start, if it was handed over untested
    /// ([`Handed::Unsettled`] until it is settled).
    handed: Handed,
    /// The pass may end on an untested merge ([`Ends::hand_over`]).
    hand_over: bool,
    /// Where the test of a start handed over untested runs
    /// ([`handed_tester`]): the start and its place in the line go, its
    /// verdict comes back.
    handed_test: HandedTest<'a, S>,
    /// That test was started and its verdict not taken yet.
    handed_testing: bool,
    /// Where the run's last tests go when made ahead ([`Ends::ending`]).
    ending: Option<EndingTest>,
}

/// The run's last tests ([`Ends::ending`]), the channel to
/// [`ending_tester`] (one message: make them), and whether they were
/// started.
struct EndingTest {
    to: Sender<()>,
    /// They were started in this pass (once at most: on the pass's start).
    sent: bool,
}

/// Makes the run's last tests ahead ([`Ending`]) when told to: works out
/// their text (on this thread, not the coordinator's), then takes two
/// places in the line (after whatever tickets were issued meanwhile) and
/// runs each test only if a directory is idle at its turn
/// ([`Workers::take_idle`]): the test of that text unless its verdict is
/// known (in memory or in the store), and beside it the re-check's first
/// run unless it was made already. A panic in the re-check's run is no
/// verdict (the re-check runs its own), as for the run beside the layout's
/// test.
fn ending_tester<S: Subject>(
    run: &Run<'_>,
    workers: &Workers,
    (ending, subject): (&dyn Ending, &S),
    inbox: Receiver<()>,
) {
    let spare = || subject.spare();
    while inbox.recv().is_ok() {
        let Some(key) = ending.key() else {
            continue;
        };
        let (test, recheck) = (!run.cache().known(key), !ending.rechecked());
        // (A run replaying an earlier one's verdicts re-checks its result
        // from the store, most likely.)
        if run.stopped() || run.replaying() || !(test || recheck) {
            continue;
        }
        let first = workers.ticket();
        let second = workers.ticket();
        std::thread::scope(|s| {
            s.spawn(|| {
                if !recheck {
                    return;
                }
                if let Some(worker) = workers.take_idle(run, second, &spare) {
                    let index = worker.index;
                    let recheck = std::panic::AssertUnwindSafe(|| ending.recheck(index));
                    let _ = std::panic::catch_unwind(recheck);
                }
            });
            if !test {
                drop(first);
            } else if let Some(worker) = workers.take_idle(run, first, &spare) {
                run.test_aside(key, || ending.test(worker.index));
            }
        });
    }
}

/// The channels to and from [`handed_tester`].
type HandedTest<'w, S> = (
    Sender<(Arc<<S as Subject>::State>, Turn<'w>)>,
    Receiver<Option<bool>>,
);

/// Tests a start handed over untested, in its place in the line, and says
/// its verdict (`None`: the run stopped). It takes its place before the
/// lanes of its first round take theirs, so at `-j 1` it runs first; if it
/// is not interesting, the round's changes are moot before they start
/// ([`Workers::reject_base`]).
fn handed_tester<'w, S: Subject>(
    run: &Run<'_>,
    (subject, merging): (&S, &dyn Merging<S>),
    workers: &'w Workers,
    inbox: Receiver<(Arc<S::State>, Turn<'w>)>,
    out: Sender<Option<bool>>,
) {
    while let Ok((base, ticket)) = inbox.recv() {
        let verdict = workers
            .take(run, ticket, &|| subject.spare())
            .and_then(|worker| {
                let key = merging.state_key(&base);
                let verdict = run.test(key, || merging.test_state(worker.index, &base));
                if verdict == Some(false) {
                    // Before the directory is free for the next test.
                    workers.reject_base();
                }
                drop(worker);
                verdict
            });
        if out.send(verdict).is_err() {
            return;
        }
    }
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
enum Ruling {
    Committed,
    Dull,
    Again,
}

/// A lane of a round, with the place of its task in the queue.
type Entrant = (usize, Order);

/// A change another task plans to test, tested ahead in a place a round
/// leaves free ([`Coordinator::probe`]).
struct Probe<C: ?Sized>(Box<C>);

impl<S: Subject> Job<S> for Probe<S::Change> {
    fn run(self: Box<Self>, tests: &mut dyn Tests<S>) -> Vec<Queued<S>> {
        tests.try_change(&self.0);
        Vec::new()
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
struct Forming<S: Subject> {
    /// Places in the round.
    width: usize,
    /// What the round's changes touch.
    touched: Footprint,
    /// The lanes testing in the round.
    round: Vec<Entrant>,
    /// What the changes of the round's lanes touch, by slot, with their
    /// places on the board, in the order they joined.
    footprints: Vec<(usize, usize, Footprint)>,
    /// Follow-ups of tasks that ended in their lanes, queued after the
    /// round is formed, in the order of the tasks.
    ended: Vec<(Order, Vec<Queued<S>>)>,
    /// A change that must be tested alone holds the round.
    alone: bool,
    /// Tasks passed over, with their footprints if they may still fill a
    /// place (they overlap a change of the round but claim nothing it
    /// claims).
    aside: Vec<(Order, Task<S>, Option<Footprint>)>,
    /// A task that must be tested alone was set aside because the round
    /// was not empty, and holds it.
    held: bool,
    /// The lanes of `round` whose candidates passed their check.
    checked: Vec<usize>,
}

impl<S: Subject> Forming<S> {
    /// Whether another change may join.
    fn open(&self) -> bool {
        !self.alone && self.round.len() < self.width
    }
}

impl<S: Subject> Coordinator<'_, '_, S> {
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

    /// Whether the base is an untested merge (of this pass, or handed
    /// over as its start).
    fn tentative(&self) -> bool {
        !Arc::ptr_eq(&self.base, &self.best) || self.handed == Handed::Unsettled
    }

    /// The untested merge the pass ended on, handed over to the next pass
    /// (see `work`); `None` if the pass ended on a tested best.
    fn handed_over(&self) -> Option<Arc<S::State>> {
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
    fn test_base_beside(&self) -> bool {
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
    fn test_base(&mut self) -> bool {
        if self.handed == Handed::Unsettled {
            if !self.handed_testing {
                self.start_base_test();
            }
            self.handed_testing = false;
            return self.handed_test.1.recv().ok().flatten() == Some(true);
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
    fn start_base_test(&mut self) {
        let ticket = self.workers.ticket();
        self.handed_testing = self.handed_test.0.send((self.base.clone(), ticket)).is_ok();
    }

    /// Settles the untested base on its verdict: if it is interesting it
    /// becomes the best; if not, the next rounds start again from the best,
    /// and the merge's commits that no test saw are queued again.
    fn settle_base(&mut self, interesting: bool) {
        if self.handed == Handed::Unsettled {
            // The start, handed over untested: the best and the base. (A
            // test the run's stop cut short settles nothing.)
            if self.run.stopped() {
                return;
            }
            if interesting {
                self.handed = Handed::Settled;
                super::announce(self.run, self.subject, &self.best);
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
    fn form(&mut self) -> Option<Vec<Entrant>> {
        // What the round's lanes may take from the cache without a test is
        // what was known before it.
        self.run.cache().next_epoch();
        self.workers.clear_board();
        if self.handed == Handed::Unsettled && !self.handed_testing {
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
    fn settle(&mut self, f: &mut Forming<S>) -> Option<()> {
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

    /// Fills the places the formed round leaves free (one kept for an
    /// untested base) with probes: the changes the round's lanes' tasks
    /// plan to test next ([`Tests::plan`]), in the order of the lanes and
    /// of each plan, each in a free lane of its own. A probe's verdict is
    /// never committed (a task tries its changes in order and stops at the
    /// first interesting one): it goes to the cache, where the task finds
    /// it when it gets there on the same program, without a round; the
    /// task learns nothing from a probe ([`Subject::failed`] and the
    /// counts of skipped changes come from its own try). A probe is moot
    /// once a lane of its round is interesting (the program
    /// its change was made on is then not the next base), and at -j 1 it is
    /// tested after them, so it is then not tested. The places depend on
    /// the round alone, never on -j: every -j probes the same changes.
    fn probe(&mut self, f: &mut Forming<S>) -> Option<()> {
        let planned: Vec<Vec<Box<S::Change>>> =
            self.planned.iter_mut().map(std::mem::take).collect();
        self.probes.clear();
        // (A round formed again, its first formation's lanes all ended,
        // has a new board.)
        self.next_probes.clear();
        if f.alone || f.held {
            return Some(());
        }
        let limit = f.width.min(self.width - usize::from(self.tentative()));
        let mut lanes = f.round.clone();
        lanes.sort_by_key(|e| e.1);
        // Under every lane of the round, where it stands on the board now
        // (a lane that went past changes without a test took a new place).
        let under = self.workers.places(lanes.iter().map(|e| e.0));
        let mut planned = planned;
        let mut changes = lanes
            .iter()
            .flat_map(|&(slot, _)| std::mem::take(&mut planned[slot]))
            .collect::<Vec<_>>()
            .into_iter();
        // Then, in the pass's last rounds (nothing queued or set aside) on
        // its start (nothing committed, not an untested merge), what the
        // next pass tests first.
        let last = self.queue.tasks.is_empty() && f.aside.is_empty();
        let next_pass = last && self.commits == 0 && !self.tentative();
        while f.round.len() < limit {
            let Some(free) = self.free_lane() else {
                break;
            };
            let (change, next) = match changes.next() {
                Some(change) => (change, None),
                None => match next_pass.then(|| self.next_of_next_pass()).flatten() {
                    Some((change, k, unless)) => (change, Some((k, unless))),
                    None => break,
                },
            };
            f.footprints.retain(|(s, ..)| *s != free);
            let mut under = under.clone();
            under.extend(next.iter().flat_map(|(_, unless)| unless));
            let place = self.workers.join_probe(free, under);
            f.footprints.push((free, place, Footprint::default()));
            self.probed += 1;
            let order = Order {
                tokens: std::cmp::Reverse(0),
                rank: u8::MAX,
                seq: self.probed,
            };
            let task: Task<S> = Box::new(Probe(change));
            match self.launch(free, task)? {
                Began::Testing(_) => {
                    f.round.push((free, order));
                    self.probes.push(free);
                    if let Some((k, _)) = next {
                        self.next_probes.push((k, free, place));
                    }
                }
                Began::Ended(_) => {}
            }
        }
        self.settle(f)?;
        self.probes
            .retain(|slot| f.round.iter().any(|e| e.0 == *slot));
        if next_pass && changes.len() == 0 {
            self.test_ending(f.round.len());
        }
        Some(())
    }

    /// Starts the run's last tests ahead ([`Ending`]) beside a round of
    /// `tests` tests that may be the pass's last on its start: nothing is
    /// queued, set aside or planned after it, and the next pass's first
    /// changes are all probed (none of them interesting so far). Only
    /// beside tests of the round, if the round leaves two directories idle
    /// (so never at `-j 1` or `-j 2`; with tests of several scripts, room
    /// for the scripts of two tests more), once per pass, and while the oracle
    /// has permits to spare; each test only if a directory is still idle
    /// when its turn comes ([`Workers::take_idle`]), so that no test of a
    /// round ever waits for them. (A pass ends once they are over: if the
    /// run goes on, the next pass may start up to a test's duration later.)
    /// [`ending_tester`] does the work, not the coordinator.
    fn test_ending(&mut self, tests: usize) {
        let next_done = self.next_pass.as_ref().is_some_and(|l| l.is_empty());
        let Some(ending) = self.ending.as_mut() else {
            return;
        };
        if ending.sent || !next_done || !self.next_held.is_empty() {
            return;
        }
        // (A test of pair mode's runs two scripts: the round's and the
        // ending's all fit in -j.)
        let scripts = self.subject.scripts();
        if tests == 0 || (tests + 2) * scripts > self.run.jobs || !self.subject.spare() {
            return;
        }
        ending.sent = ending.to.send(()).is_ok();
    }

    /// The next change of the next pass's list to probe (see
    /// [`Coordinator::probe`]), with its place in the list and the places
    /// on the board of this round's probes of the change it is tested only
    /// unless ([`NextChange::unless`]): it is moot once that one is
    /// interesting. One whose `unless` was interesting in an earlier round
    /// is passed over.
    fn next_of_next_pass(&mut self) -> Option<(Box<S::Change>, usize, Vec<usize>)> {
        let (subject, base, width) = (self.subject, &self.base, self.width);
        let list = self.next_pass.get_or_insert_with(|| {
            subject
                .next_pass(base, width)
                .into_iter()
                .enumerate()
                .collect()
        });
        while let Some((k, next)) = list.pop_front() {
            let unless = match next.unless {
                Some(u) if self.next_held.contains(&u) => continue,
                Some(u) => self
                    .next_probes
                    .iter()
                    .filter(|p| p.0 == u)
                    .map(|p| p.2)
                    .collect(),
                None => Vec::new(),
            };
            return Some((next.change, k, unless));
        }
        None
    }

    /// Notes the next pass's changes whose probes in `round` were
    /// interesting (and not moot): a change whose `unless` names one of
    /// them is not probed any more ([`Coordinator::next_of_next_pass`]).
    fn note_next_held(&mut self, round: &[Entrant], verdicts: &[Option<Found<S>>], moot: &[bool]) {
        for (k, slot, _) in std::mem::take(&mut self.next_probes) {
            let held =
                (0..round.len()).any(|i| round[i].0 == slot && !moot[i] && verdicts[i].is_some());
            if held {
                self.next_held.insert(k);
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
        let place = self.workers.join(slot, under);
        f.footprints.push((slot, place, footprint.clone()));
    }

    /// Tasks set aside that overlap the round but claim nothing it claims
    /// fill the places left, in order. Whether one started.
    fn fill_aside(&mut self, f: &mut Forming<S>) -> Option<bool> {
        let mut filled = false;
        let mut kept = Vec::new();
        for (order, task, footprint) in std::mem::take(&mut f.aside) {
            let fits = footprint
                .as_ref()
                .is_some_and(|footprint| !footprint.conflicts(&f.touched));
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
                self.workers.leave(slot, false);
            }
            Began::Testing(plan) => self.planned[slot] = std::mem::take(plan),
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

    fn free_lane(&self) -> Option<usize> {
        self.lanes
            .iter()
            .position(|l| matches!(l.state, LaneView::Free))
    }

    /// Starts `task` in lane `slot` on the base, and waits for its turn
    /// to end (see [`Self::turn`]).
    fn launch(&mut self, slot: usize, task: Task<S>) -> Option<Began<S>> {
        self.lanes[slot].state = LaneView::Busy;
        self.lanes[slot]
            .to
            .start
            .send((task, self.base.clone()))
            .ok()?;
        self.turn(slot)
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
        // enough tasks): its verdict decides only if no change of the round
        // is interesting (a merge plus an interesting change is a tested
        // program whatever the merge alone is).
        let mut base_interesting =
            (self.tentative() && round.len() < self.width).then(|| self.test_base());
        // Each lane of the round has begun its test: its verdict.
        let mut verdicts: Vec<Option<Found<S>>> = Vec::with_capacity(round.len());
        for &(slot, _) in &round {
            verdicts.push(self.lanes[slot].from.tested.recv().ok()?);
        }
        // A change that an interesting change of the round removes is moot,
        // whatever its own verdict (which may be missing: its test was not
        // started): it is tried again on the new base.
        let (moot, unsettled) = self.workers.moot_lanes(&round, &verdicts);
        for key in unsettled {
            self.run.cache().unsettle(key);
        }
        self.note_next_held(&round, &verdicts, &moot);
        if self.handed == Handed::Unsettled && base_interesting == Some(false) {
            // The pass started on a program that is not interesting: the
            // round's changes are moot (at `-j 1` none was tested); the pass
            // ends (`work`), and its caller goes back before the merge.
            self.settle_base(false);
            self.release_found(verdicts);
            return Some(());
        }
        let probe = |i: usize| self.probes.contains(&round[i].0);
        let interesting: Vec<usize> = (0..round.len())
            .filter(|&i| !moot[i] && verdicts[i].is_some() && !probe(i))
            .collect();
        if self.run.stopped() {
            // The run ends: the round's first interesting change was
            // tested, so it is kept; nothing else is worth its cost now (a
            // merge, untested, is no result; follow-ups would not run). The
            // lanes are not told: they find the coordinator gone.
            if let Some(&first) = interesting.first() {
                self.commit(verdicts[first].as_ref()?.0.clone());
            }
            self.release_found(verdicts);
            return Some(());
        }
        self.rate.0 += (0..round.len()).filter(|&i| !moot[i] && !probe(i)).count() as u64;
        self.rate.1 += interesting.len() as u64;
        let state = |i: usize| verdicts[i].as_ref().map(|v| v.0.clone());
        let mut decisions = vec![Ruling::Dull; round.len()];
        match interesting[..] {
            [] => {
                // (Without a place of its own it is tested now: every lane
                // is waiting to hear.)
                if self.tentative() && base_interesting.is_none() {
                    base_interesting = Some(self.test_base());
                }
                if let Some(interesting) = base_interesting {
                    self.settle_base(interesting);
                    if !interesting {
                        // Their verdicts were on a program that is not.
                        decisions = vec![Ruling::Again; round.len()];
                    }
                }
            }
            [only] => {
                self.commit(state(only)?);
                self.base = self.best.clone();
                self.untested.clear();
                decisions[only] = Ruling::Committed;
            }
            [first, ..] => {
                self.commit(state(first)?);
                self.untested.clear();
                self.merge_others(&base, &round, &verdicts, &interesting, &mut decisions)?;
            }
        }
        for (decision, _) in decisions.iter_mut().zip(&moot).filter(|(_, m)| **m) {
            *decision = Ruling::Again;
        }
        // A probe's task ends whatever its verdict.
        for (i, decision) in decisions.iter_mut().enumerate() {
            if self.probes.contains(&round[i].0) {
                *decision = Ruling::Dull;
            }
        }
        // What the round's commits unlocked together, accounted here in the
        // order of the round (a lane's own follow-ups come with its task).
        for (i, decision) in decisions.iter().enumerate() {
            if *decision == Ruling::Committed {
                let state = verdicts[i].as_ref()?.0.clone();
                let unlocked = self.subject.advanced(&base, &state);
                self.queue_all(unlocked);
            }
        }
        self.tell(round, decisions)
    }

    /// The round's changes in `interesting` (more than one) were: the
    /// first is committed; the others are merged onto the base the round
    /// was tested on, and the merge is the next base, untested (or the
    /// best, when it changes nothing the first did not); if they do not
    /// combine, they try again on the best.
    fn merge_others(
        &mut self,
        base: &Arc<S::State>,
        round: &[Entrant],
        verdicts: &[Option<Found<S>>],
        interesting: &[usize],
        decisions: &mut [Ruling],
    ) -> Option<()> {
        decisions[interesting[0]] = Ruling::Committed;
        let branches: Vec<Arc<S::State>> = interesting
            .iter()
            .filter_map(|&i| verdicts[i].as_ref().map(|v| v.0.clone()))
            .collect();
        let refs: Vec<&S::State> = branches.iter().map(|b| &**b).collect();
        match self.merging.merge(base, &refs, &mut self.scratch) {
            // The others changed nothing the first did not (an
            // overlapping change tested as speculation, inside
            // the first's): the best is the merge, and tested.
            Some(merged)
                if self.merging.state_key(&merged) == self.merging.state_key(&self.best) =>
            {
                self.base = self.best.clone();
                for &i in &interesting[1..] {
                    decisions[i] = Ruling::Committed;
                }
            }
            Some(merged) => {
                bump(&self.run.stats.merges);
                self.base = Arc::new(merged);
                for &i in &interesting[1..] {
                    decisions[i] = Ruling::Committed;
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
                    decisions[i] = Ruling::Again;
                }
            }
        }
        Some(())
    }

    /// Each lane's turn, in the order of the tasks: it hears its verdict
    /// and runs to its next change or its end before the next one hears.
    fn tell(&mut self, round: Vec<Entrant>, decisions: Vec<Ruling>) -> Option<()> {
        for ((slot, order), decision) in round.into_iter().zip(decisions) {
            let best = self.base.clone();
            let message = match decision {
                Ruling::Again => Heard::Retry { best },
                _ => Heard::Decided {
                    committed: decision == Ruling::Committed,
                    best,
                },
            };
            self.lanes[slot].to.heard.send(message).ok()?;
            match self.lanes[slot].from.after.recv().ok()? {
                After::Pending(footprint) => {
                    self.lanes[slot].state = LaneView::Pending(order, footprint);
                }
                After::Ended(follow_ups) => {
                    self.lanes[slot].state = LaneView::Free;
                    self.queue_all(follow_ups);
                }
            }
        }
        Some(())
    }

    /// Gives the states of a round's interesting changes that will not be
    /// committed to [`Subject::release`].
    fn release_found(&self, verdicts: Vec<Option<Found<S>>>) {
        for found in verdicts.into_iter().flatten() {
            self.subject.release(found.0);
        }
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
