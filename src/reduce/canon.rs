//! Token canonicalization (T-Rec): identifiers, numbers, characters and
//! strings become the shortlex-smallest token of their class that keeps the
//! program interesting (`a`, `b`, ...; `0`, `1`; `""`), so that reduced
//! programs lose incidental names and values and duplicates of one bug reduce
//! to the same text.
//!
//! Per token (one task, run by one worker as a sequence of tests):
//!
//! 1. Replacement (T-Rec Algorithm 2): candidates of the token's class in
//!    shortlex order, each tried first on every token with the same text,
//!    then on this token alone. Non-names get [`ATTEMPTS`] candidates. Names
//!    have no fixed limit, with one refinement: a name not used anywhere in
//!    the program behaves like any other unused name, so once an unused
//!    candidate fails the remaining unused ones are skipped (trying them all,
//!    as the paper's unlimited loop would, costs a test per shorter name:
//!    some 250,000 for a `main` that must stay); names already used are all
//!    tried, since merging two names is what lets declarations go.
//! 2. If no candidate works and the token is not a name (a name's lex tree
//!    only yields names, which step 1 covered), deletion (Algorithms 3 and
//!    4): the token's lex tree from its lexical rule loses optional parts and
//!    repeated parts (ddmin, keeping what a `+` needs), then each remaining
//!    character fragment is replaced by one of the first [`ATTEMPTS`]
//!    characters of its class (`0xff00ull` -> `0x100u`).
//!
//! Every candidate must match the class's rule and come before the current
//! token in shortlex order, so canonicalization always terminates.

use std::collections::HashSet;
use std::sync::Arc;

use super::{Best, Change, PassKind, RANK_CANON, Reduction, TreeSubject};
use crate::edit::{Edit, EditView};
use crate::lexical::{LexKind, Lexicon, TokenClass, shortlex_less};
use crate::syntax::{NodeId, Original, until};
use crate::task::{Job, Priority, Queued};

type Tests<'t, 'a> = dyn crate::task::Tests<TreeSubject<'a>> + 't;

/// Canonicalization as a table entry: its tasks are queued when a
/// canonicalization pass starts.
pub struct Canon;

/// The table entry.
pub static CANON: Canon = Canon;

impl Reduction for Canon {
    fn name(&self) -> &'static str {
        "canon"
    }

    fn about(&self) -> &'static str {
        "Do not canonicalize tokens (names to a, b, ...; numbers to 0, 1; strings to \"\")"
    }

    /// Tokens in text order (all have the same priority, and equal
    /// priorities pop first in, first out): the first name of the program
    /// takes `a`, the next new one `b`, and so on, so the same program under
    /// other names comes out as the same text.
    fn pass_start<'a>(
        &self,
        cx: &TreeSubject<'a>,
        kind: PassKind,
        out: &mut Vec<Queued<TreeSubject<'a>>>,
    ) {
        if kind != PassKind::Canon {
            return;
        }
        for n in until(cx.original.nodes.subtree(cx.scope), cx.stop()) {
            out.extend(task(cx.lexicon, cx.original, n));
        }
    }
}

/// Replace tokens that show `from` by `to`.
#[derive(Clone, Debug)]
pub struct CanonText {
    /// The tokens.
    pub nodes: Vec<NodeId>,
    /// Their current text.
    pub from: Arc<[u8]>,
    /// The canonical text.
    pub to: Arc<[u8]>,
}

impl Change for CanonText {
    fn kind(&self) -> &'static str {
        CANON.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !self.nodes.iter().all(|&n| cx.inside(n)) {
            return None;
        }
        edits(cx.original, current, &self.nodes, &self.from, &self.to)
    }

    /// Names are handed out in order, the next fresh one first.
    fn picks_fresh_name(&self, cx: &TreeSubject<'_>) -> bool {
        self.nodes
            .first()
            .and_then(|&n| cx.lexicon.class_of(cx.original.nodes.kind(n)))
            .is_some_and(|class| class.is_identifier())
    }
}

/// Canonicalizes one token: a sequence of dependent tests by one worker.
#[derive(Debug)]
struct TokenTask(NodeId);

impl<'a> Job<TreeSubject<'a>> for TokenTask {
    fn run(self: Box<Self>, tests: &mut Tests<'_, 'a>) -> Vec<Queued<TreeSubject<'a>>> {
        let cx = tests.subject();
        let (lexicon, original, scope) = (cx.lexicon, cx.original, cx.scope);
        run(lexicon, original, scope, self.0, tests);
        Vec::new()
    }

    /// The first replacements [`run`] would try on `state`, in order.
    fn changes_on(&self, cx: &TreeSubject<'a>, state: &Best) -> Vec<Box<dyn Change>> {
        let Some((token, text)) = Token::on(cx.lexicon, cx.original, cx.scope, self.0, state)
        else {
            return Vec::new();
        };
        token
            .candidates(&text, state)
            .take(PLANNED)
            .flat_map(|to| token.changes(state, &text, &to))
            .map(|change| Box::new(change) as Box<dyn Change>)
            .collect()
    }
}

