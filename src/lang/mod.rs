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
    /// How the layout pass lays a result out (see `Layout`).
    pub layout: Layout,
    /// Function signatures, for removing a parameter together with its
    /// arguments: (node kind, fields from it to the function's name, fields
    /// from it to its parameter list). C's `function_declarator` covers
    /// prototypes and definitions alike.
    pub signatures: &'static [Signature],
    /// Calls: (node kind, field of the callee, field of the argument list).
    pub calls: &'static [(&'static str, &'static str, &'static str)],
    /// Fields followed from a callee that is not a plain name to the name it
    /// calls (Rust's `S::f` and `x.f`, JavaScript's `x.f`).
    pub callee_fields: &'static [&'static str],
    /// Receivers: (parameter kind, callee kind that passes it). A call with
    /// such a callee (Rust's `x.f(a)`) has no argument for the receiver; any
    /// other call (`S::f(x, a)`) passes it first.
    pub receivers: &'static [(&'static str, &'static str)],
    /// Function definitions whose body may become a prototype's end: (node
    /// kind, field of the body, its replacement). C's `int f(void) { ... }`
    /// -> `int f(void);`.
    pub prototypes: &'static [(&'static str, &'static str, &'static str)],
    /// Expression statements: (node kind, what follows the expression).
    /// A statement may become one made of an expression inside it
    /// (`if (x = y) f();` -> `x = y;`, Rust's `let v = f(x);` -> `f(x);`).
    pub expression_statements: &'static [(&'static str, &'static str)],
    /// Type aliases that may be inlined at their uses: (node kind, field of
    /// the alias name, field of the aliased type, other named children
    /// allowed). C's `typedef`, Rust's `type A = B;`.
    pub type_aliases: &'static [TypeAlias],
    /// The C preprocessor's constructs, for the reductions that see through
    /// them (macro bodies reduced as code, macros inlined, conditionals the
    /// parser could not read as one node). `None`: the language has none.
    pub preprocessor: Option<Preprocessor>,
}

/// Where a grammar puts the preprocessor's constructs (see
/// [`Language::preprocessor`]). A macro body is one opaque token to the
/// grammar, so the reductions that look inside it parse its text on their
/// own, inside one of [`Preprocessor::body_wrappers`].
pub struct Preprocessor {
    /// Macro definitions: object-like (`#define N 16`) and function-like
    /// (`#define f(x) x`), which inlining and body reduction work on.
    pub definitions: &'static [&'static str],
    /// The field of a definition's name.
    pub name: &'static str,
    /// The field of a function-like definition's parameter list.
    pub parameters: &'static str,
    /// The field of a definition's body (optional: `#define A` has none).
    pub value: &'static str,
    /// The token a parameter list ends a variadic macro with (`...`), which
    /// the body names as [`Preprocessor::variadic_name`].
    pub ellipsis: &'static str,
    /// How the body names the arguments a variadic macro takes after its
    /// named parameters.
    pub variadic_name: &'static str,
    /// Texts around a macro body that make it a program the grammar parses,
    /// tried in order until one parses without errors: statements in a
    /// function, a type naming a variable, an expression (or a `do ...
    /// while (0)`) that needs a `;`, items of a file. The body's tree
    /// in the first that fits is what body reduction edits; a body that
    /// fits none (`a ## b`, `#x`, half a statement) stays whole.
    pub body_wrappers: &'static [(&'static str, &'static str)],
    /// The expression an expression inside a macro body may become (`0`),
    /// and the node kind it parses as (whose slots accept it).
    pub zero: (&'static str, &'static str),
    /// Directive texts that open a conditional group (`#if`, `#ifdef`, ...).
    pub conditional_open: &'static [&'static str],
    /// Directive texts that start another branch of the group (`#elif`, `#else`).
    pub conditional_branch: &'static [&'static str],
    /// The directive text that closes a group (`#endif`).
    pub conditional_close: &'static str,
    /// Node kinds of a conditional the grammar parsed as one node: for
    /// those, hoisting already keeps a branch and deletion drops the whole
    /// group, so only the branches out of hoisting's reach are proposed.
    pub conditional_kinds: &'static [&'static str],
    /// Named token kinds of directives the grammar does not place in a
    /// conditional (an `#else` inside an ERROR node); matched by their text.
    pub directive_kinds: &'static [&'static str],
    /// Named token kinds besides the identifiers that the preprocessor
    /// reads as names, so a macro of that name expands there (C's
    /// `size_t` or `bool`, which the grammar reads as primitive types).
    /// Keywords (`#define inline`) are anonymous tokens and count too.
    pub name_kinds: &'static [&'static str],
    /// Tokens before a name that test whether it is defined rather than
    /// expand it (`#ifdef N`, `defined(N)`): a macro named there is not
    /// inlined, since deleting its definition would flip the test.
    pub definedness: &'static [&'static str],
}

