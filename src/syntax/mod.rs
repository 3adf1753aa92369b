//! Syntax: the grammar's slot table, the flat node table, and the
//! [`Original`] program a reduction pass works on (text, tree, nodes, lists).

mod grammar;
mod ids;
mod table;

use std::collections::HashMap;
use std::sync::Arc;

pub use grammar::{Grammar, KindSet, Slot};
pub use ids::{FieldId, KindId, ListId, NameId, NodeId};
pub use table::{MAX_INPUT_BYTES, NodeTable, TooLarge};

use tree_sitter::{Node, Parser, Tree};

/// A list slot: the children of one parent that sit in one `multiple` slot
/// (Perses' Kleene star or plus), the children of an ERROR node, or all the
/// comments of the program.
#[derive(Debug, Clone)]
pub struct ListInfo {
    /// The node the elements belong to ([`NodeId::NONE`] for the comment list).
    pub parent: NodeId,
    /// The elements, in text order.
    pub elements: Vec<NodeId>,
    /// For element `i`, the separator token (`,`) that follows it, or [`NodeId::NONE`].
    pub separators: Vec<NodeId>,
    /// Whether the elements are separated by separator tokens.
    pub separated: bool,
    /// Whether the slot must keep at least one element (Kleene plus).
    pub plus: bool,
    /// For lists whose elements are groups of nodes (the lines inside an
    /// ERROR node): the nodes of each element. Empty for ordinary lists.
    pub members: Vec<Vec<NodeId>>,
}

impl ListInfo {
    /// The nodes element `i` stands for.
    pub fn nodes_of(&self, i: usize) -> &[NodeId] {
        match self.members.get(i) {
            Some(group) => group,
            None => std::slice::from_ref(&self.elements[i]),
        }
    }

    fn loose(parent: NodeId, elements: Vec<NodeId>, members: Vec<Vec<NodeId>>) -> ListInfo {
        ListInfo {
            parent,
            separators: vec![NodeId::NONE; elements.len()],
            elements,
            separated: false,
            plus: false,
            members,
        }
    }
}

/// How a node may be removed, derived from its slot in its parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A compulsory part of its parent (it may still be hoisted or replaced).
    Fixed,
    /// A node in an optional, single slot: it may be deleted on its own.
    Optional,
    /// Element `index` of list `list`.
    Element {
        /// The list.
        list: ListId,
        /// The element's position in it.
        index: u32,
    },
}

/// The program a pass works on: immutable, shared by all workers.
pub struct Original {
    /// Its language.
    pub language: &'static crate::lang::Language,
    /// The program text.
    pub text: Arc<[u8]>,
    /// Its syntax tree.
    pub tree: Tree,
    /// Its flat node table.
    pub nodes: NodeTable,
    /// Its list slots.
    pub lists: Vec<ListInfo>,
    roles: Vec<Role>,
    /// Number of ERROR and MISSING nodes (candidates may not have more).
    pub errors: usize,
    names: Names,
    /// (owner, list) for every list, sorted by owner.
    owned_lists: Vec<(NodeId, ListId)>,
    /// For each kind, the smallest node of that kind (fewest tokens, then
    /// bytes), or [`NodeId::NONE`].
    smallest: Vec<NodeId>,
    /// Every node, grouped by kind, in preorder within a kind.
    by_kind: KindIndex,
    /// The comments that mark where a project's file begins (see
    /// `project::program`), in text order: pinned, in no list.
    pub markers: Vec<NodeId>,
}

/// Every node grouped by kind: the nodes of kind `k` are
/// `ids[start[k]..start[k + 1]]`, in preorder. Kinds outside the grammar's
/// table (ERROR) are not grouped.
struct KindIndex {
    start: Vec<u32>,
    ids: Vec<NodeId>,
}

