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
    let info = &original.list(list);
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
    let info = &original.list(list);
    let tokens: usize = (0..info.elements.len())
        .flat_map(|i| info.nodes_of(i))
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
    let info = &original.list(list);
    // Live elements, each as the nodes it stands for (one node, or a line's tokens).
    let live: Vec<&[NodeId]> = (0..info.elements.len())
        .map(|i| info.nodes_of(i))
        .filter(|nodes| nodes.iter().any(|&e| current.is_live(original, e)))
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
    let chunks: Vec<Vec<NodeId>> = live.chunks(chunk).map(|c| c.concat()).collect();
    let plus = info.plus.then_some(list);
    let tokens = |nodes: &[NodeId]| {
        nodes
            .iter()
            .map(|&n| original.nodes.tokens(n))
            .sum::<usize>() as u64
    };
    let mut changes: Vec<(u64, Vec<NodeId>)> = Vec::new();
    for (i, c) in chunks.iter().enumerate() {
        if !(info.plus && chunks.len() == 1) {
            changes.push((tokens(c), c.clone()));
        }
        if subsets && chunks.len() > 2 {
            let mut rest: Vec<NodeId> = chunks
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .flat_map(|(_, c)| c.iter().copied())
                .collect();
            rest.sort_unstable();
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::edit::EditSet;
    use crate::syntax::Original;

    fn original(src: &str) -> Original {
        let g = crate::lang::Language::by_name("javascript")
            .unwrap()
            .syntax();
        Original::parse(g, Arc::from(src.as_bytes())).unwrap()
    }

    fn array_list(o: &Original) -> ListId {
        o.lists
            .iter()
            .position(|l| o.node_text(l.elements[0]) == b"1")
            .map(ListId::new)
            .unwrap()
    }

    /// The element texts each attempt of a level deletes.
    fn chunks(o: &Original, tasks: &[(Priority, Task)]) -> Vec<String> {
        tasks
            .iter()
            .map(|(_, t)| match t {
                Task::Attempt(a) => {
                    let Change::Delete { nodes, .. } = &a.change else {
                        panic!("not a deletion")
                    };
                    nodes
                        .iter()
                        .map(|&n| String::from_utf8_lossy(o.node_text(n)).into_owned())
                        .collect::<Vec<_>>()
                        .join("")
                }
                other => panic!("not an attempt: {other:?}"),
            })
            .collect()
    }

    fn level_of(tasks: &[(Priority, Task)]) -> Arc<Level> {
        match &tasks[0].1 {
            Task::Attempt(a) => a.level.clone().unwrap(),
            _ => unreachable!(),
        }
    }

    fn next_level(o: &Original, level: &Level, results: &[bool]) -> Option<(usize, bool)> {
        let mut next = None;
        for &r in results {
            next = level.finish(o, r);
        }
        next.map(|(_, t)| match t {
            Task::Ddmin { chunk, first, .. } => (chunk, first),
            _ => unreachable!(),
        })
    }

    #[test]
    fn star_list_levels_delete_all_then_halve_to_singles() {
        let o = original("f([1, 2, 3, 4, 5]);\n");
        let list = array_list(&o);
        let edits = EditSet::new();
        let Some((_, Task::Ddmin { chunk, first, .. })) = start(&o, list) else {
            panic!()
        };
        assert_eq!((chunk, first), (5, true));
        let tasks = expand(&o, edits.view(), list, chunk, first, false);
        assert_eq!(chunks(&o, &tasks), ["12345"]);
        let next = next_level(&o, &level_of(&tasks), &[false]);
        assert_eq!(next, Some((3, false)));
        let tasks = expand(&o, edits.view(), list, 3, false, false);
        assert_eq!(chunks(&o, &tasks), ["123", "45"]);
        assert_eq!(
            next_level(&o, &level_of(&tasks), &[false, false]),
            Some((2, false))
        );
        let tasks = expand(&o, edits.view(), list, 2, false, false);
        assert_eq!(chunks(&o, &tasks), ["12", "34", "5"]);
        // With subsets, more than two chunks also test "keep only this chunk".
        let with_subsets = expand(&o, edits.view(), list, 2, false, true);
        assert_eq!(
            chunks(&o, &with_subsets),
            ["12", "345", "34", "125", "5", "1234"]
        );
        // Progress keeps the chunk size; none at single elements ends the list.
        assert_eq!(
            next_level(&o, &level_of(&tasks), &[false, true, false]),
            Some((2, false))
        );
        let tasks = expand(&o, edits.view(), list, 1, false, false);
        assert_eq!(chunks(&o, &tasks), ["1", "2", "3", "4", "5"]);
        assert_eq!(
            next_level(&o, &level_of(&tasks), &[true, false, false, false, false]),
            None
        );
    }

    #[test]
    fn deleted_elements_drop_out_of_later_levels() {
        let o = original("f([1, 2, 3, 4]);\n");
        let list = array_list(&o);
        let two = o.list(list).elements[1];
        let edits = EditSet::new().merged(&[(two, crate::edit::Edit::Delete)]);
        let tasks = expand(&o, edits.view(), list, 2, false, false);
        assert_eq!(chunks(&o, &tasks), ["13", "4"]);
    }

    #[test]
    fn short_lists_start_with_single_elements() {
        let o = original("f([1, 2]);\n");
        let list = array_list(&o);
        let Some((_, Task::Ddmin { chunk, .. })) = start(&o, list) else {
            panic!()
        };
        assert_eq!(chunk, 1);
    }

    #[test]
    fn plus_lists_never_delete_everything() {
        // A C declaration needs at least one declarator.
        let g = crate::lang::Language::by_name("c").unwrap().syntax();
        let o = Original::parse(g, Arc::from(&b"int a, b, c;\n"[..])).unwrap();
        let list = o
            .lists
            .iter()
            .position(|l| l.plus)
            .map(ListId::new)
            .unwrap();
        let Some((_, Task::Ddmin { chunk, first, .. })) = start(&o, list) else {
            panic!()
        };
        assert_eq!(chunk, 2, "no delete-all level");
        let tasks = expand(&o, EditSet::new().view(), list, chunk, first, false);
        assert_eq!(chunks(&o, &tasks), ["ab", "c"]);
        let one = original("f([1]);\n");
        assert!(
            start(&one, array_list(&one)).is_some(),
            "a star list of one"
        );
        let single = Original::parse(g, Arc::from(&b"int a;\n"[..])).unwrap();
        let plus = single
            .lists
            .iter()
            .position(|l| l.plus)
            .map(ListId::new)
            .unwrap();
        assert!(
            start(&single, plus).is_none(),
            "a plus list of one has nothing to do"
        );
    }
}
