//! Inlining C typedefs whose declarator is more than a name: `typedef int
//! *p;` goes and each use of `p` shows the pointer type instead (`p x, y;`
//! -> `int *x, *y;`, `(p)e` -> `(int *)e`), in one candidate; so do array
//! typedefs (`typedef char s[8]; s a;` -> `char a[8];`) where every
//! declarator of a use is a plain name. C-Vise's typedef passes do the
//! same; without it such a typedef stays for as long as one use does.
//!
//! A pointer's `*` (with its qualifiers) goes in front of each declarator
//! of the declaration the use is the type of, which is right whatever that
//! declarator is (`p f(void)` -> `int *f(void)`, `p a[2]` -> `int *a[2]`):
//! a prefix `*` binds more loosely than the `()` and `[]` inside it. An
//! array's `[N]` goes after the name. A use whose declaration also has a
//! qualifier (`const p x` is `int *const x`, not `const int *x`), or that
//! sits anywhere but in the type of a declaration, parameter, field, cast
//! or typedef, keeps the typedef: no candidate is proposed.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::reduce::byname::{child, current_text, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original, Role, until};
use crate::task::Queued;

/// The reduction as a table entry.
pub struct InlineDeclaratorTypesReduction;

/// The table entry.
pub static INLINE_DECLARATOR_TYPES: InlineDeclaratorTypesReduction = InlineDeclaratorTypesReduction;

impl Reduction for InlineDeclaratorTypesReduction {
    fn name(&self) -> &'static str {
        "inline-declarator-types"
    }

    fn about(&self) -> &'static str {
        "Do not inline a C typedef of a pointer or array type (`typedef int *p;`) at its uses"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        if !cx
            .original
            .language
            .type_aliases
            .iter()
            .any(|a| a.kind == TYPEDEF)
        {
            return;
        }
        for n in until(
            nodes_of_kind(cx.grammar, cx.original, cx.scope, TYPEDEF),
            cx.stop(),
        ) {
            if cx.inside(n) {
                out.extend(task(cx.grammar, cx.original, cx.scope, n));
            }
        }
    }
}

/// The kind of a typedef.
const TYPEDEF: &str = "type_definition";

/// The kinds whose `type` a use may be, with declarators that take the
/// pointer (or none: a cast's type, an unnamed parameter).
const USE_PARENTS: &[&str] = &[
    "declaration",
    "parameter_declaration",
    "field_declaration",
    "type_descriptor",
    "type_definition",
];

/// One use of the typedef's name: the name token and the declarators that
/// take the pointer and array parts (none: the parts follow the type).
#[derive(Clone, Debug)]
pub struct Use {
    /// The name token.
    pub name: NodeId,
    /// The declarators of its declaration (init declarators' own).
    pub declarators: Vec<NodeId>,
}

/// Delete the typedef `definition` and write its type at `uses`.
#[derive(Clone, Debug)]
pub struct InlineDeclaratorType {
    /// The typedef.
    pub definition: NodeId,
    /// The aliased type (without the declarator's parts).
    pub aliased: NodeId,
    /// What goes before a declarator (`*`, `* const `).
    pub prefix: Arc<[u8]>,
    /// What goes after a declarator's name (`[8]`).
    pub suffix: Arc<[u8]>,
    /// The uses of the name.
    pub uses: Arc<[Use]>,
}

impl Change for InlineDeclaratorType {
    fn kind(&self) -> &'static str {
        INLINE_DECLARATOR_TYPES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.definition) || current.get(self.definition).is_some() {
            return None;
        }
        let aliased = current_text(original, current, self.aliased)?;
        let mut edits = Vec::new();
        for u in self.uses.iter() {
            if !current.is_live(original, u.name) || current.get(u.name).is_some() {
                continue;
            }
            let mut declarators = Vec::new();
            for &d in &u.declarators {
                if current.is_live(original, d) {
                    let text = current_text(original, current, d)?;
                    declarators.push((d, [&self.prefix[..], text, &self.suffix[..]].concat()));
                }
            }
            if declarators.is_empty() {
                let text = [aliased, b" ", &self.prefix[..], &self.suffix[..]].concat();
                edits.push((u.name, Edit::Text(Arc::from(text))));
            } else {
                edits.push((u.name, Edit::Text(Arc::from(aliased))));
                edits.extend(
                    declarators
                        .into_iter()
                        .map(|(d, t)| (d, Edit::Text(Arc::from(t)))),
                );
            }
        }
        if edits.is_empty() {
            // Nothing uses it any more: deletion's business.
            return None;
        }
        edits.push((self.definition, Edit::Delete));
        edits.sort_by_key(|e| e.0);
        Some(edits)
    }
}

/// A typedef's declarator taken apart: the name, the text before it (the
/// pointers) and the text after it (the array dimensions).
type Split = (NodeId, Arc<[u8]>, Arc<[u8]>);

/// The parts of a typedef's declarator, if it is pointers around at most
/// one array around a name.
fn split_declarator(grammar: &Grammar, original: &Original, mut d: NodeId) -> Option<Split> {
    let nodes = &original.nodes;
    let start = nodes.start(d);
    while grammar.kind_name(nodes.kind(d)) == "pointer_declarator" {
        d = child(grammar, original, d, "declarator")?;
    }
    let end = nodes.end(d);
    if grammar.kind_name(nodes.kind(d)) == "array_declarator" {
        d = child(grammar, original, d, "declarator")?;
    }
    if !nodes.is_leaf(d) || (start == nodes.start(d) && end == nodes.end(d)) {
        return None;
    }
    let text = &original.text;
    let prefix = Arc::from(&text[start..nodes.start(d)]);
    let suffix = Arc::from(&text[nodes.end(d)..end]);
    Some((d, prefix, suffix))
}

