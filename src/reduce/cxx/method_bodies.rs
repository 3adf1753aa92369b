//! Methods defined in their class become declarations: `struct S { S() :
//! x(0) { ... } int f() { ... } };` -> `struct S { S(); int f(); };`, and
//! so do defaulted and deleted ones (`S(S &&) = default;` -> `S(S &&);`).
//! Prototypes (`prototype.rs`) do the same for any function but run at the
//! end of a pass and keep a constructor's initializers, which make the
//! declaration invalid; here the initializers go too, and the candidate
//! is sized by the tokens it removes, so a large method body of a library
//! class goes before the pass spends tests inside it. A test that only
//! compiles (`-fsyntax-only`, a front-end crash) never needs the body of a
//! method it does not instantiate.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::{child, nodes_of_kind};
use crate::reduce::cxx::{Cxx, children_in, is_kind};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::NodeId;

/// Method declarations as a table entry.
pub static METHOD_BODIES: Cxx = Cxx {
    name: "method-bodies",
    about: "Do not turn a C++ method defined in its class into a declaration (body and initializers -> `;`)",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let (kind, body_field, end) = t.definition;
    let end: Arc<[u8]> = Arc::from(end.as_bytes());
    for def in nodes_of_kind(grammar, original, cx.scope, kind) {
        let parent = nodes.parent(def);
        if !cx.inside(def)
            || parent == NodeId::NONE
            || !t
                .class_bodies
                .iter()
                .any(|k| is_kind(grammar, original, parent, k))
        {
            continue;
        }
        // A defaulted or deleted method (`S(S &&) = default;`) loses
        // the clause: `S(S &&);` declares what the class would
        // otherwise generate, which is what tests about the implicit
        // members of a class turn on.
        let Some(body) = child(grammar, original, def, body_field).or_else(|| {
            children_in(grammar, original, def, "")
                .into_iter()
                .find(|&c| t.bodiless.iter().any(|k| is_kind(grammar, original, c, k)))
        }) else {
            continue;
        };
        let initializers: Vec<NodeId> = children_in(grammar, original, def, "")
            .into_iter()
            .filter(|&c| is_kind(grammar, original, c, t.initializers.0))
            .collect();
        let removed =
            nodes.tokens(body) - 1 + initializers.iter().map(|&n| nodes.tokens(n)).sum::<usize>();
        if removed == 0 {
            continue;
        }
        out.push(Attempt::removing(
            removed,
            Declare {
                body,
                initializers: initializers.into(),
                end: end.clone(),
            },
        ));
    }
}

/// Replace a method's body by a declaration's end and drop its initializers.
#[derive(Clone, Debug)]
pub struct Declare {
    /// The body.
    pub body: NodeId,
    /// Constructor initializer lists.
    pub initializers: Arc<[NodeId]>,
    /// What replaces the body (`;`).
    pub end: Arc<[u8]>,
}

impl Change for Declare {
    fn kind(&self) -> &'static str {
        METHOD_BODIES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.body) {
            return None;
        }
        if let Some(t) = current.get(self.body).and_then(Edit::text)
            && t[..] == self.end[..]
        {
            return None;
        }
        let mut edits: Vec<(NodeId, Edit)> = self
            .initializers
            .iter()
            .filter(|&&n| current.is_live(original, n))
            .map(|&n| (n, Edit::Delete))
            .collect();
        edits.push((self.body, Edit::Text(self.end.clone())));
        crate::reduce::cxx::sorted(edits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn methods_in_their_class_become_declarations() {
        let got = candidates(
            &METHOD_BODIES,
            "cpp",
            "struct S {\n  S() : x(0) { x = 1; }\n  int f() const { return x; }\n  int x;\n};\nint g() { return 1; }\n",
        );
        assert_eq!(
            got,
            [
                "struct S {\n  S() ;\n  int f() const { return x; }\n  int x;\n};\nint g() { return 1; }\n",
                "struct S {\n  S() : x(0) { x = 1; }\n  int f() const ;\n  int x;\n};\nint g() { return 1; }\n",
            ]
        );
    }

    #[test]
    fn defaulted_and_deleted_methods_become_declarations() {
        let got = candidates(
            &METHOD_BODIES,
            "cpp",
            "struct S {\n  S(S &&) = default;\n  S(const S &) = delete;\n};\n",
        );
        assert_eq!(
            got,
            [
                "struct S {\n  S(S &&) ;\n  S(const S &) = delete;\n};\n",
                "struct S {\n  S(S &&) = default;\n  S(const S &) ;\n};\n",
            ]
        );
    }
}
