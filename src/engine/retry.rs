//! Dependency-aware retries within a pass.
//!
//! Largest-first order tries a declaration before the (smaller) code that
//! uses it, so the declaration's deletion fails, and only the next pass of
//! the fixpoint would try it again. Instead, when deleting a node fails while
//! a name inside it also occurs elsewhere, the node watches that name; when
//! commits bring the live occurrences of the name down to those inside the
//! node (its last outside use is gone), the deletion is queued again in the
//! same pass. Names are identifier tokens, so this needs no language
//! knowledge. It only changes which tests run and when: the fixpoint still
//! ends with a pass that removes nothing.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use parking_lot::Mutex;

use super::{Attempt, Priority, Task};
use crate::edit::{Edit, EditView};
use crate::reduce::{Change, RANK_ATTEMPT};
use crate::stats::Kind;
use crate::syntax::{NO_NAME, NameId, NodeId, Original};

struct Watch {
    node: NodeId,
    kind: Kind,
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
            counts: original
                .name_counts
                .iter()
                .map(|&c| AtomicU32::new(c))
                .collect(),
            waiting: Mutex::new(HashMap::new()),
        }
    }

    /// Records that deleting `node` (live in `current`) failed.
    pub fn failed(&self, original: &Original, current: EditView<'_>, node: NodeId, kind: Kind) {
        let inside = names_in(original, current, node);
        let mut watch = None;
        let mut waiting = self.waiting.lock();
        for (name, k) in inside {
            if self.counts[name as usize].load(Ordering::SeqCst) > k {
                let w = watch.get_or_insert_with(|| {
                    Arc::new(Watch {
                        node,
                        kind,
                        fired: AtomicBool::new(false),
                    })
                });
                waiting.entry(name).or_default().push((k, w.clone()));
            }
        }
    }

    /// Accounts for a commit of `extra` on top of `before`; returns the
    /// deletions that became worth retrying.
    pub fn committed(
        &self,
        original: &Original,
        before: EditView<'_>,
        extra: &[(NodeId, Edit)],
    ) -> Vec<(Priority, Task)> {
        let mut removed: HashMap<NameId, u32> = HashMap::new();
        for (n, edit) in extra {
            if !before.is_live(original, *n) {
                continue;
            }
            for (name, k) in names_in(original, before, *n) {
                *removed.entry(name).or_default() += k;
            }
            if let Edit::Hoist(kept) = edit {
                for (name, k) in names_in(original, before, *kept) {
                    *removed.entry(name).or_default() -= k;
                }
            }
        }
        let mut tasks = Vec::new();
        if removed.values().all(|&k| k == 0) {
            return tasks;
        }
        let mut waiting = self.waiting.lock();
        for (name, k) in removed {
            let left = self.counts[name as usize].fetch_sub(k, Ordering::SeqCst) - k;
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
                tasks.push((
                    Priority {
                        tokens: original.nodes.tokens(watch.node) as u64,
                        rank: RANK_ATTEMPT,
                    },
                    Task::Attempt(Attempt {
                        change: Change::Delete {
                            nodes: vec![watch.node],
                            plus: None,
                        },
                        kind: watch.kind,
                        level: None,
                    }),
                ));
                false
            });
        }
        tasks
    }
}

/// Occurrences of each name among the live tokens of `n`.
fn names_in(original: &Original, view: EditView<'_>, n: NodeId) -> HashMap<NameId, u32> {
    let mut names = HashMap::new();
    view.for_each_live_leaf(original, n, |leaf| {
        let name = original.name(leaf);
        if name != NO_NAME {
            *names.entry(name).or_default() += 1;
        }
    });
    names
}
