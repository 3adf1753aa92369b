//! Lexical rules of a language's token classes (identifiers, numbers,
//! characters, strings), from `grammars/<language>.json`: which node kinds a
//! class covers, its regular expression, and the keywords a name may not
//! become. Token canonicalization (`reduce::canon`) asks three things of a
//! class: does a text match it, which texts come before a given one in
//! shortlex order, and what is the lex tree of a token.

mod rule;

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use regex_automata::dfa::{Automaton, dense};
use regex_automata::util::start;
use regex_automata::{Anchored, MatchKind};
use serde::Deserialize;

pub use rule::{LexKind, LexTree, Rule};

use crate::lang::Language;
use crate::syntax::{Grammar, KindId};

/// Longest token given a lex tree: deletion-based canonicalization over
/// longer tokens would cost hundreds of tests per token (and the matcher's
/// tables grow quadratically).
pub const MAX_LEX_TREE: usize = 256;

/// Most texts the shortlex walk visits before giving up on finding more
/// (a rule may accept few texts of a length and allow many prefixes).
const WALK_BUDGET: usize = 200_000;

/// Readable order of characters for generated names: letters first.
const NAME_ALPHABET: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";
/// Readable order for other tokens: digits, quotes (so that a plain `"0"`
/// comes before a prefixed `u""`), letters, then the rest of ASCII.
const TOKEN_ALPHABET: &str = "0123456789\"'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_ .,:;!?+-*/=<>()[]{}#$%&@^|~\\`";

#[derive(Deserialize)]
struct File {
    tokens: Vec<Entry>,
    keywords: Vec<String>,
}

#[derive(Deserialize)]
struct Entry {
    class: String,
    kinds: Vec<String>,
    regex: String,
}

/// One token class (see the module documentation).
pub struct TokenClass {
    /// `identifier`, `number`, `float`, `char` or `string`.
    pub name: String,
    rule: Rule,
    dfa: dense::DFA<Vec<u32>>,
    alphabet: Vec<char>,
}

/// All token classes of a language.
pub struct Lexicon {
    classes: Vec<TokenClass>,
    by_kind: HashMap<KindId, usize>,
    keywords: HashSet<Vec<u8>>,
}

/// The lexicon of each entry of [`Language::ALL`], in its order.
static LEXICONS: [OnceLock<Lexicon>; Language::ALL.len()] =
    [const { OnceLock::new() }; Language::ALL.len()];

impl Lexicon {
    /// The token classes of `language`, built on first use.
    pub fn of(language: &'static Language) -> &'static Lexicon {
        LEXICONS[language.index()].get_or_init(|| Lexicon::new(Grammar::of(language)))
    }

    /// The lexicon of `grammar`'s language. Panics only on a malformed
    /// `grammars/*.json`, which the unit tests of every language rule out.
    pub fn new(grammar: &Grammar) -> Lexicon {
        let file: File = serde_json::from_str(grammar.language.lexical)
            .expect("grammars/*.json of the language");
        let mut classes = Vec::new();
        let mut by_kind = HashMap::new();
        for entry in file.tokens {
            let hir = regex_syntax::parse(&entry.regex).expect("lexical rule parses");
            let dfa = dense::Builder::new()
                .configure(
                    dense::Config::new()
                        .match_kind(MatchKind::All)
                        .start_kind(regex_automata::dfa::StartKind::Anchored),
                )
                .build(&format!("(?:{})$", entry.regex))
                .expect("lexical rule compiles to a DFA");
            let alphabet = if entry.class == "identifier" {
                NAME_ALPHABET
            } else {
                TOKEN_ALPHABET
            };
            for kind in &entry.kinds {
                for &id in grammar.kind_ids(kind, true) {
                    by_kind.insert(id, classes.len());
                }
            }
            classes.push(TokenClass {
                name: entry.class,
                rule: Rule::from_hir(&hir),
                dfa,
                alphabet: alphabet.chars().collect(),
            });
        }
        Lexicon {
            classes,
            by_kind,
            keywords: file.keywords.into_iter().map(String::into_bytes).collect(),
        }
    }

    /// The class of tokens of `kind`, if canonicalized.
    pub fn class_of(&self, kind: KindId) -> Option<&TokenClass> {
        self.by_kind.get(&kind).map(|&i| &self.classes[i])
    }

    /// Whether two kinds belong to the same class (their tokens may be
    /// renamed together).
    pub fn same_class(&self, a: KindId, b: KindId) -> bool {
        matches!((self.by_kind.get(&a), self.by_kind.get(&b)), (Some(x), Some(y)) if x == y)
    }

    /// Whether `text` is a keyword (never a canonical name).
    pub fn is_keyword(&self, text: &[u8]) -> bool {
        self.keywords.contains(text)
    }

    /// The keywords, in no particular order.
    pub fn keywords(&self) -> impl Iterator<Item = &[u8]> {
        self.keywords.iter().map(Vec::as_slice)
    }
}

/// `a` comes before `b` in shortlex order (shorter first, then by the
/// class's readable alphabet, byte order for characters outside it).
pub fn shortlex_less(class: &TokenClass, a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return a.len() < b.len();
    }
    let rank = |c: u8| {
        class
            .alphabet
            .iter()
            .position(|&x| x as u32 == u32::from(c))
            .unwrap_or(usize::from(c) + 1000)
    };
    a.iter().map(|&c| rank(c)).lt(b.iter().map(|&c| rank(c)))
}

