//! Removing a member of an enumeration with all its uses, in one
//! candidate. A C enumerator goes and each use of its name (resolved like a
//! variable's, `scopes.rs`) shows its value instead: the explicit one
//! (`B = 5`), or the one it has by position when that can be counted from
//! an integer literal before it, else the placeholder `0`. Later
//! enumerators without a value of their own shift by one; the test says
//! whether that matters. A Rust variant goes with every path to it
//! (`E::B`, `Self::B`): a match arm whose pattern uses it goes (or only its
//! alternative in `A | B`), an expression built on it (`E::B(1)`,
//! `E::C { .. }`) goes as an array element or becomes the placeholder
//! `loop {}` (`Places::gone`); in a pattern outside a match arm (`if let`)
//! that does not parse, and the parse check drops the candidate without a
//! test. Deletion cannot drop a member that is used, and the uses one by
//! one rarely keep the program valid.

use std::collections::HashMap;
use std::sync::Arc;

use crate::edit::{Edit, EditView, render_node};
use crate::lang::Enumeration;
use crate::reduce::byname::scopes::Scopes;
use crate::reduce::byname::{Gone, Places, child, name_of, nodes_of_kind};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original, Role, until};
use crate::task::Queued;

/// What separates pattern alternatives (Rust's `A | B`).
const ALTERNATIVE_BAR: &[u8] = b"|";

/// The name a path uses for the type it is in (Rust's `Self::A`).
const SELF_TYPE: &[u8] = b"Self";

/// Member removal as a table entry.
pub struct VariantsReduction;

/// The table entry.
pub static VARIANTS: VariantsReduction = VariantsReduction;

impl Reduction for VariantsReduction {
    fn name(&self) -> &'static str {
        "variants"
    }

    fn about(&self) -> &'static str {
        "Do not remove an enumerator or enum variant together with its uses (C: uses become its value; Rust: its match arms go)"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        out.extend(tasks(cx));
    }
}

/// How a use of a removed member is rewritten.
#[derive(Clone, Debug)]
pub enum Rewrite {
    /// The use shows the member's value: the text of `value` (rendered
    /// from the current best), or a number.
    Value {
        /// The use.
        at: NodeId,
        /// The explicit value, or `None` for `number`.
        value: Option<NodeId>,
        /// The value by position.
        number: Arc<[u8]>,
        /// In parentheses.
        parenthesized: bool,
    },
    /// The use goes as [`Gone`] says.
    Gone(NodeId, Gone),
    /// The use's pattern alternative goes with the `|` next to it.
    Alternative {
        /// The use.
        at: NodeId,
        /// The alternative.
        node: NodeId,
        /// The `|` after it, or before it if it is the last.
        bar: NodeId,
    },
}

/// Remove `member` and rewrite its uses.
#[derive(Clone, Debug)]
pub struct RemoveVariant {
    /// The member.
    pub member: NodeId,
    /// Its uses.
    pub uses: Arc<[Rewrite]>,
}

impl Change for RemoveVariant {
    fn kind(&self) -> &'static str {
        VARIANTS.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.member) || current.get(self.member).is_some() {
            return None;
        }
        let mut edits: Vec<(NodeId, Edit)> = vec![(self.member, Edit::Delete)];
        let mut gone = Vec::new();
        for rewrite in self.uses.iter() {
            match rewrite {
                Rewrite::Gone(at, g) => gone.push((*at, g.clone())),
                Rewrite::Alternative { at, node, bar } => {
                    if current.is_live(original, *at)
                        && current.get(*node).is_none()
                        && current.is_live(original, *bar)
                    {
                        edits.push((*node, Edit::Delete));
                        edits.push((*bar, Edit::Delete));
                    }
                }
                Rewrite::Value {
                    at,
                    value,
                    number,
                    parenthesized,
                } => {
                    if !current.is_live(original, *at) || current.get(*at).is_some() {
                        continue;
                    }
                    let mut text = Vec::new();
                    text.extend(parenthesized.then_some(b'('));
                    match value {
                        Some(v) => {
                            if !render_node(original, current, *v, &mut text) {
                                return None;
                            }
                        }
                        None => text.extend_from_slice(number),
                    }
                    text.extend(parenthesized.then_some(b')'));
                    edits.push((*at, Edit::Text(Arc::from(text))));
                }
            }
        }
        crate::reduce::byname::add_uses(original, current, &gone, &mut edits);
        edits.sort_by_key(|e| e.0);
        edits.dedup_by_key(|e| e.0);
        Some(edits)
    }
}

