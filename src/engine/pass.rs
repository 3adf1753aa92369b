//! One reduction pass: N workers share the original, the task heap and the
//! versioned best; each builds candidates from a snapshot, tests them without
//! holding a lock and commits by compare-and-swap on the version.

use std::sync::Arc;

use parking_lot::Mutex;
use tree_sitter::{InputEdit, Parser, Point, Tree};

use super::heap::TaskHeap;
use super::retry::Retries;
use super::{Priority, Session, Task, Tests};
use crate::edit::{EditSet, render};
use crate::reduce::Change;
use crate::reduce::{self, ddmin};
use crate::stats::Kind;
use crate::stats::{Size, bump};
use crate::syntax::{NodeId, Original, count_errors, count_tokens};

/// The best program of a pass: the original plus `edits`, with its own text and
/// tree so that candidates can be re-parsed incrementally from it.
pub struct Best {
    /// Bumped by every commit of the pass.
    pub version: u64,
    /// The edits on top of the pass's original.
    pub edits: EditSet,
    /// The rendered text.
    pub text: Arc<[u8]>,
    /// Its syntax tree.
    pub tree: Tree,
    /// ERROR and MISSING nodes in the tree.
    pub errors: usize,
    /// Tokens in the tree.
    pub tokens: usize,
}

impl Best {
    /// The best of a pass that has not changed anything yet.
    pub fn of(original: &Original) -> Best {
        Best {
            version: 0,
            edits: EditSet::new(),
            text: original.text.clone(),
            tree: original.tree.clone(),
            errors: original.errors,
            tokens: original.tokens(),
        }
    }

    /// Its size.
    pub fn size(&self) -> Size {
        Size {
            bytes: self.text.len() as u64,
            tokens: self.tokens as u64,
        }
    }
}

/// The pass as a multi-test task sees it: attempts through one worker, with
/// follow-ups collected for the task's completion.
struct PassTests<'p, 'w> {
    pass: &'p Pass<'p>,
    worker: &'w mut Worker,
    follow_ups: &'w mut Vec<(Priority, Task)>,
}

impl Tests for PassTests<'_, '_> {
    fn snapshot(&self) -> Arc<Best> {
        self.pass.snapshot()
    }

    fn try_change(&mut self, change: &Change, kind: Kind) -> bool {
        self.pass
            .attempt(self.worker, change, kind, self.follow_ups)
    }
}

/// A worker's private tools: reused across its candidates.
pub struct Worker {
    /// Index below the job count, passed to the oracle.
    pub id: usize,
    parser: Parser,
    buf: Vec<u8>,
}

impl Worker {
    /// A worker for `session`'s language.
    pub fn new(id: usize, session: &Session<'_>) -> Worker {
        let mut parser = Parser::new();
        parser
            .set_language(session.grammar.ts_language())
            .expect("grammar ABI matches the tree-sitter crate");
        Worker {
            id,
            parser,
            buf: Vec::new(),
        }
    }

    /// Parses `candidate`, reusing `base` (the tree of `base_text`): the edit
    /// is the span between the common prefix and the common suffix.
    pub fn reparse(&mut self, base_text: &[u8], base: &Tree, candidate: &[u8]) -> Tree {
        let prefix = base_text
            .iter()
            .zip(candidate)
            .take_while(|(a, b)| a == b)
            .count();
        let max_suffix = base_text.len().min(candidate.len()) - prefix;
        let suffix = base_text
            .iter()
            .rev()
            .zip(candidate.iter().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        let (old_end, new_end) = (base_text.len() - suffix, candidate.len() - suffix);
        let start_position = point_at(base_text, prefix);
        let edit = InputEdit {
            start_byte: prefix,
            old_end_byte: old_end,
            new_end_byte: new_end,
            start_position,
            old_end_position: advance(start_position, &base_text[prefix..old_end]),
            new_end_position: advance(start_position, &candidate[prefix..new_end]),
        };
        let mut tree = base.clone();
        tree.edit(&edit);
        self.parser
            .parse(candidate, Some(&tree))
            .expect("parsing without a timeout or cancellation always returns a tree")
    }
}

fn point_at(text: &[u8], offset: usize) -> Point {
    advance(Point { row: 0, column: 0 }, &text[..offset])
}

fn advance(from: Point, text: &[u8]) -> Point {
    let rows = memchr::memchr_iter(b'\n', text).count();
    match memchr::memrchr(b'\n', text) {
        Some(last) => Point {
            row: from.row + rows,
            column: text.len() - last - 1,
        },
        None => Point {
            row: from.row,
            column: from.column + text.len(),
        },
    }
}

/// One pass over `original` (see the module documentation).
pub struct Pass<'a> {
    original: &'a Original,
    scope: NodeId,
    session: &'a Session<'a>,
    best: Mutex<Arc<Best>>,
    heap: TaskHeap<Task>,
    retries: Option<Retries>,
}

