//! The top-level forms of C code the parser could not parse, for the coarse
//! pass: a file whose preprocessor conditionals leave an unbalanced brace
//! in one branch (`#if 0` / `extern "C" {` / `#endif`, as in every header
//! of the SQLite amalgamation) parses as one ERROR node whose children are
//! the file's tokens, so the syntax tree says nothing about where an item
//! starts or what it declares. This module reads the tokens the way a
//! preprocessor and a C lexer see them instead:
//!
//! - a **form** is a directive line (with its continuations), or the tokens
//!   up to a `;` at brace and parenthesis depth 0, or up to the `}` that
//!   closes a function body (a `{` after a `)`); every branch of a
//!   conditional starts from the depth at its `#if`, and the code after
//!   its `#endif` goes on from the end of its first branch that is not
//!   `#if 0` (a branch may open a brace that another repeats, or that a
//!   later `#if 0` closes); an `extern "C" {` encloses forms;
//! - a form **declares** the name of a `#define`, the tag of `struct T {`
//!   or `struct T;`, an enumerator, the name before the first `(` of a
//!   function, and the names before `=`, `,`, `;`, `[` (or in `(*name)`)
//!   at depth 0 before any `=`; it **uses** every other word of its tokens,
//!   but for a member after `.` or `->` (the words of a macro body and of a
//!   conditional's condition too);
//! - the directives of one conditional group at depth 0 go together (the
//!   lines between them stay: taking those along would make a chunk with
//!   an include guard's `#endif` the whole header).
//!
//! Deleting a chunk of forms takes along every live form that uses a name
//! it declares, transitively, and the groups of the directives it takes. A
//! wrong guess makes a chunk larger or smaller than it need be: the test
//! still judges every candidate. Every step is linear in the tokens (a
//! closure in what it takes) and looks at the stop.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::edit::EditView;
use crate::reduce::byname::kinds;
use crate::syntax::{Grammar, KindId, NodeId, Original, Stop, due};

use super::closure::{directive_word, identifier_words};

/// The forms of one ERROR node's tokens, with what each declares and uses.
pub struct Forms {
    /// Its tokens (leaves, comments left out), in text order (= id order).
    leaves: Vec<NodeId>,
    /// Form `i` is `leaves[start[i]..start[i + 1]]`.
    start: Vec<u32>,
    /// The names form `i` declares first (no form before it declares
    /// them): `declared[declared_at[i]..declared_at[i + 1]]`.
    declared_at: Vec<u32>,
    declared: Vec<u32>,
    /// The forms that use each declared name, sorted.
    users: HashMap<u32, Vec<u32>>,
    /// The directive forms of each conditional group at depth 0.
    groups: Vec<Vec<u32>>,
    /// The group of each directive form of one.
    group_of: HashMap<u32, u32>,
}

/// Token kinds whose text holds no names.
const NO_NAMES: &[&str] = &[
    "string_content",
    "character",
    "escape_sequence",
    "system_lib_string",
    "raw_string_content",
];

/// Words that name no declaration of the file.
const KEYWORDS: &[&[u8]] = &[
    b"auto",
    b"break",
    b"case",
    b"char",
    b"const",
    b"continue",
    b"default",
    b"do",
    b"double",
    b"else",
    b"enum",
    b"extern",
    b"float",
    b"for",
    b"goto",
    b"if",
    b"inline",
    b"int",
    b"long",
    b"register",
    b"restrict",
    b"return",
    b"short",
    b"signed",
    b"sizeof",
    b"static",
    b"struct",
    b"switch",
    b"typedef",
    b"union",
    b"unsigned",
    b"void",
    b"volatile",
    b"while",
    b"_Bool",
];

/// A conditional group being read.
struct Open {
    /// The depths (braces, parentheses, `extern "C"` blocks) at its `#if`:
    /// every branch starts from them.
    at_open: (i64, i64, i64),
    /// The depths at the end of its first branch that is not `#if 0`:
    /// the code after the `#endif` goes on from them.
    after: Option<(i64, i64, i64)>,
    /// Whether the current branch is `#if 0`.
    zero: bool,
    /// Its directive forms so far, if it opened at depth 0.
    forms: Option<Vec<u32>>,
}

