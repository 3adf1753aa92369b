//! Macro bodies reduced as code: the grammar reads a `#define`'s body as
//! one opaque token, so `#define b(p) __builtin_is_aligned((p), ALIGN)`
//! could only stay whole or lose its body. Here the body's text is parsed
//! as C inside a small wrapper (statements in a function, an expression, a
//! type, items of a file: the language table's `body_wrappers`, the first
//! that parses without errors), and the reductions Perses makes on code
//! are made on that tree: a node deleted where its slot allows (a list
//! element with its separator, an optional part), replaced by a compatible
//! descendant (hoisting), or an expression replaced by `0`. Each candidate
//! body must parse in the same wrapper without errors before it is tested.
//!
//! One task per body and pass runs the search as a sequence of tests (like
//! canonicalization): top-down, largest node first, each node's candidates
//! largest reduction first, a node's children only once none of its own
//! candidates was interesting. The body's tree stays the one parsed when
//! the task starts, with the accepted edits on it, so nothing is tried
//! twice. The search stops after [`limit`] candidates: linear in the body's
//! size, and never more than [`MAX_CANDIDATES`], however large the body.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::sync::Arc;

use crate::edit::{Edit, EditSet, EditView, render};
use crate::lang::Preprocessor;
use crate::reduce::byname::current_text;
use crate::reduce::preproc::{Definition, count_pp_tokens, cover, preprocessor};
use crate::reduce::tree::hoist::compatible_below;
use crate::reduce::{Best, Change, RANK_ATTEMPT, Reduction, Tasks, TreeSubject, slot_of};
use crate::syntax::{Grammar, KindId, NodeId, Original, Role, count_errors, parse};
use crate::task::{Job, Priority, Queued};

/// Macro body reduction as a table entry.
pub struct MacroBodiesReduction;

/// The table entry.
pub static MACRO_BODIES: MacroBodiesReduction = MacroBodiesReduction;

/// The most candidates one body's search tests in a pass.
pub const MAX_CANDIDATES: usize = 256;

/// How many candidates the search of a body of `tokens` tokens tests at
/// most in one pass: two per token and a few more (a top-down search that
/// finds nothing proposes about two per node), up to [`MAX_CANDIDATES`].
pub fn limit(tokens: usize) -> usize {
    (16 + 2 * tokens).min(MAX_CANDIDATES)
}

/// How many of a body's first candidates the engine may test ahead.
const PLANNED: usize = 8;

impl Reduction for MacroBodiesReduction {
    fn name(&self) -> &'static str {
        "macro-bodies"
    }

    fn about(&self) -> &'static str {
        "Do not reduce a C macro's body as code (parts deleted, hoisted or replaced by 0)"
    }

    fn visit_child<'a>(
        &self,
        cx: &TreeSubject<'a>,
        current: EditView<'_>,
        c: NodeId,
        out: &mut Tasks<'a>,
    ) {
        let (grammar, original) = (cx.grammar, cx.original);
        let Some(pp) = preprocessor(original) else {
            return;
        };
        if !original.nodes.is_leaf(c)
            || !cx.inside(c)
            || Definition::of_value(grammar, original, c).is_none()
        {
            return;
        }
        let Some(text) = current_text(original, current, c) else {
            return;
        };
        if let Some(body) = Body::parse(grammar, pp, text) {
            out.push((
                Priority {
                    tokens: body.tokens as u64,
                    rank: RANK_ATTEMPT,
                },
                Box::new(BodyTask { value: c }),
            ));
        }
    }
}

/// Replace a macro body that shows `from` by `to`.
#[derive(Clone, Debug)]
pub struct SetBody {
    /// The body token.
    pub value: NodeId,
    /// Its text the change was made for.
    pub from: Arc<[u8]>,
    /// The smaller body.
    pub to: Arc<[u8]>,
}

impl Change for SetBody {
    fn kind(&self) -> &'static str {
        MACRO_BODIES.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !cx.inside(self.value) || !current.is_live(original, self.value) {
            return None;
        }
        (current_text(original, current, self.value)? == &self.from[..])
            .then(|| vec![(self.value, Edit::Text(self.to.clone()))])
    }
}

