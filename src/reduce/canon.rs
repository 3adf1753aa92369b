//! Token canonicalization (T-Rec): identifiers, numbers, characters and
//! strings become the shortlex-smallest token of their class that keeps the
//! program interesting (`a`, `b`, ...; `0`, `1`; `""`), so that reduced
//! programs lose incidental names and values and duplicates of one bug reduce
//! to the same text.
//!
//! A pass first tries each class's texts in a batch ([`Batch`]): every
//! text becomes the first text of its class (a name: the next name the
//! program does not use, handed out when the pass starts, so that no two
//! renames pick the same one), all in one test; a batch that is not
//! interesting is split in halves, tested side by side in the next round,
//! down to single texts (ddmin over the texts to canonicalize). Then each
//! token goes on alone, with what the batch did not try:
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

use super::{Best, Change, PassKind, RANK_CANON, Reduction, Tasks, TreeSubject};
use crate::edit::{Edit, EditView};
use crate::lexical::{LexKind, LexTree, Lexicon, TokenClass, shortlex_less};
use crate::syntax::{NodeId, Original, until};
use crate::task::{Job, NextChange, Priority, Queued, Task};

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
    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, kind: PassKind, out: &mut Tasks<'a>) {
        if kind != PassKind::Canon {
            return;
        }
        let (batches, alone) = plan(cx);
        for renames in batches {
            out.push((PRIORITY, Box::new(Batch(CanonBatch(renames)))));
        }
        for n in alone {
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
    /// Whether `to` is a name the program does not use (yet).
    pub fresh: bool,
}

impl Change for CanonText {
    fn kind(&self) -> &'static str {
        CANON.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !self.nodes.iter().all(|&n| cx.inside(n)) {
            return None;
        }
        // A rename to a name the program does not use is an `Edit::Name`:
        // two of them side by side would each be interesting and their merge
        // would make two names one, which the subject's footprint prevents.
        // (A batch hands out a fresh name per text, so its renames never
        // give the same one.)
        edits(
            cx.original,
            current,
            &self.nodes,
            &self.from,
            &self.to,
            self.fresh,
        )
    }
}

/// Several texts canonicalized at once: one test for the renames of a
/// whole class when they all keep the program interesting.
#[derive(Clone, Debug)]
pub struct CanonBatch(pub Vec<CanonText>);

impl Change for CanonBatch {
    fn kind(&self) -> &'static str {
        CANON.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let mut edits: Vec<(NodeId, Edit)> = self
            .0
            .iter()
            .filter_map(|rename| rename.edits(cx, current))
            .flatten()
            .collect();
        // In node order, as every change's edits are.
        edits.sort_by_key(|e| e.0);
        (!edits.is_empty()).then_some(edits)
    }
}

/// The place of every canonicalization task in the queue: after the
/// syntax reductions' tasks, first in, first out among themselves.
const PRIORITY: Priority = Priority {
    tokens: 0,
    rank: RANK_CANON,
};

/// The batches a canonicalization pass starts with, one per token class
/// (each text of the class in the scope, in the order of its first token,
/// with the first text of its class it may become), and the tokens left
/// to their own tasks (names that no fresh name comes before).
///
/// A name's fresh name is handed out when the pass starts: the texts in
/// order take the first names of the class that the program does not use
/// (and that are no keyword), each one that comes before it. So no two
/// renames of a pass pick the same fresh name, and they can be tested side
/// by side. Other classes' texts take the first text of their class (`0`,
/// `""`): two numbers that both become `0` spoil nothing.
fn plan(cx: &TreeSubject<'_>) -> (Vec<Vec<CanonText>>, Vec<NodeId>) {
    let (lexicon, original) = (cx.lexicon, cx.original);
    // Per class (in the order of its first token): its texts in order, with
    // their tokens.
    let mut classes: Vec<(&TokenClass, Vec<Texts>)> = Vec::new();
    // Where each (class, text) is in `classes`.
    let mut index: std::collections::HashMap<(usize, &[u8]), usize> = Default::default();
    let mut alone = Vec::new();
    for n in until(original.nodes.subtree(cx.scope), cx.stop()) {
        let Some(class) = lexicon.class_of(original.nodes.kind(n)) else {
            continue;
        };
        // The pass starts on its original: no edits yet.
        let text = original.node_text(n);
        if !class.matches(text) {
            continue;
        }
        let at = match classes.iter().position(|(c, _)| std::ptr::eq(*c, class)) {
            Some(at) => at,
            None => {
                classes.push((class, Vec::new()));
                classes.len() - 1
            }
        };
        let texts = &mut classes[at].1;
        match index.get(&(at, text)) {
            Some(&i) => texts[i].1.push(n),
            None => {
                index.insert((at, text), texts.len());
                texts.push((text.to_vec(), vec![n]));
            }
        }
    }
    let mut batches = Vec::new();
    for (class, texts) in classes {
        let mut renames = Vec::new();
        let mut fresh = class
            .is_identifier()
            .then(|| FreshNames::new(cx, class, &texts));
        for (text, nodes) in texts {
            let to = match &mut fresh {
                Some(fresh) => fresh.next_before(&text),
                None => class.first_before(&text, 1).into_iter().next(),
            };
            match to {
                Some(to) => renames.push(CanonText {
                    nodes,
                    from: Arc::from(text),
                    to: Arc::from(to),
                    fresh: fresh.is_some(),
                }),
                None => alone.extend(nodes),
            }
        }
        if !renames.is_empty() {
            batches.push(renames);
        }
    }
    alone.sort_unstable();
    (batches, alone)
}

