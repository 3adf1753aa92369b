//! In-order speculation: one coordinator runs the tasks of a pass exactly as
//! a single worker would (same order, same commits, same result), while the
//! other workers test, ahead of time, the candidates the next tasks will
//! most likely ask for. The result therefore does not depend on `-j` or on
//! how the workers interleave: with a deterministic test, every `-j` gives
//! the text `-j 1` gives.
//!
//! What to test ahead: each time the coordinator needs a verdict it does
//! not know, it walks the tree of the possible verdicts of that test and of
//! the next ones, most likely branch first: a known verdict (in the cache)
//! is followed, an unknown one splits into "not interesting" (the next
//! change applies to the same state) and "interesting" (it applies to the
//! state accepting the candidate gives), weighted by the share of
//! interesting verdicts of that kind of change in this pass so far. The
//! next changes are, in running order, the tasks' first changes
//! ([`crate::task::Job::first_change`]), the changes a task plans for the
//! state it would meet ([`crate::task::Job::changes_on`]: tried one after
//! the other until one is interesting, like a token's canonical names), and
//! the tasks that expansions on the way would queue
//! ([`crate::task::Job::expand_ahead`]: a visit, or a ddmin level, applied
//! to the best), merged into the heap's order. The unknown candidates met
//! first are queued for the workers. A verdict the coordinator then needs
//! is usually known or running (while it runs, the coordinator tests the
//! front of the queue itself). A running test no longer on the likely
//! branches is abandoned ([`Subject::abandon`]); a test run ahead whose
//! verdict is never used is counted as a conflict.
//!
//! A task's changes that depend on more than the state (the next step of a
//! token's shrinking) are tested by the coordinator when it gets there.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet, VecDeque};
use std::sync::Arc;

use parking_lot::{Condvar, Mutex};

use super::queue::{Order, Queue};
use super::{Finished, Run};
use crate::stats::bump;
use crate::task::{Applied, Queued, Subject, Task, Tests};

/// How many candidates the coordinator may render and parse per worker each
/// time it looks ahead (known ones cost a lookup).
const RENDERS_PER_WORKER: usize = 8;
/// How many branches it may look at per worker each time.
const STEPS_PER_WORKER: usize = 64;

/// Candidates handed to the workers.
struct Ahead<C> {
    /// Candidates on the current best, not started, nearest first.
    waiting: VecDeque<(u128, C)>,
    /// Keys being tested, with the worker testing each.
    running: HashMap<u128, usize>,
    /// Running keys whose tests were asked to stop.
    abandoned: HashSet<u128>,
    /// Keys handed to the workers (queued, running or done) that the
    /// coordinator has not asked for yet.
    unused: HashSet<u128>,
    stop: bool,
}

/// What the coordinator and the workers testing ahead share.
struct Handoff<C> {
    ahead: Mutex<Ahead<C>>,
    /// Tests run ahead that gave a verdict.
    ran: std::sync::atomic::AtomicU64,
    /// Signalled when a candidate is queued, a test ends, or the pass stops.
    changed: Condvar,
}

impl<C> Handoff<C> {
    fn stop(&self) {
        self.ahead.lock().stop = true;
        self.changed.notify_all();
    }
}

/// What the coordinator knows to guess ahead: how often candidates are
/// interesting, which candidate a change makes of which state, and the
/// states accepting those candidates gives.
struct Speculation<St> {
    tested: u64,
    interesting: u64,
    /// The same counts per kind of change (reduction).
    by_kind: HashMap<&'static str, (u64, u64)>,
    /// (key of a state, task) -> key of the candidate (`None`: no candidate).
    keys: HashMap<(u128, u64), Option<u128>>,
    /// Key of a candidate -> the state accepting it gives.
    states: HashMap<u128, Arc<St>>,
    /// The keys of `states` with the size of each one's text, oldest first.
    kept: VecDeque<(u128, u64)>,
    /// The sum of those sizes, and the most it may reach.
    kept_bytes: u64,
    budget: u64,
}

impl<St> Speculation<St> {
    /// An empty memory whose states' texts may add up to `budget` bytes.
    fn new(budget: u64) -> Self {
        Speculation {
            tested: 0,
            interesting: 0,
            by_kind: HashMap::new(),
            keys: HashMap::new(),
            states: HashMap::new(),
            kept: VecDeque::new(),
            kept_bytes: 0,
            budget,
        }
    }
}

