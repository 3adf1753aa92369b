//! Resolving a use of a value's name to its declaration, syntactically.
//! Inlining a variable needs every use of that one declaration and no
//! other: after canonicalization half a program is called `a`, and a
//! local `a` shadowing a global `a` is common. Without a compiler the
//! rules of the language table approximate scoping: a declaration is
//! visible in a region (from its name, or from the start of its scope
//! for Rust's items and JavaScript's hoisted declarations, to the end of
//! the nearest scope above it; a parameter in its whole function), and a
//! use belongs to the declaration of its name whose region holds it and
//! starts last. A wrong guess makes a candidate the test rejects, never a
//! wrong result.

use std::collections::HashMap;

use super::byname::{Positions, kinds};
use crate::syntax::{Grammar, KindId, NodeId, Original};

/// How far above a parameter's name its parameter list may be (C:
/// `identifier` -> `pointer_declarator` -> `parameter_declaration` ->
/// `parameter_list`).
const PARAMETER_LEVELS: usize = 3;

/// How far above its parameter list a function's body is found (C:
/// `parameter_list` -> `function_declarator` -> `pointer_declarator` ->
/// `function_definition`).
const BODY_LEVELS: usize = 4;

/// The field that holds a function's body, in every grammar here.
const BODY: &str = "body";

/// One use of a value's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    /// The name token.
    pub token: NodeId,
    /// What stands for the value: the token, or the path it ends
    /// (Rust's `Self::X`).
    pub node: NodeId,
    /// Whether it is written as a key of the same name (`{x}`): a value
    /// written there needs the key (`{x: 1}`).
    pub shorthand: bool,
    /// Whether it is a path (`m::X`): only items are reached that way,
    /// never a local.
    pub qualified: bool,
}

#[derive(Clone, Copy, Debug)]
struct Definition {
    token: NodeId,
    /// The region where the name means this definition: `start..end` in
    /// preorder ids.
    start: NodeId,
    end: NodeId,
    /// Visible in its whole scope (an item).
    hoisted: bool,
}

#[derive(Default)]
struct Occurrences {
    definitions: Vec<Definition>,
    uses: Vec<Use>,
}

/// The declarations and uses of every value name of a program.
pub struct Scopes<'o> {
    by_name: HashMap<&'o [u8], Occurrences>,
}

impl<'o> Scopes<'o> {
    /// Collects the value names of the whole of `original`.
    pub fn of(grammar: &Grammar, original: &'o Original) -> Scopes<'o> {
        let nodes = &original.nodes;
        let scoping = &original.language.scoping;
        let value_names = kinds(grammar, scoping.value_names);
        let shorthands = kinds(grammar, scoping.shorthands);
        let binders = Positions::new(grammar, scoping.binders);
        let qualified = Positions::new(grammar, scoping.qualified);
        let not_uses = Positions::new(grammar, scoping.not_uses);
        let rules = Regions {
            scopes: kinds(grammar, scoping.scopes),
            parameter_lists: kinds(grammar, scoping.parameter_lists),
            visible_before: kinds(grammar, scoping.visible_before),
            body: grammar.field_id(BODY),
        };
        let mut by_name: HashMap<&'o [u8], Occurrences> = HashMap::new();
        for n in nodes.ids() {
            if !nodes.is_leaf(n) || !value_names.contains(&nodes.kind(n)) {
                continue;
            }
            let qualified_use = qualified.matches(original, n);
            let node = if qualified_use { nodes.parent(n) } else { n };
            if not_uses.matches(original, n) || not_uses.matches(original, node) {
                continue;
            }
            let entry = by_name.entry(original.node_text(n)).or_default();
            // A path's last name sits in a `name` field, as a definition's
            // does: the path is a use all the same.
            let defines = grammar.is_definer_field(nodes.field(n)) || binders.matches(original, n);
            if defines && !qualified_use {
                let (start, end) = rules.region(original, n);
                entry.definitions.push(Definition {
                    token: n,
                    start,
                    end,
                    hoisted: start < n,
                });
                continue;
            }
            let parent = nodes.parent(n);
            let shorthand = shorthands.contains(&nodes.kind(n))
                || (parent != NodeId::NONE && shorthands.contains(&nodes.kind(parent)));
            entry.uses.push(Use {
                token: n,
                node,
                shorthand,
                qualified: node != n,
            });
        }
        Scopes { by_name }
    }

    /// The uses of the name that the definition `token` declares (a name
    /// token in a definer field or binder position).
    pub fn uses_of(&self, original: &Original, token: NodeId) -> Vec<Use> {
        let Some(occurrences) = self.by_name.get(original.node_text(token)) else {
            return Vec::new();
        };
        occurrences
            .uses
            .iter()
            .filter(|u| resolve(&occurrences.definitions, u) == Some(token))
            .copied()
            .collect()
    }
}

/// The definition use `u` resolves to: of those whose region holds it
/// (items only, for a path), the one whose region starts last (then the
/// later one).
fn resolve(definitions: &[Definition], u: &Use) -> Option<NodeId> {
    let at = u.token;
    definitions
        .iter()
        .filter(|d| d.start <= at && at < d.end && (d.hoisted || !u.qualified))
        .max_by_key(|d| (d.start, d.token))
        .map(|d| d.token)
}

/// The language's rules for the region of a definition.
struct Regions {
    scopes: Vec<KindId>,
    parameter_lists: Vec<KindId>,
    visible_before: Vec<KindId>,
    body: Option<crate::syntax::FieldId>,
}

impl Regions {
    /// The region of the definition whose name is `token`.
    fn region(&self, original: &Original, token: NodeId) -> (NodeId, NodeId) {
        let nodes = &original.nodes;
        let whole = |n: NodeId| (n, nodes.subtree_end(n));
        let mut at = nodes.parent(token);
        for _ in 0..PARAMETER_LEVELS {
            if at == NodeId::NONE {
                break;
            }
            if self.parameter_lists.contains(&nodes.kind(at)) {
                return whole(self.function_of(original, at));
            }
            at = nodes.parent(at);
        }
        let mut hoisted = false;
        let mut at = nodes.parent(token);
        while at != NodeId::NONE && !self.scopes.contains(&nodes.kind(at)) {
            hoisted |= self.visible_before.contains(&nodes.kind(at));
            at = nodes.parent(at);
        }
        let scope = if at == NodeId::NONE { nodes.root() } else { at };
        let start = if hoisted { scope } else { token };
        (start, nodes.subtree_end(scope))
    }

