//! The tree-based difference Δ_T of PPR, by GumTree-style matching of the
//! two syntax trees (Falleri et al., 2014): a greedy top-down phase maps the
//! largest isomorphic subtrees (unique matches first, ambiguous ones by the
//! similarity of their parents), then a bottom-up phase maps containers whose
//! descendants are mostly mapped to each other. GumTree rather than
//! ChangeDistiller: it works on any tree-sitter tree as is, where
//! ChangeDistiller's leaf matching is built for statement-level Java ASTs.
//!
//! The edit script is read off the mapping: a maximal unmapped seed subtree
//! is deleted, a maximal unmapped variant subtree inserted, and an unmapped
//! seed subtree and variant subtree in the same gap between mapped siblings
//! of mapped parents form a replacement.

use std::collections::HashMap;
use std::ops::Range;

use xxhash_rust::xxh3::Xxh3;

/// One edit of the script, with byte ranges in the seed and the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A subtree of the seed that the variant lacks.
    Delete(Range<usize>),
    /// A subtree of the variant that the seed lacks.
    Insert(Range<usize>),
    /// A seed subtree (first) that the variant replaced by another (second).
    Replace(Range<usize>, Range<usize>),
}

struct Tree {
    kind: Vec<u16>,
    parent: Vec<Option<usize>>,
    children: Vec<Vec<usize>>,
    range: Vec<Range<usize>>,
    hash: Vec<u64>,
    height: Vec<u32>,
    /// Number of nodes in the subtree, the node included.
    size: Vec<u32>,
}

impl Tree {
    fn of(tree: &tree_sitter::Tree, text: &[u8]) -> Tree {
        let mut t = Tree {
            kind: Vec::new(),
            parent: Vec::new(),
            children: Vec::new(),
            range: Vec::new(),
            hash: Vec::new(),
            height: Vec::new(),
            size: Vec::new(),
        };
        // Pre-order numbering: a subtree is the contiguous block
        // `n..n + size[n]`.
        let mut stack = vec![(tree.root_node(), None)];
        while let Some((node, parent)) = stack.pop() {
            let id = t.kind.len();
            t.kind.push(node.kind_id());
            t.parent.push(parent);
            t.children.push(Vec::new());
            t.range.push(node.start_byte()..node.end_byte());
            t.hash.push(0);
            t.height.push(1);
            t.size.push(1);
            if let Some(p) = parent {
                t.children[p].push(id);
            }
            let mut cursor = node.walk();
            let kids: Vec<_> = node.children(&mut cursor).collect();
            for kid in kids.into_iter().rev() {
                stack.push((kid, Some(id)));
            }
        }
        for n in (0..t.kind.len()).rev() {
            let mut h = Xxh3::new();
            h.update(&t.kind[n].to_le_bytes());
            if t.children[n].is_empty() {
                h.update(&text[t.range[n].clone()]);
            }
            for &c in &t.children[n] {
                h.update(&t.hash[c].to_le_bytes());
                t.height[n] = t.height[n].max(t.height[c] + 1);
                t.size[n] += t.size[c];
            }
            t.hash[n] = h.digest();
        }
        t
    }

    fn len(&self) -> usize {
        self.kind.len()
    }

    fn descendants(&self, n: usize) -> Range<usize> {
        n + 1..n + self.size[n] as usize
    }
}

/// Below this height subtrees are not matched top-down (single tokens are
/// matched only as parts of larger subtrees or by the bottom-up phase).
const MIN_HEIGHT: u32 = 2;
/// The bottom-up phase maps containers at least this similar.
const MIN_DICE: f64 = 0.5;

struct Mapping {
    to_variant: Vec<Option<usize>>,
    to_seed: Vec<Option<usize>>,
}

impl Mapping {
    fn add(&mut self, s: usize, v: usize) {
        self.to_variant[s] = Some(v);
        self.to_seed[v] = Some(s);
    }

    /// Maps two isomorphic subtrees node by node.
    fn add_subtree(&mut self, seed: &Tree, s: usize, v: usize) {
        for k in 0..seed.size[s] as usize {
            self.add(s + k, v + k);
        }
    }