/// Entries kept before the memory of candidate keys starts afresh.
const KEYS_KEPT: usize = 1 << 16;
/// Accepted states kept at most (each holds a text and its tree).
const STATES_KEPT: usize = 256;
/// The texts of the accepted states kept may add up to this many times the
/// pass's starting text...
const STATE_TEXTS: u64 = 8;
/// ...or to this many bytes, whichever is more: 256 states of a small
/// program fit, while those of a program of some megabytes (2.5 GB of
/// text alone for 10 MB) no longer do.
const STATE_BYTES_MIN: u64 = 16 << 20;

/// The most bytes of text the accepted states that in-order speculation
/// keeps add up to, in a pass that starts from a text of `start_bytes`:
/// what the memory estimate of a run adds for them (their trees share most
/// nodes with the best's; see `job::check_size`).
pub fn speculation_budget(start_bytes: u64) -> u64 {
    start_bytes.saturating_mul(STATE_TEXTS).max(STATE_BYTES_MIN)
}

impl<St> Speculation<St> {
    /// The chance that a candidate of `kind` is interesting, from the
    /// verdicts of this pass: the kind's own share, pulled toward the share
    /// of all kinds (which starts from one imagined success and one failure)
    /// while the kind has few verdicts.
    fn success_rate(&self, kind: &str) -> f64 {
        let all = (self.interesting + 1) as f64 / (self.tested + 2) as f64;
        let (tested, interesting) = self.by_kind.get(kind).copied().unwrap_or_default();
        ((interesting as f64 + 2.0 * all) / (tested as f64 + 2.0)).clamp(0.02, 0.98)
    }

    fn tested(&mut self, kind: &'static str, interesting: bool) {
        self.tested += 1;
        self.interesting += u64::from(interesting);
        let counts = self.by_kind.entry(kind).or_default();
        counts.0 += 1;
        counts.1 += u64::from(interesting);
    }

    fn remember(&mut self, memo: (u128, u64), key: Option<u128>) {
        if self.keys.len() >= KEYS_KEPT {
            self.keys.clear();
        }
        self.keys.insert(memo, key);
    }

    /// Keeps `state`, whose text is `bytes` long, forgetting the oldest
    /// ones kept while there are too many or their texts are too long.
    fn keep(&mut self, key: u128, state: Arc<St>, bytes: u64) {
        while !self.kept.is_empty()
            && (self.kept.len() >= STATES_KEPT || self.kept_bytes + bytes > self.budget)
        {
            let (old, old_bytes) = self.kept.pop_front().expect("not empty");
            self.states.remove(&old);
            self.kept_bytes -= old_bytes;
        }
        if self.states.insert(key, state).is_none() {
            self.kept.push_back((key, bytes));
            self.kept_bytes += bytes;
        }
    }
}

/// A node of the tree of possible verdicts: the state the tests from
/// `position` on would meet if the verdicts before it went as assumed, and
/// how likely that is.
struct Branch<St> {
    likelihood: f64,
    /// The task (0: the change the coordinator is about to test, then the
    /// upcoming tasks in running order)...
    position: usize,
    /// ...and which of the changes it tries on this state.
    index: usize,
    state: (u128, Arc<St>),
}

impl<St> PartialEq for Branch<St> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}
impl<St> Eq for Branch<St> {}
impl<St> PartialOrd for Branch<St> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<St> Ord for Branch<St> {
    /// More likely first; then nearer first.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.likelihood
            .total_cmp(&other.likelihood)
            .then((other.position, other.index).cmp(&(self.position, self.index)))
    }
}

/// A change a task will test: its own, or one computed for a state.
enum Held<'c, C: ?Sized> {
    Borrowed(&'c C),
    Owned(Box<C>),
}

impl<C: ?Sized> std::ops::Deref for Held<'_, C> {
    type Target = C;
    fn deref(&self) -> &C {
        match self {
            Held::Borrowed(c) => c,
            Held::Owned(c) => c,
        }
    }
}

