//! The last pass: whitespace between tokens. Trailing spaces, blank lines,
//! runs of spaces and single spaces inside brackets or before `,` and `;`
//! go, and lines are re-indented by their bracket depth (code
//! hoisted out of a block keeps the block's indentation otherwise), each kept
//! only if the program stays interesting. Text inside tokens, strings,
//! characters, comments and regexes is never touched.

use std::ops::Range;
use std::sync::Arc;

use tree_sitter::Tree;

use crate::oracle::{Oracle, OracleError, Verdict, VerdictCache};
use crate::reduce::text::{blank_gap, layout};
use crate::reduce::{Reduction, Worker};
use crate::stats::Size;
use crate::syntax::{Grammar, NodeId, NodeTable, Stop, count_errors, count_tokens, never};
use crate::task::{Applied, Job, Observer, Priority, Queued, Subject, Tests};

/// Tidying as a table entry. It runs as a pass of its own at the end, on
/// the whole text ([`Text`]), through the same attempt/commit path.
pub struct Tidy;

/// The table entry.
pub static TIDY: Tidy = Tidy;

impl Reduction for Tidy {
    fn name(&self) -> &'static str {
        "tidy"
    }

    fn about(&self) -> &'static str {
        "Do not tidy whitespace at the end"
    }
}

/// The subject of the tidy pass: whole texts, changed by whitespace rules.
pub struct Text<'a> {
    grammar: &'a Grammar,
    oracle: &'a dyn Oracle,
    observer: &'a dyn Observer,
    unit: Vec<u8>,
    /// Parse errors of the text the pass starts from: no candidate may have more.
    errors: usize,
    /// Whether the run was stopped (a candidate's parse then gives up).
    stop: Stop<'a>,
}

/// A state of the tidy pass.
pub struct Tidied {
    /// The text.
    pub text: Arc<[u8]>,
    tree: Tree,
    /// The reduced byte range inside it.
    pub scope: Range<usize>,
}

/// A tidied candidate with its tree.
pub struct TidyCandidate {
    text: Vec<u8>,
    tree: Tree,
}

impl TidyCandidate {
    /// Its text.
    pub fn text(&self) -> &[u8] {
        &self.text
    }
}

impl<'a> Text<'a> {
    /// The tidy pass over `text` (whose tree is `tree`), indenting by `unit`.
    pub fn new(
        grammar: &'a Grammar,
        oracle: &'a dyn Oracle,
        observer: &'a dyn Observer,
        unit: Vec<u8>,
        tree: &Tree,
    ) -> Text<'a> {
        Text {
            grammar,
            oracle,
            observer,
            unit,
            errors: count_errors(tree),
            stop: &never,
        }
    }

    /// This pass gives up a candidate's parse once `stop` says so.
    pub fn stopping(mut self, stop: Stop<'a>) -> Self {
        self.stop = stop;
        self
    }

    /// The state the pass starts from, and its one task: the layout
    /// (`layout`) or the whitespace rules.
    pub fn start(
        &self,
        text: Arc<[u8]>,
        tree: Tree,
        scope: Range<usize>,
        layout: bool,
    ) -> (Tidied, Vec<Queued<Text<'a>>>) {
        let task: Box<dyn Job<Text<'a>>> = if layout {
            Box::new(LayoutTask)
        } else {
            Box::new(TidyTask)
        };
        (
            Tidied { text, tree, scope },
            vec![(Priority { tokens: 0, rank: 0 }, task)],
        )
    }
}

/// The layout pass's one task: the layout (see `reduce::text::layout`), tested once.
pub struct LayoutTask;

impl<'a> Job<Text<'a>> for LayoutTask {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Text<'a>>) -> Vec<Queued<Text<'a>>> {
        tests.try_change(&Rules::LAYOUT);
        Vec::new()
    }

    fn first_change(&self) -> Option<&Rules> {
        Some(&Rules::LAYOUT)
    }
}

/// All rules at once, else each rule on its own.
struct TidyTask;

impl<'a> Job<Text<'a>> for TidyTask {
    fn run(self: Box<Self>, tests: &mut dyn Tests<Text<'a>>) -> Vec<Queued<Text<'a>>> {
        for rules in [
            Rules::ALL,
            Rules::TRAILING,
            Rules::BLANK_LINES,
            Rules::SPACES,
            Rules::INDENT,
            Rules::TIGHT,
        ] {
            if tests.try_change(&rules) && rules == Rules::ALL {
                break;
            }
        }
        Vec::new()
    }

    fn first_change(&self) -> Option<&Rules> {
        Some(&Rules::ALL)
    }
}

impl Subject for Text<'_> {
    type State = Tidied;
    type Candidate = TidyCandidate;
    type Change = Rules;
    type Scratch = Worker;

