//! Base classes with their uses: `class A : public B { A() : B(1), x(0)
//! {} };` -> `class A { A() : x(0) {} };`, one candidate per base. Deleting
//! the base alone leaves the constructors initializing a base the class no
//! longer has; deleting an initializer alone leaves a base without its
//! constructor's argument. The base goes with the words that belong to it
//! (`public`, and the words up to the next base, as a list element takes
//! what lies before the next one), or the whole list (`: public B`) with
//! the last base; an initializer list goes with its last initializer.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::nodes_of_kind;
use crate::reduce::cxx::{Cxx, children_in, first_name, is_kind, sorted};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::NodeId;

/// Base class removal as a table entry.
pub static BASE_CLASSES: Cxx = Cxx {
    name: "base-classes",
    about: "Do not remove a C++ base class together with its initializers in the class's constructors",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let (clause_kind, belongs) = t.bases;
    let (list_kind, initializer_kind) = t.initializers;
    for clause in nodes_of_kind(grammar, original, cx.scope, clause_kind) {
        if !cx.inside(clause) {
            continue;
        }
        let class = nodes.parent(clause);
        let members: Vec<NodeId> = children_in(grammar, original, clause, "");
        let is_word = |n: NodeId| belongs.iter().any(|k| is_kind(grammar, original, n, k));
        let bases: Vec<usize> = (0..members.len())
            .filter(|&i| !is_word(members[i]))
            .collect();
        for (j, &i) in bases.iter().enumerate() {
            let base = members[i];
            // The words between the previous base and this one are its own.
            let from = if j == 0 { 0 } else { bases[j - 1] + 1 };
            let own: Vec<NodeId> = if bases.len() == 1 {
                vec![clause]
            } else {
                members[from..=i].to_vec()
            };
            let Some(base_name) = first_name(grammar, original, base) else {
                continue;
            };
            let base_text = original.node_text(base_name);
            // The initializers of this base in the class's constructors.
            let mut initializers = Vec::new();
            for list in nodes_of_kind(grammar, original, class, list_kind) {
                let elements: Vec<NodeId> = children_in(grammar, original, list, "")
                    .into_iter()
                    .filter(|&e| is_kind(grammar, original, e, initializer_kind))
                    .collect();
                let of_base: Vec<NodeId> = elements
                    .iter()
                    .copied()
                    .filter(|&e| {
                        first_name(grammar, original, e)
                            .is_some_and(|n| original.node_text(n) == base_text)
                    })
                    .collect();
                if of_base.is_empty() {
                    continue;
                }
                if of_base.len() == elements.len() {
                    initializers.push(list);
                } else {
                    initializers.extend(of_base);
                }
            }
            let removed = own
                .iter()
                .chain(&initializers)
                .map(|&n| nodes.tokens(n))
                .sum();
            out.push(Attempt::removing(
                removed,
                DropBase {
                    nodes: own.into_iter().chain(initializers).collect(),
                },
            ));
        }
    }
}

/// Delete a base class (or the whole base list) and its initializers.
#[derive(Clone, Debug)]
pub struct DropBase {
    /// What goes.
    pub nodes: Arc<[NodeId]>,
}

impl Change for DropBase {
    fn kind(&self) -> &'static str {
        BASE_CLASSES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        let &first = self.nodes.first()?;
        if !current.is_live(original, first) || current.get(first).is_some() {
            return None;
        }
        let edits = self
            .nodes
            .iter()
            .filter(|&&n| current.is_live(original, n))
            .map(|&n| (n, Edit::Delete))
            .collect();
        sorted(edits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn a_base_goes_with_its_initializers() {
        let got = candidates(
            &BASE_CLASSES,
            "cpp",
            "struct B { B(int); };\nstruct C {};\nclass A : public B, virtual C {\n  A() : B(1), x(0) {}\n  A(int y) : B(y) {}\n  int x;\n};\n",
        );
        assert_eq!(
            got,
            [
                "struct B { B(int); };\nstruct C {};\nclass A : C {\n  A() : x(0) {}\n  A(int y) {}\n  int x;\n};\n",
                "struct B { B(int); };\nstruct C {};\nclass A : public B {\n  A() : B(1), x(0) {}\n  A(int y) : B(y) {}\n  int x;\n};\n",
            ]
        );
    }

    #[test]
    fn the_last_base_takes_the_list() {
        let got = candidates(
            &BASE_CLASSES,
            "cpp",
            "template <class T> struct B {};\nstruct A : B<int> { A() : B<int>() {} };\n",
        );
        assert_eq!(
            got,
            ["template <class T> struct B {};\nstruct A { A() {} };\n"]
        );
    }
}
