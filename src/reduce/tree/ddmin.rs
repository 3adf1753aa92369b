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
//! In rounds (a width above 1) a level tests each chunk of
//! [`SPECULATE_FROM`] elements or more together with its two halves, and
//! the next level is chosen as after the level of the halves: a chunk that
//! fails (the one holding what the test needs, level after level) has had
//! its halves tested in the same round, where the next level would have
//! waited a round for it. On the first level of a list shorter than twice
//! that, each half of [`SPECULATE_DOWN_TO`] elements or more is tested
//! with its own halves too: there the halves are short, and the round's
//! other places went to changes inside a half that failed, which the next
//! level's quarter would have deleted in one test. A smaller chunk is
//! queued after the larger ones around it (it has fewer tokens), so it
//! joins the round under them, as does a task inside it that has fewer
//! tokens than it: the engine does not start the test of a change under
//! an interesting one, and at `-j 1` it never runs (`engine::group`'s
//! `Board`). After progress the next level has
//! the size of the largest chunk that went. A pass that prunes does not
//! test a chunk again that failed earlier in it
//! ([`crate::reduce::Change::chunk`]), so the halves are not tested twice.
//!
//! Subset tests are off by default: on the bundled examples they added a
//! quarter more tests without making any result smaller.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::edit::EditView;
use crate::reduce::tree::closure::Dependents;
use crate::reduce::tree::delete::Delete;
use crate::reduce::tree::forms::Forms;
use crate::reduce::{Best, Change, Config, PassKind, RANK_ATTEMPT, Reduction, Tasks, TreeSubject};
use crate::syntax::{ListId, NodeId, Original, Stop};
use crate::task::{Job, Priority, Queued, Tests};

/// Delta debugging as a table entry.
pub struct Ddmin;

/// The table entry.
pub static DDMIN: Ddmin = Ddmin;

impl Reduction for Ddmin {
    fn name(&self) -> &'static str {
        "ddmin"
    }

    fn about(&self) -> &'static str {
        "Delete chunks of list elements (always on)"
    }

    fn switchable(&self) -> bool {
        false
    }

    fn visit_node<'a>(
        &self,
        cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        n: NodeId,
        out: &mut Tasks<'a>,
    ) {
        for list in cx.original.lists_owned_by(n) {
            out.extend(start(cx.original, list));
        }
    }

    /// All comments form one list of their own, owned by no node.
    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        if cx.scope == cx.original.nodes.root() {
            for list in cx.original.lists_owned_by(NodeId::NONE) {
                out.extend(start(cx.original, list));
            }
        }
    }
}

/// Queues the chunk tasks of one ddmin level of a list (no test).
#[derive(Debug)]
struct LevelTask {
    list: ListId,
    chunk: usize,
    first: bool,
}

impl<'a> Job<TreeSubject<'a>> for LevelTask {
    fn run(
        self: Box<Self>,
        tests: &mut dyn Tests<TreeSubject<'a>>,
    ) -> Vec<Queued<TreeSubject<'a>>> {
        let best = tests.snapshot();
        self.expand_on(tests.subject(), &best)
    }

    fn expand_ahead(
        &self,
        cx: &TreeSubject<'a>,
        state: &Best,
    ) -> Option<Vec<Queued<TreeSubject<'a>>>> {
        Some(self.expand_on(cx, state))
    }
}

impl LevelTask {
    /// The level's chunk tasks on `state`.
    fn expand_on<'a>(&self, cx: &TreeSubject<'a>, state: &Best) -> Vec<Queued<TreeSubject<'a>>> {
        expand(
            cx.original,
            state.edits.view(),
            self.list,
            (self.chunk, self.first),
            Search::of(cx.config),
            (cx.coarse() && cx.original.language.coarse_closure).then(|| cx.dependents(self.list)),
            cx.stop(),
        )
    }
}

/// Tests one chunk's deletion, then tells its level.
#[derive(Debug)]
struct ChunkTask {
    change: Delete,
    level: Arc<Level>,
    /// How many of the list's elements it deletes.
    elements: usize,
}

