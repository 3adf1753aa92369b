//! The reductions of one program's syntax tree, and the subject the engine
//! runs them on ([`TreeSubject`]).
//!
//! A reduction is one value implementing [`Reduction`], listed once in
//! [`REDUCTIONS`]: its name (the `--no-NAME` switch, the statistics key, the
//! docs), the tasks it proposes when a node is visited or a pass starts, and
//! the [`Change`]s those tasks test. A change derives its edits from the
//! current best each time it is applied, so a task applied again after a
//! concurrent commit adapts (or turns out to be implied and is dropped).
//! Adding a reduction is one file and one line in the table.

pub mod byname;
pub mod canon;
pub mod canon_forms;
pub mod cxx;
pub mod files;
pub mod memory;
pub mod preproc;
pub mod retries;
mod subject;
pub mod text;
pub mod tree;

use std::fmt::Debug;

pub use subject::{Best, TreeSubject, Worker};

use crate::edit::{Edit, EditView};
use crate::options::RunOptions;
use crate::syntax::{Grammar, NodeId, Original, Slot};
use crate::task::{Job, Priority, Queued, Tests};

/// Rank of tasks that run a test (ddmin chunks, deletions): before expansions of equal size.
pub const RANK_ATTEMPT: u8 = 0;
/// Rank of visits: a node is expanded after the tests of its own size.
pub const RANK_VISIT: u8 = 1;
/// Rank of identifier replacements (which remove no tokens themselves).
pub const RANK_RENAME: u8 = 2;
/// Rank of token canonicalization: after everything else of the pass.
pub const RANK_CANON: u8 = 3;

/// Every reduction, in the order their tasks are proposed for a visited
/// node (which decides the order of equal priorities, so the order of
/// tests at `-j 1`).
pub static REDUCTIONS: &[&dyn Reduction] = &[
    &tree::ddmin::DDMIN,
    &tree::delete::DELETE,
    &tree::hoist::HOIST,
    &tree::replace::REPLACE,
    &tree::expr_stmt::EXPR_STMT,
    &tree::rename::RENAME,
    &byname::params::PARAMS,
    &tree::prototype::PROTOTYPE,
    &tree::stub_bodies::STUB_BODIES,
    &byname::inline_types::INLINE_TYPES,
    &byname::inline_declarator_types::INLINE_DECLARATOR_TYPES,
    &byname::inline_values::INLINE_CONSTS,
    &byname::inline_values::INLINE_VARS,
    &byname::fields::FIELDS,
    &byname::variants::VARIANTS,
    &cxx::namespaces::NAMESPACES,
    &cxx::template_params::TEMPLATE_PARAMS,
    &cxx::instantiate::INSTANTIATE,
    &cxx::base_classes::BASE_CLASSES,
    &cxx::method_bodies::METHOD_BODIES,
    &cxx::auto_types::AUTO_TYPES,
    &cxx::unwrap_classes::UNWRAP_CLASSES,
    &cxx::class_variables::CLASS_VARIABLES,
    &cxx::reachable::REACHABLE,
    &cxx::reachable::DECLARATIONS,
    &preproc::macro_bodies::MACRO_BODIES,
    &preproc::inline_macros::INLINE_MACROS,
    &preproc::conditionals::CONDITIONALS,
    &retries::RETRIES,
    &files::FILES,
    &files::INLINE_FILES,
    &files::LINES,
    &canon::CANON,
    &canon_forms::CANON_FORMS,
    &text::tidy::TIDY,
    &text::layout::LAYOUT,
];

/// The names of all reductions (the statistics keys).
pub fn names() -> impl Iterator<Item = &'static str> {
    REDUCTIONS.iter().map(|r| r.name())
}

/// The reductions that can be switched off, with what each does.
pub fn switchable() -> impl Iterator<Item = &'static dyn Reduction> {
    REDUCTIONS.iter().copied().filter(|r| r.switchable())
}

/// What kind of pass a subject runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassKind {
    /// The syntax reductions.
    Reduce,
    /// The syntax reductions and token canonicalization.
    Canon,
}

/// The tasks a reduction proposes, each with its priority.
pub type Tasks<'a> = Vec<Queued<TreeSubject<'a>>>;

