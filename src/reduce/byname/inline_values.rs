//! Writing a declared value at its uses: the declaration goes and each use
//! of its name shows the value instead, in one candidate. Two reductions
//! share this file, because they differ only in which declarations they
//! take: `inline-consts` writes a constant (C's `const int x = 3;`, Rust's
//! `const` and `static`, JavaScript's `const`) at all its uses, and
//! `inline-vars` merges a variable (C's `int x = f();`, Rust's `let`,
//! JavaScript's `let` and `var`) into its only use, where its initializer
//! runs as often as before when the use is not in a loop. Deletion cannot
//! drop a declaration that is used, and hoisting cannot move a value to
//! another statement.
//!
//! Uses are resolved by the language's scoping rules (`scopes.rs`), so a
//! local that shadows the name keeps its own. What is proposed, so that
//! the test is not flooded with candidates that cannot compile:
//! - only a declaration of one plain name with its value and nothing else
//!   the table does not allow (no C pointer declarator, no Rust
//!   `let ... else`), whose value does not mention the name;
//! - no use in a position the language writes to (`x = 1`, `x++`, C's
//!   `&x`): a value cannot stand there;
//! - a value that is not a primary expression (`a + b`) is parenthesized
//!   unless the use's place takes any expression (an argument, a
//!   statement, an initializer), and a C initializer list (`{1, 2}`),
//!   which no expression slot accepts, is not written anywhere;
//! - a use written as a key of the same name (`{x}`) becomes `x: value`;
//! - only when the program loses tokens (a long value used often stays).
//!
//! The value's text is rendered from the current best, with what the pass
//! has already changed inside it, so chains (`let a = f(); let b = a + 1;
//! g(b);`) merge in one pass.

use std::sync::Arc;

use crate::edit::{Edit, EditView, render_node};
use crate::lang::{Constness, Variable};
use crate::reduce::byname::scopes::{Scopes, Use};
use crate::reduce::byname::{Places, deletion, edited_inside, kinds};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject, slot_of};
use crate::syntax::{Grammar, KindId, NodeId, Original, until};
use crate::task::Queued;

/// The kind of a parenthesized expression, in every grammar here.
const PARENTHESIZED: &str = "parenthesized_expression";

/// Constants at all their uses, as a table entry.
pub struct InlineConstsReduction;

/// The table entry of `inline-consts`.
pub static INLINE_CONSTS: InlineConstsReduction = InlineConstsReduction;

/// Variables into their only use, as a table entry.
pub struct InlineVarsReduction;

/// The table entry of `inline-vars`.
pub static INLINE_VARS: InlineVarsReduction = InlineVarsReduction;

impl Reduction for InlineConstsReduction {
    fn name(&self) -> &'static str {
        "inline-consts"
    }

    fn about(&self) -> &'static str {
        "Do not write a constant's value at all its uses and drop its declaration (`const int x = 3; f(x);` -> `f(3);`)"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        out.extend(tasks(cx, true));
    }
}

impl Reduction for InlineVarsReduction {
    fn name(&self) -> &'static str {
        "inline-vars"
    }

    fn about(&self) -> &'static str {
        "Do not merge a variable used once into its use (`int x = f(); g(x);` -> `g(f());`)"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        out.extend(tasks(cx, false));
    }
}

/// How the value is written at one use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    /// As it is.
    Bare,
    /// In parentheses.
    Parenthesized,
    /// After the key of the use's name (`{x}` -> `{x: 1}`).
    Keyed,
}

/// One use and how the value is written there.
#[derive(Clone, Copy, Debug)]
pub struct Site {
    /// The use.
    pub at: Use,
    /// How.
    pub wrap: Wrap,
}

/// Delete the declaration `declaration` and write its value at `sites`.
#[derive(Clone, Debug)]
pub struct InlineValue {
    /// Whether the declaration is a constant (`inline-consts`) or a
    /// variable (`inline-vars`).
    pub constant: bool,
    /// The declaration (of one name; C's `init_declarator`).
    pub declaration: NodeId,
    /// Its name token.
    pub name: NodeId,
    /// Its value.
    pub value: NodeId,
    /// The uses.
    pub sites: Arc<[Site]>,
}

impl Change for InlineValue {
    fn kind(&self) -> &'static str {
        if self.constant {
            INLINE_CONSTS.name()
        } else {
            INLINE_VARS.name()
        }
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !current.is_live(original, self.declaration)
            || current.get(self.declaration).is_some()
            || current.get(self.name).is_some()
        {
            return None;
        }
        let mut value = Vec::new();
        if !render_node(original, current, self.value, &mut value) {
            return None;
        }
        let value = &value[..];
        let name = original.node_text(self.name);
        let mut edits: Vec<(NodeId, Edit)> = Vec::new();
        for site in self.sites.iter() {
            let u = site.at;
            // A use that is gone, or renamed to another name, is no use.
            if !current.is_live(original, u.node)
                || current.get(u.node).is_some()
                || current.get(u.token).is_some()
                || edited_inside(original, current, u.node)
            {
                continue;
            }
            let mut text = Vec::with_capacity(value.len() + name.len() + 2);
            match site.wrap {
                Wrap::Bare => text.extend_from_slice(value),
                Wrap::Parenthesized => {
                    text.push(b'(');
                    text.extend_from_slice(value);
                    text.push(b')');
                }
                Wrap::Keyed => {
                    text.extend_from_slice(name);
                    text.extend_from_slice(b": ");
                    text.extend_from_slice(value);
                }
            }
            edits.push((u.node, Edit::Text(Arc::from(text))));
        }
        if edits.is_empty() {
            // Nothing uses it any more: deletion's business.
            return None;
        }
        edits.push((deletion(original, current, self.declaration)?, Edit::Delete));
        edits.sort_by_key(|e| e.0);
        Some(edits)
    }
}

