//! Syntax: the grammar's slot table, the flat node table, and the
//! [`Original`] program a reduction pass works on (text, tree, nodes, lists).

mod grammar;
mod table;

use std::sync::Arc;

pub use grammar::{Grammar, KindSet, Slot};
pub use table::{NO_NODE, NodeId, NodeTable};

use tree_sitter::{Node, Parser, Tree};

/// Index of a list in [`Original::lists`].
pub type ListId = u32;

/// A list slot: the children of one parent that sit in one `multiple` slot
/// (Perses' Kleene star or plus), the children of an ERROR node, or all the
/// comments of the program.
#[derive(Debug, Clone)]
pub struct ListInfo {
    /// The node the elements belong to ([`NO_NODE`] for the comment list).
    pub parent: NodeId,
    /// The elements, in text order.
    pub elements: Vec<NodeId>,
    /// For element `i`, the `,` token that follows it, or [`NO_NODE`].
    pub separators: Vec<NodeId>,
    /// Whether the elements are separated by `,` tokens.
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
}

/// How a node may be removed, derived from its slot in its parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A compulsory part of its parent (it may still be hoisted or replaced).
    Fixed,
    /// A node in an optional, single slot: it may be deleted on its own.
    Optional,
    /// Element `index` of list `list`.
    Element { list: ListId, index: u32 },
}

/// The program a pass works on: immutable, shared by all workers.
pub struct Original {
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
    /// For each node, the interned name if it is an identifier token, else [`NO_NAME`].
    names: Vec<NameId>,
    /// Occurrences of each interned name in the whole program.
    pub name_counts: Vec<u32>,
    /// (owner, list) for every list, sorted by owner.
    owned_lists: Vec<(NodeId, ListId)>,
    /// For each kind id, the smallest node of that kind (fewest tokens, then
    /// bytes), or [`NO_NODE`].
    smallest: Vec<NodeId>,
}

/// Index of an interned identifier text in [`Original::name_counts`].
pub type NameId = u32;

/// Marks nodes that are not identifier tokens.
pub const NO_NAME: NameId = u32::MAX;

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

/// Counts tokens (leaves that are not MISSING).
pub fn count_tokens(tree: &Tree) -> usize {
    let mut cursor = tree.walk();
    let mut tokens = 0;
    'walk: loop {
        if cursor.goto_first_child() {
            continue;
        }
        tokens += usize::from(!cursor.node().is_missing());
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    tokens
}

/// Parses `text` from scratch.
pub fn parse(grammar: &Grammar, text: &[u8]) -> Tree {
    let mut parser = Parser::new();
    parser
        .set_language(grammar.ts_language())
        .expect("grammar ABI matches the tree-sitter crate");
    parser
        .parse(text, None)
        .expect("parsing without a timeout or cancellation always returns a tree")
}