/// The split of the tokens into forms, read left to right.
struct Reader<'o> {
    /// The first token of each form, and one past the last.
    starts: Vec<u32>,
    /// Whether each form is a directive line.
    directive_forms: Vec<bool>,
    /// The directive forms of each conditional group at depth 0.
    groups: Vec<Vec<u32>>,
    /// Where the form being read starts.
    form_from: usize,
    /// Braces, parentheses and `extern "C"` blocks open.
    depths: (i64, i64, i64),
    /// Whether the brace open at depth 0 opened a function body.
    body: bool,
    conditionals: Vec<Open>,
    /// The token before, for `) {` and `extern "C" {`.
    previous: &'o [u8],
}

impl<'o> Reader<'o> {
    /// The forms of `leaves`; `None` if the run stopped.
    fn read(
        original: &'o Original,
        leaves: &[NodeId],
        no_names: &[KindId],
        stop: Stop<'_>,
    ) -> Option<Reader<'o>> {
        let nodes = &original.nodes;
        let mut r = Reader {
            starts: Vec::new(),
            directive_forms: Vec::new(),
            groups: Vec::new(),
            form_from: 0,
            depths: (0, 0, 0),
            body: false,
            conditionals: Vec::new(),
            previous: b"",
        };
        let mut i = 0;
        let mut checked = 0usize;
        while i < leaves.len() {
            checked += 1;
            if due(checked) && stop() {
                return None;
            }
            let leaf = leaves[i];
            if let Some(word) = directive_at(&original.text, nodes.start(leaf)) {
                let line_end = line_end(&original.text, nodes.start(leaf));
                let mut j = i + 1;
                while j < leaves.len() && nodes.start(leaves[j]) < line_end {
                    j += 1;
                }
                let rest = &original.text[nodes.end(leaf).min(line_end)..line_end];
                r.directive(word, rest, i..j);
                i = j;
                r.previous = b"";
                continue;
            }
            i += 1;
            // A brace in a character or string is none.
            if no_names.contains(&nodes.kind(leaf)) {
                r.previous = b"";
                continue;
            }
            r.token(original.node_text(leaf), i);
        }
        if r.form_from < leaves.len() {
            r.starts.push(r.form_from as u32);
            r.directive_forms.push(false);
        }
        r.starts.push(leaves.len() as u32);
        Some(r)
    }

    /// A directive line of tokens `line` (`word` after its `#`, `rest` the
    /// text of the line after the word).
    fn directive(&mut self, word: &[u8], rest: &[u8], line: Range<usize>) {
        let (depth, paren, _) = self.depths;
        let mut form = None;
        if depth == 0 && paren == 0 {
            if self.form_from < line.start {
                self.starts.push(self.form_from as u32);
                self.directive_forms.push(false);
            }
            form = Some(self.starts.len() as u32);
            self.starts.push(line.start as u32);
            self.directive_forms.push(true);
            self.form_from = line.end;
        }
        let zero = rest
            .iter()
            .position(|c| !c.is_ascii_whitespace())
            .is_some_and(|at| {
                rest[at] == b'0' && rest.get(at + 1).is_none_or(|c| !c.is_ascii_alphanumeric())
            });
        let depths = self.depths;
        if word.starts_with(b"if") {
            self.conditionals.push(Open {
                at_open: depths,
                after: None,
                zero,
                forms: form.map(|f| vec![f]),
            });
        } else if word == b"else" || word == b"elif" {
            if let Some(open) = self.conditionals.last_mut() {
                if !open.zero && open.after.is_none() {
                    open.after = Some(depths);
                }
                open.zero = word == b"elif" && zero;
                self.depths = open.at_open;
                if let (Some(fs), Some(f)) = (open.forms.as_mut(), form) {
                    fs.push(f);
                }
            }
        } else if word == b"endif"
            && let Some(open) = self.conditionals.pop()
        {
            let last = (!open.zero).then_some(depths);
            self.depths = open.after.or(last).unwrap_or(open.at_open);
            if let (Some(mut fs), Some(f)) = (open.forms, form) {
                fs.push(f);
                self.groups.push(fs);
            }
        }
    }

    /// Token `t`, the one before token `next`.
    fn token(&mut self, t: &'o [u8], next: usize) {
        let (depth, paren, externs) = &mut self.depths;
        let mut ends = false;
        match t {
            b"{" if *depth == 0 && *paren == 0 && self.previous.first() == Some(&b'"') => {
                // `extern "C" {`: the forms inside are forms of their own.
                *externs += 1;
                ends = true;
            }
            b"{" => {
                if *depth == 0 {
                    self.body = self.previous == b")";
                    *paren = 0;
                }
                *depth += 1;
            }
            b"}" if *depth == 0 => {
                *externs = (*externs - 1).max(0);
                ends = true;
            }
            b"}" => {
                *depth -= 1;
                ends = *depth == 0 && self.body;
            }
            b"(" => *paren += 1,
            b")" => *paren = (*paren - 1).max(0),
            b";" if *depth == 0 => {
                *paren = 0;
                ends = true;
            }
            _ => {}
        }
        self.previous = t;
        if ends {
            self.starts.push(self.form_from as u32);
            self.directive_forms.push(false);
            self.form_from = next;
        }
    }
}

