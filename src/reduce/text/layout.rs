//! The layout pass: the result laid out from its syntax tree. Each child of
//! a block, body or field list (and of the root) goes on a line of its own,
//! indented by how many such blocks hold it; tokens on a line are separated
//! by one space, except where the language's conventions put none (`f(x)`,
//! `a.b`, `-x`, `Vec<u8>`) or a space is needed to keep two tokens apart
//! (`int x`, `a - -b`, `a / /re/`). What the language describes in
//! [`crate::lang::Layout`] is all it knows about a language.
//!
//! Line breaks that carry meaning stay: after a line comment, around a
//! preprocessor directive, and in JavaScript where automatic semicolon
//! insertion ends a statement at a break (`return`, `throw`, a statement
//! without `;`). Strings, characters, comments, regexes, template strings
//! and macro bodies are copied as they are.
//!
//! A layout is only ever proposed if the laid-out text parses to the same
//! tokens (same kinds, same texts, in the same order) with no more parse
//! errors; otherwise the text is left as it is. The pass then tests it once,
//! as a [`Rules::LAYOUT`](crate::reduce::text::tidy::Rules::LAYOUT) change of the tidy
//! subject, and keeps it only if the program stays interesting.

use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::{Node, Tree};

use crate::lang::{Language, Layout};
use crate::reduce::Reduction;
use crate::reduce::text::blank_gap;
#[cfg(test)]
use crate::syntax::parse;
use crate::syntax::{Grammar, Stop, count_errors, due};
use std::cell::Cell;

/// The layout pass as a table entry (`--no-layout`, the statistics key).
pub struct LayoutPass;

/// The table entry.
pub static LAYOUT: LayoutPass = LayoutPass;

impl Reduction for LayoutPass {
    fn name(&self) -> &'static str {
        "layout"
    }

    fn about(&self) -> &'static str {
        "Do not lay the result out from its syntax tree at the end"
    }
}

/// Why no layout is proposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The text is laid out already.
    Unchanged,
    /// The laid-out text would parse to other tokens or more errors.
    Tokens,
    /// The run was stopped while the layout was checked.
    Stopped,
    /// The text is of [`NO_GROWTH_FROM`] bytes or more and the layout
    /// would make it larger.
    Larger,
}

/// A result of this many bytes or more is laid out only if that does not
/// make it larger: one line per statement, indented, made a 3.5 MB result
/// of one block per line 5.3 MB; a result that large is searched, not read,
/// and every byte more is a byte more for the test to read.
pub const NO_GROWTH_FROM: usize = 64 * 1024;

/// Lays out the part of `text` (whose tree is `tree`) inside `scope`,
/// indenting by `unit`; whitespace outside `scope` is kept.
#[cfg(test)]
pub fn lay_out(
    grammar: &Grammar,
    text: &[u8],
    tree: &Tree,
    scope: &Range<usize>,
    unit: &[u8],
) -> Result<Vec<u8>, Refused> {
    lay_out_until(
        grammar,
        text,
        tree,
        scope,
        unit,
        false,
        &crate::syntax::never,
    )
}

/// The same, giving up once `stop` says so (the check parses the whole
/// laid-out text); if `no_growth`, refusing to make a text of
/// [`NO_GROWTH_FROM`] bytes or more larger (the layout pass does).
pub fn lay_out_until(
    grammar: &Grammar,
    text: &[u8],
    tree: &Tree,
    scope: &Range<usize>,
    unit: &[u8],
    no_growth: bool,
    stop: crate::syntax::Stop<'_>,
) -> Result<Vec<u8>, Refused> {
    let language = grammar.language;
    let out = render_until(language, text, tree, scope, unit, stop).ok_or(Refused::Stopped)?;
    if out == text {
        return Err(Refused::Unchanged);
    }
    if no_growth && text.len() >= NO_GROWTH_FROM && out.len() > text.len() {
        return Err(Refused::Larger);
    }
    let mut parser = crate::syntax::parser(grammar);
    let Some(new) = crate::syntax::parse_until(&mut parser, &out, None, stop) else {
        return Err(Refused::Stopped);
    };
    let (Some(after), Some(before)) = (
        tokens_until(language, &new, &out, stop),
        tokens_until(language, tree, text, stop),
    ) else {
        return Err(Refused::Stopped);
    };
    if count_errors(&new) > count_errors(tree) || after != before {
        return Err(Refused::Tokens);
    }
    Ok(out)
}