/// The tasks that will run after the current one, in running order, as
/// far as the walk has needed them: the heap's, merged with the tasks that
/// the expansions among them ([`crate::task::Job::expand_ahead`], applied
/// to the best) would queue when they run. A position is a task that may
/// test something, with an id for the memory of its candidates: the
/// heap's sequence number, or for a task an expansion made, a number
/// derived from its expansion's id and its place in it (the same every time
/// the walk makes it).
struct Upcoming<'q, S: Subject> {
    real: std::iter::Peekable<std::collections::btree_map::Iter<'q, Order, Task<S>>>,
    /// Tasks made by expansions, not reached yet, with their ids.
    expanded: BTreeMap<Order, (u64, Task<S>)>,
    /// Tasks made by expansions and reached.
    kept: Vec<Task<S>>,
    /// The heap's next sequence number, continued for the tasks expansions make.
    seq: u64,
    positions: Vec<(u64, Source<'q, S>)>,
    /// Expansions left.
    expansions: usize,
}

enum Source<'q, S: Subject> {
    Heap(&'q Task<S>),
    Expanded(usize),
}

impl<S: Subject> Clone for Source<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Subject> Copy for Source<'_, S> {}

/// The key of the candidate `change` makes of `state`, from the memory
/// under `memo` or by applying it (then remembered, and the candidate
/// returned too).
fn memo_key<S: Subject>(
    speculation: &mut Speculation<S::State>,
    subject: &S,
    scratch: &mut S::Scratch,
    memo: (u128, u64),
    state: &S::State,
    change: &S::Change,
) -> (Option<u128>, Option<S::Candidate>) {
    if let Some(known) = speculation.keys.get(&memo) {
        return (*known, None);
    }
    let (key, candidate) = match subject.apply(state, change, scratch) {
        Applied::Candidate(candidate) => (Some(subject.key(&candidate)), Some(candidate)),
        _ => (None, None),
    };
    speculation.remember(memo, key);
    (key, candidate)
}

/// The memory's id of the `index`th change a task with id `id` plans.
fn planned_id(id: u64, index: usize) -> u64 {
    id ^ ((index as u64) << 40)
}

/// The id of the `index`th task an expansion with id `parent` makes: apart
/// from the heap's sequence numbers (top bit set).
fn expanded_id(parent: u64, index: usize) -> u64 {
    (parent.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (index as u64 + 1)).rotate_left(23) | 1 << 63
}

impl<'q, S: Subject> Upcoming<'q, S> {
    /// Position `at`, with its id and task; `None` past the last task.
    fn at(&mut self, at: usize, subject: &S, best: &S::State) -> Option<(u64, &Task<S>)> {
        while self.positions.len() <= at {
            let from_heap = match (self.real.peek(), self.expanded.first_key_value()) {
                (None, None) => return None,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (Some((heap, _)), Some((made, _))) => *heap < made,
            };
            let (id, source, task) = if from_heap {
                let (order, task) = self.real.next()?;
                (order.seq, Source::Heap(task), task)
            } else {
                let (_, (id, task)) = self.expanded.pop_first()?;
                self.kept.push(task);
                let at = self.kept.len() - 1;
                (id, Source::Expanded(at), &self.kept[at])
            };
            if task.first_change().is_some() {
                self.positions.push((id, source));
                continue;
            }
            let made = if self.expansions > 0 {
                task.expand_ahead(subject, best)
            } else {
                None
            };
            match made {
                Some(tasks) => {
                    self.expansions -= 1;
                    for (i, (priority, task)) in tasks.into_iter().enumerate() {
                        self.seq += 1;
                        let order = Order {
                            tokens: Reverse(priority.tokens),
                            rank: priority.rank,
                            seq: self.seq,
                        };
                        self.expanded.insert(order, (expanded_id(id, i), task));
                    }
                }
                // A task that may compute its first change for a state.
                None => self.positions.push((id, source)),
            }
        }
        let (id, source) = self.positions[at];
        let task = match source {
            Source::Heap(task) => task,
            Source::Expanded(i) => &self.kept[i],
        };
        Some((id, task))
    }
}