    fn scratch(&self, _worker: usize) -> Worker {
        Worker::new(self.grammar)
    }

    fn apply(&self, best: &Tidied, rules: &Rules, worker: &mut Worker) -> Applied<TidyCandidate> {
        let text = if *rules == Rules::LAYOUT {
            match layout::lay_out_until(
                self.grammar,
                &best.text,
                &best.tree,
                &best.scope,
                &self.unit,
                true,
                self.stop,
            ) {
                Ok(text) => text,
                Err(layout::Refused::Unchanged | layout::Refused::Larger) => {
                    return Applied::Implied;
                }
                Err(layout::Refused::Tokens) => return Applied::Rejected,
                Err(layout::Refused::Stopped) => return Applied::Stopped,
            }
        } else {
            match apply_until(
                &best.text,
                (&best.tree, self.grammar.language.preprocessor.is_some()),
                &best.scope,
                *rules,
                &self.unit,
                self.stop,
            ) {
                Some(text) => text,
                None => return Applied::Stopped,
            }
        };
        if text[..] == best.text[..] {
            return Applied::Implied;
        }
        let Some(tree) = worker.reparse_until(&best.text, &best.tree, &text, self.stop) else {
            return Applied::Stopped;
        };
        if count_errors(&tree) > self.errors {
            return Applied::Rejected;
        }
        Applied::Candidate(TidyCandidate { text, tree })
    }

    fn key(&self, candidate: &TidyCandidate) -> u128 {
        VerdictCache::key(&candidate.text)
    }

    fn test(&self, worker: usize, candidate: &TidyCandidate) -> Result<Verdict, OracleError> {
        self.oracle.test(worker, &candidate.text)
    }

    fn abandon(&self, worker: usize) {
        self.oracle.abandon(worker);
    }

    fn spare(&self) -> bool {
        self.oracle.spare()
    }

    fn accept(&self, best: &Tidied, candidate: TidyCandidate, _worker: &mut Worker) -> Tidied {
        let mut scope = best.scope.clone();
        scope.end = scope.end + candidate.text.len() - best.text.len();
        Tidied {
            text: Arc::from(candidate.text),
            tree: candidate.tree,
            scope,
        }
    }

    fn size(&self, state: &Tidied) -> Size {
        Size {
            bytes: state.text.len() as u64,
            tokens: count_tokens(&state.tree) as u64,
        }
    }

    fn kind(&self, rules: &Rules) -> &'static str {
        if *rules == Rules::LAYOUT {
            return layout::LAYOUT.name();
        }
        TIDY.name()
    }

    fn improved(&self, seq: u64, best: &Tidied) {
        self.observer.improved(seq, &best.text);
    }
}

/// Which whitespace rules to apply (a bit set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules(u8);

impl Rules {
    /// Remove spaces at the ends of lines.
    pub const TRAILING: Rules = Rules(1);
    /// Remove blank lines (and leading ones; end with one newline).
    pub const BLANK_LINES: Rules = Rules(2);
    /// Collapse runs of spaces inside a line (indentation is kept).
    pub const SPACES: Rules = Rules(4);
    /// Indent each line by the bracket depth of its first token.
    pub const INDENT: Rules = Rules(8);
    /// Drop a single space inside brackets, before `,` and `;`, and after a
    /// unary `&` or `*` before a bracket: `f( a , b )` -> `f(a, b)`,
    /// `: & [u8]` -> `: &[u8]`.
    pub const TIGHT: Rules = Rules(16);
    /// All of the above.
    pub const ALL: Rules = Rules(31);
    /// Not a whitespace rule: the whole text laid out from its tree
    /// (`reduce::text::layout`), as the layout pass's one change.
    pub const LAYOUT: Rules = Rules(32);

    fn has(self, other: Rules) -> bool {
        self.0 & other.0 != 0
    }
}

/// Kinds whose text is kept verbatim, whitespace included.
fn verbatim(kind: &str) -> bool {
    [
        "string",
        "char",
        "comment",
        "regex",
        "template",
        "preproc_arg",
    ]
    .iter()
    .any(|k| kind.contains(k))
}

