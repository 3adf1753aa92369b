//! The list-based difference Δ_L of PPR: a token diff (Myers) from the seed
//! to the variant, its hunks, and Patch: applying a subset of the hunks to
//! the seed, or all of them to a reduced seed.
//!
//! Tokens are the syntax tree's leaves plus the gaps between them (white
//! space, mostly), so that the tokens of a text concatenate to it exactly
//! and patching the seed with every hunk gives the variant byte for byte. A
//! hunk of white space only counts as no token in the sizes.

use similar::{Algorithm, DiffOp, capture_diff_slices};
use std::ops::Range;

use crate::lang::Language;
use crate::reduce::text::layout;
use crate::syntax::{Grammar, for_each_leaf, parse};

/// A text cut into tokens.
#[derive(Clone, Debug)]
pub struct Tokens {
    /// Byte ranges, in order, covering the text without gaps.
    pub ranges: Vec<Range<usize>>,
    /// Per token: white space only (counts as no token).
    pub blank: Vec<bool>,
}

impl Tokens {
    /// Cuts `text` into leaves of its syntax tree and the gaps between them.
    pub fn of(grammar: &Grammar, text: &[u8]) -> Tokens {
        let tree = parse(grammar, text);
        let mut ranges = Vec::new();
        let mut blank = Vec::new();
        let mut at = 0;
        let mut push = |r: Range<usize>, ranges: &mut Vec<Range<usize>>| {
            blank.push(text[r.clone()].iter().all(u8::is_ascii_whitespace));
            ranges.push(r);
        };
        for_each_leaf(&tree, |node| {
            let (start, end) = (node.start_byte(), node.end_byte());
            if start >= at && end > start {
                if start > at {
                    push(at..start, &mut ranges);
                }
                push(start..end, &mut ranges);
                at = end;
            }
        });
        if at < text.len() {
            push(at..text.len(), &mut ranges);
        }
        Tokens { ranges, blank }
    }

    /// The tokens that are not white space.
    pub fn count(&self) -> usize {
        self.blank.iter().filter(|&&b| !b).count()
    }

    fn texts<'t>(&self, text: &'t [u8]) -> Vec<&'t [u8]> {
        self.ranges.iter().map(|r| &text[r.clone()]).collect()
    }
}

/// One hunk: seed tokens `seed` are replaced by the variant's bytes `text`
/// (an empty range inserts, empty text deletes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    /// Token indices in the seed.
    pub seed: Range<usize>,
    /// The variant's bytes for them.
    pub text: Vec<u8>,
    /// Tokens (not white space) deleted from the seed plus inserted.
    pub size: usize,
    /// Whether `text` touched the token before it, and the one after it,
    /// in the variant (no white space between them): [`Diff::patch`]
    /// separates it from a neighbour it would otherwise fuse with.
    pub glued: (bool, bool),
}

/// The difference seed -> variant as hunks over the seed's tokens.
#[derive(Clone, Debug)]
pub struct Diff {
    /// The seed's text.
    pub seed: Vec<u8>,
    /// The seed's tokens.
    pub tokens: Tokens,
    /// The hunks, in seed order, disjoint.
    pub hunks: Vec<Hunk>,
}

impl Diff {
    /// Δ_L(seed, variant) by Myers' algorithm over tokens, as hunks: runs of
    /// consecutive edits.
    pub fn new(grammar: &Grammar, seed: &[u8], variant: &[u8]) -> Diff {
        Diff::build(grammar, seed, variant, false)
    }

    /// Δ_L(seed, variant) with one element per edited token, as the paper's
    /// MinLdiff has it: each token deleted from the seed and each token
    /// inserted is a hunk of its own (white space goes with the token
    /// after it), so any part of a run of edits can go alone.
    pub fn fine(grammar: &Grammar, seed: &[u8], variant: &[u8]) -> Diff {
        Diff::build(grammar, seed, variant, true)
    }