/// Runs one pass with in-order speculation (see the module documentation).
pub fn run_in_order<S: Subject>(
    run: &Run<'_>,
    subject: &S,
    start: S::State,
    tasks: Vec<Queued<S>>,
) -> Finished<S> {
    let shared = Handoff {
        ahead: Mutex::new(Ahead {
            waiting: VecDeque::new(),
            running: HashMap::new(),
            abandoned: HashSet::new(),
            unused: HashSet::new(),
            stop: false,
        }),
        changed: Condvar::new(),
        ran: std::sync::atomic::AtomicU64::new(0),
    };
    let queue = Queue::of(tasks);
    let budget = speculation_budget(subject.size(&start).bytes);
    let mut coordinator = Coordinator {
        run,
        subject,
        shared: &shared,
        best: Arc::new(start),
        commits: 0,
        scratch: subject.scratch(0),
        follow_ups: Vec::new(),
        best_key: 0,
        taken: 0,
        speculation: Speculation::new(budget),
        queue,
        planned: (0, Vec::new()),
    };
    std::thread::scope(|s| {
        let workers: Vec<_> = (1..run.jobs)
            .map(|worker| {
                let shared = &shared;
                s.spawn(move || ahead_worker(run, subject, shared, worker))
            })
            .collect();
        // Whatever way the coordinator leaves (a panic included), the
        // workers stop.
        struct StopOnDrop<'a, C>(&'a Handoff<C>);
        impl<C> Drop for StopOnDrop<'_, C> {
            fn drop(&mut self) {
                self.0.stop();
            }
        }
        let stop = StopOnDrop(&shared);
        coordinator.work();
        drop(stop);
        super::rounds::join_all(workers);
    });
    // Every verdict the coordinator used came from its own run, the cache
    // or a run ahead; the other runs ahead were for nothing.
    let ran = shared.ran.load(std::sync::atomic::Ordering::SeqCst);
    run.stats.conflicts.fetch_add(
        ran.saturating_sub(coordinator.taken),
        std::sync::atomic::Ordering::Relaxed,
    );
    Finished {
        best: coordinator.best,
        commits: coordinator.commits,
        merge: None,
        start: super::Handed::No,
    }
}

/// A worker that tests queued candidates and leaves the verdicts in the
/// run's cache.
fn ahead_worker<S: Subject>(run: &Run<'_>, subject: &S, shared: &Handoff<S::Candidate>, id: usize) {
    let mut scratch = subject.scratch(id);
    loop {
        let (key, candidate) = {
            let mut ahead = shared.ahead.lock();
            loop {
                if ahead.stop {
                    return;
                }
                // A budget shared with other reductions is kept for the
                // tests they need; the coordinator takes what waits here.
                if !ahead.waiting.is_empty() && !subject.spare() {
                    shared
                        .changed
                        .wait_for(&mut ahead, std::time::Duration::from_millis(10));
                    continue;
                }
                if let Some((key, candidate)) = ahead.waiting.pop_front() {
                    ahead.running.insert(key, id);
                    break (key, candidate);
                }
                shared.changed.wait(&mut ahead);
            }
        };
        // Ends the test's entry in `running` even if the test panics, so the
        // coordinator never waits for it forever.
        struct Finish<'a, C>(&'a Handoff<C>, u128);
        impl<C> Drop for Finish<'_, C> {
            fn drop(&mut self) {
                let mut ahead = self.0.ahead.lock();
                ahead.running.remove(&self.1);
                ahead.abandoned.remove(&self.1);
                if std::thread::panicking() {
                    ahead.stop = true;
                }
                drop(ahead);
                self.0.changed.notify_all();
            }
        }
        let _finish = Finish(shared, key);
        if run.cache.get(key).is_none() && !run.replaying() {
            if run.judge(key, || subject.test(id, &candidate)).is_some() {
                bump(&shared.ran);
            } else if !run.stopped() {
                bump(&run.stats.abandoned);
            }
        }
        subject.discard(candidate, &mut scratch);
    }
}