/// One kind of reduction (see the module documentation).
pub trait Reduction: Sync {
    /// The name: `--no-NAME`, the statistics key.
    fn name(&self) -> &'static str;
    /// One line for `--help` and the docs: what switching it off stops.
    fn about(&self) -> &'static str;
    /// Whether `--no-NAME` exists (deletion and ddmin are the core and stay).
    fn switchable(&self) -> bool {
        true
    }
    /// Tasks for node `n`, which is being visited (before its children's).
    fn visit_node<'a>(
        &self,
        _cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        _n: NodeId,
        _out: &mut Tasks<'a>,
    ) {
    }
    /// Tasks for child `c` of a visited node.
    fn visit_child<'a>(
        &self,
        _cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        _c: NodeId,
        _out: &mut Tasks<'a>,
    ) {
    }
    /// Tasks queued when a pass of `kind` starts, besides the visit of its scope.
    fn pass_start<'a>(&self, _cx: &TreeSubject<'a>, _kind: PassKind, _out: &mut Tasks<'a>) {}
}

/// A change a task proposes (see the module documentation).
pub trait Change: Send + Sync + Debug {
    /// The reduction it belongs to (the statistics key).
    fn kind(&self) -> &'static str;
    /// The edits this change adds to `current`, or `None` if there is nothing
    /// left to do (already implied) or it is not allowed any more.
    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>>;
    /// Tasks that become possible once this change is committed.
    fn follow_ups<'a>(&self, _cx: &TreeSubject<'a>) -> Vec<Queued<TreeSubject<'a>>> {
        Vec::new()
    }
    /// Whether the change deletes what it edits (a failed deletion of one
    /// node may be retried once the names it defines lose their last use).
    fn deletes(&self) -> bool {
        false
    }
    /// The node this change is one of several alternatives for (hoisting's
    /// candidates of one node): a pass that prunes tests no more of them
    /// after [`FAILED_ALTERNATIVES`] failed in a row.
    fn alternative_of(&self) -> Option<NodeId> {
        None
    }
    /// The elements of the ddmin chunk this change deletes: a level run
    /// again after progress elsewhere in its list proposes the chunks that
    /// did not change once more, and a pass that prunes does not test again
    /// a chunk that failed earlier in the pass (see
    /// `TreeSubject::failed_chunks`).
    fn chunk(&self) -> Option<&[NodeId]> {
        None
    }
}

/// How many of one node's alternative changes may fail in a row before a
/// pass that prunes tests no more of them ([`Change::alternative_of`]).
/// Perses' search for hoisting candidates finds hundreds below a large node
/// when it crosses a long list (a function body), each keeping one small
/// piece, and they nearly all fail; where hoisting succeeds, it is mostly
/// among a node's first candidates (what the cap saves, in tests and
/// sizes: doc/history/benchmarks-2026-11-25.md, "Fewer tests").
pub const FAILED_ALTERNATIVES: u32 = 8;

/// Configuration of the syntax reductions.
#[derive(Clone, Debug)]
pub struct Config {
    /// Tests in parallel, the width of a round, in-order commits.
    pub run: RunOptions,
    /// Stop after this many reduction passes (`None`: run to a fixpoint).
    pub passes: Option<usize>,
    /// Also test ddmin's subsets (keep one chunk, delete the rest).
    pub ddmin_subsets: bool,
    /// In rounds, a short list's first ddmin level also tests its halves'
    /// halves (`reduce::tree::ddmin`). Pair mode's MinCommonality leaves
    /// it off: there it cost tests without a smaller pair
    /// (doc/benchmarks.md).
    pub ddmin_quarters: bool,
    /// Skip the tests that are not worth running (see `reduce::memory`, the
    /// hoisting candidates' [`FAILED_ALTERNATIVES`], ddmin's levels that do
    /// not pay and replacements that deletion covers); off, every pass
    /// tests every candidate of every reduction.
    pub prune: bool,
    /// A formatter to run on the result (program and arguments; it reads
    /// the text on stdin and writes it on stdout), kept if the test accepts
    /// its output.
    pub formatter: Option<Vec<String>>,
    /// The reductions switched off, by name.
    pub off: Vec<&'static str>,
    /// Re-run the test on the result at the end, to catch flaky tests.
    pub verify: bool,
    /// The caller has already checked that the input is interesting.
    pub input_checked: bool,
}

impl Config {
    /// Whether the reduction called `name` runs.
    pub fn runs(&self, name: &str) -> bool {
        !self.off.contains(&name)
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            run: RunOptions::default(),
            passes: None,
            ddmin_subsets: false,
            ddmin_quarters: true,
            prune: true,
            formatter: None,
            off: Vec::new(),
            verify: true,
            input_checked: false,
        }
    }
}

