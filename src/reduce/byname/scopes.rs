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

use crate::reduce::byname::{Positions, kinds};
use crate::syntax::{Grammar, KindId, NodeId, Original, Stop, due};

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

/// The declarations and uses of every value name of a program, with each
/// use resolved once to its declaration.
pub struct Scopes {
    /// For each definition's name token, the uses that resolve to it, in
    /// text order.
    resolved: HashMap<NodeId, Vec<Use>>,
}

impl Scopes {
    /// Collects the value names of the whole of `original`.
    /// Gives up once `stop` says so (what it holds then is of no use: the
    /// pass is ending).
    pub fn of(grammar: &Grammar, original: &Original, stop: Stop<'_>) -> Scopes {
        let mut resolved: HashMap<NodeId, Vec<Use>> = HashMap::new();
        for occurrences in occurrences(grammar, original, stop).values() {
            resolve_all(occurrences, &mut resolved);
        }
        Scopes { resolved }
    }

    /// The uses of the name that the definition `token` declares (a name
    /// token in a definer field or binder position), in text order.
    pub fn uses_of(&self, token: NodeId) -> &[Use] {
        self.resolved.get(&token).map_or(&[], Vec::as_slice)
    }
}

/// The definitions and uses of each value name of `original`, in text order.
fn occurrences<'o>(
    grammar: &Grammar,
    original: &'o Original,
    stop: Stop<'_>,
) -> HashMap<&'o [u8], Occurrences> {
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
        if due(n.index()) && stop() {
            break;
        }
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
    by_name
}

/// Resolves every use of one name, adding each to the uses of its
/// definition in `resolved`: of the definitions whose region holds the use
/// (items only, for a path), the one whose region starts last (then the
/// later one).
///
/// One sweep over the uses in text order, with the definitions whose
/// region has begun in two max-heaps ordered by where their regions start
/// (all of them, and the items alone, for paths); a definition whose
/// region has ended is dropped when it comes to the top, since later uses
/// lie beyond its end too. Each definition enters and leaves a heap once:
/// O((d + u) log d) for a name with d definitions and u uses. Checking
/// every definition for every use instead made the pass start cubic on a
/// program of many functions with the same parameter name (each of its n
/// definitions asked for its uses among all 3n).
fn resolve_all(occurrences: &Occurrences, resolved: &mut HashMap<NodeId, Vec<Use>>) {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    let mut definitions: Vec<&Definition> = occurrences.definitions.iter().collect();
    for d in &definitions {
        resolved.entry(d.token).or_default();
    }
    definitions.sort_by_key(|d| (d.start, d.token));
    let mut next = definitions.iter().peekable();
    // Keyed by (start, token), the order of preference; the end decides
    // when one expires.
    let mut all: BinaryHeap<(NodeId, NodeId, Reverse<NodeId>)> = BinaryHeap::new();
    let mut items: BinaryHeap<(NodeId, NodeId, Reverse<NodeId>)> = BinaryHeap::new();
    // The uses were collected in preorder, which is text order.
    debug_assert!(occurrences.uses.windows(2).all(|w| w[0].token < w[1].token));
    for u in &occurrences.uses {
        let at = u.token;
        while let Some(d) = next.next_if(|d| d.start <= at) {
            let entry = (d.start, d.token, Reverse(d.end));
            if d.hoisted {
                items.push(entry);
            }
            all.push(entry);
        }
        let heap = if u.qualified { &mut items } else { &mut all };
        while heap.peek().is_some_and(|&(_, _, Reverse(end))| end <= at) {
            heap.pop();
        }
        if let Some(&(_, token, _)) = heap.peek() {
            resolved
                .get_mut(&token)
                .expect("every definition has an entry")
                .push(*u);
        }
    }
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
        let scopes = Scopes::of(g, &o, &crate::syntax::never);
        let line = |n: NodeId| src[..o.nodes.start(n)].matches('\n').count() + 1;
        let mut definitions: Vec<NodeId> = scopes
            .resolved
            .keys()
            .copied()
            .filter(|&d| o.node_text(d) == name.as_bytes())
            .collect();
        definitions.sort();
        definitions
            .iter()
            .map(|&d| scopes.uses_of(d).iter().map(|u| line(u.token)).collect())
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

    /// The rule the sweep implements, checked use by use against every
    /// definition.
    fn resolve_directly(definitions: &[Definition], u: &Use) -> Option<NodeId> {
        definitions
            .iter()
            .filter(|d| d.start <= u.token && u.token < d.end && (d.hoisted || !u.qualified))
            .max_by_key(|d| (d.start, d.token))
            .map(|d| d.token)
    }

    /// Pieces of programs in which one name is declared and used at many
    /// depths: parameters, locals in nested blocks, items used before
    /// them, paths, closures.
    const PIECES: [(&str, &[&str]); 3] = [
        (
            "c",
            &[
                "int a = 1;\n",
                "int f(int a) { return a; }\n",
                "int g(void) { a++; { int a = 2; a; } return a; }\n",
                "int h(int a);\n",
                "int k(void) { int a = a + 1; if (a) { a = 3; int a; } return a; }\n",
                "void m(void) { for (int a = 0; a < 3; a++) a; a; }\n",
            ],
        ),
        (
            "rust",
            &[
                "fn f() -> u8 { X + Self::X }\n",
                "const X: u8 = 1;\n",
                "fn g(x: u8) { let X = 2; X; m::X; |X| X; }\n",
                "fn h(X: u8) -> u8 { { let X = X; X } + X }\n",
                "mod m { pub const X: u8 = 3; fn i() { X; } }\n",
            ],
        ),
        (
            "javascript",
            &[
                "function f() { return {x}; }\n",
                "const x = 1;\n",
                "const g = (x) => x;\n",
                "function h(x) { { let x = 2; x; } return x; }\n",
                "var y = x => { var x = 3; return x; };\n",
                "x;\n",
            ],
        ),
    ];

    proptest::proptest! {
        /// The sweep resolves every use as checking each definition would.
        #[test]
        fn the_sweep_resolves_as_the_rule_says(
            lang in 0usize..3,
            picks in proptest::collection::vec(0usize..100, 1..12),
        ) {
            let (name, pieces) = PIECES[lang];
            let src: String = picks.iter().map(|&p| pieces[p % pieces.len()]).collect();
            let g = Grammar::of(Language::by_name(name).unwrap());
            let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
            let scopes = Scopes::of(g, &o, &crate::syntax::never);
            for occurrences in occurrences(g, &o, &crate::syntax::never).values() {
                for d in &occurrences.definitions {
                    let expected: Vec<Use> = occurrences
                        .uses
                        .iter()
                        .filter(|u| resolve_directly(&occurrences.definitions, u) == Some(d.token))
                        .copied()
                        .collect();
                    proptest::prop_assert_eq!(scopes.uses_of(d.token), &expected[..], "{}", src);
                }
            }
        }
    }
}
