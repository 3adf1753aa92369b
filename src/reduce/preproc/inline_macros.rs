//! Inlining macros: a `#define` goes and each use of the macro shows its
//! expansion instead, in one candidate: an object-like macro's body in
//! place of its name (`#define N 16` ... `a[N]` -> `a[16]`; an empty one,
//! `#define a` used as a qualifier, just disappears), a function-like
//! macro's body with the arguments of each call substituted token-wise for
//! its parameters (`#define f(x, y) ((x) + (y))` ... `f(a, 1)` -> `((a) +
//! (1))`). Deletion cannot drop a macro that is used, and inside its body
//! the other reductions see one opaque token: once inlined, the expansion
//! is code they reduce like any other.
//!
//! Uses are the tokens with the macro's name outside its definition
//! (identifiers, the grammar's other name kinds such as C's `size_t`, and
//! keywords), found by their text as the preprocessor finds them, and the
//! bodies of other macros that name it (unless a parameter of theirs has
//! the name). For a function-like macro a use is the name followed by `(`,
//! up to the matching `)`. Not inlined: a macro defined more than once, one
//! whose name is tested by `#ifdef` or `defined` (deleting the definition
//! would flip the test), one whose body names itself or uses `#` or `##`,
//! and one a use of which cannot be expanded (wrong number of arguments).
//!
//! The rule for proposing: the candidate makes the program smaller,
//! counting the tokens the compiler sees (a macro body's tokens, not the
//! one token the grammar makes of it). A macro used once whose parameters
//! each appear at most once in its body always passes (its definition and
//! the name and parentheses of the use go), so a definition the program no
//! longer needs goes; what the rule keeps out is copying: a body used in
//! many places, or naming a parameter several times whose argument is
//! large. The other reductions shrink those first, and a later pass
//! proposes the inlining again. (Also proposing every macro used once,
//! whatever its size, was measured: the same results and tests on the
//! macro benchmark cases, so the simpler rule stays.)

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Preprocessor;
use crate::reduce::byname::{current_text, edited_inside, nodes_of_kind};
use crate::reduce::preproc::{
    Definition, Macro, PpKind, count_pp_tokens, cover, current_range_text, is_kind, mentions,
    pp_tokens, preprocessor,
};
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original, Stop, until};
use crate::task::Queued;

/// Macro inlining as a table entry.
pub struct InlineMacrosReduction;

/// The table entry.
pub static INLINE_MACROS: InlineMacrosReduction = InlineMacrosReduction;

impl Reduction for InlineMacrosReduction {
    fn name(&self) -> &'static str {
        "inline-macros"
    }

    fn about(&self) -> &'static str {
        "Do not inline a C macro at its uses and delete its #define"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        if let Some(pp) = preprocessor(cx.original) {
            out.extend(tasks(cx, pp));
        }
    }
}

/// One use of a macro in the program: its byte range (the name, and for a
/// function-like macro its argument list) and the nodes covering it.
#[derive(Clone, Debug)]
pub struct Use {
    /// Where the use starts.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// The largest nodes inside the range, in text order.
    pub cover: Vec<NodeId>,
}

/// Delete a macro's definition and write its expansion at every use.
#[derive(Clone, Debug)]
pub struct InlineMacro {
    /// The definition.
    pub definition: Definition,
    /// The macro's name.
    pub name: Arc<[u8]>,
    /// A function-like macro's parameters and whether it is variadic.
    pub parameters: Option<(Vec<Vec<u8>>, bool)>,
    /// Its uses in the code.
    pub uses: Arc<[Use]>,
    /// The bodies of other macros that name it.
    pub bodies: Arc<[NodeId]>,
}

