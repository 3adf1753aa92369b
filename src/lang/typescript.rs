//! TypeScript. tree-sitter-typescript extends tree-sitter-javascript, so
//! the file references, layout, signatures, scoping and expressions are
//! JavaScript's; what is added are type names, type aliases and parameter
//! types.

use super::javascript::{
    JS_EXPRESSIONS, JS_FILE_REFERENCES, JS_IDENTIFIERS, JS_LAYOUT, JS_SCOPING, JS_SIGNATURES,
    JS_VERBATIM,
};
use super::{Constness, Language, Layout, TypeAlias, Variable, joined};

/// The TypeScript table entry.
pub static TYPESCRIPT: Language = Language {
    file_references: JS_FILE_REFERENCES,
    aliases: &["ts"],
    extensions: &["ts", "mts", "cts"],
    identifier_kinds: &joined::<{ JS_IDENTIFIERS.len() + 1 }>(JS_IDENTIFIERS, &["type_identifier"]),
    definer_fields: &["name", "pattern"],
    // The members of an interface or an object type end in `;` tokens of
    // the body, after them: a deleted member takes its own along instead
    // of leaving a stray `;`.
    separators: &[",", ";"],
    // JavaScript's, without JSX.
    verbatim_kinds: JS_VERBATIM,
    // A class body's members are not in a field here.
    layout: Layout {
        blocks: &[
            "statement_block",
            "class_body",
            "interface_body",
            "enum_body",
            "switch_body",
            "switch_case.body",
            "switch_default.body",
        ],
        ..JS_LAYOUT
    },
    signatures: JS_SIGNATURES,
    callee_fields: &["property"],
    expression_statements: &[("expression_statement", ";")],
    // `type A = B;`
    type_aliases: &[TypeAlias {
        kind: "type_alias_declaration",
        name: "name",
        aliased: "value",
        allowed: &[],
        value_uses: &[],
    }],
    scoping: JS_SCOPING,
    // `const x: T = 3;` (a constant); `let x = f();`, `var x = f();`.
    variables: &[Variable {
        kind: "variable_declarator",
        name: "name",
        value: "value",
        other_fields: &["type"],
        modifiers: &[],
        constness: Constness::Marked("const"),
    }],
    expressions: JS_EXPRESSIONS,
    ..Language::entry(
        "typescript",
        tree_sitter_typescript::LANGUAGE_TYPESCRIPT,
        tree_sitter_typescript::TYPESCRIPT_NODE_TYPES,
        include_str!("../../grammars/typescript.json"),
    )
};