impl TokenClass {
    /// Whether the class is names (no attempt limit, keywords excluded).
    pub fn is_identifier(&self) -> bool {
        self.name == "identifier"
    }

    /// Whether the rule matches all of `text`.
    pub fn matches(&self, text: &[u8]) -> bool {
        let config = start::Config::new().anchored(Anchored::Yes);
        let Ok(mut state) = self.dfa.start_state(&config) else {
            return false;
        };
        for &b in text {
            state = self.dfa.next_state(state, b);
            if self.dfa.is_dead_state(state) {
                return false;
            }
        }
        self.dfa.is_match_state(self.dfa.next_eoi_state(state))
    }

    /// The lex tree of a token of this class (none for tokens longer than
    /// [`MAX_LEX_TREE`] or not matching the rule).
    pub fn lex_tree(&self, text: &[u8]) -> Option<LexTree> {
        if text.len() > MAX_LEX_TREE {
            return None;
        }
        self.rule.parse(text)
    }

    /// The characters a class fragment may take, in readable order.
    pub fn ordered_chars<'a>(
        &'a self,
        ranges: &'a [(u32, u32)],
    ) -> impl Iterator<Item = char> + 'a {
        self.alphabet.iter().copied().filter(move |&c| {
            ranges
                .iter()
                .any(|&(lo, hi)| lo <= c as u32 && c as u32 <= hi)
        })
    }

    /// Texts of this class that come before `limit` in shortlex order, in
    /// that order, over the class's readable alphabet.
    #[cfg(test)]
    pub fn shortlex_before(&self, limit: &[u8]) -> Vec<Vec<u8>> {
        self.shortlex_walk(None, limit, usize::MAX)
    }

    /// The first `n` texts of [`TokenClass::shortlex_before`].
    pub fn first_before(&self, limit: &[u8], n: usize) -> Vec<Vec<u8>> {
        self.shortlex_walk(None, limit, n)
    }

    /// The first `n` texts after `after` (exclusive) and before `limit`.
    pub fn first_after(&self, after: Option<&[u8]>, limit: &[u8], n: usize) -> Vec<Vec<u8>> {
        self.shortlex_walk(after, limit, n)
    }

    fn shortlex_walk(&self, after: Option<&[u8]>, limit: &[u8], n: usize) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        let Ok(start) = self
            .dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
        else {
            return found;
        };
        let mut budget = WALK_BUDGET;
        let from_len = after.map_or(0, <[u8]>::len);
        for len in from_len..=limit.len() {
            // Depth-first over the alphabet yields one length in order.
            let mut stack: Vec<(regex_automata::util::primitives::StateID, Vec<u8>)> =
                vec![(start, Vec::new())];
            let mut level: Vec<Vec<u8>> = Vec::new();
            while let Some((state, text)) = stack.pop() {
                budget = match budget.checked_sub(1) {
                    Some(b) => b,
                    None => return found,
                };
                if text.len() == len {
                    if self.dfa.is_match_state(self.dfa.next_eoi_state(state)) {
                        level.push(text);
                    }
                    continue;
                }
                // Push in reverse so that the first character is explored first.
                for &c in self.alphabet.iter().rev() {
                    let mut buf = [0u8; 4];
                    let mut s = state;
                    for &b in c.encode_utf8(&mut buf).as_bytes() {
                        s = self.dfa.next_state(s, b);
                    }
                    if !self.dfa.is_dead_state(s) {
                        let mut t = text.clone();
                        t.push(c as u8);
                        stack.push((s, t));
                    }
                }
            }
            for text in level {
                if after.is_some_and(|a| !shortlex_less(self, a, &text)) {
                    continue;
                }
                if !shortlex_less(self, &text, limit) {
                    return found;
                }
                found.push(text);
                if found.len() >= n {
                    return found;
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexicon(lang: &str) -> (&'static Grammar, Lexicon) {
        let g = crate::syntax::Grammar::of(crate::lang::Language::by_name(lang).unwrap());
        let l = Lexicon::new(g);
        (g, l)
    }

    fn class<'a>(g: &Grammar, l: &'a Lexicon, kind: &str) -> &'a TokenClass {
        l.class_of(g.kind_ids(kind, true)[0]).unwrap()
    }

    fn texts(v: Vec<Vec<u8>>) -> Vec<String> {
        v.into_iter()
            .map(|t| String::from_utf8(t).unwrap())
            .collect()
    }

    #[test]
    fn every_language_loads_and_matches_its_own_tokens() {
        let mut seen = Vec::new();
        for (lang, kind, good, bad) in [
            (
                "c",
                "number_literal",
                ["0xff00ull", "017", "1'000", "3.5e-2f"],
                ["0x", "ff"],
            ),
            (
                "rust",
                "integer_literal",
                ["1_000_000", "0xffu64", "0b1010", "7usize"],
                ["0xg", "_1"],
            ),
            (
                "javascript",
                "number",
                ["10n", "0x1F", "1_000", "3.14e+5"],
                ["0x", "1__0"],
            ),
            (
                "cpp",
                "raw_string_literal",
                ["R\"(a)\"", "u8R\"x(a)\")x\"", "R\"()\"", "LR\"(z)\""],
                ["\"a\"", "R\"a\""],
            ),
            (
                "go",
                "int_literal",
                ["0x1F", "1_000", "0o17", "42"],
                ["0x", "_1"],
            ),
            (
                "python",
                "string",
                ["'a'", "\"b\\n\"", "rb'x'", "b\"\""],
                ["'a", "abc"],
            ),
            (
                "typescript",
                "number",
                ["10n", "0x1F", "1_000", "3.14e+5"],
                ["0x", "1__0"],
            ),
            (
                "java",
                "decimal_integer_literal",
                ["42", "1_000", "7L", "0"],
                ["_1", "1_"],
            ),
        ] {
            seen.push(lang);
            let (g, l) = lexicon(lang);
            let c = class(g, &l, kind);
            for t in good {
                assert!(c.matches(t.as_bytes()), "{lang} {t}");
                assert!(c.lex_tree(t.as_bytes()).is_some(), "{lang} {t}");
            }
            for t in bad {
                assert!(!c.matches(t.as_bytes()), "{lang} {t}");
            }
        }
        for lang in Language::ALL {
            assert!(
                seen.contains(&lang.name),
                "no tokens checked for {}",
                lang.name
            );
        }
    }

    #[test]
    fn shortlex_candidates_start_with_the_canonical_tokens() {
        let (g, l) = lexicon("c");
        let ident = class(g, &l, "identifier");
        assert_eq!(texts(ident.first_before(b"long_var", 3)), ["a", "b", "c"]);
        assert_eq!(texts(ident.shortlex_before(b"c")), ["a", "b"]);
        assert_eq!(
            texts(ident.first_after(Some(b"z"), b"long_var", 2)),
            ["A", "B"]
        );
        assert_eq!(
            texts(ident.first_after(Some(b"_"), b"long_var", 2)),
            ["aa", "ab"]
        );
        let number = class(g, &l, "number_literal");
        assert_eq!(texts(number.first_before(b"255", 2)), ["0", "1"]);
        assert!(
            number.first_before(b"0", 2).is_empty(),
            "0 is already canonical"
        );
        let string = class(g, &l, "string_literal");
        assert_eq!(
            texts(string.first_before(b"\"checksum = %X\\n\"", 2)),
            ["\"\"", "\"0\""]
        );
        let (g, l) = lexicon("rust");
        // tree-sitter-rust's rule admits an empty `''` (rustc does not; the test decides).
        assert_eq!(
            texts(class(g, &l, "char_literal").first_before(b"'z'", 2)),
            ["''", "'0'"]
        );
        assert!(l.is_keyword(b"fn") && !l.is_keyword(b"a"));
    }

    #[test]
    fn classes_group_name_kinds() {
        let (g, l) = lexicon("javascript");
        let id = g.kind_ids("identifier", true)[0];
        let prop = g.kind_ids("property_identifier", true)[0];
        assert!(l.same_class(id, prop));
        assert!(!l.same_class(id, g.kind_ids("number", true)[0]));
    }
}
