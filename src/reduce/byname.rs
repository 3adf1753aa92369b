//! What the reductions by name share: finding a node's child by field
//! name, collecting the nodes of the kinds a language table names, reading
//! the table's positions (`kind.field`), what deleting a declarator takes
//! along, and where a value may be written in place of a name.
//! Names are resolved syntactically, by the text of identifier tokens, as
//! C-Reduce's and C-Vise's passes do without a compiler: a wrong guess (two
//! functions of one name in different scopes) makes a candidate the test
//! rejects, never a wrong result.

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

/// The nodes of the kind called `kind` in the subtree of `scope`.
pub fn nodes_of_kind<'o>(
    grammar: &Grammar,
    original: &'o Original,
    scope: NodeId,
    kind: &str,
) -> impl Iterator<Item = NodeId> + 'o {
    let kinds = grammar.kind_ids(kind, true).to_vec();
    original
        .nodes
        .subtree(scope)
        .filter(move |&n| kinds.contains(&original.nodes.kind(n)))
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
    let end = original.nodes.subtree_end(n);
    current.iter().any(|(m, _)| n < m && m < end)
}

/// The text `n` shows in `current`: its own, or the text that replaced it;
/// `None` when something inside it was edited (or it was hoisted or deleted).
pub fn current_text<'o>(
    original: &'o Original,
    current: EditView<'o>,
    n: NodeId,
) -> Option<&'o [u8]> {
    match current.get(n) {
        Some(Edit::Text(text)) => Some(text),
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

/// Where values are written at the place of a name: the positions of a
/// language's [`crate::lang::Expressions`].
pub struct Places {
    primary: Vec<KindId>,
    bare: Positions,
    writes: Positions,
}

impl Places {
    /// The places of `original`'s language.
    pub fn new(grammar: &Grammar, original: &Original) -> Places {
        let e = &original.language.expressions;
        Places {
            primary: kinds(grammar, e.primary),
            bare: Positions::new(grammar, e.bare),
            writes: Positions::new(grammar, e.writes),
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
}

/// Running a reduction's pass-start tasks on a snippet, for the tests.
#[cfg(test)]
pub mod testing {
    use std::sync::Arc;

    use crate::edit::{EditSet, render};
    use crate::lang::Language;
    use crate::reduce::{Config, PassKind, Reduction, Syntax};
    use crate::stats::Stats;
    use crate::syntax::{Grammar, Original, count_errors, parse};
    use crate::task::Queued;

    /// Parses `src` and runs `f` on the tree, the reduction context and the
    /// tasks `reduction` queues when a pass over it starts (`visits`: when
    /// each node below the root is visited as a child, in preorder).
    fn proposed<R>(
        reduction: &dyn Reduction,
        lang: &str,
        src: &str,
        visits: bool,
        f: impl for<'a> FnOnce(&Original, &Syntax<'a>, Vec<Queued<Syntax<'a>>>) -> R,
    ) -> R {
        let g = Grammar::of(Language::by_name(lang).unwrap());
        let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let config = Config::default();
        let stats = Stats::new(crate::reduce::names());
        let oracle = |_: &[u8]| true;
        let observer = crate::task::Silent;
        let cx = Syntax::new(
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
            reduction.pass_start(&cx, PassKind::Reduce, &mut tasks);
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

    fn candidates_of(
        reduction: &dyn Reduction,
        lang: &str,
        src: &str,
        visits: bool,
    ) -> Vec<String> {
        proposed(reduction, lang, src, visits, |o, cx, tasks| {
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
                if visits && errors > 0 {
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
