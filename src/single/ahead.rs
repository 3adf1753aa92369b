//! The run's last tests made ahead ([`crate::engine::Ending`]): the layout
//! pass's test of a pass's start laid out, and the final re-check's first
//! run of that text.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use parking_lot::Mutex;

use crate::engine::Ending;
use crate::oracle::{Oracle, OracleError, Verdict, VerdictCache};
use crate::reduce::text::tidy::{Rules, Text};
use crate::stats::Stats;
use crate::syntax::{Grammar, Stop};
use crate::task::{Applied, Observer, Subject};

use super::{Ran, count_test};

/// What the run would end on if a pass ends on its start: the layout of
/// that text, when the layout changes it (and the layout pass would keep
/// it if interesting). Worked out only when asked for, by the layout
/// pass's own subject, so it is the very text that pass tests. When the
/// layout leaves the text as it is, or refuses its layout, there is nothing
/// to test ahead: the tidy pass would run next and likely change the text.
pub(super) struct Ahead<'a> {
    grammar: &'static Grammar,
    oracle: &'a dyn Oracle,
    /// The oracle of the re-check's first run.
    second: &'a dyn Oracle,
    observer: &'a dyn Observer,
    stats: &'a Stats,
    /// The input's indentation.
    unit: &'a [u8],
    stop: Stop<'a>,
    /// The pass's start: its text, tree, and reduced bytes.
    start: (Arc<[u8]>, tree_sitter::Tree, Range<usize>),
    /// The layout's text, once worked out (`None`: nothing to test).
    text: OnceLock<Option<Vec<u8>>>,
    /// Where the re-check's run goes: the text and its verdict.
    ran: &'a Mutex<Option<Ran>>,
}

impl<'a> Ahead<'a> {
    /// The tests ahead for a pass that starts on `start` (text, tree,
    /// scope), laid out with the input's indentation `unit`; the re-check's
    /// run with `second`, kept in `ran`.
    pub(super) fn new(
        (grammar, oracle, observer, stats): (
            &'static Grammar,
            &'a dyn Oracle,
            &'a dyn Observer,
            &'a Stats,
        ),
        (second, ran): (&'a dyn Oracle, &'a Mutex<Option<Ran>>),
        (unit, stop): (&'a [u8], Stop<'a>),
        start: (Arc<[u8]>, tree_sitter::Tree, Range<usize>),
    ) -> Ahead<'a> {
        Ahead {
            grammar,
            oracle,
            second,
            observer,
            stats,
            unit,
            stop,
            start,
            text: OnceLock::new(),
            ran,
        }
    }

    fn text(&self) -> Option<&[u8]> {
        let text = self.text.get_or_init(|| {
            let (text, tree, scope) = self.start.clone();
            let layout = Text::new(
                self.grammar,
                self.oracle,
                self.observer,
                self.unit.to_vec(),
                &tree,
            )
            .stopping(self.stop);
            let (state, _) = layout.start(text, tree, scope, true);
            let mut scratch = layout.scratch(0);
            match layout.apply(&state, &Rules::LAYOUT, &mut scratch) {
                Applied::Candidate(laid) => Some(laid.text().to_vec()),
                _ => None,
            }
        });
        text.as_deref()
    }
}

impl Ending for Ahead<'_> {
    fn key(&self) -> Option<u128> {
        self.text().map(VerdictCache::key)
    }

    fn rechecked(&self) -> bool {
        // In an earlier pass on the same text.
        let text = self.text();
        let ran = self.ran.lock();
        ran.as_ref()
            .is_some_and(|(ran, _)| text.is_some_and(|t| ran[..] == *t))
    }

    fn test(&self, worker: usize) -> Result<Verdict, OracleError> {
        match self.text() {
            Some(text) => self.oracle.test_aside(worker, text),
            None => Ok(Verdict::Cancelled),
        }
    }

    fn recheck(&self, worker: usize) {
        let Some(text) = self.text() else {
            return;
        };
        let verdict = self.second.test_aside(worker, text);
        count_test(self.stats, &verdict);
        // A timeout beside a round, on a busier machine than at the end,
        // is no try of the re-check's: it runs its own.
        if !matches!(verdict, Ok(Verdict::Cancelled | Verdict::TimedOut)) {
            *self.ran.lock() = Some((text.to_vec(), verdict));
        }
    }
}