impl KindIndex {
    /// One counting sort of the nodes by kind.
    fn of(grammar: &Grammar, nodes: &NodeTable) -> KindIndex {
        let kinds = grammar.kind_count();
        let mut start = vec![0u32; kinds + 1];
        for n in nodes.ids() {
            if let Some(count) = start.get_mut(nodes.kind(n).index() + 1) {
                *count += 1;
            }
        }
        for k in 0..kinds {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut ids = vec![NodeId::NONE; start[kinds] as usize];
        for n in nodes.ids() {
            if let Some(at) = next
                .get_mut(nodes.kind(n).index())
                .filter(|_| nodes.kind(n).index() < kinds)
            {
                ids[*at as usize] = n;
                *at += 1;
            }
        }
        KindIndex { start, ids }
    }

    /// The nodes of `kind`, or `None` for a kind that is not grouped.
    fn of_kind(&self, kind: KindId) -> Option<&[NodeId]> {
        let k = kind.index();
        let end = *self.start.get(k + 1)?;
        Some(&self.ids[self.start[k] as usize..end as usize])
    }
}

/// Identifier tokens interned by text.
struct Names {
    /// For each node, its interned name if it is an identifier token.
    of_node: Vec<NameId>,
    /// Occurrences of each name in the whole program.
    counts: Vec<u32>,
}

/// Counts ERROR and MISSING nodes, descending only into subtrees that have errors.
pub fn count_errors(tree: &Tree) -> usize {
    fn walk(node: Node) -> usize {
        if !node.has_error() {
            return 0;
        }
        let own = usize::from(node.is_error() || node.is_missing());
        let mut cursor = node.walk();
        own + node.children(&mut cursor).map(walk).sum::<usize>()
    }
    walk(tree.root_node())
}

/// Counts tokens (leaves that are not MISSING, and have text).
pub fn count_tokens(tree: &Tree) -> usize {
    let mut tokens = 0;
    for_each_leaf(tree, |leaf| tokens += usize::from(!leaf.is_missing()));
    tokens
}

/// Calls `f` on every leaf of `tree`, in text order.
pub fn for_each_leaf<'t>(tree: &'t Tree, f: impl FnMut(Node<'t>)) {
    for_each_unit(tree, |_| false, f);
}

/// Calls `f` in text order on every leaf of `tree` and on every node that
/// `whole` says is one unit (a string, a comment), without going into it.
pub fn for_each_unit<'t>(
    tree: &'t Tree,
    whole: impl Fn(Node<'t>) -> bool,
    mut f: impl FnMut(Node<'t>),
) {
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        if whole(node) || !cursor.goto_first_child() {
            f(node);
        } else {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
}

/// Asked now and then by the loops over a whole program: whether to give
/// up because the run was interrupted (Ctrl-C, SIGTERM, `--deadline`), so
/// that no step keeps a stopped run waiting, however large the input.
pub type Stop<'a> = &'a (dyn Fn() -> bool + Sync);

/// A [`Stop`] that never comes.
pub fn never() -> bool {
    false
}

/// How many items a loop over a program's nodes handles between two looks
/// at its [`Stop`]: well under a millisecond of work, and an atomic load
/// that costs nothing at that rate.
pub const CHECK_EVERY: usize = 1 << 14;

/// Whether the `i`-th item of a loop is one at which to look at the stop.
pub fn due(i: usize) -> bool {
    i.is_multiple_of(CHECK_EVERY)
}

/// `items`, ending early once `stop` says so (asked every [`CHECK_EVERY`]
/// items): for the loops over a whole program whose partial result is
/// thrown away when the run stops.
pub fn until<'s, I: Iterator + 's>(items: I, stop: Stop<'s>) -> impl Iterator<Item = I::Item> + 's {
    items
        .enumerate()
        .take_while(move |(i, _)| !(due(*i) && stop()))
        .map(|(_, item)| item)
}

/// A parser for `grammar`'s language.
pub fn parser(grammar: &Grammar) -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(grammar.ts_language())
        .expect("grammar ABI matches the tree-sitter crate");
    parser
}

/// Parses `text` from scratch.
pub fn parse(grammar: &Grammar, text: &[u8]) -> Tree {
    parser(grammar)
        .parse(text, None)
        .expect("parsing without a timeout or cancellation always returns a tree")
}

/// Drops `value` on a thread of its own, so that the caller goes on at
/// once: freeing the syntax tree of a 10 MB program, or what a parser
/// built of one before it was stopped, is a free of each of millions of
/// nodes and takes up to seconds. Used where a run stops, whose process
/// then ends without waiting for that thread (a library caller gets the
/// memory back as it would have). If no thread can be started, `value` is
/// dropped here.
pub fn drop_aside<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("drop".into())
        .spawn(move || drop(value));
}

/// Runs `work`, one step that cannot look at `stop` (a single call into
/// tree-sitter), on a thread of its own, and waits for it while `stop`
/// says to go on (looking every [`ASIDE_POLL`]): its result, or `None`
/// once `stop` says to give up. The thread then finishes and drops its
/// result without anyone waiting for it (the process ends without it, as
/// with [`drop_aside`]). If no thread can be started, `work` runs here.
/// A panic in `work` goes on here.
pub fn aside_until<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
    stop: Stop<'_>,
) -> Option<T> {
    let (done, result) = crossbeam_channel::bounded(1);
    let slot = std::sync::Arc::new(parking_lot::Mutex::new(Some(work)));
    let inline = slot.clone();
    let spawned = std::thread::Builder::new()
        .name("aside".into())
        .spawn(move || {
            if let Some(work) = slot.lock().take() {
                let _ = done.send(work());
            }
        });
    let thread = match spawned {
        Ok(thread) => thread,
        Err(_) => return inline.lock().take().map(|work| work()),
    };
    loop {
        match result.recv_timeout(ASIDE_POLL) {
            Ok(value) => return Some(value),
            Err(crossbeam_channel::RecvTimeoutError::Timeout) => {
                if stop() {
                    return None;
                }
            }
            Err(crossbeam_channel::RecvTimeoutError::Disconnected) => {
                // The work panicked: its panic goes on here.
                match thread.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => unreachable!("the thread sends its result before it ends"),
                }
            }
        }
    }
}

