//! Edits to an [`Original`]: which nodes are deleted or replaced.
//!
//! An [`EditSet`] is a sorted vector keyed by preorder node id; the engine keeps
//! one global set per pass and each candidate is that set plus a task's few
//! edits, seen through an [`EditView`] without copying. Rendering splices byte
//! ranges of the original text (see [`render`]), never walks the tree.

mod render;

use std::sync::Arc;

pub use render::{changed_span, glue, render, render_node, render_siblings};

use crate::syntax::{NodeId, Original};

/// What happens to one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The node disappears (with its list separator or optional-field token).
    Delete,
    /// The node is replaced by some of its descendants: the text from the
    /// start of `first` to the end of `last`, two siblings (the same node for
    /// Perses' ReduceRegular; the elements of a descendant list for its
    /// Kleene case). Edits inside the kept range still apply.
    Hoist {
        /// The first kept node.
        first: NodeId,
        /// The last kept node (a later sibling of `first`, or `first`).
        last: NodeId,
        /// Text put after the kept range: empty, or what turns a kept
        /// expression into a statement (C's `;`).
        end: &'static str,
    },
    /// The node's text is replaced by these bytes.
    Text(Arc<[u8]>),
    /// The node's text is replaced by a name the program does not show
    /// anywhere else (canonicalization's rename to a fresh name). It renders
    /// as [`Edit::Text`] does; what differs is what it takes from the
    /// changes beside it: two edits that give one fresh name to different
    /// tokens would each keep the program interesting and together make two
    /// names one, so a subject never tests them side by side (see
    /// [`Edit::fresh_name`]).
    Name(Arc<[u8]>),
}

/// A set of edits, sorted by node id, at most one per node.
#[derive(Clone, Debug, Default)]
pub struct EditSet {
    entries: Vec<(NodeId, Edit)>,
}

impl Edit {
    /// The text that replaces the node ([`Edit::Text`] or [`Edit::Name`]).
    pub fn text(&self) -> Option<&Arc<[u8]>> {
        match self {
            Edit::Text(text) | Edit::Name(text) => Some(text),
            Edit::Delete | Edit::Hoist { .. } => None,
        }
    }

    /// The fresh name this edit gives its node, if it is an [`Edit::Name`].
    pub fn fresh_name(&self) -> Option<&[u8]> {
        match self {
            Edit::Name(name) => Some(name),
            _ => None,
        }
    }

    /// A hoist that keeps the single descendant `node`.
    #[cfg(test)]
    pub fn hoist(node: NodeId) -> Edit {
        Edit::Hoist {
            first: node,
            last: node,
            end: "",
        }
    }
}

impl EditSet {
    /// The empty set.
    pub fn new() -> EditSet {
        EditSet::default()
    }

    /// Number of edits.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// A view of this set alone.
    pub fn view(&self) -> EditView<'_> {
        EditView {
            base: &self.entries,
            extra: &[],
        }
    }

    /// A view of this set with `extra` (sorted by id, unique) added on top;
    /// an extra edit replaces a base edit of the same node.
    pub fn view_with<'a>(&'a self, extra: &'a [(NodeId, Edit)]) -> EditView<'a> {
        debug_assert!(extra.windows(2).all(|w| w[0].0 < w[1].0));
        EditView {
            base: &self.entries,
            extra,
        }
    }

    /// A new set: this one with `extra` merged in (as [`EditSet::view_with`]).
    /// Its room is what it needs at most, not the doublings of a growing
    /// vector: the coarse pass of a large program keeps several sets of a
    /// million edits alive at once (one per state), and a collected vector
    /// had up to twice that room.
    pub fn merged(&self, extra: &[(NodeId, Edit)]) -> EditSet {
        let mut entries = Vec::with_capacity(self.entries.len() + extra.len());
        entries.extend(self.view_with(extra).iter().map(|(n, e)| (n, e.clone())));
        EditSet { entries }
    }
}

impl EditSet {
    /// The edits of this set that `base` does not have, in node order
    /// (this set was made from `base` by merges, which only add or replace).
    pub fn added_since(&self, base: &EditSet) -> Vec<(NodeId, Edit)> {
        let view = base.view();
        self.entries
            .iter()
            .filter(|(n, e)| view.get(*n) != Some(e))
            .cloned()
            .collect()
    }
}

