//! Statements to expression statements: a statement is replaced by an
//! expression found inside it, followed by what ends an expression
//! statement, so `if (x = y);` becomes `x = y;`, `return g(x);` becomes
//! `g(x);` and Rust's `let v = f(x);` becomes `f(x);`. Hoisting cannot do
//! this: an expression is not allowed where a statement is. The
//! expressions are those hoisting would find (the first on each path below
//! the statement, a few levels deep); the language table names the
//! expression statement's kind and its end.

use crate::edit::{Edit, EditView};
use crate::reduce::tree::hoist::{self, compatible_below};
use crate::reduce::{Attempt, Change, Reduction, Tasks, TreeSubject, inner_slot};
use crate::syntax::{KindId, NodeId};
use crate::task::Queued;

/// The most tokens a candidate may remove. A statement whose expression is
/// all but a few of its tokens is one the other reductions have emptied
/// around the expression (`if (x = y);`, `return g(x);`, `int v = f(x);`);
/// while a statement still holds a body, its deletion and hoisting come
/// first and the expression alone almost never keeps the program
/// interesting (without the bound, few candidates are and one case ends
/// larger: doc/benchmarks.md).
pub const MAX_REMOVED: usize = 4;

/// Expression statements as a table entry.
pub struct ExprStmtReduction;

/// The table entry.
pub static EXPR_STMT: ExprStmtReduction = ExprStmtReduction;

impl Reduction for ExprStmtReduction {
    fn name(&self) -> &'static str {
        "expr-stmt"
    }

    fn about(&self) -> &'static str {
        "Do not replace a statement by one of its expressions as an expression statement (`if (x = y);` -> `x = y;`)"
    }

    fn visit_child<'a>(
        &self,
        cx: &TreeSubject<'a>,
        _current: EditView<'_>,
        c: NodeId,
        out: &mut Tasks<'a>,
    ) {
        let (original, nodes) = (cx.original, &cx.original.nodes);
        // Top-level items stay: C and Rust have no statements there, so a
        // function would become an expression the test rejects.
        if nodes.parent(c) == nodes.root() {
            return;
        }
        let Some(slot) = inner_slot(cx, c) else {
            return;
        };
        for &(name, end) in original.language.expression_statements {
            // A grammar may give one kind name several ids (aliases).
            let ids = cx.grammar.kind_ids(name, true);
            if ids.contains(&nodes.kind(c)) {
                continue;
            }
            let Some(statement) = ids.iter().copied().find(|&k| slot.types.contains(k)) else {
                continue;
            };
            let Some(inner) = cx.grammar.children_slot(statement) else {
                continue;
            };
            // An expression already in an expression statement is kept by
            // hoisting that statement; a name being defined (`let v = ..`)
            // is no use on its own.
            let candidates = compatible_below(original, c, &inner.types)
                .into_iter()
                .filter(|&e| !ids.contains(&nodes.kind(nodes.parent(e))))
                .filter(|&e| !cx.grammar.is_definer_field(nodes.field(e)));
            for expr in candidates {
                let kept = nodes.tokens(expr) + usize::from(!end.is_empty());
                let Some(removed) = nodes
                    .tokens(c)
                    .checked_sub(kept)
                    .filter(|&r| 0 < r && r <= MAX_REMOVED)
                else {
                    continue;
                };
                out.push(Attempt::removing(
                    removed,
                    ExprStmt {
                        node: c,
                        expr,
                        statement,
                        end,
                    },
                ));
            }
        }
    }
}

/// Replace the statement `node` by `expr` followed by `end`.
#[derive(Clone, Debug)]
pub struct ExprStmt {
    /// The replaced statement.
    pub node: NodeId,
    /// The kept expression, a descendant of `node`.
    pub expr: NodeId,
    /// The kind of expression statement it becomes.
    pub statement: KindId,
    /// What follows the expression (`;`).
    pub end: &'static str,
}

impl Change for ExprStmt {
    fn kind(&self) -> &'static str {
        EXPR_STMT.name()
    }

    fn edits(&self, cx: &TreeSubject<'_>, current: EditView<'_>) -> Option<Vec<(NodeId, Edit)>> {
        let original = cx.original;
        if !cx.inside(self.node)
            || !current.is_live(original, self.node)
            || !current.is_live(original, self.expr)
        {
            return None;
        }
        match current.get(self.node) {
            Some(Edit::Text(_) | Edit::Name(_) | Edit::Delete) => None,
            Some(Edit::Hoist { first, last, .. })
                if hoist::kept_tokens(original, *first, *last)
                    <= original.nodes.tokens(self.expr) =>
            {
                None
            }
            _ => Some(vec![(
                self.node,
                Edit::Hoist {
                    first: self.expr,
                    last: self.expr,
                    end: self.end,
                },
            )]),
        }
    }

    /// The kept expression sits in an expression statement now, so it may
    /// be hoisted within it (`(x = y);` -> `x = y;`).
    fn follow_ups<'a>(&self, cx: &TreeSubject<'a>) -> Vec<Queued<TreeSubject<'a>>> {
        if !cx.config.runs(hoist::HOIST.name()) {
            return Vec::new();
        }
        match cx.grammar.children_slot(self.statement) {
            Some(slot) => hoist::tasks(cx.original, self.expr, self.expr, &slot.types, false),
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::byname::testing::candidates_on_visit;

    #[test]
    fn c_statements_become_their_expressions() {
        let got = candidates_on_visit(
            &EXPR_STMT,
            "c",
            "int f(int a) {\n  if (a = a);\n  return h(a);\n  int b = h(2);\n  while (a) { h(1); h(2); }\n}\n",
        );
        // Not the loop: its body is more than a few tokens.
        assert_eq!(
            got,
            [
                "int f(int a) {\n  (a = a);\n  return h(a);\n  int b = h(2);\n  while (a) { h(1); h(2); }\n}\n",
                "int f(int a) {\n  if (a = a);\n  h(a);\n  int b = h(2);\n  while (a) { h(1); h(2); }\n}\n",
                "int f(int a) {\n  if (a = a);\n  return h(a);\n  h(2);\n  while (a) { h(1); h(2); }\n}\n",
            ]
        );
    }

    #[test]
    fn rust_and_javascript_declarations_become_their_values() {
        assert_eq!(
            candidates_on_visit(&EXPR_STMT, "rust", "fn f() { let v = g(1); }\n"),
            ["fn f() { g(1); }\n"]
        );
        assert_eq!(
            candidates_on_visit(
                &EXPR_STMT,
                "javascript",
                "function f() { while (g(1)) ; var v = h(); }\n"
            ),
            [
                "function f() { (g(1)); var v = h(); }\n",
                "function f() { while (g(1)) ; h(); }\n",
            ]
        );
    }
}
