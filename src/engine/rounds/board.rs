//! The round's board: which lanes joined the round under which others,
//! and their verdicts as they come in, so that a test whose change is moot
//! already is not started.

use std::collections::HashSet;

use parking_lot::Mutex;

use super::Entrant;

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
pub(super) struct Board {
    marks: Mutex<Marks>,
}

/// The marks on the board (see [`Board`]).
#[derive(Default)]
struct Marks {
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
    /// touches (places in [`Marks::marks`]).
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

impl Marks {
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

impl Board {
    /// A board for a round of up to `lanes` lanes.
    pub(super) fn new(lanes: usize) -> Board {
        Board {
            marks: Mutex::new(Marks {
                marks: Vec::new(),
                current: vec![None; lanes],
                base_rejected: false,
            }),
        }
    }

    /// A new round is formed: no lane has a part in it yet.
    pub(super) fn clear(&self) {
        let mut board = self.marks.lock();
        board.marks.clear();
        board.current.fill(None);
        // (`base_rejected` stays: it ends the pass.)
    }

    /// The round's base, handed over untested, is not interesting: no
    /// test of the round starts from now on.
    pub(super) fn reject_base(&self) {
        self.marks.lock().base_rejected = true;
    }

    /// The lane in `slot` joins the round, everything its change touches
    /// removed by the changes of the lanes at the places `under` (which
    /// joined before it): its place.
    pub(super) fn join(&self, slot: usize, under: Vec<usize>) -> usize {
        let mut board = self.marks.lock();
        board.marks.push(Mark {
            under,
            ..Mark::default()
        });
        let place = board.marks.len() - 1;
        board.current[slot] = Some(place);
        place
    }

    /// The probe in `slot` joins the round under the lanes at `under`.
    pub(super) fn join_probe(&self, slot: usize, under: Vec<usize>) -> usize {
        let place = self.join(slot, under);
        self.marks.lock().marks[place].probe = true;
        place
    }

    /// Whether the lane in `slot` runs a probe.
    pub(super) fn probing(&self, slot: usize) -> bool {
        let board = self.marks.lock();
        board.current[slot].is_some_and(|place| board.marks[place].probe)
    }

    /// The places on the board the lanes in `slots` hold now.
    pub(super) fn places(&self, slots: impl Iterator<Item = usize>) -> Vec<usize> {
        let board = self.marks.lock();
        slots.filter_map(|slot| board.current[slot]).collect()
    }

    /// The change of the lane in `slot` leaves the round untested (it was
    /// malformed, needed no test, or its task ended): it makes nothing
    /// moot. If the lane `goes_on`, a next change it tests in the round
    /// takes a place of its own, under no other (what it touches was not
    /// known when the others joined).
    pub(super) fn leave(&self, slot: usize, goes_on: bool) {
        let mut board = self.marks.lock();
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
    pub(super) fn begin_test(&self, slot: usize, key: u128) -> bool {
        let mut board = self.marks.lock();
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
    pub(super) fn end_test(&self, slot: usize, verdict: Option<bool>) {
        let mut board = self.marks.lock();
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
    pub(super) fn moot_lanes<T>(
        &self,
        round: &[Entrant],
        found: &[Option<T>],
    ) -> (Vec<bool>, Vec<u128>) {
        let mut board = self.marks.lock();
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
}
