//! The syntax subject: one pass over an immutable parse of the program
//! (`Original`), whose states are edit sets on it. A candidate is rendered
//! by splicing the original's text, re-parsed incrementally from the best
//! tree, and dropped without a test if it has more parse errors than the
//! best.

use std::sync::Arc;

use tree_sitter::{InputEdit, Parser, Point, Tree};

use std::collections::HashMap;

use parking_lot::Mutex;

use super::byname::scopes::Scopes;
use super::memory::Memory;
use super::retries::{RETRIES_NAME, Retries};
use super::tree::closure::Dependents;
use super::{Change, Config, FAILED_ALTERNATIVES, PassKind, REDUCTIONS, Visit};
use crate::edit::{Edit, EditSet, EditView, changed_span, render};
use crate::lexical::Lexicon;
use crate::oracle::{Oracle, OracleError, Verdict, VerdictCache};
use crate::stats::{Size, Stats};
use crate::syntax::{
    Grammar, ListId, NodeId, Original, Stop, count_errors, count_tokens_until, never, parse_until,
};
use crate::task::{Applied, Footprint, Merging, NextChange, Observer, Queued, Subject};
use std::sync::OnceLock;

/// The best program of a pass: the original plus `edits`, with its own text and
/// tree so that candidates can be re-parsed incrementally from it.
pub struct Best {
    /// The edits on top of the pass's original.
    pub edits: EditSet,
    /// The edits the commit that made this best added.
    pub added: Vec<(NodeId, Edit)>,
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
            edits: EditSet::new(),
            added: Vec::new(),
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

/// A rendered candidate, parsed once it is checked
/// ([`Subject::check`]).
pub struct Candidate {
    extra: Vec<(NodeId, Edit)>,
    text: Vec<u8>,
    /// Its syntax tree and the ERROR and MISSING nodes in it: `None` until
    /// it is checked.
    tree: Option<(Tree, usize)>,
    /// The change's identity in the memory of failed changes (0 without one).
    identity: u128,
}

/// One pass over `original` (see the module documentation).
pub struct TreeSubject<'a> {
    /// The program of the pass.
    pub original: &'a Original,
    /// The node the pass reduces (the root, or the node of a byte range).
    pub scope: NodeId,
    /// Its language's syntax facts.
    pub grammar: &'a Grammar,
    /// Its language's token classes.
    pub lexicon: &'a Lexicon,
    /// Settings.
    pub config: &'a Config,
    /// Counters.
    pub stats: &'a Stats,
    oracle: &'a dyn Oracle,
    observer: &'a dyn Observer,
    retries: Option<Retries>,
    /// The changes that failed in this reduction's passes, and this pass's
    /// number among them.
    memory: Option<(&'a Memory, usize)>,
    /// Whether this pass prunes: it does not test a change the memory says
    /// failed in an earlier pass, nor a node's further alternatives after
    /// [`FAILED_ALTERNATIVES`] of them failed in a row.
    prune: bool,
    /// For each node with alternative changes: its edit in the program the
    /// last of them failed on, and how many failed in a row on programs
    /// where it had that edit. A commit of an alternative changes the
    /// node's edit, so the count starts afresh on the programs after it,
    /// whichever thread accounts for the commit first (in rounds another
    /// lane may apply its next change before the committing lane has).
    alternatives: Mutex<HashMap<NodeId, (Option<Edit>, u32)>>,
    /// The ddmin chunks ([`Change::chunk`]) whose deletion failed in this
    /// pass, by their elements. In rounds a ddmin level waits for its last
    /// chunk before the next level starts, and a level run again after
    /// progress (same chunk size) meets the chunks that did not move once
    /// more: the one holding what the test needs (a program's `main`)
    /// fails again, a round later each time, and the level's next halving
    /// waits for it. A pass that prunes skips it, so the level ends in the
    /// round being formed and its halves take the places (doc/history/benchmarks-2026-11-26.md,
    /// "A ddmin chunk tested with its halves, and chunks that failed not
    /// tested again in the pass").
    failed_chunks: Mutex<std::collections::HashSet<u128>>,
    /// Whether the run was stopped: long loops of the pass (its start's
    /// analyses, a candidate's parse) ask it and give up.
    stop: Stop<'a>,
    /// The uses of every value name resolved to its declaration, built
    /// once for the reductions that need it.
    scopes: OnceLock<Scopes>,
    /// The coarse pass's lists' users (see [`Dependents`]): a chunk of
    /// one of them is deleted with the elements that use it.
    dependents: OnceLock<Vec<Dependents>>,
    /// Whether a candidate is tested before it is parsed (see
    /// [`TreeSubject::testing_first`]).
    test_first: bool,
    /// The kind of the pass after this one if this one commits nothing
    /// (see [`TreeSubject::followed_by`]).
    next: Option<PassKind>,
}

impl<'a> TreeSubject<'a> {
    /// A pass over `scope` of `original`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        original: &'a Original,
        scope: NodeId,
        grammar: &'a Grammar,
        lexicon: &'a Lexicon,
        config: &'a Config,
        stats: &'a Stats,
        oracle: &'a dyn Oracle,
        observer: &'a dyn Observer,
    ) -> TreeSubject<'a> {
        TreeSubject {
            original,
            scope,
            grammar,
            lexicon,
            config,
            stats,
            oracle,
            observer,
            retries: config.runs(RETRIES_NAME).then(|| Retries::new(original)),
            memory: None,
            prune: false,
            alternatives: Mutex::new(HashMap::new()),
            failed_chunks: Mutex::new(Default::default()),
            stop: &never,
            scopes: OnceLock::new(),
            dependents: OnceLock::new(),
            test_first: false,
            next: None,
        }
    }

    /// If this pass commits nothing, a pass of `next` follows on the same
    /// program: a canonicalization pass's first changes are then tested
    /// in the places this pass's last rounds leave free
    /// ([`Subject::next_pass`]).
    pub fn followed_by(mut self, next: Option<PassKind>) -> Self {
        self.next = next;
        self
    }

    /// This pass gives up its long loops once `stop` says so (the run was
    /// interrupted): see [`TreeSubject::stopped`].
    pub fn stopping(mut self, stop: Stop<'a>) -> Self {
        self.stop = stop;
        self
    }

    /// This pass tests a candidate before it parses it, and parses only
    /// the interesting ones (the coarse pass: its candidates are deletions
    /// of whole top-level items, which rarely add a parse error, and a
    /// parse of a candidate of megabytes takes seconds where the test of
    /// one that fails takes a fraction of one; and fewer trees of a large
    /// program are alive at once). A candidate with more parse errors than
    /// the best is then not dropped before its test.
    pub fn testing_first(mut self) -> Self {
        self.test_first = true;
        self
    }

    /// Whether the run was stopped. A loop over a whole program asks it now
    /// and then ([`crate::syntax::until`]) and ends early: what it built
    /// is thrown away with the pass.
    pub fn stopped(&self) -> bool {
        (self.stop)()
    }

    /// The stop of this pass (for the loops of its reductions: see
    /// [`crate::syntax::until`]).
    pub fn stop(&self) -> Stop<'a> {
        self.stop
    }

    /// The uses of every value name, resolved to its declaration (built on
    /// the first call of the pass).
    pub fn scopes(&self) -> &Scopes {
        self.scopes
            .get_or_init(|| Scopes::of(self.grammar, self.original, self.stop))
    }

    /// This pass, number `pass` of a reduction, records its failed changes
    /// in `memory`; if it `prune`s, it skips what the memory and the
    /// failed alternatives say is not worth a test (see the fields).
    pub fn remembering(mut self, memory: &'a Memory, pass: usize, prune: bool) -> Self {
        self.memory = Some((memory, pass));
        self.prune = prune;
        self
    }

    /// Whether node `n`'s alternatives failed too often in a row on
    /// programs where it has the edit it has in `best`, for this pass to
    /// test more of them.
    fn exhausted(&self, n: NodeId, best: &Best) -> bool {
        self.prune
            && self
                .alternatives
                .lock()
                .get(&n)
                .is_some_and(|(edit, failed)| {
                    *failed >= FAILED_ALTERNATIVES && edit.as_ref() == best.edits.view().get(n)
                })
    }

    /// The tasks a pass of `kind` starts with: the visit of the scope, then
    /// each reduction's own (none once the run is stopped).
    pub fn start(&self, kind: PassKind) -> Vec<Queued<TreeSubject<'a>>> {
        let mut tasks = vec![Visit::queued(self.original, self.scope)];
        for r in REDUCTIONS.iter().filter(|r| self.config.runs(r.name())) {
            if self.stopped() {
                break;
            }
            let started = std::time::Instant::now();
            r.pass_start(self, kind, &mut tasks);
            self.stats.pass_start_took(r.name(), started.elapsed());
        }
        tasks
    }

    /// The tasks of a coarse pass (see `single`): ddmin over the lists of
    /// the scope and of each node below it that holds more than half of
    /// the scope's tokens (a bundle's wrapping function, a namespace), and
    /// no other reduction. On the whole program the comments come first
    /// (one test deletes them all, if the test allows): left between the
    /// items, they make every chunk's deletion many small deletions apart,
    /// and a large share of an amalgamation's bytes. In a language with
    /// `coarse_closure` (C), a chunk of items goes with the items that use
    /// what it declares ([`Dependents`]), so that a candidate does not
    /// leave uses of what it deleted (none if the run stops while that
    /// index is built). In C++ one candidate goes first, alone: the items
    /// the program's last items reach by name (`cxx::reachable`).
    pub fn start_coarse(&self) -> Vec<Queued<TreeSubject<'a>>> {
        let mut dependents = Vec::new();
        if self.original.language.coarse_closure {
            for list in self.coarse_lists() {
                let info = self.original.list(list);
                // The tokens of an ERROR node go by their forms; its
                // lines are the same forms again.
                let error = self.original.nodes.is_error(info.parent);
                if error && !info.members.is_empty() {
                    continue;
                }
                let index = if error {
                    Dependents::lexical(self.grammar, self.original, list, self.stop)
                } else {
                    Dependents::of(self.grammar, self.original, list, self.stop)
                };
                match index {
                    Some(d) => dependents.push(d),
                    None => return Vec::new(),
                }
            }
        }
        // Set once: a pass starts its coarse tasks once.
        let _ = self.dependents.set(dependents);
        match super::cxx::reachable::start(self) {
            Some(task) => vec![task],
            None => self.coarse_ddmin(),
        }
    }

    /// The coarse pass's ddmin tasks: over the comments (on the whole
    /// program), then over the lists of [`TreeSubject::start_coarse`].
    pub fn coarse_ddmin(&self) -> Vec<Queued<TreeSubject<'a>>> {
        let mut tasks = Vec::new();
        if self.scope == self.original.nodes.root() {
            for list in self.original.lists_owned_by(NodeId::NONE) {
                tasks.extend(super::tree::ddmin::start(self.original, list));
            }
        }
        for list in self.coarse_lists() {
            tasks.extend(super::tree::ddmin::start(self.original, list));
        }
        tasks
    }

    /// The lists of the coarse pass: those of the scope and of each node
    /// below it that holds more than half of the scope's tokens.
    fn coarse_lists(&self) -> Vec<ListId> {
        let nodes = &self.original.nodes;
        let half = nodes.tokens(self.scope) / 2;
        let mut lists = Vec::new();
        let mut at = Some(self.scope);
        while let Some(n) = at {
            lists.extend(self.original.lists_owned_by(n));
            at = nodes
                .children(n)
                .iter()
                .copied()
                .find(|&c| nodes.tokens(c) > half);
        }
        lists
    }

    /// Whether this is the coarse pass (its tasks were started by
    /// [`TreeSubject::start_coarse`]).
    pub fn coarse(&self) -> bool {
        self.dependents.get().is_some()
    }

    /// The index of the users of `list`'s elements, if this pass deletes
    /// its chunks with their users (the coarse pass).
    pub fn dependents(&self, list: ListId) -> Option<&Dependents> {
        self.dependents.get()?.iter().find(|d| d.list() == list)
    }

    /// Whether `n` is inside the scope (and not the scope itself).
    pub fn inside(&self, n: NodeId) -> bool {
        n != self.scope && self.original.nodes.contains(self.scope, n)
    }
}

