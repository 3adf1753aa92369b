//! Playing a formed round: the verdicts, what is committed or merged,
//! and what each lane hears.

use std::sync::Arc;

use super::protocol::{After, Found, Heard};
use super::{Coordinator, Entrant, LaneView, Untested};
use crate::engine::Handed;
use crate::stats::bump;
use crate::task::Subject;

/// What a lane of a round hears of its tested change.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ruling {
    Committed,
    Dull,
    Again,
}

/// A round as it was played: the base its changes were tested on, its
/// lanes, and each lane's verdict, in the order of the round.
struct Played<'r, S: Subject> {
    base: &'r Arc<S::State>,
    round: &'r [Entrant],
    verdicts: &'r [Option<Found<S>>],
}

impl<S: Subject> Coordinator<'_, '_, S> {
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
    pub(super) fn play(&mut self, round: Vec<Entrant>) -> Option<()> {
        bump(&self.run.stats.rounds);
        let base = self.base.clone();
        // An untested base is tested beside the round's changes whenever
        // the round leaves a place (it was kept for it, or there were not
        // enough tasks): its verdict decides only if no change of the round
        // is interesting (a merge plus an interesting change is a tested
        // program whatever the merge alone is).
        let base_interesting =
            (self.tentative() && round.len() < self.width).then(|| self.test_base());
        // Each lane of the round has begun its test: its verdict.
        let verdicts = self.verdicts(&round)?;
        // A change that an interesting change of the round removes is moot,
        // whatever its own verdict (which may be missing: its test was not
        // started): it is tried again on the new base.
        let (moot, unsettled) = self.board.moot_lanes(&round, &verdicts);
        for key in unsettled {
            self.run.cache().unsettle(key);
        }
        self.probes.note_held(&round, &verdicts, &moot);
        if self.handed == Handed::Unsettled && base_interesting == Some(false) {
            // The pass started on a program that is not interesting: the
            // round's changes are moot (at `-j 1` none was tested); the pass
            // ends (`work`), and its caller goes back before the merge.
            self.settle_base(false);
            self.release_found(verdicts);
            return Some(());
        }
        let probe = |i: usize| self.probes.probing(round[i].0);
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
        let played = Played {
            base: &base,
            round: &round,
            verdicts: &verdicts,
        };
        let mut decisions = self.decide(&played, &interesting, base_interesting)?;
        self.overrule(&played, &moot, &mut decisions)?;
        self.tell(round, decisions)
    }

    /// Each lane's verdict, in the order of the round (each has begun its
    /// test). `None` if a lane panicked.
    fn verdicts(&self, round: &[Entrant]) -> Option<Vec<Option<Found<S>>>> {
        let mut verdicts: Vec<Option<Found<S>>> = Vec::with_capacity(round.len());
        for &(slot, _) in round {
            verdicts.push(self.lanes[slot].from.tested.recv().ok()?);
        }
        Some(verdicts)
    }

    /// What the round's `interesting` lanes (not moot, not probes) make of
    /// the best and the base, and what each lane of the round hears; with
    /// none, the untested base's verdict (`base_interesting`, tested now
    /// if it had no place in the round) decides. `None` if a state is
    /// missing.
    fn decide(
        &mut self,
        played: &Played<'_, S>,
        interesting: &[usize],
        mut base_interesting: Option<bool>,
    ) -> Option<Vec<Ruling>> {
        let (round, verdicts) = (played.round, played.verdicts);
        let state = |i: usize| verdicts[i].as_ref().map(|v| v.0.clone());
        let mut decisions = vec![Ruling::Dull; round.len()];
        match *interesting {
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
                self.merge_others(played, interesting, &mut decisions)?;
            }
        }
        Some(decisions)
    }

    /// Moot lanes try again and probes' tasks end whatever the verdicts;
    /// what the round's commits unlocked together is queued, in the order
    /// of the round (a lane's own follow-ups come with its task).
    fn overrule(
        &mut self,
        played: &Played<'_, S>,
        moot: &[bool],
        decisions: &mut [Ruling],
    ) -> Option<()> {
        let (base, round, verdicts) = (played.base, played.round, played.verdicts);
        for (decision, _) in decisions.iter_mut().zip(moot).filter(|(_, m)| **m) {
            *decision = Ruling::Again;
        }
        // A probe's task ends whatever its verdict.
        for (i, decision) in decisions.iter_mut().enumerate() {
            if self.probes.probing(round[i].0) {
                *decision = Ruling::Dull;
            }
        }
        for (i, decision) in decisions.iter().enumerate() {
            if *decision == Ruling::Committed {
                let state = verdicts[i].as_ref()?.0.clone();
                let unlocked = self.subject.advanced(base, &state);
                self.queue_all(unlocked);
            }
        }
        Some(())
    }

    /// The round's changes in `interesting` (more than one) were: the
    /// first is committed; the others are merged onto the base the round
    /// was tested on, and the merge is the next base, untested (or the
    /// best, when it changes nothing the first did not); if they do not
    /// combine, they try again on the best.
    fn merge_others(
        &mut self,
        played: &Played<'_, S>,
        interesting: &[usize],
        decisions: &mut [Ruling],
    ) -> Option<()> {
        let (base, round, verdicts) = (played.base, played.round, played.verdicts);
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
}
