//! A template replaced by its one instantiation: when every use of a
//! template outside it passes the same arguments (`S<int>`), the template
//! header goes, each name of a parameter in the entity shows its argument,
//! and each use of the template, inside it too, loses its argument list:
//! `template <class T> struct S { T x; }; S<int> s;` -> `struct S { int
//! x; }; S s;`. A template used with two sets of arguments is left to the
//! other reductions (which may make the uses alike first); a function
//! template called without explicit arguments has no known instantiation.
//! A template no use passes arguments to and whose entity names none of
//! its parameters loses its header alone (`template <> class A {};`, left
//! when the primary template went, -> `class A {};`).

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Templates;
use crate::reduce::byname::nodes_of_kind;
use crate::reduce::cxx::template_params::Template;
use crate::reduce::cxx::{
    Cxx, facts, first_name, is_kind, keep_names, sorted, text_now, untouched,
};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::{NodeId, Role};

/// Instantiation as a table entry.
pub static INSTANTIATE: Cxx = Cxx {
    name: "instantiate",
    about: "Do not replace a C++ template used with one set of arguments by that instantiation",
    start,
};

fn start<'a>(cx: &TreeSubject<'a>, t: &'static Templates, out: &mut Tasks<'a>) {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    for td in nodes_of_kind(grammar, original, cx.scope, t.declaration.0) {
        if !cx.inside(td) || !matches!(original.role(td), Role::Element { .. }) {
            continue;
        }
        let Some(template) = Template::of(grammar, original, t, td) else {
            continue;
        };
        let Some(params) = parameter_names(cx, t, &template) else {
            continue;
        };
        let Some((uses, instantiated)) = uses_alike(cx, t, td, &template, &params) else {
            continue;
        };
        let names = parameters_named(cx, template.entity, &params);
        // Without a use that passes arguments there is no instantiation
        // to show, but a header nothing needs (no use with arguments, no
        // parameter named in the entity: `template <>` left over from a
        // removed primary template, or parameters the other reductions
        // emptied of their uses) still goes.
        let unneeded = uses.is_empty() && names.is_empty();
        if !(instantiated || unneeded) {
            continue;
        }
        let removed = nodes.tokens(td) - nodes.tokens(template.entity)
            + uses
                .iter()
                .map(|&(u, n)| nodes.tokens(u) - nodes.tokens(n))
                .sum::<usize>();
        out.push(Attempt::removing(
            removed,
            Instantiate {
                declaration: td,
                entity: template.entity,
                names: names.into(),
                uses: uses.into(),
            },
        ));
    }
}

/// The names of `template`'s parameters, in order; none when one is
/// variadic or unnamed.
fn parameter_names<'a>(
    cx: &TreeSubject<'a>,
    t: &Templates,
    template: &Template,
) -> Option<Vec<&'a [u8]>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let mut params = Vec::new();
    for &p in &template.params {
        if t.variadic.iter().any(|v| is_kind(grammar, original, p, v)) {
            return None;
        }
        let name = first_name(grammar, original, p)?;
        params.push(original.node_text(name));
    }
    Some(params)
}

/// The uses of the template `td` (`S<...>` and `f<...>`), each with its
/// name node, and whether a use outside it passes arguments; none when the
/// uses outside pass different arguments, or a use inside passes anything
/// but its own parameters (`S<T>`).
fn uses_alike(
    cx: &TreeSubject<'_>,
    t: &Templates,
    td: NodeId,
    template: &Template,
    params: &[&[u8]],
) -> Option<(Vec<(NodeId, NodeId)>, bool)> {
    let (grammar, original) = (cx.grammar, cx.original);
    let name_text = original.node_text(template.name);
    let mut uses = Vec::new();
    let mut outside: Option<Vec<&[u8]>> = None;
    for (kind, name_field, args_field) in t.uses {
        for u in nodes_of_kind(grammar, original, cx.scope, kind) {
            let Some(used) = crate::reduce::byname::child(grammar, original, u, name_field) else {
                continue;
            };
            if original.node_text(used) != name_text {
                continue;
            }
            let Some(args) = crate::reduce::byname::child(grammar, original, u, args_field) else {
                continue;
            };
            uses.push((u, used));
            let texts: Vec<&[u8]> = crate::reduce::cxx::children_in(grammar, original, args, "")
                .into_iter()
                .map(|a| original.node_text(a))
                .collect();
            if original.nodes.contains(td, u) {
                // Inside: only the template itself, `S<T>`.
                if texts != params {
                    return None;
                }
            } else if texts.len() != params.len() || outside.as_ref().is_some_and(|o| *o != texts) {
                return None;
            } else {
                outside = Some(texts);
            }
        }
    }
    Some((uses, outside.is_some()))
}

