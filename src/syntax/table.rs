//! A flat, preorder table of every node of a syntax tree (named and anonymous).
//!
//! Preorder ids make the questions the engine asks constant-time: the subtree
//! of node `n` is exactly the id range `n..subtree_end(n)`, so "is this edit
//! inside a deleted node" is a range test, and sorting edits by node id sorts
//! them by position in the text.

use tree_sitter::Tree;

/// Index of a node in a [`NodeTable`].
pub type NodeId = u32;

/// Marks "no node" in id-valued columns.
pub const NO_NODE: NodeId = u32::MAX;

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
    parent: NodeId,
    subtree_end: NodeId,
    tokens: u32,
    children_start: u32,
    children_len: u32,
}

/// See the module documentation.
pub struct NodeTable {
    nodes: Vec<NodeData>,
    children: Vec<NodeId>,
}

impl NodeTable {
    /// Flattens `tree`. Costs one cursor walk over the tree.
    pub fn new(tree: &Tree) -> NodeTable {
        let mut nodes: Vec<NodeData> = Vec::new();
        let mut ancestors: Vec<NodeId> = Vec::new();
        let mut cursor = tree.walk();
        'walk: loop {
            let node = cursor.node();
            let id = nodes.len() as NodeId;
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
            nodes.push(NodeData {
                kind: node.kind_id(),
                field: cursor.field_id().map_or(0, |f| f.get()),
                flags,
                start: node.start_byte() as u32,
                end: node.end_byte() as u32,
                parent: ancestors.last().copied().unwrap_or(NO_NODE),
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
                nodes[done as usize].subtree_end = nodes.len() as NodeId;
            }
        }

        // Token counts: children have larger ids than their parents.
        for id in (1..nodes.len()).rev() {
            let (parent, tokens) = (nodes[id].parent, nodes[id].tokens);
            nodes[parent as usize].tokens += tokens;
        }
        // Children lists: count, prefix sums, fill in preorder (= child order).
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
        let mut children = vec![NO_NODE; offset as usize];
        for id in 1..nodes.len() {
            let parent = nodes[id].parent as usize;
            let slot = nodes[parent].children_start + nodes[parent].children_len;
            children[slot as usize] = id as NodeId;
            nodes[parent].children_len += 1;
        }
        NodeTable { nodes, children }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table is empty (it never is: there is always a root).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The root node.
    pub fn root(&self) -> NodeId {
        0
    }

    /// The node's kind id.
    pub fn kind(&self, n: NodeId) -> u16 {
        self.nodes[n as usize].kind
    }

    /// The field id under which the node sits in its parent (0: none).
    pub fn field(&self, n: NodeId) -> u16 {
        self.nodes[n as usize].field
    }

    /// Byte offset where the node starts.
    pub fn start(&self, n: NodeId) -> usize {
        self.nodes[n as usize].start as usize
    }

    /// Byte offset where the node ends (exclusive).
    pub fn end(&self, n: NodeId) -> usize {
        self.nodes[n as usize].end as usize
    }

    /// The parent, or [`NO_NODE`] for the root.
    pub fn parent(&self, n: NodeId) -> NodeId {
        self.nodes[n as usize].parent
    }

    /// One past the last descendant: the subtree of `n` is `n..subtree_end(n)`.
    pub fn subtree_end(&self, n: NodeId) -> NodeId {
        self.nodes[n as usize].subtree_end
    }

    /// Whether `d` is `n` or inside the subtree of `n`.
    pub fn contains(&self, n: NodeId, d: NodeId) -> bool {
        n <= d && d < self.subtree_end(n)
    }

    /// Tokens (leaves, MISSING ones excluded) in the subtree.
    pub fn tokens(&self, n: NodeId) -> usize {
        self.nodes[n as usize].tokens as usize
    }

    /// The node's children, in order.
    pub fn children(&self, n: NodeId) -> &[NodeId] {
        let d = &self.nodes[n as usize];
        &self.children[d.children_start as usize..(d.children_start + d.children_len) as usize]
    }

    /// Whether the node is named (not a punctuation/keyword token).
    pub fn is_named(&self, n: NodeId) -> bool {
        self.nodes[n as usize].flags & NAMED != 0
    }

    /// Whether the node is an extra (a comment).
    pub fn is_extra(&self, n: NodeId) -> bool {
        self.nodes[n as usize].flags & EXTRA != 0
    }

    /// Whether the node is an ERROR node.
    pub fn is_error(&self, n: NodeId) -> bool {
        self.nodes[n as usize].flags & ERROR != 0
    }

    /// Whether the node is a token the parser invented to recover (MISSING).
    pub fn is_missing(&self, n: NodeId) -> bool {
        self.nodes[n as usize].flags & MISSING != 0
    }

    /// Whether the node has no children (a token).
    pub fn is_leaf(&self, n: NodeId) -> bool {
        self.nodes[n as usize].children_len == 0
    }

    /// Number of ERROR and MISSING nodes.
    pub fn error_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.flags & (ERROR | MISSING) != 0)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(src: &str) -> NodeTable {
        let mut p = tree_sitter::Parser::new();
        p.set_language(&crate::lang::by_name("c").unwrap().ts_language())
            .unwrap();
        NodeTable::new(&p.parse(src, None).unwrap())
    }

    #[test]
    fn preorder_ids_nest_and_count_tokens() {
        let src = "int f(int a, int b) { return a + b; }\n";
        let t = table(src);
        assert_eq!(t.start(t.root()), 0);
        assert_eq!(t.subtree_end(t.root()) as usize, t.len());
        // int f ( int a , int b ) { return a + b ; }
        assert_eq!(t.tokens(t.root()), 16);
        for n in 0..t.len() as NodeId {
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
