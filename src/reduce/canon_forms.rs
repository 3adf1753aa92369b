//! Canonical forms: a canonicalization pass's choice between equal-sized
//! forms of one construct, so that two programs that reach the same bug by
//! different routes come out as the same text.
//!
//! Token canonicalization ([`super::canon`]) gives each name, number and
//! string the first text of its class; the syntax reductions only take
//! changes that remove tokens. Two texts of one token each can still
//! differ: a keyword that picks one of several kinds of the same shape
//! (Rust's `static a: T = v;` and `const a: T = v;`, C's `struct` and
//! `union`), or a one-token construct that is not of a token class where a
//! literal would do (a Rust range `..` where `0` works). When a
//! canonicalization pass starts, this reduction proposes, for
//!
//! - every keyword token: each keyword of the language that comes before
//!   it in shortlex order and is a token of the grammar (the parse rejects
//!   most of them before any test: `fn a: T = v;` has an error);
//! - every one-token node that is not of a token class, in a slot that
//!   accepts a kind of a class other than names: the first text of that
//!   class, if it comes before the node's text (`..` -> `0`; a name is left
//!   to canonicalization, which picks among the program's names).
//!
//! Each is one test at most, on programs already reduced; the shortlex
//! order of the texts decides, so the rounds end.

use std::sync::Arc;

use super::{Attempt, Change, PassKind, RANK_CANON, Reduction, Tasks, TreeSubject, slot_of};
use crate::edit::{Edit, EditView};
use crate::lexical::Lexicon;
use crate::syntax::{NodeId, Original, until};
use crate::task::Priority;

/// Canonical forms as a table entry.
pub struct CanonForms;

/// The table entry.
pub static CANON_FORMS: CanonForms = CanonForms;

impl Reduction for CanonForms {
    fn name(&self) -> &'static str {
        "canon-forms"
    }

    fn about(&self) -> &'static str {
        "Do not canonicalize equal-sized forms (a keyword by an earlier one: `static` -> `const`; a one-token expression by a literal: `..` -> `0`)"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, kind: PassKind, out: &mut Tasks<'a>) {
        if kind != PassKind::Canon {
            return;
        }
        for (node, text) in proposals(cx) {
            out.push(Attempt::queued(PRIORITY, Form { node, text }));
        }
    }
}

/// The changes a canonicalization pass on `cx`'s program tests after the
/// tokens' (at most `most`), for the tests made ahead of it
/// ([`super::canon::first_changes`]): the engine must know them all to
/// tell that the pass will end on its start.
pub fn first_changes(cx: &TreeSubject<'_>, most: usize) -> Vec<Box<dyn Change>> {
    if !cx.config.runs(CANON_FORMS.name()) {
        return Vec::new();
    }
    proposals(cx)
        .into_iter()
        .take(most)
        .map(|(node, text)| Box::new(Form { node, text }) as Box<dyn Change>)
        .collect()
}

/// After the tokens' own canonicalization tasks.
const PRIORITY: Priority = Priority {
    tokens: 0,
    rank: RANK_CANON,
};

/// The replacements of the nodes of `cx`'s scope, in text order (for a
/// node, its candidates in shortlex order).
fn proposals(cx: &TreeSubject<'_>) -> Vec<(NodeId, Arc<[u8]>)> {
    let (original, lexicon) = (cx.original, cx.lexicon);
    let nodes = &original.nodes;
    let keywords = keywords(lexicon, original);
    let mut out = Vec::new();
    for n in until(nodes.subtree(cx.scope), cx.stop()).skip(1) {
        if nodes.tokens(n) != 1 || lexicon.class_of(nodes.kind(n)).is_some() {
            continue;
        }
        let text = original.node_text(n);
        if nodes.is_leaf(n) && !nodes.is_named(n) {
            if lexicon.is_keyword(text) {
                let before = keywords.iter().filter(|k| shortlex(k, text));
                out.extend(before.map(|k| (n, Arc::from(&k[..]))));
            }
        } else if let Some(to) = literal(cx, n, text) {
            out.push((n, to));
        }
    }
    out
}

/// The keywords of the language that are tokens of its grammar, in
/// shortlex order.
fn keywords(lexicon: &Lexicon, original: &Original) -> Vec<Vec<u8>> {
    let ts = original.tree.language();
    let mut found: Vec<Vec<u8>> = lexicon
        .keywords()
        .filter(|k| std::str::from_utf8(k).is_ok_and(|k| ts.id_for_node_kind(k, false) != 0))
        .map(<[u8]>::to_vec)
        .collect();
    found.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    found
}

/// `a` before `b`: shorter, or as long and smaller byte by byte.
fn shortlex(a: &[u8], b: &[u8]) -> bool {
    (a.len(), a) < (b.len(), b)
}

/// The first text of a class other than names that `n`'s slot accepts,
/// if it comes before `text`.
fn literal(cx: &TreeSubject<'_>, n: NodeId, text: &[u8]) -> Option<Arc<[u8]>> {
    let slot = slot_of(cx.grammar, cx.original, n)?;
    slot.types
        .iter()
        .filter_map(|kind| cx.lexicon.class_of(kind))
        .filter(|class| !class.is_identifier())
        .filter_map(|class| class.first_before(text, 1).into_iter().next())
        .min_by(|a, b| (a.len(), a).cmp(&(b.len(), b)))
        .map(Arc::from)
}

/// Replace one node (a token or a one-token construct) by another text.
#[derive(Clone, Debug)]
pub struct Form {
    /// The node.
    pub node: NodeId,
    /// Its new text.
    pub text: Arc<[u8]>,
}

impl Change for Form {
    fn kind(&self) -> &'static str {
        CANON_FORMS.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !cx.inside(self.node) {
            return None;
        }
        super::tree::replace::edits(cx.original, current, self.node, &self.text, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates_at_canon;

    #[test]
    fn a_keyword_and_a_one_token_construct_take_earlier_forms() {
        let got = candidates_at_canon(
            &CANON_FORMS,
            "rust",
            "enum a {\n    b = ..,\n}\nstatic a: &[a] = &[a::b];\n",
        );
        // `..` -> `0`; `static` -> `let` (which parses at the top level;
        // the test decides), then `const`; `enum` has no earlier keyword
        // that parses there.
        assert_eq!(
            got,
            [
                "enum a {\n    b = 0,\n}\nstatic a: &[a] = &[a::b];\n",
                "enum a {\n    b = ..,\n}\nlet a: &[a] = &[a::b];\n",
                "enum a {\n    b = ..,\n}\nconst a: &[a] = &[a::b];\n",
            ]
        );
    }

    #[test]
    fn canonical_texts_are_left_alone() {
        let got = candidates_at_canon(
            &CANON_FORMS,
            "rust",
            "enum a {\n    b = 0,\n}\nconst a: &[a] = &[a::b];\n",
        );
        // `0` is the first number; only `let` comes before `const`.
        assert_eq!(got, ["enum a {\n    b = 0,\n}\nlet a: &[a] = &[a::b];\n"]);
    }
}