impl<'a> Job<TreeSubject<'a>> for ChunkTask {
    fn run(
        self: Box<Self>,
        tests: &mut dyn Tests<TreeSubject<'a>>,
    ) -> Vec<Queued<TreeSubject<'a>>> {
        let committed = tests.try_change(&self.change);
        self.level
            .finish(tests.subject().original, committed, self.elements)
            .into_iter()
            .collect()
    }

    fn first_change(&self) -> Option<&(dyn Change + 'static)> {
        Some(&self.change)
    }
}

/// How ddmin searches, from the reduction's configuration.
#[derive(Clone, Copy, Debug)]
pub struct Search {
    /// Also test "keep only this chunk" (`--ddmin-subsets`).
    pub subsets: bool,
    /// Go down to single elements when the levels between do not pay
    /// ([`Level::pays`]; `Config::prune`).
    pub prune: bool,
    /// Test each chunk of [`SPECULATE_FROM`] elements or more with its
    /// halves in the same level (rounds wider than one change).
    pub speculate: bool,
    /// Speculating, also test a short list's first level's halves' halves,
    /// down to [`SPECULATE_DOWN_TO`] (`Config::ddmin_quarters`).
    pub quarters: bool,
}

impl Search {
    /// The search `config` asks for.
    pub fn of(config: &Config) -> Search {
        Search {
            subsets: config.ddmin_subsets,
            prune: config.prune,
            speculate: config.run.width > 1 && !config.run.in_order,
            quarters: config.ddmin_quarters,
        }
    }
}

/// Chunks of this many elements or more are tested with their halves
/// when speculating ([`Search::speculate`]).
const SPECULATE_FROM: usize = 8;

/// When speculating on the first level of a list shorter than twice
/// [`SPECULATE_FROM`], the halves (and theirs) of this many elements or
/// more are tested with their own halves.
const SPECULATE_DOWN_TO: usize = 4;

/// Lists this short go straight to single-element deletions.
const SINGLES_UP_TO: usize = 2;

/// Bookkeeping shared by the tasks of one ddmin level.
#[derive(Debug)]
pub struct Level {
    list: ListId,
    chunk: usize,
    remaining: AtomicUsize,
    /// Its tasks that committed.
    deleted: AtomicUsize,
    /// The elements of its largest chunk that committed.
    largest: AtomicUsize,
    /// The elements of each of its chunks, one per task, in their order.
    sizes: Vec<usize>,
    /// Whether the next level may skip to single elements.
    prune: bool,
}

impl Level {
    /// Records one finished task of the level; the last one returns the next level.
    pub fn finish<'a>(
        &self,
        original: &Original,
        committed: bool,
        elements: usize,
    ) -> Option<Queued<TreeSubject<'a>>> {
        let next = self.next_chunk(committed, elements)?;
        Some(level_task(original, self.list, next, false))
    }

    /// Counts one finished task; after the level's last: the next level's
    /// chunk size, if there is a next level.
    fn next_chunk(&self, committed: bool, elements: usize) -> Option<usize> {
        if committed {
            self.deleted.fetch_add(1, Ordering::SeqCst);
            self.largest.fetch_max(elements, Ordering::SeqCst);
        }
        if self.remaining.fetch_sub(1, Ordering::SeqCst) != 1 {
            return None;
        }
        // After progress at single elements ddmin would sweep them again; the
        // fixpoint's next pass does that sweep anyway, on a smaller program.
        let deleted = self.deleted.load(Ordering::SeqCst);
        // After progress, ddmin's size again: that of the largest chunk
        // that went (a level that tested smaller chunks inside larger ones
        // goes on at the size that paid, not at the smallest).
        let next = if deleted > 0 && self.chunk > 1 {
            self.largest.load(Ordering::SeqCst).max(self.chunk)
        } else if self.chunk > 1 {
            self.chunk.div_ceil(2)
        } else {
            return None;
        };
        Some(if self.prune && next > 1 && !self.pays(next, deleted) {
            1
        } else {
            next
        })
    }

    /// Whether a level of chunks of `next` elements is expected to delete
    /// more than one element per test, judging by this level, which deleted
    /// `deleted` of its chunks of `chunk` elements. If not, the level of
    /// single elements (one test per element) is cheaper than it and every
    /// level between: ddmin's halving costs tests without deleting more.
    ///
    /// The chance that a chunk of `chunk` elements can go is estimated as
    /// `(deleted + 1) / (tasks + 2)` (a level of few chunks says little, so
    /// the estimate stays near one half), and that of one element as its
    /// `chunk`-th root `q`, elements taken as independent; a chunk of `next`
    /// elements then goes with chance `q^next` and takes `next` elements
    /// with it (doc/history/benchmarks-2026-11-25.md, "Fewer tests").
    fn pays(&self, next: usize, deleted: usize) -> bool {
        let chance = (deleted as f64 + 1.0) / (self.sizes.len() as f64 + 2.0);
        let q = chance.powf(1.0 / self.chunk as f64);
        next as f64 * q.powi(next as i32) >= 1.0
    }
}

