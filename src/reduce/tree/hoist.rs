//! Hoisting (Perses' ReduceRegular): replace a node by a descendant whose
//! kind is allowed in the node's own slot, so `if (c) { s; }` becomes
//! `{ s; }` and `a + (b * y)` becomes `(b * y)`, then `y`.
//!
//! Candidates come from a breadth-first search below the node, at most
//! [`MAX_DEPTH`] levels deep, that stops on each path at the first
//! compatible node (Perses' BoundedBFS). When the node is a list element, a
//! descendant list whose elements are all allowed in the node's slot may
//! take its place too (Perses' Kleene case): `{ a; b; }` in a statement list
//! becomes `a; b;`. Every candidate is its own task, prioritized by the
//! tokens it removes, so the smallest replacement is tried first; a later,
//! larger one is dropped once a smaller one is in place.

use std::collections::VecDeque;

use crate::edit::{Edit, EditView};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject, inner_slot, slot_of};
use crate::syntax::{KindSet, NodeId, Original};
use crate::task::Queued;

/// Hoisting as a table entry.
pub struct HoistReduction;

/// The table entry.
pub static HOIST: HoistReduction = HoistReduction;

impl Reduction for HoistReduction {
    fn name(&self) -> &'static str {
        "hoist"
    }

    fn about(&self) -> &'static str {
        "Do not replace nodes by compatible descendants (hoisting)"
    }

    fn visit_child<'a>(
        &self,
        cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        c: NodeId,
        out: &mut Tasks<'a>,
    ) {
        if let Some(slot) = inner_slot(cx, c) {
            out.extend(tasks(cx.original, c, c, &slot.types, slot.multiple));
        }
    }
}

/// Replace `node` by the siblings `first..=last` below it.
#[derive(Clone, Debug)]
pub struct Hoist {
    /// The replaced node.
    pub node: NodeId,
    /// The first kept node.
    pub first: NodeId,
    /// The last kept node.
    pub last: NodeId,
}

impl Change for Hoist {
    fn kind(&self) -> &'static str {
        HOIST.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        if !cx.inside(self.node) {
            return None;
        }
        edits(cx.original, current, self.node, self.first, self.last)
    }

    fn alternative_of(&self) -> Option<NodeId> {
        Some(self.node)
    }

    /// A node hoisted into a slot keeps the slot, so it may be hoisted again
    /// from what replaced it.
    fn follow_ups<'a>(&self, cx: &TreeSubject<'a>) -> Vec<Queued<TreeSubject<'a>>> {
        if self.first != self.last || !cx.config.runs(HOIST.name()) {
            return Vec::new();
        }
        match slot_of(cx.grammar, cx.original, self.node) {
            Some(slot) => tasks(
                cx.original,
                self.node,
                self.first,
                &slot.types,
                slot.multiple,
            ),
            None => Vec::new(),
        }
    }
}

/// Perses' bound on the search below a node.
pub const MAX_DEPTH: usize = 4;

/// The hoisting tasks for `node`, whose slot accepts `allowed`, searching
/// below `below` (the node itself, or what already replaced it). `in_list`:
/// the node's slot is a list, so descendant lists may replace it.
pub fn tasks<'a>(
    original: &Original,
    node: NodeId,
    below: NodeId,
    allowed: &KindSet,
    in_list: bool,
) -> Vec<Queued<TreeSubject<'a>>> {
    let nodes = &original.nodes;
    let mut found: Vec<(NodeId, NodeId)> = compatible_below(original, below, allowed)
        .into_iter()
        .map(|d| (d, d))
        .collect();
    if in_list {
        // Lists owned by `below` or a descendant within the bound.
        let mut owners = vec![(below, 0)];
        let mut i = 0;
        while i < owners.len() {
            let (p, depth) = owners[i];
            i += 1;
            for list in original.lists_owned_by(p) {
                let info = &original.list(list);
                if !info.members.is_empty() || info.elements.is_empty() {
                    continue;
                }
                let fits = info
                    .elements
                    .iter()
                    .all(|&e| allowed.contains(nodes.kind(e)));
                let (first, last) = (info.elements[0], *info.elements.last().expect("not empty"));
                if fits && (first, last) != (below, below) {
                    found.push((first, last));
                }
            }
            if depth < MAX_DEPTH {
                owners.extend(
                    nodes
                        .children(p)
                        .iter()
                        .filter(|&&c| !nodes.is_leaf(c))
                        .map(|&c| (c, depth + 1)),
                );
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    found
        .into_iter()
        .filter_map(|(first, last)| {
            let kept = kept_tokens(original, first, last);
            let removed = nodes.tokens(node).checked_sub(kept).filter(|&r| r > 0)?;
            Some(Attempt::removing(removed, Hoist { node, first, last }))
        })
        .collect()
}

/// The nodes below `below` whose kind is in `allowed`: a breadth-first
/// search at most [`MAX_DEPTH`] levels deep that stops on each path at the
/// first such node (Perses' BoundedBFS), in the order found.
pub fn compatible_below(original: &Original, below: NodeId, allowed: &KindSet) -> Vec<NodeId> {
    let nodes = &original.nodes;
    let mut found = Vec::new();
    let mut queue: VecDeque<(NodeId, usize)> =
        nodes.children(below).iter().map(|&c| (c, 1)).collect();
    while let Some((d, depth)) = queue.pop_front() {
        if nodes.is_extra(d) || nodes.is_missing(d) || nodes.is_error(d) {
            continue;
        }
        if nodes.is_named(d) && allowed.contains(nodes.kind(d)) {
            found.push(d);
            continue;
        }
        if depth < MAX_DEPTH {
            queue.extend(nodes.children(d).iter().map(|&c| (c, depth + 1)));
        }
    }
    found
}

/// Tokens from the start of `first` to the end of its sibling `last`.
pub fn kept_tokens(original: &Original, first: NodeId, last: NodeId) -> usize {
    let nodes = &original.nodes;
    let parent = nodes.parent(first);
    if first == last || parent == NodeId::NONE {
        return nodes.tokens(first);
    }
    nodes
        .children(parent)
        .iter()
        .filter(|&&s| first <= s && s <= last)
        .map(|&s| nodes.tokens(s))
        .sum()
}

/// The edit for hoisting, unless the node is gone or already replaced by
/// something at least as small.
pub fn edits(
    original: &Original,
    current: EditView<'_>,
    node: NodeId,
    first: NodeId,
    last: NodeId,
) -> Option<Vec<(NodeId, Edit)>> {
    if !current.is_live(original, node) || !current.is_live(original, first) {
        return None;
    }
    match current.get(node) {
        Some(Edit::Hoist {
            first: f, last: l, ..
        }) if kept_tokens(original, *f, *l) <= kept_tokens(original, first, last) => None,
        Some(Edit::Text(_) | Edit::Name(_) | Edit::Delete) => None,
        _ => Some(vec![(
            node,
            Edit::Hoist {
                first,
                last,
                end: "",
            },
        )]),
    }
}