/// A text of a class and the tokens that show it.
type Texts = (Vec<u8>, Vec<NodeId>);

/// The names of a class the program does not use, in shortlex order.
struct FreshNames<'c> {
    class: &'c TokenClass,
    lexicon: &'c Lexicon,
    used: HashSet<Vec<u8>>,
    /// The longest text of the class: no fresh name past it is wanted.
    limit: Vec<u8>,
    ahead: std::collections::VecDeque<Vec<u8>>,
    after: Option<Vec<u8>>,
    done: bool,
}

impl<'c> FreshNames<'c> {
    fn new(cx: &TreeSubject<'c>, class: &'c TokenClass, texts: &[Texts]) -> Self {
        let original = cx.original;
        // Every name of the class in the whole program, not only in the scope.
        let used: HashSet<Vec<u8>> = original
            .nodes
            .ids()
            .filter(|&n| {
                cx.lexicon
                    .class_of(original.nodes.kind(n))
                    .is_some_and(|c| std::ptr::eq(c, class))
            })
            .map(|n| original.node_text(n).to_vec())
            .collect();
        let limit = texts
            .iter()
            .map(|(t, _)| t)
            .max_by(|a, b| order(class, a, b))
            .cloned()
            .unwrap_or_default();
        FreshNames {
            class,
            lexicon: cx.lexicon,
            used,
            limit,
            ahead: Default::default(),
            after: None,
            done: false,
        }
    }

    /// The next fresh name if it comes before `text` (else it stays for
    /// the next text).
    fn next_before(&mut self, text: &[u8]) -> Option<Vec<u8>> {
        loop {
            if self.ahead.is_empty() {
                if self.done {
                    return None;
                }
                let more = self
                    .class
                    .first_after(self.after.as_deref(), &self.limit, NAME_BATCH);
                self.done = more.len() < NAME_BATCH;
                self.after = more.last().cloned();
                self.ahead.extend(
                    more.into_iter()
                        .filter(|c| !self.lexicon.is_keyword(c) && !self.used.contains(c)),
                );
                continue;
            }
            let next = self.ahead.front()?;
            return shortlex_less(self.class, next, text)
                .then(|| self.ahead.pop_front())
                .flatten();
        }
    }
}

/// A batch of renames: tested at once; if not interesting, its halves
/// (in the next round, side by side), down to single renames (ddmin over
/// the texts to canonicalize). Every text then goes on in its tokens' own
/// tasks ([`TokenTask`]), which try what the batch did not: names already
/// in use (merging two names is what lets declarations go), the next
/// candidates of other classes, and shrinking.
#[derive(Debug)]
struct Batch(CanonBatch);

impl<'a> Job<TreeSubject<'a>> for Batch {
    fn run(self: Box<Self>, tests: &mut Tests<'_, 'a>) -> Vec<Queued<TreeSubject<'a>>> {
        let cx = tests.subject();
        let (lexicon, original) = (cx.lexicon, cx.original);
        let renames = self.0.0;
        let committed = tests.try_change(&CanonBatch(renames.clone()));
        if !committed && renames.len() > 1 {
            return halves(renames)
                .map(|half| (PRIORITY, Box::new(Batch(CanonBatch(half))) as Task<_>))
                .into();
        }
        let mut tasks: Vec<Queued<TreeSubject<'a>>> = Vec::new();
        for rename in renames {
            let batched = Batched::of(&rename, committed);
            for n in rename.nodes {
                if lexicon.class_of(original.nodes.kind(n)).is_some() {
                    tasks.push((
                        PRIORITY,
                        Box::new(TokenTask {
                            node: n,
                            batched: Some(batched.clone()),
                        }),
                    ));
                }
            }
        }
        tasks
    }

    fn first_change(&self) -> Option<&(dyn Change + 'static)> {
        Some(&self.0)
    }
}