    fn build(grammar: &Grammar, seed: &[u8], variant: &[u8], fine: bool) -> Diff {
        let tokens = Tokens::of(grammar, seed);
        let theirs = Tokens::of(grammar, variant);
        let (a, b) = (tokens.texts(seed), theirs.texts(variant));
        let ops = capture_diff_slices(Algorithm::Myers, &a, &b);
        let mut hunks: Vec<Hunk> = Vec::new();
        let hunk = |s: Range<usize>, v: Range<usize>| {
            let size = s.clone().filter(|&i| !tokens.blank[i]).count()
                + v.clone().filter(|&j| !theirs.blank[j]).count();
            let bytes = match (theirs.ranges.get(v.start), v.is_empty()) {
                (Some(first), false) => variant[first.start..theirs.ranges[v.end - 1].end].to_vec(),
                _ => Vec::new(),
            };
            let glued = (
                v.start > 0 && !theirs.blank[v.start - 1],
                v.end < theirs.ranges.len() && !theirs.blank[v.end],
            );
            Hunk {
                seed: s,
                text: bytes,
                size,
                glued,
            }
        };
        let mut open: Option<(Range<usize>, Range<usize>)> = None;
        for op in ops {
            let (tag, old, new) = op.as_tag_tuple();
            if tag == similar::DiffTag::Equal {
                if let Some((s, v)) = open.take() {
                    hunks.push(hunk(s, v));
                }
                continue;
            }
            if fine {
                // Insertions first (before the seed token they precede),
                // then the deletions, each a non-blank token with the
                // blanks before it.
                for v in groups(&theirs.blank, new.clone()) {
                    hunks.push(hunk(old.start..old.start, v));
                }
                for s in groups(&tokens.blank, old) {
                    hunks.push(hunk(s, new.end..new.end));
                }
                continue;
            }
            open = Some(match open.take() {
                Some((s, v)) => (s.start..old.end, v.start..new.end),
                None => (old, new),
            });
        }
        if let Some((s, v)) = open.take() {
            hunks.push(hunk(s, v));
        }
        Diff {
            seed: seed.to_vec(),
            tokens,
            hunks,
        }
    }

    /// Tokens the seed and variant differ by (white space not counted).
    pub fn size(&self) -> usize {
        self.hunks.iter().map(|h| h.size).sum()
    }

    /// Patch(seed, d) for the hunks `keep` selects: the seed with those
    /// hunks applied. With every hunk it is the variant.
    pub fn apply(&self, keep: impl Fn(usize) -> bool) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.seed.len());
        let mut at = 0; // next seed token
        let byte = |i: usize| {
            self.tokens
                .ranges
                .get(i)
                .map_or(self.seed.len(), |r| r.start)
        };
        for (k, hunk) in self.hunks.iter().enumerate() {
            if !keep(k) {
                continue;
            }
            out.extend_from_slice(&self.seed[byte(at)..byte(hunk.seed.start)]);
            out.extend_from_slice(&hunk.text);
            at = hunk.seed.end;
        }
        out.extend_from_slice(&self.seed[byte(at)..]);
        out
    }

    /// Patch(seed', d): every hunk applied to `reduced`, a text the reducer
    /// made from the seed. The seed's tokens are aligned with the reduced
    /// text's (Patience diff, whose gaps are Myers' with a work limit that
    /// depends on their sizes only: a coarser alignment of a hard gap,
    /// never one that depends on time, so the variant that goes with a
    /// seed is the same in every run, whatever the load); a hunk replaces the surviving tokens of its seed range and
    /// goes after the last surviving token before it. A hunk whose nearest
    /// non-blank seed tokens on both sides are gone lost its context with
    /// them (its code was deleted around it) and is dropped. A hunk's text
    /// that lands next to a token it was apart from in the variant, with no
    /// white space between (the layout writes `return;`, the hunk inserts
    /// `NULL`), gets a space where the two would fuse into one token.
    pub fn patch(&self, grammar: &Grammar, reduced: &[u8]) -> Vec<u8> {
        self.patch_counting(grammar, reduced).0
    }

    /// [`Diff::patch`], and the number of hunks dropped because their
    /// context is gone (0: the whole difference was carried over).
    pub fn patch_counting(&self, grammar: &Grammar, reduced: &[u8]) -> (Vec<u8>, usize) {
        let theirs = Tokens::of(grammar, reduced);
        let a = self.tokens.texts(&self.seed);
        let b = theirs.texts(reduced);
        let ops = capture_diff_slices(Algorithm::Patience, &a, &b);
        // Where each seed token went, if it survived.
        let mut to: Vec<Option<usize>> = vec![None; a.len()];
        for op in ops {
            if let DiffOp::Equal {
                old_index,
                new_index,
                len,
            } = op
            {
                for k in 0..len {
                    to[old_index + k] = Some(new_index + k);
                }
            }
        }
        let blank = &self.tokens.blank;
        let survives_near = |range: &Range<usize>| {
            let left = (0..range.start).rev().find(|&i| !blank[i]);
            let right = (range.end..a.len()).find(|&i| !blank[i]);
            match (left, right) {
                (None, None) => true,
                (l, r) => l.is_some_and(|i| to[i].is_some()) || r.is_some_and(|i| to[i].is_some()),
            }
        };
        // Reduced tokens replaced by hunks, and text to insert before a token.
        let mut skip = vec![false; b.len()];
        let mut before: Vec<Vec<&Hunk>> = vec![Vec::new(); b.len() + 1];
        let mut dropped = 0;
        for hunk in &self.hunks {
            if !survives_near(&hunk.seed) {
                dropped += 1;
                continue;
            }
            for i in hunk.seed.clone() {
                if let Some(j) = to[i] {
                    skip[j] = true;
                }
            }
            let at = (0..hunk.seed.start)
                .rev()
                .find_map(|i| to[i])
                .map_or(0, |j| j + 1);
            before[at].push(hunk);
        }
        let mut out = Vec::with_capacity(reduced.len() + 64);
        let mut joined = Joined {
            language: grammar.language,
            last: &[],
            token: None,
            touch: None,
        };
        for (j, range) in theirs.ranges.iter().enumerate() {
            for hunk in &before[j] {
                joined.hunk(&mut out, hunk, &to);
            }
            if !skip[j] {
                joined.token(&mut out, j, &reduced[range.clone()]);
            }
        }
        for hunk in &before[b.len()] {
            joined.hunk(&mut out, hunk, &to);
        }
        (out, dropped)
    }
}

