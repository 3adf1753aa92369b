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
mod cpp;
mod go;
mod java;
mod javascript;
mod python;
mod rust;
mod typescript;

use std::path::Path;

/// What follows a language's line-comment start in a project's file
/// marker (see [`Language::file_marker`]).
pub const FILE_MARKER: &str = "treereduce-file: ";

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
    /// What starts a comment that runs to the end of its line: a project's
    /// files joined into one program are marked by such comments (see
    /// `project::program`).
    pub line_comment: &'static str,
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
    /// How names of values are scoped, so that a use of a variable or a
    /// constant is resolved to its declaration syntactically (inlining
    /// needs every use of one declaration, and only those, after
    /// canonicalization has named half the program `a`).
    pub scoping: Scoping,
    /// Declarations of variables and constants whose value may be written
    /// at their uses (C's `init_declarator`, Rust's `const`, `static` and
    /// `let`, JavaScript's `variable_declarator`).
    pub variables: &'static [Variable],
    /// Where an expression may be written in place of a name without
    /// parentheses, and where a name is written to.
    pub expressions: Expressions,
    /// Record types whose fields may go with all their uses (C's `struct`
    /// and `union`, Rust's `struct`).
    pub records: &'static [Record],
    /// Enumerations whose members may go with all their uses (C's
    /// enumerators, Rust's enum variants).
    pub enumerations: &'static [Enumeration],
    /// What stands in for a value that is gone (a field's read, a variant
    /// used as a value): C's `0`, Rust's `loop {}` (of type `!`, so of any
    /// type). Empty: the language has none, and such uses stop a removal.
    pub placeholder: &'static str,
    /// Function bodies that may become a body of this text whatever the
    /// function returns: (node kind, field of the body, text). Rust's
    /// `{ loop {} }`: `{}` type-checks only for functions returning `()`.
    pub stub_bodies: &'static [(&'static str, &'static str, &'static str)],
    /// Literal kinds whose type a program checks only at run time
    /// (Python's strings, numbers, `None`): replacement tries the smallest
    /// node of each of them allowed in a slot, not only the smallest of all
    /// (`x + item.quantity` -> `x + "40"` where `x + 0` passes). Empty in
    /// a language whose compiler finds type errors, where the smallest
    /// tree suffices.
    pub value_kinds: &'static [&'static str],
    /// Blocks are lines indented deeper than their header (Python): a
    /// hoisted range moves left with its lines, so `def f():` + its
    /// indented body in the module becomes the body at the module's
    /// indentation, not lines indented deeper than the first.
    pub indented_blocks: bool,
    /// The C preprocessor's constructs, for the reductions that see through
    /// them (macro bodies reduced as code, macros inlined, conditionals the
    /// parser could not read as one node). `None`: the language has none.
    pub preprocessor: Option<Preprocessor>,
    /// Whether the coarse pass deletes a chunk of top-level items with the
    /// items that use what it declares (`reduce::tree::closure`). On for C,
    /// where it was measured to help (doc/benchmarks.md); off elsewhere:
    /// on the preprocessed C++ of the benchmark suite it made the results
    /// larger.
    pub coarse_closure: bool,
    /// Namespaces, templates, base classes, methods and spelled-out types
    /// (C++), for the reductions that work on them. `None`: the language
    /// has none of them.
    pub templates: Option<Templates>,
    /// Where a file of a project names another file of its program (see
    /// `FileReference`): the lines that go when that file is deleted, and
    /// the places it may be inlined into.
    pub file_references: &'static [FileReference],
}