/// One task per member of every enumeration with a body.
fn tasks<'a>(cx: &TreeSubject<'a>) -> Vec<Queued<TreeSubject<'a>>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let language = original.language;
    if language.enumerations.is_empty() {
        return Vec::new();
    }
    let scopes = cx.scopes();
    let places = Places::new(grammar, original);
    let placeholder = crate::syntax::count_tokens(&crate::syntax::parse(
        grammar,
        language.placeholder.as_bytes(),
    ));
    let mut out = Vec::new();
    for enumeration in language.enumerations {
        let paths_to = path_index(grammar, original, enumeration);
        for n in until(
            nodes_of_kind(grammar, original, cx.scope, enumeration.kind),
            cx.stop(),
        ) {
            let Some(body) = child(grammar, original, n, enumeration.body) else {
                continue;
            };
            let name = child(grammar, original, n, enumeration.name);
            let members: Vec<NodeId> = {
                let kinds = crate::reduce::byname::kinds(grammar, &[enumeration.member]);
                let nodes = &original.nodes;
                nodes
                    .children(body)
                    .iter()
                    .copied()
                    .filter(|&m| kinds.contains(&nodes.kind(m)))
                    .collect()
            };
            let numbers = if enumeration.value.is_empty() {
                Vec::new()
            } else {
                numbers_of(grammar, original, enumeration, &members)
            };
            for (index, &m) in until(members.iter().enumerate(), cx.stop()) {
                if !cx.inside(m) || matches!(original.role(m), Role::Fixed) {
                    continue;
                }
                let uses = if enumeration.value.is_empty() {
                    paths(cx, &places, &paths_to, enumeration, name, m)
                } else {
                    values(cx, scopes, &places, enumeration, m, &numbers[index])
                };
                let Some(uses) = uses else {
                    continue;
                };
                let mut removed = original.nodes.tokens(m) as isize;
                for u in &uses {
                    removed += match u {
                        Rewrite::Gone(_, g) => g.removed(original, placeholder),
                        Rewrite::Alternative { node, .. } => {
                            original.nodes.tokens(*node) as isize + 1
                        }
                        Rewrite::Value { at, .. } => original.nodes.tokens(*at) as isize - 1,
                    };
                }
                out.push(Attempt::removing(
                    removed.max(1) as usize,
                    RemoveVariant {
                        member: m,
                        uses: uses.into(),
                    },
                ));
            }
        }
    }
    out
}

/// The uses of C-style member `m` by its plain name, each to show its
/// value (`number` when it has none of its own).
fn values(
    cx: &TreeSubject<'_>,
    scopes: &Scopes,
    places: &Places,
    enumeration: &Enumeration,
    m: NodeId,
    number: &Arc<[u8]>,
) -> Option<Vec<Rewrite>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let name = child(grammar, original, m, enumeration.member_name)?;
    let value = child(grammar, original, m, enumeration.value);
    let mut out = Vec::new();
    for u in scopes.uses_of(name) {
        if !cx.inside(u.node) {
            return None;
        }
        let parenthesized = match value {
            Some(v) => places.needs_parentheses(original, nodes.kind(v), u.node),
            None => false,
        };
        out.push(Rewrite::Value {
            at: u.node,
            value,
            number: number.clone(),
            parenthesized,
        });
    }
    Some(out)
}

/// The value each of `members` has by position: one more than the member
/// before it, counted from the last integer literal value; `0` when that
/// is no integer literal. One walk over the members (counting back from
/// each member to the last value made an enum of n members cost n²).
fn numbers_of(
    grammar: &Grammar,
    original: &Original,
    enumeration: &Enumeration,
    members: &[NodeId],
) -> Vec<Arc<[u8]>> {
    // The last explicit value so far (`None` if it is no integer literal),
    // and how many members after it; no value yet: members count from 0.
    let mut last: Option<i128> = Some(-1);
    let mut offset = 0i128;
    let mut numbers = Vec::with_capacity(members.len());
    for &m in members {
        if let Some(v) = child(grammar, original, m, enumeration.value) {
            last = integer(&String::from_utf8_lossy(original.node_text(v)));
            offset = 0;
        } else {
            offset += 1;
        }
        numbers.push(match last {
            Some(base) => Arc::from((base + offset).to_string().as_bytes()),
            None => Arc::from(&b"0"[..]),
        });
    }
    numbers
}

/// The value of a C integer literal (`12`, `0x1f`, `010`, `3u`), if it is one.
fn integer(text: &str) -> Option<i128> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (digits, radix) = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (hex, 16)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (&digits[1..], 8)
    } else {
        (digits, 10)
    };
    i128::from_str_radix(digits, radix).ok()
}

/// The paths to members (`E::A`) of the program, by (the type's last
/// name, the member's name).
type PathIndex<'o> = HashMap<(&'o [u8], &'o [u8]), Vec<NodeId>>;

/// Collects the paths of `enumeration`'s kinds.
fn path_index<'o>(
    grammar: &Grammar,
    original: &'o Original,
    enumeration: &Enumeration,
) -> PathIndex<'o> {
    let mut index: PathIndex<'o> = HashMap::new();
    for &(kind, path_field, name_field) in enumeration.paths {
        for p in nodes_of_kind(grammar, original, original.nodes.root(), kind) {
            let (Some(path), Some(last)) = (
                child(grammar, original, p, path_field),
                child(grammar, original, p, name_field),
            ) else {
                continue;
            };
            if let Some(to) = name_of(grammar, original, path, &[name_field]) {
                index
                    .entry((to, original.node_text(last)))
                    .or_default()
                    .push(p);
            }
        }
    }
    index
}

