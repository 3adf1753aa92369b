//! Dependency-aware retries within a pass.
//!
//! Largest-first order tries a declaration before the (smaller) code that
//! uses it, so the declaration's deletion fails, and only the next pass of
//! the fixpoint would try it again. Instead, when deleting a node fails while
//! a name it defines also occurs elsewhere, the node watches that name; when
//! commits bring the live occurrences of the name down to those inside the
//! node (its last outside use is gone), the deletion is queued again in the
//! same pass. Names are identifier tokens and "defines" means "sits in a
//! `name`, `declarator` or `pattern` field", conventions all three grammars
//! follow. Watching every name a node mentions instead fired three times as
//! many retries on the JavaScript example, most of them failing. It only
//! changes which tests run and when: the fixpoint still ends with a pass
//! that removes nothing.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use parking_lot::Mutex;

use super::tree::delete::Delete;
use super::{Attempt, Reduction, TreeSubject};
use crate::edit::{Edit, EditView};
use crate::syntax::{Grammar, NameId, NodeId, Original};
use crate::task::Queued;

/// The name of the retry rule (`--no-retries`).
pub const RETRIES_NAME: &str = "retries";

/// The retry rule as a table entry: it proposes no tasks of its own; the
/// syntax subject feeds it failed and committed changes.
pub struct RetryRule;

/// The table entry.
pub static RETRIES: RetryRule = RetryRule;

impl Reduction for RetryRule {
    fn name(&self) -> &'static str {
        RETRIES_NAME
    }

    fn about(&self) -> &'static str {
        "Do not retry a failed deletion in the same pass when the last use of a name inside it disappears (wait for the next pass instead)"
    }
}

struct Watch {
    node: NodeId,
    fired: AtomicBool,
}

/// For each name, the failed deletions watching it, with the number of the
/// name's occurrences inside the watched node.
type Waiting = HashMap<NameId, Vec<(u32, Arc<Watch>)>>;

/// The live count of every name, and the failed deletions waiting on names.
pub struct Retries {
    counts: Vec<AtomicU32>,
    waiting: Mutex<Waiting>,
}

impl Retries {
    /// Counts from the pass's original program.
    pub fn new(original: &Original) -> Retries {
        Retries {
            counts: (0..original.name_total())
                .map(|i| AtomicU32::new(original.name_count(NameId::new(i))))
                .collect(),
            waiting: Mutex::new(HashMap::new()),
        }
    }

    /// Records that deleting `node` (live in `current`) failed.
    pub fn failed(
        &self,
        grammar: &Grammar,
        original: &Original,
        current: EditView<'_>,
        node: NodeId,
    ) {
        let defined = defined_names(grammar, original, current, node);
        if defined.is_empty() {
            return;
        }
        let inside = names_in(original, current, node);
        let mut watch = None;
        let mut waiting = self.waiting.lock();
        for name in defined {
            let k = inside.get(&name).copied().unwrap_or(0);
            if self.counts[name.index()].load(Ordering::SeqCst) > k {
                let w = watch.get_or_insert_with(|| {
                    Arc::new(Watch {
                        node,
                        fired: AtomicBool::new(false),
                    })
                });
                waiting.entry(name).or_default().push((k, w.clone()));
            }
        }
    }

    /// Accounts for a commit of `extra` on top of `before` (giving `after`);
    /// returns the deletions that became worth retrying, in the order of
    /// their nodes. Neither the order the names are visited in (a hash
    /// map's, different in every process) nor the order the watches were
    /// registered in (by lanes side by side) shows in it: retries of equal
    /// size run in the order they are queued, so either would make runs
    /// differ.
    pub fn committed<'a>(
        &self,
        original: &Original,
        before: EditView<'_>,
        after: EditView<'_>,
        extra: &[(NodeId, Edit)],
    ) -> Vec<Queued<TreeSubject<'a>>> {
        // Names each edited node showed before the commit and shows after it
        // (a hoist keeps some, a deletion or a new text none).
        let mut removed: HashMap<NameId, u32> = HashMap::new();
        for (n, _) in extra {
            if !before.is_live(original, *n) {
                continue;
            }
            let kept = if after.is_live(original, *n) {
                names_in(original, after, *n)
            } else {
                HashMap::new()
            };
            for (name, k) in names_in(original, before, *n) {
                let gone = k.saturating_sub(kept.get(&name).copied().unwrap_or(0));
                if gone > 0 {
                    *removed.entry(name).or_default() += gone;
                }
            }
        }
        let mut fired = Vec::new();
        if removed.is_empty() {
            return Vec::new();
        }
        let mut waiting = self.waiting.lock();
        for (name, k) in removed {
            let count = &self.counts[name.index()];
            let left = count
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |c| {
                    Some(c.saturating_sub(k))
                })
                .map_or(0, |c| c.saturating_sub(k));
            let Some(watches) = waiting.get_mut(&name) else {
                continue;
            };
            watches.retain(|(inside, watch)| {
                if watch.fired.load(Ordering::SeqCst) {
                    return false;
                }
                if left > *inside {
                    return true;
                }
                watch.fired.store(true, Ordering::SeqCst);
                fired.push(watch.node);
                false
            });
        }
        fired.sort_unstable();
        fired
            .into_iter()
            .map(|node| {
                Attempt::removing(
                    original.nodes.tokens(node),
                    Delete {
                        nodes: vec![node],
                        plus: None,
                        kind: RETRIES_NAME,
                    },
                )
            })
            .collect()
    }
}

/// The names `n` defines: the live identifiers in a definer field (`name`,
/// `declarator`, `pattern`) closest to `n` (so a function's own name, not
/// its parameters'), at most [`DEFINER_DEPTH`] levels down.
fn defined_names(
    grammar: &Grammar,
    original: &Original,
    view: EditView<'_>,
    n: NodeId,
) -> Vec<NameId> {
    let nodes = &original.nodes;
    let mut level = vec![n];
    for _ in 0..DEFINER_DEPTH {
        let mut found = Vec::new();
        let mut next = Vec::new();
        for &p in &level {
            for &c in nodes.children(p) {
                let name = original.name(c);
                if name != NameId::NONE
                    && grammar.is_definer_field(nodes.field(c))
                    && view.is_live(original, c)
                {
                    found.push(name);
                }
                next.push(c);
            }
        }
        if !found.is_empty() {
            found.sort_unstable();
            found.dedup();
            return found;
        }
        level = next;
    }
    Vec::new()
}

/// How deep below a node its defined name may sit (`int *f(void)`: the
/// function_definition -> declarator -> declarator -> identifier).
const DEFINER_DEPTH: usize = 4;

/// Occurrences of each name among the live tokens of `n`.
fn names_in(original: &Original, view: EditView<'_>, n: NodeId) -> HashMap<NameId, u32> {
    let mut names = HashMap::new();
    view.for_each_live_leaf(original, n, |leaf| {
        let name = original.name(leaf);
        if name != NameId::NONE {
            *names.entry(name).or_default() += 1;
        }
    });
    names
}
