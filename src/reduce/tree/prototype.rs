//! Function definitions to prototypes: C's `int f(int a) { ... }` becomes
//! `int f(int a);`, one token where replacement's smallest body `{}` has
//! two, and a declaration that deletion and parameter removal treat like
//! any other. The language table says which kinds have a body that may go
//! and what takes its place (Rust and JavaScript have no such form outside
//! traits, so their tables are empty).

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::reduce::byname::{child, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{NodeId, until};

/// Prototypes as a table entry.
pub struct PrototypeReduction;

/// The table entry.
pub static PROTOTYPE: PrototypeReduction = PrototypeReduction;

impl Reduction for PrototypeReduction {
    fn name(&self) -> &'static str {
        "prototype"
    }

    fn about(&self) -> &'static str {
        "Do not turn a C function definition into a prototype (its body into `;`)"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        let (grammar, original) = (cx.grammar, cx.original);
        for (kind, field, text) in original.language.prototypes {
            let text: Arc<[u8]> = Arc::from(text.as_bytes());
            for n in until(nodes_of_kind(grammar, original, cx.scope, kind), cx.stop()) {
                let Some(body) = child(grammar, original, n, field) else {
                    continue;
                };
                if original.nodes.tokens(body) <= 1 || !cx.inside(body) {
                    continue;
                }
                // Sized by what it saves over replacement's `{}` (one
                // token), so it comes after the pass has reduced the body
                // by the reductions that see inside it.
                out.push(Attempt::removing(
                    1,
                    Prototype {
                        body,
                        text: text.clone(),
                    },
                ));
            }
        }
    }
}

/// Replace a definition's body by the end of a prototype.
#[derive(Clone, Debug)]
pub struct Prototype {
    /// The body.
    pub body: NodeId,
    /// What replaces it (`;`).
    pub text: Arc<[u8]>,
}

impl Change for Prototype {
    fn kind(&self) -> &'static str {
        PROTOTYPE.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !cx.inside(self.body) || !current.is_live(cx.original, self.body) {
            return None;
        }
        match current.get(self.body) {
            Some(Edit::Text(t) | Edit::Name(t)) if t[..] == self.text[..] => None,
            Some(Edit::Delete) => None,
            _ => Some(vec![(self.body, Edit::Text(self.text.clone()))]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn c_definitions_become_prototypes() {
        let got = candidates(
            &PROTOTYPE,
            "c",
            "static int f(int a) { return a; }\nint *g(void) {\n  return 0;\n}\nint main(void) { return f(1); }\n",
        );
        assert_eq!(
            got,
            [
                "static int f(int a) ;\nint *g(void) {\n  return 0;\n}\nint main(void) { return f(1); }\n",
                "static int f(int a) { return a; }\nint *g(void) ;\nint main(void) { return f(1); }\n",
                "static int f(int a) { return a; }\nint *g(void) {\n  return 0;\n}\nint main(void) ;\n",
            ]
        );
    }

    #[test]
    fn languages_without_prototypes_propose_none() {
        assert!(candidates(&PROTOTYPE, "rust", "fn f() { g(); }\n").is_empty());
        assert!(candidates(&PROTOTYPE, "javascript", "function f() { g(); }\n").is_empty());
    }
}