/// How often [`aside_until`] looks at its stop.
pub const ASIDE_POLL: std::time::Duration = std::time::Duration::from_millis(10);

/// Parses `text` with `parser`, from `old` (edited to match `text`) if
/// given; `None` if `stop` said to give up (tree-sitter asks it every
/// hundred or so steps). The parser is then replaced by a new one for the
/// same language, so that its next parse starts afresh instead of resuming
/// this one; the stopped one, with the stack of nodes it built, is freed
/// aside ([`drop_aside`]) instead of by a reset here, which on a 10 MB
/// input kept a stopped run waiting for up to a second.
pub fn parse_until(
    parser: &mut Parser,
    text: &[u8],
    old: Option<&Tree>,
    stop: Stop<'_>,
) -> Option<Tree> {
    let len = text.len();
    let mut progress = |_: &tree_sitter::ParseState| {
        if stop() {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    };
    let options = tree_sitter::ParseOptions::new().progress_callback(&mut progress);
    let tree = parser.parse_with_options(
        &mut |i, _| if i < len { &text[i..] } else { &[] },
        old,
        Some(options),
    );
    if tree.is_none() {
        let mut fresh = Parser::new();
        match parser.language() {
            Some(language) if fresh.set_language(&language).is_ok() => {
                drop_aside(std::mem::replace(parser, fresh));
            }
            _ => parser.reset(),
        }
    }
    tree
}

/// Counts tokens as [`count_tokens`] does; `None` if `stop` said to give
/// up (asked every [`CHECK_EVERY`] nodes).
pub fn count_tokens_until(tree: &Tree, stop: Stop<'_>) -> Option<usize> {
    let mut tokens = 0;
    let (seen, stopped) = (std::cell::Cell::new(0usize), std::cell::Cell::new(false));
    // Once stopped, every node is taken whole: the walk climbs out at once.
    for_each_unit(
        tree,
        |_| {
            seen.set(seen.get() + 1);
            if due(seen.get()) && stop() {
                stopped.set(true);
            }
            stopped.get()
        },
        |leaf| tokens += usize::from(!leaf.is_missing()),
    );
    (!stopped.get()).then_some(tokens)
}

impl Original {
    /// Builds the original from text and its tree (parsed from that exact text).
    pub fn new(grammar: &Grammar, text: Arc<[u8]>, tree: Tree) -> Result<Original, TooLarge> {
        Ok(Original::new_until(grammar, text, tree, &never)?.expect("never stopped"))
    }

    /// The same, giving up (`Ok(None)`) once `stop` says so: each of the
    /// walks over the nodes asks it every [`CHECK_EVERY`] nodes (on a 10 MB
    /// program the whole build takes seconds).
    pub fn new_until(
        grammar: &Grammar,
        text: Arc<[u8]>,
        tree: Tree,
        stop: Stop<'_>,
    ) -> Result<Option<Original>, TooLarge> {
        let Some(nodes) = NodeTable::new_until(&tree, text.len(), stop)? else {
            return Ok(None);
        };
        // Each step below walks the whole table; between them the stop is
        // looked at, and what was built so far is freed aside (hundreds of
        // megabytes on a 10 MB input).
        let mut roles = vec![Role::Fixed; nodes.len()];
        let Some(mut lists) = slot_lists(grammar, &nodes, &mut roles, stop) else {
            drop_aside((nodes, roles));
            return Ok(None);
        };
        let markers = file_markers(grammar.language, &text, &nodes);
        lists.extend(comment_list(
            &nodes,
            &markers,
            ListId::new(lists.len()),
            &mut roles,
        ));
        if stop() {
            drop_aside((nodes, roles, lists));
            return Ok(None);
        }
        lists.extend(error_lists(&text, &nodes));
        let mut owned_lists: Vec<(NodeId, ListId)> = lists
            .iter()
            .enumerate()
            .map(|(i, l)| (l.parent, ListId::new(i)))
            .collect();
        owned_lists.sort_unstable();
        if stop() {
            drop_aside((nodes, roles, lists, owned_lists));
            return Ok(None);
        }
        let smallest = smallest_by_kind(grammar, &nodes);
        let by_kind = KindIndex::of(grammar, &nodes);
        if stop() {
            drop_aside((nodes, roles, lists, owned_lists, by_kind));
            return Ok(None);
        }
        let Some(names) = intern_names(grammar, &text, &nodes, stop) else {
            drop_aside((nodes, roles, lists, owned_lists, by_kind));
            return Ok(None);
        };
        Ok(Some(Original {
            language: grammar.language,
            smallest,
            names,
            errors: nodes.error_count(),
            text,
            tree,
            nodes,
            lists,
            roles,
            owned_lists,
            by_kind,
            markers,
        }))
    }

    /// Parses `text` and builds the original.
    #[cfg(any(test, feature = "cli"))]
    pub fn parse(grammar: &Grammar, text: Arc<[u8]>) -> Result<Original, TooLarge> {
        let tree = parse(grammar, &text);
        Original::new(grammar, text, tree)
    }

    /// The lists whose elements are children (or, for ERROR nodes, tokens
    /// and lines) of `n`.
    pub fn lists_owned_by(&self, n: NodeId) -> impl Iterator<Item = ListId> + '_ {
        let start = self.owned_lists.partition_point(|&(p, _)| p < n);
        self.owned_lists[start..]
            .iter()
            .take_while(move |&&(p, _)| p == n)
            .map(|&(_, l)| l)
    }

    /// A list by id.
    pub fn list(&self, list: ListId) -> &ListInfo {
        &self.lists[list.index()]
    }

    /// The nodes of kind `kind` in the subtree of `scope`, in preorder:
    /// two binary searches in an index built with the program, instead of
    /// a walk over the subtree.
    pub fn nodes_of_kind(&self, kind: KindId, scope: NodeId) -> Vec<NodeId> {
        let end = self.nodes.subtree_end(scope);
        match self.by_kind.of_kind(kind) {
            Some(all) => {
                let from = all.partition_point(|&n| n < scope);
                let to = all.partition_point(|&n| n < end);
                all[from..to].to_vec()
            }
            None => self
                .nodes
                .subtree(scope)
                .filter(|&n| self.nodes.kind(n) == kind)
                .collect(),
        }
    }

    /// The smallest node of kind `kind` in the program, if any.
    pub fn smallest_of_kind(&self, kind: KindId) -> Option<NodeId> {
        self.smallest
            .get(kind.index())
            .copied()
            .filter(|&n| n != NodeId::NONE)
    }

    /// How `n` may be removed.
    pub fn role(&self, n: NodeId) -> Role {
        self.roles[n.index()]
    }

    /// The interned name of an identifier token, or [`NameId::NONE`].
    pub fn name(&self, n: NodeId) -> NameId {
        self.names.of_node[n.index()]
    }

    /// Occurrences of `name` in the whole program.
    pub fn name_count(&self, name: NameId) -> u32 {
        self.names.counts[name.index()]
    }

    /// Number of distinct names.
    pub fn name_total(&self) -> usize {
        self.names.counts.len()
    }

    /// Tokens in the whole program.
    pub fn tokens(&self) -> usize {
        self.nodes.tokens(self.nodes.root())
    }

    /// The text of a node.
    pub fn node_text(&self, n: NodeId) -> &[u8] {
        &self.text[self.nodes.start(n)..self.nodes.end(n)]
    }
}