/// A construct that names another file of a project (see `reduce::files`).
pub enum FileReference {
    /// A quoted path, relative to the naming file's folder or, failing
    /// that, the one file whose path ends in it (C's `#include "x.h"`):
    /// (kind, field of the quoted path). The whole node goes with the file,
    /// or is replaced by its text when the file is inlined.
    Quoted(&'static str, &'static str),
    /// A module whose body is in a file of its name (Rust's `mod x;`:
    /// `x.rs` or `x/mod.rs` beside the naming file, or in the folder the
    /// naming file's name gives): (kind, field of the name, field of the
    /// body, which such a declaration lacks).
    Module(&'static str, &'static str, &'static str),
    /// A module specifier `./x` or `../x`, with or without a script
    /// extension, or a folder's `index` (JavaScript's `import ... from
    /// './x'`, `export ... from './x'`): (kind, field of the string).
    Specifier(&'static str, &'static str),
    /// A call with such a specifier as its argument (`require('./x')`):
    /// (the function's name). The list element that holds the call goes
    /// with the file (its declaration, statement or argument).
    Call(&'static str),
}

/// Where a grammar puts namespaces, templates, classes and typed
/// declarations (see [`Language::templates`]). Positions are (node kind,
/// field) pairs; a field of `""` means the named children outside fields.
pub struct Templates {
    /// Namespace definitions: (kind, field of the name, field of the body).
    pub namespace: (&'static str, &'static str, &'static str),
    /// Qualified names `a::b`: (kind, field of the scope, field of the name).
    pub qualified: (&'static str, &'static str, &'static str),
    /// Template declarations: (kind, field of the parameter list).
    pub declaration: (&'static str, &'static str),
    /// Fields from the declared entity (a class, a function, an alias) to
    /// its name.
    pub entity_name: &'static [&'static str],
    /// Names with template arguments (`S<int>`, `f<int>`): (kind, field of
    /// the name, field of the argument list).
    pub uses: &'static [(&'static str, &'static str, &'static str)],
    /// Parameter kinds that take any number of arguments (`class... T`).
    pub variadic: &'static [&'static str],
    /// The base class list of a class (`: public B`) and the kinds in it
    /// that belong to the base after them (`public`, `virtual`).
    pub bases: (&'static str, &'static [&'static str]),
    /// Constructor initializer lists (`: B(x), f(1)`) and their elements.
    pub initializers: (&'static str, &'static str),
    /// Class bodies, where a function definition is a method.
    pub class_bodies: &'static [&'static str],
    /// Function definitions: (kind, field of the body, the declaration's end).
    pub definition: (&'static str, &'static str, &'static str),
    /// What a function definition may have instead of a body, with the
    /// declaration's end in it (`= default;`, `= delete;`).
    pub bodiless: &'static [&'static str],
    /// Declarations whose spelled-out type may become the deduced one:
    /// (kind, field of the type, field of the declarators; `""`: the node
    /// gives the value itself, as a range `for` does).
    pub typed: &'static [(&'static str, &'static str, &'static str)],
    /// Declarator kinds with a value (`x = f()`), the only ones a deduced
    /// type can follow: (kind, field of the value).
    pub initialized: (&'static str, &'static str),
    /// The deduced type (`auto`).
    pub deduced: &'static str,
    /// Access specifiers in a class body (`public:`), which mean nothing
    /// outside it.
    pub access: &'static str,
    /// Member kinds of a class body that declare data (`int x;`), which a
    /// class's unwrapped members put first.
    pub data_members: &'static [&'static str],
    /// Items that hold items of their own (`namespace a { ... }`,
    /// `extern "C" { ... }`): (kind, field of the body). The coarse pass's
    /// candidate of the reachable items keeps one while it keeps anything
    /// inside it (`reduce::cxx::reachable`).
    pub containers: &'static [(&'static str, &'static str)],
    /// Items that candidate always keeps, as it cannot tell what needs
    /// them: (kind, a token that must be among its children, `""` for
    /// any): `using namespace a;` (which declares no name but lets the
    /// code after it say `x` for `a::x`) and the preprocessor's groups and
    /// lines.
    pub kept: &'static [(&'static str, &'static str)],
    /// Names of members (`x.f`, a method declared in its class), which
    /// name nothing outside a class.
    pub member_names: &'static [&'static str],
    /// Names of namespaces (`std` in `std::f`).
    pub namespace_names: &'static str,
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

impl Layout {
    /// Nothing listed: an entry names what its language has and takes the
    /// rest from here (`..Layout::NONE`).
    pub const NONE: Layout = Layout {
        blocks: &[],
        flat: &[],
        spaced_parents: &[],
        spaced: &[],
        sticky: &[],
        attached: &[],
        tight: &[],
        line_tokens: &[],
        glue_ok: &[],
        keep_break_after: &[],
        keep_break_before: &[],
        keep_statement_breaks: false,
    };
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

impl Signature {
    /// A signature whose name and parameters are in the fields `name` and
    /// `parameters` of the node, as in most grammars.
    pub const fn named(kind: &'static str) -> Signature {
        Signature {
            kind,
            name: &["name"],
            parameters: &["parameters"],
        }
    }
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
    /// Token kinds of values that also use the alias's name, where types
    /// and values share one namespace and the parser cannot always tell a
    /// type from a value (tree-sitter-c reads `f(a);` at file scope as a
    /// call of `f` with the value `a`). Taken as uses only when nothing in
    /// the program declares a value of that name.
    pub value_uses: &'static [&'static str],
}

