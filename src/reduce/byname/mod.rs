//! What the reductions by name share: finding a node's child by field
//! name, collecting the nodes of the kinds a language table names, reading
//! the table's positions (`kind.field`), what deleting a declarator takes
//! along, where a value may be written in place of a name, and what
//! becomes of a use whose value is gone.
//! Names are resolved syntactically, by the text of identifier tokens, as
//! C-Reduce's and C-Vise's passes do without a compiler: a wrong guess (two
//! functions of one name in different scopes) makes a candidate the test
//! rejects, never a wrong result.

pub mod fields;
pub mod inline_declarator_types;
pub mod inline_types;
pub mod inline_values;
pub mod params;
pub mod scopes;
pub mod variants;

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::syntax::{FieldId, Grammar, KindId, NodeId, Original, Role};

/// The first child of `n` in the field called `field`.
pub fn child(grammar: &Grammar, original: &Original, n: NodeId, field: &str) -> Option<NodeId> {
    let field = grammar.field_id(field)?;
    let nodes = &original.nodes;
    nodes
        .children(n)
        .iter()
        .copied()
        .find(|&c| nodes.field(c) == Some(field))
}

/// The node reached from `n` through the fields `path`.
pub fn follow(grammar: &Grammar, original: &Original, n: NodeId, path: &[&str]) -> Option<NodeId> {
    path.iter()
        .try_fold(n, |at, field| child(grammar, original, at, field))
}

/// The nodes of the kind called `kind` in the subtree of `scope`, in
/// preorder (from the program's index of nodes by kind).
pub fn nodes_of_kind(
    grammar: &Grammar,
    original: &Original,
    scope: NodeId,
    kind: &str,
) -> impl Iterator<Item = NodeId> + use<> {
    let mut found: Vec<NodeId> = Vec::new();
    let ids = grammar.kind_ids(kind, true);
    for &k in ids {
        found.extend(original.nodes_of_kind(k, scope));
    }
    // Several ids of one name (aliases): in preorder, as one walk finds them.
    if ids.len() > 1 {
        found.sort_unstable();
    }
    found.into_iter()
}

/// The name `n` stands for: its text if it is an identifier token, else the
/// name reached through `fields` (`S::f` -> `f`).
pub fn name_of<'o>(
    grammar: &Grammar,
    original: &'o Original,
    mut n: NodeId,
    fields: &[&str],
) -> Option<&'o [u8]> {
    let nodes = &original.nodes;
    // A path of fields is short; the bound only guards against a cycle of kinds.
    for _ in 0..8 {
        if nodes.is_leaf(n) {
            return grammar
                .is_identifier(nodes.kind(n))
                .then(|| original.node_text(n));
        }
        n = fields
            .iter()
            .find_map(|field| child(grammar, original, n, field))?;
    }
    None
}

/// Whether some edit of `current` falls strictly inside the subtree of `n`.
pub fn edited_inside(original: &Original, current: EditView<'_>, n: NodeId) -> bool {
    current.has_edit_between(n, original.nodes.subtree_end(n))
}

/// The text `n` shows in `current`: its own, or the text that replaced it;
/// `None` when something inside it was edited (or it was hoisted or deleted).
pub fn current_text<'o>(
    original: &'o Original,
    current: EditView<'o>,
    n: NodeId,
) -> Option<&'o [u8]> {
    match current.get(n) {
        Some(Edit::Text(text) | Edit::Name(text)) => Some(text),
        Some(_) => None,
        None if edited_inside(original, current, n) => None,
        None => Some(original.node_text(n)),
    }
}

/// The kinds called `names`, each with all its ids.
pub fn kinds(grammar: &Grammar, names: &[&str]) -> Vec<KindId> {
    names
        .iter()
        .flat_map(|k| grammar.kind_ids(k, true).iter().copied())
        .collect()
}

/// Positions of nodes in their parents, from a language table's specs:
/// `kind.field` (a child in that field of a node of that kind) or `kind`
/// (a child of it outside any field).
#[derive(Clone, Debug, Default)]
pub struct Positions {
    entries: Vec<(KindId, Option<FieldId>)>,
}

