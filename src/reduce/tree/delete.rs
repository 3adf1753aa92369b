//! Deletion of optional nodes and of list elements (the edits behind every
//! ddmin chunk and every retry too).

use crate::edit::{Edit, EditView};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject};
use crate::syntax::{ListId, NodeId, Role};

/// Deleting a node that sits alone in an optional slot.
pub struct DeleteOptional;

/// The table entry.
pub static DELETE: DeleteOptional = DeleteOptional;

impl Reduction for DeleteOptional {
    fn name(&self) -> &'static str {
        "delete"
    }

    fn about(&self) -> &'static str {
        "Delete optional nodes (always on)"
    }

    fn switchable(&self) -> bool {
        false
    }

    fn visit_child<'a>(
        &self,
        cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        c: NodeId,
        out: &mut Tasks<'a>,
    ) {
        if cx.original.role(c) == Role::Optional {
            out.push(Attempt::removing(
                cx.original.nodes.tokens(c),
                Delete {
                    nodes: vec![c],
                    plus: None,
                    kind: self.name(),
                },
            ));
        }
    }
}

/// Delete these nodes (sorted by id). With `plus`, at least one element of
/// that Kleene-plus list must survive.
#[derive(Clone, Debug)]
pub struct Delete {
    /// The nodes.
    pub nodes: Vec<NodeId>,
    /// The plus list the nodes belong to, if any.
    pub plus: Option<ListId>,
    /// The reduction that proposed it: `delete`, `ddmin` or `retries`.
    pub kind: &'static str,
}

impl Change for Delete {
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// Deletes the live nodes inside the scope, unless that would empty the
    /// plus list they belong to.
    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        let inside: Vec<NodeId> = self
            .nodes
            .iter()
            .copied()
            .filter(|&n| cx.inside(n))
            .collect();
        let live = current.live_among(original, &inside);
        if live.is_empty() {
            return None;
        }
        if let Some(list) = self.plus {
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

    fn deletes(&self) -> bool {
        true
    }

    fn chunk(&self) -> Option<&[NodeId]> {
        (self.kind == super::ddmin::DDMIN.name()).then_some(&self.nodes[..])
    }
}
