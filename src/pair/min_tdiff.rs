//! MinTdiff (PPR's Algorithm 2) as the pair runs it: the tree-based edit
//! script's edits as candidates (each replacement undone and each insertion
//! removed in the variant, then what is left deleted on each side), their
//! first rounds tested together, and MinSubtree, the single-file reducer
//! scoped to a subtree that cannot go entirely. The edit script itself is
//! [`super::tree`]'s; the rounds the candidates are tested in are
//! [`super::candidates`]'.

use std::ops::Range;

use super::candidates::{Change, removals};
use super::diff::Tokens;
use super::patched::Patched;
use super::side::{PairTests, Which};
use super::single_file::Forward;
use super::{Pair, PairError, tree};
use crate::syntax::parse;

impl Pair<'_> {
    /// Algorithm 2, in rounds: first every replacement the variant's
    /// property lets go is undone and every subtree only the variant has
    /// that it lets go is removed; then the variant's side of each
    /// replacement still needed is removed where the property allows; then
    /// the same for the seed's subtrees (and sides of replacements) with the
    /// seed's property. Each of these is a list of candidates tested in
    /// rounds of the run's width (see [`super::rounds`]). What cannot go entirely
    /// is minimized by the single-file reducer scoped to it (its own
    /// rounds), one subtree after another. Edits nested in another one are
    /// left to it.
    pub(super) fn min_tdiff(&mut self) -> Result<(), PairError> {
        let (in_seed, in_variant, first) = self.tree_edits();
        let mut variant = Patched::new(self.variant.clone());
        let seed = Patched::new(self.seed.clone());
        // What is left to delete once the first candidates that hold are
        // gone: the variant's side of each replacement still needed, and
        // the seed's subtrees with the seed's side of those replacements;
        // and the insertions still needed, to minimize.
        let lists = |gone: &[bool]| {
            let (mut to_delete, mut to_minimize, mut in_seed) =
                (Vec::new(), Vec::new(), in_seed.clone());
            for ((s, t), &gone) in in_variant.iter().zip(gone) {
                match t {
                    _ if gone => {}
                    Some(t) => {
                        in_seed.push(t.clone());
                        to_delete.push(s.clone());
                    }
                    None => to_minimize.push(s.clone()),
                }
            }
            (to_delete, to_minimize, outermost(in_seed, Range::clone))
        };
        // The first round of both deletion lists, on the variant the first
        // candidates leave: tested beside their last merge, as the lists are
        // if it holds, else after them.
        let first_of = |pair: &Self, variant: &Patched, gone: &[bool]| {
            let (to_delete, _, in_seed) = lists(gone);
            pair.first_tries([
                (Which::Variant, variant, &removals(&to_delete)),
                (Which::Seed, &seed, &removals(&in_seed)),
            ])
        };
        let (gone, ahead) = self.in_rounds(
            Which::Variant,
            &mut variant,
            &first,
            (None, Some(&first_of)),
        )?;
        let [first_variant, first_seed] =
            ahead.unwrap_or_else(|| self.first_rounds(first_of(self, &variant, &gone)));
        let (to_delete, to_minimize, in_seed) = lists(&gone);
        self.delete_then_minimize(
            Which::Variant,
            variant,
            (to_delete, first_variant),
            to_minimize,
        )?;
        if self.stopped() {
            return Ok(());
        }
        self.delete_then_minimize(Which::Seed, seed, (in_seed, first_seed), Vec::new())?;
        self.check_failures()
    }
    /// MinTdiff's edits of the pair: the subtrees only the seed has; the
    /// subtrees only the variant has (outermost), each with the seed's
    /// subtree it replaces, if any; and MinTdiff's first candidates, in the
    /// variant: each replacement undone and each insertion removed (what is
    /// needed of a replacement is then minimized on both sides, as a
    /// deletion and an insertion).
    pub(super) fn tree_edits(&self) -> (Vec<Range<usize>>, Vec<Replaced>, Vec<Change>) {
        let g = self.grammar;
        let edits = tree::edits(
            &parse(g, &self.seed),
            &self.seed,
            &parse(g, &self.variant),
            &self.variant,
        );
        let mut in_seed: Vec<Range<usize>> = Vec::new();
        let mut in_variant: Vec<Replaced> = Vec::new();
        for e in edits {
            match e {
                tree::Edit::Delete(t) => in_seed.push(t),
                tree::Edit::Insert(s) => in_variant.push((s, None)),
                tree::Edit::Replace(t, s) => in_variant.push((s, Some(t))),
            }
        }
        let in_variant = outermost(in_variant, |(s, _)| s.clone());
        let first = in_variant
            .iter()
            .map(|(s, t)| {
                let with = t
                    .as_ref()
                    .map_or(Vec::new(), |t| self.seed[t.clone()].to_vec());
                (s.clone(), with)
            })
            .collect();
        (in_seed, in_variant, first)
    }
    /// With a test per program the variant's test does not look at the
    /// seed, nor the seed's at the variant: the first round of the
    /// variant's removals and the first round of the seed's, as
    /// [`Pair::in_rounds`] would play them on the texts as they are, are
    /// tested as one round (`first`, from [`Pair::first_tries`]), and each
    /// list's `in_rounds` starts from its verdicts. The pair is the one the
    /// two rounds give, a round sooner. None with one test of the pair (its verdicts on the seed's removals
    /// depend on the variant the variant's left), or when a list is empty.
    pub(super) fn first_rounds(&self, first: Option<FirstTries>) -> FirstVerdicts {
        match first {
            Some(first) => first.split(self.test_mixed(&first.tries)),
            None => [None, None],
        }
    }
    /// The tries of [`Pair::first_rounds`] for the two lists, or none when
    /// it tests nothing.
    pub(super) fn first_tries(
        &self,
        lists: [(Which, &Patched, &[Change]); 2],
    ) -> Option<FirstTries> {
        if self.stopped()
            || !matches!(self.tests, PairTests::Sides { .. })
            || lists.iter().any(|(_, _, candidates)| candidates.is_empty())
        {
            return None;
        }
        let width = self.width();
        let mut tries = Vec::new();
        for (which, text, candidates) in lists {
            let round: Vec<usize> = (0..candidates.len().min(width)).collect();
            let these = self.tries(text, candidates, &round);
            tries.extend(these.into_iter().map(|t| (which, t)));
        }
        let variants = lists[0].2.len().min(width);
        Some(FirstTries { tries, variants })
    }
    /// MinSubtree on the subtrees at `to_delete` and `to_minimize` of
    /// `text` (the seed or the variant, `which`): those of `to_delete` the
    /// property lets go entirely go, in rounds (the first one's verdicts
    /// given with them when [`Pair::first_rounds`] tested it); the others
    /// are minimized by the single-file reducer scoped to them, from the
    /// end of the text to its start.
    pub(super) fn delete_then_minimize(
        &mut self,
        which: Which,
        mut text: Patched,
        (to_delete, first): (Vec<Range<usize>>, Option<Vec<bool>>),
        mut to_minimize: Vec<Range<usize>>,
    ) -> Result<(), PairError> {
        let to_delete: Vec<Range<usize>> =
            to_delete.into_iter().filter(|r| !r.is_empty()).collect();
        let (deleted, _) =
            self.in_rounds(which, &mut text, &removals(&to_delete), (first, None))?;
        to_minimize.extend(
            to_delete
                .into_iter()
                .zip(deleted)
                .filter_map(|(r, deleted)| (!deleted).then_some(r)),
        );
        to_minimize.sort_by_key(|r| std::cmp::Reverse(r.start));
        for range in to_minimize {
            if self.stopped() {
                break;
            }
            let at = text.at(&range);
            if Tokens::of(self.grammar, &text.text[at.clone()]).count() < 2 {
                continue;
            }
            let reduced = self.min_subtree(&text.text, at, which)?;
            text.replaced(&range, reduced);
            self.set(which, text.text.clone());
        }
        self.check_failures()
    }
    /// MinSubtree's second half: the single-file reducer minimizes the
    /// subtree at `range` of `text` (scoped to it, so nothing outside
    /// changes).
    pub(super) fn min_subtree(
        &self,
        text: &[u8],
        range: Range<usize>,
        which: Which,
    ) -> Result<Vec<u8>, PairError> {
        let other = match which {
            Which::Seed => self.variant.clone(),
            Which::Variant => self.seed.clone(),
        };
        let side = self.tests.one(which, &other);
        let config = self.single_config(false);
        let observer = Forward(|new: &[u8]| match which {
            Which::Seed => self.observer.improved(new, &other),
            Which::Variant => self.observer.improved(&other, new),
        });
        self.single(text, Some(range), (&side, None), &config, &observer, which)
    }
}