/// How a language scopes the names of values (see [`Language::scoping`]).
/// A use resolves to the declaration of its name whose region holds it and
/// starts last (the innermost, latest one). Kinds are node kinds; a
/// position `kind.field` is a child in that field of a node of that kind,
/// and a plain `kind` a child of it outside any field.
pub struct Scoping {
    /// Token kinds that name values (variables, constants, functions),
    /// as opposed to types, fields and labels.
    pub value_names: &'static [&'static str],
    /// Nodes that bound the names declared inside them: blocks, loops
    /// that declare, the file.
    pub scopes: &'static [&'static str],
    /// Parameter lists: a name declared in one is visible in the whole
    /// function it belongs to (the nearest node above with a `body`), or
    /// only in the list when there is no body (a C prototype).
    pub parameter_lists: &'static [&'static str],
    /// Positions of names that are declarations besides those in the
    /// definer fields (JavaScript's `(a, b) =>` and `a =>`, Rust's `|x|` and
    /// `(a, b)` patterns).
    pub binders: &'static [&'static str],
    /// Declarations visible in their whole scope, before them too (Rust's
    /// items, JavaScript's hoisted declarations); others from where they
    /// are on (C, Rust's `let`, which may shadow a name above).
    pub visible_before: &'static [&'static str],
    /// Positions of a value's name that stand for their parent: Rust's
    /// `Self::X` is a use of the constant `X` as a whole.
    pub qualified: &'static [&'static str],
    /// Positions where a value name is not a use of a value (`E` in Rust's
    /// `E::A`, a macro's name, a `use` path).
    pub not_uses: &'static [&'static str],
    /// Uses written as a key of the same name (JavaScript's `{x}`, Rust's
    /// `S { x }`): a token of this kind, or a token in a node of this
    /// kind; an inlined value is written `x: value` there.
    pub shorthands: &'static [&'static str],
}

impl Scoping {
    /// Nothing listed (see [`Layout::NONE`]).
    pub const NONE: Scoping = Scoping {
        value_names: &[],
        scopes: &[],
        parameter_lists: &[],
        binders: &[],
        visible_before: &[],
        qualified: &[],
        not_uses: &[],
        shorthands: &[],
    };
}

/// How constant a declared variable is (see [`Variable`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constness {
    /// Always a constant (Rust's `const`).
    Always,
    /// Never (Rust's `let`: its initializer may run once only).
    Never,
    /// A constant when the declaration or the statement holding it has a
    /// child with this text (C's and JavaScript's `const`).
    Marked(&'static str),
    /// A constant unless the declaration has a child with this text (Rust's
    /// `static mut`).
    UnlessMarked(&'static str),
}

/// A declaration of one variable with its value (see [`Language::variables`]).
pub struct Variable {
    /// The node kind.
    pub kind: &'static str,
    /// The field of the declared name (only a plain name is inlined).
    pub name: &'static str,
    /// The field of the value.
    pub value: &'static str,
    /// Other fields it may have (Rust's `type`); one in any other field
    /// (Rust's `let ... else`) keeps it.
    pub other_fields: &'static [&'static str],
    /// Named children without a field it may have (`mut`, `pub`).
    pub modifiers: &'static [&'static str],
    /// Whether it is a constant: a constant is inlined at all its uses, a
    /// variable only at its one use.
    pub constness: Constness,
}

/// Where expressions and names sit (see [`Language::expressions`]).
pub struct Expressions {
    /// Expressions that may replace a name anywhere without parentheses
    /// (literals, names, calls, member accesses, parenthesized ones).
    pub primary: &'static [&'static str],
    /// Positions (`kind` or `kind.field`) where any expression may stand
    /// without parentheses (an argument, a statement, a declaration's value).
    pub bare: &'static [&'static str],
    /// Positions where a name is written or its address taken (the left of
    /// an assignment, `x++`, C's `&x`): a value cannot take its place.
    pub writes: &'static [&'static str],
    /// Lists whose elements may be dropped without changing what the other
    /// elements mean to the program's types (array literals and C's
    /// initializer lists, unlike argument lists).
    pub droppable: &'static [&'static str],
    /// Positions that build a larger expression on the one in them (`e.f`,
    /// `e[i]`, `e(..)`): a value that is gone takes these along.
    pub postfix: &'static [&'static str],
}