/// One look-ahead of the coordinator ([`Coordinator::look_ahead`]): what
/// of the coordinator it reads and fills, and the walk over the tree of
/// possible verdicts, most likely branch first.
struct Walk<'c, 'r, S: Subject> {
    run: &'c Run<'r>,
    subject: &'c S,
    shared: &'c Handoff<S::Candidate>,
    speculation: &'c mut Speculation<S::State>,
    scratch: &'c mut S::Scratch,
    best: &'c Arc<S::State>,
    planned: &'c (u64, Vec<Box<S::Change>>),
    /// The change the coordinator is about to test, and its key.
    current: &'c S::Change,
    current_key: u128,
    /// Candidates queued before and those applied on the way: what the
    /// walk wants goes to `wanted`, the rest is discarded at the end.
    old: Vec<(u128, S::Candidate)>,
    wanted: VecDeque<(u128, S::Candidate)>,
    frontier: BinaryHeap<Branch<S::State>>,
    /// Renders and parses left.
    renders: usize,
    /// Unknown candidates met on the likely branches.
    seen: HashSet<u128>,
}

impl<'c, S: Subject> Walk<'c, '_, S> {
    /// The change at `branch`, its candidate's key (`None`: it makes
    /// none), and whether the task tries another after it on the same state
    /// if it is not interesting. `None` when there is no change there (the
    /// walk goes on at the next task).
    fn change_at<'u>(
        &mut self,
        upcoming: &'u mut Upcoming<'c, S>,
        branch: &Branch<S::State>,
    ) -> Option<(Option<u128>, Held<'u, S::Change>, bool)>
    where
        'c: 'u,
    {
        if branch.position == 0 && branch.index == usize::MAX {
            return Some((Some(self.current_key), Held::Borrowed(self.current), false));
        }
        let (state_key, state) = &branch.state;
        // The task's id and its change at the branch's index.
        let (id, change, more) = if branch.position == 0 {
            let planned: &'c (u64, Vec<Box<S::Change>>) = self.planned;
            let change = planned.1.get(branch.index).map(|c| Held::Borrowed(&**c));
            (planned.0, change, branch.index + 1 < planned.1.len())
        } else {
            let (id, task) = upcoming.at(branch.position - 1, self.subject, self.best)?;
            match task.first_change() {
                Some(change) => (id, Some(Held::Borrowed(change)), false),
                None => {
                    let mut changes = task.changes_on(self.subject, state);
                    let more = branch.index + 1 < changes.len();
                    let change = (branch.index < changes.len())
                        .then(|| Held::Owned(changes.swap_remove(branch.index)));
                    (id, change, more)
                }
            }
        };
        let Some(change) = change else {
            self.frontier.push(Branch {
                likelihood: branch.likelihood,
                position: branch.position + 1,
                index: 0,
                state: branch.state.clone(),
            });
            return None;
        };
        let memo = (*state_key, planned_id(id, branch.index));
        let known = self.speculation.keys.contains_key(&memo);
        let (key, made) = memo_key(
            self.speculation,
            self.subject,
            self.scratch,
            memo,
            state,
            &change,
        );
        if !known {
            self.renders -= 1;
        }
        if let (Some(key), Some(candidate)) = (key, made) {
            self.old.push((key, candidate));
        }
        Some((key, change, more))
    }

    /// Follows `branch`, whose change is `change` (candidate key `key`):
    /// on a known verdict to the one next branch, on an unknown one to both
    /// (the candidate queued for a worker).
    fn follow(
        &mut self,
        branch: Branch<S::State>,
        key: Option<u128>,
        change: &S::Change,
        more: bool,
    ) {
        // Where the walk goes on if the change is not interesting.
        let fail = Branch {
            likelihood: branch.likelihood,
            position: if more {
                branch.position
            } else {
                branch.position + 1
            },
            index: if more { branch.index + 1 } else { 0 },
            state: branch.state.clone(),
        };
        let Some(key) = key else {
            self.frontier.push(fail);
            return;
        };
        let p = self.speculation.success_rate(self.subject.kind(change));
        match self.run.cache.get(key) {
            Some(false) => self.frontier.push(fail),
            Some(true) => {
                if let Some(b) = self.succeed(&branch, &fail, key, change, branch.likelihood) {
                    self.frontier.push(b);
                }
            }
            None => {
                self.seen.insert(key);
                let likelihood = branch.likelihood * p;
                if let Some(b) = self.succeed(&branch, &fail, key, change, likelihood) {
                    self.frontier.push(b);
                }
                // The first change is the coordinator's next test: it runs
                // that itself.
                let queued = branch.position == 0 || {
                    let ahead = self.shared.ahead.lock();
                    ahead.running.contains_key(&key) || self.wanted.iter().any(|(k, _)| *k == key)
                };
                if !queued {
                    self.want(key, &branch.state.1, change);
                }
                self.frontier.push(Branch {
                    likelihood: branch.likelihood * (1.0 - p),
                    ..fail
                });
            }
        }
    }

    /// The branch after `branch`'s change (key `key`) was interesting: on
    /// the state accepting its candidate (kept in the memory, else made).
    fn succeed(
        &mut self,
        branch: &Branch<S::State>,
        fail: &Branch<S::State>,
        key: u128,
        change: &S::Change,
        likelihood: f64,
    ) -> Option<Branch<S::State>> {
        let state = match self.speculation.states.get(&key) {
            Some(state) => state.clone(),
            None => {
                self.renders = self.renders.saturating_sub(1);
                let from = &fail.state.1;
                let Applied::Candidate(c) = self.subject.apply(from, change, self.scratch) else {
                    return None;
                };
                let state = Arc::new(self.subject.accept(from, c, self.scratch));
                let bytes = self.subject.size(&state).bytes;
                self.speculation.keep(key, state.clone(), bytes);
                state
            }
        };
        Some(Branch {
            likelihood,
            position: branch.position + 1,
            index: 0,
            state: (key, state),
        })
    }

    /// Queues the candidate `key` (`change` on `state`) for the workers:
    /// the one made on the way, else made now.
    fn want(&mut self, key: u128, state: &S::State, change: &S::Change) {
        let at = self.old.iter().position(|(k, _)| *k == key);
        let candidate = match at {
            Some(at) => Some(self.old.swap_remove(at).1),
            None => match self.subject.apply(state, change, self.scratch) {
                Applied::Candidate(c) => Some(c),
                _ => None,
            },
        };
        if let Some(candidate) = candidate {
            self.wanted.push_back((key, candidate));
        }
    }
}

