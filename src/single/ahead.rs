//! The run's last tests made ahead ([`crate::engine::Ending`]): the layout
//! pass's test of a pass's start laid out, and the final re-check's first
//! run of the text the run would then end on.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use parking_lot::Mutex;

use crate::engine::Ending;
use crate::oracle::{Oracle, OracleError, Verdict, VerdictCache};
use crate::reduce::text::tidy::{Rules, Text};
use crate::stats::Stats;
use crate::task::{Applied, Subject};

use super::{Ran, count_test};

/// What the layout pass would test on a pass's start, and what the run
/// would end on: the layout's text if the layout changes it (and the
/// layout pass would keep it if interesting), else the start itself. The
/// layout is worked out by the layout pass's own subject, so it is the
/// very text that pass tests.
pub(super) struct Ahead<'a> {
    layout: Text<'a>,
    start: crate::reduce::text::tidy::Tidied,
    /// The oracle of the re-check's first run: the session's, or its own
    /// re-check's.
    second: &'a dyn Oracle,
    oracle: &'a dyn Oracle,
    stats: &'a Stats,
    /// The text, once worked out (`None`: the run stopped first).
    text: OnceLock<Option<Vec<u8>>>,
    /// Where the re-check's run goes: the text and its verdict.
    ran: &'a Mutex<Option<Ran>>,
}

impl<'a> Ahead<'a> {
    /// The tests ahead for a pass that starts on `text` (its tree `tree`,
    /// the reduced bytes `scope`), laid out by `layout`.
    pub(super) fn new(
        layout: Text<'a>,
        (text, tree, scope): (Arc<[u8]>, tree_sitter::Tree, Range<usize>),
        (oracle, second): (&'a dyn Oracle, &'a dyn Oracle),
        stats: &'a Stats,
        ran: &'a Mutex<Option<Ran>>,
    ) -> Ahead<'a> {
        let (start, _) = layout.start(text, tree, scope, true);
        Ahead {
            layout,
            start,
            second,
            oracle,
            stats,
            text: OnceLock::new(),
            ran,
        }
    }

    fn text(&self) -> Option<&[u8]> {
        let text = self.text.get_or_init(|| {
            let mut scratch = self.layout.scratch(0);
            match self.layout.apply(&self.start, &Rules::LAYOUT, &mut scratch) {
                Applied::Candidate(laid) => Some(laid.text().to_vec()),
                Applied::Stopped => None,
                // Not laid out (the layout pass keeps the text as it is).
                _ => Some(self.start.text.to_vec()),
            }
        });
        text.as_deref()
    }
}

impl Ending for Ahead<'_> {
    fn key(&self) -> Option<u128> {
        let text = self.text()?;
        // Made ahead already, in an earlier pass on the same text.
        let made = self
            .ran
            .lock()
            .as_ref()
            .is_some_and(|(ran, _)| ran[..] == *text);
        (!made).then(|| VerdictCache::key(text))
    }

    fn test(&self, worker: usize) -> Result<Verdict, OracleError> {
        match self.text() {
            Some(text) => self.oracle.test(worker, text),
            None => Ok(Verdict::Cancelled),
        }
    }

    fn recheck(&self, worker: usize) {
        let Some(text) = self.text() else {
            return;
        };
        let verdict = self.second.test(worker, text);
        count_test(self.stats, &verdict);
        if !matches!(verdict, Ok(Verdict::Cancelled)) {
            *self.ran.lock() = Some((text.to_vec(), verdict));
        }
    }
}