impl<'a> Subject for TreeSubject<'a> {
    type State = Best;
    type Candidate = Candidate;
    type Change = dyn Change;
    type Scratch = Worker;

    fn scratch(&self, _worker: usize) -> Worker {
        Worker::new(self.grammar)
    }

    fn apply(&self, best: &Best, change: &dyn Change, worker: &mut Worker) -> Applied<Candidate> {
        match self.prepared(best, change, worker) {
            Applied::Candidate(candidate) => self.check(best, candidate, worker),
            other => other,
        }
    }

    /// The change's edits, rendered (the text is the verdict cache's key),
    /// without the parse: what depends on the pass's earlier verdicts
    /// (implied, skipped) is decided here.
    fn prepare(&self, best: &Best, change: &dyn Change, worker: &mut Worker) -> Applied<Candidate> {
        self.prepared(best, change, worker)
    }

    /// The parse of a prepared candidate: rejected if it has more parse
    /// errors than the best.
    /// A pass that tests first ([`TreeSubject::testing_first`]) leaves
    /// the parse to [`Subject::accept`].
    fn check(&self, best: &Best, candidate: Candidate, worker: &mut Worker) -> Applied<Candidate> {
        if self.test_first {
            return Applied::Candidate(candidate);
        }
        let mut candidate = candidate;
        match self.parse(best, &mut candidate, worker) {
            Some(true) => Applied::Candidate(candidate),
            well_formed => {
                worker.buf = candidate.text;
                match well_formed {
                    Some(_) => Applied::Rejected,
                    None => Applied::Stopped,
                }
            }
        }
    }

