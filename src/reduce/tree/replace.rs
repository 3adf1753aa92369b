//! Replacement by the smallest compatible tree: a node in a slot that
//! accepts kinds T is replaced by the text of the smallest node of a kind in
//! T that occurs anywhere in the program (an expression by `0` or a variable
//! already used, a type by `int`, a block by `{}`), instead of by entries of
//! a hand-written per-language table.
//!
//! In a language whose values carry their type at run time (Python), the
//! kind of the value is what a bug is often about (`0 + ""` fails where
//! `0 + 0` does not), so there the smallest node of each of the entry's
//! `value_kinds` allowed in the slot is tried too, largest removal first
//! (a string reaching an addition through an attribute, `total +
//! item.quantity` -> `total + "40"`): Perses' and C-Reduce's replacement
//! by a compatible node found elsewhere in the program, one per kind.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject, inner_slot};
use crate::syntax::{KindSet, NodeId, Original};
use crate::task::Queued;

/// Replacement as a table entry.
pub struct ReplaceReduction;

/// The table entry.
pub static REPLACE: ReplaceReduction = ReplaceReduction;

impl Reduction for ReplaceReduction {
    fn name(&self) -> &'static str {
        "replace"
    }

    fn about(&self) -> &'static str {
        "Do not replace nodes by the smallest compatible tree of the program"
    }

    fn visit_child<'a>(
        &self,
        cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        c: NodeId,
        out: &mut Tasks<'a>,
    ) {
        if let Some(slot) = inner_slot(cx, c)
            && !(cx.config.prune && deletion_covers(cx.original, c))
        {
            out.extend(tasks(cx.original, c, &slot.types));
        }
    }
}

/// Whether deleting `c` does what replacing it would: `c` is an element of
/// a list without separators (statements, items, fields) that may lose
/// it. There the smallest tree of the slot is a placeholder that keeps no
/// position (`;`, `{}`), so replacing `c` by it costs a test that ddmin's
/// deletion of the same element already makes
/// (doc/history/benchmarks-2026-11-25.md, "Fewer tests"). In a separated
/// list (arguments, array elements) a placeholder keeps the position of
/// what follows (`f(a, b)` -> `f(0, b)`), and deletion does
/// not, so replacement stays.
pub fn deletion_covers(original: &Original, c: NodeId) -> bool {
    match original.role(c) {
        crate::syntax::Role::Element { list, .. } => {
            let info = original.list(list);
            !info.separated && (!info.plus || info.elements.len() > 1)
        }
        _ => false,
    }
}

/// Replace `node` by the text of a smaller compatible tree.
#[derive(Clone, Debug)]
pub struct Replace {
    /// The replaced node.
    pub node: NodeId,
    /// The replacement.
    pub text: Arc<[u8]>,
    /// Tokens in the replacement.
    pub tokens: usize,
}

impl Change for Replace {
    fn kind(&self) -> &'static str {
        REPLACE.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !cx.inside(self.node) {
            return None;
        }
        edits(cx.original, current, self.node, &self.text, self.tokens)
    }
}

/// The replacement tasks for `node` in a slot accepting `allowed`: the
/// smallest compatible tree of the program, and when that is a name, also
/// the smallest that is not (a name may be undefined where it lands:
/// `struct S *p` -> `T *p` fails where `int *p` holds).
pub fn tasks<'a>(
    original: &Original,
    node: NodeId,
    allowed: &KindSet,
) -> impl Iterator<Item = Queued<TreeSubject<'a>>> {
    let nodes = &original.nodes;
    // On a tie a literal beats a name: `int v = 0;` reads better than
    // `int v = v;` and refers to nothing.
    let is_name = |m: NodeId| original.name(m) != crate::syntax::NameId::NONE;
    let size = |m: NodeId| (nodes.tokens(m), nodes.end(m) - nodes.start(m), is_name(m));
    let smallest = || {
        allowed
            .iter()
            .filter_map(|kind| original.smallest_of_kind(kind))
    };
    let best = smallest().min_by_key(|&m| size(m));
    let unnamed = best
        .filter(|&m| is_name(m))
        .and_then(|_| smallest().filter(|&m| !is_name(m)).min_by_key(|&m| size(m)));
    // One more candidate per value kind of the language (none in a
    // statically typed one), each the smallest of its kind.
    let language = original.language;
    let ts = original.tree.language();
    let kinds = allowed.iter().filter(move |&kind| {
        ts.node_kind_for_id(kind.0)
            .is_some_and(|name| language.value_kinds.contains(&name))
    });
    // Such a value may have as many tokens as the node and fewer bytes
    // (`item.quantity` -> `"40"`, three tokens each).
    let typed = kinds
        .filter_map(|kind| original.smallest_of_kind(kind))
        .filter(move |&m| Some(m) != best && Some(m) != unnamed)
        .map(|m| (m, true));
    let bytes = |m: NodeId| nodes.end(m) - nodes.start(m);
    let smallest = best.into_iter().chain(unnamed).map(|m| (m, false));
    smallest.chain(typed).filter_map(move |(m, typed)| {
        let removed = nodes
            .tokens(node)
            .checked_sub(nodes.tokens(m))
            .filter(|&r| r > 0 || (typed && bytes(m) < bytes(node)))?;
        Some(Attempt::removing(
            removed,
            Replace {
                node,
                text: Arc::from(original.node_text(m)),
                tokens: nodes.tokens(m),
            },
        ))
    })
}