/// Reduces one macro body: a sequence of dependent tests.
#[derive(Debug)]
struct BodyTask {
    value: NodeId,
}

impl BodyTask {
    /// The search over the body as `state` shows it.
    fn search<'g>(&self, cx: &TreeSubject<'g>, state: &Best) -> Option<Search<'g>> {
        let pp = preprocessor(cx.original)?;
        let current = state.edits.view();
        if !cx.inside(self.value) || !current.is_live(cx.original, self.value) {
            return None;
        }
        let text = current_text(cx.original, current, self.value)?;
        Search::new(cx.grammar, pp, text)
    }
}

impl<'a> Job<TreeSubject<'a>> for BodyTask {
    fn run(
        self: Box<Self>,
        tests: &mut dyn crate::task::Tests<TreeSubject<'a>>,
    ) -> Vec<Queued<TreeSubject<'a>>> {
        let best = tests.snapshot();
        let Some(mut search) = self.search(tests.subject(), &best) else {
            return Vec::new();
        };
        while let Some(candidate) = search.next() {
            let change = SetBody {
                value: self.value,
                from: search.text.clone(),
                to: candidate.text.clone(),
            };
            let interesting = tests.try_change(&change);
            search.verdict(candidate, interesting);
        }
        Vec::new()
    }

    /// The first candidates [`BodyTask::run`] would try on `state`, in order.
    fn changes_on(&self, cx: &TreeSubject<'a>, state: &Best) -> Vec<Box<dyn Change>> {
        let Some(mut search) = self.search(cx, state) else {
            return Vec::new();
        };
        let mut planned: Vec<Box<dyn Change>> = Vec::new();
        while planned.len() < PLANNED {
            let Some(candidate) = search.next() else {
                break;
            };
            planned.push(Box::new(SetBody {
                value: self.value,
                from: search.text.clone(),
                to: candidate.text.clone(),
            }));
            search.verdict(candidate, false);
        }
        planned
    }
}

/// A macro body parsed inside a wrapper.
struct Body {
    /// The wrapper's text before and after the body.
    wrapper: (&'static str, &'static str),
    /// The parse of the wrapped body.
    tree: Original,
    /// The body's byte range in the wrapped text.
    span: (usize, usize),
    /// Tokens in the body.
    tokens: usize,
}

impl Body {
    /// The body `text` in the first wrapper it parses in without errors.
    fn parse(grammar: &Grammar, pp: &'static Preprocessor, text: &[u8]) -> Option<Body> {
        pp.body_wrappers.iter().find_map(|&(prefix, suffix)| {
            let wrapped = wrap(prefix, text, suffix);
            let tree = parse(grammar, &wrapped);
            if count_errors(&tree) > 0 {
                return None;
            }
            let tree = Original::new(grammar, Arc::from(wrapped), tree).ok()?;
            Some(Body {
                wrapper: (prefix, suffix),
                tree,
                span: (prefix.len(), prefix.len() + text.len()),
                tokens: count_pp_tokens(text),
            })
        })
    }

    /// Whether node `n` lies inside the body.
    fn holds(&self, n: NodeId) -> bool {
        let nodes = &self.tree.nodes;
        self.span.0 <= nodes.start(n)
            && nodes.end(n) <= self.span.1
            && nodes.start(n) < nodes.end(n)
    }

