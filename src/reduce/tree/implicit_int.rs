//! Implicit `int`: a declaration at file scope loses its type (`int
//! f(int *);` -> `f(int *);`, `unsigned x;` -> `x;`), which C89 reads as
//! `int` and gcc and clang still accept in their default dialects, with a
//! warning. Whether the test accepts it (a dialect flag, `-Werror`, a type
//! that mattered) is the test's to say; C-Vise's token passes reach the
//! same results by deleting the type's tokens.
//!
//! The language table says which declarations may lose which field
//! ([`crate::lang::Language::implicit_types`]). Each candidate removes one
//! declaration's type and costs one test, so they are proposed only when
//! the program has few such declarations left: they pay at the end of a
//! reduction, where every token counts, not on a library's thousand
//! prototypes, which deletion removes whole.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::reduce::byname::{child, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, RANK_ATTEMPT, Reduction, TreeSubject};
use crate::syntax::{NodeId, until};
use crate::task::{Priority, Queued};

/// The reduction as a table entry.
pub struct ImplicitIntReduction;

/// The table entry.
pub static IMPLICIT_INT: ImplicitIntReduction = ImplicitIntReduction;

/// Candidates are proposed only when a pass starts with at most this many
/// declarations whose type may go.
pub const AT_MOST: usize = 24;

impl Reduction for ImplicitIntReduction {
    fn name(&self) -> &'static str {
        "implicit-int"
    }

    fn about(&self) -> &'static str {
        "Do not drop the type of a C declaration at file scope (implicit int)"
    }

    fn pass_start<'a>(
        &self,
        cx: &TreeSubject<'a>,
        _kind: PassKind,
        out: &mut Vec<Queued<TreeSubject<'a>>>,
    ) {
        let original = cx.original;
        let nodes = &original.nodes;
        let mut found = Vec::new();
        for &(kind, field) in original.language.implicit_types {
            for n in until(
                nodes_of_kind(cx.grammar, original, cx.scope, kind),
                cx.stop(),
            ) {
                let top = nodes.parent(n) == nodes.root();
                if let Some(ty) = child(cx.grammar, original, n, field).filter(|_| top)
                    && cx.inside(n)
                    && nodes.tokens(ty) > 0
                {
                    found.push((n, ty));
                }
            }
        }
        if found.len() > AT_MOST {
            return;
        }
        for (declaration, ty) in found {
            out.push(Attempt::queued(
                Priority {
                    tokens: nodes.tokens(ty) as u64,
                    rank: RANK_ATTEMPT,
                },
                DropType { declaration, ty },
            ));
        }
    }
}

/// Drop the type `ty` of `declaration`.
#[derive(Clone, Debug)]
pub struct DropType {
    /// The declaration.
    pub declaration: NodeId,
    /// Its type.
    pub ty: NodeId,
}

impl Change for DropType {
    fn kind(&self) -> &'static str {
        IMPLICIT_INT.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.declaration)
            || current.get(self.declaration).is_some()
            || !current.is_live(original, self.ty)
            || current.get(self.ty).is_some()
        {
            return None;
        }
        Some(vec![(self.ty, Edit::Text(Arc::from(&b""[..])))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn file_scope_declarations_lose_their_type() {
        let got = candidates(
            &IMPLICIT_INT,
            "c",
            "int a(int *);\nunsigned b;\nint f(void) { int c; return c; }\n",
        );
        assert_eq!(
            got,
            [
                " a(int *);\nunsigned b;\nint f(void) { int c; return c; }\n",
                "int a(int *);\n b;\nint f(void) { int c; return c; }\n",
            ]
        );
    }

    #[test]
    fn other_languages_keep_their_types() {
        let got = candidates(&IMPLICIT_INT, "cpp", "int a(int *);\n");
        assert!(got.is_empty(), "{got:#?}");
    }
}