impl Original {
    /// Builds the original from text and its tree (parsed from that exact text).
    pub fn new(grammar: &Grammar, text: Arc<[u8]>, tree: Tree) -> Original {
        let nodes = NodeTable::new(&tree);
        let mut roles = vec![Role::Fixed; nodes.len()];
        let mut lists = Vec::new();
        let mut comments = Vec::new();

        for p in 0..nodes.len() as NodeId {
            if nodes.is_extra(p) {
                comments.push(p);
            }
            if nodes.is_leaf(p) {
                continue;
            }
            // Group children by slot; lists keep text order.
            let mut slot_lists: Vec<(u16, Vec<NodeId>, bool)> = Vec::new();
            for &c in nodes.children(p) {
                if nodes.is_extra(c) || nodes.is_missing(c) {
                    continue;
                }
                if nodes.is_error(p) {
                    // Everything in an ERROR node is one loose list; the parse check decides.
                    push_element(&mut slot_lists, u16::MAX, c, false);
                    continue;
                }
                let field = nodes.field(c);
                let slot = if field != 0 {
                    grammar.field_slot(nodes.kind(p), field)
                } else if nodes.is_named(c) {
                    grammar.children_slot(nodes.kind(p))
                } else {
                    None
                };
                match slot {
                    Some(s) if s.multiple => push_element(&mut slot_lists, field, c, s.required),
                    Some(s) if !s.required => roles[c as usize] = Role::Optional,
                    _ => {}
                }
            }
            for (_, elements, plus) in slot_lists {
                let separators = separators(grammar, &nodes, p, &elements);
                let members = Vec::new();
                let id = lists.len() as ListId;
                for (i, &e) in elements.iter().enumerate() {
                    roles[e as usize] = Role::Element {
                        list: id,
                        index: i as u32,
                    };
                }
                lists.push(ListInfo {
                    parent: p,
                    separated: separators.iter().any(|&s| s != NO_NODE),
                    separators,
                    elements,
                    plus,
                    members,
                });
            }
        }
        if !comments.is_empty() {
            let id = lists.len() as ListId;
            for (i, &e) in comments.iter().enumerate() {
                roles[e as usize] = Role::Element {
                    list: id,
                    index: i as u32,
                };
            }
            lists.push(ListInfo {
                parent: NO_NODE,
                separators: vec![NO_NODE; comments.len()],
                elements: comments,
                separated: false,
                plus: false,
                members: Vec::new(),
            });
        }
        lists.extend(error_lists(&text, &nodes));
        let mut owned_lists: Vec<(NodeId, ListId)> = lists
            .iter()
            .enumerate()
            .map(|(i, l)| (l.parent, i as ListId))
            .collect();
        owned_lists.sort_unstable();
        let mut smallest = vec![NO_NODE; grammar.kind_count()];
        for n in 0..nodes.len() as NodeId {
            if nodes.is_missing(n) || nodes.is_error(n) || nodes.is_extra(n) {
                continue;
            }
            let size = |m: NodeId| (nodes.tokens(m), nodes.end(m) - nodes.start(m));
            let slot = &mut smallest[usize::from(nodes.kind(n))];
            if *slot == NO_NODE || size(n) < size(*slot) {
                *slot = n;
            }
        }
        let errors = nodes.error_count();
        let mut names = vec![NO_NAME; nodes.len()];
        let mut name_counts = Vec::new();
        let mut interned: std::collections::HashMap<&[u8], NameId> =
            std::collections::HashMap::new();
        for n in 0..nodes.len() as NodeId {
            if nodes.is_leaf(n) && grammar.is_identifier(nodes.kind(n)) {
                let text = &text[nodes.start(n)..nodes.end(n)];
                let id = *interned.entry(text).or_insert_with(|| {
                    name_counts.push(0);
                    (name_counts.len() - 1) as NameId
                });
                name_counts[id as usize] += 1;
                names[n as usize] = id;
            }
        }
        Original {
            text,
            tree,
            nodes,
            lists,
            roles,
            errors,
            names,
            name_counts,
            owned_lists,
            smallest,
        }
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

    /// The smallest node of kind `kind` in the program, if any.
    pub fn smallest_of_kind(&self, kind: u16) -> Option<NodeId> {
        self.smallest
            .get(usize::from(kind))
            .copied()
            .filter(|&n| n != NO_NODE)
    }

    /// Parses `text` and builds the original.
    pub fn parse(grammar: &Grammar, text: Arc<[u8]>) -> Original {
        let tree = parse(grammar, &text);
        Original::new(grammar, text, tree)
    }

    /// How `n` may be removed.
    pub fn role(&self, n: NodeId) -> Role {
        self.roles[n as usize]
    }

    /// The list `n` is an element of, with its index.
    pub fn list_of(&self, n: NodeId) -> Option<(&ListInfo, usize)> {
        match self.role(n) {
            Role::Element { list, index } => Some((&self.lists[list as usize], index as usize)),
            _ => None,
        }
    }

    /// The interned name of an identifier token, or [`NO_NAME`].
    pub fn name(&self, n: NodeId) -> NameId {
        self.names[n as usize]
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

fn push_element(lists: &mut Vec<(u16, Vec<NodeId>, bool)>, field: u16, c: NodeId, plus: bool) {
    match lists.iter_mut().find(|(f, _, _)| *f == field) {
        Some((_, elements, _)) => elements.push(c),
        None => lists.push((field, vec![c], plus)),
    }
}

/// Token- and line-level lists for every outermost ERROR node, so that code
/// the parser could not place still reduces: one list of its tokens, and one
/// of its lines (each line a group of tokens).
fn error_lists(text: &[u8], nodes: &NodeTable) -> Vec<ListInfo> {
    let mut lists = Vec::new();
    let mut n = 0;
    while (n as usize) < nodes.len() {
        if !nodes.is_error(n) {
            n += 1;
            continue;
        }
        let leaves: Vec<NodeId> = (n..nodes.subtree_end(n))
            .filter(|&m| nodes.is_leaf(m) && !nodes.is_missing(m) && !nodes.is_extra(m))
            .collect();
        if leaves.len() > 1 {
            let mut lines: Vec<Vec<NodeId>> = Vec::new();
            let mut last_end = None;
            for &leaf in &leaves {
                let starts_line =
                    last_end.is_none_or(|end: usize| text[end..nodes.start(leaf)].contains(&b'\n'));
                if starts_line {
                    lines.push(Vec::new());
                }
                lines.last_mut().expect("a line was started").push(leaf);
                last_end = Some(nodes.end(leaf));
            }
            if lines.len() > 1 {
                lists.push(ListInfo {
                    parent: n,
                    elements: lines.iter().map(|l| l[0]).collect(),
                    separators: vec![NO_NODE; lines.len()],
                    separated: false,
                    plus: false,
                    members: lines,
                });
            }
            lists.push(ListInfo {
                parent: n,
                separators: vec![NO_NODE; leaves.len()],
                elements: leaves,
                separated: false,
                plus: false,
                members: Vec::new(),
            });
        }
        // Nested ERROR nodes are covered by the outermost one.
        n = nodes.subtree_end(n);
    }
    lists
}

/// The first `,` after each element (before the next element, or trailing).
fn separators(
    grammar: &Grammar,
    nodes: &NodeTable,
    parent: NodeId,
    elements: &[NodeId],
) -> Vec<NodeId> {
    let mut seps = vec![NO_NODE; elements.len()];
    let mut next = 0; // index of the next element to meet
    for &c in nodes.children(parent) {
        if next < elements.len() && c == elements[next] {
            next += 1;
        } else if next > 0 && seps[next - 1] == NO_NODE && grammar.is_comma(nodes.kind(c)) {
            seps[next - 1] = c;
        }
    }
    seps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn original(lang: &str, src: &str) -> (Grammar, Original) {
        let g = Grammar::new(crate::lang::by_name(lang).unwrap());
        let o = Original::parse(&g, Arc::from(src.as_bytes()));
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
        assert_eq!(args.separators.iter().filter(|&&s| s != NO_NODE).count(), 2);
        assert_eq!(o.errors, 0);
    }

    #[test]
    fn trailing_comma_is_the_last_separator() {
        let (_, o) = original("javascript", "f([1, 2,]);\n");
        let arr = o.lists.iter().find(|l| l.elements.len() == 2).unwrap();
        assert!(arr.separators.iter().all(|&s| s != NO_NODE));
    }

    #[test]
    fn optional_fields_are_marked() {
        let (_, o) = original("rust", "fn f() -> u8 { let x: u8 = 1; x }\n");
        let optional: Vec<String> = (0..o.nodes.len() as NodeId)
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
        assert_eq!(count_errors(&parse(&g, &o.text)), o.errors);
        assert_eq!(count_tokens(&o.tree), o.tokens());
    }
}
