//! Removing a parameter by name: parameter k of a function goes from every
//! declaration and definition of it and argument k from every call to it,
//! in one candidate. No single deletion can do that: a prototype without
//! its parameter no longer matches the calls, and a call without its
//! argument no longer matches the prototype (`int b(int, int *); ...
//! b(0, a)` -> `int b(int *); ... b(a)`).
//!
//! Functions are found by the language table's signatures (a kind, the
//! fields to its name and to its parameter list) and calls by its calls
//! (the callee's name, the argument list); parameters that no argument
//! stands for (Rust's `self`) are not counted, nor the receiver an argument
//! stands for when a method is called by its path (`S::m(&s, a)`). Positions are those of the
//! pass's original program, so the tasks of one function stay independent
//! of each other's commits.

use std::collections::HashMap;
use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::reduce::byname::{follow, name_of, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original, Stop, until};
use crate::task::Queued;

/// Parameter removal as a table entry.
pub struct ParamsReduction;

/// The table entry.
pub static PARAMS: ParamsReduction = ParamsReduction;

impl Reduction for ParamsReduction {
    fn name(&self) -> &'static str {
        "params"
    }

    fn about(&self) -> &'static str {
        "Do not remove a function's parameter from all its declarations together with the argument of every call"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        out.extend(tasks(cx.grammar, cx.original, cx.scope, cx.stop()));
    }
}

/// Remove the element at position `index` of each of these lists.
#[derive(Clone, Debug)]
pub struct RemoveParam {
    /// The positional elements of every parameter list and argument list of
    /// the function, in the original.
    pub sites: Arc<[Vec<NodeId>]>,
    /// The position.
    pub index: usize,
    /// For each definition, its body and the name the parameter at
    /// `index` declares there: while the body uses the name, the
    /// parameter stays (its removal could only make a candidate that does
    /// not compile).
    pub bodies: Vec<(NodeId, Arc<[u8]>)>,
}

impl Change for RemoveParam {
    fn kind(&self) -> &'static str {
        PARAMS.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        for (body, name) in &self.bodies {
            if !current.is_live(original, *body) {
                continue;
            }
            let mut used = false;
            current.for_each_live_leaf(original, *body, |leaf| {
                used |= original.node_text(leaf) == &name[..];
            });
            if used {
                return None;
            }
        }
        let mut edits: Vec<(NodeId, Edit)> = self
            .sites
            .iter()
            .filter_map(|site| site.get(self.index).copied())
            .filter(|&e| cx.inside(e) && current.is_live(cx.original, e))
            .map(|e| (e, Edit::Delete))
            .collect();
        if edits.is_empty() {
            return None;
        }
        edits.sort_by_key(|e| e.0);
        Some(edits)
    }
}

/// The elements of the list `list_node` owns (the separated one if it owns
/// several), without the receiver, and whether a receiver was there.
fn positional(
    grammar: &Grammar,
    original: &Original,
    list_node: NodeId,
) -> Option<(Vec<NodeId>, bool)> {
    let nodes = &original.nodes;
    let receivers: Vec<_> = original
        .language
        .receivers
        .iter()
        .flat_map(|(k, _)| grammar.kind_ids(k, true).iter().copied())
        .collect();
    let owned: Vec<_> = original.lists_owned_by(list_node).collect();
    let list = match owned[..] {
        // No elements at all (`f()`): nothing to remove there.
        [] => return Some((Vec::new(), false)),
        [list] => list,
        _ => {
            let mut separated = owned.iter().filter(|&&l| original.list(l).separated);
            match (separated.next(), separated.next()) {
                (Some(&list), None) => list,
                _ => return None,
            }
        }
    };
    let elements = &original.list(list).elements;
    let receiver = elements.iter().any(|&e| receivers.contains(&nodes.kind(e)));
    Some((
        elements
            .iter()
            .copied()
            .filter(|&e| !receivers.contains(&nodes.kind(e)))
            .collect(),
        receiver,
    ))
}

/// What the pass's original says about one function name.
#[derive(Default)]
struct Function {
    /// The positional parameters of each signature.
    params: Vec<Vec<NodeId>>,
    /// The positional arguments of each call.
    args: Vec<Vec<NodeId>>,
    /// Whether a signature takes a receiver.
    receiver: bool,
}

/// The name each parameter of a definition declares, if found.
type Names = Vec<Option<Arc<[u8]>>>;

