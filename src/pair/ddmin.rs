//! Zeller and Hildebrandt's ddmin in rounds, for MinLdiff: its steps'
//! subsets and complements, and the tries of later steps tested ahead in
//! the places a round leaves free.

use std::collections::HashSet;

use parking_lot::Mutex;

use super::rounds::Rounds;
use crate::oracle::Cancel;

/// Zeller and Hildebrandt's ddmin: the smallest subset of `items` found for
/// which `test` holds (`test(all)` is assumed to hold). The empty set is
/// tried first, then each step's subsets and complements, in ddmin's order,
/// in rounds of `rounds.width` (the empty set in the first step's round),
/// up to `rounds.jobs` at once, and the first that holds is taken: the
/// result does not depend on `-j` (nor on the width).
///
/// A step that fits in one round and leaves places free
/// ([`Rounds::places`]) fills them with the tries of the steps that follow
/// if none of its own holds (the finer splits of the same items), so that
/// the last steps of a ddmin, which mostly find nothing, take one round of
/// tests instead of one each. A try tested ahead that held is remembered
/// here; a "no" is left to `test`'s own memory (each program's cache in
/// pair mode), since an abandoned run, or one that could not be run, says
/// "no" without a verdict. A step still decides only by its own tries'
/// verdicts, in its order, so the result is the same.
pub fn ddmin<T: Clone + Sync + Send + Eq + std::hash::Hash>(
    mut items: Vec<T>,
    rounds: &Rounds<'_>,
    cancel: Option<&Cancel>,
    test: impl Fn(usize, &[T]) -> bool + Sync,
) -> Vec<T> {
    let stopped = || cancel.is_some_and(Cancel::is_cancelled);
    if items.len() < 2 {
        // Nothing to split: only the empty set is left to try.
        return if items.is_empty() || test(0, &[]) {
            Vec::new()
        } else {
            items
        };
    }
    // Tries tested ahead that held.
    let ahead: Mutex<HashSet<Vec<T>>> = Mutex::default();
    let mut n = 2;
    // The empty set is tried first, in the first step's round.
    let mut first_step = true;
    while items.len() >= 2 && !stopped() {
        let n_now = n.min(items.len());
        let mut tries = ddmin_tries(&items, n_now);
        if std::mem::take(&mut first_step) {
            // Taken, it ends the loop with nothing kept.
            tries.insert(0, (Vec::new(), true));
        }
        let cuts = rounds.of(tries.len());
        let later = if cuts.len() == 1 {
            let free = rounds.places().saturating_sub(tries.len());
            later_tries(&items, n_now, &tries, free, &ahead.lock())
        } else {
            Vec::new()
        };
        let found = cuts.into_iter().find_map(|round| {
            if stopped() {
                return None;
            }
            let start = round.start;
            let mut batch: Vec<(&[T], bool)> = tries[round]
                .iter()
                .map(|(c, _)| (c.as_slice(), true))
                .collect();
            batch.extend(later.iter().map(|c| (c.as_slice(), false)));
            rounds
                .first(&batch, |w, &(c, own)| {
                    if own {
                        return ahead.lock().contains(c) || test(w, c);
                    }
                    // Only a "yes" is kept: a run that was abandoned (a
                    // try of this step held) or could not be run says
                    // "no" without a verdict.
                    if test(w, c) {
                        ahead.lock().insert(c.to_vec());
                    }
                    false
                })
                .map(|k| start + k)
        });
        match found {
            Some(k) => {
                let (chosen, subset) = tries.swap_remove(k);
                n = if subset { 2 } else { (n_now - 1).max(2) };
                items = chosen;
            }
            None if stopped() => break,
            None if n_now < items.len() => n = (2 * n_now).min(items.len()),
            None => break,
        }
    }
    items
}

/// The tries of the steps after the one over `items` in `n` chunks
/// (`tries`), if none of its tries holds: the same items in twice as many
/// chunks, until single items; up to `free` of them, each once, none of
/// this step's nor of those `known` to hold already.
fn later_tries<T: Clone + Eq + std::hash::Hash>(
    items: &[T],
    n: usize,
    tries: &[(Vec<T>, bool)],
    free: usize,
    known: &HashSet<Vec<T>>,
) -> Vec<Vec<T>> {
    let mut later: Vec<Vec<T>> = Vec::new();
    let mut m = n;
    while later.len() < 2 * free && m < items.len() {
        m = (2 * m).min(items.len());
        later.extend(ddmin_tries(items, m).into_iter().map(|(c, _)| c));
    }
    // Each subset once: a finer step repeats some of this one's.
    let mut seen: HashSet<&[T]> = tries.iter().map(|(c, _)| c.as_slice()).collect();
    later
        .iter()
        .filter(|c| !known.contains(*c) && seen.insert(c.as_slice()))
        .take(free)
        .cloned()
        .collect()
}

/// Every subset ddmin tries over `items` if none holds, in its order (the
/// empty set, then each step's chunks and complements), each once.
pub(super) fn ddmin_plan<T: Clone + Eq + std::hash::Hash>(items: &[T]) -> Vec<Vec<T>> {
    let mut plan = vec![Vec::new()];
    let mut n = 2;
    while items.len() >= 2 {
        let n_now = n.min(items.len());
        plan.extend(ddmin_tries(items, n_now).into_iter().map(|(c, _)| c));
        if n_now == items.len() {
            break;
        }
        n = 2 * n_now;
    }
    let mut seen = HashSet::new();
    plan.retain(|c| seen.insert(c.clone()));
    plan
}

/// One step of ddmin over `items` in `n` chunks: the chunks (subsets,
/// `true`), then, with more than two, their complements (`false`).
pub(super) fn ddmin_tries<T: Clone>(items: &[T], n: usize) -> Vec<(Vec<T>, bool)> {
    let chunks: Vec<Vec<T>> = (0..n)
        .map(|k| items[k * items.len() / n..(k + 1) * items.len() / n].to_vec())
        .collect();
    let complements: Vec<Vec<T>> = (0..n)
        .map(|k| {
            chunks
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .flat_map(|(_, c)| c.iter().cloned())
                .collect()
        })
        .collect();
    // Subsets first, then complements (with two chunks they coincide).
    let mut tries: Vec<(Vec<T>, bool)> = chunks.into_iter().map(|c| (c, true)).collect();
    if n > 2 {
        tries.extend(complements.into_iter().map(|c| (c, false)));
    }
    tries
}