/// The byte ranges that are not whitespace between tokens, in order.
fn solid_ranges(tree: &Tree) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    crate::syntax::for_each_unit(
        tree,
        |node| verbatim(node.kind()),
        |node| {
            if node.start_byte() < node.end_byte() {
                ranges.push(node.byte_range());
            }
        },
    );
    ranges
}

/// Applies `rules` to the whitespace gaps inside `scope`.
#[cfg(test)]
pub fn apply(
    text: &[u8],
    (tree, splices): (&Tree, bool),
    scope: &Range<usize>,
    rules: Rules,
    unit: &[u8],
) -> Vec<u8> {
    apply_until(text, (tree, splices), scope, rules, unit, &never).expect("never stopped")
}

/// The same, giving up (`None`) once `stop` says so (asked every
/// [`crate::syntax::CHECK_EVERY`] gaps). `splices`: a `\` that ends a line
/// in a gap is whitespace too (see [`blank_gap`](super::blank_gap)).
pub fn apply_until(
    text: &[u8],
    (tree, splices): (&Tree, bool),
    scope: &Range<usize>,
    rules: Rules,
    unit: &[u8],
    stop: Stop<'_>,
) -> Option<Vec<u8>> {
    let solid = solid_ranges(tree);
    let mut out = Vec::with_capacity(text.len());
    let mut copied = 0;
    let mut at = 0;
    let mut depth: usize = 0;
    let mut before: [Option<&[u8]>; 2] = [None, None];
    let first_token = solid.first().map_or(text.len(), |r| r.start);
    let ancestry = if rules.has(Rules::INDENT) {
        Some(Ancestry::of(tree, text, stop)?)
    } else {
        None
    };
    for i in 0..=solid.len() {
        if crate::syntax::due(i) && stop() {
            return None;
        }
        let next = solid.get(i);
        let gap = at..next.map_or(text.len(), |r| r.start.max(at));
        let token = next.map(|r| &text[r.clone()]);
        let closes = matches!(token, Some(b"}" | b")" | b"]"));
        let inside = gap.start >= scope.start && gap.end <= scope.end;
        let blank = blank_gap(&text[gap.clone()], splices);
        if inside && rules.has(Rules::TIGHT) && text[gap.clone()] == *b" " && tight(before, token) {
            out.extend_from_slice(&text[copied..gap.start]);
            copied = gap.end;
        } else if let Some(bytes) = blank.filter(|b| inside && (!b.is_empty() || next.is_none())) {
            let bytes = &bytes[..];
            // Only a gap with a line break is indented (`tidy_gap`): the
            // hanging indentation of the next token is not worked out for
            // the others (it asks the tree for the token's ancestors).
            let indent = (rules.has(Rules::INDENT) && bytes.contains(&b'\n')).then(|| {
                let hanging = match (next, &ancestry) {
                    (Some(r), Some(ancestry)) => ancestry.hanging(text, r.start),
                    _ => 0,
                };
                unit.repeat(depth.saturating_sub(usize::from(closes)) + hanging)
            });
            let at_start = gap.end <= first_token && gap.start == 0;
            let new = tidy_gap(bytes, rules, at_start, next.is_none(), indent.as_deref());
            out.extend_from_slice(&text[copied..gap.start]);
            out.extend_from_slice(&new);
            copied = gap.end;
        }
        match token {
            Some(b"{" | b"(" | b"[") => depth += 1,
            _ if closes => depth = depth.saturating_sub(1),
            _ => {}
        }
        if let Some(r) = next {
            at = at.max(r.end);
            before = [before[1], Some(&text[r.clone()])];
        }
    }
    out.extend_from_slice(&text[copied..]);
    Some(out)
}

/// Words that continue the statement above them on a line of their own
/// (`} else`, `} catch`): they line up with it.
const CONTINUING: [&[u8]; 3] = [b"else", b"catch", b"finally"];

/// The nodes of a tree in a flat table with their parents, for the hanging
/// indentation of every line start. tree-sitter finds the node at a byte
/// and a node's parent by walking down from the root past every child
/// before it: for a function of 40,000 statements, 40,000 steps per line,
/// and minutes for the whole pass. Here each level is a binary search.
struct Ancestry<'t> {
    tree: &'t Tree,
    nodes: NodeTable,
    /// Where the text's line breaks are (for the row of a byte).
    breaks: Vec<usize>,
}

