//! Preprocessor conditionals the grammar could not read as one node: an
//! `#if`/`#ifdef`/`#ifndef` group whose branches are not whole items or
//! statements (`#ifdef OLD` around one of two headers of a function, a
//! field of an initializer list, a parameter) ends up as scattered tokens
//! in ERROR nodes, and no deletion or hoisting of nodes removes its
//! directives together. Here the group is found from its directive lines
//! (matched by nesting, in text order) and each branch is a candidate: the
//! directive lines and the other branches go, the branch's lines stay. The
//! whole group going is one more candidate.
//!
//! A group the grammar did read as one node (`preproc_if`, `preproc_ifdef`)
//! needs none of this: deletion drops it whole and hoisting keeps one
//! branch (its items replace the conditional). Only the branches hoisting
//! cannot reach are proposed for those: an `#elif` chain deeper than its
//! search ([`crate::reduce::tree::hoist::MAX_DEPTH`] alternatives).
//!
//! What goes is text: the tokens of the removed lines become empty text,
//! and the re-parse and the test decide whether the program still holds
//! together. `#include` lines need nothing of this: each is an item of its
//! own that deletion drops.

use std::sync::Arc;

use crate::edit::{Edit, EditView};
use crate::lang::Preprocessor;
use crate::reduce::preproc::{cover, is_kind, preprocessor};
use crate::reduce::tree::hoist::MAX_DEPTH;
use crate::reduce::{Attempt, Change, PassKind, Reduction, Tasks, TreeSubject};
use crate::syntax::{Grammar, NodeId, Original, Stop, until};
use crate::task::Queued;

/// Conditional branches as a table entry.
pub struct ConditionalsReduction;

/// The table entry.
pub static CONDITIONALS: ConditionalsReduction = ConditionalsReduction;

impl Reduction for ConditionalsReduction {
    fn name(&self) -> &'static str {
        "conditionals"
    }

    fn about(&self) -> &'static str {
        "Do not replace a C preprocessor conditional that the parser could not read as one node by one of its branches, or delete it"
    }

    fn pass_start<'a>(&self, cx: &TreeSubject<'a>, _kind: PassKind, out: &mut Tasks<'a>) {
        if let Some(pp) = preprocessor(cx.original) {
            out.extend(tasks(cx, pp));
        }
    }
}

/// Make these nodes empty text (the tokens of some lines).
#[derive(Clone, Debug)]
pub struct RemoveLines {
    /// The nodes that make up the lines, in id order.
    pub nodes: Arc<[NodeId]>,
}

impl Change for RemoveLines {
    fn kind(&self) -> &'static str {
        CONDITIONALS.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        let empty: Arc<[u8]> = Arc::from(&b""[..]);
        let mut edits = Vec::new();
        for &n in self.nodes.iter() {
            if !cx.inside(n) {
                return None;
            }
            let gone = matches!(current.get(n).and_then(Edit::text), Some(t) if t.is_empty());
            if gone || !current.is_live(original, n) {
                continue;
            }
            edits.push((n, Edit::Text(empty.clone())));
        }
        (!edits.is_empty()).then_some(edits)
    }
}

/// What a directive does to its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Open,
    Branch,
    Close,
}

/// A directive line: its token, its role and its lines' byte range (with
/// escaped line breaks, and the final line break).
#[derive(Clone, Copy, Debug)]
struct Directive {
    token: NodeId,
    role: Role,
    lines: (usize, usize),
}

/// One conditional group: its opening directive, the directives that
/// start its other branches, and its `#endif`.
#[derive(Debug)]
struct Group {
    directives: Vec<Directive>,
}

