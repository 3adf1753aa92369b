//! A spelled-out type becomes the deduced one: `std::vector<int>::iterator
//! it = v.begin();` -> `auto it = v.begin();`, and `for (const Pair<K, V>
//! &p : m)` -> `for (const auto &p : m)`. Only a declaration of one
//! variable with a value (not a brace list, whose `auto` means
//! `initializer_list`), and only when the type has more than one token.
//! Replacement cannot do it: `auto` occurs nowhere in most programs, so
//! it is no smaller tree found elsewhere.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::{child, nodes_of_kind};
use crate::reduce::cxx::{Cxx, children_in, is_kind};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::NodeId;

/// Deduced types as a table entry.
pub static AUTO_TYPES: Cxx = Cxx {
    name: "auto",
    about: "Do not replace the spelled-out type of a C++ variable with a value by `auto`",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let deduced: Arc<[u8]> = Arc::from(t.deduced.as_bytes());
    let (initialized, value_field) = t.initialized;
    for &(kind, type_field, declarators) in t.typed {
        for d in nodes_of_kind(grammar, original, cx.scope, kind) {
            let Some(ty) = child(grammar, original, d, type_field) else {
                continue;
            };
            if !cx.inside(ty) || nodes.tokens(ty) < 2 {
                continue;
            }
            if !declarators.is_empty() {
                let &[declarator] = &children_in(grammar, original, d, declarators)[..] else {
                    continue;
                };
                if !is_kind(grammar, original, declarator, initialized) {
                    continue;
                }
                let Some(value) = child(grammar, original, declarator, value_field) else {
                    continue;
                };
                // `S s = {1, 2}` and `S s{1, 2}`: a brace list has no type.
                if original.node_text(value).starts_with(b"{") {
                    continue;
                }
            }
            out.push(Attempt::removing(
                nodes.tokens(ty) - 1,
                Deduce {
                    ty,
                    deduced: deduced.clone(),
                },
            ));
        }
    }
}

/// Replace a type by the deduced one.
#[derive(Clone, Debug)]
pub struct Deduce {
    /// The type.
    pub ty: NodeId,
    /// `auto`.
    pub deduced: Arc<[u8]>,
}

impl Change for Deduce {
    fn kind(&self) -> &'static str {
        AUTO_TYPES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !current.is_live(cx.original, self.ty) || current.get(self.ty).is_some() {
            return None;
        }
        Some(vec![(self.ty, Edit::Text(self.deduced.clone()))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn spelled_out_types_with_a_value_become_auto() {
        let got = candidates(
            &AUTO_TYPES,
            "cpp",
            "void f(V v) {\n  V::iterator i = v.begin();\n  S<int> s = {1, 2};\n  int n = 1;\n  const P<K> *p = 0, *q = 0;\n  for (const P<K> &e : v) {}\n}\n",
        );
        assert_eq!(
            got,
            [
                "void f(V v) {\n  auto i = v.begin();\n  S<int> s = {1, 2};\n  int n = 1;\n  const P<K> *p = 0, *q = 0;\n  for (const P<K> &e : v) {}\n}\n",
                "void f(V v) {\n  V::iterator i = v.begin();\n  S<int> s = {1, 2};\n  int n = 1;\n  const P<K> *p = 0, *q = 0;\n  for (const auto &e : v) {}\n}\n",
            ]
        );
    }
}