    /// The function parameter list `list` belongs to: the nearest node
    /// above it with a body, or the list itself (a prototype's).
    fn function_of(&self, original: &Original, list: NodeId) -> NodeId {
        let nodes = &original.nodes;
        let mut at = list;
        for _ in 0..BODY_LEVELS {
            if at == NodeId::NONE {
                break;
            }
            let has_body = nodes
                .children(at)
                .iter()
                .any(|&c| self.body.is_some() && nodes.field(c) == self.body);
            if has_body {
                return at;
            }
            at = nodes.parent(at);
        }
        list
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::lang::Language;

    /// The lines of the uses of each definition of `name`, in order.
    fn uses(lang: &str, src: &str, name: &str) -> Vec<Vec<usize>> {
        let g = Grammar::of(Language::by_name(lang).unwrap());
        let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let scopes = Scopes::of(g, &o);
        let line = |n: NodeId| src[..o.nodes.start(n)].matches('\n').count() + 1;
        scopes.by_name[name.as_bytes()]
            .definitions
            .iter()
            .map(|d| {
                scopes
                    .uses_of(&o, d.token)
                    .iter()
                    .map(|u| line(u.token))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn c_locals_and_parameters_shadow_globals() {
        let src = "int a = 1;\n\
                   int f(int a) {\n  return a;\n}\n\
                   int g(void) {\n  a++;\n  {\n    int a = 2;\n    a;\n  }\n  return a;\n}\n\
                   int h(int a);\n\
                   int k(void) { return a; }\n";
        assert_eq!(
            uses("c", src, "a"),
            [vec![6, 11, 14], vec![3], vec![9], vec![]]
        );
    }

    #[test]
    fn rust_items_are_visible_before_them_and_lets_shadow() {
        let src = "fn f() -> u8 {\n    X + Self::X\n}\n\
                   const X: u8 = 1;\n\
                   fn g(x: u8) {\n    let X = 2;\n    X;\n    m::X;\n    |X| X;\n}\n";
        // `m::X` is some item's: not the local's.
        assert_eq!(uses("rust", src, "X"), [vec![2, 2, 8], vec![7], vec![9]]);
    }

    #[test]
    fn javascript_declarations_are_hoisted_and_shorthands_are_uses() {
        let src = "function f() { return {x}; }\n\
                   const x = 1;\n\
                   const g = (x) => x;\n\
                   const h = x => x + 1;\n";
        assert_eq!(uses("javascript", src, "x"), [vec![1], vec![3], vec![4]]);
    }
}
