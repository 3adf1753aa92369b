//! What the reductions of namespaces, templates, base classes, methods and
//! spelled-out types share (`namespaces.rs`, `template_params.rs`,
//! `instantiate.rs`, `base_classes.rs`, `method_bodies.rs`,
//! `auto_types.rs`, `unwrap_classes.rs`, `class_variables.rs`): their
//! table entry ([`Cxx`]), the language's [`Templates`] facts, children by
//! field, the texts of names, and the one task each of them queues. Names
//! are matched by their text, as the other reductions by name do: a wrong
//! match makes a candidate the test rejects, never a wrong result.

pub mod auto_types;
pub mod base_classes;
pub mod class_variables;
pub mod instantiate;
pub mod method_bodies;
pub mod namespaces;
pub mod reachable;
pub mod template_params;
pub mod unwrap_classes;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::{child, current_text, edited_inside, nodes_of_kind};
use crate::reduce::{PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original, Role};

/// A C++ reduction as an entry of the reductions table: its name, its help
/// line, and the function that proposes its tasks when a pass starts,
/// given the language's [`Templates`] facts. In a language without them it
/// proposes nothing.
pub struct Cxx {
    /// The name (see [`Reduction::name`]).
    pub name: &'static str,
    /// The help line (see [`Reduction::about`]).
    pub about: &'static str,
    /// The tasks for the pass that starts on a subject.
    pub start: for<'a> fn(&TreeSubject<'a>, &'static Templates, &mut Tasks<'a>),
}

impl Reduction for Cxx {
    fn name(&self) -> &'static str {
        self.name
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        if let Some(t) = facts(cx) {
            (self.start)(cx, t, out);
        }
    }
}

/// The facts of the language of `cx`, if it has templates.
pub fn facts(cx: &TreeSubject<'_>) -> Option<&'static Templates> {
    cx.original.language.templates.as_ref()
}

/// The class definitions of `cx`'s scope that stand alone, each followed
/// by its own `;` (`class a { ... };`): the class, its body and the `;`.
pub fn classes_alone(cx: &TreeSubject<'_>, t: &Templates) -> Vec<(NodeId, NodeId, NodeId)> {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let mut found = Vec::new();
    for &body_kind in t.class_bodies {
        for body in nodes_of_kind(grammar, original, cx.scope, body_kind) {
            let class = nodes.parent(body);
            if class == NodeId::NONE
                || !cx.inside(class)
                || !matches!(original.role(class), Role::Element { .. })
            {
                continue;
            }
            let Some(semicolon) = next_sibling(original, class) else {
                continue;
            };
            if nodes.is_leaf(semicolon)
                && original.node_text(semicolon) == t.definition.2.as_bytes()
            {
                found.push((class, body, semicolon));
            }
        }
    }
    found
}

/// The sibling after `n` (tokens included), if any.
pub fn next_sibling(original: &Original, n: NodeId) -> Option<NodeId> {
    let nodes = &original.nodes;
    let siblings = nodes.children(nodes.parent(n));
    let at = siblings.iter().position(|&s| s == n)?;
    siblings.get(at + 1).copied()
}

/// The children of `n` in the field `field` (`""`: named children outside
/// any field), in order.
pub fn children_in(grammar: &Grammar, original: &Original, n: NodeId, field: &str) -> Vec<NodeId> {
    let nodes = &original.nodes;
    let field = if field.is_empty() {
        None
    } else {
        match grammar.field_id(field) {
            Some(f) => Some(f),
            None => return Vec::new(),
        }
    };
    nodes
        .children(n)
        .iter()
        .copied()
        .filter(|&c| {
            !nodes.is_extra(c) && nodes.field(c) == field && (field.is_some() || nodes.is_named(c))
        })
        .collect()
}

/// Whether `n` is of the kind called `kind`.
pub fn is_kind(grammar: &Grammar, original: &Original, n: NodeId, kind: &str) -> bool {
    grammar
        .kind_ids(kind, true)
        .contains(&original.nodes.kind(n))
}

/// The first leaf of `n` that is a name, if any.
pub fn first_name(grammar: &Grammar, original: &Original, n: NodeId) -> Option<NodeId> {
    let nodes = &original.nodes;
    nodes
        .subtree(n)
        .find(|&d| nodes.is_leaf(d) && grammar.is_identifier(nodes.kind(d)))
}

/// The name leaf reached from `n` through `fields` (a leaf `n` is its own
/// name); `None` through a qualified name (`S::f` names a member of `S`,
/// not an entity of its own).
pub fn name_leaf(
    grammar: &Grammar,
    original: &Original,
    qualified: &str,
    mut n: NodeId,
    fields: &[&str],
) -> Option<NodeId> {
    let nodes = &original.nodes;
    for _ in 0..8 {
        if nodes.is_leaf(n) {
            return grammar.is_identifier(nodes.kind(n)).then_some(n);
        }
        if is_kind(grammar, original, n, qualified) {
            return None;
        }
        n = fields
            .iter()
            .find_map(|field| child(grammar, original, n, field))?;
    }
    None
}

/// Whether `n` is live in `current` and neither it nor anything inside it
/// was edited (a change that rewrites it needs the text it proposed on).
pub fn untouched(original: &Original, current: EditView<'_>, n: NodeId) -> bool {
    current.is_live(original, n) && current.get(n).is_none() && !edited_inside(original, current, n)
}

/// The text of `n` in `current`, owned.
pub fn text_now(original: &Original, current: EditView<'_>, n: NodeId) -> Option<Vec<u8>> {
    current_text(original, current, n).map(<[u8]>::to_vec)
}

/// The edit that keeps only `keep` of its ancestor.
pub fn keep(keep: NodeId) -> Edit {
    Edit::Hoist {
        first: keep,
        last: keep,
        end: "",
    }
}

/// Each `(user, name)` not edited yet, whose name is untouched, becomes its
/// name alone (`a::x` -> `x`, `S<int>` -> `S`), added to `edits`.
pub fn keep_names(
    original: &Original,
    current: EditView<'_>,
    users: &[(NodeId, NodeId)],
    edits: &mut Vec<(NodeId, Edit)>,
) {
    for &(user, name) in users {
        if current.is_live(original, user)
            && current.get(user).is_none()
            && untouched(original, current, name)
        {
            edits.push((user, keep(name)));
        }
    }
}

/// Edits sorted by node, at most one per node (the first wins), or `None`
/// when there are none.
pub fn sorted(mut edits: Vec<(NodeId, Edit)>) -> Option<Vec<(NodeId, Edit)>> {
    edits.sort_by_key(|e| e.0);
    edits.dedup_by_key(|e| e.0);
    (!edits.is_empty()).then_some(edits)
}