/// A batch of renames in two halves (the first one the larger).
fn halves(mut renames: Vec<CanonText>) -> [Vec<CanonText>; 2] {
    let second = renames.split_off(renames.len().div_ceil(2));
    [renames, second]
}

/// What a canonicalization pass tests after `renames`, a batch it tests
/// first, if that is not interesting (see [`Batch::run`]): its halves, or
/// for a single rename, the first change of each of its tokens' tasks on
/// `state` (each once: mostly one for all, the change of every token of
/// the text; a number's tasks each try their own token alone); at most
/// `room` of them.
fn after_failing(
    cx: &TreeSubject<'_>,
    state: &Best,
    renames: &[CanonText],
    room: usize,
) -> Vec<Box<dyn Change>> {
    match renames {
        [rename] => {
            let batched = Batched::of(rename, false);
            let mut firsts: Vec<CanonText> = Vec::new();
            for &node in &rename.nodes {
                // (A name used in many places: no work past what is kept.)
                if firsts.len() >= room || cx.stopped() {
                    break;
                }
                let token = TokenTask {
                    node,
                    batched: Some(batched.clone()),
                };
                if let Some(first) = token.first_change_on(cx, state)
                    && !firsts
                        .iter()
                        .any(|f| f.nodes == first.nodes && f.to == first.to)
                {
                    firsts.push(first);
                }
            }
            firsts
                .into_iter()
                .map(|change| Box::new(change) as Box<dyn Change>)
                .collect()
        }
        _ => halves(renames.to_vec())
            .into_iter()
            .take(room)
            .map(|half| Box::new(CanonBatch(half)) as Box<dyn Change>)
            .collect(),
    }
}

/// Canonicalizes one token: a sequence of dependent tests by one worker.
#[derive(Debug)]
struct TokenTask {
    node: NodeId,
    /// What the batch of the token's text did (see [`Batch`]).
    batched: Option<Arc<Batched>>,
}

/// A rename a batch tested alone or with others, and whether it was
/// committed: a token still showing the text the batch left it does not
/// test again what the batch tested.
#[derive(Debug)]
struct Batched {
    from: Arc<[u8]>,
    to: Arc<[u8]>,
    committed: bool,
}

impl Batched {
    /// What a batch did with `rename`.
    fn of(rename: &CanonText, committed: bool) -> Arc<Batched> {
        Arc::new(Batched {
            from: rename.from.clone(),
            to: rename.to.clone(),
            committed,
        })
    }
}

impl TokenTask {
    fn token<'l>(&self, cx: &TreeSubject<'l>, state: &Best) -> Option<(Token<'l>, Vec<u8>)> {
        let (mut token, text) = Token::on(cx.lexicon, cx.original, cx.scope, self.node, state)?;
        token.batched = self
            .batched
            .clone()
            .filter(|b| text[..] == (if b.committed { &b.to } else { &b.from })[..]);
        Some((token, text))
    }

    /// `take` applied to the replacements [`Token::run`] would try first on
    /// `state`, in order, made as `take` asks for them; `None` if the token
    /// is gone.
    fn replacements<R>(
        &self,
        cx: &TreeSubject<'_>,
        state: &Best,
        take: impl FnOnce(&mut dyn Iterator<Item = CanonText>) -> R,
    ) -> Option<R> {
        let (token, text) = self.token(cx, state)?;
        let mut changes = token
            .candidates(&text, state)
            .take(PLANNED)
            .flat_map(|to| token.changes(state, &text, &to, true));
        Some(take(&mut changes))
    }

    /// The first replacement [`Token::run`] would try on `state`.
    fn first_change_on(&self, cx: &TreeSubject<'_>, state: &Best) -> Option<CanonText> {
        self.replacements(cx, state, |changes| changes.next())
            .flatten()
    }
}