/// The first level of ddmin on `list`.
pub fn start<'a>(original: &Original, list: ListId) -> Option<Queued<TreeSubject<'a>>> {
    let chunk = first_chunk(original, list)?;
    Some(level_task(original, list, chunk, true))
}

/// The chunk size of a list's first level, if it has anything to delete.
fn first_chunk(original: &Original, list: ListId) -> Option<usize> {
    let info = &original.list(list);
    let n = info.elements.len();
    if n == 0 || (info.plus && n == 1) {
        return None;
    }
    // Two elements: the two single deletions cover what halving would test, and
    // deleting both at once is rarely worth a test of its own.
    Some(if n <= SINGLES_UP_TO {
        1
    } else if info.plus {
        n.div_ceil(2)
    } else {
        n
    })
}

fn level_task<'a>(
    original: &Original,
    list: ListId,
    chunk: usize,
    first: bool,
) -> Queued<TreeSubject<'a>> {
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
        Box::new(LevelTask { list, chunk, first }),
    )
}

/// The chunk tasks of one level on the live elements of `list`. In the
/// coarse pass (`coarse` is `Some`, with the list's users if it has an
/// index of them), each chunk goes with the live elements that use what
/// it declares (computed once, here: a chunk's deletion is tested on this
/// state or a smaller one); and a chunk of the comments leaves the ERROR
/// nodes among them (the parser's extras too): on a program it parsed
/// badly those are pieces of declarations (the SQLite amalgamation's
/// `SQLITE_API sqlite3_file *f(...)` has `sqlite3_file` in one), and a
/// chunk of comments would take them out of every declaration at once.
pub fn expand<'a>(
    original: &Original,
    current: EditView<'_>,
    list: ListId,
    (chunk, first): (usize, bool),
    search: Search,
    coarse: Option<Option<&Dependents>>,
    stop: Stop<'_>,
) -> Vec<Queued<TreeSubject<'a>>> {
    let forms = coarse.flatten().and_then(Dependents::forms);
    let Some((level, mut changes)) = plan(
        original,
        current,
        list,
        (chunk, first),
        search,
        (forms, stop),
    ) else {
        return Vec::new();
    };
    if let Some(dependents) = coarse {
        let comments = original.list(list).parent == NodeId::NONE;
        for (tokens, nodes) in &mut changes {
            if let Some(dependents) = dependents {
                *nodes = dependents.closure(original, current, nodes, stop);
            }
            if comments {
                nodes.retain(|&n| !original.nodes.is_error(n));
            }
            *tokens = nodes.iter().map(|&n| original.nodes.tokens(n) as u64).sum();
        }
    }
    let plus = original.list(list).plus.then_some(list);
    let level = Arc::new(level);
    changes
        .into_iter()
        .zip(level.sizes.iter().copied())
        .map(|((tokens, nodes), elements)| {
            let task: Box<dyn Job<TreeSubject<'a>>> = Box::new(ChunkTask {
                change: Delete {
                    nodes,
                    plus,
                    kind: DDMIN.name(),
                },
                level: level.clone(),
                elements,
            });
            (
                Priority {
                    tokens,
                    rank: RANK_ATTEMPT,
                },
                task,
            )
        })
        .collect()
}

