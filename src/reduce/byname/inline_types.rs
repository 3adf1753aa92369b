//! Inlining type aliases: a C `typedef` or a Rust `type A = B;` goes and
//! each use of its name shows the aliased type instead (`typedef unsigned
//! char a; a x;` -> `unsigned char x;`), in one candidate. Deletion alone
//! cannot drop an alias that is used, and renaming cannot turn a name into
//! a type of several tokens. Chains of aliases inline one link per
//! candidate: a use that an earlier inlining turned into the next alias's
//! type text carries that text along.
//!
//! Only simple aliases: one name, no type parameters, nothing but the
//! aliased type and the kinds the language table allows (C's `typedef int
//! *p;` or `typedef const int c;` stay: their meaning is not the type
//! text alone). Uses are the identifier tokens of the alias name's kind
//! with its text outside definer fields (so C's `struct a` tags are not
//! uses). Only proposed when the program gets fewer tokens.

use std::collections::HashMap;
use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::TypeAlias;
use crate::reduce::byname::{child, current_text, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, KindId, NodeId, Original, Role, until};
use crate::task::Queued;

/// Alias inlining as a table entry.
pub struct InlineTypesReduction;

/// The table entry.
pub static INLINE_TYPES: InlineTypesReduction = InlineTypesReduction;

impl Reduction for InlineTypesReduction {
    fn name(&self) -> &'static str {
        "inline-types"
    }

    fn about(&self) -> &'static str {
        "Do not inline a type alias (C typedef, Rust `type`) at its uses and drop it"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        for alias in cx.original.language.type_aliases {
            let mut leaves = None;
            for n in until(
                nodes_of_kind(cx.grammar, cx.original, cx.scope, alias.kind),
                cx.stop(),
            ) {
                if cx.inside(n) {
                    // One walk of the scope for all of this kind's aliases.
                    let leaves = leaves.get_or_insert_with(|| NamedLeaves::new(cx, alias));
                    out.extend(task(cx.grammar, cx.original, leaves, alias, n));
                }
            }
        }
    }
}

/// Delete the alias `definition` and write its type at `uses`.
#[derive(Clone, Debug)]
pub struct InlineType {
    /// The alias definition.
    pub definition: NodeId,
    /// Its name token.
    pub name: NodeId,
    /// The aliased type.
    pub aliased: NodeId,
    /// The uses of the name.
    pub uses: Arc<[NodeId]>,
}

impl Change for InlineType {
    fn kind(&self) -> &'static str {
        INLINE_TYPES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.definition)
            || current.get(self.definition).is_some()
            || current.get(self.name).is_some()
        {
            return None;
        }
        let text: Arc<[u8]> = Arc::from(current_text(original, current, self.aliased)?);
        let mut edits: Vec<(NodeId, Edit)> = self
            .uses
            .iter()
            .copied()
            .filter(|&u| current.is_live(original, u) && current.get(u).is_none())
            .map(|u| (u, Edit::Text(text.clone())))
            .collect();
        if edits.is_empty() {
            // Nothing uses it any more: deletion's business.
            return None;
        }
        edits.push((self.definition, Edit::Delete));
        edits.sort_by_key(|e| e.0);
        Some(edits)
    }
}

/// The inlining task for the alias definition `n`, if it is a simple alias
/// with uses and inlining it removes tokens.
fn task<'a>(
    grammar: &Grammar,
    original: &Original,
    leaves: &NamedLeaves<'_>,
    alias: &TypeAlias,
    n: NodeId,
) -> Option<Queued<TreeSubject<'a>>> {
    let nodes = &original.nodes;
    if !matches!(original.role(n), Role::Element { .. } | Role::Optional) {
        return None;
    }
    let name = child(grammar, original, n, alias.name)?;
    let aliased = child(grammar, original, n, alias.aliased)?;
    // tree-sitter-c reads the names of common typedefs (`bool`, `size_t`,
    // `uint8_t`) as primitive types, at the typedef and at every use; a
    // program that defines one is the only place its meaning comes from.
    let named = grammar.is_identifier(nodes.kind(name))
        || grammar.kind_name(nodes.kind(name)) == "primitive_type";
    if !nodes.is_leaf(name) || !named {
        return None;
    }
    let allowed: Vec<_> = alias
        .allowed
        .iter()
        .flat_map(|k| grammar.kind_ids(k, true).iter().copied())
        .collect();
    let simple = nodes.children(n).iter().all(|&c| {
        c == name
            || c == aliased
            || nodes.is_extra(c)
            || !nodes.is_named(c)
            || allowed.contains(&nodes.kind(c))
    });
    if !simple {
        return None;
    }
    let kind = nodes.kind(name);
    let named_so = leaves.named(original.node_text(name), name);
    let mut uses: Vec<NodeId> = named_so
        .iter()
        .copied()
        .filter(|&u| nodes.kind(u) == kind && !grammar.is_definer_field(nodes.field(u)))
        .collect();
    uses.extend(value_uses(grammar, original, alias, &named_so));
    uses.sort_unstable();
    uses.dedup();
    let uses: Arc<[NodeId]> = uses.into();
    let added = uses.len() * nodes.tokens(aliased).saturating_sub(1);
    let removed = nodes.tokens(n).checked_sub(added).filter(|&r| r > 0)?;
    if uses.is_empty() {
        return None;
    }
    Some(Attempt::removing(
        removed,
        InlineType {
            definition: n,
            name,
            aliased,
            uses,
        },
    ))
}

/// The leaf tokens of a scope that an alias's name or its uses can be,
/// by their text: one walk of the scope serves every alias of one kind, so
/// a pass start is linear in the scope, not in the scope times the aliases.
struct NamedLeaves<'t> {
    by_text: HashMap<&'t [u8], Vec<NodeId>>,
}

