//! Template parameters with their arguments: parameter k of a template goes
//! together with argument k of every `S<...>` (or `f<...>`) that names
//! it, in one candidate, as `params.rs` does for a function's parameters
//! and its calls. Deletion alone cannot: a template without the parameter
//! rejects every use that still passes the argument. Only while the
//! template no longer names the parameter (once the other reductions have
//! emptied it of its uses), and only for templates of two or more
//! parameters (without the last one a template is not one: that is
//! instantiation's job, `instantiate.rs`). A use with fewer arguments
//! (defaults) keeps them.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::{child, nodes_of_kind};
use crate::reduce::cxx::{Cxx, children_in, first_name, is_kind, name_leaf, sorted};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original};

/// Template parameter removal as a table entry.
pub static TEMPLATE_PARAMS: Cxx = Cxx {
    name: "template-params",
    about: "Do not remove a C++ template parameter together with argument k of every use of the template",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    for td in nodes_of_kind(grammar, original, cx.scope, t.declaration.0) {
        let Some(template) = Template::of(grammar, original, t, td) else {
            continue;
        };
        if !cx.inside(td) || template.params.len() < 2 {
            continue;
        }
        let uses = uses_of(grammar, original, t, cx.scope, template.name);
        for (k, &param) in template.params.iter().enumerate() {
            if t.variadic
                .iter()
                .any(|v| is_kind(grammar, original, param, v))
            {
                continue;
            }
            if let Some(name) = first_name(grammar, original, param)
                && template.names(grammar, original, original.node_text(name))
            {
                continue;
            }
            let args: Vec<NodeId> = uses
                .iter()
                .filter_map(|args| args.get(k).copied())
                .collect();
            let removed =
                nodes.tokens(param) + args.iter().map(|&a| nodes.tokens(a)).sum::<usize>();
            out.push(Attempt::removing(
                removed,
                DropParam {
                    param,
                    args: args.into(),
                },
            ));
        }
    }
}

/// A template declaration as the template reductions see it.
pub struct Template {
    /// The parameters, in order.
    pub params: Vec<NodeId>,
    /// The declared entity (a class, a function, an alias).
    pub entity: NodeId,
    /// The entity's name.
    pub name: NodeId,
}

impl Template {
    /// The template declared by `td`, if it declares one named entity
    /// (not a member defined outside its class, `S<T>::f`).
    pub fn of(
        grammar: &Grammar,
        original: &Original,
        t: &Templates,
        td: NodeId,
    ) -> Option<Template> {
        let list = child(grammar, original, td, t.declaration.1)?;
        let params = children_in(grammar, original, list, "");
        let entities = children_in(grammar, original, td, "");
        let &[entity] = &entities[..] else {
            return None;
        };
        let name = name_leaf(grammar, original, t.qualified.0, entity, t.entity_name)?;
        Some(Template {
            params,
            entity,
            name,
        })
    }

    /// Whether the entity names `text` (a name token of that text).
    pub fn names(&self, grammar: &Grammar, original: &Original, text: &[u8]) -> bool {
        let nodes = &original.nodes;
        nodes.subtree(self.entity).any(|d| {
            nodes.is_leaf(d)
                && grammar.is_identifier(nodes.kind(d))
                && original.node_text(d) == text
        })
    }
}

/// The argument lists of the uses (`S<...>`) of the template named by the
/// token `name`, each as its elements.
pub fn uses_of(
    grammar: &Grammar,
    original: &Original,
    t: &Templates,
    scope: NodeId,
    name: NodeId,
) -> Vec<Vec<NodeId>> {
    let text = original.node_text(name);
    let mut found = Vec::new();
    for (kind, name_field, args_field) in t.uses {
        for u in nodes_of_kind(grammar, original, scope, kind) {
            let used = child(grammar, original, u, name_field);
            if used.is_some_and(|n| original.node_text(n) == text)
                && let Some(args) = child(grammar, original, u, args_field)
            {
                found.push(children_in(grammar, original, args, ""));
            }
        }
    }
    found
}

/// Delete a template parameter and the arguments given for it.
#[derive(Clone, Debug)]
pub struct DropParam {
    /// The parameter.
    pub param: NodeId,
    /// Argument k of each use.
    pub args: Arc<[NodeId]>,
}

impl Change for DropParam {
    fn kind(&self) -> &'static str {
        TEMPLATE_PARAMS.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.param) || current.get(self.param).is_some() {
            return None;
        }
        let mut edits = vec![(self.param, Edit::Delete)];
        for &a in self.args.iter() {
            if current.is_live(original, a) {
                edits.push((a, Edit::Delete));
            }
        }
        sorted(edits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn an_unused_parameter_goes_with_its_arguments() {
        let got = candidates(
            &TEMPLATE_PARAMS,
            "cpp",
            "template <typename T, int N, class U> struct S { T x; U y; };\nS<int, 3, char> a;\nS<long, 4, S<int, 1, int>> b;\n",
        );
        assert_eq!(
            got,
            [
                "template <typename T, class U> struct S { T x; U y; };\nS<int, char> a;\nS<long, S<int, int>> b;\n"
            ]
        );
    }

    #[test]
    fn function_templates_and_defaults() {
        let got = candidates(
            &TEMPLATE_PARAMS,
            "cpp",
            "template <class T, class D = int> T f(T t) { return t; }\nint x = f<int, long>(1) + f<int>(2);\n",
        );
        assert_eq!(
            got,
            ["template <class T> T f(T t) { return t; }\nint x = f<int>(1) + f<int>(2);\n"]
        );
    }
}