/// The use at name token `u`, if it is the type of a declaration whose
/// declarators can take the parts (`array`: the typedef has a suffix).
fn use_at(grammar: &Grammar, original: &Original, u: NodeId, array: bool) -> Option<Use> {
    let nodes = &original.nodes;
    let parent = nodes.parent(u);
    let kind = grammar.kind_name(nodes.kind(parent));
    if !USE_PARENTS.contains(&kind) || nodes.field(u) != grammar.field_id("type") {
        return None;
    }
    let declarator = grammar.field_id("declarator");
    let mut declarators = Vec::new();
    for &c in nodes.children(parent) {
        let name = grammar.kind_name(nodes.kind(c));
        if name == "type_qualifier" {
            return None;
        }
        if nodes.field(c) != declarator {
            continue;
        }
        let d = if name == "init_declarator" {
            child(grammar, original, c, "declarator")?
        } else {
            c
        };
        if array && !(nodes.is_leaf(d) && grammar.is_identifier(nodes.kind(d))) {
            return None;
        }
        declarators.push(d);
    }
    if array && declarators.is_empty() {
        return None;
    }
    Some(Use {
        name: u,
        declarators,
    })
}

/// The inlining task for typedef `n`, if its declarator has pointer or
/// array parts, every use of its name can take them, and inlining it
/// removes tokens.
fn task<'a>(
    grammar: &Grammar,
    original: &Original,
    scope: NodeId,
    n: NodeId,
) -> Option<Queued<TreeSubject<'a>>> {
    let nodes = &original.nodes;
    if !matches!(original.role(n), Role::Element { .. } | Role::Optional) {
        return None;
    }
    let aliased = child(grammar, original, n, "type")?;
    let declarator = child(grammar, original, n, "declarator")?;
    let simple = nodes
        .children(n)
        .iter()
        .all(|&c| c == aliased || c == declarator || nodes.is_extra(c) || !nodes.is_named(c));
    if !simple {
        return None;
    }
    let (name, prefix, suffix) = split_declarator(grammar, original, declarator)?;
    let text = original.node_text(name);
    let kind = nodes.kind(name);
    let mut uses = Vec::new();
    for u in nodes.subtree(scope) {
        if u != name
            && nodes.is_leaf(u)
            && nodes.kind(u) == kind
            && !grammar.is_definer_field(nodes.field(u))
            && original.node_text(u) == text
        {
            uses.push(use_at(grammar, original, u, !suffix.is_empty())?);
        }
    }
    if uses.is_empty() {
        return None;
    }
    let parts = nodes.tokens(declarator) - 1;
    let added: usize = uses
        .iter()
        .map(|u| nodes.tokens(aliased) - 1 + parts * u.declarators.len().max(1))
        .sum();
    let removed = nodes.tokens(n).checked_sub(added).filter(|&r| r > 0)?;
    Some(Attempt::removing(
        removed,
        InlineDeclaratorType {
            definition: n,
            aliased,
            prefix,
            suffix,
            uses: uses.into(),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn pointer_typedefs_inline_before_every_declarator() {
        let got = candidates(
            &INLINE_DECLARATOR_TYPES,
            "c",
            "typedef int *p;\np x, y = 0;\nint f(p q, p);\n",
        );
        assert_eq!(got, ["int *x, *y = 0;\nint f(int *q, int *);\n"]);
        let got = candidates(
            &INLINE_DECLARATOR_TYPES,
            "c",
            "typedef int *p;\nint g(void) { return *(p)0; }\n",
        );
        assert_eq!(got, ["int g(void) { return *(int *)0; }\n"]);
        // Inlining at as many declarators as the typedef has tokens
        // saves nothing: no candidate.
        let got = candidates(
            &INLINE_DECLARATOR_TYPES,
            "c",
            "typedef int *p;\np a, b, c, d, e;\n",
        );
        assert!(got.is_empty(), "{got:#?}");
    }

    #[test]
    fn qualified_pointers_and_functions_returning_them() {
        let got = candidates(
            &INLINE_DECLARATOR_TYPES,
            "c",
            "typedef char *const s;\ns f(void);\nstruct t { s m; };\n",
        );
        assert_eq!(
            got,
            ["char *const f(void);\nstruct t { char *const m; };\n"]
        );
    }

    #[test]
    fn array_typedefs_inline_after_plain_names() {
        let got = candidates(
            &INLINE_DECLARATOR_TYPES,
            "c",
            "typedef char s[8];\ns a, b;\n",
        );
        assert_eq!(got, ["char a[8], b[8];\n"]);
    }

    /// `const p x` is a constant pointer: writing `const int *x` would
    /// change its meaning; an array typedef before a pointer declarator
    /// would need parentheses.
    #[test]
    fn uses_that_cannot_take_the_parts_keep_the_typedef() {
        for src in [
            "typedef int *p;\nconst p x;\n",
            "typedef char s[8];\ns *a;\n",
            "typedef int t;\nt x;\n",
        ] {
            let got = candidates(&INLINE_DECLARATOR_TYPES, "c", src);
            assert!(got.is_empty(), "{src}: {got:#?}");
        }
    }
}