impl<'a> Job<TreeSubject<'a>> for TokenTask {
    fn run(self: Box<Self>, tests: &mut Tests<'_, 'a>) -> Vec<Queued<TreeSubject<'a>>> {
        let cx = tests.subject();
        let best = tests.snapshot();
        if let Some((token, text)) = self.token(cx, &best) {
            token.run(&text, &best, tests);
        }
        Vec::new()
    }

    /// The first replacements [`Token::run`] would try on `state`, in order.
    fn changes_on(&self, cx: &TreeSubject<'a>, state: &Best) -> Vec<Box<dyn Change>> {
        self.replacements(cx, state, |changes| {
            changes
                .map(|change| Box::new(change) as Box<dyn Change>)
                .collect()
        })
        .unwrap_or_default()
    }

    /// A token with nothing to try on `state` (gone, or with no text of its
    /// class before its own) ends without a test: the engine may drop it
    /// instead of giving it a place in a round.
    fn expand_ahead(
        &self,
        cx: &TreeSubject<'a>,
        state: &Best,
    ) -> Option<Vec<Queued<TreeSubject<'a>>>> {
        let Some((token, text)) = self.token(cx, state) else {
            return Some(Vec::new());
        };
        let idle = token.candidates(&text, state).next().is_none()
            && (token.class.is_identifier() || token.class.first_before(&text, 1).is_empty());
        idle.then(Vec::new)
    }
}

/// How many of a token's candidates the engine may test ahead.
const PLANNED: usize = 8;

/// Candidates tried for tokens other than names (T-Rec uses 2: `0` and `1`).
pub const ATTEMPTS: usize = 2;

/// How many name candidates to generate at a time.
const NAME_BATCH: usize = 64;

/// The first `most` changes a canonicalization pass on `cx`'s program
/// tests on `state`: each batch, then the first change of each token that
/// is in none (in the order the pass queues them), then what follows a
/// batch that is not interesting (its halves, or a single rename's
/// tokens' first changes of their own), each tested only unless its
/// batch is; then the changes of canonical forms
/// ([`super::canon_forms::first_changes`]).
pub fn first_changes(
    cx: &TreeSubject<'_>,
    state: &Best,
    most: usize,
) -> Vec<NextChange<dyn Change>> {
    let (batches, alone) = plan(cx);
    let mut changes: Vec<NextChange<dyn Change>> = batches
        .iter()
        .take(most)
        .map(|renames| NextChange::first(Box::new(CanonBatch(renames.clone())) as Box<dyn Change>))
        .collect();
    // Tokens of one text have the same first change (every token showing
    // it): one each.
    let mut texts = HashSet::new();
    for node in alone {
        if changes.len() >= most || cx.stopped() {
            break;
        }
        if !texts.insert(cx.original.node_text(node)) {
            continue;
        }
        let token = TokenTask {
            node,
            batched: None,
        };
        let first = token.first_change_on(cx, state);
        changes.extend(first.map(|change| NextChange::first(Box::new(change) as Box<dyn Change>)));
    }
    // Batch `k` is the list's change `k`.
    for (k, renames) in batches.iter().enumerate().take(most) {
        if changes.len() >= most || cx.stopped() {
            break;
        }
        let next = after_failing(cx, state, renames, most - changes.len()).into_iter();
        changes.extend(next.map(|change| NextChange {
            change,
            unless: Some(k),
        }));
    }
    // Then the pass's choices between forms, queued after the tokens'.
    let room = most.saturating_sub(changes.len());
    let forms = super::canon_forms::first_changes(cx, room).into_iter();
    changes.extend(forms.map(NextChange::first));
    changes
}

/// The canonicalization task of `node`, if its kind has a token class.
pub fn task<'a>(
    lexicon: &Lexicon,
    original: &Original,
    node: NodeId,
) -> Option<Queued<TreeSubject<'a>>> {
    lexicon.class_of(original.nodes.kind(node))?;
    Some((
        PRIORITY,
        Box::new(TokenTask {
            node,
            batched: None,
        }),
    ))
}

