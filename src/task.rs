//! The vocabulary the engine and what it reduces share: tasks and their
//! priorities, the [`Subject`] a pass reduces, [`Tests`] (how a running task
//! tests changes) and the [`Observer`] of progress. It sits below both the
//! engine (which schedules tasks without knowing what they change) and the
//! reductions (which propose tasks without knowing how they are scheduled),
//! so neither imports the other.
//!
//! A subject is whatever renders a candidate from a change and can be
//! tested: the syntax tree of one file (`reduce::TreeSubject`), the whole text for
//! whitespace tidying (`reduce::text::tidy::Text`), and, for the modes to come, a
//! list of differences patched onto a seed or the loops and choices of a
//! generator's run.

use std::sync::Arc;

use crate::oracle::{OracleError, Verdict};
use crate::stats::Size;

/// Scheduling order of a task: more tokens first; on a tie, lower rank
/// first; then first pushed, first popped (so a single worker is deterministic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Priority {
    /// Size of the task in tokens (what it removes, or the node it expands).
    pub tokens: u64,
    /// Tie-break between task kinds (0 first).
    pub rank: u8,
}

/// A unit of work on the heap: it runs, possibly tests changes through
/// [`Tests`], and returns its follow-up tasks.
pub trait Job<S: Subject>: Send {
    /// Runs the task. The follow-ups are queued in one step with its
    /// completion, so a pass cannot end while they are on their way.
    fn run(self: Box<Self>, tests: &mut dyn Tests<S>) -> Vec<Queued<S>>;

    /// The change the task will test first, if it is known before the task
    /// runs: the engine may test it ahead of time on spare workers. A task
    /// whose first change the best it meets implies tests nothing else
    /// (the engine may then run it without testing anything).
    fn first_change(&self) -> Option<&S::Change> {
        None
    }

    /// For a task whose changes depend on the best it meets (and are
    /// therefore not known before it runs): the first changes it would test
    /// if it ran on `state`, in order, each tested only if the ones before
    /// were not interesting (the task ends at the first interesting one).
    /// The engine may test them ahead too.
    fn changes_on(&self, _subject: &S, _state: &S::State) -> Vec<Box<S::Change>> {
        Vec::new()
    }

    /// For a task that tests nothing and only queues tasks (a visit): the
    /// tasks it would queue if it ran on `state`, so that the engine can
    /// look past it for changes to test ahead.
    fn expand_ahead(&self, _subject: &S, _state: &S::State) -> Option<Vec<Queued<S>>> {
        None
    }
}

/// A task of subject `S`.
pub type Task<S> = Box<dyn Job<S>>;

/// A task with its priority, ready for the heap.
pub type Queued<S> = (Priority, Task<S>);

/// The part of a state a change touches: sorted, disjoint ranges in the
/// subject's own numbering (for a syntax tree, preorder node ids, so a
/// node's range covers its subtree), and claims on resources that two
/// changes must not take at once. Changes tested side by side on one best
/// have their results merged ([`Merging::merge`]): two changes whose ranges
/// overlap would mostly make one another moot (deleting a function and a
/// statement in it), so a group prefers disjoint ones; two with a common
/// claim (two names canonicalized to the same fresh name) would spoil
/// each other's merge, so they never share a group.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    ranges: Vec<(u64, u64)>,
    claims: Vec<u64>,
    alone: bool,
    /// What the change removes: a change that touches only parts of it
    /// has nothing left to do once this one is in.
    gone: Vec<(u64, u64)>,
    /// The change only deletes.
    deletion: bool,
    /// The change deletes several nodes at once (a ddmin chunk, or a name
    /// with its uses).
    several: bool,
}

impl Footprint {
    /// The footprint of a change that may touch anything: it is tested in a
    /// group of its own.
    pub fn everything() -> Footprint {
        Footprint {
            alone: true,
            ..Footprint::default()
        }
    }