/// The uses of Rust-style member `m` of the enumeration called `name`, by
/// the paths to it.
fn paths(
    cx: &TreeSubject<'_>,
    places: &Places,
    index: &PathIndex<'_>,
    enumeration: &Enumeration,
    name: Option<NodeId>,
    m: NodeId,
) -> Option<Vec<Rewrite>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let enum_name = original.node_text(name?);
    let member = original.node_text(child(grammar, original, m, enumeration.member_name)?);
    let arms = crate::reduce::byname::Positions::new(grammar, enumeration.arms);
    let alternatives = crate::reduce::byname::kinds(grammar, enumeration.alternatives);
    let mut found: Vec<NodeId> = [enum_name, SELF_TYPE]
        .iter()
        .flat_map(|&to| index.get(&(to, member)).into_iter().flatten().copied())
        .collect();
    found.sort_unstable();
    let mut out = Vec::new();
    for p in found {
        if !cx.inside(p) {
            return None;
        }
        // In a pattern: the innermost alternative, else the arm.
        let mut at = p;
        let mut alternative = None;
        let mut arm = None;
        while nodes.parent(at) != NodeId::NONE {
            if alternative.is_none() && alternatives.contains(&nodes.kind(nodes.parent(at))) {
                alternative = Some(at);
            }
            if arms.matches(original, at) {
                arm = Some(nodes.parent(at));
                break;
            }
            at = nodes.parent(at);
        }
        let rewrite = match (
            arm,
            alternative.and_then(|a| Some((a, bar_of(original, a)?))),
        ) {
            (Some(_), Some((node, bar))) => Rewrite::Alternative { at: p, node, bar },
            (Some(arm), None) => Rewrite::Gone(p, Gone::Delete(arm)),
            (None, _) => Rewrite::Gone(p, places.gone(original, p)?),
        };
        out.push(rewrite);
    }
    Some(out)
}

/// The `|` between alternative `a` and the next one, or the previous one
/// if `a` is the last.
fn bar_of(original: &Original, a: NodeId) -> Option<NodeId> {
    let nodes = &original.nodes;
    let siblings = nodes.children(nodes.parent(a));
    let at = siblings.iter().position(|&s| s == a)?;
    let is_bar = |&&s: &&NodeId| !nodes.is_named(s) && original.node_text(s) == ALTERNATIVE_BAR;
    siblings[at + 1..]
        .iter()
        .find(is_bar)
        .or_else(|| siblings[..at].iter().rev().find(is_bar))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates;

    #[test]
    fn c_enumerators_become_their_values() {
        let got = candidates(
            &VARIANTS,
            "c",
            "enum E { A, B = 0x10, C, D = A + 1, F };\nint f(int x) { switch (x) { case C: return B; } return 2 * D + F + A; }\n",
        );
        assert_eq!(
            got,
            [
                "enum E { B = 0x10, C, D = 0 + 1, F };\nint f(int x) { switch (x) { case C: return B; } return 2 * D + F + 0; }\n",
                "enum E { A, C, D = A + 1, F };\nint f(int x) { switch (x) { case C: return 0x10; } return 2 * D + F + A; }\n",
                "enum E { A, B = 0x10, D = A + 1, F };\nint f(int x) { switch (x) { case 17: return B; } return 2 * D + F + A; }\n",
                "enum E { A, B = 0x10, C, F };\nint f(int x) { switch (x) { case C: return B; } return 2 * (A + 1) + F + A; }\n",
                "enum E { A, B = 0x10, C, D = A + 1 };\nint f(int x) { switch (x) { case C: return B; } return 2 * D + 0 + A; }\n",
            ]
        );
    }

    #[test]
    fn rust_variants_go_with_arms_and_elements() {
        let got = candidates(
            &VARIANTS,
            "rust",
            "enum E { A, B(u8), C { f: u8 } }\nconst L: &[E] = &[E::A, E::B(1)];\nfn f(e: E) -> u8 {\n    match e {\n        E::A => 0,\n        E::B(x) | E::C { f: x } => x,\n    }\n}\nimpl E { fn c() -> Self { Self::C { f: 2 } } }\n",
        );
        assert_eq!(
            got,
            [
                "enum E { B(u8), C { f: u8 } }\nconst L: &[E] = &[E::B(1)];\nfn f(e: E) -> u8 {\n    match e {\n        E::B(x) | E::C { f: x } => x,\n    }\n}\nimpl E { fn c() -> Self { Self::C { f: 2 } } }\n",
                // (The layout pass tidies the space left of the `|`.)
                "enum E { A, C { f: u8 } }\nconst L: &[E] = &[E::A];\nfn f(e: E) -> u8 {\n    match e {\n        E::A => 0,\n         E::C { f: x } => x,\n    }\n}\nimpl E { fn c() -> Self { Self::C { f: 2 } } }\n",
                "enum E { A, B(u8) }\nconst L: &[E] = &[E::A, E::B(1)];\nfn f(e: E) -> u8 {\n    match e {\n        E::A => 0,\n        E::B(x) => x,\n    }\n}\nimpl E { fn c() -> Self { loop {} } }\n",
            ]
        );
    }
}