/// The lists of every parent's `multiple` slots (in text order within a
/// slot), and the role of every child that sits in a slot.
fn slot_lists(
    grammar: &Grammar,
    nodes: &NodeTable,
    roles: &mut [Role],
    stop: Stop<'_>,
) -> Option<Vec<ListInfo>> {
    let mut lists = Vec::new();
    for p in nodes.ids().filter(|&p| !nodes.is_leaf(p)) {
        if due(p.index()) && stop() {
            drop_aside(lists);
            return None;
        }
        // Children grouped by slot (None: the loose list of an ERROR node).
        let mut slot_lists: Vec<(Option<Option<FieldId>>, Vec<NodeId>, bool)> = Vec::new();
        for &c in nodes.children(p) {
            if nodes.is_extra(c) || nodes.is_missing(c) {
                continue;
            }
            if nodes.is_error(p) {
                // Everything in an ERROR node is one loose list; the parse check decides.
                push_element(&mut slot_lists, None, c, false);
                continue;
            }
            let field = nodes.field(c);
            let slot = match field {
                Some(f) => grammar.field_slot(nodes.kind(p), f),
                None if nodes.is_named(c) => grammar.children_slot(nodes.kind(p)),
                None => None,
            };
            match slot {
                Some(s) if s.multiple => push_element(&mut slot_lists, Some(field), c, s.required),
                Some(s) if !s.required => roles[c.index()] = Role::Optional,
                _ => {}
            }
        }
        for (_, elements, plus) in slot_lists {
            let separators = separators(grammar, nodes, p, &elements);
            let id = ListId::new(lists.len());
            for (i, &e) in elements.iter().enumerate() {
                roles[e.index()] = element(id, i);
            }
            lists.push(ListInfo {
                parent: p,
                separated: separators.iter().any(|&s| s != NodeId::NONE),
                separators,
                elements,
                plus,
                members: Vec::new(),
            });
        }
    }
    Some(lists)
}

