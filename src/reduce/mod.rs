//! The reductions: what tasks a node gives rise to, and what edits each task
//! makes on top of the current best. One file per reduction; the engine only
//! schedules what these functions return.

pub mod ddmin;
pub mod delete;
pub mod tidy;

use crate::edit::{Edit, EditView};
use crate::engine::{Priority, Task};
use crate::syntax::{NodeId, Original, Role};

/// Rank of tasks that run a test (ddmin chunks, deletions): before expansions of equal size.
pub const RANK_ATTEMPT: u8 = 0;
/// Rank of [`Task::Visit`]: a node is expanded after the tests of its own size.
pub const RANK_VISIT: u8 = 1;

/// A change a task proposes. [`Change::edits`] re-derives its edits from the
/// current best each time, so a task re-applied after a concurrent commit
/// adapts (or turns out to be implied and is dropped).
#[derive(Clone, Debug)]
pub enum Change {
    /// Delete these nodes (sorted by id). With `plus`, at least one element of
    /// that Kleene-plus list must survive.
    Delete {
        /// The nodes.
        nodes: Vec<NodeId>,
        /// The plus list the nodes belong to, if any.
        plus: Option<u32>,
    },
}

impl Change {
    /// The edits this change adds to `current`, or `None` if there is nothing
    /// left to do (already implied) or it is not allowed any more.
    pub fn edits(
        &self,
        original: &Original,
        scope: NodeId,
        current: EditView<'_>,
    ) -> Option<Vec<(NodeId, Edit)>> {
        match self {
            Change::Delete { nodes, plus } => delete::edits(original, scope, current, nodes, *plus),
        }
    }
}

/// Expands node `n` (Perses' worklist step): ddmin tasks for the lists it owns,
/// deletion tasks for its optional children, and visits of its inner children.
/// Children's visits go in right away, below the parent's own tasks: idle
/// workers may then start on them while the parent's ddmin is still running.
pub fn visit(original: &Original, current: EditView<'_>, n: NodeId) -> Vec<(Priority, Task)> {
    let nodes = &original.nodes;
    let mut tasks = Vec::new();
    if !current.is_live(original, n) {
        return tasks;
    }
    for &c in nodes.children(n) {
        match original.role(c) {
            Role::Optional => tasks.push(delete::task(original, c)),
            Role::Element { list, index: 0 } if original.lists[list as usize].parent == n => {
                tasks.extend(ddmin::start(original, list));
            }
            _ => {}
        }
        if !nodes.is_leaf(c) {
            tasks.push((
                Priority {
                    tokens: nodes.tokens(c) as u64,
                    rank: RANK_VISIT,
                },
                Task::Visit(c),
            ));
        }
    }
    tasks
}