/// A chunk to delete: its size in tokens and its nodes.
type Chunk = (u64, Vec<NodeId>);

/// One level of a list: its counter, and the chunks to delete with their
/// sizes in tokens. `None` if nothing is left to delete.
///
/// With `forms` (the tokens of an ERROR node in C, see [`Forms`]), the
/// chunks are made of whole forms, which stand for the elements.
fn plan(
    original: &Original,
    current: EditView<'_>,
    list: ListId,
    (chunk, first): (usize, bool),
    search: Search,
    (forms, stop): (Option<&Forms>, Stop<'_>),
) -> Option<(Level, Vec<Chunk>)> {
    let info = &original.list(list);
    let by_form;
    // Live elements, each as the nodes it stands for (one node, or a line's tokens).
    let live: Vec<&[NodeId]> = match forms {
        Some(forms) => {
            by_form = forms.live(original, current, stop)?;
            by_form.iter().map(Vec::as_slice).collect()
        }
        None => (0..info.elements.len())
            .map(|i| info.nodes_of(i))
            .filter(|nodes| nodes.iter().any(|&e| current.is_live(original, e)))
            .collect(),
    };
    let m = live.len();
    if m == 0 || (info.plus && m == 1) {
        return None;
    }
    // After progress the list may have shrunk below the chunk size: halve instead
    // of repeating the whole-list deletion that already failed.
    let mut chunk = chunk.clamp(1, m);
    if chunk == m && chunk > 1 && (!first || info.plus) {
        chunk = m.div_ceil(2);
    }
    let parts: Vec<&[&[NodeId]]> = live.chunks(chunk).collect();
    let chunks: Vec<Vec<NodeId>> = parts.iter().map(|c| c.concat()).collect();
    let (halves, smallest) = speculated(&parts, chunk, first, search);
    let tokens = |nodes: &[NodeId]| {
        nodes
            .iter()
            .map(|&n| original.nodes.tokens(n))
            .sum::<usize>() as u64
    };
    let mut changes: Vec<(u64, Vec<NodeId>)> = Vec::new();
    let mut sizes = Vec::new();
    for (i, (c, size)) in chunks.iter().zip(parts.iter().map(|p| p.len())).enumerate() {
        if !(info.plus && chunks.len() == 1) {
            changes.push((tokens(c), c.clone()));
            sizes.push(size);
        }
        if search.subsets && chunks.len() > 2 {
            let mut rest: Vec<NodeId> = chunks
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .flat_map(|(_, c)| c.iter().copied())
                .collect();
            rest.sort_unstable();
            changes.push((tokens(&rest), rest));
            sizes.push(m - size);
        }
    }
    for (size, h) in halves {
        changes.push((tokens(&h), h));
        sizes.push(size);
    }
    // What comes after a level without progress is decided as after a
    // level of the smallest chunks it tested.
    let chunk = smallest;
    let level = Level {
        list,
        chunk,
        remaining: AtomicUsize::new(changes.len()),
        deleted: AtomicUsize::new(0),
        largest: AtomicUsize::new(0),
        sizes,
        prune: search.prune,
    };
    Some((level, changes))
}

/// The chunks a level tests beside its `parts` (each a chunk of `chunk`
/// elements, the last one maybe shorter), with their sizes in elements,
/// and the size of the smallest chunks it tests: when speculating, the
/// halves of each part of [`SPECULATE_FROM`] elements or more (the level
/// a failed chunk leads to, in the same round), and on a short list's
/// `first` level the halves of each half of [`SPECULATE_DOWN_TO`] elements
/// or more, and so on.
fn speculated(
    parts: &[&[&[NodeId]]],
    chunk: usize,
    first: bool,
    search: Search,
) -> (Vec<(usize, Vec<NodeId>)>, usize) {
    let mut pieces: Vec<&[&[NodeId]]> = parts.to_vec();
    let mut halves = Vec::new();
    let mut smallest = chunk;
    let mut from = SPECULATE_FROM;
    // Below the halves only on a short list's first level.
    let deeper = search.quarters && first && chunk < 2 * SPECULATE_FROM;
    while search.speculate && smallest >= from && (from == SPECULATE_FROM || deeper) {
        let half = smallest.div_ceil(2);
        pieces = pieces
            .into_iter()
            .filter(|c| c.len() >= from)
            .flat_map(|c| c.chunks(half))
            .collect();
        if pieces.is_empty() {
            break;
        }
        halves.extend(pieces.iter().map(|h| (h.len(), h.concat())));
        smallest = half;
        from = SPECULATE_DOWN_TO;
    }
    (halves, smallest)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::edit::EditSet;
    use crate::syntax::{Original, never};

    fn original(src: &str) -> Original {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("javascript").unwrap());
        Original::parse(g, Arc::from(src.as_bytes())).unwrap()
    }

    fn array_list(o: &Original) -> ListId {
        o.lists
            .iter()
            .position(|l| o.node_text(l.elements[0]) == b"1")
            .map(ListId::new)
            .unwrap()
    }

    type Plan = (Level, Vec<Chunk>);

    fn expand(
        o: &Original,
        current: EditView<'_>,
        list: ListId,
        chunk: usize,
        first: bool,
        subsets: bool,
    ) -> Plan {
        let search = Search {
            subsets,
            prune: false,
            speculate: false,
            quarters: false,
        };
        plan(o, current, list, (chunk, first), search, (None, &never)).unwrap()
    }

    /// The element texts each deletion of a level deletes.
    fn chunks(o: &Original, plan: &Plan) -> Vec<String> {
        plan.1
            .iter()
            .map(|(_, nodes)| {
                nodes
                    .iter()
                    .map(|&n| String::from_utf8_lossy(o.node_text(n)).into_owned())
                    .collect::<Vec<_>>()
                    .join("")
            })
            .collect()
    }

    fn level_of(plan: &Plan) -> &Level {
        &plan.0
    }

    /// The next level's chunk size after the level's tasks end as `results`.
    fn next_level(level: &Level, results: &[bool]) -> Option<usize> {
        let mut next = None;
        for (&r, &size) in results.iter().zip(&level.sizes) {
            next = level.next_chunk(r, size);
        }
        next
    }

    #[test]
    fn star_list_levels_delete_all_then_halve_to_singles() {
        let o = original("f([1, 2, 3, 4, 5]);\n");
        let list = array_list(&o);
        let edits = EditSet::new();
        let (chunk, first) = (first_chunk(&o, list).unwrap(), true);
        assert_eq!(chunk, 5);
        let tasks = expand(&o, edits.view(), list, chunk, first, false);
        assert_eq!(chunks(&o, &tasks), ["12345"]);
        let next = next_level(level_of(&tasks), &[false]);
        assert_eq!(next, Some(3));
        let tasks = expand(&o, edits.view(), list, 3, false, false);
        assert_eq!(chunks(&o, &tasks), ["123", "45"]);
        assert_eq!(next_level(level_of(&tasks), &[false, false]), Some(2));
        let tasks = expand(&o, edits.view(), list, 2, false, false);
        assert_eq!(chunks(&o, &tasks), ["12", "34", "5"]);
        // With subsets, more than two chunks also test "keep only this chunk".
        let with_subsets = expand(&o, edits.view(), list, 2, false, true);
        assert_eq!(
            chunks(&o, &with_subsets),
            ["12", "345", "34", "125", "5", "1234"]
        );
        // Progress keeps the chunk size; none at single elements ends the list.
        assert_eq!(next_level(level_of(&tasks), &[false, true, false]), Some(2));
        let tasks = expand(&o, edits.view(), list, 1, false, false);
        assert_eq!(chunks(&o, &tasks), ["1", "2", "3", "4", "5"]);
        assert_eq!(
            next_level(level_of(&tasks), &[true, false, false, false, false]),
            None
        );
    }

    #[test]
    fn pruned_levels_go_to_single_elements_when_halving_does_not_pay() {
        let o = original(&format!(
            "f([{}]);\n",
            (1..=16)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        let list = array_list(&o);
        let edits = EditSet::new();
        let level = |chunk: usize, prune: bool| {
            let search = Search {
                subsets: false,
                prune,
                speculate: false,
                quarters: false,
            };
            plan(
                &o,
                edits.view(),
                list,
                (chunk, chunk == 16),
                search,
                (None, &never),
            )
            .unwrap()
            .0
        };
        // Halving pays while chunks are large: a chunk of 16 that failed
        // still leaves each element a good chance.
        assert_eq!(next_level(&level(16, true), &[false]), Some(8));
        assert_eq!(next_level(&level(8, true), &[false, false]), Some(4));
        // Four chunks of 4 all failed: chunks of 2 would delete less than
        // one element per test, so singles come next.
        assert_eq!(next_level(&level(4, true), &[false; 4]), Some(1));
        assert_eq!(next_level(&level(4, false), &[false; 4]), Some(2));
        // Progress keeps the chunk size while it pays.
        let some = [true, false, false, false];
        assert_eq!(next_level(&level(4, true), &some), Some(4));
        // Singles are the last level either way.
        assert_eq!(next_level(&level(1, true), &[false; 16]), None);
    }

    /// With rounds (`Search::speculate`), a level tests each chunk of
    /// [`SPECULATE_FROM`] elements or more together with its halves, and
    /// what follows a level without progress is decided as after the level
    /// of the halves: a chunk that fails has had its halves tested in the
    /// same round, instead of the next level waiting a round for it. On a
    /// short list's first level, each half of [`SPECULATE_DOWN_TO`]
    /// elements or more is tested with its own halves too; after progress
    /// the next level has the size of the largest chunk that went.
    #[test]
    fn speculating_levels_test_large_chunks_with_their_halves() {
        let letters = |n: usize| {
            (1..=n)
                .map(|i| format!("{}", (b'a' + (i - 1) as u8) as char))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let search = |speculate: bool| Search {
            subsets: false,
            prune: false,
            speculate,
            quarters: true,
        };
        let long = original(&format!("f([1, {}]);\n", letters(15)));
        let short = original(&format!("f([1, {}]);\n", letters(11)));
        let edits = EditSet::new();
        let level = |o: &Original, chunk: usize, first: bool, speculate: bool| {
            let list = array_list(o);
            let at = (chunk, first);
            plan(o, edits.view(), list, at, search(speculate), (None, &never)).unwrap()
        };
        // A list of 16: the whole list and its halves.
        let all = "1abcdefghijklmno";
        let tasks = level(&long, 16, true, true);
        assert_eq!(chunks(&long, &tasks), [all, "1abcdefg", "hijklmno"]);
        assert_eq!(next_level(level_of(&tasks), &[false; 3]), Some(4));
        // Progress: the size of the largest chunk that went.
        let tasks = level(&long, 16, true, true);
        assert_eq!(next_level(level_of(&tasks), &[false, true, false]), Some(8));
        // Without rounds, ddmin as before.
        let tasks = level(&long, 16, true, false);
        assert_eq!(chunks(&long, &tasks), [all]);
        assert_eq!(next_level(level_of(&tasks), &[false]), Some(8));
        // Chunks below SPECULATE_FROM elements go alone.
        let tasks = level(&long, 4, false, true);
        assert_eq!(chunks(&long, &tasks), ["1abc", "defg", "hijk", "lmno"]);
        assert_eq!(next_level(level_of(&tasks), &[false; 4]), Some(2));
        // The first level of a list of 12: its halves' halves too (pieces
        // of 3, below SPECULATE_DOWN_TO, are not split).
        let tree = [
            "1abcdefghijk",
            "1abcde",
            "fghijk",
            "1ab",
            "cde",
            "fgh",
            "ijk",
        ];
        let tasks = level(&short, 12, true, true);
        assert_eq!(chunks(&short, &tasks), tree);
        assert_eq!(next_level(level_of(&tasks), &[false; 7]), Some(2));
        let tasks = level(&short, 12, true, true);
        let went = [false, false, true, false, false, false, false];
        assert_eq!(next_level(level_of(&tasks), &went), Some(6));
        let went = [false, false, false, false, false, true, false];
        let tasks = level(&short, 12, true, true);
        assert_eq!(next_level(level_of(&tasks), &went), Some(3));
        // Its later levels: halves only.
        let tasks = level(&short, 12, false, true);
        assert_eq!(chunks(&short, &tasks), ["1abcde", "fghijk"]);
        // Without quarters (pair mode's MinCommonality): halves only.
        let halves_only = Search {
            quarters: false,
            ..search(true)
        };
        let list = array_list(&short);
        let at = (12, true);
        let tasks = plan(&short, edits.view(), list, at, halves_only, (None, &never)).unwrap();
        assert_eq!(chunks(&short, &tasks), ["1abcdefghijk", "1abcde", "fghijk"]);
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

    /// The coarse pass's chunks of the comment list leave the ERROR nodes
    /// the parser put among the comments: there they are pieces of a
    /// declaration (`sqlite3_file` of `SQLITE_API sqlite3_file *f(...)`),
    /// which a chunk of comments would take out. Other passes keep
    /// deleting them with the comments.
    #[test]
    fn coarse_chunks_of_comments_leave_the_error_nodes_among_them() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let text = "/* a */\nint x;\n/* b */\nSQLITE_API sqlite3_file *f(const char *);\n/* c */\nint y;\n";
        let o = Original::parse(g, Arc::from(text.as_bytes())).unwrap();
        let comments = o.lists_owned_by(NodeId::NONE).next().unwrap();
        let elements = &o.list(comments).elements;
        assert!(
            elements.iter().any(|&n| o.nodes.is_error(n)),
            "an ERROR node among the comments"
        );
        let edits = EditSet::new();
        let search = Search {
            subsets: false,
            prune: false,
            speculate: false,
            quarters: false,
        };
        let deleted = |coarse: Option<Option<&Dependents>>| -> Vec<String> {
            let tasks = super::expand(
                &o,
                edits.view(),
                comments,
                (elements.len(), true),
                search,
                coarse,
                &never,
            );
            assert_eq!(tasks.len(), 1);
            // The tokens the task is queued with are those it deletes.
            vec![tasks[0].0.tokens.to_string()]
        };
        assert_eq!(
            deleted(Some(None)),
            ["3"],
            "the three comments, not the ERROR node"
        );
        assert_eq!(deleted(None), ["4"], "everything in the list");
        let (_, plan) = plan(
            &o,
            edits.view(),
            comments,
            (elements.len(), true),
            search,
            (None, &never),
        )
        .unwrap();
        assert_eq!(plan[0].1.len(), 4);
    }

    #[test]
    fn short_lists_start_with_single_elements() {
        let o = original("f([1, 2]);\n");
        let list = array_list(&o);
        assert_eq!(first_chunk(&o, list), Some(1));
    }

    #[test]
    fn plus_lists_never_delete_everything() {
        // A C declaration needs at least one declarator.
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let o = Original::parse(g, Arc::from(&b"int a, b, c;\n"[..])).unwrap();
        let list = o
            .lists
            .iter()
            .position(|l| l.plus)
            .map(ListId::new)
            .unwrap();
        let (chunk, first) = (first_chunk(&o, list).unwrap(), true);
        assert_eq!(chunk, 2, "no delete-all level");
        let tasks = expand(&o, EditSet::new().view(), list, chunk, first, false);
        assert_eq!(chunks(&o, &tasks), ["ab", "c"]);
        let one = original("f([1]);\n");
        assert!(
            first_chunk(&one, array_list(&one)).is_some(),
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
            first_chunk(&single, plus).is_none(),
            "a plus list of one has nothing to do"
        );
    }
}