/// One task per function and parameter position: every function of
/// `scope` that has a signature, with the sites of all its declarations
/// and calls.
pub fn tasks<'a>(
    grammar: &Grammar,
    original: &Original,
    scope: NodeId,
    stop: Stop<'_>,
) -> Vec<Queued<TreeSubject<'a>>> {
    let mut functions = signatures(grammar, original, scope, stop);
    add_calls(grammar, original, scope, stop, &mut functions);
    let mut functions: Vec<_> = functions.into_iter().collect();
    // Deterministic order of equal priorities: by name.
    functions.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let mut out = Vec::new();
    for (_, function) in functions {
        out.extend(removals(grammar, original, function));
    }
    out
}

/// The functions of `scope` that have a signature, by name, with the
/// positional parameters of each signature.
fn signatures<'o>(
    grammar: &Grammar,
    original: &'o Original,
    scope: NodeId,
    stop: Stop<'_>,
) -> HashMap<&'o [u8], Function> {
    let mut functions: HashMap<&[u8], Function> = HashMap::new();
    for signature in original.language.signatures {
        for n in until(
            nodes_of_kind(grammar, original, scope, signature.kind),
            stop,
        ) {
            let Some(name) = follow(grammar, original, n, signature.name) else {
                continue;
            };
            if !original.nodes.is_leaf(name) || !grammar.is_identifier(original.nodes.kind(name)) {
                continue;
            }
            let Some(list) = follow(grammar, original, n, signature.parameters) else {
                continue;
            };
            if let Some((params, receiver)) = positional(grammar, original, list) {
                let entry = functions.entry(original.node_text(name)).or_default();
                entry.params.push(params);
                entry.receiver |= receiver;
            }
        }
    }
    functions
}

/// Adds the positional arguments of every call in `scope` to the function
/// it calls.
fn add_calls(
    grammar: &Grammar,
    original: &Original,
    scope: NodeId,
    stop: Stop<'_>,
    functions: &mut HashMap<&[u8], Function>,
) {
    let language = original.language;
    // (name, arguments, whether the callee passes a receiver itself: `x.f()`)
    let mut calls: Vec<(&[u8], Vec<NodeId>, bool)> = Vec::new();
    let method_kinds: Vec<_> = language
        .receivers
        .iter()
        .flat_map(|(_, k)| grammar.kind_ids(k, true).iter().copied())
        .collect();
    for (kind, callee, arguments) in language.calls {
        for n in until(nodes_of_kind(grammar, original, scope, kind), stop) {
            let (Some(callee), Some(list)) = (
                follow(grammar, original, n, &[callee]),
                follow(grammar, original, n, &[arguments]),
            ) else {
                continue;
            };
            let Some(name) = name_of(grammar, original, callee, language.callee_fields) else {
                continue;
            };
            if let Some((args, _)) = positional(grammar, original, list) {
                let method = method_kinds.contains(&original.nodes.kind(callee));
                calls.push((name, args, method));
            }
        }
    }
    for (name, mut args, method) in calls {
        if let Some(entry) = functions.get_mut(name) {
            // `S::f(x, a)` passes the receiver of `fn f(&self, a: u8)` first.
            if entry.receiver && !method && !args.is_empty() {
                args.remove(0);
            }
            entry.args.push(args);
        }
    }
}

/// One removal task per parameter position of `function`.
fn removals<'a>(
    grammar: &Grammar,
    original: &Original,
    Function { params, args, .. }: Function,
) -> Vec<Queued<TreeSubject<'a>>> {
    let nodes = &original.nodes;
    let arity = params.iter().map(Vec::len).max().unwrap_or(0);
    // (body, the names each parameter declares) of every definition.
    let definitions: Vec<(NodeId, Names)> = params
        .iter()
        .filter(|site| !site.is_empty())
        .filter_map(|site| {
            let body = body_of(grammar, original, nodes.parent(site[0]))?;
            let names = site
                .iter()
                .map(|&p| declared_name(grammar, original, p))
                .collect();
            Some((body, names))
        })
        .collect();
    let sites: Arc<[Vec<NodeId>]> = params.into_iter().chain(args).collect();
    (0..arity)
        .map(|index| {
            let bodies = definitions
                .iter()
                .filter_map(|(body, names)| Some((*body, names.get(index)?.clone()?)))
                .collect();
            let removed: usize = sites
                .iter()
                .filter_map(|s| s.get(index))
                .map(|&e| nodes.tokens(e))
                .sum();
            Attempt::removing(
                removed,
                RemoveParam {
                    sites: sites.clone(),
                    index,
                    bodies,
                },
            )
        })
        .collect()
}

/// The field that holds a function's body, in every grammar here.
const BODY: &str = "body";

/// How far above its parameter list a function's body is found (C:
/// `parameter_list` -> `function_declarator` -> `pointer_declarator` ->
/// `function_definition`).
const BODY_LEVELS: usize = 4;

