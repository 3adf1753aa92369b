//! Candidates tested in rounds: each a range of a text (as it was at the
//! start) and what replaces it, cut into rounds of the run's width; of a
//! round's candidates that hold, the merge is tested, with the next round
//! (or what the caller tests next) beside it where `-j` leaves places free.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::atomic::Ordering::Relaxed;

use super::min_tdiff::{FirstTries, FirstVerdicts};
use super::patched::Patched;
use super::side::Which;
use super::{Pair, PairError};

impl Pair<'_> {
    /// Tests `tries`, each with the property of its program, as one round.
    pub(super) fn test_mixed(&self, tries: &[(Which, Option<Vec<u8>>)]) -> Vec<bool> {
        let abandon = |worker: usize| self.tests.abandon(worker);
        self.rounds(&abandon).all(tries, |worker, (which, t)| {
            t.as_ref()
                .is_some_and(|t| self.holds_with(worker, *which, t))
        })
    }
    /// Tests `candidates` (a range of `text`, as it was at the start, and
    /// what replaces it) in rounds of the run's width: each candidate of a
    /// round on the text as the round found it, the property of `which`
    /// (the program `text` is). One that holds is kept; when several do,
    /// their merge is tested (see [`Pair::merge`]). The ranges must not
    /// overlap. `first`: the first round's verdicts, when it was tested
    /// already; `beside`: what to test beside a last merge (see
    /// [`Pair::merge`]). Which were kept, in order, and the verdicts of what
    /// was tested beside the last merge if it held.
    pub(super) fn in_rounds(
        &mut self,
        which: Which,
        text: &mut Patched,
        candidates: &[Change],
        (first, beside): (Option<Vec<bool>>, Option<BesideMerge<'_, Self>>),
    ) -> Result<(Vec<bool>, Option<FirstVerdicts>), PairError> {
        let mut kept = vec![false; candidates.len()];
        let mut queue: VecDeque<usize> = (0..candidates.len()).collect();
        // A round tested already: the first one when given, or one tested
        // ahead with the merge before it (see `merge`); its candidates, and
        // their verdicts (on the merge).
        let mut ahead: Option<(Vec<usize>, Vec<bool>)> =
            first.map(|holds| (queue.drain(..holds.len()).collect(), holds));
        let mut found_beside = None;
        while (ahead.is_some() || !queue.is_empty()) && !self.stopped() {
            let (round, holds) = match ahead.take() {
                Some(tested) => tested,
                None => {
                    let round: Vec<usize> = queue.drain(..queue.len().min(self.width())).collect();
                    let tries = self.tries(text, candidates, &round);
                    let holds = self.test_all(which, &tries);
                    (round, holds)
                }
            };
            let yes: Vec<usize> = round
                .iter()
                .zip(holds)
                .filter_map(|(&k, h)| h.then_some(k))
                .collect();
            let Some(&first) = yes.first() else {
                continue;
            };
            let mut take = vec![first];
            if yes.len() > 1 {
                let merged = self.merge(which, text, candidates, (&yes, &kept), &mut queue, beside);
                if merged.holds {
                    take = yes.clone();
                    ahead = merged.ahead;
                    found_beside = merged.beside;
                } else {
                    for &k in yes[1..].iter().rev() {
                        queue.push_front(k);
                    }
                }
            }
            for &k in &take {
                kept[k] = true;
            }
            let changes: Vec<&Change> = take.iter().map(|&k| &candidates[k]).collect();
            text.commit(&changes);
            self.set(which, text.text.clone());
        }
        self.check_failures()?;
        Ok((kept, found_beside.filter(|_| queue.is_empty())))
    }
    /// Tests the merge of the candidates `yes` of a round of
    /// [`Pair::in_rounds`] on `text` (`kept`: those kept before it). Where
    /// the places of `-j` allow (never at `-j 1`; what follows a last merge
    /// needs `-j 3` at least), the next round as it is
    /// if the merge holds (the queue as it is, on the merge) is tested
    /// beside the merge, or with the queue empty, what `beside` asks of the
    /// text the merge gives (what the caller tests next); their verdicts are
    /// used only if the merge holds, so the result does not change.
    pub(super) fn merge(
        &self,
        which: Which,
        text: &Patched,
        candidates: &[Change],
        (yes, kept): (&[usize], &[bool]),
        queue: &mut VecDeque<usize>,
        beside: Option<BesideMerge<'_, Self>>,
    ) -> Merged {
        let all: Vec<&Change> = yes.iter().map(|&k| &candidates[k]).collect();
        let merged = text.with(&all);
        // The text the merge gives, for what is tested beside it.
        let on_merge = || {
            let mut on_merge = text.clone();
            on_merge.commit(&all);
            on_merge
        };
        let mut outcome = Merged {
            holds: false,
            ahead: None,
            beside: None,
        };
        if !self.parses_as_well(&merged, &text.text) {
            // A round of the schedule without a test.
            self.rounds.fetch_add(1, Relaxed);
            return outcome;
        }
        let next: Vec<usize> = queue.iter().take(self.width()).copied().collect();
        let places = {
            let abandon = |worker: usize| self.tests.abandon(worker);
            self.rounds(&abandon).places()
        };
        let after = || {
            let mut gone = kept.to_vec();
            for &k in yes {
                gone[k] = true;
            }
            beside.and_then(|beside| beside(self, &on_merge(), &gone))
        };
        let mut tries = vec![(which, Some(merged))];
        let mut last = None;
        if !next.is_empty() && next.len() < places {
            let these = self.tries(&on_merge(), candidates, &next);
            tries.extend(these.into_iter().map(|t| (which, t)));
        } else if next.is_empty()
            // Two lists, a try of each at least, and the merge.
            && places > 2
            && let Some(first) = after().filter(|first| first.tries.len() < places)
        {
            tries.extend(first.tries.iter().cloned());
            last = Some(first);
        }
        let mut verdicts = self.test_mixed(&tries);
        outcome.holds = verdicts.remove(0);
        if outcome.holds && !verdicts.is_empty() {
            // The round tested beside is one of the schedule's too (its
            // count does not depend on `-j`).
            self.rounds.fetch_add(1, Relaxed);
            match last {
                Some(first) => outcome.beside = Some(first.split(verdicts)),
                None => {
                    queue.drain(..next.len());
                    outcome.ahead = Some((next, verdicts));
                }
            }
        }
        outcome
    }
    /// The candidates of `round` on `text`: none for one that parses worse
    /// than `text`.
    pub(super) fn tries(
        &self,
        text: &Patched,
        candidates: &[(Range<usize>, Vec<u8>)],
        round: &[usize],
    ) -> Vec<Option<Vec<u8>>> {
        round
            .iter()
            .map(|&k| {
                let t = text.with(&[&candidates[k]]);
                self.parses_as_well(&t, &text.text).then_some(t)
            })
            .collect()
    }
    /// Tests `tries` as one round (one that is none does not hold).
    pub(super) fn test_all(&self, which: Which, tries: &[Option<Vec<u8>>]) -> Vec<bool> {
        let abandon = |worker: usize| self.tests.abandon(worker);
        self.rounds(&abandon).all(tries, |worker, t| {
            t.as_ref()
                .is_some_and(|t| self.holds_with(worker, which, t))
        })
    }
}

/// A candidate of [`Pair::in_rounds`]: a range of a text and what replaces it.
pub(super) type Change = (Range<usize>, Vec<u8>);

/// What [`Pair::in_rounds`] tests beside a last merge: the first round of
/// what follows, given the pair, the text the merge gives and the
/// candidates gone with it.
pub(super) type BesideMerge<'b, P> = &'b dyn Fn(&P, &Patched, &[bool]) -> Option<FirstTries>;

/// How a merge of [`Pair::merge`] went: whether it held, and the verdicts
/// of the next round or of what followed, tested beside it.
pub(super) struct Merged {
    pub(super) holds: bool,
    pub(super) ahead: Option<(Vec<usize>, Vec<bool>)>,
    pub(super) beside: Option<FirstVerdicts>,
}

/// The removals of the non-empty `ranges`, as candidates of
/// [`Pair::in_rounds`].
pub(super) fn removals(ranges: &[Range<usize>]) -> Vec<Change> {
    ranges
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| (r.clone(), Vec::new()))
        .collect()
}