/// A base edit set plus a few extra edits, read as one set.
#[derive(Clone, Copy)]
pub struct EditView<'a> {
    base: &'a [(NodeId, Edit)],
    extra: &'a [(NodeId, Edit)],
}

impl<'a> EditView<'a> {
    /// The edit of node `n`, if any.
    pub fn get(&self, n: NodeId) -> Option<&'a Edit> {
        let find =
            |s: &'a [(NodeId, Edit)]| s.binary_search_by_key(&n, |e| e.0).ok().map(|i| &s[i].1);
        find(self.extra).or_else(|| find(self.base))
    }

    /// Whether some edit falls on a node strictly between `after` and
    /// `before` (in id order): two binary searches, however many edits
    /// the view holds.
    pub fn has_edit_between(&self, after: NodeId, before: NodeId) -> bool {
        let any = |s: &[(NodeId, Edit)]| {
            s.get(s.partition_point(|e| e.0 <= after))
                .is_some_and(|e| e.0 < before)
        };
        any(self.extra) || any(self.base)
    }

    /// Whether node `n` is deleted by an edit of its own.
    pub fn is_deleted(&self, n: NodeId) -> bool {
        matches!(self.get(n), Some(Edit::Delete))
    }

    /// All edits in node-id order.
    pub fn iter(&self) -> impl Iterator<Item = (NodeId, &'a Edit)> + 'a {
        let (mut b, mut x) = (self.base.iter().peekable(), self.extra.iter().peekable());
        std::iter::from_fn(move || match (b.peek(), x.peek()) {
            (Some(be), Some(xe)) if be.0 < xe.0 => b.next().map(|e| (e.0, &e.1)),
            (Some(be), Some(xe)) if be.0 == xe.0 => {
                b.next();
                x.next().map(|e| (e.0, &e.1))
            }
            (_, Some(_)) => x.next().map(|e| (e.0, &e.1)),
            (Some(_), None) => b.next().map(|e| (e.0, &e.1)),
            (None, None) => None,
        })
    }

    /// Calls `f` for every token (leaf) of `root`'s subtree that this view
    /// keeps, skipping deleted and replaced parts (`root`'s own edit
    /// included). `root` itself is assumed to be live.
    pub fn for_each_live_leaf(&self, original: &Original, root: NodeId, mut f: impl FnMut(NodeId)) {
        let nodes = &original.nodes;
        let end = nodes.subtree_end(root);
        // Open hoists: (end of the kept descendant's subtree, end of the hoisted node's subtree).
        let mut hoists: Vec<(NodeId, NodeId)> = Vec::new();
        let mut id = root;
        while id < end {
            while let Some(&(inner_end, outer_end)) = hoists.last() {
                if id < inner_end {
                    break;
                }
                id = id.max(outer_end);
                hoists.pop();
            }
            if id >= end {
                break;
            }
            match self.get(id) {
                Some(Edit::Delete | Edit::Text(_) | Edit::Name(_)) => {
                    id = nodes.subtree_end(id);
                    continue;
                }
                Some(Edit::Hoist { first, last, .. }) => {
                    hoists.push((nodes.subtree_end(*last), nodes.subtree_end(id)));
                    id = *first;
                    continue;
                }
                None => {}
            }
            if nodes.is_leaf(id) {
                f(id);
            }
            id = id.next();
        }
    }

    /// Whether node `n` still appears in the rendered program: neither it nor an
    /// ancestor is deleted or replaced by text, and every hoisting ancestor keeps it.
    pub fn is_live(&self, original: &Original, n: NodeId) -> bool {
        if self.is_deleted(n) {
            return false;
        }
        let nodes = &original.nodes;
        let mut a = nodes.parent(n);
        while a != NodeId::NONE {
            match self.get(a) {
                Some(Edit::Delete | Edit::Text(_) | Edit::Name(_)) => return false,
                Some(Edit::Hoist { first, last, .. })
                    if !(*first <= n && n < nodes.subtree_end(*last)) =>
                {
                    return false;
                }
                _ => {}
            }
            a = nodes.parent(a);
        }
        true
    }

    /// The nodes of `nodes` that are live ([`EditView::is_live`]), in their order.
    /// A few nodes take a lookup each; many nodes against many edits (a
    /// chunk of a large program's coarse pass: up to a million tokens
    /// against a million edits, each lookup a walk up its ancestors with a
    /// binary search at each) take one walk over both in id order instead.
    pub fn live_among(&self, original: &Original, nodes: &[NodeId]) -> Vec<NodeId> {
        let edits = self.base.len() + self.extra.len();
        let sorted = nodes.windows(2).all(|w| w[0] <= w[1]);
        if !sorted || nodes.len() < 64 || nodes.len() * 16 < edits {
            return nodes
                .iter()
                .copied()
                .filter(|&n| self.is_live(original, n))
                .collect();
        }
        self.live_by_walk(original, nodes)
    }

    /// [`EditView::live_among`] in one walk over the edits and `nodes`,
    /// both in id order. Each edit removes id ranges of its subtree, as
    /// [`EditView::is_live`] reads it (a deletion all of it, a text its
    /// inside, a hoist what lies outside its kept range), whether or not an
    /// edit above removed the edit's own node; the walk keeps the end of
    /// the ranges it is in, and the hoists whose kept range it has not
    /// left, by the end of that range.
    fn live_by_walk(&self, original: &Original, nodes: &[NodeId]) -> Vec<NodeId> {
        use std::cmp::Reverse;
        let tree = &original.nodes;
        let mut edits = self.iter().peekable();
        // The ids from the walk's place up to this one are removed.
        let mut removed_until = NodeId::new(0);
        // Open hoists: the end of the kept range, the end of the subtree.
        let mut hoists: std::collections::BinaryHeap<Reverse<(NodeId, NodeId)>> =
            Default::default();
        let mut live = Vec::with_capacity(nodes.len());
        for &n in nodes {
            // Every edit before `n`, each after the kept ranges that end
            // before it.
            loop {
                let edit = edits.peek().filter(|(id, _)| *id < n).copied();
                let at = edit.map_or(n, |(id, _)| id);
                while let Some(&Reverse((kept_end, end))) = hoists.peek() {
                    if kept_end > at {
                        break;
                    }
                    removed_until = removed_until.max(end);
                    hoists.pop();
                }
                let Some((id, edit)) = edit else { break };
                edits.next();
                match edit {
                    Edit::Delete | Edit::Text(_) | Edit::Name(_) => {
                        removed_until = removed_until.max(tree.subtree_end(id));
                    }
                    Edit::Hoist { first, last, .. } => {
                        removed_until = removed_until.max(*first);
                        hoists.push(Reverse((tree.subtree_end(*last), tree.subtree_end(id))));
                    }
                }
            }
            let deleted = matches!(edits.peek(), Some((id, Edit::Delete)) if *id == n);
            if n >= removed_until && !deleted {
                live.push(n);
            }
        }
        live
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A merged set has the room it needs at most (the coarse pass of a
    /// large program keeps several sets of a million edits alive): not the
    /// doublings of a vector collected from an iterator.
    #[test]
    fn a_merged_set_has_no_spare_room() {
        let base = EditSet::new().merged(
            &(0..1000)
                .map(|i| (NodeId::new(2 * i), Edit::Delete))
                .collect::<Vec<_>>(),
        );
        assert_eq!(base.entries.capacity(), 1000);
        let extra: Vec<_> = (0..25)
            .map(|i| (NodeId::new(2 * i + 1), Edit::Delete))
            .collect();
        let merged = base.merged(&extra);
        assert_eq!(merged.len(), 1025);
        assert_eq!(merged.entries.capacity(), 1025);
    }

    #[test]
    fn live_leaves_skip_deleted_and_hoisted_parts() {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name("c").unwrap());
        let o = Original::parse(
            g,
            Arc::from(&b"int f(void) { return (a + g(b, c)); }\n"[..]),
        )
        .unwrap();
        let find = |t: &str| {
            o.nodes
                .ids()
                .find(|&n| o.node_text(n) == t.as_bytes())
                .unwrap()
        };
        let (paren, call, b) = (find("(a + g(b, c))"), find("g(b, c)"), find("b"));
        let set = EditSet::new().merged(&[(paren, Edit::hoist(call)), (b, Edit::Delete)]);
        let mut seen = Vec::new();
        set.view().for_each_live_leaf(&o, o.nodes.root(), |n| {
            seen.push(String::from_utf8_lossy(o.node_text(n)).into_owned())
        });
        assert_eq!(seen.join(" "), "int f ( void ) { return g ( , c ) ; }");
    }

    #[test]
    fn view_merges_with_extra_overriding() {
        let n = NodeId::new;
        let base = EditSet::new().merged(&[
            (n(1), Edit::Delete),
            (n(5), Edit::Delete),
            (n(9), Edit::hoist(n(10))),
        ]);
        let extra = [(n(5), Edit::hoist(n(6))), (n(7), Edit::Delete)];
        let v = base.view_with(&extra);
        let ids: Vec<_> = v.iter().map(|(n, e)| (n, e.clone())).collect();
        assert_eq!(
            ids,
            vec![
                (n(1), Edit::Delete),
                (n(5), Edit::hoist(n(6))),
                (n(7), Edit::Delete),
                (n(9), Edit::hoist(n(10)))
            ]
        );
        assert!(v.is_deleted(n(7)) && !v.is_deleted(n(5)) && v.get(n(2)).is_none());
        assert_eq!(base.merged(&extra).len(), 4);
        // Edits strictly between two ids, from the base or the extra ones,
        // as a scan of all of them finds.
        for after in 0..12 {
            for before in 0..12 {
                let scan = v.iter().any(|(m, _)| n(after) < m && m < n(before));
                assert_eq!(v.has_edit_between(n(after), n(before)), scan);
            }
        }
    }

    /// One sample program per language, with lists, optional parts,
    /// nesting and names.
    /// `Language::ALL` must have one each (checked below).
    const SAMPLES: &[(&str, &str)] = &[
        (
            "c",
            "int f(int a, int b) { int x = a + b * 2; if (x > 3) { return g(a, b, x); } else { x = 0; } return x; }\nint y = 1, z = 2;\n",
        ),
        (
            "rust",
            "fn f(a: i32, b: i32) -> i32 { let x = a + b * 2; if x > 3 { g(a, b, x) } else { let y = [1, 2, 3]; y[0] } }\nstruct S { p: u8, q: u8 }\n",
        ),
        (
            "javascript",
            "function f(a, b) { let x = a + b * 2; if (x > 3) { return g(a, b, x); } else { x = [1, 2, 3]; } return x; }\nconst o = { p: 1, q: 2 };\n",
        ),
        (
            "cpp",
            "namespace n { template <typename T> struct S : B<T> { T f(T a, int b) { auto x = a + b * 2; if (x > 3) { return g<T>(a, b, x); } return [&](int y) { return y; }(x); } }; }\nusing U = n::S<int>;\n",
        ),
        (
            "go",
            "package p\n\nfunc f(a int, b int) int {\n\tx := a + b*2\n\tif x > 3 {\n\t\treturn g(a, b, x)\n\t}\n\ty := []int{1, 2, 3}\n\treturn y[0]\n}\n",
        ),
        (
            "python",
            "def f(a, b):\n    x = a + b * 2\n    if x > 3:\n        return g(a, b, x)\n    else:\n        y = [1, 2, 3]\n    return y[0]\n\no = {'p': 1, 'q': 2}\n",
        ),
        (
            "typescript",
            "function f(a: number, b: number): number { let x: number = a + b * 2; if (x > 3) { return g<number>(a, b, x); } return [1, 2, 3][0]; }\ntype T = { p: number; q: string };\n",
        ),
        (
            "java",
            "class C { int f(int a, int b) { int x = a + b * 2; if (x > 3) { return g(a, b, x); } else { x = 0; } return x; } int[] y = {1, 2, 3}; }\n",
        ),
    ];

    #[test]
    fn every_language_has_a_sample() {
        for lang in crate::lang::Language::ALL {
            assert!(
                SAMPLES.iter().any(|(name, _)| *name == lang.name),
                "no sample program for {}",
                lang.name
            );
        }
    }

    proptest::proptest! {
        // 32 cases per language.
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32 * SAMPLES.len() as u32))]
        /// The walk of `live_among` finds the nodes `is_live` finds, under
        /// deletions, texts and hoists (of one node or of a run of
        /// siblings), nested in any way.
        #[test]
        fn the_walk_finds_the_live_nodes_is_live_finds(
            sample in 0usize..SAMPLES.len(),
            picks in proptest::collection::vec((0usize..1000, 0u8..4, 0usize..1000, 0usize..4), 0..10),
        ) {
            let (lang, src) = SAMPLES[sample];
            let g = crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap());
            let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
            let ids: Vec<NodeId> = o.nodes.ids().collect();
            let mut edits: Vec<(NodeId, Edit)> = Vec::new();
            for (at, what, below, run) in picks {
                let n = ids[at % ids.len()];
                let edit = match what {
                    0 => Edit::Delete,
                    1 | 2 => {
                        let inner: Vec<NodeId> = o.nodes.subtree(n).skip(1).collect();
                        if inner.is_empty() {
                            continue;
                        }
                        let first = inner[below % inner.len()];
                        let siblings = o.nodes.children(o.nodes.parent(first));
                        let at = siblings.iter().position(|&c| c == first).unwrap();
                        let last = siblings[(at + run).min(siblings.len() - 1)];
                        Edit::Hoist { first, last: if what == 1 { first } else { last }, end: "" }
                    }
                    _ => Edit::Text(Arc::from(&b"zz"[..])),
                };
                edits.retain(|(m, _)| *m != n);
                edits.push((n, edit));
            }
            edits.sort_by_key(|e| e.0);
            let (base, extra) = edits.split_at(edits.len() / 2);
            let set = EditSet::new().merged(base);
            let view = set.view_with(extra);
            let expected: Vec<NodeId> = ids.iter().copied().filter(|&n| view.is_live(&o, n)).collect();
            proptest::prop_assert_eq!(view.live_by_walk(&o, &ids), expected);
        }
    }

    proptest::proptest! {
        // 64 cases per language.
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64 * SAMPLES.len() as u32))]
        /// Any set of deletions, hoists and text edits renders to a text whose
        /// incremental re-parse (from the original's tree) equals a fresh
        /// parse whenever the candidate has no more parse errors than the
        /// original (the only candidates the engine tests: on texts with new
        /// errors tree-sitter's error recovery may differ between the two,
        /// and both count more errors); and merging the edits one by one in
        /// any order renders the same text.
        #[test]
        fn any_edit_set_reparses_like_a_fresh_parse(
            sample in 0usize..SAMPLES.len(),
            picks in proptest::collection::vec((0usize..1000, 0u8..3, 0usize..1000), 0..6),
        ) {
            let (lang, src) = SAMPLES[sample];
            let g = crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap());
            let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
            let ids: Vec<NodeId> = o.nodes.ids().skip(1).collect();
            let mut edits: Vec<(NodeId, Edit)> = Vec::new();
            for (at, what, below) in picks {
                let n = ids[at % ids.len()];
                let edit = match what {
                    0 => Edit::Delete,
                    1 => {
                        let inner: Vec<NodeId> = o.nodes.subtree(n).skip(1).collect();
                        if inner.is_empty() {
                            continue;
                        }
                        Edit::hoist(inner[below % inner.len()])
                    }
                    _ => Edit::Text(Arc::from(&b"zz"[..])),
                };
                edits.retain(|(m, _)| *m != n);
                edits.push((n, edit));
            }
            edits.sort_by_key(|e| e.0);
            let mut out = Vec::new();
            render(&o, EditSet::new().view_with(&edits), &mut out);
            let mut worker = crate::reduce::Worker::new(g);
            let incremental = worker.reparse(&o.text, &o.tree, &out);
            let fresh = crate::syntax::parse(g, &out);
            let errors = crate::syntax::count_errors(&fresh);
            if errors <= o.errors {
                proptest::prop_assert_eq!(
                    incremental.root_node().to_sexp(),
                    fresh.root_node().to_sexp()
                );
            } else {
                proptest::prop_assert!(crate::syntax::count_errors(&incremental) > o.errors);
            }
            // The same edits merged one by one, in reverse order.
            let mut set = EditSet::new();
            for e in edits.iter().rev() {
                set = set.merged(std::slice::from_ref(e));
            }
            let mut again = Vec::new();
            render(&o, set.view(), &mut again);
            proptest::prop_assert_eq!(out, again);
        }
    }
}
