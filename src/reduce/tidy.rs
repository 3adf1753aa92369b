//! The last pass: whitespace between tokens. Trailing spaces, blank lines and
//! runs of spaces go, kept only if the program stays interesting. Text inside
//! tokens, strings, characters, comments and regexes is never touched.

use std::ops::Range;

use tree_sitter::Tree;

use crate::syntax::Grammar;

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
    /// All of the above.
    pub const ALL: Rules = Rules(7);

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
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        let solid = node.child_count() == 0 || verbatim(node.kind());
        if solid {
            if node.start_byte() < node.end_byte() {
                ranges.push(node.byte_range());
            }
        } else if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    ranges
}

/// Applies `rules` to the whitespace gaps inside `scope`.
pub fn apply(
    _grammar: &Grammar,
    text: &[u8],
    tree: &Tree,
    scope: &Range<usize>,
    rules: Rules,
) -> Vec<u8> {
    let solid = solid_ranges(tree);
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    let mut gaps: Vec<Range<usize>> = Vec::new();
    for r in &solid {
        if r.start > at {
            gaps.push(at..r.start);
        }
        at = at.max(r.end);
    }
    gaps.push(at..text.len());
    let first_token = solid.first().map_or(text.len(), |r| r.start);
    let mut copied = 0;
    for gap in gaps {
        let bytes = &text[gap.clone()];
        let inside = gap.start >= scope.start && gap.end <= scope.end;
        if !inside || !bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let at_start = gap.end <= first_token && gap.start == 0;
        let at_end = gap.end == text.len();
        let new = tidy_gap(bytes, rules, at_start, at_end);
        out.extend_from_slice(&text[copied..gap.start]);
        out.extend_from_slice(&new);
        copied = gap.end;
    }
    out.extend_from_slice(&text[copied..]);
    out
}

/// One whitespace gap: `lines[0]` follows a token on its line, `lines[last]`
/// is the next token's indentation, the lines between are blank.
fn tidy_gap(gap: &[u8], rules: Rules, at_start: bool, at_end: bool) -> Vec<u8> {
    let lines: Vec<&[u8]> = gap.split(|&c| c == b'\n').collect();
    let k = lines.len() - 1;
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
            out.push(b'\n');
        }
    } else {
        for (i, line) in lines[1..].iter().enumerate() {
            out.push(b'\n');
            if i + 1 < k && !trailing {
                out.extend_from_slice(line);
            }
        }
    }
    if !(at_end && trailing) {
        out.extend_from_slice(lines[k]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{Grammar, parse};

    fn tidy(lang: &str, src: &str, rules: Rules) -> String {
        let g = Grammar::new(crate::lang::by_name(lang).unwrap());
        let tree = parse(&g, src.as_bytes());
        String::from_utf8(apply(&g, src.as_bytes(), &tree, &(0..src.len()), rules)).unwrap()
    }

    #[test]
    fn all_rules_together() {
        let src = "\n\nint  x ;   \n\n\n  int y;\t\n\n";
        assert_eq!(tidy("c", src, Rules::ALL), "int x ;\n  int y;\n");
    }

    #[test]
    fn each_rule_alone() {
        let src = "int  x;  \n\n  int y;\n";
        assert_eq!(tidy("c", src, Rules::TRAILING), "int  x;\n\n  int y;\n");
        assert_eq!(tidy("c", src, Rules::BLANK_LINES), "int  x;  \n  int y;\n");
        assert_eq!(tidy("c", src, Rules::SPACES), "int x;  \n\n  int y;\n");
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