impl<'t> NamedLeaves<'t> {
    /// The identifier and primitive-type leaves of `cx`'s scope, and the
    /// kinds of `alias.value_uses`, in tree order.
    fn new(cx: &TreeSubject<'t>, alias: &TypeAlias) -> Self {
        let (grammar, original) = (cx.grammar, cx.original);
        let nodes = &original.nodes;
        let values = value_kinds(grammar, alias);
        let wanted = |k| {
            grammar.is_identifier(k)
                || grammar.kind_name(k) == "primitive_type"
                || values.contains(&k)
        };
        let mut by_text: HashMap<&'t [u8], Vec<NodeId>> = HashMap::new();
        for u in until(nodes.subtree(cx.scope), cx.stop()) {
            if nodes.is_leaf(u) && wanted(nodes.kind(u)) {
                by_text.entry(original.node_text(u)).or_default().push(u);
            }
        }
        NamedLeaves { by_text }
    }

    /// The leaves with `text`, but `name` itself.
    fn named(&self, text: &[u8], name: NodeId) -> Vec<NodeId> {
        let all = self.by_text.get(text).map_or(&[][..], Vec::as_slice);
        all.iter().copied().filter(|&u| u != name).collect()
    }
}

/// The kinds of `alias.value_uses`.
fn value_kinds(grammar: &Grammar, alias: &TypeAlias) -> Vec<KindId> {
    alias
        .value_uses
        .iter()
        .flat_map(|k| grammar.kind_ids(k, true).iter().copied())
        .collect()
}

/// The value tokens (`alias.value_uses`) among `named_so` (the leaves
/// with the alias's name), unless one of them declares a value of the
/// name: then the name means that value somewhere, and no value token is
/// a use of the alias.
fn value_uses(
    grammar: &Grammar,
    original: &Original,
    alias: &TypeAlias,
    named_so: &[NodeId],
) -> Vec<NodeId> {
    let nodes = &original.nodes;
    let kinds = value_kinds(grammar, alias);
    if kinds.is_empty() {
        return Vec::new();
    }
    let found: Vec<NodeId> = named_so
        .iter()
        .copied()
        .filter(|&u| kinds.contains(&nodes.kind(u)))
        .collect();
    if found
        .iter()
        .any(|&u| grammar.is_definer_field(nodes.field(u)))
    {
        return Vec::new();
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::{all_accepted, candidates};

    #[test]
    fn c_typedefs_inline_at_their_uses() {
        let got = candidates(
            &INLINE_TYPES,
            "c",
            "typedef unsigned char a;\ntypedef a t;\nstruct t { int f; };\nt x;\nint g(t p) { return (t)p; }\n",
        );
        assert_eq!(
            got,
            [
                "typedef unsigned char t;\nstruct t { int f; };\nt x;\nint g(t p) { return (t)p; }\n",
                "typedef unsigned char a;\nstruct t { int f; };\na x;\nint g(a p) { return (a)p; }\n",
            ]
        );
    }

    /// A chain inlines in one pass: the second alias's type is the text the
    /// first inlining wrote there.
    #[test]
    fn c_typedef_chains_inline_in_one_pass() {
        let got = all_accepted(
            &INLINE_TYPES,
            "c",
            "typedef unsigned char a;\ntypedef a t;\nt x;\nint g(t p) { return p; }\n",
        );
        assert_eq!(
            got,
            "unsigned char x;\nint g(unsigned char p) { return p; }\n"
        );
    }

    /// The typedef of a csmith -Wpointer-sign report: `bool` is a
    /// primitive type to tree-sitter-c.
    #[test]
    fn c_typedefs_of_names_the_grammar_calls_primitive_inline() {
        let got = candidates(
            &INLINE_TYPES,
            "c",
            "typedef unsigned int bool;\nint a(int *);\nint b() { bool *c; a(c); }\n",
        );
        assert_eq!(got, ["int a(int *);\nint b() { unsigned int *c; a(c); }\n"]);
    }

    /// The conflicting declarations of zlib's adler32 case: tree-sitter-c
    /// reads `b(a);` at file scope as a call, `a` as a value; nothing else
    /// declares `a`, so it is a use of the typedef.
    #[test]
    fn c_typedef_names_read_as_values_are_uses_unless_a_value_has_the_name() {
        let got = candidates(&INLINE_TYPES, "c", "typedef int a;\nb(long);\nb(a);\n");
        assert_eq!(got, ["b(long);\nb(int);\n"]);
        let got = candidates(
            &INLINE_TYPES,
            "c",
            "typedef int a;\na x;\nvoid f(void) { int a = 1; g(a); }\n",
        );
        assert_eq!(got, ["int x;\nvoid f(void) { int a = 1; g(a); }\n"]);
    }

    #[test]
    fn c_typedefs_with_declarator_parts_stay() {
        let got = candidates(
            &INLINE_TYPES,
            "c",
            "typedef int *p;\ntypedef const int c;\ntypedef int t, u;\np x; c y; t z; u w;\n",
        );
        assert!(got.is_empty(), "{got:#?}");
    }

    #[test]
    fn rust_type_aliases_inline() {
        let got = candidates(
            &INLINE_TYPES,
            "rust",
            "pub type A = u8;\ntype G<T> = Vec<T>;\nfn f(x: A) -> A { x }\nfn g(v: G<u8>) {}\n",
        );
        assert_eq!(
            got,
            ["type G<T> = Vec<T>;\nfn f(x: u8) -> u8 { x }\nfn g(v: G<u8>) {}\n"]
        );
    }
}
