//! What the preprocessor reductions share (`macro_bodies.rs`,
//! `inline_macros.rs`, `conditionals.rs`): the parts of a macro definition,
//! the preprocessor's tokens of a text, the expansion of one macro in a
//! text, and the nodes that make up a byte range.
//!
//! The grammar sees a macro body as one opaque token and does not run the
//! preprocessor, so what these reductions need to know about macros they
//! read from the text, with the preprocessor's own rules for tokens: a
//! body is a sequence of tokens, a use of a function-like macro is its
//! name, `(`, and arguments split at the commas outside parentheses.

pub mod conditionals;
pub mod inline_macros;
pub mod macro_bodies;

use crate::edit::{EditView, glue};
use crate::lang::{Language, Preprocessor};
use crate::reduce::byname::{child, current_text};
use crate::syntax::{Grammar, KindId, NodeId, Original};

/// The parts of one macro definition in the syntax tree.
#[derive(Clone, Copy, Debug)]
pub struct Definition {
    /// The whole `#define` line(s).
    pub node: NodeId,
    /// The macro's name token.
    pub name: NodeId,
    /// A function-like macro's parameter list.
    pub parameters: Option<NodeId>,
    /// The body (absent in `#define A`).
    pub value: Option<NodeId>,
}

impl Definition {
    /// The parts of `n`, if it is a macro definition with a name token.
    pub fn of(grammar: &Grammar, original: &Original, n: NodeId) -> Option<Definition> {
        let pp = original.language.preprocessor.as_ref()?;
        if !is_kind(grammar, original.nodes.kind(n), pp.definitions) {
            return None;
        }
        let name = child(grammar, original, n, pp.name)?;
        if !original.nodes.is_leaf(name) {
            return None;
        }
        Some(Definition {
            node: n,
            name,
            parameters: child(grammar, original, n, pp.parameters),
            value: child(grammar, original, n, pp.value),
        })
    }

    /// The definition whose body is `value`, if `value` is one.
    pub fn of_value(grammar: &Grammar, original: &Original, value: NodeId) -> Option<Definition> {
        let parent = original.nodes.parent(value);
        if parent == NodeId::NONE {
            return None;
        }
        Definition::of(grammar, original, parent).filter(|d| d.value == Some(value))
    }

    /// The parameters' names, and whether the macro is variadic; `None`
    /// for an object-like macro, or a parameter list this module does not
    /// read (GNU's named variadic `args...`).
    pub fn parameter_names(&self, original: &Original) -> Option<(Vec<Vec<u8>>, bool)> {
        let pp = original.language.preprocessor.as_ref()?;
        let list = self.parameters?;
        let nodes = &original.nodes;
        let mut names = Vec::new();
        let mut variadic = false;
        for &c in nodes.children(list) {
            let text = original.node_text(c);
            if nodes.is_named(c) && !nodes.is_extra(c) {
                if variadic {
                    return None;
                }
                names.push(text.to_vec());
            } else if text == pp.ellipsis.as_bytes() {
                variadic = true;
            }
        }
        // `args...`: a name right before the ellipsis, with no comma between.
        let named_variadic = nodes.children(list).windows(2).any(|w| {
            nodes.is_named(w[0])
                && !nodes.is_extra(w[0])
                && original.node_text(w[1]) == pp.ellipsis.as_bytes()
        });
        (!named_variadic).then_some((names, variadic))
    }

    /// The body's text in `current` (empty when there is none or it was
    /// deleted); `None` when the definition itself was edited or is gone.
    pub fn body<'o>(&self, original: &'o Original, current: EditView<'o>) -> Option<&'o [u8]> {
        if !current.is_live(original, self.node) || current.get(self.node).is_some() {
            return None;
        }
        match self.value {
            Some(v) if current.is_live(original, v) => current_text(original, current, v),
            _ => Some(b""),
        }
    }
}

/// What a preprocessor token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PpKind {
    /// Spaces, line breaks and escaped line breaks (`\` at a line's end).
    Space,
    /// A comment (the preprocessor turns it into a space).
    Comment,
    /// A name (or a keyword: the preprocessor does not tell them apart).
    Identifier,
    /// A preprocessing number (`0x1fu`, `1e+5`).
    Number,
    /// A string or character literal, with its prefix (`L"a"`, `'x'`).
    Literal,
    /// Anything else: one punctuator character, or `##`, `...`.
    Punct,
}