impl<'a> Pass<'a> {
    /// Runs the pass to its end (heap empty, nothing in flight) or to a
    /// cancellation, and returns its best.
    /// With `canon`, tokens are canonicalized too (after everything else).
    pub fn run(
        original: &'a Original,
        scope: NodeId,
        session: &'a Session<'a>,
        canon: bool,
    ) -> Arc<Best> {
        let pass = Pass {
            original,
            scope,
            session,
            best: Mutex::new(Arc::new(Best::of(original))),
            heap: TaskHeap::new(),
            retries: session.config.retries.then(|| Retries::new(original)),
        };
        pass.heap.push(
            Priority {
                tokens: original.nodes.tokens(scope) as u64,
                rank: reduce::RANK_VISIT,
            },
            Task::Visit(scope),
        );
        if canon && session.config.canon {
            // Tokens in text order (all have the same priority, and equal
            // priorities pop first in, first out): the first name of the
            // program takes `a`, the next new one `b`, and so on, so the
            // same program under other names comes out as the same text.
            for n in original.nodes.subtree(scope) {
                if let Some((priority, task)) = reduce::canon::task(session.lexicon, original, n) {
                    pass.heap.push(priority, task);
                }
            }
        }
        if scope == original.nodes.root() {
            // All comments form one list of their own, owned by no node.
            for list in original.lists_owned_by(NodeId::NONE) {
                if let Some((priority, task)) = ddmin::start(original, list) {
                    pass.heap.push(priority, task);
                }
            }
        }
        std::thread::scope(|s| {
            for id in 0..session.config.jobs.max(1) {
                let pass = &pass;
                s.spawn(move || pass.work(Worker::new(id, session)));
            }
        });
        pass.best.into_inner()
    }

