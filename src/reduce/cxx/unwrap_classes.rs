//! A class definition nothing outside it names becomes its members at the
//! enclosing scope: `class b { b() { a.f(); } a a; };` -> `a a; b() {
//! a.f(); }`. The data members come first, because inside a class a member
//! is visible from every method body and at namespace scope only after its
//! declaration; access specifiers go (they have no meaning outside a
//! class). A test about a method's body (a diagnostic inside it) keeps
//! failing on the function it becomes; constructors become functions
//! without a return type, which g++ reports but goes on past. Deleting the
//! class cannot do this (its members are needed), nor hoisting (it keeps
//! one member, or all of them in their order).

use std::sync::Arc;

use crate::edit::render_node;
use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::cxx::{Cxx, children_in, classes_alone, facts, is_kind};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::NodeId;

/// Class unwrapping as a table entry.
pub static UNWRAP_CLASSES: Cxx = Cxx {
    name: "unwrap-classes",
    about: "Do not replace a C++ class that nothing outside it names by its members (data members first, access specifiers dropped)",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    // Only a definition of its own (`class S { ... };`), not one
    // that also declares a variable (`class { ... } x;`).
    for (class, body, semicolon) in classes_alone(cx, t) {
        let named_outside = nodes
            .subtree(class)
            .find(|&d| nodes.is_leaf(d) && grammar.is_identifier(nodes.kind(d)))
            .filter(|&name| nodes.parent(name) == class)
            .is_some_and(|name| {
                // The program's index of names counts every
                // occurrence; those inside are the class's own.
                let id = original.name(name);
                let inside = nodes
                    .subtree(class)
                    .filter(|&d| original.name(d) == id)
                    .count();
                original.name_count(id) as usize > inside
            });
        if named_outside {
            continue;
        }
        let members: Vec<NodeId> = children_in(grammar, original, body, "");
        let kept: usize = members
            .iter()
            .filter(|&&m| !is_kind(grammar, original, m, t.access))
            .map(|&m| nodes.tokens(m))
            .sum();
        let removed = (nodes.tokens(class) + 1).saturating_sub(kept);
        if members.is_empty() || removed == 0 {
            continue;
        }
        out.push(Attempt::removing(
            removed,
            Unwrap {
                class,
                semicolon,
                members: members.into(),
            },
        ));
    }
}

/// Replace a class definition by its members, data members first.
#[derive(Clone, Debug)]
pub struct Unwrap {
    /// The class.
    pub class: NodeId,
    /// The `;` after it.
    pub semicolon: NodeId,
    /// The members of its body (access specifiers included), in order.
    pub members: Arc<[NodeId]>,
}

impl Change for Unwrap {
    fn kind(&self) -> &'static str {
        UNWRAP_CLASSES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let (grammar, original) = (cx.grammar, cx.original);
        let t = facts(cx)?;
        if !current.is_live(original, self.class)
            || current.get(self.class).is_some()
            || !current.is_live(original, self.semicolon)
            || current.get(self.semicolon).is_some()
        {
            return None;
        }
        let is_data = |m: NodeId| {
            t.data_members
                .iter()
                .any(|k| is_kind(grammar, original, m, k))
        };
        let mut text = Vec::new();
        let mut any = false;
        for data in [true, false] {
            for &m in self.members.iter() {
                if is_data(m) != data
                    || is_kind(grammar, original, m, t.access)
                    || !current.is_live(original, m)
                {
                    continue;
                }
                let mark = text.len();
                if !text.is_empty() {
                    text.push(b'\n');
                }
                if render_node(original, current, m, &mut text) {
                    any = true;
                } else {
                    text.truncate(mark);
                }
            }
        }
        if !any {
            return None;
        }
        Some(vec![
            (self.class, Edit::Text(text.into())),
            (self.semicolon, Edit::Text(Arc::from(&b""[..]))),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn a_class_nothing_names_becomes_its_members_data_first() {
        let got = candidates(
            &UNWRAP_CLASSES,
            "cpp",
            "struct a { int f; };\nclass b {\npublic:\n  b() { x.f; }\nprivate:\n  a x;\n};\nint g() { a y; return y.f; }\n",
        );
        assert_eq!(
            got,
            ["struct a { int f; };\na x;\nb() { x.f; }\nint g() { a y; return y.f; }\n"]
        );
    }

    #[test]
    fn a_class_named_outside_or_declaring_a_variable_stays() {
        let got = candidates(
            &UNWRAP_CLASSES,
            "cpp",
            "class b { int f; };\nb y;\nstruct { int g; } z;\nnamespace n { class c { int h; }; }\n",
        );
        assert_eq!(
            got,
            ["class b { int f; };\nb y;\nstruct { int g; } z;\nnamespace n { int h; }\n"]
        );
    }
}