/// The layout pass's view of a language: which nodes put their children on
/// lines of their own, and where tokens go without a space between them.
/// Kinds are node kinds of the grammar; tokens are the texts of anonymous
/// tokens. Whatever is not listed gets one space between tokens on a line.
#[derive(Clone, Copy)]
pub struct Layout {
    /// Nodes whose children each go on a line of their own, one level
    /// deeper than the node's own line: `kind` (its named children without
    /// a field, after its `{` if it has one) or `kind.field` (the children
    /// in that field). Blocks, bodies, field lists.
    pub blocks: &'static [&'static str],
    /// The same, without the extra level: the root, preprocessor conditionals.
    pub flat: &'static [&'static str],
    /// Nodes whose anonymous tokens get a space on each side (binary
    /// operators, assignments, conditionals).
    pub spaced_parents: &'static [&'static str],
    /// Tokens with a space on each side wherever they are (`=`, `=>`).
    pub spaced: &'static [&'static str],
    /// Nodes whose first token, when anonymous, sticks to the token after
    /// it and whose last token, when anonymous, sticks to the one before:
    /// prefix and postfix operators (`-x`, `*p`, `x++`), lifetimes (`'a`),
    /// angle brackets (`<T>`), closure bars (`|x|`).
    pub sticky: &'static [&'static str],
    /// Nodes whose first anonymous token sticks to a name, `)`, `]`, `>`
    /// or `!` before it (`Vec<u8>`, `println!(`, `vec![`, `#define f(x)`).
    pub attached: &'static [&'static str],
    /// Tokens (texts, or kinds of named tokens) with no space on either
    /// side (`.`, `->`, `::`, JavaScript's `?.`).
    pub tight: &'static [&'static str],
    /// Token kinds that start a line of their own (preprocessor directives).
    pub line_tokens: &'static [&'static str],
    /// Operator pairs that may touch although a longer operator contains
    /// them (`>>` closing two generic argument lists in Rust).
    pub glue_ok: &'static [&'static str],
    /// Tokens after which a line break in the input stays (`return`,
    /// `throw` in JavaScript: automatic semicolon insertion ends the
    /// statement at the break).
    pub keep_break_after: &'static [&'static str],
    /// Tokens before which a line break in the input stays (`++`, `--`).
    pub keep_break_before: &'static [&'static str],
    /// A line break in the input after the last token of a statement stays
    /// (it may be the statement's only terminator).
    pub keep_statement_breaks: bool,
}

/// A function signature's place in the syntax tree (see [`Language::signatures`]).
pub struct Signature {
    /// The node kind.
    pub kind: &'static str,
    /// Fields from the node to the function's name.
    pub name: &'static [&'static str],
    /// Fields from the node to the parameter list.
    pub parameters: &'static [&'static str],
}