    fn merging(&self) -> Option<&dyn Merging<Self>> {
        Some(self)
    }

    fn key(&self, candidate: &Candidate) -> u128 {
        VerdictCache::key(&candidate.text)
    }

    fn test(&self, worker: usize, candidate: &Candidate) -> Result<Verdict, OracleError> {
        self.oracle.test(worker, &candidate.text)
    }

    fn abandon(&self, worker: usize) {
        self.oracle.abandon(worker);
    }

    fn spare(&self) -> bool {
        self.oracle.spare()
    }

    fn scripts(&self) -> usize {
        self.oracle.scripts()
    }

    fn accept(&self, best: &Best, candidate: Candidate, worker: &mut Worker) -> Best {
        // A candidate is tested once checked, so it has its tree; one that
        // was not is parsed here (if the run stops meanwhile, the best's
        // tree stands in: a stopped run reads no tree again).
        let mut candidate = candidate;
        if candidate.tree.is_none() && self.parse(best, &mut candidate, worker).is_none() {
            candidate.tree = Some((best.tree.clone(), best.errors));
        }
        let Some((tree, errors)) = candidate.tree.take() else {
            unreachable!("parsed above");
        };
        // Counted on the candidate's tree, unless the run stops meanwhile
        // (the count on a 10 MB program takes up to seconds, and a stopped
        // run ends at once): then the best's count less the tokens of the
        // nodes the candidate deletes, exact for deletions of nodes with
        // nothing edited inside (the coarse pass's), an estimate otherwise.
        let tokens = count_tokens_until(&tree, self.stop).unwrap_or_else(|| {
            let deleted: usize = candidate
                .extra
                .iter()
                .filter(|(_, e)| matches!(e, Edit::Delete))
                .map(|&(n, _)| self.original.nodes.tokens(n))
                .sum();
            best.tokens.saturating_sub(deleted)
        });
        let next = Best {
            edits: best.edits.merged(&candidate.extra),
            text: Arc::from(candidate.text.as_slice()),
            tokens,
            tree,
            errors,
            added: candidate.extra,
        };
        worker.buf = candidate.text;
        next
    }

    fn discard(&self, candidate: Candidate, worker: &mut Worker) {
        if self.stopped() {
            // The run ends: its tree is freed aside (see `drop_aside`).
            crate::syntax::drop_aside(candidate);
            return;
        }
        worker.buf = candidate.text;
    }

    fn release(&self, state: Arc<Best>) {
        // The run ends: its tree is freed aside (see `drop_aside`).
        crate::syntax::drop_aside(state);
    }

    fn size(&self, best: &Best) -> Size {
        best.size()
    }

    fn kind(&self, change: &dyn Change) -> &'static str {
        change.kind()
    }

    fn improved(&self, seq: u64, best: &Best) {
        self.observer.improved(seq, &best.text);
    }

    fn failed(&self, change: &dyn Change, best: &Best, candidate: &Candidate) {
        if let (true, Some(retries), [(node, Edit::Delete)]) =
            (change.deletes(), &self.retries, candidate.extra.as_slice())
        {
            retries.failed(self.grammar, self.original, best.edits.view(), *node);
        }
        if let Some((memory, pass)) = self.memory
            && remembered(change)
        {
            memory.failed(candidate.identity, pass);
        }
        if let Some(chunk) = change.chunk() {
            // Hashed before the lock: a chunk can hold thousands of nodes.
            let key = chunk_key(chunk);
            self.failed_chunks.lock().insert(key);
        }
        if let Some(n) = change.alternative_of() {
            let edit = best.edits.view().get(n).cloned();
            let mut alternatives = self.alternatives.lock();
            let (on, failed) = alternatives.entry(n).or_insert((None, 0));
            if *on != edit {
                (*on, *failed) = (edit, 0);
            }
            *failed += 1;
        }
    }

    fn committed(&self, change: &dyn Change, _before: &Best, _after: &Best) -> Vec<Queued<Self>> {
        change.follow_ups(self)
    }

    /// The retries a commit unlocks. Done here rather than per change: a
    /// lane builds its next candidate while the others take in their
    /// commits, and which retries fire must not depend on which lane got
    /// there first. (A node's failed alternatives count afresh by their
    /// edit, see the field.)
    fn advanced(&self, before: &Best, after: &Best) -> Vec<Queued<Self>> {
        let Some(retries) = &self.retries else {
            return Vec::new();
        };
        let unlocked = retries.committed(
            self.original,
            before.edits.view(),
            after.edits.view(),
            &after.added,
        );
        self.stats
            .retries
            .fetch_add(unlocked.len() as u64, std::sync::atomic::Ordering::Relaxed);
        unlocked
    }

    /// A canonicalization pass's first changes, when one follows.
    fn next_pass(&self, state: &Best, most: usize) -> Vec<NextChange<dyn Change>> {
        match self.next {
            Some(PassKind::Canon)
                if self
                    .config
                    .runs(super::Reduction::name(&super::canon::CANON)) =>
            {
                super::canon::first_changes(self, state, most)
            }
            _ => Vec::new(),
        }
    }
}