impl Expressions {
    /// Nothing listed (see [`Layout::NONE`]).
    pub const NONE: Expressions = Expressions {
        primary: &[],
        bare: &[],
        writes: &[],
        droppable: &[],
        postfix: &[],
    };
}

/// A record type with named fields (see [`Language::records`]).
pub struct Record {
    /// The node kind of the definition (`struct_specifier`).
    pub kind: &'static str,
    /// The field of its name (its tag).
    pub name: &'static str,
    /// The field of its body.
    pub body: &'static str,
    /// The kind of a field declaration in the body.
    pub member: &'static str,
    /// The field of a member's declarators (several in C's `int a, b;`);
    /// the name is the first name token of each (behind C's `*`).
    pub member_name: &'static str,
    /// The field of a member's type (a record type there is initialized
    /// by a nested positional initializer).
    pub member_type: &'static str,
    /// Accesses `e.f`: (node kind, field of the name).
    pub accesses: &'static [(&'static str, &'static str)],
    /// Positions where an access is a method's name, not a field (Rust's
    /// `x.len()`).
    pub methods: &'static [&'static str],
    /// Fields named in a literal or a pattern (`.f = v`, `S { f: v }`,
    /// `S { f, .. }`): node kinds that go with the field, named by their
    /// first name token.
    pub named: &'static [&'static str],
    /// Positional initializers (C's `struct S s = {1, 2};`): element k of
    /// the list initializes the record's named member k.
    pub positional: &'static [Positional],
}

impl Record {
    /// Nothing listed (see [`Layout::NONE`]); an entry names at least the
    /// kind and the fields of its definition.
    pub const NONE: Record = Record {
        kind: "",
        name: "",
        body: "",
        member: "",
        member_name: "",
        member_type: "",
        accesses: &[],
        methods: &[],
        named: &[],
        positional: &[],
    };
}

/// A typed node whose value may be a positional initializer (see
/// [`Record::positional`]).
pub struct Positional {
    /// The node kind (C's `declaration`, `compound_literal_expression`).
    pub kind: &'static str,
    /// Fields from the node to its type.
    pub type_path: &'static [&'static str],
    /// The field of its declarators, each with its own value (empty: the
    /// node holds the value itself).
    pub declarators: &'static str,
    /// The field of the value.
    pub value: &'static str,
    /// Declarator kinds that make the value a list of lists (an array of
    /// records: one more level of braces each).
    pub arrays: &'static [&'static str],
    /// The initializer list kind.
    pub list: &'static str,
}

/// An enumeration (see [`Language::enumerations`]).
pub struct Enumeration {
    /// The node kind of the definition.
    pub kind: &'static str,
    /// The field of its name.
    pub name: &'static str,
    /// The field of its body.
    pub body: &'static str,
    /// The kind of a member.
    pub member: &'static str,
    /// The field of a member's name.
    pub member_name: &'static str,
    /// The field of a member's explicit value (C's `A = 3`). Non-empty:
    /// members are used by their plain name, and a use of a removed member
    /// becomes its value.
    pub value: &'static str,
    /// Paths to a member (`E::A`): (node kind, field of the type, field of
    /// the member). A path whose type is the enumeration's name (or
    /// `Self`) is a use; it goes with what it builds (`E::B(1)`).
    pub paths: &'static [(&'static str, &'static str, &'static str)],
    /// Patterns: positions of a pattern (`match_arm.pattern`) whose holder
    /// goes when the pattern uses a removed member.
    pub arms: &'static [&'static str],
    /// Pattern alternatives (`A | B`): the one using a removed member goes
    /// while others stay.
    pub alternatives: &'static [&'static str],
}

impl Enumeration {
    /// Nothing listed (see [`Record::NONE`]).
    pub const NONE: Enumeration = Enumeration {
        kind: "",
        name: "",
        body: "",
        member: "",
        member_name: "",
        value: "",
        paths: &[],
        arms: &[],
        alternatives: &[],
    };
}