/// What the forms declare and use, by their words.
struct Names<'a> {
    original: &'a Original,
    leaves: &'a [NodeId],
    no_names: &'a [KindId],
}

/// Per form, the names it declares first (`declared[declared_at[f]..
/// declared_at[f + 1]]`), and the users of each name.
type Index = (Vec<u32>, Vec<u32>, HashMap<u32, Vec<u32>>);

impl<'a> Names<'a> {
    fn text(&self, k: usize) -> &'a [u8] {
        self.original.node_text(self.leaves[k])
    }

    fn words_of(&self, k: usize) -> Vec<&'a [u8]> {
        if self
            .no_names
            .contains(&self.original.nodes.kind(self.leaves[k]))
        {
            return Vec::new();
        }
        identifier_words(self.text(k)).collect()
    }

    /// The names of the forms that start at `starts`; `None` if the run
    /// stopped.
    fn index(&self, starts: &[u32], directive_forms: &[bool], stop: Stop<'_>) -> Option<Index> {
        let count = starts.len() - 1;
        let mut ids: HashMap<&[u8], u32> = HashMap::new();
        let mut intern = |w: &'a [u8]| -> u32 {
            let next = ids.len() as u32;
            *ids.entry(w).or_insert(next)
        };
        let mut uses: Vec<(u32, u32)> = Vec::new();
        let mut declared_at = Vec::with_capacity(count + 1);
        let mut declared: Vec<u32> = Vec::new();
        for f in 0..count {
            if due(f) && stop() {
                return None;
            }
            declared_at.push(declared.len() as u32);
            let range = starts[f] as usize..starts[f + 1] as usize;
            let (mut own, mut used) = (Vec::new(), Vec::new());
            if directive_forms[f] {
                let word = directive_word(self.text(range.start)).unwrap_or_default();
                let mut rest = range.start + 1..range.end;
                if word == b"define" && !rest.is_empty() {
                    if let Some(name) = self.words_of(rest.start).first() {
                        own.push(intern(name));
                    }
                    rest.start += 1;
                }
                if word == b"define" || word.starts_with(b"if") || word == b"elif" {
                    for k in rest {
                        for w in self.words_of(k) {
                            if w != b"defined" {
                                used.push(intern(w));
                            }
                        }
                    }
                }
            } else {
                let tokens: Vec<&[u8]> = range.clone().map(|k| self.text(k)).collect();
                for name in declarations(&tokens) {
                    own.push(intern(name));
                }
                for k in range.clone() {
                    let member = k > range.start && matches!(self.text(k - 1), b"." | b"->");
                    if member {
                        continue;
                    }
                    for w in self.words_of(k) {
                        used.push(intern(w));
                    }
                }
            }
            own.sort_unstable();
            own.dedup();
            used.sort_unstable();
            used.dedup();
            uses.extend(
                used.into_iter()
                    .filter(|u| own.binary_search(u).is_err())
                    .map(|u| (f as u32, u)),
            );
            declared.extend(own);
        }
        declared_at.push(declared.len() as u32);
        Some(first_declarations(ids.len(), declared_at, declared, uses))
    }
}