/// Whether `node` is copied whole (a string, comment, regex...).
fn verbatim(language: &Language, node: Node) -> bool {
    language.verbatim_kinds.contains(&node.kind())
}

/// The tokens of `text`: its non-empty leaves and verbatim nodes, in
/// order, as (kind, text).
#[cfg(test)]
fn tokens<'t>(language: &Language, tree: &Tree, text: &'t [u8]) -> Vec<(u16, &'t [u8])> {
    tokens_until(language, tree, text, &crate::syntax::never).expect("never stopped")
}

/// The same, `None` once `stop` says so (asked every
/// [`crate::syntax::CHECK_EVERY`] nodes).
fn tokens_until<'t>(
    language: &Language,
    tree: &Tree,
    text: &'t [u8],
    stop: Stop<'_>,
) -> Option<Vec<(u16, &'t [u8])>> {
    let mut out = Vec::new();
    let (seen, stopped) = (Cell::new(0usize), Cell::new(false));
    crate::syntax::for_each_unit(
        tree,
        |node| {
            seen.set(seen.get() + 1);
            if due(seen.get()) && stop() {
                stopped.set(true);
            }
            // Once stopped, every node is taken whole: the walk climbs out.
            stopped.get() || verbatim(language, node)
        },
        |node| {
            if node.start_byte() < node.end_byte() {
                out.push((node.kind_id(), &text[node.byte_range()]));
            }
        },
    );
    (!stopped.get()).then_some(out)
}

/// One token of a tree, with what the gaps around it need to know of its
/// place in the tree (worked out in one walk: `Node::parent` is not cheap).
#[derive(Clone, Copy)]
struct Token<'t> {
    node: Node<'t>,
    /// Levels of indentation of a line it starts.
    depth: usize,
    /// The kind of its parent.
    parent: &'t str,
    /// It is anonymous and no named sibling comes before it (`-` in `-x`,
    /// `#`, `!`, `[` in `#![a]`).
    leading: bool,
    /// It is anonymous and no named sibling comes after it (`++` in `x++`).
    trailing: bool,
    /// It is its parent's first anonymous child.
    first_anonymous: bool,
    /// It is its parent's last child.
    last: bool,
    /// It is the last token of a statement or declaration.
    ends_statement: bool,
}

/// The tokens of a tree, and where lines start and end.
struct Lines<'t> {
    tokens: Vec<Token<'t>>,
    /// Start bytes of nodes that begin a line.
    starts: HashSet<usize>,
    /// End bytes of nodes that end a line.
    ends: HashSet<usize>,
    /// End bytes of statements and declarations.
    statement_ends: HashSet<usize>,
    /// Nodes visited, and whether the stop came.
    visited: usize,
    stopped: bool,
}