/// The key of a ddmin chunk in [`TreeSubject::failed_chunks`]: its
/// elements (a chunk's nodes are sorted).
fn chunk_key(chunk: &[NodeId]) -> u128 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for n in chunk {
        hasher.update(&(n.index() as u64).to_le_bytes());
    }
    hasher.digest128()
}

/// Whether a failure of `change` is remembered for later passes: not for
/// retries, which are tests of failed deletions again on purpose.
fn remembered(change: &dyn Change) -> bool {
    change.kind() != RETRIES_NAME
}

impl TreeSubject<'_> {
    /// See [`Subject::prepare`].
    fn prepared(
        &self,
        best: &Best,
        change: &dyn Change,
        worker: &mut Worker,
    ) -> Applied<Candidate> {
        let Some(extra) = change.edits(self, best.edits.view()) else {
            return Applied::Implied;
        };
        // A project's file markers are the cross-file reductions' alone.
        let markers = &self.original.markers;
        if !markers.is_empty()
            && ![super::files::FILES_NAME, super::files::INLINE_FILES_NAME].contains(&change.kind())
            && extra.iter().any(|(n, _)| markers.binary_search(n).is_ok())
        {
            return Applied::Rejected;
        }
        if change
            .alternative_of()
            .is_some_and(|n| self.exhausted(n, best))
        {
            return Applied::Skipped;
        }
        if self.prune
            && change.chunk().is_some_and(|chunk| {
                let key = chunk_key(chunk);
                self.failed_chunks.lock().contains(&key)
            })
        {
            return Applied::Skipped;
        }
        self.render(best, extra, worker, Some(change))
    }

    /// `best` with `extra` (the edits of a merge) added, rendered and
    /// checked: implied if it changes nothing, rejected if it has more
    /// parse errors than the best.
    fn candidate(
        &self,
        best: &Best,
        extra: Vec<(NodeId, Edit)>,
        worker: &mut Worker,
    ) -> Applied<Candidate> {
        match self.render(best, extra, worker, None) {
            Applied::Candidate(candidate) => self.check(best, candidate, worker),
            other => other,
        }
    }

    /// `best` with `extra` (the edits of `change`, or of a merge) added and
    /// rendered, not yet parsed; skipped if this pass prunes and the change
    /// failed in an earlier pass.
    fn render(
        &self,
        best: &Best,
        extra: Vec<(NodeId, Edit)>,
        worker: &mut Worker,
        change: Option<&dyn Change>,
    ) -> Applied<Candidate> {
        render(self.original, best.edits.view_with(&extra), &mut worker.buf);
        if worker.buf[..] == best.text[..] {
            return Applied::Implied;
        }
        let mut identity = 0;
        if let (Some((memory, pass)), Some(change)) = (self.memory, change)
            && remembered(change)
        {
            identity = Memory::identity(change.kind(), &best.text, &worker.buf);
            if self.prune && memory.failed_before(identity, pass) {
                return Applied::Skipped;
            }
        }
        // The buffer goes back to the worker when the candidate is done.
        let text = std::mem::take(&mut worker.buf);
        Applied::Candidate(Candidate {
            extra,
            text,
            tree: None,
            identity,
        })
    }

    /// Parses `candidate` incrementally from the best's tree: whether it
    /// has no more parse errors than the best (`None`: the run stopped
    /// during the parse).
    fn parse(&self, best: &Best, candidate: &mut Candidate, worker: &mut Worker) -> Option<bool> {
        let tree = worker.reparse_until(&best.text, &best.tree, &candidate.text, self.stop)?;
        let errors = count_errors(&tree);
        let well_formed = errors <= best.errors;
        candidate.tree = Some((tree, errors));
        Some(well_formed)
    }
}

/// A commit tried again on another best: the edits it added, as they were
/// (see `engine::group`: a commit whose merge with others turned out not
/// to be interesting).
#[derive(Debug)]
pub struct Patch {
    edits: Vec<(NodeId, Edit)>,
    kind: &'static str,
}

impl Change for Patch {
    fn kind(&self) -> &'static str {
        self.kind
    }

    fn edits(&self, _cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let missing: Vec<(NodeId, Edit)> = self
            .edits
            .iter()
            .filter(|(n, e)| current.get(*n) != Some(e))
            .cloned()
            .collect();
        (!missing.is_empty()).then_some(missing)
    }
}

/// A worker's private tools: reused across its candidates.
pub struct Worker {
    parser: Parser,
    buf: Vec<u8>,
    /// How many candidates it parsed from scratch (see [`parses_afresh`]).
    afresh: usize,
    /// How many edits of a base's tree it made on a thread of its own
    /// (see [`EDIT_ASIDE_FROM`]).
    edited_aside: usize,
}

impl Worker {
    /// A worker for `grammar`'s language.
    pub fn new(grammar: &Grammar) -> Worker {
        let mut parser = Parser::new();
        parser
            .set_language(grammar.ts_language())
            .expect("grammar ABI matches the tree-sitter crate");
        Worker {
            parser,
            buf: Vec::new(),
            afresh: 0,
            edited_aside: 0,
        }
    }

    /// Parses `candidate`, reusing `base` (the tree of `base_text`): the edit
    /// is the span between the common prefix and the common suffix.
    #[cfg(test)]
    pub fn reparse(&mut self, base_text: &[u8], base: &Tree, candidate: &[u8]) -> Tree {
        self.reparse_until(base_text, base, candidate, &never)
            .expect("never stopped")
    }

    /// The same, giving up (`None`) once `stop` says so: a candidate of a
    /// large program that differs near its start takes as long as a parse
    /// of the whole. A large candidate whose changed span is a large part
    /// of it is parsed from scratch instead (see [`parses_afresh`]).
    pub fn reparse_until(
        &mut self,
        base_text: &[u8],
        base: &Tree,
        candidate: &[u8],
        stop: Stop<'_>,
    ) -> Option<Tree> {
        let (prefix, old_end, new_end) = changed_span(base_text, candidate);
        if parses_afresh(candidate.len(), new_end - prefix, old_end - prefix) {
            self.afresh += 1;
            return parse_until(&mut self.parser, candidate, None, stop);
        }
        let start_position = point_at(base_text, prefix);
        let edit = InputEdit {
            start_byte: prefix,
            old_end_byte: old_end,
            new_end_byte: new_end,
            start_position,
            old_end_position: advance(start_position, &base_text[prefix..old_end]),
            new_end_position: advance(start_position, &candidate[prefix..new_end]),
        };
        // The edit copies every node of the base in the changed span
        // (seconds for megabytes of it, in one call that cannot look at
        // the stop): not once the run is stopped, and for a large span on
        // a thread of its own, which a stop does not wait for.
        if stop() {
            return None;
        }
        let mut tree = base.clone();
        if old_end - prefix >= EDIT_ASIDE_FROM {
            self.edited_aside += 1;
            tree = crate::syntax::aside_until(
                move || {
                    tree.edit(&edit);
                    tree
                },
                stop,
            )?;
        } else {
            tree.edit(&edit);
        }
        let parsed = parse_until(&mut self.parser, candidate, Some(&tree), stop);
        if parsed.is_none() {
            // Stopped: those copies are freed aside (see `drop_aside`).
            crate::syntax::drop_aside(tree);
        }
        parsed
    }
}