struct Coordinator<'a, 'r, S: Subject> {
    run: &'a Run<'r>,
    subject: &'a S,
    shared: &'a Handoff<S::Candidate>,
    best: Arc<S::State>,
    commits: u64,
    scratch: S::Scratch,
    follow_ups: Vec<Queued<S>>,
    /// The key of the candidate the best was made from (0 for the start).
    best_key: u128,
    /// Verdicts taken from tests run ahead.
    taken: u64,
    speculation: Speculation<S::State>,
    /// The tasks still to run.
    queue: Queue<S>,
    /// The running task's sequence number and the changes it planned on
    /// the best it met ([`crate::task::Job::changes_on`]).
    planned: (u64, Vec<Box<S::Change>>),
}

impl<S: Subject> Coordinator<'_, '_, S> {
    fn work(&mut self) {
        while let Some((order, task)) = self.queue.tasks.pop_first() {
            self.planned = (order.seq, Vec::new());
            if self.run.jobs > 1 && task.first_change().is_none() {
                self.planned.1 = task.changes_on(self.subject, &self.best);
            }
            if self.run.stopped() {
                break;
            }
            let own = task.run(self);
            // Follow-ups of commits first, then the task's own.
            let mut follow_ups = std::mem::take(&mut self.follow_ups);
            follow_ups.extend(own);
            for (priority, task) in follow_ups {
                self.queue.push(priority, task);
            }
        }
    }

