//! A flat, preorder table of every node of a syntax tree (named and anonymous).
//!
//! Preorder ids make the questions the engine asks constant-time: the subtree
//! of node `n` is exactly the id range `n..subtree_end(n)`, so "is this edit
//! inside a deleted node" is a range test, and sorting edits by node id sorts
//! them by position in the text.

use tree_sitter::Tree;

use super::ids::{FieldId, KindId, NodeId};

/// The largest input, in bytes, whose offsets fit the table's 32-bit columns.
pub const MAX_INPUT_BYTES: usize = u32::MAX as usize - 1;

/// The input does not fit the table's 32-bit offsets and ids.
#[derive(Debug, thiserror::Error)]
#[error(
    "the input is too large: {bytes} bytes and {nodes} syntax nodes, more than this reducer's 32-bit tables hold (at most {MAX_INPUT_BYTES} of each)"
)]
pub struct TooLarge {
    /// Bytes of the input.
    pub bytes: usize,
    /// Nodes of its tree (counted up to the limit).
    pub nodes: usize,
}

const NAMED: u8 = 1;
const EXTRA: u8 = 2;
const ERROR: u8 = 4;
const MISSING: u8 = 8;

#[derive(Clone, Copy, Debug)]
struct NodeData {
    kind: u16,
    field: u16,
    flags: u8,
    start: u32,
    end: u32,
    parent: u32,
    subtree_end: u32,
    tokens: u32,
    children_start: u32,
    children_len: u32,
}

/// The flags of `node`: named, extra, an error, missing.
fn flags_of(node: &tree_sitter::Node<'_>) -> u8 {
    let mut flags = 0;
    if node.is_named() {
        flags |= NAMED;
    }
    if node.is_extra() {
        flags |= EXTRA;
    }
    if node.is_error() {
        flags |= ERROR;
    }
    if node.is_missing() {
        flags |= MISSING;
    }
    flags
}

/// Adds each node's tokens to its parent's, so that a node counts its
/// subtree's: children have larger ids than their parents.
fn add_up_tokens(nodes: &mut [NodeData]) {
    for id in (1..nodes.len()).rev() {
        let (parent, tokens) = (nodes[id].parent, nodes[id].tokens);
        nodes[parent as usize].tokens += tokens;
    }
}

/// The children lists of `nodes`, one after another, each node's range
/// of it set in `nodes`: count, prefix sums, fill in preorder (= child
/// order).
fn children_lists(nodes: &mut [NodeData]) -> Vec<NodeId> {
    for id in 1..nodes.len() {
        let parent = nodes[id].parent as usize;
        nodes[parent].children_len += 1;
    }
    let mut offset = 0;
    for n in nodes.iter_mut() {
        n.children_start = offset;
        offset += n.children_len;
        n.children_len = 0;
    }
    let mut children = vec![NodeId::NONE; offset as usize];
    for id in 1..nodes.len() {
        let parent = nodes[id].parent as usize;
        let slot = nodes[parent].children_start + nodes[parent].children_len;
        children[slot as usize] = NodeId::new(id);
        nodes[parent].children_len += 1;
    }
    children
}

/// See the module documentation.
pub struct NodeTable {
    nodes: Vec<NodeData>,
    children: Vec<NodeId>,
}