/// The names of the parameters `params` inside `entity`, each with the
/// parameter's index.
fn parameters_named(
    cx: &TreeSubject<'_>,
    entity: NodeId,
    params: &[&[u8]],
) -> Vec<(NodeId, usize)> {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let mut names = Vec::new();
    for d in nodes.subtree(entity) {
        if nodes.is_leaf(d)
            && grammar.is_identifier(nodes.kind(d))
            && let Some(k) = params.iter().position(|p| *p == original.node_text(d))
        {
            names.push((d, k));
        }
    }
    names
}

/// Replace a template by the instantiation its uses ask for.
#[derive(Clone, Debug)]
pub struct Instantiate {
    /// The template declaration.
    pub declaration: NodeId,
    /// The entity it declares.
    pub entity: NodeId,
    /// Names of parameter k in the entity, with k.
    pub names: Arc<[(NodeId, usize)]>,
    /// The uses (`S<...>`) with their name.
    pub uses: Arc<[(NodeId, NodeId)]>,
}

impl Change for Instantiate {
    fn kind(&self) -> &'static str {
        INSTANTIATE.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let (grammar, original) = (cx.grammar, cx.original);
        let t = facts(cx)?;
        if !current.is_live(original, self.declaration) || current.get(self.declaration).is_some() {
            return None;
        }
        // The arguments, as the first use outside the template shows them now
        // (none for a header nothing needs).
        let nodes = &original.nodes;
        let args: Vec<Arc<[u8]>> = if self.uses.is_empty() && self.names.is_empty() {
            Vec::new()
        } else {
            let &(first, _) = self.uses.iter().find(|&&(u, _)| {
                !nodes.contains(self.declaration, u) && current.is_live(original, u)
            })?;
            let args_field = t
                .uses
                .iter()
                .find(|(kind, _, _)| is_kind(grammar, original, first, kind))?
                .2;
            let args = crate::reduce::byname::child(grammar, original, first, args_field)?;
            crate::reduce::cxx::children_in(grammar, original, args, "")
                .into_iter()
                .filter(|&a| current.is_live(original, a))
                .map(|a| text_now(original, current, a).map(Arc::from))
                .collect::<Option<_>>()?
        };
        // The entity and what follows it (`;` after a class).
        let last = *nodes.children(self.declaration).last()?;
        let mut edits = vec![(
            self.declaration,
            Edit::Hoist {
                first: self.entity,
                last,
                end: "",
            },
        )];
        for &(n, k) in self.names.iter() {
            if untouched(original, current, n) {
                edits.push((n, Edit::Text(args.get(k)?.clone())));
            }
        }
        keep_names(original, current, &self.uses, &mut edits);
        sorted(edits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn a_class_template_becomes_its_one_instantiation() {
        let got = candidates(
            &INSTANTIATE,
            "cpp",
            "template <typename T, int N> struct S { T x[N]; S<T, N> *next; };\nS<char *, 4> a;\nint f(S<char *, 4> *s);\n",
        );
        assert_eq!(
            got,
            ["struct S { char * x[4]; S *next; };\nS a;\nint f(S *s);\n"]
        );
    }

    #[test]
    fn two_instantiations_or_none_propose_nothing() {
        assert!(
            candidates(
                &INSTANTIATE,
                "cpp",
                "template <class T> struct S { T x; };\nS<int> a;\nS<long> b;\n",
            )
            .is_empty()
        );
        assert!(
            candidates(
                &INSTANTIATE,
                "cpp",
                "template <class T> T f(T t) { return t; }\nint x = f(1);\n",
            )
            .is_empty()
        );
    }

    #[test]
    fn a_header_nothing_needs_goes() {
        // An explicit specialization whose primary template is gone, and a
        // template whose parameter nothing names any more.
        let got = candidates(
            &INSTANTIATE,
            "cpp",
            "template <> class A {};\ntemplate <class T> int f() { return 0; }\nA a;\n",
        );
        assert_eq!(
            got,
            [
                "class A {};\ntemplate <class T> int f() { return 0; }\nA a;\n",
                "template <> class A {};\nint f() { return 0; }\nA a;\n",
            ]
        );
        // A parameter the entity names keeps its header.
        assert!(
            candidates(
                &INSTANTIATE,
                "cpp",
                "template <class T> T g() { return T(); }\n",
            )
            .is_empty()
        );
    }

    #[test]
    fn a_function_template_called_with_explicit_arguments() {
        let got = candidates(
            &INSTANTIATE,
            "cpp",
            "template <class T> T f(T t) { return t; }\nint x = f<int>(1);\n",
        );
        assert_eq!(got, ["int f(int t) { return t; }\nint x = f(1);\n"]);
    }
}