/// The body of the function whose parameter list is `list`: the `body` of
/// the nearest node at or above it that has one (a prototype has none).
fn body_of(grammar: &Grammar, original: &Original, list: NodeId) -> Option<NodeId> {
    let nodes = &original.nodes;
    let mut at = list;
    for _ in 0..BODY_LEVELS {
        if at == NodeId::NONE {
            return None;
        }
        if let Some(body) = crate::reduce::byname::child(grammar, original, at, BODY) {
            return Some(body);
        }
        at = nodes.parent(at);
    }
    None
}

/// The variable name parameter `p` declares: the parameter itself if it is
/// a plain `identifier` (JavaScript), else the first `identifier` token in
/// a definer field inside it (C's declarator, Rust's pattern).
fn declared_name(grammar: &Grammar, original: &Original, p: NodeId) -> Option<Arc<[u8]>> {
    let nodes = &original.nodes;
    let identifiers = grammar.kind_ids("identifier", true);
    nodes
        .subtree(p)
        .find(|&n| {
            nodes.is_leaf(n)
                && identifiers.contains(&nodes.kind(n))
                && (n == p || grammar.is_definer_field(nodes.field(n)))
        })
        .map(|n| Arc::from(original.node_text(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidates(lang: &str, src: &str) -> Vec<String> {
        crate::reduce::byname::testing::candidates(&PARAMS, lang, src)
    }

    #[test]
    fn c_parameter_goes_from_prototype_definition_and_calls() {
        let got = candidates(
            "c",
            "int b(int, int *);\nint b(int x, int *p) { return *p; }\nint main(void) { int a; return b(0, &a) + b(1, &a); }\n",
        );
        assert!(got.contains(
            &"int b(int *);\nint b(int *p) { return *p; }\nint main(void) { int a; return b(&a) + b(&a); }\n"
                .to_string()
        ), "{got:#?}");
        // `p` is used in the body: it stays.
        assert!(!got.iter().any(|t| t.contains("int b(int x)")), "{got:#?}");
        // `main(void)`: `void` is its one element; no call, still a candidate.
        assert!(got.iter().any(|t| t.contains("int main()")), "{got:#?}");
        assert_eq!(got.len(), 2, "{got:#?}");
    }

    /// Every unused parameter goes, one candidate after the other.
    #[test]
    fn c_unused_parameters_go_in_turn() {
        use crate::reduce::byname::testing::all_accepted;
        let src = "int f(int a, int b) { return b; }\nint g(void) { return f(1, 2); }\n";
        assert_eq!(
            all_accepted(&PARAMS, "c", src),
            "int f(int b) { return b; }\nint g() { return f(2); }\n"
        );
    }

    #[test]
    fn c_only_parameter_leaves_empty_lists() {
        let got = candidates("c", "void f(int a);\nvoid g(void) { f(1); f(2); }\n");
        assert!(
            got.contains(&"void f();\nvoid g(void) { f(); f(); }\n".to_string()),
            "{got:#?}"
        );
    }

    #[test]
    fn rust_receiver_is_not_a_position() {
        let got = candidates(
            "rust",
            "struct S;\nimpl S {\n    fn m(&self, a: u8, b: u8) -> u8 { b }\n}\nfn f(x: u8) {}\nfn main() { S.m(1, 2); f(3); S::m(&S, 4, 5); }\n",
        );
        assert!(got.contains(
            &"struct S;\nimpl S {\n    fn m(&self, b: u8) -> u8 { b }\n}\nfn f(x: u8) {}\nfn main() { S.m(2); f(3); S::m(&S, 5); }\n".to_string()
        ), "{got:#?}");
        assert!(
            got.iter()
                .any(|t| t.contains("fn f() {}") && t.contains("f();")),
            "{got:#?}"
        );
    }

    #[test]
    fn javascript_functions_arrows_and_methods() {
        let got = candidates(
            "javascript",
            "function f(a, b) { return b; }\nconst g = (x, y) => x;\nclass C { m(p) { return 1; } }\nf(1, 2); g(3, 4); new C().m(5);\n",
        );
        assert!(got.contains(
            &"function f(b) { return b; }\nconst g = (x, y) => x;\nclass C { m(p) { return 1; } }\nf(2); g(3, 4); new C().m(5);\n".to_string()
        ), "{got:#?}");
        assert!(
            got.iter()
                .any(|t| t.contains("const g = (x) => x;") && t.contains("g(3);")),
            "{got:#?}"
        );
        assert!(
            got.iter()
                .any(|t| t.contains("m() {") && t.contains(".m();")),
            "{got:#?}"
        );
    }
}
