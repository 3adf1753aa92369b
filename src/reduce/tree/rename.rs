//! Identifier replacement: a use of a name is replaced by another name of
//! the same kind used nearby, so that a declaration can lose its last use
//! and be deleted (the retry rule then queues it again in the same pass).
//!
//! A name is only ever replaced by one that occurs at least as often (ties
//! broken by the text), so every accepted replacement strictly increases the
//! sum of the squared occurrence counts: no sequence of passes can rename
//! back and forth, and the fixpoint is reached.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::reduce::{Attempt, Change, RANK_RENAME, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NameId, NodeId, Original};
use crate::task::{Priority, Queued};

/// Renaming as a table entry.
pub struct RenameReduction;

/// The table entry.
pub static RENAME: RenameReduction = RenameReduction;

impl Reduction for RenameReduction {
    fn name(&self) -> &'static str {
        "rename"
    }

    fn about(&self) -> &'static str {
        "Do not rename a use of a name to a more frequent name of the same kind used nearby (which lets declarations go)"
    }

    fn visit_child<'a>(
        &self,
        cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        c: NodeId,
        out: &mut Tasks<'a>,
    ) {
        if cx.original.nodes.is_leaf(c) {
            out.extend(task(cx.grammar, cx.original, c));
        }
    }
}

/// Replace the identifier token `node` by another name.
#[derive(Clone, Debug)]
pub struct Rename {
    /// The identifier token.
    pub node: NodeId,
    /// The other name.
    pub text: Arc<[u8]>,
}

impl Change for Rename {
    fn kind(&self) -> &'static str {
        RENAME.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !cx.inside(self.node) {
            return None;
        }
        edits(cx.original, current, self.node, &self.text)
    }
}

/// How far (in preorder node ids) to look for another name.
const NEARBY: u32 = 400;

/// The replacement task for identifier token `leaf`, if a better name is near.
pub fn task<'a>(
    grammar: &Grammar,
    original: &Original,
    leaf: NodeId,
) -> Option<Queued<TreeSubject<'a>>> {
    let nodes = &original.nodes;
    let name = original.name(leaf);
    if name == NameId::NONE || grammar.is_definer_field(nodes.field(leaf)) {
        return None;
    }
    let kind = nodes.kind(leaf);
    let rank = |n: NodeId| (original.name_count(original.name(n)), original.node_text(n));
    let mine = rank(leaf);
    let better = |&m: &NodeId| {
        m != leaf
            && nodes.is_leaf(m)
            && nodes.kind(m) == kind
            && original.name(m) != NameId::NONE
            && original.name(m) != name
            && rank(m) > mine
    };
    // The nearest one before, else after.
    let before = leaf.back(NEARBY).up_to(leaf).rev().find(better);
    let end = leaf.forward(NEARBY).min(nodes.subtree_end(nodes.root()));
    let after = || leaf.next().up_to(end).find(better);
    let other = before.or_else(after)?;
    Some(Attempt::queued(
        Priority {
            tokens: 0,
            rank: RANK_RENAME,
        },
        Rename {
            node: leaf,
            text: Arc::from(original.node_text(other)),
        },
    ))
}

/// The edit, unless the token is gone or already changed.
pub fn edits(
    original: &Original,
    current: EditView<'_>,
    node: NodeId,
    text: &Arc<[u8]>,
) -> Option<Vec<(NodeId, Edit)>> {
    if !current.is_live(original, node) || current.get(node).is_some() {
        return None;
    }
    Some(vec![(node, Edit::Text(text.clone()))])
}