/// How many of a token's candidates the engine may test ahead.
const PLANNED: usize = 8;

/// Candidates tried for tokens other than names (T-Rec uses 2: `0` and `1`).
pub const ATTEMPTS: usize = 2;

/// How many name candidates to generate at a time.
const NAME_BATCH: usize = 64;

/// The canonicalization task of `node`, if its kind has a token class.
pub fn task<'a>(
    lexicon: &Lexicon,
    original: &Original,
    node: NodeId,
) -> Option<Queued<TreeSubject<'a>>> {
    lexicon.class_of(original.nodes.kind(node))?;
    Some((
        Priority {
            tokens: 0,
            rank: RANK_CANON,
        },
        Box::new(TokenTask(node)),
    ))
}

/// The text `node` shows in `view`: its replacement if it has one.
fn current_text<'a>(original: &'a Original, view: EditView<'a>, node: NodeId) -> &'a [u8] {
    match view.get(node) {
        Some(Edit::Text(t)) => t,
        _ => original.node_text(node),
    }
}

/// The edits of a canonicalization: every listed token still showing `from`
/// now shows `to`.
pub fn edits(
    original: &Original,
    current: EditView<'_>,
    nodes: &[NodeId],
    from: &[u8],
    to: &Arc<[u8]>,
) -> Option<Vec<(NodeId, Edit)>> {
    let edits: Vec<(NodeId, Edit)> = nodes
        .iter()
        .filter(|&&n| current.is_live(original, n) && current_text(original, current, n) == from)
        .map(|&n| (n, Edit::Text(to.clone())))
        .collect();
    (!edits.is_empty()).then_some(edits)
}

/// Runs T-Rec on one token (see the module documentation).
pub fn run(
    lexicon: &Lexicon,
    original: &Original,
    scope: NodeId,
    node: NodeId,
    tests: &mut Tests<'_, '_>,
) {
    let best = tests.snapshot();
    let Some((token, text)) = Token::on(lexicon, original, scope, node, &best) else {
        return;
    };
    let class = token.class;
    // A name's lex tree only yields other names, which replacement already
    // covered (fresh ones behave alike), so names skip deletion.
    if token.replace(&text, &best, tests) || class.is_identifier() {
        return;
    }
    token.shrink(&text, tests);
}

fn order(class: &TokenClass, a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    if shortlex_less(class, a, b) {
        std::cmp::Ordering::Less
    } else if shortlex_less(class, b, a) {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Equal
    }
}

/// The token being canonicalized, with what every step needs.
struct Token<'a> {
    lexicon: &'a Lexicon,
    class: &'a TokenClass,
    original: &'a Original,
    scope: NodeId,
    node: NodeId,
}

impl<'l> Token<'l> {
    /// Token `node` on `best` with its text, if it is live and its text is
    /// of its class.
    fn on(
        lexicon: &'l Lexicon,
        original: &'l Original,
        scope: NodeId,
        node: NodeId,
        best: &Best,
    ) -> Option<(Self, Vec<u8>)> {
        let class = lexicon.class_of(original.nodes.kind(node))?;
        if !best.edits.view().is_live(original, node) {
            return None;
        }
        let text = current_text(original, best.edits.view(), node).to_vec();
        class.matches(&text).then_some((
            Token {
                lexicon,
                class,
                original,
                scope,
                node,
            },
            text,
        ))
    }

    /// The changes that put `to` in place of `from`, in the order they are
    /// tried: on every token showing `from` (if there are others), then on
    /// this token alone.
    fn changes(&self, best: &Best, from: &[u8], to: &[u8]) -> Vec<CanonText> {
        let same: Vec<NodeId> = self
            .peers(best.edits.view())
            .filter(|&(_, t)| t == from)
            .map(|(n, _)| n)
            .collect();
        let to: Arc<[u8]> = Arc::from(to);
        let from: Arc<[u8]> = Arc::from(from);
        let mut changes = Vec::with_capacity(2);
        if same.len() > 1 {
            changes.push(CanonText {
                nodes: same,
                from: from.clone(),
                to: to.clone(),
            });
        }
        changes.push(CanonText {
            nodes: vec![self.node],
            from,
            to,
        });
        changes
    }