    /// The body the edit set `edits` makes, if it is a body: not empty,
    /// still a macro body (every line break escaped), and parsed in the
    /// same wrapper without errors.
    fn rendered(&self, grammar: &Grammar, edits: EditView<'_>) -> Option<Vec<u8>> {
        let (prefix, suffix) = self.wrapper;
        let mut out = Vec::new();
        render(&self.tree, edits, &mut out);
        // A deletion that fills the body's last line may take the line
        // break the suffix starts with: the rest of the suffix must be there.
        let tail = suffix.trim_start().as_bytes();
        if !out.starts_with(prefix.as_bytes())
            || !out.ends_with(tail)
            || out.len() < prefix.len() + tail.len()
        {
            return None;
        }
        let body = tidy_body(trim_body(&out[prefix.len()..out.len() - tail.len()]));
        let body = &body[..];
        let unescaped_break = body
            .iter()
            .enumerate()
            .any(|(i, &c)| c == b'\n' && !body[..i].trim_ascii_end().ends_with(b"\\"));
        if body.is_empty() || unescaped_break {
            return None;
        }
        let wrapped = wrap(prefix, body, suffix);
        (count_errors(&parse(grammar, &wrapped)) == 0).then(|| body.to_vec())
    }
}

/// `prefix`, `body`, `suffix` as one text.
fn wrap(prefix: &str, body: &[u8], suffix: &str) -> Vec<u8> {
    [prefix.as_bytes(), body, suffix.as_bytes()].concat()
}

/// A body without the spaces at its ends, nor an escaped line break left
/// at its end (it would continue the definition on the next line).
fn trim_body(mut body: &[u8]) -> &[u8] {
    loop {
        body = body.trim_ascii();
        match body.strip_suffix(b"\\") {
            Some(rest) => body = rest,
            None => return body,
        }
    }
}

/// `body` without the lines that hold nothing but the escape of their
/// line break (what deleting a statement that filled its line leaves).
fn tidy_body(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len());
    for (i, line) in body.split_inclusive(|&c| c == b'\n').enumerate() {
        if i > 0 && line.trim_ascii() == b"\\" {
            continue;
        }
        out.extend_from_slice(line);
    }
    out
}

/// One place of the body's tree the search works on: the node `node`,
/// whose slot decides what may replace it, showing its descendant `below`
/// (itself, or what a hoist put there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Place {
    node: NodeId,
    below: NodeId,
}

/// A candidate body of the search.
struct Candidate {
    place: Place,
    edit: Edit,
    text: Arc<[u8]>,
}

/// The top-down search over one body (see the module documentation).
struct Search<'g> {
    grammar: &'g Grammar,
    body: Body,
    zero: (Arc<[u8]>, Option<KindId>),
    /// The edits accepted so far, on the body's tree.
    edits: EditSet,
    /// The body they make.
    text: Arc<[u8]>,
    /// Places still to expand: largest first, then in the order found.
    places: BinaryHeap<(usize, Reverse<u64>, Place)>,
    found: u64,
    /// The place being tried, and its candidates still to try.
    place: Option<Place>,
    pending: Vec<(NodeId, Edit)>,
    /// Bodies already proposed (two edits may make the same text).
    seen: HashSet<Arc<[u8]>>,
    /// Candidates proposed so far, and the most allowed.
    proposed: usize,
    limit: usize,
}