/// The directive lines of the program, in text order.
fn directives(
    grammar: &Grammar,
    original: &Original,
    pp: &Preprocessor,
    stop: Stop<'_>,
) -> Vec<Directive> {
    let nodes = &original.nodes;
    let text = &original.text;
    let mut out = Vec::new();
    let directive_kinds = crate::reduce::byname::kinds(grammar, pp.directive_kinds);
    for n in until(nodes.ids(), stop) {
        if !nodes.is_leaf(n) || nodes.is_missing(n) {
            continue;
        }
        let named = nodes.is_named(n);
        if named && !directive_kinds.contains(&nodes.kind(n)) {
            continue;
        }
        let word = std::str::from_utf8(original.node_text(n))
            .unwrap_or("")
            .trim();
        let role = if pp.conditional_open.contains(&word) {
            Role::Open
        } else if pp.conditional_branch.contains(&word) {
            Role::Branch
        } else if word == pp.conditional_close {
            Role::Close
        } else {
            continue;
        };
        let start = nodes.start(n);
        let line_start = text[..start]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
        if !text[line_start..start].iter().all(u8::is_ascii_whitespace) {
            // Not the first token of its line: not a directive.
            continue;
        }
        let mut end = start;
        while end < text.len() && (text[end] != b'\n' || escaped(text, end)) {
            end += 1;
        }
        out.push(Directive {
            token: n,
            role,
            lines: (line_start, (end + 1).min(text.len())),
        });
    }
    out
}

/// Whether the line break at `i` is escaped by a `\` (spaces between allowed
/// by compilers, with a warning).
fn escaped(text: &[u8], i: usize) -> bool {
    text[..i].trim_ascii_end().ends_with(b"\\")
}

/// The closed groups, matched by nesting; unbalanced directives are left out.
fn groups(directives: &[Directive]) -> Vec<Group> {
    let mut open: Vec<Group> = Vec::new();
    let mut closed = Vec::new();
    for &d in directives {
        match d.role {
            Role::Open => open.push(Group {
                directives: vec![d],
            }),
            Role::Branch => {
                if let Some(g) = open.last_mut() {
                    g.directives.push(d);
                }
            }
            Role::Close => {
                if let Some(mut g) = open.pop() {
                    g.directives.push(d);
                    closed.push(g);
                }
            }
        }
    }
    closed
}

/// The candidates of the pass (see the module documentation).
fn tasks<'a>(cx: &TreeSubject<'a>, pp: &Preprocessor) -> Vec<Queued<TreeSubject<'a>>> {
    let (grammar, original) = (cx.grammar, cx.original);
    let nodes = &original.nodes;
    let mut out = Vec::new();
    for group in until(
        groups(&directives(grammar, original, pp, cx.stop())).into_iter(),
        cx.stop(),
    ) {
        let d = &group.directives;
        let (first, last) = (d[0], d[d.len() - 1]);
        let parent = nodes.parent(first.token);
        let whole = parent != NodeId::NONE
            && parent == nodes.parent(last.token)
            && is_kind(grammar, nodes.kind(parent), pp.conditional_kinds);
        // Branch k sits between directive k and directive k + 1.
        let branches = d.len() - 1;
        let mut removals: Vec<Vec<(usize, usize)>> = Vec::new();
        for keep in 0..branches {
            if whole && keep <= MAX_DEPTH {
                continue;
            }
            let mut ranges: Vec<(usize, usize)> = d.iter().map(|x| x.lines).collect();
            for k in (0..branches).filter(|&k| k != keep) {
                ranges.push((d[k].lines.1, d[k + 1].lines.0));
            }
            removals.push(ranges);
        }
        if !whole {
            removals.push(vec![(first.lines.0, last.lines.1)]);
        }
        for ranges in removals {
            out.extend(task(cx, ranges));
        }
    }
    out
}