impl Change for InlineMacro {
    fn kind(&self) -> &'static str {
        INLINE_MACROS.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let (original, language) = (cx.original, cx.original.language);
        let pp = preprocessor(original)?;
        let def = &self.definition;
        let body = def.body(original, current)?;
        if current.get(def.name).is_some()
            || def
                .parameters
                .is_some_and(|p| current.get(p).is_some() || edited_inside(original, current, p))
        {
            return None;
        }
        let m = Macro {
            name: self.name.to_vec(),
            parameters: self.parameters.clone(),
            body: body.to_vec(),
            variadic_name: pp.variadic_name.as_bytes().to_vec(),
        };
        if !m.expandable() {
            return None;
        }
        let mut edits: Vec<(NodeId, Edit)> = Vec::new();
        let mut handled: HashSet<NodeId> = HashSet::new();
        for u in self.uses.iter() {
            if u.cover.iter().all(|&n| !current.is_live(original, n)) {
                // The use was deleted with what held it.
                continue;
            }
            // Something inside the use was edited: expanding the text it
            // shows now would need the edits below the covering nodes.
            let text = current_range_text(original, current, &u.cover, u.start, u.end)?;
            let expanded = m.expand(&text, language)?;
            if expanded == text {
                continue;
            }
            let (first, rest) = u.cover.split_first()?;
            edits.push((*first, Edit::Text(Arc::from(expanded))));
            edits.extend(rest.iter().map(|&n| (n, Edit::Text(Arc::from(&b""[..])))));
            handled.extend(u.cover.iter().copied());
        }
        for &b in self.bodies.iter() {
            if !current.is_live(original, b) {
                continue;
            }
            let text = current_text(original, current, b)?;
            let expanded = m.expand(text, language)?;
            if expanded[..] != text[..] {
                edits.push((b, Edit::Text(Arc::from(expanded))));
            }
            handled.insert(b);
        }
        // Text that other changes of the pass wrote (an expansion of
        // another macro that names this one, a reduced body): expanded too,
        // so a chain of macros inlines one link per candidate.
        for (n, edit) in current.iter() {
            let Some(text) = edit.text() else {
                continue;
            };
            if handled.contains(&n)
                || original.nodes.contains(def.node, n)
                || !mentions(text, &self.name)
                || !current.is_live(original, n)
            {
                continue;
            }
            let expanded = m.expand(text, language)?;
            edits.push((n, Edit::Text(Arc::from(expanded))));
        }
        if edits.is_empty() {
            // Nothing uses it any more: deletion's business.
            return None;
        }
        if !edits.iter().all(|&(n, _)| cx.inside(n)) || !cx.inside(def.node) {
            return None;
        }
        edits.push((def.node, Edit::Delete));
        edits.sort_by_key(|e| e.0);
        Some(edits)
    }
}

/// The tokens of the program as the preprocessor would see names among
/// them: every leaf but comments and empty (MISSING) ones, in text order.
fn leaves(original: &Original, stop: Stop<'_>) -> Vec<NodeId> {
    let nodes = &original.nodes;
    until(nodes.ids(), stop)
        .filter(|&n| nodes.is_leaf(n) && !nodes.is_extra(n) && !nodes.is_missing(n))
        .filter(|&n| nodes.start(n) < nodes.end(n))
        .collect()
}

/// Whether the leaf `n` is a name to the preprocessor: an identifier, a
/// token of the language's other name kinds, or a keyword.
fn is_name(grammar: &Grammar, original: &Original, pp: &Preprocessor, n: NodeId) -> bool {
    let nodes = &original.nodes;
    let kind = nodes.kind(n);
    let text = original.node_text(n);
    let word = text
        .first()
        .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_');
    word && (!nodes.is_named(n)
        || grammar.is_identifier(kind)
        || is_kind(grammar, kind, pp.name_kinds))
}

/// The macro `def` defines, as the program is at the start of a pass (the
/// original), if inlining it by substituting text is sound (see
/// [`Macro::expandable`]); none for a parameter list it cannot read.
fn expandable_macro(original: &Original, pp: &Preprocessor, def: &Definition) -> Option<Macro> {
    let parameters = match def.parameters {
        Some(_) => Some(def.parameter_names(original)?),
        None => None,
    };
    let body = def.value.map_or(&b""[..], |v| original.node_text(v));
    let m = Macro {
        name: original.node_text(def.name).to_vec(),
        parameters,
        body: body.to_vec(),
        variadic_name: pp.variadic_name.as_bytes().to_vec(),
    };
    m.expandable().then_some(m)
}

/// The parameter lists of `definitions`, each as its first node and the
/// end of its subtree, sorted.
fn parameter_lists(original: &Original, definitions: &[Definition]) -> Vec<(NodeId, NodeId)> {
    let nodes = &original.nodes;
    let mut params: Vec<(NodeId, NodeId)> = definitions
        .iter()
        .filter_map(|d| Some((d.parameters?, nodes.subtree_end(d.parameters?))))
        .collect();
    params.sort_unstable();
    params
}