/// Keeps for each name only the form that declares it first (C declares
/// before use, and a later declaration, a definition after its prototype
/// or a `#define` in an `#else`, adds nothing a use needs), and its users.
fn first_declarations(
    names: usize,
    declared_at: Vec<u32>,
    declared: Vec<u32>,
    uses: Vec<(u32, u32)>,
) -> Index {
    let count = declared_at.len() - 1;
    let mut first = vec![u32::MAX; names];
    for f in 0..count {
        for &d in &declared[declared_at[f] as usize..declared_at[f + 1] as usize] {
            if first[d as usize] == u32::MAX {
                first[d as usize] = f as u32;
            }
        }
    }
    let mut users: HashMap<u32, Vec<u32>> = HashMap::new();
    for (f, name) in uses {
        if first[name as usize] != u32::MAX {
            users.entry(name).or_default().push(f);
        }
    }
    let mut kept = Vec::with_capacity(declared.len());
    let mut kept_at = Vec::with_capacity(count + 1);
    for f in 0..count {
        kept_at.push(kept.len() as u32);
        for &d in &declared[declared_at[f] as usize..declared_at[f + 1] as usize] {
            if first[d as usize] == f as u32 {
                kept.push(d);
            }
        }
    }
    kept_at.push(kept.len() as u32);
    (kept_at, kept, users)
}

impl Forms {
    /// The forms of the tokens of `parent` (an ERROR node), or `None` if
    /// the run stopped.
    pub fn of(
        grammar: &Grammar,
        original: &Original,
        parent: NodeId,
        stop: Stop<'_>,
    ) -> Option<Forms> {
        let nodes = &original.nodes;
        let comments = kinds(grammar, &["comment"]);
        let no_names = kinds(grammar, NO_NAMES);
        let mut leaves = Vec::new();
        for (i, n) in nodes.subtree(parent).enumerate() {
            if due(i) && stop() {
                return None;
            }
            if nodes.is_leaf(n) && !nodes.is_missing(n) && !comments.contains(&nodes.kind(n)) {
                leaves.push(n);
            }
        }
        let reader = Reader::read(original, &leaves, &no_names, stop)?;
        let (starts, directive_forms, groups) =
            (reader.starts, reader.directive_forms, reader.groups);
        let (declared_at, declared, users) = Names {
            original,
            leaves: &leaves,
            no_names: &no_names,
        }
        .index(&starts, &directive_forms, stop)?;
        let mut group_of = HashMap::new();
        for (g, members) in groups.iter().enumerate() {
            for &m in members {
                group_of.insert(m, g as u32);
            }
        }
        Some(Forms {
            leaves,
            start: starts,
            declared_at,
            declared,
            users,
            groups,
            group_of,
        })
    }

    /// How many forms there are.
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// The tokens of form `f`.
    fn tokens_of(&self, f: u32) -> &[NodeId] {
        &self.leaves[self.start[f as usize] as usize..self.start[f as usize + 1] as usize]
    }

    /// The form token `n` belongs to, if it is one of the tokens.
    fn form_of(&self, n: NodeId) -> Option<u32> {
        let at = self.leaves.binary_search(&n).ok()? as u32;
        Some((self.start.partition_point(|&s| s <= at) - 1) as u32)
    }

    /// The live forms, each as its live tokens, in text order; `None` if
    /// the run stopped.
    pub fn live(
        &self,
        original: &Original,
        current: EditView<'_>,
        stop: Stop<'_>,
    ) -> Option<Vec<Vec<NodeId>>> {
        // The live tokens of all forms at once (one walk over the edits),
        // then split by form.
        let live = current.live_among(original, &self.leaves);
        let mut live = live.iter().copied().peekable();
        let mut out = Vec::new();
        for f in 0..self.len() as u32 {
            if due(f as usize) && stop() {
                return None;
            }
            let tokens: Vec<NodeId> = self
                .tokens_of(f)
                .iter()
                .copied()
                .filter(|&n| live.next_if_eq(&n).is_some())
                .collect();
            if !tokens.is_empty() {
                out.push(tokens);
            }
        }
        Some(out)
    }