    /// Dice similarity of two subtrees by their mapped descendants.
    fn dice(&self, seed: &Tree, s: usize, variant: &Tree, v: usize) -> f64 {
        let inside = variant.descendants(v);
        let common = seed
            .descendants(s)
            .filter(|&d| self.to_variant[d].is_some_and(|m| inside.contains(&m)))
            .count();
        let total = (seed.size[s] - 1 + variant.size[v] - 1) as f64;
        if total == 0.0 {
            0.0
        } else {
            2.0 * common as f64 / total
        }
    }
}

/// The edit script from `seed` to `variant`.
pub fn edits(
    seed: &tree_sitter::Tree,
    seed_text: &[u8],
    variant: &tree_sitter::Tree,
    variant_text: &[u8],
) -> Vec<Edit> {
    let (s, v) = (Tree::of(seed, seed_text), Tree::of(variant, variant_text));
    let mut m = Mapping {
        to_variant: vec![None; s.len()],
        to_seed: vec![None; v.len()],
    };
    top_down(&s, &v, &mut m);
    bottom_up(&s, &v, &mut m);
    recover(&s, &v, &mut m);
    script(&s, &v, &m)
}

fn top_down(s: &Tree, v: &Tree, m: &mut Mapping) {
    // Open lists: nodes to consider, taken tallest first.
    let mut open_s = vec![0];
    let mut open_v = vec![0];
    let tallest =
        |open: &Vec<usize>, t: &Tree| open.iter().map(|&n| t.height[n]).max().unwrap_or(0);
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    loop {
        let (hs, hv) = (tallest(&open_s, s), tallest(&open_v, v));
        if hs.min(hv) < MIN_HEIGHT {
            break;
        }
        if hs != hv {
            let (open, t, h) = if hs > hv {
                (&mut open_s, s, hs)
            } else {
                (&mut open_v, v, hv)
            };
            let taller = take_of_height(open, t, h);
            open.extend(taller.iter().flat_map(|&n| t.children[n].iter().copied()));
            continue;
        }
        let now_s = take_of_height(&mut open_s, s, hs);
        let now_v = take_of_height(&mut open_v, v, hs);
        let (matched_s, matched_v) = match_isomorphic(s, v, m, (&now_s, &now_v), &mut candidates);
        for n in now_s {
            if !matched_s.contains(&n) {
                open_s.extend(s.children[n].iter().copied());
            }
        }
        for n in now_v {
            if !matched_v.contains(&n) {
                open_v.extend(v.children[n].iter().copied());
            }
        }
    }
    map_ambiguous(s, v, m, &candidates);
}

/// Takes the nodes of height `h` off the open list `open` (of `t`).
fn take_of_height(open: &mut Vec<usize>, t: &Tree, h: u32) -> Vec<usize> {
    let (taller, rest): (Vec<usize>, Vec<usize>) = open.drain(..).partition(|&n| t.height[n] == h);
    *open = rest;
    taller
}

/// Maps the subtrees of `now_s` and `now_v` (all of one height) that are
/// isomorphic to exactly one on the other side; those isomorphic to several
/// go to `candidates`, every pair of them. The nodes matched either way, of
/// the seed and of the variant.
fn match_isomorphic(
    s: &Tree,
    v: &Tree,
    m: &mut Mapping,
    (now_s, now_v): (&[usize], &[usize]),
    candidates: &mut Vec<(usize, usize)>,
) -> (Vec<usize>, Vec<usize>) {
    let mut by_hash: HashMap<u64, (Vec<usize>, Vec<usize>)> = HashMap::new();
    for &n in now_s {
        by_hash.entry(s.hash[n]).or_default().0.push(n);
    }
    for &n in now_v {
        by_hash.entry(v.hash[n]).or_default().1.push(n);
    }
    let mut matched_s = vec![];
    let mut matched_v = vec![];
    for (ss, vs) in by_hash.values() {
        match (ss.as_slice(), vs.as_slice()) {
            ([], _) | (_, []) => {}
            ([a], [b]) => {
                m.add_subtree(s, *a, *b);
                matched_s.push(*a);
                matched_v.push(*b);
            }
            _ => {
                for &a in ss {
                    for &b in vs {
                        candidates.push((a, b));
                    }
                    matched_s.push(a);
                }
                matched_v.extend(vs);
            }
        }
    }
    (matched_s, matched_v)
}

