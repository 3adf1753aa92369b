//! A token class's lexical rule as a small tree (from `regex-syntax`'s HIR),
//! and the lex tree of one token: which parts of the token each piece of the
//! rule matched, so that optional and repeated parts can be deleted and
//! character fragments replaced (T-Rec's deletion-based canonicalization).

use std::collections::HashMap;

use regex_syntax::hir::{Class, Hir, HirKind};

/// Index of a rule node in a [`Rule`].
type RuleId = usize;

#[derive(Debug)]
enum RuleNode {
    /// Matches the empty string.
    Empty,
    /// Exactly these bytes (an atomic fragment such as `0x` or `ll`).
    Literal(Vec<u8>),
    /// One character from these inclusive ranges (code points).
    Class(Vec<(u32, u32)>),
    /// The members one after the other.
    Seq(Vec<RuleId>),
    /// One of the members, the first that fits preferred.
    Alt(Vec<RuleId>),
    /// `min..=max` repetitions of `sub`.
    Repeat {
        min: u32,
        max: Option<u32>,
        sub: RuleId,
    },
}

/// A lexical rule (see the module documentation).
#[derive(Debug)]
pub struct Rule {
    nodes: Vec<RuleNode>,
    root: RuleId,
}

impl Rule {
    /// Builds the rule from a regular expression's HIR.
    pub fn from_hir(hir: &Hir) -> Rule {
        let mut rule = Rule {
            nodes: Vec::new(),
            root: 0,
        };
        rule.root = rule.add(hir);
        rule
    }

    fn push(&mut self, node: RuleNode) -> RuleId {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    fn add(&mut self, hir: &Hir) -> RuleId {
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => self.push(RuleNode::Empty),
            HirKind::Literal(lit) => self.push(RuleNode::Literal(lit.0.to_vec())),
            HirKind::Class(Class::Unicode(c)) => {
                let ranges = c
                    .iter()
                    .map(|r| (r.start() as u32, r.end() as u32))
                    .collect();
                self.push(RuleNode::Class(ranges))
            }
            HirKind::Class(Class::Bytes(c)) => {
                let ranges = c
                    .iter()
                    .map(|r| (u32::from(r.start()), u32::from(r.end())))
                    .collect();
                self.push(RuleNode::Class(ranges))
            }
            HirKind::Repetition(rep) => {
                let sub = self.add(&rep.sub);
                self.push(RuleNode::Repeat {
                    min: rep.min,
                    max: rep.max,
                    sub,
                })
            }
            HirKind::Capture(cap) => self.add(&cap.sub),
            HirKind::Concat(parts) => {
                let ids = parts.iter().map(|p| self.add(p)).collect();
                self.push(RuleNode::Seq(ids))
            }
            HirKind::Alternation(parts) => {
                let ids = parts.iter().map(|p| self.add(p)).collect();
                self.push(RuleNode::Alt(ids))
            }
        }
    }

    /// The lex tree of `token`, if the rule matches all of it.
    pub fn parse(&self, token: &[u8]) -> Option<LexTree> {
        let mut m = Matcher {
            rule: self,
            text: token,
            ends: HashMap::new(),
            seq: HashMap::new(),
            rep: HashMap::new(),
        };
        if !m.ends(self.root, 0).contains(&token.len()) {
            return None;
        }
        let mut tree = LexTree {
            text: token.to_vec(),
            nodes: Vec::new(),
        };
        m.build(self.root, 0, token.len(), &mut tree);
        Some(tree)
    }
}

/// Decodes the character at `pos` (invalid UTF-8: one byte, as U+FFFD).
fn char_at(text: &[u8], pos: usize) -> Option<(u32, usize)> {
    let first = *text.get(pos)?;
    let len = match first {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => return Some((0xfffd, 1)),
    };
    match text
        .get(pos..pos + len)
        .and_then(|b| std::str::from_utf8(b).ok())
    {
        Some(s) => s.chars().next().map(|c| (c as u32, len)),
        None => Some((0xfffd, 1)),
    }
}

/// Memoized matching of rule nodes against one token: the set of end
/// positions of each (node, start), then one derivation per span.
struct Matcher<'a> {
    rule: &'a Rule,
    text: &'a [u8],
    ends: HashMap<(RuleId, usize), Vec<usize>>,
    seq: HashMap<(RuleId, usize, usize), Vec<usize>>,
    rep: HashMap<(RuleId, u32, usize), Vec<usize>>,
}