    /// The footprint covering the half-open `ranges` (in any order).
    pub fn of(ranges: impl IntoIterator<Item = (u64, u64)>) -> Footprint {
        let mut ranges: Vec<(u64, u64)> = ranges.into_iter().filter(|r| r.0 < r.1).collect();
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (start, end) in ranges {
            match merged.last_mut() {
                Some(last) if start <= last.1 => last.1 = last.1.max(end),
                _ => merged.push((start, end)),
            }
        }
        Footprint {
            ranges: merged,
            ..Footprint::default()
        }
    }

    /// This footprint with `ranges` (in any order) removed by the change.
    pub fn removing(mut self, ranges: impl IntoIterator<Item = (u64, u64)>) -> Footprint {
        self.gone = Footprint::of(ranges).ranges;
        self
    }

    /// This footprint, of a change that makes `deletions` deletions and
    /// `others` other edits.
    pub fn deleting(mut self, deletions: usize, others: usize) -> Footprint {
        self.deletion = others == 0;
        self.several = deletions >= 2;
        self
    }

    /// Whether a change that is not a deletion and lies under this one
    /// should wait rather than fill a spare place of its round: this change
    /// deletes several nodes, so if it fails, the smaller deletions that
    /// follow it (ddmin's next level) come first in the order one worker
    /// would follow, and they usually delete what `other` changes; if it is
    /// interesting, `other`'s test is not run at all. Tested beside it,
    /// `other` is a test a sequential pass would not make: the tests of
    /// `-j 1` in rounds came to 1.29x those of `--width 1` on the bundled
    /// c-too-many-args (doc/benchmarks.md, "Scaling").
    pub fn chunk(&self, other: &Footprint) -> bool {
        self.several && !other.deletion && self.covers(other)
    }

    /// Whether everything `other` touches is removed by this change: once
    /// this one is in, `other` has nothing left to do.
    ///
    /// One walk over both lists, sorted and disjoint: a range is covered
    /// only by the last removed range that starts at or before it. (Each
    /// range against every removed one took minutes on a 10 MB program,
    /// whose coarse chunks are thousands of ranges: it ran for each lane
    /// joining a round, on the coordinator's thread.)
    pub fn covers(&self, other: &Footprint) -> bool {
        let mut gone = self.gone.iter().peekable();
        let mut last = None;
        !other.ranges.is_empty()
            && other.ranges.iter().all(|&(start, end)| {
                while let Some(&&(from, to)) = gone.peek() {
                    if from > start {
                        break;
                    }
                    last = Some(to);
                    gone.next();
                }
                last.is_some_and(|to| end <= to)
            })
    }

    /// This footprint with a claim on `key` too.
    pub fn claiming(mut self, key: u64) -> Footprint {
        if !self.claims.contains(&key) {
            self.claims.push(key);
        }
        self
    }

    /// Whether the change must be tested alone.
    pub fn alone(&self) -> bool {
        self.alone
    }

    /// Whether the two touch a common part.
    pub fn overlaps(&self, other: &Footprint) -> bool {
        let (mut a, mut b) = (
            self.ranges.iter().peekable(),
            other.ranges.iter().peekable(),
        );
        while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
            if x.1 <= y.0 {
                a.next();
            } else if y.1 <= x.0 {
                b.next();
            } else {
                return true;
            }
        }
        false
    }

    /// Whether the two must not share a group: a common claim.
    pub fn conflicts(&self, other: &Footprint) -> bool {
        self.claims.iter().any(|c| other.claims.contains(c))
    }

    /// Adds what `other` covers and claims.
    pub fn extend(&mut self, other: &Footprint) {
        let ranges = Footprint::of(self.ranges.iter().chain(&other.ranges).copied()).ranges;
        self.ranges = ranges;
        for &c in &other.claims {
            if !self.claims.contains(&c) {
                self.claims.push(c);
            }
        }
        self.alone |= other.alone;
    }
}

/// What [`Subject::apply`] made of a change.
pub enum Applied<C> {
    /// The best already has it (or it no longer applies): nothing to test.
    Implied,
    /// The candidate is malformed (new parse errors): dropped without a test.
    Rejected,
    /// The subject knows without a test that the candidate is not worth
    /// one now (the syntax subject: the same change failed in an earlier
    /// pass, see `reduce::memory`): dropped like a malformed one.
    Skipped,
    /// A candidate to test.
    Candidate(C),
    /// The run was stopped while the candidate was made (its parse gave
    /// up): nothing to test, and nothing to count.
    Stopped,
}