/// Tests one change and commits it if interesting.
#[derive(Debug)]
pub struct Attempt(pub Box<dyn Change>);

impl Attempt {
    /// The task of testing `change`, with `priority`.
    pub fn queued<'a>(
        priority: Priority,
        change: impl Change + 'static,
    ) -> Queued<TreeSubject<'a>> {
        (priority, Box::new(Attempt(Box::new(change))))
    }

    /// The task of testing `change`, an attempt prioritized by the `tokens`
    /// it removes.
    pub fn removing<'a>(tokens: usize, change: impl Change + 'static) -> Queued<TreeSubject<'a>> {
        Attempt::queued(
            Priority {
                tokens: tokens as u64,
                rank: RANK_ATTEMPT,
            },
            change,
        )
    }
}

impl<'a> Job<TreeSubject<'a>> for Attempt {
    fn run(
        self: Box<Self>,
        tests: &mut dyn Tests<TreeSubject<'a>>,
    ) -> Vec<Queued<TreeSubject<'a>>> {
        tests.try_change(&*self.0);
        Vec::new()
    }

    fn first_change(&self) -> Option<&(dyn Change + 'static)> {
        Some(&*self.0)
    }
}

/// Expands a node: the tasks of every reduction for it and its children,
/// and the visits of its inner children (Perses' worklist step).
#[derive(Debug)]
pub struct Visit(pub NodeId);

impl Visit {
    /// The visit of `n`, prioritized by its size.
    pub fn queued<'a>(original: &Original, n: NodeId) -> Queued<TreeSubject<'a>> {
        (
            Priority {
                tokens: original.nodes.tokens(n) as u64,
                rank: RANK_VISIT,
            },
            Box::new(Visit(n)),
        )
    }
}

impl<'a> Job<TreeSubject<'a>> for Visit {
    fn run(
        self: Box<Self>,
        tests: &mut dyn Tests<TreeSubject<'a>>,
    ) -> Vec<Queued<TreeSubject<'a>>> {
        let best = tests.snapshot();
        visit(tests.subject(), best.edits.view(), self.0)
    }

    fn expand_ahead(
        &self,
        cx: &TreeSubject<'a>,
        state: &Best,
    ) -> Option<Vec<Queued<TreeSubject<'a>>>> {
        Some(visit(cx, state.edits.view(), self.0))
    }
}

/// Expands node `n`: each reduction's tasks for the node, then for each
/// child each reduction's tasks and the child's own visit. Children's visits
/// go in right away, below the parent's own tasks: idle workers may then
/// start on them while the parent's ddmin is still running.
pub fn visit<'a>(
    cx: &TreeSubject<'a>,
    current: EditView<'_>,
    n: NodeId,
) -> Vec<Queued<TreeSubject<'a>>> {
    let original = cx.original;
    let nodes = &original.nodes;
    let mut tasks = Vec::new();
    if !current.is_live(original, n) {
        return tasks;
    }
    let on = || REDUCTIONS.iter().filter(|r| cx.config.runs(r.name()));
    for r in on() {
        r.visit_node(cx, current, n, &mut tasks);
    }
    for &c in nodes.children(n) {
        for r in on() {
            r.visit_child(cx, current, c, &mut tasks);
        }
        if !nodes.is_leaf(c) {
            tasks.push(Visit::queued(original, c));
        }
    }
    tasks
}

/// The slot of child `c` if it is an inner node (what hoisting and
/// replacement may put in its place).
pub fn inner_slot<'g>(cx: &TreeSubject<'g>, c: NodeId) -> Option<&'g Slot> {
    if cx.original.nodes.is_leaf(c) {
        return None;
    }
    slot_of(cx.grammar, cx.original, c)
}

/// The slot `c` sits in, if the grammar says (not for comments, ERROR
/// children or anonymous tokens outside fields).
pub fn slot_of<'g>(grammar: &'g Grammar, original: &Original, c: NodeId) -> Option<&'g Slot> {
    let nodes = &original.nodes;
    let p = nodes.parent(c);
    if p == NodeId::NONE || nodes.is_extra(c) || nodes.is_error(p) || nodes.is_missing(c) {
        return None;
    }
    match nodes.field(c) {
        None if nodes.is_named(c) => grammar.children_slot(nodes.kind(p)),
        None => None,
        Some(field) => grammar.field_slot(nodes.kind(p), field),
    }
}
