//! Replacement by the smallest compatible tree: a node in a slot that
//! accepts kinds T is replaced by the text of the smallest node of a kind in
//! T that occurs anywhere in the program (an expression by `0` or a variable
//! already used, a type by `int`, a block by `{}`), instead of by entries of
//! a hand-written per-language table.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::engine::{Attempt, Priority, Task};
use crate::stats::Kind;
use crate::syntax::{KindSet, NodeId, Original};

use super::{Change, RANK_ATTEMPT};

/// The replacement task for `node` in a slot accepting `allowed`, if the
/// program has a smaller compatible tree.
pub fn task(original: &Original, node: NodeId, allowed: &KindSet) -> Option<(Priority, Task)> {
    let nodes = &original.nodes;
    // On a tie a literal beats a name: `int v = 0;` reads better than
    // `int v = v;` and refers to nothing.
    let is_name = |m: NodeId| original.name(m) != crate::syntax::NameId::NONE;
    let size = |m: NodeId| (nodes.tokens(m), nodes.end(m) - nodes.start(m), is_name(m));
    let best = allowed
        .iter()
        .filter_map(|kind| original.smallest_of_kind(kind))
        .min_by_key(|&m| size(m))?;
    let removed = nodes
        .tokens(node)
        .checked_sub(nodes.tokens(best))
        .filter(|&r| r > 0)?;
    Some((
        Priority {
            tokens: removed as u64,
            rank: RANK_ATTEMPT,
        },
        Task::Attempt(Attempt {
            change: Change::Replace {
                node,
                text: Arc::from(original.node_text(best)),
                tokens: nodes.tokens(best),
            },
            kind: Kind::Replace,
            level: None,
        }),
    ))
}

/// The edit, unless the node is gone or already replaced by something at
/// least as small (`tokens` is the size of the replacement).
pub fn edits(
    original: &Original,
    current: EditView<'_>,
    node: NodeId,
    text: &Arc<[u8]>,
    tokens: usize,
) -> Option<Vec<(NodeId, Edit)>> {
    if !current.is_live(original, node) || original.node_text(node) == &text[..] {
        return None;
    }
    match current.get(node) {
        Some(Edit::Text(_) | Edit::Delete) => None,
        Some(Edit::Hoist { first, last })
            if super::hoist::kept_tokens(original, *first, *last) <= tokens =>
        {
            None
        }
        _ => Some(vec![(node, Edit::Text(text.clone()))]),
    }
}