impl Positions {
    /// The positions `specs` name in `grammar` (a field the grammar does
    /// not have matches nothing).
    pub fn new(grammar: &Grammar, specs: &[&str]) -> Positions {
        let mut entries = Vec::new();
        for spec in specs {
            let (kind, field) = match spec.split_once('.') {
                Some((kind, field)) => match grammar.field_id(field) {
                    Some(f) => (kind, Some(f)),
                    None => continue,
                },
                None => (*spec, None),
            };
            for &k in grammar.kind_ids(kind, true) {
                entries.push((k, field));
            }
        }
        Positions { entries }
    }

    /// Whether `n` sits in one of the positions.
    pub fn matches(&self, original: &Original, n: NodeId) -> bool {
        let nodes = &original.nodes;
        let parent = nodes.parent(n);
        if parent == NodeId::NONE {
            return false;
        }
        let at = (nodes.kind(parent), nodes.field(n));
        self.entries.contains(&at)
    }
}

/// The first name token in the subtree of `n` (`n` itself if it is one).
pub fn first_name(grammar: &Grammar, original: &Original, n: NodeId) -> Option<NodeId> {
    let nodes = &original.nodes;
    nodes
        .subtree(n)
        .find(|&m| nodes.is_leaf(m) && grammar.is_identifier(nodes.kind(m)))
}

/// What deleting list element or optional node `n` deletes in `current`:
/// `n`, or, when `n` is the last live element of a list that must keep
/// one (C's `int x = 1;` has one declarator), the list's owner, if that
/// may go itself.
pub fn deletion(original: &Original, current: EditView<'_>, n: NodeId) -> Option<NodeId> {
    match original.role(n) {
        Role::Optional => Some(n),
        Role::Element { list, .. } => {
            let info = original.list(list);
            let others = info
                .elements
                .iter()
                .any(|&e| e != n && current.is_live(original, e));
            if others || !info.plus {
                return Some(n);
            }
            let owner = info.parent;
            match original.role(owner) {
                Role::Fixed => None,
                _ => Some(owner),
            }
        }
        Role::Fixed => None,
    }
}

/// Where values are written at the place of a name, and what goes when a
/// value is gone: the positions of a language's [`crate::lang::Expressions`].
pub struct Places {
    primary: Vec<KindId>,
    bare: Positions,
    writes: Positions,
    droppable: Vec<KindId>,
    postfix: Positions,
    statements: Vec<KindId>,
    placeholder: Option<Arc<[u8]>>,
    placeholder_primary: bool,
}

/// What becomes of a use whose value is gone.
#[derive(Clone, Debug)]
pub enum Gone {
    /// The node goes (an array element, the statement that writes it).
    Delete(NodeId),
    /// The node becomes the language's placeholder (C's `0`).
    Text(NodeId, Arc<[u8]>),
}

impl Gone {
    /// The node edited.
    pub fn node(&self) -> NodeId {
        match self {
            Gone::Delete(n) | Gone::Text(n, _) => *n,
        }
    }

    /// The edit.
    pub fn edit(&self) -> Edit {
        match self {
            Gone::Delete(_) => Edit::Delete,
            Gone::Text(_, text) => Edit::Text(text.clone()),
        }
    }

    /// Tokens the edit removes from the original (`placeholder` tokens
    /// replace a node of text).
    pub fn removed(&self, original: &Original, placeholder: usize) -> isize {
        let tokens = original.nodes.tokens(self.node()) as isize;
        match self {
            Gone::Delete(_) => tokens,
            Gone::Text(..) => tokens - placeholder as isize,
        }
    }
}

impl Places {
    /// The places of `original`'s language.
    pub fn new(grammar: &Grammar, original: &Original) -> Places {
        let language = original.language;
        let e = &language.expressions;
        let primary = kinds(grammar, e.primary);
        let placeholder =
            (!language.placeholder.is_empty()).then(|| Arc::from(language.placeholder.as_bytes()));
        // One word (C's `0`) stands anywhere; anything longer (Rust's
        // `loop {}`) is parenthesized where a bare expression may not be.
        let placeholder_primary = language
            .placeholder
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        Places {
            bare: Positions::new(grammar, e.bare),
            writes: Positions::new(grammar, e.writes),
            droppable: kinds(grammar, e.droppable),
            postfix: Positions::new(grammar, e.postfix),
            statements: kinds(
                grammar,
                &language
                    .expression_statements
                    .iter()
                    .map(|(k, _)| *k)
                    .collect::<Vec<_>>(),
            ),
            placeholder,
            placeholder_primary,
            primary,
        }
    }