impl<'t> Lines<'t> {
    /// `None` once `stop` says so (asked every [`crate::syntax::CHECK_EVERY`] nodes).
    fn of(language: &Language, tree: &'t Tree, stop: Stop<'_>) -> Option<Lines<'t>> {
        let mut lines = Lines {
            tokens: Vec::new(),
            starts: HashSet::new(),
            ends: HashSet::new(),
            statement_ends: HashSet::new(),
            visited: 0,
            stopped: false,
        };
        let root = tree.root_node();
        let token = Token {
            node: root,
            depth: 0,
            parent: "",
            leading: false,
            trailing: false,
            first_anonymous: false,
            last: true,
            ends_statement: false,
        };
        lines.visit(language, token, stop);
        if lines.stopped {
            return None;
        }
        for t in &mut lines.tokens {
            t.ends_statement = lines.statement_ends.contains(&t.node.end_byte());
        }
        Some(lines)
    }

    /// Visits `this.node`, whose place in the tree `this` describes.
    fn visit(&mut self, language: &Language, this: Token<'t>, stop: Stop<'_>) {
        self.visited += 1;
        if self.stopped || (due(self.visited) && stop()) {
            self.stopped = true;
            return;
        }
        let (node, depth) = (this.node, this.depth);
        if node.child_count() == 0 || verbatim(language, node) {
            if node.start_byte() < node.end_byte() {
                self.tokens.push(this);
            }
            return;
        }
        let kind = node.kind();
        if kind.ends_with("statement") || kind.ends_with("declaration") {
            self.statement_ends.insert(node.end_byte());
        }
        let lines = on_lines_of(&language.layout, kind);
        let children = children_with_fields(node);
        let first_named = children.iter().position(|(c, _)| c.is_named());
        let last_named = children.iter().rposition(|(c, _)| c.is_named());
        let first_anonymous = children.iter().position(|(c, _)| !c.is_named());
        let mut after_brace = !children.iter().any(|(c, _)| c.kind() == "{");
        let mut on_lines = false;
        for (i, &(child, field)) in children.iter().enumerate() {
            let on_line = match &lines {
                Some((_, Some(f))) => field == Some(f.as_str()),
                Some((_, None)) => after_brace && child.is_named() && field.is_none(),
                None => false,
            };
            if child.kind() == "{" {
                after_brace = true;
            }
            let mut child_depth = depth;
            // The closing brace of a block with lines (after a trailing
            // `,` too) goes on a line of its own.
            if on_lines && child.kind() == "}" && i + 1 == children.len() {
                self.starts.insert(child.start_byte());
            }
            if on_line && child.start_byte() < child.end_byte() {
                on_lines = true;
                self.starts.insert(child.start_byte());
                self.ends.insert(child.end_byte());
                child_depth += usize::from(lines.as_ref().is_some_and(|l| l.0));
            }
            let anonymous = !child.is_named();
            let token = Token {
                node: child,
                depth: child_depth,
                parent: kind,
                leading: anonymous && first_named.is_none_or(|f| i < f),
                trailing: anonymous && last_named.is_some_and(|l| i > l),
                first_anonymous: first_anonymous == Some(i),
                last: i + 1 == children.len(),
                ends_statement: false,
            };
            self.visit(language, token, stop);
        }
    }
}

/// Whether a node of `kind` puts children on lines: (indented, the field
/// of those children; none: the named children after its `{`).
fn on_lines_of(layout: &Layout, kind: &str) -> Option<(bool, Option<String>)> {
    let spec = |specs: &[&str]| {
        specs.iter().find_map(|s| match s.split_once('.') {
            Some((k, field)) if k == kind => Some(Some(field.to_string())),
            None if *s == kind => Some(None),
            _ => None,
        })
    };
    spec(layout.blocks)
        .map(|f| (true, f))
        .or_else(|| spec(layout.flat).map(|f| (false, f)))
}

/// The children of `node`, each with its field name.
fn children_with_fields<'t>(node: Node<'t>) -> Vec<(Node<'t>, Option<&'t str>)> {
    let mut cursor = node.walk();
    let mut all = Vec::new();
    if !cursor.goto_first_child() {
        return all;
    }
    loop {
        all.push((cursor.node(), cursor.field_name()));
        if !cursor.goto_next_sibling() {
            return all;
        }
    }
}

/// What goes between two tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gap {
    None,
    Space,
    Line,
}

/// The facts about a language that the gaps need, worked out once per layout.
struct Rules<'l> {
    language: &'l Language,
    /// Two-character sequences inside the language's operator tokens
    /// (and comment starts): two tokens meeting there need a space.
    joins: HashSet<[u8; 2]>,
}