impl NodeTable {
    /// Flattens `tree` (parsed from a text of `bytes` bytes). Costs one
    /// cursor walk over the tree. Refuses trees whose offsets or node count
    /// do not fit the 32-bit columns. Gives up (`Ok(None)`) once `stop`
    /// says so; it is asked every [`super::CHECK_EVERY`] nodes.
    pub fn new_until(
        tree: &Tree,
        bytes: usize,
        stop: super::Stop<'_>,
    ) -> Result<Option<NodeTable>, TooLarge> {
        let too_large = |nodes| TooLarge { bytes, nodes };
        if bytes > MAX_INPUT_BYTES {
            return Err(too_large(0));
        }
        let mut nodes: Vec<NodeData> = Vec::new();
        let mut ancestors: Vec<u32> = Vec::new();
        let mut cursor = tree.walk();
        'walk: loop {
            let node = cursor.node();
            let Some(id) = u32::try_from(nodes.len())
                .ok()
                .filter(|&i| i < u32::MAX - 1)
            else {
                return Err(too_large(nodes.len()));
            };
            if super::due(nodes.len()) && stop() {
                // Hundreds of megabytes on a 10 MB input: freed aside.
                super::drop_aside(nodes);
                return Ok(None);
            }
            nodes.push(NodeData {
                kind: node.kind_id(),
                field: cursor.field_id().map_or(0, |f| f.get()),
                flags: flags_of(&node),
                // Offsets fit: the text is at most MAX_INPUT_BYTES long.
                start: node.start_byte() as u32,
                end: node.end_byte() as u32,
                parent: ancestors.last().copied().unwrap_or(u32::MAX),
                subtree_end: id + 1,
                tokens: 0,
                children_start: 0,
                children_len: 0,
            });
            if cursor.goto_first_child() {
                ancestors.push(id);
                continue;
            }
            // A leaf is one token, unless the parser invented it (MISSING).
            nodes[id as usize].tokens = u32::from(!node.is_missing());
            loop {
                if cursor.goto_next_sibling() {
                    continue 'walk;
                }
                if !cursor.goto_parent() {
                    break 'walk;
                }
                let done = ancestors.pop().expect("cursor and stack agree");
                // Fits: every id was checked against the limit when pushed.
                nodes[done as usize].subtree_end = nodes.len() as u32;
            }
        }
        add_up_tokens(&mut nodes);
        let children = children_lists(&mut nodes);
        Ok(Some(NodeTable { nodes, children }))
    }

    fn data(&self, n: NodeId) -> &NodeData {
        &self.nodes[n.index()]
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The root node.
    pub fn root(&self) -> NodeId {
        NodeId::new(0)
    }

    /// Every node id, in preorder.
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = NodeId> {
        self.root().up_to(id_of(self.nodes.len()))
    }

    /// The node's kind.
    pub fn kind(&self, n: NodeId) -> KindId {
        KindId(self.data(n).kind)
    }

    /// The field under which the node sits in its parent, if any.
    pub fn field(&self, n: NodeId) -> Option<FieldId> {
        FieldId::from_raw(self.data(n).field)
    }

    /// Byte offset where the node starts.
    pub fn start(&self, n: NodeId) -> usize {
        self.data(n).start as usize
    }

    /// Byte offset where the node ends (exclusive).
    pub fn end(&self, n: NodeId) -> usize {
        self.data(n).end as usize
    }

    /// The parent, or [`NodeId::NONE`] for the root.
    pub fn parent(&self, n: NodeId) -> NodeId {
        match self.data(n).parent {
            u32::MAX => NodeId::NONE,
            p => id_of(p as usize),
        }
    }

    /// One past the last descendant: the subtree of `n` is `n..subtree_end(n)`.
    pub fn subtree_end(&self, n: NodeId) -> NodeId {
        id_of(self.data(n).subtree_end as usize)
    }

    /// The ids of the subtree of `n` (`n` first), in preorder.
    pub fn subtree(&self, n: NodeId) -> impl DoubleEndedIterator<Item = NodeId> {
        n.up_to(self.subtree_end(n))
    }

    /// Whether `d` is `n` or inside the subtree of `n`.
    pub fn contains(&self, n: NodeId, d: NodeId) -> bool {
        n <= d && d < self.subtree_end(n)
    }

    /// Tokens (leaves, MISSING ones excluded) in the subtree.
    pub fn tokens(&self, n: NodeId) -> usize {
        self.data(n).tokens as usize
    }

    /// The node's children, in order.
    pub fn children(&self, n: NodeId) -> &[NodeId] {
        let d = self.data(n);
        &self.children[d.children_start as usize..(d.children_start + d.children_len) as usize]
    }

    /// Whether the node is named (not a punctuation/keyword token).
    pub fn is_named(&self, n: NodeId) -> bool {
        self.data(n).flags & NAMED != 0
    }

    /// Whether the node is an extra (a comment).
    pub fn is_extra(&self, n: NodeId) -> bool {
        self.data(n).flags & EXTRA != 0
    }

    /// Whether the node is an ERROR node.
    pub fn is_error(&self, n: NodeId) -> bool {
        self.data(n).flags & ERROR != 0
    }

    /// Whether the node is a token the parser invented to recover (MISSING).
    pub fn is_missing(&self, n: NodeId) -> bool {
        self.data(n).flags & MISSING != 0
    }

    /// Whether the node has no children (a token).
    pub fn is_leaf(&self, n: NodeId) -> bool {
        self.data(n).children_len == 0
    }

    /// Number of ERROR and MISSING nodes.
    pub fn error_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.flags & (ERROR | MISSING) != 0)
            .count()
    }
}

/// The id of table row `index` (rows were checked to fit when the table was built).
fn id_of(index: usize) -> NodeId {
    NodeId::new(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(src: &str) -> NodeTable {
        let mut p = tree_sitter::Parser::new();
        p.set_language(&crate::lang::Language::by_name("c").unwrap().ts_language())
            .unwrap();
        NodeTable::new_until(
            &p.parse(src, None).unwrap(),
            src.len(),
            &crate::syntax::never,
        )
        .unwrap()
        .unwrap()
    }

    #[test]
    fn preorder_ids_nest_and_count_tokens() {
        let src = "int f(int a, int b) { return a + b; }\n";
        let t = table(src);
        assert_eq!(t.start(t.root()), 0);
        assert_eq!(t.subtree_end(t.root()).index(), t.len());
        // int f ( int a , int b ) { return a + b ; }
        assert_eq!(t.tokens(t.root()), 16);
        for n in t.ids() {
            for &c in t.children(n) {
                assert_eq!(t.parent(c), n);
                assert!(t.contains(n, c) && c > n);
                assert!(t.start(c) >= t.start(n) && t.end(c) <= t.end(n));
            }
            let sum: usize = t.children(n).iter().map(|&c| t.tokens(c)).sum();
            if !t.is_leaf(n) {
                assert_eq!(sum, t.tokens(n));
            }
        }
        assert_eq!(t.error_count(), 0);
    }

    #[test]
    fn errors_and_missing_are_counted() {
        let t = table("int f( { return 1 }\n");
        assert!(t.error_count() >= 1);
    }
}