/// Candidates of at least this many bytes may be parsed from scratch.
const AFRESH_FROM: usize = 1 << 20;

/// From how many changed bytes of the base the edit of its tree runs on a
/// thread of its own (see [`Worker::reparse_until`]): below it the edit
/// takes milliseconds at most, less than a thread's start would matter.
const EDIT_ASIDE_FROM: usize = 1 << 16;

/// Whether a candidate of `len` bytes, `span` of them in the span that
/// differs from its base (`base_span` bytes of the base), is parsed from
/// scratch rather than from its base's tree.
///
/// If the candidate is shorter than the base's changed span: the edit of
/// the base's tree goes through every node in that span (a ddmin chunk of
/// a whole list deleted, with its users across the program: 53 ms for a
/// 108 KB C program, in the turn that every later test of the round waits
/// behind), and tree-sitter parses the new span again anyway, so a parse
/// of the whole candidate reads fewer bytes than the reuse goes through.
///
/// And if it is large and a quarter or more of it differs. Such a
/// span is usually many deletions apart (a chunk of top-level items with
/// the comments between them left), and tree-sitter must parse the whole
/// span anyway, so reusing the base's tree saves at most three quarters of
/// the work; but on a program with many parse errors (the SQLite
/// amalgamation's preprocessor conditionals) breaking down the reused
/// nodes at the edit can take minutes in one step, without a call of the
/// progress callback, so that neither a stop nor a deadline is seen. A
/// parse from scratch takes time in proportion to the candidate and asks
/// the callback all along.
fn parses_afresh(len: usize, span: usize, base_span: usize) -> bool {
    base_span > len || (len >= AFRESH_FROM && span >= len / 4)
}

