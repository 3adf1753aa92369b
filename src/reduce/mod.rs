//! The reductions: what tasks a node gives rise to, and what edits each task
//! makes on top of the current best. One file per reduction; the engine only
//! schedules what these functions return.

pub mod canon;
pub mod ddmin;
pub mod delete;
pub mod hoist;
pub mod rename;
pub mod replace;
pub mod tidy;

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::engine::{Config, Priority, Task};
use crate::syntax::{Grammar, ListId, NodeId, Original, Role, Slot};

/// Rank of tasks that run a test (ddmin chunks, deletions): before expansions of equal size.
pub const RANK_ATTEMPT: u8 = 0;
/// Rank of [`Task::Visit`]: a node is expanded after the tests of its own size.
pub const RANK_VISIT: u8 = 1;
/// Rank of identifier replacements (which remove no tokens themselves).
pub const RANK_RENAME: u8 = 2;
/// Rank of token canonicalization: after everything else of the pass.
pub const RANK_CANON: u8 = 3;

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
        plus: Option<ListId>,
    },
    /// Replace `node` by the siblings `first..=last` below it (see [`hoist`]).
    Hoist {
        /// The replaced node.
        node: NodeId,
        /// The first kept node.
        first: NodeId,
        /// The last kept node.
        last: NodeId,
    },
    /// Replace `node` by the text of a smaller compatible tree (see [`replace`]).
    Replace {
        /// The replaced node.
        node: NodeId,
        /// The replacement.
        text: Arc<[u8]>,
        /// Tokens in the replacement.
        tokens: usize,
    },
    /// Replace the identifier token `node` by another name (see [`rename`]).
    Rename {
        /// The identifier token.
        node: NodeId,
        /// The other name.
        text: Arc<[u8]>,
    },
    /// Replace tokens that show `from` by `to` (see [`canon`]).
    Canon {
        /// The tokens.
        nodes: Vec<NodeId>,
        /// Their current text.
        from: Arc<[u8]>,
        /// The canonical text.
        to: Arc<[u8]>,
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
        let inside = |n: NodeId| n != scope && original.nodes.contains(scope, n);
        match self {
            Change::Delete { nodes, plus } => delete::edits(original, scope, current, nodes, *plus),
            Change::Hoist { node, first, last } if inside(*node) => {
                hoist::edits(original, current, *node, *first, *last)
            }
            Change::Replace { node, text, tokens } if inside(*node) => {
                replace::edits(original, current, *node, text, *tokens)
            }
            Change::Rename { node, text } if inside(*node) => {
                rename::edits(original, current, *node, text)
            }
            Change::Canon { nodes, from, to } if nodes.iter().all(|&n| inside(n)) => {
                canon::edits(original, current, nodes, from, to)
            }
            _ => None,
        }
    }

    /// Tasks that become possible once this change is committed: a hoisted
    /// node keeps its slot, so it may be hoisted again from what replaced it.
    pub fn follow_ups(
        &self,
        grammar: &Grammar,
        original: &Original,
        config: &Config,
    ) -> Vec<(Priority, Task)> {
        match self {
            Change::Hoist { node, first, last } if first == last && config.hoist => {
                match slot_of(grammar, original, *node) {
                    Some(slot) => hoist::tasks(original, *node, *first, &slot.types, slot.multiple),
                    None => Vec::new(),
                }
            }
            _ => Vec::new(),
        }
    }
}

/// The slot `c` sits in, if the grammar says (not for comments, ERROR
/// children or anonymous tokens outside fields).
pub fn slot_of<'g>(grammar: &'g Grammar, original: &Original, c: NodeId) -> Option<&'g Slot> {
    let nodes = &original.nodes;
    let p = nodes.parent(c);
    if p == NodeId::NONE || nodes.is_extra(c) || nodes.is_error(p) || nodes.is_missing(c) {
        return None;
    }
    match nodes.field(c) {
        None if nodes.is_named(c) => grammar.children_slot(nodes.kind(p)),
        None => None,
        Some(field) => grammar.field_slot(nodes.kind(p), field),
    }
}

/// Expands node `n` (Perses' worklist step): ddmin tasks for the lists it owns,
/// deletion tasks for its optional children, hoisting and replacement tasks
/// for its children, identifier replacements for its name tokens, and visits
/// of its inner children. Children's visits go in right away, below the
/// parent's own tasks: idle workers may then start on them while the
/// parent's ddmin is still running.
pub fn visit(
    grammar: &Grammar,
    config: &Config,
    original: &Original,
    current: EditView<'_>,
    n: NodeId,
) -> Vec<(Priority, Task)> {
    let nodes = &original.nodes;
    let mut tasks = Vec::new();
    if !current.is_live(original, n) {
        return tasks;
    }
    for list in original.lists_owned_by(n) {
        tasks.extend(ddmin::start(original, list));
    }
    for &c in nodes.children(n) {
        if original.role(c) == Role::Optional {
            tasks.push(delete::task(original, c));
        }
        if let Some(slot) = slot_of(grammar, original, c).filter(|_| !nodes.is_leaf(c)) {
            if config.hoist {
                tasks.extend(hoist::tasks(original, c, c, &slot.types, slot.multiple));
            }
            if config.replace {
                tasks.extend(replace::task(original, c, &slot.types));
            }
        }
        if config.rename && nodes.is_leaf(c) {
            tasks.extend(rename::task(grammar, original, c));
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