/// What a pass reduces (see the module documentation). The engine calls it
/// from every worker at once, so every method takes `&self`.
pub trait Subject: Sync + Sized {
    /// A version of the program: the best so far.
    type State: Send + Sync;
    /// The best with one change applied, before it is tested.
    type Candidate: Send;
    /// A proposed change. The engine may apply it to a best it expects
    /// (to test it ahead) and again to the best the task meets, so it
    /// describes an intent, not a diff.
    type Change: ?Sized + Send + Sync + 'static;
    /// Per-worker tools reused across candidates (a parser, a buffer).
    type Scratch: Send;

    /// The tools of worker `worker`.
    fn scratch(&self, worker: usize) -> Self::Scratch;
    /// `best` with `change`, rendered and checked without running the test.
    fn apply(
        &self,
        best: &Self::State,
        change: &Self::Change,
        scratch: &mut Self::Scratch,
    ) -> Applied<Self::Candidate>;
    /// The first part of [`Subject::apply`]: what depends on the pass's
    /// earlier verdicts (implied, skipped) and the text the test will see
    /// (the candidate's [`Subject::key`]), without the check that only
    /// looks at the candidate itself ([`Subject::check`]), so that the
    /// check of a round's candidates can run side by side. `apply` is
    /// `prepare` then `check`; the default does all of it here.
    fn prepare(
        &self,
        best: &Self::State,
        change: &Self::Change,
        scratch: &mut Self::Scratch,
    ) -> Applied<Self::Candidate> {
        self.apply(best, change, scratch)
    }
    /// The rest of [`Subject::apply`] for a candidate [`Subject::prepare`]
    /// made on `best`: the candidate, or rejected if it is malformed (for
    /// a program: it parses with more errors than `best`). It depends on
    /// the candidate alone, never on what other changes did meanwhile.
    fn check(
        &self,
        _best: &Self::State,
        candidate: Self::Candidate,
        _scratch: &mut Self::Scratch,
    ) -> Applied<Self::Candidate> {
        Applied::Candidate(candidate)
    }
    /// The verdict cache's key of a candidate (a hash of what the test sees).
    fn key(&self, candidate: &Self::Candidate) -> u128;
    /// Runs the interestingness test on a candidate.
    fn test(&self, worker: usize, candidate: &Self::Candidate) -> Result<Verdict, OracleError>;
    /// The test running for `worker` is no longer needed (see
    /// [`crate::Oracle::abandon`]).
    fn abandon(&self, _worker: usize) {}
    /// Whether a test run ahead may start now (see [`crate::Oracle::spare`]).
    fn spare(&self) -> bool {
        true
    }
    /// The most scripts one test runs at once (see
    /// [`crate::Oracle::scripts`]).
    fn scripts(&self) -> usize {
        1
    }
    /// Turns an interesting candidate into the new best.
    fn accept(
        &self,
        best: &Self::State,
        candidate: Self::Candidate,
        scratch: &mut Self::Scratch,
    ) -> Self::State;
    /// A candidate that was not accepted; its buffers may go back to `scratch`.
    fn discard(&self, _candidate: Self::Candidate, _scratch: &mut Self::Scratch) {}
    /// A state the engine holds no more, once the run is stopped (an
    /// untested merge, a round's other findings): the subject may free it
    /// where the end of the run does not wait for it. The default drops it.
    fn release(&self, _state: Arc<Self::State>) {}
    /// The size of a state, for statistics and progress.
    fn size(&self, state: &Self::State) -> Size;
    /// The statistics key of a change: the name of the reduction behind it.
    fn kind(&self, change: &Self::Change) -> &'static str;
    /// Improvement number `seq` (increasing in commit order) made `best` the
    /// new best. Called outside the engine's locks.
    fn improved(&self, seq: u64, best: &Self::State);
    /// `candidate`, made from `change` on `best`, is not interesting.
    fn failed(&self, _change: &Self::Change, _best: &Self::State, _candidate: &Self::Candidate) {}
    /// How the subject merges the results of changes tested side by side,
    /// so that a pass may test groups of changes with disjoint footprints at
    /// once (see `engine::group`); `None` (the default): it cannot, and
    /// every pass commits in the order of `-j 1`.
    fn merging(&self) -> Option<&dyn Merging<Self>> {
        None
    }
    /// `change` turned `before` into `after`: the tasks that became possible
    /// through this change (its own follow-ups). In rounds a lane calls it,
    /// beside the other lanes.
    fn committed(
        &self,
        _change: &Self::Change,
        _before: &Self::State,
        _after: &Self::State,
    ) -> Vec<Queued<Self>> {
        Vec::new()
    }
    /// A commit turned `before` into `after`: the tasks that became possible
    /// through what the pass's commits did together (a failed deletion
    /// whose names lost their last uses elsewhere, [`crate::reduce::retries`]),
    /// in an order of their own. The engine calls it once per commit, in
    /// the order of the commits, never beside another call of it or of
    /// [`Subject::failed`] (in rounds: by the coordinator, before the lanes
    /// hear their verdicts), so what it returns depends on the verdicts
    /// only, not on which lane got there first.
    fn advanced(&self, _before: &Self::State, _after: &Self::State) -> Vec<Queued<Self>> {
        Vec::new()
    }
    /// The first `most` changes the pass after this one tests on `state`,
    /// the pass's start, if this pass commits nothing. In rounds the
    /// engine tests them as probes in the places a pass's last rounds
    /// leave free (see `engine::group`): the next pass finds their
    /// verdicts known. The default: none.
    fn next_pass(&self, _state: &Self::State, _most: usize) -> Vec<NextChange<Self::Change>> {
        Vec::new()
    }
}