/// The inlining tasks of the pass (see the module documentation).
fn tasks<'a>(cx: &TreeSubject<'a>, pp: &'static Preprocessor) -> Vec<Queued<TreeSubject<'a>>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let root = nodes.root();
    let definitions: Vec<Definition> = pp
        .definitions
        .iter()
        .flat_map(|kind| until(nodes_of_kind(grammar, original, root, kind), cx.stop()))
        .filter_map(|n| Definition::of(grammar, original, n))
        .collect();
    let mut defined: HashMap<&[u8], usize> = HashMap::new();
    for d in &definitions {
        *defined.entry(original.node_text(d.name)).or_default() += 1;
    }
    let leaves = leaves(original, cx.stop());
    let (occurrences, tested) = occurrences(cx, pp, &leaves, &defined);
    let scan = Scan {
        grammar,
        pp,
        original,
        params: parameter_lists(original, &definitions),
        leaves: &leaves,
    };
    let named_in = named_in(original, &definitions);

    let mut out = Vec::new();
    for def in until(definitions.iter(), cx.stop()) {
        let name = original.node_text(def.name);
        if defined[name] > 1 || tested.contains(name) || !cx.inside(def.node) {
            continue;
        }
        let Some(m) = expandable_macro(original, pp, def) else {
            continue;
        };
        let Some(uses) = scan.uses(
            occurrences.get(name).map_or(&[][..], Vec::as_slice),
            def,
            &m,
        ) else {
            continue;
        };
        let naming = named_in.get(name).map_or(&[][..], Vec::as_slice);
        let bodies = bodies_naming(original, &definitions, naming, def);
        let Some(removed) = saved(original, def, &m, &uses, &bodies) else {
            continue;
        };
        if uses.is_empty() && bodies.is_empty() || removed <= 0 {
            continue;
        }
        let edited_nodes = uses.iter().flat_map(|u| u.cover.iter()).chain(&bodies);
        if !edited_nodes.into_iter().all(|&n| cx.inside(n)) {
            continue;
        }
        out.push(Attempt::removing(
            removed as usize,
            InlineMacro {
                definition: *def,
                name: Arc::from(name),
                parameters: m.parameters,
                uses: uses.into(),
                bodies: bodies.into(),
            },
        ));
    }
    out
}

/// Where each macro name occurs (indexes of leaves), and the names tested.
type Occurrences<'o> = (HashMap<&'o [u8], Vec<usize>>, HashSet<&'o [u8]>);

/// Where each macro name (of `defined`) occurs as a name among the
/// program's `leaves` (their indexes), and the names a definedness test
/// (`defined(N)`, `#ifdef N`) looks at.
fn occurrences<'o>(
    cx: &TreeSubject<'o>,
    pp: &Preprocessor,
    leaves: &[NodeId],
    defined: &HashMap<&[u8], usize>,
) -> Occurrences<'o> {
    let (grammar, original) = (cx.grammar, cx.original);
    let mut occurrences: HashMap<&[u8], Vec<usize>> = HashMap::new();
    let mut tested: HashSet<&[u8]> = HashSet::new();
    for (i, &n) in until(leaves.iter().enumerate(), cx.stop()) {
        let text = original.node_text(n);
        if !defined.contains_key(text) || !is_name(grammar, original, pp, n) {
            continue;
        }
        let before = |k: usize| {
            i.checked_sub(k)
                .map(|j| std::str::from_utf8(original.node_text(leaves[j])).unwrap_or(""))
        };
        let definedness = |t: Option<&str>| t.is_some_and(|t| pp.definedness.contains(&t));
        if definedness(before(1)) || (before(1) == Some("(") && definedness(before(2))) {
            tested.insert(text);
        }
        occurrences.entry(text).or_default().push(i);
    }
    (occurrences, tested)
}

/// For each name, the definitions whose bodies name it (their indexes in
/// `definitions`, in order).
fn named_in<'o>(
    original: &'o Original,
    definitions: &[Definition],
) -> HashMap<&'o [u8], Vec<usize>> {
    let mut named_in: HashMap<&[u8], Vec<usize>> = HashMap::new();
    for (i, d) in definitions.iter().enumerate() {
        let Some(value) = d.value else {
            continue;
        };
        let text = original.node_text(value);
        let mut names: Vec<&[u8]> = pp_tokens(text)
            .iter()
            .filter(|t| t.kind == PpKind::Identifier)
            .map(|t| &text[t.start..t.end])
            .collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            named_in.entry(name).or_default().push(i);
        }
    }
    named_in
}

