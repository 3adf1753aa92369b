//! Delta debugging over the elements of one list slot (Perses' ReduceStar and
//! ReducePlus), with each chunk a task of its own so the workers test the
//! chunks of a level in parallel.
//!
//! A level splits the list's live elements into chunks of `chunk` elements
//! and queues, for every chunk, the deletion of the chunk (ddmin's complement
//! test) and, with more than two chunks, the deletion of everything else
//! (ddmin's subset test). A shared [`Level`] counts its finished tasks; the
//! last one queues the next level: the same chunk size after progress, half of
//! it after none, and the end after the level of single elements. Unlike
//! textbook ddmin, a level of single elements that made progress is not
//! repeated: the fixpoint's next pass repeats it on the smaller program, and
//! the last pass (which removes nothing) leaves every list 1-minimal. A star
//! list of three or more first tries deleting all of its elements at once;
//! shorter lists start with single elements; a plus list always keeps one.
//!
//! Subset tests are off by default: on the bundled examples they added a
//! quarter more tests without making any result smaller.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::edit::EditView;
use crate::engine::{Attempt, Priority, Task};
use crate::stats::Kind;
use crate::syntax::{ListId, NodeId, Original};

use super::{Change, RANK_ATTEMPT};

/// Lists this short go straight to single-element deletions.
const SINGLES_UP_TO: usize = 2;

/// Bookkeeping shared by the tasks of one ddmin level.
#[derive(Debug)]
pub struct Level {
    list: ListId,
    chunk: usize,
    remaining: AtomicUsize,
    progress: AtomicBool,
}

impl Level {
    /// Records one finished task of the level; the last one returns the next level.
    pub fn finish(&self, original: &Original, committed: bool) -> Option<(Priority, Task)> {
        if committed {
            self.progress.store(true, Ordering::SeqCst);
        }
        if self.remaining.fetch_sub(1, Ordering::SeqCst) != 1 {
            return None;
        }
        // After progress at single elements ddmin would sweep them again; the
        // fixpoint's next pass does that sweep anyway, on a smaller program.
        let next = if self.progress.load(Ordering::SeqCst) && self.chunk > 1 {
            self.chunk
        } else if self.chunk > 1 {
            self.chunk.div_ceil(2)
        } else {
            return None;
        };
        Some(level_task(original, self.list, next, false))
    }
}

/// The first level of ddmin on `list`.
pub fn start(original: &Original, list: ListId) -> Option<(Priority, Task)> {
    let info = &original.lists[list as usize];
    let n = info.elements.len();
    if n == 0 || (info.plus && n == 1) {
        return None;
    }
    // Two elements: the two single deletions cover what halving would test, and
    // deleting both at once is rarely worth a test of its own.
    let chunk = if n <= SINGLES_UP_TO {
        1
    } else if info.plus {
        n.div_ceil(2)
    } else {
        n
    };
    Some(level_task(original, list, chunk, true))
}

fn level_task(original: &Original, list: ListId, chunk: usize, first: bool) -> (Priority, Task) {
    let tokens: usize = original.lists[list as usize]
        .elements
        .iter()
        .map(|&e| original.nodes.tokens(e))
        .sum();
    (
        Priority {
            tokens: tokens as u64,
            rank: RANK_ATTEMPT,
        },
        Task::Ddmin { list, chunk, first },
    )
}

/// The chunk tasks of one level on the live elements of `list`.
pub fn expand(
    original: &Original,
    current: EditView<'_>,
    list: ListId,
    chunk: usize,
    first: bool,
    subsets: bool,
) -> Vec<(Priority, Task)> {
    let info = &original.lists[list as usize];
    let live: Vec<NodeId> = info
        .elements
        .iter()
        .copied()
        .filter(|&e| current.is_live(original, e))
        .collect();
    let m = live.len();
    if m == 0 || (info.plus && m == 1) {
        return Vec::new();
    }
    // After progress the list may have shrunk below the chunk size: halve instead
    // of repeating the whole-list deletion that already failed.
    let mut chunk = chunk.clamp(1, m);
    if chunk == m && chunk > 1 && (!first || info.plus) {
        chunk = m.div_ceil(2);
    }
    let chunks: Vec<&[NodeId]> = live.chunks(chunk).collect();
    let plus = info.plus.then_some(list);
    let tokens = |nodes: &[NodeId]| {
        nodes
            .iter()
            .map(|&n| original.nodes.tokens(n))
            .sum::<usize>() as u64
    };
    let mut changes: Vec<(u64, Vec<NodeId>)> = Vec::new();
    for (i, c) in chunks.iter().enumerate() {
        if !(info.plus && c.len() == m) {
            changes.push((tokens(c), c.to_vec()));
        }
        if subsets && chunks.len() > 2 {
            let rest: Vec<NodeId> = chunks
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .flat_map(|(_, c)| c.iter().copied())
                .collect();
            changes.push((tokens(&rest), rest));
        }
    }
    let level = Arc::new(Level {
        list,
        chunk,
        remaining: AtomicUsize::new(changes.len()),
        progress: AtomicBool::new(false),
    });
    changes
        .into_iter()
        .map(|(tokens, nodes)| {
            (
                Priority {
                    tokens,
                    rank: RANK_ATTEMPT,
                },
                Task::Attempt(Attempt {
                    change: Change::Delete { nodes, plus },
                    kind: Kind::Ddmin,
                    level: Some(level.clone()),
                }),
            )
        })
        .collect()
}