/// The claim of fresh name `name` in a footprint.
fn name_claim(name: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    name.hash(&mut hasher);
    hasher.finish()
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

impl<'a> Merging<TreeSubject<'a>> for TreeSubject<'a> {
    fn footprint(&self, best: &Best, change: &dyn Change) -> Option<Footprint> {
        let edits = change.edits(self, best.edits.view())?;
        let nodes = &self.original.nodes;
        let span = |n: NodeId| (n.index() as u64, nodes.subtree_end(n).index() as u64);
        // What goes: a deleted subtree; the descendants of a node whose
        // text is replaced; those of a hoisted node outside what it keeps.
        let gone = edits.iter().flat_map(|&(n, ref edit)| {
            let (start, end) = span(n);
            let parts = match edit {
                Edit::Delete => [Some((start, end)), None],
                Edit::Hoist { first, last, .. } => [
                    Some((start + 1, first.index() as u64)),
                    Some((span(*last).1, end)),
                ],
                Edit::Text(_) => [Some((start + 1, end)), None],
                Edit::Name(_) => [None, None],
            };
            parts.into_iter().flatten()
        });
        let deletions = edits.iter().filter(|e| matches!(e.1, Edit::Delete)).count();
        let footprint = Footprint::of(edits.iter().map(|(n, _)| span(*n)))
            .removing(gone)
            .deleting(deletions, edits.len() - deletions);
        // A fresh name is taken by the change that gives it: two changes
        // giving one fresh name to different tokens never share a round.
        Some(
            edits
                .iter()
                .filter_map(|(_, edit)| edit.fresh_name())
                .map(name_claim)
                .fold(footprint, Footprint::claiming),
        )
    }

    fn merge(&self, base: &Best, branches: &[&Best], worker: &mut Worker) -> Option<Best> {
        // Each node's edit from the first branch that has one.
        let mut extra: std::collections::BTreeMap<NodeId, Edit> = Default::default();
        for branch in branches {
            for (n, edit) in branch.edits.added_since(&base.edits) {
                extra.entry(n).or_insert(edit);
            }
        }
        match self.candidate(base, extra.into_iter().collect(), worker) {
            Applied::Candidate(candidate) => Some(self.accept(base, candidate, worker)),
            Applied::Implied | Applied::Rejected | Applied::Skipped | Applied::Stopped => None,
        }
    }

    fn state_key(&self, best: &Best) -> u128 {
        VerdictCache::key(&best.text)
    }

    fn test_state(&self, worker: usize, best: &Best) -> Result<Verdict, OracleError> {
        self.oracle.test(worker, &best.text)
    }

    fn rebase(&self, base: &Best, branch: &Best, kind: &'static str) -> Option<Box<dyn Change>> {
        Some(Box::new(Patch {
            edits: branch.edits.added_since(&base.edits),
            kind,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    /// What a subject under test borrows: default options, fresh
    /// statistics, an oracle that accepts everything, no observer.
    struct Parts {
        config: Config,
        stats: Stats,
        oracle: fn(&[u8]) -> bool,
        observer: crate::task::Silent,
    }

    impl Parts {
        fn new() -> Parts {
            Parts {
                config: Config::default(),
                stats: Stats::new(crate::reduce::names()),
                oracle: |_| true,
                observer: crate::task::Silent,
            }
        }

        /// The subject of the whole of `original`.
        fn subject<'a>(&'a self, original: &'a Original) -> TreeSubject<'a> {
            let g = Grammar::of(original.language);
            TreeSubject::new(
                original,
                original.nodes.root(),
                g,
                crate::lexical::Lexicon::of(g.language),
                &self.config,
                &self.stats,
                &self.oracle,
                &self.observer,
            )
        }
    }

    /// Only a failed deletion is retried when the last use of the name it
    /// defines goes; a failed hoist or replacement of the same node is not
    /// turned into a deletion.
    #[test]
    fn only_failed_deletions_are_retried() {
        use crate::reduce::tree::delete::Delete;
        use crate::reduce::tree::hoist::Hoist;
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let src = "int helper(void) { return 1; }\nint main(void) { return helper(); }\n";
        let original = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let find = |text: &str| {
            original
                .nodes
                .ids()
                .find(|&n| original.node_text(n) == text.as_bytes())
                .unwrap()
        };
        let helper = find("int helper(void) { return 1; }");
        let body = find("{ return 1; }");
        let call = find("return helper();");
        let parts = Parts::new();
        let retried = |change: &(dyn Change + 'static), edit: Edit| {
            let cx = parts.subject(&original);
            let best = Best::of(&original);
            let candidate = Candidate {
                extra: vec![(helper, edit)],
                text: Vec::new(),
                tree: Some((original.tree.clone(), 0)),
                identity: 0,
            };
            cx.failed(change, &best, &candidate);
            // Deleting the only use unlocks what waits on `helper`.
            let delete_call = Delete {
                nodes: vec![call],
                plus: None,
                kind: "delete",
            };
            let added = vec![(call, Edit::Delete)];
            let after = Best {
                edits: best.edits.merged(&added),
                added,
                ..Best::of(&original)
            };
            cx.committed(&delete_call, &best, &after);
            cx.advanced(&best, &after).len()
        };
        let delete = Delete {
            nodes: vec![helper],
            plus: None,
            kind: "delete",
        };
        assert_eq!(retried(&delete, Edit::Delete), 1);
        let hoist = Hoist {
            node: helper,
            first: body,
            last: body,
        };
        assert_eq!(retried(&hoist, Edit::hoist(body)), 0);
    }

    /// Two renames that give one fresh name to different tokens take that
    /// name (their footprints conflict, so they never share a round); the
    /// same renames to a name already in use, or to two different fresh
    /// names, take nothing from each other.
    #[test]
    fn renames_to_one_fresh_name_never_share_a_round() {
        use crate::reduce::canon::CanonText;
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let src = "int first(int x) { return x; }\nint second(int y) { return y; }\n";
        let original = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let uses = |name: &str| -> Vec<NodeId> {
            original
                .nodes
                .ids()
                .filter(|&n| original.nodes.is_leaf(n) && original.node_text(n) == name.as_bytes())
                .collect()
        };
        let parts = Parts::new();
        let cx = parts.subject(&original);
        let best = Best::of(&original);
        let rename = |from: &str, to: &str, fresh: bool| CanonText {
            nodes: uses(from),
            from: Arc::from(from.as_bytes()),
            to: Arc::from(to.as_bytes()),
            fresh,
        };
        let footprint = |change: &CanonText| cx.footprint(&best, change).unwrap();
        let (x, y) = (rename("x", "a", true), rename("y", "a", true));
        assert!(footprint(&x).conflicts(&footprint(&y)));
        // The edits say it: the fresh rename's edits are names.
        let edits = x.edits(&cx, best.edits.view()).unwrap();
        assert!(edits.iter().all(|(_, e)| e.fresh_name() == Some(&b"a"[..])));
        let (x, y) = (rename("x", "a", false), rename("y", "a", false));
        assert!(!footprint(&x).conflicts(&footprint(&y)));
        let (x, y) = (rename("x", "a", true), rename("y", "b", true));
        assert!(!footprint(&x).conflicts(&footprint(&y)));
    }

    /// The last node whose text is `text`.
    fn last_node_of(original: &Original, text: &str) -> NodeId {
        let mut nodes = original.nodes.ids();
        nodes
            .rfind(|&n| original.node_text(n) == text.as_bytes())
            .unwrap()
    }

    /// A change removes what it deletes, and what a hoist does not keep:
    /// a change inside that has nothing left to do once it is in (its
    /// footprint is covered); a change inside the kept part, or on the
    /// hoisted node's other side, is not.
    #[test]
    fn a_footprint_covers_the_changes_inside_what_it_removes() {
        use crate::reduce::tree::delete::Delete;
        use crate::reduce::tree::hoist::Hoist;
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let src = "int f(int a, int b, int y) { return a + (b * y); }\nint g;\n";
        let original = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let find = |text: &str| last_node_of(&original, text);
        let (function, sum, product, a) = (
            find("int f(int a, int b, int y) { return a + (b * y); }"),
            find("a + (b * y)"),
            find("(b * y)"),
            find("a"),
        );
        let parts = Parts::new();
        let cx = parts.subject(&original);
        let best = Best::of(&original);
        let footprint = |change: &(dyn Change + 'static)| cx.footprint(&best, change).unwrap();
        let delete = |node| Delete {
            nodes: vec![node],
            plus: None,
            kind: "delete",
        };
        let hoist = |node, to| Hoist {
            node,
            first: to,
            last: to,
        };
        let whole = footprint(&delete(function));
        assert!(whole.covers(&footprint(&delete(product))));
        assert!(whole.covers(&footprint(&hoist(sum, product))));
        assert!(!whole.covers(&footprint(&delete(find("int g;")))));
        // `a + (b * y)` -> `(b * y)`: `a` goes, the product stays.
        let kept = footprint(&hoist(sum, product));
        assert!(kept.covers(&footprint(&delete(a))));
        assert!(!kept.covers(&footprint(&delete(find("b")))));
        assert!(!kept.covers(&footprint(&delete(sum))));
        assert!(!footprint(&delete(product)).covers(&whole));
    }

    /// A ddmin chunk that failed is not tested again in the same pass
    /// when the pass prunes (a level run again after progress proposes it
    /// once more), even after the program changed inside it; a pass that
    /// prunes nothing tests it, and so does the next pass. A chunk of
    /// other elements, and a deletion of the same nodes by another
    /// reduction, are tested.
    #[test]
    fn a_ddmin_chunk_that_failed_is_skipped_for_the_rest_of_a_pruning_pass() {
        use crate::reduce::tree::delete::Delete;
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let src = "int a;\nint b;\nint c;\nint main(void) { return 0; }\n";
        let original = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let item = |start: &str| {
            original
                .nodes
                .ids()
                .find(|&n| original.node_text(n).starts_with(start.as_bytes()))
                .unwrap()
        };
        let (a, b, c) = (item("int a;"), item("int b;"), item("int c;"));
        let chunk = |nodes: Vec<NodeId>, kind: &'static str| Delete {
            nodes,
            plus: None,
            kind,
        };
        let ab = chunk(vec![a, b], "ddmin");
        let parts = Parts::new();
        let memory = Memory::new();
        let mut worker = Worker::new(g);
        let best = Best::of(&original);
        let cx = parts.subject(&original).remembering(&memory, 1, true);
        let Applied::Candidate(candidate) = cx.apply(&best, &ab, &mut worker) else {
            panic!("a candidate before it failed");
        };
        cx.failed(&ab, &best, &candidate);
        assert!(matches!(
            cx.apply(&best, &ab, &mut worker),
            Applied::Skipped
        ));
        // The program changed (`c` is gone): still skipped in this pass.
        let added = vec![(c, Edit::Delete)];
        let smaller = Best {
            edits: best.edits.merged(&added),
            added,
            ..Best::of(&original)
        };
        assert!(matches!(
            cx.apply(&smaller, &ab, &mut worker),
            Applied::Skipped
        ));
        // Other elements, or the same nodes deleted by another reduction.
        let bc = chunk(vec![b, c], "ddmin");
        assert!(matches!(
            cx.apply(&best, &bc, &mut worker),
            Applied::Candidate(_)
        ));
        let plain = chunk(vec![a, b], "delete");
        assert!(matches!(
            cx.apply(&best, &plain, &mut worker),
            Applied::Candidate(_)
        ));
        // A pass that does not prune tests it; the failure is this pass's.
        let unpruned = parts.subject(&original).remembering(&memory, 1, false);
        unpruned.failed(&ab, &best, &candidate);
        assert!(matches!(
            unpruned.apply(&best, &ab, &mut worker),
            Applied::Candidate(_)
        ));
        let next = parts.subject(&original).remembering(&memory, 2, true);
        assert!(matches!(
            next.apply(&smaller, &ab, &mut worker),
            Applied::Candidate(_)
        ));
    }

    /// A candidate accepted once the run is stopped is not counted on its
    /// tree (seconds on a 10 MB program): its tokens are the best's less
    /// those of the nodes it deletes, which for a deletion is its count.
    #[test]
    fn a_deletion_accepted_after_the_stop_has_its_exact_size() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let src = "int helper(int a) { return a * 2 + 1; }\nint main(void) { return 0; }\n";
        let original = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let helper = original
            .nodes
            .ids()
            .find(|&n| {
                original.node_text(n).starts_with(b"int helper")
                    && original.node_text(n).ends_with(b"}")
            })
            .unwrap();
        let parts = Parts::new();
        let subject = || parts.subject(&original);
        let mut worker = Worker::new(g);
        let best = Best::of(&original);
        let Applied::Candidate(candidate) =
            subject().candidate(&best, vec![(helper, Edit::Delete)], &mut worker)
        else {
            panic!("no candidate");
        };
        let exact = crate::syntax::count_tokens(&candidate.tree.as_ref().unwrap().0);
        assert!(exact < best.tokens);
        let stopped = subject().stopping(&|| true);
        assert_eq!(stopped.accept(&best, candidate, &mut worker).tokens, exact);
    }

    /// Regression: in rounds, a lane applies its next change to the new
    /// best as soon as it hears its verdict, while the lane whose hoist
    /// made that best may not yet have accounted for its commit, which
    /// reset the count of the node's failed alternatives. Whether the next
    /// alternative was skipped depended on which thread ran first, and a
    /// run at -j 4 gave one of two texts. The count now belongs to the
    /// node's edit in the programs its alternatives failed on.
    #[test]
    fn failed_alternatives_count_afresh_once_the_node_changed_whoever_accounts_first() {
        use crate::reduce::tree::hoist::Hoist;
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let src = "int f(int a, int b, int y) { return a + (b * y); }\n";
        let original = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        // The last node of the text (`y`: the one in the expression).
        let find = |text: &str| {
            original
                .nodes
                .ids()
                .rfind(|&n| original.node_text(n) == text.as_bytes())
                .unwrap()
        };
        let (node, inner, y) = (find("a + (b * y)"), find("(b * y)"), find("y"));
        let hoist = |to: NodeId| Hoist {
            node,
            first: to,
            last: to,
        };
        let parts = Parts::new();
        let memory = Memory::new();
        let cx = parts.subject(&original).remembering(&memory, 1, true);
        let mut worker = Worker::new(g);
        let best = Best::of(&original);
        for _ in 0..FAILED_ALTERNATIVES {
            let candidate = Candidate {
                extra: vec![(node, Edit::hoist(y))],
                text: Vec::new(),
                tree: Some((original.tree.clone(), 0)),
                identity: 0,
            };
            cx.failed(&hoist(y), &best, &candidate);
        }
        assert!(matches!(
            cx.apply(&best, &hoist(y), &mut worker),
            Applied::Skipped
        ));
        // Another lane's hoist of the node into `(b * y)` made the new best;
        // before that lane accounts for it, the next alternative is applied.
        let added = vec![(node, Edit::hoist(inner))];
        let after = Best {
            edits: best.edits.merged(&added),
            added,
            ..Best::of(&original)
        };
        assert!(matches!(
            cx.apply(&after, &hoist(y), &mut worker),
            Applied::Candidate(_)
        ));
    }

    /// The coarse pass deletes a chunk with its users in C only
    /// (`Language::coarse_closure`): in C++ its chunks are plain.
    #[test]
    fn the_coarse_pass_closes_chunks_over_their_users_in_c_only() {
        let text = b"int a;\nint f(void) { return a; }\n";
        let parts = Parts::new();
        for (lang, closes) in [("c", true), ("cpp", false)] {
            let g = crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap());
            let original = Original::parse(g, Arc::from(&text[..])).unwrap();
            let cx = parts.subject(&original);
            assert!(!cx.start_coarse().is_empty());
            assert!(cx.coarse());
            let list = original
                .lists_owned_by(original.nodes.root())
                .next()
                .unwrap();
            assert_eq!(cx.dependents(list).is_some(), closes, "{lang}");
        }
    }

    /// A pass that tests first (the coarse pass) makes a candidate
    /// without a tree, and without dropping one with more parse errors
    /// than the best; the accepted candidate is parsed then, and its tree,
    /// errors and tokens are those of its text.
    #[test]
    fn a_candidate_tested_first_is_parsed_when_accepted() {
        use crate::reduce::tree::delete::Delete;
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let text = b"int a;\nint f(void) { return (1 + 2); }\nint b;\n";
        let original = Original::parse(g, Arc::from(&text[..])).unwrap();
        let nodes = &original.nodes;
        let find = |t: &[u8]| {
            nodes
                .ids()
                .find(|&n| original.node_text(n) == t)
                .unwrap_or_else(|| panic!("{}", String::from_utf8_lossy(t)))
        };
        let delete = |n: NodeId| Delete {
            nodes: vec![n],
            plus: None,
            kind: "ddmin",
        };
        let parts = Parts::new();
        let mut worker = Worker::new(g);
        let best = Best::of(&original);
        assert_eq!(best.errors, 0);
        // Deleting the closing parenthesis is a parse error: a parsing pass
        // drops it, a pass that tests first makes it a candidate.
        let paren = *nodes.children(find(b"(1 + 2)")).last().unwrap();
        let broken = delete(paren);
        assert!(matches!(
            parts.subject(&original).apply(&best, &broken, &mut worker),
            Applied::Rejected
        ));
        let cx = parts.subject(&original).testing_first();
        let Applied::Candidate(candidate) = cx.apply(&best, &broken, &mut worker) else {
            panic!("not a candidate");
        };
        assert!(candidate.tree.is_none());
        let next = cx.accept(&best, candidate, &mut worker);
        let fresh = parse(g, &next.text);
        assert_eq!(
            &next.text[..],
            b"int a;\nint f(void) { return (1 + 2; }\nint b;\n"
        );
        assert_eq!(next.tree.root_node().to_sexp(), fresh.root_node().to_sexp());
        assert_eq!(next.errors, count_errors(&fresh));
        assert!(next.errors > 0);
        // A deletion of an item, parsed when accepted, from that best.
        let Applied::Candidate(candidate) = cx.apply(&next, &delete(find(b"int b;")), &mut worker)
        else {
            panic!("not a candidate");
        };
        let last = cx.accept(&next, candidate, &mut worker);
        let fresh = parse(g, &last.text);
        assert_eq!(&last.text[..], b"int a;\nint f(void) { return (1 + 2; }\n");
        assert_eq!(last.tree.root_node().to_sexp(), fresh.root_node().to_sexp());
        assert_eq!(last.tokens, crate::syntax::count_tokens(&fresh));
    }

    #[test]
    fn incremental_reparse_matches_a_fresh_parse() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let base = b"int f(int a) {\n  return a + 1;\n}\nint g(void) { return 2; }\n".to_vec();
        let tree = parse(g, &base);
        let mut w = Worker::new(g);
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

    /// A large candidate that differs from its base in a span of a quarter
    /// of it or more is parsed from scratch (incremental re-parses of such
    /// candidates of the SQLite amalgamation ran for minutes without
    /// asking the stop); one that differs in a smaller span reuses the
    /// base's tree. Both trees are the fresh parse's.
    #[test]
    fn large_changed_spans_of_large_candidates_parse_afresh() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let unit = |i: usize| format!("int f{i}(int a) {{ int b = a * {i}; return b; }}\n");
        let units = 2 * AFRESH_FROM / unit(0).len();
        let base: String = (0..units).map(unit).collect();
        let tree = parse(g, base.as_bytes());
        let mut w = Worker::new(g);
        // Every second unit of the first half deleted: the changed span is
        // half of the program, in many pieces.
        let many: String = (0..units)
            .filter(|i| *i >= units / 2 || i % 2 == 0)
            .map(unit)
            .collect();
        let reparsed = w.reparse(base.as_bytes(), &tree, many.as_bytes());
        assert_eq!(w.afresh, 1);
        let fresh = parse(g, many.as_bytes());
        assert_eq!(reparsed.root_node().to_sexp(), fresh.root_node().to_sexp());
        // One unit deleted: reused.
        let one: String = (0..units).filter(|i| *i != units / 2).map(unit).collect();
        let reparsed = w.reparse(base.as_bytes(), &tree, one.as_bytes());
        assert_eq!(w.afresh, 1);
        assert_eq!(w.edited_aside, 0);
        let fresh = parse(g, one.as_bytes());
        assert_eq!(reparsed.root_node().to_sexp(), fresh.root_node().to_sexp());
        // Every second unit of a span of 128 KB deleted: reused, the base's
        // tree edited on a thread of its own (a stop does not wait for it).
        let span = 2 * EDIT_ASIDE_FROM / unit(0).len();
        let window = units / 2..units / 2 + span;
        let spread: String = (0..units)
            .filter(|i| !window.contains(i) || i % 2 == 0)
            .map(unit)
            .collect();
        let reparsed = w.reparse(base.as_bytes(), &tree, spread.as_bytes());
        assert_eq!((w.afresh, w.edited_aside), (1, 1));
        let fresh = parse(g, spread.as_bytes());
        assert_eq!(reparsed.root_node().to_sexp(), fresh.root_node().to_sexp());
    }

    /// A candidate shorter than the span of its base that changed (a
    /// ddmin chunk of a whole list, with its users, deleted) is parsed from
    /// scratch: the edit of the base's tree would go through every node of
    /// that span. A small change in a small program reuses the tree. Both
    /// trees are the fresh parse's.
    #[test]
    fn candidates_shorter_than_their_changed_span_parse_afresh() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let unit = |i: usize| format!("int f{i}(int a) {{ int b = a * {i}; return b; }}\n");
        let base: String = (0..200).map(unit).collect();
        let tree = parse(g, base.as_bytes());
        let mut w = Worker::new(g);
        // All but the first and the last unit deleted.
        let ends = format!("{}{}", unit(0), unit(199));
        let reparsed = w.reparse(base.as_bytes(), &tree, ends.as_bytes());
        assert_eq!(w.afresh, 1);
        let fresh = parse(g, ends.as_bytes());
        assert_eq!(reparsed.root_node().to_sexp(), fresh.root_node().to_sexp());
        // One unit deleted in the middle: reused.
        let one: String = (0..200).filter(|&i| i != 100).map(unit).collect();
        let reparsed = w.reparse(base.as_bytes(), &tree, one.as_bytes());
        assert_eq!(w.afresh, 1);
        let fresh = parse(g, one.as_bytes());
        assert_eq!(reparsed.root_node().to_sexp(), fresh.root_node().to_sexp());
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