/// Maps the ambiguous isomorphic pairs `candidates` whose nodes are both
/// still unmapped: the most similar parents first, then in program order.
fn map_ambiguous(s: &Tree, v: &Tree, m: &mut Mapping, candidates: &[(usize, usize)]) {
    let parent_dice = |m: &Mapping, (a, b): (usize, usize)| match (s.parent[a], v.parent[b]) {
        (Some(pa), Some(pb)) => m.dice(s, pa, v, pb),
        _ => 0.0,
    };
    let mut scored: Vec<(f64, usize, usize)> = candidates
        .iter()
        .map(|&(a, b)| (parent_dice(m, (a, b)), a, b))
        .collect();
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    for (_, a, b) in scored {
        if m.to_variant[a].is_none() && m.to_seed[b].is_none() {
            m.add_subtree(s, a, b);
        }
    }
}

fn bottom_up(s: &Tree, v: &Tree, m: &mut Mapping) {
    // Post-order: children before their parent.
    let mut order: Vec<usize> = (0..s.len()).collect();
    order.sort_by_key(|&n| std::cmp::Reverse(n));
    for n in order {
        if m.to_variant[n].is_some() || s.children[n].is_empty() {
            continue;
        }
        if n == 0 {
            m.add(0, 0);
            continue;
        }
        // Variant ancestors of the partners of n's mapped descendants.
        let mut seen: Vec<usize> = Vec::new();
        for d in s.descendants(n) {
            let Some(mut w) = m.to_variant[d] else {
                continue;
            };
            while let Some(p) = v.parent[w] {
                if m.to_seed[p].is_none() && v.kind[p] == s.kind[n] && !seen.contains(&p) {
                    seen.push(p);
                }
                w = p;
            }
        }
        let best = seen
            .into_iter()
            .map(|c| (m.dice(s, n, v, c), c))
            .max_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)));
        if let Some((dice, c)) = best
            && dice >= MIN_DICE
        {
            m.add(n, c);
        }
    }
}

/// Recovery: inside each mapped pair, in program order, unmapped children
/// that are isomorphic are mapped, then unmapped inner nodes of the same
/// kind (whose own children are then recovered the same way). Leaves of one
/// kind with other text stay unmapped: they are replacements.
fn recover(s: &Tree, v: &Tree, m: &mut Mapping) {
    let mut work: Vec<usize> = (0..s.len())
        .filter(|&n| m.to_variant[n].is_some())
        .collect();
    work.reverse();
    while let Some(n) = work.pop() {
        let w = m.to_variant[n].expect("only mapped nodes are queued");
        for same in [true, false] {
            let kids_v: Vec<usize> = v.children[w]
                .iter()
                .copied()
                .filter(|&k| m.to_seed[k].is_none())
                .collect();
            let mut from = 0;
            for &c in &s.children[n] {
                if m.to_variant[c].is_some() {
                    continue;
                }
                let fits = |k: usize| {
                    if same {
                        s.hash[c] == v.hash[k]
                    } else {
                        s.kind[c] == v.kind[k]
                            && !s.children[c].is_empty()
                            && !v.children[k].is_empty()
                    }
                };
                if let Some(at) = kids_v[from..].iter().position(|&k| fits(k)) {
                    let k = kids_v[from + at];
                    from += at + 1;
                    if same {
                        m.add_subtree(s, c, k);
                    } else {
                        m.add(c, k);
                        work.push(c);
                    }
                }
            }
        }
    }
}