impl Matcher<'_> {
    fn ends(&mut self, r: RuleId, pos: usize) -> Vec<usize> {
        if let Some(e) = self.ends.get(&(r, pos)) {
            return e.clone();
        }
        let result = match &self.rule.nodes[r] {
            RuleNode::Empty => vec![pos],
            RuleNode::Literal(bytes) => {
                if self.text[pos..].starts_with(bytes) {
                    vec![pos + bytes.len()]
                } else {
                    Vec::new()
                }
            }
            RuleNode::Class(ranges) => match char_at(self.text, pos) {
                Some((c, len)) if ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) => {
                    vec![pos + len]
                }
                _ => Vec::new(),
            },
            RuleNode::Seq(_) => self.seq_ends(r, 0, pos),
            RuleNode::Alt(members) => {
                let members = members.clone();
                let mut all: Vec<usize> = members.iter().flat_map(|&m| self.ends(m, pos)).collect();
                all.sort_unstable();
                all.dedup();
                all
            }
            RuleNode::Repeat { .. } => self.rep_ends(r, 0, pos),
        };
        self.ends.insert((r, pos), result.clone());
        result
    }

    /// Ends of members `i..` of a sequence started at `pos`.
    fn seq_ends(&mut self, r: RuleId, i: usize, pos: usize) -> Vec<usize> {
        if let Some(e) = self.seq.get(&(r, i, pos)) {
            return e.clone();
        }
        let RuleNode::Seq(members) = &self.rule.nodes[r] else {
            unreachable!("a sequence")
        };
        let result = match members.get(i).copied() {
            None => vec![pos],
            Some(m) => {
                let mut all = Vec::new();
                for e in self.ends(m, pos) {
                    all.extend(self.seq_ends(r, i + 1, e));
                }
                all.sort_unstable();
                all.dedup();
                all
            }
        };
        self.seq.insert((r, i, pos), result.clone());
        result
    }

    /// Ends of a repetition that has matched `count` times so far (counts
    /// above what `min` and `max` can tell apart share one entry).
    fn rep_ends(&mut self, r: RuleId, count: u32, pos: usize) -> Vec<usize> {
        let RuleNode::Repeat { min, max, sub } = self.rule.nodes[r] else {
            unreachable!("a repetition")
        };
        let key = (r, count.min(max.unwrap_or(min).max(min)), pos);
        if let Some(e) = self.rep.get(&key) {
            return e.clone();
        }
        // Guards the recursion on this key while it is being computed.
        self.rep.insert(key, Vec::new());
        let mut all = Vec::new();
        if count >= min {
            all.push(pos);
        }
        if max.is_none_or(|m| count < m) {
            for e in self.ends(sub, pos) {
                // Each repetition must consume something, or matching would not end.
                if e > pos {
                    all.extend(self.rep_ends(r, count.saturating_add(1), e));
                }
            }
        }
        all.sort_unstable();
        all.dedup();
        self.rep.insert(key, all.clone());
        all
    }

    /// Adds one derivation of rule node `r` over `start..end` to `tree`,
    /// preferring the longest match for the earlier parts.
    fn build(&mut self, r: RuleId, start: usize, end: usize, tree: &mut LexTree) -> usize {
        let id = tree.nodes.len();
        tree.nodes.push(LexNode {
            kind: LexKind::Seq,
            start,
            end,
            children: Vec::new(),
        });
        let (kind, children) = match &self.rule.nodes[r] {
            RuleNode::Empty => (LexKind::Seq, Vec::new()),
            RuleNode::Literal(_) => (LexKind::Literal, Vec::new()),
            RuleNode::Class(ranges) => (LexKind::Char(ranges.clone()), Vec::new()),
            RuleNode::Seq(members) => {
                let members = members.clone();
                let mut pos = start;
                let mut children = Vec::new();
                for (i, &m) in members.iter().enumerate() {
                    let mut ends = self.ends(m, pos);
                    ends.sort_unstable_by(|a, b| b.cmp(a));
                    let e = ends
                        .into_iter()
                        .find(|&e| self.seq_ends(r, i + 1, e).contains(&end))
                        .expect("a derivation exists");
                    children.push(self.build(m, pos, e, tree));
                    pos = e;
                }
                (LexKind::Seq, children)
            }
            RuleNode::Alt(members) => {
                let members = members.clone();
                let m = members
                    .into_iter()
                    .find(|&m| self.ends(m, start).contains(&end))
                    .expect("an alternative fits");
                (LexKind::Seq, vec![self.build(m, start, end, tree)])
            }
            RuleNode::Repeat { min, max, sub } => {
                let (min, max, sub) = (*min, *max, *sub);
                let mut pos = start;
                let mut count = 0;
                let mut children = Vec::new();
                while pos < end {
                    let mut ends = self.ends(sub, pos);
                    ends.sort_unstable_by(|a, b| b.cmp(a));
                    let e = ends
                        .into_iter()
                        .find(|&e| e > pos && self.rep_ends(r, count + 1, e).contains(&end))
                        .expect("a repetition fits");
                    children.push(self.build(sub, pos, e, tree));
                    pos = e;
                    count += 1;
                }
                (LexKind::Repeat { min, max }, children)
            }
        };
        tree.nodes[id].kind = kind;
        tree.nodes[id].children = children;
        id
    }
}

/// What a lex tree node is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LexKind {
    /// An atomic fragment (`0x`).
    Literal,
    /// One character of a class (its ranges, as code points).
    Char(Vec<(u32, u32)>),
    /// A sequence or a chosen alternative.
    Seq,
    /// Repeated parts: optional (`max == Some(1)`, `min == 0`), star or plus.
    Repeat {
        /// Fewest repetitions the rule allows.
        min: u32,
        /// Most repetitions the rule allows.
        max: Option<u32>,
    },
}