    /// Refills the workers' queue with the candidates the coming tests are
    /// most likely to need (see [`Speculation`]), just before the
    /// coordinator needs the unknown verdict on `current_key` (`current`
    /// applied to the best): that verdict and the first changes of the tasks
    /// on the heap, each applied to the best it will most likely meet.
    fn look_ahead(&mut self, current: &S::Change, current_key: u128) {
        let workers = self.run.jobs - 1;
        let index = self.plan_index(current_key);
        // Candidates queued before (some may stay) and those applied now.
        let previous: Vec<(u128, S::Candidate)> = {
            let mut ahead = self.shared.ahead.lock();
            ahead.waiting.drain(..).collect()
        };
        let previous_keys: Vec<u128> = previous.iter().map(|(k, _)| *k).collect();
        // The tasks' first changes, taken from the heap as the walk reaches
        // them (most give no candidate: implied or rejected), with the tasks
        // that expansions on the way (visits) would queue.
        let mut upcoming = Upcoming {
            real: self.queue.tasks.iter().peekable(),
            expanded: BTreeMap::new(),
            kept: Vec::new(),
            seq: self.queue.seq,
            positions: Vec::new(),
            expansions: workers * STEPS_PER_WORKER,
        };
        let mut walk = Walk {
            run: self.run,
            subject: self.subject,
            shared: self.shared,
            speculation: &mut self.speculation,
            scratch: &mut self.scratch,
            best: &self.best,
            planned: &self.planned,
            current,
            current_key,
            old: previous,
            wanted: VecDeque::new(),
            frontier: BinaryHeap::from([Branch {
                likelihood: 1.0,
                position: 0,
                index,
                state: (self.best_key, self.best.clone()),
            }]),
            renders: workers * RENDERS_PER_WORKER,
            seen: HashSet::new(),
        };
        let mut steps = workers * STEPS_PER_WORKER;
        while let Some(branch) = walk.frontier.pop() {
            if walk.wanted.len() >= workers || walk.renders == 0 || steps == 0 {
                break;
            }
            steps -= 1;
            if let Some((key, change, more)) = walk.change_at(&mut upcoming, &branch) {
                walk.follow(branch, key, &change, more);
            }
        }
        let Walk {
            old, wanted, seen, ..
        } = walk;
        drop(upcoming);
        self.publish(&previous_keys, wanted, &seen, old);
    }

    /// Where the coordinator's next test (`current_key`) is in the current
    /// task's plan (`usize::MAX`: not in it).
    fn plan_index(&mut self, current_key: u128) -> usize {
        for (i, change) in self.planned.1.iter().enumerate() {
            let memo = (self.best_key, planned_id(self.planned.0, i));
            let (key, made) = memo_key(
                &mut self.speculation,
                self.subject,
                &mut self.scratch,
                memo,
                &self.best,
                change,
            );
            if let Some(candidate) = made {
                self.subject.discard(candidate, &mut self.scratch);
            }
            if key == Some(current_key) {
                return i;
            }
        }
        usize::MAX
    }

    /// Hands the candidates a look-ahead wants tested to the workers, and
    /// stops the tests running on branches that are no longer likely.
    fn publish(
        &mut self,
        previous_keys: &[u128],
        wanted: VecDeque<(u128, S::Candidate)>,
        seen: &HashSet<u128>,
        old: Vec<(u128, S::Candidate)>,
    ) {
        let mut ahead = self.shared.ahead.lock();
        for key in previous_keys {
            if !wanted.iter().any(|(k, _)| k == key) {
                ahead.unused.remove(key);
            }
        }
        for (key, _) in &wanted {
            ahead.unused.insert(*key);
        }
        ahead.waiting = wanted;
        // Tests running on branches that are no longer likely stop, so
        // their workers take the queued ones. (A worker removes its key
        // under this lock before its next test, so the call cannot reach
        // that next test.)
        let off: Vec<(u128, usize)> = ahead
            .running
            .iter()
            .filter(|(key, _)| !seen.contains(*key) && !ahead.abandoned.contains(*key))
            .map(|(key, worker)| (*key, *worker))
            .collect();
        for (key, worker) in off {
            self.subject.abandon(worker);
            ahead.abandoned.insert(key);
            ahead.unused.remove(&key);
        }
        drop(ahead);
        self.shared.changed.notify_all();
        for (_, candidate) in old {
            self.subject.discard(candidate, &mut self.scratch);
        }
    }