fn script(s: &Tree, v: &Tree, m: &Mapping) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut inserted = vec![false; v.len()];
    for n in 0..s.len() {
        let Some(w) = m.to_variant[n] else {
            continue;
        };
        // Children of a mapped pair, cut into gaps at mapped siblings.
        let (mut gap_s, mut gap_v): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
        let mut kids_v = v.children[w].iter().copied().peekable();
        let mut flush = |gap_s: &mut Vec<usize>, gap_v: &mut Vec<usize>, out: &mut Vec<Edit>| {
            let pairs = gap_s.len().min(gap_v.len());
            for k in 0..pairs {
                out.push(Edit::Replace(
                    s.range[gap_s[k]].clone(),
                    v.range[gap_v[k]].clone(),
                ));
                inserted[gap_v[k]] = true;
            }
            for &a in &gap_s[pairs..] {
                out.push(Edit::Delete(s.range[a].clone()));
            }
            for &b in &gap_v[pairs..] {
                out.push(Edit::Insert(v.range[b].clone()));
                inserted[b] = true;
            }
            gap_s.clear();
            gap_v.clear();
        };
        for &c in &s.children[n] {
            match m.to_variant[c] {
                None => gap_s.push(c),
                Some(partner) if v.parent[partner] == Some(w) => {
                    // Variant children up to the partner belong to this gap.
                    while let Some(&k) = kids_v.peek() {
                        kids_v.next();
                        if k == partner {
                            break;
                        }
                        if m.to_seed[k].is_none() {
                            gap_v.push(k);
                        }
                    }
                    flush(&mut gap_s, &mut gap_v, &mut out);
                }
                // Moved elsewhere: not a gap boundary here.
                Some(_) => {}
            }
        }
        gap_v.extend(kids_v.filter(|&k| m.to_seed[k].is_none()));
        flush(&mut gap_s, &mut gap_v, &mut out);
    }
    // Unmapped variant subtrees under unmapped or moved parents.
    for (b, &done) in inserted.iter().enumerate() {
        let parent_mapped = v.parent[b].is_none_or(|p| m.to_seed[p].is_some());
        if m.to_seed[b].is_none() && !done && parent_mapped {
            out.push(Edit::Insert(v.range[b].clone()));
        }
    }
    out.retain(|e| match e {
        Edit::Delete(r) | Edit::Insert(r) => !r.is_empty(),
        Edit::Replace(a, b) => !(a.is_empty() && b.is_empty()),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;
    use crate::syntax::{Grammar, parse};

    fn diff(seed: &str, variant: &str) -> Vec<(String, String, String)> {
        let g = Grammar::of(Language::by_name("c").unwrap());
        let (a, b) = (parse(g, seed.as_bytes()), parse(g, variant.as_bytes()));
        edits(&a, seed.as_bytes(), &b, variant.as_bytes())
            .into_iter()
            .map(|e| match e {
                Edit::Delete(r) => ("delete".into(), seed[r].to_string(), String::new()),
                Edit::Insert(r) => ("insert".into(), String::new(), variant[r].to_string()),
                Edit::Replace(a, b) => (
                    "replace".into(),
                    seed[a].to_string(),
                    variant[b].to_string(),
                ),
            })
            .collect()
    }

    #[test]
    fn the_papers_example_gives_deletes_an_insert_and_a_replacement() {
        // Figure 3 of the PPR paper, simplified to C that parses.
        let seed = "void f(void) {\n  int b = 7;\n  int c = 9;\n  e;\n  f = g[0][9];\n  if (b)\n    break;\n}\n";
        let variant =
            "void f(void) {\n  int b = 7;\n  int c = 9;\n  while (b == 0);\n  if (b)\n    ;\n}\n";
        let edits = diff(seed, variant);
        assert!(
            edits.contains(&("replace".into(), "e;".into(), "while (b == 0);".into())),
            "{edits:?}"
        );
        assert!(
            edits.contains(&("delete".into(), "f = g[0][9];".into(), String::new())),
            "{edits:?}"
        );
        assert!(
            edits.contains(&("replace".into(), "break;".into(), ";".into())),
            "{edits:?}"
        );
        assert_eq!(edits.len(), 3, "{edits:?}");
    }

    #[test]
    fn identical_programs_have_no_edits_and_moves_are_not_edits() {
        assert!(diff("int a;\nint b;\n", "int a;\nint b;\n").is_empty());
        let edits = diff("int x = 1 + 2;\n", "int x = 1 + 2 * 3;\n");
        assert_eq!(edits.len(), 1, "{edits:?}");
        assert_eq!(edits[0].0, "replace", "{edits:?}");
    }
}