    fn work(&self, mut worker: Worker) {
        // A panicking worker never completes its task: stop the heap so the
        // others return instead of waiting for it, and the panic surfaces.
        struct StopOnPanic<'h>(&'h TaskHeap<Task>);
        impl Drop for StopOnPanic<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.stop();
                }
            }
        }
        let _guard = StopOnPanic(&self.heap);
        while let Some(task) = self.heap.pop() {
            let follow_ups = self.run_task(&mut worker, task);
            self.heap.complete(follow_ups);
            if self.session.cancelled() {
                self.heap.stop();
            }
        }
    }

    fn snapshot(&self) -> Arc<Best> {
        self.best.lock().clone()
    }

    fn run_task(&self, worker: &mut Worker, task: Task) -> Vec<(Priority, Task)> {
        match task {
            Task::Visit(n) => {
                let best = self.snapshot();
                reduce::visit(
                    self.session.grammar,
                    self.session.config,
                    self.original,
                    best.edits.view(),
                    n,
                )
            }
            Task::Ddmin { list, chunk, first } => {
                let best = self.snapshot();
                let subsets = self.session.config.ddmin_subsets;
                ddmin::expand(
                    self.original,
                    best.edits.view(),
                    list,
                    chunk,
                    first,
                    subsets,
                )
            }
            Task::Canon(node) => {
                let mut follow_ups = Vec::new();
                let mut tests = PassTests {
                    pass: self,
                    worker,
                    follow_ups: &mut follow_ups,
                };
                reduce::canon::run(
                    self.session.lexicon,
                    self.original,
                    self.scope,
                    node,
                    &mut tests,
                );
                follow_ups
            }
            Task::Attempt(attempt) => {
                let mut follow_ups = Vec::new();
                let committed =
                    self.attempt(worker, &attempt.change, attempt.kind, &mut follow_ups);
                if let Some(level) = &attempt.level {
                    follow_ups.extend(level.finish(self.original, committed));
                }
                follow_ups
            }
        }
    }

    /// Builds, checks, tests and commits one change; re-applies it after a
    /// concurrent commit. Returns whether it was committed; retries it
    /// unlocks go to `follow_ups`.
    fn attempt(
        &self,
        worker: &mut Worker,
        change: &Change,
        kind: Kind,
        follow_ups: &mut Vec<(Priority, Task)>,
    ) -> bool {
        let session = self.session;
        let stats = session.stats;
        loop {
            if session.cancelled() {
                return false;
            }
            let best = self.snapshot();
            let Some(extra) = change.edits(self.original, self.scope, best.edits.view()) else {
                bump(&stats.implied);
                return false;
            };
            render(self.original, best.edits.view_with(&extra), &mut worker.buf);
            if worker.buf[..] == best.text[..] {
                bump(&stats.implied);
                return false;
            }
            // The buffer goes back to the worker on every path below.
            let candidate = std::mem::take(&mut worker.buf);
            let tree = worker.reparse(&best.text, &best.tree, &candidate);
            let errors = count_errors(&tree);
            if errors > best.errors {
                bump(&stats.syntax_rejected);
                worker.buf = candidate;
                return false;
            }
            let verdict = session.test(worker.id, &candidate);
            stats.candidate(kind, verdict == Some(true));
            if verdict != Some(true) {
                worker.buf = candidate;
                if let (Some(false), Some(retries), [(node, _)]) =
                    (verdict, &self.retries, extra.as_slice())
                {
                    retries.failed(
                        session.grammar,
                        self.original,
                        best.edits.view(),
                        *node,
                        kind,
                    );
                }
                return false;
            }
            let next = Arc::new(Best {
                version: best.version + 1,
                edits: best.edits.merged(&extra),
                text: Arc::from(candidate.as_slice()),
                tokens: count_tokens(&tree),
                tree,
                errors,
            });
            worker.buf = candidate;
            if !self.commit(&best, next) {
                bump(&stats.conflicts);
                continue;
            }
            follow_ups.extend(change.follow_ups(session.grammar, self.original, session.config));
            if let Some(retries) = &self.retries {
                let unlocked = retries.committed(
                    self.original,
                    best.edits.view(),
                    best.edits.view_with(&extra),
                    &extra,
                );
                stats
                    .retries
                    .fetch_add(unlocked.len() as u64, std::sync::atomic::Ordering::Relaxed);
                follow_ups.extend(unlocked);
            }
            return true;
        }
    }

    /// Installs `next` if the best is still `seen`.
    fn commit(&self, seen: &Best, next: Arc<Best>) -> bool {
        let seq = {
            let mut best = self.best.lock();
            if best.version != seen.version {
                return false;
            }
            *best = next.clone();
            self.session.next_seq()
        };
        self.session.stats.set_best(next.size());
        self.session.observer.improved(seq, &next.text);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{Grammar, parse};

    #[test]
    fn incremental_reparse_matches_a_fresh_parse() {
        let g = crate::lang::Language::by_name("c").unwrap().syntax();
        let base = b"int f(int a) {\n  return a + 1;\n}\nint g(void) { return 2; }\n".to_vec();
        let tree = parse(g, &base);
        let session_less_worker = |g: &Grammar| {
            let mut parser = Parser::new();
            parser.set_language(g.ts_language()).unwrap();
            Worker {
                id: 0,
                parser,
                buf: Vec::new(),
            }
        };
        let mut w = session_less_worker(g);
        for candidate in [
            &b"int f(int a) {\n  return a;\n}\nint g(void) { return 2; }\n"[..],
            b"int g(void) { return 2; }\n",
            b"int f(int a) {\n  return a + 1;\n}\n",
            b"",
            b"int f(int a) {\n  return a + 1;\n}\nint g(void) { return 2; }\nint h;\n",
        ] {
            let inc = w.reparse(&base, &tree, candidate);
            let fresh = parse(g, candidate);
            assert_eq!(inc.root_node().to_sexp(), fresh.root_node().to_sexp());
        }
    }

    #[test]
    fn points_count_rows_and_columns() {
        assert_eq!(point_at(b"ab\ncd\ne", 7), Point { row: 2, column: 1 });
        assert_eq!(
            advance(Point { row: 1, column: 4 }, b"xy"),
            Point { row: 1, column: 6 }
        );
    }
}
