//! The languages treereduce knows. A language is one table entry: its name,
//! its file extensions, its tree-sitter grammar, and the few facts about it
//! that the grammar crate does not export, each a field that says why it
//! exists. Nothing here knows about scheduling or reduction, and this module
//! imports no other: the reductions see a language through
//! `syntax::Grammar` and `lexical::Lexicon`, which are built from the entry
//! (once per process, on first use).
//!
//! A fourth language is one more entry (a file like `c.rs`) and its grammar
//! crate; `grammars/<name>.json` holds its token classes for canonicalization.

mod c;
mod javascript;
mod rust;

use std::path::Path;

/// One supported language. Entries are statics (see [`Language::ALL`]).
pub struct Language {
    /// The name accepted by `-l` and printed in messages.
    pub name: &'static str,
    /// Other spellings accepted by `-l` (`js` for `javascript`, `rs` for `rust`).
    pub aliases: &'static [&'static str],
    /// File extensions (without the dot) that select this language when `-l` is absent.
    pub extensions: &'static [&'static str],
    /// The tree-sitter grammar.
    pub grammar: tree_sitter_language::LanguageFn,
    /// The grammar's `node-types.json`: fields, required/multiple, supertypes. The
    /// deletion and hoisting rules are derived from it instead of hand-written tables.
    pub node_types: &'static str,
    /// The token classes and keywords for canonicalization (`grammars/<name>.json`,
    /// written from the grammar's `grammar.json` by `grammars/generate.py`).
    pub lexical: &'static str,
    /// Named token kinds that are names (identifiers of any sort). Renaming
    /// replaces one name by another of the same kind, retries count the uses
    /// of names, and canonicalization treats them as one class.
    pub identifier_kinds: &'static [&'static str],
    /// Fields whose child names what its parent defines (`name`, C's
    /// `declarator`, Rust's `let` `pattern`). A failed deletion waits for the
    /// last use of the names it defines (retries); a name in such a field is
    /// never renamed (renaming a definition only breaks its uses).
    pub definer_fields: &'static [&'static str],
    /// Tokens that separate list elements: a deleted element takes one along
    /// (`f(a, b, c)` -> `f(a, c)`), so that no `, ,` is left behind.
    pub separators: &'static [&'static str],
    /// Tokens that stay when the optional field after them is deleted. Any
    /// other anonymous token right before an optional field goes with it
    /// (`let x = 1` -> `let x`, `-> u8`), but an opening bracket or a
    /// separator belongs to its neighbours.
    pub kept_before_optional: &'static [&'static str],
    /// Node kinds whose text the whitespace tidy pass never touches: strings,
    /// characters, comments, regexes, template strings, macro bodies.
    pub verbatim_kinds: &'static [&'static str],
    /// Bracket pairs: the tidy pass indents lines by their nesting and drops
    /// the single spaces just inside them.
    pub brackets: &'static [(&'static str, &'static str)],
    /// Characters that, besides ASCII letters, digits and non-ASCII bytes,
    /// continue a name or a number: two such tokens put side by side by a
    /// deletion (`return(x)` -> `returnx`) are kept apart by a space.
    pub word_chars: &'static str,
    /// Characters that combine into multi-character operators (`+` `+` ->
    /// `++`): two of them put side by side by a deletion get a space too.
    pub operator_chars: &'static str,
    /// What goes between a file's stem and its extension in the default
    /// output name (`crash.reduced.c`). Rust needs `_reduced`: rustc takes
    /// the crate name from the file name, and `.` is not allowed in it, so
    /// the test would reject `evaluator.reduced.rs` whatever it contains.
    pub reduced_infix: &'static str,
}