    /// Whether a node of `kind` written at `at` needs parentheses.
    pub fn needs_parentheses(&self, original: &Original, kind: KindId, at: NodeId) -> bool {
        !self.primary.contains(&kind) && !self.bare.matches(original, at)
    }

    /// Whether `n` is written to or its address taken (`x = 1`, `x++`, `&x`).
    pub fn is_written(&self, original: &Original, n: NodeId) -> bool {
        self.writes.matches(original, n)
    }

    /// What becomes of the expression `e` when its value is gone: the
    /// expressions built on it go along (`e.f`, `e[i]`, `e(..)`); a write
    /// to it (`e = 1`, `e++`, C's `&e`) is gone as a whole, and goes with
    /// its statement if it is one; an element of an array goes; anything
    /// else becomes the placeholder. `None` where nothing fits (no
    /// placeholder).
    pub fn gone(&self, original: &Original, e: NodeId) -> Option<Gone> {
        let nodes = &original.nodes;
        let mut top = e;
        // Chains of postfix and writes are short; the bound guards against
        // a cycle of kinds.
        for _ in 0..32 {
            if self.postfix.matches(original, top) {
                top = nodes.parent(top);
                continue;
            }
            if !self.writes.matches(original, top) {
                break;
            }
            let write = nodes.parent(top);
            let statement = nodes.parent(write);
            if statement != NodeId::NONE
                && self.statements.contains(&nodes.kind(statement))
                && !matches!(original.role(statement), Role::Fixed)
            {
                return Some(Gone::Delete(statement));
            }
            top = write;
        }
        self.gone_reading(original, top)
    }

    fn gone_reading(&self, original: &Original, top: NodeId) -> Option<Gone> {
        let nodes = &original.nodes;
        let parent = nodes.parent(top);
        if self.droppable.contains(&nodes.kind(parent))
            && matches!(original.role(top), Role::Element { .. })
        {
            return Some(Gone::Delete(top));
        }
        let text = self.placeholder.as_ref()?;
        let text = if self.placeholder_primary || self.bare.matches(original, top) {
            text.clone()
        } else {
            let mut wrapped = Vec::with_capacity(text.len() + 2);
            wrapped.push(b'(');
            wrapped.extend_from_slice(text);
            wrapped.push(b')');
            Arc::from(wrapped)
        };
        Some(Gone::Text(top, text))
    }
}

/// Adds to `edits` what becomes of each use in `uses` (the use, and what
/// goes with it), skipping uses that `current` no longer shows as they
/// were (deleted, replaced, or edited inside).
pub fn add_uses(
    original: &Original,
    current: EditView<'_>,
    uses: &[(NodeId, Gone)],
    edits: &mut Vec<(NodeId, Edit)>,
) {
    for (u, gone) in uses {
        let n = gone.node();
        if !current.is_live(original, *u)
            || current.get(*u).is_some()
            || edited_inside(original, current, *u)
            || !current.is_live(original, n)
            || matches!(current.get(n), Some(Edit::Text(_) | Edit::Name(_)))
        {
            continue;
        }
        edits.push((n, gone.edit()));
    }
}

/// Running a reduction's pass-start tasks on a snippet, for the tests.
#[cfg(test)]
pub mod testing {
    use std::sync::Arc;

    use crate::edit::{EditSet, render};
    use crate::lang::Language;
    use crate::reduce::{Config, PassKind, Reduction, TreeSubject};
    use crate::stats::Stats;
    use crate::syntax::{Grammar, Original, count_errors, parse};
    use crate::task::Queued;

    /// Parses `src` and runs `f` on the tree, the reduction context and the
    /// tasks `reduction` queues when a pass over it starts (`visits`: when
    /// each node below the root is visited as a child, in preorder).
    pub fn proposed<R>(
        reduction: &dyn Reduction,
        lang: &str,
        src: &str,
        visits: bool,
        f: impl for<'a> FnOnce(&Original, &TreeSubject<'a>, Vec<Queued<TreeSubject<'a>>>) -> R,
    ) -> R {
        proposed_at(reduction, lang, src, (visits, PassKind::Reduce), f)
    }