/// The edit, unless the node is gone or already replaced by something at
/// least as small (`tokens` is the size of the replacement).
pub fn edits(
    original: &Original,
    current: EditView<'_>,
    node: NodeId,
    text: &Arc<[u8]>,
    tokens: usize,
) -> Option<Vec<(NodeId, Edit)>> {
    if !current.is_live(original, node) || original.node_text(node) == &text[..] {
        return None;
    }
    match current.get(node) {
        Some(Edit::Text(_) | Edit::Name(_) | Edit::Delete) => None,
        Some(Edit::Hoist { first, last, .. })
            if crate::reduce::tree::hoist::kept_tokens(original, *first, *last) <= tokens =>
        {
            None
        }
        _ => Some(vec![(node, Edit::Text(text.clone()))]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates_on_visit;

    #[test]
    fn deletion_covers_statements_but_not_arguments() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let src = "int f(int a) { g(a, 1); return a; }\n";
        let o = Original::parse(g, std::sync::Arc::from(src.as_bytes())).unwrap();
        let node = |text: &str| {
            (0..o.nodes.len())
                .map(NodeId::new)
                .rfind(|&n| o.node_text(n) == text.as_bytes())
                .unwrap()
        };
        // A statement of a block: deleting it is what `;` would do.
        assert!(deletion_covers(&o, node("g(a, 1);")));
        assert!(deletion_covers(&o, node("return a;")));
        // An argument: replacing keeps the position of the next one.
        assert!(!deletion_covers(&o, node("1")));
        // Not a list element at all.
        assert!(!deletion_covers(&o, node("{ g(a, 1); return a; }")));
    }

    #[test]
    fn python_tries_the_smallest_value_of_each_kind() {
        let got = candidates_on_visit(
            &REPLACE,
            "python",
            "t = 0\nn = \"40\"\nt = t + item.quantity\n",
        );
        let addition: Vec<&String> = got
            .iter()
            .filter(|c| c.starts_with("t = 0\nn = \"40\"\nt = t + "))
            .collect();
        // `item.quantity`: the smallest tree `0` first, then a string; a name (`t`)
        // is no smaller than `0`.
        assert_eq!(
            addition,
            [
                "t = 0\nn = \"40\"\nt = t + 0\n",
                "t = 0\nn = \"40\"\nt = t + \"40\"\n",
            ]
        );
        // C has no value kinds: only the smallest tree.
        let c = candidates_on_visit(
            &REPLACE,
            "c",
            "char *n = \"40\";\nint t = 0 + s.quantity;\n",
        );
        let sums: Vec<&String> = c
            .iter()
            .filter(|c| c.starts_with("char *n = \"40\";\nint t = 0 + "))
            .collect();
        assert_eq!(sums, ["char *n = \"40\";\nint t = 0 + 0;\n"]);
    }

    #[test]
    fn a_name_is_followed_by_the_smallest_tree_that_is_not_one() {
        let got = candidates_on_visit(
            &REPLACE,
            "c",
            "typedef int T;\nint f(void) { struct S *p; return 0; }\n",
        );
        // `struct S` in the declaration: first the type name `T`, then `int`.
        let declaration: Vec<&String> = got
            .iter()
            .filter(|c| c.contains("(void) { ") && c.contains("*p;"))
            .collect();
        assert_eq!(
            declaration,
            [
                "typedef int T;\nint f(void) { T *p; return 0; }\n",
                "typedef int T;\nint f(void) { int *p; return 0; }\n",
            ]
        );
    }
}