fn element(list: ListId, index: usize) -> Role {
    Role::Element {
        list,
        // A list has fewer elements than the table has nodes, which fit in 32 bits.
        index: index as u32,
    }
}

/// All comments but the file markers form one list of their own (id
/// `id`), owned by no node.
fn comment_list(
    nodes: &NodeTable,
    markers: &[NodeId],
    id: ListId,
    roles: &mut [Role],
) -> Option<ListInfo> {
    let comments: Vec<NodeId> = nodes
        .ids()
        .filter(|&n| nodes.is_extra(n) && markers.binary_search(&n).is_err())
        .collect();
    if comments.is_empty() {
        return None;
    }
    for (i, &e) in comments.iter().enumerate() {
        roles[e.index()] = element(id, i);
    }
    Some(ListInfo::loose(NodeId::NONE, comments, Vec::new()))
}

/// The comments that start a line and read as a project's file marker
/// (`// treereduce-file: PATH`, see `project::program`), in text order.
fn file_markers(language: &crate::lang::Language, text: &[u8], nodes: &NodeTable) -> Vec<NodeId> {
    let prefix = language.file_marker();
    if memchr::memmem::find(text, prefix.as_bytes()).is_none() {
        return Vec::new();
    }
    nodes
        .ids()
        .filter(|&n| {
            let start = nodes.start(n);
            let line = text[..start]
                .iter()
                .rev()
                .take_while(|&&b| b != b'\n')
                .all(|&b| b == b' ' || b == b'\t');
            nodes.is_extra(n) && line && text[start..].starts_with(prefix.as_bytes())
        })
        .collect()
}

/// For each kind, its smallest node (not ERROR, MISSING or a comment).
fn smallest_by_kind(grammar: &Grammar, nodes: &NodeTable) -> Vec<NodeId> {
    let mut smallest = vec![NodeId::NONE; grammar.kind_count()];
    let size = |m: NodeId| (nodes.tokens(m), nodes.end(m) - nodes.start(m));
    for n in nodes.ids() {
        if nodes.is_missing(n) || nodes.is_error(n) || nodes.is_extra(n) {
            continue;
        }
        let slot = &mut smallest[nodes.kind(n).index()];
        if *slot == NodeId::NONE || size(n) < size(*slot) {
            *slot = n;
        }
    }
    smallest
}

