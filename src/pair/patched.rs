//! A program being changed in several places, whose ranges as they were at
//! the start can still be found in the text now.

use std::ops::Range;

/// `text` with `range` replaced by `with`.
pub(super) fn splice(text: &[u8], range: &Range<usize>, with: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + with.len());
    out.extend_from_slice(&text[..range.start]);
    out.extend_from_slice(with);
    out.extend_from_slice(&text[range.end..]);
    out
}

/// A program being changed in several places: its text now, and the
/// changes made so far, so that a range of the text as it was at the start
/// can be found in the text now. The ranges of the changes do not overlap.
#[derive(Clone)]
pub(super) struct Patched {
    pub(super) text: Vec<u8>,
    /// Each change: where its range ended at the start, and how much
    /// longer it made the text.
    shifts: Vec<(usize, isize)>,
}

impl Patched {
    pub(super) fn new(text: Vec<u8>) -> Patched {
        Patched {
            text,
            shifts: Vec::new(),
        }
    }

    /// Where `range` (of the text at the start) is now.
    pub(super) fn at(&self, range: &Range<usize>) -> Range<usize> {
        let d: isize = self
            .shifts
            .iter()
            .filter(|(end, _)| *end <= range.start)
            .map(|(_, d)| d)
            .sum();
        let shift = |x: usize| {
            x.checked_add_signed(d)
                .expect("a change shifts only what follows it")
        };
        shift(range.start)..shift(range.end)
    }

    /// The text now with `changes` (ranges of the text at the start, and
    /// what replaces each) made too.
    pub(super) fn with(&self, changes: &[&(Range<usize>, Vec<u8>)]) -> Vec<u8> {
        let mut now: Vec<(Range<usize>, &[u8])> = changes
            .iter()
            .map(|(r, with)| (self.at(r), with.as_slice()))
            .collect();
        now.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        let mut text = self.text.clone();
        for (r, with) in now {
            text = splice(&text, &r, with);
        }
        text
    }

    /// Makes `changes`.
    pub(super) fn commit(&mut self, changes: &[&(Range<usize>, Vec<u8>)]) {
        self.text = self.with(changes);
        for (r, with) in changes {
            self.shifts
                .push((r.end, with.len() as isize - r.len() as isize));
        }
    }

    /// The text is now `text`, which changed only inside `range` (of the
    /// text at the start).
    pub(super) fn replaced(&mut self, range: &Range<usize>, text: Vec<u8>) {
        let d = text.len() as isize - self.text.len() as isize;
        self.text = text;
        self.shifts.push((range.end, d));
    }
}