/// Whether declaration `n` of `variable` is a constant.
fn is_constant(original: &Original, variable: &Variable, n: NodeId) -> bool {
    let nodes = &original.nodes;
    let has = |at: NodeId, mark: &str| {
        at != NodeId::NONE
            && nodes
                .children(at)
                .iter()
                .any(|&c| original.node_text(c) == mark.as_bytes())
    };
    match variable.constness {
        Constness::Always => true,
        Constness::Never => false,
        Constness::Marked(mark) => has(n, mark) || has(nodes.parent(n), mark),
        Constness::UnlessMarked(mark) => !has(n, mark),
    }
}

/// The tasks of one pass: one per declaration of a constant (`constant`)
/// or of a variable.
fn tasks<'a>(cx: &TreeSubject<'a>, constant: bool) -> Vec<Queued<TreeSubject<'a>>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let language = original.language;
    if language.variables.is_empty() {
        return Vec::new();
    }
    let scopes = cx.scopes();
    let places = Places::new(grammar, original);
    let mut out = Vec::new();
    for variable in language.variables {
        let declarations =
            crate::reduce::byname::nodes_of_kind(grammar, original, cx.scope, variable.kind);
        for n in until(declarations, cx.stop()) {
            if !cx.inside(n) || is_constant(original, variable, n) != constant {
                continue;
            }
            if let Some(task) = task(cx, scopes, &places, variable, n, constant) {
                out.push(task);
            }
        }
    }
    out
}

/// The task for declaration `n`, if it qualifies (see the module
/// documentation).
fn task<'a>(
    cx: &TreeSubject<'a>,
    scopes: &Scopes,
    places: &Places,
    variable: &Variable,
    n: NodeId,
    constant: bool,
) -> Option<Queued<TreeSubject<'a>>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let name = crate::reduce::byname::child(grammar, original, n, variable.name)?;
    let value = crate::reduce::byname::child(grammar, original, n, variable.value)?;
    if !nodes.is_leaf(name) || !simple(grammar, original, variable, n) {
        return None;
    }
    let uses = scopes.uses_of(name);
    if uses.is_empty() || (!constant && uses.len() != 1) {
        return None;
    }
    let value_kind = nodes.kind(value);
    let mut sites = Vec::with_capacity(uses.len());
    // Tokens the uses gain (a path `Self::X` may lose some).
    let mut added = 0isize;
    for &u in uses {
        // A use inside the declaration (`int x = x + 1`) or outside the
        // pass's scope, or one written to, stops it.
        if nodes.contains(n, u.node) || !cx.inside(u.node) || places.is_written(original, u.node) {
            return None;
        }
        let wrap = if u.shorthand {
            Wrap::Keyed
        } else if places.needs_parentheses(original, value_kind, u.node) {
            Wrap::Parenthesized
        } else {
            Wrap::Bare
        };
        // A kind the use's slot does not take, even in parentheses (C's
        // initializer lists), stays where it is.
        if !fits_slot(grammar, original, u.node, value_kind, wrap) {
            return None;
        }
        let extra = match wrap {
            Wrap::Bare => 0,
            Wrap::Parenthesized | Wrap::Keyed => 2,
        };
        added += (nodes.tokens(value) + extra) as isize - nodes.tokens(u.node) as isize;
        sites.push(Site { at: u, wrap });
    }
    let none = crate::edit::EditSet::new();
    let deleted = deletion(original, none.view(), n)?;
    let removed = usize::try_from(nodes.tokens(deleted) as isize - added)
        .ok()
        .filter(|&r| r > 0)?;
    Some(Attempt::removing(
        removed,
        InlineValue {
            constant,
            declaration: n,
            name,
            value,
            sites: sites.into(),
        },
    ))
}

/// Whether a value of kind `value_kind`, wrapped as `wrap`, fits the slot
/// of the use `at` (a keyed use always does; a use in no slot too).
fn fits_slot(
    grammar: &Grammar,
    original: &Original,
    at: NodeId,
    value_kind: KindId,
    wrap: Wrap,
) -> bool {
    if wrap == Wrap::Keyed {
        return true;
    }
    let Some(slot) = slot_of(grammar, original, at) else {
        return true;
    };
    match wrap {
        Wrap::Parenthesized => kinds(grammar, &[PARENTHESIZED]).iter().any(|&p| {
            slot.types.contains(p)
                && grammar
                    .children_slot(p)
                    .is_some_and(|inner| inner.types.contains(value_kind))
        }),
        _ => slot.types.contains(value_kind),
    }
}

