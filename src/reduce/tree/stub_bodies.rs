//! Function bodies to stubs that fit any signature: Rust's `fn f() -> T
//! { ... }` becomes `fn f() -> T { loop {} }`. Replacement's smallest body
//! `{}` type-checks only when the function returns `()`, so without this
//! the body of a function returning a value goes statement by statement
//! and its tail expression stays; a body that never returns has type `!`,
//! which fits every return type, in one test. The language table says
//! which kinds have such a body and what replaces it (C has prototypes
//! instead, and JavaScript's `{}` fits any function, so their tables are
//! empty).
//!
//! A task is sized by the tokens it removes, like deletion's, so a large
//! body goes before the pass spends tests inside it.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::reduce::byname::{child, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{NodeId, until};

/// Stub bodies as a table entry.
pub struct StubBodiesReduction;

/// The table entry.
pub static STUB_BODIES: StubBodiesReduction = StubBodiesReduction;

impl Reduction for StubBodiesReduction {
    fn name(&self) -> &'static str {
        "stub-bodies"
    }

    fn about(&self) -> &'static str {
        "Do not replace a Rust function's body by `{ loop {} }`, which fits any return type"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        let (grammar, original) = (cx.grammar, cx.original);
        let nodes = &original.nodes;
        for (kind, field, text) in original.language.stub_bodies {
            let text: Arc<[u8]> = Arc::from(text.as_bytes());
            let tokens = crate::syntax::count_tokens(&crate::syntax::parse(grammar, &text));
            for n in until(nodes_of_kind(grammar, original, cx.scope, kind), cx.stop()) {
                let Some(body) = child(grammar, original, n, field) else {
                    continue;
                };
                if !cx.inside(body) || original.node_text(body) == &text[..] {
                    continue;
                }
                let Some(removed) = nodes.tokens(body).checked_sub(tokens).filter(|&r| r > 0)
                else {
                    continue;
                };
                out.push(Attempt::removing(
                    removed,
                    StubBody {
                        body,
                        text: text.clone(),
                        tokens,
                    },
                ));
            }
        }
    }
}

/// Replace a function's body by a stub.
#[derive(Clone, Debug)]
pub struct StubBody {
    /// The body.
    pub body: NodeId,
    /// The stub (`{ loop {} }`).
    pub text: Arc<[u8]>,
    /// Tokens in the stub.
    pub tokens: usize,
}

impl Change for StubBody {
    fn kind(&self) -> &'static str {
        STUB_BODIES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        // Gone, already replaced (by `{}` or the stub), or already
        // reduced to no more than the stub: nothing to gain.
        crate::reduce::tree::replace::edits(
            cx.original,
            current,
            self.body,
            &self.text,
            self.tokens,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn rust_bodies_become_loops() {
        let got = candidates(
            &STUB_BODIES,
            "rust",
            "fn f(x: u8) -> u8 {\n    let y = x + 1;\n    y * 2\n}\nfn g() {}\nfn h() -> u8 { loop {} }\ntrait T { fn m(&self) -> u8 { 1 + 2 + 3 } }\n",
        );
        assert_eq!(
            got,
            [
                "fn f(x: u8) -> u8 { loop {} }\nfn g() {}\nfn h() -> u8 { loop {} }\ntrait T { fn m(&self) -> u8 { 1 + 2 + 3 } }\n",
                "fn f(x: u8) -> u8 {\n    let y = x + 1;\n    y * 2\n}\nfn g() {}\nfn h() -> u8 { loop {} }\ntrait T { fn m(&self) -> u8 { loop {} } }\n",
            ]
        );
    }

    #[test]
    fn languages_without_stubs_propose_none() {
        assert!(candidates(&STUB_BODIES, "c", "int f(void) { return g(); }\n").is_empty());
        assert!(
            candidates(&STUB_BODIES, "javascript", "function f() { return g(); }\n").is_empty()
        );
    }
}
