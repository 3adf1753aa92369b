//! The languages treereduce knows. A language is one table entry: its name,
//! its file extensions and its tree-sitter grammar. Nothing here knows about
//! scheduling or reduction; the engine sees a language only through
//! [`crate::syntax::Grammar`], which is built from the entry's `NODE_TYPES`.

mod c;
mod javascript;
mod rust;

use std::path::Path;

/// One supported language.
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
}

impl Language {
    /// The tree-sitter language object for a parser.
    pub fn ts_language(&self) -> tree_sitter::Language {
        self.grammar.into()
    }
}

/// Every supported language, in the order they are listed in messages.
pub const ALL: &[&Language] = &[&c::C, &rust::RUST, &javascript::JAVASCRIPT];

/// Looks a language up by its `-l` name or alias (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static Language> {
    let name = name.to_ascii_lowercase();
    ALL.iter()
        .copied()
        .find(|l| l.name == name || l.aliases.contains(&name.as_str()))
}

/// Guesses the language from a file's extension.
pub fn by_path(path: &Path) -> Option<&'static Language> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    ALL.iter()
        .copied()
        .find(|l| l.extensions.contains(&ext.as_str()))
}

/// A human-readable list of the choices, for error messages: `c (.c .h), rust (.rs), …`.
pub fn choices() -> String {
    ALL.iter()
        .map(|l| {
            let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
            format!("{} ({})", l.name, exts.join(" "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_extensions_select_languages() {
        assert_eq!(by_name("C").unwrap().name, "c");
        assert_eq!(by_name("js").unwrap().name, "javascript");
        assert_eq!(by_name("rs").unwrap().name, "rust");
        assert!(by_name("cobol").is_none());
        assert_eq!(by_path(Path::new("x/crash.h")).unwrap().name, "c");
        assert_eq!(by_path(Path::new("a.MJS")).unwrap().name, "javascript");
        assert_eq!(by_path(Path::new("a.cjs")).unwrap().name, "javascript");
        assert_eq!(by_path(Path::new("lib.rs")).unwrap().name, "rust");
        assert!(by_path(Path::new("Makefile")).is_none());
        assert!(choices().contains("javascript (.js .mjs .cjs)"));
    }
}