/// Whether declaration `n` holds nothing but its name, its value, and
/// the other fields and modifiers the table allows.
fn simple(grammar: &Grammar, original: &Original, variable: &Variable, n: NodeId) -> bool {
    let nodes = &original.nodes;
    let fields: Vec<_> = [variable.name, variable.value]
        .iter()
        .chain(variable.other_fields)
        .filter_map(|f| grammar.field_id(f))
        .collect();
    let modifiers = kinds(grammar, variable.modifiers);
    nodes.children(n).iter().all(|&c| match nodes.field(c) {
        Some(f) => fields.contains(&f) || !nodes.is_named(c),
        None => !nodes.is_named(c) || nodes.is_extra(c) || modifiers.contains(&nodes.kind(c)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::{all_accepted, candidates};

    #[test]
    fn python_variable_merges_into_its_only_use() {
        let got = candidates(&INLINE_VARS, "python", "a = 0\na + \"\"\n");
        assert_eq!(got, ["0 + \"\"\n"]);
    }

    #[test]
    fn c_constants_go_to_all_their_uses() {
        let got = candidates(
            &INLINE_CONSTS,
            "c",
            "static const int n = 3, m = 1 + 2;\nint x = 5;\nint f(int n) { return n; }\nint g(void) { int a[n]; return n * m + m; }\n",
        );
        assert_eq!(
            got,
            [
                "static const int m = 1 + 2;\nint x = 5;\nint f(int n) { return n; }\nint g(void) { int a[3]; return 3 * m + m; }\n",
            ],
            // `m` used twice with parentheses would add tokens; `x` is no constant.
        );
    }

    #[test]
    fn c_variable_merges_into_its_only_use() {
        let got = candidates(
            &INLINE_VARS,
            "c",
            "int f(void) {\n  int x = g(), y = 1 + 2, z = 4;\n  h(x);\n  z++;\n  return y * 2;\n}\n",
        );
        assert_eq!(
            got,
            [
                "int f(void) {\n  int y = 1 + 2, z = 4;\n  h(g());\n  z++;\n  return y * 2;\n}\n",
                "int f(void) {\n  int x = g(), z = 4;\n  h(x);\n  z++;\n  return (1 + 2) * 2;\n}\n",
            ]
        );
    }

    /// The last declarator takes its declaration along; a use written to
    /// or whose address is taken stays, and so does an initializer list.
    #[test]
    fn c_declarations_go_whole_and_lvalues_stay() {
        let got = all_accepted(
            &INLINE_VARS,
            "c",
            "int f(void) {\n  int a = 1;\n  int b = 2;\n  int c = 3;\n  struct s t = {1};\n  g(&b);\n  c = 4;\n  return a + t.x;\n}\n",
        );
        assert_eq!(
            got,
            "int f(void) {\n  int b = 2;\n  int c = 3;\n  struct s t = {1};\n  g(&b);\n  c = 4;\n  return 1 + t.x;\n}\n"
        );
    }

    #[test]
    fn rust_consts_statics_and_lets() {
        let src = "const N: usize = 2;\nstatic mut M: u8 = 0;\nstruct S { n: usize }\nfn f() -> S {\n    let v = [0u8; N];\n    let w = v.len() + 1;\n    let n = w;\n    S { n }\n}\nfn g() -> usize { Self::N }\n";
        let consts = candidates(&INLINE_CONSTS, "rust", src);
        assert_eq!(
            consts,
            [
                "static mut M: u8 = 0;\nstruct S { n: usize }\nfn f() -> S {\n    let v = [0u8; 2];\n    let w = v.len() + 1;\n    let n = w;\n    S { n }\n}\nfn g() -> usize { 2 }\n"
            ]
        );
        let vars = all_accepted(&INLINE_VARS, "rust", src);
        assert_eq!(
            vars,
            "const N: usize = 2;\nstatic mut M: u8 = 0;\nstruct S { n: usize }\nfn f() -> S {\n    S { n: [0u8; N].len() + 1 }\n}\nfn g() -> usize { Self::N }\n"
        );
    }

    #[test]
    fn javascript_const_let_and_var() {
        let src = "const k = 2;\nfunction f(x) { let y = x * k; var z = {y}; return z; }\nmodule.exports = f(k);\n";
        let consts = candidates(&INLINE_CONSTS, "javascript", src);
        assert_eq!(
            consts,
            ["function f(x) { let y = x * 2; var z = {y}; return z; }\nmodule.exports = f(2);\n"]
        );
        let vars = all_accepted(&INLINE_VARS, "javascript", src);
        assert_eq!(
            vars,
            "const k = 2;\nfunction f(x) { return {y: x * k}; }\nmodule.exports = f(k);\n"
        );
    }
}
