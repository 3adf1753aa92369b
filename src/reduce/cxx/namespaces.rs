//! Namespace wrappers: `namespace a { ... }` becomes its body, and every
//! `a::x` in the program becomes `x`, in one candidate. Hoisting alone
//! can put the body in the namespace's place, but then the qualified names
//! that reach into it no longer resolve; preprocessed C++ reaches into
//! `std::` and its inner namespaces everywhere.
//!
//! A name may be opened many times (preprocessed C++ opens `namespace std`
//! once per header): unwrapping one of them unqualifies `a::x` for names
//! the others declare too, which then no longer resolve. So all blocks of
//! one name (at the top level, inside `extern "C++" { ... }` or another
//! namespace) are also proposed together, as one candidate, before each on
//! its own.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::{child, nodes_of_kind};
use crate::reduce::cxx::{Cxx, keep_names, sorted};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::{NodeId, Original, Role};

/// Namespace unwrapping as a table entry.
pub static NAMESPACES: Cxx = Cxx {
    name: "namespaces",
    about: "Do not replace a C++ namespace by its body (with `a::x` -> `x` for its name)",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let (kind, name_field, body_field) = t.namespace;
    // The blocks of each name, with their changes.
    let mut groups: Vec<(&[u8], Vec<Unwrap>)> = Vec::new();
    for ns in nodes_of_kind(grammar, original, cx.scope, kind) {
        if !cx.inside(ns) || !matches!(original.role(ns), Role::Element { .. }) {
            continue;
        }
        let Some(body) = child(grammar, original, ns, body_field) else {
            continue;
        };
        let mut uses = Vec::new();
        let mut named = None;
        // An inline or anonymous namespace has no name to qualify with;
        // `a::b` as a name is left alone.
        if let Some(name) = child(grammar, original, ns, name_field) {
            if !nodes.is_leaf(name) {
                continue;
            }
            let text = original.node_text(name);
            named = Some(text);
            uses = qualified_uses(cx, t, text);
        }
        let removed = nodes.tokens(ns) - nodes.tokens(body) + 2 + 2 * uses.len();
        let unwrap = Unwrap {
            blocks: Arc::from([(ns, between_braces(original, body))]),
            uses: uses.into(),
        };
        if let Some(text) = named {
            match groups.iter_mut().find(|(k, _)| *k == text) {
                Some((_, members)) => members.push(unwrap.clone()),
                None => groups.push((text, vec![unwrap.clone()])),
            }
        }
        out.push(Attempt::removing(removed, unwrap));
    }
    for (_, members) in groups {
        if members.len() < 2 {
            continue;
        }
        // Every block has found the same uses (they share the name).
        let uses = members[0].uses.clone();
        let blocks: Vec<_> = members
            .iter()
            .flat_map(|m| m.blocks.iter().copied())
            .collect();
        let removed = blocks
            .iter()
            .map(|&(ns, _)| {
                let body = child(grammar, original, ns, body_field).unwrap_or(ns);
                nodes.tokens(ns) - nodes.tokens(body) + 2
            })
            .sum::<usize>()
            + 2 * uses.len();
        out.push(Attempt::removing(
            removed,
            Unwrap {
                blocks: blocks.into(),
                uses,
            },
        ));
    }
}

/// The qualified names in the pass's scope whose scope is the namespace
/// name `name` (`name::x`), each with the name after it (`x`).
fn qualified_uses(cx: &TreeSubject<'_>, t: &Templates, name: &[u8]) -> Vec<(NodeId, NodeId)> {
    let (grammar, original) = (cx.grammar, cx.original);
    let (qualified, scope_field, qualified_name) = t.qualified;
    let mut uses = Vec::new();
    for q in nodes_of_kind(grammar, original, cx.scope, qualified) {
        let scope = child(grammar, original, q, scope_field);
        let inner = child(grammar, original, q, qualified_name);
        if let (Some(scope), Some(inner)) = (scope, inner)
            && original.nodes.is_leaf(scope)
            && original.node_text(scope) == name
        {
            uses.push((q, inner));
        }
    }
    uses
}

/// The first and last node between the braces of `body` (a class's `;` is
/// a token of the body of its own); none when it is empty.
fn between_braces(original: &Original, body: NodeId) -> Option<(NodeId, NodeId)> {
    let nodes = &original.nodes;
    let elements: Vec<NodeId> = nodes
        .children(body)
        .iter()
        .copied()
        .filter(|&c| !matches!(original.node_text(c), b"{" | b"}") || nodes.is_named(c))
        .collect();
    elements.first().copied().zip(elements.last().copied())
}

/// A namespace definition with the first and last declaration of its body
/// (`None`: it is empty).
pub type Block = (NodeId, Option<(NodeId, NodeId)>);

/// Replace namespaces of one name by their bodies and unqualify the names
/// they qualified.
#[derive(Clone, Debug)]
pub struct Unwrap {
    /// The namespace definitions.
    pub blocks: Arc<[Block]>,
    /// Qualified names `a::x` with their inner name `x`.
    pub uses: Arc<[(NodeId, NodeId)]>,
}

impl Change for Unwrap {
    fn kind(&self) -> &'static str {
        NAMESPACES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        let mut edits = Vec::new();
        for &(namespace, body) in self.blocks.iter() {
            // A block deleted or already unwrapped since: the others still go.
            if !current.is_live(original, namespace) || current.get(namespace).is_some() {
                continue;
            }
            edits.push((
                namespace,
                match body {
                    Some((first, last)) => Edit::Hoist {
                        first,
                        last,
                        end: "",
                    },
                    None => Edit::Delete,
                },
            ));
        }
        if edits.is_empty() {
            return None;
        }
        keep_names(original, current, &self.uses, &mut edits);
        sorted(edits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn a_namespace_becomes_its_body_and_its_names_lose_the_qualifier() {
        let got = candidates(
            &NAMESPACES,
            "cpp",
            "namespace a {\nstruct S { int x; };\nint f(S s) { return s.x; }\n}\nint g() { a::S s; return a::f(s) + b::f(s); }\n",
        );
        assert_eq!(
            got,
            [
                "struct S { int x; };\nint f(S s) { return s.x; }\nint g() { S s; return f(s) + b::f(s); }\n"
            ]
        );
    }

    #[test]
    fn the_blocks_of_one_name_are_unwrapped_together_too() {
        let got = candidates(
            &NAMESPACES,
            "cpp",
            "namespace a {\nstruct S {};\n}\nnamespace a {\nS f();\n}\nint g() { a::S s; a::f(); }\n",
        );
        assert!(
            got.contains(&"struct S {};\nS f();\nint g() { S s; f(); }\n".to_string()),
            "{got:?}"
        );
        // Each on its own as before.
        assert_eq!(got.len(), 3, "{got:?}");
    }

    #[test]
    fn languages_without_namespaces_propose_none() {
        assert!(candidates(&NAMESPACES, "c", "int f(void) { return 0; }\n").is_empty());
    }
}