    /// The live tokens of the forms of `nodes` (tokens of this node) and of
    /// every live form that uses a name one of them declares, and so on,
    /// with the groups of the directives taken: sorted node ids. Nodes that
    /// are no token of a form stay in. Empty if the run stopped.
    pub fn closure(
        &self,
        original: &Original,
        current: EditView<'_>,
        nodes: &[NodeId],
        stop: Stop<'_>,
    ) -> Vec<NodeId> {
        let mut taken: HashSet<u32> = HashSet::new();
        let mut stack: Vec<u32> = Vec::new();
        let mut out = Vec::new();
        for &n in nodes {
            match self.form_of(n) {
                Some(f) => {
                    if taken.insert(f) {
                        stack.push(f);
                    }
                }
                None => out.push(n),
            }
        }
        let mut steps = 0usize;
        let take = |g: u32, taken: &mut HashSet<u32>, stack: &mut Vec<u32>| {
            if taken.insert(g) {
                stack.push(g);
            }
        };
        while let Some(f) = stack.pop() {
            steps += 1;
            if due(steps) && stop() {
                return Vec::new();
            }
            // Its live tokens go straight to the result (no list of its
            // own per form: a closure visits thousands of forms).
            let before = out.len();
            out.extend(
                self.tokens_of(f)
                    .iter()
                    .copied()
                    .filter(|&n| current.is_live(original, n)),
            );
            if out.len() == before {
                continue;
            }
            if let Some(&group) = self.group_of.get(&f) {
                for &g in &self.groups[group as usize] {
                    take(g, &mut taken, &mut stack);
                }
            }
            let names = &self.declared
                [self.declared_at[f as usize] as usize..self.declared_at[f as usize + 1] as usize];
            for name in names {
                for &u in self.users.get(name).map_or(&[][..], Vec::as_slice) {
                    take(u, &mut taken, &mut stack);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The word of the directive that starts at `at`, if a `#` starts a line
/// there (only blanks before it on its line).
fn directive_at(text: &[u8], at: usize) -> Option<&[u8]> {
    if text.get(at) != Some(&b'#') {
        return None;
    }
    let line = text[..at]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1);
    if !text[line..at].iter().all(|&c| c == b' ' || c == b'\t') {
        return None;
    }
    directive_word(&text[at..(at + 64).min(text.len())])
}

/// The end of the line that starts a directive at `at`, after its
/// continuation lines (a `\` before the line break).
fn line_end(text: &[u8], at: usize) -> usize {
    let mut from = at;
    loop {
        match memchr::memchr(b'\n', &text[from..]) {
            None => return text.len(),
            Some(p) => {
                let nl = from + p;
                let before = text[..nl]
                    .iter()
                    .rposition(|&c| c != b'\r')
                    .map(|q| text[q]);
                if before == Some(b'\\') {
                    from = nl + 1;
                } else {
                    return nl;
                }
            }
        }
    }
}

/// The names a form of C tokens declares (see the module's comment).
fn declarations<'t>(tokens: &[&'t [u8]]) -> Vec<&'t [u8]> {
    let word = |t: &[u8]| {
        t.first()
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
            && t.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
    };
    let mut out = Vec::new();
    let (mut depth, mut paren) = (0usize, 0usize);
    let mut function = false;
    let mut initializer = false;
    // The depth at which an enum's body lists its enumerators.
    let mut enumerators: Option<usize> = None;
    for (k, &t) in tokens.iter().enumerate() {
        let next = tokens.get(k + 1).copied().unwrap_or(b"");
        match t {
            b"{" => {
                depth += 1;
                continue;
            }
            b"}" => {
                if enumerators == Some(depth) {
                    enumerators = None;
                }
                depth = depth.saturating_sub(1);
                continue;
            }
            b"(" => {
                paren += 1;
                continue;
            }
            b")" => {
                paren = paren.saturating_sub(1);
                continue;
            }
            b"=" if depth == 0 && paren == 0 => initializer = true,
            b"," if depth == 0 && paren == 0 => initializer = false,
            b"struct" | b"union" | b"enum" => {
                let (tag, after) = if word(next) {
                    (Some(next), tokens.get(k + 2).copied().unwrap_or(b""))
                } else {
                    (None, next)
                };
                if let Some(tag) = tag
                    && matches!(after, b"{" | b";")
                {
                    out.push(tag);
                }
                if t == b"enum" && after == b"{" {
                    enumerators = Some(depth + 1);
                }
            }
            _ => {}
        }
        if !word(t) || KEYWORDS.contains(&t) {
            continue;
        }
        let previous = if k > 0 { tokens[k - 1] } else { b"" };
        if enumerators == Some(depth) && paren == 0 && matches!(previous, b"{" | b",") {
            out.push(t);
            continue;
        }
        if depth != 0 || initializer {
            continue;
        }
        if paren == 0 && next == b"(" && !function && !t.starts_with(b"__") {
            function = true;
            out.push(t);
        } else if (paren == 0 && matches!(next, b"=" | b"," | b";" | b"["))
            || (paren == 1 && previous == b"*" && next == b")" && k >= 2 && tokens[k - 2] == b"(")
        {
            out.push(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::edit::EditSet;
    use crate::syntax::never;

    /// An amalgamation's shape: headers one after another, each with an
    /// `extern "C" {` inside `#if 0` (balanced by a later `#if 0` with the
    /// `}`), make tree-sitter read the whole file as one ERROR node of
    /// tokens.
    const PROGRAM: &str = "\
#if 0
extern \"C\" {
#endif
#define LIMIT 10
struct node { int n; };
typedef struct node Node;
#if 0
}
#endif
#if 0
extern \"C\" {
#endif
int helper(int x) { if (x) { return x + LIMIT; } return 0; }
#ifdef FAST
int alt(void) { return 1; }
#else
int alt(void) { return 2; }
#endif
int main(void) { Node a; return helper(a.n) + alt(); }
#if 0
}
#endif
";

    fn c() -> &'static Grammar {
        Grammar::of(crate::lang::Language::by_name("c").unwrap())
    }

    fn text(o: &Original, tokens: &[NodeId]) -> String {
        let words: Vec<String> = tokens
            .iter()
            .map(|&n| String::from_utf8_lossy(o.node_text(n)).trim().to_owned())
            .collect();
        words.join(" ")
    }

    #[test]
    fn tokens_of_an_error_node_split_into_forms_that_take_their_users() {
        let o = Original::parse(c(), Arc::from(PROGRAM.as_bytes())).unwrap();
        let nodes = &o.nodes;
        let error = nodes
            .subtree(nodes.root())
            .filter(|&n| nodes.is_error(n))
            .max_by_key(|&n| nodes.subtree(n).count())
            .expect("the program parses as an ERROR node");
        let forms = Forms::of(c(), &o, error, &never).unwrap();
        let edits = EditSet::new();
        let live = forms.live(&o, edits.view(), &never).unwrap();
        let texts: Vec<String> = live.iter().map(|f| text(&o, f)).collect();
        // A function is one form however deep its braces; each directive
        // line is one; each branch of `#ifdef FAST` starts at depth 0.
        for whole in [
            "struct node { int n ; } ;",
            "typedef struct node Node ;",
            "int helper ( int x ) { if ( x ) { return x + LIMIT ; } return 0 ; }",
            "int alt ( void ) { return 1 ; }",
            "int alt ( void ) { return 2 ; }",
            "int main ( void ) { Node a ; return helper ( a . n ) + alt ( ) ; }",
        ] {
            assert!(texts.iter().any(|t| t == whole), "{whole:?} in {texts:#?}");
        }
        let form = |prefix: &str| {
            live.iter()
                .find(|f| text(&o, f).starts_with(prefix))
                .unwrap_or_else(|| panic!("no form {prefix}"))
                .clone()
        };
        let closure = |prefix: &str| {
            let taken = forms.closure(&o, edits.view(), &form(prefix), &never);
            text(&o, &taken)
        };
        // The struct's tag takes its typedef and, through `Node`, main;
        // not helper, which uses neither.
        let tag = closure("struct node");
        assert!(tag.contains("typedef struct node Node"), "{tag}");
        assert!(tag.contains("int main"), "{tag}");
        assert!(!tag.contains("int helper"), "{tag}");
        // A macro takes the function whose body uses it, and that
        // function's caller.
        let limit = closure("#define LIMIT");
        assert!(
            limit.contains("int helper") && limit.contains("int main"),
            "{limit}"
        );
        // What nothing uses goes alone.
        assert_eq!(
            closure("int main"),
            "int main ( void ) { Node a ; return helper ( a . n ) + alt ( ) ; }"
        );
    }
}