/// Interns the text of every identifier token and counts its occurrences.
fn intern_names(
    grammar: &Grammar,
    text: &[u8],
    nodes: &NodeTable,
    stop: Stop<'_>,
) -> Option<Names> {
    let mut of_node = vec![NameId::NONE; nodes.len()];
    let mut counts: Vec<u32> = Vec::new();
    let mut interned: HashMap<&[u8], NameId> = HashMap::new();
    for n in nodes.ids() {
        if due(n.index()) && stop() {
            return None;
        }
        if nodes.is_leaf(n) && grammar.is_identifier(nodes.kind(n)) {
            let id = *interned
                .entry(&text[nodes.start(n)..nodes.end(n)])
                .or_insert_with(|| {
                    counts.push(0);
                    NameId::new(counts.len() - 1)
                });
            counts[id.index()] += 1;
            of_node[n.index()] = id;
        }
    }
    Some(Names { of_node, counts })
}

type SlotLists = Vec<(Option<Option<FieldId>>, Vec<NodeId>, bool)>;

fn push_element(lists: &mut SlotLists, slot: Option<Option<FieldId>>, c: NodeId, plus: bool) {
    match lists.iter_mut().find(|(s, _, _)| *s == slot) {
        Some((_, elements, _)) => elements.push(c),
        None => lists.push((slot, vec![c], plus)),
    }
}

/// Token- and line-level lists for every outermost ERROR node, so that code
/// the parser could not place still reduces: one list of its tokens, and one
/// of its lines (each line a group of tokens).
fn error_lists(text: &[u8], nodes: &NodeTable) -> Vec<ListInfo> {
    let mut lists = Vec::new();
    let mut n = nodes.root();
    while n.index() < nodes.len() {
        if !nodes.is_error(n) {
            n = n.next();
            continue;
        }
        let leaves: Vec<NodeId> = nodes
            .subtree(n)
            .filter(|&m| nodes.is_leaf(m) && !nodes.is_missing(m) && !nodes.is_extra(m))
            .collect();
        if leaves.len() > 1 {
            let lines = lines_of(text, nodes, &leaves);
            if lines.len() > 1 {
                let firsts = lines.iter().map(|l| l[0]).collect();
                lists.push(ListInfo::loose(n, firsts, lines));
            }
            lists.push(ListInfo::loose(n, leaves, Vec::new()));
        }
        // Nested ERROR nodes are covered by the outermost one.
        n = nodes.subtree_end(n);
    }
    lists
}

/// `leaves` grouped by the line they start on.
fn lines_of(text: &[u8], nodes: &NodeTable, leaves: &[NodeId]) -> Vec<Vec<NodeId>> {
    let mut lines: Vec<Vec<NodeId>> = Vec::new();
    let mut last_end = None;
    for &leaf in leaves {
        let starts_line =
            last_end.is_none_or(|end: usize| text[end..nodes.start(leaf)].contains(&b'\n'));
        if starts_line {
            lines.push(Vec::new());
        }
        lines.last_mut().expect("a line was started").push(leaf);
        last_end = Some(nodes.end(leaf));
    }
    lines
}