/// The text Patch writes, piece by piece (the reduced text's tokens and
/// the hunks' texts), with a space between two pieces that would run
/// together into one token (see [`layout::runs_together`]) unless they
/// touched where they came from: two tokens next to each other in the
/// reduced text, or a hunk's text and the token it touched in the variant
/// when that token is its neighbour in the reduced text too.
struct Joined<'t> {
    language: &'static Language,
    /// The last piece written.
    last: &'t [u8],
    /// The reduced text's token that piece is, if it is one.
    token: Option<usize>,
    /// The reduced text's token that may touch the last piece as it is.
    touch: Option<usize>,
}

impl<'t> Joined<'t> {
    /// Writes reduced token `j`, `text`.
    fn token(&mut self, out: &mut Vec<u8>, j: usize, text: &'t [u8]) {
        let touched = self.touch == Some(j);
        self.write(out, text, touched);
        (self.token, self.touch) = (Some(j), Some(j + 1));
    }

    /// Writes `hunk`'s text, where `to` maps the seed's tokens to the
    /// reduced text's.
    fn hunk(&mut self, out: &mut Vec<u8>, hunk: &'t Hunk, to: &[Option<usize>]) {
        if hunk.text.is_empty() {
            return;
        }
        let before = hunk.seed.start.checked_sub(1).and_then(|i| to[i]);
        let touched = hunk.glued.0 && before.is_some() && before == self.token;
        self.write(out, &hunk.text, touched);
        let after = to.get(hunk.seed.end).copied().flatten();
        (self.token, self.touch) = (None, after.filter(|_| hunk.glued.1));
    }

    fn write(&mut self, out: &mut Vec<u8>, text: &'t [u8], touched: bool) {
        if !touched && layout::runs_together(self.language, self.last, text) {
            out.push(b' ');
        }
        out.extend_from_slice(text);
        self.last = text;
    }
}

/// `range` cut into groups of one non-blank token and the blank tokens
/// before it (blank tokens after the last non-blank one join it; a range
/// of blanks only is one group).
fn groups(blank: &[bool], range: Range<usize>) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut start = range.start;
    for i in range.clone() {
        if !blank[i] {
            out.push(start..i + 1);
            start = i + 1;
        }
    }
    if start < range.end {
        match out.last_mut() {
            Some(last) => last.end = range.end,
            None => out.push(start..range.end),
        }
    }
    out
}