    /// The verdict on `key`: from a test run ahead (waiting for it if it is
    /// running), else by running `test` here.
    fn verdict(
        &mut self,
        key: u128,
        test: impl FnOnce() -> Result<crate::oracle::Verdict, crate::oracle::OracleError>,
    ) -> Option<bool> {
        let mut ahead = self.shared.ahead.lock();
        if ahead.unused.remove(&key) {
            if let Some(at) = ahead.waiting.iter().position(|(k, _)| *k == key) {
                // Not started yet: run it here instead.
                let (_, candidate) = ahead.waiting.remove(at).expect("position is in range");
                drop(ahead);
                self.subject.discard(candidate, &mut self.scratch);
            } else {
                while ahead.running.contains_key(&key) && !ahead.stop {
                    // Rather than idle, test what the workers would test next.
                    let Some((next, candidate)) = ahead.waiting.pop_front() else {
                        self.shared.changed.wait(&mut ahead);
                        continue;
                    };
                    ahead.running.insert(next, 0);
                    drop(ahead);
                    if self.run.cache.get(next).is_none()
                        && self
                            .run
                            .judge(next, || self.subject.test(0, &candidate))
                            .is_some()
                    {
                        bump(&self.shared.ran);
                    }
                    self.subject.discard(candidate, &mut self.scratch);
                    ahead = self.shared.ahead.lock();
                    ahead.running.remove(&next);
                }
                drop(ahead);
                if let Some(verdict) = self.run.cache.get(key) {
                    self.taken += 1;
                    return Some(verdict);
                }
                // The test ahead gave no verdict (an oracle error, or the run
                // stopped): try it here.
            }
        } else {
            drop(ahead);
        }
        self.run.test(key, test)
    }

    /// Installs `next`, made from the candidate with `key`, as the best.
    fn commit(&mut self, key: u128, next: Arc<S::State>) {
        self.best = next;
        self.best_key = key;
        self.commits += 1;
        super::announce(self.run, self.subject, &self.best);
    }
}

impl<S: Subject> Tests<S> for Coordinator<'_, '_, S> {
    fn subject(&self) -> &S {
        self.subject
    }

    fn snapshot(&self) -> Arc<S::State> {
        self.best.clone()
    }

    fn try_change(&mut self, change: &S::Change) -> bool {
        let (run, subject, stats) = (self.run, self.subject, self.run.stats);
        if run.stopped() {
            return false;
        }
        let best = self.best.clone();
        let Some(candidate) = super::candidate(stats, subject, &best, change, &mut self.scratch)
        else {
            return false;
        };
        let key = subject.key(&candidate);
        if run.jobs > 1 && run.cache.get(key).is_none() {
            self.look_ahead(change, key);
        }
        let verdict = self.verdict(key, || subject.test(0, &candidate));
        stats.candidate(subject.kind(change), verdict == Some(true));
        if let Some(interesting) = verdict {
            self.speculation.tested(subject.kind(change), interesting);
        }
        if verdict != Some(true) {
            if verdict == Some(false) {
                subject.failed(change, &best, &candidate);
            }
            subject.discard(candidate, &mut self.scratch);
            return false;
        }
        let next = Arc::new(subject.accept(&best, candidate, &mut self.scratch));
        self.commit(key, next.clone());
        let follow_ups = subject.committed(change, &best, &next);
        self.follow_ups.extend(follow_ups);
        let unlocked = subject.advanced(&best, &next);
        self.follow_ups.extend(unlocked);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_states_are_bounded_by_their_bytes_and_their_number() {
        let mut memory: Speculation<u32> = Speculation::new(100);
        for key in 0..3 {
            memory.keep(key, Arc::new(key as u32), 40);
        }
        // The oldest went to make room: 80 bytes of 100.
        assert!(!memory.states.contains_key(&0));
        assert!(memory.states.contains_key(&1) && memory.states.contains_key(&2));
        assert_eq!(memory.kept_bytes, 80);
        // One larger than the whole budget is still kept, alone.
        memory.keep(9, Arc::new(9), 150);
        assert_eq!(memory.states.len(), 1);
        assert_eq!(memory.kept_bytes, 150);

        let mut memory: Speculation<u32> = Speculation::new(u64::MAX);
        for key in 0..1000 {
            memory.keep(key, Arc::new(0), 1);
        }
        assert_eq!(memory.states.len(), STATES_KEPT);
        assert!(memory.states.contains_key(&999));
        assert_eq!(memory.kept.len(), STATES_KEPT);
    }

    #[test]
    fn the_budget_grows_with_the_input() {
        assert_eq!(speculation_budget(1000), STATE_BYTES_MIN);
        assert_eq!(speculation_budget(10 << 20), 80 << 20);
    }
}
