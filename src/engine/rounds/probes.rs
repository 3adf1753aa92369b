//! Probes: the places a formed round leaves free test ahead the changes
//! its lanes' tasks plan to test next, and, in a pass's last rounds on its
//! start, what the next pass tests first.

use std::collections::{HashSet, VecDeque};

use super::form::Forming;
use super::protocol::{Began, Found};
use super::{Coordinator, Entrant};
use crate::engine::queue::Order;
use crate::task::{Footprint, Job, NextChange, Queued, Subject, Task, Tests};

/// A change another task plans to test, tested ahead in a place a round
/// leaves free ([`Coordinator::probe`]).
struct Probe<C: ?Sized>(Box<C>);

impl<S: Subject> Job<S> for Probe<S::Change> {
    fn run(self: Box<Self>, tests: &mut dyn Tests<S>) -> Vec<Queued<S>> {
        tests.try_change(&self.0);
        Vec::new()
    }
}

/// What the coordinator keeps of its probes ([`Coordinator::probe`]):
/// the plans the round's lanes sent, which lanes of the round probe, and
/// how far the next pass's list was probed.
pub(super) struct Probes<S: Subject> {
    /// By slot: what the lane's task plans to test after the change it
    /// tests in the round being formed ([`Tests::plan`]).
    planned: Vec<Vec<Box<S::Change>>>,
    /// The slots of the round's probes.
    slots: Vec<usize>,
    /// Probes started in the pass, for their order in a round.
    started: u64,
    /// What the next pass tests first ([`Subject::next_pass`]) and no
    /// probe has tested yet, each with its place in the list; computed in
    /// the first round that may probe it.
    next_pass: Option<VecDeque<(usize, NextChange<S::Change>)>>,
    /// The round's probes of those: (place in the list, slot, place on the
    /// board).
    next_probes: Vec<(usize, usize, usize)>,
    /// The places in the list of those a probe found interesting in an
    /// earlier round: a change whose `unless` names one of them is not
    /// probed.
    next_held: HashSet<usize>,
}

impl<S: Subject> Probes<S> {
    /// No plans yet for `width` lanes, nothing probed.
    pub(super) fn new(width: usize) -> Probes<S> {
        Probes {
            planned: (0..width).map(|_| Vec::new()).collect(),
            slots: Vec::new(),
            started: 0,
            next_pass: None,
            next_probes: Vec::new(),
            next_held: HashSet::new(),
        }
    }

    /// The lane in `slot` tests in the round being formed, and its task
    /// plans to test `plan` after that change.
    pub(super) fn plan(&mut self, slot: usize, plan: Vec<Box<S::Change>>) {
        self.planned[slot] = plan;
    }

    /// Whether the lane in `slot` probes in the round.
    pub(super) fn probing(&self, slot: usize) -> bool {
        self.slots.contains(&slot)
    }

    /// The next change of the next pass's list to probe (see
    /// [`Coordinator::probe`]), with its place in the list and the places
    /// on the board of this round's probes of the change it is tested only
    /// unless ([`NextChange::unless`]): it is moot once that one is
    /// interesting. One whose `unless` was interesting in an earlier round
    /// is passed over.
    fn next_of_next_pass(
        &mut self,
        subject: &S,
        base: &S::State,
        width: usize,
    ) -> Option<(Box<S::Change>, usize, Vec<usize>)> {
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
    /// them is not probed any more ([`Probes::next_of_next_pass`]).
    pub(super) fn note_held(
        &mut self,
        round: &[Entrant],
        verdicts: &[Option<Found<S>>],
        moot: &[bool],
    ) {
        for (k, slot, _) in std::mem::take(&mut self.next_probes) {
            let held =
                (0..round.len()).any(|i| round[i].0 == slot && !moot[i] && verdicts[i].is_some());
            if held {
                self.next_held.insert(k);
            }
        }
    }
}

impl<S: Subject> Coordinator<'_, '_, S> {
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
    pub(super) fn probe(&mut self, f: &mut Forming<S>) -> Option<()> {
        let planned: Vec<Vec<Box<S::Change>>> =
            self.probes.planned.iter_mut().map(std::mem::take).collect();
        self.probes.slots.clear();
        // (A round formed again, its first formation's lanes all ended,
        // has a new board.)
        self.probes.next_probes.clear();
        if f.alone || f.held {
            return Some(());
        }
        let limit = f.width.min(self.width - usize::from(self.tentative()));
        let mut lanes = f.round.clone();
        lanes.sort_by_key(|e| e.1);
        // Under every lane of the round, where it stands on the board now
        // (a lane that went past changes without a test took a new place).
        let under = self.board.places(lanes.iter().map(|e| e.0));
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
                None => match next_pass
                    .then(|| {
                        self.probes
                            .next_of_next_pass(self.subject, &self.base, self.width)
                    })
                    .flatten()
                {
                    Some((change, k, unless)) => (change, Some((k, unless))),
                    None => break,
                },
            };
            f.footprints.retain(|(s, ..)| *s != free);
            let mut under = under.clone();
            under.extend(next.iter().flat_map(|(_, unless)| unless));
            let place = self.board.join_probe(free, under);
            f.footprints.push((free, place, Footprint::default()));
            self.probes.started += 1;
            let order = Order {
                tokens: std::cmp::Reverse(0),
                rank: u8::MAX,
                seq: self.probes.started,
            };
            let task: Task<S> = Box::new(Probe(change));
            match self.launch(free, task)? {
                Began::Testing(_) => {
                    f.round.push((free, order));
                    self.probes.slots.push(free);
                    if let Some((k, _)) = next {
                        self.probes.next_probes.push((k, free, place));
                    }
                }
                Began::Ended(_) => {}
            }
        }
        self.settle(f)?;
        self.probes
            .slots
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
        let next_done = self.probes.next_pass.as_ref().is_some_and(|l| l.is_empty());
        let Some(ending) = self.ending.as_mut() else {
            return;
        };
        if ending.sent || !next_done || !self.probes.next_held.is_empty() {
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
}
