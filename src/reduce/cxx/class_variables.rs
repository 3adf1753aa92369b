//! A class definition and the declaration after it that has the class as
//! its type become one declaration: `class a { ... }; a x;` -> `class {
//! ... } x;`, or `class a { ... } x;` when the class names itself (a
//! constructor) or the name is wanted (a diagnostic that quotes it). Deleting cannot do this (the class and
//! the variable are both needed), nor replacement (the class's tree is not
//! a type written anywhere else).

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::child;
use crate::reduce::cxx::{
    Cxx, children_in, classes_alone, is_kind, name_leaf, next_sibling, untouched,
};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::NodeId;

/// Class definitions merged with their variables, as a table entry.
pub static CLASS_VARIABLES: Cxx = Cxx {
    name: "class-variables",
    about: "Do not merge a C++ class definition with the declaration after it whose type is the class (`class a {}; a x;` -> `class {} x;`, or `class a {} x;` when the name is needed)",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    // `class a { ... };` on its own, then the declaration.
    for (class, _, semicolon) in classes_alone(cx, t) {
        let Some(declaration) = next_sibling(original, semicolon) else {
            continue;
        };
        let Some((ty, declarators)) = declared_type(cx, t, declaration) else {
            continue;
        };
        let Some(name) = name_leaf(grammar, original, t.qualified.0, class, &["name"]) else {
            continue;
        };
        if !nodes.is_leaf(ty) || original.node_text(ty) != original.node_text(name) {
            continue;
        }
        if !declares_variables(cx, declaration, declarators) {
            continue;
        }
        // An unnamed class has no constructors: the name goes when
        // the class does not name itself. Names are matched by text,
        // and canonicalization gives many entities one name, so a
        // name that occurs elsewhere too may still be another
        // entity's: the test decides.
        let id = original.name(name);
        if nodes
            .subtree(class)
            .filter(|&d| original.name(d) == id)
            .count()
            == 1
        {
            out.push(Attempt::removing(
                3,
                Merge {
                    name: Some(name),
                    semicolon,
                    ty,
                },
            ));
        }
        out.push(Attempt::removing(
            2,
            Merge {
                name: None,
                semicolon,
                ty,
            },
        ));
    }
}

/// The type of `declaration` and the field of its declarators, if it is a
/// declaration whose type may be a class's name: one with declarators
/// (`a x;`), not a range `for`.
fn declared_type(
    cx: &TreeSubject<'_>,
    t: &Templates,
    declaration: NodeId,
) -> Option<(NodeId, &'static str)> {
    let (grammar, original) = (cx.grammar, cx.original);
    t.typed
        .iter()
        .filter(|(_, _, declarators)| !declarators.is_empty())
        .find_map(|&(kind, field, declarators)| {
            is_kind(grammar, original, declaration, kind)
                .then(|| child(grammar, original, declaration, field))
                .flatten()
                .map(|ty| (ty, declarators))
        })
}

/// Whether `declaration` declares something, and variables only (its
/// `declarators`): a class defined in a function's return type (`struct {}
/// f();`) is not C++, though a compiler's error recovery may go on past it
/// to the same diagnostic.
fn declares_variables(cx: &TreeSubject<'_>, declaration: NodeId, declarators: &str) -> bool {
    let (grammar, original) = (cx.grammar, cx.original);
    let signatures = original.language.signatures;
    let declared = children_in(grammar, original, declaration, declarators);
    let function = |d: NodeId| {
        original.nodes.subtree(d).any(|n| {
            signatures
                .iter()
                .any(|s| is_kind(grammar, original, n, s.kind))
        })
    };
    !declared.is_empty() && !declared.iter().any(|&d| function(d))
}

/// Merge a class definition with the declaration after it.
#[derive(Clone, Debug)]
pub struct Merge {
    /// The class's name, when it goes too.
    pub name: Option<NodeId>,
    /// The `;` after the class.
    pub semicolon: NodeId,
    /// The declaration's type, the class's name.
    pub ty: NodeId,
}

impl Change for Merge {
    fn kind(&self) -> &'static str {
        CLASS_VARIABLES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        let gone: Arc<[u8]> = Arc::from(&b""[..]);
        let mut edits = Vec::new();
        for n in self.name.into_iter().chain([self.semicolon, self.ty]) {
            if !untouched(original, current, n) {
                return None;
            }
            edits.push((n, Edit::Text(gone.clone())));
        }
        edits.sort_by_key(|e| e.0);
        Some(edits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn a_class_and_its_variable_become_one_declaration() {
        let got = candidates(
            &CLASS_VARIABLES,
            "cpp",
            "class a { int f; };\na x;\nstruct s { s(); };\ns y, *z;\nint g() { struct l {}; l v = l(); }\n",
        );
        // `l` is named after its variable too: both are proposed, the
        // test decides (here the unnamed one would not compile).
        assert_eq!(
            got,
            [
                "class  { int f; }\n x;\nstruct s { s(); };\ns y, *z;\nint g() { struct l {}; l v = l(); }\n",
                "class a { int f; }\n x;\nstruct s { s(); };\ns y, *z;\nint g() { struct l {}; l v = l(); }\n",
                "class a { int f; };\na x;\nstruct s { s(); }\n y, *z;\nint g() { struct l {}; l v = l(); }\n",
                "class a { int f; };\na x;\nstruct s { s(); };\ns y, *z;\nint g() { struct  {}  v = l(); }\n",
                "class a { int f; };\na x;\nstruct s { s(); };\ns y, *z;\nint g() { struct l {}  v = l(); }\n",
            ]
        );
    }

    #[test]
    fn a_class_followed_by_another_type_a_function_or_nothing_stays() {
        let got = candidates(
            &CLASS_VARIABLES,
            "cpp",
            "class a {};\nb x;\nclass c {};\nc::t p;\nclass d {} e;\nclass f {};\nint f2();\ntemplate <class T> class g {};\ng<int> h;\nstruct i {};\ni j(), k;\n",
        );
        assert!(got.is_empty(), "{got:?}");
    }
}