impl<'t> Ancestry<'t> {
    /// `None` once `stop` says so.
    fn of(tree: &'t Tree, text: &[u8], stop: Stop<'_>) -> Option<Ancestry<'t>> {
        // A tree of a text the node table holds (it came from a pass).
        let nodes = NodeTable::new_until(tree, text.len(), stop).ok()??;
        Some(Ancestry {
            tree,
            nodes,
            breaks: memchr::memchr_iter(b'\n', text).collect(),
        })
    }

    /// Whether node `n` is an opening bracket.
    fn opens(&self, n: NodeId) -> bool {
        matches!(
            self.tree.language().node_kind_for_id(self.nodes.kind(n).0),
            Some("{" | "(" | "[")
        )
    }

    fn row(&self, byte: usize) -> usize {
        self.breaks.partition_point(|&b| b < byte)
    }

    /// The node tree-sitter's `descendant_for_byte_range(at, at)` finds
    /// from the root: at each level the first child that reaches past `at`
    /// (or, if empty, to it) and starts at or before it.
    fn descendant_at(&self, at: usize) -> NodeId {
        let nodes = &self.nodes;
        let mut node = nodes.root();
        'levels: loop {
            let children = nodes.children(node);
            // Children lie in text order: their ends do not decrease.
            let from = children.partition_point(|&c| nodes.end(c) < at);
            for &c in &children[from..] {
                let (start, end) = (nodes.start(c), nodes.end(c));
                if if start == end { end < at } else { end <= at } {
                    continue;
                }
                if at < start {
                    break;
                }
                node = c;
                continue 'levels;
            }
            return node;
        }
    }

    /// Levels of indentation beyond the bracket depth for a line starting
    /// at byte `start`: one for each earlier line on which a statement or
    /// expression holding it (inside the same brackets) starts. The body of
    /// a brace-less `if` or a wrapped expression stays indented under its
    /// head.
    fn hanging(&self, text: &[u8], start: usize) -> usize {
        let nodes = &self.nodes;
        // A brace on a line of its own lines up with the head it belongs to.
        if text.get(start) == Some(&b'{') {
            return 0;
        }
        let root = nodes.root();
        let mut head = self.descendant_at(start);
        loop {
            let p = nodes.parent(head);
            if p == NodeId::NONE || nodes.start(p) != start || p == root {
                break;
            }
            head = p;
        }
        let row = self.row(nodes.start(head));
        // A node starting with `else` stands for the statement it continues.
        let continuing = |n: NodeId| {
            let at = &text[nodes.start(n)..];
            let word = at
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
                .count();
            CONTINUING.contains(&&at[..word])
        };
        let mut rows = Vec::new();
        let mut node = head;
        loop {
            let p = nodes.parent(node);
            if p == NodeId::NONE {
                break;
            }
            let bracketed = nodes.children(p).first().is_some_and(|&c| self.opens(c));
            let language = self.tree.language();
            let kind = language.node_kind_for_id(nodes.kind(p).0);
            if p == root || bracketed || kind.is_some_and(conditional) {
                break;
            }
            let at = self.row(nodes.start(p));
            if at < row && !continuing(node) && !rows.contains(&at) {
                rows.push(at);
            }
            node = p;
        }
        rows.len()
    }
}

/// Whether a node of `kind` is a preprocessor conditional (or one of its
/// branches): its lines are not a statement's continuation lines.
fn conditional(kind: &str) -> bool {
    kind.starts_with("preproc_if") || kind.starts_with("preproc_el")
}

/// Levels of indentation beyond the bracket depth for a line starting at
/// byte `start`, asking tree-sitter's nodes (what [`Ancestry::hanging`]
/// answers, for the test that they agree).
#[cfg(test)]
fn hanging(tree: &Tree, text: &[u8], start: usize) -> usize {
    // A brace on a line of its own lines up with the head it belongs to.
    if text.get(start) == Some(&b'{') {
        return 0;
    }
    let root = tree.root_node();
    let Some(mut head) = root.descendant_for_byte_range(start, start) else {
        return 0;
    };
    while let Some(p) = head.parent() {
        if p.start_byte() != start || p.id() == root.id() {
            break;
        }
        head = p;
    }
    let row = head.start_position().row;
    // A node starting with `else` stands for the statement it continues.
    let continuing = |n: tree_sitter::Node| {
        let at = &text[n.start_byte()..];
        let word = at
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        CONTINUING.contains(&&at[..word])
    };
    let mut rows = Vec::new();
    let mut node = head;
    while let Some(p) = node.parent() {
        let bracketed = p
            .child(0)
            .is_some_and(|c| matches!(c.kind(), "{" | "(" | "["));
        if p.id() == root.id() || bracketed || conditional(p.kind()) {
            break;
        }
        let at = p.start_position().row;
        if at < row && !continuing(node) && !rows.contains(&at) {
            rows.push(at);
        }
        node = p;
    }
    rows.len()
}