impl Language {
    /// Every supported language, in the order they are listed in messages.
    pub const ALL: &'static [&'static Language] = &[
        &c::C,
        &rust::RUST,
        &javascript::JAVASCRIPT,
        &cpp::CPP,
        &go::GO,
        &python::PYTHON,
        &typescript::TYPESCRIPT,
        &java::JAVA,
    ];

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
            line_comment: "//",
            layout: Layout {
                spaced: &["="],
                tight: &["."],
                ..Layout::NONE
            },
            signatures: &[],
            calls: &[("call_expression", "function", "arguments")],
            callee_fields: &[],
            receivers: &[],
            prototypes: &[],
            expression_statements: &[],
            type_aliases: &[],
            scoping: Scoping {
                value_names: &["identifier"],
                ..Scoping::NONE
            },
            variables: &[],
            expressions: Expressions::NONE,
            records: &[],
            enumerations: &[],
            placeholder: "",
            stub_bodies: &[],
            value_kinds: &[],
            indented_blocks: false,
            preprocessor: None,
            coarse_closure: false,
            templates: None,
            file_references: &[],
        }
    }

    /// The start of the comment line that marks a project's file in a
    /// program of this language (`// treereduce-file: `), which the file's
    /// path follows (see `project::program`).
    pub fn file_marker(&self) -> String {
        format!("{} {FILE_MARKER}", self.line_comment)
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

/// The kinds of `shared` followed by those of `own`: a table whose grammar
/// extends another's (C++ of C) writes only what it adds to a shared list.
/// `N` must be the sum of the lengths (a mismatch fails the build).
pub(crate) const fn joined<const N: usize>(
    shared: &[&'static str],
    own: &[&'static str],
) -> [&'static str; N] {
    assert!(shared.len() + own.len() == N, "N is not the joined length");
    let mut all = [""; N];
    let mut i = 0;
    while i < shared.len() {
        all[i] = shared[i];
        i += 1;
    }
    while i < N {
        all[i] = own[i - shared.len()];
        i += 1;
    }
    all
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
        assert_eq!(Language::by_name("c++").unwrap().name, "cpp");
        assert_eq!(Language::by_name("cxx").unwrap().name, "cpp");
        for (file, lang) in [
            ("a.cc", "cpp"),
            ("a.cpp", "cpp"),
            ("a.cxx", "cpp"),
            ("a.hpp", "cpp"),
            ("a.hh", "cpp"),
            ("crash.ii", "cpp"),
            ("a.go", "go"),
            ("a.py", "python"),
            ("a.ts", "typescript"),
            ("A.java", "java"),
        ] {
            assert_eq!(Language::by_path(Path::new(file)).unwrap().name, lang);
        }
        assert!(
            choices.contains("cpp (c++ cxx; .cc .cpp .cxx .hpp .hh .hxx .ii)"),
            "{choices}"
        );
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
            if let Some(t) = &lang.templates {
                let mut specs: Vec<(&str, &str)> = vec![
                    (t.namespace.0, t.namespace.1),
                    (t.namespace.0, t.namespace.2),
                    (t.qualified.0, t.qualified.1),
                    (t.qualified.0, t.qualified.2),
                    (t.declaration.0, t.declaration.1),
                    (t.bases.0, ""),
                    (t.initializers.0, ""),
                    (t.initializers.1, ""),
                    (t.definition.0, t.definition.1),
                    (t.initialized.0, t.initialized.1),
                ];
                for (kind, name, args) in t.uses {
                    specs.extend([(*kind, *name), (*kind, *args)]);
                }
                for (kind, ty, declarators) in t.typed {
                    specs.extend([(*kind, *ty), (*kind, *declarators)]);
                }
                let kinds = t.variadic.iter().chain(t.bases.1).chain(t.class_bodies);
                specs.extend(kinds.map(|k| (*k, "")));
                for (kind, field) in specs {
                    assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
                    assert!(
                        field.is_empty() || ts.field_id_for_name(field).is_some(),
                        "{}: field {field}",
                        lang.name
                    );
                }
                for field in t.entity_name {
                    assert!(
                        ts.field_id_for_name(field).is_some(),
                        "{}: {field}",
                        lang.name
                    );
                }
                assert!(kind_exists(t.deduced), "{}: {}", lang.name, t.deduced);
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
            // The by-name tables: kinds, and `kind.field` positions.
            let s = &lang.scoping;
            let e = &lang.expressions;
            let mut positions: Vec<&str> = Vec::new();
            for list in [
                s.value_names,
                s.scopes,
                s.parameter_lists,
                s.binders,
                s.visible_before,
                s.qualified,
                s.not_uses,
                s.shorthands,
                e.primary,
                e.bare,
                e.writes,
                e.droppable,
                e.postfix,
            ] {
                positions.extend(list.iter().copied());
            }
            let mut more_fields: Vec<&str> = Vec::new();
            for v in lang.variables {
                positions.push(v.kind);
                positions.extend(v.modifiers.iter().copied());
                more_fields.extend([v.name, v.value]);
                more_fields.extend(v.other_fields.iter().copied());
            }
            for r in lang.records {
                positions.extend([r.kind, r.member]);
                positions.extend(r.methods.iter().copied());
                positions.extend(r.named.iter().copied());
                more_fields.extend([r.name, r.body, r.member_name, r.member_type]);
                for (kind, field) in r.accesses {
                    positions.push(kind);
                    more_fields.push(field);
                }
                for p in r.positional {
                    positions.extend([p.kind, p.list]);
                    positions.extend(p.arrays.iter().copied());
                    more_fields.extend(p.type_path.iter().copied());
                    more_fields.push(p.value);
                    more_fields.extend((!p.declarators.is_empty()).then_some(p.declarators));
                }
            }
            for en in lang.enumerations {
                positions.extend([en.kind, en.member]);
                positions.extend(en.arms.iter().copied());
                positions.extend(en.alternatives.iter().copied());
                more_fields.extend([en.name, en.body, en.member_name]);
                more_fields.extend((!en.value.is_empty()).then_some(en.value));
                for (kind, path, name) in en.paths {
                    positions.push(kind);
                    more_fields.extend([*path, *name]);
                }
            }
            for (kind, field, _) in lang.stub_bodies {
                positions.push(kind);
                more_fields.push(field);
            }
            positions.extend(lang.value_kinds.iter().copied());
            for spec in positions {
                let (kind, field) = spec.split_once('.').unwrap_or((spec, ""));
                assert!(kind_exists(kind), "{}: kind {kind}", lang.name);
                assert!(
                    field.is_empty() || ts.field_id_for_name(field).is_some(),
                    "{}: field {field}",
                    lang.name
                );
            }
            for field in lang.definer_fields.iter().chain(fields).chain(&more_fields) {
                assert!(
                    ts.field_id_for_name(field).is_some(),
                    "{}: field {field}",
                    lang.name
                );
            }
        }
    }
}

/// Separators a language lists are taken along by a deleted list element.
#[cfg(test)]
mod separator_tests {
    use std::sync::Arc;

    use crate::edit::{Edit, EditSet, render};
    use crate::syntax::{Grammar, Original, Role, count_errors, parse};

    use super::Language;

    /// Deletes the first list element whose text is `element` and renders.
    fn without(lang: &str, src: &str, element: &str) -> String {
        let g = Grammar::of(Language::by_name(lang).unwrap());
        let o = Original::parse(g, Arc::from(src.as_bytes())).unwrap();
        let n = o
            .nodes
            .ids()
            .find(|&n| {
                o.node_text(n) == element.as_bytes() && matches!(o.role(n), Role::Element { .. })
            })
            .unwrap();
        let edits = [(n, Edit::Delete)];
        let mut out = Vec::new();
        render(&o, EditSet::new().view_with(&edits), &mut out);
        assert_eq!(
            count_errors(&parse(g, &out)),
            0,
            "{}",
            String::from_utf8_lossy(&out)
        );
        String::from_utf8(out).unwrap()
    }

    /// Regression: a TypeScript interface member went without its `;`
    /// (`interface a {; b: number; }`), one token more than needed.
    #[test]
    fn typescript_interface_members_take_their_semicolon() {
        assert_eq!(
            without("typescript", "interface a { a; b: number; }\n", "a"),
            "interface a { b: number; }\n"
        );
    }

    /// C++'s `public:` goes with its colon (alone, `{:` does not parse).
    #[test]
    fn cpp_access_specifiers_take_their_colon() {
        assert_eq!(
            without("cpp", "class a { public: int b; };\n", "public"),
            "class a { int b; };\n"
        );
    }
}