    /// [`proposed`] at the start of a pass of `kind` (without visits).
    pub fn proposed_at<R>(
        reduction: &dyn Reduction,
        lang: &str,
        src: &str,
        (visits, kind): (bool, PassKind),
        f: impl for<'a> FnOnce(&Original, &TreeSubject<'a>, Vec<Queued<TreeSubject<'a>>>) -> R,
    ) -> R {
        let g = Grammar::of(Language::by_name(lang).unwrap());
        let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let config = Config::default();
        let stats = Stats::new(crate::reduce::names());
        let oracle = |_: &[u8]| true;
        let observer = crate::task::Silent;
        let cx = TreeSubject::new(
            &o,
            o.nodes.root(),
            g,
            crate::lexical::Lexicon::of(g.language),
            &config,
            &stats,
            &oracle,
            &observer,
        );
        let mut tasks = Vec::new();
        if visits {
            let none = EditSet::new();
            for c in o.nodes.subtree(o.nodes.root()).skip(1) {
                reduction.visit_child(&cx, none.view(), c, &mut tasks);
            }
        } else {
            reduction.pass_start(&cx, kind, &mut tasks);
        }
        f(&o, &cx, tasks)
    }

    /// The text of every candidate `reduction` proposes when a pass over
    /// `src` starts, in the order proposed; each is checked to parse
    /// without errors.
    pub fn candidates(reduction: &dyn Reduction, lang: &str, src: &str) -> Vec<String> {
        candidates_of(reduction, lang, src, false)
    }

    /// The same for the candidates proposed when the nodes are visited,
    /// leaving out those the parser rejects (as the engine does: these
    /// reductions propose by the grammar's coarse table).
    pub fn candidates_on_visit(reduction: &dyn Reduction, lang: &str, src: &str) -> Vec<String> {
        candidates_of(reduction, lang, src, true)
    }

    /// The candidates proposed when a canonicalization pass starts, leaving
    /// out those the parser rejects.
    pub fn candidates_at_canon(reduction: &dyn Reduction, lang: &str, src: &str) -> Vec<String> {
        candidates_in(reduction, lang, src, (false, PassKind::Canon), true)
    }

    fn candidates_of(
        reduction: &dyn Reduction,
        lang: &str,
        src: &str,
        visits: bool,
    ) -> Vec<String> {
        candidates_in(reduction, lang, src, (visits, PassKind::Reduce), visits)
    }

    fn candidates_in(
        reduction: &dyn Reduction,
        lang: &str,
        src: &str,
        how: (bool, PassKind),
        parsing: bool,
    ) -> Vec<String> {
        proposed_at(reduction, lang, src, how, |o, cx, tasks| {
            assert_eq!(o.errors, 0, "{src}");
            let none = EditSet::new();
            let mut texts = Vec::new();
            for (_, job) in tasks {
                let change = job.first_change().expect("an attempt");
                let Some(edits) = change.edits(cx, none.view()) else {
                    continue;
                };
                let mut out = Vec::new();
                render(o, none.view_with(&edits), &mut out);
                let text = String::from_utf8(out).unwrap();
                let errors = count_errors(&parse(cx.grammar, text.as_bytes()));
                if parsing && errors > 0 {
                    continue;
                }
                assert_eq!(errors, 0, "{text}");
                texts.push(text);
            }
            texts
        })
    }

    /// The text after applying every candidate `reduction` proposes when a
    /// pass over `src` starts, in order, each on top of the ones before (as
    /// if the test accepted them all).
    pub fn all_accepted(reduction: &dyn Reduction, lang: &str, src: &str) -> String {
        proposed(reduction, lang, src, false, |o, cx, tasks| {
            let mut best = EditSet::new();
            for (_, job) in tasks {
                let change = job.first_change().expect("an attempt");
                if let Some(edits) = change.edits(cx, best.view()) {
                    best = best.merged(&edits);
                }
            }
            let mut out = Vec::new();
            render(o, best.view(), &mut out);
            String::from_utf8(out).unwrap()
        })
    }
}