/// The text `node` shows in `view`: its replacement if it has one.
fn current_text<'a>(original: &'a Original, view: EditView<'a>, node: NodeId) -> &'a [u8] {
    match view.get(node) {
        Some(Edit::Text(t) | Edit::Name(t)) => t,
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
    fresh: bool,
) -> Option<Vec<(NodeId, Edit)>> {
    let edit = if fresh {
        Edit::Name(to.clone())
    } else {
        Edit::Text(to.clone())
    };
    let edits: Vec<(NodeId, Edit)> = nodes
        .iter()
        .filter(|&&n| current.is_live(original, n) && current_text(original, current, n) == from)
        .map(|&n| (n, edit.clone()))
        .collect();
    (!edits.is_empty()).then_some(edits)
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
    /// What the batch of its text did, if the token still shows the text
    /// the batch left it (see [`TokenTask`]).
    batched: Option<Arc<Batched>>,
}

impl<'l> Token<'l> {
    /// Runs T-Rec on the token (see the module documentation).
    fn run(&self, text: &[u8], best: &Best, tests: &mut Tests<'_, '_>) {
        // A name's lex tree only yields other names, which replacement
        // already covered (fresh ones behave alike), so names skip deletion.
        if self.replace(text, best, tests) || self.class.is_identifier() {
            return;
        }
        self.shrink(text, tests);
    }

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
                batched: None,
            },
            text,
        ))
    }

    /// The changes that put `to` in place of `from`, in the order they are
    /// tried: on every token showing `from` (if there are others), then on
    /// this token alone. When `replacing` (a candidate of [`Self::candidates`],
    /// not a shrunk text), what the token's batch tried is left out.
    fn changes(&self, best: &Best, from: &[u8], to: &[u8], replacing: bool) -> Vec<CanonText> {
        let peers: Vec<(NodeId, &[u8])> = self.peers(best.edits.view()).collect();
        self.changes_among(&peers, from, to, replacing)
    }

    /// [`Self::changes`] with the live tokens of the class (`peers`) given.
    fn changes_among(
        &self,
        peers: &[(NodeId, &[u8])],
        from: &[u8],
        to: &[u8],
        replacing: bool,
    ) -> Vec<CanonText> {
        let mut same: Vec<NodeId> = Vec::new();
        let mut fresh = self.class.is_identifier();
        let mut showing_to = 0;
        for &(n, t) in peers {
            if t == from {
                same.push(n);
            }
            fresh &= t != to;
            showing_to += usize::from(t == to);
        }
        let uses = same.len();
        let to: Arc<[u8]> = Arc::from(to);
        let from: Arc<[u8]> = Arc::from(from);
        let mut changes = Vec::with_capacity(2);
        // What the batch tried: every token showing `from`.
        let tried = replacing
            && self
                .batched
                .as_ref()
                .is_some_and(|b| !b.committed && b.to[..] == to[..]);
        if tried && same.len() <= 1 {
            return changes;
        }
        if same.len() > 1 && !tried {
            changes.push(CanonText {
                nodes: same,
                from: from.clone(),
                to: to.clone(),
                fresh,
            });
        }
        // A name of several uses renamed at one of them only, where the new
        // name would still be the rarer one: identifier replacement would
        // rename it back (it moves a use to a name at least as frequent),
        // and the passes would go back and forth.
        let split = self.class.is_identifier() && uses > 1;
        if split && (showing_to + 1, &to[..]) <= (uses - 1, &from[..]) {
            return changes;
        }
        changes.push(CanonText {
            nodes: vec![self.node],
            from,
            to,
            fresh,
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

    /// Tries `to` on every token with this token's text, then on the token
    /// alone (see [`Self::changes`] for `replacing`).
    fn try_text(&self, from: &[u8], to: &[u8], replacing: bool, tests: &mut Tests<'_, '_>) -> bool {
        let best = tests.snapshot();
        self.changes(&best, from, to, replacing)
            .iter()
            .any(|change| tests.try_change(change))
    }

    /// Replacement-based canonicalization; returns whether a candidate
    /// worked. Before each test the engine hears what comes after it
    /// ([`crate::task::Tests::plan`]: the rest of the candidate's changes,
    /// then the next candidates', up to [`PLANNED`]).
    fn replace(&self, text: &[u8], best: &Best, tests: &mut Tests<'_, '_>) -> bool {
        let mut candidates = self.candidates(text, best);
        let mut next: std::collections::VecDeque<Vec<u8>> = std::collections::VecDeque::new();
        loop {
            while next.len() < PLANNED {
                let Some(c) = candidates.next() else { break };
                next.push_back(c);
            }
            let Some(to) = next.pop_front() else {
                return false;
            };
            let best = tests.snapshot();
            let peers: Vec<(NodeId, &[u8])> = self.peers(best.edits.view()).collect();
            let changes = self.changes_among(&peers, text, &to, true);
            // What comes after each change, if it is not interesting.
            let mut after: Vec<CanonText> = Vec::new();
            for later in &next {
                if after.len() >= PLANNED {
                    break;
                }
                after.extend(self.changes_among(&peers, text, later, true));
            }
            for (i, change) in changes.iter().enumerate() {
                let plan: Vec<Box<dyn Change>> = changes[i + 1..]
                    .iter()
                    .chain(&after)
                    .take(PLANNED)
                    .map(|c| Box::new(c.clone()) as Box<dyn Change>)
                    .collect();
                tests.plan(plan);
                if tests.try_change(change) {
                    return true;
                }
            }
        }
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
        // After a batch: a name whose fresh name failed on all its tokens
        // tries it on this token alone, in place of the first unused name.
        // One that took its fresh name tries the first unused name before
        // it like any name: there is one when an earlier text's batch
        // failed and left its fresh name unused (`b` -> `a`), and the next
        // pass would otherwise find it, after the syntax passes between.
        let fresh = self
            .batched
            .as_ref()
            .filter(|b| !b.committed)
            .map(|b| b.to.to_vec());
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
                    if let Some(fresh) = &fresh {
                        return Some(fresh.clone());
                    }
                }
                return Some(candidate);
            }
        }))
    }

    /// Deletion-based canonicalization (lex tree shrinking, then fragments).
    fn shrink(&self, text: &[u8], tests: &mut Tests<'_, '_>) {
        let Some(tree) = self.class.lex_tree(text) else {
            return;
        };
        let mut shrunk = Shrunk {
            tree: &tree,
            removed: Vec::new(),
            current: text.to_vec(),
        };
        for n in tree.breadth_first() {
            if shrunk.gone(n) {
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
                self.try_removal(&mut shrunk, &[n], tests);
            } else {
                self.remove_repetitions(&mut shrunk, children, min as usize, tests);
            }
        }
        self.fragments_to_front(&mut shrunk, tests);
    }

    /// Removes the nodes `cut` besides those removed already, if the text
    /// still matches the class, comes earlier in shortlex order and passes.
    fn try_removal(
        &self,
        shrunk: &mut Shrunk<'_>,
        cut: &[usize],
        tests: &mut Tests<'_, '_>,
    ) -> bool {
        let mut all = shrunk.removed.clone();
        all.extend_from_slice(cut);
        let candidate = shrunk.tree.render(&all, &[]);
        if self.class.matches(&candidate)
            && shortlex_less(self.class, &candidate, &shrunk.current)
            && self.try_text(&shrunk.current, &candidate, false, tests)
        {
            shrunk.removed = all;
            shrunk.current = candidate;
            return true;
        }
        false
    }

    /// ddmin over the repetitions `live` of one node, keeping `min` of them.
    fn remove_repetitions(
        &self,
        shrunk: &mut Shrunk<'_>,
        mut live: Vec<usize>,
        min: usize,
        tests: &mut Tests<'_, '_>,
    ) {
        let mut chunk = live.len().div_ceil(2).max(1);
        loop {
            let mut progress = false;
            let mut i = 0;
            while i < live.len() {
                let end = (i + chunk).min(live.len());
                if live.len() - (end - i) >= min && self.try_removal(shrunk, &live[i..end], tests) {
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
            if live.len() <= min {
                break;
            }
        }
    }

    /// Fragments: each remaining character toward the front of its class.
    fn fragments_to_front(&self, shrunk: &mut Shrunk<'_>, tests: &mut Tests<'_, '_>) {
        let tree = shrunk.tree;
        let mut replaced: Vec<(usize, char)> = Vec::new();
        for n in tree.breadth_first() {
            let LexKind::Char(ranges) = &tree.nodes[n].kind else {
                continue;
            };
            if shrunk.gone(n) {
                continue;
            }
            for c in self.class.ordered_chars(ranges).take(ATTEMPTS) {
                let mut with = replaced.clone();
                with.push((n, c));
                let candidate = tree.render(&shrunk.removed, &with);
                if !(self.class.matches(&candidate)
                    && shortlex_less(self.class, &candidate, &shrunk.current))
                {
                    continue;
                }
                if self.try_text(&shrunk.current, &candidate, false, tests) {
                    replaced = with;
                    shrunk.current = candidate;
                    break;
                }
            }
        }
    }
}

/// A lex tree's text as [`Token::shrink`] leaves it: the nodes removed
/// and the text they leave.
struct Shrunk<'t> {
    tree: &'t LexTree,
    removed: Vec<usize>,
    current: Vec<u8>,
}

impl Shrunk<'_> {
    /// Whether node `n` is removed, itself or inside a removed node.
    fn gone(&self, n: usize) -> bool {
        let nodes = &self.tree.nodes;
        self.removed
            .iter()
            .any(|&r| r == n || (nodes[r].start <= nodes[n].start && nodes[n].end <= nodes[r].end))
    }
}