#[cfg_attr(not(feature = "cli"), allow(dead_code))] // the command line's --output-diff
/// A unified diff of two texts (by lines), with the given file names.
pub fn unified(seed: &[u8], variant: &[u8], names: (&str, &str)) -> Vec<u8> {
    let diff = similar::TextDiff::from_lines(seed, variant);
    let mut out = Vec::new();
    diff.unified_diff()
        .context_radius(3)
        .header(names.0, names.1)
        .to_writer(&mut out)
        .expect("writing to a Vec cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn c() -> &'static Grammar {
        Grammar::of(Language::by_name("c").unwrap())
    }

    #[test]
    fn tokens_cover_the_text() {
        let text = b"int main(void) {\n  return 1 + /* x */ 2;\n}\n";
        let t = Tokens::of(c(), text);
        let joined: Vec<u8> = t
            .ranges
            .iter()
            .flat_map(|r| text[r.clone()].to_vec())
            .collect();
        assert_eq!(joined, text);
        assert_eq!(t.count(), 13);
    }

    #[test]
    fn all_hunks_give_the_variant_and_none_the_seed() {
        let seed = b"int f(int a) {\n  a = a + 1;\n  return a;\n}\n";
        let variant = b"int f(int a) {\n    a = a - 1;\n  while (a) ;\n  return a / 0;\n}\n";
        let d = Diff::new(c(), seed, variant);
        assert_eq!(d.apply(|_| true), variant);
        assert_eq!(d.apply(|_| false), seed);
        // `+` -> `-`, the inserted loop (5 tokens), `/ 0` (2); indentation is free.
        assert_eq!(d.size(), 2 + 5 + 2);
    }

    #[test]
    fn patch_carries_the_difference_onto_a_reduced_seed() {
        let seed = b"int g;\nint f(int a) {\n  g = 2;\n  a = a + 1;\n  return a;\n}\n";
        let variant = b"int g;\nint f(int a) {\n  g = 2;\n  a = a + 1;\n  return a / 0;\n}\n";
        let d = Diff::new(c(), seed, variant);
        // The reducer deleted a statement elsewhere: the hunk still applies.
        let reduced = b"int g;\nint f(int a) {\n  a = a + 1;\n  return a;\n}\n";
        assert_eq!(
            d.patch(c(), reduced),
            b"int g;\nint f(int a) {\n  a = a + 1;\n  return a / 0;\n}\n"
        );
        // The return statement went, and with it the hunk's context.
        let reduced = b"int g;\nint f(int a) {\n  g = 2;\n}\n";
        assert_eq!(d.patch(c(), reduced), reduced);
        assert_eq!(d.patch_counting(c(), reduced).1, 1);
        // Unchanged seed: patch is the variant.
        assert_eq!(d.patch(c(), seed), variant);
    }

    #[test]
    fn patch_keeps_an_inserted_token_apart_from_a_neighbour_it_would_fuse_with() {
        // Seed, variant, the seed as a reducer left it, and the patch.
        let cases: [(&str, &str, &str, &str); 4] = [
            // The layout wrote `return;`: `NULL` must not become `returnNULL`.
            (
                "int f(void) {\n  return ;\n}\n",
                "int f(void) {\n  return NULL / 0;\n}\n",
                "int f(void) {\n  return;\n}\n",
                "int f(void) {\n  return NULL / 0;\n}\n",
            ),
            // Operators that would fuse are kept apart too: `- -` is not `--`.
            (
                "int f(int b) {\n  return 1 - b;\n}\n",
                "int f(int b) {\n  return 1 - -b;\n}\n",
                "int f(int b) {\n  return 1 -b;\n}\n",
                "int f(int b) {\n  return 1 - -b;\n}\n",
            ),
            // Tokens the difference deletes leave two neighbours that must
            // not fuse either: `- (-x)` became `- -x`, the layout wrote `-(-x)`.
            (
                "int f(int x) {\n  int a = - (-x);\n  return a;\n}\n",
                "int f(int x) {\n  int a = - -x;\n  return a;\n}\n",
                "int f(int x) {\n  int a = -(-x);\n  return a;\n}\n",
                "int f(int x) {\n  int a = - -x;\n  return a;\n}\n",
            ),
            // Tokens that touched in the variant still touch: the unchanged
            // seed patches to the variant byte for byte.
            (
                "int f(int b) {\n  int x=1;\n  return x;\n}\n",
                "int f(int b) {\n  int x=-b;\n  return x;\n}\n",
                "int f(int b) {\n  int x=1;\n  return x;\n}\n",
                "int f(int b) {\n  int x=-b;\n  return x;\n}\n",
            ),
        ];
        for (seed, variant, reduced, patched) in cases {
            let d = Diff::new(c(), seed.as_bytes(), variant.as_bytes());
            let got = d.patch(c(), reduced.as_bytes());
            assert_eq!(String::from_utf8_lossy(&got), patched, "{reduced:?}");
        }
    }

    #[test]
    fn a_fine_diff_has_one_hunk_per_token_and_each_can_go_alone() {
        let seed = b"int f(int a) {\n  return a + 1;\n}\n";
        let variant = b"int f(int a) {\n  return (a - 1) / 0;\n}\n";
        let coarse = Diff::new(c(), seed, variant);
        let fine = Diff::fine(c(), seed, variant);
        assert!(fine.hunks.len() > coarse.hunks.len(), "{coarse:?} {fine:?}");
        assert_eq!(fine.size(), coarse.size());
        assert!(fine.hunks.iter().all(|h| h.size == 1), "{fine:?}");
        assert_eq!(fine.apply(|_| true), variant);
        assert_eq!(fine.apply(|_| false), seed);
        // The `/ 0` alone, without the other edits of its run.
        let slash = fine
            .hunks
            .iter()
            .position(|h| h.text.trim_ascii_start().starts_with(b"/"))
            .unwrap();
        let zero = fine
            .hunks
            .iter()
            .position(|h| h.text.trim_ascii_start().starts_with(b"0"))
            .unwrap();
        let only = fine.apply(|k| k == slash || k == zero);
        assert_eq!(only, b"int f(int a) {\n  return a + 1 / 0;\n}\n");
    }

    #[test]
    fn unified_diff_names_both_files() {
        let out = unified(b"a\nb\n", b"a\nc\n", ("good.c", "bad.c"));
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("--- good.c\n+++ bad.c\n"), "{text}");
        assert!(text.contains("-b\n+c\n"));
    }
}