/// A subtree only the variant has, and the seed's subtree it replaces, if
/// any (MinTdiff).
pub(super) type Replaced = (Range<usize>, Option<Range<usize>>);

/// The verdicts of the first round of MinTdiff's deletions in the variant
/// and in the seed, if it was tested (see [`Pair::first_rounds`]).
pub(super) type FirstVerdicts = [Option<Vec<bool>>; 2];

/// The first round of MinTdiff's two deletion lists ([`Pair::first_rounds`]):
/// each try with its program, the variant's first.
pub(super) struct FirstTries {
    pub(super) tries: Vec<(Which, Option<Vec<u8>>)>,
    variants: usize,
}

impl FirstTries {
    /// The verdicts of the tries, as the variant's and the seed's.
    pub(super) fn split(&self, mut holds: Vec<bool>) -> FirstVerdicts {
        let seeds = holds.split_off(self.variants);
        [Some(holds), Some(seeds)]
    }
}

/// The items whose range (`range_of`) lies in no other's, in program
/// order from the end: a subtree's edits inside an edited subtree are left
/// to the outer one. Ranges of a syntax tree's nodes nest or are apart;
/// of two that overlap otherwise, the first (in program order) is kept.
pub(super) fn outermost<X>(mut items: Vec<X>, range_of: impl Fn(&X) -> Range<usize>) -> Vec<X> {
    items.sort_by_key(|x| {
        let r = range_of(x);
        (r.start, std::cmp::Reverse(r.end))
    });
    let mut kept: Vec<X> = Vec::new();
    for x in items {
        let r = range_of(&x);
        let inside = kept.last().is_some_and(|k| {
            let k = range_of(k);
            r.start < k.end || r.start == k.start
        });
        if !inside {
            kept.push(x);
        }
    }
    kept.reverse();
    kept
}