impl<'g> Search<'g> {
    fn new(grammar: &'g Grammar, pp: &'static Preprocessor, text: &[u8]) -> Option<Search<'g>> {
        let body = Body::parse(grammar, pp, text)?;
        let tops = cover(&body.tree, body.span.0, body.span.1)?;
        let limit = limit(body.tokens);
        let mut search = Search {
            grammar,
            zero: (
                Arc::from(pp.zero.0.as_bytes()),
                grammar.kind_ids(pp.zero.1, true).first().copied(),
            ),
            edits: EditSet::new(),
            text: Arc::from(text),
            places: BinaryHeap::new(),
            found: 0,
            place: None,
            pending: Vec::new(),
            seen: HashSet::from([Arc::from(text)]),
            proposed: 0,
            limit,
            body,
        };
        for n in tops {
            search.push(Place { node: n, below: n });
        }
        Some(search)
    }

    fn push(&mut self, place: Place) {
        let nodes = &self.body.tree.nodes;
        if !nodes.is_named(place.below) || !self.body.holds(place.below) {
            return;
        }
        self.found += 1;
        self.places
            .push((nodes.tokens(place.below), Reverse(self.found), place));
    }

    /// The next candidate to test, if any is left within the limit.
    fn next(&mut self) -> Option<Candidate> {
        if self.proposed >= self.limit {
            return None;
        }
        loop {
            while let Some((node, edit)) = self.pending.pop() {
                let place = self.place.expect("pending candidates belong to a place");
                let merged = [(node, edit.clone())];
                let view = self.edits.view_with(&merged);
                let Some(text) = self.body.rendered(self.grammar, view) else {
                    continue;
                };
                let text: Arc<[u8]> = Arc::from(text);
                if !self.seen.insert(text.clone()) {
                    continue;
                }
                self.proposed += 1;
                return Some(Candidate { place, edit, text });
            }
            // The place's candidates are used up and none was interesting:
            // its children are next.
            if let Some(place) = self.place.take() {
                let children = self.body.tree.nodes.children(place.below).to_vec();
                for c in children {
                    self.push(Place { node: c, below: c });
                }
            }
            let (_, _, place) = self.places.pop()?;
            if !self.edits.view().is_live(&self.body.tree, place.below) {
                continue;
            }
            self.pending = self.candidates(place);
            // Popped from the end: the largest reduction first.
            self.pending.reverse();
            self.place = Some(place);
        }
    }

    /// Records the test's verdict on `candidate`.
    fn verdict(&mut self, candidate: Candidate, interesting: bool) {
        if !interesting {
            return;
        }
        let place = candidate.place;
        self.edits = self.edits.merged(&[(place.node, candidate.edit.clone())]);
        self.text = candidate.text;
        self.pending.clear();
        self.place = None;
        if let Edit::Hoist { first, .. } = candidate.edit {
            // What was hoisted keeps the slot: it may be replaced again.
            self.push(Place {
                node: place.node,
                below: first,
            });
        }
    }

    /// The candidates of a place, largest reduction first: deletion, then
    /// replacements by what they keep, hoists before `0` on a tie.
    fn candidates(&self, place: Place) -> Vec<(NodeId, Edit)> {
        let (tree, nodes) = (&self.body.tree, &self.body.tree.nodes);
        let mut out = Vec::new();
        if matches!(tree.role(place.node), Role::Element { .. } | Role::Optional) {
            out.push((place.node, Edit::Delete));
        }
        let Some(slot) = slot_of(self.grammar, tree, place.node) else {
            return out;
        };
        let mut replacements: Vec<(usize, Edit)> = compatible_below(tree, place.below, &slot.types)
            .into_iter()
            .filter(|&d| self.body.holds(d))
            .map(|d| {
                (
                    nodes.tokens(d),
                    Edit::Hoist {
                        first: d,
                        last: d,
                        end: "",
                    },
                )
            })
            .collect();
        let zero_fits = self.zero.1.is_some_and(|k| slot.types.contains(k));
        if zero_fits && nodes.tokens(place.below) > 1 {
            replacements.push((1, Edit::Text(self.zero.0.clone())));
        }
        replacements.sort_by_key(|r| r.0);
        out.extend(replacements.into_iter().map(|(_, e)| (place.node, e)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c() -> (&'static Grammar, &'static Preprocessor) {
        let g = Grammar::of(crate::lang::Language::by_name("c").unwrap());
        (g, g.language.preprocessor.as_ref().unwrap())
    }

    /// The bodies the search proposes for `body` if none is interesting.
    fn proposals(body: &str) -> Vec<String> {
        let (g, pp) = c();
        let Some(mut search) = Search::new(g, pp, body.as_bytes()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        while let Some(candidate) = search.next() {
            out.push(String::from_utf8(candidate.text.to_vec()).unwrap());
            search.verdict(candidate, false);
        }
        out
    }

    /// The body the search ends with if `keep` says which candidates are
    /// interesting.
    fn reduced(body: &str, keep: impl Fn(&str) -> bool) -> String {
        let (g, pp) = c();
        let mut search = Search::new(g, pp, body.as_bytes()).unwrap();
        while let Some(candidate) = search.next() {
            let interesting = keep(std::str::from_utf8(&candidate.text).unwrap());
            search.verdict(candidate, interesting);
        }
        String::from_utf8(search.text.to_vec()).unwrap()
    }

    #[test]
    fn expression_bodies_shrink_top_down() {
        let got = proposals("__builtin_is_aligned((p), ALIGN)");
        // The call's compatible descendants (hoisting's search), `0`, then
        // the call's children: an argument deleted, a parenthesis dropped.
        assert_eq!(
            got,
            [
                "__builtin_is_aligned",
                "ALIGN",
                "0",
                "(p)",
                "__builtin_is_aligned(ALIGN)",
                "__builtin_is_aligned(p, ALIGN)",
                "__builtin_is_aligned(0, ALIGN)",
                "__builtin_is_aligned((p))",
            ],
        );
        // Each body once.
        let unique: HashSet<_> = got.iter().collect();
        assert_eq!(unique.len(), got.len());
    }

    #[test]
    fn arguments_go_and_subexpressions_take_the_place() {
        // Interesting while the body still calls g with p.
        let got = reduced("g((p) + 1, h(q, ALIGN), 3)", |b| {
            b.starts_with("g(") && b.contains('p')
        });
        assert_eq!(got, "g(p)");
    }

    #[test]
    fn statement_bodies_and_escaped_lines() {
        let body = "do { \\\n    lock(m); \\\n    f(x); \\\n    unlock(m); \\\n  } while (0)";
        let got = reduced(body, |b| b.contains("f(x)"));
        // The block goes too: `do f(x); while (0)` is a statement.
        assert_eq!(got, "do f(x); while (0)");
        let got = reduced(body, |b| b.contains("f(x)") && b.contains('{'));
        assert_eq!(got, "do { \\\n    f(x); \\\n  } while (0)");
        let got = reduced("x = 1; y = 2; z = 3;", |b| b.contains('y'));
        assert_eq!(got, "y;");
    }

    #[test]
    fn type_bodies_parse_as_types() {
        // The type wrapper: `unsigned long int __treereduce;`.
        let got = proposals("unsigned long int");
        assert_eq!(got, ["int", "unsigned"]);
        let got = proposals("const struct node");
        assert_eq!(got, ["const node", "struct node"]);
    }

    #[test]
    fn bodies_that_are_no_code_stay() {
        assert!(proposals("a ## b").is_empty());
        assert!(proposals("#x").is_empty());
        assert!(proposals(") {").is_empty());
    }

    #[test]
    fn large_bodies_are_bounded() {
        let body: Vec<String> = (0..200).map(|i| format!("f{i}(a, b)")).collect();
        let body = body.join(" + ");
        let got = proposals(&body);
        assert_eq!(got.len(), MAX_CANDIDATES);
        assert_eq!(limit(3), 22);
    }

    /// Through the engine: the body shrinks to what the oracle needs, and
    /// without the reduction it stays whole.
    #[test]
    fn a_program_reduces_inside_its_macro() {
        let input = "#define f(x, y) ((x) + g(y, 2))\nint h(int a) { return f(a, 1); }\n";
        let oracle = |t: &[u8]| {
            let t = String::from_utf8_lossy(t);
            t.contains("#define f(x, y)") && t.contains("g(y") && t.contains("f(a, 1)")
        };
        let c = crate::lang::Language::by_name("c").unwrap();
        let mut options = crate::Options::default();
        options.run.jobs = 1;
        let out = crate::reduce(input.as_bytes(), c, &oracle, &options).unwrap();
        let text = String::from_utf8(out.text).unwrap();
        assert!(text.contains("#define f(x, y) g(y)\n"), "{text}");
        let without = options.without("macro-bodies").unwrap();
        let out = crate::reduce(input.as_bytes(), c, &oracle, &without).unwrap();
        let text = String::from_utf8(out.text).unwrap();
        assert!(text.contains("((x) + g(y, 2))"), "{text}");
    }
}