/// One preprocessor token: its kind and its byte range in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PpToken {
    /// Its kind.
    pub kind: PpKind,
    /// Where it starts.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
}

impl PpToken {
    /// Whether it is a token the compiler sees (not a space or comment).
    pub fn is_token(&self) -> bool {
        !matches!(self.kind, PpKind::Space | PpKind::Comment)
    }
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

/// The preprocessor tokens of `text`, covering it without gaps. Lenient:
/// an unterminated literal or comment ends with the line or the text.
pub fn pp_tokens(text: &[u8]) -> Vec<PpToken> {
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| text.get(i).copied().unwrap_or(0);
    while i < text.len() {
        let start = i;
        let c = text[i];
        let kind = if c.is_ascii_whitespace() || (c == b'\\' && escaped_newline(text, i) > 0) {
            while i < text.len() {
                if text[i].is_ascii_whitespace() {
                    i += 1;
                } else if text[i] == b'\\' && escaped_newline(text, i) > 0 {
                    i += escaped_newline(text, i);
                } else {
                    break;
                }
            }
            PpKind::Space
        } else if c == b'/' && at(i + 1) == b'*' {
            i = text[i + 2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(text.len(), |p| i + 2 + p + 2);
            PpKind::Comment
        } else if c == b'/' && at(i + 1) == b'/' {
            i = text[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(text.len(), |p| i + p);
            PpKind::Comment
        } else if is_word(c) && !c.is_ascii_digit() {
            while i < text.len() && is_word(text[i]) {
                i += 1;
            }
            let word = &text[start..i];
            let prefix = matches!(word, b"L" | b"u" | b"U" | b"u8");
            if prefix && matches!(at(i), b'"' | b'\'') {
                i = literal_end(text, i);
                PpKind::Literal
            } else {
                PpKind::Identifier
            }
        } else if c.is_ascii_digit() || (c == b'.' && at(i + 1).is_ascii_digit()) {
            i += 1;
            while i < text.len() {
                let d = text[i];
                let exponent_sign =
                    matches!(d, b'+' | b'-') && matches!(text[i - 1], b'e' | b'E' | b'p' | b'P');
                if exponent_sign || is_word(d) || d == b'.' {
                    i += 1;
                } else {
                    break;
                }
            }
            PpKind::Number
        } else if c == b'"' || c == b'\'' {
            i = literal_end(text, i);
            PpKind::Literal
        } else if text[i..].starts_with(b"##") {
            i += 2;
            PpKind::Punct
        } else if text[i..].starts_with(b"...") {
            i += 3;
            PpKind::Punct
        } else {
            // One character, or one whole UTF-8 sequence.
            i += 1;
            while i < text.len() && (text[i] & 0xc0) == 0x80 {
                i += 1;
            }
            PpKind::Punct
        };
        out.push(PpToken {
            kind,
            start,
            end: i,
        });
    }
    out
}

/// The length of an escaped line break at `i` (`\` then `\n` or `\r\n`), or 0.
fn escaped_newline(text: &[u8], i: usize) -> usize {
    match (text.get(i), text.get(i + 1), text.get(i + 2)) {
        (Some(b'\\'), Some(b'\n'), _) => 2,
        (Some(b'\\'), Some(b'\r'), Some(b'\n')) => 3,
        _ => 0,
    }
}

/// The end of the literal whose quote is at `i`.
fn literal_end(text: &[u8], i: usize) -> usize {
    let quote = text[i];
    let mut j = i + 1;
    while j < text.len() {
        match text[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    text.len()
}

/// How many tokens the compiler sees in `text`.
pub fn count_pp_tokens(text: &[u8]) -> usize {
    pp_tokens(text).iter().filter(|t| t.is_token()).count()
}

/// Whether `text` holds the identifier `name` as a token.
pub fn mentions(text: &[u8], name: &[u8]) -> bool {
    // Most texts do not hold the name at all: skip tokenizing them.
    text.windows(name.len()).any(|w| w == name)
        && pp_tokens(text)
            .iter()
            .any(|t| t.kind == PpKind::Identifier && &text[t.start..t.end] == name)
}

/// One macro, as far as expanding it in a text needs.
#[derive(Clone, Debug)]
pub struct Macro {
    /// Its name.
    pub name: Vec<u8>,
    /// A function-like macro's parameter names and whether it is variadic.
    pub parameters: Option<(Vec<Vec<u8>>, bool)>,
    /// Its body.
    pub body: Vec<u8>,
    /// The name a variadic macro's body gives its extra arguments.
    pub variadic_name: Vec<u8>,
}

impl Macro {
    /// Whether expanding the macro by substituting text gives what the
    /// preprocessor gives: its body neither names the macro itself (the
    /// preprocessor would leave that name alone, inlining would leave it
    /// undefined) nor uses `#` or `##` (stringizing and pasting, which
    /// this expansion does not do).
    pub fn expandable(&self) -> bool {
        let body = &self.body;
        pp_tokens(body).iter().all(|t| {
            let text = &body[t.start..t.end];
            !(t.kind == PpKind::Identifier && text == self.name)
                && !(t.kind == PpKind::Punct && (text == b"#" || text == b"##"))
                && text != b"__VA_OPT__"
        })
    }

    /// `text` with every use of the macro replaced by its expansion
    /// (arguments expanded first, as the preprocessor does), spaces
    /// normalized inside each expansion and added around it where two
    /// tokens would otherwise run together. `None` when a use cannot be
    /// expanded: an unclosed argument list, or the wrong number of
    /// arguments.
    pub fn expand(&self, text: &[u8], language: &Language) -> Option<Vec<u8>> {
        self.expand_at(text, language, 0)
    }

    fn expand_at(&self, text: &[u8], language: &Language, depth: usize) -> Option<Vec<u8>> {
        // Arguments holding uses of the macro nest; a bound keeps a
        // pathological input from recursing without end.
        if depth > 64 {
            return None;
        }
        let tokens = pp_tokens(text);
        let mut out = Vec::with_capacity(text.len());
        let mut copied = 0;
        let mut i = 0;
        while i < tokens.len() {
            let t = tokens[i];
            if t.kind != PpKind::Identifier || text[t.start..t.end] != self.name[..] {
                i += 1;
                continue;
            }
            let (end, expansion, next) = match &self.parameters {
                None => (t.end, normalize(&self.body), i + 1),
                Some((params, variadic)) => {
                    let Some(open) = (i + 1..tokens.len()).find(|&j| tokens[j].is_token()) else {
                        i += 1;
                        continue;
                    };
                    if &text[tokens[open].start..tokens[open].end] != b"(" {
                        // Not a use: the preprocessor leaves a function-like
                        // macro's name without `(` alone.
                        i += 1;
                        continue;
                    }
                    let (args, close) = arguments(text, &tokens, open)?;
                    let mut expanded = Vec::with_capacity(args.len());
                    for &(s, e) in &args {
                        expanded.push(self.expand_at(&text[s..e], language, depth + 1)?);
                    }
                    let named = params.len();
                    let fits = match (named, variadic) {
                        // `f()`: one empty argument for no parameters.
                        (0, false) => {
                            args.len() == 1 && expanded[0].iter().all(u8::is_ascii_whitespace)
                        }
                        (_, false) => args.len() == named,
                        (_, true) => args.len() >= named,
                    };
                    if !fits {
                        return None;
                    }
                    // The variadic part: the arguments after the named ones,
                    // with their commas.
                    let rest = if *variadic && args.len() > named {
                        let (s, e) = (args[named].0, args[args.len() - 1].1);
                        self.expand_at(&text[s..e], language, depth + 1)?
                    } else {
                        Vec::new()
                    };
                    let body = self.substitute(params, &expanded, &rest, language);
                    (tokens[close].end, body, close + 1)
                }
            };
            out.extend_from_slice(&text[copied..t.start]);
            put(&mut out, &expansion, text.get(end).copied(), language);
            copied = end;
            i = next;
        }
        out.extend_from_slice(&text[copied..]);
        Some(out)
    }

    /// The body with each parameter replaced by its (expanded) argument.
    fn substitute(
        &self,
        params: &[Vec<u8>],
        args: &[Vec<u8>],
        rest: &[u8],
        language: &Language,
    ) -> Vec<u8> {
        let body = &self.body;
        let mut out = Vec::new();
        // Whether the body had a space before the token at hand, and
        // whether the last thing written came from an argument.
        let mut spaced = false;
        let mut from_argument = false;
        for t in pp_tokens(body) {
            if !t.is_token() {
                spaced = true;
                continue;
            }
            let text = &body[t.start..t.end];
            let argument = if t.kind == PpKind::Identifier {
                if text == self.variadic_name {
                    Some(rest)
                } else {
                    params.iter().position(|p| p == text).map(|k| &args[k][..])
                }
            } else {
                None
            };
            let piece = match argument {
                Some(a) => normalize(a),
                None => text.to_vec(),
            };
            if !piece.is_empty() {
                let boundary = from_argument || argument.is_some();
                if !out.is_empty()
                    && (spaced
                        || (boundary
                            && glue(language, out.last().copied(), piece.first().copied())))
                {
                    out.push(b' ');
                }
                out.extend_from_slice(&piece);
                from_argument = argument.is_some();
                spaced = false;
            }
        }
        out
    }
}

/// The arguments of the use whose `(` is token `open`: their byte ranges
/// (split at the commas outside parentheses) and the index of the `)`.
fn arguments(text: &[u8], tokens: &[PpToken], open: usize) -> Option<(Vec<(usize, usize)>, usize)> {
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut start = tokens[open].end;
    for (j, t) in tokens.iter().enumerate().skip(open + 1) {
        if t.kind != PpKind::Punct {
            continue;
        }
        match &text[t.start..t.end] {
            b"(" => depth += 1,
            b")" if depth == 0 => {
                args.push((start, t.start));
                return Some((args, j));
            }
            b")" => depth -= 1,
            b"," if depth == 0 => {
                args.push((start, t.start));
                start = t.end;
            }
            _ => {}
        }
    }
    None
}

/// The tokens of `text` with comments and runs of space (escaped line
/// breaks too) made one space, and none at either end: an expansion is
/// put on one line, wherever it lands.
pub fn normalize(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut spaced = false;
    for t in pp_tokens(text) {
        if !t.is_token() {
            spaced = true;
            continue;
        }
        if spaced && !out.is_empty() {
            out.push(b' ');
        }
        out.extend_from_slice(&text[t.start..t.end]);
        spaced = false;
    }
    out
}

/// Appends `piece` to `out`, with a space on either side where two tokens
/// would otherwise run together (`next` is what follows it).
fn put(out: &mut Vec<u8>, piece: &[u8], next: Option<u8>, language: &Language) {
    match piece.first() {
        Some(&first) => {
            if glue(language, out.last().copied(), Some(first)) {
                out.push(b' ');
            }
            out.extend_from_slice(piece);
            if glue(language, piece.last().copied(), next) {
                out.push(b' ');
            }
        }
        None => {
            if glue(language, out.last().copied(), next) {
                out.push(b' ');
            }
        }
    }
}

/// The largest nodes that lie inside the byte range `start..end`, in text
/// order, so that together they hold every token of the range; `None` when
/// a token starts inside the range and ends outside it (or the reverse).
/// Empty (MISSING) nodes are left out.
///
/// Only the nodes that hold a boundary of the range are opened, and in each
/// the first child reaching into the range is found by binary search: the
/// cost is the depth of the tree times a logarithm, plus the nodes found.
/// (Walking the siblings before the range cost, for a use of a macro in a
/// program of n functions, n steps, and n² for all uses.)
pub fn cover(original: &Original, start: usize, end: usize) -> Option<Vec<NodeId>> {
    let nodes = &original.nodes;
    let mut out = Vec::new();
    // Nodes that overlap the range without lying inside it, with the
    // index of the next of their children to look at.
    let mut open: Vec<(NodeId, usize)> = Vec::new();
    let mut look = |n: NodeId, open: &mut Vec<(NodeId, usize)>| -> Option<()> {
        let (s, e) = (nodes.start(n), nodes.end(n));
        if e <= start || s >= end || s == e {
            // Outside, or empty.
        } else if start <= s && e <= end {
            out.push(n);
        } else if nodes.is_leaf(n) {
            return None;
        } else {
            // Children lie in text order: skip those that end before the range.
            let first = nodes
                .children(n)
                .partition_point(|&c| nodes.end(c) <= start);
            open.push((n, first));
        }
        Some(())
    };
    look(nodes.root(), &mut open)?;
    while let Some(&mut (n, ref mut next)) = open.last_mut() {
        let children = nodes.children(n);
        match children.get(*next) {
            Some(&c) if nodes.start(c) < end => {
                *next += 1;
                look(c, &mut open)?;
            }
            // The rest of the children start at or after the range's end.
            _ => {
                open.pop();
            }
        }
    }
    Some(out)
}

/// The text of the byte range `start..end` of the original as `current`
/// shows it, given its `cover`: the current text of each covering node,
/// with the original text between them. `None` when a covering node was
/// edited inside or is gone (hoisted away, deleted).
pub fn current_range_text(
    original: &Original,
    current: EditView<'_>,
    covering: &[NodeId],
    start: usize,
    end: usize,
) -> Option<Vec<u8>> {
    let nodes = &original.nodes;
    let mut out = Vec::new();
    let mut at = start;
    for &n in covering {
        if !current.is_live(original, n) {
            return None;
        }
        out.extend_from_slice(&original.text[at..nodes.start(n)]);
        out.extend_from_slice(current_text(original, current, n)?);
        at = nodes.end(n);
    }
    out.extend_from_slice(&original.text[at..end]);
    Some(out)
}

/// Whether `kind` is one of the named kinds called `names`.
pub fn is_kind(grammar: &Grammar, kind: KindId, names: &[&str]) -> bool {
    names
        .iter()
        .any(|name| grammar.kind_ids(name, true).contains(&kind))
}

/// The preprocessor facts of the original's language, if it has any.
pub fn preprocessor(original: &Original) -> Option<&'static Preprocessor> {
    original.language.preprocessor.as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c() -> &'static Language {
        Language::by_name("c").unwrap()
    }

    fn texts(text: &str) -> Vec<(PpKind, &str)> {
        pp_tokens(text.as_bytes())
            .into_iter()
            .map(|t| (t.kind, &text[t.start..t.end]))
            .collect()
    }

    #[test]
    fn tokens_of_a_macro_body() {
        use PpKind::*;
        assert_eq!(
            texts("a##b L'x' 1e+5u \"s\\\"\" /* c */ ...\\\n-> // end"),
            [
                (Identifier, "a"),
                (Punct, "##"),
                (Identifier, "b"),
                (Space, " "),
                (Literal, "L'x'"),
                (Space, " "),
                (Number, "1e+5u"),
                (Space, " "),
                (Literal, "\"s\\\"\""),
                (Space, " "),
                (Comment, "/* c */"),
                (Space, " "),
                (Punct, "..."),
                (Space, "\\\n"),
                (Punct, "-"),
                (Punct, ">"),
                (Space, " "),
                (Comment, "// end"),
            ]
        );
        assert_eq!(count_pp_tokens(b"f(x) /* no */ + 1"), 6);
        assert!(mentions(b"g(ALIGN)+1", b"ALIGN"));
        assert!(!mentions(b"g(ALIGNED) \"ALIGN\"", b"ALIGN"));
    }

    fn object(name: &str, body: &str) -> Macro {
        Macro {
            name: name.as_bytes().to_vec(),
            parameters: None,
            body: body.as_bytes().to_vec(),
            variadic_name: b"__VA_ARGS__".to_vec(),
        }
    }

    fn function(name: &str, params: &[&str], variadic: bool, body: &str) -> Macro {
        Macro {
            parameters: Some((
                params.iter().map(|p| p.as_bytes().to_vec()).collect(),
                variadic,
            )),
            ..object(name, body)
        }
    }

    fn expand(m: &Macro, text: &str) -> Option<String> {
        m.expand(text.as_bytes(), c())
            .map(|t| String::from_utf8(t).unwrap())
    }

    #[test]
    fn object_like_macros_expand_token_wise() {
        let n = object("N", "16 /* lines */");
        assert_eq!(
            expand(&n, "int a[N]; int NN = N+N;").unwrap(),
            "int a[16]; int NN = 16+16;"
        );
        // Two `-` tokens stay apart.
        assert_eq!(expand(&object("M", "-1"), "x-M").unwrap(), "x- -1");
        // An empty body leaves the neighbours apart too.
        assert_eq!(
            expand(&object("a", ""), "static a int x;").unwrap(),
            "static  int x;"
        );
        // Inside strings and comments nothing happens.
        assert_eq!(expand(&n, "\"N\" /* N */").unwrap(), "\"N\" /* N */");
    }

    #[test]
    fn function_like_macros_substitute_their_arguments() {
        let f = function("f", &["x", "y"], false, "((x) + (y))");
        assert_eq!(
            expand(&f, "r = f(a, g(b, c)) * f (1,2);").unwrap(),
            "r = ((a) + (g(b, c))) * ((1) + (2));"
        );
        // Uses in arguments expand first.
        assert_eq!(
            expand(&f, "f(f(1, 2), 3)").unwrap(),
            "((((1) + (2))) + (3))"
        );
        // A name without `(` is not a use.
        assert_eq!(expand(&f, "p = f;").unwrap(), "p = f;");
        // Wrong arity, or no `)`: no expansion.
        assert_eq!(expand(&f, "f(1)"), None);
        assert_eq!(expand(&f, "f(1, (2)"), None);
        // Parameters touching other tokens stay as they were.
        let neg = function("neg", &["v"], false, "-v->w");
        assert_eq!(expand(&neg, "neg(-p)").unwrap(), "- -p->w");
        let none = function("z", &[], false, "0");
        assert_eq!(expand(&none, "z() + z( )").unwrap(), "0 + 0");
        assert_eq!(expand(&none, "z(1)"), None);
    }

    #[test]
    fn variadic_macros_take_the_rest() {
        let log = function("LOG", &["lvl"], true, "printf(lvl, __VA_ARGS__)");
        assert_eq!(
            expand(&log, "LOG(1, \"%d %d\", a, (b, c));").unwrap(),
            "printf(1, \"%d %d\", a, (b, c));"
        );
    }

    #[test]
    fn expandable_excludes_self_reference_and_pasting() {
        assert!(object("N", "16").expandable());
        assert!(!object("foo", "foo + 1").expandable());
        assert!(!function("S", &["x"], false, "#x").expandable());
        assert!(!function("P", &["a", "b"], false, "a ## b").expandable());
    }

    #[test]
    fn cover_holds_every_token_of_a_range() {
        let g = Grammar::of(c());
        let src = "int f(int a) {\n  return a + 1;\n}\n";
        let o = Original::parse(g, std::sync::Arc::from(src.as_bytes())).unwrap();
        let start = src.find("a + 1").unwrap();
        let nodes = cover(&o, start, start + 5).unwrap();
        let texts: Vec<_> = nodes
            .iter()
            .map(|&n| String::from_utf8_lossy(o.node_text(n)).into_owned())
            .collect();
        assert_eq!(texts, ["a + 1"]);
        let texts = |range: std::ops::Range<usize>| {
            cover(&o, range.start, range.end).map(|nodes| {
                nodes
                    .iter()
                    .map(|&n| String::from_utf8_lossy(o.node_text(n)).into_owned())
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(texts(start - 7..start + 6).unwrap(), ["return a + 1;"]);
        assert_eq!(texts(start..start + 9).unwrap(), ["a + 1", ";", "}"]);
        // Half a token.
        assert!(cover(&o, 1, 5).is_none());
    }

    /// What [`cover`] finds, by a walk over the whole tree in preorder.
    fn cover_by_walk(original: &Original, start: usize, end: usize) -> Option<Vec<NodeId>> {
        let nodes = &original.nodes;
        let mut out = Vec::new();
        let stop = nodes.subtree_end(nodes.root());
        let mut id = nodes.root();
        while id < stop {
            let (s, e) = (nodes.start(id), nodes.end(id));
            if e <= start || s >= end || s == e {
                id = nodes.subtree_end(id);
            } else if start <= s && e <= end {
                out.push(id);
                id = nodes.subtree_end(id);
            } else if nodes.is_leaf(id) {
                return None;
            } else {
                id = id.next();
            }
        }
        Some(out)
    }

    proptest::proptest! {
        /// Any byte range of a program with comments, directives, empty
        /// (MISSING) nodes and an ERROR is covered as the walk over the
        /// whole tree covers it.
        #[test]
        fn cover_finds_what_a_walk_finds(a in 0usize..200, b in 0usize..200) {
            let src = "#define N 2 /* two */\nint f(int a) {\n  return a + N; // one\n}\nint g( { return f(1) }\nstruct s { int x; };\n";
            let g = Grammar::of(c());
            let o = Original::parse(g, std::sync::Arc::from(src.as_bytes())).unwrap();
            let (start, end) = (a.min(b) % (src.len() + 1), a.max(b) % (src.len() + 1));
            let (start, end) = (start.min(end), start.max(end));
            proptest::prop_assert_eq!(cover(&o, start, end), cover_by_walk(&o, start, end));
        }
    }
}