    /// The live tokens of this token's class in the scope, with their texts.
    fn peers<'v>(&'v self, view: EditView<'v>) -> impl Iterator<Item = (NodeId, &'v [u8])> + 'v {
        let kind = self.original.nodes.kind(self.node);
        self.scope
            .up_to(self.original.nodes.subtree_end(self.scope))
            .filter(move |&n| {
                self.lexicon.same_class(self.original.nodes.kind(n), kind)
                    && view.is_live(self.original, n)
            })
            .map(move |n| (n, current_text(self.original, view, n)))
    }

    /// Tries `to` on every token with this token's text, then on the token alone.
    fn try_text(&self, from: &[u8], to: &[u8], tests: &mut Tests<'_, '_>) -> bool {
        let best = tests.snapshot();
        self.changes(&best, from, to)
            .iter()
            .any(|change| tests.try_change(change))
    }

    /// Replacement-based canonicalization; returns whether a candidate worked.
    fn replace(&self, text: &[u8], best: &Best, tests: &mut Tests<'_, '_>) -> bool {
        self.candidates(text, best)
            .any(|c| self.try_text(text, &c, tests))
    }

    /// The replacements of `text` in the order they are tried: for other
    /// tokens than names the first [`ATTEMPTS`] of the class; for names,
    /// shortlex order up to the first name not in use, then only the names
    /// in use after it (another unused name would fail the same way).
    fn candidates<'t>(
        &'t self,
        text: &'t [u8],
        best: &Best,
    ) -> Box<dyn Iterator<Item = Vec<u8>> + 't> {
        let (lexicon, class) = (self.lexicon, self.class);
        if !class.is_identifier() {
            return Box::new(class.first_before(text, ATTEMPTS).into_iter());
        }
        // Names in use (of the same class), for telling merges from fresh names.
        let mut used: Vec<Vec<u8>> = self
            .peers(best.edits.view())
            .map(|(_, t)| t.to_vec())
            .filter(|u| shortlex_less(class, u, text) && !lexicon.is_keyword(u))
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        used.sort_by(|a, b| order(class, a, b));
        let mut batch = std::collections::VecDeque::new();
        let mut after: Option<Vec<u8>> = None;
        let mut fresh_tried = false;
        let mut rest = std::collections::VecDeque::new();
        Box::new(std::iter::from_fn(move || {
            if fresh_tried {
                return rest.pop_front();
            }
            loop {
                if batch.is_empty() {
                    batch.extend(class.first_after(after.as_deref(), text, NAME_BATCH));
                    after = Some(batch.back()?.clone());
                }
                let candidate = batch.pop_front()?;
                if lexicon.is_keyword(&candidate) {
                    continue;
                }
                if used
                    .binary_search_by(|u| order(class, u, &candidate))
                    .is_err()
                {
                    rest.extend(
                        used.iter()
                            .filter(|u| shortlex_less(class, &candidate, u))
                            .cloned(),
                    );
                    fresh_tried = true;
                }
                return Some(candidate);
            }
        }))
    }

    /// Deletion-based canonicalization (lex tree shrinking, then fragments).
    fn shrink(&self, text: &[u8], tests: &mut Tests<'_, '_>) {
        let class = self.class;
        let Some(tree) = class.lex_tree(text) else {
            return;
        };
        let mut removed: Vec<usize> = Vec::new();
        let mut replaced: Vec<(usize, char)> = Vec::new();
        let mut current = text.to_vec();
        let inside_removed = |removed: &[usize], n: usize| {
            removed.iter().any(|&r| {
                tree.nodes[r].start <= tree.nodes[n].start
                    && tree.nodes[n].end <= tree.nodes[r].end
                    && r != n
            })
        };
        let try_removal = |removed: &mut Vec<usize>,
                           current: &mut Vec<u8>,
                           cut: &[usize],
                           tests: &mut Tests<'_, '_>| {
            let mut all = removed.clone();
            all.extend_from_slice(cut);
            let candidate = tree.render(&all, &[]);
            if class.matches(&candidate)
                && shortlex_less(class, &candidate, current)
                && self.try_text(current, &candidate, tests)
            {
                *removed = all;
                *current = candidate;
                return true;
            }
            false
        };
        for n in tree.breadth_first() {
            if removed.contains(&n) || inside_removed(&removed, n) {
                continue;
            }
            let LexKind::Repeat { min, max } = tree.nodes[n].kind else {
                continue;
            };
            let children = tree.nodes[n].children.clone();
            if children.is_empty() {
                continue;
            }
            if min == 0 && max == Some(1) {
                try_removal(&mut removed, &mut current, &[n], tests);
                continue;
            }
            // ddmin over the repetitions, keeping `min` of them.
            let mut live = children;
            let mut chunk = live.len().div_ceil(2).max(1);
            loop {
                let mut progress = false;
                let mut i = 0;
                while i < live.len() {
                    let end = (i + chunk).min(live.len());
                    if live.len() - (end - i) >= min as usize
                        && try_removal(&mut removed, &mut current, &live[i..end], tests)
                    {
                        live.drain(i..end);
                        progress = true;
                    } else {
                        i = end;
                    }
                }
                if !progress {
                    if chunk == 1 {
                        break;
                    }
                    chunk = chunk.div_ceil(2);
                }
                if live.len() <= min as usize {
                    break;
                }
            }
        }
        // Fragments: each remaining character toward the front of its class.
        for n in tree.breadth_first() {
            let LexKind::Char(ranges) = &tree.nodes[n].kind else {
                continue;
            };
            if inside_removed(&removed, n) || removed.contains(&n) {
                continue;
            }
            for c in class.ordered_chars(ranges).take(ATTEMPTS) {
                let mut with = replaced.clone();
                with.push((n, c));
                let candidate = tree.render(&removed, &with);
                if !(class.matches(&candidate) && shortlex_less(class, &candidate, &current)) {
                    continue;
                }
                if self.try_text(&current, &candidate, tests) {
                    replaced = with;
                    current = candidate;
                    break;
                }
            }
        }
    }
}
