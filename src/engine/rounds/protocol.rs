//! The lane protocol: the messages between the coordinator and its lanes,
//! each state of a lane with a channel of its own.

use std::sync::Arc;

use crossbeam_channel::{Receiver, Sender, unbounded};

use crate::task::{Footprint, Queued, Subject, Task};

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
pub(super) struct Inbox<S: Subject> {
    pub(super) start: Receiver<(Task<S>, Arc<S::State>)>,
    pub(super) go: Receiver<Arc<S::State>>,
    pub(super) resume: Receiver<()>,
    pub(super) heard: Receiver<Heard<S>>,
}

/// The coordinator's ends of a lane's channels (see [`Inbox`]).
pub(super) struct ToLane<S: Subject> {
    pub(super) start: Sender<(Task<S>, Arc<S::State>)>,
    pub(super) go: Sender<Arc<S::State>>,
    pub(super) resume: Sender<()>,
    pub(super) heard: Sender<Heard<S>>,
}

/// What a lane tells the coordinator, by state (see [`Inbox`]).
pub(super) struct Outbox<S: Subject> {
    pub(super) began: Sender<Began<S>>,
    pub(super) checked: Sender<bool>,
    pub(super) tested: Sender<Option<Found<S>>>,
    pub(super) after: Sender<After<S>>,
}

/// The coordinator's ends of a lane's channels (see [`Inbox`]).
pub(super) struct FromLane<S: Subject> {
    pub(super) began: Receiver<Began<S>>,
    pub(super) checked: Receiver<bool>,
    pub(super) tested: Receiver<Option<Found<S>>>,
    pub(super) after: Receiver<After<S>>,
}

pub(super) fn lane_channels<S: Subject>() -> (ToLane<S>, Inbox<S>, Outbox<S>, FromLane<S>) {
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
pub(super) enum Heard<S: Subject> {
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
pub(super) enum Began<S: Subject> {
    /// It tests in the round (or found an interesting verdict in the cache):
    /// its place is taken. With the changes its task plans to test after
    /// this one ([`Tests::plan`]).
    Testing(Vec<Box<S::Change>>),
    /// Its task ended without a test, with these follow-ups.
    Ended(Vec<Queued<S>>),
}

/// Where a lane is once it heard its decision.
pub(super) enum After<S: Subject> {
    /// It waits for a round to test a change that touches this.
    Pending(Footprint),
    /// Its task ended, with these follow-ups.
    Ended(Vec<Queued<S>>),
}

/// An interesting candidate: the state accepting it gives, and the
/// reduction of its change.
pub(super) type Found<S> = (Arc<<S as Subject>::State>, &'static str);

/// A best to test on, with the candidate already made there (if it was).
pub(super) type Ticket<S> = (
    Arc<<S as Subject>::State>,
    Option<<S as Subject>::Candidate>,
);
