//! The coarse pass: on a large scope, ddmin over its top-level items
//! before the first pass, in narrow rounds.

use std::ops::Range;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{Driver, ReduceError};
use crate::engine::run_pass_in_rounds_of;
use crate::reduce::Best;
use crate::stats::PassReport;
use crate::syntax::{NodeId, Original, parse};
use crate::task::Phase;

/// The size in tokens from which a scope gets a coarse pass first (see
/// `Driver::coarse`): about 300 KB of C. Below it the analyses of a pass
/// start take tens of milliseconds, and the first pass starts with the
/// same ddmin of the top-level items anyway.
pub const COARSE_TOKENS: usize = 100_000;

/// How many changes a round of the coarse pass tests side by side (the
/// run's width if that is less): a test of a large program is slow (g++
/// on 600 KB of preprocessed C++: 0.3-0.8 s), and every change of a round
/// is tested on the round's program, so rounds of 16 test many candidates
/// on a program that the round's first commits already made much smaller.
/// Narrower rounds reach the small programs sooner: on the four C++ cases
/// of `benches/run` the coarse pass ran half the tests on programs above
/// 50 KB (doc/history/benchmarks-2026-11-26.md,
/// "C++: the coarse pass in narrower rounds").
/// A constant, like the run's width, so that every `-j` gives the same
/// result; 4 keeps four tests at once in the coarse pass on a machine with
/// more cores.
pub const COARSE_WIDTH: usize = 4;

/// The topmost node whose range is exactly `scope`, else the smallest node containing it.
pub(super) fn scope_node(original: &Original, scope: &Range<usize>) -> NodeId {
    let nodes = &original.nodes;
    let mut n = nodes.root();
    loop {
        if nodes.start(n) == scope.start && nodes.end(n) == scope.end {
            return n;
        }
        let inner = nodes
            .children(n)
            .iter()
            .copied()
            .find(|&c| nodes.start(c) <= scope.start && scope.end <= nodes.end(c));
        match inner {
            Some(c) => n = c,
            None => return n,
        }
    }
}

impl Driver<'_, '_> {
    /// The coarse pass, on a scope of at least [`COARSE_TOKENS`] tokens:
    /// ddmin over the top-level items of the scope (and of the node below
    /// it that holds most of it, if any: the function a bundle wraps its
    /// code in), and nothing else. A large input usually loses most of its
    /// items in large chunks; the reductions by name, whose start analyses
    /// the whole program, and the visits of every node then start on what
    /// is left. Memory pass 0: the passes after it skip what failed here.
    /// A program it does not change goes to the first pass as it is.
    pub(super) fn coarse(
        &mut self,
        tree: &mut tree_sitter::Tree,
        tokens: &mut usize,
        scope: &mut Range<usize>,
    ) -> Result<(), ReduceError> {
        let (session, stats) = (self.session, self.session.stats);
        let run = self.run;
        let stop = || run.stopped();
        // Its setup includes the program's node table, unless built ahead.
        let mut clock = stats.begin_pass();
        let Some(mut original) = self.original(tree, &stop)? else {
            return Ok(());
        };
        let node = scope_node(&original, scope);
        if original.nodes.tokens(node) < COARSE_TOKENS || crate::ablate::off("coarse") {
            self.first = Some(original);
            return Ok(());
        }
        // The pass's first best becomes the only holder of the input's
        // tree (the program and the driver keep an empty one meanwhile;
        // nothing in the pass reads the program's tree): once the pass has
        // moved past the input, its tree is freed, not kept to the end of
        // the pass beside the trees of the candidates it accepts.
        let empty = parse(session.grammar, b"");
        let input_tree = std::mem::replace(&mut original.tree, empty.clone());
        *tree = empty;
        session.observer.phase(Phase::Coarse);
        let started = Instant::now();
        let tests_before = stats.tests.load(Ordering::Relaxed);
        let rounds_before = stats.rounds.load(Ordering::Relaxed);
        let skipped_before = stats.skipped.load(Ordering::Relaxed);
        let done = {
            let subject = session
                .subject(&original, node)
                .remembering(&self.memory, 0, session.config.prune)
                .stopping(&stop)
                .testing_first();
            let first = Best {
                tree: input_tree,
                ..Best::of(&original)
            };
            let start = first.size();
            let tasks = subject.start_coarse();
            clock.built(stats);
            let done = run_pass_in_rounds_of(self.run, COARSE_WIDTH, &subject, first, tasks);
            stats.push_pass(PassReport {
                kind: "coarse",
                number: 1,
                seconds: started.elapsed().as_secs_f64(),
                start,
                end: done.best.size(),
                tests: stats.tests.load(Ordering::Relaxed) - tests_before,
                rounds: stats.rounds.load(Ordering::Relaxed) - rounds_before,
                skipped: stats.skipped.load(Ordering::Relaxed) - skipped_before,
                timing: stats.pass_timing(&clock),
            });
            done
        };
        let (commits, best) = (done.commits, done.best);
        if commits == 0 {
            // The input's tree, given back.
            original.tree = best.tree.clone();
            *tree = best.tree.clone();
            self.first = Some(original);
            return Ok(());
        }
        scope.end = (scope.end + best.text.len()).saturating_sub(self.text.len());
        self.text = best.text.clone();
        *tree = best.tree.clone();
        *tokens = best.tokens;
        self.checkpoints.push(self.text.clone());
        if run.stopped() {
            crate::syntax::drop_aside(original);
        }
        Ok(())
    }
}