/// A type alias definition (see [`Language::type_aliases`]).
pub struct TypeAlias {
    /// The node kind.
    pub kind: &'static str,
    /// The field of the new name.
    pub name: &'static str,
    /// The field of the aliased type.
    pub aliased: &'static str,
    /// Named children besides those two that do not change what the alias
    /// means where it is inlined (Rust's `pub`).
    pub allowed: &'static [&'static str],
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
            layout: Layout {
                blocks: &[],
                flat: &[],
                spaced_parents: &[],
                spaced: &["="],
                sticky: &[],
                attached: &[],
                tight: &["."],
                line_tokens: &[],
                glue_ok: &[],
                keep_break_after: &[],
                keep_break_before: &[],
                keep_statement_breaks: false,
            },
            signatures: &[],
            calls: &[("call_expression", "function", "arguments")],
            callee_fields: &[],
            receivers: &[],
            prototypes: &[],
            expression_statements: &[],
            type_aliases: &[],
            preprocessor: None,
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
            let l = &lang.layout;
            for spec in l.blocks.iter().chain(l.flat) {
                let (kind, field) = spec.split_once('.').unwrap_or((spec, ""));
                assert!(kind_exists(kind), "{}: layout kind {kind}", lang.name);
                assert!(
                    field.is_empty() || ts.field_id_for_name(field).is_some(),
                    "{}: layout field {field}",
                    lang.name
                );
            }
            for kind in [l.spaced_parents, l.sticky, l.attached, l.line_tokens]
                .into_iter()
                .flatten()
            {
                assert!(kind_exists(kind), "{}: layout kind {kind}", lang.name);
            }
            for token in [l.spaced, l.tight, l.keep_break_after, l.keep_break_before]
                .into_iter()
                .flatten()
            {
                assert!(kind_exists(token), "{}: layout token {token}", lang.name);
            }
            for s in lang.signatures {
                assert!(kind_exists(s.kind), "{}: kind {}", lang.name, s.kind);
            }
            for (call, _, _) in lang.calls {
                assert!(kind_exists(call), "{}: kind {call}", lang.name);
            }
            for (kind, callee) in lang.receivers {
                assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
                assert!(kind_exists(callee), "{}: kind {callee}", lang.name);
            }
            for (kind, _, _) in lang.prototypes {
                assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
            }
            for (kind, _) in lang.expression_statements {
                assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
            }
            for a in lang.type_aliases {
                for kind in std::iter::once(&a.kind).chain(a.allowed) {
                    assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
                }
            }
            if let Some(pp) = &lang.preprocessor {
                let kinds = pp
                    .definitions
                    .iter()
                    .chain(pp.conditional_kinds)
                    .chain(pp.directive_kinds)
                    .chain(pp.name_kinds)
                    .chain([&pp.zero.1]);
                for kind in kinds {
                    assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
                }
                let tokens = pp
                    .conditional_open
                    .iter()
                    .chain(pp.conditional_branch)
                    .chain([&pp.conditional_close, &pp.ellipsis])
                    .chain(pp.definedness);
                for token in tokens {
                    assert!(kind_exists(token), "{}: token {token}", lang.name);
                }
                for field in [pp.name, pp.parameters, pp.value] {
                    assert!(
                        ts.field_id_for_name(field).is_some(),
                        "{}: field {field}",
                        lang.name
                    );
                }
            }
            let fields = lang
                .signatures
                .iter()
                .flat_map(|s| s.name.iter().chain(s.parameters));
            let fields = fields
                .chain(lang.calls.iter().flat_map(|(_, f, a)| [f, a]))
                .chain(lang.callee_fields)
                .chain(lang.prototypes.iter().map(|(_, body, _)| body))
                .chain(lang.type_aliases.iter().flat_map(|a| [&a.name, &a.aliased]));
            for field in lang.definer_fields.iter().chain(fields) {
                assert!(
                    ts.field_id_for_name(field).is_some(),
                    "{}: field {field}",
                    lang.name
                );
            }
        }
    }
}