/// A change the next pass tests first ([`Subject::next_pass`]).
pub struct NextChange<C: ?Sized> {
    pub change: Box<C>,
    /// An earlier change of the list that the next pass tests before this
    /// one, and this one only if that is not interesting: a probe of this
    /// one is moot once a probe of that one is interesting.
    pub unless: Option<usize>,
}

impl<C: ?Sized> NextChange<C> {
    /// A change tested whatever the others' verdicts.
    pub fn first(change: Box<C>) -> Self {
        NextChange {
            change,
            unless: None,
        }
    }
}

/// What a subject whose states can be merged adds to [`Subject`] (see
/// [`Subject::merging`]): only such a subject runs in rounds of lanes.
pub trait Merging<S: Subject>: Sync {
    /// What `change` would touch on `state`; `None` when it has nothing to
    /// do there (the state implies it).
    fn footprint(&self, state: &S::State, change: &S::Change) -> Option<Footprint>;
    /// The state holding, on top of `base`, everything each of `branches`
    /// (states made from `base` by one commit each) changed; not tested.
    /// `None` if they cannot be combined (for a program: the combination
    /// does not parse as well as `base`).
    fn merge(
        &self,
        base: &S::State,
        branches: &[&S::State],
        scratch: &mut S::Scratch,
    ) -> Option<S::State>;
    /// The verdict cache's key of a state made by [`Merging::merge`].
    fn state_key(&self, state: &S::State) -> u128;
    /// Runs the interestingness test on a state made by [`Merging::merge`].
    fn test_state(&self, worker: usize, state: &S::State) -> Result<Verdict, OracleError>;
    /// A change that makes, on any state, what the commit that made
    /// `branch` out of `base` changed (`kind`: its reduction), so that a
    /// commit lost with a merge that was not interesting can be tried again;
    /// `None` if the subject cannot say.
    fn rebase(
        &self,
        base: &S::State,
        branch: &S::State,
        kind: &'static str,
    ) -> Option<Box<S::Change>>;
}