/// One node of a lex tree: a span of the token.
#[derive(Debug, Clone)]
pub struct LexNode {
    /// What it is.
    pub kind: LexKind,
    /// Start offset in the token.
    pub start: usize,
    /// End offset in the token.
    pub end: usize,
    /// Child nodes, in order.
    pub children: Vec<usize>,
}

/// The lexical structure of one token (node 0 is the root).
#[derive(Debug, Clone)]
pub struct LexTree {
    /// The token's text.
    pub text: Vec<u8>,
    /// The nodes, root first.
    pub nodes: Vec<LexNode>,
}

impl LexTree {
    /// Node ids in breadth-first order (T-Rec visits the lex tree this way).
    pub fn breadth_first(&self) -> Vec<usize> {
        let mut order = vec![0];
        let mut i = 0;
        while i < order.len() {
            order.extend(self.nodes[order[i]].children.iter().copied());
            i += 1;
        }
        order
    }

    /// The token with the spans of `removed` nodes cut out and single
    /// characters replaced per `replaced` (node id, new character).
    pub fn render(&self, removed: &[usize], replaced: &[(usize, char)]) -> Vec<u8> {
        let mut cuts: Vec<(usize, usize, Vec<u8>)> = removed
            .iter()
            .map(|&n| (self.nodes[n].start, self.nodes[n].end, Vec::new()))
            .collect();
        for &(n, c) in replaced {
            let mut buf = [0u8; 4];
            cuts.push((
                self.nodes[n].start,
                self.nodes[n].end,
                c.encode_utf8(&mut buf).as_bytes().to_vec(),
            ));
        }
        cuts.sort_by_key(|c| (c.0, std::cmp::Reverse(c.1)));
        let mut out = Vec::with_capacity(self.text.len());
        let mut at = 0;
        for (start, end, with) in cuts {
            if start < at {
                continue; // inside a span already cut
            }
            out.extend_from_slice(&self.text[at..start]);
            out.extend_from_slice(&with);
            at = end;
        }
        out.extend_from_slice(&self.text[at..]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(re: &str) -> Rule {
        Rule::from_hir(&regex_syntax::parse(re).unwrap())
    }

    fn shape(t: &LexTree, n: usize) -> String {
        let node = &t.nodes[n];
        let text = String::from_utf8_lossy(&t.text[node.start..node.end]);
        match &node.kind {
            LexKind::Literal => format!("'{text}'"),
            LexKind::Char(_) => format!("{text}"),
            LexKind::Seq => node
                .children
                .iter()
                .map(|&c| shape(t, c))
                .collect::<Vec<_>>()
                .join(" "),
            LexKind::Repeat { min, max } => {
                let q = match (min, max) {
                    (0, Some(1)) => "?",
                    (0, None) => "*",
                    (1, None) => "+",
                    _ => "{}",
                };
                let inner: Vec<_> = node.children.iter().map(|&c| shape(t, c)).collect();
                format!("[{}]{q}", inner.join(" "))
            }
        }
    }

    #[test]
    fn the_papers_hex_constant() {
        // C-like: hex prefix, hex digits, optional unsigned and long long suffixes.
        let r = rule("0[xX][0-9a-fA-F]+(?:[uU](?:ll|LL)?)?");
        let t = r.parse(b"0xff00ull").unwrap();
        assert_eq!(shape(&t, 0), "'0' x [f f 0 0]+ [u ['ll']?]?");
        assert!(r.parse(b"0xg").is_none());
        // Removing the optional suffix group and one digit.
        let suffix = t
            .breadth_first()
            .into_iter()
            .find(|&n| t.nodes[n].start == 6 && matches!(t.nodes[n].kind, LexKind::Repeat { .. }))
            .unwrap();
        assert_eq!(t.render(&[suffix], &[]), b"0xff00");
        let digits = t
            .breadth_first()
            .into_iter()
            .find(|&n| matches!(t.nodes[n].kind, LexKind::Repeat { min: 1, .. }))
            .unwrap();
        let first_f = t.nodes[digits].children[0];
        assert_eq!(t.render(&[], &[(first_f, '1')]), b"0x1f00ull");
    }

    #[test]
    fn strings_split_into_runs_and_escapes() {
        let r = rule(r#""(?:\\.|[^"\\]+)*""#);
        let t = r.parse(br#""ab\ncd""#).unwrap();
        assert_eq!(shape(&t, 0), r#"'"' [[a b]+ '\' n [c d]+]* '"'"#);
        assert!(r.parse(br#""open"#).is_none());
    }

    #[test]
    fn long_tokens_parse_without_blowing_up() {
        let r = rule(r#""(?:\\.|[^"\\]+)*""#);
        let token = format!("\"{}\"", "x".repeat(super::super::MAX_LEX_TREE - 2));
        let t = r.parse(token.as_bytes()).unwrap();
        assert_eq!(t.nodes[0].end, token.len());
    }
}