impl<'l> Rules<'l> {
    fn of(language: &'l Language) -> Rules<'l> {
        let ts = language.ts_language();
        let mut joins: HashSet<[u8; 2]> = [*b"//", *b"/*"].into_iter().collect();
        for id in 0..ts.node_kind_count() as u16 {
            if ts.node_kind_is_named(id) || !ts.node_kind_is_visible(id) {
                continue;
            }
            let Some(kind) = ts.node_kind_for_id(id) else {
                continue;
            };
            let bytes = kind.as_bytes();
            if bytes.len() < 2 || bytes.iter().any(|&c| word_char(language, c) || c <= b' ') {
                continue;
            }
            for w in bytes.windows(2) {
                joins.insert([w[0], w[1]]);
            }
        }
        for ok in language.layout.glue_ok {
            if let [a, b] = ok.as_bytes() {
                joins.remove(&[*a, *b]);
            }
        }
        Rules { language, joins }
    }

    /// Whether `p` and `n` would run together without a space.
    fn needs_space(&self, p: &[u8], n: &[u8]) -> bool {
        let (Some(&a), Some(&b)) = (p.last(), n.first()) else {
            return false;
        };
        (word_char(self.language, a) && word_char(self.language, b))
            || (p[0].is_ascii_digit() && n == b".")
            || self.joins.contains(&[a, b])
    }
}

/// The rules of each entry of [`Language::ALL`], worked out once, for
/// [`runs_together`].
static RULES: [std::sync::OnceLock<Rules<'static>>; Language::ALL.len()] =
    [const { std::sync::OnceLock::new() }; Language::ALL.len()];

/// Whether tokens `p` and `n` of `language` would run together without a
/// space between them, as the layout decides: for text put next to a
/// token elsewhere (pair mode's Patch).
pub fn runs_together(language: &'static Language, p: &[u8], n: &[u8]) -> bool {
    RULES[language.index()]
        .get_or_init(|| Rules::of(language))
        .needs_space(p, n)
}

fn word_char(language: &Language, c: u8) -> bool {
    c.is_ascii_alphanumeric() || c >= 0x80 || language.word_chars.as_bytes().contains(&c)
}

impl Rules<'_> {
    /// The gap between tokens `p` and `n`; `old` is the whitespace between
    /// them now.
    fn gap(&self, text: &[u8], lines: &Lines, pk: &Token, nk: &Token, old: &[u8]) -> Gap {
        let language = self.language;
        let layout = &language.layout;
        let (p, n) = (pk.node, nk.node);
        let (pt, nt) = (&text[p.byte_range()], &text[n.byte_range()]);
        let line_comment = p.kind().contains("comment") && pt.starts_with(b"//");
        let kept_break = old.contains(&b'\n')
            && !matches!(nt, b";" | b"}")
            && (layout.keep_break_after.iter().any(|t| t.as_bytes() == pt)
                || layout.keep_break_before.iter().any(|t| t.as_bytes() == nt)
                || (layout.keep_statement_breaks && pk.ends_statement));
        if line_comment || kept_break || layout.line_tokens.contains(&n.kind()) {
            return Gap::Line;
        }
        // A comment after code on its line stays there; one that had a
        // line of its own keeps it only as a child of a block.
        if n.kind().contains("comment") {
            return if old.contains(&b'\n') && lines.starts.contains(&n.start_byte()) {
                Gap::Line
            } else {
                Gap::Space
            };
        }
        // A line end that is a token of its own (after a directive).
        if nt == b"," || nt == b";" || nt.iter().all(u8::is_ascii_whitespace) {
            return if self.needs_space(pt, nt) {
                Gap::Space
            } else {
                Gap::None
            };
        }
        // A line child's own `:` (C++'s `public:`, whose grammar makes the
        // colon its block's token) stays on its line.
        if lines.starts.contains(&n.start_byte())
            || (lines.ends.contains(&p.end_byte()) && nt != b":")
        {
            return Gap::Line;
        }
        if self.needs_space(pt, nt) {
            return Gap::Space;
        }
        let spaced = |token: &Token, t: &[u8]| {
            !token.node.is_named()
                && (layout.spaced_parents.contains(&token.parent)
                    || layout.spaced.iter().any(|s| s.as_bytes() == t))
        };
        if spaced(pk, pt) || spaced(nk, nt) {
            return Gap::Space;
        }
        let is = |t: &[u8], set: &[&str]| set.iter().any(|s| s.as_bytes() == t);
        let operand_end = |t: &[u8]| {
            t.last()
                .is_some_and(|&c| word_char(language, c) || b")]>!".contains(&c))
        };
        let tight = matches!(nt, b")" | b"]" | b":")
            || matches!(pt, b"(" | b"[")
            || (pt == b"{" && nt == b"}")
            || is(pt, layout.tight)
            || is(nt, layout.tight)
            || layout.tight.contains(&p.kind())
            || layout.tight.contains(&n.kind())
            // The last token of a node with no named child (`>` of an empty
            // `template <>`) sticks to no word after it.
            || (pk.leading
                && layout.sticky.contains(&pk.parent)
                && !(pk.last && nt.first().is_some_and(|&c| word_char(language, c))))
            || (nk.trailing && layout.sticky.contains(&nk.parent))
            || (nk.first_anonymous && layout.attached.contains(&nk.parent) && operand_end(pt))
            || (matches!(nt, b"(" | b"[")
                && (language.identifier_kinds.contains(&p.kind()) || matches!(pt, b")" | b"]")));
        if tight { Gap::None } else { Gap::Space }
    }
}

/// The laid-out text (unchecked).
#[cfg(test)]
fn render(
    language: &Language,
    text: &[u8],
    tree: &Tree,
    scope: &Range<usize>,
    unit: &[u8],
) -> Vec<u8> {
    render_until(language, text, tree, scope, unit, &crate::syntax::never).expect("never stopped")
}

/// The same, `None` once `stop` says so.
fn render_until(
    language: &Language,
    text: &[u8],
    tree: &Tree,
    scope: &Range<usize>,
    unit: &[u8],
    stop: Stop<'_>,
) -> Option<Vec<u8>> {
    let lines = Lines::of(language, tree, stop)?;
    let rules = Rules::of(language);
    let splices = language.preprocessor.is_some();
    let inside = |gap: &Range<usize>| gap.start >= scope.start && gap.end <= scope.end;
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    // Lines end as most lines of the text do (CRLF stays CRLF).
    let crlf = text.windows(2).filter(|w| w == b"\r\n").count();
    let lf = text.iter().filter(|&&c| c == b'\n').count();
    let newline: &[u8] = if crlf > 0 && crlf * 2 >= lf {
        b"\r\n"
    } else {
        b"\n"
    };
    let mut prev: Option<&Token> = None;
    for (i, token) in lines.tokens.iter().enumerate() {
        if due(i) && stop() {
            return None;
        }
        let (node, depth) = (token.node, token.depth);
        let gap = at..node.start_byte().max(at);
        let blank = blank_gap(&text[gap.clone()], splices).filter(|_| inside(&gap));
        if blank.is_none() {
            out.extend_from_slice(&text[gap]);
        } else if let (Some(p), Some(old)) = (prev, blank.as_deref()) {
            let ends_line = text[p.node.byte_range()].ends_with(b"\n");
            match rules.gap(text, &lines, p, token, old) {
                _ if ends_line => out.extend_from_slice(&unit.repeat(depth)),
                Gap::None => {}
                Gap::Space => out.push(b' '),
                Gap::Line => {
                    // A line comment may end with the `\r` of its line.
                    if text[p.node.byte_range()].ends_with(b"\r") {
                        out.push(b'\n');
                    } else {
                        out.extend_from_slice(newline);
                    }
                    out.extend_from_slice(&unit.repeat(depth));
                }
            }
        }
        out.extend_from_slice(&text[node.start_byte().max(at)..node.end_byte().max(at)]);
        at = at.max(node.end_byte());
        prev = Some(token);
    }
    let rest = &text[at..];
    if inside(&(at..text.len())) && blank_gap(rest, splices).is_some() {
        if !out.is_empty() && !out.ends_with(b"\n") {
            out.extend_from_slice(newline);
        }
    } else {
        out.extend_from_slice(rest);
    }
    Some(out)
}

#[cfg(test)]
mod tests;
