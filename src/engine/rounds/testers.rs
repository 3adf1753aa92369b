//! The tests a pass runs besides its rounds' changes: the start a pass
//! was handed untested, and the run's last tests made ahead.

use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender, unbounded};

use super::board::Board;
use super::workers::{Turn, Workers};
use crate::engine::{Ending, Run};
use crate::task::{Merging, Subject};

/// The run's last tests ([`Ends::ending`]), the channel to
/// [`ending_tester`] (one message: make them), and whether they were
/// started.
pub(super) struct EndingTest {
    pub(super) to: Sender<()>,
    /// They were started in this pass (once at most: on the pass's start).
    pub(super) sent: bool,
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
pub(super) fn ending_tester<S: Subject>(
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

/// What [`handed_tester`] is sent: a start and its place in the line.
type HandedInbox<'w, S> = Receiver<(Arc<<S as Subject>::State>, Turn<'w>)>;

/// The coordinator's end of [`handed_tester`]: the start and its place in
/// the line go, its verdict comes back.
pub(super) struct HandedTest<'w, S: Subject> {
    to: Sender<(Arc<S::State>, Turn<'w>)>,
    from: Receiver<Option<bool>>,
    /// A test was started and its verdict not taken yet.
    pub(super) out: bool,
}

impl<'w, S: Subject> HandedTest<'w, S> {
    /// The coordinator's end, and the tester's ends of the same channels.
    pub(super) fn new() -> (HandedTest<'w, S>, HandedInbox<'w, S>, Sender<Option<bool>>) {
        let (to, inbox) = unbounded();
        let (out, from) = unbounded();
        let test = HandedTest {
            to,
            from,
            out: false,
        };
        (test, inbox, out)
    }

    /// Starts the test of `start` with the place in the line `ticket`.
    pub(super) fn start(&mut self, start: Arc<S::State>, ticket: Turn<'w>) {
        self.out = self.to.send((start, ticket)).is_ok();
    }

    /// Waits for the verdict of the test started (`None`: the run stopped,
    /// or no test runs).
    pub(super) fn verdict(&mut self) -> Option<bool> {
        self.out = false;
        self.from.recv().ok().flatten()
    }
}

/// Tests a start handed over untested, in its place in the line, and says
/// its verdict (`None`: the run stopped). It takes its place before the
/// lanes of its first round take theirs, so at `-j 1` it runs first; if it
/// is not interesting, the round's changes are moot before they start
/// ([`Board::reject_base`]).
pub(super) fn handed_tester<'w, S: Subject>(
    run: &Run<'_>,
    ((subject, merging), (workers, board)): ((&S, &dyn Merging<S>), (&'w Workers, &Board)),
    inbox: HandedInbox<'w, S>,
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
                    board.reject_base();
                }
                drop(worker);
                verdict
            });
        if out.send(verdict).is_err() {
            return;
        }
    }
}