/// What a running task may do: read the current best and test changes
/// through the engine's one attempt/commit path (apply, check, cache, test,
/// commit, follow-ups).
pub trait Tests<S: Subject> {
    /// The subject of the pass.
    fn subject(&self) -> &S;
    /// The current best.
    fn snapshot(&self) -> Arc<S::State>;
    /// Tests `change` on the current best and commits it if interesting;
    /// whether it was committed.
    fn try_change(&mut self, change: &S::Change) -> bool;

    /// The changes the task will try after its next [`Tests::try_change`],
    /// in order, each only if the ones before it are not interesting (on
    /// the same best): a hint, which changes no verdict. In rounds, places
    /// a round leaves free test them ahead, and the task then finds their
    /// verdicts in the cache.
    fn plan(&mut self, _next: Vec<Box<S::Change>>) {}
}

/// Where a reduction reports progress; called from worker threads.
pub trait Observer: Sync {
    /// A new best program. `seq` grows with every improvement, so a listener
    /// that receives them out of order can keep only the newest.
    fn improved(&self, _seq: u64, _text: &[u8]) {}
    /// A new phase begins.
    fn phase(&self, _phase: Phase) {}
}

/// The phases of a reduction, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Checking that the input is interesting.
    Check,
    /// The coarse pass over a large program (top-level items in ddmin
    /// chunks, before the first reduction pass).
    Coarse,
    /// Reduction pass number n (1-based).
    Reduce(usize),
    /// Reduction pass number n with token canonicalization.
    Canon(usize),
    /// The files of a project that no program holds: deleted, or reduced
    /// by lines.
    Files,
    /// Tidying whitespace.
    Tidy,
    /// Laying the result out from its syntax tree.
    Layout,
    /// Running the language's formatter on the result.
    Format,
    /// Re-checking the result.
    Verify,
}

/// An observer that ignores everything.
pub struct Silent;
impl Observer for Silent {}

#[cfg(test)]
mod tests {
    use super::Footprint;

    /// Sorted, disjoint ranges from a list of (gap, length) pairs.
    fn ranges(steps: &[(u64, u64)]) -> Vec<(u64, u64)> {
        let mut at = 0;
        let mut out = Vec::new();
        for &(gap, len) in steps {
            out.push((at + gap, at + gap + len));
            at += gap + len;
        }
        out
    }

    /// Only a change that is not a deletion, under a change that deletes
    /// several nodes, waits for it (a deletion under it is ddmin's smaller
    /// chunk, what a sequential pass tests next).
    #[test]
    fn a_change_under_a_chunk_waits_for_it_unless_it_deletes() {
        let chunk = Footprint::of([(0, 10)]).removing([(0, 10)]).deleting(2, 0);
        let single = Footprint::of([(0, 10)]).removing([(0, 10)]).deleting(1, 0);
        let hoist = Footprint::of([(3, 5)]).deleting(0, 1);
        let half = Footprint::of([(3, 5)]).removing([(3, 5)]).deleting(2, 0);
        let outside = Footprint::of([(12, 14)]).deleting(0, 1);
        assert!(chunk.chunk(&hoist));
        assert!(!chunk.chunk(&half));
        assert!(!chunk.chunk(&outside));
        assert!(!single.chunk(&hoist));
        // A change with other edits besides its deletions is not one.
        let renaming = Footprint::of([(3, 5)]).deleting(1, 1);
        assert!(chunk.chunk(&renaming));
    }

    proptest::proptest! {
        /// The one walk of `covers` agrees with its definition: every
        /// range of the other lies inside one removed range.
        #[test]
        fn covers_is_its_definition(
            touched in proptest::collection::vec((0u64..4, 1u64..4), 0..12),
            removed in proptest::collection::vec((0u64..4, 1u64..6), 0..12),
        ) {
            let mine = Footprint::of([]).removing(ranges(&removed));
            let other = Footprint::of(ranges(&touched));
            let expected = !other.ranges.is_empty()
                && other.ranges.iter().all(|&(start, end)| {
                    mine.gone.iter().any(|&(from, to)| from <= start && end <= to)
                });
            proptest::prop_assert_eq!(mine.covers(&other), expected);
        }
    }
}