impl Language {
    /// Every supported language, in the order they are listed in messages.
    pub const ALL: &'static [&'static Language] = &[&c::C, &rust::RUST, &javascript::JAVASCRIPT];

    /// An entry with the facts every language here shares (brackets, glue
    /// characters, `,` as the separator); an entry overrides what differs.
    const fn entry(
        name: &'static str,
        grammar: tree_sitter_language::LanguageFn,
        node_types: &'static str,
        lexical: &'static str,
    ) -> Language {
        Language {
            name,
            aliases: &[],
            extensions: &[],
            grammar,
            node_types,
            lexical,
            identifier_kinds: &["identifier"],
            definer_fields: &["name"],
            separators: &[","],
            kept_before_optional: &["(", "[", "{", ",", ";"],
            verbatim_kinds: &["comment"],
            brackets: &[("(", ")"), ("[", "]"), ("{", "}")],
            word_chars: "_$",
            operator_chars: "+-*/%<>=!&|^~.:?#@",
            reduced_infix: ".reduced",
        }
    }

    /// Looks a language up by its `-l` name or alias (case-insensitive).
    pub fn by_name(name: &str) -> Option<&'static Language> {
        let name = name.to_ascii_lowercase();
        Language::ALL
            .iter()
            .copied()
            .find(|l| l.name == name || l.aliases.contains(&name.as_str()))
    }

    /// Guesses the language from a file's extension.
    pub fn by_path(path: &Path) -> Option<&'static Language> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Language::ALL
            .iter()
            .copied()
            .find(|l| l.extensions.contains(&ext.as_str()))
    }

    /// A human-readable list of the choices, for messages:
    /// `c (.c .h), rust (rs; .rs), javascript (js; .js .mjs .cjs)`.
    pub fn choices() -> String {
        Language::ALL
            .iter()
            .map(|l| {
                let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
                match l.aliases {
                    [] => format!("{} ({})", l.name, exts.join(" ")),
                    aliases => format!("{} ({}; {})", l.name, aliases.join(" "), exts.join(" ")),
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The tree-sitter language object for a parser.
    pub fn ts_language(&self) -> tree_sitter::Language {
        self.grammar.into()
    }

    /// This entry's position in [`Language::ALL`] (tables built per
    /// language are indexed by it).
    pub(crate) fn index(&self) -> usize {
        Language::ALL
            .iter()
            .position(|l| std::ptr::eq(*l, self))
            .expect("languages are the entries of Language::ALL")
    }
}

impl std::fmt::Debug for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Language")
            .field("name", &self.name)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_extensions_select_languages() {
        assert_eq!(Language::by_name("C").unwrap().name, "c");
        assert_eq!(Language::by_name("js").unwrap().name, "javascript");
        assert_eq!(Language::by_name("rs").unwrap().name, "rust");
        assert!(Language::by_name("cobol").is_none());
        assert_eq!(Language::by_path(Path::new("x/crash.h")).unwrap().name, "c");
        assert_eq!(
            Language::by_path(Path::new("a.MJS")).unwrap().name,
            "javascript"
        );
        assert_eq!(
            Language::by_path(Path::new("a.cjs")).unwrap().name,
            "javascript"
        );
        assert_eq!(Language::by_path(Path::new("lib.rs")).unwrap().name, "rust");
        assert!(Language::by_path(Path::new("Makefile")).is_none());
        let choices = Language::choices();
        assert!(
            choices.contains("javascript (js; .js .mjs .cjs)"),
            "{choices}"
        );
        assert!(choices.contains("rust (rs; .rs)"), "{choices}");
    }

    /// Every kind and field a table entry names exists in its grammar: a
    /// typo would silently switch a rule off.
    #[test]
    fn every_named_kind_and_field_exists() {
        for lang in Language::ALL {
            let ts = lang.ts_language();
            let kind_exists = |name: &str| {
                (0..ts.node_kind_count() as u16).any(|id| ts.node_kind_for_id(id) == Some(name))
            };
            for kind in lang.identifier_kinds.iter().chain(lang.verbatim_kinds) {
                assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
            }
            for token in lang.separators.iter().chain(lang.kept_before_optional) {
                assert!(kind_exists(token), "{}: token {token}", lang.name);
            }
            for (open, close) in lang.brackets {
                assert!(kind_exists(open) && kind_exists(close), "{}", lang.name);
            }
            for field in lang.definer_fields {
                assert!(
                    ts.field_id_for_name(field).is_some(),
                    "{}: field {field}",
                    lang.name
                );
            }
        }
    }
}