/// The first separator after each element (before the next element, or trailing).
fn separators(
    grammar: &Grammar,
    nodes: &NodeTable,
    parent: NodeId,
    elements: &[NodeId],
) -> Vec<NodeId> {
    let mut seps = vec![NodeId::NONE; elements.len()];
    let mut next = 0; // index of the next element to meet
    for &c in nodes.children(parent) {
        if next < elements.len() && c == elements[next] {
            next += 1;
        } else if next > 0 && seps[next - 1] == NodeId::NONE && grammar.is_separator(nodes.kind(c))
        {
            seps[next - 1] = c;
        }
    }
    seps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn original(lang: &str, src: &str) -> (&'static Grammar, Original) {
        let g = crate::syntax::Grammar::of(Language::by_name(lang).unwrap());
        let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        (g, o)
    }

    fn list_texts(o: &Original) -> Vec<Vec<String>> {
        o.lists
            .iter()
            .map(|l| {
                l.elements
                    .iter()
                    .map(|&e| String::from_utf8_lossy(o.node_text(e)).into_owned())
                    .collect()
            })
            .collect()
    }

    /// A stop does not wait for the work given to [`aside_until`]: here
    /// the work waits until the test lets it go, which the test does only
    /// once the call has returned. Without a stop the call returns the
    /// work's result; a panic in the work goes on in the caller.
    #[test]
    fn a_stop_does_not_wait_for_the_work_aside() {
        crate::testing::within(60, || {
            let (go, wait) = crossbeam_channel::bounded::<()>(1);
            let (ended, end) = crossbeam_channel::bounded::<()>(1);
            let stop = || true;
            let work = move || {
                let _ = wait.recv();
                let _ = ended.send(());
                7
            };
            assert_eq!(aside_until(work, &stop), None);
            go.send(()).unwrap();
            // The work still ran to its end, aside.
            end.recv().unwrap();
            assert_eq!(aside_until(|| 5, &never), Some(5));
            let panicked = std::panic::catch_unwind(|| {
                aside_until(|| -> u8 { panic!("in the work") }, &never)
            });
            assert!(panicked.is_err());
        });
    }

    /// A parse stopped half-way leaves its parser ready for a parse of
    /// another text from its start (the stopped one is not resumed).
    #[test]
    fn a_stopped_parse_leaves_the_parser_ready_for_the_next() {
        use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
        let g = Grammar::of(Language::by_name("c").unwrap());
        let big: String = (0..2_000)
            .map(|i| format!("int f{i}(int a) {{ return a * {i}; }}\n"))
            .collect();
        let mut p = parser(g);
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Relaxed) >= 3;
        assert!(parse_until(&mut p, big.as_bytes(), None, &stop).is_none());
        let small = b"int main(void) { return 0; }\n";
        let tree = parse_until(&mut p, small, None, &never).unwrap();
        assert_eq!(
            tree.root_node().to_sexp(),
            parse(g, small).root_node().to_sexp()
        );
        // And it parses the stopped text itself from its start as well.
        let tree = parse_until(&mut p, big.as_bytes(), None, &never).unwrap();
        assert_eq!(tree.root_node().end_byte(), big.len());
        assert_eq!(count_errors(&tree), 0);
    }

    #[test]
    fn c_lists_and_separators() {
        let (_, o) = original(
            "c",
            "int main(void) { f(a, b, c); g(); /* x */ return 0; }\n",
        );
        let texts = list_texts(&o);
        assert!(
            texts.contains(&vec!["a".into(), "b".into(), "c".into()]),
            "{texts:?}"
        );
        assert!(texts.contains(&vec![
            "f(a, b, c);".into(),
            "g();".into(),
            "return 0;".into()
        ]));
        assert!(
            texts.contains(&vec!["/* x */".into()]),
            "comments form a list"
        );
        let args = o
            .lists
            .iter()
            .find(|l| l.elements.len() == 3 && l.separated)
            .unwrap();
        assert_eq!(
            args.separators
                .iter()
                .filter(|&&s| s != NodeId::NONE)
                .count(),
            2
        );
        assert_eq!(o.errors, 0);
    }

    #[test]
    fn trailing_comma_is_the_last_separator() {
        let (_, o) = original("javascript", "f([1, 2,]);\n");
        let arr = o.lists.iter().find(|l| l.elements.len() == 2).unwrap();
        assert!(arr.separators.iter().all(|&s| s != NodeId::NONE));
    }

    #[test]
    fn optional_fields_are_marked() {
        let (_, o) = original("rust", "fn f() -> u8 { let x: u8 = 1; x }\n");
        let optional: Vec<String> = o
            .nodes
            .ids()
            .filter(|&n| o.role(n) == Role::Optional)
            .map(|n| String::from_utf8_lossy(o.node_text(n)).into_owned())
            .collect();
        for want in ["u8", "1"] {
            assert!(optional.iter().any(|t| t == want), "{want} in {optional:?}");
        }
    }

    #[test]
    fn counts_errors_incrementally_and_fully_alike() {
        let (g, o) = original("c", "int f( { return 1 }\nint g(void) { return 2; }\n");
        assert!(o.errors > 0);
        assert_eq!(count_errors(&parse(g, &o.text)), o.errors);
        assert_eq!(count_tokens(&o.tree), o.tokens());
    }

    #[test]
    fn names_are_interned_and_counted() {
        let (_, o) = original("c", "int a; int b; int f(void) { return a + a + b; }\n");
        let a = o.nodes.ids().find(|&n| o.node_text(n) == b"a").unwrap();
        assert_eq!(o.name_count(o.name(a)), 3);
        assert_eq!(o.name_total(), 3, "a, b, f");
    }
}
