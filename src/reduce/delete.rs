//! Deletion of optional nodes and of list elements (the edits behind every
//! ddmin chunk too).

use crate::edit::{Edit, EditView};
use crate::engine::{Attempt, Priority, Task};
use crate::stats::Kind;
use crate::syntax::{ListId, NodeId, Original};

use super::{Change, RANK_ATTEMPT};

/// A task deleting the optional node `n`.
pub fn task(original: &Original, n: NodeId) -> (Priority, Task) {
    (
        Priority {
            tokens: original.nodes.tokens(n) as u64,
            rank: RANK_ATTEMPT,
        },
        Task::Attempt(Attempt {
            change: Change::Delete {
                nodes: vec![n],
                plus: None,
            },
            kind: Kind::Delete,
            level: None,
        }),
    )
}

/// The deletions still to make, restricted to the scope; `None` when all are
/// already gone or when a plus list would lose its last element.
pub fn edits(
    original: &Original,
    scope: NodeId,
    current: EditView<'_>,
    nodes: &[NodeId],
    plus: Option<ListId>,
) -> Option<Vec<(NodeId, Edit)>> {
    let table = &original.nodes;
    let live: Vec<NodeId> = nodes
        .iter()
        .copied()
        .filter(|&n| n != scope && table.contains(scope, n) && current.is_live(original, n))
        .collect();
    if live.is_empty() {
        return None;
    }
    if let Some(list) = plus {
        let survives = original
            .list(list)
            .elements
            .iter()
            .any(|e| live.binary_search(e).is_err() && current.is_live(original, *e));
        if !survives {
            return None;
        }
    }
    Some(live.into_iter().map(|n| (n, Edit::Delete)).collect())
}