/// Whether the single space between the tokens `before` (the last two) and
/// `next` can go (see [`Rules::TIGHT`]).
fn tight(before: [Option<&[u8]>; 2], next: Option<&[u8]>) -> bool {
    let (Some(prev), Some(next)) = (before[1], next) else {
        return false;
    };
    if matches!(prev, b"(" | b"[") || matches!(next, b")" | b"]" | b"," | b";") {
        return true;
    }
    // A unary `&`/`*`: the token before it cannot end an operand.
    let ends_operand = |t: &[u8]| {
        t.last()
            .is_some_and(|&c| c.is_ascii_alphanumeric() || b"_)]\"'".contains(&c))
    };
    matches!(prev, b"&" | b"*")
        && matches!(next, b"[" | b"(")
        && before[0].is_some_and(|t| !ends_operand(t))
}

/// The indentation of one level in `text` (the input, before reduction
/// moved code around): a tab if lines are indented with tabs, else the most
/// frequent increase of indentation from one line to the next of 2 to 8
/// spaces (4 if none): the smallest indentation would be fooled by ` *`
/// lines of block comments, and a step of one space (continued lines,
/// aligned arguments) is no level anyone indents by.
pub fn indent_unit(text: &[u8]) -> Vec<u8> {
    let mut steps: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    let mut previous = 0;
    for line in text.split(|&c| c == b'\n') {
        if line.first() == Some(&b'\t') {
            return b"\t".to_vec();
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let spaces = line.iter().take_while(|&&c| c == b' ').count();
        if (previous + 2..=previous + 8).contains(&spaces) {
            *steps.entry(spaces - previous).or_default() += 1;
        }
        previous = spaces;
    }
    // Most frequent; on a tie, the smaller step (the map iterates in order).
    let unit = steps
        .iter()
        .max_by_key(|&(step, count)| (*count, std::cmp::Reverse(*step)))
        .map_or(4, |(&step, _)| step);
    vec![b' '; unit]
}

/// One whitespace gap: `lines[0]` follows a token on its line, `lines[last]`
/// is the next token's indentation, the lines between are blank.
fn tidy_gap(
    gap: &[u8],
    rules: Rules,
    at_start: bool,
    at_end: bool,
    indent: Option<&[u8]>,
) -> Vec<u8> {
    // A gap with CRLF line ends keeps them: the `\r` belongs to the line end,
    // not to the trailing spaces that go.
    let newline: &[u8] = if gap.windows(2).any(|w| w == b"\r\n") {
        b"\r\n"
    } else {
        b"\n"
    };
    let mut lines: Vec<&[u8]> = gap.split(|&c| c == b'\n').collect();
    let k = lines.len() - 1;
    for line in &mut lines[..k] {
        *line = line.strip_suffix(b"\r").unwrap_or(line);
    }
    if k == 0 {
        return if at_end && !at_start && rules.has(Rules::TRAILING) {
            Vec::new()
        } else if rules.has(Rules::SPACES) && gap.len() > 1 && !at_start && !at_end {
            b" ".to_vec()
        } else {
            gap.to_vec()
        };
    }
    let trailing = rules.has(Rules::TRAILING);
    let mut out = Vec::new();
    if !trailing {
        out.extend_from_slice(lines[0]);
    }
    if rules.has(Rules::BLANK_LINES) {
        if !at_start {
            out.extend_from_slice(newline);
        }
    } else {
        for (i, line) in lines[1..].iter().enumerate() {
            out.extend_from_slice(newline);
            if i + 1 < k && !trailing {
                out.extend_from_slice(line);
            }
        }
    }
    if at_end {
        if !trailing {
            out.extend_from_slice(lines[k]);
        }
    } else {
        out.extend_from_slice(indent.unwrap_or(lines[k]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    #[test]
    fn indent_unit_comes_from_the_text() {
        assert_eq!(indent_unit(b"a\n   b\n      c\n"), b"   ");
        assert_eq!(
            indent_unit(b"/*\n * x\n */\nf {\n    a {\n        b\n    }\n    c {\n        d\n"),
            b"    "
        );
        assert_eq!(indent_unit(b"a\n\tb\n"), b"\t");
        assert_eq!(indent_unit(b"a\nb\n"), b"    ");
        assert_eq!(indent_unit(b"class b {\n c a;\n d e;\n};\n"), b"    ");
        assert_eq!(
            indent_unit(b"f {\n  a(b,\n   c);\n  d(e,\n   f);\n}\n"),
            b"  "
        );
    }

    fn tidy(lang: &str, src: &str, rules: Rules) -> String {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap());
        let tree = parse(g, src.as_bytes());
        let unit = indent_unit(src.as_bytes());
        let splices = g.language.preprocessor.is_some();
        let text = apply(
            src.as_bytes(),
            (&tree, splices),
            &(0..src.len()),
            rules,
            &unit,
        );
        String::from_utf8(text).unwrap()
    }

    /// A preprocessor conditional is not a statement that its lines hang
    /// under: what it holds is indented as it would be without it, with
    /// or without a comment before it (the marker line of a project's
    /// file), so tidying and laying out agree and never undo each other.
    #[test]
    fn lines_inside_a_preprocessor_conditional_do_not_hang() {
        for head in ["", "// treereduce-file: src/a.c\n"] {
            let src = format!(
                "{head}#ifndef a\nstruct a {{\n    const char *a;\n}};\n#endif\nint f(void) {{\n    #ifdef B\n    g();\n    #endif\n    return 0;\n}}\n"
            );
            assert_eq!(tidy("c", &src, Rules::ALL), src, "{head:?}");
            assert_eq!(tidy("c", &src, Rules::INDENT), src, "{head:?}");
        }
    }

    /// The flat table finds the hanging indentation of every token start
    /// as tree-sitter's nodes do, in the bundled examples, in programs with
    /// parse errors (empty MISSING nodes), comments and brace-less bodies.
    #[test]
    fn hanging_indentation_from_the_table_is_tree_sitters() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        let mut programs: Vec<(&str, String)> = vec![
            ("c", "int f(int a)\n{\n  if (a)\n    return\n      a +\n      1;\n  else\n    g(a\n      , 2);\n  int x = 1\n  int y = (2\n    + 3;\n  /* c */ return x\n}\n".into()),
            ("rust", "fn f() -> u8 {\n    let x = a\n        .b()\n        .c();\n    match x { 1 =>\n        2, _ => 3 }\n}\n".into()),
            ("javascript", "function f(a) {\n  if (a)\n    return a\n      + 1\n  else { return [\n    1,\n    2 }\n}\n".into()),
        ];
        for (dir, file, lang) in [
            ("c-too-many-args", "inventory.c", "c"),
            ("c-csmith-pointer-sign", "csmith.c", "c"),
            ("js-not-a-function", "router.js", "javascript"),
            ("rust-mismatched-types", "evaluator.rs", "rust"),
        ] {
            programs.push((
                lang,
                std::fs::read_to_string(root.join(dir).join(file)).unwrap(),
            ));
        }
        for (lang, src) in programs {
            let g = crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap());
            let tree = parse(g, src.as_bytes());
            let text = src.as_bytes();
            let ancestry = Ancestry::of(&tree, text, &never).unwrap();
            for start in 0..text.len() {
                assert_eq!(
                    ancestry.hanging(text, start),
                    hanging(&tree, text, start),
                    "{lang} at byte {start}"
                );
            }
        }
    }

    #[test]
    fn all_rules_together() {
        let src = "\n\nint  x ;   \n\n\n  int y;\t\n\n";
        assert_eq!(tidy("c", src, Rules::ALL), "int x;\nint y;\n");
    }

    #[test]
    fn crlf_line_ends_stay() {
        let src = "int  x ;   \r\n\r\n\r\nint f(void) {\r\nreturn 1;  \r\n}\r\n\r\n";
        assert_eq!(
            tidy("c", src, Rules::ALL),
            "int x;\r\nint f(void) {\r\n    return 1;\r\n}\r\n"
        );
        for rules in [Rules::TRAILING, Rules::BLANK_LINES, Rules::SPACES] {
            let out = tidy("c", src, rules);
            assert_eq!(
                out.matches("\r\n").count(),
                out.matches('\n').count(),
                "{out:?}"
            );
        }
    }

    #[test]
    fn tight_spaces_go_where_no_one_writes_them() {
        let c = "int f( int a , int b ) { return g(a & (b), * (p), x [ 1 ] ) ; }\n";
        assert_eq!(
            tidy("c", c, Rules::TIGHT),
            "int f(int a, int b) { return g(a & (b), *(p), x [1]); }\n"
        );
        let rust = "const a: & [a] = &[a::b];\n";
        assert_eq!(
            tidy("rust", rust, Rules::TIGHT),
            "const a: &[a] = &[a::b];\n"
        );
    }

    #[test]
    fn each_rule_alone() {
        let src = "int  x;  \n\n  int y;\n";
        assert_eq!(tidy("c", src, Rules::TRAILING), "int  x;\n\n  int y;\n");
        assert_eq!(tidy("c", src, Rules::BLANK_LINES), "int  x;  \n  int y;\n");
        assert_eq!(tidy("c", src, Rules::SPACES), "int x;  \n\n  int y;\n");
    }

    #[test]
    fn reindent_follows_bracket_depth() {
        let src = "int f(void) {\n        g();\n            if (x) {\n  h();\n      }\n}\n";
        assert_eq!(
            tidy("c", src, Rules::INDENT),
            "int f(void) {\n    g();\n    if (x) {\n        h();\n    }\n}\n"
        );
        // Brace-less bodies and wrapped expressions hang under their head;
        // `else` lines up with its `if`.
        let src =
            "int f(int a) {\nif (a)\nif (a > 1)\nreturn 1;\nelse\nreturn 2;\nreturn a +\n3;\n}\n";
        assert_eq!(
            tidy("c", src, Rules::INDENT),
            "int f(int a) {\n    if (a)\n        if (a > 1)\n            return 1;\n        else\n            \
             return 2;\n    return a +\n        3;\n}\n"
        );
        let allman = "int f(void)\n{\nif (x)\n{\ng();\n}\n}\n";
        assert_eq!(
            tidy("c", allman, Rules::INDENT),
            "int f(void)\n{\n    if (x)\n    {\n        g();\n    }\n}\n"
        );
        let js = "function f(a) {\nwhile (a)\na--;\ntry {\n} catch (e) {\n}\n}\n";
        assert_eq!(
            tidy("javascript", js, Rules::INDENT),
            "function f(a) {\n    while (a)\n        a--;\n    try {\n    } catch (e) {\n    }\n}\n"
        );
        let tabs = "fn f() {\n\t\t\tx();\n}\n";
        assert_eq!(tidy("rust", tabs, Rules::INDENT), "fn f() {\n\tx();\n}\n");
    }

    /// A `#define` whose body lines were deleted leaves its line splices
    /// between tokens: in C they go with the blank lines; a splice inside
    /// a token's spelling, and a backslash in a language without a
    /// preprocessor, stay.
    #[test]
    fn line_splices_left_between_tokens_go_in_c() {
        let src = "struct a {};\n \\\n     \\\n\n\n   \\\r\n\nint f() { a = 0; }\n";
        assert_eq!(
            tidy("c", src, Rules::ALL),
            "struct a {};\nint f() { a = 0; }\n"
        );
        assert_eq!(tidy("cpp", src, Rules::ALL), tidy("c", src, Rules::ALL));
        let joined = "int ab\\\nc = 1;\n";
        assert_eq!(tidy("c", joined, Rules::ALL), joined);
        let js = "let a = 1;\n \\\n\nlet b = 2;\n";
        assert!(tidy("javascript", js, Rules::ALL).contains('\\'));
    }

    #[test]
    fn strings_comments_and_directives_are_verbatim() {
        let src = "char *s = \"a   b\";  /* x    y */\n#define M  (1  +  2)\n";
        let out = tidy("c", src, Rules::ALL);
        assert!(
            out.contains("\"a   b\"") && out.contains("/* x    y */"),
            "{out}"
        );
        assert!(out.contains("(1  +  2)"), "{out}");
        let js = "let t = `a   ${b}   c`;  let r = /a  b/;\n";
        let out = tidy("javascript", js, Rules::ALL);
        assert!(
            out.contains("`a   ${b}   c`") && out.contains("/a  b/"),
            "{out}"
        );
    }
}
