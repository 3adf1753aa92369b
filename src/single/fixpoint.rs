//! The fixpoint of passes (T-Rec's outer loop): which pass runs next, of
//! which kind, pruning or not, and when the passes are done.

use std::ops::Range;
use std::sync::atomic::Ordering;

use super::{Driver, ReduceError};
use crate::reduce::{PassKind, Reduction};
use crate::task::Phase;

/// Where the fixpoint's passes are: the state [`Driver::fixpoint`] decides
/// the next pass by.
struct Rounds {
    /// The passes run so far.
    number: usize,
    /// The kind of the next pass.
    kind: PassKind,
    /// The size (tokens, bytes) the current round started at: a round
    /// that does not shrink it ends the passes.
    round_start: (u64, u64),
    /// Whether the next pass prunes.
    prune: bool,
    /// Whether a pass since the last one that did not prune skipped
    /// anything.
    pruned_since_check: bool,
    /// Whether the next pass is the check of a fixpoint that pruned passes
    /// reached.
    checking: bool,
    /// Whether the passes settle (see [`Rounds::after`]).
    settling: bool,
}

impl Rounds {
    /// Before the first pass, on a program of size `start` (tokens, bytes),
    /// pruning as `prune` says.
    fn new(prune: bool, start: (u64, u64)) -> Rounds {
        Rounds {
            number: 0,
            kind: PassKind::Reduce,
            round_start: start,
            prune,
            pruned_since_check: false,
            checking: false,
            settling: false,
        }
    }

    /// Takes the end of the last pass into account (whether it `changed`
    /// the program, its `end` size, whether it `skipped` a test; whether
    /// canonicalization runs, and whether the run prunes): whether another
    /// pass runs.
    fn after(
        &mut self,
        changed: bool,
        end: (u64, u64),
        skipped: bool,
        (canon, prunes): (bool, bool),
    ) -> bool {
        if self.checking {
            return self.after_check(changed, end, prunes);
        }
        self.pruned_since_check |= skipped;
        let converged = match self.kind {
            PassKind::Canon => !changed || end >= self.round_start,
            PassKind::Reduce => !changed && !canon,
        };
        // A canonicalization pass that renamed without shrinking the
        // round ends it, but no syntax pass has seen its result yet.
        let renamed = self.kind == PassKind::Canon && changed;
        if converged && (self.pruned_since_check || renamed) {
            // Not a fixpoint while a skipped change might be
            // interesting: one pass that tests everything decides.
            self.kind = PassKind::Reduce;
            self.prune = false;
            self.checking = true;
            self.pruned_since_check = false;
            return true;
        }
        match self.kind {
            PassKind::Canon => {
                // Nothing canonicalized: the syntax passes have nothing new.
                if converged {
                    return false;
                }
                self.round_start = end;
                self.kind = PassKind::Reduce;
            }
            PassKind::Reduce if !changed => {
                if converged {
                    return false;
                }
                self.kind = PassKind::Canon;
            }
            PassKind::Reduce => {}
        }
        true
    }

    /// [`Rounds::after`] a pass that checked a fixpoint.
    fn after_check(&mut self, changed: bool, end: (u64, u64), prunes: bool) -> bool {
        if !changed {
            return false;
        }
        if self.settling || end >= self.round_start {
            // The check found something, but the round did not
            // shrink: identifier replacement (toward a frequent
            // name) and canonicalization (toward `a`) undid each
            // other, and going round again could do so forever.
            // The syntax passes settle instead: they run, pruning
            // nothing and without canonicalization, until one finds
            // nothing.
            self.settling = true;
            return true;
        }
        // The check found something: pruned passes again, from it.
        self.checking = false;
        self.prune = prunes;
        self.round_start = end;
        true
    }
}

impl Driver<'_, '_> {
    /// T-Rec's outer loop: reduce to a fixpoint without canonicalization,
    /// then run a pass with it; start over while a whole round (syntax
    /// fixpoint and canonicalization) shrinks the program. Comparing whole
    /// rounds matters: identifier replacement may undo a canonical name the
    /// round before, and the canonicalization pass then shrinks the text
    /// again, without end. Returns the tree of the final text.
    ///
    /// Passes prune (`reduce::TreeSubject::remembering`): they do not test again
    /// what failed in an earlier pass, nor all of a node's hoisting
    /// candidates. A pass that pruned something and committed nothing is
    /// not a fixpoint, so the next pass prunes nothing: the syntax fixpoint
    /// is always a pass that tested every candidate and found none
    /// interesting, as without pruning. Running every pass unpruned until
    /// the fixpoint instead was the rule before; it tested, on
    /// js-yaml-hex-int, the same failed changes in up to ten passes.
    ///
    /// The run ends on such a pass in every case: a canonicalization pass
    /// that renamed without shrinking the round is checked by one too, and
    /// when a check commits without the round shrinking (renaming and
    /// canonicalization undoing each other), the syntax passes settle,
    /// unpruned and without canonicalization, until one finds nothing. The
    /// round's start only goes down, so the rounds end.
    pub(super) fn fixpoint(
        &mut self,
        mut tree: tree_sitter::Tree,
        mut tokens: usize,
        scope: &mut Range<usize>,
    ) -> Result<tree_sitter::Tree, ReduceError> {
        let (session, stats) = (self.session, self.session.stats);
        if session.config.passes != Some(0) {
            self.coarse(&mut tree, &mut tokens, scope)?;
            if self.run.stopped() {
                return Ok(tree);
            }
        }
        let config = &session.config;
        let mut rounds = Rounds::new(config.prune, (tokens as u64, self.text.len() as u64));
        while config.passes.is_none_or(|max| rounds.number < max) {
            rounds.number += 1;
            let (number, kind) = (rounds.number, rounds.kind);
            stats.pass.store(number as u64, Ordering::Relaxed);
            session.observer.phase(match kind {
                PassKind::Canon => Phase::Canon(number),
                PassKind::Reduce => Phase::Reduce(number),
            });
            let how = (number, kind, rounds.prune, rounds.checking);
            let Some((changed, end, skipped)) = self.pass(&mut tree, scope, how)? else {
                break;
            };
            if self.run.stopped() {
                break;
            }
            let canon = config.runs(crate::reduce::canon::CANON.name());
            let end = (end.tokens, end.bytes);
            if !rounds.after(changed, end, skipped, (canon, config.prune)) {
                break;
            }
        }
        // (Stopped before a merge handed over was settled.)
        self.back_before_merge(&mut tree, scope);
        Ok(tree)
    }
}