/// The bodies of the other definitions (`naming`: indexes into
/// `definitions`) that name `def`'s macro without a parameter of theirs
/// shadowing it.
fn bodies_naming(
    original: &Original,
    definitions: &[Definition],
    naming: &[usize],
    def: &Definition,
) -> Vec<NodeId> {
    let name = original.node_text(def.name);
    naming
        .iter()
        .map(|&i| &definitions[i])
        .filter(|other| other.node != def.node)
        .filter_map(|other| {
            let value = other.value?;
            let shadowed = other
                .parameter_names(original)
                .is_some_and(|(names, _)| names.iter().any(|p| p == name));
            (!shadowed).then_some(value)
        })
        .collect()
}

/// The program's tokens, for finding the uses of macros.
struct Scan<'o> {
    grammar: &'o Grammar,
    pp: &'o Preprocessor,
    original: &'o Original,
    /// The parameter lists of all macros (first node id, end of subtree),
    /// sorted.
    params: Vec<(NodeId, NodeId)>,
    /// The tokens in text order (see [`leaves`]).
    leaves: &'o [NodeId],
}

impl Scan<'_> {
    /// Whether `n` lies in a macro's parameter list. The lists are sorted
    /// and disjoint (a definition holds no other), so only the last one
    /// starting at or before `n` can hold it.
    fn in_params(&self, n: NodeId) -> bool {
        let after = self.params.partition_point(|&(p, _)| p <= n);
        after > 0 && n < self.params[after - 1].1
    }

    /// The uses of the macro `m` defined by `def` among the name tokens
    /// `at` (indices into the leaves), outside its definition and the
    /// parameter lists of macros, and outside a use found before (the
    /// expansion of the outer one expands the inner one). `None` when a
    /// use's range cannot be told (no matching `)`, a directive inside
    /// it, a token half inside).
    fn uses(&self, at: &[usize], def: &Definition, m: &Macro) -> Option<Vec<Use>> {
        let (grammar, pp, original, leaves) = (self.grammar, self.pp, self.original, self.leaves);
        let nodes = &original.nodes;
        let text_of = |i: usize| original.node_text(leaves[i]);
        let mut out: Vec<Use> = Vec::new();
        for &i in at {
            let n = leaves[i];
            if nodes.contains(def.node, n) || self.in_params(n) {
                continue;
            }
            if out.last().is_some_and(|u| nodes.start(n) < u.end) {
                continue;
            }
            let last = match &m.parameters {
                None => i,
                Some(_) => {
                    if i + 1 >= leaves.len() || text_of(i + 1) != b"(" {
                        // Not a use: the name alone.
                        continue;
                    }
                    let mut depth = 0usize;
                    let mut close = None;
                    for (j, &leaf) in leaves.iter().enumerate().skip(i + 1) {
                        let t = text_of(j);
                        let directive = if nodes.is_named(leaf) {
                            is_kind(grammar, nodes.kind(leaf), pp.directive_kinds)
                        } else {
                            t.starts_with(b"#")
                        };
                        if directive {
                            // The argument list runs into a directive.
                            return None;
                        }
                        if nodes.is_named(leaf) {
                            continue;
                        }
                        match t {
                            b"(" => depth += 1,
                            b")" => {
                                depth -= 1;
                                if depth == 0 {
                                    close = Some(j);
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    close?
                }
            };
            let (start, end) = (nodes.start(n), nodes.end(leaves[last]));
            let cover = cover(original, start, end)?;
            out.push(Use { start, end, cover });
        }
        Some(out)
    }
}

/// The tokens inlining removes (negative if it adds), counting those the
/// compiler sees: a macro body's tokens, not the one token the grammar
/// makes of it. `None` when a use cannot be expanded.
fn saved(
    original: &Original,
    def: &Definition,
    m: &Macro,
    uses: &[Use],
    bodies: &[NodeId],
) -> Option<i64> {
    let nodes = &original.nodes;
    let language = original.language;
    let body_token = usize::from(def.value.is_some());
    let mut before = nodes.tokens(def.node) - body_token + count_pp_tokens(&m.body);
    let mut after = 0;
    for u in uses {
        let text = &original.text[u.start..u.end];
        before += count_pp_tokens(text);
        after += count_pp_tokens(&m.expand(text, language)?);
    }
    for &b in bodies {
        let text = original.node_text(b);
        before += count_pp_tokens(text);
        after += count_pp_tokens(&m.expand(text, language)?);
    }
    Some(before as i64 - after as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::{all_accepted, candidates};

    #[test]
    fn object_like_macros_inline_where_smaller() {
        let got = candidates(
            &INLINE_MACROS,
            "c",
            "#define N 16\n#define a\nint x[N];\nint f(void) { a; return N + N; }\n",
        );
        assert_eq!(
            got,
            [
                "#define a\nint x[16];\nint f(void) { a; return 16 + 16; }\n",
                "#define N 16\nint x[N];\nint f(void) { ; return N + N; }\n",
            ]
        );
    }

    #[test]
    fn function_like_macros_take_their_arguments() {
        let got = candidates(
            &INLINE_MACROS,
            "c",
            "#define f(x, y) ((x) + (y))\nint g(int a) {\n  return f(a, 1) * f (2,\n    a);\n}\n",
        );
        assert_eq!(
            got,
            ["int g(int a) {\n  return ((a) + (1)) * ((2) + (a));\n}\n"]
        );
    }

    /// Inlined only where the program gets smaller: a body naming its
    /// parameter four times copies a small argument (smaller), not a large
    /// one, and not into two uses.
    #[test]
    fn copies_that_grow_the_program_wait() {
        let twice = "#define twice(v) ((v) * (v) + (v) * (v))\n";
        let src = format!("{twice}int g(int a) {{ return twice(a + 1); }}\n");
        assert_eq!(
            candidates(&INLINE_MACROS, "c", &src),
            ["int g(int a) { return ((a + 1) * (a + 1) + (a + 1) * (a + 1)); }\n"]
        );
        let src = format!("{twice}int g(int a) {{ return twice(a + a * a - 2); }}\n");
        assert!(candidates(&INLINE_MACROS, "c", &src).is_empty());
        let src = format!("{twice}int g(int a) {{ return twice(a + 1) + twice(a); }}\n");
        assert!(candidates(&INLINE_MACROS, "c", &src).is_empty());
    }

    /// Macros naming other macros: both inline in one pass, the second
    /// expanding the text the first wrote.
    #[test]
    fn chains_inline_in_one_pass() {
        let src = "#define ALIGN 8\n#define b(p) __builtin_is_aligned((p), ALIGN)\nint g(int *q) { return b(q); }\n";
        assert_eq!(
            all_accepted(&INLINE_MACROS, "c", src),
            "int g(int *q) { return __builtin_is_aligned((q), 8); }\n"
        );
    }

    #[test]
    fn macros_that_cannot_be_inlined_stay() {
        for src in [
            // Tested by #ifdef / defined.
            "#define X 1\n#ifdef X\nint a = X;\n#endif\n",
            "#define X 1\n#if defined(X)\nint a = X;\n#endif\n",
            // Defined twice.
            "#ifdef Y\n#define X 1\n#else\n#define X 2\n#endif\nint a = X;\n",
            // Pasting, stringizing, self-reference.
            "#define P(a, b) a ## b\nint P(x, y);\n",
            "#define S(a) #a\nconst char *s = S(x);\n",
            "#define foo foo\nint foo;\n",
            // The wrong number of arguments.
            "#define f(x, y) x\nint a = f(1);\n",
        ] {
            let got = candidates(&INLINE_MACROS, "c", src);
            assert!(got.is_empty(), "{src}: {got:#?}");
        }
    }

    #[test]
    fn keywords_and_type_names_are_names_too() {
        let got = candidates(
            &INLINE_MACROS,
            "c",
            "#define inline __inline__\n#define size_t unsigned long\nstatic inline size_t f(void) { return 0; }\n",
        );
        assert_eq!(
            got,
            [
                "#define size_t unsigned long\nstatic __inline__ size_t f(void) { return 0; }\n",
                "#define inline __inline__\nstatic inline unsigned long f(void) { return 0; }\n",
            ]
        );
    }

    /// A parameter of another macro with the macro's name is that macro's
    /// own, and a use as an argument expands first.
    #[test]
    fn parameters_shadow_and_arguments_nest() {
        let src = "#define N 4\n#define g(N) ((N) + 1)\nint a = g(N);\n";
        let got = candidates(&INLINE_MACROS, "c", src);
        assert!(
            got.contains(&"#define g(N) ((N) + 1)\nint a = g(4);\n".to_string()),
            "{got:#?}"
        );
        let src = "#define f(x) (x)\nint a = f(f(1));\n";
        assert_eq!(candidates(&INLINE_MACROS, "c", src), ["int a = ((1));\n"]);
    }
}