/// The task that empties the byte ranges `ranges`, if their tokens are
/// whole nodes inside the scope.
fn task<'a>(
    cx: &TreeSubject<'a>,
    mut ranges: Vec<(usize, usize)>,
) -> Option<Queued<TreeSubject<'a>>> {
    let original = cx.original;
    ranges.sort_unstable();
    let mut nodes = Vec::new();
    for (start, end) in ranges {
        if start < end {
            nodes.extend(cover(original, start, end)?);
        }
    }
    if nodes.is_empty() || !nodes.iter().all(|&n| cx.inside(n)) {
        return None;
    }
    nodes.sort_unstable();
    let removed: usize = nodes.iter().map(|&n| original.nodes.tokens(n)).sum();
    Some(Attempt::removing(
        removed,
        RemoveLines {
            nodes: nodes.into(),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::{candidates, proposed as proposed_by};
    use crate::syntax::{count_errors, parse};

    /// The candidates for `src`, which may have parse errors (the helper
    /// in `byname` insists on none), each with its own error count.
    fn proposed(src: &str) -> Vec<(String, usize)> {
        proposed_by(&CONDITIONALS, "c", src, false, |o, cx, tasks| {
            let none = crate::edit::EditSet::new();
            tasks
                .into_iter()
                .map(|(_, job)| {
                    let edits = job.first_change().unwrap().edits(cx, none.view()).unwrap();
                    let mut out = Vec::new();
                    crate::edit::render(o, none.view_with(&edits), &mut out);
                    let errors = count_errors(&parse(cx.grammar, &out));
                    (String::from_utf8(out).unwrap(), errors)
                })
                .collect()
        })
    }

    #[test]
    fn a_split_function_header_keeps_either_branch() {
        let src =
            "#ifdef OLD\nint f(int a, int b) {\n#else\nint f(int a) {\n#endif\n  return a;\n}\n";
        let got = proposed(src);
        // The spaces between removed tokens stay (the layout pass or the
        // tidy pass takes them at the end).
        assert_eq!(
            got,
            [
                (
                    " \nint f(int a, int b) {\n  \n  return a;\n}\n".to_string(),
                    0
                ),
                (" \n  \nint f(int a) {\n  return a;\n}\n".to_string(), 0),
                (" \n  \n  \n  return a;\n}\n".to_string(), 1),
            ]
        );
    }

    #[test]
    fn initializers_and_parameters_lose_their_conditionals() {
        let src =
            "struct ops o = {\n  .open = f,\n#ifdef X\n  .ioctl = g,\n#endif\n  .close = h,\n};\n";
        let got = proposed(src);
        // Keeping the branch, and dropping the group; both parse.
        assert_eq!(got.len(), 2, "{got:#?}");
        assert!(got.iter().all(|(_, errors)| *errors == 0), "{got:#?}");
        assert!(got[0].0.contains(".ioctl = g") && !got[0].0.contains('#'));
        assert!(!got[1].0.contains(".ioctl") && !got[1].0.contains('#'));
    }

    /// Groups the grammar reads as one node are left to hoisting and
    /// deletion, except branches past hoisting's reach.
    #[test]
    fn whole_conditionals_only_past_hoisting() {
        let src = "#if A\nint a;\n#else\nint b;\n#endif\nint f(void) {\n#ifdef B\n  return 1;\n#endif\n  return 0;\n}\n";
        assert!(candidates(&CONDITIONALS, "c", src).is_empty());
        let mut src = String::from("#if A == 0\nint a0;\n");
        for k in 1..8 {
            src.push_str(&format!("#elif A == {k}\nint a{k};\n"));
        }
        src.push_str("#else\nint z;\n#endif\n");
        let got = candidates(&CONDITIONALS, "c", &src);
        assert_eq!(
            got.iter().map(|t| t.trim()).collect::<Vec<_>>(),
            ["int a5;", "int a6;", "int a7;", "int z;"]
        );
    }

    #[test]
    fn nested_and_unbalanced_groups() {
        // The inner group is split inside a parameter list; the outer one
        // is not closed, so it is no group.
        let src = "#if X\nint f(int a\n#ifdef Y\n, int b\n#endif\n);\n";
        let got = proposed(src);
        assert_eq!(got.len(), 2, "{got:#?}");
        assert!(got[0].0.contains(", int b") && got[0].0.contains("#if X"));
        assert!(!got[1].0.contains("int b") && got[1].0.contains("#if X"));
    }
}
